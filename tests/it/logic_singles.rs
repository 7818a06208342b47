//! Singles solve an easy puzzle, every step checked against the solution.

use nsudoku::alphabet::Alphabet;
use nsudoku::basis::B3;
use nsudoku::logic::{check, engine, find_all, Config, State, Technique};
use nsudoku::mask::Mask;
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
    let ts = Technique::SINGLES;
    let path = engine::solve_path(&mut s, &ts, &Config::default(), 1000);
    assert_eq!(path.end, engine::End::Solved);
    for d in &path.steps {
        check::check_deduction::<B3>(&solution, d).unwrap();
    }
    assert_eq!(s.digits(), solution);
}

/// A hidden single says which house leaves its digit one cell: `1 in column 4 => r5c4=1`,
/// so the same placement found in a row and in a box reads as two different reasons.
#[test]
fn a_hidden_single_names_its_digit_and_house() {
    let p = input::read_one(
        ".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....",
        Default::default(),
    )
    .unwrap();
    let s = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
    let t = <B3 as nsudoku::basis::Basis>::topology();
    let found = find_all(&s, Technique::HiddenSingle, &Config::default());
    assert!(!found.is_empty());
    for d in &found {
        let (p, h) = (d.placements[0], d.evidence.houses[0] as usize);
        let open_for_digit = t
            .house(h)
            .iter()
            .filter(|&&c| !s.is_solved(c as usize) && s.get(c as usize).has(p.digit as usize))
            .count();
        assert_eq!(open_for_digit, 1);
        let text = d.describe(t, Alphabet::Standard);
        let expected = format!(
            "Hidden Single: {} in {} => {}={}",
            p.digit + 1,
            t.house_name(h),
            t.cell_name(p.cell as usize),
            p.digit + 1
        );
        assert_eq!(text, expected);
    }
}

/// A path told step by step tells every step, in order, as it is taken; a caller that breaks
/// ends the path at the step it broke on.
#[test]
fn a_path_told_step_by_step_tells_each_step_and_stops_when_asked() {
    use std::ops::ControlFlow;
    let p = input::read_one(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        Default::default(),
    )
    .unwrap();
    let ts = Technique::SINGLES;
    let cfg = Config::default();
    let start = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
    let whole = engine::solve_path(&mut start.clone(), &ts, &cfg, 1000);
    assert!(whole.steps.len() > 10);

    let mut told = Vec::new();
    let path = engine::solve_path_told(&mut start.clone(), &ts, &cfg, 1000, |d| {
        told.push(d.clone());
        ControlFlow::Continue(())
    });
    assert_eq!(path.end, engine::End::Solved);
    assert_eq!(told, whole.steps);

    let mut s = start.clone();
    let mut n = 0;
    let cut = engine::solve_path_told(&mut s, &ts, &cfg, 1000, |_| {
        n += 1;
        if n == 5 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((n, cut.steps.len()), (5, 5));
    assert_eq!(cut.end, engine::End::Stuck);
    assert_eq!(cut.steps, whole.steps[..5]);
    assert!(!s.is_complete());
}
