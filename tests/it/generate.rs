//! The generator: unique solutions (checked by an independent counter written here), minimality,
//! symmetry, the givens target, technique requirements, reproducibility across thread counts,
//! and the `generate` and `bench` commands end to end.

use crate::common::Scratch;
use nsudoku::generate::{self, GenOptions, Symmetry};
use nsudoku::grid::{is_valid_solution, keeps_givens};
use nsudoku::input::{self, ReadOptions};
use nsudoku::logic::{self, State, Technique};
use nsudoku::{solve, Alphabet, Grid, Puzzle};
use std::process::Command;

/// Solutions of `digits` (0 = empty) of basis `k`, counted up to `limit` by plain backtracking:
/// the digits used in each row, column and box kept as bit sets, the open cell with the fewest
/// options first. Shares no code with the engine.
fn simple_count(k: usize, digits: &[u8], limit: usize) -> usize {
    let n = k * k;
    let mut s = Simple {
        k,
        n,
        g: digits.to_vec(),
        used: vec![0u64; 3 * n],
        found: 0,
        limit,
        house_cells: Vec::new(),
    };
    s.house_cells = (0..3 * n).map(|h| s.cells(h)).collect();
    for (c, &d) in digits.iter().enumerate() {
        if d != 0 {
            let bit = 1u64 << (d - 1);
            let h = s.houses(c);
            if h.iter().any(|&h| s.used[h] & bit != 0) {
                return 0; // two givens clash
            }
            for h in h {
                s.used[h] |= bit;
            }
        }
    }
    s.search();
    s.found
}

struct Simple {
    k: usize,
    n: usize,
    g: Vec<u8>,
    used: Vec<u64>,
    found: usize,
    limit: usize,
    house_cells: Vec<Vec<usize>>,
}

impl Simple {
    fn houses(&self, c: usize) -> [usize; 3] {
        let (r, col) = (c / self.n, c % self.n);
        let b = r / self.k * self.k + col / self.k;
        [r, self.n + col, 2 * self.n + b]
    }

    fn options(&self, c: usize) -> u64 {
        let all = if self.n == 64 {
            !0
        } else {
            (1u64 << self.n) - 1
        };
        let h = self.houses(c);
        all & !(self.used[h[0]] | self.used[h[1]] | self.used[h[2]])
    }

    /// Cells of house `h`.
    fn cells(&self, h: usize) -> Vec<usize> {
        let (n, k, i) = (self.n, self.k, h % self.n);
        (0..n)
            .map(|j| match h / n {
                0 => i * n + j,
                1 => j * n + i,
                _ => (i / k * k + j / k) * n + i % k * k + j % k,
            })
            .collect()
    }

    /// Exact-cover style: branch on the constraint with the fewest ways to meet it, a cell
    /// (which digit?) or a house and digit (which cell?).
    fn search(&mut self) {
        // (ways, the (cell, digit) choices)
        let mut best: Option<Vec<(usize, u8)>> = None;
        let mut open = false;
        for c in 0..self.n * self.n {
            if self.g[c] != 0 {
                continue;
            }
            open = true;
            let o = self.options(c);
            if best
                .as_ref()
                .map_or(true, |b| (o.count_ones() as usize) < b.len())
            {
                let ch = (0..self.n as u8)
                    .filter(|&d| o >> d & 1 == 1)
                    .map(|d| (c, d + 1))
                    .collect();
                best = Some(ch);
            }
        }
        if !open {
            self.found += 1;
            return;
        }
        for h in 0..3 * self.n {
            for d in 0..self.n as u8 {
                if self.used[h] >> d & 1 == 1 {
                    continue;
                }
                let fits = |c: usize| self.g[c] == 0 && self.options(c) >> d & 1 == 1;
                let cells = &self.house_cells[h];
                let ways = cells.iter().filter(|&&c| fits(c)).count();
                if best.as_ref().map_or(true, |b| ways < b.len()) {
                    best = Some(
                        cells
                            .iter()
                            .filter(|&&c| fits(c))
                            .map(|&c| (c, d + 1))
                            .collect(),
                    );
                }
            }
        }
        for (cell, d) in best.unwrap_or_default() {
            if self.found >= self.limit {
                break;
            }
            let bit = 1u64 << (d - 1);
            let h = self.houses(cell);
            self.g[cell] = d;
            for &x in &h {
                self.used[x] |= bit;
            }
            self.search();
            for &x in &h {
                self.used[x] &= !bit;
            }
            self.g[cell] = 0;
        }
    }
}

