//! Timing one variant on one set: a validating warm-up, then whole passes (throughput) and
//! per-puzzle passes (median, worst).

use super::table::Row;
use nsudoku::basis::Basis;
use nsudoku::grid::{self, Grid};
use nsudoku::mask::CellMasks;
use nsudoku::solver::{Count, SolveOptions, Solver, Verdict};
use rayon::prelude::*;
use std::time::Instant;

/// What one measurement runs: the search's options, and how long to time.
pub(super) struct Setup {
    pub(super) opts: SolveOptions,
    pub(super) min_time: f64,
}

/// What one variant did on one set with one thread count.
pub(super) struct Measured {
    pub(super) puzzles: usize,
    /// Puzzles given a checked solution within the budget, those with several included
    /// (`unfit` tells them): the rest are the row's `unsolved` and `over_budget`.
    pub(super) solved: usize,
    /// Solutions that failed their check.
    pub(super) invalid: usize,
    pub(super) no_guess: usize,
    pub(super) guesses: u64,
    /// Seconds spent in the throughput passes, and the puzzles they solved.
    pub(super) wall: f64,
    pub(super) solves: usize,
    /// Best time of each puzzle over the per-puzzle passes, in seconds.
    pub(super) best: Vec<f64>,
    /// Puzzles without one solution (index in the set, what they have instead).
    pub(super) unfit: Vec<(usize, Unfit)>,
}

impl Measured {
    /// The puzzles that were `what`.
    fn count(&self, what: Unfit) -> usize {
        self.unfit.iter().filter(|u| u.1 == what).count()
    }

    pub(super) fn row(&self, set: &str, k: usize, variant: &str, threads: usize) -> Row {
        let n = self.puzzles.max(1) as f64;
        let mut best = self.best.clone();
        let (median, worst) = crate::cli::median_worst(&mut best);
        let rate = self.solves as f64 / self.wall.max(1e-12);
        let over = self.count(Unfit::OverBudget);
        Row {
            set: set.to_string(),
            basis: k,
            puzzles: self.puzzles,
            skipped: 0,
            limit: 0,
            variant: variant.to_string(),
            threads: Some(threads),
            puzzles_per_sec: Some(rate),
            us_per_puzzle: Some(1e6 / rate.max(1e-12)),
            // Of puzzles none settled (all over budget or wrong) nothing can be said.
            no_guess_pct: (self.solved > 0).then(|| 100.0 * self.no_guess as f64 / n),
            guesses_per_puzzle: Some(self.guesses as f64 / n),
            median_us: Some(median * 1e6),
            worst_us: Some(worst * 1e6),
            unsolved: self.puzzles - self.solved - over,
            multiple: self.count(Unfit::Several),
            over_budget: over,
            failure: None,
            wrong: 0,
            timing: super::table::IN_PROCESS,
        }
    }
}

/// Why a puzzle of a set has no one solution to time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unfit {
    NoSolution,
    Several,
    /// Over the node budget (`--max-nodes`, or the baseline's `--baseline-nodes`).
    OverBudget,
}

impl Unfit {
    /// What the count says, when it is not one solution.
    pub(super) fn of(c: &Count) -> Option<Self> {
        match c.verdict() {
            Verdict::Unsettled(_) => Some(Unfit::OverBudget),
            Verdict::NoSolution => Some(Unfit::NoSolution),
            Verdict::Solved => None,
            Verdict::Several => Some(Unfit::Several),
        }
    }
}

impl std::fmt::Display for Unfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Unfit::NoSolution => "no solution",
            Unfit::Several => "several solutions",
            Unfit::OverBudget => "over the node budget (--max-nodes)",
        })
    }
}

/// What the warm-up learns of one puzzle.
struct Checked {
    /// A solution was found and it holds (valid, keeps the givens).
    valid: bool,
    /// A solution was found and it does not hold.
    wrong: bool,
    guesses: u64,
    unfit: Option<Unfit>,
}

/// Warm up (validating every solution), then time whole passes on the current rayon pool.
/// `solve_one` solves one grid: the search, or the variant's logic reduction and then the
/// search (a parameter, so that the logic layer is compiled only for the bases it serves).
pub(super) fn measure<B: Basis>(
    masks: &[&CellMasks],
    cfg: &Setup,
    threads: usize,
    solve_one: impl Fn(&mut Solver<B>, &Grid<B>) -> Count + Sync,
) -> Measured {
    let grids: Vec<Grid<B>> = masks.iter().map(|&m| Grid::from_masks(m)).collect();
    let mut m = Measured {
        puzzles: grids.len(),
        solved: 0,
        invalid: 0,
        no_guess: 0,
        guesses: 0,
        wall: 0.0,
        solves: 0,
        best: vec![f64::INFINITY; grids.len()],
        unfit: Vec::new(),
    };
    // Warm-up: solve everything once, check each solution from scratch, count the guesses.
    let warm: Vec<Checked> = grids
        .par_iter()
        .map_init(
            || Solver::<B>::new(cfg.opts),
            |solver, g| {
                let c = solve_one(solver, g);
                let given = g.to_digits();
                let valid = c
                    .first
                    .as_ref()
                    .map(|s| grid::is_valid_solution(B::K, s) && grid::keeps_givens(&given, s));
                Checked {
                    valid: valid == Some(true),
                    wrong: valid == Some(false),
                    guesses: c.stats.guesses,
                    unfit: Unfit::of(&c),
                }
            },
        )
        .collect();
    for (i, w) in warm.into_iter().enumerate() {
        if let Some(why) = w.unfit {
            m.unfit.push((i, why));
        }
        // A first solution found before the budget ran out settles nothing when counting to 2.
        m.solved += (w.valid && w.unfit != Some(Unfit::OverBudget)) as usize;
        m.invalid += w.wrong as usize;
        m.guesses += w.guesses;
        m.no_guess += (w.valid && w.guesses == 0) as usize;
    }
    // Timed passes, no validation; at least one of each kind. The throughput comes from whole
    // passes with no clock read inside (a pair of reads costs about 75 ns, 3 % of an easy 9×9
    // puzzle); the per-puzzle times from passes of their own, alternating with those.
    let start = Instant::now();
    loop {
        let pass = Instant::now();
        let _: Vec<()> = each_grid(&grids, threads, cfg, |solver, g| {
            std::hint::black_box(solve_one(solver, g));
        });
        m.wall += pass.elapsed().as_secs_f64();
        m.solves += grids.len();
        let times = each_grid(&grids, threads, cfg, |solver, g| {
            let t = Instant::now();
            std::hint::black_box(solve_one(solver, g));
            t.elapsed().as_secs_f64()
        });
        for (b, t) in m.best.iter_mut().zip(times) {
            *b = b.min(t);
        }
        if start.elapsed().as_secs_f64() >= cfg.min_time || grids.is_empty() {
            break;
        }
    }
    m
}

/// `f` on every grid, in order: on this thread with one solver when `threads` is 1, else on the
/// current rayon pool with a solver per worker.
fn each_grid<B: Basis, T: Send>(
    grids: &[Grid<B>],
    threads: usize,
    cfg: &Setup,
    f: impl Fn(&mut Solver<B>, &Grid<B>) -> T + Sync,
) -> Vec<T> {
    if threads == 1 {
        let mut solver = Solver::<B>::new(cfg.opts);
        grids.iter().map(|g| f(&mut solver, g)).collect()
    } else {
        grids
            .par_iter()
            .map_init(|| Solver::<B>::new(cfg.opts), |solver, g| f(solver, g))
            .collect()
    }
}
