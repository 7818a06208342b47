//! `bench --baseline-cmd`: another solver, run as a command on the same puzzles in the same run.
//!
//! The command gets the set on stdin, one puzzle a line as nsudoku read it (in the set's order
//! after the shuffle), and is to write one solution a line, in order, in any form nsudoku reads;
//! a line that is not a solution (a marker such as `no solution`) stands for its puzzle. As
//! for the engine, a first run is a warm-up whose every answer is checked from scratch (a full
//! grid, every house whole, inside the puzzle's candidates); the timed passes are whole runs,
//! the process's start-up included, until `--min-time` has gone by.

use nsudoku::grid;
use nsudoku::input::{self, Puzzle, ReadOptions, Record};
use nsudoku::mask::Mask;
use nsudoku::output;
use std::io::{self, Write};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

/// What the command did with one set.
pub struct Timed {
    /// Seconds of the timed runs, and how many there were.
    pub wall: f64,
    pub runs: usize,
    /// Puzzles it answered with something else than a solution (index in the set, why), in
    /// the warm-up run.
    pub wrong: Vec<(usize, String)>,
    /// Answers it wrote in that run (grids, or lines standing for one); the puzzles after the
    /// last have none.
    pub answers: usize,
    /// How the warm-up run ended when not with status 0: its status and the last line of its
    /// stderr.
    pub failure: Option<String>,
}

/// Run `cmd` on `puzzles` as the module doc says. An error is one of starting the command.
pub fn time(cmd: &str, puzzles: &[&Puzzle], min_time: f64) -> io::Result<Timed> {
    let mut text = String::new();
    for p in puzzles {
        text.push_str(&output::puzzle_line(p));
        text.push('\n');
    }
    let (warm, _) = run(cmd, &text)?;
    let out = String::from_utf8_lossy(&warm.stdout);
    let answers = input::read_all(&out, ReadOptions::default());
    let out_lines: Vec<&str> = out.lines().collect();
    // An answer that is no grid, quoted from its line (its first 40 characters).
    let shown = |e: &input::InputError| {
        let line = out_lines.get(e.line - 1).map_or("", |l| l.trim());
        match line.char_indices().nth(40) {
            Some((end, _)) => format!("{}…", &line[..end]),
            None => line.to_string(),
        }
    };
    // Puzzles past the last answer are counted, not listed (`Timed::answers`).
    let wrong = puzzles
        .iter()
        .zip(&answers)
        .enumerate()
        .filter_map(|(i, (p, answer))| check(p, answer, shown).err().map(|why| (i, why)))
        .collect();
    let failure = (!warm.status.success()).then(|| {
        let err = String::from_utf8_lossy(&warm.stderr);
        match err.lines().rev().find(|l| !l.trim().is_empty()) {
            Some(last) => format!("{} ({})", warm.status, last.trim()),
            None => warm.status.to_string(),
        }
    });
    let mut timed = Timed {
        wall: 0.0,
        runs: 0,
        wrong,
        answers: answers.len(),
        failure,
    };
    let start = Instant::now();
    loop {
        timed.wall += run(cmd, &text)?.1;
        timed.runs += 1;
        if start.elapsed().as_secs_f64() >= min_time {
            return Ok(timed);
        }
    }
}

/// One run of `cmd` through the shell with `input` on its stdin: what it wrote, and the
/// seconds from its start to its end.
fn run(cmd: &str, input: &str) -> io::Result<(Output, f64)> {
    let start = Instant::now();
    let mut child = shell(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot run `{cmd}`: {e}")))?;
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_string();
    // Written from a thread of its own: a filter writes as it reads, and would wait on a full
    // output pipe that nobody reads while its input is still being written.
    let writer = std::thread::spawn(move || {
        // A command that stops reading early (or never reads) closes the pipe: not an error
        // here; its answers tell.
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output()?;
    let secs = start.elapsed().as_secs_f64();
    let _ = writer.join();
    Ok((out, secs))
}

#[cfg(not(windows))]
fn shell(cmd: &str) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c").arg(cmd);
    c
}

#[cfg(windows)]
fn shell(cmd: &str) -> Command {
    let mut c = Command::new("cmd");
    c.arg("/C").arg(cmd);
    c
}

/// Whether `answer` solves `p`: a full grid of its size, every house whole, every digit one of
/// the puzzle's candidates (its givens kept). `shown` quotes an answer that is not a grid.
fn check(
    p: &Puzzle,
    answer: &Record,
    shown: impl Fn(&input::InputError) -> String,
) -> Result<(), String> {
    let a = match answer {
        Err(e) => {
            return Err(format!(
                "answer `{}` is not a solution: {}",
                shown(e),
                e.what
            ))
        }
        Ok(a) => a,
    };
    let n = p.n();
    if a.k != p.k {
        return Err(format!("answer is {0}×{0}, the puzzle {n}×{n}", a.n()));
    }
    let digits = a.digits();
    if let Some(c) = digits.iter().position(|&d| d == 0) {
        return Err(format!("answer leaves r{}c{} open", c / n + 1, c % n + 1));
    }
    if let Some(c) = (0..digits.len()).find(|&c| !p.masks.get(c).has(digits[c] as usize - 1)) {
        return Err(format!(
            "answer puts {} in r{}c{}, which the puzzle rules out",
            digits[c],
            c / n + 1,
            c % n + 1
        ));
    }
    if !grid::is_valid_solution(p.k, &digits) {
        return Err("answer repeats a digit in a house".into());
    }
    Ok(())
}
