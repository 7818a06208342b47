//! A tiny SVG (XML) writer and a well-formedness checker.
//!
//! The writer keeps a stack of open tags so that every element it opens is closed in order, and
//! escapes every attribute value and text node. Numbers are written short (`12`, `12.5`): the
//! pictures of a 25×25 solving path hold hundreds of thousands of them.

use std::fmt::{self, Display, Write};

/// A coordinate or length written with at most one decimal (`12`, `12.5`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

impl Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        if tenths % 10 == 0 {
            write!(f, "{}", tenths / 10)
        } else {
            let sign = if tenths < 0 { "-" } else { "" };
            let t = tenths.abs();
            write!(f, "{sign}{}.{}", t / 10, t % 10)
        }
    }
}

/// Escape `&`, `<`, `>`, `"` and `'` for XML text and attribute values. The characters XML 1.0
/// cannot hold at all, even as references (control characters but tab and line ends, U+FFFE,
/// U+FFFF: say from a file name), become U+FFFD, so that the document stays well-formed.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            '\0'..='\x1f' | '\u{fffe}' | '\u{ffff}' => out.push(char::REPLACEMENT_CHARACTER),
            c => out.push(c),
        }
    }
    out
}

/// An XML document built element by element.
#[derive(Default)]
pub struct Writer {
    out: String,
    open: Vec<String>,
}

impl Writer {
    /// An empty document.
    pub fn new() -> Self {
        Writer::default()
    }

    fn start(&mut self, tag: &str, attrs: &[(&str, &dyn Display)]) {
        self.out.push('<');
        self.out.push_str(tag);
        for (name, value) in attrs {
            let v = value.to_string();
            let _ = write!(self.out, " {name}=\"{}\"", escape(&v));
        }
    }

    /// Open `<tag attrs…>`; close it with [`Writer::close`].
    pub fn open(&mut self, tag: &str, attrs: &[(&str, &dyn Display)]) {
        self.start(tag, attrs);
        self.out.push('>');
        self.open.push(tag.to_string());
    }

    /// A childless element `<tag attrs…/>`.
    pub fn empty(&mut self, tag: &str, attrs: &[(&str, &dyn Display)]) {
        self.start(tag, attrs);
        self.out.push_str("/>");
    }

    /// An element holding only text, escaped: `<tag attrs…>text</tag>`.
    pub fn text(&mut self, tag: &str, attrs: &[(&str, &dyn Display)], text: &str) {
        self.start(tag, attrs);
        self.out.push('>');
        self.out.push_str(&escape(text));
        let _ = write!(self.out, "</{tag}>");
    }

    /// Close the innermost open element.
    pub fn close(&mut self) {
        if let Some(tag) = self.open.pop() {
            let _ = write!(self.out, "</{tag}>");
        }
    }

    /// Append markup that is already well formed (e.g. a `<style>` body written by this crate).
    pub fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// Append a line break (keeps the files readable in a diff).
    pub fn newline(&mut self) {
        self.out.push('\n');
    }

    /// Close everything still open and return the document.
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        self.out
    }
}

/// Check that `doc` is well-formed XML as far as these pictures need: every tag closed in order,
/// attribute values quoted, no bare `<` or `&` in text, one root element. Handles the XML
/// declaration, comments, `<!DOCTYPE>` and CDATA. Returns the number of elements, or what is
/// wrong and where (byte offset). A tool of the tests (unit and integration), not of the API.
#[doc(hidden)]
pub fn check_well_formed(doc: &str) -> Result<usize, String> {
    let b = doc.as_bytes();
    let mut i = 0;
    let mut stack: Vec<&str> = Vec::new();
    let mut elements = 0;
    let mut roots = 0;
    let err = |at: usize, what: &str| Err(format!("byte {at}: {what}"));
    while i < b.len() {
        match b[i] {
            b'<' => {
                let rest = &doc[i..];
                if rest.starts_with("<?") {
                    match rest.find("?>") {
                        Some(e) => i += e + 2,
                        None => return err(i, "unterminated <?"),
                    }
                } else if let Some(body) = rest.strip_prefix("<!--") {
                    match body.find("-->") {
                        Some(e) => i += e + 7,
                        None => return err(i, "unterminated comment"),
                    }
                } else if rest.starts_with("<![CDATA[") {
                    match rest.find("]]>") {
                        Some(e) => i += e + 3,
                        None => return err(i, "unterminated CDATA"),
                    }
                } else if rest.starts_with("<!") {
                    match rest.find('>') {
                        Some(e) => i += e + 1,
                        None => return err(i, "unterminated <!"),
                    }
                } else if let Some(r) = rest.strip_prefix("</") {
                    let end = match r.find('>') {
                        Some(e) => e,
                        None => return err(i, "unterminated end tag"),
                    };
                    let name = r[..end].trim_end();
                    match stack.pop() {
                        Some(open) if open == name => {}
                        Some(open) => {
                            return err(i, &format!("</{name}> closes <{open}>"));
                        }
                        None => return err(i, &format!("</{name}> without an open element")),
                    }
                    i += 2 + end + 1;
                } else {
                    let (name, len, self_closing) =
                        parse_start_tag(&doc[i..]).map_err(|e| format!("byte {i}: {e}"))?;
                    if stack.is_empty() {
                        roots += 1;
                        if roots > 1 {
                            return err(i, "second root element");
                        }
                    }
                    elements += 1;
                    if !self_closing {
                        stack.push(name);
                    }
                    i += len;
                }
            }
            b'&' => {
                let rest = &doc[i..];
                let end = match rest.find(';') {
                    Some(e) if e <= 10 => e,
                    _ => return err(i, "bare '&' in text"),
                };
                check_entity(&rest[1..end]).map_err(|e| format!("byte {i}: {e}"))?;
                i += end + 1;
            }
            b'>' => return err(i, "bare '>' in text"),
            c => {
                if stack.is_empty() && !c.is_ascii_whitespace() {
                    return err(i, "text outside the root element");
                }
                i += 1;
            }
        }
    }
    if let Some(open) = stack.last() {
        return Err(format!("<{open}> is never closed"));
    }
    if roots == 0 {
        return Err("no root element".into());
    }
    Ok(elements)
}

