//! `nsudoku bench` end to end: its rows, the baselines beside the engine, budgets, and the
//! commands it times (those tests are Unix's: their commands are written for `sh`).

use crate::common;
use common::{data_path, grid144, lines, run, Scratch, EASY9, EASY9_SOL};

#[test]
fn bench_counts_the_puzzles_it_could_not_read() {
    // Two bad lines around a 9×9, and a 4×4: the file's skipped lines are on each size's rows.
    let input = format!("1234\n{EASY9}\nxyz\n11..............\n..3...1...4...2.\n");
    let args = ["bench", "--min-time", "0", "--single-thread"];
    let out = run(&[&args[..], &["--json"]].concat(), &input);
    assert_eq!(out.status.code(), Some(1));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    for (row, basis) in rows.iter().zip([2, 3]) {
        assert_eq!((&row["basis"], &row["puzzles"]), (&basis.into(), &1.into()));
        assert_eq!(row["skipped"], 3, "{row}");
        assert_eq!(row["limit"], 1, "{row}");
    }
    let out = run(&args, &input);
    let table = String::from_utf8_lossy(&out.stdout);
    for header in [
        "### stdin (1 puzzle, 4×4; 3 unreadable puzzles skipped; the first solution (--limit 1))",
        "### stdin (1 puzzle, 9×9; 3 unreadable puzzles skipped; the first solution (--limit 1))",
    ] {
        assert!(table.contains(header), "{table}");
    }
    // A set read whole says nothing of it; what the reader passed over is noted, as by
    // every subcommand.
    let out = run(&args, &format!("{EASY9} {EASY9_SOL}\n"));
    assert!(lines(&out.stdout)[0].ends_with("(1 puzzle, 9×9; the first solution (--limit 1))"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("note: stdin: line 1: the text after the puzzle (from ' ') is passed over"),
        "{err}"
    );
}

/// `--max-puzzles` samples each size of a file on its own: the 9×9 rows of a file are those
/// of its 9×9 puzzles alone, whatever other sizes it holds.
#[test]
fn bench_samples_each_size_alone() {
    let nines = std::fs::read_to_string(data_path("9x9_magictour_top1465_first30.txt")).unwrap();
    let sixteens = std::fs::read_to_string(data_path("16x16_gen_minimal200_first10.txt")).unwrap();
    let args = [
        "bench",
        "--min-time",
        "0",
        "--single-thread",
        "--json",
        "--max-puzzles",
        "5",
        "--limit",
        "2",
    ];
    let nine_rows = |input: &str| {
        let out = run(&args, input);
        let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let row = rows
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["basis"] == 3)
            .cloned()
            .unwrap();
        (row["puzzles"].clone(), row["guesses_per_puzzle"].clone())
    };
    let alone = nine_rows(&nines);
    assert_eq!(alone.0, 5);
    // The 16×16 puzzles first, and between the 9×9 ones.
    let nines: Vec<&str> = nines.lines().collect();
    let (first, second) = nines.split_at(nines.len() / 2);
    let mixed = format!(
        "{sixteens}\n{}\n{sixteens}\n{}\n",
        first.join("\n"),
        second.join("\n")
    );
    assert_eq!(nine_rows(&mixed), alone);
}

#[test]
fn bench_times_a_144_grid_and_skips_its_reduction() {
    let (puzzle, _) = grid144();
    let args = [
        "bench",
        "--min-time",
        "1ms",
        "--single-thread",
        "--limit",
        "2",
        "--reduce",
        "singles",
    ];
    let out = run(&args, &format!("{puzzle}\n"));
    // The reduction cannot run at 144×144: said, and the exit status says so.
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "stdin: variant 'reduce singles + search' skipped: a 144×144 grid is beyond the \
             logic layer (reductions work up to 100×100)"
        ),
        "{err}"
    );
    let table = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = table.lines().filter(|l| l.contains("| search")).collect();
    assert_eq!(rows.len(), 1, "{table}");
}

