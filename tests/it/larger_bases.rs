//! Bases 11 to 15 (121×121 to 225×225): the multi-word masks and the 256-bit interchange on
//! real searches. Grids are built by construction (the shifted pattern, shuffled), so every
//! expected answer is known without the solver: a grid with holes is solved to a valid grid
//! that keeps its givens (each house checked here, from scratch), the grid without every place
//! of two digits has 2+ solutions, and a hole denied the only digit it can take has none.

use nsudoku::generate::{pattern_grid, Rng};
use nsudoku::input::{self, Format, ReadOptions};
use nsudoku::mask::Wide256;
use nsudoku::solver::{Count, SolveOptions};
use nsudoku::{output, solve, Alphabet, Mask, Puzzle};

/// A 225×225 grid is 1.6 MB and a search keeps a few on the stack: run each case on a thread
/// with the CLI workers' stack, not the 2 MB of a test thread.
fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// Every row, column and box of `digits` (basis `k`) holds each of 1..=N once, checked from
/// scratch with sets of its own (not the library's checker).
fn houses_hold_every_digit(k: usize, digits: &[u8]) -> bool {
    let n = k * k;
    let house = |cells: Vec<usize>| {
        let mut seen = vec![false; n + 1];
        cells.into_iter().all(|c| {
            let d = digits[c] as usize;
            (1..=n).contains(&d) && !std::mem::replace(&mut seen[d], true)
        })
    };
    digits.len() == n * n
        && (0..n).all(|r| house((0..n).map(|c| r * n + c).collect()))
        && (0..n).all(|c| house((0..n).map(|r| r * n + c).collect()))
        && (0..n).all(|b| {
            let (r0, c0) = ((b / k) * k, (b % k) * k);
            house((0..n).map(|i| (r0 + i / k) * n + c0 + i % k).collect())
        })
}

/// A puzzle of basis `k` from `digits` (0 = empty), built as the parser builds one.
fn puzzle(k: usize, digits: &[u8]) -> Puzzle {
    Puzzle::from_digits(k, digits, Alphabet::Standard).unwrap()
}

fn count(p: &Puzzle, limit: usize) -> Count {
    let opts = SolveOptions {
        limit,
        max_nodes: Some(20_000),
        ..SolveOptions::default()
    };
    solve::count(p, &opts)
}

/// `solution` with about `holes` cells in a thousand emptied at random.
fn with_holes(solution: &[u8], holes: usize, rng: &mut Rng) -> Vec<u8> {
    solution
        .iter()
        .map(|&d| if rng.below(1000) < holes { 0 } else { d })
        .collect()
}

/// A grid with a quarter of its cells emptied is solved (after a search: these shuffled
/// pattern grids keep many solutions) to a valid grid keeping the givens; without every place
/// of two digits it has 2+ solutions; and with two of those places denied the digits that one
/// state of their chain would need and the other state too, it has none.
fn three_outcomes(k: usize, seed: u64) {
    let n = k * k;
    let mut rng = Rng::new(seed);
    let solution = pattern_grid(k, &mut rng);
    assert!(houses_hold_every_digit(k, &solution), "the construction");
    let givens = with_holes(&solution, 250, &mut rng);
    let c = count(&puzzle(k, &givens), 2);
    assert!(
        c.solutions >= 1 && !c.budget_exceeded(),
        "{n}×{n}: {:?}",
        c.stats
    );
    let first = c.first.as_ref().unwrap();
    assert!(
        houses_hold_every_digit(k, first),
        "{n}×{n}: not a valid grid"
    );
    assert!(givens.iter().zip(first).all(|(&g, &s)| g == 0 || g == s));

    // Every place of digits 1 and N emptied: swapping the two is a second solution. Digit N
    // is the mask's top bit (above bit 127 from 144×144 up).
    let (a, b) = (1, n as u8);
    let two: Vec<u8> = solution
        .iter()
        .map(|&d| if d == a || d == b { 0 } else { d })
        .collect();
    let p = puzzle(k, &two);
    let c = count(&p, 2);
    assert_eq!((c.solutions, c.limit_reached), (2, true), "{n}×{n}");
    let first = c.first.as_ref().unwrap();
    assert!(houses_hold_every_digit(k, first));
    assert!(two.iter().zip(first).all(|(&g, &s)| g == 0 || g == s));

    // The emptied cells that share a house with each other form chains; along one, the
    // digits either stay or all swap. Deny a at the first cell that held a (it must swap) and
    // b at a later cell of its chain that held a (it must stay): no solution.
    let open: Vec<usize> = (0..n * n).filter(|&c| two[c] == 0).collect();
    let peers = |x: usize, y: usize| {
        let (rx, cx, ry, cy) = (x / n, x % n, y / n, y % n);
        rx == ry || cx == cy || (rx / k == ry / k && cx / k == cy / k)
    };
    let x = *open.iter().find(|&&c| solution[c] == a).unwrap();
    let (mut chain, mut i) = (vec![x], 0);
    while i < chain.len() {
        let at = chain[i];
        for &y in &open {
            if !chain.contains(&y) && peers(at, y) {
                chain.push(y);
            }
        }
        i += 1;
    }
    let z = *chain[1..]
        .iter()
        .rev()
        .find(|&&c| solution[c] == a)
        .unwrap();
    let mut denied = p.clone();
    let all = Wide256::low(n);
    denied.masks.set(x, all & !Wide256::bit(a as usize - 1));
    denied.masks.set(z, all & !Wide256::bit(b as usize - 1));
    let c = count(&denied, 2);
    assert_eq!((c.solutions, c.budget_exceeded()), (0, false), "{n}×{n}");
}

