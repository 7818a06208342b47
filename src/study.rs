//! The tuple-size study: which naked and hidden tuple sizes pay at basis K, and what they cost.
//!
//! Each puzzle is first reduced by singles and locked candidates (the engine's own propagation),
//! since that is where tuples would be tried. On that grid, for every size k and each kind, the
//! study counts the houses scanned, the subsets the enumeration examined there, the tuples
//! there (k cells with k digits, or k digits in k cells, whether they eliminate or not), the
//! tuples that eliminate, the eliminations, and the time of the finder. A tuple that splits
//! into smaller deductions is those: one that holds a smaller tuple of its kind is that one
//! and, once it is applied, another smaller one, and so is one whose other side (below) holds
//! a tuple that leaves a smaller one. The eliminations of the *minimal* tuples, which split
//! into none, are counted apart, as the deductions that need size k.
//!
//! In a house of m open cells a naked k-tuple and the hidden (m − k)-tuple of the other cells
//! are one deduction (the same eliminations), and so are a hidden k-tuple and the naked
//! (m − k)-tuple. Each is counted once, at its smaller size, so that no deduction is counted
//! twice: size k of a house counts where 2k < m, and where 2k = m as naked only. A hidden
//! tuple whose cells lie in a line and a box, its digits in no other cell of either, is one
//! deduction in both: counted once, and not at all where the other house has it as the
//! complement of a naked tuple no larger. Eliminations are still summed over tuples: a
//! candidate that two tuples remove (or a naked pair, in its row and in its box, where it
//! removes other candidates) counts for each. The finder's time is its whole time at size k (it
//! finds the larger sides too, through their duals).
//!
//! Then, for each cap `k_max` on the tuple size, it reduces with singles, locked candidates and
//! tuples up to `k_max` before the search, and records the search nodes and the total time to
//! solve (each grid counted once untimed first, so that the first cap does not pay for a cold
//! start).

use crate::basis::Basis;
use crate::grid::Grid;
use crate::logic::subsets::{locked_sets_examined, Bound, HouseView};
use crate::logic::{self, Flow, State, Technique};
use crate::mask::Mask;
use crate::solver::{SolveOptions, Solver};
use hashbrown::HashSet;
use std::time::Instant;

/// Which tuples a row counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TupleKind {
    /// k cells of a house holding k digits between them.
    #[default]
    Naked,
    /// k digits of a house with k places between them.
    Hidden,
}

impl TupleKind {
    /// The technique that finds tuples of this kind and size `k`.
    pub fn technique(self, k: usize) -> Technique {
        match self {
            TupleKind::Naked => Technique::NakedTuple(k as u8),
            TupleKind::Hidden => Technique::HiddenTuple(k as u8),
        }
    }
}

impl std::fmt::Display for TupleKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TupleKind::Naked => "naked",
            TupleKind::Hidden => "hidden",
        })
    }
}

/// Counters of one tuple kind and size over a set of puzzles.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct TupleRow {
    /// Basis K.
    pub basis: usize,
    /// Naked or hidden.
    pub kind: TupleKind,
    /// Tuple size.
    pub k: usize,
    /// Puzzles studied.
    pub puzzles: usize,
    /// Houses where size k is the smaller side of a tuple and its complement: more than 2k
    /// open cells, or exactly 2k for naked tuples (see the module doc).
    pub houses: u64,
    /// Subsets the enumeration examined there (extensions of a partial subset by one item).
    pub subsets: u64,
    /// Tuples present, eliminating or not (a hidden tuple of a line and a box once).
    pub tuples: u64,
    /// Tuples that eliminate at least one candidate (as the finder reports them, a hidden
    /// tuple of a line and a box once).
    pub eliminating: u64,
    /// Candidates eliminated, summed over those tuples.
    pub eliminations: u64,
    /// Eliminating tuples that split into no smaller deductions. One that holds a smaller
    /// tuple of its kind in the house (k cells holding a naked k′-tuple) is two: with the
    /// k′-tuple applied, the rest is a (k − k′)-tuple. So is one whose other side holds a
    /// j-tuple of the other kind, with m − 2k < j < k in a house of m open cells (at 2k = m,
    /// any j): the j-tuple, then an (m − k − j)-tuple. So these are the deductions of size k.
    pub minimal_eliminating: u64,
    /// Candidates eliminated, summed over the minimal tuples.
    pub minimal_eliminations: u64,
    /// Time of the finder, in microseconds, summed over the puzzles.
    #[serde(serialize_with = "tenths")]
    pub time_us: f64,
}

