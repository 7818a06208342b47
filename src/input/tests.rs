use super::*;
use crate::mask::{CellMasks, Mask};

const EASY9: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn reads_line_puzzle() {
    let p = read_one(EASY9, ReadOptions::default()).unwrap();
    assert_eq!(p.k, 3);
    assert_eq!(p.digits()[2], 3);
    assert_eq!(p.format, Format::Line);
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
fn reads_numbers_one_line_and_block() {
    let one = easy9_numbers();
    let p = read_one(&one.join(" "), ReadOptions::default()).unwrap();
    assert_eq!(p.format, Format::Numbers);
    assert_eq!(
        p.digits(),
        read_one(EASY9, ReadOptions::default()).unwrap().digits()
    );
    let block = "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n";
    let all = read_all(block, ReadOptions::default());
    assert_eq!(all.len(), 1, "4 lines of 4 numbers are one 4x4 grid");
    let p = all[0].as_ref().unwrap();
    assert_eq!((p.k, p.digits()[6], p.digits()[15]), (2, 3, 2));
    // 16 lines of 16 numbers (values above 4, so not 4x4 puzzles) are one 16x16 grid.
    let row: Vec<String> = (1..=16).map(|v| v.to_string()).collect();
    let zeros = ["0"; 16].join(" ");
    let block = format!("{}\n{}", row.join(" "), format!("{zeros}\n").repeat(15));
    let all = read_all(&block, ReadOptions::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().k, 4);
}

/// The comma-list candidate grid that large grids are written in reads back as written.
#[test]
fn reads_back_candidate_lists() {
    let n = 64;
    let all = (1u128 << n) - 1;
    // One given, and every other cell missing one digit.
    let masks: Vec<u128> = (0..n * n)
        .map(|c| if c == 0 { 1 } else { all & !(1 << (c % n)) })
        .collect();
    let line = crate::output::candidates_line(8, &masks, Alphabet::Standard);
    assert!(line.starts_with("1 1,3,4,"), "{}", &line[..20]);
    let p = read_one(&line, ReadOptions::default()).unwrap();
    assert_eq!((p.k, p.format), (8, Format::Candidates));
    assert_eq!(p.masks, CellMasks::of(n, masks.iter().map(|m| m.to_wide())));
    let err = read_one("1,2 3", ReadOptions::default()).unwrap_err();
    assert!(err.what.contains("2 cells"), "{err}");
    let bad = format!("1,65 {}", "1,2 ".repeat(4095));
    let err = read_one(&bad, ReadOptions::default()).unwrap_err();
    assert!(err.what.contains("r1c1 lists 65"), "{err}");
}

/// A byte-order mark before the first puzzle is skipped; a NUL inside a line is named.
#[test]
fn skips_a_byte_order_mark_and_names_hidden_characters() {
    let p = read_one(&format!("\u{feff}{EASY9}"), ReadOptions::default()).unwrap();
    assert_eq!(
        p.digits(),
        read_one(EASY9, ReadOptions::default()).unwrap().digits()
    );
    let err = read_one(
        &format!("{}\0{}", &EASY9[..4], &EASY9[4..]),
        ReadOptions::default(),
    )
    .unwrap_err();
    assert!(err.what.contains("U+0000 at column 5"), "{}", err.what);
}

/// A 9×9 line of numbers with a value out of range is that line's error, not the first row
/// of an 81×81 grid that swallows the next lines of the batch.
#[test]
fn a_number_out_of_range_stays_on_its_line() {
    let one = easy9_numbers();
    let good = one.join(" ");
    let mut bad = one.clone();
    let at = bad.iter().position(|v| v != "0").unwrap();
    bad[at] = "10".into();
    let bad = bad.join(" ");
    for after in [4, 85] {
        let text = format!("{good}\n{bad}\n{}", format!("{good}\n").repeat(after));
        let all = read_all(&text, ReadOptions::default());
        assert_eq!(all.len(), 2 + after, "{after} lines after the bad one");
        let err = all[1].as_ref().unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.what.contains("holds 10"), "{}", err.what);
        assert!(all.iter().enumerate().all(|(i, r)| (i == 1) != r.is_ok()));
    }
}

/// A long file of 9×9 puzzles in numbers, each line of which might start an 81×81 grid, is
/// read puzzle by puzzle past the memo's first trim, with a 16×16 among them and a line out
/// of range named on its own line.
#[test]
fn a_long_file_of_number_lines_reads_each_puzzle() {
    let good = easy9_numbers().join(" ");
    let mut bad = easy9_numbers();
    bad[1] = "10".into();
    let bad = bad.join(" ");
    let sixteen = number_rows(&[0; 256], 256).remove(0);
    let lines: Vec<&str> = (0..9000)
        .map(|i| match i {
            5000 => sixteen.as_str(),
            8500 => bad.as_str(),
            _ => good.as_str(),
        })
        .collect();
    let all = read_all(&lines.join("\n"), ReadOptions::default());
    assert_eq!(all.len(), 9000);
    assert_eq!(all[5000].as_ref().unwrap().k, 4);
    let err = all[8500].as_ref().unwrap_err();
    assert_eq!(err.line, 8501);
    let good = |r: &Record| r.as_ref().is_ok_and(|p| p.k == 3);
    assert!(all
        .iter()
        .enumerate()
        .all(|(i, r)| good(r) != [5000, 8500].contains(&i)));
}

#[test]
fn empty_small_grids_after_a_bad_one_are_still_read() {
    // Too few rows for a big grid: a small grid with a digit out of range, then empty ones.
    let symbols = format!(
        "5{}\n{}",
        ".".repeat(15),
        format!("{}\n", ".".repeat(16)).repeat(3)
    );
    let numbers = format!(
        "10{}\n{}",
        " 0".repeat(80),
        format!("0{}\n", " 0".repeat(80)).repeat(3)
    );
    for text in [symbols, numbers] {
        let all = read_all(&text, ReadOptions::default());
        assert_eq!(all.len(), 4, "{text}");
        assert_eq!(all[0].as_ref().unwrap_err().line, 1);
        assert!(all[1..].iter().all(|r| r.is_ok()));
    }
    // All sixteen rows there and empty: one 16×16 grid whose first row holds a 5.
    let grid = format!(
        "5{}\n{}",
        ".".repeat(15),
        format!("{}\n", ".".repeat(16)).repeat(15)
    );
    let all = read_all(&grid, ReadOptions::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().n(), 16);
}

#[test]
fn a_small_grid_above_a_typo_line_is_read() {
    // A good 4×4 line, then one with a 5 (a typo) and the end of the text or a blank line:
    // two small grids, the second an error, not the start of a 16×16 cut short.
    for end in ["", "\n...23.....1..4..\n"] {
        let text = format!(".....1.334.1....\n5...............\n{end}");
        let all = read_all(&text, ReadOptions::default());
        assert_eq!(all.len(), if end.is_empty() { 2 } else { 3 }, "{text}");
        assert_eq!(all[0].as_ref().unwrap().n(), 4);
        assert_eq!(all[1].as_ref().unwrap_err().line, 2);
    }
    // With two values too big in the rows below, a 16×16 cut short, as before.
    let text = ".....1.334.1....\n5...............\n..9.............\n";
    let all = read_all(text, ReadOptions::default());
    assert_eq!(all.len(), 1);
    assert!(all[0].is_err());
}

/// `- - - - - - - - -` between the bands of a 9×9 grid of numbers is a box rule, framing it
/// too; the grid is read whole.
#[test]
fn a_spaced_dash_line_in_a_nine_grid_of_numbers_is_a_rule() {
    let rows: Vec<String> = easy9_numbers().chunks(9).map(|r| r.join(" ")).collect();
    let rule = ["-"; 9].join(" ");
    let mut drawn = vec![rule.clone()];
    for band in rows.chunks(3) {
        drawn.extend(band.iter().cloned());
        drawn.push(rule.clone());
    }
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    let all = read_all(&drawn.join("\n"), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), want);
}

#[test]
fn a_bad_row_spoils_only_its_grid() {
    let rows: Vec<String> = easy9_numbers().chunks(9).map(|r| r.join(" ")).collect();
    let good = rows.join("\n");
    let mut short = rows.clone();
    short[4] = rows[4].rsplit_once(' ').unwrap().0.to_string();
    let cut = rows[..4].join("\n");
    // A bad number in the first row: the grid's shape still comes from that row.
    let bad_first = |token: &str| {
        let mut rows = rows.clone();
        rows[0] = rows[0].replacen('0', token, 1);
        rows.join("\n")
    };
    for (bad, sep, line) in [
        (short.join("\n"), "\n", 5),
        (short.join("\n"), "\n\n", 5),
        (cut, "\n\n", 1),
        (bad_first("-4"), "\n", 1),
        (bad_first("99999999999999999999"), "\n\n", 1),
        (bad_first("4.0"), "\n", 1),
        // A number too many or too few in the first row, then a blank line: its grid goes
        // as one.
        (
            format!("{} 0\n{}", rows[0], rows[1..].join("\n")),
            "\n\n",
            1,
        ),
        (
            format!(
                "{}\n{}",
                rows[0].split_once(' ').unwrap().1,
                rows[1..].join("\n")
            ),
            "\n\n",
            1,
        ),
    ] {
        let text = format!("{bad}{sep}{good}{sep}{good}\n");
        let all = read_all(&text, ReadOptions::default());
        assert_eq!(all.len(), 3, "{text}");
        assert_eq!(all[0].as_ref().unwrap_err().line, line);
        assert!(all[1].is_ok() && all[2].is_ok(), "{:?}", all[1]);
    }
    // A comment after a row is passed over, with a note.
    let commented = format!(
        "{}\n{} # a comment\n{}\n",
        rows[0],
        rows[1],
        rows[2..].join("\n")
    );
    let all = read_all(&format!("{commented}{good}\n"), ReadOptions::default());
    assert_eq!(all.len(), 2);
    let p = all[0].as_ref().unwrap();
    assert_eq!(
        p.note.as_deref(),
        Some("the comment on line 2 is passed over")
    );
    // Comments on several rows are all said.
    let each: Vec<String> = rows.iter().map(|r| format!("{r} # row")).collect();
    let p = read_one(&each.join("\n"), ReadOptions::default()).unwrap();
    assert_eq!(
        p.note.as_deref(),
        Some("the comments on lines 1-9 are passed over")
    );
    assert_eq!(
        p.digits(),
        read_one(EASY9, ReadOptions::default()).unwrap().digits()
    );
    assert!(all[1].is_ok());
    // A row that lost its spaces is still a bad row of its grid: one output line.
    let mut merged = rows.clone();
    merged[4] = rows[4].replace(' ', "");
    let all = read_all(
        &format!("{}\n{good}\n", merged.join("\n")),
        Default::default(),
    );
    assert_eq!(all.len(), 2);
    assert!(all[0].is_err() && all[1].is_ok());
    // A puzzle on one line (symbols, or all its numbers) right after a cut grid, or after
    // a stray row, is a puzzle of its own.
    let one_line = easy9_numbers().join(" ");
    let stray = &rows[0];
    for next in [EASY9, one_line.as_str()] {
        for text in [
            format!("{}\n{next}\n", rows[..5].join("\n")),
            format!("{good}\n{stray}\n{next}\n"),
        ] {
            let all = read_all(&text, ReadOptions::default());
            let ok: Vec<bool> = all.iter().map(|r| r.is_ok()).collect();
            assert_eq!(ok.last(), Some(&true), "{text}");
            assert_eq!(ok.iter().filter(|&&k| !k).count(), 1, "{text}");
        }
    }
}

#[test]
fn line_ends_marks_and_encodings_of_other_systems() {
    let two = |text: &str| {
        let all = read_all(text, ReadOptions::default());
        assert_eq!(all.len(), 2, "{text:?}");
        assert!(all.iter().all(|r| r.is_ok()), "{all:?}");
    };
    two(&format!("{EASY9}\r{EASY9}\r"));
    two(&format!("{EASY9}\r\n{EASY9}\r\n"));
    two(&format!("\u{feff}{EASY9}\n\u{feff}{EASY9}\n"));
    two(&format!("{EASY9}\n{EASY9}\n\u{1a}"));
    let text = format!("{EASY9}\n{EASY9}\n");
    let mut le = vec![0xff, 0xfe];
    let mut be = vec![0xfe, 0xff];
    for u in text.encode_utf16() {
        le.extend(u.to_le_bytes());
        be.extend(u.to_be_bytes());
    }
    two(&decode(&le).unwrap());
    two(&decode(&be).unwrap());
    let err = decode(&le[2..]).unwrap_err();
    assert!(err.contains("UTF-16"), "{err}");
    assert_eq!(decode(text.as_bytes()).unwrap(), text);
}

#[test]
fn sixteen_rows_with_a_small_first_row_are_one_grid() {
    // A 16×16 in rows whose first row holds nothing above 4 is still one grid when the
    // rows below do; sixteen 4×4 grids one a line stay sixteen grids.
    let text = include_str!("../../examples/16x16.txt");
    let g = read_one(text, ReadOptions::default()).unwrap();
    let mut digits = g.digits();
    for d in &mut digits[..16] {
        if *d > 4 {
            *d = 0;
        }
    }
    let rows = number_rows(&digits, 16);
    let all = read_all(&rows.join("\n"), ReadOptions::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().n(), 16);
    let small = "1 0 0 0 0 0 3 0 0 4 0 0 0 0 0 2";
    let many = vec![small; 16].join("\n");
    let all = read_all(&many, ReadOptions::default());
    assert_eq!(all.len(), 16);
    assert!(all.iter().all(|r| r.as_ref().unwrap().n() == 4));
}

