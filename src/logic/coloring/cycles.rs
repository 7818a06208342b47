//! The cycle search: join edges into paths, collapse them with the product, and decide apexes
//! by tri-cycles.
//!
//! An odd cycle through an apex is found as a path of literals: `apex is c ⇒ … ⇒ apex is not c`
//! (the apex is not c) or `apex is not c ⇒ … ⇒ apex is c` (it is). Each step uses one edge in
//! one of its two roles: the weak part (`x is c ⇒ y is not`) or the y part (`x is not c ⇒ y
//! is`), so the roles alternate along the path. A breadth-first search over literals finds the
//! shortest such cycle per apex, at most `chain_length` edges long; it is then collapsed to its
//! tri-cycle (apex edges, and the product of the rest as base) and the [`tri_cycle`] verdict
//! is what is reported — the search only finds candidates, the algebra decides.
//!
//! Modes restrict the edges: simple coloring uses conjugate pairs only, with plain 1-edges
//! allowed at the apex (trap) and one inside when both the apex's edges are conjugate pairs
//! (wrap: the apex is in the cluster); multi-coloring allows one more plain 1-edge inside (the
//! bridge between two clusters); x-cycles use every 1- and 3-edge and box hinges; y-cycles add
//! y-edges. A cycle belongs to one technique by the edges it actually uses ([`Mode::accepts`]),
//! and each search reports only its own: an x-cycle search passes over a cycle that simple
//! coloring finds.

use super::algebra::{collapse, tri_cycle, Edge, Verdict};
use super::graph::{Forced, Forcings, Graph};
use crate::basis::Basis;
use crate::logic::deduction::Y_EDGE_CELLS;
use crate::logic::{
    Candidate, ChainNode, Config, Deduction, Evidence, Flow, LinkKind, Sink, State, Technique,
};
use crate::topology::Topology;
use std::collections::VecDeque;

/// Which edges a search may use and which cycles it reports.
///
/// A cycle's class is what it needs beyond conjugate pairs: its *bridges*, the plain 1-edges
/// inside it (not at the apex; a box hinge counts as many as needed to leave coloring) less
/// one when both the apex's edges are conjugate pairs, and whether it uses a y-edge. Bridges
/// are the cycle's clusters (its runs of conjugate pairs, read around the cycle) less one: a
/// wrap inside one cluster has one plain edge inside and none at the apex, a trap none inside
/// and two at the apex, and both are simple coloring. Each technique reports only the cycles
/// of its own class, so the five finders never report the same thing twice and an easier
/// technique always gets its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mode {
    /// The technique.
    pub technique: Technique,
    /// Y-edges (2-edges through bivalue cells) may be used.
    pub y: bool,
    /// Box hinges (pseudo 1-edges) may be used.
    pub hinge: bool,
}

/// Plain 1-edges inside a cycle are counted up to this (a hinge counts this many).
const PLAIN_CAP: usize = 3;

impl Mode {
    /// The mode of a cycle technique.
    pub fn of(t: Technique) -> Option<Mode> {
        let (y, hinge) = match t {
            Technique::SimpleColoring | Technique::MultiColoring => (false, false),
            Technique::XCycle => (false, true),
            Technique::YCycle => (true, true),
            _ => return None,
        };
        Some(Mode {
            technique: t,
            y,
            hinge,
        })
    }

    /// Most plain 1-edges inside that a partial cycle may have, `conj` when its first edge
    /// is a conjugate pair (its last may be one too, which makes one of them no bridge).
    fn max_plain(self, conj: bool) -> usize {
        match self.technique {
            // Trap: none inside; wrap: the one between two cells of one color.
            Technique::SimpleColoring => conj as usize,
            // The bridge between two clusters.
            Technique::MultiColoring => 1 + conj as usize,
            _ => PLAIN_CAP,
        }
    }

