//! Chains by tagging: hand-made grids with exact eliminations, and soundness of every chain
//! deduction against the solution on 9×9, 16×16 and 25×25 fixtures.

use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::{check, engine, find_all, Config, Deduction, LinkKind, State, Technique};
use nsudoku::{input, solve, Alphabet, Basis, Grid};

use crate::common;
use common::{state, with_solutions};

const CHAINS: [Technique; 5] = [
    Technique::RemotePair,
    Technique::XChain,
    Technique::XyChain,
    Technique::NiceLoop,
    Technique::Aic,
];

/// No state of the chain fixtures holds a remote pair; `remote_pair_exact` has a grid of one.
const IDLE: &[&str] = &["remote-pair"];

fn describe<B: Basis>(d: &Deduction) -> String {
    d.describe(B::topology(), Alphabet::Standard)
}

/// The chain of `d` passes every candidate once (a loop closes on its first node): a chain
/// that passed one twice would be a loop with a tail, whose loop alone proves that candidate.
fn assert_simple<B: Basis>(d: &Deduction) {
    let mut nodes = d.evidence.chain.as_slice();
    if let [first, .., last] = nodes {
        if first.candidates == last.candidates {
            nodes = &nodes[..nodes.len() - 1];
        }
    }
    let mut seen = std::collections::HashSet::new();
    for c in nodes.iter().flat_map(|n| &n.candidates) {
        assert!(seen.insert(*c), "{c:?} twice in {}", describe::<B>(d));
    }
}

/// Every deduction of every chain technique is sound and its chain simple, after singles and
/// along a path that uses singles and chains (the easiest first), up to `max_steps` chain steps.
/// Returns the technique of each deduction checked.
fn check_puzzle<B: Basis>(line: &str, solution: &[u8], max_steps: usize) -> Vec<Technique> {
    let mut s = state::<B>(line);
    let cfg = Config::default();
    let mut checked = Vec::new();
    let mut ts = Technique::SINGLES.to_vec();
    ts.extend(CHAINS);
    for _ in 0..max_steps {
        engine::reduce(&mut s, &Technique::SINGLES, &cfg).expect("singles are sound");
        if s.is_complete() {
            break;
        }
        for t in CHAINS {
            for d in find_all(&s, t, &cfg) {
                assert_eq!(d.technique, t);
                assert!(!d.eliminations.is_empty());
                assert!(d.chain_length() >= 1 && d.chain_length() <= cfg.chain_length);
                // One link is a pair of places in a house: locked candidates, left to them.
                let plain = [Technique::XChain, Technique::XyChain, Technique::Aic];
                assert!(
                    !plain.contains(&t) || d.chain_length() > 1,
                    "{}",
                    describe::<B>(&d)
                );
                check::check_in_state(&s, solution, &d).unwrap();
                assert_simple::<B>(&d);
                checked.push(t);
            }
        }
        match engine::next_step(&s, &ts, &cfg) {
            Some(d) => {
                check::check_in_state(&s, solution, &d).unwrap();
                s.apply(&d).unwrap();
            }
            None => break,
        }
    }
    checked
}

#[test]
fn chains_are_sound_on_9x9_fixtures() {
    let text = include_str!("../data/chains_9x9.txt");
    let mut seen = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let p = input::read_one(line, Default::default()).unwrap();
        let sol = solve::unique_solution(&p).unwrap();
        seen.extend(check_puzzle::<B3>(line, &sol, 8));
    }
    assert!(
        seen.len() > 100,
        "only {} chain deductions checked",
        seen.len()
    );
    let seen = seen.into_iter().collect();
    common::assert_checked(&CHAINS, &seen, IDLE, "chains_9x9");
}

#[test]
fn chains_are_sound_on_16x16_fixtures() {
    let mut seen = Vec::new();
    for (p, sol) in with_solutions(
        include_str!("../data/chains_16x16.txt"),
        include_str!("../data/chains_16x16.sol"),
    ) {
        seen.extend(check_puzzle::<B4>(&p, &sol, 3));
    }
    assert!(!seen.is_empty());
    let seen = seen.into_iter().collect();
    common::assert_checked(&CHAINS, &seen, IDLE, "chains_16x16");
}

