//! Drawing a grid of any basis: cells, box lines heavier than cell lines, row and column labels,
//! givens distinct from placed digits, and candidates as small digits laid out K×K inside each
//! cell (digit `d` in row `(d-1)/K`, column `(d-1)%K` of the cell, as people pencil them).
//!
//! A standalone picture has one `<rect class="cell …">` per cell, its shading a class on that
//! rect, so a cell can be found and styled. Inside a page the grid's white background stands
//! for the unshaded cells and only a shaded cell gets its rect: a rect each made three
//! quarters of a 25×25 path page (27 of 38 MB). Above
//! [`MAX_CANDIDATE_N`] digits the full candidate grid is not drawn (a 49×49 grid would hold
//! 117,649 of them); the picture says so in a note, and a step picture still draws the
//! candidates its deduction is about.

use super::svg::{Num, Writer};
use crate::alphabet::Alphabet;
use crate::logic::{Candidate, LinkKind};
use crate::mask::{Mask, Wide256};
use std::collections::HashMap;

/// Largest N whose full candidate grid is drawn (36×36: 46,656 candidates).
pub const MAX_CANDIDATE_N: usize = 36;

/// What a grid picture shows, at run-time size (pictures need no basis type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Basis.
    pub k: usize,
    /// How digits are written (decimal numbers when N exceeds the alphabet).
    pub alphabet: Alphabet,
    /// Givens, 1-based (0 = not a given).
    pub givens: Vec<u8>,
    /// Digits placed by solving, 1-based (0 = open or given).
    pub placed: Vec<u8>,
    /// Candidates of open cells (bit `d` = digit `d + 1`); ignored where a digit stands.
    pub candidates: Vec<Wide256>,
}

impl Board {
    /// Side of the grid.
    pub fn n(&self) -> usize {
        self.k * self.k
    }

    /// True when `cell` shows a digit (given or placed).
    pub fn is_filled(&self, cell: usize) -> bool {
        self.givens[cell] != 0 || self.placed[cell] != 0
    }

    /// The symbol of digit `d` (1-based): the alphabet's, or decimal when N is beyond it.
    pub fn symbol(&self, d: u8) -> String {
        self.alphabet.label(d, self.n())
    }

    /// The grid in words, a row a line, for those who hear a page rather than see it: `Row 1:
    /// 4, blank, 3, …`; with `candidates`, an open cell is `one of 1 2 9` (`none` when it has
    /// no candidate left). No punctuation carries meaning: screen readers skip most of it.
    pub fn in_words(&self, candidates: bool) -> Vec<String> {
        let n = self.n();
        (0..n)
            .map(|r| {
                let cells: Vec<String> = (r * n..(r + 1) * n)
                    .map(|cell| self.cell_in_words(cell, candidates))
                    .collect();
                format!("Row {}: {}.", r + 1, cells.join(", "))
            })
            .collect()
    }

    fn cell_in_words(&self, cell: usize, candidates: bool) -> String {
        let d = self.givens[cell].max(self.placed[cell]);
        if d != 0 {
            return self.symbol(d);
        }
        if !candidates {
            return "blank".into();
        }
        let digits: Vec<String> = (1..=self.n())
            .filter(|&d| self.candidates[cell].has(d - 1))
            .map(|d| self.symbol(d as u8))
            .collect();
        match digits.is_empty() {
            true => "none".into(),
            false => format!("one of {}", digits.join(" ")),
        }
    }
}

/// How to draw a grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Draw the candidates of open cells (up to [`MAX_CANDIDATE_N`]).
    pub candidates: bool,
    /// Text for the SVG `<title>` (shown as a tooltip; screen readers read it).
    pub title: Option<String>,
    /// Write the title under the grid too, wrapped to the picture's width: a step's picture
    /// printed on its own says what it shows (a page that shows the text beside it does not).
    pub caption: bool,
    /// Text for the SVG `<desc>`: what the picture shows for those who cannot see it (the
    /// grid [`Board::in_words`], a row a line).
    pub desc: Option<String>,
    /// Leave out the XML declaration and the `<style>` (the picture goes inside an HTML page
    /// that carries [`STYLE`] once).
    pub inline: bool,
}

