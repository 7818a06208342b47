//! Pencil-mark grids of symbols, as `--format grid` prints the candidates of a puzzle left
//! unfinished: N rows of N cells, each cell its candidates run together (`| 89BCEF 3 59EF … |`),
//! box rules passed over. A 9×9 in digits is a grid of numbers (`numbers::pencil_marks`);
//! this reads the others (a 9×9 in letters, 16×16 to 49×49, a 4×4 or 9×9 in zero-based
//! digits), and only when the grid shows runs no number is: from 16×16 up a run of digits
//! alone could be a number (`12`). Past one symbol a digit (and for puzzles given as numbers)
//! a cell is its candidates in decimal joined by `,` (`| 3  1,2,5,16 … |`): those grids are
//! read here too.

use super::fields::title;
use super::lines::Lines;
use super::numbers::read_candidate_lists;
use super::rows::{is_rule, is_side};
use super::symbols::{detect_alphabet, read_symbols};
use super::{shown, Format, InputError, ReadOptions, Record};
use crate::alphabet::Alphabet;
use crate::topology::CellName;

/// The cells of a row: its runs of symbols between spaces and `|`.
fn row_cells(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| c.is_whitespace() || c == '|')
        .filter(|t| !t.is_empty())
}

/// A cell of a pencil-mark grid: letters and digits (one twice is that cell's error), or an
/// empty mark, a cell with no candidate left: that grid's error, not a row that ends it.
fn candidates_cell(t: &str) -> bool {
    t.bytes().all(|b| b.is_ascii_alphanumeric()) || empty_mark(t)
}

/// A cell written as an empty mark (`.`, `-`, `_`).
fn empty_mark(t: &str) -> bool {
    matches!(t, "." | "-" | "_")
}

/// A cell no number of a grid of side `n` can be (`19AG`, `259`, `17`): so the grid is
/// candidates, not numbers.
fn no_number(t: &str, n: usize) -> bool {
    t.parse::<usize>().map_or(true, |v| v > n)
}

/// A cell of a pencil-mark grid in decimal: numbers joined by single commas (`1,2,16`), none
/// of them 0 (a grid of numbers has its empty cells as 0s).
fn list_cell(t: &str) -> bool {
    t.split(',')
        .all(|x| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()) && x != "0")
}

/// The rows of the grid that starts at line `start`, `n` cells each, every cell one that
/// `cell` takes: up to `n` of them, box rules passed over, ending at a blank line, a comment,
/// a line that is no such row, or a rule right after another (a frame, then the next grid's:
/// a grid a row short does not take in the next one's first row). With the line index of
/// each. A line of all N² cells is the whole grid, cut into its rows.
fn rows_of(
    lines: &Lines,
    start: usize,
    n: usize,
    cell: fn(&str) -> bool,
) -> Vec<(usize, Vec<&str>)> {
    let first: Vec<&str> = row_cells(lines.at(start)).collect();
    if first.len() == n * n && first.iter().all(|t| cell(t)) {
        return first.chunks(n).map(|row| (start, row.to_vec())).collect();
    }
    let mut after_rule = false;
    (start..)
        .map_while(|i| lines.get(i).map(|l| (i, l.trim())))
        .take_while(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i, l, is_rule(l, Some(n))))
        .take_while(|&(_, _, rule)| !(std::mem::replace(&mut after_rule, rule) && rule))
        .filter(|&(_, _, rule)| !rule)
        .map(|(i, l, _)| (i, row_cells(l).collect::<Vec<_>>()))
        .take_while(|(_, cells)| cells.len() == n && cells.iter().all(|t| cell(t)))
        .take(n)
        .collect()
}

/// [`rows_of`] cells of symbols.
fn rows(lines: &Lines, start: usize, n: usize) -> Vec<(usize, Vec<&str>)> {
    rows_of(lines, start, n, candidates_cell)
}

/// The side N when a pencil-mark grid in decimal starts at line `start`, boxed as
/// [`crate::output::boxed_candidates`] draws one past its alphabet: N rows of N cells of
/// numbers joined by commas between `|`, some cell of several. Without the bars, lines of 81
/// numbers (9×9 puzzles) with a comma in one would pass for its rows.
pub(super) fn list_rows_start(lines: &Lines, start: usize, opts: ReadOptions) -> Option<usize> {
    let first = lines.at(start).trim();
    if !matches!(opts.format, None | Some(Format::Candidates)) || !first.starts_with('|') {
        return None;
    }
    let n = row_cells(first).count();
    if !is_side(n) {
        return None;
    }
    let rows = rows_of(lines, start, n, list_cell);
    let boxed = rows
        .iter()
        .all(|&(i, _)| lines.at(i).trim().starts_with('|'));
    let several = rows
        .iter()
        .any(|(_, cells)| cells.iter().any(|t| t.contains(',')));
    (rows.len() == n && boxed && several).then_some(n)
}

