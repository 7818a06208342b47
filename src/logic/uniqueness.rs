//! Uniqueness techniques: the unique rectangle (types 1 to 4) and BUG+1.
//!
//! Both rest on a fact the candidates cannot show: the puzzle has one solution. A *deadly
//! pattern* would give it two, so no step may lead into one.
//!
//! - **Unique rectangle.** Four open cells at the corners of a rectangle over two rows, two
//!   columns and two boxes, all holding the digits a and b. Were all four a or b, the two
//!   diagonals could swap and both grids would be solutions. The rectangle's two sides in one
//!   row or column are its *floor* (cells holding exactly a and b) and its *roof* (the other two).
//!   Type 1: three corners hold only a and b, so the fourth is neither. Type 2: both roof cells
//!   hold a, b and one digit x more, so one of them is x, and x leaves every cell seeing both.
//!   Type 3: one roof cell takes one of the roof's other digits, so in a house of both the
//!   roof counts as one cell of those digits, and can make a naked set with other cells.
//!   Type 4: a house holding both roof cells has no other place for a, so one roof cell is a,
//!   and the other would be b: b leaves both.
//! - **BUG+1.** Every open cell holds two digits but one, which holds three, and every digit
//!   has two places in each house where it is open, except the extra digit d of that cell,
//!   which has three in each of its houses. Without d the grid would be a *bivalue universal
//!   grave*: each solution's cells could all take their other digit and make a second one. So
//!   the cell is d. The argument holds at every size.
//!
//! They run only when [`Config::unique`] says the puzzle was proved to have one solution: on a
//! puzzle with several they would remove some, and counting with them would be wrong.
//! Sudoku Explainer rates the rectangles 4.5 (type 3 0.1 more per cell of its naked set besides
//! the roof) and BUG+1 5.6, as here.

use super::{Candidate, Config, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;

/// Report every unique rectangle or BUG+1 in `s`; nothing unless `cfg.unique`.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    if !cfg.unique {
        return Flow::Continue;
    }
    match t {
        Technique::UniqueRectangle => rectangles(s, sink),
        Technique::Bug => bug(s, sink),
        _ => Flow::Continue,
    }
}

/// Rectangles from their floor: two open cells of one row or column holding the same two
/// digits, then each row or column across that closes a rectangle over two boxes.
fn rectangles<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
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
                        let (m1, m2) = (s.open(r1), s.open(r2));
                        if m1 & pair != pair || m2 & pair != pair {
                            continue;
                        }
                        let corners = [f1, f2, r1, r2];
                        let flow =
                            roof::<B>(s, corners, pair, m1 & !pair, m2 & !pair, by_cols, sink);
                        if flow == Flow::Stop {
                            return Flow::Stop;
                        }
                    }
                }
            }
        }
    }
    Flow::Continue
}

/// Largest naked set of type 3, the roof counted as one cell: a quad, as the naked tuples go
/// at 9×9 (N/2). Bounded at every size, so the subsets stay few: at most C(N − 2, 3) a house.
pub const MAX_SET: usize = 4;

/// One rectangle: its corners (the floor, then the roof) and its two digits.
struct Rectangle {
    corners: [usize; 4],
    digits: [usize; 2],
}

impl Rectangle {
    /// A deduction of type `kind` (`type 1`, `type 4, row 5`), the corners and `more` cells as
    /// its pattern.
    fn deduction(&self, kind: String, more: &[usize]) -> Deduction {
        let mut d = Deduction::new(Technique::UniqueRectangle);
        let mut cells: Vec<u16> = self.corners.iter().chain(more).map(|&c| c as u16).collect();
        cells.sort_unstable();
        d.evidence.cells = cells;
        d.evidence.digits = self.digits.iter().map(|&x| x as u8).collect();
        d.evidence.note = Some(kind);
        d
    }
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
    let rect = Rectangle { corners, digits };
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
        let roof = format!("{},{}", topo.cell_name(r1), topo.cell_name(r2));
        let kind = format!("type 2, roof {roof}: one of them holds its extra digit");
        let mut d = rect.deduction(kind, &[]);
        for &p in topo.peers(r1) {
            let p = p as usize;
            if p != r2 && topo.sees(p, r2) && s.open(p).has(x) {
                d.eliminations.push(Candidate::new(p, x));
            }
        }
        d.eliminations.sort();
        if !d.eliminations.is_empty() && sink(d) == Flow::Stop {
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
        if naked_set::<B>(s, &rect, house, x1 | x2, sink) == Flow::Stop {
            return Flow::Stop;
        }
        // Type 4: one of the pair has no other place in the house.
        for (i, &locked) in digits.iter().enumerate() {
            let elsewhere = topo.house(house).iter().any(|&c| {
                let c = c as usize;
                c != r1 && c != r2 && s.open(c).has(locked)
            });
            if elsewhere {
                continue;
            }
            let gone = digits[1 - i];
            // Which house holds the locked digit; the digit is the pair's other one.
            let kind = format!("type 4, {}", topo.house_name(house));
            let mut d = rect.deduction(kind, &[]);
            d.evidence.houses = vec![house as u16];
            d.eliminations = vec![Candidate::new(r1, gone), Candidate::new(r2, gone)];
            d.eliminations.sort();
            if sink(d) == Flow::Stop {
                return Flow::Stop;
            }
        }
    }
    Flow::Continue
}

