//! Pictures a person can read: grids, candidate grids and solving steps as plain, standalone,
//! scalable SVG, and a whole solving path as one self-contained web page.
//!
//! Pictures work at run time size ([`Board`]): the basis type is only needed to replay a path
//! ([`replay`]), which goes through [`with_basis!`](crate::with_basis) once.
//!
//! - [`svg`]: a tiny XML writer (escaping, short numbers) and a well-formedness checker.
//! - [`grid`]: a grid of any basis up to 100×100, with or without candidates.
//! - [`step`]: one deduction drawn from its evidence.
//! - [`html`]: the path page (puzzle, each step's text and picture, prev/next).

pub mod grid;
pub mod html;
pub mod step;
pub mod svg;

pub use grid::{Board, Options};

use crate::basis::Basis;
use crate::input::Puzzle;
use crate::logic::{engine, givens_clash, Config, Deduction, State, Technique};
use crate::mask::Mask;
use crate::topology::Topology;

/// The shared topology of basis `k` (2..=10).
///
/// # Panics
///
/// When `k` is not in [`crate::basis::LOGIC`], as [`crate::with_basis!`] does.
pub fn topology(k: usize) -> &'static Topology {
    crate::with_basis!(k, B => B::topology())
}

impl Board {
    /// The puzzle as written: givens, and the candidates the input gave (all digits in an
    /// empty cell of a line-format puzzle).
    pub fn from_puzzle(p: &Puzzle) -> Board {
        Board {
            k: p.k,
            alphabet: p.text_alphabet(),
            givens: p.masks.iter().map(Mask::digit).collect(),
            placed: vec![0; p.masks.len()],
            candidates: p.masks.to_vec(),
        }
    }

    /// The puzzle's givens with `solution` (1-based digits) filling the other cells.
    ///
    /// # Panics
    ///
    /// When `solution` holds more digits than the puzzle has cells.
    pub fn with_solution(p: &Puzzle, solution: &[u8]) -> Board {
        let mut b = Board::from_puzzle(p);
        for (cell, &d) in solution.iter().enumerate() {
            if b.givens[cell] == 0 {
                b.placed[cell] = d;
            }
        }
        b
    }

    /// The puzzle's givens, the digits `state` has placed, and its candidates.
    ///
    /// # Panics
    ///
    /// When `state` is not of `p`'s basis.
    pub fn from_state<B: Basis>(p: &Puzzle, state: &State<B>) -> Board {
        assert_eq!(
            p.k,
            B::K,
            "a state of basis {} for a puzzle of basis {}",
            B::K,
            p.k
        );
        let mut b = Board::from_puzzle(p);
        for (cell, d) in state.digits().into_iter().enumerate() {
            if b.givens[cell] == 0 {
                b.placed[cell] = d;
            }
        }
        b.candidates = state.grid().to_masks();
        b
    }
}

/// Why a picture could not be made.
pub type Error = String;

/// `Ok` when the logic layer, which pictures replay, is built for `p`'s basis (up to 100×100):
/// [`crate::logic::logic_basis`], said of pictures.
pub(crate) fn logic_basis(p: &Puzzle) -> Result<(), Error> {
    crate::logic::logic_basis(p).map(drop).map_err(|_| {
        let (n, m) = (p.n(), crate::basis::LOGIC.end() * crate::basis::LOGIC.end());
        format!("a {n}×{n} grid is beyond the pictures' bases (up to {m}×{m})")
    })
}

/// The candidate grid of a puzzle before any step: the givens' digits removed from their peers.
pub fn initial_candidates(p: &Puzzle) -> Result<Board, Error> {
    logic_basis(p)?;
    crate::with_basis!(p.k, B => {
        let s = State::<B>::of_puzzle(p).map_err(|_| givens_clash(p))?;
        Ok(Board::from_state(p, &s))
    })
}

/// Replay `steps` from the puzzle's start, calling `f(i, board_before, step)` for each step
/// (0-based `i`), and return the board after the last one. A path that ends in a
/// contradiction keeps the step that broke the grid as its last: that step is shown like the
/// others and the board before it is returned. Fails when an earlier step does not apply, or
/// when a step names a cell, digit or house outside the grid.
pub fn replay(
    p: &Puzzle,
    steps: &[Deduction],
    f: &mut dyn FnMut(usize, &Board, &Deduction),
) -> Result<Board, Error> {
    logic_basis(p)?;
    crate::with_basis!(p.k, B => replay_in::<B>(p, steps, f))
}

fn replay_in<B: Basis>(
    p: &Puzzle,
    steps: &[Deduction],
    f: &mut dyn FnMut(usize, &Board, &Deduction),
) -> Result<Board, Error> {
    let mut s = State::<B>::of_puzzle(p).map_err(|_| givens_clash(p))?;
    for (i, d) in steps.iter().enumerate() {
        if !d.fits(B::topology()) {
            let n = B::N;
            return Err(format!(
                "step {} names a cell, digit or house outside the {n}×{n} grid",
                i + 1
            ));
        }
        let before = Board::from_state(p, &s);
        f(i, &before, d);
        if s.apply(d).is_err() {
            if i + 1 == steps.len() {
                return Ok(before);
            }
            return Err(format!("step {} breaks the grid", i + 1));
        }
    }
    Ok(Board::from_state(p, &s))
}

/// The solving path of `p` with `techniques` (all, in difficulty order, when `None`): the
/// steps and how it ended.
pub fn solve_path(
    p: &Puzzle,
    techniques: Option<&[Technique]>,
    cfg: &Config,
    max_steps: usize,
) -> Result<engine::Path, Error> {
    path_in(p, techniques, cfg, max_steps, false)
}

/// The path `nsudoku rate` measures ([`crate::rating::rated_path_told`]): the easiest step by
/// rating each time, among `techniques` (all when `None`).
pub fn rated_path(
    p: &Puzzle,
    techniques: Option<&[Technique]>,
    cfg: &Config,
    max_steps: usize,
) -> Result<engine::Path, Error> {
    path_in(p, techniques, cfg, max_steps, true)
}

fn path_in(
    p: &Puzzle,
    techniques: Option<&[Technique]>,
    cfg: &Config,
    max_steps: usize,
    rated: bool,
) -> Result<engine::Path, Error> {
    logic_basis(p)?;
    // With room for a path's grids from 81×81 up ([`with_room`](crate::solve::with_room)).
    crate::with_basis!(p.k, B => crate::solve::with_room::<B, _>(|| {
        let mut s = State::<B>::of_puzzle(p).map_err(|_| givens_clash(p))?;
        // Unless told, a rated path is `rate`'s, over its techniques.
        let all = match rated {
            true => crate::rating::rating_order(B::N),
            false => crate::logic::technique::default_order(B::N),
        };
        let ts = techniques.unwrap_or(&all);
        Ok(if rated {
            let go = |_: &Deduction| std::ops::ControlFlow::Continue(());
            crate::rating::rated_path_told(&mut s, ts, cfg, max_steps, go)
        } else {
            engine::solve_path(&mut s, ts, cfg, max_steps)
        })
    }))
}
