//! The subcommands' standard output: write errors that say where the write went, and a
//! closed pipe told apart (it ends the program quietly).

use std::io;

/// True when `e` is a write to a closed pipe, which ends the program quietly.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// Standard output, locked, whose write errors say where the write went (`> /dev/full` said
/// only "No space left on device"); a closed pipe stays a closed pipe, which ends quietly.
pub struct Stdout(io::StdoutLock<'static>);

/// The subcommands' standard output.
pub fn stdout() -> Stdout {
    Stdout(io::stdout().lock())
}

impl Stdout {
    fn named(e: io::Error) -> io::Error {
        if is_broken_pipe(&e) {
            return e;
        }
        io::Error::new(e.kind(), format!("cannot write to stdout: {e}"))
    }
}

impl io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(Stdout::named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(Stdout::named)
    }
}
