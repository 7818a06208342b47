//! `nsudoku solve` end to end: output lines, markers, messages, exit status.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use crate::common;
use common::{assert_success, data_path, grid144, lines, run, Scratch, EASY9, EASY9_SOL};

const HARD9: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Line 1 of ../shared/data/9x9/forum_hardest_1106.txt: hundreds of search nodes even for the
/// band engine (which solves HARD9 by propagation alone).
const HARDEST9: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn solves_a_batch_in_order() {
    let input = format!("# a comment\n{EASY9}\n\n{HARD9}\n{EASY9}\n");
    let out = run(&["solve"], &input);
    assert_success(&out);
    let got = lines(&out.stdout);
    assert_eq!(got.len(), 3);
    assert_eq!(got[0], EASY9_SOL);
    assert_eq!(got[2], EASY9_SOL);
    let hard: Vec<u8> = got[1].bytes().map(|b| b - b'0').collect();
    assert!(nsudoku::grid::is_valid_solution(3, &hard));
    let given: Vec<u8> = HARD9.bytes().map(|b| b.saturating_sub(b'0')).collect();
    assert!(nsudoku::grid::keeps_givens(&given, &hard));
}

#[test]
fn bad_lines_are_reported_and_the_batch_goes_on() {
    let wrong_len = &EASY9[..80];
    let unknown = EASY9.replacen('.', "x", 1);
    let twice = format!("33{}", &EASY9[2..]);
    // EASY9 has a 9 at r2c1: the same digit at r1c1 shares its column, at r1c2 its box only.
    let twice_in_column = format!("9{}", &EASY9[1..]);
    let twice_in_box = format!(".9{}", &EASY9[2..]);
    let no_solution = format!("12345678.........9{}", ".".repeat(63));
    let multiple = ".".repeat(81);
    let input = [
        EASY9,
        wrong_len,
        &unknown,
        &twice,
        &no_solution,
        &multiple,
        EASY9,
        &twice_in_column,
        &twice_in_box,
    ]
    .join("\n");
    let out = run(&["solve"], &input);
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out.stdout);
    assert_eq!(
        got,
        vec![
            EASY9_SOL,
            "invalid",
            "invalid",
            "invalid",
            "no solution",
            "multiple solutions",
            EASY9_SOL,
            "invalid",
            "invalid",
        ]
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2: 80 symbols, 1 short of a 9×9 grid; expected"),
        "{err}"
    );
    assert!(
        err.contains("line 3: unknown symbol 'x' at column 1 (r1c1); expected a digit 1-9"),
        "{err}"
    );
    assert!(
        err.contains("line 4: 3 is given twice in row 1: r1c1 and r1c2"),
        "{err}"
    );
    assert!(err.contains("line 5: no solution"), "{err}");
    assert!(err.contains("line 6: 2+ solutions"), "{err}");
    assert!(
        err.contains("line 8: 9 is given twice in column 1: r1c1 and r2c1"),
        "{err}"
    );
    assert!(
        err.contains("line 9: 9 is given twice in box 1: r1c2 and r2c1"),
        "{err}"
    );
}

/// `--json`: one record a puzzle, in order, markers as `status`, the solution when solved.
#[test]
fn json_records_one_a_puzzle() {
    let multiple = ".".repeat(81);
    let input = format!("{EASY9}\nbad\n{multiple}\n");
    let out = run(&["solve", "--json"], &input);
    assert_eq!(out.status.code(), Some(1));
    let got: Vec<serde_json::Value> = lines(&out.stdout)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), 3);
    assert_eq!(got[0]["status"], "solved");
    assert_eq!(got[0]["solution"], EASY9_SOL);
    assert_eq!(
        (got[0]["line"].clone(), got[0]["solutions"].clone()),
        (1.into(), 1.into())
    );
    assert!(got[0]["nodes"].is_u64() && got[0]["guesses"].is_u64() && got[0]["us"].is_u64());
    assert_eq!(got[1]["status"], "invalid");
    // The record names its line in `line`: the error says only what is wrong.
    assert_eq!(got[1]["line"], 2);
    assert!(got[1]["error"].as_str().unwrap().starts_with("3 symbols"));
    assert_eq!(got[2]["status"], "multiple solutions");
    assert_eq!(got[2]["limit_reached"], true);
    assert_eq!(
        (got[0]["exact"].clone(), got[2]["exact"].clone()),
        (true.into(), false.into())
    );
    assert!(got[2].get("solution").is_none());
    // With --count: the counts, no solution.
    let out = run(&["solve", "--json", "--count"], EASY9);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["status"].as_str(), v.get("solution")),
        (Some("solved"), None)
    );
}

/// A count the search finished (794, below the limit) and one a node budget cut short (243+)
/// differ in JSON by `exact`, as in text by the `+`: neither reached the limit.
#[test]
fn json_tells_an_exact_count_from_a_cut_one() {
    let multi = "4.....8.5.3..........7......2.....6.....8........1.......6.3.7.5..2.....1.4......";
    let count = |budget: &[&str]| {
        let args = [&["solve", "--count", "--limit", "1000"][..], budget].concat();
        let text = run(&args, multi);
        let json = run(&[&args[..], &["--json"]].concat(), multi);
        let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        (
            text.trim().to_string(),
            v["exact"].clone(),
            v["limit_reached"].clone(),
        )
    };
    let (all, exact, limit) = count(&[]);
    assert_eq!(
        (all.as_str(), exact, limit),
        ("794", true.into(), false.into())
    );
    let (cut, exact, limit) = count(&["--max-nodes", "500"]);
    assert!(cut.ends_with('+'), "{cut}");
    assert_eq!((exact, limit), (false.into(), false.into()));
}

/// Numbers: a 9×9 line with a value out of range is its own error (not the first row of an
/// 81×81 grid that takes the next lines); an empty 36×36 grid finds its two solutions quickly.
#[test]
fn a_bad_numbers_line_stays_on_its_line() {
    let numbers = |p: &str| -> String {
        let v: Vec<String> = p
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0).to_string())
            .collect();
        v.join(" ")
    };
    let good = numbers(EASY9);
    let bad = good.replacen('3', "10", 1);
    let input = format!("{good}\n{bad}\n{good}\n{good}\n");
    let out = run(&["solve"], &input);
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out.stdout);
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[1], "invalid");
    assert_eq!(got[3], got[0]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2: r1c3 holds 10; expected 0 (empty) or a digit 1-9"),
        "{err}"
    );
}

