//! Reading puzzles as people write them: one puzzle a line in a character alphabet, whitespace
//! separated numbers (one line, or N lines of N), N³-character candidate grids, or JSON arrays
//! as programs print them (a grid, or a list of puzzles read item by item).
//!
//! Every line that is not a puzzle (blank, `#` comment, `[Puzzle]` section header) is skipped;
//! every line that should be a puzzle but is not becomes an [`InputError`] with its 1-based line
//! number, so a batch can report it and go on.

mod json;
mod lines;
mod numbers;
mod rows;
mod symbols;
#[cfg(test)]
mod tests;

use crate::alphabet::Alphabet;
use crate::basis::SUPPORTED;
use crate::mask::{CellMasks, Mask, Wide256};
use json::{list_start, list_step, read_json, List, ListStep};
use lines::{LineSource, Lines};
use numbers::{numbers_line, numbers_then_more, read_candidate_lists, read_numbers};
use rows::{empty_first_row, frame_above_grid, is_rule, read_symbol_rows, symbol_rows_start};
use std::fmt;
use std::io::{self, BufRead};
use symbols::read_symbols;

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
    /// Its letters were all lowercase (`a`-`f` hex, say): lines written back keep them so.
    pub lowercase: bool,
}

/// How messages name item `item` (1-based) of a JSON list of puzzles.
pub fn item_name(item: usize) -> String {
    format!("item {item} of the JSON list")
}

