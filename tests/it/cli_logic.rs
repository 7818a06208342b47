//! The logic subcommands end to end: `explain`, `find`, `reduce`, `solve --reduce`.

use std::process::Output;

use crate::common;
use common::{run, Scratch};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const HARD: &str =
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
/// Techniques that leave HARD stuck (nested forcing chains finish it).
const FEW: &str = "singles,locked-candidates,naked-tuple,hidden-tuple,fish";

#[test]
fn explain_batch_with_a_bad_line() {
    let o = run(
        &["explain", "--techniques", FEW],
        &format!("{EASY}\nbad line\n{HARD}\n"),
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "# puzzle at line 1");
    assert!(lines[1].starts_with("Hidden Single: ") || lines[1].starts_with("Naked Single: "));
    let solved = lines.iter().position(|l| *l == "solved").unwrap();
    assert_eq!(lines[solved + 1], EASY_SOLVED);
    assert_eq!(lines[solved + 2], "# puzzle at line 2");
    assert_eq!(lines[solved + 3], "invalid");
    assert_eq!(lines[solved + 4], "# puzzle at line 3");
    assert_eq!(lines[lines.len() - 2], "stuck");
    assert_eq!(lines[lines.len() - 1].len(), 729);
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2: "));
    assert_eq!(o.status.code(), Some(1));

    // Alone, a bad line still prints its marker; as JSON it is a record of its own.
    assert_eq!(stdout(&run(&["explain"], "bad line\n")), "invalid\n");
    let o = run(&["explain", "--json"], &format!("bad line\n{EASY}\n"));
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["end"], "invalid");
    assert_eq!(first["line"], 1);
    assert!(first["error"].as_str().unwrap().contains("symbols"));
}

#[test]
fn explain_ends_with_a_boxed_grid_on_request() {
    let out = stdout(&run(&["explain", "--format", "grid"], EASY));
    let tail: Vec<&str> = out.lines().rev().take(13).collect();
    assert_eq!(tail[0], "+-------+-------+-------+");
    assert_eq!(tail[12], "+-------+-------+-------+");
    assert!(out.contains("\nsolved\n+-------+"), "{out}");
}

/// `pom` heads each puzzle as `explain` does, with the size written as elsewhere; a line that
/// is not a puzzle, or whose givens contradict, has the marker of every line filter under its
/// heading, for a reader that passes over `#` lines.
#[test]
fn pom_heads_each_puzzle_by_its_line() {
    // Row 1 has no place left for 1: the givens clash once they are propagated.
    let clash = "...456789..1...............1...........................1.........................";
    let out = stdout(&run(&["pom"], &format!("bad\n{EASY}\n{clash}\n")));
    let heads: Vec<&str> = out.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(
        heads,
        [
            "# puzzle at line 1",
            "# puzzle at line 2: 9×9, pom, budget 1000000",
            "# puzzle at line 3",
        ]
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "invalid");
    assert_eq!(
        lines.last().unwrap(),
        &"contradiction: the givens contradict each other: row 1 has no place for 1"
    );
}

/// A grid whose templates refute it: `pom` says there is no solution (on stderr, in a last
/// `contradiction:` line, as `end` in JSON) and exits 1, whether a digit has no template or
/// the deductions of the digits cannot all hold.
#[test]
fn pom_tells_a_grid_its_templates_refute() {
    // A 4×4 candidate grid: every house has a place for 1, but no placement of all four 1s
    // fits (column 4 takes r3, so row 4 takes c3, row 2 c1, and row 1 is left c2 in r2c1's box).
    let rows = [
        ["1234", "1234", "1234", ".234"],
        ["1234", ".234", ".234", ".234"],
        [".234", "1234", "1234", "1234"],
        [".234", ".234", "1234", ".234"],
    ];
    let no_template = rows.concat().concat();
    // A 9×9 puzzle of one solution with a wrong 1 put at r1c2: every digit keeps templates,
    // but their deductions cannot all hold (among them, r9c3=1 and r9c3=7).
    let clash = "41..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    for (grid, why) in [
        (no_template.as_str(), "no solution: digit 1 has no template"),
        (clash, "no solution: the deductions cannot all hold"),
    ] {
        for args in [&["pom"][..], &["pom", "--json"], &["pom", "--count-only"]] {
            let o = run(args, &format!("{grid}\n"));
            let err = String::from_utf8_lossy(&o.stderr);
            let out = stdout(&o);
            if grid == clash && args.contains(&"--count-only") {
                // Counted only, every digit has templates: nothing is deduced to clash.
                assert_eq!(o.status.code(), Some(0), "{err}");
                continue;
            }
            assert_eq!(o.status.code(), Some(1), "{args:?} {err}");
            assert!(err.contains(&format!("line 1: {why}")), "{args:?} {err}");
            if args.contains(&"--json") {
                let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
                assert_eq!(v["end"], "contradiction");
                assert!(v["error"].as_str().unwrap().starts_with(why), "{v}");
                assert!(!v["digits"].as_array().unwrap().is_empty());
            } else {
                let last = out.lines().last().unwrap();
                assert!(last.starts_with(&format!("contradiction: {why}")), "{out}");
            }
        }
    }
    // A puzzle with a solution says nothing of the kind.
    let o = run(&["pom"], &format!("{EASY}\n"));
    assert_eq!(o.status.code(), Some(0));
    assert!(!stdout(&o).contains("contradiction"));
}

/// `pom --timeout`: the digits not counted by the deadline (not begun, or cut) are said so,
/// on stderr too, and the status is 1; within it every digit is counted.
#[test]
fn pom_timeout_leaves_the_digits_not_counted() {
    let o = run(
        &["pom", "--count-only", "--timeout", "1e-9"],
        &format!("{EASY}\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 1: timeout exceeded"), "{err}");
    let out = stdout(&o);
    let digits: Vec<&str> = out.lines().filter(|l| l.starts_with("digit")).collect();
    assert_eq!(digits.len(), 9);
    assert!(
        digits
            .iter()
            .all(|l| l.ends_with("templates not counted, not reached by --timeout")),
        "{out}"
    );
    // The report ends with the word, as `explain`'s path does.
    assert_eq!(out.lines().last(), Some("timeout"), "{out}");
    // In JSON too, told from a count over the bounds, with or without --count-only.
    for only in [true, false] {
        let mut args = vec!["pom", "--json", "--timeout", "1e-9"];
        if only {
            args.push("--count-only");
        }
        let o = run(&args, &format!("{EASY}\n"));
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        let status: Vec<&str> = v["digits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["count_status"].as_str().unwrap())
            .collect();
        assert_eq!(status, ["timeout"; 9], "--count-only {only}");
        assert_eq!(v["end"], "timeout", "--count-only {only}");
    }
    let o = run(
        &["pom", "--count-only", "--timeout", "1m"],
        &format!("{EASY}\n"),
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o)
        .lines()
        .filter(|l| l.starts_with("digit"))
        .all(|l| l.ends_with("counted") && !l.contains("not")));
    assert!(!stdout(&o).contains("timeout"));
    // A count under way is cut too: on an empty 25×25 grid the first digit's count (10^8
    // steps, a second or two) starts in time, and every other digit would share it.
    let o = run(
        &["pom", "--json", "--count-only", "--timeout", "0.1s"],
        &format!("{}\n", ".".repeat(625)),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("line 1: timeout exceeded"), "{err}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let digits = v["digits"].as_array().unwrap();
    assert_eq!(digits.len(), 25);
    assert!(digits.iter().all(|d| d["count_status"] == "timeout"), "{v}");
}

/// Subcommands that write no solutions refuse `--format grid` rather than ignore it.
#[test]
fn format_grid_is_refused_where_nothing_is_boxed() {
    for sub in [&["rate"][..], &["pom"], &["render"], &["study", "tuples"]] {
        let o = run(&[sub, &["--format", "grid"]].concat(), EASY);
        assert_eq!(o.status.code(), Some(2), "{sub:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("--format grid boxes the solutions of solve"),
            "{err}"
        );
    }
}

#[test]
fn explain_json_lines() {
    let o = run(&["explain", "--json"], EASY);
    let out = stdout(&o);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objs[0]["placements"].as_array().unwrap().len(), 1);
    assert!(objs[0]["technique"].as_str().unwrap().ends_with("single"));
    let last = objs.last().unwrap();
    assert_eq!(last["end"], "solved");
    assert_eq!(last["grid"], EASY_SOLVED);
    assert!(o.status.success());
}

/// A puzzle the techniques leave stuck is searched: one without a unique solution is named on
/// stderr, counted in the JSON end record, and makes the exit status 1.
#[test]
fn explain_tells_a_stuck_puzzle_without_one_solution() {
    let empty = ".".repeat(81);
    let o = run(&["explain"], &format!("{empty}\n"));
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 1: several solutions; the techniques get stuck after 0 steps"),
        "{err}"
    );
    let o = run(
        &["explain", "--json", "--techniques", FEW],
        &format!("{HARD}\n{empty}\n"),
    );
    let ends: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("end").is_some())
        .collect();
    assert_eq!(ends[0]["end"], "stuck");
    assert_eq!(ends[0]["solutions"], 1);
    assert_eq!(ends[1]["solutions"], 2);
    assert_eq!(o.status.code(), Some(1));
    assert!(run(&["explain"], HARD).status.success());
}