#[test]
fn basis_11_solves_counts_and_refutes() {
    on_big_stack(|| three_outcomes(11, 11));
}

#[test]
fn basis_12_solves_counts_and_refutes() {
    on_big_stack(|| three_outcomes(12, 12));
}

#[test]
fn basis_13_solves_counts_and_refutes() {
    on_big_stack(|| three_outcomes(13, 13));
}

#[test]
fn basis_14_solves_counts_and_refutes() {
    on_big_stack(|| three_outcomes(14, 14));
}

#[test]
fn basis_15_solves_counts_and_refutes() {
    on_big_stack(|| three_outcomes(15, 15));
}

/// A 144×144 grid written as numbers (the only form beyond 61 digits) reads back to the same
/// candidates, and its solution is written back as numbers.
#[test]
fn a_144_grid_of_numbers_reads_back() {
    on_big_stack(|| {
        let mut rng = Rng::new(1);
        let solution = pattern_grid(12, &mut rng);
        let givens = with_holes(&solution, 100, &mut rng);
        let p = puzzle(12, &givens);
        assert_eq!(p.format, Format::Numbers);
        let line = output::like_input(&p, &p.digits());
        let q = input::read_one(&line, ReadOptions::default()).unwrap();
        assert_eq!((q.k, q.format, &q.masks), (12, Format::Numbers, &p.masks));
        assert_eq!(q.masks.get(0).count(), if givens[0] == 0 { 144 } else { 1 });
        let c = count(&q, 1);
        let first = c.first.as_ref().unwrap();
        assert!(houses_hold_every_digit(12, first));
        let written = output::like_input(&q, first);
        let want: Vec<String> = first.iter().map(|d| d.to_string()).collect();
        assert_eq!(written, want.join(" "));
    });
}

/// The two public 144×144 puzzles (rkkautsar, 65 % given) are solved and proved unique.
#[test]
fn the_public_144_puzzles_are_unique() {
    let Some(text) = crate::common::shared_data("larger/rkkautsar_144x144.txt") else {
        return;
    };
    on_big_stack(move || {
        let puzzles: Vec<Puzzle> = input::read_all(&text, ReadOptions::default())
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(puzzles.len(), 2);
        for p in &puzzles {
            let c = count(p, 2);
            assert!(c.is_unique(), "line {}: {c:?}", p.line);
            let first = c.first.as_ref().unwrap();
            assert!(houses_hold_every_digit(12, first));
            assert!(p
                .digits()
                .iter()
                .zip(first)
                .all(|(&g, &s)| g == 0 || g == s));
        }
    });
}

/// The logic layer stops at 100×100: a picture of a larger grid is an error, not a panic.
#[test]
fn pictures_of_a_144_grid_are_an_error() {
    let mut rng = Rng::new(2);
    let p = puzzle(12, &with_holes(&pattern_grid(12, &mut rng), 100, &mut rng));
    let err = nsudoku::render::initial_candidates(&p).unwrap_err();
    assert_eq!(
        err,
        "a 144×144 grid is beyond the pictures' bases (up to 100×100)"
    );
    assert!(nsudoku::render::solve_path(&p, None, &Default::default(), 10).is_err());
    assert!(nsudoku::render::replay(&p, &[], &mut |_, _, _| {}).is_err());
}

/// `generate::is_minimal` needs only the solver, so it takes the larger bases too: a full
/// 121×121 grid is not minimal (any one given follows from the others).
#[test]
fn a_full_121_grid_is_not_minimal() {
    on_big_stack(|| {
        let mut rng = Rng::new(11);
        let full = pattern_grid(11, &mut rng);
        assert!(!nsudoku::generate::is_minimal(11, &full));
    });
}