    /// True when a finished cycle of this class belongs to this technique: `plain` 1-edges
    /// inside, both apex edges conjugate pairs or not (`conj`).
    fn accepts(self, plain: usize, conj: bool, y: bool) -> bool {
        let bridges = plain.saturating_sub(conj as usize);
        match self.technique {
            Technique::SimpleColoring => bridges == 0,
            Technique::MultiColoring => bridges == 1,
            Technique::XCycle => bridges >= 2,
            _ => y,
        }
    }

    /// True when plain 1-edges are counted (not for y-cycles, which any y-edge makes one).
    fn counts_plain(self) -> bool {
        !self.y
    }
}

/// How one step of a cycle was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Via {
    /// The two cells see each other (plain 1-edge).
    Peer,
    /// Conjugate pair in a house (3-edge).
    Conj(u16),
    /// Box hinge through a box (pseudo 1-edge).
    Hinge(u16),
    /// Y-edge (2-edge), through bivalue cells: [`y_part`] names them.
    Y,
}

/// Reusable breadth-first search state over `(cell, is c, plain 1-edges inside, y-edge used,
/// first edge a conjugate pair)`.
struct Search {
    stamp: Vec<u32>,
    round: u32,
    parent: Vec<(u32, Via)>,
    queue: VecDeque<(u32, u16)>,
}

/// Classes per literal: plain count 0..=PLAIN_CAP, times y used or not, times the first edge
/// a conjugate pair or not.
const CLASSES: usize = (PLAIN_CAP + 1) * 4;

fn state(cell: usize, lit: usize, plain: usize, y: bool, conj: bool) -> u32 {
    ((((cell * 2 + lit) * (PLAIN_CAP + 1) + plain) * 2 + y as usize) * 2 + conj as usize) as u32
}

fn decode(st: u32) -> (usize, usize, usize, bool, bool) {
    let st = st as usize;
    let conj = st % 2 == 1;
    let st = st / 2;
    let y = st % 2 == 1;
    let st = st / 2;
    let plain = st % (PLAIN_CAP + 1);
    let st = st / (PLAIN_CAP + 1);
    (st / 2, st % 2, plain, y, conj)
}

impl Search {
    fn new(cells: usize) -> Self {
        Search {
            stamp: vec![0; cells * 2 * CLASSES],
            round: 0,
            parent: vec![(0, Via::Peer); cells * 2 * CLASSES],
            queue: VecDeque::new(),
        }
    }

