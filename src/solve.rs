//! Solving a parsed [`Puzzle`] of any basis: the runtime entry points over the generic solver.

use crate::grid::Grid;
use crate::input::Puzzle;
use crate::solver::{Count, SolveOptions, Solver};
use crate::with_basis;

/// Count the solutions of `p` up to `opts.limit`, dispatching on its basis.
pub fn count(p: &Puzzle, opts: &SolveOptions) -> Count {
    with_basis!(p.k, B => Solver::<B>::new(*opts).count(&Grid::<B>::from_masks(&p.masks)))
}

/// The one solution of `p`, or `None` when it has none or several (or the budget ran out).
pub fn unique_solution(p: &Puzzle) -> Option<Vec<u8>> {
    let c = count(p, &SolveOptions::default());
    (c.solutions == 1 && !c.limit_reached && !c.budget_exceeded).then_some(c.first?)
}
