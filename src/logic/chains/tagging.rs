//! Tagging: strong links join candidates into *layers*; each layer is two-coloured, and each
//! colour class is one *tag* (all its candidates true together, the other class false).
//!
//! ```text
//!   candidate id   = cell * n + digit           (dense over the whole grid)
//!   strong index   = position in `strong`       (only candidates with a strong link)
//!   tag            = 2 * layer + colour         (tag ^ 1 is the other colour of the layer)
//!   on(u)  = tag[u]      "u is true"
//!   off(u) = tag[u] ^ 1  "u is false"
//! ```
//!
//! A strong link (the only two places of a digit in a house, the only two digits of a cell)
//! says exactly one of its ends is true, so a connected set of strong links is settled by one
//! bit: which colour is true. Candidates in no strong link get no tag; they only start or end a
//! chain (a false untagged candidate implies nothing).
//!
//! Which links count depends on the [`Mode`]: X (one digit: conjugate pairs and same-digit weak
//! links), Y (bivalue cells, weak links between cells on one digit), XY (everything), and remote
//! pairs (bivalue cells of one digit pair).

use crate::basis::Basis;
use crate::logic::State;
use crate::mask::Mask;

/// Which links a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One digit: conjugate pairs in houses; weak links between places of the digit.
    X,
    /// Bivalue cells; weak links between cells on one digit (XY-chains).
    Y,
    /// Everything: conjugate pairs, bivalue cells, weak links in houses and in cells (AICs).
    Xy,
    /// Bivalue cells holding exactly these two digits (bit mask); weak links on one digit.
    Pair(u128),
}

impl Mode {
    fn conjugates(self) -> bool {
        matches!(self, Mode::X | Mode::Xy)
    }
    fn bivalues(self) -> bool {
        !matches!(self, Mode::X)
    }
    /// True when two digits of one cell are weakly linked in this mode.
    pub fn cell_links(self) -> bool {
        matches!(self, Mode::Xy)
    }
}

/// Sentinel for "no strong link" / "no tag".
pub const NONE: u32 = u32::MAX;

/// Strong links and layers of one state in one mode.
pub struct Tagging<'s, B: Basis> {
    s: &'s State<B>,
    /// The mode the links were built for.
    pub mode: Mode,
    /// Digits per house, `N`.
    pub n: usize,
    /// Candidate ids with a strong link.
    pub strong: Vec<u32>,
    /// Strong index of each candidate id, or [`NONE`].
    strong_of: Vec<u32>,
    /// Strong partners (candidate ids) of strong index `i`: `partners[start[i]..start[i+1]]`.
    start: Vec<u32>,
    partners: Vec<u32>,
    /// Tag of `on(u)` per strong index.
    tag: Vec<u32>,
    /// Number of layers (tags = 2 × layers).
    pub layers: usize,
}

