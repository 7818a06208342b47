//! Digging: givens removed one by one (or an orbit at a time) while the solution stays unique,
//! and the checks that a puzzle needs a technique.

use super::{default_max_nodes, GenOptions, Rng};
use crate::basis::Basis;
use crate::grid::Grid;
use crate::logic::{self, State, Technique};
use crate::mask::Mask;
use crate::solver::{SolveOptions, Solver, Tuning, Verdict};
use std::time::Instant;

/// What a check says of removing an orbit of givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Removal {
    /// The puzzle keeps one solution without them (or, with `--technique`, logic still
    /// solves it): they go.
    Goes,
    /// Without them it has several solutions (or logic gets stuck): they stay.
    Stays,
    /// The check ran over its budget: they stay, unsettled.
    Unsettled,
}

/// Is `digits` (which has the solution `solution`) still unique once the cells of `orbit` are
/// emptied? `digits` must already have them emptied.
pub(super) fn unique_without<B: Basis>(
    solver: &mut Solver<B>,
    digits: &[u8],
    solution: &[u8],
    orbit: &[usize],
) -> Removal {
    let mut g = Grid::<B>::from_digits(digits);
    if let [cell] = orbit {
        // Unique iff no solution puts anything else at `cell`.
        let d = solution[*cell] as usize - 1;
        g.set(*cell, B::all() & !B::Mask::bit(d));
        return match solver.count_only(&g).verdict() {
            Verdict::Unsettled(_) => Removal::Unsettled,
            Verdict::NoSolution => Removal::Goes,
            Verdict::Solved | Verdict::Several => Removal::Stays,
        };
    }
    match solver.count_only(&g).verdict() {
        Verdict::Unsettled(_) => Removal::Unsettled,
        Verdict::Solved => Removal::Goes,
        Verdict::NoSolution | Verdict::Several => Removal::Stays,
    }
}

/// Logic requirement of `--technique`: the technique lists with and without the target.
struct Need {
    without: Vec<Technique>,
    with: Vec<Technique>,
    /// Every technique from the easiest target to the hardest, in order: where `without` gets
    /// stuck, the first of them that applies must be a target.
    span: Vec<Technique>,
}

/// The techniques, in `explain`'s order, that a puzzle made to need `target` is judged with:
/// every one but the finned fish when `target` names none, as `rate` (which has none, as SE
/// has none) then judges it too: a puzzle a finned X-Wing would take before its swordfish
/// rates as the chain `rate` takes instead (6.6), not as the swordfish (3.8).
pub(super) fn judged_order(n: usize, target: &[Technique]) -> Vec<Technique> {
    let finned = |t: &Technique| matches!(t, Technique::FinnedFish(_));
    let mut order = logic::technique::default_order(n);
    if !target.iter().any(finned) {
        order.retain(|t| !finned(t));
    }
    order
}

impl Need {
    fn new(n: usize, target: &[Technique]) -> Self {
        let first = target.iter().map(|t| t.order()).min().unwrap_or(0);
        let last = target.iter().map(|t| t.order()).max().unwrap_or(0);
        let order = judged_order(n, target);
        let without: Vec<Technique> = order
            .iter()
            .copied()
            .filter(|t| t.order() < first && !target.contains(t))
            .collect();
        let mut with = without.clone();
        with.extend_from_slice(target);
        with.sort_by_key(|t| t.order());
        with.dedup();
        let span = order
            .into_iter()
            .filter(|t| (first..=last).contains(&t.order()) || target.contains(t))
            .collect();
        Need {
            without,
            with,
            span,
        }
    }
}

/// True when logic with `techniques` solves `digits` completely.
///
/// # Panics
///
/// As [`Grid::from_digits`]: when `digits` does not hold `B::CELLS` digits of 0..=N.
pub fn solved_by<B: Basis>(digits: &[u8], techniques: &[Technique]) -> bool {
    let Ok(mut s) = State::new(Grid::<B>::from_digits(digits)) else {
        return false;
    };
    let cfg = logic::Config::default();
    logic::engine::reduce(&mut s, techniques, &cfg).is_ok() && s.is_complete()
}

