//! Reading puzzles as people write them: one puzzle a line in a character alphabet, whitespace
//! separated numbers (one line, or N lines of N), N³-character candidate grids, or JSON arrays
//! as programs print them (a grid, or a list of puzzles read item by item).
//!
//! Every line that is not a puzzle (blank, `#` comment, `[Puzzle]` section header) is skipped;
//! every line that should be a puzzle but is not becomes an [`InputError`] with its 1-based line
//! number, so a batch can report it and go on.

mod brackets;
mod decode;
mod error;
mod fields;
mod folded;
mod json;
mod lines;
mod numbers;
mod pencil;
mod puzzle;
mod rows;
mod sheet;
mod symbols;
#[cfg(test)]
mod tests;

use crate::alphabet::Alphabet;
use crate::basis::SUPPORTED;
use folded::{folded_row, folded_start, read_folded};
use json::{list_start, list_step, read_json, List, ListStep};
use lines::{LineSource, Lines};
use numbers::{
    bad_first_number_row, candidate_lists_line, number_rows_below, numbers_line, numbers_then_more,
    pencil_grid_below, read_candidate_lists, read_numbers, symbol_row_below,
};
use pencil::{
    broken_pencil_rows, list_rows_start, pencil_rows_start, read_list_rows, read_pencil_rows,
    zero_based_rows_start,
};
use rows::{empty_first_row, frame_above_grid, is_rule, read_symbol_rows, symbol_rows_start};
use sheet::{read_sheet, sheet_start};
use std::io::{self, BufRead};
use symbols::{plain_9x9, read_symbols};

pub use decode::{decode, open};
use error::{invisible, length_hint, opening, plural, shown, sizes_hint};
pub use error::{visible, InputError};
pub use fields::MARK_INVALID;
use fields::{csv_header, same_kind_titles, title, Field};
use puzzle::{check_givens, check_givens_on, Shown};
pub use puzzle::{item_name, Puzzle};

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
        match s.to_ascii_lowercase().as_str() {
            "line" => Ok(Format::Line),
            "numbers" => Ok(Format::Numbers),
            "candidates" => Ok(Format::Candidates),
            _ => Err(format!(
                "unknown format '{s}'{}; expected line, numbers or candidates",
                crate::spelling::did_you_mean(s, ["line", "numbers", "candidates"])
            )),
        }
    }
}

/// Choices the user can force instead of detection.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// Alphabet for character input; detected when `None`.
    pub alphabet: Option<Alphabet>,
    /// Input format; detected when `None`.
    pub format: Option<Format>,
}

impl ReadOptions {
    /// The alphabets a symbol may be in: the one chosen, or any of symbols.
    fn alphabets(&self) -> &[Alphabet] {
        const ANY: [Alphabet; 3] = [Alphabet::Standard, Alphabet::Hex, Alphabet::Letters];
        match &self.alphabet {
            Some(a) => std::slice::from_ref(a),
            None => &ANY,
        }
    }
}

/// One item of a batch: a puzzle or the error that stands in its place.
pub type Record = Result<Puzzle, InputError>;

/// The side N of a grid of `len` cells (N²), N of a basis this build supports.
fn side_of_cells(len: usize) -> Option<usize> {
    SUPPORTED.map(|k| k * k).find(|&n| n * n == len)
}

/// The side N of a candidate grid of `len` symbols (N³), N of a basis this build supports.
fn side_of_candidates(len: usize) -> Option<usize> {
    SUPPORTED.map(|k| k * k).find(|&n| n * n * n == len)
}

/// The symbols of `text`: its characters but whitespace (spaces between groups are passed
/// over, as people type rows).
fn symbol_count(text: &str) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

/// Whether `len` symbols make a whole puzzle: N² cells, or an N³ candidate grid.
fn puzzle_length(len: usize) -> bool {
    side_of_cells(len).is_some() || side_of_candidates(len).is_some()
}

