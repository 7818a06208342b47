//! Finned and sashimi fish of every size, rows or columns as base.
//!
//! k base lines whose places of the digit lie in k cover lines but for a few, the *fins*, all in
//! one box. Either a fin holds the digit, or the fish stands and the digit fills each cover line
//! inside the base lines. Both leave the digit out of the cover lines' cells outside the base that
//! lie in the fins' box: those see every fin. *Sashimi* (HoDoKu's name) when a base line has
//! fewer than two places in the cover lines: without its fins there would be no fish at all.
//!
//! Found box by box. For a fin box, the base lines through it drop their places in the box's
//! cross lines (where a fin may be), and k base lines whose places left lie in at most k cross
//! lines ([`covered_sets`]) make a fish, the cover made up to k from the box's cross lines.
//!
//! Not above half the digit's m open lines (as many rows as columns): there the complement,
//! the other m − k cross lines as base and the other m − k base lines as cover, is a finned
//! fish of the other orientation with the same fins and eliminations, found at its size. In
//! rare shapes the complement is no fish by the rules below (say, a base line whose places
//! are all fins), and those eliminations wait for another technique: on 35 real 9×9 paths, 4
//! of 261 fish of sizes 2-4 above half (`finned_fish_above_half_are_made_by_their_complements`).
//! The search goes box by box, so it costs the box count times a basic fish: at 100×100 the
//! sizes above half took most of it (`find --technique finned-fish-19` on a state of the
//! public 100×100, 3.3 s → 0.6 s).

use super::{cell, Lines};
use crate::basis::Basis;
use crate::logic::subsets::{covered_sets, Bound};
use crate::logic::{Candidate, Deduction, Flow, Sink, State, Technique};
use crate::mask::Mask;
use itertools::Itertools;

/// Every finned or sashimi fish of size `k` of one digit, row-based then column-based.
pub(super) fn of_digit<B: Basis>(
    s: &State<B>,
    digit: usize,
    k: usize,
    bound: Bound,
    sink: &mut Sink,
) -> Flow {
    for by_cols in [false, true] {
        let base = Lines::new(s, digit, by_cols);
        // Above half the open lines: the complement, the other orientation (module doc).
        if 2 * k > base.lines.len() {
            continue;
        }
        for fin_box in 0..B::N {
            let Some(fins) = FinBox::new::<B>(&base, fin_box) else {
                continue;
            };
            let items = fins.items(&base);
            let flow = covered_sets(&items, k, bound, &mut |chosen, union| {
                fins.report::<B>(digit, k, &base, chosen, union, sink)
            });
            if flow == Flow::Stop {
                return Flow::Stop;
            }
        }
    }
    Flow::Continue
}

/// One box seen from the base lines: the base lines through it (its *band*) and the cross
/// lines through it (its *stack*).
struct FinBox<M> {
    /// The box's number.
    number: usize,
    /// The base lines through the box.
    band: std::ops::Range<usize>,
    /// Mask of the cross lines through the box.
    stack: M,
}

impl<M: Mask> FinBox<M> {
    /// Box `number` as a fin box, or `None` when it cannot give one: at least two base lines
    /// through it must hold the digit there, one for a fin and one to lose it.
    fn new<B: Basis<Mask = M>>(base: &Lines<M>, number: usize) -> Option<Self> {
        let k = B::K;
        let (band, stack) = match base.by_cols {
            false => (number / k, number % k),
            true => (number % k, number / k),
        };
        let mut mask = M::ZERO;
        for i in stack * k..stack * k + k {
            mask |= M::bit(i);
        }
        let fb = FinBox {
            number,
            band: band * k..band * k + k,
            stack: mask,
        };
        let held = (0..base.lines.len())
            .filter(|&i| fb.crosses(base, i) && !(base.places[i] & mask).is_empty())
            .count();
        (held >= 2).then_some(fb)
    }

