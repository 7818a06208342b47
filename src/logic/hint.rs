//! Hints: a step shown in part, as a hand solver asks for one. HoDoKu's hints go in three
//! steps too: the technique to look for, then where, then the step itself.
//!
//! ```
//! use nsudoku::basis::{Basis, B3};
//! use nsudoku::input;
//! use nsudoku::logic::{engine, hint::Reveal, Config, State, TechniqueList};
//! let p = input::read_one(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     Default::default(),
//! ).unwrap();
//! let list: TechniqueList = "all".parse().unwrap();
//! let mut s = State::<B3>::of_puzzle(&p).unwrap();
//! let next = engine::solve_path(&mut s, &list.for_size(9), &Config::default(), 1).steps;
//! let hint = |r: Reveal| next[0].hint(B3::topology(), p.text_alphabet(), r);
//! assert_eq!(hint(Reveal::Technique), "Hidden Single");
//! assert_eq!(hint(Reveal::Pattern), "Hidden Single: 1 in row 1");
//! assert_eq!(hint(Reveal::Step), "Hidden Single: 1 in row 1 => r1c6=1");
//! assert_eq!("where".parse::<Reveal>(), Ok(Reveal::Pattern));
//! ```

use super::Deduction;
use crate::alphabet::Alphabet;
use crate::topology::Topology;
use std::fmt;
use std::str::FromStr;

/// How much of a step a hint shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reveal {
    /// The technique's name alone: `Pointing`.
    #[default]
    Technique,
    /// The name and the pattern, not what it removes or places: `Pointing: 8 in r1c9,r3c9
    /// (box 3 / column 9)`. A step whose text names no pattern (a naked single, a full house)
    /// names its cells: `Naked Single: r4c5`.
    Pattern,
    /// The whole step, as `explain` writes it.
    Step,
}

impl Reveal {
    /// Every level, gentlest first, by its command-line name.
    pub const ALL: [(Reveal, &'static str); 3] = [
        (Reveal::Technique, "technique"),
        (Reveal::Pattern, "pattern"),
        (Reveal::Step, "step"),
    ];

    /// The command-line name: `technique`, `pattern`, `step`.
    pub fn name(self) -> &'static str {
        Reveal::ALL
            .iter()
            .find(|(r, _)| *r == self)
            .map_or("", |(_, n)| n)
    }
}

impl fmt::Display for Reveal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Reveal {
    type Err = String;

    /// A level by its name, any case; `name` and `where` are taken for `technique` and
    /// `pattern`, the words a person asking for a hint may use.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim().to_ascii_lowercase();
        let alias = match word.as_str() {
            "name" => "technique",
            "where" => "pattern",
            w => w,
        };
        Reveal::ALL
            .iter()
            .find(|(_, n)| *n == alias)
            .map(|(r, _)| *r)
            .ok_or_else(|| {
                let names: Vec<&str> = Reveal::ALL.iter().map(|(_, n)| *n).collect();
                format!("unknown level '{s}'; expected one of: {}", names.join(", "))
            })
    }
}

impl Deduction {
    /// The step shown as far as `reveal` says, in the words of [`Deduction::describe`] (each
    /// y-edge of a cycle without its bivalue cells, as `explain` shows it).
    pub fn hint(&self, t: &Topology, a: Alphabet, reveal: Reveal) -> String {
        match reveal {
            Reveal::Technique => self.name(),
            Reveal::Pattern => {
                let (heading, pattern) = self.heading_and_pattern(t, a, false);
                if pattern.is_empty() {
                    format!("{heading}: {}", self.cells_named(t).join(","))
                } else {
                    format!("{heading}: {pattern}")
                }
            }
            Reveal::Step => self.describe_with(t, a, false),
        }
    }

    /// The cells the step places in or removes from, each once, in the order it names them.
    fn cells_named(&self, t: &Topology) -> Vec<String> {
        let mut cells: Vec<u16> = Vec::new();
        for c in self.placements.iter().chain(&self.eliminations) {
            if !cells.contains(&c.cell) {
                cells.push(c.cell);
            }
        }
        cells.iter().map(|&c| t.cell_name(c as usize)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Reveal;

    #[test]
    fn levels_parse_by_name_and_alias_and_a_wrong_one_is_named() {
        for (r, n) in Reveal::ALL {
            assert_eq!(n.parse::<Reveal>(), Ok(r));
            assert_eq!(r.to_string(), n);
        }
        assert_eq!("Name".parse::<Reveal>(), Ok(Reveal::Technique));
        assert_eq!(
            "all".parse::<Reveal>(),
            Err("unknown level 'all'; expected one of: technique, pattern, step".into())
        );
    }
}
