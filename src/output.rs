//! Writing grids back in the form they came in, or as a boxed grid for people.

use crate::alphabet::Alphabet;
use crate::input::{Format, Puzzle};
use crate::mask::{Mask, MaskList, Wide256};

/// Digits (0 = empty) of basis `k` in `format`: one line of symbols, one line of numbers, or a
/// candidate grid (each placed cell shows its digit at its position).
///
/// # Panics
///
/// As a candidate grid, when `k` is above 16 (a cell's candidates are at most 256 bits; the
/// supported bases end at 15).
pub fn digits_line(k: usize, digits: &[u8], alphabet: Alphabet, format: Format) -> String {
    let n = k * k;
    match format {
        Format::Line => {
            // Each digit's symbol looked up once, not once a cell, as an ASCII byte (0 for a
            // symbol that is not ASCII, which no alphabet has: its cells would go the long way).
            let ascii = |d: usize| {
                let c = alphabet.symbol_or_dot(d as u8);
                if c.is_ascii() {
                    c as u8
                } else {
                    0
                }
            };
            let symbols: Vec<u8> = (0..=n).map(ascii).collect();
            let mut line = Vec::with_capacity(digits.len());
            for &d in digits {
                match symbols.get(usize::from(d)) {
                    Some(&b) if b != 0 => line.push(b),
                    _ => return digits.iter().map(|&d| alphabet.symbol_or_dot(d)).collect(),
                }
            }
            String::from_utf8(line).expect("ASCII symbols")
        }
        Format::Numbers => digits
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        Format::Candidates => {
            let masks: Vec<Wide256> = digits.iter().map(|&d| Wide256::of_digit(d, n)).collect();
            candidates_line(k, &masks, alphabet)
        }
    }
}

/// A candidate grid in the N³ pencil-mark format: each cell's N positions hold the digit's
/// symbol or `.`. Beyond the alphabet's capacity (64×64 and up, or from 16×16 up for a puzzle
/// given as numbers, whose alphabet is decimal) each cell is written as its digits in decimal
/// joined by `,`, cells separated by spaces; the reader takes that form back too.
/// `masks` may be of any width (a puzzle's cell masks, a basis's own word, `u128`).
///
/// # Panics
///
/// When `k` is above 16 (a cell's candidates are at most 256 bits; the supported bases end at
/// 15).
pub fn candidates_line(k: usize, masks: &(impl MaskList + ?Sized), alphabet: Alphabet) -> String {
    let n = k * k;
    let masks = (0..masks.cells()).map(|c| masks.mask_as::<Wide256>(c));
    if n > alphabet.capacity() {
        let cells: Vec<String> = masks.map(|m| decimal_digits(m, n)).collect();
        return cells.join(" ");
    }
    let mut s = String::with_capacity(n * n * n);
    for m in masks {
        for d in 0..n {
            s.push(if m.has(d) {
                alphabet.symbol(d as u8 + 1)
            } else {
                '.'
            });
        }
    }
    s
}

/// The solution of `p` written as `p` was: in its alphabet, case and format, but for a
/// candidate grid, whose solution is its N² digits on one line (its N³ form, a symbol a cell
/// and N-1 dots, would say the same in N times the length), as numbers where the alphabet has
/// no symbol for every digit.
///
/// # Panics
///
/// When `digits` does not hold the N² cells of `p`, as [`boxed`]: a grid of another puzzle
/// would be written as text that looks like a grid and reads back as none. A value past N
/// (no digit of the grid) is written `?`, which the reader refuses.
pub fn like_input(p: &Puzzle, digits: &[u8]) -> String {
    let cells = p.n() * p.n();
    assert_eq!(
        digits.len(),
        cells,
        "{} digits for {cells} cells",
        digits.len()
    );
    let format = match p.format {
        Format::Candidates if p.n() > p.text_alphabet().capacity() => Format::Numbers,
        Format::Candidates => Format::Line,
        f => f,
    };
    p.with_empty_mark(p.in_case(digits_line(p.k, digits, p.text_alphabet(), format)))
}

