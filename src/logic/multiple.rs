//! Multiple forcing chains: Sudoku Explainer's cell and region forcing chains (8.0).
//!
//! One of a cell's digits is true, and one of a digit's places in a house. Assume each in
//! turn and follow the links of the candidate grid as it stands (*static* chains: a true
//! candidate makes every candidate it sees false; a false one makes its strong partner true,
//! the other digit of a bivalue cell or the other place of a digit with two in a house,
//! grouped places included). What every branch implies is true: a placement, or an
//! elimination.
//!
//! Each assumption's consequences come from one breadth-first search over literals
//! (`on(u)`, `off(u)`) within [`Config::chain_length`] links, over the links of the AIC finder
//! ([`super::chains::tagging`], XY mode); the branches of a cell or a house are intersected,
//! and each conclusion is printed with the shortest chain of every branch. Cells of two
//! digits and houses of two places are left out: their branches make an AIC, which the
//! chain finders report. The searches are bounded by [`Config::forcing_budget`] (links
//! followed), the deadline and, like the chains, by [`Config::chain_tags`]; the literal sets
//! kept for reuse by `REACH_KEPT` literals (2²⁴, 64 MB). Inside a [`super::kept::scope`] the
//! cell and region searches of one state share the sets they finish (not those the budget
//! cut): one reused costs the second search nothing, so a region search after a cell search
//! may get further within the same budget than alone.

use super::chains::tagging::Tagging;
use super::Technique;
use super::{limits, Candidate, ChainNode, Config, Deduction, Flow, LinkKind, Sink, State};
use crate::basis::Basis;
use crate::mask::Mask;
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

const NO: u32 = u32::MAX;