#[test]
fn a_bad_row_of_a_sixteen_grid_is_one_error() {
    // A 16×16 in rows with one row short (or a row with a stray symbol) is one bad grid,
    // not sixteen 4×4 lines; the grid after it is read.
    let g = read_one(
        include_str!("../../examples/16x16.txt"),
        ReadOptions::default(),
    )
    .unwrap();
    let rows = number_rows(&g.digits(), 16);
    let good = rows.join("\n");
    for (r, bad_row) in [
        (2, rows[2].rsplit_once(' ').unwrap().0.to_string()),
        (5, rows[5].replacen(' ', " x ", 1)),
        // The first row too, with a typo in a number, above exactly the grid's other rows
        // (then a blank line): the grid's shape comes from its tokens.
        (0, rows[0].replacen(' ', "x ", 1)),
    ] {
        let mut bad = rows.clone();
        bad[r] = bad_row;
        let gap = if r == 0 { "\n" } else { "" };
        let all = read_all(
            &format!("{}\n{gap}{good}\n", bad.join("\n")),
            Default::default(),
        );
        assert_eq!(all.len(), 2, "row {r}");
        assert_eq!(all[0].as_ref().unwrap_err().line, r + 1);
        assert_eq!(all[1].as_ref().unwrap().digits(), g.digits());
    }
    // `.`, `-` or `_` for an empty cell, as in the one-symbol forms.
    let dotted = good.replace(" 0", " .").replace("\n0 ", "\n- ");
    assert_ne!(dotted, good);
    let all = read_all(&dotted, Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), g.digits());
}

#[test]
fn grids_drawn_in_rows_of_numbers() {
    // `solve --format grid` output of a puzzle given as numbers reads back: `|` between boxes
    // and box rules are passed over, for 16×16 and 36×36 (numbers is their only form there).
    for k in [4usize, 6] {
        let n = k * k;
        let grid = crate::generate::pattern_grid(k, &mut crate::generate::Rng::new(7));
        let boxed = crate::output::boxed(k, &grid, Alphabet::Decimal);
        let all = read_all(&format!("{boxed}\n{boxed}"), Default::default());
        assert_eq!(all.len(), 2, "{boxed}");
        for r in &all {
            let p = r.as_ref().unwrap();
            assert_eq!((p.n(), p.format), (n, Format::Numbers));
            assert_eq!(p.digits(), grid);
        }
        // A value out of range is named at its own line, rules counted.
        let bad = boxed.replacen(" 1 ", &format!(" {} ", n + 1), 1);
        let at = bad
            .lines()
            .position(|l| l.contains(&format!(" {} ", n + 1)))
            .unwrap();
        let err = read_one(&bad, Default::default()).unwrap_err();
        assert_eq!(err.line, at + 1, "{}", err);
        // An empty first row (all `.`) is the grid's, not a small puzzle of its own; so at
        // 64×64 (an empty row of 64 would be a 4×4 candidate grid).
        let mut holed = grid.clone();
        holed[..n].fill(0);
        let boxed = crate::output::boxed(k, &holed, Alphabet::Decimal);
        let all = read_all(&boxed, Default::default());
        assert_eq!(all.len(), 1, "{boxed}");
        assert_eq!(all[0].as_ref().unwrap().digits(), holed);
    }
    let mut holed = crate::generate::pattern_grid(8, &mut crate::generate::Rng::new(7));
    holed[..64].fill(0);
    let boxed = crate::output::boxed(8, &holed, Alphabet::Decimal);
    assert_eq!(
        read_one(&boxed, Default::default()).unwrap().digits(),
        holed
    );
    // Rows of one symbol a cell drawn with `|` stay symbols (here hex, `0` a digit).
    let hex = "0 1 2 3 | 4 5 6 7 | 8 9 A B | C D E F";
    assert!(!numbers::numbers_line(hex));
    // Rules of plain dashes between bands; a row of 16 `-` empty marks is still a row.
    let grid = crate::generate::pattern_grid(4, &mut crate::generate::Rng::new(7));
    let mut lines: Vec<String> = grid
        .chunks(16)
        .map(|r| {
            r.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    lines[15] = vec!["-"; 16].join(" ");
    for at in [12, 8, 4] {
        lines.insert(at, "-".repeat(47));
    }
    let all = read_all(&lines.join("\n"), Default::default());
    assert_eq!(all.len(), 1, "{}", lines.join("\n"));
    let digits = all[0].as_ref().unwrap().digits();
    assert_eq!(&digits[..240], &grid[..240]);
    assert!(digits[240..].iter().all(|&d| d == 0));
}

#[test]
fn forum_frames_are_passed_over() {
    // Sudoku Explainer's frame (`*---*` borders, `|---+---+---|` rules), and the `.---.`,
    // `:---+---:`, `'---'` frame of other forum posts.
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let boxes = |r: &str, sep: &str| {
        let b = [&r[..3], &r[3..6], &r[6..]];
        let b: Vec<String> = b
            .iter()
            .map(|b| b.chars().map(String::from).collect::<Vec<_>>().join(sep))
            .collect();
        b
    };
    let mut explainer = vec!["*-----------*".to_string()];
    let mut dotted = vec![".-------.-------.-------.".to_string()];
    for (i, r) in rows.iter().enumerate() {
        if i == 3 || i == 6 {
            explainer.push("|---+---+---|".into());
            dotted.push(":-------+-------+-------:".into());
        }
        explainer.push(format!("|{}|", boxes(r, "").join("|")));
        dotted.push(format!("| {} |", boxes(r, " ").join(" | ")));
    }
    explainer.push("*-----------*".into());
    dotted.push("'-------'-------'-------'".into());
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    for frame in [explainer, dotted] {
        let text = format!("{}\n{}\n", frame.join("\n"), frame.join("\n"));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 2, "{text}");
        for r in &all {
            assert_eq!(r.as_ref().unwrap().digits(), want, "{text}");
        }
    }
    // Lines that are puzzles stay puzzles: 81 dashes, and 9 dashes as a row of a grid.
    let empty = read_one(&"-".repeat(81), Default::default()).unwrap();
    assert!(empty.digits().iter().all(|&d| d == 0));
    let mut last_empty: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    last_empty[8] = "-".repeat(9);
    let all = read_all(&last_empty.join("\n"), Default::default());
    assert_eq!(all.len(), 1);
    assert!(all[0].as_ref().unwrap().digits()[72..]
        .iter()
        .all(|&d| d == 0));
    // A line of `.` corners that could be a row of empty cells is one.
    assert!(!rows::is_rule(".-.-.-.-.", Some(9)));
    assert!(rows::is_rule(".-.-.-.-.-.", Some(9)));
}

#[test]
fn grids_drawn_in_rows_of_symbols() {
    // `solve --format grid` output reads back: boxed 16×16 grids, one after another.
    let p = read_one(
        include_str!("../../examples/16x16.txt"),
        ReadOptions::default(),
    )
    .unwrap();
    let boxed = crate::output::boxed(4, &p.digits(), p.alphabet);
    let all = read_all(&format!("{boxed}{boxed}"), Default::default());
    assert_eq!(all.len(), 2);
    for r in &all {
        assert_eq!(r.as_ref().unwrap().digits(), p.digits());
    }
    // A forum post's 9×9 (spaces, `|`, rules without corners), and bare rows of 9.
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let spaced = |r: &str| {
        let c: Vec<String> = r.chars().map(String::from).collect();
        format!(
            "{} | {} | {}",
            c[..3].join(" "),
            c[3..6].join(" "),
            c[6..].join(" ")
        )
    };
    let mut forum: Vec<String> = rows.iter().map(|r| spaced(r)).collect();
    forum.insert(6, "---------------------".into());
    forum.insert(3, "------+-------+------".into());
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    for text in [forum.join("\n"), rows.join("\n")] {
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 1, "{text}");
        assert_eq!(all[0].as_ref().unwrap().digits(), want);
    }
    // A short row, or an unknown symbol, spoils its grid only, named at its own line.
    let mut bad = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    bad[4].pop();
    let all = read_all(
        &format!("{}\n{EASY9}\n", bad.join("\n")),
        Default::default(),
    );
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].as_ref().unwrap_err().line, 5);
    assert!(all[1].is_ok());
    bad[4].push('x');
    let e = read_one(&bad.join("\n"), Default::default()).unwrap_err();
    assert_eq!((e.line, e.what.as_str()), (5, "unknown symbol 'x' at r5c9"));
    // A first row a symbol short, or one too long, above the grid's other rows and a blank
    // line: one bad grid, then the next.
    for first in [&rows[0][1..], &format!("{}.", rows[0])] {
        let text = format!("{first}\n{}\n\n{}\n", rows[1..].join("\n"), rows.join("\n"));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 2, "{text}");
        let e = all[0].as_ref().unwrap_err();
        let what = format!("row 1 of the grid has {} symbols", first.len());
        assert_eq!((e.line, e.what.as_str()), (1, what.as_str()));
        assert_eq!(all[1].as_ref().unwrap().digits(), want);
    }
    // A line before a whole grid stays a line of its own, whatever follows the grid (a grid
    // a row short would otherwise take the good grid's last row).
    let short = rows[..8].join("\n");
    for before in ["Puzzle 1", "123456.8", "........"] {
        for after in [String::new(), format!("\n{short}")] {
            let text = format!("{before}\n{}{after}\n", rows.join("\n"));
            let all = read_all(&text, Default::default());
            assert_eq!(all.len(), 2 + usize::from(!after.is_empty()), "{text}");
            assert_eq!(all[0].as_ref().unwrap_err().line, 1, "{text}");
            assert_eq!(all[1].as_ref().unwrap().digits(), want, "{text}");
        }
    }
    // Frames of exactly N dashes around grids that follow one another are frames.
    let dashes = "-".repeat(9);
    let framed = format!("{dashes}\n{}\n{dashes}\n", rows.join("\n"));
    let all = read_all(&framed.repeat(5), Default::default());
    assert_eq!(all.len(), 5);
    assert!(all.iter().all(|r| r.as_ref().unwrap().digits() == want));
    // Sixteen 4×4 puzzles, one a line, stay sixteen.
    let all = read_all(&vec!["1..4.3....2.4..1"; 16].join("\n"), Default::default());
    assert_eq!(all.len(), 16);
    assert!(all.iter().all(|r| r.as_ref().unwrap().n() == 4));
}

#[test]
fn compact_grids_with_dash_rules_frames_and_titles() {
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    let dashes = "-".repeat(9);
    let ruled = [
        &rows[..3],
        &[dashes.as_str()],
        &rows[3..6],
        &[&dashes],
        &rows[6..],
    ]
    .concat()
    .join("\n");
    let framed = format!("{dashes}\n{ruled}\n{dashes}");
    // Band rules of N dashes: alone, framed, and grids one after another without blank lines.
    for (text, count) in [
        (ruled.clone(), 1),
        (framed.clone(), 1),
        (format!("{ruled}\n{ruled}\n{ruled}"), 3),
        ([framed.as_str(); 4].join("\n"), 4),
    ] {
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), count, "{text}");
        assert!(
            all.iter().all(|r| r.as_ref().unwrap().digits() == want),
            "{text}"
        );
    }
    // A title of N characters above a grid is a line of its own, not the grid's first row.
    for grid in [rows.join("\n"), ruled.clone()] {
        let text = format!("Sudoku #12\n{grid}\nSudoku #13\n{grid}\n");
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 4, "{text}");
        assert_eq!(all[0].as_ref().unwrap_err().line, 1);
        assert_eq!(all[1].as_ref().unwrap().digits(), want);
        assert!(all[2].is_err());
        assert_eq!(all[3].as_ref().unwrap().digits(), want);
    }
    // Rows of empty cells written as dashes where the rules would be are rows when the grid
    // has exactly N rows; beside the rules too, one rule a band end.
    let mut empty = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    empty[3] = dashes.clone();
    empty[6] = dashes.clone();
    let p = read_one(&empty.join("\n"), Default::default()).unwrap();
    assert!(p.digits()[27..36]
        .iter()
        .chain(&p.digits()[54..63])
        .all(|&d| d == 0));
    assert_eq!(p.digits()[..27], want[..27]);
    let both = [
        &rows[..3],
        &[&dashes, &dashes],
        &rows[4..6],
        &[&dashes],
        &rows[6..],
    ]
    .concat();
    let p = read_one(&both.join("\n"), Default::default()).unwrap();
    assert!(p.digits()[27..36].iter().all(|&d| d == 0));
    assert_eq!(
        (&p.digits()[..27], &p.digits()[36..]),
        (&want[..27], &want[36..])
    );
    // A 4×4 has no dash rules: a row of 4 empty cells is too common there.
    let p = read_one("1234\n3412\n----\n4321\n----", Default::default()).unwrap();
    assert_eq!(p.digits(), [1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 4, 3, 2, 1]);
    // At 16×16, N dashes are also a 4×4 puzzle's length: above and below a grid of rows, or
    // between its bands, they are its frame and rules; alone between one-line puzzles, a 4×4.
    let big = read_one(include_str!("../../examples/16x16.txt"), Default::default()).unwrap();
    let line = crate::output::puzzle_line(&big);
    let rows16: Vec<&str> = (0..16).map(|r| &line[r * 16..r * 16 + 16]).collect();
    let d16 = "-".repeat(16);
    let framed16 = format!("{d16}\n{}\n{d16}", rows16.join("\n"));
    let ruled16 = rows16
        .chunks(4)
        .map(|band| band.join("\n"))
        .collect::<Vec<_>>()
        .join(&format!("\n{d16}\n"));
    for text in [
        format!("{framed16}\n{framed16}"),
        format!("{ruled16}\n\n{d16}\n{ruled16}\n{d16}"),
    ] {
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 2, "{text}");
        assert!(all
            .iter()
            .all(|r| r.as_ref().unwrap().digits() == big.digits()));
    }
    let all = read_all(&format!("{line}\n{d16}\n{line}"), Default::default());
    let sides = |all: &[Record]| {
        all.iter()
            .map(|r| r.as_ref().unwrap().n())
            .collect::<Vec<_>>()
    };
    assert_eq!(sides(&all), [16, 4, 16]);
    // Nor above sixteen 4×4 puzzles; and below a grid not framed above, it is the next grid's
    // first row of empty cells.
    let all = read_all(
        &format!("{d16}\n{}", ["1..4.3....2.4..1"; 16].join("\n")),
        Default::default(),
    );
    assert_eq!(sides(&all), [4; 17]);
    let mut next = rows16.clone();
    next[0] = &d16;
    let all = read_all(
        &format!("{}\n{}", rows16.join("\n"), next.join("\n")),
        Default::default(),
    );
    assert_eq!(sides(&all), [16, 16]);
    assert_eq!(all[0].as_ref().unwrap().digits(), big.digits());
}