/// The solution of `p` as `solve`, `reduce` and `explain` print it: a boxed grid for people
/// when `boxed_grid`, else [`like_input`].
///
/// # Panics
///
/// When `digits` does not hold the N² cells of `p` (as [`boxed`] and [`like_input`]).
pub fn solution(p: &Puzzle, digits: &[u8], boxed_grid: bool) -> String {
    if boxed_grid {
        p.in_case(boxed(p.k, digits, p.text_alphabet()))
            .trim_end()
            .to_string()
    } else {
        like_input(p, digits)
    }
}

/// The candidates `masks` of `p` as `reduce` and `explain` print an unfinished grid: a boxed
/// pencil-mark grid for people when `boxed_grid`, else the N³ line.
///
/// # Panics
///
/// With `boxed_grid`, when `masks` does not hold the N² cells of `p` (as
/// [`boxed_candidates`]).
pub fn candidates(p: &Puzzle, masks: &(impl MaskList + ?Sized), boxed_grid: bool) -> String {
    if boxed_grid {
        p.in_case(boxed_candidates(p.k, masks, p.text_alphabet()))
            .trim_end()
            .to_string()
    } else {
        p.in_case(candidates_line(p.k, masks, p.text_alphabet()))
    }
}

/// The puzzle `p` itself written as it came: its givens, or its candidates when it came as a
/// candidate grid (its givens alone would lose the candidates it was given without).
pub fn puzzle_line(p: &Puzzle) -> String {
    match p.format {
        Format::Candidates => {
            p.with_empty_mark(p.in_case(candidates_line(p.k, &p.masks, p.text_alphabet())))
        }
        _ => like_input(p, &p.digits()),
    }
}

/// A cell's candidates beyond the alphabet: its digits in decimal joined by `,` (`3,12,40`).
fn decimal_digits(m: Wide256, n: usize) -> String {
    let ds: Vec<String> = (0..n)
        .filter(|&d| m.has(d))
        .map(|d| (d + 1).to_string())
        .collect();
    ds.join(",")
}

/// A boxed grid for people, one row a line, box borders drawn with `|`, `-` and `+`.
///
/// # Panics
///
/// When `k` is 0 or `digits` does not hold the k⁴ cells of the grid.
pub fn boxed(k: usize, digits: &[u8], alphabet: Alphabet) -> String {
    let n = k * k;
    let numbers = n > alphabet.capacity();
    let width = if numbers { n.to_string().len() } else { 1 };
    let cell = |d: u8| -> String {
        if d == 0 {
            format!("{:>width$}", ".")
        } else if numbers {
            format!("{d:>width$}")
        } else {
            alphabet.symbol(d).to_string()
        }
    };
    let cells: Vec<String> = digits.iter().map(|&d| cell(d)).collect();
    draw_boxed(k, &cells)
}

/// Cells (padded: every cell of a column as wide) drawn in boxes, one row a line: `|` between
/// boxes, a `+---+` rule between bands and around the grid.
fn draw_boxed(k: usize, cells: &[String]) -> String {
    let n = k * k;
    assert_cells(k, cells.len());
    // A box's segment spans its columns, a space between them and one on either side.
    let rule = {
        let segs: Vec<String> = cells[..n]
            .chunks(k)
            .map(|w| "-".repeat(w.iter().map(|c| c.len()).sum::<usize>() + w.len() + 1))
            .collect();
        format!("+{}+", segs.join("+"))
    };
    let mut out = String::new();
    for (r, row) in cells.chunks(n).enumerate() {
        if r % k == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for (c, cell) in row.iter().enumerate() {
            out.push_str(if c == 0 {
                "| "
            } else if c % k == 0 {
                " | "
            } else {
                " "
            });
            out.push_str(cell);
        }
        out.push_str(" |\n");
    }
    out.push_str(&rule);
    out.push('\n');
    out
}

