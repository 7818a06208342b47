//! Difficulty ratings on Sudoku Explainer's scale, extended to what exists only here.
//!
//! Every step gets a difficulty ([`difficulty`]): the technique's value on the SE scale plus,
//! for chains and cycles, 0.1 each time the chain length passes 4, 6, 8, 12, 16, 24, 32, 48, …
//! (SE's length bonus). A puzzle is rated by solving it with the *easiest available step*
//! every time ([`rate_state`]):
//!
//! - **ER** the hardest step of that path,
//! - **EP** the hardest step up to and including the first placement,
//! - **ED** the first step (the hardest needed before anything is removed or placed).
//!
//! A puzzle that logic cannot finish is rated as such: [`Rating::end`] says stuck, with the
//! number of steps taken and of cells left open. See `docs/rating.md` for the whole table.

use crate::basis::Basis;
use crate::input::Puzzle;
use crate::logic::engine::{self, walk, End};
use crate::logic::limits::{self, Hits};
use crate::logic::technique::default_order;
use crate::logic::{
    find, logic_basis, Config, Deduction, Flow, LinkKind, LogicError, State, Technique,
};
use crate::topology::{HouseKind, Topology};
use crate::with_basis;
use std::ops::ControlFlow;

/// The SE scale, lowest value a technique can be rated at. Chains and cycles add a length
/// bonus ([`length_bonus`]); X/Y/XY chains found by the AIC and nice-loop finders are rated by
/// the links they use (see [`difficulty`]).
pub fn base(t: Technique) -> f64 {
    use Technique::*;
    // Rounded to tenths as every rating is: 5.4 + 0.6 * 2 is 6.6000000000000005 in f64, which
    // would sort a hidden sextuple after the chains of 6.6 and break the tie rule.
    round1(match t {
        // SE's hidden single that is its house's last empty cell (`isAlone`).
        FullHouse => 1.0,
        HiddenSingle => 1.2,
        // SE's direct techniques: a pattern's removals and the single they leave, one step.
        DirectPointing => 1.7,
        DirectClaiming => 1.9,
        DirectHiddenPair => 2.0,
        NakedSingle => 2.3,
        DirectHiddenTriple => 2.5,
        Pointing => 2.6,
        Claiming => 2.8,
        NakedTuple(2) => 3.0,
        Fish(2) => 3.2,
        HiddenTuple(2) => 3.4,
        NakedTuple(3) => 3.6,
        Fish(3) => 3.8,
        HiddenTuple(3) => 4.0,
        NakedTuple(4) => 5.0,
        Fish(4) => 5.2,
        HiddenTuple(4) => 5.4,
        XyzWing => 4.4,
        // SE: unique rectangles (loops of four cells) 4.5, loops of six 4.6 (longer ones and
        // type 3 more: see `difficulty`); BUG type 1 5.6 (types 2 to 4 5.7).
        UniqueRectangle => 4.5,
        // Not in SE, so not in `rate`'s path: the rectangle's value, as HoDoKu scores the three
        // alike.
        HiddenRectangle | AvoidableRectangle => 4.5,
        UniqueLoop => 4.6,
        Bug => 5.6,
        AlignedPairExclusion => 6.2,
        // Beyond SE: 0.6 per size above 4, keeping naked < fish < hidden of one size.
        NakedTuple(k) => 5.0 + 0.6 * (k as f64 - 4.0),
        Fish(k) => 5.2 + 0.6 * (k as f64 - 4.0),
        HiddenTuple(k) => 5.4 + 0.6 * (k as f64 - 4.0),
        // Not in SE, so not in `rate`'s path (see `rating_order`): rated, when asked for, just
        // above the fish of their size.
        FinnedFish(k) => base(Fish(k)) + 0.2,
        // An XY-chain of three cells is an XY-wing (4.2).
        XyChain | NiceLoop | Aic => 4.2,
        // SE: a continuous X-loop (bidirectional X-cycle) 6.5. The odd cycles here, the
        // X-cycle's and those of coloring, remove what a discontinuous loop does, which SE
        // finds as a forcing X-chain: 6.6.
        SimpleColoring | MultiColoring | XChain | XCycle => 6.6,
        // SE finds a chain through bivalue cells only in its XY mode, as a forcing chain (its
        // Y mode finds continuous loops alone): 7.0.
        RemotePair | YCycle => 7.0,
        YKnot => 7.2,
        // Not in SE, so not in `rate`'s path: a naked set of its cells over two houses, rated
        // as one of its size and 0.5 more (see `value_and_bonus`).
        SueDeCoq => 5.5,
        // Not in SE, so not in `rate`'s path: an AIC of three links whose outer nodes are sets,
        // rated as a mixed one.
        AlsXz => 7.0,
        // An AIC of five links, (z)A=(x)A-(x)C=(y)C-(y)B=(z)B: a mixed one with its length bonus.
        AlsXyWing => 7.1,
        // The wing's pivot as one cell whose every digit leads to a set: 0.1 more, and 0.1
        // for each petal past two (see `value_and_bonus`).
        DeathBlossom => 7.2,
        // POM is Nishio on one digit's templates (SE: Nishio forcing chains 7.5).
        Pom => 7.5,
        PomRefined => 7.7,
        // Each finds what the one before finds: the stronger rates higher, so that a step
        // covers can take is rated as covers.
        PomCovers => 8.0,
        PomExclusion => 8.2,
        // SE's multiple forcing chains (static), plus the length bonus on all their nodes.
        CellForcingChain | RegionForcingChain => 8.0,
        // SE's dynamic forcing chains (contradiction), plus the length bonus on the placements.
        ForcingChain => 8.5,
        // SE rates the chains that follow more than singles in the trial above the plain ones.
        ForcingChainPlus => 9.0,
        // SE's nested forcing chains with dynamic ones inside (its nesting level 4, 10.5); the
        // length bonus counts the nested proofs' nodes too.
        ForcingChainNested => 10.5,
    })
}

