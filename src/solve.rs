//! Solving a parsed [`Puzzle`] of any basis: the runtime entry points over the generic solver.
//!
//! # Panics
//!
//! Every function here takes a puzzle as [`crate::input`] or [`Puzzle::from_digits`] build it.
//! One built by hand with a basis outside [`crate::basis::SUPPORTED`], or with a mask count that
//! is not N², panics. [`count_with_reduce`] runs the logic layer first, and
//! [`count_with_node_reduce`] searches with it, which is built for the
//! bases of [`crate::basis::LOGIC`] (up to 100×100) only: beyond them it panics too, so check
//! [`LOGIC`](crate::basis::LOGIC) first.

use crate::basis::Basis;
use crate::grid::Grid;
use crate::input::Puzzle;
use crate::logic::engine;
use crate::logic::{search, Config, State, Technique};
use crate::solver::{Contradiction, Count, Exceeded, SolveOptions, Solver, Verdict};
use crate::{with_basis, with_solver_basis};
use std::time::{Duration, Instant};

/// Count the solutions of `p` up to `opts.limit`, dispatching on its basis.
pub fn count(p: &Puzzle, opts: &SolveOptions) -> Count {
    with_solver_basis!(p.k, B => count_in::<B>(p, opts, true))
}

/// Count the solutions of `p` up to `opts.limit` without keeping any (`first` is `None`): a
/// uniqueness check, a little faster than [`count`].
pub fn count_only(p: &Puzzle, opts: &SolveOptions) -> Count {
    with_solver_basis!(p.k, B => count_in::<B>(p, opts, false))
}

/// One basis's count (keeping the first solution or not) in a frame of its own: inlined into
/// the dispatch, every arm's grid would share one frame sized for the largest basis (1.6 MB at
/// 225×225), and the stack probe over it cost more than a 9×9 solve.
#[inline(never)]
fn count_in<B: Basis>(p: &Puzzle, opts: &SolveOptions, keep: bool) -> Count {
    with_room::<B, _>(|| {
        let mut solver = Solver::<B>::new(*opts);
        let g = Grid::<B>::from_masks(&p.masks);
        if keep {
            solver.count(&g)
        } else {
            solver.count_only(&g)
        }
    })
}

/// The stack a search of every basis fits in: 256 MB of address space, of which only the
/// pages touched cost memory. A default thread has 2 MB; a search keeps grids in its frames
/// (160 KB each at 100×100), and from 81×81 up they take more than 1 MB, a logic path more
/// than 2 MB at 100×100. So the counts of this module, [`crate::solver::count`],
/// [`dlx::count`](crate::solver::dlx::count),
/// [`generate::is_minimal`](crate::generate::is_minimal),
/// [`logic::explain`](crate::logic::explain()), [`rating::rate`](crate::rating::rate) and the
/// paths of [`crate::render`] run from 81×81 up (36×36 in an unoptimized build) on a thread
/// of their own with this stack: they work from any thread (rayon's, tokio's, a test's) with
/// room to spare.
pub const STACK_SIZE: usize = 256 << 20;

