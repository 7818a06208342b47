//! Plain 9×9 lines read straight (`plain_9x9`) against the same lines read the long way,
//! through every detector.

use super::*;
use crate::generate::Rng;

/// The records of `text` read with plain 9×9 lines taken straight (the default), and with
/// every line read the long way.
fn both_ways(text: &str) -> (Vec<Record>, Vec<Record>) {
    let straight = read_all(text, ReadOptions::default());
    let mut long = Reader::new(text.as_bytes(), ReadOptions::default());
    long.plain = false;
    (straight, long.collect())
}

const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A puzzle line from [`SOLVED`] with its digits relabelled and some cells emptied, then
/// changed one way or another: no 9 left, a clash in a row, column or box, a symbol of another
/// form, a cell more or less, whitespace around it (the ways the long way must read, or turn
/// down, itself).
fn line_from(rng: &mut Rng) -> String {
    let mut relabel: Vec<u8> = (b'1'..=b'9').collect();
    for i in (1..9).rev() {
        relabel.swap(i, rng.below(i + 1));
    }
    let keep = 1 + rng.below(9);
    let mut cells: Vec<u8> = SOLVED
        .bytes()
        .map(|b| match rng.below(10) < keep {
            true => relabel[usize::from(b - b'1')],
            false => b'.',
        })
        .collect();
    let at = rng.below(81);
    let (r, c) = (at / 9, at % 9);
    match rng.below(12) {
        0 => cells
            .iter_mut()
            .filter(|b| **b == b'9')
            .for_each(|b| *b = b'.'),
        // The cell's digit again in its row (a clash, unless it was empty).
        1 => cells[r * 9 + (c + 1) % 9] = cells[at],
        // … in its column, and in its box on another row and column.
        6 => cells[(at + 9) % 81] = cells[at],
        7 => cells[(r / 3 * 3 + (r + 1) % 3) * 9 + c / 3 * 3 + (c + 1) % 3] = cells[at],
        2 => cells[at] = b"0-_aG|,:"[rng.below(8)],
        3 => cells.push(b'.'),
        4 => {
            cells.pop();
        }
        // 0 for the empty cells, as many collections write them (and a zero-based 0-8 may).
        5 => cells
            .iter_mut()
            .filter(|b| **b == b'.')
            .for_each(|b| *b = b'0'),
        _ => {}
    }
    let line = String::from_utf8(cells).unwrap();
    match rng.below(6) {
        0 => format!(" {line}\t"),
        _ => line,
    }
}

#[test]
fn plain_lines_read_as_the_long_way_reads_them() {
    let fixtures = [
        include_str!("../../../tests/data/9x9_magictour_top1465_first30.txt"),
        include_str!("../../../tests/data/9x9_forum_hardest_1106_first5.txt"),
    ];
    let mut rng = Rng::new(0x9a1);
    let mut lines: Vec<String> = fixtures
        .iter()
        .flat_map(|t| t.lines())
        .map(str::to_string)
        .collect();
    lines.push(SOLVED.into());
    lines.push(".".repeat(81));
    lines.extend((0..500).map(|_| line_from(&mut rng)));
    // One at a time, and as one file (what earlier lines show of the alphabet carries on).
    for line in &lines {
        let (straight, long) = both_ways(line);
        assert_eq!(straight, long, "{line}");
    }
    let (straight, long) = both_ways(&lines.join("\n"));
    assert_eq!(straight.len(), lines.len());
    assert_eq!(straight, long);
    let read = straight.iter().filter(|r| r.is_ok()).count();
    assert!(
        read > 250 && read < lines.len(),
        "{read} of {} read",
        lines.len()
    );
    // Lines with `.` and with `0` for the empty cells were both taken straight.
    let straight_with = |mark| {
        lines
            .iter()
            .filter(|l| l.contains(mark) && symbols::plain_9x9(l.trim(), 1).is_some())
            .count()
    };
    let (dots, zeros) = (straight_with('.'), straight_with('0'));
    assert!(dots > 100 && zeros > 10, "{dots} with ., {zeros} with 0");
}

#[test]
fn plain_lines_keep_to_an_alphabet_shown_before() {
    // A 9×9 in zero-based 0-8 beside `.` (read as 0-8, a guess the reader notes), then a
    // line in 1-8 and `.`: without a 9 it reads both ways, and keeps to 0-8. After a line
    // with a 9 (1-9 for sure), the same line keeps to 1-9.
    let zero_based: String = SOLVED
        .chars()
        .map(|c| char::from_digit(c.to_digit(10).unwrap() - 1, 10).unwrap())
        .collect();
    let hex = format!("{}{}", &zero_based[..40], ".".repeat(41));
    let open = format!("{}{}", ".".repeat(40), &SOLVED[40..].replace('9', "."));
    let text = format!("{hex}\n{open}\n{SOLVED}\n{open}\n");
    let (straight, long) = both_ways(&text);
    assert_eq!(straight, long);
    let alphabets: Vec<Alphabet> = straight
        .iter()
        .map(|r| r.as_ref().unwrap().alphabet)
        .collect();
    assert_eq!(
        alphabets,
        [
            Alphabet::Hex,
            Alphabet::Hex,
            Alphabet::Standard,
            Alphabet::Standard
        ]
    );
}

#[test]
fn givens_apart_finds_every_clash() {
    let mut rng = Rng::new(0xc1a5);
    for k in 2..=5 {
        let n = k * k;
        let all = (1u64 << n) - 1;
        for _ in 0..300 {
            // Givens a few at a time (few clashes, or none), empty cells, a cell of several
            // candidates now and then (a candidate grid's open cell: no given).
            let givens = 1 + rng.below(n * n / 3);
            let masks: Vec<u64> = (0..n * n)
                .map(|_| match rng.below(n * n) {
                    g if g < givens => 1 << rng.below(n),
                    g if g < givens + 5 => all & rng.next_u64() | 3,
                    _ => all,
                })
                .collect();
            let peers = |a: usize, b: usize| {
                let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
                ra == rb || ca == cb || (ra / k, ca / k) == (rb / k, cb / k)
            };
            let single = |m: u64| m.count_ones() == 1;
            let clash = (0..n * n)
                .any(|a| (0..a).any(|b| peers(a, b) && single(masks[a]) && masks[a] == masks[b]));
            assert_eq!(
                puzzle::givens_apart(&masks, k),
                !clash,
                "basis {k}: {masks:x?}"
            );
        }
    }
}
