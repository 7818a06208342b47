//! Propagation and depth-first search, generic over the basis.
//!
//! Three engines behind one API. 9×9 goes to the band engine (`bands`: one 27-bit word per
//! band and digit, box/line logic inside each band by table, JCZSolve-style sweeps), and 16×16
//! to it first (64-bit words), for a bounded number of nodes; 4×4 to the digit-plane engine
//! (`planes`: one `u128` per digit, singles only). Every other grid, and every 16×16 grid the
//! band engine did not finish, goes to the cell-mask engine here: a search node is a [`Grid`]
//! copied whole (one flat array of masks); propagation (`propagate`) runs incrementally to a
//! fixed point of naked singles, hidden singles and locked candidates; at 16×16 and 25×25 each
//! node also runs a pass of failed-literal probing on bivalue cells; branching takes the cell
//! with the fewest candidates (per conflict seen around it, dom/wdeg, from 25×25 up). From
//! 25×25 up, a search that has found no solution after 30 dead ends (and dead ends at more
//! than one node in 16) hands over to `cdcl`:
//! conflict-driven clause learning on the root-propagated grid, less the root alternatives the
//! search exhausted (at 16×16 it takes over at once). From 36×36 up, on a near-empty grid the
//! search tries first the digit of a pattern solution fitted to the placed cells (`pattern`),
//! so that it never meets a dead end. [`Tuning`] switches each piece;
//! `docs/engine.md` has the measurements behind the defaults. [`dlx`] is no part of it: plain
//! dancing links, the baseline that `nsudoku bench --baseline dlx` times beside it.

use crate::basis::Basis;
use crate::grid::Grid;
use crate::mask::Mask;

mod bands;
mod budget;
mod cdcl;
mod count;
pub mod dlx;
mod pattern;
mod planes;
mod propagate;
mod settings;

use budget::Budget;
pub use budget::Exceeded;
pub use count::{Contradiction, Count, SearchStats, Verdict};
pub use settings::{SolveOptions, Tuning};

use propagate::Propagator;

/// Search state reused across nodes: the propagation queue, the branch stack and scratch.
pub struct Solver<B: Basis> {
    opts: SolveOptions,
    /// The settings as this basis and `opts` run them ([`Tuning::resolved`]).
    tuning: Tuning,
    /// The root grid after propagation and probing, kept by a depth-first run for the CDCL.
    root: Option<Box<Grid<B>>>,
    /// Alternatives of the root branch (cell, digit) whose subtrees a depth-first run explored
    /// completely without a solution before it was cut: the CDCL starts without them.
    refuted: Vec<(usize, usize)>,
    /// The preferred digit of every cell in this search (empty: the lowest first).
    pref: Vec<u8>,
    /// Nodes spent by earlier runs of this search (restarts).
    spent: u64,
    /// When this search's time is up (`SolveOptions::timeout`): a probing pass, which can take
    /// a second on the largest grids before the first node, stops there.
    deadline: Option<std::time::Instant>,
    prop: Propagator<B>,
    /// The open branches from the root down.
    frames: Vec<Frame<B>>,
    /// The choices (cell, digit) from the root to the current node.
    path: Vec<(u16, u16)>,
    /// Grid copies at some frames (frame index, grid): see `Tuning::snapshot_every`.
    snaps: Vec<(usize, Grid<B>)>,
    /// The frames between two snapshots in this run: `Tuning::snapshot_every`, doubled each
    /// time the copies would pass `Tuning::snapshot_bytes`.
    snap_every: usize,
}

impl<B: Basis> std::fmt::Debug for Solver<B> {
    /// Its basis, options and settings; the scratch state of a search is not for reading.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("basis", &B::K)
            .field("opts", &self.opts)
            .field("tuning", &self.tuning)
            .finish_non_exhaustive()
    }
}

/// What a search node branches on: the digits of one cell, or the places of one digit in one
/// house. Either way the alternatives are disjoint, so counting stays exact.
#[derive(Clone, Copy, Debug)]
enum Branch {
    Cell(u16),
    Place { house: u16, digit: u8 },
}

