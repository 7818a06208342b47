//! Lines that hold more than a puzzle, or text about one: CSV headers, a puzzle between labels
//! and solutions, titles.

use super::{puzzle_length, side_of_cells, symbol_count};
use crate::solver::{Exceeded, Verdict};

/// Whether `line` is the header of a CSV file of puzzles (`quizzes,solutions`,
/// `puzzle,solution,clues`): two or more names (a letter, then letters, digits, `_` and
/// spaces), none of which could be a puzzle with a wrong symbol or length: a name of a
/// puzzle's length (N² or N³ letters) must hold a `_` or a space, which no puzzle does.
pub(super) fn csv_header(line: &str) -> bool {
    // Excel writes `;` where the decimal mark is a comma, and tab-separated files are common.
    let Some(sep) = [',', ';', '\t'].into_iter().find(|&c| line.contains(c)) else {
        return false;
    };
    // Not collected: the first line may be millions of comma-separated numbers.
    let mut fields = line.split(sep).map(|f| unquoted(f.trim()));
    let name = |f: &str| {
        let len = f.chars().count();
        f.starts_with(|c: char| c.is_ascii_alphabetic())
            && f.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ' '))
            && (f.contains(['_', ' ']) || !puzzle_length(len))
    };
    let first = fields.next().is_some_and(name);
    let mut rest = fields.peekable();
    first && rest.peek().is_some() && rest.all(name)
}

/// The longest line [`title`] takes for a title.
const TITLE_MAX: usize = 100;

/// The line `nsudoku solve` writes for a line of input that is no puzzle.
pub const MARK_INVALID: &str = "invalid";

/// The lines `nsudoku solve` writes for a puzzle without a solution to print: read back, each
/// stays a bad line of its own rather than the title of the next.
const MARKERS: [&str; 4] = [
    MARK_INVALID,
    Verdict::NoSolution.word(),
    Verdict::Several.word(),
    Verdict::Unsettled(Exceeded::Nodes).word(),
];

/// Whether `line` may be the title of the grid under it (`Grid 01` of Project Euler's
/// sudoku.txt, `Puzzle 2: hard`, `Énigme 3`): short, with a word of two letters or more, one
/// of them lower case or beyond ASCII. Upper case letters alone are digits of a 16×16 or 25×25
/// line, and lower case ones are read as upper case up to 35×35 (and are digits only beyond,
/// where a puzzle's line is far longer than a title).
pub(super) fn title(line: &str) -> bool {
    let word = |w: &str| {
        w.chars().nth(1).is_some() && w.chars().any(|c| c.is_lowercase() || !c.is_ascii())
    };
    line.len() <= TITLE_MAX
        && !MARKERS.contains(&line)
        && line.split(|c: char| !c.is_alphabetic()).any(word)
}

/// Whether titles `upper` and `lower`, one over the other with no grid between, are of one
/// kind (`Puzzle 1`, `Puzzle 2`: the same first word, case aside), so that the upper one is
/// a title whose grid is missing; of two kinds, the upper one heads the text or a part of it
/// (`My 16x16 puzzles` over `Puzzle 1`), or the lower one says more (`Difficulty: hard`).
pub(super) fn same_kind_titles(upper: &str, lower: &str) -> bool {
    let first_word = |t: &str| {
        t.split(|c: char| !c.is_alphabetic())
            .find(|w| w.chars().nth(1).is_some())
            .map(str::to_lowercase)
    };
    first_word(upper) == first_word(lower)
}

/// A CSV field's text without the double quotes around it (`"53..7…"`, as spreadsheets and
/// Python's `csv` write fields); no symbol of any alphabet is a quote.
pub(super) fn unquoted(field: &str) -> &str {
    field
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .unwrap_or(field)
}

/// The puzzle of a line that holds more: at its start (`puzzle solution`, `puzzle,solution`,
/// `puzzle:count:solution`) or after one or two labels (`1,puzzle,solution,clues,difficulty`
/// of the Kaggle CSV sets, `p12: puzzle`); only when the line as a whole is not a puzzle.
pub(super) struct Field<'a> {
    /// The text before the puzzle, separators included (empty at the line's start).
    pub(super) before: &'a str,
    pub(super) puzzle: &'a str,
    /// The separator after the puzzle, if anything follows.
    pub(super) after: Option<char>,
    /// The puzzle was in quotes (the opening one ends `before`).
    pub(super) quoted: bool,
}

/// Whether `field`, taken for a label, is rather a puzzle cut short (its empty cells `0`)
/// before its solution or itself whole in `next`: digits only, more than an id has (over 10),
/// each a `0` or the digit at the same place of `next`. The solution is then not read in the
/// puzzle's place.
fn cut_puzzle(field: &str, next: &str) -> bool {
    field.len() > 10
        && field.len() < next.len()
        && field.bytes().all(|b| b.is_ascii_digit())
        && field
            .bytes()
            .zip(next.bytes())
            .all(|(a, b)| a == b'0' || a == b)
}