#[test]
fn a_puzzle_followed_by_more_is_read_with_a_note() {
    let p = read_one(EASY9, Default::default()).unwrap();
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let zeros = EASY9.replace('.', "0");
    for (line, sep) in [
        (format!("{EASY9} {solution}"), ' '),
        (format!("{EASY9}:1:{solution}"), ':'),
        (format!("{zeros},{solution}"), ','),
        (format!("{EASY9}\t2.3/1.2/1.2"), '\t'),
    ] {
        let q = read_one(&line, Default::default()).unwrap();
        assert_eq!(q.digits(), p.digits(), "{line}");
        assert!(q.note.unwrap().contains(&format!("(from '{sep}')")));
    }
    // Not when the whole line is a puzzle (groups of symbols split by spaces), nor when
    // the first field is not one.
    let groups: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    assert_eq!(
        read_one(&groups.join(" "), Default::default())
            .unwrap()
            .note,
        None
    );
    assert!(read_one(&format!("{}. {solution}", EASY9), Default::default()).is_err());
    // A puzzle given as numbers, as `rate` writes it back with its rating or its end.
    let numbers = easy9_numbers().join(" ");
    for rest in [
        "2.3/1.2/1.2",
        "no solution (the givens contradict each other)",
    ] {
        for format in [None, Some(Format::Numbers)] {
            let opts = ReadOptions {
                format,
                ..ReadOptions::default()
            };
            let q = read_one(&format!("{numbers} {rest}"), opts).unwrap();
            assert_eq!((q.format, q.digits()), (Format::Numbers, p.digits()));
            let word = rest.split(' ').next().unwrap();
            assert!(q.note.unwrap().contains(&format!("(from '{word}')")));
        }
    }
}

#[test]
fn reads_candidate_grid() {
    let p = read_one(EASY9, ReadOptions::default()).unwrap();
    let mut s = String::new();
    for m in p.masks.iter() {
        for d in 0..9 {
            s.push(if m.has(d) {
                (b'1' + d as u8) as char
            } else {
                '.'
            });
        }
    }
    let q = read_one(&s, ReadOptions::default()).unwrap();
    assert_eq!(q.format, Format::Candidates);
    assert_eq!(q.masks, p.masks);
}

#[test]
fn letters_without_digits_are_read_as_letters() {
    let p = read_one(EASY9, Default::default()).unwrap();
    let letters: String = EASY9
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| (b'A' + d as u8 - 1) as char))
        .collect();
    let q = read_one(&letters, Default::default()).unwrap();
    assert_eq!((q.alphabet, q.digits()), (Alphabet::Letters, p.digits()));
    // A 16×16 in A-P (a letter past G shows); one in 1-9A-G stays standard.
    let text = include_str!("../../examples/16x16.txt");
    let g = read_one(text, Default::default()).unwrap();
    let a_to_p: String = g
        .digits()
        .iter()
        .map(|&d| if d == 0 { '.' } else { (b'A' + d - 1) as char })
        .collect();
    let q = read_one(&a_to_p, Default::default()).unwrap();
    assert_eq!((q.alphabet, q.digits()), (Alphabet::Letters, g.digits()));
    assert_eq!(g.alphabet, Alphabet::Standard);
}

#[test]
fn detects_16_and_25_alphabets() {
    let hex: String = "0123456789ABCDEF".to_string() + &".".repeat(240);
    let p = read_one(&hex, ReadOptions::default()).unwrap();
    assert_eq!(p.alphabet, Alphabet::Hex);
    assert_eq!(p.digits()[0], 1);
    let std16: String = "123456789ABCDEFG".to_string() + &".".repeat(240);
    assert_eq!(
        read_one(&std16, ReadOptions::default()).unwrap().alphabet,
        Alphabet::Standard
    );
    let letters: String = "ABCDEFGHIJKLMNOPQRSTUVWXY".to_string() + &".".repeat(600);
    let p = read_one(&letters, ReadOptions::default()).unwrap();
    assert_eq!(p.alphabet, Alphabet::Letters);
    assert_eq!(p.digits()[24], 25);
    // Neither 0 nor G: either alphabet reads it, and the note says which was taken.
    let both: String = "123456789ABCDEF".to_string() + &".".repeat(241);
    let p = read_one(&both, ReadOptions::default()).unwrap();
    assert_eq!(p.alphabet, Alphabet::Standard);
    assert!(p.note.unwrap().contains("--alphabet hex"));
    assert_eq!(read_one(&std16, ReadOptions::default()).unwrap().note, None);
    // 0 empty with one stray `.` and no G: 0s share rows, so 0 is no digit and this is not hex.
    let g = read_one(include_str!("../../examples/16x16.txt"), Default::default()).unwrap();
    let no_g: String = g
        .digits()
        .iter()
        .map(|&d| match d {
            0 | 16 => '0',
            d => Alphabet::Standard.symbol(d),
        })
        .collect();
    let stray = no_g.replacen('0', ".", 1);
    let p = read_one(&stray, ReadOptions::default()).unwrap();
    assert_eq!((p.alphabet, &p.note), (Alphabet::Standard, &None));
    assert_eq!(
        p.digits(),
        read_one(&no_g, Default::default()).unwrap().digits()
    );
    // In hex 0 is a digit, not an empty mark.
    let hex_opts = ReadOptions {
        alphabet: Some(Alphabet::Hex),
        ..ReadOptions::default()
    };
    let bad = read_one(&("Z".to_string() + &hex[1..]), hex_opts).unwrap_err();
    assert!(
        bad.expected
            .ends_with("a digit 0-9A-F or an empty mark . - _"),
        "{bad}"
    );
}

/// A letter past the grid's digits is a typo in the usual digits, not a sign of letters
/// (A = 1); letters that are digits still are.
#[test]
fn a_stray_letter_is_told_against_the_usual_digits() {
    let bad = read_one("..x.............", Default::default()).unwrap_err();
    assert!(bad.expected.starts_with("a digit 1-4 "), "{bad}");
    let bad = read_one("..x..A..........", Default::default()).unwrap_err();
    assert!(bad.expected.starts_with("a digit A-D "), "{bad}");
}

#[test]
fn a_9x9_in_0_to_8_is_read_zero_based_with_a_note() {
    let p = read_one(EASY9, Default::default()).unwrap();
    // EASY9 has a 9, so shifting every digit down frees the symbol 9.
    let zero_based: String = EASY9
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| (b'0' + d as u8 - 1) as char))
        .collect();
    assert!(zero_based.contains('0') && !zero_based.contains('9'));
    let q = read_one(&zero_based, Default::default()).unwrap();
    assert_eq!((q.alphabet, q.digits()), (Alphabet::Hex, p.digits()));
    assert!(q.note.unwrap().contains("--alphabet standard"));
    // The user's choice stands: 0 is empty again.
    let standard = ReadOptions {
        alphabet: Some(Alphabet::Standard),
        ..ReadOptions::default()
    };
    let r = read_one(&zero_based, standard).unwrap();
    assert_eq!((r.alphabet, r.note), (Alphabet::Standard, None));
    // 0 and . with a 9 present, or 0 alone as the empty mark, or 0s that share houses beside
    // a stray `.` (and no 9): standard, no note.
    let stray_dot =
        ".00000000000000001000002030000004506003000000017000800000160000008000040060500200";
    let stray = read_one(stray_dot, Default::default()).unwrap();
    assert_eq!((stray.alphabet, &stray.note), (Alphabet::Standard, &None));
    assert_eq!(
        stray.digits(),
        read_one(stray_dot, standard).unwrap().digits()
    );
    // Two 0s in a row among dots: not a digit either, but the note names the zero-based
    // reading, in which the two clash (a typo in a grid in 0-8, say).
    let two_zeros = ".00".to_string() + &stray_dot[3..].replace('0', ".");
    let two = read_one(&two_zeros, Default::default()).unwrap();
    assert_eq!(two.alphabet, Alphabet::Standard);
    assert!(two.note.unwrap().contains("0 twice in a house"));
    for line in [EASY9.replacen('.', "0", 3), EASY9.replace('.', "0")] {
        let s = read_one(&line, Default::default()).unwrap();
        assert_eq!(
            (s.alphabet, s.digits(), s.note),
            (Alphabet::Standard, p.digits(), None)
        );
    }
}

#[test]
fn zero_based_grids_away_from_16x16_are_read_so_or_noted() {
    // A solution grid of basis k (the canonical pattern), zero-based, with holes: its 0s (digit
    // 1) share no house and no symbol stands for digit N, so 0 beside `.` is a digit.
    let pattern = |k: usize| {
        let n = k * k;
        (0..n * n)
            .map(move |cell| ((k * (cell / n % k) + cell / n / k + cell % n) % n + 1) as u8)
            .collect::<Vec<u8>>()
    };
    for k in [3, 5, 6] {
        let solution = pattern(k);
        let holed: String = (0..solution.len())
            .map(|c| match c % 7 {
                3 => '.',
                _ => Alphabet::Hex.symbol(solution[c]),
            })
            .collect();
        let p = read_one(&holed, Default::default()).unwrap();
        assert_eq!(p.alphabet, Alphabet::Hex, "{k}");
        assert!(
            p.note.as_ref().unwrap().contains("--alphabet standard"),
            "{k}"
        );
        for (c, &d) in p.digits().iter().enumerate() {
            assert_eq!(d, if c % 7 == 3 { 0 } else { solution[c] }, "{k} cell {c}");
        }
    }
    // With no other empty mark a full 0-8 grid is also the grid with its 9s blanked: read as
    // the whole grid (as `--format grid` writes a solution), and the note names the other
    // reading.
    for k in [3, 4, 5] {
        let full: String = pattern(k)
            .iter()
            .map(|&d| Alphabet::Hex.symbol(d))
            .collect();
        let p = read_one(&full, Default::default()).unwrap();
        assert_eq!(p.alphabet, Alphabet::Hex, "{k}");
        assert!(p.note.as_ref().unwrap().contains("--alphabet standard"));
        assert_eq!(p.digits(), pattern(k), "{k}");
    }
    // Lowercase 0-9a-z at 36×36: `b`-`z` are no digits of 1-9A-Za, so it is zero-based for
    // sure (written back lowercase).
    let lower: String = pattern(6)
        .iter()
        .enumerate()
        .map(|(c, &d)| match c % 7 {
            3 => '.',
            _ => Alphabet::Hex.symbol(d).to_ascii_lowercase(),
        })
        .collect();
    let p = read_one(&lower, Default::default()).unwrap();
    assert_eq!((p.alphabet, p.note.as_deref()), (Alphabet::Hex, None));
    assert!(p
        .digits()
        .iter()
        .enumerate()
        .all(|(c, &d)| c % 7 == 3 || d == pattern(6)[c]));
}

/// A puzzle whose symbols fit two alphabets is read in the one an earlier puzzle of its size
/// showed for sure: a hex file's puzzles without a 0 stay hex. Before any such puzzle, and
/// with the alphabet forced, the default reading holds.
#[test]
fn ambiguous_puzzles_follow_the_alphabet_of_the_file() {
    let hex = "0123456789ABCDEF".to_string() + &".".repeat(240);
    let ambiguous = "123456789ABCDEF".to_string() + &".".repeat(241);
    let nine = EASY9.to_string();
    let sixteen = "123456789ABCDEFG".to_string() + &".".repeat(240);
    let empty = ".".repeat(256);
    let text = format!(
        "{ambiguous}\n{hex}\n{nine}\n{empty}\n{ambiguous}\n{ambiguous}\n{sixteen}\n{ambiguous}\n"
    );
    let all: Vec<Puzzle> = read_all(&text, Default::default())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let alphabets: Vec<Alphabet> = all.iter().map(|p| p.alphabet).collect();
    use Alphabet::{Hex, Standard};
    // The empty grid shows nothing, and follows; the last puzzle that shows an alphabet leads.
    let want = [Standard, Hex, Standard, Hex, Hex, Hex, Standard, Standard];
    assert_eq!(alphabets, want);
    let note = all[4].note.as_deref().unwrap();
    assert!(note.contains("read as 0-9A-F, as line 2 was"), "{note}");
    assert!(note.contains("--alphabet standard"), "{note}");
    // `1` is the first digit in 1-9A-G, the second in hex.
    assert_eq!((all[0].digits()[0], all[4].digits()[0]), (1, 2));
    // Forced, the alphabet is the user's.
    let opts = ReadOptions {
        alphabet: Some(Standard),
        ..Default::default()
    };
    let forced = read_all(&format!("{hex}\n{ambiguous}\n"), opts);
    assert_eq!(forced[1].as_ref().unwrap().alphabet, Standard);
}

