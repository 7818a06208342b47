//! Singles solve an easy puzzle, every step checked against the solution.

use nsudoku::basis::B3;
use nsudoku::logic::{check, engine, Config, State, Technique};
use nsudoku::{input, solve, Grid};

#[test]
fn singles_solve_easy_puzzle_soundly() {
    let p = input::read_one(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        Default::default(),
    )
    .unwrap();
    let solution = solve::unique_solution(&p).unwrap();
    let mut s = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
    let ts = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
    ];
    let path = engine::solve_path(&mut s, &ts, &Config::default(), 1000);
    assert_eq!(path.end, engine::End::Solved);
    for d in &path.steps {
        check::check_deduction::<B3>(&solution, d).unwrap();
    }
    assert_eq!(s.digits(), solution);
}