/// A contradiction the steps run into is named: the two cells that would hold one digit.
#[test]
fn explain_names_the_clash_of_a_contradiction() {
    let text = std::fs::read_to_string("examples/16x16.txt").unwrap();
    let p = text.lines().find(|l| !l.starts_with('#')).unwrap();
    // r1c4 takes 8, which leaves 5 the only candidate of both r1c15 and r1c16.
    let bad = format!("{}8{}", &p[..3], &p[4..]);
    let o = run(&["explain"], &bad);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("r1c15 and r1c16 would both hold 5 in row 1"),
        "{err}"
    );
    let out = stdout(&run(&["explain", "--json"], &bad));
    let end: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(end["end"], "contradiction");
    assert_eq!(end["error"], "r1c15 and r1c16 would both hold 5 in row 1");
    // A contradiction proves there is no solution, as `rate` records it.
    assert_eq!(end["solutions"], 0);
    // The grid shown is the one the breaking step was found in (that step applied in part
    // would match no replay): the grid a path one step shorter ends with. On magictour_top1465
    // line 5 with a 9 in r1c2 the breaking step is a hidden pair whose removals in r5c5 go
    // before the one in r5c6 that fails.
    let wrong = "59.7..6....38...........2..62.4............917............35.8.4.....1......9....";
    for puzzle in [&bad[..], wrong] {
        let last = |args: &[&str]| -> serde_json::Value {
            let out = stdout(&run(args, puzzle));
            serde_json::from_str(out.lines().last().unwrap()).unwrap()
        };
        let end = last(&["explain", "--json"]);
        assert_eq!(end["end"], "contradiction");
        let shorter = (end["steps"].as_u64().unwrap() - 1).to_string();
        let before = last(&["explain", "--json", "--max-steps", &shorter]);
        assert_eq!(before["end"], "step limit");
        assert_eq!(end["grid"], before["grid"], "{puzzle}");
    }
}

/// A house left with no place for a digit is a contradiction: in the givens (no solution, no
/// made-up rating) and along a path (named).
#[test]
fn a_house_without_a_place_for_a_digit_is_a_contradiction() {
    // Row 1 holds 2-7, and r2c7 = 1 takes 1 out of box 3: row 1 has no place for 1.
    let p = format!("234567.........1..{}\n", ".".repeat(63));
    let o = run(&["rate"], &p);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        format!(
            "{} no solution (the givens contradict each other)\n",
            p.trim_end()
        )
    );
    let why = "line 1: the givens contradict each other: row 1 has no place for 1";
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 1: no solution (the givens contradict each other: row 1 has no place"),
        "{err}"
    );
    // `rate --json` names the clash as the other subcommands' records do.
    let o = run(&["rate", "--json"], &p);
    let record: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(record["end"], "contradiction");
    assert_eq!(
        record["error"],
        "the givens contradict each other: row 1 has no place for 1"
    );
    // So do explain, find and pom, the record naming its line apart from the error.
    for sub in [
        &["explain", "--json"][..],
        &["find", "--json", "--technique", "all"],
        &["pom", "--json"],
    ] {
        let o = run(sub, &p);
        let first = stdout(&o).lines().next().unwrap().to_string();
        let record: serde_json::Value = serde_json::from_str(&first).unwrap();
        assert_eq!(
            (&record["error"], &record["line"]),
            (
                &"the givens contradict each other: row 1 has no place for 1".into(),
                &1.into()
            ),
            "{sub:?}"
        );
        if sub[0] == "explain" {
            assert_eq!(record["solutions"], 0);
        }
    }
    // explain's text ends as a path that runs into a contradiction does: the word, the grid.
    let o = run(&["explain"], &p);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!((lines[0].as_str(), lines[1].len()), ("contradiction", 729));
    for sub in [
        &["explain"][..],
        &["pom"],
        &["find", "--technique", "all"],
        &["reduce"],
        &["render", "--candidates"],
    ] {
        let o = run(sub, &p);
        assert_eq!(o.status.code(), Some(1), "{sub:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains(why),
            "{sub:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    // Givens that leave a cell one digit a peer holds, and two givens whose peers' singles
    // clash, are named too.
    for (p, why) in [
        (
            format!("12345678.........9{}", ".".repeat(63)),
            "the other givens leave r1c9 only 9, which r2c9 holds in column 9",
        ),
        (
            // A candidate grid (N³ form) whose row 1 has no 1 and nothing placed.
            format!("{}{}", ".23456789".repeat(9), "123456789".repeat(72)),
            "row 1 has no place for 1",
        ),
    ] {
        let o = run(&["explain"], &p);
        assert_eq!(o.status.code(), Some(1));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(why), "{err}");
    }
    // magictour_top1465 line 1 with a 1 in r1c2, where no solution has it: after step 2 box 7
    // has no place for 7 (every cell still has candidates).
    let wrong = "41..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let o = run(&["explain"], wrong);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("contradiction at step 2: box 7 would have no place left for 7"),
        "{err}"
    );
}

/// A chain step's `nodes` spell its `chain` node by node, and its `cells` and `digits` hold the
/// chain's (coloring and cycles name only a digit, multi-digit chains only cells).
#[test]
fn chain_records_give_their_nodes_cells_and_digits() {
    let input = std::fs::read_to_string("tests/data/chains_9x9.txt").unwrap();
    let out = stdout(&run(&["explain", "--json"], &input));
    let (mut chains, mut forcing) = (0, 0);
    for l in out.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let Some(chain) = v["chain"].as_str() else {
            continue;
        };
        // A forcing chain's `chain` is its proof: its nodes' placements (and in a (+) chain,
        // sweeps: the nodes with a weak link, whose cells lose the digit), then the
        // contradiction (its `cells` and `digits` name that; tests/it/forcing.rs replays it).
        if v["technique"] == "forcing-chain" || v["technique"] == "forcing-chain-plus" {
            forcing += 1;
            let placed: Vec<String> = v["nodes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| {
                    let cells: Vec<&str> = n["cells"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| c.as_str().unwrap())
                        .collect();
                    let sign = if n["link"] == "weak" { "<>" } else { "=" };
                    let step = format!("{}{sign}{}", cells.join(","), n["digit"].as_str().unwrap());
                    // A step the cell alone does not explain gives its house.
                    match n["why"].as_str() {
                        Some(why) => format!("{step} ({why})"),
                        None => step,
                    }
                })
                .collect();
            let (proof, contradiction) = chain.rsplit_once(" -> ").unwrap();
            assert_eq!(proof, placed.join(" -> "), "{l}");
            assert!(
                contradiction.starts_with("no ") || contradiction.ends_with(" empty"),
                "{l}"
            );
            assert!(v["text"].as_str().unwrap().contains(chain), "{l}");
            continue;
        }
        chains += 1;
        let names = |x: &serde_json::Value| -> Vec<String> {
            let list = x.as_array().unwrap().iter();
            list.map(|c| c.as_str().unwrap().to_string()).collect()
        };
        let (cells, digits) = (names(&v["cells"]), names(&v["digits"]));
        let mut spelled = String::new();
        for node in v["nodes"].as_array().unwrap() {
            let digit = node["digit"].as_str().unwrap();
            let node_cells = names(&node["cells"]);
            assert!(digits.iter().any(|d| d == digit), "{l}");
            if v["technique"] != "y-cycle" {
                // A Y-Cycle's `cells` are its y-edges' bivalue cells, as documented.
                assert!(node_cells.iter().all(|c| cells.contains(c)), "{l}");
            }
            spelled += &format!("({digit}){}", node_cells.join("|"));
            spelled += match node["link"].as_str() {
                Some("strong") => "=",
                Some("weak") => "-",
                Some("y") => "~",
                None => "",
                Some(other) => panic!("link {other} in {l}"),
            };
        }
        assert_eq!(spelled, chain, "{l}");
    }
    assert!(chains >= 30, "only {chains} chain steps");
    assert!(forcing > 0, "no forcing chain step");
}

