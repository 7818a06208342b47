//! Candidate grids folded a grid row a line: the N³ form of Sukaku Explainer and tdoku cut
//! into N lines of N² symbols, as it is shown and pasted. Each line of a 9×9 is then 81
//! symbols, a puzzle's length: it is taken for a grid row only when it and the N − 1 lines
//! under it are rows of candidates (every cell's N symbols hold a digit, each at its own
//! place), which no line of givens is unless its every given stands at its digit's place in
//! its ninth of the line.

use super::lines::Lines;
use super::rows::is_side;
use super::symbols::read_symbols;
use super::{Alphabet, Format, ReadOptions, Record};
use crate::topology::CellName;

/// Whether `line` is one grid row of a candidate grid of side `n` (from 9×9 up to the
/// largest one symbol a digit writes): N² symbols, each cell's N of them an empty mark or the
/// digit of its place, and some digit in every cell.
pub(super) fn folded_row(line: &str, n: usize, opts: ReadOptions) -> bool {
    let alphabets = opts.alphabets();
    let at_place = |c: char, place: usize| {
        let digit = |a: &Alphabet| a.digit(c, n) == Some(place as u8 + 1);
        alphabets.iter().any(digit)
    };
    // Bytes, not chars: every line of a 9×9 collection comes by here, and a byte past ASCII
    // is no symbol of a row.
    let mut symbols = line.bytes().filter(|b| !b.is_ascii_whitespace());
    for _ in 0..n {
        let mut any = false;
        for place in 0..n {
            // An empty mark; `0` after the digits, as it is hex's first.
            match symbols.next() {
                Some(b'.' | b'-' | b'_') => {}
                Some(b) if at_place(char::from(b), place) => any = true,
                Some(b'0') => {}
                _ => return false,
            }
        }
        if !any {
            return false;
        }
    }
    symbols.next().is_none()
}

/// The side N when a folded candidate grid starts at line `start`: N such rows, one a line
/// ([`folded_row`]); with the form detected or `--format candidates`.
pub(super) fn folded_start(lines: &Lines, start: usize, opts: ReadOptions) -> Option<usize> {
    if !matches!(opts.format, None | Some(Format::Candidates)) {
        return None;
    }
    let line = lines.at(start);
    let n = (9..=Alphabet::Standard.capacity())
        .filter(|&n| is_side(n))
        .find(|&n| line.len() >= n * n && folded_row(line, n, opts))?;
    (1..n)
        .all(|r| lines.get(start + r).is_some_and(|l| folded_row(l, n, opts)))
        .then_some(n)
}

/// The grid [`folded_start`] found at `start`, read as the N³ line it is, with a note that
/// its N lines were read as one.
pub(super) fn read_folded(lines: &Lines, start: usize, n: usize, opts: ReadOptions) -> Record {
    let text: String = (start..start + n)
        .flat_map(|i| lines.at(i).chars().filter(|c| !c.is_whitespace()))
        .collect();
    let locate = |pos: usize| {
        (
            start + pos / (n * n) + 1,
            CellName::of(pos / n, n).to_string(),
        )
    };
    let opts = ReadOptions {
        format: Some(Format::Candidates),
        ..opts
    };
    let mut rec = read_symbols(&text, start + 1, opts, &locate);
    if let Ok(p) = &mut rec {
        p.add_note(format!(
            "lines {} to {} are read as one candidate grid, a grid row a line",
            start + 1,
            start + n
        ));
    }
    rec
}
