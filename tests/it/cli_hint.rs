//! `nsudoku hint` end to end: its three levels are the step `explain` takes next, shown in
//! part; a grid gone wrong is said; a batch goes on past a bad line.

use crate::common::{assert_success, data_path, lines, run, EASY9, EASY9_SOL};

/// The first step after each `# puzzle at line N` header of `explain --max-steps 1` (its other
/// lines are the end and the grid), or each line after a header of `hint`.
fn after_headers(out: &[u8]) -> Vec<String> {
    let all = lines(out);
    all.iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("# puzzle at line "))
        .map(|(i, _)| all[i + 1].clone())
        .collect()
}

/// A line without the rating --rated puts after it (`[4.2]`).
fn unrated(line: &str) -> &str {
    match line.rsplit_once(" [") {
        Some((text, r)) if r.trim_end_matches(']').parse::<f64>().is_ok() => text,
        _ => line,
    }
}

fn hints(file: &str, more: &[&str]) -> Vec<String> {
    let o = run(&[&["hint", file][..], more].concat(), "");
    assert_success(&o);
    after_headers(&o.stdout)
}

#[test]
fn each_level_shows_more_of_the_step_explain_takes_next() {
    for (name, rated) in [
        ("9x9_magictour_top1465_first30.txt", false),
        ("9x9_magictour_top1465_first30.txt", true),
        ("16x16_gen_minimal200_first10.txt", false),
    ] {
        let file = data_path(name);
        let rated: &[&str] = if rated { &["--rated"] } else { &[] };
        let o = run(
            &[&["explain", &file, "--max-steps", "1"][..], rated].concat(),
            "",
        );
        let explained = after_headers(&o.stdout);
        let steps = hints(&file, &[&["--reveal", "step"][..], rated].concat());
        let patterns = hints(&file, &[&["--reveal", "pattern"][..], rated].concat());
        let names = hints(&file, rated);
        assert_eq!(steps, explained, "{name}");
        assert!(names.len() >= 10);
        for ((step, pattern), name) in steps.iter().zip(&patterns).zip(&names) {
            let (step, pattern, name) = (unrated(step), unrated(pattern), unrated(name));
            assert!(
                pattern.starts_with(&format!("{name}: ")),
                "{pattern} / {name}"
            );
            assert!(
                !name.contains(':') && !pattern.contains(" => "),
                "{pattern}"
            );
            // What the pattern leaves out is the step's result, and nothing else.
            if let Some((before, _)) = step.split_once(" => ") {
                assert_eq!(before, pattern, "{step}");
            }
        }
    }
}

#[test]
fn a_single_names_its_cell_and_a_step_its_removals() {
    let naked = "Naked Single";
    let o = run(
        &[
            "hint",
            "--techniques",
            "naked-single",
            "--reveal",
            "pattern",
        ],
        EASY9,
    );
    assert_success(&o);
    let line = lines(&o.stdout).remove(0);
    let cell = line.strip_prefix(&format!("{naked}: ")).expect(&line);
    assert!(cell.starts_with('r') && !cell.contains('='), "{line}");
    let o = run(
        &["hint", "--techniques", "naked-single", "--reveal", "step"],
        EASY9,
    );
    assert!(lines(&o.stdout)[0].starts_with(&format!("{naked}: {cell}=")));
}

#[test]
fn a_grid_gone_wrong_is_said_and_still_hinted() {
    // A wrong digit in the first open cell.
    let open = EASY9.find('.').unwrap();
    let right = EASY9_SOL.as_bytes()[open] - b'0';
    let wrong = format!("{}{}{}", &EASY9[..open], right % 9 + 1, &EASY9[open + 1..]);
    let o = run(&["hint"], &wrong);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 1: no solution (a search finds none): a digit given or placed is wrong"),
        "{err}"
    );
    // The wrong digit is among those that leave the puzzle's one solution when taken away.
    let named = err
        .split_once("if only one digit is wrong, it is ")
        .and_then(|(_, rest)| rest.split_once(" (the grid has one solution without"))
        .expect(&err)
        .0;
    let placed = format!("r{}c{}={}", open / 9 + 1, open % 9 + 1, right % 9 + 1);
    assert!(named.split(", ").any(|c| c.ends_with(&placed)), "{err}");
    assert_eq!(lines(&o.stdout).len(), 1);
    // Pencil marks that lost the solution's digit: the mark is named.
    let mut marks = String::new();
    for (c, ch) in EASY9.chars().enumerate() {
        let digits: String = match ch {
            '.' if c == open => "123456789".replace(char::from(b'0' + right), "."),
            '.' => "123456789".into(),
            d => (1..=9)
                .map(|k| if char::from(b'0' + k) == d { d } else { '.' })
                .collect(),
        };
        marks.push_str(&digits);
    }
    let o = run(&["hint"], &marks);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    let cell = format!("r{}c{}={right}", open / 9 + 1, open % 9 + 1);
    assert!(err.contains(&format!("the marks rule out {cell}")), "{err}");
}

