//! Puzzles written as JSON arrays, as programs print them: rows of cells (`[[5,3,0,…],…]`,
//! LeetCode's `[["5","3",".",…],…]`) or the N² cells flat, alone or in an object under
//! `board`, `puzzle`, `grid` or `quiz`, on one line or pretty-printed over many. Numbers are
//! read as the numbers form is (0 or `null` empty), strings of one symbol as a line of symbols
//! (`""` or `"."` empty), and the solution is written in that form. A grid may also be its
//! rows as strings (`["53..7....", …]`).
//!
//! A **list of puzzles** (`["53..7…", "…"]`, `[{"puzzle": …}, …]`, `[[[5,3,…],…], …]`, or
//! such a list as the first field of an object, `{"puzzles": […]}`) is a batch: it is read
//! item by item as the text arrives, each item a record of its own on the line where it
//! starts, so a list of any length is read in bounded memory and a bad item costs only itself.

mod cut;
mod list;
mod puzzle;
mod scan;
mod start;

#[cfg(test)]
pub(super) use list::COMMAS_NOTE;
pub(super) use list::{list_step, List, ListStep};
pub(super) use start::list_start;

use super::error::opening;
use super::lines::Lines;
use super::{InputError, ReadOptions, Record};
use puzzle::puzzle_of;
use scan::{text_between, value_end};
use serde_json::Value;

const EXPECTED: &str = "a JSON array of N rows of N cells, or of N² cells (numbers, 0 or null \
                        for an empty cell, or strings of one symbol)";

/// The JSON array or object that opens on line `start`, read to the line its brackets close,
/// and the number of lines it spans.
pub(super) fn read_json(lines: &Lines, start: usize, opts: ReadOptions) -> (Record, usize) {
    let Some((end, at)) = value_end(lines, start, 0) else {
        let what = "a JSON value that is not closed".to_string();
        return (Err(error(start + 1, what)), 1);
    };
    let used = end - start + 1;
    let text = text_between(lines, (start, 0), (end, at));
    // A comma after a value, as between the values of a list, says nothing more.
    let after = lines.at(end)[at..]
        .trim()
        .trim_start_matches(',')
        .trim_start();
    if after.starts_with(['{', '[']) {
        // Another value on the line would be a puzzle passed over: one value a line.
        let what = format!(
            "a second JSON value after the first (from {})",
            opening(after)
        );
        let err = InputError {
            expected: "one JSON value a line, or a JSON list of puzzles ([…, …])".into(),
            ..error(end + 1, what)
        };
        return (Err(err), used);
    }
    let value = match parse(&text, start, "") {
        Ok(value) => value,
        // Text that does not parse may not be one value at all: a stray `{` before puzzles
        // on lines of their own, closed by a stray `}` thousands of lines on. It costs the
        // lines before the one where it breaks, which parsed as JSON (a puzzle of symbols on
        // a line of its own does not), and the lines from there on are read again, each a
        // record of its own; a value that breaks on its last line (a comma before the
        // closing bracket) is one value with a typo, and costs all its lines.
        Err((e, broke)) => {
            let kept = if broke >= used {
                used
            } else {
                (broke - 1).max(1)
            };
            return (Err(e), kept);
        }
    };
    let record = puzzle_of(&value, start, opts).map(|mut p| {
        if !after.is_empty() {
            let note = format!(
                "the text after the JSON value (from {}) is passed over",
                opening(after)
            );
            p.add_note(note);
        }
        p
    });
    (record, used)
}

/// An error of the JSON form on 1-based line `line`.
fn error(line: usize, what: String) -> InputError {
    InputError {
        line,
        item: None,
        what,
        expected: EXPECTED.into(),
    }
}

/// The JSON value `text`, which starts on line `start` (0-based) after `before` (counted for
/// a column only on an error: a list may be one line of megabytes), or an error on that line
/// saying where it breaks (the line too, when it is a later one), with the line of `text`
/// where it breaks (1-based).
fn parse(text: &str, start: usize, before: &str) -> Result<Value, (InputError, usize)> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or_default();
        let at = if e.line() <= 1 {
            format!("column {}", e.column() + before.chars().count())
        } else {
            format!("line {} column {}", start + e.line(), e.column())
        };
        let what = format!("not valid JSON ({message}, {at})");
        (error(start + 1, what), e.line().max(1))
    })
}