/// `--baseline dlx` times dancing links beside the engine, on the same puzzles in the same run;
/// puzzles over its node budget are named and counted, and leave the exit status alone.
#[test]
fn bench_times_dancing_links_beside_the_engine() {
    let path = data_path("9x9_magictour_top1465_first30.txt");
    let args = ["bench", &path, "--min-time", "0", "--single-thread"];
    let args = [&args[..], &["--limit", "2", "--baseline", "dlx", "--json"]].concat();
    let out = run(&args, "");
    assert_eq!(out.status.code(), Some(0), "{:?}", lines(&out.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(variants(&rows), ["dlx (baseline)", "search"]);
    for r in rows.as_array().unwrap() {
        assert_eq!(
            (
                &r["puzzles"],
                &r["unsolved"],
                &r["multiple"],
                &r["over_budget"]
            ),
            (&30.into(), &0.into(), &0.into(), &0.into()),
            "{r}"
        );
        assert_eq!(r["limit"], 2, "{r}");
    }
    // Dancing links chooses among more alternatives than the engine's propagation leaves.
    assert!(rows[0]["guesses_per_puzzle"].as_f64() > rows[1]["guesses_per_puzzle"].as_f64());

    let tight = [&args[..], &["--baseline-nodes", "1"]].concat();
    let out = run(&tight, "");
    assert_eq!(out.status.code(), Some(0));
    let err = lines(&out.stderr);
    assert_eq!(err.len(), 30, "{err:?}");
    assert!(err
        .iter()
        .all(|l| l.ends_with(": over the baseline's node budget (--baseline-nodes)")));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&rows[0]["over_budget"], &rows[0]["unsolved"]),
        (&30.into(), &0.into())
    );
    assert_eq!(rows[1]["over_budget"], 0);
}

/// The variant of each row of `bench --json`, in order.
fn variants(rows: &serde_json::Value) -> Vec<&str> {
    let rows = rows.as_array().unwrap();
    rows.iter()
        .map(|r| r["variant"].as_str().unwrap())
        .collect()
}

#[test]
fn bench_max_puzzles_takes_the_first_of_each_size() {
    let data = |f: &str| std::fs::read_to_string(data_path(f)).unwrap();
    // 30 puzzles of 9×9, then 10 of 16×16: each size is a table of its own, capped apart.
    let mixed =
        data("9x9_magictour_top1465_first30.txt") + &data("16x16_gen_minimal200_first10.txt");
    let args = [
        "bench",
        "-",
        "--max-puzzles",
        "3",
        "--min-time",
        "0",
        "--single-thread",
        "--json",
    ];
    let out = run(&args, &mixed);
    assert_eq!(out.status.code(), Some(0), "{:?}", lines(&out.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sizes: Vec<(u64, u64)> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["basis"].as_u64().unwrap(), r["puzzles"].as_u64().unwrap()))
        .collect();
    assert_eq!(sizes, [(3, 3), (4, 3)]);
}

