//! Counting the templates of one digit without listing them.
//!
//! A template puts the digit once in every row, column and box. Column `c` lies in stack
//! `c / K`, so columns only constrain cells of their own stack, and a box constraint says that
//! each stack takes exactly one row of every band. A template is therefore, stack by stack, a
//! choice of one row per band (rows not taken by an earlier stack) plus a bijection from those K
//! rows to the K columns of the stack, through candidate cells only:
//!
//! ```text
//!   stack s:   band 0 row ρ0 ─┐            columns of stack s
//!              band 1 row ρ1 ─┼─ bijection ─► c0 c1 … c(K-1)   (perm of a K×K 0/1 matrix)
//!              …              │
//!              band K-1 ρK-1 ─┘
//! ```
//!
//! The dynamic program runs over stacks; its state is the set of rows already taken in every
//! band (K bits per band, N bits in all). `f(R) = Σ_ρ perm_s(ρ) · f(R ∪ ρ)`, memoised in a hash
//! map. On an empty grid this visits Σ_s C(K,s)^K states (206,252 at K = 5, all but the last,
//! every row taken, memoised) and gives
//! (K!)^(2K). The permanent of each choice is built band by band over the column subsets of
//! the stack, so it costs C(K,b)·K per band, never K!.
//!
//! Rejected: a DP over rows with the used-column set (plus the stacks used in the current band)
//! as state. It is simpler, but mid-band states multiply by up to C(K,j)·2^K: about 10^7 states
//! on an empty 25×25 grid against 2·10^5 here.

use crate::mask::Mask;
use hashbrown::HashMap;
use std::time::Instant;

/// Largest number of memoised DP states before counting gives up (about 64 MiB of table).
pub const MAX_COUNT_STATES: usize = 1 << 21;

/// Largest number of DP steps (column subsets updated) before counting gives up: a time bound
/// of about a second per digit. An empty 25×25 grid takes 1.06·10^8 steps (206,251 states).
pub const MAX_COUNT_WORK: u64 = 300_000_000;

/// Largest number of row choices (one free row per band) collected at one state before
/// counting gives up: 32 MiB. A state has at most K^K (823,543 at K = 7); from K = 8 on
/// sparse grids reach more, and the list had grown to gigabytes (the empty 100×100 grid).
const MAX_CHOICES: usize = 1 << 20;

/// The number of templates of one digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TemplateCount {
    /// Exactly this many.
    Exact(u128),
    /// More than `u128::MAX` (empty grids from K = 7 on, when the limits let the count run
    /// that far: with the default limits of [`count_templates`] an empty grid from K = 6 on
    /// is [`Intractable`](Self::Intractable) first).
    Overflow,
    /// Not counted: the dynamic program needed more than [`MAX_COUNT_STATES`] states or
    /// [`MAX_COUNT_WORK`] steps.
    Intractable,
    /// Not counted: the deadline ([`crate::logic::Config::deadline`]) passed before its turn
    /// or during its count.
    NotReached,
}

impl TemplateCount {
    /// True when the count is known to be at most `budget`.
    pub fn within(self, budget: u64) -> bool {
        matches!(self, TemplateCount::Exact(c) if c <= budget as u128)
    }

    /// The exact count, when known.
    pub fn exact(self) -> Option<u128> {
        match self {
            TemplateCount::Exact(c) => Some(c),
            _ => None,
        }
    }
}

impl std::fmt::Display for TemplateCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TemplateCount::Exact(c) => write!(f, "{c}"),
            TemplateCount::Overflow => write!(f, "> {}", u128::MAX),
            TemplateCount::Intractable => write!(f, "unknown (DP over its state or step limit)"),
            TemplateCount::NotReached => write!(f, "unknown (not reached by the deadline)"),
        }
    }
}

/// Count the templates through the candidate cells given per row: `rows[r]` is the set of
/// columns of row `r` where the digit is placed or a candidate (`rows.len() == k * k`).
///
/// # Panics
///
/// When `rows.len() != k * k`, and from K = 12 on (a row's columns are read as a `u128`; the
/// logic layer goes to K = 10).
pub fn count_templates<M: Mask>(k: usize, rows: &[M]) -> TemplateCount {
    count_templates_until(k, rows, None)
}

