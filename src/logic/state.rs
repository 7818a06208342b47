//! The state logic works on: candidates plus which cells are solved.
//!
//! A cell with one candidate is not necessarily solved: it is a naked single until a step places
//! it. Placing a digit removes it from the cell's peers at once (that is what placing means, not a
//! separate step). A cell left without a candidate, and a house left without a place for a
//! digit, are both contradictions, found as the candidate goes.

use crate::basis::Basis;
use crate::grid::Grid;
use crate::input::Puzzle;
use crate::logic::deduction::{Candidate, Deduction};
use crate::mask::{Mask, Wide256};
use crate::solver::Contradiction;

/// A state of a basis beyond the logic layer ([`crate::basis::LOGIC`]) fails to compile where
/// it is built: its finders hold a box's cells in a `u128`, and would shift past it.
struct InLogic<B>(std::marker::PhantomData<B>);

impl<B: Basis> InLogic<B> {
    const CHECK: () = assert!(
        B::K >= *crate::basis::LOGIC.start() && B::K <= *crate::basis::LOGIC.end(),
        "the logic layer is built for the bases of crate::basis::LOGIC (2 to 10)"
    );
}

/// Candidates and solved cells of one puzzle.
#[derive(Clone, Debug)]
pub struct State<B: Basis> {
    grid: Grid<B>,
    solved: Vec<bool>,
    /// Cells placed when the state was built: the puzzle's givens, or every digit of a grid
    /// given as solved so far. The avoidable rectangle may swap placed cells that are not.
    given: Vec<bool>,
    open: usize,
    /// Cells of house `h` where digit `d` is a candidate (a placed cell holds its digit), at
    /// `h * N + d`: one that would reach 0 is a contradiction. N ≤ 225 fits a byte.
    places: Vec<u8>,
}

/// Why a puzzle has no logic state: said by every subcommand that builds one.
pub const GIVENS_CLASH: &str = "the givens contradict each other";

/// Why a candidate grid with marks ([`has_marks`]) has no logic state: the marks the user
/// pencilled in leave a cell or a house no place, which no givens did.
pub const MARKS_CLASH: &str = "the marks contradict each other";

/// Why `p` has no logic state ([`State::of_puzzle`] fails): [`clash_words`] and what clashes,
/// `the givens contradict each other: row 1 has no place for 1`. Just the words when `p` has
/// a state, or a basis beyond the logic layer.
pub fn givens_clash(p: &Puzzle) -> String {
    let what = if crate::basis::LOGIC.contains(&p.k) {
        crate::with_basis!(p.k, B => State::<B>::clash(p))
    } else {
        None
    };
    match what {
        Some(what) => format!("{}: {what}", clash_words(p)),
        None => clash_words(p).to_string(),
    }
}

/// [`MARKS_CLASH`] for a grid with marks, else [`GIVENS_CLASH`].
pub fn clash_words(p: &Puzzle) -> &'static str {
    if has_marks(p) {
        MARKS_CLASH
    } else {
        GIVENS_CLASH
    }
}

/// Whether `p` has marks: some cell neither placed nor open to every digit (a candidate grid
/// pencilled in, not givens written as candidates).
pub fn has_marks(p: &Puzzle) -> bool {
    let all = Wide256::low(p.n());
    p.masks.iter().any(|m| !m.is_single() && m != all)
}

impl<B: Basis> State<B> {
    /// The state of puzzle `p` (of basis `B`), as [`State::new`] builds it from its cells.
    ///
    /// # Panics
    ///
    /// When `p` is not of basis `B` (as [`Grid::from_masks`]).
    pub fn of_puzzle(p: &Puzzle) -> Result<Self, Contradiction> {
        State::new(Grid::from_masks(&p.masks))
    }

    /// From a parsed grid: every single-candidate cell counts as placed (a given), and its digit
    /// leaves its peers. Fails when two givens clash, or a cell has, or loses, every candidate,
    /// or a house has, or loses, every place for a digit. Bits at N and above are dropped.
    ///
    /// A state exists for the bases of [`crate::basis::LOGIC`] only; beyond them, building one
    /// does not compile:
    ///
    /// ```compile_fail
    /// use nsudoku::{basis::B12, logic::State, Grid};
    /// let _ = State::<B12>::new(Grid::empty());
    /// ```
    pub fn new(mut grid: Grid<B>) -> Result<Self, Contradiction> {
        // Bits at N and above are no digits ([`Grid::set`] leaves them to the caller); the
        // place counts and the finders index by digit, so they go here, as `from_masks` does.
        let digits = B::Mask::low(B::N);
        for c in 0..B::CELLS {
            grid.set(c, grid.get(c) & digits);
        }
        if (0..B::CELLS).any(|c| grid.get(c).is_empty()) {
            return Err(Contradiction);
        }
        let mut s = State::unplaced(grid);
        if s.places.contains(&0) {
            return Err(Contradiction);
        }
        let givens: Vec<usize> = (0..B::CELLS).filter(|&c| grid.get(c).is_single()).collect();
        for c in givens {
            let d = grid.get(c).first();
            s.place(c, d)?;
            s.given[c] = true;
        }
        Ok(s)
    }

