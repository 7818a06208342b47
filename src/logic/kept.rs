//! What finders keep from one search to the next while a solving path or a rating walks its
//! states: the chains' XY-mode build ([`super::chains`]), the forcing chains' reach sets
//! ([`super::multiple`]) and the tuple and fish searches that found nothing
//! (`logic::misses`). Each holds its own; this module says when they may: on this thread,
//! inside [`scope`], and all of it is dropped when the outermost scope ends. Outside, nothing
//! is kept. (The pattern overlay's templates have a scope of their own, `pom::memo::scope`.)

use std::cell::Cell;

thread_local! {
    /// Nesting depth of [`scope`] on this thread.
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// Run `f` with the finders' caches kept between the searches it makes on this thread.
pub fn scope<R>(f: impl FnOnce() -> R) -> R {
    struct Exit;
    impl Drop for Exit {
        fn drop(&mut self) {
            let depth = DEPTH.with(|d| {
                d.set(d.get() - 1);
                d.get()
            });
            if depth == 0 {
                super::chains::forget();
                super::multiple::forget();
                super::misses::forget();
            }
        }
    }
    DEPTH.with(|d| d.set(d.get() + 1));
    let _exit = Exit;
    f()
}

/// True inside a [`scope`]: what is built may be kept for the next search.
pub(crate) fn in_scope() -> bool {
    DEPTH.with(|d| d.get() > 0)
}
