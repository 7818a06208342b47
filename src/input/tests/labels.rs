//! Labels, CSV headers and fields, and text beside a puzzle on its line.

use super::*;

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
        // An empty field after it: a CSV export whose solutions column is empty.
        (format!("{EASY9},"), ','),
        (format!("{EASY9};"), ';'),
        (format!("\"{EASY9}\","), ','),
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
    // Its solutions column empty: the puzzles are read all the same.
    let empty = format!("quizzes,solutions\n{EASY9},\n{EASY9},\n");
    let all = read_all(&empty, Default::default());
    assert_eq!(all.len(), 2);
    assert!(all.iter().all(|r| r.as_ref().unwrap().line > 1));
    // Only the first line of a text can be a header.
    let late = format!("{EASY9}\nquizzes,solutions\n");
    assert!(read_all(&late, Default::default())[1].is_err());
}

/// Excel writes `;` between fields where the decimal mark is a comma; tab-separated files are
/// common too. Their headers are passed over as a comma's are.
#[test]
fn a_header_of_semicolons_or_tabs_is_passed_over() {
    for sep in [";", "\t"] {
        let text = format!("id{sep}puzzle{sep}difficulty\n1{sep}{EASY9}{sep}easy\n");
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 1, "{sep:?}");
        let first = all[0].as_ref().unwrap();
        assert_eq!(first.line, 2);
        assert!(
            first.note.as_ref().unwrap().contains("is a CSV header"),
            "{sep:?}"
        );
    }
}

/// A header with no line after it that should be a puzzle was most likely a bad line itself:
/// it is named as an error at its line rather than passed over without a word. After it, bad
/// lines are named each, and it passes as their header.
#[test]
fn a_csv_header_with_no_puzzle_after_it_is_an_error() {
    for text in ["hello,world\n", "hello,world\n\n# none\n"] {
        let all = read_all(text, Default::default());
        assert_eq!(all.len(), 1, "{text:?}");
        assert_eq!(
            all[0].as_ref().unwrap_err().to_string(),
            "line 1: 'hello,world' reads as a CSV header, and no puzzle follows it; expected a \
             puzzle, one a line (after a CSV header, in a field of each line)"
        );
    }
    let all = read_all("hello,world\nxyz\n", Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap_err().line, 2);
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
    // The label as written, its quotes too; as records name it, without them.
    assert_eq!(labelled.label.as_deref(), Some("\"1\","));
    assert_eq!(labelled.label_name().as_deref(), Some("1"));
    assert_eq!(alone.label, None);
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
        assert_eq!(e.what, "80 symbols, 1 short of a 9×9 grid", "{text}");
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
    assert_eq!(e.what, "82 symbols, 1 more than a 9×9 grid has");
}

/// A puzzle after one or two labels is read, the labels kept as written (to go before its
/// answer), with a note.
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
        "the label before the puzzle is kept for its answer, and the text after it (from ',') \
         is passed over"
    );
    assert!(note(&all[0]).contains("CSV header"));
    let labels = |rec: &Record| {
        let p = rec.as_ref().unwrap();
        (p.label.clone().unwrap(), p.label_name().unwrap())
    };
    assert_eq!(labels(&all[1]), ("17,".into(), "17".into()));
    // A name and a colon, or a tab; two labels.
    for (text, label, name) in [
        (format!("p12: {EASY9}"), "p12: ", "p12"),
        (format!("p12\t{EASY9}"), "p12\t", "p12"),
        (format!("set-a;3;{EASY9}"), "set-a;3;", "set-a;3"),
    ] {
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 1, "{text}");
        assert_eq!(given(&all[0]), want, "{text}");
        assert!(note(&all[0]).starts_with("the label before"), "{text}");
        assert_eq!(labels(&all[0]), (label.into(), name.into()), "{text}");
    }
    // A puzzle with text after it only has no label.
    let after = read_all(&format!("{EASY9} {solution}"), Default::default());
    assert_eq!(after[0].as_ref().unwrap().label, None);
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