/// True when `digits` needs `target`: logic with every technique easier than it (but the finned
/// fish, when `target` names none, as `rate` has none) gets stuck, and with `target` added it
/// solves the puzzle. Solved so, the puzzle has one solution, so the easier techniques include
/// the uniqueness ones (unique rectangle and loop, BUG), as `explain` and `rate` use them on
/// such a puzzle. With several targets (a list, or a family such as every hidden tuple), where
/// the easier techniques get stuck the easiest one that applies is a target, as `explain`
/// would take it: not a technique ranked between two targets (a naked triple between the
/// hidden pair and the hidden triple).
///
/// # Panics
///
/// As [`Grid::from_digits`]: when `digits` does not hold `B::CELLS` digits of 0..=N.
pub fn needs<B: Basis>(digits: &[u8], target: &[Technique]) -> bool {
    let need = Need::new(B::N, target);
    let Ok(start) = State::new(Grid::<B>::from_digits(digits)) else {
        return false;
    };
    let mut s = start.clone();
    let cfg = logic::Config::default();
    if logic::engine::reduce(&mut s, &need.with, &cfg).is_err() || !s.is_complete() {
        return false;
    }
    let mut s = start;
    let unique = logic::Config {
        unique: true,
        ..cfg
    };
    if logic::engine::reduce(&mut s, &need.without, &unique).is_err() || s.is_complete() {
        return false;
    }
    logic::engine::next_step(&s, &need.span, &unique).is_some_and(|d| target.contains(&d.technique))
}

/// A puzzle dug out of a full grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dug {
    /// Its digits, 0 where a given was dug out.
    pub puzzle: Vec<u8>,
    /// Some check ran over `max_nodes` and kept its given (not with `minimal`, which checks
    /// those again without a budget): a larger budget might have dug further.
    pub over_budget: bool,
    /// The deadline of [`dig_until`] passed before digging ended: the puzzle still has one
    /// solution, but givens that could go may remain.
    pub cut: bool,
}

/// Dig givens out of the full grid `solution` in random order.
///
/// # Panics
///
/// When `solution` is not a full grid of basis `B` (its N² digits, each 1..=N; check with
/// [`crate::grid::is_valid_solution`]): what is dug out of a grid that is no solution means
/// nothing.
pub fn dig<B: Basis>(solution: &[u8], opts: &GenOptions, rng: &mut Rng) -> Dug {
    dig_until::<B>(solution, opts, rng, None)
}