/// The largest basis a grid beyond [`SUPPORTED`] is still recognised as, so that its message
/// names its size (64: a 4096×4096 grid, far past any puzzle collection).
const LARGEST_NAMED: usize = 64;

/// The basis K when `cells` is the K⁴ cells of a grid beyond [`SUPPORTED`].
fn unsupported_basis(cells: usize) -> Option<usize> {
    (SUPPORTED.end() + 1..=LARGEST_NAMED).find(|&k| k * k * k * k == cells)
}

fn basis_of(n: usize) -> usize {
    (2..).find(|k| k * k >= n).unwrap_or(n)
}

/// The most lines of text passed over as a grid's title, when titles of two kinds stack.
const TITLE_LINES: usize = 4;

/// The most lines from the first of stacked titles to the grid under them.
const TITLES_SPAN: usize = 64;

/// Line `line` held `len` bytes, more than `max`, the longest line read.
fn too_long(line: usize, len: u64, max: usize) -> InputError {
    InputError::at(
        line,
        format!("a line of {len} bytes, too long to read (passed over)"),
        format!("a line of at most {max} bytes"),
    )
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
    /// A CSV header passed over, its line and the opening of its text, quoted: told in a note
    /// with the first puzzle after it, or as an error when no line that should be a puzzle
    /// follows (it was then most likely a bad line itself, and would vanish without a word).
    header: Option<(usize, String)>,
    /// A CSV header was passed over: the lines after it are fields.
    csv: bool,
    /// The lines of text passed over as the title ([`title`]) of the record being read (0
    /// when none): told in its note.
    titled: usize,
    /// The JSON list of puzzles being read, item by item.
    list: Option<List>,
    /// Per side N, the alphabet of the last puzzle of that size, one symbol a cell and not
    /// empty, whose symbols fit one alphabet, and its line: later puzzles whose symbols fit
    /// two are read in it, so that a file in hex does not get 1-9A-G answers for its puzzles
    /// without a 0.
    sure: Vec<(usize, Alphabet, usize)>,
    /// Per side N, the alphabet the last puzzle of that size whose symbols lean to one of two
    /// ([`Shown::Guessed`]) was read in, and its line: followed by those that lean to neither
    /// when no puzzle of the size showed one for sure (a file in 0-8 whose puzzles all have `.`
    /// too is all guesses, and its puzzles without a 0 keep to it).
    guessed: Vec<(usize, Alphabet, usize)>,
    /// Read plain 9×9 lines straight ([`plain_9x9`]); the tests turn it off to read every
    /// line the long way and compare.
    plain: bool,
}

