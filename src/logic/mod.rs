//! The logic engine: techniques as pure finders over a [`State`], and an engine that applies
//! what they find.
//!
//! A finder reads the state and reports [`Deduction`]s (placements, eliminations, evidence) to a
//! [`Sink`] that says continue or stop; it never mutates the grid. The engine
//! ([`engine`]) picks the easiest applicable technique, applies its deduction and repeats. One
//! file per technique family.
//!
//! A technique list is read once, as a user writes it ([`TechniqueList`]), and serves grids of
//! every size; each step of a path says what it found:
//!
//! ```
//! use nsudoku::basis::{Basis, B3};
//! use nsudoku::input;
//! use nsudoku::logic::{engine, engine::End, Config, State, TechniqueList};
//! let p = input::read_one(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     Default::default(),
//! ).unwrap();
//! let list: TechniqueList = "singles,locked-candidates,naked-tuple".parse().unwrap();
//! let mut s = State::<B3>::of_puzzle(&p).unwrap();
//! let path = engine::solve_path(&mut s, &list.for_size(9), &Config::default(), 1000);
//! assert_eq!(path.end, End::Solved);
//! let first = path.steps[0].describe(B3::topology(), p.text_alphabet());
//! assert_eq!(first, "Hidden Single: 1 in row 1 => r1c6=1");
//! assert!("naked-tuple-99".parse::<TechniqueList>().is_err());
//! ```

pub mod aligned;
pub mod als;
pub mod chains;
pub mod check;
pub mod coloring;
pub mod deduction;
pub mod direct;
pub mod engine;
pub mod explain;
pub mod fish;
pub mod forcing;
mod growth;
pub mod hint;
pub mod intersections;
pub mod kept;
pub mod limits;
mod misses;
pub mod multiple;
pub mod pom;
pub mod search;
pub mod singles;
pub mod state;
pub mod subsets;
pub mod sue_de_coq;
pub mod technique;
pub mod uniqueness;
pub mod wings;

pub use deduction::{
    Candidate, CellSet, ChainNode, Deduction, Emptied, Evidence, Exclusion, Forced, LinkKind,
    TemplateCut,
};
pub use explain::{explain, logic_basis, Explained, LogicError};
pub use state::{clash_words, givens_clash, has_marks, State, GIVENS_CLASH, MARKS_CLASH};
pub use technique::{Technique, TechniqueError, TechniqueList};

use crate::basis::Basis;

/// What a sink tells a finder after each deduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub enum Flow {
    /// Report more.
    Continue,
    /// Stop searching (e.g. the caller wanted one hint).
    Stop,
}

/// Where finders report: a callback that says whether to go on.
pub type Sink<'a> = dyn FnMut(Deduction) -> Flow + 'a;

/// Bounds on the techniques that can blow up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// POM: largest number of templates of one digit that may be enumerated.
    pub pom_budget: u64,
    /// POM: most bytes of listed templates held at once (one digit for `pom`, every listed
    /// digit for the joint variants); a digit that would go over is skipped. This bounds POM's
    /// memory at every size: a template of a 100×100 digit can take over a kilobyte. Along a
    /// solving path as much again may be kept between steps ([`pom::memo`]).
    pub pom_memory: usize,
    /// Chains and cycles: the longest chain searched, in links.
    pub chain_length: usize,
    /// Tuples and fish: most subsets examined by one enumeration (one house and kind, or one
    /// digit and orientation); the rest of that enumeration is skipped. Never reached at 9×9
    /// and 16×16 (a house has at most 2¹⁶ subsets); it bounds the worst case above. ALS-XZ:
    /// most subsets of one house enumerated for sets, and most pairs of sets compared.
    pub subset_budget: u64,
    /// Chains: most tags (two per strong-link layer) of one implication table; the table takes
    /// tags² bits and its closure tags³/64 word operations, so a larger grid skips the chains.
    pub chain_tags: usize,
    /// Forcing chains: most work (peers visited and house cells scanned by the trials) of one
    /// search; the trials left are skipped. On the first 20 puzzles of a set, a search takes about
    /// 2·10⁵ at 9×9 (magictour), 1-2·10⁶ at 16×16 (gen_minimal200), 5-12·10⁶ at 25×25
    /// (gen_g300's 10), at about 10⁹ a second. A nested search counts its inner trials too, and
    /// at 25×25 can use all of it.
    pub forcing_budget: u64,
    /// When to stop: [`engine::reduce`] applies nothing more after it, [`engine::next_step`]
    /// looks for nothing more, the pattern overlay counts and lists no more digits, and the
    /// tuple, fish, chain, cycle and forcing chain searches stop where they are
    /// (`solve --reduce --timeout` covers the reduction too).
    pub deadline: Option<std::time::Instant>,
    /// The puzzle is known to have one solution, so the uniqueness techniques
    /// ([`uniqueness`]) may use it. Off by default: on a puzzle with several solutions they
    /// would remove some. `rate`, `explain`, `find`, `reduce` and `render` turn it on for a
    /// puzzle whose count they settled at 1 first ([`crate::solve::proved_unique`], within the
    /// deadline too).
    pub unique: bool,
    /// Chains, and the cell and region forcing chains built on their links: a digit's places
    /// where a box meets a line (two or more) may stand as one node; and X- and Y-cycles may
    /// pass through a box hinge. On by default; a rated path ([`crate::rating`]) turns it
    /// off, as Sudoku Explainer, whose scale it measures on, links single candidates only.
    pub grouped: bool,
}

