//! What a search is asked: the caller's limits ([`SolveOptions`]) and the engine's settings
//! ([`Tuning`], with the measured defaults per basis).

/// What the search may do.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Stop after this many solutions (2 proves uniqueness). A search stops at its first
    /// solution at the earliest, so 0 counts as 1.
    pub limit: usize,
    /// Give up after this many search nodes; `None` is unbounded. The nodes of every engine a
    /// search runs count, one budget for all: the 16×16 band engine's, the depth-first
    /// search's, and the conflicts of the CDCL once it has taken over.
    pub max_nodes: Option<u64>,
    /// Give up after this much wall-clock time (read every few nodes, and within a probing
    /// pass; unlike the node budget it depends on the machine); `None` is unbounded.
    pub timeout: Option<std::time::Duration>,
    /// Apply locked candidates (pointing and claiming) at every node of the cell-mask engine;
    /// `None` picks by basis. The 4×4 and 9×9 engines and the 16×16 band phase do box/line
    /// logic of their own, whatever this says.
    pub locked_candidates: Option<bool>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            limit: 2,
            max_nodes: None,
            timeout: None,
            locked_candidates: None,
        }
    }
}

/// Engine settings beyond [`SolveOptions`]: which inferences run at every node. They change
/// the search tree and the speed, never the count. [`Tuning::for_basis`] holds the measured
/// defaults (see `docs/engine.md`); build one from them (`Tuning { wdeg: true,
/// ..Tuning::for_basis(k) }`), as settings are added from time to time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Pointing and claiming over box/line intersections.
    pub locked_candidates: bool,
    /// One round of failed-literal probing on bivalue cells at every node (both digits are tried
    /// and propagated; a failing digit goes, and what both outcomes rule out goes too).
    pub probe: bool,
    /// One probing pass before the search only (when `probe` is off): cheap at any size, and it
    /// solves the 100×100 set at the root.
    pub probe_root: bool,
    /// When the cell chosen to branch on has more than two candidates, branch on a digit with
    /// two places in a house instead.
    pub place_branching: bool,
    /// Branch on the cell with the fewest candidates per conflict seen in its houses
    /// (dom/wdeg) instead of the first cell with the fewest candidates.
    pub wdeg: bool,
    /// Restart the search after 100, 150, 225, … nodes while no solution is found, keeping the
    /// conflict weights (useful with `wdeg`; the node budget stays global). Only for the
    /// depth-first search alone: with `cdcl`, `bands` or `planes` it does not apply.
    pub restarts: bool,
    /// Before the search, probe every digit of every open cell until nothing changes
    /// (singleton consistency on cells).
    pub root_sac: bool,
    /// Probe cells with up to this many candidates at every node (when `probe` is on; 2 probes
    /// bivalue cells only).
    pub probe_arity: u8,
    /// Locked candidates inside probes too (when `locked_candidates` is on); off, a probe
    /// propagates singles only (off at 16×16: 25% more nodes on gen_minimal200, 3-7% less
    /// time; no clear difference at 25×25, kept on there).
    pub probe_locked: bool,
    /// Hand over to conflict-driven clause learning after `cdcl_after` depth-first dead ends
    /// (0: at once), on the grid left by root propagation (and root probing when `probe` or
    /// `probe_root` is on) less the root alternatives the depth-first search refuted;
    /// `max_nodes` then bounds its conflicts (with the depth-first nodes before them).
    pub cdcl: bool,
    /// With `cdcl`: depth-first dead ends allowed first (the CDCL takes over when they are
    /// spent without a solution; 0 starts with it).
    pub cdcl_after: u32,
    /// With `cdcl`: bump the variables of the reasons of a learnt clause's literals too (on at
    /// 25×25: 10% fewer conflicts on the Frisch set; off at 16×16: the same conflicts on
    /// gen_minimal200, line 200 22.5–23.3 ms instead of 18.2–19.2; off from 36×36 up:
    /// rkkautsar_81x81 3,042 conflicts and 0.84 s instead of 1,466 and 0.77 s, the 64×64 pair
    /// 3.34 s instead of 2.87). See the `cdcl` module.
    pub cdcl_reasons: bool,
    /// With `cdcl`: shrink the literals of each lower decision level of a learnt clause to
    /// their block UIP (all-UIP shrinking, as in CaDiCaL; on at 25×25: the Frisch set
    /// 1,421,828 → 1,276,926 conflicts in a 300k budget, 73.7 → 60.7 s of CPU; off at 16×16:
    /// gen_minimal200 718.7 → 719.6 conflicts a puzzle, its worst 14.9 → 18.4 ms; off from
    /// 36×36 up: rkkautsar_81x81 1,499 → 2,941 conflicts). See the `cdcl` module.
    pub cdcl_shrink: bool,
    /// With `cdcl`: search in stable mode (Luby restarts of 1,024 conflicts, target phases,
    /// VSIDS decay 0.99) instead of focused mode (Glucose restarts every few conflicts). On
    /// from 36×36 up: rkkautsar_64x64 line 1, whose many solutions focused mode missed for
    /// 10 million conflicts, has two found in 32,208 conflicts (2.5 s); rkkautsar_81x81 1,499 →
    /// 4,419 conflicts, 0.18 → 0.38 s. Off at 25×25, where the Frisch puzzles' uniqueness
    /// proofs are longer in stable mode. See the `cdcl` module.
    pub cdcl_stable: bool,
    /// Use the digit-plane engine (one 128-bit word per digit; grids of at most 128 cells,
    /// singles only: the other settings do not apply to it).
    pub planes: bool,
    /// Use the band engine at 9×9 (one 27-bit word per digit and band, box/line logic inside
    /// each band by table, naked singles; the other settings do not apply to it). It wins over
    /// `planes` when both are set. At 16×16 (64-bit band words) it goes first, for at most
    /// `band_nodes` nodes, before the cell-mask engine; other bases ignore it.
    pub bands: bool,
    /// At 16×16 with `bands`: nodes the band engine may take before the cell-mask engine (with
    /// its probing and CDCL) starts over; 0 skips it.
    pub band_nodes: u32,
    /// At 16×16 with `bands`: one pass of failed-literal probing over the bivalue cells of the
    /// band engine's root (a failing digit goes, and what neither outcome keeps goes).
    pub band_probe: bool,
    /// With `bands`: naked pairs at each search node's fixed point (two bivalue cells of a
    /// house holding the same two digits; the house's other cells lose both), and near the
    /// root hidden pairs in rows and boxes. On at 16×16 (gen_minimal200 620 → 380 nodes a
    /// puzzle, 20 % fewer instructions); at 9×9 naked pairs shrink the trees 15-29 % for
    /// 12-46 % more instructions.
    pub band_pairs: bool,
    /// Try first, at each branch, the digit of a pattern solution fitted to agree with every
    /// placed cell (see the `pattern` module), on grids with at most one cell in
    /// `PATTERN_PLACED` placed after root propagation (on from 36×36 up: the empty 100×100
    /// counts 2+ in 8,923 nodes instead of running out of 20k in the CDCL).
    pub pattern: bool,
    /// Keep a copy of the grid at one depth-first branch in this many (1: at every branch, as
    /// the search at 25×25 and below does); the others are rebuilt by replaying the choices
    /// from the nearest copy. From 36×36 up 16: the empty 100×100 held 1.4 GB of copies 9,000
    /// branches deep. Replay repeats propagation only, so it is forced to 1 with probing at
    /// every node (a probe's contradiction bumps the dom/wdeg weights).
    pub snapshot_every: u32,
    /// What the grid copies of one depth-first run may hold, in bytes (256 MB by default; at
    /// least two copies are kept). Past it every other copy goes and the spacing doubles, so
    /// the copies grow with the log of the depth and a backtrack replays at most the spacing's
    /// choices. It binds from 144×144 up: a near-empty 225×225 grid branches about 47,000
    /// times on the way down, 1.6 MB a copy, and one copy in 16 held 4.8 GB (358 MB now).
    pub snapshot_bytes: usize,
}