/// The grid [`list_rows_start`] found at `start`, read as the cells of comma-separated
/// candidates it holds, and the lines it spans (its rules included).
pub(super) fn read_list_rows(lines: &Lines, start: usize, n: usize) -> (Record, usize) {
    let rows = rows_of(lines, start, n, list_cell);
    let used = rows.last().map_or(1, |(i, _)| i + 1 - start);
    // A number past the side is named on its own row's line.
    for (r, (at, cells)) in rows.iter().enumerate() {
        for (c, cell) in cells.iter().enumerate() {
            let past = cell
                .split(',')
                .find(|x| x.parse::<usize>().map_or(true, |d| d > n));
            if let Some(x) = past {
                let err = InputError::at(
                    at + 1,
                    format!("{} lists {x}", CellName { row: r, col: c }),
                    format!("candidates 1-{n}, joined by single commas"),
                );
                return (Err(err), used);
            }
        }
    }
    let cells: Vec<&str> = rows
        .iter()
        .flat_map(|(_, cells)| cells.iter().copied())
        .collect();
    (read_candidate_lists(&cells.join(" "), start + 1), used)
}

/// The side N when a pencil-mark grid of symbols starts at line `start`: N rows (N from 9 to
/// 49) of N cells of letters and digits, some cell of several, and at least N cells no number
/// is, so that a grid of numbers with a slip or two stays one.
pub(super) fn pencil_rows_start(lines: &Lines, start: usize, opts: ReadOptions) -> Option<usize> {
    if !matches!(opts.format, None | Some(Format::Candidates)) {
        return None;
    }
    // Counted, not collected: every one-line puzzle comes by here.
    let n = row_cells(lines.at(start).trim()).count();
    if !symbol_side(n) {
        return None;
    }
    let rows = rows(lines, start, n);
    let runs = rows
        .iter()
        .flat_map(|(_, cells)| cells)
        .filter(|t| no_number(t, n) && !empty_mark(t))
        .count();
    // A cell of several candidates, or it is a grid of digits drawn with spaces (a solved one).
    let several = rows
        .iter()
        .any(|(_, cells)| cells.iter().any(|t| t.len() > 1));
    (rows.len() == n && runs >= n && several).then_some(n)
}

