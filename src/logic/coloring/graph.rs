//! The graph of one digit: its cells, conjugate pairs (3-edges), box hinges (pseudo 1-edges)
//! and y-edges (2-edges through bivalue cells). Plain 1-edges (two cells that see each other) are
//! not stored: the search reads them off the topology's peer table.
//!
//! ```text
//!   on[cell]     the cell is open and still holds the digit
//!   conj[cell]   (partner, house)          only two places for the digit in that house
//!   hinge[cell]  (partner, box house)      see HINGE below
//!   y[cell]      (partner, forcing, entry) cell or partner is the digit (one's forcing
//!                                          shows it), listed at both ends
//! ```
//!
//! HINGE: the digit's cells of box B lie on two lines l1, l2 of B (each holding some off the
//! other). A cell x on l1 outside B and a cell z on l2 outside B cannot both be the digit: if x
//! is, the digit leaves l1, so B's digit lies on l2, which z sees. Two 1-edges meeting at a right
//! angle in B (or two parallel ones) act as one.

use crate::basis::Basis;
use crate::logic::{Config, State};
use crate::mask::Mask;

/// One cell forced by a propagation through bivalue cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Forced {
    /// The cell.
    pub cell: u16,
    /// The digit it is forced to.
    pub digit: u8,
    /// Index of the entry that forced it (`u32::MAX` for the premise).
    pub parent: u32,
}

/// What follows from `premise cell = digit` through bivalue cells: each entry is a bivalue cell
/// forced to its other digit because a peer was forced to the first; entry 0 is the premise.
#[derive(Clone, Debug)]
pub(crate) struct Forcing {
    /// Forced cells in breadth-first order.
    pub forced: Vec<Forced>,
    /// Two entries forced to the same digit in one house, and that house: the premise is false.
    pub clash: Option<(u32, u32, u16)>,
}

impl Forcing {
    /// Entry indices from the premise down to entry `i`.
    pub fn branch(&self, mut i: u32) -> Vec<u32> {
        let mut out = vec![i];
        while self.forced[i as usize].parent != u32::MAX {
            i = self.forced[i as usize].parent;
            out.push(i);
        }
        out.reverse();
        out
    }
}

/// The forcings from both digits of every bivalue cell.
pub(crate) struct Forcings {
    /// All forcings; those of a bivalue cell are adjacent, its lower digit first.
    pub list: Vec<Forcing>,
    first: Vec<u32>,
}

impl Forcings {
    /// Propagate both digits of every open bivalue cell; chains hold at most `max_cells` cells.
    /// Past `cfg`'s deadline no more cells are begun: the forcings listed are complete, and
    /// fewer (fewer y-edges and knots, none wrong).
    pub fn build<B: Basis>(s: &State<B>, max_cells: usize, cfg: &Config) -> Self {
        let t = B::topology();
        let mut first = vec![u32::MAX; B::CELLS];
        let mut list = Vec::new();
        let mut sc = Scratch {
            val: vec![0u8; B::CELLS],
            entry: vec![0u32; B::CELLS],
            house: vec![0u128; t.houses()],
        };
        let bivalue = |c: usize| !s.is_solved(c) && s.get(c).count() == 2;
        for (u, slot) in first.iter_mut().enumerate() {
            if !bivalue(u) {
                continue;
            }
            if cfg.past_deadline() {
                break;
            }
            *slot = list.len() as u32;
            for d in s.get(u).iter() {
                let mut f = Forcing {
                    forced: Vec::new(),
                    clash: None,
                };
                let mut depth = vec![1usize];
                sc.force::<B>(&mut f, u, d, u32::MAX);
                let mut i = 0;
                while i < f.forced.len() && f.clash.is_none() {
                    let e = f.forced[i];
                    if depth[i] < max_cells {
                        for &p in t.peers(e.cell as usize) {
                            let p = p as usize;
                            if sc.val[p] != 0 || !bivalue(p) || !s.get(p).has(e.digit as usize) {
                                continue;
                            }
                            let other = (s.get(p) & !B::Mask::bit(e.digit as usize)).first();
                            sc.force::<B>(&mut f, p, other, i as u32);
                            depth.push(depth[i] + 1);
                            if f.clash.is_some() {
                                break;
                            }
                        }
                    }
                    i += 1;
                }
                for e in &f.forced {
                    sc.val[e.cell as usize] = 0;
                    for h in t.houses_of(e.cell as usize) {
                        sc.house[h as usize] = 0;
                    }
                }
                list.push(f);
            }
        }
        Forcings { list, first }
    }

