//! Coloring by the ternary edge algebra: the product table and tri-cycles, the issue's checks,
//! hand-made single-digit patterns with exact eliminations, and soundness of every deduction on
//! 9×9, 16×16 and 25×25 puzzles.

use crate::common;
use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::coloring::algebra::{collapse, product, tri_cycle, Edge, Verdict, TRI_CYCLES};
use nsudoku::logic::{
    check, engine, find_all, Candidate, Config, Deduction, LinkKind, State, Technique,
};
use nsudoku::mask::MaskList;
use nsudoku::topology::Topology;
use nsudoku::{input, solve, Alphabet, Basis, Grid, Mask};

const COLORING: [Technique; 5] = [
    Technique::SimpleColoring,
    Technique::MultiColoring,
    Technique::XCycle,
    Technique::YCycle,
    Technique::YKnot,
];

// ---------------------------------------------------------------- the algebra

/// The relation an edge type stands for, on (one end is c, other end is c).
fn holds(e: Edge, x: bool, y: bool) -> bool {
    !(e.is_weak() && x && y) && (!e.is_y() || x || y)
}

/// The strongest edge type between the ends of a path, by brute force over the middle cells.
fn projection(path: &[Edge]) -> Edge {
    let n = path.len() + 1;
    let allowed = |x: bool, y: bool| {
        (0..1u32 << (n - 2)).any(|mid| {
            let v: Vec<bool> = std::iter::once(x)
                .chain((0..n - 2).map(|i| mid >> i & 1 == 1))
                .chain(std::iter::once(y))
                .collect();
            path.iter()
                .enumerate()
                .all(|(i, &e)| holds(e, v[i], v[i + 1]))
        })
    };
    Edge::from_parts(!allowed(true, true), !allowed(false, false))
}

fn e(t: u8) -> Edge {
    Edge::new(t).unwrap()
}

#[test]
fn product_table_is_the_issues() {
    let listed = [
        "121→1", "123→1", "131→1", "133→1", "212→2", "213→2", "232→2", "233→2", "312→2", "313→2",
        "321→1", "323→1", "331→1", "332→2", "333→3",
    ];
    let mut nonzero = 0;
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                let got = product(e(a), e(b), e(c));
                let key = format!("{a}{b}{c}→{got}");
                if got != Edge::NONE {
                    nonzero += 1;
                    assert!(listed.contains(&key.as_str()), "{key} is not in the table");
                } else {
                    assert!(!listed.iter().any(|l| l.starts_with(&key[..3])), "{key}");
                }
                // The table is exactly what the three edges imply between their ends.
                assert_eq!(got, projection(&[e(a), e(b), e(c)]), "{a}{b}{c}");
            }
        }
    }
    assert_eq!(nonzero, 15);
    // 0 absorbs; two adjacent 3-edges are the identity.
    for x in Edge::ALL {
        assert_eq!(product(Edge::STRONG, Edge::STRONG, x), x);
        assert_eq!(product(x, Edge::STRONG, Edge::STRONG), x);
        assert_eq!(product(Edge::NONE, x, Edge::STRONG), Edge::NONE);
    }
}

#[test]
fn collapse_of_five_edges_matches_brute_force() {
    for code in 0..4u32.pow(5) {
        let path: Vec<Edge> = (0..5).map(|i| e((code >> (2 * i) & 3) as u8)).collect();
        assert_eq!(collapse(&path), Some(projection(&path)), "{path:?}");
    }
    assert_eq!(collapse(&[Edge::WEAK, Edge::Y]), None);
}

/// What a tri-cycle forces on its apex, by brute force over its three cells.
fn tri_brute(p: Edge, q: Edge, base: Edge) -> Option<Verdict> {
    let mut apex = Vec::new();
    for a in [false, true] {
        for x in [false, true] {
            for y in [false, true] {
                if holds(p, a, x) && holds(q, a, y) && holds(base, x, y) {
                    apex.push(a);
                }
            }
        }
    }
    match (apex.contains(&true), apex.contains(&false)) {
        (true, false) => Some(Verdict::IsDigit),
        (false, true) => Some(Verdict::NotDigit),
        _ => None,
    }
}

#[test]
fn tri_cycle_rules() {
    use Verdict::*;
    // The seven, as the issue states them.
    let seven = [
        (1, 1, 2, NotDigit),
        (1, 1, 3, NotDigit),
        (3, 3, 2, NotDigit),
        (2, 2, 1, IsDigit),
        (2, 2, 3, IsDigit),
        (2, 3, 1, IsDigit),
        (3, 3, 1, IsDigit),
    ];
    for (p, q, b, v) in seven {
        assert_eq!(tri_cycle(e(p), e(q), e(b)), Some(v), "{p}{q}/{b}");
        assert_eq!(tri_cycle(e(q), e(p), e(b)), Some(v), "{q}{p}/{b}");
        assert!(TRI_CYCLES.contains(&(e(p), e(q), e(b), v)));
    }
    for t in [1, 2, 3] {
        assert_eq!(tri_cycle(e(t), e(t), e(t)), None, "{t}{t}{t} says nothing");
    }
    for p in Edge::ALL {
        for q in Edge::ALL {
            for b in Edge::ALL {
                let v = tri_cycle(p, q, b);
                if p == Edge::NONE || q == Edge::NONE || b == Edge::NONE {
                    assert_eq!(v, None);
                }
                // Every verdict is sound, and a tri-cycle decides its apex exactly when it can
                // (3,3 over 3 has no solution at all and says nothing).
                let want = if (p, q, b) == (Edge::STRONG, Edge::STRONG, Edge::STRONG) {
                    None
                } else {
                    tri_brute(p, q, b)
                };
                assert_eq!(v, want, "{p}{q}/{b}");
            }
        }
    }
}

