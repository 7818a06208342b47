//! Where a JSON value's brackets close, found by counting them line by line, strings aside.
//! A string ends on its line, as JSON's do (a line end may not stand in one), so that a stray
//! quote costs its line and not every bracket after it.
//!
//! A value that does not close is scanned to the window's end, and the next line may open
//! another: a file of such lines (a stray `[` a line, JSON lines each cut short) would be
//! scanned once a line, up to the window's quarter-million lines each time. What a scan
//! found on the lines it went through is kept ([`Unclosed`]): a value that opens on one of
//! them and cannot close on them is carried past them at once.

use super::lines::Lines;

/// A scan for the bracket that closes a JSON value, carried from one line to the next.
#[derive(Clone, Copy, Default)]
pub(super) struct Brackets {
    /// Brackets open and not closed.
    depth: usize,
}

impl Brackets {
    /// Scan `text`, the rest of a line: the byte after the bracket that closes the value if it
    /// is there, else the lowest depth the scan came to on the line.
    pub(super) fn feed(&mut self, text: &str) -> Result<usize, usize> {
        let (mut in_string, mut escaped) = (false, false);
        let mut low = self.depth;
        for (a, c) in text.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' if in_string => escaped = true,
                '"' => in_string = !in_string,
                '[' | '{' if !in_string => self.depth += 1,
                ']' | '}' if !in_string => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return Ok(a + 1);
                    }
                    low = low.min(self.depth);
                }
                _ => {}
            }
        }
        Err(low)
    }
}

/// The lines a bracket scan went through without closing (from the line after the one it
/// started on), as depths of that scan. A later scan that comes to one of them `off` brackets
/// shallower sees the same text, `off` less deep, and closes exactly where the first came
/// down to `off`: if it never did, the later scan is carried past them.
#[derive(Default)]
pub(super) struct Unclosed {
    /// The line of `starts[0]`.
    first: usize,
    /// The depth at the start of each line from `first` on.
    starts: Vec<usize>,
    /// The lowest depth on each of those lines.
    low: Vec<usize>,
    /// The lowest depth from each of the first `lowest.len()` lines to the last line then
    /// recorded (lines recorded later have `tail_low`).
    lowest: Vec<usize>,
    /// The lowest depth on the lines recorded after `lowest` was taken.
    tail_low: usize,
    /// The depth after the last line recorded.
    end: usize,
}

impl Unclosed {
    /// Where a scan at depth `depth` at the start of line `line` can go on from, past the
    /// lines recorded when it cannot close on them: the line after them, its depth there, and
    /// how much shallower it is than the recorded scan.
    pub(super) fn skip(&mut self, line: usize, depth: usize) -> Option<(usize, usize, usize)> {
        let k = line.checked_sub(self.first)?;
        let off = self.starts.get(k)?.checked_sub(depth)?;
        if k >= self.lowest.len() {
            self.take_lowest(k);
        }
        let k = line - self.first;
        let lowest = self.lowest[k].min(self.tail_low);
        (lowest > off).then(|| (self.first + self.starts.len(), self.end - off, off))
    }

    /// Forget the first `k` lines, and take the lowest depths from each line on afresh.
    /// Each line is taken in once: the next time comes after the scans have passed them all.
    fn take_lowest(&mut self, k: usize) {
        self.starts.drain(..k);
        self.low.drain(..k);
        self.first += k;
        self.lowest.clear();
        self.lowest.resize(self.low.len(), 0);
        let mut lowest = usize::MAX;
        for (to, &low) in self.lowest.iter_mut().zip(&self.low).rev() {
            lowest = lowest.min(low);
            *to = lowest;
        }
        self.tail_low = usize::MAX;
    }

    /// A scan went through the lines from `from` without closing, `lines` being their start
    /// and lowest depths and `end` its depth after the last. `off`: it was carried here past
    /// the lines recorded, that much shallower than their scan, whose record it extends.
    fn note(&mut self, from: usize, lines: &[(usize, usize)], end: usize, off: Option<usize>) {
        match off {
            Some(off) if from == self.first + self.starts.len() => {
                for &(start, low) in lines {
                    self.starts.push(start + off);
                    self.low.push(low + off);
                    self.tail_low = self.tail_low.min(low + off);
                }
                self.end = end + off;
            }
            _ => {
                self.first = from;
                self.starts = lines.iter().map(|&(start, _)| start).collect();
                self.low = lines.iter().map(|&(_, low)| low).collect();
                self.end = end;
                self.take_lowest(0);
            }
        }
    }
}

/// Where the brackets open at `depth` before byte `at` of line `line` close (line, byte after
/// the closing bracket), brackets in strings not counted, or `None` when the text or the
/// window ends first. When the window ends first, the scan's state is left with the lines, so
/// that the source reads on to the line where the brackets close at once, not a line a time.
pub(super) fn close_from(
    lines: &Lines,
    line: usize,
    at: usize,
    depth: usize,
) -> Option<(usize, usize)> {
    let mut scan = Brackets { depth };
    if let Ok(end) = scan.feed(&lines.get(line)?[at..]) {
        return Some((line, at + end));
    }
    let mut memo = lines.unclosed.borrow_mut();
    let (from, off) = match memo.skip(line + 1, scan.depth) {
        Some((past, depth, off)) => {
            scan.depth = depth;
            (past, Some(off))
        }
        None => (line + 1, None),
    };
    let mut seen = Vec::new();
    for (i, text) in (from..).zip(lines.from(from)) {
        let start = scan.depth;
        match scan.feed(text) {
            Ok(end) => return Some((i, end)),
            Err(low) => seen.push((start, low)),
        }
    }
    memo.note(from, &seen, scan.depth, off);
    lines.open_value(scan);
    None
}
