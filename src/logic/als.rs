//! Almost locked sets: ALS-XZ, ALS-XY-Wing and Death Blossom (in the `blossom` module).
//!
//! An *almost locked set* (ALS) is n open cells of one house holding n + 1 digits between them,
//! one digit short of a naked set: take any one of its digits away and each of the others is
//! true in one of its cells. A bivalue cell is the smallest.
//!
//! Two ALSs A and B with no cell in common are linked by a *restricted common* digit x when
//! every place of x in A sees every place of x in B: x is true in one of them at most, and the
//! other is locked without it. So a digit z ≠ x of both is true in A or in B, and leaves every
//! cell that sees all its places in both (HoDoKu's ALS-XZ). Two restricted commons (*doubly
//! linked*) are each true in one set at most, and each set holds one of them at least, so each
//! holds exactly one and is locked without the other: a restricted common leaves the cells
//! that see all its places in both, and every other digit of A leaves the cells that see all
//! its places in A (and B's likewise). No two sets have three.
//!
//! An ALS-XY-Wing adds a third set: a pivot C linked to A by x and to B by y ≠ x. C lacks one
//! of its digits at most, so it holds x or y, and A lacks x or B lacks y: one of them is
//! locked. So a digit z of A and B (neither x nor y) is true in A or in B, and leaves every
//! cell that sees all its places in both.
//!
//! The argument is the same at every size. The sets are enumerated per house up to
//! [`LARGEST`] cells, within [`Config::subset_budget`] extensions a house, and paired through
//! their digits' places: only sets holding a place of a digit that each of the other's places
//! of it sees are compared, so a near-empty large grid costs little.

mod blossom;

use super::{growth, limits, Candidate, CellSet, Config, Deduction, Flow, Sink, State, Technique};
use crate::basis::Basis;
use crate::mask::Mask;

/// One ALS: its house, its cells in cell order, and its digits.
struct Als<M> {
    house: usize,
    cells: Vec<usize>,
    digits: M,
    /// Per digit, in order, the houses that hold all its places: a cell outside the set sees
    /// every place when it lies in one of them.
    sight: Vec<Houses>,
}

/// Up to three houses, the rest `u16::MAX`.
type Houses = [u16; 3];

/// The houses that hold all of `cells` (one at least).
fn common_houses<B: Basis>(cells: impl IntoIterator<Item = usize>) -> Houses {
    let topo = B::topology();
    let mut cells = cells.into_iter();
    let mut houses = topo.houses_of(cells.next().expect("one cell at least"));
    for c in cells {
        let of = topo.houses_of(c);
        houses
            .iter_mut()
            .filter(|h| !of.contains(h))
            .for_each(|h| *h = u16::MAX);
    }
    houses
}

impl<M: Mask> Als<M> {
    fn new<B: Basis<Mask = M>>(s: &State<B>, house: usize, cells: Vec<usize>, digits: M) -> Self {
        let sight = digits
            .iter()
            .map(|d| common_houses::<B>(cells.iter().copied().filter(|&c| s.open(c).has(d))))
            .collect();
        Als {
            house,
            cells,
            digits,
            sight,
        }
    }

    /// Its cells that hold `digit`.
    fn places<B: Basis<Mask = M>>(&self, s: &State<B>, digit: usize) -> Vec<usize> {
        let cells = self.cells.iter().copied();
        cells.filter(|&c| s.open(c).has(digit)).collect()
    }

    /// True when `cell`, outside the set, sees each of its places of `digit`, one of its
    /// digits.
    fn seen_by<B: Basis<Mask = M>>(&self, cell: usize, digit: usize) -> bool {
        let rank = (self.digits & B::Mask::low(digit)).count() as usize;
        let sight = &self.sight[rank];
        B::topology()
            .houses_of(cell)
            .iter()
            .any(|h| sight.contains(h))
    }
}

