//! What a technique found: placements and eliminations with the evidence that proves them.

use super::technique::Technique;
use crate::alphabet::Alphabet;
use crate::topology::Topology;

/// One candidate: a digit (0-based) in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Candidate {
    /// Cell index, row-major.
    pub cell: u16,
    /// Digit, 0-based (digit `d` is written as the alphabet's symbol of `d + 1`).
    pub digit: u8,
}

impl Candidate {
    /// The candidate `digit` (0-based) in `cell`. Cells are stored as `u16` (a 225×225 grid
    /// has 50,625) and digits as `u8`: larger values are cut to those widths (checked in debug
    /// builds only, as this sits in the finders' loops).
    pub fn new(cell: usize, digit: usize) -> Self {
        debug_assert!(cell <= u16::MAX as usize && digit <= u8::MAX as usize);
        Candidate {
            cell: cell as u16,
            digit: digit as u8,
        }
    }
}

/// How two chain nodes are linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    /// Exactly one of the two is true (`=`), or at least one in an AIC.
    Strong,
    /// At most one of the two is true (`-`).
    Weak,
    /// A y-edge through bivalue cells: if one is not the digit, the other is (`~`).
    Y,
    /// In a y-knot: the first taking its digit forces the second, a bivalue peer, to its other
    /// digit (`>`).
    Forces,
    /// In a y-knot: the converse, the second forces the first (`<`).
    #[serde(rename = "forced-by")]
    ForcedBy,
}

impl LinkKind {
    /// The symbol between two nodes in chain notation.
    pub fn symbol(self) -> char {
        match self {
            LinkKind::Strong => '=',
            LinkKind::Weak => '-',
            LinkKind::Y => '~',
            LinkKind::Forces => '>',
            LinkKind::ForcedBy => '<',
        }
    }
}

/// One node of a chain or cycle: one candidate, or a group of candidates of one digit
/// (grouped nodes) with the link to the next node.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ChainNode {
    /// The candidates of this node (one, or several cells of one digit for a group).
    pub candidates: Vec<Candidate>,
    /// The link from this node to the next; `None` on the last node.
    pub link: Option<LinkKind>,
    /// In a nested forcing chain, the proof of a removal the trial made by a trial of its own:
    /// that candidate assumed, then the singles that follow, ending in a contradiction. Empty
    /// everywhere else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nested: Vec<ChainNode>,
    /// Where the nested proof ends: the cell or house it leaves empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broken: Option<Emptied>,
    /// In a forcing chain, why the trial made this step when its cell alone does not say: a
    /// placement the digit's last place in a house, or a removal by locked candidates. `None`
    /// for a placement of its cell's last digit, and everywhere else.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forced: Option<Forced>,
}

/// Why a forcing chain's trial made a step that is not its cell's last digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Forced {
    /// The placed digit had no other place left in this house (a hidden single).
    House(u16),
    /// The digit's places in house `from` all lie in house `to`, so the rest of `to` lost it.
    Locked {
        /// The house whose places all lie in `to`.
        from: u16,
        /// The house that lost the digit elsewhere.
        to: u16,
    },
}

impl Forced {
    /// `row 2`; `box 1 locked in row 2`.
    pub fn describe(self, t: &Topology) -> String {
        match self {
            Forced::House(h) => t.house_name(h as usize),
            Forced::Locked { from, to } => format!(
                "{} locked in {}",
                t.house_name(from as usize),
                t.house_name(to as usize)
            ),
        }
    }
}

/// What a trial's contradiction leaves empty: a cell without a digit, or a house without a
/// place for a digit (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Emptied {
    /// The cell has no digit left.
    Cell(u16),
    /// The house has no place left for the digit.
    House {
        /// The house.
        house: u16,
        /// The digit, 0-based.
        digit: u8,
    },
}

impl Emptied {
    /// `r5c5 empty`, `no 4 in row 7`.
    pub fn describe(self, t: &Topology, a: Alphabet) -> String {
        match self {
            Emptied::Cell(c) => format!("{} empty", t.cell_name(c as usize)),
            Emptied::House { house, digit } => format!(
                "no {} in {}",
                a.label(digit + 1, t.n),
                t.house_name(house as usize)
            ),
        }
    }
}

impl ChainNode {
    /// A node of `candidates` linked to the next by `link`, with no nested proof.
    pub fn new(candidates: Vec<Candidate>, link: Option<LinkKind>) -> Self {
        ChainNode {
            candidates,
            link,
            nested: Vec::new(),
            broken: None,
            forced: None,
        }
    }
}

