//! The Pattern Overlay Method (POM): every digit seen as a whole, through its templates.
//!
//! A *template* of a digit is one legal placement of it: one cell in every row, column and box,
//! through cells where the digit is placed or still a candidate. The true solution places each
//! digit on one of its templates, so whatever holds for every template of a digit holds in the
//! solution. Templates capture every single-digit deduction at once (locked candidates, fish
//! of every size, coloring and X-cycles of one digit).
//!
//! On an empty grid a digit has (K!)^(2K) templates: 16 at K = 2, 46,656 at K = 3,
//! 110,075,314,176 at K = 4 and about 6.2·10^20 at K = 5. So templates are first *counted*
//! without listing them ([`count`]), and only digits with at most [`Config::pom_budget`]
//! templates are *listed* ([`templates`]). Digits over the budget are skipped and said so in
//! the [`Report`] (and by `nsudoku pom`); they take no part in any variant, which is sound
//! (they just contribute nothing). At 9×9 every digit is within any budget ≥ 46,656.
//!
//! # The variants, from weakest to strongest
//!
//! Each finds everything the one before it finds (at its fixed point):
//!
//! * [`Technique::Pom`] — *Template Delete / Template Set*, per digit on its own: a candidate
//!   that no template covers goes; a cell that every template covers gets the digit. Finds all
//!   single-digit logic (basic and finned fish, locked candidates, X-chains, X-cycles, coloring).
//! * [`Technique::PomRefined`] — as HoDoKu applies templates: a cell that every live template of
//!   digit `a` covers will hold `a`, so every template of another digit through it is dropped;
//!   repeated to a fixed point. Adds the interplay of digits through cells that are certain.
//! * [`Technique::PomCovers`] — *cell covers*: when every live template of digit `a` passes
//!   through one of 1, 2 or 3 pairwise unrelated cells, a template of another digit through
//!   all of those cells is impossible (it would leave `a` no place); to a fixed point. The
//!   one-cell covers are exactly the refined step, so this includes [`Technique::PomRefined`].
//! * [`Technique::PomExclusion`] — *pattern exclusion*: a template of digit `a` is impossible
//!   when some other digit `b` has no live template disjoint from it; to a fixed point. A
//!   cover of `a` inside a template of `b` leaves `a` no disjoint template, so this includes
//!   [`Technique::PomCovers`]; it is the strongest and the slowest (pairs of templates).
//!
//! Each variant reports one [`Deduction`] per digit with something to place or remove; the
//! evidence names the digit and, in the note, its template count (`247 templates`, or
//! `12 of 247 templates left` after a refinement), and in its `cuts` why the templates that
//! went did ([`TemplateCut`]: a cover or a clash of another digit's templates left).
//!
//! # Memory
//!
//! A listed digit takes T·N bytes for its templates plus T/8 bytes per candidate cell for the
//! per-cell template sets. With the default budget of 1,000,000 templates that is at most
//! 19 MB per digit at 9×9 (but 9×9 never exceeds 46,656 templates), about 35 MB at 16×16 and
//! 60 MB at 25×25. [`Technique::Pom`] holds one digit at a time; the other variants hold all
//! listed digits at once, so at most N times that (about 1.5 GB at 25×25 when every digit is
//! just under budget, which reduced grids are far from), and they stop listing at
//! [`Config::pom_memory`] (1 GiB by default). Counting is bounded separately by
//! [`MAX_COUNT_STATES`] (memory) and [`MAX_COUNT_WORK`] (time; as a technique, where the count
//! only decides whether to list, by `DECIDE_WORK`, about 0.1 s); a digit over either is
//! reported with an unknown count and skipped. Digits with the same candidate rows share one
//! count, and past [`Config::deadline`] no digit is counted or listed.

pub mod count;
pub mod memo;
pub mod templates;

pub use count::{
    count_templates, count_templates_limited, count_templates_until, TemplateCount,
    MAX_COUNT_STATES, MAX_COUNT_WORK,
};
pub use templates::Templates;

use super::{Candidate, Config, Deduction, Flow, Sink, State, Technique, TemplateCut};
use crate::basis::Basis;
use crate::mask::Mask;
use fixedbitset::FixedBitSet;

/// The four POM techniques, weakest first.
pub const VARIANTS: [Technique; 4] = [
    Technique::Pom,
    Technique::PomRefined,
    Technique::PomCovers,
    Technique::PomExclusion,
];

/// What became of one digit.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DigitReport {
    /// The digit, 0-based.
    pub digit: u8,
    /// Its exact template count on the state analysed.
    pub count: TemplateCount,
    /// Whether its templates were listed, and why not, as decided when they were.
    pub listing: Listing,
}

