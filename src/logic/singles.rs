//! Singles: full house, hidden single, naked single.

use super::{Candidate, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;

/// Find every instance of one single technique.
pub fn find<B: Basis>(s: &State<B>, t: Technique, sink: &mut Sink) -> Flow {
    match t {
        Technique::FullHouse => full_house(s, sink),
        Technique::HiddenSingle => hidden_single(s, sink),
        Technique::NakedSingle => naked_single(s, sink),
        _ => Flow::Continue,
    }
}

fn place(t: Technique, house: Option<usize>, cell: usize, digit: usize) -> Deduction {
    let mut d = Deduction::new(t);
    d.placements.push(Candidate::new(cell, digit));
    if let Some(h) = house {
        d.evidence.houses.push(h as u16);
    }
    d
}

fn full_house<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let t = B::topology();
    for h in 0..t.houses() {
        let mut open = t.house(h).iter().filter(|&&c| !s.is_solved(c as usize));
        if let (Some(&c), None) = (open.next(), open.next()) {
            let m = s.get(c as usize);
            if m.is_single() {
                let d = place(Technique::FullHouse, Some(h), c as usize, m.first());
                if sink(d) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
    }
    Flow::Continue
}

fn hidden_single<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let t = B::topology();
    for h in 0..t.houses() {
        let (mut once, mut twice, mut placed) = (B::Mask::ZERO, B::Mask::ZERO, B::Mask::ZERO);
        for &c in t.house(h) {
            let m = s.get(c as usize);
            if s.is_solved(c as usize) {
                placed |= m;
            } else {
                twice |= once & m;
                once |= m;
            }
        }
        for digit in (once & !twice & !placed).iter() {
            let cell = t
                .house(h)
                .iter()
                .find(|&&c| !s.is_solved(c as usize) && s.get(c as usize).has(digit));
            if let Some(&c) = cell {
                // The digit and house make the text say why: `1 in box 5 => r5c4=1`.
                let mut d = place(Technique::HiddenSingle, Some(h), c as usize, digit);
                d.evidence.digits.push(digit as u8);
                if sink(d) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
    }
    Flow::Continue
}

fn naked_single<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    for c in 0..B::CELLS {
        let m = s.get(c);
        if !s.is_solved(c)
            && m.is_single()
            && sink(place(Technique::NakedSingle, None, c, m.first())) == Flow::Stop
        {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
