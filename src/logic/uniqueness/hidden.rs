//! Hidden rectangles (HoDoKu's; SudokuWiki's hidden unique rectangles): a unique rectangle
//! that bivalue corners and strong links rescue.
//!
//! Four cells over two rows, two columns and two boxes hold a and b. A *strong link* on a:
//! a house where a has no place but two corners of the rectangle.
//!
//! - **One bivalue corner** A (B shares its row, C its column, D is opposite). If a links C
//!   and D in D's row and B and D in D's column, D is not b: were it, C and B would both be
//!   a, A then b, and the four a deadly pattern (A = D = b, B = C = a).
//! - **Two bivalue corners** A and B in one line (C across from A, D from B). If a links B
//!   and D, C is not b: were it, A would be a, B b and D a, a deadly pattern again.
//!
//! No other corner needs to be bivalue, which is how they hide from the types 1 to 4.

use super::{names, rectangle, two_boxes, Pattern};
use crate::basis::Basis;
use crate::logic::{Candidate, Deduction, Flow, Sink, State, Technique};
use crate::mask::Mask;

/// Every hidden rectangle: from each bivalue corner, and from each two bivalue corners in a
/// line. A rectangle with two bivalue corners can give one removal by both forms: it is
/// reported once, as the first form finds it.
pub(super) fn find<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let mut seen: Vec<(Vec<u16>, Vec<Candidate>)> = Vec::new();
    let mut once = |d: Deduction| {
        let key = (d.evidence.cells.clone(), d.eliminations.clone());
        if seen.contains(&key) {
            return Flow::Continue;
        }
        seen.push(key);
        sink(d)
    };
    if one_bivalue::<B>(s, &mut once) == Flow::Stop {
        return Flow::Stop;
    }
    two_bivalue::<B>(s, &mut once)
}

/// Whether `c` holds both digits of `pair`.
fn holds<B: Basis>(s: &State<B>, c: usize, pair: B::Mask) -> bool {
    s.open(c) & pair == pair
}

/// From each bivalue corner A: each cell B of its row and C of its column holding its two
/// digits, and D where B's column meets C's row.
fn one_bivalue<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let (n, topo) = (B::N, B::topology());
    for a in 0..B::CELLS {
        let pair = s.open(a);
        if pair.count() != 2 {
            continue;
        }
        let (row, col) = (a / n, a % n);
        for col2 in (0..n).filter(|&c| c != col && holds::<B>(s, row * n + c, pair)) {
            for row2 in (0..n).filter(|&r| r != row && holds::<B>(s, r * n + col, pair)) {
                let (b, c, d) = (row * n + col2, row2 * n + col, row2 * n + col2);
                if !two_boxes::<B>([row, row2], [col, col2]) || !holds::<B>(s, d, pair) {
                    continue;
                }
                // The links: in D's row (C and D), and in D's column (B and D).
                let links = [
                    (topo.houses_of(d)[0], [c, d]),
                    (topo.houses_of(d)[1], [b, d]),
                ];
                if linked::<B>(s, [a, b, c, d], &[a], &links, d, sink) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
    }
    Flow::Continue
}

/// From each two bivalue corners A and B of one line holding the same digits: each line
/// across that closes a rectangle over two boxes, C across from A and D from B
/// ([`rectangle::each_floor`]). A link of B and D rules out C's other digit, one of A and C
/// D's.
fn two_bivalue<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    rectangle::each_floor::<B>(s, &mut |[a, b, c, d], _, by_cols| {
        for (link, target) in [([b, d], c), ([a, c], d)] {
            // The house of the other kind through the link: its column when the floor is a
            // row.
            let across = topo.houses_of(link[0])[usize::from(!by_cols)];
            let links = [(across, link)];
            if linked::<B>(s, [a, b, c, d], &[a, b], &links, target, sink) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    })
}

/// The deductions of the rectangle `corners`, `bivalue` holding only its two digits: for each
/// digit with no place in each of the `links` houses but the two corners given there,
/// `target` loses the other.
fn linked<B: Basis>(
    s: &State<B>,
    corners: [usize; 4],
    bivalue: &[usize],
    links: &[(u16, [usize; 2])],
    target: usize,
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    let pair = s.open(bivalue[0]);
    let digits = [pair.first(), pair.iter().last().unwrap_or(0)];
    // Only `ends` hold `x` in `house`.
    let only = |house: u16, x: usize, ends: [usize; 2]| {
        topo.house(house as usize).iter().all(|&cell| {
            let cell = cell as usize;
            ends.contains(&cell) || !s.open(cell).has(x)
        })
    };
    for (i, &x) in digits.iter().enumerate() {
        if !links.iter().all(|&(house, ends)| only(house, x, ends)) {
            continue;
        }
        let rect = Pattern {
            technique: Technique::HiddenRectangle,
            cells: corners.to_vec(),
            digits: digits.to_vec(),
        };
        let houses: Vec<String> = links
            .iter()
            .map(|&(h, _)| topo.house_name(h as usize))
            .collect();
        let kind = format!(
            "{} bivalue; the other digit's only places in {} are the rectangle's",
            names::<B>(bivalue),
            houses.join(" and ")
        );
        let mut step = rect.deduction(kind, &[]);
        step.evidence.houses = links.iter().map(|&(h, _)| h).collect();
        step.eliminations = vec![Candidate::new(target, digits[1 - i])];
        if sink(step) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
