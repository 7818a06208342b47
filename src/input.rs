//! Reading puzzles as people write them: one puzzle a line in a character alphabet, whitespace
//! separated numbers (one line, or N lines of N), or N³-character candidate grids.
//!
//! Every line that is not a puzzle (blank, `#` comment) is skipped; every line that should be a
//! puzzle but is not becomes an [`InputError`] with its 1-based line number, so a batch can report
//! it and go on.

use crate::alphabet::Alphabet;
use crate::basis::SUPPORTED;
use std::fmt;

/// How a puzzle was written; output uses the same form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// N² symbols on one line.
    Line,
    /// Whitespace-separated integers, 0 = empty.
    Numbers,
    /// N³ symbols: each cell's N positions hold the digit's symbol or `.`.
    Candidates,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "line" => Ok(Format::Line),
            "numbers" => Ok(Format::Numbers),
            "candidates" => Ok(Format::Candidates),
            _ => Err(format!(
                "unknown format '{s}'; expected line, numbers or candidates"
            )),
        }
    }
}

/// A parsed puzzle of any supported basis, at the program's edge (not yet typed by basis).
///
/// The reader and [`Puzzle::from_digits`] make only puzzles whose basis is in [`SUPPORTED`],
/// with its k⁴ cells. A puzzle built field by field must keep to that too: every function
/// that takes a `Puzzle` (solving, rating, rendering) panics on another basis or cell count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Basis.
    pub k: usize,
    /// Candidates per cell, bit `d` = digit `d + 1`; a given is a single bit.
    pub masks: Vec<u128>,
    /// Alphabet it was written in (for output).
    pub alphabet: Alphabet,
    /// Format it was written in (for output).
    pub format: Format,
    /// 1-based line where it starts.
    pub line: usize,
    /// What the reader guessed, when detection was ambiguous.
    pub note: Option<String>,
    /// Its letters were all lowercase (`a`-`f` hex, say): lines written back keep them so.
    pub lowercase: bool,
}

impl Puzzle {
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
        self.masks
            .iter()
            .map(|&m| {
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect()
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
    /// assert!(Puzzle::from_digits(11, &[0; 14641], Alphabet::Standard).is_err());
    /// // 64×64 has no symbol a digit: written back as numbers.
    /// let p = Puzzle::from_digits(8, &[0; 4096], Alphabet::Standard).unwrap();
    /// assert!(nsudoku::output::like_input(&p, &p.digits()).starts_with("0 0 0"));
    /// ```
    pub fn from_digits(k: usize, digits: &[u8], alphabet: Alphabet) -> Result<Self, InputError> {
        let n = k * k;
        let err = |what: String, expected: String| InputError {
            line: 0,
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
        let all = (1u128 << n) - 1;
        check_givens(Puzzle {
            k,
            masks: digits
                .iter()
                .map(|&d| if d == 0 { all } else { 1u128 << (d - 1) })
                .collect(),
            alphabet,
            format: if n > alphabet.capacity() {
                Format::Numbers
            } else {
                Format::Line
            },
            line: 0,
            note: None,
            lowercase: false,
        })
    }
}

/// A line that should have been a puzzle and is not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub what: String,
    /// What was expected instead.
    pub expected: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: {}; expected {}",
            self.line, self.what, self.expected
        )
    }
}

impl std::error::Error for InputError {}

/// Choices the user can force instead of detection.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// Alphabet for character input; detected when `None`.
    pub alphabet: Option<Alphabet>,
    /// Input format; detected when `None`.
    pub format: Option<Format>,
}

/// One item of a batch: a puzzle or the error that stands in its place.
pub type Record = Result<Puzzle, InputError>;

/// Grid sides this build supports.
fn side_of_cells(len: usize) -> Option<usize> {
    SUPPORTED.map(|k| k * k).find(|&n| n * n == len)
}

fn side_of_candidates(len: usize) -> Option<usize> {
    SUPPORTED.map(|k| k * k).find(|&n| n * n * n == len)
}

/// The basis K when `cells` is the K⁴ cells of a grid beyond [`SUPPORTED`].
fn unsupported_basis(cells: usize) -> Option<usize> {
    (SUPPORTED.end() + 1..=64).find(|&k| k * k * k * k == cells)
}

fn basis_of(n: usize) -> usize {
    (2..).find(|k| k * k >= n).unwrap_or(n)
}

fn sizes_hint() -> String {
    format!(
        "{} symbols (N² for N = 4, 9, 16, 25, …) or N³ for a candidate grid",
        lengths(2)
    )
}

/// The first grid lengths for cells of `dims` dimensions (2: N², 3: N³), for messages.
fn lengths(dims: u32) -> String {
    let v: Vec<String> = SUPPORTED
        .take(6)
        .map(|k| (k * k).pow(dims).to_string())
        .collect();
    v.join(", ")
}

/// What a line of symbols must be, in the format forced or in any.
fn length_hint(format: Option<Format>) -> String {
    match format {
        Some(Format::Line) => format!("{}, … symbols (N² for N = 4, 9, 16, 25, …)", lengths(2)),
        Some(Format::Candidates) => format!(
            "{}, … symbols for a candidate grid (N³ for N = 4, 9, 16, 25, …)",
            lengths(3)
        ),
        _ => sizes_hint(),
    }
}

