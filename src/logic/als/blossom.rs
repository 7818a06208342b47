//! Death Blossom: a stem cell and, for each of its digits, an almost locked set (a *petal*).
//!
//! Each petal holds its stem digit d only where the stem sees it, so were the stem d, that
//! petal would lose d and be locked on its other digits. The stem is one of its digits: one
//! petal is locked. A digit z of every petal (not of the stem) is then true in one of the
//! petals, and leaves every cell that sees all its places in all of them.
//!
//! Petals have no cell in common (HoDoKu's default) and none holds the stem. They are chosen
//! one stem digit at a time, the digit with fewest petals first, keeping only the cells that
//! still see every place of z so far: a choice that leaves none is dropped at once.

use super::{holding, step, Als};
use crate::basis::Basis;
use crate::logic::{limits, Candidate, CellSet, Config, Flow, Sink, State, Technique};
use crate::mask::Mask;

/// Report, for every stem and every digit z, the first Death Blossom that removes z, by stem
/// then z; petals listed in the stem's digit order.
pub(super) fn find<B: Basis>(
    s: &State<B>,
    sets: &[Als<B::Mask>],
    cfg: &Config,
    sink: &mut Sink,
) -> Flow {
    let topo = B::topology();
    // To find the sets whose places of a digit a stem sees.
    let holding = holding(sets, B::CELLS);
    let mut seen = vec![u32::MAX; sets.len()];
    let mut round = 0u32;
    let mut search = Search {
        s,
        sets,
        left: cfg.subset_budget,
        used: vec![false; B::CELLS],
        chosen: Vec::new(),
        targets: Vec::new(),
    };
    for stem in 0..B::CELLS {
        let digits = s.open(stem);
        if digits.count() < 2 {
            continue;
        }
        if cfg.past_deadline() {
            return Flow::Stop;
        }
        // Per stem digit, the sets holding it, without the stem, whose places of it the stem
        // sees: they lie in the stem's houses.
        let mut petals: Vec<(usize, Vec<usize>)> = Vec::new();
        for d in digits.iter() {
            round += 1;
            let mut of_d = Vec::new();
            for &h in &topo.houses_of(stem) {
                for &p in topo.house(h as usize) {
                    let p = p as usize;
                    if p == stem || !s.open(p).has(d) {
                        continue;
                    }
                    for &i in &holding[p] {
                        let i = i as usize;
                        if seen[i] == round {
                            continue;
                        }
                        seen[i] = round;
                        let a = &sets[i];
                        if !a.cells.contains(&stem) && a.seen_by::<B>(stem, d) {
                            of_d.push(i);
                        }
                    }
                }
            }
            if of_d.is_empty() {
                break;
            }
            petals.push((d, of_d));
        }
        if petals.len() < digits.count() as usize {
            continue;
        }
        let mut zs = !digits;
        for (_, of_d) in &petals {
            zs &= of_d.iter().fold(B::Mask::ZERO, |u, &i| u | sets[i].digits);
        }
        for z in zs.iter() {
            let mut by_digit: Vec<(usize, Vec<usize>)> = petals
                .iter()
                .map(|(d, of_d)| {
                    let holds = of_d.iter().copied().filter(|&i| sets[i].digits.has(z));
                    let mut holds: Vec<usize> = holds.collect();
                    // Small petals first: the blossom shown is the first found.
                    holds.sort_by_key(|&i| (sets[i].cells.len(), i));
                    (*d, holds)
                })
                .collect();
            by_digit.sort_by_key(|(_, of_d)| of_d.len());
            match search.first(&by_digit, z) {
                Found::No => {}
                Found::Cut => {
                    limits::note(|h| h.subset_searches += 1);
                    return Flow::Continue;
                }
                Found::Yes(targets) => {
                    let mut petals = search.take();
                    if report(s, sets, stem, &mut petals, &targets, z, sink) == Flow::Stop {
                        return Flow::Stop;
                    }
                }
            }
        }
    }
    Flow::Continue
}

/// What a search for petals gave: a blossom and its targets (cells), nothing, or a cut.
enum Found {
    Yes(Vec<usize>),
    No,
    Cut,
}

