//! Subsets of some cells grown one cell at a time, in order, within a budget: the almost
//! locked sets of a house and Sue de Coq's sides share this walk, each with its own test of
//! which subsets can still grow into one it keeps.

use crate::mask::Mask;

/// Walk the subsets of `masks` (cell digits) of up to `largest` cells, each grown from the
/// last in index order, spending one of `left` per extension tried. A subset whose digits
/// `viable` rejects is neither kept nor grown (digits never leave a growing subset); each
/// other goes to `found` with its cells (indices) and digits. False when `left` ran out.
pub(super) fn subsets<M: Mask>(
    masks: &[M],
    largest: usize,
    left: &mut u64,
    viable: impl Fn(M) -> bool,
    found: impl FnMut(&[usize], M),
) -> bool {
    let mut walk = Walk {
        masks,
        largest,
        left,
        picked: Vec::new(),
        viable,
        found,
    };
    walk.from(0, M::ZERO)
}

struct Walk<'a, M, V, F> {
    masks: &'a [M],
    largest: usize,
    left: &'a mut u64,
    /// The cells (indices into `masks`) of the subset being grown.
    picked: Vec<usize>,
    viable: V,
    found: F,
}

impl<M: Mask, V: Fn(M) -> bool, F: FnMut(&[usize], M)> Walk<'_, M, V, F> {
    /// Grow the subset with cells from `at` on, its digits so far `digits`.
    fn from(&mut self, at: usize, digits: M) -> bool {
        for i in at..self.masks.len() {
            if *self.left == 0 {
                return false;
            }
            *self.left -= 1;
            let union = digits | self.masks[i];
            if !(self.viable)(union) {
                continue;
            }
            self.picked.push(i);
            (self.found)(&self.picked, union);
            let grown = self.picked.len() >= self.largest || self.from(i + 1, union);
            self.picked.pop();
            if !grown {
                return false;
            }
        }
        true
    }
}
