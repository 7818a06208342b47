//! Whether an array that opens a line is one grid or a list of puzzles: its first items tell.

use super::list::List;
use super::puzzle::LIST_NAMES;
use super::scan::{next_char, string_end, text_between, value_end};
use crate::alphabet::Alphabet;
use crate::input::lines::Lines;
use crate::input::numbers::numbers_line;
use crate::input::{puzzle_length, side_of_cells};
use serde_json::Value;

/// The list of puzzles that opens on line `start` (which starts with `[` or `{`), or `None`
/// when the value there is one grid (or not a list): its first items decide. An item that is
/// an object, a grid of rows, or a string or array of a whole puzzle makes a list; numbers,
/// rows and one-symbol strings make a grid. An item as long as a grid's side and a whole
/// puzzle both (16 symbols, or 81 numbers) makes a grid when the value is that many items.
pub(in crate::input) fn list_start(lines: &Lines, start: usize) -> Option<List> {
    let first = lines.at(start);
    let open = first.len() - first.trim_start().len();
    let (line, at, wrapped) = if first[open..].starts_with('{') {
        // `{"puzzles": [`: a first field named as a list (a grid's own names, or a field
        // such as `"tags": [...]`, leave the object one puzzle).
        let (l, a, c) = next_char(lines, start, open + 1)?;
        let end = (c == '"').then(|| string_end(lines.at(l), a)).flatten()?;
        let name: String = serde_json::from_str(&lines.at(l)[a..end]).ok()?;
        let name = LIST_NAMES.iter().find(|&&n| n == name)?;
        let (l, a, c) = next_char(lines, l, end)?;
        let (l, a, c2) = (c == ':').then(|| next_char(lines, l, a + 1)).flatten()?;
        (c2 == '[').then_some((l, a, Some(*name)))?
    } else {
        (start, open, None)
    };
    let (l, a, c) = next_char(lines, line, at + 1)?;
    // Under a list's name (`"puzzles"`), items are puzzles whatever the first ones are.
    let list = wrapped.is_some()
        || match c {
            // An empty list holds no puzzle; an object, one each.
            ']' | '{' => true,
            _ => match first_items_say(lines, l, a)? {
                Says::List => true,
                Says::Grid | Says::Row => false,
                Says::RowsIf(cells, open_list) => {
                    // Rows of a grid only if there are exactly `cells` of them; `open_list` when
                    // the value runs past the window.
                    value_end(lines, line, at).map_or(open_list, |end| {
                        let text = text_between(lines, (line, at), end);
                        // One that does not parse (a stray `x` between rows) is weighed by
                        // its items one by one: a typo does not make a big grid's rows a list.
                        let items = serde_json::from_str::<Vec<Value>>(&text)
                            .unwrap_or_else(|_| items_one_by_one(lines, line, at + 1, cells + 1));
                        items.len() != cells || !big_givens(&items, cells)
                    })
                }
            },
        };
    list.then_some(List::new(start, (line, at + 1), wrapped))
}

/// The items of the array whose first item is at or after byte `at` of line `line`, up to
/// `most` of them, each parsed on its own (`null` when it does not parse), one stray
/// character before a comma passed over (`]x,`, `]},`): what a value that does not parse
/// holds.
fn items_one_by_one(lines: &Lines, line: usize, at: usize, most: usize) -> Vec<Value> {
    let mut items = Vec::new();
    let mut next = next_char(lines, line, at);
    while let Some((l, a, _)) = next.filter(|&(_, _, c)| c != ']' && items.len() < most) {
        let Some(end) = value_end(lines, l, a) else {
            break;
        };
        let text = text_between(lines, (l, a), end);
        items.push(serde_json::from_str(&text).unwrap_or(Value::Null));
        let comma =
            |(l, a, c): (usize, usize, char)| (c == ',').then(|| next_char(lines, l, a + 1));
        next = match next_char(lines, end.0, end.1) {
            Some((l, a, c)) if c != ',' && c != ']' => next_char(lines, l, a + c.len_utf8())
                .and_then(comma)
                .flatten(),
            after => after.and_then(comma).flatten(),
        };
    }
    items
}

/// Whether `items`, `cells` of them, each `cells` cells long, are the rows of one big grid
/// rather than as many whole small puzzles (16 of 4×4, 81 of 9×9): most of their givens are
/// too big for the small grid, as the reader asks of rows of text (`rows::big_grid`). Sixteen
/// 4×4 puzzles, one with a typo, stay sixteen puzzles; an empty big grid reads as small ones,
/// as in text.
fn big_givens(items: &[Value], cells: usize) -> bool {
    let side = side_of_cells(cells).unwrap_or(cells) as u64;
    let (mut givens, mut above) = (0usize, 0usize);
    let mut count = |v: Option<u64>| {
        if let Some(v) = v.filter(|&v| v > 0) {
            givens += 1;
            above += usize::from(v > side);
        }
    };
    // A symbol's value: `1`-`9` their own, a letter past the small grid's digits; `0`, `.`,
    // `-` and `_` empty.
    let symbol = |c: char| match c {
        '1'..='9' => c.to_digit(10).map(u64::from),
        c if c.is_ascii_alphabetic() => Some(side + 1),
        _ => None,
    };
    for item in items {
        match item {
            Value::Array(cells) => {
                for c in cells {
                    count(match c {
                        Value::String(s) => s.trim().parse().ok().or_else(|| {
                            let mut chars = s.trim().chars();
                            chars
                                .next()
                                .filter(|_| chars.next().is_none())
                                .and_then(symbol)
                        }),
                        c => c.as_u64(),
                    });
                }
            }
            Value::String(row) if numbers_line(row) => {
                row.split_whitespace().for_each(|t| count(t.parse().ok()));
            }
            Value::String(row) => row.chars().for_each(|c| count(symbol(c))),
            _ => {}
        }
    }
    2 * above > givens
}

