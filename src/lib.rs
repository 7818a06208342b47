//! nsudoku: solve, explain, rate, generate and benchmark Sudoku of any basis K (grids of
//! N = K² digits: 9×9, 16×16, 25×25, … 100×100).
//!
//! One engine serves every basis: the basis is a type ([`Basis`]) that fixes the candidate mask
//! word and the cell array, and input of unknown size is dispatched to it once, at the edge
//! ([`with_basis!`]).
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
pub mod study;
pub mod topology;

pub use alphabet::Alphabet;
pub use basis::Basis;
pub use grid::Grid;
pub use input::{InputError, Puzzle};
pub use mask::Mask;
