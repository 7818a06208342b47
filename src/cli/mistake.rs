//! What a grid without a solution got wrong, said for the person who copied or solved it (what
//! a technique finds on it rests on that mistake): marks that rule out the solution of the
//! placed digits, or the placed digits one of which, taken away, leaves a grid with a solution.

use nsudoku::input::Puzzle;
use nsudoku::logic::{givens_clash, has_marks};
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

/// Most nodes the searches of [`suspects`] spend together, one a placed digit: a grid
/// solved part of the way by hand settles each in a few nodes; a minimal 16×16 puzzle with a
/// wrong given takes about 20,000 in all (0.03 s), a 25×25 one of 300 givens about 75,000
/// (3 s). A grid that needs more is left unsaid.
const SUSPECT_NODES: u64 = 100_000;

/// Most time the searches of [`suspects`] take together. Each costs at least the
/// propagation of the givens, which the node budget does not see: about 0.5 ms at 100×100,
/// where a grid of 8,300 placed digits takes 3.5 s in all.
const SUSPECT_TIME: Duration = Duration::from_secs(5);

/// Most suspects [`suspects_blame`] names one by one.
const SUSPECTS_NAMED: usize = 8;

/// What a grid without a solution got wrong: a note for stderr, and the placed digits it
/// suspects, for JSON.
pub struct Blame {
    /// `the marks rule out r1c2=9, …`, `if only one digit is wrong, it is …`.
    pub note: String,
    /// The digits each of which taken away alone leaves a solution ([`suspects`]), when the
    /// placed digits are to blame and their searches settled; empty when no one digit does.
    pub suspects: Option<Vec<Suspect>>,
}

impl Blame {
    fn said(note: impl Into<String>) -> Blame {
        Blame {
            note: note.into(),
            suspects: None,
        }
    }

    /// Put into a JSON record: `mistake`, the note, and `suspects`, when searched.
    pub fn record(&self, v: &mut serde_json::Value) {
        v["mistake"] = self.note.as_str().into();
        if let Some(s) = &self.suspects {
            v["suspects"] = serde_json::json!(s);
        }
    }

    /// The note with `before` it: `no solution: …`.
    fn after(self, before: &str) -> Blame {
        Blame {
            note: format!("{before}{}", self.note),
            ..self
        }
    }
}

/// Givens (or placed digits) that contradict each other before any step, and which of them
/// may be wrong.
pub struct Clash {
    /// `the givens contradict each other: …`, as [`givens_clash`] says it.
    pub what: String,
    /// Which digit may be wrong ([`which_wrong`]), when its searches settled.
    pub blame: Option<Blame>,
}

impl Clash {
    /// The clash of `p`, a grid whose givens contradict each other, with which of them may be
    /// wrong, searched until `deadline` at the latest.
    pub fn of<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Clash {
        Clash {
            what: givens_clash(p),
            blame: which_wrong::<B>(p, deadline),
        }
    }

    /// As stderr says it: `the givens contradict each other: …; if only one digit is wrong,
    /// it is …`.
    pub fn said(&self) -> String {
        match &self.blame {
            Some(b) => format!("{}; {}", self.what, b.note),
            None => self.what.clone(),
        }
    }

    /// Put into a JSON record: `error`, what clashes, and [`Blame::record`]'s fields.
    pub fn record(&self, v: &mut serde_json::Value) {
        v["error"] = self.what.as_str().into();
        if let Some(b) = &self.blame {
            b.record(v);
        }
    }
}

/// A placed digit that, taken away alone, leaves a grid with a solution.
#[derive(serde::Serialize)]
pub struct Suspect {
    /// `r5c3`.
    pub cell: String,
    /// The digit placed there, in the puzzle's alphabet.
    pub digit: String,
    /// The solutions of the grid without it: 1, or 2 for two or more.
    pub solutions: u8,
}