#[test]
fn count_prints_numbers_with_plus_at_the_limit() {
    let no_solution = format!("12345678.........9{}", ".".repeat(63));
    let input = format!("{EASY9}\n{no_solution}\n{}\n", ".".repeat(81));
    let out = run(&["solve", "--count"], &input);
    assert_eq!(lines(&out.stdout), vec!["1", "0", "2+"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, "line 2: no solution\nline 3: 2+ solutions\n");
    // Quiet: the counts say it; a bad line is still told.
    let out = run(&["solve", "--count", "-q"], &format!("{input}x\n"));
    assert_eq!(lines(&out.stdout), vec!["1", "0", "2+", "invalid"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("line 4: 1 symbol;"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["solve", "--count", "--limit", "5"], &".".repeat(81));
    assert_eq!(lines(&out.stdout), vec!["5+"]);
    // A budget that runs out after two solutions settles that there are several: a lower
    // bound, with `+`, not "budget exceeded".
    let args = ["solve", "--count", "--limit", "100", "--max-nodes", "60"];
    let out = run(&args, &".".repeat(81));
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out.stdout);
    let found: usize = got[0].strip_suffix('+').unwrap().parse().unwrap();
    assert!((2..100).contains(&found), "{got:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        format!("line 1: {found}+ solutions (found before --max-nodes ran out)")
    );
    let out = run(&[&args[..], &["--json"]].concat(), &".".repeat(81));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&v["status"], &v["solutions"]),
        (&"multiple solutions".into(), &found.into())
    );
}

#[test]
fn limit_one_prints_the_first_solution_without_proving_it_unique() {
    // The empty grid has many solutions: with --limit 1 the first is the answer, not an error.
    let input = format!("{EASY9}\n{}\n", ".".repeat(81));
    let out = run(&["solve", "--limit", "1", "--stats"], &input);
    assert_success(&out);
    let got = lines(&out.stdout);
    assert_eq!(got[0], EASY9_SOL);
    let any: Vec<u8> = got[1].bytes().map(|b| b - b'0').collect();
    assert!(nsudoku::grid::is_valid_solution(3, &any));
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        said.contains("solved 2  no solution 0  multiple 0"),
        "{said}"
    );
    assert!(!said.contains("rates over"), "{said}");
    // The rates come from the clock, the median and worst from the searches: named so.
    assert!(said.contains(" µs/puzzle  search median "), "{said}");
    // With an invalid line, the rates are said to be over the puzzles searched.
    let out = run(
        &["solve", "--limit", "1", "--stats"],
        &format!("{input}bad\n"),
    );
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(said.contains("puzzles 3  solved 2"), "{said}");
    assert!(said.contains("(rates over the 2 searched)"), "{said}");
    let out = run(&["solve", "--count", "--limit", "1"], &input);
    assert_eq!(lines(&out.stdout), vec!["1+", "1+"]);
    assert_eq!(out.status.code(), Some(0));
}

/// `no guess` counts puzzles solved without a guess, as `bench` does: one refuted without a
/// guess (12345678 in row 1, 9 below the empty r1c9) was solved by nothing.
#[test]
fn stats_count_no_guess_over_solved_puzzles() {
    let refuted = format!("12345678{:.<73}", "........9");
    let out = run(&["solve", "--stats"], &format!("{EASY9}\n{refuted}\n"));
    assert_eq!(lines(&out.stdout), [EASY9_SOL, "no solution"]);
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        said.contains("no guess 50.0%  guesses/puzzle 0.00"),
        "{said}"
    );
}

#[test]
fn budget_exceeded_is_reported() {
    let out = run(
        &["solve", "--max-nodes", "1"],
        &format!("{HARDEST9}\n{EASY9}\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        lines(&out.stdout),
        vec!["budget exceeded".to_string(), EASY9_SOL.to_string()]
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1: search budget exceeded"));
}

#[test]
fn the_budget_message_names_the_nodes_searched_at_every_size() {
    // 9×9 by the band engine, 16×16 past its band phase, 25×25 past the CDCL hand-over.
    let big = [
        include_str!("../data/16x16_gen_minimal200_first10.txt"),
        include_str!("../data/25x25_gen_g300_10_first3.txt"),
    ]
    .map(|f| f.lines().find(|l| !l.starts_with('#')).unwrap().to_string());
    for puzzle in [HARDEST9, &big[0], &big[1]] {
        let out = run(&["solve", "--max-nodes", "100"], puzzle);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("line 1: search budget exceeded after 100 nodes"),
            "{err}"
        );
        // `--json` counts the same nodes.
        let out = run(&["solve", "--max-nodes", "100", "--json"], puzzle);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            (&v["status"], &v["nodes"]),
            (&"budget exceeded".into(), &100.into())
        );
    }
}

#[test]
fn timeout_is_reported_and_the_batch_goes_on() {
    // Counting every 9×9 grid cannot finish in a second: the count is a lower bound, several
    // solutions settled (the first takes about 50 µs); the easy puzzle after it still is
    // solved.
    let input = format!("{}\n{EASY9}\n", ".".repeat(81));
    let args = [
        "solve",
        "--count",
        "--limit",
        "1000000000",
        "--timeout",
        "1s",
    ];
    let out = run(&args, &input);
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out.stdout);
    assert_eq!(got[1], "1");
    let found = got[0].strip_suffix('+').expect("a lower bound");
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!(
        "line 1: {found}+ solutions (found before --timeout ran out)"
    )));
    // The root's probing pass of a large grid (a second at 225×225) looks at the clock too:
    // past the deadline it stops, and the 64×64 fixture, which that pass solves, is not
    // settled before its first node.
    let grid64 = std::fs::read_to_string(data_path("64x64_generated.txt")).unwrap();
    let out = run(&["solve", "--count", "--timeout", "1e-9"], &grid64);
    assert_eq!(lines(&out.stdout), ["budget exceeded"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 1: timeout exceeded after 0 search nodes"),
        "{err}"
    );
    for bad in ["0", "-1s", "2x", "nan", "1e999"] {
        let out = run(&["solve", &format!("--timeout={bad}")], EASY9);
        assert_eq!(out.status.code(), Some(2), "--timeout={bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--timeout"));
    }
}

