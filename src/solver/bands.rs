//! The band engine for 9×9 (and the first phase at 16×16): one word per band and digit,
//! box/line logic by table.
//!
//! ```text
//!   A band is K rows of N cells (K = 3, N = 9: 27 bits in a u32). Per band b and digit d:
//!
//!   cand[b*N + d]: u32   bit r*N + c set = digit d+1 still possible in row r, column c of band b
//!
//!                 box 0       box 1       box 2
//!   row 0       bits 0-2    bits 3-5    bits 6-8     a minirow = one row × one box (K cells)
//!   row 1       bits 9-11   bits 12-14  bits 15-17   K×K = 9 minirows per band
//!   row 2       bits 18-20  bits 21-23  bits 24-26
//!
//!   seen[b*N + d]: u32   the word as its last band update left it (differs = changed since)
//!   unsolved[b]: u32     cells of band b not placed yet
//! ```
//!
//! **Band update** of one word: the digit takes exactly one minirow in each row and in each box
//! of the band, so the minirows it takes form a permutation (row r → box σ(r)). From the K×K
//! minirow occupancy (gathered by shifts), one table (`BAND`, 2^(K·K) entries) gives the cells of
//! the minirows that lie on some permutation (every other cell goes: pointing and claiming
//! inside the band, and more; none left is a contradiction) and the minirows left alone in
//! their row. A second table (`POINTING`, 2^N entries) gives, from the columns still open, the
//! boxes left with one column: that column leaves the digit's other bands of the stack. A
//! minirow alone in its row whose box has one column left is a placement (hidden single in the
//! row, or in the box, which forces its row first): the cell leaves the other digits.
//!
//! **Sweeps** (as JCZSolve does): every word is compared with `seen`, digit by digit (so
//! pointing into the digit's other bands is taken up in the same sweep), and updated when it
//! differs; the sweeps stop when no update touched a word the sweep had already passed (a
//! change ahead is taken up in the same sweep: 1.4-1.9 % fewer instructions than stopping when
//! none touched another word, the same trees). Nothing is tracked where words change, and
//! placements clear the other digits without a branch: unpredictable branches cost more than
//! the few AND-s they would save.
//!
//! **At the fixed point of the sweeps**: a grid with every cell placed is a solution, as is;
//! else naked singles from bit-sliced once/twice/thrice counters over the N words of each band
//! (which also catch a cell with no digit left, and leave the bivalue cells for the branching,
//! as JCZSolve does); when there are none,
//! hidden singles in columns (counted across the bands, then across the rows; this also catches
//! a column without the digit); at 16×16, when those find nothing, **claiming along columns**: a
//! column whose digit is left in one band takes it in that band's box, whose other columns lose it
//! (gen_minimal200 11.6 % fewer nodes; at 9×9 it costs more than it saves). At 9×9, when the root
//! leaves fewer than 50 open cells (a nearly full grid, as in serg_benchmark's multi-solution
//! puzzles), column singles are skipped below the first two levels of the tree while a bivalue cell
//! is left to branch on: there they found something in 8 of 8,873 calls (serg_benchmark 5.6 % fewer
//! instructions, 5 % more puzzles/s, the same trees), where on the hard sets they find something in
//! 5-8 % of such calls and keep the trees 12-14 % smaller (those roots leave 50-69 open cells). A
//! single only narrows its digit's word to the cell and its non-peers in the band (`SELF`); the
//! next sweep places it. Givens are narrowed that way when the state is built.
//!
//! A node copies 27 + 27 + 3 words (228 bytes; 1,056 at 16×16); the search recurses with the
//! node state on the stack (no heap allocation per node or per puzzle).
//!
//! **Branching on configurations** (as tdoku does at 9×9): a digit fills a band along one of K!
//! permutations row → box of its minirows, its configurations (`PERMS`); the minirow pattern
//! of its word gives those left (`CONFIGS`). In the open band with the fewest candidates, the
//! digit with the fewest configurations left (at least two) gets one child per configuration,
//! its word narrowed to those minirows. The children split the solutions, so counts stay exact.
//! Against the first bivalue cell: forum_hardest_1106 583 → 315 nodes a puzzle and 27 % fewer
//! instructions, forum_hardest_1905_11plus 287 → 190, magictour_top1465 40 → 31, 17_clue 2.8 →
//! 1.9. Where it chooses, it also counts, per minirow of the band, the digits that can take it
//! and those that must (a nibble each, one table load per pattern): fewer than K that can or
//! more than K that must is a contradiction; exactly K that can (they all must) or that must (no
//! other may) is a **triad**, tdoku's term: the band is narrowed and propagated again instead of
//! branched on (forum_hardest_1106 315 → 265 nodes, 6 % fewer instructions). Lean roots (above)
//! and roots with more than 64 open cells (no 9×9 grid that sparse has a unique solution) branch
//! on cells: their trees are small or full of solutions, and a cell costs nothing to choose.
//! 16×16 branches on configurations too, after its first 64 nodes (`CONFIG_AFTER`: most of its
//! trees are smaller than that, and there cells cost less), its minirow counts bit-sliced
//! (`SlicedTally`): gen_minimal200 865 → 719 nodes a puzzle, median 18 % lower.
//! At 16×16 the root is probed once before the search (`Tuning::band_probe`): both digits of
//! each bivalue cell are propagated on copies; a failing digit leaves the cell to the other,
//! and what neither outcome keeps goes (gen_minimal200 719 → 620 nodes, goomii_hard300 45.6 →
//! 19.1; deeper probing costs more than it saves, and at 9×9 it finds nothing).
//! **Branching on cells** (those, and 16×16 before that): a bivalue cell (at 9×9 the first, at
//! 16×16 the one whose digits have the fewest places), else the first cell with the fewest
//! candidates.
//!
//! Every geometric constant and table is derived from `K` and the word type in one place,
//! `band_engine!`, at compile time; it is built twice. `k3` is the 9×9 engine. `k4` is 16×16:
//! a band is 64 bits (`Word = u64`), `BAND` has 65,536 entries (4! = 24 permutations per
//! pattern, 1 MB) and `POINTING` 65,536 (512 kB). Those miss the L2 cache, so the 16×16 update
//! reads the kept minirows from a 128 kB table and computes the rest (`COMPACT`). There its
//! nodes cost about 1 µs, against 2-3 µs for a cell-mask node (and 60 µs with probing), but the
//! trees are larger, so at 16×16 it only goes first, for a bounded number of nodes
//! (`Tuning::band_nodes`), before the cell-mask engine.
//!
//! Tried and rejected (instructions and time per puzzle on magictour_top1465, 17_clue and
//! forum_hardest): dirty bits set where words change, processed lowest first or in sweep order
//! (the bookkeeping cost more than the compare); a changed-word mask iterated in memory order
//! (band-major: slower, pointing is taken up a sweep later); sweeping band by band (+25 %
//! instructions); settling each digit's bands twice per sweep; column singles only for digits
//! whose words changed (the branches cost more); no column singles at all (fewer instructions
//! on the hardest sets, more on 17_clue, more nodes everywhere); each digit's band words side by
//! side, compared as one vector (more instructions); placements that wait for a sweep something
//! else calls for (fewer instructions, more nodes, slower). What pays here is a shorter chain
//! of dependent operations in the band update, more than fewer instructions (docs/engine.md,
//! "Ninth session").

