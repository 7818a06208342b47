//! Tagging: strong links join candidates into *layers*; each layer is two-coloured, and each
//! colour class is one *tag* (all its candidates true together, the other class false).
//!
//! ```text
//!   candidate id   = cell * n + digit           (dense over the whole grid)
//!   strong index   = position in `strong`       (only candidates with a strong link)
//!   tag            = 2 * layer + colour         (tag ^ 1 is the other colour of the layer)
//!   on(u)  = tag[u]      "u is true"
//!   off(u) = tag[u] ^ 1  "u is false"
//! ```
//!
//! A strong link (the only two places of a digit in a house, the only two digits of a cell)
//! says exactly one of its ends is true, so a connected set of strong links is settled by one
//! bit: which colour is true. Candidates in no strong link get no tag; they only start or end a
//! chain (a false untagged candidate implies nothing).
//!
//! Grouped nodes (X and XY modes): the places of a digit where a box meets a line, when there
//! are two or more, form one node with ids after the candidates' (`cells * n + g`). A group is
//! true when the digit is in one of its cells. It is strongly linked when it and one other node
//! are all the places of the digit in a house, and weakly linked to every node of the digit
//! whose cells all see all of its cells.
//!
//! Which links count depends on the [`Mode`]: X (one digit: conjugate pairs and same-digit weak
//! links), Y (bivalue cells, weak links between cells on one digit), XY (everything), and remote
//! pairs (bivalue cells of one digit pair).

use crate::basis::Basis;
use crate::logic::State;
use crate::mask::Mask;
use crate::topology::Topology;
use std::sync::OnceLock;

/// Which links a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One digit: conjugate pairs in houses; weak links between places of the digit.
    X,
    /// Bivalue cells; weak links between cells on one digit (XY-chains).
    Y,
    /// Everything: conjugate pairs, bivalue cells, weak links in houses and in cells (AICs).
    Xy,
    /// Bivalue cells holding exactly these two digits (bit mask); weak links on one digit.
    Pair(u128),
}

impl Mode {
    fn conjugates(self) -> bool {
        matches!(self, Mode::X | Mode::Xy)
    }
    fn bivalues(self) -> bool {
        !matches!(self, Mode::X)
    }
    fn groups(self) -> bool {
        matches!(self, Mode::X | Mode::Xy)
    }
    /// True when two digits of one cell are weakly linked in this mode.
    pub(crate) fn cell_links(self) -> bool {
        matches!(self, Mode::Xy)
    }
}

/// Sentinel for "no strong link" / "no tag".
pub const NONE: u32 = u32::MAX;

/// Strong links and layers of one state in one mode.
pub struct Tagging<B: Basis> {
    /// A copy of the state the links were read from (so that a build can be kept and shared).
    s: State<B>,
    /// The mode the links were built for.
    pub mode: Mode,
    /// Grouped nodes were allowed ([`Config::grouped`](crate::logic::Config::grouped)).
    pub grouped: bool,
    /// Digits per house, `N`.
    pub n: usize,
    /// Candidate ids with a strong link.
    pub strong: Vec<u32>,
    /// Strong index of each candidate id, or [`NONE`].
    strong_of: Vec<u32>,
    /// Strong partners (candidate ids) of strong index `i`: `partners[start[i]..start[i+1]]`.
    start: Vec<u32>,
    partners: Vec<u32>,
    /// Tag of `on(u)` per strong index.
    tag: Vec<u32>,
    /// Number of layers (tags = 2 × layers).
    pub layers: usize,
    /// Grouped nodes: digit and cells (sorted); node id = `CELLS * n + index`.
    groups: Vec<(usize, Vec<u16>)>,
    /// Group index per (digit, line house, box position along the line), or [`NONE`].
    group_at: Vec<u32>,
    /// [`segments_seen`] of the basis.
    segments: &'static [u32],
}

impl<B: Basis> Tagging<B> {
    /// Build links and layers, with grouped nodes where the mode has them. `None` when the
    /// strong links cannot be two-coloured, which means the state has no solution (strong
    /// links here are exactly-one links).
    pub fn new(s: &State<B>, mode: Mode) -> Option<Self> {
        Self::with_groups(s, mode, true)
    }

