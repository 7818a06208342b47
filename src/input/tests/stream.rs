//! Reading as the text comes: byte-order marks, encodings, line ends, pipes, read errors, the reader's window.

use super::*;

/// A byte-order mark before the first puzzle is skipped; a NUL inside a line is named.
#[test]
fn skips_a_byte_order_mark_and_names_hidden_characters() {
    let p = read_one(&format!("\u{feff}{EASY9}"), ReadOptions::default()).unwrap();
    assert_eq!(
        p.digits(),
        read_one(EASY9, ReadOptions::default()).unwrap().digits()
    );
    let err = read_one(
        &format!("{}\0{}", &EASY9[..4], &EASY9[4..]),
        ReadOptions::default(),
    )
    .unwrap_err();
    assert!(err.what.contains("U+0000 at column 5"), "{}", err.what);
}

#[test]
fn line_ends_marks_and_encodings_of_other_systems() {
    let two = |text: &str| {
        let all = read_all(text, ReadOptions::default());
        assert_eq!(all.len(), 2, "{text:?}");
        assert!(all.iter().all(|r| r.is_ok()), "{all:?}");
    };
    two(&format!("{EASY9}\r{EASY9}\r"));
    two(&format!("{EASY9}\r\n{EASY9}\r\n"));
    two(&format!("\u{feff}{EASY9}\n\u{feff}{EASY9}\n"));
    two(&format!("{EASY9}\n{EASY9}\n\u{1a}"));
    let text = format!("{EASY9}\n{EASY9}\n");
    let mut le = vec![0xff, 0xfe];
    let mut be = vec![0xfe, 0xff];
    for u in text.encode_utf16() {
        le.extend(u.to_le_bytes());
        be.extend(u.to_be_bytes());
    }
    two(&decode(&le).unwrap());
    two(&decode(&be).unwrap());
    let err = decode(&le[2..]).unwrap_err();
    assert!(err.contains("UTF-16"), "{err}");
    assert_eq!(decode(text.as_bytes()).unwrap(), text);
}

/// An endless text of one puzzle a line.
struct Endless(usize);

impl std::io::Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let line = format!("{EASY9}\n").into_bytes();
        let n = buf.len().min(line.len() - self.0 % line.len());
        buf[..n].copy_from_slice(&line[self.0 % line.len()..][..n]);
        self.0 += n;
        Ok(n)
    }
}

/// Records come as their lines are read: the first puzzles of a text that never ends.
#[test]
fn a_reader_hands_out_records_as_it_reads() {
    let src = std::io::BufReader::new(Endless(0));
    let lines: Vec<usize> = Reader::new(src, ReadOptions::default())
        .take(3)
        .map(|r| r.unwrap().line)
        .collect();
    assert_eq!(lines, [1, 2, 3]);
    // A puzzle on one line is read without the next line (a line filter's input may not have
    // it yet): the source fails the test if asked for more.
    let src = std::io::BufReader::new(OneLine(false));
    let first = Reader::new(src, ReadOptions::default()).next();
    assert_eq!(
        first.unwrap().unwrap().digits(),
        read_one(EASY9, Default::default()).unwrap().digits()
    );
}

/// One puzzle line, then a panic when read again.
struct OneLine(bool);

impl std::io::Read for OneLine {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        assert!(!self.0, "read past the first line");
        self.0 = true;
        let line = format!("{EASY9}\n");
        buf[..line.len()].copy_from_slice(line.as_bytes());
        Ok(line.len())
    }
}

