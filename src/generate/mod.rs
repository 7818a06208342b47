//! Puzzle generation for any basis: a random full grid, then givens dug out one by one (or one
//! symmetry orbit at a time) while the solution stays unique.
//!
//! **Grids.** Up to 64×64, each grid comes from its own randomized depth-first search from the
//! empty grid (from 81×81 up, from a shuffled pattern: [`pattern_grid`]):
//! the branching cell is the first fewest-candidates cell after a random start, and its digits are
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

mod dig;
mod grids;
mod rated;
mod rng;
mod symmetry;
#[cfg(test)]
mod tests;

pub use dig::{dig, dig_until, needs, solved_by, Dug};
pub use grids::{pattern_grid, random_solution};
pub use rated::{rated_as_asked, RatingRange};
pub use rng::{puzzle_seed, splitmix64, Rng};
pub use symmetry::Symmetry;

use crate::basis::Basis;
use crate::grid::Grid;
use crate::logic::{technique, Technique};
use crate::mask::Mask;
use crate::solver::{SolveOptions, Solver};
use crate::with_basis;
use std::fmt;
use std::time::{Duration, Instant};

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
    /// The puzzle must need these techniques: logic with every easier technique (but the finned
    /// fish, unless one is listed: `rate` has none) gets stuck, and
    /// with them added it solves the puzzle. Digging then keeps it solvable with them. When
    /// they are all rated (in [`crate::rating::rating_order`]), the hardest step of the path
    /// `rate` takes must be one of them too.
    pub technique: Option<Vec<Technique>>,
    /// The puzzle's rating (ER, as `rate` gives it) must be in this range. Digging then keeps
    /// it solvable with the techniques rated up to the range's top (not with `minimal`, which
    /// digs by counting and then takes a puzzle in the range).
    pub rating: Option<RatingRange>,
    /// Node budget of one uniqueness check (over budget keeps the given); `None` picks by
    /// basis with [`default_max_nodes`].
    pub max_nodes: Option<u64>,
    /// Attempts (fresh grids) per puzzle before giving up on `givens`, `technique` or `rating`.
    pub attempts: usize,
    /// Time one puzzle may take before giving up on `givens`, `technique` or `rating` (without
    /// any,
    /// the first attempt is the puzzle and this is not read). It is read between attempts and
    /// between batches of digging's checks, so an attempt is cut short too: at 49×49 one takes
    /// about 12 s. A rare technique can take every attempt: nested forcing chains at 9×9 spend
    /// 10-15 minutes on the default 1,000. With it, which attempt ends the search depends on
    /// the machine's speed, not only on the seed.
    pub timeout: Option<Duration>,
}