/// What the items at the head of an array say it is.
#[derive(Clone, Copy)]
enum Says {
    /// A list of puzzles: an item is a whole puzzle and no row.
    List,
    /// A grid: its items are cells or rows (or nothing else told).
    Grid,
    /// A grid's row and no whole puzzle (9 cells, 36 symbols).
    Row,
    /// An item is a row of this many cells and a whole puzzle both (16 symbols, or 81
    /// numbers): rows of a grid if there are exactly that many. When the value runs past the
    /// window, a list if the flag says so (strings: a list of any length), else a grid (arrays,
    /// as a grid pretty-printed a cell a line).
    RowsIf(usize, bool),
}

/// How many items at the head of an array are read to tell a grid from a list: a bad puzzle
/// first in a list (80 symbols, `""`) must not make the list one bad grid.
const ITEMS_LOOKED_AT: usize = 8;

/// What the items at the head of an array say, the first at byte `at` of line `line`: a list
/// as soon as one is a whole puzzle and no row (a grid holds none), else the first that could
/// be both, unless two rows and no puzzle came before it (a grid with a bad row), else a grid.
/// `None` when the first item is an array or object not closed in the window. A string not
/// closed on its line, or with text after it there (a quote dropped, or one too many), is a
/// bad item or row: the items on the lines after it tell, as do those after a comma missing.
fn first_items_say(lines: &Lines, mut line: usize, mut at: usize) -> Option<Says> {
    let mut said = Says::Grid;
    let mut rows = 0;
    for looked in 0..ITEMS_LOOKED_AT {
        let string = lines.at(line)[at..].starts_with('"');
        let next = match item_says(lines, line, at) {
            Some((says, (end, end_at))) => {
                match says {
                    Says::List => return Some(Says::List),
                    Says::Row => rows += 1,
                    Says::RowsIf(..) if matches!(said, Says::Grid) && rows < 2 => said = says,
                    _ => {}
                }
                next_char(lines, end, end_at)
            }
            None if string => next_char(lines, line + 1, 0),
            None => return (looked > 0).then_some(said),
        };
        let item_start =
            |(l, a, c): (usize, usize, char)| matches!(c, '"' | '[' | '{').then_some((l, a));
        let resume = match next {
            Some((l, a, ',')) => match next_char(lines, l, a + 1) {
                Some((_, _, ']' | '}' | ',')) | None => None,
                Some((l, a, _)) => Some((l, a)),
            },
            Some((l, _, c)) if string && l == line && !matches!(c, '"' | '[' | '{' | ']') => {
                next_char(lines, l + 1, 0).and_then(item_start)
            }
            next => next.and_then(item_start),
        };
        let Some(resume) = resume else { break };
        (line, at) = resume;
    }
    Some(said)
}

/// What the item that opens at byte `at` of line `line` says, and where it ends. A grid (of
/// rows, or of strings of rows of 4 symbols or more) or an object in it is a puzzle of a list;
/// strings and arrays of cells are weighed by their length; anything else (a number, `null`)
/// is a cell, or a bad item of a list that the items after it tell.
fn item_says(lines: &Lines, line: usize, at: usize) -> Option<(Says, (usize, usize))> {
    if !lines.at(line)[at..].starts_with(['"', '[']) {
        return Some((Says::Grid, value_end(lines, line, at)?));
    }
    if lines.at(line)[at..].starts_with('"') {
        let end = string_end(lines.at(line), at)?;
        let item: String = serde_json::from_str(&lines.at(line)[at..end]).ok()?;
        return Some((string_says(item.trim()), (line, end)));
    }
    // A list at once, without looking for the item's end (a grid may run past the window).
    let grid = match next_char(lines, line, at + 1) {
        Some((_, _, '[' | '{')) => true,
        Some((l, a, '"')) => string_end(lines.at(l), a).is_some_and(|e| e - a >= 6),
        _ => false,
    };
    if grid {
        return Some((Says::List, (line, at)));
    }
    let end = value_end(lines, line, at)?;
    let text = text_between(lines, (line, at), end);
    let cells = serde_json::from_str::<Vec<Value>>(&text).map_or(0, |v| v.len());
    Some((length_says(cells, true, false), end))
}

/// What one string item says: a whole puzzle, a row (of symbols: no more than the largest
/// alphabet), one cell, or both a puzzle and a row.
fn string_says(item: &str) -> Says {
    let numbers = numbers_line(item);
    let cells = if numbers {
        item.split_whitespace().count()
    } else {
        item.chars().count()
    };
    length_says(cells, numbers, true)
}

/// What an item of `cells` cells says; `numbers`: written as numbers, so a row may be longer
/// than the largest alphabet; `open_list`: see [`Says::RowsIf`].
fn length_says(cells: usize, numbers: bool, open_list: bool) -> Says {
    let row = side_of_cells(cells * cells) == Some(cells)
        && (numbers || cells <= Alphabet::Standard.capacity());
    match (puzzle_length(cells), row) {
        (true, false) => Says::List,
        (true, true) => Says::RowsIf(cells, open_list),
        (false, true) => Says::Row,
        (false, false) => Says::Grid,
    }
}
