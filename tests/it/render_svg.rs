//! The pictures: well-formed XML, an element only for a shaded cell, the right candidates struck and
//! placed for a known step, chain links in the right styles, the size note above 36×36.

use nsudoku::basis::B3;
use nsudoku::input::{self, Puzzle};
use nsudoku::logic::{Candidate, ChainNode, Deduction, LinkKind, State, Technique};
use nsudoku::render::grid::{self, CellShade, Layout, Marks, MAX_CANDIDATE_N};
use nsudoku::render::svg::check_well_formed;
use nsudoku::render::{self, html, step, Board, Options};
use nsudoku::{Grid, Mask};
use std::collections::BTreeSet;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn puzzle(text: &str) -> Puzzle {
    input::read_one(text, Default::default()).unwrap()
}

/// A 16×16 puzzle from ../shared/data/16x16/goomii_hard300.txt (line 1).
const P16: &str = "D.F.E.43...1........1C6....F.4.7....G.....A4.........7F86.32...B..D..E....C3..8.8.....74.1..B..6...3C..5D...F.....56.F...48..EAC4......28.D...5G.G...D...A.7.1.35.1.F..7..6G.A2.2.E.9....3..DBC..E.C2.........G5GAB..1.C.....8.F7..F...D..9.E....3.5.8....4E....";

/// A solved grid of basis `k` (the pattern one), with every other cell emptied.
fn pattern_puzzle(k: usize) -> Puzzle {
    let n = k * k;
    let digits: Vec<u8> = (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            if (r + c) % 2 == 0 {
                0
            } else {
                ((k * (r % k) + r / k + c) % n + 1) as u8
            }
        })
        .collect();
    Puzzle::from_digits(k, &digits, nsudoku::Alphabet::Standard).unwrap()
}

fn count(doc: &str, needle: &str) -> usize {
    doc.matches(needle).count()
}

/// The marks of class `class` (`dfin`) in the well-formed picture of step `d` on `board`.
fn drawn_discs(board: &Board, d: &Deduction, class: &str) -> usize {
    let svg = step::draw(board, d, None, false);
    check_well_formed(&svg).unwrap();
    count(&svg, &format!("class=\"{class}\""))
}

/// Every `<text …>sym</text>` with class `class`: (x, y, symbol).
fn texts_of_class(doc: &str, class: &str) -> Vec<(f64, f64, String)> {
    let open = format!("<text class=\"{class}\" ");
    let mut out = Vec::new();
    for part in doc.split(&open).skip(1) {
        let attr = |name: &str| -> f64 {
            let start = part.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            let end = start + part[start..].find('"').unwrap();
            part[start..end].parse().unwrap()
        };
        let gt = part.find('>').unwrap();
        let lt = part.find("</text>").unwrap();
        out.push((attr("x"), attr("y"), part[gt + 1..lt].to_string()));
    }
    out
}

/// The candidate a text at (x, y) stands for, by the layout's geometry.
fn candidate_at(l: &Layout, x: f64, y: f64) -> Candidate {
    let sub = l.sub();
    let gx = ((x - l.margin) / sub).floor() as usize;
    let gy = ((y - l.margin) / sub).floor() as usize;
    let cell = (gy / l.k) * l.n + gx / l.k;
    let digit = (gy % l.k) * l.k + gx % l.k;
    Candidate::new(cell, digit)
}

#[test]
fn every_picture_is_well_formed_and_unshaded() {
    for k in 2..=6 {
        let p = pattern_puzzle(k);
        let boards = [
            (Board::from_puzzle(&p), false),
            (render::initial_candidates(&p).unwrap(), true),
        ];
        for (b, candidates) in boards {
            let opts = Options {
                candidates,
                title: Some("a <title> & more".into()),
                // The title written under the grid too, escaped as in <title>.
                caption: candidates,
                // Escaped as the title is.
                desc: Some("Row 1: <1> & 2".into()),
                inline: false,
            };
            let svg = grid::draw(&b, &opts, &Marks::default());
            check_well_formed(&svg).unwrap_or_else(|e| panic!("k={k}: {e}"));
            let caption = "class=\"caption\" x=\"";
            assert_eq!(count(&svg, caption), usize::from(candidates), "k={k}");
            let escaped = "a &lt;title&gt; &amp; more</text>";
            assert_eq!(svg.contains(escaped), candidates, "k={k}");
            // One element per cell, none shaded.
            let n = k * k;
            assert_eq!(count(&svg, "<rect class=\"cell\""), n * n, "k={k}");
            assert_eq!(count(&svg, "<rect class=\"cell"), n * n, "k={k}");
            assert!(
                !svg.contains("class=\"note\""),
                "k={k}: no note below 36x36"
            );
        }
    }
}