/// A puzzle without a 0 or the top digit reads both as 1-9A-… and zero-based, though quietly
/// away from 16×16: it sets no alphabet for the file, so that the zero-based puzzles after it
/// stay zero-based, and it follows the last guess of its size when the file showed none.
#[test]
fn puzzles_without_a_0_or_the_top_digit_set_no_alphabet() {
    use Alphabet::{Hex, Standard};
    // EASY9 in 0-8 (each digit one less), and the same with its 1s (now 0s) left out.
    let zero_based: String = EASY9
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d @ 1..=9) => char::from_digit(d - 1, 10).unwrap(),
            _ => c,
        })
        .collect();
    let no_zero = zero_based.replace('0', ".");
    let without_top = EASY9.replace('9', ".");
    let text = format!("{without_top}\n{zero_based}\n{no_zero}\n");
    let all: Vec<Puzzle> = read_all(&text, Default::default())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let alphabets: Vec<Alphabet> = all.iter().map(|p| p.alphabet).collect();
    assert_eq!(alphabets, [Standard, Hex, Hex]);
    assert_eq!(all[0].note, None);
    assert!(all[1].note.as_deref().unwrap().contains("read as 0-8"));
    let note = all[2].note.as_deref().unwrap();
    assert!(note.contains("read as 0-8, as line 2 was"), "{note}");
    let ones_out: Vec<u8> = all[1]
        .digits()
        .iter()
        .map(|&d| d * u8::from(d != 1))
        .collect();
    assert_eq!(all[2].digits(), ones_out);
    // After a line with a 9, such a line stays 1-9 (the file's sure alphabet) and says nothing.
    let text = format!("{EASY9}\n{without_top}\n{zero_based}\n");
    let all: Vec<Puzzle> = read_all(&text, Default::default())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(all[1].alphabet, Standard);
    assert_eq!(all[1].note, None);
    // 0 twice in a house beside `.`: read as empty, with a note naming the hex reading.
    let clash = format!("00{}", &zero_based[2..]);
    let p = read_one(&clash, Default::default()).unwrap();
    assert_eq!(p.alphabet, Standard);
    let note = p.note.unwrap();
    assert!(note.contains("with 0 twice in a house"), "{note}");
    assert!(note.contains("--alphabet hex"), "{note}");
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
        "unknown symbol U+0000 at column 41"
    );
    assert_eq!(what("a"), "1 symbol");
    // A signed or decimal number is named as a bad number, not counted as symbols.
    let zeros = " 0".repeat(80);
    assert_eq!(what(&format!("-1{zeros}")), "'-1' is a negative number");
    assert_eq!(what(&format!("-0{zeros}")), "'-0' has a sign");
    assert_eq!(what(&format!("+5{zeros}")), "'+5' has a sign");
    let huge = "99999999999999999999";
    assert_eq!(
        what(&format!("{huge}{zeros}")),
        format!("'{huge}' is too large a number")
    );
    assert_eq!(what(&format!("1.5{zeros}")), "'1.5' is not a number");
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
    // Numbers as a spreadsheet exports them are named so, with what would read.
    let digits: Vec<String> = EASY9
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect();
    for (sep, read_as) in [(",", "161 symbols: "), (";", "161 symbols: "), (", ", "")] {
        let e = read_all(&digits.join(sep), Default::default())[0]
            .clone()
            .unwrap_err();
        let c = sep.trim();
        assert_eq!(e.what, format!("{read_as}81 numbers separated by '{c}'"));
        assert_eq!(
            e.expected,
            "the numbers separated by spaces (the numbers format)"
        );
    }
}

#[test]
fn a_csv_header_is_passed_over_with_a_note() {
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let text = format!("quizzes,solutions\n{EASY9},{solution}\n{EASY9},{solution}\n");
    let all = read_all(&text, Default::default());
    assert_eq!(all.len(), 2);
    let first = all[0].as_ref().unwrap();
    assert_eq!(first.line, 2);
    assert!(first
        .note
        .as_ref()
        .unwrap()
        .starts_with("line 1 ('quizzes,solutions') is a CSV header"));
    // Only the first line of a text can be a header.
    let late = format!("{EASY9}\nquizzes,solutions\n");
    assert!(read_all(&late, Default::default())[1].is_err());
}

/// CSV fields in double quotes (as spreadsheets and Python's `csv` write them) are read
/// without their quotes, in the header, the labels and the puzzle; a puzzle alone in quotes
/// is one too. Only the quotes passed over say nothing; a bad symbol is named at its column
/// in the line.
#[test]
fn quoted_csv_fields_are_read_without_their_quotes() {
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let text =
        format!("\"id\",\"puzzle\",\"solution\"\n\"1\",\"{EASY9}\",\"{solution}\"\n\"{EASY9}\"\n");
    let all = read_all(&text, Default::default());
    assert_eq!(all.len(), 2);
    let (labelled, alone) = (all[0].as_ref().unwrap(), all[1].as_ref().unwrap());
    assert_eq!(labelled.line, 2);
    let note = labelled.note.as_deref().unwrap();
    assert!(
        note.contains("CSV header") && note.contains("the label before"),
        "{note}"
    );
    assert_eq!(alone.note, None);
    let bad = format!("\"7\",\"{}%{}\"\n", &EASY9[..10], &EASY9[11..]);
    let e = read_all(&bad, Default::default())
        .pop()
        .unwrap()
        .unwrap_err();
    assert!(e.what.contains("column 16"), "{}", e.what);
}

/// In a CSV file, a puzzle of the wrong length after its label is named by its own length and
/// columns, not counted with the label.
#[test]
fn a_short_puzzle_after_a_csv_label_is_named_by_its_own_length() {
    let short = &EASY9[..80];
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    for (text, column) in [
        (format!("id,puzzle\n1,{EASY9}\n2,{short}\n"), 3),
        (format!("id,puzzle,solution\n17,{short},{solution}\n"), 4),
        (format!("set,id,puzzle\na,7,{short}\n"), 5),
    ] {
        let all = read_all(&text, Default::default());
        let e = all.last().unwrap().as_ref().unwrap_err();
        assert_eq!(e.what, "80 symbols", "{text}");
        // A character that does not show is named at its column in the line.
        let at = text.rfind(short).unwrap();
        let bad = format!("{}\0{}", &text[..at], &text[at + 1..]);
        let e = read_all(&bad, Default::default())
            .pop()
            .unwrap()
            .unwrap_err();
        assert_eq!(
            e.what,
            format!("80 symbols, one of them the invisible U+0000 at column {column}"),
            "{bad}"
        );
    }
    // Without a header, a line is not read as fields.
    let e = read_all(&format!("2,{short}\n"), Default::default())
        .pop()
        .unwrap()
        .unwrap_err();
    assert_eq!(e.what, "82 symbols");
}

#[test]
fn a_puzzle_after_a_label_is_read_with_a_note() {
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let given = |rec: &Record| rec.as_ref().map(|p| p.digits()).unwrap();
    let note = |rec: &Record| rec.as_ref().unwrap().note.clone().unwrap();
    let want = given(&read_all(EASY9, Default::default())[0]);
    // The Kaggle sets' CSV: an id before the puzzle, its solution and ratings after.
    let kaggle = format!(
        "id,puzzle,solution,clues,difficulty\n0,{EASY9},{solution},32,1.2\n17,{EASY9},{solution},32,0.0\n"
    );
    let all = read_all(&kaggle, Default::default());
    assert_eq!(all.len(), 2);
    assert!(all.iter().all(|rec| given(rec) == want));
    assert_eq!(
        note(&all[1]),
        "the label before the puzzle and the text after it (from ',') are passed over"
    );
    assert!(note(&all[0]).contains("CSV header"));
    // A name and a colon, or a tab; two labels.
    for text in [
        format!("p12: {EASY9}"),
        format!("p12\t{EASY9}"),
        format!("set-a;3;{EASY9}"),
    ] {
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 1, "{text}");
        assert_eq!(given(&all[0]), want, "{text}");
        assert!(note(&all[0]).starts_with("the label before"), "{text}");
    }
    // A puzzle one symbol short, then its solution: an error, not the solution read instead;
    // so are three labels, and a label of empty-cell marks alone.
    for text in [
        format!("{} {solution}", &EASY9[1..]),
        format!("a,b,c,{EASY9}"),
        format!("--,{EASY9}"),
    ] {
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 1, "{text}");
        assert!(all[0].is_err(), "{text}");
    }
    // Cut to 40 or 11 symbols, with `0` for empty cells (digits alone, as an id is), then
    // its solution or itself whole: an error too, with a CSV header or without.
    let zeros = EASY9.replace('.', "0");
    for cut in [40, 11] {
        for after in [solution, zeros.as_str()] {
            for header in ["", "quizzes,solutions\n"] {
                let text = format!("{header}{},{after}\n", &zeros[..cut]);
                let all = read_all(&text, Default::default());
                assert_eq!(all.len(), 1, "{text}");
                assert!(all[0].is_err(), "{text}");
            }
        }
    }
    // A long id of digits is still a label: it does not agree with the grid after it.
    for text in [
        format!("202611291200,{solution}"),
        format!("id,solution\n202611291200,{solution}"),
    ] {
        let all = read_all(&text, Default::default());
        assert!(all[0].is_ok(), "{text}");
    }
}

/// A 16×16 typed row by row on one line, one row a symbol short or long: its length is the
/// error, not its first row read as a 4×4 with the rest passed over.
#[test]
fn a_16x16_of_rows_on_one_line_with_a_slip_is_named_by_its_length() {
    let text = include_str!("../../examples/16x16.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let rows: Vec<&str> = (0..16).map(|r| &line[16 * r..16 * (r + 1)]).collect();
    let whole = read_one(&rows.join(" "), Default::default()).unwrap();
    assert_eq!(whole.k, 4);
    for (slip, len) in [(&rows[7][1..], 255), (&format!("{}.", rows[7])[..], 257)] {
        let mut typed = rows.clone();
        typed[7] = slip;
        let e = read_one(&typed.join(" "), Default::default()).unwrap_err();
        assert_eq!(e.what, format!("{len} symbols"), "{e}");
    }
    // A 4×4 puzzle followed by its solution is still read with a note.
    let p = read_one("1.3.....2.......  1234341221434321", Default::default()).unwrap();
    assert_eq!(p.k, 2);
}

/// A puzzle on one line with its rows, or its boxes' row segments, set apart by `|` or `/`
/// is read without them; parts of unequal length leave the line's length the error.
#[test]
fn rows_set_apart_by_bars_or_slashes_on_one_line_are_read() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let rows: Vec<&str> = (0..9).map(|r| &easy[9 * r..9 * (r + 1)]).collect();
    let segments: Vec<String> = rows
        .iter()
        .map(|r| format!("{}|{}|{}", &r[..3], &r[3..6], &r[6..]))
        .collect();
    let want = read_one(easy, Default::default()).unwrap();
    for line in [
        rows.join("|"),
        rows.join("/"),
        format!("|{}|", rows.join(" | ")),
        segments.join("/"),
    ] {
        let p = read_one(&line, Default::default()).unwrap();
        assert_eq!(p.masks, want.masks, "{line}");
        assert_eq!(p.format, Format::Line);
    }
    let small = read_one("...3|.2..|...1|.4..", Default::default()).unwrap();
    assert_eq!(small.k, 2);
    // A row a symbol short: the line's length is the error, as without the bars.
    let mut slip = rows.clone();
    slip[4] = &rows[4][1..];
    let e = read_one(&slip.join("|"), Default::default()).unwrap_err();
    assert_eq!(e.what, "80 symbols besides 8 `|` or `/`", "{e}");
    // A grid's worth cut unevenly is named as such; a bar after a whole puzzle cuts nothing.
    let uneven = format!("{}|{}", &easy[..10], rows[1..].join("|").split_at(1).1);
    let e = read_one(&uneven, Default::default()).unwrap_err();
    assert!(
        e.what
            .starts_with("81 symbols, set apart by `|` or `/` in parts of 10, 8, 9"),
        "{e}"
    );
    assert_eq!(
        read_one(&format!("{easy}|"), Default::default())
            .unwrap()
            .masks,
        want.masks
    );
}

/// `digits` as JSON arrays of `n` cells each, a cell written by `cell`.
fn json_rows(digits: &[u8], n: usize, cell: &dyn Fn(u8) -> String) -> Vec<String> {
    digits
        .chunks(n)
        .map(|r| {
            let cells: Vec<String> = r.iter().map(|&d| cell(d)).collect();
            format!("[{}]", cells.join(","))
        })
        .collect()
}

