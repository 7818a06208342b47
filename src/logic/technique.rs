//! Technique names: one enum value per technique (sized families carry their size), the names
//! people know (`Hidden Triple`) and the command-line names (`hidden-triple`).

use std::fmt;

/// Why a technique name or list does not parse ([`Technique::parse`], [`TechniqueList`],
/// [`Technique::parse_list`]); its message names what was given and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TechniqueError {
    /// A name that is no technique, and the name it comes nearest to, if one is near.
    Unknown {
        /// The name given.
        name: String,
        /// The command-line name within a slip of it (`x-wings` → `x-wing`).
        nearest: Option<String>,
    },
    /// A sized name (`naked-tuple-K`) whose size is not written in digits.
    BadSize(String),
    /// A sized name whose size is outside 2..=[`MAX_SIZE`].
    SizeOutOfRange {
        /// The name given.
        name: String,
        /// Its size.
        size: u64,
    },
    /// A list that names no technique.
    Empty(String),
}

impl fmt::Display for TechniqueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TechniqueError::Unknown { name, nearest } => {
                write!(f, "unknown technique '{name}'")?;
                match (other_name(&fold(name)), nearest) {
                    (Some((ours, why)), _) => write!(f, " ('{ours}' finds it: {why})")?,
                    (None, Some(nearest)) => write!(f, " (did you mean '{nearest}'?)")?,
                    // Short for a name or a few (`forcing`), or nothing like one.
                    (None, None) => {
                        let names = cli_names();
                        let listed = names.split(", ").filter(|n| !n.ends_with("-K"));
                        f.write_str(&crate::spelling::did_you_mean(&fold(name), listed))?
                    }
                }
                write!(f, "; expected one of: {}", cli_names())
            }
            TechniqueError::BadSize(name) => {
                write!(f, "bad size in '{name}'; expected a number 2..={MAX_SIZE}")
            }
            TechniqueError::SizeOutOfRange { name, size } => write!(
                f,
                "size {size} in '{name}' is out of range; expected 2..={MAX_SIZE}"
            ),
            TechniqueError::Empty(list) => write!(
                f,
                "the technique list '{list}' names none; expected one of: {}",
                cli_names()
            ),
        }
    }
}

impl std::error::Error for TechniqueError {}

/// A solving technique. [`Technique::order`] gives the default order of difficulty: the engine
/// always takes the first (easiest) applicable one. The derived `Ord` is only the order of
/// declaration (a set's order, not a difficulty): sort by [`Technique::order`] for that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Technique {
    /// The last open cell of a house.
    FullHouse,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit confined to one line inside a box leaves the rest of the line.
    Pointing,
    /// A digit confined to one box inside a line leaves the rest of the box.
    Claiming,
    /// `size` cells of a house holding only `size` digits.
    NakedTuple(u8),
    /// `size` digits of a house confined to `size` cells.
    HiddenTuple(u8),
    /// Basic fish of `size` base lines (X-Wing 2, Swordfish 3, Jellyfish 4, …).
    Fish(u8),
    /// Finned fish of `size` base lines: a fish but for a few places (fins) in one box, which
    /// leaves the cover lines' cells in that box; sashimi ones too.
    FinnedFish(u8),
    /// XYZ-wing: a pivot of three digits and two bivalue wings it sees, sharing one digit
    /// that leaves every cell seeing all three.
    XyzWing,
    /// Aligned pair exclusion: two cells whose digits, taken together, would empty a bivalue
    /// cell seeing both (or repeat a digit in a house) lose the digits no pair allows.
    AlignedPairExclusion,
    /// Unique rectangle (types 1 to 4): a step that avoids a deadly pattern. Only on
    /// puzzles proved to have one solution.
    UniqueRectangle,
    /// Hidden rectangle (HoDoKu's): a unique rectangle with one or two bivalue corners, where
    /// strong links on one digit keep a corner from the other. Only on puzzles proved to
    /// have one solution.
    HiddenRectangle,
    /// Avoidable rectangle (HoDoKu's types 1 and 2, and a type 3): a unique rectangle with
    /// corners placed by steps, not givens, which the open ones must not complete. Only on
    /// puzzles proved to have one solution.
    AvoidableRectangle,
    /// Unique loop (types 1 to 4): the unique rectangle's deadly pattern over six cells or
    /// more. Only on puzzles proved to have one solution.
    UniqueLoop,
    /// BUG (types 1 to 4; BUG+1 places the one cell of three digits): some extra candidate
    /// of a bivalue universal grave is true. Only on puzzles proved to have one solution.
    Bug,
    /// Simple coloring (trap and wrap) on one digit's conjugate pairs.
    SimpleColoring,
    /// Multi-coloring: several conjugate clusters of one digit.
    MultiColoring,
    /// Remote pair: a chain of identical bivalue cells.
    RemotePair,
    /// X-Chain: alternating chain on one digit.
    XChain,
    /// XY-Chain: chain through bivalue cells.
    XyChain,
    /// X-Cycle by the edge algebra (1- and 3-edges, box hinges).
    XCycle,
    /// Y-Cycle by the edge algebra (all edge types).
    YCycle,
    /// Y-Knot: a y-edge construction reaching a contradiction.
    YKnot,
    /// Continuous or discontinuous nice loop.
    NiceLoop,
    /// Alternating inference chain.
    Aic,
    /// Sue de Coq: cells of a box/line intersection with two digits or more beyond their
    /// count, and cells of the line and of the box taking those digits up; each digit leaves
    /// the rest of the house(s) holding its places in the pattern.
    SueDeCoq,
    /// ALS-XZ: two almost locked sets linked by a restricted common digit; a digit of both
    /// leaves the cells that see all its places in both (doubly linked: more).
    AlsXz,
    /// ALS-XY-Wing: a pivot almost locked set linked to two others by different restricted
    /// commons; a digit of both others leaves the cells that see all its places in them.
    AlsXyWing,
    /// Death Blossom: a stem cell and, per digit of it, an almost locked set holding it only
    /// where the stem sees it; a digit of every set leaves the cells that see all its places.
    DeathBlossom,
    /// Pattern Overlay Method per digit (template delete / template set).
    Pom,
    /// POM with templates refined against cells certain to hold other digits.
    PomRefined,
    /// POM pattern exclusion between two digits.
    PomExclusion,
    /// POM cell covers.
    PomCovers,
    /// Cell forcing chains: every digit of a cell, assumed in turn, implies the same
    /// conclusion by static chains (SE's multiple forcing chains).
    CellForcingChain,
    /// Region forcing chains: every place of a digit in a house, assumed in turn, implies the
    /// same conclusion by static chains.
    RegionForcingChain,
    /// A candidate assumed true forces singles into a cell or house without a place.
    ForcingChain,
    /// A forcing chain that follows locked candidates too, not only singles (SE's "(+)").
    ForcingChainPlus,
    /// A forcing chain (+) whose trial also removes the candidates that forcing chains of their
    /// own refute inside it (SE's nested forcing chains).
    ForcingChainNested,
    /// Sudoku Explainer's direct pointing: a pointing whose removals leave its digit one place
    /// in another box its line crosses, taken as that placement alone ([`super::direct`]).
    DirectPointing,
    /// SE's direct claiming: a claiming whose removals leave its digit one place in another
    /// line of its kind crossing the box, taken as that placement alone.
    DirectClaiming,
    /// SE's direct hidden pair: a hidden pair whose removals leave another digit one place in
    /// its house, taken as that placement alone.
    DirectHiddenPair,
    /// SE's direct hidden triple (its "triplet"), as the direct hidden pair.
    DirectHiddenTriple,
}

