//! Propagation on the cell-mask grid: naked singles (placed digits leave their peers), hidden
//! singles (a digit with one place left in a house goes there) and locked candidates (pointing
//! and claiming over every box/line intersection).
//!
//! Propagation is incremental: every change of a cell goes through [`Propagator::set`], which
//! queues the cell when it becomes placed and marks its three houses, its band and its stack
//! dirty. Hidden singles look only at dirty houses and locked candidates only at dirty bands and
//! stacks, so a probe or a branch that changes a corner of a 25×25 grid does not rescan it all.
//!
//! Every function reports a [`Contradiction`] as soon as a cell or a house runs out of options.

use super::Contradiction;
use crate::basis::Basis;
use crate::grid::Grid;
use crate::mask::Mask;

/// Words of the dirty-house set: 3N houses for N ≤ 225. A basis uses only its first
/// [`Propagator::WORDS`] (5 up to 100×100), so that clearing and scanning the set costs what it
/// did before the larger bases.
const HOUSE_WORDS: usize = 11;

/// `m` when it is a placed digit (one candidate), else nothing; branch-free.
#[inline(always)]
fn placed_digit<M: Mask>(m: M) -> M {
    if (m & m.minus_one()).is_empty() {
        m
    } else {
        M::ZERO
    }
}

/// Once, twice and placed digits over 16 lanes (each lane already folded: `once`, `twice`,
/// `placed`), by a tree so that the lanes combine in parallel.
#[inline(always)]
fn fold16<M: Mask>(o: &[M; 16], t: &[M; 16], p: &[M; 16]) -> (M, M, M) {
    let (mut o, mut t, mut p) = (*o, *t, *p);
    let mut w = 16;
    while w > 1 {
        w /= 2;
        for i in 0..w {
            t[i] = t[i] | t[i + w] | (o[i] & o[i + w]);
            o[i] |= o[i + w];
            p[i] |= p[i + w];
        }
    }
    (o[0], t[0], p[0])
}

/// Queue and dirty sets of one propagation; reused across nodes (no allocation per node).
pub(crate) struct Propagator<B: Basis> {
    /// Placed cells whose digit has not yet left their peers.
    queue: Vec<u16>,
    /// Houses with a changed cell since they were last scanned for hidden singles.
    dirty: [u64; HOUSE_WORDS],
    /// Bit `b` for band b (rows bK..bK+K), bit `K + s` for stack s, changed since last scanned.
    dirty_lines: u32,
    /// Scratch for locked candidates: `seg[line * K + j]`, the candidates where a line crosses
    /// the j-th box of its band or stack.
    seg: Vec<B::Mask>,
    /// Scratch for `start`: the digits placed in each house.
    used: Vec<B::Mask>,
    /// Whether locked candidates run.
    pub locked: bool,
    /// Conflict counts per house (dom/wdeg weights): bumped where a propagation fails, read by
    /// the branching heuristic. They only steer the search order, never a result.
    pub weights: Vec<u32>,
}

impl<B: Basis> Propagator<B> {
    /// Words of `dirty` this basis uses.
    const WORDS: usize = (3 * B::N).div_ceil(64);

    pub(crate) fn new(locked: bool) -> Self {
        assert!(3 * B::N <= 64 * HOUSE_WORDS && 2 * B::K <= 32);
        Propagator {
            queue: Vec::with_capacity(B::CELLS),
            dirty: [0; HOUSE_WORDS],
            dirty_lines: 0,
            seg: vec![B::Mask::ZERO; B::N * B::K],
            used: vec![B::Mask::ZERO; 3 * B::N],
            locked,
            weights: vec![0; 3 * B::N],
        }
    }

    /// A propagator that is never run (the plane engine's solver): allocates nothing.
    pub(crate) fn idle() -> Self {
        Propagator {
            queue: Vec::new(),
            dirty: [0; HOUSE_WORDS],
            dirty_lines: 0,
            seg: Vec::new(),
            used: Vec::new(),
            locked: false,
            weights: Vec::new(),
        }
    }

