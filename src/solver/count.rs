//! What a search answers: the solutions counted up to the limit, the first one, the effort
//! spent, and the contradiction that propagation reports.

use super::Exceeded;

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SearchStats {
    /// Branches taken (each digit tried at a branching cell, last alternatives included),
    /// plus the conflicts of the CDCL when it took over.
    pub nodes: u64,
    /// Branching decisions with more than one alternative left, plus the decisions of the
    /// CDCL when it took over.
    pub guesses: u64,
}

impl std::ops::AddAssign for SearchStats {
    fn add_assign(&mut self, o: Self) {
        self.nodes += o.nodes;
        self.guesses += o.guesses;
    }
}

/// The result of counting solutions up to a limit (in JSON as its fields are named; `stopped`
/// `"nodes"` or `"time"`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    /// Solutions found (at most the limit, taking a limit of 0 as 1).
    pub solutions: usize,
    /// True when the limit was reached (there may be more).
    pub limit_reached: bool,
    /// The limit that ran out first, if one did; `solutions` is then a lower bound.
    pub stopped: Option<Exceeded>,
    /// The first solution found, as digits 1..=N.
    pub first: Option<Vec<u8>>,
    /// Search effort.
    pub stats: SearchStats,
}

/// What a count settles about a puzzle ([`Count::verdict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A limit ran out first: the node budget or the timeout. Nothing is settled, whatever
    /// was found before.
    Unsettled(Exceeded),
    /// No solution.
    NoSolution,
    /// One solution, and it is the answer: the search proved it the only one, or a limit of 1
    /// asked for the first solution only.
    Solved,
    /// More than one solution.
    Several,
}

impl Verdict {
    /// As `nsudoku solve` marks a puzzle without a solution to print: `no solution`, `multiple
    /// solutions`, `budget exceeded` (nodes or time); `solved` for one.
    pub const fn word(self) -> &'static str {
        match self {
            Verdict::Unsettled(_) => "budget exceeded",
            Verdict::NoSolution => "no solution",
            Verdict::Solved => "solved",
            Verdict::Several => "multiple solutions",
        }
    }
}

impl std::fmt::Display for Verdict {
    /// [`Verdict::word`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

impl Count {
    /// Exactly one solution, and proved so: the search ended below its limit, within budget.
    ///
    /// ```
    /// use nsudoku::solver::{Count, Exceeded};
    /// let one = Count { solutions: 1, ..Count::default() };
    /// assert!(one.is_unique());
    /// // One found, then the budget ran out: a second may lie in what was not searched.
    /// let cut = Count { stopped: Some(Exceeded::Nodes), ..one.clone() };
    /// assert!(!cut.is_unique());
    /// let at_limit = Count { limit_reached: true, ..one.clone() };
    /// assert!(!at_limit.is_unique());
    /// ```
    pub fn is_unique(&self) -> bool {
        self.solutions == 1 && self.is_exact()
    }

    /// What the count settles, in the order that every report of it takes: two solutions
    /// found settle that there are several, whatever ran out after them; else a limit that
    /// ran out settles nothing; then no solution, or one. One solution at a limit of 1
    /// (`limit_reached`, nothing searched past it) is [`Verdict::Solved`], as asked.
    ///
    /// ```
    /// use nsudoku::solver::{Count, Exceeded, Verdict};
    /// let one = Count { solutions: 1, ..Count::default() };
    /// assert_eq!(one.verdict(), Verdict::Solved);
    /// let cut = Count { stopped: Some(Exceeded::Nodes), ..one.clone() };
    /// assert_eq!(cut.verdict(), Verdict::Unsettled(Exceeded::Nodes));
    /// let two = Count { solutions: 2, limit_reached: true, ..Count::default() };
    /// assert_eq!(two.verdict(), Verdict::Several);
    /// // Counting to 10, the budget ran out after 8.
    /// let eight = Count { solutions: 8, stopped: Some(Exceeded::Nodes), ..Count::default() };
    /// assert_eq!(eight.verdict(), Verdict::Several);
    /// ```
    pub fn verdict(&self) -> Verdict {
        match (self.stopped, self.solutions) {
            (_, 2..) => Verdict::Several,
            (Some(e), _) => Verdict::Unsettled(e),
            (None, 0) => Verdict::NoSolution,
            (None, _) => Verdict::Solved,
        }
    }

    /// True when the node budget or the timeout ran out before the search finished.
    pub fn budget_exceeded(&self) -> bool {
        self.stopped.is_some()
    }

    /// True when the search finished: `solutions` is the puzzle's count, not a lower bound
    /// that the limit or a budget cut short.
    ///
    /// ```
    /// use nsudoku::solver::{Count, Exceeded};
    /// let all = Count { solutions: 794, ..Count::default() };
    /// assert!(all.is_exact());
    /// let cut = Count { solutions: 243, stopped: Some(Exceeded::Nodes), ..Count::default() };
    /// assert!(!cut.is_exact());
    /// ```
    pub fn is_exact(&self) -> bool {
        !self.limit_reached && !self.budget_exceeded()
    }
}

/// The propagation found a house or cell with no possibility left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the grid contradicts itself (a cell or a house has no possibility left)")
    }
}

impl std::error::Error for Contradiction {}
