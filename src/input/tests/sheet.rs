//! Grids as spreadsheets write them: rows of fields apart by a tab, `,` or `;`.

use super::*;

/// EASY9 as a spreadsheet's rows apart by `delim`, an empty cell an empty field.
fn sheet(delim: &str) -> String {
    rows(&easy9_digits(), delim)
}

/// A 9×9 grid's digits (0 for an empty cell) as a spreadsheet's rows apart by `delim`.
fn rows(digits: &[u8], delim: &str) -> String {
    let field = |d: &u8| {
        if *d == 0 {
            String::new()
        } else {
            d.to_string()
        }
    };
    let row = |r: &[u8]| r.iter().map(field).collect::<Vec<_>>().join(delim);
    digits.chunks(9).map(|r| row(r) + "\n").collect()
}

#[test]
fn a_grid_of_delimited_fields_reads_as_its_cells() {
    let p = read_one(EASY9, Default::default()).unwrap();
    for delim in ["\t", ",", ";", ", ", " ; "] {
        let text = sheet(delim);
        let recs = read_all(&text, Default::default());
        assert_eq!(recs.len(), 1, "{text}");
        let q = recs[0].as_ref().unwrap();
        assert_eq!((q.digits(), q.line), (p.digits(), 1), "{text}");
        // One symbol a field: read, and written back, as a puzzle line.
        assert_eq!(q.format, Format::Line);
    }
    // Quoted fields, as CSV writers may quote every one.
    let quoted: String = sheet(",")
        .lines()
        .map(|l| {
            let q: Vec<String> = l.split(',').map(|f| format!("\"{f}\"")).collect();
            q.join(",") + "\n"
        })
        .collect();
    assert_eq!(
        read_one(&quoted, Default::default()).unwrap().digits(),
        p.digits()
    );
    // Two grids, apart by a blank line or not, and a grid on one line of 81 fields.
    let one_line = sheet(",").replace('\n', ",");
    let text = format!(
        "{}\n{}{}\n",
        sheet(","),
        sheet(";"),
        one_line.strip_suffix(',').unwrap()
    );
    let recs = read_all(&text, Default::default());
    let lines: Vec<usize> = recs.iter().map(|r| r.as_ref().unwrap().line).collect();
    assert_eq!(lines, [1, 11, 20]);
    assert!(recs
        .iter()
        .all(|r| r.as_ref().unwrap().digits() == p.digits()));
}

#[test]
fn a_row_of_empty_cells_is_a_row_even_when_tabs_alone() {
    // EASY9 with its first row emptied: tab-separated, that row is tabs only, which looks
    // blank but is the grid's first row.
    let mut digits = easy9_digits();
    digits[..9].fill(0);
    let text = rows(&digits, "\t");
    assert!(text.starts_with("\t\t\t\t\t\t\t\t\n"));
    let q = read_one(&text, Default::default()).unwrap();
    assert_eq!((q.digits(), q.line), (digits, 1));
}

#[test]
fn empty_rows_between_grids_and_under_the_last_stand_apart() {
    let good = sheet(",");
    let empty = ",,,,,,,,\n";
    let lines = |text: &str| -> Vec<String> {
        read_all(text, Default::default())
            .iter()
            .map(|r| match r {
                Ok(p) if p.digits() == easy9_digits() => format!("ok {}", p.line),
                Ok(p) => format!("other {}", p.line),
                Err(e) => e.to_string(),
            })
            .collect()
    };
    // An empty row of the sheet between grids, two of them, and three under the last.
    let text = format!("{good}{empty}{good}{empty}{empty}{good}{empty}{empty}{empty}");
    assert_eq!(lines(&text), ["ok 1", "ok 11", "ok 22"]);
    // The same with tabs, whose empty rows look blank.
    let tabs = text.replace(',', "\t");
    assert_eq!(lines(&tabs), ["ok 1", "ok 11", "ok 22"]);
    // A grid whose first row is empty, right under an empty row apart from the grid above.
    let mut digits = easy9_digits();
    digits[..9].fill(0);
    let first_empty = rows(&digits, ",");
    let recs = read_all(&format!("{good}{empty}{first_empty}"), Default::default());
    assert_eq!(recs.len(), 2);
    let q = recs[1].as_ref().unwrap();
    assert_eq!((q.digits(), q.line), (digits, 11));
}

