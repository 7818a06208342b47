//! Grids drawn for people: frames, rules, bars and groups around the symbols.

use super::*;

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

/// A frame closes its grid: a framed grid short of a row is one error, and the next grid is
/// read whole (it took the next grid's first row in for its last, spoiling both). Rules
/// between every row do not close it early.
#[test]
fn a_frame_closes_a_grid_short_of_a_row() {
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let drawn = |r: &str| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..]);
    let rule = "+---+---+---+";
    let mut framed = vec![rule.to_string()];
    let mut every = framed.clone();
    for (i, r) in rows.iter().enumerate() {
        framed.push(drawn(r));
        every.push(drawn(r));
        every.push(rule.into());
        if i % 3 == 2 {
            framed.push(rule.into());
        }
    }
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    for lines in [&framed, &every] {
        let all = read_all(
            &[lines.join("\n"), lines.join("\n")].join("\n"),
            Default::default(),
        );
        assert_eq!(all.len(), 2);
        assert!(all.iter().all(|r| r.as_ref().unwrap().digits() == want));
    }
    // The grid `framed` (of `n` rows, ruled between bands) with line `gone`, a row, missing,
    // then the grid whole: the first is cut short at its frame, naming the band a row short
    // and its lines, the second read as it is.
    let short_then_whole = |framed: &[String], n: usize, gone: usize, want: &[u8]| {
        let mut short = framed.to_vec();
        short.remove(gone);
        let text = format!("{}\n{}\n", short.join("\n"), framed.join("\n"));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 2, "{text}");
        let e = all[0].as_ref().unwrap_err();
        let k = (2..).find(|k| k * k == n).unwrap();
        let band = (gone - 1) / (k + 1);
        let top = (k + 1) * band + 2;
        let rows = format!(
            "ends after {} rows: band {}, lines {top} to {}, has {} rows",
            n - 1,
            band + 1,
            top + k - 2,
            k - 1
        );
        assert!(e.what.ends_with(&rows), "{} against {rows}", e.what);
        assert_eq!(all[1].as_ref().unwrap().digits(), want, "{text}");
    };
    // Each row of the first grid missing in turn (lines 1-3, 5-7, 9-11 of the frame).
    for gone in [1, 2, 3, 5, 6, 7, 9, 10, 11] {
        short_then_whole(&framed, 9, gone, &want);
    }
    // So too a 16×16 grid of numbers, read by the numbers reader.
    let (solution, framed) = framed_numbers16();
    for gone in [1, 7, 19] {
        short_then_whole(&framed, 16, gone, &solution);
    }
}

/// A solved 16×16 grid and its lines drawn in numbers, framed and ruled between bands.
fn framed_numbers16() -> (Vec<u8>, Vec<String>) {
    let solution = crate::generate::pattern_grid(4, &mut crate::generate::Rng::new(16));
    let rule = "+-------------+-------------+-------------+-------------+";
    let mut framed = vec![rule.to_string()];
    for (i, r) in solution.chunks(16).enumerate() {
        framed.push(boxed_numbers(r));
        if i % 4 == 3 {
            framed.push(rule.into());
        }
    }
    (solution, framed)
}

/// A row of 9 symbols as forum posts draw it: spaces between cells, `|` between boxes.
fn spaced9(r: &str) -> String {
    let cells: Vec<String> = r.chars().map(String::from).collect();
    let boxes = [&cells[..3], &cells[3..6], &cells[6..]].map(|b| b.join(" "));
    boxes.join(" | ")
}