// ---------------------------------------------------------------- helpers

fn state9(line: &str) -> (State<B3>, Vec<u8>) {
    let p = input::read_one(line, Default::default()).unwrap();
    let solution = solve::unique_solution(&p).expect("unique");
    (State::new(Grid::from_masks(&p.masks)).unwrap(), solution)
}

fn text(d: &Deduction) -> String {
    d.describe(B3::topology(), Alphabet::Standard)
}

fn cell(name: &str) -> u16 {
    let (r, c) = name[1..].split_once('c').unwrap();
    ((r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1) as u16
}

// ---------------------------------------------------------------- the issue's checks

#[test]
fn x_cycle_through_box_hinge() {
    let (s, solution) =
        state9("6..8352.9.89.......5219..8.92..8.7.383.9..4..41..23896.983.........7893...3.591.8");
    let found = find_all(&s, Technique::XCycle, &Config::default());
    let d = found
        .iter()
        .find(|d| {
            d.eliminations.len() == 1
                && d.eliminations[0].cell == cell("r7c9")
                && d.eliminations[0].digit == 3
        })
        .expect("an x-cycle proves r7c9<>4");
    assert_eq!(d.technique, Technique::XCycle);
    assert_eq!(
        text(d),
        "X-Cycle 4: r7c9-r3c9=r3c6-r4c6=r4c4-r7c9 (hinge, box 8 on column 4 and row 7; \
         tri-cycle 1,1 over 2: r3c9 or r4c4 is 4, and r7c9=4 would rule out both) => r7c9<>4"
    );
    for d in &found {
        check::check_in_state(&s, &solution, d).unwrap();
    }
}

#[test]
fn y_cycle_on_digit_9() {
    // After singles, locked candidates, tuples and basic fish have run to a fixed point.
    let (mut s, solution) =
        state9("......5.9..7..462.....2..7......6.134.6...8.587.1......2..7.....358..2..1.8......");
    let basic = Technique::parse_list("singles,locked-candidates,naked-tuple,hidden-tuple,fish", 9)
        .unwrap();
    assert!(basic.contains(&Technique::Fish(2)) && basic.contains(&Technique::Pointing));
    engine::reduce(&mut s, &basic, &Config::default()).unwrap();
    assert!(!s.is_complete());
    let found = find_all(&s, Technique::YCycle, &Config::default());
    let d = found
        .iter()
        .find(|d| {
            d.eliminations.len() == 1
                && d.eliminations[0].cell == cell("r2c1")
                && d.eliminations[0].digit == 8
        })
        .expect("a y-cycle on 9 proves r2c1<>9");
    assert_eq!(d.technique, Technique::YCycle);
    assert!(d
        .evidence
        .chain
        .iter()
        .any(|n| n.link == Some(nsudoku::logic::LinkKind::Y)));
    assert_eq!(
        text(d),
        "Y-Cycle 9: r2c1-r3c3~r7c1-r2c1 (r3c3~r7c1 by bivalue \
         (9)r3c3=(1)r3c3-(1)r3c7=(3)r3c7-(3)r9c7=(9)r9c7-(9)r9c2=(6)r9c2-(6)r7c1=(9)r7c1; \
         tri-cycle 1,1 over 2: r3c3 or r7c1 is 9, and r2c1=9 would rule out both) => r2c1<>9"
    );
    // Without --verbose the y-edge is its two ends.
    assert_eq!(
        d.describe_with(B3::topology(), Alphabet::Standard, false),
        "Y-Cycle 9: r2c1-r3c3~r7c1-r2c1 (r3c3~r7c1; tri-cycle 1,1 over 2: r3c3 or r7c1 is 9, and r2c1=9 would rule out both) => r2c1<>9"
    );
    // Its length counts the 9 links of the y-edge's chain, of which the edge is one: 3 + 8.
    // So it rates as an XY-Chain of 9 links would (7.0 + 0.3), not as one of 3 (7.0).
    assert_eq!(d.chain_length(), 11);
    assert_eq!(nsudoku::rating::difficulty(d, B3::topology()), 7.3);
    // The pattern's cells are the cycle's, the apex first, then the y-edge's bivalue cells.
    let t = B3::topology();
    let named: Vec<String> = (d.evidence.pattern_cells().iter())
        .map(|&c| t.cell_name(c as usize))
        .collect();
    assert_eq!(
        named,
        ["r2c1", "r3c3", "r7c1", "r3c7", "r9c7", "r9c2"],
        "{named:?}"
    );
    for d in &found {
        check::check_in_state(&s, &solution, d).unwrap();
    }
}

/// A y-edge is the same fact from either end (u or v is c), and the search takes it so: here
/// the only cycle that places r10c12 takes one from the end its forcing did not start at.
#[test]
fn y_cycle_takes_a_y_edge_from_either_end() {
    // goomii_hard300 line 129 (../shared/data/16x16), after singles and locked candidates.
    let line = "......1BF..D.98.......8.2......7E76..9.2.A....G....5G....791.C...3..4F...B........\
                .E..B.G...9.6.......6...38.5A4........92F47..8.....8.9B..F..C....9..A.75....B6.C..\
                62.G..E.4.9.F6......D..G.7.A.F57..C..38.16.99..A..436......DGD3....F.EBC.A....B..7\
                E........5";
    let p = input::read_one(line, Default::default()).unwrap();
    let solution = solve::unique_solution(&p).expect("unique");
    let mut s = State::<B4>::new(Grid::from_masks(&p.masks)).unwrap();
    let basic = Technique::parse_list("singles,locked-candidates", 16).unwrap();
    engine::reduce(&mut s, &basic, &Config::default()).unwrap();
    let found = find_all(&s, Technique::YCycle, &Config::default());
    let r10c12 = (9 * 16 + 11) as u16;
    let d = found
        .iter()
        .find(|d| {
            d.placements
                .iter()
                .any(|c| c.cell == r10c12 && c.digit == 1)
        })
        .expect("a y-cycle places r10c12=2");
    assert!(d.evidence.chain.iter().any(|n| n.link == Some(LinkKind::Y)));
    for d in &found {
        check::check_in_state(&s, &solution, d).unwrap();
    }
}

// ---------------------------------------------------------------- soundness

/// Alternate the basic techniques (singles, locked candidates, tuples, fish) and the coloring
/// techniques for at most `rounds` rounds, checking every coloring deduction found (applied or
/// not) against the solution. Counts deductions per technique.
fn sound_run<B: Basis>(
    masks: &(impl MaskList + ?Sized),
    solution: &[u8],
    rounds: usize,
    counts: &mut [usize; 5],
) {
    let cfg = Config::default();
    let basic = Technique::parse_list(
        "singles,locked-candidates,naked-tuple,hidden-tuple,fish",
        B::N,
    )
    .unwrap();
    let mut s = State::<B>::new(Grid::from_masks(masks)).unwrap();
    for _ in 0..rounds {
        engine::reduce(&mut s, &basic, &cfg).expect("basic techniques stay sound");
        if s.is_complete() {
            return;
        }
        // Every technique is asked (and checked) in every state; the easiest one that finds
        // something useful is applied.
        let mut changed = false;
        for (i, &t) in COLORING.iter().enumerate() {
            let found = find_all(&s, t, &cfg);
            for d in &found {
                assert_eq!(d.technique, t);
                assert!(!d.is_empty());
                if let Err(e) = check::check_in_state(&s, solution, d) {
                    panic!("{e}");
                }
                assert_templates_agree(&s, d);
                assert_knot_links(&s, d);
                assert_clusters(d);
                assert_links_collapse(d);
                assert_links_shown(B::topology(), d);
                assert_reason_holds(B::topology(), d, solution);
                assert_y_edges_follow(&s, d);
            }
            counts[i] += found.len();
            if changed {
                continue;
            }
            let mut next = s.clone();
            for d in found {
                if next.is_useful(&d) {
                    next.apply(&d).expect("sound deductions apply");
                    changed = true;
                }
            }
            if changed {
                s = next;
            }
        }
        if !changed {
            return;
        }
    }
}

/// Simple coloring works in one cluster, multi-coloring across two joined by a weak link: a
/// cycle's clusters are its runs of conjugate pairs, read around it (a wrap's two ends meet
/// at the apex: one run).
fn assert_clusters(d: &Deduction) {
    let clusters = match d.technique {
        Technique::SimpleColoring => 1,
        Technique::MultiColoring => 2,
        _ => return,
    };
    let links: Vec<LinkKind> = d.evidence.chain.iter().filter_map(|n| n.link).collect();
    let runs = (0..links.len())
        .filter(|&i| {
            let before = links[(i + links.len() - 1) % links.len()];
            links[i] == LinkKind::Strong && before != LinkKind::Strong
        })
        .count();
    assert_eq!(runs, clusters, "{}", text(d));
}

/// A cycle's links show the edge types its tri-cycle collapses (issue 5: `-` a 1-edge, `=` a
/// 3-edge, `~` a 2-edge, and the collapse shown): the first and last links are the apex's
/// edges, and the links between them collapse to the base.
fn assert_links_collapse(d: &Deduction) {
    if d.technique == Technique::YKnot {
        return;
    }
    let edges: Vec<Edge> = d
        .evidence
        .chain
        .iter()
        .filter_map(|n| n.link)
        .map(|l| match l {
            LinkKind::Weak => e(1),
            LinkKind::Y => e(2),
            LinkKind::Strong => e(3),
            other => panic!("{other:?} in a cycle: {}", text(d)),
        })
        .collect();
    let note = d.evidence.note.as_deref().unwrap_or_default();
    let (_, tri) = note
        .rsplit_once("tri-cycle ")
        .expect("the tri-cycle is shown");
    // A wrap's colors follow it.
    let tri = tri.split("; ").next().unwrap();
    // The text adds the tri-cycle's reason in words after it; the note holds the types alone.
    assert!(!tri.contains(':'), "{note}");
    let shown = format!(
        "{},{} over {}",
        edges[0],
        edges[edges.len() - 1],
        collapse(&edges[1..edges.len() - 1]).expect("the base collapses")
    );
    assert_eq!(shown, tri, "{}", text(d));
}

/// A cycle's text says in words why its apex goes or is placed, naming the apex's two
/// neighbours on the cycle, and what it says holds in the solution: for an elimination, one of
/// them is the digit; for a placement, not both are.
fn assert_reason_holds(t: &Topology, d: &Deduction, solution: &[u8]) {
    if d.technique == Technique::YKnot {
        return;
    }
    let chain = &d.evidence.chain;
    let cell = |i: usize| chain[i].candidates[0].cell as usize;
    let digit = chain[0].candidates[0].digit;
    let (apex, x, y) = (cell(0), cell(1), cell(chain.len() - 2));
    let is = |c: usize| solution[c] == digit + 1;
    let label = Alphabet::Standard.label(digit + 1, t.n);
    let [apex_name, x_name, y_name] = [apex, x, y].map(|c| t.cell_name(c));
    let text = d.describe(t, Alphabet::Standard);
    let why = if d.placements.iter().all(|p| p.cell as usize != apex) {
        assert!(is(x) || is(y), "{text}");
        format!("{x_name} or {y_name} is {label}, and {apex_name}={label} would rule out both")
    } else {
        assert!(!(is(x) && is(y)), "{text}");
        format!(
            "{x_name} and {y_name} are not both {label}, and {apex_name}<>{label} would make \
             both {label}"
        )
    };
    let wrap = "; so its color ";
    assert!(
        text.contains(&format!(": {why}) => ")) || text.contains(&format!(": {why}{wrap}")),
        "{text}"
    );
}

/// Each y-edge's chain is a proof a person can follow in the grid: pairs of nodes in one bivalue
/// cell holding exactly their two digits, each cell seeing the next and losing to it the digit
/// it was forced to, from the cycle's digit in the first cell to the cycle's digit in the last,
/// which are the y-edge's ends in the note.
fn assert_y_edges_follow<B: Basis>(s: &State<B>, d: &Deduction) {
    let t = B::topology();
    let ev = &d.evidence;
    let note = ev.note.as_deref().unwrap_or_default();
    assert_eq!(
        ev.y_edges.len(),
        note.matches(" by bivalue ").count(),
        "{}",
        text(d)
    );
    let digit = ev.digits[0];
    for chain in &ev.y_edges {
        let nodes: Vec<Candidate> = chain.iter().map(|n| n.candidates[0]).collect();
        assert!(nodes.len() >= 4 && nodes.len() % 2 == 0, "{}", text(d));
        assert_eq!(nodes[0].digit, digit);
        assert_eq!(nodes[nodes.len() - 1].digit, digit);
        for (i, pair) in nodes.chunks(2).enumerate() {
            let (cell, m) = (pair[0].cell as usize, s.get(pair[0].cell as usize));
            assert_eq!(pair[1].cell as usize, cell);
            let both = B::Mask::bit(pair[0].digit as usize) | B::Mask::bit(pair[1].digit as usize);
            assert!(m == both && m.count() == 2, "{}", text(d));
            assert_eq!(chain[2 * i].link, Some(LinkKind::Strong));
            if let Some(next) = nodes.get(2 * i + 2) {
                assert!(t.sees(cell, next.cell as usize));
                assert_eq!(next.digit, pair[1].digit);
                assert_eq!(chain[2 * i + 1].link, Some(LinkKind::Weak));
            }
        }
        let [first, last] =
            [nodes[0].cell, nodes[nodes.len() - 1].cell].map(|c| t.cell_name(c as usize));
        assert!(
            note.contains(&format!("{first}~{last} by bivalue ")),
            "{}",
            text(d)
        );
    }
}

/// Each `=` of a cycle is a conjugate pair in a house of the evidence, or a y-edge in the
/// note between cells that see each other or are hinged by a box the note names; each `~` has
/// a y-edge in the note, and a Y-Cycle has a y-edge that is not a conjugate pair's (else it
/// is coloring's or an x-cycle's, which report it).
fn assert_links_shown(t: &Topology, d: &Deduction) {
    if d.technique == Technique::YKnot {
        return;
    }
    let note = d.evidence.note.as_deref().unwrap_or_default();
    let chain = &d.evidence.chain;
    let mut y_edges = 0;
    for (node, next) in chain.iter().zip(&chain[1..]) {
        let (a, b) = (node.candidates[0].cell, next.candidates[0].cell);
        let y_edge = note.contains(&format!(
            "{}~{} by bivalue ",
            t.cell_name(a as usize),
            t.cell_name(b as usize)
        ));
        let paired = d.evidence.houses.iter().any(|&h| {
            let cells = t.house(h as usize);
            cells.contains(&a) && cells.contains(&b)
        });
        // A box named as a hinge, with the lines (a row or a column of each cell) by which
        // the two cells see into it, the first cell's first.
        let hinged = d.evidence.houses.iter().any(|&h| {
            let cells = t.house(h as usize);
            let line = |c: u16| {
                let [row, col, _] = t.houses_of(c as usize);
                [row, col]
                    .into_iter()
                    .find(|&l| cells.iter().any(|&x| t.houses_of(x as usize).contains(&l)))
            };
            let (Some(la), Some(lb)) = (line(a), line(b)) else {
                return false;
            };
            let [h, la, lb] = [h, la, lb].map(|x| t.house_name(x as usize));
            note.contains(&format!("hinge, {h} on {la} and {lb};"))
        });
        let weak = t.sees(a as usize, b as usize) || hinged;
        match node.link {
            Some(LinkKind::Y) => assert!(y_edge, "{}", text(d)),
            Some(LinkKind::Strong) => assert!(paired || y_edge && weak, "{}", text(d)),
            _ => {}
        }
        y_edges += usize::from(y_edge);
    }
    assert_eq!(d.technique == Technique::YCycle, y_edges > 0, "{}", text(d));
}

#[test]
fn sound_on_9x9_fixtures() {
    let text = std::fs::read_to_string("tests/data/coloring_9x9.txt").unwrap();
    let mut counts = [0usize; 5];
    let mut n = 0;
    for rec in input::read_all(&text, Default::default()) {
        let p = rec.unwrap();
        let solution = solve::unique_solution(&p).expect("unique");
        sound_run::<B3>(&p.masks, &solution, 40, &mut counts);
        n += 1;
    }
    assert_eq!(n, 30);
    eprintln!("9x9 deductions per technique {COLORING:?}: {counts:?}");
    // Every technique fires somewhere on the set (so this test can fail).
    assert_each_fired(&counts, &[], "coloring_9x9");
}

/// The first `take` puzzles of a shared set with their solutions, run as `sound_run` does;
/// the deductions per technique, or `None` where the data is missing (see `shared_data`).
fn sound_on_data<B: Basis>(stem: &str, take: usize, rounds: usize) -> Option<[usize; 5]> {
    let puzzles = common::shared_data(&format!("{stem}.txt"))?;
    let solutions = common::shared_data(&format!("{stem}.sol"))?;
    let mut counts = [0usize; 5];
    let pairs: Vec<_> = puzzles.lines().zip(solutions.lines()).take(take).collect();
    assert_eq!(pairs.len(), take, "{stem}: too few puzzles with solutions");
    for (p, sol) in pairs {
        let p = input::read_one(p, Default::default()).unwrap();
        let sol = input::read_one(sol, Default::default()).unwrap().digits();
        assert_eq!(p.k, B::K);
        assert!(nsudoku::grid::is_valid_solution(B::K, &sol));
        sound_run::<B>(&p.masks, &sol, rounds, &mut counts);
    }
    Some(counts)
}

/// Every technique of `COLORING` had a deduction checked (`counts`), but those named in `idle`.
fn assert_each_fired(counts: &[usize; 5], idle: &[&str], what: &str) {
    let fired = COLORING.iter().zip(counts).filter(|(_, &c)| c > 0);
    let fired = fired.map(|(&t, _)| t).collect();
    common::assert_checked(&COLORING, &fired, idle, what);
}

#[test]
fn sound_on_16x16() {
    let Some(counts) = sound_on_data::<B4>("16x16/gen_minimal200", 10, 20) else {
        return;
    };
    eprintln!("16x16 deductions per technique: {counts:?}");
    // None of these states holds a y-cycle or a y-knot: the hand-made grids below do.
    assert_each_fired(&counts, &["y-cycle", "y-knot"], "16x16");
}

#[test]
fn sound_on_25x25() {
    let Some(counts) = sound_on_data::<B5>("25x25/gen_g300_10", 3, 10) else {
        return;
    };
    eprintln!("25x25 deductions per technique: {counts:?}");
    // Nor simple coloring or a y-knot here (multi-coloring and the cycles are checked).
    assert_each_fired(&counts, &["simple-coloring", "y-knot"], "25x25");
}

/// The whole magictour set, every state of a singles-and-coloring run checked (slow:
/// `cargo test --release --test it coloring:: -- --ignored`).
#[test]
#[ignore]
fn sound_on_magictour_top1465() {
    let Some(text) = common::shared_data("9x9/magictour_top1465.txt") else {
        return;
    };
    let mut counts = [0usize; 5];
    let mut n = 0;
    for rec in input::read_all(&text, Default::default()) {
        let p = rec.unwrap();
        let solution = solve::unique_solution(&p).expect("unique");
        sound_run::<B3>(&p.masks, &solution, 200, &mut counts);
        n += 1;
    }
    eprintln!("magictour deductions per technique {COLORING:?}: {counts:?}");
    assert_eq!(n, 1465);
    assert_each_fired(&counts, &[], "magictour_top1465");
}

// ---------------------------------------------------------------- hand-made grids

/// A 9×9 state where every cell holds every digit except: `pattern` ('1' where `digit` is a
/// candidate, '.' where not) and `cells` (cell name, its exact candidates).
fn hand_made(digit: usize, pattern: &[&str], cells: &[(&str, &str)]) -> State<B3> {
    let all = (1u128 << 9) - 1;
    let mut masks = vec![all; 81];
    for (r, row) in pattern.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '.' {
                masks[r * 9 + c] &= !(1 << digit);
            }
        }
    }
    for &(name, digits) in cells {
        masks[cell(name) as usize] = digits
            .chars()
            .map(|ch| 1u128 << (ch.to_digit(10).unwrap() - 1))
            .sum();
    }
    State::new(Grid::from_masks(&masks)).unwrap()
}

