//! Puzzles written one symbol a cell (or N symbols a cell, as candidate grids), and which
//! alphabet the symbols are in.

use super::rows::is_side;
use super::{
    basis_of, check_givens, check_givens_on, invisible, length_hint, opening, plural,
    puzzle_length, shown, side_of_candidates, side_of_cells, symbol_count, Alphabet, Format,
    InputError, Puzzle, ReadOptions, Record, Shown,
};
use crate::mask::{CellMasks, Mask, Wide256};
use crate::topology::{box_index, CellName};

/// How every note of a guess between alphabets ends, after the alphabet to force.
const OTHER_READING: &str = " for the other)";

/// The note of a guess between alphabets: `what` was chosen, `other` is the reading passed
/// over.
pub(super) fn guess_note(what: &str, other: Alphabet) -> String {
    format!("{what} (use --alphabet {other}{OTHER_READING}")
}

/// The alphabet that a puzzle's symbols show.
pub(super) struct Detected {
    pub alphabet: Alphabet,
    /// Said when the other reading is a common one.
    pub note: Option<String>,
    /// How surely the symbols show it.
    pub shown: Shown,
}

/// Pick the alphabet from the symbols used.
pub(super) fn detect_alphabet(s: &str, n: usize, candidates: bool) -> Detected {
    let (alphabet, note) = choose_alphabet(s, n, candidates);
    // Without a 0 and a symbol for the top digit, 1-9A-… is also zero-based 0-9A-…: rare
    // enough away from 16×16 to go unsaid, but not sure.
    let open = alphabet == Alphabet::Standard && !s.contains('0') && zero_based_symbols(s, n);
    let surety = match (open, &note) {
        (true, _) => Shown::Open,
        (false, Some(_)) => Shown::Guessed,
        (false, None) => Shown::Sure,
    };
    Detected {
        alphabet,
        note,
        shown: surety,
    }
}

