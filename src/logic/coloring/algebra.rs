//! The ternary edge algebra of coloring.
//!
//! For one digit c, an edge between two cells has one of four types, a two-bit set:
//!
//! ```text
//!   bit 0 (1): weak   — if one end is c, the other is not   (the cells see each other)
//!   bit 1 (2): y      — if one end is not c, the other is   (a chain of bivalue cells)
//!   both  (3): strong — exactly one end is c                (a conjugate pair in a house)
//!   none  (0): no relation
//! ```
//!
//! Three consecutive edges collapse into one by the ternary [`product`]; any odd cycle
//! collapses to a tri-cycle (an apex with two edges and a base edge opposite it) whose
//! [`tri_cycle`] verdict decides the apex. Only the type of an edge matters, never how it was
//! derived, which is why one search covers simple coloring, x-cycles, y-cycles and box hinges.

use std::fmt;

/// The type of an edge of one digit's graph: 0, 1 (weak), 2 (y) or 3 (strong = 1 + 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge(u8);

impl Edge {
    /// 0: no relation.
    pub const NONE: Edge = Edge(0);
    /// 1: not both c.
    pub const WEAK: Edge = Edge(1);
    /// 2: at least one c.
    pub const Y: Edge = Edge(2);
    /// 3: exactly one c.
    pub const STRONG: Edge = Edge(3);
    /// The four types in order.
    pub const ALL: [Edge; 4] = [Edge::NONE, Edge::WEAK, Edge::Y, Edge::STRONG];

    /// The edge of type `t` (0..=3).
    pub fn new(t: u8) -> Option<Edge> {
        (t <= 3).then_some(Edge(t))
    }

    /// The type as a number 0..=3.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Built from its two parts.
    pub fn from_parts(weak: bool, y: bool) -> Edge {
        Edge(weak as u8 | (y as u8) << 1)
    }

    /// Has the weak part: if one end is c the other is not.
    pub fn is_weak(self) -> bool {
        self.0 & 1 != 0
    }

    /// Has the y part: if one end is not c the other is.
    pub fn is_y(self) -> bool {
        self.0 & 2 != 0
    }

    /// True when `self` says at least what `other` says (`3 ⊇ 1`, `3 ⊇ 2`).
    pub fn implies(self, other: Edge) -> bool {
        self.0 & other.0 == other.0
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The ternary product of three consecutive edges `a`, `b`, `c`: the edge between the first and
/// the last cell. 0 for every triple but the fifteen below (0 is absorbing; two adjacent 3-edges
/// act as the identity).
pub fn product(a: Edge, b: Edge, c: Edge) -> Edge {
    let t = match (a.0, b.0, c.0) {
        (1, 2, 1) | (1, 2, 3) | (1, 3, 1) | (1, 3, 3) => 1,
        (2, 1, 2) | (2, 1, 3) | (2, 3, 2) | (2, 3, 3) => 2,
        (3, 1, 2) | (3, 1, 3) => 2,
        (3, 2, 1) | (3, 2, 3) => 1,
        (3, 3, 1) => 1,
        (3, 3, 2) => 2,
        (3, 3, 3) => 3,
        _ => 0,
    };
    Edge(t)
}

/// Collapse a path of an odd number of edges into one edge by folding the product from the
/// left: `e1 e2 e3 e4 e5 → product(product(e1, e2, e3), e4, e5)`. `None` for an even length.
pub fn collapse(path: &[Edge]) -> Option<Edge> {
    if path.len() % 2 == 0 {
        return None;
    }
    let mut acc = path[0];
    for pair in path[1..].chunks(2) {
        acc = product(acc, pair[0], pair[1]);
    }
    Some(acc)
}

/// What a tri-cycle says about its apex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The apex is not c (elimination).
    NotDigit,
    /// The apex is c (placement).
    IsDigit,
}

/// The seven tri-cycles that decide their apex: (apex edge, apex edge, base, verdict).
pub const TRI_CYCLES: [(Edge, Edge, Edge, Verdict); 7] = {
    use Verdict::*;
    const W: Edge = Edge::WEAK;
    const Y: Edge = Edge::Y;
    const S: Edge = Edge::STRONG;
    [
        (W, W, Y, NotDigit),
        (W, W, S, NotDigit),
        (S, S, Y, NotDigit),
        (Y, Y, W, IsDigit),
        (Y, Y, S, IsDigit),
        (Y, S, W, IsDigit),
        (S, S, W, IsDigit),
    ]
};

/// The verdict of the tri-cycle with apex edges `p`, `q` and base `base`.
///
/// A 3-edge is both a 1- and a 2-edge, so a tri-cycle may be read with any of its edges
/// weakened to a part of it (`1,3 over 2` read as `1,1 over 2`); the verdict is the one the seven
/// [`TRI_CYCLES`] give for some reading. When readings disagree (`3,3 over 3`, which no grid
/// with a solution holds) or none matches (`1,1 over 1`, `2,2 over 2`, any 0), it says nothing.
pub fn tri_cycle(p: Edge, q: Edge, base: Edge) -> Option<Verdict> {
    let mut found = None;
    for &(a, b, c, v) in &TRI_CYCLES {
        let fits =
            base.implies(c) && ((p.implies(a) && q.implies(b)) || (p.implies(b) && q.implies(a)));
        if fits {
            match found {
                None => found = Some(v),
                Some(w) if w != v => return None,
                _ => {}
            }
        }
    }
    found
}