    /// `grid` with nothing placed yet: every cell open, the places counted.
    fn unplaced(grid: Grid<B>) -> Self {
        let () = InLogic::<B>::CHECK;
        let t = B::topology();
        let mut places = vec![0u8; t.houses() * B::N];
        for c in 0..B::CELLS {
            for d in grid.get(c).iter() {
                for &h in &t.houses_of(c) {
                    places[h as usize * B::N + d] += 1;
                }
            }
        }
        State {
            grid,
            solved: vec![false; B::CELLS],
            given: vec![false; B::CELLS],
            open: B::CELLS,
            places,
        }
    }

    /// What keeps `p` from having a state, the first thing [`State::new`] runs into: a cell
    /// without a candidate, a house without a place for a digit, or a given that a peer's
    /// single candidate (or given) contradicts. `None` when it has one.
    fn clash(p: &Puzzle) -> Option<String> {
        let t = B::topology();
        let alphabet = p.text_alphabet();
        let sym = |d: usize| alphabet.label(d as u8 + 1, B::N);
        let grid = Grid::<B>::from_masks(&p.masks);
        if let Some(c) = (0..B::CELLS).find(|&c| grid.get(c).is_empty()) {
            return Some(format!("{} has no candidate", t.cell_name(c)));
        }
        // As `new` builds it, step by step, to say where it fails.
        let mut s = State::unplaced(grid);
        let emptied = |s: &State<B>| {
            let (h, d) = s.emptied()?;
            Some(format!("{} has no place for {}", t.house_name(h), sym(d)))
        };
        if let Some(what) = emptied(&s) {
            return Some(what);
        }
        for c in (0..B::CELLS).filter(|&c| grid.get(c).is_single()) {
            let d = grid.get(c).first();
            if s.place(c, d).is_ok() {
                continue;
            }
            // The peer loop stops at a peer that holds the digit alone, before changing it.
            let bit = B::Mask::bit(d);
            let same = t
                .peers(c)
                .iter()
                .map(|&q| q as usize)
                .find(|&q| s.get(q) == bit);
            return match same {
                Some(q) => {
                    let h = t.shared_house(c, q)?;
                    let (c, h, d) = (t.cell_name(c), t.house_name(h), sym(d));
                    let q_name = t.cell_name(q);
                    // A given, placed already or still to come, or a cell the others left so.
                    Some(if s.is_solved(q) || grid.get(q).is_single() {
                        format!("{c} and {q_name} both hold {d} in {h}")
                    } else {
                        format!("the other givens leave {q_name} only {d}, which {c} holds in {h}")
                    })
                }
                None => emptied(&s),
            };
        }
        None
    }

    /// The candidate grid.
    #[inline]
    pub fn grid(&self) -> &Grid<B> {
        &self.grid
    }

    /// Candidates of `cell`.
    #[inline]
    pub fn get(&self, cell: usize) -> B::Mask {
        self.grid.get(cell)
    }

    /// Candidates of `cell` while it is open; none once it is placed (a placed digit has
    /// already left its peers, so patterns look at open cells only).
    #[inline]
    pub fn open(&self, cell: usize) -> B::Mask {
        if self.solved[cell] {
            B::Mask::ZERO
        } else {
            self.grid.get(cell)
        }
    }

    /// True when `cell` has been placed.
    #[inline]
    pub fn is_solved(&self, cell: usize) -> bool {
        self.solved[cell]
    }

    /// True when `cell` was placed when the state was built ([`State::new`]): a given, as far
    /// as the state knows. A cell placed since, by a step, is not.
    #[inline]
    pub fn is_given(&self, cell: usize) -> bool {
        self.given[cell]
    }

    /// Number of cells not yet placed.
    pub fn open_cells(&self) -> usize {
        self.open
    }

    /// True when every cell is placed.
    pub fn is_complete(&self) -> bool {
        self.open == 0
    }

    /// Cells of house `h` (numbered as [`crate::topology::Topology`] numbers them) where
    /// `digit` is a candidate, a placed cell holding its digit included.
    pub fn places(&self, h: usize, digit: usize) -> usize {
        self.places[h * B::N + digit] as usize
    }