    /// The shortest cycle of `mode`'s class through `apex` that proves `verdict`: the steps
    /// after the apex, the last one back at the apex.
    fn cycle(
        &mut self,
        t: &Topology,
        g: &Graph,
        apex: usize,
        verdict: Verdict,
        mode: Mode,
        max_len: usize,
    ) -> Option<Vec<(usize, Via)>> {
        let start_lit = (verdict == Verdict::NotDigit) as usize;
        let target_lit = 1 - start_lit;
        self.round += 1;
        self.queue.clear();
        let start = state(apex, start_lit, 0, false, false);
        self.stamp[start as usize] = self.round;
        self.queue.push_back((start, 0));
        let mut next: Vec<(usize, usize, bool, Via)> = Vec::new();
        while let Some((st, depth)) = self.queue.pop_front() {
            if depth as usize >= max_len {
                continue;
            }
            let (cell, lit, plain, y, conj) = decode(st);
            next.clear();
            if lit == 1 {
                // Weak role: cell is c ⇒ p is not. Only cells with a way on, or the apex.
                let at_apex = depth == 0;
                let add = (mode.counts_plain() && !at_apex) as usize;
                for &(p, h) in g.weak(cell) {
                    let p = p as usize;
                    if p == apex {
                        continue;
                    }
                    let (via, add) = match h {
                        u16::MAX => (Via::Peer, add),
                        h => (Via::Conj(h), 0),
                    };
                    next.push((p, (plain + add).min(PLAIN_CAP), y, via));
                }
                if target_lit == 0 && cell != apex && t.sees(cell, apex) {
                    let via = g.conj_house(cell, apex).map_or(Via::Peer, Via::Conj);
                    next.push((apex, plain, y, via));
                }
                if mode.hinge {
                    let hinge_plain = if mode.counts_plain() { PLAIN_CAP } else { 0 };
                    for &(p, b) in &g.hinge[cell] {
                        let p = p as usize;
                        if p == apex || g.is_live(p) {
                            next.push((p, hinge_plain, y, Via::Hinge(b)));
                        }
                    }
                }
            } else {
                // Y role: cell is not c ⇒ p is.
                for &(p, h) in &g.conj[cell] {
                    next.push((p as usize, plain, y, Via::Conj(h)));
                }
                if mode.y {
                    for &(p, _, _) in &g.y[cell] {
                        next.push((p as usize, plain, true, Via::Y));
                    }
                }
            }
            let lit2 = 1 - lit;
            for &(p, plain2, y2, via) in &next {
                // Whether the first edge is a conjugate pair matters only where plain edges
                // are counted; elsewhere it would split the states for nothing.
                let conj2 = if depth == 0 {
                    mode.counts_plain() && matches!(via, Via::Conj(_))
                } else {
                    conj
                };
                if plain2 > mode.max_plain(conj2) {
                    continue;
                }
                if p == apex {
                    let both = conj2 && matches!(via, Via::Conj(_));
                    if lit2 == target_lit && mode.accepts(plain2, both, y2) {
                        let mut steps = vec![(p, via)];
                        let mut cur = st;
                        while cur != start {
                            let (c, ..) = decode(cur);
                            let (prev, v) = self.parent[cur as usize];
                            steps.push((c, v));
                            cur = prev;
                        }
                        steps.reverse();
                        return Some(steps);
                    }
                    continue;
                }
                let s2 = state(p, lit2, plain2, y2, conj2);
                if self.stamp[s2 as usize] == self.round {
                    continue;
                }
                self.stamp[s2 as usize] = self.round;
                self.parent[s2 as usize] = (st, via);
                self.queue.push_back((s2, depth + 1));
            }
        }
        None
    }
}

/// Report every cycle deduction of technique `t` (a coloring or cycle technique), cycles of
/// at most `cfg.chain_length` edges.
pub(crate) fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    let Some(mode) = Mode::of(t) else {
        return Flow::Continue;
    };
    // A box hinge is a grouped node's link.
    let mode = Mode {
        hinge: mode.hinge && cfg.grouped,
        ..mode
    };
    let max_len = cfg.chain_length;
    let topo = B::topology();
    let forcings = mode.y.then(|| Forcings::build(s, max_len, cfg));
    let mut search = Search::new(B::CELLS);
    // Cells a wrap has decided with their whole cluster: their own wraps say the same.
    let mut wrapped = vec![false; B::CELLS];
    for digit in 0..B::N {
        let g = Graph::build(s, digit, mode.hinge, forcings.as_ref());
        wrapped.fill(false);
        for apex in 0..B::CELLS {
            if !g.on[apex] || wrapped[apex] {
                continue;
            }
            // A search per apex is short; the clock is read every 64 of them.
            if apex % 64 == 0 && cfg.past_deadline() {
                return Flow::Stop;
            }
            for verdict in [Verdict::NotDigit, Verdict::IsDigit] {
                let Some(steps) = search.cycle(topo, &g, apex, verdict, mode, max_len) else {
                    continue;
                };
                if let Some(d) = deduction(topo, &g, forcings.as_ref(), mode, apex, verdict, &steps)
                {
                    // A deduction of more than its apex is a wrap's.
                    if d.placements.len() + d.eliminations.len() > 1 {
                        for c in d.placements.iter().chain(&d.eliminations) {
                            wrapped[c.cell as usize] = true;
                        }
                    }
                    if sink(d) == Flow::Stop {
                        return Flow::Stop;
                    }
                }
            }
        }
    }
    Flow::Continue
}

