//! The lines of a text as they arrive: a window that holds the line being read and as many of
//! those after it as a grid written over several lines needs, so that a batch of any length
//! is read in bounded memory, its first puzzles are solved before its last ones are read, and
//! a puzzle on one line is read without waiting for the next.

use super::brackets::{Brackets, Unclosed};
use super::numbers::RowFacts;
use std::cell::{Cell, RefCell};
use std::io::{self, BufRead};

/// At most this many lines ahead of the one being read: no grid has more rows.
const AHEAD_MAX: usize = 4096;
/// At most this many lines ahead for a JSON value that has not closed: a 225×225 grid
/// pretty-printed with a cell a line takes about 51,000.
const AHEAD_JSON: usize = 1 << 18;
/// At most this many bytes ahead: a file of one-line 225×225 grids in numbers (150 kB each)
/// holds no grid of rows, and a window of thousands of them would not fit in memory.
const AHEAD_BYTES: usize = 64 << 20;
/// Lines passed over are dropped from the window in batches of this many.
const DROP_EVERY: usize = 4096;
/// The longest line read: the longest puzzle, a 225×225 candidate grid in JSON on one line,
/// takes about 52 MB, and a JSON list of 9×9 puzzles on one line this long holds three
/// million. A longer line (an endless pipe with no line end) is passed over to its end
/// rather than held: reading a line can take up to 18 times its size (a JSON value of
/// numbers), and a line of gigabytes would take all the memory there is.
pub(super) const LINE_MAX: usize = 1 << 28;

/// The lines of a text read so far, numbered from its first line (0-based). The readers of
/// grids ask for lines with [`get`](Self::get): a line past the window is `None`, and the
/// window records that it was asked for, so that the record is read again with more lines.
#[derive(Default)]
pub(super) struct Lines {
    /// Lines `base..base + held.len()`.
    held: Vec<String>,
    /// The number of the first line held.
    base: usize,
    /// Bytes held.
    bytes: usize,
    /// The text has no more lines than those read.
    eof: bool,
    /// A line past the window was asked for, before the text's end.
    short: Cell<bool>,
    /// The furthest such line.
    wanted: Cell<usize>,
    /// A JSON value was read to the window's end without closing: the scan so far.
    open: Cell<Option<Brackets>>,
    /// What the scans of JSON values that did not close found on the lines they went through.
    pub(super) unclosed: RefCell<Unclosed>,
    /// What the lines are to a grid of numbers read from a line above them.
    pub(super) row_facts: RefCell<RowFacts>,
    /// The lines longer than the longest read, held as empty lines, and how long each was
    /// (its bytes, up to the line end).
    cut: Vec<(usize, u64)>,
}

impl Lines {
    /// Line `i`, which must be in the window.
    pub(super) fn at(&self, i: usize) -> &str {
        &self.held[i - self.base]
    }

    /// Line `i`, or `None` past the end of the text, or of the window (which notes it).
    pub(super) fn get(&self, i: usize) -> Option<&str> {
        let line = self.held(i);
        if line.is_none() && !self.eof {
            self.short.set(true);
            self.wanted.set(self.wanted.get().max(i));
        }
        line
    }

    /// Line `i` if the window holds it (the two lines before the record being read are kept:
    /// a rule right above it is its frame unless a row stands above that).
    pub(super) fn held(&self, i: usize) -> Option<&str> {
        let at = i.checked_sub(self.base)?;
        self.held.get(at).map(String::as_str)
    }

    /// The lines from `i` on, as far as [`get`](Self::get) gives them.
    pub(super) fn from(&self, i: usize) -> impl Iterator<Item = &str> {
        (i..).map_while(|i| self.get(i))
    }

    /// A JSON value ran past the window, with `scan` the state of its brackets at the end.
    pub(super) fn open_value(&self, scan: Brackets) {
        if self.short.get() {
            self.open.set(Some(scan));
        }
    }

    /// Lines held in the window.
    #[cfg(test)]
    pub(super) fn held_lines(&self) -> usize {
        self.held.len()
    }

    /// The length in bytes of line `i` when it was too long to hold.
    pub(super) fn cut(&self, i: usize) -> Option<u64> {
        self.cut
            .iter()
            .find(|&&(at, _)| at == i)
            .map(|&(_, len)| len)
    }

    /// One past the last line read so far.
    pub(super) fn end(&self) -> usize {
        self.base + self.held.len()
    }

    fn push(&mut self, line: String) {
        self.bytes += line.len();
        self.held.push(line);
    }

    /// Drop the lines before `i`, but the two just before it, when there are many of them.
    fn drop_before(&mut self, i: usize) {
        let passed = i.saturating_sub(self.base + 2).min(self.held.len());
        if passed >= DROP_EVERY {
            self.bytes -= self.held[..passed].iter().map(String::len).sum::<usize>();
            self.held.drain(..passed);
            self.base += passed;
            let base = self.base;
            self.cut.retain(|&(at, _)| at >= base);
        }
    }
}

