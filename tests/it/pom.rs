//! Pattern Overlay Method: the checks from the POM write-ups, counting against listing, and
//! soundness of every POM deduction against the known solution.

use nsudoku::basis::{B3, B4};
use nsudoku::logic::pom::{self, count_templates, Listing, TemplateCount, Templates};
use nsudoku::logic::{check, engine, Candidate, Config, Deduction, State, Technique};
use nsudoku::{input, solve, Basis, Grid, Mask};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn state<B: Basis>(line: &str) -> (State<B>, input::Puzzle) {
    let p = input::read_one(line, Default::default()).unwrap();
    (State::new(Grid::from_masks(&p.masks)).unwrap(), p)
}

fn puzzles(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn write_up_example() {
    let (s, _) = state::<B3>(
        ".............61.47....48.52..........15..2..6.74.5..18..........28.75..4.56.34.21",
    );
    let r = pom::analyze(&s, Technique::Pom, &Config::default());
    assert!(r.digits.iter().all(|d| d.listing.live().is_some()));
    let of = |digit: u8| -> &Deduction {
        r.deductions
            .iter()
            .find(|d| d.evidence.digits == [digit])
            .unwrap()
    };
    // Digit 3 (index 2): the 3s go from r1c1 and r4c4.
    let three: BTreeSet<_> = of(2).eliminations.iter().copied().collect();
    assert!(three.contains(&Candidate::new(0, 2)));
    assert!(three.contains(&Candidate::new(3 * 9 + 3, 2)));
    // Digit 9 alone gives 20 eliminations.
    assert_eq!(of(8).eliminations.len(), 20);
    assert!(of(8).placements.is_empty());
    let t = B3::topology();
    assert!(of(2)
        .describe(t, nsudoku::Alphabet::Standard)
        .starts_with("Pattern Overlay: digit 3 ("));
}

#[test]
fn empty_grid_counts() {
    let expect = [
        (2, 16u128),
        (3, 46_656),
        (4, 110_075_314_176),
        (5, 619_173_642_240_000_000_000),
    ];
    for (k, want) in expect {
        let n = k * k;
        let rows = vec![u128::low(n); n];
        assert_eq!(
            count_templates(k, &rows),
            TemplateCount::Exact(want),
            "K = {k}"
        );
    }
    // (5!)^10 = 6.19·10^20, the figure quoted.
    assert_eq!(120u128.pow(10), 619_173_642_240_000_000_000);
}

#[test]
fn empty_grid_listing_and_budget() {
    let s = State::<B3>::new(Grid::empty()).unwrap();
    let r = pom::analyze(&s, Technique::Pom, &Config::default());
    assert!(r
        .digits
        .iter()
        .all(|d| d.listing == Listing::Listed { live: 46_656 }));
    assert!(r.deductions.is_empty());
    let small = Config {
        pom_budget: 46_655,
        ..Config::default()
    };
    let r = pom::analyze(&s, Technique::Pom, &small);
    assert_eq!(r.skipped().count(), 9);
    assert!(r.skipped().all(|d| d.listing == Listing::OverBudget));
    assert!(r
        .digits
        .iter()
        .all(|d| d.count == TemplateCount::Exact(46_656)));
}

/// Every template by brute force over all column choices (K = 2 only).
fn brute_force_k2(rows: &[u16]) -> usize {
    let mut n = 0;
    for code in 0..256u32 {
        let cols: Vec<usize> = (0..4).map(|r| (code >> (2 * r)) as usize & 3).collect();
        let ok_rows = (0..4).all(|r| rows[r] & (1 << cols[r]) != 0);
        let distinct = |f: &dyn Fn(usize) -> usize| {
            let mut seen = 0u16;
            (0..4).all(|r| {
                let b = 1 << f(r);
                let fresh = seen & b == 0;
                seen |= b;
                fresh
            })
        };
        if ok_rows && distinct(&|r| cols[r]) && distinct(&|r| (r / 2) * 2 + cols[r] / 2) {
            n += 1;
        }
    }
    n
}

proptest! {
    #[test]
    fn count_matches_listing_k2(rows in prop::collection::vec(0u16..16, 4)) {
        let listed = Templates::enumerate(2, &rows, usize::MAX).unwrap().len();
        prop_assert_eq!(listed, brute_force_k2(&rows));
        prop_assert_eq!(count_templates(2, &rows), TemplateCount::Exact(listed as u128));
    }

    #[test]
    fn count_matches_listing_k3(
        rows in prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.6), 9), 9)
    ) {
        let rows: Vec<u16> = rows
            .iter()
            .map(|r| r.iter().enumerate().filter(|(_, &b)| b).map(|(i, _)| 1u16 << i).sum())
            .collect();
        let t = Templates::enumerate(3, &rows, usize::MAX).unwrap();
        prop_assert_eq!(count_templates(3, &rows), TemplateCount::Exact(t.len() as u128));
        // Every listed template is legal and goes through candidate cells only.
        for i in 0..t.len() {
            let cells: Vec<usize> = t.cells(i).collect();
            for (r, &c) in cells.iter().enumerate() {
                prop_assert!(rows[r] & (1 << (c % 9)) != 0);
            }
            let topo = B3::topology();
            for a in 0..9 {
                for b in a + 1..9 {
                    prop_assert!(!topo.sees(cells[a], cells[b]));
                }
            }
        }
    }
}

