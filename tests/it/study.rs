//! The tuple study counts what the slow reference tuple finders find on the same grids.

use itertools::Itertools;
use nsudoku::basis::{Basis, B2, B3, B4};
use nsudoku::logic::subsets::{reference, HouseView};
use nsudoku::logic::{self, State, Technique};
use nsudoku::Mask;
use nsudoku::{generate, study, Grid};

use crate::common;

/// Whether some proper part of tuple `d` is a tuple of its kind in its house, read straight
/// from the definition: k′ of its cells holding k′ digits between them (naked), or k′ of its
/// digits with k′ places between them (hidden).
fn holds_a_smaller_tuple<B: Basis>(s: &State<B>, d: &logic::Deduction, hidden: bool) -> bool {
    let e = &d.evidence;
    let house = B::topology().house(e.houses[0] as usize);
    let span = |part: &[u16]| -> usize {
        if hidden {
            let places = house.iter().filter(|&&c| {
                let c = c as usize;
                !s.is_solved(c) && part.iter().any(|&x| s.get(c).has(x as usize))
            });
            places.count()
        } else {
            let mut union = B::Mask::ZERO;
            for &c in part {
                union |= s.get(c as usize);
            }
            union.count() as usize
        }
    };
    let items: Vec<u16> = if hidden {
        e.digits.iter().map(|&x| u16::from(x)).collect()
    } else {
        e.cells.clone()
    };
    (1..items.len()).any(|size| {
        items
            .iter()
            .copied()
            .combinations(size)
            .any(|part| span(&part) == size)
    })
}

/// Whether the other side of tuple `d` of size k in a house of m open cells (the house's
/// other digits, for naked; its other cells, for hidden) holds a tuple of the other kind of
/// j items with m − 2k < j < k: then the tuple and what is left once that one is applied are
/// deductions smaller than k.
fn other_side_splits<B: Basis>(s: &State<B>, d: &logic::Deduction, hidden: bool) -> bool {
    let e = &d.evidence;
    let h = e.houses[0] as usize;
    let open: Vec<usize> = (B::topology().house(h).iter())
        .map(|&c| c as usize)
        .filter(|&c| !s.is_solved(c))
        .collect();
    let (m, k) = (open.len(), e.cells.len());
    let digits: Vec<usize> = (0..B::N)
        .filter(|&x| open.iter().any(|&c| s.get(c).has(x)))
        .collect();
    let tuple = |part: &[usize]| -> bool {
        if hidden {
            // Other cells whose candidates number as many as they.
            let union = part.iter().fold(B::Mask::ZERO, |u, &c| u | s.get(c));
            union.count() as usize == part.len()
        } else {
            // Other digits whose places number as many as they.
            let places = open
                .iter()
                .filter(|&&c| part.iter().any(|&x| s.get(c).has(x)));
            places.count() == part.len()
        }
    };
    let other: Vec<usize> = if hidden {
        open.iter()
            .copied()
            .filter(|c| !e.cells.contains(&(*c as u16)))
            .collect()
    } else {
        digits
            .iter()
            .copied()
            .filter(|&x| !e.digits.contains(&(x as u8)))
            .collect()
    };
    ((m + 1).saturating_sub(2 * k).max(1)..k)
        .any(|j| other.iter().copied().combinations(j).any(|p| tuple(&p)))
}

/// Whether hidden tuple `d` is counted in its house: its cells and digits make a hidden tuple
/// in no other house of at most 2k open cells (there it is the complement of a naked tuple
/// no larger, counted as that), and it was not met before in the other house its cells share.
fn counted_here<B: Basis>(
    s: &State<B>,
    d: &logic::Deduction,
    met: &mut Vec<(Vec<u16>, Vec<u8>)>,
) -> bool {
    let e = &d.evidence;
    let t = B::topology();
    let elsewhere = (0..t.houses())
        .filter(|&h| h != e.houses[0] as usize)
        .any(|h| {
            let house = t.house(h);
            let open = house.iter().filter(|&&c| !s.is_solved(c as usize)).count();
            let confined = house.iter().all(|&c| {
                e.cells.contains(&c) || e.digits.iter().all(|&x| !s.get(c as usize).has(x as usize))
            });
            let k = e.cells.len();
            (k + 1..=2 * k).contains(&open) && e.cells.iter().all(|c| house.contains(c)) && confined
        });
    let key = (e.cells.clone(), e.digits.clone());
    let new = !met.contains(&key);
    met.push(key);
    !elsewhere && new
}