/// Largest tuple or fish size the names accept (N/2 for 100×100).
pub const MAX_SIZE: u8 = 50;

/// `Pair`, `Triple`, `Quad`, then `5-Tuple` and on.
pub(crate) fn size_word(n: u8) -> String {
    match n {
        2 => "Pair".into(),
        3 => "Triple".into(),
        4 => "Quad".into(),
        n => format!("{n}-Tuple"),
    }
}

fn fish_word(n: u8) -> String {
    match n {
        2 => "X-Wing".into(),
        3 => "Swordfish".into(),
        4 => "Jellyfish".into(),
        5 => "Squirmbag".into(),
        6 => "Whale".into(),
        7 => "Leviathan".into(),
        n => format!("{n}-Fish"),
    }
}

impl Technique {
    /// Position in the default difficulty order: singles, locked candidates, then tuples and
    /// fish interleaved by size (naked, fish, hidden, as Sudoku Explainer rates them), then
    /// coloring, chains and cycles, then the pattern overlay method, then forcing chains.
    pub fn order(self) -> u32 {
        use Technique::*;
        match self {
            FullHouse => 0,
            HiddenSingle => 1,
            // SE's direct techniques, where its scale puts them among the singles.
            DirectPointing => 2,
            DirectClaiming => 3,
            DirectHiddenPair => 4,
            NakedSingle => 5,
            DirectHiddenTriple => 6,
            Pointing => 7,
            Claiming => 8,
            NakedTuple(k) => 100 + 10 * k as u32,
            Fish(k) => 101 + 10 * k as u32,
            HiddenTuple(k) => 102 + 10 * k as u32,
            // After the hidden tuple of its size, as HoDoKu tries them after the basic fish.
            FinnedFish(k) => 104 + 10 * k as u32,
            // SE's 4.4, after the triples (at most 4.0) and before the unique rectangle.
            XyzWing => 133,
            // SE's 4.5, between the triples (at most 4.0) and the quads (from 5.0).
            UniqueRectangle => 135,
            // Not in SE: rated as the rectangle it is, and tried after its types 1 to 4.
            HiddenRectangle => 136,
            // Not in SE either: after the hidden rectangle, as HoDoKu tries them.
            AvoidableRectangle => 137,
            // SE's 4.6 to 5.0 (and type 3 more), after the rectangles and before the quads.
            UniqueLoop => 138,
            // SE's 5.6, after the quads (at most 5.4) and before size 5 (from 5.6).
            Bug => 145,
            // SE's 6.2, after the size-5 tuples and fish (at most 6.0) and before size 6.
            AlignedPairExclusion => 159,
            SimpleColoring => 1000,
            MultiColoring => 1001,
            RemotePair => 1002,
            XChain => 1003,
            XyChain => 1004,
            XCycle => 1005,
            YCycle => 1006,
            YKnot => 1007,
            NiceLoop => 1008,
            Aic => 1009,
            // After the chains, as HoDoKu tries them: sets across two houses, then AICs whose
            // nodes may be sets.
            SueDeCoq => 1010,
            AlsXz => 1011,
            AlsXyWing => 1012,
            DeathBlossom => 1013,
            Pom => 2000,
            PomRefined => 2001,
            PomCovers => 2002,
            PomExclusion => 2003,
            // SE's 8.0, after the pattern overlay (7.5 to 8.2) and before the dynamic chains.
            CellForcingChain => 2500,
            RegionForcingChain => 2501,
            ForcingChain => 3000,
            ForcingChainPlus => 3001,
            ForcingChainNested => 3002,
        }
    }