/// All deductions of every variant on `s`, each checked against `solution`; returns the
/// candidates each variant places or removes, weakest variant first.
fn check_variants<B: Basis>(
    s: &State<B>,
    solution: &[u8],
    cfg: &Config,
) -> Vec<BTreeSet<(bool, Candidate)>> {
    let mut out = Vec::new();
    for v in pom::VARIANTS {
        let r = pom::analyze(s, v, cfg);
        let mut found = BTreeSet::new();
        for d in &r.deductions {
            assert_eq!(d.technique, v);
            check::check_in_state(s, solution, d).unwrap();
            found.extend(d.eliminations.iter().map(|&c| (false, c)));
            found.extend(d.placements.iter().map(|&c| (true, c)));
        }
        out.push(found);
    }
    out
}

#[test]
fn sound_on_9x9_fixtures_and_variants_nest() {
    let cfg = Config::default();
    let mut stronger = 0;
    for line in puzzles(include_str!("../data/pom_9x9.txt")) {
        let (mut s, p) = state::<B3>(line);
        let solution = solve::unique_solution(&p).unwrap();
        engine::reduce(&mut s, &Technique::SINGLES, &cfg).unwrap();
        let found = check_variants(&s, &solution, &cfg);
        for w in found.windows(2) {
            assert!(w[0].is_subset(&w[1]), "a stronger variant lost a deduction");
        }
        stronger += (found[3].len() > found[0].len()) as usize;
        // 9×9 is always within the default budget.
        assert_eq!(pom::analyze(&s, Technique::Pom, &cfg).skipped().count(), 0);
    }
    assert!(stronger > 0, "the refinements never added anything");
}

#[test]
fn solve_paths_with_pom_are_sound() {
    let cfg = Config::default();
    let mut ts = Technique::SINGLES.to_vec();
    ts.extend(pom::VARIANTS);
    let (mut pom_steps, mut solved) = (0, 0);
    for line in puzzles(include_str!("../data/pom_9x9.txt"))
        .into_iter()
        .take(12)
    {
        let (mut s, p) = state::<B3>(line);
        let solution = solve::unique_solution(&p).unwrap();
        let path = engine::solve_path(&mut s, &ts, &cfg, 2000);
        assert_ne!(path.end, engine::End::Contradiction);
        for d in &path.steps {
            check::check_deduction::<B3>(&solution, d).unwrap();
        }
        pom_steps += path
            .steps
            .iter()
            .filter(|d| pom::VARIANTS.contains(&d.technique))
            .count();
        solved += usize::from(path.end == engine::End::Solved);
    }
    // Else the paths could be singles alone, and nothing of POM checked.
    assert!(pom_steps > 12, "only {pom_steps} POM steps");
    assert!(solved > 0, "no path solved");
}