/// [`dig`], stopping where it is once `deadline` has passed (read between batches of checks,
/// so one check, a logic solve with `technique`, can run past it): at 49×49 a dig takes about
/// 12 s, and a caller's time limit should not wait for it.
///
/// # Panics
///
/// As [`dig`].
pub fn dig_until<B: Basis>(
    solution: &[u8],
    opts: &GenOptions,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Dug {
    // A check that runs over budget keeps its given, so what matters is how fast it gets
    // there: the CDCL at once, not after 30 probing depth-first dead ends (25×25 `-n 12`:
    // 36.5 s → 8.6 s, 271.3 → 271.8 givens a puzzle; 16×16 hands over at once already).
    // From 36×36 up no probing pass before it either: on the checks that reach the CDCL it
    // was about half their time and settled next to none of them (`-k 8 -n 2 --seed 3`, one
    // thread: 57.3 s → 45.9 s, 4,672 → 4,670 givens; `-k 6`: 5.50 s → 4.97 s, 1,287 → 1,286).
    let check_tuning = Tuning {
        cdcl_after: 0,
        probe_root: false,
        ..Tuning::for_basis(B::K)
    };
    let limited = SolveOptions {
        limit: 2,
        max_nodes: Some(opts.max_nodes.unwrap_or(default_max_nodes(B::K))),
        ..SolveOptions::default()
    };
    assert!(
        crate::grid::is_valid_solution(B::K, solution),
        "dig: not a full grid of basis {}",
        B::K
    );
    let need = opts.technique.as_ref().map(|t| Need::new(B::N, t));
    // The techniques the puzzle stays solvable with while digging: `technique`'s, or those
    // rated within `rating` (below its top, a puzzle dug by counting would nearly always need
    // more); else uniqueness is checked by counting.
    let logic = match (&need, opts.rating) {
        (Some(need), _) => Some(need.with.clone()),
        (None, Some(r)) if !opts.minimal => r.dig_list(B::N),
        _ => None,
    };
    let mut orbits = opts.symmetry.orbits(B::N);
    rng.shuffle(&mut orbits);
    let orbits: Vec<&Vec<usize>> = orbits.iter().collect();
    let mut digits = solution.to_vec();
    // Solvable by sound logic implies unique, as the full grid is a solution.
    let check = |solver: &mut Solver<B>, digits: &[u8], orbit: &[usize]| match &logic {
        Some(with) if solved_by::<B>(digits, with) => Removal::Goes,
        Some(_) => Removal::Stays,
        None => unique_without(solver, digits, solution, orbit),
    };
    let budgeted = || Solver::<B>::with_tuning(limited, check_tuning);
    // Logic that gets stuck might not once a given goes: only a count's "stays" is kept.
    let keeps = logic.is_none();
    // Below 36×36 about half these checks say "goes", so a batch's later verdicts are mostly
    // checked again, and the checks are quick: in parallel, `-k 3 -n 2000`, `-k 4 -n 200` and
    // `-k 5 -n 8` on two threads took 2.4×, 1.25× and 1.5× the CPU.
    let parallel = B::K >= 6;
    let cut = |digits: Vec<u8>| Dug {
        puzzle: digits,
        over_budget: false,
        cut: true,
    };
    let pass = Pass {
        givens: opts.givens,
        keeps,
        parallel,
        deadline,
    };
    let Some(unsettled) = dig_pass(&mut digits, &orbits, budgeted, check, pass) else {
        return cut(digits);
    };
    // At the givens target a puzzle may not need the technique yet (40 givens of a 9×9 are
    // nearly always singles alone): "at most" that many, so an orbit more at a time goes
    // until it does, or until none can.
    if let (Some(target), Some(_)) = (&opts.technique, opts.givens) {
        let mut left = digits.iter().filter(|&&d| d != 0).count();
        while left > 0 && !needs::<B>(&digits, target) {
            // The orbits still given (a pass counts an emptied one as going again).
            let given: Vec<&Vec<usize>> = orbits
                .iter()
                .copied()
                .filter(|o| o.iter().all(|&c| digits[c] != 0))
                .collect();
            // No orbit is left unsettled: logic checks say yes or no.
            let pass = Pass {
                givens: Some(left - 1),
                ..pass
            };
            if dig_pass(&mut digits, &given, budgeted, check, pass).is_none() {
                return cut(digits);
            }
            let now = digits.iter().filter(|&&d| d != 0).count();
            if now == left {
                break;
            }
            left = now;
        }
    }
    if opts.minimal && !unsettled.is_empty() {
        let exact = || {
            Solver::<B>::new(SolveOptions {
                limit: 2,
                ..SolveOptions::default()
            })
        };
        let check = |solver: &mut Solver<B>, digits: &[u8], orbit: &[usize]| {
            unique_without(solver, digits, solution, orbit)
        };
        // No givens target: `--minimal` refuses one (`GenOptions::check`).
        let pass = Pass {
            givens: None,
            keeps: true,
            parallel: true,
            deadline,
        };
        if dig_pass(&mut digits, &unsettled, exact, check, pass).is_none() {
            return cut(digits);
        }
    }
    Dug {
        puzzle: digits,
        over_budget: !opts.minimal && !unsettled.is_empty(),
        cut: false,
    }
}

/// How one [`dig_pass`] runs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pass {
    /// Stop once at most this many givens are left.
    pub givens: Option<usize>,
    /// A check's "stays" holds for the rest of the pass (true of counts, not of logic).
    pub keeps: bool,
    /// Check in parallel batches (below).
    pub parallel: bool,
    /// Stop, unfinished, once this has passed (read before each batch of checks).
    pub deadline: Option<Instant>,
}

