//! Puzzle generation for any basis: a random full grid, then givens dug out one by one (or one
//! symmetry orbit at a time) while the solution stays unique.
//!
//! **Grids.** Up to 64×64, each grid comes from its own randomized depth-first search from the
//! empty grid (from 81×81 up, from a shuffled pattern: [`pattern_grid`]):
//! the branching cell is a fewest-candidates cell with ties broken at random, and its digits are
//! tried in random order, with the engine's propagation ([`Solver::assign`]) after every choice.
//! So grids differ in structure, not only by relabelling. (This is not an exactly uniform sample
//! of all grids: randomized search favours grids with more solutions along its path; no known
//! practical method samples exactly uniformly above 9×9.) A search that runs over its node budget
//! restarts with fresh random choices.
//!
//! **Digging.** Cells (or orbits, under a [`Symmetry`]) are visited in random order; a cell's
//! given goes when the puzzle stays unique. For a single cell holding digit `d` that means: the
//! puzzle without it has no solution with anything but `d` there (one search with limit 1). A
//! check that runs over the node budget keeps the given; most checks near the end of digging
//! do, so they start the CDCL at once rather than after 30 depth-first dead ends as a solve
//! does, and get to their budget 4× sooner at 25×25. Removing a given can only add
//! solutions, so a given that cannot go now cannot go later: one pass gives a minimal puzzle
//! when no check ran over budget, and [`GenOptions::minimal`] re-checks those without a budget.
//!
//! **Parallel checks.** The exact re-checks, and from 36×36 up the budgeted ones too, check a
//! batch of orbits at once on the caller's rayon pool and keep what a sequential pass would
//! (`dig_pass`).
//!
//! **Exact re-checks.** From 25×25 up they are most of a minimal puzzle's time, and nearly all
//! find a second solution (the given stays): checked one at a time, `-k 5 -n 1 --seed 2
//! --minimal` made 265, 256 of them such, 0.29 s each, the 9 others 0.24 s. Tried on that
//! puzzle and not kept: the CDCL's phases and the depth-first value order set to the known
//! solution (49 of the checks took 238 s: the search keeps returning to the one solution the
//! check excludes); the CDCL at once, or in stable mode (made for satisfiable instances):
//! 110 s and 90 s for the 256 against 74 s (each run beside another on the two cores); first
//! a check with every open cell outside the given's band and stack filled from the solution
//! (a solution of that puzzle is one of the whole): it settled 28 of the 256.
//!
//! **Reproducibility.** Puzzle `i` of a run with seed `s` uses its own generator seeded from
//! [`puzzle_seed`]`(s, i)`, so the output does not depend on the number of threads.

use crate::basis::Basis;
use crate::grid::Grid;
use crate::logic::{self, State, Technique};
use crate::mask::Mask;
use crate::solver::{Count, SolveOptions, Solver, Tuning};
use crate::with_basis;
use std::fmt;
use std::str::FromStr;

/// A small, fast pseudo-random generator (xoshiro256**, seeded through splitmix64). Not for
/// cryptography; good enough for shuffles, and the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

/// One step of splitmix64: a good 64-bit mixing function.
pub fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        let mut x = seed;
        Rng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let out = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-and-reject.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            let low = m as u64;
            if low >= n.wrapping_neg() % n {
                return (m >> 64) as usize;
            }
        }
    }

    /// Shuffle `v` uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }

    /// A uniformly chosen member of the non-empty mask `m`.
    pub fn member<M: Mask>(&mut self, m: M) -> usize {
        let i = self.below(m.count() as usize);
        m.iter().nth(i).expect("index below the member count")
    }
}

/// The seed of puzzle `index` in a run seeded with `seed`.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut x = seed;
    let a = splitmix64(&mut x);
    let mut y = a ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut y)
}

