//! Puzzles written as whitespace-separated integers: N² on one line or N lines of N, and
//! candidate grids of comma-separated digits (64×64 and up, and numbers from 16×16 up).

use super::error::opening;
use super::fields::title;
use super::lines::Lines;
use super::rows::{
    big_grid, frame_above, framed_grid_at, grid_below, is_rule, is_side, RuleEnds, Rules,
    BLOCK_GRIDS, MAX_ROW_SIDE,
};
use super::symbols;
use super::{
    basis_of, check_givens, check_givens_on, plural, puzzle_length, side_of_cells,
    unsupported_basis, Alphabet, Format, InputError, Puzzle, Record, Shown, SUPPORTED,
};
use crate::mask::{CellMasks, Mask, Wide256};
use crate::topology::CellName;

pub(super) fn parse_ints(line: &str, line_no: usize) -> Result<Vec<u32>, InputError> {
    parse_cells(line, line_no, |_| None)
}

/// [`parse_ints`] on a line whose grid shape is known: `cell` gives the line's j-th token's
/// cell, which a bad token's message names.
fn parse_cells(
    line: &str,
    line_no: usize,
    cell: impl Fn(usize) -> Option<CellName>,
) -> Result<Vec<u32>, InputError> {
    tokens(line)
        .enumerate()
        .map(|(j, t)| parse_int(t, line_no, || cell(j)))
        .collect()
}

/// What a line of numbers is expected to hold, as its messages say.
const INTEGERS: &str = "whitespace-separated integers, 0 (or `.`, `-`, `_`) for an empty cell";

/// The value of one cell's token on 1-based line `line_no`; `cell`, when known, is named in
/// the message (asked only then).
pub(super) fn parse_int(
    t: &str,
    line_no: usize,
    cell: impl FnOnce() -> Option<CellName>,
) -> Result<u32, InputError> {
    let bad = || InputError::at(line_no, not_a_value(t, cell()), INTEGERS);
    match t {
        // An empty cell may be written as in the one-symbol forms.
        "." | "-" | "_" => Ok(0),
        // A sign is no part of a cell's value (`u32` would read `+5` as 5).
        _ if t.starts_with('+') => Err(bad()),
        _ => t.parse::<u32>().map_err(|_| bad()),
    }
}

/// What is wrong with a token that is no cell's value, and where it is when known.
fn not_a_value(t: &str, cell: Option<CellName>) -> String {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let what = if digits(t) {
        "is too large a number"
    } else if let Some(magnitude) = t.strip_prefix(['-', '+']).filter(|m| digits(m)) {
        // `-0` is zero and `+5` five, but a sign is no part of a cell's value.
        if t.starts_with('+') || magnitude.bytes().all(|b| b == b'0') {
            "has a sign"
        } else {
            "is a negative number"
        }
    } else {
        "is not a number"
    };
    match cell {
        Some(cell) => format!("{} at {cell} {what}", opening(t)),
        None => format!("{} {what}", opening(t)),
    }
}

/// The cells of a row of numbers: its tokens, with the `|` between boxes of a grid drawn for
/// people (`--format grid` output) and a trailing `# comment` passed over.
pub(super) fn tokens(line: &str) -> impl Iterator<Item = &str> + Clone {
    uncommented(line)
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|t| !t.is_empty())
}

/// Whether `line` is one token at most, read by bytes: ASCII with no whitespace and no `|`.
/// The usual puzzle line; the detectors of grids of numbers, which need two tokens or more,
/// turn it down at once rather than split it several times each (they took about a sixth of
/// the instructions of reading and solving a 9×9 batch). Other lines (any non-ASCII byte,
/// where Unicode whitespace may split) say false.
pub(super) fn one_token(line: &str) -> bool {
    // A fold, not `any`: without an early exit it runs 16 bytes a step.
    let apart = |b: u8| (b == b' ') | (b'\t'..=b'\r').contains(&b) | (b == b'|') | (b >= 0x80);
    !line.bytes().fold(false, |any, b| any | apart(b))
}

/// A row of a drawn grid (numbers or symbols) without its trailing `# comment`: no alphabet
/// has `#`.
pub(super) fn uncommented(line: &str) -> &str {
    line.split_once('#').map_or(line, |(row, _)| row)
}