/// The evidence of a deduction: what a person looks at to check it.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Evidence {
    /// Houses involved (base and cover sets for fish; the house of a tuple).
    pub houses: Vec<u16>,
    /// Cells of the pattern (the tuple's cells, the fish's corners, …).
    pub cells: Vec<u16>,
    /// Digits of the pattern (0-based).
    pub digits: Vec<u8>,
    /// Chain or cycle, in order, when the technique is one.
    pub chain: Vec<ChainNode>,
    /// Free-form detail without digits (e.g. `hinge in box 8`, `247 templates`).
    pub note: Option<String>,
    /// Multiple forcing chains: one chain per branch (each digit of a cell, or each place of a
    /// digit in a house), from that branch's assumption to the conclusion they share. Empty
    /// everywhere else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub branches: Vec<Vec<ChainNode>>,
    /// A Y-Cycle's y-edges that are not conjugate pairs, in the note's order: each the bivalue
    /// cells that force it, in Eureka order, `(9)r3c3=(1)r3c3-(1)r3c7=(3)r3c7-…=(9)r7c1` (the
    /// first cell is not the digit, so the last is). Empty everywhere else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub y_edges: Vec<Vec<ChainNode>>,
    /// Pattern overlay, the variants that drop templates of one digit for another's sake: why
    /// the step's digit lost the templates it lost, together all of them. Empty everywhere
    /// else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cuts: Vec<TemplateCut>,
    /// A finned fish's fins: the places of its base lines off the cover lines, all in one box.
    /// Empty everywhere else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fins: Vec<u16>,
    /// A finned fish with a base line of fewer than two places in the cover lines (HoDoKu's
    /// *sashimi*: no fish without the fins). False everywhere else.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub sashimi: bool,
    /// Aligned pair exclusion: why each digit goes, one a removal. Empty everywhere else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exclusions: Vec<Exclusion>,
    /// The removals of a direct technique's pattern that leave its placement a single (in
    /// the last of `houses`): some of its eliminations, named in its text
    /// ([`super::direct`]). Empty everywhere else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clears: Vec<Candidate>,
    /// A uniqueness step of type 3: the cells of the naked set its rescue cells make, taken
    /// as one cell, or of the hidden set beside the rescue cell in it ([`super::uniqueness`]),
    /// which `cells` lists too. Empty everywhere else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<u16>,
    /// A uniqueness step of type 3 whose set is hidden (digits confined to its cells), not
    /// naked. False everywhere else.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden_set: bool,
    /// ALS-XZ and ALS-XY-Wing: their almost locked sets ([`super::als`]), A and B (and the
    /// wing's pivot C), whose restricted commons are `digits`. Sue de Coq: the intersection
    /// cells, the line's side and the box's ([`super::sue_de_coq`]). Death Blossom: the stem
    /// cell, then a petal per stem digit (`digits`, in order). Empty everywhere else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<CellSet>,
}

/// Open cells of one house and the digits they hold: an almost locked set (n cells, n + 1
/// digits), a part of a Sue de Coq, or a Death Blossom's stem.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CellSet {
    /// The house it was found in (a set inside a box and a line is named by the line).
    pub house: u16,
    /// Its cells, in cell order.
    pub cells: Vec<u16>,
    /// Its digits (0-based): one more than its cells in an almost locked set.
    pub digits: Vec<u8>,
}

/// Why aligned pair exclusion removes a digit of a base cell: with it, the other base cell has
/// no digit left, each either repeating it in a house both share or emptying an excluder.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Exclusion {
    /// The base cell's digit that goes.
    pub removed: Candidate,
    /// The other base cell.
    pub partner: u16,
    /// Each digit of the partner (0-based), with the excluder the pair would leave empty, or
    /// `None` where it is the removed digit and the two base cells share a house.
    pub pairs: Vec<(u8, Option<u16>)>,
}

impl Exclusion {
    /// `r1c1=3 leaves r2c4 nothing: 1 empties r2c2, 2 empties r1c6` (`3 repeats in row 1`
    /// where the bases share a house).
    pub fn describe(&self, t: &Topology, a: Alphabet) -> String {
        let cell = |c: u16| t.cell_name(c as usize);
        let base = self.removed.cell as usize;
        let pairs = self.pairs.iter().map(|&(d, by)| {
            let d = a.label(d + 1, t.n);
            match by {
                Some(e) => format!("{d} empties {}", cell(e)),
                None => match t.shared_house(base, self.partner as usize) {
                    Some(h) => format!("{d} repeats in {}", t.house_name(h)),
                    None => format!("{d} repeats"),
                },
            }
        });
        format!(
            "{}={} leaves {} nothing: {}",
            cell(self.removed.cell),
            a.label(self.removed.digit + 1, t.n),
            cell(self.partner),
            pairs.collect::<Vec<_>>().join(", ")
        )
    }
}

/// Why some templates of a POM step's digit went: a claim about the templates left when the
/// variant stopped, which a reader can check against them. With `cells` (one for
/// `pom-refined`, up to 3 unrelated ones for `pom-covers`), every template of `by` left takes
/// one of the cells and the `dropped` templates take them all, so each would leave `by` no
/// place. Without, each of the `dropped` templates meets every template of `by` left
/// (`pom-exclusion`, or any variant once `by` has none left: the grid has no solution).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TemplateCut {
    /// The other digit (0-based).
    pub by: u8,
    /// The cover: cells every template of `by` left meets; empty for a clash.
    pub cells: Vec<u16>,
    /// How many templates of the step's digit went for this reason.
    pub dropped: usize,
}

impl Evidence {
    /// The pattern's cells: those the technique named, or else the chain's cells in ascending
    /// order (coloring and cycles name only their digit).
    pub fn pattern_cells(&self) -> Vec<u16> {
        self.named_or_chains(&self.cells, |c| c.cell)
    }

