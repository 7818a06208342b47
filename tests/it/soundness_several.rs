//! Soundness on puzzles with several solutions: a technique that does not rest on uniqueness
//! must keep every solution, not only the one a unique puzzle has. A user who gives `reduce`,
//! `explain` or `find` a puzzle with a given too few is owed deductions true of all its
//! solutions; a step that held only of one would show as a wrong elimination, or as a
//! "contradiction" in a puzzle that has solutions.
//!
//! The puzzles are fixtures of tests/data (see the README there), minimal ones, with one
//! given taken out: each then has several solutions. Which digits stay possible in each cell
//! (in some solution) is found by search, one a cell and digit not yet seen in a solution, and
//! every deduction of every technique but the uniqueness ones, on every state reached, is
//! checked against that: none removes a possible digit, and a placement is the only digit its
//! cell holds in every solution.

use crate::common;
use nsudoku::alphabet::Alphabet;
use nsudoku::basis::{Basis, B3, B4};
use nsudoku::input::{self, Puzzle, ReadOptions};
use nsudoku::logic::{Candidate, Config, Deduction, State, Technique};
use nsudoku::solver::SolveOptions;
use nsudoku::{output, solve, Grid, Mask};
use std::collections::BTreeSet;

/// The first `most` puzzles of `path`, each with one given taken out (the `i`-th puzzle's
/// `i`-th given, so that the cells vary): those that then have several solutions.
fn several(path: &str, most: usize) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(path).unwrap();
    input::read_all(&text, ReadOptions::default())
        .into_iter()
        .take(most)
        .enumerate()
        .filter_map(|(i, rec)| {
            let p = rec.unwrap();
            let mut digits = p.digits();
            let givens: Vec<usize> = (0..digits.len()).filter(|&c| digits[c] != 0).collect();
            digits[givens[i % givens.len()]] = 0;
            let q = Puzzle::from_digits(p.k, &digits, p.alphabet).unwrap();
            let count = solve::count_only(&q, &SolveOptions::default());
            (count.solutions >= 2).then_some(q)
        })
        .collect()
}

/// For each cell, the digits (0-based bits) it holds in some solution of `p`: a search for a
/// solution with the cell set to each digit not yet seen in a solution found.
fn possible(p: &Puzzle) -> Vec<u128> {
    let n = p.k * p.k;
    let one = SolveOptions {
        limit: 1,
        ..SolveOptions::default()
    };
    let mut seen = vec![0u128; n * n];
    let digits = p.digits();
    for cell in 0..n * n {
        for d in 1..=n as u8 {
            if seen[cell] >> (d - 1) & 1 == 1 || (digits[cell] != 0 && digits[cell] != d) {
                continue;
            }
            let mut tried = digits.clone();
            tried[cell] = d;
            // Conflicting givens: no solution holds `d` there.
            let Ok(q) = Puzzle::from_digits(p.k, &tried, p.alphabet) else {
                continue;
            };
            if let Some(sol) = solve::count(&q, &one).first {
                for (c, &x) in sol.iter().enumerate() {
                    seen[c] |= 1 << (x - 1);
                }
            }
        }
    }
    seen
}

/// Whether `d` holds in every solution: no possible digit removed, and each placement the one
/// digit its cell can hold.
fn holds(d: &Deduction, possible: &[u128]) -> bool {
    let kept = d
        .eliminations
        .iter()
        .all(|e| possible[e.cell as usize] >> e.digit & 1 == 0);
    let forced = d
        .placements
        .iter()
        .all(|x| possible[x.cell as usize] == 1 << x.digit);
    kept && forced
}

/// Reduce each puzzle with `ts` to a fixed point, checking every deduction of every technique
/// on every state; returns the techniques that had one checked, and how many were.
fn run<B: Basis>(puzzles: &[Puzzle], ts: &[Technique]) -> (BTreeSet<Technique>, usize) {
    let cfg = Config::default();
    let mut checked = BTreeSet::new();
    let mut deductions = 0;
    for p in puzzles {
        let can = possible(p);
        let mut s = State::<B>::new(Grid::from_masks(&p.masks)).unwrap();
        common::reduce_each(&mut s, ts, &cfg, true, &mut |s, t, d| {
            assert!(
                holds(d, &can),
                "{} is untrue of some solution of {} (line {}):\n  {}\n  in grid {}",
                t.cli_name(),
                output::puzzle_line(p),
                p.line,
                d.describe(B::topology(), Alphabet::Standard),
                output::candidates_line(B::K, &s.grid().to_masks(), Alphabet::Standard)
            );
            checked.insert(t);
            deductions += 1;
        });
        // Every digit of every solution is still a candidate.
        for (c, &m) in can.iter().enumerate() {
            let left = s.get(c);
            let lost = (0..B::N).find(|&d| m >> d & 1 == 1 && !left.has(d));
            assert!(lost.is_none(), "cell {c} lost a digit of some solution");
        }
    }
    (checked, deductions)
}