/// Where the first LF or CR of `buf` is: eight bytes at a time up to the word that holds it
/// (a 9×9 puzzle's line is 11 steps, not 82).
pub(super) fn line_end(buf: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    // Bytes that are zero in `x` leave their high bit set here; no other byte does when none is.
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & (ONES << 7);
    let mut at = 0;
    for word in buf.chunks_exact(8) {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        if zero_byte(w ^ (ONES * u64::from(b'\n'))) | zero_byte(w ^ (ONES * u64::from(b'\r'))) != 0
        {
            break;
        }
        at += 8;
    }
    let end = buf[at..].iter().position(|&b| b == b'\n' || b == b'\r');
    end.map(|i| at + i)
}

/// A text's lines read from `src` as they are needed, as [`str::lines`] cuts a text, with
/// what puzzle files hold besides: a lone CR (old Mac line ends) ends a line too, a byte-order
/// mark at the start of a line is not part of it, nor a DOS end-of-file mark (Ctrl-Z) after
/// the last line; bytes that are not UTF-8 become U+FFFD, for the reader to name.
pub(super) struct LineSource<R> {
    src: R,
    pub(super) lines: Lines,
    /// The first error of `src`, which ends the text.
    pub(super) error: Option<io::Error>,
    /// Bytes read from `src`.
    pub(super) bytes_read: u64,
    /// The longest line held ([`LINE_MAX`]; less in tests).
    pub(super) line_max: usize,
}

impl<R: BufRead> LineSource<R> {
    pub(super) fn new(src: R) -> Self {
        LineSource {
            src,
            lines: Lines::default(),
            error: None,
            bytes_read: 0,
            line_max: LINE_MAX,
        }
    }

    /// Make line `i` part of the window, unless the text has ended before it, and drop the
    /// lines before `i` from it. A line with a Ctrl-Z waits for the next: after the last line
    /// the mark is not part of it.
    pub(super) fn hold(&mut self, i: usize) {
        self.hold_from(i, i);
    }

    /// [`hold`](Self::hold) line `i`, keeping the lines from `keep` (at most `i`) too: a
    /// record that reads past lines it may come back to.
    pub(super) fn hold_from(&mut self, keep: usize, i: usize) {
        self.lines.drop_before(keep);
        self.fill_to(i + 1, usize::MAX);
        if i < self.lines.end() && self.lines.at(i).contains('\u{1a}') {
            self.fill_to(i + 2, usize::MAX);
        }
        self.lines.short.set(false);
        self.lines.wanted.set(0);
        self.lines.open.set(None);
    }

    /// After a record from line `i` asked for lines past the window: read up to the furthest
    /// one asked for, and say whether there are more to read it again with. No further: a
    /// line that has not come down a pipe yet would hold back the grid before it (reading
    /// twice as many lines ahead each time, as this once did, waited for up to a grid's worth
    /// more; a grid is read again once a row, which costs little beside solving it). A grid
    /// has at most [`AHEAD_MAX`] rows, held in at most [`AHEAD_BYTES`]. A JSON value that has
    /// not closed is read on to the line where it closes, which it needs anyway, so it is
    /// read again once, not once a line: up to [`AHEAD_JSON`] lines.
    pub(super) fn more(&mut self, i: usize) -> bool {
        let wanted = self.lines.wanted.replace(0);
        let open = self.lines.open.take();
        if !self.lines.short.replace(false) || self.lines.eof {
            return false;
        }
        let ahead = self.lines.end() - i - 1;
        let limit = if open.is_some() {
            AHEAD_JSON
        } else {
            AHEAD_MAX
        };
        if ahead >= limit || self.lines.bytes >= AHEAD_BYTES {
            return false;
        }
        let end = self.lines.end();
        match open {
            Some(scan) => self.fill_to_close(scan, i + limit),
            None => self.fill_to(wanted.clamp(end, i + AHEAD_MAX) + 1, AHEAD_BYTES),
        }
        self.lines.end() > end || self.lines.eof
    }

    /// Read lines, each fed to `scan`, until the one where its brackets close is held, or
    /// `end` are, or the window holds [`AHEAD_BYTES`], or the text ends.
    fn fill_to_close(&mut self, mut scan: Brackets, end: usize) {
        while self.lines.end() < end && self.lines.bytes < AHEAD_BYTES && !self.lines.eof {
            let from = self.lines.end();
            self.fill_to(from + 1, AHEAD_BYTES);
            // At the text's end the lines read may be gone: trailing empty lines are dropped.
            let read = self
                .lines
                .held
                .get(from - self.lines.base..)
                .unwrap_or_default();
            if read.iter().any(|line| scan.feed(line).is_ok()) {
                return;
            }
        }
    }