    /// True for the allocation-free stand-in made by [`Propagator::idle`].
    pub(crate) fn is_idle(&self) -> bool {
        self.weights.is_empty()
    }

    #[cold]
    fn fail_house(&mut self, h: usize) -> Contradiction {
        self.weights[h] += 1;
        Contradiction
    }

    #[cold]
    fn fail_cell(&mut self, cell: usize) -> Contradiction {
        for h in B::topology().houses_of(cell) {
            self.weights[h as usize] += 1;
        }
        Contradiction
    }

    /// Weight of `cell`: the conflicts seen in its three houses.
    #[inline]
    pub(crate) fn cell_weight(&self, cell: usize) -> u32 {
        let [r, c, b] = B::topology().houses_of(cell);
        self.weights[r as usize] + self.weights[c as usize] + self.weights[b as usize]
    }

    /// Forget pending work (after a contradiction, or before starting on a restored grid).
    #[inline]
    pub(crate) fn reset(&mut self) {
        self.queue.clear();
        self.dirty[..Self::WORDS].fill(0);
        self.dirty_lines = 0;
    }

    /// Start on a fresh grid: the digits placed in each house leave the house's open cells in
    /// one sweep (a digit placed twice in a house, or a cell left empty, is a contradiction),
    /// cells that this leaves placed are queued, and every house, band and stack is marked
    /// dirty. The same fixed point as queueing every placed cell, without a peer loop per given.
    pub(crate) fn start(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        self.reset();
        let t = B::topology();
        for h in 0..3 * B::N {
            self.dirty[h / 64] |= 1 << (h % 64);
            let mut used = B::Mask::ZERO;
            for &c in t.house(h) {
                let m = g.get(c as usize);
                if m.is_empty() {
                    return Err(Contradiction);
                }
                if m.is_single() {
                    if !(used & m).is_empty() {
                        return Err(self.fail_house(h));
                    }
                    used |= m;
                }
            }
            self.used[h] = used;
        }
        self.dirty_lines = (1 << (2 * B::K)) - 1;
        for c in 0..B::CELLS {
            let m = g.get(c);
            if m.is_single() {
                continue;
            }
            let [r, col, b] = t.houses_of(c);
            let left =
                m & !(self.used[r as usize] | self.used[col as usize] | self.used[b as usize]);
            if left.is_empty() {
                return Err(self.fail_cell(c));
            }
            if left != m {
                g.set(c, left);
                if left.is_single() {
                    self.queue.push(c as u16);
                }
            }
        }
        Ok(())
    }

    /// Record that `cell` changed (its houses, band and stack need a new look).
    #[inline(always)]
    pub(crate) fn touched(&mut self, cell: usize) {
        let t = B::topology();
        for h in t.houses_of(cell) {
            self.dirty[h as usize / 64] |= 1 << (h % 64);
        }
        let (r, c) = (cell / B::N, cell % B::N);
        self.dirty_lines |= (1 << (r / B::K)) | (1 << (B::K + c / B::K));
    }

    /// Overwrite `cell` with the non-empty mask `m`, recording the change.
    #[inline(always)]
    pub(crate) fn set(&mut self, g: &mut Grid<B>, cell: usize, m: B::Mask) {
        g.set(cell, m);
        self.touched(cell);
        if m.is_single() {
            self.queue.push(cell as u16);
        }
    }

    /// Remove `m` from `cell`. True when something went.
    #[inline(always)]
    fn strip(&mut self, g: &mut Grid<B>, cell: usize, m: B::Mask) -> Result<bool, Contradiction> {
        let old = g.get(cell);
        if (old & m).is_empty() {
            return Ok(false);
        }
        let r = old & !m;
        if r.is_empty() {
            return Err(self.fail_cell(cell));
        }
        self.set(g, cell, r);
        Ok(true)
    }

    /// Propagate to a fixed point.
    pub(crate) fn run(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        loop {
            self.eliminate_placed(g)?;
            if self.hidden_singles(g)? {
                continue;
            }
            if self.locked {
                if self.locked_candidates(g)? {
                    continue;
                }
            } else {
                self.dirty_lines = 0;
            }
            return Ok(());
        }
    }