    /// True for the techniques that rest on the puzzle having one solution
    /// ([`super::uniqueness`]): they run only when [`super::Config::unique`] is set.
    pub fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle
                | Technique::HiddenRectangle
                | Technique::AvoidableRectangle
                | Technique::UniqueLoop
                | Technique::Bug
        )
    }

    /// The size of a tuple or fish; `None` for every other technique.
    pub fn size(self) -> Option<u8> {
        match self {
            Technique::NakedTuple(k)
            | Technique::HiddenTuple(k)
            | Technique::Fish(k)
            | Technique::FinnedFish(k) => Some(k),
            _ => None,
        }
    }

    /// Whether the technique can ever apply to a grid of `n` digits: a tuple or fish of size N
    /// or more leaves no cell or line to eliminate from.
    pub fn fits(self, n: usize) -> bool {
        self.size().map_or(true, |k| usize::from(k) < n)
    }

    /// True for Sudoku Explainer's direct techniques: a pattern's removals and the single they
    /// leave, taken as one placement. They rate easy puzzles as SE does, so the rated path takes
    /// them, but `all` leaves them out: a path of every technique shows the two steps.
    pub fn is_direct(self) -> bool {
        use Technique::*;
        matches!(
            self,
            DirectPointing | DirectClaiming | DirectHiddenPair | DirectHiddenTriple
        )
    }

    /// The pattern a direct technique sees through (`Pointing` for `DirectPointing`); `None`
    /// for every other technique.
    pub fn direct_pattern(self) -> Option<Technique> {
        use Technique::*;
        match self {
            DirectPointing => Some(Pointing),
            DirectClaiming => Some(Claiming),
            DirectHiddenPair => Some(HiddenTuple(2)),
            DirectHiddenTriple => Some(HiddenTuple(3)),
            _ => None,
        }
    }

    /// True for the forcing chains, whose evidence is a proof by assumption.
    pub fn is_forcing(self) -> bool {
        matches!(
            self,
            Technique::ForcingChain | Technique::ForcingChainPlus | Technique::ForcingChainNested
        )
    }

    /// The name people know, as `explain` prints it.
    pub fn name(self) -> String {
        use Technique::*;
        match self {
            FullHouse => "Full House".into(),
            HiddenSingle => "Hidden Single".into(),
            NakedSingle => "Naked Single".into(),
            Pointing => "Pointing".into(),
            Claiming => "Claiming".into(),
            XyzWing => "XYZ-Wing".into(),
            AlignedPairExclusion => "Aligned Pair Exclusion".into(),
            UniqueRectangle => "Unique Rectangle".into(),
            HiddenRectangle => "Hidden Rectangle".into(),
            AvoidableRectangle => "Avoidable Rectangle".into(),
            UniqueLoop => "Unique Loop".into(),
            Bug => "BUG".into(),
            NakedTuple(n) => format!("Naked {}", size_word(n)),
            HiddenTuple(n) => format!("Hidden {}", size_word(n)),
            Fish(n) => fish_word(n),
            FinnedFish(n) => format!("Finned {}", fish_word(n)),
            SimpleColoring => "Simple Coloring".into(),
            MultiColoring => "Multi-Coloring".into(),
            RemotePair => "Remote Pair".into(),
            XChain => "X-Chain".into(),
            XyChain => "XY-Chain".into(),
            XCycle => "X-Cycle".into(),
            YCycle => "Y-Cycle".into(),
            YKnot => "Y-Knot".into(),
            NiceLoop => "Nice Loop".into(),
            Aic => "AIC".into(),
            SueDeCoq => "Sue de Coq".into(),
            AlsXz => "ALS-XZ".into(),
            AlsXyWing => "ALS-XY-Wing".into(),
            DeathBlossom => "Death Blossom".into(),
            Pom => "Pattern Overlay".into(),
            PomRefined => "Pattern Overlay (refined)".into(),
            PomExclusion => "Pattern Exclusion".into(),
            PomCovers => "Pattern Cell Cover".into(),
            CellForcingChain => "Cell Forcing Chain".into(),
            RegionForcingChain => "Region Forcing Chain".into(),
            ForcingChain => "Forcing Chain".into(),
            ForcingChainPlus => "Forcing Chain (+)".into(),
            ForcingChainNested => "Nested Forcing Chain".into(),
            DirectPointing => "Direct Pointing".into(),
            DirectClaiming => "Direct Claiming".into(),
            DirectHiddenPair => "Direct Hidden Pair".into(),
            DirectHiddenTriple => "Direct Hidden Triple".into(),
        }
    }

    /// The command-line name (`hidden-triple`, `naked-tuple-5`, `fish-5`).
    pub fn cli_name(self) -> String {
        use Technique::*;
        match self {
            NakedTuple(n @ 2..=4) => format!("naked-{}", size_word(n).to_lowercase()),
            HiddenTuple(n @ 2..=4) => format!("hidden-{}", size_word(n).to_lowercase()),
            NakedTuple(n) => format!("naked-tuple-{n}"),
            HiddenTuple(n) => format!("hidden-tuple-{n}"),
            Fish(2) => "x-wing".into(),
            Fish(3) => "swordfish".into(),
            Fish(4) => "jellyfish".into(),
            Fish(n) => format!("fish-{n}"),
            FinnedFish(n @ 2..=4) => format!("finned-{}", Fish(n).cli_name()),
            FinnedFish(n) => format!("finned-fish-{n}"),
            Pom => "pom".into(),
            PomRefined => "pom-refined".into(),
            PomExclusion => "pom-exclusion".into(),
            PomCovers => "pom-covers".into(),
            Bug => "bug".into(),
            ForcingChainPlus => "forcing-chain-plus".into(),
            ForcingChainNested => "forcing-chain-nested".into(),
            t => t.name().to_lowercase().replace(' ', "-"),
        }
    }

    /// The singles (`singles` on the command line), in difficulty order.
    pub const SINGLES: [Technique; 3] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
    ];

    /// Locked candidates (`locked-candidates` on the command line), in difficulty order.
    pub const LOCKED_CANDIDATES: [Technique; 2] = [Technique::Pointing, Technique::Claiming];

    /// Sudoku Explainer's direct techniques (`direct` on the command line), in difficulty order.
    pub const DIRECT: [Technique; 4] = [
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::DirectHiddenTriple,
    ];

    /// Every technique without a size, in difficulty order.
    pub const UNSIZED: [Technique; 39] = {
        use Technique::*;
        [
            FullHouse,
            HiddenSingle,
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            NakedSingle,
            DirectHiddenTriple,
            Pointing,
            Claiming,
            XyzWing,
            UniqueRectangle,
            HiddenRectangle,
            AvoidableRectangle,
            UniqueLoop,
            Bug,
            AlignedPairExclusion,
            SimpleColoring,
            MultiColoring,
            RemotePair,
            XChain,
            XyChain,
            XCycle,
            YCycle,
            YKnot,
            NiceLoop,
            Aic,
            SueDeCoq,
            AlsXz,
            AlsXyWing,
            DeathBlossom,
            Pom,
            PomRefined,
            PomCovers,
            PomExclusion,
            CellForcingChain,
            RegionForcingChain,
            ForcingChain,
            ForcingChainPlus,
            ForcingChainNested,
        ]
    };

    /// Parse one command-line name into the techniques it stands for, for grids of `n` digits.
    /// Family names (`naked-tuple`, `hidden-tuple`, `fish`) stand for every size 2..=n/2,
    /// `singles`, `locked-candidates` and `direct` for their techniques, `all` for every
    /// technique but the direct ones ([`Technique::is_direct`]).
    /// Whether a name parses does not depend on `n`, which only sets how far a family reaches.
    pub fn parse(name: &str, n: usize) -> Result<Vec<Technique>, TechniqueError> {
        Ok(Entry::parse(name)?.expand(n))
    }

    /// Parse a comma-separated list; the result is sorted into difficulty order, deduplicated.
    /// As with [`Technique::parse`], whether it parses does not depend on `n`.
    pub fn parse_list(list: &str, n: usize) -> Result<Vec<Technique>, TechniqueError> {
        Ok(list.parse::<TechniqueList>()?.for_size(n))
    }
}

