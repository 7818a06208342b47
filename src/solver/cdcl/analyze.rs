//! Conflict analysis: the learnt clause of a conflict (first UIP, recursive minimization,
//! all-UIP shrinking) and the variables it bumps.

use super::{var, Conflict, Lit, Sat, BIN, HDR, NO_REASON};

impl Sat {
    /// The literals of the reason of `v` other than the one it implied, into `out`.
    pub(super) fn reason_lits(&self, v: usize, out: &mut Vec<Lit>) {
        out.clear();
        let r = self.reason[v];
        if r & BIN != 0 && r != NO_REASON {
            out.push(r & !BIN);
        } else if r != NO_REASON {
            let c = r as usize;
            let size = self.arena[c] as usize;
            out.extend_from_slice(&self.arena[c + HDR + 1..c + HDR + size]);
        }
    }

    /// The literals of the clause that `conflict` found false, into `out`.
    pub(super) fn conflict_lits(&self, conflict: Conflict, out: &mut Vec<Lit>) {
        out.clear();
        match conflict {
            Conflict::Bin(a, b) => out.extend([a, b]),
            Conflict::Long(c) => {
                let c = c as usize;
                let size = self.arena[c] as usize;
                out.extend_from_slice(&self.arena[c + HDR..c + HDR + size]);
            }
        }
    }

    /// First-UIP learning: the learnt clause (asserting literal first, a literal of the
    /// backjump level second) and that level.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> (Vec<Lit>, u32) {
        // The buffers are taken and given back: no allocation per conflict.
        let cur = self.decision_level();
        let mut learnt = std::mem::take(&mut self.buf_learnt);
        learnt.clear();
        learnt.push(0);
        let mut lits = std::mem::take(&mut self.buf_lits);
        self.conflict_lits(conflict, &mut lits);
        if let Conflict::Long(c) = conflict {
            self.touch(c as usize);
        }
        let mut path = 0usize;
        let mut idx = self.trail.len();
        let uip;
        loop {
            for &q in &lits {
                let v = var(q);
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump(v);
                    if self.level[v] == cur {
                        path += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                idx -= 1;
                if self.seen[var(self.trail[idx])] {
                    break;
                }
            }
            let p = self.trail[idx];
            self.seen[var(p)] = false;
            path -= 1;
            if path == 0 {
                uip = p;
                break;
            }
            let mut next = std::mem::take(&mut lits);
            self.reason_lits(var(p), &mut next);
            let r = self.reason[var(p)];
            if r & BIN == 0 {
                self.touch(r as usize);
            }
            lits = next;
        }
        learnt[0] = uip ^ 1;
        // Recursive minimization: a literal whose reason leads back only to literals of the
        // clause (or of level 0) is redundant.
        let mut all = std::mem::take(&mut self.buf_all);
        all.clear();
        all.extend_from_slice(&learnt);
        let mut keep = 1;
        for i in 1..learnt.len() {
            let l = learnt[i];
            if self.reason[var(l)] == NO_REASON || !self.redundant(l) {
                learnt[keep] = l;
                keep += 1;
            }
        }
        learnt.truncate(keep);
        for &q in &all[1..] {
            self.seen[var(q)] = false;
        }
        self.buf_all = all;
        self.buf_lits = lits;
        for v in self.cleared.drain(..) {
            self.seen[v] = false;
        }
        if self.learning.shrink {
            self.shrink(&mut learnt);
        }
        if self.learning.reasons {
            self.bump_reasons(&learnt);
        }
        let mut bt = 0;
        if learnt.len() > 1 {
            let mut at = 1;
            for (i, &q) in learnt.iter().enumerate().skip(1) {
                if self.level[var(q)] > self.level[var(learnt[at])] {
                    at = i;
                }
            }
            learnt.swap(1, at);
            bt = self.level[var(learnt[1])];
        }
        (learnt, bt)
    }

