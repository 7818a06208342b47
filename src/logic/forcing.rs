//! Forcing chains by assumption (Sudoku Explainer's dynamic contradiction forcing chains: the
//! trial that Nishio makes on one digit, made on every digit at once).
//!
//! ```text
//!   assume r1c1=5   ─► its peers lose 5, its cell the other digits
//!        │              a cell left one digit, or a house-digit left one place: placed next
//!        ▼
//!   r2c2=3, r2c7=1, …   (breadth first: each a single given the placements before it)
//!        │
//!        ▼
//!   a cell with no digit, or a house without a place for a digit  ═►  r1c1<>5
//! ```
//!
//! Only the placements the contradiction rests on are shown: each removal made by the trial
//! remembers the placement that made it, and the proof is read back from the contradiction.
//! The work of one search is bounded by [`Config::forcing_budget`] (peer removals and house
//! scans); past it the rest is skipped and noted, never guessed.
//!
//! [`Technique::ForcingChainPlus`] (SE's "(+)") follows locked candidates too: when the
//! singles run out, a digit whose places in a house all lie in another house leaves the rest
//! of that house. Such a sweep is a step of the proof (`r4c7,r4c8<>2`), resting on the
//! removals that confined the digit. Only candidates that singles alone do not refute are
//! reported as (+).
//!
//! [`Technique::ForcingChainNested`] (SE's nested forcing chains) goes one level deeper: when
//! singles and locked candidates run out, each candidate left in the trial's grid is tried in
//! a trial of its own, by singles; one that breaks that inner grid leaves the outer one, and
//! the outer trial goes on. Such a removal is a step of the proof with the inner proof nested
//! in it (`r5c2<>1 (r5c2=1 -> r7c2=4 -> no 4 in box 7)`), resting on the outer removals the
//! inner proof used. It is Berthier's T&E(2): every 9×9 puzzle known is within it. Only
//! candidates that a (+) trial does not refute are reported as nested.

use super::limits;
use super::{
    Candidate, ChainNode, Config, Deduction, Emptied, Flow, Forced, LinkKind, Sink, State,
    Technique,
};
use crate::basis::Basis;
use crate::mask::Mask;
use crate::topology::Topology;
use std::collections::VecDeque;

/// How far a trial follows its assumption.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    /// Singles ([`Technique::ForcingChain`]).
    Singles,
    /// Singles and locked candidates ([`Technique::ForcingChainPlus`]).
    Locked,
    /// Those, and candidates refuted by singles in a trial of their own
    /// ([`Technique::ForcingChainNested`]).
    Nested,
}

impl Depth {
    fn technique(self) -> Technique {
        match self {
            Depth::Singles => Technique::ForcingChain,
            Depth::Locked => Technique::ForcingChainPlus,
            Depth::Nested => Technique::ForcingChainNested,
        }
    }

    /// The depth one below, whose trial must not refute what this depth reports.
    fn below(self) -> Option<Depth> {
        match self {
            Depth::Singles => None,
            Depth::Locked => Some(Depth::Singles),
            Depth::Nested => Some(Depth::Locked),
        }
    }
}

/// Why a trial placed a digit.
#[derive(Clone, Copy)]
enum Why {
    /// The candidate assumed true.
    Assumed,
    /// The cell's other digits were gone.
    Cell,
    /// The digit's other places in this house were gone.
    House(u16),
    /// Not a placement: the digit's places in house `from` all lie in house `to`, so the rest
    /// of `to` lost it (locked candidates); those cells are `swept[start..end]`.
    Locked {
        from: u16,
        to: u16,
        start: u32,
        end: u32,
    },
    /// Not a placement: a trial of its own broke the grid on this candidate, so it left. Its
    /// proof is `nodes[nodes_start..nodes_end]`; the events that proof rests on are
    /// `premises[premises_start..premises_end]`.
    Refuted {
        nodes_start: u32,
        nodes_end: u32,
        premises_start: u32,
        premises_end: u32,
        broken: Emptied,
    },
}

