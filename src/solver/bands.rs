//! The band engine for 9×9: one word per digit and band, box/line logic by table.
//!
//! ```text
//!   A band is K rows of N cells (K = 3, N = 9: 27 bits in a u32). Per digit d and band b:
//!
//!   cand[d*K + b]: u32    bit r*N + c set = digit d+1 still possible in row r, column c of band b
//!
//!                 box 0     box 1     box 2
//!   row 0       bits 0-2  bits 3-5  bits 6-8       a minirow = one row × one box (K cells)
//!   row 1       bits 9-11 ...                      K×K = 9 minirows per band
//!   row 2       bits 18-20 ...       bits 24-26
//!
//!   unsolved[b]: u32      cells of band b not placed yet
//!   dirty: u32            words (d*K + b) changed since their last band update
//! ```
//!
//! **Band update** of one word: the digit must take exactly one minirow in each row and in each
//! box of the band, so the minirows it takes form a permutation (row r → box σ(r)). From the K×K
//! occupancy of the minirows, a table (`KEEP`, 2^(K·K) entries) gives the cells of the minirows
//! that lie on some such permutation; every other cell goes (pointing and claiming inside the
//! band, and more). No permutation left is a contradiction. A row of the band left with one cell
//! whose cell is still unsolved is a placement (hidden single in the row; a box with one cell
//! forces its row first, so box singles fall out too): the cell leaves the other digits, and its
//! column leaves the digit's other bands of the stack, which marks those words dirty.
//!
//! **Naked singles** come from bit-sliced once/twice counters over the N words of each band,
//! which also catch a cell with no digit left. A naked single only narrows its own digit's word
//! to the cell and its non-peers in the band (`SELF`); the band update then places it.
//!
//! A node copies 27 + 3 + 1 words (124 bytes). Branching: the first bivalue cell, else the
//! first cell with the fewest candidates; the search recurses with the node state on the stack.
//!
//! Every geometric constant and table below is derived from `K` (and the word type) in this one
//! place: at K = 4 a band is 64 bits (`Word = u64`), `KEEP` has 65,536 entries (4! = 24
//! permutations per pattern) and a row has 16 bits (`ROW_*` tables of 65,536 entries). Only K = 3
//! is compiled; the 16×16 engine (cell masks with probing) is the one that pays there, since the
//! tree and not the node is the cost.
//!
//! Rejected: one `u128` per digit (the plane engine, [`super::planes`]): no box/line logic, and
//! its hidden singles need one AND per house; the tables here get box/line and row singles in a
//! handful of loads per word.

use super::{Count, SearchStats};

/// The basis.
const K: usize = 3;
/// Digits, rows, columns, boxes.
const N: usize = K * K;
/// Cells of the grid.
const CELLS: usize = N * N;
/// Cells of a band (bits used in a word).
const BAND_CELLS: usize = K * N;
/// Words of a node: one per digit and band.
const WORDS: usize = N * K;
/// The band word (`u64` at K = 4).
type Word = u32;
/// The dirty set of words (one bit per word).
type Dirty = u32;
/// Every cell of a band.
const BAND_ALL: Word = ((1u64 << BAND_CELLS) - 1) as Word;
/// The cells of one row of a band, as an index mask.
const ROW_MASK: usize = (1 << N) - 1;
/// Minirow patterns of a band: one bit per (row, box), bit r*K + j.
const PATTERNS: usize = 1 << (K * K);
/// One bit per row of a band: multiplying a column set by it copies the set to every row.
const COL_SPREAD: Word = {
    let mut m: Word = 0;
    let mut r = 0;
    while r < K {
        m |= 1 << (r * N);
        r += 1;
    }
    m
};

const _: () = assert!(BAND_CELLS <= Word::BITS as usize && WORDS <= Dirty::BITS as usize);

/// For a row's N bits: bit j set when its minirow in box j is not empty.
static ROW_OCC: [u8; 1 << N] = {
    let mut t = [0u8; 1 << N];
    let mut x = 0;
    while x < 1 << N {
        let mut j = 0;
        while j < K {
            if (x >> (j * K)) & ((1 << K) - 1) != 0 {
                t[x] |= 1 << j;
            }
            j += 1;
        }
        x += 1;
    }
    t
};