/// Every single's record names its cell and digit in `cells` and `digits` (a naked single
/// and a full house have no pattern of their own in the text), as the other steps do.
#[test]
fn single_records_name_their_cell_and_digit() {
    // magictour_top1465 line 1: all three kinds of single on its path.
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let out = stdout(&run(&["explain", "--json"], puzzle));
    let mut kinds = std::collections::BTreeSet::new();
    for l in out.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let Some(t) = v["technique"]
            .as_str()
            .filter(|t| t.ends_with("single") || *t == "full-house")
        else {
            continue;
        };
        let placed = v["placements"][0].as_str().unwrap();
        let (cell, digit) = placed.split_once('=').unwrap();
        assert_eq!(v["cells"], serde_json::json!([cell]), "{l}");
        assert_eq!(v["digits"], serde_json::json!([digit]), "{l}");
        kinds.insert(t.to_string());
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

#[test]
fn find_lists_every_instance() {
    let o = run(&["find", "--technique", "naked-pair", "--json"], EASY);
    assert!(o.status.success());
    // Givens only: the naked pairs of the easy puzzle's first state, then the end record.
    let out = stdout(&o);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (end, pairs) = records.split_last().unwrap();
    for v in pairs {
        assert_eq!(v["technique"], "naked-pair");
        assert_eq!(v["cells"].as_array().unwrap().len(), 2);
        assert!(!v["eliminations"].as_array().unwrap().is_empty());
    }
    assert_eq!(end["end"], "listed");
    assert_eq!(end["found"], pairs.len());
    assert_eq!(end["line"], 1);
    // A puzzle with no instance shows too; the uniqueness techniques not run are named.
    let none = run(
        &["find", "--technique", "x-wing,bug", "--json"],
        &".".repeat(81),
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&none).trim()).unwrap();
    assert_eq!(v["found"], 0);
    assert_eq!(v["not_run"], serde_json::json!(["bug"]));
    // As text, nothing found is said on stderr (stdout keeps to deductions).
    let empty = run(&["find", "--technique", "x-wing"], &".".repeat(81));
    assert!(empty.status.success());
    assert_eq!(stdout(&empty), "");
    let err = String::from_utf8_lossy(&empty.stderr);
    assert_eq!(err, "line 1: nothing found (x-wing)\n");
    let all = run(&["find", "--technique", "all"], &".".repeat(81));
    let err = String::from_utf8_lossy(&all.stderr);
    assert!(err.contains("line 1: nothing found (any of "), "{err}");
    // Either spelling of the flag, in every subcommand that takes techniques.
    assert_eq!(
        stdout(&run(
            &["find", "--techniques", "naked-pair", "--json"],
            EASY
        )),
        stdout(&o)
    );
    assert!(run(&["explain", "--technique", "singles"], EASY)
        .status
        .success());
    let o = run(&["find", "--technique", "bogus"], EASY);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown technique 'bogus'"));
    // Names as the steps show them, and a slip pointed to the name it misses.
    let o = run(&["find", "--technique", "Naked Pair", "--json"], EASY);
    assert_eq!(
        stdout(&o),
        stdout(&run(&["find", "--technique", "naked-pair", "--json"], EASY))
    );
    let o = run(&["find", "--technique", "naked-pair,xwing"], EASY);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unknown technique 'xwing' (did you mean 'x-wing'?); expected one of: "),
        "{err}"
    );
}

#[test]
fn reduce_prints_solution_or_candidates() {
    let o = run(
        &["reduce", "--techniques", FEW],
        &format!("{EASY}\n{HARD}\n"),
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], EASY_SOLVED);
    assert_eq!(lines[1].len(), 729);
    let o = run(&["reduce", "--techniques", "pointing"], EASY);
    assert_eq!(stdout(&o).trim().len(), 729);
}

#[test]
fn reduce_says_when_an_unfinished_puzzle_has_several_solutions() {
    // The empty grid: its candidate line is printed, stderr names the line, and the run fails;
    // the one-solution puzzle after it is reduced as usual.
    let input = format!("{}\n{HARD}\n", ".".repeat(81));
    let o = run(&["reduce", "--techniques", "singles"], &input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "123456789".repeat(81));
    assert_eq!(lines[1].len(), 729);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim(),
        "line 1: several solutions; the candidate grid is what the techniques leave"
    );
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["reduce", "--techniques", "singles"], HARD);
    assert_eq!((o.status.code(), o.stderr.is_empty()), (Some(0), true));
}

#[test]
fn reduce_json_ends_each_puzzle_as_explain_json_does() {
    // Solved, several solutions, a contradiction the deductions reach (magictour_top1465
    // line 1 with a 1 given in r1c2), marks that clash in a candidate grid (r1c3's 1 and 2
    // both placed in its row), and a bad line.
    let broken =
        "41..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let clash = format!(
        "1........{}12.......{}",
        ".2.......",
        "123456789".repeat(78)
    );
    let input = format!("{EASY}\n{}\n{broken}\n{clash}\nbad line\n", ".".repeat(81));
    let args = ["--techniques", "singles"];
    let reduced = run(&[&["reduce", "--json"][..], &args].concat(), &input);
    assert_eq!(reduced.status.code(), Some(1));
    let records: Vec<serde_json::Value> = stdout(&reduced)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ends: Vec<&str> = records.iter().map(|r| r["end"].as_str().unwrap()).collect();
    assert_eq!(
        ends,
        [
            "solved",
            "stuck",
            "contradiction",
            "contradiction",
            "invalid"
        ]
    );
    let lines: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1, 2, 3, 4, 5]);
    assert_eq!(records[0]["grid"], EASY_SOLVED);
    assert_eq!(records[1]["solutions"], 2);
    assert_eq!(records[2]["solutions"], 0);
    // The deduction that broke the grid is counted and what it breaks is named, on stderr too.
    let err = String::from_utf8_lossy(&reduced.stderr);
    let what = records[2]["error"].as_str().unwrap();
    let n = records[2]["deductions"].as_u64().unwrap();
    assert!(n > 0 && what.contains("would"), "{what}");
    assert!(
        err.contains(&format!(
            "line 3: no solution: contradiction at deduction {n}: {what}"
        )),
        "{err}"
    );
    assert_eq!(records[3]["deductions"], 0);
    assert!(records[3]["error"]
        .as_str()
        .unwrap()
        .starts_with("the marks contradict"));
    // Where one fixed point is the only end (singles), explain's end records say the same.
    let explained = stdout(&run(&[&["explain", "--json"][..], &args].concat(), &input));
    let explain_ends: Vec<serde_json::Value> = explained
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| r.get("end").is_some())
        .collect();
    for (r, e) in records.iter().zip(&explain_ends) {
        for field in ["end", "line", "solutions"] {
            assert_eq!(r[field], e[field], "{field}: {r} against {e}");
        }
        if r["end"] != "contradiction" {
            assert_eq!(r["grid"], e["grid"]);
        }
    }
    // As text: the solution, the candidate grid, `no solution` twice, `invalid`.
    let text = stdout(&run(&[&["reduce"][..], &args].concat(), &input));
    let text: Vec<&str> = text.lines().collect();
    assert_eq!(text[0], EASY_SOLVED);
    assert_eq!(text[1], records[1]["grid"]);
    assert_eq!(text[2..], ["no solution", "no solution", "invalid"]);
}

#[test]
fn find_lists_a_tuple_of_a_line_and_a_box_once() {
    // magictour_top1465 line 122 reduced by singles: 4 and 5 are confined to r8c2,r8c3 both in
    // row 8 and in box 7, one deduction; it was listed once for each house.
    let puzzle =
        "...7....2.8....1...9.......7.6....3.....91...2............5.84.3..6........4..5..";
    let grid = stdout(&run(&["reduce", "--techniques", "singles"], puzzle));
    let o = run(&["find", "--json", "--technique", "hidden-pair"], &grid);
    let records: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let pair: Vec<&serde_json::Value> = records
        .iter()
        .filter(|r| r["cells"] == serde_json::json!(["r8c2", "r8c3"]))
        .collect();
    assert_eq!(pair.len(), 1, "{records:?}");
    assert_eq!(pair[0]["house"], "row 8");
    let found = records.last().unwrap()["found"].as_u64().unwrap() as usize;
    assert_eq!(found, records.len() - 1);
    let texts: Vec<&str> = records.iter().filter_map(|r| r["text"].as_str()).collect();
    let mut unique = texts.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), texts.len(), "{texts:?}");
}

#[test]
fn explain_searches_a_path_stopped_by_max_steps() {
    // The empty grid stopped at once: two solutions, said on stderr and in the end record.
    let o = run(&["explain", "--json", "--max-steps", "0"], &".".repeat(81));
    assert_eq!(o.status.code(), Some(1));
    let end: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (&end["end"], &end["solutions"]),
        (&"step limit".into(), &2.into())
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim(),
        "line 1: several solutions; the path stops at --max-steps after 0 steps"
    );
    // A puzzle with one solution stopped the same way is no failure.
    let o = run(&["explain", "--max-steps", "1"], HARD);
    assert_eq!((o.status.code(), o.stderr.is_empty()), (Some(0), true));
}

