//! A parsed puzzle of any supported basis, and the check that no digit is given twice in a
//! house.

use super::{Format, InputError, Record};
use crate::alphabet::Alphabet;
use crate::basis::SUPPORTED;
use crate::mask::{CellMasks, Mask, Wide256};
use crate::topology::{box_index, CellName};

/// A parsed puzzle of any supported basis, at the program's edge (not yet typed by basis).
///
/// The reader and [`Puzzle::from_digits`] make only puzzles whose basis is in [`SUPPORTED`],
/// with its k⁴ cells. A puzzle built field by field must keep to that too: every function
/// that takes a `Puzzle` (solving, rating, rendering) panics on another basis or cell count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Basis.
    pub k: usize,
    /// Candidates per cell, bit `d` = digit `d + 1`; a given is a single bit. Packed in as many
    /// 64-bit words a cell as N needs; each reads as a [`Wide256`] (up to 225 digits), and
    /// [`crate::Grid::from_masks`] takes them to a basis's own word.
    pub masks: CellMasks,
    /// Alphabet it was written in (for output).
    pub alphabet: Alphabet,
    /// Format it was written in (for output).
    pub format: Format,
    /// 1-based line where it starts.
    pub line: usize,
    /// 1-based place in a JSON list of puzzles, when it came from one (a list on one line puts
    /// all its items on one line).
    pub item: Option<usize>,
    /// What the reader guessed, when detection was ambiguous.
    pub note: Option<String>,
    /// The text before the puzzle on its line, as written, its separators too (`p12: `, `1,`,
    /// `key<TAB>`): one or two labels the reader passed over. Written back before its answer,
    /// so that answers can be joined to their puzzles by key.
    pub label: Option<String>,
    /// How surely its symbols show `alphabet`: a reader keeps a file's puzzles of a size whose
    /// symbols fit two alphabets in the one the file showed.
    pub(crate) shown: Shown,
    /// Its letters were all lowercase (`a`-`f` hex, say): lines written back keep them so.
    pub lowercase: bool,
    /// The mark it wrote every empty cell (or absent candidate) with, one of `.`, `0`, `-`,
    /// `_`: lines written back keep it. `.` when it came in numbers or mixed its marks.
    pub empty: char,
}

/// How surely a puzzle's symbols show the alphabet it was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// They fit no other alphabet (or it was forced, or the puzzle came as numbers).
    Sure,
    /// They fit two, and lean to this one (`0` beside `.` looks zero-based): a guess, noted.
    Guessed,
    /// They fit two and lean to neither: no `0` and no symbol for the top digit N, so 1-9A-…
    /// (digits 1 to N-1) reads as zero-based 0-9A-… (digits 2 to N) as well.
    Open,
}

/// How messages name item `item` (1-based) of a JSON list of puzzles.
pub fn item_name(item: usize) -> String {
    format!("item {item} of the JSON list")
}

/// `line 5`, or `line 5: item 3 of the JSON list`: where a record is, for messages.
pub(super) fn place(line: usize, item: Option<usize>) -> String {
    match item {
        Some(item) => format!("line {line}: {}", item_name(item)),
        None => format!("line {line}"),
    }
}

impl std::str::FromStr for Puzzle {
    type Err = InputError;

    /// [`read_one`](super::read_one) with the default options: the first record of the text,
    /// its form and alphabet detected; what follows the first puzzle is not read.
    fn from_str(text: &str) -> Result<Puzzle, InputError> {
        super::read_one(text, Default::default())
    }
}

impl Puzzle {
    /// Add `note` after any the reader made before.
    pub(crate) fn add_note(&mut self, note: String) {
        self.note = Some(match self.note.take() {
            Some(other) => format!("{other}; {note}"),
            None => note,
        });
    }

    /// Add `note` before any the reader made: it says how the rest was read.
    pub(crate) fn add_note_first(&mut self, note: String) {
        self.note = Some(match self.note.take() {
            Some(other) => format!("{note}; {other}"),
            None => note,
        });
    }