/// Whether a digit's templates were listed; when they were not, the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Listing {
    /// Listed: `live` templates left after the variant's refinement.
    Listed {
        /// Templates left.
        live: usize,
    },
    /// More templates than [`Config::pom_budget`].
    OverBudget,
    /// Within the budget, but over [`Config::pom_memory`] with the digits listed before it.
    OverMemory,
    /// Not counted within the counting's bounds of states and steps.
    Intractable,
    /// Not begun by the deadline.
    NotReached,
    /// Not asked for: the digits were only counted.
    CountOnly,
}

impl Listing {
    /// The templates left when listed.
    pub fn live(self) -> Option<usize> {
        match self {
            Listing::Listed { live } => Some(live),
            _ => None,
        }
    }
}

/// The outcome of one POM pass over every digit.
#[derive(Clone, Debug)]
pub struct Report {
    /// The variant run.
    pub variant: Technique,
    /// The budget: most templates listed per digit.
    pub budget: u64,
    /// One entry per digit, in digit order.
    pub digits: Vec<DigitReport>,
    /// The deductions, one per digit with something to place or remove.
    pub deductions: Vec<Deduction>,
    /// True when [`Config::deadline`] cut the run short: some digit was not reached, or the
    /// variant's joint step (refinement, covers, exclusion) stopped before its fixed point.
    /// The deductions still hold; there may be fewer.
    pub cut: bool,
}

impl Report {
    /// The digits whose templates were not listed: over the budget or the memory bound, not
    /// counted, or not reached by the deadline ([`Listing`] says which).
    pub fn skipped(&self) -> impl Iterator<Item = &DigitReport> {
        self.digits.iter().filter(|d| d.listing.live().is_none())
    }
}

/// For every digit, the columns of each row where it is placed or a candidate.
pub fn digit_rows<B: Basis>(s: &State<B>) -> Vec<Vec<B::Mask>> {
    let n = B::N;
    let mut rows = vec![vec![B::Mask::ZERO; n]; n];
    for cell in 0..B::CELLS {
        let (r, c) = (cell / n, cell % n);
        for d in s.get(cell).iter() {
            rows[d][r] |= B::Mask::bit(c);
        }
    }
    rows
}

/// The exact template count of every digit (the count-only pass; nothing is listed).
pub fn counts<B: Basis>(s: &State<B>) -> Vec<TemplateCount> {
    counts_until(s, None)
}

/// [`counts`], the digits not counted by the deadline left [`TemplateCount::NotReached`] (a
/// count under way is given up when it passes; a digit takes at most
/// [`count::MAX_COUNT_WORK`] steps, a second or two).
pub fn counts_until<B: Basis>(
    s: &State<B>,
    deadline: Option<std::time::Instant>,
) -> Vec<TemplateCount> {
    let rows = digit_rows(s);
    let mut out: Vec<TemplateCount> = Vec::with_capacity(rows.len());
    for (d, r) in rows.iter().enumerate() {
        let c = match earlier(&rows, d) {
            Some(e) => out[e],
            None if deadline.is_some_and(|t| std::time::Instant::now() >= t) => {
                TemplateCount::NotReached
            }
            None => count_templates_until(B::K, r, deadline),
        };
        out.push(c);
    }
    out
}

/// Steps of the counting DP allowed per digit when POM runs as a technique, where the count
/// only decides whether the digit is listed: about 0.1 s. Reduced grids need far fewer (a
/// generated 25×25 puzzle counts all its digits in 10 ms); sparse grids, where the count is
/// far over any budget, far more (the empty 25×25 grid 1.06·10^8 a digit).
const DECIDE_WORK: u64 = 5_000_000;

/// An earlier digit with the same candidate rows as digit `d`, whose count is `d`'s: on sparse
/// grids many digits have the same rows (on an empty grid, all of them), and counting costs the
/// most there.
fn earlier<M: PartialEq>(rows: &[Vec<M>], d: usize) -> Option<usize> {
    (0..d).find(|&e| rows[e] == rows[d])
}

/// Run one POM variant on every digit of `s`; `variant` is one of the four POM techniques
/// (anything else is treated as [`Technique::Pom`]).
pub fn analyze<B: Basis>(s: &State<B>, variant: Technique, cfg: &Config) -> Report {
    let mut deductions = Vec::new();
    let mut report = run(s, variant, cfg, &mut |d| {
        deductions.push(d);
        Flow::Continue
    });
    report.deductions = deductions;
    report
}

