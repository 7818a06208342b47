//! Conflict-driven clause learning (CDCL) on the candidate grid left by propagation at the root.
//!
//! Depth-first search with probing cannot learn: a 25×25 puzzle built to defeat propagation
//! (the Frisch set) makes it refute the same sub-conflict in thousands of branches. This engine
//! encodes what is left after root propagation as a small SAT instance and runs a plain
//! CDCL loop on it, which learns one clause per conflict and never refutes it again.
//!
//! ```text
//!  variable x(c,d)  one per open cell c and candidate d still possible at the root
//!  cell     c       at least one x(c,·)            (long clause)     naked singles
//!                   at most one: ¬x(c,d) ∨ ¬x(c,e) (binary)
//!  house h, digit d at least one x(·,d) in h       (long clause)     hidden singles
//!                   at most one: ¬x(c,d) ∨ ¬x(p,d) for peers c, p (binary, once per pair)
//! ```
//!
//! The at-most-one binaries never change: they are one flat list per variable (`amo`: the
//! literals made false when it is true, in the order the pairs were once added one by one, on
//! which the search depends); the other original binaries (a bivalue cell, a digit with two
//! places) and the blocking binaries live in implication lists (`bins[l]`: literals made true
//! when `l` is true); long clauses, and every learnt clause of two literals or more, use two
//! watched literals with a blocker.
//! Conflict analysis is first-UIP with recursive minimization, then at 25×25
//! (`Tuning::cdcl_shrink`) all-UIP shrinking: each lower level's literals are replaced by their
//! block UIP when no outside literal is needed, as in CaDiCaL. The learnt clauses hold about 40
//! literals over about 9 levels, so shrinking pays: Frisch at 300k 1,421,828 → 1,276,926
//! conflicts, 15 of 16 lines fewer (line 10 225,611 → 236,120), 73.7 → 60.7 s of CPU;
//! gen_g280_10 12,659 → 10,451 conflicts a puzzle; at 16×16 gen_minimal200 level in conflicts
//! but slower at worst; rkkautsar_81x81 1,499 → 2,941. Branching is VSIDS (decay 0.95;
//! at 25×25, `Tuning::cdcl_reasons`, the variables of the reasons of the learnt clause's
//! literals are bumped too, once each, as in Kissat: 1,577,797 rather than 1,746,798 conflicts
//! over the Frisch set in a 300k budget, 15 of the 16 fewer; at 16×16 the same conflicts on
//! gen_minimal200 and line 200 22.5–23.3 ms instead of 18.2–19.2, and more time at 64×64 and
//! 81×81) with saved phases (every
//! variable starts true, so the first decisions are placements, x = v, as in the depth-first
//! search: starting false, the underdetermined bprolog_multi2 took 3,323 conflicts
//! instead of 1,201); restarts are Glucose's (when the LBD of recent learnt clauses exceeds its
//! long-run average by 25%: with CaDiCaL's 10%, 14 rather than 15 of the Frisch set are solved
//! in 300k conflicts and 13 of the 16 take more conflicts, the gen_minimal200 worst is
//! 19.6–19.9 ms rather than 18.1–18.5, gen_g280 takes 14,498 rather than 13,326 conflicts per
//! puzzle, but gen_g300 1,956 rather than 2,079 and bprolog_multi2 1,201 rather than 2,851;
//! Luby restarts of 100 conflicts solved 6 rather than 7 of the Frisch set in 100k conflicts).
//! From 36×36 up (`Tuning::cdcl_stable`) the search runs in stable mode instead: Luby restarts
//! of 1,024 conflicts, decisions by target phases (those of the longest conflict-free trail),
//! VSIDS decay 0.99. rkkautsar_64x64 line 1 has many solutions, but focused mode found none in
//! 10 million conflicts; stable mode finds two in 32,208 (87k–200k under other stable
//! settings; docs/engine.md). Learnt clauses are halved every few thousand conflicts, except
//! those of LBD ≤ 2 and those of LBD ≤ 8 used in a conflict since the last reduction; the LBD of a learnt clause is
//! recomputed (and lowered) when it takes part in a conflict (Glucose). After each reduction,
//! learnt clauses of LBD ≤ 8 are vivified once, lowest LBD first, within 10% of the literals
//! propagated since the last time (Kissat's effort): the negations of a clause's literals are
//! assumed one by one at level 0, and a conflict or a literal found true or false shortens it
//! to the assumptions it rests on (with the reason bumping, 1,421,117 rather than 1,577,797
//! conflicts over the Frisch set, 15 of the 16 fewer, line 9 solved in 287k; with both, every
//! line takes fewer conflicts than without either).
//!
//! Tried and rejected (Frisch set, and gen_minimal200 line 200 at 16×16):
//! - Box/line segment variables: one per line, box and digit, true exactly when the digit is
//!   in that segment, exactly one per line and digit and per box, kind and digit, so that unit
//!   propagation does pointing and claiming. Frisch lines 3, 2, 14 (100k budget): 5,628,
//!   10,451 and 17,872 conflicts against 5,723, 11,317 and 18,992, for 366, 726 and 1,177 ms
//!   against 217, 428 and 682 (413–1,164 ms when the search decides on them too): the
//!   learning already finds what locked candidates say, and each conflict costs twice as much.
//! - Native exactly-one groups (each variable in four: its cell and its digit in three houses).
//!   A true variable makes the rest of its groups false, the binary ¬x ∨ ¬y being the reason
//!   that conflict analysis reads; at least one was watched per group (skipped once the group
//!   holds a true variable), or counted per group. The work per decision stayed the same
//!   (callgrind: about 18.8k instructions against 18.6k) while the time grew: pairs sharing a
//!   line and a box are walked twice, members are reached through two indirections, and
//!   counting touches four groups per false literal both ways. Line 200 took 23–25 ms instead
//!   of 19.8, the gen_minimal200 worst 24–27 ms instead of 20. A profile shows why the binary
//!   lists were not the lever: about two thirds of `propagate` is in the watched long clauses.
//! - Initial activities favouring cells with few candidates and digits with few places, VSIDS
//!   decay 0.9, at least 50 conflicts between restarts, keeping 1,000 or 5,000 learnt clauses at
//!   first: within 10% of the conflicts on the 7 Frisch puzzles solved in 60k conflicts, and
//!   none solved another; the initial activities with the 25% margin lost its extra puzzle.
//! - Kissat's stable mode, alternating with this (focused) one: Luby restarts of 1,024
//!   conflicts, decay 0.99, and target phases (those of the longest conflict-free trail since
//!   the mode began); first switch after 1,000 conflicts, the lengths doubling after each stable
//!   phase. Frisch at 300k: 1,807,079 conflicts against 1,746,798, line 10 left unsolved too;
//!   with the reason bumping 1,519,132 against 1,577,797 (10 lines fewer, 6 more); with bumping
//!   and vivification 1,412,126 against 1,421,117 and 118.5 s against 117.7 s: not worth a
//!   second mode. On a screen (lines 2 3 4 6 7 11 12 13 14, 100k conflicts: 346,598 then),
//!   Luby units of 100 or 1,024, decay 0.95 or 0.99, with or without target phases: 357k–400k;
//!   stable mode only: 390k–425k; target phases in focused mode: 397k. That screen moves by
//!   5–6% for nothing (decay 0.949, 0.951, 0.953: 363k–369k).
//! - Rephasing every 1,000·i conflicts (best phases, original, best, inverted): 362k on the
//!   screen; with the reason bumping 319k against 337k, within the noise; not pursued, as the
//!   stable mode it serves did not win.
//! - Trail reuse on restart (keep the decisions more active than the best open variable):
//!   364k on the screen, and no time saved per conflict (54.5 µs against 54.4): restarts come
//!   every 2–3 conflicts, right after the bumping, which puts new variables on top.
//! - Reason bumping only for learnt clauses of at most 10 literals (Kissat's limit): 335.5k
//!   against 336.6k on the screen, no gain; nor at 16×16 (3,079 conflicts on line 200).
//! - Vivification (screen, 296,099 with it): of the original clauses too, after the learnt
//!   ones: unchanged (the budget is spent first), before them: 312k and slower (root probing
//!   has done that work); effort 5%: 310k; 20%, 30%, 100%: 290k, 291k, 292k for more
//!   time; newest clauses first: 294k; keeping the whole assumed prefix rather than the
//!   assumptions the conflict rests on: 301k.
//! - Learning-rate branching (LRB, as in MapleSAT: the moving average of the share of conflicts
//!   a variable took part in while assigned, reason side counted, unassigned variables decayed)
//!   in place of VSIDS: Frisch lines 3, 2 and 14 took 8,435 / 16,895 / 30,988 conflicts against
//!   5,723 / 11,317 / 18,992; without the decay 10,933 / 16,394 / 30,530, without the reason
//!   side 8,662 / 20,665 / 37,417.
//! - Binary minimization of learnt clauses (Glucose: drop the literals whose negation the UIP
//!   implies by one binary clause, here mostly its peers and cell mates): Frisch at 300k,
//!   1,421,828 → 1,440,254 conflicts and 70.4 → 72.1 s (11 lines fewer, but lines 1, 9 and 10
//!   more); gen_g280_10 12,659 → 12,008 conflicts/puzzle; gen_minimal200 level;
//!   rkkautsar_81x81 1,499 → 2,830.
//! - Local search rephasing (Kissat's walker: ProbSAT on the original clauses from the saved
//!   phases, the best assignment becoming the saved phases): walks never reach a solution, and
//!   Frisch at 300k took 1,276,926 → 1,323,429 conflicts, 54.8 → 58.7 s (variants in
//!   docs/engine.md).
//! - Hall reasoning explained lazily (naked and hidden pairs, triples, locked candidates found
//!   at each fixpoint, each elimination implied with its explanation clause as reason): up to
//!   13% fewer conflicts on Frisch, but the scans (about 12 a conflict) cost more: 31.1 s →
//!   37.7 s with pairs alone, 69.4 s with everything (docs/engine.md).
//!
//! On Frisch lines 3, 6, 2 and 14, half or more of the conflicts find the first solution
//! (2,619 of 5,723, 12,883 of 23,051, 8,702 of 11,317, 16,673 of 18,992 with `--limit 1`):
//! once it is found, the clauses learnt on the way make the proof that no other exists short.
//!
//! Counting is exact: after a solution, a clause forbidding exactly it (some open cell takes
//! another digit) is added and the search goes on; every learnt clause follows from the clauses
//! present, so no solution is lost and none comes twice. No randomness: runs are deterministic.

