//! Worker threads: a rayon pool with the library's large stacks, and results handed on in
//! input order as soon as they are ready.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

/// Stack of every worker thread, the library's (a 225×225 grid is 1.6 MB, a 100×100 one
/// 160 KB, a search keeps a few on the stack, and generic code for every basis shares one
/// dispatching frame): reserved address space, only touched pages cost memory.
pub const STACK_SIZE: usize = nsudoku::solve::STACK_SIZE;

/// Run `f` on a rayon pool of `threads` threads (0 = all cores).
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> io::Result<T> {
    Ok(thread_pool(threads)?.install(f))
}

/// Run `work` on every item, in parallel on `pool`, and hand each result to `emit` in input
/// order as soon as it and those before it are done: a slow batch shows its first results
/// at once. An error from `emit` (a closed pipe) is returned after the items under way end;
/// those not begun are passed over.
pub fn in_order<T: Sync, R: Send>(
    pool: &rayon::ThreadPool,
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(&T, R) -> io::Result<()>,
) -> io::Result<()> {
    use rayon::prelude::*;
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel();
    pool.in_place_scope(|scope| {
        scope.spawn(|_| {
            items
                .par_iter()
                .enumerate()
                .for_each_with(tx, |tx, (i, item)| {
                    if !stop.load(Ordering::Relaxed) {
                        // The receiver is gone only after an error, which stops the rest.
                        let _ = tx.send((i, work(item)));
                    }
                });
        });
        let mut ready = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            ready.insert(i, r);
            while let Some(r) = ready.remove(&next) {
                if let Err(e) = emit(&items[next], r) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                next += 1;
            }
        }
        Ok(())
    })
}

/// A rayon pool of `threads` threads (0 = all cores) with large stacks; build it once per
/// batch, not per chunk.
pub fn thread_pool(threads: usize) -> io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_SIZE)
        .build()
        .map_err(|e| io::Error::other(format!("cannot start the worker threads (--threads): {e}")))
}
