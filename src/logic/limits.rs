//! Which bounds of [`Config`] cut a finder short.
//!
//! Finders never fail: a bound that is hit only means some deductions were not looked for,
//! never that a wrong one was made. So that a user learns why a puzzle ended "stuck", finders
//! note each hit here, per thread (a puzzle is explained on one thread), and the caller takes
//! the tally with [`take`] ([`super::engine::solve_path`] does, into its [`Path`], and
//! [`crate::rating::rate_state`] into its rating).
//!
//! [`Path`]: super::engine::Path

use super::Config;
use crate::output::plural;
use std::cell::Cell;

/// How many times each bound was hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Hits {
    /// POM digits not listed: more templates than [`Config::pom_budget`], too many to count,
    /// or more than [`Config::pom_memory`] bytes of them.
    pub pom_digits: u64,
    /// Subset enumerations (tuples, fish, almost locked sets and their pairs, Death Blossom's
    /// petals, Sue de Coq's sides) cut after [`Config::subset_budget`] subsets or pairs.
    pub subset_searches: u64,
    /// Chain tables not built for having more tags than [`Config::chain_tags`].
    pub chain_tables: u64,
    /// Forcing chain searches cut after [`Config::forcing_budget`].
    pub forcing_searches: u64,
}

thread_local! {
    static HITS: Cell<Hits> = Cell::new(Hits::default());
}

/// Record a hit on this thread.
pub(crate) fn note(f: impl FnOnce(&mut Hits)) {
    HITS.with(|h| {
        let mut v = h.get();
        f(&mut v);
        h.set(v);
    });
}

/// Record a forcing chain search cut short, unless the deadline cut it: that is told as the
/// timeout, not as a hit of the work bound.
pub(crate) fn forcing_cut(cfg: &super::Config) {
    if !cfg.past_deadline() {
        note(|h| h.forcing_searches += 1);
    }
}

/// The subset enumerations cut on this thread since the last [`take`].
pub(crate) fn subset_cuts() -> u64 {
    HITS.with(|h| h.get().subset_searches)
}

/// The hits noted on this thread since the last call, which clears them.
pub fn take() -> Hits {
    HITS.with(|h| h.take())
}

impl Hits {
    /// True when no bound was hit.
    pub fn is_empty(&self) -> bool {
        *self == Hits::default()
    }

    /// The note for `place` (`line 3`, `file:3`) when a bound was hit: `None` when none was.
    /// It says what the hit means, since it comes on solved puzzles too: no step found is in
    /// doubt, but a search cut short may have missed one (a shorter path, a lower rating).
    pub fn note(&self, place: &str, cfg: &Config) -> Option<String> {
        (!self.is_empty()).then(|| {
            format!(
                "{place}: bounds hit: {}; every step found stands, a larger budget may find more",
                self.describe(cfg)
            )
        })
    }

    /// One line for people, naming each bound hit, its value and the count; empty when none.
    pub fn describe(&self, cfg: &Config) -> String {
        let mut parts = Vec::new();
        if self.pom_digits > 0 {
            parts.push(format!(
                "POM skipped a digit {} (over {}, too many to count, or over {} MB of \
                 listed templates)",
                times(self.pom_digits),
                plural(cfg.pom_budget as usize, "template"),
                cfg.pom_memory >> 20
            ));
        }
        if self.subset_searches > 0 {
            parts.push(format!(
                "tuple/fish/ALS/Sue de Coq subset search cut {} (over {} in one house, one \
                 digit of a fish, ALS pairs, a grid's Death Blossom petals, or a grid's Sue \
                 de Coq sides)",
                times(self.subset_searches),
                plural(cfg.subset_budget as usize, "subset")
            ));
        }
        if self.chain_tables > 0 {
            parts.push(format!(
                "chain table skipped {} (over {})",
                times(self.chain_tables),
                plural(cfg.chain_tags, "tag")
            ));
        }
        if self.forcing_searches > 0 {
            parts.push(format!(
                "forcing chain search cut {} (over {} of work)",
                times(self.forcing_searches),
                plural(cfg.forcing_budget as usize, "unit")
            ));
        }
        parts.join("; ")
    }
}

/// `once`, or `N times`.
fn times(n: u64) -> String {
    if n == 1 {
        "once".into()
    } else {
        format!("{n} times")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_are_per_thread_and_taken_once() {
        take();
        note(|h| h.pom_digits += 2);
        std::thread::spawn(|| note(|h| h.chain_tables += 1))
            .join()
            .unwrap();
        let h = take();
        assert_eq!((h.pom_digits, h.chain_tables), (2, 0));
        assert!(take().is_empty());
        assert!(h
            .describe(&Config::default())
            .contains("POM skipped a digit 2 times"));
    }
}