/// `--max-nodes` bounds the engine's search of one puzzle: those over it are named, counted
/// and make the exit status 1, the rest are timed.
#[test]
fn bench_bounds_the_engine_by_max_nodes() {
    let out = bench_30_json(&["--max-nodes", "1", "--limit", "2"]);
    assert_eq!(out.status.code(), Some(1));
    let mut err = lines(&out.stderr);
    assert!(!err.is_empty());
    // The first twenty are named, the rest counted: a set of puzzles over the budget (or of
    // several solutions, as serg_benchmark's) does not bury the table.
    let set = "9x9_magictour_top1465_first30.txt: ";
    let more = match err.last().and_then(|l| l.strip_prefix(set)) {
        Some(l)
            if l.ends_with(" without one solution or over budget (counted under the table)") =>
        {
            let n: usize = l.split(' ').next().unwrap().parse().unwrap();
            err.pop();
            n
        }
        _ => 0,
    };
    assert!(err.len() <= 20 && (more == 0 || err.len() == 20), "{err:?}");
    assert!(
        err.iter().all(|l| l.starts_with(&format!("{set}line "))
            && l.ends_with(": over the node budget (--max-nodes)")),
        "{err:?}"
    );
    let over = err.len() + more;
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &rows[0];
    assert_eq!(row["over_budget"], over);
    assert_eq!(row["unsolved"], 0);
    // Of a set where none was settled, no share of them went without guessing.
    assert_eq!(row["no_guess_pct"].is_null(), over == 30, "{row}");
    // The magictour puzzles need more than one node each; a budget they fit leaves all alone.
    let out = bench_30_json(&["--max-nodes", "1000000", "--limit", "2"]);
    assert_eq!(out.status.code(), Some(0), "{:?}", lines(&out.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(rows[0]["no_guess_pct"].is_number(), "{rows}");
    // forum_hardest_1106's first five all guess: a budget of one node settles none.
    let out = bench_json("9x9_forum_hardest_1106_first5.txt", &["--max-nodes", "1"]);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows[0]["over_budget"], 5, "{rows}");
    assert!(rows[0]["no_guess_pct"].is_null(), "{rows}");
}

/// `--max-nodes 0` is taken as `solve` takes it: the puzzles propagation settles are timed,
/// the others are over the budget, the same lines in both.
#[test]
fn bench_takes_a_budget_of_no_nodes_as_solve_does() {
    let path = data_path("basis3.txt");
    let solve = run(&["solve", &path, "--max-nodes", "0"], "");
    let over_in_solve: Vec<String> = lines(&solve.stderr)
        .iter()
        .filter(|l| l.contains("search budget exceeded after 0 nodes"))
        .map(|l| l.split(':').next().unwrap().to_string())
        .collect();
    let out = bench_json("basis3.txt", &["--max-nodes", "0"]);
    assert_eq!(out.status.code(), Some(1), "{:?}", lines(&out.stderr));
    let over_in_bench: Vec<String> = lines(&out.stderr)
        .iter()
        .filter(|l| l.ends_with(": over the node budget (--max-nodes)"))
        .map(|l| l.split(": ").nth(1).unwrap().to_string())
        .collect();
    assert!(!over_in_bench.is_empty());
    assert_eq!(over_in_bench, over_in_solve);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &rows[0];
    assert_eq!(row["over_budget"], over_in_bench.len(), "{row}");
    // The lines propagation solves are timed, and counted as settled without a guess.
    let count = |key: &str| row[key].as_u64().unwrap();
    let solved = count("puzzles") - count("unsolved") - count("multiple") - count("over_budget");
    assert!(solved > 0, "{row}");
    assert!(row["no_guess_pct"].as_f64().unwrap() > 0.0, "{row}");
}

/// A command in a markdown row keeps its cell: a `|` is escaped, a backtick gets a longer
/// fence. An empty command is a usage error.
#[cfg(unix)]
#[test]
fn bench_tables_keep_a_command_with_pipes_in_its_cell() {
    let path = data_path("9x9_magictour_top1465_first30.txt");
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let cmd = format!("cat | '{bin}' solve --limit 1 --threads 1 # `x`");
    let args = ["bench", &path, "--min-time", "0", "--single-thread"];
    let out = run(&[&args[..], &["--baseline-cmd", &cmd]].concat(), "");
    assert_eq!(out.status.code(), Some(0), "{:?}", lines(&out.stderr));
    let table = String::from_utf8_lossy(&out.stdout);
    let row = lines(&out.stdout)
        .into_iter()
        .find(|l| l.contains("(command)"))
        .unwrap_or_else(|| panic!("{table}"));
    let escaped = cmd.replace('|', "\\|");
    // It ends with a backtick, so the fence stands a space apart.
    assert!(
        row.starts_with(&format!("| `` {escaped} `` (command) | – | ")),
        "{row}"
    );
    // Nine `|` cut eight cells, as in the header.
    let cells = |l: &str| l.replace("\\|", "").matches('|').count();
    assert_eq!(cells(&row), 9, "{row}");
    assert!(table.starts_with(
        "### 9x9_magictour_top1465_first30.txt (30 puzzles, 9×9; the first solution (--limit 1))\n"
    ));

    for empty in ["", "  "] {
        let out = run(&[&args[..], &["--baseline-cmd", empty]].concat(), "");
        assert_eq!(out.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--baseline-cmd: the command is empty"),
            "{:?}",
            lines(&out.stderr)
        );
    }
}

/// A command that solves no puzzle (not found, or failing at once) is not timed: a throughput
/// of its exits would stand in the table beside the solvers'. Its row says why, without
/// figures, and the exit status is 1 (a script reading the JSON saw no sign of it).
#[cfg(unix)]
#[test]
fn bench_does_not_time_a_command_that_solves_nothing() {
    let out = bench_30_json(&[
        "--baseline-cmd",
        "false",
        "--baseline-cmd",
        "cat > /dev/null",
    ]);
    let err = lines(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err:?}");
    let set = "9x9_magictour_top1465_first30.txt";
    let failed = "ended with exit status: 1, and solved no puzzle: not timed";
    assert!(err.contains(&format!("{set}: `false` {failed}")), "{err:?}");
    assert!(err.contains(&format!(
        "{set}: `cat > /dev/null` solved no puzzle: not timed"
    )));
    assert!(err.contains(&format!("{set}: `false` wrote no answer")));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        variants(&rows),
        ["false (command)", "cat > /dev/null (command)", "search"]
    );
    let failures: Vec<&serde_json::Value> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["failure"])
        .collect();
    assert_eq!(
        failures,
        [failed, "solved no puzzle: not timed"]
            .map(serde_json::Value::from)
            .iter()
            .chain([&serde_json::Value::Null])
            .collect::<Vec<_>>()
    );
    for r in &rows.as_array().unwrap()[..2] {
        assert!(
            r["puzzles_per_sec"].is_null() && r["us_per_puzzle"].is_null(),
            "{r}"
        );
        assert_eq!(r["unsolved"], 30);
    }
    assert!(rows[2]["puzzles_per_sec"].as_f64().unwrap() > 0.0);

    // The table has the row, with dashes for figures and the reason under it.
    let table = run(
        &[
            "bench",
            &data_path(set),
            "--min-time",
            "0",
            "--single-thread",
            "--baseline-cmd",
            "false",
        ],
        "",
    );
    let table = String::from_utf8_lossy(&table.stdout);
    assert!(
        table.contains(&format!(
            "| `false` (command) | – | – | – | – | – | – | – |\n| ↳ {failed} |"
        )),
        "{table}"
    );
}