#[test]
fn solve_with_reduction_gives_the_same_solutions() {
    let input = format!("{EASY}\nnot a puzzle\n{HARD}\n");
    let plain = run(&["solve"], &input);
    let reduced = run(&["solve", "--reduce", "all", "--stats"], &input);
    assert_eq!(stdout(&plain), stdout(&reduced));
    let err = String::from_utf8_lossy(&reduced.stderr);
    assert!(err.contains("with reduction by all"), "{err}");
    // Under the logic subcommands' name for a list too.
    let named = run(&["solve", "--techniques", "all", "--stats"], &input);
    assert_eq!(stdout(&named), stdout(&reduced));
    assert!(String::from_utf8_lossy(&named.stderr).contains("with reduction by all"));
    assert!(err.contains("without reduction"), "{err}");
    // Both blocks count the same batch, the bad line included.
    let counts: Vec<&str> = err.lines().filter(|l| l.starts_with("puzzles ")).collect();
    assert_eq!(counts.len(), 2, "{err}");
    assert!(counts.iter().all(|l| l.starts_with("puzzles 3 ")), "{err}");
    assert!(counts.iter().all(|l| l.contains("invalid 1")), "{err}");
    // The times of the first block hold the reduction, and say so; the second's do not.
    let medians: Vec<&str> = err.lines().filter(|l| l.contains(" median ")).collect();
    assert!(medians[0].contains("reduction+search median"), "{err}");
    assert!(medians[1].contains("  search median"), "{err}");
}

/// `--node-reduce` searches with the logic layer, techniques at every node: the same
/// solutions and counts, its nodes beside those of singles alone under `--stats`, and a node
/// budget that runs out said as for the engine.
#[test]
fn solve_with_techniques_at_every_node_gives_the_same_solutions() {
    let several = EASY.replacen(|c: char| c != '.', ".", 20);
    let input = format!("{EASY}\nnot a puzzle\n{HARD}\n{several}\n");
    for extra in [&[][..], &["--count"], &["--count", "--limit", "5"]] {
        let plain = run(&[&["solve"][..], extra].concat(), &input);
        let args = [
            &["solve", "--node-reduce", "pointing,claiming,naked-pair"][..],
            extra,
        ];
        let nodes = run(&args.concat(), &input);
        assert_eq!(stdout(&plain), stdout(&nodes), "{extra:?}");
        assert_eq!(plain.status.code(), nodes.status.code(), "{extra:?}");
    }
    let o = run(
        &[
            "solve",
            "--node-reduce",
            "all",
            "--reduce",
            "singles",
            "--stats",
        ],
        &format!("{HARD}\n"),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("with all at every search node, after reduction by singles:"),
        "{err}"
    );
    assert!(
        err.contains("with singles alone at every search node, after reduction by singles:"),
        "{err}"
    );
    // HARD needs guesses with singles alone, none with every technique at its nodes.
    let guesses: Vec<&str> = err.lines().filter(|l| l.starts_with("no guess ")).collect();
    assert_eq!(guesses.len(), 2, "{err}");
    assert!(guesses[0].starts_with("no guess 100.0%"), "{err}");
    assert!(!guesses[1].starts_with("no guess 100.0%"), "{err}");
    let o = run(
        &["solve", "--node-reduce", "pointing", "--max-nodes", "2"],
        &format!("{HARD}\n"),
    );
    assert_eq!(stdout(&o), "budget exceeded\n");
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["solve", "--node-reduce", "bug"], &format!("{EASY}\n"));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--node-reduce bug: it assumes"), "{err}");
}

/// `explain` and `find` print a y-edge as its two ends, and with `--verbose` the bivalue
/// cells it runs through too; JSON's `text` always has them.
#[test]
fn verbose_lists_the_y_edges_bivalue_cells() {
    let puzzle =
        "......5.9..7..462.....2..7......6.134.6...8.587.1......2..7.....358..2..1.8......";
    let basic = "singles,locked-candidates,naked-tuple,hidden-tuple,fish";
    let grid = stdout(&run(&["reduce", "--techniques", basic], puzzle));
    let why = "r3c3 or r7c1 is 9, and r2c1=9 would rule out both";
    let brief = format!(
        "Y-Cycle 9: r2c1-r3c3~r7c1-r2c1 (r3c3~r7c1; tri-cycle 1,1 over 2: {why}) => r2c1<>9"
    );
    let full = format!(
        "Y-Cycle 9: r2c1-r3c3~r7c1-r2c1 (r3c3~r7c1 by bivalue \
         (9)r3c3=(1)r3c3-(1)r3c7=(3)r3c7-(3)r9c7=(9)r9c7-(9)r9c2=(6)r9c2-(6)r7c1=(9)r7c1; \
         tri-cycle 1,1 over 2: {why}) => r2c1<>9"
    );
    let find = |extra: &[&str]| {
        let o = run(
            &[&["find", "--technique", "y-cycle"][..], extra].concat(),
            &grid,
        );
        common::assert_success(&o);
        stdout(&o)
    };
    assert!(find(&[]).lines().any(|l| l == brief), "{}", find(&[]));
    assert!(!find(&[]).contains(" by bivalue "));
    assert!(find(&["--verbose"]).lines().any(|l| l == full));
    assert!(find(&["--json"]).contains(&format!("\"text\":\"{full}\"")));
    let args = [
        "explain",
        "--techniques",
        &format!("{basic},y-cycle"),
        "--verbose",
    ];
    let o = run(&args, &grid);
    assert!(stdout(&o).contains(" by bivalue "), "{}", stdout(&o));
    let o = run(&args[..3], &grid);
    assert!(stdout(&o).contains("Y-Cycle") && !stdout(&o).contains(" by bivalue "));
}

/// A tuple or fish of size N or more is tried and can never apply: each subcommand says so
/// once a size, and the output is what it is without it.
#[test]
fn a_size_too_large_for_the_grid_is_said_once_a_size() {
    let note = "naked-tuple-9 cannot apply to a 9×9 grid";
    let input = format!("{EASY}\n{EASY}\n");
    for args in [
        &["solve", "--reduce", "singles,naked-tuple-9"][..],
        &["reduce", "--techniques", "singles,naked-tuple-9"],
        &["explain", "--techniques", "singles,naked-tuple-9"],
        &["find", "--technique", "naked-tuple-9"],
        &[
            "bench",
            "--reduce",
            "naked-tuple-9",
            "--min-time",
            "1ms",
            "--single-thread",
        ],
    ] {
        let o = run(args, &input);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.matches(note).count(), 1, "{args:?}: {err}");
        assert!(err.contains("line 1: naked-tuple-9"), "{args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    }
    // Size 8 can apply at 9×9 (a naked octuple is a hidden single's complement): no note.
    let o = run(&["solve", "--reduce", "naked-tuple-8,fish-8"], EASY);
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout(&o), format!("{EASY_SOLVED}\n"));
}

#[test]
fn help_lists_technique_names() {
    for cmd in ["explain", "find", "reduce", "solve"] {
        let o = run(&[cmd, "--help"], "");
        let out = stdout(&o);
        assert!(
            out.contains("hidden-tuple") && out.contains("x-wing"),
            "{cmd}"
        );
    }
}

/// A 16×16 puzzle written as numbers (line 1 of tests/data/16x16_gen_minimal200_first10.txt).
fn numbers16() -> String {
    let line = include_str!("../data/16x16_gen_minimal200_first10.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let nums: Vec<String> = line
        .chars()
        .map(|c| c.to_digit(17).map_or(0, |d| d).to_string())
        .collect();
    nums.chunks(16).map(|r| r.join(" ") + "\n").collect()
}

/// A candidate grid in decimal lists whose first open cell follows a square number of placed
/// ones (row 1 full at 16×16: 16) is one grid, not a 4×4 puzzle of numbers with text after it.
#[test]
fn a_decimal_candidate_grid_after_a_full_row_reads_back() {
    let input = numbers16();
    let solution = stdout(&run(&["solve"], &input));
    let solution: Vec<&str> = solution.split_whitespace().collect();
    let givens: Vec<&str> = input.split_whitespace().collect();
    let all = (1..=16)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let mut cells: Vec<String> = (0..256)
        .map(|c| match (c < 16, givens[c]) {
            (true, _) => solution[c].to_string(),
            (false, "0") => all.clone(),
            (false, given) => given.to_string(),
        })
        .collect();
    // r2c1 open: its solution digit and one more.
    let other = if solution[16] == "1" { "2" } else { "1" };
    cells[16] = format!("{},{other}", solution[16]);
    let o = run(&["solve"], &cells.join(" "));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout(&o).split_whitespace().collect::<Vec<_>>(), solution);
}

#[test]
fn numbers_input_is_explained_and_reduced_in_numbers() {
    let input = numbers16();
    let out = run(&["explain", "--techniques", "singles"], &input);
    let text = stdout(&out);
    let placed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.rsplit_once('=').map(|(_, d)| d))
        .collect();
    assert!(placed.len() > 5, "{text}");
    assert!(placed.iter().any(|d| d.len() == 2), "{text}");
    assert!(placed.iter().all(|d| d.parse::<u8>().is_ok()), "{text}");
    // The reduced candidate grid is written as decimal lists, which solve reads back and
    // answers in the same form: one number a cell.
    let reduced = stdout(&run(&["reduce", "--techniques", "singles"], &input));
    assert!(reduced.contains(','), "{reduced}");
    let solved = stdout(&run(&["solve"], &reduced));
    let cells: Vec<u8> = solved
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    assert!(nsudoku::grid::is_valid_solution(4, &cells), "{solved}");
}