/// The most cells of an ALS enumerated, at every size: every ALS of a 9×9 house. People use
/// small ones, and the enumeration grows fast with this: at 64×64, with N/2 (32), it took
/// more than the rest of a solving path.
pub const LARGEST: usize = 8;

/// Report every ALS-XZ (`t` = [`Technique::AlsXz`]), ALS-XY-Wing or Death Blossom in `s`:
/// ALS-XZ by the first set's house, then cells; ALS-XY-Wing by the pivot's; Death Blossom by
/// the stem.
pub fn find<B: Basis>(s: &State<B>, t: Technique, cfg: &Config, sink: &mut Sink) -> Flow {
    let Some(sets) = sets(s, cfg) else {
        return Flow::Stop;
    };
    match t {
        Technique::AlsXyWing => {}
        Technique::DeathBlossom => return blossom::find(s, &sets, cfg, sink),
        _ => {
            return pairs(s, &sets, cfg, &mut |a, b, restricted| {
                xz(s, &sets[a], &sets[b], restricted, sink)
            })
        }
    }
    // Each set's links: the sets linked to it, with their restricted commons.
    let mut links: Vec<Vec<(usize, B::Mask)>> = vec![Vec::new(); sets.len()];
    let flow = pairs(s, &sets, cfg, &mut |a, b, restricted| {
        links[a].push((b, restricted));
        links[b].push((a, restricted));
        Flow::Continue
    });
    if flow == Flow::Stop {
        return Flow::Stop;
    }
    wings(s, &sets, &links, cfg, sink)
}

/// Call `linked` with every two sets (by index, the first the lower) that have no cell in
/// common and are linked, and their restricted commons; stop when it says stop.
fn pairs<B: Basis>(
    s: &State<B>,
    sets: &[Als<B::Mask>],
    cfg: &Config,
    linked: &mut dyn FnMut(usize, usize, B::Mask) -> Flow,
) -> Flow {
    let topo = B::topology();
    // To find the sets a digit's place can see.
    let holding = holding(sets, B::CELLS);
    let mut in_a = vec![false; B::CELLS];
    let mut compared = vec![u32::MAX; sets.len()];
    let mut pairs = 0u64;
    for (i, a) in sets.iter().enumerate() {
        if cfg.past_deadline() {
            return Flow::Stop;
        }
        a.cells.iter().for_each(|&c| in_a[c] = true);
        let mut spent = false;
        // A set linked by x has every place of x where all of A's places of x can see it.
        let near = a.digits.iter().zip(&a.sight).flat_map(|(x, houses)| {
            let houses = houses.iter().filter(|&&h| h != u16::MAX);
            let cells = houses.flat_map(|&h| topo.house(h as usize));
            cells.map(move |&p| (x, p as usize))
        });
        'near: for (x, p) in near {
            if in_a[p] || !s.open(p).has(x) {
                continue;
            }
            // Ids ascend: the sets before A were paired with it as theirs.
            let later = &holding[p][holding[p].partition_point(|&j| j as usize <= i)..];
            for &j in later {
                let j = j as usize;
                if compared[j] == i as u32 {
                    continue;
                }
                compared[j] = i as u32;
                pairs += 1;
                if pairs > cfg.subset_budget {
                    limits::note(|h| h.subset_searches += 1);
                    spent = true;
                    break 'near;
                }
                let b = &sets[j];
                if b.cells.iter().any(|&c| in_a[c]) {
                    continue;
                }
                let restricted = restricted(s, a, b);
                if !restricted.is_empty() && linked(i, j, restricted) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
        a.cells.iter().for_each(|&c| in_a[c] = false);
        if spent {
            // What is left goes unsearched, but the path goes on.
            break;
        }
    }
    Flow::Continue
}

/// Each of `cells` cells' sets, by index in ascending order.
fn holding<M>(sets: &[Als<M>], cells: usize) -> Vec<Vec<u32>> {
    let mut holding: Vec<Vec<u32>> = vec![Vec::new(); cells];
    for (i, a) in sets.iter().enumerate() {
        for &c in &a.cells {
            holding[c].push(i as u32);
        }
    }
    holding
}

/// Every ALS of `s` up to [`LARGEST`] cells, each once, by house; `None` past the deadline.
fn sets<B: Basis>(s: &State<B>, cfg: &Config) -> Option<Vec<Als<B::Mask>>> {
    let topo = B::topology();
    let mut out = Vec::new();
    for h in 0..topo.houses() {
        if cfg.past_deadline() {
            return None;
        }
        let open_cells = topo
            .house(h)
            .iter()
            .filter(|&&c| !s.open(c as usize).is_empty());
        let largest = LARGEST.min(open_cells.count().saturating_sub(1));
        // A cell of more digits than the largest set has is in none.
        let open: Vec<usize> = topo
            .house(h)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| (1..=largest + 1).contains(&(s.open(c).count() as usize)))
            .collect();
        let masks: Vec<B::Mask> = open.iter().map(|&c| s.open(c)).collect();
        let mut found = Vec::new();
        let mut left = cfg.subset_budget;
        // Digits never leave a growing subset: past largest + 1, no extension is an ALS.
        let viable = |u: B::Mask| u.count() as usize <= largest + 1;
        let whole = growth::subsets(&masks, largest, &mut left, viable, |picked, u| {
            if u.count() as usize == picked.len() + 1 {
                found.push((picked.to_vec(), u));
            }
        });
        if !whole {
            limits::note(|h| h.subset_searches += 1);
        }
        for (picked, digits) in found {
            let mut cells: Vec<usize> = picked.iter().map(|&i| open[i]).collect();
            // A set inside a box and a line is found in both: kept in the first house, a line.
            if common_houses::<B>(cells.iter().copied()).iter().min() == Some(&(h as u16)) {
                cells.sort_unstable();
                out.push(Als::new(s, h, cells, digits));
            }
        }
    }
    Some(out)
}

