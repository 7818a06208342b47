//! The candidate grid of one basis: one digit mask per cell, stored inline.

use crate::basis::Basis;
use crate::mask::{Mask, MaskList, Wide256};
use std::fmt;

/// Candidates of every cell. To the search a cell with one candidate is placed (logic's
/// [`State`](crate::logic::State) also tracks which are solved); a cell with none is a
/// contradiction. Copying a grid copies one flat array (the search relies on it).
#[derive(Clone, Copy)]
pub struct Grid<B: Basis> {
    cells: B::Cells,
}

impl<B: Basis> Grid<B> {
    /// Every cell open to every digit.
    pub fn empty() -> Self {
        Grid {
            cells: B::cells_filled(B::all()),
        }
    }

    /// From per-cell candidate masks (bit `d` = digit `d + 1`) of any width: a puzzle's
    /// [`CellMasks`](crate::mask::CellMasks), or a slice of `u128` (enough up to 121×121),
    /// [`Wide256`] or the basis's own word. Bits above N are dropped.
    ///
    /// # Panics
    ///
    /// When `masks` does not hold `B::CELLS` cells.
    pub fn from_masks(masks: &(impl MaskList + ?Sized)) -> Self {
        assert_eq!(
            masks.cells(),
            B::CELLS,
            "mask count does not match the basis"
        );
        let mut g = Self::empty();
        let all = B::all();
        for (c, dst) in g.cells.as_mut().iter_mut().enumerate() {
            *dst = masks.mask_as::<B::Mask>(c) & all;
        }
        g
    }

    /// From digits (0 = empty, 1..=N placed).
    ///
    /// # Panics
    ///
    /// When `digits.len()` is not `B::CELLS` or a digit is above N ([`Puzzle::from_digits`]
    /// checks both and returns an error instead).
    ///
    /// [`Puzzle::from_digits`]: crate::Puzzle::from_digits
    pub fn from_digits(digits: &[u8]) -> Self {
        if let Some(&d) = digits.iter().find(|&&d| d as usize > B::N) {
            panic!("digit {d} is above N = {}", B::N);
        }
        assert_eq!(
            digits.len(),
            B::CELLS,
            "digit count does not match the basis"
        );
        let mut g = Self::empty();
        for (c, &d) in digits.iter().enumerate() {
            if d != 0 {
                g.set(c, B::Mask::bit(d as usize - 1));
            }
        }
        g
    }

    /// Per-cell masks in the interchange form.
    pub fn to_masks(&self) -> Vec<Wide256> {
        self.cells.as_ref().iter().map(|m| m.to_wide()).collect()
    }

    /// Digits of placed cells (cells with one candidate), 0 elsewhere.
    pub fn to_digits(&self) -> Vec<u8> {
        self.cells.as_ref().iter().map(|&m| m.digit()).collect()
    }

    /// Candidates of `cell`.
    #[inline(always)]
    pub fn get(&self, cell: usize) -> B::Mask {
        self.cells.as_ref()[cell]
    }

    /// Overwrite the candidates of `cell`. As written: a bit at N or above is the caller's to
    /// keep clear ([`Grid::from_masks`] clears them).
    #[inline(always)]
    pub fn set(&mut self, cell: usize, m: B::Mask) {
        self.cells.as_mut()[cell] = m;
    }

    /// Remove candidate `digit` (0-based) from `cell`; true when it was there. A digit of N or
    /// more is no candidate: nothing changes.
    #[inline]
    pub fn eliminate(&mut self, cell: usize, digit: usize) -> bool {
        if digit >= B::N {
            return false;
        }
        let m = self.get(cell);
        let had = m.has(digit);
        self.set(cell, m & !B::Mask::bit(digit));
        had
    }

    /// All cell masks.
    #[inline(always)]
    pub fn masks(&self) -> &[B::Mask] {
        self.cells.as_ref()
    }

    /// All cell masks, mutable: as [`Grid::set`], nothing is cleared.
    #[inline(always)]
    pub fn masks_mut(&mut self) -> &mut [B::Mask] {
        self.cells.as_mut()
    }

    /// True when every cell holds exactly one candidate.
    pub fn is_full(&self) -> bool {
        self.masks().iter().all(|m| m.is_single())
    }

    /// Number of remaining candidates over all cells.
    pub fn candidate_count(&self) -> usize {
        self.masks().iter().map(|m| m.count() as usize).sum()
    }
}

impl<B: Basis> PartialEq for Grid<B> {
    fn eq(&self, other: &Self) -> bool {
        self.masks() == other.masks()
    }
}

impl<B: Basis> Eq for Grid<B> {}

impl<B: Basis> fmt::Debug for Grid<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.to_digits();
        write!(f, "Grid<{}>(", B::K)?;
        let alphabet = crate::alphabet::Alphabet::Standard;
        if B::N > alphabet.capacity() {
            // Past the symbols: numbers, as the numbers form writes them (0 empty).
            let numbers: Vec<String> = digits.iter().map(u8::to_string).collect();
            write!(f, "{}", numbers.join(" "))?;
        } else {
            for d in digits {
                write!(f, "{}", alphabet.symbol_or_dot(d))?;
            }
        }
        write!(f, ")")
    }
}

/// True when `digits` is a complete, valid solution: every house rebuilt from scratch holds
/// every digit once. Independent of the solver's own bookkeeping.
pub fn is_valid_solution(k: usize, digits: &[u8]) -> bool {
    // No grid of basis 0, and none so large that its size overflows.
    let Some(n) = k.checked_mul(k).filter(|&n| n > 0) else {
        return false;
    };
    if n.checked_mul(n) != Some(digits.len()) || digits.iter().any(|&d| d == 0 || d as usize > n) {
        return false;
    }
    let (mut row, mut col, mut bx) = (vec![false; n + 1], vec![false; n + 1], vec![false; n + 1]);
    for i in 0..n {
        for seen in [&mut row, &mut col, &mut bx] {
            seen.fill(false);
        }
        for j in 0..n {
            let r = digits[i * n + j] as usize;
            let c = digits[j * n + i] as usize;
            let (br, bc) = ((i / k) * k + j / k, (i % k) * k + j % k);
            let b = digits[br * n + bc] as usize;
            if row[r] || col[c] || bx[b] {
                return false;
            }
            row[r] = true;
            col[c] = true;
            bx[b] = true;
        }
    }
    true
}

/// True when `solution` keeps every placed cell of `puzzle` (0 = empty in the puzzle).
pub fn keeps_givens(puzzle: &[u8], solution: &[u8]) -> bool {
    puzzle.len() == solution.len() && puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
}