/// A technique list as the user wrote it (comma-separated command-line names), checked once:
/// the names that stand for families (`naked-tuple`, `fish`, `all`) take their sizes from each
/// grid ([`TechniqueList::for_size`]), so one list serves a batch of every size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TechniqueList {
    text: String,
    entries: Vec<Entry>,
}

impl TechniqueList {
    /// The techniques for grids of `n` digits, sorted into difficulty order, deduplicated.
    pub fn for_size(&self, n: usize) -> Vec<Technique> {
        let mut out: Vec<Technique> = self.entries.iter().flat_map(|e| e.expand(n)).collect();
        out.sort_by_key(|t| t.order());
        out.dedup();
        out
    }

    /// True when the list names `all`.
    pub fn names_all(&self) -> bool {
        self.entries.contains(&Entry::All)
    }

    /// The first technique named one by one (not through `all`) that holds only on a puzzle
    /// with one solution ([`Technique::needs_uniqueness`]).
    pub fn named_needing_uniqueness(&self) -> Option<Technique> {
        self.entries.iter().find_map(|e| match e {
            Entry::Named(ts) => ts.iter().copied().find(|t| t.needs_uniqueness()),
            _ => None,
        })
    }

    /// The techniques of the list that can never apply to a grid of `n` digits: tuples and
    /// fish of size `n` or more ([`Technique::fits`]).
    pub fn idle(&self, n: usize) -> Vec<Technique> {
        self.for_size(n)
            .into_iter()
            .filter(|t| !t.fits(n))
            .collect()
    }
}

impl std::str::FromStr for TechniqueList {
    type Err = TechniqueError;

    fn from_str(list: &str) -> Result<Self, TechniqueError> {
        let entries = list
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(Entry::parse)
            .collect::<Result<Vec<_>, _>>()?;
        if entries.is_empty() {
            // An empty list would run nothing and still look like success.
            return Err(TechniqueError::Empty(list.into()));
        }
        Ok(TechniqueList {
            text: list.into(),
            entries,
        })
    }
}

impl fmt::Display for TechniqueList {
    /// The list as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// One name of a list: techniques named outright, a sized family whose sizes the grid sets, or
/// `all`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    Named(Vec<Technique>),
    Family(Family),
    All,
}

/// The sized families, by the constructor of one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    NakedTuple,
    HiddenTuple,
    Fish,
    FinnedFish,
}

impl Family {
    fn of(self, k: u8) -> Technique {
        match self {
            Family::NakedTuple => Technique::NakedTuple(k),
            Family::HiddenTuple => Technique::HiddenTuple(k),
            Family::Fish => Technique::Fish(k),
            Family::FinnedFish => Technique::FinnedFish(k),
        }
    }
}