fn engine_count(k: usize, digits: &[u8]) -> nsudoku::solver::Count {
    let p = Puzzle::from_digits(k, digits, Alphabet::Standard).unwrap();
    solve::count(&p, &Default::default())
}

fn givens(p: &[u8]) -> usize {
    p.iter().filter(|&&d| d != 0).count()
}

#[test]
fn simple_counter_is_a_real_check() {
    // A known unique 9×9, then with a given gone that leaves two solutions, then a clash.
    let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let d: Vec<u8> = p
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    assert_eq!(simple_count(3, &d, 2), 1);
    assert_eq!(simple_count(2, &[0; 16], 2), 2);
    let mut clash = vec![0u8; 16];
    clash[0] = 1;
    clash[1] = 1;
    assert_eq!(simple_count(2, &clash, 2), 0);
}

#[test]
fn every_puzzle_is_unique_by_both_counters() {
    for (k, count) in [(2, 20), (3, 20), (4, 2)] {
        for i in 0..count {
            let g = generate::generate_k(k, &GenOptions::default(), generate::puzzle_seed(9, i))
                .unwrap();
            assert!(is_valid_solution(k, &g.solution), "k={k} i={i}");
            assert!(keeps_givens(&g.puzzle, &g.solution));
            let c = engine_count(k, &g.puzzle);
            assert_eq!(
                (c.solutions, c.limit_reached, c.budget_exceeded()),
                (1, false, false),
                "k={k} i={i}"
            );
            assert_eq!(c.first.as_deref(), Some(&g.solution[..]));
            assert_eq!(simple_count(k, &g.puzzle, 2), 1, "k={k} i={i}");
            assert!(givens(&g.puzzle) < k.pow(4), "something was dug");
        }
    }
}

/// From 36×36 up the digger's checks start the CDCL at once, without a probing pass, and its
/// clauses are built per cell: what it digs must still have one solution, the grid's.
#[test]
fn a_36x36_puzzle_is_dug_to_one_solution() {
    let g = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| generate::generate_k(6, &GenOptions::default(), generate::puzzle_seed(3, 0)))
        .unwrap()
        .join()
        .unwrap()
        .unwrap();
    assert!(is_valid_solution(6, &g.solution));
    assert!(keeps_givens(&g.puzzle, &g.solution));
    let c = engine_count(6, &g.puzzle);
    assert_eq!(
        (c.solutions, c.limit_reached, c.budget_exceeded()),
        (1, false, false)
    );
    assert_eq!(c.first.as_deref(), Some(&g.solution[..]));
    // Digging went well past the givens' first checks (about 640 of 1,296 are kept).
    assert!(givens(&g.puzzle) < 800, "{} givens", givens(&g.puzzle));
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_given() {
    let opts = GenOptions {
        minimal: true,
        ..GenOptions::default()
    };
    for (k, count) in [(2, 10), (3, 4)] {
        for i in 0..count {
            let g = generate::generate_k(k, &opts, generate::puzzle_seed(3, i)).unwrap();
            assert_eq!(simple_count(k, &g.puzzle, 2), 1);
            assert!(generate::is_minimal(k, &g.puzzle));
            for c in (0..g.puzzle.len()).filter(|&c| g.puzzle[c] != 0) {
                let mut p = g.puzzle.clone();
                p[c] = 0;
                assert_eq!(
                    simple_count(k, &p, 2),
                    2,
                    "k={k} i={i}: given {c} removable"
                );
                // No given of `p` can go without solutions either, but `p` has several: it
                // is no minimal puzzle.
                assert!(
                    !generate::is_minimal(k, &p),
                    "k={k} i={i}: given {c} removed"
                );
            }
        }
    }
}

