//! Locked candidates: pointing and claiming, on every box/line intersection.
//!
//! A box and a line (row or column) crossing it share a segment of K cells. When a digit's open
//! places in the box all lie in the segment, it leaves the rest of the line (*pointing*); when
//! its open places in the line all lie in the segment, it leaves the rest of the box
//! (*claiming*). Only open (unsolved) cells count; a placed digit has already left its peers.
//! The segment holds at least two of the digit's places: one alone is a hidden single.

use super::{Candidate, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;
use crate::topology::Topology;

/// Find every instance of `Pointing` or `Claiming`, box by box, rows before columns.
pub fn find<B: Basis>(s: &State<B>, t: Technique, sink: &mut Sink) -> Flow {
    let pointing = match t {
        Technique::Pointing => true,
        Technique::Claiming => false,
        _ => return Flow::Continue,
    };
    let topo = B::topology();
    let n = B::N;
    for b in 0..n {
        let bx = topo.box_house(b);
        for line in lines_through(topo, b) {
            let (mut seg, mut box_rest, mut line_rest) =
                (B::Mask::ZERO, B::Mask::ZERO, B::Mask::ZERO);
            for &c in topo.house(bx) {
                if on_line(topo, line, c as usize) {
                    seg |= s.open(c as usize);
                } else {
                    box_rest |= s.open(c as usize);
                }
            }
            for &c in topo.house(line) {
                if topo.box_of(c as usize) != b {
                    line_rest |= s.open(c as usize);
                }
            }
            // The digit is locked to the segment in `base` and leaves the rest of `cover`.
            let (digits, base, cover) = if pointing {
                (seg & !box_rest & line_rest, bx, line)
            } else {
                (seg & !line_rest & box_rest, line, bx)
            };
            for digit in digits.iter() {
                let mut d = Deduction::new(t);
                d.evidence.houses = vec![base as u16, cover as u16];
                d.evidence.digits = vec![digit as u8];
                for &c in topo.house(bx) {
                    let c = c as usize;
                    if on_line(topo, line, c) && s.open(c).has(digit) {
                        d.evidence.cells.push(c as u16);
                    }
                }
                // One place is a hidden single in `base`, named as such.
                if d.evidence.cells.len() < 2 {
                    continue;
                }
                d.evidence.cells.sort();
                for &c in topo.house(cover) {
                    let c = c as usize;
                    let outside = if pointing {
                        topo.box_of(c) != b
                    } else {
                        !on_line(topo, line, c)
                    };
                    if outside && s.open(c).has(digit) {
                        d.eliminations.push(Candidate::new(c, digit));
                    }
                }
                d.eliminations.sort();
                if sink(d) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
    }
    Flow::Continue
}

/// The K rows then the K columns crossing box `b`, as house indices.
pub(super) fn lines_through(t: &Topology, b: usize) -> impl Iterator<Item = usize> {
    let (k, n) = (t.k, t.n);
    let (r0, c0) = ((b / k) * k, (b % k) * k);
    (r0..r0 + k).chain((c0..c0 + k).map(move |c| n + c))
}

/// True when `cell` lies on `line` (a row or column house).
pub(super) fn on_line(t: &Topology, line: usize, cell: usize) -> bool {
    if line < t.n {
        t.row(cell) == line
    } else {
        t.col(cell) == line - t.n
    }
}

/// Slow, obviously correct locked candidates: for every box, line and digit, collect the cells.
pub mod reference {
    use super::super::{Candidate, Deduction, Evidence, State, Technique};
    use crate::basis::Basis;
    use crate::mask::Mask;

    /// Every pointing (`pointing == true`) or claiming instance with at least one elimination.
    pub fn find<B: Basis>(s: &State<B>, pointing: bool) -> Vec<Deduction> {
        let t = B::topology();
        let n = B::N;
        let mut out = Vec::new();
        let has = |c: usize, d: usize| !s.is_solved(c) && s.get(c).has(d);
        for b in 0..n {
            let bx = t.box_house(b);
            for line in 0..2 * n {
                let box_cells: Vec<usize> = t.house(bx).iter().map(|&c| c as usize).collect();
                let line_cells: Vec<usize> = t.house(line).iter().map(|&c| c as usize).collect();
                let seg: Vec<usize> = box_cells
                    .iter()
                    .copied()
                    .filter(|c| line_cells.contains(c))
                    .collect();
                if seg.is_empty() {
                    continue;
                }
                for d in 0..n {
                    let (confined_in, other) = if pointing {
                        (&box_cells, &line_cells)
                    } else {
                        (&line_cells, &box_cells)
                    };
                    let places: Vec<usize> =
                        confined_in.iter().copied().filter(|&c| has(c, d)).collect();
                    if places.len() < 2 || !places.iter().all(|c| seg.contains(c)) {
                        continue;
                    }
                    let mut eliminations: Vec<Candidate> = other
                        .iter()
                        .copied()
                        .filter(|&c| !seg.contains(&c) && has(c, d))
                        .map(|c| Candidate::new(c, d))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    eliminations.sort();
                    let (base, cover) = if pointing { (bx, line) } else { (line, bx) };
                    let mut cells: Vec<u16> = places.iter().map(|&c| c as u16).collect();
                    cells.sort();
                    out.push(Deduction {
                        technique: if pointing {
                            Technique::Pointing
                        } else {
                            Technique::Claiming
                        },
                        placements: Vec::new(),
                        eliminations,
                        evidence: Evidence {
                            houses: vec![base as u16, cover as u16],
                            cells,
                            digits: vec![d as u8],
                            ..Evidence::default()
                        },
                    });
                }
            }
        }
        out
    }
}
