//! Pattern symmetries of the givens: the orbits of cells that are given or dug out together.

use std::fmt;
use std::str::FromStr;

/// Which cells must be given or empty together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// 180° rotation about the centre: `(r, c)` with `(N-1-r, N-1-c)`.
    Rotational,
    /// 90° rotation: orbits of four cells.
    Quarter,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Reflection in the anti-diagonal: `(r, c)` with `(N-1-c, N-1-r)`.
    AntiDiagonal,
    /// Left–right mirror: `(r, c)` with `(r, N-1-c)`.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, for help and error messages.
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Quarter,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Mirror,
    ];

    /// The images of cell `(r, c)` in an `n`×`n` grid under the symmetry's group.
    fn images(self, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
        let m = n - 1;
        match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rotational => vec![(r, c), (m - r, m - c)],
            Symmetry::Quarter => vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
            Symmetry::AntiDiagonal => vec![(r, c), (m - c, m - r)],
            Symmetry::Mirror => vec![(r, c), (r, m - c)],
        }
    }

    /// The orbits of the cells of an `n`×`n` grid: each cell in exactly one, smallest cell
    /// first, orbits in order of their smallest cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for cell in 0..n * n {
            if seen[cell] {
                continue;
            }
            let mut orbit: Vec<usize> = self
                .images(n, cell / n, cell % n)
                .into_iter()
                .map(|(r, c)| r * n + c)
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &o in &orbit {
                seen[o] = true;
            }
            out.push(orbit);
        }
        out
    }

    /// True when the givens of `digits` (non-zero cells) form a pattern with this symmetry;
    /// false when `digits` is not a grid of side `n` (N² cells).
    pub fn holds(self, n: usize, digits: &[u8]) -> bool {
        if n.checked_mul(n) != Some(digits.len()) {
            return false;
        }
        self.orbits(n)
            .iter()
            .all(|o| o.iter().all(|&c| (digits[c] == 0) == (digits[o[0]] == 0)))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Quarter => "quarter",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Mirror => "mirror",
        })
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        // A half turn is also called central or point symmetry.
        if ["central", "point"]
            .iter()
            .any(|a| a.eq_ignore_ascii_case(s))
        {
            return Ok(Symmetry::Rotational);
        }
        Symmetry::ALL
            .into_iter()
            .find(|x| x.to_string().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                let names: Vec<String> = Symmetry::ALL.iter().map(|x| x.to_string()).collect();
                let slip = crate::spelling::did_you_mean(s, names.iter().map(String::as_str));
                format!(
                    "unknown symmetry '{s}'{slip}; expected {}",
                    names.join(", ")
                )
            })
    }
}