    /// Index of the forcing from `cell = digit`, when `cell` is bivalue and holds `digit`.
    pub fn index<B: Basis>(&self, s: &State<B>, cell: usize, digit: usize) -> Option<usize> {
        let f = self.first[cell];
        if f == u32::MAX || !s.get(cell).has(digit) {
            return None;
        }
        Some(f as usize + (s.get(cell).first() != digit) as usize)
    }
}

/// Per-propagation marks, cleared after each forcing.
struct Scratch {
    /// Forced digit + 1 per cell, 0 when not forced.
    val: Vec<u8>,
    /// Entry index of each forced cell.
    entry: Vec<u32>,
    /// Digits forced in each house, as a bit set.
    house: Vec<u128>,
}

impl Scratch {
    /// Record `cell = digit` in `f`, noting a clash with an earlier entry in one of its houses.
    fn force<B: Basis>(&mut self, f: &mut Forcing, cell: usize, digit: usize, parent: u32) {
        let t = B::topology();
        let idx = f.forced.len() as u32;
        for h in t.houses_of(cell) {
            let h = h as usize;
            if (self.house[h] >> digit) & 1 != 0 && f.clash.is_none() {
                let other = t
                    .house(h)
                    .iter()
                    .find(|&&q| self.val[q as usize] == digit as u8 + 1)
                    .map(|&q| self.entry[q as usize]);
                if let Some(j) = other {
                    f.clash = Some((idx, j, h as u16));
                }
            }
            self.house[h] |= 1u128 << digit;
        }
        self.val[cell] = digit as u8 + 1;
        self.entry[cell] = idx;
        f.forced.push(Forced {
            cell: cell as u16,
            digit: digit as u8,
            parent,
        });
    }
}

/// The graph of one digit.
pub(crate) struct Graph {
    /// The digit (0-based).
    pub digit: usize,
    /// Open cells holding the digit.
    pub on: Vec<bool>,
    /// Conjugate partners and the house that makes them conjugate.
    pub conj: Vec<Vec<(u16, u16)>>,
    /// Hinge partners and the box (as a house index).
    pub hinge: Vec<Vec<(u16, u16)>>,
    /// Y partners: this cell or the partner is the digit, as the forcing (forcing, entry)
    /// of one of them from its other digit shows. Listed at both ends: the search steps from
    /// a cell that is not the digit to a partner that is, either way along the edge.
    pub y: Vec<Vec<(u16, u32, u32)>>,
    /// Peers holding the digit that have a conjugate or y partner (the only cells a weak step
    /// can usefully reach), with the conjugate house or `u16::MAX`; cell `c`'s are
    /// `weak_list[weak_start[c]..weak_start[c + 1]]`.
    weak_list: Vec<(u16, u16)>,
    weak_start: Vec<u32>,
}

