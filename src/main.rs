//! The `nsudoku` command line: a thin layer over the library.

use clap::Parser;
use std::io::Write as _;
use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => return clap_exit(&e),
    };
    // Run on a thread with room for the largest grids (see `cli::STACK_SIZE`).
    let worker = std::thread::Builder::new()
        .stack_size(cli::STACK_SIZE)
        .spawn(move || cli::run(args));
    let result = match worker {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|_| Err(std::io::Error::other("internal error"))),
        Err(e) => Err(e),
    };
    match result {
        Ok(code) => code,
        Err(e) if cli::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln!: a closed stderr must not turn exit status 2 into a panic.
            let _ = writeln!(std::io::stderr(), "nsudoku: {e}");
            ExitCode::from(2)
        }
    }
}

/// Help, the version or a usage error, printed as clap's `Error::exit` prints them, except that
/// help or the version that cannot be written (`> /dev/full`) is an I/O error, status 2, as
/// in every subcommand; a closed pipe ends quietly.
fn clap_exit(e: &clap::Error) -> ExitCode {
    match e.print() {
        Err(err) if !e.use_stderr() && !cli::is_broken_pipe(&err) => {
            let _ = writeln!(std::io::stderr(), "nsudoku: cannot write to stdout: {err}");
            ExitCode::from(2)
        }
        Err(_) if !e.use_stderr() => ExitCode::SUCCESS,
        _ => ExitCode::from(e.exit_code().clamp(0, 255) as u8),
    }
}
