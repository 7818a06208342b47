//! Candidate (pencil-mark) grids: one a line, boxed, comma lists.

use super::*;

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

/// The first puzzle line of an example file (its comment lines passed over).
fn first_puzzle(text: &'static str) -> &'static str {
    text.lines().find(|l| !l.starts_with('#')).unwrap()
}

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

/// A candidate grid folded a grid row a line (N lines of N² symbols, as it is shown and
/// pasted) reads as one, with the form detected or forced, and says so; a line that is such
/// a row alone (a 9×9 grid's first row, solved: nine givens) stays a puzzle.
#[test]
fn reads_folded_candidate_grids() {
    for (k, line) in [
        (3, first_puzzle(include_str!("../../../examples/9x9.txt"))),
        (4, first_puzzle(include_str!("../../../examples/16x16.txt"))),
        (5, first_puzzle(include_str!("../../../examples/25x25.txt"))),
    ] {
        let n = k * k;
        let want = peer_candidates(k, line);
        let flat = crate::output::candidates_line(k, &want, Alphabet::Standard);
        let folded: String = (0..n)
            .map(|r| format!("{}\n", &flat[r * n * n..(r + 1) * n * n]))
            .collect();
        for format in [None, Some(Format::Candidates)] {
            let recs = read_all(
                &folded,
                ReadOptions {
                    format,
                    alphabet: None,
                },
            );
            assert_eq!(recs.len(), 1, "{k} {format:?}");
            let p = recs[0].as_ref().unwrap();
            assert_eq!((p.k, p.format), (k, Format::Candidates));
            assert_eq!(p.masks, want);
            let said = format!("lines 1 to {n} are read as one candidate grid");
            assert!(
                p.note.as_ref().is_some_and(|n| n.contains(&said)),
                "{:?}",
                p.note
            );
        }
    }
    let row = "1...........4.........5......3.......2.............7.......6...........9.......8.";
    let recs = read_all(&format!("{row}\n{EASY9}\n"), Default::default());
    assert_eq!(recs.len(), 2);
    assert!(recs
        .iter()
        .all(|r| r.as_ref().unwrap().format == Format::Line));
}

/// A boxed pencil-mark grid in decimal (cells of numbers joined by commas, as `--format grid`
/// prints the candidates of a puzzle given as numbers) reads back at every size.
#[test]
fn reads_pencil_mark_grids_of_comma_lists() {
    for (k, line) in [
        (2, "1.3.....2......."),
        (3, first_puzzle(include_str!("../../../examples/9x9.txt"))),
        (4, first_puzzle(include_str!("../../../examples/16x16.txt"))),
        (5, first_puzzle(include_str!("../../../examples/25x25.txt"))),
    ] {
        let want = peer_candidates(k, line);
        let boxed = crate::output::boxed_candidates(k, &want, Alphabet::Decimal);
        assert!(boxed.contains(','), "{boxed}");
        let p = read_one(&boxed, ReadOptions::default()).unwrap();
        assert_eq!((p.k, p.format), (k, Format::Candidates), "{boxed}");
        assert_eq!(p.masks, want, "{boxed}");
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
    let easy = first_puzzle(include_str!("../../../examples/9x9.txt"));
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
    let cases = [
        (
            4,
            first_puzzle(include_str!("../../../examples/16x16.txt")),
            Alphabet::Standard,
        ),
        (
            4,
            first_puzzle(include_str!("../../../examples/16x16.txt")),
            Alphabet::Hex,
        ),
        (
            5,
            first_puzzle(include_str!("../../../examples/25x25.txt")),
            Alphabet::Letters,
        ),
        (
            5,
            first_puzzle(include_str!("../../../examples/25x25.txt")),
            Alphabet::Standard,
        ),
        (
            3,
            first_puzzle(include_str!("../../../examples/9x9.txt")),
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
        // A cell with no candidate left, written as an empty mark: the grid's one error, told
        // at its row's line, and the grid after it is read (the row was no grid's before, and
        // each line an error).
        for mark in [".", "-"] {
            let mut row = cells.clone();
            row[col] = mark;
            let mut rows = bare.clone();
            rows[1] = row.join(" ");
            let text = format!("{}\n{}", rows.join("\n"), bare.join("\n"));
            let all = read_all(&text, ReadOptions::default());
            assert_eq!(all.len(), 2, "{text}");
            let e = all[0].as_ref().unwrap_err();
            let named = format!("r2c{} has no candidate", col + 1);
            assert_eq!((e.line, e.what.as_str()), (2, named.as_str()), "{e}");
            assert_eq!(all[1].as_ref().unwrap().masks, want, "{text}");
        }
    }
}

/// Pencil-mark grids as HoDoKu and Sudoku Explainer print them, and as `reduce --format grid`
/// writes them, read as the candidates they list; a grid with an empty cell stays numbers.
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
        ("1237 12359", "0 12359", "r2c1 has no candidate"),
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
        "'12x69' at r1c2 is not a number"
    );
    assert_eq!(recs[1].as_ref().unwrap().line, 10);
    // A row split over two lines (wrapped) is one error, and the grid under it is still read.
    let mut split: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    split[3] = split[3].replacen(" 3478 ", "\n3478 ", 1);
    let text = format!("{}\n{}\n", split.join("\n"), rows.join("\n"));
    let recs = read_all(&text, ReadOptions::default());
    assert_eq!(recs.len(), 2, "{recs:?}");
    let e = recs[0].as_ref().unwrap_err();
    assert_eq!(
        (e.line, e.what.as_str()),
        (4, "row 4 of the grid is split over lines 4 and 5"),
        "{e}"
    );
    assert_eq!(e.expected, "each row's 9 pencil-mark cells on one line");
    assert_eq!(recs[1].as_ref().unwrap().masks, want);
    // A line above a whole grid of numbers is not its first row, slip or not: a title (in
    // upper case, else passed over as the grid's), a puzzle of grouped rows, a row of numbers
    // with a slip above all 4 rows.
    let grid4 = "1 0 0 4\n0 4 1 0\n0 1 0 3\n4 0 0 1";
    for above in ["PUZZLE 1: VERY EASY", "1..4 .41. .1.3 4..1", "1 2 3x 4"] {
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

/// 9×9 pencil-mark grids of 81 cells a line, one after another, are a grid each: their runs
/// of candidates (`123456789`) are above 81, so the lines are not the rows of an 81×81 grid
/// of numbers (which took them all in as one bad grid). A line of 81 numbers at most 81 is
/// still an 81×81 grid's first row.
#[test]
fn pencil_lines_back_to_back_are_a_grid_each() {
    let line: Vec<String> = easy9_numbers()
        .into_iter()
        .map(|v| if v == "0" { "123456789".into() } else { v })
        .collect();
    let line = line.join(" ");
    let all = read_all(&[line.as_str(); 3].join("\n"), ReadOptions::default());
    assert_eq!(all.len(), 3);
    let want = read_one(EASY9, ReadOptions::default()).unwrap().digits();
    for rec in all {
        let p = rec.unwrap();
        assert_eq!((p.format, p.k), (Format::Candidates, 3));
        assert_eq!(p.digits(), want);
    }
    let row = (1..=81)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let e = read_all(&[row.as_str(); 3].join("\n"), ReadOptions::default())
        .pop()
        .unwrap()
        .unwrap_err();
    assert!(e.what.contains("grid of 81 numbers"), "{e}");
}

/// A drawn pencil-mark grid that is broken (a row dropped, a blank line or a comment inside,
/// a row split in two, a cell dropped, a stray mark) is one error a part, as a 9×9 grid of
/// numbers is, and the grid after it is read: before, from 16×16 up, each row was a bad line
/// of its own. The message says it is a pencil-mark grid at 9×9 in digits too.
#[test]
fn a_broken_pencil_grid_is_one_error_a_part() {
    let cases = [
        (
            3,
            first_puzzle(include_str!("../../../examples/9x9.txt")),
            Alphabet::Standard,
        ),
        (
            3,
            first_puzzle(include_str!("../../../examples/9x9.txt")),
            Alphabet::Letters,
        ),
        (
            4,
            first_puzzle(include_str!("../../../examples/16x16.txt")),
            Alphabet::Standard,
        ),
        (
            5,
            first_puzzle(include_str!("../../../examples/25x25.txt")),
            Alphabet::Letters,
        ),
    ];
    for (k, line, alphabet) in cases {
        let n = k * k;
        let want = peer_candidates(k, line);
        let boxed = crate::output::boxed_candidates(k, &want, alphabet);
        let rows: Vec<&str> = boxed.lines().collect();
        // The line of the grid's 4th row (a frame above, a rule after each band).
        let at = 4 + usize::from(k < 4);
        let row: Vec<&str> = rows[at].split_whitespace().collect();
        let col = (1..row.len())
            .find(|&c| row[c].len() > 1 && row[c] != "|")
            .unwrap();
        let mut slipped = row.clone();
        let stray = format!("{}?", row[col]);
        slipped[col] = &stray;
        let mut dropped = row.clone();
        dropped.remove(col);
        let cell = "pencil-mark cell";
        // Split at a space: the halves' cells make a row.
        let half = rows[at][..rows[at].len() / 2].rfind(' ').unwrap();
        let mutations: [(&str, usize, Vec<String>, Vec<String>); 7] = [
            (
                "a row dropped",
                at,
                vec![],
                vec![format!(
                    "grid of {n} {cell}s a row ends after {} rows",
                    n - 1
                )],
            ),
            (
                "a blank line",
                at,
                vec![rows[at].into(), String::new()],
                vec![
                    format!("grid of {n} {cell}s a row ends after 4 rows"),
                    format!("grid of {n} {cell}s a row ends after {} rows", n - 4),
                ],
            ),
            (
                "a comment",
                at,
                vec![rows[at].into(), "# a comment".into()],
                vec![
                    format!("grid of {n} {cell}s a row ends after 4 rows"),
                    format!("grid of {n} {cell}s a row ends after {} rows", n - 4),
                ],
            ),
            (
                "a row split",
                at,
                vec![rows[at][..half].into(), rows[at][half..].into()],
                vec![format!("row 4 of the grid is split over lines")],
            ),
            (
                "a cell dropped",
                at,
                vec![dropped.join(" ")],
                vec![format!("row 4 of the grid has {} {cell}s", n - 1)],
            ),
            // Named with its cell, as a symbol (or a token that is no number, at 9×9 in digits).
            (
                "a stray mark",
                at,
                vec![slipped.join(" ")],
                vec![format!("r4c{col}")],
            ),
            // A mark alone in the first row, which gives the grid its side.
            (
                "a stray mark alone",
                1,
                vec![rows[1].replacen("| ", "| ? ", 1)],
                vec!["'?'".into()],
            ),
        ];
        for (name, at, instead, errors) in mutations {
            let mut broken: Vec<String> = rows.iter().map(|l| l.to_string()).collect();
            broken.splice(at..=at, instead);
            let text = format!("{}\n\n{line}\n", broken.join("\n"));
            let all = read_all(&text, ReadOptions::default());
            let what = |r: &Record| r.as_ref().err().map(|e| e.to_string());
            assert_eq!(
                all.len(),
                errors.len() + 1,
                "{k} {alphabet:?}, {name}: {:?}",
                all.iter().map(what).collect::<Vec<_>>()
            );
            for (rec, error) in all.iter().zip(&errors) {
                let e = rec.as_ref().unwrap_err();
                // A 9×9 of numbers with its box rules counts the split row's halves as rows.
                let split = name == "a row split" && e.what.ends_with("rows within its box rules");
                assert!(
                    e.what.contains(error.as_str()) || split,
                    "{k} {alphabet:?}, {name}: {e}"
                );
            }
            let p = all.last().unwrap().as_ref().unwrap();
            assert_eq!(p.line, broken.len() + 2, "{k} {alphabet:?}, {name}");
        }
        // A boxed grid a row short right above the next, nothing between them: the frames
        // end it, and the next grid is read whole.
        let short: Vec<&str> = rows
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != at)
            .map(|(_, l)| *l)
            .collect();
        let text = format!("{}\n{boxed}", short.join("\n"));
        let all = read_all(&text, ReadOptions::default());
        assert_eq!(all.len(), 2, "{k} {alphabet:?}: {all:?}");
        assert!(all[0].is_err());
        assert_eq!(all[1].as_ref().unwrap().masks, want, "{k} {alphabet:?}");
    }
}

/// A bare 16×16 pencil-mark grid a row short, right above a bare 9×9 one: a row of 9 cells is
/// no row of the 16×16, so the 9×9 is read.
#[test]
fn a_row_of_another_side_ends_a_broken_pencil_grid() {
    let bare = |k: usize, line: &str, alphabet: Alphabet| -> Vec<String> {
        let boxed = crate::output::boxed_candidates(k, &peer_candidates(k, line), alphabet);
        boxed
            .lines()
            .filter(|l| l.starts_with('|'))
            .map(|l| l.replace('|', " ").trim().to_string())
            .collect()
    };
    let mut big = bare(
        4,
        first_puzzle(include_str!("../../../examples/16x16.txt")),
        Alphabet::Standard,
    );
    big.remove(6);
    let line9 = first_puzzle(include_str!("../../../examples/9x9.txt"));
    let small = bare(3, line9, Alphabet::Letters);
    let text = format!("{}\n{}\n", big.join("\n"), small.join("\n"));
    let all = read_all(&text, ReadOptions::default());
    assert_eq!(all.len(), 2, "{all:?}");
    let e = all[0].as_ref().unwrap_err();
    assert!(e.what.contains("ends after 15 rows"), "{e}");
    let p = all[1].as_ref().unwrap();
    assert_eq!((p.k, p.line), (3, 16));
    assert_eq!(p.masks, peer_candidates(3, line9));
}