mod analyze;
mod learnts;
mod order;

use super::budget::{Budget, Exceeded};
use super::{Count, SearchStats};
use crate::basis::Basis;
use crate::grid::Grid;
use crate::mask::Mask;
use itertools::Itertools;
use order::{Heap, Luby, LUBY_UNIT, STABLE_DECAY};

/// A literal: `2 * var` for x, `2 * var + 1` for ¬x.
type Lit = u32;

#[inline(always)]
fn var(l: Lit) -> usize {
    (l >> 1) as usize
}

/// Make `l` true at level `lvl` for `reason`: [`Sat::assign`] on fields borrowed apart, which
/// `Sat::propagate_long` holds as slices.
#[inline(always)]
fn assign_in(
    value: &mut [i8],
    level: &mut [u32],
    reasons: &mut [u32],
    trail: &mut Vec<Lit>,
    l: Lit,
    lvl: u32,
    reason: u32,
) {
    value[l as usize] = 1;
    value[(l ^ 1) as usize] = -1;
    level[var(l)] = lvl;
    reasons[var(l)] = reason;
    trail.push(l);
}

/// No reason: a decision or a fact of level 0.
const NO_REASON: u32 = u32::MAX;
/// Reason tag: a binary clause; the low bits hold its other (false) literal.
const BIN: u32 = 1 << 31;