#[test]
fn a_bad_puzzle_on_the_first_line_is_no_csv_header() {
    // Letters and dashes of a wrong length, then a field: a puzzle with a typo, reported.
    let typo = format!("A-C{},hard\n", "-".repeat(77));
    let all = read_all(&typo, Default::default());
    assert_eq!(all.len(), 1);
    assert!(all[0].is_err());
}

/// An id of a 4×4's length (16 digits or hex digits) before a larger puzzle is its label:
/// the puzzle is read, not the id as a 4×4. A key too long for a label (a SHA-256, 64 hex
/// digits: a 4×4 candidate grid's length), or one that is no label (a date, a path), and a
/// tab before a puzzle is named as such, with what to cut, not read as a puzzle of its own.
#[test]
fn an_id_before_a_puzzle_is_its_label_and_a_long_key_is_named() {
    let all = read_all(
        &format!(
            "0000000000000001 {EASY9}\n0000000000000012,{EASY9}\n\
             0a1b2c3d4e5f6789\t{EASY9}\n"
        ),
        ReadOptions::default(),
    );
    assert_eq!(all.len(), 3);
    for r in &all {
        let p = r.as_ref().unwrap();
        assert_eq!((p.k, p.digits()), (3, easy9_digits()));
        assert!(p.note.as_deref().unwrap().contains("label"));
    }
    // A 4×4 puzzle followed by its solution stays a 4×4.
    let p = read_one("1..4.3....2.4..1 1234341221434321", ReadOptions::default()).unwrap();
    assert_eq!(p.k, 2);
    let sha = "a3f9c2e1b7d4".repeat(6);
    for key in [&sha[..64], "2024-01-01", "/home/me/p.txt"] {
        let e = read_one(&format!("{key}\t{EASY9}"), ReadOptions::default()).unwrap_err();
        assert!(e.what.contains("a puzzle after the key"), "{e}");
        assert!(e.expected.contains("cut -f2-"), "{e}");
    }
    // A puzzle a symbol short before its solution is named by its length, as before.
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let e = read_one(&format!("{}\t{solution}", &EASY9[1..]), Default::default()).unwrap_err();
    assert!(!e.what.contains("key"), "{e}");
}

/// cmd.exe passes `echo '…'`'s single quotes (and the space before `>`) on: the line is named
/// as a quoted puzzle, not only by its length. Double quotes are read as they were.
#[test]
fn a_puzzle_in_single_quotes_is_named_so() {
    let e = read_one(&format!("'{EASY9}' \r"), ReadOptions::default()).unwrap_err();
    assert!(e.what.contains("a puzzle in single quotes"), "{e}");
    assert!(e.expected.contains("use double quotes"), "{e}");
    let p = read_one(&format!("\"{EASY9}\""), ReadOptions::default()).unwrap();
    assert_eq!(p.digits(), easy9_digits());
}

#[test]
fn a_title_line_is_told_to_start_with_a_hash() {
    for title in ["Sudoku #1", "Puzzle 3 (hard)", "my puzzles"] {
        let e = read_one(title, Default::default()).unwrap_err();
        assert!(e.expected.ends_with("starts with `#`"), "{title}: {e}");
    }
    // A short line of symbols, or one word, is only too short.
    for line in ["12.4 3..1", "1234", "Sudoku", "..3 4.1 2"] {
        let e = read_one(line, Default::default()).unwrap_err();
        assert!(!e.expected.contains('#'), "{line}: {e}");
    }
}

