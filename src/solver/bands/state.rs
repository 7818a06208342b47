//! One node of the band engine (a word per band and digit) and its propagation: band updates
//! in sweeps, naked singles, column singles, column claims, naked and hidden pairs, and the
//! root probe.

/// The node state and its propagation, over `band_tables!`'s items.
macro_rules! band_state {
    () => {
        /// The propagation found a row, box, band or cell with no place left.
        #[derive(Debug, PartialEq)]
        pub(super) struct Failed;

        /// How far a propagation goes once the sweeps and naked singles are at their fixed point.
        #[derive(Clone, Copy, PartialEq, Eq)]
        pub(super) enum Reach {
            /// Stop there while a bivalue cell is left to branch on (see `Walk::lean`).
            Lean,
            /// Column singles, and at 16×16 column claims.
            Full,
            /// Those, then naked pairs (`Tuning::band_pairs`).
            Naked,
            /// Those, then hidden pairs in rows and boxes (nodes near the root:
            /// [`HIDDEN_PAIRS_DEPTH`]).
            Hidden,
        }

        /// The candidates of one search node.
        #[derive(Clone, Copy)]
        pub(super) struct State {
            /// Per band and digit (`b * N + d`), the cells where the digit is still possible.
            cand: [Word; WORDS],
            /// Each word as its last band update left it: a word that differs has changed since and
            /// is updated by the next sweep. No bookkeeping where words change.
            seen: [Word; WORDS],
            /// Per band, the cells not placed yet.
            unsolved: [Word; K],
            /// Per band, the bivalue cells whose naked pairs have been worked. Candidates only
            /// go, so such a cell keeps its two digits until it is placed, and a pair it forms
            /// later has a partner that is new: only new bivalue cells need reading.
            paired: [Word; K],
        }

        impl State {
            /// The state of per-cell candidate masks (bit d = digit d + 1), every word due for an update.
            fn new(masks: impl Iterator<Item = u32>) -> Self {
                let mut st = State {
                    cand: [0; WORDS],
                    seen: [0; WORDS],
                    unsolved: [BAND_ALL; K],
                    paired: [0; K],
                };
                let all = (1u32 << N) - 1;
                let mut open = [0 as Word; K];
                let mut givens = [0 as Word; WORDS];
                let mut masks = masks;
                for (b, open) in open.iter_mut().enumerate() {
                    for (pos, m) in masks.by_ref().take(BAND_CELLS).enumerate() {
                        let m = m & all;
                        if m == all {
                            *open |= 1 << pos;
                        } else if m != 0 && m & (m - 1) == 0 {
                            givens[b * N + m.trailing_zeros() as usize] |= 1 << pos;
                        } else {
                            let mut m = m;
                            while m != 0 {
                                st.cand[b * N + m.trailing_zeros() as usize] |= 1 << pos;
                                m &= m - 1;
                            }
                        }
                    }
                }
                // A given keeps only its non-peers in its band for its digit, right away: the first
                // sweep then places it (this saves a sweep and a naked singles pass).
                for (b, words) in st.cand.chunks_exact_mut(N).enumerate() {
                    for (w, &g) in words.iter_mut().zip(&givens[b * N..(b + 1) * N]) {
                        *w |= open[b] | g;
                        let mut m = g;
                        while m != 0 {
                            *w &= SELF[m.trailing_zeros() as usize];
                            m &= m - 1;
                        }
                    }
                }
                // Every word differs from its complement: the first sweep updates them all.
                st.seen = st.cand.map(|w| !w);
                st
            }

            /// Minirow occupancy of a band word (bit [`minirow_bit`]`(r, j)` for row r, box j), by
            /// shifts: each minirow's cells OR-ed into its first cell, then row r moved down r·(N-1)
            /// bits, which lands minirow (r, j) on bit j·K + r. (One multiplication moves the rows
            /// at 9×9 without carries, in fewer instructions, but it is slower: it lengthens the
            /// band update's critical path.)
            #[inline(always)]
            pub(super) fn pattern(a: Word) -> usize {
                let mut x = a;
                for i in 1..K {
                    x |= a >> i;
                }
                let x = x & MINIROW_FIRST;
                let mut p = x;
                for r in 1..K {
                    p |= x >> (r * (N - 1));
                }
                p as usize & (PATTERNS - 1)
            }

            /// Band update of the word of band `b`, digit `d`: box/line logic inside the band, columns
            /// pointed at leave the other bands, rows left with one unsolved cell are placed. Returns
            /// non-zero when it may have changed a word that a sweep in digit-then-band order has
            /// already passed: an earlier band of this digit, or (a placement) an earlier digit;
            /// and, at 16×16, the other words it changed, bit d·K + b (see [`State::drain`]).
            #[inline(always)]
            fn update(&mut self, b: usize, d: usize) -> Result<(Word, u64), Failed> {
                let i = b * N + d;
                let p = Self::pattern(self.cand[i]);
                let t = if COMPACT {
                    // `locked` is not read at 16×16 (see `placed` below).
                    let keep = Self::cells_of_minirows(KEEP_MINIROWS[p] as u64) as Word;
                    Band { keep, locked: 0 }
                } else {
                    BAND[p]
                };
                let a = self.cand[i] & t.keep;
                if a == 0 {
                    return Err(Failed);
                }
                self.seen[i] = a;
                // Columns the band's boxes point along leave the digit's other bands of the stack
                // (this also clears the columns of the cells placed here).
                let mut cols = a;
                for r in 1..K {
                    cols |= a >> (r * N);
                }
                let pointing = if COMPACT {
                    Self::alone_in_box(cols as u64 & ROW_MASK as u64) as Word
                } else {
                    POINTING[cols as usize & ROW_MASK]
                };
                let mut back = 0;
                let mut changed = 0u64;
                for b2 in OTHER_BANDS[b] {
                    let passed = ((b2 < b) as Word).wrapping_neg();
                    let lost = self.cand[b2 * N + d] & pointing;
                    back |= lost & passed;
                    changed |= u64::from(lost != 0) << (d * K + b2);
                    self.cand[b2 * N + d] &= !pointing;
                }
                // The placed cells leave the other digits (at 9×9 unconditionally: the branch would
                // be hard to predict; at 16×16, 16 words and the drain's mask of those that change
                // cost more than the branch). A kept minirow alone in its row whose box has one
                // column left holds the only cell of its row, and a cell alone in its row is such a
                // minirow's.
                let placed = if COMPACT {
                    Self::alone_in_row(a as u64) as Word & self.unsolved[b]
                } else {
                    a & t.locked & pointing & self.unsolved[b]
                };
                self.unsolved[b] &= !placed;
                let mut hit = 0u64;
                if !DRAIN || placed != 0 {
                    for (e, w) in self.cand[b * N..(b + 1) * N].iter_mut().enumerate() {
                        hit |= u64::from(*w & placed != 0) << (e * K);
                        *w &= !placed;
                    }
                }
                self.cand[i] = a;
                changed |= hit << b & !(1 << (d * K + b));
                Ok((back | placed & ((d > 0) as Word).wrapping_neg(), changed))
            }

            /// 16×16: band updates to their fixed point, in place of sweeps. A pass updates the
            /// words of a mask (bit d·K + b), in sweep order; the words those updates change make
            /// the next pass's mask. The first mask holds the words that differ from what their
            /// last update left, compared once; a sweep compared all 64 words to update about
            /// five, branching on each. The pass's order does not wait on the updates, so the
            /// processor overlaps them: taking each changed word into the running pass made every
            /// update wait for the last one's mask, and was slower than the sweeps.
            #[inline(always)]
            fn drain(&mut self) -> Result<(), Failed> {
                let mut dirty = 0u64;
                for d in 0..N {
                    for b in 0..K {
                        let i = b * N + d;
                        dirty |= u64::from(self.cand[i] != self.seen[i]) << (d * K + b);
                    }
                }
                while dirty != 0 {
                    let mut todo = dirty;
                    dirty = 0;
                    while todo != 0 {
                        let j = todo.trailing_zeros() as usize;
                        todo &= todo - 1;
                        dirty = (dirty | self.update(j % K, j / K)?.1) & !(1 << j);
                    }
                }
                Ok(())
            }

            /// 16×16: the cells of a row-major minirow set (bit 4r + j for row r, box j).
            #[inline(always)]
            pub(super) fn cells_of_minirows(x: u64) -> u64 {
                const LANES: u64 = 0x0001_0001_0001_0001;
                // Row r's nibble to bits 16r.., then bit j of each row to bit 4j of it, then
                // each such bit to its minirow's four cells.
                let y = x & 0xF | (x & 0xF0) << 12 | (x & 0xF00) << 24 | (x & 0xF000) << 36;
                let z = y & LANES
                    | (y & LANES << 1) << 3
                    | (y & LANES << 2) << 6
                    | (y & LANES << 3) << 9;
                // Times 0b1111: z's bits are 4 apart, so no product overflows.
                z * 15
            }

            /// 16×16: `POINTING[cols]` computed, for a set of 16 columns (four boxes of four):
            /// the columns alone in their box, copied to every row.
            #[inline(always)]
            pub(super) fn alone_in_box(cols: u64) -> u64 {
                (cols & Self::sparse_lanes(cols, 0x8888, 4)) * COL_SPREAD as u64
            }

            /// 16×16: the cells of `a` alone in their row (four lanes of 16 bits).
            #[inline(always)]
            pub(super) fn alone_in_row(a: u64) -> u64 {
                a & Self::sparse_lanes(a, 0x8000_8000_8000_8000, 16)
            }

            /// The lanes of `x` (`width` bits each, `high` their top bits) that hold at most
            /// one bit, all their bits set: x & (x - 1) lane by lane (each lane's top bit set
            /// first, so that no borrow crosses) is zero there.
            #[inline(always)]
            fn sparse_lanes(x: u64, high: u64, width: u32) -> u64 {
                let rest = x & ((x | high) - (high >> (width - 1)));
                let zero = !(((rest & !high) + !high) | rest) & high;
                (zero >> (width - 1)) * ((1 << width) - 1)
            }

            /// Naked singles of every band: narrows each one's digit to the cell (the band update
            /// places it). True when there was one; when there was none, `pairs` holds the bivalue
            /// cells of each band (the branching reads them, as JCZSolve does).
            #[inline(always)]
            fn naked_singles(&mut self, pairs: &mut [Word; K]) -> Result<bool, Failed> {
                let mut found = false;
                for (b, pairs) in pairs.iter_mut().enumerate() {
                    let words = &mut self.cand[b * N..(b + 1) * N];
                    let (mut once, mut twice, mut thrice) = (0 as Word, 0 as Word, 0 as Word);
                    for &p in words.iter() {
                        thrice |= twice & p;
                        twice |= once & p;
                        once |= p;
                    }
                    if once != BAND_ALL {
                        return Err(Failed);
                    }
                    *pairs = twice & !thrice;
                    let mut s = once & !twice & self.unsolved[b];
                    found |= s != 0;
                    while s != 0 {
                        let pos = s.trailing_zeros() as usize;
                        s &= s - 1;
                        for w in words.iter_mut() {
                            if *w >> pos & 1 != 0 {
                                *w &= SELF[pos];
                                break;
                            }
                        }
                    }
                }
                Ok(found)
            }

            /// Hidden singles in columns (rows and boxes come from the band updates): narrows each
            /// one's digit to the cell. A column without the digit is a contradiction. True when there
            /// was one. Written without branches until something is found (they would be hard to
            /// predict).
            #[inline(always)]
            fn column_singles(&mut self) -> Result<bool, Failed> {
                let mut missing = 0 as Word;
                let mut hits = [0 as Word; WORDS];
                let mut any = 0 as Word;
                for d in 0..N {
                    // Columns holding the digit once / at least twice: first across the bands, cell
                    // by cell of a band, then across the rows of that.
                    let (mut once, mut twice) = (0 as Word, 0 as Word);
                    for b in 0..K {
                        let w = self.cand[b * N + d];
                        twice |= once & w;
                        once |= w;
                    }
                    let (o, t) = (once, twice);
                    let (mut once, mut twice) = (0 as Word, 0 as Word);
                    for r in 0..K {
                        let x = (o >> (r * N)) & ROW_MASK as Word;
                        twice |= once & x | (t >> (r * N)) & ROW_MASK as Word;
                        once |= x;
                    }
                    missing |= !once & ROW_MASK as Word;
                    let cols = (once & !twice) * COL_SPREAD;
                    for b in 0..K {
                        let h = self.cand[b * N + d] & cols & self.unsolved[b];
                        hits[b * N + d] = h;
                        any |= h;
                    }
                }
                if missing != 0 {
                    return Err(Failed);
                }
                if any == 0 {
                    return Ok(false);
                }
                for (w, &h) in self.cand.iter_mut().zip(&hits) {
                    let mut s = h;
                    while s != 0 {
                        *w &= SELF[s.trailing_zeros() as usize];
                        s &= s - 1;
                    }
                }
                Ok(true)
            }

            /// Claiming along columns: a column whose digit is left in one band only takes it in
            /// that band's box, so the box's other columns lose it there. (Boxes pointing along a
            /// column are `POINTING`'s, rows and boxes inside a band are `BAND`'s.) True when it
            /// removed something.
            #[inline(always)]
            fn column_claims(&mut self) -> bool {
                let mut any = 0 as Word;
                for d in 0..N {
                    let mut cols = [0 as Word; K];
                    let (mut once, mut twice) = (0 as Word, 0 as Word);
                    for (b, c) in cols.iter_mut().enumerate() {
                        let w = self.cand[b * N + d];
                        let mut x = w;
                        for r in 1..K {
                            x |= w >> (r * N);
                        }
                        *c = x & ROW_MASK as Word;
                        twice |= once & *c;
                        once |= *c;
                    }
                    let only = once & !twice;
                    for (b, &c) in cols.iter().enumerate() {
                        let ex = c & only;
                        let mut first = ex;
                        for i in 1..K {
                            first |= ex >> i;
                        }
                        // Every column of the boxes that hold such a column.
                        let boxes = (first & BOX_FIRST_COL) * ((1 << K) - 1);
                        // Two such columns in one box leave it none (a contradiction for the
                        // band update); `POINTING` keeps a column alone in its box.
                        let alone = if COMPACT {
                            Self::alone_in_box(ex as u64) as Word
                        } else {
                            POINTING[ex as usize]
                        };
                        let lose = (boxes & c) * COL_SPREAD & !alone;
                        any |= self.cand[b * N + d] & lose;
                        self.cand[b * N + d] &= !lose;
                    }
                }
                any != 0
            }

            /// Naked pairs: two bivalue cells of a row, box or column that hold the same two
            /// digits take them, so the house's other cells lose both. `pairs` are the bivalue
            /// cells of each band as naked singles last counted them, nothing removed since. True
            /// when it removed something.
            fn naked_pairs(&mut self, pairs: &[Word; K]) -> bool {
                let mut any = 0 as Word;
                for (b, &todo) in pairs.iter().enumerate() {
                    let mut todo = todo & !self.paired[b];
                    self.paired[b] |= todo;
                    while todo != 0 {
                        let pos = todo.trailing_zeros() as usize;
                        todo &= todo - 1;
                        // Removals earlier in this pass may have narrowed the cell.
                        let m = self.digits(b, pos);
                        let high = m & m.wrapping_sub(1);
                        if high == 0 || high & (high - 1) != 0 {
                            continue;
                        }
                        let (d1, d2) =
                            (m.trailing_zeros() as usize, high.trailing_zeros() as usize);
                        // The bivalue cells of each band that hold exactly these two digits.
                        let same: [Word; K] = core::array::from_fn(|i| {
                            pairs[i] & self.cand[i * N + d1] & self.cand[i * N + d2]
                        });
                        let (row, col) = (pos / N, pos % N);
                        let row = (ROW_MASK as Word) << (row * N);
                        let boxed = (((1 as Word) << K) - 1) << (col / K * K);
                        let boxed = boxed * COL_SPREAD;
                        let col = COL_SPREAD << col;
                        let mut lose = [0 as Word; K];
                        for house in [row, boxed] {
                            let x = same[b] & house;
                            if x & (x - 1) != 0 {
                                lose[b] |= house & !x;
                            }
                        }
                        let me = (1 as Word) << pos;
                        let others =
                            (0..K).fold(0, |o, i| o | same[i] & col & !(me * Word::from(i == b)));
                        if others != 0 {
                            for (l, &s) in lose.iter_mut().zip(&same) {
                                *l |= col & !s;
                            }
                        }
                        for (i, &l) in lose.iter().enumerate() {
                            for d in [d1, d2] {
                                any |= self.cand[i * N + d] & l;
                                self.cand[i * N + d] &= !l;
                            }
                        }
                    }
                }
                any != 0
            }

            /// Hidden pairs in rows and boxes: two digits whose only places in a house are the
            /// same two cells take them, so those cells lose every other digit. True when it
            /// removed something. Written so that only a house with two digits of two places
            /// branches: which digits those are is data the predictor cannot learn.
            fn hidden_pairs(&mut self) -> bool {
                let mut any = 0 as Word;
                let boxed = (((1 as Word) << K) - 1) * COL_SPREAD;
                for b in 0..K {
                    let words = &mut self.cand[b * N..(b + 1) * N];
                    for h in 0..2 * K {
                        let house = if h < K {
                            (ROW_MASK as Word) << (h * N)
                        } else {
                            boxed << ((h - K) * K)
                        };
                        // The digits with exactly two places in the house.
                        let mut two = 0u32;
                        for (d, &w) in words.iter().enumerate() {
                            let x = w & house;
                            let y = x & x.wrapping_sub(1);
                            two |= u32::from((y != 0) & (y & y.wrapping_sub(1) == 0)) << d;
                        }
                        while two & two.wrapping_sub(1) != 0 {
                            let d = two.trailing_zeros() as usize;
                            two &= two - 1;
                            let x = words[d] & house;
                            let mut rest = two;
                            while rest != 0 {
                                let e = rest.trailing_zeros() as usize;
                                rest &= rest - 1;
                                if words[e] & house == x {
                                    two &= !(1 << e);
                                    for (f, w) in words.iter_mut().enumerate() {
                                        let lose = x & Word::from(f != d && f != e).wrapping_neg();
                                        any |= *w & lose;
                                        *w &= !lose;
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                any != 0
            }

            /// The sweep's updates of digit `d`, band by band; non-zero when one changed a word
            /// the sweep had passed (see [`State::update`]).
            #[inline(always)]
            fn sweep_digit(&mut self, d: usize) -> Result<Word, Failed> {
                let mut behind = 0;
                for b in 0..K {
                    if self.cand[b * N + d] != self.seen[b * N + d] {
                        behind |= self.update(b, d)?.0;
                    }
                }
                Ok(behind)
            }

            /// Band updates, naked singles and column hidden singles (at 16×16 column claims too,
            /// and naked and hidden pairs as `reach` says) to a fixed point. Returns the bivalue
            /// cells of each band as last counted, which mean nothing once the grid is solved
            /// (callers check `solved` first).
            #[inline]
            fn propagate(&mut self, reach: Reach) -> Result<[Word; K], Failed> {
                // At 9×9, where pairs are off by default, a build of the loop without their
                // code: carrying it cost every 9×9 node 4-5 % of its speed. At 16×16 one build
                // serves all (a second, for the root probe, made the small trees slower).
                if K == 3 && !matches!(reach, Reach::Naked | Reach::Hidden) {
                    self.settle::<false>(reach)
                } else {
                    self.settle::<true>(reach)
                }
            }

            /// [`State::propagate`]'s loop; pairs only where `PAIRS` and `reach` both allow them.
            fn settle<const PAIRS: bool>(&mut self, reach: Reach) -> Result<[Word; K], Failed> {
                let mut pairs = [0 as Word; K];
                loop {
                    // At 9×9, sweep every word, digit by digit, updating those that changed, until
                    // no update changes a word already passed (changes ahead are updated in the
                    // same sweep); at 16×16 the drain's masks do the same.
                    let mut behind = 0;
                    // The nine digits run straight, without a loop: its exit, after compares that
                    // look random to the branch predictor, was mispredicted about once a sweep
                    // (serg_benchmark 21 % fewer simulated mispredictions, 3-4 % more puzzles/s).
                    if DRAIN {
                        self.drain()?;
                    } else {
                        behind |= self.sweep_digit(0)?;
                        behind |= self.sweep_digit(1)?;
                        behind |= self.sweep_digit(2)?;
                        behind |= self.sweep_digit(3)?;
                        behind |= self.sweep_digit(4)?;
                        behind |= self.sweep_digit(5)?;
                        behind |= self.sweep_digit(6)?;
                        behind |= self.sweep_digit(7)?;
                        behind |= self.sweep_digit(8)?;
                    }
                    if behind != 0 {
                        continue;
                    }
                    // Every cell placed at the sweeps' fixed point is a valid grid: each digit holds
                    // one cell per row and box of every band, and its columns left the other bands.
                    if self.solved() {
                        return Ok(pairs);
                    }
                    if self.naked_singles(&mut pairs)? {
                        continue;
                    }
                    if reach == Reach::Lean && pairs.iter().any(|&p| p != 0) {
                        return Ok(pairs);
                    }
                    if !self.column_singles()?
                        && !(CLAIMS && self.column_claims())
                        && !(PAIRS
                            && matches!(reach, Reach::Naked | Reach::Hidden)
                            && self.naked_pairs(&pairs))
                        && !(PAIRS && reach == Reach::Hidden && self.hidden_pairs())
                    {
                        return Ok(pairs);
                    }
                }
            }

            /// Place digit `d` in cell `pos` of band `b` (a guess): the digit's word keeps the cell
            /// and its non-peers, the other digits lose the cell.
            #[inline(always)]
            fn assign(&mut self, b: usize, pos: usize, d: usize) {
                let mine = self.cand[b * N + d] & SELF[pos];
                for w in &mut self.cand[b * N..(b + 1) * N] {
                    *w &= !(1 << pos);
                }
                self.cand[b * N + d] = mine;
            }

            /// One pass of failed-literal probing over the bivalue cells (16×16 roots): each
            /// digit is placed on a copy and propagated; a digit that fails leaves its cell to the
            /// other, and a candidate that neither outcome keeps goes (only candidates that lie in
            /// no solution are removed, so counts stay exact). Its propagations stop short of
            /// naked pairs: with them the probe cost the small trees more than it saved.
            fn probe(&mut self, pairs: &mut [Word; K]) -> Result<(), Failed> {
                for b in 0..K {
                    let mut two = pairs[b] & self.unsolved[b];
                    while two != 0 {
                        let pos = two.trailing_zeros() as usize;
                        two &= two - 1;
                        // Earlier probes may have placed or narrowed the cell.
                        let m = self.digits(b, pos);
                        if m.count_ones() != 2 {
                            continue;
                        }
                        let outcome = |d: u32| {
                            let mut st = *self;
                            st.assign(b, pos, d as usize);
                            st.propagate(Reach::Full).map(|p| (st, p))
                        };
                        let (first, second) =
                            (m.trailing_zeros(), u32::BITS - 1 - m.leading_zeros());
                        match (outcome(first), outcome(second)) {
                            (Err(Failed), Err(Failed)) => return Err(Failed),
                            (Ok((st, p)), Err(Failed)) | (Err(Failed), Ok((st, p))) => {
                                *self = st;
                                *pairs = p;
                            }
                            (Ok((x, _)), Ok((y, _))) => {
                                let mut narrowed = false;
                                for (w, (&a, &c)) in
                                    self.cand.iter_mut().zip(x.cand.iter().zip(&y.cand))
                                {
                                    narrowed |= *w != a | c;
                                    *w = a | c;
                                }
                                if narrowed {
                                    *pairs = self.propagate(Reach::Full)?;
                                }
                            }
                        }
                    }
                }
                Ok(())
            }

            fn solved(&self) -> bool {
                self.unsolved.iter().all(|&u| u == 0)
            }

            /// The digits (bit d = digit d + 1) of cell `pos` of band `b`.
            #[inline(always)]
            fn digits(&self, b: usize, pos: usize) -> u32 {
                let mut m = 0;
                for (d, &w) in self.cand[b * N..(b + 1) * N].iter().enumerate() {
                    m |= ((w >> pos & 1) as u32) << d;
                }
                m
            }
        }

        impl State {
            /// Digits 1..=N of a solved state, row-major.
            fn digits_of_cells(&self) -> [u8; CELLS] {
                let mut out = [0u8; CELLS];
                for (b, words) in self.cand.chunks_exact(N).enumerate() {
                    for (d, &w) in words.iter().enumerate() {
                        let mut m = w;
                        while m != 0 {
                            out[b * BAND_CELLS + m.trailing_zeros() as usize] = d as u8 + 1;
                            m &= m - 1;
                        }
                    }
                }
                out
            }
        }
    };
}