/// Where a depth-first run gives up when it has found no solution yet.
#[derive(Clone, Copy)]
enum Cutoff {
    /// After this many nodes (restarts).
    Nodes(u64),
    /// After this many dead ends (propagations that failed), and dead ends at more than one
    /// node in 16 (the hand-over to the CDCL).
    DeadEnds(u64),
    Never,
}

struct Frame<B: Basis> {
    /// Choices on the path to this branch's node (`Solver::path`); its grid is the nearest
    /// snapshot's with the choices after it replayed.
    depth: usize,
    branch: Branch,
    /// Untried alternatives: digits of the cell, or positions in the house.
    rest: B::Mask,
}

impl<B: Basis> Solver<B> {
    /// A solver with the given options and the default [`Tuning`] of its basis.
    pub fn new(opts: SolveOptions) -> Self {
        Self::with_tuning(opts, Tuning::for_basis(B::K))
    }

    /// A solver with explicit engine settings (`opts.locked_candidates`, when set, still wins).
    pub fn with_tuning(opts: SolveOptions, tuning: Tuning) -> Self {
        let tuning = tuning.resolved(B::K, B::CELLS, opts.locked_candidates);
        Solver {
            opts,
            tuning,
            pref: Vec::new(),
            root: None,
            refuted: Vec::new(),
            spent: 0,
            deadline: None,
            prop: if tuning.planes || tuning.bands {
                Propagator::idle()
            } else {
                Propagator::new(tuning.locked_candidates)
            },
            frames: Vec::new(),
            path: Vec::new(),
            snaps: Vec::new(),
            snap_every: 1,
        }
    }

    /// The time limit of each search ([`SolveOptions::timeout`]).
    pub fn timeout(&self) -> Option<std::time::Duration> {
        self.opts.timeout
    }

    /// Change the time limit of the searches to come: work before a search that the limit also
    /// covers (a logic reduction) leaves it less.
    pub fn set_timeout(&mut self, timeout: Option<std::time::Duration>) {
        self.opts.timeout = timeout;
    }

    /// Count the solutions of `start` up to the limit, keeping the first.
    ///
    /// From 81×81 up the search may need more stack than a default thread has: call it inside
    /// [`with_room`](crate::solve::with_room), as [`count()`] does; the same holds for
    /// [`Solver::count_only`] and [`Solver::search`].
    pub fn count(&mut self, start: &Grid<B>) -> Count {
        let mut first = None;
        if self.tuning.bands {
            // The band engine reports digits: keep the first without a grid round trip.
            let keep = &mut |d: &[u8]| {
                first = Some(d.to_vec());
                true
            };
            let mut out = self.band_count(start, keep, bands::Report::First);
            out.first = first;
            return out;
        }
        let mut out = self.search(start, &mut |g: &Grid<B>| {
            if first.is_none() {
                first = Some(g.to_digits());
            }
            true
        });
        out.first = first;
        out
    }

    /// Count the solutions of `start` up to the limit, without keeping any (`first` is `None`):
    /// what a uniqueness check needs. At 9×9 reading a solution off the band words costs about
    /// a node, 5 % of an easy puzzle.
    pub fn count_only(&mut self, start: &Grid<B>) -> Count {
        if self.tuning.bands {
            return self.band_count(start, &mut |_| true, bands::Report::None);
        }
        self.search(start, &mut |_| true)
    }

    /// The 9×9 band engine on `start`, reporting to `visit` as `report` says.
    fn band_count(
        &mut self,
        start: &Grid<B>,
        visit: &mut dyn FnMut(&[u8]) -> bool,
        report: bands::Report,
    ) -> Count {
        let masks = start.masks().iter().map(|m| m.to_u128() as u32);
        let budget = Budget::start(self.opts.max_nodes, self.opts.timeout);
        let pairs = self.tuning.band_pairs;
        bands::k3::search(masks, self.opts.limit, budget, visit, report, false, pairs)
    }