/// The alphabet and, when the other reading is a common one, a note that the choice was a
/// guess.
fn choose_alphabet(s: &str, n: usize, candidates: bool) -> (Alphabet, Option<String>) {
    let has = |f: fn(char) -> bool| s.chars().any(f);
    let has_zero = has(|c| c == '0');
    let has_dot = has(|c| matches!(c, '.' | '-' | '_'));
    // 0s that share a house cannot be one digit, so there 0 is the empty mark, whatever
    // else the grid holds (a stray `.` among them).
    let zero_may_be_digit = || candidates || !zeros_share_a_house(s, n);
    // Letters and no digit: A = 1, as at 25×25 (a 9×9 in A-I; a 16×16 in A-P when a letter
    // past G shows, as 1-9A-G would not read it).
    // A letter past the N-th (`x` in a 4×4) is a typo, not a sign of letters.
    let letters_only = !has(|c| matches!(c, '1'..='9'))
        && s.chars().any(|c| Alphabet::Letters.digit(c, n).is_some());
    // Away from 16×16 (which has rules of its own, below): a grid whose 0s may be one digit,
    // with no symbol for the top digit N and every symbol a zero-based digit, reads both ways
    // (0-8 at 9×9, 0-9A-O at 25×25).
    let zero_based = || has_zero && zero_may_be_digit() && zero_based_symbols(s, n);
    // Every cell filled, with N 0s that share no house: a whole grid in the zero-based digits
    // (a solution, as `--format grid` writes one), where 0 as the empty mark would leave
    // exactly the top digit's cells empty.
    let full_zero_based = || !has_dot && s.chars().filter(|&c| c == '0').count() == n;
    // Beside another empty mark, 0 is more likely the zero-based first digit, as in hex at
    // 16×16; alone, it is the empty mark, unless the grid is full as above (either way the
    // grid reads both ways). A candidate grid has no empty 0, so there the choice is sure.
    let zero_based_read = || {
        let (hex, standard) = (Alphabet::Hex.describe(n), Alphabet::Standard.describe(n));
        if candidates {
            (Alphabet::Hex, None)
        } else if full_zero_based() {
            let what = format!(
                "{n}×{n} symbols {hex} in every cell fit both a whole grid in {hex} zero-based \
                 and {standard} with 0 empty where the top digit goes; read as {hex}"
            );
            (Alphabet::Hex, Some(guess_note(&what, Alphabet::Standard)))
        } else if has_dot {
            let what = format!(
                "{n}×{n} symbols {hex} and an empty mark fit both {standard} with 0 empty and \
                 {hex} zero-based; read as {hex}"
            );
            (Alphabet::Hex, Some(guess_note(&what, Alphabet::Standard)))
        } else {
            let what = format!(
                "{n}×{n} symbols {hex} fit both {standard} with 0 empty and {hex} zero-based; \
                 read as {standard} with 0 empty"
            );
            (Alphabet::Standard, Some(guess_note(&what, Alphabet::Hex)))
        }
    };
    let few_zeros = || s.chars().filter(|&c| c == '0').count() <= n;
    if has_zero && has_dot && few_zeros() && !zero_may_be_digit() && zero_based_symbols(s, n) {
        // At most N 0s beside another empty mark look zero-based, but twice in a house 0
        // cannot be a digit: empty, or a zero-based grid whose givens clash. (More 0s are
        // empty cells beside a stray `.`.)
        let (hex, standard) = (Alphabet::Hex.describe(n), Alphabet::Standard.describe(n));
        let what = format!(
            "{n}×{n} symbols {hex} with 0 twice in a house read as {standard} with 0 empty (in \
             {hex} zero-based, the givens clash)"
        );
        return (Alphabet::Standard, Some(guess_note(&what, Alphabet::Hex)));
    }
    match n {
        16 if letters_only && has(|c| matches!(c.to_ascii_uppercase(), 'H'..='P')) => {
            (Alphabet::Letters, None)
        }
        16 => {
            if has(|c| c == 'G' || c == 'g') {
                // Without a digit, A-G is also the first 7 letters of A-P (A = 1).
                let note = letters_only.then(|| {
                    let what = "16×16 symbols A-G without a digit fit both 1-9A-G and A-P \
                                (A = 1); read as 1-9A-G";
                    guess_note(what, Alphabet::Letters)
                });
                (Alphabet::Standard, note)
            } else if has_zero && !zero_may_be_digit() {
                (Alphabet::Standard, None)
            } else if has_zero && (has_dot || candidates) {
                (Alphabet::Hex, None)
            } else if has_zero && full_zero_based() {
                zero_based_read()
            } else if has_zero {
                let what = "16×16 symbols fit both 1-9A-G with 0 empty and hex 0-F; read as \
                            1-9A-G with 0 empty";
                (Alphabet::Standard, Some(guess_note(what, Alphabet::Hex)))
            } else if has(|c| c.is_ascii_alphanumeric()) {
                // Neither 0 nor G: 1-9A-F is 15 digits of either alphabet.
                let what = "16×16 symbols 1-9A-F fit both 1-9A-G and hex 0-F; read as 1-9A-G";
                (Alphabet::Standard, Some(guess_note(what, Alphabet::Hex)))
            } else {
                (Alphabet::Standard, None)
            }
        }
        25 if zero_based() => zero_based_read(),
        25 => {
            if has(|c| c.is_ascii_digit() && c != '0') {
                (Alphabet::Standard, None)
            } else if has(|c| matches!(c.to_ascii_uppercase(), 'Q'..='Y')) {
                (Alphabet::Letters, None)
            } else if has(|c| c.is_ascii_alphabetic()) {
                let what = "25×25 symbols A-P only fit both A-Y (A = 1) and 1-9A-P; read as A-Y";
                (
                    Alphabet::Letters,
                    Some(guess_note(what, Alphabet::Standard)),
                )
            } else {
                (Alphabet::Standard, None)
            }
        }
        // At 36×36, 1-9A-Za has one lowercase letter: `b`-`z` are lowercase zero-based 0-9a-z.
        36 if has(|c| matches!(c, 'b'..='z')) => (Alphabet::Hex, None),
        _ if letters_only && n <= Alphabet::Letters.capacity() => (Alphabet::Letters, None),
        _ if zero_based() => zero_based_read(),
        _ => (Alphabet::Standard, None),
    }
}