/// Empty the cells of each orbit of `orbits` in turn, keeping them emptied when `check` finds
/// the puzzle still unique and refilling them otherwise, until at most `pass.givens` givens are
/// left. Returns the orbits whose (budgeted) check did not settle them, in order, or `None`
/// when `pass.deadline` came first.
///
/// When `pass.parallel`, on a rayon pool the caller chose (the CLI's has room on its stacks
/// for the largest grids), the checks run in parallel batches, each thread with a solver of
/// its own from `solver`; elsewhere on the caller's thread, one at a time. A batch runs on one
/// puzzle, and its verdicts are taken in order up to the first orbit that goes. The checks
/// after it are done again on the new puzzle, except, when `pass.keeps`, those that found a
/// second solution: removing givens only adds solutions, so a given needed now is needed once
/// fewer are left. The puzzle is the one a single thread digs, whatever the number of threads.
/// So are the orbits returned, less any whose given a check found needed on a puzzle earlier
/// in the pass (they would be found needed again).
pub(super) fn dig_pass<'o, B: Basis>(
    digits: &mut [u8],
    orbits: &[&'o Vec<usize>],
    solver: impl Fn() -> Solver<B> + Sync,
    check: impl Fn(&mut Solver<B>, &[u8], &[usize]) -> Removal + Sync,
    pass: Pass,
) -> Option<Vec<&'o Vec<usize>>> {
    let Pass {
        givens,
        keeps,
        parallel,
        deadline,
    } = pass;
    use rayon::prelude::*;
    let pooled = parallel && rayon::current_thread_index().is_some();
    // Several checks a thread, so that one long check does not hold the batch's other threads
    // idle (checks vary from milliseconds to seconds).
    let width = if pooled {
        4 * rayon::current_num_threads()
    } else {
        1
    };
    let mut left = digits.iter().filter(|&&d| d != 0).count();
    let mut unsettled = Vec::new();
    // Orbits done with: kept, or handed back unsettled.
    let mut settled = vec![false; orbits.len()];
    let mut next = 0;
    let mut alone = None;
    while next < orbits.len() {
        if givens.is_some_and(|g| left <= g) {
            // At the target before a batch of checks is spent on a puzzle already done.
            return Some(unsettled);
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let batch: Vec<usize> = (next..orbits.len())
            .filter(|&j| !settled[j])
            .take(width)
            .collect();
        let Some(&last) = batch.last() else {
            break;
        };
        let puzzle: &[u8] = digits;
        let without = |j: usize| {
            let mut d = puzzle.to_vec();
            for &c in orbits[j] {
                d[c] = 0;
            }
            d
        };
        let verdicts: Vec<Removal> = if pooled {
            batch
                .par_iter()
                .map_init(&solver, |s, &j| check(s, &without(j), orbits[j]))
                .collect()
        } else {
            let s = alone.get_or_insert_with(&solver);
            batch
                .iter()
                .map(|&j| check(s, &without(j), orbits[j]))
                .collect()
        };
        let mut goes = None;
        for (&j, &v) in batch.iter().zip(&verdicts) {
            if goes.is_some() {
                settled[j] |= keeps && v == Removal::Stays;
            } else if v == Removal::Goes {
                goes = Some(j);
            } else {
                settled[j] = true;
                if v == Removal::Unsettled {
                    unsettled.push(orbits[j]);
                }
            }
        }
        next = match goes {
            Some(j) => {
                for &c in orbits[j] {
                    digits[c] = 0;
                }
                left -= orbits[j].len();
                j + 1
            }
            None => last + 1,
        };
    }
    Some(unsettled)
}
