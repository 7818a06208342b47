//! Lines that hold more than a puzzle: CSV headers, and a puzzle between labels and
//! solutions.

use super::puzzle_length;

/// Whether `line` is the header of a CSV file of puzzles (`quizzes,solutions`,
/// `puzzle,solution,clues`): two or more names (a letter, then letters, digits, `_` and
/// spaces), none of which could be a puzzle with a wrong symbol or length: a name of a
/// puzzle's length (N² or N³ letters) must hold a `_` or a space, which no puzzle does.
pub(super) fn csv_header(line: &str) -> bool {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let name = |f: &str| {
        let len = f.chars().count();
        f.starts_with(|c: char| c.is_ascii_alphabetic())
            && f.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ' '))
            && (f.contains(['_', ' ']) || !puzzle_length(len))
    };
    fields.len() > 1 && fields.iter().all(|f| name(f))
}

/// The puzzle of a line that holds more: at its start (`puzzle solution`, `puzzle,solution`,
/// `puzzle:count:solution`) or after one or two labels (`1,puzzle,solution,clues,difficulty`
/// of the Kaggle CSV sets, `p12: puzzle`); only when the line as a whole is not a puzzle.
pub(super) struct Field<'a> {
    /// The text before the puzzle, separators included (empty at the line's start).
    pub(super) before: &'a str,
    pub(super) puzzle: &'a str,
    /// The separator after the puzzle, if anything follows.
    pub(super) after: Option<char>,
}

impl<'a> Field<'a> {
    pub(super) fn find(raw: &'a str) -> Option<Self> {
        const SEPARATORS: [char; 5] = [',', ':', ';', '\t', ' '];
        let symbols = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
        if puzzle_length(symbols(raw)) {
            return None;
        }
        let (mut start, mut longest) = (0, 0);
        for labels in 0..=2 {
            let end = raw[start..]
                .find(SEPARATORS)
                .map_or(raw.len(), |e| start + e);
            let field = &raw[start..end];
            let after = raw[end..].chars().next();
            let n = symbols(field);
            if puzzle_length(n) {
                // A puzzle alone with a separator after is no pair; a label is under half a
                // puzzle's length, so a puzzle of the wrong length followed by its solution
                // stays an error, not the solution read in its place.
                let more = after.is_some_and(|c| !raw[end + c.len_utf8()..].trim().is_empty());
                return ((labels > 0 || more) && 2 * longest < n).then_some(Field {
                    before: &raw[..start],
                    puzzle: field,
                    after: after.filter(|_| more),
                });
            }
            // A label: letters and digits, `_` and `-` (which mark empty cells) only beside a
            // letter.
            let label = field
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
                && (field.chars().all(|c| c.is_ascii_alphanumeric())
                    || field.chars().any(|c| c.is_ascii_alphabetic()));
            if field.is_empty() || !label || after.is_none() {
                return None;
            }
            longest = longest.max(n);
            start = raw.len() - raw[end..].trim_start_matches(SEPARATORS).len();
        }
        None
    }

    /// In a CSV file (after its header), the field after one or two labels of a line that
    /// [`find`](Self::find) did not take, when it is longer than twice the labels: a puzzle
    /// of the wrong length there is named by its own length, not counted with its labels.
    pub(super) fn labelled(raw: &'a str) -> Option<Self> {
        let (mut start, mut longest) = (0, 2);
        for _ in 0..2 {
            let end = start + raw[start..].find(',')?;
            let label = raw[start..end].trim();
            if label.is_empty() || !label.chars().all(|c| c.is_ascii_alphanumeric()) {
                return None;
            }
            longest = longest.max(label.chars().count());
            start = end + 1;
            let field = raw[start..].split(',').next().unwrap_or("");
            if field.chars().filter(|c| !c.is_whitespace()).count() > 2 * longest {
                return Some(Field {
                    before: &raw[..start],
                    puzzle: field,
                    after: None,
                });
            }
        }
        None
    }

    /// What was passed over, for the puzzle's note. The same words on every line of a file
    /// (not the label itself), so that a note said once covers them all.
    pub(super) fn note(&self) -> String {
        match (self.before.is_empty(), self.after) {
            (false, Some(sep)) => format!(
                "the label before the puzzle and the text after it (from '{sep}') are passed over"
            ),
            (false, None) => "the label before the puzzle is passed over".into(),
            (true, sep) => format!(
                "the text after the puzzle (from '{}') is passed over",
                sep.unwrap_or(' ')
            ),
        }
    }
}