/// The restricted commons of sets `a` and `b` (disjoint): the digits of both whose every
/// place in one sees every place in the other.
fn restricted<B: Basis>(s: &State<B>, a: &Als<B::Mask>, b: &Als<B::Mask>) -> B::Mask {
    let mut restricted = B::Mask::ZERO;
    for x in (a.digits & b.digits).iter() {
        let mut places = b.cells.iter().filter(|&&c| s.open(c).has(x));
        if places.all(|&q| a.seen_by::<B>(q, x)) {
            restricted |= B::Mask::bit(x);
        }
    }
    restricted
}

/// `z` in every cell that sees all its places in `a` and `b`.
fn seeing_both<B: Basis>(
    s: &State<B>,
    a: &Als<B::Mask>,
    b: &Als<B::Mask>,
    z: usize,
) -> Vec<Candidate> {
    let mut places = a.places(s, z);
    places.extend(b.places(s, z));
    s.seeing_all(&places, z)
}

/// The ALS-XZ of sets `a` and `b`, disjoint and linked by `restricted`, when it removes
/// anything.
fn xz<B: Basis>(
    s: &State<B>,
    a: &Als<B::Mask>,
    b: &Als<B::Mask>,
    restricted: B::Mask,
    sink: &mut Sink,
) -> Flow {
    let common = a.digits & b.digits;
    let both = |d: usize| seeing_both(s, a, b, d);
    let mut gone = Vec::new();
    match restricted.count() {
        1 => (common & !restricted)
            .iter()
            .for_each(|z| gone.extend(both(z))),
        2 => {
            restricted.iter().for_each(|x| gone.extend(both(x)));
            for set in [a, b] {
                for d in (set.digits & !restricted).iter() {
                    gone.extend(s.seeing_all(&set.places(s, d), d));
                }
            }
        }
        // None links them; three would leave one set two digits short (no solution).
        _ => return Flow::Continue,
    }
    if gone.is_empty() {
        return Flow::Continue;
    }
    gone.sort();
    gone.dedup();
    let mut d = step(Technique::AlsXz, &[a, b], gone);
    d.evidence.digits = restricted.iter().map(|x| x as u8).collect();
    if restricted.count() == 2 {
        d.evidence.note = Some("doubly linked".into());
    }
    sink(d)
}

