//! What a line that should have been a puzzle gets instead, and the words messages use.

use super::Format;
use crate::basis::SUPPORTED;
use std::fmt;

/// A line that should have been a puzzle and is not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line number; 0 for digits given without a text
    /// ([`Puzzle::from_digits`](super::Puzzle::from_digits)), where the message names none.
    pub line: usize,
    /// 1-based place in a JSON list of puzzles, for a bad item of one.
    pub item: Option<usize>,
    /// What is wrong (the place, line and item, is not part of it: `Display` writes it first).
    pub what: String,
    /// What was expected instead.
    pub expected: String,
}

impl InputError {
    /// What is wrong with line `line` (not an item of a JSON list), and what was expected.
    pub fn at(line: usize, what: impl Into<String>, expected: impl Into<String>) -> InputError {
        InputError {
            line,
            item: None,
            what: what.into(),
            expected: expected.into(),
        }
    }

    /// Where the record is, as [`Puzzle::place`](super::Puzzle::place) says it of a puzzle.
    pub fn place(&self) -> String {
        super::puzzle::place(self.line, self.item)
    }

    /// The message without its place (`80 symbols, 1 short of a 9×9 grid; expected …`), for a
    /// record that names its line and item in fields of their own.
    pub fn message(&self) -> String {
        format!("{}; expected {}", self.what, self.expected)
    }

    /// A grid of rows (of `n` symbols or numbers, `cell` naming which) that ends too soon;
    /// `line` is its first, `rows` the 0-based lines its rows are on.
    pub(super) fn short_grid(line: usize, n: usize, cell: &str, rows: &[usize]) -> Self {
        InputError {
            line,
            item: None,
            what: format!(
                "grid of {n} {cell}s a row ends after {}{}",
                plural(rows.len(), "row"),
                short_bands(rows, n)
            ),
            expected: format!("{n} rows of {n} {cell}s"),
        }
    }

    /// A grid of `n` cells a row, starting on `line`, whose box rules take in `rows` rows,
    /// more than `n`.
    pub(super) fn long_grid(line: usize, n: usize, cell: &str, rows: usize) -> Self {
        InputError {
            line,
            item: None,
            what: format!("grid of {n} {cell}s a row has {rows} rows within its box rules"),
            expected: format!("{n} rows of {n} {cell}s"),
        }
    }

    /// Row `row` (1-based, on `line`) of a grid of `n` cells a row holds `len` cells.
    pub(super) fn bad_row(line: usize, row: usize, n: usize, cell: &str, len: usize) -> Self {
        InputError {
            line,
            item: None,
            what: format!("row {row} of the grid has {}", plural(len, cell)),
            expected: format!("{n} {cell}s a row"),
        }
    }

    /// A title, `text` on `line`, between rows `after` and `after + 1` of a grid of `n` cells
    /// a row whose other rows are all there.
    pub(super) fn stray_title(line: usize, text: &str, after: usize, n: usize, cell: &str) -> Self {
        InputError {
            line,
            item: None,
            what: format!(
                "{} between rows {after} and {} of a grid",
                opening(text),
                after + 1
            ),
            expected: format!("the grid's {n} rows of {n} {cell}s together, a title above it"),
        }
    }

    /// Row `row` (1-based) of a grid of `n` cells a row is split over `line` and the next.
    pub(super) fn split_row(line: usize, row: usize, n: usize, cell: &str) -> Self {
        InputError {
            line,
            item: None,
            what: format!(
                "row {row} of the grid is split over lines {line} and {}",
                line + 1
            ),
            expected: format!("each row's {n} {cell}s on one line"),
        }
    }
}