    /// The pattern's digits: those the technique named, or else the chain's digits in
    /// ascending order (chains of several digits name none).
    pub fn pattern_digits(&self) -> Vec<u8> {
        self.named_or_chains(&self.digits, |c| c.digit)
    }

    fn named_or_chains<T: Ord + Copy>(&self, named: &[T], of: impl Fn(&Candidate) -> T) -> Vec<T> {
        if !named.is_empty() {
            return named.to_vec();
        }
        let mut all: Vec<T> = self
            .chain
            .iter()
            .flat_map(|n| &n.candidates)
            .map(of)
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// One step of logic: a technique, its result, its evidence.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Deduction {
    /// Which technique found it.
    pub technique: Technique,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// Why.
    pub evidence: Evidence,
}

impl Deduction {
    /// True when every cell, digit and house the deduction names lies within a grid of `t`:
    /// a deduction made on another grid (a larger one, or one built by hand) may not, and
    /// neither a [`State`](super::State) nor a picture can take it.
    pub fn fits(&self, t: &Topology) -> bool {
        let cand = |c: &Candidate| (c.cell as usize) < t.cells && (c.digit as usize) < t.n;
        fn chain_fits(
            nodes: &[ChainNode],
            t: &Topology,
            cand: &dyn Fn(&Candidate) -> bool,
        ) -> bool {
            nodes.iter().all(|node| {
                let broken = match node.broken {
                    Some(Emptied::Cell(c)) => (c as usize) < t.cells,
                    Some(Emptied::House { house, digit }) => {
                        (house as usize) < t.houses() && (digit as usize) < t.n
                    }
                    None => true,
                };
                broken && node.candidates.iter().all(cand) && chain_fits(&node.nested, t, cand)
            })
        }
        let e = &self.evidence;
        self.placements.iter().all(cand)
            && self.eliminations.iter().all(cand)
            && e.houses.iter().all(|&h| (h as usize) < t.houses())
            && e.cells.iter().all(|&c| (c as usize) < t.cells)
            && e.digits.iter().all(|&d| (d as usize) < t.n)
            && e.clears.iter().all(cand)
            && e.sets.iter().all(|set| {
                (set.house as usize) < t.houses()
                    && set.cells.iter().all(|&c| (c as usize) < t.cells)
                    && set.digits.iter().all(|&d| (d as usize) < t.n)
            })
            && chain_fits(&e.chain, t, &cand)
            && e.branches.iter().all(|b| chain_fits(b, t, &cand))
            && e.y_edges.iter().all(|y| chain_fits(y, t, &cand))
            && e.cuts
                .iter()
                .all(|c| (c.by as usize) < t.n && c.cells.iter().all(|&x| (x as usize) < t.cells))
    }

    /// A deduction with empty evidence.
    pub fn new(technique: Technique) -> Self {
        Deduction {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            evidence: Evidence::default(),
        }
    }

    /// True when it places or removes nothing.
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }

    /// Chain length in links (0 when the deduction is not a chain). The nodes of nested proofs
    /// count too, and so do the links inside a Y-Cycle's y-edges. Multiple forcing chains
    /// count as SE counts them: every branch's nodes, less two.
    pub fn chain_length(&self) -> usize {
        let branches = &self.evidence.branches;
        if !branches.is_empty() {
            // SE's complexity of multiple chains: every branch's nodes, less two.
            let nodes: usize = branches.iter().map(Vec::len).sum();
            return nodes.saturating_sub(2);
        }
        let nodes: usize = self.evidence.chain.iter().map(|n| 1 + n.nested.len()).sum();
        // A y-edge stands for the XY-chain of bivalue cells that forces it: its links count
        // as that chain's would, or a Y-Cycle would rate below the XY-Chain it contains (the
        // edge itself is one of them).
        let inside: usize = self
            .evidence
            .y_edges
            .iter()
            .map(|y| y.len().saturating_sub(2))
            .sum();
        nodes.saturating_sub(1) + inside
    }

    /// The technique's name as the step shows it: a nice loop says which kind it is
    /// (`Continuous Nice Loop`: every link of the loop holds both ways; `Discontinuous Nice
    /// Loop`: the loop breaks at its first node, which starts and ends it with a weak link), and
    /// a finned fish whether it is sashimi (`Sashimi X-Wing`).
    pub fn name(&self) -> String {
        let name = self.technique.name();
        if self.evidence.sashimi {
            return name.replacen("Finned", "Sashimi", 1);
        }
        // The BUG that places its one cell's one extra digit is BUG+1, as people know it.
        if self.technique == Technique::Bug && !self.placements.is_empty() {
            return format!("{name}+1");
        }
        if self.technique != Technique::NiceLoop {
            return name;
        }
        match self.is_continuous_loop() {
            true => format!("Continuous {name}"),
            false => format!("Discontinuous {name}"),
        }
    }

    /// True for a continuous loop: a chain that closes on the candidate it starts from, its
    /// first link strong, so that every link holds both ways. A discontinuous loop starts and
    /// ends on its candidate with weak links (or strong ones), which breaks it there.
    pub fn is_continuous_loop(&self) -> bool {
        let c = &self.evidence.chain;
        let closed =
            c.len() > 2 && c.first().map(|n| &n.candidates) == c.last().map(|n| &n.candidates);
        closed && c.first().and_then(|n| n.link) == Some(LinkKind::Strong)
    }