/// Every symbol of `s` is an empty mark or a digit of zero-based 0-9A-…, and none is the top
/// digit N of 1-9A-…: read either way, the grid differs only in what 0 means.
fn zero_based_symbols(s: &str, n: usize) -> bool {
    n <= Alphabet::Hex.capacity()
        && !s
            .chars()
            .any(|c| Alphabet::Standard.digit(c, n) == Some(n as u8))
        && s.chars()
            .all(|c| Alphabet::Hex.is_empty_mark(c) || Alphabet::Hex.digit(c, n).is_some())
}

/// True when two cells of the grid `s` (one symbol a cell, N² of them) hold `0` in one row,
/// column or box.
fn zeros_share_a_house(s: &str, n: usize) -> bool {
    let k = basis_of(n);
    let mut seen = vec![false; 3 * n];
    for (cell, _) in s.chars().enumerate().filter(|&(_, c)| c == '0') {
        let (r, c) = (cell / n, cell % n);
        for house in [r, n + c, 2 * n + box_index(k, r, c)] {
            if std::mem::replace(&mut seen[house], true) {
                return true;
            }
        }
    }
    false
}

/// When `raw` is the N² numbers of a grid of a supported size separated by commas or by
/// semicolons (spaces around them or not), as a spreadsheet exports them, rather than by
/// spaces: the error that says so (`what`, when not empty, is what the line was read as).
pub(super) fn separated_numbers(raw: &str, line_no: usize, what: &str) -> Option<InputError> {
    [',', ';'].into_iter().find_map(|sep| {
        // Counted, not collected: a line of millions of parts would take 16 bytes each.
        let parts = || raw.trim().split(sep).map(str::trim);
        let numbers = parts().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        let count = parts().count();
        (numbers && side_of_cells(count).is_some()).then(|| {
            InputError::at(
                line_no,
                match what {
                    "" => format!("{count} numbers separated by '{sep}'"),
                    _ => format!("{what}: {count} numbers separated by '{sep}'"),
                },
                "the numbers separated by spaces (the numbers format)",
            )
        })
    })
}

/// A 9×9 puzzle as nearly every 9×9 collection writes it, 81 symbols `1`-`9` and `.` (or `0`
/// with a 9 among them) and nothing else on the line, read straight to its masks: what
/// [`read_symbols`] makes of it after every other form has turned it down (one token, not a
/// grid's length in rows, no separator, no letter), in about a seventh of the instructions.
/// `None` for any other line, `0` beside `.` or without a 9 included: there `0` may be a
/// zero-based digit.
pub(super) fn plain_9x9(raw: &str, line_no: usize) -> Option<Record> {
    let bytes: &[u8; 81] = raw.as_bytes().try_into().ok()?;
    let mut masks = [0u64; 81];
    let mut kinds = 0;
    for (m, &b) in masks.iter_mut().zip(bytes) {
        let (given, kind) = PLAIN_BYTES[usize::from(b)];
        kinds |= kind;
        *m = if given != 0 { u64::from(given) } else { 0x1ff };
    }
    let (nine, zero) = (kinds & NINE != 0, kinds & ZERO != 0);
    if kinds & OTHER != 0 || zero && (kinds & DOT != 0 || !nine) {
        return None;
    }
    // Without a 9, 1-8 and `.` read as zero-based 0-8 too (`detect_alphabet`).
    let shown = if nine { Shown::Sure } else { Shown::Open };
    let p = Puzzle {
        k: 3,
        masks: CellMasks::of_words(9, masks.to_vec()),
        alphabet: Alphabet::Standard,
        format: Format::Line,
        line: line_no,
        item: None,
        note: None,
        label: None,
        shown,
        lowercase: false,
        empty: if zero { '0' } else { '.' },
    };
    Some(check_givens(p))
}

// What [`plain_9x9`] makes of a byte: the digit it gives (none for an empty mark or another
// symbol) and its kind, a bit of those below.
const OTHER: u8 = 1;
const NINE: u8 = 2;
const DOT: u8 = 4;
const ZERO: u8 = 8;
const PLAIN_BYTES: [(u16, u8); 256] = {
    let mut t = [(0, OTHER); 256];
    let mut d = 0;
    while d < 9 {
        t[b'1' as usize + d] = (1 << d, 0);
        d += 1;
    }
    t[b'9' as usize].1 = NINE;
    t[b'.' as usize] = (0, DOT);
    t[b'0' as usize] = (0, ZERO);
    t
};