    /// Visit the solutions of `start`, in search order, up to the limit (or until `visit`
    /// returns false). The returned count has no `first`; the visitor sees every solution.
    pub fn search(&mut self, start: &Grid<B>, visit: &mut dyn FnMut(&Grid<B>) -> bool) -> Count {
        self.spent = 0;
        // What a depth-first run leaves for the CDCL is this puzzle's only.
        self.root = None;
        self.refuted.clear();
        // A solver reused across puzzles (one per thread in a batch) gives each the tree a
        // fresh one would: conflict weights of earlier puzzles must not steer this one.
        self.prop.weights.fill(0);
        let mut budget = Budget::start(self.opts.max_nodes, self.opts.timeout);
        if B::K >= 6 {
            budget = budget.by_node();
        }
        self.deadline = budget.deadline();
        if self.tuning.band_nodes == 0 {
            return self.search_in(start, visit, budget);
        }
        match self.band_phase(start, visit, budget) {
            Ok(c) => c,
            Err(spent) => {
                let mut c = self.search_in(start, visit, budget.less(spent.nodes));
                c.stats += spent;
                c
            }
        }
    }

    /// At 16×16 the band engine goes first, for at most `band_nodes` nodes: most puzzles need
    /// no more, and its nodes cost a fraction of the cell-mask engine's. Its solutions are held
    /// until it has finished, so that none is visited twice when the cell-mask engine starts
    /// over. `Err` carries the effort of a run cut at `band_nodes`.
    fn band_phase(
        &mut self,
        start: &Grid<B>,
        visit: &mut dyn FnMut(&Grid<B>) -> bool,
        budget: Budget,
    ) -> Result<Count, SearchStats> {
        let masks = start.masks().iter().map(|m| m.to_u128() as u32);
        let capped = budget.capped(u64::from(self.tuning.band_nodes));
        let mut found: Vec<Vec<u8>> = Vec::new();
        let hold = &mut |d: &[u8]| {
            found.push(d.to_vec());
            true
        };
        let report = bands::Report::All;
        let (probe, pairs) = (self.tuning.band_probe, self.tuning.band_pairs);
        let limit = self.opts.limit;
        let mut out = bands::k4::search(masks, limit, capped, hold, report, probe, pairs);
        if out.stopped == Some(Exceeded::Nodes) && capped.max_nodes() < budget.max_nodes() {
            return Err(out.stats);
        }
        for (i, d) in found.iter().enumerate() {
            if !visit(&solved_grid(d)) {
                out.solutions = i + 1;
                out.limit_reached = out.solutions >= self.opts.limit;
                break;
            }
        }
        Ok(out)
    }

    /// [`Solver::search`] without the 16×16 band phase.
    fn search_in(
        &mut self,
        start: &Grid<B>,
        visit: &mut dyn FnMut(&Grid<B>) -> bool,
        budget: Budget,
    ) -> Count {
        if self.tuning.planes || self.tuning.bands {
            let masks = start.masks().iter().map(|m| m.to_u128());
            let limit = self.opts.limit;
            let mut v = |d: &[u8]| visit(&solved_grid(d));
            if self.tuning.bands {
                return bands::k3::search(
                    masks.map(|m| m as u32),
                    limit,
                    budget,
                    &mut v,
                    bands::Report::All,
                    false,
                    self.tuning.band_pairs,
                );
            }
            return match B::K {
                2 => planes::search::<4>(2, masks, limit, budget, &mut v),
                _ => planes::search::<9>(3, masks, limit, budget, &mut v),
            };
        }
        if self.tuning.cdcl {
            return self.search_cdcl(start, visit, budget);
        }
        if !self.tuning.restarts {
            return self.run(start, visit, budget, Cutoff::Never).0;
        }
        // Geometric restarts: the conflict weights learned by a run steer the next one. A run
        // that has found a solution is never cut, so no solution is visited twice.
        let mut total = SearchStats::default();
        let mut cutoff = 100u64;
        loop {
            let (mut c, cut) = self.run(start, visit, budget, Cutoff::Nodes(cutoff));
            total += c.stats;
            if !cut {
                c.stats = total;
                return c;
            }
            if let Some(m) = self.opts.max_nodes {
                // Keep the budget global: the next run gets what is left.
                if total.nodes >= m {
                    c.stats = total;
                    c.give_up(Exceeded::Nodes);
                    return c;
                }
            }
            cutoff += cutoff / 2;
        }
    }