/// Read every puzzle of `text`, in order.
pub fn read_all(text: &str, opts: ReadOptions) -> Vec<Record> {
    // A file of old Mac line ends (CR alone) has its lines too; CRLF stays one line end.
    let owned;
    let bytes = text.as_bytes();
    let lone_cr = (0..bytes.len()).any(|i| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
    let text = if lone_cr {
        owned = text.replace("\r\n", "\n").replace('\r', "\n");
        &owned[..]
    } else {
        text
    };
    // A DOS end-of-file mark (Ctrl-Z) after the last line is not a puzzle.
    let text = text.trim_end_matches(['\u{1a}', '\r', '\n']);
    // A byte-order mark (editors on Windows write one) is not part of a puzzle, at the start
    // of the text or of a line (files with one each, joined with `cat`).
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.strip_prefix('\u{feff}').unwrap_or(l))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let raw = lines[i].trim();
        let line_no = i + 1;
        // A box rule of a grid drawn for people (`+-------+-------+`) is not a puzzle.
        if raw.is_empty() || raw.starts_with('#') || is_rule(raw, None) {
            i += 1;
            continue;
        }
        let at_column = |pos: usize| (line_no, format!("column {}", pos + 1));
        // A puzzle followed by more, as `rate` and `generate --solution` write lines, tdoku's
        // `puzzle:count:solution` and the `quizzes,solutions` CSV: the puzzle is read, and a
        // note says what was passed over.
        if let Some((field, sep)) =
            first_field(raw).filter(|_| opts.format != Some(Format::Numbers))
        {
            let mut rec = read_symbols(field, line_no, opts, &at_column);
            if let Ok(p) = &mut rec {
                let note = format!("the text after the puzzle (from '{sep}') is passed over");
                p.note = Some(match p.note.take() {
                    Some(other) => format!("{other}; {note}"),
                    None => note,
                });
            }
            out.push(rec);
            i += 1;
            continue;
        }
        let numbers = match opts.format {
            Some(Format::Numbers) => true,
            Some(_) => false,
            None => {
                raw.split_whitespace().nth(1).is_some()
                    && raw.split_whitespace().all(number_token)
                    && raw.bytes().any(|b| b.is_ascii_digit())
            }
        };
        // Candidate grids too large for one symbol a digit, as `candidates_line` writes them:
        // each cell's digits joined by commas, cells separated by spaces.
        let lists = opts.format != Some(Format::Numbers)
            && opts.format != Some(Format::Line)
            && raw.contains(',')
            && raw.split_whitespace().all(|t| {
                t.split(',')
                    .all(|x| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()))
            });
        if lists {
            out.push(read_candidate_lists(raw, line_no));
            i += 1;
        } else if numbers {
            let (rec, used) = read_numbers(&lines, i);
            out.push(rec);
            i += used;
        } else if let Some(n) = symbol_rows_start(&lines, i, opts) {
            let (rec, used) = read_symbol_rows(&lines, i, n, opts);
            out.push(rec);
            i += used;
        } else {
            out.push(read_symbols(raw, line_no, opts, &at_column));
            i += 1;
        }
    }
    out
}

/// The puzzle at the start of a line that holds more (`puzzle solution`, `puzzle,solution`,
/// `puzzle:count:solution`), and the separator after it: only when the line as a whole is not
/// a puzzle and its first field is one.
fn first_field(raw: &str) -> Option<(&str, char)> {
    let at = raw.find([',', ':', ';', '\t', ' '])?;
    let symbols = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
    let fits = |n: usize| side_of_cells(n).is_some() || side_of_candidates(n).is_some();
    let (field, rest) = raw.split_at(at);
    let sep = rest.chars().next()?;
    (fits(symbols(field)) && !rest[1..].trim().is_empty() && !fits(symbols(raw)))
        .then_some((field, sep))
}

/// The cells of a row of symbols as people draw grids: the line without spaces and `|`.
fn row_cells(line: &str) -> Vec<char> {
    line.chars()
        .filter(|c| !c.is_whitespace() && *c != '|')
        .collect()
}

/// Whether `line` is a box rule between the bands of a drawn grid: `+`, `-`, `=` and `|` with
/// a `+` (`+-------+`, `------+------`); inside a grid of rows of `n` symbols, also a line
/// of dashes that is not a row (`---------------------`).
fn is_rule(line: &str, n: Option<usize>) -> bool {
    let t = row_cells(line);
    let drawn = |c: &char| matches!(c, '+' | '-' | '=');
    !t.is_empty()
        && t.iter().all(drawn)
        && (t.contains(&'+') || n.is_some_and(|n| t.len() != n) || line.contains('|'))
}

/// The side N when the line at `start` begins a grid written as N rows of N symbols (with or
/// without spaces and box rules): it holds N symbols for N from 4 to 49 and the next row
/// does too. Sixteen symbols are also a whole 4×4 puzzle: the symbols above 4 decide, as
/// [`big_grid`] says for rows of numbers.
fn symbol_rows_start(lines: &[&str], start: usize, opts: ReadOptions) -> Option<usize> {
    if !matches!(opts.format, None | Some(Format::Line)) {
        return None;
    }
    let first = row_cells(lines[start]);
    let n = first.len();
    if !SUPPORTED.map(|k| k * k).any(|m| m == n) || n > 49 {
        return None;
    }
    // The lines that would be its other rows; most must hold N symbols (one bad row still
    // belongs to the grid).
    let next: Vec<Vec<char>> = lines[start + 1..]
        .iter()
        .map(|l| l.trim())
        .take_while(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|l| !is_rule(l, Some(n)))
        .map(row_cells)
        .take_while(|r| r.len() == n || side_of_cells(r.len()).is_none())
        .take(n - 1)
        .collect();
    let rows: Vec<&Vec<char>> = next.iter().filter(|r| r.len() == n).collect();
    if rows.is_empty() || 2 * rows.len() < next.len() {
        return None;
    }
    if n != 16 || lines[start].contains('|') {
        return Some(n);
    }
    let small = |c: &char| matches!(c, '0'..='4' | '.' | '-' | '_');
    let given = |c: &char| !matches!(c, '0' | '.' | '-' | '_');
    let above: usize = rows
        .iter()
        .map(|r| r.iter().filter(|c| !small(c)).count())
        .sum();
    let givens: usize = rows
        .iter()
        .map(|r| r.iter().filter(|c| given(c)).count())
        .sum();
    big_grid(first.iter().any(|c| !small(c)), above, givens).then_some(n)
}

