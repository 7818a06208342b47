//! The band engine's constants and tables, derived at compile time from the basis and the
//! band word.

/// Everything the engine of one basis derives from `K` and its word type: geometry, the
/// minirow and configuration tables, and the switches that differ between 9×9 and 16×16.
macro_rules! band_tables {
    ($k:literal, $word:ty) => {
        /// The basis.
        pub(super) const K: usize = $k;
        /// Digits, rows, columns, boxes.
        pub(super) const N: usize = K * K;
        /// Cells of the grid.
        const CELLS: usize = N * N;
        /// Cells of a band (bits used in a word).
        pub(super) const BAND_CELLS: usize = K * N;
        /// Words of a node: one per band and digit, band-major (`cand[b * N + d]`).
        const WORDS: usize = K * N;
        /// The band word (`u64` at K = 4).
        pub(super) type Word = $word;
        /// Every cell of a band.
        const BAND_ALL: Word = (u64::MAX >> (64 - BAND_CELLS)) as Word;
        /// The cells of one row of a band, as an index mask.
        pub(super) const ROW_MASK: usize = (1 << N) - 1;
        /// Minirow patterns of a band: one bit per (row, box), see [`minirow_bit`].
        pub(super) const PATTERNS: usize = 1 << (K * K);

        /// The bit of the minirow of row `r`, box `j` in a pattern: box-major, so that
        /// [`State::pattern`] gathers it with shifts (row r of the band moves down by r·(N-1)).
        pub(super) const fn minirow_bit(r: usize, j: usize) -> usize {
            j * K + r
        }

        /// The first cell of every minirow of a band (bit r*N + j*K).
        const MINIROW_FIRST: Word = {
            let mut m: Word = 0;
            let mut r = 0;
            while r < K {
                let mut j = 0;
                while j < K {
                    m |= 1 << (r * N + j * K);
                    j += 1;
                }
                r += 1;
            }
            m
        };
        /// One bit per row of a band: multiplying a column set by it copies the set to every row.
        pub(super) const COL_SPREAD: Word = {
            let mut m: Word = 0;
            let mut r = 0;
            while r < K {
                m |= 1 << (r * N);
                r += 1;
            }
            m
        };
        /// The first column of every box, as a column set (bit j*K): row 0 of `MINIROW_FIRST`.
        const BOX_FIRST_COL: Word = MINIROW_FIRST & ROW_MASK as Word;
        /// Per band, the other bands of the stack.
        pub(super) const OTHER_BANDS: [[usize; K - 1]; K] = {
            let mut t = [[0; K - 1]; K];
            let mut b = 0;
            while b < K {
                let mut i = 0;
                while i < K - 1 {
                    t[b][i] = (b + 1 + i) % K;
                    i += 1;
                }
                b += 1;
            }
            t
        };
        const _: () = assert!(BAND_CELLS <= Word::BITS as usize && N <= 16);

        /// For the columns of a band where a digit is still possible (N bits): the columns that are
        /// the only one left in their box, so the box's digit is in that column in this band. Each
        /// entry holds those columns in every row of a band (a word mask): the multiplication that
        /// spreads them sat on the band update's critical path (spread here, 1-2 % more puzzles/s on
        /// every 9×9 set). The 16×16 build computes these columns instead (`COMPACT`): the table
        /// is not read there, and not linked.
        pub(super) static POINTING: [Word; 1 << N] = {
            let mut t = [0 as Word; 1 << N];
            let mut x = 0;
            while x < 1 << N {
                let mut j = 0;
                while j < K {
                    let cols = (x >> (j * K)) & ((1 << K) - 1);
                    if cols != 0 && cols & (cols - 1) == 0 {
                        t[x] |= (cols << (j * K)) as Word * COL_SPREAD;
                    }
                    j += 1;
                }
                x += 1;
            }
            t
        };

        /// The cells of each minirow of a band, by pattern bit (see [`minirow_bit`]).
        pub(super) const MINIROW_CELLS: [Word; K * K] = {
            let mut t = [0 as Word; K * K];
            let mut m = 0;
            while m < K * K {
                // Bit m is row m % K of box m / K.
                t[m] = ((1 << K) - 1) << (m % K * N + m / K * K);
                m += 1;
            }
            t
        };
        /// For a digit that must take minirow bit m of a band: the cells it keeps, that minirow
        /// and every cell outside its row and its box.
        pub(super) const TRIAD_KEEP: [Word; K * K] = {
            let mut t = [0 as Word; K * K];
            let mut m = 0;
            while m < K * K {
                let mut lose: Word = 0;
                let mut o = 0;
                while o < K * K {
                    if o % K == m % K || o / K == m / K {
                        lose |= MINIROW_CELLS[o];
                    }
                    o += 1;
                }
                t[m] = !lose | MINIROW_CELLS[m];
                m += 1;
            }
            t
        };

        /// Permutations of K (6 at K = 3, 24 at K = 4).
        pub(super) const FACT: usize = {
            let mut f = 1;
            let mut i = 2;
            while i <= K {
                f *= i;
                i += 1;
            }
            f
        };
        /// The ways a digit can fill a band, its configurations: permutations σ of rows → boxes
        /// (the digit in row r takes the minirow of box σ(r)), `PERMS[i][r]` = σ(r). Every map
        /// written as K base-K digits, the injective ones kept in order.
        pub(super) const PERMS: [[usize; K]; FACT] = {
            let mut t = [[0; K]; FACT];
            let mut maps = 1;
            let mut i = 0;
            while i < K {
                maps *= K;
                i += 1;
            }
            let (mut m, mut n) = (0, 0);
            while m < maps {
                let (mut x, mut used, mut r) = (m, 0usize, 0);
                let mut s = [0; K];
                while r < K {
                    s[r] = x % K;
                    used |= 1 << (x % K);
                    x /= K;
                    r += 1;
                }
                if used == (1 << K) - 1 {
                    t[n] = s;
                    n += 1;
                }
                m += 1;
            }
            t
        };
        /// The minirow pattern of configuration `i` (its K minirows).
        pub(super) const fn perm_pattern(i: usize) -> usize {
            let (mut pattern, mut r) = (0, 0);
            while r < K {
                pattern |= 1 << minirow_bit(r, PERMS[i][r]);
                r += 1;
            }
            pattern
        }
        /// The cells of configuration `i` (its K minirows).
        pub(super) const fn perm_cells(i: usize) -> Word {
            let (mut cells, mut r) = (0, 0);
            while r < K {
                cells |= MINIROW_CELLS[minirow_bit(r, PERMS[i][r])];
                r += 1;
            }
            cells
        }
        /// `perm_cells` of every configuration, for the search (one load a child).
        static PERM_CELLS: [Word; FACT] = {
            let mut t = [0 as Word; FACT];
            let mut i = 0;
            while i < FACT {
                t[i] = perm_cells(i);
                i += 1;
            }
            t
        };

        /// What a minirow pattern allows.
        #[derive(Clone, Copy)]
        pub(super) struct Band {
            /// The cells of the minirows that lie on some permutation inside the pattern (0 when none
            /// does: the digit cannot fill the band).
            pub(super) keep: Word,
            /// The cells of the kept minirows that are the only kept one in their row (then also in
            /// their box): where such a minirow's box has one column left, the digit is placed.
            pub(super) locked: Word,
        }

        /// Per minirow pattern: what box/line logic inside the band allows.
        // 2^(K·K) patterns: at K = 4 the evaluation runs past the lint's step count.
        #[allow(long_running_const_eval)]
        pub(super) static BAND: [Band; PATTERNS] = {
            let mut t = [Band { keep: 0, locked: 0 }; PATTERNS];
            let mut kept = [0usize; PATTERNS];
            let mut i = 0;
            while i < FACT {
                let (pattern, cells) = (perm_pattern(i), perm_cells(i));
                // Every superset of this permutation's pattern keeps its minirows (supersets in
                // increasing order: add one, then put the pattern's bits back).
                let mut p = pattern;
                loop {
                    t[p].keep |= cells;
                    kept[p] |= pattern;
                    if p == PATTERNS - 1 {
                        break;
                    }
                    p = (p + 1) | pattern;
                }
                i += 1;
            }
            let mut p = 0;
            while p < PATTERNS {
                let mut r = 0;
                while r < K {
                    let (mut minirows, mut j) = (0, 0);
                    while j < K {
                        minirows += (kept[p] >> minirow_bit(r, j)) & 1;
                        j += 1;
                    }
                    if minirows == 1 {
                        t[p].locked |= t[p].keep & ((1 << N) - 1) << (r * N);
                    }
                    r += 1;
                }
                p += 1;
            }
            t
        };

        /// `BAND`'s kept minirows as a row-major set (bit K·r + j for row r, box j), read in
        /// its place at 16×16 (see [`COMPACT`]): 128 kB against 1 MB.
        pub(super) static KEEP_MINIROWS: [u16; if COMPACT { PATTERNS } else { 1 }] = {
            let mut t = [0u16; if COMPACT { PATTERNS } else { 1 }];
            let mut p = 0;
            while p < t.len() {
                let keep = BAND[p].keep;
                let mut m = 0;
                while m < K * K {
                    if keep & MINIROW_CELLS[m] != 0 {
                        // Bit m is row m % K of box m / K.
                        t[p] |= 1 << (m % K * K + m / K);
                    }
                    m += 1;
                }
                p += 1;
            }
            t
        };

        /// For a cell of a band: the band minus the cell's peers in its row and box (the cell stays).
        pub(super) static SELF: [Word; BAND_CELLS] = {
            let mut t = [0 as Word; BAND_CELLS];
            let mut c = 0;
            while c < BAND_CELLS {
                let (r, col) = (c / N, c % N);
                let mut m = BAND_ALL;
                let mut p = 0;
                while p < BAND_CELLS {
                    let (pr, pc) = (p / N, p % N);
                    if p != c && (pr == r || pc / K == col / K) {
                        m &= !(1 << p);
                    }
                    p += 1;
                }
                t[c] = m;
                c += 1;
            }
            t
        };

        /// Per minirow pattern, the configurations (bit i = `PERMS[i]`) whose minirows it holds
        /// (256 kB at 16×16).
        pub(super) static CONFIGS: [u32; PATTERNS] = {
            let mut t = [0u32; PATTERNS];
            let mut i = 0;
            while i < FACT {
                let pattern = perm_pattern(i);
                // Every superset of the permutation's pattern (as in `BAND`).
                let mut p = pattern;
                loop {
                    t[p] |= 1 << i;
                    if p == PATTERNS - 1 {
                        break;
                    }
                    p = (p + 1) | pattern;
                }
                i += 1;
            }
            t
        };
        /// The minirow pattern of each configuration (so that `CONFIG_INFO`'s 65,536 entries at
        /// 16×16 stay within the compiler's constant evaluation budget).
        static PERM_PATTERNS: [u32; FACT] = {
            let mut t = [0u32; FACT];
            let mut i = 0;
            while i < FACT {
                t[i] = perm_pattern(i) as u32;
                i += 1;
            }
            t
        };
        /// Per minirow pattern: the minirows on every configuration it holds (the digit must
        /// take them; bits as in the pattern, none when it holds no configuration), and above
        /// them, from bit `PATTERN_BITS`, how many configurations it holds. One load for both.
        pub(super) static CONFIG_INFO: [u32; PATTERNS] = {
            let mut t = [0u32; PATTERNS];
            let mut p = 0;
            while p < PATTERNS {
                let mut must = if CONFIGS[p] == 0 {
                    0
                } else {
                    PATTERNS as u32 - 1
                };
                let mut c = CONFIGS[p];
                while c != 0 {
                    must &= PERM_PATTERNS[c.trailing_zeros() as usize];
                    c &= c - 1;
                }
                t[p] = must | CONFIGS[p].count_ones() << PATTERN_BITS;
                p += 1;
            }
            t
        };
        /// How many configurations each minirow pattern holds, read in place of `CONFIG_INFO`
        /// at 16×16 (see [`State::config_info`]): 64 kB against 256 kB.
        static CONFIG_COUNT: [u8; if COMPACT { PATTERNS } else { 1 }] = {
            let mut t = [0u8; if COMPACT { PATTERNS } else { 1 }];
            let mut p = 0;
            while p < t.len() {
                t[p] = CONFIGS[p].count_ones() as u8;
                p += 1;
            }
            t
        };
        /// Per minirow pattern, one nibble per minirow (bit 4m for minirow bit m): patterns
        /// summed count the digits per minirow (at most N = 9 a nibble; K = 3 only: 16 digits
        /// would overflow, and 16×16 counts with [`SlicedTally`]).
        static NIBBLES: [u64; NIBBLE_PATTERNS] = {
            let mut t = [0u64; NIBBLE_PATTERNS];
            let mut p = 0;
            while p < NIBBLE_PATTERNS {
                let mut m = 0;
                while m < PATTERN_BITS {
                    t[p] |= ((p >> m & 1) as u64) << (4 * m);
                    m += 1;
                }
                p += 1;
            }
            t
        };
        /// Bits of a minirow pattern.
        pub(super) const PATTERN_BITS: usize = K * K;

        /// At 9×9, a root that leaves fewer open cells than this makes the search lean (see
        /// `Walk::lean`): such grids are nearly full, and column singles deep in their small
        /// trees almost never find anything.
        const LEAN_BELOW: usize = 50;

        /// At 16×16 the search branches on cells for this many nodes, then on configurations
        /// (see [`State::choose_config`]): from the root, gecode_janko55's one- and two-node
        /// trees took 24 % longer and the pooled median rose; after 64 nodes, gen_minimal200's
        /// median is 18 % lower and goomii_hard300's mean 8 % lower.
        const CONFIG_AFTER: usize = 64;
        /// At 9×9 configurations from the root, where it is not lean and leaves at most this
        /// many open cells. A 9×9 puzzle with a unique solution has
        /// at least 17 givens (McGuire, Tugemann and Civario, 2012); sparser grids have many
        /// solutions, which cells find in fewer nodes (grids of 0-14 givens: 28 nodes a count
        /// against 55 on configurations; an empty grid 118).
        const CONFIG_MAX_OPEN: usize = CELLS - 17;
        /// With naked pairs on (`Tuning::band_pairs`), nodes down to this depth (the root 0)
        /// also look for hidden pairs in rows and boxes. Instructions on gen_minimal200's 15
        /// median puzzles / the whole file, against naked pairs alone: depth 2 −4 % / −9 %;
        /// 4 −4 % / −9 %; 8 +5 % / −12 %; every depth −5 % on the file with 7 % more
        /// mispredicted branches. A scan costs what a fifth of a node does, and the median
        /// trees are shallow, so deeper scans pay on the large trees only.
        const HIDDEN_PAIRS_DEPTH: usize = 2;
        /// Entries of [`NIBBLES`].
        const NIBBLE_PATTERNS: usize = if K == 3 { PATTERNS } else { 1 };

        /// Claiming along columns at the fixed point (see [`State::column_claims`]), at 16×16:
        /// gen_minimal200 11.6 % fewer nodes, 10 % more puzzles/s. At 9×9 it saves 11 % of the
        /// nodes on forum_hardest_1106 (guesses 139 → 123) but costs more than that: 1-3 %
        /// slower on every set, also written lane-wise over the digits and merged with column
        /// singles.
        const CLAIMS: bool = K >= 4;
        /// At 16×16 the band update reads its kept minirows from a 128 kB table
        /// (`KEEP_MINIROWS`) and computes what `BAND`'s `locked` (1 MB with `keep`) and
        /// `POINTING` (512 kB) hold, and the choice of configuration reads counts (64 kB) in
        /// place of `CONFIG_INFO` (256 kB): loads that missed the L2 cache (512 kB a core here)
        /// cost more than the arithmetic. At 9×9 the tables are small and stay.
        const COMPACT: bool = K == 4;
        /// At 16×16 band updates go through [`State::drain`]'s masks of changed words in place
        /// of sweeps (gen_minimal200 12 % fewer instructions, same trees). At 9×9 the drain
        /// cost 25-33 % more instructions than the unrolled sweep of 27 words.
        const DRAIN: bool = K == 4;
    };
}