impl Graph {
    /// The graph of `digit`; hinges and y-edges only when asked for (`forcings` gives the
    /// latter).
    pub fn build<B: Basis>(
        s: &State<B>,
        digit: usize,
        hinges: bool,
        forcings: Option<&Forcings>,
    ) -> Self {
        let t = B::topology();
        let on: Vec<bool> = (0..B::CELLS)
            .map(|c| !s.is_solved(c) && s.get(c).has(digit))
            .collect();
        let mut g = Graph {
            digit,
            on,
            conj: vec![Vec::new(); B::CELLS],
            hinge: vec![Vec::new(); B::CELLS],
            y: vec![Vec::new(); B::CELLS],
            weak_list: Vec::new(),
            weak_start: Vec::with_capacity(B::CELLS + 1),
        };
        for h in 0..t.houses() {
            let mut it = t.house(h).iter().filter(|&&c| g.on[c as usize]);
            if let (Some(&a), Some(&b), None) = (it.next(), it.next(), it.next()) {
                if !g.conj[a as usize].iter().any(|&(p, _)| p == b) {
                    g.conj[a as usize].push((b, h as u16));
                    g.conj[b as usize].push((a, h as u16));
                }
            }
        }
        if hinges {
            g.add_hinges::<B>();
        }
        if let Some(fs) = forcings {
            for u in 0..B::CELLS {
                if !g.on[u] || s.get(u).count() != 2 {
                    continue;
                }
                let other = (s.get(u) & !B::Mask::bit(digit)).first();
                let Some(fi) = fs.index(s, u, other) else {
                    continue;
                };
                for (ei, e) in fs.list[fi].forced.iter().enumerate().skip(1) {
                    if e.digit as usize == digit && e.cell as usize != u {
                        g.y[u].push((e.cell, fi as u32, ei as u32));
                    }
                }
            }
            // The other end of each edge, unless its own forcing already gave the edge.
            for u in 0..B::CELLS {
                for i in 0..g.y[u].len() {
                    let (p, f, e) = g.y[u][i];
                    if !g.y[p as usize].iter().any(|&(q, ..)| q as usize == u) {
                        g.y[p as usize].push((u as u16, f, e));
                    }
                }
            }
        }
        let live: Vec<bool> = (0..B::CELLS).map(|c| g.on[c] && g.is_live(c)).collect();
        for c in 0..B::CELLS {
            g.weak_start.push(g.weak_list.len() as u32);
            if !g.on[c] {
                continue;
            }
            for &p in t.peers(c) {
                if live[p as usize] {
                    let h = g.conj_house(c, p as usize).unwrap_or(u16::MAX);
                    g.weak_list.push((p, h));
                }
            }
        }
        g.weak_start.push(g.weak_list.len() as u32);
        g
    }

    /// Live weak partners of `cell` (see `weak_list`).
    #[inline]
    pub fn weak(&self, cell: usize) -> &[(u16, u16)] {
        &self.weak_list[self.weak_start[cell] as usize..self.weak_start[cell + 1] as usize]
    }

    /// True when a cell has a conjugate or y partner, so a path can go on from "it is not the
    /// digit".
    pub(crate) fn is_live(&self, cell: usize) -> bool {
        !self.conj[cell].is_empty() || !self.y[cell].is_empty()
    }