/// The title above a grid (`Grid 01` of Project Euler's sudoku.txt, over rows of digits with
/// `0` for an empty cell) is passed over, with one note worded the same for every puzzle, so
/// that a batch says it once; blank lines and comments may come between.
#[test]
fn a_title_above_a_grid_is_passed_over_with_a_note() {
    let zeros = EASY9.replace('.', "0");
    let rows: Vec<&str> = (0..9).map(|r| &zeros[r * 9..r * 9 + 9]).collect();
    let euler = format!(
        "Grid 01\n{}\nGrid 02\n{}\n",
        rows.join("\n"),
        rows.join("\n")
    );
    let numbers: Vec<String> = easy9_numbers().chunks(9).map(|r| r.join(" ")).collect();
    let numbers = numbers.join("\n");
    for text in [
        euler,
        format!(
            "Puzzle 1: easy\n{}\nÉnigme 2\n\n# from a book\n{}\n",
            rows.join("\n"),
            rows.join("\n")
        ),
        format!("Sudoku #1 (Times, 2005)\n{numbers}\nno. 2\n{numbers}\n"),
    ] {
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 2, "{text}");
        for rec in all {
            let p = rec.unwrap();
            assert_eq!(
                p.digits(),
                read_one(EASY9, Default::default()).unwrap().digits()
            );
            let title = "the line of text above it is passed over as its title";
            assert_eq!(p.note.as_deref(), Some(title), "{text}");
        }
    }
}

/// Each record's line: `Ok` for a puzzle, `Err` for an error.
fn record_lines(text: &str) -> Vec<Result<usize, usize>> {
    read_all(text, Default::default())
        .into_iter()
        .map(|rec| rec.map(|p| p.line).map_err(|e| e.line))
        .collect()
}

/// A title is a bad line of its own when no grid reads under it: at the text's end, over a
/// title of its kind (`Puzzle 1` over `Puzzle 1b`: the grid of the first is missing), a JSON
/// list (read on from its own line) or a puzzle on one line (in a file of one puzzle a line,
/// output lines match its lines one to one). So are upper case words (digits of a 16×16
/// line) and the markers `solve` writes, read back. Above a bad grid it is passed over (the
/// grid's error is said), and it ends a grid cut short above it.
#[test]
fn a_title_without_a_grid_under_it_is_a_bad_line() {
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let grid = rows.join("\n");
    let bad = grid.replacen('.', "x", 1);
    let cases = [
        (format!("{grid}\nPuzzle 2\n"), vec![Ok(1), Err(10)]),
        (format!("Puzzle 1\n{bad}\n{grid}\n"), vec![Err(2), Ok(11)]),
        (
            format!("{}\nPuzzle 2\n{grid}\n", rows[..7].join("\n")),
            vec![Err(1), Ok(9)],
        ),
        (
            format!("Puzzle 1\n\nPuzzle 1b\n{grid}\n"),
            vec![Err(1), Ok(4)],
        ),
        (format!("Puzzle 1\n[\"{EASY9}\"]\n"), vec![Err(1), Ok(2)]),
        (format!("Puzzle 1\n{EASY9}\n"), vec![Err(1), Ok(2)]),
        (format!("GRID 01\n{grid}\n"), vec![Err(1), Ok(2)]),
        (
            format!("{grid}\ninvalid\n{grid}\n"),
            vec![Ok(1), Err(10), Ok(11)],
        ),
        (format!("no solution\n{grid}\n"), vec![Err(1), Ok(2)]),
        // A title of nine symbols but for two (`ä`, `№`) is no row: it headed a grid of no
        // rows, read again and again without end.
        (format!("Rätsel №12\n{}\n", rows[0]), vec![Err(1), Err(2)]),
        (
            format!("Rätsel №12\n{}\n", rows[..3].join("\n")),
            vec![Err(2)],
        ),
        (format!("Rätsel №12\n{grid}\n"), vec![Ok(2)]),
    ];
    for (text, lines) in cases {
        assert_eq!(record_lines(&text), lines, "{text}");
    }
}

