//! What a grid without a solution got wrong, said for the person who copied or solved it (what
//! a technique finds on it rests on that mistake): marks that rule out the solution of the
//! placed digits, or the placed digits one of which, taken away, leaves a grid with a solution.

use nsudoku::input::Puzzle;
use nsudoku::logic::has_marks;
use nsudoku::mask::Wide256;
use nsudoku::solve;
use nsudoku::solver::{SolveOptions, Solver, Verdict};
use nsudoku::{Basis, Grid, Mask};
use std::time::{Duration, Instant};

/// The search behind [`no_solution_note`] where no count for the uniqueness techniques ran:
/// microseconds at 9×9 and 16×16, about 0.2 s on a hard 25×25 puzzle it does not settle (the
/// 50,000 nodes of that count take 1.8 s there). A grid a hand solver got wrong is settled
/// far sooner.
const MISTAKE_NODES: u64 = 5_000;

/// Most nodes the searches of [`Suspects::of`] spend together, one a placed digit: a grid
/// solved part of the way by hand settles each in a few nodes; a minimal 16×16 puzzle with a
/// wrong given takes about 20,000 in all (0.03 s), a 25×25 one of 300 givens about 75,000
/// (3 s). A grid that needs more is left unsaid.
const SUSPECT_NODES: u64 = 100_000;

/// Most time the searches of [`Suspects::of`] take together. Each costs at least the
/// propagation of the givens, which the node budget does not see: about 0.5 ms at 100×100,
/// where a grid of 8,300 placed digits takes 3.5 s in all.
const SUSPECT_TIME: Duration = Duration::from_secs(5);

/// Most suspects [`suspects_note`] names one by one.
const SUSPECTS_NAMED: usize = 8;

/// Why `p` has no solution: [`marks_mistake`], or for a puzzle of givens alone, to check them
/// and which of them may be wrong ([`suspects_note`]). `None` when no count proves that `p`
/// has no solution: `verdict` is the count run for the uniqueness techniques, when one ran,
/// else one runs within [`MISTAKE_NODES`] nodes.
pub fn no_solution_note<B: Basis>(
    p: &Puzzle,
    verdict: Option<Verdict>,
    deadline: Option<Instant>,
) -> Option<String> {
    let opts = mistake_search(deadline);
    let verdict = verdict.unwrap_or_else(|| solve::count_only(p, &opts).verdict());
    if verdict != Verdict::NoSolution {
        return None;
    }
    if !has_marks(p) {
        let which = suspects_note::<B>(p, deadline);
        return Some(format!(
            "no solution (a search finds none): check the givens{}",
            which.map(|w| format!("; {w}")).unwrap_or_default()
        ));
    }
    Some(match marks_mistake::<B>(p, deadline) {
        Some(why) => format!("no solution: {why}"),
        None => "no solution (a search finds none)".into(),
    })
}

/// The search of [`no_solution_note`] and [`marks_mistake`]: [`MISTAKE_NODES`], and no later
/// than `deadline`.
fn mistake_search(deadline: Option<Instant>) -> SolveOptions {
    SolveOptions {
        max_nodes: Some(MISTAKE_NODES),
        timeout: deadline.map(|d| d.saturating_duration_since(Instant::now())),
        ..SolveOptions::default()
    }
}

/// What the marks of `p`, a candidate grid known to have no solution, got wrong, when its
/// placed digits tell: the candidates the marks rule out that the placed digits' one solution
/// has (`the marks rule out r1c2=9, which the one solution of the placed digits has`), or that
/// those digits alone have no solution (and which may be wrong: [`suspects_note`]), or several
/// that the marks all rule out. `None` for a puzzle of givens alone, or when the search of the
/// placed digits does not settle.
pub fn marks_mistake<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<String> {
    if !has_marks(p) {
        return None;
    }
    if !p.masks.iter().any(|m| m.is_single()) {
        return Some("the marks rule out every solution (no digit is placed)".into());
    }
    let placed = placed_only::<B>(p);
    let count = solve::count(&placed, &mistake_search(deadline));
    match (count.verdict(), count.first) {
        (Verdict::NoSolution, _) => Some(match suspects_note::<B>(&placed, deadline) {
            Some(which) => format!("the placed digits alone have none; {which}"),
            None => "the placed digits alone have none".into(),
        }),
        (Verdict::Solved, Some(sol)) => {
            let t = B::topology();
            let alpha = p.text_alphabet();
            let ruled: Vec<String> = (0..B::CELLS)
                .filter(|&c| !p.masks.get(c).has(sol[c] as usize - 1))
                .map(|c| format!("{}={}", t.cell_name(c), alpha.label(sol[c], B::N)))
                .collect();
            Some(format!(
                "the marks rule out {}, which the one solution of the placed digits has",
                ruled.join(", ")
            ))
        }
        (Verdict::Several, _) => Some(
            "the marks rule out every solution of the placed digits (they have several)".into(),
        ),
        _ => None,
    }
}