/// [`count_templates`], given up as [`TemplateCount::NotReached`] once `deadline` passes:
/// looked at every 2^18 steps, so a count ends within about 5 ms of it.
pub fn count_templates_until<M: Mask>(
    k: usize,
    rows: &[M],
    deadline: Option<Instant>,
) -> TemplateCount {
    count(k, rows, MAX_COUNT_STATES, MAX_COUNT_WORK, deadline)
}

/// [`count_templates`] with chosen limits on memoised states and on DP steps.
pub fn count_templates_limited<M: Mask>(
    k: usize,
    rows: &[M],
    max_states: usize,
    max_work: u64,
) -> TemplateCount {
    count(k, rows, max_states, max_work, None)
}

/// DP steps between two looks at the deadline: about 5 ms (a look costs a clock read).
const LOOK_EVERY: u64 = 1 << 18;

fn count<M: Mask>(
    k: usize,
    rows: &[M],
    max_states: usize,
    max_work: u64,
    deadline: Option<Instant>,
) -> TemplateCount {
    let n = k * k;
    assert_eq!(rows.len(), n, "one column set per row");
    // Quick exits: a row without candidates, or a column without any, means no template.
    let mut cols = M::ZERO;
    for &r in rows {
        if r.is_empty() {
            return TemplateCount::Exact(0);
        }
        cols |= r;
    }
    if cols.count() as usize != n {
        return TemplateCount::Exact(0);
    }
    // sub[r * k + s]: the columns of stack s that row r may use, as a K-bit set.
    let mut sub = vec![0u16; n * k];
    for (r, &m) in rows.iter().enumerate() {
        let m = m.to_u128();
        for s in 0..k {
            sub[r * k + s] = ((m >> (s * k)) & ((1u128 << k) - 1)) as u16;
        }
    }
    // Column subsets of a stack grouped by size, for the band-by-band permanent.
    let mut by_size: Vec<Vec<u16>> = vec![Vec::new(); k + 1];
    for m in 0u16..(1 << k) {
        by_size[m.count_ones() as usize].push(m);
    }
    let mut dp = Dp {
        k,
        sub,
        by_size,
        memo: HashMap::new(),
        max_states,
        max_work,
        work: 0,
        deadline,
        next_look: LOOK_EVERY,
        late: false,
        overflow: false,
        aborted: false,
        ways: vec![vec![0u128; 1 << k]; k + 1],
    };
    let c = dp.f(0, 0);
    if dp.late {
        TemplateCount::NotReached
    } else if dp.aborted {
        TemplateCount::Intractable
    } else if dp.overflow {
        TemplateCount::Overflow
    } else {
        TemplateCount::Exact(c)
    }
}

struct Dp {
    k: usize,
    sub: Vec<u16>,
    by_size: Vec<Vec<u16>>,
    memo: HashMap<u128, u128>,
    max_states: usize,
    max_work: u64,
    work: u64,
    deadline: Option<Instant>,
    /// The step count at which the deadline is next looked at.
    next_look: u64,
    /// The deadline passed (the count is aborted too).
    late: bool,
    overflow: bool,
    aborted: bool,
    /// Scratch per band level: `ways[b][cols]` = bijections of bands 0..b onto `cols`.
    ways: Vec<Vec<u128>>,
}

impl Dp {
    /// Templates completing stacks `s..K` when the rows in `taken` are used.
    fn f(&mut self, s: usize, taken: u128) -> u128 {
        if s == self.k {
            return 1;
        }
        if let Some(&v) = self.memo.get(&taken) {
            return v;
        }
        if self.aborted {
            return 0;
        }
        // Collect the row choices ρ (one free row per band) with their permanents first; the
        // recursion into f needs `self` again.
        let mut choices: Vec<(u128, u128)> = Vec::new();
        self.ways[0].iter_mut().for_each(|w| *w = 0);
        self.ways[0][0] = 1;
        self.choose(s, 0, taken, 0, &mut choices);
        let mut total = 0u128;
        for (rows, perm) in choices {
            let rest = self.f(s + 1, taken | rows);
            let add = perm.checked_mul(rest).unwrap_or_else(|| {
                self.overflow = true;
                u128::MAX
            });
            total = total.checked_add(add).unwrap_or_else(|| {
                self.overflow = true;
                u128::MAX
            });
        }
        if self.memo.len() >= self.max_states || self.aborted {
            self.aborted = true;
        } else {
            self.memo.insert(taken, total);
        }
        total
    }

