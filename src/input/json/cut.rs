//! Where a bad item of a list ends when its brackets or quotes do not say: its layout (the
//! lines of the items around it, its brackets under each other) cuts it out, and the list
//! goes on after it.

use super::parse;
use super::puzzle::puzzle_of;
use super::scan::{next_char, string_end, text_between, value_end};
use crate::input::brackets::close_from;
use crate::input::error::opening;
use crate::input::lines::Lines;
use crate::input::side_of_cells;
use crate::input::ReadOptions;
use serde_json::Value;

/// The bracket that closes one opened by `open`.
fn closer(open: char) -> char {
    if open == '{' {
        '}'
    } else {
        ']'
    }
}

/// A bad item ended where its layout ends it, not where its brackets or quotes do.
pub(super) struct Cut {
    /// What is wrong with it.
    pub(super) what: String,
    /// Where the list goes on (line, byte).
    pub(super) resume: (usize, usize),
    /// See the `unclosed` of [`List`](super::list::List).
    pub(super) unclosed: bool,
}

/// The string item at byte `at` of line `line`, first on its line, that ends at byte `end_at`
/// before its line's last `"`, with text after it that starts no item (a `"` too many in the
/// string): the line is the item, and the list goes on with the next line.
pub(super) fn string_cut_short(
    lines: &Lines,
    (line, at): (usize, usize),
    end_at: usize,
) -> Option<Cut> {
    let text = lines.at(line);
    let rest = text[end_at..].trim_start();
    let ends_quoted = text
        .trim_end()
        .trim_end_matches(',')
        .trim_end()
        .ends_with('"');
    let cut_short = text[..at].trim().is_empty()
        && !rest.is_empty()
        && !rest.starts_with([',', ']', '}', '"', '[', '{'])
        && ends_quoted
        && lines.get(line + 1).is_some();
    cut_short.then(|| Cut {
        what: format!(
            "the `\"` at column {} ends the string before its line does (then {})",
            text[..end_at].chars().count(),
            opening(rest)
        ),
        resume: (line + 1, 0),
        unclosed: true,
    })
}

/// The bad item at byte `at` of line `line`, first on its line with more than its opening
/// there, whose value ends at `end` (line, byte after) or is not closed (`None`), not where
/// its line does (a bracket or quote dropped or doubled), when items are one a line around
/// it: the next line opens a whole puzzle at the same indentation, or is the list's `]`, less
/// indented. The line is the item, and the list goes on with the next line. Not when the
/// value ends early on its line and a whole puzzle follows it there (two items a line).
pub(super) fn line_cut(
    lines: &Lines,
    (line, at): (usize, usize),
    end: Option<(usize, usize)>,
    opts: ReadOptions,
) -> Option<Cut> {
    let text = lines.at(line);
    let body = text[at..].trim_end().trim_end_matches(',');
    if !text[..at].trim().is_empty() || body.chars().count() < 2 {
        return None;
    }
    let what = match end {
        Some((end, end_at)) if end == line => {
            let rest = text[end_at..].trim_start();
            let rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
            let after = text.len() - rest.len();
            if rest.trim().is_empty() || whole_puzzle_at(lines, line, after, opts) {
                return None;
            }
            format!(
                "the value closes at column {} before its line ends (then {})",
                text[..end_at].chars().count(),
                opening(rest)
            )
        }
        _ => "the value is not closed on its line, where the items around it are".to_string(),
    };
    let (next, next_at, c) = next_char(lines, line + 1, 0)?;
    let opens = next_at == at && whole_puzzle_at(lines, next, next_at, opts);
    let closes = next_at < at && c == ']';
    (opens || closes).then(|| Cut {
        what,
        resume: (line + 1, 0),
        unclosed: true,
    })
}

