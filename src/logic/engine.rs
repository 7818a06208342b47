//! Applying techniques: the next step (easiest first), the whole solving path, and reduction to
//! a fixed point.

use super::limits::{self, Hits};
use super::{find, Config, Deduction, Flow, State, Technique};
use crate::basis::Basis;
use crate::solver::Contradiction;
use std::cell::Cell;
use std::ops::ControlFlow;

/// How a solving path ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// Every cell placed.
    Solved,
    /// No technique of the list applies.
    Stuck,
    /// A step broke the grid (the puzzle has no solution, or a technique is unsound).
    Contradiction,
    /// The step limit was reached.
    #[serde(rename = "step limit")]
    StepLimit,
    /// [`Config::deadline`] passed (what was applied stands).
    Timeout,
}

impl End {
    /// The word printed for it, in text and in JSON: `solved`, `stuck`, `contradiction`,
    /// `step limit`, `timeout`.
    pub fn as_str(self) -> &'static str {
        match self {
            End::Solved => "solved",
            End::Stuck => "stuck",
            End::Contradiction => "contradiction",
            End::StepLimit => "step limit",
            End::Timeout => "timeout",
        }
    }
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The steps taken and how it ended.
#[derive(Clone, Debug)]
pub struct Path {
    /// Deductions in the order applied.
    pub steps: Vec<Deduction>,
    /// Why it stopped.
    pub end: End,
    /// Cells left open where it stopped (after a contradiction, by the steps applied).
    pub open: usize,
    /// The bounds of [`Config`] hit on the way (a "stuck" may be owed to them).
    pub limits: Hits,
}