    /// The first house (in house order: rows, columns, boxes) and digit with no place left: what
    /// a failed change broke, when it broke a house (the counts run to the end of a change).
    pub fn emptied(&self) -> Option<(usize, usize)> {
        let i = self.places.iter().position(|&n| n == 0)?;
        Some((i / B::N, i % B::N))
    }

    /// Count `digit` out of the three houses of `cell`, which has just lost it.
    fn lose(&mut self, cell: usize, digit: usize) -> Result<(), Contradiction> {
        let mut emptied = false;
        for &h in &B::topology().houses_of(cell) {
            let n = &mut self.places[h as usize * B::N + digit];
            *n -= 1;
            emptied |= *n == 0;
        }
        if emptied {
            Err(Contradiction)
        } else {
            Ok(())
        }
    }

    /// Digits of placed cells (0 elsewhere).
    pub fn digits(&self) -> Vec<u8> {
        (0..B::CELLS)
            .map(|c| {
                if self.solved[c] {
                    self.grid.get(c).first() as u8 + 1
                } else {
                    0
                }
            })
            .collect()
    }

    /// Place `digit` (0-based) in `cell` and remove it from the peers. Placing the digit a solved
    /// cell already holds is a no-op; anything else that breaks a cell or a house is a
    /// contradiction, and so is a digit that is not a candidate (one of N or more among them,
    /// or any digit of a cell outside the grid).
    pub fn place(&mut self, cell: usize, digit: usize) -> Result<bool, Contradiction> {
        if cell >= B::CELLS || digit >= B::N || !self.grid.get(cell).has(digit) {
            return Err(Contradiction);
        }
        if self.solved[cell] {
            return Ok(false);
        }
        let bit = B::Mask::bit(digit);
        let others = self.grid.get(cell) & !bit;
        self.grid.set(cell, bit);
        self.solved[cell] = true;
        self.open -= 1;
        let mut broken = Ok(());
        for d in others.iter() {
            broken = broken.and(self.lose(cell, d));
        }
        for &p in B::topology().peers(cell) {
            let p = p as usize;
            let pm = self.grid.get(p);
            if pm & bit != B::Mask::ZERO {
                if self.solved[p] || pm == bit {
                    return Err(Contradiction);
                }
                self.grid.set(p, pm & !bit);
                broken = broken.and(self.lose(p, digit));
            }
        }
        // Counted to the end, so that the counts stay true of the grid whatever the caller
        // does with the broken state.
        broken.map(|()| true)
    }

    /// Remove `digit` from `cell`; true when it was a candidate (a digit of N or more, or of a
    /// cell outside the grid, never is).
    /// Removing a cell's last candidate, or a house's last place for the digit, is a
    /// contradiction.
    pub fn eliminate(&mut self, cell: usize, digit: usize) -> Result<bool, Contradiction> {
        if cell >= B::CELLS || digit >= B::N || !self.grid.get(cell).has(digit) {
            return Ok(false);
        }
        let r = self.grid.get(cell) & !B::Mask::bit(digit);
        if r.is_empty() {
            return Err(Contradiction);
        }
        self.grid.set(cell, r);
        self.lose(cell, digit)?;
        Ok(true)
    }

    /// Apply a deduction: eliminations first, then placements. Returns how many candidates or
    /// cells changed (0 when it was already applied).
    pub fn apply(&mut self, d: &Deduction) -> Result<usize, Contradiction> {
        let mut changed = 0;
        for e in &d.eliminations {
            changed += self.eliminate(e.cell as usize, e.digit as usize)? as usize;
        }
        for p in &d.placements {
            changed += self.place(p.cell as usize, p.digit as usize)? as usize;
        }
        Ok(changed)
    }

    /// `digit` in every open cell but `places` that sees all of `places`, in cell order: what
    /// goes when one of `places` must hold `digit`. `places` is not empty.
    pub fn seeing_all(&self, places: &[usize], digit: usize) -> Vec<Candidate> {
        let topo = B::topology();
        let mut gone: Vec<Candidate> = topo
            .peers(places[0])
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| self.open(p).has(digit))
            .filter(|&p| places[1..].iter().all(|&c| c != p && topo.sees(p, c)))
            .map(|p| Candidate::new(p, digit))
            .collect();
        gone.sort();
        gone
    }

    /// True when applying `d` would change something.
    pub fn is_useful(&self, d: &Deduction) -> bool {
        let inside = |c: usize| c < B::CELLS;
        d.eliminations
            .iter()
            .any(|e| inside(e.cell as usize) && self.get(e.cell as usize).has(e.digit as usize))
            || d.placements
                .iter()
                .any(|p| inside(p.cell as usize) && !self.solved[p.cell as usize])
    }
}