/// One puzzle of symbols; `locate` names the line and place of the symbol at a position.
pub(super) fn read_symbols(
    raw: &str,
    line_no: usize,
    opts: ReadOptions,
    locate: &dyn Fn(usize) -> (usize, String),
) -> Record {
    let (s, barred) = match separated_rows(raw) {
        Some(s) => (s, true),
        None => {
            let mut s = String::with_capacity(raw.len());
            s.extend(raw.chars().filter(|c| !c.is_whitespace()));
            (s, false)
        }
    };
    // `s` leaves out the line's whitespace (and bars): a place in it is told as the column
    // of the line where that symbol stands.
    let locate = &|pos: usize| {
        let kept = raw
            .chars()
            .enumerate()
            .filter(|&(_, c)| !(c.is_whitespace() || barred && apart(c)));
        locate(kept.map(|(i, _)| i).nth(pos).unwrap_or(pos))
    };
    let len = s.chars().count();
    let (n, candidates) = match (opts.format, side_of_cells(len), side_of_candidates(len)) {
        (Some(Format::Candidates), _, Some(n)) => (n, true),
        (Some(Format::Line), Some(n), _) => (n, false),
        (None, Some(n), _) if n <= Alphabet::Standard.capacity() => (n, false),
        (None, _, Some(n)) => (n, true),
        _ => return Err(no_grid_length(raw, &s, line_no, opts, locate)),
    };
    let k = basis_of(n);
    let Detected {
        alphabet,
        note,
        shown: surety,
    } = match opts.alphabet {
        Some(alphabet) => Detected {
            alphabet,
            note: None,
            shown: Shown::Sure,
        },
        None => detect_alphabet(&s, n, candidates),
    };
    if n > alphabet.capacity() {
        return Err(InputError::at(
            line_no,
            format!("a {n}×{n} grid cannot be written in the {alphabet} alphabet"),
            "the numbers format (whitespace-separated integers)",
        ));
    }
    let mut chars = Vec::with_capacity(len);
    chars.extend(s.chars());
    // A column of a long line (past the spaces between rows) is no help to find a typo on
    // paper: its cell is named beside it (rows drawn for people name the cell alone). A
    // candidate grid's cell is its N symbols.
    let spread = if candidates { n } else { 1 };
    let bad = |pos: usize, c: char, expected: String| {
        let (line, mut place) = locate(pos);
        if place.starts_with("column") {
            place = format!("{place} ({})", CellName::of(pos / spread, n));
        }
        InputError {
            line,
            item: None,
            what: format!("unknown symbol {} at {place}", shown(c)),
            expected,
        }
    };
    let (masks, format) = if candidates {
        let masks = candidate_masks(&chars, n, alphabet, |pos| locate(pos).0, bad)?;
        (masks, Format::Candidates)
    } else {
        (cell_masks(&chars, n, alphabet, bad)?, Format::Line)
    };
    let line_of = |cell: usize| locate(cell * spread).0;
    let chosen = opts.alphabet.is_some();
    let mixed = (!candidates && !chosen)
        .then(|| mixed_empties(&chars, n, alphabet))
        .flatten();
    let note = match (note, mixed) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    };
    check_givens_on(
        Puzzle {
            k,
            masks,
            alphabet,
            format,
            line: line_no,
            item: None,
            note,
            label: None,
            shown: surety,
            lowercase: reads_case_blind(alphabet, n)
                && chars.iter().any(|c| c.is_ascii_lowercase())
                && !chars.iter().any(|c| c.is_ascii_uppercase()),
            empty: empty_mark(&chars, alphabet),
        },
        &line_of,
    )
}

/// `|` and `/`, which set rows apart on one line.
fn apart(c: char) -> bool {
    c == '|' || c == '/'
}

/// The symbols of each part of a line that `|` or `/` cut (bars at its ends cut nothing).
fn parts(raw: &str) -> Vec<usize> {
    raw.trim_matches(|c: char| apart(c) || c.is_whitespace())
        .split(apart)
        .map(symbol_count)
        .collect()
}

