//! Naked and hidden tuples of every size.
//!
//! A *naked* tuple is k open cells of a house whose candidates together are exactly k digits:
//! those digits leave the other cells of the house. A *hidden* tuple is k digits still open in a
//! house that together occupy exactly k cells: every other digit leaves those cells.
//!
//! Both are found by one subset enumeration ([`locked_sets`]) over sets that share a universe
//! (cells' candidate masks for naked tuples, digits' position masks for hidden ones), which
//! prunes a branch as soon as the union outgrows the size looked for. Solved cells and placed
//! digits take no part. The two kinds are dual: in a house with m open cells (and so m open
//! digits), a naked tuple of size k on cells S and digits X is the hidden tuple of size m−k on
//! the other cells and the other digits, with the same eliminations. So no size above m/2 is
//! ever searched: a tuple of size k > m/2 is found as its complement of size m−k.
//!
//! [`reference`](mod@reference) holds the slow, obviously correct versions
//! (`itertools::combinations` over every k-subset) that the property tests compare against.

use super::misses::{self, Finder};
use super::{Candidate, Config, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;
use std::time::Instant;

/// Every subset of `items` with `lo..=hi` members whose union has exactly as many members as
/// the subset, reported as `(chosen, union)` where `chosen` is a mask of item indices.
///
/// A branch ends as soon as its union has more than `hi` members (it can only grow), or more
/// members than the subset could reach with the items left, or when too few items remain to
/// reach `lo`. `items.len()` must not exceed the mask width.
///
/// At most `bound.subsets` extensions are examined; an enumeration cut there is noted in
/// [`super::limits`] and ends as if complete (fewer tuples found, never a wrong one). Past
/// `bound.deadline` it returns [`Flow::Stop`], so that the finder around it stops too.
pub fn locked_sets<M: Mask>(
    items: &[M],
    lo: usize,
    hi: usize,
    bound: Bound,
    f: &mut dyn FnMut(M, M) -> Flow,
) -> Flow {
    locked_sets_examined(items, lo, hi, bound, f).0
}

/// How far one subset enumeration may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// Most subsets examined ([`Config::subset_budget`]).
    pub subsets: u64,
    /// When to stop ([`Config::deadline`]).
    pub deadline: Option<Instant>,
}

impl Bound {
    /// At most `subsets` subsets, with no deadline.
    pub fn subsets(subsets: u64) -> Self {
        Bound {
            subsets,
            deadline: None,
        }
    }

    /// The bounds `cfg` sets.
    pub fn of(cfg: &Config) -> Self {
        Bound {
            subsets: cfg.subset_budget,
            deadline: cfg.deadline,
        }
    }
}

/// [`locked_sets`], also returning how many subsets it examined (extensions of a partial
/// subset by one item, the unit of its budget): the enumeration's work, as the tuple study
/// reports it.
pub fn locked_sets_examined<M: Mask>(
    items: &[M],
    lo: usize,
    hi: usize,
    bound: Bound,
    f: &mut dyn FnMut(M, M) -> Flow,
) -> (Flow, u64) {
    enumerate(items, lo, hi, true, bound, f)
}

/// Every subset of exactly `k` of `items` whose union has at most `k` members, reported as
/// [`locked_sets`] reports them: the base lines of a finned fish, whose items leave out the
/// places a fin may take, so that fewer than `k` cover lines may hold the rest.
pub fn covered_sets<M: Mask>(
    items: &[M],
    k: usize,
    bound: Bound,
    f: &mut dyn FnMut(M, M) -> Flow,
) -> Flow {
    enumerate(items, k, k, false, bound, f).0
}

