//! Property tests: a random solved grid with random holes is solved to a valid grid that keeps
//! the givens. The grids are valid by construction (`generate::pattern_grid`: a pattern shuffled
//! by the validity-preserving symmetries, checked again here), so the test never trusts the
//! solver to make its inputs.

use nsudoku::generate::{pattern_grid, Rng};
use nsudoku::grid::{is_valid_solution, keeps_givens};
use nsudoku::input::Puzzle;
use nsudoku::solver::SolveOptions;
use nsudoku::{solve, Alphabet};
use proptest::prelude::*;

fn check(k: usize, seed: u64, hole_percent: u64) {
    let mut rng = Rng::new(seed);
    let solution = pattern_grid(k, &mut rng);
    assert!(is_valid_solution(k, &solution));
    let puzzle: Vec<u8> = solution
        .iter()
        .map(|&d| {
            if rng.next_u64() % 100 < hole_percent {
                0
            } else {
                d
            }
        })
        .collect();
    let p = Puzzle::from_digits(k, &puzzle, Alphabet::Standard).unwrap();
    let c = solve::count(
        &p,
        &SolveOptions {
            limit: 1,
            ..SolveOptions::default()
        },
    );
    let found = c.first.expect("a puzzle cut from a solution has one");
    assert!(is_valid_solution(k, &found), "k={k} seed={seed}");
    assert!(keeps_givens(&puzzle, &found), "k={k} seed={seed}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn solves_random_holes_k2_to_k4(k in 2usize..=4, seed: u64, holes in 0u64..=100) {
        check(k, seed, holes);
    }

    #[test]
    fn solves_random_holes_k5(seed: u64, holes in 0u64..=30) {
        check(5, seed, holes);
    }
}

#[test]
fn solves_generated_grids_of_bases_6_to_10() {
    for k in 6..=10 {
        for seed in 0..2 {
            check(k, 1000 * k as u64 + seed, 30);
        }
    }
}