#[test]
fn json_arrays_are_read_on_one_line_or_pretty_printed() {
    let want = easy9_digits();
    let rows = |cell: &dyn Fn(u8) -> String, sep: &str| {
        format!("[{}]", json_rows(&want, 9, cell).join(sep))
    };
    let number = |d: u8| d.to_string();
    let leetcode = |d: u8| match d {
        0 => "\".\"".to_string(),
        d => format!("\"{d}\""),
    };
    let flat = format!(
        "[{}]",
        want.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    // As Python's json.dumps(indent=1) prints it: a number a line.
    let pretty = format!(
        "[\n{}\n]",
        want.chunks(9)
            .map(|r| format!(
                " [\n{}\n ]",
                r.iter()
                    .map(|d| format!("  {d}"))
                    .collect::<Vec<_>>()
                    .join(",\n")
            ))
            .collect::<Vec<_>>()
            .join(",\n")
    );
    let text = [
        rows(&number, ","),
        rows(&leetcode, ", "),
        format!(r#"{{"difficulty": "hard", "board": {flat}}}"#),
        format!(r#"{{"line": 7, "puzzle": "{EASY9}", "er": 2.0}}"#),
        pretty.clone(),
        EASY9.to_string(),
    ]
    .join("\n");
    let all = read_all(&text, Default::default());
    let lines: Vec<usize> = all.iter().map(|r| r.as_ref().unwrap().line).collect();
    let pretty_lines = pretty.lines().count();
    assert_eq!(lines, [1, 2, 3, 4, 5, 5 + pretty_lines]);
    for rec in &all {
        assert_eq!(rec.as_ref().unwrap().digits(), want);
    }
    let formats: Vec<Format> = all.iter().map(|r| r.as_ref().unwrap().format).collect();
    assert_eq!(
        formats[..3],
        [Format::Numbers, Format::Line, Format::Numbers]
    );

    // A section header of SadMan's .sdk files is no JSON: passed over as a comment is.
    let sdk = format!(
        "#A someone\n[Puzzle]\n{}\n",
        EASY9
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let all = read_all(&sdk, Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), want);
    // A comma after the value is passed over quietly, other text with a note.
    let two = format!("{},\n{} # first\n", rows(&number, ","), rows(&number, ","));
    let notes: Vec<Option<String>> = read_all(&two, Default::default())
        .into_iter()
        .map(|r| r.unwrap().note)
        .collect();
    assert_eq!(
        notes,
        [
            None,
            Some("the text after the JSON value (from '# first') is passed over".into())
        ]
    );

    // Bad arrays are errors that name the line, and the text goes on after them.
    let what = |json: &str| {
        let all = read_all(&format!("{json}\n{EASY9}\n"), Default::default());
        assert!(all[1].is_ok(), "{json}");
        all[0].as_ref().unwrap_err().what.clone()
    };
    assert_eq!(what("[[1,2],"), "a JSON value that is not closed");
    assert_eq!(
        what(r#"{"board": 3}"#),
        "a JSON number where the grid should be"
    );
    assert_eq!(
        what(r#"{"id": 3}"#),
        "a JSON object with no board, puzzle, grid or quiz"
    );
    assert_eq!(
        what(r#"{"meta": {}, "puzzles": ["1234341221434321"]}"#),
        "a JSON object whose list \"puzzles\" is not its first field (a batch is read from the \
         first field only)"
    );
    assert_eq!(what("[1, 2, 3]"), "a JSON array of 3 cells");
    assert_eq!(
        what(&rows(&number, ",").replacen("[0,", "[", 1)),
        "row 1 of 9 has 8 cells"
    );
    // A row missing is said so, not blamed on the first row.
    let eight = rows(&number, ",");
    let eight = format!("{}]", &eight[..eight.rfind(",[").unwrap()]);
    assert_eq!(what(&eight), "a JSON array of 8 rows of 9 cells each");
    // A second value on the line is a puzzle that would be passed over: an error.
    let first = rows(&number, ",");
    for between in ["", " ", ", "] {
        let err = what(&format!("{first}{between}{first}"));
        assert!(
            err.starts_with("a second JSON value after the first"),
            "{err}"
        );
    }
    assert_eq!(
        what(&rows(&number, ",").replacen("0", "true", 1)),
        "r1c1 is true"
    );
    assert!(what("[1,,2]").starts_with("not valid JSON"));
    assert!(what(&rows(&number, ",").replacen("0", "3", 1)).contains("twice"));
}

#[test]
fn rows_of_symbols_drawn_with_bars_or_spaces_stay_symbols() {
    // Boxes of one symbol a cell, between `|` or spaces: not rows of numbers.
    let bars = "530|070|000\n600|195|000\n098|000|060\n---+---+---\n800|060|003\n400|803|001\n\
                700|020|006\n---+---+---\n060|000|280\n000|419|005\n000|080|079\n";
    let spaces = "5.4 6.8 9.2\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n\
                  7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. .79\n";
    for (text, start) in [(bars, [5, 3, 0]), (spaces, [5, 0, 4])] {
        let all = read_all(text, Default::default());
        assert_eq!(all.len(), 1, "{text}");
        let p = all[0].as_ref().unwrap();
        assert_eq!((p.n(), p.format), (9, Format::Line));
        assert_eq!(p.digits()[..3], start);
    }
    let small = read_all("12|34\n34|12\n--+--\n21|43\n43|21\n", Default::default());
    assert_eq!(small.len(), 1);
    assert_eq!(small[0].as_ref().unwrap().digits()[..4], [1, 2, 3, 4]);
}

#[test]
fn a_bad_puzzle_on_the_first_line_is_no_csv_header() {
    // Letters and dashes of a wrong length, then a field: a puzzle with a typo, reported.
    let typo = format!("A-C{},hard\n", "-".repeat(77));
    let all = read_all(&typo, Default::default());
    assert_eq!(all.len(), 1);
    assert!(all[0].is_err());
}

/// An endless text of one puzzle a line.
struct Endless(usize);

impl std::io::Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let line = format!("{EASY9}\n").into_bytes();
        let n = buf.len().min(line.len() - self.0 % line.len());
        buf[..n].copy_from_slice(&line[self.0 % line.len()..][..n]);
        self.0 += n;
        Ok(n)
    }
}

/// Records come as their lines are read: the first puzzles of a text that never ends.
#[test]
fn a_reader_hands_out_records_as_it_reads() {
    let src = std::io::BufReader::new(Endless(0));
    let lines: Vec<usize> = Reader::new(src, ReadOptions::default())
        .take(3)
        .map(|r| r.unwrap().line)
        .collect();
    assert_eq!(lines, [1, 2, 3]);
    // A puzzle on one line is read without the next line (a line filter's input may not have
    // it yet): the source fails the test if asked for more.
    let src = std::io::BufReader::new(OneLine(false));
    let first = Reader::new(src, ReadOptions::default()).next();
    assert_eq!(
        first.unwrap().unwrap().digits(),
        read_one(EASY9, Default::default()).unwrap().digits()
    );
}

/// One puzzle line, then a panic when read again.
struct OneLine(bool);

impl std::io::Read for OneLine {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        assert!(!self.0, "read past the first line");
        self.0 = true;
        let line = format!("{EASY9}\n");
        buf[..line.len()].copy_from_slice(line.as_bytes());
        Ok(line.len())
    }
}

/// A text far longer than the reader's window, with grids of rows across the points where it
/// drops the lines passed: every record where it was written, whatever the read sizes.
#[test]
fn long_texts_keep_their_line_numbers_across_the_window() {
    let row: Vec<String> = (1..=16).map(|v| v.to_string()).collect();
    let zeros = ["0"; 16].join(" ");
    let big = format!("{}\n{}", row.join(" "), format!("{zeros}\n").repeat(15));
    let rows9: String = EASY9
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let (mut text, mut want, mut line) = (String::new(), Vec::new(), 1);
    for i in 0..13_000 {
        let (block, k, used) = match i % 500 {
            99 | 498 => (big.clone(), 4, 16),
            199 | 497 => (rows9.clone(), 3, 9),
            299 => ("# a comment\n\n".to_string(), 0, 2),
            _ => (format!("{EASY9}\n"), 3, 1),
        };
        if k > 0 {
            want.push((line, k));
        }
        text += &block;
        line += used;
    }
    assert!(line > 3 * 4096, "the text crosses the window's drops");
    for capacity in [1, 7, 1 << 16] {
        let src = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        let got: Vec<(usize, usize)> = Reader::new(src, ReadOptions::default())
            .map(|r| r.map(|p| (p.line, p.k)).unwrap())
            .collect();
        assert_eq!(got, want, "read {capacity} bytes at a time");
    }
}

/// A text that cannot be read to its end: the records before the failure, then the error.
#[test]
fn a_read_error_ends_the_records_and_is_told() {
    use std::io::Read as _;
    let text = format!("{EASY9}\n{EASY9}\n");
    let failing = text.as_bytes().chain(Failing);
    let mut reader = Reader::new(std::io::BufReader::new(failing), ReadOptions::default());
    assert_eq!(reader.by_ref().count(), 2);
    assert_eq!(reader.lines_read(), 2);
    let e = reader.error().expect("the failure is told");
    assert_eq!(e.to_string(), "the disk is gone");
}

struct Failing;

impl std::io::Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("the disk is gone"))
    }
}

/// A UTF-16 mark before UTF-8 text does not make it one line of UTF-16: the mark's bytes are
/// named on the first line, and the puzzles after it are read.
#[test]
fn a_utf16_mark_before_utf8_text_spoils_only_the_first_line() {
    for mark in [[0xff, 0xfe], [0xfe, 0xff]] {
        let bytes = [&mark[..], format!("{EASY9}\n{EASY9}\n{EASY9}\n").as_bytes()].concat();
        let src = open(std::io::Cursor::new(bytes)).unwrap();
        let all: Vec<Record> = Reader::new(src, ReadOptions::default()).collect();
        assert_eq!(all.len(), 3, "{all:?}");
        let first = all[0].as_ref().unwrap_err();
        assert_eq!(
            (first.line, first.what.as_str()),
            (
                1,
                "83 symbols, one of them a byte that is not UTF-8 at column 1"
            )
        );
        assert!(all[1..].iter().all(|r| r.is_ok()), "{all:?}");
    }
}

/// `open` reads UTF-16 with a byte-order mark as its text, and refuses it without one.
#[test]
fn open_decodes_utf16_with_a_mark() {
    let text = format!("{EASY9}\r\n{EASY9}\r\n");
    let mut le = vec![0xff, 0xfe];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    // Whole, or a byte a read (a pipe may hand over the mark's first byte alone).
    let sources: [Box<dyn std::io::BufRead + Send>; 2] = [
        Box::new(std::io::Cursor::new(le.clone())),
        Box::new(std::io::BufReader::with_capacity(
            1,
            std::io::Cursor::new(le.clone()),
        )),
    ];
    for src in sources {
        let all: Vec<Record> = Reader::new(open(src).unwrap(), ReadOptions::default()).collect();
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].as_ref().unwrap().digits()[2], 3);
    }
    let err = open(std::io::Cursor::new(le[2..].to_vec())).err().unwrap();
    assert!(err.contains("UTF-16"), "{err}");
    // A stray last byte is kept as a replacement character, which the reader then names.
    let odd = [&le[..], &[0x35]].concat();
    assert!(decode(&odd).unwrap().ends_with('\u{fffd}'));
    // Big-endian too; but NULs on both sides of the pairs are no text at all.
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    assert!(decode(&be).unwrap_err().contains("UTF-16"));
    for binary in [vec![0u8; 100], [EASY9.as_bytes(), &[0; 81]].concat()] {
        let err = open(std::io::Cursor::new(binary.clone())).err().unwrap();
        assert!(err.contains("binary data (NUL bytes)"), "{err}");
        assert_eq!(decode(&binary).unwrap_err(), err);
    }
}

/// What `open` judges is the bytes, not how they arrive: a line of NULs before good puzzles
/// is that line's error whether the text comes whole or a line a read (a pipe's first read
/// was once all that was looked at). A byte-order mark before bytes out of step is named.
#[test]
fn open_judges_the_bytes_not_how_they_arrive() {
    use std::io::{BufRead, BufReader, Cursor, Read};
    /// A line a read, as a slow pipe delivers them.
    struct LineByLine(Vec<u8>);
    impl Read for LineByLine {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let line = self
                .0
                .iter()
                .position(|&b| b == b'\n')
                .map_or(self.0.len(), |i| i + 1);
            let n = line.min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }
    let text = [
        &[0u8; 30][..],
        b"\n",
        EASY9.as_bytes(),
        b"\n",
        EASY9.as_bytes(),
        b"\n",
    ]
    .concat();
    let sources: [Box<dyn BufRead + Send>; 2] = [
        Box::new(Cursor::new(text.clone())),
        Box::new(BufReader::new(LineByLine(text))),
    ];
    for src in sources {
        let all: Vec<Record> = Reader::new(open(src).unwrap(), Default::default()).collect();
        assert_eq!(all.len(), 3);
        assert!(
            all[0].is_err() && all[1].is_ok() && all[2].is_ok(),
            "{all:?}"
        );
    }
    let mut le = vec![0xff, 0xfe];
    le.extend(
        format!("{EASY9}\n{EASY9}\n")
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    le.insert(40, b'7');
    let err = open(Cursor::new(le)).err().unwrap();
    assert!(err.contains("out of step"), "{err}");
}

/// A text that comes as a pipe would: the lines given, then a read that never returns
/// (here a panic, so a reader that asks for more than it needs fails the test).
struct Pipe<'a>(&'a [u8]);

impl std::io::Read for Pipe<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        assert!(!self.0.is_empty(), "read past what has come down the pipe");
        let n = buf.len().min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_grid_on_a_pipe_is_read_without_waiting_for_more_lines() {
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    let dashes = "-".repeat(9);
    let big = read_one(include_str!("../../examples/16x16.txt"), Default::default()).unwrap();
    let line = crate::output::puzzle_line(&big);
    let rows16: Vec<String> = (0..16)
        .map(|r| line[r * 16..r * 16 + 16].to_string())
        .collect();
    for (text, digits) in [
        (format!("{}\n", rows.join("\n")), &want),
        (format!("{dashes}\n{}\n{dashes}\n", rows.join("\n")), &want),
        (format!("Sudoku\n{}\n", rows.join("\n")), &want),
        (format!("{}\n", rows16.join("\n")), &big.digits()),
    ] {
        let src = std::io::BufReader::with_capacity(1, Pipe(text.as_bytes()));
        let first = Reader::new(src, ReadOptions::default())
            .find_map(|r| r.ok())
            .unwrap();
        assert_eq!(&first.digits(), digits, "{text}");
    }
}

