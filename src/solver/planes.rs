//! The digit-plane engine for small grids (N² ≤ 128 cells: 4×4, and 9×9 when chosen).
//!
//! ```text
//!   cand[d]: u128, bit c set = digit d+1 still possible in cell c (cells row-major, c < N²)
//!
//!   9×9, digit 5:   row 0  ..5......      bits 0..9
//!                   row 1  .....5...      bits 9..18        placing 5 at r0c2:
//!                   ...                                      cand[4] &= !peers[2]
//!                   row 8  5.....5..      bits 72..81        cand[e] &= !bit(2) for e != 4
//!   solved: u128, bit c set = cell c is placed and its digit has left its peers
//! ```
//!
//! One machine word per digit makes a placement N + 2 word operations, finds every naked
//! single of the grid with 2N (bit-sliced once/twice counters over the digits) and every hidden
//! single with one AND and one popcount per house and digit. A node copies N + 1 words (160
//! bytes at 9×9) instead of 81 masks and their bookkeeping.
//!
//! The cell-mask engine ([`super::propagate`]) is the fallback for larger grids: one plane of
//! 256 or 625 bits per digit would make every house test several words wide, and there the
//! search tree, not the node, is the cost. At 9×9 the band engine ([`super::bands`]: 27-bit
//! words per band and digit with table-driven box/line updates) is faster and is the default;
//! this engine serves 4×4 and stays selectable at 9×9 (`Tuning::planes` without `bands`).

use super::budget::Budget;
use super::Count;

/// House and peer masks of one basis.
pub(crate) struct Tables {
    houses: Vec<u128>,
    peers: Vec<u128>,
    all: u128,
}

impl Tables {
    fn new(k: usize) -> Self {
        let n = k * k;
        let cells = n * n;
        assert!(
            cells <= 128,
            "the plane engine serves grids of at most 128 cells"
        );
        let t = crate::topology::Topology::new(k);
        let houses = (0..3 * n)
            .map(|h| t.house(h).iter().fold(0u128, |m, &c| m | 1 << c))
            .collect();
        let peers = (0..cells)
            .map(|c| t.peers(c).iter().fold(0u128, |m, &p| m | 1 << p))
            .collect();
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        Tables { houses, peers, all }
    }

    fn get(k: usize) -> &'static Tables {
        static T2: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
        static T3: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
        match k {
            2 => T2.get_or_init(|| Tables::new(2)),
            3 => T3.get_or_init(|| Tables::new(3)),
            _ => unreachable!("plane engine is for bases 2 and 3"),
        }
    }
}

/// The candidate planes of one search node.
#[derive(Clone, Copy)]
struct State<const N: usize> {
    cand: [u128; N],
    solved: u128,
    /// Digits whose plane changed since hidden singles last looked at them.
    dirty: u32,
}

struct Failed;

impl<const N: usize> State<N> {
    /// Place digit `d` in cell `c`.
    #[inline(always)]
    fn place(&mut self, t: &Tables, c: usize, d: usize) -> Result<(), Failed> {
        let bit = 1u128 << c;
        if self.cand[d] & bit == 0 {
            return Err(Failed);
        }
        let mut dirty = 1 << d;
        for (e, p) in self.cand.iter_mut().enumerate() {
            dirty |= (((*p >> c) & 1) as u32) << e;
            *p &= !bit;
        }
        self.dirty |= dirty;
        self.cand[d] = (self.cand[d] & !t.peers[c]) | bit;
        self.solved |= bit;
        Ok(())
    }

