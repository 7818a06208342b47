//! Where the tuple, fish and Sue de Coq searches found nothing, kept along a solving path.
//!
//! At each step that singles and locked candidates do not make, a path asks for tuples and fish
//! of every size, and the last step changed only a few houses and digits: the others would be
//! searched again to the same end. On the 100×100 of `rkkautsar` that was 84 % of `explain`'s
//! time. So a search that reports nothing notes what it read (a house's cells, or a digit's
//! places) and which search it was; the same search on the same input is then skipped, and the
//! subset bounds it hit are noted again, so that the path tells the same bounds.
//!
//! Kept on this thread only inside [`super::kept::scope`] (a solving path, a rating), and
//! dropped when it ends; outside, nothing is kept.

use super::kept::in_scope;
use super::{limits, Flow, Sink};
use crate::mask::Mask;
use std::any::Any;
use std::cell::RefCell;

/// Which finder searched a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Finder {
    /// Tuples in a house (slot: the house).
    Tuples,
    /// Fish of a digit (slot: the digit).
    Fish,
    /// Sue de Coq at a box/line intersection (slot: the box, then the line crossing it).
    SueDeCoq,
}

/// One search of a slot: the technique and the subset bound it ran under.
pub(crate) type Search = (super::Technique, u64);

/// What one slot held when last searched, and the searches of it that found nothing, each
/// with the subset enumerations the bound cut.
struct Slot<M> {
    input: Vec<M>,
    missed: Vec<(Search, u64)>,
}

type Table<M> = hashbrown::HashMap<(Finder, usize), Slot<M>>;

thread_local! {
    static KEPT: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// True where searches that found nothing are kept: worth building their inputs.
pub(crate) fn kept() -> bool {
    in_scope()
}

/// Run `search` on `slot` of `finder`, whose input is `input`, reporting to `sink`, unless the
/// same search found nothing on the same input before. A search that stops (the sink or the
/// deadline stopped it) notes nothing.
pub(crate) fn skip_or_run<M: Mask>(
    finder: Finder,
    slot: usize,
    what: Search,
    input: impl FnOnce() -> Vec<M>,
    sink: &mut Sink,
    search: impl FnOnce(&mut Sink) -> Flow,
) -> Flow {
    if !in_scope() {
        return search(sink);
    }
    let input = input();
    let seen = with_table::<M, _>(|t| {
        let s = t.get(&(finder, slot))?;
        if s.input != input {
            return None;
        }
        s.missed
            .iter()
            .find(|(w, _)| *w == what)
            .map(|&(_, cuts)| cuts)
    });
    if let Some(cuts) = seen {
        if cuts > 0 {
            limits::note(|h| h.subset_searches += cuts);
        }
        return Flow::Continue;
    }
    let before = limits::subset_cuts();
    let mut reported = false;
    let flow = search(&mut |d| {
        reported = true;
        sink(d)
    });
    if flow == Flow::Continue && !reported {
        let cuts = limits::subset_cuts() - before;
        with_table::<M, _>(|t| {
            let s = t.entry((finder, slot)).or_insert_with(|| Slot {
                input: Vec::new(),
                missed: Vec::new(),
            });
            if s.input != input {
                s.input = input;
                s.missed.clear();
            }
            s.missed.push((what, cuts));
        });
    }
    flow
}

fn with_table<M: Mask, R>(f: impl FnOnce(&mut Table<M>) -> R) -> R {
    KEPT.with(|k| {
        let mut k = k.borrow_mut();
        if !k.as_ref().is_some_and(|t| t.is::<Table<M>>()) {
            *k = Some(Box::new(Table::<M>::new()));
        }
        f(k.as_mut()
            .and_then(|t| t.downcast_mut())
            .expect("made above"))
    })
}

/// Drop what was kept (when the outermost chains scope ends).
pub(crate) fn forget() {
    KEPT.with(|k| *k.borrow_mut() = None);
}
