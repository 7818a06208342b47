//! Puzzles written as JSON arrays, as programs print them: rows of cells (`[[5,3,0,…],…]`,
//! LeetCode's `[["5","3",".",…],…]`) or the N² cells flat, alone or in an object under
//! `board`, `puzzle`, `grid` or `quiz`, on one line or pretty-printed over many. Numbers are
//! read as the numbers form is (0 or `null` empty), strings of one symbol as a line of symbols
//! (`""` or `"."` empty), and the solution is written in that form. A grid may also be its
//! rows as strings (`["53..7....", …]`).
//!
//! A **list of puzzles** (`["53..7…", "…"]`, `[{"puzzle": …}, …]`, `[[[5,3,…],…], …]`, or
//! such a list as the first field of an object, `{"puzzles": […]}`) is a batch: it is read
//! item by item as the text arrives, each item a record of its own on the line where it
//! starts, so a list of any length is read in bounded memory and a bad item costs only itself.

use super::brackets::close_from;
use super::error::{opening, plural};
use super::lines::Lines;
use super::numbers::{numbers_line, numbers_puzzle, parse_ints};
use super::symbols::read_symbols;
use super::{puzzle_length, side_of_cells, InputError, ReadOptions, Record};
use crate::alphabet::Alphabet;
use crate::topology::CellName;
use serde_json::Value;
use std::borrow::Cow;

const EXPECTED: &str = "a JSON array of N rows of N cells, or of N² cells (numbers, 0 or null \
                        for an empty cell, or strings of one symbol)";

/// The JSON array or object that opens on line `start`, read to the line its brackets close,
/// and the number of lines it spans.
pub(super) fn read_json(lines: &Lines, start: usize, opts: ReadOptions) -> (Record, usize) {
    let Some((end, at)) = value_end(lines, start, 0) else {
        let what = "a JSON value that is not closed".to_string();
        return (Err(error(start + 1, what)), 1);
    };
    let used = end - start + 1;
    let text = text_between(lines, (start, 0), (end, at));
    // A comma after a value, as between the values of a list, says nothing more.
    let after = lines.at(end)[at..]
        .trim()
        .trim_start_matches(',')
        .trim_start();
    if after.starts_with(['{', '[']) {
        // Another value on the line would be a puzzle passed over: one value a line.
        let what = format!(
            "a second JSON value after the first (from {})",
            opening(after)
        );
        let err = InputError {
            expected: "one JSON value a line, or a JSON list of puzzles ([…, …])".into(),
            ..error(end + 1, what)
        };
        return (Err(err), used);
    }
    let value = match parse(&text, start, "") {
        Ok(value) => value,
        // Text that does not parse may not be one value at all: a stray `{` before puzzles
        // on lines of their own, closed by a stray `}` thousands of lines on. It costs the
        // lines before the one where it breaks, which parsed as JSON (a puzzle of symbols on
        // a line of its own does not), and the lines from there on are read again, each a
        // record of its own; a value that breaks on its last line (a comma before the
        // closing bracket) is one value with a typo, and costs all its lines.
        Err((e, broke)) => {
            let kept = if broke >= used {
                used
            } else {
                (broke - 1).max(1)
            };
            return (Err(e), kept);
        }
    };
    let record = puzzle_of(&value, start, opts).map(|mut p| {
        if !after.is_empty() {
            let note = format!(
                "the text after the JSON value (from {}) is passed over",
                opening(after)
            );
            p.add_note(note);
        }
        p
    });
    (record, used)
}

/// An error of the JSON form on 1-based line `line`.
fn error(line: usize, what: String) -> InputError {
    InputError {
        line,
        item: None,
        what,
        expected: EXPECTED.into(),
    }
}

/// The text from (line, byte) `from` to `to` (past its last byte), its lines joined by `\n`.
fn text_between(lines: &Lines, from: (usize, usize), to: (usize, usize)) -> String {
    if from.0 == to.0 {
        return lines.at(from.0)[from.1..to.1].to_string();
    }
    let mut text = lines.at(from.0)[from.1..].to_string();
    for i in from.0 + 1..to.0 {
        text.push('\n');
        text.push_str(lines.at(i));
    }
    text.push('\n');
    text.push_str(&lines.at(to.0)[..to.1]);
    text
}