/// Titles of two kinds may stack over a grid (a heading of the text over `Puzzle 1`, or a line
/// that says more under it), up to four lines of text: all are passed over, and the note
/// counts them. Titles of one kind (`Puzzle 1` over `Puzzle 2`) are a grid missing: the
/// upper one is a bad line, as are titles over a puzzle on one line.
#[test]
fn titles_of_two_kinds_stack_over_a_grid() {
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let grid = rows.join("\n");
    let bad = grid.replacen('.', "x", 1);
    let numbers: Vec<String> = easy9_numbers().chunks(9).map(|r| r.join(" ")).collect();
    let numbers = numbers.join("\n");
    let cases = [
        (
            format!("My 9x9 puzzles\n\nPuzzle 1\n{grid}\n\nPuzzle 2\n{grid}\n"),
            vec![Ok(4), Ok(15)],
        ),
        (format!("Puzzle 1\nDifficulty: hard\n{grid}\n"), vec![Ok(3)]),
        (
            format!("Sudoku book\n# p. 3\nGrid 01\n{numbers}\n"),
            vec![Ok(4)],
        ),
        (
            format!("Heading text\nPuzzle 1\n{bad}\n{grid}\n"),
            vec![Err(3), Ok(12)],
        ),
        (
            format!("Puzzle 1\n\nPuzzle 2\n{grid}\n"),
            vec![Err(1), Ok(4)],
        ),
        (
            format!("My puzzles\nPuzzle 1\n{EASY9}\n"),
            vec![Err(1), Err(2), Ok(3)],
        ),
        (
            format!("Alpha one\nBravo two\nCharlie three\nDelta four\nEcho five\n{grid}\n"),
            vec![Err(1), Ok(6)],
        ),
        (
            format!("My puzzles\n{}Puzzle 1\n{grid}\n", "\n".repeat(70)),
            vec![Err(1), Ok(73)],
        ),
    ];
    for (text, lines) in cases {
        assert_eq!(record_lines(&text), lines, "{text}");
    }
    let notes: Vec<String> = read_all(
        &format!("My 9x9 puzzles\n\nPuzzle 1\n{grid}\nPuzzle 2\n{grid}\n"),
        Default::default(),
    )
    .into_iter()
    .map(|rec| rec.unwrap().note.unwrap())
    .collect();
    assert_eq!(
        notes,
        [
            "the 2 lines of text above it are passed over as its title",
            "the line of text above it is passed over as its title"
        ]
    );
}

/// A 16×16 whose first row holds digits and empty cells only (from the 16×16 of
/// `gen_minimal200`, as a helper's fuzz of titles drew it, 2026-12-05).
const DIGITS_FIRST16: &str = "....3....9..6.288....5..E....91D..D...1..6..E3C..1E..F....A...B..7B62.F1......A..93...4.....C.8....E.7D.6F...G...5.A8...C3....E...G....8..4AB...7...1.C..D6.G........G.D...9.F7..6..F.52....3..4.B8.A...7ED...........9C...3....G...ED...2...13..A.7.1.6GC.8.E.2";

#[test]
fn a_word_of_a_rows_length_above_a_16x16_is_its_title() {
    let want = read_one(DIGITS_FIRST16, Default::default())
        .unwrap()
        .digits();
    let rows: Vec<&str> = (0..16)
        .map(|r| &DIGITS_FIRST16[r * 16..r * 16 + 16])
        .collect();
    let spaced: Vec<String> = rows
        .iter()
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
        .collect();
    // Letters past P are no 16×16 digit in any alphabet; mixed case is a word's. A first
    // row of digits drawn with spaces read as 16 numbers: a 4×4, and the grid lost.
    for (text, line) in [
        (format!("Sudokuxxxxxxxxxx\n{}\n", rows.join("\n")), 2),
        (format!("Grid123456789012\n{}\n", rows.join("\n")), 2),
        (format!("BigHideOnePlanEG\n{}\n", rows.join("\n")), 2),
        (format!("{}\n", spaced.join("\n")), 1),
        (format!("Sudokuxxxxxxxxxx\n{}\n", spaced.join("\n")), 2),
    ] {
        let read = read_all(&text, Default::default());
        assert_eq!(read.len(), 1, "{text}");
        let p = read[0].as_ref().unwrap();
        assert_eq!((p.line, p.digits()), (line, want.clone()), "{text}");
    }
    // A row of the grid's own letters is still its first row: a row too many.
    let text = format!("ABCDEFGHIJKLMNOP\n{}\n", rows.join("\n"));
    assert!(read_all(&text, Default::default())[0].is_err());
}