/// Which cells must be given or empty together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// 180° rotation about the centre: `(r, c)` with `(N-1-r, N-1-c)`.
    Rotational,
    /// 90° rotation: orbits of four cells.
    Quarter,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Reflection in the anti-diagonal: `(r, c)` with `(N-1-c, N-1-r)`.
    AntiDiagonal,
    /// Left–right mirror: `(r, c)` with `(r, N-1-c)`.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, for help and error messages.
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Quarter,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Mirror,
    ];

    /// The images of cell `(r, c)` in an `n`×`n` grid under the symmetry's group.
    fn images(self, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
        let m = n - 1;
        match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rotational => vec![(r, c), (m - r, m - c)],
            Symmetry::Quarter => vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
            Symmetry::AntiDiagonal => vec![(r, c), (m - c, m - r)],
            Symmetry::Mirror => vec![(r, c), (r, m - c)],
        }
    }

    /// The orbits of the cells of an `n`×`n` grid: each cell in exactly one, smallest cell
    /// first, orbits in order of their smallest cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for cell in 0..n * n {
            if seen[cell] {
                continue;
            }
            let mut orbit: Vec<usize> = self
                .images(n, cell / n, cell % n)
                .into_iter()
                .map(|(r, c)| r * n + c)
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &o in &orbit {
                seen[o] = true;
            }
            out.push(orbit);
        }
        out
    }

    /// True when the givens of `digits` (non-zero cells) form a pattern with this symmetry.
    pub fn holds(self, n: usize, digits: &[u8]) -> bool {
        self.orbits(n)
            .iter()
            .all(|o| o.iter().all(|&c| (digits[c] == 0) == (digits[o[0]] == 0)))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Quarter => "quarter",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Mirror => "mirror",
        })
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Symmetry::ALL
            .into_iter()
            .find(|x| x.to_string() == s)
            .ok_or_else(|| {
                let names: Vec<String> = Symmetry::ALL.iter().map(|x| x.to_string()).collect();
                format!("unknown symmetry '{s}'; expected {}", names.join(", "))
            })
    }
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// Pattern symmetry of the givens.
    pub symmetry: Symmetry,
    /// Re-check every given kept because a check ran over budget, without a budget, so that no
    /// given (no orbit, under a symmetry) can be removed.
    pub minimal: bool,
    /// Stop digging at this many givens; a puzzle that ends above it is a failed attempt.
    pub givens: Option<usize>,
    /// The puzzle must need these techniques: logic with every easier technique gets stuck, and
    /// with them added it solves the puzzle. Digging then keeps it solvable with them.
    pub technique: Option<Vec<Technique>>,
    /// Node budget of one uniqueness check (over budget keeps the given); `None` picks by
    /// basis with [`default_max_nodes`].
    pub max_nodes: Option<u64>,
    /// Attempts (fresh grids) per puzzle before giving up on `givens` or `technique`.
    pub attempts: usize,
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            symmetry: Symmetry::None,
            minimal: false,
            givens: None,
            technique: None,
            max_nodes: None,
            attempts: 1000,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// Givens, 0 = empty.
    pub puzzle: Vec<u8>,
    /// Its one solution.
    pub solution: Vec<u8>,
    /// Attempts (grids) it took.
    pub attempts: usize,
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// The basis is outside what this build supports.
    Basis(usize),
    /// `technique` names no technique: no puzzle can need it.
    NoTechnique,
    /// `technique` names a uniqueness technique: digging checks uniqueness by solving with
    /// logic, which those techniques would make unsound.
    Uniqueness(Technique),
    /// No attempt met the `givens` target or the `technique` requirement.
    NotFound {
        /// Attempts made.
        attempts: usize,
        /// What was asked, for the message.
        wanted: String,
        /// When no attempt met the `givens` target: the fewest givens one was dug to.
        fewest: Option<usize>,
    },
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Basis(k) => write!(
                f,
                "basis {k} is not supported by the generator; expected {}..={}",
                crate::basis::LOGIC.start(),
                crate::basis::LOGIC.end()
            ),
            GenError::NoTechnique => {
                f.write_str("no technique given for the puzzles to need; expected at least one")
            }
            GenError::Uniqueness(t) => write!(
                f,
                "cannot dig for {}: it assumes the uniqueness that digging checks by logic; \
                 expected a technique that does not rest on uniqueness",
                t.cli_name()
            ),
            GenError::NotFound {
                attempts,
                wanted,
                fewest,
            } => {
                let s = if *attempts == 1 { "" } else { "s" };
                write!(f, "no puzzle {wanted} found in {attempts} attempt{s}")?;
                match fewest {
                    // Digging keeps a given whose check runs over budget: below some count
                    // every attempt stops at about the same place, and only a budget helps.
                    Some(g) => write!(
                        f,
                        " (the fewest givens reached: {g}); raise --max-nodes (a check over it \
                         keeps its given) or --attempts, or relax the request"
                    ),
                    None => f.write_str("; raise --attempts or relax the request"),
                }
            }
        }
    }
}