/// Where the reader is: its options and how far it has read (the source is not shown).
impl<R> std::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader")
            .field("opts", &self.opts)
            .field("next_line", &(self.next + 1))
            .field("records", &self.records)
            .finish_non_exhaustive()
    }
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
            csv: false,
            titled: 0,
            list: None,
            sure: Vec::new(),
            guessed: Vec::new(),
            plain: true,
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
        loop {
            if let Some(list) = self.list.take() {
                match self.list_item(list) {
                    Some(rec) => return Some(rec),
                    None => continue,
                }
            }
            let i = self.next;
            self.src.hold(i);
            if i >= self.src.lines.end() {
                return None;
            }
            if let Some(len) = self.src.lines.cut(i) {
                return Some((Err(too_long(i + 1, len, self.src.line_max)), 1));
            }
            // `--format line`: a puzzle a line, each read on its own, with no line after it
            // waited for (a program that writes a line and waits for its answer gets it).
            let alone = self.opts.format == Some(Format::Line);
            if alone && blank_or_comment(self.src.lines.at(i)) {
                self.next += 1;
                continue;
            }
            // Most lines of a 9×9 collection: no other form takes them (nor passes them over).
            if self.plain && self.opts.format.is_none() && self.opts.alphabet.is_none() {
                let line = self.src.lines.at(i).trim();
                // Not a grid row of a folded candidate grid (which fails at its first given
                // in most lines).
                if !folded_row(line, 9, self.opts) {
                    if let Some(rec) = plain_9x9(line, i + 1) {
                        return Some((rec, 1));
                    }
                }
            }
            if !alone && self.passed_over(i) {
                self.next += 1;
                continue;
            }
            let raw = self.src.lines.at(i).trim();
            // A JSON array or object, as programs print a grid, on its line or pretty-printed;
            // or a list of puzzles, read item by item.
            if raw.starts_with(['[', '{']) {
                if let Some(list) = self.more_lines(i, list_start) {
                    self.list = Some(list);
                    continue;
                }
                let opts = self.opts;
                return Some(self.more_lines(i, |lines, i| read_json(lines, i, opts)));
            }
            if self.records == 0 && self.header.is_none() && csv_header(raw) {
                self.header = Some((i + 1, opening(raw)));
                self.csv = true;
                self.next += 1;
                continue;
            }
            if alone {
                let rec = self.fields_at(i);
                return Some((
                    rec.unwrap_or_else(|| symbols_at(&self.src.lines, i, self.opts)),
                    1,
                ));
            }
            let title_like = title(raw);
            let (rec, used) = self.puzzle_at(i);
            // A puzzle takes a line at least (items of a JSON list may share one): one read
            // as no lines would be read again and again.
            debug_assert!(used > 0, "a puzzle of no lines at line {}", i + 1);
            let used = used.max(1);
            if rec.is_err() && used == 1 && title_like {
                if let Some(found) = self.under_title(i) {
                    return Some(found);
                }
            }
            return Some((rec, used));
        }
    }

    /// The grid under line `i`, which is no puzzle but reads as a title, with the lines
    /// between them passed over (the next line is then its first); or `None` when none reads
    /// there: the title is then a bad line of its own, said as one, and the next line is the
    /// one before where that grid would be (those between may have left the window), or
    /// before the second of titles stacked over no grid. Titles of two kinds may stack over
    /// a grid (a heading, a line that says more): up to [`TITLE_LINES`] within
    /// [`TITLES_SPAN`] lines.
    fn under_title(&mut self, i: usize) -> Option<(Record, usize)> {
        // The lowest title so far, and the second one (the window keeps the lines from it).
        let mut lowest = self.src.lines.at(i).trim().to_string();
        let mut second = None;
        let mut titles = 1;
        let mut j = i + 1;
        let found = loop {
            // Stacked titles hold the lines from the second on, a bounded span of them.
            if second.is_some() && j - i >= TITLES_SPAN {
                break None;
            }
            self.src.hold_from(second.unwrap_or(j), j);
            if j >= self.src.lines.end() || self.src.lines.cut(j).is_some() {
                break None;
            }
            if !self.passed_over(j) {
                let raw = self.src.lines.at(j).trim();
                // Not a JSON value, whose list would be read on from here.
                if raw.starts_with(['[', '{']) {
                    break None;
                }
                if title(raw) {
                    // A title of the same kind is the next grid's: this one's is missing.
                    let stacks = titles < TITLE_LINES && !same_kind_titles(&lowest, raw);
                    if !stacks {
                        break None;
                    }
                    lowest = raw.to_string();
                    second.get_or_insert(j);
                    titles += 1;
                    j += 1;
                    continue;
                }
                // A grid over several lines, good or bad (its error is said): in a file of
                // one puzzle a line, each line that is none keeps its `invalid` line in the
                // output, which matches them one to one.
                break Some(self.puzzle_at(j)).filter(|&(_, used)| used > 1);
            }
            j += 1;
        };
        self.next = match (&found, second) {
            (Some(_), _) => j,
            (None, Some(second)) => second - 1,
            (None, None) => j - 1,
        };
        self.titled = if found.is_some() { titles } else { 0 };
        found
    }

    /// The next item of `list`, a JSON list of puzzles, or `None` at its end (the line after
    /// it is next).
    fn list_item(&mut self, list: List) -> Option<(Record, usize)> {
        // Items on one line (a list of any length may be one line) do not hold it again.
        if self.next != list.line() {
            self.next = list.line();
            self.src.hold(self.next);
        }
        let opts = self.opts;
        match self.more_lines(self.next, |lines, _| list_step(lines, list, opts)) {
            // The next call holds the item's line (dropping those before it).
            ListStep::Item(rec, list) => {
                self.list = Some(list);
                Some((rec, 0))
            }
            ListStep::End(line) => {
                self.next = line;
                None
            }
            ListStep::Broken(e, line) => {
                self.next = line;
                Some((Err(e), 0))
            }
        }
    }

    /// Line `i` says nothing of a puzzle: blank, a comment, a box rule or frame of a grid
    /// drawn for people, a section header.
    fn passed_over(&mut self, i: usize) -> bool {
        if blank_or_comment(self.src.lines.at(i)) {
            // A spreadsheet's row of empty cells is tabs alone.
            let tabs = self.src.lines.at(i).contains('\t');
            return !(tabs && self.more_lines(i, sheet::empty_tab_row));
        }
        // A spreadsheet's row of empty fields between grids.
        if self.more_lines(i, sheet::separator) {
            return true;
        }
        // Excel's `sep=;` line, which names a CSV file's delimiter.
        let raw = self.src.lines.at(i).trim();
        if raw.len() == 5 && raw.get(..4).is_some_and(|s| s.eq_ignore_ascii_case("sep=")) {
            return true;
        }
        // A box rule or frame (`+-------+-------+`) is not a puzzle, unless it is dashes
        // heading exactly a grid's other rows: its first row.
        let opts = self.opts;
        let frame = if is_rule(raw, None) {
            !self.more_lines(i, empty_first_row)
        } else {
            raw.starts_with('-') && self.more_lines(i, |l, i| frame_above_grid(l, i, opts))
        };
        if frame {
            return true;
        }
        // A section header (`[Puzzle]` of SadMan's .sdk files) says nothing of the grid.
        let raw = self.src.lines.at(i).trim();
        let section = raw
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .is_some_and(|name| {
                // JSON's words make a JSON array, read as one (and refused as a grid).
                !matches!(name, "null" | "true" | "false")
                    && name.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
            });
        section && raw.len() > 2
    }

    /// The puzzle that starts on line `i`, in one of the forms of symbols or numbers, and the
    /// number of lines it spans.
    fn puzzle_at(&mut self, i: usize) -> (Record, usize) {
        let opts = self.opts;
        let line_no = i + 1;
        // A grid from a spreadsheet: its rows' fields, empty ones among them, would be read
        // as none of the forms below.
        let sheet =
            |lines: &Lines, i| sheet_start(lines, i, opts).map(|s| read_sheet(lines, i, s, opts));
        if let Some(read) = self.more_lines(i, sheet) {
            return read;
        }
        if let Some(rec) = self.fields_at(i) {
            return (rec, 1);
        }
        // A pencil-mark grid in decimal, whose rows of single numbers (as its first may be)
        // would pass for a grid of numbers.
        let lists =
            |lines: &Lines, i| list_rows_start(lines, i, opts).map(|n| read_list_rows(lines, i, n));
        if let Some(read) = self.more_lines(i, lists) {
            return read;
        }
        let raw = self.src.lines.at(i).trim();
        let numbers = match opts.format {
            Some(Format::Numbers) => true,
            Some(_) => false,
            None => {
                numbers_line(raw) && !self.more_lines(i, symbol_row_below)
                    || self.more_lines(i, pencil_grid_below)
                    || self.more_lines(i, number_rows_below)
                    || self.more_lines(i, bad_first_number_row)
            }
        };
        // Taken again: reading lines ahead may have moved the buffer `raw` pointed into.
        let raw = self.src.lines.at(i).trim();
        // The same for a puzzle given as numbers (`rate` writes its rating after it): with
        // the form detected, only when the line is not numbers alone.
        let numbers_first = match opts.format {
            None => !numbers,
            Some(f) => f == Format::Numbers,
        };
        if numbers_first {
            if let Some(rec) = numbers_then_more(raw, line_no) {
                return (rec, 1);
            }
        }
        // Candidate grids too large for one symbol a digit, as `candidates_line` writes them:
        // each cell's digits joined by commas, cells separated by spaces. Two cells or more:
        // one puzzle with a stray comma (`…7382,`) is not one.
        let lists = opts.format != Some(Format::Numbers)
            && opts.format != Some(Format::Line)
            && candidate_lists_line(raw);
        if lists {
            return (read_candidate_lists(raw, line_no), 1);
        }
        // The forms that may go on over the next lines: read again with more of them when
        // these ran out before the text did.
        self.more_lines(i, |lines, i| {
            if let Some(n) = zero_based_rows_start(lines, i, opts) {
                read_pencil_rows(lines, i, n, opts)
            } else if numbers {
                read_numbers(lines, i)
            } else if let Some(n) = folded_start(lines, i, opts) {
                (read_folded(lines, i, n, opts), n)
            } else if let Some(n) = pencil_rows_start(lines, i, opts) {
                read_pencil_rows(lines, i, n, opts)
            } else if let Some(read) = broken_pencil_rows(lines, i, opts) {
                read
            } else if let Some(n) = symbol_rows_start(lines, i, opts) {
                read_symbol_rows(lines, i, n, opts)
            } else {
                (symbols_at(lines, i, opts), 1)
            }
        })
    }

    /// A puzzle followed by more on line `i`, as `rate` and `generate --solution` write lines,
    /// tdoku's `puzzle:count:solution` and the `quizzes,solutions` CSV, or after a label
    /// (`1,puzzle,solution,…`): the puzzle is read, and a note says what was passed over.
    fn fields_at(&self, i: usize) -> Option<Record> {
        if self.opts.format == Some(Format::Numbers) {
            return None;
        }
        let raw = self.src.lines.at(i).trim();
        let field = Field::find(raw).or_else(|| Field::labelled(raw).filter(|_| self.csv))?;
        let skipped = field.before.chars().count();
        let at_column = |pos: usize| (i + 1, format!("column {}", skipped + pos + 1));
        let mut rec = read_symbols(field.puzzle, i + 1, self.opts, &at_column);
        if let Ok(p) = &mut rec {
            if let Some(note) = field.note() {
                p.add_note(note);
            }
            p.label = field.label().map(str::to_string);
        }
        Some(rec)
    }
}