/// Which bands of a grid drawn with rules between them are short (`: band 2, lines 8 to 10,
/// has 3 rows`), rows on the 0-based lines `rows`: the row left out is in one of them, where
/// a count of rows alone sends the reader through the whole grid. Empty for a grid drawn
/// without rules, or with a band left out whole.
fn short_bands(rows: &[usize], n: usize) -> String {
    let k = super::basis_of(n);
    // Runs of rows on consecutive lines: a rule between two runs.
    let mut bands: Vec<&[usize]> = Vec::new();
    let mut rest = rows;
    while let Some(&first) = rest.first() {
        let len = (1..rest.len())
            .find(|&i| rest[i] != first + i)
            .unwrap_or(rest.len());
        bands.push(&rest[..len]);
        rest = &rest[len..];
    }
    if bands.len() != k || bands.iter().any(|b| b.len() > k) {
        return String::new();
    }
    let short: Vec<String> = (bands.iter().enumerate())
        .filter(|(_, b)| b.len() < k)
        .map(|(i, b)| match b {
            [one] => format!("band {}, line {}, has 1 row", i + 1, one + 1),
            _ => format!(
                "band {}, lines {} to {}, has {} rows",
                i + 1,
                b[0] + 1,
                b[b.len() - 1] + 1,
                b.len()
            ),
        })
        .collect();
    format!(": {}", short.join("; "))
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}: ", self.place())?;
        }
        f.write_str(&self.message())
    }
}

impl std::error::Error for InputError {}

pub(super) use crate::output::plural;

/// Whether `c` does not show when printed: a NUL, a control, a zero-width space or joiner, a
/// byte-order mark.
pub(super) fn invisible(c: char) -> bool {
    c.is_control() || matches!(c, '\u{feff}' | '\u{200b}'..='\u{200d}' | '\u{2060}')
}

/// A character that would not show, as messages write it: `U+001B`.
fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// A character as a message shows it: `'x'`, or `U+0000` when it would not show.
pub(super) fn shown(c: char) -> String {
    if c == char::REPLACEMENT_CHARACTER {
        // What the reader puts for bytes that do not decode: not UTF-8 (a file in Latin-1,
        // say), or a broken unit of a UTF-16 or UTF-32 file.
        "'\u{FFFD}' (U+FFFD, which stands for bytes that do not decode: not UTF-8, or a \
         broken UTF-16 or UTF-32 unit)"
            .into()
    } else if invisible(c) {
        code_point(c)
    } else {
        format!("'{c}'")
    }
}

/// Text from the input quoted in a message: `'…'`, each character that would not show (an
/// escape sequence of a terminal, a bell) written as [`shown`] writes one alone.
pub(super) fn quoted(text: &str) -> String {
    format!("'{}'", visible(text))
}

/// The start of `text`, quoted, for a message: the rest of a line may be megabytes.
pub(super) fn opening(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((at, _)) => format!("{}…", quoted(&text[..at])),
        None => quoted(text),
    }
}

/// `text` (a file name, say) as a message or a header writes it: each character that would
/// not show written `U+001B`, so that a line break or a terminal's escape sequence in it
/// neither splits a record nor reaches the terminal.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if invisible(c) {
            out.push_str(&code_point(c));
        } else {
            out.push(c);
        }
    }
    out
}

pub(super) fn sizes_hint() -> String {
    format!(
        "{} symbols (N² for N = 4, 9, 16, 25, …) or N³ for a candidate grid",
        lengths(2)
    )
}

/// The first grid lengths for cells of `dims` dimensions (2: N², 3: N³), for messages.
pub(super) fn lengths(dims: u32) -> String {
    let v: Vec<String> = SUPPORTED
        .take(6)
        .map(|k| (k * k).pow(dims).to_string())
        .collect();
    v.join(", ")
}

/// What a line of symbols must be, in the format forced or in any.
pub(super) fn length_hint(format: Option<Format>) -> String {
    match format {
        Some(Format::Line) => format!("{}, … symbols (N² for N = 4, 9, 16, 25, …)", lengths(2)),
        Some(Format::Candidates) => format!(
            "{}, … symbols for a candidate grid (N³ for N = 4, 9, 16, 25, …)",
            lengths(3)
        ),
        _ => sizes_hint(),
    }
}