#[test]
fn json_records_stand_in_for_bad_lines_in_every_subcommand() {
    // Line 2: not a puzzle; line 3: givens that leave r1c9 no digit.
    let clash = format!("12345678.........9{}", ".".repeat(63));
    let input = format!("{EASY}\n12345678\n{clash}\n");
    for args in [
        &["explain", "--json"][..],
        &["find", "--technique", "pointing", "--json"],
        &["pom", "--json"],
        &["rate", "--json"],
    ] {
        let o = run(args, &input);
        let records: Vec<serde_json::Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let end_of = |line: u64| {
            let r = records
                .iter()
                .find(|r| r["line"] == line && r.get("end").is_some());
            r.map(|r| r["end"].as_str().unwrap().to_string())
        };
        assert_eq!(end_of(2).as_deref(), Some("invalid"), "{args:?}");
        assert_eq!(end_of(3).as_deref(), Some("contradiction"), "{args:?}");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        // Every step names its house, null when it has none (`explain` and `find` write
        // steps; `pom` and `rate` one record a puzzle).
        let steps: Vec<_> = records
            .iter()
            .filter(|r| r.get("technique").is_some())
            .collect();
        assert_eq!(
            steps.is_empty(),
            matches!(args[0], "pom" | "rate"),
            "{args:?}"
        );
        for r in steps {
            assert!(r.get("house").is_some(), "{r}");
        }
    }
}

#[test]
fn json_records_name_their_file_when_there_are_several() {
    let dir = Scratch::new("json-files");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, format!("{EASY}\nbad line\n")).unwrap();
    std::fs::write(&b, format!("{EASY}\n")).unwrap();
    let files = [a.to_str().unwrap(), b.to_str().unwrap()];
    for cmd in [
        &["rate", "--json"][..],
        &["explain", "--json"],
        &["pom", "--json"],
    ] {
        let o = run(&[cmd, &files[..]].concat(), "");
        let files_seen: Vec<String> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .map(|v| v["file"].as_str().unwrap().to_string())
            .collect();
        assert!(files_seen.iter().any(|f| f.ends_with("a.txt")), "{cmd:?}");
        assert!(files_seen.last().unwrap().ends_with("b.txt"), "{cmd:?}");
    }
    // One file: no file field.
    let one = stdout(&run(&["rate", "--json", files[1]], ""));
    assert!(!one.contains("\"file\""), "{one}");
    // The same file twice, and stdin: each pass told apart.
    let twice = stdout(&run(
        &["rate", "--json", files[1], files[1], "-"],
        &format!("{EASY}\n"),
    ));
    let seen: Vec<String> = twice
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| v["file"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(seen.len(), 3, "{twice}");
    assert!(
        seen[1].ends_with("b.txt (2)") && seen[2] == "stdin",
        "{seen:?}"
    );
}

#[test]
fn a_timeout_stops_explain_and_rate_with_the_steps_taken() {
    // A deadline one nanosecond away has passed before the first step.
    let o = run(
        &["explain", "--timeout", "0.000000001"],
        &format!("{EASY}\n"),
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "timeout");
    assert_eq!(lines[1].len(), 729);
    assert!(String::from_utf8_lossy(&o.stderr).contains(
        "line 1: timeout exceeded after 0 steps; expected a path found within --timeout"
    ));
    assert_eq!(o.status.code(), Some(1));

    let o = run(
        &["rate", "--json", "--timeout", "0.000000001"],
        &format!("{EASY}\n"),
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["end"], "timeout");
    assert_eq!(v.get("solutions"), Some(&serde_json::Value::Null));
    assert_eq!(o.status.code(), Some(1));
    // explain's end record says the same: no time was left to count the solutions (and no
    // count proved them before the path, as none is made for singles alone).
    // So does reduce's, shaped as explain's.
    for (sub, steps) in [("explain", "steps"), ("reduce", "deductions")] {
        let args = ["--json", "--techniques", "singles", "--timeout", "1e-9"];
        let o = run(&[&[sub][..], &args].concat(), &format!("{EASY}\n"));
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        assert_eq!((&v["end"], &v[steps]), (&"timeout".into(), &0.into()));
        assert_eq!(v.get("solutions"), Some(&serde_json::Value::Null), "{v}");
        assert_eq!(o.status.code(), Some(1));
    }

    // A generous one changes nothing.
    let o = run(&["explain", "--timeout", "1m"], &format!("{EASY}\n"));
    assert!(stdout(&o).ends_with(&format!("solved\n{EASY_SOLVED}\n")));
    assert_eq!(o.status.code(), Some(0));

    // A deadline that cuts a forcing chain search is told as the timeout, not as its work bound.
    let o = run(&["explain", "--timeout", "1ms"], &format!("{HARD}\n"));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 1: timeout exceeded after") && !err.contains("bounds hit"),
        "{err}"
    );
}

/// `--format grid` writes the candidates of an unfinished puzzle as a boxed pencil-mark grid:
/// cell by cell, the same candidates as the N³ candidate line.
#[test]
fn an_unfinished_puzzle_is_a_pencil_mark_grid_with_format_grid() {
    let text = std::fs::read_to_string("tests/data/chains_16x16.txt").unwrap();
    let p16 = text.lines().next().unwrap().to_string();
    for (puzzle, n) in [(HARD.to_string(), 9), (p16, 16)] {
        for sub in ["reduce", "explain"] {
            let args = [sub, "--techniques", "hidden-single,naked-single"];
            let line = stdout(&run(&args, &puzzle));
            let line = line.lines().last().unwrap();
            assert_eq!(line.len(), n * n * n, "{sub}: a candidate line");
            let mut boxed_args = args.to_vec();
            boxed_args.extend(["--format", "grid"]);
            let boxed = stdout(&run(&boxed_args, &puzzle));
            let rows: Vec<&str> = boxed.lines().filter(|l| l.starts_with('|')).collect();
            assert_eq!(rows.len(), n, "{sub}: {boxed}");
            let cells: Vec<&str> = rows
                .iter()
                .flat_map(|r| r.split(|c: char| c == '|' || c.is_whitespace()))
                .filter(|t| !t.is_empty())
                .collect();
            assert_eq!(cells.len(), n * n, "{sub}: {boxed}");
            let want: Vec<String> = line
                .as_bytes()
                .chunks(n)
                .map(|c| {
                    c.iter()
                        .filter(|&&b| b != b'.')
                        .map(|&b| b as char)
                        .collect()
                })
                .collect();
            assert_eq!(cells, want, "{sub}");
            assert!(cells.iter().any(|c| c.len() > 1), "{sub}: left unfinished");
        }
    }
}

/// A pencil-mark grid printed for a puzzle given in zero-based digits reads back as one: read
/// as numbers, its runs lost their 0s and every candidate shifted by one (the grid below
/// without its 0 givens read as "no solution"), and a cell left with 0 alone was "empty".
#[test]
fn zero_based_pencil_mark_grids_read_back() {
    let z9 = "3...2.......5..7..........0....4..8..7....5...6.1........0.16..4.2....3.8........";
    let z9_no_zero = z9.replace('0', ".");
    let cases = [
        (z9, None, "1\n"),
        (z9_no_zero.as_str(), Some("hex"), "2+\n"),
        ("...3.....0....1.", None, "2+\n"),
    ];
    for (puzzle, alphabet, count) in cases {
        let mut args = vec!["reduce", "--techniques", "naked-single", "--format", "grid"];
        args.extend(alphabet.iter().flat_map(|a| ["--alphabet", a]));
        let boxed = stdout(&run(&args, &format!("{puzzle}\n")));
        assert!(boxed.contains("| 0") || boxed.contains(" 0"), "{boxed}");
        let o = run(&["solve", "--count"], &boxed);
        assert_eq!(stdout(&o), count, "{puzzle}: {boxed}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("read as its candidates (a pencil-mark grid)"),
            "{err}"
        );
        // The same cells on one line, rules and bars dropped.
        let cells: Vec<&str> = boxed
            .lines()
            .filter(|l| l.starts_with('|'))
            .flat_map(|l| l.split(|c: char| c == '|' || c.is_whitespace()))
            .filter(|t| !t.is_empty())
            .collect();
        let o = run(&["solve", "--count"], &format!("{}\n", cells.join(" ")));
        assert_eq!(stdout(&o), count, "{puzzle}: {}", cells.join(" "));
    }
}

