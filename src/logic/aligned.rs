//! Aligned pair exclusion (Sudoku Explainer's rule, 6.2).
//!
//! Two open *base* cells take one pair of digits (x, y) between them. A pair is impossible when
//! the cells see each other and x = y, or when some bivalue cell that sees both holds exactly
//! x and y (an *excluder*: it would be left empty). A digit of a base cell that belongs to no
//! possible pair leaves that cell. As in SE, the base cells need at least two common
//! excluders and need not see each other. The rule is the same at every size.
//!
//! The pairs of base cells are found through the excluders (a second base cell sees an
//! excluder of the first), so the work grows with the bivalue cells, not with the square of
//! the open cells: a near-empty large grid costs little.

use super::{Candidate, Deduction, Exclusion, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;

/// Report every aligned pair exclusion in `s`, base cells in cell order.
pub fn find<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let excluders: Vec<Vec<u16>> = (0..B::CELLS)
        .map(|c| {
            if s.open(c).count() < 2 {
                return Vec::new();
            }
            let peers = topo.peers(c).iter();
            peers
                .copied()
                .filter(|&p| s.open(p as usize).count() == 2)
                .collect()
        })
        .collect();
    // Per first base cell: how many of its excluders each later cell sees.
    let mut shared = vec![0u8; B::CELLS];
    let mut touched = Vec::new();
    let mut common = Vec::new();
    for a in 0..B::CELLS {
        if excluders[a].len() < 2 {
            continue;
        }
        for &e in &excluders[a] {
            for &b in topo.peers(e as usize) {
                let b = b as usize;
                if b > a && excluders[b].len() >= 2 {
                    if shared[b] == 0 {
                        touched.push(b);
                    }
                    shared[b] = shared[b].saturating_add(1);
                }
            }
        }
        touched.sort_unstable();
        for &b in &touched {
            if shared[b] < 2 {
                continue;
            }
            common.clear();
            common.extend(
                excluders[a]
                    .iter()
                    .map(|&e| e as usize)
                    .filter(|&e| e != b && topo.sees(e, b)),
            );
            if common.len() >= 2 && exclude(s, [a, b], &common, sink) == Flow::Stop {
                return Flow::Stop;
            }
        }
        for &b in &touched {
            shared[b] = 0;
        }
        touched.clear();
    }
    Flow::Continue
}

/// The excluder that rules out `a` = x with `b` = y, if any.
fn excluder<B: Basis>(s: &State<B>, common: &[usize], x: usize, y: usize) -> Option<usize> {
    let pair = B::Mask::bit(x) | B::Mask::bit(y);
    common.iter().copied().find(|&e| s.open(e) == pair)
}

/// The deduction of base cells `base` with their common excluders, when it removes anything.
fn exclude<B: Basis>(s: &State<B>, base: [usize; 2], common: &[usize], sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let [a, b] = base;
    let (ma, mb) = (s.open(a), s.open(b));
    let same_house = topo.sees(a, b);
    let possible =
        |x: usize, y: usize| !(x == y && same_house) && excluder(s, common, x, y).is_none();
    let (mut keep_a, mut keep_b) = (B::Mask::ZERO, B::Mask::ZERO);
    for x in ma.iter() {
        for y in mb.iter() {
            if possible(x, y) {
                keep_a |= B::Mask::bit(x);
                keep_b |= B::Mask::bit(y);
            }
        }
    }
    let (gone_a, gone_b) = (ma & !keep_a, mb & !keep_b);
    if gone_a.is_empty() && gone_b.is_empty() {
        return Flow::Continue;
    }
    let mut d = Deduction::new(Technique::AlignedPairExclusion);
    d.eliminations
        .extend(gone_a.iter().map(|x| Candidate::new(a, x)));
    d.eliminations
        .extend(gone_b.iter().map(|y| Candidate::new(b, y)));
    // The excluders a removal rests on, in the order they were found.
    let mut used: Vec<usize> = Vec::new();
    for x in ma.iter() {
        for y in mb.iter() {
            if gone_a.has(x) || gone_b.has(y) {
                if let Some(e) = excluder(s, common, x, y) {
                    if !used.contains(&e) {
                        used.push(e);
                    }
                }
            }
        }
    }
    used.sort_unstable();
    let names = |cells: &[usize]| {
        let v: Vec<String> = cells.iter().map(|&c| topo.cell_name(c)).collect();
        v.join(",")
    };
    d.evidence.note = Some(format!("base {}, excluders {}", names(&base), names(&used)));
    d.evidence.cells = base.iter().chain(&used).map(|&c| c as u16).collect();
    // Each removal's proof: every digit of the other base cell, and what it would break.
    let why = |removed: Candidate, partner: usize, digits: B::Mask, pair: &dyn Fn(usize) -> _| {
        let pairs = digits.iter().map(|y| (y as u8, pair(y))).collect();
        Exclusion {
            removed,
            partner: partner as u16,
            pairs,
        }
    };
    for x in gone_a.iter() {
        let pair = |y: usize| excluder(s, common, x, y).map(|e| e as u16);
        d.evidence
            .exclusions
            .push(why(Candidate::new(a, x), b, mb, &pair));
    }
    for y in gone_b.iter() {
        let pair = |x: usize| excluder(s, common, x, y).map(|e| e as u16);
        d.evidence
            .exclusions
            .push(why(Candidate::new(b, y), a, ma, &pair));
    }
    sink(d)
}
