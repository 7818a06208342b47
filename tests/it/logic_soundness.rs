//! Soundness: every deduction of every technique, on real puzzles of 9×9, 16×16 and 25×25, is
//! checked against the known solution before it is applied. A failure prints the technique, its
//! evidence and the candidate grid it was found in.
//!
//! Fixtures (tests/data, see the README there): 30 puzzles of `magictour_top1465` (solutions by
//! search), 10 of `16x16/gen_minimal200` and 3 of `25x25/gen_g300_10` with their `.sol` files.

use crate::common;
use nsudoku::alphabet::Alphabet;
use nsudoku::basis::{Basis, B3, B4, B5};
use nsudoku::input::{self, Puzzle, ReadOptions};
use nsudoku::logic::{check, State, Technique};
use nsudoku::{solve, Grid};
use std::collections::BTreeSet;

/// Every technique of this engine's finders for grids of `n` digits, in difficulty order (SE's
/// direct ones have a test of their own: before the patterns they stand for, they would change
/// the states the others meet).
fn techniques(n: usize) -> Vec<Technique> {
    let list = "singles,locked-candidates,naked-tuple,hidden-tuple,fish,finned-fish,xyz-wing,\
         unique-rectangle,hidden-rectangle,avoidable-rectangle,unique-loop,bug,\
         aligned-pair-exclusion,sue-de-coq,als-xz,als-xy-wing,death-blossom";
    Technique::parse_list(list, n).unwrap()
}

fn read(path: &str, alphabet: Option<Alphabet>) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(path).unwrap();
    let opts = ReadOptions {
        alphabet,
        format: None,
    };
    input::read_all(&text, opts)
        .into_iter()
        .map(|r| r.unwrap())
        .collect()
}

/// The solutions of `puzzles`, each found by search (each has exactly one).
fn searched(puzzles: &[Puzzle]) -> Vec<Vec<u8>> {
    puzzles
        .iter()
        .map(|p| solve::unique_solution(p).unwrap())
        .collect()
}

/// `idle` and the fish no state of the shared sets holds at `n`×`n`: those from size 6 up at
/// 16×16, unfinned from 5 up at 25×25. They are above half a digit's open lines, found as
/// their smaller complements (the `fish` and `fish::finned` modules; `logic_props` checks
/// every size).
fn idle_with(idle: &[&str], n: usize) -> Vec<String> {
    let (fish, finned) = if n == 16 { (6, 6) } else { (5, 6) };
    let names = idle.iter().map(|s| s.to_string());
    let fish = (fish..=n / 2).map(|k| format!("fish-{k}"));
    names
        .chain(fish)
        .chain((finned..=n / 2).map(|k| format!("finned-fish-{k}")))
        .collect()
}