    /// All-UIP shrinking (CaDiCaL's `shrink`, Fleury and Biere 2020): the literals of one
    /// decision level below the conflict's are replaced by their block UIP, the last literal of
    /// that level through which they all were implied, when the resolutions on the way meet no
    /// literal of another level outside the clause (level 0 aside). Sound: each replaced
    /// literal's negation follows from the UIP's and the clause's other literals.
    pub(super) fn shrink(&mut self, learnt: &mut Vec<Lit>) {
        if learnt.len() <= 2 {
            return;
        }
        for &l in learnt.iter() {
            self.seen[var(l)] = true;
        }
        let mut rest = std::mem::take(&mut self.buf_shrink);
        rest.clear();
        rest.extend_from_slice(&learnt[1..]);
        rest.sort_unstable_by_key(|&l| std::cmp::Reverse(self.level[var(l)]));
        learnt.truncate(1);
        let mut i = 0;
        while i < rest.len() {
            let lv = self.level[var(rest[i])];
            let mut j = i + 1;
            while j < rest.len() && self.level[var(rest[j])] == lv {
                j += 1;
            }
            if j - i == 1 {
                learnt.push(rest[i]);
            } else if let Some(u) = self.block_uip(&rest[i..j], lv) {
                learnt.push(u ^ 1);
            } else {
                learnt.extend_from_slice(&rest[i..j]);
            }
            i = j;
        }
        for &l in rest.iter() {
            self.seen[var(l)] = false;
        }
        self.seen[var(learnt[0])] = false;
        self.buf_shrink = rest;
    }

    /// The block UIP (a true literal) of the false literals `block`, all of level `lv` below
    /// the current one, or None if one of the reasons on the way has a literal of another
    /// nonzero level not marked seen (see `shrink`).
    pub(super) fn block_uip(&mut self, block: &[Lit], lv: u32) -> Option<Lit> {
        let mut touched = std::mem::take(&mut self.shr_touched);
        touched.clear();
        for &l in block {
            self.shr[var(l)] = true;
            touched.push(var(l) as u32);
        }
        let mut open = block.len();
        let (start, end) = (self.trail_lim[lv as usize - 1], self.trail_lim[lv as usize]);
        let mut lits = std::mem::take(&mut self.buf_lits);
        let mut result = None;
        let mut idx = end;
        'walk: while idx > start {
            idx -= 1;
            let t = self.trail[idx];
            let tv = var(t);
            if !self.shr[tv] {
                continue;
            }
            if open == 1 {
                result = Some(t);
                break;
            }
            open -= 1;
            self.reason_lits(tv, &mut lits);
            for &q in &lits {
                let v = var(q);
                let ql = self.level[v];
                if ql == lv {
                    if !self.shr[v] {
                        self.shr[v] = true;
                        touched.push(v as u32);
                        open += 1;
                    }
                } else if ql != 0 && !self.seen[v] {
                    break 'walk;
                }
            }
        }
        for &v in &touched {
            self.shr[v as usize] = false;
        }
        self.shr_touched = touched;
        self.buf_lits = lits;
        result
    }

    /// Bump the variables of the reasons of the learnt clause's literals, once each (Kissat's
    /// reason-side bumping): they made the clause's literals false.
    pub(super) fn bump_reasons(&mut self, learnt: &[Lit]) {
        for &l in learnt {
            self.seen[var(l)] = true;
        }
        let mut scratch = std::mem::take(&mut self.buf_scratch);
        let mut marked = std::mem::take(&mut self.cleared);
        for &l in &learnt[1..] {
            self.reason_lits(var(l), &mut scratch);
            for &q in &scratch {
                let v = var(q);
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    marked.push(v);
                    self.bump(v);
                }
            }
        }
        for &l in learnt {
            self.seen[var(l)] = false;
        }
        for v in marked.drain(..) {
            self.seen[v] = false;
        }
        self.cleared = marked;
        self.buf_scratch = scratch;
    }

    /// Whether the false literal `l` of a learnt clause follows from the other literals marked
    /// seen; literals found redundant on the way stay marked (and are cleared later).
    pub(super) fn redundant(&mut self, l: Lit) -> bool {
        let mut stack = std::mem::take(&mut self.buf_stack);
        stack.clear();
        stack.push(l);
        let top = self.cleared.len();
        let mut scratch = std::mem::take(&mut self.buf_scratch);
        let mut ok = true;
        'walk: while let Some(p) = stack.pop() {
            self.reason_lits(var(p), &mut scratch);
            for &q in &scratch {
                let v = var(q);
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                if self.reason[v] == NO_REASON {
                    for w in self.cleared.drain(top..) {
                        self.seen[w] = false;
                    }
                    ok = false;
                    break 'walk;
                }
                self.seen[v] = true;
                self.cleared.push(v);
                stack.push(q);
            }
        }
        self.buf_stack = stack;
        self.buf_scratch = scratch;
        ok
    }
}