#[test]
fn large_grids_say_candidates_are_dropped() {
    let p = pattern_puzzle(7);
    let b = render::initial_candidates(&p).unwrap();
    let opts = Options {
        candidates: true,
        ..Options::default()
    };
    let svg = grid::draw(&b, &opts, &Marks::default());
    check_well_formed(&svg).unwrap();
    assert_eq!(count(&svg, "<rect class=\"cell\""), 49 * 49);
    assert!(svg.contains(&format!(
        "Candidates are drawn up to {MAX_CANDIDATE_N}x{MAX_CANDIDATE_N}; this grid is 49x49"
    )));
    // 100×100: plain digits (decimal, the alphabet stops at 61), still one rect per cell.
    let p = pattern_puzzle(10);
    let svg = grid::draw(
        &Board::from_puzzle(&p),
        &Options::default(),
        &Marks::default(),
    );
    check_well_formed(&svg).unwrap();
    assert_eq!(count(&svg, "<rect class=\"cell\""), 100 * 100);
    assert!(
        svg.contains(">100<") || svg.contains(" 100 "),
        "labels go to 100"
    );
}

#[test]
fn givens_and_placed_digits_differ() {
    let p = puzzle(EASY);
    let sol = nsudoku::solve::unique_solution(&p).unwrap();
    let svg = grid::draw(
        &Board::with_solution(&p, &sol),
        &Options::default(),
        &Marks::default(),
    );
    check_well_formed(&svg).unwrap();
    let group = |class: &str| -> usize {
        let start = svg.find(&format!("<g class=\"{class}\"")).unwrap();
        let end = start + svg[start..].find("</g>").unwrap();
        let inner = &svg[start..end];
        // One x-list text per row: count the symbols.
        inner
            .split("</text>")
            .filter_map(|t| t.rsplit('>').next())
            .map(|s| s.chars().count())
            .sum()
    };
    let givens = p.digits().iter().filter(|&&d| d != 0).count();
    assert_eq!(group("given"), givens);
    assert_eq!(group("placed"), 81 - givens);
}

/// A known step: pointing found by a plain reference on the start of EASY (a box whose
/// candidates of one digit lie in one row or column), drawn with a made-up chain through it.
fn known_step(s: &State<B3>) -> Deduction {
    let t = nsudoku::render::topology(3);
    for b in 18..27 {
        for d in 0..9 {
            let cells: Vec<usize> = t
                .house(b)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !s.is_solved(c) && s.get(c).has(d))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            for line in [t.row(cells[0]), 9 + t.col(cells[0])] {
                let inside = cells
                    .iter()
                    .all(|&c| t.houses_of(c).contains(&(line as u16)));
                if !inside {
                    continue;
                }
                let elims: Vec<Candidate> = t
                    .house(line)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| t.box_of(c) + 18 != b && !s.is_solved(c) && s.get(c).has(d))
                    .map(|c| Candidate::new(c, d))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let mut ded = Deduction::new(Technique::Pointing);
                ded.eliminations = elims;
                ded.evidence.houses = vec![b as u16, line as u16];
                ded.evidence.cells = cells.iter().map(|&c| c as u16).collect();
                ded.evidence.digits = vec![d as u8];
                return ded;
            }
        }
    }
    panic!("no pointing in the test puzzle");
}