/// A command's answers to puzzles without one solution are not judged: counting to two, its
/// `multiple solutions` is right, and a set of such puzzles is still timed (it was "solved no
/// puzzle: not timed").
#[cfg(unix)]
#[test]
fn bench_does_not_judge_a_command_on_puzzles_without_one_solution() {
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let several = format!("{:.<81}", "123");
    let cmd = format!("'{bin}' solve --limit 2 --threads 1");
    let args = [
        "bench",
        "--min-time",
        "0",
        "--single-thread",
        "--limit",
        "2",
        "--json",
        "--baseline-cmd",
        &cmd,
    ];
    for (input, unjudged) in [
        (format!("{several}\n{several}\n"), "2 puzzles"),
        (format!("{EASY9}\n{several}\n"), "1 puzzle"),
    ] {
        let out = run(&args, &input);
        let err = lines(&out.stderr);
        let said = format!("its answers to the {unjudged} without one solution are not judged");
        assert!(err.iter().any(|l| l.ends_with(&said)), "{err:?}");
        assert!(!err.iter().any(|l| l.contains("not a solution")), "{err:?}");
        let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(variants(&rows).len(), 2, "{err:?}");
    }
}

/// The set is timed shuffled, but its puzzles without one solution are named in file order.
#[test]
fn bench_names_unfit_puzzles_in_file_order() {
    // Puzzles of several solutions (the first 1 to 6 digits in row 1) and one of none between
    // two that have one: seven named, in a shuffled set of nine.
    let mut puzzles: Vec<String> = (1..=6)
        .map(|k| format!("{:.<81}", &"123456"[..k]))
        .collect();
    puzzles.insert(3, format!("{:.<81}", "12345678.........9"));
    puzzles.insert(0, EASY9.to_string());
    puzzles.push(EASY9.to_string());
    let out = run(
        &[
            "bench",
            "--min-time",
            "0",
            "--single-thread",
            "--limit",
            "2",
        ],
        &puzzles.join("\n"),
    );
    let named: Vec<String> = lines(&out.stderr)
        .into_iter()
        .filter(|l| l.starts_with("stdin: line"))
        .collect();
    let at: Vec<usize> = named
        .iter()
        .map(|l| {
            l["stdin: line ".len()..]
                .split(':')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(at.len(), 7, "{named:?}");
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{named:?}");
}

/// `bench --json` of 30 magictour puzzles, one untimed pass on one thread, with `more`.
fn bench_30_json(more: &[&str]) -> std::process::Output {
    bench_json("9x9_magictour_top1465_first30.txt", more)
}

/// `bench --json` of fixture `file`, one untimed pass on one thread, with `more`.
fn bench_json(file: &str, more: &[&str]) -> std::process::Output {
    let path = data_path(file);
    let mut args = vec![
        "bench",
        &path,
        "--min-time",
        "0",
        "--single-thread",
        "--json",
    ];
    args.extend(more);
    run(&args, "")
}

#[cfg(unix)]
#[test]
fn bench_stops_a_command_that_writes_without_end_and_names_extra_answers() {
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let extra = format!("'{bin}' solve --limit 1 --threads 1; echo extra");
    let out = bench_30_json(&["--baseline-cmd", "yes", "--baseline-cmd", &extra]);
    let err = lines(&out.stderr);
    // A command left untimed makes the exit status 1.
    assert_eq!(out.status.code(), Some(1), "{err:?}");
    let set = "9x9_magictour_top1465_first30.txt";
    assert!(err.contains(&format!(
        "{set}: `yes` ended with its stdout past 64 MiB: stopped there and not timed (one \
         answer a puzzle is far less)"
    )));
    assert!(err.contains(&format!(
        "{set}: `{extra}` wrote more answers than the 30 puzzles: those past the last puzzle \
         were passed over"
    )));
    // `yes` has a row without figures; the other command's answers are all solutions.
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows[0]["puzzles_per_sec"].is_null(), "{rows:?}");
    assert!(rows[0]["failure"].as_str().unwrap().contains("past 64 MiB"));
    // JSON keeps the command as typed; the table marks it up.
    assert_eq!(rows[1]["variant"], format!("{extra} (command)"));
    assert_eq!(rows[1]["unsolved"], 0);
    assert!(rows[1]["failure"].is_null() && rows[1]["puzzles_per_sec"].as_f64().is_some());
}

/// A command that answers one line a puzzle: a blank line, or one starting with `#`, stands
/// for its puzzle as `no solution` would, and the answers after it keep their puzzles.
#[cfg(unix)]
#[test]
fn bench_pairs_a_blank_answer_line_with_its_puzzle() {
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let solver = format!("'{bin}' solve --limit 1 --threads 1");
    for (marker, said) in [("", "a blank line"), ("# none", "a comment")] {
        let cmd = format!("{solver} | sed '3s/.*/{marker}/'");
        let out = bench_30_json(&["--baseline-cmd", &cmd]);
        let err = lines(&out.stderr);
        let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(rows[0]["variant"], format!("{cmd} (command)"), "{err:?}");
        assert_eq!(rows[0]["unsolved"], 1, "{err:?}");
        let named: Vec<&String> = err.iter().filter(|l| l.contains("answer")).collect();
        assert_eq!(named.len(), 1, "{err:?}");
        assert!(
            named[0].ends_with(&format!("answer `{marker}` is not a solution: {said}")),
            "{named:?}"
        );
    }
}

#[cfg(unix)]
#[test]
fn bench_times_a_command_beside_the_engine() {
    let path = data_path("9x9_magictour_top1465_first30.txt");
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let solver = format!("'{bin}' solve --limit 1 --threads 1");
    // Right answers in the wrong order: each keeps its own puzzle's givens, not this one's.
    let shuffled = format!("{solver} | sort");
    let bench = |cmds: &[&str], json: bool| {
        let mut args = vec!["bench", &path, "--min-time", "0", "--single-thread"];
        for c in cmds {
            args.extend(["--baseline-cmd", c]);
        }
        if json {
            args.push("--json");
        }
        run(&args, "")
    };

    // The first 20 answers only: the other 10 puzzles have none.
    let partial = format!("{solver} | head -n 20");
    let out = bench(&[&solver, "head -n 2", &shuffled, "exit 3", &partial], true);
    // Three solved no puzzle and were not timed: the exit status says so.
    assert_eq!(out.status.code(), Some(1), "{:?}", lines(&out.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let untimed: Vec<bool> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["puzzles_per_sec"].is_null())
        .collect();
    assert_eq!(untimed, [false, true, true, true, false, false]);
    // The rest are the timed ones.
    let timed = |v: &serde_json::Value| !v["puzzles_per_sec"].is_null();
    let rows: Vec<serde_json::Value> = rows.as_array().unwrap().clone();
    let rows: Vec<&serde_json::Value> = rows.iter().filter(|r| timed(r)).collect();
    assert_eq!(
        rows.iter()
            .map(|r| r["variant"].as_str().unwrap())
            .collect::<Vec<_>>(),
        [
            format!("{solver} (command)"),
            format!("{partial} (command)"),
            "search".into()
        ]
    );
    let unsolved: Vec<u64> = rows
        .iter()
        .map(|r| r["unsolved"].as_u64().unwrap())
        .collect();
    assert_eq!(unsolved, [0, 10, 0]);
    for r in &rows[..2] {
        assert_eq!(r["puzzles"], 30);
        assert!(r["puzzles_per_sec"].as_f64().unwrap() > 0.0, "{r}");
        // What is not seen from outside the command is null, not a made-up figure.
        for key in [
            "threads",
            "median_us",
            "worst_us",
            "no_guess_pct",
            "guesses_per_puzzle",
        ] {
            assert!(r[key].is_null(), "{key}: {r}");
        }
    }
    assert_eq!(rows[2]["threads"], 1);

    let err = lines(&out.stderr);
    let about = |cmd: &str| -> Vec<&String> {
        err.iter()
            .filter(|l| l.contains(&format!("`{cmd}`")))
            .collect()
    };
    assert!(about(&solver).is_empty(), "{err:?}");
    let set = "9x9_magictour_top1465_first30.txt";
    let head = about("head -n 2");
    assert_eq!(head.len(), 4, "{head:?}");
    assert_eq!(
        *head[0],
        format!("{set}: `head -n 2` solved no puzzle: not timed")
    );
    // Its two answers are the first two puzzles, open cells and all.
    assert!(head[1..3]
        .iter()
        .all(|l| l.contains(": `head -n 2`: answer leaves r")));
    assert!(head[3].ends_with("`head -n 2` wrote 2 answers for 30 puzzles: the last 28 have none"));
    let sorted = about(&shuffled);
    assert_eq!(sorted.len(), 7, "five named, the rest counted: {sorted:?}");
    assert!(
        sorted[0].ends_with("solved no puzzle: not timed"),
        "{sorted:?}"
    );
    assert!(sorted[1..6].iter().all(
        |l| l.starts_with("9x9_magictour_top1465_first30.txt: line ")
            && l.ends_with("which the puzzle rules out")
    ));
    assert!(sorted[6].ends_with("25 more answers are not solutions"));
    assert_eq!(
        about("exit 3").into_iter().cloned().collect::<Vec<_>>(),
        [
            format!("{set}: `exit 3` ended with exit status: 3, and solved no puzzle: not timed"),
            format!("{set}: `exit 3` wrote no answer")
        ]
    );
    assert_eq!(
        about(&partial).into_iter().cloned().collect::<Vec<_>>(),
        [format!(
            "{set}: `{partial}` wrote 20 answers for 30 puzzles: the last 10 have none"
        )]
    );

    // The table shows a dash where a command's row has no figure.
    let out = bench(&[&partial], false);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains(&format!(
            "| `{}` (command) | – | ",
            partial.replace('|', "\\|")
        )) && table.contains(" | – | – | – | – |\n| ↳ 10 puzzles not solved by the command |"),
        "{table}"
    );
}

/// The process a command started goes with it: a pipeline or a script's solver left running
/// would slow every row timed after it.
#[cfg(target_os = "linux")]
#[test]
fn bench_kills_what_a_command_past_its_time_limit_started() {
    let dir = Scratch::new("bench-group");
    let pid_file = dir.join("pid");
    let cmd = format!("sleep 59 & echo $! > '{}'; wait", pid_file.display());
    // Time enough for the shell to start `sleep` and write its pid on a slow machine.
    let out = bench_30_json(&["--baseline-cmd", &cmd, "--baseline-timeout", "2s"]);
    assert_eq!(out.status.code(), Some(1), "{:?}", lines(&out.stderr));
    let pid = std::fs::read_to_string(&pid_file).expect("the command wrote its child's pid");
    assert!(!pid.trim().is_empty(), "no pid written in 2 s");
    let stat = format!("/proc/{}/stat", pid.trim());
    // Gone, or a zombie left to whoever adopted it.
    for _ in 0..50 {
        match std::fs::read_to_string(&stat) {
            Ok(s) if !s.contains(") Z ") => {
                std::thread::sleep(std::time::Duration::from_millis(20))
            }
            _ => return,
        }
    }
    panic!("`sleep 59`, started by the command, still runs after the command was killed");
}

/// The time limit holds to a run's end, also after it has closed its stdout (a pipeline
/// whose last stage is done): it was waited for without one.
#[cfg(unix)]
#[test]
fn bench_kills_a_command_that_closed_its_output_past_its_time_limit() {
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let cmd = format!("'{bin}' solve --limit 1 --threads 1; exec >&-; sleep 60");
    let out = bench_30_json(&["--baseline-cmd", &cmd, "--baseline-timeout", "1s"]);
    let err = lines(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err:?}");
    assert!(
        err.iter().any(|l| l.ends_with(
            "had not ended its first run after --baseline-timeout (1s): \
                 killed there and not timed"
        )),
        "{err:?}"
    );
}

/// Every timed run is judged as the checked first one: a command that fails at once after
/// it is not timed (it was timed at the speed of its exits).
#[cfg(unix)]
#[test]
fn bench_judges_every_timed_run_of_a_command() {
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let dir = Scratch::new("bench-flaky");
    let ran = dir.join("ran");
    let cmd = format!(
        "if [ -e '{0}' ]; then exit 3; fi; touch '{0}'; exec '{bin}' solve --limit 1 --threads 1",
        ran.display()
    );
    let out = bench_30_json(&["--baseline-cmd", &cmd]);
    let err = lines(&out.stderr);
    assert!(
        err.iter().any(|l| l.ends_with(
            "answered otherwise in timed run 1: ended with exit status: 3, the first with exit \
             status: 0; not timed"
        )),
        "{err:?}"
    );
    assert_eq!(out.status.code(), Some(1), "{err:?}");
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(rows[0]["puzzles_per_sec"].is_null(), "{rows}");
    assert!(rows[0]["failure"]
        .as_str()
        .unwrap()
        .starts_with("answered otherwise in timed run 1"));
}

/// A puzzle that only a reduction takes over the node budget is named and fails the run, as
/// one the plain search takes over it: only the first variant's were. magictour_top1465 line
/// 1326 (../shared/data/9x9): 2 nodes searched, 76 after naked and hidden tuples (the 9×9 band
/// engine, which has neither, so its trees do not move with the 16×16 engine's).
#[test]
fn bench_names_a_puzzle_over_budget_in_any_variant() {
    let line = "..4....6.....15...6....7.5..9..2.3..3..7....9.....62........8.14..1...7...9..3...";
    let args = [
        "bench",
        "--single-thread",
        "--min-time",
        "0",
        "--limit",
        "2",
        "--max-nodes",
        "20",
        "--reduce",
        "naked-tuple,hidden-tuple",
    ];
    let out = run(&args, line);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        lines(&out.stderr),
        ["stdin: line 1: over the node budget (--max-nodes)"]
    );
}