/// Whether rows of N = 16 (or 81) cells are one big grid rather than small grids one a line,
/// from the first row (whether it holds a digit too big for a small grid) and the next ones
/// (how many of their givens are too big, of how many): when the first does, another must too
/// (or the rest hold no givens), else one value out of range among small grids is that grid's
/// error; when it does not, most givens of the rest must be too big, as in a big grid whose
/// first row happens to hold small digits only.
fn big_grid(first_above: bool, above: usize, givens: usize) -> bool {
    if first_above {
        above > 0 || givens == 0
    } else {
        2 * above > givens
    }
}

/// A grid of N rows of N symbols from `start` (box rules passed over); returns lines
/// consumed. A blank line, a comment, a whole puzzle or the end of the text ends it early; a
/// bad row spoils the grid, whose other rows go with it.
fn read_symbol_rows(lines: &[&str], start: usize, n: usize, opts: ReadOptions) -> (Record, usize) {
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    let mut idx = start;
    while rows.len() < n && idx < lines.len() {
        let l = lines[idx].trim();
        if l.is_empty() || l.starts_with('#') {
            break;
        }
        if !is_rule(l, Some(n)) {
            let cells = row_cells(l);
            if cells.len() != n && (whole_puzzle(l, n) || side_of_cells(cells.len()).is_some()) {
                break;
            }
            rows.push((idx, cells));
        }
        idx += 1;
    }
    let used = idx - start;
    if rows.len() < n {
        let err = InputError {
            line: start + 1,
            what: format!("grid of {n} symbols a row ends after {} rows", rows.len()),
            expected: format!("{n} rows of {n} symbols"),
        };
        return (Err(err), used);
    }
    if let Some((r, (at, cells))) = rows.iter().enumerate().find(|(_, (_, c))| c.len() != n) {
        let err = InputError {
            line: at + 1,
            what: format!("row {} of the grid has {} symbols", r + 1, cells.len()),
            expected: format!("{n} symbols a row"),
        };
        return (Err(err), used);
    }
    let text: String = rows.iter().flat_map(|(_, c)| c).collect();
    let opts = ReadOptions {
        format: Some(Format::Line),
        ..opts
    };
    let locate = |pos: usize| {
        (
            rows[pos / n].0 + 1,
            format!("r{}c{}", pos / n + 1, pos % n + 1),
        )
    };
    (read_symbols(&text, start + 1, opts, &locate), used)
}

/// The text of a puzzle file: UTF-8 (invalid bytes replaced, to be named by the reader), or
/// UTF-16 with a byte-order mark (Windows editors save "Unicode" so). UTF-16 without one is
/// refused, as read as UTF-8 it would be every other character a NUL.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    let utf16 = |be: bool| {
        let units = bytes[2..].chunks_exact(2).map(|b| {
            if be {
                u16::from_be_bytes([b[0], b[1]])
            } else {
                u16::from_le_bytes([b[0], b[1]])
            }
        });
        char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect()
    };
    match bytes {
        [0xff, 0xfe, ..] => Ok(utf16(false)),
        [0xfe, 0xff, ..] => Ok(utf16(true)),
        _ if bytes.len() >= 4 && bytes.iter().filter(|&&b| b == 0).count() * 4 >= bytes.len() => {
            Err("it looks like UTF-16 text without a byte-order mark; expected UTF-8".into())
        }
        _ => Ok(String::from_utf8_lossy(bytes).into_owned()),
    }
}

/// Read one puzzle line (or a block of numbers starting there); convenience for tests and APIs.
pub fn read_one(text: &str, opts: ReadOptions) -> Record {
    read_all(text, opts).into_iter().next().unwrap_or_else(|| {
        Err(InputError {
            line: 1,
            what: "no puzzle found".into(),
            expected: sizes_hint(),
        })
    })
}

fn parse_ints(line: &str, line_no: usize) -> Result<Vec<u32>, InputError> {
    line.split_whitespace()
        .map(|t| match t {
            // An empty cell may be written as in the one-symbol forms.
            "." | "-" | "_" => Ok(0),
            _ => t.parse::<u32>().map_err(|_| InputError {
                line: line_no,
                what: format!("'{t}' is not a number"),
                expected: "whitespace-separated integers, 0 (or `.`) for an empty cell".into(),
            }),
        })
        .collect()
}

/// Whether a token can stand for a cell in the numbers form: digits, or an empty mark.
fn number_token(t: &str) -> bool {
    matches!(t, "." | "-" | "_") || t.bytes().all(|b| b.is_ascii_digit())
}

/// A candidate grid written as N² cells of comma-separated digits (the form of grids whose N
/// is beyond one symbol a digit, 64×64 and up).
fn read_candidate_lists(raw: &str, line_no: usize) -> Record {
    let cells: Vec<&str> = raw.split_whitespace().collect();
    let Some(n) = side_of_cells(cells.len()) else {
        return Err(InputError {
            line: line_no,
            what: format!("{} cells of comma-separated candidates", cells.len()),
            expected: "N² cells (4096 for 64×64, 6561 for 81×81, 10000 for 100×100)".into(),
        });
    };
    let mut masks = Vec::with_capacity(n * n);
    for (c, cell) in cells.iter().enumerate() {
        let mut m = 0u128;
        for x in cell.split(',') {
            match x.parse::<usize>() {
                Ok(d) if (1..=n).contains(&d) => m |= 1 << (d - 1),
                _ => {
                    return Err(InputError {
                        line: line_no,
                        what: format!("r{}c{} lists {x}", c / n + 1, c % n + 1),
                        expected: format!("candidates 1-{n}"),
                    })
                }
            }
        }
        masks.push(m);
    }
    check_givens(Puzzle {
        k: basis_of(n),
        masks,
        alphabet: Alphabet::Decimal,
        format: Format::Candidates,
        line: line_no,
        note: None,
        lowercase: false,
    })
}