/// [`analyze`], handing each deduction to `sink` instead of the report (whose deductions stay
/// empty): a joint variant's reasons ([`cuts`]) are worked out only for the deductions the
/// sink takes before it says stop.
fn run<B: Basis>(s: &State<B>, variant: Technique, cfg: &Config, sink: &mut Sink) -> Report {
    let variant = match variant {
        Technique::PomRefined | Technique::PomCovers | Technique::PomExclusion => variant,
        _ => Technique::Pom,
    };
    let budget = cfg.pom_budget;
    let limit = usize::try_from(budget).unwrap_or(usize::MAX);
    let mut digits: Vec<DigitReport> = Vec::with_capacity(B::N);
    let mut deductions = Vec::new();
    let mut listed: Vec<Option<Templates>> = Vec::with_capacity(B::N);
    let mut priors: Vec<Option<memo::Prior>> = Vec::with_capacity(B::N);
    // Bytes of the listed digits held together (the joint variants keep every digit).
    let mut held = 0u128;
    let all_rows = digit_rows(s);
    for (d, rows) in all_rows.iter().enumerate() {
        let per_template = template_bytes::<B>(rows);
        let fits = |templates: u128| {
            templates.saturating_mul(per_template) <= (cfg.pom_memory as u128).saturating_sub(held)
        };
        let bound = template_bound::<B>(rows);
        let late = cfg.past_deadline();
        let (count, listing) = if late {
            (TemplateCount::NotReached, None)
        } else if bound <= budget as u128 && fits(bound) {
            // Listing is cheaper than the DP here, and its length is the exact count.
            let listing = memo::list(B::K, d, rows, usize::MAX).expect("no limit");
            (TemplateCount::Exact(listing.0.len() as u128), Some(listing))
        } else {
            let count = earlier(&all_rows, d).map_or_else(
                || {
                    memo::count(d, rows, || {
                        count_templates_limited(B::K, rows, MAX_COUNT_STATES, DECIDE_WORK)
                    })
                },
                |e| digits[e].count,
            );
            let listing = if count.within(budget) && count.exact().is_some_and(fits) {
                memo::list(B::K, d, rows, limit)
            } else {
                None
            };
            (count, listing)
        };
        let (tpl, prior) = listing.map_or((None, None), |(t, p)| (Some(t), p));
        let listing = match (&tpl, count) {
            (Some(t), _) => Listing::Listed {
                live: t.live_count(),
            },
            _ if late => Listing::NotReached,
            (None, TemplateCount::Intractable) => Listing::Intractable,
            (None, c) if c.within(budget) => Listing::OverMemory,
            (None, _) => Listing::OverBudget,
        };
        if let (Some(t), false) = (&tpl, variant == Technique::Pom) {
            held += t.len() as u128 * per_template;
        }
        // A digit left out at the deadline is the timeout's, told as such, not the budget's.
        if tpl.is_none() && !late {
            crate::logic::limits::note(|h| h.pom_digits += 1);
        }
        digits.push(DigitReport {
            digit: d as u8,
            count,
            listing,
        });
        if variant == Technique::Pom {
            // One digit at a time: nothing to share, so nothing to keep together.
            if let Some(t) = tpl {
                deductions.extend(deduce(s, variant, d, &t));
                memo::keep(d, t, prior, cfg.pom_memory);
            }
            listed.push(None);
            priors.push(None);
        } else {
            listed.push(tpl);
            priors.push(prior);
        }
    }
    let mut finished = true;
    if variant != Technique::Pom {
        // Each digit's covers at the fixed point, kept from its last round when there was one,
        // and who dropped what in this exclusion run.
        let covers_found;
        let mut killers: Killers = vec![Vec::new(); B::N];
        if variant == Technique::PomExclusion {
            for (k, t) in killers.iter_mut().zip(&listed) {
                *k = vec![NO_KILLER; t.as_ref().map_or(0, Templates::len)];
            }
        }
        (finished, covers_found) = match variant {
            Technique::PomRefined => refine(s, &mut listed, cfg),
            Technique::PomCovers => covers(s, &mut listed, cfg),
            _ => {
                let finished = exclusion(&mut listed, &mut priors, &mut killers, cfg);
                let done = finished.then(|| listed.iter().map(Option::is_some).collect());
                memo::set_excluded(done);
                (finished, None)
            }
        };
        let mut found = covers_found.unwrap_or_else(|| vec![None; B::N]);
        let mut hints = Hints {
            covers: &mut found,
            killers: &killers,
        };
        let mut flow = Flow::Continue;
        for (d, t) in listed.iter().enumerate() {
            let Some(t) = t else {
                continue;
            };
            digits[d].listing = Listing::Listed {
                live: t.live_count(),
            };
            if flow == Flow::Continue {
                if let Some(mut out) = deduce(s, variant, d, t) {
                    out.evidence.cuts = cuts(s, variant, d, &listed, &mut hints);
                    flow = sink(out);
                }
            }
        }
        for (d, (t, prior)) in listed.into_iter().zip(priors).enumerate() {
            if let Some(t) = t {
                memo::keep(d, t, prior, cfg.pom_memory);
            }
        }
    } else {
        for d in deductions.drain(..) {
            if sink(d) == Flow::Stop {
                break;
            }
        }
    }
    let cut = !finished || digits.iter().any(|d| d.listing == Listing::NotReached);
    Report {
        variant,
        budget,
        digits,
        deductions,
        cut,
    }
}

