//! Avoidable rectangles (HoDoKu's types 1 and 2, and a type 3): a unique rectangle whose
//! corners are partly placed already, by steps rather than givens.
//!
//! Four cells over two rows, two columns and two boxes, none a given, at least two of them
//! placed: diagonal corners with one digit a, or corners of one line with a and b. Were the
//! open corners to take the digits that complete the pattern (a opposite a, b opposite b),
//! a and b could swap on all four, and no given would tell the two grids apart. So some open
//! corner takes another digit, one of its *extra* digits.
//!
//! - **Type 1**: one open corner, which loses the digit that completes the pattern.
//! - **Type 2**: two open corners, each holding one extra digit, the same x: x leaves every
//!   cell seeing both.
//! - **Type 3**: two open corners in one house count there as one cell of their extra
//!   digits, and can make a naked set with other cells of it (as the rectangle's, `naked_set`).
//!
//! They need to know which cells are givens ([`State::is_given`]): a grid given as solved
//! so far, its digits all taken for givens, has none.

use super::{naked_set, names, offer, two_boxes, Pattern};
use crate::basis::Basis;
use crate::logic::{Candidate, Flow, Sink, State, Technique};
use crate::mask::Mask;

/// Every avoidable rectangle, from its first placed corner A (in cell order): each cell B of
/// its row and C of its column, and D where B's column meets C's row.
pub(super) fn find<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let n = B::N;
    let placed = |c: usize| s.is_solved(c) && !s.is_given(c);
    for a in (0..B::CELLS).filter(|&c| placed(c)) {
        let (row, col) = (a / n, a % n);
        for col2 in (0..n).filter(|&c| c != col && !s.is_given(row * n + c)) {
            for row2 in (0..n).filter(|&r| r != row && !s.is_given(r * n + col)) {
                let (b, c, d) = (row * n + col2, row2 * n + col, row2 * n + col2);
                let corners = [a, b, c, d];
                // Found once, from its first placed corner; none a given.
                if !two_boxes::<B>([row, row2], [col, col2])
                    || s.is_given(d)
                    || corners.iter().any(|&q| q < a && s.is_solved(q))
                {
                    continue;
                }
                if corners[1..].iter().all(|&q| !s.is_solved(q))
                    || corners.iter().all(|&q| s.is_solved(q))
                {
                    continue;
                }
                if rectangle::<B>(s, corners, sink) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
    }
    Flow::Continue
}

/// The deductions of the rectangle `corners` (A, B across from it in its row, C in its
/// column, D opposite), A placed and one more corner at least, the others open.
fn rectangle<B: Basis>(s: &State<B>, corners: [usize; 4], sink: &mut Sink) -> Flow {
    let [a, b, c, d] = corners;
    let digit = |q: usize| s.get(q).first();
    let x = digit(a);
    if s.is_solved(d) && digit(d) != x {
        return Flow::Continue;
    }
    // The other digit: B's or C's when one is placed (they must agree), else each digit both
    // could hold.
    let others = match (s.is_solved(b), s.is_solved(c)) {
        (true, true) if digit(b) != digit(c) => B::Mask::ZERO,
        (true, _) => B::Mask::bit(digit(b)),
        (_, true) => B::Mask::bit(digit(c)),
        _ => s.open(b) & s.open(c) & !B::Mask::bit(x),
    };
    for y in others.iter() {
        // The digit each corner takes in the pattern: A's opposite A, the other next to it.
        let pattern = [(a, x), (b, y), (c, y), (d, x)];
        let open = |&(q, _): &(usize, usize)| !s.is_solved(q);
        // Checked before anything is built: most rectangles end here.
        if pattern
            .iter()
            .filter(|p| open(p))
            .any(|&(q, v)| !s.open(q).has(v))
        {
            continue;
        }
        let open: Vec<(usize, usize)> = pattern.into_iter().filter(open).collect();
        let rect = Pattern {
            technique: Technique::AvoidableRectangle,
            cells: corners.to_vec(),
            digits: if x < y { vec![x, y] } else { vec![y, x] },
        };
        let mut placed: Vec<usize> = corners.into_iter().filter(|&q| s.is_solved(q)).collect();
        placed.sort_unstable();
        let placed = names::<B>(&placed);
        let flow = match open[..] {
            [(q, v)] => {
                let kind = format!("type 1: {placed} placed by steps, not givens");
                let mut step = rect.deduction(kind, &[]);
                step.eliminations = vec![Candidate::new(q, v)];
                sink(step)
            }
            [(q1, v1), (q2, v2)] => rescued::<B>(s, &rect, &placed, [(q1, v1), (q2, v2)], sink),
            _ => Flow::Continue,
        };
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Types 2 and 3 of a rectangle with two open corners `open`, each with the digit it takes
/// in the pattern; `placed` names the placed ones.
fn rescued<B: Basis>(
    s: &State<B>,
    rect: &Pattern,
    placed: &str,
    open: [(usize, usize); 2],
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    let [(q1, v1), (q2, v2)] = open;
    let (x1, x2) = (
        s.open(q1) & !B::Mask::bit(v1),
        s.open(q2) & !B::Mask::bit(v2),
    );
    let roof = [q1, q2];
    if x1 == x2 && x1.count() == 1 {
        let kind = format!(
            "type 2: {placed} placed by steps, not givens; one of {} holds its extra digit",
            names::<B>(&roof)
        );
        let mut step = rect.deduction(kind, &[]);
        step.eliminations = s.seeing_all(&roof, x1.first());
        if offer(step, sink) == Flow::Stop {
            return Flow::Stop;
        }
    }
    if x1.is_empty() || x2.is_empty() {
        return Flow::Continue;
    }
    let [h1, h2] = [topo.houses_of(q1), topo.houses_of(q2)];
    for kind in 0..3 {
        if h1[kind] != h2[kind] {
            continue;
        }
        let lead = format!(
            "{placed} placed by steps, not givens; {} as one cell of their extra digits",
            names::<B>(&roof)
        );
        let house = h1[kind] as usize;
        if naked_set::<B>(s, rect, &roof, &lead, house, x1 | x2, sink) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