impl std::error::Error for GenError {}

/// The default node budget of one uniqueness check at basis `k`. Checks on 9×9 never come
/// near it. From 16×16 up a few checks near the end of digging take very long (a 25×25 puzzle
/// dug with 10,000 took a minute, against under a second with 100, for about 1% more givens),
/// and the puzzles they would allow are also the ones a solver finds hardest.
pub fn default_max_nodes(k: usize) -> u64 {
    match k {
        0..=3 => 10_000,
        4 => 1_000,
        _ => 100,
    }
}

/// A random full grid (digits 1..=N), from a randomized search on the empty grid; from 81×81
/// up, from the pattern ([`pattern_grid`]).
pub fn random_solution<B: Basis>(rng: &mut Rng) -> Vec<u8> {
    if B::K >= 9 {
        return pattern_grid(B::K, rng);
    }
    let mut solver = Solver::<B>::new(SolveOptions {
        limit: 1,
        ..SolveOptions::default()
    });
    // Generous enough that restarts are rare; small enough that an unlucky early choice does
    // not cost much.
    let budget = 4 * B::CELLS as u64 + 1000;
    loop {
        if let Some(s) = random_fill::<B>(&mut solver, rng, budget) {
            return s;
        }
    }
}

/// A full grid of basis `k` from the shifted pattern `(K·(r mod K) + r div K + c) mod N`,
/// relabelled and shuffled by the moves that keep a grid valid: digits, rows inside bands,
/// bands, columns inside stacks, stacks, and a transposition. Valid by construction, without a
/// search: the generator's grids from 81×81 up (the randomized search needs 18-50 s and 0.6 GB
/// to fill an 81×81 and did not fill a 100×100 in two minutes, losing its way near the end as
/// on an empty grid), and test inputs that must not depend on the solver. The grids are far
/// less varied than searched ones: each is the pattern under those moves.
pub fn pattern_grid(k: usize, rng: &mut Rng) -> Vec<u8> {
    let n = k * k;
    let mut lines = || {
        let mut bands: Vec<usize> = (0..k).collect();
        rng.shuffle(&mut bands);
        let mut order = Vec::with_capacity(n);
        for b in bands {
            let mut inner: Vec<usize> = (0..k).collect();
            rng.shuffle(&mut inner);
            order.extend(inner.into_iter().map(|i| b * k + i));
        }
        order
    };
    let (rows, cols) = (lines(), lines());
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let transpose = rng.below(2) == 1;
    let mut grid = vec![0u8; n * n];
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let at = if transpose { c * n + r } else { r * n + c };
            grid[at] = digits[(k * (pr % k) + pr / k + pc) % n];
        }
    }
    grid
}

struct Frame<B: Basis> {
    grid: Grid<B>,
    cell: usize,
    rest: B::Mask,
}

/// One randomized depth-first search, or `None` when it ran over `budget` nodes.
fn random_fill<B: Basis>(solver: &mut Solver<B>, rng: &mut Rng, budget: u64) -> Option<Vec<u8>> {
    let mut g = Grid::<B>::empty();
    // The first box is any permutation: relabelling maps grids to grids one to one, so this
    // fixes nothing about the distribution and saves N decisions.
    let mut perm: Vec<usize> = (0..B::N).collect();
    rng.shuffle(&mut perm);
    let t = B::topology();
    let first_box = t.house(2 * B::N);
    for (&cell, &d) in first_box.iter().zip(&perm) {
        solver.assign(&mut g, cell as usize, d).ok()?;
    }
    let mut stack: Vec<Frame<B>> = Vec::new();
    let mut nodes = 0u64;
    'node: loop {
        let Some(cell) = random_fewest::<B>(&g, rng) else {
            return Some(g.to_digits());
        };
        stack.push(Frame {
            grid: g,
            cell,
            rest: g.get(cell),
        });
        loop {
            let f = stack.last_mut()?;
            if f.rest.is_empty() {
                stack.pop();
                continue;
            }
            nodes += 1;
            if nodes > budget {
                return None;
            }
            let d = rng.member(f.rest);
            f.rest &= !B::Mask::bit(d);
            g = f.grid;
            let cell = f.cell;
            if solver.assign(&mut g, cell, d).is_ok() {
                continue 'node;
            }
        }
    }
}

