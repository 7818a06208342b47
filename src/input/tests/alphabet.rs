//! Which alphabet a puzzle is read in, and the notes that say so.

use super::*;

#[test]
fn letters_without_digits_are_read_as_letters() {
    let p = read_one(EASY9, Default::default()).unwrap();
    let letters: String = EASY9
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| (b'A' + d as u8 - 1) as char))
        .collect();
    let q = read_one(&letters, Default::default()).unwrap();
    assert_eq!((q.alphabet, q.digits()), (Alphabet::Letters, p.digits()));
    // A 16×16 in A-P (a letter past G shows); one in 1-9A-G stays standard.
    let text = include_str!("../../../examples/16x16.txt");
    let g = read_one(text, Default::default()).unwrap();
    let a_to_p: String = g
        .digits()
        .iter()
        .map(|&d| if d == 0 { '.' } else { (b'A' + d - 1) as char })
        .collect();
    let q = read_one(&a_to_p, Default::default()).unwrap();
    assert_eq!((q.alphabet, q.digits()), (Alphabet::Letters, g.digits()));
    assert_eq!(g.alphabet, Alphabet::Standard);
}

#[test]
fn detects_16_and_25_alphabets() {
    let hex: String = "0123456789ABCDEF".to_string() + &".".repeat(240);
    let p = read_one(&hex, ReadOptions::default()).unwrap();
    assert_eq!(p.alphabet, Alphabet::Hex);
    assert_eq!(p.digits()[0], 1);
    let std16: String = "123456789ABCDEFG".to_string() + &".".repeat(240);
    assert_eq!(
        read_one(&std16, ReadOptions::default()).unwrap().alphabet,
        Alphabet::Standard
    );
    let letters: String = "ABCDEFGHIJKLMNOPQRSTUVWXY".to_string() + &".".repeat(600);
    let p = read_one(&letters, ReadOptions::default()).unwrap();
    assert_eq!(p.alphabet, Alphabet::Letters);
    assert_eq!(p.digits()[24], 25);
    // Neither 0 nor G: either alphabet reads it, and the note says which was taken.
    let both: String = "123456789ABCDEF".to_string() + &".".repeat(241);
    let p = read_one(&both, ReadOptions::default()).unwrap();
    assert_eq!(p.alphabet, Alphabet::Standard);
    assert!(p.note.unwrap().contains("--alphabet hex"));
    assert_eq!(read_one(&std16, ReadOptions::default()).unwrap().note, None);
    // 0 empty with one stray `.` and no G: 0s share rows, so 0 is no digit and this is not hex.
    let g = read_one(
        include_str!("../../../examples/16x16.txt"),
        Default::default(),
    )
    .unwrap();
    let no_g: String = g
        .digits()
        .iter()
        .map(|&d| match d {
            0 | 16 => '0',
            d => Alphabet::Standard.symbol(d),
        })
        .collect();
    let stray = no_g.replacen('0', ".", 1);
    let p = read_one(&stray, ReadOptions::default()).unwrap();
    assert_eq!((p.alphabet, &p.note), (Alphabet::Standard, &None));
    assert_eq!(
        p.digits(),
        read_one(&no_g, Default::default()).unwrap().digits()
    );
    // In hex 0 is a digit, not an empty mark.
    let hex_opts = ReadOptions {
        alphabet: Some(Alphabet::Hex),
        ..ReadOptions::default()
    };
    let bad = read_one(&("Z".to_string() + &hex[1..]), hex_opts).unwrap_err();
    assert!(
        bad.expected
            .ends_with("a digit 0-9A-F or an empty mark . - _"),
        "{bad}"
    );
}

/// A letter past the grid's digits is a typo in the usual digits, not a sign of letters
/// (A = 1); letters that are digits still are.
#[test]
fn a_stray_letter_is_told_against_the_usual_digits() {
    let bad = read_one("..x.............", Default::default()).unwrap_err();
    assert!(bad.expected.starts_with("a digit 1-4 "), "{bad}");
    let bad = read_one("..x..A..........", Default::default()).unwrap_err();
    assert!(bad.expected.starts_with("a digit A-D "), "{bad}");
}