    /// Where it is, for messages: `line 5`, or `line 5: item 3 of the JSON list` (as the
    /// reader names a bad item).
    pub fn place(&self) -> String {
        place(self.line, self.item)
    }

    /// The labels before the puzzle without the separators after them or quotes around them
    /// (`p12`, `1`, `1,p12`), as JSON records name them.
    pub fn label_name(&self) -> Option<String> {
        let label = self.label.as_deref()?;
        let name = label.trim_end_matches(|c: char| c.is_whitespace() || ",:;".contains(c));
        Some(name.replace('"', ""))
    }

    /// Side of the grid.
    pub fn n(&self) -> usize {
        self.k * self.k
    }

    /// `line` (written in this puzzle's alphabet) in the case the puzzle's letters came in.
    pub fn in_case(&self, line: String) -> String {
        if self.lowercase {
            line.to_ascii_lowercase()
        } else {
            line
        }
    }

    /// `line`, one symbol a cell (or a candidate) with `.` for an empty one, with the
    /// puzzle's empty mark instead.
    pub fn with_empty_mark(&self, line: String) -> String {
        match self.empty {
            '.' => line,
            mark => line.replace('.', mark.encode_utf8(&mut [0; 4])),
        }
    }

    /// The alphabet text about this puzzle writes its digits in (steps, candidate grids,
    /// pictures): decimal for a puzzle written as numbers (from 16×16 up, where the two differ)
    /// or beyond every alphabet, else the puzzle's own.
    pub fn text_alphabet(&self) -> Alphabet {
        let n = self.n();
        if (self.format == Format::Numbers && n > 9) || n > self.alphabet.capacity() {
            Alphabet::Decimal
        } else {
            self.alphabet
        }
    }

    /// Digits of placed cells, 0 for open cells.
    pub fn digits(&self) -> Vec<u8> {
        self.masks.digits()
    }

    /// Build from digits (0 = empty) of basis `k`, written in `alphabet` as one line, or as
    /// numbers when N is beyond the alphabet (64×64 and up, or [`Alphabet::Decimal`]). Fails,
    /// as the reader does, on a basis outside [`SUPPORTED`], a wrong number of digits, a digit
    /// above N, or a digit given twice in a house.
    ///
    /// ```
    /// use nsudoku::{Alphabet, Puzzle};
    /// let mut digits = vec![0u8; 16];
    /// digits[0] = 1;
    /// assert!(Puzzle::from_digits(2, &digits, Alphabet::Standard).is_ok());
    /// digits[1] = 1; // twice in row 1
    /// assert!(Puzzle::from_digits(2, &digits, Alphabet::Standard).is_err());
    /// assert!(Puzzle::from_digits(16, &[0; 65536], Alphabet::Standard).is_err());
    /// assert!(Puzzle::from_digits(11, &[0; 14641], Alphabet::Standard).is_ok());
    /// let e = Puzzle::from_digits(3, &[0; 5], Alphabet::Standard).unwrap_err();
    /// assert_eq!(e.to_string(), "5 digits; expected 81 for basis 3"); // no line to name
    /// // 64×64 has no symbol a digit: written back as numbers.
    /// let p = Puzzle::from_digits(8, &[0; 4096], Alphabet::Standard).unwrap();
    /// assert!(nsudoku::output::like_input(&p, &p.digits()).starts_with("0 0 0"));
    /// ```
    pub fn from_digits(k: usize, digits: &[u8], alphabet: Alphabet) -> Result<Self, InputError> {
        let n = k.saturating_mul(k);
        let err = |what: String, expected: String| InputError {
            line: 0,
            item: None,
            what,
            expected,
        };
        if !SUPPORTED.contains(&k) {
            return Err(err(
                format!("basis {k}"),
                format!("a basis {} to {}", SUPPORTED.start(), SUPPORTED.end()),
            ));
        }
        if digits.len() != n * n {
            return Err(err(
                format!("{} digits", digits.len()),
                format!("{} for basis {k}", n * n),
            ));
        }
        if let Some(&d) = digits.iter().find(|&&d| d as usize > n) {
            return Err(err(format!("digit {d}"), format!("0 (empty) or 1-{n}")));
        }
        check_givens(Puzzle {
            k,
            masks: CellMasks::of(n, digits.iter().map(|&d| Wide256::of_digit(d, n))),
            alphabet,
            format: if n > alphabet.capacity() {
                Format::Numbers
            } else {
                Format::Line
            },
            line: 0,
            item: None,
            note: None,
            label: None,
            shown: Shown::Sure,
            lowercase: false,
            empty: '.',
        })
    }
}