impl Entry {
    /// A command-line name, or one written as people write them: in any case, with `_` or
    /// spaces for `-` (`X-Wing`, `naked_pair`), or a step's own name (`Pattern Cell Cover`).
    fn parse(name: &str) -> Result<Entry, TechniqueError> {
        let name = name.trim();
        match Entry::exact(name) {
            Err(TechniqueError::Unknown { .. }) => {}
            found => return found,
        }
        // A sashimi fish is one kind of finned fish, as a step names it (`Sashimi X-Wing`).
        let folded = match fold(name).strip_prefix("sashimi-") {
            Some(fish) => format!("finned-{fish}"),
            None => fold(name),
        };
        match Entry::exact(&folded) {
            Err(TechniqueError::Unknown { .. }) => {}
            found => return found,
        }
        // BUG+1 is the BUG that places a digit; SE names the BUG's types.
        if [
            "bug+1",
            "bug-type-1",
            "bug-type-2",
            "bug-type-3",
            "bug-type-4",
        ]
        .contains(&folded.as_str())
        {
            return Ok(Entry::Named(vec![Technique::Bug]));
        }
        // HoDoKu names the avoidable rectangle's types, ours says them in its step.
        if ["avoidable-rectangle-type-1", "avoidable-rectangle-type-2"].contains(&folded.as_str()) {
            return Ok(Entry::Named(vec![Technique::AvoidableRectangle]));
        }
        if let Some(t) = every_technique().find(|t| fold(&t.name()) == folded) {
            return Ok(Entry::Named(vec![t]));
        }
        Err(TechniqueError::Unknown {
            name: name.into(),
            nearest: nearest_name(&folded),
        })
    }

    /// A command-line name exactly as listed.
    fn exact(name: &str) -> Result<Entry, TechniqueError> {
        use Technique::*;
        let families = [
            ("naked-tuple", Family::NakedTuple),
            ("hidden-tuple", Family::HiddenTuple),
            ("fish", Family::Fish),
            ("finned-fish", Family::FinnedFish),
        ];
        match name {
            "all" => return Ok(Entry::All),
            "singles" => return Ok(Entry::Named(Technique::SINGLES.to_vec())),
            "locked-candidates" => return Ok(Entry::Named(Technique::LOCKED_CANDIDATES.to_vec())),
            "direct" => return Ok(Entry::Named(Technique::DIRECT.to_vec())),
            _ => {}
        }
        for (family, f) in families {
            if name == family {
                return Ok(Entry::Family(f));
            }
            if let Some(k) = name.strip_prefix(family).and_then(|k| k.strip_prefix('-')) {
                // Digits only: `parse` would take `+3`.
                let digits = Some(k).filter(|k| k.bytes().all(|b| b.is_ascii_digit()));
                let k: u64 = digits
                    .and_then(|k| k.parse().ok())
                    .ok_or_else(|| TechniqueError::BadSize(name.into()))?;
                let Some(k) = u8::try_from(k).ok().filter(|k| (2..=MAX_SIZE).contains(k)) else {
                    return Err(TechniqueError::SizeOutOfRange {
                        name: name.into(),
                        size: k,
                    });
                };
                return Ok(Entry::Named(vec![f.of(k)]));
            }
        }
        for k in 2..=4u8 {
            for t in [NakedTuple(k), HiddenTuple(k), Fish(k), FinnedFish(k)] {
                if t.cli_name() == name {
                    return Ok(Entry::Named(vec![t]));
                }
            }
        }
        Technique::UNSIZED
            .iter()
            .find(|t| t.cli_name() == name)
            .map(|&t| Entry::Named(vec![t]))
            .ok_or_else(|| TechniqueError::Unknown {
                name: name.into(),
                nearest: None,
            })
    }

    /// The techniques it stands for in a grid of `n` digits: a family every size 2..=n/2.
    fn expand(&self, n: usize) -> Vec<Technique> {
        match self {
            Entry::Named(ts) => ts.clone(),
            Entry::Family(f) => (2..=max_size(n)).map(|k| f.of(k)).collect(),
            Entry::All => default_order(n),
        }
    }
}

/// A name as written, folded toward the command line's form: lower case, `-` between words.
fn fold(name: &str) -> String {
    let words = name.split(|c: char| c.is_whitespace() || c == '_' || c == '-');
    let words: Vec<&str> = words.filter(|w| !w.is_empty()).collect();
    words.join("-").to_lowercase()
}

/// Every technique of every size, for matching the names steps show.
fn every_technique() -> impl Iterator<Item = Technique> {
    let sized = (2..=MAX_SIZE).flat_map(|k| {
        [
            Technique::NakedTuple(k),
            Technique::HiddenTuple(k),
            Technique::Fish(k),
            Technique::FinnedFish(k),
        ]
    });
    Technique::UNSIZED.into_iter().chain(sized)
}

/// The listed command-line name a slip away from `folded` (at most two letters added, dropped
/// or changed, and fewer than a third of its letters), if one is.
fn nearest_name(folded: &str) -> Option<String> {
    if let Some((ours, _)) = other_name(folded) {
        return Some(ours.to_string());
    }
    let names = cli_names();
    let listed = names.split(", ").filter(|n| !n.ends_with("-K"));
    crate::spelling::nearest(folded, listed).map(str::to_string)
}

