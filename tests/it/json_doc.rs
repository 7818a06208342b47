//! docs/json.md documents every field the `--json` outputs write: each key met in the records
//! of every subcommand, on puzzles that reach every kind of record (steps of most techniques,
//! each end, bad lines, bounds hit, files), is named there.

use crate::common::{run, Scratch, EASY9};
use std::collections::BTreeSet;

/// magictour_top1465 line 1: a path through locked candidates, tuples, coloring, chains and
/// forcing chains.
const HARD9: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// HARD9 with some open cells filled from its solution and r5c3=5 for 9: no solution, and a
/// suspect named.
const WRONG9: &str =
    "468931527751624839392578461134756298285...6...7.2........1.27..5.3....4.9........";
/// A 5 given twice in row 1: a bad line.
const TWICE: &str =
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Every key of `v`, nested ones too.
fn keys(v: &serde_json::Value, into: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                into.insert(k.clone());
                keys(x, into);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| keys(x, into)),
        _ => {}
    }
}

/// The keys of a run's output: one JSON value a line, or one document.
fn keys_of(args: &[&str], stdin: &str, into: &mut BTreeSet<String>) {
    let out = run(args, stdin);
    assert!(out.status.code().is_some_and(|c| c <= 1), "{args:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(v) => keys(&v, into),
        Err(_) => {
            for line in text.lines() {
                let v: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}"));
                keys(&v, into);
            }
        }
    }
}

#[test]
fn every_json_field_is_documented() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    // EASY9's first band alone: many solutions, so the uniqueness techniques are not run.
    let several = format!("{}{}", &EASY9[..27], ".".repeat(54));
    let batch = format!("{HARD9}\n{TWICE}\n{several}\n[\"{EASY9}\"]\n{WRONG9}\n");
    let scratch = Scratch::new("json_doc");
    let (a, b) = (scratch.join("a.txt"), scratch.join("b.txt"));
    std::fs::write(&a, &batch).unwrap();
    // After a label: records name it.
    std::fs::write(&b, format!("p1: {EASY9}")).unwrap();
    let files = [a.to_str().unwrap(), b.to_str().unwrap()];
    let mut seen = BTreeSet::new();
    let runs: Vec<Vec<&str>> = vec![
        vec!["solve", "--json", "--threads", "1"],
        vec!["solve", "--json", "--max-nodes", "1"],
        vec!["explain", "--json", "--rated"],
        vec!["explain", "--json", "--max-steps", "3"],
        vec!["explain", "--json", "--forcing-budget", "1000"],
        vec!["find", "--json", "--technique", "all"],
        vec![
            "find",
            "--json",
            "--technique",
            "x-wing",
            "--after-steps",
            "3",
        ],
        vec!["hint", "--json"],
        vec!["hint", "--json", "--rated", "--reveal", "pattern"],
        vec!["reduce", "--json", "--threads", "1"],
        vec!["rate", "--json", "--threads", "1"],
        vec!["pom", "--json"],
        vec!["pom", "--json", "--variant", "pom-covers"],
    ];
    for args in &runs {
        keys_of(args, &batch, &mut seen);
        keys_of(&[&args[..], &files[..]].concat(), "", &mut seen);
    }
    let bench = [
        "bench",
        "--json",
        "--min-time",
        "1ms",
        "--single-thread",
        "-",
    ];
    keys_of(&bench, &batch, &mut seen);
    // A puzzle made and one not (the second's 17 givens are out of reach in one attempt).
    for givens in ["81", "17"] {
        let generate = [
            "generate",
            "-k",
            "3",
            "--seed",
            "1",
            "--attempts",
            "1",
            "--json",
        ];
        keys_of(
            &[&generate[..], &["--givens", givens]].concat(),
            "",
            &mut seen,
        );
    }
    let study = ["study", "tuples", "--json", "--trials", "1", "-"];
    keys_of(&study, &format!("{HARD9}\n{EASY9}\n"), &mut seen);
    // The records above do reach what the page explains field by field.
    for key in [
        "branches",
        "cuts",
        "difficulty",
        "file",
        "item",
        "label",
        "limits",
        "nodes",
        "not_run",
        "suspects",
    ] {
        assert!(seen.contains(key), "no record had `{key}`: {seen:?}");
    }
    let missing: Vec<&String> = seen
        .iter()
        .filter(|k| !doc.contains(&format!("`{k}`")))
        .collect();
    assert!(missing.is_empty(), "not in docs/json.md: {missing:?}");
}