impl Tuning {
    /// These settings as a search of basis `k` (`cells` cells) runs them: locked candidates
    /// as `locked` asks when it does; the band engine where it is built (at 9×9 as the engine,
    /// `bands`; at 16×16 as a first phase, `band_nodes`, else 0); planes only up to 128 cells
    /// and not under bands; at least 2 candidates probed; and a snapshot at every branch when
    /// probing at every node (replay would not bump the same dom/wdeg weights).
    pub(super) fn resolved(self, k: usize, cells: usize, locked: Option<bool>) -> Tuning {
        let bands = self.bands && k == 3;
        Tuning {
            locked_candidates: locked.unwrap_or(self.locked_candidates),
            bands,
            planes: self.planes && cells <= 128 && !bands,
            band_nodes: if self.bands && k == 4 {
                self.band_nodes
            } else {
                0
            },
            probe_arity: self.probe_arity.max(2),
            snapshot_every: if self.probe {
                1
            } else {
                self.snapshot_every.max(1)
            },
            ..self
        }
    }

    /// How the CDCL learns.
    pub(super) fn learning(&self) -> super::cdcl::Learning {
        super::cdcl::Learning {
            reasons: self.cdcl_reasons,
            shrink: self.cdcl_shrink,
            stable: self.cdcl_stable,
        }
    }

    /// The defaults for basis `k`: the band engine at 9×9 and the digit-plane engine at 4×4
    /// (the cheapest nodes win there); at 16×16 the band engine first, for up to 4,000 nodes
    /// (most 16×16 puzzles need far fewer: goomii_hard300 median 154 → 40 µs, janko 46 → 7 µs);
    /// locked candidates from 16×16 up and probing at 16×16 and 25×25 (the tree is the cost
    /// there; from 36×36 up a probing pass costs more than the nodes it saves: 15 ms a node at
    /// 81×81); dom/wdeg branching from 25×25 up (it shrank the 25×25 trees and grew the 16×16
    /// ones); from 25×25 up, 30 depth-first dead ends and then CDCL (the depth-first search cannot
    /// learn: it left the Frisch 25×25 set unsolved), and at 16×16 CDCL as soon as the band
    /// engine gives up (what is left is hard); at 16×16 probes propagate singles only (more
    /// nodes, less time: goomii_hard300 median 99 → 92 µs). Figures in `docs/engine.md`.
    pub fn for_basis(k: usize) -> Self {
        Tuning {
            locked_candidates: k >= 4,
            probe: (4..=5).contains(&k),
            probe_root: k >= 6,
            place_branching: k >= 4,
            wdeg: k >= 5,
            restarts: false,
            root_sac: false,
            probe_arity: 2,
            probe_locked: k != 4,
            cdcl: k >= 4,
            // At 16×16 the band engine has had its nodes first: what is left is hard.
            cdcl_after: if k == 4 { 0 } else { 30 },
            cdcl_reasons: k == 5,
            cdcl_shrink: k == 5,
            cdcl_stable: k >= 6,
            planes: k <= 3,
            bands: k <= 4,
            band_nodes: 4000,
            band_probe: k == 4,
            band_pairs: k == 4,
            pattern: k >= 6,
            snapshot_every: if k >= 6 { 16 } else { 1 },
            snapshot_bytes: 256 << 20,
        }
    }
}
