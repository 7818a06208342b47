//! `bench --baseline-cmd`: another solver, run as a command on the same puzzles in the same run.
//!
//! The command gets the set on stdin, one puzzle a line as nsudoku read it (in the set's order
//! after the shuffle), and is to write one solution a line, in order, in any form nsudoku reads;
//! a line that is not a solution (a marker such as `no solution`; a blank line too, in
//! output of one line a puzzle: [`answers`]) stands for its puzzle. As for the engine, a first
//! run is a warm-up whose every answer to a puzzle of one solution is checked from scratch (a
//! full grid, every house whole, inside the puzzle's candidates); the timed passes are whole
//! runs, the process's start-up included, until `--min-time` has gone by, each judged as the
//! first was (a run that ends or answers otherwise leaves the command untimed). A run past
//! `--baseline-timeout` is killed (its process group: the shell and what it started) and the
//! command is not timed on that set.

use nsudoku::grid;
use nsudoku::input::{self, Puzzle, ReadOptions, Reader, Record};
use nsudoku::mask::Mask;
use nsudoku::output;
use nsudoku::topology::CellName;
use std::io::{self, Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What the command did with one set.
pub struct Timed {
    /// Seconds of the timed runs.
    pub wall: f64,
    /// How many timed runs there were.
    pub runs: usize,
    /// Puzzles it answered with something else than a solution (index in the set, why), in
    /// the warm-up run. Only puzzles with one solution are judged.
    pub wrong: Vec<(usize, String)>,
    /// Puzzles without one solution (as the engine counts them), whose answers are not judged:
    /// a grid may be right when one is asked for, or a marker when a count is.
    pub unjudged: usize,
    /// Answers it wrote in that run (grids, or lines standing for one), read up to one past
    /// the puzzles; the puzzles after the last have none, and more than the puzzles match none.
    pub answers: usize,
    /// What went wrong, as a phrase after the command: how the warm-up run ended when not
    /// with status 0 (its status and the last line of its stderr), or why it was not timed.
    pub failure: Option<String>,
    /// The warm-up run was stopped at the time limit: no answer was read.
    pub unread: bool,
}

/// Run `cmd` on `puzzles` as the module doc says; `one[i]` when puzzle `i` has one solution,
/// the puzzles whose answers are judged. An error is one of starting the command.
/// A command that writes more than [`cap`] allows in its warm-up, or has not ended a run
/// within `limit`, is stopped and not timed (`runs` 0); one that solved no judged puzzle in
/// its warm-up is not timed either.
pub fn time(
    cmd: &str,
    puzzles: &[&Puzzle],
    one: &[bool],
    min_time: f64,
    limit: Option<Duration>,
) -> io::Result<Timed> {
    let mut text = String::new();
    for p in puzzles {
        text.push_str(&output::puzzle_line(p));
        text.push('\n');
    }
    let cap = cap(text.len());
    let over = |limit: Duration, which: &str| {
        format!(
            "had not ended {which} after --baseline-timeout ({limit:?}): killed there and not \
             timed"
        )
    };
    let warm = run(cmd, &text, cap, limit)?;
    if let Some(limit) = warm.over {
        return Ok(Timed {
            wall: 0.0,
            runs: 0,
            wrong: Vec::new(),
            unjudged: 0,
            answers: 0,
            failure: Some(over(limit, "its first run")),
            unread: true,
        });
    }
    let (answers, wrong) = judge(&warm.stdout, puzzles, one);
    let failure = if warm.capped {
        Some(format!(
            "ended with its stdout past {} MiB: stopped there and not timed (one answer a puzzle \
             is far less)",
            cap >> 20
        ))
    } else {
        (!warm.status.success()).then(|| {
            let err = String::from_utf8_lossy(&warm.stderr);
            match err.lines().rev().find(|l| !l.trim().is_empty()) {
                // Its own words, escaped as its answers are.
                Some(last) => format!(
                    "ended with {} ({})",
                    warm.status,
                    input::visible(last.trim())
                ),
                None => format!("ended with {}", warm.status),
            }
        })
    };
    let mut timed = Timed {
        wall: 0.0,
        runs: 0,
        wrong,
        unjudged: one.iter().filter(|&&o| !o).count(),
        answers,
        failure,
        unread: false,
    };
    if warm.capped {
        return Ok(timed);
    }
    // A command that solved nothing (not found, refusing the input) would only time its exit.
    let answered = one[..answers.min(puzzles.len())]
        .iter()
        .filter(|&&o| o)
        .count();
    if answered == timed.wrong.len() && one.contains(&true) {
        timed.failure = Some(match timed.failure.take() {
            Some(how) => format!("{how}, and solved no puzzle: not timed"),
            None => "solved no puzzle: not timed".into(),
        });
        return Ok(timed);
    }
    let start = Instant::now();
    loop {
        let r = run(cmd, &text, cap, limit)?;
        if let Some(limit) = r.over {
            timed.runs = 0;
            timed.failure = Some(over(limit, "a timed run"));
            return Ok(timed);
        }
        // Every timed run is judged as the first was: one that ends otherwise or answers
        // otherwise (a command that fails fast after its first run) is no figure.
        let (answers, wrong) = judge(&r.stdout, puzzles, one);
        let otherwise = if r.status != warm.status {
            Some(format!(
                "ended with {}, the first with {}",
                r.status, warm.status
            ))
        } else if r.capped || answers != timed.answers {
            Some(format!(
                "wrote {answers} answers, the first {}",
                timed.answers
            ))
        } else if wrong
            .iter()
            .map(|w| w.0)
            .ne(timed.wrong.iter().map(|w| w.0))
        {
            Some(format!(
                "left {} unsolved, the first {}",
                super::plural(wrong.len(), "puzzle"),
                timed.wrong.len()
            ))
        } else {
            None
        };
        if let Some(how) = otherwise {
            timed.failure = Some(format!(
                "answered otherwise in timed run {}: {how}; not timed",
                timed.runs + 1
            ));
            timed.runs = 0;
            return Ok(timed);
        }
        timed.wall += r.secs;
        timed.runs += 1;
        if start.elapsed().as_secs_f64() >= min_time {
            return Ok(timed);
        }
    }
}

/// How many answers a run's output `stdout` holds for `puzzles` (one past them at most), and
/// the puzzles of one solution (`one`) it answered with something else than a solution;
/// puzzles past the last answer are counted, not listed (`Timed::answers`).
fn judge(stdout: &[u8], puzzles: &[&Puzzle], one: &[bool]) -> (usize, Vec<(usize, String)>) {
    let out = String::from_utf8_lossy(stdout);
    let (answers, read) = answers(&out, puzzles.len());
    let out_lines: Vec<&str> = out.lines().take(read).collect();
    // An answer that is no grid, quoted from its line (its first 40 characters), a control
    // character written `U+001B`: the command's bytes do not reach the terminal raw.
    let shown = |e: &input::InputError| {
        let line = out_lines.get(e.line - 1).map_or("", |l| l.trim());
        match line.char_indices().nth(40) {
            Some((end, _)) => format!("{}…", input::visible(&line[..end])),
            None => input::visible(line),
        }
    };
    let wrong = puzzles
        .iter()
        .zip(&answers)
        .enumerate()
        .filter(|&(i, _)| one[i])
        .filter_map(|(i, (p, answer))| check(p, answer, shown).err().map(|why| (i, why)))
        .collect();
    (answers.len(), wrong)
}

/// The stdout a run may write for an input of `len` bytes: a solver writes about one grid a
/// puzzle, in whatever form, so 64 times the input (and 64 MiB at least) is far beyond any
/// answer, and bounds what a command that never stops writing (`yes`) can take.
fn cap(len: usize) -> usize {
    len.saturating_mul(64).max(64 << 20)
}

/// What one run of a command did.
struct Run {
    status: ExitStatus,
    stdout: Vec<u8>,
    /// Its last [`STDERR_TAIL`] bytes.
    stderr: Vec<u8>,
    /// Seconds from its start to its end.
    secs: f64,
    /// It wrote more than the cap on stdout, and was killed.
    capped: bool,
    /// The time limit it had not ended within, when it was killed for it (nothing of it was
    /// read).
    over: Option<Duration>,
}

impl Run {
    /// A run started at `start` and killed past `limit`, ending with `status`: nothing of it
    /// is read.
    fn killed(status: ExitStatus, start: Instant, limit: Option<Duration>) -> Run {
        Run {
            status,
            stdout: Vec::new(),
            stderr: Vec::new(),
            secs: start.elapsed().as_secs_f64(),
            capped: false,
            over: limit,
        }
    }
}

/// The end of a command's stderr that is kept: where its last line is.
const STDERR_TAIL: usize = 64 << 10;

/// One run of `cmd` through the shell with `input` on its stdin, its stdout read up to `cap`
/// bytes, killed when it has not ended within `limit`.
fn run(cmd: &str, input: &str, cap: usize, limit: Option<Duration>) -> io::Result<Run> {
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
    let err = child.stderr.take().expect("piped");
    // Drained to its end from a thread of its own, for the same reason, keeping its tail.
    let tail = std::thread::spawn(move || keep_tail(err));
    // Read from a thread of its own too, so that a run past `limit` can be stopped from here.
    let out = child.stdout.take().expect("piped");
    let (done, read) = mpsc::channel();
    std::thread::spawn(move || {
        let mut stdout = Vec::new();
        let _ = done.send(
            out.take(cap as u64 + 1)
                .read_to_end(&mut stdout)
                .map(|_| stdout),
        );
    });
    let read = match limit {
        None => read.recv().map_err(|_| RecvTimeoutError::Disconnected),
        Some(limit) => read.recv_timeout(limit.saturating_sub(start.elapsed())),
    };
    let mut stdout = match read {
        Ok(stdout) => stdout?,
        Err(RecvTimeoutError::Timeout) => {
            stop(&mut child);
            // The threads end when the pipes close: with the command, or with whatever it
            // started that holds them still. Nothing waits for them.
            return Ok(Run::killed(child.wait()?, start, limit));
        }
        Err(RecvTimeoutError::Disconnected) => {
            return Err(io::Error::other(format!(
                "reading the output of `{cmd}` failed"
            )))
        }
    };
    let capped = stdout.len() > cap;
    if capped {
        stdout.truncate(cap);
        stop(&mut child);
    }
    // A run may close its stdout and go on (`…; exec >&-; sleep 8`, a pipeline whose last
    // stage is done): the limit holds to its end, so it is waited for from a thread of its own.
    let status = match limit.filter(|_| !capped) {
        None => child.wait()?,
        Some(limit) => {
            let pid = child.id();
            let (done, waited) = mpsc::channel();
            std::thread::spawn(move || {
                let _ = done.send(child.wait());
            });
            match waited.recv_timeout(limit.saturating_sub(start.elapsed())) {
                Ok(status) => status?,
                Err(_) => {
                    kill_group(pid);
                    let status = waited
                        .recv()
                        .map_err(|_| io::Error::other(format!("waiting for `{cmd}` failed")))??;
                    return Ok(Run::killed(status, start, Some(limit)));
                }
            }
        }
    };
    let secs = start.elapsed().as_secs_f64();
    let _ = writer.join();
    let stderr = tail.join().unwrap_or_default();
    Ok(Run {
        status,
        stdout,
        stderr,
        secs,
        capped,
        over: None,
    })
}

/// The last [`STDERR_TAIL`] bytes of `r`, read to its end (or its first error).
fn keep_tail(mut r: impl Read) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => kept.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
        if kept.len() > 2 * STDERR_TAIL {
            kept.drain(..kept.len() - STDERR_TAIL);
        }
    }
    let from = kept.len().saturating_sub(STDERR_TAIL);
    kept.split_off(from)
}