/// A title among a 16×16's rows, with the rest of the grid under it, is one error, said at
/// the title; a 9×9 right under the grid, with no blank line between, is still read. Where
/// the rows under the title are not the rest of the grid (a row lost), the title cuts it in
/// two bad grids, and two lines of a 9×9's width end the lower one (as a helper's fuzz of
/// titles drew it, 2026-12-05: the 9×9's first row was taken for the 16×16's last row, and
/// the 9×9 lost). The same in a grid of numbers. One row of the wrong length alone is the
/// 16×16's typo, and said so.
#[test]
fn a_title_among_a_grids_rows_is_one_error_and_the_next_grid_is_read() {
    let rows: Vec<&str> = (0..16)
        .map(|r| &DIGITS_FIRST16[r * 16..r * 16 + 16])
        .collect();
    let nine = number_rows(&easy9_digits(), 9).join("\n");
    let symbols9: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let inside = format!("{}\nPuzzle 54\n{}\n{nine}\n", rows[0], rows[1..].join("\n"));
    assert_eq!(record_lines(&inside), [Err(2), Ok(18)], "{inside}");
    let e = read_all(&inside, Default::default())[0]
        .clone()
        .unwrap_err();
    assert!(e.what.contains("'Puzzle 54' between rows 1 and 2"), "{e}");
    // Drawn with a frame and box rules, the title under the second band's rule.
    let rule = format!("+{}", "---------+".repeat(4));
    let mut drawn = vec![rule.clone()];
    for (r, row) in rows.iter().enumerate() {
        if r == 8 {
            drawn.push("Puzzle 12".into());
        }
        let cells: Vec<String> = row.chars().map(String::from).collect();
        let boxes: Vec<String> = cells.chunks(4).map(|b| b.join(" ")).collect();
        drawn.push(format!("| {} |", boxes.join(" | ")));
        if r % 4 == 3 {
            drawn.push(rule.clone());
        }
    }
    let drawn = format!("{}\n{EASY9}\n", drawn.join("\n"));
    assert_eq!(record_lines(&drawn), [Err(12), Ok(23)], "{drawn}");
    let cases = [
        (
            format!("{}\nPuzzle 54\n{}\n{nine}\n", rows[0], rows[2..].join("\n")),
            vec![Err(1), Err(3), Ok(17)],
        ),
        (
            format!(
                "{}\nPuzzle 54\n{}\n{}\n",
                rows[0],
                rows[2..].join("\n"),
                symbols9.join("\n")
            ),
            vec![Err(1), Err(3), Ok(17)],
        ),
        (
            format!(
                "{}\n{}\n{}\n",
                rows[..15].join("\n"),
                &rows[15][..9],
                rows.join("\n")
            ),
            vec![Err(16), Ok(17)],
        ),
    ];
    for (text, lines) in cases {
        assert_eq!(record_lines(&text), lines, "{text}");
    }
    // Written as numbers, the same.
    let digits = read_one(DIGITS_FIRST16, Default::default())
        .unwrap()
        .digits();
    let numbers = number_rows(&digits, 16);
    let (above, below) = (numbers[..5].join("\n"), numbers[5..].join("\n"));
    let inside = format!("{above}\nPuzzle 54\n{below}\n{nine}\n");
    assert_eq!(record_lines(&inside), [Err(6), Ok(18)], "{inside}");
    let e = read_all(&inside, Default::default())[0]
        .clone()
        .unwrap_err();
    assert!(e.what.contains("'Puzzle 54' between rows 5 and 6"), "{e}");
    let cut = format!("{above}\nPuzzle 54\n{}\n", numbers.join("\n"));
    assert_eq!(record_lines(&cut), [Err(1), Ok(7)], "{cut}");
    let typo = format!(
        "{}\n{}\n{}\n",
        rows[..7].join("\n"),
        &rows[7][..9],
        rows[8..].join("\n")
    );
    let e = read_all(&typo, Default::default())[0].clone().unwrap_err();
    assert!(e.what.contains("row 8 of the grid has 9 symbols"), "{e}");
}