/// The enumeration behind [`locked_sets_examined`] (`exact`: the union as large as the subset)
/// and [`covered_sets`] (not `exact`: the union at most `hi`).
fn enumerate<M: Mask>(
    items: &[M],
    lo: usize,
    hi: usize,
    exact: bool,
    bound: Bound,
    f: &mut dyn FnMut(M, M) -> Flow,
) -> (Flow, u64) {
    struct Search<'a, M> {
        items: &'a [M],
        lo: usize,
        hi: usize,
        exact: bool,
        left: u64,
        cut: bool,
        deadline: Option<Instant>,
        f: &'a mut dyn FnMut(M, M) -> Flow,
    }
    impl<M: Mask> Search<'_, M> {
        /// Extend `chosen` (`n` items, union `union`) by items from `start` on.
        fn rec(&mut self, start: usize, chosen: M, n: usize, union: M) -> Flow {
            for i in start..self.items.len() {
                if n + (self.items.len() - i) < self.lo {
                    break;
                }
                if self.left == 0 {
                    self.cut = true;
                    return Flow::Stop;
                }
                self.left -= 1;
                // The clock is read once every 4096 subsets: a few nanoseconds each.
                if self.left % 4096 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                    return Flow::Stop;
                }
                let u = union | self.items[i];
                let uc = u.count() as usize;
                // Too large, or too few items left for the subset to catch up with its union.
                if uc > self.hi || (self.exact && uc > n + (self.items.len() - i)) {
                    continue;
                }
                let c = chosen | M::bit(i);
                let fits = !self.exact || uc == n + 1;
                if fits && n + 1 >= self.lo && (self.f)(c, u) == Flow::Stop {
                    return Flow::Stop;
                }
                if n + 1 < self.hi && self.rec(i + 1, c, n + 1, u) == Flow::Stop {
                    return Flow::Stop;
                }
            }
            Flow::Continue
        }
    }
    if lo > hi || hi == 0 {
        return (Flow::Continue, 0);
    }
    let lo = lo.max(1);
    // Items larger than `hi` can be in no subset: search the others, map indices back.
    let orig: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].count() as usize <= hi)
        .collect();
    let run = |items: &[M], f: &mut dyn FnMut(M, M) -> Flow| {
        let mut search = Search {
            items,
            lo,
            hi,
            exact,
            left: bound.subsets,
            cut: false,
            deadline: bound.deadline,
            f,
        };
        let flow = search.rec(0, M::ZERO, 0, M::ZERO);
        let examined = bound.subsets - search.left;
        if search.cut {
            super::limits::note(|h| h.subset_searches += 1);
            return (Flow::Continue, examined);
        }
        (flow, examined)
    };
    if orig.len() == items.len() {
        return run(items, f);
    }
    let kept: Vec<M> = orig.iter().map(|&i| items[i]).collect();
    let mut back = |chosen: M, union: M| {
        let mut c = M::ZERO;
        for j in chosen.iter() {
            c |= M::bit(orig[j]);
        }
        f(c, union)
    };
    run(&kept, &mut back)
}

/// The open part of one house: open cells with their candidates, open digits with their
/// positions among the open cells.
pub struct HouseView<M> {
    /// House index.
    pub house: usize,
    /// Open (unsolved) cells, in house order.
    pub cells: Vec<u16>,
    /// Candidates of each open cell.
    pub cands: Vec<M>,
    /// Digits not placed in the house.
    pub digits: M,
    /// For each open digit in increasing order: the mask of open-cell indices holding it.
    pub places: Vec<M>,
    /// The open digits in increasing order (index into `places`).
    pub digit_list: Vec<u8>,
}

impl<M: Mask> HouseView<M> {
    /// The open part of house `h` of `s`.
    pub fn new<B: Basis<Mask = M>>(s: &State<B>, h: usize) -> Self {
        let t = B::topology();
        let mut cells = Vec::with_capacity(B::N);
        let mut cands = Vec::with_capacity(B::N);
        let mut placed = M::ZERO;
        for &c in t.house(h) {
            let m = s.get(c as usize);
            if s.is_solved(c as usize) {
                placed |= m;
            } else {
                cells.push(c);
                cands.push(m);
            }
        }
        let digits = B::all() & !placed;
        let digit_list: Vec<u8> = digits.iter().map(|d| d as u8).collect();
        let places = digit_list
            .iter()
            .map(|&d| {
                let mut p = M::ZERO;
                for (i, m) in cands.iter().enumerate() {
                    if m.has(d as usize) {
                        p |= M::bit(i);
                    }
                }
                p
            })
            .collect();
        HouseView {
            house: h,
            cells,
            cands,
            digits,
            places,
            digit_list,
        }
    }

    /// Number of open cells.
    pub fn open(&self) -> usize {
        self.cells.len()
    }

    /// Every open-cell index.
    fn all_cells(&self) -> M {
        M::low(self.cells.len())
    }

    /// The digits of a mask of digit-list indices.
    fn digits_of(&self, idx: M) -> M {
        let mut out = M::ZERO;
        for i in idx.iter() {
            out |= M::bit(self.digit_list[i] as usize);
        }
        out
    }

    /// Naked tuple on open-cell indices `cells` with digits `digits`: the digits leave the other
    /// open cells. `None` when nothing would go.
    fn naked(&self, size: usize, cells: M, digits: M) -> Option<Deduction> {
        let mut d = Deduction::new(Technique::NakedTuple(size as u8));
        for (i, &m) in self.cands.iter().enumerate() {
            if !cells.has(i) {
                for digit in (m & digits).iter() {
                    d.eliminations
                        .push(Candidate::new(self.cells[i] as usize, digit));
                }
            }
        }
        self.finish(d, cells, digits)
    }

