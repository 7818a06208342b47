//! Property-driven fuzzing of every input path: arbitrary text, mutated real puzzles in every
//! alphabet, candidate grids, the numbers format and spreadsheet grids must give a puzzle or a
//! clear error — never a panic — and every puzzle that parses must be solvable or classified
//! within a budget.
//!
//! `PROPTEST_CASES=100000 cargo test --release --test it fuzz_input::` runs a longer campaign.

use nsudoku::input::{read_all, Format, ReadOptions, Reader};
use nsudoku::mask::Mask as _;
use nsudoku::solver::SolveOptions;
use nsudoku::{solve, Alphabet};
use proptest::prelude::*;

fn seeds() -> Vec<String> {
    [
        "tests/data/fuzz_seed_9x9.txt",
        "tests/data/fuzz_seed_16x16.txt",
        "tests/data/fuzz_seed_25x25.txt",
    ]
    .iter()
    .flat_map(|f| {
        std::fs::read_to_string(f)
            .unwrap()
            .lines()
            .map(String::from)
            .collect::<Vec<_>>()
    })
    .collect()
}

fn options() -> impl Strategy<Value = ReadOptions> {
    let alphabet = prop_oneof![
        Just(None),
        Just(Some(Alphabet::Standard)),
        Just(Some(Alphabet::Hex)),
        Just(Some(Alphabet::Letters))
    ];
    let format = prop_oneof![
        Just(None),
        Just(Some(Format::Line)),
        Just(Some(Format::Numbers)),
        Just(Some(Format::Candidates))
    ];
    (alphabet, format).prop_map(|(alphabet, format)| ReadOptions { alphabet, format })
}

/// Parse, and solve what parses under a small budget: nothing may panic, and every record
/// is either a puzzle of a supported basis with the right cell count or an error with a line.
fn exercise(text: &str, opts: ReadOptions) {
    // CR alone ends a line too (old Mac files), as the reader counts them.
    let lines = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .lines()
        .count();
    // A record takes a line at least, or a JSON item of a few characters: a reader that
    // stops moving on gives records without end.
    let bound = text.len() + 2;
    let records: Vec<_> = Reader::new(text.as_bytes(), opts).take(bound).collect();
    assert!(records.len() < bound, "records without end");
    for rec in records {
        match rec {
            Ok(p) => {
                assert!(nsudoku::basis::SUPPORTED.contains(&p.k));
                assert_eq!(p.masks.len(), p.n() * p.n());
                assert!(p.line >= 1 && p.line <= lines);
                let c = solve::count(
                    &p,
                    &SolveOptions {
                        limit: 2,
                        max_nodes: Some(200),
                        ..SolveOptions::default()
                    },
                );
                if let Some(s) = &c.first {
                    assert!(nsudoku::grid::is_valid_solution(p.k, s));
                    // Within every cell's candidates: givens kept, pencil marks respected.
                    for (cell, &d) in s.iter().enumerate() {
                        assert!(p.masks.get(cell).has(d as usize - 1), "cell {cell}");
                    }
                }
            }
            Err(e) => {
                assert!(e.line >= 1 && e.line <= lines.max(1), "{e}");
                assert!(!e.what.is_empty() && !e.expected.is_empty());
            }
        }
    }
}

#[derive(Debug, Clone)]
enum Edit {
    Set(usize, char),
    Delete(usize),
    Insert(usize, char),
}

fn symbol() -> impl Strategy<Value = char> {
    prop_oneof![
        proptest::char::range('0', '9'),
        proptest::char::range('A', 'Z'),
        proptest::char::range('a', 'z'),
        Just('.'),
        Just(' '),
        Just('#'),
        // A spreadsheet's delimiters.
        Just(','),
        Just('\t'),
        Just('\n'),
        any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), symbol()).prop_map(|(i, c)| Edit::Set(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), symbol()).prop_map(|(i, c)| Edit::Insert(i, c)),
    ]
}

fn mutate(s: &str, edits: &[Edit]) -> String {
    let mut v: Vec<char> = s.chars().collect();
    for e in edits {
        let len = v.len().max(1);
        match *e {
            Edit::Set(i, c) if !v.is_empty() => v[i % len] = c,
            Edit::Delete(i) if !v.is_empty() => {
                v.remove(i % len);
            }
            Edit::Insert(i, c) => v.insert(i % (v.len() + 1), c),
            _ => {}
        }
    }
    v.into_iter().collect()
}

/// The same puzzle as a candidate grid.
fn as_candidates(line: &str) -> String {
    let p = nsudoku::input::read_one(line, ReadOptions::default()).unwrap();
    nsudoku::output::candidates_line(p.k, &p.masks, p.alphabet)
}

