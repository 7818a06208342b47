//! A batch of records as the subcommands take it: every input's records with the file they
//! came from, the notes said once, a line that is not a puzzle reported and passed over, and
//! the exit status.

use super::feed::Feed;
use super::records::{at, json_failure, prefix, puzzle_header};
use super::{logic, solve};
use nsudoku::basis::{LOGIC, SUPPORTED};
use nsudoku::input::{self, Record};
use nsudoku::logic::TechniqueList;
use std::io;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when an input file could not be read: the batch goes on with the other files, and the
/// exit status is 2 (an I/O error) at the end.
pub(super) static UNREAD: AtomicBool = AtomicBool::new(false);

/// Report a file that could not be read; the batch goes on without it.
pub(super) fn unread(what: String) {
    say!("nsudoku: {what}");
    UNREAD.store(true, Ordering::Relaxed);
}

/// Whether an input could not be read (and was said so): a batch left without a puzzle then
/// needs no message of its own.
pub(super) fn any_unread() -> bool {
    UNREAD.load(Ordering::Relaxed)
}

/// The name of the `i`th of the inputs named `names`, told apart from those before it: a file
/// given again is read again, as `a.txt (2)`, `a.txt (3)`, …, and so is a file named like
/// another input (`stdin` for `-` and a file named `stdin`).
pub fn told_apart(names: &[String], i: usize) -> String {
    match names[..i].iter().filter(|n| **n == names[i]).count() {
        0 => names[i].clone(),
        again => format!("{} ({})", names[i], again + 1),
    }
}

/// What messages call an input file: its path (characters that would not show written
/// `U+001B`: a line break in a name would split a header), `stdin` for `-`.
pub fn input_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "stdin".to_string()
    } else {
        input::visible(&path.display().to_string())
    }
}

/// A record with the file it came from (when there were several).
pub type Labelled = (Option<String>, Record);

/// A puzzle of a basis beyond the logic layer ([`LOGIC`], up to 100×100) becomes an error in
/// its place for `sub`, one of its subcommands, reported with its line and passed over as a
/// bad line is.
pub(super) fn logic_only(rec: &mut Record, sub: &str) {
    let Ok(p) = rec else { return };
    if LOGIC.contains(&p.k) {
        return;
    }
    let (n, m) = (p.n(), LOGIC.end() * LOGIC.end());
    *rec = Err(input::InputError {
        line: p.line,
        item: p.item,
        what: format!(
            "a {n}×{n} grid (basis {}) is beyond {sub}, which works up to {m}×{m}",
            p.k
        ),
        expected: format!(
            "a grid of basis {} to {} (`nsudoku solve` and `bench` take up to {s}×{s})",
            LOGIC.start(),
            LOGIC.end(),
            s = SUPPORTED.end() * SUPPORTED.end()
        ),
    });
}

/// The records of a batch, each with the file it came from (when there were several).
#[derive(Default)]
pub struct Batch {
    /// Records in input order.
    pub records: Vec<Labelled>,
}

impl Batch {
    /// The batch for `sub`, a subcommand of the logic layer (built for the bases of
    /// [`LOGIC`], up to 100×100): a puzzle of a larger basis becomes an error in its place,
    /// reported with its line and passed over as a bad line is, and the batch goes on.
    pub fn logic_only(mut self, sub: &str) -> Batch {
        for (_, rec) in &mut self.records {
            logic_only(rec, sub);
        }
        self
    }

    /// Print each detection note once on stderr, and once a size that `techniques` (a
    /// technique list) names tuples or fish too large for it.
    pub fn print_notes(&self, techniques: Option<&TechniqueList>) {
        let mut notes = Notes::default();
        for (label, rec) in &self.records {
            if let Ok(p) = rec {
                notes.tell_all(label, p, techniques);
            }
        }
    }
}

/// The most notes [`Notes`] remembers having said.
const SAID_MAX: usize = 10_000;

/// Each detection note said once, with the first puzzle it is about, in input order (for a
/// batch written as it is read).
#[derive(Default)]
pub struct Notes {
    said: std::collections::HashSet<String>,
    /// The technique lists and sizes [`Notes::idle`] has looked at: a list is expanded once
    /// a size, not once a puzzle.
    checked: Vec<(TechniqueList, usize)>,
}

impl Notes {
    /// Say `p`'s note and the note on `techniques` at its size ([`Notes::idle`]), each unless
    /// it was said before.
    pub fn tell_all(
        &mut self,
        label: &Option<String>,
        p: &input::Puzzle,
        techniques: Option<&TechniqueList>,
    ) {
        self.tell(label, p);
        if let Some(note) = self.idle(label, p, techniques) {
            say!("{note}");
        }
        if let Some(note) = super::logic::dropped_marks(p) {
            say!("note: {}: {note}", at(label, p));
        }
    }

