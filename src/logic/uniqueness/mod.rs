//! Uniqueness techniques: the unique rectangle and the unique loop (types 1 to 4), the hidden
//! and avoidable rectangles, and the bivalue universal grave (BUG, types 1 to 4).
//!
//! They rest on a fact the candidates cannot show: the puzzle has one solution. A *deadly
//! pattern* would give it two, so no step may lead into one.
//!
//! - **Unique rectangle** (`rectangle`). Four open cells at the corners of a rectangle over
//!   two rows, two columns and two boxes, all holding the digits a and b. Were all four a or
//!   b, the two diagonals could swap and both grids would be solutions.
//! - **Hidden rectangle** (`hidden`, HoDoKu's). A rectangle of the same four cells with one
//!   or two bivalue corners, and houses where one of its digits has no place but two of its
//!   corners: a corner that would close a deadly pattern with the other digit loses it.
//! - **Avoidable rectangle** (`avoidable`, HoDoKu's). The same four cells, none a given,
//!   some placed by steps: the open ones must not complete the pattern, as the two digits
//!   could then swap on all four and no given would tell the grids apart.
//! - **Unique loop** (`loops`). The same over six cells or more: each holds a and b, and
//!   each house holding one holds exactly two. Were they all a or b, the two of each house
//!   would differ, and swapping a and b on all of them would leave every house whole.
//! - **BUG** (`bug`). Without a few *extra* candidates every open cell would hold two
//!   digits and every digit two places or none in each house: a *bivalue universal grave*.
//!   Each of a grave's solutions gives another, every cell taking its other digit, so a
//!   grave has none or two, and some extra candidate is true.
//!
//! Each is *rescued* by its cells' digits beyond the pattern: some cell must take one. Type
//! 1: one rescue cell, which takes one of them. Type 2: every rescue cell's extra digit is
//! the same x, so x leaves every cell seeing them all. Type 3: the rescue cells share a
//! house, where they count as one cell of their extra digits and can make a naked set with
//! other cells (`naked_set`); or, not both the pattern's digits, they leave room in it for
//! a hidden set of those digits and others (`hidden_set`). Type 4 (two rescue cells in a
//! house): the rectangle's or loop's a has no other place there, so one of them is a and
//! the other cannot be b; the BUG's shared digit v has only them, so each is v or one of
//! its extras.
//!
//! They run only when [`Config::unique`] says the puzzle was proved to have one solution: on a
//! puzzle with several they would remove some, and counting with them would be wrong. The
//! arguments hold at every size. Sudoku Explainer's ratings: the rectangle 4.5, a loop 4.6 (6
//! cells), 4.7 (8) or 5.0 (10 or more), BUG type 1 5.6 and types 2 to 4 5.7; type 3 0.1 more
//! per cell of its naked set besides the rescue cells, or per digit of its hidden set beyond
//! the two ([`Evidence::set`]).
//!
//! [`Evidence::set`]: super::Evidence::set

mod avoidable;
mod bug;
mod hidden;
mod loops;
mod rectangle;

use super::{Candidate, Config, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;

/// Report every unique, hidden or avoidable rectangle, unique loop or BUG of `t` in `s`; nothing
/// unless `cfg.unique`.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    if !cfg.unique {
        return Flow::Continue;
    }
    match t {
        Technique::UniqueRectangle => rectangle::find(s, sink),
        Technique::HiddenRectangle => hidden::find(s, sink),
        Technique::AvoidableRectangle => avoidable::find(s, sink),
        Technique::UniqueLoop => loops::find(s, sink),
        Technique::Bug => bug::find(s, sink),
        _ => Flow::Continue,
    }
}

/// Largest naked set of type 3, the rescue cells counted as one: a quad, as the naked tuples
/// go at 9×9 (N/2). Bounded at every size, so the subsets stay few: at most C(N − 2, 3) a house.
pub const MAX_SET: usize = 4;

/// A pattern's cells and digits, as each of its steps names them.
struct Pattern {
    technique: Technique,
    cells: Vec<usize>,
    digits: Vec<usize>,
}

