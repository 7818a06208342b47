//! Basic fish of every size: X-Wing (2), Swordfish (3), Jellyfish (4) and beyond, with rows or
//! columns as base.
//!
//! For one digit, k base lines (rows, say) whose open places of the digit all lie in k cover
//! lines (columns): the digit sits once in each base line, so it fills each cover line inside the
//! base lines and leaves the rest of the cover lines. Lines where the digit is placed take no
//! part. The same duality as for tuples holds: with m lines open for the digit, a row-based fish
//! of size k is the column-based fish of size m−k on the other lines, with the same
//! eliminations. So a fish of size k above m/2 is left to its complement, found at size m − k
//! (as a 19-Fish of 21 open lines is an X-Wing: `find --technique fish` lists it once, at its
//! smaller size), and at k = m/2 the row-based one stands for both. Every base line holds at
//! least two places: a line with one is a hidden single (so, with hidden singles pending, a
//! fish whose complement has such a line is not found until they are placed).
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
}

impl<M: Mask> Lines<M> {
    fn new<B: Basis<Mask = M>>(s: &State<B>, digit: usize, by_cols: bool) -> Self {
        let n = B::N;
        let mut lines = Vec::with_capacity(n);
        let mut places = Vec::with_capacity(n);
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
            }
        }
        Lines {
            by_cols,
            lines,
            places,
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
        // Above half the open lines, the complement (module doc); at half, the row-based fish.
        let m = base.lines.len();
        if 2 * k > m || (2 * k == m && base.by_cols) {
            continue;
        }
        // Most locked sets of a large grid remove nothing: say so before building one.
        let report = &mut |base_set: B::Mask, cover: B::Mask| {
            if !cross.reaches_beyond(cover, base_set) {
                return Flow::Continue;
            }
            fish(s, digit, base.by_cols, base_set, cover).map_or(Flow::Continue, &mut *sink)
        };
        let flow = locked_sets(&base.places, k, k, bound, &mut |chosen, cover| {
            report(base.lines_of(chosen), cover)
        });
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

    /// One digit seen from rows, or from columns when `by_cols`.
    struct Side<'a, B: Basis> {
        s: &'a State<B>,
        digit: usize,
        by_cols: bool,
    }

    impl<B: Basis> Side<'_, B> {
        /// The cell at place `i` of base line `line`.
        fn at(&self, line: usize, i: usize) -> usize {
            super::cell(B::N, self.by_cols, line, i)
        }

        /// True when open cell `c` holds the digit.
        fn has(&self, c: usize) -> bool {
            !self.s.is_solved(c) && self.s.get(c).has(self.digit)
        }

        /// The lines where the digit is not placed.
        fn open_lines(&self) -> Vec<usize> {
            let placed = |c: usize| self.s.is_solved(c) && self.s.get(c).has(self.digit);
            let n = B::N;
            (0..n)
                .filter(|&l| (0..n).all(|i| !placed(self.at(l, i))))
                .collect()
        }

        /// A step of `technique` on this side: its houses the base lines, then the cover lines.
        fn step(
            &self,
            technique: Technique,
            base: &[usize],
            cover: &[usize],
            mut eliminations: Vec<Candidate>,
            evidence: Evidence,
        ) -> Deduction {
            let n = B::N;
            let (b0, c0) = if self.by_cols { (n, 0) } else { (0, n) };
            let mut houses: Vec<u16> = base.iter().map(|l| (b0 + l) as u16).collect();
            houses.extend(cover.iter().map(|l| (c0 + l) as u16));
            eliminations.sort();
            Deduction {
                technique,
                placements: Vec::new(),
                eliminations,
                evidence: Evidence {
                    houses,
                    digits: vec![self.digit as u8],
                    ..evidence
                },
            }
        }
    }

    /// Every digit from rows and from columns.
    fn sides<B: Basis>(s: &State<B>) -> impl Iterator<Item = Side<'_, B>> {
        let both = (0..B::N).cartesian_product([false, true]);
        both.map(move |(digit, by_cols)| Side { s, digit, by_cols })
    }

    /// Every fish of size `k` (rows or columns as base) with at least one elimination, as the
    /// fast finder looks for them: not above half the digit's open lines, nor column-based at
    /// half (see the module). Evidence as the fast finder gives it, without the note.
    pub fn find<B: Basis>(s: &State<B>, k: usize) -> Vec<Deduction> {
        find_up_to(s, k, false)
    }

    /// [`find`] of every size and orientation: what the complements stand for.
    pub fn find_every_size<B: Basis>(s: &State<B>, k: usize) -> Vec<Deduction> {
        find_up_to(s, k, true)
    }

    fn find_up_to<B: Basis>(s: &State<B>, k: usize, every: bool) -> Vec<Deduction> {
        let n = B::N;
        let mut out = Vec::new();
        for side in sides(s) {
            let (at, has) = (|l, i| side.at(l, i), |c| side.has(c));
            let m = side.open_lines().len();
            if !every && (2 * k > m || (2 * k == m && side.by_cols)) {
                continue;
            }
            for base in side.open_lines().into_iter().combinations(k) {
                let cover: Vec<usize> = (0..n)
                    .filter(|&i| base.iter().any(|&l| has(at(l, i))))
                    .collect();
                if cover.len() != k {
                    continue;
                }
                let mut cells = Vec::new();
                let mut eliminations = Vec::new();
                for &i in &cover {
                    for l in 0..n {
                        if has(at(l, i)) {
                            if base.contains(&l) {
                                cells.push(at(l, i) as u16);
                            } else {
                                eliminations.push(Candidate::new(at(l, i), side.digit));
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
                let evidence = Evidence {
                    cells,
                    ..Evidence::default()
                };
                let t = Technique::Fish(k as u8);
                out.push(side.step(t, &base, &cover, eliminations, evidence));
            }
        }
        out
    }

    /// Every finned or sashimi fish of size `k` with at least one elimination: k open base
    /// lines, k cover lines each holding a place of theirs, fins (their places off the cover)
    /// in one box, each base line with two places or more and one in the cover. Evidence as the
    /// fast finder gives it, without the note. Not when `k` is more than half the digit's open
    /// lines, as the fast finder does not look there (see the `finned` module).
    pub fn finned<B: Basis>(s: &State<B>, k: usize) -> Vec<Deduction> {
        finned_up_to(s, k, false)
    }

    /// [`finned`] above half the open lines too: what the complement stands for.
    pub fn finned_every_size<B: Basis>(s: &State<B>, k: usize) -> Vec<Deduction> {
        finned_up_to(s, k, true)
    }

    fn finned_up_to<B: Basis>(s: &State<B>, k: usize, above_half: bool) -> Vec<Deduction> {
        let n = B::N;
        let mut out = Vec::new();
        for side in sides(s) {
            let (at, has) = (|l, i| side.at(l, i), |c| side.has(c));
            // Above half the open lines, the complement has the same eliminations.
            let mut open = side.open_lines();
            if 2 * k > open.len() && !above_half {
                continue;
            }
            // Open lines of two places or more: a base line has them.
            open.retain(|&l| (0..n).filter(|&i| has(at(l, i))).count() >= 2);
            for base in open.into_iter().combinations(k) {
                // Cover lines each hold a place of the base lines.
                let crossed = (0..n).filter(|&i| base.iter().any(|&l| has(at(l, i))));
                for cover in crossed.combinations(k) {
                    out.extend(finned_on(&side, &base, &cover));
                }
            }
        }
        out
    }

    /// The finned fish of `side` on lines `base` and `cover`, if it is one and removes
    /// something.
    fn finned_on<B: Basis>(side: &Side<B>, base: &[usize], cover: &[usize]) -> Option<Deduction> {
        let n = B::N;
        let (at, has) = (|l, i| side.at(l, i), |c| side.has(c));
        let box_of = |c: usize| crate::topology::box_index(B::K, c / n, c % n);
        let line = |c: usize| if side.by_cols { c % n } else { c / n };
        let cross = |c: usize| if side.by_cols { c / n } else { c % n };
        let places = base.iter().flat_map(|&l| (0..n).map(move |i| at(l, i)));
        let (mut cells, mut fins): (Vec<usize>, Vec<usize>) = places
            .filter(|&c| has(c))
            .partition(|&c| cover.contains(&cross(c)));
        let fin_box = box_of(*fins.first()?);
        if fins.iter().any(|&f| box_of(f) != fin_box) {
            return None;
        }
        if !base.iter().all(|&l| cover.iter().any(|&i| has(at(l, i)))) {
            return None;
        }
        let eliminations: Vec<Candidate> = cover
            .iter()
            .flat_map(|&i| (0..n).map(move |l| at(l, i)))
            .filter(|&c| has(c) && !base.contains(&line(c)) && box_of(c) == fin_box)
            .map(|c| Candidate::new(c, side.digit))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let sashimi = base
            .iter()
            .any(|&l| cover.iter().filter(|&&i| has(at(l, i))).count() < 2);
        cells.sort();
        fins.sort();
        let cells16 = |v: Vec<usize>| v.into_iter().map(|c| c as u16).collect();
        let evidence = Evidence {
            cells: cells16(cells),
            fins: cells16(fins),
            sashimi,
            ..Evidence::default()
        };
        let t = Technique::FinnedFish(base.len() as u8);
        Some(side.step(t, base, cover, eliminations, evidence))
    }
}