/// An open cell with the fewest candidates, ties broken at random; `None` when all are placed.
fn random_fewest<B: Basis>(g: &Grid<B>, rng: &mut Rng) -> Option<usize> {
    let masks = g.masks();
    let start = rng.below(B::CELLS);
    let (mut best, mut best_count) = (None, u32::MAX);
    for i in 0..B::CELLS {
        let c = (start + i) % B::CELLS;
        let n = masks[c].count();
        if n > 1 && n < best_count {
            best = Some(c);
            best_count = n;
            if n == 2 {
                break;
            }
        }
    }
    best
}

/// Outcome of a uniqueness check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unique {
    Yes,
    No,
    Unknown,
}

/// Is `digits` (which has the solution `solution`) still unique once the cells of `orbit` are
/// emptied? `digits` must already have them emptied.
fn unique_without<B: Basis>(
    solver: &mut Solver<B>,
    digits: &[u8],
    solution: &[u8],
    orbit: &[usize],
) -> Unique {
    let mut g = Grid::<B>::from_digits(digits);
    let c: Count = if let [cell] = orbit {
        // Unique iff no solution puts anything else at `cell`.
        let d = solution[*cell] as usize - 1;
        g.set(*cell, B::all() & !B::Mask::bit(d));
        let c = solver.count_only(&g);
        if c.budget_exceeded() {
            return Unique::Unknown;
        }
        return if c.solutions == 0 {
            Unique::Yes
        } else {
            Unique::No
        };
    } else {
        solver.count_only(&g)
    };
    if c.budget_exceeded() {
        Unique::Unknown
    } else if c.is_unique() {
        Unique::Yes
    } else {
        Unique::No
    }
}

/// Logic requirement of `--technique`: the technique lists with and without the target.
struct Need {
    without: Vec<Technique>,
    with: Vec<Technique>,
}

impl Need {
    fn new(n: usize, target: &[Technique]) -> Self {
        let first = target.iter().map(|t| t.order()).min().unwrap_or(0);
        let without: Vec<Technique> = logic::technique::default_order(n)
            .into_iter()
            .filter(|t| t.order() < first && !target.contains(t))
            .collect();
        let mut with = without.clone();
        with.extend_from_slice(target);
        with.sort_by_key(|t| t.order());
        with.dedup();
        Need { without, with }
    }
}

/// True when logic with `techniques` solves `digits` completely.
pub fn solved_by<B: Basis>(digits: &[u8], techniques: &[Technique]) -> bool {
    let Ok(mut s) = State::new(Grid::<B>::from_digits(digits)) else {
        return false;
    };
    let cfg = logic::Config::default();
    logic::engine::reduce(&mut s, techniques, &cfg).is_ok() && s.is_complete()
}

/// True when `digits` needs `target`: logic with every technique easier than it gets stuck, and
/// with `target` added it solves the puzzle.
pub fn needs<B: Basis>(digits: &[u8], target: &[Technique]) -> bool {
    let need = Need::new(B::N, target);
    let Ok(mut s) = State::new(Grid::<B>::from_digits(digits)) else {
        return false;
    };
    let cfg = logic::Config::default();
    if logic::engine::reduce(&mut s, &need.without, &cfg).is_err() || s.is_complete() {
        return false;
    }
    logic::engine::reduce(&mut s, &need.with, &cfg).is_ok() && s.is_complete()
}