/// SE's length bonus: 0.1 each time `length` passes 4, 6, 8, 12, 16, 24, 32, 48, …
pub fn length_bonus(length: usize) -> f64 {
    // In u128 the ceiling passes any `usize` without wrapping.
    let (mut ceil, mut odd, mut bonus) = (4u128, false, 0.0f64);
    while length as u128 > ceil {
        bonus += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    bonus
}

/// What a chain's links are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// One digit throughout.
    X,
    /// Strong links inside cells, weak links between cells on one digit.
    Y,
    /// Anything else.
    Xy,
}

fn family(d: &Deduction) -> Family {
    let c = &d.evidence.chain;
    let digit = c
        .first()
        .and_then(|n| n.candidates.first())
        .map(|x| x.digit);
    if c.iter()
        .all(|n| n.candidates.iter().all(|x| Some(x.digit) == digit))
    {
        return Family::X;
    }
    let y = c.windows(2).all(|w| {
        let (a, b) = (&w[0].candidates[0], &w[1].candidates[0]);
        match w[0].link {
            Some(LinkKind::Strong) => a.cell == b.cell,
            _ => a.cell != b.cell && a.digit == b.digit,
        }
    });
    if y {
        Family::Y
    } else {
        Family::Xy
    }
}

/// The difficulty of one step.
///
/// Hidden singles are 1.2 in a box and 1.5 in a row or column. Unique rectangles are 4.5,
/// unique loops 4.6 to 5.0 by their length, BUG type 1 5.6 and types 2 to 4 5.7; type 3 adds
/// 0.1 per cell of its naked set beside the rescue cells (a pair 0.1, a quad 0.3).
/// Chains, as SE rates them: continuous loops 6.5 (mixed 7.0); X-chains and the discontinuous
/// loops of one digit 6.6; XY-chains 4.2 up to 5 links (XY-wing) and 7.0 beyond; AICs and nice
/// loops by their links (one digit as X, bivalue cells as XY, mixed 7.0); each
/// plus [`length_bonus`].
pub fn difficulty(d: &Deduction, t: &Topology) -> f64 {
    let (value, bonus) = value_and_bonus(d, t);
    round1(value + bonus)
}