#[test]
fn symmetry_and_givens_target_hold() {
    for s in Symmetry::ALL {
        let opts = GenOptions {
            symmetry: s,
            ..GenOptions::default()
        };
        for k in [3, 4] {
            let g = generate::generate_k(k, &opts, 11).unwrap();
            assert!(s.holds(k * k, &g.puzzle), "{s} k={k}");
            assert_eq!(simple_count(k, &g.puzzle, 2), 1, "{s} k={k}");
        }
    }
    // A non-trivial pattern really is checked.
    let mut p = vec![0u8; 81];
    p[0] = 1;
    assert!(!Symmetry::Rotational.holds(9, &p));
    let opts = GenOptions {
        givens: Some(40),
        ..GenOptions::default()
    };
    let g = generate::generate_k(3, &opts, 5).unwrap();
    assert_eq!(givens(&g.puzzle), 40);
    assert_eq!(simple_count(3, &g.puzzle, 2), 1);
}

#[test]
fn grids_are_not_one_grid_relabelled() {
    // Relabelling maps the first row of one grid onto the first row of the other; a different
    // grid structure breaks that map somewhere else.
    let a = generate::generate_k(3, &GenOptions::default(), 1)
        .unwrap()
        .solution;
    let b = generate::generate_k(3, &GenOptions::default(), 2)
        .unwrap()
        .solution;
    let mut map = [0u8; 10];
    for i in 0..9 {
        map[a[i] as usize] = b[i];
    }
    assert!(a.iter().zip(&b).any(|(&x, &y)| map[x as usize] != y));
}

#[test]
fn technique_puzzles_need_the_technique() {
    let t = Technique::parse_list("hidden-single", 9).unwrap();
    let opts = GenOptions {
        technique: Some(t.clone()),
        ..GenOptions::default()
    };
    for i in 0..3 {
        let g = generate::generate_k(3, &opts, generate::puzzle_seed(4, i)).unwrap();
        let run = |list: &[Technique]| {
            let mut s = State::new(Grid::<nsudoku::basis::B3>::from_digits(&g.puzzle)).unwrap();
            logic::engine::reduce(&mut s, list, &logic::Config::default()).unwrap();
            s.is_complete()
        };
        assert!(
            !run(&[Technique::FullHouse]),
            "solved without hidden singles"
        );
        assert!(run(&[Technique::FullHouse, Technique::HiddenSingle]));
        assert_eq!(simple_count(3, &g.puzzle, 2), 1);
    }
}

/// The rating `rate` gives `digits` of basis `k`, a puzzle with one solution.
fn rated(k: usize, digits: &[u8]) -> nsudoku::rating::Rating {
    let p = Puzzle::from_digits(k, digits, Alphabet::Standard).unwrap();
    nsudoku::rating::rate(&p, &logic::Config::default()).unwrap()
}

/// A puzzle made to need a rated technique is rated as its step is: `rate` takes it too,
/// where `explain`'s order alone let an XY-Wing (4.2) or a unique rectangle (4.5) stand in
/// for an XYZ-Wing, or chains (6.6) for a swordfish after a finned X-Wing. Before `rate`
/// judged them, the first four XYZ-Wings of seed 3 rated 4.2, 4.2, 4.2 and 6.6. (Swordfish
/// are rarer: puzzles 3 and 6 of seed 11, where the others take all their attempts.)
#[test]
fn technique_puzzles_rate_as_the_technique() {
    for (name, seed, puzzles, er) in [
        ("xyz-wing", 3, &[0, 1, 2, 3][..], 4.4),
        ("swordfish", 11, &[2, 5], 3.8),
    ] {
        let opts = GenOptions {
            technique: Some(Technique::parse_list(name, 9).unwrap()),
            ..GenOptions::default()
        };
        for &i in puzzles {
            let g = generate::generate_k(3, &opts, generate::puzzle_seed(seed, i)).unwrap();
            let r = rated(3, &g.puzzle);
            assert_eq!(
                (r.end, r.er),
                (logic::engine::End::Solved, er),
                "{name} {i}"
            );
        }
    }
}

