//! The bounds of `logic::Config` on tuples, fish, chains and POM: hitting one finds less (never
//! something wrong), and says so through `logic::limits` and the solving path.

use nsudoku::basis::B3;
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

#[test]
fn within_the_default_bounds_nothing_is_cut() {
    let s = stuck_state();
    limits::take();
    for t in [
        Technique::NakedTuple(2),
        Technique::Fish(2),
        Technique::Aic,
        Technique::Pom,
    ] {
        find_all(&s, t, &Config::default());
    }
    assert!(limits::take().is_empty());
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
    // A budget that cuts some enumerations keeps a subset of the deductions.
    let some = Config {
        subset_budget: 3,
        ..Config::default()
    };
    let all = find_all(&s, Technique::NakedTuple(2), &Config::default());
    for d in find_all(&s, Technique::NakedTuple(2), &some) {
        assert!(all.contains(&d), "{d:?} is not found without the budget");
    }
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
    let s = stuck_state();
    let tiny = Config {
        pom_budget: 1,
        ..Config::default()
    };
    limits::take();
    find_all(&s, Technique::Pom, &tiny);
    assert!(limits::take().pom_digits > 0);
}
