//! The solving path as one self-contained web page: the puzzle, then each step as its text line
//! (the same as `explain` prints) and its picture, and the grid it ends on. Previous/next buttons
//! (and the arrow keys) show one step at a time; a check box shows them all. No network, no
//! external scripts or fonts: it opens from disk in any browser, and without JavaScript every
//! step is simply shown in order.
//!
//! The page is also well-formed XML (void elements self-closed, the script in a CDATA section),
//! so the tests check it with the same checker as the pictures.

use super::grid::{self, Board, Marks, Options};
use super::svg::escape;
use super::{replay, step, topology, Error};
use crate::input::Puzzle;
use crate::logic::engine::End;
use crate::logic::Deduction;
use crate::rating::Rating;
use std::io::{self, Write};

const PAGE_STYLE: &str = "\
body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:16px 24px;color:#222;background:#fafafa}
h1{font-size:20px;margin:0 0 4px}
h2{font-size:16px;margin:16px 0 6px}
.meta{color:#555;margin:0 0 8px}
figure{margin:0}
figure,#steps li{overflow-x:auto}
svg.nsudoku{max-width:100%;height:auto;border:1px solid #ddd;background:#fff;box-sizing:border-box}
body.wide svg.nsudoku{max-width:none}
nav{position:sticky;top:0;background:#fafafa;padding:8px 0;z-index:1}
nav button{font-size:15px;padding:4px 14px}
nav button[aria-disabled=true]{opacity:.45}
#pos{display:inline-block;min-width:110px;text-align:center}
#steps{padding-left:0;list-style:none}
#steps li{margin:0 0 18px;scroll-margin-top:3.5em}
.text{font-family:'DejaVu Sans Mono',Consolas,monospace;font-size:14px;font-weight:normal;margin:4px 0 6px;\
word-break:break-word}
.words{margin:4px 0;font-size:14px}
.words p{margin:2px 0}
.legend{padding-left:0;list-style:none}
.legend li{display:inline-block;margin-right:14px}
.legend .sw{display:inline-block;width:14px;height:14px;border-radius:7px;vertical-align:-2px;margin-right:4px;\
font-size:12px;line-height:14px;text-align:center;font-weight:bold;box-sizing:border-box}
.legend .sw.sq{border-radius:0;border:1px solid #ccc}
.legend .sw.ring{border:1.5px dashed #9c3f00}
.legend .sw.nest{border:1.5px dotted #6b2fa0}
.legend .sw.elim{color:#951a28;text-decoration:line-through;text-decoration-thickness:2px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media print{
nav{display:none}
#steps li[hidden]{display:block}
#steps li{break-inside:avoid}
body{background:#fff;margin:0}
body.wide svg.nsudoku{max-width:100%}
*{print-color-adjust:exact;-webkit-print-color-adjust:exact}
}
";

const SCRIPT: &str = "\
(function () {
  var steps = document.querySelectorAll('#steps > li'), i = 0;
  var all = document.getElementById('all'), pos = document.getElementById('pos');
  var prev = document.getElementById('prev'), next = document.getElementById('next');
  var said = document.getElementById('said'), fit = document.getElementById('fit');
  function show() {
    for (var j = 0; j < steps.length; j++) steps[j].hidden = !all.checked && j !== i;
    // The last item is the end grid, not a step.
    var n = steps.length - 1;
    var at = i < n ? 'step ' + (i + 1) + ' of ' + n : 'end';
    pos.textContent = all.checked ? n + (n === 1 ? ' step' : ' steps') : at;
    // aria-disabled, not disabled: a button that gets disabled would drop the focus.
    prev.setAttribute('aria-disabled', all.checked || i === 0);
    next.setAttribute('aria-disabled', all.checked || i === n);
    // A screen reader reads the step shown, not just its number; the same words are not
    // written again (Next at the end), as a reader would say them again.
    var text = steps[i].querySelector('.text').textContent.replace(/^\\d+\\. /, '');
    var say = all.checked ? '' : at + ': ' + text;
    if (said.textContent !== say) said.textContent = say;
  }
  function mark() {
    // The address names the step shown, to reload or share it.
    if (history.replaceState) history.replaceState(null, '', '#step-' + (i + 1));
  }
  function go(d) {
    if (all.checked) return;
    i = Math.max(0, Math.min(steps.length - 1, i + d));
    mark();
    show();
  }
  function fromHash() {
    // No hash (Back to the page as opened) is its first step; another anchor moves nothing.
    var m = location.hash.match(/^#step-(\\d+)$/) || (location.hash ? null : [0, 1]);
    if (!m) return;
    i = Math.max(0, Math.min(steps.length - 1, m[1] - 1));
    if (m[1] - 1 !== i) mark();
  }
  function fitted() { document.body.classList.toggle('wide', !fit.checked); }
  prev.onclick = function () { go(-1); };
  next.onclick = function () { go(1); };
  all.onchange = show;
  // A box the browser ticked again on reload fits the pictures too.
  if (fit) { fit.onchange = fitted; fitted(); }
  window.onhashchange = function () { fromHash(); show(); };
  document.onkeydown = function (e) {
    // Alt+Left is the browser's Back, and a key held with a modifier is the browser's own.
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    // A focused picture wider than its box scrolls sideways with the arrows.
    var t = e.target;
    if (t !== document.body && t.scrollWidth > t.clientWidth) return;
    if (e.key === 'ArrowLeft') go(-1);
    if (e.key === 'ArrowRight') go(1);
  };
  fromHash();
  document.getElementById('nav').hidden = false;
  show();
})();
";

/// How a path ended, in words.
pub fn end_text(end: End) -> &'static str {
    match end {
        End::Solved => "Solved.",
        End::Stuck => "Stuck: none of the techniques run applies.",
        End::Contradiction => "Contradiction: after the last step the grid has no solution.",
        End::StepLimit => "Stopped at the step limit.",
        End::Timeout => "Stopped at the time limit.",
    }
}

/// `board` in words, a paragraph a row, folded under `summary`.
fn in_words(summary: &str, board: &Board, candidates: bool) -> String {
    let mut out = format!("<details class=\"words\"><summary>{summary}</summary>\n");
    for row in board.in_words(candidates) {
        out.push_str(&format!("<p>{}</p>\n", escape(&row)));
    }
    out.push_str("</details>\n");
    out
}

/// A page's closing words: how the path ended and, when the puzzle has not one solution, why
/// (`verdict`, as stderr says it: `several solutions`), so that a page read later keeps it.
fn end_words(end: End, verdict: Option<&str>) -> String {
    let mut words = end_text(end).to_string();
    if let Some(v) = verdict.filter(|v| !v.is_empty()) {
        words = format!("{words} {}.", sentence(v));
    }
    words
}

/// `words` begun with a capital.
fn sentence(words: &str) -> String {
    let mut chars = words.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    format!("{}{}", first.unwrap_or_default(), chars.as_str())
}

/// The rating's sentence, escaped, linked to the hardest step (the page shows it when
/// followed, as it shows any `#step-N`).
fn rating_words(r: &Rating) -> String {
    let words = escape(&format!("{}.", sentence(&r.summary())));
    match r.hardest_step {
        Some(i) => format!(" <a href=\"#step-{i}\">{words}</a>"),
        None => format!(" {words}"),
    }
}

/// What a page says besides its puzzle and steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heading<'a> {
    /// Heads the page (e.g. the file and line of the puzzle).
    pub title: &'a str,
    /// Why the puzzle has not one solution, when it has not (`several solutions`, `no
    /// solution; …`), as stderr says it: a page read later keeps it.
    pub verdict: Option<&'a str>,
    /// Each step's text ends with its difficulty on Sudoku Explainer's scale (`[2.6]`), as
    /// `explain --rated` prints it.
    pub rated: bool,
    /// The path's rating, said under the title and at the end (`explain --rated` gives it).
    pub rating: Option<&'a Rating>,
}

/// Why a page was not written whole.
#[derive(Debug)]
pub enum PageError {
    /// The puzzle or a step does not fit a page: a basis beyond the logic layer, givens that
    /// clash, a step off the grid or one that breaks it before the last.
    Unfit(Error),
    /// The writer failed.
    Io(io::Error),
}

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PageError::Unfit(why) => f.write_str(why),
            PageError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PageError {}

/// The page for puzzle `p` solved by `steps` (in order, from the start), which ended as `end`,
/// headed as `heading` says. (For a long path, [`write_page`] writes it as it goes.)
pub fn page(p: &Puzzle, steps: &[Deduction], end: End, heading: &Heading) -> Result<String, Error> {
    let mut out = Vec::new();
    write_page(&mut out, p, steps, end, heading).map_err(|e| e.to_string())?;
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// [`page`] written to `w` step by step: a path of thousands of steps on a big grid makes a
/// page of a gigabyte, which is never held whole. The basis is checked before anything is
/// written; givens that clash, or a step that does not fit, stop the page after its head or
/// where the step is (with [`PageError::Unfit`]).
pub fn write_page(
    w: &mut (impl Write + ?Sized),
    p: &Puzzle,
    steps: &[Deduction],
    end: End,
    heading: &Heading,
) -> Result<(), PageError> {
    let Heading {
        title,
        verdict,
        rated,
        rating,
    } = *heading;
    super::logic_basis(p).map_err(PageError::Unfit)?;
    let n = p.n();
    let t = topology(p.k);
    let alphabet = p.text_alphabet();
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
    out.push_str(&format!("<title>{}</title>\n<style>\n", escape(title)));
    out.push_str(PAGE_STYLE);
    out.push_str(grid::STYLE);
    // Past 16×16 a picture fitted to the window shrinks its candidates below reading size:
    // such pages keep pictures at their size and scroll them, unless the reader asks to fit.
    let wide = n > 16;
    out.push_str("</style>\n</head>\n");
    out.push_str(if wide {
        "<body class=\"wide\">\n<main>\n"
    } else {
        "<body>\n<main>\n"
    });
    out.push_str(&format!("<h1>{}</h1>\n", escape(title)));
    let rating = rating.map(rating_words).unwrap_or_default();
    out.push_str(&format!(
        "<p class=\"meta\">{n}&#215;{n} puzzle, {} step{}. {}{rating}</p>\n",
        steps.len(),
        if steps.len() == 1 { "" } else { "s" },
        escape(&end_words(end, verdict))
    ));
    out.push_str("<h2>Puzzle</h2>\n<figure id=\"puzzle\">\n");
    // The grids are in words beside their pictures (folded away), where a screen reader
    // reaches them: a picture is one image to it.
    let inline = |title: String| Options {
        candidates: false,
        title: Some(title),
        caption: false,
        desc: None,
        inline: true,
    };
    let start = Board::from_puzzle(p);
    out.push_str(&grid::draw(
        &start,
        &inline("Puzzle".into()),
        &Marks::default(),
    ));
    out.push_str(&in_words("The puzzle in words", &start, false));
    out.push_str("</figure>\n<h2>Steps</h2>\n");
    out.push_str(
        "<ul class=\"legend\" aria-label=\"Legend\">\
<li><span aria-hidden=\"true\" class=\"sw sq\" style=\"background:#fff3b8\"></span>houses of the evidence</li>\
<li><span aria-hidden=\"true\" class=\"sw sq\" style=\"background:#cfe2ff\"></span><span aria-hidden=\"true\" class=\"sw\" style=\"background:#99c1f1\"></span>\
cells and digits of the pattern</li>\
<li><span aria-hidden=\"true\" class=\"sw\" style=\"background:#f5b8d2\"></span>a finned fish's fins</li>\
<li><span aria-hidden=\"true\" class=\"sw\" style=\"background:#ffbe6f\"></span>chain: solid line strong, dashed weak, dotted y</li>\
<li><span aria-hidden=\"true\" class=\"sw ring\"></span>removed by a forcing chain's trial</li>\
<li><span aria-hidden=\"true\" class=\"sw nest\"></span>placed by a nested trial</li>\
<li><span aria-hidden=\"true\" class=\"sw\" style=\"background:#1a7f4b;color:#fff\">1</span>placed</li>\
<li><span aria-hidden=\"true\" class=\"sw elim\">1</span>eliminated, struck through</li></ul>\n",
    );
    out.push_str(
        "<nav id=\"nav\" aria-label=\"Steps\" hidden=\"hidden\">\
<button id=\"prev\" type=\"button\">&#9664; Previous</button> \
<span id=\"pos\"></span> <button id=\"next\" type=\"button\">Next &#9654;</button> \
<label><input type=\"checkbox\" id=\"all\"/> show all steps</label>",
    );
    if wide {
        out.push_str(
            " <label><input type=\"checkbox\" id=\"fit\"/> fit pictures to the window</label>",
        );
    }
    out.push_str(
        "<span id=\"said\" class=\"sr\" aria-live=\"polite\"></span></nav>\n<ol id=\"steps\">\n",
    );
    let total = steps.len();
    // Each step goes out when drawn; the first failure of the writer ends the writing.
    let mut failed = w.write_all(out.as_bytes()).err();
    out.clear();
    let last = replay(p, steps, &mut |i, board, d| {
        if failed.is_some() {
            return;
        }
        let text = step::text(d, t, alphabet, rated);
        // A heading each, so that a screen reader goes from step to step by headings.
        out.push_str(&format!(
            "<li id=\"step-{}\"><h3 class=\"text\">{}. {}</h3>\n",
            i + 1,
            i + 1,
            escape(&text)
        ));
        // The paragraph above says the step; a picture named by the same words would be
        // read twice by a screen reader.
        out.push_str(&step::draw(
            board,
            d,
            Some(format!("Grid at step {} of {total}", i + 1)),
            true,
        ));
        out.push_str("</li>\n");
        failed = w.write_all(out.as_bytes()).err();
        out.clear();
    })
    .map_err(PageError::Unfit)?;
    if let Some(e) = failed {
        return Err(PageError::Io(e));
    }
    out.push_str(&format!(
        "<li id=\"step-{}\"><h3 class=\"text\">{}{rating}</h3>\n",
        total + 1,
        escape(&end_words(end, verdict))
    ));
    let end_opts = Options {
        candidates: end != End::Solved,
        ..inline("End".into())
    };
    out.push_str(&grid::draw(&last, &end_opts, &Marks::default()));
    let words = match end {
        End::Solved => "The solution in words",
        _ => "The candidates left in words",
    };
    out.push_str(&in_words(words, &last, end_opts.candidates));
    out.push_str("</li>\n</ol>\n</main>\n<script>//<![CDATA[\n");
    out.push_str(SCRIPT);
    out.push_str("//]]></script>\n</body>\n</html>\n");
    w.write_all(out.as_bytes()).map_err(PageError::Io)
}