impl Pattern {
    /// A deduction of type `kind` (`type 1`, `type 4, row 5`): the pattern's cells and those
    /// of a type 3's naked or hidden `set` its cells, sorted.
    fn deduction(&self, kind: String, set: &[usize]) -> Deduction {
        let mut d = Deduction::new(self.technique);
        let mut cells: Vec<u16> = self.cells.iter().chain(set).map(|&c| c as u16).collect();
        cells.sort_unstable();
        d.evidence.cells = cells;
        d.evidence.digits = self.digits.iter().map(|&x| x as u8).collect();
        d.evidence.set = set.iter().map(|&c| c as u16).collect();
        d.evidence.set.sort_unstable();
        d.evidence.note = Some(kind);
        d
    }
}

/// Whether the corners of a rectangle on rows `rows` and columns `cols` fill two boxes: they
/// share a band or a stack, not both.
fn two_boxes<B: Basis>(rows: [usize; 2], cols: [usize; 2]) -> bool {
    let k = B::K;
    (rows[0] / k == rows[1] / k) != (cols[0] / k == cols[1] / k)
}

/// The cell names joined by commas: `r1c1,r1c4`.
fn names<B: Basis>(cells: &[usize]) -> String {
    let topo = B::topology();
    let names: Vec<String> = cells.iter().map(|&c| topo.cell_name(c)).collect();
    names.join(",")
}

/// `d` to `sink`, its removals in order, when it removes anything: a pattern found need not
/// remove a candidate.
fn offer(mut d: Deduction, sink: &mut Sink) -> Flow {
    if d.eliminations.is_empty() {
        return Flow::Continue;
    }
    d.eliminations.sort();
    sink(d)
}

