//! JSON puzzles: arrays of rows or cells, lists of puzzles, pretty-printed grids.

use super::*;

/// `digits` as JSON arrays of `n` cells each, a cell written by `cell`.
fn json_rows(digits: &[u8], n: usize, cell: &dyn Fn(u8) -> String) -> Vec<String> {
    digits
        .chunks(n)
        .map(|r| {
            let cells: Vec<String> = r.iter().map(|&d| cell(d)).collect();
            format!("[{}]", cells.join(","))
        })
        .collect()
}

#[test]
fn json_arrays_are_read_on_one_line_or_pretty_printed() {
    let want = easy9_digits();
    let rows = |cell: &dyn Fn(u8) -> String, sep: &str| {
        format!("[{}]", json_rows(&want, 9, cell).join(sep))
    };
    let number = |d: u8| d.to_string();
    let leetcode = |d: u8| match d {
        0 => "\".\"".to_string(),
        d => format!("\"{d}\""),
    };
    let flat = format!(
        "[{}]",
        want.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    // As Python's json.dumps(indent=1) prints it: a number a line.
    let pretty = format!(
        "[\n{}\n]",
        want.chunks(9)
            .map(|r| format!(
                " [\n{}\n ]",
                r.iter()
                    .map(|d| format!("  {d}"))
                    .collect::<Vec<_>>()
                    .join(",\n")
            ))
            .collect::<Vec<_>>()
            .join(",\n")
    );
    let text = [
        rows(&number, ","),
        rows(&leetcode, ", "),
        format!(r#"{{"difficulty": "hard", "board": {flat}}}"#),
        format!(r#"{{"line": 7, "puzzle": "{EASY9}", "er": 2.0}}"#),
        pretty.clone(),
        EASY9.to_string(),
    ]
    .join("\n");
    let all = read_all(&text, Default::default());
    let lines: Vec<usize> = all.iter().map(|r| r.as_ref().unwrap().line).collect();
    let pretty_lines = pretty.lines().count();
    assert_eq!(lines, [1, 2, 3, 4, 5, 5 + pretty_lines]);
    for rec in &all {
        assert_eq!(rec.as_ref().unwrap().digits(), want);
    }
    let formats: Vec<Format> = all.iter().map(|r| r.as_ref().unwrap().format).collect();
    assert_eq!(
        formats[..3],
        [Format::Numbers, Format::Line, Format::Numbers]
    );

    // A section header of SadMan's .sdk files is no JSON: passed over as a comment is.
    let sdk = format!(
        "#A someone\n[Puzzle]\n{}\n",
        EASY9
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let all = read_all(&sdk, Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), want);
    // A comma after the value is passed over quietly, other text with a note.
    let two = format!("{},\n{} # first\n", rows(&number, ","), rows(&number, ","));
    let notes: Vec<Option<String>> = read_all(&two, Default::default())
        .into_iter()
        .map(|r| r.unwrap().note)
        .collect();
    assert_eq!(
        notes,
        [
            None,
            Some("the text after the JSON value (from '# first') is passed over".into())
        ]
    );
    // After a list, whose puzzles are read by then, the text is an error of its own.
    let all = read_all(&format!("[\"{EASY9}\"] trailing\n"), Default::default());
    assert!(all[0].is_ok());
    let e = all[1].as_ref().unwrap_err();
    assert_eq!(e.what, "text after the JSON list (from 'trailing')");
    assert!(
        e.expected.starts_with("nothing after the list's `]`"),
        "{e}"
    );

    // Bad arrays are errors that name the line, and the text goes on after them.
    let what = |json: &str| {
        let all = read_all(&format!("{json}\n{EASY9}\n"), Default::default());
        assert!(all[1].is_ok(), "{json}");
        all[0].as_ref().unwrap_err().what.clone()
    };
    assert_eq!(what("[[1,2],"), "a JSON value that is not closed");
    assert_eq!(
        what(r#"{"board": 3}"#),
        "a JSON number where the grid should be"
    );
    assert_eq!(
        what(r#"{"id": 3}"#),
        "a JSON object with no board, puzzle, grid or quiz"
    );
    assert_eq!(
        what(r#"{"meta": {}, "puzzles": ["1234341221434321"]}"#),
        "a JSON object whose list \"puzzles\" is not its first field (a batch is read from the \
         first field only)"
    );
    assert_eq!(what("[1, 2, 3]"), "a JSON array of 3 cells");
    assert_eq!(
        what(&rows(&number, ",").replacen("[0,", "[", 1)),
        "row 1 of 9 has 8 cells"
    );
    // A row missing is said so, not blamed on the first row.
    let eight = rows(&number, ",");
    let eight = format!("{}]", &eight[..eight.rfind(",[").unwrap()]);
    assert_eq!(what(&eight), "a JSON array of 8 rows of 9 cells each");
    // Uneven rows of no grid's count are refused before their cells are gathered: the cells
    // of 100,000 rows (80 GB of references) would end the process, not the line.
    let many = format!("[[0],{}[]]", "[],".repeat(99_998));
    assert_eq!(what(&many), "a JSON array of 100000 rows");
    // A second value on the line is a puzzle that would be passed over: an error.
    let first = rows(&number, ",");
    for between in ["", " ", ", "] {
        let err = what(&format!("{first}{between}{first}"));
        assert!(
            err.starts_with("a second JSON value after the first"),
            "{err}"
        );
    }
    assert_eq!(
        what(&rows(&number, ",").replacen("0", "true", 1)),
        "r1c1 is true"
    );
    assert!(what("[1,,2]").starts_with("not valid JSON"));
    assert!(what(&rows(&number, ",").replacen("0", "3", 1)).contains("twice"));
}

#[test]
fn json_lists_are_batches_read_item_by_item() {
    let want = easy9_digits();
    let rows: Vec<String> = (0..9)
        .map(|r| format!("\"{}\"", &EASY9[r * 9..r * 9 + 9]))
        .collect();
    let rows = format!("[{}]", rows.join(", "));
    let numbers: Vec<String> = want
        .chunks(9)
        .map(|r| {
            format!(
                "[{}]",
                r.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    let grid = format!("[{}]", numbers.join(","));
    // A list on one line, a list spread over lines (items of every kind, a bad one among
    // them), and a list as the first field of an object, with a field after it.
    let text = format!(
        "[\"{EASY9}\", \"{EASY9}\"]\n\
         [\n  \"{EASY9}\",\n  {{\"id\": 2, \"puzzle\": \"{EASY9}\"}},\n  {grid},\n  \"{short}\",\n  \
         [1,,2],\n  {rows}\n]\n\
         {{\"puzzles\": [\"{EASY9}\"], \"count\": 1}}\n\
         []\n\
         {rows}\n\
         {EASY9}\n",
        short = &EASY9[1..],
    );
    let all = read_all(&text, Default::default());
    let lines: Vec<usize> = all
        .iter()
        .map(|r| r.as_ref().map_or_else(|e| e.line, |p| p.line))
        .collect();
    assert_eq!(lines, [1, 1, 3, 4, 5, 6, 7, 8, 10, 12, 13]);
    for (i, rec) in all.iter().enumerate() {
        if i == 5 || i == 6 {
            continue;
        }
        assert_eq!(rec.as_ref().unwrap().digits(), want, "record {i}");
    }
    // The message names the item before what is wrong with it.
    let message = |i: usize| all[i].as_ref().unwrap_err().to_string();
    assert!(message(5).starts_with(
        "line 6: item 4 of the JSON list: 80 symbols, 1 short of a 9×9 grid; expected"
    ));
    assert!(message(6).starts_with(
        "line 7: item 5 of the JSON list: not valid JSON (expected value, column 6); expected"
    ));
    assert_eq!(all[4].as_ref().unwrap().format, Format::Numbers);
    assert_eq!(all[7].as_ref().unwrap().format, Format::Line);

    // A string cut short spoils only its item; a list never closed is named where it opened.
    let cut = format!(
        "[\n\"{EASY9}\",\n\"{short},\n\"{EASY9}\"\n",
        short = &EASY9[..40]
    );
    let all = read_all(&cut, Default::default());
    // Each message up to what was expected.
    let errors: Vec<String> = all
        .iter()
        .filter_map(|r| r.as_ref().err().map(|e| e.to_string()))
        .map(|m| m.split("; expected").next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        errors,
        [
            "line 3: item 2 of the JSON list: a JSON value that is not closed",
            "line 1: a JSON list of puzzles that is not closed"
        ]
    );
    assert_eq!(all.iter().filter(|r| r.is_ok()).count(), 2);

    // A list left open before plain lines (a puzzle, a comment) ends there: they are read as
    // usual, not as its bad items.
    let open = format!("[\"{EASY9}\"\n# more\n{EASY9}\n{EASY9}\n");
    let all = read_all(&open, Default::default());
    assert_eq!(all.len(), 4, "{all:?}");
    assert_eq!(all.iter().filter(|r| r.is_ok()).count(), 3);
    let e = all[1].as_ref().unwrap_err();
    assert_eq!(
        (e.line, e.what.as_str()),
        (1, "a JSON list of puzzles that is not closed")
    );

    // A field that is not a list of puzzles leaves the object one puzzle (a 16-symbol tag
    // would be a 4×4 puzzle), and sixteen strings of sixteen are the rows of a 16×16 grid.
    let tagged = format!("{{\"tags\": [\"from the archives\"], \"puzzle\": \"{EASY9}\"}}\n");
    let all = read_all(&tagged, Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), want);
    let row16 = "123456789ABCDEFG";
    let sixteen: Vec<String> = (0..16)
        .map(|r| r % 4 * 4 + r / 4)
        .map(|shift| format!("\"{}{}\"", &row16[shift..], &row16[..shift]))
        .collect();
    let all = read_all(&format!("[{}]\n", sixteen.join(",")), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().map_or(0, |p| p.k), 4, "{:?}", all[0]);

    // Cells written as strings of numbers are a grid, not a list of grids of strings.
    let cells: Vec<String> = want
        .chunks(9)
        .map(|r| {
            let r: Vec<String> = r.iter().map(|d| format!("\"00{d}\"")).collect();
            format!("[{}]", r.join(","))
        })
        .collect();
    let all = read_all(&format!("[{}]", cells.join(",")), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), want);

    // A bad puzzle first does not make the list one bad grid: the items after it are read,
    // as strings (80 symbols, three, none) or as arrays of numbers (80 of them), and in an
    // object too.
    let zeros = vec!["0"; 80].join(",");
    for first in [
        format!("\"{}\"", &EASY9[1..]),
        "\"abc\"".to_string(),
        "\"\"".to_string(),
        format!("[{zeros}]"),
    ] {
        for text in [
            format!("[{first}, \"{EASY9}\", \"{EASY9}\"]\n"),
            format!("{{\"puzzles\": [{first}, \"{EASY9}\"]}}\n"),
        ] {
            let all = read_all(&text, Default::default());
            let items = text.matches(EASY9).count() + 1;
            assert_eq!(all.len(), items, "{text}");
            let e = all[0].as_ref().unwrap_err();
            assert_eq!(e.item, Some(1), "{e}");
            assert!(all[1..]
                .iter()
                .all(|r| r.as_ref().is_ok_and(|p| p.digits() == want)));
        }
    }
    // A grid of rows whose sixth row has 16 cells (a 4×4's length) is one bad grid, not a
    // list with one 4×4 in it: rows came before it.
    let mut rows: Vec<String> = want.chunks(9).map(|r| format!("{r:?}")).collect();
    rows[5] = format!("{:?}", [0; 16]);
    let all = read_all(&format!("[{}]\n", rows.join(", ")), Default::default());
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(all[0]
        .as_ref()
        .unwrap_err()
        .what
        .contains("row 6 of 9 has 16 cells"));

    // Flat arrays of 81 numbers are puzzles of a list; 81 of them would be the rows of an
    // 81×81 grid.
    let flat = format!("[{}]", numbers.join(",").replace(['[', ']'], ""));
    let all = read_all(&format!("[{flat}, {flat}]\n"), Default::default());
    assert_eq!(all.len(), 2);
    assert!(all
        .iter()
        .all(|r| r.as_ref().is_ok_and(|p| p.digits() == want)));

    // A list longer than the reader's window of lines (4,096) is read to its end.
    let items = vec![format!("  \"{EASY9}\""); 5000];
    let long = format!("[\n{}\n]\n{EASY9}\n", items.join(",\n"));
    let all = read_all(&long, Default::default());
    assert_eq!(all.len(), 5001);
    assert!(all
        .iter()
        .all(|r| r.as_ref().is_ok_and(|p| p.digits() == want)));
    assert_eq!(all[4999].as_ref().unwrap().line, 5001);
    assert_eq!(all[5000].as_ref().unwrap().line, 5003);
    // ... in bounded memory: the lines of items read are dropped from the window.
    let longer = format!(
        "[\n{}\n]\n",
        vec![format!("  \"{EASY9}\""); 20_000].join(",\n")
    );
    let mut reader = Reader::new(longer.as_bytes(), Default::default());
    assert_eq!(
        reader.by_ref().take(19_000).filter(Result::is_ok).count(),
        19_000
    );
    assert!(
        reader.src.lines.held_lines() <= 2 * 4096,
        "{}",
        reader.src.lines.held_lines()
    );
}

/// A pretty-printed JSON grid (`json.dump(grid, indent=2)`: a cell a line) of side `n` =
/// `k`², cells of a pattern solution kept where `keep` says, else 0.
fn pretty_json_grid(k: usize, keep: impl Fn(usize, usize) -> bool) -> (String, Vec<u8>) {
    let n = k * k;
    let digit = |r: usize, c: usize| ((k * (r % k) + r / k + c) % n + 1) as u8;
    let cells: Vec<u8> = (0..n * n)
        .map(|i| {
            if keep(i / n, i % n) {
                digit(i / n, i % n)
            } else {
                0
            }
        })
        .collect();
    let rows: Vec<String> = cells
        .chunks(n)
        .map(|row| {
            let row: Vec<String> = row.iter().map(|d| format!("    {d}")).collect();
            format!("  [\n{}\n  ]", row.join(",\n"))
        })
        .collect();
    (format!("[\n{}\n]", rows.join(",\n")), cells)
}

/// A JSON list of exactly 16 puzzles of 4×4 (or 81 of 9×9 as flat arrays) is a list, not
/// the rows of one 16×16 (81×81) grid: as for rows of text, most givens of a big grid's rows
/// are too big for the small one.
#[test]
fn a_json_list_of_as_many_small_puzzles_as_a_big_grid_has_rows_is_a_list() {
    let small = "1.3.....2.......";
    // A puzzle as one flat array of numbers.
    let numbers = |p: &str| {
        let digits: Vec<u8> = p
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0) as u8)
            .collect();
        json_rows(&digits, digits.len(), &|d| d.to_string()).concat()
    };
    let typo = "1.3.....2......5";
    let lists = [
        (vec![format!("\"{small}\""); 16], 2),
        (vec![numbers(small); 16], 2),
        (vec![numbers(EASY9); 81], 3),
        (
            [
                vec![format!("\"{typo}\"")],
                vec![format!("\"{small}\""); 15],
            ]
            .concat(),
            2,
        ),
    ];
    for (items, k) in lists {
        let text = format!("[{}]", items.join(", "));
        let all = read_all(&text, Default::default());
        assert_eq!(all.len(), items.len(), "{text}");
        let ok: Vec<&Puzzle> = all.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert!(
            ok.len() >= items.len() - 1 && ok.iter().all(|p| p.k == k),
            "{text}"
        );
    }
    // The rows of a 16×16 as strings are still one grid.
    let line = include_str!("../../../examples/16x16.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let rows: Vec<String> = (0..16)
        .map(|r| format!("\"{}\"", &line[16 * r..16 * (r + 1)]))
        .collect();
    let all = read_all(&format!("[{}]", rows.join(",")), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().k, 4);
    // And so are its rows as arrays of one-symbol strings (LeetCode's form), or of numbers.
    let digits = read_one(line, Default::default()).unwrap().digits();
    let forms: [&dyn Fn(u8) -> String; 2] = [
        &|d| format!("\"{}\"", Alphabet::Standard.symbol_or_dot(d)),
        &|d| d.to_string(),
    ];
    for cell in forms {
        let rows = json_rows(&digits, 16, cell);
        let all = read_all(&format!("[{}]", rows.join(",")), Default::default());
        assert_eq!(all.len(), 1, "{rows:?}");
        assert_eq!(all[0].as_ref().unwrap().digits(), digits);
    }
}

#[test]
fn json_grids_longer_than_the_window_are_read_whole() {
    // 100×100 with a cell a line: 10,202 lines, past the 4,096 a grid of rows may span.
    let (grid, want) = pretty_json_grid(10, |r, c| (r * 7 + c * 3) % 5 == 0);
    let all = read_all(&format!("{grid}\n{EASY9}\n"), Default::default());
    assert_eq!(all.len(), 2, "{:?}", all.iter().map(|r| r.as_ref().err()));
    let p = all[0].as_ref().unwrap();
    assert_eq!((p.k, p.line, p.digits()), (10, 1, want.clone()));
    assert_eq!(all[1].as_ref().unwrap().line, 10_203);

    // A list of two 64×64 grids of 4,226 lines each, then a puzzle on its line.
    let (grid, want) = pretty_json_grid(8, |r, c| (r + 2 * c) % 3 != 0);
    let list = format!("[\n{grid},\n{grid}\n]\n{EASY9}\n");
    let all = read_all(&list, Default::default());
    assert_eq!(all.len(), 3, "{:?}", all.iter().map(|r| r.as_ref().err()));
    for (rec, line) in all[..2].iter().zip([2, 4228]) {
        let p = rec.as_ref().unwrap();
        assert_eq!((p.k, p.line, p.digits()), (8, line, want.clone()));
    }
    assert_eq!(all[2].as_ref().unwrap().line, 8455);

    // One that never closes is one error, on the line where it opens.
    let open = &grid[..grid.len() - 2];
    let all = read_all(open, Default::default());
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(
        (e.line, e.what.as_str()),
        (1, "a JSON value that is not closed")
    );
    // Its last line empty, which the text's end drops (the fuzzer's find).
    let all = read_all("{a     \r", Default::default());
    assert_eq!(all[0].as_ref().unwrap_err().line, 1);
}

#[test]
fn a_json_list_starting_with_a_bad_scalar_item_is_still_a_list() {
    // `null` or a number first (a cell in a flat grid) does not make the list one grid: the
    // items after it tell, and each is a record of its own.
    for first in ["null", "0", "true"] {
        for text in [
            format!("[{first}, \"{EASY9}\", \"{EASY9}\"]\n"),
            format!("{{\"puzzles\": [{first}, \"{EASY9}\"]}}\n"),
        ] {
            let all = read_all(&text, Default::default());
            let n = all.len();
            assert!(n == 2 || n == 3, "{text}: {n} records");
            let e = all[0].as_ref().unwrap_err();
            assert!(
                e.to_string()
                    .starts_with("line 1: item 1 of the JSON list: a JSON ")
                    && e.what.ends_with(" where the grid should be"),
                "{text}: {e}"
            );
            assert!(all[1..]
                .iter()
                .all(|r| r.as_ref().unwrap().digits() == easy9_digits()));
        }
    }
    // Under a list's name the items are puzzles even when none is a string.
    let all = read_all("{\"puzzles\": [null]}\n", Default::default());
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(
        (e.item, e.what.as_str()),
        (Some(1), "a JSON null where the grid should be")
    );
    // A flat grid of numbers is still one grid, `null` first or not.
    let flat: Vec<String> = easy9_digits()
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            if i == 0 && d == 0 {
                "null".into()
            } else {
                d.to_string()
            }
        })
        .collect();
    let all = read_all(&format!("[{}]\n", flat.join(", ")), Default::default());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().digits(), easy9_digits());
}

#[test]
fn a_line_of_a_json_word_in_brackets_is_no_section_header() {
    // `[Puzzle]` is passed over; `[null]` is a JSON array, refused with its line.
    for word in ["null", "true", "false"] {
        let text = format!("[Puzzle]\n{EASY9}\n[{word}]\n{EASY9}\n");
        let all = read_all(&text, Default::default());
        let lines: Vec<usize> = all
            .iter()
            .map(|r| r.as_ref().map_or_else(|e| e.line, |p| p.line))
            .collect();
        assert_eq!(lines, [2, 3, 4], "{word}");
        assert!(all[1].is_err(), "{word}");
    }
}

/// Each record of `text`: its line, and whether it is a puzzle.
fn lines(text: &str) -> Vec<(usize, bool)> {
    read_all(text, Default::default())
        .iter()
        .map(|r| {
            r.as_ref()
                .map_or_else(|e| (e.line, false), |p| (p.line, true))
        })
        .collect()
}

/// Text that opens a JSON value and does not parse costs the lines before the one where it
/// breaks: a stray `{` closed by a stray `}` lines later swallowed every puzzle between them.
#[test]
fn a_json_value_that_does_not_parse_costs_the_lines_before_it_breaks() {
    for (open, close) in [("{junk", "}"), ("[", "]"), ("{\"puzzle\": ", "}")] {
        let text = format!("{open}\n{EASY9}\n{EASY9}\n{close}\n{EASY9}\n");
        let all = read_all(&text, Default::default());
        assert_eq!(
            lines(&text),
            [(1, false), (2, true), (3, true), (4, false), (5, true)],
            "{open}"
        );
        // The message is on the value's first line and says where the JSON broke.
        let first = all[0].as_ref().unwrap_err().to_string();
        assert!(first.starts_with("line 1: not valid JSON ("), "{first}");
    }
    let first = read_all("[\n1.2.3\n]\n", Default::default())[0]
        .as_ref()
        .unwrap_err()
        .to_string();
    assert!(first.contains(", line 2 column "), "{first}");
    // One value with a typo where it closes (a comma before the bracket) is one record, and
    // so is one that breaks further on after lines that parsed: those lines are its own.
    let rows: Vec<String> = EASY9
        .as_bytes()
        .chunks(9)
        .map(|r| format!("  \"{}\",", std::str::from_utf8(r).unwrap()))
        .collect();
    let trailing = format!("[\n{}\n]\n{EASY9}\n", rows.join("\n"));
    let object = format!("{{\n  \"puzzle\": \"{EASY9}\",\n  \"level\": \"hard\",\n}}\n{EASY9}\n");
    let midway = format!("[\n{}\n  \"x\" \"y\",\n{}\n]\n{EASY9}\n", rows[0], rows[1]);
    for (text, lines) in [(&trailing, 11), (&object, 4), (&midway, 2)] {
        let all = read_all(text, Default::default());
        assert!(all[0].is_err(), "{text}");
        // The next record starts on the line after what the value cost.
        let next = all[1].as_ref().map_or_else(|e| e.line, |p| p.line);
        assert_eq!(next, lines + 1, "{text}");
        assert!(all.last().unwrap().is_ok());
    }
}

/// A comma missing between two fields of a pretty-printed object in a list costs that item
/// alone: the list goes on after its `}`. Before, the list ended where the item broke, and
/// the item's other lines and the rest of the list were read again as puzzles, each a bad line.
#[test]
fn a_json_item_missing_a_comma_between_its_fields_costs_only_itself() {
    let item = |comma: &str, id: u8| {
        format!("  {{\n    \"puzzle\": \"{EASY9}\"{comma}\n    \"id\": {id}\n  }}")
    };
    let text = format!("[\n{},\n{}\n]\n{EASY9}\n", item("", 1), item(",", 2));
    assert_eq!(lines(&text), [(2, false), (6, true), (11, true)]);
    let all = read_all(&text, Default::default());
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(e.item, Some(1));
    assert!(e.what.contains("line 4 column 5"), "{}", e.what);
    // Puzzles on lines of their own inside an object that breaks are not its fields: the
    // list ends where it breaks, and they are read.
    let text = format!("[\n  {{\"puzzle\":\n{EASY9}\n{EASY9}\n  }}\n]\n");
    assert_eq!(lines(&text)[..3], [(2, false), (3, true), (4, true)]);
}

/// So does a comma missing between two rows of a grid in a list, pretty-printed a row a line
/// (numbers or LeetCode's strings): the list goes on after the grid's `]`. Before, the list
/// ended there and each row after the break was a bad line of its own.
#[test]
fn a_json_grid_missing_a_comma_between_its_rows_costs_only_itself() {
    let numbers = json_rows(&easy9_digits(), 9, &|d| d.to_string());
    let strings = json_rows(&easy9_digits(), 9, &|d| format!("\"{d}\""));
    for rows in [numbers, strings] {
        // A grid of 11 lines; in the first, no comma after its fourth row.
        let grid = |missing: Option<usize>| {
            let body: Vec<String> = (0..9)
                .map(|r| {
                    let comma = if r == 8 || Some(r) == missing {
                        ""
                    } else {
                        ","
                    };
                    format!("    {}{comma}", rows[r])
                })
                .collect();
            format!("  [\n{}\n  ]", body.join("\n"))
        };
        let text = format!("[\n{},\n{}\n]\n{EASY9}\n", grid(Some(3)), grid(None));
        assert_eq!(lines(&text), [(2, false), (13, true), (25, true)]);
        let all = read_all(&text, Default::default());
        let e = all[0].as_ref().unwrap_err();
        assert_eq!(e.item, Some(1));
        assert!(e.what.contains("line 7 column 5"), "{}", e.what);
    }
    // Rows of other lengths (flat puzzles after a stray `[`) are not one grid: the stray `[`
    // is a bad item, ended by the whole puzzle under it, and the puzzles are read.
    let flat = json_rows(&easy9_digits(), 81, &|d| d.to_string()).remove(0);
    let text = format!("[\n  {flat},\n  [\n  {flat},\n  {flat}\n  {flat}\n  ]\n]\n");
    let read = [(2, true), (3, false), (4, true), (5, true), (6, true)];
    assert_eq!(lines(&text)[..5], read);
}

/// An item whose brackets do not balance (a row's `]` dropped, or a `[` doubled) ran on into
/// the items after it, which were lost with it. It ends where its layout closes it, as one bad
/// item, and the list goes on; an item that parses is read whatever its layout.
#[test]
fn a_json_item_whose_brackets_do_not_balance_ends_where_its_layout_closes_it() {
    let rows = json_rows(&easy9_digits(), 9, &|d| d.to_string());
    let grid = |rows: &[String]| format!("  [\n    {}\n  ]", rows.join(",\n    "));
    let mut dropped = rows.clone();
    dropped[4].pop();
    let mut doubled = rows.clone();
    doubled[2].insert(0, '[');
    for bad in [&dropped, &doubled] {
        let text = format!("[\n{},\n{},\n{}\n]\n", grid(bad), grid(&rows), grid(&rows));
        assert_eq!(lines(&text), [(2, false), (13, true), (24, true)], "{text}");
        let all = read_all(&text, Default::default());
        let e = all[0].as_ref().unwrap_err();
        assert_eq!(e.item, Some(1));
        assert!(
            e.what
                .starts_with("brackets that do not balance: the `]` on line 12, under the `[`"),
            "{}",
            e.what
        );
    }
    // Rows that close under the item's bracket (`  ], [`) are a layout of their own, read.
    let cells: Vec<&str> = rows.iter().map(|r| &r[1..r.len() - 1]).collect();
    let odd = format!("[\n  [[\n    {}\n  ]]\n]\n", cells.join("\n  ], [\n    "));
    assert_eq!(lines(&odd), [(2, true)], "{odd}");
}

/// A pretty-printed item whose closing line is dropped ends where the next item opens under
/// its bracket: it is one bad item, and the next is read, with no note of a missing comma.
#[test]
fn a_json_item_whose_closing_line_is_dropped_ends_where_the_next_item_opens() {
    let rows = json_rows(&easy9_digits(), 9, &|d| d.to_string());
    let grid = format!("  [\n    {}\n  ]", rows.join(",\n    "));
    let object = format!("  {{\n    \"id\": 1,\n    \"puzzle\": \"{EASY9}\"\n  }}");
    for item in [grid, object] {
        let (open, rest) = item.rsplit_once('\n').unwrap();
        assert!(rest.trim_start().starts_with([']', '}']), "{rest}");
        let text = format!("[\n{open}\n{item},\n{item}\n]\n");
        let next = open.lines().count() + 2;
        let third = next + item.lines().count();
        assert_eq!(
            lines(&text),
            [(2, false), (next, true), (third, true)],
            "{text}"
        );
        let all = read_all(&text, Default::default());
        let e = all[0].as_ref().unwrap_err();
        assert_eq!(e.item, Some(1));
        let opener = &item[2..3];
        let what = format!(
            "brackets that do not balance: the `{opener}` on line {next}, under the \
             `{opener}` that opens the item, opens the next one before this one is closed"
        );
        assert_eq!(e.what, what);
        assert_eq!(all[1].as_ref().unwrap().note, None);
        assert_eq!(all[2].as_ref().unwrap().note, None);
    }
}

/// Items of a list not one comma apart (JSON that does not parse) are read as if they were,
/// and said so: none is lost, and a list with its commas right has no note.
#[test]
fn json_list_items_not_one_comma_apart_are_read_and_said() {
    let notes = |json: String| -> Vec<Option<String>> {
        read_all(&json, Default::default())
            .into_iter()
            .map(|r| r.unwrap().note)
            .collect()
    };
    let said = Some(super::super::json::COMMAS_NOTE.to_string());
    assert_eq!(notes(format!("[\"{EASY9}\", \"{EASY9}\"]")), [None, None]);
    assert_eq!(
        notes(format!("[\"{EASY9}\" \"{EASY9}\"]")),
        [None, said.clone()]
    );
    assert_eq!(
        notes(format!("[\"{EASY9}\",,\"{EASY9}\",\n\"{EASY9}\"]")),
        [None, said, None]
    );
}

/// A JSON value on the line after a grid of rows short of a row is a puzzle of its own, not
/// the grid's last row: it was taken in as a bad row, and lost with the grid.
#[test]
fn a_json_puzzle_after_a_grid_short_of_a_row_is_read() {
    let symbols: Vec<String> = (0..8)
        .map(|r| EASY9[r * 9..r * 9 + 9].to_string())
        .collect();
    let numbers = number_rows(&easy9_digits(), 9)[..8].to_vec();
    let strings = json_rows(&easy9_digits(), 9, &|d| format!("\"{d}\""));
    let cells: Vec<String> = easy9_digits().iter().map(|d| format!("\"{d}\"")).collect();
    let json = [
        format!("[{}]", strings.join(", ")),
        format!("\"{EASY9}\""),
        format!("[{}]", cells.join(",")),
    ];
    for short in [&symbols, &numbers] {
        for value in &json {
            let text = format!("{}\n{value}\n", short.join("\n"));
            let all = read_all(&text, Default::default());
            assert_eq!(all.len(), 2, "{text}");
            let e = all[0].as_ref().unwrap_err();
            assert_eq!(e.line, 1, "{text}");
            assert!(e.what.contains("ends after 8 rows"), "{}", e.what);
            assert_eq!(all[1].as_ref().unwrap().digits(), easy9_digits(), "{text}");
        }
    }
}

/// A bad item that ends on its line, written one a line (a grid's last `]` dropped or a `[`
/// doubled, a `"` too many or too few in a string), costs only itself: the item on the next
/// line was taken in with it, and lost without a word.
#[test]
fn a_json_item_one_a_line_that_ends_badly_costs_only_itself() {
    let grid = format!(
        "[{}]",
        json_rows(&easy9_digits(), 9, &|d| d.to_string()).join(", ")
    );
    let dropped = &grid[..grid.len() - 1];
    let doubled = format!("[{grid}");
    let mut stray = EASY9.to_string();
    stray.replace_range(40..41, "\"");
    let stray = format!("\"{stray}\"");
    let open = format!("\"{EASY9},");
    for (first, second) in [
        (dropped, grid.clone()),
        (&doubled, grid.clone()),
        (&stray, format!("\"{EASY9}\"")),
        (&open, format!("\"{EASY9}\"")),
    ] {
        let text = format!("[\n  {first},\n  {second}\n]\n{EASY9}\n");
        assert_eq!(lines(&text), [(2, false), (3, true), (5, true)], "{text}");
        let all = read_all(&text, Default::default());
        assert_eq!(all[0].as_ref().unwrap_err().item, Some(1), "{text}");
        assert_eq!(all[1].as_ref().unwrap().note, None, "{text}");
    }
    // A row's `[` dropped closes the grid early on its line; the last item's `}` dropped runs
    // it into the list's `]`.
    let early = grid.replacen("], [", "], ", 1);
    let text = format!("[\n  {early},\n  {grid}\n]\n{EASY9}\n");
    assert_eq!(lines(&text), [(2, false), (3, true), (5, true)], "{text}");
    let what = read_all(&text, Default::default())[0]
        .as_ref()
        .unwrap_err()
        .what
        .clone();
    assert!(
        what.starts_with("the value closes at column 42 before its line ends (then '["),
        "{what}"
    );
    let object = format!("{{\"id\": 1, \"puzzle\": \"{EASY9}\"}}");
    let last = &object[..object.len() - 1];
    let text = format!("[\n  {object},\n  {last}\n]\n{EASY9}\n");
    assert_eq!(lines(&text), [(2, true), (3, false), (5, true)], "{text}");
    let all = read_all(
        &format!("[\n  {stray},\n  \"{EASY9}\"\n]\n"),
        Default::default(),
    );
    let what = &all[0].as_ref().unwrap_err().what;
    assert!(
        what.starts_with("the `\"` at column 44 ends the string before its line does (then '"),
        "{what}"
    );
    // An unclosed string amid the list: the item after it has no note of a comma missing.
    let text = format!("[\n  \"{EASY9}\",\n  {open}\n  \"{EASY9}\"\n]\n");
    let all = read_all(&text, Default::default());
    assert_eq!(lines(&text), [(2, true), (3, false), (4, true)]);
    assert_eq!(all[2].as_ref().unwrap().note, None);
}

/// A `#` comment line between the items of a list (or inside one) is passed over, as between
/// puzzles: it broke the list, which was said not closed, and its `]` was a bad line.
#[test]
fn comment_lines_in_a_json_list_are_passed_over() {
    let text = format!("[\n  \"{EASY9}\",\n# from the forum\n  \"{EASY9}\"\n]\n{EASY9}\n");
    assert_eq!(lines(&text), [(2, true), (4, true), (6, true)]);
    let all = read_all(&text, Default::default());
    assert!(all.iter().all(|r| r.as_ref().unwrap().note.is_none()));
    let object = format!("  {{\n    \"id\": 1,\n  # solved\n    \"puzzle\": \"{EASY9}\"\n  }}");
    let text = format!("[\n{object},\n{object}\n]\n");
    assert_eq!(lines(&text)[..2], [(2, false), (7, false)]);
}

/// A grid pretty-printed a cell a line, with a comma doubled between two cells, is one bad
/// item: its brackets are under each other. Before, the list ended there, and each line
/// after was a bad puzzle of its own symbol.
#[test]
fn a_json_grid_pretty_printed_whole_that_does_not_parse_costs_only_itself() {
    let (grid, _) = pretty_json_grid(3, |r, c| (r + c) % 3 == 0);
    let item = grid.replace('\n', "\n  ");
    let bad = item.replacen("0,", "0,,", 1);
    let text = format!("[\n  {bad},\n  {item}\n]\n{EASY9}\n");
    let next = 2 + item.lines().count();
    let after = next + item.lines().count() + 1;
    assert_eq!(lines(&text), [(2, false), (next, true), (after, true)]);
    let all = read_all(&text, Default::default());
    let what = &all[0].as_ref().unwrap_err().what;
    assert!(
        what.starts_with("not valid JSON (expected value, line 5 "),
        "{what}"
    );
}

/// The last item's closing line dropped, the `]` of the list under it ends the item: one bad
/// item, and the list is closed there, with no word of it not being closed.
#[test]
fn a_json_last_item_whose_closing_line_is_dropped_ends_at_the_list_end() {
    let object =
        |pre: &str| format!("{pre}{{\n{pre}  \"id\": 1,\n{pre}  \"puzzle\": \"{EASY9}\"\n{pre}}}");
    let cut = |pre: &str| object(pre).rsplit_once('\n').unwrap().0.to_string();
    let plain = format!("[\n{},\n{}\n]\n{EASY9}\n", object("  "), cut("  "));
    let wrapped = format!(
        "{{\n  \"puzzles\": [\n{},\n{}\n  ]\n}}\n{EASY9}\n",
        object("    "),
        cut("    ")
    );
    for (text, list) in [(&plain, 1), (&wrapped, 2)] {
        let end = list + 8;
        assert_eq!(
            lines(text),
            [(list + 1, true), (list + 5, false), (end + list, true)],
            "{text}"
        );
        let all = read_all(text, Default::default());
        let what = &all[1].as_ref().unwrap_err().what;
        let said = format!(
            "brackets that do not balance: the `]` on line {end}, less indented than the \
             item, closes the list before the item is closed"
        );
        assert_eq!(what, &said);
    }
}

/// An object item whose `{` is dropped is one bad item, up to its `}`: its fields were read
/// as items each, and the items after it lost their place in the list.
#[test]
fn a_json_object_item_without_its_opening_brace_costs_only_itself() {
    let pretty =
        |open: &str| format!("  {open}\n    \"id\": 1,\n    \"puzzle\": \"{EASY9}\"\n  }}");
    let line = |open: &str| format!("  {open}\"id\": 1, \"puzzle\": \"{EASY9}\"}}");
    for item in [pretty, line] {
        let (good, bad) = (item("{"), item(""));
        let bad = bad.strip_prefix("  \n").unwrap_or(&bad);
        let text = format!("[\n{good},\n{bad},\n{good}\n]\n{EASY9}\n");
        let (second, third) = (2 + good.lines().count(), 2 + good.lines().count() * 2);
        let third = third - (good.lines().count() - bad.lines().count());
        let all = read_all(&text, Default::default());
        assert_eq!(
            lines(&text),
            [
                (2, true),
                (second, false),
                (third, true),
                (third + good.lines().count() + 1, true)
            ],
            "{text}"
        );
        let e = all[1].as_ref().unwrap_err();
        assert_eq!(e.item, Some(2));
        let closes = third - 1;
        let what = format!(
            "an object's field where an item should be, the `{{` that opens the object \
             missing (its `}}` is on line {closes})"
        );
        assert_eq!(e.what, what);
        assert_eq!(all[2].as_ref().unwrap().item, Some(3));
    }
}

/// So is a grid item whose `[` is dropped, up to its `]`: its rows were read as items each.
/// A stray row among items whose brackets balance is a bad item alone: the items after it are
/// no grid with it.
#[test]
fn a_json_grid_item_without_its_opening_bracket_costs_only_itself() {
    let rows = json_rows(&easy9_digits(), 9, &|d| d.to_string());
    let grid = |open: &str| format!("  {open}\n    {}\n  ]", rows.join(",\n    "));
    let (good, bad) = (grid("["), grid(""));
    let bad = bad.strip_prefix("  \n").unwrap();
    let text = format!("[\n{good},\n{bad},\n{good}\n]\n");
    assert_eq!(lines(&text), [(2, true), (13, false), (23, true)], "{text}");
    let all = read_all(&text, Default::default());
    let e = all[1].as_ref().unwrap_err();
    assert_eq!(e.item, Some(2));
    let what = "a grid's row where an item should be, the `[` that opens the grid missing (its \
                `]` is on line 22)";
    assert_eq!(e.what, what);
    assert_eq!(all[2].as_ref().unwrap().item, Some(3));
    let text = format!("[\n{good},\n  {},\n{good}\n]\n", rows[0]);
    assert_eq!(lines(&text), [(2, true), (13, false), (14, true)], "{text}");
}

/// A candidate grid of comma lists (as `reduce --json` writes one in the numbers form from
/// 16×16 up, and every one from 64×64 up) reads under "grid" as it reads on a line of its own:
/// it was taken for a line of symbols (865 of them here).
#[test]
fn a_candidate_grid_of_comma_lists_reads_in_json() {
    let p = read_all(EASY9, ReadOptions::default()).remove(0).unwrap();
    let line = crate::output::candidates_line(3, &p.masks, crate::Alphabet::Decimal);
    assert!(line.contains("1,2,"), "{line}");
    let plain = read_all(&line, ReadOptions::default()).remove(0).unwrap();
    let json = format!("{{\"grid\": \"{line}\", \"end\": \"stuck\"}}");
    let read = read_all(&json, ReadOptions::default()).remove(0).unwrap();
    assert_eq!(read.masks, plain.masks);
    assert_eq!(read.masks, p.masks);
}