/// What other solvers (HoDoKu, SE, the forums) call what a technique of ours finds under
/// another name: their names, ours, and what theirs is to ours. Spelled near a name of ours
/// (`xy-wing`, one letter from `x-wing`, a fish), theirs would be taken for a slip of it.
const OTHER_NAMES: &[(&[&str], &str, &str)] = {
    const WING: &str = "an XY-Wing is an XY-Chain of three cells, named so in its step";
    const TWO_LINKS: &str = "it is an X-Chain of two strong links and a weak one";
    const LOCKED: &str = "its locked candidates";
    &[
        (&["xy-wing", "y-wing"], "xy-chain", WING),
        (
            &["w-wing"],
            "aic",
            "a W-Wing is an AIC through two bivalue cells",
        ),
        (
            &["skyscraper", "2-string-kite", "two-string-kite", "kite"],
            "x-chain",
            TWO_LINKS,
        ),
        (&["turbot-fish", "turbot"], "x-chain", TWO_LINKS),
        (
            &["empty-rectangle"],
            "aic",
            "an Empty Rectangle is an AIC with a grouped node in a box",
        ),
        (
            &["locked-pair", "locked-triple"],
            "naked-tuple",
            "a naked tuple inside a box and a line",
        ),
        (
            &["pointing-pair", "pointing-pairs", "pointing-triple"],
            "pointing",
            LOCKED,
        ),
        (
            &["locked-candidates-type-1", "locked-candidates-1"],
            "pointing",
            "HoDoKu's type 1: a box's places of a digit in one line",
        ),
        (
            &["box-line-reduction", "box-line", "box-reduction"],
            "claiming",
            LOCKED,
        ),
        (
            &["locked-candidates-type-2", "locked-candidates-2"],
            "claiming",
            "HoDoKu's type 2: a line's places of a digit in one box",
        ),
        (
            &["continuous-nice-loop", "discontinuous-nice-loop"],
            "nice-loop",
            "its step says which kind",
        ),
        (
            &["nishio", "nishio-forcing-chain"],
            "pom",
            "the Pattern Overlay Method, which finds what Nishio finds",
        ),
        (
            &[
                "ur",
                "uniqueness",
                "uniqueness-test-1",
                "uniqueness-test-2",
                "uniqueness-test-3",
                "uniqueness-test-4",
            ],
            "unique-rectangle",
            "types 1 to 4",
        ),
        (
            &["ar", "ar1", "ar2"],
            "avoidable-rectangle",
            "types 1 and 2, and a type 3",
        ),
        (
            &[
                "als",
                "almost-locked-set",
                "almost-locked-sets",
                "doubly-linked-als-xz",
            ],
            "als-xz",
            "two almost locked sets linked by a restricted common digit, singly or doubly",
        ),
        (
            &["sdc", "two-sector-disjoint-subsets"],
            "sue-de-coq",
            "cells of a box/line intersection and sets of the line and of the box",
        ),
        (
            &["naked-quadruple"],
            "naked-quad",
            "four cells, four digits",
        ),
        (
            &["hidden-quadruple"],
            "hidden-quad",
            "four digits, four cells",
        ),
        (
            &["forcing-net"],
            "forcing-chain",
            "it follows every single the assumption forces, as a net does",
        ),
        (
            &["templates", "template", "template-set", "template-delete"],
            "pom",
            "the Pattern Overlay Method: every template of a digit",
        ),
        (
            &[
                "coloring",
                "colouring",
                "colors",
                "simple-colors",
                "simple-colouring",
            ],
            "simple-coloring",
            "one digit's conjugate chains",
        ),
        (
            &["x-colors", "multi-colors", "multi-colouring"],
            "multi-coloring",
            "two clusters of one digit",
        ),
    ]
};

/// Our name for `folded` when it is another solver's name ([`OTHER_NAMES`]), and why.
fn other_name(folded: &str) -> Option<(&'static str, &'static str)> {
    OTHER_NAMES
        .iter()
        .find(|(theirs, _, _)| theirs.contains(&folded))
        .map(|&(_, ours, why)| (ours, why))
}