    /// One line in the notation people know:
    /// `Hidden Triple: 2,5,7 in r3c1,r3c4,r3c8 (row 3) => r3c1<>9, r3c4<>1,9`,
    /// `Naked Single: r4c5=8`, `AIC: (5)r2c3=(5)r2c7-(5)r8c7=(3)r8c7 (length 3) => r8c3<>5`
    /// (a chain says its length in links, which its rating goes by). In full: a y-edge lists
    /// its bivalue cells.
    pub fn describe(&self, t: &Topology, a: Alphabet) -> String {
        self.describe_with(t, a, true)
    }

    /// [`Deduction::describe`], each y-edge of a Y-Cycle's note shown as `r3c3~r7c1` alone
    /// unless `verbose` (`r3c3~r7c1 by bivalue (9)r3c3=(1)r3c3-(1)r3c7=…=(9)r7c1`), as
    /// `explain` and `find` print it without and with `--verbose`.
    pub fn describe_with(&self, t: &Topology, a: Alphabet, verbose: bool) -> String {
        let (mut s, pattern) = self.heading_and_pattern(t, a, verbose);
        s.push_str(": ");
        if !pattern.is_empty() {
            s.push_str(&pattern);
            s.push_str(" => ");
        }
        s.push_str(&self.result(t, a).join(", "));
        s
    }

    /// The two parts of [`Deduction::describe_with`] before its result: the name (with a
    /// single-digit cycle's digit, `X-Cycle 5`) and the pattern, empty for a step that has
    /// none (`Naked Single`).
    pub(super) fn heading_and_pattern(
        &self,
        t: &Topology,
        a: Alphabet,
        verbose: bool,
    ) -> (String, String) {
        let sym = |d: u8| a.label(d + 1, t.n);
        let ev = &self.evidence;
        let mut s = self.name();
        let cycle_digit = single_digit_cycle(self.technique, &ev.chain);
        if let Some(d) = cycle_digit {
            s.push(' ');
            s.push_str(&sym(d));
        }
        let mut pattern = String::new();
        if cycle_digit.is_some() {
            pattern = cycle_notation(&ev.chain, t);
        } else if self.technique.is_forcing() {
            pattern = forcing_notation(ev, t, a);
        } else if !ev.branches.is_empty() {
            pattern = branches_notation(ev, t, a);
        } else if !ev.sets.is_empty() {
            pattern = self.sets_notation(t, a);
        } else if !ev.chain.is_empty() {
            pattern = chain_notation(&ev.chain, t, a);
        } else if !ev.digits.is_empty() && (!ev.cells.is_empty() || !ev.houses.is_empty()) {
            let digits: Vec<String> = ev.digits.iter().map(|&d| sym(d)).collect();
            pattern = format!("{} in ", digits.join(","));
            if ev.cells.is_empty() {
                let houses: Vec<String> = ev
                    .houses
                    .iter()
                    .map(|&h| t.house_name(h as usize))
                    .collect();
                pattern.push_str(&houses.join(", "));
            } else {
                let cells: Vec<String> =
                    ev.cells.iter().map(|&c| t.cell_name(c as usize)).collect();
                pattern.push_str(&cells.join(","));
            }
        } else if !ev.digits.is_empty() && ev.note.is_some() {
            // A whole-digit pattern (POM): `digit 9 (247 templates)`.
            let digits: Vec<String> = ev.digits.iter().map(|&d| sym(d)).collect();
            pattern = format!("digit {}", digits.join(","));
        }
        use Technique::*;
        let length = matches!(
            self.technique,
            XChain | XyChain | RemotePair | NiceLoop | Aic
        )
        .then(|| match self.xy_wing_pivot() {
            Some(p) => format!(
                "length {}; XY-Wing, pivot {}",
                self.chain_length(),
                t.cell_name(p)
            ),
            None => format!("length {}", self.chain_length()),
        });
        let shown = ev.note.as_ref().map(|n| {
            let n = match verbose {
                true => with_y_edge_chains(n, &ev.y_edges, t, a),
                false => without_y_edge_cells(n),
            };
            // The reason follows the tri-cycle it reads, before what a wrap adds.
            match cycle_digit.and_then(|d| self.cycle_reason(t, &sym(d))) {
                Some(why) => match n.find("tri-cycle ") {
                    Some(at) => {
                        let end = n[at..].find("; ").map_or(n.len(), |e| at + e);
                        format!("{}: {why}{}", &n[..end], &n[end..])
                    }
                    None => n,
                },
                None => n,
            }
        });
        let shown = shown.or_else(|| self.houses_note(t));
        let shown = match (shown, self.clears_note(t, a)) {
            (Some(n), Some(c)) => Some(format!("{n}; {c}")),
            (n, c) => n.or(c),
        };
        let shown = match (shown, ev.exclusions.is_empty()) {
            (Some(n), false) => {
                let why: Vec<String> = ev.exclusions.iter().map(|x| x.describe(t, a)).collect();
                Some(format!("{n} ({})", why.join("; ")))
            }
            (shown, _) => shown,
        };
        let note = match (length, shown) {
            (Some(l), Some(note)) => Some(format!("{l}; {note}")),
            (l, note) => l.or(note),
        };
        if let Some(note) = note {
            let note = match ev.cuts.is_empty() {
                true => note,
                false => format!("{note}; {}", cuts_notation(&ev.cuts, t, a)),
            };
            if pattern.is_empty() {
                pattern = note;
            } else {
                pattern = format!("{pattern} ({note})");
            }
        }
        (s, pattern)
    }