/// The string item at byte `at` of line `line`, followed by a `:`: an object's field where a
/// list item should be, the `{` that opens the object dropped. Up to the `}` that closes the
/// object, it is one bad item, and the list goes on after it; its fields are not items each.
pub(super) fn field_cut(lines: &Lines, (line, at): (usize, usize)) -> Option<Cut> {
    let text = lines.at(line);
    if !text[at..].starts_with('"') {
        return None;
    }
    let (_, _, ':') = next_char(lines, line, string_end(text, at)?)? else {
        return None;
    };
    let end = closed_without(lines, (line, at), '{')?;
    Some(opener_dropped(("an object's field", "object"), '{', end))
}

/// The array item at byte `at` of line `line`, closed at `row_end` (line, byte after): a
/// grid's row where a list item should be, the `[` that opens the grid dropped. When the rows
/// from it to the `]` that closes the grid make a puzzle with that `[` put back, they are one
/// bad item, and the list goes on after it; its rows are not items each.
pub(super) fn grid_cut(
    lines: &Lines,
    (line, at): (usize, usize),
    row_end: (usize, usize),
    opts: ReadOptions,
) -> Option<Cut> {
    if !lines.at(line)[at..].starts_with('[') {
        return None;
    }
    let row = parse(&text_between(lines, (line, at), row_end), line, "").ok()?;
    let side = row.as_array()?.len();
    let end = closed_without(lines, (line, at), '[')?;
    // A grid written a cell a line takes side·(side + 2) lines: no further is read.
    if end.0 - line > side * (side + 2) {
        return None;
    }
    let grid = format!("[{}", text_between(lines, (line, at), end));
    let puzzle = parse(&grid, line, "").is_ok_and(|v| puzzle_of(&v, line, opts).is_ok());
    puzzle.then(|| opener_dropped(("a grid's row", "grid"), '[', end))
}

/// Where the bracket closes (line, byte after) that closes the value at byte `at` of line
/// `line` with the bracket `open` put before it, when that bracket is `open`'s closer.
fn closed_without(lines: &Lines, (line, at): (usize, usize), open: char) -> Option<(usize, usize)> {
    let (end, end_at) = close_from(lines, line, at, 1)?;
    lines.at(end)[..end_at]
        .ends_with(closer(open))
        .then_some((end, end_at))
}

/// The cut of a bad item that is a `part` of a `whole` whose bracket `open` was dropped,
/// up to its closing bracket at `end` (line, byte after), where the list goes on.
fn opener_dropped((part, whole): (&str, &str), open: char, end: (usize, usize)) -> Cut {
    Cut {
        what: format!(
            "{part} where an item should be, the `{open}` that opens the {whole} missing (its \
             `{}` is on line {})",
            closer(open),
            end.0 + 1
        ),
        resume: end,
        unclosed: false,
    }
}

/// Where the layout of an item ends it, when its brackets do not.
#[derive(Clone, Copy, Debug)]
pub(super) enum LaidOut {
    /// This line starts with the item's closing bracket, under its opening one.
    Closed(usize),
    /// This line starts the next item, under the item's opening bracket: the item's closing
    /// line, or the bracket that ends its line, was dropped.
    Next(usize),
    /// This line, less indented than the item, starts with the `]` that closes the list: the
    /// last item's closing line was dropped.
    ListEnd(usize),
}

impl LaidOut {
    /// The item with bracket `open` at byte `at` of its line, ended here.
    pub(super) fn cut(self, open: char, at: usize) -> Cut {
        let (what, resume, unclosed) = match self {
            LaidOut::Closed(m) => (
                format!(
                    "the `{}` on line {}, under the `{open}` that opens the item, ends it as \
                     laid out but not as bracketed",
                    closer(open),
                    m + 1
                ),
                (m, at + 1),
                false,
            ),
            LaidOut::Next(m) => (
                format!(
                    "the `{open}` on line {}, under the `{open}` that opens the item, opens the \
                     next one before this one is closed",
                    m + 1
                ),
                (m, 0),
                true,
            ),
            LaidOut::ListEnd(m) => (
                format!(
                    "the `]` on line {}, less indented than the item, closes the list before \
                     the item is closed",
                    m + 1
                ),
                (m, 0),
                true,
            ),
        };
        Cut {
            what: format!("brackets that do not balance: {what}"),
            resume,
            unclosed,
        }
    }
}