/// `p` with its placed digits (cells of one candidate) only: every other cell open to every
/// digit.
fn placed_only<B: Basis>(p: &Puzzle) -> Puzzle {
    let all = Wide256::low(B::N);
    let mut placed = p.clone();
    for c in 0..B::CELLS {
        if !p.masks.get(c).is_single() {
            placed.masks.set(c, all);
        }
    }
    placed
}

/// What may be wrong in `p`, a grid known to have no solution: [`marks_mistake`] for a
/// candidate grid, [`suspects_note`] for one of givens alone.
pub fn which_wrong<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<String> {
    if has_marks(p) {
        marks_mistake::<B>(p, deadline)
    } else {
        suspects_note::<B>(p, deadline)
    }
}

/// Where a wrong digit of `p` is, a grid of givens (or placed digits) alone known to have no
/// solution, for a person who placed one by mistake: `if only one digit is wrong, it is
/// r1c2=5 (the grid has one solution without it)`, the digits each of which taken away alone
/// leaves a grid with a solution ([`Suspects`]); those that leave one solution first, since a
/// puzzle solved part of the way with one wrong digit has the puzzle's one solution without
/// it. Or that no one digit does. `None` when the searches do not settle within
/// [`SUSPECT_NODES`] nodes and [`SUSPECT_TIME`], or before `deadline`.
pub fn suspects_note<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<String> {
    let Suspects { one, several } = Suspects::of::<B>(p, deadline)?;
    if one.is_empty() && several.is_empty() {
        return Some("no one digit taken away leaves a solution: two or more are wrong".into());
    }
    let (t, alpha, digits) = (B::topology(), p.text_alphabet(), p.digits());
    let mut left = SUSPECTS_NAMED;
    let mut list = |cells: &[usize], solutions: &str| {
        let mut named: Vec<String> = cells
            .iter()
            .take(left)
            .map(|&c| format!("{}={}", t.cell_name(c), alpha.label(digits[c], B::N)))
            .collect();
        left = left.saturating_sub(cells.len());
        if named.len() < cells.len() {
            named.push(format!("{} more", cells.len() - named.len()));
        }
        let (which, without) = match cells.len() {
            1 => ("", "it"),
            _ => ("one of ", "any one of them"),
        };
        format!(
            "{which}{} ({solutions} without {without})",
            named.join(", ")
        )
    };
    let mut parts = Vec::new();
    if !one.is_empty() {
        parts.push(list(&one, "the grid has one solution"));
    }
    if !several.is_empty() {
        parts.push(list(&several, "several solutions"));
    }
    Some(format!(
        "if only one digit is wrong, it is {}",
        parts.join(", or less likely ")
    ))
}

/// The placed digits of a grid known to have no solution (cells of one candidate, every other
/// cell open to every digit) each of which taken away alone leaves a grid with a solution, in
/// cell order. Should one digit alone be wrong, it is among them: the others are the
/// solution's. None says that more than one is wrong.
struct Suspects {
    /// Those that leave one solution.
    one: Vec<usize>,
    /// Those that leave several.
    several: Vec<usize>,
}

impl Suspects {
    /// The suspects of `p`; `None` when the searches, one a placed digit, spend
    /// [`SUSPECT_NODES`] nodes or [`SUSPECT_TIME`] together, or reach `deadline` first.
    fn of<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<Suspects> {
        // One thread with room for all the searches (from 81×81 up), not one each.
        solve::with_room::<B, _>(|| Suspects::searched::<B>(p, deadline))
    }

    fn searched<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<Suspects> {
        let soon = Instant::now() + SUSPECT_TIME;
        let until = deadline.map_or(soon, |d| d.min(soon));
        let all = Wide256::low(B::N);
        let mut q = p.masks.clone();
        let mut spent = 0;
        let (mut one, mut several) = (Vec::new(), Vec::new());
        for c in 0..B::CELLS {
            let m = p.masks.get(c);
            if !m.is_single() {
                continue;
            }
            if Instant::now() >= until {
                return None;
            }
            q.set(c, all);
            let opts = SolveOptions {
                max_nodes: Some(SUSPECT_NODES.checked_sub(spent)?),
                timeout: Some(until.saturating_duration_since(Instant::now())),
                ..SolveOptions::default()
            };
            let count = Solver::<B>::new(opts).count_only(&Grid::from_masks(&q));
            q.set(c, m);
            spent += count.stats.nodes;
            match count.verdict() {
                Verdict::NoSolution => {}
                Verdict::Solved => one.push(c),
                Verdict::Several => several.push(c),
                Verdict::Unsettled(_) => return None,
            }
        }
        Some(Suspects { one, several })
    }
}