/// How a candidate takes part in a step (bit flags).
pub mod mark {
    /// Removed by the step: struck through.
    pub const ELIM: u8 = 1;
    /// Placed by the step.
    pub const PLACE: u8 = 2;
    /// A node of the step's chain or cycle.
    pub const CHAIN: u8 = 4;
    /// A digit of the pattern in a cell of the pattern.
    pub const PATTERN: u8 = 8;
    /// Removed by a forcing chain's trial (a step of its proof, not of the deduction): a
    /// dashed ring, where a node the trial places has a disc.
    pub const REMOVED: u8 = 16;
    /// Placed by the inner trial of a nested forcing chain, which refutes a candidate the
    /// outer trial then removes: a dotted ring, inside any other.
    pub const NESTED: u8 = 32;
    /// A finned fish's fin: a place of its base lines off the cover lines, on a pink disc.
    pub const FIN: u8 = 64;
}

/// Shading of a cell in a step picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CellShade {
    /// Not involved.
    #[default]
    None,
    /// In a house of the evidence.
    House,
    /// A cell of the pattern.
    Pattern,
}

/// One chain link to draw: from one node's candidates to the next node's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// Candidates of the node the link leaves.
    pub from: Vec<Candidate>,
    /// Candidates of the node the link reaches.
    pub to: Vec<Candidate>,
    /// Strong (solid), weak (dashed) or y (dotted).
    pub kind: LinkKind,
}

/// What a step adds to a grid picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Shading per cell (empty = none).
    pub cells: Vec<CellShade>,
    /// Candidates involved, with [`mark`] flags.
    pub candidates: HashMap<Candidate, u8>,
    /// Chain links, in chain order.
    pub links: Vec<Link>,
}

