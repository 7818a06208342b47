//! Rebuilding the shortest chain: breadth-first search over literals.
//!
//! ```text
//!   literal = 2 * candidate id + 1   on(u):  u is true
//!           = 2 * candidate id       off(u): u is false
//!   on(u)  → off(v)   for every v weakly linked to u
//!   off(u) → on(v)    for every strong partner v of u
//! ```
//!
//! An `off` literal of a candidate without strong partners is a dead end, so only tagged
//! candidates are expanded: the search is linear in the strong links, not in the grid. Visit
//! marks are generation stamps, so one allocation serves every search of a finder.

use super::tagging::Tagging;
use crate::basis::Basis;

const NO: u32 = u32::MAX;

/// Scratch space for repeated searches over one grid.
pub struct Search {
    stamp: Vec<u32>,
    parent: Vec<u32>,
    generation: u32,
    queue: Vec<(u32, u32)>,
    /// The nodes one literal leads to, gathered before they are visited (kept to spare an
    /// allocation per literal).
    next: Vec<u32>,
    /// A visit marks both literals of its node: no path goes through a node twice.
    strict: bool,
}

impl Search {
    /// Scratch for the grid of `g`.
    pub fn new<B: Basis>(g: &Tagging<B>) -> Self {
        let lits = 2 * g.ids();
        Search {
            stamp: vec![0; lits],
            parent: vec![NO; lits],
            generation: 0,
            queue: Vec::new(),
            next: Vec::new(),
            strict: false,
        }
    }

    fn reset(&mut self) {
        self.generation += 1;
        self.queue.clear();
    }

    fn visit(&mut self, lit: u32, parent: u32, depth: u32) -> bool {
        let l = lit as usize;
        if self.stamp[l] == self.generation {
            return false;
        }
        self.stamp[l] = self.generation;
        if self.strict {
            self.stamp[l ^ 1] = self.generation;
        }
        self.parent[l] = parent;
        self.queue.push((lit, depth));
        true
    }

    /// Candidates on the path ending at `lit`, back to the start (excluded when `skip_start`).
    fn path(&self, mut lit: u32, skip_start: bool) -> Vec<u32> {
        let mut v = Vec::new();
        while lit != NO {
            v.push(lit / 2);
            lit = self.parent[lit as usize];
        }
        if skip_start {
            v.pop();
        }
        v.reverse();
        v
    }

    /// The shortest AIC `a = … = z` (at most `cap` links) with `x` weakly linked to both ends:
    /// the path `on(x) → off(a) → … → on(z) → off(x)`. Returns `[a, …, z]`, a chain through
    /// distinct candidates none of which is `x` (see `Search::simple`).
    pub fn elimination<B: Basis>(
        &mut self,
        g: &Tagging<B>,
        x: u32,
        cap: usize,
    ) -> Option<Vec<u32>> {
        self.simple(g, &[x], |s| s.elimination_path(g, x, cap))
    }

    fn elimination_path<B: Basis>(
        &mut self,
        g: &Tagging<B>,
        x: u32,
        cap: usize,
    ) -> Option<Vec<u32>> {
        self.reset();
        self.visit(2 * x + 1, NO, 0);
        let cap = u32::try_from(cap).unwrap_or(u32::MAX);
        let mut head = 0;
        while head < self.queue.len() {
            let (lit, depth) = self.queue[head];
            head += 1;
            let u = lit / 2;
            if lit & 1 == 1 {
                // on(u): weak links.
                let mut hit = false;
                let mut next = std::mem::take(&mut self.next);
                next.clear();
                g.weak(u, |v| {
                    if v == x && depth >= 2 && depth - 1 <= cap {
                        hit = true;
                    } else if depth < cap && !g.partners(v).is_empty() {
                        next.push(v);
                    }
                });
                if hit {
                    return Some(self.path(lit, true));
                }
                for &v in &next {
                    self.visit(2 * v, lit, depth + 1);
                }
                self.next = next;
            } else {
                for &p in g.partners(u) {
                    self.visit(2 * p + 1, lit, depth + 1);
                }
            }
        }
        None
    }

    /// The shortest AIC `v = … = u` (at most `cap` links): the path `off(v) → … → on(u)`.
    /// Returns `[v, …, u]`, through distinct candidates (see `Search::simple`).
    pub fn path_off_on<B: Basis>(
        &mut self,
        g: &Tagging<B>,
        v: u32,
        u: u32,
        cap: usize,
    ) -> Option<Vec<u32>> {
        self.simple(g, &[], |s| s.off_on_path(g, v, u, cap))
    }

    fn off_on_path<B: Basis>(
        &mut self,
        g: &Tagging<B>,
        v: u32,
        u: u32,
        cap: usize,
    ) -> Option<Vec<u32>> {
        self.reset();
        self.visit(2 * v, NO, 0);
        let cap = u32::try_from(cap).unwrap_or(u32::MAX);
        let mut head = 0;
        while head < self.queue.len() {
            let (lit, depth) = self.queue[head];
            head += 1;
            let w = lit / 2;
            if lit & 1 == 1 {
                let mut next = std::mem::take(&mut self.next);
                next.clear();
                g.weak(w, |y| {
                    if depth + 2 <= cap && !g.partners(y).is_empty() {
                        next.push(y);
                    }
                });
                for &y in &next {
                    self.visit(2 * y, lit, depth + 1);
                }
                self.next = next;
            } else {
                for &p in g.partners(w) {
                    if p == u {
                        self.stamp[2 * p as usize + 1] = self.generation;
                        self.parent[2 * p as usize + 1] = lit;
                        return Some(self.path(2 * p + 1, false));
                    }
                    self.visit(2 * p + 1, lit, depth + 1);
                }
            }
        }
        None
    }

    /// The path `search` finds, when it and `also` hold every candidate once. The shortest path
    /// over literals may pass a candidate twice, once true and once false (a loop with a tail:
    /// its loop alone proves that candidate, and the whole is no chain), so then the search is
    /// made again with a visit marking both literals, and its path is taken if it is one.
    fn simple<B: Basis>(
        &mut self,
        g: &Tagging<B>,
        also: &[u32],
        mut search: impl FnMut(&mut Self) -> Option<Vec<u32>>,
    ) -> Option<Vec<u32>> {
        let path = search(self)?;
        if distinct(g, also, &path) {
            return Some(path);
        }
        self.strict = true;
        let path = search(self);
        self.strict = false;
        path.filter(|p| distinct(g, also, p))
    }
}

/// True when the nodes of `a` and `b` share no candidate (a group shares its cells').
fn distinct<B: Basis>(g: &Tagging<B>, a: &[u32], b: &[u32]) -> bool {
    let mut seen = hashbrown::HashSet::new();
    a.iter().chain(b).all(|&id| {
        let (d, cells) = g.node(id);
        cells.iter().all(|&c| seen.insert((c, d)))
    })
}
