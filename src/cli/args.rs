//! Flags shared by the subcommands: the input options, and the parsers of durations, thread
//! counts and whole numbers that name their mistakes.

use super::batch::Batch;
use super::feed::Feed;
use nsudoku::input::{Format, ReadOptions};
use nsudoku::Alphabet;
use std::io;
use std::path::PathBuf;

/// Input options shared by every subcommand that reads puzzles.
#[derive(clap::Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files: a puzzle a line, or grids over several lines (rows of symbols or numbers,
    /// drawn pencil-mark grids, a candidate grid a grid row a line, JSON); `-` or none reads
    /// stdin.
    pub files: Vec<PathBuf>,
    /// Digit alphabet of character input: standard (1-9A-Za-z), hex (0-F, zero-based),
    /// letters (A = 1: A-Y at 25×25, A-I at 9×9, up to 26 digits). Detected from the symbols
    /// when omitted.
    #[arg(long)]
    pub alphabet: Option<Alphabet>,
    /// Input format: line, numbers, candidates (N³ symbols, on one line or a grid row a line, or
    /// drawn as a pencil-mark grid). Detected when omitted. `line` reads a puzzle of
    /// symbols a line, each line on its own (never a grid's row or title), and answers it as
    /// soon as it is read: the form for programs that write a line and wait for its answer.
    /// `grid` keeps detection and prints solutions as boxed grids for people, and the
    /// candidates of an unfinished puzzle as a boxed pencil-mark grid (solve, reduce, explain;
    /// refused by the others).
    #[arg(long, value_parser = parse_format)]
    pub format: Option<FormatArg>,
}

/// `--format`: an input format to force, or `grid` for boxed output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    /// Force this input format (output follows it).
    Input(Format),
    /// Detect input; print boxed grids.
    Grid,
}

fn parse_format(s: &str) -> Result<FormatArg, String> {
    if s.eq_ignore_ascii_case("grid") {
        return Ok(FormatArg::Grid);
    }
    s.parse().map(FormatArg::Input).map_err(|_: String| {
        let slip = format_slip(s, &["line", "numbers", "candidates", "grid"]);
        format!("unknown format '{s}'{slip}; expected line, numbers, candidates or grid")
    })
}

/// What a `--format` value that is none of `names` was likely meant to be: one of them, or
/// the `--json` flag (a format to a user, a flag here).
pub fn format_slip(s: &str, names: &[&str]) -> String {
    if s.eq_ignore_ascii_case("json") {
        return " (--json writes JSON records)".to_string();
    }
    nsudoku::spelling::did_you_mean(s, names.iter().copied())
}

impl InputArgs {
    /// Reader options from the flags.
    pub fn read_options(&self) -> ReadOptions {
        let format = match self.format {
            Some(FormatArg::Input(f)) => Some(f),
            _ => None,
        };
        ReadOptions {
            alphabet: self.alphabet,
            format,
        }
    }

    /// True when output should be boxed grids.
    pub fn boxed(&self) -> bool {
        self.format == Some(FormatArg::Grid)
    }

    /// [`read`](Self::read) for a subcommand that writes no solutions: `--format grid` (boxed
    /// output) has no meaning there and is refused rather than ignored.
    pub fn read_no_grid(&self, sub: &str) -> io::Result<Batch> {
        self.check_no_grid(sub)?;
        self.read()
    }

    /// The refusal of [`read_no_grid`](Self::read_no_grid), for a subcommand that reads a
    /// [`feed`](Self::feed).
    pub fn check_no_grid(&self, sub: &str) -> io::Result<()> {
        if self.boxed() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("--format grid boxes the solutions of solve, explain and reduce; {sub} writes none"),
            ));
        }
        Ok(())
    }

    /// For a subcommand that writes JSON records when `json`: boxed grids for people have no
    /// place in them, so `--format grid` with `--json` is refused rather than ignored.
    pub fn check_json(&self, json: bool) -> io::Result<()> {
        if json && self.boxed() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "--format grid draws boxed grids for people, --json writes records: choose one",
            ));
        }
        Ok(())
    }

    /// Every record of every input, in order. Line numbers are per file; with several files the
    /// file's label is prefixed to error messages by [`prefix`]: its path, `stdin` for `-`, and
    /// `a.txt (2)` for a file given a second time, or named like one before it ([`told_apart`]).
    pub fn read(&self) -> io::Result<Batch> {
        Ok(Batch {
            records: self.feed().collect(),
        })
    }

    /// The records of every input as [`read`](Self::read) gives them, read as they are needed.
    pub fn feed(&self) -> Feed {
        Feed::start(&self.files, self.read_options())
    }
}

/// A duration: seconds (`2`, `0.5`) or a number with a unit (`500ms`, `2s`, `1.5m`, `1h`).
pub fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let secs =
        duration_secs(s).and_then(|x| (x > 0.0).then_some(x).ok_or_else(|| not_a_duration(s)))?;
    match std::time::Duration::try_from_secs_f64(secs) {
        // Under a nanosecond rounds to zero, which would read as no limit at all.
        Ok(d) if d.is_zero() => Err(format!(
            "`{s}` is shorter than a nanosecond; expected {DURATIONS}"
        )),
        Ok(d) => Ok(d),
        // Past `Duration`'s 2⁶⁴ seconds (`1e30`), as past f64's range (`1e400`).
        Err(_) => Err(too_long(s)),
    }
}

