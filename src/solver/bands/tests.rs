use super::k3::*;
use super::Step;

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
/// changed (a sweep repeats only for changes behind it; see `State::update`; at 16×16 the
/// drain's masks must hold every word an update changed), at the root and below it, on real
/// puzzles.
#[test]
fn sweeps_stop_at_their_fixed_point() {
    use crate::input::{read_all, ReadOptions};
    let read = |text| {
        read_all(text, ReadOptions::default())
            .into_iter()
            .map(Result::unwrap)
    };
    let text = include_str!("../../../tests/data/9x9_magictour_top1465_first30.txt");
    for p in read(text) {
        let masks = p.masks.iter().map(|m| crate::mask::Mask::to_u128(m) as u32);
        assert_eq!(unsettled_propagations(masks, 4), 0, "line {}", p.line);
    }
    let text = include_str!("../../../tests/data/16x16_gen_minimal200_first10.txt");
    for p in read(text) {
        let masks = p.masks.iter().map(|m| crate::mask::Mask::to_u128(m) as u32);
        let unsettled = super::k4::unsettled_propagations(masks, 4);
        assert_eq!(unsettled, 0, "16x16 line {}", p.line);
    }
}

/// A build's [`Step`] test aid: the cell masks before and after the step.
type StepAid = fn(std::vec::IntoIter<u32>, Step) -> (Vec<u32>, Vec<u32>);

/// Each build's basis and its step test aid.
const BUILDS: [(usize, StepAid); 2] = [(3, super::k3::step), (4, super::k4::step)];

/// The cells of each row, box and (with `columns`) column of a basis-`k` grid.
fn houses(k: usize, columns: bool) -> Vec<Vec<usize>> {
    let n = k * k;
    let mut out = Vec::new();
    for i in 0..n {
        out.push((0..n).map(|j| i * n + j).collect());
        let (r0, c0) = (i / k * k, i % k * k);
        out.push((0..n).map(|j| (r0 + j / k) * n + c0 + j % k).collect());
        if columns {
            out.push((0..n).map(|j| j * n + i).collect());
        }
    }
    out
}

/// A random candidate mask of `n` digits with at least two, each digit in with odds
/// `density` in 16.
fn open_mask(rng: &mut crate::generate::Rng, n: usize, density: u64) -> u32 {
    loop {
        let m = (0..n)
            .filter(|_| rng.next_u64() % 16 < density)
            .fold(0u32, |m, d| m | 1 << d);
        if m.count_ones() >= 2 {
            break m;
        }
    }
}

