//! What the CLI test files share: run the `nsudoku` binary on a stdin text.

// Each test file uses part of this module; the rest is not dead code there.
#![allow(dead_code)]

use std::io::Write;
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
    // A usage error exits before reading stdin: a broken pipe here is expected, not a failure.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
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