/// [`difficulty`] in its two parts: the value of the step's kind and its length bonus (0 but
/// for chains and cycles rated 6.5 or more), unrounded.
pub fn value_and_bonus(d: &Deduction, t: &Topology) -> (f64, f64) {
    use Technique::*;
    let len = d.chain_length();
    // A continuous loop is SE's bidirectional cycle; SE finds a discontinuous one as a
    // forcing chain.
    let continuous = d.is_continuous_loop();
    let chain_value = |f: Family| match f {
        Family::Xy => 7.0,
        _ if continuous => 6.5,
        Family::X => 6.6,
        // An XY-wing; SE finds a longer chain of bivalue cells only in its XY mode.
        Family::Y if len <= 5 => 4.2,
        Family::Y => 7.0,
    };
    let v = match d.technique {
        HiddenSingle => match d.evidence.houses.first() {
            Some(&h) if t.kind(h as usize) != HouseKind::Box => 1.5,
            _ => 1.2,
        },
        XyChain => chain_value(Family::Y),
        Aic | NiceLoop => chain_value(family(d)),
        // SE: +0.1 for each cell of a type 3 naked set beside the rescue cells; a loop of 8
        // cells 4.7, of 10 or more 5.0; BUG types 2 to 4 5.7.
        UniqueRectangle | UniqueLoop | Bug => {
            // A hidden set names one cell more than it counts: the one beside the rescue
            // cell that a hidden pair adds.
            let counted = d.evidence.set.len() - usize::from(d.evidence.hidden_set);
            let set = counted as f64 * 0.1;
            let pattern = match d.technique {
                UniqueLoop => match d.evidence.cells.len() - d.evidence.set.len() {
                    ..=7 => 4.6,
                    8 | 9 => 4.7,
                    _ => 5.0,
                },
                Bug if d.evidence.cells.len() > d.evidence.set.len() + 1 => 5.7,
                other => base(other),
            };
            pattern + set
        }
        // Four cells at least; at most two sides of 6 and an intersection.
        SueDeCoq => base(NakedTuple(d.evidence.cells.len().clamp(4, 64) as u8)) + 0.5,
        // `sets` holds the stem, then a petal per stem digit.
        DeathBlossom => base(DeathBlossom) + 0.1 * d.evidence.sets.len().saturating_sub(3) as f64,
        other => base(other),
    };
    // SE counts a chain's candidates from its target's negation, two more than its links;
    // a continuous loop's from one of its own, as many as its links.
    let counted = if continuous {
        len.saturating_sub(2)
    } else {
        len
    };
    let bonus = if len >= 1 && v >= 6.5 {
        length_bonus(counted)
    } else {
        0.0
    };
    (v, bonus)
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// A puzzle's rating.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Rating {
    /// Hardest step of the path (of the steps taken, when stuck).
    pub er: f64,
    /// Hardest step up to the first placement (0 when nothing was placed).
    pub ep: f64,
    /// Difficulty of the first step (0 when there was none).
    pub ed: f64,
    /// Steps taken.
    pub steps: usize,
    /// How the path ended: solved, stuck, contradiction or timeout.
    pub end: End,
    /// Cells left open.
    pub open: usize,
    /// Technique of the hardest step.
    pub hardest: Option<Technique>,
    /// Its place on the path, from 1 (the first of the hardest when several tie).
    pub hardest_step: Option<usize>,
    /// The work bounds the path's searches hit (a stuck path that hit none is stuck for every
    /// technique here).
    pub limits: Hits,
}

