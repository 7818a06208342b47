//! Grids as a spreadsheet writes them, saved as CSV or copied and pasted: N lines of N fields
//! (or N² fields on one line) apart by one delimiter, a tab, `,` or `;` (Excel's where the
//! decimal mark is a comma), an empty field an empty cell. Each field is one symbol of a
//! puzzle line, or a number where some field holds two digits.

use super::error::opening;
use super::fields::unquoted;
use super::lines::Lines;
use super::numbers::{numbers_puzzle, parse_int};
use super::rows::is_side;
use super::symbols::read_symbols;
use super::{side_of_cells, Format, InputError, ReadOptions, Record};
use crate::topology::CellName;

/// The delimiters a spreadsheet writes between the cells of a row.
const DELIMITERS: [char; 3] = ['\t', ',', ';'];

/// A grid found at a line: its delimiter, its side N, whether it is on one line, and whether
/// each row ends with a delimiter (an empty field after its last cell, as some exporters
/// write).
#[derive(Clone, Copy, Debug)]
pub(super) struct Sheet {
    delim: char,
    n: usize,
    one_line: bool,
    trailing: bool,
}

/// The most grids a run of rows is read ahead for, to tell a row of empty fields apart from
/// a grid's row ([`separator`]): a run longer than this is read as grids from its start.
const RUN_GRIDS: usize = 64;

/// The fields of `line` apart by `delim`, each without the spaces and double quotes around
/// it; the line without a trailing `\r` and, unless tabs delimit (a leading one is an empty
/// cell), without its indent.
fn fields(line: &str, delim: char) -> impl Iterator<Item = &str> + Clone {
    let line = if delim == '\t' {
        line.trim_matches([' ', '\r'])
    } else {
        line.trim()
    };
    line.split(delim).map(|f| unquoted(f.trim()).trim())
}

/// Whether `field` can be one cell: empty, a number, or one symbol.
fn cell_field(field: &str) -> bool {
    let mut chars = field.chars();
    match (chars.next(), chars.next()) {
        (None, _) | (Some(_), None) => true,
        // Up to a 9×9 cell's candidates run together (`1259`), as pencil-mark sheets hold.
        _ => field.len() <= 9 && field.bytes().all(|b| b.is_ascii_digit()),
    }
}

/// How many fields `line` holds apart by `delim`, when it holds the delimiter.
fn row_width(line: &str, delim: char) -> Option<usize> {
    line.contains(delim).then(|| fields(line, delim).count())
}

/// Whether `line` is a row of `n` fields apart by `delim`, each of which can be a cell.
fn sheet_row(line: &str, delim: char, n: usize) -> bool {
    row_width(line, delim) == Some(n) && fields(line, delim).all(cell_field)
}

/// Whether each field of `line` can be a cell of a grid of side `n`: empty, a number up to
/// `n`, or an empty mark.
fn fits(line: &str, delim: char, n: usize) -> bool {
    fields(line, delim)
        .all(|f| matches!(f, "" | "." | "-" | "_") || f.parse::<usize>().is_ok_and(|v| v <= n))
}