/// The choices of `--alphabet`, `--format`, `--symmetry` and `--locked-candidates` are taken in
/// any case, as technique names are: `--alphabet Letters` reads what `letters` reads.
#[test]
fn choices_take_any_case() {
    let letters: String = EASY9
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => (b'A' + d as u8 - 1) as char,
            None => c,
        })
        .collect();
    let lower = run(&["solve", "--alphabet", "letters"], &letters);
    assert_success(&lower);
    for alphabet in ["Letters", "LETTERS"] {
        let out = run(&["solve", "--alphabet", alphabet], &letters);
        assert_success(&out);
        assert_eq!(out.stdout, lower.stdout, "--alphabet {alphabet}");
    }
    let grid = run(&["solve", "--format", "grid"], EASY9);
    assert_success(&grid);
    let out = run(&["solve", "--format", "Grid"], EASY9);
    assert_eq!(out.stdout, grid.stdout);
    let out = run(&["solve", "--format", "LINE"], EASY9);
    assert_eq!(lines(&out.stdout), [EASY9_SOL]);
    let generate = |symmetry: &str| {
        let out = run(
            &["generate", "-k", "2", "--seed", "4", "--symmetry", symmetry],
            "",
        );
        assert_success(&out);
        out.stdout
    };
    assert_eq!(generate("Rotational"), generate("rotational"));
    let out = run(
        &[
            "bench",
            "--min-time",
            "1ms",
            "--single-thread",
            "--locked-candidates",
            "ON",
        ],
        EASY9,
    );
    assert_success(&out);
    // A value that is none in any case is still refused, with the choices.
    let out = run(&["solve", "--alphabet", "Hexa"], EASY9);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected standard, hex or letters"), "{err}");
}

/// Numbers have no alphabet: `--alphabet` on them is said to be passed over, once, and the
/// solutions come back as numbers.
#[test]
fn an_alphabet_chosen_for_numbers_is_noted() {
    let grid = "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n\
                8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n\
                0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n";
    let out = run(&["solve", "--alphabet", "hex"], &format!("{grid}{grid}"));
    assert_success(&out);
    let got = lines(&out.stdout);
    assert_eq!(got.len(), 2);
    assert!(got[0].starts_with("5 3 4 6 7 8 9 1 2 "), "{}", got[0]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.matches("read as numbers, to which --alphabet hex does not apply")
            .count(),
        1,
        "{err}"
    );
    // Without the flag there is nothing to say.
    let out = run(&["solve"], grid);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn output_keeps_the_input_alphabet_and_format() {
    // 16x16 in hex (0-F zero-based): the solution comes back in hex.
    let std16 = std::fs::read_to_string("examples/16x16.txt").unwrap();
    let first = std16
        .lines()
        .find(|l| !l.starts_with('#') && !l.is_empty())
        .unwrap();
    let to_hex = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '.' => '.',
                '1'..='9' => (c as u8 - 1) as char,
                'A' => '9',
                'B'..='G' => (c as u8 - 1) as char,
                _ => c,
            })
            .collect()
    };
    let out = run(&["solve"], &format!("{}\n", to_hex(first)));
    assert_success(&out);
    let hex_solution = lines(&out.stdout).remove(0);
    let out = run(&["solve"], &format!("{first}\n"));
    assert_eq!(hex_solution, to_hex(&lines(&out.stdout)[0]));
    // Lowercase letters stay lowercase (a-f hex, 1-9a-g); mixed case comes back uppercase.
    let lower = to_hex(first).to_ascii_lowercase();
    let out = run(
        &["solve"],
        &format!("{lower}\n{}\n", first.to_ascii_lowercase()),
    );
    let got = lines(&out.stdout);
    assert_eq!(got[0], hex_solution.to_ascii_lowercase());
    assert!(got[1].chars().any(|c| c.is_ascii_lowercase()));
    assert!(
        !got[1].chars().any(|c| c.is_ascii_uppercase()),
        "{}",
        got[1]
    );
    let mixed = format!("{}{}", &lower[..128], &to_hex(first)[128..]);
    if mixed.chars().any(|c| c.is_ascii_uppercase()) {
        let out = run(&["solve"], &format!("{mixed}\n"));
        assert_eq!(lines(&out.stdout)[0], hex_solution);
    }
    // Numbers in, numbers out.
    let numbers: Vec<String> = EASY9
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect();
    let out = run(&["solve"], &numbers.join(" "));
    let want: Vec<String> = EASY9_SOL.chars().map(|c| c.to_string()).collect();
    assert_eq!(lines(&out.stdout), vec![want.join(" ")]);
    // A candidate grid's solution is its digits, not a solved candidate grid: in its
    // alphabet (hex here) and case, in `solve` and `explain` alike.
    let hex = to_hex(first).to_ascii_lowercase();
    let marks: String = hex
        .chars()
        .flat_map(|c| {
            "0123456789abcdef"
                .chars()
                .map(move |d| if c == '.' || c == d { d } else { '.' })
        })
        .collect();
    assert_eq!(marks.len(), 4096);
    let out = run(&["solve"], &format!("{marks}\n"));
    assert_success(&out);
    assert_eq!(lines(&out.stdout), [hex_solution.to_ascii_lowercase()]);
    let out = run(&["explain"], &format!("{marks}\n"));
    let got = lines(&out.stdout);
    assert_eq!(
        got[got.len() - 2..],
        ["solved", &hex_solution.to_ascii_lowercase()]
    );
}

#[test]
fn boxed_grid_for_people() {
    let out = run(
        &["solve", "--format", "grid"],
        &format!("{EASY9}\n{EASY9}\n"),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("+-------+-------+-------+\n| 4 8 3 | 9 2 1 | 6 5 7 |"),
        "{text}"
    );
    // Two grids, a blank line between them.
    assert_eq!(text.split("\n\n").count(), 2, "{text}");
    assert_eq!(text.lines().count(), 2 * 13 + 1, "{text}");
}