/// Where a propagation failed.
#[derive(Clone, Copy)]
enum Conflict {
    /// Both literals of a binary clause are false.
    Bin(Lit, Lit),
    /// Every literal of this long clause is false.
    Long(u32),
}

/// Long clauses live in one arena of `u32`: at offset `c`, the size, a header (bit 0 learnt,
/// bit 1 deleted, bit 2 used in a conflict since the last reduction, bit 3 vivified, the LBD
/// from bit 4), then
/// the literals. A clause is named by its offset; watches hold it with a blocker literal, and
/// the arena is compacted after each reduction (`collect`).
const HDR: usize = 2;
const LEARNT: u32 = 1;
const DELETED: u32 = 2;
const USED: u32 = 4;
/// Bit 3: vivified once already (see [`Sat::vivify`]).
const VIVIFIED: u32 = 8;
const LBD_SHIFT: u32 = 4;

/// Learnt clauses of LBD up to this that took part in a conflict since the last reduction
/// are kept (Kissat's and CaDiCaL's "tier 2", there 6).
const TIER2_LBD: u32 = 8;

/// Vivification may propagate this share (per mille) of the literals the search propagated
/// since the last one (Kissat: 100).
const VIVIFY_EFFORT: u64 = 100;

/// Restart when the recent LBD exceeds its long-run average by this factor (CaDiCaL: 1.1).
const RESTART_MARGIN: f64 = 1.25;

