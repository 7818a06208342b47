//! Sue de Coq (two-sector disjoint subsets), as HoDoKu finds it, at every size.
//!
//! Take open cells C of a box/line intersection, two at least, holding digits V, at least two
//! more than C has cells. Beside them take open cells L of the line outside the box and B of
//! the box outside the line, holding digits V_L and V_B with no digit in common, so that the
//! three together have as many cells as digits. Each of these digits is true once in the
//! pattern at most: one of V_L has all its places in C and L, inside the line; one of V_B in
//! C and B, inside the box; any other only in C. So each is true exactly once, and leaves the
//! rest of the house that holds its places: a digit of V_L the line, of V_B the box, and one
//! of V in neither (HoDoKu's *isolated* digit) both.
//!
//! L and B each take some of V's weight off C: their cells outnumber their digits outside V
//! (their *surplus*), and the two surpluses add up to V's excess over C's cells. Sides are
//! grown cell by cell from cells of two digits or more holding one of V, up to [`SIDE`]
//! cells, dropping a subset as soon as no growth of it can reach the surplus it needs. The
//! whole search of a grid stops after [`Config::subset_budget`] extensions: at 49×49 and up
//! the subsets of a line's cells are beyond counting.

use super::intersections::{lines_through, on_line};
use super::misses::{self, Finder};
use super::{growth, limits, Candidate, CellSet, Config, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;

/// The most cells of a side, at every size: every side of a 9×9 intersection, whose line and
/// box each have six cells beside it.
pub const SIDE: usize = 6;

/// One side of the pattern: cells of the line outside the box, or of the box off the line.
struct Side<M> {
    cells: Vec<usize>,
    digits: M,
    /// Its cells less its digits outside the intersection's.
    surplus: usize,
}

/// Report every Sue de Coq, box by box, rows before columns, then by the intersection cells
/// taken. Along a solving path an intersection whose line and box are as they were when it
/// last gave nothing is skipped (the `misses` module).
pub fn find<B: Basis>(s: &State<B>, cfg: &Config, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let mut left = cfg.subset_budget;
    for b in 0..B::N {
        if cfg.past_deadline() {
            return Flow::Stop;
        }
        let bx = topo.box_house(b);
        for (j, line) in lines_through(topo, b).enumerate() {
            // What the search reads: the open digits of the line and the box.
            let input = || {
                let cells = topo.house(line).iter().chain(topo.house(bx));
                cells.map(|&c| s.open(c as usize)).collect()
            };
            let what = (Technique::SueDeCoq, cfg.subset_budget);
            let slot = b * 2 * B::K + j;
            let flow = misses::skip_or_run(Finder::SueDeCoq, slot, what, input, sink, |sink| {
                at(s, [line, bx], &mut left, sink)
            });
            if flow == Flow::Stop {
                return Flow::Stop;
            }
            if left == 0 {
                // What is left goes unsearched, but the path goes on.
                return Flow::Continue;
            }
        }
    }
    Flow::Continue
}

/// Report every Sue de Coq of the intersection of `houses` (a line, a box crossing it), by the
/// intersection cells taken, while the extensions `left` last.
fn at<B: Basis>(s: &State<B>, houses: [usize; 2], left: &mut u64, sink: &mut Sink) -> Flow {
    let topo = B::topology();
    let [line, bx] = houses;
    let b = bx - topo.box_house(0);
    let in_box = |c: &u16| topo.box_of(*c as usize) == b;
    let on = |c: &u16| on_line(topo, line, *c as usize);
    let cells = |h: usize, keep: &dyn Fn(&u16) -> bool| -> Vec<usize> {
        let open = |c: &&u16| !s.open(**c as usize).is_empty();
        let kept = topo.house(h).iter().filter(open).filter(|c| keep(c));
        kept.map(|&c| c as usize).collect()
    };
    let segment = cells(bx, &on);
    if segment.len() < 2 {
        return Flow::Continue;
    }
    let line_rest = cells(line, &|c| !in_box(c));
    let box_rest = cells(bx, &|c| !on(c));
    let cut = || {
        limits::note(|h| h.subset_searches += 1);
        Flow::Continue
    };
    // Each choice of two or more segment cells, by bits.
    for chosen in 1u32..1 << segment.len() {
        if chosen.count_ones() < 2 {
            continue;
        }
        let core: Vec<usize> = (0..segment.len())
            .filter(|i| chosen >> i & 1 == 1)
            .map(|i| segment[i])
            .collect();
        let v = core.iter().fold(B::Mask::ZERO, |m, &c| m | s.open(c));
        // The two surpluses add up to `total`, two at least; a side's is at most its cells.
        let total = (v.count() as usize).saturating_sub(core.len());
        if !(2..=2 * SIDE).contains(&total) {
            continue;
        }
        let surplus = total.saturating_sub(SIDE).max(1)..=(total - 1).min(SIDE);
        let Some(lines) = sides(s, &line_rest, v, B::Mask::ZERO, surplus, left) else {
            return cut();
        };
        // Each line side's box sides, grown from the cells that hold none of its digits:
        // fewer by far than all the box's sides, of which few would fit.
        for l in &lines {
            let want = total - l.surplus;
            let Some(boxes) = sides(s, &box_rest, v, l.digits, want..=want, left) else {
                return cut();
            };
            for x in &boxes {
                let d = step(s, houses, &core, v, l, x);
                if !d.eliminations.is_empty() && sink(d) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
    }
    Flow::Continue
}

/// Every side among `rest` whose surplus over the intersection digits `v` is in `surplus`:
/// subsets of the cells of two digits or more holding one of `v` and none of `avoid`, up to
/// [`SIDE`] cells; `None` when the extensions `left` run out.
fn sides<B: Basis>(
    s: &State<B>,
    rest: &[usize],
    v: B::Mask,
    avoid: B::Mask,
    surplus: std::ops::RangeInclusive<usize>,
    left: &mut u64,
) -> Option<Vec<Side<B::Mask>>> {
    // A cell of one digit is a naked single, for the singles to place.
    let open = |c: usize| s.open(c);
    let cells: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&c| open(c).count() > 1 && !(open(c) & v).is_empty())
        .filter(|&c| (open(c) & avoid).is_empty())
        .collect();
    let masks: Vec<B::Mask> = cells.iter().map(|&c| open(c)).collect();
    let mut found = Vec::new();
    // Digits outside v never leave a growing subset, and each cell more adds one to the
    // surplus at most: grown to SIDE cells, a subset could reach SIDE less those digits.
    let outside = |u: B::Mask| (u & !v).count() as usize;
    let viable = |u| SIDE.saturating_sub(outside(u)) >= *surplus.start();
    let whole = growth::subsets(&masks, SIDE, left, viable, |picked, u| {
        let got = picked.len().saturating_sub(outside(u));
        if surplus.contains(&got) {
            found.push(Side {
                cells: picked.iter().map(|&i| cells[i]).collect(),
                digits: u,
                surplus: got,
            });
        }
    });
    whole.then_some(found)
}

/// The step of intersection cells `core` (digits `v`) with line side `l` and box side `x`
/// in `houses` (the line, the box): each digit leaves the rest of the house(s) holding its
/// places in the pattern.
fn step<B: Basis>(
    s: &State<B>,
    houses: [usize; 2],
    core: &[usize],
    v: B::Mask,
    l: &Side<B::Mask>,
    x: &Side<B::Mask>,
) -> Deduction {
    let topo = B::topology();
    let [line, bx] = houses;
    let pattern: Vec<usize> = core
        .iter()
        .chain(&l.cells)
        .chain(&x.cells)
        .copied()
        .collect();
    let isolated = v & !l.digits & !x.digits;
    let mut gone = Vec::new();
    for (house, digits) in [(line, l.digits | isolated), (bx, x.digits | isolated)] {
        for &c in topo.house(house) {
            let c = c as usize;
            if pattern.contains(&c) {
                continue;
            }
            let hit = s.open(c) & digits;
            gone.extend(hit.iter().map(|d| Candidate::new(c, d)));
        }
    }
    gone.sort();
    gone.dedup();
    let mut d = Deduction::new(Technique::SueDeCoq);
    d.eliminations = gone;
    let ev = &mut d.evidence;
    ev.houses = vec![line as u16, bx as u16];
    ev.cells = pattern.iter().map(|&c| c as u16).collect();
    ev.digits = v.iter().map(|d| d as u8).collect();
    let set = |house: usize, cells: &[usize], digits: B::Mask| CellSet {
        house: house as u16,
        cells: cells.iter().map(|&c| c as u16).collect(),
        digits: digits.iter().map(|d| d as u8).collect(),
    };
    ev.sets = vec![
        set(line, core, v),
        set(line, &l.cells, l.digits),
        set(bx, &x.cells, x.digits),
    ];
    d
}