/// `list` as [`run`] takes it.
fn names(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

/// Check every puzzle; every technique but those named in `absent` (by their command-line
/// names) must have had a deduction checked, or the test shows nothing of its soundness.
fn run<B: Basis>(puzzles: &[Puzzle], solutions: &[Vec<u8>], absent: &[&str]) -> usize {
    run_with::<B>(&techniques(B::N), puzzles, solutions, absent)
}

/// [`run`] with the techniques `ts`.
fn run_with<B: Basis>(
    ts: &[Technique],
    puzzles: &[Puzzle],
    solutions: &[Vec<u8>],
    absent: &[&str],
) -> usize {
    assert_eq!(puzzles.len(), solutions.len());
    let (mut solved, mut applied) = (0, 0);
    let mut checked = BTreeSet::new();
    for (p, sol) in puzzles.iter().zip(solutions) {
        // Every technique on every state reached, each deduction checked.
        let mut note = |t| {
            checked.insert(t);
        };
        let (a, done) = common::reduce_checked::<B>(p, sol, ts, true, &mut note);
        applied += a;
        solved += done as usize;
    }
    assert!(applied > 0);
    let what = format!("{}×{}", B::N, B::N);
    common::assert_checked(ts, &checked, absent, &what);
    solved
}

/// Sudoku Explainer's direct steps, each checked against the solution, at the three sizes:
/// before the patterns they stand for (and after the singles), as `rate` meets them.
#[test]
fn direct_steps_are_sound() {
    let list = "singles,direct,locked-candidates,hidden-pair,hidden-triple";
    let ts = |n| Technique::parse_list(list, n).unwrap();
    let digits = |ps: Vec<Puzzle>| -> Vec<Vec<u8>> { ps.iter().map(|s| s.digits()).collect() };
    let nine = read("tests/data/9x9_magictour_top1465_first30.txt", None);
    run_with::<B3>(&ts(9), &nine, &searched(&nine), &[]);
    let sixteen = read("tests/data/16x16_gen_minimal200_first10.txt", None);
    let sol = digits(read("tests/data/16x16_gen_minimal200_first10.sol", None));
    run_with::<B4>(&ts(16), &sixteen, &sol, &[]);
    let letters = Some(Alphabet::Letters);
    let big = read("tests/data/25x25_gen_g300_10_first3.txt", letters);
    let sol = digits(read("tests/data/25x25_gen_g300_10_first3.sol", letters));
    // No grid of these three ends with a full house (as in `sound_on_25x25`).
    run_with::<B5>(&ts(25), &big, &sol, &["full-house"]);
}

#[test]
fn sound_on_9x9() {
    let puzzles = read("tests/data/9x9_magictour_top1465_first30.txt", None);
    assert_eq!(puzzles.len(), 30);
    let solutions = searched(&puzzles);
    // BUG+1 has hand-made grids of its own (logic_techniques): none arises here. The
    // jellyfish these states held were above half a digit's open lines, complements of X-Wings
    // and Swordfish, found as those (the `fish` module; logic_props checks every size).
    // No avoidable rectangle either: `sound_on_avoidable_rectangles` has puzzles of its own.
    let absent = ["bug", "jellyfish", "avoidable-rectangle"];
    let solved = run::<B3>(&puzzles, &solutions, &absent);
    eprintln!("9x9: {solved} of 30 solved by these techniques");
}

/// The avoidable rectangle needs digits placed by steps, not givens, at the corners of a
/// rectangle whose open corners still hold the digits that would complete it: late in a path,
/// where the fixtures above stop. Six puzzles of 17_clue whose paths take one of each type.
#[test]
fn sound_on_avoidable_rectangles() {
    let puzzles = read("tests/data/9x9_17_clue_avoidable.txt", None);
    assert_eq!(puzzles.len(), 6);
    let solutions = searched(&puzzles);
    let ts = techniques(9);
    let others: Vec<String> = ts
        .iter()
        .map(|t| t.cli_name())
        .filter(|name| name != "avoidable-rectangle")
        .collect();
    run_with::<B3>(&ts, &puzzles, &solutions, &names(&others));
}

#[test]
fn sound_on_16x16() {
    let puzzles = read("tests/data/16x16_gen_minimal200_first10.txt", None);
    let solutions: Vec<Vec<u8>> = read("tests/data/16x16_gen_minimal200_first10.sol", None)
        .iter()
        .map(|s| s.digits())
        .collect();
    assert_eq!(puzzles.len(), 10);
    // No unique loop: the rated paths meet them (`rating::`), these states do not. Nor an
    // avoidable rectangle (`sound_on_avoidable_rectangles`).
    let absent = idle_with(&["bug", "unique-loop", "avoidable-rectangle"], 16);
    let solved = run::<B4>(&puzzles, &solutions, &names(&absent));
    eprintln!("16x16: {solved} of 10 solved by these techniques");
}

#[test]
fn sound_on_25x25() {
    let letters = Some(Alphabet::Letters);
    let puzzles = read("tests/data/25x25_gen_g300_10_first3.txt", letters);
    let solutions: Vec<Vec<u8>> = read("tests/data/25x25_gen_g300_10_first3.sol", letters)
        .iter()
        .map(|s| s.digits())
        .collect();
    assert_eq!(puzzles.len(), 3);
    // None of the three is solved by these techniques: no grid ends with a full house.
    let absent = idle_with(
        &[
            "bug",
            "unique-rectangle",
            "hidden-rectangle",
            "avoidable-rectangle",
            "unique-loop",
            "full-house",
        ],
        25,
    );
    let solved = run::<B5>(&puzzles, &solutions, &names(&absent));
    eprintln!("25x25: {solved} of 3 solved by these techniques");
}

/// The checker catches an unsound "deduction" and shows the grid (so the tests above can fail).
#[test]
fn checker_catches_a_wrong_elimination() {
    let p = &read("tests/data/9x9_magictour_top1465_first30.txt", None)[0];
    let sol = solve::unique_solution(p).unwrap();
    let mut d = nsudoku::logic::Deduction::new(Technique::NakedTuple(2));
    let open = (0..81).find(|&c| p.digits()[c] == 0).unwrap();
    d.eliminations
        .push(nsudoku::logic::Candidate::new(open, sol[open] as usize - 1));
    let s = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
    let e = check::check_in_state(&s, &sol, &d).unwrap_err();
    assert!(e.contains("unsound naked-pair"), "{e}");
    assert!(e.contains("in grid"), "{e}");
}

/// The whole shared sets, for a longer run: `cargo test --release --test it logic_soundness:: --
/// --ignored` (needs `../shared/data`, or the directory named by `NSUDOKU_DATA`).
#[test]
#[ignore]
fn sound_on_shared_sets() {
    let dir = std::env::var("NSUDOKU_DATA").unwrap_or_else(|_| "../shared/data".into());
    let p9 = read(&format!("{dir}/9x9/magictour_top1465.txt"), None);
    let s9 = searched(&p9);
    eprintln!(
        "9x9: {} of {} solved",
        run::<B3>(&p9, &s9, &["bug"]),
        p9.len()
    );
    let p16 = read(&format!("{dir}/16x16/gen_minimal200.txt"), None);
    let s16: Vec<Vec<u8>> = read(&format!("{dir}/16x16/gen_minimal200.sol"), None)
        .iter()
        .map(|s| s.digits())
        .collect();
    eprintln!(
        "16x16: {} of {} solved",
        run::<B4>(
            &p16,
            &s16,
            &names(&idle_with(&["bug", "avoidable-rectangle"], 16))
        ),
        p16.len()
    );
    let letters = Some(Alphabet::Letters);
    let absent25 = [
        "bug",
        "unique-rectangle",
        "hidden-rectangle",
        "avoidable-rectangle",
        "unique-loop",
        "full-house",
    ];
    for set in ["gen_g300_10", "gen_g280_10"] {
        let p25 = read(&format!("{dir}/25x25/{set}.txt"), letters);
        let s25: Vec<Vec<u8>> = read(&format!("{dir}/25x25/{set}.sol"), letters)
            .iter()
            .map(|s| s.digits())
            .collect();
        eprintln!(
            "25x25 {set}: {} of {} solved",
            run::<B5>(&p25, &s25, &names(&idle_with(&absent25, 25))),
            p25.len()
        );
    }
}
