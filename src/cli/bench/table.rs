//! `nsudoku bench`'s rows: their JSON form and the markdown tables, one a data set.

use crate::cli::{external, plural};

/// One line of the table.
#[derive(Clone, Debug, serde::Serialize)]
pub(super) struct Row {
    pub(super) set: String,
    pub(super) basis: usize,
    pub(super) puzzles: usize,
    /// Records of the set's file that could not be read (said on stderr): on every row of the
    /// file, whose sizes are sets of their own.
    pub(super) skipped: usize,
    /// Solutions each puzzle is counted to (`--limit`): 1 times the first solution, 2 the
    /// proof that it is the only one too, which `solve` counts to by default.
    pub(super) limit: u64,
    pub(super) variant: String,
    /// `None` (JSON `null`) for a command, whose threads are its own; likewise the measures
    /// below that cannot be seen from outside it.
    pub(super) threads: Option<usize>,
    /// `None` (JSON `null`) for a command that was not timed (`failure` says why).
    #[serde(serialize_with = "six_figures_or_null")]
    pub(super) puzzles_per_sec: Option<f64>,
    #[serde(serialize_with = "six_figures_or_null")]
    pub(super) us_per_puzzle: Option<f64>,
    #[serde(serialize_with = "six_figures_or_null")]
    pub(super) no_guess_pct: Option<f64>,
    #[serde(serialize_with = "six_figures_or_null")]
    pub(super) guesses_per_puzzle: Option<f64>,
    #[serde(serialize_with = "six_figures_or_null")]
    pub(super) median_us: Option<f64>,
    #[serde(serialize_with = "six_figures_or_null")]
    pub(super) worst_us: Option<f64>,
    pub(super) unsolved: usize,
    /// Puzzles with a second solution (found only when counting to 2, `--limit 2`).
    pub(super) multiple: usize,
    /// Puzzles over the node budget: the baseline's (`--baseline-nodes`), or the engine's
    /// (`--max-nodes`).
    pub(super) over_budget: usize,
    /// For a command: why it was not timed, or how its first run ended when not with status
    /// 0 (its own figures stand); `None` for the engine's rows.
    pub(super) failure: Option<String>,
    /// Of `unsolved`, the puzzles a command answered with something else than a solution
    /// (0 for the engine's rows, which validate every solution).
    pub(super) wrong: usize,
    /// What the figures take in: `search` for the rows timed in this process (puzzles read
    /// beforehand, each pass's setup included), `whole process` for a command's (start-up,
    /// reading and writing included), so that the two are not read as like for like.
    pub(super) timing: &'static str,
}

/// [`Row::timing`] of the engine's rows.
pub(super) const IN_PROCESS: &str = "search";
/// [`Row::timing`] of a command's rows.
pub(super) const WHOLE_PROCESS: &str = "whole process";

/// A measure written to six significant figures: the timer resolves no more, and the float
/// noise of the divisions (`43.300000000000004`) is not a result.
fn six_figures<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(format!("{x:.5e}").parse().unwrap_or(*x))
}

fn six_figures_or_null<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(x) => six_figures(x, s),
        None => s.serialize_none(),
    }
}

/// The row of a command (`--baseline-cmd`) that solved `puzzles` puzzles a run; one that was
/// not timed has its row too, without figures, so that the table and JSON say it failed.
pub(super) fn command_row(
    set: &str,
    k: usize,
    variant: &str,
    t: &external::Timed,
    puzzles: usize,
) -> Row {
    let rate = (t.runs > 0).then(|| (t.runs * puzzles) as f64 / t.wall.max(1e-12));
    Row {
        set: set.to_string(),
        basis: k,
        puzzles,
        skipped: 0,
        limit: 0,
        variant: variant.to_string(),
        threads: None,
        puzzles_per_sec: rate,
        us_per_puzzle: rate.map(|r| 1e6 / r.max(1e-12)),
        no_guess_pct: None,
        guesses_per_puzzle: None,
        median_us: None,
        worst_us: None,
        // A run stopped at the time limit was not read: nothing is known of its answers.
        unsolved: if t.unread {
            0
        } else {
            t.wrong.len() + puzzles.saturating_sub(t.answers)
        },
        multiple: 0,
        over_budget: 0,
        failure: t.failure.clone(),
        wrong: if t.unread { 0 } else { t.wrong.len() },
        timing: WHOLE_PROCESS,
    }
}

