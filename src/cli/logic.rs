//! Pieces shared by the logic subcommands (`explain`, `find`, `reduce`, `rate`, `render`):
//! technique lists, the budgets of the costly techniques, the per-puzzle state, the search
//! behind a stuck puzzle.

use super::mistake::Clash;
use nsudoku::input::Puzzle;
use nsudoku::logic::{has_marks, technique, Config, Deduction, State, Technique, TechniqueList};
use nsudoku::mask::Wide256;
use nsudoku::rating;
use nsudoku::solve;
use nsudoku::solver::{Exceeded, SolveOptions, Verdict};
use nsudoku::{Basis, Mask};
use std::io::{self, Write};
use std::time::Instant;

/// `--help` text listing the technique names.
pub fn techniques_help() -> String {
    format!(
        "Technique names (comma-separated where a list is taken; families stand for every \
         size 2..=N/2, `-K` picks one size; any case, `_` or a space for `-`, and the names \
         steps show, such as `X-Wing` or `Naked Pair`, are taken too): {}.\n\nOrder: the \
         easiest applicable technique is always taken first: singles, locked candidates, then \
         tuples and fish by size (naked, fish, hidden, finned fish; the XYZ-wing after the \
         hidden triple, the unique, hidden and avoidable rectangles and the loop after the \
         finned swordfish, the BUG after the quads, aligned pair exclusion after size 5), \
         then coloring, remote pairs, X- and XY-chains, cycles and y-knots, nice loops and \
         AICs, Sue de Coq, ALS-XZ, ALS-XY-Wing and Death Blossom, pattern overlay, cell and \
         region forcing chains, and forcing chains by assumption. The uniqueness techniques \
         (unique-rectangle, hidden-rectangle, avoidable-rectangle, unique-loop, bug) run only \
         on a puzzle whose count proved one solution. `direct` (Sudoku Explainer's direct \
         pointing, claiming, hidden pair and triple: the single a pattern's removals leave, \
         placed alone) is not in `all`; rated \
         paths add it where the list holds its pattern.",
        technique::cli_names()
    )
}

/// Budgets of the costly techniques, shared by the subcommands that apply logic: at 25×25 and
/// up a default budget may skip a digit's templates or a forcing search that a user will wait
/// for, or take longer than one wants.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct LimitArgs {
    /// Pattern overlay: most templates listed per digit; a digit with more is skipped. The
    /// default (1,000,000) keeps a listed digit under about 60 MB even at 25×25; the digits
    /// listed are kept from step to step, up to 1 GB in all (about 460 MB seen at 49×49 and
    /// 64×64, 28 MB with a budget of 1,000).
    #[arg(long, default_value_t = Config::default().pom_budget,
          value_parser = super::at_least::<0, u64>)]
    pub pom_budget: u64,
    /// Chains and cycles: the longest chain searched, in links (a cycle's y-edge counts as one).
    #[arg(long, default_value_t = Config::default().chain_length,
          value_parser = super::at_least::<1, usize>)]
    pub chain_length: usize,
    /// Forcing chains: most work of one search (peers visited and cells scanned by its trials,
    /// about 10⁹ a second); the trials left are skipped.
    #[arg(long, default_value_t = Config::default().forcing_budget,
          value_parser = super::at_least::<0, u64>)]
    pub forcing_budget: u64,
}

impl LimitArgs {
    /// The default configuration with these budgets.
    pub fn config(&self) -> Config {
        Config {
            pom_budget: self.pom_budget,
            chain_length: self.chain_length,
            forcing_budget: self.forcing_budget,
            ..Config::default()
        }
    }
}

/// How `explain` and `find` write a deduction.
#[derive(Clone, Copy)]
pub struct Form {
    /// A JSON record rather than a line of text.
    pub json: bool,
    /// With the deduction's rating on Sudoku Explainer's scale.
    pub rated: bool,
    /// The text in full: each y-edge with its bivalue cells (JSON's `text` always is).
    pub verbose: bool,
}

/// Write deduction `d` on its own line: its text (with its rating in brackets when rated), or
/// its JSON record, with its place, its file, its number `step` on a path and its
/// `difficulty` when rated. The line is flushed: each goes out as it is found, so a long
/// search shows as it goes and a killed run keeps what it found.
pub fn write_deduction<B: Basis>(
    out: &mut impl Write,
    d: &Deduction,
    (p, label): (&Puzzle, &Option<String>),
    Form {
        json,
        rated,
        verbose,
    }: Form,
    step: Option<usize>,
) -> io::Result<()> {
    let (topo, alpha) = (B::topology(), p.text_alphabet());
    let difficulty = rated.then(|| rating::difficulty(d, topo));
    let line = if json {
        let mut v = d.to_json(topo, alpha);
        super::set_place(&mut v, p);
        if let Some(step) = step {
            v["step"] = step.into();
        }
        if let Some(r) = difficulty {
            v["difficulty"] = r.into();
        }
        super::with_file(v, label)
    } else {
        let text = d.describe_with(topo, alpha, verbose);
        match difficulty {
            Some(r) => format!("{text} [{r:.1}]"),
            None => text,
        }
    };
    writeln!(out, "{line}")?;
    out.flush()
}

