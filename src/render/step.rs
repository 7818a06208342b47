//! Drawing one deduction on the state it was found in, from the evidence it carries (never from
//! its text): the evidence houses shaded, the pattern's cells shaded darker, the pattern's digits
//! in those cells on blue discs (a POM step's covers too, with their digit), a finned fish's
//! fins on pink discs in their shaded box, eliminated
//! candidates struck through in red, placed digits on green discs, and chains as curved lines
//! between candidates (strong solid, weak dashed, y-edges dotted) with their nodes on orange
//! discs; a forcing chain's placements on orange discs and its removals in dashed orange rings,
//! and a nested trial's placements in dotted purple rings.

use super::grid::{self, mark, Board, CellShade, Link, Marks, Options};
use crate::alphabet::Alphabet;
use crate::input::Puzzle;
use crate::logic::Deduction;
use crate::topology::Topology;
use std::path::{Path, PathBuf};

/// What `d` adds to a picture of a grid with topology `t`.
pub fn marks(d: &Deduction, t: &Topology) -> Marks {
    let ev = &d.evidence;
    let mut m = Marks {
        cells: vec![CellShade::None; t.cells],
        ..Marks::default()
    };
    for &h in &ev.houses {
        if (h as usize) < t.houses() {
            for &c in t.house(h as usize) {
                m.cells[c as usize] = CellShade::House;
            }
        }
    }
    for &c in &ev.cells {
        if let Some(shade) = m.cells.get_mut(c as usize) {
            *shade = CellShade::Pattern;
        }
    }
    let mut add = |c: crate::logic::Candidate, flag: u8| {
        *m.candidates.entry(c).or_insert(0) |= flag;
    };
    for &cell in &ev.cells {
        for &digit in &ev.digits {
            add(
                crate::logic::Candidate::new(cell as usize, digit as usize),
                mark::PATTERN,
            );
        }
    }
    // A POM step's covers: the cells another digit's templates all meet, with that digit.
    for cut in &ev.cuts {
        for &cell in &cut.cells {
            if let Some(shade) = m.cells.get_mut(cell as usize) {
                *shade = CellShade::Pattern;
                add(
                    crate::logic::Candidate::new(cell as usize, cut.by as usize),
                    mark::PATTERN,
                );
            }
        }
    }
    // A finned fish's fins: their digit on discs of their own, their box shaded, as it holds
    // the removals.
    let fins: Vec<usize> = ev.fins.iter().map(|&c| c as usize).collect();
    if let (Some(&fin), Some(&digit)) = (fins.iter().find(|&&c| c < t.cells), ev.digits.first()) {
        // All in one box.
        for &c in t.house(t.box_house(t.box_of(fin))) {
            let shade = &mut m.cells[c as usize];
            if *shade == CellShade::None {
                *shade = CellShade::House;
            }
        }
        for &cell in fins.iter().filter(|&&c| c < t.cells) {
            add(
                crate::logic::Candidate::new(cell, digit as usize),
                mark::FIN,
            );
        }
    }
    // A forcing chain's node with a weak link is a removal its trial made (`r4c7,r4c8<>2`);
    // the others are placements.
    let forcing = d.technique.is_forcing();
    for node in ev.chain.iter().chain(ev.branches.iter().flatten()) {
        let removed = forcing && node.link == Some(crate::logic::LinkKind::Weak);
        for &c in &node.candidates {
            add(c, if removed { mark::REMOVED } else { mark::CHAIN });
        }
        // A removal proved by a trial of its own: that trial assumed the removed candidate,
        // already ringed, and placed the rest.
        for inner in node
            .nested
            .iter()
            .filter(|n| n.candidates != node.candidates)
        {
            for &c in &inner.candidates {
                add(c, mark::NESTED);
            }
        }
    }
    for &c in &d.eliminations {
        add(c, mark::ELIM);
    }
    for &c in &d.placements {
        add(c, mark::PLACE);
    }
    let chain = &ev.chain;
    // A forcing chain's nodes are steps of a proof, not linked candidates.
    let linked = !forcing;
    for (i, node) in chain.iter().enumerate().filter(|_| linked) {
        let Some(kind) = node.link else { continue };
        // A link on the last node closes a cycle back to the first.
        let next = if i + 1 < chain.len() {
            &chain[i + 1]
        } else if chain.len() > 2 {
            &chain[0]
        } else {
            continue;
        };
        m.links.push(Link {
            from: node.candidates.clone(),
            to: next.candidates.clone(),
            kind,
        });
    }
    // Each branch of a multiple forcing chain is an open chain of its own.
    for branch in &ev.branches {
        for w in branch.windows(2) {
            let Some(kind) = w[0].link else { continue };
            m.links.push(Link {
                from: w[0].candidates.clone(),
                to: w[1].candidates.clone(),
                kind,
            });
        }
    }
    m
}