impl std::fmt::Display for Rating {
    /// `ER/EP/ED` as Sudoku Explainer writes them, `7.2/1.2/1.2`, for a path that solved the
    /// puzzle; else how it ended, as `nsudoku rate` says it: `stuck after 14 steps, 47 cells
    /// open (hardest 8.5)`, `timeout after …`, `no solution (contradiction at step 9, hardest
    /// 2.3)`. A stuck path's ER is no rating: the puzzle may have several solutions, or need
    /// a technique beyond these.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::output::plural;
        let (steps, open) = (plural(self.steps, "step"), plural(self.open, "cell"));
        match self.end {
            End::Solved => write!(f, "{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed),
            End::Contradiction => write!(
                f,
                "no solution (contradiction at step {}, hardest {:.1})",
                self.steps, self.er
            ),
            End::Timeout => write!(
                f,
                "timeout after {steps}, {open} open (hardest {:.1})",
                self.er
            ),
            _ => write!(
                f,
                "stuck after {steps}, {open} open (hardest {:.1})",
                self.er
            ),
        }
    }
}

impl Rating {
    /// The rating of no step yet, on a grid with `open` cells open.
    fn start(open: usize) -> Rating {
        Rating {
            er: 0.0,
            ep: 0.0,
            ed: 0.0,
            steps: 0,
            end: End::Solved,
            open,
            hardest: None,
            hardest_step: None,
            limits: Hits::default(),
        }
    }

    /// Count step `d`, of difficulty `v`, as the next of the path.
    fn took(&mut self, d: &Deduction, v: f64) {
        self.steps += 1;
        if self.steps == 1 {
            self.ed = v;
        }
        if v > self.er {
            self.er = v;
            self.hardest = Some(d.technique);
            self.hardest_step = Some(self.steps);
        }
        // Every step rates 1.0 or more: an EP of 0 is one not yet reached.
        if self.ep == 0.0 && !d.placements.is_empty() {
            self.ep = self.er;
        }
    }

    /// The rating in a few words for the end of a shown path (`explain --rated`, the web
    /// page): `rated 4.2/1.2/1.2 (ER/EP/ED), the hardest step 17: XY-Wing` when it solved the
    /// puzzle, else `not rated (stuck), the hardest step 9: Swordfish [3.8]`.
    pub fn summary(&self) -> String {
        let hardest = match (self.hardest_step, self.hardest) {
            (Some(i), Some(t)) => format!("the hardest step {i}: {}", t.name()),
            _ => "no step taken".to_string(),
        };
        match self.end {
            End::Solved => format!(
                "rated {:.1}/{:.1}/{:.1} (ER/EP/ED), {hardest}",
                self.er, self.ep, self.ed
            ),
            _ if self.hardest.is_some() => format!(
                "not rated ({}), {hardest} [{:.1}]",
                self.end.as_str(),
                self.er
            ),
            _ => format!("not rated ({}), {hardest}", self.end.as_str()),
        }
    }
}

/// The rating of a path already taken on a grid of `t` (as `explain --rated` shows one). On
/// `rate`'s path, over its techniques, it is the puzzle's rating as [`rate_state`] gives it.
pub fn of_path(path: &engine::Path, t: &Topology) -> Rating {
    let mut r = Rating::start(path.open);
    for d in &path.steps {
        r.took(d, difficulty(d, t));
    }
    r.end = path.end;
    r.limits = path.limits;
    r
}

/// Techniques for grids of `n` digits ordered by their lowest rating: every one but the finned
/// fish, the hidden and avoidable rectangles, Sue de Coq and the ALS steps (Death Blossom
/// among them), with SE's direct
/// ones added. SE has none of them, and finds their removals by chains of its own, rated
/// higher (an X-chain from 6.6, a forcing chain from 8.5): with them the ratings would no
/// longer be SE's.
pub fn rating_order(n: usize) -> Vec<Technique> {
    let mut ts = default_order(n);
    ts.retain(|t| {
        !matches!(
            t,
            Technique::FinnedFish(_)
                | Technique::HiddenRectangle
                | Technique::AvoidableRectangle
                | Technique::SueDeCoq
                | Technique::AlsXz
                | Technique::AlsXyWing
                | Technique::DeathBlossom
        )
    });
    by_lowest_rating(with_direct(ts))
}