/// The grid whose first row (or whole) is line `start`: the line's fields apart by a tab,
/// `,` or `;` are N, or N², each one cell. Tab-separated numbers, apart by whitespace, are
/// the numbers form as they stand: tabs make a grid here only when a field in its rows is
/// empty, which the numbers form would pass over.
pub(super) fn sheet_start(lines: &Lines, start: usize, opts: ReadOptions) -> Option<Sheet> {
    if !matches!(opts.format, None | Some(Format::Numbers)) {
        return None;
    }
    let line = lines.at(start);
    let (delim, width) = DELIMITERS
        .into_iter()
        .find_map(|d| row_width(line, d).map(|w| (d, w)))
        .filter(|&(d, w)| sheet_row(line, d, w))?;
    let trailing = trailing(line, delim, width);
    let cells = width - usize::from(trailing);
    // 81 fields are a 9×9 grid, or the first row of an 81×81 one: its rows when a line of
    // the 81 from this one holds a cell no 9×9 grid can (as each full row does).
    let rows = match side_of_cells(cells) {
        None => true,
        Some(small) => {
            let big = |l: &str| sheet_row(l, delim, width) && !fits(l, delim, small);
            let run = (start..start + cells).map_while(|i| lines.get(i));
            is_side(cells)
                && run
                    .take_while(|l| row_width(l, delim) == Some(width))
                    .any(big)
        }
    };
    if !rows && side_of_cells(cells).is_none() || rows && !is_side(cells) {
        return None;
    }
    let sheet = Sheet {
        delim,
        n: if rows { cells } else { side_of_cells(cells)? },
        one_line: !rows,
        trailing,
    };
    let rows = if rows { sheet.n } else { 1 };
    // Rows numbered 1 to N in their first field have a label column, which a row with a
    // trailing delimiter would take for its first cell.
    let numbered = (1..=rows).all(|r| {
        let first = lines
            .get(start + r - 1)
            .and_then(|l| fields(l, delim).next());
        first == Some(r.to_string().as_str())
    });
    if trailing && rows > 1 && numbered {
        return None;
    }
    let empty_field = || {
        (start..start + rows)
            .map_while(|i| lines.get(i).filter(|l| sheet_row(l, delim, width)))
            .any(|l| fields(l, delim).any(str::is_empty))
    };
    (delim != '\t' || empty_field()).then_some(sheet)
}

/// Whether `width` fields of `line` are a row's cells and an empty field after them: not a
/// row of a grid as they are, but one cell fewer would be.
fn trailing(line: &str, delim: char, width: usize) -> bool {
    let cells = width - 1;
    !is_side(width)
        && side_of_cells(width).is_none()
        && (is_side(cells) || side_of_cells(cells).is_some())
        && fields(line, delim).last() == Some("")
}

/// Whether line `i` is a row of tabs alone that heads a grid [`sheet_start`] reads: a blank
/// line to the eye, it is the grid's first row, all of its cells empty.
pub(super) fn empty_tab_row(lines: &Lines, i: usize) -> bool {
    let line = lines.at(i).trim_matches([' ', '\r']);
    let width = line.len() + 1;
    !line.is_empty()
        && line.bytes().all(|b| b == b'\t')
        && lines.get(i + 1).is_some_and(|l| sheet_row(l, '\t', width))
        && !separator(lines, i)
}

/// Whether line `i`, a row of empty fields, stands between grids rather than in one: an empty
/// row of the sheet between two grids, or under the last. The run of rows from it decides.
pub(super) fn separator(lines: &Lines, i: usize) -> bool {
    apart(lines, i, false)
}

/// Whether line `i` is a row of empty fields apart from the grids around it: the run of rows
/// from it cuts into whole grids and empty rows with it apart and not with it heading a grid,
/// or both ways `under_grid`, right under a grid's rows or those apart under them (a grid may
/// start or end with an empty row, and a sheet keeps its grids an empty row apart).
fn apart(lines: &Lines, i: usize, under_grid: bool) -> bool {
    let Some(line) = lines.get(i) else {
        return false;
    };
    if !line.contains(DELIMITERS) || !line.chars().all(|c| DELIMITERS.contains(&c) || c == ' ') {
        return false;
    }
    let Some((delim, width)) = DELIMITERS
        .into_iter()
        .find_map(|d| row_width(line, d).map(|w| (d, w)))
    else {
        return false;
    };
    let n = width - usize::from(trailing(line, delim, width));
    if !is_side(n) {
        return false;
    }
    let most = n * RUN_GRIDS;
    let run: Vec<bool> = (i..i + most)
        .map_while(|j| lines.get(j))
        .take_while(|l| sheet_row(l, delim, width))
        .map(|l| fields(l, delim).all(str::is_empty))
        .collect();
    // `whole[j]`: the rows from the run's j-th on cut into grids and empty rows (a run cut
    // short by the bound may end anywhere).
    let len = run.len();
    let mut whole = vec![false; len + 1];
    whole[len] = true;
    for j in (0..len).rev() {
        let grid = j + n <= len && whole[j + n];
        whole[j] = grid || (run[j] && whole[j + 1]) || (len == most && j + n > len);
    }
    let heads_grid = n <= len && whole[n];
    whole[1] && (!heads_grid || under_grid)
}