/// A grid solved part of the way by hand with a wrong digit: the digits each of which taken
/// away alone leaves a solution are named, those that leave one solution first, whether a
/// search or the givens' own clash finds the grid broken, with marks or without. Two wrong
/// digits are said to be more than one.
#[test]
fn a_wrong_digit_is_named() {
    // magictour_top1465 line 1 (tests/data), some open cells filled from its solution, and one
    // more with a digit that no other in its houses holds: r5c3=5 (the solution's is 9).
    let searched =
        "468931527751624839392578461134756298285...6...7.2........1.27..5.3....4.9........";
    let err = hint_err(searched);
    assert!(
        err.contains(
            "line 1: no solution (a search finds none): a digit given or placed is wrong; if \
             only one digit is wrong, it is r5c3=5 (the grid has one solution without it), or \
             less likely r7c4=1 (several solutions without it); the hint rests on it"
        ),
        "{err}"
    );
    // r2c5=4 (for 2): the givens alone leave a cell no digit, in explain and find too.
    let clashing =
        "46893152775164.8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let why = "line 1: the givens contradict each other: the other givens leave r2c6 only 2, \
               which r7c6 holds in column 6; if only one digit is wrong, it is r2c5=4 (the grid \
               has one solution without it), or less likely r7c6=2 (several solutions without it)";
    for sub in [
        &["hint"][..],
        &["explain"],
        &["find", "--technique", "all"],
        &["reduce"],
    ] {
        let o = run(sub, clashing);
        assert_eq!(o.status.code(), Some(1), "{sub:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(why), "{sub:?}: {err}");
    }
    // The first grid's open cells pencilled with every digit, but r5c6 (cell 41) without the 2
    // placed in its row: the placed digits are to blame.
    let marks: String = searched
        .chars()
        .enumerate()
        .flat_map(|(c, ch)| {
            ('1'..='9').map(move |d| match ch {
                '.' if c == 41 && d == '2' => '.',
                '.' => d,
                _ if d == ch => d,
                _ => '.',
            })
        })
        .collect();
    assert!(
        hint_err(&marks).contains(
            "line 1: no solution: the placed digits alone have none; if only one digit is wrong, \
             it is r5c3=5 (the grid has one solution without it)"
        ),
        "{marks}"
    );
    // r6c7=1 and r6c9=3 (for 3 and 4).
    let two = "4689315277516248393925784611347562982894136756752891.3...1.27..5.3....4.9........";
    let err = hint_err(two);
    assert!(
        err.contains("no one digit taken away leaves a solution: two or more are wrong"),
        "{err}"
    );
    // JSON: the step or the end, with `mistake` and `suspects`.
    let json = |grid: &str| -> serde_json::Value {
        let o = run(&["hint", "--json"], grid);
        serde_json::from_slice(&o.stdout).expect("one JSON record")
    };
    let v = json(searched);
    assert_eq!(v["technique"], "hidden-single", "{v}");
    assert!(v["mistake"]
        .as_str()
        .unwrap()
        .starts_with("if only one digit is wrong, it is r5c3=5"));
    let suspect = |cell: &str, digit: &str, solutions: u8| serde_json::json!({ "cell": cell, "digit": digit, "solutions": solutions });
    let both = [suspect("r5c3", "5", 1), suspect("r7c4", "1", 2)];
    assert_eq!(v["suspects"], serde_json::json!(both), "{v}");
    let v = json(clashing);
    assert_eq!(v["end"], "contradiction", "{v}");
    assert_eq!(v["suspects"][0], suspect("r2c5", "4", 1), "{v}");
    let v = json(two);
    assert_eq!(v["suspects"], serde_json::json!([]), "{v}");
    // `rate --json` on the marks: the placed digits' suspects.
    let o = run(&["rate", "--json"], &marks);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["mistake"]
        .as_str()
        .unwrap()
        .starts_with("the placed digits alone have none; if only one digit is wrong"));
    assert_eq!(v["suspects"], serde_json::json!(both), "{v}");
    // explain, find and reduce: their last record, after a search or the givens' clash.
    for sub in [
        &["explain"][..],
        &["find", "--technique", "x-wing"],
        &["reduce"],
    ] {
        let last = |grid: &str| -> serde_json::Value {
            let o = run(&[sub, &["--json"]].concat(), grid);
            let out = String::from_utf8(o.stdout).unwrap();
            serde_json::from_str(out.lines().last().unwrap()).unwrap()
        };
        let v = last(searched);
        assert!(v["mistake"]
            .as_str()
            .unwrap()
            .starts_with("no solution (a search finds none): check the givens; if only one"));
        assert_eq!(v["suspects"], serde_json::json!(both), "{sub:?}: {v}");
        let v = last(clashing);
        assert_eq!(v["end"], "contradiction", "{sub:?}: {v}");
        assert!(v["error"]
            .as_str()
            .unwrap()
            .starts_with("the givens contradict each other: the other givens leave r2c6 only 2"));
        assert_eq!(v["suspects"][0], suspect("r2c5", "4", 1), "{sub:?}: {v}");
    }
}

