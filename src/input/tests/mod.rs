//! The reader's tests: the basics and the messages here, each way of writing puzzles in a
//! module of its own.

use super::*;
use crate::mask::{CellMasks, Mask, Wide256};

mod alphabet;
mod brackets;
mod drawn;
mod json;
mod labels;
mod numbers;
mod pencil;
mod plain;
mod sheet;
mod stream;

const EASY9: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn reads_line_puzzle() {
    let p = read_one(EASY9, ReadOptions::default()).unwrap();
    assert_eq!(p.k, 3);
    assert_eq!(p.digits()[2], 3);
    assert_eq!(p.format, Format::Line);
}

/// A line a symbol or two off a grid's length is said to be, and which grid; one further off,
/// or a title, is not.
#[test]
fn names_the_grid_a_line_nearly_fills() {
    let what = |len: usize| {
        let line = format!("1{}", ".".repeat(len - 1));
        read_one(&line, ReadOptions::default()).unwrap_err().what
    };
    assert_eq!(what(80), "80 symbols, 1 short of a 9×9 grid");
    assert_eq!(what(83), "83 symbols, 2 more than a 9×9 grid has");
    assert_eq!(what(620), "620 symbols, 5 short of a 25×25 grid");
    assert_eq!(what(78), "78 symbols");
    assert_eq!(what(250), "250 symbols");
    let title = read_one("Sudoku 1 hard", ReadOptions::default()).unwrap_err();
    assert_eq!(title.what, "11 symbols");
    let forced = ReadOptions {
        format: Some(Format::Candidates),
        ..Default::default()
    };
    let marks = read_one(&"1".repeat(80), forced).unwrap_err();
    assert!(!marks.what.contains("short"), "{marks}");
}

#[test]
fn reports_wrong_length_and_symbol() {
    let e = read_one("123", ReadOptions::default()).unwrap_err();
    assert!(
        e.to_string().starts_with("line 1: 3 symbols; expected"),
        "{e}"
    );
    let bad = EASY9.replacen('.', "x", 1);
    let e = read_one(&bad, ReadOptions::default()).unwrap_err();
    assert!(e.what.contains("unknown symbol 'x' at column 1"), "{e}");
    // The column is the line's, spaces and bars counted: the 81st symbol of 80 spaced zeros.
    let spaced = format!("{}x", "0 ".repeat(80));
    let e = read_one(&spaced, ReadOptions::default()).unwrap_err();
    assert!(e.what.contains("unknown symbol 'x' at column 161"), "{e}");
    let rows: Vec<&str> = (0..9).map(|r| &bad[r * 9..r * 9 + 9]).collect();
    let barred = format!("| {} |", rows.join(" | "));
    let e = read_one(&barred, ReadOptions::default()).unwrap_err();
    let column = barred.find('x').unwrap() + 1;
    assert!(
        e.what.contains(&format!("'x' at column {column}")),
        "{barred}: {e}"
    );
}

#[test]
fn reports_duplicate_given() {
    let bad = format!("11{}", &EASY9[2..]);
    let e = read_one(&bad, ReadOptions::default()).unwrap_err();
    assert!(e.what.contains("1 is given twice in row 1"), "{e}");
    // In a column, and in a box only (r1c1 and r2c2 share neither row nor column).
    let column = format!("1{}1{}", ".".repeat(8), ".".repeat(71));
    let e = read_one(&column, ReadOptions::default()).unwrap_err();
    assert!(e.what.contains("1 is given twice in column 1"), "{e}");
    let in_box = format!("1{}1{}", ".".repeat(9), ".".repeat(70));
    let e = read_one(&in_box, ReadOptions::default()).unwrap_err();
    assert!(
        e.what.contains("1 is given twice in box 1: r1c1 and r2c2"),
        "{e}"
    );
}

/// A grid drawn over several lines tells a digit given twice at the line of the later cell, as
/// it tells a bad symbol at its own line: drawn rows, a forum post's rules between bands, rows
/// of numbers, and a pencil-mark grid.
#[test]
fn a_duplicate_given_in_a_drawn_grid_is_told_at_its_line() {
    // r9c9 = 3 clashes with r9c7 (row 9).
    let mut digits = easy9_digits();
    digits[80] = 3;
    let numbers = number_rows(&digits, 9);
    let symbols: Vec<String> = numbers.iter().map(|r| r.replace(' ', "")).collect();
    let mut forum = symbols.clone();
    forum.insert(6, "---+---+---".into());
    forum.insert(3, "---+---+---".into());
    let row9 = "3 is given twice in row 9: r9c7 and r9c9";
    for (text, line) in [
        (symbols.join("\n"), 9),
        (forum.join("\n"), 11),
        (numbers.join("\n"), 9),
        (format!("# a comment\n{}", numbers.join("\n")), 10),
    ] {
        let e = read_one(&text, ReadOptions::default()).unwrap_err();
        assert_eq!((e.line, e.what.as_str()), (line, row9), "{text}");
    }
    // In a column: the later cell's line, whichever house the clash is in.
    let mut digits = easy9_digits();
    digits[7 * 9 + 2] = 3;
    let e = read_one(&number_rows(&digits, 9).join("\n"), Default::default()).unwrap_err();
    let column = "3 is given twice in column 3: r1c3 and r8c3";
    assert_eq!((e.line, e.what.as_str()), (8, column));
    // A pencil-mark grid (16×16, a row a line) whose row 5 places a given of row 1 again.
    let p = read_one(
        include_str!("../../../examples/16x16.txt"),
        Default::default(),
    )
    .unwrap();
    let mut masks = p.masks.clone();
    let col = (0..16).find(|&c| masks.get(c).count() == 1).unwrap();
    let below = 4 * 16 + col;
    assert!(masks.get(below).count() > 1, "r5c{} is open", col + 1);
    masks.set(below, masks.get(col));
    let text = crate::output::boxed_candidates(4, &masks, p.alphabet);
    let e = read_one(&text, Default::default()).unwrap_err();
    let row5 = text.lines().enumerate().filter(|(_, l)| l.starts_with('|'));
    let row5 = row5.map(|(i, _)| i + 1).nth(4).unwrap();
    assert_eq!(e.line, row5, "{e}\n{text}");
    let twice = format!(
        "given twice in column {}: r1c{} and r5c{}",
        col + 1,
        col + 1,
        col + 1
    );
    assert!(e.what.ends_with(&twice), "{e}");
}

