//! Sudoku Explainer's direct techniques: locked candidates or a hidden pair or triple whose
//! removals leave a digit one place in a house, taken as that placement alone.
//!
//! SE rates such a step below its pattern (Direct Pointing 1.7, Direct Claiming 1.9, Direct
//! Hidden Pair 2.0, Direct Hidden Triple 2.5, against 2.6, 2.8, 3.4 and 4.0): a solver sees the
//! single through the pattern. The step places the single and makes the pattern's removals,
//! as SE's `IndirectHint.apply` does; its evidence keeps the pattern, and in `clears` the
//! removals that leave the single. The single is looked for where SE looks: after a pointing,
//! in the other boxes its line crosses; after a claiming, in the other lines of its kind that
//! cross its box; after a hidden set, in its own house.

use super::subsets::{locked_sets, Bound};
use super::{intersections, Candidate, Config, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;

/// Find every instance of one direct technique.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    match t {
        Technique::DirectPointing => locked(s, Technique::Pointing, sink),
        Technique::DirectClaiming => locked(s, Technique::Claiming, sink),
        Technique::DirectHiddenPair => hidden(s, 2, cfg, sink),
        Technique::DirectHiddenTriple => hidden(s, 3, cfg, sink),
        _ => Flow::Continue,
    }
}

/// The technique that places what `pattern`'s removals leave a single (`pattern` is one of
/// theirs: pointing, claiming, a hidden pair or triple).
fn direct(pattern: Technique) -> Technique {
    let mut direct = Technique::DIRECT.into_iter();
    let found = direct.find(|d| d.direct_pattern() == Some(pattern));
    found.expect("the pattern of a direct technique")
}

/// Each pointing or claiming whose removals leave its digit one place in a house of its base's
/// kind (a box for pointing, the line's kind for claiming).
fn locked<B: Basis>(s: &State<B>, pattern: Technique, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    intersections::find(s, pattern, &mut |d| {
        let (base, digit) = (d.evidence.houses[0] as usize, d.evidence.digits[0] as usize);
        // Row, column or box: the index of the base's kind in `houses_of`.
        let kind = base / topo.n;
        let mut crossed: Vec<usize> = d
            .eliminations
            .iter()
            .map(|e| topo.houses_of(e.cell as usize)[kind] as usize)
            .collect();
        crossed.sort_unstable();
        crossed.dedup();
        for h in crossed {
            let clears: Vec<Candidate> = d
                .eliminations
                .iter()
                .copied()
                .filter(|e| topo.houses_of(e.cell as usize)[kind] as usize == h)
                .collect();
            let mut left =
                topo.house(h).iter().map(|&c| c as usize).filter(|&c| {
                    s.open(c).has(digit) && !clears.iter().any(|e| e.cell as usize == c)
                });
            let (Some(cell), None) = (left.next(), left.next()) else {
                continue;
            };
            let mut step = Deduction::new(direct(pattern));
            step.placements.push(Candidate::new(cell, digit));
            step.eliminations = d.eliminations.clone();
            step.evidence.houses = vec![d.evidence.houses[0], d.evidence.houses[1], h as u16];
            step.evidence.cells = d.evidence.cells.clone();
            step.evidence.digits = d.evidence.digits.clone();
            step.evidence.clears = clears;
            if sink(step) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    })
}

/// Each hidden set of `k` digits in a house whose removals leave another digit one place
/// there.
fn hidden<B: Basis>(s: &State<B>, k: usize, cfg: &Config, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let bound = Bound::of(cfg);
    for h in 0..topo.houses() {
        if cfg.past_deadline() {
            return Flow::Stop;
        }
        let cells = topo.house(h);
        // Each digit's open places in the house, by position.
        let mut places = vec![B::Mask::ZERO; B::N];
        for (i, &c) in cells.iter().enumerate() {
            for digit in s.open(c as usize).iter() {
                places[digit] |= B::Mask::bit(i);
            }
        }
        // A digit of one place is a hidden single of its own.
        let digits: Vec<usize> = (0..B::N)
            .filter(|&d| (2..=k as u32).contains(&places[d].count()))
            .collect();
        let items: Vec<B::Mask> = digits.iter().map(|&d| places[d]).collect();
        let mut stopped = false;
        let _ = locked_sets(&items, k, k, bound, &mut |chosen, union| {
            let set: Vec<usize> = chosen.iter().map(|i| digits[i]).collect();
            for other in (0..B::N).filter(|d| !set.contains(d)) {
                let (all, left) = (places[other], places[other] & !union);
                if all.count() < 2 || left.count() != 1 {
                    continue;
                }
                let cell = |i: usize| cells[i] as usize;
                let mut step = Deduction::new(direct(Technique::HiddenTuple(k as u8)));
                step.placements
                    .push(Candidate::new(cell(left.first()), other));
                // Every other digit of the set's cells, as the hidden set removes them.
                step.eliminations = union
                    .iter()
                    .flat_map(|i| {
                        let c = cell(i);
                        let digits = s.open(c).iter().filter(|d| !set.contains(d));
                        digits.map(move |d| Candidate::new(c, d))
                    })
                    .collect();
                step.evidence.houses = vec![h as u16];
                step.evidence.cells = union.iter().map(|i| cells[i]).collect();
                step.evidence.digits = set.iter().map(|&d| d as u8).collect();
                step.evidence.clears = (all & union)
                    .iter()
                    .map(|i| Candidate::new(cell(i), other))
                    .collect();
                if sink(step) == Flow::Stop {
                    stopped = true;
                    return Flow::Stop;
                }
            }
            Flow::Continue
        });
        if stopped {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
