//! Wings: the XYZ-wing.
//!
//! A *pivot* cell holds exactly three digits x, y, z, and two cells it sees (the *wings*) hold
//! x, z and y, z. Whichever digit the pivot takes, z lands in the pivot or in a wing: x in the
//! pivot leaves the first wing z, y leaves the second wing z. So z leaves every cell that sees
//! all three. The XY-wing (a bivalue pivot) is an XY-chain of three cells and found as one; the
//! XYZ-wing is not a chain of bivalue cells, so it needs a finder of its own. Sudoku Explainer
//! rates it 4.4. The pattern and the argument are the same at every size.

use super::{Candidate, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;

/// Report every XYZ-wing in `s`, pivot by pivot in cell order.
pub fn find<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let mut wings = Vec::new();
    for pivot in 0..B::CELLS {
        let xyz = s.open(pivot);
        if xyz.count() != 3 {
            continue;
        }
        wings.clear();
        wings.extend(topo.peers(pivot).iter().map(|&c| c as usize).filter(|&c| {
            let m = s.open(c);
            m.count() == 2 && m & xyz == m
        }));
        for (i, &w1) in wings.iter().enumerate() {
            for &w2 in &wings[i + 1..] {
                // Two different pairs of the pivot's three digits share exactly one: z.
                let common = s.open(w1) & s.open(w2);
                if common.count() != 1 {
                    continue;
                }
                let z = common.first();
                let mut d = Deduction::new(Technique::XyzWing);
                for &p in topo.peers(pivot) {
                    let p = p as usize;
                    if p != w1
                        && p != w2
                        && topo.sees(p, w1)
                        && topo.sees(p, w2)
                        && s.open(p).has(z)
                    {
                        d.eliminations.push(Candidate::new(p, z));
                    }
                }
                if d.eliminations.is_empty() {
                    continue;
                }
                d.eliminations.sort();
                d.evidence.cells = [pivot, w1, w2].map(|c| c as u16).to_vec();
                d.evidence.digits = xyz.iter().map(|x| x as u8).collect();
                d.evidence.note = Some(format!("pivot {}", topo.cell_name(pivot)));
                if sink(d) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
    }
    Flow::Continue
}