/// Whether `line` is written in the numbers form: two or more numbers (or empty marks). With
/// `|` between boxes, a box must hold numbers apart (`| 2 13 16 4 |`) and one above 9 must
/// show, as in every row of a 16×16 solution: rows of one symbol a cell drawn with `|`
/// (`530|070|000`, `0 1 2 3 | …` in hex) are not numbers.
pub(super) fn numbers_line(line: &str) -> bool {
    if one_token(line) {
        return false;
    }
    let mut t = tokens(line);
    // A signed or decimal number (`-1`, `1.5`) among nine or more is a bad number, named as
    // such by the reader, not a symbol of a line of the wrong length. Fewer can be the boxes
    // of a row of symbols drawn with spaces (`5.4 6.8 9.2`: K ≤ 7 of them up to 49×49).
    let many = t.clone().nth(8).is_some();
    let numeric = |t: &str| {
        let t = t.trim_start_matches(['+', '-']);
        let (whole, fraction) = t.split_once('.').unwrap_or((t, ""));
        !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && fraction.bytes().all(|b| b.is_ascii_digit())
    };
    let spaced_box = || {
        line.split('|')
            .any(|b| b.split_whitespace().nth(1).is_some())
    };
    let above_9 =
        |t: &str| t.bytes().all(|b| b.is_ascii_digit()) && t.parse::<u64>().is_ok_and(|v| v > 9);
    // A grid's rows of symbols in groups on one line (`1234 3412 2143 4321`): every group of
    // two symbols or more, a whole puzzle's worth in all. A numbers line never is (a row
    // holds 1-9 or an empty 0; zero-padded, its digits are 2N or 2N² in all).
    let symbol_rows = t.clone().all(|t| t.chars().nth(1).is_some())
        && side_of_cells(t.clone().map(|t| t.chars().count()).sum()).is_some();
    let fits = |t: &str| number_token(t) || (many && numeric(t));
    // So is one token of two characters or more (`NaN`, `1e0`, `0x1`, `"1"`) in a cell's
    // place among a whole grid's numbers, as a slip in a first row is
    // ([`bad_first_number_row`]): a single character may be a symbol of a spaced-out line,
    // a comma is the candidate lists' (`1,2`), and more tokens than N² are a puzzle followed
    // by more ([`numbers_then_more`]).
    let slip = || {
        let mut bad = t.clone().filter(|t| !fits(t));
        bad.next()
            .is_some_and(|b| b.chars().nth(1).is_some() && !b.contains(','))
            && bad.next().is_none()
            && side_of_cells(t.clone().count()).is_some()
    };
    !symbol_rows
        && t.clone().nth(1).is_some()
        && (t.clone().all(fits) || slip())
        && uncommented(line).bytes().any(|b| b.is_ascii_digit())
        && (!line.contains('|') || (spaced_box() && t.any(above_9)))
}

/// Whether the line at `start`, a row of single digits 1-9 (in a boxed grid of symbols, a row
/// of givens), is the first row of a pencil-mark grid whose cells there are all placed: a row
/// of numbers below it, within the grid, runs a cell's candidates together (`| 59 3 18 | …`).
pub(super) fn pencil_grid_below(lines: &Lines, start: usize) -> bool {
    if one_token(lines.at(start)) {
        return false;
    }
    let first = tokens(lines.at(start));
    let m = first.clone().count();
    let digit = |t: &str| t.len() == 1 && t.bytes().all(|b| (b'1'..=b'9').contains(&b));
    matches!(m, 4 | 9)
        && first.clone().all(digit)
        && next_rows(lines, start, m, m - 1).into_iter().any(|i| {
            let row = lines.at(i);
            numbers_line(row) && tokens(row).count() == m && tokens(row).any(|t| t.len() > 1)
        })
}

/// Whether the line at `start`, a row of single-digit numbers drawn with `|` between boxes
/// (`0 0 0 0 | 3 0 0 0 | 0 9 0 0 | 6 0 2 8`, which [`numbers_line`] leaves to the symbols: a
/// 4×4 can be written so, its rows set apart), is the first row of a grid of numbers from
/// 16×16 up: it holds a value no 4×4 can, and a row of as many numbers below it, within the
/// grid, one above 9. (A line of a good 4×4 is not held back for the lines after it.)
pub(super) fn number_rows_below(lines: &Lines, start: usize) -> bool {
    let line = lines.at(start);
    if !line.contains('|') {
        return false;
    }
    let first = tokens(line);
    let m = first.clone().count();
    m >= 16
        && is_side(m)
        && first.clone().all(number_token)
        && first.clone().any(|t| t.parse::<u32>().is_ok_and(|v| v > 4))
        && row_lines_after(lines, start, m, false)
            .take(m - 1)
            .any(|i| numbers_line(lines.at(i)) && tokens(lines.at(i)).count() == m)
}

/// Whether the line at `start`, N single digits or empty marks apart from 16×16 up
/// (`. . . . 3 . . . . 9 . . 6 . 2 8`, which [`numbers_line`] takes for numbers), has as many
/// single symbols under it, one a letter: it is then the first row of a grid of symbols drawn
/// with spaces (a grid of numbers that big holds values above 9 in two digits, and no letter).
/// Lines too wide for single symbols (81 numbers, a 9×9 on one line) are not looked at.
pub(super) fn symbol_row_below(lines: &Lines, start: usize) -> bool {
    let single = |l: &str| tokens(l).all(|t| t.chars().nth(1).is_none());
    let line = lines.at(start);
    let m = tokens(line).count();
    (16..=MAX_ROW_SIDE).contains(&m)
        && is_side(m)
        && single(line)
        && lines.get(start + 1).is_some_and(|next| {
            tokens(next).count() == m
                && single(next)
                && tokens(next).any(|t| t.chars().all(|c| c.is_ascii_alphabetic()))
        })
}