    /// Naked and hidden singles to a fixed point.
    #[inline]
    fn propagate(&mut self, t: &Tables) -> Result<(), Failed> {
        loop {
            let (mut once, mut twice) = (0u128, 0u128);
            for &p in &self.cand {
                twice |= once & p;
                once |= p;
            }
            if once != t.all {
                return Err(Failed);
            }
            let mut singles = once & !twice & !self.solved;
            if singles != 0 {
                while singles != 0 {
                    let c = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = 1u128 << c;
                    let Some(d) = self.cand.iter().position(|&p| p & bit != 0) else {
                        return Err(Failed);
                    };
                    self.place(t, c, d)?;
                }
                continue;
            }
            let mut found = false;
            let mut todo = std::mem::take(&mut self.dirty);
            while todo != 0 {
                let d = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                if self.cand[d] & !self.solved == 0 {
                    continue;
                }
                for &h in &t.houses {
                    let x = self.cand[d] & h;
                    if x == 0 {
                        return Err(Failed);
                    }
                    if x & (x - 1) == 0 && x & !self.solved != 0 {
                        self.place(t, x.trailing_zeros() as usize, d)?;
                        found = true;
                    }
                }
            }
            if !found {
                return Ok(());
            }
        }
    }

    /// The open cell to branch on (a bivalue one when there is one, else the fewest
    /// candidates) and its digits; `None` when every cell is placed.
    #[inline]
    fn choose(&self) -> Option<(usize, u32)> {
        let open = !self.solved;
        let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
        for &p in &self.cand {
            thrice |= twice & p;
            twice |= once & p;
            once |= p;
        }
        let open = open & once;
        if open == 0 {
            return None;
        }
        let two = twice & !thrice & open;
        let cell = if two != 0 {
            two.trailing_zeros() as usize
        } else {
            let mut best = (u32::MAX, 0);
            let mut rest = open;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let n = self.digits(c).count_ones();
                if n < best.0 {
                    best = (n, c);
                }
            }
            best.1
        };
        Some((cell, self.digits(cell)))
    }

    #[inline]
    fn digits(&self, c: usize) -> u32 {
        let mut m = 0;
        for (d, &p) in self.cand.iter().enumerate() {
            m |= ((p >> c) as u32 & 1) << d;
        }
        m
    }

    fn digits_of_cells(&self, cells: usize) -> Vec<u8> {
        let mut out = vec![0u8; cells];
        for (d, &p) in self.cand.iter().enumerate() {
            let mut m = p;
            while m != 0 {
                out[m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        out
    }
}

struct Frame<const N: usize> {
    state: State<N>,
    cell: usize,
    rest: u32,
}

/// Depth-first search over digit planes; same contract as [`super::Solver::search`], with the
/// visitor seeing digits. `masks[c]` is the candidate mask of cell c (bit d = digit d + 1).
pub(crate) fn search<const N: usize>(
    k: usize,
    masks: impl Iterator<Item = u128>,
    limit: usize,
    budget: Budget,
    visit: &mut dyn FnMut(&[u8]) -> bool,
) -> Count {
    debug_assert_eq!(k * k, N);
    let t = Tables::get(k);
    let cells = N * N;
    let mut out = Count::default();
    let mut st = State::<N> {
        cand: [0; N],
        solved: 0,
        dirty: (1 << N) - 1,
    };
    for (c, m) in masks.enumerate().take(cells) {
        for (d, p) in st.cand.iter_mut().enumerate() {
            *p |= ((m >> d) & 1) << c;
        }
    }
    let mut frames: Vec<Frame<N>> = Vec::with_capacity(32);
    let mut ok = st.propagate(t).is_ok();
    loop {
        if ok {
            match st.choose() {
                None => {
                    out.solutions += 1;
                    let more = visit(&st.digits_of_cells(cells));
                    if out.solutions >= limit || !more {
                        out.limit_reached = out.solutions >= limit;
                        return out;
                    }
                }
                Some((cell, digits)) => frames.push(Frame {
                    state: st,
                    cell,
                    rest: digits,
                }),
            }
        }
        let Some(f) = frames.last_mut() else {
            return out;
        };
        let d = f.rest.trailing_zeros() as usize;
        f.rest &= f.rest - 1;
        st = f.state;
        let cell = f.cell;
        let guess = f.rest != 0;
        if !guess {
            frames.pop();
        } else {
            out.stats.guesses += 1;
        }
        out.stats.nodes += 1;
        if let Some(why) = budget.exceeded(out.stats.nodes) {
            out.refuse(why, guess);
            return out;
        }
        ok = st.place(t, cell, d).is_ok() && st.propagate(t).is_ok();
    }
}