/// The edge type between `a` and `b` in `g`, counting only the edges `mode` allows.
pub(crate) fn relation(t: &Topology, g: &Graph, mode: Mode, a: usize, b: usize) -> Edge {
    let weak = t.sees(a, b) || (mode.hinge && g.hinge[a].iter().any(|&(p, _)| p as usize == b));
    let y =
        g.conj_house(a, b).is_some() || (mode.y && g.y[a].iter().any(|&(p, _, _)| p as usize == b));
    Edge::from_parts(weak, y)
}

/// Build the deduction for a found cycle, or `None` when it is not a simple cycle or its
/// tri-cycle does not confirm the verdict.
fn deduction(
    t: &Topology,
    g: &Graph,
    forcings: Option<&Forcings>,
    mode: Mode,
    apex: usize,
    verdict: Verdict,
    steps: &[(usize, Via)],
) -> Option<Deduction> {
    let mut cells = vec![apex];
    cells.extend(steps.iter().map(|&(c, _)| c));
    let inner = &cells[1..cells.len() - 1];
    let mut seen = inner.to_vec();
    seen.sort_unstable();
    seen.dedup();
    if seen.len() != inner.len() || inner.contains(&apex) {
        return None;
    }
    let types: Vec<Edge> = cells
        .windows(2)
        .map(|w| relation(t, g, mode, w[0], w[1]))
        .collect();
    let m = types.len();
    let base = collapse(&types[1..m - 1])?;
    let found = tri_cycle(types[0], types[m - 1], base)?;
    if found != verdict {
        return None;
    }
    // The links with a y part that is not a conjugate pair's, and the forcing behind each.
    let y_parts: Vec<_> = cells
        .windows(2)
        .zip(&types)
        .filter_map(|(w, &e)| Some((w[0], w[1], y_part(g, e, w[0], w[1])?)))
        .collect();
    // Without one, the y-edges the search took lie along conjugate pairs, and the cycle is
    // one of 1- and 3-edges: coloring's or an x-cycle's, which they report (each class once).
    if mode.y && y_parts.is_empty() {
        return None;
    }
    // A conjugate pair the apex sees is a locked candidate, not a cycle.
    let sees = |v: Via| matches!(v, Via::Peer | Via::Conj(_));
    if m == 3 && matches!(steps[1].1, Via::Conj(_)) && sees(steps[0].1) && sees(steps[2].1) {
        return None;
    }
    let mut d = Deduction::new(mode.technique);
    let cand = Candidate::new(apex, g.digit);
    match verdict {
        Verdict::NotDigit => d.eliminations.push(cand),
        Verdict::IsDigit => d.placements.push(cand),
    }
    let wrap = wrap(g, mode, &cells);
    if let Some([own, other]) = &wrap {
        let (true_color, false_color) = match verdict {
            Verdict::IsDigit => (own, other),
            Verdict::NotDigit => (other, own),
        };
        let of = |cells: &[usize]| cells.iter().map(|&c| Candidate::new(c, g.digit)).collect();
        d.placements = of(true_color);
        d.eliminations = of(false_color);
    }
    let ev = &mut d.evidence;
    ev.digits.push(g.digit as u8);
    chain_evidence(ev, g.digit, &cells, &types);
    let mut notes = hinge_notes(t, g, ev, &cells, steps);
    if let Some(fs) = forcings {
        notes.extend(y_notes(t, fs, g.digit, ev, &cells, &y_parts));
    }
    notes.push(format!(
        "tri-cycle {},{} over {}",
        types[0],
        types[m - 1],
        base
    ));
    if let Some([own, other]) = &wrap {
        let names = |cells: &[usize]| {
            let names: Vec<String> = cells.iter().map(|&c| t.cell_name(c)).collect();
            names.join(",")
        };
        let (own, other) = (names(own), names(other));
        notes.push(match verdict {
            Verdict::IsDigit => format!("so its color {own} is true and {other} false"),
            Verdict::NotDigit => format!("so its color {own} is false and {other} true"),
        });
    }
    ev.note = Some(notes.join("; "));
    Some(d)
}