    /// The house a tuple lives in, and the two houses of locked candidates, where the digit is
    /// locked first: `row 5`, `box 4 / row 6` (pointing), `column 4 / box 2` (claiming). At
    /// 16×16 and up a person would otherwise work the house out from the cells.
    fn houses_note(&self, t: &Topology) -> Option<String> {
        use Technique::*;
        let named = matches!(
            self.technique,
            Pointing | Claiming | NakedTuple(_) | HiddenTuple(_)
        ) || self.technique.is_direct();
        let houses = &self.evidence.houses;
        // A direct step's last house is its single's, which the clears note names.
        let houses = match self.technique.is_direct() {
            true => &houses[..houses.len().min(2)],
            false => houses,
        };
        (named && !houses.is_empty()).then(|| {
            let names: Vec<String> = houses.iter().map(|&h| t.house_name(h as usize)).collect();
            names.join(" / ")
        })
    }

    /// What a direct step's removals leave: `r2c1<>7, r2c3<>7 leave 7 one place in box 1`.
    fn clears_note(&self, t: &Topology, a: Alphabet) -> Option<String> {
        let clears = &self.evidence.clears;
        let digit = a.label(clears.first()?.digit + 1, t.n);
        let house = t.house_name(*self.evidence.houses.last()? as usize);
        let removed: Vec<String> = clears
            .iter()
            .map(|c| format!("{}<>{digit}", t.cell_name(c.cell as usize)))
            .collect();
        let verb = if clears.len() == 1 { "leaves" } else { "leave" };
        Some(format!(
            "{} {verb} {digit} one place in {house}",
            removed.join(", ")
        ))
    }

    /// Almost locked sets as HoDoKu shows them, with the restricted commons `x` and, when
    /// singly linked, the digits removed `z`: `A=r5c4 {2,4}, B=r5c1,r6c3 {2,4,9}, x=4, z=2`;
    /// an ALS-XY-Wing's pivot C, linked to A by `x` and to B by `y`. A Sue de Coq's three
    /// parts: `r1c1,r1c2 {1,2,3,4} (r1c5 {1,2}, r2c3 {3,4})`. A Death Blossom's stem, then its
    /// petals by stem digit: `r5c1 {1,2}; 1: r1c7,r5c7 {1,4,5}; 2: r7c1 {2,4}; z=4`.
    fn sets_notation(&self, t: &Topology, a: Alphabet) -> String {
        let digits = |ds: &[u8]| {
            let v: Vec<String> = ds.iter().map(|&d| a.label(d + 1, t.n)).collect();
            v.join(",")
        };
        let set = |set: &CellSet| {
            let cells: Vec<String> = set.cells.iter().map(|&c| t.cell_name(c as usize)).collect();
            format!("{} {{{}}}", cells.join(","), digits(&set.digits))
        };
        // Sue de Coq, as HoDoKu writes it: the intersection, then (the line's side, the box's).
        if let [core, line, bx] = self.evidence.sets.as_slice() {
            if self.technique == Technique::SueDeCoq {
                return format!("{} ({}, {})", set(core), set(line), set(bx));
            }
        }
        let removed = || {
            let mut z: Vec<u8> = self.eliminations.iter().map(|c| c.digit).collect();
            z.sort_unstable();
            z.dedup();
            format!("z={}", digits(&z))
        };
        // Death Blossom: the stem, then each petal after the stem digit it takes.
        if let (Technique::DeathBlossom, [stem, petals @ ..]) =
            (self.technique, self.evidence.sets.as_slice())
        {
            let mut parts = vec![set(stem)];
            let by_digit = self.evidence.digits.iter().zip(petals);
            parts.extend(by_digit.map(|(&d, p)| format!("{}: {}", digits(&[d]), set(p))));
            parts.push(removed());
            return parts.join("; ");
        }
        let mut parts: Vec<String> = ["A", "B", "C"]
            .iter()
            .zip(&self.evidence.sets)
            .map(|(name, s)| format!("{name}={}", set(s)))
            .collect();
        let ev = &self.evidence;
        match (self.technique, ev.digits.as_slice()) {
            (Technique::AlsXyWing, &[x, y]) => {
                parts.push(format!("x={}, y={}", digits(&[x]), digits(&[y])))
            }
            _ => parts.push(format!("x={}", digits(&ev.digits))),
        }
        if self.technique == Technique::AlsXyWing || ev.digits.len() == 1 {
            parts.push(removed());
        }
        parts.join(", ")
    }

    /// The middle cell of an XY-Chain through three cells: the XY-Wing that HoDoKu names, whose
    /// pivot sees both wings.
    fn xy_wing_pivot(&self) -> Option<usize> {
        let chain = &self.evidence.chain;
        (self.technique == Technique::XyChain && chain.len() == 6)
            .then(|| chain[2].candidates[0].cell as usize)
    }