/// Whether the line at `start` and the lines after it are the rows of one big grid rather than
/// small grids of `small` digits, one a line. The next line must be a row (about `m` numbers,
/// not a whole puzzle); over the rows that follow, up to a blank line, a comment or a whole
/// puzzle, and leaving out rows with a wrong count (a bad row still belongs to its grid), the
/// values above `small` decide as [`big_grid`] says.
fn rows_follow(lines: &[&str], start: usize, m: usize, small: usize, first_max: usize) -> bool {
    let (mut above, mut given, mut rows) = (0usize, 0usize, 0usize);
    for r in 1..m {
        let Some(line) = lines.get(start + r).map(|l| l.trim()) else {
            break;
        };
        let tokens = line.split_whitespace();
        if line.starts_with('#') || whole_puzzle(line, m) || !tokens.clone().all(number_token) {
            break;
        }
        let count = tokens.count();
        if count.abs_diff(m) > m / 4 {
            break;
        }
        rows += 1;
        if let Some(row) = parse_ints(line, start + r + 1)
            .ok()
            .filter(|row| row.len() == m)
        {
            above += row.iter().filter(|&&v| v as usize > small).count();
            given += row.iter().filter(|&&v| v != 0).count();
        }
    }
    rows > 0 && big_grid(first_max > small, above, given)
}

/// Whether a line inside a grid of rows is a whole puzzle instead: one token of a puzzle's
/// length (N² symbols, or N³ for a candidate grid), or N² numbers for another supported N.
/// Such a line ends the grid; a row merely broken (a missing space) stays a bad row of it.
fn whole_puzzle(line: &str, m: usize) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens[..] {
        [one] => {
            let len = one.chars().count();
            side_of_cells(len).is_some() || side_of_candidates(len).is_some()
        }
        _ => tokens.len() != m && side_of_cells(tokens.len()).is_some(),
    }
}

/// Numbers: either N² integers on one line, or N lines of N integers. Returns lines consumed.
fn read_numbers(lines: &[&str], start: usize) -> (Record, usize) {
    let line_no = start + 1;
    let first = match parse_ints(lines[start], line_no) {
        Ok(v) => v,
        Err(e) => return (Err(e), 1),
    };
    let m = first.len();
    let max = first.iter().copied().max().unwrap_or(0) as usize;
    // 16 or 81 numbers are a whole 4×4 or 9×9 grid, or the first row of a 16×16 or 81×81 one.
    // A value above the small side, on this line or the next ones, calls for rows, but only
    // when the next lines can be rows of the big grid and not small grids: else it is a small
    // grid with a value out of range, reported on its own line, and the batch goes on with
    // the next one.
    let single = side_of_cells(m).filter(|&n| !rows_follow(lines, start, m, n, max));
    let (values, used, n) = match single {
        Some(n) => (first, 1, n),
        None if SUPPORTED.clone().any(|k| k * k == m) => {
            // Row form: this line and the next N-1 lines, N integers each. A blank line, a
            // comment, a line that is a whole puzzle, or the end of the text ends the grid
            // early; a bad row spoils the grid, whose other rows are passed over with it (read
            // as grids of their own, each would be one more wrong output line).
            let mut values = first;
            let block = 1 + lines[start + 1..]
                .iter()
                .take(m - 1)
                .take_while(|l| {
                    let l = l.trim();
                    !l.is_empty() && !l.starts_with('#') && !whole_puzzle(l, m)
                })
                .count();
            for r in 1..m {
                let idx = start + r;
                if r == block {
                    let err = InputError {
                        line: line_no,
                        what: format!("grid of {m} numbers a row ends after {r} rows"),
                        expected: format!("{m} rows of {m} numbers"),
                    };
                    return (Err(err), r);
                }
                match parse_ints(lines[idx], idx + 1) {
                    Ok(row) if row.len() == m => values.extend(row),
                    Ok(row) => {
                        let err = InputError {
                            line: idx + 1,
                            what: format!("row {} of the grid has {} numbers", r + 1, row.len()),
                            expected: format!("{m} numbers a row"),
                        };
                        return (Err(err), block);
                    }
                    Err(e) => return (Err(e), block),
                }
            }
            (values, m, m)
        }
        None => {
            let err = match unsupported_basis(m) {
                // A well-formed grid of a size this build does not solve: say so, not "wrong
                // length".
                Some(k) => InputError {
                    line: line_no,
                    what: format!(
                        "{m} numbers: a {n}×{n} grid (basis {k}) is larger than this tool solves",
                        n = k * k
                    ),
                    expected: format!(
                        "a grid of basis {} to {} (up to {n}×{n})",
                        SUPPORTED.start(),
                        SUPPORTED.end(),
                        n = SUPPORTED.end() * SUPPORTED.end()
                    ),
                },
                None => InputError {
                    line: line_no,
                    what: format!("{m} numbers"),
                    expected:
                        "N² numbers on one line (16, 81, 256, 625, …) or N lines of N numbers"
                            .into(),
                },
            };
            return (Err(err), 1);
        }
    };
    let k = basis_of(n);
    let all = (1u128 << n) - 1;
    let mut masks = Vec::with_capacity(values.len());
    for (cell, &v) in values.iter().enumerate() {
        if v as usize > n {
            let err = InputError {
                line: line_no + if used > 1 { cell / n } else { 0 },
                what: format!("r{}c{} holds {v}", cell / n + 1, cell % n + 1),
                expected: format!("0 (empty) or a digit 1-{n}"),
            };
            return (Err(err), used);
        }
        masks.push(if v == 0 { all } else { 1u128 << (v - 1) });
    }
    let p = Puzzle {
        k,
        masks,
        alphabet: Alphabet::Standard,
        format: Format::Numbers,
        line: line_no,
        note: None,
        lowercase: false,
    };
    (check_givens(p), used)
}

