//! Where a JSON value's brackets close, and what the scan keeps of the lines a value did not
//! close on.

use super::super::brackets::{close_from, Brackets};
use super::super::lines::LineSource;
use proptest::prelude::*;

/// The lines of `text`, all held.
fn held(text: &str) -> LineSource<&[u8]> {
    let mut src = LineSource::new(text.as_bytes());
    src.hold(text.lines().count().saturating_sub(1));
    src
}

/// Where the value at byte `at` of line `line` closes, by a scan from there to the end.
fn scanned(lines: &[&str], line: usize, at: usize) -> Option<(usize, usize)> {
    let mut scan = Brackets::default();
    for (i, text) in lines.iter().enumerate().skip(line) {
        let skip = if i == line { at } else { 0 };
        if let Ok(end) = scan.feed(&text[skip..]) {
            return Some((i, skip + end));
        }
    }
    None
}

/// A value that cannot close on the lines an earlier scan went through is carried past them:
/// a stray `[` a line is scanned once, not once a line.
#[test]
fn a_value_is_carried_past_the_lines_an_earlier_scan_did_not_close_on() {
    let text = "[\n".repeat(1000);
    let src = held(&text);
    assert_eq!(close_from(&src.lines, 0, 0, 0), None);
    // From line 2 on, the value of line 1 is one bracket shallower than that of line 0,
    // which never came down to one.
    let skip = src.lines.unclosed.borrow_mut().skip(2, 1);
    assert_eq!(skip, Some((1000, 999, 1)));
    assert_eq!(close_from(&src.lines, 1, 0, 0), None);
    // A bracket that closes line 2's value and not line 0's: no carrying past it.
    let text = format!("[\n[\n[\n]\n{}", "[\n".repeat(10));
    let src = held(&text);
    assert_eq!(close_from(&src.lines, 0, 0, 0), None);
    assert_eq!(src.lines.unclosed.borrow_mut().skip(3, 1), None);
    assert_eq!(close_from(&src.lines, 1, 0, 0), None);
    assert_eq!(close_from(&src.lines, 2, 0, 0), Some((3, 1)));
}

/// A string ends on its line: a stray quote does not hide the brackets of the lines after.
#[test]
fn a_string_ends_on_its_line() {
    let src = held("[\"a\n]\n");
    assert_eq!(close_from(&src.lines, 0, 0, 0), Some((1, 1)));
    let src = held("[\"a]\"]\n");
    assert_eq!(close_from(&src.lines, 0, 0, 0), Some((0, 6)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Values read one after another, as the reader reads them, close where a scan from
    /// scratch closes them, whatever the earlier scans kept.
    #[test]
    fn kept_scans_change_no_close(
        lines in prop::collection::vec("[\\[\\]{}\" \\\\x]{0,6}", 1..40),
        starts in prop::collection::vec(0usize..40, 1..30),
    ) {
        let text = lines.join("\n");
        let src = held(&text);
        let lines: Vec<&str> = text.lines().collect();
        let mut starts = starts;
        starts.sort_unstable();
        for line in starts.into_iter().filter(|&l| l < lines.len()) {
            // Each bracket of the line, as a list's items open mid-line.
            for (at, _) in lines[line].match_indices(['[', '{']) {
                prop_assert_eq!(
                    close_from(&src.lines, line, at, 0),
                    scanned(&lines, line, at),
                    "line {} byte {} of {:?}", line, at, lines
                );
            }
        }
    }
}
