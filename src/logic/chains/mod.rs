//! Chains by tagging: X-Chain, XY-Chain, Remote Pair, Nice Loop (continuous and
//! discontinuous) and AIC, at every basis.
//!
//! How it works, in three stages:
//! 1. [`tagging`]: strong links of the mode join candidates into layers with two tags each.
//! 2. [`table`]: weak links between tagged candidates become implications between tags; the
//!    table is closed transitively. A candidate `x` is false when, for two tagged candidates
//!    `a`, `z` weakly linked to `x`, `off(a)` implies `on(z)` (an AIC `a = … = z`: one of the
//!    ends is true and `x` sees both). This test is a few bit operations per candidate.
//! 3. [`search`]: for each candidate the table condemns, a breadth-first search over the
//!    candidate implication graph (`on(u) → off(v)` on weak links, `off(u) → on(v)` on strong
//!    links) rebuilds the shortest chain that proves it, capped at [`Config::chain_length`]
//!    links; that chain is the evidence, printed in Eureka notation.
//!
//! Deductions of one finder are reported shortest chain first; one whose eliminations are all
//! covered by shorter chains is dropped.

pub mod search;
pub mod table;
pub mod tagging;

use super::{
    kept, Candidate, ChainNode, Config, Deduction, Flow, LinkKind, Sink, State, Technique,
};
use crate::basis::Basis;
use crate::mask::Mask;
use fixedbitset::FixedBitSet;
use search::Search;
use std::any::Any;
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use table::Table;
use tagging::{Mode, Tagging, NONE};

/// Report every chain deduction of technique `t` (X-Chain, XY-Chain, Remote Pair, Nice Loop,
/// AIC); other techniques report nothing.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    let found = match t {
        Technique::XChain => chains(s, Mode::X, Technique::XChain, cfg),
        Technique::XyChain => chains(s, Mode::Y, Technique::XyChain, cfg),
        Technique::Aic => chains(s, Mode::Xy, Technique::Aic, cfg),
        Technique::RemotePair => remote_pairs(s, cfg),
        Technique::NiceLoop => nice_loops(s, cfg),
        _ => return Flow::Continue,
    };
    report(found, B::N, sink)
}

/// A chain and what it removes, before it becomes a [`Deduction`].
struct Found {
    technique: Technique,
    /// Candidate ids in chain order.
    nodes: Vec<u32>,
    /// Link after each node but the last.
    links: Vec<LinkKind>,
    /// Eliminated candidate ids, sorted.
    elims: Vec<u32>,
    /// The candidates of each node (several for a group).
    shown: Vec<Vec<Candidate>>,
}

impl Found {
    fn length(&self) -> usize {
        self.links.len()
    }
}