/// Whether `raw`, whose first field has the `n` symbols of a small puzzle, is rather a larger
/// grid typed row by row on one line with a slip (a 16×16 of 16 rows of 16, one short): four
/// fields or more, each within one symbol of the first's length. Its length is then the
/// error, not the first row read as a 4×4 and the rest passed over.
fn rows_in_a_line(raw: &str, n: usize) -> bool {
    let mut fields = raw.split_whitespace();
    fields.clone().count() >= 4 && fields.all(|f| f.chars().count().abs_diff(n) <= 1)
}

impl<'a> Field<'a> {
    pub(super) fn find(raw: &'a str) -> Option<Self> {
        const SEPARATORS: [char; 5] = [',', ':', ';', '\t', ' '];
        if puzzle_length(symbol_count(raw)) {
            return None;
        }
        let (mut start, mut longest) = (0, 0);
        for labels in 0..=2 {
            let end = raw[start..]
                .find(SEPARATORS)
                .map_or(raw.len(), |e| start + e);
            let field = unquoted(&raw[start..end]);
            let quoted = field.len() < end - start;
            let after = raw[end..].chars().next();
            let n = symbol_count(field);
            // A key of a puzzle's length before a larger puzzle of one symbol a cell is no
            // puzzle (an id of 16 digits or hex digits, a 4×4's length; a SHA-256, 64 hex
            // digits, a 4×4 candidate grid's): a label when short enough, else the line is
            // named whole.
            let id = field.bytes().all(|b| b.is_ascii_alphanumeric());
            let before_larger = id && {
                let rest = raw[end..].trim_start_matches(SEPARATORS);
                let next = symbol_count(rest.split(SEPARATORS).next().unwrap_or(""));
                next > n && side_of_cells(next).is_some()
            };
            if puzzle_length(n) && !before_larger {
                // What follows the separator after a puzzle is passed over, an empty field
                // too (`puzzle,`: a CSV export's empty solutions column); a label is under
                // half a puzzle's length, so a puzzle of the wrong length followed by its
                // solution stays an error, not the solution read in its place.
                if labels == 0 && rows_in_a_line(raw, n) {
                    return None;
                }
                return ((labels > 0 || after.is_some() || quoted) && 2 * longest < n).then_some(
                    Field {
                        before: &raw[..start + usize::from(quoted)],
                        puzzle: field,
                        after,
                        quoted,
                    },
                );
            }
            // A label: letters and digits, `_` and `-` (which mark empty cells) only beside a
            // letter.
            let label = field
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
                && (field.chars().all(|c| c.is_ascii_alphanumeric())
                    || field.chars().any(|c| c.is_ascii_alphabetic()));
            if field.is_empty() || !label || after.is_none() {
                return None;
            }
            longest = longest.max(n);
            start = raw.len() - raw[end..].trim_start_matches(SEPARATORS).len();
            let next = unquoted(raw[start..].split(SEPARATORS).next().unwrap_or(""));
            if cut_puzzle(field, next) {
                return None;
            }
        }
        None
    }

    /// In a CSV file (after its header), the field after one or two labels of a line that
    /// [`find`](Self::find) did not take, when it is longer than twice the labels: a puzzle
    /// of the wrong length there is named by its own length, not counted with its labels.
    pub(super) fn labelled(raw: &'a str) -> Option<Self> {
        let (mut start, mut longest) = (0, 2);
        for _ in 0..2 {
            let end = start + raw[start..].find(',')?;
            let label = unquoted(raw[start..end].trim());
            if label.is_empty() || !label.chars().all(|c| c.is_ascii_alphanumeric()) {
                return None;
            }
            longest = longest.max(label.chars().count());
            start = end + 1;
            let whole = raw[start..].split(',').next().unwrap_or("");
            let field = unquoted(whole.trim());
            if cut_puzzle(label, field) {
                return None;
            }
            if symbol_count(field) > 2 * longest {
                // The field's own columns: from its first symbol, past spaces and a quote.
                let skipped = whole.find(field).unwrap_or(0);
                return Some(Field {
                    before: &raw[..start + skipped],
                    puzzle: field,
                    after: None,
                    quoted: field.len() < whole.trim().len(),
                });
            }
        }
        None
    }

    /// The labels before the puzzle with their separators, as written (without the opening
    /// quote of a quoted puzzle); `None` at the line's start.
    pub(super) fn label(&self) -> Option<&'a str> {
        let label = &self.before[..self.before.len() - usize::from(self.quoted)];
        (!label.is_empty()).then_some(label)
    }

    /// What was passed over, for the puzzle's note. The same words on every line of a file
    /// (not the label itself), so that a note said once covers them all.
    /// `None` when only the quotes of a CSV field were.
    pub(super) fn note(&self) -> Option<String> {
        match (self.label().is_some(), self.after) {
            (true, Some(sep)) => Some(format!(
                "the label before the puzzle is kept for its answer, and the text after it \
                 (from '{sep}') is passed over"
            )),
            (true, None) => Some("the label before the puzzle is kept for its answer".into()),
            (false, Some(sep)) => Some(format!(
                "the text after the puzzle (from '{sep}') is passed over"
            )),
            (false, None) => None,
        }
    }
}
