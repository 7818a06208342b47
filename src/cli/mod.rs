//! Subcommands. Each lives in its own module; this one holds the top-level parser, and names
//! the pieces they share from the modules that hold them: flags (`args`), the batch and its
//! exit status (`batch`), JSON records and message prefixes (`records`), paths checked before
//! the work (`paths`), worker threads (`parallel`) and standard output (`stdout`).

use clap::{Parser, Subcommand};
use std::io;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// `eprintln!` that cannot panic: when stderr is a pipe that closed (`2>&1 | head -1`) the
/// message is dropped and the batch goes on, as with a closed stdout.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod args;
mod batch;
mod bench;
mod explain;
mod external;
mod feed;
mod find;
mod generate;
mod hint;
mod logic;
mod mistake;
mod parallel;
mod paths;
mod pom;
mod rate;
mod records;
mod reduce;
mod render;
mod solve;
mod stdout;
mod study;
mod verdict;

pub use args::{
    at_least, duration_secs, format_slip, parse_duration, threads_arg, within, InputArgs,
};
use batch::{any_unread, logic_only, unread, UNREAD};
pub use batch::{each_puzzle, exit_status, input_name, told_apart, write_invalid, Labelled, Notes};
pub use parallel::{in_order, in_order_of, thread_pool, with_threads, STACK_SIZE};
pub use paths::{
    check_picture_paths, not_an_input, readable_files, same_file, say_left_over, writable_file,
    write_streamed,
};
pub use records::{
    at, json_failure, labelled, labelled_grid, prefix, puzzle_failure, puzzle_header, set_line,
    set_place, with_file,
};
pub use stdout::{is_broken_pipe, stdout};

/// Solve, explain, rate, generate and benchmark Sudoku of any basis (9×9, 16×16, 25×25, …).
#[derive(Parser, Debug)]
#[command(name = "nsudoku", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles (one a line), or count their solutions, in parallel, keeping input order.
    Solve(solve::SolveArgs),
    /// Pattern Overlay Method: template counts per digit and the deductions of one variant.
    Pom(pom::PomArgs),
    /// Explain the solving path by logic, one step a line; ends solved, or stuck with the
    /// candidate grid.
    Explain(explain::ExplainArgs),
    /// List every instance of a technique in the given puzzle or candidate grid.
    ///
    /// Of chains and cycles that prove the same, only the shortest is listed: a chain whose
    /// eliminations shorter chains already make is left out, and a cycle is listed once per
    /// apex and verdict. A tuple that a line and a box hold alike with the same eliminations
    /// (every hidden tuple there) is listed once, for the line; a naked tuple there is listed
    /// for each of the two houses it clears. Pointing, claiming and fish with a segment or base
    /// line of one place are left to the hidden single it is, and an X-Chain or AIC of one
    /// link (one digit's two places in a house) to the pointing or claiming it is.
    Find(find::FindArgs),
    /// The next step of a grid solved by hand: its technique, where it is, or all of it.
    ///
    /// Give the grid as far as you have solved it (a puzzle line with your digits placed, or a
    /// candidate grid with your pencil marks). The hint is the step `explain` would take next
    /// (`explain --rated`'s with --rated), shown as far as --reveal says: ask for `technique`
    /// first, then `pattern`, then `step`. A grid with no solution (a digit or a mark gone
    /// wrong) or several is said on stderr, and the exit status is 1.
    Hint(hint::HintArgs),
    /// Apply techniques to a fixed point; print the candidate grid (N³ form) or the solution.
    ///
    /// A puzzle left unfinished is searched for up to a second (at most what is left of
    /// --timeout): when it has no solution or several, or the search does not settle it,
    /// stderr says so and the exit status is 1; its candidate grid is printed all the same.
    Reduce(reduce::ReduceArgs),
    /// Rate puzzles on Sudoku Explainer's scale: `puzzle ER/EP/ED` a line, in input order.
    Rate(rate::RateArgs),
    /// Generate puzzles with a unique solution for basis K, in parallel, reproducible from a seed.
    Generate(generate::GenerateArgs),
    /// Throughput per data set, tdoku-style: puzzles/s, µs/puzzle, % no guess, guesses/puzzle.
    ///
    /// puzzles/s (and µs/puzzle) pool every timed pass on the wall clock, so a loaded machine
    /// lowers them; the median and worst µs take each puzzle's best pass, the steadier
    /// figures. A command's row (--baseline-cmd, --self-cmd) times whole runs of it.
    Bench(bench::BenchArgs),
    /// Measurements across bases: `study tuples` (which tuple sizes pay, and their cost).
    Study(study::StudyArgs),
    /// Draw the first puzzle as SVG (puzzle, solution, candidates or one step), or its whole
    /// solving path as a self-contained web page (--html).
    Render(render::RenderArgs),
}

/// Run the chosen subcommand.
pub fn run(cli: Cli) -> io::Result<ExitCode> {
    let code = match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Pom(a) => pom::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Find(a) => find::run(a),
        Command::Hint(a) => hint::run(a),
        Command::Reduce(a) => reduce::run(a),
        Command::Rate(a) => rate::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Study(a) => study::run(a),
        Command::Render(a) => render::run(a),
    }?;
    // A file that could not be read was reported and passed over; the status still says so.
    Ok(if UNREAD.load(Ordering::Relaxed) {
        ExitCode::from(2)
    } else {
        code
    })
}

pub use nsudoku::output::plural;

/// Sort `times` and give their median (the mean of the middle two of an even count) and their
/// largest; 0 for none.
pub fn median_worst(times: &mut [f64]) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let half = times.len() / 2;
    let median = match times.len() {
        0 => 0.0,
        n if n % 2 == 1 => times[half],
        _ => (times[half - 1] + times[half]) / 2.0,
    };
    (median, times.last().copied().unwrap_or(0.0))
}

#[cfg(test)]
mod tests {
    use super::median_worst;

    #[test]
    fn a_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median_worst(&mut [4.0, 1.0, 3.0, 2.0]), (2.5, 4.0));
        assert_eq!(median_worst(&mut [3.0, 1.0, 2.0]), (2.0, 3.0));
        assert_eq!(median_worst(&mut []), (0.0, 0.0));
    }
}