#[test]
fn rows_of_empty_cells_drawn_in_dashes_stay_rows() {
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    let dashes = "-".repeat(9);
    // The first row, exactly the 8 others below it: a row. With 9 rows below, a frame.
    let p = read_one(
        &format!("{dashes}\n{}", rows[1..].join("\n")),
        Default::default(),
    );
    let p = p.unwrap().digits();
    assert_eq!((&p[..9], &p[9..]), (&[0; 9][..], &want[9..]));
    let framed = read_all(
        &format!("{dashes}\n{}\n", rows.join("\n")),
        Default::default(),
    );
    assert_eq!(framed.len(), 1);
    assert_eq!(framed[0].as_ref().unwrap().digits(), want);
    // A forum grid with `-` for an empty cell and a row of them, first or inside.
    let forum = |r: &str| {
        let c: Vec<String> = r.chars().map(|c| c.to_string().replace('.', "-")).collect();
        format!(
            "| {} | {} | {} |",
            c[..3].join(" "),
            c[3..6].join(" "),
            c[6..].join(" ")
        )
    };
    let rule = "+-------+-------+-------+";
    for empty in [0, 4] {
        let mut drawn: Vec<String> = rows.iter().map(|r| forum(r)).collect();
        drawn[empty] = forum(".........");
        for band in [6, 3, 0] {
            drawn.insert(band, rule.into());
        }
        drawn.push(rule.into());
        let p = read_one(&drawn.join("\n"), Default::default())
            .unwrap()
            .digits();
        let row = empty * 9..empty * 9 + 9;
        assert!(
            p[row.clone()].iter().all(|&d| d == 0),
            "{}",
            drawn.join("\n")
        );
        assert!((0..81)
            .filter(|c| !row.contains(c))
            .all(|c| p[c] == want[c]));
    }
}

#[test]
fn json_lists_are_batches_read_item_by_item() {
    let want = easy9_digits();
    let rows: Vec<String> = (0..9)
        .map(|r| format!("\"{}\"", &EASY9[r * 9..r * 9 + 9]))
        .collect();
    let rows = format!("[{}]", rows.join(", "));
    let numbers: Vec<String> = want
        .chunks(9)
        .map(|r| {
            format!(
                "[{}]",
                r.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    let grid = format!("[{}]", numbers.join(","));
    // A list on one line, a list spread over lines (items of every kind, a bad one among
    // them), and a list as the first field of an object, with a field after it.
    let text = format!(
        "[\"{EASY9}\", \"{EASY9}\"]\n\
         [\n  \"{EASY9}\",\n  {{\"id\": 2, \"puzzle\": \"{EASY9}\"}},\n  {grid},\n  \"{short}\",\n  \
         [1,,2],\n  {rows}\n]\n\
         {{\"puzzles\": [\"{EASY9}\"], \"count\": 1}}\n\
         []\n\
         {rows}\n\
         {EASY9}\n",
        short = &EASY9[1..],
    );
    let all = read_all(&text, Default::default());
    let lines: Vec<usize> = all
        .iter()
        .map(|r| r.as_ref().map_or_else(|e| e.line, |p| p.line))
        .collect();
    assert_eq!(lines, [1, 1, 3, 4, 5, 6, 7, 8, 10, 12, 13]);
    for (i, rec) in all.iter().enumerate() {
        if i == 5 || i == 6 {
            continue;
        }
        assert_eq!(rec.as_ref().unwrap().digits(), want, "record {i}");
    }
    // The message names the item before what is wrong with it.
    let message = |i: usize| all[i].as_ref().unwrap_err().to_string();
    assert!(message(5).starts_with("line 6: item 4 of the JSON list: 80 symbols; expected"));
    assert!(message(6).starts_with(
        "line 7: item 5 of the JSON list: not valid JSON (expected value, column 6); expected"
    ));
    assert_eq!(all[4].as_ref().unwrap().format, Format::Numbers);
    assert_eq!(all[7].as_ref().unwrap().format, Format::Line);

    // A string cut short spoils only its item; a list never closed is named where it opened.
    let cut = format!(
        "[\n\"{EASY9}\",\n\"{short},\n\"{EASY9}\"\n",
        short = &EASY9[..40]
    );
    let all = read_all(&cut, Default::default());
    // Each message up to what was expected.
    let errors: Vec<String> = all
        .iter()
        .filter_map(|r| r.as_ref().err().map(|e| e.to_string()))
        .map(|m| m.split("; expected").next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        errors,
        [
            "line 3: item 2 of the JSON list: a JSON value that is not closed",
            "line 1: a JSON list of puzzles that is not closed"
        ]
    );
    assert_eq!(all.iter().filter(|r| r.is_ok()).count(), 2);

    // A list left open before plain lines (a puzzle, a comment) ends there: they are read as
    // usual, not as its bad items.
    let open = format!("[\"{EASY9}\"\n# more\n{EASY9}\n{EASY9}\n");
    let all = read_all(&open, Default::default());
    assert_eq!(all.len(), 4, "{all:?}");
    assert_eq!(all.iter().filter(|r| r.is_ok()).count(), 3);
    let e = all[1].as_ref().unwrap_err();
    assert_eq!(
        (e.line, e.what.as_str()),
        (1, "a JSON list of puzzles that is not closed")
    );

    // A field that is not a list of puzzles leaves the object one puzzle (a 16-symbol tag
    // would be a 4×4 puzzle), and sixteen strings of sixteen are the rows of a 16×16 grid.
    let tagged = format!("{{\"tags\": [\"from the archives\"], \"puzzle\": \"{EASY9}\"}}\n");
    let all = read_all(&tagged, Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), want);
    let row16 = "123456789ABCDEFG";
    let sixteen: Vec<String> = (0..16)
        .map(|r| r % 4 * 4 + r / 4)
        .map(|shift| format!("\"{}{}\"", &row16[shift..], &row16[..shift]))
        .collect();
    let all = read_all(&format!("[{}]\n", sixteen.join(",")), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().map_or(0, |p| p.k), 4, "{:?}", all[0]);

    // Cells written as strings of numbers are a grid, not a list of grids of strings.
    let cells: Vec<String> = want
        .chunks(9)
        .map(|r| {
            let r: Vec<String> = r.iter().map(|d| format!("\"00{d}\"")).collect();
            format!("[{}]", r.join(","))
        })
        .collect();
    let all = read_all(&format!("[{}]", cells.join(",")), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), want);

    // A bad puzzle first does not make the list one bad grid: the items after it are read,
    // as strings (80 symbols, three, none) or as arrays of numbers (80 of them), and in an
    // object too.
    let zeros = vec!["0"; 80].join(",");
    for first in [
        format!("\"{}\"", &EASY9[1..]),
        "\"abc\"".to_string(),
        "\"\"".to_string(),
        format!("[{zeros}]"),
    ] {
        for text in [
            format!("[{first}, \"{EASY9}\", \"{EASY9}\"]\n"),
            format!("{{\"puzzles\": [{first}, \"{EASY9}\"]}}\n"),
        ] {
            let all = read_all(&text, Default::default());
            let items = text.matches(EASY9).count() + 1;
            assert_eq!(all.len(), items, "{text}");
            let e = all[0].as_ref().unwrap_err();
            assert_eq!(e.item, Some(1), "{e}");
            assert!(all[1..]
                .iter()
                .all(|r| r.as_ref().is_ok_and(|p| p.digits() == want)));
        }
    }
    // A grid of rows whose sixth row has 16 cells (a 4×4's length) is one bad grid, not a
    // list with one 4×4 in it: rows came before it.
    let mut rows: Vec<String> = want.chunks(9).map(|r| format!("{r:?}")).collect();
    rows[5] = format!("{:?}", [0; 16]);
    let all = read_all(&format!("[{}]\n", rows.join(", ")), Default::default());
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(all[0]
        .as_ref()
        .unwrap_err()
        .what
        .contains("row 6 of 9 has 16 cells"));

    // Flat arrays of 81 numbers are puzzles of a list; 81 of them would be the rows of an
    // 81×81 grid.
    let flat = format!("[{}]", numbers.join(",").replace(['[', ']'], ""));
    let all = read_all(&format!("[{flat}, {flat}]\n"), Default::default());
    assert_eq!(all.len(), 2);
    assert!(all
        .iter()
        .all(|r| r.as_ref().is_ok_and(|p| p.digits() == want)));

    // A list longer than the reader's window of lines (4,096) is read to its end.
    let items = vec![format!("  \"{EASY9}\""); 5000];
    let long = format!("[\n{}\n]\n{EASY9}\n", items.join(",\n"));
    let all = read_all(&long, Default::default());
    assert_eq!(all.len(), 5001);
    assert!(all
        .iter()
        .all(|r| r.as_ref().is_ok_and(|p| p.digits() == want)));
    assert_eq!(all[4999].as_ref().unwrap().line, 5001);
    assert_eq!(all[5000].as_ref().unwrap().line, 5003);
    // ... in bounded memory: the lines of items read are dropped from the window.
    let longer = format!(
        "[\n{}\n]\n",
        vec![format!("  \"{EASY9}\""); 20_000].join(",\n")
    );
    let mut reader = Reader::new(longer.as_bytes(), Default::default());
    assert_eq!(
        reader.by_ref().take(19_000).filter(Result::is_ok).count(),
        19_000
    );
    assert!(
        reader.src.lines.held_lines() <= 2 * 4096,
        "{}",
        reader.src.lines.held_lines()
    );
}

/// A pretty-printed JSON grid (`json.dump(grid, indent=2)`: a cell a line) of side `n` =
/// `k`², cells of a pattern solution kept where `keep` says, else 0.
fn pretty_json_grid(k: usize, keep: impl Fn(usize, usize) -> bool) -> (String, Vec<u8>) {
    let n = k * k;
    let digit = |r: usize, c: usize| ((k * (r % k) + r / k + c) % n + 1) as u8;
    let cells: Vec<u8> = (0..n * n)
        .map(|i| {
            if keep(i / n, i % n) {
                digit(i / n, i % n)
            } else {
                0
            }
        })
        .collect();
    let rows: Vec<String> = cells
        .chunks(n)
        .map(|row| {
            let row: Vec<String> = row.iter().map(|d| format!("    {d}")).collect();
            format!("  [\n{}\n  ]", row.join(",\n"))
        })
        .collect();
    (format!("[\n{}\n]", rows.join(",\n")), cells)
}

/// A JSON list of exactly 16 puzzles of 4×4 (or 81 of 9×9 as flat arrays) is a list, not
/// the rows of one 16×16 (81×81) grid: as for rows of text, most givens of a big grid's rows
/// are too big for the small one.
#[test]
fn a_json_list_of_as_many_small_puzzles_as_a_big_grid_has_rows_is_a_list() {
    let small = "1.3.....2.......";
    // A puzzle as one flat array of numbers.
    let numbers = |p: &str| {
        let digits: Vec<u8> = p
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0) as u8)
            .collect();
        json_rows(&digits, digits.len(), &|d| d.to_string()).concat()
    };
    let typo = "1.3.....2......5";
    let lists = [
        (vec![format!("\"{small}\""); 16], 2),
        (vec![numbers(small); 16], 2),
        (vec![numbers(EASY9); 81], 3),
        (
            [
                vec![format!("\"{typo}\"")],
                vec![format!("\"{small}\""); 15],
            ]
            .concat(),
            2,
        ),
    ];
    for (items, k) in lists {
        let text = format!("[{}]", items.join(", "));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), items.len(), "{text}");
        let ok: Vec<&Puzzle> = all.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert!(
            ok.len() >= items.len() - 1 && ok.iter().all(|p| p.k == k),
            "{text}"
        );
    }
    // The rows of a 16×16 as strings are still one grid.
    let line = include_str!("../../examples/16x16.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let rows: Vec<String> = (0..16)
        .map(|r| format!("\"{}\"", &line[16 * r..16 * (r + 1)]))
        .collect();
    let all = read_all(&format!("[{}]", rows.join(",")), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().k, 4);
    // And so are its rows as arrays of one-symbol strings (LeetCode's form), or of numbers.
    let digits = read_one(line, Default::default()).unwrap().digits();
    let forms: [&dyn Fn(u8) -> String; 2] = [
        &|d| format!("\"{}\"", Alphabet::Standard.symbol_or_dot(d)),
        &|d| d.to_string(),
    ];
    for cell in forms {
        let rows = json_rows(&digits, 16, cell);
        let all = read_all(&format!("[{}]", rows.join(",")), Default::default());
        assert_eq!(all.len(), 1, "{rows:?}");
        assert_eq!(all[0].as_ref().unwrap().digits(), digits);
    }
}