#[test]
fn a_step_strikes_exactly_its_eliminations() {
    let p = puzzle(EASY);
    let s = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
    let mut d = known_step(&s);
    // A placement and a chain too, to see every kind of mark: cell r1c6 can only be 1 here
    // (hidden single in row 1), and a 3-node chain with each kind of link.
    d.placements.push(Candidate::new(5, 0));
    let c0 = d.evidence.cells[0] as usize;
    let dig = d.evidence.digits[0] as usize;
    let e0 = d.eliminations[0];
    d.evidence.chain = vec![
        ChainNode::new(vec![Candidate::new(c0, dig)], Some(LinkKind::Strong)),
        ChainNode::new(
            vec![Candidate::new(d.evidence.cells[1] as usize, dig)],
            Some(LinkKind::Weak),
        ),
        ChainNode::new(vec![e0], Some(LinkKind::Y)),
    ];
    let board = Board::from_state(&p, &s);
    let svg = step::draw(&board, &d, Some("test".into()), false);
    check_well_formed(&svg).unwrap();
    // One element per cell, 15 of them shaded (below).
    assert_eq!(count(&svg, "<rect class=\"cell"), 81);
    assert_eq!(count(&svg, "<rect class=\"cell\""), 81 - 15);
    let l = Layout::new(3, true, 0);
    let struck: BTreeSet<Candidate> = texts_of_class(&svg, "c elim")
        .into_iter()
        .map(|(x, y, sym)| {
            let c = candidate_at(&l, x, y);
            assert_eq!(
                sym,
                (c.digit + 1).to_string(),
                "symbol matches its position"
            );
            c
        })
        .collect();
    let want: BTreeSet<Candidate> = d.eliminations.iter().copied().collect();
    assert!(!want.is_empty());
    assert_eq!(struck, want);
    let strike_group = &svg[svg.find("<g class=\"strike\">").unwrap()..];
    let strike_group = &strike_group[..strike_group.find("</g>").unwrap()];
    assert_eq!(count(strike_group, "<path"), want.len());
    let placed: Vec<Candidate> = texts_of_class(&svg, "c place")
        .into_iter()
        .map(|(x, y, _)| candidate_at(&l, x, y))
        .collect();
    assert_eq!(placed, vec![Candidate::new(5, 0)]);
    // Shading: the box and the line of the evidence, the pattern cells darker.
    let pat = d.evidence.cells.len();
    assert_eq!(count(&svg, "<rect class=\"cell pat\""), pat);
    assert_eq!(count(&svg, "<rect class=\"cell house\""), 15 - pat);
    // The chain: strong, weak, then the y link closing the cycle back to the first node.
    assert_eq!(count(&svg, "class=\"link strong\""), 1);
    assert_eq!(count(&svg, "class=\"link weak\""), 1);
    assert_eq!(count(&svg, "class=\"link y\""), 1);
    assert_eq!(count(&svg, "class=\"dchain\""), 3);
}

/// A writer that keeps each write apart, and fails every write after its first `ok`.
struct Chunks {
    seen: Vec<Vec<u8>>,
    ok: usize,
}

