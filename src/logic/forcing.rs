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

use super::limits;
use super::{Candidate, ChainNode, Config, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;
use std::collections::VecDeque;

/// Why a trial placed a digit.
#[derive(Clone, Copy)]
enum Why {
    /// The candidate assumed true.
    Assumed,
    /// The cell's other digits were gone.
    Cell,
    /// The digit's other places in this house were gone.
    House(u16),
}

/// What broke the grid: a cell without a digit, or a house without a place for a digit.
#[derive(Clone, Copy)]
enum Broken {
    Cell(usize),
    House(usize, usize),
}

/// One placement of a trial.
struct Event {
    cell: usize,
    digit: usize,
    why: Why,
}

/// Scratch for every trial over one state: a working copy of the candidates, undone after each
/// trial, and for each candidate removed the placement that removed it (valid for the current
/// trial's stamp only, so nothing is cleared between trials).
struct Trial<'s, B: Basis> {
    s: &'s State<B>,
    masks: Vec<B::Mask>,
    placed: Vec<bool>,
    undo: Vec<(usize, B::Mask, bool)>,
    cause: Vec<u32>,
    stamp: Vec<u32>,
    generation: u32,
    events: Vec<Event>,
    queue: VecDeque<(usize, usize, Why)>,
    work: u64,
}

impl<'s, B: Basis> Trial<'s, B> {
    fn new(s: &'s State<B>) -> Self {
        let cells = B::CELLS;
        Trial {
            s,
            masks: s.grid().masks().to_vec(),
            placed: (0..cells).map(|c| s.is_solved(c)).collect(),
            undo: Vec::new(),
            cause: vec![0; cells * B::N],
            stamp: vec![0; cells * B::N],
            generation: 0,
            events: Vec::new(),
            queue: VecDeque::new(),
            work: 0,
        }
    }

    /// The placement that removed `digit` from `cell` in this trial, if it did.
    fn removed_by(&self, cell: usize, digit: usize) -> Option<usize> {
        let i = cell * B::N + digit;
        (self.stamp[i] == self.generation).then(|| self.cause[i] as usize)
    }

    fn remove(&mut self, cell: usize, digit: usize, by: usize) {
        self.undo.push((cell, self.masks[cell], self.placed[cell]));
        self.masks[cell] &= !B::Mask::bit(digit);
        let i = cell * B::N + digit;
        self.stamp[i] = self.generation;
        self.cause[i] = by as u32;
    }

    /// After `digit` left `cell`: the houses of the cell left with one place for it queue that
    /// place; one left with none is broken.
    fn check_houses(&mut self, cell: usize, digit: usize) -> Result<(), Broken> {
        let t = B::topology();
        for h in t.houses_of(cell) {
            let h = h as usize;
            let mut places = t
                .house(h)
                .iter()
                .map(|&q| q as usize)
                .filter(|&q| self.masks[q].has(digit));
            self.work += B::N as u64;
            match (places.next(), places.next()) {
                (None, _) => return Err(Broken::House(h, digit)),
                (Some(q), None) if !self.placed[q] => {
                    self.queue.push_back((q, digit, Why::House(h as u16)))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Place `digit` in `cell` as event `idx`: the cell loses its other digits, the peers this
    /// one.
    fn place(&mut self, idx: usize, cell: usize, digit: usize) -> Result<(), Broken> {
        let others = self.masks[cell] & !B::Mask::bit(digit);
        self.undo.push((cell, self.masks[cell], self.placed[cell]));
        self.placed[cell] = true;
        for d in others.iter() {
            self.remove(cell, d, idx);
            self.check_houses(cell, d)?;
        }
        for &p in B::topology().peers(cell) {
            let p = p as usize;
            self.work += 1;
            if !self.masks[p].has(digit) {
                continue;
            }
            self.remove(p, digit, idx);
            let m = self.masks[p];
            if m.is_empty() {
                return Err(Broken::Cell(p));
            }
            if m.is_single() && !self.placed[p] {
                self.queue.push_back((p, m.first(), Why::Cell));
            }
            self.check_houses(p, digit)?;
        }
        Ok(())
    }

    /// Assume `digit` in `cell` and follow the singles. `Some` with what broke when the
    /// assumption is false; the working copy is restored either way.
    fn run(&mut self, cell: usize, digit: usize) -> Option<Broken> {
        self.generation += 1;
        self.events.clear();
        self.queue.clear();
        self.queue.push_back((cell, digit, Why::Assumed));
        let mut broken = None;
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
            if let Err(b) = self.place(idx, c, d) {
                broken = Some(b);
                break;
            }
        }
        while let Some((c, m, p)) = self.undo.pop() {
            self.masks[c] = m;
            self.placed[c] = p;
        }
        broken
    }

    /// The placements `broken` rests on, in the order they were made. Read before the next
    /// trial: the causes are this trial's.
    fn proof(&self, broken: Broken) -> Vec<usize> {
        let t = B::topology();
        let mut needed = vec![false; self.events.len()];
        let mut stack = Vec::new();
        // Every candidate the state had there, gone in this trial, was removed by a placement.
        let need = |cells: &mut dyn Iterator<Item = (usize, usize)>, stack: &mut Vec<usize>| {
            for (q, d) in cells {
                if let Some(e) = self.removed_by(q, d) {
                    stack.push(e);
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
            Broken::Cell(p) => need(&mut self.s.get(p).iter().map(|d| (p, d)), &mut stack),
            Broken::House(h, d) => need(&mut house_digit(h, d, usize::MAX), &mut stack),
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
            }
        }
        (0..self.events.len()).filter(|&e| needed[e]).collect()
    }

    fn deduction(&self, broken: Broken) -> Deduction {
        let first = &self.events[0];
        let mut d = Deduction::new(Technique::ForcingChain);
        d.eliminations.push(Candidate::new(first.cell, first.digit));
        d.evidence.chain = self
            .proof(broken)
            .into_iter()
            .map(|e| ChainNode {
                candidates: vec![Candidate::new(self.events[e].cell, self.events[e].digit)],
                link: None,
            })
            .collect();
        // The evidence names the candidates that all went: the cell's digits, or the digit's
        // places in the house.
        let ev = &mut d.evidence;
        match broken {
            Broken::Cell(p) => {
                ev.cells.push(p as u16);
                ev.digits.extend(self.s.get(p).iter().map(|d| d as u8));
            }
            Broken::House(h, digit) => {
                ev.houses.push(h as u16);
                ev.digits.push(digit as u8);
                let places = B::topology().house(h).iter().copied();
                ev.cells
                    .extend(places.filter(|&q| self.s.get(q as usize).has(digit)));
            }
        }
        d
    }
}

/// Report every candidate whose assumption breaks the grid, each with its proof, shortest
/// proof first (so that `explain`, which takes the first, shows the shortest).
pub fn find<B: Basis>(s: &State<B>, cfg: &Config, sink: &mut Sink) -> Flow {
    let mut trial = Trial::new(s);
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
                found.push(trial.deduction(broken));
            }
        }
    }
    // Stable: equal lengths keep the grid order.
    found.sort_by_key(|d| d.evidence.chain.len());
    for d in found {
        if sink(d) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}