#[test]
fn usage_errors_exit_2() {
    let out = run(&["solve", "--limit", "0"], EASY9);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["solve", "/nonexistent/file.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/file.txt"));
    // Boxed grids and JSON records do not mix (the grid was silently dropped).
    for sub in ["solve", "explain"] {
        let out = run(&[sub, "--json", "--format", "grid"], EASY9);
        assert_eq!(out.status.code(), Some(2), "{sub}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("choose one"),
            "{sub}"
        );
        assert!(out.stdout.is_empty(), "{sub}");
    }
    // Nor do boxed grids and counts (the counts were written plain).
    let out = run(&["solve", "--count", "--format", "grid"], EASY9);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--count prints counts: choose one"));
    // A file that cannot be read is passed over: the files after it are still solved.
    let dir = Scratch::new("unread");
    let good = dir.join("good.txt");
    std::fs::write(&good, format!("{EASY9}\n")).unwrap();
    let out = run(
        &["solve", "/nonexistent/file.txt", good.to_str().unwrap()],
        "",
    );
    assert_eq!(lines(&out.stdout), vec![EASY9_SOL.to_string()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/file.txt"));
    assert_eq!(out.status.code(), Some(2));
    // PowerShell passes an unquoted `singles,naked-tuple` as two words: the second, read as a
    // file, is named as the technique it looks like (the path above is not).
    let out = run(
        &["explain", "--techniques", "singles", "naked-tuple", "-"],
        EASY9,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot read naked-tuple: "), "{err}");
    assert!(err.contains("a technique name? PowerShell passes"), "{err}");
    let out = run(&["solve", "/nonexistent/file.txt"], "");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("technique"));
}

/// `nsudoku solve --threads 1` with stdin, stdout and stderr all pipes, for tests that close one.
fn solve_piped() -> std::process::Child {
    common::spawn(&["solve", "--threads", "1"])
}

#[test]
fn closed_pipe_ends_quietly() {
    let input = format!("{EASY9}\n").repeat(20000);
    let mut child = solve_piped();
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut buf = [0u8; 100];
    stdout.read_exact(&mut buf).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A line filter answers each puzzle as it arrives: the solution of the first line comes out
/// while stdin is still open (a solver that read its whole input first would wait forever),
/// then the second's, and the batch ends when stdin does.
#[test]
fn solve_answers_a_line_before_the_input_ends() {
    let mut child = solve_piped();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for _ in 0..2 {
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let wait = std::time::Duration::from_secs(60);
    for (puzzle, solution) in [(EASY9, EASY9_SOL), (HARD9, "")] {
        writeln!(stdin, "{puzzle}").unwrap();
        stdin.flush().unwrap();
        let Ok(line) = rx.recv_timeout(wait) else {
            child.kill().unwrap();
            panic!("no answer to a line within {wait:?} while stdin stays open");
        };
        if !solution.is_empty() {
            assert_eq!(line.trim_end(), solution);
        }
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

/// Under `--format line` every line is a puzzle on its own, answered while stdin stays open:
/// no line is held to see whether a grid of rows or a title's grid follows (a program that
/// writes a line and waits for its answer would wait forever). A grid of rows is then a bad
/// line a row, each said so; without the flag it is one puzzle.
#[test]
fn format_line_answers_every_line_at_once() {
    let mut child = common::spawn(&["solve", "--format", "line", "--json", "--threads", "1"]);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        let mut line = String::new();
        while stdout.read_line(&mut line).is_ok_and(|n| n > 0) {
            if tx.send(std::mem::take(&mut line)).is_err() {
                return;
            }
        }
    });
    let wait = std::time::Duration::from_secs(60);
    // A title-like word, a 4×4 line that could be a 16×16's first row, a 9×9's first row,
    // and a comment (which has no answer) before a whole puzzle.
    let commented = format!("# a comment\n{EASY9}");
    let sent = [
        ("xx", "invalid"),
        ("1234341221434321", "solved"),
        ("53..7....", "invalid"),
        (&commented, "solved"),
    ];
    for (at, (line, status)) in sent.into_iter().enumerate() {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let Ok(answer) = rx.recv_timeout(wait) else {
            child.kill().unwrap();
            panic!(
                "no answer to line {} within {wait:?} while stdin stays open",
                at + 1
            );
        };
        let v: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(v["status"], status, "{line}: {answer}");
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(1));

    let grid = EASY9
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8_lossy(row) + "\n")
        .collect::<String>();
    let out = run(&["solve", "--format", "line"], &grid);
    assert_eq!(lines(&out.stdout), vec!["invalid"; 9]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.lines()
            .all(|l| l.ends_with("one row of a 9×9 grid, alone; expected 81 symbols on a line")),
        "{err}"
    );
    let out = run(&["solve"], &grid);
    assert_eq!(lines(&out.stdout), [EASY9_SOL]);
}

/// A candidate grid folded a grid row a line (nine lines of 81 symbols, each a 9×9 puzzle's
/// length) is one puzzle, also where plain 9×9 lines are read straight.
#[test]
fn a_folded_candidate_grid_is_one_puzzle() {
    let cells: Vec<String> = EASY9
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if d > 0 => (1..=9).map(|e| if e == d { c } else { '.' }).collect(),
            _ => "123456789".into(),
        })
        .collect();
    let folded: String = cells.chunks(9).map(|row| row.concat() + "\n").collect();
    let out = run(&["solve"], &format!("{EASY9}\n{folded}{EASY9}\n"));
    assert_eq!(lines(&out.stdout), [EASY9_SOL; 3]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2: lines 2 to 10 are read as one candidate grid"),
        "{err}"
    );
}

/// A grid saved from a spreadsheet (CSV, an empty field an empty cell) is solved; one with a
/// row a field short is named, and the batch goes on.
#[test]
fn a_spreadsheet_grid_is_solved_and_a_bad_one_named() {
    let rows: Vec<String> = EASY9
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let field = |b: &u8| {
                if *b == b'.' {
                    String::new()
                } else {
                    (*b as char).to_string()
                }
            };
            r.iter().map(field).collect::<Vec<_>>().join(",")
        })
        .collect();
    let mut short = rows.clone();
    let last = short[4].rfind(',').unwrap();
    short[4].truncate(last);
    let input = format!("{}\n\n{}\n\n{EASY9}\n", rows.join("\n"), short.join("\n"));
    let out = run(&["solve"], &input);
    assert_eq!(lines(&out.stdout).len(), 3, "{out:?}");
    assert_eq!(lines(&out.stdout), [EASY9_SOL, "invalid", EASY9_SOL]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 15: row 5 of the grid has 8 fields; expected 9 fields a row"),
        "{err}"
    );
}

/// A short line of symbols no grid has is not called a grid's row.
#[test]
fn a_short_line_is_a_row_only_in_a_grid_alphabet() {
    let out = run(&["solve"], "xxxx\n\n12.4\n");
    let err = String::from_utf8_lossy(&out.stderr);
    let said: Vec<&str> = err.lines().collect();
    assert!(
        said[0].starts_with("line 1: 4 symbols; expected 16, 81, "),
        "{err}"
    );
    assert!(
        said[1].starts_with("line 3: 4 symbols: one row of a 4×4 grid, alone; "),
        "{err}"
    );
    assert_eq!(lines(&out.stdout), ["invalid", "invalid"]);
}

