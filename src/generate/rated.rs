//! Puzzles judged as `nsudoku rate` judges them: a rating range to meet, and the check that a
//! puzzle made to need a technique is rated as that technique's step.

use super::dig::judged_order;
use super::GenOptions;
use crate::basis::Basis;
use crate::grid::Grid;
use crate::logic::engine::{next_step, walk, End};
use crate::logic::{Config, State, Technique};
use crate::rating::{base, rate_state, rating_order, value_and_bonus};
use std::fmt;
use std::time::Instant;

/// The ratings (ER, Sudoku Explainer's scale) a puzzle may have: `low..=high`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRange {
    /// Lowest ER taken.
    pub low: f64,
    /// Highest ER taken.
    pub high: f64,
}

impl RatingRange {
    /// Whether `er` is in the range (both ends rounded to tenths, as ratings are).
    pub fn holds(&self, er: f64) -> bool {
        let tenths = |x: f64| (x * 10.0).round() as i64;
        (tenths(self.low)..=tenths(self.high)).contains(&tenths(er))
    }

    /// The techniques digging may keep a puzzle solvable with: every rated one whose lowest
    /// rating is at most `high`, but the uniqueness ones (digging checks uniqueness by logic,
    /// which they would make unsound) and, below 6.5, the chains: their lowest rating is an
    /// XY-Wing's (4.2), but a puzzle kept solvable with them needs longer ones (6.6 and up)
    /// more often than not (`-k 4 -n 4 --rating 4.0-5.0`: 29.6 s with them, 0.8 s without;
    /// `-k 5 -n 2 --rating 3.0-4.5`: none in a minute each, 1.1 s without). An XY-Wing still
    /// comes on `rate`'s path where it is the easiest step. Nor SE's direct steps whose pattern
    /// is within. `None` when that is every technique: then digging checks uniqueness by
    /// counting, as without a range.
    pub fn dig_list(&self, n: usize) -> Option<Vec<Technique>> {
        use Technique::*;
        let all = rating_order(n);
        let chain = |t: Technique| matches!(t, XyChain | NiceLoop | Aic);
        let within: Vec<Technique> = all
            .iter()
            .copied()
            .filter(|&t| base(t) <= self.high && !t.needs_uniqueness())
            .filter(|&t| !chain(t) || self.high >= 6.5)
            // A direct step places nothing its pattern and a single would not, and costs a
            // pass of its own at every check: it stays only where its pattern is rated above.
            .filter(|&t| t.direct_pattern().map_or(true, |p| base(p) > self.high))
            .collect();
        let every = all
            .iter()
            .all(|&t| base(t) <= self.high || t.needs_uniqueness());
        (!every).then_some(within)
    }
}

impl std::str::FromStr for RatingRange {
    type Err = String;

    /// `3.0-4.5`, `6.0-` (at least), `-4.5` (at most), or `4.4` (just that).
    fn from_str(s: &str) -> Result<Self, String> {
        let expected = "expected a rating or a range of them on Sudoku Explainer's scale: \
                        3.0-4.5, 6.0- (at least), -4.5 (at most) or 4.4";
        let number = |t: &str, none: f64| -> Result<f64, String> {
            let t = t.trim();
            if t.is_empty() {
                return Ok(none);
            }
            match t.parse::<f64>() {
                Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
                _ => Err(format!("`{t}` is not a rating; {expected}")),
            }
        };
        let (low, high) = match s.split_once('-') {
            Some((a, b)) if a.trim().is_empty() && b.trim().is_empty() => (f64::NAN, f64::NAN),
            Some((a, b)) => (number(a, 0.0)?, number(b, f64::MAX)?),
            None => {
                let x = number(s, f64::NAN)?;
                (x, x)
            }
        };
        if low.is_nan() {
            return Err(format!("no rating given; {expected}"));
        }
        if low > high {
            return Err(format!("`{s}` runs from high to low; {expected}"));
        }
        Ok(RatingRange { low, high })
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.low, self.high) {
            (l, h) if l == h => write!(f, "{l:.1}"),
            (l, h) if h == f64::MAX => write!(f, "{l:.1} or more"),
            (l, h) if l <= 0.0 => write!(f, "{h:.1} or less"),
            (l, h) => write!(f, "{l:.1} to {h:.1}"),
        }
    }
}