/// The search with tuples up to `k_max` applied before it.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct CapRow {
    /// Basis K.
    pub basis: usize,
    /// Largest tuple size used (0: none, singles and locked candidates only).
    pub k_max: usize,
    /// Puzzles studied (each with one solution).
    pub puzzles: usize,
    /// Puzzles the logic alone solved.
    pub solved_by_logic: usize,
    /// Search nodes, summed.
    pub nodes: u64,
    /// Reduction plus search, in microseconds, summed.
    #[serde(serialize_with = "tenths")]
    pub time_us: f64,
}

/// A time written to a tenth of a microsecond, as the CSV has it: the float noise of a sum
/// (`735.0379999999999`) is not part of the measurement.
fn tenths<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((x * 10.0).round() / 10.0)
}

/// Study `grids` (puzzles of basis `B`) for tuple sizes `2..=k_max`, at most N/2 (a larger
/// tuple is the complement of a smaller one, counted there). Each time is the fastest of
/// `trials` runs (at least one): a single run can take a preemption, milliseconds against a
/// finder's microseconds.
pub fn tuples<B: Basis>(
    grids: &[Grid<B>],
    k_max: usize,
    trials: usize,
) -> (Vec<TupleRow>, Vec<CapRow>) {
    let k_max = k_max.min(B::N / 2);
    let trials = trials.max(1);
    // Exact counts: no budget cuts a house's subset search short, as none cuts `tuples`.
    let cfg = logic::Config {
        subset_budget: u64::MAX,
        ..logic::Config::default()
    };
    let base = [Technique::SINGLES.as_slice(), &Technique::LOCKED_CANDIDATES].concat();
    let mut rows: Vec<TupleRow> = Vec::new();
    for k in 2..=k_max {
        for kind in [TupleKind::Naked, TupleKind::Hidden] {
            rows.push(TupleRow {
                basis: B::K,
                kind,
                k,
                ..Default::default()
            });
        }
    }
    let mut caps: Vec<CapRow> = std::iter::once(0)
        .chain(2..=k_max)
        .map(|k| CapRow {
            basis: B::K,
            k_max: k,
            ..Default::default()
        })
        .collect();
    for g in grids {
        let Ok(mut s) = State::new(*g) else {
            continue;
        };
        if logic::engine::reduce(&mut s, &base, &cfg).is_err() {
            continue;
        }
        count_tuples(&s, &mut rows, &cfg, trials);
        time_caps(g, &base, &mut caps, &cfg, trials);
    }
    (rows, caps)
}

/// Add to `rows` the tuples of `s`, a grid reduced by singles and locked candidates: per
/// kind and size, the houses where that size is counted, the subsets examined there, the
/// tuples, and what the finder eliminates (timed, the fastest of `trials` runs), in all and
/// by minimal tuples. `rows` go by increasing size, so a tuple's smaller ones are known.
fn count_tuples<B: Basis>(s: &State<B>, rows: &mut [TupleRow], cfg: &logic::Config, trials: usize) {
    let views: Vec<_> = (0..B::topology().houses())
        .map(|h| HouseView::new(s, h))
        .collect();
    // Per kind and house, the tuples found at smaller sizes (item masks: cells for naked,
    // digits for hidden); a tuple holding one of them is not minimal.
    let mut smaller: [Vec<Vec<B::Mask>>; 2] = std::array::from_fn(|_| vec![vec![]; views.len()]);
    for r in rows.iter_mut() {
        r.puzzles += 1;
        let hidden = r.kind == TupleKind::Hidden;
        let counted = |v: &HouseView<B::Mask>| smaller_side(r.k, hidden, v.open());
        // The tuples that are not minimal, as the finder names them.
        let mut holding: HashSet<Named> = HashSet::new();
        // Hidden tuples met so far: one in a line and a box is one deduction, counted once.
        let mut seen: HashSet<Named> = HashSet::new();
        for v in views.iter().filter(|v| counted(v)) {
            r.houses += 1;
            let items = if hidden { &v.places } else { &v.cands };
            let known = &mut smaller[hidden as usize][v.house];
            let mut new = Vec::new();
            let (_, examined) = locked_sets_examined(
                items,
                r.k,
                r.k,
                Bound::subsets(u64::MAX),
                &mut |chosen, _| {
                    let name = named(v, hidden, chosen);
                    if !hidden || once_here(&views, v.house, &name, &mut seen) {
                        r.tuples += 1;
                    }
                    if known.iter().any(|&t| t & !chosen == B::Mask::ZERO)
                        || other_side_splits(v, hidden, chosen, r.k)
                    {
                        holding.insert(name);
                    }
                    new.push(chosen);
                    Flow::Continue
                },
            );
            known.extend(new);
            r.subsets += examined;
        }
        let (mut found, us) = fastest(trials, || logic::find_all(s, r.kind.technique(r.k), cfg));
        r.time_us += us;
        found.retain(|d| counted(&views[d.evidence.houses[0] as usize]));
        let name = |d: &logic::Deduction| -> Named {
            let e = &d.evidence;
            let house = if hidden { None } else { Some(e.houses[0]) };
            (house, e.cells.clone(), e.digits.clone())
        };
        let mut once = HashSet::new();
        found.retain(|d| {
            !hidden || once_here(&views, d.evidence.houses[0] as usize, &name(d), &mut once)
        });
        let size = |d: &logic::Deduction| d.eliminations.len() as u64;
        r.eliminating += found.len() as u64;
        r.eliminations += found.iter().map(size).sum::<u64>();
        found.retain(|d| !holding.contains(&name(d)));
        r.minimal_eliminating += found.len() as u64;
        r.minimal_eliminations += found.iter().map(size).sum::<u64>();
    }
}