/// What a duration is written as, in its messages.
const DURATIONS: &str = "e.g. 2, 0.5, 500ms, 1m";

fn too_long(s: &str) -> String {
    format!("`{s}` is too long a duration; expected {DURATIONS}")
}

/// The seconds a duration written as [`parse_duration`] takes them names, zero and negatives
/// included (`bench --min-time 0s`).
pub fn duration_secs(s: &str) -> Result<f64, String> {
    let t = s.trim();
    // The unit is the letters at the end, unless the whole is a number (`1e3` seconds;
    // `1e3ms` is one second).
    let split = if t.parse::<f64>().is_ok() {
        t.len()
    } else {
        t.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len()
    };
    let (num, unit) = t.split_at(split);
    let scale = match unit {
        "" | "s" => 1.0,
        "ms" => 1e-3,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("unknown unit `{unit}`; expected ms, s, m or h")),
    };
    match num.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x * scale),
        // Past f64's range (`1e400`) reads as infinity: a number, too large.
        Ok(x) if x == f64::INFINITY && !num.to_ascii_lowercase().contains("inf") => {
            Err(too_long(s))
        }
        // `nan`, `inf`: no length at all (zero is one, for `--min-time`).
        _ => Err(format!("`{s}` is not a duration; expected {DURATIONS}")),
    }
}

fn not_a_duration(s: &str) -> String {
    format!("`{s}` is not a positive duration; expected {DURATIONS}")
}

/// Most worker threads `--threads` takes. Each reserves a [`STACK_SIZE`] stack: thousands
/// would only spend address space and start-up time (100,000 never got past starting them).
pub const MAX_THREADS: usize = 1024;

/// `--threads`: 0 (all cores) to [`MAX_THREADS`].
pub fn threads_arg(s: &str) -> Result<usize, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .filter(|&t| t <= MAX_THREADS)
        .ok_or_else(|| format!("`{s}` is not a thread count from 0 (all cores) to {MAX_THREADS}"))
}

/// A whole number of at least `MIN`, as a flag's value (clap's own range check names its
/// upper end: `0 is not in 1..18446744073709551615`; its parser, Rust's bare error:
/// `invalid digit found in string`). `MIN` 0 takes any count, a seed, a budget.
pub fn at_least<const MIN: u64, T: TryFrom<u64>>(s: &str) -> Result<T, String> {
    within::<MIN, { u64::MAX }, T>(s)
}

/// A whole number from `MIN` to `MAX`, as a flag's value; each mistake named with what the
/// flag takes.
pub fn within<const MIN: u64, const MAX: u64, T: TryFrom<u64>>(s: &str) -> Result<T, String> {
    let t = s.trim();
    let n: u64 = t.parse().map_err(|_| {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            format!("{t} is too large; expected a whole number from {MIN} to {MAX}")
        } else {
            let expected = match (MIN, MAX) {
                (0, u64::MAX) => "0 or more".to_string(),
                (_, u64::MAX) => format!("at least {MIN}"),
                _ => format!("one from {MIN} to {MAX}"),
            };
            format!("`{s}` is not a whole number; expected {expected}")
        }
    })?;
    if n < MIN {
        return Err(format!("{n} is too small; expected at least {MIN}"));
    }
    if n > MAX {
        return Err(format!("{n} is too large; expected at most {MAX}"));
    }
    T::try_from(n).map_err(|_| format!("{n} is too large for this machine"))
}

#[cfg(test)]
mod tests {
    use super::{at_least, parse_duration};
    use std::time::Duration;

    #[test]
    fn counts_of_at_least_one() {
        assert_eq!(at_least::<1, u64>("7"), Ok(7));
        assert_eq!(at_least::<2, usize>(" 2 "), Ok(2));
        let zero = at_least::<1, u64>("0").unwrap_err();
        assert_eq!(zero, "0 is too small; expected at least 1");
        for bad in ["-1", "x", "", "1.5"] {
            let e = at_least::<1, u64>(bad).unwrap_err();
            assert!(e.contains("is not a whole number"), "{bad}: {e}");
        }
        // Digits past what a count can hold are a number, too large.
        let huge = at_least::<1, u64>("99999999999999999999999").unwrap_err();
        assert!(
            huge.starts_with("99999999999999999999999 is too large;"),
            "{huge}"
        );
    }

    #[test]
    fn durations_with_and_without_units() {
        let ok = [
            ("2", 2.0),
            ("0.5", 0.5),
            ("500ms", 0.5),
            ("1.5m", 90.0),
            ("1h", 3600.0),
            ("1e3", 1000.0),
            ("1e3ms", 1.0),
        ];
        for (text, secs) in ok {
            assert_eq!(
                parse_duration(text),
                Ok(Duration::from_secs_f64(secs)),
                "{text}"
            );
        }
        for bad in [
            "0",
            "-1",
            "inf",
            "2 weeks",
            "ms",
            "",
            "1e-10",
            "0.0000000001s",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