#[test]
fn json_grids_longer_than_the_window_are_read_whole() {
    // 100×100 with a cell a line: 10,202 lines, past the 4,096 a grid of rows may span.
    let (grid, want) = pretty_json_grid(10, |r, c| (r * 7 + c * 3) % 5 == 0);
    let all = read_all(&format!("{grid}\n{EASY9}\n"), Default::default());
    assert_eq!(all.len(), 2, "{:?}", all.iter().map(|r| r.as_ref().err()));
    let p = all[0].as_ref().unwrap();
    assert_eq!((p.k, p.line, p.digits()), (10, 1, want.clone()));
    assert_eq!(all[1].as_ref().unwrap().line, 10_203);

    // A list of two 64×64 grids of 4,226 lines each, then a puzzle on its line.
    let (grid, want) = pretty_json_grid(8, |r, c| (r + 2 * c) % 3 != 0);
    let list = format!("[\n{grid},\n{grid}\n]\n{EASY9}\n");
    let all = read_all(&list, Default::default());
    assert_eq!(all.len(), 3, "{:?}", all.iter().map(|r| r.as_ref().err()));
    for (rec, line) in all[..2].iter().zip([2, 4228]) {
        let p = rec.as_ref().unwrap();
        assert_eq!((p.k, p.line, p.digits()), (8, line, want.clone()));
    }
    assert_eq!(all[2].as_ref().unwrap().line, 8455);

    // One that never closes is one error, on the line where it opens.
    let open = &grid[..grid.len() - 2];
    let all = read_all(open, Default::default());
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(
        (e.line, e.what.as_str()),
        (1, "a JSON value that is not closed")
    );
    // Its last line empty, which the text's end drops (the fuzzer's find).
    let all = read_all("{a     \r", Default::default());
    assert_eq!(all[0].as_ref().unwrap_err().line, 1);
}

#[test]
fn a_json_list_starting_with_a_bad_scalar_item_is_still_a_list() {
    // `null` or a number first (a cell in a flat grid) does not make the list one grid: the
    // items after it tell, and each is a record of its own.
    for first in ["null", "0", "true"] {
        for text in [
            format!("[{first}, \"{EASY9}\", \"{EASY9}\"]\n"),
            format!("{{\"puzzles\": [{first}, \"{EASY9}\"]}}\n"),
        ] {
            let all = read_all(&text, Default::default());
            let n = all.len();
            assert!(n == 2 || n == 3, "{text}: {n} records");
            let e = all[0].as_ref().unwrap_err();
            assert!(
                e.to_string()
                    .starts_with("line 1: item 1 of the JSON list: a JSON ")
                    && e.what.ends_with(" where the grid should be"),
                "{text}: {e}"
            );
            assert!(all[1..]
                .iter()
                .all(|r| r.as_ref().unwrap().digits() == easy9_digits()));
        }
    }
    // Under a list's name the items are puzzles even when none is a string.
    let all = read_all("{\"puzzles\": [null]}\n", Default::default());
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(
        (e.item, e.what.as_str()),
        (Some(1), "a JSON null where the grid should be")
    );
    // A flat grid of numbers is still one grid, `null` first or not.
    let flat: Vec<String> = easy9_digits()
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            if i == 0 && d == 0 {
                "null".into()
            } else {
                d.to_string()
            }
        })
        .collect();
    let all = read_all(&format!("[{}]\n", flat.join(", ")), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), easy9_digits());
}

#[test]
fn a_line_of_a_json_word_in_brackets_is_no_section_header() {
    // `[Puzzle]` is passed over; `[null]` is a JSON array, refused with its line.
    for word in ["null", "true", "false"] {
        let text = format!("[Puzzle]\n{EASY9}\n[{word}]\n{EASY9}\n");
        let all = read_all(&text, Default::default());
        let lines: Vec<usize> = all
            .iter()
            .map(|r| r.as_ref().map_or_else(|e| e.line, |p| p.line))
            .collect();
        assert_eq!(lines, [2, 3, 4], "{word}");
        assert!(all[1].is_err(), "{word}");
    }
}

#[test]
fn a_16x16_in_letters_a_to_g_says_which_alphabet_it_took() {
    let text: String = "ABCDEFG".to_string() + &".".repeat(249);
    let p = read_one(&text, ReadOptions::default()).unwrap();
    assert_eq!(p.alphabet, Alphabet::Standard);
    assert!(p.note.unwrap().contains("--alphabet letters"));
    // With a digit there is no other reading.
    let text: String = "1BCDEFG".to_string() + &".".repeat(249);
    assert_eq!(read_one(&text, ReadOptions::default()).unwrap().note, None);
}