/// The same puzzle as numbers.
fn as_numbers(line: &str) -> String {
    let p = nsudoku::input::read_one(line, ReadOptions::default()).unwrap();
    p.digits()
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The same puzzle as a spreadsheet writes it: rows of fields apart by `delim`, an empty
/// cell an empty field.
fn as_sheet(line: &str, delim: &str) -> String {
    let p = nsudoku::input::read_one(line, ReadOptions::default()).unwrap();
    let field = |d: &u8| {
        if *d == 0 {
            String::new()
        } else {
            d.to_string()
        }
    };
    p.digits()
        .chunks(p.n())
        .map(|r| r.iter().map(field).collect::<Vec<_>>().join(delim) + "\n")
        .collect()
}

/// The same puzzle as JSON: rows of numbers, of one-symbol strings, or flat and pretty-printed
/// in an object; or twice in a list of puzzles, on one line or pretty-printed under a name.
fn as_json(line: &str, form: usize) -> String {
    let p = nsudoku::input::read_one(line, ReadOptions::default()).unwrap();
    let digits = p.digits();
    let rows = |cell: &dyn Fn(u8) -> String| {
        let rows: Vec<String> = digits
            .chunks(p.n())
            .map(|r| r.iter().map(|&d| cell(d)).collect::<Vec<_>>().join(","))
            .collect();
        format!("[[{}]]", rows.join("],["))
    };
    match form % 5 {
        0 => rows(&|d| d.to_string()),
        1 => rows(&|d| {
            let symbols = b".123456789ABCDEFGHIJKLMNOP";
            format!("\"{}\"", symbols[d as usize] as char)
        }),
        3 => format!("[\"{line}\", {}]", rows(&|d| d.to_string())),
        4 => format!("{{\"puzzles\": [\n  \"{line}\",\n  {{\"puzzle\": \"{line}\"}}\n]}}"),
        _ => {
            let cells: Vec<String> = digits.iter().map(|d| format!("  {d}")).collect();
            format!("{{\n \"board\": [\n{}\n ]\n}}", cells.join(",\n"))
        }
    }
}

/// Edits for JSON text: its punctuation as often as digits.
fn json_edit() -> impl Strategy<Value = Edit> {
    let c = prop_oneof![
        proptest::sample::select(vec!['[', ']', '{', '}', '"', ',', ':', '\\', '\n', ' ']),
        proptest::char::range('0', '9'),
        symbol(),
    ];
    prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Set(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Insert(i, c)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mutated_json_never_panics(i in any::<usize>(), form in 0usize..5, edits in proptest::collection::vec(json_edit(), 0..6), opts in options()) {
        let seeds = seeds();
        let seed = &seeds[i % seeds.len()];
        let json = as_json(seed, form);
        if edits.is_empty() {
            let want = nsudoku::input::read_one(seed, ReadOptions::default()).unwrap().digits();
            let read = read_all(&json, ReadOptions::default());
            prop_assert_eq!(read.len(), if form >= 3 { 2 } else { 1 });
            for rec in &read {
                prop_assert_eq!(rec.as_ref().unwrap().digits(), want.clone());
            }
        }
        exercise(&mutate(&json, &edits), opts);
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,700}", opts in options()) {
        exercise(&text, opts);
    }

    #[test]
    fn mutated_puzzles_never_panic(i in any::<usize>(), edits in proptest::collection::vec(edit(), 0..6), opts in options()) {
        let seeds = seeds();
        let line = &seeds[i % seeds.len()];
        exercise(&mutate(line, &edits), opts);
    }

    #[test]
    fn mutated_candidate_grids_never_panic(i in any::<usize>(), edits in proptest::collection::vec(edit(), 0..6), opts in options()) {
        let seeds = seeds();
        exercise(&mutate(&as_candidates(&seeds[i % seeds.len()]), &edits), opts);
    }

    #[test]
    fn mutated_numbers_never_panic(i in any::<usize>(), edits in proptest::collection::vec(edit(), 0..6), opts in options()) {
        let seeds = seeds();
        exercise(&mutate(&as_numbers(&seeds[i % seeds.len()]), &edits), opts);
    }

    #[test]
    fn mutated_sheets_never_panic(i in any::<usize>(), delim in prop_oneof![Just("\t"), Just(","), Just(";")], edits in proptest::collection::vec(edit(), 0..6), opts in options()) {
        let seeds = seeds();
        exercise(&mutate(&as_sheet(&seeds[i % seeds.len()], delim), &edits), opts);
    }

    #[test]
    fn random_number_blocks_never_panic(rows in proptest::collection::vec(proptest::collection::vec(0u32..200, 0..20), 0..20)) {
        let text: Vec<String> = rows.iter().map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")).collect();
        exercise(&text.join("\n"), ReadOptions::default());
    }
}

/// Regressions found by the campaign above (none yet) go here, each named after its finding.
#[test]
fn huge_numbers_are_an_error_not_a_panic() {
    let line = format!("99999999999999999999 {}", "0 ".repeat(80));
    let recs = read_all(&line, ReadOptions::default());
    assert!(recs[0]
        .as_ref()
        .unwrap_err()
        .what
        .contains("is too large a number"));
}