/// The largest tuple or fish size of a family in a grid of `n` digits.
fn max_size(n: usize) -> u8 {
    (n / 2).clamp(2, MAX_SIZE as usize) as u8
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The command-line names, for `--help` and error messages, in difficulty order: the tuple and
/// fish names (sizes and families) stand between the intersections and coloring.
pub fn cli_names() -> String {
    let sized = [
        "naked-pair",
        "naked-triple",
        "naked-quad",
        "naked-tuple",
        "naked-tuple-K",
        "hidden-pair",
        "hidden-triple",
        "hidden-quad",
        "hidden-tuple",
        "hidden-tuple-K",
        "x-wing",
        "swordfish",
        "jellyfish",
        "fish",
        "fish-K",
        "finned-x-wing",
        "finned-swordfish",
        "finned-jellyfish",
        "finned-fish",
        "finned-fish-K",
    ];
    let first_sized = Technique::NakedTuple(2).order();
    let (easier, harder): (Vec<Technique>, Vec<Technique>) = Technique::UNSIZED
        .iter()
        .partition(|t| t.order() < first_sized);
    let mut v: Vec<String> = easier.iter().map(|t| t.cli_name()).collect();
    v.extend(sized.map(String::from));
    v.extend(harder.iter().map(|t| t.cli_name()));
    v.extend(["singles", "locked-candidates", "direct", "all"].map(String::from));
    v.join(", ")
}

/// Every technique for grids of `n` digits, in difficulty order (tuples and fish up to n/2),
/// but Sudoku Explainer's direct ones ([`Technique::is_direct`]).
pub fn default_order(n: usize) -> Vec<Technique> {
    let mut v: Vec<Technique> = Technique::UNSIZED.to_vec();
    v.retain(|t| !t.is_direct());
    for k in 2..=max_size(n) {
        v.extend([
            Technique::NakedTuple(k),
            Technique::HiddenTuple(k),
            Technique::Fish(k),
            Technique::FinnedFish(k),
        ]);
    }
    v.sort_by_key(|t| t.order());
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in default_order(25).into_iter().chain(Technique::DIRECT) {
            assert_eq!(
                Technique::parse(&t.cli_name(), 25).unwrap(),
                vec![t],
                "{t:?}"
            );
        }
        assert_eq!(
            Technique::parse("hidden-triple", 9).unwrap(),
            vec![Technique::HiddenTuple(3)]
        );
        assert_eq!(Technique::parse("naked-tuple", 25).unwrap().len(), 11);
        assert_eq!(Technique::parse("finned-fish", 16).unwrap().len(), 7);
        assert_eq!(Technique::FinnedFish(5).cli_name(), "finned-fish-5");
        assert_eq!(Technique::parse(" all ", 16).unwrap(), default_order(16));
        // SE's direct techniques come by name, not with `all`.
        assert_eq!(Technique::parse("direct", 9).unwrap(), Technique::DIRECT);
        assert!(default_order(9).iter().all(|t| !t.is_direct()));
        assert_eq!(
            Technique::DirectHiddenTriple.cli_name(),
            "direct-hidden-triple"
        );
        assert_eq!(Technique::Fish(2).name(), "X-Wing");
        assert!(Technique::parse("bogus", 9)
            .unwrap_err()
            .to_string()
            .contains("unknown technique 'bogus'"));
    }

    /// Names as people write them are taken; a slip gets the nearest name, and a name far from
    /// every one gets none.
    #[test]
    fn names_as_people_write_them() {
        let taken = [
            ("X-Wing", Technique::Fish(2)),
            ("Naked Pair", Technique::NakedTuple(2)),
            ("naked_pair", Technique::NakedTuple(2)),
            ("NAKED-PAIR", Technique::NakedTuple(2)),
            ("Hidden 5-Tuple", Technique::HiddenTuple(5)),
            ("Squirmbag", Technique::Fish(5)),
            ("Pattern Cell Cover", Technique::PomCovers),
            ("Forcing Chain (+)", Technique::ForcingChainPlus),
            ("BUG+1", Technique::Bug),
            ("BUG type 3", Technique::Bug),
            ("Unique Loop", Technique::UniqueLoop),
            ("Hidden Rectangle", Technique::HiddenRectangle),
            ("Avoidable Rectangle", Technique::AvoidableRectangle),
            ("Avoidable Rectangle Type 2", Technique::AvoidableRectangle),
            ("ALS-XZ", Technique::AlsXz),
            ("als xz", Technique::AlsXz),
            ("ALS-XY-Wing", Technique::AlsXyWing),
            ("Death Blossom", Technique::DeathBlossom),
            ("Sue de Coq", Technique::SueDeCoq),
            ("  xy chain ", Technique::XyChain),
            ("Finned X-Wing", Technique::FinnedFish(2)),
            ("Sashimi Swordfish", Technique::FinnedFish(3)),
            ("sashimi-fish-5", Technique::FinnedFish(5)),
            ("finned-jellyfish", Technique::FinnedFish(4)),
        ];
        for (name, t) in taken {
            assert_eq!(Technique::parse(name, 9), Ok(vec![t]), "{name}");
        }
        assert_eq!(
            Technique::parse("Locked Candidates", 9).unwrap(),
            Technique::LOCKED_CANDIDATES.to_vec()
        );
        let nearest = |name: &str| match Technique::parse(name, 9) {
            Err(TechniqueError::Unknown { nearest, .. }) => nearest,
            other => panic!("{name}: {other:?}"),
        };
        assert_eq!(nearest("xwing").as_deref(), Some("x-wing"));
        assert_eq!(nearest("naked-pairs").as_deref(), Some("naked-pair"));
        assert_eq!(nearest("Hiden Single").as_deref(), Some("hidden-single"));
        assert_eq!(nearest("bogus"), None);
        // Other solvers' names for what one of ours finds: named with why, not taken for a
        // slip of a near name (`xy-wing` was "did you mean 'x-wing'?", a fish).
        for (theirs, ours, _) in OTHER_NAMES {
            for other in *theirs {
                assert_eq!(nearest(other).as_deref(), Some(*ours), "{other}");
                assert!(Technique::parse(ours, 9).is_ok(), "{other}: {ours}");
            }
        }
        let e = Technique::parse("XY-Wing", 9).unwrap_err().to_string();
        assert!(
            e.starts_with(
                "unknown technique 'XY-Wing' ('xy-chain' finds it: an XY-Wing is an XY-Chain of \
                 three cells, named so in its step); expected one of: full-house"
            ),
            "{e}"
        );
        assert_eq!(nearest("ab"), None);
        let e = Technique::parse("forcing-chains", 9)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("unknown technique 'forcing-chains' (did you mean 'forcing-chain'?); expected one of: full-house"),
            "{e}"
        );
        // Short for a few names: the first three named.
        let e = Technique::parse("forcing", 9).unwrap_err().to_string();
        assert!(
            e.starts_with(
                "unknown technique 'forcing' (did you mean 'forcing-chain', 'forcing-chain-plus' \
                 or 'forcing-chain-nested'?)"
            ),
            "{e}"
        );
    }

    /// docs/logic.md's table of HoDoKu names: each of a row with a technique here is ours, or
    /// gets ours.
    #[test]
    fn hodoku_names_are_ours_or_get_ours() {
        let names = [
            "Full House",
            "Hidden Single",
            "Naked Single",
            "Locked Candidates Type 1",
            "Locked Candidates Type 2",
            "Naked Pair",
            "Hidden Triple",
            "Naked Quadruple",
            "Hidden Quadruple",
            "Locked Pair",
            "Locked Triple",
            "X-Wing",
            "Swordfish",
            "Jellyfish",
            "Squirmbag",
            "Whale",
            "Leviathan",
            "Finned X-Wing",
            "Sashimi Swordfish",
            "Skyscraper",
            "2-String Kite",
            "Turbot Fish",
            "Empty Rectangle",
            "W-Wing",
            "XY-Wing",
            "Y-Wing",
            "XYZ-Wing",
            "Remote Pair",
            "X-Chain",
            "XY-Chain",
            "AIC",
            "Discontinuous Nice Loop",
            "Continuous Nice Loop",
            "Simple Colors",
            "Multi Colors",
            "Forcing Chain",
            "Forcing Net",
            "Uniqueness Test 1",
            "Uniqueness Test 4",
            "Hidden Rectangle",
            "Avoidable Rectangle Type 1",
            "Avoidable Rectangle Type 2",
            "BUG+1",
            "ALS-XZ",
            "ALS-XY-Wing",
            "Sue de Coq",
            "Death Blossom",
            "Templates",
            "Template Set",
            "Template Delete",
        ];
        for name in names {
            if let Err(e) = Technique::parse(name, 9) {
                assert!(e.to_string().contains("' finds it: "), "{name}: {e}");
            }
        }
    }

    /// The CLI checks a list at N = 9 before reading any puzzle, then parses it again at each
    /// puzzle's size expecting success: acceptance must not depend on N.
    #[test]
    fn whether_a_name_parses_does_not_depend_on_n() {
        let mut names: Vec<String> = default_order(100).iter().map(|t| t.cli_name()).collect();
        names.extend(
            [
                "all",
                "singles",
                "fish",
                "fish-1",
                "fish-2",
                "fish-50",
                "fish-51",
                "finned-fish-1",
                "finned-fish-50",
                "sashimi-x-wing",
                "fish-x",
                "naked-tuple-",
                "hidden-tuple-99",
                "naked-quint",
                "bogus",
                "",
                " x-wing ",
            ]
            .map(String::from),
        );
        for name in &names {
            let at_9 = Technique::parse_list(name, 9).is_ok();
            for n in [4, 16, 25, 36, 100] {
                assert_eq!(
                    Technique::parse_list(name, n).is_ok(),
                    at_9,
                    "{name:?} at {n}"
                );
            }
        }
    }

    /// A list is read once; its families reach as far as each grid allows, and what it
    /// names outright (not through `all`) is what a counting search refuses.
    #[test]
    fn a_list_parsed_once_serves_every_size() {
        let l: TechniqueList = "singles, naked-tuple, x-wing,all".parse().unwrap();
        assert_eq!(l.to_string(), "singles, naked-tuple, x-wing,all");
        assert!(l.names_all());
        assert_eq!(l.named_needing_uniqueness(), None);
        for n in [4, 9, 16, 100] {
            assert_eq!(l.for_size(n), default_order(n), "{n}");
        }
        let l: TechniqueList = "fish-5,hidden-tuple,bug,pointing".parse().unwrap();
        assert!(!l.names_all());
        assert_eq!(l.named_needing_uniqueness(), Some(Technique::Bug));
        let at_9 = [
            Technique::Pointing,
            Technique::HiddenTuple(2),
            Technique::HiddenTuple(3),
            Technique::HiddenTuple(4),
            Technique::Fish(5),
            Technique::Bug,
        ];
        let mut sorted = at_9.to_vec();
        sorted.sort_by_key(|t| t.order());
        assert_eq!(l.for_size(9), sorted);
        assert_eq!(l.for_size(4).len(), 4, "{:?}", l.for_size(4));
        assert_eq!(l.idle(4), vec![Technique::Fish(5)]);
        assert!(l.idle(9).is_empty());
        assert_eq!(l.for_size(25).len(), 3 + 11);
    }

    /// A size is written in digits alone, and the error of a list that names none lists each
    /// name once.
    #[test]
    fn sizes_are_digits_and_the_names_are_listed_once() {
        for bad in ["fish-+3", "naked-tuple- 3", "hidden-tuple-3x"] {
            assert!(Technique::parse(bad, 9).is_err(), "{bad}");
        }
        assert_eq!(Technique::parse("fish-03", 9), Ok(vec![Technique::Fish(3)]));
        let e = Technique::parse_list(",", 9).unwrap_err();
        assert_eq!(e, TechniqueError::Empty(",".into()));
        let e = e.to_string();
        assert_eq!(e.matches("all").count(), 1, "{e}");
        assert_eq!(
            Technique::parse("fish-99", 9),
            Err(TechniqueError::SizeOutOfRange {
                name: "fish-99".into(),
                size: 99
            })
        );
        assert_eq!(
            Technique::parse("x-wings", 9),
            Err(TechniqueError::Unknown {
                name: "x-wings".into(),
                nearest: Some("x-wing".into())
            })
        );
    }
}