/// A boxed pencil-mark grid for people: each cell shows its candidates (a placed cell its
/// digit), every column as wide as its widest cell, boxes drawn as in [`boxed`]. Beyond the
/// alphabet a cell's digits are written in decimal joined by `,`. The reader takes it back:
/// a 9×9 in digits as numbers, others as symbols (from 16×16 up digits alone could be a
/// number).
///
/// # Panics
///
/// When `k` is 0 or above 16, or `masks` does not hold the k⁴ cells of the grid.
pub fn boxed_candidates(k: usize, masks: &(impl MaskList + ?Sized), alphabet: Alphabet) -> String {
    let n = k * k;
    // Checked before the column widths, which index the cells row by row.
    assert_cells(k, masks.cells());
    let numbers = n > alphabet.capacity();
    let cell = |m: Wide256| -> String {
        if numbers {
            decimal_digits(m, n)
        } else {
            let digits = (0..n).filter(|&d| m.has(d));
            digits.map(|d| alphabet.symbol(d as u8 + 1)).collect()
        }
    };
    let cells: Vec<String> = (0..masks.cells())
        .map(|c| cell(masks.mask_as::<Wide256>(c)))
        .collect();
    let widths: Vec<usize> = (0..n)
        .map(|c| {
            (0..n)
                .map(|r| cells[r * n + c].len())
                .max()
                .unwrap_or(1)
                .max(1)
        })
        .collect();
    let padded: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{c:<w$}", w = widths[i % n]))
        .collect();
    draw_boxed(k, &padded)
}

/// The panic of [`boxed`] and [`boxed_candidates`] on a cell count that is not the grid's.
fn assert_cells(k: usize, cells: usize) {
    let n = k * k;
    assert_eq!(cells, n * n, "a grid of basis {k} has {} cells", n * n);
}

/// `n` and a count noun, with `s` unless `n` is 1: `1 row`, `3 rows`, `0 rows`.
pub fn plural(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of digits reads each symbol from a table made once a line: the same as each
    /// cell's symbol looked up on its own, in every alphabet and size, for empty cells and
    /// for digits past the grid's and past the alphabet's (written `?`) too.
    #[test]
    fn a_line_of_digits_writes_each_cell_its_symbol() {
        let alphabets = [
            Alphabet::Standard,
            Alphabet::Hex,
            Alphabet::Letters,
            Alphabet::Decimal,
        ];
        for alphabet in alphabets {
            for k in 2..=8 {
                let n = k * k;
                let digits: Vec<u8> = (0..n * n).map(|c| (c * 7 % (n + 3)) as u8).collect();
                let cell_by_cell: String =
                    digits.iter().map(|&d| alphabet.symbol_or_dot(d)).collect();
                let line = digits_line(k, &digits, alphabet, Format::Line);
                assert_eq!(line, cell_by_cell, "{alphabet:?} {n}");
            }
        }
        assert_eq!(
            digits_line(3, &[0, 1, 9, 10], Alphabet::Standard, Format::Line),
            ".19A"
        );
        assert_eq!(
            digits_line(6, &[26, 27], Alphabet::Letters, Format::Line),
            "Z?"
        );
        assert_eq!(
            digits_line(4, &[1, 16, 0], Alphabet::Hex, Format::Line),
            "0F."
        );
    }

    #[test]
    fn a_pencil_mark_grid_sizes_each_column_to_its_widest_cell() {
        // 4×4: r1c1 holds 1 or 2, r1c2 is placed (3), everything else is open to all four.
        let mut masks = vec![0b1111u128; 16];
        masks[0] = 0b0011;
        masks[1] = 0b0100;
        let text = boxed_candidates(2, &masks, Alphabet::Standard);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "+-----------+-----------+");
        assert_eq!(lines[1], "| 12   3    | 1234 1234 |");
        assert_eq!(lines[2], "| 1234 1234 | 1234 1234 |");
        assert_eq!(lines[3], lines[0]);
        assert_eq!(lines.len(), 7);
        // Beyond the alphabet: decimal digits joined by `,`.
        let big = boxed_candidates(2, &masks, Alphabet::Decimal);
        assert!(
            big.lines()
                .nth(1)
                .unwrap()
                .starts_with("| 1,2     3       |"),
            "{big}"
        );
    }

    /// A pencil-mark grid of the wrong size panics with the grid's cell count, as a grid of
    /// digits does, not with an index out of bounds.
    #[test]
    #[should_panic(expected = "a grid of basis 3 has 81 cells")]
    fn a_pencil_mark_grid_of_the_wrong_size_names_the_cell_count() {
        boxed_candidates(3, &[0b1u128; 16], Alphabet::Standard);
    }
}