/// Whether the line at `start` is the first row of a grid of numbers that does not read as
/// numbers alone: a slip in it (`2x457` in a pencil-mark grid, `1x` at 16×16: all numbers but
/// one token of two characters or more), or every cell empty (`. . . .`, as a boxed grid of
/// numbers draws an empty first row); as many tokens as a grid's side, above exactly the
/// grid's other rows of numbers as long (the line after them is no such row). Read as numbers
/// the grid is one puzzle or one error; read as a line of symbols, it would be two (this line,
/// then the other rows cut short).
///
/// The rows are looked at one by one, so a line that is no row ends the look: a pipe is
/// waited on only while rows keep coming, and for the line after the last.
pub(super) fn bad_first_number_row(lines: &Lines, start: usize) -> bool {
    if one_token(lines.at(start)) {
        return false;
    }
    let first = tokens(lines.at(start));
    let m = first.clone().count();
    let empty = first.clone().all(|t| matches!(t, "." | "-" | "_"));
    let mut bad = first.filter(|t| !number_token(t));
    let slip = bad.next().is_some_and(|t| t.chars().nth(1).is_some()) && bad.next().is_none();
    if !(slip || empty) {
        return false;
    }
    // The grid's side: the row's count, or with a slip and a number or two too many or too few
    // besides (`10x … 7`), the count of the row of numbers under it.
    let m = if SUPPORTED.clone().any(|k| k * k == m) {
        m
    } else if slip {
        let below = row_lines_after(lines, start, m, false)
            .next()
            .filter(|&i| numbers_line(lines.at(i)));
        match below.map(|i| tokens(lines.at(i)).count()) {
            Some(side) if is_side(side) && side != m && side.abs_diff(m) <= side / 4 => side,
            _ => return false,
        }
    } else {
        return false;
    };
    // Exactly m - 1 rows (the first line that is none ends the count), then no row; or, where
    // grids follow one another without a blank line, whole grids after them, as a bad first
    // row of symbols is told (`rows::heads_grid`).
    let most = BLOCK_GRIDS * m;
    let mut last = start;
    let run = row_lines_after(lines, start, m, false)
        .take_while(|&i| {
            let row = numbers_line(lines.at(i)) && tokens(lines.at(i)).count() == m;
            if row {
                last = i;
            }
            row
        })
        .take(most + 1)
        .count();
    if run <= most && lines.held(last + 1).is_none() {
        // The window ends with the run: a grid's worth more lines are asked for at once.
        let _ = lines.get(last + m);
    }
    run <= most && run % m == m - 1
}

/// The lines after `start` that are the next rows of a grid of `m` numbers a row, at most
/// `most` (`m - 1` for the whole grid): box rules are passed over; a blank line, a comment, a
/// title, a whole puzzle or the end of the text ends them.
fn next_rows(lines: &Lines, start: usize, m: usize, most: usize) -> Vec<usize> {
    row_lines_after(lines, start, m, false).take(most).collect()
}

/// [`next_rows`] one by one, as far as they go: a line is read only when asked for. A frame
/// below rules that part the bands closes the grid, as does a rule right after another
/// ([`Rules`]). With `whole`, they stop where the grid's rules say it is whole (a band a row
/// long or short spoils this grid alone), or at its `m` rows.
fn row_lines_after(
    lines: &Lines,
    start: usize,
    m: usize,
    whole: bool,
) -> impl Iterator<Item = usize> + '_ {
    // A frame above matters only to where a whole grid ends.
    let framed = whole && frame_above(lines, start, |l| is_number_rule(l, m));
    let mut rules = Rules::new(basis_of(m), framed);
    // The line at `start` is the first row.
    let mut rows = 1;
    // The line before was a row split over it and this one.
    let mut rest_of_split = false;
    (start + 1..)
        .map_while(move |i| {
            if std::mem::take(&mut rest_of_split) {
                return Some(None);
            }
            if whole && rules.complete(rows, m) {
                return None;
            }
            let l = lines.get(i)?.trim();
            if is_number_rule(l, m) {
                let next_framed = rules.may_frame_next(rows)
                    && framed_grid_at(lines, start.checked_sub(1), i, basis_of(m), |l| {
                        is_number_rule(l, m)
                    });
                return (!next_framed && rules.rule(rows) == RuleEnds::No).then_some(None);
            }
            if l.is_empty() || l.starts_with('#') || whole_puzzle(l, m) {
                return None;
            }
            // A title (`Puzzle 3`) ends the rows too: the grid under it is not taken in. With
            // exactly the rest of the grid under it, it is a stray line inside the grid: passed
            // over, and said by `read_numbers` ([`stray_title`]).
            if title(l) && tokens(l).count().abs_diff(m) > m / 4 {
                let missing = m.saturating_sub(rows);
                let inside =
                    whole && missing > 0 && next_rows(lines, i, m, missing + 1).len() == missing;
                return inside.then_some(None);
            }
            rest_of_split = split_row(lines, i, m);
            // A row of another side, far from this one's (25 numbers under a 16×16), is the
            // next grid's: a row a few numbers off is a bad row of this one.
            let count = tokens(l).count();
            if !rest_of_split && count.abs_diff(m) > m / 4 && is_side(count) {
                return None;
            }
            rules.row();
            rows += 1;
            Some(Some(i))
        })
        .flatten()
}