    /// Read lines until `end` are held, the window holds `max_bytes`, or the text ends.
    fn fill_to(&mut self, end: usize, max_bytes: usize) {
        while !self.lines.eof && self.lines.end() < end && self.lines.bytes < max_bytes {
            // A buffer a line: it becomes the line's `String` as it is (when UTF-8).
            let mut raw = Vec::new();
            match self.read_line(&mut raw) {
                Ok(0) => self.finish(),
                Ok(n) if n > self.line_max && !matches!(raw.last(), Some(b'\n' | b'\r')) => {
                    self.bytes_read += n as u64;
                    self.pass_long_line(n as u64);
                }
                Ok(n) => {
                    self.bytes_read += n as u64;
                    self.push_raw(raw);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.error = Some(e);
                    self.finish();
                }
            }
        }
    }

    /// Append one line to `raw` with its end (LF, CR LF, or a CR alone, as old Macs wrote
    /// them: each ends a line as it is read, so that a file of CRs is read a line at a time),
    /// or, when no end comes first, [`line_max`](Self::line_max) + 1 bytes of it. The bytes
    /// read; 0 at the text's end.
    fn read_line(&mut self, raw: &mut Vec<u8>) -> io::Result<usize> {
        self.read_up_to(raw, self.line_max + 1)
    }

    /// Append to `raw` one line with its end, as [`read_line`](Self::read_line) does, or
    /// `most` bytes of it when no end comes first. The bytes read; 0 at the text's end.
    fn read_up_to(&mut self, raw: &mut Vec<u8>, most: usize) -> io::Result<usize> {
        let from = raw.len();
        loop {
            let buf = match self.src.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let room = most.saturating_sub(raw.len() - from);
            let buf = &buf[..buf.len().min(room)];
            if buf.is_empty() {
                return Ok(raw.len() - from);
            }
            let end = line_end(buf);
            let cr = end.is_some_and(|at| buf[at] == b'\r');
            let used = end.map_or(buf.len(), |at| at + 1);
            raw.extend_from_slice(&buf[..used]);
            self.src.consume(used);
            if end.is_some() {
                if cr && self.lf_next() {
                    raw.push(b'\n');
                }
                return Ok(raw.len() - from);
            }
        }
    }

    /// After a CR: whether an LF follows, taken with it as one line end. A read error here
    /// is left for the next read to meet.
    fn lf_next(&mut self) -> bool {
        loop {
            match self.src.fill_buf() {
                Ok(buf) if buf.first() == Some(&b'\n') => {
                    self.src.consume(1);
                    return true;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                _ => return false,
            }
        }
    }

    /// A line too long to hold, of which `read` bytes are read: the rest is read to its end
    /// and dropped, a piece at a time, and an empty line stands for it, for the reader to name.
    fn pass_long_line(&mut self, read: u64) {
        const PIECE: usize = 1 << 16;
        let mut len = read;
        let mut piece = Vec::with_capacity(PIECE);
        loop {
            piece.clear();
            match self.read_up_to(&mut piece, PIECE) {
                Ok(0) => break,
                Ok(n) => {
                    self.bytes_read += n as u64;
                    let content = piece.strip_suffix(b"\n").unwrap_or(&piece);
                    let content = content.strip_suffix(b"\r").unwrap_or(content);
                    len += content.len() as u64;
                    if content.len() < n {
                        break;
                    }
                }
                Err(e) => {
                    self.error = Some(e);
                    break;
                }
            }
        }
        let i = self.lines.end();
        self.lines.cut.push((i, len));
        self.lines.push(String::new());
        if self.error.is_some() {
            self.finish();
        }
    }

    /// One line as read by [`read_line`](Self::read_line), with its line end.
    fn push_raw(&mut self, mut raw: Vec<u8>) {
        let end = match raw.as_slice() {
            [.., b'\r', b'\n'] => 2,
            [.., b'\n' | b'\r'] => 1,
            _ => 0,
        };
        raw.truncate(raw.len() - end);
        let text = String::from_utf8(raw)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        let line = match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        };
        self.lines.push(line);
    }

    /// The text has ended: a Ctrl-Z after the last line goes, with the empty lines it leaves.
    fn finish(&mut self) {
        self.lines.eof = true;
        // The last line may lose its end marks below: what was known of it may not hold.
        self.lines.row_facts.take();
        // A line too long to hold stays, to be named, even when it is last.
        let end = self.lines.end();
        let cut_last = self.lines.cut.last().is_some_and(|&(at, _)| at + 1 == end);
        while let Some(last) = self.lines.held.last_mut().filter(|_| !cut_last) {
            let kept = last.trim_end_matches(['\u{1a}', '\r', '\n']).len();
            self.lines.bytes -= last.len() - kept;
            last.truncate(kept);
            if !last.is_empty() {
                break;
            }
            self.lines.held.pop();
        }
    }
}