/// Whether `digits`, a puzzle with one solution, rates as `opts` asks, on the path `rate`
/// takes (the easiest step each time): solved to the end, its ER within `opts.rating`, and,
/// when `opts.technique` names only rated techniques, its ER the rating of the hardest step
/// of theirs on `explain`'s path, or, for a chain, that without its length bonus or any
/// between. A puzzle made to need an XYZ-Wing (4.4) in `explain`'s order may be solved by an
/// XY-Wing (4.2) on `rate`'s, or need a unique rectangle (4.5) there; an XY-Chain of 8 links
/// (6.8) may be a shorter Y-Cycle there (6.6), which is kept. True when neither asks anything
/// of the rating. Cut by `deadline`, it is false.
pub fn rated_as_asked<B: Basis>(
    digits: &[u8],
    opts: &GenOptions,
    deadline: Option<Instant>,
) -> bool {
    let rated = rating_order(B::N);
    let technique = opts
        .technique
        .as_ref()
        .filter(|ts| ts.iter().all(|t| rated.contains(t)));
    if opts.rating.is_none() && technique.is_none() {
        return true;
    }
    let Ok(start) = State::new(Grid::<B>::from_digits(digits)) else {
        return false;
    };
    let cfg = Config {
        unique: true,
        deadline,
        ..Config::default()
    };
    // The rating of the hardest step of theirs on `explain`'s path, which `needs` found to
    // need them: the rating the puzzle is made for (a chain's, from its value without the
    // length bonus: `rate` may find a shorter chain of the same kind).
    let wanted = technique.map(|ts| {
        let (order, topology) = (judged_order(B::N, ts), B::topology());
        let mut hardest = RatingRange {
            low: 0.0,
            high: 0.0,
        };
        let pick = |s: &State<B>| next_step(s, &order, &cfg).map(|d| (d, ()));
        walk(&mut start.clone(), &cfg, usize::MAX, pick, |d, ()| {
            if ts.contains(&d.technique) {
                let (value, bonus) = value_and_bonus(&d, topology);
                if value + bonus > hardest.high {
                    hardest = RatingRange {
                        low: value,
                        high: value + bonus,
                    };
                }
            }
        });
        hardest
    });
    let r = rate_state(&mut start.clone(), &cfg);
    r.end == End::Solved
        && opts.rating.map_or(true, |range| range.holds(r.er))
        && wanted.map_or(true, |w| w.holds(r.er))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_written() {
        let r = |s: &str| s.parse::<RatingRange>();
        assert_eq!(
            r("3.0-4.5"),
            Ok(RatingRange {
                low: 3.0,
                high: 4.5
            })
        );
        assert_eq!(
            r(" 6 - "),
            Ok(RatingRange {
                low: 6.0,
                high: f64::MAX
            })
        );
        assert_eq!(
            r("-4.5"),
            Ok(RatingRange {
                low: 0.0,
                high: 4.5
            })
        );
        assert_eq!(
            r("4.4"),
            Ok(RatingRange {
                low: 4.4,
                high: 4.4
            })
        );
        for bad in ["", "-", "hard", "5-3", "nan", "inf-", "1.0-2.0-3.0"] {
            assert!(r(bad).is_err(), "{bad}");
        }
        assert_eq!(r("3-4.5").unwrap().to_string(), "3.0 to 4.5");
        assert_eq!(r("6-").unwrap().to_string(), "6.0 or more");
        assert_eq!(r("-4.5").unwrap().to_string(), "4.5 or less");
        // Tenths, as ratings are: 6.6000000000000005 is 6.6.
        assert!(r("6.6").unwrap().holds(5.4 + 0.6 * 2.0));
        assert!(!r("6.6").unwrap().holds(6.7));
    }

    #[test]
    fn digging_keeps_to_the_techniques_rated_within_the_range() {
        use Technique::*;
        let easy: RatingRange = "-2.0".parse().unwrap();
        assert_eq!(
            easy.dig_list(9),
            Some(vec![
                FullHouse,
                HiddenSingle,
                DirectPointing,
                DirectClaiming,
                DirectHiddenPair
            ])
        );
        // Every technique rated up to 11: digging counts, as without a range.
        assert_eq!("3.0-".parse::<RatingRange>().unwrap().dig_list(9), None);
        let mid = "3.0-4.5"
            .parse::<RatingRange>()
            .unwrap()
            .dig_list(9)
            .unwrap();
        assert!(mid.contains(&Technique::XyzWing) && mid.contains(&Technique::NakedSingle));
        assert!(!mid.contains(&Technique::UniqueRectangle) && !mid.contains(&Technique::XChain));
        assert!(!mid.contains(&Technique::XyChain));
        // Their patterns within, the direct steps would only cost a pass each.
        assert!(mid.iter().all(|t| !t.is_direct()));
        let chains = "-6.6".parse::<RatingRange>().unwrap().dig_list(9).unwrap();
        assert!(chains.contains(&Technique::XyChain) && chains.contains(&Technique::XChain));
    }
}
