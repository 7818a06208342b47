//! Grids drawn for people: N rows of N symbols, with the spaces, `|` and box rules of forum
//! posts and of `--format grid` output passed over.

use super::fields::title;
use super::lines::Lines;
use super::numbers::{comments_note, number_token, tokens, uncommented, whole_puzzle};
use super::symbols::read_symbols;
use super::{basis_of, side_of_cells, Format, InputError, ReadOptions, Record, SUPPORTED};
use crate::alphabet::Alphabet;
use crate::topology::CellName;

/// The cells of a row of symbols as people draw grids: the line without spaces, `|` and a
/// trailing `# comment` (which a rule or frame may have too).
fn row_cells(line: &str) -> Vec<char> {
    uncommented(line)
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '|')
        .collect()
}

/// Whether `line` is a rule of a drawn grid, a border or a line between bands: drawing
/// characters only, with a dash, and
/// - a mark no cell can be: `+`, `=`, or the corners `*`, `:` and `'` of forum and Sudoku
///   Explainer frames (`+-------+`, `------+------`, `*-----------*`, `'-------'-------'`);
/// - or dashes, maybe between `.` corners (`.-------.-------.`), that cannot be a row of empty
///   cells (`-` and `.` are empty marks): inside a grid of rows of `n` symbols, not `n` of them
///   or drawn with `|`; outside one, not as many as a puzzle has cells.
pub(super) fn is_rule(line: &str, n: Option<usize>) -> bool {
    // No dash, no rule: most lines are turned down before their cells are gathered.
    if !line.contains(['-', '=']) {
        return false;
    }
    let t = row_cells(line);
    let drawing = |c: &char| matches!(c, '-' | '=' | '+' | '*' | ':' | '\'' | '.');
    if !t.iter().all(drawing) || !t.iter().any(|c| matches!(c, '-' | '=')) {
        return false;
    }
    if t.iter().any(|c| matches!(c, '+' | '=' | '*' | ':' | '\'')) {
        return true;
    }
    let dots_are_corners = !t.contains(&'.')
        || (t[0] == '.' && t[t.len() - 1] == '.' && !t.windows(2).any(|w| w == ['.', '.']));
    // `| - - - | - - - | - - - |`: a forum row of empty cells, each its own dash.
    let spaced_row = n.is_some_and(|n| tokens(line).count() == n && tokens(line).all(|t| t == "-"));
    dots_are_corners
        && !spaced_row
        && (line.contains('|')
            || match n {
                Some(n) => t.len() != n,
                None => side_of_cells(t.len()).is_none(),
            })
}