/// Dig givens out of the full grid `solution` in random order. Returns the puzzle.
pub fn dig<B: Basis>(solution: &[u8], opts: &GenOptions, rng: &mut Rng) -> Vec<u8> {
    // A check that runs over budget keeps its given, so what matters is how fast it gets
    // there: the CDCL at once, not after 30 probing depth-first dead ends (25×25 `-n 12`:
    // 36.5 s → 8.6 s, 271.3 → 271.8 givens a puzzle; 16×16 hands over at once already).
    let check_tuning = Tuning {
        cdcl_after: 0,
        ..Tuning::for_basis(B::K)
    };
    let limited = SolveOptions {
        limit: 2,
        max_nodes: Some(opts.max_nodes.unwrap_or(default_max_nodes(B::K))),
        ..SolveOptions::default()
    };
    let need = opts.technique.as_ref().map(|t| Need::new(B::N, t));
    let mut orbits = opts.symmetry.orbits(B::N);
    rng.shuffle(&mut orbits);
    let orbits: Vec<&Vec<usize>> = orbits.iter().collect();
    let mut digits = solution.to_vec();
    // Solvable by sound logic implies unique, as the full grid is a solution.
    let check = |solver: &mut Solver<B>, digits: &[u8], orbit: &[usize]| match &need {
        Some(need) if solved_by::<B>(digits, &need.with) => Unique::Yes,
        Some(_) => Unique::No,
        None => unique_without(solver, digits, solution, orbit),
    };
    let budgeted = || Solver::<B>::with_tuning(limited, check_tuning);
    // Logic that gets stuck might not once a given goes: only a count's "stays" is kept.
    let keeps = need.is_none();
    // Below 36×36 about half these checks say "goes", so a batch's later verdicts are mostly
    // checked again, and the checks are quick: in parallel, `-k 3 -n 2000`, `-k 4 -n 200` and
    // `-k 5 -n 8` on two threads took 2.4×, 1.25× and 1.5× the CPU.
    let parallel = B::K >= 6;
    let unknown = dig_pass(
        &mut digits,
        &orbits,
        opts.givens,
        budgeted,
        check,
        keeps,
        parallel,
    );
    if opts.minimal && !unknown.is_empty() {
        let exact = || {
            Solver::<B>::new(SolveOptions {
                limit: 2,
                ..SolveOptions::default()
            })
        };
        let check = |solver: &mut Solver<B>, digits: &[u8], orbit: &[usize]| {
            unique_without(solver, digits, solution, orbit)
        };
        dig_pass(&mut digits, &unknown, opts.givens, exact, check, true, true);
    }
    digits
}

/// Empty the cells of each orbit of `orbits` in turn, keeping them emptied when `check` finds
/// the puzzle still unique and refilling them otherwise, until at most `givens` givens are
/// left. Returns the orbits whose (budgeted) check did not settle them, in order.
///
/// When `parallel`, on a rayon pool the caller chose (the CLI's has room on its stacks for the
/// largest grids), the checks run in parallel batches, each thread with a solver of its own from `solver`;
/// elsewhere on the caller's thread, one at a time. A batch runs on one puzzle, and its
/// verdicts are taken in order up to the first orbit that goes. The checks after it are done
/// again on the new puzzle, except, when `keeps`, those that found a second solution: removing
/// givens only adds solutions, so a given needed now is needed once fewer are left. The
/// puzzle is the one a single thread digs, whatever the number of threads. So are the orbits
/// returned, less any whose given a check found needed on a puzzle earlier in the pass (they
/// would be found needed again).
fn dig_pass<'o, B: Basis>(
    digits: &mut [u8],
    orbits: &[&'o Vec<usize>],
    givens: Option<usize>,
    solver: impl Fn() -> Solver<B> + Sync,
    check: impl Fn(&mut Solver<B>, &[u8], &[usize]) -> Unique + Sync,
    keeps: bool,
    parallel: bool,
) -> Vec<&'o Vec<usize>> {
    use rayon::prelude::*;
    let pooled = parallel && rayon::current_thread_index().is_some();
    // Several checks a thread, so that one long check does not hold the batch's other threads
    // idle (checks vary from milliseconds to seconds).
    let width = if pooled {
        4 * rayon::current_num_threads()
    } else {
        1
    };
    let mut left = digits.iter().filter(|&&d| d != 0).count();
    let mut unknown = Vec::new();
    // Orbits done with: kept, or handed back unsettled.
    let mut settled = vec![false; orbits.len()];
    let mut next = 0;
    let mut alone = None;
    while next < orbits.len() {
        let batch: Vec<usize> = (next..orbits.len())
            .filter(|&j| !settled[j])
            .take(width)
            .collect();
        let Some(&last) = batch.last() else {
            break;
        };
        let puzzle: &[u8] = digits;
        let without = |j: usize| {
            let mut d = puzzle.to_vec();
            for &c in orbits[j] {
                d[c] = 0;
            }
            d
        };
        let verdicts: Vec<Unique> = if pooled {
            batch
                .par_iter()
                .map_init(&solver, |s, &j| check(s, &without(j), orbits[j]))
                .collect()
        } else {
            let s = alone.get_or_insert_with(&solver);
            batch
                .iter()
                .map(|&j| check(s, &without(j), orbits[j]))
                .collect()
        };
        let mut goes = None;
        for (&j, &v) in batch.iter().zip(&verdicts) {
            if goes.is_some() {
                settled[j] |= keeps && v == Unique::No;
            } else if givens.is_some_and(|g| left <= g) {
                return unknown;
            } else if v == Unique::Yes {
                goes = Some(j);
            } else {
                settled[j] = true;
                if v == Unique::Unknown {
                    unknown.push(orbits[j]);
                }
            }
        }
        next = match goes {
            Some(j) => {
                for &c in orbits[j] {
                    digits[c] = 0;
                }
                left -= orbits[j].len();
                j + 1
            }
            None => last + 1,
        };
    }
    unknown
}

