//! Solution counts on small fixtures of every basis 2..=5, in tdoku's `puzzle:count:solution`
//! form (tests/data/basisK.txt; sources and how the counts were made in tests/data/README.md).
//!
//! Every solution the engine enumerates is checked independently: it is a valid grid (every
//! house rebuilt from scratch by `grid::is_valid_solution`), it keeps the givens, no two are
//! alike, and the number of them is the fixture's count. Each fixture runs under every engine
//! tuning, since the inferences may change the tree but never the count.

use nsudoku::input::{self, ReadOptions};
use nsudoku::solver::{dlx, Exceeded, SolveOptions, Solver, Tuning};
use nsudoku::{grid, solve, with_basis, Grid};

struct Case {
    line: usize,
    puzzle: nsudoku::Puzzle,
    count: usize,
    solution: Option<Vec<u8>>,
}

fn cases(name: &str, k: usize) -> Vec<Case> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture file");
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let mut parts = l.split(':');
        let (p, c, s) = (parts.next().unwrap(), parts.next(), parts.next());
        let puzzle = input::read_one(p, ReadOptions::default()).expect("fixture puzzle parses");
        assert_eq!(puzzle.k, k, "{name}:{}: basis", i + 1);
        let count: usize = c.expect("count field").parse().expect("count is a number");
        let solution = s.filter(|s| !s.is_empty()).map(|s| {
            let opts = ReadOptions {
                alphabet: Some(puzzle.alphabet),
                ..ReadOptions::default()
            };
            input::read_one(s, opts).expect("solution parses").digits()
        });
        assert_eq!(solution.is_some(), count == 1, "{name}:{}", i + 1);
        out.push(Case {
            line: i + 1,
            puzzle,
            count,
            solution,
        });
    }
    assert!(out.len() >= 4, "{name}: too few fixtures");
    for want in [0, 1] {
        assert!(
            out.iter().any(|c| c.count == want),
            "{name}: no case of {want}"
        );
    }
    assert!(
        out.iter().any(|c| c.count > 1),
        "{name}: no case of several"
    );
    out
}

/// All 256 combinations of the depth-first settings (with the 9×9 band engine on and off), then the other engines and the costlier
/// probing settings on a sub-grid (each tried with and without locked candidates and probing;
/// the full product would multiply the test time by 8 for settings that share their code).
fn tunings() -> Vec<Tuning> {
    let mut v = Vec::new();
    for bits in 0..256 {
        v.push(Tuning {
            locked_candidates: bits & 1 != 0,
            probe: bits & 2 != 0,
            place_branching: bits & 4 != 0,
            planes: bits & 8 != 0,
            wdeg: bits & 16 != 0,
            restarts: bits & 32 != 0,
            probe_root: bits & 64 != 0,
            bands: bits & 128 != 0,
            // 16×16: a band phase cut after 2 nodes (the cell-mask engine starts over), or
            // one that finishes.
            band_nodes: if bits & 1 != 0 { 2 } else { 10_000 },
            // Its root probing switched with the cell-mask engine's.
            band_probe: bits & 2 != 0,
            // Naked and hidden pairs at its nodes (16×16 by default; 9×9 as an option).
            band_pairs: bits & 16 != 0,
            // Pattern value ordering (near-empty grids: the empty 4×4 and the one of two
            // givens), re-fitted by each restart.
            pattern: bits & 32 != 0,
            // Grid copies at one branch in 3, the others replayed (forced to 1 with probing).
            snapshot_every: if bits & 4 != 0 { 3 } else { 1 },
            // Room for two copies: the spacing doubles as the search goes deep.
            snapshot_bytes: if bits & 64 != 0 { 0 } else { 1 << 28 },
            root_sac: false,
            probe_arity: 2,
            probe_locked: true,
            cdcl: false,
            cdcl_after: 0,
            cdcl_reasons: false,
            cdcl_shrink: false,
            cdcl_stable: false,
        });
    }
    for bits in 0..16 {
        let base = Tuning {
            locked_candidates: bits & 1 != 0,
            probe: bits & 2 != 0,
            wdeg: bits & 4 != 0,
            root_sac: bits & 8 != 0,
            ..Tuning::for_basis(5)
        };
        // The CDCL from the root, so that it counts every fixture (after 30 dead ends, as
        // by default from 25×25, the depth-first search settles them all first).
        v.push(Tuning {
            cdcl: true,
            cdcl_after: 0,
            ..base
        });
        // Reason-side bumping and shrinking off, stable mode on (the defaults from 36×36 up).
        v.push(Tuning {
            cdcl: true,
            cdcl_after: 3,
            cdcl_reasons: false,
            cdcl_shrink: false,
            cdcl_stable: true,
            ..base
        });
        v.push(Tuning {
            probe_arity: 3,
            ..base
        });
        v.push(Tuning {
            probe_locked: false,
            ..base
        });
    }
    v
}