impl Puzzle {
    /// Where it is, for messages: `line 5`, or `line 5: item 3 of the JSON list` (as the
    /// reader names a bad item).
    pub fn place(&self) -> String {
        match self.item {
            Some(item) => format!("line {}: {}", self.line, item_name(item)),
            None => format!("line {}", self.line),
        }
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
            .map(|m| {
                if m.is_single() {
                    m.first() as u8 + 1
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
    /// assert!(Puzzle::from_digits(16, &[0; 65536], Alphabet::Standard).is_err());
    /// assert!(Puzzle::from_digits(11, &[0; 14641], Alphabet::Standard).is_ok());
    /// // 64×64 has no symbol a digit: written back as numbers.
    /// let p = Puzzle::from_digits(8, &[0; 4096], Alphabet::Standard).unwrap();
    /// assert!(nsudoku::output::like_input(&p, &p.digits()).starts_with("0 0 0"));
    /// ```
    pub fn from_digits(k: usize, digits: &[u8], alphabet: Alphabet) -> Result<Self, InputError> {
        let n = k * k;
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
        let all = Wide256::low(n);
        check_givens(Puzzle {
            k,
            masks: CellMasks::of(
                n,
                digits.iter().map(|&d| {
                    if d == 0 {
                        all
                    } else {
                        Wide256::bit(d as usize - 1)
                    }
                }),
            ),
            alphabet,
            format: if n > alphabet.capacity() {
                Format::Numbers
            } else {
                Format::Line
            },
            line: 0,
            item: None,
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
    /// 1-based place in a JSON list of puzzles, for a bad item of one.
    pub item: Option<usize>,
    /// What is wrong.
    pub what: String,
    /// What was expected instead.
    pub expected: String,
}

impl InputError {
    /// A grid of rows (of `n` symbols or numbers, `cell` naming which) that ends after `rows`
    /// rows; `line` is its first.
    fn short_grid(line: usize, n: usize, cell: &str, rows: usize) -> Self {
        InputError {
            line,
            item: None,
            what: format!(
                "grid of {n} {cell}s a row ends after {}",
                plural(rows, "row")
            ),
            expected: format!("{n} rows of {n} {cell}s"),
        }
    }

    /// Row `row` (1-based, on `line`) of a grid of `n` cells a row holds `len` cells.
    fn bad_row(line: usize, row: usize, n: usize, cell: &str, len: usize) -> Self {
        InputError {
            line,
            item: None,
            what: format!("row {row} of the grid has {}", plural(len, cell)),
            expected: format!("{n} {cell}s a row"),
        }
    }
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

/// Whether `len` symbols make a whole puzzle: N² cells, or an N³ candidate grid.
fn puzzle_length(len: usize) -> bool {
    side_of_cells(len).is_some() || side_of_candidates(len).is_some()
}

/// The basis K when `cells` is the K⁴ cells of a grid beyond [`SUPPORTED`].
fn unsupported_basis(cells: usize) -> Option<usize> {
    (SUPPORTED.end() + 1..=64).find(|&k| k * k * k * k == cells)
}

fn basis_of(n: usize) -> usize {
    (2..).find(|k| k * k >= n).unwrap_or(n)
}

/// `n` things, one thing for one: `1 row`, `3 rows`.
fn plural(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// Whether `c` does not show when printed: a NUL, a control, a zero-width space or joiner, a
/// byte-order mark.
fn invisible(c: char) -> bool {
    c.is_control() || matches!(c, '\u{feff}' | '\u{200b}'..='\u{200d}' | '\u{2060}')
}

/// A character as a message shows it: `'x'`, or `U+0000` when it would not show.
fn shown(c: char) -> String {
    if invisible(c) {
        format!("U+{:04X}", c as u32)
    } else {
        format!("'{c}'")
    }
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
    Reader::new(text.as_bytes(), opts).collect()
}

/// The puzzles of a text, read as they are needed: records come in input order, each as soon
/// as the lines it spans are read (a puzzle on one line of symbols at once; a line that may be
/// the first row of a grid once the lines after it tell), so a batch of any length is read in
/// bounded memory. A read error ends the records; [`Reader::error`] then tells it.
///
/// ```
/// use nsudoku::input::{ReadOptions, Reader};
/// let text = "# two puzzles\n1..4.3....2.4..1\n\n.2..4..1........\n";
/// let lines: Vec<usize> = Reader::new(text.as_bytes(), ReadOptions::default())
///     .map(|rec| rec.map_or_else(|e| e.line, |p| p.line))
///     .collect();
/// assert_eq!(lines, [2, 4]);
/// ```
pub struct Reader<R> {
    src: LineSource<R>,
    opts: ReadOptions,
    /// The next line to read (0-based).
    next: usize,
    /// Records handed out so far.
    records: usize,
    /// The note for a CSV header passed over, told with the first puzzle after it.
    header: Option<String>,
    /// The JSON list of puzzles being read, item by item.
    list: Option<List>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of the text of `src`, UTF-8 (bytes that are not become U+FFFD, named by the
    /// reader); [`open`] takes UTF-16 files too.
    pub fn new(src: R, opts: ReadOptions) -> Self {
        Reader {
            src: LineSource::new(src),
            opts,
            next: 0,
            records: 0,
            header: None,
            list: None,
        }
    }

    /// The error that ended the text early, if one did (taken: asked again, `None`).
    pub fn error(&mut self) -> Option<io::Error> {
        self.src.error.take()
    }

    /// Lines read from the source so far.
    pub fn lines_read(&self) -> usize {
        self.src.lines.end()
    }

    /// Bytes read from the source so far (a little ahead of the records handed out).
    pub fn bytes_read(&self) -> u64 {
        self.src.bytes_read
    }

    /// What `ask` says of the lines from `i`, asked again with more lines held while it
    /// reads past those held (before the text's end).
    fn more_lines<T>(&mut self, i: usize, ask: impl Fn(&Lines, usize) -> T) -> T {
        loop {
            let answer = ask(&self.src.lines, i);
            if !self.src.more(i) {
                return answer;
            }
        }
    }

    /// The next record and the number of lines it spans.
    fn record(&mut self) -> Option<(Record, usize)> {
        let opts = self.opts;
        loop {
            if let Some(list) = self.list {
                // Items on one line (a list of any length may be one line) do not hold it again.
                if self.next != list.line() {
                    self.next = list.line();
                    self.src.hold(self.next);
                }
                let step = self.more_lines(self.next, |lines, _| list_step(lines, list, opts));
                self.list = None;
                match step {
                    // The next call holds the item's line (dropping those before it).
                    ListStep::Item(rec, list) => {
                        self.list = Some(list);
                        return Some((rec, 0));
                    }
                    ListStep::End(line) => {
                        self.next = line;
                        continue;
                    }
                    ListStep::Broken(e, line) => {
                        self.next = line;
                        return Some((Err(e), 0));
                    }
                }
            }
            let i = self.next;
            self.src.hold(i);
            let lines = &self.src.lines;
            if i >= lines.end() {
                return None;
            }
            let raw = lines.at(i).trim();
            let line_no = i + 1;
            if raw.is_empty() || raw.starts_with('#') {
                self.next += 1;
                continue;
            }
            // A box rule or frame of a grid drawn for people (`+-------+-------+`) is not a
            // puzzle, unless it is dashes heading exactly a grid's other rows: its first row.
            let rule = is_rule(raw, None);
            let frame = if rule {
                !self.more_lines(i, empty_first_row)
            } else {
                raw.starts_with('-') && self.more_lines(i, |l, i| frame_above_grid(l, i, opts))
            };
            if frame {
                self.next += 1;
                continue;
            }
            let raw = self.src.lines.at(i).trim();
            // A section header (`[Puzzle]` of SadMan's .sdk files) says nothing of the grid.
            let section = raw
                .strip_prefix('[')
                .and_then(|r| r.strip_suffix(']'))
                .is_some_and(|name| name.chars().all(|c| c.is_ascii_alphabetic() || c == ' '));
            if section && raw.len() > 2 {
                self.next += 1;
                continue;
            }
            // A JSON array or object, as programs print a grid, on its line or pretty-printed;
            // or a list of puzzles, read item by item.
            if raw.starts_with(['[', '{']) {
                if let Some(list) = self.more_lines(i, list_start) {
                    self.list = Some(list);
                    continue;
                }
                return Some(self.more_lines(i, |lines, i| read_json(lines, i, opts)));
            }
            if self.records == 0 && self.header.is_none() && csv_header(raw) {
                self.header = Some(format!(
                    "line {line_no} ('{raw}') is a CSV header, passed over"
                ));
                self.next += 1;
                continue;
            }
            let at_column = |pos: usize| (line_no, format!("column {}", pos + 1));
            // A puzzle followed by more, as `rate` and `generate --solution` write lines,
            // tdoku's `puzzle:count:solution` and the `quizzes,solutions` CSV, or after a label
            // (`1,puzzle,solution,…`): the puzzle is read, and a note says what was passed over.
            if let Some(field) = Field::find(raw).filter(|_| opts.format != Some(Format::Numbers)) {
                let skipped = field.before.chars().count();
                let at_column = |pos: usize| at_column(skipped + pos);
                let mut rec = read_symbols(field.puzzle, line_no, opts, &at_column);
                if let Ok(p) = &mut rec {
                    let note = field.note();
                    p.note = Some(match p.note.take() {
                        Some(other) => format!("{other}; {note}"),
                        None => note,
                    });
                }
                return Some((rec, 1));
            }
            let numbers = match opts.format {
                Some(Format::Numbers) => true,
                Some(_) => false,
                None => numbers_line(raw),
            };
            // The same for a puzzle given as numbers (`rate` writes its rating after it): with
            // the form detected, only when the line is not numbers alone.
            let numbers_first = match opts.format {
                None => !numbers,
                Some(f) => f == Format::Numbers,
            };
            if numbers_first {
                if let Some(rec) = numbers_then_more(raw, line_no) {
                    return Some((rec, 1));
                }
            }
            // Candidate grids too large for one symbol a digit, as `candidates_line` writes
            // them: each cell's digits joined by commas, cells separated by spaces.
            // Two cells or more: one puzzle with a stray comma (`…7382,`) is not one.
            let lists = opts.format != Some(Format::Numbers)
                && opts.format != Some(Format::Line)
                && raw.contains(',')
                && raw.split_whitespace().nth(1).is_some()
                && raw
                    .split_whitespace()
                    .all(|t| t.bytes().all(|b| b.is_ascii_digit() || b == b','));
            if lists {
                return Some((read_candidate_lists(raw, line_no), 1));
            }
            // The forms that may go on over the next lines: read again with more of them
            // when these ran out before the text did.
            return Some(self.more_lines(i, |lines, i| {
                if numbers {
                    read_numbers(lines, i)
                } else if let Some(n) = symbol_rows_start(lines, i, opts) {
                    read_symbol_rows(lines, i, n, opts)
                } else {
                    let raw = lines.at(i).trim();
                    (read_symbols(raw, line_no, opts, &at_column), 1)
                }
            }));
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let (mut rec, used) = self.record()?;
        self.next += used;
        self.records += 1;
        if let Ok(p) = &mut rec {
            if let Some(note) = self.header.take() {
                p.note = Some(match p.note.take() {
                    Some(other) => format!("{note}; {other}"),
                    None => note,
                });
            }
        }
        Some(rec)
    }
}

/// A puzzle file's bytes as UTF-8 for a [`Reader`]: as they come, or, for UTF-16 with a
/// byte-order mark (Windows editors save "Unicode" so), decoded as a whole first. UTF-16
/// without one is refused (told from the NULs of the first bytes), as read as UTF-8 it would
/// be every other character a NUL.
pub fn open<R: BufRead + Send + 'static>(mut src: R) -> Result<Box<dyn BufRead + Send>, String> {
    let head = src.fill_buf().map_err(|e| e.to_string())?;
    match head {
        [0xff, 0xfe, ..] | [0xfe, 0xff, ..] => {}
        _ => {
            if let Some(why) = not_utf8(head) {
                return Err(why.into());
            }
            return Ok(Box::new(src));
        }
    }
    let mut bytes = Vec::new();
    src.read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    Ok(Box::new(io::Cursor::new(decode(&bytes)?.into_bytes())))
}

/// Whether `line` is the header of a CSV file of puzzles (`quizzes,solutions`,
/// `puzzle,solution,clues`): two or more names (a letter, then letters, digits, `_` and
/// spaces), none of which could be a puzzle with a wrong symbol or length: a name of a
/// puzzle's length (N² or N³ letters) must hold a `_` or a space, which no puzzle does.
fn csv_header(line: &str) -> bool {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let name = |f: &str| {
        let len = f.chars().count();
        f.starts_with(|c: char| c.is_ascii_alphabetic())
            && f.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ' '))
            && (f.contains(['_', ' ']) || !puzzle_length(len))
    };
    fields.len() > 1 && fields.iter().all(|f| name(f))
}

/// The puzzle of a line that holds more: at its start (`puzzle solution`, `puzzle,solution`,
/// `puzzle:count:solution`) or after one or two labels (`1,puzzle,solution,clues,difficulty`
/// of the Kaggle CSV sets, `p12: puzzle`); only when the line as a whole is not a puzzle.
struct Field<'a> {
    /// The text before the puzzle, separators included (empty at the line's start).
    before: &'a str,
    puzzle: &'a str,
    /// The separator after the puzzle, if anything follows.
    after: Option<char>,
}

impl<'a> Field<'a> {
    fn find(raw: &'a str) -> Option<Self> {
        const SEPARATORS: [char; 5] = [',', ':', ';', '\t', ' '];
        let symbols = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
        if puzzle_length(symbols(raw)) {
            return None;
        }
        let (mut start, mut longest) = (0, 0);
        for labels in 0..=2 {
            let end = raw[start..]
                .find(SEPARATORS)
                .map_or(raw.len(), |e| start + e);
            let field = &raw[start..end];
            let after = raw[end..].chars().next();
            let n = symbols(field);
            if puzzle_length(n) {
                // A puzzle alone with a separator after is no pair; a label is under half a
                // puzzle's length, so a puzzle of the wrong length followed by its solution
                // stays an error, not the solution read in its place.
                let more = after.is_some_and(|c| !raw[end + c.len_utf8()..].trim().is_empty());
                return ((labels > 0 || more) && 2 * longest < n).then_some(Field {
                    before: &raw[..start],
                    puzzle: field,
                    after: after.filter(|_| more),
                });
            }
            // A label: letters and digits, `_` and `-` (which mark empty cells) only beside a
            // letter.
            let label = field
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
                && (field.chars().all(|c| c.is_ascii_alphanumeric())
                    || field.chars().any(|c| c.is_ascii_alphabetic()));
            if field.is_empty() || !label || after.is_none() {
                return None;
            }
            longest = longest.max(n);
            start = raw.len() - raw[end..].trim_start_matches(SEPARATORS).len();
        }
        None
    }

    /// What was passed over, for the puzzle's note. The same words on every line of a file
    /// (not the label itself), so that a note said once covers them all.
    fn note(&self) -> String {
        match (self.before.is_empty(), self.after) {
            (false, Some(sep)) => format!(
                "the label before the puzzle and the text after it (from '{sep}') are passed over"
            ),
            (false, None) => "the label before the puzzle is passed over".into(),
            (true, sep) => format!(
                "the text after the puzzle (from '{}') is passed over",
                sep.unwrap_or(' ')
            ),
        }
    }
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
        let mut text: String = char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect();
        // A last byte without its pair is not dropped unseen: the reader names it.
        if bytes.len() % 2 == 1 {
            text.push(char::REPLACEMENT_CHARACTER);
        }
        text
    };
    match bytes {
        [0xff, 0xfe, ..] => Ok(utf16(false)),
        [0xfe, 0xff, ..] => Ok(utf16(true)),
        _ => match not_utf8(bytes) {
            Some(why) => Err(why.into()),
            None => Ok(String::from_utf8_lossy(bytes).into_owned()),
        },
    }
}

/// Why `bytes` (a file's first bytes) are not a text of puzzles, when they are full of NULs
/// (a NUL in every fourth byte or more, which no such text has): UTF-16 without a byte-order
/// mark when the NULs keep to one side of each pair of bytes, else binary data.
fn not_utf8(bytes: &[u8]) -> Option<&'static str> {
    let nuls = |parity| {
        bytes
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (nuls(0), nuls(1));
    if bytes.len() < 4 || (even + odd) * 4 < bytes.len() {
        None
    } else if even.min(odd) * 10 <= even + odd {
        Some("it looks like UTF-16 text without a byte-order mark; expected UTF-8")
    } else {
        Some("it looks like binary data (NUL bytes), not text; expected UTF-8")
    }
}

/// Read one puzzle line (or a block of numbers starting there); convenience for tests and APIs.
pub fn read_one(text: &str, opts: ReadOptions) -> Record {
    read_all(text, opts).into_iter().next().unwrap_or_else(|| {
        Err(InputError {
            line: 1,
            item: None,
            what: "no puzzle found".into(),
            expected: sizes_hint(),
        })
    })
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
                    item: None,
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