/// The lines from `start` on that are rows of `n` cells (symbols, or numbers), box rules
/// passed over, up to a blank line, a comment or a line that is no such row.
fn row_lines(lines: &Lines, start: usize, n: usize) -> impl Iterator<Item = &str> {
    lines
        .from(start)
        .map(str::trim)
        .take_while(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(move |l| !is_rule(l, Some(n)))
        .take_while(move |l| {
            row_cells(l).len() == n || (tokens(l).count() == n && tokens(l).all(number_token))
        })
}

/// The rows of [`row_lines`] up to one that holds what no row can (a title between grids).
fn clean_rows(lines: &Lines, start: usize, n: usize) -> impl Iterator<Item = &str> {
    row_lines(lines, start, n).take_while(move |l| row_like(&row_cells(l), n))
}

/// Whether `cells` can be a row of `n` as typed: no two characters that are no cell (one is
/// a typo; two or more, a title between grids).
fn row_like(cells: &[char], n: usize) -> bool {
    let mut odd = cells.iter().filter(|&&c| !row_symbol(c, n));
    odd.nth(1).is_none()
}

/// How many rows of `n` cells follow the line at `start`, up to `n` (see [`row_lines`]).
fn rows_after(lines: &Lines, start: usize, n: usize) -> usize {
    row_lines(lines, start + 1, n).take(n).count()
}

/// The most grids of rows, one after another without a blank line, counted to tell whether a
/// bad line above them is the first row of the first one ([`heads_grid`]).
pub(super) const BLOCK_GRIDS: usize = 64;

/// Whether the rows of `n` cells after the line at `start` make it a grid's first row: exactly
/// the grid's N - 1 other rows follow it, or, where grids follow one another without a blank
/// line, whole grids but one row (N - 1 + jN rows to the end of the run). Whole grids (jN
/// rows) leave it a line of its own above them; so does a run longer than [`BLOCK_GRIDS`]
/// grids, whose end is not read. Read as a line of its own, a first row would shift every grid
/// of the run by a row: each read as the next one's first row under its own last rows.
fn heads_grid(lines: &Lines, start: usize, n: usize) -> bool {
    let rows = rows_after(lines, start, n);
    if rows < n {
        return rows == n - 1;
    }
    let most = BLOCK_GRIDS * n;
    let run = row_lines(lines, start + 1, n).take(most + 1).count();
    if run <= most && lines.held(start + 1 + run).is_none() {
        // The window ends with the run: a grid's worth more lines are asked for at once (one
        // line at a time, a long run would be read again once a line).
        let _ = lines.get(start + run + n);
    }
    run <= most && run % n == n - 1
}

/// The widest grid written as rows of one symbol a cell: 49×49, the largest grid (N = K²)
/// whose digits fit the 61 symbols of the standard alphabet.
pub(super) const MAX_ROW_SIDE: usize = 49;

/// Whether `line` is `n` dashes: a row of empty cells, or a rule or frame of a compact grid.
fn dashes(line: &str, n: usize) -> bool {
    let cells = row_cells(line);
    cells.len() == n && cells.iter().all(|&c| c == '-')
}

/// Whether the line at `start` is a frame of dashes above a whole grid of as many rows as
/// it has dashes, where so many dashes are also a puzzle's length (16 dashes, a 4×4): the
/// frame is passed over. Sixteen 4×4 puzzles below it, one a line, leave it a 4×4.
pub(super) fn frame_above_grid(lines: &Lines, start: usize, opts: ReadOptions) -> bool {
    let n = row_cells(lines.at(start)).len();
    n <= MAX_ROW_SIDE
        && dashes(lines.at(start), n)
        && above_grid(lines, start, n)
        && symbol_rows_start(lines, start + 1, opts) == Some(n)
}

/// Whether the line at `start`, dashes alone (maybe between `|`) that the reader would pass
/// over as a rule or frame, is instead the first row of a grid, of empty cells: exactly the
/// grid's N - 1 other rows follow it, then a blank line, a comment, the end of the text or a
/// one-line puzzle (not a bad row: the grid under a frame would be read a row off). A forum
/// row of dashes a cell (`| - - - | - - - | - - - |`) only needs a row as long below it.
pub(super) fn empty_first_row(lines: &Lines, start: usize) -> bool {
    let n = row_cells(lines.at(start)).len();
    if n > MAX_ROW_SIDE || !is_side(n) || !dashes(lines.at(start), n) {
        return false;
    }
    // A forum row of single dashes between bars (`| - - - | - - - | - - - |`), each dash a
    // cell: no rule is drawn so. Above a row as long (its frame passed over), it heads a grid
    // whatever follows the grid, such as the next grid right under it.
    if lines.at(start).contains('|') && tokens(lines.at(start)).count() == n {
        let next = lines
            .from(start + 1)
            .map(str::trim)
            .find(|l| l.is_empty() || !is_rule(l, Some(n)));
        return next.is_some_and(|l| row_cells(l).len() == n);
    }
    let mut rows = 0;
    for l in lines.from(start + 1).map(str::trim) {
        if l.is_empty() || l.starts_with('#') || whole_puzzle(l, n) {
            break;
        }
        if is_rule(l, Some(n)) {
            continue;
        }
        if row_cells(l).len() != n || rows == n - 1 {
            return false;
        }
        rows += 1;
    }
    rows == n - 1
}

/// Whether the line above the grid at `start` is its frame above: a rule (as `rule` tells)
/// with a blank line, a comment, a title, another rule or the start of the text above it.
/// Right under a row, it is the frame below the grid before, back to back with this one, which
/// then has none: waiting for one below would take the next grid's first row in.
pub(super) fn frame_above(lines: &Lines, start: usize, rule: impl Fn(&str) -> bool) -> bool {
    let line = |back: usize| {
        start
            .checked_sub(back)
            .and_then(|i| lines.held(i))
            .map(str::trim)
    };
    let under_row =
        line(2).is_some_and(|l| !(l.is_empty() || l.starts_with('#') || title(l) || rule(l)));
    line(1).is_some_and(&rule) && !under_row
}

/// The rules and frames met inside a grid drawn for people, and where they end it. Rules
/// that part its bands (the first comes after more than one row) close a band each: the grid
/// ends K rows after the last of its K - 1 inner rules, or at the K-th rule, its frame below,
/// whatever its count of rows. So a row too many or too few in a band spoils that grid alone,
/// where grids follow one another without a blank line, and not every grid after it. Two
/// rules back to back are one grid's frame below and the next one's frame above. Rules
/// between every row close nothing, and a band far from K rows (a rule dropped) leaves the
/// count of rows to end the grid. A grid framed above ends at its frame below, so that a row
/// too many in its last band is its own, not a grid of its own. The first rule met a row
/// short of the end, in a grid without rules, ends it: the next grid's frame.
pub(super) struct Rules {
    k: usize,
    /// The grid has a frame above it: one below is waited for.
    framed: bool,
    part_bands: bool,
    /// Rules met.
    count: usize,
    /// Every band closed by a rule so far had K rows, or one more or less.
    regular: bool,
    /// Rows read when the last rule was met.
    since: usize,
    /// The line before was a rule.
    after_rule: bool,
}

/// What a rule does to the grid it is met in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RuleEnds {
    /// Nothing: it is passed over.
    No,
    /// The grid ends with it (its frame below).
    After,
    /// The grid ended on the line before (the rule is the next grid's frame above).
    Before,
}

