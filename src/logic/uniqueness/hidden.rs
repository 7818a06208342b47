//! Hidden rectangles (HoDoKu's): a unique rectangle that one bivalue corner and two strong
//! links rescue.
//!
//! Corner A holds exactly a and b; B shares its row, C its column, and D is opposite, all
//! holding both. Say that in D's row a has no place but C and D, and in D's column none but B
//! and D. Were D b, C and B would both be a, A then b: the four would be a deadly pattern
//! (A = D = b, B = C = a), so D is not b. No other corner needs to be bivalue, which is how
//! it hides from the types 1 to 4.

use super::{names, Pattern};
use crate::basis::Basis;
use crate::logic::{Candidate, Flow, Sink, State, Technique};
use crate::mask::Mask;

/// Every hidden rectangle, from each bivalue corner A: each cell B of its row and C of its
/// column holding its two digits, and D where B's column meets C's row, the four over two
/// boxes.
pub(super) fn find<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let (n, k) = (B::N, B::K);
    let holds = |c: usize, pair: B::Mask| s.open(c) & pair == pair;
    for a in 0..B::CELLS {
        let pair = s.open(a);
        if pair.count() != 2 {
            continue;
        }
        let (row, col) = (a / n, a % n);
        for col2 in (0..n).filter(|&c| c != col && holds(row * n + c, pair)) {
            for row2 in (0..n).filter(|&r| r != row && holds(r * n + col, pair)) {
                // Two boxes: the corners share a band or a stack, not both.
                if (row / k == row2 / k) == (col / k == col2 / k) {
                    continue;
                }
                let d = row2 * n + col2;
                if !holds(d, pair) {
                    continue;
                }
                let corners = [a, row * n + col2, row2 * n + col, d];
                if linked::<B>(s, corners, pair, sink) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
    }
    Flow::Continue
}

/// The deductions of the rectangle `corners` (A, B in A's row, C in A's column, D opposite
/// A), A holding only `pair`: for each digit of it with no place in D's row but C and D nor
/// in D's column but B and D, D loses the other.
fn linked<B: Basis>(s: &State<B>, corners: [usize; 4], pair: B::Mask, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let [a, b, c, d] = corners;
    let digits = [pair.first(), pair.iter().last().unwrap_or(0)];
    let [_, col, _] = topo.houses_of(b);
    let [row, _, _] = topo.houses_of(c);
    // Only `ends` hold `x` in `house`.
    let only = |house: u16, x: usize, ends: [usize; 2]| {
        topo.house(house as usize).iter().all(|&cell| {
            let cell = cell as usize;
            ends.contains(&cell) || !s.open(cell).has(x)
        })
    };
    for (i, &x) in digits.iter().enumerate() {
        if !(only(row, x, [c, d]) && only(col, x, [b, d])) {
            continue;
        }
        let rect = Pattern {
            technique: Technique::HiddenRectangle,
            cells: corners.to_vec(),
            digits: digits.to_vec(),
        };
        let kind = format!(
            "{} bivalue; the other digit's only places in {} and {} are the rectangle's",
            names::<B>(&[a]),
            topo.house_name(row as usize),
            topo.house_name(col as usize)
        );
        let mut step = rect.deduction(kind, &[]);
        step.evidence.houses = vec![row, col];
        step.eliminations = vec![Candidate::new(d, digits[1 - i])];
        if sink(step) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