/// Where rows are set apart on one line by `|` or `/` (`...3|.2..|...1|.4..`, or the
/// boxes' row segments too: `..3|.2.|6../9..|…`): the symbols without them, when every part
/// holds N symbols, or K, and the parts make an N×N grid (of a candidate grid: every part a
/// row's N² symbols, a box row's K·N or a cell's N). Parts of other lengths leave the line as
/// it is, for [`no_grid_length`] to name.
fn separated_rows(raw: &str) -> Option<String> {
    if !raw.contains(apart) {
        return None;
    }
    let parts = parts(raw);
    let total = parts.iter().sum();
    let lengths = match (side_of_cells(total), side_of_candidates(total)) {
        (Some(n), _) if n <= Alphabet::Standard.capacity() => [n, basis_of(n), n],
        (_, Some(n)) => [n * n, basis_of(n) * n, n],
        _ => return None,
    };
    let part = parts[0];
    // One part is the whole puzzle between bars.
    let regular = parts.len() == 1 || (lengths.contains(&part) && parts.iter().all(|&p| p == part));
    regular.then(|| {
        raw.chars()
            .filter(|&c| !c.is_whitespace() && !apart(c))
            .collect()
    })
}

/// Why `len` symbols (`s`, the line `raw` without whitespace) are no grid: the count, any
/// character that does not show, or what the line is if not one symbol a cell.
fn no_grid_length(
    raw: &str,
    s: &str,
    line_no: usize,
    opts: ReadOptions,
    locate: &dyn Fn(usize) -> (usize, String),
) -> InputError {
    let len = s.chars().count();
    let bars = s.chars().filter(|&c| apart(c)).count();
    // A character that does not show (a NUL, a control) would leave the count unexplained,
    // and so would bytes that do not decode (read as U+FFFD).
    let odd = s
        .char_indices()
        .find(|&(_, c)| invisible(c) || c == char::REPLACEMENT_CHARACTER);
    let what = match odd {
        Some((i, c)) => format!(
            "{}, one of them {} at {}",
            plural(len, "symbol"),
            if c == char::REPLACEMENT_CHARACTER {
                "bytes that do not decode (not UTF-8, or a broken UTF-16 or UTF-32 unit)"
                    .to_string()
            } else {
                format!("the invisible {}", shown(c))
            },
            locate(s[..i].chars().count()).1
        ),
        // Rows set apart by bars that [`separated_rows`] did not take: the bars are not
        // counted as symbols.
        None if bars > 0 => format!("{} besides {bars} `|` or `/`", plural(len - bars, "symbol")),
        None => plural(len, "symbol"),
    };
    if bars > 0 && odd.is_none() && puzzle_length(len - bars) {
        // A grid's worth of symbols, cut unevenly: say so, not that the length is wrong.
        let lengths: Vec<String> = parts(raw).iter().map(usize::to_string).collect();
        return InputError::at(
            line_no,
            format!(
                "{}, set apart by `|` or `/` in parts of {} symbols",
                plural(len - bars, "symbol"),
                lengths.join(", ")
            ),
            "rows of N symbols each between the bars (or every part a box's row \
                       of K)",
        );
    }
    if let Some(e) = separated_numbers(raw, line_no, &what) {
        return e;
    }
    // The cells of a grid past one symbol a digit (N > 61): say so, not "wrong length".
    if let (None, Some(n)) = (opts.format, side_of_cells(len)) {
        return InputError::at(
            line_no,
            format!(
                "{what}: a {n}×{n} grid, whose digits go past the {} symbols of an alphabet",
                Alphabet::Standard.capacity()
            ),
            "the numbers format (whitespace-separated integers)",
        );
    }
    // One row of a drawn grid on a line of its own (a row too many under a grid, or a grid
    // whose other rows are gone): name the grid it is a row of.
    // Its symbols must be those of such a grid (`xxxx` is no row of a 4×4).
    let cells = len - bars;
    let alphabets = opts.alphabets();
    let cell = |c: char| {
        let mut of = alphabets.iter();
        of.any(|a| a.is_empty_mark(c) || a.digit(c, cells).is_some())
    };
    let row = s.chars().all(|c| apart(c) || cell(c));
    if row && !reads_as_words(raw, len) && opts.format != Some(Format::Candidates) && is_side(cells)
    {
        let lines = match opts.format {
            // A line a puzzle, as forced: no grid of rows is read.
            Some(Format::Line) => String::new(),
            _ => format!(
                ", or {cells} rows of {cells} symbols with no blank line or comment between them"
            ),
        };
        return InputError::at(
            line_no,
            format!("{what}: one row of a {cells}×{cells} grid, alone"),
            format!("{} symbols on a line{lines}", cells * cells),
        );
    }
    // A puzzle in single quotes, as cmd.exe passes `echo '…'` on: the quotes are no symbols.
    let quoted = raw
        .trim()
        .strip_prefix('\'')
        .and_then(|q| q.strip_suffix('\''))
        .filter(|q| puzzle_length(symbol_count(q)));
    if quoted.is_some() {
        return InputError::at(
            line_no,
            format!("{what}: a puzzle in single quotes"),
            "the puzzle without them (cmd.exe passes single quotes on as text: use double \
             quotes there, or none)",
        );
    }
    // A key and a tab before a whole puzzle (`key<TAB>puzzle`, as Hadoop streaming writes
    // lines), the key too long or odd for a label: say what to cut. Not a puzzle a symbol
    // or two off before its solution: nearly as long, of the same symbols.
    let keyed = raw.split_once('\t').filter(|(key, rest)| {
        let cut_puzzle = 4 * symbol_count(key) >= 3 * symbol_count(rest)
            && key
                .chars()
                .all(|c| rest.contains(c) || matches!(c, '.' | '0' | '-' | '_'));
        !key.trim().is_empty() && puzzle_length(symbol_count(rest)) && !cut_puzzle
    });
    if let Some((key, _)) = keyed {
        return InputError::at(
            line_no,
            format!(
                "{what}: a puzzle after the key {} and a tab",
                opening(key.trim())
            ),
            "a puzzle alone on its line, or after a label and a tab (letters and digits, under \
             half the puzzle's length): cut such keys off first (`cut -f2-`)",
        );
    }
    let mut expected = length_hint(opts.format);
    let words = reads_as_words(raw, len);
    // A slip of a symbol or two is told as such, unless the line is text or has a symbol
    // that explains its count.
    let what = match (opts.format, near_grid(len - bars)) {
        (Some(Format::Candidates), _) | (_, None) => what,
        _ if words || odd.is_some() => what,
        (_, Some((n, off))) if off < 0 => format!("{what}, {} short of a {n}×{n} grid", -off),
        (_, Some((n, off))) => format!("{what}, {off} more than a {n}×{n} grid has"),
    };
    if words {
        expected.push_str("; a line of text, such as a title, starts with `#`");
    }
    InputError {
        line: line_no,
        item: None,
        what,
        expected,
    }
}