    /// [`Tagging::new`], with grouped nodes only where `grouped` allows them too.
    pub fn with_groups(s: &State<B>, mode: Mode, grouped: bool) -> Option<Self> {
        let n = B::N;
        let (groups, group_at) = box_line_groups(s, mode.groups() && grouped);
        let mut links = StrongLinks::new(B::CELLS * n + groups.len());
        if mode.conjugates() {
            links.add_conjugates(s, &groups, &group_at);
        }
        if mode.bivalues() {
            links.add_bivalues(s, mode);
        }
        let (strong, strong_of, start, partners) = links.flatten();
        let mut g = Tagging {
            s: s.clone(),
            mode,
            grouped,
            n,
            strong,
            strong_of,
            start,
            partners,
            tag: Vec::new(),
            layers: 0,
            groups,
            group_at,
            segments: segments_seen(B::topology()),
        };
        g.colour().then_some(g)
    }

    /// Two-colour each connected set of strong links; false on an odd cycle.
    fn colour(&mut self) -> bool {
        let m = self.strong.len();
        self.tag = vec![NONE; m];
        let mut queue = Vec::new();
        for root in 0..m {
            if self.tag[root] != NONE {
                continue;
            }
            let layer = self.layers as u32;
            self.layers += 1;
            self.tag[root] = 2 * layer;
            queue.clear();
            queue.push(root);
            while let Some(i) = queue.pop() {
                let other = self.tag[i] ^ 1;
                for k in self.start[i]..self.start[i + 1] {
                    let j = self.strong_of[self.partners[k as usize] as usize] as usize;
                    if self.tag[j] == NONE {
                        self.tag[j] = other;
                        queue.push(j);
                    } else if self.tag[j] != other {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Number of tags (two per layer).
    pub fn tags(&self) -> usize {
        2 * self.layers
    }

    /// Tag of `on(id)`, or [`NONE`] when the candidate has no strong link.
    #[inline]
    pub(crate) fn on_tag(&self, id: u32) -> u32 {
        match self.strong_of[id as usize] {
            NONE => NONE,
            i => self.tag[i as usize],
        }
    }

    /// Strong partners of candidate `id` (empty when it has none).
    #[inline]
    pub(crate) fn partners(&self, id: u32) -> &[u32] {
        match self.strong_of[id as usize] {
            NONE => &[],
            i => {
                let i = i as usize;
                &self.partners[self.start[i] as usize..self.start[i + 1] as usize]
            }
        }
    }

    /// Number of node ids: candidates, then groups.
    pub fn ids(&self) -> usize {
        B::CELLS * self.n + self.groups.len()
    }

    /// True when `id` is a single candidate (not a group).
    #[inline]
    pub fn is_candidate(&self, id: u32) -> bool {
        (id as usize) < B::CELLS * self.n
    }

    /// Cell and digit of a candidate id.
    #[inline]
    pub fn split(&self, id: u32) -> (usize, usize) {
        (id as usize / self.n, id as usize % self.n)
    }

    /// Digit and cells of a node.
    pub fn node(&self, id: u32) -> (usize, std::borrow::Cow<'_, [u16]>) {
        if self.is_candidate(id) {
            let (c, d) = self.split(id);
            (d, std::borrow::Cow::Owned(vec![c as u16]))
        } else {
            let (d, cells) = &self.groups[id as usize - B::CELLS * self.n];
            (*d, std::borrow::Cow::Borrowed(cells))
        }
    }

    fn group(&self, d: usize, h: usize, j: usize) -> Option<u32> {
        let k = B::K;
        match self.group_at[(d * 2 * self.n + h) * k + j] {
            NONE => None,
            g => Some((B::CELLS * self.n) as u32 + g),
        }
    }

    /// Every node weakly linked to `id` in this mode (at most one of the two is true): the same
    /// digit in cells that all see its cells, and in XY mode the other digits of its cell.
    pub fn weak(&self, id: u32, mut f: impl FnMut(u32)) {
        let t = B::topology();
        let (n, k) = (self.n, B::K);
        if self.is_candidate(id) {
            let (c, d) = self.split(id);
            for &p in t.peers(c) {
                let p = p as usize;
                if !self.s.is_solved(p) && self.s.get(p).has(d) {
                    f((p * n + d) as u32);
                }
            }
            if self.mode.cell_links() {
                for e in self.s.get(c).iter() {
                    if e != d {
                        f((c * n + e) as u32);
                    }
                }
            }
            if self.groups.is_empty() {
                return;
            }
            let at = &self.group_at[d * 2 * n * k..(d + 1) * 2 * n * k];
            let base = (B::CELLS * n) as u32;
            let per = 4 * (k - 1);
            for &slot in &self.segments[c * per..(c + 1) * per] {
                let g = at[slot as usize];
                if g != NONE {
                    f(base + g);
                }
            }
        } else {
            let (d, cells) = &self.groups[id as usize - B::CELLS * n];
            let (d, c0) = (*d, cells[0] as usize);
            let b = t.box_of(c0);
            let line = if t.row(c0) == t.row(cells[1] as usize) {
                t.row(c0)
            } else {
                t.col_house(t.col(c0))
            };
            let own = t.position(line, c0) / k;
            for &e in t.house(line).iter().chain(t.house(t.box_house(b))) {
                let e = e as usize;
                let in_line = t.houses_of(e).contains(&(line as u16));
                let in_box = t.box_of(e) == b;
                if in_line && in_box {
                    continue;
                }
                if !self.s.is_solved(e) && self.s.get(e).has(d) {
                    f((e * n + d) as u32);
                }
            }
            for j in (0..k).filter(|&j| j != own) {
                if let Some(g) = self.group(d, line, j) {
                    f(g);
                }
            }
            for &e in t.house(t.box_house(b)) {
                let e = e as usize;
                for h in [t.row(e), t.col_house(t.col(e))] {
                    if h == line || t.position(h, e) % k != 0 {
                        continue;
                    }
                    if let Some(g) = self.group(d, h, t.position(h, e) / k) {
                        let other = &self.groups[g as usize - B::CELLS * n].1;
                        if other.iter().all(|x| !cells.contains(x)) {
                            f(g);
                        }
                    }
                }
            }
        }
    }

    /// True when nodes `a` and `b` are weakly linked in this mode.
    pub fn weakly_linked(&self, a: u32, b: u32) -> bool {
        if self.is_candidate(a) && self.is_candidate(b) {
            let ((ca, da), (cb, db)) = (self.split(a), self.split(b));
            return if ca == cb {
                da != db && self.mode.cell_links()
            } else {
                da == db && B::topology().sees(ca, cb)
            };
        }
        let ((da, ca), (db, cb)) = (self.node(a), self.node(b));
        let t = B::topology();
        da == db
            && ca
                .iter()
                .all(|&x| cb.iter().all(|&y| t.sees(x as usize, y as usize)))
    }

    /// The state the links were read from.
    pub fn state(&self) -> &State<B> {
        &self.s
    }
}

/// The box-line segments each cell sees and is not in, `4(K-1)` a cell, as slots `h * K + j`
/// of [`Tagging::group_at`] (line house `h`, box position `j` along it) for any one digit, in
/// the order [`Tagging::weak`] reports their groups: the other segments of the cell's row,
/// then of its column, then those of the other lines through its box, box cell by box cell.
///
/// Worked out once per basis: at every weak link of a cell, the box part read K² cells with
/// two divisions each (9-13 % of `rate` at 9×9 and `explain` at 100×100).
fn segments_seen(t: &'static Topology) -> &'static [u32] {
    static SLOTS: OnceLock<Vec<OnceLock<Vec<u32>>>> = OnceLock::new();
    let per_k = SLOTS.get_or_init(|| {
        let ks = *crate::basis::LOGIC.end() + 1;
        (0..ks).map(|_| OnceLock::new()).collect()
    });
    per_k[t.k].get_or_init(|| (0..t.cells).flat_map(|c| segment_slots(t, c)).collect())
}

/// [`segments_seen`] of one cell, worked out.
fn segment_slots(t: &Topology, c: usize) -> Vec<u32> {
    let k = t.k;
    let mut out = Vec::with_capacity(4 * (k - 1));
    let (r, col, b) = (t.row(c), t.col(c), t.box_of(c));
    // Segments of c's row and column in other boxes.
    for h in [r, t.col_house(col)] {
        let own = t.position(h, c) / k;
        out.extend((0..k).filter(|&j| j != own).map(|j| (h * k + j) as u32));
    }
    // Segments of other lines through c's box.
    for &e in t.house(t.box_house(b)) {
        let e = e as usize;
        for h in [t.row(e), t.col_house(t.col(e))] {
            let first_in_box = t.position(h, e) % k == 0;
            if h != r && h != t.col_house(col) && first_in_box {
                out.push((h * k + t.position(h, e) / k) as u32);
            }
        }
    }
    debug_assert_eq!(out.len(), 4 * (k - 1));
    out
}

/// The grouped nodes of a state (none unless `grouped`), and the group index per (digit, line
/// house, box position along the line), or [`NONE`].
fn box_line_groups<B: Basis>(s: &State<B>, grouped: bool) -> (Vec<(usize, Vec<u16>)>, Vec<u32>) {
    let t = B::topology();
    let (n, k) = (B::N, B::K);
    // Groups: places of d in line h within the box at position j along it.
    let mut groups: Vec<(usize, Vec<u16>)> = Vec::new();
    let mut group_at = vec![NONE; n * 2 * n * k];
    if !grouped {
        return (groups, group_at);
    }
    for d in 0..n {
        for h in 0..2 * n {
            // The line's cells in the box at position j along it are its positions jK..jK+K.
            for (j, segment) in t.house(h).chunks(k).enumerate() {
                let open = |&&c: &&u16| !s.is_solved(c as usize) && s.get(c as usize).has(d);
                if segment.iter().filter(open).count() >= 2 {
                    // House order is cell order, so the segment is sorted.
                    group_at[(d * 2 * n + h) * k + j] = groups.len() as u32;
                    groups.push((d, segment.iter().filter(open).copied().collect()));
                }
            }
        }
    }
    (groups, group_at)
}

/// The node of a set of places of d: one candidate, or the group it is exactly.
fn node_of<B: Basis>(
    groups: &[(usize, Vec<u16>)],
    group_at: &[u32],
    d: usize,
    set: &[u16],
) -> Option<u32> {
    let t = B::topology();
    let (n, k) = (B::N, B::K);
    if set.len() == 1 {
        return Some(set[0] as u32 * n as u32 + d as u32);
    }
    let base = (B::CELLS * n) as u32;
    let c0 = set[0] as usize;
    for h in [t.row(c0), t.col_house(t.col(c0))] {
        if set
            .iter()
            .all(|&c| t.houses_of(c as usize).contains(&(h as u16)))
        {
            let j = t.position(h, c0) / k;
            let g = group_at[(d * 2 * n + h) * k + j];
            // NONE finds no group. Both hold distinct cells, the group's sorted.
            if let Some((_, cells)) = groups.get(g as usize) {
                if cells.len() == set.len() && set.iter().all(|c| cells.binary_search(c).is_ok()) {
                    return Some(base + g);
                }
            }
        }
    }
    None
}

/// Strong links while they are found; [`StrongLinks::flatten`] packs them for [`Tagging`].
struct StrongLinks {
    /// Node ids with a strong link, in the order they were first linked.
    strong: Vec<u32>,
    /// Strong index of each node id, or [`NONE`].
    strong_of: Vec<u32>,
    /// Strong partners of each strong index, each once, in the order they were linked.
    lists: Vec<Vec<u32>>,
}

impl StrongLinks {
    /// No links yet, over `ids` node ids.
    fn new(ids: usize) -> Self {
        StrongLinks {
            strong: Vec::new(),
            strong_of: vec![NONE; ids],
            lists: Vec::new(),
        }
    }

    /// Link nodes `a` and `b` both ways (a link already there is not repeated).
    fn add(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            if self.strong_of[x as usize] == NONE {
                self.strong_of[x as usize] = self.strong.len() as u32;
                self.strong.push(x);
                self.lists.push(Vec::new());
            }
            let l = &mut self.lists[self.strong_of[x as usize] as usize];
            if !l.contains(&y) {
                l.push(y);
            }
        }
    }

    /// Conjugate pairs: the two places of a digit in a house; with groups, also two nodes that
    /// are all its places.
    fn add_conjugates<B: Basis>(
        &mut self,
        s: &State<B>,
        groups: &[(usize, Vec<u16>)],
        group_at: &[u32],
    ) {
        let t = B::topology();
        let n = B::N;
        for h in 0..t.houses() {
            for d in 0..n {
                let mut it = t
                    .house(h)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| !s.is_solved(c) && s.get(c).has(d));
                if let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) {
                    self.add((a * n + d) as u32, (b * n + d) as u32);
                } else if !groups.is_empty() {
                    self.add_grouped_conjugates(s, h, d, groups, group_at);
                }
            }
        }
    }

    /// Grouped conjugates of `d` in house `h`: a segment (or cell) and the rest of the places,
    /// when both are nodes.
    fn add_grouped_conjugates<B: Basis>(
        &mut self,
        s: &State<B>,
        h: usize,
        d: usize,
        groups: &[(usize, Vec<u16>)],
        group_at: &[u32],
    ) {
        let t = B::topology();
        let (n, k) = (B::N, B::K);
        // Split the places into a segment (or cell) and the rest.
        // A node holds at most K places (a cell, or a box-line segment),
        // so two nodes cover at most 2K (at most 30 up to K = 15: fixed arrays, no allocation).
        let mut places = [0u16; 32];
        let mut len = 0;
        for &c in t.house(h) {
            if !s.is_solved(c as usize) && s.get(c as usize).has(d) {
                if len == 2 * k {
                    return;
                }
                places[len] = c;
                len += 1;
            }
        }
        if len < 3 {
            return;
        }
        let p = &places[..len];
        // The places in one other house through a place, as bit sets over `p`, first seen
        // first.
        let mut parts = [0u32; 96];
        let mut count = 0;
        for &c in p {
            let c = c as usize;
            for key in [t.row(c), t.col(c) + n, t.box_of(c) + 2 * n] {
                if key == h {
                    continue;
                }
                let part = p.iter().enumerate().fold(0u32, |m, (i, &e)| {
                    m | ((t.houses_of(e as usize).contains(&(key as u16)) as u32) << i)
                });
                if !parts[..count].contains(&part) {
                    parts[count] = part;
                    count += 1;
                }
            }
        }
        let node = |bits: u32| {
            let mut set = [0u16; 32];
            let mut m = 0;
            for (i, &c) in p.iter().enumerate() {
                if bits >> i & 1 == 1 {
                    set[m] = c;
                    m += 1;
                }
            }
            node_of::<B>(groups, group_at, d, &set[..m])
        };
        let all = (1u32 << len) - 1;
        for &a in &parts[..count] {
            let rest = all & !a;
            if rest == 0 {
                continue;
            }
            if let (Some(x), Some(y)) = (node(a), node(rest)) {
                if x < y {
                    self.add(x, y);
                }
            }
        }
    }

    /// Bivalue cells: one of their two digits is true (in remote-pair mode, only cells holding
    /// the pair).
    fn add_bivalues<B: Basis>(&mut self, s: &State<B>, mode: Mode) {
        let n = B::N;
        for c in 0..B::CELLS {
            let m = s.get(c);
            if s.is_solved(c) || m.count() != 2 {
                continue;
            }
            if let Mode::Pair(p) = mode {
                if m.to_u128() != p {
                    continue;
                }
            }
            let d1 = m.first();
            let d2 = (m & !B::Mask::bit(d1)).first();
            self.add((c * n + d1) as u32, (c * n + d2) as u32);
        }
    }

    /// `(strong, strong_of, start, partners)` for [`Tagging`]: the partner lists laid end to
    /// end, those of strong index `i` at `partners[start[i]..start[i+1]]`.
    fn flatten(self) -> (Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>) {
        let mut start = Vec::with_capacity(self.strong.len() + 1);
        let mut partners = Vec::new();
        for l in &self.lists {
            start.push(partners.len() as u32);
            partners.extend_from_slice(l);
        }
        start.push(partners.len() as u32);
        (self.strong, self.strong_of, start, partners)
    }
}