/// Every technique but the uniqueness ones, whose premise these puzzles break.
fn techniques(n: usize) -> Vec<Technique> {
    Technique::parse_list("all", n)
        .unwrap()
        .into_iter()
        .filter(|t| !t.needs_uniqueness())
        .collect()
}

/// Run the first `most` fixtures of `path`, with a given out, and show what was checked; at
/// least `floor` techniques must have had a deduction checked (what these puzzles hold), or a
/// technique that stopped finding anything would pass unseen.
fn check_fixtures<B: Basis>(path: &str, most: usize, floor: usize) {
    let puzzles = several(path, most);
    assert_eq!(puzzles.len(), most);
    let (checked, deductions) = run::<B>(&puzzles, &techniques(B::N));
    let names: Vec<String> = checked.iter().map(|t| t.cli_name()).collect();
    eprintln!(
        "{n}x{n}, {most} puzzles: {deductions} deductions of {} checked",
        names.join(", "),
        n = B::N
    );
    assert!(checked.len() >= floor, "{names:?}");
}

#[test]
fn sound_on_9x9_puzzles_with_several_solutions() {
    // 33 of the 35 techniques hold an instance here (no remote pair, no y-knot).
    check_fixtures::<B3>("tests/data/9x9_magictour_top1465_first30.txt", 30, 30);
}

#[test]
fn sound_on_16x16_puzzles_with_several_solutions() {
    // 43 of the 47 techniques hold an instance here.
    check_fixtures::<B4>("tests/data/16x16_gen_minimal200_first10.txt", 5, 40);
}

/// The check refuses a step true of one solution only: removing, or placing, a digit that
/// some solution holds in a cell where others hold another (so the tests above can fail).
#[test]
fn check_refuses_a_step_untrue_of_some_solution() {
    let p = &several("tests/data/9x9_magictour_top1465_first30.txt", 1)[0];
    let can = possible(p);
    let (cell, m) = can
        .iter()
        .enumerate()
        .find(|(_, m)| m.count_ones() >= 2)
        .unwrap();
    let digit = m.trailing_zeros() as usize;
    let mut d = Deduction::new(Technique::NakedTuple(2));
    d.eliminations.push(Candidate::new(cell, digit));
    assert!(!holds(&d, &can));
    let mut d = Deduction::new(Technique::HiddenSingle);
    d.placements.push(Candidate::new(cell, digit));
    assert!(!holds(&d, &can));
    // A digit no solution holds there may go.
    let gone = (0..9).find(|&x| m >> x & 1 == 0).unwrap();
    let mut d = Deduction::new(Technique::NakedTuple(2));
    d.eliminations.push(Candidate::new(cell, gone));
    assert!(holds(&d, &can));
}

/// The same on more of the shared sets, for a longer run: `cargo test --release --test it
/// soundness_several:: -- --ignored --nocapture` (`NSUDOKU_SEVERAL=N` puzzles a file, 200 by
/// default).
#[test]
#[ignore]
fn sound_on_shared_sets_with_several_solutions() {
    let most = std::env::var("NSUDOKU_SEVERAL").map_or(200, |n| n.parse().unwrap());
    let path = |name: &str| common::shared_path(name).map(|p| p.display().to_string());
    for name in ["9x9/magictour_top1465.txt", "9x9/forum_hardest_1106.txt"] {
        let Some(file) = path(name) else { return };
        let puzzles = several(&file, most);
        let (checked, deductions) = run::<B3>(&puzzles, &techniques(9));
        let n = puzzles.len();
        eprintln!(
            "{name}: {n} puzzles, {deductions} deductions of {} techniques",
            checked.len()
        );
    }
    let Some(file) = path("16x16/gen_minimal200.txt") else {
        return;
    };
    let puzzles = several(&file, most / 4);
    let (checked, deductions) = run::<B4>(&puzzles, &techniques(16));
    let n = puzzles.len();
    eprintln!(
        "16x16: {n} puzzles, {deductions} deductions of {} techniques",
        checked.len()
    );
}