#[test]
fn a_closed_stderr_does_not_end_the_batch() {
    // Every bad line writes to stderr, which is closed from the start; each puzzle still gets
    // its output line and the exit status is the batch's, not a panic's 101.
    let bad = 5000;
    let input = format!("abc\n{}{EASY9}\n", "abc\n".repeat(bad - 1));
    let mut child = solve_piped();
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = lines(&out.stdout);
    assert_eq!(lines.len(), bad + 1);
    assert_eq!(lines[bad], EASY9_SOL);
}

#[test]
fn a_grid_beyond_the_supported_bases_says_so_and_the_batch_goes_on() {
    // 400×400 (basis 20): well formed, but past 225×225.
    let big = vec!["0"; 400 * 400].join(" ");
    let out = run(&["solve"], &format!("{big}\n{EASY9}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(lines(&out.stdout), vec!["invalid", EASY9_SOL]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "line 1: 160000 numbers: a 400×400 grid (basis 20) is larger than this tool solves; \
             expected a grid of basis 2 to 15 (up to 225×225)"
        ),
        "{err}"
    );
    // The same grid as 400 rows of 400 numbers: one record for the grid, not one a row.
    let row = vec!["0"; 400].join(" ");
    let rows = vec![row; 400].join("\n");
    let out = run(&["solve"], &format!("{rows}\n{EASY9}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(lines(&out.stdout), vec!["invalid", EASY9_SOL]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        "line 1: 400 rows of 400 numbers: a 400×400 grid (basis 20) is larger than this tool \
         solves; expected a grid of basis 2 to 15 (up to 225×225)"
    );
}

#[test]
fn input_without_a_puzzle_per_subcommand() {
    let none = "# only a comment\n\n";
    // The line filters: no lines in, none out, success.
    for args in [
        &["solve"][..],
        &["solve", "--count", "--json"],
        &["explain"],
        &["rate"],
        &["reduce"],
        &["find", "--technique", "x-wing"],
        &["pom"],
    ] {
        let out = run(args, none);
        assert_success(&out);
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // Those that need a puzzle to work on: a usage-like failure.
    let out = run(&["render"], none);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nsudoku: no puzzle in the input"));
    let out = run(&["study", "tuples"], none);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nsudoku: no puzzle to study"));
    // bench names the set it could not time, as it names a puzzle it could not time.
    let out = run(&["bench", "--min-time", "1ms"], none);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("stdin: no puzzle to benchmark"));
}

/// Standard input that cannot be read (a folder) is said once, with exit status 2, by every
/// subcommand: none goes on to blame the input for holding no puzzle.
#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_stdin_is_said_once() {
    for args in [
        &["solve"][..],
        &["explain"],
        &["rate"],
        &["reduce"],
        &["find", "--technique", "x-wing"],
        &["pom"],
        &["render"],
        &["study", "tuples"],
        &["bench", "--min-time", "0"],
    ] {
        let folder = std::fs::File::open(std::env::temp_dir()).unwrap();
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_nsudoku"))
            .args(args)
            .stdin(folder)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("nsudoku: cannot read stdin: "),
            "{args:?}: {err}"
        );
        assert_eq!((o.stdout.len(), o.status.code()), (0, Some(2)), "{args:?}");
    }
}

#[test]
fn a_144_grid_of_numbers_is_solved_counted_and_bounded() {
    let (puzzle, solution) = grid144();
    let input = format!("{puzzle}\n{EASY9}\n");
    let out = run(&["solve"], &input);
    assert_success(&out);
    assert_eq!(lines(&out.stdout), vec![solution.as_str(), EASY9_SOL]);
    for args in [
        &["solve", "--count"][..],
        &[
            "solve",
            "--count",
            "--stats",
            "--max-nodes",
            "1000",
            "--limit",
            "2",
        ],
        &["solve", "--count", "--timeout", "60s"],
    ] {
        let out = run(args, &input);
        assert_success(&out);
        assert_eq!(lines(&out.stdout), vec!["1", "1"], "{args:?}");
    }
}

#[test]
fn the_logic_subcommands_refuse_a_144_grid_and_go_on() {
    let (puzzle, _) = grid144();
    let input = format!("{puzzle}\n{EASY9}\n");
    let why = "line 1: a 144×144 grid (basis 12) is beyond";
    let expected =
        "; expected a grid of basis 2 to 10 (`nsudoku solve` and `bench` take up to 225×225)";
    for (args, second) in [
        (&["rate"][..], None),
        (&["explain"], None),
        (&["reduce"], Some(EASY9_SOL)),
        (&["solve", "--reduce", "singles"], Some(EASY9_SOL)),
    ] {
        let out = run(args, &input);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let sub = args[..args.len().min(2)].join(" ");
        let sub = sub.trim_end_matches(" singles");
        assert!(
            err.contains(&format!("{why} {sub}, which works up to 100×100{expected}")),
            "{args:?}: {err}"
        );
        // explain heads each puzzle's lines with `# puzzle at line N`.
        let out_lines = lines(&out.stdout);
        let first = out_lines.iter().find(|l| !l.starts_with('#'));
        assert_eq!(first.map(String::as_str), Some("invalid"), "{args:?}");
        assert!(out_lines.len() >= 2, "{args:?}: the batch went on");
        if let Some(s) = second {
            assert_eq!(out_lines[out_lines.len() - 1], s, "{args:?}");
        }
    }
}