    /// What a single-digit cycle's tri-cycle says, in words: the apex's two neighbours on the
    /// cycle are linked through the rest of it (the base), and the apex's links to them decide
    /// it. Eliminated: `r2c6 or r6c7 is 4, and r6c6=4 would rule out both` (apex edges weak,
    /// base "at least one"); placed: `r4c3 and r6c2 are not both 3, and r4c6<>3 would make
    /// both 3` (apex edges y, base weak). Every reading of [`TRI_CYCLES`] that decides is one
    /// of the two.
    ///
    /// [`TRI_CYCLES`]: super::coloring::algebra::TRI_CYCLES
    fn cycle_reason(&self, t: &Topology, digit: &str) -> Option<String> {
        let chain = &self.evidence.chain;
        let apex_cell = chain.first()?.candidates[0].cell;
        let [apex, x] =
            [chain.first()?, chain.get(1)?].map(|n| t.cell_name(n.candidates[0].cell as usize));
        let y = t.cell_name(chain.get(chain.len().checked_sub(2)?)?.candidates[0].cell as usize);
        // A wrap places and eliminates its colors: the apex's own verdict says which reading.
        Some(if self.placements.iter().all(|p| p.cell != apex_cell) {
            format!("{x} or {y} is {digit}, and {apex}={digit} would rule out both")
        } else {
            format!("{x} and {y} are not both {digit}, and {apex}<>{digit} would make both {digit}")
        })
    }

    /// Placements (`r4c5=8`) then eliminations grouped by cell (`r3c4<>1,9`).
    pub fn result(&self, t: &Topology, a: Alphabet) -> Vec<String> {
        let mut out: Vec<String> = self.placements.iter().map(|p| placed(p, t, a)).collect();
        let mut elims = self.eliminations.clone();
        elims.sort();
        let mut i = 0;
        while i < elims.len() {
            let cell = elims[i].cell;
            let mut digits = Vec::new();
            while i < elims.len() && elims[i].cell == cell {
                digits.push(a.label(elims[i].digit + 1, t.n));
                i += 1;
            }
            out.push(format!(
                "{}<>{}",
                t.cell_name(cell as usize),
                digits.join(",")
            ));
        }
        out
    }

    /// The pattern's `named` items for the JSON record, or a single's placement read by `of`:
    /// full houses and naked singles have no pattern in their text, but name a cell and digit.
    fn named_or_placed<T>(&self, named: Vec<T>, of: impl Fn(&Candidate) -> T) -> Vec<T> {
        use Technique::*;
        let single = matches!(self.technique, FullHouse | HiddenSingle | NakedSingle);
        if named.is_empty() && single {
            self.placements.iter().map(of).collect()
        } else {
            named
        }
    }

    /// The machine-readable form used by `--json`.
    pub fn to_json(&self, t: &Topology, a: Alphabet) -> serde_json::Value {
        let ev = &self.evidence;
        let cand = |c: &Candidate, op: &str| {
            format!(
                "{}{op}{}",
                t.cell_name(c.cell as usize),
                a.label(c.digit + 1, t.n)
            )
        };
        let mut v = serde_json::json!({
            "technique": self.technique.cli_name(),
            "name": self.name(),
            "text": self.describe(t, a),
            "placements": self.placements.iter().map(|c| cand(c, "=")).collect::<Vec<_>>(),
            "eliminations": self.eliminations.iter().map(|c| cand(c, "<>")).collect::<Vec<_>>(),
            "houses": ev.houses.iter().map(|&h| t.house_name(h as usize)).collect::<Vec<_>>(),
            "cells": self.named_or_placed(ev.pattern_cells(), |c| c.cell).iter().map(|&c| t.cell_name(c as usize)).collect::<Vec<_>>(),
            "digits": self.named_or_placed(ev.pattern_digits(), |c| c.digit).iter().map(|&d| a.label(d + 1, t.n)).collect::<Vec<_>>(),
        });
        // Always present (null for steps that have none), as the docs list it.
        v["house"] = ev.houses.first().map(|&h| t.house_name(h as usize)).into();
        if !ev.chain.is_empty() {
            v["chain"] = if self.technique.is_forcing() {
                forcing_notation(ev, t, a)
            } else {
                chain_notation(&ev.chain, t, a)
            }
            .into();
            v["length"] = self.chain_length().into();
            v["nodes"] = nodes_json(&ev.chain, t, a);
        }
        if !ev.y_edges.is_empty() {
            let edges = ev.y_edges.iter().map(|y| chain_notation(y, t, a));
            v["y_edges"] = edges.collect::<Vec<_>>().into();
        }
        if !ev.branches.is_empty() {
            let branches = ev.branches.iter().map(|b| chain_notation(b, t, a));
            v["branches"] = branches.collect::<Vec<_>>().into();
            v["length"] = self.chain_length().into();
        }
        if let Some(note) = &ev.note {
            v["note"] = note.clone().into();
        }
        if !ev.fins.is_empty() {
            let fins = ev.fins.iter().map(|&c| t.cell_name(c as usize));
            v["fins"] = fins.collect::<Vec<_>>().into();
        }
        if !ev.set.is_empty() {
            let set = ev.set.iter().map(|&c| t.cell_name(c as usize));
            v["set"] = set.collect::<Vec<_>>().into();
        }
        if !ev.exclusions.is_empty() {
            let why = ev.exclusions.iter().map(|x| x.describe(t, a));
            v["exclusions"] = why.collect::<Vec<_>>().into();
        }
        if !ev.clears.is_empty() {
            let clears = ev.clears.iter().map(|c| cand(c, "<>"));
            v["clears"] = clears.collect::<Vec<_>>().into();
        }
        if !ev.sets.is_empty() {
            let sets = ev.sets.iter().map(|set| {
                serde_json::json!({
                    "house": t.house_name(set.house as usize),
                    "cells": set.cells.iter().map(|&c| t.cell_name(c as usize)).collect::<Vec<_>>(),
                    "digits": set.digits.iter().map(|&d| a.label(d + 1, t.n)).collect::<Vec<_>>(),
                })
            });
            v["sets"] = sets.collect::<Vec<_>>().into();
        }
        if !ev.cuts.is_empty() {
            let cuts = ev.cuts.iter().map(|c| {
                serde_json::json!({
                    "by": a.label(c.by + 1, t.n),
                    "cells": c.cells.iter().map(|&x| t.cell_name(x as usize)).collect::<Vec<_>>(),
                    "dropped": c.dropped,
                })
            });
            v["cuts"] = cuts.collect::<Vec<_>>().into();
        }
        v
    }
}