/// A coloring cycle that comes back to the apex through the apex's own cluster is a *wrap*:
/// the apex's verdict carries along its conjugate pairs to the whole cluster, its own color
/// (first) deciding as it does and the other the opposite way, as people color it; each color
/// in cell order, as the step lists it. `None` for cycles and traps whose other cells lie
/// outside the apex's cluster, and outside simple and multi-coloring.
fn wrap(g: &Graph, mode: Mode, cells: &[usize]) -> Option<[Vec<usize>; 2]> {
    if !matches!(
        mode.technique,
        Technique::SimpleColoring | Technique::MultiColoring
    ) {
        return None;
    }
    let mut colors = g.colors(cells[0])?;
    let inner = &cells[1..cells.len() - 1];
    if !inner
        .iter()
        .any(|c| colors.iter().any(|col| col.contains(c)))
    {
        return None;
    }
    colors.iter_mut().for_each(|col| col.sort_unstable());
    Some(colors)
}

/// The cycle as a chain of the digit's candidates, each with the link to the next. A link
/// shows its edge's type, which the tri-cycle collapses, not the way the search took it: a
/// search that stepped to a peer may have crossed a y-edge too, and the pair is then a 3-edge.
fn chain_evidence(ev: &mut Evidence, digit: usize, cells: &[usize], types: &[Edge]) {
    for (i, &c) in cells.iter().enumerate() {
        let link = types.get(i).map(|&e| match e {
            Edge::STRONG => LinkKind::Strong,
            Edge::Y => LinkKind::Y,
            _ => LinkKind::Weak,
        });
        ev.chain
            .push(ChainNode::new(vec![Candidate::new(c, digit)], link));
    }
}

/// The houses of the conjugate pairs and hinges, and a note for each hinge, each once in the
/// order the cycle meets them (it may come back to a box): the box and the two lines through
/// it that hold the digit's places there, `hinge, box 2 on row 1 and column 5`, the line of
/// the link's first cell first.
fn hinge_notes(
    t: &Topology,
    g: &Graph,
    ev: &mut Evidence,
    cells: &[usize],
    steps: &[(usize, Via)],
) -> Vec<String> {
    let mut boxes: Vec<[u16; 3]> = Vec::new();
    for (i, &(to, via)) in steps.iter().enumerate() {
        let from = cells[i];
        // A y-edge between cells that share no house has a weak part only through a hinge,
        // which its link's type counts ([`relation`]): named as if the search had taken it.
        let hinge = match via {
            Via::Hinge(b) => Some(b),
            Via::Y if !t.sees(from, to) => g.hinge[from]
                .iter()
                .find(|&&(p, _)| p as usize == to)
                .map(|&(_, b)| b),
            _ => None,
        };
        let house = match via {
            Via::Conj(h) => Some(h),
            // A conjugate pair the search took as a y-edge or a peer prints `=` all the same.
            Via::Y | Via::Peer => g.conj_house(from, to).or(hinge),
            Via::Hinge(_) => hinge,
        };
        match house {
            Some(h) if !ev.houses.contains(&h) => ev.houses.push(h),
            _ => {}
        }
        if let Some(b) = hinge {
            let named = [b, line_into(t, from, b), line_into(t, to, b)];
            if !boxes.contains(&named) {
                boxes.push(named);
            }
        }
    }
    boxes
        .into_iter()
        .map(|[b, l1, l2]| {
            let [b, l1, l2] = [b, l1, l2].map(|h| t.house_name(h as usize));
            format!("hinge, {b} on {l1} and {l2}")
        })
        .collect()
}

/// The line of `cell` (outside box `b`) that runs through `b`: its row, or else its column.
fn line_into(t: &Topology, cell: usize, b: u16) -> u16 {
    let [row, col, _] = t.houses_of(cell);
    let crosses = |line: u16| {
        t.house(b as usize)
            .iter()
            .any(|&x| t.houses_of(x as usize).contains(&line))
    };
    if crosses(row) {
        row
    } else {
        col
    }
}