/// Whether the hidden tuple `name`, met in `house`, is counted there: not met before (in
/// the line or box its cells share) and no naked tuple of another house (its complement
/// there, where its cells and digits make a hidden tuple too) at no larger a size (and not
/// none: a house of k open cells, all its own, has nothing to eliminate), as the
/// same deduction is counted at the smaller size and, at 2k = m, as naked.
fn once_here<M: Mask>(
    views: &[HouseView<M>],
    house: usize,
    name: &Named,
    seen: &mut HashSet<Named>,
) -> bool {
    let (_, cells, digits) = name;
    let k = cells.len();
    // Where the tuple's cells and digits are a hidden tuple too: a house holding all its
    // cells and no other place of its digits.
    let hidden_in = |v: &HouseView<M>| {
        cells.iter().all(|c| v.cells.contains(c))
            && (v.cells.iter().zip(&v.cands))
                .filter(|(c, _)| !cells.contains(c))
                .all(|(_, m)| digits.iter().all(|&d| !m.has(d as usize)))
    };
    let naked_elsewhere = views
        .iter()
        .any(|v| v.house != house && (k + 1..=2 * k).contains(&v.open()) && hidden_in(v));
    !naked_elsewhere && seen.insert(name.clone())
}

/// A tuple as one deduction: its house (none for a hidden tuple, which is the same deduction
/// in a line and a box when its cells lie in both), its cells and its digits, sorted.
type Named = (Option<u16>, Vec<u16>, Vec<u8>);

/// The tuple `chosen` (item indices of `v`: cells for naked, digits for hidden) as
/// [`Named`], as the finder's deduction names it.
fn named<M: Mask>(v: &HouseView<M>, hidden: bool, chosen: M) -> Named {
    let (cells, digits) = sides(v, hidden, chosen);
    let mut cells: Vec<u16> = cells.iter().map(|i| v.cells[i]).collect();
    cells.sort_unstable();
    let digits = digits.iter().map(|d| d as u8).collect();
    let house = (!hidden).then_some(v.house as u16);
    (house, cells, digits)
}

/// The tuple `chosen` of `v` as its open-cell indices and its digits.
fn sides<M: Mask>(v: &HouseView<M>, hidden: bool, chosen: M) -> (M, M) {
    let union = |of: &[M]| chosen.iter().fold(M::ZERO, |u, i| u | of[i]);
    if hidden {
        let digits = chosen.iter().map(|i| M::bit(v.digit_list[i] as usize));
        (union(&v.places), digits.fold(M::ZERO, |u, d| u | d))
    } else {
        (chosen, union(&v.cands))
    }
}