impl Why {
    /// The reason a step shows: the house of a hidden single, or the houses of a sweep.
    fn forced(self) -> Option<Forced> {
        match self {
            Why::House(h) => Some(Forced::House(h)),
            Why::Locked { from, to, .. } => Some(Forced::Locked { from, to }),
            _ => None,
        }
    }
}

/// One placement of a trial, one sweep of locked candidates ([`Why::Locked`]: `cell` is then
/// the first cell swept), or one candidate refuted by a nested trial ([`Why::Refuted`]).
struct Event {
    cell: usize,
    digit: usize,
    why: Why,
}

/// Scratch for every trial over one state: a working copy of the candidates, undone after each
/// trial, and for each candidate removed the placement that removed it (valid for the current
/// trial's stamp only, so nothing is cleared between trials). A nested trial's copy starts from
/// the outer trial's grid, not from the state's.
struct Trial<'s, B: Basis> {
    s: &'s State<B>,
    /// `B::topology()`, read once rather than at every removal.
    t: &'static Topology,
    cfg: &'s Config,
    masks: Vec<B::Mask>,
    placed: Vec<bool>,
    undo: Vec<(usize, B::Mask, bool)>,
    /// Scratch of [`Trial::place`]: the positions among the peers of those that hold a digit.
    holding: Vec<u16>,
    /// The grid every trial starts from and is restored to: copied back whole after a long
    /// trial, where replaying `undo` would cost more.
    base: Base<B>,
    cause: Vec<u32>,
    stamp: Vec<u32>,
    generation: u32,
    events: Vec<Event>,
    queue: VecDeque<(usize, usize, Why)>,
    work: u64,
    /// Follow locked candidates too, not only singles.
    locked: bool,
    /// House-digits that lost a place since the last look for locked candidates, once each
    /// (`seen` holds the look's number).
    dirty: Vec<(u16, u16)>,
    seen: Vec<u32>,
    look: u32,
    /// Cells swept by locked candidates, per event.
    swept: Vec<u16>,
    /// The trial that refutes candidates of this one's grid ([`Depth::Nested`]).
    inner: Option<Box<Trial<'s, B>>>,
    /// The proofs of refuted candidates, and the events each rests on ([`Why::Refuted`]).
    nodes: Vec<ChainNode>,
    premises: Vec<u32>,
    /// The work budget ran out, or the deadline passed, inside a trial: it stopped early.
    cut: bool,
    /// Per house and digit, the positions in the house of the cells whose mask holds the digit
    /// (placed or not), kept with the masks: a removal that leaves one or none is a single or a
    /// contradiction, and the single's cell is read from its position.
    places: Vec<B::Mask>,
    /// The cell the next look for a refutation starts from: the last refuted one. The cells
    /// before it were tried since the grid last changed there, and are tried again last.
    resume: usize,
}

/// The candidates, places and placed cells a trial starts from.
struct Base<B: Basis> {
    masks: Vec<B::Mask>,
    places: Vec<B::Mask>,
    placed: Vec<bool>,
}

impl<'s, B: Basis> Trial<'s, B> {
    /// Undo entries past which restoring copies the base whole: about what one copy costs,
    /// at an entry (a few house updates) per 128 bytes.
    fn copy_after(&self) -> usize {
        let bytes = (B::CELLS + self.t.houses() * B::N) * std::mem::size_of::<B::Mask>() + B::CELLS;
        bytes / 128
    }