impl Rules {
    /// The rules of a grid of basis `k`, `framed` above, none met yet.
    pub(super) fn new(k: usize, framed: bool) -> Self {
        Rules {
            k,
            framed,
            part_bands: false,
            count: 0,
            regular: true,
            since: 0,
            after_rule: false,
        }
    }

    /// A rule met after `rows` rows of the grid.
    pub(super) fn rule(&mut self, rows: usize) -> RuleEnds {
        // The first rule met a row short of the grid's end is no band's: it is the next
        // grid's frame above (or this one's below), under a grid drawn without rules.
        if self.after_rule || self.count == 0 && rows + 1 >= self.k * self.k {
            return RuleEnds::Before;
        }
        self.after_rule = true;
        self.part_bands |= self.count == 0 && rows > 1;
        self.regular &= (rows - self.since).abs_diff(self.k) <= 1;
        self.count += 1;
        self.since = rows;
        if self.part_bands && self.count == self.k {
            RuleEnds::After
        } else {
            RuleEnds::No
        }
    }

    /// Whether a rule met after `rows` rows, fewer than a band's and before any other rule,
    /// may be the frame above the next grid (rows pasted above a framed grid): then
    /// [`framed_grid_at`] tells.
    pub(super) fn may_frame_next(&self, rows: usize) -> bool {
        self.count == 0 && rows > 0 && rows < self.k
    }

    /// A row met.
    pub(super) fn row(&mut self) {
        self.after_rule = false;
    }

    /// Whether the grid of side `n` is whole after `rows` rows: K rows after its last inner
    /// rule when every band so far had K rows or one more or less (framed, K + 1: its frame
    /// below ends it before), else `n` rows.
    pub(super) fn complete(&self, rows: usize, n: usize) -> bool {
        if self.part_bands && self.regular && self.count == self.k - 1 {
            rows - self.since >= self.k + usize::from(self.framed)
        } else {
            rows >= n
        }
    }
}

/// Whether the line at `at` is the frame above a grid of basis `k` drawn with rules between
/// its bands: a rule (as `rule` tells), then K times K rows and a rule, the last the frame
/// below, drawn as the one above. Rows above it, fewer than a band's
/// ([`Rules::may_frame_next`]), with a blank line, a comment, a title, the text's start or a
/// frame drawn alike above them (line `above`: the grid before's frame below), are pasted
/// there: no part of that grid, nor is the grid a part of theirs. A frame drawn otherwise (a
/// grid broken above a grid of another drawing) is left to the grid's rules, as a look-ahead
/// across two drawings would take rows of both.
pub(super) fn framed_grid_at(
    lines: &Lines,
    above: Option<usize>,
    at: usize,
    k: usize,
    rule: impl Fn(&str) -> bool,
) -> bool {
    let Some(frame) = lines.get(at).map(str::trim).filter(|l| rule(l)) else {
        return false;
    };
    let pasted = match above.and_then(|i| lines.held(i)).map(str::trim) {
        None => true,
        Some(l) => l.is_empty() || l.starts_with('#') || title(l) || l == frame,
    };
    let last = k * (k + 1);
    pasted
        && (1..=last).all(|j| {
            lines.get(at + j).map(str::trim).is_some_and(|l| {
                if j == last {
                    l == frame
                } else if j % (k + 1) == 0 {
                    rule(l)
                } else {
                    !(l.is_empty() || l.starts_with('#') || rule(l))
                }
            })
        })
}

