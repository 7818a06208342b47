//! Output and input paths checked before the work whose result they would hold: files that
//! cannot be read or written, `--svg` and `--html` naming one file, pictures left over from an
//! earlier run.

use std::io;
use std::path::{Path, PathBuf};

/// Refuse a file of `files` that cannot be read (missing, a directory), for a subcommand
/// whose work on the others would take minutes and then fail for it (`bench`, `study`).
pub fn readable_files(files: &[PathBuf]) -> io::Result<()> {
    for file in files.iter().filter(|f| f.as_os_str() != "-") {
        let cannot =
            |e: io::Error| io::Error::new(e.kind(), format!("cannot read {}: {e}", file.display()));
        // A directory opens on some systems and fails only when read: refused here too.
        if std::fs::File::open(file)
            .map_err(cannot)?
            .metadata()?
            .is_dir()
        {
            return Err(cannot(io::Error::new(
                io::ErrorKind::InvalidInput,
                "it is a directory",
            )));
        }
    }
    Ok(())
}

/// True when `a` and `b` name one file, also when reached by two paths (`x.svg` and
/// `./x.svg`), whether it exists yet or not.
pub fn same_file(a: &Path, b: &Path) -> bool {
    // The file itself, else its folder and name (a file still to be written).
    let resolved = |p: &Path| {
        p.canonicalize()
            .ok()
            .or_else(|| {
                let dir = match p.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                Some(dir.canonicalize().ok()?.join(p.file_name()?))
            })
            .unwrap_or_else(|| p.to_path_buf())
    };
    a == b || resolved(a) == resolved(b)
}

/// What would fail only after a solving path is found fails before: `--svg` naming a file
/// that is not a directory, or the same path as `--html`, and `--html` a file that cannot be
/// written ([`writable_file`]).
pub fn check_picture_paths(svg: Option<&Path>, html: Option<&Path>) -> io::Result<()> {
    writable_file("--html", html)?;
    let Some(dir) = svg else { return Ok(()) };
    let refuse = |msg: String| Err(io::Error::new(io::ErrorKind::InvalidInput, msg));
    if dir.exists() && !dir.is_dir() {
        return refuse(format!(
            "--svg {}: it is a file; expected a directory for the pictures",
            dir.display()
        ));
    }
    // The directory is made when missing, but not the folders above it: a mistyped path
    // would leave a tree of them, as `-o` and `--html` refuse to.
    if !dir.exists() {
        match dir.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(up) if !up.is_dir() => {
                return refuse(format!(
                    "--svg {}: no directory {}",
                    dir.display(),
                    up.display()
                ))
            }
            _ => {}
        }
    }
    match html {
        Some(page) if page.as_os_str() != "-" && same_file(dir, page) => refuse(format!(
            "--html and --svg both name {}; expected a file for the page and a directory for \
             the pictures",
            dir.display()
        )),
        _ => Ok(()),
    }
}

/// Refuse an output file (`flag`'s value) that is one of the `inputs`: written, it would
/// replace the puzzles it is made from, which a user does not get back.
pub fn not_an_input(flag: &str, path: Option<&Path>, inputs: &[PathBuf]) -> io::Result<()> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        return Ok(());
    };
    match inputs
        .iter()
        .find(|f| f.as_os_str() != "-" && same_file(f, path))
    {
        Some(f) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{flag} {}: it is the input file {}, whose puzzles it would replace; expected \
                 another file",
                path.display(),
                f.display()
            ),
        )),
        None => Ok(()),
    }
}

/// Refuse an output file (`flag`'s value; `-` is standard output) that is a directory or lies
/// in no directory, before the work whose result it would hold.
pub fn writable_file(flag: &str, path: Option<&Path>) -> io::Result<()> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        return Ok(());
    };
    let refuse = |why: String| {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{flag} {}: {why}", path.display()),
        ))
    };
    if path.is_dir() {
        return refuse("it is a directory; expected a file".into());
    }
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) if !dir.exists() => refuse(format!("no directory {}", dir.display())),
        Some(dir) if !dir.is_dir() => refuse(format!(
            "{} is not a directory; expected a file in one",
            dir.display()
        )),
        _ => Ok(()),
    }
}

/// A note on stderr when `dir` still holds step pictures for `prefix` past those just
/// `written` (an earlier run's longer path): they would pass for this path's.
pub fn say_left_over(dir: &std::path::Path, prefix: &str, written: &[std::path::PathBuf]) {
    let old = nsudoku::render::step::left_over(dir, prefix, written);
    match old.as_slice() {
        [] => {}
        [one] => say!(
            "note: {} also holds {one}, not from this path: left as it was",
            dir.display()
        ),
        [first, .., last] => say!(
            "note: {} also holds {} step pictures not from this path ({first} … {last}): left \
             as they were",
            dir.display(),
            old.len()
        ),
    }
}

/// Write the file at `path` (`-`: standard output) by `write`, which may stop part way (a
/// page is written as it is drawn, never held whole): a cut regular file is removed rather
/// than left to pass for a whole one. `what` names it in messages.
pub fn write_streamed<E>(
    path: &Path,
    what: &str,
    write: impl FnOnce(&mut dyn io::Write) -> Result<(), E>,
) -> io::Result<Result<(), E>> {
    use std::io::Write;
    let cannot = |e: io::Error| io::Error::new(e.kind(), format!("cannot write {what}: {e}"));
    if path.as_os_str() == "-" {
        let mut out = super::stdout();
        let done = write(&mut out);
        out.flush()?;
        return Ok(done);
    }
    let mut file = io::BufWriter::new(std::fs::File::create(path).map_err(cannot)?);
    let done = write(&mut file);
    let flushed = file.into_inner().map_err(|e| e.into_error());
    let cut = done.is_err() || flushed.is_err();
    if cut && path.metadata().is_ok_and(|m| m.is_file()) {
        let _ = std::fs::remove_file(path);
    }
    flushed.map_err(cannot)?;
    Ok(done)
}