/// Check the study of one generated puzzle against the reference finders; the minimal and
/// the other eliminating tuples it found.
fn check<B: Basis>(seed: u64) -> (u64, u64) {
    let g = generate::generate::<B>(&Default::default(), seed).unwrap();
    let grid = Grid::<B>::from_digits(&g.puzzle);
    let k_max = (B::N / 2).max(2);
    let (rows, caps) = study::tuples::<B>(&[grid], k_max, 1);
    let mut s = State::new(grid).unwrap();
    let base = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
    ];
    logic::engine::reduce(&mut s, &base, &Default::default()).unwrap();
    let open = |h: u16| HouseView::new(&s, h as usize).open();
    let (mut minimal, mut not_minimal) = (0, 0);
    for r in &rows {
        let hidden = r.kind == study::TupleKind::Hidden;
        let mut found = if hidden {
            reference::hidden(&s, r.k)
        } else {
            reference::naked(&s, r.k)
        };
        // A tuple and its complement in the house (the other kind, m − k) are one deduction,
        // counted at the smaller size; at equal sizes as naked.
        found.retain(|d| {
            let m = open(d.evidence.houses[0]);
            2 * r.k < m || (2 * r.k == m && !hidden)
        });
        // A hidden tuple is one deduction wherever its cells and digits make one.
        let mut met = Vec::new();
        found.retain(|d| !hidden || counted_here(&s, d, &mut met));
        assert_eq!(r.eliminating, found.len() as u64, "{r:?}");
        let elims: usize = found.iter().map(|d| d.eliminations.len()).sum();
        assert_eq!(r.eliminations, elims as u64, "{r:?}");
        // Minimal: no proper part of the tuple's cells (naked) or digits (hidden) is a tuple,
        // and its other side splits it into no smaller ones.
        found
            .retain(|d| !holds_a_smaller_tuple(&s, d, hidden) && !other_side_splits(&s, d, hidden));
        assert_eq!(r.minimal_eliminating, found.len() as u64, "{r:?}");
        let elims: usize = found.iter().map(|d| d.eliminations.len()).sum();
        assert_eq!(r.minimal_eliminations, elims as u64, "{r:?}");
        minimal += r.minimal_eliminating;
        not_minimal += r.eliminating - r.minimal_eliminating;
        assert!(r.tuples >= r.eliminating);
        // The enumeration examines every tuple it finds and never more than the whole tree of
        // subsets of at most k items small enough to take part.
        let mut tree = 0u64;
        for h in 0..B::topology().houses() {
            let v = HouseView::new(&s, h);
            if v.open() <= r.k {
                continue;
            }
            let items = if r.kind == study::TupleKind::Hidden {
                &v.places
            } else {
                &v.cands
            };
            let m = items.iter().filter(|i| i.count() as usize <= r.k).count() as u64;
            let mut c = 1u64;
            for j in 1..=r.k as u64 {
                c = c * (m + 1 - j.min(m + 1)) / j;
                tree += c;
            }
        }
        assert!(r.subsets >= r.tuples, "{r:?}");
        assert!(r.subsets <= tree, "{r:?}: {} > {tree}", r.subsets);
    }
    assert_eq!(caps.len(), k_max);
    assert!(caps.iter().all(|c| c.puzzles == 1));
    // More trials change the times only: every count is the same.
    let (rows3, caps3) = study::tuples::<B>(&[grid], k_max, 3);
    let untimed = |r: &study::TupleRow| {
        (
            r.k,
            r.kind,
            r.houses,
            r.subsets,
            r.tuples,
            r.eliminating,
            r.eliminations,
            r.minimal_eliminating,
            r.minimal_eliminations,
        )
    };
    assert!(rows.iter().map(untimed).eq(rows3.iter().map(untimed)));
    let searched = |c: &study::CapRow| (c.k_max, c.puzzles, c.solved_by_logic, c.nodes);
    assert!(caps.iter().map(searched).eq(caps3.iter().map(searched)));
    (minimal, not_minimal)
}

