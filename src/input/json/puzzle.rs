//! The puzzle a JSON value holds: a grid of rows, N² cells, rows as strings, a puzzle as one
//! string, or any of them in an object under a grid's name.

use super::error;
use crate::input::error::plural;
use crate::input::numbers::{
    candidate_lists_line, numbers_line, numbers_puzzle, parse_ints, read_candidate_lists,
};
use crate::input::symbols::read_symbols;
use crate::input::{side_of_cells, InputError, ReadOptions, Record};
use crate::topology::CellName;
use serde_json::Value;
use std::borrow::Cow;

/// The puzzle of JSON value `value`, which starts on line `start` (0-based).
pub(super) fn puzzle_of(value: &Value, start: usize, opts: ReadOptions) -> Record {
    let line_no = start + 1;
    cells(value)
        .and_then(|cells| match cells {
            Cells::Array(n, cells) => puzzle(n, &cells, line_no, opts),
            Cells::Line(line) => Ok(puzzle_line(&line, line_no, opts)),
        })
        .unwrap_or_else(|what| Err(error(line_no, what)))
}

/// The names an object's grid is found under, in this order.
const GRID_NAMES: [&str; 4] = ["board", "puzzle", "grid", "quiz"];

/// The names of an object's first field that hold a list of puzzles.
pub(super) const LIST_NAMES: [&str; 7] = [
    "puzzles", "boards", "grids", "quizzes", "sudokus", "items", "data",
];

/// What kind of JSON value `v` is, for messages.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// What a JSON value holds a puzzle as.
enum Cells<'a> {
    /// Side N and the cells, row by row.
    Array(usize, Vec<&'a Value>),
    /// A puzzle written as a line (`"puzzle": "53..7…"`, as `rate --json` writes it), or a
    /// grid's rows as strings, joined.
    Line(Cow<'a, str>),
}

/// The cells of `value`, or what is wrong with its shape.
fn cells(value: &Value) -> Result<Cells<'_>, String> {
    // An object holds the grid under one of the names APIs give it (`{"board": [[…]]}`).
    let value = match value {
        Value::Object(fields) => match GRID_NAMES.iter().find_map(|&name| fields.get(name)) {
            Some(grid) => grid,
            // A list read as a batch only as the object's first field, so that it can be read
            // item by item as it arrives.
            None => match LIST_NAMES
                .iter()
                .find(|&&name| fields.get(name).is_some_and(Value::is_array))
            {
                Some(name) => {
                    return Err(format!(
                        "a JSON object whose list \"{name}\" is not its first field (a batch \
                         is read from the first field only)"
                    ))
                }
                None => return Err("a JSON object with no board, puzzle, grid or quiz".into()),
            },
        },
        _ => value,
    };
    let outer = match value {
        Value::Array(outer) => outer,
        Value::String(line) => return Ok(Cells::Line(Cow::Borrowed(line))),
        _ => return Err(format!("a JSON {} where the grid should be", kind(value))),
    };
    if let Some(line) = string_rows(outer) {
        return Ok(Cells::Line(Cow::Owned(line)));
    }
    if outer.iter().all(Value::is_array) && !outer.is_empty() {
        let n = outer.len();
        let width = |row: &Value| row.as_array().map_or(0, Vec::len);
        let w = width(&outer[0]);
        if w != n && outer.iter().all(|row| width(row) == w) {
            // A row too many or too few, not a short row.
            return Err(format!(
                "a JSON array of {} of {} each",
                plural(n, "row"),
                plural(w, "cell")
            ));
        }
        // The side first: the cells of a grid of 100,000 rows would not fit in memory.
        let Some(side) = side_of_cells(n.saturating_mul(n)) else {
            return Err(format!("a JSON array of {}", plural(n, "row")));
        };
        let mut cells = Vec::with_capacity(n * n);
        for (r, row) in outer.iter().enumerate() {
            let row = row.as_array().map_or(&[][..], Vec::as_slice);
            if row.len() != n {
                return Err(format!("row {} of {n} has {} cells", r + 1, row.len()));
            }
            cells.extend(row);
        }
        Ok(Cells::Array(side, cells))
    } else {
        let len = outer.len();
        side_of_cells(len)
            .map(|n| Cells::Array(n, outer.iter().collect()))
            .ok_or_else(|| format!("a JSON array of {}", plural(len, "cell")))
    }
}

/// A grid written as its N rows, each a string of N symbols or N numbers, as one line (the
/// numbers joined by spaces); `None` for anything else.
fn string_rows(outer: &[Value]) -> Option<String> {
    let n = outer.len();
    if n < 4 || side_of_cells(n * n) != Some(n) {
        return None;
    }
    let rows: Vec<&str> = outer.iter().map(Value::as_str).collect::<Option<_>>()?;
    if rows.iter().all(|r| r.chars().count() == n) {
        return Some(rows.concat());
    }
    let numbers = |r: &&str| numbers_line(r) && r.split_whitespace().count() == n;
    rows.iter().all(numbers).then(|| rows.join(" "))
}

/// The puzzle of N² cells: numbers as the numbers form, one-symbol strings as a line of
/// symbols. `Err` for a cell that is neither; the record's own error for a bad puzzle.
fn puzzle(n: usize, cells: &[&Value], line_no: usize, opts: ReadOptions) -> Result<Record, String> {
    let at = |i: usize| CellName::of(i, n);
    let symbols = cells.iter().all(|c| match c {
        Value::String(s) => s.chars().count() <= 1,
        Value::Null => true,
        _ => false,
    }) && cells.iter().any(|c| c.is_string());
    if symbols {
        let line: String = cells
            .iter()
            .map(|c| c.as_str().and_then(|s| s.chars().next()).unwrap_or('.'))
            .collect();
        let opts = ReadOptions {
            format: None,
            ..opts
        };
        return Ok(read_symbols(&line, line_no, opts, &|i| {
            (line_no, at(i).to_string())
        }));
    }
    let mut values = Vec::with_capacity(cells.len());
    for (i, c) in cells.iter().enumerate() {
        let v = match c {
            Value::Null => Some(0),
            Value::Number(v) => v.as_u64(),
            Value::String(s) => match s.trim() {
                "" | "." | "-" | "_" => Some(0),
                s => s.parse().ok(),
            },
            _ => None,
        };
        match v.and_then(|v| u32::try_from(v).ok()) {
            Some(v) => values.push(v),
            None => return Err(format!("{} is {c}", at(i))),
        }
    }
    Ok(numbers_puzzle(&values, n, &[line_no - 1], None))
}

/// The puzzle of a string: a candidate grid of comma lists (as `reduce --json` writes one
/// from 16×16 up in the numbers form, and from 64×64 up), a line of numbers, or of symbols.
fn puzzle_line(line: &str, line_no: usize, opts: ReadOptions) -> Record {
    if candidate_lists_line(line) {
        return read_candidate_lists(line, line_no);
    }
    if numbers_line(line) {
        let values = parse_ints(line, line_no)?;
        let n = side_of_cells(values.len()).ok_or_else(|| {
            InputError::at(
                line_no,
                format!("a puzzle of {} numbers", values.len()),
                "N² numbers (16, 81, 256, 625, …)",
            )
        })?;
        return numbers_puzzle(&values, n, &[line_no - 1], None);
    }
    let locate = |pos: usize| (line_no, format!("column {} of the string", pos + 1));
    read_symbols(
        line,
        line_no,
        ReadOptions {
            format: None,
            ..opts
        },
        &locate,
    )
}
