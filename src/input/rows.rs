//! Grids drawn for people: N rows of N symbols, with the spaces, `|` and box rules of forum
//! posts and of `--format grid` output passed over.

use super::lines::Lines;
use super::numbers::{number_token, tokens, whole_puzzle};
use super::symbols::read_symbols;
use super::{side_of_cells, Format, InputError, ReadOptions, Record, SUPPORTED};

/// The cells of a row of symbols as people draw grids: the line without spaces and `|`.
fn row_cells(line: &str) -> Vec<char> {
    line.chars()
        .filter(|c| !c.is_whitespace() && *c != '|')
        .collect()
}

/// Whether `line` is a rule of a drawn grid, a border or a line between bands: drawing
/// characters only, with a dash, and
/// - a mark no cell can be: `+`, `=`, or the corners `*`, `:` and `'` of forum and Sudoku
///   Explainer frames (`+-------+`, `------+------`, `*-----------*`, `'-------'-------'`);
/// - or dashes, maybe between `.` corners (`.-------.-------.`), that cannot be a row of empty
///   cells (`-` and `.` are empty marks): inside a grid of rows of `n` symbols, not `n` of them
///   or drawn with `|`; outside one, not as many as a puzzle has cells.
pub(super) fn is_rule(line: &str, n: Option<usize>) -> bool {
    let t = row_cells(line);
    let drawing = |c: &char| matches!(c, '-' | '=' | '+' | '*' | ':' | '\'' | '.');
    if !t.iter().all(drawing) || !t.iter().any(|c| matches!(c, '-' | '=')) {
        return false;
    }
    if t.iter().any(|c| matches!(c, '+' | '=' | '*' | ':' | '\'')) {
        return true;
    }
    let dots_are_corners = !t.contains(&'.')
        || (t[0] == '.' && t[t.len() - 1] == '.' && !t.windows(2).any(|w| w == ['.', '.']));
    dots_are_corners
        && (line.contains('|')
            || match n {
                Some(n) => t.len() != n,
                None => side_of_cells(t.len()).is_none(),
            })
}

/// How many rows of `n` cells (symbols, or numbers) follow the line at `start`, box rules
/// passed over, up to a blank line, a comment, a line that is no such row, or `n` rows.
fn rows_after(lines: &Lines, start: usize, n: usize) -> usize {
    (start + 1..)
        .map_while(|i| lines.get(i).map(str::trim))
        .take_while(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|l| !is_rule(l, Some(n)))
        .take_while(|l| {
            row_cells(l).len() == n || (tokens(l).count() == n && tokens(l).all(number_token))
        })
        .take(n)
        .count()
}

/// The side N of the grid whose first row is the line at `start`, when that row has a
/// wrong count of `cells` (a few off), holds only what cells can, and exactly the N - 1 other
/// rows of the grid follow it (then a blank line, a comment, the end of the text or a line
/// that is no row): the grid is read, and its bad first row reported, rather than the row
/// alone and the rest as a grid cut short. Exactly: with a whole grid after it, the line is
/// a stray one (a title, a broken line) and the grid is read whole; so also when grids follow
/// one another without a blank line, as one missing a row would shift the next.
pub(super) fn grid_below(lines: &Lines, start: usize, cells: usize) -> Option<usize> {
    let next = lines.get(start + 1)?.trim();
    let n = tokens(next).count();
    let n = if n > 1 && tokens(next).all(number_token) {
        n
    } else {
        row_cells(next).len()
    };
    let symbol = |c: char| {
        c.is_ascii_digit() || matches!(c, '.' | '-' | '_') || (n > 9 && c.is_ascii_alphabetic())
    };
    let row_like = row_cells(lines.at(start)).into_iter().all(symbol);
    (SUPPORTED.map(|k| k * k).any(|m| m == n)
        && cells != n
        && cells.abs_diff(n) <= n / 4
        && row_like
        && rows_after(lines, start, n) == n - 1)
        .then_some(n)
}