/// `rating` holds: every puzzle rates within the range, the easy ones at 16×16 too, dug with
/// the techniques rated up to its top (a puzzle dug by counting rates 8 and up there).
#[test]
fn rating_ranges_hold() {
    for (k, range, n) in [
        (3, "3.0-4.5", 4),
        (3, "-2.0", 4),
        (4, "-3.0", 2),
        (3, "6.6", 2),
    ] {
        let opts = GenOptions {
            rating: Some(range.parse().unwrap()),
            ..GenOptions::default()
        };
        let want: generate::RatingRange = range.parse().unwrap();
        for i in 0..n {
            let g = generate::generate_k(k, &opts, generate::puzzle_seed(8, i)).unwrap();
            let r = rated(k, &g.puzzle);
            assert_eq!(r.end, logic::engine::End::Solved, "{range} {i}");
            assert!(want.holds(r.er), "{range} {i}: {}", r.er);
            assert_eq!(simple_count(k, &g.puzzle, 2), 1);
        }
    }
    // Below the easiest step's 1.2 only a full grid rates: refused before any work.
    let opts = GenOptions {
        rating: Some("-1.0".parse().unwrap()),
        ..GenOptions::default()
    };
    let e = generate::generate_k(3, &opts, 1).unwrap_err();
    assert!(
        e.to_string().starts_with("no puzzle rates 1.0 or less"),
        "{e}"
    );
}

fn nsudoku(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_nsudoku"))
        .args(args)
        .output()
        .expect("run nsudoku");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn cli_output_is_the_same_with_one_and_two_threads() {
    let one = nsudoku(&[
        "generate",
        "-k",
        "3",
        "-n",
        "12",
        "--seed",
        "42",
        "--threads",
        "1",
    ]);
    let two = nsudoku(&[
        "generate",
        "-k",
        "3",
        "-n",
        "12",
        "--seed",
        "42",
        "--threads",
        "2",
    ]);
    assert_eq!(one.2, 0, "{}", one.1);
    assert_eq!(one.0, two.0);
    let lines: Vec<&str> = one.0.lines().collect();
    assert_eq!(lines.len(), 12);
    for l in &lines {
        assert_eq!(l.len(), 81);
        let d: Vec<u8> = l
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        assert_eq!(simple_count(3, &d, 2), 1);
    }
    // Another seed gives other puzzles.
    let other = nsudoku(&["generate", "-k", "3", "-n", "12", "--seed", "43"]);
    assert_ne!(one.0, other.0);
}

/// `--json` gives a record to every puzzle asked for, in order: the same puzzles and solutions
/// as the text output, their givens and attempts, and for one not made, why (its stderr line).
#[test]
fn cli_json_has_a_record_for_every_puzzle_asked_for() {
    let text = nsudoku(&[
        "generate",
        "-k",
        "3",
        "-n",
        "4",
        "--seed",
        "42",
        "--solution",
    ]);
    let json = nsudoku(&["generate", "-k", "3", "-n", "4", "--seed", "42", "--json"]);
    assert_eq!((text.2, json.2), (0, 0), "{}", json.1);
    let records: Vec<serde_json::Value> = json
        .0
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 4);
    for (i, (r, line)) in records.iter().zip(text.0.lines()).enumerate() {
        let (puzzle, solution) = line.split_once(' ').unwrap();
        assert_eq!(r["number"], i + 1);
        assert_eq!(r["seed"], 42);
        assert_eq!(r["status"], "generated");
        assert_eq!(r["puzzle"], puzzle);
        assert_eq!(r["solution"], solution);
        let givens = puzzle.bytes().filter(|&b| b != b'.').count();
        assert_eq!(r["givens"], givens);
        assert!(r["attempts"].as_u64().unwrap() >= 1);
        assert!(r["us"].is_u64());
    }
    // 17 givens in 3 attempts: none made, each told on stderr and given its record.
    let args = [
        "generate", "-k", "3", "-n", "2", "--seed", "1", "--givens", "17",
    ];
    let (out, err, code) = nsudoku(&[&args[..], &["--attempts", "3", "--json"]].concat());
    assert_eq!(code, 1);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    for (i, (r, told)) in records.iter().zip(err.lines()).enumerate() {
        assert_eq!(r["number"], i + 1);
        assert_eq!(r["status"], "failed");
        assert!(r.get("puzzle").is_none());
        let error = r["error"].as_str().unwrap();
        assert!(
            error.starts_with("no puzzle with at most 17 givens"),
            "{error}"
        );
        assert_eq!(told, format!("puzzle {}: {error}", i + 1));
    }
}