    fn new(s: &'s State<B>, depth: Depth, cfg: &'s Config) -> Self {
        let cells = B::CELLS;
        let places = Self::places_of(s.grid().masks());
        let placed: Vec<bool> = (0..cells).map(|c| s.is_solved(c)).collect();
        Trial {
            s,
            t: B::topology(),
            cfg,
            masks: s.grid().masks().to_vec(),
            placed: placed.clone(),
            undo: Vec::new(),
            holding: Vec::new(),
            base: Base {
                masks: s.grid().masks().to_vec(),
                places: places.clone(),
                placed,
            },
            cause: vec![0; cells * B::N],
            stamp: vec![0; cells * B::N],
            generation: 0,
            events: Vec::new(),
            queue: VecDeque::new(),
            work: 0,
            locked: depth >= Depth::Locked,
            dirty: Vec::new(),
            seen: vec![0; B::topology().houses() * B::N],
            look: 1,
            swept: Vec::new(),
            inner: (depth == Depth::Nested).then(|| Box::new(Trial::new(s, Depth::Singles, cfg))),
            nodes: Vec::new(),
            premises: Vec::new(),
            cut: false,
            resume: 0,
            places,
        }
    }

    /// [`Trial::places`] of a grid.
    fn places_of(masks: &[B::Mask]) -> Vec<B::Mask> {
        let t = B::topology();
        let mut places = vec![B::Mask::ZERO; t.houses() * B::N];
        for (c, m) in masks.iter().enumerate() {
            for (h, p) in t.houses_of(c).into_iter().zip(t.positions_of(c)) {
                for d in m.iter() {
                    places[h as usize * B::N + d] |= B::Mask::bit(p as usize);
                }
            }
        }
        places
    }

    /// The placement that removed `digit` from `cell` in this trial, if it did.
    fn removed_by(&self, cell: usize, digit: usize) -> Option<usize> {
        let i = cell * B::N + digit;
        (self.stamp[i] == self.generation).then(|| self.cause[i] as usize)
    }

    /// Take `digit` from `cell` (event `by`). Returns the digit's places left in the cell's
    /// houses, as [`Trial::check_houses`] reads them.
    fn remove(&mut self, cell: usize, digit: usize, by: usize) -> [B::Mask; 3] {
        self.undo.push((cell, self.masks[cell], self.placed[cell]));
        self.masks[cell] &= !B::Mask::bit(digit);
        let t = self.t;
        let houses = t.houses_of(cell);
        let mut left = [B::Mask::ZERO; 3];
        for ((h, p), left) in houses.iter().zip(t.positions_of(cell)).zip(&mut left) {
            let places = &mut self.places[*h as usize * B::N + digit];
            *places &= !B::Mask::bit(p as usize);
            *left = *places;
        }
        let i = cell * B::N + digit;
        self.stamp[i] = self.generation;
        self.cause[i] = by as u32;
        if self.locked {
            for h in houses {
                let j = h as usize * B::N + digit;
                if self.seen[j] != self.look {
                    self.seen[j] = self.look;
                    self.dirty.push((h, digit as u16));
                }
            }
        }
        left
    }

    /// `digit` leaves open `cell` (event `by`): a cell left empty is broken, one left a single
    /// queues it, and its houses are checked.
    fn lose(&mut self, cell: usize, digit: usize, by: usize) -> Result<(), Emptied> {
        let left = self.remove(cell, digit, by);
        let m = self.masks[cell];
        if m.is_empty() {
            return Err(Emptied::Cell(cell as u16));
        }
        if m.is_single() && !self.placed[cell] {
            self.queue.push_back((cell, m.first(), Why::Cell));
        }
        self.check_houses(cell, digit, left)
    }