impl Config {
    /// True once the deadline, if any, has passed.
    pub fn past_deadline(&self) -> bool {
        self.deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
    }

    /// This config with its deadline `timeout` from now: none without a timeout, or for one
    /// too long to fall on a representable instant.
    pub fn until(self, timeout: Option<std::time::Duration>) -> Self {
        Config {
            deadline: timeout.and_then(|t| std::time::Instant::now().checked_add(t)),
            ..self
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            pom_budget: 1_000_000,
            pom_memory: 1 << 30,
            chain_length: 16,
            subset_budget: 1_000_000,
            // 8 MB of table; 64×64 grids need about 1,500.
            chain_tags: 8192,
            forcing_budget: 100_000_000,
            deadline: None,
            unique: false,
            grouped: true,
        }
    }
}

/// Report every instance of technique `t` in state `s` to `sink`.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    use Technique::*;
    match t {
        FullHouse | HiddenSingle | NakedSingle => singles::find(s, t, sink),
        Pom | PomRefined | PomExclusion | PomCovers => pom::find(s, t, cfg, sink),
        Pointing | Claiming => intersections::find(s, t, sink),
        DirectPointing | DirectClaiming | DirectHiddenPair | DirectHiddenTriple => {
            direct::find(s, t, cfg, sink)
        }
        NakedTuple(_) | HiddenTuple(_) => subsets::find(s, t, cfg, sink),
        Fish(_) | FinnedFish(_) => fish::find(s, t, cfg, sink),
        XyzWing => wings::find(s, sink),
        AlignedPairExclusion => aligned::find(s, sink),
        SueDeCoq => sue_de_coq::find(s, cfg, sink),
        AlsXz | AlsXyWing | DeathBlossom => als::find(s, t, cfg, sink),
        UniqueRectangle | HiddenRectangle | AvoidableRectangle | UniqueLoop | Bug => {
            uniqueness::find(s, t, cfg, sink)
        }
        SimpleColoring | MultiColoring | XCycle | YCycle | YKnot => coloring::find(s, t, cfg, sink),
        XChain | XyChain | RemotePair | NiceLoop | Aic => chains::find(s, t, cfg, sink),
        CellForcingChain | RegionForcingChain => multiple::find(s, t, cfg, sink),
        ForcingChain => forcing::find(s, forcing::Depth::Singles, cfg, sink),
        ForcingChainPlus => forcing::find(s, forcing::Depth::Locked, cfg, sink),
        ForcingChainNested => forcing::find(s, forcing::Depth::Nested, cfg, sink),
    }
}

/// Every instance of `t` in `s`, in the order found.
pub fn find_all<B: Basis>(s: &State<B>, t: Technique, cfg: &Config) -> Vec<Deduction> {
    let mut out = Vec::new();
    let _ = find(s, t, cfg, &mut |d| {
        out.push(d);
        Flow::Continue
    });
    out
}