/// For a 9×9 digit whose candidates are `on`: which cells lie in some template (one place per
/// row, column and box), and which in every template. Single-digit logic can only remove the
/// former's complement and place the latter: the slow, obviously-correct reference.
fn templates(on: &[bool]) -> (Vec<bool>, Vec<bool>) {
    fn go(on: &[bool], row: usize, cols: u16, boxes: u16, path: &mut Vec<usize>, hit: &mut [u32]) {
        if row == 9 {
            for &c in path.iter() {
                hit[c] += 1;
            }
            hit[81] += 1;
            return;
        }
        for c in 0..9 {
            let b = (row / 3) * 3 + c / 3;
            if on[row * 9 + c] && cols >> c & 1 == 0 && boxes >> b & 1 == 0 {
                path.push(row * 9 + c);
                go(on, row + 1, cols | 1 << c, boxes | 1 << b, path, hit);
                path.pop();
            }
        }
    }
    let mut hit = vec![0u32; 82];
    go(on, 0, 0, 0, &mut Vec::new(), &mut hit);
    let total = hit[81];
    (
        hit[..81].iter().map(|&h| h > 0).collect(),
        hit[..81].iter().map(|&h| total > 0 && h == total).collect(),
    )
}

/// Cells of `pattern` ('1' = candidate) that lie in no template.
fn template_impossible(pattern: &[&str]) -> Vec<u16> {
    let on: Vec<bool> = pattern
        .iter()
        .flat_map(|r| r.chars().map(|ch| ch == '1'))
        .collect();
    let (some, _) = templates(&on);
    (0..81u16)
        .filter(|&c| on[c as usize] && !some[c as usize])
        .collect()
}

