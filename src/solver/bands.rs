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
//! **At 16×16, passes over masks of changed words** (`State::drain`) in place of sweeps: a
//! sweep compared 64 words to update about five. The words that differ from `seen` are
//! compared once into a mask; a pass updates them in sweep order, and the words those updates
//! change (each update reports them) make the next pass's mask. A placement clears the band's
//! other digits behind a branch there, since it is 16 words and their bits in the mask.
//! On gen_minimal200: 12 % fewer instructions, 11-13 % faster, the same trees (docs/engine.md,
//! "Eighty-eighth session").
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
//! At 16×16 each search node's fixed point also looks for **naked pairs** (`Tuning::band_pairs`):
//! the bivalue cells naked singles counted, each read with the other bivalue cells of its two
//! digits (three ANDs a band), so a pair in a row, box or column clears the house of both
//! digits; and down to depth 2 (`HIDDEN_PAIRS_DEPTH`) for **hidden pairs** in rows and boxes
//! (two digits with the same two places take those cells). gen_minimal200 620 → 380 nodes a
//! puzzle (median 362 → 216), 20 % fewer instructions, 32 % fewer mispredicted branches; at 9×9
//! naked pairs shrink the trees 15-29 % for 12-46 % more instructions. The root probe's
//! propagations stop short of them: there they cost the small trees more than they save.
//! **Branching on cells** (those, and 16×16 before that): a bivalue cell (at 9×9 the first, at
//! 16×16 the one whose digits have the fewest places), else the first cell with the fewest
//! candidates.
//!
//! Every geometric constant and table is derived from `K` and the word type in one place,
//! `band_tables!` (`tables.rs`), at compile time. The node and its propagation (`state.rs`),
//! the branching choices (`branch.rs`) and the search (`search.rs`) are macros over those
//! items too, and `band_engine!` expands all four in a module per basis, so the engine is
//! built twice with its constants folded in. `k3` is the 9×9 engine. `k4` is 16×16:
//! a band is 64 bits (`Word = u64`), `BAND` has 65,536 entries (4! = 24 permutations per
//! pattern, 1 MB) and `POINTING` 65,536 (512 kB). Those miss the L2 cache, so the 16×16 update
//! reads the kept minirows from a 128 kB table and computes the rest (`COMPACT`). There its
//! nodes cost about 1 µs, against 2-3 µs for a cell-mask node (and 60 µs with probing), but the
//! trees are larger, so at 16×16 it only goes first, for a bounded number of nodes
//! (`Tuning::band_nodes`), before the cell-mask engine.
//!
//! Tried and rejected at 9×9 (instructions and time per puzzle on magictour_top1465, 17_clue
//! and forum_hardest): dirty bits set where words change, processed lowest first or in sweep
//! order (the bookkeeping cost more than the compare; the 16×16 drain, 25-33 % more); a
//! changed-word mask iterated in memory order (band-major: slower, pointing is taken up a
//! sweep later); sweeping band by band (+25 % instructions); settling each digit's bands twice
//! per sweep; column singles only for digits whose words changed (the branches cost more); no
//! column singles at all (fewer instructions on the hardest sets, more on 17_clue, more nodes
//! everywhere); each digit's band words side by side, compared as one vector (more
//! instructions); placements that wait for a sweep something else calls for (fewer
//! instructions, more nodes, slower). What pays here is a shorter chain of dependent
//! operations in the band update, more than fewer instructions (docs/engine.md, "Ninth
//! session").

#[macro_use]
mod tables;
#[macro_use]
mod state;
#[macro_use]
mod branch;
#[macro_use]
mod search;
#[cfg(test)]
mod tests;

/// The engine for one basis, in a module of its own: every item derives from `K` and the word
/// type (items marked `pub(super)` are read by the table tests in `tests.rs`).
macro_rules! band_engine {
    ($k:literal, $word:ty) => {
        band_tables!($k, $word);
        band_state!();
        band_branch!();
        band_search!();
    };
}

/// Test aid: a propagation step the tests read before and after (`step` in each build).
#[cfg(test)]
#[derive(Clone, Copy)]
enum Step {
    Claims,
    NakedPairs,
    /// Naked pairs, then each cell of three or more candidates cut to two of them with odds
    /// 1 in 2 (random from the seed), then naked pairs again: cells the first pass read are
    /// not read again, so a pair the cuts complete must be found from its new cell. The
    /// masks "before" are those after the cuts.
    NakedPairsAfterCuts(u64),
    HiddenPairs,
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