/// Shortest first; drop those whose eliminations shorter ones already make.
fn report(mut found: Vec<Found>, n: usize, sink: &mut Sink) -> Flow {
    found.sort_by(|a, b| (a.length(), &a.elims, &a.nodes).cmp(&(b.length(), &b.elims, &b.nodes)));
    let mut done = hashbrown::HashSet::new();
    for f in found {
        if f.elims.iter().all(|e| done.contains(e)) {
            continue;
        }
        done.extend(f.elims.iter().copied());
        if sink(to_deduction(&f, n)) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

fn cand(id: u32, n: usize) -> Candidate {
    Candidate::new(id as usize / n, id as usize % n)
}

fn to_deduction(f: &Found, n: usize) -> Deduction {
    let mut d = Deduction::new(f.technique);
    d.eliminations = f.elims.iter().map(|&e| cand(e, n)).collect();
    d.evidence.chain = f
        .shown
        .iter()
        .enumerate()
        .map(|(i, c)| ChainNode::new(c.clone(), f.links.get(i).copied()))
        .collect();
    let mut cells: Vec<u16> = f.shown.iter().flatten().map(|c| c.cell).collect();
    cells.sort_unstable();
    cells.dedup();
    d.evidence.cells = cells;
    if f.technique == Technique::RemotePair {
        // Read as an AIC the chain proves only its end digit gone; the pair rule removes both.
        let mut pair: Vec<u8> = f.shown[..2].iter().map(|c| c[0].digit).collect();
        pair.sort_unstable();
        d.evidence.digits = pair;
        d.evidence.note = Some("its ends hold the pair's two digits, one each".into());
    }
    d
}

/// Links and closed table of one mode, or `None` when the strong links contradict or the
/// table would have more than `cfg.chain_tags` tags (noted in [`super::limits`]).
fn build<B: Basis>(s: &State<B>, mode: Mode, cfg: &Config) -> Option<(Tagging<B>, Table)> {
    let g = Tagging::with_groups(s, mode, cfg.grouped)?;
    if g.tags() > cfg.chain_tags {
        super::limits::note(|h| h.chain_tables += 1);
        return None;
    }
    let mut table = Table::new(g.tags());
    for &u in &g.strong {
        let tu = g.on_tag(u) as usize;
        g.weak(u, |v| {
            let tv = g.on_tag(v);
            if tv != NONE {
                table.add(tu, tv as usize ^ 1);
            }
        });
    }
    table.close();
    Some((g, table))
}

/// Every open candidate id in the grid.
fn open_candidates<B: Basis>(s: &State<B>) -> Vec<u32> {
    let n = B::N;
    let mut v = Vec::new();
    for c in 0..B::CELLS {
        if !s.is_solved(c) {
            v.extend(s.get(c).iter().map(|d| (c * n + d) as u32));
        }
    }
    v
}

/// Candidates the closed table condemns: `x` with tagged weak neighbours `a`, `z` such that
/// `off(a)` implies `on(z)` (or `a`, `z` are the two colours of one layer).
fn condemned<B: Basis>(g: &Tagging<B>, table: &Table) -> Vec<u32> {
    // Weak links go both ways, so only the weak neighbours of tagged nodes can qualify: on a
    // big grid with few strong links that is a small part of the open candidates.
    let mut near = FixedBitSet::with_capacity(g.ids());
    for &u in &g.strong {
        g.weak(u, |x| {
            if g.is_candidate(x) {
                near.insert(x as usize);
            }
        });
    }
    let mut out = Vec::new();
    let mut w = FixedBitSet::with_capacity(g.tags());
    let mut ws = Vec::new();
    for x in near.ones().map(|x| x as u32) {
        ws.clear();
        w.clear();
        g.weak(x, |v| {
            let t = g.on_tag(v);
            if t != NONE && !w.put(t as usize) {
                ws.push(t as usize);
            }
        });
        let hit = ws
            .iter()
            .any(|&u| w.contains(u ^ 1) || !table.row(u ^ 1).is_disjoint(&w));
        if hit {
            out.push(x);
        }
    }
    out
}

/// The candidates of each node, for printing.
fn shown<B: Basis>(g: &Tagging<B>, nodes: &[u32]) -> Vec<Vec<Candidate>> {
    nodes
        .iter()
        .map(|&id| {
            let (d, cells) = g.node(id);
            cells
                .iter()
                .map(|&c| Candidate::new(c as usize, d))
                .collect()
        })
        .collect()
}

/// Open candidates weakly linked to both `a` and `z`.
fn seeing_both<B: Basis>(g: &Tagging<B>, a: u32, z: u32) -> Vec<u32> {
    let mut v = Vec::new();
    g.weak(a, |x| {
        if g.is_candidate(x) && x != z && g.weakly_linked(x, z) {
            v.push(x);
        }
    });
    v.sort_unstable();
    v.dedup();
    v
}

/// Alternating links of an AIC `a = b - c = … = z`.
fn aic_links(nodes: usize) -> Vec<LinkKind> {
    (0..nodes.saturating_sub(1))
        .map(|i| {
            if i % 2 == 0 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            }
        })
        .collect()
}

/// For every condemned candidate, the shortest AIC (within `cfg.chain_length` links) proving
/// it, with everything that chain removes; those found by `cfg`'s deadline past it.
fn aics<B: Basis>(g: &Tagging<B>, condemned: &[u32], cfg: &Config) -> Vec<Vec<u32>> {
    let cap = cfg.chain_length;
    let mut search = Search::new(g);
    let mut chains: Vec<Vec<u32>> = Vec::new();
    let mut seen = hashbrown::HashSet::new();
    for &x in condemned {
        if cfg.past_deadline() {
            break;
        }
        if let Some(chain) = search.elimination(g, x, cap) {
            if seen.insert(chain.clone()) {
                chains.push(chain);
            }
        }
    }
    chains
}

fn chains<B: Basis>(s: &State<B>, mode: Mode, technique: Technique, cfg: &Config) -> Vec<Found> {
    let built = match mode {
        Mode::Xy => xy(s, cfg),
        _ => build(s, mode, cfg).map(|(g, table)| Rc::new(Built::new(g, table))),
    };
    let Some(built) = built else {
        return Vec::new();
    };
    let g = &built.g;
    aics(g, built.condemned(), cfg)
        .into_iter()
        // One strong link, one digit in a house: what it removes is what the intersection of
        // that house with a box or line removes, so it is left to the locked candidates it is.
        .filter(|nodes| nodes.len() > 2)
        .map(|nodes| {
            let elims = seeing_both(g, nodes[0], *nodes.last().unwrap());
            Found {
                technique,
                links: aic_links(nodes.len()),
                shown: shown(g, &nodes),
                nodes,
                elims,
            }
        })
        .filter(|f| !f.elims.is_empty())
        .collect()
}

/// Links, closed table and condemned candidates (worked out when first asked) of one state in
/// one mode (XY mode when kept by [`kept::scope`]).
pub(crate) struct Built<B: Basis> {
    pub(crate) g: Tagging<B>,
    table: Table,
    condemned: OnceCell<Vec<u32>>,
}

impl<B: Basis> Built<B> {
    fn new(g: Tagging<B>, table: Table) -> Self {
        Built {
            g,
            table,
            condemned: OnceCell::new(),
        }
    }

    fn condemned(&self) -> &[u32] {
        self.condemned
            .get_or_init(|| condemned(&self.g, &self.table))
    }
}

thread_local! {
    /// The last XY-mode build made inside a [`kept::scope`]: nice loops and AICs read the same
    /// links and table, one after the other on the same state (in `explain`'s order and
    /// `rate`'s alike), and building them is most of their cost.
    static BUILT: RefCell<Option<Rc<dyn Any>>> = const { RefCell::new(None) };
}

/// Drop the kept build (when the outermost [`kept::scope`] ends).
pub(crate) fn forget() {
    BUILT.with(|k| *k.borrow_mut() = None);
}

/// The XY-mode build of `s`: the one kept when it was made on the same candidates, else a new
/// one (kept inside a [`kept::scope`]). `None` as [`build`].
pub(crate) fn xy<B: Basis>(s: &State<B>, cfg: &Config) -> Option<Rc<Built<B>>> {
    let same = |x: &Built<B>| {
        let t = x.g.state();
        x.g.tags() <= cfg.chain_tags
            && x.g.grouped == cfg.grouped
            && t.grid().masks() == s.grid().masks()
            && (0..B::CELLS).all(|c| t.is_solved(c) == s.is_solved(c))
    };
    let last = BUILT.with(|k| k.borrow().clone());
    if let Some(x) = last.and_then(|x| x.downcast::<Built<B>>().ok()) {
        if same(&x) {
            return Some(x);
        }
    }
    let (g, table) = build(s, Mode::Xy, cfg)?;
    let x = Rc::new(Built::new(g, table));
    if kept::in_scope() {
        BUILT.with(|k| *k.borrow_mut() = Some(x.clone()));
    }
    Some(x)
}

/// Remote pairs: XY-chains through bivalue cells of one digit pair. Every cell that sees both
/// end cells loses both digits (the chain read with the digits swapped is as valid).
fn remote_pairs<B: Basis>(s: &State<B>, cfg: &Config) -> Vec<Found> {
    let t = B::topology();
    let n = B::N;
    let mut pairs: Vec<u128> = (0..B::CELLS)
        .filter(|&c| !s.is_solved(c) && s.get(c).count() == 2)
        .map(|c| s.get(c).to_u128())
        .collect();
    pairs.sort_unstable();
    let mut out = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let p = pairs[i];
        let run = pairs[i..].iter().take_while(|&&q| q == p).count();
        i += run;
        if run < 4 {
            continue; // two cells make a naked pair, three cannot end on the same digit
        }
        let Some((g, table)) = build(s, Mode::Pair(p), cfg) else {
            continue;
        };
        for nodes in aics(&g, &condemned(&g, &table), cfg) {
            if nodes.len() < 8 {
                continue;
            }
            let (a, z) = (nodes[0] as usize / n, *nodes.last().unwrap() as usize / n);
            let chain_cells: Vec<usize> = nodes.iter().map(|&id| id as usize / n).collect();
            let mut elims = Vec::new();
            for c in 0..B::CELLS {
                if s.is_solved(c) || chain_cells.contains(&c) || !t.sees(c, a) || !t.sees(c, z) {
                    continue;
                }
                for d in s.get(c).iter() {
                    if p >> d & 1 == 1 {
                        elims.push((c * n + d) as u32);
                    }
                }
            }
            if !elims.is_empty() {
                out.push(Found {
                    technique: Technique::RemotePair,
                    links: aic_links(nodes.len()),
                    shown: shown(&g, &nodes),
                    nodes,
                    elims,
                });
            }
        }
    }
    out
}