    /// Remove the digit of every queued placed cell from its peers, queueing cells that become
    /// placed in turn, until the queue is empty.
    #[inline]
    fn eliminate_placed(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        let t = B::topology();
        while let Some(c) = self.queue.pop() {
            let m = g.get(c as usize);
            // Branch-free over the peers (whether a peer holds the digit is a coin toss for the
            // branch predictor), 64 peers at a time; then the changed ones are recorded in order.
            for chunk in t.peers(c as usize).chunks(64) {
                let mut hit = 0u64;
                let mut empty = false;
                for (i, &p) in chunk.iter().enumerate() {
                    let pm = g.get(p as usize);
                    let r = pm & !m;
                    hit |= ((r != pm) as u64) << i;
                    empty |= r.is_empty();
                    g.set(p as usize, r);
                }
                if empty {
                    let i = chunk.iter().position(|&p| g.get(p as usize).is_empty());
                    return Err(self.fail_cell(chunk[i.unwrap_or(0)] as usize));
                }
                while hit != 0 {
                    let p = chunk[hit.trailing_zeros() as usize] as usize;
                    hit &= hit - 1;
                    self.touched(p);
                    if g.get(p).is_single() {
                        self.queue.push(p as u16);
                    }
                }
            }
        }
        Ok(())
    }

    /// Place every digit that has one place left in a dirty house. True when something was
    /// placed.
    fn hidden_singles(&mut self, g: &mut Grid<B>) -> Result<bool, Contradiction> {
        if B::K == 4 {
            // After any placement nearly every house is dirty: one sweep costs less than even a
            // dozen houses one by one (measured: a threshold of 12 dirty houses was slower).
            return self.hidden_singles_all(g);
        }
        let t = B::topology();
        let all = B::all();
        let mut found = false;
        for w in 0..Self::WORDS {
            let mut bits = std::mem::take(&mut self.dirty[w]);
            while bits != 0 {
                let h = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (mut once, mut twice) = (B::Mask::ZERO, B::Mask::ZERO);
                let mut placed = B::Mask::ZERO;
                for &c in t.house(h) {
                    let m = g.get(c as usize);
                    twice |= once & m;
                    once |= m;
                    placed |= placed_digit(m);
                }
                if once != all {
                    return Err(self.fail_house(h));
                }
                found |= self.place_hidden(g, h, once & !twice & !placed)?;
            }
        }
        Ok(found)
    }

    /// Hidden singles over every house from one sweep of the grid, row by row: the column and
    /// box counters run lane-wise over a row of masks (the compiler vectorizes them), so this
    /// costs about what a handful of houses cost one by one. The counters are read once, before
    /// any placement; a later placement only makes them supersets, and every deduction from a
    /// superset holds (the houses it changes are dirty again for the next round).
    fn hidden_singles_all(&mut self, g: &mut Grid<B>) -> Result<bool, Contradiction> {
        const L: usize = 16;
        debug_assert_eq!(B::N, L);
        let z = B::Mask::ZERO;
        self.dirty[..Self::WORDS].fill(0);
        // counts[3h..3h + 3]: once, twice and placed of house h.
        let mut counts = [z; 3 * 3 * L];
        {
            let cells = g.masks();
            let (mut co, mut ct, mut cp) = ([z; L], [z; L], [z; L]);
            let (mut bo, mut bt, mut bp) = ([z; L], [z; L], [z; L]);
            for r in 0..L {
                if r % 4 == 0 {
                    (bo, bt, bp) = ([z; L], [z; L], [z; L]);
                }
                let row: [B::Mask; L] = cells[r * L..r * L + L].try_into().unwrap();
                let mut s = [z; L];
                for i in 0..L {
                    s[i] = placed_digit(row[i]);
                }
                for i in 0..L {
                    ct[i] |= co[i] & row[i];
                    co[i] |= row[i];
                    cp[i] |= s[i];
                    bt[i] |= bo[i] & row[i];
                    bo[i] |= row[i];
                    bp[i] |= s[i];
                }
                let (o, t, p) = fold16(&row, &row.map(|_| z), &s);
                counts[3 * r] = o;
                counts[3 * r + 1] = t;
                counts[3 * r + 2] = p;
                if r % 4 == 3 {
                    for j in 0..4 {
                        let (mut o, mut t, mut p) = (z, z, z);
                        for i in 4 * j..4 * j + 4 {
                            t |= bt[i] | (o & bo[i]);
                            o |= bo[i];
                            p |= bp[i];
                        }
                        let h = 2 * L + (r / 4) * 4 + j;
                        counts[3 * h] = o;
                        counts[3 * h + 1] = t;
                        counts[3 * h + 2] = p;
                    }
                }
            }
            for c in 0..L {
                let h = L + c;
                counts[3 * h] = co[c];
                counts[3 * h + 1] = ct[c];
                counts[3 * h + 2] = cp[c];
            }
        }
        let all = B::all();
        let mut found = false;
        for h in 0..3 * L {
            let (o, t, p) = (counts[3 * h], counts[3 * h + 1], counts[3 * h + 2]);
            if o != all {
                return Err(self.fail_house(h));
            }
            let hidden = o & !t & !p;
            if !hidden.is_empty() {
                found |= self.place_hidden(g, h, hidden)?;
            }
        }
        Ok(found)
    }