/// What a y-edge's part of a note adds to its ends (`r3c3~r7c1`) before its bivalue cells.
pub const Y_EDGE_CELLS: &str = " by bivalue ";

/// `note` with each y-edge's bivalue cells left out (its parts are joined by `; `).
/// The note with each y-edge's bivalue cells written as its chain, digits and all (`r3c3~r7c1
/// by bivalue (9)r3c3=(1)r3c3-(1)r3c7=…=(9)r7c1`): the note holds the cells only, as it is
/// written without an alphabet. Parts without a chain of their own are kept.
fn with_y_edge_chains(note: &str, chains: &[Vec<ChainNode>], t: &Topology, a: Alphabet) -> String {
    let mut chains = chains.iter();
    let parts = note
        .split("; ")
        .map(|part| match part.split_once(Y_EDGE_CELLS) {
            Some((edge, cells)) => match chains.next() {
                Some(chain) => format!("{edge}{Y_EDGE_CELLS}{}", chain_notation(chain, t, a)),
                None => format!("{edge}{Y_EDGE_CELLS}{cells}"),
            },
            None => part.to_string(),
        });
    parts.collect::<Vec<_>>().join("; ")
}

fn without_y_edge_cells(note: &str) -> String {
    let parts = note.split("; ");
    let parts = parts.map(|part| part.split_once(Y_EDGE_CELLS).map_or(part, |(edge, _)| edge));
    parts.collect::<Vec<_>>().join("; ")
}

/// Why a POM step's digit lost templates: how many, then reason by reason, `9 lost: 6 take
/// all of r1c1,r2c4,r3c8 (every template of digit 1 left takes one); 2 take r3c4, which every
/// template of digit 5 left takes; 1 meets every template of digit 7 left`.
fn cuts_notation(cuts: &[TemplateCut], t: &Topology, a: Alphabet) -> String {
    let lost: usize = cuts.iter().map(|c| c.dropped).sum();
    let parts: Vec<String> = cuts
        .iter()
        .map(|c| {
            let by = a.label(c.by + 1, t.n);
            let cells: Vec<String> = c.cells.iter().map(|&x| t.cell_name(x as usize)).collect();
            let n = c.dropped;
            let s = if n == 1 { "s" } else { "" };
            match cells.len() {
                0 => format!("{n} meet{s} every template of digit {by} left"),
                1 => format!(
                    "{n} take{s} {}, which every template of digit {by} left takes",
                    cells[0]
                ),
                _ => format!(
                    "{n} take{s} all of {} (every template of digit {by} left takes one)",
                    cells.join(",")
                ),
            }
        })
        .collect();
    format!("{lost} lost: {}", parts.join("; "))
}

/// Eureka notation: `(5)r2c3=(5)r2c7-(5)r8c7`; a group prints its cells joined by `|`
/// (`(5)r2c3|r2c7`).
pub fn chain_notation(chain: &[ChainNode], t: &Topology, a: Alphabet) -> String {
    let mut s = String::new();
    for node in chain {
        if let Some(first) = node.candidates.first() {
            s.push('(');
            s.push_str(&a.label(first.digit + 1, t.n));
            s.push(')');
            s.push_str(&cell_names(&node.candidates, t, "|"));
        }
        if let Some(l) = node.link {
            s.push(l.symbol());
        }
    }
    s
}