/// `techniques` and the direct technique of each pattern among them (pointing, claiming, the
/// hidden pair and triple): a rated path takes SE's direct steps wherever their pattern is
/// allowed, as SE rates easy puzzles by them.
fn with_direct(mut techniques: Vec<Technique>) -> Vec<Technique> {
    for direct in Technique::DIRECT {
        let pattern = direct.direct_pattern();
        if pattern.is_some_and(|p| techniques.contains(&p)) && !techniques.contains(&direct) {
            techniques.push(direct);
        }
    }
    techniques
}

/// `techniques` sorted by their lowest rating, as [`easiest_step`] needs them; stable, so
/// that ties keep the order given.
fn by_lowest_rating(mut techniques: Vec<Technique>) -> Vec<Technique> {
    techniques.sort_by(|a, b| base(*a).total_cmp(&base(*b)));
    techniques
}

/// The easiest useful step: the lowest difficulty over every technique whose lowest rating is
/// at most the best found so far. `techniques` must be in [`rating_order`] (sorted by lowest
/// rating): the search stops at the first technique rated above the best step found, so in
/// another order it can miss an easier step. `None` past `cfg`'s deadline: a finder cut short
/// there may have missed the easiest step.
pub fn easiest_step<B: Basis>(
    s: &State<B>,
    techniques: &[Technique],
    cfg: &Config,
) -> Option<(Deduction, f64)> {
    let t = B::topology();
    // SE's chains link single candidates: no grouped nodes on the path it rates.
    let cfg = &Config {
        grouped: false,
        ..*cfg
    };
    let mut best: Option<(Deduction, f64)> = None;
    for &tech in techniques {
        if let Some((_, v)) = &best {
            if base(tech) > *v {
                break;
            }
        }
        let _ = find(s, tech, cfg, &mut |d| {
            if s.is_useful(&d) {
                let v = difficulty(&d, t);
                // Equal values go to the technique first in the default order (an X-chain
                // found by the AIC finder is reported as the X-Chain finder finds it).
                let better = best.as_ref().map_or(true, |(b, bv)| {
                    v < *bv || (v == *bv && d.technique.order() < b.technique.order())
                });
                if better {
                    best = Some((d, v));
                }
                // No step of this technique rates below its lowest value, and an equal one
                // would not be taken over this one: the first at that value will do.
                if v <= base(tech) {
                    return Flow::Stop;
                }
            }
            Flow::Continue
        });
    }
    if cfg.past_deadline() {
        return None;
    }
    best
}

/// The path a rating measures: the easiest step each time ([`easiest_step`]) among
/// `techniques`, in any order, with the direct technique of each pattern among them, telling
/// `told` each step as it is taken (as [`engine::path_told`]). `explain --rated` and `render
/// --rated` show it.
pub fn rated_path_told<B: Basis>(
    s: &mut State<B>,
    techniques: &[Technique],
    cfg: &Config,
    max_steps: usize,
    told: impl FnMut(&Deduction) -> ControlFlow<()>,
) -> engine::Path {
    let ts = by_lowest_rating(with_direct(techniques.to_vec()));
    let next = |s: &State<B>| easiest_step(s, &ts, cfg).map(|(d, _)| d);
    engine::path_told(s, cfg, max_steps, next, told)
}

/// Rate by solving `s` with the easiest step each time.
pub fn rate_state<B: Basis>(s: &mut State<B>, cfg: &Config) -> Rating {
    let techniques = rating_order(B::N);
    let mut r = Rating::start(s.open_cells());
    limits::take();
    let pick = |s: &State<B>| easiest_step(s, &techniques, cfg);
    r.end = walk(s, cfg, usize::MAX, pick, |d, v| r.took(&d, v));
    r.open = s.open_cells();
    r.limits = limits::take();
    r
}