/// Sixteen zero-padded numbers on a line, none with a 4, are a row of a 16×16 and not a 4×4
/// pencil-mark grid in `0-3`: its cells `05`, `12` are no candidates of one.
#[test]
fn zero_padded_16x16_rows_stay_numbers() {
    let grid = "\
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
5 6 7 8 1 2 3 4 13 14 15 16 9 10 11 12
9 10 11 12 13 14 15 16 1 2 3 4 5 6 7 8
13 14 15 16 9 10 11 12 5 6 7 8 1 2 3 4
2 1 4 3 6 5 8 7 10 9 12 11 14 13 16 15
6 5 8 7 2 1 4 3 14 13 16 15 10 9 12 11
10 9 12 11 14 13 16 15 2 1 4 3 6 5 8 7
14 13 16 15 10 9 12 11 6 5 8 7 2 1 4 3
3 4 1 2 7 8 5 6 11 12 9 10 15 16 13 14
7 8 5 6 3 4 1 2 15 16 13 14 11 12 9 10
11 12 9 10 15 16 13 14 3 4 1 2 7 8 5 6
15 16 13 14 11 12 9 10 7 8 5 6 3 4 1 2
4 3 2 1 8 7 6 5 12 11 10 9 16 15 14 13
8 7 6 5 4 3 2 1 16 15 14 13 12 11 10 9
12 11 10 9 16 15 14 13 4 3 2 1 8 7 6 5
16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1
";
    // Open the first row's cells that hold a 4 and pad every number to two digits.
    let padded: String = grid
        .lines()
        .enumerate()
        .map(|(r, row)| {
            let cells: Vec<String> = row
                .split(' ')
                .map(|t| match t {
                    "4" | "14" if r == 0 => "00".to_string(),
                    t => format!("{t:0>2}"),
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert!(padded.starts_with("01 02 03 00 05"), "{padded}");
    let o = run(&["solve", "--count"], &padded);
    assert_eq!(stdout(&o), "1\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// magictour_top1465 line 16: its path takes a unique rectangle (type 4).
const RECTANGLE: &str =
    "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........";

#[test]
fn uniqueness_steps_run_on_a_puzzle_proved_unique() {
    let o = run(&["explain"], &format!("{RECTANGLE}\n"));
    common::assert_success(&o);
    let out = stdout(&o);
    assert!(
        out.lines().any(|l| l
            == "Unique Rectangle: 4,6 in r1c8,r1c9,r5c8,r5c9 (type 4, row 5) => r5c8<>6, r5c9<>6"),
        "{out}"
    );
    // Without it the path needs a nice loop of 9 links (7.2); with it (4.5) the hardest steps
    // are two AICs of 7.1, which remove what SE's forcing chains of 7.1 remove there (SE's
    // `serate` rates the puzzle 7.1/1.2/1.2 too). An XY-Chain of 6.8 stood for them while
    // XY-chains beyond the XY-wing rated 6.6 + length, and a Y-Cycle of 6.6 before that.
    let o = run(&["rate"], &format!("{RECTANGLE}\n"));
    assert_eq!(stdout(&o), format!("{RECTANGLE} 7.1/1.2/1.2\n"));
    // The puzzle is echoed as it came, its empty mark too; mixed marks come back as `.`.
    let marked: Vec<String> = ['0', '-', '_']
        .iter()
        .map(|&m| RECTANGLE.replace('.', &m.to_string()))
        .collect();
    let mixed = RECTANGLE.replacen('.', "0", 1);
    let input = format!("{}\n{mixed}\n", marked.join("\n"));
    let o = run(&["rate"], &input);
    let want: String = marked
        .iter()
        .chain([&RECTANGLE.to_string()])
        .map(|p| format!("{p} 7.1/1.2/1.2\n"))
        .collect();
    assert_eq!(stdout(&o), want);
}

#[test]
fn uniqueness_steps_skip_a_puzzle_with_several_solutions() {
    // Pencil marks: a type 1 rectangle (r1c1, r1c4, r2c1, r2c4) in an otherwise open grid,
    // which has many solutions.
    let mut grid = String::new();
    for cell in 0..81 {
        let digits = match cell {
            0 | 3 | 9 => "12",
            12 => "123",
            _ => "123456789",
        };
        grid.extend((1..=9).map(|d| {
            let c = char::from(b'0' + d);
            if digits.contains(c) {
                c
            } else {
                '.'
            }
        }));
    }
    // Taken as unique, the grid shows the rectangle: the check below can fail.
    let s = common::state::<nsudoku::basis::B3>(&grid);
    let t = nsudoku::logic::Technique::UniqueRectangle;
    assert_eq!(nsudoku::logic::find_all(&s, t, &common::unique()).len(), 1);
    let o = run(&["find", "--technique", "unique-rectangle,bug"], &grid);
    common::assert_success(&o);
    assert_eq!(stdout(&o), "");
    // Said, not silent: a user learns why they found nothing.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "line 1: unique-rectangle, bug not run: the puzzle is not proved to have one solution"
        ),
        "{err}"
    );
    assert!(err.contains("(a count found several solutions)"), "{err}");
    // A count the deadline stopped says so: the time, not the puzzle, is why.
    let o = run(
        &[
            "find",
            "--technique",
            "unique-rectangle",
            "--timeout",
            "1e-9",
        ],
        &grid,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("ran out of --timeout"), "{err}");
}

#[test]
fn counting_and_digging_refuse_uniqueness_techniques() {
    for args in [
        &["solve", "--reduce", "singles,unique-rectangle"][..],
        &["bench", "--reduce", "bug"],
        &[
            "generate",
            "--basis",
            "3",
            "--technique",
            "unique-rectangle",
        ],
    ] {
        let o = run(args, &format!("{EASY}\n"));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("uniqueness"), "{args:?}: {err}");
    }
    // `all` leaves them out of a count.
    let o = run(
        &["solve", "--reduce", "all", "--count"],
        &format!("{EASY}\n"),
    );
    assert_eq!(stdout(&o), "1\n");
}

/// magictour_top1465 line 1365: its hardest step is an XYZ-wing.
const XYZ: &str =
    "9...4.5...2.....1....581....8...76..3....4..5.5.....97.......6..32..54..1....2...";

#[test]
fn xyz_wing_rates_a_puzzle_as_se_does() {
    let o = run(&["explain"], &format!("{XYZ}\n"));
    common::assert_success(&o);
    let out = stdout(&o);
    let step = "XYZ-Wing: 3,6,8 in r1c9,r1c6,r2c7 (pivot r1c9) => r1c8<>3";
    assert!(out.lines().any(|l| l == step), "{out}");
    // Without it the path needs a nice loop (7.3).
    let o = run(&["rate", "--json"], &format!("{XYZ}\n"));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["er"], 4.4);
    assert_eq!(v["hardest"], "xyz-wing");
}

#[test]
fn aligned_pair_exclusion_is_what_a_generated_puzzle_needs() {
    // Made by `generate -k 3 --seed 7 --technique aligned-pair-exclusion`: with the techniques
    // before it in the default order, it needs the exclusion.
    let p = "3..65..1.7.....8........5469...15........725...48..............58.72.9..672......";
    let o = run(&["explain"], &format!("{p}\n"));
    common::assert_success(&o);
    let step = "Aligned Pair Exclusion: base r4c7,r6c1, excluders r4c2,r6c7 (r4c7=3 leaves r6c1 \
                nothing: 1 empties r6c7, 2 empties r4c2) => r4c7<>3";
    assert!(stdout(&o).lines().any(|l| l == step), "{}", stdout(&o));
    let list = "singles,locked-candidates,naked-tuple,hidden-tuple,fish,xyz-wing";
    let o = run(&["explain", "--techniques", list], &format!("{p}\n"));
    assert!(stdout(&o).contains("stuck"), "{}", stdout(&o));
    let o = run(
        &[
            "explain",
            "--techniques",
            &format!("{list},aligned-pair-exclusion"),
        ],
        &format!("{p}\n"),
    );
    assert!(stdout(&o).contains("solved"), "{}", stdout(&o));
}

/// The budgets of the costly techniques are set from the command line, the same way in every
/// logic subcommand, and a budget that cuts a search says so. Puzzles: magictour_top1465
/// lines 24, 21 and 36.
#[test]
fn budgets_are_set_from_the_command_line() {
    const POM: &str =
        "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..";
    const FORCING: &str =
        "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..";
    const CHAINS: &str =
        ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........";
    let steps = |args: &[&str], puzzle: &str, name: &str| {
        let o = run(args, puzzle);
        let n = stdout(&o).lines().filter(|l| l.starts_with(name)).count();
        (n, String::from_utf8_lossy(&o.stderr).into_owned())
    };
    let pom = ["explain", "--techniques", &format!("{FEW},pom")];
    let (n, err) = steps(&pom, POM, "Pattern Overlay: ");
    assert!(n >= 2 && err.is_empty(), "{n} {err}");
    let (n, err) = steps(&[&pom[..], &["--pom-budget", "1"]].concat(), POM, "Pattern");
    assert_eq!(n, 0);
    assert!(err.contains("line 1: bounds hit: POM skipped"), "{err}");

    let forcing = [
        "explain",
        "--techniques",
        &format!("{FEW},cell-forcing-chain"),
    ];
    let (n, err) = steps(&forcing, FORCING, "Cell Forcing Chain: ");
    assert!(n >= 10 && err.is_empty(), "{n} {err}");
    let cut = [&forcing[..], &["--forcing-budget", "100"]].concat();
    let (n, err) = steps(&cut, FORCING, "Cell Forcing Chain: ");
    assert_eq!(n, 0);
    assert!(err.contains("forcing chain search cut"), "{err}");

    // Shorter chains: a part of the longer list.
    let find = ["find", "--technique", "x-chain"];
    let all = stdout(&run(&find, CHAINS));
    let short = stdout(&run(
        &[&find[..], &["--chain-length", "6"]].concat(),
        CHAINS,
    ));
    let (a, s) = (all.lines().count(), short.lines().count());
    assert!(0 < s && s < a, "{s} of {a}");
    assert!(
        short.lines().all(|l| all.lines().any(|m| m == l)),
        "{short}"
    );

    // Every logic subcommand takes them (render with a solving path: it refuses them for a
    // picture of the puzzle); a zero-link chain is refused as usage.
    for sub in ["reduce", "rate", "render", "explain", "find"] {
        let mut args = vec![sub, "--pom-budget", "5", "--forcing-budget", "5"];
        match sub {
            "find" => args.extend(["--technique", "pom"]),
            "render" => args.extend(["--step", "1"]),
            _ => {}
        }
        assert_ne!(run(&args, POM).status.code(), Some(2), "{sub}");
        let o = run(
            &[&args[..1], &["--chain-length", "0"], &args[5..]].concat(),
            POM,
        );
        assert_eq!(o.status.code(), Some(2), "{sub}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("--chain-length"), "{sub}: {err}");
    }
}

#[test]
fn an_unsettled_count_fails_explain_and_reduce_as_it_fails_rate() {
    // Frisch line 9 (25×25) needs about 12 s of search: singles leave it stuck, and the
    // 1 s search behind a stuck puzzle cannot settle its count.
    let Some(text) = common::shared_data("25x25/gecode_frisch16.txt") else {
        return;
    };
    let line9 = text.lines().nth(8).unwrap();
    for cmd in ["explain", "reduce"] {
        let o = run(&[cmd, "--techniques", "singles"], line9);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.starts_with("line 1: a search of at most 1 s did not settle how many solutions"),
            "{cmd}: {err}"
        );
        assert_eq!(o.status.code(), Some(1), "{cmd}");
    }
}

#[test]
fn reduce_and_find_keep_to_their_timeout() {
    // HARD takes nested forcing chains, tens of milliseconds at least: 1 ms stops both, the
    // grid is printed as far as it got, and the run fails with the timeout named.
    let o = run(&["reduce", "--timeout", "1ms"], HARD);
    assert_eq!(stdout(&o).trim().len(), 729);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("line 1: timeout exceeded after "), "{err}");
    assert!(
        err.contains("expected a puzzle reduced within --timeout"),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["find", "--technique", "all", "--timeout", "1ms"], HARD);
    let err = String::from_utf8_lossy(&o.stderr);
    // `all` holds the uniqueness techniques, whose count takes half the millisecond: on a slow
    // machine it runs out first, and says so on a line before the timeout's.
    let said = err
        .lines()
        .any(|l| l.starts_with("line 1: timeout exceeded after "));
    assert!(said, "{err}");
    assert!(err.contains("expected a search within --timeout"), "{err}");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).lines().last(), Some("timeout"));
    // Time enough: the same as without a timeout.
    let o = run(
        &["reduce", "--timeout", "60s", "--techniques", "singles"],
        EASY,
    );
    assert_eq!((stdout(&o).trim(), o.status.code()), (EASY_SOLVED, Some(0)));
    let o = run(&["find", "--timeout", "60s", "--technique", "x-wing"], HARD);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        (o.status.code(), &err[..]),
        (Some(0), "line 1: nothing found (x-wing)\n")
    );
    assert!(!stdout(&o).contains("timeout"));
}

