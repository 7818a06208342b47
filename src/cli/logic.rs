//! Pieces shared by the logic subcommands (`explain`, `find`, `reduce`): technique lists, the
//! output alphabet, the per-puzzle state.

use nsudoku::input::Puzzle;
use nsudoku::logic::{technique, State, Technique};
use nsudoku::{Alphabet, Basis, Grid};

/// `--help` text listing the technique names.
pub fn techniques_help() -> String {
    format!(
        "Technique names (comma-separated where a list is taken; families stand for every size \
         2..=N/2, `-K` picks one size): {}.\n\nOrder: the easiest applicable technique is \
         always taken first: singles, locked candidates, then tuples and fish by size (naked, \
         fish, hidden), then coloring, chains and pattern overlay.",
        technique::cli_names()
    )
}

/// Check a technique list once, before any puzzle is read (sizes do not depend on N here).
pub fn validate(list: Option<&str>) -> Result<(), String> {
    match list {
        Some(l) => Technique::parse_list(l, 9).map(|_| ()),
        None => Ok(()),
    }
}

/// The techniques for a puzzle of `n` digits: the list given, or every one available.
pub fn techniques_for(list: Option<&str>, n: usize) -> Vec<Technique> {
    match list {
        Some(l) => Technique::parse_list(l, n).expect("validated before reading"),
        None => technique::default_order(n),
    }
}

/// The logic state of `p`, or why there is none (two givens clash).
pub fn state<B: Basis>(p: &Puzzle) -> Result<State<B>, String> {
    State::new(Grid::<B>::from_masks(&p.masks))
        .map_err(|_| format!("line {}: the givens contradict each other", p.line))
}

/// The N³ candidate grid of a state.
pub fn candidates<B: Basis>(s: &State<B>, a: Alphabet) -> String {
    nsudoku::output::candidates_line(B::K, &s.grid().to_masks(), a)
}