#[test]
fn chains_are_sound_on_25x25_fixtures() {
    let mut seen = Vec::new();
    for (p, sol) in with_solutions(
        include_str!("../data/chains_25x25.txt"),
        include_str!("../data/chains_25x25.sol"),
    ) {
        seen.extend(check_puzzle::<B5>(&p, &sol, 2));
    }
    assert!(!seen.is_empty());
    let seen = seen.into_iter().collect();
    common::assert_checked(&CHAINS, &seen, IDLE, "chains_25x25");
}

/// A 9×9 state with every digit in every cell, then `shape` edits the masks (bit d = digit d+1).
fn shaped(shape: impl FnOnce(&mut [u128])) -> State<B3> {
    let mut masks = vec![0x1ffu128; 81];
    shape(&mut masks);
    State::new(Grid::from_masks(&masks)).unwrap()
}

fn rc(r: usize, c: usize) -> usize {
    (r - 1) * 9 + c - 1
}

/// Keep digit `d` in row `r` only in columns `cols`.
fn row_only(m: &mut [u128], r: usize, d: usize, cols: &[usize]) {
    for c in 1..=9 {
        if !cols.contains(&c) {
            m[rc(r, c)] &= !(1 << (d - 1));
        }
    }
}

fn pair(a: usize, b: usize) -> u128 {
    (1 << (a - 1)) | (1 << (b - 1))
}

fn texts(ds: &[Deduction]) -> Vec<String> {
    ds.iter().map(describe::<B3>).collect()
}

#[test]
fn x_chain_skyscraper_exact() {
    let s = shaped(|m| {
        row_only(m, 1, 1, &[1, 5]);
        row_only(m, 4, 1, &[1, 6]);
    });
    let found = find_all(&s, Technique::XChain, &Config::default());
    let t = texts(&found);
    assert_eq!(found.len(), 1, "{t:?}");
    let text = &t[0];
    assert!(
        text == "X-Chain: (1)r1c5=(1)r1c1-(1)r4c1=(1)r4c6 (length 3) => r2c6<>1, r3c6<>1, r5c5<>1, r6c5<>1"
            || text
                == "X-Chain: (1)r4c6=(1)r4c1-(1)r1c1=(1)r1c5 (length 3) => r2c6<>1, r3c6<>1, r5c5<>1, r6c5<>1",
        "{text}"
    );
    assert_eq!(found[0].chain_length(), 3);
    // The same chain is an AIC; XY-chains need bivalue cells.
    assert_eq!(find_all(&s, Technique::Aic, &Config::default()).len(), 1);
    assert!(find_all(&s, Technique::XyChain, &Config::default()).is_empty());
    // A cap below the chain's length finds nothing.
    let short = Config {
        chain_length: 2,
        ..Config::default()
    };
    assert!(find_all(&s, Technique::XChain, &short).is_empty());
}

#[test]
fn xy_chain_wing_exact() {
    let s = shaped(|m| {
        m[rc(1, 1)] = pair(1, 2);
        m[rc(1, 5)] = pair(2, 3);
        m[rc(5, 1)] = pair(1, 3);
    });
    let found = find_all(&s, Technique::XyChain, &Config::default());
    let mut elims: Vec<String> = found
        .iter()
        .map(|d| d.result(B3::topology(), Alphabet::Standard).join(" "))
        .collect();
    elims.sort();
    assert_eq!(
        elims,
        // The pincers r1c5 and r5c1 do not see each other: only the wing's elimination.
        vec!["r5c5<>3"],
        "{:?}",
        texts(&found)
    );
    assert!(found.iter().all(|d| d.chain_length() == 5));
    // Three cells: the XY-Wing HoDoKu names, its pivot r1c1 seeing both pincers.
    for d in &found {
        let text = d.describe(B3::topology(), Alphabet::Standard);
        assert!(
            text.contains("(length 5; XY-Wing, pivot r1c1) => "),
            "{text}"
        );
    }
    assert!(find_all(&s, Technique::XChain, &Config::default()).is_empty());
}