/// The title between two rows of a grid (its line, and the rows above it), which
/// [`row_lines_after`] passes over when exactly the rest of the grid is under it.
fn stray_title(lines: &Lines, row_lines: &[usize]) -> Option<(usize, usize)> {
    row_lines.windows(2).enumerate().find_map(|(r, w)| {
        (w[0] + 1..w[1])
            .find(|&i| title(lines.at(i).trim()))
            .map(|i| (i, r + 1))
    })
}

/// Whether the line at `i`, short of the `m` cells of a row, is a row split over it and the
/// next line, which holds the rest (a line wrapped by a mail program, or by hand). Read as two
/// rows, it would take the grid's last row into the next grid.
fn split_row(lines: &Lines, i: usize, m: usize) -> bool {
    let have = tokens(lines.at(i)).count();
    have < m
        && lines.get(i + 1).is_some_and(|next| {
            let next = next.trim();
            !next.starts_with('#') && !is_number_rule(next, m) && tokens(next).count() == m - have
        })
}

/// What the cells of the grid of `m` numbers a row on `row_lines` are, for its errors: up
/// to 9×9, a grid with `m` runs of candidates (`1259`, two digits or more, as
/// [`pencil_fault`] counts them) is a pencil-mark grid.
fn cell_noun(lines: &Lines, row_lines: &[usize], m: usize) -> &'static str {
    let runs = row_lines
        .iter()
        .flat_map(|&i| tokens(lines.at(i)))
        .filter(|t| t.parse::<u64>().is_ok_and(|v| v >= 10))
        .count();
    if m <= 9 && runs >= m {
        "pencil-mark cell"
    } else {
        "number"
    }
}

/// Whether `line` is a box rule in a grid of `m` numbers a row: a drawn rule, or a line of
/// dashes that is not `m` empty marks (`- - - -` is a row of empty cells; `--------` is not).
fn is_number_rule(line: &str, m: usize) -> bool {
    is_rule(line, None)
        || (line.contains('-')
            && line
                .chars()
                .all(|c| matches!(c, '-' | '|') || c.is_whitespace())
            && tokens(line).count() != m)
}