/// Whether a character can be a cell of a row of `n` (or stand for one in a typo'd row).
fn row_symbol(c: char, n: usize) -> bool {
    c.is_ascii_digit() || matches!(c, '.' | '-' | '_') || n > 9 && row_letter(c, n)
}

/// Whether a letter is a digit of some alphabet of side `n`. Up to 35 the alphabet reaching
/// furthest is the letters' (A = 1: A-P at 16×16, A-Y at 25×25; lowercase read as
/// uppercase), so `Sudoku` over a 16×16 is no row; from 36 up, 1-9A-Z and then a-z.
fn row_letter(c: char, n: usize) -> bool {
    let index = |c: char, from: u8| usize::from(c as u8 - from);
    match c {
        'A'..='Z' => n > 35 || index(c, b'A') < n,
        'a'..='z' if n <= 35 => index(c, b'a') < n,
        'a'..='z' => index(c, b'a') < n - 35,
        _ => false,
    }
}

/// Whether the grid of `n` rows from `start` has its bands parted by lines of `n` dashes,
/// as compact 9×9 grids are drawn (`---------` after every third row). Such a line is also a
/// row of empty cells, so only when one stands at the end of every band but the last, and
/// from 9×9 up: a 4×4 has one such line, where a row of 4 empty cells is common. The first
/// band's rule decides before more is read: rows that come down a pipe are not waited for.
/// (A grid whose rows 4 and 7 are empty, written in dashes, with the next grid's rows right
/// after it, would be read with rules.) A row a symbol or two off, or with a typo, counts
/// among the rows: it is that grid's bad row. Without the first band's rule, the others are
/// rules when the rows end where the grid does ([`later_dash_bands`]).
pub(super) fn dash_bands(lines: &Lines, start: usize, n: usize) -> bool {
    let k = basis_of(n);
    let m = n + k - 1;
    let rows = || {
        lines
            .from(start)
            .map(str::trim)
            .take_while(|l| !l.is_empty() && !l.starts_with('#'))
            .take_while(move |l| {
                let cells = row_cells(l);
                cells.len().abs_diff(n) <= n / 4 && row_like(&cells, n)
            })
    };
    let first_band: Vec<&str> = rows().take(k + 1).collect();
    if k < 3 || first_band.len() <= k {
        return false;
    }
    if !dashes(first_band[k], n) {
        return later_dash_bands(lines, start, rows(), n);
    }
    let block: Vec<&str> = rows().take(m).collect();
    block.len() == m && (1..k).all(|j| dashes(block[j * (k + 1) - 1], n))
}

/// Whether the lines of `n` dashes among `rows` (a grid's from line `start`, up to the first
/// line that is no row), its first band's rule missing, are its other band rules: each at a
/// band's end, the rows around them exactly the grid's `n`, and after them the end of the
/// rows, a frame of dashes, or the next grid with its first band ruled. Read as rows of empty
/// cells instead, they would leave the grid's last rows over, to be read as bad lines or as
/// the next grid's, and the grid misread (a grid whose 7th row is empty, written in dashes,
/// has no row left over). A grid without such a line is told at its last row: the line after
/// it is not waited for.
fn later_dash_bands<'a>(
    lines: &Lines,
    start: usize,
    rows: impl Iterator<Item = &'a str>,
    n: usize,
) -> bool {
    let k = basis_of(n);
    let (mut count, mut ruled_at) = (0, 0);
    for (i, l) in rows.enumerate() {
        if count == n {
            let next_ruled = || {
                lines
                    .get(start + i + k)
                    .is_some_and(|r| dashes(r.trim(), n))
            };
            return ruled_at > 0 && (dashes(l, n) || next_ruled());
        }
        if dashes(l, n) && count % k == 0 && count > ruled_at {
            ruled_at = count;
        } else {
            count += 1;
            if count == n && ruled_at == 0 {
                return false;
            }
        }
    }
    count == n && ruled_at > 0
}