    fn add_hinges<B: Basis>(&mut self) {
        let t = B::topology();
        let (k, n) = (B::K, B::N);
        // The 2K lines through a box as position masks inside it: rows, then columns.
        let lines: Vec<u128> = (0..k)
            .map(|i| ((1u128 << k) - 1) << (i * k))
            .chain((0..k).map(|j| (0..k).fold(0u128, |m, i| m | 1 << (i * k + j))))
            .collect();
        for b in 0..n {
            let bh = t.box_house(b);
            let box_cells = t.house(bh);
            let m = box_cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| self.on[c as usize])
                .fold(0u128, |m, (p, _)| m | 1 << p);
            if m.count_ones() < 3 {
                continue;
            }
            for (i, &m1) in lines.iter().enumerate() {
                for (j, &m2) in lines.iter().enumerate().skip(i + 1) {
                    if m & !(m1 | m2) != 0 || m & m1 & !m2 == 0 || m & m2 & !m1 == 0 {
                        continue;
                    }
                    // The houses of the two lines: a box row is a grid row, a box column a
                    // grid column.
                    let house = |l: usize| {
                        let corner = box_cells[0] as usize;
                        if l < k {
                            t.row(corner) + l
                        } else {
                            t.col_house(t.col(corner)) + l - k
                        }
                    };
                    let outside = |l: usize| {
                        t.house(house(l))
                            .iter()
                            .map(|&c| c as usize)
                            .filter(|&c| self.on[c] && t.box_of(c) != b)
                            .collect::<Vec<_>>()
                    };
                    let (xs, zs) = (outside(i), outside(j));
                    for &x in &xs {
                        for &z in &zs {
                            if !t.sees(x, z) {
                                self.hinge[x].push((z as u16, bh as u16));
                                self.hinge[z].push((x as u16, bh as u16));
                            }
                        }
                    }
                }
            }
        }
    }

    /// The two colors of `cell`'s cluster (the cells its conjugate pairs reach, followed): its
    /// own color, `cell` first, and the other. `None` when a conjugate pair joins two cells of
    /// one color, which no solution allows.
    pub(crate) fn colors(&self, cell: usize) -> Option<[Vec<usize>; 2]> {
        let mut color = vec![u8::MAX; self.on.len()];
        let mut out = [vec![cell], Vec::new()];
        color[cell] = 0;
        let mut i = 0;
        // Breadth first: `order` is the queue, the cells in the order they were colored.
        let mut order = vec![cell];
        while let Some(&c) = order.get(i) {
            i += 1;
            let other = 1 - color[c];
            for &(p, _) in &self.conj[c] {
                let p = p as usize;
                if color[p] == u8::MAX {
                    color[p] = other;
                    out[other as usize].push(p);
                    order.push(p);
                } else if color[p] != other {
                    return None;
                }
            }
        }
        Some(out)
    }

    /// The house making `a` and `b` conjugate, if any.
    pub(crate) fn conj_house(&self, a: usize, b: usize) -> Option<u16> {
        self.conj[a]
            .iter()
            .find(|&&(p, _)| p as usize == b)
            .map(|&(_, h)| h)
    }
}

#[cfg(test)]
mod tests {
    use super::Graph;
    use crate::basis::{Basis, B3, B4};
    use crate::input::{read_one, ReadOptions};
    use crate::logic::{engine, Config, State, Technique};
    use crate::mask::Mask;

    /// A box hinge links two cells that do not see each other (a peer pair is a weak link
    /// already), each on one of the two lines that hold the digit in the box, and, as a weak
    /// link, never both the digit in the solution.
    fn hinges_hold<B: Basis>(text: &str) -> usize {
        let mut seen = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let p = read_one(line, ReadOptions::default()).unwrap();
            let solution = crate::solve::unique_solution(&p).unwrap();
            let mut s = State::<B>::of_puzzle(&p).unwrap();
            engine::reduce(&mut s, &Technique::SINGLES, &Config::default()).unwrap();
            let t = B::topology();
            for digit in 0..B::N {
                let g = Graph::build(&s, digit, true, None);
                for (x, partners) in g.hinge.iter().enumerate() {
                    for &(z, bh) in partners {
                        let (z, bh) = (z as usize, bh as usize);
                        seen += 1;
                        let (cx, cz) = (t.cell_name(x), t.cell_name(z));
                        assert!(!t.sees(x, z), "{line}: {cx} and {cz} see each other");
                        let b = &t.house(bh);
                        let in_box = |c: usize| b.iter().any(|&q| q as usize == c);
                        assert!(!in_box(x) && !in_box(z), "{line}: {x}-{z} in the box");
                        let both =
                            solution[x] as usize == digit + 1 && solution[z] as usize == digit + 1;
                        assert!(!both, "{line}: {x} and {z} both hold {}", digit + 1);
                        assert!(g.on[x] && g.on[z] && s.get(x).has(digit));
                    }
                }
            }
        }
        seen
    }

    #[test]
    fn box_hinges_link_cells_that_do_not_see_each_other() {
        let nine = include_str!("../../../tests/data/9x9_magictour_top1465_first30.txt");
        assert!(hinges_hold::<B3>(nine) > 100);
        let sixteen = include_str!("../../../tests/data/16x16_gen_minimal200_first10.txt");
        assert!(hinges_hold::<B4>(sixteen) > 100);
    }
}