/// Type 4, of a rectangle or loop: one of its two digits has no other place in `house` than
/// the rescue cells `r1` and `r2`, so one of them holds it, and neither the other digit.
fn locked<B: Basis>(
    s: &State<B>,
    pattern: &Pattern,
    [r1, r2]: [usize; 2],
    house: usize,
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    for (i, &digit) in pattern.digits.iter().enumerate() {
        let elsewhere = topo.house(house).iter().any(|&c| {
            let c = c as usize;
            c != r1 && c != r2 && s.open(c).has(digit)
        });
        if elsewhere {
            continue;
        }
        let gone = pattern.digits[1 - i];
        // Which house holds the locked digit; the digit is the pair's other one.
        let kind = format!("type 4, {}", topo.house_name(house));
        let mut d = pattern.deduction(kind, &[]);
        d.evidence.houses = vec![house as u16];
        d.eliminations = vec![Candidate::new(r1, gone), Candidate::new(r2, gone)];
        d.eliminations.sort();
        if sink(d) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Type 3: one of the `rescue` cells takes a digit of `extra` (their digits beyond the
/// pattern's), so they act in `house` as one cell of those digits (`lead` says so). With m
/// other open cells of the house they make a naked set when the m cells and `extra` hold
/// m + 1 digits between them: those digits leave the rest of the house. Sets of up to
/// [`MAX_SET`] digits, smallest first; SE rates them 0.1 m above the pattern.
fn naked_set<B: Basis>(
    s: &State<B>,
    pattern: &Pattern,
    rescue: &[usize],
    lead: &str,
    house: usize,
    extra: B::Mask,
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    let cells: Vec<(usize, B::Mask)> = topo
        .house(house)
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| !rescue.contains(&c) && s.open(c).count() >= 2)
        .map(|c| (c, s.open(c)))
        .collect();
    let most = MAX_SET.min(B::N / 2);
    for m in 1..most {
        let mut chosen = Vec::with_capacity(m);
        let flow = choose(
            &cells,
            0,
            m,
            extra,
            m + 1,
            &mut chosen,
            &mut |set, digits| {
                let mut d = pattern.deduction(
                    format!(
                        "type 3, {lead}: with {}, a naked {} in {}",
                        names::<B>(set),
                        super::technique::size_word(m as u8 + 1).to_lowercase(),
                        topo.house_name(house)
                    ),
                    set,
                );
                d.evidence.houses = vec![house as u16];
                for &c in topo.house(house) {
                    let c = c as usize;
                    if rescue.contains(&c) || set.contains(&c) {
                        continue;
                    }
                    for x in (s.open(c) & digits).iter() {
                        d.eliminations.push(Candidate::new(c, x));
                    }
                }
                offer(d, sink)
            },
        );
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Type 3 with a hidden set: the rescue cells `keep` and `other` share `house`, and are not
/// both a or b (the pattern's digits), or the pattern would be deadly. Say a and b with m
/// digits more, none an extra digit of the rescue cells, have only m + 2 cells of the house,
/// `other` aside, `keep` among them. If `other` holds a or b, `keep` holds an extra digit and
/// the m + 1 digits left fill the m + 1 cells left; if not, the m + 2 digits fill the m + 2
/// cells. Either way those cells but `keep` hold only the set's digits. Sets of up to
/// [`MAX_SET`] digits, smallest first; SE rates them 0.1 m above the pattern.
fn hidden_set<B: Basis>(
    s: &State<B>,
    pattern: &Pattern,
    lead: &str,
    [keep, other]: [usize; 2],
    house: usize,
    extra: B::Mask,
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    let cells: Vec<usize> = topo
        .house(house)
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| c != other)
        .collect();
    // A digit's places among `cells`, as a mask of their indices.
    let places = |d: usize| {
        let at = cells.iter().enumerate().filter(|&(_, &c)| s.open(c).has(d));
        at.fold(B::Mask::ZERO, |m, (i, _)| m | B::Mask::bit(i))
    };
    let pair = pattern
        .digits
        .iter()
        .fold(B::Mask::ZERO, |m, &d| m | B::Mask::bit(d));
    let base = pattern
        .digits
        .iter()
        .fold(B::Mask::ZERO, |m, &d| m | places(d));
    let open = cells.iter().fold(B::Mask::ZERO, |m, &c| m | s.open(c));
    let more: Vec<(usize, B::Mask)> = (open & !pair & !extra)
        .iter()
        .map(|d| (d, places(d)))
        .collect();
    // As in SE: a set no smaller than the rescue cells' extra digits, and under half the
    // house's open cells (else its complement, a naked set, is the one taken).
    let open_cells = topo
        .house(house)
        .iter()
        .filter(|&&c| !s.open(c as usize).is_empty());
    let most = MAX_SET
        .min(B::N / 2)
        .min(open_cells.count().saturating_sub(1) / 2);
    let least = (extra.count() as usize).saturating_sub(2);
    for m in least..=most.saturating_sub(2) {
        let mut chosen = Vec::with_capacity(m);
        let flow = choose(&more, 0, m, base, m + 2, &mut chosen, &mut |digits, at| {
            let set_digits = digits.iter().fold(pair, |h, &d| h | B::Mask::bit(d));
            let set: Vec<usize> = at.iter().map(|i| cells[i]).filter(|&c| c != keep).collect();
            let mut all: Vec<usize> = at.iter().map(|i| cells[i]).collect();
            all.sort_unstable();
            let what = match m {
                0 => String::new(),
                1 => " and one more".into(),
                _ => format!(" and {m} more"),
            };
            let kind = format!(
                "type 3, {lead}: {} aside, a hidden {} of the two digits{what} in {} ({})",
                names::<B>(&[other]),
                super::technique::size_word(m as u8 + 2).to_lowercase(),
                names::<B>(&all),
                topo.house_name(house)
            );
            let mut d = pattern.deduction(kind, &set);
            d.evidence.digits = set_digits.iter().map(|x| x as u8).collect();
            d.evidence.houses = vec![house as u16];
            d.evidence.hidden_set = true;
            for &c in &set {
                for x in (s.open(c) & !set_digits).iter() {
                    d.eliminations.push(Candidate::new(c, x));
                }
            }
            offer(d, sink)
        });
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Every choice of `m` more of `items` from `from`, each an item and its mask, whose masks
/// union with `union` has exactly `size` bits (a naked set's cells and their digits, a
/// hidden set's digits and their places), passed to `found` with that union.
fn choose<M: Mask>(
    items: &[(usize, M)],
    from: usize,
    m: usize,
    union: M,
    size: usize,
    chosen: &mut Vec<usize>,
    found: &mut dyn FnMut(&[usize], M) -> Flow,
) -> Flow {
    if union.count() as usize > size {
        return Flow::Continue;
    }
    if m == 0 {
        return if union.count() as usize == size {
            found(chosen, union)
        } else {
            Flow::Continue
        };
    }
    for i in from..items.len() {
        let (item, mask) = items[i];
        chosen.push(item);
        let flow = choose(items, i + 1, m - 1, union | mask, size, chosen, found);
        chosen.pop();
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