    /// Say `p`'s note, unless it was said before.
    pub fn tell(&mut self, label: &Option<String>, p: &input::Puzzle) {
        if let Some(note) = self.fresh(label, p) {
            say!("{note}");
        }
    }

    /// `p`'s note as [`Notes::tell`] words it, unless it was said before.
    pub fn fresh(&mut self, label: &Option<String>, p: &input::Puzzle) -> Option<String> {
        self.first(label, p, p.note.as_ref()?)
    }

    /// The note that a technique list names tuples or fish too large for `p`'s size
    /// ([`logic::idle_note`]), worded as [`Notes::fresh`] words it, once a size.
    pub fn idle(
        &mut self,
        label: &Option<String>,
        p: &input::Puzzle,
        list: Option<&TechniqueList>,
    ) -> Option<String> {
        let (list, n) = (list?, p.n());
        if self.checked.iter().any(|(l, m)| l == list && *m == n) {
            return None;
        }
        self.checked.push((list.clone(), n));
        self.first(label, p, &logic::idle_note(list, n)?)
    }

    fn first(&mut self, label: &Option<String>, p: &input::Puzzle, note: &str) -> Option<String> {
        // Some notes name their line, so a long batch can hold as many as it has lines: the
        // memory is forgotten now and then (a note said before may be said once more).
        if self.said.len() >= SAID_MAX {
            self.said.clear();
        }
        self.said
            .insert(note.to_string())
            .then(|| format!("note: {}: {note}", at(label, p)))
    }
}

/// Each record of `feed` in order, as it is read, for a subcommand that writes a section a
/// puzzle (`explain`, `find`): a line that is not a puzzle is reported and stands as
/// [`write_invalid`] writes it; a puzzle's notes are said (once each; with those of
/// `techniques`, see [`Notes::idle`]), it gets the header `# puzzle at line N` when the batch
/// has several (not in JSON, whose records carry their line), then `work` writes it, told
/// whether the batch has several, and says whether it failed the run. True when any record
/// did. Whether there are several is known by reading the second record first (see
/// [`Feed::each`]). That is done only when `work` asks (`work_needs_many`) in JSON, so that a
/// program driving it through pipes has each answer as soon as it writes the puzzle, and for
/// puzzles typed at a terminal, which then get no headers.
pub fn each_puzzle<W: io::Write>(
    feed: Feed,
    techniques: Option<&TechniqueList>,
    json: bool,
    work_needs_many: bool,
    out: &mut W,
    mut work: impl FnMut(&Option<String>, &input::Puzzle, bool, &mut W) -> io::Result<bool>,
) -> io::Result<bool> {
    let mut notes = Notes::default();
    let mut failed = false;
    let lookahead = !(json || feed.typed) || work_needs_many;
    feed.each(lookahead, |(label, rec), many| {
        let p = match rec {
            Ok(p) => p,
            Err(e) => {
                failed = true;
                write_invalid(out, &label, &e, json, many)?;
                return out.flush();
            }
        };
        notes.tell_all(&label, &p, techniques);
        if many && !json {
            writeln!(out, "{}", puzzle_header(&label, &p))?;
        }
        failed |= work(&label, &p, many, out)?;
        // A puzzle's last lines go out with it, not with the next puzzle's first.
        out.flush()
    })?;
    Ok(failed)
}

/// Report a line that is not a puzzle on stderr, and write what stands in for it: a JSON
/// record, or `invalid` (after the header `# puzzle at line N` when the batch has several,
/// with the item of a JSON list).
pub fn write_invalid(
    out: &mut impl io::Write,
    label: &Option<String>,
    e: &input::InputError,
    json: bool,
    many: bool,
) -> io::Result<()> {
    say!("{}{e}", prefix(label));
    if json {
        writeln!(out, "{}", json_failure(label, e))
    } else {
        if many {
            writeln!(out, "# {}puzzle at {}", prefix(label), e.place())?;
        }
        writeln!(out, "{}", solve::MARK_INVALID)
    }
}

/// Every subcommand's status when nothing stopped it: 1 when some puzzle failed (invalid, not
/// one solution, over a budget), else 0.
pub fn exit_status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn inputs_named_alike_are_told_apart() {
        let names: Vec<String> = ["-", "stdin", "a.txt", "-", "stdin", "b.txt"]
            .map(|f| super::input_name(f.as_ref()))
            .into();
        let told: Vec<String> = (0..names.len())
            .map(|i| super::told_apart(&names, i))
            .collect();
        let want = [
            "stdin",
            "stdin (2)",
            "a.txt",
            "stdin (3)",
            "stdin (4)",
            "b.txt",
        ];
        assert_eq!(told, want);
    }
}
