//! The `nsudoku` command line: a thin layer over the library.

use clap::Parser;
use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
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
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "nsudoku: {e}");
            ExitCode::from(2)
        }
    }
}