/// An upper bound on the templates of a digit without counting them: the product of the row
/// candidate counts, and the empty-grid count (K!)^(2K), both bound the count from above.
fn template_bound<B: Basis>(rows: &[B::Mask]) -> u128 {
    let fact: u128 = (1..=B::K as u128).product();
    let empty = fact.checked_pow(2 * B::K as u32).unwrap_or(u128::MAX);
    let mut product: u128 = 1;
    for r in rows {
        product = product.saturating_mul(r.count() as u128);
    }
    product.min(empty)
}

/// Bytes a listed template of a digit takes: one column per row, and one bit in the set of
/// each candidate cell (see [`Templates`]).
fn template_bytes<B: Basis>(rows: &[B::Mask]) -> u128 {
    let cells: u32 = rows.iter().map(|r| r.count()).sum();
    (B::N + cells.div_ceil(8) as usize) as u128
}

/// Report the deductions of POM variant `t` to `sink` (the finder registered in
/// [`crate::logic::find`]). Digits over the budget are skipped; [`analyze`] says which.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    let mut flow = Flow::Continue;
    run(s, t, cfg, &mut |d| {
        flow = sink(d);
        flow
    });
    flow
}

/// Template Delete / Template Set for digit `d` from its live templates.
fn deduce<B: Basis>(
    s: &State<B>,
    variant: Technique,
    d: usize,
    t: &Templates,
) -> Option<Deduction> {
    let mut out = Deduction::new(variant);
    let none_left = t.live.is_clear();
    for cell in 0..B::CELLS {
        if s.is_solved(cell) || !s.get(cell).has(d) {
            continue;
        }
        if none_left || !t.covers_some(cell) {
            out.eliminations.push(Candidate::new(cell, d));
        } else if t.covers_all(cell) {
            out.placements.push(Candidate::new(cell, d));
        }
    }
    if out.is_empty() {
        return None;
    }
    out.evidence.digits.push(d as u8);
    let live = t.live_count();
    out.evidence.note = Some(if live == t.len() {
        format!("{} template{}", live, if live == 1 { "" } else { "s" })
    } else {
        format!("{live} of {} templates left", t.len())
    });
    Some(out)
}