/// EASY9's cells as numbers, 0 for an empty cell.
fn easy9_numbers() -> Vec<String> {
    EASY9
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect()
}

/// EASY9's digits, 0 for an empty cell.
fn easy9_digits() -> Vec<u8> {
    EASY9
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

/// A grid's digits as `n` lines of `n` numbers.
fn number_rows(digits: &[u8], n: usize) -> Vec<String> {
    let row = |r: &[u8]| {
        r.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    digits.chunks(n).map(row).collect()
}

#[test]
fn messages_name_what_is_wrong() {
    let what = |text: &str| {
        read_all(text, Default::default())[0]
            .as_ref()
            .unwrap_err()
            .what
            .clone()
    };
    let dots = ".".repeat(40);
    assert_eq!(
        what(&format!("{dots}\0{dots}")),
        "unknown symbol U+0000 at column 41 (r5c5)"
    );
    assert_eq!(what("a"), "1 symbol");
    // A signed or decimal number is named as a bad number, with its cell, not counted as
    // symbols.
    let zeros = " 0".repeat(80);
    assert_eq!(
        what(&format!("-1{zeros}")),
        "'-1' at r1c1 is a negative number"
    );
    assert_eq!(what(&format!("-0{zeros}")), "'-0' at r1c1 has a sign");
    assert_eq!(what(&format!("+5{zeros}")), "'+5' at r1c1 has a sign");
    let huge = "99999999999999999999";
    assert_eq!(
        what(&format!("{huge}{zeros}")),
        format!("'{huge}' at r1c1 is too large a number")
    );
    assert_eq!(
        what(&format!("1.5{zeros}")),
        "'1.5' at r1c1 is not a number"
    );
    // A terminal's escape sequence in a token is written out, not sent to the terminal.
    let numbers = ReadOptions {
        format: Some(Format::Numbers),
        ..ReadOptions::default()
    };
    let escape = format!("0 0\x1b]0;title\x07{zeros}");
    assert_eq!(
        read_all(&escape, numbers)[0].as_ref().unwrap_err().what,
        "'0U+001B]0;titleU+0007' is not a number"
    );
    let lists = " 1,2,3,4,5,6,7,8,9".repeat(80);
    assert_eq!(
        what(&format!("1,,3{lists}")),
        "r1c1 lists '1,,3', with an empty entry"
    );
    // The cells of a grid past one symbol a digit: its size is named, and what would read.
    for n in [100, 225] {
        assert_eq!(
            what(&".".repeat(n * n)),
            format!(
                "{} symbols: a {n}×{n} grid, whose digits go past the 61 symbols of an alphabet",
                n * n
            )
        );
    }
    // Numbers as a spreadsheet exports them are read; with `--format line`, where no such
    // form is looked for, they are named so, with what would read.
    let digits: Vec<String> = EASY9
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect();
    let line = ReadOptions {
        format: Some(Format::Line),
        ..Default::default()
    };
    for sep in [",", ";", ", "] {
        let text = digits.join(sep);
        let p = read_one(&text, Default::default()).unwrap();
        assert_eq!(p.digits(), easy9_digits());
        let Err(e) = read_one(&text, line) else {
            panic!("{text} read as a line")
        };
        let c = sep.trim();
        assert_eq!(
            e.what,
            format!("161 symbols: 81 numbers separated by '{c}'")
        );
        assert_eq!(
            e.expected,
            "the numbers separated by spaces (the numbers format)"
        );
    }
}

/// Open cells marked two ways (`.` and a few `0`s) are read as open cells, with a note that
/// names the `0`s' cells where `O` is a digit: a `0` typed for the `O` of a 25×25 of letters
/// was lost unseen.
#[test]
fn open_cells_marked_two_ways_get_a_note() {
    let file = include_str!("../../../examples/25x25.txt");
    let letters = file.lines().find(|l| !l.starts_with('#')).unwrap();
    let note = |text: &str| read_one(text, Default::default()).unwrap().note;
    assert_eq!(note(letters), None);
    // r1c16 holds an O.
    assert_eq!(letters.find('O'), Some(15));
    let typo = letters.replacen('O', "0", 1);
    assert_eq!(
        note(&typo).as_deref(),
        Some("'.' and '0' both mark open cells; '0' at r1c16 only: an O mistyped?")
    );
    // Read as an open cell all the same.
    let p = read_one(&typo, Default::default()).unwrap();
    assert_eq!(p.masks.get(15), Wide256::low(25));
    let four = letters.replace('O', "0");
    assert!(note(&four).unwrap().contains("'0' at r1c16, "), "{four}");
    // Every open cell a 0, or a stray '.' among them: no note.
    let zeros = letters.replace('.', "0");
    assert_eq!(note(&zeros), None);
    assert_eq!(note(&zeros.replacen('0', ".", 1)), None);
    // Where no digit is an O (9×9, 16×16), a 0 among dots is an open cell, as ever.
    assert_eq!(note(&EASY9.replacen('.', "0", 3)), None);
}