#[test]
fn study_counts_match_the_reference_finders() {
    let (mut minimal, mut not_minimal) = (0, 0);
    for seed in 0..40 {
        check::<B2>(seed);
        let (m, n) = check::<B3>(seed);
        minimal += m;
        not_minimal += n;
    }
    // 16×16 grids hold tuples up to 8, some of them holding smaller ones.
    for seed in 0..4 {
        let (m, n) = check::<B4>(seed);
        minimal += m;
        not_minimal += n;
    }
    assert!(
        minimal > 0 && not_minimal > 0,
        "the grids must hold both kinds for the check to mean anything: \
         {minimal} minimal, {not_minimal} not"
    );
}

#[test]
fn svg_is_a_drawing() {
    let grid = Grid::<B3>::from_digits(
        &generate::generate::<B3>(&Default::default(), 1)
            .unwrap()
            .puzzle,
    );
    let (rows, _) = study::tuples::<B3>(&[grid], 4, 2);
    let svg = study::svg(&rows);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("<polyline") && svg.contains("9×9"));
    // One image to a screen reader, its figures in words.
    assert!(
        svg.contains("role=\"img\"") && svg.contains("<title>"),
        "{svg}"
    );
    let desc = svg
        .split("<desc>")
        .nth(1)
        .unwrap()
        .split("</desc>")
        .next()
        .unwrap();
    assert!(desc.starts_with("9×9, a puzzle: size 2: "), "{desc}");
    assert!(
        desc.contains("; size 4: ") && desc.ends_with(" µs."),
        "{desc}"
    );
    // Zero has its own line on the log scale, labelled 0, below every value.
    let mut none = rows.clone();
    for r in &mut none {
        r.minimal_eliminations = 0;
    }
    let svg = study::svg(&none);
    assert!(svg.contains("text-anchor=\"end\">0</text>"), "{svg}");
}

#[test]
fn puzzles_without_one_solution_are_named_and_left_out() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let none = format!("12345678.........9{}", ".".repeat(63));
    let several = format!("1{}", ".".repeat(80));
    let out = common::run(
        &["study", "tuples", "--csv"],
        &format!("{easy}\n{none}\n{several}\nbad\n"),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let said: Vec<&str> = err.lines().filter(|l| l.contains("left out")).collect();
    assert_eq!(said.len(), 3, "{err}");
    assert!(
        said[0].starts_with("line 2: no solution; left out"),
        "{err}"
    );
    assert!(
        said[1].starts_with("line 3: several solutions; left out"),
        "{err}"
    );
    assert!(said[2].starts_with("line 4: "), "in input order: {err}");
    assert_eq!(out.status.code(), Some(1));
    let csv = String::from_utf8_lossy(&out.stdout);
    // basis,kind,k,puzzles,…: one puzzle studied.
    assert!(
        csv.lines().nth(1).unwrap().starts_with("3,naked,2,1,"),
        "{csv}"
    );
    // None left: no table of zeros, but why.
    let out = common::run(&["study", "tuples"], &format!("{none}\n{several}\n"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no puzzle with one solution to study"),
        "{err}"
    );
    assert_eq!((out.stdout.len(), out.status.code()), (0, Some(1)));
}

/// `--trials` is bounded, as `--threads` is: 2⁶⁴ - 1 trials ran until killed.
#[test]
fn trials_past_their_bound_are_refused() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    for (trials, said) in [
        (
            "18446744073709551615",
            "18446744073709551615 is too large; expected at most 100",
        ),
        ("101", "101 is too large; expected at most 100"),
        ("x", "`x` is not a whole number; expected one from 1 to 100"),
        ("0", "0 is too small; expected at least 1"),
    ] {
        let out = common::run(&["study", "tuples", "--trials", trials], easy);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{trials}: {err}");
        assert!(err.contains(said), "{trials}: {err}");
    }
    let out = common::run(&["study", "tuples", "--trials", "100", "--csv"], easy);
    common::assert_success(&out);
}

/// The path of fixture `name` in `tests/data`.
fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// The counts of one basis's rows of a `--csv` run (the time column, the tenth, left out).
fn rows_of(csv: &str, basis: &str) -> Vec<String> {
    csv.lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with(&format!("{basis},")))
        .map(|l| {
            let mut fields: Vec<&str> = l.split(',').collect();
            fields.remove(9);
            fields.join(",")
        })
        .collect()
}