fn check_entity(name: &str) -> Result<(), String> {
    let ok = match name {
        "amp" | "lt" | "gt" | "quot" | "apos" => true,
        _ => {
            if let Some(hex) = name.strip_prefix("#x") {
                !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit())
            } else if let Some(dec) = name.strip_prefix('#') {
                !dec.is_empty() && dec.chars().all(|c| c.is_ascii_digit())
            } else {
                false
            }
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("unknown entity &{name};"))
    }
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b':' | b'.')
}

/// Parse `<name attr="v" …>` or `…/>` at the start of `s`: name, length, self-closing.
fn parse_start_tag(s: &str) -> Result<(&str, usize, bool), String> {
    let b = s.as_bytes();
    let mut i = 1;
    while i < b.len() && is_name_char(b[i]) {
        i += 1;
    }
    let name = &s[1..i];
    if name.is_empty() || !(b[1].is_ascii_alphabetic() || b[1] == b'_') {
        return Err("bad tag name".into());
    }
    let mut seen: Vec<&str> = Vec::new();
    loop {
        let ws = i;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        match b.get(i) {
            None => return Err(format!("<{name}> is not terminated")),
            Some(b'>') => return Ok((name, i + 1, false)),
            Some(b'/') => {
                return if b.get(i + 1) == Some(&b'>') {
                    Ok((name, i + 2, true))
                } else {
                    Err(format!("stray '/' in <{name}>"))
                };
            }
            Some(_) if ws == i => return Err(format!("no space before an attribute of <{name}>")),
            Some(_) => {}
        }
        let a = i;
        while i < b.len() && is_name_char(b[i]) {
            i += 1;
        }
        let attr = &s[a..i];
        if attr.is_empty() {
            return Err(format!("bad attribute in <{name}>"));
        }
        if seen.contains(&attr) {
            return Err(format!("attribute {attr} twice in <{name}>"));
        }
        seen.push(attr);
        if b.get(i) != Some(&b'=') {
            return Err(format!("attribute {attr} of <{name}> has no value"));
        }
        i += 1;
        let q = match b.get(i) {
            Some(&q @ (b'"' | b'\'')) => q,
            _ => return Err(format!("attribute {attr} of <{name}> is not quoted")),
        };
        i += 1;
        let v = i;
        while i < b.len() && b[i] != q {
            if b[i] == b'<' {
                return Err(format!("'<' in attribute {attr} of <{name}>"));
            }
            i += 1;
        }
        if i >= b.len() {
            return Err(format!("attribute {attr} of <{name}> is not terminated"));
        }
        let value = &s[v..i];
        let mut rest = value;
        while let Some(p) = rest.find('&') {
            let end = rest[p..]
                .find(';')
                .ok_or_else(|| format!("bare '&' in attribute {attr}"))?;
            check_entity(&rest[p + 1..p + end])?;
            rest = &rest[p + end + 1..];
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(Num(12.0).to_string(), "12");
        assert_eq!(Num(12.46).to_string(), "12.5");
        assert_eq!(Num(-0.5).to_string(), "-0.5");
        assert_eq!(Num(0.04).to_string(), "0");
    }

    #[test]
    fn writer_escapes_and_closes() {
        let mut w = Writer::new();
        w.open("svg", &[("class", &"a<b")]);
        w.text("text", &[("x", &Num(1.5))], "r3c7<>5 & more");
        w.empty("rect", &[]);
        let s = w.finish();
        assert_eq!(
            s,
            "<svg class=\"a&lt;b\"><text x=\"1.5\">r3c7&lt;&gt;5 &amp; more</text><rect/></svg>"
        );
        assert_eq!(check_well_formed(&s), Ok(3));
    }

    #[test]
    fn characters_xml_cannot_hold_are_replaced() {
        assert_eq!(
            escape("ctl\u{1}\u{1b}x\u{ffff}.txt"),
            "ctl\u{fffd}\u{fffd}x\u{fffd}.txt"
        );
        assert_eq!(escape("tab\there\r\n é ∑"), "tab\there\r\n é ∑");
    }

    #[test]
    fn checker_catches_mistakes() {
        let bad = [
            "<a><b></a></b>",
            "<a>",
            "<a></a><b/>",
            "<a x=1/>",
            "<a x=\"1\" x=\"2\"/>",
            "<a>1 < 2</a>",
            "<a>&nbsp;</a>",
            "<a>x & y</a>",
            "</a>",
            "text",
            "<a y=\"1\"/ >",
            "<a\"/>",
        ];
        for doc in bad {
            assert!(check_well_formed(doc).is_err(), "{doc} passed");
        }
        let good = [
            "<?xml version=\"1.0\"?>\n<!-- c -->\n<a><b x='1' y=\"&amp;\"/>t&#65;</a>\n",
            "<!DOCTYPE html><html><p>a</p><script><![CDATA[if (a < b) {}]]></script></html>",
        ];
        for doc in good {
            assert!(
                check_well_formed(doc).is_ok(),
                "{doc}: {:?}",
                check_well_formed(doc)
            );
        }
    }
}