#[test]
fn items_of_a_json_list_on_one_line_are_named_by_item() {
    let no_solution = format!("12345678.........9{}", ".".repeat(63));
    let multiple = ".".repeat(81);
    let twice = format!("33{}", &EASY9[2..]);
    let list = format!(r#"["{EASY9}", "{no_solution}", {{"puzzle": "{multiple}"}}, "{twice}"]"#);
    let out = run(&["solve"], &list);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(lines(&out.stdout)[0], EASY9_SOL);
    let err = lines(&out.stderr);
    let line = |item: usize| format!("line 1: item {item} of the JSON list: ");
    // What solve (and bench, after `stdin: `) says of items 2, 3 and 4.
    let (none, several, twice) = (
        format!("{}no solution", line(2)),
        format!("{}2+ solutions", line(3)),
        format!("{}3 is given twice", line(4)),
    );
    assert_eq!(err.len(), 3, "{err:?}");
    assert!(err[0].starts_with(&none), "{err:?}");
    assert!(err[1].starts_with(&several), "{err:?}");
    assert!(err[2].starts_with(&twice), "{err:?}");

    // `--json` records name the item, a bad one's too; one from a line of its own has none.
    let out = run(&["solve", "--json"], &format!("{list}\n{EASY9}\n"));
    let records: Vec<serde_json::Value> = lines(&out.stdout)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let items: Vec<_> = records.iter().map(|r| r.get("item").cloned()).collect();
    let want = [1, 2, 3, 4].map(|i| Some(i.into()));
    let want = [&want[..], &[None]].concat();
    assert_eq!(items, want);
    assert!(records.iter().all(|r| r["line"] == 1 || r["line"] == 2));
    assert!(records[3]["error"]
        .as_str()
        .unwrap()
        .starts_with("3 is given twice"));

    // `bench` names them so too, the invalid one when it skips it and the others it times.
    let bench = [
        "bench",
        "--min-time",
        "1ms",
        "--single-thread",
        "--limit",
        "2",
    ];
    let out = run(&bench, &list);
    assert_eq!(out.status.code(), Some(1));
    let err = lines(&out.stderr);
    assert_eq!(err.len(), 3, "{err:?}");
    assert!(err[0].starts_with(&format!("stdin: {twice}")), "{err:?}");
    assert!(err[1..].contains(&format!("stdin: {none}")), "{err:?}");
    let bench_several = format!("stdin: {}several solutions", line(3));
    assert!(err[1..].contains(&bench_several), "{err:?}");
}

/// A bad puzzle first in a JSON list costs only itself (it once made the list one bad grid and
/// lost the rest), and the text header of a bad item names the item as a good one's does.
#[test]
fn a_bad_first_item_of_a_json_list_costs_only_itself() {
    let short = &EASY9[1..];
    for list in [
        format!(r#"["{short}", "{EASY9}", "{EASY9}"]"#),
        format!(r#"{{"puzzles": ["{short}", "{EASY9}", "{EASY9}"]}}"#),
    ] {
        let out = run(&["solve"], &list);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(lines(&out.stdout), ["invalid", EASY9_SOL, EASY9_SOL]);
        let err = lines(&out.stderr);
        assert!(
            err[0].starts_with("line 1: item 1 of the JSON list: 80 symbols"),
            "{err:?}"
        );
    }
    let list = format!(r#"["{EASY9}", "{short}"]"#);
    let out = run(&["find", "--technique", "singles"], &list);
    let got = lines(&out.stdout);
    let header = got.iter().position(|l| l.contains("item 2")).unwrap();
    assert_eq!(got[header], "# puzzle at line 1: item 2 of the JSON list");
    assert_eq!(got[header + 1], "invalid");
    let out = run(&["pom"], &list);
    let got = lines(&out.stdout);
    let header = got.iter().position(|l| l.contains("item 2")).unwrap();
    assert_eq!(got[header], "# puzzle at line 1: item 2 of the JSON list");
    assert_eq!(got[header + 1], "invalid");
}

/// A 4×4 puzzle and its solution, for items of JSON lists.
const SMALL4: (&str, &str) = ("...43....1....2.", "1234341221434321");

/// An object holding a list of puzzles whose `}` is missing breaks at the first line after
/// the list that is not one of its fields: the lines from there on are read again, each a
/// record, as after a list left open (they were all taken in as the object's fields, unsaid).
#[test]
fn an_object_holding_a_json_list_left_open_loses_no_line() {
    let (small, small_sol) = SMALL4;
    for name in ["puzzles", "boards", "grids"] {
        let one_line = format!("{{\"{name}\": [\"{small}\"]\n{EASY9}\n{EASY9}\n");
        let pretty = format!("{{\n \"{name}\": [\n  \"{small}\"\n ]\n\n{EASY9}\n{EASY9}\n");
        // And a stray `}` after the puzzles does not take them in either.
        let stray = format!("{{\"{name}\": [\"{small}\"]\n{EASY9}\n{EASY9}\n}}\n{EASY9}\n");
        for (text, breaks, last) in [(&one_line, 2, 3), (&pretty, 6, 7), (&stray, 2, 5)] {
            let out = run(&["solve"], text);
            assert_eq!(out.status.code(), Some(1), "{text}");
            let got = lines(&out.stdout);
            let want = [small_sol, "invalid", EASY9_SOL, EASY9_SOL];
            assert_eq!(got[..4], want, "{text}");
            let err = lines(&out.stderr);
            let said = format!(
                "line 1: a JSON object holding the list \"{name}\" that is not closed (it \
                 breaks at line {breaks}); expected a `}}` after the list"
            );
            assert!(err[0].starts_with(&said), "{err:?}");
            // Every puzzle line after the object has its record, the last one too.
            let out = run(&["solve", "--json"], text);
            let records: Vec<serde_json::Value> = lines(&out.stdout)
                .iter()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            let solved: Vec<u64> = records
                .iter()
                .filter(|r| r["status"] == "solved" && r["item"].is_null())
                .map(|r| r["line"].as_u64().unwrap())
                .collect();
            assert_eq!(solved.len(), text.matches(EASY9).count(), "{text}");
            assert_eq!(solved.last(), Some(&last), "{text}");
        }
    }
    // Every subcommand that reads puzzles reads them so.
    let text = format!("{{\"puzzles\": [\"{small}\"]\n{EASY9}\n{EASY9}\n");
    for args in [&["rate"][..], &["reduce"]] {
        let out = run(args, &text);
        assert_eq!(lines(&out.stdout).len(), 4, "{args:?}");
    }
}

/// A list item that breaks before its last line (a stray `{` before a puzzle on its own line)
/// costs the lines before the break, as a value alone does: the puzzle on the line where it
/// breaks is read (it was taken into the bad item).
#[test]
fn a_puzzle_line_where_a_json_list_item_breaks_is_read() {
    let (small, small_sol) = SMALL4;
    let text = format!("[\n\"{small}\",\n{{\n{EASY9}\n\"id\": 3}}\n]\n{EASY9}\n");
    let out = run(&["solve", "--json"], &text);
    assert_eq!(out.status.code(), Some(1));
    let records: Vec<serde_json::Value> = lines(&out.stdout)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let line_status: Vec<(u64, &str)> = records
        .iter()
        .map(|r| (r["line"].as_u64().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        line_status[..3],
        [(2, "solved"), (3, "invalid"), (4, "solved")]
    );
    assert_eq!(line_status.last(), Some(&(7, "solved")));
    assert_eq!(records[0]["solution"], small_sol);
    assert_eq!(records[2]["solution"], EASY9_SOL);
    let error = records[1]["error"].as_str().unwrap();
    assert!(error.contains("line 4 column 1"), "{error}");
}

/// A 16×16 grid as JSON rows of numbers with one stray symbol between rows is one bad grid,
/// as at 9×9 and 25×25; it was read as sixteen bad 4×4 puzzles, one a row. Sixteen 4×4
/// puzzles as such rows, one with the same typo, stay sixteen puzzles.
#[test]
fn a_json_16x16_grid_with_a_stray_symbol_is_one_bad_record() {
    let line = include_str!("../../examples/16x16.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let value = |c: char| c.to_digit(17).unwrap_or(0);
    let rows: Vec<String> = line
        .chars()
        .collect::<Vec<_>>()
        .chunks(16)
        .map(|r| format!("{:?}", r.iter().map(|&c| value(c)).collect::<Vec<_>>()))
        .collect();
    let grid = |sep15: &str| {
        let (head, tail) = rows.split_at(15);
        format!("[{}{sep15}{}]\n", head.join(", "), tail[0])
    };
    let out = run(&["solve"], &grid(", "));
    assert_success(&out);
    assert_eq!(lines(&out.stdout).len(), 1);
    for stray in ["x, ", "}, "] {
        let out = run(&["solve"], &grid(stray));
        assert_eq!(out.status.code(), Some(1), "{stray}");
        assert_eq!(lines(&out.stdout), ["invalid"], "{stray}");
        let err = lines(&out.stderr);
        assert_eq!(err.len(), 1, "{stray}: {err:?}");
        assert!(!err[0].contains("item"), "{err:?}");
        if stray == "x, " {
            let said = "line 1: not valid JSON (expected `,` or `]`, column ";
            assert!(err[0].starts_with(said), "{err:?}");
        }
    }

    let (small, small_sol) = SMALL4;
    let small: Vec<u32> = small.chars().map(value).collect();
    let mut items = vec![format!("{small:?}"); 16];
    items[3] = items[3].replacen('4', "4x", 1);
    let out = run(&["solve"], &format!("[{}]\n", items.join(", ")));
    let got = lines(&out.stdout);
    assert_eq!(got.len(), 16, "{got:?}");
    // Solved in the form given: numbers.
    let sol: Vec<String> = small_sol.chars().map(String::from).collect();
    let sol = sol.join(" ");
    assert_eq!(got.iter().filter(|l| **l == sol).count(), 15, "{got:?}");
    assert_eq!(got[3], "invalid");
}

#[test]
fn threads_beyond_the_limit_are_refused_by_every_subcommand() {
    // 100,000 workers of 256 MB stacks used to be started one by one, for minutes, silently.
    for sub in [
        &["solve"][..],
        &["rate"],
        &["reduce"],
        &["generate", "-k", "2"],
        &["bench"],
    ] {
        for threads in ["100000", "18446744073709551615", "-1"] {
            let out = run(
                &[sub, &["--threads", threads]].concat(),
                &format!("{EASY9}\n"),
            );
            assert_eq!(out.status.code(), Some(2), "{sub:?} {threads}");
            assert!(out.stdout.is_empty(), "{sub:?} {threads}");
        }
        let out = run(&[sub, &["--threads", "1025"]].concat(), "");
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("`1025` is not a thread count from 0 (all cores) to 1024"),
            "{sub:?}"
        );
    }
}

/// Help or the version that cannot be written (`> /dev/full`) is an I/O error, status 2, as a
/// subcommand's output is; written, they end with status 0.
#[test]
#[cfg(target_os = "linux")]
fn help_that_cannot_be_written_is_an_io_error() {
    for args in [&["help", "solve"][..], &["-V"], &["solve", "--help"]] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_nsudoku"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot write to stdout"), "{args:?}: {err}");
        assert_eq!(run(args, "").status.code(), Some(0), "{args:?}");
    }
    // A subcommand's output says the same, not only the system's words.
    let puzzle = include_str!("../../examples/9x9.txt");
    for sub in ["solve", "rate", "reduce", "explain", "render"] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_nsudoku"))
            .arg(sub)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(puzzle.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{sub}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("nsudoku: cannot write to stdout: "),
            "{sub}: {err}"
        );
    }
}

/// A line of a whole grid's numbers with one slip in a cell's place is read as numbers, its
/// slip named as `1.0`'s always was, not counted as a line of symbols (`83 symbols`); a
/// stray comma names its own cell, not the first `0` (a correct empty cell) before it. The
/// batch goes on.
#[test]
fn a_line_of_numbers_names_its_one_bad_token() {
    let line = "4 0 0 0 3 0 0 0 0 0 0 0 6 0 0 8 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 5 0 0 9 0 0 8 0 0 0 \
                0 6 0 0 0 7 0 2 0 0 0 0 0 0 0 0 1 0 2 7 0 0 5 0 3 0 0 0 0 4 0 9 0 0 0 0 0 0 0 0";
    let expected = "expected whitespace-separated integers, 0 (or `.`, `-`, `_`) for an empty cell";
    for (slip, said) in [
        ("NaN", "'NaN' at r1c6 is not a number"),
        ("1e0", "'1e0' at r1c6 is not a number"),
        ("0x1", "'0x1' at r1c6 is not a number"),
        ("\"1\"", "'\"1\"' at r1c6 is not a number"),
        ("1.0", "'1.0' at r1c6 is not a number"),
        ("3,", "r1c5 holds '3,', with a stray comma"),
    ] {
        // The slip takes the sixth cell's place, or the fifth's for the comma after its 3.
        let mut cells: Vec<&str> = line.split(' ').collect();
        let at = if slip == "3," { 4 } else { 5 };
        cells[at] = slip;
        let input = format!("{}\n{EASY9}\n", cells.join(" "));
        let out = run(&["solve", "--threads", "1"], &input);
        assert_eq!(lines(&out.stdout), ["invalid", EASY9_SOL], "{slip}");
        assert_eq!(
            lines(&out.stderr),
            [format!("line 1: {said}; {expected}")],
            "{slip}"
        );
    }
}

/// Every integer flag names a bad value with what it takes (`…; expected …`), where Rust's
/// parser said `invalid digit found in string` or `number too large to fit in target type`;
/// a duration too long for the clock says what one looks like, as one past f64's range does.
#[test]
fn bad_flag_values_say_what_is_expected() {
    let huge = "18446744073709551616";
    for (args, said) in [
        (
            &["solve", "--max-nodes", "abc"][..],
            "`abc` is not a whole number; expected 0 or more",
        ),
        (
            &["solve", "--max-nodes", ""],
            "`` is not a whole number; expected 0 or more",
        ),
        (
            &["solve", "--max-nodes", huge],
            "is too large; expected a whole number from 0 to 18446744073709551615",
        ),
        (
            &["generate", "-k", "3", "--seed", huge],
            "is too large; expected a whole number from 0 to 18446744073709551615",
        ),
        (
            &["generate", "--basis", "abc"],
            "`abc` is not a whole number; expected one from 2 to 10",
        ),
        (
            &["generate", "--basis", "11"],
            "11 is too large; expected at most 10",
        ),
        (
            &["generate", "--basis", "1"],
            "1 is too small; expected at least 2",
        ),
        (&["generate", "-k", "3", "-n", "x"], "expected 0 or more"),
        (
            &["generate", "-k", "3", "--givens", "x"],
            "expected 0 or more",
        ),
        (
            &["generate", "-k", "3", "--max-nodes", "x"],
            "expected 0 or more",
        ),
        (&["explain", "--max-steps", "x"], "expected 0 or more"),
        // A slip of a name is named for what it was meant to be.
        (
            &["solve", "--format", "gird"],
            "unknown format 'gird' (did you mean 'grid'?); expected line, numbers, candidates or grid",
        ),
        (
            &["solve", "--format", "json"],
            "unknown format 'json' (--json writes JSON records); expected line, numbers, \
             candidates or grid",
        ),
        (
            &["solve", "--alphabet", "hexx"],
            "unknown alphabet 'hexx' (did you mean 'hex'?); expected standard, hex or letters",
        ),
        (
            &["solve", "--alphabet", "hx"],
            "unknown alphabet 'hx' (did you mean 'hex'?); expected standard, hex or letters",
        ),
        (
            &["generate", "-k", "3", "--symmetry", "rotatonal"],
            "unknown symmetry 'rotatonal' (did you mean 'rotational'?)",
        ),
        (
            &["find", "--technique", "forcing"],
            "unknown technique 'forcing' (did you mean 'forcing-chain', 'forcing-chain-plus' or \
             'forcing-chain-nested'?)",
        ),
        (&["explain", "--pom-budget", "x"], "expected 0 or more"),
        (&["explain", "--forcing-budget", "x"], "expected 0 or more"),
        (&["pom", "--pom-budget", "x"], "expected 0 or more"),
        (&["bench", "--seed", "x"], "expected 0 or more"),
        (&["bench", "--limit", "x"], "expected one from 1 to 2"),
        (
            &["bench", "--limit", "3"],
            "3 is too large; expected at most 2",
        ),
        (
            &["solve", "--timeout", "1e30"],
            "`1e30` is too long a duration; expected e.g. 2, 0.5, 500ms, 1m",
        ),
        (
            &["solve", "--timeout", "100000000000000000h"],
            "is too long a duration; expected e.g. 2, 0.5, 500ms, 1m",
        ),
    ] {
        let out = run(args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
    // The values they took before still read.
    let out = run(&["solve", "--max-nodes", "0", "--threads", "1"], EASY9);
    assert_eq!(lines(&out.stdout), [EASY9_SOL]);
    let out = run(&["generate", "-k", "2", "-n", "0", "--seed", "0"], "");
    assert_success(&out);
}

/// A puzzle read after a label (`p12: `, a CSV id, Hadoop's `key<TAB>`) has its answer
/// written after the same label, as it came, so that answers join their puzzles by key:
/// solutions, counts and markers in text, a comment line over a drawn grid, `label` in JSON,
/// and the same in `rate`, `reduce` and the section headers of `explain`.
#[test]
fn labels_are_written_back_before_the_answers() {
    let none = format!("12345678.........9{}", ".".repeat(63));
    let input = format!("p12: {EASY9}\nkey\t{EASY9}\n\"7\",\"{EASY9}\",x\nid-3,{none}\n{EASY9}\n");
    let out = run(&["solve"], &input);
    let want = [
        format!("p12: {EASY9_SOL}"),
        format!("key\t{EASY9_SOL}"),
        format!("\"7\",{EASY9_SOL}"),
        "id-3,no solution".to_string(),
        EASY9_SOL.to_string(),
    ];
    assert_eq!(lines(&out.stdout), want);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 1: the label before the puzzle is kept for its answer"),
        "{err}"
    );
    let out = run(&["solve", "--count"], &input);
    assert_eq!(
        lines(&out.stdout),
        ["p12: 1", "key\t1", "\"7\",1", "id-3,0", "1"]
    );
    // Read back: the same labels, the solutions as puzzles.
    let again = run(&["solve"], &want.join("\n"));
    assert_eq!(lines(&again.stdout)[..3], want[..3]);

    let out = run(&["solve", "--json"], &input);
    let labels: Vec<Option<String>> = lines(&out.stdout)
        .iter()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["label"].as_str().map(str::to_string)
        })
        .collect();
    let names = ["p12", "key", "7", "id-3"].map(|s| Some(s.to_string()));
    assert_eq!(labels, [&names[..], &[None]].concat());

    let grid = run(&["solve", "--format", "grid"], &format!("p12: {EASY9}\n"));
    let got = lines(&grid.stdout);
    assert_eq!(got[0], "# p12");
    assert!(got[1].starts_with("+---"), "{got:?}");

    let rate = run(&["rate"], &input);
    let got = lines(&rate.stdout);
    assert!(got[0].starts_with(&format!("p12: {EASY9} ")), "{got:?}");
    assert!(
        got[3].starts_with(&format!("id-3,{none} no solution")),
        "{got:?}"
    );
    let reduce = run(&["reduce"], &input);
    assert_eq!(lines(&reduce.stdout)[1], format!("key\t{EASY9_SOL}"));
    let explain = run(&["explain"], &input);
    let headers: Vec<String> = lines(&explain.stdout)
        .into_iter()
        .filter(|l| l.starts_with("# puzzle"))
        .collect();
    let want = [
        "# puzzle p12 at line 1",
        "# puzzle key at line 2",
        "# puzzle 7 at line 3",
        "# puzzle id-3 at line 4",
        "# puzzle at line 5",
    ];
    assert_eq!(headers, want);
}
