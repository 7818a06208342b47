//! Basic fish of every size: X-Wing (2), Swordfish (3), Jellyfish (4) and beyond, with rows or
//! columns as base.
//!
//! For one digit, k base lines (rows, say) whose open places of the digit all lie in k cover
//! lines (columns): the digit sits once in each base line, so it fills each cover line inside the
//! base lines and leaves the rest of the cover lines. Lines where the digit is placed take no
//! part. The same duality as for tuples holds: with m lines open for the digit, a row-based fish
//! of size k is the column-based fish of size m−k on the other lines, with the same
//! eliminations, so the search never goes above m/2 (see [`super::subsets::locked_sets`]).
//! Every base line holds at least two places: a line with one is a hidden single.
//!
//! The `finned` module holds the fish whose base lines hold the digit off the cover lines too,
//! in one box.

mod finned;

use super::misses::{self, Finder};
use super::subsets::{locked_sets, Bound};
use super::{Candidate, Config, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;
use itertools::Itertools;

/// One digit's open places seen from rows or from columns.
struct Lines<M> {
    /// True when the base lines are columns.
    by_cols: bool,
    /// Open base lines (those where the digit is not placed), increasing.
    lines: Vec<usize>,
    /// For each open base line: the mask of cross lines holding the digit in an open cell.
    places: Vec<M>,
    /// Mask of open base lines (by line number).
    open: M,
}

impl<M: Mask> Lines<M> {
    fn new<B: Basis<Mask = M>>(s: &State<B>, digit: usize, by_cols: bool) -> Self {
        let n = B::N;
        let mut lines = Vec::with_capacity(n);
        let mut places = Vec::with_capacity(n);
        let mut open = M::ZERO;
        for line in 0..n {
            let mut p = M::ZERO;
            let mut placed = false;
            for i in 0..n {
                let c = cell(n, by_cols, line, i);
                if s.get(c).has(digit) {
                    if s.is_solved(c) {
                        placed = true;
                    } else {
                        p |= M::bit(i);
                    }
                }
            }
            if !placed {
                lines.push(line);
                places.push(p);
                open |= M::bit(line);
            }
        }
        Lines {
            by_cols,
            lines,
            places,
            open,
        }
    }

    /// True when one of `lines` (line numbers) holds the digit in an open cell off the cross
    /// lines `inside`: a fish covering `lines` with base `inside` would remove something.
    fn reaches_beyond(&self, lines: M, inside: M) -> bool {
        self.lines
            .iter()
            .zip(&self.places)
            .any(|(&l, &p)| lines.has(l) && !(p & !inside).is_empty())
    }

    /// Base lines of a mask of indices into `lines`.
    fn lines_of(&self, idx: M) -> M {
        let mut out = M::ZERO;
        for i in idx.iter() {
            out |= M::bit(self.lines[i]);
        }
        out
    }
}

#[inline]
fn cell(n: usize, by_cols: bool, line: usize, i: usize) -> usize {
    if by_cols {
        i * n + line
    } else {
        line * n + i
    }
}

/// The fish of `digit` on base lines `base` and cover lines `cover` (line numbers as masks; base
/// are rows unless `by_cols`), or `None` when it removes nothing.
fn fish<B: Basis>(
    s: &State<B>,
    digit: usize,
    by_cols: bool,
    base: B::Mask,
    cover: B::Mask,
) -> Option<Deduction> {
    let n = B::N;
    let size = base.count() as u8;
    let mut d = Deduction::new(Technique::Fish(size));
    for c in cover.iter() {
        for i in 0..n {
            let cl = cell(n, !by_cols, c, i);
            if s.is_solved(cl) || !s.get(cl).has(digit) {
                continue;
            }
            if base.has(i) {
                d.evidence.cells.push(cl as u16);
            } else {
                d.eliminations.push(Candidate::new(cl, digit));
            }
        }
    }
    // A base line with one place is a hidden single there, named as such.
    let line = |c: u16| {
        if by_cols {
            c as usize % n
        } else {
            c as usize / n
        }
    };
    let thin = base
        .iter()
        .any(|l| d.evidence.cells.iter().filter(|&&c| line(c) == l).count() < 2);
    if d.eliminations.is_empty() || thin {
        return None;
    }
    d.eliminations.sort();
    d.evidence.cells.sort();
    let (b0, c0) = if by_cols { (n, 0) } else { (0, n) };
    d.evidence.houses = base.iter().map(|l| (b0 + l) as u16).collect();
    d.evidence
        .houses
        .extend(cover.iter().map(|l| (c0 + l) as u16));
    d.evidence.digits = vec![digit as u8];
    d.evidence.note = Some(lines_note(by_cols, base, cover));
    Some(d)
}

/// `rows 1,5 / columns 2,7`: a fish's base and cover lines (columns first when `by_cols`).
fn lines_note<M: Mask>(by_cols: bool, base: M, cover: M) -> String {
    let list = |m: M| m.iter().map(|l| (l + 1).to_string()).join(",");
    let (bn, cn) = if by_cols {
        ("columns", "rows")
    } else {
        ("rows", "columns")
    };
    format!("{bn} {} / {cn} {}", list(base), list(cover))
}

/// The search of one digit's fish of one size.
type OfDigit<B> = fn(&State<B>, usize, usize, Bound, &mut Sink) -> Flow;

/// Find every instance of `Fish(k)` or `FinnedFish(k)`: digit by digit, row-based then
/// column-based.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    let (k, of_digit): (u8, OfDigit<B>) = match t {
        Technique::Fish(k) => (k, of_digit),
        Technique::FinnedFish(k) => (k, finned::of_digit),
        _ => return Flow::Continue,
    };
    let k = k as usize;
    let bound = Bound::of(cfg);
    // One pass over the grid for every digit's input, not one a digit.
    let inputs = misses::kept().then(|| places(s));
    for digit in 0..B::N {
        if cfg.past_deadline() {
            return Flow::Stop;
        }
        let what = (t, cfg.subset_budget);
        let input = || inputs.as_ref().map_or_else(Vec::new, |v| v[digit].clone());
        let flow = misses::skip_or_run(Finder::Fish, digit, what, input, sink, |sink| {
            of_digit(s, digit, k, bound, sink)
        });
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// What each digit's fish, finned or not, depend on: row by row, the cells holding it, then
/// those where it is placed.
fn places<B: Basis>(s: &State<B>) -> Vec<Vec<B::Mask>> {
    let n = B::N;
    let mut v = vec![vec![B::Mask::ZERO; 2 * n]; n];
    for c in 0..B::CELLS {
        let (row, col) = (c / n, c % n);
        let at = if s.is_solved(c) { n + row } else { row };
        for digit in s.get(c).iter() {
            v[digit][row] |= B::Mask::bit(col);
            if at != row {
                v[digit][at] |= B::Mask::bit(col);
            }
        }
    }
    v
}

/// Every fish of size `k` of one digit, row-based then column-based.
fn of_digit<B: Basis>(s: &State<B>, digit: usize, k: usize, bound: Bound, sink: &mut Sink) -> Flow {
    let rows = Lines::new(s, digit, false);
    let cols = Lines::new(s, digit, true);
    for (base, cross) in [(&rows, &cols), (&cols, &rows)] {
        let m = base.lines.len();
        if k >= m {
            continue;
        }
        // Most locked sets of a large grid remove nothing: say so before building one.
        let report = &mut |base_set: B::Mask, cover: B::Mask| {
            if !cross.reaches_beyond(cover, base_set) {
                return Flow::Continue;
            }
            fish(s, digit, base.by_cols, base_set, cover).map_or(Flow::Continue, &mut *sink)
        };
        let flow = if 2 * k <= m {
            locked_sets(&base.places, k, k, bound, &mut |chosen, cover| {
                report(base.lines_of(chosen), cover)
            })
        } else {
            // The dual: m - k cross lines confined to m - k base lines; the fish is on the
            // other lines of each.
            locked_sets(&cross.places, m - k, m - k, bound, &mut |chosen, lines| {
                report(base.open & !lines, cross.open & !cross.lines_of(chosen))
            })
        };
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Slow, obviously correct fish: every k-subset of open base lines (and of cover lines for the
/// finned ones), straight from the definition.
pub mod reference {
    use super::super::{Candidate, Deduction, Evidence, State, Technique};
    use crate::basis::Basis;
    use crate::mask::Mask;
    use itertools::Itertools;

    /// Every fish of size `k` (rows or columns as base) with at least one elimination. Evidence
    /// as the fast finder gives it, without the note.
    pub fn find<B: Basis>(s: &State<B>, k: usize) -> Vec<Deduction> {
        let n = B::N;
        let mut out = Vec::new();
        for digit in 0..n {
            for by_cols in [false, true] {
                let at = |line: usize, i: usize| if by_cols { i * n + line } else { line * n + i };
                let has = |c: usize| !s.is_solved(c) && s.get(c).has(digit);
                let open = open_lines(s, digit, by_cols);
                for base in open.iter().copied().combinations(k) {
                    let mut cover: Vec<usize> = (0..n)
                        .filter(|&i| base.iter().any(|&l| has(at(l, i))))
                        .collect();
                    if cover.len() != k {
                        continue;
                    }
                    cover.sort();
                    let mut cells = Vec::new();
                    let mut eliminations = Vec::new();
                    for &i in &cover {
                        for l in 0..n {
                            if has(at(l, i)) {
                                if base.contains(&l) {
                                    cells.push(at(l, i) as u16);
                                } else {
                                    eliminations.push(Candidate::new(at(l, i), digit));
                                }
                            }
                        }
                    }
                    let thin = base
                        .iter()
                        .any(|&l| (0..n).filter(|&i| has(at(l, i))).count() < 2);
                    if eliminations.is_empty() || thin {
                        continue;
                    }
                    cells.sort();
                    eliminations.sort();
                    let (b0, c0) = if by_cols { (n, 0) } else { (0, n) };
                    let mut houses: Vec<u16> = base.iter().map(|l| (b0 + l) as u16).collect();
                    houses.extend(cover.iter().map(|l| (c0 + l) as u16));
                    out.push(Deduction {
                        technique: Technique::Fish(k as u8),
                        placements: Vec::new(),
                        eliminations,
                        evidence: Evidence {
                            houses,
                            cells,
                            digits: vec![digit as u8],
                            ..Evidence::default()
                        },
                    });
                }
            }
        }
        out
    }

    /// Every finned or sashimi fish of size `k` with at least one elimination: k open base
    /// lines, k cover lines each holding a place of theirs, fins (their places off the cover)
    /// in one box, each base line with two places or more and one in the cover. Evidence as the
    /// fast finder gives it, without the note.
    pub fn finned<B: Basis>(s: &State<B>, k: usize) -> Vec<Deduction> {
        let n = B::N;
        let mut out = Vec::new();
        for digit in 0..n {
            for by_cols in [false, true] {
                let at = |line: usize, i: usize| if by_cols { i * n + line } else { line * n + i };
                let has = |c: usize| !s.is_solved(c) && s.get(c).has(digit);
                let box_of = |c: usize| crate::topology::box_index(B::K, c / n, c % n);
                // Open lines of two places or more: a base line has them.
                let mut open = open_lines(s, digit, by_cols);
                open.retain(|&l| (0..n).filter(|&i| has(at(l, i))).count() >= 2);
                for base in open.iter().copied().combinations(k) {
                    // Cover lines each hold a place of the base lines.
                    let crossed = (0..n).filter(|&i| base.iter().any(|&l| has(at(l, i))));
                    for cover in crossed.combinations(k) {
                        let line = |c: usize| if by_cols { c % n } else { c / n };
                        let cross = |c: usize| if by_cols { c / n } else { c % n };
                        let in_base = |c: usize| base.contains(&line(c));
                        let on_cover = |c: usize| cover.contains(&cross(c));
                        let placed: Vec<usize> = base
                            .iter()
                            .flat_map(|&l| (0..n).map(move |i| (l, i)))
                            .filter(|&(l, i)| has(at(l, i)))
                            .map(|(l, i)| at(l, i))
                            .collect();
                        let (cells, fins): (Vec<usize>, Vec<usize>) =
                            placed.iter().partition(|&&c| on_cover(c));
                        let Some(&fin) = fins.first() else {
                            continue;
                        };
                        if fins.iter().any(|&f| box_of(f) != box_of(fin)) {
                            continue;
                        }
                        let line_ok = |l: usize| cover.iter().any(|&i| has(at(l, i)));
                        if !base.iter().all(|&l| line_ok(l)) {
                            continue;
                        }
                        let mut eliminations: Vec<Candidate> = cover
                            .iter()
                            .flat_map(|&i| (0..n).map(move |l| at(l, i)))
                            .filter(|&c| has(c) && !in_base(c) && box_of(c) == box_of(fin))
                            .map(|c| Candidate::new(c, digit))
                            .collect();
                        if eliminations.is_empty() {
                            continue;
                        }
                        eliminations.sort();
                        let sashimi = base
                            .iter()
                            .any(|&l| cover.iter().filter(|&&i| has(at(l, i))).count() < 2);
                        let (b0, c0) = if by_cols { (n, 0) } else { (0, n) };
                        let mut houses: Vec<u16> = base.iter().map(|l| (b0 + l) as u16).collect();
                        houses.extend(cover.iter().map(|l| (c0 + l) as u16));
                        let sorted = |mut v: Vec<usize>| {
                            v.sort();
                            v.into_iter().map(|c| c as u16).collect()
                        };
                        out.push(Deduction {
                            technique: Technique::FinnedFish(k as u8),
                            placements: Vec::new(),
                            eliminations,
                            evidence: Evidence {
                                houses,
                                cells: sorted(cells),
                                fins: sorted(fins),
                                sashimi,
                                digits: vec![digit as u8],
                                ..Evidence::default()
                            },
                        });
                    }
                }
            }
        }
        out
    }

    /// The lines (columns when `by_cols`) where `digit` is not placed.
    fn open_lines<B: Basis>(s: &State<B>, digit: usize, by_cols: bool) -> Vec<usize> {
        let n = B::N;
        let at = |line: usize, i: usize| if by_cols { i * n + line } else { line * n + i };
        let placed = |c: usize| s.is_solved(c) && s.get(c).has(digit);
        (0..n)
            .filter(|&l| (0..n).all(|i| !placed(at(l, i))))
            .collect()
    }
}