/// The grid [`sheet_start`] found at `start`, and the lines it spans. Its cells are symbols
/// of a puzzle line, each field one, or numbers when a field holds two digits or more.
pub(super) fn read_sheet(
    lines: &Lines,
    start: usize,
    sheet: Sheet,
    opts: ReadOptions,
) -> (Record, usize) {
    let Sheet {
        delim,
        n,
        one_line,
        trailing,
    } = sheet;
    let width = if one_line { n * n } else { n };
    let mut cells: Vec<&str> = Vec::with_capacity(n * n);
    let mut row_lines = Vec::with_capacity(n);
    let rows = n * n / width;
    for i in start..start + rows {
        let Some(line) = lines.get(i) else { break };
        // A row's fields up to its trailing delimiter, when each row has one.
        let cut = trailing && fields(line, delim).last() == Some("");
        match row_width(line, delim).map(|w| w - usize::from(cut)) {
            Some(w) if w == width => {
                cells.extend(fields(line, delim).take(width));
                row_lines.push(i);
            }
            // A row with too many or too few cells spoils the grid, and takes its other rows
            // along: read on their own, they would be wrong grids each.
            Some(w) => {
                let err = InputError::bad_row(i + 1, row_lines.len() + 1, n, "field", w);
                let more = (i + 1..start + rows)
                    .take_while(|&j| lines.get(j).is_some_and(|l| l.contains(delim)))
                    .count();
                return (Err(err), i + 1 + more - start);
            }
            None => break,
        }
    }
    let used = row_lines.len();
    if cells.len() < n * n {
        return (
            Err(InputError::short_grid(start + 1, n, "field", &row_lines)),
            used,
        );
    }
    // The empty rows under the grid that stand apart from the next go with it.
    let mut used = used;
    while apart(lines, start + used, true) {
        used += 1;
    }
    let line_of = |cell: usize| row_lines[cell / width] + 1;
    // One symbol a field reads as a puzzle line would (`5,3,,,7…` as `53..7…`), in its
    // alphabet; a number of two digits makes them numbers.
    let rec = if cells.iter().any(|f| f.chars().nth(1).is_some()) {
        let mut values = Vec::with_capacity(cells.len());
        for (cell, f) in cells.iter().enumerate() {
            let name = || Some(CellName::of(cell, n));
            let value = match *f {
                // An empty mark, as in the numbers form, among numbers of two digits.
                "" | "." | "-" | "_" => Ok(0),
                f if f.bytes().all(|b| b.is_ascii_digit()) => parse_int(f, line_of(cell), name),
                f => Err(InputError::at(
                    line_of(cell),
                    format!(
                        "{} at {} is neither a number nor one symbol",
                        opening(f),
                        CellName::of(cell, n)
                    ),
                    "a number or one symbol a field, an empty field for an empty cell",
                )),
            };
            match value {
                Ok(v) => values.push(v),
                Err(e) => return (Err(e), used),
            }
        }
        numbers_puzzle(&values, n, &row_lines, None)
    } else {
        let text: String = cells
            .iter()
            .map(|f| f.chars().next().unwrap_or('.'))
            .collect();
        let locate = |pos: usize| (line_of(pos), CellName::of(pos, n).to_string());
        read_symbols(&text, start + 1, opts, &locate)
    };
    (rec, used)
}