#[cfg(unix)]
#[test]
fn bench_kills_a_command_past_its_time_limit() {
    let out = bench_30_json(&["--baseline-cmd", "sleep 60", "--baseline-timeout", "300ms"]);
    let err = lines(&out.stderr);
    // Left untimed: the exit status is 1.
    assert_eq!(out.status.code(), Some(1), "{err:?}");
    let set = "9x9_magictour_top1465_first30.txt";
    // Said once, with nothing of answers it never wrote.
    assert_eq!(
        err.iter()
            .filter(|l| l.contains("sleep 60"))
            .collect::<Vec<_>>(),
        [&format!(
            "{set}: `sleep 60` had not ended its first run after --baseline-timeout (300ms): \
             killed there and not timed"
        )],
    );
    // Its row has no figures, and no unsolved puzzles: its answers were never read.
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 2, "{rows:?}");
    assert!(rows[0]["puzzles_per_sec"].is_null(), "{rows:?}");
    assert_eq!(rows[0]["unsolved"], 0);
}

/// What a command writes (its answers, the last line of its stderr) and the command itself
/// reach stderr and the table with their control characters written `U+001B`, as every other
/// message writes them: an escape sequence or a NUL is never sent to the terminal raw.
#[cfg(unix)]
#[test]
fn bench_escapes_the_control_characters_of_a_command() {
    let cmd = "cat >/dev/null; printf '\\0\\0\\n\\033[31mRED\\n'; printf '\\033[7mX\\n' >&2; \
               exit 3 # \x1b[0m";
    // A command that solves, so that its row is in the table.
    let solver = format!(
        "'{}' solve --limit 1 --threads 1 # \x1b[1m",
        env!("CARGO_BIN_EXE_nsudoku")
    );
    let path = data_path("9x9_magictour_top1465_first30.txt");
    let args = ["bench", &path, "--min-time", "0", "--single-thread"];
    let cmds = ["--baseline-cmd", cmd, "--baseline-cmd", &solver];
    let out = run(&[&args[..], &cmds].concat(), "");
    for stream in [&out.stderr, &out.stdout] {
        let text = String::from_utf8_lossy(stream);
        assert!(!text.contains(['\x1b', '\0']), "{text:?}");
    }
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains("--threads 1 # U+001B[1m` (command)"),
        "{table}"
    );
    let err = lines(&out.stderr);
    let shown = "cat >/dev/null; printf '\\0\\0\\n\\033[31mRED\\n'; printf '\\033[7mX\\n' >&2; \
                 exit 3 # U+001B[0m";
    for said in [
        format!("`{shown}`: answer `U+0000U+0000` is not a solution"),
        format!("`{shown}`: answer `U+001B[31mRED` is not a solution"),
        format!("`{shown}` ended with exit status: 3 (U+001B[7mX)"),
    ] {
        assert!(err.iter().any(|l| l.contains(&said)), "{said}: {err:?}");
    }
}