#[derive(Clone, Copy)]
struct Watch {
    clause: u32,
    blocker: Lit,
}

/// Outcome of one call of [`Sat::solve`].
enum Outcome {
    Sat,
    Unsat,
    Stopped(Exceeded),
}

/// The SAT instance and the CDCL state.
struct Sat {
    /// At most one, flat: when variable `v` is true, the literals
    /// `amo[amo_start[v]..amo_start[v + 1]]` (all negative) are true.
    amo_start: Vec<u32>,
    amo: Vec<Lit>,
    /// Other binary clauses of the instance, and blocking ones (learnt clauses go to the
    /// arena, whatever their length): `bins[l]` holds the literals made true when `l` is.
    bins: Vec<Vec<Lit>>,
    arena: Vec<u32>,
    /// `watches[l]`: long clauses with `l` among their first two literals.
    watches: Vec<Vec<Watch>>,
    /// Per literal: 1 true, -1 false, 0 open.
    value: Vec<i8>,
    /// Per variable, plus a last slot that `propagate_bins` writes to in vain.
    level: Vec<u32>,
    reason: Vec<u32>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,
    activity: Vec<f64>,
    var_inc: f64,
    heap: Heap,
    /// Saved phase per variable (true: last value was true).
    phase: Vec<bool>,
    /// Stable mode's target phases: those of the longest conflict-free trail so far.
    target: Vec<bool>,
    /// How many literals that trail held.
    target_len: usize,
    seen: Vec<bool>,
    /// Variables marked seen by minimization, to unmark after it.
    cleared: Vec<usize>,
    level_stamp: Vec<u64>,
    stamp: u64,
    learnts: usize,
    max_learnts: usize,
    /// Buffers of `analyze` and `redundant`, kept between conflicts.
    buf_learnt: Vec<Lit>,
    buf_lits: Vec<Lit>,
    buf_all: Vec<Lit>,
    buf_stack: Vec<Lit>,
    buf_scratch: Vec<Lit>,
    /// `shrink`: the literals below the conflict level, by level; `block_uip`'s marks.
    buf_shrink: Vec<Lit>,
    shr: Vec<bool>,
    shr_touched: Vec<u32>,
    conflicts: u64,
    decisions: u64,
    /// What `analyze` does beyond first-UIP learning and minimization.
    learning: Learning,
    /// Literals propagated (the ticks of vivification), and their count at the last one.
    props: u64,
    props_vivified: u64,
    /// False once a clause set is unsatisfiable at level 0.
    ok: bool,
}

impl Sat {
    fn new(vars: usize, learning: Learning) -> Self {
        Sat {
            amo_start: vec![0; vars + 1],
            amo: Vec::new(),
            bins: vec![Vec::new(); 2 * vars],
            arena: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            value: vec![0; 2 * vars],
            level: vec![0; vars + 1],
            reason: vec![NO_REASON; vars + 1],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            activity: vec![0.0; vars],
            var_inc: 1.0,
            heap: Heap::new(vars),
            phase: vec![true; vars],
            target: vec![true; vars],
            target_len: 0,
            seen: vec![false; vars],
            cleared: Vec::new(),
            level_stamp: vec![0; vars + 1],
            stamp: 0,
            learnts: 0,
            max_learnts: 2000,
            buf_learnt: Vec::new(),
            buf_lits: Vec::new(),
            buf_all: Vec::new(),
            buf_stack: Vec::new(),
            buf_scratch: Vec::new(),
            buf_shrink: Vec::new(),
            shr: vec![false; vars],
            shr_touched: Vec::new(),
            conflicts: 0,
            decisions: 0,
            learning,
            props: 0,
            props_vivified: 0,
            ok: true,
        }
    }