    /// True when open base line `i` (an index into `base.lines`) passes through the box.
    fn crosses(&self, base: &Lines<M>, i: usize) -> bool {
        self.band.contains(&base.lines[i])
    }

    /// Each open base line's places, less those in the box (which may be fins).
    fn items(&self, base: &Lines<M>) -> Vec<M> {
        let places = base.places.iter().enumerate();
        let item = |(i, &p): (usize, &M)| match self.crosses(base, i) {
            true => p & !self.stack,
            false => p,
        };
        places.map(item).collect()
    }

    /// Report the fish on base lines `chosen` (indices into `base.lines`) whose places outside
    /// the box lie in cross lines `union`, the cover made up to `k` from the box's stack in
    /// every way there is.
    fn report<B: Basis<Mask = M>>(
        &self,
        digit: usize,
        k: usize,
        base: &Lines<M>,
        chosen: M,
        union: M,
        sink: &mut Sink,
    ) -> Flow {
        let missing = k - union.count() as usize;
        let spare = (self.stack & !union).iter().combinations(missing);
        for extra in spare {
            let cover = extra.into_iter().fold(union, |m, i| m | M::bit(i));
            if let Some(d) = self.fish::<B>(digit, base, chosen, cover) {
                if sink(d) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
        Flow::Continue
    }

    /// The finned fish on base lines `chosen` and cover lines `cover`, or `None` when it has no
    /// fin, removes nothing, a cover line holds no place of the base lines, or a base line has
    /// none in the cover or a single place in all (a hidden single, not a fish).
    fn fish<B: Basis<Mask = M>>(
        &self,
        digit: usize,
        base: &Lines<M>,
        chosen: M,
        cover: M,
    ) -> Option<Deduction> {
        let n = B::N;
        let at = |i: usize, x: usize| cell(n, base.by_cols, base.lines[i], x) as u16;
        let mut d = Deduction::new(Technique::FinnedFish(chosen.count() as u8));
        let mut sashimi = false;
        let mut held = M::ZERO;
        for i in chosen.iter() {
            let p = base.places[i];
            let inside = p & cover;
            if inside.is_empty() || p.count() < 2 {
                return None;
            }
            sashimi |= inside.count() < 2;
            held |= inside;
            d.evidence.cells.extend(inside.iter().map(|x| at(i, x)));
            d.evidence
                .fins
                .extend((p & !cover).iter().map(|x| at(i, x)));
        }
        for i in 0..base.lines.len() {
            if self.crosses(base, i) && !chosen.has(i) {
                let lost = base.places[i] & cover & self.stack;
                let lost = lost
                    .iter()
                    .map(|x| Candidate::new(at(i, x) as usize, digit));
                d.eliminations.extend(lost);
            }
        }
        // A cover line with no place of the base lines is no part of the fish: without it, fewer
        // cover lines than base lines would mean a fin is certain, which is another step.
        if held != cover || d.evidence.fins.is_empty() || d.eliminations.is_empty() {
            return None;
        }
        d.eliminations.sort();
        d.evidence.cells.sort();
        d.evidence.fins.sort();
        d.evidence.sashimi = sashimi;
        let base_lines = base.lines_of(chosen);
        let (b0, c0) = if base.by_cols { (n, 0) } else { (0, n) };
        d.evidence.houses = base_lines.iter().map(|l| (b0 + l) as u16).collect();
        d.evidence
            .houses
            .extend(cover.iter().map(|l| (c0 + l) as u16));
        d.evidence.digits = vec![digit as u8];
        let fins = d.evidence.fins.iter();
        let fins = fins.map(|&c| B::topology().cell_name(c as usize));
        let fin = if d.evidence.fins.len() == 1 {
            "fin"
        } else {
            "fins"
        };
        d.evidence.note = Some(format!(
            "{}, {fin} {} in box {}",
            super::lines_note(base.by_cols, base_lines, cover),
            fins.collect::<Vec<_>>().join(","),
            self.number + 1
        ));
        Some(d)
    }
}