/// Run `f` here up to 64×64, and on a thread of its own with a [`STACK_SIZE`] stack from
/// 81×81 up (starting it costs microseconds next to the milliseconds a count takes there):
/// for a [`Solver`] or a logic [`State`] used directly on such grids. Unoptimized builds,
/// whose frames are far larger (a 100×100 search overflowed a 2 MB thread), take the thread
/// from 36×36 up.
pub fn with_room<B: Basis, R: Send>(f: impl FnOnce() -> R + Send) -> R {
    let here = if cfg!(debug_assertions) { 5 } else { 8 };
    if B::K <= here {
        return f();
    }
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(s, f)
            .expect("cannot start a thread for a grid from 81×81 up");
        worker
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// Most search nodes (conflicts, once the CDCL has taken over) [`proved_unique`] spends: the
/// 9×9 and 16×16 sets at hand settle in a few thousand at most, the generated 25×25 sets in
/// about 10,000 on average; most of Frisch's 25×25 lines need more (docs/engine.md).
pub const UNIQUE_NODES: u64 = 50_000;

/// True when counting `p` within [`UNIQUE_NODES`] nodes finds exactly one solution: what the
/// uniqueness techniques need ([`Config::unique`]). A node budget, so that the answer is the
/// same on every machine. With a `deadline` (a `--timeout`) the count takes at most half the
/// time left, leaving the rest to the techniques; stopped, it proves nothing.
pub fn proved_unique(p: &Puzzle, deadline: Option<Instant>) -> bool {
    uniqueness(p, deadline) == Verdict::Solved
}

/// The count behind [`proved_unique`]: [`Verdict::Solved`] proves one solution, and the others
/// say why not (none, several, or the node budget or the deadline ran out first).
pub fn uniqueness(p: &Puzzle, deadline: Option<Instant>) -> Verdict {
    let left = deadline.map(|d| d.saturating_duration_since(Instant::now()) / 2);
    if left.is_some_and(|t| t.is_zero()) {
        return Verdict::Unsettled(Exceeded::Time);
    }
    let opts = SolveOptions {
        max_nodes: Some(UNIQUE_NODES),
        timeout: left,
        ..SolveOptions::default()
    };
    count_only(p, &opts).verdict()
}

/// The one solution of `p`, or `None` when it has none or several (the search has no budget).
pub fn unique_solution(p: &Puzzle) -> Option<Vec<u8>> {
    let c = count(p, &SolveOptions::default());
    c.is_unique().then_some(c.first?)
}

/// [`reduce_then_count`] on `p` with a solver of its own, dispatching on its basis (one of
/// [`LOGIC`](crate::basis::LOGIC): the logic layer is not built beyond 100×100). The
/// uniqueness techniques among `techniques` do not run: they would change the count.
///
/// # Panics
///
/// On a basis beyond `LOGIC` ([`crate::logic::logic_basis`] tells first).
pub fn count_with_reduce(
    p: &Puzzle,
    opts: &SolveOptions,
    techniques: &[Technique],
) -> (Count, usize) {
    with_basis!(p.k, B => count_with_reduce_in::<B>(p, opts, techniques))
}

/// One basis's [`count_with_reduce`] in a frame of its own, as [`count_in`].
#[inline(never)]
fn count_with_reduce_in<B: Basis>(
    p: &Puzzle,
    opts: &SolveOptions,
    techniques: &[Technique],
) -> (Count, usize) {
    with_room::<B, _>(|| {
        let mut solver = Solver::<B>::new(*opts);
        reduce_then_count(&mut solver, &Grid::<B>::from_masks(&p.masks), techniques)
    })
}

/// Reduce `g` by the logic `techniques` to a fixed point, then count its solutions with
/// `solver`, whose timeout covers both. Returns the count (search effort after the reduction)
/// and the number of deductions applied. The techniques are sound for every solution (the
/// uniqueness ones, which are not, do not run: [`Config::unique`] is off), so counts match
/// [`Solver::count`]'s; a contradiction found by logic means no solution.
pub fn reduce_then_count<B: Basis>(
    solver: &mut Solver<B>,
    g: &Grid<B>,
    techniques: &[Technique],
) -> (Count, usize) {
    let none = Count::default();
    let Ok(mut s) = State::new(*g) else {
        return (none, 0);
    };
    let timeout = solver.timeout();
    let Ok((applied, left)) = reduce_within(&mut s, techniques, timeout) else {
        return (none, 0);
    };
    solver.set_timeout(left);
    let c = solver.count(s.grid());
    solver.set_timeout(timeout);
    (c, applied)
}

/// Reduce `s` by `techniques` to a fixed point within `timeout` (past it, it stops where it
/// is): the deductions applied and what is left of the timeout for the search after it, or
/// the contradiction the reduction found (no solution).
fn reduce_within<B: Basis>(
    s: &mut State<B>,
    techniques: &[Technique],
    timeout: Option<Duration>,
) -> Result<(usize, Option<Duration>), Contradiction> {
    let start = Instant::now();
    let cfg = Config {
        deadline: timeout.and_then(|t| start.checked_add(t)),
        ..Config::default()
    };
    let applied = engine::reduce(s, techniques, &cfg)?;
    Ok((
        applied.len(),
        timeout.map(|t| t.saturating_sub(start.elapsed())),
    ))
}

/// Reduce `p` by `before` to a fixed point, then count its solutions by the logic layer's
/// depth-first search ([`search::count`]), `at_nodes` and the singles running at every node:
/// a measure of the nodes techniques save, not a fast solver. `opts.timeout` covers both,
/// `opts.max_nodes` bounds the search's nodes. One of [`LOGIC`](crate::basis::LOGIC)'s bases
/// only; the uniqueness techniques do not run, so the count is exact.
///
/// # Panics
///
/// On a basis beyond `LOGIC` ([`crate::logic::logic_basis`] tells first).
pub fn count_with_node_reduce(
    p: &Puzzle,
    opts: &SolveOptions,
    before: &[Technique],
    at_nodes: &[Technique],
) -> Count {
    with_basis!(p.k, B => count_with_node_reduce_in::<B>(p, opts, before, at_nodes))
}

/// One basis's [`count_with_node_reduce`] in a frame of its own, as [`count_in`].
#[inline(never)]
fn count_with_node_reduce_in<B: Basis>(
    p: &Puzzle,
    opts: &SolveOptions,
    before: &[Technique],
    at_nodes: &[Technique],
) -> Count {
    with_room::<B, _>(|| {
        let Ok(mut s) = State::<B>::of_puzzle(p) else {
            return Count::default();
        };
        let Ok((_, timeout)) = reduce_within(&mut s, before, opts.timeout) else {
            return Count::default();
        };
        // A reduction that ran out of time leaves the search none: it stops at its root.
        search::count(
            s,
            at_nodes,
            &SolveOptions { timeout, ..*opts },
            &Config::default(),
        )
    })
}