    #[inline(always)]
    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    #[inline(always)]
    fn assign(&mut self, l: Lit, reason: u32) {
        let lvl = self.decision_level();
        let Sat {
            value,
            level,
            reason: reasons,
            trail,
            ..
        } = self;
        assign_in(value, level, reasons, trail, l, lvl, reason);
    }

    /// Add a clause at level 0 (original or blocking clause).
    fn add_clause(&mut self, mut lits: Vec<Lit>) {
        debug_assert_eq!(self.decision_level(), 0);
        if !self.ok {
            return;
        }
        lits.retain(|&l| self.value[l as usize] != -1);
        if lits.iter().any(|&l| self.value[l as usize] == 1) {
            return;
        }
        match lits.len() {
            0 => self.ok = false,
            1 => {
                self.assign(lits[0], NO_REASON);
                if self.propagate().is_some() {
                    self.ok = false;
                }
            }
            2 => {
                self.bins[(lits[0] ^ 1) as usize].push(lits[1]);
                self.bins[(lits[1] ^ 1) as usize].push(lits[0]);
            }
            _ => {
                self.attach(&lits, false, 0);
            }
        }
    }

    fn attach(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let ci = self.arena.len() as u32;
        self.watches[lits[0] as usize].push(Watch {
            clause: ci,
            blocker: lits[1],
        });
        self.watches[lits[1] as usize].push(Watch {
            clause: ci,
            blocker: lits[0],
        });
        self.arena.push(lits.len() as u32);
        self.arena.push(u32::from(learnt) | lbd << LBD_SHIFT);
        self.arena.extend_from_slice(lits);
        if learnt {
            self.learnts += 1;
        }
        ci
    }

