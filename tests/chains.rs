//! Chains by tagging: hand-made grids with exact eliminations, and soundness of every chain
//! deduction against the solution on 9×9, 16×16 and 25×25 fixtures.

use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::{check, engine, find_all, Config, Deduction, State, Technique};
use nsudoku::{input, solve, Alphabet, Basis, Grid};

const CHAINS: [Technique; 5] = [
    Technique::RemotePair,
    Technique::XChain,
    Technique::XyChain,
    Technique::NiceLoop,
    Technique::Aic,
];

const SINGLES: [Technique; 3] = [
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
];

fn state<B: Basis>(line: &str) -> State<B> {
    let p = input::read_one(line, Default::default()).unwrap();
    assert_eq!(p.k, B::K);
    State::new(Grid::from_masks(&p.masks)).unwrap()
}

fn describe<B: Basis>(d: &Deduction) -> String {
    d.describe(B::topology(), Alphabet::Standard)
}

/// Every deduction of every chain technique is sound, after singles and along a path that uses
/// singles and chains (the easiest first), up to `max_steps` chain steps.
fn check_puzzle<B: Basis>(line: &str, solution: &[u8], max_steps: usize) -> usize {
    let mut s = state::<B>(line);
    let cfg = Config::default();
    let mut checked = 0;
    let mut ts = SINGLES.to_vec();
    ts.extend(CHAINS);
    for _ in 0..max_steps {
        engine::reduce(&mut s, &SINGLES, &cfg).expect("singles are sound");
        if s.is_complete() {
            break;
        }
        for t in CHAINS {
            for d in find_all(&s, t, &cfg) {
                assert_eq!(d.technique, t);
                assert!(!d.eliminations.is_empty());
                assert!(d.chain_length() >= 1 && d.chain_length() <= cfg.chain_length);
                check::check_in_state(&s, solution, &d).unwrap();
                checked += 1;
            }
        }
        match engine::next_step(&s, &ts, &cfg) {
            Some(d) => {
                check::check_in_state(&s, solution, &d).unwrap();
                s.apply(&d).unwrap();
            }
            None => break,
        }
    }
    checked
}

#[test]
fn chains_are_sound_on_9x9_fixtures() {
    let text = include_str!("data/chains_9x9.txt");
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let p = input::read_one(line, Default::default()).unwrap();
        let sol = solve::unique_solution(&p).unwrap();
        total += check_puzzle::<B3>(line, &sol, 8);
    }
    assert!(total > 100, "only {total} chain deductions checked");
}

fn with_solutions(puzzles: &str, sols: &str) -> Vec<(String, Vec<u8>)> {
    puzzles
        .lines()
        .zip(sols.lines())
        .map(|(p, s)| {
            let sol = input::read_one(s, Default::default()).unwrap().digits();
            (p.to_string(), sol)
        })
        .collect()
}

#[test]
fn chains_are_sound_on_16x16_fixtures() {
    let mut total = 0;
    for (p, sol) in with_solutions(
        include_str!("data/chains_16x16.txt"),
        include_str!("data/chains_16x16.sol"),
    ) {
        total += check_puzzle::<B4>(&p, &sol, 3);
    }
    assert!(total > 0);
}

#[test]
fn chains_are_sound_on_25x25_fixtures() {
    let mut total = 0;
    for (p, sol) in with_solutions(
        include_str!("data/chains_25x25.txt"),
        include_str!("data/chains_25x25.sol"),
    ) {
        total += check_puzzle::<B5>(&p, &sol, 2);
    }
    assert!(total > 0);
}