#[test]
fn sound_on_16x16_after_singles() {
    let cfg = Config::default();
    let sols = puzzles(include_str!("../data/pom_16x16.sol"));
    for (line, sol) in puzzles(include_str!("../data/pom_16x16.txt"))
        .into_iter()
        .zip(sols)
    {
        let (mut s, _) = state::<B4>(line);
        let solution = input::read_one(sol, Default::default()).unwrap().digits();
        engine::reduce(&mut s, &Technique::SINGLES, &cfg).unwrap();
        let r = pom::analyze(&s, Technique::Pom, &cfg);
        assert!(
            r.digits
                .iter()
                .filter(|d| d.listing.live().is_some())
                .count()
                > 8
        );
        let found = check_variants(&s, &solution, &cfg);
        assert!(!found[0].is_empty());
    }
}

/// Template Delete / Set by the obviously correct route: force or forbid the cell and count.
#[test]
fn per_digit_pom_matches_counting_reference() {
    let cfg = Config::default();
    for line in puzzles(include_str!("../data/pom_9x9.txt"))
        .into_iter()
        .take(15)
    {
        let (mut s, _) = state::<B3>(line);
        engine::reduce(&mut s, &Technique::SINGLES, &cfg).unwrap();
        let mut want = BTreeSet::new();
        for (d, rows) in pom::digit_rows(&s).iter().enumerate() {
            for cell in 0..81 {
                if s.is_solved(cell) || !s.get(cell).has(d) {
                    continue;
                }
                let (r, c) = (cell / 9, cell % 9);
                let mut forced = rows.clone();
                forced[r] = 1 << c;
                let mut forbidden = rows.clone();
                forbidden[r] &= !(1 << c);
                if count_templates(3, &forced) == TemplateCount::Exact(0) {
                    want.insert((false, Candidate::new(cell, d)));
                } else if count_templates(3, &forbidden) == TemplateCount::Exact(0) {
                    want.insert((true, Candidate::new(cell, d)));
                }
            }
        }
        let mut got = BTreeSet::new();
        for d in pom::analyze(&s, Technique::Pom, &cfg).deductions {
            got.extend(d.eliminations.iter().map(|&c| (false, c)));
            got.extend(d.placements.iter().map(|&c| (true, c)));
        }
        assert_eq!(got, want, "{line}");
    }
}

#[test]
fn sound_on_25x25_from_givens_with_skips_reported() {
    let cfg = Config {
        pom_budget: 100_000,
        ..Config::default()
    };
    let line = puzzles(include_str!("../data/pom_25x25.txt"))[0];
    let sol = puzzles(include_str!("../data/pom_25x25.sol"))[0];
    let (s, _) = state::<nsudoku::basis::B5>(line);
    let solution = input::read_one(sol, Default::default()).unwrap().digits();
    let r = pom::analyze(&s, Technique::Pom, &cfg);
    // Some digits are over this budget, and the report says which, with their exact counts.
    let skipped: Vec<_> = r.skipped().collect();
    assert!(!skipped.is_empty() && skipped.len() < 25);
    assert!(skipped
        .iter()
        .all(|d| d.count.exact().is_some_and(|c| c > 100_000)));
    let found = check_variants(&s, &solution, &cfg);
    assert!(!found[0].is_empty());
}

#[test]
fn registered_in_logic_find() {
    let (s, _) = state::<B3>(
        ".............61.47....48.52..........15..2..6.74.5..18..........28.75..4.56.34.21",
    );
    for v in pom::VARIANTS {
        let found = nsudoku::logic::find_all(&s, v, &Config::default());
        assert_eq!(found.len(), 2, "{v:?}");
        assert!(found.iter().all(|d| d.technique == v));
        assert_eq!(Technique::parse(&v.cli_name(), 9).unwrap(), vec![v]);
    }
    assert_eq!(Technique::Pom.cli_name(), "pom");
    assert_eq!(Technique::PomCovers.cli_name(), "pom-covers");
}