/// A row of a 16×16 grid of numbers drawn in boxes, as `--format grid` prints it.
fn boxed_numbers(row: &[u8]) -> String {
    let boxes: Vec<String> = row
        .chunks(4)
        .map(|b| {
            b.iter()
                .map(|d| format!("{d:>2}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!("| {} |", boxes.join(" | "))
}

/// A boxed grid right above a grid drawn without a frame (its inner rules only): the boxed
/// grid's frame below is no frame above the next, which ends after its last band instead of
/// waiting for a frame below and taking in the first row of the grid after it. In symbols,
/// in numbers, and in pencil marks of digits (read as numbers).
#[test]
fn a_frame_below_a_grid_is_no_frame_above_the_next() {
    let p9 = read_one(EASY9, Default::default()).unwrap();
    let p16 = read_one(
        include_str!("../../../examples/16x16.txt"),
        Default::default(),
    )
    .unwrap();
    let pencil9 = crate::output::boxed_candidates(3, &p9.masks, Alphabet::Standard);
    for (p, boxed) in [
        (
            &p9,
            crate::output::boxed(3, &p9.digits(), Alphabet::Standard),
        ),
        (
            &p16,
            crate::output::boxed(4, &p16.digits(), Alphabet::Decimal),
        ),
        (&p9, pencil9),
    ] {
        let lines: Vec<&str> = boxed.lines().collect();
        // The inner lines, each without its first and last character (the frame's sides).
        let bare: Vec<String> = lines[1..lines.len() - 1]
            .iter()
            .map(|l| l[1..l.len() - 1].trim().to_string())
            .collect();
        let text = format!("{boxed}\n{0}\n{0}\n", bare.join("\n"));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 3, "{text}");
        for r in &all {
            assert_eq!(r.as_ref().unwrap().masks, p.masks, "{text}");
        }
    }
}

/// Where drawn grids follow one another without a blank line, a band a row long or short
/// spoils its own grid alone: the rules say where the grid ends, so the grids after it are
/// not read a row off (each took the next one's first row in, losing every grid of the run).
/// So too for grids of numbers, a blank line inside a framed grid, and a typo in a grid ruled
/// with dashes.
#[test]
fn a_band_a_row_off_spoils_only_its_grid() {
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    let rows: Vec<String> = (0..9)
        .map(|r| EASY9[r * 9..r * 9 + 9].to_string())
        .collect();
    /// A way of drawing a grid: its rows, the rule drawn after each band (the last one its
    /// frame below) and its frame above (empty: none).
    struct Style {
        row: fn(&str) -> String,
        rules: [&'static str; 3],
        above: &'static str,
    }
    let styles = [
        Style {
            row: |r| format!("| {} |", spaced9(r)),
            rules: ["+-------+-------+-------+"; 3],
            above: "+-------+-------+-------+",
        },
        Style {
            row: |r| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..]),
            rules: ["|---+---+---|", "|---+---+---|", "*-----------*"],
            above: "*-----------*",
        },
        Style {
            row: spaced9,
            rules: ["------+-------+------", "------+-------+------", ""],
            above: "",
        },
    ];
    // The grid drawn in `style`, its rows `rows` (a band may have a row more or less).
    let draw = |style: &Style, rows: &[String], bands: [usize; 3]| {
        let mut lines: Vec<String> = vec![style.above.to_string()];
        let mut at = 0;
        for (rule, len) in style.rules.iter().zip(bands) {
            lines.extend(rows[at..at + len].iter().map(|r| (style.row)(r)));
            lines.push(rule.to_string());
            at += len;
        }
        lines.retain(|l| !l.is_empty());
        lines.join("\n")
    };
    for style in &styles {
        let whole = draw(style, &rows, [3, 3, 3]);
        // A row doubled, or dropped, in band 1 or 2 of the first grid: one error, then the
        // two grids after it whole.
        for band in 0..2 {
            let mut long = rows.clone();
            long.insert(band * 3 + 1, rows[band * 3 + 1].clone());
            let mut short = rows.clone();
            short.remove(band * 3 + 1);
            let mut bands = [3; 3];
            for (bad, len) in [(long, 4), (short, 2)] {
                bands[band] = len;
                let text = [draw(style, &bad, bands), whole.clone(), whole.clone()].join("\n");
                let all = read_all(&text, Default::default());
                assert_eq!(all.len(), 3, "{text}");
                let e = all[0].as_ref().unwrap_err();
                let said = if len == 4 {
                    "has 10 rows within its box rules"
                } else {
                    "ends after 8 rows"
                };
                assert!(e.what.contains(said), "{}\n{text}", e.what);
                for r in &all[1..] {
                    assert_eq!(r.as_ref().unwrap().digits(), want, "{text}");
                }
            }
        }
    }
    // Framed, a row doubled in the last band: one error, up to the frame below; a blank line
    // or comment inside: errors for the first grid's lines alone. The next grid is whole.
    for style in &styles[..2] {
        let whole = draw(style, &rows, [3, 3, 3]);
        let mut long = rows.clone();
        long.insert(7, rows[7].clone());
        let doubled = draw(style, &long, [3, 3, 4]);
        let mut lines: Vec<&str> = whole.lines().collect();
        let blank = [&lines[..6], &[""], &lines[6..]].concat().join("\n");
        lines.insert(6, "# a note");
        let comment = lines.join("\n");
        for (first, records) in [(doubled, Some(2)), (blank, None), (comment, None)] {
            let text = format!("{first}\n{whole}");
            let all = read_all(&text, Default::default());
            if let Some(records) = records {
                assert_eq!(all.len(), records, "{text}");
            }
            let (last, before) = all.split_last().unwrap();
            assert_eq!(last.as_ref().unwrap().digits(), want, "{text}");
            assert!(
                !before.is_empty() && before.iter().all(Result::is_err),
                "{text}"
            );
        }
    }
    // So too a 16×16 grid of numbers, read by the numbers reader: a row doubled in band 1, or
    // dropped from band 2, of a grid framed by its rules and of one ruled between bands only.
    let solution = crate::generate::pattern_grid(4, &mut crate::generate::Rng::new(16));
    let rule = "+-------------+-------------+-------------+-------------+";
    for framed in [true, false] {
        // The grid, row `bad` doubled or dropped.
        let grid = |bad: Option<(usize, bool)>| {
            let mut lines = vec![];
            for (i, r) in solution.chunks(16).enumerate() {
                let times = match bad {
                    Some((at, doubled)) if at == i => 2 * usize::from(doubled),
                    _ => 1,
                };
                lines.extend(std::iter::repeat(boxed_numbers(r)).take(times));
                if i % 4 == 3 && (i < 15 || framed) {
                    lines.push(rule.to_string());
                }
            }
            if framed {
                lines.insert(0, rule.to_string());
            }
            lines.join("\n")
        };
        for (bad, said) in [
            ((1, true), "has 17 rows"),
            ((5, false), "ends after 15 rows"),
        ] {
            let text = [grid(Some(bad)), grid(None), grid(None)].join("\n");
            let all = read_all(&text, Default::default());
            assert_eq!(all.len(), 3, "{text}");
            let e = all[0].as_ref().unwrap_err();
            assert!(
                e.what.contains(said) && e.what.contains("numbers"),
                "{}\n{text}",
                e.what
            );
            for r in &all[1..] {
                assert_eq!(r.as_ref().unwrap().digits(), solution, "{text}");
            }
        }
    }
    // A forum row of dashes a cell as a framed grid's first row, the next grid right under it.
    let mut empty_first = rows.clone();
    empty_first[0] = "-".repeat(9);
    let grid = draw(&styles[0], &empty_first, [3, 3, 3]);
    let text = format!("{grid}\n{grid}");
    let all = read_all(&text, Default::default());
    assert_eq!(all.len(), 2, "{text}");
    for r in &all {
        let digits = r.as_ref().unwrap().digits();
        assert!(digits[..9].iter().all(|&d| d == 0), "{text}");
        assert_eq!(digits[9..], want[9..], "{text}");
    }
    let dashes = "-".repeat(9);
    let ruled = |rows: &[String]| {
        let bands: Vec<String> = rows.chunks(3).map(|b| b.join("\n")).collect();
        bands.join(&format!("\n{dashes}\n"))
    };
    // Framed in dashes, its frame below read with its rules: a grid right under it whose first
    // row is empty, in dashes, keeps that row.
    let mut empty_first = rows.clone();
    empty_first[0] = dashes.clone();
    let text = format!(
        "{dashes}\n{}\n{dashes}\n{}",
        ruled(&rows),
        empty_first.join("\n")
    );
    let all = read_all(&text, Default::default());
    assert_eq!(all.len(), 2, "{text}");
    assert_eq!(all[0].as_ref().unwrap().digits(), want, "{text}");
    assert_eq!(all[1].as_ref().unwrap().digits()[9..], want[9..], "{text}");
    // A typo in a compact grid ruled with dashes, or a row a symbol long or short: that grid's
    // error, the next read whole.
    for (at, typo, said) in [
        (1, "?", "'?'"),
        (2, "..", "10 symbols"),
        (7, "", "8 symbols"),
    ] {
        let mut bad = rows.clone();
        bad[at].replace_range(1..2, typo);
        let text = format!("{}\n{}", ruled(&bad), ruled(&rows));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 2, "{text}");
        let e = all[0].as_ref().unwrap_err();
        assert!(e.what.contains(said), "{}\n{text}", e.what);
        assert_eq!(all[1].as_ref().unwrap().digits(), want, "{text}");
    }
}

/// Rows pasted between two framed grids (fewer than a band's: a row copied once too often)
/// are an error of their own: the rule under them is the frame above the next grid, which is
/// read whole (it was read as their grid's rows, losing it too). Grids ruled after every row,
/// or after every band with no frame above, back to back on one rule, are read as before.
#[test]
fn rows_between_two_framed_grids_are_their_own_error() {
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let drawn = |r: &str| format!("| {} | {} | {} |", &r[..3], &r[3..6], &r[6..]);
    let rule = "+-----+-----+-----+";
    // The grid with a rule after every `every` rows, and above it when `framed`.
    let grid = |every: usize, framed: bool| {
        let mut lines = vec![];
        if framed {
            lines.push(rule.to_string());
        }
        for (i, r) in rows.iter().enumerate() {
            lines.push(drawn(r));
            if i % every == every - 1 {
                lines.push(rule.into());
            }
        }
        lines.join("\n")
    };
    let framed = grid(3, true);
    // Right under the first grid's frame, or after a blank line or a comment.
    for (stray, between) in [
        (&rows[2..3], ""),
        (&rows[2..4], ""),
        (&rows[2..3], "\n"),
        (&rows[2..4], "\n# p. 2\n"),
    ] {
        let stray: Vec<String> = stray.iter().map(|r| drawn(r)).collect();
        let text = format!("{framed}\n{between}{}\n{framed}\n", stray.join("\n"));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 3, "{text}");
        let e = all[1].as_ref().unwrap_err();
        let said = format!("ends after {} row", stray.len());
        let line = 14 + between.matches('\n').count();
        assert!(e.line == line && e.what.contains(&said), "{e}\n{text}");
        for r in [&all[0], &all[2]] {
            assert_eq!(r.as_ref().unwrap().digits(), want, "{text}");
        }
    }
    // A grid a row short in its first band (its top gone) drawn with inner rules only, right
    // above a grid drawn otherwise (Sudoku Explainer's frames): the rows under its first rule
    // are its own, not read ahead into the other drawing (a helper's fuzz, 2026-12-05).
    let se = |r: &str| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..]);
    let (inner_rule, se_rule, se_frame) =
        ("------+-------+------", "|---+---+---|", "*-----------*");
    let mut text = vec![];
    for (i, r) in rows.iter().enumerate().skip(1) {
        text.push(spaced9(r));
        if i == 2 || i == 5 {
            text.push(inner_rule.to_string());
        }
    }
    text.push(se_frame.to_string());
    for (i, r) in rows.iter().enumerate() {
        text.push(se(r));
        match i {
            8 => text.push(se_frame.into()),
            2 | 5 => text.push(se_rule.into()),
            _ => {}
        }
    }
    let text = text.join("\n");
    let all = read_all(&text, Default::default());
    assert_eq!(all.len(), 2, "{text}");
    assert!(all[0].is_err(), "{text}");
    assert_eq!(all[1].as_ref().unwrap().digits(), want, "{text}");
    for (first, next) in [
        (grid(1, true), grid(1, false)),
        (grid(3, false), grid(3, false)),
    ] {
        let text = format!("{first}\n{next}\n");
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 2, "{text}");
        for r in &all {
            assert_eq!(r.as_ref().unwrap().digits(), want, "{text}");
        }
    }
    // So too a 16×16 grid of numbers, read by the numbers reader.
    let (solution, framed) = framed_numbers16();
    let framed = framed.join("\n");
    for stray in [1, 3] {
        let stray: Vec<String> = solution.chunks(16).take(stray).map(boxed_numbers).collect();
        let text = format!("{framed}\n{}\n{framed}\n", stray.join("\n"));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 3, "{text}");
        assert!(all[1].is_err(), "{text}");
        for r in [&all[0], &all[2]] {
            assert_eq!(r.as_ref().unwrap().digits(), solution, "{text}");
        }
    }
}