/// Line `i` read as a line of symbols.
fn symbols_at(lines: &Lines, i: usize, opts: ReadOptions) -> Record {
    let at_column = |pos: usize| (i + 1, format!("column {}", pos + 1));
    read_symbols(lines.at(i).trim(), i + 1, opts, &at_column)
}

/// A line that says nothing at all: blank, or a comment.
fn blank_or_comment(line: &str) -> bool {
    let raw = line.trim();
    raw.is_empty() || raw.starts_with('#')
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let Some((mut rec, used)) = self.record() else {
            // Only when no record followed: bad lines after it were its rows, each named.
            let lone = self.header.take().filter(|_| self.records == 0);
            return lone.map(|(line, raw)| {
                Err(InputError::at(
                    line,
                    format!("{raw} reads as a CSV header, and no puzzle follows it"),
                    "a puzzle, one a line (after a CSV header, in a field of each line)",
                ))
            });
        };
        if let Some(again) = self.in_sure_alphabet(&rec, used) {
            rec = again;
        }
        self.next += used;
        self.records += 1;
        let titled = std::mem::take(&mut self.titled);
        if let Ok(p) = &mut rec {
            let numbers = p.format == Format::Numbers || p.alphabet == Alphabet::Decimal;
            if let Some(chosen) = self.opts.alphabet.filter(|_| numbers) {
                // Numbers carry no alphabet: say so rather than drop the choice unsaid.
                p.add_note(format!(
                    "read as numbers, to which --alphabet {chosen} does not apply"
                ));
            }
            if let Some((line, raw)) = self.header.take() {
                p.add_note_first(format!("line {line} ({raw}) is a CSV header, passed over"));
            }
            // Worded the same for each, so that a file of titled puzzles says it once.
            match titled {
                0 => {}
                1 => {
                    p.add_note_first("the line of text above it is passed over as its title".into())
                }
                n => p.add_note_first(format!(
                    "the {n} lines of text above it are passed over as its title"
                )),
            }
        }
        Some(rec)
    }
}