/// The side of the grid whose N² cells `len` symbols come within a slip of (a symbol or two
/// off, up to 2 % of the cells), and by how many they are off: `(9, -1)` for 80.
fn near_grid(len: usize) -> Option<(usize, isize)> {
    crate::basis::SUPPORTED.map(|k| k * k).find_map(|n| {
        let off = len as isize - (n * n) as isize;
        (off != 0 && off.unsigned_abs() <= (n * n / 50).max(2)).then_some((n, off))
    })
}

/// Whether a line of `len` symbols, too short for any grid, reads as words (`Sudoku #1`, a
/// title above a grid): a word of three letters or more beside another word.
fn reads_as_words(raw: &str, len: usize) -> bool {
    let words: Vec<&str> = raw.split_whitespace().collect();
    len < 16
        && words.len() > 1
        && words
            .iter()
            .any(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 3)
}

/// The masks of a candidate grid: cell by cell, each cell's N positions holding its digit's
/// symbol or an empty mark. `bad` makes the error for a symbol out of place.
fn candidate_masks(
    chars: &[char],
    n: usize,
    alphabet: Alphabet,
    line_of: impl Fn(usize) -> usize,
    bad: impl Fn(usize, char, String) -> InputError,
) -> Result<CellMasks, InputError> {
    let mut masks = CellMasks::with_capacity(n, n * n);
    for cell in 0..n * n {
        let mut m = Wide256::ZERO;
        for d in 0..n {
            let pos = cell * n + d;
            let c = chars[pos];
            if alphabet.is_empty_mark(c) {
                continue;
            }
            match alphabet.digit(c, n) {
                Some(v) if v as usize == d + 1 => m |= Wide256::bit(d),
                _ => {
                    let want = alphabet.symbol(d as u8 + 1);
                    return Err(bad(
                        pos,
                        c,
                        format!(
                            "'{want}' or '.' at position {} of {}",
                            d + 1,
                            CellName::of(cell, n)
                        ),
                    ));
                }
            }
        }
        if m.is_empty() {
            return Err(InputError::at(
                line_of(cell * n),
                format!("{} has no candidate", CellName::of(cell, n)),
                "at least one candidate in every cell",
            ));
        }
        masks.push(m);
    }
    Ok(masks)
}

