//! The bounds of `logic::Config` on tuples, fish, chains, POM and forcing chains: hitting one
//! finds less (never something wrong), and says so through `logic::limits` and the solving path.

use nsudoku::basis::B3;
use nsudoku::logic::pom::{self, Listing, TemplateCount};
use nsudoku::logic::{engine, find_all, limits, Config, State, Technique};
use nsudoku::{input, Grid};

/// A 9×9 reduced by the basic techniques until it needs more (first of the magictour fixture
/// where both pairs and chains find something).
fn stuck_state() -> State<B3> {
    let text = std::fs::read_to_string("tests/data/9x9_magictour_top1465_first30.txt").unwrap();
    let basic = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
    ];
    let wanted = [Technique::NakedTuple(2), Technique::Aic];
    for line in text.lines() {
        let p = input::read_one(line, Default::default()).unwrap();
        let mut s = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
        engine::reduce(&mut s, &basic, &Config::default()).unwrap();
        let cfg = Config::default();
        if wanted.iter().all(|&t| !find_all(&s, t, &cfg).is_empty()) {
            return s;
        }
    }
    panic!("no fixture puzzle needs both pairs and chains");
}

/// The default bounds with a deadline that has already passed.
fn past_deadline() -> Config {
    Config {
        deadline: Some(std::time::Instant::now()),
        ..Config::default()
    }
}

#[test]
fn within_the_default_bounds_nothing_is_cut() {
    let s = stuck_state();
    limits::take();
    for t in [
        Technique::NakedTuple(2),
        Technique::Fish(2),
        Technique::Aic,
        Technique::Pom,
        Technique::ForcingChain,
    ] {
        find_all(&s, t, &Config::default());
    }
    assert!(limits::take().is_empty());
}

#[test]
fn a_forcing_budget_cuts_the_trials_and_keeps_what_they_found() {
    let s = stuck_state();
    let all = find_all(&s, Technique::ForcingChain, &Config::default());
    assert!(!all.is_empty());
    let none = Config {
        forcing_budget: 0,
        ..Config::default()
    };
    limits::take();
    // The first trial runs (the budget is read before each one), then the search stops.
    assert!(find_all(&s, Technique::ForcingChain, &none).len() <= 1);
    let hits = limits::take();
    assert_eq!(hits.forcing_searches, 1);
    assert!(hits
        .describe(&none)
        .contains("forcing chain search cut once (over"));
    // A budget that cuts the search part way keeps a subset of the deductions.
    let some = Config {
        forcing_budget: 20_000,
        ..Config::default()
    };
    let part = find_all(&s, Technique::ForcingChain, &some);
    assert!(part.len() < all.len(), "{} of {}", part.len(), all.len());
    assert!(part.iter().all(|d| all.contains(d)));
    assert_eq!(limits::take().forcing_searches, 1);
}

#[test]
fn a_deadline_cuts_the_multiple_forcing_chains() {
    let s = stuck_state();
    for t in [Technique::CellForcingChain, Technique::RegionForcingChain] {
        let all = find_all(&s, t, &Config::default());
        let past = past_deadline();
        limits::take();
        // The first branching is searched (the deadline is read after each one).
        let part = find_all(&s, t, &past);
        assert!(
            part.len() < all.len(),
            "{t:?}: {} of {}",
            part.len(),
            all.len()
        );
        assert!(part.iter().all(|d| all.contains(d)));
        // The deadline is told as a timeout, not as a hit of the work bound.
        assert_eq!(limits::take().forcing_searches, 0);
    }
}

#[test]
fn a_subset_budget_cuts_tuples_and_fish() {
    let s = stuck_state();
    let none = Config {
        subset_budget: 0,
        ..Config::default()
    };
    limits::take();
    assert!(find_all(&s, Technique::NakedTuple(2), &none).is_empty());
    assert!(find_all(&s, Technique::Fish(2), &none).is_empty());
    let hits = limits::take();
    assert!(hits.subset_searches > 0);
    assert!(hits.describe(&none).contains("over 0 subsets"));
    // A budget that cuts some enumerations keeps a subset of the deductions: each budget up
    // to 20 (pairs search only the cells of two candidates, so a few subsets a house cover
    // most), and at least one of them cuts and finds fewer.
    let all = find_all(&s, Technique::NakedTuple(2), &Config::default());
    let mut fewer = false;
    for budget in 1..=20 {
        let some = Config {
            subset_budget: budget,
            ..Config::default()
        };
        limits::take();
        let part = find_all(&s, Technique::NakedTuple(2), &some);
        let cut = limits::take().subset_searches > 0;
        fewer |= cut && part.len() < all.len();
        for d in part {
            assert!(all.contains(&d), "{d:?} is not found without the budget");
        }
    }
    assert!(
        fewer,
        "no budget cut the pairs short of the {} found",
        all.len()
    );
}