/// Nice loops in XY mode.
///
/// *Continuous*: an AIC `v = … = u` whose ends are weakly linked closes into a loop in which
/// every link holds both ways; each link `p – q` then removes what sees both `p` and `q` (the
/// other digits of a shared cell, the digit in cells seeing both). *Discontinuous*: an AIC
/// elimination whose candidate shares a cell with an end of its chain, printed as the loop
/// `x - a = … = z - x`.
fn nice_loops<B: Basis>(s: &State<B>, cfg: &Config) -> Vec<Found> {
    let cap = cfg.chain_length;
    let Some(built) = xy(s, cfg) else {
        return Vec::new();
    };
    let (g, table) = (&built.g, &built.table);
    let n = B::N;
    let mut out = Vec::new();
    let mut search = Search::new(g);
    let mut seen = hashbrown::HashSet::new();
    // Continuous loops: closing weak link u - v between tagged candidates, off(v) ⇒ on(u).
    // Past the deadline, the loops found so far.
    for &u in &g.strong {
        if cfg.past_deadline() {
            return out;
        }
        let tu = g.on_tag(u) as usize;
        let mut closers = Vec::new();
        g.weak(u, |v| {
            let tv = g.on_tag(v);
            if v > u
                && tv != NONE
                && !g.partners(u).contains(&v)
                && table.implies(tv as usize ^ 1, tu)
            {
                closers.push(v);
            }
        });
        for v in closers {
            let Some(mut nodes) = search.path_off_on(g, v, u, cap.saturating_sub(1)) else {
                continue;
            };
            if nodes.len() < 4 {
                continue;
            }
            let mut key = nodes.clone();
            key.sort_unstable();
            if !seen.insert(key) {
                continue;
            }
            let mut links = aic_links(nodes.len());
            links.push(LinkKind::Weak);
            nodes.push(nodes[0]);
            let mut elims = Vec::new();
            for w in nodes.windows(2) {
                elims.extend(seeing_both(g, w[0], w[1]));
            }
            elims.retain(|e| !nodes.contains(e));
            elims.sort_unstable();
            elims.dedup();
            if !elims.is_empty() {
                out.push(Found {
                    technique: Technique::NiceLoop,
                    shown: shown(g, &nodes),
                    nodes,
                    links,
                    elims,
                });
            }
        }
    }
    // Discontinuous loops through the eliminated candidate's cell.
    for &x in built.condemned() {
        if cfg.past_deadline() {
            break;
        }
        let Some(chain) = search.elimination(g, x, cap.saturating_sub(2)) else {
            continue;
        };
        let cell = (x as usize / n) as u16;
        let (a, z) = (g.node(chain[0]).1, g.node(*chain.last().unwrap()).1);
        if !a.contains(&cell) && !z.contains(&cell) {
            continue;
        }
        let mut nodes = vec![x];
        nodes.extend_from_slice(&chain);
        nodes.push(x);
        let mut links = vec![LinkKind::Weak];
        links.extend(aic_links(chain.len()));
        links.push(LinkKind::Weak);
        out.push(Found {
            technique: Technique::NiceLoop,
            shown: shown(g, &nodes),
            nodes,
            links,
            elims: vec![x],
        });
    }
    out
}