/// Check a technique list of a search that counts (`flag`: `--reduce` or `--node-reduce`,
/// for the message): a uniqueness technique named in it would change the count, so it is
/// refused (with `all` they are left out, as the engine leaves them out without
/// [`Config::unique`]).
pub fn validate_counting(flag: &str, list: Option<&TechniqueList>) -> Result<(), String> {
    match list.and_then(TechniqueList::named_needing_uniqueness) {
        Some(t) => Err(format!(
            "{flag} {}: it assumes the puzzle has one solution, which is what the search \
             after it is there to find out; expected techniques that do not rest on uniqueness",
            t.cli_name()
        )),
        None => Ok(()),
    }
}

/// The techniques for a puzzle of `n` digits: the list given, or every one available.
pub fn techniques_for(list: Option<&TechniqueList>, n: usize) -> Vec<Technique> {
    path_techniques(list, n, false)
}

/// The techniques of a solving path, `rated` or not: the list given, or every one available,
/// but for a rated path `rate`'s (SE's techniques: no finned fish).
pub fn path_techniques(list: Option<&TechniqueList>, n: usize, rated: bool) -> Vec<Technique> {
    match (list, rated) {
        (Some(l), _) => l.for_size(n),
        (None, true) => nsudoku::rating::rating_order(n),
        (None, false) => technique::default_order(n),
    }
}

/// What to tell the user whose list names tuples or fish too large for a grid of `n` digits:
/// they are tried and can never apply, so the run would be silent on why they found nothing.
pub fn idle_note(list: &TechniqueList, n: usize) -> Option<String> {
    let idle: Vec<String> = list.idle(n).into_iter().map(Technique::cli_name).collect();
    (!idle.is_empty()).then(|| {
        format!(
            "{} cannot apply to a {n}×{n} grid (a tuple or fish of size N or more leaves no \
             cell to eliminate from)",
            idle.join(", ")
        )
    })
}

/// `cfg` for `p`: [`Config::unique`] set when `techniques` hold one that rests on uniqueness
/// and a count proves that `p` has one solution ([`solve::proved_unique`]).
pub fn config_for(cfg: Config, p: &Puzzle, techniques: &[Technique]) -> Config {
    config_and_count(cfg, p, techniques).0
}

/// [`config_for`], with the count's verdict when one ran (`None` when no technique needs it).
pub fn config_and_count(
    cfg: Config,
    p: &Puzzle,
    techniques: &[Technique],
) -> (Config, Option<Verdict>) {
    let verdict = techniques
        .iter()
        .any(|t| t.needs_uniqueness())
        .then(|| solve::uniqueness(p, cfg.deadline));
    let unique = verdict == Some(Verdict::Solved);
    (Config { unique, ..cfg }, verdict)
}

/// Why a count proved no single solution, for the note that the uniqueness techniques did not
/// run.
pub fn not_proved(verdict: Verdict) -> String {
    match verdict {
        Verdict::NoSolution => "a count found no solution".into(),
        Verdict::Several => "a count found several solutions".into(),
        Verdict::Unsettled(Exceeded::Time) => {
            "the count that would prove it ran out of --timeout".into()
        }
        Verdict::Unsettled(Exceeded::Nodes) | Verdict::Solved => format!(
            "a count within {} nodes did not settle",
            solve::UNIQUE_NODES
        ),
    }
}

/// Most dropped marks [`dropped_marks`] names one by one.
const DROPPED_NAMED: usize = 6;

/// The marks of `p`, a candidate grid, that its placed digits rule out (a digit kept in a cell
/// that sees it placed), which every step drops before the first: said, so that what the
/// user wrote is not changed unseen (`the placed digits (cells of one candidate) rule out 2
/// marks, dropped before the first step: r1c1<>5, r3c2<>5`). `None` when there are none, or
/// `p` is no candidate grid, or one of givens alone (every open cell open to every digit:
/// nothing was pencilled in).
pub fn dropped_marks(p: &Puzzle) -> Option<String> {
    // `study` says its notes too, for grids beyond the logic layer's topologies.
    let logic = nsudoku::basis::LOGIC.contains(&p.k);
    if !logic || p.format != nsudoku::input::Format::Candidates || !has_marks(p) {
        return None;
    }
    let (t, n) = (nsudoku::render::topology(p.k), p.n());
    let mut dropped = Vec::new();
    for c in 0..n * n {
        let m = p.masks.get(c);
        if m.is_single() {
            continue;
        }
        let mut ruled = Wide256::default();
        for &peer in t.peers(c) {
            let d = p.masks.get(peer as usize);
            if d.is_single() {
                ruled |= d;
            }
        }
        let stale = m & ruled;
        for d in (0..n).filter(|&d| stale.has(d)) {
            dropped.push((c, d));
        }
    }
    if dropped.is_empty() {
        return None;
    }
    let alpha = p.text_alphabet();
    let mut named: Vec<String> = dropped
        .iter()
        .take(DROPPED_NAMED)
        .map(|&(c, d)| {
            let cell = nsudoku::topology::CellName::of(c, n);
            format!("{cell}<>{}", alpha.label(d as u8 + 1, n))
        })
        .collect();
    if dropped.len() > DROPPED_NAMED {
        named.push(format!("and {} more", dropped.len() - DROPPED_NAMED));
    }
    Some(format!(
        "the placed digits (cells of one candidate) rule out {}, dropped before the first \
         step: {}",
        super::plural(dropped.len(), "mark"),
        named.join(", ")
    ))
}