/// Multiple forcing chains: what branches (a cell, or a digit in a house), then each branch
/// in Eureka notation from its assumption: `r2c5: (1)r2c5-(1)r2c8=(1)r3c8; (4)r2c5-…`.
fn branches_notation(ev: &Evidence, t: &Topology, a: Alphabet) -> String {
    let head = match (ev.houses.first(), ev.digits.first(), ev.cells.first()) {
        (Some(&h), Some(&d), _) => {
            format!("{} in {}", a.label(d + 1, t.n), t.house_name(h as usize))
        }
        (_, _, Some(&c)) => t.cell_name(c as usize),
        _ => String::new(),
    };
    let branches: Vec<String> = ev
        .branches
        .iter()
        .map(|b| chain_notation(b, t, a))
        .collect();
    format!("{head}: {}", branches.join("; "))
}

/// The cells of `candidates`, named and joined by `sep`: `r2c3|r2c7`.
fn cell_names(candidates: &[Candidate], t: &Topology, sep: &str) -> String {
    let names: Vec<String> = candidates
        .iter()
        .map(|c| t.cell_name(c.cell as usize))
        .collect();
    names.join(sep)
}

/// A placement: `r4c5=8`.
fn placed(c: &Candidate, t: &Topology, a: Alphabet) -> String {
    format!(
        "{}={}",
        t.cell_name(c.cell as usize),
        a.label(c.digit + 1, t.n)
    )
}

/// The `nodes` of a chain in JSON: digit, cells and link of each, and a nested proof's nodes
/// under `nested` where there is one.
fn nodes_json(chain: &[ChainNode], t: &Topology, a: Alphabet) -> serde_json::Value {
    chain
        .iter()
        .map(|node| {
            let mut v = serde_json::json!({
                "digit": node.candidates.first().map(|c| a.label(c.digit + 1, t.n)),
                "cells": node.candidates.iter().map(|c| t.cell_name(c.cell as usize)).collect::<Vec<_>>(),
                "link": node.link,
            });
            if !node.nested.is_empty() {
                v["nested"] = nodes_json(&node.nested, t, a);
            }
            if let Some(b) = node.broken {
                v["contradiction"] = b.describe(t, a).into();
            }
            if let Some(f) = node.forced {
                v["why"] = f.describe(t).into();
            }
            v
        })
        .collect::<Vec<_>>()
        .into()
}

/// A forcing chain: the assumption, the placements it forces that the contradiction rests on,
/// and the contradiction: `r1c1=5 -> r2c2=3 -> r2c7=1 -> no 4 in row 7` (or `-> r5c5 empty`).
/// A node with a weak link holds candidates removed by locked candidates: `r4c7,r4c8<>2`,
/// or, with a nested proof, one refuted by a trial of its own: `r1c5<>3 (r1c5=3 -> … -> no 8
/// in row 8)`.
fn forcing_notation(ev: &Evidence, t: &Topology, a: Alphabet) -> String {
    // A step with its reason when the cell alone does not give it: `r2c9=4 (row 2)`.
    let told = |n: &ChainNode, step: String| match n.forced {
        Some(f) => format!("{step} ({})", f.describe(t)),
        None => step,
    };
    let mut parts: Vec<String> = ev
        .chain
        .iter()
        .map(|n| match (n.link, n.candidates.first()) {
            (Some(LinkKind::Weak), Some(first)) => {
                let cells = cell_names(&n.candidates, t, ",");
                let removed = format!("{cells}<>{}", a.label(first.digit + 1, t.n));
                if n.nested.is_empty() {
                    return told(n, removed);
                }
                let proof: Vec<String> = n
                    .nested
                    .iter()
                    .flat_map(|m| m.candidates.iter().map(move |c| told(m, placed(c, t, a))))
                    .collect();
                let end = n
                    .broken
                    .map_or("contradiction".into(), |b| b.describe(t, a));
                format!("{removed} ({} -> {end})", proof.join(" -> "))
            }
            _ => n
                .candidates
                .iter()
                .map(|c| told(n, placed(c, t, a)))
                .collect::<Vec<_>>()
                .join(" -> "),
        })
        .collect();
    let end = match (ev.houses.first(), ev.digits.first(), ev.cells.first()) {
        (Some(&house), Some(&digit), _) => Some(Emptied::House { house, digit }),
        (_, _, Some(&c)) => Some(Emptied::Cell(c)),
        _ => None,
    };
    parts.extend(end.map(|e| e.describe(t, a)));
    parts.join(" -> ")
}

/// The digit of a coloring or cycle technique whose chain is single cells of one digit; such a
/// chain prints as `X-Cycle 4: r7c9-r3c9=r3c6`.
fn single_digit_cycle(technique: Technique, chain: &[ChainNode]) -> Option<u8> {
    use Technique::*;
    if !matches!(technique, SimpleColoring | MultiColoring | XCycle | YCycle) {
        return None;
    }
    let digit = chain.first()?.candidates.first()?.digit;
    chain
        .iter()
        .all(|n| n.candidates.len() == 1 && n.candidates[0].digit == digit)
        .then_some(digit)
}

/// A single-digit cycle without the digit: `r7c9-r3c9=r3c6-r4c6`.
fn cycle_notation(chain: &[ChainNode], t: &Topology) -> String {
    let mut s = String::new();
    for node in chain {
        s.push_str(&t.cell_name(node.candidates[0].cell as usize));
        if let Some(l) = node.link {
            s.push(l.symbol());
        }
    }
    s
}