/// Candidates the tag table alone proves false, without rebuilding chains.
///
/// Plain: tagged candidates whose tag implies its complement, and candidates weakly linked to
/// both ends of an implied AIC. With `derived`, every open candidate gets a tag (an untagged
/// one a layer of its own), every weak link enters the table, and the table gains the derived
/// links of every cell and every house-digit set ([`Table::derive`]) until nothing new
/// appears; a candidate is false when its tag implies its complement. Derived proofs branch, so
/// they are not printed as chains; this is for checking and for counting what chains miss.
/// The derived table has two tags per open candidate: meant for 9×9 and 16×16 (both tables are
/// bounded by `cfg.chain_tags`; over it, nothing is found).
pub fn table_eliminations<B: Basis>(
    s: &State<B>,
    mode: Mode,
    derived: bool,
    cfg: &Config,
) -> Vec<Candidate> {
    let Some((g, table)) = build(s, mode, cfg) else {
        return Vec::new();
    };
    let mut out: Vec<u32> = if derived {
        derived_false(&g, cfg)
    } else {
        let mut v = condemned(&g, &table);
        v.extend(
            g.strong
                .iter()
                .copied()
                .filter(|&u| g.is_candidate(u) && table.is_false(g.on_tag(u) as usize)),
        );
        v
    };
    out.sort_unstable();
    out.dedup();
    out.into_iter().map(|id| cand(id, B::N)).collect()
}