    /// The depth-first search until `cdcl_after` dead ends, then (when it has found no solution
    /// yet) CDCL on the root-propagated and probed grid with the rest of the budget. Dead ends,
    /// not nodes: a search that keeps going forward is left to finish (an empty 36×36 grid: 1,070
    /// nodes and two solutions, against 5.6 s once handed over after 30 nodes), and one that keeps
    /// failing is handed over as soon as before.
    fn search_cdcl(
        &mut self,
        start: &Grid<B>,
        visit: &mut dyn FnMut(&Grid<B>) -> bool,
        budget: Budget,
    ) -> Count {
        let mut spent = SearchStats::default();
        if self.tuning.cdcl_after > 0 {
            let (c, cut) = self.run(
                start,
                visit,
                budget,
                Cutoff::DeadEnds(u64::from(self.tuning.cdcl_after)),
            );
            if !cut || c.budget_exceeded() {
                return c;
            }
            spent = c.stats;
        }
        let (g, ok) = match self.root.take() {
            // The depth-first run already propagated and probed the root.
            Some(g) => {
                let mut g = *g;
                self.prop.reset();
                let mut ok = true;
                for &(c, d) in &self.refuted {
                    let m = g.get(c) & !B::Mask::bit(d);
                    if m.is_empty() {
                        ok = false;
                        break;
                    }
                    self.prop.set(&mut g, c, m);
                }
                (g, ok && self.prop.run(&mut g).is_ok())
            }
            None => {
                let mut g = *start;
                let ok = self.prepare_root(&mut g, self.tuning.probe || self.tuning.probe_root);
                (g, ok)
            }
        };
        let mut c = if ok && !cdcl::fits(&g) {
            // Too large for the instance's 32-bit offsets (an open grid from 196×196 up, and
            // tens of gigabytes besides): the depth-first search goes on alone, with what the
            // first run left of the budget (`run` takes off `self.spent`).
            self.run(start, visit, budget, Cutoff::Never).0
        } else if ok {
            let budget = budget.less(spent.nodes);
            cdcl::search(&g, self.opts.limit, budget, self.tuning.learning(), visit)
        } else {
            Count::default()
        };
        c.stats += spent;
        c
    }

    /// Propagate a fresh root grid: the givens' sweep and singles (and locked candidates),
    /// root singleton consistency when set, and one probing pass when `probe`. False on a
    /// contradiction.
    fn prepare_root(&mut self, g: &mut Grid<B>, probe: bool) -> bool {
        let mut ok = self.prop.start(g).is_ok() && self.prop.run(g).is_ok();
        if ok && self.tuning.root_sac {
            ok = self.probe_fixpoint(g, B::N as u32).is_ok();
        }
        if ok && probe {
            ok = self.probe(g).is_ok();
        }
        ok
    }

