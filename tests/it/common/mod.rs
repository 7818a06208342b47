//! What the test files share: run the `nsudoku` binary on a stdin text; read a puzzle into a
//! logic state, and fixtures with their solutions.

use nsudoku::logic::{Config, State};
use nsudoku::{input, Basis, Grid};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Run `nsudoku ARGS` with `stdin` as its standard input and wait for it.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nsudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    // Written on a thread of its own: the filters write as they read, and a batch whose output
    // fills the pipe before its input is all written waits for the output to be read.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_string();
    let writer = std::thread::spawn(move || {
        // A usage error exits before reading stdin: a broken pipe here is expected.
        if let Err(e) = input.write_all(stdin.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// A fresh directory of the system's temporary one for one test (`tag`) of this process,
/// removed when the test passes (a failing test's files stay, to be looked at). It derefs to
/// its path.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(tag: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("nsudoku-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// The lines of an output stream.
pub fn lines(b: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(b)
        .lines()
        .map(String::from)
        .collect()
}

/// Assert that a run exited 0, showing its stderr when not.
pub fn assert_success(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The logic state of one puzzle line of basis `B`.
pub fn state<B: Basis>(line: &str) -> State<B> {
    let p = input::read_one(line, Default::default()).unwrap();
    assert_eq!(p.k, B::K);
    State::new(Grid::from_masks(&p.masks)).unwrap()
}

/// Puzzle lines paired with the digits of their solutions (a file of solutions, line by line).
pub fn with_solutions(puzzles: &str, sols: &str) -> Vec<(String, Vec<u8>)> {
    puzzles
        .lines()
        .zip(sols.lines())
        .map(|(p, s)| {
            let sol = input::read_one(s, Default::default()).unwrap().digits();
            (p.to_string(), sol)
        })
        .collect()
}

/// The logic settings for a puzzle known to have one solution, as every fixture and shared
/// puzzle checked against its solution is: the uniqueness techniques take part.
pub fn unique() -> Config {
    Config {
        unique: true,
        ..Config::default()
    }
}

/// The text of `../shared/data/<name>`, or `None` (said on stderr) where the shared data sets
/// are not beside the repository: the test that needs it is then skipped.
pub fn shared_data(name: &str) -> Option<String> {
    let path = format!("../shared/data/{name}");
    let text = std::fs::read_to_string(&path).ok();
    if text.is_none() {
        eprintln!("note: {path} not found, skipped");
    }
    text
}
