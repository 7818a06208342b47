//! How a solving path that does not solve its puzzle is judged, as `explain` and `render` both
//! say it: on stderr, and on the page, which keeps it for a reader who was not there.

use super::logic::{search_stuck, Solutions};
use super::{at, plural};
use nsudoku::input::Puzzle;
use nsudoku::logic::{engine, engine::End, Config, Deduction, State};
use nsudoku::{with_basis, Alphabet, Basis, Mask};

/// What a path says about its puzzle beyond how it ended.
pub struct Judged {
    /// The search's count, when the techniques got stuck or the path stopped at its step
    /// limit (a stuck path says nothing on its own about how many solutions there are).
    pub sols: Option<Solutions>,
    /// Why the puzzle has not one solution, when it has not (`several solutions; the
    /// techniques get stuck after 25 steps`), as stderr says it: for the page.
    pub verdict: Option<String>,
    /// The run fails for this puzzle: a contradiction, the time limit, or not one solution.
    pub failed: bool,
}

/// Judge `path`, the path of `p` under `cfg`, and say on stderr what is wrong: the time limit,
/// the step that broke the grid (`broke`: what it breaks, as [`path_clash`] names it), or a
/// count other than one.
pub fn judge(
    p: &Puzzle,
    label: &Option<String>,
    path: &engine::Path,
    cfg: &Config,
    broke: Option<&str>,
) -> Judged {
    let at = at(label, p);
    let steps = plural(path.steps.len(), "step");
    if path.end == End::Timeout {
        say!("{at}: timeout exceeded after {steps}; expected a path found within --timeout");
    }
    let last = path.steps.len();
    let broken = (path.end == End::Contradiction).then(|| match broke {
        Some(why) => {
            say!("{at}: contradiction at step {last}: {why}");
            format!("no solution; at step {last}, {why}")
        }
        None => {
            say!("{at}: contradiction at step {last}");
            format!("no solution; the path breaks the grid at step {last}")
        }
    });
    let stopped = path.end == End::StepLimit;
    let sols = (path.end == End::Stuck || stopped).then(|| search_stuck(p, cfg));
    let not_one = sols.and_then(Solutions::not_one).map(|what| {
        let how = if stopped {
            "path stops at --max-steps"
        } else {
            "techniques get stuck"
        };
        let verdict = format!("{what}; the {how} after {steps}");
        say!("{at}: {verdict}");
        verdict
    });
    Judged {
        sols,
        failed: path.end == End::Timeout || broken.is_some() || not_one.is_some(),
        verdict: broken.or(not_one),
    }
}

/// What the last step of `steps` (the path of `p`, ending in a contradiction) breaks, as
/// [`path_clash`] says it, for a puzzle of any basis of the logic layer.
pub fn clash_text(p: &Puzzle, steps: &[Deduction]) -> Option<String> {
    with_basis!(p.k, B => path_clash::<B>(p, steps, p.text_alphabet())?.1)
}

/// What breaks when `d` is applied to `s` (a state it contradicts): a cell that would lose
/// its last candidate, two peers that would hold the same digit, or a house that would have
/// no place left for a digit.
fn clash<B: Basis>(s: &State<B>, d: &Deduction, alpha: Alphabet) -> Option<String> {
    let t = B::topology();
    let sym = |digit: u8| alpha.label(digit + 1, t.n);
    // The house a failed change left without a place for a digit.
    let emptied = |s: &State<B>| {
        let (h, digit) = s.emptied()?;
        Some(format!(
            "{} would have no place left for {}",
            t.house_name(h),
            sym(digit as u8)
        ))
    };
    let mut s = s.clone();
    for e in &d.eliminations {
        let (c, digit) = (e.cell as usize, e.digit as usize);
        if s.get(c) == B::Mask::bit(digit) {
            let cell = t.cell_name(c);
            return Some(format!(
                "{cell} would lose its last candidate, {}",
                sym(e.digit)
            ));
        }
        if s.eliminate(c, digit).is_err() {
            return emptied(&s);
        }
    }
    for pl in &d.placements {
        let (c, digit) = (pl.cell as usize, pl.digit as usize);
        if !s.get(c).has(digit) {
            return Some(format!("{} cannot hold {}", t.cell_name(c), sym(pl.digit)));
        }
        let clashing = t.peers(c).iter().map(|&q| q as usize);
        if let Some(q) = clashing
            .into_iter()
            .find(|&q| s.get(q) == B::Mask::bit(digit))
        {
            let h = t.shared_house(c, q)?;
            return Some(format!(
                "{} and {} would both hold {} in {}",
                t.cell_name(c),
                t.cell_name(q),
                sym(pl.digit),
                t.house_name(h)
            ));
        }
        if s.place(c, digit).is_err() {
            return emptied(&s);
        }
    }
    None
}

/// The state before the last step of a path that ends in a contradiction, replayed from the
/// givens, and what that step breaks there.
pub fn path_clash<B: Basis>(
    p: &Puzzle,
    steps: &[Deduction],
    alpha: Alphabet,
) -> Option<(State<B>, Option<String>)> {
    let (last, before) = steps.split_last()?;
    let mut s = State::<B>::of_puzzle(p).ok()?;
    for d in before {
        s.apply(d).ok()?;
    }
    let why = clash(&s, last, alpha);
    Some((s, why))
}