#[test]
fn find_says_which_bound_kept_it_from_looking() {
    // One template a digit is too few for every digit of HARD: POM finds nothing, and says
    // why instead of reading as "no POM deduction here".
    let o = run(&["find", "--technique", "pom", "--pom-budget", "1"], HARD);
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(0)));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("line 1: bounds hit: POM skipped a digit 9 times"),
        "{err}"
    );
    // Its JSON end record carries the count, as explain's does; without a hit, none.
    let end = |args: &[&str]| -> serde_json::Value {
        let o = run(args, HARD);
        serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap()
    };
    let cut = end(&["find", "--json", "--technique", "pom", "--pom-budget", "1"]);
    assert_eq!(cut["end"], "listed");
    assert!(
        cut["limits"].as_object().is_some_and(|l| !l.is_empty()),
        "{cut}"
    );
    let whole = end(&["find", "--json", "--technique", "x-wing"]);
    assert!(whole.get("limits").is_none(), "{whole}");
}

/// Runs `args`, writes `input` and leaves stdin open: within a minute some line of the output
/// must pass `wanted` (else the test fails, saying `what` was missing); then stdin closes and
/// the run must end with status 0.
fn answers_while_open(args: &[&str], input: &str, wanted: fn(&str) -> bool, what: &str) {
    use std::io::{BufRead, Write};
    let mut child = common::spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines() {
            let Ok(line) = line else { return };
            if wanted(&line) && tx.send(()).is_err() {
                return;
            }
        }
    });
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let wait = std::time::Duration::from_secs(60);
    if rx.recv_timeout(wait).is_err() {
        child.kill().unwrap();
        panic!("{args:?}: no {what} within {wait:?} while stdin stays open");
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0), "{args:?}");
}

/// `explain`, `find` and `pom` answer each puzzle as it arrives, as `solve` does: the second
/// puzzle's section comes out while stdin is still open (a subcommand that read its whole
/// input first would wait forever), and the run ends when stdin does.
#[test]
fn logic_subcommands_answer_a_puzzle_before_the_input_ends() {
    let subcommands: [&[&str]; 3] = [
        &["explain"],
        &["find", "--technique", "hidden-single"],
        &["pom", "--count-only"],
    ];
    for args in subcommands {
        let second = |l: &str| l.starts_with("# puzzle at line 2");
        answers_while_open(
            args,
            &format!("{EASY}\n{EASY}\n"),
            second,
            "section for line 2",
        );
    }
}

/// With one puzzle written and stdin left open, `explain --json`, `find --json` and `pom`
/// answer it at once: in JSON, and in `pom`'s reports, which always have their heading, no
/// answer waits to learn whether more puzzles follow. (Text sections of `explain` and `find`
/// do wait for the next line or the end of the input: their `# puzzle at line N` headers are
/// written only when the batch has several puzzles.)
#[test]
fn json_and_pom_answer_the_first_puzzle_while_the_input_stays_open() {
    let subcommands: [&[&str]; 3] = [
        &["explain", "--json"],
        &["find", "--json", "--technique", "hidden-single"],
        &["pom", "--count-only"],
    ];
    for args in subcommands {
        let answer = |l: &str| l.starts_with('{') || l.starts_with('#');
        answers_while_open(args, &format!("{EASY}\n"), answer, "answer");
    }
}

/// Plain `explain` takes a finned fish where HoDoKu would; the rated path is `rate`'s, which
/// leaves them out (SE has none), unless --techniques names them.
#[test]
fn finned_fish_are_on_the_plain_path_not_the_rated_one() {
    // Generated with `generate --size 9 --technique finned-x-wing --seed 7`.
    let p = "67...42.5..9....4.....18...465........8..6...79.15.4......9.15.3...2.......8....7\n";
    let plain = stdout(&run(&["explain"], p));
    let want =
        "Finned X-Wing: 7 in r2c4,r2c7,r4c4,r4c7 (rows 2,4 / columns 4,7, fins r2c5,r2c6 in \
                box 2) => r3c4<>7";
    assert!(plain.lines().any(|l| l == want), "{plain}");
    let rated = stdout(&run(&["explain", "--rated"], p));
    assert!(rated.contains("\nsolved"), "{rated}");
    assert!(
        !rated.contains("Finned") && !rated.contains("Sashimi"),
        "{rated}"
    );
    let named = stdout(&run(&["explain", "--rated", "--techniques", "all"], p));
    assert!(
        named.contains("Finned X-Wing: ") && named.contains("[3.4]"),
        "{named}"
    );
}