/// The engine for one basis: `band_engine!(K, Word)` in a module of its own. Everything below
/// derives from these two (items marked `pub(super)` are read by the table tests at the end).
macro_rules! band_engine {
    ($k:literal, $word:ty) => {
        use crate::solver::budget::Budget;
        use crate::solver::Count;

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
        /// every 9×9 set; 512 KB rather than 128 KB at 16×16, no difference there).
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
        pub(super) static PERMS: [[usize; K]; FACT] = {
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
        /// The propagation found a row, box, band or cell with no place left.
        #[derive(Debug, PartialEq)]
        pub(super) struct Failed;

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
        }

        impl State {
            /// The state of per-cell candidate masks (bit d = digit d + 1), every word due for an update.
            fn new(masks: impl Iterator<Item = u32>) -> Self {
                let mut st = State {
                    cand: [0; WORDS],
                    seen: [0; WORDS],
                    unsolved: [BAND_ALL; K],
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
                        } else if m & (m - 1) == 0 && m != 0 {
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
            /// already passed: an earlier band of this digit, or (a placement) an earlier digit.
            #[inline(always)]
            fn update(&mut self, b: usize, d: usize) -> Result<Word, Failed> {
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
                self.cand[i] = a;
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
                for b2 in OTHER_BANDS[b] {
                    let passed = ((b2 < b) as Word).wrapping_neg();
                    back |= self.cand[b2 * N + d] & pointing & passed;
                    self.cand[b2 * N + d] &= !pointing;
                }
                // The placed cells leave the other digits (unconditionally: the branch would be hard
                // to predict). A kept minirow alone in its row whose box has one column left holds
                // the only cell of its row, and a cell alone in its row is such a minirow's.
                let placed = if COMPACT {
                    Self::alone_in_row(a as u64) as Word & self.unsolved[b]
                } else {
                    a & t.locked & pointing & self.unsolved[b]
                };
                self.unsolved[b] &= !placed;
                for w in &mut self.cand[b * N..(b + 1) * N] {
                    *w &= !placed;
                }
                self.cand[i] = a;
                Ok(back | placed & ((d > 0) as Word).wrapping_neg())
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

            /// The sweep's updates of digit `d`, band by band; non-zero when one changed a word
            /// the sweep had passed (see [`State::update`]).
            #[inline(always)]
            fn sweep_digit(&mut self, d: usize) -> Result<Word, Failed> {
                let mut behind = 0;
                for b in 0..K {
                    if self.cand[b * N + d] != self.seen[b * N + d] {
                        behind |= self.update(b, d)?;
                    }
                }
                Ok(behind)
            }

            /// Band updates, naked singles and column hidden singles to a fixed point. Returns the
            /// bivalue cells of each band (none once solved).
            #[inline]
            fn propagate(&mut self, lean: bool) -> Result<[Word; K], Failed> {
                let mut pairs = [0 as Word; K];
                loop {
                    // Sweep every word, digit by digit, updating those that changed, until no update
                    // changes a word already passed (changes ahead are updated in the same sweep).
                    let mut behind = 0;
                    // At 9×9 the digits run straight, without a loop: its exit, after compares that
                    // look random to the branch predictor, was mispredicted about once a sweep
                    // (serg_benchmark 21 % fewer simulated mispredictions, 3-4 % more puzzles/s).
                    if K == 3 {
                        behind |= self.sweep_digit(0)?;
                        behind |= self.sweep_digit(1)?;
                        behind |= self.sweep_digit(2)?;
                        behind |= self.sweep_digit(3)?;
                        behind |= self.sweep_digit(4)?;
                        behind |= self.sweep_digit(5)?;
                        behind |= self.sweep_digit(6)?;
                        behind |= self.sweep_digit(7)?;
                        behind |= self.sweep_digit(8)?;
                    } else {
                        for d in 0..N {
                            behind |= self.sweep_digit(d)?;
                        }
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
                    if lean && pairs.iter().any(|&p| p != 0) {
                        return Ok(pairs);
                    }
                    if !self.column_singles()? && !(CLAIMS && self.column_claims()) {
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
            /// no solution are removed, so counts stay exact).
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
                            st.propagate(false).map(|p| (st, p))
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
                                    *pairs = self.propagate(false)?;
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

        /// The search's running totals and where it reports.
        struct Walk<'a> {
            out: Count,
            limit: usize,
            budget: Budget,
            visit: &'a mut dyn FnMut(&[u8]) -> bool,
            report: super::Report,
            stop: bool,
            /// Below the first two levels, skip column singles while a bivalue cell is left to
            /// branch on: set at 9×9 when the root leaves fewer than [`LEAN_BELOW`] open cells.
            lean: bool,
            /// Branch on configurations (`State::choose_config`), not cells, from the root: at 9×9
            /// unless the root is lean or leaves more than [`CONFIG_MAX_OPEN`] open cells (small
            /// trees, or trees full of solutions: a cell costs nothing to choose). 16×16 turns to
            /// them after [`CONFIG_AFTER`] nodes.
            configs: bool,
        }

        impl Walk<'_> {
            /// Depth-first search below `st` (propagated, no contradiction). `deep` is false at
            /// the root, whose children always look for column singles (see `Walk::lean`).
            fn descend(&mut self, st: &mut State, pairs: &[Word; K], deep: bool) {
                if st.solved() {
                    self.out.solutions += 1;
                    let more = match self.report {
                        super::Report::All => (self.visit)(&st.digits_of_cells()),
                        super::Report::First if self.out.solutions == 1 => {
                            (self.visit)(&st.digits_of_cells())
                        }
                        _ => true,
                    };
                    if self.out.solutions >= self.limit || !more {
                        self.out.limit_reached = self.out.solutions >= self.limit;
                        self.stop = true;
                    }
                    return;
                }
                let configs =
                    self.configs || K == 4 && self.out.stats.nodes as usize >= CONFIG_AFTER;
                let branch = match configs.then(|| {
                    if K == 3 {
                        st.choose_config()
                    } else {
                        st.choose_config_apart()
                    }
                }) {
                    Some(Err(Failed)) => return,
                    Some(Ok(Pick::Branch(branch))) => branch,
                    // Triads narrowed a band: propagate and choose again, on the same node.
                    Some(Ok(Pick::Narrowed)) => {
                        if let Ok(pairs) = st.propagate(self.lean && deep) {
                            self.descend(st, &pairs, deep);
                        }
                        return;
                    }
                    _ => {
                        let (band, pos, digits) = st.choose(pairs);
                        Branch::Cell { band, pos, digits }
                    }
                };
                let mut rest = match branch {
                    Branch::Cell { digits, .. } => digits,
                    Branch::Config { configs, .. } => configs,
                };
                // One child per alternative: a digit of the cell, or a configuration of the digit.
                while rest != 0 {
                    let alt = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if rest != 0 {
                        self.out.stats.guesses += 1;
                    }
                    self.out.stats.nodes += 1;
                    if let Some(why) = self.budget.exceeded(self.out.stats.nodes) {
                        self.out.refuse(why, rest != 0);
                        self.stop = true;
                        return;
                    }
                    // The last alternative works on the node itself; earlier ones on a copy.
                    let mut copy;
                    let s = if rest != 0 {
                        copy = *st;
                        &mut copy
                    } else {
                        &mut *st
                    };
                    match branch {
                        Branch::Cell { band, pos, .. } => s.assign(band, pos, alt),
                        Branch::Config { band, digit, .. } => s.apply_config(band, digit, alt),
                    }
                    if let Ok(pairs) = s.propagate(self.lean && deep) {
                        self.descend(s, &pairs, true);
                        if self.stop {
                            return;
                        }
                    }
                }
            }
        }

        /// Depth-first search over band words; same contract as `Solver::search`, with the
        /// visitor seeing digits of the solutions `report` names. `masks[c]` is the candidate mask
        /// of cell c (bit d = digit d + 1).
        pub(crate) fn search(
            masks: impl Iterator<Item = u32>,
            limit: usize,
            budget: Budget,
            visit: &mut dyn FnMut(&[u8]) -> bool,
            report: super::Report,
            probe: bool,
        ) -> Count {
            let mut walk = Walk {
                out: Count::default(),
                limit,
                budget,
                visit,
                report,
                stop: false,
                lean: false,
                configs: false,
            };
            let mut st = State::new(masks);
            let root = st.propagate(false).and_then(|mut pairs| {
                if probe {
                    st.probe(&mut pairs)?;
                }
                Ok(pairs)
            });
            if let Ok(pairs) = root {
                // See `Walk::lean`.
                let open: u32 = st.unsolved.iter().map(|u| u.count_ones()).sum();
                walk.lean = K == 3 && (open as usize) < LEAN_BELOW;
                walk.configs = K == 3 && !walk.lean && open as usize <= CONFIG_MAX_OPEN;
                walk.descend(&mut st, &pairs, false);
            }
            walk.out
        }

        /// The cell masks of a state before and after one [`State::column_claims`], for the test
        /// that checks it against a cell-by-cell reading of the rule.
        #[cfg(test)]
        pub(super) fn claims(masks: impl Iterator<Item = u32>) -> (Vec<u32>, Vec<u32>) {
            let mut st = State::new(masks);
            let cells = |st: &State| -> Vec<u32> {
                (0..CELLS)
                    .map(|c| st.digits(c / BAND_CELLS, c % BAND_CELLS))
                    .collect()
            };
            let before = cells(&st);
            st.column_claims();
            (before, cells(&st))
        }

        /// Test aid: propagates the state of `masks` and its descendants on cells, `depth` levels
        /// down, lean and not, and counts the propagations that returned with a word changed
        /// since its last update (a sweep that stopped with a change behind it).
        #[cfg(test)]
        pub(super) fn unsettled_propagations(
            masks: impl Iterator<Item = u32>,
            depth: usize,
        ) -> usize {
            fn walk(st: &mut State, lean: bool, depth: usize) -> usize {
                let Ok(pairs) = st.propagate(lean) else {
                    return 0;
                };
                let unsettled = usize::from(st.cand != st.seen);
                if depth == 0 || st.solved() {
                    return unsettled;
                }
                let (b, pos, mut digits) = st.choose(&pairs);
                let mut below = 0;
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    let mut child = *st;
                    child.assign(b, pos, d);
                    below += walk(&mut child, lean, depth - 1);
                }
                unsettled + below
            }
            let st = State::new(masks);
            let (mut full, mut lean) = (st, st);
            walk(&mut full, false, depth) + walk(&mut lean, true, depth)
        }
    };
}

/// Which solutions a band search hands to its visitor (as digits: reading them off the band
/// words costs about as much as a node, so a count that needs none asks for none).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Report {
    All,
    First,
    None,
}

/// 9×9: 27-bit band words.
pub(crate) mod k3 {
    band_engine!(3, u32);
}

/// 16×16: 64-bit band words, tables of 65,536 entries.
pub(crate) mod k4 {
    band_engine!(4, u64);
}

#[cfg(test)]
mod tests {
    use super::k3::*;

    /// The permutations of 3, in order.
    const PERMS3: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];

    /// Every propagation returns at the sweeps' fixed point, every word updated since it last
    /// changed (a sweep repeats only for changes behind it; see `State::update`), at the root
    /// and below it, on real puzzles.
    #[test]
    fn sweeps_stop_at_their_fixed_point() {
        use crate::input::{read_all, ReadOptions};
        let read = |text| {
            read_all(text, ReadOptions::default())
                .into_iter()
                .map(Result::unwrap)
        };
        let text = include_str!("../../tests/data/9x9_magictour_top1465_first30.txt");
        for p in read(text) {
            let masks = p.masks.iter().map(|m| crate::mask::Mask::to_u128(m) as u32);
            assert_eq!(unsettled_propagations(masks, 4), 0, "line {}", p.line);
        }
        let text = include_str!("../../tests/data/16x16_gen_minimal200_first10.txt");
        for p in read(text) {
            let masks = p.masks.iter().map(|m| crate::mask::Mask::to_u128(m) as u32);
            let unsettled = super::k4::unsettled_propagations(masks, 4);
            assert_eq!(unsettled, 0, "16x16 line {}", p.line);
        }
    }

    /// Claiming along columns against the rule read cell by cell: a digit whose column holds
    /// it in one band only keeps, in that band's box, only that column. Random candidate grids
    /// (every cell 2 or more candidates), dense and sparse, so that such columns are common.
    /// Both builds (9×9 does not use the rule, but it is the same code).
    #[test]
    fn column_claims_follow_the_rule() {
        type Claims = fn(std::vec::IntoIter<u32>) -> (Vec<u32>, Vec<u32>);
        let builds: [(usize, Claims); 2] =
            [(3, |m| super::k3::claims(m)), (4, |m| super::k4::claims(m))];
        let mut rng = crate::generate::Rng::new(16);
        for (k, claims) in builds {
            let n = k * k;
            let mut removed = 0;
            for grid in 0..200 {
                let density = 2 + grid % 6;
                let masks: Vec<u32> = (0..n * n)
                    .map(|_| loop {
                        let m = (0..n)
                            .filter(|_| rng.next_u64() % 16 < density as u64)
                            .fold(0u32, |m, d| m | 1 << d);
                        if m.count_ones() >= 2 {
                            break m;
                        }
                    })
                    .collect();
                let (before, after) = claims(masks.clone().into_iter());
                assert_eq!(before, masks);
                let mut want = before.clone();
                for d in 0..n {
                    for c in 0..n {
                        let mut bands = (0..n)
                            .filter(|r| before[r * n + c] >> d & 1 != 0)
                            .map(|r| r / k);
                        let Some(b) = bands.next() else { continue };
                        if bands.all(|x| x == b) {
                            for r in b * k..(b + 1) * k {
                                for c2 in (c / k * k..(c / k + 1) * k).filter(|&c2| c2 != c) {
                                    want[r * n + c2] &= !(1 << d);
                                }
                            }
                        }
                    }
                }
                assert_eq!(after, want, "{n}x{n} grid {grid}");
                removed += (0..n * n)
                    .map(|i| (before[i] ^ after[i]).count_ones())
                    .sum::<u32>();
            }
            assert!(
                removed > 500,
                "{n}x{n}: claims removed only {removed} candidates"
            );
        }
    }

    /// The permutation table against a direct check on every pattern.
    #[test]
    fn keep_is_the_union_of_permutations() {
        for (p, t) in BAND.iter().enumerate() {
            let mut want = 0 as Word;
            for s in PERMS3 {
                if (0..K).all(|r| p >> minirow_bit(r, s[r]) & 1 != 0) {
                    for (r, &j) in s.iter().enumerate() {
                        want |= 7 << (r * N + j * K);
                    }
                }
            }
            assert_eq!(t.keep, want, "pattern {p:09b}");
            // A locked minirow is the only kept one in its row and in its box.
            for r in 0..K {
                let row = t.keep >> (r * N) & ROW_MASK as Word;
                let locked = t.locked >> (r * N) & ROW_MASK as Word;
                let minirows = (0..K).filter(|j| row >> (j * K) & 7 != 0).count();
                assert_eq!(locked != 0, minirows == 1, "pattern {p:09b} row {r}");
                if locked != 0 {
                    let j = locked.trailing_zeros() as usize / K;
                    let boxed = (0..K)
                        .filter(|&r2| t.keep >> (r2 * N + j * K) & 7 != 0)
                        .count();
                    assert_eq!(boxed, 1, "pattern {p:09b} row {r}");
                }
            }
        }
    }

    /// The configuration tables against a direct check on every pattern: the permutations whose
    /// three minirows the pattern holds, their count, and the minirows all of them share.
    #[test]
    fn configs_are_the_permutations_inside_each_pattern() {
        let on = |s: [usize; 3]| (0..K).map(|r| 1 << minirow_bit(r, s[r])).sum::<usize>();
        let mut seen: Vec<[usize; 3]> = PERMS.to_vec();
        seen.sort();
        assert_eq!(seen, PERMS3, "PERMS lists each permutation once");
        for p in 0..PATTERNS {
            let inside: Vec<usize> = (0..FACT)
                .filter(|&i| p & on(PERMS[i]) == on(PERMS[i]))
                .collect();
            let want = inside.iter().map(|&i| 1 << i).sum::<u32>();
            assert_eq!(CONFIGS[p], want, "pattern {p:09b}");
            let info = CONFIG_INFO[p] as usize;
            assert_eq!(info >> PATTERN_BITS, inside.len(), "pattern {p:09b}");
            let must = inside
                .iter()
                .map(|&i| on(PERMS[i]))
                .reduce(|a, b| a & b)
                .unwrap_or(0);
            assert_eq!(info & (PATTERNS - 1), must, "pattern {p:09b}");
        }
    }

    /// Each minirow's cells make exactly its own pattern bit, and a digit forced into it keeps
    /// those three cells of its row and box and all 12 cells outside both.
    #[test]
    fn triad_tables_follow_the_pattern_bits() {
        for m in 0..K * K {
            let cells = MINIROW_CELLS[m];
            assert_eq!(State::pattern(cells), 1 << m, "minirow {m}");
            let (r, j) = (m % K, m / K);
            let keep = TRIAD_KEEP[m] & ((1 << BAND_CELLS) - 1);
            for pos in 0..BAND_CELLS {
                let (row, col) = (pos / N, pos % N);
                let inside = row == r || col / K == j;
                let want = !inside || cells >> pos & 1 == 1;
                assert_eq!(keep >> pos & 1 == 1, want, "minirow {m}, cell {pos}");
            }
        }
    }

    /// The 16×16 tally against direct counts: per minirow, contradictions (fewer than 4 digits
    /// that can take it, more than 4 that must), and the triads (exactly 4).
    #[test]
    fn sliced_tally_counts_minirows() {
        use super::k4::{SlicedTally, CONFIG_INFO, PATTERNS};
        let mut rng = crate::generate::Rng::new(16);
        let mut outcomes = [0; 3];
        for _ in 0..20_000 {
            let mut tally = SlicedTally::default();
            let (mut can, mut must) = ([0; 16], [0; 16]);
            let dense = rng.next_u64() % 3;
            for _ in 0..16 {
                let x = rng.next_u64();
                // A quarter, a half or three quarters of the minirows.
                let x = match dense {
                    0 => x & x >> 16,
                    1 => x,
                    _ => x | x >> 16,
                };
                let p = x as usize & (PATTERNS - 1);
                let m = CONFIG_INFO[p] as usize & (PATTERNS - 1);
                tally.add(p, m);
                for i in 0..16 {
                    can[i] += p >> i & 1;
                    must[i] += m >> i & 1;
                }
            }
            let bits = |f: &dyn Fn(usize) -> bool| (0..16).filter(|&i| f(i)).map(|i| 1 << i).sum();
            let broken = (0..16).any(|i| can[i] < 4 || must[i] > 4);
            let got = tally.triads();
            if broken {
                assert_eq!(got, Err(super::k4::Failed));
                outcomes[0] += 1;
            } else {
                let want = (bits(&|i| can[i] == 4), bits(&|i| must[i] == 4));
                assert_eq!(got, Ok(want));
                outcomes[1 + (want != (0, 0)) as usize] += 1;
            }
        }
        assert!(outcomes.iter().all(|&n| n > 0), "{outcomes:?}");
    }

    /// The nibble counts against direct counting, on random sets of 9 patterns (biased to few
    /// minirows, so that every outcome occurs): a contradiction exactly when some minirow has
    /// fewer than 3 digits that can take it or more than 3 that must; else the minirows with
    /// exactly 3 of each.
    #[test]
    fn tally_counts_minirows() {
        let mut rng = crate::generate::Rng::new(9);
        let mut outcomes = [0; 3];
        for _ in 0..20_000 {
            let mut tally = Tally::default();
            let (mut can, mut must) = ([0; 9], [0; 9]);
            for _ in 0..9 {
                let x = rng.next_u64();
                let p = (x as usize | (x >> 9) as usize | (x >> 18) as usize) & (PATTERNS - 1);
                let m = CONFIG_INFO[p] as usize & (PATTERNS - 1);
                tally.add(p, m);
                for i in 0..9 {
                    can[i] += p >> i & 1;
                    must[i] += m >> i & 1;
                }
            }
            let bits = |f: &dyn Fn(usize) -> bool| {
                (0..9)
                    .filter(|&i| f(i))
                    .map(|i| 1u64 << (4 * i))
                    .sum::<u64>()
            };
            let broken = (0..9).any(|i| can[i] < 3 || must[i] > 3);
            let got = tally.triads();
            if broken {
                assert_eq!(got, Err(Failed));
                outcomes[0] += 1;
            } else {
                let want = (bits(&|i| can[i] == 3), bits(&|i| must[i] == 3));
                assert_eq!(got, Ok(want));
                outcomes[1 + (want != (0, 0)) as usize] += 1;
            }
        }
        assert!(outcomes.iter().all(|&n| n > 0), "{outcomes:?}");
    }

    /// At K = 4 (24 permutations per pattern), on a sample of patterns: every kept minirow lies
    /// on a permutation inside the pattern, and every such permutation is kept.
    #[test]
    fn k4_keep_is_the_union_of_permutations() {
        use super::k4;
        let mut perms = Vec::new();
        for s in 0..256usize {
            let p: Vec<usize> = (0..4).map(|r| s >> (2 * r) & 3).collect();
            if (0..4).all(|j| p.contains(&j)) {
                perms.push(p);
            }
        }
        assert_eq!(perms.len(), 24);
        for p in (0..k4::PATTERNS).step_by(97).chain([0, k4::PATTERNS - 1]) {
            let mut want = 0u64;
            for s in &perms {
                if (0..4).all(|r| p >> k4::minirow_bit(r, s[r]) & 1 != 0) {
                    for (r, &j) in s.iter().enumerate() {
                        want |= 0xF << (r * 16 + j * 4);
                    }
                }
            }
            assert_eq!(k4::BAND[p].keep, want, "pattern {p:016b}");
        }
    }

    /// The 16×16 update's small tables and arithmetic against the full tables, on every
    /// pattern: the kept cells, the columns alone in their box, and, on every pattern a band
    /// update leaves, the configuration counts and the minirows every configuration takes.
    #[test]
    fn k4_compact_tables_match_the_full_ones() {
        use super::k4::{State, BAND, CONFIG_INFO, KEEP_MINIROWS, PATTERNS, POINTING};
        for p in 0..PATTERNS {
            let keep = BAND[p].keep;
            let cells = State::cells_of_minirows(KEEP_MINIROWS[p] as u64);
            assert_eq!(cells, keep, "pattern {p:016b}");
            assert_eq!(
                State::alone_in_box(p as u64),
                POINTING[p],
                "columns {p:016b}"
            );
            let left = State::pattern(keep);
            let info = State::config_info(left);
            assert_eq!(info, CONFIG_INFO[left] as usize, "pattern {left:016b}");
        }
    }

    /// 16×16 placements: the cells alone in their row, counted cell by cell, on random words;
    /// on words a band update keeps, exactly the cells `BAND`'s `locked` and `POINTING` place.
    #[test]
    fn k4_placements_are_the_cells_alone_in_their_rows() {
        use super::k4::{State, BAND, POINTING};
        let mut rng = crate::generate::Rng::new(44);
        let mut placed = 0;
        for i in 0..100_000 {
            // About 8, 4, 2 or 1 cells a row, in turn.
            let x = match i % 4 {
                0 => rng.next_u64(),
                1 => rng.next_u64() & rng.next_u64(),
                2 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                _ => rng.next_u64() & rng.next_u64() & rng.next_u64() & rng.next_u64(),
            };
            let alone = (0..4)
                .map(|r| x >> (16 * r) & 0xFFFF)
                .zip(0..)
                .filter(|&(row, _)| row.count_ones() == 1)
                .fold(0, |m, (row, r)| m | row << (16 * r));
            assert_eq!(State::alone_in_row(x), alone, "word {x:064b}");
            let t = BAND[State::pattern(x)];
            let a = x & t.keep;
            if a != 0 {
                let cols = (a | a >> 16 | a >> 32 | a >> 48) & 0xFFFF;
                let want = a & t.locked & POINTING[cols as usize];
                assert_eq!(State::alone_in_row(a), want, "word {a:064b}");
                placed += (want != 0) as usize;
            }
        }
        assert!(placed > 1_000, "{placed} words with a placement");
    }

    #[test]
    fn self_mask_keeps_the_cell_and_drops_its_peers() {
        // r1c4 (row 1 of the band, column 4, box 1).
        let c = N + 4;
        let m = SELF[c];
        assert!(m >> c & 1 != 0);
        assert_eq!(m.count_ones() as usize, BAND_CELLS - (N - 1) - (K - 1) * K);
        assert_eq!(m >> N & ROW_MASK as Word, 1 << 4);
        // Row 0 keeps the columns outside box 1.
        assert_eq!(m & ROW_MASK as Word, 0b111_000_111);
    }

    #[test]
    fn patterns_and_pointing() {
        // r0c0 (minirow r0 box 0) and r1c8 (minirow r1 box 2).
        assert_eq!(
            State::pattern(0b000_000_001 | 0b100_000_000 << N),
            0b1000_0001
        );
        for p in 0..PATTERNS {
            let mut a = 0 as Word;
            for r in 0..K {
                for j in 0..K {
                    if p >> minirow_bit(r, j) & 1 != 0 {
                        a |= 0b010 << (r * N + j * K);
                    }
                }
            }
            assert_eq!(State::pattern(a), p);
        }
        // Box 0 on column 1 only, box 1 on columns 3 and 5, box 2 on column 8.
        assert_eq!(POINTING[0b100_101_010] & ROW_MASK as Word, 0b100_000_010);
        // Every row of an entry holds the same columns.
        for (x, &spread) in POINTING.iter().enumerate() {
            let cols = spread & ROW_MASK as Word;
            assert_eq!(spread, cols * COL_SPREAD, "columns {x:09b}");
        }
        assert_eq!(OTHER_BANDS, [[1, 2], [2, 0], [0, 1]]);
    }
}