/// For a row's N bits: the bits themselves when there is exactly one, else 0.
static ROW_SINGLE: [u16; 1 << N] = {
    let mut t = [0u16; 1 << N];
    let mut x = 0;
    while x < 1 << N {
        if x != 0 && x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// For a minirow pattern: the cells of the minirows that lie on some permutation inside the
/// pattern (0 when none does: the digit cannot fill the band).
static KEEP: [Word; PATTERNS] = {
    let mut t = [0 as Word; PATTERNS];
    // Every map σ: rows → boxes, written as K base-K digits; the injective ones are the
    // permutations (K^K maps: 27 at K = 3, 256 at K = 4).
    let mut maps = 1;
    let mut i = 0;
    while i < K {
        maps *= K;
        i += 1;
    }
    let minirow: Word = (1 << K) - 1;
    let mut m = 0;
    while m < maps {
        let (mut pattern, mut used, mut cells) = (0usize, 0usize, 0 as Word);
        let mut x = m;
        let mut r = 0;
        while r < K {
            let j = x % K;
            x /= K;
            used |= 1 << j;
            pattern |= 1 << (r * K + j);
            cells |= minirow << (r * N + j * K);
            r += 1;
        }
        if used == (1 << K) - 1 {
            // Every superset of this permutation's pattern keeps its cells.
            let mut p = 0;
            while p < PATTERNS {
                if p & pattern == pattern {
                    t[p] |= cells;
                }
                p += 1;
            }
        }
        m += 1;
    }
    t
};

/// For a cell of a band: the band minus the cell's peers in its row and box (the cell stays).
static SELF: [Word; BAND_CELLS] = {
    let mut t = [0 as Word; BAND_CELLS];
    let mut c = 0;
    while c < BAND_CELLS {
        let (r, col) = (c / N, c % N);
        let mut m = BAND_ALL;
        let mut p = 0;
        while p < BAND_CELLS {
            let (pr, pc) = (p / N, p % N);
            if p != c && (pr == r || pc / K == col / K) {
                m &= !(1 << p);
            }
            p += 1;
        }
        t[c] = m;
        c += 1;
    }
    t
};

/// The propagation found a row, box, band or cell with no place left.
struct Failed;

/// The candidates of one search node.
#[derive(Clone, Copy)]
struct State {
    cand: [Word; WORDS],
    unsolved: [Word; K],
    dirty: Dirty,
}

impl State {
    /// The state of per-cell candidate masks (bit d = digit d + 1), every word dirty.
    fn new(masks: impl Iterator<Item = u128>) -> Self {
        let mut st = State {
            cand: [0; WORDS],
            unsolved: [BAND_ALL; K],
            dirty: ((1u64 << WORDS) - 1) as Dirty,
        };
        let all = (1u128 << N) - 1;
        let mut open = [0 as Word; K];
        for (c, m) in masks.enumerate().take(CELLS) {
            let (b, bit) = (c / BAND_CELLS, 1 << (c % BAND_CELLS));
            let m = m & all;
            if m == all {
                open[b] |= bit;
            } else {
                let mut m = m;
                while m != 0 {
                    st.cand[m.trailing_zeros() as usize * K + b] |= bit;
                    m &= m - 1;
                }
            }
        }
        for d in 0..N {
            for (b, &o) in open.iter().enumerate() {
                st.cand[d * K + b] |= o;
            }
        }
        st
    }

    /// Minirow occupancy of a band word: bit r*K + j for row r, box j.
    #[inline(always)]
    fn pattern(a: Word) -> usize {
        let mut p = 0;
        for r in 0..K {
            p |= (ROW_OCC[(a >> (r * N)) as usize & ROW_MASK] as usize) << (r * K);
        }
        p
    }

    /// The cells of `a` that are alone in their row.
    #[inline(always)]
    fn row_singles(a: Word) -> Word {
        let mut s = 0;
        for r in 0..K {
            s |= (ROW_SINGLE[(a >> (r * N)) as usize & ROW_MASK] as Word) << (r * N);
        }
        s
    }

    /// Band update of word `i` (digit i / K, band i % K).
    #[inline(always)]
    fn update(&mut self, i: usize) -> Result<(), Failed> {
        let a = self.cand[i] & KEEP[Self::pattern(self.cand[i])];
        if a == 0 {
            return Err(Failed);
        }
        self.cand[i] = a;
        let b = i % K;
        let placed = Self::row_singles(a) & self.unsolved[b];
        if placed != 0 {
            self.place(i, placed);
        }
        Ok(())
    }

    /// Digit i / K is placed in the cells `s` of band i % K (its word already holds them and
    /// their in-band peers are gone): the cells leave the other digits, their columns the
    /// digit's other bands.
    #[inline(always)]
    fn place(&mut self, i: usize, s: Word) {
        let (d, b) = (i / K, i % K);
        self.unsolved[b] &= !s;
        let mut changed: Dirty = 0;
        for e in 0..N {
            let j = e * K + b;
            let o = self.cand[j];
            let n = o & !s;
            self.cand[j] = n;
            changed |= ((n != o) as Dirty) << j;
        }
        self.cand[i] |= s;
        changed &= !(1 << i);
        let mut cols = s;
        for r in 1..K {
            cols |= s >> (r * N);
        }
        let cols = (cols & ROW_MASK as Word) * COL_SPREAD;
        for b2 in 0..K {
            if b2 != b {
                let j = d * K + b2;
                let o = self.cand[j];
                let n = o & !cols;
                self.cand[j] = n;
                changed |= ((n != o) as Dirty) << j;
            }
        }
        self.dirty |= changed;
    }

    /// Naked singles of every band: narrows each one's digit to the cell (the band update
    /// places it). True when there was one.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Failed> {
        let mut found = false;
        for b in 0..K {
            let (mut once, mut twice) = (0 as Word, 0 as Word);
            for d in 0..N {
                let p = self.cand[d * K + b];
                twice |= once & p;
                once |= p;
            }
            if once != BAND_ALL {
                return Err(Failed);
            }
            let mut s = once & !twice & self.unsolved[b];
            found |= s != 0;
            while s != 0 {
                let pos = s.trailing_zeros() as usize;
                s &= s - 1;
                for d in 0..N {
                    let j = d * K + b;
                    if self.cand[j] >> pos & 1 != 0 {
                        self.cand[j] &= SELF[pos];
                        self.dirty |= 1 << j;
                        break;
                    }
                }
            }
        }
        Ok(found)
    }

    /// Hidden singles in columns (rows and boxes come from the band updates): narrows each
    /// one's digit to the cell. A column without the digit is a contradiction. True when there
    /// was one.
    #[inline(always)]
    fn column_singles(&mut self) -> Result<bool, Failed> {
        let mut found = false;
        for d in 0..N {
            // Columns holding the digit once / at least twice, band by band, then across bands.
            let (mut once, mut twice) = (0 as Word, 0 as Word);
            for b in 0..K {
                let w = self.cand[d * K + b];
                for r in 0..K {
                    let x = (w >> (r * N)) & ROW_MASK as Word;
                    twice |= once & x;
                    once |= x;
                }
            }
            if once != ROW_MASK as Word {
                return Err(Failed);
            }
            let single = once & !twice;
            if single == 0 {
                continue;
            }
            let cols = single * COL_SPREAD;
            for b in 0..K {
                let j = d * K + b;
                let mut s = self.cand[j] & cols & self.unsolved[b];
                while s != 0 {
                    let pos = s.trailing_zeros() as usize;
                    s &= s - 1;
                    self.cand[j] &= SELF[pos];
                    self.dirty |= 1 << j;
                    found = true;
                }
            }
        }
        Ok(found)
    }

    /// Band updates, naked singles and column hidden singles to a fixed point.
    #[inline]
    fn propagate(&mut self) -> Result<(), Failed> {
        loop {
            while self.dirty != 0 {
                let i = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                self.update(i)?;
            }
            if !self.naked_singles()? && !self.column_singles()? {
                return Ok(());
            }
        }
    }

    /// Place digit `d` in cell `pos` of band `b` (a guess): the digit's word keeps the cell
    /// and its non-peers, the other digits lose the cell.
    #[inline(always)]
    fn assign(&mut self, b: usize, pos: usize, d: usize) {
        let bit: Word = 1 << pos;
        let mut changed: Dirty = 0;
        for e in 0..N {
            let j = e * K + b;
            let o = self.cand[j];
            let n = if e == d { o & SELF[pos] } else { o & !bit };
            self.cand[j] = n;
            changed |= ((n != o) as Dirty) << j;
        }
        self.dirty |= changed;
    }

    fn solved(&self) -> bool {
        self.unsolved.iter().all(|&u| u == 0)
    }

    /// The digits (bit d = digit d + 1) of cell `pos` of band `b`.
    #[inline(always)]
    fn digits(&self, b: usize, pos: usize) -> u32 {
        let mut m = 0;
        for d in 0..N {
            m |= (self.cand[d * K + b] >> pos & 1) << d;
        }
        m
    }

    /// The cell to branch on (band, position, digits): the first bivalue cell, else the first
    /// with the fewest candidates. Only called on a propagated, unsolved state.
    #[inline]
    fn choose(&self) -> (usize, usize, u32) {
        for b in 0..K {
            let (mut once, mut twice, mut thrice) = (0 as Word, 0 as Word, 0 as Word);
            for d in 0..N {
                let p = self.cand[d * K + b];
                thrice |= twice & p;
                twice |= once & p;
                once |= p;
            }
            let two = twice & !thrice & self.unsolved[b];
            if two != 0 {
                let pos = two.trailing_zeros() as usize;
                return (b, pos, self.digits(b, pos));
            }
        }
        let mut best = (u32::MAX, 0, 0, 0);
        for b in 0..K {
            let mut u = self.unsolved[b];
            while u != 0 {
                let pos = u.trailing_zeros() as usize;
                u &= u - 1;
                let m = self.digits(b, pos);
                let n = m.count_ones();
                if n < best.0 {
                    best = (n, b, pos, m);
                }
            }
        }
        (best.1, best.2, best.3)
    }

    /// Digits 1..=N of a solved state, row-major.
    fn digits_of_cells(&self) -> [u8; CELLS] {
        let mut out = [0u8; CELLS];
        for (i, &w) in self.cand.iter().enumerate() {
            let (d, b) = (i / K, i % K);
            let mut m = w;
            while m != 0 {
                out[b * BAND_CELLS + m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        out
    }
}

/// The search's running totals and where it reports.
struct Walk<'a> {
    out: Count,
    limit: usize,
    max_nodes: u64,
    visit: &'a mut dyn FnMut(&[u8]) -> bool,
    stop: bool,
}

impl Walk<'_> {
    /// Depth-first search below `st` (propagated, no contradiction).
    fn descend(&mut self, st: &mut State) {
        if st.solved() {
            self.out.solutions += 1;
            let more = (self.visit)(&st.digits_of_cells());
            if self.out.solutions >= self.limit || !more {
                self.out.limit_reached = self.out.solutions >= self.limit;
                self.stop = true;
            }
            return;
        }
        let (b, pos, mut rest) = st.choose();
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if rest != 0 {
                self.out.stats.guesses += 1;
            }
            self.out.stats.nodes += 1;
            if self.out.stats.nodes > self.max_nodes {
                self.out.budget_exceeded = true;
                self.stop = true;
                return;
            }
            // The last alternative works on the node itself; earlier ones on a copy.
            let mut copy;
            let s = if rest != 0 {
                copy = *st;
                &mut copy
            } else {
                &mut *st
            };
            s.assign(b, pos, d);
            if s.propagate().is_ok() {
                self.descend(s);
                if self.stop {
                    return;
                }
            }
        }
    }
}

/// Depth-first search over band words; same contract as [`super::Solver::search`], with the
/// visitor seeing digits. `masks[c]` is the candidate mask of cell c (bit d = digit d + 1).
pub(crate) fn search(
    masks: impl Iterator<Item = u128>,
    limit: usize,
    max_nodes: Option<u64>,
    visit: &mut dyn FnMut(&[u8]) -> bool,
) -> Count {
    let mut walk = Walk {
        out: Count {
            solutions: 0,
            limit_reached: false,
            budget_exceeded: false,
            first: None,
            stats: SearchStats::default(),
        },
        limit,
        max_nodes: max_nodes.unwrap_or(u64::MAX),
        visit,
        stop: false,
    };
    let mut st = State::new(masks);
    if st.propagate().is_ok() {
        walk.descend(&mut st);
    }
    walk.out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The permutation table against a direct check on every pattern.
    #[test]
    fn keep_is_the_union_of_permutations() {
        let perms = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        for (p, &keep) in KEEP.iter().enumerate() {
            let mut want = 0 as Word;
            for s in perms {
                if (0..K).all(|r| p >> (r * K + s[r]) & 1 != 0) {
                    for (r, &j) in s.iter().enumerate() {
                        want |= 7 << (r * N + j * K);
                    }
                }
            }
            assert_eq!(keep, want, "pattern {p:09b}");
        }
    }

    #[test]
    fn self_mask_keeps_the_cell_and_drops_its_peers() {
        // r1c4 (row 1 of the band, column 4, box 1).
        let c = N + 4;
        let m = SELF[c];
        assert!(m >> c & 1 != 0);
        assert_eq!(m.count_ones() as usize, BAND_CELLS - (N - 1) - (K - 1) * K);
        assert_eq!(m >> N & ROW_MASK as Word, 1 << 4);
        // Row 0 keeps the columns outside box 1.
        assert_eq!(m & ROW_MASK as Word, 0b111_000_111);
    }

    #[test]
    fn singles_and_patterns() {
        assert_eq!(
            State::pattern(0b000_000_001 | 0b100_000_000 << N),
            0b100_001
        );
        assert_eq!(
            State::row_singles(0b10 | 0b11 << N | 0b1000 << (2 * N)),
            0b10 | 0b1000 << (2 * N)
        );
    }
}