/// `--alphabet` writes the same puzzles in the symbols a collection uses (A-Y at 25×25, 0-F
/// at 16×16), solution too, and reads back as them; one that cannot write the grid, or
/// numbers with an alphabet, are refused before any work.
#[test]
fn cli_writes_the_alphabet_asked_for() {
    let gen = |k: &str, alphabet: Option<&str>| {
        let mut args = vec!["generate", "-k", k, "-n", "2", "--seed", "5", "--solution"];
        args.extend(alphabet.map(|a| ["--alphabet", a]).into_iter().flatten());
        let (out, err, code) = nsudoku(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    let digits = |text: &str, alphabet: Alphabet| -> Vec<Vec<u8>> {
        let opts = ReadOptions {
            alphabet: Some(alphabet),
            ..Default::default()
        };
        let words = text.split_whitespace();
        words
            .map(|w| input::read_one(w, opts).unwrap().digits())
            .collect()
    };
    for (k, name, alphabet, symbols) in [
        (
            "5",
            "letters",
            Alphabet::Letters,
            ('A'..='Y').collect::<String>(),
        ),
        ("4", "hex", Alphabet::Hex, "0123456789ABCDEF".into()),
        ("3", "standard", Alphabet::Standard, "123456789".into()),
    ] {
        let plain = gen(k, None);
        let written = gen(k, Some(name));
        assert_eq!(
            digits(&written, alphabet),
            digits(&plain, Alphabet::Standard)
        );
        let used: std::collections::BTreeSet<char> = written.chars().collect();
        assert!(
            used.iter()
                .all(|c| symbols.contains(*c) || ". \n".contains(*c)),
            "{name}: {written}"
        );
    }
    // A 36×36 line takes the standard alphabet (an alphabet asks for lines, not numbers).
    let (out, err, code) = nsudoku(&["generate", "-k", "6", "-n", "1", "--alphabet", "standard"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim_end().len(), 36 * 36);
    for (args, said) in [
        (
            vec!["-k", "6", "--alphabet", "letters"],
            "36×36 cannot be written one symbol a cell in the letters alphabet (26 digits at \
             most); use --alphabet standard or --format numbers",
        ),
        (
            vec!["-k", "3", "--alphabet", "hex", "--format", "numbers"],
            "--alphabet sets the symbols of the line format; numbers have none",
        ),
    ] {
        let (out, err, code) = nsudoku(&[&["generate"][..], &args].concat());
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

#[test]
fn cli_generates_numbers_and_benches_end_to_end() {
    let (out, err, code) = nsudoku(&[
        "generate",
        "-k",
        "3",
        "-n",
        "3",
        "--seed",
        "1",
        "--format",
        "numbers",
        "--solution",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 6);
    assert!(out.lines().all(|l| l.split(' ').count() == 81));

    let (out, _, _) = nsudoku(&["generate", "-k", "2", "-n", "5", "--seed", "1"]);
    let dir = Scratch::new("gen-test");
    let file = dir.join("four.txt");
    std::fs::write(&file, out).unwrap();
    let (json, err, code) = nsudoku(&[
        "bench",
        file.to_str().unwrap(),
        "--min-time",
        "0",
        "--locked-candidates",
        "both",
        "--reduce",
        "singles",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = rows.as_array().unwrap();
    assert!(rows.len() >= 4, "two lc settings × (search, reduce)");
    for r in rows {
        assert_eq!(r["puzzles"], 5);
        assert_eq!(r["unsolved"], 0);
        assert_eq!(r["basis"], 2);
    }
    let (table, _, code) = nsudoku(&["bench", file.to_str().unwrap(), "--min-time", "1ms"]);
    assert_eq!(code, 0);
    assert!(table.contains("| variant | threads | puzzles/s |"));

    // Puzzles without one solution are named with their line and counted; the exit status is 1.
    let unfit = dir.join("unfit.txt");
    std::fs::write(&unfit, "...3.2.....1.4..\n1...............\n").unwrap();
    let args = [
        "bench",
        unfit.to_str().unwrap(),
        "--min-time",
        "0",
        "--limit",
        "2",
    ];
    let (json, err, code) = nsudoku(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 1);
    assert!(
        err.contains("unfit.txt: line 2: several solutions"),
        "{err}"
    );
    let rows: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(rows[0]["multiple"], 1);
    // Measures carry at most six significant figures, not the float noise of a division.
    for key in ["puzzles_per_sec", "us_per_puzzle", "median_us", "worst_us"] {
        let text = rows[0][key].to_string();
        let figures = text.trim_start_matches(['0', '.']).replace('.', "");
        assert!(figures.trim_end_matches('0').len() <= 6, "{key}: {text}");
    }
    let (_, err, _) = nsudoku(&["bench", unfit.to_str().unwrap(), "--min-time", "0"]);
    assert!(
        !err.contains("several"),
        "finding one solution cannot tell: {err}"
    );
    // The same file twice is two runs, two headings.
    let f = file.to_str().unwrap();
    let (table, _, _) = nsudoku(&["bench", f, f, "--min-time", "0", "--single-thread"]);
    assert_eq!(table.matches("### ").count(), 2, "{table}");
    assert!(table.contains(" (2) ("), "{table}");
    // A bad technique list or a missing file is refused before anything is timed.
    let (table, err, code) = nsudoku(&["bench", file.to_str().unwrap(), "--reduce", "bogus"]);
    assert_eq!((table.as_str(), code), ("", 2));
    assert!(err.contains("unknown technique"), "{err}");
    let missing = dir.join("missing.txt");
    let (table, err, code) = nsudoku(&["bench", file.to_str().unwrap(), missing.to_str().unwrap()]);
    assert_eq!((table.as_str(), code), ("", 2));
    assert!(err.contains("cannot read"), "{err}");
    // A directory too, though it opens as a file on Linux.
    let (table, err, code) = nsudoku(&["bench", file.to_str().unwrap(), dir.to_str().unwrap()]);
    assert_eq!((table.as_str(), code), ("", 2));
    assert!(err.contains("it is a directory"), "{err}");
    // More worker threads than `--threads` takes are refused as usage, before any start.
    let (table, err, code) = nsudoku(&["bench", file.to_str().unwrap(), "--threads", "1025"]);
    assert_eq!((table.as_str(), code), ("", 2));
    assert!(err.contains("from 0 (all cores) to 1024"), "{err}");

    let (_, err, code) = nsudoku(&["generate", "-k", "3", "--technique", "bogus"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown technique"), "{err}");
    // `all` (singles among them) would take any puzzle logic solves; an empty list names none.
    for list in ["all", "singles,all", ""] {
        let (out, err, code) = nsudoku(&["generate", "-k", "3", "--technique", list]);
        assert_eq!((out.as_str(), code), ("", 2), "{list}: {err}");
    }
    let (_, err, code) = nsudoku(&["generate", "-k", "8", "--format", "line"]);
    assert_eq!(code, 2);
    assert!(err.contains("use --format numbers"), "{err}");
    let (_, _, code) = nsudoku(&["generate", "-k", "11"]);
    assert_eq!(code, 2);
    let (out, err, code) = nsudoku(&["generate", "-k", "3", "--givens", "82"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("more than the 81 cells"), "{err}");
    // Fewer than N - 1 givens cannot make one solution: refused at once, not after attempts.
    let (out, err, code) = nsudoku(&["generate", "-k", "5", "--givens", "23"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("expected at least 24"), "{err}");
    let (_, err, code) = nsudoku(&["generate", "-k", "3", "--format", "candidates"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown format 'candidates'; expected line or numbers"),
        "{err}"
    );
    let (_, err, code) = nsudoku(&["generate", "-k", "3", "--format", "Nubmers", "-n", "0"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown format 'Nubmers' (did you mean 'numbers'?)"),
        "{err}"
    );
    let (_, err, _) = nsudoku(&["generate", "-k", "3", "--format", "grid"]);
    assert!(
        err.contains("expected line or numbers (`nsudoku solve --format grid`"),
        "{err}"
    );
    let (out, _, code) = nsudoku(&["generate", "-k", "2", "--format", "NUMBERS", "--seed", "1"]);
    assert_eq!((code, out.split(' ').count()), (0, 16));
    // Requests no puzzle can meet are refused before any attempt.
    let (_, err, code) = nsudoku(&["generate", "-k", "3", "--givens", "30", "--minimal"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be combined with --givens"), "{err}");
    // A timeout gives up on a rare technique after the attempt that passes it; it must be
    // a positive duration.
    let (out, err, code) = nsudoku(&[
        "generate",
        "-k",
        "3",
        "--seed",
        "1",
        "--technique",
        "jellyfish",
        "--timeout",
        "1ms",
    ]);
    assert_eq!((out.as_str(), code), ("", 1), "{err}");
    assert!(
        err.starts_with(
            "puzzle 1: no puzzle that needs jellyfish found in 1 attempt begun within --timeout;"
        ),
        "{err}"
    );
    let (_, err, code) = nsudoku(&["generate", "-k", "3", "--timeout", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--timeout"), "{err}");
    let (_, err, code) = nsudoku(&["generate", "-k", "3", "--technique", "fish-5"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected a size up to 4"), "{err}");
}

/// `--size N` names the grid by its digits (9 for 9×9) and gives what `-k` gives; a size that
/// is no square, or both flags, is refused; `-k 9`, 81×81, says so before it starts.
#[test]
fn cli_takes_the_grid_size_for_its_basis() {
    let by_basis = nsudoku(&["generate", "-k", "3", "-n", "3", "--seed", "5"]);
    let by_size = nsudoku(&["generate", "--size", "9", "-n", "3", "--seed", "5"]);
    assert_eq!(by_basis.2, 0, "{}", by_basis.1);
    assert_eq!(by_size, by_basis);
    let (out, err, code) = nsudoku(&["generate", "--size", "10"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.contains("10 is not a grid size; expected one of 4, 9, 16, 25, 36, 49, 64, 81, 100"),
        "{err}"
    );
    let (_, err, code) = nsudoku(&["generate", "-k", "3", "--size", "9"]);
    assert_eq!(code, 2, "{err}");
    let (_, err, code) = nsudoku(&["generate"]);
    assert_eq!(code, 2);
    assert!(err.contains("--basis <BASIS>|--size <N>"), "{err}");
    let (out, err, code) = nsudoku(&["generate", "-k", "9", "-n", "0"]);
    assert_eq!((out.as_str(), code), ("", 0));
    assert!(
        err.contains("note: basis 9 makes 81×81 grids; for 9×9, `-k 3` or `--size 9`"),
        "{err}"
    );
    let (_, err, _) = nsudoku(&["generate", "-k", "3", "-n", "0", "--seed", "1"]);
    assert_eq!(err, "");
}

/// A bound given with nothing to act on is said to be idle, once, on stderr: `--timeout`
/// without a target, `--max-nodes` with `--technique` (whose checks are logic); the puzzles
/// come out as without it.
#[test]
fn cli_says_when_a_bound_has_nothing_to_act_on() {
    let plain = nsudoku(&["generate", "-k", "3", "-n", "2", "--seed", "4"]);
    for (extra, says) in [
        (
            &["--timeout", "3s"][..],
            "note: --timeout bounds the search for --givens",
        ),
        (
            &["--technique", "x-wing", "--max-nodes", "5"],
            "note: --max-nodes bounds the checks",
        ),
    ] {
        let args = [
            &["generate", "-k", "3", "-n", "2", "--seed", "4"][..],
            extra,
        ]
        .concat();
        let (out, err, code) = nsudoku(&args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(err.matches(says).count(), 1, "{extra:?}: {err}");
        if extra[0] == "--timeout" {
            assert_eq!(out, plain.0);
        }
    }
    let (_, err, _) = nsudoku(&["generate", "-k", "3", "--givens", "30", "--timeout", "3s"]);
    assert!(!err.contains("note: --timeout"), "{err}");
}

/// `generate --rating` through the CLI: `-2.0` (read as a value, not a flag) gives puzzles
/// `rate` rates 2.0 or less; a range from high to low or below 1.2 is refused (status 2).
#[test]
fn cli_generates_within_a_rating_range() {
    let (out, err, code) = nsudoku(&[
        "generate", "-k", "3", "-n", "3", "--seed", "2", "--rating", "-2.0",
    ]);
    assert_eq!(code, 0, "{err}");
    let rated = crate::common::run(&["rate", "--json"], &out);
    let rated = String::from_utf8(rated.stdout).unwrap();
    assert_eq!(rated.lines().count(), 3);
    for line in rated.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["er"].as_f64().is_some_and(|er| er <= 2.0), "{line}");
    }
    for (range, says) in [
        ("5-3", "runs from high to low"),
        ("-1", "no puzzle rates 1.0 or less"),
    ] {
        let (out, err, code) = nsudoku(&["generate", "-k", "3", "--rating", range]);
        assert_eq!((out.as_str(), code), ("", 2), "{range}");
        assert!(err.contains(says), "{range}: {err}");
    }
}
