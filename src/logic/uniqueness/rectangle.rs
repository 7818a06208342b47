//! Unique rectangles, types 1 to 4 ([`super`] says why they hold).
//!
//! The rectangle's two sides in one row or column are its *floor* (cells holding exactly a
//! and b) and its *roof* (the other two), whose digits beyond a and b rescue it.

use super::{hidden_set, locked, naked_set, names, offer, Pattern};
use crate::basis::Basis;
use crate::logic::{Candidate, Flow, Sink, State, Technique};
use crate::mask::Mask;

/// Rectangles from their floor: two open cells of one row or column holding the same two
/// digits, then each row or column across that closes a rectangle over two boxes.
pub(super) fn find<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    each_floor::<B>(s, &mut |corners, pair, by_cols| {
        let [_, _, r1, r2] = corners;
        let (x1, x2) = (s.open(r1) & !pair, s.open(r2) & !pair);
        roof::<B>(s, corners, pair, x1, x2, by_cols, sink)
    })
}

/// Every rectangle over two boxes with a bivalue floor: two cells of one row (`by_cols`
/// false) or column holding exactly the same two digits, and two cells of another line across
/// from them holding both. `found` takes the corners (the floor, then the roof, each in line
/// order), the two digits and `by_cols`.
pub(super) fn each_floor<B: Basis>(
    s: &State<B>,
    found: &mut dyn FnMut([usize; 4], B::Mask, bool) -> Flow,
) -> Flow {
    let (n, k) = (B::N, B::K);
    let cell =
        |line: usize, i: usize, by_cols: bool| if by_cols { i * n + line } else { line * n + i };
    for by_cols in [false, true] {
        for line in 0..n {
            for i1 in 0..n {
                let f1 = cell(line, i1, by_cols);
                let pair = s.open(f1);
                if pair.count() != 2 {
                    continue;
                }
                for i2 in i1 + 1..n {
                    let f2 = cell(line, i2, by_cols);
                    if s.open(f2) != pair {
                        continue;
                    }
                    // One box holds both floor cells: the roof lies in another band (stack);
                    // else in the floor's own band, so that the corners fill two boxes.
                    let same_box = i1 / k == i2 / k;
                    for across in 0..n {
                        if across == line || (across / k == line / k) == same_box {
                            continue;
                        }
                        let (r1, r2) = (cell(across, i1, by_cols), cell(across, i2, by_cols));
                        if s.open(r1) & pair != pair || s.open(r2) & pair != pair {
                            continue;
                        }
                        if found([f1, f2, r1, r2], pair, by_cols) == Flow::Stop {
                            return Flow::Stop;
                        }
                    }
                }
            }
        }
    }
    Flow::Continue
}

/// The deductions of one rectangle: `corners` are the floor then the roof, `x1` and `x2` the
/// roof cells' digits beyond the pair.
fn roof<B: Basis>(
    s: &State<B>,
    corners: [usize; 4],
    pair: B::Mask,
    x1: B::Mask,
    x2: B::Mask,
    by_cols: bool,
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    let [_, _, r1, r2] = corners;
    let digits = [pair.first(), pair.iter().last().unwrap_or(0)];
    let rect = Pattern {
        technique: Technique::UniqueRectangle,
        cells: corners.to_vec(),
        digits: digits.to_vec(),
    };
    // Type 1, from the rows only: a rectangle with three bivalue corners has a floor in a row
    // and one in a column, and would be reported twice.
    if x1.is_empty() != x2.is_empty() {
        if by_cols {
            return Flow::Continue;
        }
        let target = if x1.is_empty() { r2 } else { r1 };
        let mut d = rect.deduction("type 1".into(), &[]);
        d.eliminations = digits.iter().map(|&x| Candidate::new(target, x)).collect();
        return sink(d);
    }
    if x1.is_empty() {
        // Four bivalue corners: a deadly pattern already, which a unique puzzle never shows.
        return Flow::Continue;
    }
    // Type 2: one digit more, the same in both roof cells.
    if x1 == x2 && x1.count() == 1 {
        let x = x1.first();
        let roof = names::<B>(&[r1, r2]);
        let kind = format!("type 2, roof {roof}: one of them holds its extra digit");
        let mut d = rect.deduction(kind, &[]);
        d.eliminations = s.seeing_all(&[r1, r2], x);
        if offer(d, sink) == Flow::Stop {
            return Flow::Stop;
        }
    }
    // Types 3 and 4, in each house of both roof cells (their line, and their box if they
    // share one).
    let [h1, h2] = [topo.houses_of(r1), topo.houses_of(r2)];
    for kind in 0..3 {
        if h1[kind] != h2[kind] {
            continue;
        }
        let house = h1[kind] as usize;
        let lead = format!(
            "roof {} as one cell of its extra digits",
            names::<B>(&[r1, r2])
        );
        if naked_set::<B>(s, &rect, &[r1, r2], &lead, house, x1 | x2, sink) == Flow::Stop {
            return Flow::Stop;
        }
        if locked::<B>(s, &rect, [r1, r2], house, sink) == Flow::Stop {
            return Flow::Stop;
        }
        let roof = format!("roof {}", names::<B>(&[r1, r2]));
        for rescue in [[r1, r2], [r2, r1]] {
            if hidden_set::<B>(s, &rect, &roof, rescue, house, x1 | x2, sink) == Flow::Stop {
                return Flow::Stop;
            }
        }
    }
    Flow::Continue
}