/// The JSON value `text`, which starts on line `start` (0-based) after `before` (counted for
/// a column only on an error: a list may be one line of megabytes), or an error on that line
/// saying where it breaks (the line too, when it is a later one), with the line of `text`
/// where it breaks (1-based).
fn parse(text: &str, start: usize, before: &str) -> Result<Value, (InputError, usize)> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or_default();
        let at = if e.line() <= 1 {
            format!("column {}", e.column() + before.chars().count())
        } else {
            format!("line {} column {}", start + e.line(), e.column())
        };
        let what = format!("not valid JSON ({message}, {at})");
        (error(start + 1, what), e.line().max(1))
    })
}

/// The puzzle of JSON value `value`, which starts on line `start` (0-based).
fn puzzle_of(value: &Value, start: usize, opts: ReadOptions) -> Record {
    let line_no = start + 1;
    cells(value)
        .and_then(|cells| match cells {
            Cells::Array(n, cells) => puzzle(n, &cells, line_no, opts),
            Cells::Line(line) => Ok(puzzle_line(&line, line_no, opts)),
        })
        .unwrap_or_else(|what| Err(error(line_no, what)))
}

/// Where a list of puzzles is being read: its next item, or the comma or bracket after one,
/// is at byte `at` of line `line` (0-based) or after it.
#[derive(Clone, Copy, Debug)]
pub(super) struct List {
    /// The 1-based line where the list opened.
    opened: usize,
    line: usize,
    at: usize,
    /// Items read so far.
    items: usize,
    /// The list is the first field of an object, under this name, which closes after it.
    wrapped: Option<&'static str>,
    /// The item before was cut short where this one opens (its closing line dropped, or its
    /// string not closed): a comma between them went with it, and is not asked for.
    unclosed: bool,
}

impl List {
    /// The line the reader is at (lines before it are done with).
    pub(super) fn line(&self) -> usize {
        self.line
    }
}

/// What comes next in a list of puzzles.
pub(super) enum ListStep {
    /// An item's record, and where the list goes on.
    Item(Record, List),
    /// The list has closed; reading goes on at this line (0-based) as usual.
    End(usize),
    /// The list cannot be read on: this error, then reading goes on as usual at this line.
    Broken(InputError, usize),
}