#[test]
fn a_chain_table_bound_skips_chains_and_the_path_says_so() {
    let s = stuck_state();
    let small = Config {
        chain_tags: 2,
        ..Config::default()
    };
    limits::take();
    assert!(find_all(&s, Technique::Aic, &small).is_empty());
    assert!(limits::take().chain_tables > 0);
    let path = engine::solve_path(&mut s.clone(), &[Technique::Aic], &small, 10);
    assert_eq!(path.end, engine::End::Stuck);
    assert!(path.limits.chain_tables > 0);
    assert!(path.limits.describe(&small).contains("chain table skipped"));
}

#[test]
fn a_pom_budget_skips_digits() {
    // A fixture state where POM finds something for digits of different template counts, and
    // a budget of the fewest of them: the digits over it are skipped, their deductions lost.
    let text = std::fs::read_to_string("tests/data/9x9_magictour_top1465_first30.txt").unwrap();
    let cfg = Config::default();
    let (s, all, budget) = text
        .lines()
        .find_map(|line| {
            let p = input::read_one(line, Default::default()).unwrap();
            let mut s = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
            engine::reduce(&mut s, &Technique::SINGLES, &cfg).unwrap();
            let report = pom::analyze(&s, Technique::Pom, &cfg);
            let all = find_all(&s, Technique::Pom, &cfg);
            let counts: Vec<u64> = all
                .iter()
                .map(
                    |d| match report.digits[d.evidence.digits[0] as usize].count {
                        TemplateCount::Exact(c) => c as u64,
                        _ => u64::MAX,
                    },
                )
                .collect();
            let (min, max) = (*counts.iter().min()?, *counts.iter().max()?);
            (min < max).then_some((s, all, min))
        })
        .expect("a fixture where POM deduces for digits of different template counts");
    let some = Config {
        pom_budget: budget,
        ..Config::default()
    };
    limits::take();
    let part = find_all(&s, Technique::Pom, &some);
    assert!(limits::take().pom_digits > 0);
    let report = pom::analyze(&s, Technique::Pom, &some);
    assert!(report.skipped().count() > 0);
    assert!(report.skipped().all(|d| d.listing == Listing::OverBudget));
    // What the listed digits find, and nothing else.
    assert!(!part.is_empty());
    assert!(
        part.iter().all(|d| all.contains(d)),
        "a deduction not found without the budget"
    );
    assert!(part.len() < all.len(), "{} of {}", part.len(), all.len());
}

#[test]
fn a_pom_memory_bound_skips_digits_that_would_not_fit() {
    let s = stuck_state();
    let none = Config {
        pom_memory: 0,
        ..Config::default()
    };
    limits::take();
    for t in [
        Technique::Pom,
        Technique::PomRefined,
        Technique::PomExclusion,
    ] {
        assert!(find_all(&s, t, &none).is_empty(), "{t:?}");
    }
    assert!(limits::take().pom_digits >= 3);
    // Room for some digits but not all: the joint variants keep what fits, in digit order.
    let skipped = |memory: usize| {
        let cfg = Config {
            pom_memory: memory,
            ..Config::default()
        };
        let report = nsudoku::logic::pom::analyze(&s, Technique::PomRefined, &cfg);
        // Each digit left out says why: the memory, not the budget it is within.
        assert!(report.skipped().all(|d| d.listing == Listing::OverMemory));
        report.skipped().count()
    };
    assert_eq!(skipped(usize::MAX), 0);
    assert!(
        [1_000, 4_000, 16_000, 64_000]
            .iter()
            .any(|&m| (1..9).contains(&skipped(m))),
        "{:?}",
        [1_000, 4_000, 16_000, 64_000].map(skipped)
    );
}

/// Past the deadline `reduce` applies nothing more and POM neither counts nor lists a digit.
#[test]
fn a_deadline_in_the_past_stops_the_reduction_and_pom() {
    let s = stuck_state();
    let past = past_deadline();
    let mut t = s.clone();
    assert!(engine::reduce(&mut t, &[Technique::NakedTuple(2)], &past)
        .unwrap()
        .is_empty());
    assert!(!find_all(&s, Technique::NakedTuple(2), &Config::default()).is_empty());
    for v in [Technique::Pom, Technique::PomExclusion] {
        let report = nsudoku::logic::pom::analyze(&s, v, &past);
        assert_eq!(report.skipped().count(), 9, "{v:?}");
        assert!(report.skipped().all(|d| d.listing == Listing::NotReached));
        assert!(report.deductions.is_empty());
    }
}

/// Past the deadline tuples and fish stop before their next house or digit, the next step is
/// not looked for, and none of it is told as a cut of the subset bound.
#[test]
fn a_deadline_in_the_past_stops_tuples_fish_and_the_next_step() {
    let s = stuck_state();
    let past = past_deadline();
    limits::take();
    for t in [
        Technique::NakedTuple(2),
        Technique::HiddenTuple(2),
        Technique::Fish(2),
    ] {
        assert!(find_all(&s, t, &past).is_empty(), "{t:?}");
    }
    assert!(engine::next_step(&s, &[Technique::NakedTuple(2)], &past).is_none());
    assert!(engine::next_step(&s, &[Technique::NakedTuple(2)], &Config::default()).is_some());
    assert_eq!(limits::take().subset_searches, 0);
}