/// Why digit `d` lost the templates of `listed[d]` that are not live, as claims about the live
/// templates of the other digits (see [`TemplateCut`]): covers of theirs (`hints` holds each
/// digit's, found when first asked for) or clashes with all of them (`pom-exclusion`; a
/// template `hints` says a digit dropped is not checked against it again). The digits are
/// taken fewest live templates first (they explain the most: fewer templates are easier to
/// meet all of, and cheaper to check), each cover in order, and each reason keeps the lost
/// templates no reason before it explains, until all are. One always is: a lost template took
/// a cover of some digit's live templates, or met all of them, when it went, and still does,
/// live sets having only shrunk since. The reasons depend only on the live sets, never on the
/// hints, which only spare checks.
fn cuts<B: Basis>(
    s: &State<B>,
    variant: Technique,
    d: usize,
    listed: &[Option<Templates>],
    hints: &mut Hints,
) -> Vec<TemplateCut> {
    let td = listed[d].as_ref().expect("a listed digit");
    let mut left = FixedBitSet::with_capacity(td.len());
    left.insert_range(..);
    left.difference_with(&td.live);
    let mut order: Vec<(usize, &Templates)> = listed
        .iter()
        .enumerate()
        .filter_map(|(a, ta)| Some((a, ta.as_ref()?)))
        .filter(|&(a, _)| a != d)
        .collect();
    order.sort_by_key(|&(a, ta)| (ta.live_count(), a));
    let mut out = Vec::new();
    let mut take = |a: usize, cells: &[usize], set: &FixedBitSet, left: &mut FixedBitSet| {
        let dropped = set.count_ones(..);
        if dropped > 0 {
            left.difference_with(set);
            out.push(TemplateCut {
                by: a as u8,
                cells: cells.iter().map(|&c| c as u16).collect(),
                dropped,
            });
        }
    };
    for (a, ta) in order {
        if left.is_clear() {
            break;
        }
        // A digit left no template (the grid has no solution) clashes with every template.
        if variant == Technique::PomExclusion || ta.live.is_clear() {
            // Those `a` dropped in this run met all its live templates then, and so still do:
            // only the others are checked.
            let mut known = FixedBitSet::with_capacity(td.len());
            known.extend(
                left.ones()
                    .filter(|&t| hints.killers[d].get(t) == Some(&(a as u8))),
            );
            let mut rest = left.clone();
            rest.difference_with(&known);
            let mut hit = meeting_all(td, &rest, ta);
            hit.union_with(&known);
            take(a, &[], &hit, &mut left);
            continue;
        }
        let most = if variant == Technique::PomRefined {
            1
        } else {
            3
        };
        for cover in hints.covers[a]
            .get_or_insert_with(|| covers_of(s, ta, a, most))
            .iter()
        {
            // The templates of `d` through every cell of the cover, if `d` can take them all.
            let Some(sets) = cover
                .iter()
                .map(|&c| td.through(c))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let mut through = left.clone();
            for th in sets {
                let words = through.as_mut_slice().iter_mut();
                words.zip(th).for_each(|(x, &t)| *x &= t);
            }
            take(a, cover, &through, &mut left);
        }
    }
    debug_assert!(
        left.is_clear(),
        "a lost template of digit {d} without a reason"
    );
    out
}

/// Cells open for digit `d`: candidates not yet placed.
fn open_cells<B: Basis>(s: &State<B>, d: usize) -> Vec<usize> {
    (0..B::CELLS)
        .filter(|&c| !s.is_solved(c) && s.get(c).has(d))
        .collect()
}

/// Drop from every other listed digit the templates through `cells` (all of them); true when
/// something was dropped.
fn drop_through_all<B: Basis>(
    s: &State<B>,
    listed: &mut [Option<Templates>],
    a: usize,
    cells: &[usize],
) -> bool {
    let mut others = B::all() & !B::Mask::bit(a);
    for &c in cells {
        others &= s.get(c);
    }
    let mut changed = false;
    for b in others.iter() {
        let Some(tb) = listed[b].as_mut() else {
            continue;
        };
        let mut x: Option<Vec<usize>> = None;
        for &c in cells {
            let Some(th) = tb.through(c) else {
                x = None;
                break;
            };
            match &mut x {
                None => x = Some(th.to_vec()),
                Some(x) => x.iter_mut().zip(th).for_each(|(a, b)| *a &= b),
            }
        }
        if let Some(x) = x {
            changed |= tb.drop_set(&x);
        }
    }
    changed
}

/// Each listed digit's covers (cells, sorted) at a fixed point: what [`cuts`] names.
type Covers = Vec<Option<Vec<Vec<usize>>>>;

/// Per digit and template: the digit whose every live template it met when pattern exclusion
/// dropped it, or [`NO_KILLER`] (live, or dropped before this run); empty for the other
/// variants.
type Killers = Vec<Vec<u8>>;

/// No killer known (digits are below 225).
const NO_KILLER: u8 = u8::MAX;

/// What [`cuts`] may take from the run before it instead of working it out again.
struct Hints<'a> {
    /// Each digit's covers, filled in as asked for when the run left none.
    covers: &'a mut Covers,
    /// Who dropped what in the exclusion run (no killer for the other variants).
    killers: &'a Killers,
}

/// Refined templates: cells certain for one digit are closed to the others, to a fixed point.
/// False when cut by the deadline; else true, with each digit's certain cells at the fixed
/// point as covers of one cell.
fn refine<B: Basis>(
    s: &State<B>,
    listed: &mut [Option<Templates>],
    cfg: &Config,
) -> (bool, Option<Covers>) {
    drop_covers_to_fixed_point(s, listed, cfg, |ta, a| {
        open_cells(s, a)
            .into_iter()
            .filter(|&c| ta.covers_all(c))
            .map(|c| vec![c])
            .collect()
    })
}

