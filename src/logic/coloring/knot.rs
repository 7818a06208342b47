//! Y-knots: the premise that a bivalue cell is not c (so it is its other digit) forces, through
//! bivalue cells, two cells of one house to the same digit. The premise is false: the cell is c.
//!
//! The forcing is a tree of y-edge chains from the premise; the two clashing cells hang on two
//! branches that meet at their last common cell, so the evidence is a knot: the branch from the
//! premise to the first clashing cell (each node forces the next, `>`), the clash (a weak link:
//! one digit twice in a house, `-`), and the second clashing cell's branch back up to where the
//! two meet (each node forced by the next, `<`).

use super::graph::Forcings;
use crate::basis::Basis;
use crate::logic::{
    Candidate, ChainNode, Config, Deduction, Flow, LinkKind, Sink, State, Technique,
};
use crate::mask::Mask;
use std::cmp::Ordering;

/// Report every y-knot, chains of at most `cfg.chain_length` cells.
pub(crate) fn find<B: Basis>(s: &State<B>, cfg: &Config, sink: &mut Sink) -> Flow {
    let t = B::topology();
    let fs = Forcings::build(s, cfg.chain_length, cfg);
    for f in &fs.list {
        let Some((i, j, house)) = f.clash else {
            continue;
        };
        let premise = f.forced[0];
        let cell = premise.cell as usize;
        let digit = (s.get(cell) & !B::Mask::bit(premise.digit as usize)).first();
        let a = f.branch(i);
        let b = f.branch(j);
        let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let mut entries: Vec<u32> = a.clone();
        entries.extend(b[common - 1..].iter().rev());
        let mut d = Deduction::new(Technique::YKnot);
        d.placements.push(Candidate::new(cell, digit));
        let ev = &mut d.evidence;
        ev.digits.push(digit as u8);
        ev.houses.push(house);
        let (clash, last) = (a.len() - 1, entries.len() - 1);
        for (k, &e) in entries.iter().enumerate() {
            let x = f.forced[e as usize];
            let link = (k < last).then(|| match k.cmp(&clash) {
                Ordering::Less => LinkKind::Forces,
                Ordering::Equal => LinkKind::Weak,
                Ordering::Greater => LinkKind::ForcedBy,
            });
            ev.chain.push(ChainNode::new(
                vec![Candidate::new(x.cell as usize, x.digit as usize)],
                link,
            ));
            if !ev.cells.contains(&x.cell) {
                ev.cells.push(x.cell);
            }
        }
        // In the chain's order: the first branch's end, then the second's.
        ev.note = Some(format!(
            "{} and {} clash in {}",
            t.cell_name(f.forced[i as usize].cell as usize),
            t.cell_name(f.forced[j as usize].cell as usize),
            t.house_name(house as usize)
        ));
        if sink(d) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