/// Every solution of `c` (up to count + 1) under `tuning`.
fn enumerate(c: &Case, tuning: Tuning) -> Vec<Vec<u8>> {
    let opts = SolveOptions {
        limit: c.count + 1,
        ..SolveOptions::default()
    };
    with_basis!(c.puzzle.k, B => {
        let mut s = Solver::<B>::with_tuning(opts, tuning);
        let mut sols = Vec::new();
        let r = s.search(&Grid::<B>::from_masks(&c.puzzle.masks), &mut |g: &Grid<B>| {
            sols.push(g.to_digits());
            true
        });
        assert!(!r.budget_exceeded());
        assert_eq!(r.solutions, sols.len());
        sols
    })
}

fn check(name: &str, k: usize) {
    for c in cases(name, k) {
        let givens = c.puzzle.digits();
        for tuning in tunings() {
            let what = format!("{name}:{} with {tuning:?}", c.line);
            let mut sols = enumerate(&c, tuning);
            assert_eq!(sols.len(), c.count, "{what}: solution count");
            for s in &sols {
                assert!(grid::is_valid_solution(k, s), "{what}: invalid solution");
                assert!(grid::keeps_givens(&givens, s), "{what}: givens lost");
            }
            if let Some(want) = &c.solution {
                assert_eq!(&sols[0], want, "{what}: wrong solution");
            }
            sols.sort();
            sols.dedup();
            assert_eq!(sols.len(), c.count, "{what}: a solution came twice");
        }
        // The runtime entry point, counting to 2 as the CLI does.
        let r = solve::count(&c.puzzle, &SolveOptions::default());
        assert_eq!(r.solutions, c.count.min(2), "{name}:{}", c.line);
        assert_eq!(r.limit_reached, c.count >= 2, "{name}:{}", c.line);
        assert_eq!(r.first.is_some(), c.count > 0, "{name}:{}", c.line);
        if let Some(f) = &r.first {
            assert!(grid::is_valid_solution(k, f) && grid::keeps_givens(&givens, f));
        }
        // Counting without keeping a solution: the same count and search, no solution.
        let o = solve::count_only(&c.puzzle, &SolveOptions::default());
        let what = format!("{name}:{} count_only", c.line);
        assert_eq!(
            (o.solutions, o.limit_reached, o.budget_exceeded()),
            (r.solutions, r.limit_reached, r.budget_exceeded()),
            "{what}"
        );
        assert_eq!(o.stats.nodes, r.stats.nodes, "{what}: nodes");
        assert!(o.first.is_none(), "{what}: kept a solution");
        // The dancing-links baseline of `bench --baseline dlx` counts the same, exactly.
        let d = with_basis!(k, B => {
            let g = Grid::<B>::from_masks(&c.puzzle.masks);
            dlx::count(&g, c.count + 1, None)
        });
        let what = format!("{name}:{} dlx", c.line);
        assert_eq!((d.solutions, d.limit_reached), (c.count, false), "{what}");
        match &d.first {
            Some(f) => {
                assert!(
                    grid::is_valid_solution(k, f) && grid::keeps_givens(&givens, f),
                    "{what}"
                );
                if let Some(want) = &c.solution {
                    assert_eq!(f, want, "{what}");
                }
            }
            None => assert_eq!(c.count, 0, "{what}"),
        }
    }
}

#[test]
fn basis2_counts() {
    check("basis2.txt", 2);
}

#[test]
fn basis3_counts() {
    check("basis3.txt", 3);
}

#[test]
fn basis4_counts() {
    check("basis4.txt", 4);
}

#[test]
fn basis5_counts() {
    check("basis5.txt", 5);
}

/// A node budget stops the search and says so.
#[test]
fn budget_is_reported() {
    let c = &cases("basis2.txt", 2)[0];
    let opts = SolveOptions {
        limit: 1000,
        max_nodes: Some(3),
        ..SolveOptions::default()
    };
    let r = solve::count(&c.puzzle, &opts);
    assert_eq!(r.stopped, Some(Exceeded::Nodes));
    assert!(r.solutions < 288);
}