#[test]
fn remote_pair_exact() {
    let s = shaped(|m| {
        for (r, c) in [(1, 1), (1, 5), (3, 4), (7, 4)] {
            m[rc(r, c)] = pair(1, 2);
        }
    });
    let found = find_all(&s, Technique::RemotePair, &Config::default());
    let t = texts(&found);
    assert_eq!(found.len(), 1, "{t:?}");
    assert!(t[0].ends_with("=> r1c4<>1,2, r7c1<>1,2"), "{t:?}");
    assert_eq!(found[0].chain_length(), 7);
    // The chain proves one end digit gone; the note and the pair say why both go.
    assert!(
        t[0].contains("(length 7; its ends hold the pair's two digits, one each)"),
        "{t:?}"
    );
    assert_eq!(found[0].evidence.digits, vec![0, 1]);
}

#[test]
fn continuous_nice_loop_exact() {
    let s = shaped(|m| {
        row_only(m, 1, 1, &[1, 5]);
        row_only(m, 4, 1, &[1, 5]);
    });
    let found = find_all(&s, Technique::NiceLoop, &Config::default());
    let t = texts(&found);
    assert_eq!(found.len(), 1, "{t:?}");
    let mut expect = Vec::new();
    for c in [1, 5] {
        for r in [2, 3, 5, 6, 7, 8, 9] {
            expect.push(nsudoku::logic::Candidate::new(rc(r, c), 0));
        }
    }
    expect.sort();
    let mut got = found[0].eliminations.clone();
    got.sort();
    assert_eq!(got, expect, "{t:?}");
    assert_eq!(found[0].chain_length(), 4);
    assert!(t[0].starts_with("Continuous Nice Loop: "), "{t:?}");
    assert!(t[0].contains(" (length 4) => "), "{t:?}");
    let chain = &found[0].evidence.chain;
    assert_eq!(
        chain.first().unwrap().candidates,
        chain.last().unwrap().candidates
    );
}

#[test]
fn aic_mixed_links_exact() {
    let s = shaped(|m| {
        row_only(m, 2, 5, &[3, 7]);
        m[rc(8, 7)] = pair(3, 5);
        m[rc(8, 2)] = pair(3, 5);
    });
    let found = find_all(&s, Technique::Aic, &Config::default());
    let t = texts(&found);
    let d = found
        .iter()
        .find(|d| {
            d.eliminations
                .contains(&nsudoku::logic::Candidate::new(rc(1, 2), 4))
        })
        .unwrap_or_else(|| panic!("{t:?}"));
    let text = describe::<B3>(d);
    let fwd = "(5)r2c3=(5)r2c7-(5)r8c7=(3)r8c7-(3)r8c2=(5)r8c2";
    let back = "(5)r8c2=(3)r8c2-(3)r8c7=(5)r8c7-(5)r2c7=(5)r2c3";
    assert!(
        text == format!("AIC: {fwd} (length 5) => r1c2<>5, r3c2<>5, r7c3<>5, r8c3<>5, r9c3<>5")
            || text
                == format!("AIC: {back} (length 5) => r1c2<>5, r3c2<>5, r7c3<>5, r8c3<>5, r9c3<>5"),
        "{text}"
    );
    // The shortest chain comes first: the naked pair in row 8 as a 3-link AIC.
    assert_eq!(found[0].chain_length(), 3, "{t:?}");
}