    /// Hidden tuple of `digits` confined to open-cell indices `cells`: every other digit leaves
    /// those cells. `None` when nothing would go.
    fn hidden(&self, size: usize, cells: M, digits: M) -> Option<Deduction> {
        let mut d = Deduction::new(Technique::HiddenTuple(size as u8));
        for i in cells.iter() {
            for digit in (self.cands[i] & !digits).iter() {
                d.eliminations
                    .push(Candidate::new(self.cells[i] as usize, digit));
            }
        }
        self.finish(d, cells, digits)
    }

    fn finish(&self, mut d: Deduction, cells: M, digits: M) -> Option<Deduction> {
        if d.eliminations.is_empty() {
            return None;
        }
        d.eliminations.sort();
        d.evidence.houses.push(self.house as u16);
        d.evidence.cells = cells.iter().map(|i| self.cells[i]).collect();
        d.evidence.cells.sort();
        d.evidence.digits = digits.iter().map(|x| x as u8).collect();
        Some(d)
    }

    /// Report every naked (`hidden == false`) or hidden tuple of exactly `k` in this house,
    /// searching size `k` directly when `2k <= m` and the dual of size `m - k` otherwise.
    pub fn tuples(&self, hidden: bool, k: usize, bound: Bound, sink: &mut Sink) -> Flow {
        let m = self.open();
        if k == 0 || k >= m {
            return Flow::Continue;
        }
        let all = self.all_cells();
        // Searching cells' candidates finds naked tuples; digits' places finds hidden ones.
        let search_naked = hidden == (2 * k > m);
        let size = if 2 * k <= m { k } else { m - k };
        let report = |cells: M, digits: M| {
            let (cells, digits) = if 2 * k <= m {
                (cells, digits)
            } else {
                (all & !cells, self.digits & !digits)
            };
            if hidden {
                self.hidden(k, cells, digits)
            } else {
                self.naked(k, cells, digits)
            }
        };
        if search_naked {
            locked_sets(&self.cands, size, size, bound, &mut |chosen, union| {
                report(chosen, union).map_or(Flow::Continue, &mut *sink)
            })
        } else {
            locked_sets(&self.places, size, size, bound, &mut |chosen, union| {
                report(union, self.digits_of(chosen)).map_or(Flow::Continue, &mut *sink)
            })
        }
    }

    /// Report every naked and hidden tuple of size `2..=max` in this house, each size searched
    /// once (sizes up to m/2 directly, the rest as complements).
    pub fn sweep(&self, max: usize, bound: Bound, sink: &mut Sink) -> Flow {
        let m = self.open();
        if m < 3 {
            return Flow::Continue;
        }
        let half = m / 2;
        let all = self.all_cells();
        let in_range = |k: usize| (2..=max).contains(&k);
        let flow = locked_sets(&self.cands, 1, half, bound, &mut |cells, digits| {
            let j = cells.count() as usize;
            if in_range(j) {
                if let Some(d) = self.naked(j, cells, digits) {
                    if sink(d) == Flow::Stop {
                        return Flow::Stop;
                    }
                }
            }
            if m - j > half && in_range(m - j) {
                if let Some(d) = self.hidden(m - j, all & !cells, self.digits & !digits) {
                    return sink(d);
                }
            }
            Flow::Continue
        });
        if flow == Flow::Stop {
            return flow;
        }
        locked_sets(&self.places, 1, half, bound, &mut |chosen, cells| {
            let digits = self.digits_of(chosen);
            let j = chosen.count() as usize;
            if in_range(j) {
                if let Some(d) = self.hidden(j, cells, digits) {
                    if sink(d) == Flow::Stop {
                        return Flow::Stop;
                    }
                }
            }
            if m - j > half && in_range(m - j) {
                if let Some(d) = self.naked(m - j, all & !cells, self.digits & !digits) {
                    return sink(d);
                }
            }
            Flow::Continue
        })
    }
}