    /// Choose the row of band `b` for stack `s`, extending the permanent table `ways[b]`.
    fn choose(&mut self, s: usize, b: usize, taken: u128, rows: u128, out: &mut Vec<(u128, u128)>) {
        let k = self.k;
        if b == k {
            let perm = self.ways[k][(1 << k) - 1];
            if perm != 0 {
                out.push((rows, perm));
                if out.len() > MAX_CHOICES {
                    self.aborted = true;
                }
            }
            return;
        }
        if self.aborted {
            return;
        }
        self.work += self.by_size[b].len() as u64;
        if self.work > self.max_work {
            self.aborted = true;
            return;
        }
        if self.work >= self.next_look {
            self.next_look += LOOK_EVERY;
            if self.deadline.is_some_and(|t| Instant::now() >= t) {
                (self.late, self.aborted) = (true, true);
                return;
            }
        }
        let band_taken = (taken >> (b * k)) as u16 & ((1u16 << k) - 1);
        // The table ways[b + 1] depends only on the row's columns, and the recursion below
        // leaves it alone: rows with the same columns as the last one reuse it.
        let mut last: Option<(u16, bool)> = None;
        for i in 0..k {
            if band_taken & (1 << i) != 0 {
                continue;
            }
            let cand = self.sub[(b * k + i) * k + s];
            if cand == 0 {
                continue;
            }
            if let Some((c, any)) = last {
                if c == cand {
                    if any {
                        let bit = 1u128 << (b * k + i);
                        self.choose(s, b + 1, taken, rows | bit, out);
                    }
                    continue;
                }
            }
            // ways[b + 1][m | c] += ways[b][m] for c in cand \ m, over subsets m of size b.
            let (lo, hi) = self.ways.split_at_mut(b + 1);
            let (cur, next) = (&lo[b], &mut hi[0]);
            for &m in &self.by_size[b + 1] {
                next[m as usize] = 0;
            }
            let mut any = false;
            for &m in &self.by_size[b] {
                let w = cur[m as usize];
                if w == 0 {
                    continue;
                }
                let mut free = cand & !m;
                while free != 0 {
                    let c = free & free.wrapping_neg();
                    free &= free - 1;
                    let slot = &mut next[(m | c) as usize];
                    *slot = slot.saturating_add(w);
                    any = true;
                }
            }
            last = Some((cand, any));
            if any {
                let bit = 1u128 << (b * k + i);
                self.choose(s, b + 1, taken, rows | bit, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty(k: usize) -> TemplateCount {
        let n = k * k;
        count_templates(k, &vec![u128::low(n); n])
    }

    /// A count under way is given up when the deadline passes (here before it begins: the
    /// empty 25×25 grid takes 10^8 steps, a second or two); one that ends before its first
    /// look at the clock is kept.
    #[test]
    fn a_deadline_cuts_a_count_under_way() {
        let rows = |n| vec![u128::low(n); n];
        let passed = Some(Instant::now());
        assert_eq!(
            count_templates_until(5, &rows(25), passed),
            TemplateCount::NotReached
        );
        assert_eq!(
            count_templates_until(2, &rows(4), passed),
            TemplateCount::Exact(16)
        );
        let later = Some(Instant::now() + std::time::Duration::from_secs(3600));
        assert_eq!(count_templates_until(3, &rows(9), later), empty(3));
    }

    #[test]
    fn empty_grids() {
        assert_eq!(empty(2), TemplateCount::Exact(16));
        assert_eq!(empty(3), TemplateCount::Exact(46_656));
        assert_eq!(empty(4), TemplateCount::Exact(110_075_314_176));
    }

    #[test]
    fn dead_row_or_column() {
        let mut rows = vec![0b1111u16; 4];
        rows[2] = 0;
        assert_eq!(count_templates(2, &rows), TemplateCount::Exact(0));
        let rows = vec![0b0111u16; 4];
        assert_eq!(count_templates(2, &rows), TemplateCount::Exact(0));
    }

    #[test]
    fn state_limit_reports_intractable() {
        let rows = vec![u128::low(16); 16];
        assert_eq!(
            count_templates_limited(4, &rows, 10, MAX_COUNT_WORK),
            TemplateCount::Intractable
        );
    }
}