    /// Unit propagation over the trail from `qhead`.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            self.props += 1;
            let conflict = match self.propagate_bins(p) {
                None => self.propagate_long(p ^ 1),
                c => c,
            };
            if conflict.is_some() {
                self.qhead = self.trail.len();
                return conflict;
            }
        }
        None
    }

    /// The watched long clauses of the literal `fl`, just made false.
    #[inline(always)]
    fn propagate_long(&mut self, fl: Lit) -> Option<Conflict> {
        if self.watches[fl as usize].is_empty() {
            return None;
        }
        let lvl = self.decision_level();
        // Borrowed apart as slices, so that the compiler keeps their pointers and lengths in
        // registers rather than reloading them from `self` after every store.
        let Sat {
            arena,
            watches,
            value,
            level,
            reason,
            trail,
            ..
        } = self;
        let (arena, watches, value) = (&mut arena[..], &mut watches[..], &mut value[..]);
        let (level, reason) = (&mut level[..], &mut reason[..]);
        let mut ws = std::mem::take(&mut watches[fl as usize]);
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < ws.len() {
            let w = ws[i];
            i += 1;
            if value[w.blocker as usize] == 1 {
                ws[j] = w;
                j += 1;
                continue;
            }
            let cr = w.clause as usize;
            let size = arena[cr] as usize;
            let lits = &mut arena[cr + HDR..cr + HDR + size];
            // The false literal to position 1 without a branch: it is in position 0 about a
            // third of the time, in no pattern the branch predictor could learn.
            let first = lits[0] ^ lits[1] ^ fl;
            lits[0] = first;
            lits[1] = fl;
            // (If `first` is the blocker, it is not true: checked above.)
            if value[first as usize] == 1 {
                ws[j] = Watch {
                    clause: w.clause,
                    blocker: first,
                };
                j += 1;
                continue;
            }
            if let Some(k) = lits[2..].iter().position(|&q| value[q as usize] != -1) {
                let q = lits[k + 2];
                lits[k + 2] = fl;
                lits[1] = q;
                watches[q as usize].push(Watch {
                    clause: w.clause,
                    blocker: first,
                });
                continue;
            }
            ws[j] = Watch {
                clause: w.clause,
                blocker: first,
            };
            j += 1;
            if value[first as usize] == -1 {
                conflict = Some(Conflict::Long(w.clause));
                while i < ws.len() {
                    ws[j] = ws[i];
                    j += 1;
                    i += 1;
                }
            } else {
                assign_in(value, level, reason, trail, first, lvl, w.clause);
            }
        }
        ws.truncate(j);
        watches[fl as usize] = ws;
        conflict
    }

    /// The binary clauses of the true literal `p`: at most one (for a variable), then the
    /// others; no list is moved, as assigning does not change them.
    #[inline(always)]
    fn propagate_bins(&mut self, p: Lit) -> Option<Conflict> {
        if p & 1 == 0 {
            let v = var(p);
            let (from, to) = (self.amo_start[v] as usize, self.amo_start[v + 1] as usize);
            let lvl = self.decision_level();
            let Sat {
                amo,
                value,
                level,
                reason,
                trail,
                ..
            } = self;
            let (value, level, reason) = (&mut value[..], &mut level[..], &mut reason[..]);
            for &q in &amo[from..to] {
                let open = match value[q as usize] {
                    -1 => return Some(Conflict::Bin(q, p ^ 1)),
                    x => x == 0,
                };
                // About 40% of these literals are open, the rest true already, in no pattern
                // a branch predictor could learn: `assign` without a branch. For a true
                // literal, the level and reason go to the spare last slot and the trail entry
                // is taken back (with the changes in `propagate_long`, the same search in 8-10%
                // less CPU on Frisch lines 1, 5, 11, 14).
                value[q as usize] = 1;
                value[(q ^ 1) as usize] = -1;
                let slot = if open { var(q) } else { level.len() - 1 };
                level[slot] = lvl;
                reason[slot] = BIN | (p ^ 1);
                trail.push(q);
                trail.truncate(trail.len() - usize::from(!open));
            }
        }
        for k in 0..self.bins[p as usize].len() {
            let q = self.bins[p as usize][k];
            match self.value[q as usize] {
                1 => {}
                0 => self.assign(q, BIN | (p ^ 1)),
                _ => return Some(Conflict::Bin(q, p ^ 1)),
            }
        }
        None
    }

    fn bump(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.update(v, &self.activity);
    }

    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let to = self.trail_lim[level as usize];
        for i in (to..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = var(l);
            self.value[l as usize] = 0;
            self.value[(l ^ 1) as usize] = 0;
            self.reason[v] = NO_REASON;
            self.phase[v] = l & 1 == 0;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(to);
        self.trail_lim.truncate(level as usize);
        self.qhead = to;
    }

    /// Search until a model, unsatisfiability, or the budget runs out (its nodes are the
    /// conflicts, counted over all calls).
    fn solve(&mut self, budget: &Budget) -> Outcome {
        if !self.ok {
            return Outcome::Unsat;
        }
        let (mut fast, mut slow, mut since) = (0.0f64, 0.0f64, 0u64);
        let stable = self.learning.stable;
        let mut luby = Luby::new();
        loop {
            if let Some(c) = self.propagate() {
                self.conflicts += 1;
                if let Some(why) = budget.exceeded(self.conflicts) {
                    // Not analysed: taken back, as the depth-first search takes back the node
                    // it refuses.
                    self.conflicts -= 1;
                    return Outcome::Stopped(why);
                }
                if self.decision_level() == 0 {
                    self.ok = false;
                    return Outcome::Unsat;
                }
                if stable {
                    self.keep_target();
                }
                let (learnt, bt) = self.analyze(c);
                let lbd = self.lbd(&learnt);
                since += 1;
                if self.conflicts == 1 {
                    (fast, slow) = (lbd as f64, lbd as f64);
                }
                fast += (lbd as f64 - fast) / 32.0;
                slow += (lbd as f64 - slow) / 4096.0;
                self.backtrack(bt);
                if learnt.len() == 1 {
                    self.assign(learnt[0], NO_REASON);
                } else {
                    let first = learnt[0];
                    let ci = self.attach(&learnt, true, lbd);
                    self.assign(first, ci);
                }
                self.buf_learnt = learnt;
                self.var_inc /= if stable { STABLE_DECAY } else { 0.95 };
                if stable {
                    if since >= luby.term() * LUBY_UNIT {
                        luby.step();
                        since = 0;
                        self.backtrack(0);
                    }
                } else if since >= 2 && fast > RESTART_MARGIN * slow {
                    // Restart when the recent clauses are worse (higher LBD) than the long-run
                    // average by a margin (Glucose; see the module doc for the margin).
                    since = 0;
                    self.backtrack(0);
                }
                if self.learnts >= self.max_learnts {
                    self.reduce();
                    self.max_learnts += 300;
                    let ticks = (self.props - self.props_vivified) * VIVIFY_EFFORT / 1000;
                    if !self.vivify(ticks) {
                        self.ok = false;
                        return Outcome::Unsat;
                    }
                    self.props_vivified = self.props;
                }
            } else {
                let Some(v) = self.pick() else {
                    return Outcome::Sat;
                };
                // The clock is read at conflicts, but a large open grid can run thousands of
                // decisions without one.
                if self.decisions % 4096 == 4095 && budget.out_of_time() {
                    return Outcome::Stopped(Exceeded::Time);
                }
                self.decisions += 1;
                self.trail_lim.push(self.trail.len());
                let phase = if stable {
                    self.target[v]
                } else {
                    self.phase[v]
                };
                let l = 2 * v as Lit + u32::from(!phase);
                self.assign(l, NO_REASON);
            }
        }
    }

    /// At a conflict in stable mode: the trail below the conflict's decision level is
    /// consistent; when it is the longest yet, its values become the target phases (which
    /// start as the saved phases, all true).
    fn keep_target(&mut self) {
        let consistent = self.trail_lim[self.trail_lim.len() - 1];
        if consistent > self.target_len {
            for &l in &self.trail[..consistent] {
                self.target[var(l)] = l & 1 == 0;
            }
            self.target_len = consistent;
        }
    }

    fn pick(&mut self) -> Option<usize> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.value[2 * v] == 0 {
                return Some(v);
            }
        }
        None
    }
}