/// A text far longer than the reader's window, with grids of rows across the points where it
/// drops the lines passed: every record where it was written, whatever the read sizes.
#[test]
fn long_texts_keep_their_line_numbers_across_the_window() {
    let row: Vec<String> = (1..=16).map(|v| v.to_string()).collect();
    let zeros = ["0"; 16].join(" ");
    let big = format!("{}\n{}", row.join(" "), format!("{zeros}\n").repeat(15));
    let rows9: String = EASY9
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let (mut text, mut want, mut line) = (String::new(), Vec::new(), 1);
    for i in 0..13_000 {
        let (block, k, used) = match i % 500 {
            99 | 498 => (big.clone(), 4, 16),
            199 | 497 => (rows9.clone(), 3, 9),
            299 => ("# a comment\n\n".to_string(), 0, 2),
            _ => (format!("{EASY9}\n"), 3, 1),
        };
        if k > 0 {
            want.push((line, k));
        }
        text += &block;
        line += used;
    }
    assert!(line > 3 * 4096, "the text crosses the window's drops");
    // Line ends of other systems are read a line at a time too: a file of CRs (old Macs) was
    // once held whole, its CRs split from one line that ended only at the text's end.
    for end in ["\n", "\r", "\r\n"] {
        let text = text.replace('\n', end);
        for capacity in [1, 7, 1 << 16] {
            let src = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            let mut reader = Reader::new(src, ReadOptions::default());
            let (mut got, mut most_held) = (Vec::new(), 0);
            while let Some(rec) = reader.next() {
                got.push(rec.map(|p| (p.line, p.k)).unwrap());
                most_held = most_held.max(reader.src.lines.held_lines());
            }
            assert_eq!(got, want, "{end:?} ends, read {capacity} bytes at a time");
            assert!(
                most_held <= 2 * 4096 + 16,
                "{end:?}: {most_held} lines held"
            );
        }
    }
}

/// A text that cannot be read to its end: the records before the failure, then the error.
#[test]
fn a_read_error_ends_the_records_and_is_told() {
    use std::io::Read as _;
    let text = format!("{EASY9}\n{EASY9}\n");
    let failing = text.as_bytes().chain(Failing);
    let mut reader = Reader::new(std::io::BufReader::new(failing), ReadOptions::default());
    assert_eq!(reader.by_ref().count(), 2);
    assert_eq!(reader.lines_read(), 2);
    let e = reader.error().expect("the failure is told");
    assert_eq!(e.to_string(), "the disk is gone");
}

struct Failing;

impl std::io::Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("the disk is gone"))
    }
}

/// A UTF-16 mark before UTF-8 text does not make it one line of UTF-16: the mark's bytes are
/// named on the first line, and the puzzles after it are read.
#[test]
fn a_utf16_mark_before_utf8_text_spoils_only_the_first_line() {
    for mark in [[0xff, 0xfe], [0xfe, 0xff]] {
        let bytes = [&mark[..], format!("{EASY9}\n{EASY9}\n{EASY9}\n").as_bytes()].concat();
        let src = open(std::io::Cursor::new(bytes)).unwrap();
        let all: Vec<Record> = Reader::new(src, ReadOptions::default()).collect();
        assert_eq!(all.len(), 3, "{all:?}");
        let first = all[0].as_ref().unwrap_err();
        assert_eq!(
            (first.line, first.what.as_str()),
            (
                1,
                "83 symbols, one of them bytes that do not decode (not UTF-8, or a broken UTF-16 or \
                 UTF-32 unit) at column 1"
            )
        );
        assert!(all[1..].iter().all(|r| r.is_ok()), "{all:?}");
    }
}