/// A single-digit deduction (coloring, x-cycle) on a 9×9 state agrees with the templates.
fn assert_templates_agree<B: Basis>(s: &State<B>, d: &Deduction) {
    if B::K != 3 || d.technique == Technique::YCycle || d.technique == Technique::YKnot {
        return;
    }
    let digit = d.evidence.digits[0] as usize;
    let on: Vec<bool> = (0..81).map(|c| s.get(c).has(digit)).collect();
    let (some, all) = templates(&on);
    let t = B::topology();
    let a = Alphabet::Standard;
    for e in &d.eliminations {
        assert!(
            !some[e.cell as usize],
            "a template keeps it: {}",
            d.describe(t, a)
        );
    }
    for p in &d.placements {
        assert!(
            all[p.cell as usize],
            "a template avoids it: {}",
            d.describe(t, a)
        );
    }
}

/// Every link of a y-knot holds in `s`: `>` from a cell forced to x to a bivalue peer {x, y}
/// forced to y (`<` the same backwards), `-` one digit in two cells of a house; the chain
/// starts at the premise, the placed cell's other digit.
fn assert_knot_links<B: Basis>(s: &State<B>, d: &Deduction) {
    if d.technique != Technique::YKnot {
        return;
    }
    let t = B::topology();
    let chain = &d.evidence.chain;
    let text = d.describe(t, Alphabet::Standard);
    let first = chain[0].candidates[0];
    let placed = d.placements[0];
    assert_eq!(first.cell, placed.cell, "{text}");
    assert_eq!(s.get(first.cell as usize).count(), 2, "{text}");
    assert_ne!(first.digit, placed.digit, "{text}");
    let forces = |x: nsudoku::logic::Candidate, y: nsudoku::logic::Candidate| {
        let m = s.get(y.cell as usize);
        t.sees(x.cell as usize, y.cell as usize)
            && m.count() == 2
            && m.has(x.digit as usize)
            && m.has(y.digit as usize)
            && x.digit != y.digit
    };
    let mut weak = 0;
    for w in chain.windows(2) {
        let (x, y) = (w[0].candidates[0], w[1].candidates[0]);
        let holds = match w[0].link {
            Some(LinkKind::Forces) => forces(x, y),
            Some(LinkKind::ForcedBy) => forces(y, x),
            Some(LinkKind::Weak) => {
                weak += 1;
                x.digit == y.digit && x.cell != y.cell && t.sees(x.cell as usize, y.cell as usize)
            }
            other => panic!("{other:?} in {text}"),
        };
        assert!(holds, "{text}");
    }
    assert_eq!(weak, 1, "one clash: {text}");
    assert_eq!(chain.last().unwrap().link, None, "{text}");
}

