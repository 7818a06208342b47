//! Listing the templates of one digit, and the per-cell sets of templates through each cell.
//!
//! ```text
//!   cols:    [ t0: c(row0) c(row1) … c(row N-1) | t1: … | … ]   one byte per row (N ≤ 100)
//!   live:    FixedBitSet over templates (cleared bits = templates dropped by a refinement)
//!   through: one bit row over templates per candidate cell of the digit, all rows in one
//!            flat Vec<usize> (one allocation per digit, not one per cell)
//! ```
//!
//! A template is stored as its column in every row, so listing costs N bytes per template; the
//! per-cell sets turn "is this cell covered by some / every live template" into bit operations
//! (`is_disjoint`, `is_subset`). Memory per digit: T·N bytes plus T/8 bytes per candidate cell.

use crate::mask::Mask;
use fixedbitset::FixedBitSet;

/// Every template of one digit on the current candidates.
#[derive(Clone, Debug)]
pub struct Templates {
    n: usize,
    cols: Vec<u8>,
    /// Templates still possible (all of them until a refinement drops some).
    pub live: FixedBitSet,
    slot: Vec<u32>,
    words: usize,
    through: Vec<usize>,
}

const NONE: u32 = u32::MAX;

impl Templates {
    /// List the templates through the candidate cells given per row (`rows[r]` = columns of row
    /// `r` where the digit is placed or a candidate). `None` when there are more than `limit`.
    pub fn enumerate<M: Mask>(k: usize, rows: &[M], limit: usize) -> Option<Templates> {
        let n = k * k;
        assert_eq!(rows.len(), n, "one column set per row");
        let mut e = Enum {
            k,
            n,
            rows,
            path: vec![0u8; n],
            cols: Vec::new(),
            limit,
            count: 0,
        };
        if !e.dfs(0, M::ZERO, M::ZERO) {
            return None;
        }
        let mut slot = vec![NONE; n * n];
        let mut cells = 0;
        for (r, &m) in rows.iter().enumerate() {
            for c in m.iter() {
                slot[r * n + c] = cells;
                cells += 1;
            }
        }
        Some(Templates::from_cols(n, e.cols, slot, cells as usize))
    }

    /// The templates of `cols` (N columns each, in listing order) through the candidate cells
    /// numbered by `slot`, all live.
    fn from_cols(n: usize, cols: Vec<u8>, slot: Vec<u32>, cells: usize) -> Templates {
        let count = cols.len() / n;
        let mut live = FixedBitSet::with_capacity(count);
        live.insert_range(..);
        let words = live.as_slice().len();
        let mut through = vec![0usize; cells * words];
        for t in 0..count {
            for r in 0..n {
                let cell = r * n + cols[t * n + r] as usize;
                through[slot[cell] as usize * words + t / BITS] |= 1 << (t % BITS);
            }
        }
        Templates {
            n,
            cols,
            live,
            slot,
            words,
            through,
        }
    }

    /// The templates through the candidate cells given per row, when those are a subset of the
    /// cells these were listed on (`None` otherwise): the ones that avoid every cell left out,
    /// in the same order, so the same list [`Templates::enumerate`] would make. The second
    /// value maps each kept template to its index here. Costs a pass over the templates
    /// instead of a search.
    pub fn restrict<M: Mask>(&self, rows: &[M]) -> Option<(Templates, Vec<u32>)> {
        let n = self.n;
        let mut gone = FixedBitSet::with_capacity(self.len());
        let mut slot = vec![NONE; n * n];
        let mut cells = 0;
        for (r, &m) in rows.iter().enumerate() {
            for c in 0..n {
                let cell = r * n + c;
                match (m.has(c), self.slot[cell]) {
                    (true, NONE) => return None,
                    (true, _) => {
                        slot[cell] = cells;
                        cells += 1;
                    }
                    (false, NONE) => {}
                    (false, i) => {
                        let set = &self.through[i as usize * self.words..][..self.words];
                        gone.as_mut_slice()
                            .iter_mut()
                            .zip(set)
                            .for_each(|(g, &x)| *g |= x);
                    }
                }
            }
        }
        let kept: Vec<u32> = (0..self.len() as u32)
            .filter(|&t| !gone.contains(t as usize))
            .collect();
        let mut cols = Vec::with_capacity(kept.len() * n);
        for &t in &kept {
            cols.extend_from_slice(&self.cols[t as usize * n..][..n]);
        }
        Some((Templates::from_cols(n, cols, slot, cells as usize), kept))
    }