/// Whether the other side of the tuple `chosen` (size `k`) splits it into deductions all
/// smaller than `k`: the complement of a naked tuple (its house's other digits, in its other
/// cells) holding a hidden j-tuple, or that of a hidden tuple a naked one. The j-tuple and
/// what is left once it is applied, a tuple of m − k − j (m open cells), are both smaller
/// than `k` when m − 2k < j < k; at 2k = m that is any j, as where a naked quintuple's other
/// side is a hidden triple and two hidden singles.
fn other_side_splits<M: Mask>(v: &HouseView<M>, hidden: bool, chosen: M, k: usize) -> bool {
    let lo = (v.open() + 1).saturating_sub(2 * k).max(1);
    if lo >= k {
        return false;
    }
    let (cells, digits) = sides(v, hidden, chosen);
    // The other side's items: cells' candidates for a naked j-tuple, digits' places for a
    // hidden one (the other side's digits lie in its cells only, so no mask is needed).
    let items: Vec<M> = if hidden {
        (0..v.open())
            .filter(|&i| !cells.has(i))
            .map(|i| v.cands[i])
            .collect()
    } else {
        (v.digit_list.iter().zip(&v.places))
            .filter(|&(&d, _)| !digits.has(d as usize))
            .map(|(_, &p)| p)
            .collect()
    };
    let stop = &mut |_, _| Flow::Stop;
    locked_sets_examined(&items, lo, k - 1, Bound::subsets(u64::MAX), stop).0 == Flow::Stop
}

/// Add to `caps` the search of `g` after `base` and the tuples up to each cap: time (the
/// fastest of `trials` runs), nodes, and whether logic alone solved it.
fn time_caps<B: Basis>(
    g: &Grid<B>,
    base: &[Technique],
    caps: &mut [CapRow],
    cfg: &logic::Config,
    trials: usize,
) {
    let mut solver = Solver::<B>::new(SolveOptions {
        limit: 1,
        ..SolveOptions::default()
    });
    // Untimed once first: the first count of a grid would also pay for the solver's
    // buffers and a cold cache, all of it charged to the first cap (k_max 0).
    solver.count(g);
    for c in caps.iter_mut() {
        let mut list = base.to_vec();
        for k in 2..=c.k_max {
            list.push(TupleKind::Naked.technique(k));
            list.push(TupleKind::Hidden.technique(k));
        }
        list.sort_by_key(|t| t.order());
        let run = || {
            let mut st = State::new(*g).ok()?;
            logic::engine::reduce(&mut st, &list, cfg).ok()?;
            let count = solver.count(st.grid());
            Some((st, count))
        };
        let (Some((st, count)), us) = fastest(trials, run) else {
            continue;
        };
        c.time_us += us;
        c.puzzles += 1;
        c.solved_by_logic += st.is_complete() as usize;
        c.nodes += count.stats.nodes;
    }
}

/// What `run` returns (the same each time: it is deterministic) and the fastest of `trials`
/// runs of it, in microseconds.
fn fastest<R>(trials: usize, mut run: impl FnMut() -> R) -> (R, f64) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..trials.max(1) {
        let start = Instant::now();
        let r = run();
        best = best.min(start.elapsed().as_secs_f64() * 1e6);
        out = Some(r);
    }
    (out.expect("at least one trial"), best)
}

/// True when a tuple of size `k` (hidden or naked) in a house of `open` cells is counted at
/// that size: it is the smaller side of the tuple and its complement, or the two sides are
/// equal and it is naked.
fn smaller_side(k: usize, hidden: bool, open: usize) -> bool {
    2 * k < open || (2 * k == open && !hidden)
}