/// One finished attempt of [`generate_observed`]: a fresh grid dug as far as the rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// Its number, from 1.
    pub number: usize,
    /// The givens it was dug to.
    pub givens: usize,
}

/// One puzzle of basis `B` from the generator seeded with `seed`.
pub fn generate<B: Basis>(opts: &GenOptions, seed: u64) -> Result<Generated, GenError> {
    generate_observed::<B>(opts, seed, &mut |_| {})
}

/// [`generate`], telling `seen` of every attempt as it ends: a search for `givens` or a
/// `technique` may run many long attempts (at 49×49 about 12 s each), and a caller that shows
/// progress can say how close they come. The result is the same.
pub fn generate_observed<B: Basis>(
    opts: &GenOptions,
    seed: u64,
    seen: &mut dyn FnMut(Attempt),
) -> Result<Generated, GenError> {
    if opts.technique.as_ref().is_some_and(|t| t.is_empty()) {
        return Err(GenError::NoTechnique);
    }
    if let Some(&t) = opts
        .technique
        .iter()
        .flatten()
        .find(|t| t.needs_uniqueness())
    {
        return Err(GenError::Uniqueness(t));
    }
    let mut rng = Rng::new(seed);
    let mut fewest = usize::MAX;
    for attempt in 1..=opts.attempts.max(1) {
        let solution = random_solution::<B>(&mut rng);
        let puzzle = dig::<B>(&solution, opts, &mut rng);
        let count = puzzle.iter().filter(|&&d| d != 0).count();
        fewest = fewest.min(count);
        seen(Attempt {
            number: attempt,
            givens: count,
        });
        if opts.givens.is_some_and(|g| count > g) {
            continue;
        }
        if let Some(t) = &opts.technique {
            if !needs::<B>(&puzzle, t) {
                continue;
            }
        }
        return Ok(Generated {
            puzzle,
            solution,
            attempts: attempt,
        });
    }
    let mut wanted = Vec::new();
    if let Some(g) = opts.givens {
        wanted.push(format!("with at most {g} givens"));
    }
    if let Some(t) = &opts.technique {
        let names: Vec<String> = t.iter().map(|t| t.cli_name()).collect();
        wanted.push(format!("that needs {}", names.join(",")));
    }
    Err(GenError::NotFound {
        attempts: opts.attempts.max(1),
        wanted: wanted.join(" and "),
        // Said only when no attempt met the target (else the technique was what failed).
        fewest: Some(fewest).filter(|&f| opts.givens.is_some_and(|g| f > g)),
    })
}

/// [`generate`] for a basis known at run time.
pub fn generate_k(k: usize, opts: &GenOptions, seed: u64) -> Result<Generated, GenError> {
    generate_k_observed(k, opts, seed, &mut |_| {})
}

/// [`generate_observed`] for a basis known at run time.
pub fn generate_k_observed(
    k: usize,
    opts: &GenOptions,
    seed: u64,
    seen: &mut dyn FnMut(Attempt),
) -> Result<Generated, GenError> {
    if !crate::basis::LOGIC.contains(&k) {
        return Err(GenError::Basis(k));
    }
    with_basis!(k, B => generate_observed::<B>(opts, seed, seen))
}

/// True when no given of `puzzle` can be removed (each removal leaves several solutions).
/// `puzzle` must have a unique solution. Exact: no node budget.
///
/// # Panics
///
/// When `k` is outside [`SUPPORTED`](crate::basis::SUPPORTED) or `puzzle` does not hold its
/// k⁴ cells. It needs only the solver, so it takes every basis the solver does (up to
/// 225×225), not only those of the logic layer.
pub fn is_minimal(k: usize, puzzle: &[u8]) -> bool {
    crate::with_solver_basis!(k, B => is_minimal_b::<B>(puzzle))
}