/// The CDCL takes over from a depth-first search that keeps failing, not from one that keeps
/// going forward: the empty 36×36 and 49×49 grids find two solutions in a few thousand
/// depth-first nodes (handed over after 30 nodes, 36×36 took 8 million CDCL decisions).
#[test]
fn empty_large_grids_are_left_to_the_depth_first_search() {
    use nsudoku::basis::{B6, B7};
    fn two<B: nsudoku::Basis>() -> nsudoku::solver::SearchStats {
        let g = Grid::<B>::from_masks(&vec![(1u128 << B::N) - 1; B::CELLS]);
        let opts = SolveOptions {
            limit: 2,
            ..SolveOptions::default()
        };
        let c = Solver::<B>::new(opts).count(&g);
        assert!(c.limit_reached, "{}x{}", B::N, B::N);
        c.stats
    }
    for stats in [two::<B6>(), two::<B7>()] {
        assert!(stats.guesses < 10_000, "{stats:?}");
    }
}

/// Near-empty grids follow a pattern solution fitted to their givens: two solutions within a
/// node budget the search in digit order overran (36×36 with 2 givens: 8,604 nodes, most of
/// them the CDCL's; 64×64 with 10: over 20,000), each found by the depth-first search.
#[test]
fn near_empty_large_grids_follow_a_pattern() {
    use nsudoku::basis::{B6, B8};
    fn two<B: nsudoku::Basis>(givens: &[(usize, usize, u8)], max_nodes: u64) {
        let mut digits = vec![0u8; B::CELLS];
        for &(r, c, d) in givens {
            digits[r * B::N + c] = d;
        }
        let opts = SolveOptions {
            limit: 2,
            max_nodes: Some(max_nodes),
            ..SolveOptions::default()
        };
        let mut sols = Vec::new();
        let c = Solver::<B>::new(opts).search(&Grid::from_digits(&digits), &mut |g| {
            sols.push(g.to_digits());
            true
        });
        let what = format!("{}x{}: {:?}", B::N, B::N, c.stats);
        assert!(c.limit_reached && !c.budget_exceeded(), "{what}");
        assert_ne!(sols[0], sols[1], "{what}");
        for s in &sols {
            assert!(grid::is_valid_solution(B::K, s), "{what}");
            assert!(grid::keeps_givens(&digits, s), "{what}");
        }
    }
    two::<B6>(&[(11, 13, 11), (22, 13, 4)], 2_000);
    let x64 = [
        (3, 49, 25),
        (11, 25, 8),
        (19, 25, 34),
        (19, 41, 56),
        (21, 4, 45),
        (24, 3, 47),
        (31, 18, 20),
        (41, 1, 34),
        (57, 12, 3),
        (58, 16, 45),
    ];
    two::<B8>(&x64, 5_000);
}