/// The CSS of the pictures (embedded in each standalone SVG, once in an HTML page). Every
/// digit keeps a contrast of at least 4.5:1 (WCAG AA) with what lies behind it: the white of a
/// placed digit on its green disc, a candidate on an orange, blue or pink (a fin's, 5.9:1)
/// one, a removed one in red on white, a shaded cell or a disc. Lines and rings keep 3:1
/// (WCAG's figure for graphics): chain links on white, shaded cells and the chain's discs
/// they join (3.6:1), a forcing chain's dashed ring on white, shaded cells and the pattern's
/// disc it is drawn over (3.6:1), a nested trial's dotted ring on those and the chain's disc
/// (4.4:1).
pub const STYLE: &str = "\
svg.nsudoku text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;text-anchor:middle;dominant-baseline:central}
svg.nsudoku .bg{fill:#fff}
svg.nsudoku .cell{fill:#fff}
svg.nsudoku .cell.house{fill:#fff3b8}
svg.nsudoku .cell.pat{fill:#cfe2ff}
svg.nsudoku .thin{stroke:#808080;stroke-width:1;fill:none}
svg.nsudoku .box{stroke:#1e1e1e;stroke-width:2.5;fill:none}
svg.nsudoku .frame{stroke:#1e1e1e;stroke-width:3.5;fill:none}
svg.nsudoku .lbl{fill:#6a6a6a}
svg.nsudoku .given{fill:#000;font-weight:bold}
svg.nsudoku .placed{fill:#1a5fb4}
svg.nsudoku .c{fill:#444}
svg.nsudoku .c.elim{fill:#951a28;font-weight:bold}
svg.nsudoku .c.place{fill:#fff;font-weight:bold}
svg.nsudoku .strike{stroke:#951a28;stroke-width:1.6}
svg.nsudoku .dplace{fill:#1a7f4b}
svg.nsudoku .dchain{fill:#ffbe6f}
svg.nsudoku .dpat{fill:#99c1f1}
svg.nsudoku .dfin{fill:#f5b8d2}
svg.nsudoku .dgone{fill:none;stroke:#9c3f00;stroke-width:1.5;stroke-dasharray:2.5 2}
svg.nsudoku .dnest{fill:none;stroke:#6b2fa0;stroke-width:1.5;stroke-dasharray:1 1.5}
svg.nsudoku .link{fill:none;stroke:#a84600;stroke-width:1.8}
svg.nsudoku .link.weak{stroke-dasharray:6 4}
svg.nsudoku .link.y{stroke-dasharray:1 4;stroke-linecap:round;stroke-width:2.4}
svg.nsudoku .link.forces{stroke-dasharray:12 3}
svg.nsudoku .note{fill:#444;font-style:italic;text-anchor:start}
svg.nsudoku .caption{fill:#222;text-anchor:start}
";

/// Sizes of one picture.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Basis.
    pub k: usize,
    /// Side of the grid.
    pub n: usize,
    /// Cell side in pixels.
    pub cell: f64,
    /// Left and top margin (labels).
    pub margin: f64,
    /// Room below the grid for notes.
    pub footer: f64,
}

impl Layout {
    /// Sizes for basis `k`: bigger cells when candidates are drawn, so that a candidate stays
    /// about 11 px high at every basis. `k` is at least 1: the positions divide by it.
    pub fn new(k: usize, candidates: bool, footer_lines: usize) -> Self {
        let n = k * k;
        let cell = if candidates {
            (14 * k).max(42) as f64
        } else if n > 35 {
            34.0
        } else {
            36.0
        };
        let margin = if n >= 100 { 30.0 } else { 24.0 };
        Layout {
            k,
            n,
            cell,
            margin,
            footer: 6.0 + 18.0 * footer_lines as f64,
        }
    }

    /// Width of the whole picture.
    pub fn width(&self) -> f64 {
        self.margin + self.cell * self.n as f64 + 8.0
    }

    /// Height of the whole picture.
    pub fn height(&self) -> f64 {
        self.margin + self.cell * self.n as f64 + self.footer
    }

    /// Top-left corner of `cell`.
    ///
    /// # Panics
    ///
    /// On a layout of basis 0.
    pub fn cell_xy(&self, cell: usize) -> (f64, f64) {
        let (r, c) = (cell / self.n, cell % self.n);
        (
            self.margin + c as f64 * self.cell,
            self.margin + r as f64 * self.cell,
        )
    }

    /// Side of a candidate's square inside a cell.
    pub fn sub(&self) -> f64 {
        self.cell / self.k as f64
    }

    /// Centre of candidate `digit` (0-based) in `cell`.
    ///
    /// # Panics
    ///
    /// On a layout of basis 0.
    pub fn candidate_xy(&self, cell: usize, digit: usize) -> (f64, f64) {
        let (x, y) = self.cell_xy(cell);
        let s = self.sub();
        (
            x + (digit % self.k) as f64 * s + s / 2.0,
            y + (digit / self.k) as f64 * s + s / 2.0,
        )
    }
}

/// `text` cut at spaces into lines of at most `width` characters; a word longer than that (a
/// chain, `(9)r1c4-(9)r1c9=…`) is cut after its last link (`-`, `=`) or comma that fits.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => {
                // The pieces of a long word go on lines of their own, no space added.
                let mut rest: Vec<char> = word.chars().collect();
                while rest.len() > width {
                    let cut = rest[..width]
                        .iter()
                        .rposition(|c| matches!(c, '-' | '=' | ','))
                        .map_or(width, |i| i + 1);
                    lines.push(rest.drain(..cut).collect());
                }
                lines.push(rest.into_iter().collect());
            }
        }
    }
    lines
}

/// Draw `board` as a standalone SVG document (or an inline `<svg>` with `opts.inline`).
///
/// # Panics
///
/// When `board.givens` or `board.placed` (or `board.candidates`, where they are drawn) does
/// not hold the N² cells of the grid: the `Board` constructors make them so.
pub fn draw(board: &Board, opts: &Options, marks: &Marks) -> String {
    let n = board.n();
    let want = opts.candidates;
    let all_candidates = want && n <= MAX_CANDIDATE_N;
    let mut notes = Vec::new();
    if want && !all_candidates {
        let mut note = format!(
            "Candidates are drawn up to {m}x{m}; this grid is {n}x{n}",
            m = MAX_CANDIDATE_N
        );
        if !marks.candidates.is_empty() {
            note.push_str(", so only the step's own candidates are shown");
        }
        note.push('.');
        notes.push(note);
    }
    // A step's candidates need room even when the full candidate grid is dropped.
    let roomy = all_candidates || !marks.candidates.is_empty();
    let mut caption_lines = 0;
    if let Some(title) = opts.title.as_ref().filter(|_| opts.caption) {
        // Pixels a character of the 12 px notes takes at most.
        const CHAR_WIDTH: f64 = 7.0;
        let room = Layout::new(board.k, roomy, 0).width() - 32.0;
        let lines = wrap(title, (room / CHAR_WIDTH) as usize);
        caption_lines = lines.len();
        notes.splice(0..0, lines);
    }
    let layout = Layout::new(board.k, roomy, notes.len());
    let (w, h) = (layout.width(), layout.height());
    let mut out = Writer::new();
    if !opts.inline {
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    }
    let view = format!("0 0 {} {}", Num(w), Num(h));
    out.open(
        "svg",
        &[
            ("xmlns", &"http://www.w3.org/2000/svg"),
            ("class", &"nsudoku"),
            // One image to assistive technology, named by its <title>, not hundreds of texts.
            ("role", &"img"),
            ("width", &Num(w)),
            ("height", &Num(h)),
            ("viewBox", &view),
            ("data-n", &n),
        ],
    );
    out.newline();
    if let Some(t) = &opts.title {
        out.text("title", &[], t);
        out.newline();
    }
    if let Some(t) = &opts.desc {
        out.text("desc", &[], t);
        out.newline();
    }
    if !opts.inline {
        out.raw("<style>\n");
        out.raw(STYLE);
        out.raw("</style>\n");
    }
    out.empty(
        "rect",
        &[("class", &"bg"), ("width", &Num(w)), ("height", &Num(h))],
    );
    out.newline();
    cells(&mut out, &layout, marks, !opts.inline);
    lines(&mut out, &layout);
    labels(&mut out, &layout);
    digits(&mut out, &layout, board);
    candidates(&mut out, &layout, board, marks, all_candidates);
    links(&mut out, &layout, marks);
    for (i, note) in notes.iter().enumerate() {
        let y = layout.margin + layout.cell * n as f64 + 14.0 + 18.0 * i as f64;
        let class = if i < caption_lines { "caption" } else { "note" };
        out.text(
            "text",
            &[
                ("class", &class),
                ("x", &Num(layout.margin)),
                ("y", &Num(y)),
                ("font-size", &12),
            ],
            note,
        );
        out.newline();
    }
    let mut s = out.finish();
    s.push('\n');
    s
}

/// The cells' rects: every cell's when `every`, else only the shaded ones'.
fn cells(out: &mut Writer, l: &Layout, marks: &Marks, every: bool) {
    let shaded = |cell: usize| match marks.cells.get(cell).copied().unwrap_or_default() {
        CellShade::None => every.then_some("cell"),
        CellShade::House => Some("cell house"),
        CellShade::Pattern => Some("cell pat"),
    };
    let mut rows = (0..l.n)
        .filter(|r| (0..l.n).any(|c| shaded(r * l.n + c).is_some()))
        .peekable();
    if rows.peek().is_none() {
        return;
    }
    out.open("g", &[]);
    let side = Num(l.cell);
    for r in rows {
        for cell in r * l.n..(r + 1) * l.n {
            let Some(class) = shaded(cell) else {
                continue;
            };
            let (x, y) = l.cell_xy(cell);
            out.empty(
                "rect",
                &[
                    ("class", &class),
                    ("x", &Num(x)),
                    ("y", &Num(y)),
                    ("width", &side),
                    ("height", &side),
                ],
            );
        }
        out.newline();
    }
    out.close();
    out.newline();
}

fn lines(out: &mut Writer, l: &Layout) {
    let (x0, y0) = (l.margin, l.margin);
    let len = l.cell * l.n as f64;
    let mut thin = String::new();
    let mut heavy = String::new();
    for i in 1..l.n {
        let p = l.cell * i as f64;
        let d = format!(
            "M{} {}h{}M{} {}v{}",
            Num(x0),
            Num(y0 + p),
            Num(len),
            Num(x0 + p),
            Num(y0),
            Num(len)
        );
        if i % l.k == 0 {
            heavy.push_str(&d);
        } else {
            thin.push_str(&d);
        }
    }
    if !thin.is_empty() {
        out.empty("path", &[("class", &"thin"), ("d", &thin)]);
        out.newline();
    }
    if !heavy.is_empty() {
        out.empty("path", &[("class", &"box"), ("d", &heavy)]);
        out.newline();
    }
    out.empty(
        "rect",
        &[
            ("class", &"frame"),
            ("x", &Num(x0)),
            ("y", &Num(y0)),
            ("width", &Num(len)),
            ("height", &Num(len)),
        ],
    );
    out.newline();
}

fn labels(out: &mut Writer, l: &Layout) {
    let size = if l.n >= 100 { 10 } else { 11 };
    out.open("g", &[("class", &"lbl"), ("font-size", &size)]);
    for i in 0..l.n {
        let mid = l.margin + l.cell * (i as f64 + 0.5);
        let label = (i + 1).to_string();
        out.text(
            "text",
            &[("x", &Num(mid)), ("y", &Num(l.margin / 2.0))],
            &label,
        );
        out.text(
            "text",
            &[("x", &Num(l.margin / 2.0)), ("y", &Num(mid))],
            &label,
        );
    }
    out.close();
    out.newline();
}

fn digit_size(l: &Layout, chars: usize) -> Num {
    Num(if chars > 1 {
        l.cell * 0.46
    } else {
        l.cell * 0.62
    })
}

fn digits(out: &mut Writer, l: &Layout, b: &Board) {
    let chars = b.symbol(l.n as u8).chars().count();
    for (class, values) in [("given", &b.givens), ("placed", &b.placed)] {
        out.open(
            "g",
            &[("class", &class), ("font-size", &digit_size(l, chars))],
        );
        for r in 0..l.n {
            let line: Vec<(f64, String)> = (0..l.n)
                .filter(|&c| values[r * l.n + c] != 0)
                .map(|c| {
                    let x = l.margin + l.cell * (c as f64 + 0.5);
                    (x, b.symbol(values[r * l.n + c]))
                })
                .collect();
            text_line(out, l.margin + l.cell * (r as f64 + 0.5), &line);
        }
        out.close();
        out.newline();
    }
}

/// Symbols on one horizontal line: one `<text>` with an x list when every symbol is one
/// character (each character then starts its own centred chunk), else one `<text>` each.
fn text_line(out: &mut Writer, y: f64, items: &[(f64, String)]) {
    if items.is_empty() {
        return;
    }
    if items.iter().all(|(_, s)| s.chars().count() == 1) {
        let xs: Vec<String> = items.iter().map(|(x, _)| Num(*x).to_string()).collect();
        let text: String = items.iter().map(|(_, s)| s.as_str()).collect();
        out.text("text", &[("x", &xs.join(" ")), ("y", &Num(y))], &text);
    } else {
        for (x, s) in items {
            out.text("text", &[("x", &Num(*x)), ("y", &Num(y))], s);
        }
    }
}

fn candidates(out: &mut Writer, l: &Layout, b: &Board, marks: &Marks, all: bool) {
    // Discs behind marked candidates first, so that no disc hides a neighbour's digit.
    let mut marked: Vec<(Candidate, u8)> = marks
        .candidates
        .iter()
        .map(|(&c, &f)| (c, f))
        .filter(|(c, _)| {
            let cell = c.cell as usize;
            cell < b.candidates.len()
                && !b.is_filled(cell)
                && b.candidates[cell].has(c.digit as usize)
        })
        .collect();
    marked.sort();
    candidate_discs(out, l, &marked);
    candidate_digits(out, l, b, marks, all);
    // Strike-through lines last, over the digits.
    candidate_strikes(out, l, &marked);
}

/// A disc behind each candidate marked as placed, on a chain, in a pattern or a fin; a dashed
/// ring around one a forcing chain's trial removes, on its disc when it has one (the
/// candidates a contradiction leaves none of are the pattern's, and the trial removed them
/// all); a dotted ring inside around one a nested trial places.
fn candidate_discs(out: &mut Writer, l: &Layout, marked: &[(Candidate, u8)]) {
    let sub = l.sub();
    out.open("g", &[]);
    for &(c, f) in marked {
        let disc = if f & mark::PLACE != 0 {
            Some("dplace")
        } else if f & mark::CHAIN != 0 {
            Some("dchain")
        } else if f & mark::FIN != 0 {
            Some("dfin")
        } else if f & mark::PATTERN != 0 {
            Some("dpat")
        } else {
            None
        };
        let ring = (f & mark::REMOVED != 0).then_some("dgone");
        let (x, y) = l.candidate_xy(c.cell as usize, c.digit as usize);
        for class in disc.into_iter().chain(ring) {
            out.empty(
                "circle",
                &[
                    ("class", &class),
                    ("cx", &Num(x)),
                    ("cy", &Num(y)),
                    ("r", &Num(sub * 0.46)),
                ],
            );
        }
        // Smaller, so that it stays apart from the outer trial's ring on the same candidate.
        if f & mark::NESTED != 0 {
            out.empty(
                "circle",
                &[
                    ("class", &"dnest"),
                    ("cx", &Num(x)),
                    ("cy", &Num(y)),
                    ("r", &Num(sub * 0.34)),
                ],
            );
        }
    }
    out.close();
    out.newline();
}

/// The candidates' digits: marked ones one element each, the others a line at a time.
fn candidate_digits(out: &mut Writer, l: &Layout, b: &Board, marks: &Marks, all: bool) {
    let chars = b.symbol(l.n as u8).chars().count();
    let sub = l.sub();
    let size = if chars > 1 { sub * 0.62 } else { sub * 0.8 };
    out.open("g", &[("class", &"c"), ("font-size", &Num(size))]);
    // Unmarked candidates go one text element per line of candidates across the grid (an
    // x list places each symbol): six times fewer bytes than one element each.
    for r in 0..l.n {
        for sub_row in 0..l.k {
            let mut line: Vec<(f64, String)> = Vec::new();
            let mut y = 0.0;
            for c in 0..l.n {
                let cell = r * l.n + c;
                if b.is_filled(cell) {
                    continue;
                }
                for d in sub_row * l.k..(sub_row + 1) * l.k {
                    if !b.candidates[cell].has(d) {
                        continue;
                    }
                    let f = marks
                        .candidates
                        .get(&Candidate::new(cell, d))
                        .copied()
                        .unwrap_or(0);
                    let (x, yy) = l.candidate_xy(cell, d);
                    y = yy;
                    let sym = b.symbol(d as u8 + 1);
                    if f & (mark::ELIM | mark::PLACE) != 0 {
                        let class = if f & mark::ELIM != 0 {
                            "c elim"
                        } else {
                            "c place"
                        };
                        out.text(
                            "text",
                            &[("class", &class), ("x", &Num(x)), ("y", &Num(y))],
                            &sym,
                        );
                    } else if all || f != 0 {
                        line.push((x, sym));
                    }
                }
            }
            text_line(out, y, &line);
        }
        out.newline();
    }
    out.close();
    out.newline();
}

/// A stroke through each eliminated candidate.
fn candidate_strikes(out: &mut Writer, l: &Layout, marked: &[(Candidate, u8)]) {
    let sub = l.sub();
    out.open("g", &[("class", &"strike")]);
    for &(c, f) in marked {
        if f & mark::ELIM == 0 {
            continue;
        }
        let (x, y) = l.candidate_xy(c.cell as usize, c.digit as usize);
        let r = sub * 0.38;
        out.empty(
            "path",
            &[(
                "d",
                &format!(
                    "M{} {}L{} {}",
                    Num(x - r),
                    Num(y + r),
                    Num(x + r),
                    Num(y - r)
                ),
            )],
        );
    }
    out.close();
    out.newline();
}

/// Where a link between two chain nodes is drawn: between the nearest candidates of the two
/// (a group node's cells can lie three apart, and its midpoint in a cell without the digit).
/// A candidate two groups share is passed over: a link has two ends.
fn ends(l: &Layout, from: &[Candidate], to: &[Candidate]) -> Option<((f64, f64), (f64, f64))> {
    let xy = |c: &Candidate| l.candidate_xy(c.cell as usize, c.digit as usize);
    let dist = |(a, b): &((f64, f64), (f64, f64))| (b.0 - a.0).hypot(b.1 - a.1);
    from.iter()
        .flat_map(|a| to.iter().map(move |b| (xy(a), xy(b))))
        .filter(|p| dist(p) > 1e-6)
        .min_by(|p, q| dist(p).total_cmp(&dist(q)))
}

fn links(out: &mut Writer, l: &Layout, marks: &Marks) {
    if marks.links.is_empty() {
        return;
    }
    out.open("g", &[]);
    for link in &marks.links {
        let Some(((ax, ay), (bx, by))) = ends(l, &link.from, &link.to) else {
            continue;
        };
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1e-6 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        // Start and end at the edge of the candidates' discs (nearer for two digits of one
        // cell, whose discs touch: the link would have no length); bend a little so that
        // links along one line stay apart and do not run through the digits between.
        let r = (l.sub() * 0.5).min(len * 0.3);
        let (sx, sy) = (ax + ux * r, ay + uy * r);
        let (ex, ey) = (bx - ux * r, by - uy * r);
        let bend = (len * 0.12).min(l.cell * 0.8);
        let (cx, cy) = ((sx + ex) / 2.0 - uy * bend, (sy + ey) / 2.0 + ux * bend);
        let class = match link.kind {
            LinkKind::Strong => "link strong",
            LinkKind::Weak => "link weak",
            LinkKind::Y => "link y",
            LinkKind::Forces | LinkKind::ForcedBy => "link forces",
        };
        out.empty(
            "path",
            &[
                ("class", &class),
                (
                    "d",
                    &format!(
                        "M{} {}Q{} {} {} {}",
                        Num(sx),
                        Num(sy),
                        Num(cx),
                        Num(cy),
                        Num(ex),
                        Num(ey)
                    ),
                ),
            ],
        );
        out.newline();
    }
    out.close();
    out.newline();
}

#[cfg(test)]
mod tests {
    #[test]
    fn grids_in_words_say_each_cell() {
        use super::Board;
        use crate::mask::{Mask, Wide256};
        // 4×4: a given 1, a placed 2, candidates {3,4}, no candidate left, the rest open.
        let mut b = Board {
            k: 2,
            alphabet: crate::alphabet::Alphabet::Standard,
            givens: vec![0; 16],
            placed: vec![0; 16],
            candidates: vec![Wide256::low(4); 16],
        };
        b.givens[0] = 1;
        b.placed[1] = 2;
        b.candidates[2] = Wide256::bit(2) | Wide256::bit(3);
        b.candidates[3] = Wide256::default();
        let rows = b.in_words(true);
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0], "Row 1: 1, 2, one of 3 4, none.");
        assert_eq!(
            rows[3],
            "Row 4: one of 1 2 3 4, one of 1 2 3 4, one of 1 2 3 4, one of 1 2 3 4."
        );
        assert_eq!(b.in_words(false)[0], "Row 1: 1, 2, blank, blank.");
    }

    #[test]
    fn captions_wrap_at_spaces_and_links() {
        let text = "Step 3: X-Chain: 4 in (4)r1c2=(4)r1c8-(4)r5c8=(4)r5c3 => r3c3<>4";
        let lines = super::wrap(text, 20);
        assert_eq!(
            lines,
            [
                "Step 3: X-Chain: 4",
                "in",
                "(4)r1c2=(4)r1c8-",
                "(4)r5c8=(4)r5c3 =>",
                "r3c3<>4"
            ]
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 20));
        let bare = |s: &str| s.replace(' ', "");
        assert_eq!(bare(&lines.concat()), bare(text), "only spaces dropped");
        assert_eq!(super::wrap("a b", 20), ["a b"]);
    }

    use super::*;

    /// A link to a group node ends at the group's candidate nearest the other end, not at the
    /// group's midpoint (which, for r1c7|r4c7, is r2c7 or r3c7, where the digit may be gone).
    #[test]
    fn a_link_to_a_group_ends_at_its_nearest_candidate() {
        let l = Layout::new(3, true, 0);
        let at = |r: usize, c: usize, d: u8| Candidate::new((r - 1) * 9 + c - 1, d as usize);
        let group = [at(1, 7, 1), at(4, 7, 1)];
        let (a, b) = ends(&l, &[at(5, 7, 1)], &group).unwrap();
        assert_eq!(a, l.candidate_xy(4 * 9 + 6, 1));
        assert_eq!(b, l.candidate_xy(3 * 9 + 6, 1));
        assert!(ends(&l, &[], &group).is_none());
        // Groups that share r4c7 link through their other cells.
        let (a, _) = ends(&l, &[at(4, 7, 1), at(6, 7, 1)], &group).unwrap();
        assert_eq!(a, l.candidate_xy(5 * 9 + 6, 1));
    }
}
