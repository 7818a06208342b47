//! A list of puzzles read item by item: each item a record of its own, the list's end, or
//! where it cannot be read on.

use super::cut::{field_cut, grid_cut, laid_out_end, laid_out_whole, line_cut, rows_a_line};
use super::cut::{string_cut_short, Cut};
use super::puzzle::puzzle_of;
use super::scan::{next_char, string_end, text_between, value_end};
use super::{error, parse};
use crate::input::brackets::close_from;
use crate::input::error::opening;
use crate::input::lines::Lines;
use crate::input::{InputError, ReadOptions, Record};
use serde_json::Value;

/// Where a list of puzzles is being read: its next item, or the comma or bracket after one,
/// is at byte `at` of line `line` (0-based) or after it.
#[derive(Clone, Copy, Debug)]
pub(in crate::input) struct List {
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
    /// The list that opened on 0-based line `start`, its first item at byte `at` of line
    /// `line` or after it; `wrapped` under an object's field of that name.
    pub(super) fn new(
        start: usize,
        (line, at): (usize, usize),
        wrapped: Option<&'static str>,
    ) -> Self {
        List {
            opened: start + 1,
            line,
            at,
            items: 0,
            wrapped,
            unclosed: false,
        }
    }

    /// The line the reader is at (lines before it are done with).
    pub(in crate::input) fn line(&self) -> usize {
        self.line
    }
}

/// What comes next in a list of puzzles.
pub(in crate::input) enum ListStep {
    /// An item's record, and where the list goes on.
    Item(Record, List),
    /// The list has closed; reading goes on at this line (0-based) as usual.
    End(usize),
    /// The list cannot be read on: this error, then reading goes on as usual at this line.
    Broken(InputError, usize),
}

/// What is said of a list whose items are not one comma apart (said once a batch).
pub(in crate::input) const COMMAS_NOTE: &str = "the items of a JSON list are one comma apart; a \
                                       missing or extra comma is read as if it were right";

/// The next step of `list`: its next item, or its end.
pub(in crate::input) fn list_step(lines: &Lines, list: List, opts: ReadOptions) -> ListStep {
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
                    // Its puzzles are read by now: the text is an error of its own, after them.
                    let what = format!("text after the JSON list (from {})", opening(rest));
                    let e = InputError {
                        expected: "nothing after the list's `]` on its line (a puzzle or another \
                                   list on a line of its own)"
                            .into(),
                        ..error(l + 1, what)
                    };
                    return ListStep::Broken(e, l + 1);
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