impl GenOptions {
    /// Whether these options make sense for a grid of side `n`, checked before any grid is made:
    /// a `givens` target outside the grid or below what one solution needs, and a technique
    /// list that is empty, names a uniqueness technique or one no puzzle can need, would
    /// otherwise cost every attempt (or mean nothing), and `minimal` excludes both.
    pub fn check(&self, n: usize) -> Result<(), GenError> {
        if self.attempts == 0 {
            return Err(GenError::NoAttempts);
        }
        if let Some(givens) = self.givens.filter(|&g| g > n * n || g < fewest_givens(n).0) {
            return Err(GenError::Givens { givens, n });
        }
        // The easiest step rates 1.2; a range below it holds only a full grid.
        if let Some(r) = self.rating.filter(|r| !(r.low <= r.high && r.high >= 1.2)) {
            return Err(GenError::Rating(r.to_string()));
        }
        if let Some(ts) = &self.technique {
            if ts.is_empty() {
                return Err(GenError::NoTechnique);
            }
            let available = technique::default_order(n);
            if let Some(&t) = ts.iter().find(|t| !available.contains(t)) {
                return Err(GenError::Oversized { technique: t, n });
            }
            if let Some(&t) = ts.iter().find(|t| t.needs_uniqueness()) {
                return Err(GenError::Uniqueness(t));
            }
            // Proved by enumeration: `hidden_singles_solve_every_4x4_puzzle_with_one_solution`.
            let easiest = ts.iter().copied().min_by_key(|t| t.order());
            let beyond = |t: &Technique| t.order() > Technique::HiddenSingle.order();
            if let Some(t) = easiest.filter(|t| n == 4 && beyond(t)) {
                return Err(GenError::SinglesSuffice(t));
            }
        }
        match (self.minimal, self.givens, &self.technique) {
            (true, Some(_), _) => Err(GenError::MinimalWithGivens),
            (true, _, Some(_)) => Err(GenError::MinimalWithTechnique),
            _ => Ok(()),
        }
    }
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            symmetry: Symmetry::None,
            minimal: false,
            givens: None,
            technique: None,
            rating: None,
            max_nodes: None,
            attempts: 1000,
            timeout: None,
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
    /// `givens` is more than the cells of an N×N grid, or fewer than the N − 1 digits a puzzle
    /// with one solution shows (two digits it never shows could swap).
    Givens {
        /// The target asked for.
        givens: usize,
        /// The grid's side N.
        n: usize,
    },
    /// `technique` names a tuple or fish above N/2: it is the complement of a smaller one,
    /// which is easier and always tried first, so no puzzle can need it.
    Oversized {
        /// The technique asked for.
        technique: Technique,
        /// The grid's side N.
        n: usize,
    },
    /// `technique` at 4×4 names only techniques beyond hidden singles, which with full houses
    /// solve every 4×4 puzzle with one solution: no puzzle can need them.
    SinglesSuffice(Technique),
    /// `rating` is empty, or below the easiest step's 1.2: no puzzle rates so. (The range as
    /// [`RatingRange`] shows it.)
    Rating(String),
    /// `attempts` is 0: no grid would be tried.
    NoAttempts,
    /// `minimal` with a `givens` target: digging stops at the target, so givens that could go
    /// may remain.
    MinimalWithGivens,
    /// `minimal` with a `technique`: digging keeps the puzzle solvable with the technique, a
    /// different stopping rule.
    MinimalWithTechnique,
    /// No attempt met the `givens` target or the `technique` requirement.
    NotFound {
        /// Attempts made.
        attempts: usize,
        /// What was asked, for the message.
        wanted: String,
        /// When no attempt met the `givens` target: the fewest givens one was dug to.
        fewest: Option<usize>,
        /// Whether some check of digging ran over `max_nodes` and kept its given, so that a
        /// larger budget might dig further (at 9×9 none comes near the default; with a
        /// `technique` the checks are logic, which it does not bound).
        over_budget: bool,
        /// Whether `timeout` ended the search before `attempts` did.
        timed_out: bool,
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
            GenError::Givens { givens, n } if *givens > n * n => write!(
                f,
                "--givens {givens} is more than the {} cells of a {n}×{n} grid",
                n * n
            ),
            GenError::Givens { givens, n } => {
                let (fewest, why) = fewest_givens(*n);
                write!(
                    f,
                    "--givens {givens}: a {n}×{n} puzzle with one solution has at least {fewest} \
                     givens ({why}); expected at least {fewest}"
                )
            }
            GenError::SinglesSuffice(t) => write!(
                f,
                "no 4×4 puzzle can need {} (full houses and hidden singles solve every 4×4 puzzle \
                 with one solution); expected full-house or hidden-single",
                t.cli_name()
            ),
            GenError::Oversized { technique, n } => write!(
                f,
                "no {n}×{n} puzzle can need {} (sizes above N/2 = {} are the complement of a \
                 smaller one, which is easier); expected a size up to {}",
                technique.cli_name(),
                n / 2,
                n / 2
            ),
            GenError::Rating(r) => write!(
                f,
                "no puzzle rates {r}; expected a range that reaches 1.2 or more (a full house or \
                 a hidden single in a box, the easiest step)"
            ),
            GenError::NoAttempts => {
                f.write_str("--attempts 0 tries no grid; expected at least 1 attempt")
            }
            GenError::MinimalWithGivens => f.write_str(
                "--minimal cannot be combined with --givens (digging stops at --givens, so givens \
                 that could go may remain)",
            ),
            GenError::MinimalWithTechnique => f.write_str(
                "--minimal cannot be combined with --technique (digging keeps the puzzle solvable \
                 with the technique, which is a different stopping rule)",
            ),
            GenError::NotFound {
                attempts,
                wanted,
                fewest,
                over_budget,
                timed_out,
            } => {
                let attempts = crate::output::plural(*attempts, "attempt");
                write!(f, "no puzzle {wanted} found in {attempts}")?;
                if *timed_out {
                    // The attempts went by in the time given: more time is the first remedy.
                    // The last may have been cut short, so they were begun, not finished.
                    f.write_str(" begun within --timeout")?;
                }
                let raise = if *timed_out {
                    "--timeout"
                } else {
                    "--attempts"
                };
                match fewest {
                    // Digging keeps a given whose check runs over budget: below some count
                    // every attempt stops at about the same place, and only a budget helps.
                    Some(g) if *over_budget => write!(
                        f,
                        " (the fewest givens reached: {g}); raise --max-nodes (a check over it \
                         keeps its given) or {raise}, or relax the request"
                    ),
                    Some(g) => write!(
                        f,
                        " (the fewest givens reached: {g}); raise {raise} or relax the request"
                    ),
                    None => write!(f, "; raise {raise} or relax the request"),
                }
            }
        }
    }
}

impl std::error::Error for GenError {}

