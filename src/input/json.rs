//! Puzzles written as JSON arrays, as programs print them: rows of cells (`[[5,3,0,…],…]`,
//! LeetCode's `[["5","3",".",…],…]`) or the N² cells flat, alone or in an object under
//! `board`, `puzzle`, `grid` or `quiz`, on one line or pretty-printed over many. Numbers are
//! read as the numbers form is (0 or `null` empty), strings of one symbol as a line of symbols
//! (`""` or `"."` empty), and the solution is written in that form.

use super::lines::Lines;
use super::numbers::{numbers_line, numbers_puzzle, parse_ints};
use super::symbols::read_symbols;
use super::{side_of_cells, InputError, ReadOptions, Record};
use serde_json::Value;

const EXPECTED: &str = "a JSON array of N rows of N cells, or of N² cells (numbers, 0 or null \
                        for an empty cell, or strings of one symbol)";

/// The JSON array or object that opens on line `start`, read to the line its brackets close,
/// and the number of lines it spans.
pub(super) fn read_json(lines: &Lines, start: usize, opts: ReadOptions) -> (Record, usize) {
    let line_no = start + 1;
    let error = |line: usize, what: String| InputError {
        line,
        what,
        expected: EXPECTED.into(),
    };
    let Some((end, at)) = closing_line(lines, start) else {
        let what = "a JSON value that is not closed".to_string();
        return (Err(error(line_no, what)), 1);
    };
    let used = end - start + 1;
    let mut text: Vec<&str> = (start..=end).map(|i| lines.at(i)).collect();
    let (value_end, after) = lines.at(end).split_at(at);
    text[end - start] = value_end;
    let value: Value = match serde_json::from_str(&text.join("\n")) {
        Ok(value) => value,
        Err(e) => {
            let message = e.to_string();
            let message = message.split(" at line ").next().unwrap_or_default();
            let what = format!("not valid JSON ({message}, column {})", e.column());
            return (Err(error(start + e.line().max(1), what)), used);
        }
    };
    let record = cells(&value)
        .and_then(|cells| match cells {
            Cells::Array(n, cells) => puzzle(n, &cells, line_no, opts),
            Cells::Line(line) => Ok(puzzle_line(line, line_no, opts)),
        })
        .unwrap_or_else(|what| Err(error(line_no, what)))
        .map(|mut p| {
            // A comma after a value, as between the values of a list, says nothing more.
            let after = after.trim().trim_start_matches(',').trim_start();
            if !after.is_empty() {
                let note = format!("the text after the JSON value (from '{after}') is passed over");
                p.note = Some(match p.note.take() {
                    Some(other) => format!("{other}; {note}"),
                    None => note,
                });
            }
            p
        });
    (record, used)
}

/// The line where the value opened on line `start` closes (brackets in strings not counted)
/// and the byte after its closing bracket, or `None` when the text or the window ends first.
fn closing_line(lines: &Lines, start: usize) -> Option<(usize, usize)> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, line) in (start..).zip(lines.from(start)) {
        for (at, c) in line.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' if in_string => escaped = true,
                '"' => in_string = !in_string,
                '[' | '{' if !in_string => depth += 1,
                ']' | '}' if !in_string => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some((i, at + 1));
                    }
                }
                _ => {}
            }
        }
    }
    None
}

/// The names an object's grid is found under, in this order.
const GRID_NAMES: [&str; 4] = ["board", "puzzle", "grid", "quiz"];

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
    /// A puzzle written as a line (`"puzzle": "53..7…"`, as `rate --json` writes it).
    Line(&'a str),
}

/// The cells of `value`, or what is wrong with its shape.
fn cells(value: &Value) -> Result<Cells<'_>, String> {
    // An object holds the grid under one of the names APIs give it (`{"board": [[…]]}`).
    let value = match value {
        Value::Object(fields) => GRID_NAMES
            .iter()
            .find_map(|&name| fields.get(name))
            .ok_or("a JSON object with no board, puzzle, grid or quiz")?,
        _ => value,
    };
    let outer = match value {
        Value::Array(outer) => outer,
        Value::String(line) => return Ok(Cells::Line(line)),
        _ => return Err(format!("a JSON {} where the grid should be", kind(value))),
    };
    if outer.iter().all(Value::is_array) && !outer.is_empty() {
        let n = outer.len();
        let mut cells = Vec::with_capacity(n * n);
        for (r, row) in outer.iter().enumerate() {
            let row = row.as_array().map_or(&[][..], Vec::as_slice);
            if row.len() != n {
                return Err(format!("row {} of {n} has {} cells", r + 1, row.len()));
            }
            cells.extend(row);
        }
        side_of_cells(n * n)
            .map(|n| Cells::Array(n, cells))
            .ok_or_else(|| format!("a JSON array of {n} rows"))
    } else {
        let len = outer.len();
        side_of_cells(len)
            .map(|n| Cells::Array(n, outer.iter().collect()))
            .ok_or_else(|| format!("a JSON array of {len} cells"))
    }
}

/// The puzzle of N² cells: numbers as the numbers form, one-symbol strings as a line of
/// symbols. `Err` for a cell that is neither; the record's own error for a bad puzzle.
fn puzzle(n: usize, cells: &[&Value], line_no: usize, opts: ReadOptions) -> Result<Record, String> {
    let at = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
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
        return Ok(read_symbols(&line, line_no, opts, &|i| (line_no, at(i))));
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

/// The puzzle of a string: a line of numbers, or of symbols.
fn puzzle_line(line: &str, line_no: usize, opts: ReadOptions) -> Record {
    if numbers_line(line) {
        let values = parse_ints(line, line_no)?;
        let n = side_of_cells(values.len()).ok_or_else(|| InputError {
            line: line_no,
            what: format!("a puzzle of {} numbers", values.len()),
            expected: "N² numbers (16, 81, 256, 625, …)".into(),
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
