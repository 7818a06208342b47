//! Templates kept from one POM run to the next while a solving path is walked.
//!
//! A step only removes candidates, so a digit's templates on the next state are the ones of
//! the last state that avoid the cells it lost ([`Templates::restrict`]): a pass over the list
//! instead of a search. The four POM variants of one step share one listing the same way. A
//! digit that lost nothing (most digits at most steps) gets its kept templates back as they
//! are, without that pass. A digit over the budget keeps its count with the rows it was
//! counted on: counting it again on the same rows would give the same answer.
//!
//! Pattern exclusion keeps its fixed point too. Its live sets only shrink as candidates go
//! (fewer templates of `b` exclude more templates of `a`), so the fixed point of the next state
//! lies inside the last one, and starting from it reaches the same fixed point. A template of
//! `a` kept there had a disjoint template in every digit that has lost none since, so only the
//! digits that lost templates need checking again (`Prior::dirty`), and a digit listed now
//! that was not listed then (it came within the budget), whose templates were never checked.
//!
//! The memo is per thread and lives only inside [`scope`] ([`crate::logic::engine`] wraps its
//! walks and reductions in one): outside, every run lists afresh and nothing is held. What it
//! returns is what listing afresh returns, so results never depend on it, only the time.

use super::{TemplateCount, Templates};
use crate::mask::Mask;
use fixedbitset::FixedBitSet;
use std::cell::RefCell;

/// What is kept of one digit.
struct Kept {
    /// Its templates on the cells it had then (all live).
    templates: Templates,
    /// Pattern exclusion's live templates, when the last exclusion run finished.
    excluded: Option<FixedBitSet>,
    /// True when templates of `excluded` were lost since that run.
    dirty: bool,
}

#[derive(Default)]
struct Memo {
    /// Nesting depth of [`scope`]; nothing is kept at 0.
    depth: usize,
    /// Digits of the grid the memo holds (a new size starts over).
    n: usize,
    kept: Vec<Option<Kept>>,
    /// The digits listed by the last finished exclusion run, its fixed point valid for them.
    excluded: Option<Vec<bool>>,
    /// Bytes of templates held.
    bytes: usize,
    /// Per digit, the candidate rows it was last counted on and the count (digits over the
    /// budget are counted again at every step otherwise, up to 0.1 s each).
    counts: Vec<Option<(Vec<u128>, TemplateCount)>>,
}

impl Memo {
    /// The memo for grids of `n` digits, started over when it held another size; `None`
    /// outside [`scope`].
    fn sized(&mut self, n: usize) -> Option<&mut Memo> {
        if self.depth == 0 {
            return None;
        }
        if self.n != n {
            *self = Memo {
                depth: self.depth,
                n,
                kept: (0..n).map(|_| None).collect(),
                counts: vec![None; n],
                ..Memo::default()
            };
        }
        Some(self)
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Run `f` with templates kept between the POM runs it makes on this thread; they are dropped
/// when the outermost scope ends.
pub fn scope<R>(f: impl FnOnce() -> R) -> R {
    struct Exit;
    impl Drop for Exit {
        fn drop(&mut self) {
            MEMO.with(|m| {
                let mut m = m.borrow_mut();
                m.depth -= 1;
                if m.depth == 0 {
                    *m = Memo::default();
                }
            });
        }
    }
    MEMO.with(|m| m.borrow_mut().depth += 1);
    let _exit = Exit;
    f()
}

/// Pattern exclusion's last fixed point restricted to a digit's templates now.
pub(crate) struct Prior {
    /// The live templates of that fixed point still listed.
    pub live: FixedBitSet,
    /// True when some of them were lost since.
    pub dirty: bool,
}

/// The templates of digit `d` on `rows` (all live), from the memo when they can be, with at
/// most `limit` of them (`None` when there are more); and exclusion's prior fixed point for
/// them, when one is known.
pub(crate) fn list<M: Mask>(
    k: usize,
    d: usize,
    rows: &[M],
    limit: usize,
) -> Option<(Templates, Option<Prior>)> {
    let n = k * k;
    let kept = MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let m = m.sized(n)?;
        let kept = m.kept[d].take()?;
        m.bytes -= kept.templates.bytes();
        Some(kept)
    });
    // Unchanged cells (most digits, most steps): the kept templates as they are.
    let kept = match kept {
        Some(kept) if kept.templates.same_cells(rows) => {
            if kept.templates.len() > limit {
                return None;
            }
            let prior = kept.excluded.map(|live| Prior {
                live,
                dirty: kept.dirty,
            });
            return Some((kept.templates, prior));
        }
        other => other,
    };
    // Kept templates serve only when this digit's cells are a subset of theirs.
    let restricted = kept.and_then(|kept| kept.templates.restrict(rows).map(|r| (kept, r)));
    let Some((kept, (templates, index))) = restricted else {
        return Templates::enumerate(k, rows, limit).map(|t| (t, None));
    };
    if templates.len() > limit {
        return None;
    }
    let prior = kept.excluded.map(|old| {
        let mut live = FixedBitSet::with_capacity(templates.len());
        for (i, &t) in index.iter().enumerate() {
            live.set(i, old.contains(t as usize));
        }
        let dirty = kept.dirty || live.count_ones(..) < old.count_ones(..);
        Prior { live, dirty }
    });
    Some((templates, prior))
}

/// The template count of digit `d` on `rows`: the one kept when it was last counted on the
/// same rows, else `count()`'s, then kept.
pub fn count<M: Mask>(
    d: usize,
    rows: &[M],
    count: impl FnOnce() -> TemplateCount,
) -> TemplateCount {
    let key: Vec<u128> = rows.iter().map(|r| r.to_u128()).collect();
    let known = MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let m = m.sized(rows.len())?;
        m.counts[d]
            .as_ref()
            .filter(|(k, _)| *k == key)
            .map(|&(_, c)| c)
    });
    if let Some(c) = known {
        return c;
    }
    let c = count();
    MEMO.with(|m| {
        if let Some(m) = m.borrow_mut().sized(rows.len()) {
            m.counts[d] = Some((key, c));
        }
    });
    c
}

/// The digits whose exclusion fixed point is known, if the last exclusion run finished.
pub(crate) fn excluded() -> Option<Vec<bool>> {
    MEMO.with(|m| m.borrow().excluded.clone())
}

/// Keep digit `d`'s templates (made live again) for the next run, with exclusion's fixed point
/// when this run computed one or carried its prior: within `memory` bytes in all.
pub(crate) fn keep(d: usize, mut templates: Templates, excluded: Option<Prior>, memory: usize) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.depth == 0 || m.n == 0 || m.bytes + templates.bytes() > memory {
            return;
        }
        templates.revive();
        m.bytes += templates.bytes();
        let (excluded, dirty) = match excluded {
            Some(p) => (Some(p.live), p.dirty),
            None => (None, false),
        };
        m.kept[d] = Some(Kept {
            templates,
            excluded,
            dirty,
        });
    });
}

/// Record which digits the exclusion run just finished listed (`None`: it did not finish).
pub(crate) fn set_excluded(listed: Option<Vec<bool>>) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.depth > 0 {
            m.excluded = listed;
        }
    });
}
