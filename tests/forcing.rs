//! Forcing chains: every deduction sound against the solution, and every printed proof complete
//! (replayed here, placement by placement, with masks of its own), on 9×9, 16×16 and 25×25
//! fixtures; and the CLI's rating of puzzles that only forcing chains finish.

use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::{check, engine, find_all, Config, Deduction, State, Technique};
use nsudoku::{input, solve, Alphabet, Basis, Mask};

mod common;
use common::{state, with_solutions};

const EASY: [Technique; 5] = [
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::Pointing,
    Technique::Claiming,
];

/// Replays the proof of forcing chain `d` from `s`: the first node is the eliminated candidate,
/// assumed; every later node must be a single (the cell's last digit, or the digit's last place
/// in a house of the cell) once the nodes before it are placed; and then the named cell must
/// have no digit, or the named house no place for the named digit.
fn replay<B: Basis>(s: &State<B>, d: &Deduction) -> Result<(), String> {
    let t = B::topology();
    let mut masks: Vec<B::Mask> = (0..B::CELLS).map(|c| s.get(c)).collect();
    let nodes: Vec<(usize, usize)> = d
        .evidence
        .chain
        .iter()
        .map(|n| {
            assert_eq!(n.candidates.len(), 1);
            (
                n.candidates[0].cell as usize,
                n.candidates[0].digit as usize,
            )
        })
        .collect();
    let e = d.eliminations[0];
    if d.eliminations.len() != 1 || nodes.first() != Some(&(e.cell as usize, e.digit as usize)) {
        return Err("the proof does not start from the eliminated candidate".into());
    }
    for (i, &(c, digit)) in nodes.iter().enumerate() {
        let bit = B::Mask::bit(digit);
        if !masks[c].has(digit) {
            return Err(format!("node {i}: the digit is gone from its cell"));
        }
        let naked = masks[c] == bit;
        let hidden = t.houses_of(c).iter().any(|&h| {
            t.house(h as usize)
                .iter()
                .all(|&q| q as usize == c || !masks[q as usize].has(digit))
        });
        if i > 0 && !naked && !hidden {
            return Err(format!("node {i}: not a single"));
        }
        masks[c] = bit;
        for &p in t.peers(c) {
            masks[p as usize] &= !bit;
        }
    }
    let ev = &d.evidence;
    let broken = match (ev.houses.first(), ev.digits.first(), ev.cells.first()) {
        (Some(&h), Some(&digit), _) => t
            .house(h as usize)
            .iter()
            .all(|&q| !masks[q as usize].has(digit as usize)),
        (_, _, Some(&c)) => masks[c as usize].is_empty(),
        _ => false,
    };
    if broken {
        Ok(())
    } else {
        Err("no contradiction after the placements".into())
    }
}

/// Along a path of easy steps and forcing chains (the shortest each time), every forcing chain
/// is sound and its proof replays. Returns how many were checked.
fn check_puzzle<B: Basis>(line: &str, solution: &[u8], max_steps: usize) -> usize {
    let mut s = state::<B>(line);
    let cfg = Config::default();
    let mut checked = 0;
    for _ in 0..max_steps {
        engine::reduce(&mut s, &EASY, &cfg).expect("easy steps are sound");
        if s.is_complete() {
            break;
        }
        let found = find_all(&s, Technique::ForcingChain, &cfg);
        for d in &found {
            let text = d.describe(B::topology(), Alphabet::Standard);
            check::check_in_state(&s, solution, d).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            replay(&s, d).unwrap_or_else(|e| panic!("{text}: {e}"));
            checked += 1;
        }
        // Shortest first.
        assert!(found
            .windows(2)
            .all(|w| w[0].chain_length() <= w[1].chain_length()));
        match found.first() {
            Some(d) => {
                s.apply(d).unwrap();
            }
            None => break,
        }
    }
    checked
}