/// One wrong digit is always among the suspects, and leaves one solution when taken away: on
/// each of the 30 magictour fixtures, some of its open cells filled from the solution (none,
/// then more each puzzle) and the next open cell given a digit that none of its houses holds
/// but the solution's is another.
#[test]
fn one_wrong_digit_is_always_a_suspect() {
    let text = std::fs::read_to_string(data_path("9x9_magictour_top1465_first30.txt")).unwrap();
    let sees = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
    };
    let (mut batch, mut wrong) = (String::new(), Vec::new());
    for (i, puzzle) in text.lines().enumerate() {
        let sol = lines(&run(&["solve"], puzzle).stdout)
            .remove(0)
            .into_bytes();
        let mut grid = puzzle.as_bytes().to_vec();
        let open: Vec<usize> = (0..81).filter(|&c| grid[c] == b'.').collect();
        for &c in &open[..i] {
            grid[c] = sol[c];
        }
        let (c, d) = open[i..]
            .iter()
            .find_map(|&c| {
                let free = |d: &u8| *d != sol[c] && (0..81).all(|e| !sees(c, e) || grid[e] != *d);
                (b'1'..=b'9').find(free).map(|d| (c, d))
            })
            .expect("an open cell with a digit that clashes with none");
        grid[c] = d;
        batch.push_str(std::str::from_utf8(&grid).unwrap());
        batch.push('\n');
        wrong.push(serde_json::json!({
            "cell": format!("r{}c{}", c / 9 + 1, c % 9 + 1),
            "digit": char::from(d).to_string(),
            "solutions": 1,
        }));
    }
    let o = run(&["hint", "--json"], &batch);
    assert_eq!(o.status.code(), Some(1));
    let records = lines(&o.stdout);
    assert_eq!(records.len(), wrong.len());
    for (record, wrong) in records.iter().zip(&wrong) {
        let v: serde_json::Value = serde_json::from_str(record).unwrap();
        let suspects = v["suspects"].as_array().expect(record);
        assert!(suspects.contains(wrong), "{wrong} not in {record}");
    }
}

/// What `hint` says on stderr of `grid`, a grid without a solution.
fn hint_err(grid: &str) -> String {
    let o = run(&["hint"], grid);
    assert_eq!(o.status.code(), Some(1), "{grid}");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn the_ends_and_a_bad_line_in_a_batch() {
    let several = format!("{}{}", &EASY9[..27], ".".repeat(54));
    let batch = format!("{EASY9_SOL}\nbad line\n{several}\n{EASY9}\n");
    let o = run(&["hint"], &batch);
    assert_eq!(o.status.code(), Some(1));
    let out = lines(&o.stdout);
    let at = |n: usize| {
        let i = out
            .iter()
            .position(|l| *l == format!("# puzzle at line {n}"));
        out[i.unwrap() + 1].clone()
    };
    assert_eq!(at(1), "solved");
    assert_eq!(at(2), "invalid");
    assert_eq!(at(4), "Hidden Single");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 2: "), "{err}");
    assert!(err.contains("line 3: several solutions"), "{err}");
    let hard = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
    let o = run(&["hint", "--techniques", "naked-single"], hard);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(lines(&o.stdout), ["stuck"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 1: none of the techniques finds a step (60 cells open)"));
    // JSON: the whole step, its hint at the level asked, or how the search ended.
    let o = run(&["hint", "--json", "--reveal", "pattern"], &batch);
    let records: Vec<serde_json::Value> = lines(&o.stdout)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["end"], "solved");
    assert_eq!(records[1]["end"], "invalid");
    let step = &records[3];
    assert_eq!(step["reveal"], "pattern");
    let text = step["text"].as_str().unwrap();
    let hint = step["hint"].as_str().unwrap();
    assert!(text.starts_with(&format!("{hint} => ")), "{step}");
}

#[test]
fn an_unknown_level_is_a_usage_error() {
    let o = run(&["hint", "--reveal", "all"], EASY9);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("expected one of: technique, pattern, step"),
        "{err}"
    );
    assert!(lines(&o.stdout).is_empty());
}