    /// True when the candidate cells given per row are exactly those these were listed on
    /// (then [`Templates::restrict`] would keep every template).
    pub fn same_cells<M: Mask>(&self, rows: &[M]) -> bool {
        let n = self.n;
        rows.iter()
            .enumerate()
            .all(|(r, &m)| (0..n).all(|c| m.has(c) == (self.slot[r * n + c] != NONE)))
    }

    /// Bytes held: one column per row of each template, and the per-cell template sets.
    pub fn bytes(&self) -> usize {
        self.cols.len() + self.slot.len() * 4 + self.through.len() * (BITS / 8)
    }

    /// Make every template live again (undo a refinement).
    pub fn revive(&mut self) {
        self.live.insert_range(..);
    }

    /// Number of templates listed.
    pub fn len(&self) -> usize {
        self.live.len()
    }

    /// True when there is no template at all.
    pub fn is_empty(&self) -> bool {
        self.live.is_empty()
    }

    /// Number of templates still live.
    pub fn live_count(&self) -> usize {
        self.live.count_ones(..)
    }

    /// The columns of template `t`, one per row.
    pub fn cols(&self, t: usize) -> &[u8] {
        &self.cols[t * self.n..(t + 1) * self.n]
    }

    /// The cells of template `t`, one per row.
    pub fn cells(&self, t: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.n;
        self.cols[t * n..(t + 1) * n]
            .iter()
            .enumerate()
            .map(move |(r, &c)| r * n + c as usize)
    }

    /// The templates (live or not) through `cell`, as bit words; `None` when the digit cannot
    /// go there.
    pub fn through(&self, cell: usize) -> Option<&[usize]> {
        match self.slot[cell] {
            NONE => None,
            i => Some(&self.through[i as usize * self.words..][..self.words]),
        }
    }

    /// True when some live template goes through `cell`.
    pub fn covers_some(&self, cell: usize) -> bool {
        self.through(cell)
            .is_some_and(|t| !is_disjoint(t, self.live.as_slice()))
    }

    /// True when every live template goes through `cell` (and there is one).
    pub fn covers_all(&self, cell: usize) -> bool {
        !self.live.is_clear()
            && self
                .through(cell)
                .is_some_and(|t| is_subset(self.live.as_slice(), t))
    }

    /// Drop the live templates in `set` (bit words); true when some were live.
    pub fn drop_set(&mut self, set: &[usize]) -> bool {
        let mut changed = false;
        for (l, &x) in self.live.as_mut_slice().iter_mut().zip(set) {
            changed |= *l & x != 0;
            *l &= !x;
        }
        changed
    }
}

/// Bits per word of a template set.
pub const BITS: usize = usize::BITS as usize;

/// True when the two bit rows share no bit.
pub fn is_disjoint(a: &[usize], b: &[usize]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == 0)
}

/// True when every bit of `a` is in `b`.
pub fn is_subset(a: &[usize], b: &[usize]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

struct Enum<'a, M> {
    k: usize,
    n: usize,
    rows: &'a [M],
    path: Vec<u8>,
    cols: Vec<u8>,
    limit: usize,
    count: usize,
}

impl<M: Mask> Enum<'_, M> {
    /// Place the digit in row `r` and below; false when the limit was passed.
    fn dfs(&mut self, r: usize, used_cols: M, used_boxes: M) -> bool {
        if r == self.n {
            if self.count >= self.limit {
                return false;
            }
            self.count += 1;
            self.cols.extend_from_slice(&self.path);
            return true;
        }
        let band = (r / self.k) * self.k;
        for c in (self.rows[r] & !used_cols).iter() {
            let b = band + c / self.k;
            if used_boxes.has(b) {
                continue;
            }
            self.path[r] = c as u8;
            if !self.dfs(r + 1, used_cols | M::bit(c), used_boxes | M::bit(b)) {
                return false;
            }
        }
        true
    }
}