/// The tag table alone (with and without derived links from sets) removes only non-solution
/// digits, derived links only add, and every AIC elimination is one the table sees.
#[test]
fn table_eliminations_are_sound_and_cover_aics() {
    use nsudoku::logic::chains::{table_eliminations, tagging::Mode};
    let text = include_str!("../data/chains_9x9.txt");
    let (mut plain_total, mut derived_total) = (0, 0);
    for line in text.lines().take(15) {
        let p = input::read_one(line, Default::default()).unwrap();
        let sol = solve::unique_solution(&p).unwrap();
        let mut s = state::<B3>(line);
        engine::reduce(&mut s, &Technique::SINGLES, &Config::default()).unwrap();
        let plain = table_eliminations(&s, Mode::Xy, false, &Config::default());
        let derived = table_eliminations(&s, Mode::Xy, true, &Config::default());
        for c in plain.iter().chain(&derived) {
            assert_ne!(sol[c.cell as usize], c.digit + 1, "{line}: {c:?}");
        }
        assert!(plain.iter().all(|c| derived.contains(c)));
        let long = Config {
            chain_length: 200,
            ..Config::default()
        };
        for d in find_all(&s, Technique::Aic, &long) {
            assert!(d.eliminations.iter().all(|e| plain.contains(e)), "{line}");
        }
        plain_total += plain.len();
        derived_total += derived.len();
    }
    assert!(plain_total > 0);
    assert!(
        derived_total > plain_total,
        "{derived_total} vs {plain_total}"
    );
}

#[test]
fn grouped_x_chain_exact() {
    let s = shaped(|m| {
        row_only(m, 1, 1, &[1, 5]);
        for r in 4..=6 {
            for c in 1..=3 {
                if ![(4, 1), (5, 1), (6, 3)].contains(&(r, c)) {
                    m[rc(r, c)] &= !1;
                }
            }
        }
    });
    let found = find_all(&s, Technique::XChain, &Config::default());
    let t = texts(&found);
    assert_eq!(found.len(), 1, "{t:?}");
    assert!(
        t[0] == "X-Chain: (1)r1c5=(1)r1c1-(1)r4c1|r5c1=(1)r6c3 (length 3) => r6c5<>1"
            || t[0] == "X-Chain: (1)r6c3=(1)r4c1|r5c1-(1)r1c1=(1)r1c5 (length 3) => r6c5<>1",
        "{t:?}"
    );
    assert_eq!(found[0].evidence.chain[2].candidates.len(), 2);
}

/// Weak links go both ways in every mode (`condemned` looks for its candidates among the weak
/// neighbours of tagged nodes, so it relies on this), groups included.
fn assert_weak_links_symmetric<B: Basis>(s: &State<B>) -> usize {
    use nsudoku::logic::chains::tagging::{Mode, Tagging};
    use nsudoku::Mask;
    let mut pairs = 0;
    for mode in [Mode::X, Mode::Y, Mode::Xy] {
        let g = Tagging::new(s, mode).expect("a state with a solution colours");
        let mut links = std::collections::HashSet::new();
        let open = |a: u32| {
            let (cell, digit) = (a as usize / B::N, a as usize % B::N);
            !g.is_candidate(a) || (!s.is_solved(cell) && s.get(cell).has(digit))
        };
        for a in (0..g.ids() as u32).filter(|&a| open(a)) {
            g.weak(a, |b| {
                links.insert((a, b));
            });
        }
        for &(a, b) in &links {
            assert!(
                links.contains(&(b, a)),
                "{mode:?}: {a} {:?} - {b} {:?} but not back",
                g.node(a),
                g.node(b)
            );
            assert!(g.weakly_linked(a, b), "{mode:?}: weak({a}) gives {b}");
        }
        pairs += links.len();
    }
    pairs
}

#[test]
fn weak_links_are_symmetric() {
    let mut pairs = 0;
    for line in include_str!("../data/chains_9x9.txt").lines().take(10) {
        let mut s = state::<B3>(line);
        engine::reduce(&mut s, &Technique::SINGLES, &Config::default()).unwrap();
        pairs += assert_weak_links_symmetric(&s);
    }
    for line in include_str!("../data/chains_16x16.txt").lines().take(2) {
        let mut s = state::<B4>(line);
        engine::reduce(&mut s, &Technique::SINGLES, &Config::default()).unwrap();
        pairs += assert_weak_links_symmetric(&s);
    }
    assert!(pairs > 10_000, "only {pairs} links checked");
}

