//! Coloring by a ternary edge algebra: simple coloring, multi-coloring, x-cycles, y-cycles
//! (with box hinges) and y-knots, all from one machinery.
//!
//! Each digit induces a graph on the cells where it is still possible (`graph`); edges have
//! a type 0..3 and three consecutive edges collapse by a ternary product ([`algebra`]). The
//! search (`cycles`) finds odd cycles through each cell, collapses them to a tri-cycle and
//! lets the tri-cycle decide the cell. Y-knots (`knot`) are y-edge constructions that end in a
//! contradiction. Every search is bounded by [`Config::chain_length`](crate::logic::Config):
//! cycles by their number of edges, y-edges and knots by their number of bivalue cells.

pub mod algebra;
pub(crate) mod cycles;
pub(crate) mod graph;
pub(crate) mod knot;

use super::{Config, Flow, Sink, State, Technique};
use crate::basis::Basis;

/// Report every instance of a coloring technique (`SimpleColoring`, `MultiColoring`, `XCycle`,
/// `YCycle`, `YKnot`). Each reports only the cycles of its own class, told by the edges they
/// use, so no two report the same cycle. Past `cfg`'s deadline the search stops where it is
/// (between digits, apexes and forcings).
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    match t {
        Technique::YKnot => knot::find(s, cfg, sink),
        _ => cycles::find(s, t, cfg, sink),
    }
}