/// Cell covers of 1, 2 or 3 cells, to a fixed point. False when cut by the deadline; else
/// true, with each digit's covers at the fixed point.
fn covers<B: Basis>(
    s: &State<B>,
    listed: &mut [Option<Templates>],
    cfg: &Config,
) -> (bool, Option<Covers>) {
    drop_covers_to_fixed_point(s, listed, cfg, |ta, a| covers_of(s, ta, a, 3))
}

/// Each listed digit's covers (`covers_of_digit` of its live templates) close their cells to
/// the others' templates, round after round until one drops nothing. False when cut by the
/// deadline; else true, with each digit's covers found in that last round.
fn drop_covers_to_fixed_point<B: Basis>(
    s: &State<B>,
    listed: &mut [Option<Templates>],
    cfg: &Config,
    covers_of_digit: impl Fn(&Templates, usize) -> Vec<Vec<usize>>,
) -> (bool, Option<Covers>) {
    loop {
        let mut changed = false;
        let mut found: Covers = vec![None; B::N];
        for a in 0..B::N {
            let Some(ta) = listed[a].as_ref() else {
                continue;
            };
            if cfg.past_deadline() {
                return (false, None);
            }
            let of_a = covers_of_digit(ta, a);
            for cover in &of_a {
                changed |= drop_through_all(s, listed, a, cover);
            }
            found[a] = Some(of_a);
        }
        // A round that dropped nothing found every digit's covers on the live sets it ends with.
        if !changed {
            return (true, Some(found));
        }
    }
}

/// The covers of digit `a`'s live templates `ta` of at most `most` (1 to 3) pairwise unrelated
/// open cells that some other digit could take all of, each sorted, without repeats, smallest
/// first; none when `a` has no template left. Every such cover holds one of them.
fn covers_of<B: Basis>(s: &State<B>, ta: &Templates, a: usize, most: usize) -> Vec<Vec<usize>> {
    let topo = B::topology();
    if ta.live.is_clear() {
        return Vec::new();
    }
    let cells = open_cells(s, a);
    let live = ta.live.as_slice();
    let mut found: Vec<Vec<usize>> = Vec::new();
    let other = |c: usize| s.get(c) & !B::Mask::bit(a);
    // A cover must meet every uncovered template, so its next cell is one of the N cells of
    // the first template still uncovered. The same cover can be reached in several orders:
    // covers are sorted and deduplicated.
    let first = |u: &[usize]| -> Option<usize> {
        let w = u.iter().position(|&w| w != 0)?;
        Some(w * templates::BITS + u[w].trailing_zeros() as usize)
    };
    for &c1 in &cells {
        let o1 = other(c1);
        if o1.is_empty() {
            continue;
        }
        let th1 = ta.through(c1).expect("a candidate cell");
        let u1: Vec<usize> = live.iter().zip(th1).map(|(l, t)| l & !t).collect();
        let Some(t1) = first(&u1) else {
            found.push(vec![c1]);
            continue;
        };
        if most < 2 {
            continue;
        }
        for c2 in ta.cells(t1) {
            let o2 = o1 & other(c2);
            if s.is_solved(c2) || o2.is_empty() || topo.sees(c1, c2) {
                continue;
            }
            // The templates c1 and c2 leave uncovered, u1 & !th2, word by word as needed,
            // from t1's word on (they are a subset of u1): most third cells fail on the first
            // word that differs, so building the set would cost more than testing it.
            let th2 = ta.through(c2).expect("a template cell");
            let u12 = |w: usize| u1[w] & !th2[w];
            let Some(w12) = (t1 / templates::BITS..u1.len()).find(|&w| u12(w) != 0) else {
                found.push(vec![c1, c2]);
                continue;
            };
            if most < 3 {
                continue;
            }
            let t12 = w12 * templates::BITS + u12(w12).trailing_zeros() as usize;
            for c3 in ta.cells(t12) {
                let o3 = o2 & other(c3);
                if s.is_solved(c3) || o3.is_empty() || topo.sees(c1, c3) || topo.sees(c2, c3) {
                    continue;
                }
                let th3 = ta.through(c3).expect("a template cell");
                if (w12..u1.len()).all(|w| u12(w) & !th3[w] == 0) {
                    found.push(vec![c1, c2, c3]);
                }
            }
        }
    }
    found.iter_mut().for_each(|c| c.sort_unstable());
    // Fewest cells first: a template through all cells of a cover is through all of any
    // smaller cover inside it, which then names it in the cuts.
    found.sort_unstable_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    found.dedup();
    found
}