/// The first useful deduction of the easiest technique in `techniques` (which must be in
/// difficulty order), or `None` when none applies or `cfg`'s deadline has passed.
pub fn next_step<B: Basis>(
    s: &State<B>,
    techniques: &[Technique],
    cfg: &Config,
) -> Option<Deduction> {
    for &t in techniques {
        if cfg.past_deadline() {
            return None;
        }
        let mut found = None;
        let _ = find(s, t, cfg, &mut |d| {
            if s.is_useful(&d) {
                found = Some(d);
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Take steps until solved, stuck, a contradiction, `max_steps` or `cfg`'s deadline, and say
/// which: `pick` finds the next step and what the caller keeps with it (`None` when nothing
/// applies), `took` gets each step after it is applied (the step that breaks the grid too).
/// The one loop behind [`solve_path`] and [`crate::rating::rate_state`].
pub fn walk<B: Basis, X>(
    s: &mut State<B>,
    cfg: &Config,
    max_steps: usize,
    mut pick: impl FnMut(&State<B>) -> Option<(Deduction, X)>,
    mut took: impl FnMut(Deduction, X),
) -> End {
    // The pattern overlay's templates and the fruitless tuple and fish searches carry over
    // from step to step, and the chains' table and the forcing chains' reach sets from one
    // finder to the next on a state.
    with_caches(|| {
        let mut taken = 0;
        loop {
            if s.is_complete() {
                return End::Solved;
            }
            if taken >= max_steps {
                return End::StepLimit;
            }
            if cfg.past_deadline() {
                return End::Timeout;
            }
            let Some((d, x)) = pick(s) else {
                // A technique cut short by the deadline (POM) may have missed its step.
                return if cfg.past_deadline() {
                    End::Timeout
                } else {
                    End::Stuck
                };
            };
            taken += 1;
            let ok = s.apply(&d).is_ok();
            took(d, x);
            if !ok {
                return End::Contradiction;
            }
        }
    })
}

/// Take the easiest step again and again until solved, stuck, a contradiction, `max_steps` or
/// `cfg`'s deadline (the ends of [`walk`]).
pub fn solve_path<B: Basis>(
    s: &mut State<B>,
    techniques: &[Technique],
    cfg: &Config,
    max_steps: usize,
) -> Path {
    solve_path_told(s, techniques, cfg, max_steps, |_| ControlFlow::Continue(()))
}

/// [`solve_path`], telling `told` each step as it is taken (the step that breaks the grid
/// too), so that a long path can be shown while it is found. When `told` breaks, the path
/// ends after that step: as [`End::Contradiction`] when the step broke the grid, else as
/// [`walk`] ends before it picks a step (solved, the step limit, the deadline) or as
/// [`End::Stuck`]: the caller that broke it knows why.
pub fn solve_path_told<B: Basis>(
    s: &mut State<B>,
    techniques: &[Technique],
    cfg: &Config,
    max_steps: usize,
    told: impl FnMut(&Deduction) -> ControlFlow<()>,
) -> Path {
    path_told(s, cfg, max_steps, |s| next_step(s, techniques, cfg), told)
}

/// [`solve_path_told`] with the next step found by `next` (`None` when nothing applies): the
/// easiest-first path of another measure of ease, as [`crate::rating::easiest_step`]'s.
pub fn path_told<B: Basis>(
    s: &mut State<B>,
    cfg: &Config,
    max_steps: usize,
    mut next: impl FnMut(&State<B>) -> Option<Deduction>,
    mut told: impl FnMut(&Deduction) -> ControlFlow<()>,
) -> Path {
    limits::take();
    let mut steps = Vec::new();
    // Set by `took`, read by `pick` before the next step: both closures share it.
    let broken = Cell::new(false);
    let pick = |s: &State<B>| {
        let d = (!broken.get()).then(|| next(s))??;
        Some((d, ()))
    };
    let end = walk(s, cfg, max_steps, pick, |d, ()| {
        broken.set(told(&d).is_break());
        steps.push(d);
    });
    Path {
        steps,
        end,
        open: s.open_cells(),
        limits: limits::take(),
    }
}

/// Apply the techniques to a fixed point: each pass runs every technique in order and applies
/// all it finds, restarting from the easiest after any change. Returns the deductions applied;
/// past `cfg.deadline` it stops where it is (what it applied stands).
pub fn reduce<B: Basis>(
    s: &mut State<B>,
    techniques: &[Technique],
    cfg: &Config,
) -> Result<Vec<Deduction>, Contradiction> {
    match reduce_to_end(s, techniques, cfg) {
        (_, End::Contradiction) => Err(Contradiction),
        (applied, _) => Ok(applied),
    }
}

/// [`reduce`], with how it ended: [`End::Solved`], [`End::Stuck`] (nothing more applies),
/// [`End::Timeout`] (past `cfg.deadline`), or [`End::Contradiction`], when the last of the
/// deductions broke the grid. That one is kept in the list, as a path keeps the step that
/// breaks it, and `s` is left part-way through it.
pub fn reduce_to_end<B: Basis>(
    s: &mut State<B>,
    techniques: &[Technique],
    cfg: &Config,
) -> (Vec<Deduction>, End) {
    with_caches(|| {
        let mut applied = Vec::new();
        'pass: loop {
            if s.is_complete() {
                return (applied, End::Solved);
            }
            for &t in techniques {
                if cfg.past_deadline() {
                    return (applied, End::Timeout);
                }
                let found = super::find_all(s, t, cfg);
                let mut changed = false;
                for d in found {
                    if s.is_useful(&d) {
                        let broke = s.apply(&d).is_err();
                        applied.push(d);
                        if broke {
                            return (applied, End::Contradiction);
                        }
                        changed = true;
                    }
                }
                if changed {
                    continue 'pass;
                }
            }
            // A finder the deadline cut short may have missed what would apply.
            let end = if cfg.past_deadline() {
                End::Timeout
            } else {
                End::Stuck
            };
            return (applied, end);
        }
    })
}

/// Run `f` keeping what a finder builds for the next on the same state (the chains' table,
/// with the multiple chains' and fruitless searches' caches) and the pattern overlay's
/// templates from step to step; all dropped when the outermost such scope ends.
fn with_caches<R>(f: impl FnOnce() -> R) -> R {
    super::pom::memo::scope(|| super::kept::scope(f))
}

#[cfg(test)]
mod tests {
    use super::End;

    #[test]
    fn an_end_reads_the_same_in_text_and_json() {
        use End::*;
        for end in [Solved, Stuck, Contradiction, StepLimit, Timeout] {
            assert_eq!(serde_json::to_value(end).unwrap(), end.as_str());
        }
    }
}