#[test]
fn rows_of_symbols_in_groups_on_one_line_are_one_puzzle() {
    // As a grid is often typed: a row a group. Not numbers (no cell is two symbols).
    let p = read_one("1234 3412 2143 4321", ReadOptions::default()).unwrap();
    assert_eq!(p.format, Format::Line);
    assert_eq!(p.digits(), [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let p = read_one(&rows.join(" "), ReadOptions::default()).unwrap();
    assert_eq!(p.digits(), easy9_digits());
    // Numbers stay numbers, one cell a token.
    let p = read_one("1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1", ReadOptions::default()).unwrap();
    assert_eq!(p.format, Format::Numbers);
}

/// Pencil-mark grids as HoDoKu and Sudoku Explainer print them, and as `reduce --format grid`
/// writes them, read as the candidates they list; a grid with an empty cell stays numbers.
/// The candidates the givens of `line` leave (each given out of its peers), as a grid of
/// basis `k`.
fn peer_candidates(k: usize, line: &str) -> CellMasks {
    use crate::mask::{MaskList, Wide256};
    let p = read_one(line, Default::default()).unwrap();
    let t = crate::topology::Topology::new(k);
    let cell = |c: usize| p.masks.mask_as::<Wide256>(c);
    let masks = (0..k.pow(4)).map(|c| {
        t.peers(c)
            .iter()
            .map(|&q| cell(q as usize))
            .filter(|m| m.count() == 1 && cell(c).count() > 1)
            .fold(cell(c), |m, given| m & !given)
    });
    CellMasks::of(k * k, masks)
}

/// A solved grid of basis `k` (the canonical pattern) drawn with spaces and bars, in
/// `alphabet`.
fn solved_rows(k: usize, alphabet: Alphabet) -> String {
    let n = k * k;
    let row = |r: usize| -> String {
        let symbols: Vec<String> = (0..n)
            .map(|c| {
                alphabet
                    .symbol(((k * (r % k) + r / k + c) % n + 1) as u8)
                    .to_string()
            })
            .collect();
        format!("| {} |\n", symbols.join(" "))
    };
    (0..n).map(row).collect()
}

/// A boxed pencil-mark grid in decimal (cells of numbers joined by commas, as `--format grid`
/// prints the candidates of a puzzle given as numbers) reads back at every size.
#[test]
fn reads_pencil_mark_grids_of_comma_lists() {
    let first = |text: &'static str| text.lines().find(|l| !l.starts_with('#')).unwrap();
    for (k, line) in [
        (2, "1.3.....2......."),
        (3, first(include_str!("../../examples/9x9.txt"))),
        (4, first(include_str!("../../examples/16x16.txt"))),
        (5, first(include_str!("../../examples/25x25.txt"))),
    ] {
        let want = peer_candidates(k, line);
        let boxed = crate::output::boxed_candidates(k, &want, Alphabet::Decimal);
        assert!(boxed.contains(','), "{boxed}");
        let p = read_one(&boxed, ReadOptions::default()).unwrap();
        assert_eq!((p.k, p.format), (k, Format::Candidates), "{boxed}");
        assert_eq!(p.masks, want, "{boxed}");
        // A number past the grid's side is named with its cell.
        // A number past the grid's side is named with its cell, on its row's line.
        let bad = boxed.replacen(',', &format!(",{},", k * k + 1), 1);
        let e = read_one(&bad, ReadOptions::default()).unwrap_err();
        assert!(e.what.contains(&format!("lists {}", k * k + 1)), "{e}");
        assert_eq!(
            e.line,
            1 + bad.lines().position(|l| l.contains(',')).unwrap()
        );
    }
    // Lines of 81 numbers (9×9 puzzles), one with a comma typed in: so many puzzles, the one
    // an error, not one 81×81 pencil-mark grid.
    let easy = first(include_str!("../../examples/9x9.txt"));
    let numbers: Vec<String> = easy
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect();
    let mut lines = vec![numbers.join(" "); 81];
    lines[9] = lines[9].replacen(' ', ",", 1);
    let records = read_all(&lines.join("\n"), ReadOptions::default());
    assert_eq!(records.len(), 81);
    assert_eq!(records.iter().filter(|r| r.is_err()).count(), 1);
    assert_eq!(records[9].as_ref().unwrap_err().line, 10);
}

/// A pencil-mark grid of symbols, as `--format grid` prints one, reads back from 16×16 up and
/// at 9×9 in letters: boxed or not, in each alphabet.
#[test]
fn reads_pencil_mark_grids_of_symbols() {
    let first = |text: &'static str| text.lines().find(|l| !l.starts_with('#')).unwrap();
    let cases = [
        (
            4,
            first(include_str!("../../examples/16x16.txt")),
            Alphabet::Standard,
        ),
        (
            4,
            first(include_str!("../../examples/16x16.txt")),
            Alphabet::Hex,
        ),
        (
            5,
            first(include_str!("../../examples/25x25.txt")),
            Alphabet::Letters,
        ),
        (
            5,
            first(include_str!("../../examples/25x25.txt")),
            Alphabet::Standard,
        ),
        (
            3,
            first(include_str!("../../examples/9x9.txt")),
            Alphabet::Letters,
        ),
    ];
    for (k, line, alphabet) in cases {
        let want = peer_candidates(k, line);
        let boxed = crate::output::boxed_candidates(k, &want, alphabet);
        // Without the box drawing: the rows of cells alone.
        let bare: Vec<String> = boxed
            .lines()
            .filter(|l| l.starts_with('|'))
            .map(|l| l.replace('|', " ").trim().to_string())
            .collect();
        for text in [boxed.clone(), bare.join("\n")] {
            let p = read_one(&text, ReadOptions::default()).unwrap();
            assert_eq!(
                (p.k, p.format, p.alphabet),
                (k, Format::Candidates, alphabet),
                "{text}"
            );
            assert_eq!(p.masks, want, "{text}");
            assert!(
                p.note.as_deref().unwrap().contains("pencil-mark grid"),
                "{text}"
            );
        }
        // A solved grid drawn with spaces is a grid of symbols, not of candidates.
        let solved = solved_rows(k, alphabet);
        let p = read_one(&solved, ReadOptions::default()).unwrap();
        assert_eq!(p.format, Format::Line, "{solved}");
        // A symbol the alphabet has not, or one twice in a cell: named with its cell.
        let cells: Vec<&str> = bare[1].split_whitespace().collect();
        let col = cells.iter().position(|c| c.len() > 1).unwrap();
        let cell = cells[col];
        let twice = cell.chars().nth(1).unwrap();
        for (to, what) in [
            ('Z', "unknown symbol 'Z'".to_string()),
            (twice, format!("'{twice}' twice")),
        ] {
            let mut row = cells.clone();
            let changed = format!("{to}{}", &cell[1..]);
            row[col] = &changed;
            let mut rows = bare.clone();
            rows[1] = row.join(" ");
            let e = read_one(&rows.join("\n"), ReadOptions::default()).unwrap_err();
            assert_eq!(e.line, 2, "{e}");
            let named = format!("{what} in r2c{} ('{changed}')", col + 1);
            assert_eq!(e.what, named, "{e}");
        }
    }
}

/// 4×4 puzzles in letters (A = 1), one a line, are so many puzzles: A-D are not a 16×16's
/// digits 10-13 where no other digit shows.
#[test]
fn lines_of_4x4_puzzles_in_letters_are_not_one_16x16() {
    let two = "...C.B.....A.D..\n...D.D.AC.......\n";
    let all = read_all(two, ReadOptions::default());
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(
        all.iter().all(|r| r.as_ref().is_ok_and(|p| p.k == 2)),
        "{all:?}"
    );
    let sixteen = "...C.B.....A.D..\n".repeat(16);
    let all = read_all(&sixteen, ReadOptions::default());
    assert_eq!(all.len(), 16);
    // Beside digits, A-D stay a 16×16's: its rows as they were.
    let text = include_str!("../../examples/16x16.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let rows: Vec<&str> = (0..16).map(|r| &line[16 * r..16 * (r + 1)]).collect();
    let all = read_all(&rows.join("\n"), ReadOptions::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().k, 4);
}

/// 4×4 puzzles on one line with `|` between their rows (`...3|.2..|...1|.4..`), one a line,
/// are so many puzzles, not the rows of a 16×16 drawn with `|` between its boxes; a 16×16
/// so drawn stays one grid.
#[test]
fn lines_of_4x4_puzzles_parted_by_bars_are_not_one_16x16() {
    for count in [2, 16, 20] {
        let all = read_all(
            &"...3|.2..|...1|.4..\n".repeat(count),
            ReadOptions::default(),
        );
        assert_eq!(all.len(), count);
        assert!(all.iter().all(|r| r.as_ref().is_ok_and(|p| p.k == 2)));
    }
    let text = include_str!("../../examples/16x16.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let rows: Vec<String> = (0..16)
        .map(|r| {
            let row = &line[16 * r..16 * (r + 1)];
            (0..4)
                .map(|b| &row[4 * b..4 * b + 4])
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect();
    let all = read_all(&rows.join("\n"), ReadOptions::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().k, 4);
    // Drawn with spaces, even an empty 16×16 is one grid.
    let row = [". . . ."; 4].join(" | ");
    let rule = ["---------"; 4].join("+");
    let bands: Vec<String> = (0..4).map(|_| [row.as_str(); 4].join("\n")).collect();
    let all = read_all(&bands.join(&format!("\n{rule}\n")), ReadOptions::default());
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0].as_ref().unwrap().k, 4);
}

/// Two values out of range among one-line puzzles (the first line's and one further down)
/// are two errors, not the first row of a big grid that swallows the lines between: in 9×9
/// and 16×16 numbers and in 4×4 symbols.
#[test]
fn two_values_out_of_range_stay_on_their_lines() {
    let typo = |mut v: Vec<String>, value: &str| {
        let at = v.iter().position(|x| x != "0").unwrap();
        v[at] = value.into();
        v.join(" ")
    };
    let nine = easy9_numbers();
    let sixteen: Vec<String> = include_str!("../../examples/16x16.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .chars()
        .map(|c| Alphabet::Standard.digit(c, 16).unwrap_or(0).to_string())
        .collect();
    let four = "1..4.3....2.4..1".to_string();
    let cases = [
        (nine.join(" "), typo(nine.clone(), "10"), 100, 59),
        (sixteen.join(" "), typo(sixteen.clone(), "17"), 40, 4),
        (four.clone(), four.replacen('1', "5", 1), 8, 1),
    ];
    for (good, bad, lines, second) in cases {
        let text: Vec<&str> = (0..lines)
            .map(|i| {
                if i == 0 || i == second {
                    bad.as_str()
                } else {
                    good.as_str()
                }
            })
            .collect();
        let all = read_all(&text.join("\n"), ReadOptions::default());
        assert_eq!(all.len(), lines, "{good}");
        for (i, r) in all.iter().enumerate() {
            assert_eq!(r.is_err(), i == 0 || i == second, "{good}: line {}", i + 1);
        }
    }
}

/// An id of a 4×4's length (16 digits) before a larger puzzle is its label: the puzzle is
/// read, not the id as a 4×4.
#[test]
fn a_long_numeric_id_before_a_puzzle_is_a_label() {
    let all = read_all(
        &format!("0000000000000001 {EASY9}\n0000000000000012,{EASY9}\n"),
        ReadOptions::default(),
    );
    for r in &all {
        let p = r.as_ref().unwrap();
        assert_eq!((p.k, p.digits()), (3, easy9_digits()));
        assert!(p.note.as_deref().unwrap().contains("label"));
    }
    // A 4×4 puzzle followed by its solution stays a 4×4.
    let p = read_one("1..4.3....2.4..1 1234341221434321", ReadOptions::default()).unwrap();
    assert_eq!(p.k, 2);
}

/// A reading in the alphabet the file showed must keep the puzzle: here the first line is a
/// 16×16 in A-P, and the grid below uses A-G only, with A-D alone in its first row. Forced
/// into letters its rows would be taken for 4×4 lines; it stays one 16×16 grid, read in its
/// own symbols. (From a differential check of the reader, session 63.)
#[test]
fn a_reading_in_the_file_alphabet_keeps_the_grid() {
    let first = "MIB.....P...DC..DLO.....IM.B.FNK.N.A....O.HKL..JPEF.....JCL....A.GPEJH....FA....B...L....KG.......JN.IFD..P......OI.E.G.D............BI....J.L..........FDEM.A......M....A.L.KGO.....N.LBP...HJIK..I.PEB.....NOF.BEF..O.....M.K.NAC.F.M........GJ...HKLC....IED.";
    let rows = [
        "..B.........DC..",
        "D..........B.F..",
        "...A............",
        ".EF......C.....A",
        ".G.E......FA....",
        "B.........G.....",
        "......FD........",
        "....E.G.D.......",
        ".....B..........",
        "........FDE..A..",
        ".........A....G.",
        "........B.......",
        "......EB.......F",
        ".BEF............",
        ".AC.F..........G",
        ".......C.....ED.",
    ];
    let all = read_all(
        &format!("{first}\n\n{}\n", rows.join("\n")),
        Default::default(),
    );
    assert_eq!(all.len(), 2, "{all:?}");
    assert_eq!(all[0].as_ref().unwrap().alphabet, Alphabet::Letters);
    let grid = all[1].as_ref().unwrap();
    assert_eq!((grid.k, grid.line), (4, 3));
}

/// A sparse 16×16 whose first row holds a value too big for a 4×4 and whose other rows hold
/// fewer than 16 givens, half of them small, is still one grid: so few givens tell nothing.
#[test]
fn a_sparse_big_grid_with_few_givens_stays_one_grid() {
    let rows = [
        ".A..............",
        ".2..6...........",
        "...8.........2..",
        ".D..............",
        "A........1.....5",
        "................",
        ".3..............",
        "................",
        "..1.............",
        "................",
        "................",
        "................",
        "................",
        "................",
        "................",
        "................",
    ];
    let all = read_all(&rows.join("\n"), Default::default());
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0].as_ref().unwrap().k, 4);
}

/// Small grids one a line near the end of a text (fewer than N - 1 lines follow) are not
/// taken into a big grid cut short for a typo in the first: a 4×4 with a `5`, or 9×9s as 81
/// numbers with a `10`, leave the good puzzles after them read.
#[test]
fn few_small_grids_after_a_typo_are_no_big_grid_cut_short() {
    let text = "5...............\n6...............\n1234............\n";
    let all = read_all(text, Default::default());
    assert_eq!(all.len(), 3, "{all:?}");
    assert!(all[2].as_ref().is_ok_and(|p| p.k == 2));
    let nine = |last: &str| {
        let mut cells: Vec<String> = EASY9.replace('.', "0").chars().map(String::from).collect();
        cells[80] = last.into();
        cells.join(" ")
    };
    let text = [nine("10"), nine("0"), nine("0"), nine("12")].join("\n");
    let all = read_all(&text, Default::default());
    assert_eq!(all.len(), 4, "{all:?}");
    assert!(all[0].is_err() && all[3].is_err());
    assert!(all[1].is_ok() && all[2].is_ok());
}

#[test]
fn reads_pencil_mark_grids_up_to_9x9() {
    use crate::mask::Wide256;
    // magictour_top1465 line 1 after naked singles, as `reduce --format grid` prints it.
    let rows = [
        "4 12569 1256789 5789 3 15789 259 2567 25679",
        "1237 12359 12579 6 12479 14579 8 2357 234579",
        "23678 23569 256789 45789 24789 45789 23459 23567 1",
        "1236 12346 1246 3478 5 134678 1234 9 23478",
        "123 8 12459 3479 1479 13479 6 12357 23457",
        "136 7 14569 2 14689 134689 1345 1358 3458",
        "68 46 468 1 4689 2 7 3568 35689",
        "5 126 3 789 6789 6789 129 4 2689",
        "9 1246 124678 34578 4678 345678 1235 123568 23568",
    ];
    let cells: Vec<&str> = rows.iter().flat_map(|r| r.split(' ')).collect();
    let mask = |cell: &str| {
        cell.bytes().fold(Wide256::ZERO, |m, b| {
            m | Wide256::bit(usize::from(b - b'1'))
        })
    };
    let want = CellMasks::of(9, cells.iter().map(|c| mask(c)));
    let boxed = crate::output::boxed_candidates(3, &want, Alphabet::Standard);
    let explainer = format!(
        "*{0}*\n{1}\n*{0}*\n",
        "-".repeat(60),
        rows.iter()
            .map(|r| format!("| {r} |"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    for text in [rows.join("\n"), cells.join(" "), boxed, explainer] {
        let p = read_one(&text, ReadOptions::default()).unwrap();
        assert_eq!((p.k, p.format), (3, Format::Candidates), "{text}");
        assert_eq!(p.masks, want, "{text}");
        assert!(p.note.as_deref().unwrap().contains("pencil-mark grid"));
    }
    // A first row whose cells are all placed reads as a boxed grid's row of givens would:
    // the rows below tell the grid.
    let mut placed = want.clone();
    for (c, d) in [4u8, 6, 8, 9, 3, 1, 5, 2, 7].into_iter().enumerate() {
        placed.set(c, Wide256::of_digit(d, 9));
    }
    let boxed = crate::output::boxed_candidates(3, &placed, Alphabet::Standard);
    assert!(boxed.lines().nth(1).unwrap().starts_with("| 4 "), "{boxed}");
    let p = read_one(&boxed, ReadOptions::default()).unwrap();
    assert_eq!(
        (p.format, &p.masks),
        (Format::Candidates, &placed),
        "{boxed}"
    );
    // An empty cell (0), a repeated or zero digit: the grid is still a pencil-mark grid, and
    // the message names the cell that is not one.
    for (from, to, what) in [
        ("1237 12359", "0 12359", "r2c1 is empty (0)"),
        ("12359", "12259", "r2c2 holds 12259, with 2 twice"),
        ("12359", "12309", "r2c2 holds 12309, with 0"),
    ] {
        let text = rows.join("\n").replacen(from, to, 1);
        assert!(text.contains(to));
        let e = read_one(&text, ReadOptions::default()).unwrap_err();
        assert_eq!((e.line, e.what.as_str()), (2, what), "{e}");
        assert!(e.expected.contains("(a pencil-mark grid)"), "{e}");
    }
    // A bad token in the first row spoils the grid alone: one error, then the next puzzle.
    let text = rows.join("\n").replacen("12569", "12x69", 1) + "\n" + EASY9;
    let recs = read_all(&text, ReadOptions::default());
    assert_eq!(recs.len(), 2, "{recs:?}");
    assert_eq!(
        recs[0].as_ref().unwrap_err().what,
        "'12x69' is not a number"
    );
    assert_eq!(recs[1].as_ref().unwrap().line, 10);
    // A line above a whole grid of numbers is not its first row, slip or not: a title, a puzzle
    // of grouped rows, a row of numbers with a slip above all 4 rows.
    let grid4 = "1 0 0 4\n0 4 1 0\n0 1 0 3\n4 0 0 1";
    for above in ["Puzzle 1: very easy", "1..4 .41. .1.3 4..1", "1 2 3x 4"] {
        let recs = read_all(&format!("{above}\n{grid4}\n"), ReadOptions::default());
        assert_eq!(recs.len(), 2, "{above}: {recs:?}");
        assert!(
            recs[0].is_err() == (above != "1..4 .41. .1.3 4..1"),
            "{above}"
        );
        assert_eq!(recs[1].as_ref().unwrap().line, 2, "{above}");
    }
    // Digits with two slips (cells of 0 outnumber them), or a full grid with a slip or two
    // (a value above N, or two cells of two digits), are numbers with a value out of range.
    let full4 = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1";
    let e = read_one(&full4.replacen('2', "5", 1), ReadOptions::default()).unwrap_err();
    assert_eq!(e.what, "r1c2 holds 5", "{e}");
    let e = read_one(&full4.replacen('3', "33", 2), ReadOptions::default()).unwrap_err();
    assert_eq!(e.what, "r1c3 holds 33", "{e}");
    let slips = EASY9
        .chars()
        .map(|c| {
            if c == '.' {
                "0".to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<Vec<_>>();
    let mut slips: Vec<String> = slips.chunks(9).map(|r| r.join(" ")).collect();
    slips[0] = slips[0].replacen('0', "12", 2);
    let e = read_one(&slips.join("\n"), ReadOptions::default()).unwrap_err();
    assert!(e.what.ends_with("holds 12"), "{e}");
    let four = "1 34 34 2\n34 2 1 34\n2 1 34 34\n34 34 2 1";
    let p = read_one(four, ReadOptions::default()).unwrap();
    assert_eq!((p.k, p.format, p.digits()[0]), (2, Format::Candidates, 1));
    let e = read_one(&four.replacen("34", "35", 1), ReadOptions::default()).unwrap_err();
    assert!(e.what.contains("holds 35"), "{e}");
}

/// Text that opens a JSON value and does not parse costs the lines before the one where it
/// breaks: a stray `{` closed by a stray `}` lines later swallowed every puzzle between them.
#[test]
fn a_json_value_that_does_not_parse_costs_the_lines_before_it_breaks() {
    for (open, close) in [("{junk", "}"), ("[", "]"), ("{\"puzzle\": ", "}")] {
        let text = format!("{open}\n{EASY9}\n{EASY9}\n{close}\n{EASY9}\n");
        let all = read_all(&text, Default::default());
        let lines: Vec<(usize, bool)> = all
            .iter()
            .map(|r| {
                r.as_ref()
                    .map_or_else(|e| (e.line, false), |p| (p.line, true))
            })
            .collect();
        assert_eq!(
            lines,
            [(1, false), (2, true), (3, true), (4, false), (5, true)],
            "{open}"
        );
        // The message is on the value's first line and says where the JSON broke.
        let first = all[0].as_ref().unwrap_err().to_string();
        assert!(first.starts_with("line 1: not valid JSON ("), "{first}");
    }
    let first = read_all("[\n1.2.3\n]\n", Default::default())[0]
        .as_ref()
        .unwrap_err()
        .to_string();
    assert!(first.contains(", line 2 column "), "{first}");
    // One value with a typo where it closes (a comma before the bracket) is one record, and
    // so is one that breaks further on after lines that parsed: those lines are its own.
    let rows: Vec<String> = EASY9
        .as_bytes()
        .chunks(9)
        .map(|r| format!("  \"{}\",", std::str::from_utf8(r).unwrap()))
        .collect();
    let trailing = format!("[\n{}\n]\n{EASY9}\n", rows.join("\n"));
    let object = format!("{{\n  \"puzzle\": \"{EASY9}\",\n  \"level\": \"hard\",\n}}\n{EASY9}\n");
    let midway = format!("[\n{}\n  \"x\" \"y\",\n{}\n]\n{EASY9}\n", rows[0], rows[1]);
    for (text, lines) in [(&trailing, 11), (&object, 4), (&midway, 2)] {
        let all = read_all(text, Default::default());
        assert!(all[0].is_err(), "{text}");
        // The next record starts on the line after what the value cost.
        let next = all[1].as_ref().map_or_else(|e| e.line, |p| p.line);
        assert_eq!(next, lines + 1, "{text}");
        assert!(all.last().unwrap().is_ok());
    }
}