/// How conflict analysis learns (see the module doc; `Tuning::cdcl_reasons` and
/// `Tuning::cdcl_shrink`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Learning {
    /// Bump the variables of the reasons of the learnt clause's literals too.
    pub reasons: bool,
    /// Shrink each lower level's literals to their block UIP.
    pub shrink: bool,
    /// Stable mode throughout: restarts after Luby multiples of [`LUBY_UNIT`] conflicts
    /// instead of Glucose's every few conflicts, decisions by target phases, slower VSIDS
    /// decay (see the module doc).
    pub stable: bool,
}

/// Whether the instance of `g` fits the 32-bit offsets of its at-most-one lists (`amo_start`):
/// bounded by each variable having every other candidate of its cell and the same digit in
/// every peer as partners.
pub(super) fn fits<B: Basis>(g: &Grid<B>) -> bool {
    let vars: u64 = g
        .masks()
        .iter()
        .map(|m| m.count() as u64)
        .filter(|&k| k > 1)
        .sum();
    let partners = (B::N - 1 + B::topology().peers(0).len()) as u64;
    vars * partners <= u64::from(u32::MAX)
}

/// Count the solutions of `g` (propagated at the root, no contradiction found) up to `limit`,
/// visiting each; `budget` bounds the conflicts (the `nodes` of the stats; `guesses` counts
/// decisions).
pub(super) fn search<B: Basis>(
    g: &Grid<B>,
    limit: usize,
    budget: Budget,
    learning: Learning,
    visit: &mut dyn FnMut(&Grid<B>) -> bool,
) -> Count {
    let t = B::topology();
    let n = B::N;
    let mut out = Count::default();
    // Variables: the candidates of open cells.
    let mut var_of = vec![u32::MAX; B::CELLS * n];
    let mut cell_of: Vec<(u16, u8)> = Vec::new();
    for c in 0..B::CELLS {
        let m = g.get(c);
        if m.is_empty() {
            return out;
        }
        if m.count() > 1 {
            for d in m.iter() {
                var_of[c * n + d] = cell_of.len() as u32;
                cell_of.push((c as u16, d as u8));
            }
        }
    }
    let lit = |c: usize, d: usize| 2 * var_of[c * n + d];
    let mut sat = Sat::new(cell_of.len(), learning);
    // Each variable's at-most-one partners, in the order the pairs were once added one by one
    // (earlier peers, the cell's other candidates, later peers), on which the search depends.
    // Built cell by cell from one mask per peer (the candidates it shares with the cell), not
    // one lookup per peer and digit: from 49×49 up building is a large part of a generator's
    // uniqueness check, and a puzzle takes thousands of them.
    // The open peers of the current cell that share a candidate with it, and what they share
    // (placed peers have no variables).
    let mut shared: Vec<(u16, B::Mask)> = Vec::new();
    // Per candidate of the cell: its rank in the cell (by digit), and where its list goes on.
    let mut rank = vec![0usize; n];
    let mut next = vec![0usize; n];
    // The partners of the cell's candidates among `peers`, each appended to its list.
    let partners =
        |peers: &[(u16, B::Mask)], rank: &[usize], next: &mut [usize], amo: &mut [Lit]| {
            for &(p, common) in peers {
                for d in common.iter() {
                    amo[next[rank[d]]] = lit(p as usize, d) + 1;
                    next[rank[d]] += 1;
                }
            }
        };
    let mut v = 0;
    for (i, c) in cell_of.iter().map(|&(c, _)| c as usize).dedup().enumerate() {
        // Building the clauses of a large open grid takes seconds (an empty 100×100: a million
        // variables with 380 at-most-one partners each): `--timeout` holds here too.
        if i % 64 == 0 && budget.out_of_time() {
            out.give_up(Exceeded::Time);
            return out;
        }
        let m = g.get(c);
        let k = m.count() as usize;
        for (r, d) in m.iter().enumerate() {
            rank[d] = r;
        }
        // Each list's length first (the cell's other candidates, then each peer sharing the
        // digit), then its start.
        next[..k].fill(k - 1);
        shared.clear();
        for &p in t.peers(c) {
            let q = g.get(p as usize);
            let common = q & m;
            if !common.is_empty() && !q.is_single() {
                shared.push((p, common));
                for d in common.iter() {
                    next[rank[d]] += 1;
                }
            }
        }
        let mut end = sat.amo.len();
        for (r, at) in next[..k].iter_mut().enumerate() {
            let len = *at;
            *at = end;
            end += len;
            sat.amo_start[v + r + 1] = end as u32;
        }
        sat.amo.resize(end, 0);
        let split = shared.partition_point(|&(p, _)| (p as usize) < c);
        partners(&shared[..split], &rank, &mut next, &mut sat.amo);
        for (r, at) in next[..k].iter_mut().enumerate() {
            for j in (0..k).filter(|&j| j != r) {
                sat.amo[*at] = 2 * (v + j) as Lit + 1;
                *at += 1;
            }
        }
        partners(&shared[split..], &rank, &mut next, &mut sat.amo);
        v += k;
    }
    for c in 0..B::CELLS {
        let m = g.get(c);
        if m.count() > 1 {
            sat.add_clause(m.iter().map(|d| lit(c, d)).collect());
        }
    }
    // Each house's places per digit, in one pass over its cells (in house order, as before).
    let mut places: Vec<Vec<Lit>> = vec![Vec::new(); n];
    for h in 0..t.houses() {
        let mut placed = B::Mask::ZERO;
        for &c in t.house(h) {
            let m = g.get(c as usize);
            if m.is_single() {
                placed |= m;
            } else {
                for d in m.iter() {
                    places[d].push(lit(c as usize, d));
                }
            }
        }
        for (d, lits) in places.iter_mut().enumerate() {
            let lits = std::mem::take(lits);
            if !placed.has(d) {
                sat.add_clause(lits);
            }
        }
    }
    if sat.ok && sat.propagate().is_some() {
        sat.ok = false;
    }
    loop {
        match sat.solve(&budget) {
            Outcome::Unsat => break,
            Outcome::Stopped(why) => {
                out.give_up(why);
                break;
            }
            Outcome::Sat => {
                let mut s = *g;
                let mut block = Vec::new();
                for (v, &(c, d)) in cell_of.iter().enumerate() {
                    if sat.value[2 * v] == 1 {
                        s.set(c as usize, B::Mask::bit(d as usize));
                        block.push(2 * v as Lit + 1);
                    }
                }
                out.solutions += 1;
                let more = visit(&s);
                if out.solutions >= limit || !more {
                    out.limit_reached = out.solutions >= limit;
                    break;
                }
                sat.backtrack(0);
                sat.add_clause(block);
            }
        }
    }
    out.stats = SearchStats {
        nodes: sat.conflicts,
        guesses: sat.decisions,
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::basis::{B14, B5};

    #[test]
    fn an_open_196x196_grid_does_not_fit_the_instance_offsets() {
        // 7.5 million variables with 754 partners each: 5.7 billion offsets. The grid (1.2 MB)
        // is built on a thread with room for it.
        let fits_empty = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(|| fits(&Grid::<B14>::empty()))
            .unwrap()
            .join()
            .unwrap();
        assert!(!fits_empty);
        assert!(fits(&Grid::<B5>::empty()));
    }
}