/// A grid with a mistake in it is said to have none before anything found on it: a pencil-mark
/// grid whose marks lose a true candidate names it (the one solution of its placed digits has
/// it), whatever the technique list; a plain puzzle sends the user to its givens.
#[test]
fn a_mistake_is_named_before_the_steps_that_rest_on_it() {
    let first_empty = EASY.find('.').unwrap();
    let truth = EASY_SOLVED.as_bytes()[first_empty];
    // The N³ form: a given's position holds its digit alone, an empty cell every digit but,
    // in the first empty cell, its true one.
    let mut marks = String::new();
    for (c, ch) in EASY.chars().enumerate() {
        for d in b'1'..=b'9' {
            let on = match ch {
                '.' => !(c == first_empty && d == truth),
                given => given as u8 == d,
            };
            marks.push(if on { d as char } else { '.' });
        }
    }
    let cell = format!("r{}c{}", first_empty / 9 + 1, first_empty % 9 + 1);
    let named = format!(
        "line 1: no solution: the marks rule out {cell}={}, which the one solution of the placed \
         digits has",
        truth as char
    );
    for args in [
        &["explain"][..],
        &["explain", "--techniques", "singles"],
        &["reduce"],
        &["find", "--technique", "x-wing"],
    ] {
        let o = run(args, &marks);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(&named), "{args:?}: {err}");
    }
    // Told first: before the contradiction the steps run into.
    let err = String::from_utf8_lossy(&run(&["explain"], &marks).stderr).into_owned();
    let told = err.find(&named).unwrap();
    assert!(
        err.find("contradiction at step")
            .is_some_and(|at| at > told),
        "{err}"
    );
    // `rate` says it after what broke the rated path, and its JSON record holds it.
    let o = run(&["rate"], &marks);
    let err = String::from_utf8_lossy(&o.stderr);
    let rule = named.trim_start_matches("line 1: no solution: ");
    let after_clash = format!(
        "would both hold {} in column 4): {rule}; expected",
        truth as char
    );
    assert!(
        err.starts_with("line 1: no solution (a contradiction at step "),
        "{err}"
    );
    assert!(err.contains(&after_clash), "{err}");
    let o = run(&["rate", "--json"], &marks);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["mistake"], rule, "{v}");
    // A puzzle without marks: its givens.
    let wrong = "41..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let err = String::from_utf8_lossy(&run(&["explain"], wrong).stderr).into_owned();
    assert!(
        err.contains(
            "line 1: no solution (a search finds none): check the givens; if only one digit is \
             wrong, it is r1c2=1 (the grid has one solution without it), or less likely one of \
             r6c2=7, r7c4=1, r7c7=7, r8c1=5, r8c3=3, r9c1=9 (several solutions without any one \
             of them); every step"
        ),
        "{err}"
    );
    // A puzzle with a solution says nothing of the kind.
    let err = String::from_utf8_lossy(&run(&["explain"], EASY).stderr).into_owned();
    assert!(!err.contains("no solution"), "{err}");
    // Marks that leave a house no place for a digit: the marks contradict, not the givens
    // (the truth of the first empty cell struck from its whole row's open cells).
    let row = first_empty / 9;
    let struck: String = marks
        .chars()
        .enumerate()
        .map(|(i, ch)| match i / 81 == row && ch == truth as char {
            true if EASY.as_bytes()[i / 9] == b'.' => '.',
            _ => ch,
        })
        .collect();
    let o = run(&["rate", "--json"], &struck);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let clash = format!(
        "the marks contradict each other: row {} has no place for {}",
        row + 1,
        truth as char
    );
    assert_eq!(v["error"], clash, "{v}");
    let text = stdout(&run(&["rate"], &struck));
    assert!(
        text.ends_with(" no solution (the marks contradict each other)\n"),
        "{text}"
    );
    // Marks with no digit placed (a Sukaku) that rule out every solution: said so. A Sukaku of
    // one solution with one true mark struck, made for an outside review (2026-12-06).
    let sukaku = concat!(
        "12.4..7.....4567.9...45.7....34...8.12....7......5678.12.4.6.8....4.6789...4.6789",
        "1..4..78.1.34..789.......89....56.89.2..5..8..2345....12..5.78..2.4567.9..34..789",
        "12...6....2.45.78..2...6.8.1....6..91.3..67891.....789....567.91.34...891.3..6...",
        "1.34.6.891...567.912.4.6..912.4.6...12...6.8...345.78...3.5678...345.78..2...6..9",
        ".23....891......8..2.4..7891..45.7.9...4.6.891.3.......2..5.7.9..3.56...12...6..9",
        "....567....3.5..8.123.56...12..5..8.1...5...9..3.56.8.12.4.......345.78912.....8.",
        ".23...7....3.567891.3..678..2.456.8.1234......234...8..2.45.78.12.4.6.......5.789",
        "1....67.91..45..89.2.456.8..2.4.67.9.2.456...12.4567..12.4567..1.3..678.1.3.5..89",
        "12.456....23......1.34.67.91.3....8.1.3.56.8......6.89.23...7.91...56....2.45...9",
    );
    let err = String::from_utf8_lossy(&run(&["explain"], sukaku).stderr).into_owned();
    assert!(
        err.contains("no solution: the marks rule out every solution (no digit is placed)"),
        "{err}"
    );
}

/// Marks that a placed digit rules out (a 3 kept in a cell of the row that holds a 3) are
/// dropped before the first step: said, as what the user wrote is never changed unseen. A
/// puzzle, a candidate grid of givens alone (every open cell open to every digit) and a
/// grid that singles pruned get no note.
#[test]
fn marks_the_placed_digits_rule_out_are_said() {
    let cell = |c: char| match c {
        '.' => "123456789".to_string(),
        d => format!(
            "{:.<9}",
            ".".repeat(d as usize - '1' as usize) + &d.to_string()
        ),
    };
    let grid = |first: &str| -> String {
        let cells: Vec<String> = EASY.chars().map(cell).collect();
        format!("{first}{}", cells[1..].concat())
    };
    // r1c1 (4 in the solution) keeps 3, placed in r1c3.
    let stale = grid("..34.....");
    for sub in ["explain", "find"] {
        let o = run(&[sub, "--technique", "singles"], &stale);
        let err = String::from_utf8_lossy(&o.stderr);
        let note = err
            .lines()
            .find(|l| l.contains("rule out"))
            .unwrap_or_else(|| panic!("{sub}: {err}"));
        assert!(
            note.starts_with("note: line 1: the placed digits (cells of one candidate) rule out ")
                && note.contains(" marks, dropped before the first step: r1c1<>3, "),
            "{sub}: {note}"
        );
    }
    let pruned = stdout(&run(&["reduce", "--techniques", "singles"], HARD));
    assert_eq!(pruned.trim().len(), 729, "{pruned}");
    for quiet in [EASY.to_string(), grid(&cell('.')), pruned] {
        let o = run(&["explain", "--techniques", "singles"], &quiet);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("rule out"), "{quiet}: {err}");
    }
}

/// `find --after-steps N` searches where `explain`'s path stands after N steps: the step the
/// path takes next is among what it lists, and with `--rated` so is `explain --rated`'s. A
/// path that ends sooner is searched at its end, and said so.
#[test]
fn find_after_steps_lists_the_next_step_of_the_path() {
    // magictour_top1465 line 1: singles, locked candidates, tuples, an AIC and forcing chains.
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
    for rated in [false, true] {
        let flag: &[&str] = if rated { &["--rated"] } else { &[] };
        let path = stdout(&run(&[&["explain"][..], flag].concat(), puzzle));
        for n in [0, 10, 30, 35] {
            let next = path.lines().nth(n).unwrap();
            // The rated path ends each step with its difficulty, which `find` does not give.
            let next = next
                .rsplit_once(" [")
                .filter(|_| rated)
                .map_or(next, |(s, _)| s);
            let after = n.to_string();
            let args = [
                &["find", "--technique", "all", "--after-steps", &after][..],
                flag,
            ];
            let o = run(&args.concat(), puzzle);
            common::assert_success(&o);
            let listed = stdout(&o);
            assert!(
                listed.lines().any(|l| l == next),
                "{n} {rated}: {next}\n{listed}"
            );
            // Not the puzzle as given: a step already taken is not listed again.
            if n > 0 {
                let taken = path.lines().next().unwrap();
                assert!(!listed.lines().any(|l| l == taken), "{n} {rated}");
            }
        }
    }
    let o = run(
        &[
            "find",
            "--technique",
            "x-wing",
            "--after-steps",
            "500",
            "--json",
        ],
        puzzle,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "line 1: the path ends after 109 steps (solved); what is listed is at its end"
        ),
        "{err}"
    );
    assert_eq!(
        stdout(&o),
        "{\"after_steps\":109,\"end\":\"listed\",\"found\":0,\"line\":1}\n"
    );
    // --rated is a path's: alone it is refused, and told why.
    let o = run(&["find", "--technique", "x-wing", "--rated"], puzzle);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("expected --after-steps N with --rated"),
        "{err}"
    );
}
