//! The bivalue universal grave (BUG), types 1 to 4, as Sudoku Explainer finds it.
//!
//! A digit with one place or more than two in a house has one of them in a cell of more than
//! two digits (a *BUG cell*); there the digit is an *extra* candidate. Taken away, the extras
//! must leave a grave ([`super`] says why one of them is then true). Type 1 is BUG+1 when
//! the one BUG cell has one extra digit: that cell is placed.

use super::{naked_set, names, offer, Pattern};
use crate::basis::Basis;
use crate::logic::{Candidate, Deduction, Flow, Sink, State, Technique};
use crate::mask::Mask;

/// What the grave's note says it is.
const GRAVE: &str = "without the extra digits every open cell would hold two, and every \
                     digit two places in a house or none: a grave";

/// Report the BUG steps of `s`: type 1, or types 2, 4 and 3 in that order.
pub(super) fn find<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let Some(grave) = Grave::of(s) else {
        return Flow::Continue;
    };
    let topo = B::topology();
    let cells = &grave.cells;
    let all = grave.extra.iter().fold(B::Mask::ZERO, |a, &m| a | m);
    let pattern = Pattern {
        technique: Technique::Bug,
        cells: cells.clone(),
        digits: all.iter().collect(),
    };
    if let [z] = cells[..] {
        return sink(type_1(s, &pattern, z, all));
    }
    // Houses holding every BUG cell, for types 3 and 4.
    let shared: Vec<usize> = topo
        .houses_of(cells[0])
        .iter()
        .map(|&h| h as usize)
        .filter(|&h| {
            cells
                .iter()
                .all(|&c| topo.houses_of(c).contains(&(h as u16)))
        })
        .collect();
    if all.count() == 1 {
        // Type 2: one of the cells holds x.
        let x = all.first();
        let mut d = pattern.deduction(
            format!("type 2: {GRAVE}, so one of them holds their extra digit"),
            &[],
        );
        d.eliminations = s.seeing_all(cells, x);
        if offer(d, sink) == Flow::Stop {
            return Flow::Stop;
        }
    }
    if let [c1, c2] = cells[..] {
        if type_4(s, &pattern, &grave, [c1, c2], &shared, all, sink) == Flow::Stop {
            return Flow::Stop;
        }
    }
    if all.count() > 1 {
        let lead = format!("{} as one cell of their extra digits", names::<B>(cells));
        for &house in &shared {
            if naked_set::<B>(s, &pattern, cells, &lead, house, all, sink) == Flow::Stop {
                return Flow::Stop;
            }
        }
    }
    Flow::Continue
}

/// The BUG cells, in cell order, and each one's extra digits.
struct Grave<M> {
    cells: Vec<usize>,
    extra: Vec<M>,
}

impl<M: Mask> Grave<M> {
    /// The extras of `s`, if taking them away leaves a grave.
    fn of<B: Basis<Mask = M>>(s: &State<B>) -> Option<Grave<M>> {
        let topo = B::topology();
        let cells: Vec<usize> = (0..B::CELLS).filter(|&c| s.open(c).count() > 2).collect();
        if cells.is_empty() {
            // A grave already, which a puzzle of one solution never shows.
            return None;
        }
        let mut extra = vec![M::ZERO; cells.len()];
        for h in 0..topo.houses() {
            let [one, two, three] = places(topo.house(h).iter().map(|&c| s.open(c as usize)));
            for d in (one & !(two & !three)).iter() {
                let owners = topo.house(h).iter().map(|&c| c as usize);
                let mut owners = owners.filter(|&c| s.open(c).count() > 2 && s.open(c).has(d));
                match (owners.next(), owners.next()) {
                    (None, _) => return None,
                    (Some(c), None) => {
                        let i = cells.binary_search(&c).ok()?;
                        extra[i] |= M::bit(d);
                    }
                    // Two candidates for the extra: SE takes neither, and the check below
                    // fails unless another house names one.
                    _ => {}
                }
            }
        }
        let rest = |c: usize| match cells.binary_search(&c) {
            Ok(i) => s.open(c) & !extra[i],
            Err(_) => s.open(c),
        };
        if cells.iter().any(|&c| rest(c).count() != 2) {
            return None;
        }
        for h in 0..topo.houses() {
            let [one, two, three] = places(topo.house(h).iter().map(|&c| rest(c as usize)));
            if one != two || three != M::ZERO {
                return None;
            }
        }
        let kept = extra.iter().map(|m| !m.is_empty());
        let cells: Vec<usize> = cells
            .iter()
            .zip(kept)
            .filter(|p| p.1)
            .map(|p| *p.0)
            .collect();
        extra.retain(|m| !m.is_empty());
        Some(Grave { cells, extra })
    }
}

/// The digits with at least one, two and three places among `masks`.
fn places<M: Mask>(masks: impl Iterator<Item = M>) -> [M; 3] {
    let [mut one, mut two, mut three] = [M::ZERO; 3];
    for m in masks {
        three |= two & m;
        two |= one & m;
        one |= m;
    }
    [one, two, three]
}

/// Type 1: the one BUG cell `z` takes one of its extra digits `extra`; with one, it is
/// placed (BUG+1).
fn type_1<B: Basis>(s: &State<B>, pattern: &Pattern, z: usize, extra: B::Mask) -> Deduction {
    let topo = B::topology();
    if extra.count() > 1 {
        let mut d = pattern.deduction(format!("type 1: {GRAVE}, so it holds one of them"), &[]);
        let gone = s.open(z) & !extra;
        d.eliminations = gone.iter().map(|x| Candidate::new(z, x)).collect();
        return d;
    }
    let d = extra.first();
    let zh = topo.houses_of(z);
    // The classic case says it in its own words: three places in each of the cell's houses.
    let three = zh.iter().all(|&h| {
        let at = topo.house(h as usize).iter();
        at.filter(|&&c| s.open(c as usize).has(d)).count() == 3
    });
    let note = if s.open(z).count() == 3 && three {
        let [row, col, bx] = zh.map(|h| topo.house_name(h as usize));
        format!(
            "every other open cell holds two digits, and every digit two places in a house but \
             this one, with three in {row}, {col} and {bx}"
        )
    } else {
        format!("type 1: {GRAVE}, so it holds its extra digit")
    };
    let mut ded = pattern.deduction(note, &[]);
    ded.placements = vec![Candidate::new(z, d)];
    ded
}

/// Type 4: the BUG cells `c1` and `c2` in one house share one digit v that is no extra;
/// v has only them in the house, so the one not v holds an extra, and each keeps only v and
/// its extras.
fn type_4<B: Basis>(
    s: &State<B>,
    pattern: &Pattern,
    grave: &Grave<B::Mask>,
    [c1, c2]: [usize; 2],
    shared: &[usize],
    all: B::Mask,
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    let common = s.open(c1) & s.open(c2) & !all;
    if common.count() != 1 {
        return Flow::Continue;
    }
    let v = common.first();
    for &house in shared {
        let kind = format!(
            "type 4, {}: {GRAVE}, so one of them holds an extra digit; the one other digit \
             they share has no other place in the house",
            topo.house_name(house)
        );
        let mut d = pattern.deduction(kind, &[]);
        d.evidence.houses = vec![house as u16];
        for (i, c) in [c1, c2].into_iter().enumerate() {
            let gone = s.open(c) & !grave.extra[i] & !B::Mask::bit(v);
            d.eliminations
                .extend(gone.iter().map(|x| Candidate::new(c, x)));
        }
        if offer(d, sink) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