/// The side N when the line at `start` begins a grid written as N rows of N symbols (with or
/// without spaces and box rules): it holds N symbols for N from 4 to 49 and the next row
/// does too. Sixteen symbols are also a whole 4×4 puzzle: the symbols above 4 decide, as
/// [`big_grid`] says for rows of numbers.
pub(super) fn symbol_rows_start(lines: &Lines, start: usize, opts: ReadOptions) -> Option<usize> {
    if !matches!(opts.format, None | Some(Format::Line)) {
        return None;
    }
    // Counted before the cells are collected: most lines are whole puzzles, far longer.
    let n = lines
        .at(start)
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '|')
        .take(50)
        .count();
    if n < 50 && side_of_cells(n).is_none() && !SUPPORTED.map(|k| k * k).any(|m| m == n) {
        // A first row a few symbols off, above the grid's other rows.
        return grid_below(lines, start, n);
    }
    if !SUPPORTED.map(|k| k * k).any(|m| m == n) || n > 49 {
        return None;
    }
    let first = row_cells(lines.at(start));
    // The lines that would be its other rows; most must hold N symbols (one bad row still
    // belongs to the grid).
    let next: Vec<Vec<char>> = lines
        .from(start + 1)
        .map(|l| l.trim())
        .take_while(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|l| !is_rule(l, Some(n)))
        .map(row_cells)
        .take_while(|r| r.len() == n || side_of_cells(r.len()).is_none())
        .take(n - 1)
        .collect();
    let rows: Vec<&Vec<char>> = next.iter().filter(|r| r.len() == n).collect();
    if rows.is_empty() || 2 * rows.len() < next.len() {
        return None;
    }
    if n != 16 || lines.at(start).contains('|') {
        return Some(n);
    }
    let small = |c: &char| matches!(c, '0'..='4' | '.' | '-' | '_');
    let given = |c: &char| !matches!(c, '0' | '.' | '-' | '_');
    let above: usize = rows
        .iter()
        .map(|r| r.iter().filter(|c| !small(c)).count())
        .sum();
    let givens: usize = rows
        .iter()
        .map(|r| r.iter().filter(|c| given(c)).count())
        .sum();
    let complete = next.len() == n - 1;
    big_grid(first.iter().any(|c| !small(c)), above, givens, complete).then_some(n)
}

/// Whether rows of N = 16 (or 81) cells are one big grid rather than small grids one a line,
/// from the first row (whether it holds a digit too big for a small grid) and the next ones
/// (how many of their givens are too big, of how many; `complete` when all N - 1 are there):
/// when the first does, another must too (or the rest, all there, hold no givens), else one
/// value out of range among small grids is that grid's error, and the empty small grids after
/// it are still read; when it does not, most givens of the rest must be too big, as in a big
/// grid whose first row happens to hold small digits only.
pub(super) fn big_grid(first_above: bool, above: usize, givens: usize, complete: bool) -> bool {
    if first_above {
        above > 0 || (givens == 0 && complete)
    } else {
        2 * above > givens
    }
}

/// A grid of N rows of N symbols from `start` (box rules passed over); returns lines
/// consumed. A blank line, a comment, a whole puzzle or the end of the text ends it early; a
/// bad row spoils the grid, whose other rows go with it.
pub(super) fn read_symbol_rows(
    lines: &Lines,
    start: usize,
    n: usize,
    opts: ReadOptions,
) -> (Record, usize) {
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    let mut idx = start;
    while rows.len() < n {
        let Some(l) = lines.get(idx).map(str::trim) else {
            break;
        };
        if l.is_empty() || l.starts_with('#') {
            break;
        }
        if !is_rule(l, Some(n)) {
            let cells = row_cells(l);
            if cells.len() != n && (whole_puzzle(l, n) || side_of_cells(cells.len()).is_some()) {
                break;
            }
            rows.push((idx, cells));
        }
        idx += 1;
    }
    let used = idx - start;
    if rows.len() < n {
        let err = InputError::short_grid(start + 1, n, "symbol", rows.len());
        return (Err(err), used);
    }
    if let Some((r, (at, cells))) = rows.iter().enumerate().find(|(_, (_, c))| c.len() != n) {
        let err = InputError::bad_row(at + 1, r + 1, n, "symbol", cells.len());
        return (Err(err), used);
    }
    let text: String = rows.iter().flat_map(|(_, c)| c).collect();
    let opts = ReadOptions {
        format: Some(Format::Line),
        ..opts
    };
    let locate = |pos: usize| {
        (
            rows[pos / n].0 + 1,
            format!("r{}c{}", pos / n + 1, pos % n + 1),
        )
    };
    (read_symbols(&text, start + 1, opts, &locate), used)
}