/// Every template's cells, in listing order, and the templates through each cell.
fn listing(t: &Templates, cells: usize) -> (Vec<Vec<usize>>, Vec<Option<Vec<usize>>>) {
    let all = (0..t.len()).map(|i| t.cells(i).collect()).collect();
    let through = (0..cells)
        .map(|c| t.through(c).map(<[_]>::to_vec))
        .collect();
    (all, through)
}

/// The steps of a solving path with every POM variant and forcing chains, on the states it
/// passes through (the first state is after singles).
fn states_along<B: Basis>(line: &str) -> Vec<State<B>> {
    states_along_with(line, &Config::default())
}

/// [`states_along`] with the budgets of `cfg`.
fn states_along_with<B: Basis>(line: &str, cfg: &Config) -> Vec<State<B>> {
    let (mut s, _) = state::<B>(line);
    engine::reduce(&mut s, &Technique::SINGLES, cfg).unwrap();
    let mut ts = Technique::SINGLES.to_vec();
    ts.extend(pom::VARIANTS);
    ts.push(Technique::ForcingChain);
    let mut at = s.clone();
    let path = engine::solve_path(&mut s, &ts, cfg, 400);
    let mut out = vec![at.clone()];
    for d in &path.steps {
        at.apply(d).unwrap();
        out.push(at.clone());
    }
    out
}

/// Restricting a digit's templates to the cells it keeps lists what listing afresh does, in
/// the same order, and refuses cells it was not listed on.
#[test]
fn kept_templates_restrict_to_a_fresh_listing() {
    let line = puzzles(include_str!("../data/pom_16x16.txt"))[0];
    let states = states_along::<B4>(line);
    assert!(
        states.len() > 20,
        "a path long enough to shrink the templates"
    );
    let first = pom::digit_rows(&states[0]);
    let mut shrunk = 0;
    for d in 0..16 {
        let Some(old) = Templates::enumerate(4, &first[d], 1_000_000) else {
            continue;
        };
        for s in states.iter().step_by(5) {
            let rows = pom::digit_rows(s);
            let fresh = Templates::enumerate(4, &rows[d], usize::MAX).unwrap();
            let (kept, index) = old.restrict(&rows[d]).expect("a subset");
            assert_eq!(listing(&kept, 256), listing(&fresh, 256), "digit {d}");
            assert_eq!(index.len(), fresh.len());
            assert!(index.iter().all(|&i| (i as usize) < old.len()));
            shrunk += (fresh.len() < old.len()) as usize;
            // The other way round the cells are not a subset.
            if fresh.len() < old.len() {
                assert!(fresh.restrict(&first[d]).is_none());
            }
        }
    }
    assert!(shrunk > 10, "the path shrank templates {shrunk} times");
}

/// Inside a memo scope every variant reports what a fresh run reports, step after step and
/// across puzzles, whatever order the variants run in (the fresh run is on another thread,
/// outside the scope).
fn kept_runs_match_fresh_ones<B: Basis>(lines: &[&str], cfg: Config, least: usize) {
    let fresh = |s: &State<B>, v: Technique| {
        std::thread::scope(|sc| sc.spawn(|| pom::analyze(s, v, &cfg)).join().unwrap())
    };
    let mut compared = 0;
    pom::memo::scope(|| {
        for line in lines {
            for (i, s) in states_along_with::<B>(line, &cfg).iter().enumerate() {
                let mut order = pom::VARIANTS;
                order.rotate_left(i % 4);
                for v in order {
                    let (warm, cold) = (pom::analyze(s, v, &cfg), fresh(s, v));
                    assert_eq!(warm.digits, cold.digits, "{v:?} at step {i}");
                    assert_eq!(warm.deductions, cold.deductions, "{v:?} at step {i}");
                    compared += !cold.deductions.is_empty() as usize;
                }
            }
        }
    });
    assert!(compared >= least, "only {compared} runs found something");
}