/// Pick the alphabet from the symbols used. Returns it and a note when the choice was a guess.
fn detect_alphabet(s: &str, n: usize, candidates: bool) -> (Alphabet, Option<String>) {
    let has = |f: fn(char) -> bool| s.chars().any(f);
    let has_zero = has(|c| c == '0');
    let has_dot = has(|c| matches!(c, '.' | '-' | '_'));
    // Letters and no digit: A = 1, as at 25×25 (a 9×9 in A-I; a 16×16 in A-P when a letter
    // past G shows, as 1-9A-G would not read it).
    let letters_only = !has(|c| matches!(c, '1'..='9')) && has(|c| c.is_ascii_alphabetic());
    match n {
        16 if letters_only && has(|c| matches!(c.to_ascii_uppercase(), 'H'..='P')) => {
            (Alphabet::Letters, None)
        }
        16 => {
            if has(|c| c == 'G' || c == 'g') {
                (Alphabet::Standard, None)
            } else if has_zero && (has_dot || candidates) {
                (Alphabet::Hex, None)
            } else if has_zero {
                let note = "16×16 symbols fit both 1-9A-G with 0 empty and hex 0-F; read as \
                            1-9A-G with 0 empty (use --alphabet hex for the other)";
                (Alphabet::Standard, Some(note.into()))
            } else if has(|c| c.is_ascii_alphanumeric()) {
                // Neither 0 nor G: 1-9A-F is 15 digits of either alphabet.
                let note = "16×16 symbols 1-9A-F fit both 1-9A-G and hex 0-F; read as 1-9A-G \
                            (use --alphabet hex for the other)";
                (Alphabet::Standard, Some(note.into()))
            } else {
                (Alphabet::Standard, None)
            }
        }
        25 => {
            if has(|c| c.is_ascii_digit() && c != '0') {
                (Alphabet::Standard, None)
            } else if has(|c| matches!(c.to_ascii_uppercase(), 'Q'..='Y')) {
                (Alphabet::Letters, None)
            } else if has(|c| c.is_ascii_alphabetic()) {
                let note = "25×25 symbols A-P only fit both A-Y (A = 1) and 1-9A-P; read as A-Y \
                            (use --alphabet standard for the other)";
                (Alphabet::Letters, Some(note.into()))
            } else {
                (Alphabet::Standard, None)
            }
        }
        _ if letters_only && n <= Alphabet::Letters.capacity() => (Alphabet::Letters, None),
        _ => (Alphabet::Standard, None),
    }
}

/// One puzzle of symbols; `locate` names the line and place of the symbol at a position.
fn read_symbols(
    raw: &str,
    line_no: usize,
    opts: ReadOptions,
    locate: &dyn Fn(usize) -> (usize, String),
) -> Record {
    let s: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let len = s.chars().count();
    let (n, candidates) = match (opts.format, side_of_cells(len), side_of_candidates(len)) {
        (Some(Format::Candidates), _, Some(n)) => (n, true),
        (Some(Format::Line), Some(n), _) => (n, false),
        (None, Some(n), _) if n <= 61 => (n, false),
        (None, _, Some(n)) => (n, true),
        _ => {
            // A character that does not show (a NUL, a control) would leave the count unexplained.
            let hidden = s.char_indices().find(|&(_, c)| {
                c.is_control() || matches!(c, '\u{feff}' | '\u{200b}'..='\u{200d}' | '\u{2060}')
            });
            let what = match hidden {
                Some((i, c)) => format!(
                    "{len} symbols, one of them the invisible U+{:04X} at column {}",
                    c as u32,
                    s[..i].chars().count() + 1
                ),
                None => format!("{len} symbols"),
            };
            return Err(InputError {
                line: line_no,
                what,
                expected: length_hint(opts.format),
            });
        }
    };
    let k = basis_of(n);
    let (alphabet, note) = match opts.alphabet {
        Some(a) => (a, None),
        None => detect_alphabet(&s, n, candidates),
    };
    if n > alphabet.capacity() {
        return Err(InputError {
            line: line_no,
            what: format!("a {n}×{n} grid cannot be written in the {alphabet} alphabet"),
            expected: "the numbers format (whitespace-separated integers)".into(),
        });
    }
    let all = (1u128 << n) - 1;
    let chars: Vec<char> = s.chars().collect();
    let mut masks = Vec::with_capacity(n * n);
    let bad = |pos: usize, c: char, expected: String| {
        let (line, place) = locate(pos);
        InputError {
            line,
            what: format!("unknown symbol '{c}' at {place}"),
            expected,
        }
    };
    if candidates {
        for cell in 0..n * n {
            let mut m = 0u128;
            for d in 0..n {
                let pos = cell * n + d;
                let c = chars[pos];
                if alphabet.is_empty_mark(c) {
                    continue;
                }
                match alphabet.digit(c, n) {
                    Some(v) if v as usize == d + 1 => m |= 1 << d,
                    _ => {
                        let want = alphabet.symbol(d as u8 + 1);
                        return Err(bad(
                            pos,
                            c,
                            format!(
                                "'{want}' or '.' at position {} of r{}c{}",
                                d + 1,
                                cell / n + 1,
                                cell % n + 1
                            ),
                        ));
                    }
                }
            }
            if m == 0 {
                return Err(InputError {
                    line: line_no,
                    what: format!("r{}c{} has no candidate", cell / n + 1, cell % n + 1),
                    expected: "at least one candidate in every cell".into(),
                });
            }
            masks.push(m);
        }
    } else {
        for (pos, &c) in chars.iter().enumerate() {
            if alphabet.is_empty_mark(c) {
                masks.push(all);
            } else if let Some(d) = alphabet.digit(c, n) {
                masks.push(1u128 << (d - 1));
            } else {
                return Err(bad(
                    pos,
                    c,
                    format!(
                        "a digit {} or an empty mark {}",
                        alphabet.describe(n),
                        if alphabet.is_empty_mark('0') {
                            ". 0 - _"
                        } else {
                            ". - _"
                        }
                    ),
                ));
            }
        }
    }
    let format = if candidates {
        Format::Candidates
    } else {
        Format::Line
    };
    check_givens(Puzzle {
        k,
        masks,
        alphabet,
        format,
        line: line_no,
        note,
        lowercase: reads_case_blind(alphabet, n)
            && chars.iter().any(|c| c.is_ascii_lowercase())
            && !chars.iter().any(|c| c.is_ascii_uppercase()),
    })
}