#[test]
fn forcing_chains_are_sound_and_replay_on_9x9_fixtures() {
    let mut total = 0;
    for file in [
        include_str!("data/chains_9x9.txt"),
        include_str!("data/9x9_magictour_top1465_first30.txt"),
    ] {
        for line in file.lines().filter(|l| !l.trim().is_empty()) {
            let p = input::read_one(line, Default::default()).unwrap();
            let sol = solve::unique_solution(&p).unwrap();
            total += check_puzzle::<B3>(line, &sol, 20);
        }
    }
    assert!(total > 1000, "only {total} forcing chains checked");
}

#[test]
fn forcing_chains_are_sound_and_replay_on_16x16_fixtures() {
    let mut total = 0;
    for (p, sol) in with_solutions(
        include_str!("data/chains_16x16.txt"),
        include_str!("data/chains_16x16.sol"),
    ) {
        total += check_puzzle::<B4>(&p, &sol, 4);
    }
    assert!(total > 20, "only {total} forcing chains checked");
}

#[test]
fn forcing_chains_are_sound_and_replay_on_25x25_fixtures() {
    let mut total = 0;
    for (p, sol) in with_solutions(
        include_str!("data/chains_25x25.txt"),
        include_str!("data/chains_25x25.sol"),
    ) {
        total += check_puzzle::<B5>(&p, &sol, 2);
    }
    assert!(total > 0, "no forcing chain checked");
}

/// The replay can fail: a proof cut back to its assumption, or ending on another contradiction,
/// does not replay.
#[test]
fn a_cut_or_altered_proof_does_not_replay() {
    let line = include_str!("data/9x9_magictour_top1465_first30.txt")
        .lines()
        .next()
        .unwrap();
    let mut s = state::<B3>(line);
    engine::reduce(&mut s, &EASY, &Config::default()).unwrap();
    let found = find_all(&s, Technique::ForcingChain, &Config::default());
    assert!(found.len() > 5);
    for d in found.iter().filter(|d| d.evidence.chain.len() >= 2) {
        assert_eq!(replay(&s, d), Ok(()));
        let mut cut = d.clone();
        cut.evidence.chain.truncate(1);
        assert!(replay(&s, &cut).is_err());
        let mut other = d.clone();
        let ev = &mut other.evidence;
        if ev.houses.is_empty() {
            ev.cells[0] = (ev.cells[0] + 1) % 81;
        } else {
            ev.digits[0] = (ev.digits[0] + 1) % 9;
        }
        assert!(replay(&s, &other).is_err());
    }
}

fn nsudoku(args: &[&str], stdin: &str) -> (String, String, i32) {
    let out = common::run(args, stdin);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// magictour_top1465 line 1 got stuck after 22 steps (ER 6.5) before forcing chains: now it is
/// rated to the end, its hardest step a forcing chain on SE's dynamic forcing chain scale.
#[test]
fn rate_finishes_a_puzzle_that_needs_forcing_chains() {
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let (out, err, code) = nsudoku(&["rate", "--json"], line);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["end"], "solved");
    assert_eq!(v["hardest"], "forcing-chain");
    let er = v["er"].as_f64().unwrap();
    assert!((8.5..10.0).contains(&er), "ER {er}");

    let (out, _, code) = nsudoku(&["explain", "--techniques", "singles,forcing-chain"], line);
    assert_eq!(code, 0);
    let step = out
        .lines()
        .find(|l| l.starts_with("Forcing Chain: "))
        .expect("a forcing chain step");
    // `r1c3=2 -> r1c6=1 -> … -> no 5 in column 7 => r1c3<>2`
    let (proof, result) = step.split_once(" => ").unwrap();
    let first = proof["Forcing Chain: ".len()..]
        .split(" -> ")
        .next()
        .unwrap();
    assert_eq!(first.replace('=', "<>"), result);
    assert!(
        proof.ends_with(" empty") || proof.contains(" -> no "),
        "{step}"
    );
}