/// Past the deadline the chain and cycle finders stop before their next search (on a 100×100
/// candidate grid one nice loop step took 60 s under `--timeout 5s`): here they find nothing,
/// where without a deadline they find something.
#[test]
fn a_deadline_in_the_past_stops_chains_and_cycles() {
    let s = stuck_state();
    let past = past_deadline();
    let mut found = Vec::new();
    for t in [
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::NiceLoop,
        Technique::SimpleColoring,
        Technique::XCycle,
        Technique::YCycle,
        Technique::YKnot,
    ] {
        assert!(find_all(&s, t, &past).is_empty(), "{t:?}");
        if !find_all(&s, t, &Config::default()).is_empty() {
            found.push(t);
        }
    }
    assert!(found.len() >= 4, "{found:?}");
}

/// One enumeration too large to finish reads the clock as it goes: past the deadline it stops
/// within 4096 subsets and says `Stop`, so the finder around it stops too.
#[test]
fn a_subset_enumeration_stops_at_the_deadline() {
    use nsudoku::logic::subsets::{locked_sets_examined, Bound};
    use nsudoku::logic::Flow;
    // 60 items on the same 20 digits: every subset of up to 20 items is looked at, about 10¹⁶.
    let items = [(1u64 << 20) - 1; 60];
    let bound = Bound {
        subsets: u64::MAX,
        deadline: Some(std::time::Instant::now()),
    };
    limits::take();
    let (flow, examined) = locked_sets_examined(&items, 20, 20, bound, &mut |_, _| Flow::Continue);
    assert_eq!(flow, Flow::Stop);
    assert!((1..=4096).contains(&examined), "{examined}");
    assert_eq!(limits::take().subset_searches, 0);
    // The same enumeration under a subset bound alone is cut there, and says so.
    let (flow, examined) =
        locked_sets_examined(&items, 20, 20, Bound::subsets(10_000), &mut |_, _| {
            Flow::Continue
        });
    assert_eq!((flow, examined), (Flow::Continue, 10_000));
    assert_eq!(limits::take().subset_searches, 1);
}

/// As a technique POM only counts a digit to decide whether to list it, within a bounded
/// number of steps: on the empty 25×25 grid (1.06·10^8 steps a digit) every digit is skipped,
/// unknown, and digits with the same rows share one count; the count-only pass still counts
/// them, (5!)^10 each.
#[test]
fn pom_bounds_its_counting_on_sparse_grids() {
    use nsudoku::basis::{B4, B5};
    use nsudoku::logic::pom::{analyze, counts, TemplateCount};
    let empty = State::<B5>::new(Grid::from_masks(&[(1u128 << 25) - 1; 625])).unwrap();
    let report = analyze(&empty, Technique::Pom, &Config::default());
    assert_eq!(report.skipped().count(), 25);
    assert!(report
        .digits
        .iter()
        .all(|d| d.count == TemplateCount::Intractable && d.listing == Listing::Intractable));
    let empty = State::<B4>::new(Grid::from_masks(&[(1u128 << 16) - 1; 256])).unwrap();
    let want = TemplateCount::Exact(24u128.pow(8));
    assert!(counts(&empty).iter().all(|&c| c == want));
}

/// Along a path, a tuple or fish search that found nothing on a house or digit is not run
/// again on the same input (`logic::misses`): the path is the one taken step by step outside
/// any kept scope, with the same bounds told, on 16×16 puzzles with a subset bound small enough
/// to be hit.
#[test]
fn searches_kept_along_a_path_change_neither_its_steps_nor_its_bounds() {
    use nsudoku::basis::B4;
    let text = std::fs::read_to_string("tests/data/chains_16x16.txt").unwrap();
    let techniques = Technique::parse_list("singles,naked-tuple,hidden-tuple,fish", 16).unwrap();
    let cfg = Config {
        subset_budget: 20,
        ..Config::default()
    };
    let (mut steps_seen, mut cuts_seen) = (0, 0);
    for line in text.lines().take(4) {
        let s = crate::common::state::<B4>(line);
        limits::take();
        let mut t = s.clone();
        let mut steps = Vec::new();
        while !t.is_complete() {
            let Some(d) = engine::next_step(&t, &techniques, &cfg) else {
                break;
            };
            t.apply(&d).unwrap();
            steps.push(d);
        }
        let hits = limits::take();
        let path = engine::solve_path(&mut s.clone(), &techniques, &cfg, usize::MAX);
        assert_eq!(path.steps, steps);
        assert_eq!(path.limits, hits);
        steps_seen += steps.len();
        cuts_seen += hits.subset_searches;
    }
    assert!(
        steps_seen > 0 && cuts_seen > 0,
        "{steps_seen} steps, {cuts_seen} cuts"
    );
}