/// Whether the line at `start`, of `n` cells, stands above a whole grid of `n` rows instead
/// of being its first row: a title that happens to have `n` characters (`Sudoku #12`) or a
/// frame of `n` dashes where that is also a puzzle's length (16 dashes, a 4×4). Only when it
/// holds what no row can (or dashes alone), and exactly a grid's `n` rows follow it (then no
/// further row but a frame): with one row more, the line is no part of that grid.
pub(super) fn above_grid(lines: &Lines, start: usize, n: usize) -> bool {
    let line = lines.at(start);
    // Upper and lower case mixed (`Sudokuxxx…`) are a word's, where case does not tell
    // digits apart.
    let mixed = n <= 35
        && line.contains(|c: char| c.is_ascii_uppercase())
        && line.contains(|c: char| c.is_ascii_lowercase());
    let stray = dashes(line, n) || mixed || !row_cells(line).into_iter().all(|c| row_symbol(c, n));
    if !stray || !is_side(n) {
        return false;
    }
    let below: Vec<&str> = clean_rows(lines, start + 1, n).take(n + 1).collect();
    below.len() == n
        || below.len() == n + 1 && dashes(below[n], n)
        || dash_bands(lines, start + 1, n)
}

/// The side N of the grid whose first row is the line at `start`, when that row has a
/// wrong count of `cells` (a few off), holds only what cells can, and the N - 1 other rows
/// of the grid follow it (then a blank line, a comment, the end of the text or a line that is
/// no row; or more grids, see [`heads_grid`]): the grid is read, and its bad first row
/// reported, rather than the row alone and the rest as a grid cut short. With a whole grid
/// after it, the line is a stray one (a title, a broken line) and the grid is read whole.
pub(super) fn grid_below(lines: &Lines, start: usize, cells: usize) -> Option<usize> {
    let next = lines.get(start + 1)?.trim();
    let n = tokens(next).count();
    let n = if n > 1 && tokens(next).all(number_token) {
        n
    } else {
        row_cells(next).len()
    };
    // A typo besides the slip (`4x.....8.5`) still leaves it a row.
    (is_side(n)
        && cells != n
        && cells.abs_diff(n) <= n / 4
        && row_like(&row_cells(lines.at(start)), n)
        && heads_grid(lines, start, n))
    .then_some(n)
}

/// The side N when the line at `start` begins a grid written as N rows of N symbols (with or
/// without spaces and box rules): it holds N symbols for N from 4 to 49 and the next row
/// does too. Sixteen symbols are also a whole 4×4 puzzle: the symbols above 4 decide, as
/// [`big_grid`] says for rows of numbers.
pub(super) fn symbol_rows_start(lines: &Lines, start: usize, opts: ReadOptions) -> Option<usize> {
    if !matches!(opts.format, None | Some(Format::Line)) {
        return None;
    }
    // Counted before the cells are collected: most lines are whole puzzles, far longer.
    let n = lines
        .at(start)
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '|')
        .take(MAX_ROW_SIDE + 1)
        .count();
    if n <= MAX_ROW_SIDE && side_of_cells(n).is_none() && !is_side(n) {
        // A first row a few symbols off, above the grid's other rows.
        return grid_below(lines, start, n);
    }
    if !is_side(n) || n > MAX_ROW_SIDE || above_grid(lines, start, n) {
        return None;
    }
    let first = row_cells(lines.at(start));
    // A title no row can be ends a grid in `read_symbol_rows`: it heads none.
    if title(lines.at(start).trim()) && !row_like(&first, n) {
        return None;
    }
    // The lines that would be its other rows; most must hold N symbols (one bad row still
    // belongs to the grid).
    let next: Vec<Vec<char>> = lines
        .from(start + 1)
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
    // A `|` between cells tells a drawn 16×16 row (`1 . . 4 | …`, `|1..4|…|`), unless the
    // line is four runs of four symbols parted by three `|`, as a 4×4 puzzle on one line is
    // written (`...3|.2..|...1|.4..`): then the symbols decide, as below.
    let line = lines.at(start).trim();
    let one_line_4x4 = !line.contains(char::is_whitespace)
        && line.split('|').map(|p| p.chars().count()).eq([4; 4]);
    if n != 16 || line.contains('|') && !one_line_4x4 {
        return Some(n);
    }
    // Letters A-D are a 4×4's digits when the lines show no other digit (a 4×4 in letters,
    // A = 1), and a 16×16's 10-13 beside digits 1-9 or later letters.
    let symbols = || first.iter().chain(rows.iter().copied().flatten());
    let letters_small = match opts.alphabet {
        Some(a) => a == Alphabet::Letters,
        None => !symbols()
            .any(|c| matches!(c, '1'..='9') || matches!(c.to_ascii_uppercase(), 'E'..='Z')),
    };
    let small = |c: &char| {
        matches!(c, '0'..='4' | '.' | '-' | '_')
            || letters_small && matches!(c.to_ascii_uppercase(), 'A'..='D')
    };
    let given = |c: &char| !matches!(c, '0' | '.' | '-' | '_');
    let above: usize = rows
        .iter()
        .map(|r| r.iter().filter(|c| !small(c)).count())
        .sum();
    let givens: usize = rows
        .iter()
        .map(|r| r.iter().filter(|c| given(c)).count())
        .sum();
    let complete = next.len() == n - 1;
    big_grid(n, first.iter().any(|c| !small(c)), above, givens, complete).then_some(n)
}