#[test]
fn trailing_delimiters_empty_marks_and_excel_lines_are_understood() {
    let p = read_one(EASY9, Default::default()).unwrap();
    // A delimiter after each row's last cell, as some exporters write, and Excel's `sep=`.
    let trailing = sheet(",").replace('\n', ",\n");
    let q = read_one(&format!("sep=,\n{trailing}"), Default::default()).unwrap();
    assert_eq!((q.digits(), q.line), (p.digits(), 2));
    // A label column numbering the rows is no column of cells.
    let labelled: String = trailing
        .lines()
        .enumerate()
        .map(|(r, l)| format!("{},{}\n", r + 1, &l[..l.len() - 1]))
        .collect();
    assert!(read_all(&labelled, Default::default())
        .iter()
        .all(|r| r.is_err()));
}

#[test]
fn big_grids_read_as_numbers_or_symbols() {
    // A 16×16 row of numbers up to 16, and of hex-like symbols: the same puzzle.
    let line = "3..6.....C..5.1.E.G...1..A4.B.....98.B.E..1..27.C...2...B.5...46.......76....\
                9C.5..C..G...981....38.C..9D.A.F6....4..2D.F.....A3...A3C.6..DBE......B.F9.2\
                ..C..51.56.8..B1.........FE.D5..8.....G.1.3.G..AE....9F...G.36.8F...7D..7.2.1\
                .8.D.9..G.F6..9..........A";
    let p = read_one(line, Default::default()).unwrap();
    let cells: Vec<char> = line.chars().collect();
    let number = |c: &char| match "123456789ABCDEFG".find(*c) {
        Some(i) => (i + 1).to_string(),
        None => String::new(),
    };
    let symbol = |c: &char| {
        if *c == '.' {
            String::new()
        } else {
            c.to_string()
        }
    };
    // `.` for an empty cell among numbers of two digits.
    let dotted = |c: &char| match number(c) {
        n if n.is_empty() => ".".to_string(),
        n => n,
    };
    // First rows with no number above 4 are a 16×16's still, as a later row shows.
    let small: String = cells
        .chunks(16)
        .enumerate()
        .map(|(r, row)| {
            let keep = |c: &char| number(c).parse::<u32>().is_ok_and(|v| r > 1 || v <= 4);
            let field = |c: &char| if keep(c) { number(c) } else { String::new() };
            row.iter().map(field).collect::<Vec<_>>().join(",") + "\n"
        })
        .collect();
    let q = read_one(&small, Default::default()).unwrap();
    assert_eq!(q.k, 4, "{small}");
    for cell in [&number as &dyn Fn(&char) -> String, &symbol, &dotted] {
        let text: String = cells
            .chunks(16)
            .map(|r| r.iter().map(cell).collect::<Vec<_>>().join(",") + "\n")
            .collect();
        let q = read_one(&text, Default::default()).unwrap();
        assert_eq!((q.k, q.digits()), (4, p.digits()), "{text}");
    }
}

#[test]
fn a_bad_grid_is_named_and_the_next_one_read() {
    let what = |text: &str| -> Vec<String> {
        read_all(text, Default::default())
            .iter()
            .map(|r| match r {
                Ok(p) => format!("ok {}", p.line),
                Err(e) => e.to_string(),
            })
            .collect()
    };
    let good = sheet(",");
    let rows: Vec<&str> = good.lines().collect();
    let short = rows[..7].join("\n");
    assert_eq!(
        what(&format!("{short}\n\n{good}")),
        [
            "line 1: grid of 9 fields a row ends after 7 rows; expected 9 rows of 9 fields",
            "ok 9"
        ]
    );
    // A row of 8 fields spoils its grid, and takes the grid's later rows along.
    let mut bad = rows.clone();
    let cut = &rows[3][..rows[3].rfind(',').unwrap()];
    bad[3] = cut;
    assert_eq!(
        what(&format!("{}\n{good}", bad.join("\n"))),
        [
            "line 4: row 4 of the grid has 8 fields; expected 9 fields a row",
            "ok 10"
        ]
    );
    let mut bad = rows.clone();
    let field = rows[2].replacen(",,", ",x1,", 1);
    bad[2] = &field;
    assert_eq!(
        what(&bad.join("\n")),
        [
            "line 3: 'x1' at r3c2 is neither a number nor one symbol; expected a number or one \
          symbol a field, an empty field for an empty cell"
        ]
    );
    let mut bad = rows.clone();
    let field = rows[8].replacen(",,", ",10,", 1);
    bad[8] = &field;
    assert_eq!(
        what(&bad.join("\n")),
        ["line 9: r9c2 holds 10; expected 0 (empty) or a digit 1-9"]
    );
}