/// The logic state of `p`, or why there is none: two givens clash, and which may be wrong
/// ([`Clash::of`], searched until `deadline` at the latest).
pub fn state<B: Basis>(p: &Puzzle, deadline: Option<Instant>) -> Result<State<B>, Clash> {
    State::of_puzzle(p).map_err(|_| Clash::of::<B>(p, deadline))
}

/// How long a stuck puzzle is searched to tell "too hard for the techniques" from "not one
/// solution": the search takes microseconds at 9×9 and 16×16, where nearly all puzzles are.
pub const SEARCH_LIMIT: std::time::Duration = std::time::Duration::from_secs(1);

/// Solutions of a puzzle the techniques did not finish, as the search found them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Solutions {
    Zero,
    One,
    Several,
    /// The search ran out of its time, this long (zero: none was left to search).
    Unknown(std::time::Duration),
}

impl Solutions {
    /// 0, 1, 2 (two or more), or `None` when the search did not settle it.
    pub fn count(self) -> Option<u8> {
        match self {
            Solutions::Zero => Some(0),
            Solutions::One => Some(1),
            Solutions::Several => Some(2),
            Solutions::Unknown(_) => None,
        }
    }

    /// The count of a path cut by the deadline, which leaves no time to search: unknown, or
    /// one when the count before the path proved it (`unique`).
    pub fn cut_short(unique: bool) -> Self {
        if unique {
            Solutions::One
        } else {
            Solutions::Unknown(std::time::Duration::ZERO)
        }
    }

    /// What fails a run in this outcome, for a message (`None` for one solution): a puzzle
    /// whose count the search did not settle is not known to have one solution either.
    pub fn not_one(self) -> Option<String> {
        match self {
            Solutions::Zero => Some("no solution".into()),
            Solutions::Several => Some("several solutions".into()),
            Solutions::Unknown(searched) => Some(Solutions::unsettled(searched)),
            Solutions::One => None,
        }
    }

    /// Why a count is unknown after a search of `searched`: its length, or that no time was
    /// left before `--timeout` to search at all.
    pub fn unsettled(searched: std::time::Duration) -> String {
        if searched.is_zero() {
            return "no time was left before --timeout to count its solutions".into();
        }
        let secs = if searched.subsec_nanos() == 0 {
            format!("{} s", searched.as_secs())
        } else {
            format!("{:.2} s", searched.as_secs_f64())
        };
        format!("a search of at most {secs} did not settle how many solutions it has")
    }
}

/// Count the solutions of `p` to two, within [`SEARCH_LIMIT`] and the time the puzzle has left
/// before `cfg.deadline` (its `--timeout`, which covers the search too); no search when
/// `cfg.unique` says a count proved one solution already.
pub fn search_stuck(p: &Puzzle, cfg: &Config) -> Solutions {
    if cfg.unique {
        return Solutions::One;
    }
    let left = cfg.deadline.map_or(SEARCH_LIMIT, |d| {
        d.saturating_duration_since(Instant::now())
            .min(SEARCH_LIMIT)
    });
    if left.is_zero() {
        return Solutions::Unknown(left);
    }
    let opts = SolveOptions {
        timeout: Some(left),
        ..SolveOptions::default()
    };
    let c = solve::count_only(p, &opts);
    match c.verdict() {
        Verdict::Unsettled(_) => Solutions::Unknown(left),
        Verdict::NoSolution => Solutions::Zero,
        Verdict::Solved => Solutions::One,
        Verdict::Several => Solutions::Several,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nsudoku::input::{self, ReadOptions};

    /// The search behind a stuck puzzle keeps to what is left of the puzzle's `--timeout`.
    #[test]
    fn a_stuck_search_keeps_to_the_deadline() {
        // An empty grid: two solutions are found at once, unless no time is left.
        let empty = ".".repeat(81);
        let p = input::read_all(&empty, ReadOptions::default())
            .remove(0)
            .unwrap();
        let cfg = Config::default();
        assert!(matches!(search_stuck(&p, &cfg), Solutions::Several));
        let passed = Config {
            deadline: Some(Instant::now()),
            ..cfg
        };
        let left = search_stuck(&p, &passed);
        assert!(matches!(left, Solutions::Unknown(d) if d.is_zero()));
        let why = left.not_one().unwrap();
        assert_eq!(
            why,
            "no time was left before --timeout to count its solutions"
        );
    }
}