/// Draw deduction `d` on `board` (the state before the step), with the candidate grid.
///
/// # Panics
///
/// When `board.k` is beyond [`LOGIC`](crate::basis::LOGIC) (up to 100×100: a step comes from
/// the logic layer, and is drawn with its topology); [`grid::draw`] draws a plain grid of any
/// basis.
pub fn draw(board: &Board, d: &Deduction, title: Option<String>, inline: bool) -> String {
    let t = super::topology(board.k);
    let opts = Options {
        candidates: true,
        title,
        caption: !inline,
        // The step's text says what the picture adds to the grid.
        desc: None,
        inline,
    };
    grid::draw(board, &opts, &marks(d, t))
}

/// The text of step `d`, as `explain` prints it: with `rated`, its difficulty on Sudoku
/// Explainer's scale after it (`[2.6]`), as `explain --rated` prints it.
pub fn text(d: &Deduction, t: &Topology, alphabet: Alphabet, rated: bool) -> String {
    let text = d.describe(t, alphabet);
    if rated {
        format!("{text} [{:.1}]", crate::rating::difficulty(d, t))
    } else {
        text
    }
}

/// Write one standalone SVG per step of `steps` (the path of `p` from its start) into `dir`
/// (created when missing), named `{prefix}step-001.svg`, … (zero-padded to the step count),
/// each titled with its step's [`text`]. Returns the files written.
pub fn write_all(
    dir: &Path,
    prefix: &str,
    p: &Puzzle,
    steps: &[Deduction],
    rated: bool,
) -> Result<Vec<PathBuf>, super::Error> {
    super::logic_basis(p)?;
    if dir.exists() && !dir.is_dir() {
        return Err(format!(
            "{} is a file; expected a directory for the pictures",
            dir.display()
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let t = super::topology(p.k);
    let alphabet = p.text_alphabet();
    let width = steps.len().to_string().len().max(3);
    let mut files = Vec::new();
    let mut failed = None;
    super::replay(p, steps, &mut |i, board, d| {
        if failed.is_some() {
            return;
        }
        let text = text(d, t, alphabet, rated);
        let svg = draw(board, d, Some(format!("Step {}: {text}", i + 1)), false);
        let path = dir.join(format!("{prefix}step-{:0width$}.svg", i + 1));
        match std::fs::write(&path, svg) {
            Ok(()) => files.push(path),
            Err(e) => failed = Some(format!("cannot write {}: {e}", path.display())),
        }
    })?;
    match failed {
        Some(e) => Err(e),
        None => Ok(files),
    }
}

/// The files of `dir` named as [`write_all`] names them for `prefix` (`{prefix}step-` digits
/// `.svg`) that are not among `written`, in step order: what an earlier, longer path left.
/// They are the user's files now, so they are named, not removed.
pub fn left_over(dir: &Path, prefix: &str, written: &[PathBuf]) -> Vec<String> {
    let ours = |name: &str| {
        name.strip_prefix(prefix)
            .and_then(|n| n.strip_prefix("step-"))
            .and_then(|n| n.strip_suffix(".svg"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| !written.contains(&e.path()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| ours(n))
        .collect();
    // In step order: a shorter number is an earlier step (step-999 before step-1000).
    names.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    names
}
