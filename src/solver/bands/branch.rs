//! What a node of the band engine branches on: a bivalue cell, or a digit's configurations in a
//! band, with the minirow counts that find triads and contradictions.

/// The branching choices, over `band_state!`'s `State`.
macro_rules! band_branch {
    () => {
        impl State {
            /// The cell to branch on (band, position, digits): a bivalue cell (of `pairs`, from the
            /// propagation), else the first cell with the fewest candidates. Only called on a
            /// propagated, unsolved state.
            ///
            /// Which bivalue cell: at 9×9 the first (anything dearer costs more than it saves);
            /// from 16×16 the one whose two digits have the fewest places left in the grid
            /// (product of the counts), which cut the band engine's nodes 3× on the 16×16 sets
            /// (gen_minimal200 5,914 → 1,732 a puzzle, goomii_hard300 267 → 63).
            #[inline]
            fn choose(&self, pairs: &[Word; K]) -> (usize, usize, u32) {
                let mut places = [0u32; N];
                if K >= 4 {
                    for (d, p) in places.iter_mut().enumerate() {
                        *p = (0..K).map(|b| self.cand[b * N + d].count_ones()).sum();
                    }
                }
                let mut pick = (u32::MAX, 0, 0, 0);
                for (b, &two) in pairs.iter().enumerate() {
                    let mut two = two & self.unsolved[b];
                    while two != 0 {
                        let pos = two.trailing_zeros() as usize;
                        two &= two - 1;
                        let m = self.digits(b, pos);
                        if K < 4 {
                            return (b, pos, m);
                        }
                        let (d1, d2) = (m.trailing_zeros(), u32::BITS - 1 - m.leading_zeros());
                        let score = places[d1 as usize] * places[d2 as usize];
                        if score < pick.0 {
                            pick = (score, b, pos, m);
                        }
                    }
                }
                if pick.0 != u32::MAX {
                    return (pick.1, pick.2, pick.3);
                }
                let mut best = (u32::MAX, 0, 0, 0);
                for b in 0..K {
                    let mut u = self.unsolved[b];
                    while u != 0 {
                        let pos = u.trailing_zeros() as usize;
                        u &= u - 1;
                        let m = self.digits(b, pos);
                        let n = m.count_ones();
                        if n < best.0 {
                            best = (n, b, pos, m);
                        }
                    }
                }
                (best.1, best.2, best.3)
            }

            /// A configuration branch: in the open band with the fewest candidates, the digit
            /// with the fewest configurations (at least two). `Fixed` when every band is; a band
            /// narrowed by triads, or a contradiction, as soon as a band it looks at has one
            /// (`config_branch`).
            ///
            /// tdoku ranks bands (and stacks) by their configurations over all digits; ranking
            /// bands by candidates costs less to count and makes smaller trees (before the minirow
            /// check: forum_hardest_1106 346 → 320 nodes a puzzle, forum_hardest_1905_11plus 212 →
            /// 192, magictour_top1465 31.4 → 31.3; counting stacks too: 317 on forum_hardest_1106
            /// for twice the counting; the fewest configurations over all 27 words: 684).
            #[inline]
            fn choose_config(&mut self) -> Result<Pick, Failed> {
                let mut keys = [u32::MAX; K];
                for (b, key) in keys.iter_mut().enumerate() {
                    if self.unsolved[b] != 0 {
                        *key = self.candidates(b);
                    }
                }
                // The band with the fewest candidates often has every digit fixed (its cells wait
                // on the columns); then the next one.
                loop {
                    let (&key, b) = keys.iter().zip(0..).min().unwrap();
                    if key == u32::MAX {
                        return Ok(Pick::Fixed);
                    }
                    match self.config_branch(b)? {
                        Pick::Fixed => keys[b] = u32::MAX,
                        found => return Ok(found),
                    }
                }
            }

            /// [`State::choose_config`] kept out of the search's recursion (16×16: it runs only
            /// on large trees, and inlined it slowed the small ones).
            #[inline(never)]
            fn choose_config_apart(&mut self) -> Result<Pick, Failed> {
                self.choose_config()
            }

            /// The digit of band `band` with the fewest configurations, at least two. Counts, per
            /// minirow, the digits that can take it and those that must (nibble sums, see
            /// [`Tally`]): a minirow holds K digits, so fewer than K that can or more than
            /// K that must is a contradiction (without that check, configurations chosen digit by
            /// digit can overfill a minirow unnoticed until the cells are branched on: an empty
            /// grid's count ran for minutes). Exactly K that can, or that must, is a triad: those
            /// K must, and no other digit may; the band is narrowed instead of branched on.
            #[inline(always)]
            fn config_branch(&mut self, band: usize) -> Result<Pick, Failed> {
                let mut pick = u32::MAX;
                let mut pats = [0usize; N];
                let mut infos = [0usize; N];
                // Nibble sums at 9×9 (the cheaper), bit slices at 16×16 (no overflow).
                let mut tally = Tally::default();
                let mut sliced = SlicedTally::default();
                for (d, &w) in self.cand[band * N..(band + 1) * N].iter().enumerate() {
                    let p = Self::pattern(w);
                    pats[d] = p;
                    let info = Self::config_info(p);
                    infos[d] = info;
                    let n = (info >> PATTERN_BITS) as u32;
                    if n >= 2 {
                        pick = pick.min(n << 8 | d as u32);
                    }
                    if K == 3 {
                        tally.add(p, info & (PATTERNS - 1));
                    } else {
                        sliced.add(p, info & (PATTERNS - 1));
                    }
                }
                let (full, closed) = if K == 3 {
                    tally.triads()?
                } else {
                    sliced.triads()?
                };
                // Bits per minirow in `full`, `closed` and `loose`.
                let stride = if K == 3 { 4 } else { 1 };
                if pick == u32::MAX {
                    return Ok(Pick::Fixed);
                }
                let mut narrowed = false;
                if (full | closed) != 0 {
                    for (d, (&p, &info)) in pats.iter().zip(&infos).enumerate() {
                        let loose = if K == 3 {
                            NIBBLES[p & !info]
                        } else {
                            (p & !info) as u64
                        };
                        let (mut forced, mut out) = (full & loose, closed & loose);
                        if forced | out == 0 {
                            continue;
                        }
                        let w = &mut self.cand[band * N + d];
                        while forced != 0 {
                            *w &= TRIAD_KEEP[forced.trailing_zeros() as usize / stride];
                            forced &= forced - 1;
                        }
                        while out != 0 {
                            *w &= !MINIROW_CELLS[out.trailing_zeros() as usize / stride];
                            out &= out - 1;
                        }
                        narrowed = true;
                    }
                }
                if narrowed {
                    return Ok(Pick::Narrowed);
                }
                let digit = (pick & 255) as usize;
                Ok(Pick::Branch(Branch::Config {
                    band,
                    digit,
                    configs: CONFIGS[pats[digit]],
                }))
            }

            /// `CONFIG_INFO[p]` for the pattern of a word as a band update left it (every word
            /// of a propagated state). At 16×16 from a table of counts 4× smaller: such a pattern
            /// holds only minirows on some configuration, so those on every one are the minirows
            /// alone in their row.
            #[inline(always)]
            pub(super) fn config_info(p: usize) -> usize {
                if !COMPACT {
                    return CONFIG_INFO[p] as usize;
                }
                // Box j is nibble j, row r its bit r: rows held once across the boxes.
                let (mut once, mut twice) = (0, 0);
                for j in 0..K {
                    let x = p >> (j * K) & ((1 << K) - 1);
                    twice |= once & x;
                    once |= x;
                }
                let must = p & (once & !twice) * 0x1111;
                let info = (CONFIG_COUNT[p] as usize) << PATTERN_BITS | must;
                debug_assert_eq!(info, CONFIG_INFO[p] as usize, "pattern {p:016b}");
                info
            }

            /// Candidates left in band `b`. At 9×9 a popcount of its words two at a time in a
            /// `u64`, the counts kept per byte until the end (no popcount instruction is assumed:
            /// `count_ones` costs about 15 instructions a word here). A byte sums at most 5 pairs
            /// of 8, and the band at most 243 candidates, so nothing overflows.
            #[inline(always)]
            fn candidates(&self, b: usize) -> u32 {
                const M1: u64 = 0x5555_5555_5555_5555;
                const M2: u64 = 0x3333_3333_3333_3333;
                const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
                let words = &self.cand[b * N..(b + 1) * N];
                if K != 3 {
                    return words.iter().map(|w| w.count_ones()).sum();
                }
                let mut bytes = 0u64;
                for pair in words.chunks(2) {
                    let mut x = pair[0] as u64;
                    if let Some(&w) = pair.get(1) {
                        x |= (w as u64) << 32;
                    }
                    x -= (x >> 1) & M1;
                    x = (x & M2) + ((x >> 2) & M2);
                    bytes += (x + (x >> 4)) & M4;
                }
                (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
            }

            /// Narrow digit `d` of band `b` to the minirows of configuration `i` (`PERMS[i]`).
            #[inline(always)]
            fn apply_config(&mut self, b: usize, d: usize, i: usize) {
                self.cand[b * N + d] &= PERM_CELLS[i];
            }
        }

        /// [`Tally`] for 16×16, bit-sliced: `can[i]` holds the minirows that at least i + 1
        /// digits can take, `must[i]` those that at least i + 1 must (counts up to K + 1 are
        /// all it needs; nibbles would overflow at 16 digits).
        #[derive(Default)]
        pub(super) struct SlicedTally {
            can: [u32; K + 1],
            must: [u32; K + 1],
        }

        impl SlicedTally {
            /// A digit with minirow pattern `p` and must-minirows `must`.
            #[inline(always)]
            pub(super) fn add(&mut self, p: usize, must: usize) {
                let (p, must) = (p as u32, must as u32);
                for i in (1..=K).rev() {
                    self.can[i] |= self.can[i - 1] & p;
                    self.must[i] |= self.must[i - 1] & must;
                }
                self.can[0] |= p;
                self.must[0] |= must;
            }

            /// As [`Tally::triads`], as minirow bits (bit m for minirow m).
            #[inline(always)]
            pub(super) fn triads(&self) -> Result<(u64, u64), Failed> {
                let all = PATTERNS as u32 - 1;
                if self.can[K - 1] != all || self.must[K] != 0 {
                    return Err(Failed);
                }
                Ok(((all & !self.can[K]) as u64, self.must[K - 1] as u64))
            }
        }

        /// Per minirow of a band, how many digits can take it and how many must (a nibble each,
        /// see [`NIBBLES`]).
        #[derive(Default)]
        pub(super) struct Tally {
            can: u64,
            must: u64,
        }

        impl Tally {
            /// Bit 3 of every minirow's nibble.
            const EIGHTS: u64 = 0x8888_8888_8888_8888 >> (64 - 4 * PATTERN_BITS);
            /// 1 in every minirow's nibble.
            const ONES: u64 = Self::EIGHTS >> 3;

            /// A digit with minirow pattern `p` and must-minirows `must`.
            #[inline(always)]
            pub(super) fn add(&mut self, p: usize, must: usize) {
                self.can += NIBBLES[p];
                self.must += NIBBLES[must];
            }

            /// The triads, as nibble flags (bit 4m for minirow m): the minirows exactly K digits
            /// can take, and those exactly K must. A minirow holds K digits, so fewer than K that
            /// can, or more than K that must, is a contradiction. (A nibble n ≤ 9 plus 8 - t has
            /// bit 3 set when n ≥ t.)
            #[inline(always)]
            pub(super) fn triads(&self) -> Result<(u64, u64), Failed> {
                let at_least = |n: u64, t: u64| (n + (8 - t) * Self::ONES) & Self::EIGHTS;
                let k = K as u64;
                if at_least(self.can, k) != Self::EIGHTS || at_least(self.must, k + 1) != 0 {
                    return Err(Failed);
                }
                let full = !at_least(self.can, k + 1) & Self::EIGHTS;
                Ok((full >> 3, at_least(self.must, k) >> 3))
            }
        }

        /// What [`State::choose_config`] found: every digit of every band fixed, a band narrowed
        /// by triads, or a configuration branch.
        enum Pick {
            Fixed,
            Narrowed,
            Branch(Branch),
        }

        /// What a node branches on: one child per digit of a cell, or per configuration left to
        /// a digit in a band (bits of [`PERMS`]). Either way the children split the solutions.
        #[derive(Clone, Copy)]
        enum Branch {
            Cell {
                band: usize,
                pos: usize,
                digits: u32,
            },
            Config {
                band: usize,
                digit: usize,
                configs: u32,
            },
        }
    };
}