/// True when some live template of `tb` avoids every cell of the template whose columns are
/// `cols` (one per row); `sets` is scratch. `*hint` is the template of `tb` found last:
/// templates listed one after another share most of their cells, so it is most often disjoint
/// from the next one too, and is tried first (a byte compare per row, where the word scan
/// gathers a template set per cell); the scan starts at its word and leaves `*hint` on the
/// template it finds. The answer does not depend on the hint.
fn has_disjoint<'a>(
    tb: &'a Templates,
    cols: &[u8],
    sets: &mut Vec<&'a [usize]>,
    hint: &mut usize,
) -> bool {
    if tb.live.contains(*hint) && disjoint(cols, tb.cols(*hint)) {
        return true;
    }
    let n = cols.len();
    sets.clear();
    sets.extend(
        cols.iter()
            .enumerate()
            .filter_map(|(r, &c)| tb.through(r * n + c as usize)),
    );
    let live = tb.live.as_slice();
    let start = (*hint / templates::BITS).min(live.len());
    'word: for w in (start..live.len()).chain(0..start) {
        let mut x = live[w];
        for s in sets.iter() {
            x &= !s[w];
            if x == 0 {
                continue 'word;
            }
        }
        *hint = w * templates::BITS + x.trailing_zeros() as usize;
        return true;
    }
    false
}

/// True when two templates of different digits share no cell: no row where they take the same
/// column.
fn disjoint(a: &[u8], b: &[u8]) -> bool {
    // No early exit: a whole template's compares run as a few vector instructions.
    !a.iter().zip(b).fold(false, |same, (x, y)| same | (x == y))
}

/// Below this many live templates of `b`, [`meeting_all`] finds the templates of `a` that
/// every one of them meets in bulk ([`hit_by_all`]: per template of `b`, the union of `a`'s
/// per-cell template sets over its N cells), instead of looking for a disjoint one per
/// template of `a` ([`has_disjoint`]: N cells and at least one word of `b`'s live set, per
/// template of `a`).
/// The bulk costs |b|·N·|a|/64 word operations against at least |a|·N. With the last partner
/// tried first, the per-template path from 16 live templates up did not pay either: the 64×64
/// fixture's explanation 22.6 → 23.1 s, the hard 25×25 of `examples/` 10.9 → 11.5 s.
const BULK_BELOW: usize = 128;

/// The templates of `ta` in `among` that meet every live template of `tb` (all of them when
/// `tb` has none): those with no disjoint template in `tb`.
fn meeting_all(ta: &Templates, among: &FixedBitSet, tb: &Templates) -> FixedBitSet {
    if tb.live_count() >= BULK_BELOW {
        // Scratch per pair: it borrows from `tb`.
        let (mut sets, mut hint) = (Vec::new(), 0);
        let mut out = FixedBitSet::with_capacity(ta.len());
        out.extend(
            among
                .ones()
                .filter(|&t| !has_disjoint(tb, ta.cols(t), &mut sets, &mut hint)),
        );
        return out;
    }
    hit_by_all(ta, among, tb)
}

/// [`meeting_all`] in bulk: per live template of `tb`, the templates of `ta` through its cells.
fn hit_by_all(ta: &Templates, among: &FixedBitSet, tb: &Templates) -> FixedBitSet {
    let mut all = among.clone();
    let mut hit = vec![0usize; all.as_slice().len()];
    for u in tb.live.ones() {
        hit.fill(0);
        for c in tb.cells(u) {
            if let Some(s) = ta.through(c) {
                hit.iter_mut().zip(s).for_each(|(h, &x)| *h |= x);
            }
        }
        let mut any = 0;
        for (x, &h) in all.as_mut_slice().iter_mut().zip(&hit) {
            *x &= h;
            any |= *x;
        }
        if any == 0 {
            break;
        }
    }
    all
}