/// Reject a digit placed twice in one house.
pub(super) fn check_givens(p: Puzzle) -> Record {
    let line = p.line;
    check_givens_on(p, &|_| line)
}

/// [`check_givens`] for a grid read over several lines, `line_of` naming the line each cell
/// came from: a clash is told at the line of its later cell, as a bad symbol is at its own.
pub(super) fn check_givens_on(p: Puzzle, line_of: &dyn Fn(usize) -> usize) -> Record {
    let n = p.n();
    let k = p.k;
    if p.masks.words().is_some_and(|masks| givens_apart(masks, k)) {
        return Ok(p);
    }
    let digits = p.digits();
    // Cells fit 32 bits (225² at most); the table is 3n(n + 1) of them.
    let mut seen = vec![u32::MAX; 3 * n * (n + 1)];
    for (cell, &d) in digits.iter().enumerate().filter(|&(_, &d)| d != 0) {
        let (r, c) = (cell / n, cell % n);
        let b = box_index(k, r, c);
        for (kind, h, name) in [(0, r, "row"), (1, c, "column"), (2, b, "box")] {
            let slot = &mut seen[(kind * n + h) * (n + 1) + d as usize];
            if *slot != u32::MAX {
                let other = *slot as usize;
                return Err(InputError::at(
                    line_of(cell),
                    format!(
                        "{} is given twice in {name} {}: {} and {}",
                        p.text_alphabet().label(d, n),
                        h + 1,
                        CellName::of(other, n),
                        CellName::of(cell, n)
                    ),
                    "each digit at most once in every row, column and box",
                ));
            }
            *slot = cell as u32;
        }
    }
    Ok(p)
}

/// Whether no digit is given twice in a house of a grid of basis `k` ≤ 5 (masks one word a
/// cell): one mask of the digits seen a house, no table of cells. False also when the grid is
/// larger, for [`check_givens`] to look cell by cell (as it does to name a clash).
pub(super) fn givens_apart(masks: &[u64], k: usize) -> bool {
    match k {
        2 => givens_apart_in::<2, 4>(masks),
        3 => givens_apart_in::<3, 9>(masks),
        4 => givens_apart_in::<4, 16>(masks),
        5 => givens_apart_in::<5, 25>(masks),
        _ => false,
    }
}

/// [`givens_apart`] at basis `K`, side `N` (fixed, so that the loops unroll).
fn givens_apart_in<const K: usize, const N: usize>(masks: &[u64]) -> bool {
    if masks.len() != N * N {
        return false;
    }
    let (mut cols, mut boxes) = ([0u64; N], [0u64; N]);
    let mut clash = 0;
    for r in 0..N {
        let mut row = 0;
        // Fixed bounds: the row unrolls, its columns and boxes at fixed places.
        for c in 0..N {
            let m = masks[r * N + c];
            let b = r / K * K + c / K;
            // A given holds one candidate; other cells count nothing.
            let given = m & u64::from(m & m.wrapping_sub(1) == 0).wrapping_neg();
            clash |= (row | cols[c] | boxes[b]) & given;
            row |= given;
            cols[c] |= given;
            boxes[b] |= given;
        }
    }
    clash == 0
}