    /// Locked candidates in the house-digits that lost a place since the last look: the
    /// digit's places in a box all in one line leave the rest of the line, and a line's all in
    /// one box the rest of the box. True when something went.
    fn lock(&mut self) -> Result<bool, Emptied> {
        let t = B::topology();
        let n = B::N;
        let pairs = std::mem::take(&mut self.dirty);
        self.look += 1;
        let mut any = false;
        for &(h, d) in &pairs {
            let (h, d) = (h as usize, d as usize);
            // The houses all the places share (`u16::MAX` where they differ); none when a cell
            // holds the digit, or when it has no place (that broke the trial already).
            let mut shared: Option<[u16; 3]> = None;
            let (mut held, mut places, mut last) = (false, 0, 0);
            for &q in t.house(h) {
                let q = q as usize;
                if !self.masks[q].has(d) {
                    continue;
                }
                if self.placed[q] {
                    held = true;
                    break;
                }
                (places, last) = (places + 1, q);
                let hs = t.houses_of(q);
                shared = Some(match shared {
                    None => hs,
                    Some(sh) => [0, 1, 2].map(|i| if sh[i] == hs[i] { sh[i] } else { u16::MAX }),
                });
            }
            self.work += n as u64;
            let Some(shared) = shared.filter(|_| !held) else {
                continue;
            };
            // One place left is a hidden single, already queued by the sweep of this look that
            // left it (`check_houses`): placed as one, its peers lose the digit for that reason,
            // not by a sweep no box/line pattern supports.
            if places == 1 {
                debug_assert!(any && self.queue.iter().any(|&(q, e, _)| (q, e) == (last, d)));
                continue;
            }
            for to in shared
                .into_iter()
                .filter(|&x| x != u16::MAX && x as usize != h)
            {
                let start = self.swept.len();
                for &q in t.house(to as usize) {
                    let q = q as usize;
                    self.work += 1;
                    if self.masks[q].has(d) && !t.houses_of(q).contains(&(h as u16)) {
                        self.swept.push(q as u16);
                    }
                }
                if self.swept.len() == start {
                    continue;
                }
                any = true;
                let idx = self.events.len();
                self.events.push(Event {
                    cell: self.swept[start] as usize,
                    digit: d,
                    why: Why::Locked {
                        from: h as u16,
                        to,
                        start: start as u32,
                        end: self.swept.len() as u32,
                    },
                });
                for i in start..self.swept.len() {
                    self.lose(self.swept[i] as usize, d, idx)?;
                }
            }
        }
        Ok(any)
    }