/// `open` reads UTF-16 with a byte-order mark as its text, and refuses it without one.
#[test]
fn open_decodes_utf16_with_a_mark() {
    let text = format!("{EASY9}\r\n{EASY9}\r\n");
    let mut le = vec![0xff, 0xfe];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    // Whole, or a byte a read (a pipe may hand over the mark's first byte alone).
    let sources: [Box<dyn std::io::BufRead + Send>; 2] = [
        Box::new(std::io::Cursor::new(le.clone())),
        Box::new(std::io::BufReader::with_capacity(
            1,
            std::io::Cursor::new(le.clone()),
        )),
    ];
    for src in sources {
        let all: Vec<Record> = Reader::new(open(src).unwrap(), ReadOptions::default()).collect();
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].as_ref().unwrap().digits()[2], 3);
    }
    let err = open(std::io::Cursor::new(le[2..].to_vec())).err().unwrap();
    assert!(err.contains("UTF-16"), "{err}");
    // A stray last byte is kept as a replacement character, which the reader then names.
    let odd = [&le[..], &[0x35]].concat();
    assert!(decode(&odd).unwrap().ends_with('\u{fffd}'));
    // A lone surrogate on the second line is named there as a broken unit, not as UTF-8.
    let mut broken = le.clone();
    let second = 2 + 2 * (EASY9.len() + 2);
    broken[second..second + 2].copy_from_slice(&0xd800u16.to_le_bytes());
    let src = open(std::io::Cursor::new(broken)).unwrap();
    let all: Vec<Record> = Reader::new(src, ReadOptions::default()).collect();
    let err = all[1].as_ref().unwrap_err();
    assert_eq!(err.line, 2);
    assert!(
        err.what.contains("a broken UTF-16 or UTF-32 unit"),
        "{err:?}"
    );
    assert!(all[0].is_ok(), "{all:?}");
    // Big-endian too; but NULs on both sides of the pairs are no text at all.
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    assert!(decode(&be).unwrap_err().contains("UTF-16"));
    for binary in [vec![0u8; 100], [EASY9.as_bytes(), &[0; 81]].concat()] {
        let err = open(std::io::Cursor::new(binary.clone())).err().unwrap();
        assert!(err.contains("binary data (NUL bytes)"), "{err}");
        assert_eq!(decode(&binary).unwrap_err(), err);
    }
}

/// UTF-32 with a byte-order mark (little- or big-endian) reads as its text: its
/// little-endian mark starts as UTF-16's, which took it for UTF-16 with a NUL after each
/// character.
#[test]
fn open_decodes_utf32_with_a_mark() {
    let text = format!("{EASY9}\n{EASY9}\n");
    let chars = || text.chars().map(u32::from);
    let le: Vec<u8> = [0xff, 0xfe, 0, 0]
        .into_iter()
        .chain(chars().flat_map(u32::to_le_bytes))
        .collect();
    let be: Vec<u8> = [0, 0, 0xfe, 0xff]
        .into_iter()
        .chain(chars().flat_map(u32::to_be_bytes))
        .collect();
    for bytes in [le, be] {
        for src in [
            Box::new(std::io::Cursor::new(bytes.clone())) as Box<dyn std::io::BufRead + Send>,
            Box::new(std::io::BufReader::with_capacity(
                1,
                std::io::Cursor::new(bytes.clone()),
            )),
        ] {
            let all: Vec<Record> =
                Reader::new(open(src).unwrap(), ReadOptions::default()).collect();
            assert_eq!(all.len(), 2);
            assert_eq!(all[1].as_ref().unwrap().digits()[2], 3);
        }
        // A unit cut short is kept as a replacement character, which the reader names.
        assert!(decode(&bytes[..bytes.len() - 1])
            .unwrap()
            .ends_with('\u{fffd}'));
    }
}

/// What `open` judges is the bytes, not how they arrive: a line of NULs before good puzzles
/// is that line's error whether the text comes whole or a line a read (a pipe's first read
/// was once all that was looked at). A byte-order mark before bytes out of step is named.
#[test]
fn open_judges_the_bytes_not_how_they_arrive() {
    use std::io::{BufRead, BufReader, Cursor, Read};
    /// A line a read, as a slow pipe delivers them.
    struct LineByLine(Vec<u8>);
    impl Read for LineByLine {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let line = self
                .0
                .iter()
                .position(|&b| b == b'\n')
                .map_or(self.0.len(), |i| i + 1);
            let n = line.min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }
    let text = [
        &[0u8; 30][..],
        b"\n",
        EASY9.as_bytes(),
        b"\n",
        EASY9.as_bytes(),
        b"\n",
    ]
    .concat();
    let sources: [Box<dyn BufRead + Send>; 2] = [
        Box::new(Cursor::new(text.clone())),
        Box::new(BufReader::new(LineByLine(text))),
    ];
    for src in sources {
        let all: Vec<Record> = Reader::new(open(src).unwrap(), Default::default()).collect();
        assert_eq!(all.len(), 3);
        assert!(
            all[0].is_err() && all[1].is_ok() && all[2].is_ok(),
            "{all:?}"
        );
    }
    let mut le = vec![0xff, 0xfe];
    le.extend(
        format!("{EASY9}\n{EASY9}\n")
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    le.insert(40, b'7');
    let err = open(Cursor::new(le)).err().unwrap();
    assert!(err.contains("out of step"), "{err}");
}

/// A text that comes as a pipe would: the lines given, then a read that never returns
/// (here a panic, so a reader that asks for more than it needs fails the test).
struct Pipe<'a>(&'a [u8]);

