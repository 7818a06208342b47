//! How digits are written: the symbol sets people use for each grid size.

use std::fmt;
use std::str::FromStr;

/// A mapping between digits `1..=N` and single characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Alphabet {
    /// `1`-`9`, then `A`-`Z`, then `a`-`z` (up to 61 digits). 16×16 is `1-9A-G`, 25×25 `1-9A-P`.
    /// For N ≤ 35 lowercase letters are read as uppercase.
    Standard,
    /// Zero-based: `0`-`9` then `A`-`Z` (digit 1 is `0`), the usual hexadecimal 16×16 form.
    Hex,
    /// `A`-`Z` with `A` = 1, the usual 25×25 form.
    Letters,
    /// Decimal numbers, for text about puzzles written as numbers: it has no single-character
    /// symbols (capacity 0), so every digit is labelled in decimal. Never read from input.
    Decimal,
}

impl Alphabet {
    /// Largest N this alphabet can write.
    pub fn capacity(self) -> usize {
        match self {
            Alphabet::Standard => 61,
            Alphabet::Hex => 36,
            Alphabet::Letters => 26,
            Alphabet::Decimal => 0,
        }
    }

    /// How digit `d` (1-based) of a grid of `n` digits is written for people: its symbol, or
    /// decimal when `n` is beyond [`Alphabet::capacity`] (64×64 and up).
    pub fn label(self, d: u8, n: usize) -> String {
        if n <= self.capacity() {
            self.symbol(d).to_string()
        } else {
            d.to_string()
        }
    }

    /// The symbol of digit `d` (1-based); `?` when `d` is 0 or beyond [`Alphabet::capacity`].
    pub fn symbol(self, d: u8) -> char {
        if d == 0 || d as usize > self.capacity() {
            return '?';
        }
        let d = d as u32;
        let c = match self {
            Alphabet::Standard => match d {
                1..=9 => b'0' as u32 + d,
                10..=35 => b'A' as u32 + d - 10,
                _ => b'a' as u32 + d - 36,
            },
            Alphabet::Hex => match d - 1 {
                v @ 0..=9 => b'0' as u32 + v,
                v => b'A' as u32 + v - 10,
            },
            Alphabet::Letters => b'A' as u32 + d - 1,
            Alphabet::Decimal => unreachable!("capacity 0"),
        };
        char::from_u32(c).unwrap_or('?')
    }

    /// The symbol of `d`, or `.` for 0 (empty).
    pub fn symbol_or_dot(self, d: u8) -> char {
        if d == 0 {
            '.'
        } else {
            self.symbol(d)
        }
    }

    /// The digit (1-based) written as `c` in a grid of `n` digits, if any.
    pub fn digit(self, c: char, n: usize) -> Option<u8> {
        let fold = |c: char| if n <= 35 { c.to_ascii_uppercase() } else { c };
        let d = match self {
            Alphabet::Standard => match fold(c) {
                '1'..='9' => c as u32 - '0' as u32,
                c @ 'A'..='Z' => c as u32 - 'A' as u32 + 10,
                c @ 'a'..='z' => c as u32 - 'a' as u32 + 36,
                _ => return None,
            },
            Alphabet::Hex => match c.to_ascii_uppercase() {
                c @ '0'..='9' => c as u32 - '0' as u32 + 1,
                c @ 'A'..='Z' => c as u32 - 'A' as u32 + 11,
                _ => return None,
            },
            Alphabet::Letters => match c.to_ascii_uppercase() {
                c @ 'A'..='Z' => c as u32 - 'A' as u32 + 1,
                _ => return None,
            },
            Alphabet::Decimal => return None,
        };
        (d >= 1 && d as usize <= n).then_some(d as u8)
    }

    /// True when `c` marks an empty cell in this alphabet: `.`, `-`, `_`, and `0` unless `0` is
    /// a digit.
    pub fn is_empty_mark(self, c: char) -> bool {
        matches!(c, '.' | '-' | '_') || (c == '0' && self != Alphabet::Hex)
    }

    /// The symbols of digits 1..=n, for messages (`1-9A-G`).
    pub fn describe(self, n: usize) -> String {
        let last = || self.symbol(n.min(self.capacity()) as u8);
        match self {
            Alphabet::Standard if n <= 9 => format!("1-{}", last()),
            Alphabet::Standard if n <= 35 => format!("1-9A-{}", last()),
            Alphabet::Standard if n == 36 => "1-9A-Za".into(),
            Alphabet::Standard => format!("1-9A-Za-{}", last()),
            Alphabet::Hex if n <= 10 => format!("0-{}", last()),
            Alphabet::Hex => format!("0-9A-{}", last()),
            Alphabet::Letters => format!("A-{}", last()),
            Alphabet::Decimal => format!("1-{n}"),
        }
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Alphabet::Standard => "standard",
            Alphabet::Hex => "hex",
            Alphabet::Letters => "letters",
            Alphabet::Decimal => "decimal",
        })
    }
}

impl FromStr for Alphabet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "standard" => Ok(Alphabet::Standard),
            "hex" => Ok(Alphabet::Hex),
            "letters" => Ok(Alphabet::Letters),
            _ => Err(format!(
                "unknown alphabet '{s}'{}; expected standard, hex or letters",
                crate::spelling::did_you_mean(s, ["standard", "hex", "letters"])
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_decimal_beyond_the_alphabet() {
        assert_eq!(Alphabet::Standard.label(12, 16), "C");
        assert_eq!(Alphabet::Letters.label(1, 25), "A");
        assert_eq!(Alphabet::Standard.label(70, 81), "70");
        assert_eq!(Alphabet::Standard.label(5, 64), "5");
        let masks = [0b101u128, 1 << 80];
        let line = crate::output::candidates_line(9, &masks, Alphabet::Standard);
        assert_eq!(line, "1,3 81");
    }

    #[test]
    fn round_trip_every_symbol() {
        for a in [Alphabet::Standard, Alphabet::Hex, Alphabet::Letters] {
            let n = a.capacity();
            for d in 1..=n as u8 {
                assert_eq!(a.digit(a.symbol(d), n), Some(d), "{a} {d}");
            }
        }
        assert_eq!(Alphabet::Standard.symbol(16), 'G');
        assert_eq!(Alphabet::Hex.symbol(16), 'F');
        assert_eq!(Alphabet::Letters.symbol(25), 'Y');
        assert_eq!(Alphabet::Standard.describe(25), "1-9A-P");
    }
}