    /// One depth-first run from `start` within `budget`. Gives up (second value true) at
    /// `cutoff` when no solution has been found yet.
    fn run(
        &mut self,
        start: &Grid<B>,
        visit: &mut dyn FnMut(&Grid<B>) -> bool,
        budget: Budget,
        cutoff: Cutoff,
    ) -> (Count, bool) {
        let mut out = Count::default();
        let mut dead_ends = 0u64;
        let budget = budget.less(self.spent);
        let mut g = *start;
        self.frames.clear();
        self.path.clear();
        self.snaps.clear();
        self.snap_every = self.tuning.snapshot_every as usize;
        // With probing at every node, the root is probed as the first node.
        let mut ok = self.prepare_root(&mut g, self.tuning.probe_root && !self.tuning.probe);
        self.pref.clear();
        if ok && self.tuning.pattern && near_empty(&g) {
            self.pref = pattern::preferred(&g).unwrap_or_default();
        }
        self.root = None;
        self.refuted.clear();
        // The root's branch frame is on the stack, and the root alternative being explored.
        let mut root_open = false;
        let mut root_last = None;
        // `g` is the top frame's node grid, just branched on (no restore needed).
        let mut fresh;
        'node: loop {
            if ok && self.tuning.probe {
                ok = self.probe(&mut g).is_ok();
            }
            dead_ends += u64::from(!ok);
            if ok && self.tuning.cdcl && out.stats.nodes == 0 {
                // The root, propagated and probed: where the CDCL starts if it takes over.
                self.root = Some(Box::new(g));
            }
            fresh = false;
            if ok {
                match self.choose(&g) {
                    None => {
                        out.solutions += 1;
                        let more = visit(&g);
                        if out.solutions >= self.opts.limit || !more {
                            out.limit_reached = out.solutions >= self.opts.limit;
                            break;
                        }
                    }
                    Some((branch, rest)) => {
                        root_open |= out.stats.nodes == 0;
                        let at = self.frames.len();
                        if self
                            .snaps
                            .last()
                            .map_or(true, |s| at - s.0 >= self.snap_every)
                        {
                            self.thin_snapshots();
                            self.snaps.push((at, g));
                        }
                        self.frames.push(Frame {
                            depth: self.path.len(),
                            branch,
                            rest,
                        });
                        fresh = true;
                    }
                }
            }
            // Take the next untried alternative, backtracking as needed.
            let at_root = root_open && self.frames.len() == 1;
            let Some(f) = self.frames.last_mut() else {
                break 'node;
            };
            let i = pattern::first_choice::<B>(&self.pref, f.branch, f.rest);
            f.rest &= !B::Mask::bit(i);
            let branch = f.branch;
            let last = f.rest.is_empty();
            if !fresh {
                self.restore_top(&mut g);
            }
            if last {
                let top = self.frames.len() - 1;
                self.frames.pop();
                if self.snaps.last().is_some_and(|s| s.0 == top) {
                    self.snaps.pop();
                }
                root_open &= !at_root;
            } else {
                out.stats.guesses += 1;
            }
            let (cell, digit) = match branch {
                Branch::Cell(c) => (c as usize, i),
                Branch::Place { house, digit } => (
                    B::topology().house(house as usize)[i] as usize,
                    digit as usize,
                ),
            };
            if at_root && self.tuning.cdcl {
                // Back at the root: the previous alternative's subtree is exhausted, and it
                // held no solution (a run is cut only before its first solution).
                if let Some(p) = root_last.replace((cell, digit)) {
                    self.refuted.push(p);
                }
            }
            out.stats.nodes += 1;
            if let Some(why) = budget.exceeded(out.stats.nodes) {
                out.refuse(why, !last);
                break 'node;
            }
            let past = match cutoff {
                Cutoff::Nodes(n) => out.stats.nodes > n,
                Cutoff::DeadEnds(n) => dead_ends > n.max(out.stats.nodes / 16),
                Cutoff::Never => false,
            };
            if past && out.solutions == 0 {
                self.spent += out.stats.nodes;
                return (out, true);
            }
            self.path.push((cell as u16, digit as u16));
            self.prop.reset();
            self.prop.set(&mut g, cell, B::Mask::bit(digit));
            ok = self.prop.run(&mut g).is_ok();
        }
        (out, false)
    }

    /// Before a snapshot is added: when the copies would pass `Tuning::snapshot_bytes`, keep
    /// every other one (the root's among them) and double the spacing. Not when every branch
    /// keeps a copy (`snapshot_every` 1: probing at every node, whose grids replay cannot
    /// rebuild).
    fn thin_snapshots(&mut self) {
        let room = (self.tuning.snapshot_bytes / std::mem::size_of::<Grid<B>>()).max(2);
        if self.tuning.snapshot_every == 1 || self.snaps.len() < room {
            return;
        }
        let mut i = 0;
        self.snaps.retain(|_| {
            i += 1;
            i % 2 == 1
        });
        self.snap_every *= 2;
    }

    /// Set `g` to the grid of the top frame's node, and cut the path back to that node: the
    /// nearest snapshot, with the choices after it replayed (propagation is deterministic, so
    /// the replay gives the grid the search had there).
    fn restore_top(&mut self, g: &mut Grid<B>) {
        let top = self.frames.len() - 1;
        let &(at, ref snap) = self.snaps.last().expect("the root frame has a snapshot");
        *g = *snap;
        let (from, to) = (self.frames[at].depth, self.frames[top].depth);
        for &(cell, digit) in &self.path[from..to] {
            self.prop.reset();
            self.prop
                .set(g, cell as usize, B::Mask::bit(digit as usize));
            let replayed = self.prop.run(g);
            debug_assert!(replayed.is_ok(), "a replayed choice failed");
        }
        self.path.truncate(to);
    }

    /// Propagate singles (and locked candidates when enabled) on a fresh grid to a fixed point.
    pub fn propagate(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        self.cell_propagator();
        self.prop.start(g)?;
        self.prop.run(g)
    }

    /// Place digit `digit` (0-based) in `cell` of `g` and propagate to a fixed point. Lets
    /// other searches (the generator's randomized fill) reuse this propagation. A digit that
    /// is not a candidate of the cell (a digit N or above among them) is a contradiction.
    ///
    /// # Panics
    ///
    /// When `cell` is not a cell of the grid (`B::CELLS` or above).
    pub fn assign(
        &mut self,
        g: &mut Grid<B>,
        cell: usize,
        digit: usize,
    ) -> Result<(), Contradiction> {
        if digit >= B::N || !g.get(cell).has(digit) {
            return Err(Contradiction);
        }
        self.cell_propagator();
        self.prop.reset();
        self.prop.set(g, cell, B::Mask::bit(digit));
        self.prop.run(g)
    }

    /// The plane engine's solver carries an idle propagator; callers of the cell-level entry
    /// points (`propagate`, `assign`) get a real one on first use.
    fn cell_propagator(&mut self) {
        if self.prop.is_idle() {
            self.prop = Propagator::new(self.tuning.locked_candidates);
        }
    }

    /// Try `digit` in `cell` of a copy of `g` and propagate.
    #[inline]
    fn try_digit(&mut self, g: &Grid<B>, cell: usize, digit: usize) -> (Grid<B>, bool) {
        let mut t = *g;
        // Probes run locked candidates only when `probe_locked` says so.
        let locked = self.prop.locked;
        self.prop.locked = locked && self.tuning.probe_locked;
        self.prop.reset();
        self.prop.set(&mut t, cell, B::Mask::bit(digit));
        let ok = self.prop.run(&mut t).is_ok();
        self.prop.locked = locked;
        (t, ok)
    }

    /// Failed-literal probing on cells of 2..=`probe_arity` candidates (bivalue cells by
    /// default): try every digit of each; a digit whose propagation fails is removed, and a
    /// candidate removed under every digit is removed for good (the cell-wise union of the
    /// outcomes). One pass over the grid: running it to a fixed point shrank the tree a little
    /// and cost more than it saved.
    fn probe(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        self.probe_pass(g, u32::from(self.tuning.probe_arity))
            .map(|_| ())
    }

    /// One probing pass over every cell with 2..=`arity` candidates: each digit is tried and
    /// propagated; a digit that fails goes, and a candidate ruled out under every digit that
    /// survives goes too (the cell-wise union of the outcomes). True when something changed.
    fn probe_pass(&mut self, g: &mut Grid<B>, arity: u32) -> Result<bool, Contradiction> {
        let mut changed = false;
        for c in 0..B::CELLS {
            // Past the deadline the pass stops (what it removed stands): the search then gives
            // up at its next node rather than after the whole pass.
            if c % 64 == 0
                && self
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
            {
                break;
            }
            let m = g.get(c);
            let n = m.count();
            if n < 2 || n > arity {
                continue;
            }
            let mut union: Option<Grid<B>> = None;
            let mut alive = 0u32;
            for d in m.iter() {
                let (t, ok) = self.try_digit(g, c, d);
                if !ok {
                    continue;
                }
                alive += 1;
                match &mut union {
                    None => union = Some(t),
                    Some(u) => {
                        for i in 0..B::CELLS {
                            u.set(i, u.get(i) | t.get(i));
                        }
                    }
                }
            }
            let Some(u) = union else {
                return Err(Contradiction);
            };
            if alive == 1 {
                *g = u;
                changed = true;
                continue;
            }
            self.prop.reset();
            let mut any = false;
            for i in 0..B::CELLS {
                let m = u.get(i);
                if m != g.get(i) {
                    self.prop.set(g, i, m);
                    any = true;
                }
            }
            if any {
                changed = true;
                self.prop.run(g)?;
            }
        }
        Ok(changed)
    }

    /// Probing over every open cell, repeated until a pass changes nothing (singleton
    /// consistency on cells).
    fn probe_fixpoint(&mut self, g: &mut Grid<B>, arity: u32) -> Result<(), Contradiction> {
        while self.probe_pass(g, arity)? {}
        Ok(())
    }

    /// What to branch on, with its alternatives; `None` when every cell is placed.
    ///
    /// The cell with the fewest candidates (per conflict weight with `wdeg`); when that has more
    /// than two, a digit with exactly two places in some house is taken instead (if enabled and
    /// one exists).
    fn choose(&self, g: &Grid<B>) -> Option<(Branch, B::Mask)> {
        let mut best = None;
        let mut best_count = u32::MAX;
        if self.tuning.wdeg {
            // dom/wdeg: fewest candidates per conflict seen around the cell.
            let mut best_w = 0u64;
            for (c, m) in g.masks().iter().enumerate() {
                let n = m.count();
                if n > 1 {
                    let w = 1 + self.prop.cell_weight(c) as u64;
                    if best.is_none() || (n as u64) * best_w < (best_count as u64) * w {
                        best = Some(c);
                        best_count = n;
                        best_w = w;
                    }
                }
            }
        } else {
            for (c, m) in g.masks().iter().enumerate() {
                let n = m.count();
                if n > 1 && n < best_count {
                    best = Some(c);
                    best_count = n;
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        let cell = best?;
        if best_count > 2 && self.tuning.place_branching {
            if let Some(b) = bilocal(g) {
                return Some(b);
            }
        }
        Some((Branch::Cell(cell as u16), g.get(cell)))
    }
}

/// At most one cell in `PATTERN_PLACED` is placed: where pattern value ordering pays.
fn near_empty<B: Basis>(g: &Grid<B>) -> bool {
    let placed = g.masks().iter().filter(|m| m.is_single()).count();
    placed * PATTERN_PLACED <= B::CELLS
}

/// See [`near_empty`].
const PATTERN_PLACED: usize = 8;

/// A house and digit with exactly two places left, with those places; `None` if there is none.
fn bilocal<B: Basis>(g: &Grid<B>) -> Option<(Branch, B::Mask)> {
    let t = B::topology();
    for h in 0..t.houses() {
        let cells = t.house(h);
        let (mut once, mut twice, mut thrice) = (B::Mask::ZERO, B::Mask::ZERO, B::Mask::ZERO);
        for &c in cells {
            let m = g.get(c as usize);
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        let two = twice & !thrice;
        if two.is_empty() {
            continue;
        }
        let d = two.first();
        let mut places = B::Mask::ZERO;
        for (p, &c) in cells.iter().enumerate() {
            if g.get(c as usize).has(d) {
                places |= B::Mask::bit(p);
            }
        }
        return Some((
            Branch::Place {
                house: h as u16,
                digit: d as u8,
            },
            places,
        ));
    }
    None
}

/// The grid of a solution given as digits 1..=N (what the band and plane engines report).
fn solved_grid<B: Basis>(digits: &[u8]) -> Grid<B> {
    let mut g = Grid::<B>::empty();
    for (c, &x) in digits.iter().enumerate() {
        g.set(c, B::Mask::bit(x as usize - 1));
    }
    g
}

/// Count solutions of `grid` with default options and the given limit.
///
/// ```
/// use nsudoku::{basis::B3, solver, Grid};
/// let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let digits: Vec<u8> = p.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
/// let c = solver::count::<B3>(&Grid::from_digits(&digits), 2);
/// assert_eq!(c.solutions, 1);
/// assert!(!c.limit_reached);
/// ```
pub fn count<B: Basis>(grid: &Grid<B>, limit: usize) -> Count {
    crate::solve::with_room::<B, _>(|| {
        Solver::<B>::new(SolveOptions {
            limit,
            ..SolveOptions::default()
        })
        .count(grid)
    })
}