/// Whether `alphabet` reads a letter's two cases as one digit at size `n`, so that the case is
/// the writer's choice (the standard alphabet from 36×36 up gives `a`-`z` digits of their own).
fn reads_case_blind(alphabet: Alphabet, n: usize) -> bool {
    alphabet != Alphabet::Standard || n <= 35
}

/// Reject a digit placed twice in one house.
fn check_givens(p: Puzzle) -> Record {
    let n = p.n();
    let k = p.k;
    let digits = p.digits();
    let mut seen = vec![usize::MAX; 3 * n * (n + 1)];
    for (cell, &d) in digits.iter().enumerate() {
        if d == 0 {
            continue;
        }
        let (r, c) = (cell / n, cell % n);
        let b = (r / k) * k + c / k;
        for (kind, h, name) in [(0, r, "row"), (1, c, "column"), (2, b, "box")] {
            let slot = &mut seen[(kind * n + h) * (n + 1) + d as usize];
            if *slot != usize::MAX {
                let other = *slot;
                return Err(InputError {
                    line: p.line,
                    what: format!(
                        "{} is given twice in {name} {}: r{}c{} and r{}c{}",
                        p.text_alphabet().label(d, n),
                        h + 1,
                        other / n + 1,
                        other % n + 1,
                        r + 1,
                        c + 1
                    ),
                    expected: "each digit at most once in every row, column and box".into(),
                });
            }
            *slot = cell;
        }
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY9: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn reads_line_puzzle() {
        let p = read_one(EASY9, ReadOptions::default()).unwrap();
        assert_eq!(p.k, 3);
        assert_eq!(p.digits()[2], 3);
        assert_eq!(p.format, Format::Line);
    }

    #[test]
    fn reports_wrong_length_and_symbol() {
        let e = read_one("123", ReadOptions::default()).unwrap_err();
        assert!(
            e.to_string().starts_with("line 1: 3 symbols; expected"),
            "{e}"
        );
        let bad = EASY9.replacen('.', "x", 1);
        let e = read_one(&bad, ReadOptions::default()).unwrap_err();
        assert!(e.what.contains("unknown symbol 'x' at column 1"), "{e}");
    }

    #[test]
    fn reports_duplicate_given() {
        let bad = format!("11{}", &EASY9[2..]);
        let e = read_one(&bad, ReadOptions::default()).unwrap_err();
        assert!(e.what.contains("1 is given twice in row 1"), "{e}");
    }

    /// EASY9's cells as numbers, 0 for an empty cell.
    fn easy9_numbers() -> Vec<String> {
        EASY9
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0).to_string())
            .collect()
    }

    /// A grid's digits as `n` lines of `n` numbers.
    fn number_rows(digits: &[u8], n: usize) -> Vec<String> {
        let row = |r: &[u8]| {
            r.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        digits.chunks(n).map(row).collect()
    }

    #[test]
    fn reads_numbers_one_line_and_block() {
        let one = easy9_numbers();
        let p = read_one(&one.join(" "), ReadOptions::default()).unwrap();
        assert_eq!(p.format, Format::Numbers);
        assert_eq!(
            p.digits(),
            read_one(EASY9, ReadOptions::default()).unwrap().digits()
        );
        let block = "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n";
        let all = read_all(block, ReadOptions::default());
        assert_eq!(all.len(), 1, "4 lines of 4 numbers are one 4x4 grid");
        let p = all[0].as_ref().unwrap();
        assert_eq!((p.k, p.digits()[6], p.digits()[15]), (2, 3, 2));
        // 16 lines of 16 numbers (values above 4, so not 4x4 puzzles) are one 16x16 grid.
        let row: Vec<String> = (1..=16).map(|v| v.to_string()).collect();
        let zeros = ["0"; 16].join(" ");
        let block = format!("{}\n{}", row.join(" "), format!("{zeros}\n").repeat(15));
        let all = read_all(&block, ReadOptions::default());
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].as_ref().unwrap().k, 4);
    }

    /// The comma-list candidate grid that large grids are written in reads back as written.
    #[test]
    fn reads_back_candidate_lists() {
        let n = 64;
        let all = (1u128 << n) - 1;
        // One given, and every other cell missing one digit.
        let masks: Vec<u128> = (0..n * n)
            .map(|c| if c == 0 { 1 } else { all & !(1 << (c % n)) })
            .collect();
        let line = crate::output::candidates_line(8, &masks, Alphabet::Standard);
        assert!(line.starts_with("1 1,3,4,"), "{}", &line[..20]);
        let p = read_one(&line, ReadOptions::default()).unwrap();
        assert_eq!((p.k, p.format), (8, Format::Candidates));
        assert_eq!(p.masks, masks);
        let err = read_one("1,2 3", ReadOptions::default()).unwrap_err();
        assert!(err.what.contains("2 cells"), "{err}");
        let bad = format!("1,65 {}", "1,2 ".repeat(4095));
        let err = read_one(&bad, ReadOptions::default()).unwrap_err();
        assert!(err.what.contains("r1c1 lists 65"), "{err}");
    }

    /// A byte-order mark before the first puzzle is skipped; a NUL inside a line is named.
    #[test]
    fn skips_a_byte_order_mark_and_names_hidden_characters() {
        let p = read_one(&format!("\u{feff}{EASY9}"), ReadOptions::default()).unwrap();
        assert_eq!(
            p.digits(),
            read_one(EASY9, ReadOptions::default()).unwrap().digits()
        );
        let err = read_one(
            &format!("{}\0{}", &EASY9[..4], &EASY9[4..]),
            ReadOptions::default(),
        )
        .unwrap_err();
        assert!(err.what.contains("U+0000 at column 5"), "{}", err.what);
    }

    /// A 9×9 line of numbers with a value out of range is that line's error, not the first row
    /// of an 81×81 grid that swallows the next lines of the batch.
    #[test]
    fn a_number_out_of_range_stays_on_its_line() {
        let one = easy9_numbers();
        let good = one.join(" ");
        let mut bad = one.clone();
        let at = bad.iter().position(|v| v != "0").unwrap();
        bad[at] = "10".into();
        let bad = bad.join(" ");
        for after in [4, 85] {
            let text = format!("{good}\n{bad}\n{}", format!("{good}\n").repeat(after));
            let all = read_all(&text, ReadOptions::default());
            assert_eq!(all.len(), 2 + after, "{after} lines after the bad one");
            let err = all[1].as_ref().unwrap_err();
            assert_eq!(err.line, 2);
            assert!(err.what.contains("holds 10"), "{}", err.what);
            assert!(all.iter().enumerate().all(|(i, r)| (i == 1) != r.is_ok()));
        }
    }

    #[test]
    fn a_bad_row_spoils_only_its_grid() {
        let rows: Vec<String> = easy9_numbers().chunks(9).map(|r| r.join(" ")).collect();
        let good = rows.join("\n");
        let mut short = rows.clone();
        short[4] = rows[4].rsplit_once(' ').unwrap().0.to_string();
        let cut = rows[..4].join("\n");
        for (bad, sep, line) in [
            (short.join("\n"), "\n", 5),
            (short.join("\n"), "\n\n", 5),
            (cut, "\n\n", 1),
        ] {
            let text = format!("{bad}{sep}{good}{sep}{good}\n");
            let all = read_all(&text, ReadOptions::default());
            assert_eq!(all.len(), 3, "{text}");
            assert_eq!(all[0].as_ref().unwrap_err().line, line);
            assert!(all[1].is_ok() && all[2].is_ok(), "{:?}", all[1]);
        }
        // A row that lost its spaces is still a bad row of its grid: one output line.
        let mut merged = rows.clone();
        merged[4] = rows[4].replace(' ', "");
        let all = read_all(
            &format!("{}\n{good}\n", merged.join("\n")),
            Default::default(),
        );
        assert_eq!(all.len(), 2);
        assert!(all[0].is_err() && all[1].is_ok());
        // A puzzle on one line (symbols, or all its numbers) right after a cut grid, or after
        // a stray row, is a puzzle of its own.
        let one_line = easy9_numbers().join(" ");
        let stray = &rows[0];
        for next in [EASY9, one_line.as_str()] {
            for text in [
                format!("{}\n{next}\n", rows[..5].join("\n")),
                format!("{good}\n{stray}\n{next}\n"),
            ] {
                let all = read_all(&text, ReadOptions::default());
                let ok: Vec<bool> = all.iter().map(|r| r.is_ok()).collect();
                assert_eq!(ok.last(), Some(&true), "{text}");
                assert_eq!(ok.iter().filter(|&&k| !k).count(), 1, "{text}");
            }
        }
    }

    #[test]
    fn line_ends_marks_and_encodings_of_other_systems() {
        let two = |text: &str| {
            let all = read_all(text, ReadOptions::default());
            assert_eq!(all.len(), 2, "{text:?}");
            assert!(all.iter().all(|r| r.is_ok()), "{all:?}");
        };
        two(&format!("{EASY9}\r{EASY9}\r"));
        two(&format!("{EASY9}\r\n{EASY9}\r\n"));
        two(&format!("\u{feff}{EASY9}\n\u{feff}{EASY9}\n"));
        two(&format!("{EASY9}\n{EASY9}\n\u{1a}"));
        let text = format!("{EASY9}\n{EASY9}\n");
        let mut le = vec![0xff, 0xfe];
        let mut be = vec![0xfe, 0xff];
        for u in text.encode_utf16() {
            le.extend(u.to_le_bytes());
            be.extend(u.to_be_bytes());
        }
        two(&decode(&le).unwrap());
        two(&decode(&be).unwrap());
        let err = decode(&le[2..]).unwrap_err();
        assert!(err.contains("UTF-16"), "{err}");
        assert_eq!(decode(text.as_bytes()).unwrap(), text);
    }

    #[test]
    fn sixteen_rows_with_a_small_first_row_are_one_grid() {
        // A 16×16 in rows whose first row holds nothing above 4 is still one grid when the
        // rows below do; sixteen 4×4 grids one a line stay sixteen grids.
        let text = include_str!("../examples/16x16.txt");
        let g = read_one(text, ReadOptions::default()).unwrap();
        let mut digits = g.digits();
        for d in &mut digits[..16] {
            if *d > 4 {
                *d = 0;
            }
        }
        let rows = number_rows(&digits, 16);
        let all = read_all(&rows.join("\n"), ReadOptions::default());
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].as_ref().unwrap().n(), 16);
        let small = "1 0 0 0 0 0 3 0 0 4 0 0 0 0 0 2";
        let many = vec![small; 16].join("\n");
        let all = read_all(&many, ReadOptions::default());
        assert_eq!(all.len(), 16);
        assert!(all.iter().all(|r| r.as_ref().unwrap().n() == 4));
    }

    #[test]
    fn a_bad_row_of_a_sixteen_grid_is_one_error() {
        // A 16×16 in rows with one row short (or a row with a stray symbol) is one bad grid,
        // not sixteen 4×4 lines; the grid after it is read.
        let g = read_one(
            include_str!("../examples/16x16.txt"),
            ReadOptions::default(),
        )
        .unwrap();
        let rows = number_rows(&g.digits(), 16);
        let good = rows.join("\n");
        for (r, bad_row) in [
            (2, rows[2].rsplit_once(' ').unwrap().0.to_string()),
            (5, rows[5].replacen(' ', " x ", 1)),
        ] {
            let mut bad = rows.clone();
            bad[r] = bad_row;
            let all = read_all(&format!("{}\n{good}\n", bad.join("\n")), Default::default());
            assert_eq!(all.len(), 2, "row {r}");
            assert_eq!(all[0].as_ref().unwrap_err().line, r + 1);
            assert_eq!(all[1].as_ref().unwrap().digits(), g.digits());
        }
        // `.`, `-` or `_` for an empty cell, as in the one-symbol forms.
        let dotted = good.replace(" 0", " .").replace("\n0 ", "\n- ");
        assert_ne!(dotted, good);
        let all = read_all(&dotted, Default::default());
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].as_ref().unwrap().digits(), g.digits());
    }

    #[test]
    fn grids_drawn_in_rows_of_symbols() {
        // `solve --format grid` output reads back: boxed 16×16 grids, one after another.
        let p = read_one(
            include_str!("../examples/16x16.txt"),
            ReadOptions::default(),
        )
        .unwrap();
        let boxed = crate::output::boxed(4, &p.digits(), p.alphabet);
        let all = read_all(&format!("{boxed}{boxed}"), Default::default());
        assert_eq!(all.len(), 2);
        for r in &all {
            assert_eq!(r.as_ref().unwrap().digits(), p.digits());
        }
        // A forum post's 9×9 (spaces, `|`, rules without corners), and bare rows of 9.
        let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
        let spaced = |r: &str| {
            let c: Vec<String> = r.chars().map(String::from).collect();
            format!(
                "{} | {} | {}",
                c[..3].join(" "),
                c[3..6].join(" "),
                c[6..].join(" ")
            )
        };
        let mut forum: Vec<String> = rows.iter().map(|r| spaced(r)).collect();
        forum.insert(6, "---------------------".into());
        forum.insert(3, "------+-------+------".into());
        let want = read_one(EASY9, Default::default()).unwrap().digits();
        for text in [forum.join("\n"), rows.join("\n")] {
            let all = read_all(&text, Default::default());
            assert_eq!(all.len(), 1, "{text}");
            assert_eq!(all[0].as_ref().unwrap().digits(), want);
        }
        // A short row, or an unknown symbol, spoils its grid only, named at its own line.
        let mut bad = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
        bad[4].pop();
        let all = read_all(
            &format!("{}\n{EASY9}\n", bad.join("\n")),
            Default::default(),
        );
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].as_ref().unwrap_err().line, 5);
        assert!(all[1].is_ok());
        bad[4].push('x');
        let e = read_one(&bad.join("\n"), Default::default()).unwrap_err();
        assert_eq!((e.line, e.what.as_str()), (5, "unknown symbol 'x' at r5c9"));
        // Sixteen 4×4 puzzles, one a line, stay sixteen.
        let all = read_all(&vec!["1..4.3....2.4..1"; 16].join("\n"), Default::default());
        assert_eq!(all.len(), 16);
        assert!(all.iter().all(|r| r.as_ref().unwrap().n() == 4));
    }

    #[test]
    fn a_puzzle_followed_by_more_is_read_with_a_note() {
        let p = read_one(EASY9, Default::default()).unwrap();
        let solution =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
        let zeros = EASY9.replace('.', "0");
        for (line, sep) in [
            (format!("{EASY9} {solution}"), ' '),
            (format!("{EASY9}:1:{solution}"), ':'),
            (format!("{zeros},{solution}"), ','),
            (format!("{EASY9}\t2.3/1.2/1.2"), '\t'),
        ] {
            let q = read_one(&line, Default::default()).unwrap();
            assert_eq!(q.digits(), p.digits(), "{line}");
            assert!(q.note.unwrap().contains(&format!("(from '{sep}')")));
        }
        // Not when the whole line is a puzzle (groups of symbols split by spaces), nor when
        // the first field is not one.
        let groups: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
        assert_eq!(
            read_one(&groups.join(" "), Default::default())
                .unwrap()
                .note,
            None
        );
        assert!(read_one(&format!("{}. {solution}", EASY9), Default::default()).is_err());
    }

    #[test]
    fn reads_candidate_grid() {
        let p = read_one(EASY9, ReadOptions::default()).unwrap();
        let mut s = String::new();
        for &m in &p.masks {
            for d in 0..9 {
                s.push(if m >> d & 1 == 1 {
                    (b'1' + d as u8) as char
                } else {
                    '.'
                });
            }
        }
        let q = read_one(&s, ReadOptions::default()).unwrap();
        assert_eq!(q.format, Format::Candidates);
        assert_eq!(q.masks, p.masks);
    }

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
        let text = include_str!("../examples/16x16.txt");
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
}
