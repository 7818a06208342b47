//! Worker threads: a rayon pool with the library's large stacks, and results handed on in
//! input order as soon as they are ready.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Stack of every worker thread, the library's (a 225×225 grid is 1.6 MB, a 100×100 one
/// 160 KB, a search keeps a few on the stack, and generic code for every basis shares one
/// dispatching frame): reserved address space, only touched pages cost memory.
pub const STACK_SIZE: usize = nsudoku::solve::STACK_SIZE;

/// Run `f` on a rayon pool of `threads` threads (0 = all cores).
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> io::Result<T> {
    Ok(thread_pool(threads)?.install(f))
}

/// Run `work` on every item, in parallel on `pool`, and hand each result to `emit` in input
/// order as soon as it and those before it are done ([`in_order_of`]).
pub fn in_order<T: Sync, R: Send>(
    pool: &rayon::ThreadPool,
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(&T, R) -> io::Result<()>,
) -> io::Result<()> {
    in_order_of(
        pool,
        items.len(),
        |i| work(&items[i]),
        |i, r| emit(&items[i], r),
    )
}

/// Run `work` on 0..count, in parallel on `pool`, and hand each result to `emit` in order as
/// soon as it and those before it are done. The indices are handed out in order, one at a
/// time, so the first finish first and go out while the rest are made (a split in halves
/// would make the second half while the first waited to be written), and the results held
/// back stay about one a thread. An error from `emit` (a closed pipe) is returned after the
/// items under way end; those not begun are passed over.
pub fn in_order_of<R: Send>(
    pool: &rayon::ThreadPool,
    count: usize,
    work: impl Fn(usize) -> R + Sync,
    mut emit: impl FnMut(usize, R) -> io::Result<()>,
) -> io::Result<()> {
    let stop = AtomicBool::new(false);
    let taken = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel();
    pool.in_place_scope(|scope| {
        for _ in 0..pool.current_num_threads().min(count) {
            let (tx, taken, stop, work) = (tx.clone(), &taken, &stop, &work);
            scope.spawn(move |_| loop {
                let i = taken.fetch_add(1, Ordering::Relaxed);
                if i >= count || stop.load(Ordering::Relaxed) {
                    break;
                }
                // The receiver is gone only after an error, which stops the rest.
                let _ = tx.send((i, work(i)));
            });
        }
        // The workers hold the only senders left: the loop ends when they do.
        drop(tx);
        let mut ready = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            ready.insert(i, r);
            while let Some(r) = ready.remove(&next) {
                if let Err(e) = emit(next, r) {
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

#[cfg(test)]
mod tests {
    use super::{in_order_of, thread_pool};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn results_go_out_in_order_and_an_error_stops_the_rest() {
        let pool = thread_pool(3).unwrap();
        // Earlier items take longer, so they finish out of order.
        let work = |i: usize| {
            std::thread::sleep(Duration::from_micros(((40 - i % 40) * 50) as u64));
            i * i
        };
        let mut seen = Vec::new();
        in_order_of(&pool, 100, work, |i, r| {
            seen.push((i, r));
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, (0..100).map(|i| (i, i * i)).collect::<Vec<_>>());
        // A failing output (a closed pipe) ends the run: its error comes back, and items not
        // begun are not made.
        let made = AtomicUsize::new(0);
        let work = |_| {
            made.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(1));
        };
        let fail = |i, _| match i {
            3 => Err(std::io::Error::other("closed")),
            _ => Ok(()),
        };
        let e = in_order_of(&pool, 10_000, work, fail).unwrap_err();
        assert_eq!(e.to_string(), "closed");
        assert!(made.load(Ordering::Relaxed) < 10_000);
        // Nothing to do is no work.
        in_order_of(&pool, 0, |_| unreachable!(), |_, ()| unreachable!()).unwrap();
    }
}
