//! Puzzles as whitespace-separated numbers: one a line or a grid of rows, and where a bad row or value stops.

use super::*;

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
    assert!(err.what.contains("r1c1 lists '65'"), "{err}");
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
fn sixteen_rows_with_a_small_first_row_are_one_grid() {
    // A 16×16 in rows whose first row holds nothing above 4 is still one grid when the
    // rows below do; sixteen 4×4 grids one a line stay sixteen grids.
    let text = include_str!("../../../examples/16x16.txt");
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
        include_str!("../../../examples/16x16.txt"),
        ReadOptions::default(),
    )
    .unwrap();
    let rows = number_rows(&g.digits(), 16);
    let good = rows.join("\n");
    for (r, bad_row, gap) in [
        (2, rows[2].rsplit_once(' ').unwrap().0.to_string(), ""),
        (5, rows[5].replacen(' ', " x ", 1), ""),
        // The first row too, with a typo in a number, above exactly the grid's other rows
        // (then a blank line, or the next grid): the grid's shape comes from its tokens.
        (0, rows[0].replacen(' ', "x ", 1), "\n"),
        (0, rows[0].replacen(' ', "x ", 1), ""),
        // A number too many besides the typo: the row under it gives the grid's side.
        (0, format!("{} 7", rows[0].replacen(' ', "x ", 1)), "\n"),
        (0, format!("{} 7", rows[0].replacen(' ', "x ", 1)), ""),
    ] {
        let mut bad = rows.clone();
        bad[r] = bad_row;
        let all = read_all(
            &format!("{}\n{gap}{good}\n", bad.join("\n")),
            Default::default(),
        );
        assert_eq!(all.len(), 2, "row {r} {gap:?}");
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
    let sixteen: Vec<String> = include_str!("../../../examples/16x16.txt")
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

/// The text after a puzzle of numbers is named by its opening only: the note travels with the
/// puzzle, and the text can be of any length.
#[test]
fn the_text_after_a_puzzle_of_numbers_is_named_by_its_opening() {
    let good = easy9_numbers().join(" ");
    let p = read_one(
        &format!("{good} {}", "x".repeat(100_000)),
        ReadOptions::default(),
    )
    .unwrap();
    let note = p.note.as_deref().unwrap();
    assert_eq!(
        note,
        format!(
            "the text after the puzzle (from '{}'…) is passed over",
            "x".repeat(40)
        )
    );
}

/// `one_token`, the detectors' shortcut, says a line is one token only when splitting it says
/// so too: every ASCII whitespace (vertical tab and form feed among them) and `|` split, and a
/// line with any other byte than ASCII takes the long way (Unicode spaces split as well).
#[test]
fn one_token_agrees_with_the_split() {
    let lines = [
        "",
        "5",
        EASY9,
        "1 2",
        "1\t2",
        "1\u{b}2",
        "1\u{c}2",
        "1\r2",
        "12|34",
        " 5",
        "5 ",
        "1\u{a0}2",
        "1\u{3000}2",
        "é",
        "1#2 3",
        "-1",
        "1,2,3",
        "1:2",
    ];
    for line in lines {
        if crate::input::numbers::one_token(line) {
            assert!(
                crate::input::numbers::tokens(line).nth(1).is_none(),
                "{line:?}"
            );
        }
    }
    for line in ["1\u{b}2", "1\u{c}2", "12|34", "1\u{a0}2", "é"] {
        assert!(!crate::input::numbers::one_token(line), "{line:?}");
    }
    assert!(crate::input::numbers::one_token(EASY9));
}

/// A bad token names its cell once the grid's shape is known: by its place on a line of N²
/// numbers, by its row and place in a grid of rows (the row's own line in the message), and
/// none past the last column of a row too long.
#[test]
fn a_bad_number_names_its_cell() {
    let mut one = easy9_numbers();
    one[40] = "4.5".to_string();
    let e = read_one(&one.join(" "), ReadOptions::default()).unwrap_err();
    assert_eq!(
        (e.line, e.what.as_str()),
        (1, "'4.5' at r5c5 is not a number")
    );
    let rows: Vec<String> = easy9_numbers().chunks(9).map(|r| r.join(" ")).collect();
    for (row, token, line, what) in [
        (0, "2.0", 1, "'2.0' at r1c3 is not a number"),
        (6, "-2", 7, "'-2' at r7c3 is a negative number"),
        (8, "+1", 9, "'+1' at r9c3 has a sign"),
    ] {
        let mut grid = rows.clone();
        let mut cells: Vec<&str> = grid[row].split(' ').collect();
        cells[2] = token;
        grid[row] = cells.join(" ");
        let e = read_one(&grid.join("\n"), ReadOptions::default()).unwrap_err();
        assert_eq!((e.line, e.what.as_str()), (line, what));
    }
    let mut grid = rows.clone();
    grid[3] = format!("{} 0x1", grid[3]);
    let e = read_one(&grid.join("\n"), ReadOptions::default()).unwrap_err();
    assert_eq!((e.line, e.what.as_str()), (4, "'0x1' is not a number"));
}

/// Where grids of numbers follow one another without a blank line, each is read whole: a grid
/// a row short ends at the frame of a boxed grid under it, or at a row of another side (25
/// numbers under a 16×16), not taking the next grid's first row for its last. A boxed 16×16
/// whose first row holds single digits only is numbers (not a 4×4 with its rows set apart by
/// `|`), and a row split over two lines under a first row is still the grid's.
#[test]
fn grids_of_numbers_back_to_back_each_end_where_they_should() {
    let first = |text: &str| read_one(text, ReadOptions::default()).unwrap();
    let p16 = first(include_str!("../../../examples/16x16.txt"));
    let p25 = first(include_str!("../../../examples/25x25.txt"));
    let rows16 = number_rows(&p16.digits(), 16);
    let rows25 = number_rows(&p25.digits(), 25);
    let boxed16 = crate::output::boxed(4, &p16.digits(), Alphabet::Decimal);
    let short = rows16[..15].join("\n");
    for (next, want) in [(boxed16.trim_end(), &p16), (&rows25.join("\n"), &p25)] {
        let all = read_all(&format!("{short}\n{next}\n"), ReadOptions::default());
        assert_eq!(all.len(), 2, "{next}");
        let e = all[0].as_ref().unwrap_err();
        assert_eq!(e.what, "grid of 16 numbers a row ends after 15 rows");
        assert_eq!(all[1].as_ref().unwrap().digits(), want.digits());
    }
    // The first row of single digits, drawn with `|`: its boxes are 16×16 boxes.
    let mut low = p16.digits();
    for d in &mut low[..16] {
        if *d > 9 {
            *d = 0;
        }
    }
    let boxed = crate::output::boxed(4, &low, Alphabet::Decimal);
    let frameless: Vec<&str> = boxed.lines().filter(|l| !l.starts_with('+')).collect();
    let p = first(&frameless.join("\n"));
    assert_eq!((p.n(), p.digits()), (16, low.clone()));
    // A split second row, under a first row that could be a 4×4 line of numbers.
    let mut split = number_rows(&low, 16);
    split[1] = split[1].replacen(' ', "\n", 1);
    let all = read_all(
        &format!("{}\n\n{}\n", split.join("\n"), rows16.join("\n")),
        ReadOptions::default(),
    );
    assert_eq!(all.len(), 2);
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(e.what, "row 2 of the grid is split over lines 2 and 3");
    assert_eq!(all[1].as_ref().unwrap().digits(), p16.digits());
}