#[test]
fn a_basis_sample_does_not_depend_on_the_other_puzzles() {
    let nine = fixture("9x9_magictour_top1465_first30.txt");
    let sixteen = fixture("16x16_gen_minimal200_first10.txt");
    let args = [
        "study",
        "tuples",
        "--csv",
        "--max-puzzles",
        "5",
        "--k-max",
        "3",
    ];
    let alone = common::run(&args, &nine);
    let mixed = common::run(&args, &format!("{sixteen}{nine}"));
    let (alone, mixed) = (
        String::from_utf8_lossy(&alone.stdout),
        String::from_utf8_lossy(&mixed.stdout),
    );
    let rows = rows_of(&alone, "3");
    assert_eq!(rows.len(), 4, "{alone}");
    assert!(
        rows.iter().all(|r| r.contains(",5,")),
        "five puzzles: {alone}"
    );
    assert_eq!(rows, rows_of(&mixed, "3"));
}

/// A `--k-max` above N/2 studies up to N/2 (a larger size is a smaller one's complement) and
/// says so.
#[test]
fn a_k_max_above_half_the_digits_is_cut_with_a_note() {
    let nine = fixture("9x9_magictour_top1465_first30.txt");
    let args = ["study", "tuples", "--csv", "--max-puzzles", "2"];
    let o = common::run(&[&args[..], &["--k-max", "9"]].concat(), &nine);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("note: 9×9: tuples up to k = 4 (N/2), not --k-max 9"),
        "{err}"
    );
    let cut = String::from_utf8_lossy(&o.stdout).into_owned();
    let o = common::run(&[&args[..], &["--k-max", "4"]].concat(), &nine);
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
    assert_eq!(
        rows_of(&cut, "3"),
        rows_of(&String::from_utf8_lossy(&o.stdout), "3")
    );
}

#[test]
fn study_refuses_a_folder_for_its_picture_before_it_starts() {
    let dir = std::env::temp_dir();
    let o = common::run(
        &["study", "tuples", "--svg", dir.to_str().unwrap()],
        &fixture("9x9_magictour_top1465_first30.txt"),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--svg "), "{err}");
    assert!(
        err.contains(": it is a directory; expected a file"),
        "{err}"
    );
    assert_eq!((o.stdout.len(), o.status.code()), (0, Some(2)));
    // So is an input file that cannot be read, before the others are studied.
    let missing = dir.join("nsudoku-no-such-file.txt");
    let easy = fixture("9x9_magictour_top1465_first30.txt");
    let o = common::run(&["study", "tuples", "-", missing.to_str().unwrap()], &easy);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("nsudoku: cannot read"), "{err}");
    assert_eq!((o.stdout.len(), o.status.code()), (0, Some(2)));
}