/// Pattern exclusion: a template of `a` with no disjoint live template of some `b` goes; to a
/// fixed point. `priors` hold the last fixed point where [`memo`] knows it: the search starts
/// there and checks again only what may have changed since, every digit against those that
/// lost templates, and a digit new to the fixed point (without a prior) against every other;
/// what it ends with is the new fixed point (a digit's prior then holds its live set, clean).
/// False when cut by the deadline, leaving templates live that the fixed point would drop,
/// still all the possible ones. The dearest variant: up to 2.5 s on the givens of a generated
/// 25×25 puzzle (`nsudoku pom --variant pom-exclusion` on gen_g280_10; 5.3 s before the bulk
/// test and the scan hint). Trying the last partner found first took line 1 there from 1.41
/// to 0.90 s, and an explanation of a 64×64 puzzle (tests/data/64x64_generated.txt) from
/// 42.9 to 25.2 s, most of it the first, cold run (non-LTO builds, the same output).
fn exclusion(
    listed: &mut [Option<Templates>],
    priors: &mut [Option<memo::Prior>],
    killers: &mut Killers,
    cfg: &Config,
) -> bool {
    let n = listed.len();
    // Warm only when every digit of the last fixed point is listed now with its prior.
    let known = memo::excluded()
        .filter(|k| (0..n).all(|d| !k[d] || (listed[d].is_some() && priors[d].is_some())));
    let (mut dirty, mut fresh) = (vec![false; n], vec![false; n]);
    for d in 0..n {
        let Some(t) = listed[d].as_mut() else {
            continue;
        };
        match (&known, priors[d].take()) {
            (Some(k), Some(p)) if k[d] => {
                t.live = p.live;
                dirty[d] = p.dirty;
            }
            _ => (dirty[d], fresh[d]) = (true, true),
        }
    }
    let mut dead = Vec::new();
    // A fresh digit's templates were never checked against the clean digits, which the queue
    // below does not take up again (cold, every digit is fresh and none is clean).
    let clean: Vec<usize> = (0..n)
        .filter(|&b| listed[b].is_some() && !dirty[b])
        .collect();
    for a in (0..n).filter(|&a| fresh[a]) {
        for &b in &clean {
            if cfg.past_deadline() {
                return false;
            }
            // `a` is dirty already: what it loses is checked below.
            exclude(listed, a, b, &mut dead, killers);
        }
    }
    let mut queue: Vec<usize> = (0..n).filter(|&d| dirty[d]).collect();
    while let Some(b) = queue.pop() {
        dirty[b] = false;
        for (a, queued) in dirty.iter_mut().enumerate() {
            if cfg.past_deadline() {
                return false;
            }
            if exclude(listed, a, b, &mut dead, killers) && !*queued {
                *queued = true;
                queue.push(a);
            }
        }
    }
    for (t, p) in listed.iter().zip(priors.iter_mut()) {
        *p = t.as_ref().map(|t| memo::Prior {
            live: t.live.clone(),
            dirty: false,
        });
    }
    true
}

/// Drop the live templates of digit `a` that meet every live template of digit `b` (`dead` is
/// scratch), `b` their killer; true when any went. Nothing happens unless both are listed and
/// differ.
fn exclude(
    listed: &mut [Option<Templates>],
    a: usize,
    b: usize,
    dead: &mut Vec<usize>,
    killers: &mut Killers,
) -> bool {
    let (Some(ta), Some(tb)) = (&listed[a], &listed[b]) else {
        return false;
    };
    if a == b {
        return false;
    }
    dead.clear();
    dead.extend(meeting_all(ta, &ta.live, tb).ones());
    let ta = listed[a].as_mut().expect("listed");
    for &t in dead.iter() {
        ta.live.set(t, false);
        killers[a][t] = b as u8;
    }
    !dead.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Templates of one digit on 9×9 rows with the given cells left out, every `keep`-th
    /// template live.
    fn templates(dropped: &[u8], keep: usize) -> Templates {
        let mut rows = vec![0x1ffu16; 9];
        for &c in dropped {
            rows[c as usize / 9] &= !(1 << (c % 9));
        }
        let mut t = Templates::enumerate(3, &rows, usize::MAX).expect("no limit");
        for i in 0..t.len() {
            t.live.set(i, i % keep == 0);
        }
        t
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// The bulk test and the per-template one agree, wherever the scan starts.
        #[test]
        fn bulk_and_per_template_exclusion_agree(
            da in prop::collection::vec(0u8..81, 20..40),
            db in prop::collection::vec(0u8..81, 30..45),
            ka in 1usize..4,
            kb in 1usize..200,
            hint in 0usize..100,
        ) {
            let (ta, tb) = (templates(&da, ka), templates(&db, kb));
            let (mut sets, mut h) = (Vec::new(), hint);
            let per: Vec<usize> = ta
                .live
                .ones()
                .filter(|&t| !has_disjoint(&tb, ta.cols(t), &mut sets, &mut h))
                .collect();
            let from_start: Vec<usize> = ta
                .live
                .ones()
                .filter(|&t| !has_disjoint(&tb, ta.cols(t), &mut sets, &mut 0))
                .collect();
            prop_assert_eq!(&per, &from_start);
            prop_assert_eq!(hit_by_all(&ta, &ta.live, &tb).ones().collect::<Vec<_>>(), per);
        }
    }
}