/// The masks of a grid of one symbol a cell: a digit, or every digit for an empty mark.
fn cell_masks(
    chars: &[char],
    n: usize,
    alphabet: Alphabet,
    bad: impl Fn(usize, char, String) -> InputError,
) -> Result<CellMasks, InputError> {
    let all = Wide256::low(n);
    let mut masks = CellMasks::with_capacity(n, n * n);
    for (pos, &c) in chars.iter().enumerate() {
        if alphabet.is_empty_mark(c) {
            masks.push(all);
        } else if let Some(d) = alphabet.digit(c, n) {
            masks.push(Wide256::bit(d as usize - 1));
        } else {
            let empties = if alphabet.is_empty_mark('0') {
                ". 0 - _"
            } else {
                ". - _"
            };
            let expected = format!(
                "a digit {} or an empty mark {empties}",
                alphabet.describe(n)
            );
            return Err(bad(pos, c, expected));
        }
    }
    Ok(masks)
}

/// The one empty mark `chars` use, or `.` when they use none or several.
/// Most cells [`mixed_empties`] names.
const MIXED_NAMED: usize = 3;

/// A note when a few open cells of a puzzle of one symbol a cell are `0` and the others
/// another mark (`.`), in an alphabet where `O` is a digit (25×25 and up): those may be `O`s
/// mistyped, read as open cells all the same. Names their cells: `'.' and '0' both mark open
/// cells; '0' at r5c4 only: an O mistyped?` Not when the alphabet was chosen, nor for a stray
/// `.` among `0`s.
fn mixed_empties(chars: &[char], n: usize, alphabet: Alphabet) -> Option<String> {
    if !alphabet.is_empty_mark('0') || alphabet.digit('O', n).is_none() {
        return None;
    }
    let zeros: Vec<usize> = (0..chars.len()).filter(|&i| chars[i] == '0').collect();
    let mut others = chars
        .iter()
        .filter(|&&c| c != '0' && alphabet.is_empty_mark(c));
    let other = *others.next()?;
    if zeros.is_empty() || zeros.len() > others.count() + 1 {
        return None;
    }
    let mut named: Vec<String> = zeros
        .iter()
        .take(MIXED_NAMED)
        .map(|&i| CellName::of(i, n).to_string())
        .collect();
    if zeros.len() > MIXED_NAMED {
        named.push(format!("and {} more", zeros.len() - MIXED_NAMED));
    }
    Some(format!(
        "'{other}' and '0' both mark open cells; '0' at {} only: an O mistyped?",
        named.join(", ")
    ))
}

fn empty_mark(chars: &[char], alphabet: Alphabet) -> char {
    let mut marks = chars.iter().filter(|&&c| alphabet.is_empty_mark(c));
    match marks.next() {
        Some(&first) if marks.all(|&c| c == first) => first,
        _ => '.',
    }
}

/// Whether `alphabet` reads a letter's two cases as one digit at size `n`, so that the case is
/// the writer's choice (the standard alphabet from 36×36 up gives `a`-`z` digits of their own).
fn reads_case_blind(alphabet: Alphabet, n: usize) -> bool {
    alphabet != Alphabet::Standard || n <= 35
}