#[test]
fn a_9x9_in_0_to_8_is_read_zero_based_with_a_note() {
    let p = read_one(EASY9, Default::default()).unwrap();
    // EASY9 has a 9, so shifting every digit down frees the symbol 9.
    let zero_based: String = EASY9
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| (b'0' + d as u8 - 1) as char))
        .collect();
    assert!(zero_based.contains('0') && !zero_based.contains('9'));
    let q = read_one(&zero_based, Default::default()).unwrap();
    assert_eq!((q.alphabet, q.digits()), (Alphabet::Hex, p.digits()));
    assert!(q.note.unwrap().contains("--alphabet standard"));
    // The user's choice stands: 0 is empty again.
    let standard = ReadOptions {
        alphabet: Some(Alphabet::Standard),
        ..ReadOptions::default()
    };
    let r = read_one(&zero_based, standard).unwrap();
    assert_eq!((r.alphabet, r.note), (Alphabet::Standard, None));
    // 0 and . with a 9 present, or 0 alone as the empty mark, or 0s that share houses beside
    // a stray `.` (and no 9): standard, no note.
    let stray_dot =
        ".00000000000000001000002030000004506003000000017000800000160000008000040060500200";
    let stray = read_one(stray_dot, Default::default()).unwrap();
    assert_eq!((stray.alphabet, &stray.note), (Alphabet::Standard, &None));
    assert_eq!(
        stray.digits(),
        read_one(stray_dot, standard).unwrap().digits()
    );
    // Two 0s in a row among dots: not a digit either, but the note names the zero-based
    // reading, in which the two clash (a typo in a grid in 0-8, say).
    let two_zeros = ".00".to_string() + &stray_dot[3..].replace('0', ".");
    let two = read_one(&two_zeros, Default::default()).unwrap();
    assert_eq!(two.alphabet, Alphabet::Standard);
    assert!(two.note.unwrap().contains("0 twice in a house"));
    for line in [EASY9.replacen('.', "0", 3), EASY9.replace('.', "0")] {
        let s = read_one(&line, Default::default()).unwrap();
        assert_eq!(
            (s.alphabet, s.digits(), s.note),
            (Alphabet::Standard, p.digits(), None)
        );
    }
}

#[test]
fn zero_based_grids_away_from_16x16_are_read_so_or_noted() {
    // A solution grid of basis k (the canonical pattern), zero-based, with holes: its 0s (digit
    // 1) share no house and no symbol stands for digit N, so 0 beside `.` is a digit.
    let pattern = |k: usize| {
        let n = k * k;
        (0..n * n)
            .map(move |cell| ((k * (cell / n % k) + cell / n / k + cell % n) % n + 1) as u8)
            .collect::<Vec<u8>>()
    };
    for k in [3, 5, 6] {
        let solution = pattern(k);
        let holed: String = (0..solution.len())
            .map(|c| match c % 7 {
                3 => '.',
                _ => Alphabet::Hex.symbol(solution[c]),
            })
            .collect();
        let p = read_one(&holed, Default::default()).unwrap();
        assert_eq!(p.alphabet, Alphabet::Hex, "{k}");
        assert!(
            p.note.as_ref().unwrap().contains("--alphabet standard"),
            "{k}"
        );
        for (c, &d) in p.digits().iter().enumerate() {
            assert_eq!(d, if c % 7 == 3 { 0 } else { solution[c] }, "{k} cell {c}");
        }
    }
    // With no other empty mark a full 0-8 grid is also the grid with its 9s blanked: read as
    // the whole grid (as `--format grid` writes a solution), and the note names the other
    // reading.
    for k in [3, 4, 5] {
        let full: String = pattern(k)
            .iter()
            .map(|&d| Alphabet::Hex.symbol(d))
            .collect();
        let p = read_one(&full, Default::default()).unwrap();
        assert_eq!(p.alphabet, Alphabet::Hex, "{k}");
        assert!(p.note.as_ref().unwrap().contains("--alphabet standard"));
        assert_eq!(p.digits(), pattern(k), "{k}");
    }
    // Lowercase 0-9a-z at 36×36: `b`-`z` are no digits of 1-9A-Za, so it is zero-based for
    // sure (written back lowercase).
    let lower: String = pattern(6)
        .iter()
        .enumerate()
        .map(|(c, &d)| match c % 7 {
            3 => '.',
            _ => Alphabet::Hex.symbol(d).to_ascii_lowercase(),
        })
        .collect();
    let p = read_one(&lower, Default::default()).unwrap();
    assert_eq!((p.alphabet, p.note.as_deref()), (Alphabet::Hex, None));
    assert!(p
        .digits()
        .iter()
        .enumerate()
        .all(|(c, &d)| c % 7 == 3 || d == pattern(6)[c]));
}

/// A puzzle whose symbols fit two alphabets is read in the one an earlier puzzle of its size
/// showed for sure: a hex file's puzzles without a 0 stay hex. Before any such puzzle, and
/// with the alphabet forced, the default reading holds.
#[test]
fn ambiguous_puzzles_follow_the_alphabet_of_the_file() {
    let hex = "0123456789ABCDEF".to_string() + &".".repeat(240);
    let ambiguous = "123456789ABCDEF".to_string() + &".".repeat(241);
    let nine = EASY9.to_string();
    let sixteen = "123456789ABCDEFG".to_string() + &".".repeat(240);
    let empty = ".".repeat(256);
    let text = format!(
        "{ambiguous}\n{hex}\n{nine}\n{empty}\n{ambiguous}\n{ambiguous}\n{sixteen}\n{ambiguous}\n"
    );
    let all: Vec<Puzzle> = read_all(&text, Default::default())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let alphabets: Vec<Alphabet> = all.iter().map(|p| p.alphabet).collect();
    use Alphabet::{Hex, Standard};
    // The empty grid shows nothing, and follows; the last puzzle that shows an alphabet leads.
    let want = [Standard, Hex, Standard, Hex, Hex, Hex, Standard, Standard];
    assert_eq!(alphabets, want);
    let note = all[4].note.as_deref().unwrap();
    assert!(note.contains("read as 0-9A-F, as line 2 was"), "{note}");
    assert!(note.contains("--alphabet standard"), "{note}");
    // `1` is the first digit in 1-9A-G, the second in hex.
    assert_eq!((all[0].digits()[0], all[4].digits()[0]), (1, 2));
    // Forced, the alphabet is the user's.
    let opts = ReadOptions {
        alphabet: Some(Standard),
        ..Default::default()
    };
    let forced = read_all(&format!("{hex}\n{ambiguous}\n"), opts);
    assert_eq!(forced[1].as_ref().unwrap().alphabet, Standard);
}