/// Type 3: one roof cell takes a digit of `extra` (the roof's digits beyond the pair), so
/// the roof acts in `house` as one cell of those digits. With m other open cells of the house
/// it makes a naked set when the m cells and `extra` hold m + 1 digits between them: those
/// digits leave the rest of the house. Sets of up to [`MAX_SET`] digits, smallest first; SE
/// rates them 4.5 + 0.1 m.
fn naked_set<B: Basis>(
    s: &State<B>,
    rect: &Rectangle,
    house: usize,
    extra: B::Mask,
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    let [_, _, r1, r2] = rect.corners;
    let cells: Vec<usize> = topo
        .house(house)
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| c != r1 && c != r2 && s.open(c).count() >= 2)
        .collect();
    let most = MAX_SET.min(B::N / 2);
    for m in 1..most {
        let mut chosen = Vec::with_capacity(m);
        let flow = subsets::<B>(s, &cells, 0, m, extra, &mut chosen, &mut |set, digits| {
            // The roof and the set's cells named apart: the cells list mixes them.
            let names = |cells: &[usize]| {
                let names: Vec<String> = cells.iter().map(|&c| topo.cell_name(c)).collect();
                names.join(",")
            };
            let mut d = rect.deduction(
                format!(
                    "type 3, roof {} as one cell of its extra digits: with {}, a naked {} in {}",
                    names(&[r1, r2]),
                    names(set),
                    super::technique::size_word(m as u8 + 1).to_lowercase(),
                    topo.house_name(house)
                ),
                set,
            );
            d.evidence.houses = vec![house as u16];
            for &c in topo.house(house) {
                let c = c as usize;
                if c == r1 || c == r2 || set.contains(&c) {
                    continue;
                }
                for x in (s.open(c) & digits).iter() {
                    d.eliminations.push(Candidate::new(c, x));
                }
            }
            d.eliminations.sort();
            if d.eliminations.is_empty() {
                Flow::Continue
            } else {
                sink(d)
            }
        });
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Every choice of `m` more cells of `cells` from `from` on whose digits with `union` are
/// exactly m + chosen + 1 digits, passed to `found` with their digits.
fn subsets<B: Basis>(
    s: &State<B>,
    cells: &[usize],
    from: usize,
    m: usize,
    union: B::Mask,
    chosen: &mut Vec<usize>,
    found: &mut dyn FnMut(&[usize], B::Mask) -> Flow,
) -> Flow {
    let size = chosen.len() + m + 1;
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
    for i in from..cells.len() {
        chosen.push(cells[i]);
        let flow = subsets::<B>(
            s,
            cells,
            i + 1,
            m - 1,
            union | s.open(cells[i]),
            chosen,
            found,
        );
        chosen.pop();
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// BUG+1: the one cell of three digits takes the digit that has three places in its houses.
fn bug<B: Basis>(s: &State<B>, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let mut extra = None;
    for c in 0..B::CELLS {
        match s.open(c).count() {
            0 | 2 => {}
            3 if extra.is_none() => extra = Some(c),
            _ => return Flow::Continue,
        }
    }
    let Some(z) = extra else {
        return Flow::Continue;
    };
    let zh = topo.houses_of(z);
    let mut found = None;
    for h in 0..topo.houses() {
        // Digits with at least one, two, three, four places in the house.
        let [mut one, mut two, mut three, mut four] = [B::Mask::ZERO; 4];
        for &c in topo.house(h) {
            let m = s.open(c as usize);
            four |= three & m;
            three |= two & m;
            two |= one & m;
            one |= m;
        }
        // Every open digit has exactly two places ...
        if one != two || four != B::Mask::ZERO {
            return Flow::Continue;
        }
        if !zh.contains(&(h as u16)) {
            if three != B::Mask::ZERO {
                return Flow::Continue;
            }
            continue;
        }
        // ... but in z's houses one digit of z, the same in all three, has three.
        if three.count() != 1 || !s.open(z).has(three.first()) {
            return Flow::Continue;
        }
        let d = three.first();
        if found.is_some_and(|f| f != d) {
            return Flow::Continue;
        }
        found = Some(d);
    }
    let Some(d) = found else {
        return Flow::Continue;
    };
    let mut ded = Deduction::new(Technique::Bug);
    ded.evidence.cells = vec![z as u16];
    ded.evidence.digits = vec![d as u8];
    let [row, col, bx] = zh.map(|h| topo.house_name(h as usize));
    ded.evidence.note = Some(format!(
        "every other open cell holds two digits, and every digit two places in a house but this \
         one, with three in {row}, {col} and {bx}"
    ));
    ded.placements = vec![Candidate::new(z, d)];
    sink(ded)
}
