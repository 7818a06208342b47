//! The basis K at the type level.
//!
//! One zero-sized marker type per supported basis implements the sealed [`Basis`] trait, which
//! carries the constants (K, N, cell count), the mask word and the fixed-size cell array. The
//! concrete array type is written in each impl, where `[M; 81]` is legal on stable Rust. Input of
//! unknown size is routed to the right compiled code once, at the program's edge: by
//! [`with_solver_basis!`](crate::with_solver_basis) for solving (every basis in [`SUPPORTED`],
//! 2 to 15), by [`with_basis!`](crate::with_basis) for the logic layer (techniques, rating,
//! generation, pictures; the bases in [`LOGIC`], 2 to 10). The logic layer is not built for
//! the bases beyond 10: every generic caller is compiled once per basis, and the five bases of
//! 121×121 to 225×225 would add five copies of it to every build (CI's included) for grids
//! whose techniques (POM, chains) do not scale to them anyway.

use crate::mask::{Mask, Wide};
use crate::topology::Topology;
use std::fmt::Debug;

mod sealed {
    pub trait Sealed {}
}

/// A sudoku basis: grids of N = K² digits and N² cells.
pub trait Basis: sealed::Sealed + Copy + Default + Debug + Send + Sync + 'static {
    /// Box side.
    const K: usize;
    /// Digits, and cells per house.
    const N: usize = Self::K * Self::K;
    /// Cells in the grid.
    const CELLS: usize = Self::N * Self::N;
    /// Candidate word of one cell: the smallest of `u16`, `u32`, `u64`, `u128` and `Wide` with
    /// at least N bits.
    type Mask: Mask;
    /// One mask per cell, stored inline so that a search node copies one block of memory.
    type Cells: Copy + Send + Sync + Debug + AsRef<[Self::Mask]> + AsMut<[Self::Mask]>;

    /// An array with every cell set to `m`.
    fn cells_filled(m: Self::Mask) -> Self::Cells;
    /// The shared index tables of this basis (built on first use).
    fn topology() -> &'static Topology;
    /// Every digit: the mask `{0, …, N-1}`.
    #[inline]
    fn all() -> Self::Mask {
        Self::Mask::low(Self::N)
    }
}

macro_rules! bases {
    ($($name:ident = $k:literal, $mask:ty;)*) => {$(
        #[doc = concat!("Basis ", stringify!($k), ": grids of ", stringify!($k), "² digits.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl sealed::Sealed for $name {}
        impl Basis for $name {
            const K: usize = $k;
            type Mask = $mask;
            type Cells = [$mask; $k * $k * $k * $k];
            #[inline]
            fn cells_filled(m: $mask) -> Self::Cells {
                [m; $k * $k * $k * $k]
            }
            fn topology() -> &'static Topology {
                static TOPOLOGY: std::sync::OnceLock<Topology> = std::sync::OnceLock::new();
                TOPOLOGY.get_or_init(|| Topology::new($k))
            }
        }
    )*};
}

bases! {
    B2 = 2, u16;
    B3 = 3, u16;
    B4 = 4, u16;
    B5 = 5, u32;
    B6 = 6, u64;
    B7 = 7, u64;
    B8 = 8, u64;
    B9 = 9, u128;
    B10 = 10, u128;
    B11 = 11, u128;
    B12 = 12, Wide<3>;
    B13 = 13, Wide<3>;
    B14 = 14, Wide<4>;
    B15 = 15, Wide<4>;
}

/// The bases this build reads and solves: 4×4 to 225×225. The cell indices of [`Topology`] and
/// the search are `u16` (225² = 50,625 cells fit; 400×400 would not).
pub const SUPPORTED: std::ops::RangeInclusive<usize> = 2..=15;

/// The bases the logic layer (explain, find, pom, rate, reduce, render, study, generate and
/// `solve --reduce`) is built for: 4×4 to 100×100. [`with_basis!`](crate::with_basis)
/// dispatches over these.
pub const LOGIC: std::ops::RangeInclusive<usize> = 2..=10;

/// Run `$body` with the type alias `$B` bound to the basis marker for runtime value `$k`, for
/// the bases of the logic layer ([`LOGIC`], 2 to 10; the solving path uses
/// [`with_solver_basis!`](crate::with_solver_basis), which goes on to 15).
///
/// `$k` must be in [`LOGIC`]; callers check it at the edge. Every arm must return the same
/// (non-generic) type.
///
/// ```
/// use nsudoku::{with_basis, Basis};
/// let n = with_basis!(4, B => B::N);
/// assert_eq!(n, 16);
/// ```
#[macro_export]
macro_rules! with_basis {
    ($k:expr, $B:ident => $body:expr) => {
        match $k {
            2 => {
                type $B = $crate::basis::B2;
                $body
            }
            3 => {
                type $B = $crate::basis::B3;
                $body
            }
            4 => {
                type $B = $crate::basis::B4;
                $body
            }
            5 => {
                type $B = $crate::basis::B5;
                $body
            }
            6 => {
                type $B = $crate::basis::B6;
                $body
            }
            7 => {
                type $B = $crate::basis::B7;
                $body
            }
            8 => {
                type $B = $crate::basis::B8;
                $body
            }
            9 => {
                type $B = $crate::basis::B9;
                $body
            }
            10 => {
                type $B = $crate::basis::B10;
                $body
            }
            other => panic!(
                "basis {other} is beyond the logic layer ({:?})",
                $crate::basis::LOGIC
            ),
        }
    };
}

/// [`with_basis!`](crate::with_basis) over every basis in [`SUPPORTED`] (2 to 15): for the
/// solving path (counting, `bench`), which alone is built for 121×121 to 225×225.
///
/// ```
/// use nsudoku::{with_solver_basis, Basis};
/// let n = with_solver_basis!(15, B => B::N);
/// assert_eq!(n, 225);
/// ```
#[macro_export]
macro_rules! with_solver_basis {
    ($k:expr, $B:ident => $body:expr) => {
        match $k {
            k @ 2..=10 => $crate::with_basis!(k, $B => $body),
            11 => {
                type $B = $crate::basis::B11;
                $body
            }
            12 => {
                type $B = $crate::basis::B12;
                $body
            }
            13 => {
                type $B = $crate::basis::B13;
                $body
            }
            14 => {
                type $B = $crate::basis::B14;
                $body
            }
            15 => {
                type $B = $crate::basis::B15;
                $body
            }
            other => panic!(
                "basis {other} is not supported ({:?})",
                $crate::basis::SUPPORTED
            ),
        }
    };
}