/// A step of `technique` on `sets`, removing `gone` (sorted): their houses, cells and digits
/// as evidence.
fn step<M: Mask>(technique: Technique, sets: &[&Als<M>], gone: Vec<Candidate>) -> Deduction {
    let mut d = Deduction::new(technique);
    d.eliminations = gone;
    let ev = &mut d.evidence;
    ev.houses = sets.iter().map(|set| set.house as u16).collect();
    ev.cells = sets
        .iter()
        .flat_map(|set| &set.cells)
        .map(|&c| c as u16)
        .collect();
    ev.sets = sets
        .iter()
        .map(|set| CellSet {
            house: set.house as u16,
            cells: set.cells.iter().map(|&c| c as u16).collect(),
            digits: set.digits.iter().map(|x| x as u8).collect(),
        })
        .collect();
    d
}

/// Report every ALS-XY-Wing: a pivot set C linked to A by x and to B by y (x ≠ y), A and B
/// with no cell in common. C, short of one digit at most, holds x or y, so A or B is locked:
/// a digit z of both (neither x nor y) is in A or in B, and leaves every cell seeing all its
/// places in both. Of the choices of x and y, the one removing most is shown.
fn wings<B: Basis>(
    s: &State<B>,
    sets: &[Als<B::Mask>],
    links: &[Vec<(usize, B::Mask)>],
    cfg: &Config,
    sink: &mut Sink,
) -> Flow {
    let mut tried = 0u64;
    for (c, partners) in links.iter().enumerate() {
        if cfg.past_deadline() {
            return Flow::Stop;
        }
        for (k, &(a, ra)) in partners.iter().enumerate() {
            for &(b, rb) in &partners[k + 1..] {
                let (a, b, ra, rb) = if a < b {
                    (a, b, ra, rb)
                } else {
                    (b, a, rb, ra)
                };
                let (sa, sb) = (&sets[a], &sets[b]);
                let common = sa.digits & sb.digits;
                if (ra | rb).count() < 2 || common.is_empty() {
                    continue;
                }
                tried += 1;
                if tried > cfg.subset_budget {
                    limits::note(|h| h.subset_searches += 1);
                    return Flow::Continue;
                }
                if sa.cells.iter().any(|c| sb.cells.contains(c)) {
                    continue;
                }
                // A digit's removals do not depend on x and y: found once, each choice then
                // keeping those of the digits it leaves as z.
                let removals: Vec<(usize, Vec<Candidate>)> = common
                    .iter()
                    .map(|z| (z, seeing_both(s, sa, sb, z)))
                    .filter(|(_, gone)| !gone.is_empty())
                    .collect();
                let kept = |x, y| removals.iter().filter(move |&&(z, _)| z != x && z != y);
                let mut best: Option<(usize, usize, usize)> = None;
                for x in ra.iter() {
                    for y in rb.iter().filter(|&y| y != x) {
                        let count = kept(x, y).map(|(_, gone)| gone.len()).sum();
                        if count > best.map_or(0, |b| b.2) {
                            best = Some((x, y, count));
                        }
                    }
                }
                if let Some((x, y, _)) = best {
                    let mut gone: Vec<Candidate> = kept(x, y)
                        .flat_map(|(_, gone)| gone.iter().copied())
                        .collect();
                    gone.sort();
                    let mut d = step(Technique::AlsXyWing, &[sa, sb, &sets[c]], gone);
                    d.evidence.digits = vec![x as u8, y as u8];
                    if sink(d) == Flow::Stop {
                        return Flow::Stop;
                    }
                }
            }
        }
    }
    Flow::Continue
}
