//! Property tests: every fast finder (locked candidates, tuples, fish) reports exactly what its
//! slow `itertools::combinations` reference reports, on every basis 2..=5.
//!
//! States are built with a known answer: a random solved grid (a pattern grid shuffled by the
//! validity-preserving symmetries), random open cells, and random extra candidates around each
//! open cell's solution digit. Every state therefore keeps a solution, which is what the
//! naked/hidden duality relies on.

use nsudoku::basis::{Basis, B2, B3, B4, B5};
use nsudoku::generate::Rng;
use nsudoku::logic::{find_all, fish, intersections, subsets, Config, Deduction, State, Technique};
use nsudoku::Grid;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// True with probability `p`.
fn chance(rng: &mut Rng, p: f64) -> bool {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
}

/// A random solved grid of basis `k` (digits 1..=N), valid by construction.
fn solved_grid(k: usize, rng: &mut Rng) -> Vec<u8> {
    let g = nsudoku::generate::pattern_grid(k, rng);
    assert!(nsudoku::grid::is_valid_solution(k, &g));
    g
}

/// A state around a random solution: each cell open with chance `holes`, an open cell holding its
/// solution digit plus each other digit with chance `density`.
fn random_state<B: Basis>(seed: u64, holes: f64, density: f64) -> State<B> {
    let mut rng = Rng::new(seed);
    let sol = solved_grid(B::K, &mut rng);
    let masks: Vec<u128> = sol
        .iter()
        .map(|&d| {
            let mut m = 1u128 << (d - 1);
            if chance(&mut rng, holes) {
                for x in 0..B::N {
                    if chance(&mut rng, density) {
                        m |= 1 << x;
                    }
                }
            }
            m
        })
        .collect();
    State::new(Grid::<B>::from_masks(&masks)).expect("a state around a solution is consistent")
}

/// Deductions as comparable keys (technique, evidence without the note, eliminations), sorted.
fn keys(v: Vec<Deduction>) -> Vec<String> {
    let mut out: Vec<String> = v
        .into_iter()
        .map(|d| {
            format!(
                "{:?} h{:?} c{:?} f{:?}{} d{:?} => {:?} {:?}",
                d.technique,
                d.evidence.houses,
                d.evidence.cells,
                d.evidence.fins,
                if d.evidence.sashimi { " sashimi" } else { "" },
                d.evidence.digits,
                d.placements,
                d.eliminations
            )
        })
        .collect();
    out.sort();
    out
}

/// Every finder against its reference on `s`; the techniques that found something there.
fn compare_all<B: Basis>(s: &State<B>) -> Result<BTreeSet<String>, TestCaseError> {
    let cfg = Config::default();
    let mut fired = BTreeSet::new();
    for pointing in [true, false] {
        let t = if pointing {
            Technique::Pointing
        } else {
            Technique::Claiming
        };
        let found = find_all(s, t, &cfg);
        if !found.is_empty() {
            fired.insert(t.name());
        }
        prop_assert_eq!(
            keys(found),
            keys(intersections::reference::find(s, pointing)),
            "{:?}",
            t
        );
    }
    let max = B::N / 2;
    let mut per_size = Vec::new();
    for k in 2..=max {
        let naked = find_all(s, Technique::NakedTuple(k as u8), &cfg);
        prop_assert_eq!(
            keys(naked.clone()),
            keys(subsets::reference::naked(s, k)),
            "naked {}",
            k
        );
        let hidden = find_all(s, Technique::HiddenTuple(k as u8), &cfg);
        prop_assert_eq!(
            keys(hidden.clone()),
            keys(subsets::reference::hidden(s, k)),
            "hidden {}",
            k
        );
        let fish = find_all(s, Technique::Fish(k as u8), &cfg);
        for d in naked.iter().chain(&hidden).chain(&fish) {
            fired.insert(d.name());
        }
        per_size.extend(naked);
        per_size.extend(hidden);
        prop_assert_eq!(keys(fish), keys(fish::reference::find(s, k)), "fish {}", k);
        // The reference tries every cover of every base: sizes up to 4 at 9×9, 2 above.
        if k <= if B::N <= 9 { 4 } else { 2 } {
            let finned = find_all(s, Technique::FinnedFish(k as u8), &cfg);
            fired.extend(finned.iter().map(Deduction::name));
            let reference = fish::reference::finned(s, k);
            prop_assert_eq!(keys(finned), keys(reference), "finned fish {}", k);
        }
    }
    let mut swept = Vec::new();
    let _ = subsets::sweep(s, max, subsets::Bound::subsets(u64::MAX), &mut |d| {
        swept.push(d);
        nsudoku::logic::Flow::Continue
    });
    prop_assert_eq!(keys(swept), keys(per_size), "sweep");
    Ok(fired)
}

/// The comparisons above hold trivially where both sides find nothing, so a fixed run of
/// states must give every finder something to find: the pointing and claiming of every basis,
/// and every tuple and fish size up to 4 (2 at basis 2), finned and sashimi fish up to 4 at
/// basis 3 and 2 at basis 4.
#[test]
fn the_random_states_give_every_finder_something_to_find() {
    fn fired<B: Basis>(seeds: u64) -> BTreeSet<String> {
        let mut all = BTreeSet::new();
        for seed in 0..seeds {
            for (holes, density) in [(0.3, 0.3), (0.6, 0.5), (0.9, 0.7)] {
                let s = random_state::<B>(seed, holes, density);
                all.extend(compare_all(&s).unwrap_or_else(|e| panic!("seed {seed}: {e}")));
            }
        }
        all
    }
    for (k, fired) in [
        (2, fired::<B2>(64)),
        (3, fired::<B3>(64)),
        (4, fired::<B4>(16)),
    ] {
        let mut wanted = vec![Technique::Pointing.name(), Technique::Claiming.name()];
        for size in 2..=(k * k / 2).min(4) as u8 {
            wanted.extend([
                Technique::NakedTuple(size).name(),
                Technique::HiddenTuple(size).name(),
                Technique::Fish(size).name(),
            ]);
        }
        for size in 2..=[0, 0, 0, 4, 2][k] {
            let finned = Technique::FinnedFish(size).name();
            wanted.push(finned.replace("Finned", "Sashimi"));
            wanted.push(finned);
        }
        let missing: Vec<_> = wanted.iter().filter(|t| !fired.contains(*t)).collect();
        assert!(
            missing.is_empty(),
            "basis {k}: nothing found by {missing:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn finders_match_reference_b2(seed: u64, holes in 0.2f64..1.0, density in 0.2f64..0.9) {
        compare_all(&random_state::<B2>(seed, holes, density))?;
    }

    #[test]
    fn finders_match_reference_b3(seed: u64, holes in 0.2f64..0.9, density in 0.1f64..0.8) {
        compare_all(&random_state::<B3>(seed, holes, density))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn finders_match_reference_b4(seed: u64, holes in 0.15f64..0.6, density in 0.05f64..0.5) {
        compare_all(&random_state::<B4>(seed, holes, density))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn finders_match_reference_b5(seed: u64, holes in 0.1f64..0.4, density in 0.03f64..0.3) {
        compare_all(&random_state::<B5>(seed, holes, density))?;
    }
}