/// Find every instance of `NakedTuple(k)` or `HiddenTuple(k)`.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    let (hidden, k) = match t {
        Technique::NakedTuple(k) => (false, k as usize),
        Technique::HiddenTuple(k) => (true, k as usize),
        _ => return Flow::Continue,
    };
    let bound = Bound::of(cfg);
    let topo = B::topology();
    for h in 0..topo.houses() {
        if cfg.past_deadline() {
            return Flow::Stop;
        }
        // What the house's tuples depend on: its candidates, and which cells are solved.
        let input = || {
            let mut solved = B::Mask::ZERO;
            let mut v = Vec::with_capacity(B::N + 1);
            for (i, &c) in topo.house(h).iter().enumerate() {
                v.push(s.get(c as usize));
                if s.is_solved(c as usize) {
                    solved |= B::Mask::bit(i);
                }
            }
            v.push(solved);
            v
        };
        let what = (t, cfg.subset_budget);
        let flow = misses::skip_or_run(Finder::Tuples, h, what, input, sink, |sink| {
            HouseView::new(s, h).tuples(hidden, k, bound, sink)
        });
        if flow == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// A full tuple sweep: every naked and hidden tuple of every size `2..=max` in every house
/// (within `bound` per house and kind: see [`locked_sets`]).
pub fn sweep<B: Basis>(s: &State<B>, max: usize, bound: Bound, sink: &mut Sink) -> Flow {
    for h in 0..B::topology().houses() {
        if HouseView::new(s, h).sweep(max, bound, sink) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Slow, obviously correct tuple finders: every k-subset, straight from the definitions.
pub mod reference {
    use super::super::{Candidate, Deduction, Evidence, State, Technique};
    use crate::basis::Basis;
    use crate::mask::Mask;
    use itertools::Itertools;

    /// Every naked tuple of size `k`: k open cells of a house whose candidates together are
    /// exactly k digits, with at least one elimination.
    pub fn naked<B: Basis>(s: &State<B>, k: usize) -> Vec<Deduction> {
        let t = B::topology();
        let mut out = Vec::new();
        for h in 0..t.houses() {
            let open: Vec<usize> = t
                .house(h)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !s.is_solved(c))
                .collect();
            for tuple in open.iter().copied().combinations(k) {
                let mut digits = B::Mask::ZERO;
                for &c in &tuple {
                    digits |= s.get(c);
                }
                if digits.count() as usize != k {
                    continue;
                }
                let mut elims = Vec::new();
                for &c in open.iter().filter(|c| !tuple.contains(c)) {
                    for d in (s.get(c) & digits).iter() {
                        elims.push(Candidate::new(c, d));
                    }
                }
                push(
                    &mut out,
                    Technique::NakedTuple(k as u8),
                    h,
                    tuple,
                    digits,
                    elims,
                );
            }
        }
        out
    }

    /// Every hidden tuple of size `k`: k digits not placed in a house that together occupy
    /// exactly k open cells, with at least one elimination.
    pub fn hidden<B: Basis>(s: &State<B>, k: usize) -> Vec<Deduction> {
        let t = B::topology();
        let mut out = Vec::new();
        for h in 0..t.houses() {
            let open: Vec<usize> = t
                .house(h)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !s.is_solved(c))
                .collect();
            let placed: Vec<usize> = t
                .house(h)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| s.is_solved(c))
                .map(|c| s.get(c).first())
                .collect();
            let digits: Vec<usize> = (0..B::N).filter(|d| !placed.contains(d)).collect();
            for tuple in digits.iter().copied().combinations(k) {
                let cells: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| tuple.iter().any(|&d| s.get(c).has(d)))
                    .collect();
                if cells.len() != k {
                    continue;
                }
                let mut elims = Vec::new();
                for &c in &cells {
                    for d in s.get(c).iter().filter(|d| !tuple.contains(d)) {
                        elims.push(Candidate::new(c, d));
                    }
                }
                let mut dm = B::Mask::ZERO;
                for &d in &tuple {
                    dm |= B::Mask::bit(d);
                }
                push(
                    &mut out,
                    Technique::HiddenTuple(k as u8),
                    h,
                    cells,
                    dm,
                    elims,
                );
            }
        }
        out
    }

    fn push<M: Mask>(
        out: &mut Vec<Deduction>,
        technique: Technique,
        house: usize,
        mut cells: Vec<usize>,
        digits: M,
        mut eliminations: Vec<Candidate>,
    ) {
        if eliminations.is_empty() {
            return;
        }
        eliminations.sort();
        cells.sort();
        out.push(Deduction {
            technique,
            placements: Vec::new(),
            eliminations,
            evidence: Evidence {
                houses: vec![house as u16],
                cells: cells.into_iter().map(|c| c as u16).collect(),
                digits: digits.iter().map(|d| d as u8).collect(),
                ..Evidence::default()
            },
        });
    }
}