    /// One candidate of this trial's grid that a trial of its own, by singles, refutes leaves
    /// the grid, as an event resting on the removals of this trial that its proof used. True
    /// when one left. Stops early (`cut`) past the work budget or the deadline.
    fn refute(&mut self) -> Result<bool, Emptied> {
        let Some(mut inner) = self.inner.take() else {
            return Ok(false);
        };
        inner.masks.copy_from_slice(&self.masks);
        inner.places.copy_from_slice(&self.places);
        inner.placed.copy_from_slice(&self.placed);
        inner.base.masks.copy_from_slice(&self.masks);
        inner.base.places.copy_from_slice(&self.places);
        inner.base.placed.copy_from_slice(&self.placed);
        let found = self.refuted_by(&mut inner);
        self.work += std::mem::take(&mut inner.work);
        self.inner = Some(inner);
        match found {
            Some((cell, digit, idx)) => {
                self.lose(cell, digit, idx)?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// The first candidate `inner` (holding this trial's grid) refutes: its cell, digit and the
    /// event recorded for it.
    fn refuted_by(&mut self, inner: &mut Trial<'s, B>) -> Option<(usize, usize, usize)> {
        let mut outside = Vec::new();
        let cells = (self.resume..B::CELLS).chain(0..self.resume);
        for cell in cells.filter(|&c| !self.placed[c]) {
            if self.work + inner.work > self.cfg.forcing_budget || self.cfg.past_deadline() {
                self.cut = true;
                return None;
            }
            for digit in self.masks[cell].iter() {
                let Some(broken) = inner.run(cell, digit) else {
                    continue;
                };
                let proof = inner.proof(broken, &mut outside);
                let nodes_start = self.nodes.len() as u32;
                self.nodes.extend(proof.iter().map(|&e| {
                    let Event { cell, digit, why } = inner.events[e];
                    let mut node = ChainNode::new(vec![Candidate::new(cell, digit)], None);
                    node.forced = why.forced();
                    node
                }));
                // What the inner grid lacked, against the state, this trial removed.
                let premises_start = self.premises.len() as u32;
                for &(q, d) in &outside {
                    if let Some(e) = self.removed_by(q, d) {
                        self.premises.push(e as u32);
                    }
                }
                self.resume = cell;
                let idx = self.events.len();
                self.events.push(Event {
                    cell,
                    digit,
                    why: Why::Refuted {
                        nodes_start,
                        nodes_end: self.nodes.len() as u32,
                        premises_start,
                        premises_end: self.premises.len() as u32,
                        broken,
                    },
                });
                return Some((cell, digit, idx));
            }
        }
        None
    }

    /// After `digit` left `cell`, leaving it `left` places in the cell's houses: a house left
    /// with one place for it queues that place; one left with none is broken.
    fn check_houses(
        &mut self,
        cell: usize,
        digit: usize,
        left: [B::Mask; 3],
    ) -> Result<(), Emptied> {
        let t = self.t;
        for (h, places) in t.houses_of(cell).into_iter().zip(left) {
            let h = h as usize;
            if places.is_empty() {
                return Err(Emptied::House {
                    house: h as u16,
                    digit: digit as u8,
                });
            }
            if places.is_single() {
                // Charged as the scan of the house it replaced, so that the work bound cuts the
                // searches where it did.
                self.work += B::N as u64;
                let q = t.house(h)[places.first()] as usize;
                if !self.placed[q] {
                    self.queue.push_back((q, digit, Why::House(h as u16)));
                }
            } else {
                // Charged as the house scans it replaces were, about a nanosecond a unit.
                self.work += 6;
            }
        }
        Ok(())
    }

    /// Place `digit` in `cell` as event `idx`: the cell loses its other digits, the peers this
    /// one.
    fn place(&mut self, idx: usize, cell: usize, digit: usize) -> Result<(), Emptied> {
        let others = self.masks[cell] & !B::Mask::bit(digit);
        self.undo.push((cell, self.masks[cell], self.placed[cell]));
        self.placed[cell] = true;
        for d in others.iter() {
            let left = self.remove(cell, d, idx);
            self.check_houses(cell, d, left)?;
        }
        // The peers that hold the digit, gathered first without a branch on each (whether a
        // peer holds it is a coin toss), then losing it in peer order.
        let t = self.t;
        let peers = t.peers(cell);
        let mut holding = std::mem::take(&mut self.holding);
        holding.resize(peers.len(), 0);
        let mut count = 0;
        for (i, &p) in peers.iter().enumerate() {
            holding[count] = i as u16;
            count += self.masks[p as usize].has(digit) as usize;
        }
        // One unit a peer looked at, up to the one that broke the trial.
        let mut result = Ok(());
        let mut looked = peers.len();
        for &i in &holding[..count] {
            if let Err(e) = self.lose(peers[i as usize] as usize, digit, idx) {
                looked = i as usize + 1;
                result = Err(e);
                break;
            }
        }
        self.work += looked as u64;
        self.holding = holding;
        result
    }

    /// Assume `digit` in `cell` and follow the singles. `Some` with what broke when the
    /// assumption is false; the working copy is restored either way.
    fn run(&mut self, cell: usize, digit: usize) -> Option<Emptied> {
        self.generation += 1;
        self.events.clear();
        self.queue.clear();
        self.queue.push_back((cell, digit, Why::Assumed));
        self.dirty.clear();
        self.look += 1;
        self.swept.clear();
        self.nodes.clear();
        self.premises.clear();
        self.resume = 0;
        let broken = self.follow().err();
        if self.undo.len() > self.copy_after() {
            self.undo.clear();
            self.masks.copy_from_slice(&self.base.masks);
            self.places.copy_from_slice(&self.base.places);
            self.placed.copy_from_slice(&self.base.placed);
            return broken;
        }
        let t = self.t;
        while let Some((c, m, p)) = self.undo.pop() {
            let (houses, positions) = (t.houses_of(c), t.positions_of(c));
            for d in (m & !self.masks[c]).iter() {
                for (&h, &p) in houses.iter().zip(&positions) {
                    self.places[h as usize * B::N + d] |= B::Mask::bit(p as usize);
                }
            }
            self.masks[c] = m;
            self.placed[c] = p;
        }
        broken
    }

    /// True when assuming `digit` in `cell` breaks the grid at a depth below this trial's:
    /// `Depth::Singles`, or `Depth::Locked` (only for a nested trial).
    fn breaks_at(&mut self, depth: Depth, cell: usize, digit: usize) -> bool {
        let locked = std::mem::replace(&mut self.locked, depth >= Depth::Locked);
        let inner = self.inner.take();
        let broken = self.run(cell, digit).is_some();
        self.locked = locked;
        self.inner = inner;
        broken
    }

    /// Singles, then locked candidates and nested refutations when asked, until none is left
    /// or the grid breaks.
    fn follow(&mut self) -> Result<(), Emptied> {
        loop {
            while let Some((c, d, why)) = self.queue.pop_front() {
                // Queued twice (a single found from two sides), or placed since.
                if self.placed[c] || !self.masks[c].has(d) {
                    continue;
                }
                let idx = self.events.len();
                self.events.push(Event {
                    cell: c,
                    digit: d,
                    why,
                });
                self.place(idx, c, d)?;
            }
            if self.locked && self.lock()? {
                continue;
            }
            if !self.refute()? {
                return Ok(());
            }
        }
    }

    /// The events `broken` rests on, in the order they were made. Read before the next trial:
    /// the causes are this trial's. `outside` gets the candidates it rests on that the state
    /// had and the trial's grid lacked from the start (only a nested trial's grid lacks any).
    fn proof(&self, broken: Emptied, outside: &mut Vec<(usize, usize)>) -> Vec<usize> {
        let t = B::topology();
        let mut needed = vec![false; self.events.len()];
        let mut stack = Vec::new();
        outside.clear();
        // Every candidate the state had there, gone in this trial, was removed by an event, or
        // was not in the grid the trial started from.
        let mut need = |cells: &mut dyn Iterator<Item = (usize, usize)>, stack: &mut Vec<usize>| {
            for (q, d) in cells {
                if let Some(e) = self.removed_by(q, d) {
                    stack.push(e);
                } else if !self.masks[q].has(d) {
                    outside.push((q, d));
                }
            }
        };
        let house_digit = |h: usize, d: usize, except: usize| {
            t.house(h)
                .iter()
                .map(|&q| q as usize)
                .filter(move |&q| q != except && self.s.get(q).has(d))
                .map(move |q| (q, d))
        };
        match broken {
            Emptied::Cell(p) => {
                let p = p as usize;
                need(&mut self.s.get(p).iter().map(|d| (p, d)), &mut stack)
            }
            Emptied::House { house, digit } => need(
                &mut house_digit(house as usize, digit as usize, usize::MAX),
                &mut stack,
            ),
        }
        while let Some(e) = stack.pop() {
            if std::mem::replace(&mut needed[e], true) {
                continue;
            }
            let Event { cell, digit, why } = self.events[e];
            match why {
                Why::Assumed => {}
                Why::Cell => need(
                    &mut self
                        .s
                        .get(cell)
                        .iter()
                        .filter(|&d| d != digit)
                        .map(|d| (cell, d)),
                    &mut stack,
                ),
                Why::House(h) => need(&mut house_digit(h as usize, digit, cell), &mut stack),
                Why::Locked { from, to, .. } => need(
                    &mut house_digit(from as usize, digit, usize::MAX)
                        .filter(|&(q, _)| !t.houses_of(q).contains(&to)),
                    &mut stack,
                ),
                Why::Refuted {
                    premises_start,
                    premises_end,
                    ..
                } => stack.extend(
                    self.premises[premises_start as usize..premises_end as usize]
                        .iter()
                        .map(|&e| e as usize),
                ),
            }
        }
        (0..self.events.len()).filter(|&e| needed[e]).collect()
    }

    /// The deduction of a broken trial: a [`Technique::ForcingChainPlus`] when its proof takes
    /// a locked candidates step, a [`Technique::ForcingChainNested`] when it takes a nested
    /// refutation.
    fn deduction(&self, broken: Emptied) -> Deduction {
        let first = &self.events[0];
        let mut d = Deduction::new(Technique::ForcingChain);
        d.eliminations.push(Candidate::new(first.cell, first.digit));
        let mut depth = Depth::Singles;
        for e in self.proof(broken, &mut Vec::new()) {
            let Event { cell, digit, why } = self.events[e];
            d.evidence.chain.push(match why {
                Why::Locked { start, end, .. } => {
                    depth = depth.max(Depth::Locked);
                    let swept = &self.swept[start as usize..end as usize];
                    let mut node = ChainNode::new(
                        swept
                            .iter()
                            .map(|&q| Candidate::new(q as usize, digit))
                            .collect(),
                        Some(LinkKind::Weak),
                    );
                    node.forced = why.forced();
                    node
                }
                Why::Refuted {
                    nodes_start,
                    nodes_end,
                    broken,
                    ..
                } => {
                    depth = Depth::Nested;
                    let mut node =
                        ChainNode::new(vec![Candidate::new(cell, digit)], Some(LinkKind::Weak));
                    node.nested = self.nodes[nodes_start as usize..nodes_end as usize].to_vec();
                    node.broken = Some(broken);
                    node
                }
                _ => {
                    let mut node = ChainNode::new(vec![Candidate::new(cell, digit)], None);
                    node.forced = why.forced();
                    node
                }
            });
        }
        d.technique = depth.technique();
        // The evidence names the candidates that all went: the cell's digits, or the digit's
        // places in the house.
        let ev = &mut d.evidence;
        match broken {
            Emptied::Cell(p) => {
                ev.cells.push(p);
                ev.digits
                    .extend(self.s.get(p as usize).iter().map(|d| d as u8));
            }
            Emptied::House { house, digit } => {
                ev.houses.push(house);
                ev.digits.push(digit);
                let places = B::topology().house(house as usize).iter().copied();
                ev.cells
                    .extend(places.filter(|&q| self.s.get(q as usize).has(digit as usize)));
            }
        }
        d
    }
}

/// Report every candidate whose assumption breaks the grid, each with its proof, shortest
/// proof first (so that `explain`, which takes the first, shows the shortest). Past
/// `Depth::Singles`, only the candidates that need the depth are reported: those that a trial
/// one depth lower does not refute.
pub fn find<B: Basis>(s: &State<B>, depth: Depth, cfg: &Config, sink: &mut Sink) -> Flow {
    let mut trial = Trial::new(s, depth, cfg);
    let mut found = Vec::new();
    'cells: for cell in (0..B::CELLS).filter(|&c| !s.is_solved(c)) {
        for digit in s.get(cell).iter() {
            if trial.work > cfg.forcing_budget {
                limits::note(|h| h.forcing_searches += 1);
                break 'cells;
            }
            if cfg.past_deadline() {
                break 'cells;
            }
            if let Some(broken) = trial.run(cell, digit) {
                let d = trial.deduction(broken);
                if d.technique != depth.technique()
                    || depth
                        .below()
                        .is_some_and(|l| trial.breaks_at(l, cell, digit))
                {
                    continue;
                }
                found.push(d);
            }
            if trial.cut {
                limits::forcing_cut(cfg);
                break 'cells;
            }
        }
    }
    // Stable: equal lengths keep the grid order.
    found.sort_by_key(|d| d.chain_length());
    for d in found {
        if sink(d) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