impl<R: BufRead> Reader<R> {
    /// `rec` (spanning `used` lines from the next) read again in the alphabet that the last
    /// puzzle of its size whose symbols fit one alphabet showed (or, before any, for symbols
    /// that lean to neither, the one the last guess was read in), when its symbols fit two and
    /// it was read in the other; or `None`, after noting the alphabet of such a puzzle.
    fn in_sure_alphabet(&mut self, rec: &Record, used: usize) -> Option<Record> {
        let p = rec.as_ref().ok()?;
        // Items of a JSON list are read where the list left off, not again.
        let list_item = used == 0 || self.list.is_some();
        if self.opts.alphabet.is_some() || p.format != Format::Line || list_item {
            return None;
        }
        let n = p.k * p.k;
        let at = self.sure.iter().position(|s| s.0 == n);
        let guess_at = self.guessed.iter().position(|s| s.0 == n);
        // An empty grid shows no alphabet.
        let shows = p.masks.any_single();
        let lead = match p.shown {
            Shown::Sure => {
                if shows {
                    let seen = (n, p.alphabet, p.line);
                    match at {
                        Some(i) => self.sure[i] = seen,
                        None => self.sure.push(seen),
                    }
                }
                return None;
            }
            Shown::Guessed => at.map(|i| self.sure[i]),
            Shown::Open => at
                .map(|i| self.sure[i])
                .or(guess_at.map(|i| self.guessed[i])),
        };
        let again = lead
            .filter(|s| s.1 != p.alphabet)
            .and_then(|(_, alphabet, line)| self.read_again(p, used, alphabet, line));
        if p.shown == Shown::Guessed && shows {
            let read = again.as_ref().map_or(p.alphabet, |q| q.alphabet);
            let seen = (n, read, p.line);
            match guess_at {
                Some(i) => self.guessed[i] = seen,
                None => self.guessed.push(seen),
            }
        }
        again.map(Ok)
    }