/// In a frame of its own, as `solve::count_in`: inlined into the dispatch, its two grids of
/// the largest basis (3.2 MB at 225×225) set the frame for every basis, and a 9×9 check
/// overflowed a default 2 MB thread stack on entry (a build without LTO: the `generate::`
/// tests).
#[inline(never)]
fn is_minimal_b<B: Basis>(puzzle: &[u8]) -> bool {
    let mut solver = Solver::<B>::new(SolveOptions {
        limit: 1,
        ..SolveOptions::default()
    });
    let base = Grid::<B>::from_digits(puzzle);
    (0..B::CELLS).filter(|&c| puzzle[c] != 0).all(|c| {
        let mut g = base;
        g.set(c, B::all() & !B::Mask::bit(puzzle[c] as usize - 1));
        solver.count_only(&g).solutions > 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::basis::{B2, B3, B4};

    #[test]
    fn rng_is_uniform_enough_and_reproducible() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let mut hist = [0usize; 6];
        for _ in 0..6000 {
            let x = a.below(6);
            assert_eq!(x, b.below(6));
            hist[x] += 1;
        }
        assert!(hist.iter().all(|&h| (800..1200).contains(&h)), "{hist:?}");
        assert_ne!(puzzle_seed(1, 0), puzzle_seed(1, 1));
        assert_ne!(puzzle_seed(1, 0), puzzle_seed(2, 0));
    }

    /// An unreachable givens target says how far digging got, and what to raise.
    #[test]
    fn a_missed_givens_target_names_the_fewest_reached() {
        let opts = GenOptions {
            givens: Some(10),
            attempts: 3,
            ..GenOptions::default()
        };
        let mut seen = Vec::new();
        let e = generate_observed::<B3>(&opts, 1, &mut |t| seen.push(t)).unwrap_err();
        let GenError::NotFound {
            attempts: 3,
            fewest: Some(fewest),
            ..
        } = e
        else {
            panic!("{e:?}");
        };
        // No 9×9 puzzle with fewer than 17 givens has one solution.
        assert!(fewest >= 17, "{fewest}");
        // Every attempt was told, in order, and the fewest is theirs.
        let numbers: Vec<usize> = seen.iter().map(|t| t.number).collect();
        assert_eq!(numbers, [1, 2, 3]);
        assert_eq!(seen.iter().map(|t| t.givens).min(), Some(fewest));
        assert_eq!(generate::<B3>(&opts, 1), Err(e.clone()));
        let msg = e.to_string();
        assert!(msg.starts_with("no puzzle with at most 10 givens found in 3 attempts"));
        assert!(msg.contains(&format!("the fewest givens reached: {fewest}")));
        assert!(msg.contains("raise --max-nodes"));
        // A technique no attempt's puzzle needs: the givens were reached, so none is named.
        let opts = GenOptions {
            givens: Some(81),
            technique: Some(vec![Technique::ForcingChainNested]),
            attempts: 2,
            ..GenOptions::default()
        };
        let e = generate::<B2>(&opts, 1).unwrap_err();
        assert!(
            matches!(e, GenError::NotFound { fewest: None, .. }),
            "{e:?}"
        );
        assert!(e
            .to_string()
            .ends_with("; raise --attempts or relax the request"));
    }

    #[test]
    fn orbits_partition_the_grid() {
        for s in Symmetry::ALL {
            for n in [4, 9, 16] {
                let orbits = s.orbits(n);
                let mut all: Vec<usize> = orbits.concat();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} {n}");
            }
        }
        assert_eq!(Symmetry::Quarter.orbits(9).len(), (81 - 1) / 4 + 1);
    }

    #[test]
    fn random_grids_are_valid_and_differ() {
        let mut rng = Rng::new(1);
        let a = random_solution::<B3>(&mut rng);
        let b = random_solution::<B3>(&mut rng);
        assert!(crate::grid::is_valid_solution(3, &a));
        assert!(crate::grid::is_valid_solution(3, &b));
        assert_ne!(a, b);
        let c = random_solution::<B2>(&mut rng);
        assert!(crate::grid::is_valid_solution(2, &c));
    }

    /// The digging pass of the generator before it ran checks in parallel: the reference.
    fn sequential_pass<'o>(
        digits: &mut [u8],
        solution: &[u8],
        orbits: &[&'o Vec<usize>],
        givens: Option<usize>,
        mut check: impl FnMut(&[u8], &[usize]) -> Unique,
    ) -> Vec<&'o Vec<usize>> {
        let mut left = digits.iter().filter(|&&d| d != 0).count();
        let mut unknown = Vec::new();
        for &orbit in orbits {
            if givens.is_some_and(|g| left <= g) {
                break;
            }
            for &c in orbit {
                digits[c] = 0;
            }
            match check(digits, orbit) {
                Unique::Yes => left -= orbit.len(),
                verdict => {
                    for &c in orbit {
                        digits[c] = solution[c];
                    }
                    if verdict == Unique::Unknown {
                        unknown.push(orbit);
                    }
                }
            }
        }
        unknown
    }

    /// The parallel passes dig what the sequential ones dig. Every orbit of a full grid is
    /// handed to the first, so that most checks say "goes" and a batch often holds several:
    /// only the first may be taken on the puzzle the batch saw. 9×9 and 16×16, single cells
    /// and symmetry orbits, with and without a givens target, exact checks and checks of two
    /// nodes (which leave some orbits to the exact pass), keeping a batch's later "stays" or
    /// not; on pools of 1, 2 and 3 threads (batches of 4, 8 and 12), and off any pool.
    #[test]
    fn the_parallel_passes_dig_what_the_sequential_ones_do() {
        fn case<B: Basis>(
            seed: u64,
            symmetry: Symmetry,
            givens: Option<usize>,
            nodes: Option<u64>,
        ) {
            let mut rng = Rng::new(seed);
            let solution = random_solution::<B>(&mut rng);
            let mut orbits = symmetry.orbits(B::N);
            rng.shuffle(&mut orbits);
            let orbits: Vec<&Vec<usize>> = orbits.iter().collect();
            let budgeted = SolveOptions {
                max_nodes: nodes,
                ..SolveOptions::default()
            };
            let check =
                |s: &mut Solver<B>, d: &[u8], o: &[usize]| unique_without(s, d, &solution, o);
            let mut reference = solution.clone();
            let mut one = Solver::<B>::new(budgeted);
            let unsettled = sequential_pass(&mut reference, &solution, &orbits, givens, |d, o| {
                check(&mut one, d, o)
            });
            let mut exact = Solver::<B>::new(SolveOptions::default());
            sequential_pass(&mut reference, &solution, &unsettled, givens, |d, o| {
                check(&mut exact, d, o)
            });
            let what = format!(
                "k={} seed={seed} {symmetry} givens={givens:?} nodes={nodes:?}",
                B::K
            );
            let dig = |keeps: bool| {
                let mut dug = solution.clone();
                let first = || Solver::<B>::new(budgeted);
                let left = dig_pass(&mut dug, &orbits, givens, first, check, keeps, true);
                let exact = || Solver::<B>::new(SolveOptions::default());
                assert!(dig_pass(&mut dug, &left, givens, exact, check, keeps, true).is_empty());
                // What the first pass left is what the sequential one left, less orbits
                // whose given an earlier check found needed.
                let mut rest = unsettled.iter();
                assert!(
                    left.iter().all(|o| rest.any(|u| u == o)),
                    "{what}: {left:?}"
                );
                dug
            };
            for keeps in [true, false] {
                assert_eq!(dig(keeps), reference, "{what}, off any pool");
                for threads in 1..=3 {
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .unwrap();
                    let dug = pool.install(|| dig(keeps));
                    assert_eq!(dug, reference, "{what}, {threads} threads, keeps {keeps}");
                }
            }
            let left = reference.iter().filter(|&&d| d != 0).count();
            assert!(left < B::CELLS / 2, "{what}: {left} givens");
            assert_eq!(unsettled.is_empty(), nodes.is_none(), "{what}");
        }
        for seed in 0..4 {
            case::<B3>(seed, Symmetry::None, None, None);
            case::<B3>(seed, Symmetry::Rotational, None, None);
        }
        case::<B3>(9, Symmetry::None, Some(30), None);
        case::<B4>(1, Symmetry::None, None, None);
        case::<B4>(2, Symmetry::Quarter, None, None);
        for (seed, nodes) in [(3, 2), (5, 5), (6, 20), (7, 50)] {
            case::<B4>(seed, Symmetry::None, None, Some(nodes));
        }
        case::<B4>(4, Symmetry::Rotational, Some(110), Some(2));
    }
}
