//! The implication table: one bit field per tag, bit `u` of row `t` set when "tag `t` true"
//! implies "tag `u` true".
//!
//! ```text
//!            tag 0 1 2 3 4 5 …        a weak link a–b (at most one true) is entered as
//!   row 0:  [ . . 1 . . 1 ]           on(a) → off(b) and on(b) → off(a);
//!   row 1:  [ . . . . 1 . ]           off(x) is the tag of x's layer with the other colour
//!   …
//! ```
//!
//! [`Table::close`] makes the relation transitive (Warshall's algorithm over bit rows: after
//! the pass for pivot `k`, every row that reaches `k` holds `k`'s row; one pass over all pivots
//! is the fixed point). A tag that implies its own complement is false. [`Table::derive`] adds
//! implications from sets of which exactly one member is true (all candidates of a cell, all
//! places of a digit in a house) and closes again until nothing new appears.

use fixedbitset::FixedBitSet;

/// Bit-field implication table over `2 × layers` tags.
#[derive(Clone, Debug)]
pub struct Table {
    rows: Vec<FixedBitSet>,
}

impl Table {
    /// A table with no implications over `tags` tags.
    pub fn new(tags: usize) -> Self {
        Table {
            rows: (0..tags)
                .map(|_| FixedBitSet::with_capacity(tags))
                .collect(),
        }
    }

    /// Enter `a → b`. Returns true when it is new.
    pub fn add(&mut self, a: usize, b: usize) -> bool {
        !self.rows[a].put(b)
    }

    /// Enter a weak link between `on` tags `a` and `b`: `a → ¬b`, `b → ¬a`.
    #[cfg(test)]
    pub fn add_weak(&mut self, a: usize, b: usize) {
        self.add(a, b ^ 1);
        self.add(b, a ^ 1);
    }

    /// True when `a → b` is in the table.
    #[inline]
    pub fn implies(&self, a: usize, b: usize) -> bool {
        self.rows[a].contains(b)
    }

    /// Everything `a` implies.
    pub fn row(&self, a: usize) -> &FixedBitSet {
        &self.rows[a]
    }

    /// Transitive closure (Warshall over bit rows). Returns true when a bit was added.
    pub fn close(&mut self) -> bool {
        let n = self.rows.len();
        let mut changed = false;
        for k in 0..n {
            let pivot = self.rows[k].clone();
            for i in 0..n {
                if i != k && self.rows[i].contains(k) && !pivot.is_subset(&self.rows[i]) {
                    self.rows[i].union_with(&pivot);
                    changed = true;
                }
            }
        }
        changed
    }

    /// True when tag `a` implies its complement, so `a` is false.
    pub fn is_false(&self, a: usize) -> bool {
        self.implies(a, a ^ 1)
    }

    /// Derived weak links from sets of which exactly one member is true, each set given by the
    /// `on` tags of its members. If `t` (or what `t` implies) makes every member but `b` false,
    /// then `t → b`; if every member, then `t → ¬t`. Repeats with closure until nothing new
    /// appears; returns the number of implications added. Members without a tag cannot be
    /// reasoned about, so such sets must not be passed.
    pub fn derive(&mut self, sets: &[Vec<usize>]) -> usize {
        let mut added = 0;
        loop {
            self.close();
            let mut new = 0;
            for t in 0..self.rows.len() {
                for set in sets {
                    let mut alive = None;
                    let mut count = 0;
                    for &m in set {
                        // m is false under t when t implies ¬m (or t is ¬m itself).
                        if !(self.implies(t, m ^ 1) || t == m ^ 1) {
                            count += 1;
                            alive = Some(m);
                            if count > 1 {
                                break;
                            }
                        }
                    }
                    match (count, alive) {
                        (0, _) => new += self.add(t, t ^ 1) as usize,
                        (1, Some(b)) if b != t => new += self.add(t, b) as usize,
                        _ => {}
                    }
                }
            }
            if new == 0 {
                return added;
            }
            added += new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closure_is_transitive_and_finds_false_tags() {
        // Chain 0 → 2 → 4 → 1 (= ¬0): tag 0 is false.
        let mut t = Table::new(6);
        t.add(0, 2);
        t.add(2, 4);
        t.add(4, 1);
        assert!(!t.is_false(0));
        assert!(t.close());
        assert!(t.implies(0, 4) && t.implies(0, 1) && t.implies(2, 1));
        assert!(t.is_false(0));
        assert!(!t.is_false(2));
        assert!(!t.close(), "closure is a fixed point after one pass");
    }

    #[test]
    fn weak_links_enter_both_contrapositives() {
        let mut t = Table::new(4);
        t.add_weak(0, 2);
        assert!(t.implies(0, 3) && t.implies(2, 1));
        assert!(!t.implies(1, 2));
    }

    #[test]
    fn derived_links_from_a_set() {
        // Set {0, 2, 4}: exactly one true. Tag 6 kills 0 and 2 (implies 1 and 3): so 6 → 4.
        let mut t = Table::new(8);
        t.add(6, 1);
        t.add(6, 3);
        let added = t.derive(&[vec![0, 2, 4]]);
        assert!(added > 0);
        assert!(t.implies(6, 4));
        // Killing all three members makes the tag false.
        let mut t = Table::new(8);
        t.add(6, 1);
        t.add(6, 3);
        t.add(6, 5);
        t.derive(&[vec![0, 2, 4]]);
        assert!(t.is_false(6));
        // A set member itself implies nothing new.
        let mut t = Table::new(6);
        t.derive(&[vec![0, 2, 4]]);
        assert!(!t.implies(0, 2) && !t.is_false(0));
    }
}