/// An SVG chart a person can open: the minimal tuples' eliminations per puzzle (left) and
/// finder time per puzzle (right) against the tuple size k, naked and hidden summed, one line
/// per basis. The lines differ in dash and colour both (a reader who cannot tell red from
/// green still tells them apart), and the figures are in words in its `<desc>` for a screen
/// reader.
pub fn svg(rows: &[TupleRow]) -> String {
    let mut bases: Vec<usize> = rows.iter().map(|r| r.basis).collect();
    bases.sort_unstable();
    bases.dedup();
    let k_hi = rows.iter().map(|r| r.k).max().unwrap_or(2).max(3);
    // (basis, k) -> (eliminations per puzzle, µs per puzzle)
    let series = |b: usize| -> Vec<(usize, f64, f64)> {
        (2..=k_hi)
            .filter_map(|k| {
                let rs: Vec<&TupleRow> = rows.iter().filter(|r| r.basis == b && r.k == k).collect();
                let p = rs.first()?.puzzles.max(1) as f64;
                let e: u64 = rs.iter().map(|r| r.minimal_eliminations).sum();
                let t: f64 = rs.iter().map(|r| r.time_us).sum();
                Some((k, e as f64 / p, t / p))
            })
            .collect()
    };
    // One colour for each of the nine bases 2..=10 the study takes.
    let colors = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
        "#7f7f7f",
    ];
    // And a dash each, in the same order.
    let dashes = [
        "",
        "8 4",
        "2 3",
        "8 3 2 3",
        "4 4",
        "1 2",
        "12 3",
        "6 2 2 2 2 2",
        "3 6",
    ];
    let dash = |i: usize| match dashes[i % dashes.len()] {
        "" => String::new(),
        d => format!(" stroke-dasharray=\"{d}\""),
    };
    let (w, h, pad) = (420.0, 300.0, 50.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"{}\" height=\"{}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n",
        2.0 * w + 20.0,
        h + 40.0
    );
    out.push_str(
        "<title>Minimal tuples' eliminations and finder time per puzzle against tuple size k, \
         one line per basis</title>\n",
    );
    let words: Vec<String> = bases
        .iter()
        .map(|&b| {
            let sizes: Vec<String> = series(b)
                .iter()
                .map(|(k, e, t)| format!("size {k}: {e:.2} eliminations, {t:.1} µs"))
                .collect();
            format!("{n}×{n}, a puzzle: {}.", sizes.join("; "), n = b * b)
        })
        .collect();
    out.push_str(&format!("<desc>{}</desc>\n", words.join("\n")));
    out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    let panels = [
        (0, "minimal tuples' eliminations per puzzle"),
        (1, "finder µs per puzzle"),
    ];
    for (panel, title) in panels {
        let x0 = panel as f64 * (w + 20.0);
        let vals: Vec<f64> = bases
            .iter()
            .flat_map(|&b| series(b))
            .map(|(_, e, t)| if panel == 0 { e } else { t })
            .collect();
        // Log scale: values span orders of magnitude across bases.
        let lo = vals
            .iter()
            .cloned()
            .filter(|v| *v > 0.0)
            .fold(f64::INFINITY, f64::min)
            .clamp(1e-3, 1.0);
        let hi = vals.iter().cloned().fold(lo * 10.0, f64::max);
        // Zero has no place on a log scale: it gets the bottom line, a decade below the
        // smallest value, labelled `0`.
        let zeros = vals.iter().any(|&v| v <= 0.0);
        let (l0, l1) = (lo.log10().floor() - f64::from(zeros), hi.log10().ceil());
        let px = |k: usize| x0 + pad + (k - 2) as f64 / (k_hi - 2) as f64 * (w - 1.5 * pad);
        let py = |v: f64| {
            let v = v.max(10f64.powf(l0));
            h - pad + 20.0 - (v.log10() - l0) / (l1 - l0).max(1.0) * (h - 1.5 * pad)
        };
        out.push_str(&format!(
            "<text x=\"{}\" y=\"18\" font-weight=\"bold\">{title} (log scale) against tuple \
             size k</text>\n",
            x0 + pad
        ));
        let mut e = l0;
        while e <= l1 {
            let y = py(10f64.powf(e));
            out.push_str(&format!(
                "<line x1=\"{}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
                 <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
                x0 + pad,
                px(k_hi),
                x0 + pad - 4.0,
                y + 4.0,
                if zeros && e == l0 {
                    "0".to_string()
                } else {
                    format!("1e{}", e as i32)
                }
            ));
            e += 1.0;
        }
        for k in 2..=k_hi {
            out.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{k}</text>\n",
                px(k),
                h - pad + 38.0
            ));
        }
        for (i, &b) in bases.iter().enumerate() {
            let (color, dash) = (colors[i % colors.len()], dash(i));
            let pts: Vec<(f64, f64)> = series(b)
                .iter()
                .map(|&(k, e, t)| (px(k), py(if panel == 0 { e } else { t })))
                .collect();
            let line: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
            out.push_str(&format!(
                "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\"{dash} \
                 points=\"{}\"/>\n",
                line.join(" ")
            ));
            // A dot at each measured size: where the line bends is where it was measured.
            for (x, y) in &pts {
                out.push_str(&format!(
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"2.5\" fill=\"{color}\"/>\n"
                ));
            }
            // The legend shows each line as drawn, its dash too.
            let (lx, ly) = (x0 + w - 90.0, 30.0 + 14.0 * i as f64);
            out.push_str(&format!(
                "<line x1=\"{lx:.1}\" x2=\"{:.1}\" y1=\"{ly:.1}\" y2=\"{ly:.1}\" \
                 stroke=\"{color}\" stroke-width=\"2\"{dash}/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" fill=\"{color}\">{n}×{n}</text>\n",
                lx + 24.0,
                lx + 30.0,
                ly + 4.0,
                n = b * b
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}