/// A y-edge's forcing as a chain, for a person to follow it cell by cell: the first cell is not
/// `digit` but the digit it was forced to, which the next cell loses for the digit it is forced
/// to, and so on to the last, forced to `digit`: `(9)r3c3=(1)r3c3-(1)r3c7=(3)r3c7-…=(9)r7c1`.
fn y_edge_chain(digit: usize, branch: &[Forced]) -> Vec<ChainNode> {
    let mut chain = Vec::with_capacity(2 * branch.len());
    let mut before = digit;
    for (i, x) in branch.iter().enumerate() {
        let cell = x.cell as usize;
        chain.push(ChainNode::new(
            vec![Candidate::new(cell, before)],
            Some(LinkKind::Strong),
        ));
        let last = i + 1 == branch.len();
        chain.push(ChainNode::new(
            vec![Candidate::new(cell, x.digit as usize)],
            (!last).then_some(LinkKind::Weak),
        ));
        before = x.digit as usize;
    }
    chain
}

/// `chain` read from its end: each node keeps the link it had with its neighbour.
fn reversed(chain: Vec<ChainNode>) -> Vec<ChainNode> {
    let links: Vec<Option<LinkKind>> = chain.iter().map(|n| n.link).collect();
    let n = chain.len();
    let nodes = chain.into_iter().rev().enumerate();
    nodes
        .map(|(i, mut node)| {
            node.link = if i + 1 < n { links[n - 2 - i] } else { None };
            node
        })
        .collect()
}

/// The forcing behind the y part of link `a`-`b` of type `edge`, when that part is not a
/// conjugate pair's (which needs no bivalue cells to show it).
fn y_part(g: &Graph, edge: Edge, a: usize, b: usize) -> Option<(u32, u32)> {
    if !edge.is_y() || g.conj_house(a, b).is_some() {
        return None;
    }
    g.y[a]
        .iter()
        .find(|&&(p, _, _)| p as usize == b)
        .map(|&(_, f, e)| (f, e))
}

/// For each link with a y part (`y_parts`: its ends and its forcing, from [`y_part`]), the
/// bivalue cells that force it: they join the evidence's cells, after the cycle's own (named
/// cells stand for the pattern, which would otherwise be the chain's cells), and their chain
/// for `digit` joins its `y_edges`.
fn y_notes(
    t: &Topology,
    fs: &Forcings,
    digit: usize,
    ev: &mut Evidence,
    cells: &[usize],
    y_parts: &[(usize, usize, (u32, u32))],
) -> Vec<String> {
    if !y_parts.is_empty() {
        for &c in cells {
            if !ev.cells.contains(&(c as u16)) {
                ev.cells.push(c as u16);
            }
        }
    }
    let mut notes = Vec::new();
    for &(from, to, (f, e)) in y_parts {
        let forcing = &fs.list[f as usize];
        let mut branch: Vec<_> = forcing
            .branch(e)
            .iter()
            .map(|&j| forcing.forced[j as usize])
            .collect();
        let mut chain = y_edge_chain(digit, &branch);
        // The forcing may start at either end: written from the link's first cell, as the
        // note names the edge (a y-edge holds both ways).
        if branch.first().map(|x| x.cell as usize) != Some(from) {
            branch.reverse();
            chain = reversed(chain);
        }
        ev.y_edges.push(chain);
        let chain: Vec<String> = branch
            .iter()
            .map(|x| {
                let c = x.cell as usize;
                if !ev.cells.contains(&(c as u16)) {
                    ev.cells.push(c as u16);
                }
                t.cell_name(c)
            })
            .collect();
        notes.push(format!(
            "{}~{}{Y_EDGE_CELLS}{}",
            t.cell_name(from),
            t.cell_name(to),
            chain.join(",")
        ));
    }
    notes
}
