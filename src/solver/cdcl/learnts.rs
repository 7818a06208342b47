//! The learnt clause database: LBDs, halving, vivification and compaction of the arena.

use super::{
    var, Lit, Sat, BIN, DELETED, HDR, LBD_SHIFT, LEARNT, NO_REASON, TIER2_LBD, USED, VIVIFIED,
};

impl Sat {
    /// A learnt clause took part in a conflict: mark it used, and lower its LBD if it dropped.
    pub(super) fn touch(&mut self, c: usize) {
        let hdr = self.arena[c + 1];
        if hdr & LEARNT == 0 {
            return;
        }
        let mut hdr = hdr | USED;
        if hdr >> LBD_SHIFT > 2 {
            let size = self.arena[c] as usize;
            let lits = &self.arena[c + HDR..c + HDR + size];
            let n = distinct_levels(lits, &self.level, &mut self.level_stamp, &mut self.stamp);
            if n < hdr >> LBD_SHIFT {
                hdr = (hdr & ((1 << LBD_SHIFT) - 1)) | n << LBD_SHIFT;
            }
        }
        self.arena[c + 1] = hdr;
    }

    /// The LBD of a clause just learnt, all of its literals assigned.
    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        distinct_levels(lits, &self.level, &mut self.level_stamp, &mut self.stamp)
    }

    /// Halve the learnt clauses: keep those of LBD ≤ 2, those that are a reason now and those of
    /// LBD ≤ `TIER2_LBD` used in a conflict since the last reduction; then compact the arena.
    pub(super) fn reduce(&mut self) {
        let mut cand: Vec<(u32, u32)> = Vec::new();
        let mut c = 0;
        while c < self.arena.len() {
            let size = self.arena[c] as usize;
            let hdr = self.arena[c + 1];
            let lbd = hdr >> LBD_SHIFT;
            if hdr & LEARNT != 0 && lbd > 2 {
                let l0 = self.arena[c + HDR];
                let locked = self.value[l0 as usize] == 1 && self.reason[var(l0)] == c as u32;
                let keep = hdr & USED != 0 && lbd <= TIER2_LBD;
                if !locked && !keep {
                    cand.push((lbd, c as u32));
                }
            }
            self.arena[c + 1] &= !USED;
            c += HDR + size;
        }
        // Worst (highest LBD) first; among equals, the oldest.
        cand.sort_by_key(|&(lbd, c)| (std::cmp::Reverse(lbd), c));
        for &(_, c) in &cand[..cand.len() / 2] {
            self.arena[c as usize + 1] |= DELETED;
            self.learnts -= 1;
        }
        self.collect();
    }

    /// Vivify the learnt clauses of LBD ≤ `TIER2_LBD` not vivified yet, lowest LBD first, within
    /// `ticks` propagated literals: at level 0, assume the negation of a clause's literals one
    /// by one and propagate. A literal found false is dropped; a literal found true, or a
    /// conflict, ends the clause, which keeps only the literals whose assumptions led there.
    /// False if the clauses are unsatisfiable.
    pub(super) fn vivify(&mut self, ticks: u64) -> bool {
        self.backtrack(0);
        if self.propagate().is_some() {
            return false;
        }
        let mut cand: Vec<(u32, u32)> = Vec::new();
        let mut c = 0;
        while c < self.arena.len() {
            let size = self.arena[c] as usize;
            let hdr = self.arena[c + 1];
            if hdr & (LEARNT | DELETED | VIVIFIED) == LEARNT && hdr >> LBD_SHIFT <= TIER2_LBD {
                cand.push((hdr >> LBD_SHIFT, c as u32));
            }
            c += HDR + size;
        }
        cand.sort_unstable();
        // The assumptions must not become saved phases.
        let phase = self.phase.clone();
        let stop = self.props + ticks;
        let mut changed = false;
        let (mut lits, mut keep, mut seed) = (Vec::new(), Vec::new(), Vec::new());
        for &(lbd, ci) in &cand {
            if self.props > stop {
                break;
            }
            let c = ci as usize;
            self.arena[c + 1] |= VIVIFIED;
            let size = self.arena[c] as usize;
            lits.clear();
            lits.extend_from_slice(&self.arena[c + HDR..c + HDR + size]);
            if lits.iter().any(|&l| self.value[l as usize] == 1) {
                continue; // true at level 0
            }
            keep.clear();
            for &l in &lits {
                match self.value[l as usize] {
                    -1 => {}
                    1 => {
                        self.reason_lits(var(l), &mut seed);
                        self.assumptions_behind(&seed, &mut keep);
                        keep.push(l);
                        break;
                    }
                    _ => {
                        keep.push(l);
                        self.trail_lim.push(self.trail.len());
                        self.assign(l ^ 1, NO_REASON);
                        if let Some(confl) = self.propagate() {
                            self.conflict_lits(confl, &mut seed);
                            self.assumptions_behind(&seed, &mut keep);
                            break;
                        }
                    }
                }
            }
            self.backtrack(0);
            if keep.len() >= lits.len() {
                continue;
            }
            changed = true;
            self.arena[c + 1] |= DELETED;
            self.learnts -= 1;
            if keep.len() == 1 {
                self.assign(keep[0], NO_REASON);
                if self.propagate().is_some() {
                    return false;
                }
            } else {
                let lbd = lbd.min(keep.len() as u32 - 1);
                let nc = self.attach(&keep, true, lbd);
                self.arena[nc as usize + 1] |= VIVIFIED;
            }
        }
        self.phase = phase;
        if changed {
            self.collect();
        }
        true
    }

    /// The clause literals whose negations, assumed by `vivify`, imply the false literals
    /// `seed`: into `keep`, in the order assumed.
    pub(super) fn assumptions_behind(&mut self, seed: &[Lit], keep: &mut Vec<Lit>) {
        keep.clear();
        for &q in seed {
            if self.level[var(q)] > 0 {
                self.seen[var(q)] = true;
            }
        }
        let mut lits = std::mem::take(&mut self.buf_lits);
        for i in (self.trail_lim[0]..self.trail.len()).rev() {
            let p = self.trail[i];
            let v = var(p);
            if !self.seen[v] {
                continue;
            }
            self.seen[v] = false;
            if self.reason[v] == NO_REASON {
                keep.push(p ^ 1);
            } else {
                self.reason_lits(v, &mut lits);
                for &q in &lits {
                    if self.level[var(q)] > 0 {
                        self.seen[var(q)] = true;
                    }
                }
            }
        }
        self.buf_lits = lits;
        keep.reverse();
    }

    /// Drop deleted clauses from the arena and renumber watches and reasons.
    pub(super) fn collect(&mut self) {
        let mut old = std::mem::take(&mut self.arena);
        let mut new = Vec::with_capacity(old.len());
        let mut c = 0;
        while c < old.len() {
            let size = old[c] as usize;
            if old[c + 1] & DELETED == 0 {
                let nc = new.len() as u32;
                new.extend_from_slice(&old[c..c + HDR + size]);
                old[c + 1] = nc;
            } else {
                old[c + 1] = u32::MAX;
            }
            c += HDR + size;
        }
        for ws in &mut self.watches {
            ws.retain_mut(|w| {
                let to = old[w.clause as usize + 1];
                w.clause = to;
                to != u32::MAX
            });
        }
        for &l in &self.trail {
            let v = var(l);
            let r = &mut self.reason[v];
            if *r & BIN == 0 {
                *r = old[*r as usize + 1];
                // Vivification may delete the reason of a literal fixed at level 0, never
                // explained: it becomes a fact (`u32::MAX` is `NO_REASON`).
                debug_assert!(*r != u32::MAX || self.level[v] == 0);
            }
        }
        self.arena = new;
    }
}

/// The number of distinct decision levels among `lits` (their LBD), marking each level seen
/// with a fresh `stamp`. A free function, so that `touch` can pass a clause still in the arena
/// while the stamps change.
fn distinct_levels(lits: &[Lit], level: &[u32], level_stamp: &mut [u64], stamp: &mut u64) -> u32 {
    *stamp += 1;
    let stamp = *stamp;
    let mut n = 0;
    for &l in lits {
        let lv = level[var(l)] as usize;
        if level_stamp[lv] != stamp {
            level_stamp[lv] = stamp;
            n += 1;
        }
    }
    n
}
