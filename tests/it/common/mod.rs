//! What the test files share: run the `nsudoku` binary on a stdin text; read a puzzle into a
//! logic state, and fixtures with their solutions; reduce a puzzle checking every deduction.

use nsudoku::logic::{check, find_all, Config, Deduction, State, Technique};
use nsudoku::{input, Basis, Grid, Mask};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// Start `nsudoku ARGS` with its standard streams piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_nsudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs")
}

/// Run `nsudoku ARGS` with `stdin` as its standard input and wait for it.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = spawn(args);
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

/// Reduce `p` to a fixed point with `ts` (in order), checking deductions against `solution`
/// (its one solution: the uniqueness techniques take part) in the state each was found in:
/// the useful ones of the first technique that has any, which are then applied, or with
/// `every` each deduction of every technique on every state reached, useful or not (so that a
/// technique that no path needs is checked too). `checked` hears the technique of each
/// deduction checked. Panics with the technique, its evidence and the grid on an unsound one,
/// or when a digit of the solution is lost. Returns the deductions applied and whether the
/// grid was solved.
pub fn reduce_checked<B: Basis>(
    p: &input::Puzzle,
    solution: &[u8],
    ts: &[Technique],
    every: bool,
    checked: &mut dyn FnMut(Technique),
) -> (usize, bool) {
    assert!(nsudoku::grid::is_valid_solution(B::K, solution));
    let mut s = State::<B>::new(Grid::from_masks(&p.masks)).expect("givens are consistent");
    let applied = reduce_each(&mut s, ts, &unique(), every, &mut |s, t, d| {
        if let Err(e) = check::check_in_state(s, solution, d) {
            panic!("puzzle at line {}: {e}", p.line);
        }
        checked(t);
    });
    for (c, &d) in solution.iter().enumerate() {
        assert!(
            s.get(c).has(d as usize - 1),
            "solution digit lost at cell {c}"
        );
    }
    (applied, s.is_complete())
}

/// Reduce `s` to a fixed point with `ts` (in order) under `cfg`, handing `look` each deduction
/// with the state and technique it was found in before any is applied: the useful ones of the
/// first technique that has any, which are then applied, or with `every` each deduction of
/// every technique on every state reached, useful or not. Returns the deductions applied.
pub fn reduce_each<B: Basis>(
    s: &mut State<B>,
    ts: &[Technique],
    cfg: &Config,
    every: bool,
    look: &mut dyn FnMut(&State<B>, Technique, &Deduction),
) -> usize {
    let mut applied = 0;
    while !s.is_complete() {
        let mut next = Vec::new();
        for &t in ts {
            if !every && !next.is_empty() {
                break;
            }
            let found = find_all(s, t, cfg);
            for d in found.iter().filter(|d| every || s.is_useful(d)) {
                look(s, t, d);
            }
            if next.is_empty() {
                next = found.into_iter().filter(|d| s.is_useful(d)).collect();
            }
        }
        if next.is_empty() {
            break;
        }
        for d in next {
            // Deductions of one pass may overlap: one already made is passed over.
            if s.is_useful(&d) {
                s.apply(&d)
                    .expect("a sound deduction keeps the grid consistent");
                applied += 1;
            }
        }
    }
    applied
}

/// Every technique of `ts` had a deduction checked (is in `checked`), but those named in
/// `idle` (by command-line name: no state of the puzzles holds one); else a soundness test
/// would show nothing of it. `what` names the puzzles in the message.
pub fn assert_checked(ts: &[Technique], checked: &BTreeSet<Technique>, idle: &[&str], what: &str) {
    let missing: Vec<String> = ts
        .iter()
        .filter(|t| !checked.contains(t))
        .map(|t| t.cli_name())
        .filter(|name| !idle.contains(&name.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "{what}: no {} deduction checked",
        missing.join(", no ")
    );
}

/// Puzzle lines paired with the digits of their solutions (a file of solutions, line by line;
/// blank and `#` lines skipped in both). The two must have as many lines: a pair lost to a
/// short file would be a puzzle silently left unchecked.
pub fn with_solutions(puzzles: &str, sols: &str) -> Vec<(String, Vec<u8>)> {
    fn content(t: &str) -> Vec<&str> {
        t.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect()
    }
    let (puzzles, sols) = (content(puzzles), content(sols));
    assert_eq!(puzzles.len(), sols.len(), "puzzles and solutions pair up");
    puzzles
        .into_iter()
        .zip(sols)
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

/// The path of `<data>/<name>` (a file or a directory), the data sets being in
/// `$NSUDOKU_DATA`, else in `../shared/data` beside the repository (as CI has them), else in
/// the machine-wide copy that worktrees see; or `None` (said on stderr) where none has it: the
/// test that needs it then goes without, unless `$NSUDOKU_REQUIRE_DATA` is set (`.ci/run` sets
/// it), where a test that would pass without checking anything fails instead.
pub fn shared_path(name: &str) -> Option<PathBuf> {
    let dirs = [
        std::env::var("NSUDOKU_DATA").unwrap_or_default(),
        format!("{}/../shared/data", env!("CARGO_MANIFEST_DIR")),
        "/work/shared/data".to_string(),
    ];
    let path = dirs
        .iter()
        .filter(|d| !d.is_empty())
        .map(|d| Path::new(d).join(name))
        .find(|p| p.exists());
    if path.is_none() {
        assert!(
            std::env::var_os("NSUDOKU_REQUIRE_DATA").is_none(),
            "{name} not found in $NSUDOKU_DATA, ../shared/data or /work/shared/data"
        );
        eprintln!("note: ../shared/data/{name} not found, skipped");
    }
    path
}

/// The text of `<data>/<name>` (see [`shared_path`]), or `None` where no data directory has it.
pub fn shared_data(name: &str) -> Option<String> {
    let path = shared_path(name)?;
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// A 144×144 grid (basis 12) written as numbers, one hole in each row (so its solution is
/// unique by construction), and its solution as numbers.
pub fn grid144() -> (String, String) {
    use nsudoku::generate::{pattern_grid, Rng};
    let mut rng = Rng::new(144);
    let solution = pattern_grid(12, &mut rng);
    let mut puzzle = solution.clone();
    for r in 0..144 {
        puzzle[r * 144 + rng.below(144)] = 0;
    }
    let numbers = |d: &[u8]| {
        d.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    (numbers(&puzzle), numbers(&solution))
}

/// The path of fixture `name` in `tests/data`.
pub fn data_path(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// An easy 9×9 puzzle (one solution, found by singles) and its solution.
pub const EASY9: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
pub const EASY9_SOL: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