/// Whether rows of N = 16 (or 81) cells are one big grid rather than small grids one a line,
/// from the first row (whether it holds a digit too big for a small grid) and the next ones
/// (how many of their givens are too big, of how many; `complete` when all N - 1 are there):
/// when the first does, another must too, and most givens of the rest when they are N or
/// more (or the rest, all there, hold no givens), else values out of range among small grids
/// are those grids' errors, and the small grids around them are still read (in a big grid
/// three givens in four are too big for a small one, and a big grid with all its rows but
/// fewer than N givens below its first has many solutions whichever way its rows are read;
/// cut short, few givens are rather small grids, a typo among them the first one's); when it
/// does not, most givens of the rest must be too big, as in a big grid whose first row
/// happens to hold small digits only.
pub(super) fn big_grid(
    n: usize,
    first_above: bool,
    above: usize,
    givens: usize,
    complete: bool,
) -> bool {
    if first_above {
        above > 0 && (2 * above > givens || givens < n && complete) || (givens == 0 && complete)
    } else {
        // Cut short, the rows would be a bad big grid: one value too big (a typo in the small
        // grid on the next line) does not take the good small grid above into it.
        2 * above > givens && (complete || above > 1)
    }
}

/// A grid of N rows of N symbols from `start` (box rules passed over); returns lines
/// consumed. A blank line, a comment, a whole puzzle or the end of the text ends it early; a
/// bad row spoils the grid, whose other rows go with it.
pub(super) fn read_symbol_rows(
    lines: &Lines,
    start: usize,
    n: usize,
    opts: ReadOptions,
) -> (Record, usize) {
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    let mut idx = start;
    let k = basis_of(n);
    let dash_rules = dash_bands(lines, start, n);
    // Rows read when the last band rule of dashes was passed over: one a band end.
    let mut ruled_at = 0;
    let dash_framed = frame_above(lines, start, |l| dashes(l, n));
    let framed = dash_framed || frame_above(lines, start, |l| is_rule(l, Some(n)));
    let mut rules = Rules::new(k, framed);
    // The grid's frame below has been read (its K-th rule).
    let mut closed = false;
    // A title among the grid's rows, with exactly its missing rows under it.
    let mut stray = None;
    while !rules.complete(rows.len(), n) {
        let Some(l) = lines.get(idx).map(str::trim) else {
            break;
        };
        if l.is_empty() || l.starts_with('#') {
            break;
        }
        // A title (`Puzzle 3`) ends the grid too: the grid under it is not taken in. With
        // the rest of this grid under it and no more, it is a stray line inside one grid.
        if title(l) && !row_like(&row_cells(l), n) {
            let inside = !rows.is_empty()
                && rows.len() < n
                && stray.is_none()
                && rows_after(lines, idx, n) == n - rows.len();
            if !inside {
                break;
            }
            stray = Some((idx, rows.len()));
            idx += 1;
            continue;
        }
        let at_band_end = rows.len() % k == 0 && rows.len() > ruled_at;
        let band_rule = dash_rules && at_band_end && dashes(l, n);
        if band_rule || is_rule(l, Some(n)) {
            if band_rule {
                ruled_at = rows.len();
            }
            if rules.may_frame_next(rows.len())
                && framed_grid_at(lines, start.checked_sub(1), idx, k, |l| is_rule(l, Some(n)))
            {
                break;
            }
            match rules.rule(rows.len()) {
                RuleEnds::No => {}
                RuleEnds::After => {
                    idx += 1;
                    closed = true;
                    break;
                }
                RuleEnds::Before => break,
            }
        } else {
            let cells = row_cells(l);
            if cells.len() != n
                && (whole_puzzle(l, n)
                    || side_of_cells(cells.len()).is_some()
                    || other_grid_starts(lines, idx, cells.len()))
            {
                break;
            }
            rules.row();
            rows.push((idx, cells));
        }
        idx += 1;
    }
    // A frame of N dashes below a grid framed above, or ruled with them, is the grid's. Where
    // so many dashes are also a puzzle's length (a 4×4's at 16×16) it is waited for; elsewhere
    // it is taken when already read (a grid that comes down a pipe is not held back for the
    // next line), and otherwise passed over as a frame when it comes.
    if (dash_framed || dash_rules) && rows.len() == n && !closed {
        let below = if side_of_cells(n).is_some() {
            lines.get(idx)
        } else {
            lines.held(idx)
        };
        idx += usize::from(below.is_some_and(|l| dashes(l, n)));
    }
    let used = idx - start;
    if let Some((at, after)) = stray.filter(|_| rows.len() == n) {
        let err = InputError::stray_title(at + 1, lines.at(at).trim(), after, n, "symbol");
        return (Err(err), used);
    }
    if rows.len() < n {
        let at: Vec<usize> = rows.iter().map(|&(at, _)| at).collect();
        let err = InputError::short_grid(start + 1, n, "symbol", &at);
        return (Err(err), used);
    }
    if rows.len() > n {
        let err = InputError::long_grid(start + 1, n, "symbol", rows.len());
        return (Err(err), used);
    }
    if let Some((r, (at, cells))) = rows.iter().enumerate().find(|(_, (_, c))| c.len() != n) {
        let err = InputError::bad_row(at + 1, r + 1, n, "symbol", cells.len());
        return (Err(err), used);
    }
    let text: String = rows.iter().flat_map(|(_, c)| c).collect();
    let opts = ReadOptions {
        format: Some(Format::Line),
        ..opts
    };
    let locate = |pos: usize| (rows[pos / n].0 + 1, CellName::of(pos, n).to_string());
    let mut rec = read_symbols(&text, start + 1, opts, &locate);
    // Comments after rows, rules or frames (the frame above too) are passed over, and said so.
    let above = start.checked_sub(1).filter(|_| framed);
    let commented: Vec<usize> = (above.into_iter().chain(start..start + used))
        .filter(|&i| lines.held(i).is_some_and(|l| l.contains('#')))
        .map(|i| i + 1)
        .collect();
    if let (Ok(p), Some(said)) = (&mut rec, comments_note(&commented)) {
        p.add_note(said);
    }
    (rec, used)
}

/// Whether the line at `at`, a row of `m` cells inside a grid of another side, and the line
/// under it are rows of a grid of side `m`: the next grid begins there (a 9×9 right under a
/// 16×16 cut short by a title among its rows). One row of the wrong length is a typo in the
/// grid, and stays its bad row; two of the same wrong length in a row are taken for a grid.
fn other_grid_starts(lines: &Lines, at: usize, m: usize) -> bool {
    is_side(m)
        && lines
            .get(at + 1)
            .map(str::trim)
            .is_some_and(|l| !is_rule(l, Some(m)) && row_cells(l).len() == m)
}

/// Whether `n` is the side of a grid of a supported basis (4, 9, 16, …).
pub(super) fn is_side(n: usize) -> bool {
    SUPPORTED.map(|k| k * k).any(|m| m == n)
}