/// The shell running `cmd`, in a process group of its own ([`stop`]).
#[cfg(unix)]
fn shell(cmd: &str) -> Command {
    use std::os::unix::process::CommandExt;
    let mut c = Command::new("sh");
    c.arg("-c").arg(cmd).process_group(0);
    c
}

#[cfg(all(not(unix), not(windows)))]
fn shell(cmd: &str) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c").arg(cmd);
    c
}

/// Kill a run: its whole process group where there is one, so that what the shell started (a
/// pipeline, a script's solver) goes too and does not run on beside the timed rows.
fn stop(child: &mut std::process::Child) {
    if !kill_group(child.id()) {
        let _ = child.kill();
    }
}

/// Kill the process group that the shell of pid `pid` leads (`shell`), not yet waited for (its
/// pid still names the group); false where there is none.
fn kill_group(pid: u32) -> bool {
    #[cfg(unix)]
    if let Ok(group) = libc::pid_t::try_from(pid) {
        // SAFETY: `killpg` only sends a signal; a group already gone is an error it returns.
        return group > 1 && unsafe { libc::killpg(group, libc::SIGKILL) } == 0;
    }
    // cmd.exe and every process it started: the tree under it.
    #[cfg(windows)]
    return Command::new("taskkill")
        .args(["/T", "/F", "/PID", &pid.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    #[cfg(not(windows))]
    {
        let _ = pid;
        false
    }
}

/// `word` as one word of a command line [`shell`] runs: for `sh`, in single quotes, each of
/// its own written `'\''`.
#[cfg(not(windows))]
pub fn quoted(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// `word` as one word of a command line [`shell`] runs: for `cmd`, in double quotes (a path
/// holds none).
#[cfg(windows)]
pub fn quoted(word: &str) -> String {
    format!("\"{word}\"")
}

#[cfg(windows)]
fn shell(cmd: &str) -> Command {
    use std::os::windows::process::CommandExt;
    // cmd.exe reads its command line itself, and not the `\"` that an argument's quotes would
    // be escaped as: the command goes as written, in quotes that /S strips.
    let mut c = Command::new("cmd");
    c.raw_arg(format!("/S /C \"{cmd}\""));
    c
}

/// The answers in a command's output `out` to `puzzles` puzzles, read as nsudoku reads
/// puzzles (one past the puzzles at most: enough to tell there are too many), and the lines
/// they took. Output of one line a puzzle is read line by line, so that a blank or `#` line
/// stands for its puzzle as any other line does: the reader would pass it over and pair every
/// later answer with the puzzle before its own.
fn answers(out: &str, puzzles: usize) -> (Vec<Record>, usize) {
    let mut reader = Reader::new(out.as_bytes(), ReadOptions::default());
    let answers: Vec<Record> = reader.by_ref().take(puzzles + 1).collect();
    let lines = out.lines().count();
    if answers.len() == puzzles || lines != puzzles {
        return (answers, reader.lines_read());
    }
    let by_line = out.lines().enumerate().map(|(i, text)| {
        let record = Reader::new(text.as_bytes(), ReadOptions::default()).next();
        match record {
            Some(Ok(mut p)) => {
                p.line = i + 1;
                Ok(p)
            }
            Some(Err(e)) => Err(input::InputError { line: i + 1, ..e }),
            None => Err(input::InputError::at(
                i + 1,
                if text.trim().is_empty() {
                    "a blank line"
                } else {
                    "a comment"
                },
                "a solution",
            )),
        }
    });
    (by_line.collect(), lines)
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
        return Err(format!("answer leaves {} open", CellName::of(c, n)));
    }
    if let Some(c) = (0..digits.len()).find(|&c| !p.masks.get(c).has(digits[c] as usize - 1)) {
        return Err(format!(
            "answer puts {} in {}, which the puzzle rules out",
            digits[c],
            CellName::of(c, n)
        ));
    }
    if !grid::is_valid_solution(p.k, &digits) {
        return Err("answer repeats a digit in a house".into());
    }
    Ok(())
}