/// The choice of petals under way for one stem and one z.
struct Search<'a, B: Basis> {
    s: &'a State<B>,
    sets: &'a [Als<B::Mask>],
    /// Petals left to try in the grid's budget.
    left: u64,
    /// The cells of the petals chosen, which no other petal may hold.
    used: Vec<bool>,
    /// The petals chosen, as (stem digit, set): whole when `first` finds a blossom.
    chosen: Vec<(usize, usize)>,
    /// Per petal chosen, the cells that see every place of z in it and those before it.
    targets: Vec<Vec<usize>>,
}

impl<B: Basis> Search<'_, B> {
    /// The petals of the blossom found, leaving the search ready for the next.
    fn take(&mut self) -> Vec<(usize, usize)> {
        let chosen = std::mem::take(&mut self.chosen);
        chosen.iter().for_each(|&(_, i)| self.mark(i, false));
        chosen
    }

    /// Mark set `i`'s cells as a chosen petal's (`on`) or free again.
    fn mark(&mut self, i: usize, on: bool) {
        self.sets[i].cells.iter().for_each(|&c| self.used[c] = on);
    }

    /// Choose a petal holding `z` for each stem digit of `by_digit` (its candidates), apart
    /// from those chosen, so that some cell sees every place of z in all of them.
    fn first(&mut self, by_digit: &[(usize, Vec<usize>)], z: usize) -> Found {
        let topo = B::topology();
        let level = self.chosen.len();
        let Some(((d, of_d), rest)) = by_digit.split_first() else {
            return Found::Yes(self.targets[level - 1].clone());
        };
        if self.targets.len() <= level {
            self.targets.push(Vec::new());
        }
        for &i in of_d {
            if self.left == 0 {
                return Found::Cut;
            }
            self.left -= 1;
            let petal = &self.sets[i];
            if petal.cells.iter().any(|&c| self.used[c]) {
                continue;
            }
            let sees = |c: usize| !petal.cells.contains(&c) && petal.seen_by::<B>(c, z);
            // The cells seeing every place of z so far, in a buffer kept between searches:
            // allocating one a petal took most of the time.
            let mut kept = std::mem::take(&mut self.targets[level]);
            kept.clear();
            match level.checked_sub(1) {
                // A cell that sees every place sees the first.
                None => {
                    let cells = petal.cells.iter().copied();
                    let first = cells.filter(|&c| self.s.open(c).has(z)).min();
                    let peers = topo.peers(first.expect("a petal holds z"));
                    let open = peers.iter().map(|&c| c as usize);
                    kept.extend(open.filter(|&c| self.s.open(c).has(z) && sees(c)));
                }
                Some(last) => kept.extend(self.targets[last].iter().copied().filter(|&c| sees(c))),
            }
            let none = kept.is_empty();
            self.targets[level] = kept;
            if none {
                continue;
            }
            self.mark(i, true);
            self.chosen.push((*d, i));
            let found = self.first(rest, z);
            if !matches!(found, Found::No) {
                return found;
            }
            self.chosen.pop();
            self.mark(i, false);
        }
        Found::No
    }
}

/// Report the blossom of `stem` with `petals` (stem digit, set) removing `z` from `targets`:
/// the stem then the petals, by stem digit, as `sets`, and the stem digits as `digits`.
fn report<B: Basis>(
    s: &State<B>,
    sets: &[Als<B::Mask>],
    stem: usize,
    petals: &mut [(usize, usize)],
    targets: &[usize],
    z: usize,
    sink: &mut Sink,
) -> Flow {
    petals.sort_unstable();
    let chosen: Vec<&Als<B::Mask>> = petals.iter().map(|&(_, i)| &sets[i]).collect();
    let mut gone: Vec<Candidate> = targets.iter().map(|&c| Candidate::new(c, z)).collect();
    gone.sort();
    let mut d = step(Technique::DeathBlossom, &chosen, gone);
    let ev = &mut d.evidence;
    ev.cells.insert(0, stem as u16);
    let stem_set = CellSet {
        house: B::topology().houses_of(stem)[0],
        cells: vec![stem as u16],
        digits: s.open(stem).iter().map(|x| x as u8).collect(),
    };
    ev.sets.insert(0, stem_set);
    ev.digits = petals.iter().map(|&(d, _)| d as u8).collect();
    sink(d)
}