impl<'s, B: Basis> Tagging<'s, B> {
    /// Build links and layers. `None` when the strong links cannot be two-coloured, which means
    /// the state has no solution (strong links here are exactly-one links).
    pub fn new(s: &'s State<B>, mode: Mode) -> Option<Self> {
        let t = B::topology();
        let n = B::N;
        let ids = B::CELLS * n;
        let mut lists: Vec<Vec<u32>> = Vec::new();
        let mut strong_of = vec![NONE; ids];
        let mut strong = Vec::new();
        let mut add = |a: u32, b: u32, strong: &mut Vec<u32>, lists: &mut Vec<Vec<u32>>| {
            for (x, y) in [(a, b), (b, a)] {
                if strong_of[x as usize] == NONE {
                    strong_of[x as usize] = strong.len() as u32;
                    strong.push(x);
                    lists.push(Vec::new());
                }
                let l = &mut lists[strong_of[x as usize] as usize];
                if !l.contains(&y) {
                    l.push(y);
                }
            }
        };
        if mode.conjugates() {
            for h in 0..t.houses() {
                for d in 0..n {
                    let mut it = t
                        .house(h)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| !s.is_solved(c) && s.get(c).has(d));
                    if let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) {
                        add(
                            (a * n + d) as u32,
                            (b * n + d) as u32,
                            &mut strong,
                            &mut lists,
                        );
                    }
                }
            }
        }
        if mode.bivalues() {
            for c in 0..B::CELLS {
                let m = s.get(c);
                if s.is_solved(c) || m.count() != 2 {
                    continue;
                }
                if let Mode::Pair(p) = mode {
                    if m.to_u128() != p {
                        continue;
                    }
                }
                let d1 = m.first();
                let d2 = (m & !B::Mask::bit(d1)).first();
                add(
                    (c * n + d1) as u32,
                    (c * n + d2) as u32,
                    &mut strong,
                    &mut lists,
                );
            }
        }
        let mut start = Vec::with_capacity(strong.len() + 1);
        let mut partners = Vec::new();
        for l in &lists {
            start.push(partners.len() as u32);
            partners.extend_from_slice(l);
        }
        start.push(partners.len() as u32);
        let mut g = Tagging {
            s,
            mode,
            n,
            strong,
            strong_of,
            start,
            partners,
            tag: Vec::new(),
            layers: 0,
        };
        g.colour().then_some(g)
    }

    /// Two-colour each connected set of strong links; false on an odd cycle.
    fn colour(&mut self) -> bool {
        let m = self.strong.len();
        self.tag = vec![NONE; m];
        let mut queue = Vec::new();
        for root in 0..m {
            if self.tag[root] != NONE {
                continue;
            }
            let layer = self.layers as u32;
            self.layers += 1;
            self.tag[root] = 2 * layer;
            queue.clear();
            queue.push(root);
            while let Some(i) = queue.pop() {
                let other = self.tag[i] ^ 1;
                for k in self.start[i]..self.start[i + 1] {
                    let j = self.strong_of[self.partners[k as usize] as usize] as usize;
                    if self.tag[j] == NONE {
                        self.tag[j] = other;
                        queue.push(j);
                    } else if self.tag[j] != other {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Number of tags (two per layer).
    pub fn tags(&self) -> usize {
        2 * self.layers
    }

    /// Tag of `on(id)`, or [`NONE`] when the candidate has no strong link.
    #[inline]
    pub fn on_tag(&self, id: u32) -> u32 {
        match self.strong_of[id as usize] {
            NONE => NONE,
            i => self.tag[i as usize],
        }
    }

    /// Strong partners of candidate `id` (empty when it has none).
    #[inline]
    pub fn partners(&self, id: u32) -> &[u32] {
        match self.strong_of[id as usize] {
            NONE => &[],
            i => {
                let i = i as usize;
                &self.partners[self.start[i] as usize..self.start[i + 1] as usize]
            }
        }
    }

    /// True when `id` is a candidate of an open cell.
    #[inline]
    pub fn is_open(&self, id: u32) -> bool {
        let (c, d) = self.split(id);
        !self.s.is_solved(c) && self.s.get(c).has(d)
    }

    /// Cell and digit of a candidate id.
    #[inline]
    pub fn split(&self, id: u32) -> (usize, usize) {
        (id as usize / self.n, id as usize % self.n)
    }

    /// Every candidate weakly linked to `id` in this mode (at most one of the two is true):
    /// the same digit in a peer cell, and in XY mode the other digits of the cell.
    pub fn weak(&self, id: u32, mut f: impl FnMut(u32)) {
        let (c, d) = self.split(id);
        for &p in B::topology().peers(c) {
            let p = p as usize;
            if !self.s.is_solved(p) && self.s.get(p).has(d) {
                f((p * self.n + d) as u32);
            }
        }
        if self.mode.cell_links() {
            for e in self.s.get(c).iter() {
                if e != d {
                    f((c * self.n + e) as u32);
                }
            }
        }
    }

    /// True when `a` and `b` are weakly linked in this mode.
    pub fn weakly_linked(&self, a: u32, b: u32) -> bool {
        let ((ca, da), (cb, db)) = (self.split(a), self.split(b));
        if ca == cb {
            da != db && self.mode.cell_links()
        } else {
            da == db && B::topology().sees(ca, cb)
        }
    }

    /// The state the links were read from.
    pub fn state(&self) -> &State<B> {
        self.s
    }
}