#[test]
fn kept_runs_match_fresh_ones_9x9() {
    let lines = puzzles(include_str!("../data/pom_9x9.txt"));
    kept_runs_match_fresh_ones::<B3>(&lines[..8], Config::default(), 20);
}

#[test]
fn kept_runs_match_fresh_ones_16x16() {
    let lines = puzzles(include_str!("../data/pom_16x16.txt"));
    kept_runs_match_fresh_ones::<B4>(&lines[..2], Config::default(), 20);
}

/// Under a small budget a digit comes within it part way along the path, and joins pattern
/// exclusion's kept fixed point: it is checked against the digits that stayed clean there too
/// (on this line a kept run used to stop 3 eliminations short of a fresh one).
#[test]
fn kept_runs_match_fresh_ones_as_digits_come_within_the_budget() {
    let lines = puzzles(include_str!("../data/pom_16x16_budget.txt"));
    let cfg = Config {
        pom_budget: 100,
        ..Config::default()
    };
    kept_runs_match_fresh_ones::<B4>(&lines, cfg, 5);
}

/// Each digit's live templates at the fixed point of `variant` (refined, covers or exclusion),
/// found by brute force over cell sets, as its `Vec` of template cell sets (81-bit masks).
fn naive_fixed_point(s: &State<B3>, variant: Technique, all: &[Vec<u128>]) -> Vec<Vec<bool>> {
    let mut live: Vec<Vec<bool>> = all.iter().map(|t| vec![true; t.len()]).collect();
    let open = |a: usize| -> Vec<usize> {
        (0..81)
            .filter(|&c| !s.is_solved(c) && s.get(c).has(a))
            .collect()
    };
    loop {
        let mut changed = false;
        for a in 0..9 {
            let alive: Vec<u128> = (0..all[a].len())
                .filter(|&i| live[a][i])
                .map(|i| all[a][i])
                .collect();
            // The cell sets that no template of `a` left avoids.
            let meets_all = |set: u128| alive.iter().all(|&t| t & set != 0);
            let mut covers: Vec<u128> = Vec::new();
            if variant != Technique::PomExclusion && !alive.is_empty() {
                let cells = open(a);
                let most = if variant == Technique::PomRefined {
                    1
                } else {
                    3
                };
                for (i, &x) in cells.iter().enumerate() {
                    covers.push(1 << x);
                    if most == 1 {
                        continue;
                    }
                    for (j, &y) in cells.iter().enumerate().skip(i + 1) {
                        covers.push(1 << x | 1 << y);
                        for &z in &cells[j + 1..] {
                            covers.push(1 << x | 1 << y | 1 << z);
                        }
                    }
                }
                covers.retain(|&c| meets_all(c));
            }
            for b in (0..9).filter(|&b| b != a) {
                for i in 0..all[b].len() {
                    let t = all[b][i];
                    let dead = match variant {
                        Technique::PomExclusion => meets_all(t),
                        _ => covers.iter().any(|&c| c & !t == 0),
                    };
                    if live[b][i] && dead {
                        live[b][i] = false;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return live;
        }
    }
}

/// The templates every POM variant's step says its digit lost, and why, agree with the fixed
/// point found by brute force: the live counts match, every claim holds against the templates
/// left (a cover met by all of its digit's, a clash with all of them), and together the claims
/// explain every lost template, each counted once.
#[test]
fn template_cuts_hold_against_a_naive_fixed_point() {
    let cfg = Config::default();
    let lines = puzzles(include_str!("../data/pom_9x9.txt"));
    let (mut states, mut cuts) = (0, [0; 3]);
    for line in lines.iter().take(16) {
        for s in states_along::<B3>(line).into_iter().step_by(3) {
            // Brute force stays quick within a few thousand templates a digit.
            let all: Option<Vec<Vec<u128>>> = pom::digit_rows(&s)
                .iter()
                .map(|rows| {
                    let t = Templates::enumerate(3, rows, 3000)?;
                    let masks = (0..t.len()).map(|i| t.cells(i).fold(0, |m, c| m | 1 << c));
                    Some(masks.collect())
                })
                .collect();
            let Some(all) = all.filter(|all| all.iter().all(|t| !t.is_empty())) else {
                continue;
            };
            states += 1;
            for (v, seen) in [
                Technique::PomRefined,
                Technique::PomCovers,
                Technique::PomExclusion,
            ]
            .into_iter()
            .zip(&mut cuts)
            {
                let live = naive_fixed_point(&s, v, &all);
                let r = pom::analyze(&s, v, &cfg);
                for (d, l) in live.iter().enumerate() {
                    let left = l.iter().filter(|&&l| l).count();
                    assert_eq!(r.digits[d].listing.live(), Some(left), "{v:?}, digit {d}");
                }
                for step in &r.deductions {
                    let d = step.evidence.digits[0] as usize;
                    let mut unexplained: BTreeSet<usize> =
                        (0..all[d].len()).filter(|&i| !live[d][i]).collect();
                    let lost = unexplained.len();
                    let mut dropped = 0;
                    for cut in &step.evidence.cuts {
                        let by = cut.by as usize;
                        assert_ne!(by, d);
                        let alive = (0..all[by].len()).filter(|&i| live[by][i]);
                        let cells = cut.cells.iter().fold(0u128, |m, &c| m | 1 << c);
                        let why: Box<dyn Fn(u128) -> bool> = if v == Technique::PomExclusion {
                            assert!(cut.cells.is_empty(), "{v:?}: a clash names no cells");
                            let others: Vec<u128> = alive.map(|i| all[by][i]).collect();
                            Box::new(move |t| others.iter().all(|&o| o & t != 0))
                        } else {
                            let most = if v == Technique::PomRefined { 1 } else { 3 };
                            assert!((1..=most).contains(&cut.cells.len()), "{v:?}: {cut:?}");
                            for i in alive {
                                assert_ne!(all[by][i] & cells, 0, "{v:?}: {cut:?} not a cover");
                            }
                            Box::new(move |t| t & cells == cells)
                        };
                        let before = unexplained.len();
                        unexplained.retain(|&i| !why(all[d][i]));
                        assert_eq!(before - unexplained.len(), cut.dropped, "{v:?}: {cut:?}");
                        dropped += cut.dropped;
                    }
                    assert!(unexplained.is_empty(), "{v:?}: lost templates unexplained");
                    assert_eq!(dropped, lost);
                    *seen += step.evidence.cuts.len();
                }
            }
        }
    }
    assert!(states >= 400, "only {states} states checked");
    assert!(cuts.iter().all(|&c| c >= 100), "few cuts: {cuts:?}");
}

/// On a grid with no solution a digit may be left no template; the templates its covers took
/// earlier are still explained (as meeting every template it has left: none), so the reasons
/// still add up to every template lost.
#[test]
fn template_cuts_add_up_on_a_grid_without_solution() {
    // magictour_top1465 line 1 with a 5 added at r1c8 that clashes with no given.
    let line = "4...3..5....6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let (s, _) = state::<B3>(line);
    let mut checked = 0;
    for v in [Technique::PomRefined, Technique::PomCovers] {
        let r = pom::analyze(&s, v, &Config::default());
        assert!(
            r.digits.iter().any(|d| d.listing.live() == Some(0)),
            "{v:?}"
        );
        for step in &r.deductions {
            let d = &r.digits[step.evidence.digits[0] as usize];
            let lost = d.count.exact().unwrap() as usize - d.listing.live().unwrap();
            let dropped: usize = step.evidence.cuts.iter().map(|c| c.dropped).sum();
            assert_eq!(dropped, lost, "{v:?}: {step:?}");
            checked += usize::from(lost > 0);
        }
    }
    assert!(checked > 0);
}