impl std::io::Read for Pipe<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        assert!(!self.0.is_empty(), "read past what has come down the pipe");
        let n = buf.len().min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_grid_on_a_pipe_is_read_without_waiting_for_more_lines() {
    let rows: Vec<&str> = (0..9).map(|r| &EASY9[r * 9..r * 9 + 9]).collect();
    let want = read_one(EASY9, Default::default()).unwrap().digits();
    let dashes = "-".repeat(9);
    let big = read_one(
        include_str!("../../../examples/16x16.txt"),
        Default::default(),
    )
    .unwrap();
    let line = crate::output::puzzle_line(&big);
    let rows16: Vec<String> = (0..16)
        .map(|r| line[r * 16..r * 16 + 16].to_string())
        .collect();
    for (text, digits) in [
        (format!("{}\n", rows.join("\n")), &want),
        (format!("{dashes}\n{}\n{dashes}\n", rows.join("\n")), &want),
        (format!("Sudoku\n{}\n", rows.join("\n")), &want),
        (format!("{}\n", rows16.join("\n")), &big.digits()),
    ] {
        let src = std::io::BufReader::with_capacity(1, Pipe(text.as_bytes()));
        let first = Reader::new(src, ReadOptions::default())
            .find_map(|r| r.ok())
            .unwrap();
        assert_eq!(&first.digits(), digits, "{text}");
    }
}

/// A line longer than the longest read is passed over to its end and named, not held: the
/// puzzles around it are read, a grid of rows cut by it is named too, and one at the text's
/// end (an endless pipe cut short) is named as well.
#[test]
fn a_line_too_long_to_hold_is_passed_over_and_named() {
    let long = "1".repeat(1000);
    let rows16 = "1..4\n.3..\n..2.\n4..1\n";
    let text = format!("{EASY9}\n{long}\n{EASY9}\n1..4\n{long}\n\n{rows16}{long}");
    let mut reader = Reader::new(text.as_bytes(), ReadOptions::default());
    reader.src.line_max = 100;
    let records: Vec<Record> = reader.by_ref().collect();
    let lines: Vec<usize> = records
        .iter()
        .map(|rec| rec.as_ref().map_or_else(|e| e.line, |p| p.line))
        .collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 7, 11], "{records:?}");
    let errors: Vec<&InputError> = records.iter().filter_map(|r| r.as_ref().err()).collect();
    assert_eq!(errors.len(), 4, "{records:?}");
    for e in [errors[0], errors[2], errors[3]] {
        assert_eq!(
            e.to_string(),
            format!(
                "line {}: a line of 1000 bytes, too long to read (passed over); expected a \
                 line of at most 100 bytes",
                e.line
            )
        );
    }
    assert!(records[5].is_ok());
    assert_eq!(reader.lines_read(), 11);
    assert!(reader.error().is_none());
}

/// The line end is found a word at a time: at every place of a word and past the last whole
/// word, beside bytes that differ from LF or CR in one bit (or only in the high bit).
#[test]
fn a_line_end_is_found_wherever_it_stands() {
    let near = [
        b'\n' ^ 0x80,
        b'\r' ^ 0x80,
        b'\n' ^ 1,
        b'\r' ^ 4,
        0,
        0xff,
        b'.',
        b'9',
    ];
    let mut rng = crate::generate::Rng::new(0x1e);
    for len in 0..40 {
        for end in (0..len).map(Some).chain([None]) {
            for mark in [b'\n', b'\r'] {
                let mut buf: Vec<u8> = (0..len).map(|_| near[rng.below(near.len())]).collect();
                if let Some(at) = end {
                    buf[at] = mark;
                    // What follows the first end does not matter.
                    buf[at + 1..].iter_mut().for_each(|b| *b = b'\n');
                }
                assert_eq!(super::lines::line_end(&buf), end, "{buf:?}");
            }
        }
    }
}
