//! Solving a parsed [`Puzzle`] of any basis: the runtime entry points over the generic solver.
//!
//! # Panics
//!
//! Every function here takes a puzzle as [`crate::input`] or [`Puzzle::from_digits`] build it.
//! One built by hand with a basis outside [`crate::basis::SUPPORTED`], or with a mask count that
//! is not N², panics.

use crate::grid::Grid;
use crate::input::Puzzle;
use crate::solver::{Count, SolveOptions, Solver};
use crate::with_basis;

/// Count the solutions of `p` up to `opts.limit`, dispatching on its basis.
pub fn count(p: &Puzzle, opts: &SolveOptions) -> Count {
    with_basis!(p.k, B => count_in::<B>(p, opts, true))
}

/// Count the solutions of `p` up to `opts.limit` without keeping any (`first` is `None`): a
/// uniqueness check, a little faster than [`count`].
pub fn count_only(p: &Puzzle, opts: &SolveOptions) -> Count {
    with_basis!(p.k, B => count_in::<B>(p, opts, false))
}

/// One basis's count (keeping the first solution or not) in a frame of its own: inlined into
/// the dispatch, every arm's grid would share one frame sized for the largest basis (160 KB at
/// 100×100), and the stack probe over it cost more than a 9×9 solve.
#[inline(never)]
fn count_in<B: crate::basis::Basis>(p: &Puzzle, opts: &SolveOptions, keep: bool) -> Count {
    let mut solver = Solver::<B>::new(*opts);
    let g = Grid::<B>::from_masks(&p.masks);
    if keep {
        solver.count(&g)
    } else {
        solver.count_only(&g)
    }
}

/// The one solution of `p`, or `None` when it has none or several (or the budget ran out).
pub fn unique_solution(p: &Puzzle) -> Option<Vec<u8>> {
    let c = count(p, &SolveOptions::default());
    c.is_unique().then_some(c.first?)
}

/// Reduce `p` by the logic `techniques` to a fixed point, then count its solutions by search
/// (`opts.timeout` covers both).
/// Returns the count (search effort after the reduction) and the number of deductions applied.
/// The techniques are sound for every solution, so counts match [`count`]; a contradiction
/// found by logic means no solution.
pub fn count_with_reduce(
    p: &Puzzle,
    opts: &SolveOptions,
    techniques: &[crate::logic::Technique],
) -> (Count, usize) {
    with_basis!(p.k, B => reduce_then_count::<B>(p, opts, techniques))
}

fn reduce_then_count<B: crate::basis::Basis>(
    p: &Puzzle,
    opts: &SolveOptions,
    techniques: &[crate::logic::Technique],
) -> (Count, usize) {
    use crate::logic::{engine, Config, State};
    let none = Count::default();
    let Ok(mut s) = State::<B>::new(Grid::<B>::from_masks(&p.masks)) else {
        return (none, 0);
    };
    let start = std::time::Instant::now();
    let cfg = Config {
        deadline: opts.timeout.and_then(|t| start.checked_add(t)),
        ..Config::default()
    };
    match engine::reduce(&mut s, techniques, &cfg) {
        Ok(applied) => {
            // The timeout covers the reduction too: the search gets what is left.
            let opts = SolveOptions {
                timeout: opts.timeout.map(|t| t.saturating_sub(start.elapsed())),
                ..*opts
            };
            (Solver::<B>::new(opts).count(s.grid()), applied.len())
        }
        Err(_) => (none, 0),
    }
}
