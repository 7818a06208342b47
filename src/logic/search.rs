//! A depth-first search over the logic layer's state, with chosen techniques at every node:
//! what `solve --node-reduce` runs to measure how many search nodes a technique saves. Each
//! node is reduced to a fixed point by the singles and the techniques given, then the open cell
//! with the fewest candidates is branched on, digit by digit. Much slower than the solver's
//! engine (a node runs the logic layer's finders), but the tree is the techniques' own: with
//! singles alone it is the baseline the same search gives.

use super::engine::{self, End};
use super::{Config, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;
use crate::solver::{Count, Exceeded, SolveOptions};
use std::time::Instant;

/// Count the solutions of `s` up to `opts.limit` (taking 0 as 1), running the singles
/// ([`Technique::SINGLES`]: without them a placement would not even fill the cells it forces)
/// and `techniques` at every node. `opts.max_nodes` bounds the nodes (each digit tried at a
/// branching cell) and `opts.timeout` the whole search; a limit that runs out stops it with
/// the solutions found so far. `cfg` bounds the techniques; its [`Config::unique`] is turned
/// off (the uniqueness techniques would change the count) and its deadline is the timeout's.
pub fn count<B: Basis>(
    s: State<B>,
    techniques: &[Technique],
    opts: &SolveOptions,
    cfg: &Config,
) -> Count {
    let start = Instant::now();
    let cfg = Config {
        deadline: opts.timeout.and_then(|t| start.checked_add(t)),
        unique: false,
        ..*cfg
    };
    let mut list: Vec<Technique> = Technique::SINGLES
        .iter()
        .chain(techniques)
        .copied()
        .collect();
    list.sort_by_key(|t| t.order());
    list.dedup();
    let limit = opts.limit.max(1);
    let mut out = Count::default();
    // Nodes still to visit, the next one last: the root, then states with one more placement
    // (false when that placement broke the grid at once: a node tried all the same).
    let mut todo = vec![(s, true)];
    let mut root = true;
    while let Some((mut s, placed)) = todo.pop() {
        // A node is counted when it is visited, as the engine counts a digit tried.
        if !std::mem::take(&mut root) {
            if opts.max_nodes.is_some_and(|m| out.stats.nodes >= m) {
                out.stopped = Some(Exceeded::Nodes);
                break;
            }
            out.stats.nodes += 1;
            if !placed {
                continue;
            }
        }
        match engine::reduce_to_end(&mut s, &list, &cfg).1 {
            End::Contradiction => continue,
            End::Timeout => {
                out.stopped = Some(Exceeded::Time);
                break;
            }
            End::Solved => {
                out.solutions += 1;
                if out.first.is_none() {
                    out.first = Some(s.digits());
                }
                if out.solutions >= limit {
                    out.limit_reached = true;
                    break;
                }
                continue;
            }
            End::Stuck | End::StepLimit => {}
        }
        let Some(cell) = branching_cell(&s) else {
            continue;
        };
        let digits = s.get(cell);
        if digits.count() > 1 {
            out.stats.guesses += 1;
        }
        // Pushed highest digit first, so that the lowest is visited first.
        let children: Vec<_> = digits
            .iter()
            .map(|d| {
                let mut child = s.clone();
                let placed = child.place(cell, d).is_ok();
                (child, placed)
            })
            .collect();
        todo.extend(children.into_iter().rev());
    }
    out
}

/// The open cell with the fewest candidates, the first such in reading order; none when
/// every cell is placed.
fn branching_cell<B: Basis>(s: &State<B>) -> Option<usize> {
    (0..B::CELLS)
        .filter(|&c| !s.is_solved(c))
        .min_by_key(|&c| s.get(c).count())
}
