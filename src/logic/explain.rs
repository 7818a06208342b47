//! A puzzle's solving path by logic from a parsed [`Puzzle`] of any size the logic layer takes:
//! what `nsudoku explain` prints, for a program that does not know the basis when it is built.
//!
//! ```
//! use nsudoku::{input, logic};
//! let p = input::read_one(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     Default::default(),
//! ).unwrap();
//! let all = "all".parse().unwrap();
//! let e = logic::explain(&p, &all, &Default::default()).unwrap();
//! assert_eq!(e.path.end, logic::engine::End::Solved);
//! assert_eq!(e.texts[0], "Hidden Single: 1 in row 1 => r1c6=1");
//! assert_eq!(e.texts.len(), e.path.steps.len());
//! ```

use super::engine::{self, Path};
use super::{Config, State, TechniqueList};
use crate::basis::{Basis, LOGIC};
use crate::solver::Contradiction;
use crate::{with_basis, Puzzle};
use std::fmt;

/// Why the logic layer does not take a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicError {
    /// Its basis is beyond [`LOGIC`] (the reader takes grids up to 225×225, the logic layer up
    /// to 100×100).
    Beyond {
        /// The puzzle's basis.
        k: usize,
    },
    /// Its givens contradict each other.
    Contradiction,
}

impl fmt::Display for LogicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogicError::Beyond { k } => write!(
                f,
                "a {} grid is beyond the logic layer; expected {} to {}",
                grid(*k),
                grid(*LOGIC.start()),
                grid(*LOGIC.end()),
            ),
            LogicError::Contradiction => Contradiction.fmt(f),
        }
    }
}

/// `9×9` for basis 3.
fn grid(k: usize) -> String {
    format!("{n}×{n}", n = k * k)
}

impl std::error::Error for LogicError {}

impl From<Contradiction> for LogicError {
    fn from(_: Contradiction) -> Self {
        LogicError::Contradiction
    }
}

/// The basis of `p`, when the logic layer takes it.
pub fn logic_basis(p: &Puzzle) -> Result<usize, LogicError> {
    if LOGIC.contains(&p.k) {
        Ok(p.k)
    } else {
        Err(LogicError::Beyond { k: p.k })
    }
}

/// A solving path and each step's text, as `nsudoku explain` prints it.
#[derive(Clone, Debug)]
pub struct Explained {
    /// The steps, how the path ended, the bounds hit.
    pub path: Path,
    /// Each step in the notation people know, in the puzzle's alphabet
    /// ([`Deduction::describe`](super::Deduction::describe)): `texts[i]` is `path.steps[i]`.
    pub texts: Vec<String>,
}

/// The path `nsudoku explain` takes through `p` with `techniques` (the easiest step each
/// time), within `cfg`'s bounds and at most a million steps. The uniqueness techniques take
/// part when `p` is proved to have one solution ([`crate::solve::proved_unique`]), whatever
/// `cfg.unique` says.
pub fn explain(
    p: &Puzzle,
    techniques: &TechniqueList,
    cfg: &Config,
) -> Result<Explained, LogicError> {
    let k = logic_basis(p)?;
    let cfg = Config {
        unique: crate::solve::proved_unique(p, cfg.deadline),
        ..*cfg
    };
    with_basis!(k, B => explain_in::<B>(p, techniques, &cfg))
}

/// One basis's [`explain`] in a frame of its own, with room for its grids
/// ([`with_room`](crate::solve::with_room)).
#[inline(never)]
fn explain_in<B: Basis>(
    p: &Puzzle,
    techniques: &TechniqueList,
    cfg: &Config,
) -> Result<Explained, LogicError> {
    crate::solve::with_room::<B, _>(|| {
        let mut s = State::<B>::of_puzzle(p)?;
        let path = engine::solve_path(&mut s, &techniques.for_size(B::N), cfg, MAX_STEPS);
        let texts = path
            .steps
            .iter()
            .map(|d| d.describe(B::topology(), p.text_alphabet()))
            .collect();
        Ok(Explained { path, texts })
    })
}

/// The longest path [`explain`] takes, and `nsudoku explain`'s default `--max-steps`: a
/// hundred times as many steps as a 100×100 grid has cells.
pub const MAX_STEPS: usize = 1_000_000;