/// The side N (4 or 9) when a pencil-mark grid in zero-based digits starts at line `start`,
/// as `--format grid` prints the candidates of a puzzle given in `0-3` or `0-8` (`| 3 0158
/// 047 | …`), or its N² cells on one line: N rows of N cells of digits, at least N cells of
/// several, a cell that starts with 0, and no digit N (zero-based digits end at N − 1). Read
/// as numbers, such a grid loses the 0 of each run and every candidate shifts by one; and 0
/// is no empty mark in a grid that lists every cell's candidates. On one line every cell
/// must be candidates (digits under N, none twice) and a run must start with 0: a row of a
/// 16×16 in zero-padded numbers (`00 05 12 …`) has 16 cells too.
pub(super) fn zero_based_rows_start(
    lines: &Lines,
    start: usize,
    opts: ReadOptions,
) -> Option<usize> {
    if !matches!(opts.format, None | Some(Format::Candidates))
        || !matches!(opts.alphabet, None | Some(Alphabet::Hex))
    {
        return None;
    }
    // Counted, not collected: every one-line puzzle comes by here.
    let (n, one_line) = match row_cells(lines.at(start).trim()).count() {
        n @ (4 | 9) => (n, false),
        16 => (4, true),
        81 => (9, true),
        _ => return None,
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let rows = rows_of(lines, start, n, digits);
    let cells = || rows.iter().flat_map(|(_, cells)| cells.iter());
    let top = b'0' + n as u8;
    // Digits under N, none twice (the cells are digits already).
    let candidates = |t: &&str| {
        let mut seen = 0u16;
        t.bytes().all(|b| {
            let bit = 1 << (b - b'0');
            let fresh = b < top && seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    let zero_based = rows.len() == n
        && cells().filter(|t| t.len() > 1).count() >= n
        && if one_line {
            cells().all(candidates) && cells().any(|t| t.len() > 1 && t.starts_with('0'))
        } else {
            cells().any(|t| t.starts_with('0')) && !cells().any(|t| t.bytes().any(|b| b == top))
        };
    zero_based.then_some(n)
}

/// A drawn pencil-mark grid of symbols that [`pencil_rows_start`] turned down because it is
/// broken: a row short (a blank line, a comment, a title or the text's end comes before its
/// last row), a row split over two lines or two run together, a cell missing or a stray mark
/// in one. Its lines, up to its N² cells, are one error naming the first fault, rather than a
/// bad line a row, each saying it is no puzzle. Only when at least two of them are rows of N
/// cells and they hold N runs no number is, as [`pencil_rows_start`] asks of a whole grid.
///
/// A line of another count ends the grid (from a grid of 16 a row, one of 9 or 25 is the next
/// grid's), but for a cell or a few too many or too few, or two rows run together; so does a
/// rule right after another (a frame, then the next grid's). The lines are read one by one, so
/// a line that is no row ends the look: a pipe is waited on only while rows keep coming.
pub(super) fn broken_pencil_rows(
    lines: &Lines,
    start: usize,
    opts: ReadOptions,
) -> Option<(Record, usize)> {
    if !matches!(opts.format, None | Some(Format::Candidates)) {
        return None;
    }
    let count = |i: usize| lines.get(i).map_or(0, |l| row_cells(l).count());
    // The side from the first line (its stray marks aside), or from the two halves of a first
    // row split in two: the next line is looked at only then, so that a bad line of one
    // token (a puzzle cut short) is said without waiting on a pipe for the next.
    let k = count(start);
    let first = row_cells(lines.at(start))
        .filter(|t| candidates_cell(t))
        .count();
    let n = if symbol_side(k) {
        k
    } else if symbol_side(first) {
        first
    } else if k >= 2 && candidates_row(lines.at(start)) && symbol_side(k + count(start + 1)) {
        k + count(start + 1)
    } else {
        return None;
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut cells = 0;
    let mut after_rule = false;
    let mut i = start;
    while cells < n * n {
        let Some(l) = lines.get(i).map(str::trim) else {
            break;
        };
        if l.is_empty() || l.starts_with('#') {
            break;
        }
        if is_rule(l, Some(n)) {
            if after_rule {
                break;
            }
            after_rule = true;
            i += 1;
            continue;
        }
        after_rule = false;
        let k = row_cells(l).count();
        // A stray mark or two (`59E?F`) spoils a row, not its count.
        let marks = row_cells(l).filter(|t| !candidates_cell(t)).count();
        let near = |m: usize| k.abs_diff(m) <= n / 4;
        if marks > 2 || (title(l) && k != n) {
            break;
        }
        // A row a cell or a few off, or two run together; with the lines and cells it takes.
        let (row, span, got) =
            if k < n && count(i + 1) == n - k && lines.get(i + 1).is_some_and(candidates_row) {
                (Row::Split(i), 2, n)
            } else if near(n) || (near(2 * n) && marks == 0) {
                (Row::Cells(i), 1, k)
            } else {
                break;
            };
        i += span;
        cells += got;
        rows.push(row);
    }
    let row_of = |i: usize| row_cells(lines.at(i)).collect::<Vec<_>>();
    let line_cells = |row: &Row| match *row {
        Row::Cells(i) => row_of(i),
        Row::Split(i) => [row_of(i), row_of(i + 1)].concat(),
    };
    let full = rows.iter().filter(|row| line_cells(row).len() == n).count();
    let all_cells: Vec<&str> = rows.iter().flat_map(line_cells).collect();
    let runs = all_cells
        .iter()
        .filter(|t| no_number(t, n) && !empty_mark(t))
        .count();
    // Runs of candidates in most rows, not a grid of symbols with two cells run together.
    let several = all_cells.iter().filter(|t| t.len() > 1).count() >= rows.len();
    if full < 2 || runs < n || !several {
        return None;
    }
    let used = i - start;
    const CELL: &str = "pencil-mark cell";
    for (r, row) in rows.iter().enumerate() {
        let cells = line_cells(row);
        let (at, whole) = match *row {
            Row::Cells(at) => (at, cells.len() == n),
            Row::Split(at) => {
                return Some((Err(InputError::split_row(at + 1, r + 1, n, CELL)), used));
            }
        };
        // A stray mark first: it may be the cell too many.
        if let Some((c, t)) = cells.iter().enumerate().find(|(_, t)| !candidates_cell(t)) {
            let ch = t
                .chars()
                .find(|c| !c.is_ascii_alphanumeric())
                .unwrap_or('?');
            // A mark alone is no cell: named by its row, as the cells after it are a column off.
            let what = if t.chars().any(|c| c.is_ascii_alphanumeric()) {
                format!("{} in {} ('{t}')", shown(ch), CellName { row: r, col: c })
            } else {
                format!("a stray {} in row {} of the grid", shown(ch), r + 1)
            };
            let err = InputError::at(
                at + 1,
                what,
                "each cell's candidates, letters and digits run together (a pencil-mark grid)",
            );
            return Some((Err(err), used));
        }
        if !whole {
            return Some((
                Err(InputError::bad_row(at + 1, r + 1, n, CELL, cells.len())),
                used,
            ));
        }
    }
    // Every row whole: the grid ends early, or it is whole and something else turned it down.
    (rows.len() < n).then(|| {
        (
            Err(InputError::short_grid(start + 1, n, CELL, &lines_of(&rows))),
            used,
        )
    })
}

/// The 0-based lines `rows` start on.
fn lines_of(rows: &[Row]) -> Vec<usize> {
    let line = |row: &Row| match *row {
        Row::Cells(at) | Row::Split(at) => at,
    };
    rows.iter().map(line).collect()
}

/// A row of a broken pencil-mark grid: on the line it starts at, or split over that line and
/// the next.
enum Row {
    Cells(usize),
    Split(usize),
}

/// Whether a grid of `n` cells a row can be a pencil-mark grid of symbols: from 9×9 up to
/// the largest one symbol a digit writes.
fn symbol_side(n: usize) -> bool {
    (9..=Alphabet::Standard.capacity()).contains(&n) && is_side(n)
}

/// Whether `line` is cells of a pencil-mark grid: letters and digits, or empty marks.
fn candidates_row(line: &str) -> bool {
    row_cells(line).all(candidates_cell)
}

/// The grid [`pencil_rows_start`] found at `start`, read as the candidate grid it is (each
/// cell's symbols its candidates), and the lines it spans (its rules included).
pub(super) fn read_pencil_rows(
    lines: &Lines,
    start: usize,
    n: usize,
    opts: ReadOptions,
) -> (Record, usize) {
    let rows = rows(lines, start, n);
    let used = rows.last().map_or(1, |(i, _)| i + 1 - start);
    let symbols: String = rows
        .iter()
        .flat_map(|(_, cells)| cells.iter().copied())
        .filter(|t| !empty_mark(t))
        .collect();
    let (alphabet, note) = match opts.alphabet {
        Some(a) => (a, None),
        None => {
            let detected = detect_alphabet(&symbols, n, true);
            (detected.alphabet, detected.note)
        }
    };
    // The N³ candidate line: each cell's N positions its digits' symbols, `.` elsewhere.
    let mut line = String::with_capacity(n * n * n);
    for (r, (at, cells)) in rows.iter().enumerate() {
        for (c, cell) in cells.iter().enumerate() {
            let mut slots = vec!['.'; n];
            // An empty mark lists no candidate: the cell's error, as in the N³ form.
            for ch in cell.chars().filter(|_| !empty_mark(cell)) {
                let fault = match alphabet.digit(ch, n) {
                    None => Some(format!("unknown symbol {}", shown(ch))),
                    Some(d) if slots[d as usize - 1] != '.' => Some(format!("{} twice", shown(ch))),
                    Some(d) => {
                        slots[d as usize - 1] = ch;
                        None
                    }
                };
                if let Some(what) = fault {
                    let err = InputError::at(
                        at + 1,
                        format!("{what} in {} ('{cell}')", CellName { row: r, col: c }),
                        format!(
                            "each cell's candidates, digits {} (a pencil-mark grid)",
                            alphabet.describe(n)
                        ),
                    );
                    return (Err(err), used);
                }
            }
            line.extend(slots);
        }
    }
    // A cell is N symbols of the line, a row N cells.
    let locate = |pos: usize| {
        (
            rows[pos / n / n].0 + 1,
            CellName::of(pos / n, n).to_string(),
        )
    };
    let opts = ReadOptions {
        format: Some(Format::Candidates),
        alphabet: Some(alphabet),
    };
    let mut rec = read_symbols(&line, start + 1, opts, &locate);
    if let Ok(p) = &mut rec {
        let read = "each cell's symbols are read as its candidates (a pencil-mark grid)";
        p.note = Some(match note {
            Some(note) => format!("{note}; {read}"),
            None => read.into(),
        });
    }
    (rec, used)
}