fn derived_false<B: Basis>(g: &Tagging<B>, cfg: &Config) -> Vec<u32> {
    let s = g.state();
    let t = B::topology();
    let n = B::N;
    let open = open_candidates(s);
    let mut on: Vec<u32> = (0..g.ids() as u32).map(|id| g.on_tag(id)).collect();
    let mut tags = g.tags();
    for &x in &open {
        on[x as usize] = match g.on_tag(x) {
            NONE => {
                tags += 2;
                (tags - 2) as u32
            }
            t => t,
        };
    }
    if tags > cfg.chain_tags {
        super::limits::note(|h| h.chain_tables += 1);
        return Vec::new();
    }
    let mut table = Table::new(tags);
    let groups = g.strong.iter().copied().filter(|&u| !g.is_candidate(u));
    for x in open.iter().copied().chain(groups) {
        let tx = on[x as usize] as usize;
        g.weak(x, |v| {
            if on[v as usize] != NONE {
                table.add(tx, on[v as usize] as usize ^ 1);
            }
        });
    }
    let mut sets = Vec::new();
    for c in (0..B::CELLS).filter(|&c| !s.is_solved(c)) {
        sets.push(s.get(c).iter().map(|d| on[c * n + d] as usize).collect());
    }
    for h in 0..t.houses() {
        for d in 0..n {
            let set: Vec<usize> = t
                .house(h)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !s.is_solved(c) && s.get(c).has(d))
                .map(|c| on[c * n + d] as usize)
                .collect();
            if !set.is_empty() {
                sets.push(set);
            }
        }
    }
    table.derive(&sets);
    open.into_iter()
        .filter(|&x| table.is_false(on[x as usize] as usize))
        .collect()
}