impl std::io::Write for Chunks {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.seen.len() == self.ok {
            return Err(std::io::Error::other("full"));
        }
        self.seen.push(buf.to_vec());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The page goes out step by step, never held whole (a long path on a big grid makes a page
/// of a gigabyte), and the same as [`html::page`]; a writer that fails stops it.
#[test]
fn the_path_page_is_written_step_by_step() {
    let p = puzzle(P16);
    let run = render::solve_path(&p, None, &Default::default(), usize::MAX).unwrap();
    let heading = html::Heading::default();
    let mut w = Chunks {
        seen: Vec::new(),
        ok: usize::MAX,
    };
    html::write_page(&mut w, &p, &run.steps, run.end, &heading).unwrap();
    // The head, each step, the end.
    assert_eq!(w.seen.len(), run.steps.len() + 2);
    let page = html::page(&p, &run.steps, run.end, &heading).unwrap();
    assert_eq!(w.seen.concat(), page.as_bytes());
    let mut w = Chunks {
        seen: Vec::new(),
        ok: 3,
    };
    let e = html::write_page(&mut w, &p, &run.steps, run.end, &heading).unwrap_err();
    assert!(matches!(e, html::PageError::Io(_)), "{e}");
    assert_eq!(w.seen.len(), 3);
}

#[test]
fn the_path_page_is_well_formed_and_holds_every_step() {
    // A 25×25 one too, solved by singles alone, for the page of a wide grid.
    for p in [puzzle(EASY), puzzle(P16), pattern_puzzle(5)] {
        let run = render::solve_path(&p, None, &Default::default(), usize::MAX).unwrap();
        assert!(!run.steps.is_empty());
        let page = html::page(
            &p,
            &run.steps,
            run.end,
            &html::Heading {
                title: "test <page>",
                ..Default::default()
            },
        )
        .unwrap();
        check_well_formed(&page).unwrap();
        let n = p.n();
        // Puzzle, each step, the end.
        assert_eq!(count(&page, "<svg "), run.steps.len() + 2);
        // Inside the page, a rect for each cell a step shades and none for the others (the
        // background stands for them: a rect each would triple a 25×25 page).
        let t = render::topology(p.k);
        let shaded: usize = run
            .steps
            .iter()
            .map(|d| {
                let m = step::marks(d, t);
                m.cells.iter().filter(|&&c| c != CellShade::None).count()
            })
            .sum();
        assert!(shaded >= run.steps.len() && shaded <= n * n * run.steps.len());
        assert_eq!(count(&page, "<rect class=\"cell "), shaded);
        assert_eq!(count(&page, "<rect class=\"cell\""), 0);
        assert_eq!(count(&page, "<li id=\"step-"), run.steps.len() + 1);
        // Each picture is one image to assistive technology, named by its title; the steps
        // shown are read out, and the page has its landmarks.
        assert_eq!(count(&page, "role=\"img\""), run.steps.len() + 2);
        for landmark in [
            "<main>",
            "<nav id=\"nav\" aria-label=\"Steps\"",
            "aria-live=\"polite\"",
        ] {
            assert_eq!(count(&page, landmark), 1, "{landmark}");
        }
        // Past 16×16 pictures keep their size and scroll; a box to fit them is offered.
        let wide = n > 16;
        assert_eq!(page.contains("<body class=\"wide\">"), wide);
        assert_eq!(page.contains("id=\"fit\""), wide);
        for external in ["<link", "src=", "url(", "@import", "https:"] {
            assert!(
                !page.contains(external),
                "self-contained, but has {external}"
            );
        }
        let t = render::topology(p.k);
        // A step's words are on the page once: its picture is named apart, not by them again.
        let first = run.steps[0].describe(t, p.alphabet);
        assert_eq!(count(&page, &nsudoku::render::svg::escape(&first)), 1);
        let named = format!("<title>Grid at step 1 of {}</title>", run.steps.len());
        assert_eq!(count(&page, &named), 1);
    }
}

/// Line 1 of ../shared/data/9x9/magictour_top1465.txt: with singles and locked candidates only,
/// its path needs forcing chains (+).
const TOP1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn a_forcing_chain_picture_rings_the_removals_of_its_trial() {
    let p = puzzle(TOP1);
    let list = Technique::parse_list("singles,locked-candidates,forcing-chain-plus", 9).unwrap();
    let run = render::solve_path(&p, Some(&list), &Default::default(), usize::MAX).unwrap();
    let t = render::topology(3);
    let (mut sweeps, mut overlaps) = (0, 0);
    render::replay(&p, &run.steps, &mut |_, board, d| {
        if !d.technique.is_forcing() {
            return;
        }
        // The removals of the trial (`r4c4,r4c6<>4`), and the placements it makes.
        let nodes = |weak: bool| -> BTreeSet<Candidate> {
            d.evidence
                .chain
                .iter()
                .filter(|n| (n.link == Some(LinkKind::Weak)) == weak)
                .flat_map(|n| n.candidates.iter().copied())
                .collect()
        };
        let (removed, placed) = (nodes(true), nodes(false));
        assert!(removed.is_disjoint(&placed));
        let m = step::marks(d, t);
        for (c, &f) in &m.candidates {
            assert_eq!(f & grid::mark::REMOVED != 0, removed.contains(c), "{c:?}");
            assert_eq!(f & grid::mark::CHAIN != 0, placed.contains(c), "{c:?}");
        }
        // A proof by assumption draws no links.
        assert!(m.links.is_empty());
        // A ring for each removal, on the blue disc of the contradiction's candidates (the
        // pattern: the trial removed them all) when it is one of them; a disc for each
        // placement.
        let svg = step::draw(board, d, None, false);
        check_well_formed(&svg).unwrap();
        assert_eq!(count(&svg, "class=\"dgone\""), removed.len());
        assert_eq!(count(&svg, "class=\"dchain\""), placed.len());
        sweeps += usize::from(!removed.is_empty());
        let pattern: BTreeSet<Candidate> = m
            .candidates
            .iter()
            .filter(|(_, &f)| f & grid::mark::PATTERN != 0)
            .map(|(&c, _)| c)
            .collect();
        overlaps += usize::from(!removed.is_disjoint(&pattern));
    })
    .unwrap();
    // The path has both kinds of step this test is about.
    assert!(
        sweeps > 0 && overlaps > 0,
        "{sweeps} sweeps, {overlaps} overlaps"
    );
}

#[test]
fn a_nested_forcing_chain_picture_rings_the_placements_of_its_inner_trials() {
    let hardest = include_str!("../data/9x9_forum_hardest_1106_first5.txt");
    let p = puzzle(hardest.lines().next().unwrap());
    let list = "singles,locked-candidates,forcing-chain,forcing-chain-plus,forcing-chain-nested";
    let list = Technique::parse_list(list, 9).unwrap();
    let run = render::solve_path(&p, Some(&list), &Default::default(), 20).unwrap();
    let t = render::topology(3);
    let mut nested = 0;
    render::replay(&p, &run.steps, &mut |_, board, d| {
        if d.technique != Technique::ForcingChainNested {
            return;
        }
        // What each inner trial placed after assuming the candidate the outer trial removes.
        let inner: BTreeSet<Candidate> = d
            .evidence
            .chain
            .iter()
            .flat_map(|n| n.nested.iter().filter(|i| i.candidates != n.candidates))
            .flat_map(|i| i.candidates.iter().copied())
            .collect();
        assert!(!inner.is_empty());
        let m = step::marks(d, t);
        for (c, &f) in &m.candidates {
            assert_eq!(f & grid::mark::NESTED != 0, inner.contains(c), "{c:?}");
        }
        assert_eq!(drawn_discs(board, d, "dnest"), inner.len());
        nested += 1;
    })
    .unwrap();
    assert!(nested > 0, "no nested forcing chain in the first 20 steps");
}

#[test]
fn a_pom_step_picture_shades_the_covers_it_names() {
    // magictour_top1465 line 65: its pom-covers steps drop templates for other digits' covers.
    let p =
        puzzle("..3...67.5.....3...4.......6..3......8......4...7....12......5.....98.......41...");
    let list = Technique::parse_list("singles,locked-candidates,pom-covers", 9).unwrap();
    let run = render::solve_path(&p, Some(&list), &Default::default(), usize::MAX).unwrap();
    let t = render::topology(3);
    let mut covers = 0;
    render::replay(&p, &run.steps, &mut |_, board, d| {
        if d.technique != Technique::PomCovers {
            return;
        }
        let cells: BTreeSet<u16> = d
            .evidence
            .cuts
            .iter()
            .flat_map(|c| c.cells.clone())
            .collect();
        let m = step::marks(d, t);
        for (c, shade) in m.cells.iter().enumerate() {
            assert_eq!(*shade == CellShade::Pattern, cells.contains(&(c as u16)));
        }
        for cut in &d.evidence.cuts {
            for &c in &cut.cells {
                let flag = m.candidates[&Candidate::new(c as usize, cut.by as usize)];
                assert_ne!(flag & grid::mark::PATTERN, 0);
            }
        }
        let svg = step::draw(board, d, None, false);
        check_well_formed(&svg).unwrap();
        assert_eq!(count(&svg, "<rect class=\"cell pat\""), cells.len());
        covers += cells.len();
    })
    .unwrap();
    assert!(covers > 0, "no step named a cover");
}

/// A plain grid is drawn at every basis the reader takes; a step only where the logic layer
/// is built (up to 100×100), as `step::draw` documents.
#[test]
#[should_panic(expected = "basis 11 is beyond the logic layer")]
fn a_step_is_drawn_up_to_100x100_a_plain_grid_beyond() {
    let p = Puzzle::from_digits(11, &[0; 14641], nsudoku::Alphabet::Standard).unwrap();
    let board = Board::from_puzzle(&p);
    check_well_formed(&grid::draw(&board, &Options::default(), &Marks::default())).unwrap();
    step::draw(&board, &Deduction::new(Technique::NakedSingle), None, false);
}

/// A finned fish's fins have discs of their own, and their box, which holds the removals, is
/// shaded: the picture looked like a plain X-Wing removing a candidate for no visible reason.
#[test]
fn a_finned_fish_picture_marks_its_fins() {
    // Line 7 (goomii_hard300 line 7): two sashimi X-Wings on this path.
    let hard = include_str!("../data/16x16_goomii_hard300_first8.txt");
    let p = puzzle(hard.lines().nth(6).unwrap());
    let list = "singles,locked-candidates,naked-tuple,hidden-tuple,finned-fish";
    let list = Technique::parse_list(list, 16).unwrap();
    let run = render::solve_path(&p, Some(&list), &Default::default(), usize::MAX).unwrap();
    let t = render::topology(4);
    let mut finned = 0;
    render::replay(&p, &run.steps, &mut |_, board, d| {
        let fins = &d.evidence.fins;
        if fins.is_empty() {
            return;
        }
        let digit = d.evidence.digits[0] as usize;
        let m = step::marks(d, t);
        for (c, &f) in &m.candidates {
            let fin = c.digit as usize == digit && fins.contains(&c.cell);
            assert_eq!(f & grid::mark::FIN != 0, fin, "{c:?}");
        }
        let fin_box = t.house(t.box_house(t.box_of(fins[0] as usize)));
        assert!(fin_box
            .iter()
            .all(|&c| m.cells[c as usize] != CellShade::None));
        assert_eq!(drawn_discs(board, d, "dfin"), fins.len());
        finned += 1;
    })
    .unwrap();
    assert!(finned > 0, "no finned fish on the path");
}
