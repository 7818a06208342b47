//! Unique loops of six cells or more, types 1 to 4, as Sudoku Explainer finds them.
//!
//! A loop starts at a cell holding exactly a and b and steps from cell to cell through the
//! houses they share, each cell holding a and b, until it comes back with every house it
//! touches holding two of its cells, one at an odd place on the loop and one at an even
//! place ([`super`] says why that is deadly). Were two of a house both odd, a and b would
//! alternate round the loop and put the same digit twice there: no pattern at all, rather
//! than a deadly one. Four cells are the unique rectangle. As in SE, a loop takes at most
//! two cells with more digits, or any number when all of them hold the same one digit more:
//! no other loop gives a step.

use super::{hidden_set, locked, naked_set, names, offer, Pattern};
use crate::basis::Basis;
use crate::logic::{Candidate, Flow, Sink, State, Technique};
use crate::mask::Mask;

/// The cells a loop search may step to in one `find`, over every start: the loops of a
/// large grid with many cells of the same two digits are too many to enumerate.
pub const BUDGET: usize = 200_000;

/// Report every unique loop of six cells or more in `s`: each cell set once, from the first
/// of its bivalue cells.
pub(super) fn find<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let mut seen = hashbrown::HashSet::new();
    let mut search = Search::<B> {
        s,
        pair: B::Mask::ZERO,
        start: 0,
        path: Vec::new(),
        in_house: vec![0; topo.houses()],
        first: vec![0; topo.houses()],
        halves: 0,
        extra: B::Mask::ZERO,
        rescue: 0,
        loops: Vec::new(),
        budget: BUDGET,
    };
    for start in 0..B::CELLS {
        let pair = s.open(start);
        if pair.count() != 2 {
            continue;
        }
        search.pair = pair;
        search.start = start;
        search.push(start);
        search.extend(start);
        search.pop();
        for mut cells in std::mem::take(&mut search.loops) {
            cells.sort_unstable();
            if seen.insert(cells.clone()) && steps(s, cells, pair, sink) == Flow::Stop {
                return Flow::Stop;
            }
        }
        if search.budget == 0 {
            break;
        }
    }
    Flow::Continue
}

/// A depth-first search for the loops through `start` of cells holding `pair`.
struct Search<'a, B: Basis> {
    s: &'a State<B>,
    pair: B::Mask,
    start: usize,
    path: Vec<usize>,
    /// The path's cells in each house: never more than two.
    in_house: Vec<u8>,
    /// The place on the path of the first cell in each house (when it has one).
    first: Vec<usize>,
    /// Houses holding one cell of the path: the loop closes with none.
    halves: usize,
    /// The path's digits beyond the pair, and how many of its cells hold some.
    extra: B::Mask,
    rescue: usize,
    loops: Vec<Vec<usize>>,
    budget: usize,
}

impl<B: Basis> Search<'_, B> {
    fn extend(&mut self, cell: usize) {
        let topo = B::topology();
        for &p in topo.peers(cell) {
            let p = p as usize;
            if p == self.start && self.path.len() >= 6 && self.halves == 0 {
                self.loops.push(self.path.clone());
                continue;
            }
            let m = self.s.open(p);
            // A bivalue cell before the start starts its own loops.
            if m & self.pair != self.pair || (m == self.pair && p < self.start) {
                continue;
            }
            let more = m & !self.pair;
            let extra = self.extra | more;
            if !more.is_empty() && self.rescue >= 2 && extra.count() != 1 {
                continue;
            }
            // A house takes a second cell only at a place of the other parity.
            let place = self.path.len();
            let full = topo
                .houses_of(p)
                .iter()
                .any(|&h| match self.in_house[h as usize] {
                    0 => false,
                    1 => (self.first[h as usize] + place) % 2 == 0,
                    _ => true,
                });
            if full || self.path.contains(&p) || self.budget == 0 {
                continue;
            }
            self.budget -= 1;
            let (was, rescue) = (self.extra, self.rescue);
            self.extra = extra;
            self.rescue += usize::from(!more.is_empty());
            self.push(p);
            self.extend(p);
            self.pop();
            (self.extra, self.rescue) = (was, rescue);
        }
    }

    fn push(&mut self, cell: usize) {
        self.path.push(cell);
        for h in B::topology().houses_of(cell) {
            let n = &mut self.in_house[h as usize];
            *n += 1;
            if *n == 1 {
                self.first[h as usize] = self.path.len() - 1;
                self.halves += 1;
            } else {
                self.halves -= 1;
            }
        }
    }

    fn pop(&mut self) {
        let cell = self.path.pop().expect("a cell to pop");
        for h in B::topology().houses_of(cell) {
            let n = &mut self.in_house[h as usize];
            *n -= 1;
            if *n == 1 {
                self.halves += 1;
            } else {
                self.halves -= 1;
            }
        }
    }
}

/// The steps of one loop, its `cells` sorted: types 1 and 2 by its rescue cells, types 3
/// and 4 in each house holding both of two.
fn steps<B: Basis>(s: &State<B>, cells: Vec<usize>, pair: B::Mask, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let rescue: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| s.open(c) != pair)
        .collect();
    let extra = rescue
        .iter()
        .fold(B::Mask::ZERO, |a, &c| a | (s.open(c) & !pair));
    let digits: Vec<usize> = pair.iter().collect();
    let pattern = Pattern {
        technique: Technique::UniqueLoop,
        cells,
        digits: digits.clone(),
    };
    match rescue[..] {
        // Deadly already, which a puzzle of one solution never shows.
        [] => return Flow::Continue,
        [r] => {
            let mut d = pattern.deduction("type 1".into(), &[]);
            d.eliminations = digits.iter().map(|&x| Candidate::new(r, x)).collect();
            return sink(d);
        }
        _ => {}
    }
    if extra.count() == 1 {
        let x = extra.first();
        let kind = format!(
            "type 2, {}: one of them holds their extra digit",
            names::<B>(&rescue)
        );
        let mut d = pattern.deduction(kind, &[]);
        d.eliminations = s.seeing_all(&rescue, x);
        if offer(d, sink) == Flow::Stop {
            return Flow::Stop;
        }
    }
    let [r1, r2] = rescue[..] else {
        return Flow::Continue;
    };
    let [h1, h2] = [topo.houses_of(r1), topo.houses_of(r2)];
    for kind in 0..3 {
        if h1[kind] != h2[kind] {
            continue;
        }
        let house = h1[kind] as usize;
        if extra.count() > 1 {
            let lead = format!("{} as one cell of their extra digits", names::<B>(&rescue));
            if naked_set::<B>(s, &pattern, &rescue, &lead, house, extra, sink) == Flow::Stop {
                return Flow::Stop;
            }
        }
        if locked::<B>(s, &pattern, [r1, r2], house, sink) == Flow::Stop {
            return Flow::Stop;
        }
        let lead = names::<B>(&rescue);
        for pair in [[r1, r2], [r2, r1]] {
            if hidden_set::<B>(s, &pattern, &lead, pair, house, extra, sink) == Flow::Stop {
                return Flow::Stop;
            }
        }
    }
    Flow::Continue
}