/// Claiming along columns against the rule read cell by cell: a digit whose column holds
/// it in one band only keeps, in that band's box, only that column. Random candidate grids
/// (every cell 2 or more candidates), dense and sparse, so that such columns are common.
/// Both builds (9×9 does not use the rule, but it is the same code).
#[test]
fn column_claims_follow_the_rule() {
    let mut rng = crate::generate::Rng::new(16);
    for (k, step) in BUILDS {
        let n = k * k;
        let mut removed = 0;
        for grid in 0..200 {
            let density = 2 + grid % 6;
            let masks: Vec<u32> = (0..n * n)
                .map(|_| open_mask(&mut rng, n, density as u64))
                .collect();
            let (before, after) = step(masks.clone().into_iter(), Step::Claims);
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

/// Naked pairs on random candidate grids full of bivalue cells, both builds, against the rule
/// read cell by cell. One pass narrows cells as it goes, so a pair whose cell an earlier removal
/// narrowed may go unused; the test asks what holds whatever the order: every removed candidate
/// lies in a house with two other cells of the same two digits, one of them that candidate, and
/// every pair still whole at the end has cleared its houses of its digits (but for cells that
/// held the same two digits at the start of either pass: three in a house leave no solution,
/// and the search fails them later). Each grid is also worked twice, with cuts that
/// complete new pairs between the passes ([`Step::NakedPairsAfterCuts`]): the second pass
/// reads only the cells that became bivalue, and must still clear what the new pairs hold.
#[test]
fn naked_pairs_follow_the_rule() {
    let mut rng = crate::generate::Rng::new(61);
    // Whether house `h` holds two cells other than `x` with the same two digits, `d` one.
    let pair_in = |h: &[usize], x: usize, d: usize, m: &[u32]| {
        h.iter().any(|&p| {
            p != x
                && m[p].count_ones() == 2
                && m[p] >> d & 1 != 0
                && h.iter().any(|&q| q != x && q != p && m[q] == m[p])
        })
    };
    for (k, step) in BUILDS {
        let n = k * k;
        let houses = houses(k, true);
        let (mut removed, mut whole) = ([0; 2], [0; 2]);
        for grid in 0..200 {
            let masks: Vec<u32> = (0..n * n)
                .map(|_| {
                    if rng.next_u64() % 2 == 0 {
                        // Two of the first four digits: pairs meet often.
                        let a = rng.below(4);
                        let b = (a + 1 + rng.below(3)) % 4;
                        1 << a | 1 << b
                    } else {
                        open_mask(&mut rng, n, 4)
                    }
                })
                .collect();
            let cuts = Step::NakedPairsAfterCuts(rng.next_u64());
            for (which, pass) in [Step::NakedPairs, cuts].into_iter().enumerate() {
                let (before, after) = step(masks.clone().into_iter(), pass);
                if which == 0 {
                    assert_eq!(before, masks);
                }
                for x in 0..n * n {
                    assert_eq!(
                        after[x] & !before[x],
                        0,
                        "{n}x{n} grid {grid} pass {which}: cell {x} gained"
                    );
                    for d in (0..n).filter(|&d| (before[x] & !after[x]) >> d & 1 != 0) {
                        removed[which] += 1;
                        let why = houses
                            .iter()
                            .filter(|h| h.contains(&x))
                            .any(|h| pair_in(h, x, d, &before));
                        assert!(
                            why,
                            "{n}x{n} grid {grid} pass {which}: cell {x} lost {} unjustified",
                            d + 1
                        );
                    }
                }
                for h in &houses {
                    for (i, &p) in h.iter().enumerate() {
                        for &q in &h[i + 1..] {
                            let m = before[p];
                            if m.count_ones() != 2
                                || before[q] != m
                                || after[p] != m
                                || after[q] != m
                            {
                                continue;
                            }
                            whole[which] += 1;
                            for &r in h.iter().filter(|&&r| before[r] != m && masks[r] != m) {
                                assert_eq!(
                                    after[r] & m,
                                    0,
                                    "{n}x{n} grid {grid} pass {which}: pair {p}, {q} left {r}"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(
            removed.iter().all(|&r| r > 500) && whole.iter().all(|&w| w > 100),
            "{n}x{n}: {removed:?} removed, {whole:?} pairs, per pass"
        );
    }
}

/// Hidden pairs in rows and boxes on random candidate grids, both builds, against the rule read
/// cell by cell. One pass narrows cells as it goes (a removal can leave a digit two places, or
/// take a pair's digit away), so the test asks what holds whatever the order: every removed
/// candidate lies in a row or box where two other digits were in both of some two cells, that
/// cell one of them, at the start and nowhere else in the house at the end; and every pair of
/// digits with the same two places at the start that keeps them to the end has left its two
/// cells nothing else.
#[test]
fn hidden_pairs_follow_the_rule() {
    let mut rng = crate::generate::Rng::new(62);
    for (k, step) in BUILDS {
        let n = k * k;
        let houses = houses(k, false);
        let places = |h: &[usize], d: usize, m: &[u32]| -> Vec<usize> {
            h.iter().copied().filter(|&c| m[c] >> d & 1 != 0).collect()
        };
        let (mut removed, mut whole) = (0, 0);
        for grid in 0..500 {
            let masks: Vec<u32> = (0..n * n)
                .map(|_| open_mask(&mut rng, n, 2 + grid as u64 % 8))
                .collect();
            let (before, after) = step(masks.clone().into_iter(), Step::HiddenPairs);
            assert_eq!(before, masks);
            for x in 0..n * n {
                assert_eq!(
                    after[x] & !before[x],
                    0,
                    "{n}x{n} grid {grid}: cell {x} gained"
                );
                for f in (0..n).filter(|&f| (before[x] & !after[x]) >> f & 1 != 0) {
                    removed += 1;
                    // Removals earlier in the pass may have narrowed a digit to two places,
                    // so the pair's digits were in both cells at the start and nowhere else
                    // in the house at the end.
                    let why = houses.iter().filter(|h| h.contains(&x)).any(|h| {
                        h.iter().filter(|&&y| y != x).any(|&y| {
                            let held = |d: usize| {
                                d != f
                                    && before[x] >> d & 1 != 0
                                    && before[y] >> d & 1 != 0
                                    && places(h, d, &after).iter().all(|&c| c == x || c == y)
                            };
                            (0..n).filter(|&d| held(d)).count() >= 2
                        })
                    });
                    assert!(
                        why,
                        "{n}x{n} grid {grid}: cell {x} lost {} unjustified",
                        f + 1
                    );
                }
            }
            for h in &houses {
                for d in 0..n {
                    for e in d + 1..n {
                        let p = places(h, d, &before);
                        if p.len() != 2
                            || places(h, e, &before) != p
                            || places(h, d, &after) != p
                            || places(h, e, &after) != p
                        {
                            continue;
                        }
                        whole += 1;
                        for &c in &p {
                            assert_eq!(
                                after[c],
                                1 << d | 1 << e,
                                "{n}x{n} grid {grid}: pair left cell {c}"
                            );
                        }
                    }
                }
            }
        }
        assert!(
            removed > 500 && whole > 100,
            "{n}x{n}: {removed} removed, {whole} pairs"
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