/// Which answers are judged is settled counting to 2, whatever `--limit` times: under the
/// default `--limit 1` a puzzle of several solutions, to which `nsudoku solve` rightly answers
/// `multiple solutions`, was judged and the command blamed for it.
#[cfg(unix)]
#[test]
fn bench_judges_answers_to_puzzles_of_one_solution_only() {
    let dir = Scratch::new("bench-several");
    let several =
        "4.....8.5.3..........7......2.....6.....8........1.......6.3.7.5..2.....1.4......";
    let set = dir.join("set.txt");
    std::fs::write(&set, format!("{EASY9}\n{several}\n{EASY9}\n")).unwrap();
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let cmd = format!("'{bin}' solve --threads 1");
    let set = set.to_str().unwrap();
    let args = [
        "bench",
        set,
        "--min-time",
        "0",
        "--single-thread",
        "--baseline-cmd",
        &cmd,
    ];
    let out = run(&args, "");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!said.contains("is not a solution"), "{said}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("not solved by the command"));
    assert!(
        said.contains("its answers to the 1 puzzle without one solution are not judged"),
        "{said}"
    );
}

/// A command's row says it times whole runs (`timing`), and how many of its answers were
/// wrong (`wrong`, within `unsolved`); `--self-cmd` adds this binary's `solve` as a command,
/// the row to set it beside, and the table's note says which rows are like for like.
#[cfg(unix)]
#[test]
fn bench_marks_whole_process_rows_and_times_itself_as_a_command() {
    let out = bench_30_json(&["--self-cmd", "--baseline-cmd", "cat"]);
    let err = lines(&out.stderr);
    // `cat` answers each puzzle with itself: not a solution, so it is not timed (status 1).
    assert_eq!(out.status.code(), Some(1), "{err:?}");
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let by_name = |name: &str| {
        let rows = rows.as_array().unwrap();
        rows.iter().find(|r| r["variant"] == name).cloned()
    };
    let cat = by_name("cat (command)").expect("cat's row");
    assert_eq!(
        (cat["timing"].as_str(), cat["wrong"].as_u64()),
        (Some("whole process"), Some(30))
    );
    assert_eq!(cat["unsolved"], 30, "{cat}");
    let me = by_name("nsudoku solve --threads 1 --limit 1 (command)").expect("the self row");
    assert_eq!(me["timing"], "whole process", "{me}");
    assert!(me["puzzles_per_sec"].as_f64().unwrap() > 0.0, "{me}");
    assert_eq!(
        (me["unsolved"].as_u64(), me["wrong"].as_u64()),
        (Some(0), Some(0)),
        "{me}"
    );
    assert!(me["failure"].is_null(), "{me}");
    let search = by_name("search").expect("the engine's row");
    assert_eq!(
        (search["timing"].as_str(), search["wrong"].as_u64()),
        (Some("search"), Some(0))
    );
    // The table: the wrong answers counted, and a note under each set with a command row.
    let path = data_path("9x9_magictour_top1465_first30.txt");
    let table = |more: &[&str]| {
        let args = ["bench", &path, "--min-time", "0", "--single-thread"];
        String::from_utf8(run(&[&args[..], more].concat(), "").stdout).unwrap()
    };
    let both = table(&["--self-cmd", "--baseline-cmd", "cat"]);
    assert!(both.contains("| ↳ 30 puzzles not solved by the command (30 answered wrong) |"));
    assert!(
        both.contains("`nsudoku solve --threads 1 --limit 1` (command) |"),
        "{both}"
    );
    assert!(both.contains("compare the command rows."), "{both}");
    let other = table(&["--baseline-cmd", "cat"]);
    assert!(
        other.contains("Add --self-cmd to time `nsudoku solve`"),
        "{other}"
    );
    assert!(!table(&[]).contains("whole runs"));
}