/// Whether a token can stand for a cell in the numbers form: digits, or an empty mark.
pub(super) fn number_token(t: &str) -> bool {
    matches!(t, "." | "-" | "_") || t.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `raw` looks like a candidate grid of comma lists: tokens of digits and commas, a
/// comma among them, and two tokens or more (one puzzle with a stray comma, `…7382,`, is not
/// one).
pub(super) fn candidate_lists_line(raw: &str) -> bool {
    raw.contains(',')
        && raw.split_whitespace().nth(1).is_some()
        && raw
            .split_whitespace()
            .all(|t| t.bytes().all(|b| b.is_ascii_digit() || b == b','))
}

/// A candidate grid written as N² cells of comma-separated digits (the form of grids whose N
/// is beyond one symbol a digit, 64×64 and up).
pub(super) fn read_candidate_lists(raw: &str, line_no: usize) -> Record {
    // A row of numbers separated by `, ` reads as cells of lists that fail: say what it is.
    candidate_lists(raw, line_no).map_err(|e| {
        symbols::separated_numbers(raw, line_no, "")
            .or_else(|| stray_comma(raw, line_no))
            .unwrap_or(e)
    })
}

/// When `raw` is a grid's numbers with a stray comma (`4 0 0 0 3, 0 …`) rather than candidate
/// lists: N² cells, one of them `0` (an empty cell, which no list holds) and no well-formed
/// list among them. The error names the first token with a comma and its cell, not the first
/// `0` before it, which the lists would have refused.
fn stray_comma(raw: &str, line_no: usize) -> Option<InputError> {
    let cells = raw.split_whitespace();
    let n = side_of_cells(cells.clone().count())?;
    let empty_entry = |t: &str| t.split(',').any(str::is_empty);
    let listed = |t: &str| t.contains(',') && !empty_entry(t);
    if !cells.clone().any(|t| t == "0") || cells.clone().any(listed) {
        return None;
    }
    let (cell, token) = cells.enumerate().find(|(_, t)| t.contains(','))?;
    Some(InputError::at(
        line_no,
        format!(
            "{} holds {}, with a stray comma",
            CellName::of(cell, n),
            opening(token)
        ),
        INTEGERS,
    ))
}

fn candidate_lists(raw: &str, line_no: usize) -> Record {
    // Counted before they are read: a line of millions of cells is named, not collected.
    let count = raw.split_whitespace().count();
    let Some(n) = side_of_cells(count) else {
        return Err(InputError::at(
            line_no,
            format!("{} of comma-separated candidates", plural(count, "cell")),
            "N² cells (256 for 16×16, 625 for 25×25, …, 50625 for 225×225)",
        ));
    };
    let mut masks = CellMasks::with_capacity(n, n * n);
    for (c, cell) in raw.split_whitespace().enumerate() {
        let mut m = Wide256::ZERO;
        for x in cell.split(',') {
            match x.parse::<usize>() {
                Ok(d) if (1..=n).contains(&d) => m |= Wide256::bit(d - 1),
                _ => {
                    return Err(InputError::at(
                        line_no,
                        if x.is_empty() {
                            format!(
                                "{} lists {}, with an empty entry",
                                CellName::of(c, n),
                                opening(cell)
                            )
                        } else {
                            // Its opening only: the entry may be a megabyte of digits.
                            format!("{} lists {}", CellName::of(c, n), opening(x))
                        },
                        format!("candidates 1-{n}, joined by single commas"),
                    ));
                }
            }
        }
        masks.push(m);
    }
    check_givens(Puzzle {
        k: basis_of(n),
        masks,
        alphabet: Alphabet::Decimal,
        format: Format::Candidates,
        line: line_no,
        item: None,
        note: None,
        label: None,
        shown: Shown::Sure,
        lowercase: false,
        empty: '.',
    })
}

/// The rows after the first that tell a grid of rows wider than any this tool solves.
const ROWS_SCANNED: usize = 32;

/// Whether the line at `start` and the lines after it are the rows of one big grid rather than
/// small grids of `small` digits, one a line. The next line must be a row (about `m` numbers,
/// not a whole puzzle); over the rows that follow, up to a blank line, a comment or a whole
/// puzzle, and leaving out rows with a wrong count (a bad row still belongs to its grid), the
/// values above `small` decide as [`big_grid`] says.
fn rows_follow(lines: &Lines, start: usize, m: usize, small: usize, first_max: usize) -> bool {
    let (mut above, mut given, mut rows) = (0usize, 0usize, 0usize);
    // Rows wider than any grid this tool solves are only told apart to name the grid's size:
    // a few of them do that, and a file of one-line grids of 144×144 is not read over and
    // over, each line taken for the first row of a grid of 20,736 rows.
    let widest = SUPPORTED.end() * SUPPORTED.end();
    let scanned = if m <= widest { m - 1 } else { ROWS_SCANNED };
    let mut i = start + 1;
    while rows < scanned {
        match row_fact(lines, i, m, small) {
            Some(RowFact::Rule) => {}
            Some(RowFact::Row { above: a, given: g }) => {
                rows += 1;
                above += a;
                given += g;
            }
            // A row split over two lines (its values left out) is still a row of the grid.
            Some(RowFact::Other) if split_row(lines, i, m) => {
                rows += 1;
                i += 1;
            }
            Some(RowFact::End | RowFact::Other) | None => break,
        }
        i += 1;
    }
    rows > 0 && big_grid(m, first_max > small, above, given, rows == m - 1)
}

/// What a line is to the rows [`rows_follow`] scans below a line of `m` numbers.
#[derive(Clone, Copy)]
enum RowFact {
    /// A box rule, passed over.
    Rule,
    /// A blank line, a comment or a whole puzzle, which ends the rows.
    End,
    /// Not a row of about `m` numbers: the scan stops there.
    Other,
    /// A row, with its values above the small side and its values given when it holds `m`.
    Row { above: usize, given: usize },
}

/// The [`RowFact`]s of consecutive lines for one `m` and small side. Each line of a file of
/// 9×9 puzzles written as 81 numbers may be the first row of an 81×81 grid, so the 80 lines
/// after each are scanned: remembered, each line is read once, not 80 times (10,000 serg
/// puzzles so written took 7.8 s to read, against 0.2 s as one-liners).
#[derive(Default)]
pub(super) struct RowFacts {
    /// `m` and the small side the facts are for.
    key: (usize, usize),
    /// The line of `facts[0]`.
    first: usize,
    facts: Vec<RowFact>,
}

/// At most this many facts are kept: the scans move down the text, the first half goes.
const FACTS_KEPT: usize = 8192;

/// The [`RowFact`] of line `i`, or `None` past the text or the window.
fn row_fact(lines: &Lines, i: usize, m: usize, small: usize) -> Option<RowFact> {
    let line = lines.get(i)?.trim();
    let mut memo = lines.row_facts.borrow_mut();
    let known = i.checked_sub(memo.first).filter(|_| memo.key == (m, small));
    if let Some(&fact) = known.and_then(|at| memo.facts.get(at)) {
        return Some(fact);
    }
    let fact = if is_number_rule(line, m) {
        RowFact::Rule
    } else if line.is_empty() || line.starts_with('#') || whole_puzzle(line, m) {
        RowFact::End
    } else if !tokens(line).all(number_token) || tokens(line).count().abs_diff(m) > m / 4 {
        RowFact::Other
    } else {
        let row = parse_ints(line, i + 1).ok().filter(|row| row.len() == m);
        let row = row.as_deref().unwrap_or_default();
        RowFact::Row {
            above: row.iter().filter(|&&v| v as usize > small).count(),
            given: row.iter().filter(|&&v| v != 0).count(),
        }
    };
    if known != Some(memo.facts.len()) {
        *memo = RowFacts {
            key: (m, small),
            first: i,
            facts: Vec::new(),
        };
    } else if memo.facts.len() == FACTS_KEPT {
        memo.facts.drain(..FACTS_KEPT / 2);
        memo.first += FACTS_KEPT / 2;
    }
    memo.facts.push(fact);
    Some(fact)
}

/// Whether a line inside a grid of rows is a whole puzzle instead: one token of a puzzle's
/// length (N² symbols, or N³ for a candidate grid), N² numbers for another supported N, or
/// a JSON value.
/// Such a line ends the grid; a row merely broken (a missing space) stays a bad row of it.
pub(super) fn whole_puzzle(line: &str, m: usize) -> bool {
    // A JSON value (a list or a string) is read as one, never as a row: a grid short of a row
    // above it would take a whole puzzle in for its last.
    if line.starts_with(['[', '{', '"']) {
        return true;
    }
    let mut tokens = tokens(line);
    let first = tokens.next();
    match (first, tokens.count()) {
        (Some(one), 0) => puzzle_length(one.chars().count()),
        (first, more) => {
            let count = more + usize::from(first.is_some());
            count != m && side_of_cells(count).is_some()
        }
    }
}

/// Numbers: either N² integers on one line, or N lines of N integers. Returns lines consumed.
pub(super) fn read_numbers(lines: &Lines, start: usize) -> (Record, usize) {
    let line_no = start + 1;
    // The grid's shape comes from the first line's tokens even when one of them is bad, so
    // that a bad first row still takes its grid's other rows with it (read on their own,
    // they would be cut into wrong grids, losing the puzzles after them).
    let m = tokens(lines.at(start)).count();
    let max = tokens(lines.at(start))
        .filter_map(|t| t.parse::<u32>().ok())
        .max()
        .unwrap_or(0) as usize;
    // 16 or 81 numbers are a whole 4×4 or 9×9 grid, or the first row of a 16×16 or 81×81 one.
    // A value above the small side, on this line or the next ones, calls for rows, but only
    // when the next lines can be rows of the big grid and not small grids: else it is a small
    // grid with a value out of range, reported on its own line, and the batch goes on with
    // the next one.
    // A 4×4 or 9×9 pencil-mark grid on one line (`4 12569 125689 …`) holds runs of
    // candidates above the big side, which no big grid's cell can: such lines one after
    // another are grids each, not the rows of one.
    let pencil = |n| max > m && pencil_line(lines.at(start), n);
    let single = side_of_cells(m).filter(|&n| pencil(n) || !rows_follow(lines, start, m, n, max));
    // A first row a few numbers off, above the grid's other rows: the grid goes with it.
    if single.is_none() && !SUPPORTED.clone().any(|k| k * k == m) {
        if let Some(n) = grid_below(lines, start, m) {
            let used = next_rows(lines, start, n, n - 1)
                .last()
                .map_or(1, |&i| i + 1 - start);
            return (Err(InputError::bad_row(line_no, 1, n, "number", m)), used);
        }
    }
    // The lines the grid's rows are on, for messages.
    let mut row_lines = vec![start];
    let (values, used, n) = match single {
        Some(n) => match parse_cells(lines.at(start), line_no, |j| Some(CellName::of(j, n))) {
            Ok(values) => (values, 1, n),
            Err(e) => return (Err(e), 1),
        },
        None if SUPPORTED.clone().any(|k| k * k == m) => {
            // Row form: this line and the next N-1 rows, N integers each (box rules passed
            // over). A blank line, a comment, a line that is a whole puzzle, or the end of the
            // text ends the grid early; a bad row spoils the grid, whose other rows are passed
            // over with it (read as grids of their own, each would be one more wrong output
            // line).
            row_lines.extend(row_lines_after(lines, start, m, true));
            let last = row_lines[row_lines.len() - 1];
            let used = last + 1 + usize::from(last > start && split_row(lines, last, m)) - start;
            let mut values = match parse_cells(lines.at(start), line_no, |j| {
                Some(CellName { row: 0, col: j })
            }) {
                Ok(values) => values,
                Err(e) => return (Err(e), used),
            };
            let cell = cell_noun(lines, &row_lines, m);
            if row_lines.len() < m {
                let err = InputError::short_grid(line_no, m, cell, &row_lines);
                return (Err(err), used);
            }
            if row_lines.len() > m {
                let err = InputError::long_grid(line_no, m, cell, row_lines.len());
                return (Err(err), used);
            }
            if let Some((at, after)) = stray_title(lines, &row_lines) {
                let err = InputError::stray_title(at + 1, lines.at(at).trim(), after, m, cell);
                return (Err(err), used);
            }
            // A row too long names no cell past the grid's last column.
            for (r, &idx) in row_lines.iter().enumerate().skip(1) {
                match parse_cells(lines.at(idx), idx + 1, |j| {
                    (j < m).then_some(CellName { row: r, col: j })
                }) {
                    Ok(row) if row.len() == m => values.extend(row),
                    Ok(_) if split_row(lines, idx, m) => {
                        return (Err(InputError::split_row(idx + 1, r + 1, m, cell)), used);
                    }
                    Ok(row) => {
                        let err = InputError::bad_row(idx + 1, r + 1, m, cell, row.len());
                        return (Err(err), used);
                    }
                    Err(e) => return (Err(e), used),
                }
            }
            (values, used, m)
        }
        None => {
            // A line of millions of numbers is named by its first bad token, or its count,
            // not held.
            if let Some(e) =
                tokens(lines.at(start)).find_map(|t| parse_int(t, line_no, || None).err())
            {
                return (Err(e), 1);
            }
            let supported = format!(
                "a grid of basis {} to {} (up to {n}×{n})",
                SUPPORTED.start(),
                SUPPORTED.end(),
                n = SUPPORTED.end() * SUPPORTED.end()
            );
            // The first of N rows of N numbers, N = K² past the largest basis: one record for
            // the grid, naming its size, rather than one a row, each saying it is no puzzle.
            if let Some(k) = (SUPPORTED.end() + 1..=super::LARGEST_NAMED).find(|k| k * k == m) {
                let rows = next_rows(lines, start, m, m - 1);
                if rows
                    .first()
                    .is_some_and(|&i| tokens(lines.at(i)).count() == m)
                {
                    let err = InputError::at(
                        line_no,
                        format!(
                            "{} of {m} numbers: a {m}×{m} grid (basis {k}) is larger than \
                             this tool solves",
                            plural(rows.len() + 1, "row")
                        ),
                        supported,
                    );
                    return (Err(err), rows[rows.len() - 1] + 1 - start);
                }
            }
            let err = match unsupported_basis(m) {
                // A well-formed grid of a size this build does not solve: say so, not "wrong
                // length".
                Some(k) => InputError::at(
                    line_no,
                    format!(
                        "{m} numbers: a {n}×{n} grid (basis {k}) is larger than this tool solves",
                        n = k * k
                    ),
                    supported,
                ),
                None => InputError::at(
                    line_no,
                    plural(m, "number"),
                    "N² numbers on one line (16, 81, 256, 625, …) or N lines of N numbers",
                ),
            };
            return (Err(err), 1);
        }
    };
    // Comments after rows are passed over, and said so, as after a puzzle of symbols.
    let commented: Vec<usize> = row_lines
        .iter()
        .filter(|&&i| lines.at(i).contains('#'))
        .map(|&i| i + 1)
        .collect();
    (
        numbers_puzzle(&values, n, &row_lines, comments_note(&commented)),
        used,
    )
}

/// The note that the comments after a grid's rows on `commented` lines (1-based, ascending)
/// are passed over: `the comment on line 5 is passed over`, `the comments on lines 3-5 …`.
pub(super) fn comments_note(commented: &[usize]) -> Option<String> {
    match *commented {
        [] => None,
        [line] => Some(format!("the comment on line {line} is passed over")),
        [first, .., last] if commented.len() == last - first + 1 => Some(format!(
            "the comments on lines {first}-{last} are passed over"
        )),
        [first, .., last] => Some(format!(
            "the comments on {} of lines {first}-{last} are passed over",
            commented.len()
        )),
    }
}

/// The puzzle of `values` (N² of them, row by row; `row_lines` the lines of its rows, 0-based,
/// or its one line), or the first value out of range.
pub(super) fn numbers_puzzle(
    values: &[u32],
    n: usize,
    row_lines: &[usize],
    note: Option<String>,
) -> Record {
    let line_no = row_lines[0] + 1;
    let k = basis_of(n);
    let line_of = |cell: usize| row_lines.get(cell / n).map_or(line_no, |&i| i + 1);
    if let Some(masks) = pencil_marks(values, n) {
        let read = "each cell's digits are read as its candidates (a pencil-mark grid)";
        let p = Puzzle {
            k,
            masks,
            alphabet: Alphabet::Standard,
            format: Format::Candidates,
            line: line_no,
            item: None,
            note: Some(note.map_or(read.to_string(), |other| format!("{other}; {read}"))),
            label: None,
            shown: Shown::Sure,
            lowercase: false,
            empty: '.',
        };
        return check_givens_on(p, &line_of);
    }
    if let Some((cell, what)) = pencil_fault(values, n) {
        return Err(InputError::at(
            line_of(cell),
            format!("{} {what}", CellName::of(cell, n)),
            format!(
                "each cell's candidates 1-{n}, each once, as the grid's other cells list theirs \
                 (a pencil-mark grid)"
            ),
        ));
    }
    let all = Wide256::low(n);
    let mut masks = CellMasks::with_capacity(n, values.len());
    for (cell, &v) in values.iter().enumerate() {
        if v as usize > n {
            return Err(InputError::at(
                line_of(cell),
                format!("{} holds {v}", CellName::of(cell, n)),
                format!("0 (empty) or a digit 1-{n}"),
            ));
        }
        masks.push(if v == 0 {
            all
        } else {
            Wide256::bit(v as usize - 1)
        });
    }
    let p = Puzzle {
        k,
        masks,
        alphabet: Alphabet::Standard,
        format: Format::Numbers,
        line: line_no,
        item: None,
        note,
        label: None,
        shown: Shown::Sure,
        lowercase: false,
        empty: '.',
    };
    check_givens_on(p, &line_of)
}

/// The candidates of a pencil-mark grid as HoDoKu and Sudoku Explainer print one
/// (`| 4 1259 12569 | …`): each cell's candidates run together in one number. Only up to 9×9,
/// where no run of digits is also a digit, and only with no empty cell (such a grid lists
/// every cell's candidates) and a cell of two candidates or more; else `None`, and the values
/// are digits.
fn pencil_marks(values: &[u32], n: usize) -> Option<CellMasks> {
    if n > 9 || values.iter().all(|&v| v as usize <= n) {
        return None;
    }
    let mut masks = CellMasks::with_capacity(n, values.len());
    for &v in values {
        masks.push(pencil_cell(v, n).ok()?);
    }
    Some(masks)
}

/// Whether `line` is a pencil-mark grid of side `n` ([`pencil_marks`]), each cell's
/// candidates run together in one number.
fn pencil_line(line: &str, n: usize) -> bool {
    let values: Option<Vec<u32>> = tokens(line).map(|t| t.parse().ok()).collect();
    values.is_some_and(|v| pencil_marks(&v, n).is_some())
}

/// The candidates of one pencil-mark cell (`1259`), or why it is none (`has no candidate`,
/// `holds 1209, with 0`, `holds 1229, with 2 twice`), to follow its name.
fn pencil_cell(v: u32, n: usize) -> Result<Wide256, String> {
    if v == 0 {
        return Err("has no candidate".into());
    }
    let mut m = Wide256::ZERO;
    for d in v.to_string().bytes().map(|b| usize::from(b - b'0')) {
        if d == 0 || d > n {
            return Err(format!("holds {v}, with {d}"));
        }
        if m.has(d - 1) {
            return Err(format!("holds {v}, with {d} twice"));
        }
        m |= Wide256::bit(d - 1);
    }
    Ok(m)
}

/// In a grid up to 9×9 with at least N cells of two digits or more and fewer empty cells (0)
/// than those, so that it is meant as a pencil-mark grid and not as digits with a slip or two,
/// the first cell [`pencil_marks`] cannot read, and why.
fn pencil_fault(values: &[u32], n: usize) -> Option<(usize, String)> {
    let count = |f: &dyn Fn(u32) -> bool| values.iter().filter(|&&v| f(v)).count();
    let runs = count(&|v| v >= 10);
    if n > 9 || runs < n || count(&|v| v == 0) >= runs {
        return None;
    }
    values
        .iter()
        .enumerate()
        .find_map(|(cell, &v)| pencil_cell(v, n).err().map(|why| (cell, why)))
}

/// A puzzle of N² numbers followed by more on its line, as `rate` writes a puzzle given as
/// numbers (`0 8 0 … 4.0/1.5/1.5`): the tokens before the first that is no number are N² of
/// them. Read with a note that the rest was passed over.
pub(super) fn numbers_then_more(raw: &str, line_no: usize) -> Option<Record> {
    let mut count = 0;
    let mut rest = raw;
    let more = loop {
        let t = rest.trim_start();
        let end = t.find(char::is_whitespace).unwrap_or(t.len());
        match &t[..end] {
            "" => return None,
            token if number_token(token) => count += 1,
            // A cell of a candidate grid in decimal (`2,13`): the numbers before it are its
            // placed cells, not a puzzle.
            token
                if token.contains(',')
                    && token.bytes().all(|b| b.is_ascii_digit() || b == b',') =>
            {
                return None
            }
            token => break token,
        }
        rest = &t[end..];
    };
    let n = side_of_cells(count).filter(|_| count >= 16)?;
    let values = parse_ints(&raw[..raw.len() - rest.len()], line_no).ok()?;
    // Its opening only: the text can be of any length, and the note travels with the puzzle.
    let note = format!(
        "the text after the puzzle (from {}) is passed over",
        opening(more)
    );
    Some(numbers_puzzle(&values, n, &[line_no - 1], Some(note)))
}
