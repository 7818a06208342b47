//! JSON records and message prefixes: where a puzzle is (`p1.txt: line 3`), and the records
//! that stand in for a line or a puzzle a subcommand could not take.

use nsudoku::input;

/// The JSON record that stands in for a line that is not a puzzle: `end` is `invalid`, and
/// `error` the message printed on stderr without its `line N: ` (the record's `line` and
/// `item` hold the place).
pub fn json_failure(label: &Option<String>, e: &input::InputError) -> String {
    let mut v = serde_json::json!({"end": "invalid", "error": e.message()});
    set_line(&mut v, e.line, e.item);
    with_file(v, label)
}

/// The JSON record that stands in for a puzzle a subcommand could not take: `end` is
/// `contradiction` when its givens contradict each other, and `error` what clashes (the
/// record names its line; the message on stderr does too).
pub fn puzzle_failure(label: &Option<String>, p: &input::Puzzle, end: &str, error: &str) -> String {
    let mut v = serde_json::json!({"end": end, "error": error});
    set_place(&mut v, p);
    with_file(v, label)
}

/// The line of a JSON record, with the file it came from when the batch had several (`line`
/// alone would not tell their records apart).
pub fn with_file(mut record: serde_json::Value, label: &Option<String>) -> String {
    if let (Some(file), Some(fields)) = (label, record.as_object_mut()) {
        fields.insert("file".into(), file.as_str().into());
    }
    record.to_string()
}

/// Name `p`'s place in its JSON record: `line`, `item` for an item of a JSON list of
/// puzzles (items may share a line), and `label` for one read after a label.
pub fn set_place(v: &mut serde_json::Value, p: &input::Puzzle) {
    set_line(v, p.line, p.item);
    if let Some(label) = p.label_name() {
        v["label"] = label.into();
    }
}

/// `line` written for puzzle `p`, after the label it came after (`p12: `, `1,`, `key<TAB>`):
/// answers join their puzzles by key, as a job that splits its input needs.
pub fn labelled(p: &input::Puzzle, line: String) -> String {
    match &p.label {
        Some(label) => format!("{label}{line}"),
        None => line,
    }
}

/// A boxed grid for `p`, under its label as a comment line (`# p12`), which reads back as
/// nothing.
pub fn labelled_grid(p: &input::Puzzle, grid: String) -> String {
    match p.label_name() {
        Some(name) => format!("# {name}\n{grid}"),
        None => grid,
    }
}

/// `line`, and `item` when there is one, into a JSON record.
pub fn set_line(v: &mut serde_json::Value, line: usize, item: Option<usize>) {
    v["line"] = line.into();
    if let Some(item) = item {
        v["item"] = item.into();
    }
}

/// The line that heads puzzle `p`'s section of text in a batch of several: `# puzzle at line
/// 3`, with the file when there are several, and the label it came after (`# puzzle p12 at
/// line 3`).
pub fn puzzle_header(file: &Option<String>, p: &input::Puzzle) -> String {
    let name = p.label_name().map(|l| format!("{l} ")).unwrap_or_default();
    format!("# {}puzzle {name}at {}", prefix(file), p.place())
}

/// `file: ` when the batch had several files.
pub fn prefix(label: &Option<String>) -> String {
    label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default()
}

/// Where puzzle `p` is, as a message about it begins: `line 3`, `p1.txt: line 3` when the
/// batch had several files, `line 1: item 2 of the JSON list`.
pub fn at(label: &Option<String>, p: &input::Puzzle) -> String {
    format!("{}{}", prefix(label), p.place())
}