/// Rate a parsed puzzle of a basis of the logic layer (up to 100×100), as `nsudoku rate`
/// does. Fails when its givens contradict each other, or its basis is beyond
/// [`LOGIC`](crate::basis::LOGIC) (the reader takes grids up to 225×225). The uniqueness
/// techniques take part when `p` has one solution: `cfg.unique` says the caller proved it (as
/// `nsudoku rate` does, which needs the count for more), else `rate` proves it itself, as
/// [`explain`](crate::logic::explain()) does ([`crate::solve::proved_unique`], within
/// `cfg.deadline`). So the default `Config` rates a puzzle as `nsudoku rate` does.
pub fn rate(p: &Puzzle, cfg: &Config) -> Result<Rating, LogicError> {
    let k = logic_basis(p)?;
    let cfg = &Config {
        unique: cfg.unique || crate::solve::proved_unique(p, cfg.deadline),
        ..*cfg
    };
    with_basis!(k, B => crate::solve::with_room::<B, _>(|| {
        let mut s = State::<B>::of_puzzle(p)?;
        Ok(rate_state(&mut s, cfg))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bonus_ends_for_any_length() {
        let top = length_bonus(usize::MAX);
        assert!(top > length_bonus(1 << 62) && top < 20.0, "{top}");
    }

    #[test]
    fn length_bonus_follows_se() {
        let b = |l| (length_bonus(l) * 10.0).round() as i32;
        assert_eq!(b(3), 0);
        assert_eq!(b(4), 0);
        assert_eq!(b(5), 1);
        assert_eq!(b(6), 1);
        assert_eq!(b(7), 2);
        assert_eq!(b(8), 2);
        assert_eq!(b(9), 3);
        assert_eq!(b(12), 3);
        assert_eq!(b(13), 4);
        assert_eq!(b(16), 4);
        assert_eq!(b(17), 5);
        assert_eq!(b(24), 5);
        assert_eq!(b(25), 6);
        assert_eq!(b(33), 7);
    }

    #[test]
    fn scale_is_ordered_like_se() {
        use Technique::*;
        let seq = [
            HiddenSingle,
            NakedSingle,
            Pointing,
            Claiming,
            NakedTuple(2),
            Fish(2),
            HiddenTuple(2),
            NakedTuple(3),
            Fish(3),
            HiddenTuple(3),
            XyzWing,
            UniqueRectangle,
            NakedTuple(4),
            Fish(4),
            HiddenTuple(4),
            Bug,
            Fish(5),
            HiddenTuple(5),
            AlignedPairExclusion,
            XCycle,
        ];
        assert!(seq.windows(2).all(|w| base(w[0]) < base(w[1])));
        // The default order (explain's) agrees with the scale on these.
        assert!(seq.windows(2).all(|w| w[0].order() < w[1].order()));
        assert_eq!(base(HiddenTuple(4)), 5.4);
    }

    /// A rating ties with another only when both are the same tenth: a hidden sextuple (6.6)
    /// sorts before the chains of 6.6, as tuples come first in the default order.
    #[test]
    fn sized_ratings_are_whole_tenths() {
        use Technique::*;
        // Above 4: 5.0, 5.2 and 5.4 plus 0.6 a size, counted in tenths (exact in integers).
        for k in 5..=50u8 {
            let above = 6 * (i32::from(k) - 4);
            for (t, tenths) in [(NakedTuple(k), 50), (Fish(k), 52), (HiddenTuple(k), 54)] {
                assert_eq!(base(t), f64::from(tenths + above) / 10.0, "{t}");
            }
        }
        assert_eq!(base(HiddenTuple(6)), base(XChain));
        let order = rating_order(36);
        let at = |t| order.iter().position(|&x| x == t).unwrap();
        assert!(at(HiddenTuple(6)) < at(XChain));
    }
}