/// Report the cell (or region) forcing chains of `s`, shortest first, one deduction per
/// conclusion.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    // The AIC finder's links (and their build, kept for this state when it made one).
    let Some(built) = super::chains::xy(s, cfg) else {
        return Flow::Continue;
    };
    let g = &built.g;
    let mut bfs = Bfs::new(g, cfg);
    let mut marks = Marks::new(2 * g.ids());
    // The shortest proof of each conclusion (by literal) so far, the first found of equals:
    // on a large grid thousands of branchings prove the same few conclusions.
    let mut best: hashbrown::HashMap<u32, Deduction> = hashbrown::HashMap::new();
    with_reach(s, |reach| {
        reach.resize(g.ids(), None);
        let mut kept: usize = reach.iter().flatten().map(Vec::len).sum();
        for source in sources(s, t) {
            let mut common: Option<Vec<u32>> = None;
            for &u in &source.starts {
                let mut fresh = None;
                if reach[u as usize].is_none() {
                    bfs.run(g, u);
                    let run = bfs.reached().to_vec();
                    // A set cut by the budget or the deadline is used once and not kept: the
                    // next search of this state would take it for the whole. Past the cap
                    // too: near-empty big grids reach most literals from every assumption.
                    if !bfs.over_budget() && kept + run.len() <= REACH_KEPT {
                        kept += run.len();
                        reach[u as usize] = Some(run);
                    } else {
                        fresh = Some(run);
                    }
                }
                let r = fresh.as_deref().or(reach[u as usize].as_deref());
                let r = r.unwrap_or_default();
                match &mut common {
                    None => common = Some(r.to_vec()),
                    Some(c) => marks.keep_common(c, r),
                }
                if common.as_ref().is_some_and(Vec::is_empty) {
                    break;
                }
            }
            if bfs.over_budget() || cfg.past_deadline() {
                limits::forcing_cut(cfg);
                break;
            }
            let Some(common) = common else { continue };
            // In literal order, as found before (the sets are in search order).
            let mut conclusions: Vec<u32> =
                common.into_iter().filter(|&l| new_fact(s, g, l)).collect();
            conclusions.sort_unstable();
            if conclusions.is_empty() {
                continue;
            }
            // The shortest chain of each branch to each conclusion, and the nodes so far. A
            // conclusion is dropped once it cannot beat the proof it has, and when a search the
            // budget cuts does not reach it: it is left out, not shown with a chain of another
            // search.
            let bar: Vec<usize> = conclusions
                .iter()
                .map(|l| best.get(l).map_or(usize::MAX, Deduction::chain_length))
                .collect();
            let mut branches = vec![Some((Vec::new(), 0)); conclusions.len()];
            let mut cut = false;
            for &u in &source.starts {
                bfs.run(g, u);
                for ((b, &l), &bar) in branches.iter_mut().zip(&conclusions).zip(&bar) {
                    let Some((chains, nodes)) = b else { continue };
                    if !bfs.has_reached(l) {
                        cut = true;
                        *b = None;
                    } else if (*nodes + bfs.nodes_to(l)).saturating_sub(2) >= bar {
                        *b = None;
                    } else {
                        *nodes += bfs.nodes_to(l);
                        chains.push(bfs.branch(g, l));
                    }
                }
            }
            if cut {
                limits::forcing_cut(cfg);
            }
            for (l, b) in conclusions.into_iter().zip(branches) {
                if let Some((chains, _)) = b {
                    best.insert(l, source.deduction(t, g, l, chains));
                }
            }
        }
    });
    // Shortest first.
    let mut found: Vec<Deduction> = best.into_values().collect();
    found.sort_by_cached_key(|d| {
        (
            d.chain_length(),
            d.placements.clone(),
            d.eliminations.clone(),
        )
    });
    for d in found {
        if sink(d) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// What branches: a cell (its digits) or a digit in a house (its places).
enum Branching {
    Cell(usize),
    /// House and digit.
    Region(usize, usize),
}

/// A branching and the candidate ids of its branches.
struct Source {
    of: Branching,
    starts: Vec<u32>,
}

impl Source {
    fn deduction<B: Basis>(
        &self,
        t: Technique,
        g: &Tagging<B>,
        lit: u32,
        branches: Vec<Vec<ChainNode>>,
    ) -> Deduction {
        let mut d = Deduction::new(t);
        let (c, digit) = g.split(lit / 2);
        if lit & 1 == 1 {
            d.placements.push(Candidate::new(c, digit));
        } else {
            d.eliminations.push(Candidate::new(c, digit));
        }
        match self.of {
            Branching::Cell(cell) => {
                d.evidence.cells = vec![cell as u16];
                // One branch a digit: the cell's digits are the pattern's.
                d.evidence.digits = self.starts.iter().map(|&u| g.split(u).1 as u8).collect();
            }
            Branching::Region(house, digit) => {
                d.evidence.houses = vec![house as u16];
                d.evidence.digits = vec![digit as u8];
                d.evidence.cells = self.starts.iter().map(|&u| g.split(u).0 as u16).collect();
            }
        }
        d.evidence.branches = branches;
        d
    }
}

/// The cells of three digits or more, or the digits with three places or more in a house.
fn sources<B: Basis>(s: &State<B>, t: Technique) -> Vec<Source> {
    let n = B::N;
    let topo = B::topology();
    let mut out = Vec::new();
    match t {
        Technique::CellForcingChain => {
            for c in 0..B::CELLS {
                let m = s.open(c);
                if m.count() >= 3 {
                    let starts = m.iter().map(|d| (c * n + d) as u32).collect();
                    out.push(Source {
                        of: Branching::Cell(c),
                        starts,
                    });
                }
            }
        }
        Technique::RegionForcingChain => {
            for h in 0..topo.houses() {
                for d in 0..n {
                    let starts: Vec<u32> = topo
                        .house(h)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| s.open(c).has(d))
                        .map(|c| (c * n + d) as u32)
                        .collect();
                    if starts.len() >= 3 {
                        out.push(Source {
                            of: Branching::Region(h, d),
                            starts,
                        });
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// True when literal `lit` is about a candidate (not a group) of an open cell: placing it or
/// removing it is something new.
fn new_fact<B: Basis>(s: &State<B>, g: &Tagging<B>, lit: u32) -> bool {
    let id = lit / 2;
    if !g.is_candidate(id) {
        return false;
    }
    let (c, d) = g.split(id);
    s.open(c).has(d)
}

/// Literals kept in the reach sets of one state (64 MB of `u32`): an empty 49×49 grid held
/// gigabytes when every set was kept.
const REACH_KEPT: usize = 1 << 24;

/// Intersections of literal sets by stamps: `stamp[l] == round` marks `l`.
struct Marks {
    stamp: Vec<u32>,
    round: u32,
}

impl Marks {
    fn new(lits: usize) -> Self {
        Marks {
            stamp: vec![0; lits],
            round: 0,
        }
    }

    /// Keep in `common` the literals that are in `with`.
    fn keep_common(&mut self, common: &mut Vec<u32>, with: &[u32]) {
        self.round = next_round(&mut self.stamp, self.round);
        for &l in with {
            self.stamp[l as usize] = self.round;
        }
        common.retain(|&l| self.stamp[l as usize] == self.round);
    }
}

/// The round after `round`, clearing the stamps when the count wraps.
fn next_round(stamp: &mut [u32], round: u32) -> u32 {
    if round == u32::MAX {
        stamp.fill(0);
        1
    } else {
        round + 1
    }
}

/// Breadth-first search over literals (`2·id + 1` on, `2·id` off) from one assumption.
struct Bfs {
    cap: u32,
    budget: u64,
    deadline: Option<std::time::Instant>,
    depth: Vec<u32>,
    /// Parent literal of each literal reached by the last run.
    parent: Vec<u32>,
    /// The literals the last run reached, in order.
    queue: Vec<u32>,
    /// `seen[l] == run`: the last run reached `l`.
    seen: Vec<u32>,
    run: u32,
}

impl Bfs {
    fn new<B: Basis>(g: &Tagging<B>, cfg: &Config) -> Self {
        Bfs {
            cap: u32::try_from(cfg.chain_length).unwrap_or(u32::MAX),
            budget: cfg.forcing_budget,
            deadline: cfg.deadline,
            depth: vec![NO; 2 * g.ids()],
            parent: vec![NO; 2 * g.ids()],
            queue: Vec::new(),
            seen: vec![0; 2 * g.ids()],
            run: 0,
        }
    }

    /// The work budget is spent, or the deadline passed.
    fn over_budget(&self) -> bool {
        self.budget == 0
    }

    /// The literals the last run reached.
    fn reached(&self) -> &[u32] {
        &self.queue
    }

    fn has_reached(&self, lit: u32) -> bool {
        self.seen[lit as usize] == self.run
    }

    /// The nodes of [`Bfs::branch`] to `lit`, which the last run must have reached.
    fn nodes_to(&self, lit: u32) -> usize {
        self.depth[lit as usize] as usize + 1
    }

    /// Every literal `on(u)` implies within the cap; each one's parent is kept until the next
    /// run. Past the deadline the budget is spent: the search stops as when it runs out.
    fn run<B: Basis>(&mut self, g: &Tagging<B>, u: u32) {
        self.run = next_round(&mut self.seen, self.run);
        let (run, seen, parent) = (self.run, &mut self.seen, &mut self.parent);
        self.queue.clear();
        let start = 2 * u + 1;
        seen[start as usize] = run;
        self.depth[start as usize] = 0;
        parent[start as usize] = NO;
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() && self.budget > 0 {
            let lit = self.queue[head];
            head += 1;
            if head % 4096 == 0
                && self
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
            {
                self.budget = 0;
                break;
            }
            let depth = self.depth[lit as usize];
            if depth >= self.cap {
                continue;
            }
            let mut visit = |next: u32| {
                if seen[next as usize] != run {
                    seen[next as usize] = run;
                    parent[next as usize] = lit;
                    self.depth[next as usize] = depth + 1;
                    self.queue.push(next);
                }
            };
            let mut work = 0u64;
            if lit & 1 == 1 {
                g.weak(lit / 2, |v| {
                    work += 1;
                    visit(2 * v);
                });
            } else {
                for &p in g.partners(lit / 2) {
                    work += 1;
                    visit(2 * p + 1);
                }
            }
            self.budget = self.budget.saturating_sub(work.max(1));
        }
    }

    /// The chain of the last run from its assumption to `lit`, which that run must have
    /// reached (the parents of others are left from earlier runs), as linked nodes: `on → off`
    /// is a weak link, `off → on` a strong one.
    fn branch<B: Basis>(&self, g: &Tagging<B>, lit: u32) -> Vec<ChainNode> {
        let mut lits = Vec::new();
        let mut l = lit;
        while l != NO {
            lits.push(l);
            l = self.parent[l as usize];
        }
        lits.reverse();
        let last = lits.len() - 1;
        lits.iter()
            .enumerate()
            .map(|(i, &l)| {
                let (d, cells) = g.node(l / 2);
                let shown = cells
                    .iter()
                    .map(|&c| Candidate::new(c as usize, d))
                    .collect();
                let link = (i < last).then_some(if l & 1 == 1 {
                    LinkKind::Weak
                } else {
                    LinkKind::Strong
                });
                ChainNode::new(shown, link)
            })
            .collect()
    }
}

thread_local! {
    /// The state of the last search on this thread and what each of its assumptions implies:
    /// the cell and region chains of one state share them (`rate` and `explain` ask for both
    /// in turn). Kept only inside [`super::kept::scope`].
    static REACH: RefCell<Option<Rc<dyn Any>>> = const { RefCell::new(None) };
}

/// What each assumption implies in `s`, by candidate id (`None` until searched): the sets
/// kept for this state, or new ones.
fn with_reach<B: Basis, R>(s: &State<B>, f: impl FnOnce(&mut Vec<Option<Vec<u32>>>) -> R) -> R {
    type Kept<B> = RefCell<(State<B>, Vec<Option<Vec<u32>>>)>;
    let same = |t: &State<B>| {
        t.grid().masks() == s.grid().masks()
            && (0..B::CELLS).all(|c| t.is_solved(c) == s.is_solved(c))
    };
    let kept = REACH.with(|k| k.borrow().clone());
    if let Some(k) = kept.and_then(|k| k.downcast::<Kept<B>>().ok()) {
        let mut k = k.borrow_mut();
        if same(&k.0) {
            return f(&mut k.1);
        }
    }
    let mut reach = Vec::new();
    let r = f(&mut reach);
    if super::kept::in_scope() {
        let kept: Rc<dyn Any> = Rc::new(RefCell::new((s.clone(), reach)));
        REACH.with(|k| *k.borrow_mut() = Some(kept));
    }
    r
}

/// Drop what [`with_reach`] kept (when the outermost [`super::kept::scope`] ends).
pub(crate) fn forget() {
    REACH.with(|k| *k.borrow_mut() = None);
}