/// Where the layout of an item ends it, the item's bracket `open` at byte `at` of line `line`
/// and first on its line, when its brackets close it elsewhere, at `end` (line, byte after):
/// at a later line that starts at the same indentation with its closing bracket, or with
/// `open` after deeper lines (the next item, pretty-printed) or opening a whole puzzle on its
/// line (the next item, one a line); or at a `]` less indented, after deeper lines (the
/// list's end). `None` when the layout agrees with the brackets, or when another line less
/// indented than the item comes first. Lines at the item's indentation that are not deeper
/// first and not whole puzzles (rows flush with their grid's `[`) are its own.
pub(super) fn laid_out_end(
    lines: &Lines,
    (line, at): (usize, usize),
    end: (usize, usize),
    open: char,
    opts: ReadOptions,
) -> Option<LaidOut> {
    if !lines.at(line)[..at].trim().is_empty() {
        return None;
    }
    let mut deeper = false;
    for i in line + 1..=end.0 {
        let text = lines.at(i);
        let body = text.trim_start();
        let indent = text.len() - body.len();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if indent < at {
            return (deeper && body.starts_with(']')).then_some(LaidOut::ListEnd(i));
        }
        if indent > at {
            deeper = true;
        } else if body.starts_with(closer(open)) {
            return ((i, at + 1) != end).then_some(LaidOut::Closed(i));
        } else if body.starts_with(open) && (deeper || whole_puzzle_at(lines, i, at, opts)) {
            return Some(LaidOut::Next(i));
        }
    }
    None
}

/// Whether the value at byte `at` of line `line` closes on that line and is a puzzle.
fn whole_puzzle_at(lines: &Lines, line: usize, at: usize, opts: ReadOptions) -> bool {
    value_end(lines, line, at).is_some_and(|(end, end_at)| {
        end == line
            && parse(&lines.at(line)[at..end_at], line, "")
                .is_ok_and(|v| puzzle_of(&v, line, opts).is_ok())
    })
}

/// Whether the item that opens at `from` (line, byte) and closes at `to` (line, byte after)
/// is pretty-printed as one: its brackets first on their lines at one indentation, over
/// several lines, and every line between them deeper. One that does not parse (a comma
/// doubled between its cells) is one bad item: its layout says where it ends.
pub(super) fn laid_out_whole(
    lines: &Lines,
    (line, at): (usize, usize),
    (end, end_at): (usize, usize),
) -> bool {
    let first = |i: usize, a: usize| lines.at(i)[..a].trim().is_empty();
    end > line
        && first(line, at)
        && end_at == at + 1
        && first(end, at)
        && (line + 1..end).all(|i| {
            let text = lines.at(i);
            let body = text.trim_start();
            body.is_empty() || body.starts_with('#') || text.len() - body.len() > at
        })
}

/// Whether `item`, an array over several lines, is a grid written a row a line: between its
/// brackets, N lines each holding one array of N cells (numbers, strings or `null`), N a
/// grid's side. A list item so written that does not parse lacks a comma between rows; the
/// lines of puzzles after a stray `[` are not so many rows of that length.
pub(super) fn rows_a_line(item: &str) -> bool {
    let inner = item.trim();
    let Some(inner) = inner.strip_prefix('[').and_then(|i| i.strip_suffix(']')) else {
        return false;
    };
    let mut rows = 0;
    let mut side = None;
    for line in inner.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let row = line.strip_suffix(',').unwrap_or(line);
        let cells = match serde_json::from_str::<Vec<Value>>(row) {
            Ok(cells) if cells.iter().all(|c| !c.is_array() && !c.is_object()) => cells.len(),
            _ => return false,
        };
        if *side.get_or_insert(cells) != cells {
            return false;
        }
        rows += 1;
    }
    side.is_some_and(|n| rows == n && side_of_cells(n * n) == Some(n))
}