/// A solver reused across puzzles, as a batch's worker threads reuse theirs, gives each puzzle
/// the same tree as a fresh solver: what earlier puzzles taught the branching heuristic (the
/// dom/wdeg conflict weights) is forgotten. Otherwise `bench` rows and `solve` would differ.
#[test]
fn a_reused_solver_searches_as_a_fresh_one() {
    let path = format!(
        "{}/tests/data/25x25_gen_g300_10_first3.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("fixture file");
    let puzzles: Vec<_> = text
        .lines()
        .map(|l| input::read_one(l, ReadOptions::default()).expect("fixture puzzle parses"))
        .collect();
    let opts = SolveOptions::default();
    let mut reused = Solver::<nsudoku::basis::B5>::new(opts);
    // Twice through, so that every puzzle comes after others.
    for p in puzzles.iter().chain(&puzzles) {
        let g = Grid::from_masks(&p.masks);
        let fresh = Solver::<nsudoku::basis::B5>::new(opts).count(&g);
        let again = reused.count(&g);
        assert_eq!(again.stats, fresh.stats, "line {}", p.line);
        assert_eq!(again.first, fresh.first, "line {}", p.line);
        assert!(fresh.is_unique(), "line {}", p.line);
    }
}

/// From 36×36 up the depth-first search keeps a grid copy at one branch in 16 and rebuilds the
/// others by replaying its choices: the same tree, the same solutions and counts as with a copy
/// at every branch, on grids that backtrack (holes dug into a grid; depth-first alone and with
/// the CDCL after it) and one that goes deep (an empty grid). So too when the copies' room
/// (`snapshot_bytes`) is spent and they are thinned: room for two, as deep 225×225 searches
/// run out of 256 MB.
#[test]
fn replayed_branches_search_as_copied_ones() {
    use nsudoku::basis::B6;
    use nsudoku::generate::{pattern_grid, Rng};
    let mut rng = Rng::new(36);
    let mut grids = vec![vec![0u8; 36 * 36]];
    for holes in [60, 65, 70, 75] {
        let mut digits = pattern_grid(6, &mut rng);
        for d in digits.iter_mut() {
            if rng.below(100) < holes {
                *d = 0;
            }
        }
        grids.push(digits);
    }
    let mut backtracked = 0;
    for (i, digits) in grids.iter().enumerate() {
        let g = Grid::<B6>::from_digits(digits);
        for cdcl in [false, true] {
            let run = |every: u32, bytes: usize| {
                let tuning = Tuning {
                    snapshot_every: every,
                    snapshot_bytes: bytes,
                    cdcl,
                    ..Tuning::for_basis(6)
                };
                let opts = SolveOptions {
                    limit: 3,
                    max_nodes: Some(5_000),
                    ..SolveOptions::default()
                };
                let mut sols = Vec::new();
                let c = Solver::<B6>::with_tuning(opts, tuning).search(&g, &mut |s| {
                    sols.push(s.to_digits());
                    true
                });
                (c.stats, c.solutions, c.budget_exceeded(), sols)
            };
            let room = Tuning::for_basis(6).snapshot_bytes;
            let copied = run(1, room);
            // Depth-first, a branch whose last alternative was taken (a node that is no
            // guess) was gone back to.
            backtracked += usize::from(!cdcl && copied.0.nodes > copied.0.guesses + 10);
            for (every, bytes) in [(2, room), (3, room), (16, room), (2, 0), (16, 0)] {
                assert_eq!(
                    run(every, bytes),
                    copied,
                    "grid {i}, CDCL {cdcl}, a copy every {every}, room {bytes}"
                );
            }
        }
    }
    assert!(
        backtracked > 0,
        "no grid backtracked: the replay went untested"
    );
}

/// The logic layer's depth-first search (`solve --node-reduce`) counts as the engine does,
/// whatever runs at its nodes: the fixtures' counts (up to 50), each solution valid and
/// keeping the givens, and a node budget that stops it said so.
#[test]
fn the_logic_search_counts_as_the_engine() {
    use nsudoku::logic::Technique;
    let lists: [&[Technique]; 3] = [
        &[],
        &[
            Technique::Pointing,
            Technique::Claiming,
            Technique::NakedTuple(2),
            Technique::HiddenTuple(2),
        ],
        &[
            Technique::Fish(2),
            Technique::XyzWing,
            Technique::XChain,
            Technique::YCycle,
        ],
    ];
    for (name, k) in [("basis2.txt", 2), ("basis3.txt", 3), ("basis4.txt", 4)] {
        for c in cases(name, k) {
            let limit = c.count.min(50) + 1;
            let opts = SolveOptions {
                limit,
                ..SolveOptions::default()
            };
            for &list in &lists {
                let r = solve::count_with_node_reduce(&c.puzzle, &opts, &[], list);
                let at = format!("{name}:{} with {list:?}", c.line);
                assert_eq!(r.solutions, c.count.min(limit), "{at}");
                assert_eq!(r.limit_reached, c.count >= limit, "{at}");
                assert_eq!(r.stopped, None, "{at}");
                if let Some(first) = &r.first {
                    assert!(grid::is_valid_solution(k, first), "{at}: not a valid grid");
                    let givens = c.puzzle.digits();
                    let kept = givens.iter().zip(first).all(|(&g, &s)| g == 0 || g == s);
                    assert!(kept, "{at}: a given changed");
                }
                if c.count == 1 {
                    assert_eq!(r.first, c.solution, "{at}");
                }
            }
        }
    }
    // A budget stops it.
    let c = &cases("basis2.txt", 2)[0];
    let opts = SolveOptions {
        limit: 1000,
        max_nodes: Some(3),
        ..SolveOptions::default()
    };
    let r = solve::count_with_node_reduce(&c.puzzle, &opts, &[], &[]);
    assert_eq!(r.stopped, Some(Exceeded::Nodes));
    // Nodes are counted as they are visited, and the budget is spent to the last one.
    assert_eq!(r.stats.nodes, 3);
    assert!(r.solutions < 288);
}