/// Why `p` has no solution: [`marks_mistake`], or for a puzzle of givens alone, to check them
/// and which of them may be wrong ([`suspects_blame`]). `None` when no count proves that `p`
/// has no solution: `verdict` is the count run for the uniqueness techniques, when one ran,
/// else one runs within [`MISTAKE_NODES`] nodes.
pub fn no_solution_note<B: Basis>(
    p: &Puzzle,
    verdict: Option<Verdict>,
    deadline: Option<Instant>,
) -> Option<Blame> {
    let opts = mistake_search(deadline);
    let verdict = verdict.unwrap_or_else(|| solve::count_only(p, &opts).verdict());
    if verdict != Verdict::NoSolution {
        return None;
    }
    let givens = "no solution (a search finds none): check the givens";
    if !has_marks(p) {
        return Some(match suspects_blame::<B>(p, deadline) {
            Some(b) => b.after(&format!("{givens}; ")),
            None => Blame::said(givens),
        });
    }
    Some(match marks_mistake::<B>(p, deadline) {
        Some(why) => why.after("no solution: "),
        None => Blame::said("no solution (a search finds none)"),
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
/// those digits alone have no solution (and which may be wrong: [`suspects_blame`]), or
/// several that the marks all rule out. `None` for a puzzle of givens alone, or when the
/// search of the placed digits does not settle.
pub fn marks_mistake<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<Blame> {
    if !has_marks(p) {
        return None;
    }
    if !p.masks.iter().any(|m| m.is_single()) {
        return Some(Blame::said(
            "the marks rule out every solution (no digit is placed)",
        ));
    }
    let placed = placed_only::<B>(p);
    let count = solve::count(&placed, &mistake_search(deadline));
    let none = "the placed digits alone have none";
    match (count.verdict(), count.first) {
        (Verdict::NoSolution, _) => Some(match suspects_blame::<B>(&placed, deadline) {
            Some(b) => b.after(&format!("{none}; ")),
            None => Blame::said(none),
        }),
        (Verdict::Solved, Some(sol)) => {
            let t = B::topology();
            let alpha = p.text_alphabet();
            let ruled: Vec<String> = (0..B::CELLS)
                .filter(|&c| !p.masks.get(c).has(sol[c] as usize - 1))
                .map(|c| format!("{}={}", t.cell_name(c), alpha.label(sol[c], B::N)))
                .collect();
            Some(Blame::said(format!(
                "the marks rule out {}, which the one solution of the placed digits has",
                ruled.join(", ")
            )))
        }
        (Verdict::Several, _) => Some(Blame::said(
            "the marks rule out every solution of the placed digits (they have several)",
        )),
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
/// candidate grid, [`suspects_blame`] for one of givens alone.
pub fn which_wrong<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<Blame> {
    if has_marks(p) {
        marks_mistake::<B>(p, deadline)
    } else {
        suspects_blame::<B>(p, deadline)
    }
}

/// Where a wrong digit of `p` is, a grid of givens (or placed digits) alone known to have no
/// solution, for a person who placed one by mistake: `if only one digit is wrong, it is
/// r1c2=5 (the grid has one solution without it)`, the [`suspects`], or that no one digit
/// will do. `None` when their searches do not settle.
pub fn suspects_blame<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<Blame> {
    let suspects = suspects::<B>(p, deadline)?;
    if suspects.is_empty() {
        return Some(Blame {
            note: "no one digit taken away leaves a solution: two or more are wrong".into(),
            suspects: Some(suspects),
        });
    }
    let (one, several): (Vec<&Suspect>, Vec<&Suspect>) =
        suspects.iter().partition(|s| s.solutions == 1);
    let mut left = SUSPECTS_NAMED;
    let mut list = |these: &[&Suspect], solutions: &str| {
        let mut named: Vec<String> = these
            .iter()
            .take(left)
            .map(|s| format!("{}={}", s.cell, s.digit))
            .collect();
        left = left.saturating_sub(these.len());
        if named.len() < these.len() {
            named.push(format!("{} more", these.len() - named.len()));
        }
        let (which, without) = match these.len() {
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
    let note = format!(
        "if only one digit is wrong, it is {}",
        parts.join(", or less likely ")
    );
    Some(Blame {
        note,
        suspects: Some(suspects),
    })
}

/// The placed digits of `p` (cells of one candidate, every other cell open to every digit), a
/// grid known to have no solution, each of which taken away alone leaves a grid with a
/// solution: those that leave one solution first, since a puzzle solved part of the way with
/// one wrong digit has the puzzle's one solution without it, then those that leave several,
/// each in cell order. Should one digit alone be wrong, it is among them: the others are the
/// solution's. None says that more than one is wrong. `None` when the searches, one a placed
/// digit, spend [`SUSPECT_NODES`] nodes or [`SUSPECT_TIME`] together, or reach `deadline`
/// first.
fn suspects<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<Vec<Suspect>> {
    // One thread with room for all the searches (from 81×81 up), not one each.
    let cells = solve::with_room::<B, _>(|| searched::<B>(p, deadline))?;
    let (t, alpha, digits) = (B::topology(), p.text_alphabet(), p.digits());
    let suspect = |&(c, solutions): &(usize, u8)| Suspect {
        cell: t.cell_name(c),
        digit: alpha.label(digits[c], B::N),
        solutions,
    };
    let one = cells.iter().filter(|&&(_, n)| n == 1);
    let several = cells.iter().filter(|&&(_, n)| n > 1);
    Some(one.chain(several).map(suspect).collect())
}

/// [`suspects`]' searches: each placed cell with the solutions it leaves, 1 or 2 (two or more).
fn searched<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Option<Vec<(usize, u8)>> {
    let soon = Instant::now() + SUSPECT_TIME;
    let until = deadline.map_or(soon, |d| d.min(soon));
    let all = Wide256::low(B::N);
    let mut q = p.masks.clone();
    let mut spent = 0;
    let mut found = Vec::new();
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
            Verdict::Solved => found.push((c, 1)),
            Verdict::Several => found.push((c, 2)),
            Verdict::Unsettled(_) => return None,
        }
    }
    Some(found)
}