/// Eliminations of `t` on `digit`, as sorted cell names.
fn eliminated(s: &State<B3>, t: Technique, digit: usize) -> Vec<String> {
    let mut out: Vec<String> = find_all(s, t, &Config::default())
        .iter()
        .flat_map(|d| d.eliminations.clone())
        .filter(|e| e.digit as usize == digit)
        .map(|e| B3::topology().cell_name(e.cell as usize))
        .collect();
    out.sort();
    out.dedup();
    out
}

fn names(cells: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Every elimination on the pattern's digit is one no template allows.
fn assert_template_sound(s: &State<B3>, digit: usize, pattern: &[&str]) {
    let impossible = template_impossible(pattern);
    for t in COLORING {
        for d in find_all(s, t, &Config::default()) {
            for e in d.eliminations.iter().filter(|e| e.digit as usize == digit) {
                assert!(impossible.contains(&e.cell), "{}", text(&d));
            }
            assert!(
                d.placements.iter().all(|p| p.digit as usize != digit),
                "{}",
                text(&d)
            );
        }
    }
}

#[test]
fn simple_coloring_trap() {
    // Conjugate chain r1c2 = r1c7 = r5c7 = r5c3 (row 1, column 7, row 5): r1c2 and r5c3 take
    // opposite colors, so every cell seeing both loses the digit.
    let pattern = [
        ".1....1..",
        "111111.11",
        "111111.11",
        "111111.11",
        "..1...1..",
        "111111.11",
        "111111.11",
        "111111.11",
        "111111.11",
    ];
    let s = hand_made(0, &pattern, &[]);
    assert_eq!(
        eliminated(&s, Technique::SimpleColoring, 0),
        names(&["r2c3", "r3c3", "r4c2", "r6c2"])
    );
    let d = &find_all(&s, Technique::SimpleColoring, &Config::default())[0];
    assert_eq!(
        text(d),
        "Simple Coloring 1: r2c3-r1c2=r1c7=r5c7=r5c3-r2c3 (tri-cycle 1,1 over 3: r1c2 or r5c3 is 1, and r2c3=1 would rule out both) => r2c3<>1"
    );
    assert_template_sound(&s, 0, &pattern);
}

#[test]
fn simple_coloring_wrap_from_inside_the_cluster() {
    // Conjugate chain r1c1 = r1c5 = r5c5 = r5c2 = r2c2 (row 1, column 5, row 5, column 2):
    // r1c1, r5c5 and r2c2 take one color, and r1c1 and r2c2 share box 1, so that color is
    // false. From r5c5 the wrap is a cycle of conjugate pairs at the apex and one plain edge
    // inside: still one cluster, so simple coloring's, not multi-coloring's.
    let pattern = [
        "1...1....",
        "1111.1111",
        "1.11.1111",
        "1.11.1111",
        ".1..1....",
        "1.11.1111",
        "1.11.1111",
        "1.11.1111",
        "1.11.1111",
    ];
    let s = hand_made(0, &pattern, &[]);
    assert_eq!(eliminated(&s, Technique::MultiColoring, 0), names(&[]));
    let simple = eliminated(&s, Technique::SimpleColoring, 0);
    for wrapped in ["r1c1", "r2c2", "r5c5"] {
        assert!(simple.contains(&wrapped.to_string()), "{simple:?}");
    }
    let impossible = template_impossible(&pattern);
    let found = find_all(&s, Technique::SimpleColoring, &Config::default());
    // The wrap decides the whole cluster, once: its other cells' wraps say the same.
    let wraps: Vec<String> = found
        .iter()
        .filter(|d| d.placements.len() + d.eliminations.len() > 1)
        .map(text)
        .collect();
    assert_eq!(
        wraps,
        ["Simple Coloring 1: r1c1=r1c5=r5c5=r5c2=r2c2-r1c1 (tri-cycle 3,1 over 3: r1c5 or r2c2 is \
          1, and r1c1=1 would rule out both; so its color r1c1,r2c2,r5c5 is false and \
          r1c5,r5c2 true) => r1c5=1, r5c2=1, r1c1<>1, r2c2<>1, r5c5<>1"]
    );
    for d in found {
        assert_clusters(&d);
        for e in &d.eliminations {
            assert!(impossible.contains(&e.cell), "{}", text(&d));
        }
    }
}

#[test]
fn multi_coloring_skyscraper() {
    // Columns 2 and 6 hold the digit twice each; their bottoms see each other in row 8, so one
    // of the tops r2c2, r3c6 is the digit and cells seeing both lose it.
    let pattern = [
        "1.111.111",
        "11111.111",
        "1.1111111",
        "1.111.111",
        "1.111.111",
        "1.111.111",
        "1.111.111",
        "111111111",
        "1.111.111",
    ];
    let s = hand_made(4, &pattern, &[]);
    assert_eq!(eliminated(&s, Technique::SimpleColoring, 4), names(&[]));
    assert_eq!(
        eliminated(&s, Technique::MultiColoring, 4),
        names(&["r2c4", "r2c5", "r3c1", "r3c3"])
    );
    assert_template_sound(&s, 4, &pattern);
}

#[test]
fn x_cycle_with_hinge() {
    // Row 2 holds the digit only in r2c2 and r2c7; box 9 only in row 7 and column 7. If r7c2
    // were the digit, box 9's would lie in column 7 and r2c7 could not be, so r2c2 would — in
    // r7c2's column.
    let pattern = [
        "111111111",
        ".1....1..",
        "111111111",
        "111111111",
        "111111111",
        "111111111",
        "111111111",
        "1111111..",
        "1111111..",
    ];
    let s = hand_made(6, &pattern, &[]);
    let found = find_all(&s, Technique::XCycle, &Config::default());
    let texts: Vec<String> = found.iter().map(text).collect();
    assert_eq!(
        texts,
        ["X-Cycle 7: r7c2-r2c2=r2c7-r7c2 (hinge, box 9 on column 7 and row 7; tri-cycle 1,1 over 3: r2c2 or r2c7 is 7, and r7c2=7 would rule out both) => r7c2<>7"]
    );
    assert_template_sound(&s, 6, &pattern);
}

#[test]
fn y_cycle_is_an_xy_wing() {
    // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: if r1c5 is not 3 then r5c1 is (a
    // y-edge), so r5c5, seeing both, is not 3.
    let s = hand_made(
        0,
        &["111111111"; 9],
        &[("r1c1", "12"), ("r1c5", "13"), ("r5c1", "23")],
    );
    let found = find_all(&s, Technique::YCycle, &Config::default());
    let texts: Vec<String> = found.iter().map(text).collect();
    assert_eq!(
        texts,
        ["Y-Cycle 3: r5c5-r1c5~r5c1-r5c5 (r1c5~r5c1 by bivalue (3)r1c5=(1)r1c5-(1)r1c1=(2)r1c1-(2)r5c1=(3)r5c1; tri-cycle 1,1 over 2: r1c5 or r5c1 is 3, and r5c5=3 would rule out both) => r5c5<>3"]
    );
    for t in [
        Technique::SimpleColoring,
        Technique::MultiColoring,
        Technique::XCycle,
    ] {
        assert!(find_all(&s, t, &Config::default()).is_empty(), "{t:?}");
    }
}

#[test]
fn y_knot() {
    // r1c1 not 1 makes it 2, so r1c5 is 3 and r5c1 is 4; r5c5 {3,4} then becomes 4 next to
    // r5c1 in row 5. So r1c1 is 1.
    let s = hand_made(
        0,
        &["111111111"; 9],
        &[
            ("r1c1", "12"),
            ("r1c5", "23"),
            ("r5c1", "24"),
            ("r5c5", "34"),
        ],
    );
    let found = find_all(&s, Technique::YKnot, &Config::default());
    let texts: Vec<String> = found.iter().map(text).collect();
    assert!(
        texts.contains(&"Y-Knot: (2)r1c1>(3)r1c5>(4)r5c5-(4)r5c1<(2)r1c1 (r5c5 and r5c1 clash in row 5) => r1c1=1".to_string()),
        "{texts:#?}"
    );
}

#[test]
fn small_and_empty_grids() {
    // 4×4: every way of blanking a solved grid down to 6 givens (a deterministic sample), every
    // finder checked; empty grids of 4×4 and 16×16 give nothing.
    use nsudoku::basis::B2;
    let solution: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
    assert!(nsudoku::grid::is_valid_solution(2, &solution));
    let mut seed = 12345u64;
    for _ in 0..200 {
        let mut digits = solution.clone();
        for d in digits.iter_mut() {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (seed >> 33) % 8 < 5 {
                *d = 0;
            }
        }
        let Ok(p) = input::Puzzle::from_digits(2, &digits, Alphabet::Standard) else {
            continue;
        };
        let Ok(s) = State::<B2>::new(Grid::from_masks(&p.masks)) else {
            continue;
        };
        for t in COLORING {
            for d in find_all(&s, t, &Config::default()) {
                check::check_in_state(&s, &solution, &d).unwrap();
            }
        }
    }
    let empty2 = State::<B2>::new(Grid::empty()).unwrap();
    let empty4 = State::<B4>::new(Grid::empty()).unwrap();
    for t in COLORING {
        assert!(find_all(&empty2, t, &Config::default()).is_empty());
        assert!(find_all(&empty4, t, &Config::default()).is_empty());
    }
}
