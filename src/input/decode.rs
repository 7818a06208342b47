//! A puzzle file's bytes as text: UTF-8 as it comes, UTF-16 with a byte-order mark decoded,
//! and the bytes that are no text of puzzles refused.

use std::io::{self, BufRead, Read};

/// How many bytes at most are looked at to tell a text from binary data or UTF-16 without a
/// byte-order mark.
const SNIFF: u64 = 8192;

/// A puzzle file's bytes as UTF-8 for a [`Reader`](super::Reader): as they come, or, for
/// UTF-16 with a byte-order mark (Windows editors save "Unicode" so), decoded as a whole
/// first. UTF-16 without one is refused (told from the NULs of the first bytes), as read as
/// UTF-8 it would be every other character a NUL, and so is binary data.
///
/// What is looked at depends on the bytes alone, not on how a pipe delivered them: the
/// lines up to the first that is not blank, and only when those look like no text, the first
/// 8 KB (a line of NULs before good puzzles does not lose them). A text that
/// looks right is read as it arrives, a line at a time.
pub fn open<R: BufRead + Send + 'static>(mut src: R) -> Result<Box<dyn BufRead + Send>, String> {
    let err = |e: io::Error| e.to_string();
    // A byte-order mark of UTF-16 (of UTF-32 too: its little-endian mark begins as UTF-16's).
    const MARKS: [&[u8]; 3] = [&[0xff, 0xfe], &[0xfe, 0xff], &[0, 0, 0xfe, 0xff]];
    // Read a byte at a time while what came may still be a mark, even when a pipe hands over
    // one byte first; no further: a line shorter than a mark (`xx`) is not held back.
    let mut mark = Vec::with_capacity(4);
    while MARKS
        .iter()
        .any(|m| m.len() > mark.len() && m.starts_with(&mark))
    {
        let mut byte = [0];
        match src.read(&mut byte) {
            Ok(0) => break,
            Ok(_) => mark.push(byte[0]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(err(e)),
        }
    }
    let bom = MARKS.contains(&&mark[..]);
    let mut src = io::Cursor::new(mark).chain(src);
    if bom {
        let mut bytes = Vec::new();
        src.read_to_end(&mut bytes).map_err(err)?;
        return Ok(Box::new(io::Cursor::new(decode(&bytes)?.into_bytes())));
    }
    let mut head = Vec::new();
    loop {
        let room = SNIFF.saturating_sub(head.len() as u64);
        let read = (&mut src)
            .take(room)
            .read_until(b'\n', &mut head)
            .map_err(err)?;
        if read == 0 || !head.iter().all(u8::is_ascii_whitespace) {
            break;
        }
    }
    if not_utf8(&head).is_some() {
        let room = SNIFF.saturating_sub(head.len() as u64);
        (&mut src).take(room).read_to_end(&mut head).map_err(err)?;
        if let Some(why) = not_utf8(&head) {
            return Err(why.into());
        }
    }
    Ok(Box::new(io::Cursor::new(head).chain(src)))
}

/// The text of a puzzle file: UTF-8 (invalid bytes replaced, to be named by the reader), or
/// UTF-16 or UTF-32 with a byte-order mark (Windows editors save "Unicode" so). UTF-16 without
/// one is refused, as read as UTF-8 it would be every other character a NUL.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    let utf32 = |rest: &[u8], be: bool| {
        let chars = rest.chunks_exact(4).map(|b| {
            let b = [b[0], b[1], b[2], b[3]];
            let unit = if be {
                u32::from_be_bytes(b)
            } else {
                u32::from_le_bytes(b)
            };
            char::from_u32(unit).unwrap_or(char::REPLACEMENT_CHARACTER)
        });
        let mut text: String = chars.collect();
        // The bytes of a last unit cut short are named by the reader, as in UTF-16.
        if rest.len() % 4 != 0 {
            text.push(char::REPLACEMENT_CHARACTER);
        }
        text
    };
    let utf16 = |be: bool| {
        let units = bytes[2..].chunks_exact(2).map(|b| {
            if be {
                u16::from_be_bytes([b[0], b[1]])
            } else {
                u16::from_le_bytes([b[0], b[1]])
            }
        });
        let mut text: String = char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect();
        // A last byte without its pair is not dropped unseen: the reader names it.
        if bytes.len() % 2 == 1 {
            text.push(char::REPLACEMENT_CHARACTER);
        }
        text
    };
    match bytes {
        // UTF-32's little-endian mark starts as UTF-16's does: it is told first.
        [0xff, 0xfe, 0, 0, rest @ ..] => Ok(utf32(rest, false)),
        [0, 0, 0xfe, 0xff, rest @ ..] => Ok(utf32(rest, true)),
        [0xff, 0xfe, rest @ ..] if ascii_units(rest, false) => Ok(utf16(false)),
        [0xfe, 0xff, rest @ ..] if ascii_units(rest, true) => Ok(utf16(true)),
        // A mark on a text that is not UTF-16 is no text either: as UTF-8 its two bytes are
        // not, so the reader names them on the first line and reads the lines after it. Full
        // of NULs behind the mark, it is UTF-16 out of step (a byte added or lost).
        [0xff, 0xfe, ..] | [0xfe, 0xff, ..] if not_utf8(bytes).is_some() => Err(
            "it starts with a UTF-16 byte-order mark, but its pairs of bytes are out of step \
             (a byte added or lost?); expected UTF-8 or UTF-16"
                .into(),
        ),
        _ => match not_utf8(bytes) {
            Some(why) => Err(why.into()),
            None => Ok(String::from_utf8_lossy(bytes).into_owned()),
        },
    }
}

/// Whether `bytes` read as UTF-16 (big-endian when `be`) are mostly ASCII, as the text of
/// puzzles is whatever its comments hold: an ASCII character in at least half the units. Text
/// in UTF-8 behind a UTF-16 mark has next to none (a unit of two ASCII bytes is not one).
fn ascii_units(bytes: &[u8], be: bool) -> bool {
    let units = bytes.len() / 2;
    let high = usize::from(!be);
    let ascii = bytes
        .chunks_exact(2)
        .filter(|b| b[high] == 0 && b[1 - high] < 0x80)
        .count();
    ascii * 2 >= units
}

/// Why `bytes` (a file's first bytes) are not a text of puzzles, when they are full of NULs
/// (a NUL in every fourth byte or more, which no such text has): UTF-16 without a byte-order
/// mark when the NULs keep to one side of each pair of bytes, else binary data.
fn not_utf8(bytes: &[u8]) -> Option<&'static str> {
    let nuls = |parity| {
        bytes
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (nuls(0), nuls(1));
    if bytes.len() < 4 || (even + odd) * 4 < bytes.len() {
        None
    } else if even.min(odd) * 10 <= even + odd {
        Some("it looks like UTF-16 text without a byte-order mark; expected UTF-8")
    } else {
        Some("it looks like binary data (NUL bytes), not text; expected UTF-8")
    }
}