    /// `p` (spanning `used` lines from the next) read again in `alphabet`, the reading of
    /// line `line`, with a note that says so; `None` when it does not read the same way in it.
    fn read_again(
        &mut self,
        p: &Puzzle,
        used: usize,
        alphabet: Alphabet,
        line: usize,
    ) -> Option<Puzzle> {
        let n = p.k * p.k;
        let (opts, guess) = (self.opts, p.alphabet);
        self.opts.alphabet = Some(alphabet);
        let again = self.record();
        self.opts = opts;
        // The same puzzle in the other symbols: same size, same lines (forced letters may
        // group rows otherwise), else the first reading stands.
        let (again, again_used) = again?;
        let mut again = again.ok().filter(|q| q.k == p.k && again_used == used)?;
        let (sure_text, guess_text) = (alphabet.describe(n), guess.describe(n));
        let what = format!(
            "{n}×{n} symbols that fit both {sure_text} and {guess_text}; read as {sure_text}, \
             as line {line} was"
        );
        let note = symbols::guess_note(&what, guess);
        again.add_note_first(note);
        Some(again)
    }
}

/// The first record of `text`: its first puzzle (one line, or a grid over several), or why
/// its first line that is not a comment or blank is none (a line of text before a puzzle of
/// one line is that error); whatever follows is not read. To hold text to one puzzle and
/// nothing more, [`read_all`] it and check for one record, and for a `note` of text passed
/// over.
pub fn read_one(text: &str, opts: ReadOptions) -> Record {
    Reader::new(text.as_bytes(), opts)
        .next()
        .unwrap_or_else(|| Err(InputError::at(1, "no puzzle found", sizes_hint())))
}