/// Inside `kept::scope` (as in `explain` and `rate`) the XY-mode table is kept from one
/// finder to the next: every chain finder still reports, state after state and puzzle after
/// puzzle, what a fresh run on another thread (outside the scope) reports.
#[test]
fn a_kept_table_serves_only_its_own_state() {
    let cfg = Config::default();
    let mut ts = Technique::SINGLES.to_vec();
    ts.extend(CHAINS);
    let fresh = |s: &State<B3>, t: Technique| {
        std::thread::scope(|sc| sc.spawn(|| find_all(s, t, &cfg)).join().unwrap())
    };
    let mut compared = 0;
    nsudoku::logic::kept::scope(|| {
        for line in include_str!("../data/chains_9x9.txt").lines().take(12) {
            let mut s = state::<B3>(line);
            for _ in 0..10 {
                for t in [Technique::NiceLoop, Technique::Aic, Technique::XChain] {
                    let found = find_all(&s, t, &cfg);
                    assert_eq!(found, fresh(&s, t), "{t:?}");
                    compared += !found.is_empty() as usize;
                }
                match engine::next_step(&s, &ts, &cfg) {
                    Some(d) => s.apply(&d).map(|_| ()).unwrap(),
                    None => break,
                }
            }
        }
    });
    assert!(compared > 50, "only {compared} runs found something");
}

/// A nice loop names its kind, as the chain shows it: a discontinuous one starts and ends at
/// the candidate it removes, by weak links (the loop breaks there); a continuous one closes
/// with a weak link after a strong one and removes candidates off the loop. Both kinds turn
/// up along the paths of the magictour fixtures.
#[test]
fn nice_loops_name_their_kind() {
    let text = std::fs::read_to_string("tests/data/9x9_magictour_top1465_first30.txt").unwrap();
    let only = [Technique::NiceLoop];
    let (mut continuous, mut discontinuous) = (0, 0);
    for line in text.lines().take(15) {
        let p = input::read_one(line, Default::default()).unwrap();
        let mut s = State::<B3>::of_puzzle(&p).unwrap();
        // Singles and nice loops alone: a loop wherever the path can take one.
        let mut list = Technique::SINGLES.to_vec();
        list.extend(only);
        let path = engine::solve_path(&mut s, &list, &Config::default(), usize::MAX);
        for d in path
            .steps
            .iter()
            .filter(|d| d.technique == Technique::NiceLoop)
        {
            let text = describe::<B3>(d);
            let chain = &d.evidence.chain;
            let (first, last) = (&chain[0], &chain[chain.len() - 2]);
            let weak = |n: &nsudoku::logic::ChainNode| n.link == Some(LinkKind::Weak);
            assert!(weak(last), "{text}: a loop closes with a weak link");
            if text.starts_with("Discontinuous Nice Loop: ") {
                discontinuous += 1;
                assert!(weak(first), "{text}");
                assert_eq!(d.eliminations, first.candidates, "{text}");
            } else {
                assert!(text.starts_with("Continuous Nice Loop: "), "{text}");
                continuous += 1;
                assert!(!weak(first), "{text}");
                let on_loop = |c| chain.iter().any(|n| n.candidates.contains(c));
                assert!(!d.eliminations.iter().any(on_loop), "{text}");
            }
            let links = format!(" (length {}) => ", d.chain_length());
            assert!(text.contains(&links), "{text}");
        }
    }
    assert!(
        continuous > 0 && discontinuous > 0,
        "{continuous} / {discontinuous}"
    );
}

/// A chain length past `u32::MAX` is as good as unbounded: it once wrapped to a small cap
/// (2³² to none, 2³² + 1 to one link), and the chains and multiple forcing chains were gone.
#[test]
fn a_huge_chain_length_is_no_bound() {
    let s = state::<B3>(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    );
    let texts = |chain_length: usize, t: Technique| -> Vec<String> {
        let cfg = Config {
            chain_length,
            ..Config::default()
        };
        find_all(&s, t, &cfg).iter().map(describe::<B3>).collect()
    };
    for t in [Technique::Aic, Technique::CellForcingChain] {
        let unbounded = texts(1_000, t);
        assert!(!unbounded.is_empty(), "{t:?}");
        for huge in [1 << 32, (1 << 32) + 1, usize::MAX] {
            assert_eq!(texts(huge, t), unbounded, "{t:?} at {huge}");
        }
    }
}