    /// Place the digits of `hidden` (each with one place left in house `h`, not yet placed)
    /// where they go. True when something was placed.
    #[inline]
    fn place_hidden(
        &mut self,
        g: &mut Grid<B>,
        h: usize,
        hidden: B::Mask,
    ) -> Result<bool, Contradiction> {
        if hidden.is_empty() {
            return Ok(false);
        }
        let mut found = false;
        for &c in B::topology().house(h) {
            let cm = g.get(c as usize);
            let m = cm & hidden;
            if m.is_empty() || cm.is_single() {
                continue;
            }
            if !m.is_single() {
                // Two digits that each have only this place: no room for both.
                return Err(self.fail_house(h));
            }
            self.set(g, c as usize, m);
            found = true;
        }
        Ok(found)
    }

    /// Pointing and claiming over every box/line intersection of the dirty bands and stacks.
    /// True when a candidate went.
    fn locked_candidates(&mut self, g: &mut Grid<B>) -> Result<bool, Contradiction> {
        let (k, n) = (B::K, B::N);
        let mut changed = false;
        let mut todo = std::mem::take(&mut self.dirty_lines);
        while todo != 0 {
            let bit = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let by_cols = bit >= k;
            let band = bit % k;
            let at = |line: usize, i: usize| if by_cols { i * n + line } else { line * n + i };
            let lines = band * k..(band + 1) * k;
            for line in lines.clone() {
                for j in 0..k {
                    let mut m = B::Mask::ZERO;
                    for i in j * k..(j + 1) * k {
                        m |= g.get(at(line, i));
                    }
                    self.seg[line * k + j] = m;
                }
            }
            // Segments read after a strip may be stale supersets; every deduction from an
            // earlier state of the same node holds for the later one, so that is sound.
            for line in lines.clone() {
                for j in 0..k {
                    let s = self.seg[line * k + j];
                    let mut line_rest = B::Mask::ZERO;
                    for j2 in 0..k {
                        if j2 != j {
                            line_rest |= self.seg[line * k + j2];
                        }
                    }
                    let mut box_rest = B::Mask::ZERO;
                    for l2 in lines.clone() {
                        if l2 != line {
                            box_rest |= self.seg[l2 * k + j];
                        }
                    }
                    // Pointing: digits of the box confined to this line leave the rest of it.
                    let pointing = s & !box_rest;
                    if !(line_rest & pointing).is_empty() {
                        for i in 0..n {
                            if i / k != j {
                                changed |= self.strip(g, at(line, i), pointing)?;
                            }
                        }
                    }
                    // Claiming: digits of the line confined to this box leave the rest of it.
                    let claiming = s & !line_rest;
                    if !(box_rest & claiming).is_empty() {
                        for l2 in lines.clone() {
                            if l2 != line {
                                for i in j * k..(j + 1) * k {
                                    changed |= self.strip(g, at(l2, i), claiming)?;
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(changed)
    }
}