/// The list of puzzles that opens on line `start` (which starts with `[` or `{`), or `None`
/// when the value there is one grid (or not a list): its first items decide. An item that is
/// an object, a grid of rows, or a string or array of a whole puzzle makes a list; numbers,
/// rows and one-symbol strings make a grid. An item as long as a grid's side and a whole
/// puzzle both (16 symbols, or 81 numbers) makes a grid when the value is that many items.
pub(super) fn list_start(lines: &Lines, start: usize) -> Option<List> {
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
    list.then_some(List {
        opened: start + 1,
        line,
        at: at + 1,
        items: 0,
        wrapped,
        unclosed: false,
    })
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

/// What is said of a list whose items are not one comma apart (said once a batch).
pub(super) const COMMAS_NOTE: &str = "the items of a JSON list are one comma apart; a \
                                       missing or extra comma is read as if it were right";

/// The next step of `list`: its next item, or its end.
pub(super) fn list_step(lines: &Lines, list: List, opts: ReadOptions) -> ListStep {
    let (mut line, mut at) = (list.line, list.at);
    let open_list = || InputError {
        expected: "a `]` after the list's last puzzle".into(),
        ..error(
            list.opened,
            "a JSON list of puzzles that is not closed".into(),
        )
    };
    let not_closed = || ListStep::Broken(open_list(), lines.end());
    // Commas since the item before (the list's start for the first).
    let mut commas = usize::from(list.unclosed);
    // Item `items`, bad, at line `line` (from 1), ended where `cut` says.
    let cut_item = |cut: Cut, line, items| {
        let e = InputError {
            item: Some(items),
            ..error(line, cut.what)
        };
        let next = List {
            line: cut.resume.0,
            at: cut.resume.1,
            items,
            unclosed: cut.unclosed,
            ..list
        };
        ListStep::Item(Err(e), next)
    };
    loop {
        let Some((l, a, c)) = next_char(lines, line, at) else {
            return not_closed();
        };
        match c {
            ',' => {
                (line, at) = (l, a + 1);
                commas += 1;
            }
            ']' => {
                let (mut l, mut a) = (l, a + 1);
                if let Some(name) = list.wrapped {
                    match object_end(lines, list, name, l, a) {
                        Ok(end) => (l, a) = end,
                        Err(broken) => return *broken,
                    }
                }
                let rest = lines.at(l)[a..].trim().trim_start_matches(',').trim_start();
                if !rest.is_empty() {
                    let what = format!("text after the JSON list (from {})", opening(rest));
                    return ListStep::Broken(error(l + 1, what), l + 1);
                }
                return ListStep::End(l + 1);
            }
            // No item of a list of puzzles (a string, an array or an object) at the start of a
            // later line (a puzzle, a comment): the list was left open, and the lines from
            // here are read as usual, not as its items.
            _ if l >= list.opened
                && !matches!(c, '"' | '[' | '{')
                && lines.at(l)[..a].trim().is_empty() =>
            {
                return ListStep::Broken(open_list(), l);
            }
            _ => {
                let items = list.items + 1;
                if let Some(cut) = field_cut(lines, (l, a)) {
                    return cut_item(cut, l + 1, items);
                }
                let Some((end, e_at)) = value_end(lines, l, a) else {
                    let what = "a JSON value that is not closed".to_string();
                    let error = |line| InputError {
                        item: Some(items),
                        ..error(line, what)
                    };
                    // An array or object one a line ends with its line (`line_cut`); a string
                    // ends on its line: the list goes on with the next one, and the comma
                    // after it, if any, went with it.
                    if c != '"' {
                        if let Some(cut) = line_cut(lines, (l, a), None, opts) {
                            return cut_item(cut, l + 1, items);
                        }
                    } else if lines.get(l + 1).is_some() {
                        let next = List {
                            line: l + 1,
                            at: 0,
                            items,
                            unclosed: true,
                            ..list
                        };
                        return ListStep::Item(Err(error(l + 1)), next);
                    }
                    return ListStep::Broken(error(l + 1), l + 1);
                };
                let text = text_between(lines, (l, a), (end, e_at));
                let record = parse(&text, l, &lines.at(l)[..a]).map(|v| puzzle_of(&v, l, opts));
                // A bad item whose brackets do not balance runs on into the items after it
                // (a `]` dropped or doubled), and a bad string item that ends before its line
                // does (a `"` too many) leaves text that starts no item: where its layout ends
                // it, it ends, as one bad item, and the list goes on with the items after it.
                // So does a bad item written one a line whose value ends elsewhere than its
                // line, the items around it each on a line of their own.
                if !matches!(record, Ok(Ok(_))) {
                    let cut = if c == '"' {
                        string_cut_short(lines, (l, a), e_at)
                    } else {
                        laid_out_end(lines, (l, a), (end, e_at), c, opts).map(|o| o.cut(c, a))
                    };
                    let line_ends = || line_cut(lines, (l, a), Some((end, e_at)), opts);
                    let row = || grid_cut(lines, (l, a), (end, e_at), opts);
                    if let Some(cut) = cut.or_else(line_ends).or_else(row) {
                        return cut_item(cut, l + 1, items);
                    }
                }
                // Whether the item, broken at its line `broke` (from 1), is one bad item.
                let whole = |broke: usize| {
                    (c == '{' && only_fields(lines, l + broke - 1, end, e_at))
                        || (c == '[' && rows_a_line(&text))
                        || laid_out_whole(lines, (l, a), (end, e_at))
                };
                let record = match record {
                    Ok(record) => record,
                    // An item that breaks before its last line costs the lines before the
                    // break, as a value alone does (a stray `{` before puzzles on lines of
                    // their own), and the list ends there: the lines from the break on are
                    // read again as usual. Unless the item is an object whose lines from the
                    // break on are all its fields and its `}` (a comma missing between two
                    // fields), or a grid of N rows of N cells a line (a comma missing between
                    // two rows), or an item pretty-printed whole (its brackets under each
                    // other, its lines deeper): then it is one bad item, and the list goes on
                    // after it.
                    Err((mut e, broke)) if broke <= end - l && !whole(broke) => {
                        e.item = Some(items);
                        return ListStep::Broken(e, l + (broke - 1).max(1));
                    }
                    Err((e, _)) => Err(e),
                };
                // JSON puts one comma between items: the list is read as if it did.
                let commas_wanted = usize::from(list.items > 0);
                let record = record
                    .map(|mut p| {
                        p.item = Some(items);
                        if commas != commas_wanted {
                            p.add_note(COMMAS_NOTE.into());
                        }
                        p
                    })
                    .map_err(|mut e| {
                        e.item = Some(items);
                        e
                    });
                let next = List {
                    line: end,
                    at: e_at,
                    items,
                    unclosed: false,
                    ..list
                };
                return ListStep::Item(record, next);
            }
        }
    }
}

/// Where the object that holds `list` under `name` closes (line, byte after its `}`), its
/// list having closed before byte `at` of line `line`: its other fields are passed over. One
/// left open (no `}`, or a stray one after lines that do not parse as its fields) costs the
/// lines before the one where it breaks, and the lines from there on are read again as usual,
/// as after a value alone: the puzzles after it are not taken in as its fields.
fn object_end(
    lines: &Lines,
    list: List,
    name: &str,
    line: usize,
    at: usize,
) -> Result<(usize, usize), Box<ListStep>> {
    // `broke`: the line where it breaks, else it runs to the text's end.
    let open = |broke: Option<usize>| {
        let mut what = format!("a JSON object holding the list \"{name}\" that is not closed");
        if let Some(b) = broke {
            what += &format!(" (it breaks at line {})", b + 1);
        }
        let err = InputError {
            expected: "a `}` after the list (or a `,` and the object's other fields)".into(),
            ..error(list.opened, what)
        };
        // The line where the list closed is the list's.
        let from = broke.unwrap_or(lines.end()).max(line + 1);
        Err(Box::new(ListStep::Broken(err, from)))
    };
    // Neither a `,` nor a `}` first on a later line (a puzzle, a comment): the object breaks
    // there, and the window is not read on for a `}` that is not coming.
    match next_char(lines, line, at) {
        Some((l, _, c)) if l > line && !matches!(c, ',' | '}') => return open(Some(l)),
        None => return open(None),
        _ => {}
    }
    let closed = close_from(lines, line, at, 1);
    let last = lines.end().max(1) - 1;
    let to = closed.unwrap_or((last, lines.get(last).map_or(0, str::len)));
    // The rest of the object, as JSON after a first field: where does it break?
    let rest = format!("{{\"\":0{}", text_between(lines, (line, at), to));
    let broke = match serde_json::from_str::<Value>(&rest) {
        Err(e) if !e.is_eof() => Some(line + e.line().max(1) - 1),
        _ => None,
    };
    match (closed, broke) {
        // A typo where it closes (a comma before the `}`) costs the object, as for a value.
        (Some(end), broke) if broke.map_or(true, |b| b >= end.0) => Ok(end),
        (_, broke) => open(broke),
    }
}

/// Whether lines `from..=to` (the last up to byte `to_at`) hold only an object's fields
/// (`"name": …`, each first on its line), `}` or nothing: the lines of one pretty-printed
/// object, where puzzles on lines of their own are not.
fn only_fields(lines: &Lines, from: usize, to: usize, to_at: usize) -> bool {
    (from..=to).all(|i| {
        let line = lines.at(i);
        let line = if i == to { &line[..to_at] } else { line };
        let text = line.trim_start();
        let at = line.len() - text.len();
        text.is_empty()
            || text.starts_with('}')
            || (text.starts_with('"')
                && string_end(line, at).is_some_and(|e| line[e..].trim_start().starts_with(':')))
    })
}

/// The bracket that closes one opened by `open`.
fn closer(open: char) -> char {
    if open == '{' {
        '}'
    } else {
        ']'
    }
}

/// A bad item ended where its layout ends it, not where its brackets or quotes do.
struct Cut {
    /// What is wrong with it.
    what: String,
    /// Where the list goes on (line, byte).
    resume: (usize, usize),
    /// See [`List::unclosed`].
    unclosed: bool,
}

/// The string item at byte `at` of line `line`, first on its line, that ends at byte `end_at`
/// before its line's last `"`, with text after it that starts no item (a `"` too many in the
/// string): the line is the item, and the list goes on with the next line.
fn string_cut_short(lines: &Lines, (line, at): (usize, usize), end_at: usize) -> Option<Cut> {
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
fn line_cut(
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
fn field_cut(lines: &Lines, (line, at): (usize, usize)) -> Option<Cut> {
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
fn grid_cut(
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
enum LaidOut {
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
    fn cut(self, open: char, at: usize) -> Cut {
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
fn laid_out_end(
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
fn laid_out_whole(
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
fn rows_a_line(item: &str) -> bool {
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

/// The first character after byte `at` of line `line` that is not white space, and where it
/// is, or `None` when the text (or the window) ends first. A `#` first on its line opens a
/// comment line, passed over as between lines of text: no JSON value starts with one.
fn next_char(lines: &Lines, line: usize, at: usize) -> Option<(usize, usize, char)> {
    let first = lines.get(line)?;
    let at = at.min(first.len());
    let found = first[at..].char_indices().find(|(_, c)| !c.is_whitespace());
    if let Some((i, c)) = found {
        if !(c == '#' && first[..at].trim().is_empty()) {
            return Some((line, at + i, c));
        }
    }
    (line + 1..)
        .map_while(|i| lines.get(i).map(|l| (i, l)))
        .find_map(|(i, l)| {
            let (a, c) = l.char_indices().find(|(_, c)| !c.is_whitespace())?;
            (c != '#').then_some((i, a, c))
        })
}

/// The byte after the string that opens with the quote at byte `at` of `line`, if it closes
/// on that line.
fn string_end(line: &str, at: usize) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in line[at + 1..].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return Some(at + 1 + i + 1),
            _ => {}
        }
    }
    None
}

/// Where the value that starts at byte `at` of line `line` ends (line, byte after it): an
/// array or object where its brackets close, a string at its closing quote, anything else
/// at the next comma, bracket or space of its line.
fn value_end(lines: &Lines, line: usize, at: usize) -> Option<(usize, usize)> {
    let text = lines.get(line)?;
    let rest = &text[at..];
    let start = rest.len() - rest.trim_start().len();
    match rest[start..].chars().next()? {
        '[' | '{' => close_from(lines, line, at, 0),
        '"' => string_end(text, at + start).map(|end| (line, end)),
        // At least its first character, so that a list read on always moves on.
        first => {
            let value = &rest[start + first.len_utf8()..];
            let len = value
                .find(|c: char| matches!(c, ',' | ']' | '}') || c.is_whitespace())
                .unwrap_or(value.len());
            Some((line, at + start + first.len_utf8() + len))
        }
    }
}

/// The names an object's grid is found under, in this order.
const GRID_NAMES: [&str; 4] = ["board", "puzzle", "grid", "quiz"];
/// The names of an object's first field that hold a list of puzzles.
const LIST_NAMES: [&str; 7] = [
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

/// The puzzle of a string: a line of numbers, or of symbols.
fn puzzle_line(line: &str, line_no: usize, opts: ReadOptions) -> Record {
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