/// A picture that cannot be written loses only itself: the tables are printed first. JSON
/// keeps the order of the other formats, tuples then caps, after the run's settings.
#[cfg(target_os = "linux")]
#[test]
fn a_picture_that_cannot_be_written_leaves_the_tables() {
    let puzzles: Vec<String> = fixture("9x9_magictour_top1465_first30.txt")
        .lines()
        .take(3)
        .map(String::from)
        .collect();
    let o = common::run(
        &["study", "tuples", "--json", "--svg", "/dev/full"],
        &puzzles.join("\n"),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cannot write /dev/full"), "{err}");
    assert_eq!(o.status.code(), Some(2));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("{\n  \"run\": {"), "{out}");
    assert!(out.contains("\n  \"tuples\": ["), "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["caps"][0]["puzzles"], 3, "{v}");
}

#[test]
fn a_count_past_the_timeout_is_named_and_left_out() {
    // The first generated 25×25 puzzle takes tens of milliseconds to prove unique: 1 ms does
    // not settle it.
    let o = common::run(
        &["study", "tuples", "--timeout", "1ms"],
        &fixture("25x25_gen_g300_10_first3.txt"),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 1: not settled within --timeout (1ms); left out of the study"),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(1));
    // Only invalid lines: named, and the run fails as for any invalid line (status 1); no
    // puzzle line at all is a usage error (status 2).
    let o = common::run(&["study", "tuples"], "bad\n");
    assert_eq!(o.status.code(), Some(1));
    let o = common::run(&["study", "tuples"], "# nothing\n");
    assert_eq!(o.status.code(), Some(2));
}

/// Times go to JSON in tenths of a microsecond, as to CSV: a sum's float noise is not kept.
#[test]
fn json_times_are_tenths_of_a_microsecond() {
    let row = study::CapRow {
        time_us: 735.037_999_999_999_9,
        ..Default::default()
    };
    assert_eq!(serde_json::to_value(&row).unwrap()["time_us"], 735.0);
}

/// Past the first twenty, puzzles left out are counted, not named: a file of puzzles with
/// several solutions does not bury the tables. The study of the rest stands, with status 1.
#[test]
fn many_puzzles_left_out_are_counted_after_the_first_twenty() {
    let easy = fixture("9x9_magictour_top1465_first30.txt");
    let first = easy.lines().find(|l| !l.starts_with('#')).unwrap();
    let several = format!("{}\n", ".".repeat(81)).repeat(25);
    let o = common::run(
        &["study", "tuples", "--csv"],
        &format!("{several}{first}\n"),
    );
    let err = common::lines(&o.stderr);
    assert_eq!(err.len(), 21, "{err:?}");
    assert_eq!(err[0], "line 1: several solutions; left out of the study");
    assert_eq!(err[19], "line 20: several solutions; left out of the study");
    assert_eq!(
        err[20],
        "5 more puzzles left out of the study (invalid, or not with one solution)"
    );
    assert_eq!(rows_of(&String::from_utf8_lossy(&o.stdout), "3").len(), 6);
    assert_eq!(o.status.code(), Some(1));
}

/// Solved grids (a solution on its own line after its puzzle, as `generate --solution` writes
/// from 36×36 up) are left out with a note, not studied as puzzles logic solves; the status
/// stays 0. JSON names the settings and the puzzles studied, and `--seed` picks the sample.
#[test]
fn solved_grids_are_left_out_and_the_sample_is_listed() {
    let puzzles: Vec<&str> = EASY_SET.lines().filter(|l| !l.starts_with('#')).collect();
    let solved = common::run(&["solve"], &puzzles.join("\n"));
    let solutions = common::lines(&solved.stdout);
    let text: String = (puzzles.iter().zip(&solutions))
        .take(6)
        .map(|(p, s)| format!("{p}\n{s}\n"))
        .collect();
    let study = |seed: &str| {
        let args = [
            "study",
            "tuples",
            "--json",
            "--k-max",
            "2",
            "--max-puzzles",
            "3",
        ];
        let o = common::run(&[&args[..], &["--seed", seed]].concat(), &text);
        common::assert_success(&o);
        let err = common::lines(&o.stderr);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (err, v)
    };
    let (err, v) = study("1");
    let notes: Vec<String> = (1..=6)
        .map(|i| {
            format!(
                "note: line {}: a solved grid (no open cell): left out of the study",
                2 * i
            )
        })
        .collect();
    assert_eq!(err, notes);
    assert_eq!(v["caps"][0]["puzzles"], 3, "{v}");
    assert_eq!(v["caps"][0]["solved_by_logic"], 0, "{v}");
    assert_eq!(v["run"]["seed"], 1, "{v}");
    assert_eq!(v["run"]["max_puzzles"], 3, "{v}");
    let sample = |v: &serde_json::Value| v["sample"][0]["puzzles"].clone();
    let lines = sample(&v);
    let lines = lines.as_array().unwrap();
    assert_eq!(lines.len(), 3, "{v}");
    // Puzzles only, the odd lines.
    for l in lines {
        let n: usize = l
            .as_str()
            .unwrap()
            .strip_prefix("line ")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(n % 2, 1, "{v}");
    }
    // Another seed draws another sample of the six.
    assert!(
        (2..10).any(|seed| sample(&study(&seed.to_string()).1) != sample(&v)),
        "{v}"
    );
}

/// The first 30 puzzles of magictour_top1465: hard enough that none is solved by logic here.
const EASY_SET: &str = include_str!("../data/9x9_magictour_top1465_first30.txt");