#[test]
fn grids_drawn_in_rows_of_symbols() {
    // `solve --format grid` output reads back: boxed 16×16 grids, one after another.
    let p = read_one(
        include_str!("../../../examples/16x16.txt"),
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
    let mut forum: Vec<String> = rows.iter().map(|r| spaced9(r)).collect();
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
    // A line before whole grids that follow one another stays a line of its own; a first
    // row a symbol off, the rest of its grid and whole grids after it, without a blank line,
    // are its grid (one error) and the whole grids, each read whole: read as a line of its
    // own, that row shifted every grid after it by a row.
    let whole = |grids: usize| vec![rows.join("\n"); grids].join("\n");
    for grids in 1..=3 {
        for before in ["PUZZLE 1", "123456.8", "........"] {
            let text = format!("{before}\n{}\n", whole(grids));
            let all = read_all(&text, Default::default());
            assert_eq!(all.len(), 1 + grids, "{text}");
            assert_eq!(all[0].as_ref().unwrap_err().line, 1, "{text}");
            assert!(all[1..]
                .iter()
                .all(|r| r.as_ref().unwrap().digits() == want));
        }
        // A typo besides the slip (`4x.....8.5`) leaves it a row too.
        let typo = format!("x{}", rows[0]);
        for first in [&rows[0][1..], &format!("{}.", rows[0]), &typo] {
            let text = format!("{first}\n{}\n{}\n", rows[1..].join("\n"), whole(grids));
            let all = read_all(&text, Default::default());
            assert_eq!(all.len(), 1 + grids, "{text}");
            let e = all[0].as_ref().unwrap_err();
            assert_eq!((e.line, e.what.starts_with("row 1 of the grid")), (1, true));
            assert!(all[1..]
                .iter()
                .all(|r| r.as_ref().unwrap().digits() == want));
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
fn a_row_alone_is_named_a_row_of_its_grid() {
    // A row too many under an unframed grid (a blank line after it): the grid reads whole and
    // the row is named for what it is, not only by its count of symbols.
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let text = format!("{}\n{}\n\n{EASY9}\n", rows.join("\n"), rows[8]);
    let all = read_all(&text, Default::default());
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[2].is_ok());
    let e = all[1].as_ref().unwrap_err();
    assert_eq!(e.line, 10);
    assert_eq!(e.what, "9 symbols: one row of a 9×9 grid, alone", "{e}");
    assert!(
        e.expected.starts_with("81 symbols on a line, or 9 rows"),
        "{e}"
    );
    let e = read_one("4 1 7 | 3 6 9 | 8 2 5", Default::default()).unwrap_err();
    assert_eq!(
        e.what,
        "9 symbols besides 2 `|` or `/`: one row of a 9×9 grid, alone"
    );
    // A title of as many characters stays a title; a 4×4's row is one too.
    let e = read_one("Sudoku #12", Default::default()).unwrap_err();
    assert!(e.expected.contains("a title, starts with `#`"), "{e}");
    let e = read_one("1.3.", Default::default()).unwrap_err();
    assert_eq!(e.what, "4 symbols: one row of a 4×4 grid, alone");
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
    // A title of N characters above a grid is its title, not the grid's first row.
    for grid in [rows.join("\n"), ruled.clone()] {
        let text = format!("Sudoku #12\n{grid}\nSudoku #13\n{grid}\n");
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), 2, "{text}");
        for p in all.iter().map(|r| r.as_ref().unwrap()) {
            assert_eq!(p.digits(), want);
            assert!(p.note.as_ref().unwrap().contains("its title"));
        }
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
    // The first rule dropped: the other is a rule where the grid's rows end after it (the
    // text's end, a blank line, a frame, or the next grid with its first band ruled); a row
    // of empty cells where the grid is whole with it.
    let late = [&rows[..6], &[&dashes], &rows[6..]].concat().join("\n");
    for (text, count) in [
        (late.clone(), 1),
        (format!("{dashes}\n{late}\n{dashes}"), 1),
        (format!("{late}\n\n{ruled}\n{late}"), 3),
        (format!("{late}\n{ruled}\n{ruled}"), 3),
    ] {
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), count, "{text}");
        assert!(
            all.iter().all(|r| r.as_ref().unwrap().digits() == want),
            "{text}"
        );
    }
    let mut seventh = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    seventh[6] = dashes.clone();
    for text in [
        seventh.join("\n"),
        format!("{}\n{}", seventh.join("\n"), rows.join("\n")),
    ] {
        let p = read_one(&text, Default::default()).unwrap();
        assert!(p.digits()[54..63].iter().all(|&d| d == 0), "{text}");
        assert_eq!(
            (&p.digits()[..54], &p.digits()[63..]),
            (&want[..54], &want[63..])
        );
    }
    // A 4×4 has no dash rules: a row of 4 empty cells is too common there.
    let p = read_one("1234\n3412\n----\n4321\n----", Default::default()).unwrap();
    assert_eq!(p.digits(), [1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 4, 3, 2, 1]);
    // At 16×16, N dashes are also a 4×4 puzzle's length: above and below a grid of rows, or
    // between its bands, they are its frame and rules; alone between one-line puzzles, a 4×4.
    let big = read_one(
        include_str!("../../../examples/16x16.txt"),
        Default::default(),
    )
    .unwrap();
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

/// A 16×16 typed row by row on one line, one row a symbol short or long: its length is the
/// error, not its first row read as a 4×4 with the rest passed over.
#[test]
fn a_16x16_of_rows_on_one_line_with_a_slip_is_named_by_its_length() {
    let text = include_str!("../../../examples/16x16.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let rows: Vec<&str> = (0..16).map(|r| &line[16 * r..16 * (r + 1)]).collect();
    let whole = read_one(&rows.join(" "), Default::default()).unwrap();
    assert_eq!(whole.k, 4);
    for (slip, said) in [
        (&rows[7][1..], "255 symbols, 1 short of a 16×16 grid"),
        (
            &format!("{}.", rows[7])[..],
            "257 symbols, 1 more than a 16×16 grid has",
        ),
    ] {
        let mut typed = rows.clone();
        typed[7] = slip;
        let e = read_one(&typed.join(" "), Default::default()).unwrap_err();
        assert_eq!(e.what, said, "{e}");
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
    assert_eq!(
        e.what, "80 symbols besides 8 `|` or `/`, 1 short of a 9×9 grid",
        "{e}"
    );
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
    let text = include_str!("../../../examples/16x16.txt");
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
    let text = include_str!("../../../examples/16x16.txt");
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

/// A `# comment` after a row of symbols, a rule or a frame is passed over with a note, as
/// after a row of numbers: the grid stays one puzzle, and the batch one line a puzzle.
#[test]
fn comments_after_rows_rules_and_frames_are_passed_over() {
    let p16 = read_one(
        include_str!("../../../examples/16x16.txt"),
        ReadOptions::default(),
    )
    .unwrap();
    let line16 = crate::output::digits_line(4, &p16.digits(), p16.alphabet, Format::Line);
    let mut rows: Vec<String> = (0..16)
        .map(|r| line16[r * 16..r * 16 + 16].into())
        .collect();
    rows[4].push_str(" # c");
    let text = format!("{}\n\n{line16}\n", rows.join("\n"));
    let all = read_all(&text, ReadOptions::default());
    assert_eq!(all.len(), 2, "{text}");
    for r in &all {
        assert_eq!(r.as_ref().unwrap().digits(), p16.digits());
    }
    let note = all[0].as_ref().unwrap().note.as_deref();
    assert_eq!(note, Some("the comment on line 5 is passed over"));
    // Sudoku Explainer's frames, one with a comment below its grid, the next above.
    let rows: Vec<String> = (0..9).map(|r| spaced9(&EASY9[r * 9..r * 9 + 9])).collect();
    let frame = "*-----------------------*";
    let rule = "|-------+-------+-------|";
    let grid = |top: &str, bottom: &str| {
        let band = |b: usize| rows[b * 3..b * 3 + 3].iter().map(|r| format!("| {r} |"));
        let mut lines = vec![top.to_string()];
        for b in 0..3 {
            lines.extend(band(b));
            lines.push(if b < 2 { rule } else { bottom }.to_string());
        }
        lines.join("\n")
    };
    let commented = format!("{frame} # c");
    let text = format!(
        "{}\n\n{}\n",
        grid(frame, &commented),
        grid(&commented, frame)
    );
    let all = read_all(&text, ReadOptions::default());
    assert_eq!(all.len(), 2, "{text}");
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    let notes: Vec<_> = all
        .iter()
        .map(|r| {
            let p = r.as_ref().unwrap();
            assert_eq!(p.digits(), want);
            p.note.clone().unwrap()
        })
        .collect();
    assert_eq!(
        notes,
        [
            "the comment on line 13 is passed over",
            "the comment on line 15 is passed over"
        ]
    );
}
