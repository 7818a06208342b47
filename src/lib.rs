//! nsudoku: solve, explain, rate, generate and benchmark Sudoku of any basis K (grids of
//! N = K² digits: 9×9, 16×16, 25×25, … 225×225; the logic layer up to 100×100).
//!
//! One engine serves every basis: the basis is a type ([`Basis`]) that fixes the candidate mask
//! word and the cell array, and input of unknown size is dispatched to it once, at the edge
//! ([`with_solver_basis!`] for solving, [`with_basis!`] for the logic layer).
//!
//! ```
//! use nsudoku::{input, solve};
//! let p = input::read_one(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     Default::default(),
//! ).unwrap();
//! let c = solve::count(&p, &Default::default());
//! assert_eq!(c.solutions, 1);
//! assert!(nsudoku::grid::is_valid_solution(3, c.first.as_ref().unwrap()));
//! ```
//!
//! Batches keep going past bad lines: each line gives a puzzle or the error that stands in its
//! place, and a solution is written back as its puzzle was (here hex, zero-based), or boxed
//! for people.
//!
//! ```
//! use nsudoku::{input, output, solve};
//! let text = "not a puzzle\n\
//!     .C.3.B.....9...7760.8.....D....E...A.C9....F....9..D..5.E...34.B\
//!     3..5CD1..B.4.2..A......B0.........B8.2.9....7.C..E97A4..81.6....\
//!     ..4.58..16..2..D......D..AE..C7FF8..BE21...D....CD.1.........9..\
//!     04.E3..2..5..F1......0...E....A....2...5B.4.E....5C.F......7.6..\n";
//! let records = input::read_all(text, Default::default());
//! let err = records[0].as_ref().unwrap_err();
//! assert_eq!(err.line, 1);
//! assert!(err.to_string().starts_with("line 1: 10 symbols; expected"));
//! let p = records[1].as_ref().unwrap();
//! assert_eq!((p.k, p.alphabet), (4, nsudoku::Alphabet::Hex));
//! let c = solve::count(p, &Default::default());
//! let solution = c.first.unwrap();
//! let line = output::like_input(p, &solution);
//! assert!(line.len() == 256 && !line.contains('.') && !line.contains('G'));
//! let boxed = output::boxed(p.k, &solution, p.text_alphabet());
//! assert_eq!(boxed.lines().count(), 21); // 16 rows and 5 rules
//! ```
//!
//! Messages are written for the command line, the crate's first user: where an option is to
//! blame they name its flag (`--alphabet`, `--max-nodes`), and each such flag sets the field
//! of the same name in the options the library takes ([`input::ReadOptions::alphabet`],
//! [`generate::GenOptions::max_nodes`]).
//!
//! Where things are:
//!
//! | module | holds |
//! |---|---|
//! | [`input`], [`output`], [`alphabet`] | reading puzzles as people write them, writing them back the same way |
//! | [`solve`] | the entry points on a parsed [`Puzzle`] of any size: solve, count, prove unique |
//! | [`solver`] | the search behind them, generic over the basis: propagation, depth-first search, CDCL |
//! | [`basis`], [`topology`], [`grid`], [`mask`] | the basis as a type, the houses and peers, the candidate grid, its digit masks |
//! | [`logic`] | the techniques people use, as finders over a candidate grid, and the engine that applies them |
//! | [`rating`], [`render`] | a solving path rated on Sudoku Explainer's scale, and drawn |
//! | [`generate`], [`study`] | new puzzles, and the tuple-size study across bases |
#![warn(missing_docs)]

pub mod alphabet;
pub mod basis;
pub mod generate;
pub mod grid;
pub mod input;
pub mod logic;
pub mod mask;
pub mod output;
pub mod rating;
pub mod render;
pub mod solve;
pub mod solver;
pub mod spelling;
pub mod study;
pub mod topology;

pub use alphabet::Alphabet;
pub use basis::Basis;
pub use grid::Grid;
pub use input::{InputError, Puzzle};
pub use mask::Mask;