/// A puzzle without a 0 or the top digit reads both as 1-9A-… and zero-based, though quietly
/// away from 16×16: it sets no alphabet for the file, so that the zero-based puzzles after it
/// stay zero-based, and it follows the last guess of its size when the file showed none.
#[test]
fn puzzles_without_a_0_or_the_top_digit_set_no_alphabet() {
    use Alphabet::{Hex, Standard};
    // EASY9 in 0-8 (each digit one less), and the same with its 1s (now 0s) left out.
    let zero_based: String = EASY9
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d @ 1..=9) => char::from_digit(d - 1, 10).unwrap(),
            _ => c,
        })
        .collect();
    let no_zero = zero_based.replace('0', ".");
    let without_top = EASY9.replace('9', ".");
    let text = format!("{without_top}\n{zero_based}\n{no_zero}\n");
    let all: Vec<Puzzle> = read_all(&text, Default::default())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let alphabets: Vec<Alphabet> = all.iter().map(|p| p.alphabet).collect();
    assert_eq!(alphabets, [Standard, Hex, Hex]);
    assert_eq!(all[0].note, None);
    assert!(all[1].note.as_deref().unwrap().contains("read as 0-8"));
    let note = all[2].note.as_deref().unwrap();
    assert!(note.contains("read as 0-8, as line 2 was"), "{note}");
    let ones_out: Vec<u8> = all[1]
        .digits()
        .iter()
        .map(|&d| d * u8::from(d != 1))
        .collect();
    assert_eq!(all[2].digits(), ones_out);
    // After a line with a 9, such a line stays 1-9 (the file's sure alphabet) and says nothing.
    let text = format!("{EASY9}\n{without_top}\n{zero_based}\n");
    let all: Vec<Puzzle> = read_all(&text, Default::default())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(all[1].alphabet, Standard);
    assert_eq!(all[1].note, None);
    // 0 twice in a house beside `.`: read as empty, with a note naming the hex reading.
    let clash = format!("00{}", &zero_based[2..]);
    let p = read_one(&clash, Default::default()).unwrap();
    assert_eq!(p.alphabet, Standard);
    let note = p.note.unwrap();
    assert!(note.contains("with 0 twice in a house"), "{note}");
    assert!(note.contains("--alphabet hex"), "{note}");
}

#[test]
fn a_16x16_in_letters_a_to_g_says_which_alphabet_it_took() {
    let text: String = "ABCDEFG".to_string() + &".".repeat(249);
    let p = read_one(&text, ReadOptions::default()).unwrap();
    assert_eq!(p.alphabet, Alphabet::Standard);
    assert!(p.note.unwrap().contains("--alphabet letters"));
    // With a digit there is no other reading.
    let text: String = "1BCDEFG".to_string() + &".".repeat(249);
    assert_eq!(read_one(&text, ReadOptions::default()).unwrap().note, None);
}

/// A reading in the alphabet the file showed must keep the puzzle: here the first line is a
/// 16×16 in A-P, and the grid below uses A-G only, with A-D alone in its first row. Forced
/// into letters its rows would be taken for 4×4 lines; it stays one 16×16 grid, read in its
/// own symbols. (From a differential check of the reader, session 63.)
#[test]
fn a_reading_in_the_file_alphabet_keeps_the_grid() {
    let first = "MIB.....P...DC..DLO.....IM.B.FNK.N.A....O.HKL..JPEF.....JCL....A.GPEJH....FA....B...L....KG.......JN.IFD..P......OI.E.G.D............BI....J.L..........FDEM.A......M....A.L.KGO.....N.LBP...HJIK..I.PEB.....NOF.BEF..O.....M.K.NAC.F.M........GJ...HKLC....IED.";
    let rows = [
        "..B.........DC..",
        "D..........B.F..",
        "...A............",
        ".EF......C.....A",
        ".G.E......FA....",
        "B.........G.....",
        "......FD........",
        "....E.G.D.......",
        ".....B..........",
        "........FDE..A..",
        ".........A....G.",
        "........B.......",
        "......EB.......F",
        ".BEF............",
        ".AC.F..........G",
        ".......C.....ED.",
    ];
    let all = read_all(
        &format!("{first}\n\n{}\n", rows.join("\n")),
        Default::default(),
    );
    assert_eq!(all.len(), 2, "{all:?}");
    assert_eq!(all[0].as_ref().unwrap().alphabet, Alphabet::Letters);
    let grid = all[1].as_ref().unwrap();
    assert_eq!((grid.k, grid.line), (4, 3));
}
