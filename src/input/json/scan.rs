//! Scanning JSON text across lines without parsing it: where the next character, a string or a
//! value ends, so that a list is read an item at a time and a bad item can be cut out.

use crate::input::brackets::close_from;
use crate::input::lines::Lines;

/// The text from (line, byte) `from` to `to` (past its last byte), its lines joined by `\n`.
pub(super) fn text_between(lines: &Lines, from: (usize, usize), to: (usize, usize)) -> String {
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

/// The first character after byte `at` of line `line` that is not white space, and where it
/// is, or `None` when the text (or the window) ends first. A `#` first on its line opens a
/// comment line, passed over as between lines of text: no JSON value starts with one.
pub(super) fn next_char(lines: &Lines, line: usize, at: usize) -> Option<(usize, usize, char)> {
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
pub(super) fn string_end(line: &str, at: usize) -> Option<usize> {
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
pub(super) fn value_end(lines: &Lines, line: usize, at: usize) -> Option<(usize, usize)> {
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