/// The fewest givens a puzzle of side `n` with one solution can have, as far as it is known,
/// and why: proved by exhaustive search at 4×4 and 9×9; elsewhere only that it shows N − 1
/// digits (two it never shows could swap).
fn fewest_givens(n: usize) -> (usize, &'static str) {
    match n {
        4 => (4, "every 4×4 grid checked"),
        9 => (
            17,
            "McGuire, Tugemann and Civario, 2012, by exhaustive search",
        ),
        _ => (
            n.saturating_sub(1),
            "it shows all its digits but one: two it never shows could swap",
        ),
    }
}

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
    opts.check(B::N)?;
    // Without a target the first attempt is the puzzle, and the timeout has nothing to end.
    let targeted = opts.givens.is_some() || opts.technique.is_some() || opts.rating.is_some();
    // A timeout too long to add to the clock never ends anything.
    let deadline = opts
        .timeout
        .filter(|_| targeted)
        .and_then(|t| Instant::now().checked_add(t));
    let mut rng = Rng::new(seed);
    let mut fewest = usize::MAX;
    let mut over_budget = false;
    let mut made = 0;
    let mut timed_out = false;
    for attempt in 1..=opts.attempts {
        // At least one attempt, however short the time (which may cut it short).
        if attempt > 1 && deadline.is_some_and(|d| Instant::now() >= d) {
            timed_out = true;
            break;
        }
        made = attempt;
        let solution = random_solution::<B>(&mut rng);
        let dug = dig_until::<B>(&solution, opts, &mut rng, deadline);
        let puzzle = dug.puzzle;
        over_budget |= dug.over_budget;
        let count = puzzle.iter().filter(|&&d| d != 0).count();
        fewest = fewest.min(count);
        seen(Attempt {
            number: attempt,
            givens: count,
        });
        if dug.cut {
            // Not dug as far as the rules allow: no puzzle the rules would give.
            timed_out = true;
            break;
        }
        if opts.givens.is_some_and(|g| count > g) {
            continue;
        }
        if let Some(t) = &opts.technique {
            if !needs::<B>(&puzzle, t) {
                continue;
            }
        }
        if !rated_as_asked::<B>(&puzzle, opts, deadline) {
            continue;
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
    if let Some(r) = opts.rating {
        wanted.push(format!("rated {r}"));
    }
    Err(GenError::NotFound {
        attempts: made,
        wanted: wanted.join(" "),
        // Said only when no attempt met the target (else the technique was what failed).
        fewest: Some(fewest).filter(|&f| opts.givens.is_some_and(|g| f > g)),
        over_budget,
        timed_out,
    })
}

/// [`generate`] for a basis known at run time. `nsudoku generate --seed S` makes its puzzle
/// `i` from `puzzle_seed(S, i)` ([`puzzle_seed`]), not from `S`: pass that for the same puzzle.
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

/// True when `puzzle` has one solution and no given of it can be removed (each removal leaves
/// several solutions); false for a puzzle of none or several. Exact: no node budget.
///
/// ```
/// // An empty grid has no given to remove, but thousands of solutions: not a minimal puzzle.
/// assert!(!nsudoku::generate::is_minimal(2, &[0; 16]));
/// ```
///
/// # Panics
///
/// When `k` is outside [`SUPPORTED`](crate::basis::SUPPORTED) or `puzzle` does not hold its
/// k⁴ cells, each 0..=k². It needs only the solver, so it takes every basis the solver does
/// (up to 225×225), not only those of the logic layer.
pub fn is_minimal(k: usize, puzzle: &[u8]) -> bool {
    crate::with_solver_basis!(k, B => is_minimal_b::<B>(puzzle))
}

/// In a frame of its own, as `solve::count_in`: inlined into the dispatch, its two grids of
/// the largest basis (3.2 MB at 225×225) set the frame for every basis, and a 9×9 check
/// overflowed a default 2 MB thread stack on entry (a build without LTO: the `generate::`
/// tests).
#[inline(never)]
fn is_minimal_b<B: Basis>(puzzle: &[u8]) -> bool {
    crate::solve::with_room::<B, _>(|| {
        let mut solver = Solver::<B>::new(SolveOptions {
            limit: 1,
            ..SolveOptions::default()
        });
        let base = Grid::<B>::from_digits(puzzle);
        let mut unique = Solver::<B>::new(SolveOptions {
            limit: 2,
            ..SolveOptions::default()
        });
        if unique.count_only(&base).solutions != 1 {
            return false;
        }
        (0..B::CELLS).filter(|&c| puzzle[c] != 0).all(|c| {
            let mut g = base;
            g.set(c, B::all() & !B::Mask::bit(puzzle[c] as usize - 1));
            solver.count_only(&g).solutions > 0
        })
    })
}