/// One markdown table per data set, as tdoku prints them.
pub(super) fn markdown(rows: &[Row]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < rows.len() {
        let start = i;
        let set = &rows[i].set;
        let n = rows[i].basis * rows[i].basis;
        let count = plural(rows[i].puzzles, "puzzle");
        let size = format!("{n}×{n}");
        // A set of a mixed file already names its size: said once, in the same place.
        let file = set.strip_suffix(&format!(" ({size})")).unwrap_or(set);
        // Lines that could not be read stay in sight beside the figures they are missing from.
        let skipped = match rows[i].skipped {
            0 => String::new(),
            s => format!("; {} skipped", plural(s, "unreadable puzzle")),
        };
        // The limit changes every figure (the second solution's proof costs most at 9×9).
        let counted = match rows[i].limit {
            1 => "; the first solution (--limit 1)",
            _ => "; counted to 2 solutions (--limit 2)",
        };
        out.push_str(&format!(
            "### {file} ({count}, {size}{skipped}{counted})\n\n"
        ));
        out.push_str(
            "| variant | threads | puzzles/s | µs/puzzle | % no guess | guesses/puzzle | \
             median µs | worst µs |\n",
        );
        out.push_str("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        while i < rows.len() && rows[i].set == *set {
            let r = &rows[i];
            // What a command's row cannot know shows as a dash.
            let or_dash = |x: Option<f64>, f: &dyn Fn(f64) -> String| x.map_or("–".into(), f);
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
                table_cell(&table_variant(r)),
                r.threads.map_or("–".into(), |t| t.to_string()),
                or_dash(r.puzzles_per_sec, &three_figures),
                or_dash(r.us_per_puzzle, &|x| format!("{x:.2}")),
                or_dash(r.no_guess_pct, &|x| format!("{x:.1}%")),
                or_dash(r.guesses_per_puzzle, &|x| format!("{x:.2}")),
                or_dash(r.median_us, &|x| format!("{x:.2}")),
                or_dash(r.worst_us, &|x| format!("{x:.2}")),
            ));
            if let Some(why) = &r.failure {
                // The command's own words may hold a `|`, or a control character.
                out.push_str(&format!(
                    "| ↳ {} |  |  |  |  |  |  |  |\n",
                    table_cell(&nsudoku::input::visible(why))
                ));
            }
            if r.unsolved > 0 {
                let what = match (r.threads, r.wrong) {
                    (Some(_), _) => "without a solution".to_string(),
                    (None, 0) => "not solved by the command".to_string(),
                    (None, w) => format!("not solved by the command ({w} answered wrong)"),
                };
                out.push_str(&format!(
                    "| ↳ {} {what} |  |  |  |  |  |  |  |\n",
                    plural(r.unsolved, "puzzle")
                ));
            }
            if r.over_budget > 0 {
                out.push_str(&format!(
                    "| ↳ {} over the node budget (timed up to it) |  |  |  |  |  |  |  |\n",
                    plural(r.over_budget, "puzzle")
                ));
            }
            if r.multiple > 0 {
                out.push_str(&format!(
                    "| ↳ {} with several solutions |  |  |  |  |  |  |  |\n",
                    plural(r.multiple, "puzzle")
                ));
            }
            i += 1;
        }
        if rows[start..i].iter().any(|r| r.timing == WHOLE_PROCESS) {
            // A command's puzzles/s and the search's are not like for like on easy sets,
            // where start-up, reading and writing can cost more than the search.
            let same = rows[start..i]
                .iter()
                .any(|r| r.variant.starts_with(SELF_CMD));
            out.push_str(&format!(
                "\nA command's row times whole runs of it (start-up, reading and writing \
                 included); the engine's rows time the search of puzzles read beforehand. {}\n",
                if same {
                    "`nsudoku solve` is timed as a command too: compare the command rows."
                } else {
                    "Add --self-cmd to time `nsudoku solve` as a command, like for like."
                }
            ));
        }
        out.push('\n');
    }
    out
}

/// `text` in one cell of a markdown table: a `|` would end the cell, even inside a code span.
fn table_cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// What marks a command's variant name (the command itself comes first).
pub(super) const COMMAND: &str = " (command)";

/// How `--self-cmd`'s row is named: this binary's `solve`, as typed in a shell (the row
/// runs it by its full path).
pub(super) const SELF_CMD: &str = "nsudoku solve --threads 1";

/// A row's variant as the table shows it: a command's in a code span, a control character
/// in it written `U+001B` (JSON escapes its own).
fn table_variant(r: &Row) -> String {
    match r.variant.strip_suffix(COMMAND) {
        Some(cmd) if r.threads.is_none() => {
            format!("{}{COMMAND}", code_span(&nsudoku::input::visible(cmd)))
        }
        _ => r.variant.clone(),
    }
}

/// `cmd` as a markdown code span: fenced by one more backtick than its longest run of them,
/// and padded when it starts or ends with one.
fn code_span(cmd: &str) -> String {
    let longest = cmd.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if cmd.starts_with('`') || cmd.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{cmd}{pad}{fence}")
}

/// Puzzles a second: whole ones from 10 up, else three significant figures (a 64×64 set does
/// a fraction of one, which `0` would hide).
fn three_figures(rate: f64) -> String {
    // Rounded first, so that 9.996 is 10, not 10.00.
    let rounded: f64 = format!("{rate:.2e}").parse().unwrap_or(rate);
    if rounded >= 10.0 || rounded <= 0.0 || !rounded.is_finite() {
        return format!("{rate:.0}");
    }
    let decimals = (2.0 - rounded.log10().floor()).clamp(0.0, 6.0) as usize;
    format!("{rounded:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::{code_span, table_cell, three_figures};

    #[test]
    fn table_cells_keep_pipes_and_backticks_of_a_command() {
        assert_eq!(code_span("head -n 2"), "`head -n 2`");
        assert_eq!(code_span("echo `x` && y"), "``echo `x` && y``");
        assert_eq!(code_span("`a``b`"), "``` `a``b` ```");
        assert_eq!(
            table_cell(&code_span("tac | nsudoku solve")),
            "`tac \\| nsudoku solve`"
        );
    }

    #[test]
    fn slow_rates_keep_three_figures() {
        for (rate, text) in [
            (123_456.7, "123457"),
            (10.0, "10"),
            (9.876, "9.88"),
            (9.996, "10"),
            (0.0009996, "0.00100"),
            (0.2567, "0.257"),
            (0.001234, "0.00123"),
            (0.0, "0"),
        ] {
            assert_eq!(three_figures(rate), text, "{rate}");
        }
    }
}
