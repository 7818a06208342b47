//! When a search gives up: a node budget and a wall-clock deadline.
//!
//! The node budget is exact and deterministic; the deadline is not (it depends on the machine),
//! so it is read only every [`CLOCK_EVERY`] nodes to keep the clock off the hot path (every
//! node from 36×36 up, where a node can take tens of milliseconds: see [`Budget::by_node`]).

use std::time::{Duration, Instant};

/// Nodes between two looks at the clock: at most a few milliseconds at 25×25 with probing
/// (about 0.3 ms a node), and a fraction of a percent of the node cost at 9×9.
const CLOCK_EVERY: u64 = 16;

/// The limits of one search, fixed when it starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    max_nodes: u64,
    deadline: Option<Instant>,
    /// Nodes between two looks at the clock.
    clock_every: u64,
}

/// Which limit a search ran into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Exceeded {
    /// The node budget (`SolveOptions::max_nodes`).
    Nodes,
    /// The deadline (`SolveOptions::timeout`).
    Time,
}

impl std::fmt::Display for Exceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Exceeded::Nodes => "node budget",
            Exceeded::Time => "timeout",
        })
    }
}

impl Budget {
    /// Start the clock now.
    pub(crate) fn start(max_nodes: Option<u64>, timeout: Option<Duration>) -> Self {
        Budget {
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            // A timeout too large to add is no timeout.
            deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
            clock_every: CLOCK_EVERY,
        }
    }

    /// The same limits with the clock read at every node: for grids whose nodes are slow
    /// (an empty 100×100 took 3 s on `--timeout 1s` when read every 16 nodes of 65 ms).
    pub(crate) fn by_node(self) -> Self {
        Budget {
            clock_every: 1,
            ..self
        }
    }

    /// The same deadline with `spent` nodes already used (restarts share one budget).
    pub(crate) fn less(self, spent: u64) -> Self {
        Budget {
            max_nodes: self.max_nodes.saturating_sub(spent),
            ..self
        }
    }

    /// The same deadline with at most `nodes` nodes.
    pub(crate) fn capped(self, nodes: u64) -> Self {
        Budget {
            max_nodes: self.max_nodes.min(nodes),
            ..self
        }
    }

    /// The node budget (`u64::MAX` when unbounded).
    pub(crate) fn max_nodes(&self) -> u64 {
        self.max_nodes
    }

    /// The deadline, for long steps that look at it themselves (a probing pass).
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the deadline has passed (read now: for long steps between nodes, such as
    /// building the CDCL's clauses of a large grid).
    pub(crate) fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether a search that has taken `nodes` nodes must stop.
    #[inline(always)]
    pub(crate) fn exceeded(&self, nodes: u64) -> Option<Exceeded> {
        if nodes > self.max_nodes {
            return Some(Exceeded::Nodes);
        }
        match self.deadline {
            Some(d) if nodes % self.clock_every == 0 && Instant::now() >= d => Some(Exceeded::Time),
            _ => None,
        }
    }
}

impl super::Count {
    /// Record that the search stopped on `why`.
    pub(crate) fn give_up(&mut self, why: Exceeded) {
        self.stopped = Some(why);
    }

    /// Record that the search stopped on `why` at the node it had just counted (a guess when
    /// `guess`): that node is taken back, so `nodes` counts the nodes searched (at most the
    /// budget), as the CLI's message, its `--json` and its `--stats` say.
    pub(crate) fn refuse(&mut self, why: Exceeded, guess: bool) {
        self.stats.nodes -= 1;
        self.stats.guesses -= u64::from(guess);
        self.stopped = Some(why);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_and_deadline() {
        let b = Budget::start(Some(10), None);
        assert_eq!(b.exceeded(10), None);
        assert_eq!(b.exceeded(11), Some(Exceeded::Nodes));
        assert_eq!(b.less(5).exceeded(6), Some(Exceeded::Nodes));
        let t = Budget::start(None, Some(Duration::ZERO));
        assert_eq!(t.exceeded(CLOCK_EVERY), Some(Exceeded::Time));
        assert_eq!(
            t.exceeded(CLOCK_EVERY + 1),
            None,
            "the clock is read every few nodes"
        );
        assert_eq!(t.by_node().exceeded(CLOCK_EVERY + 1), Some(Exceeded::Time));
        let huge = Budget::start(None, Some(Duration::MAX));
        assert_eq!(huge.exceeded(CLOCK_EVERY), None);
        assert!(t.out_of_time() && !huge.out_of_time() && !b.out_of_time());
    }
}
