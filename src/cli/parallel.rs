//! Worker threads: a rayon pool with the library's large stacks, and results handed on in
//! input order as soon as they are ready.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

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

/// How far the work may run ahead of the output: results made and not yet written, at least
/// this many and [`AHEAD_A_THREAD`] a worker. A writer that stalls (`generate | less`) holds
/// the workers there instead of letting them fill memory with the rest of the batch, and one
/// slow item lets the others run that far past it.
const AHEAD: usize = 256;
/// Results a worker may have made ahead of the output, on a pool of more than 4.
const AHEAD_A_THREAD: usize = 64;

/// Run `work` on 0..count, in parallel on `pool`, and hand each result to `emit` in order as
/// soon as it and those before it are done. The indices are handed out in order, one at a
/// time, so the first finish first and go out while the rest are made (a split in halves
/// would make the second half while the first waited to be written), and no index more than
/// [`AHEAD`] (or [`AHEAD_A_THREAD`] a thread) past the next to go out is begun. An error from
/// `emit` (a closed pipe) is returned after the items under way end; those not begun are
/// passed over. A panic in `work` or `emit` stops the rest too, and is raised when the items
/// under way end. On a pool of one thread the work runs on the calling thread, between writes.
pub fn in_order_of<R: Send>(
    pool: &rayon::ThreadPool,
    count: usize,
    work: impl Fn(usize) -> R + Sync,
    mut emit: impl FnMut(usize, R) -> io::Result<()>,
) -> io::Result<()> {
    let threads = pool.current_num_threads();
    if threads == 1 {
        // Nothing handed between threads: a fast 9×9 puzzle would spend a tenth of its time
        // on the hand-over and the idle worker's waking.
        return (0..count).try_for_each(|i| emit(i, work(i)));
    }
    let gate = Gate {
        ahead: AHEAD.max(AHEAD_A_THREAD * threads),
        ..Gate::default()
    };
    let taken = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel();
    pool.in_place_scope(|scope| {
        for _ in 0..threads.min(count) {
            let (tx, taken, gate, work) = (tx.clone(), &taken, &gate, &work);
            scope.spawn(move |_| {
                let _stops = gate.stop_on_drop(true);
                loop {
                    let i = taken.fetch_add(1, Ordering::Relaxed);
                    if i >= count || !gate.wait_for(i) {
                        break;
                    }
                    // The receiver is gone only after an error, which stops the rest.
                    let _ = tx.send((i, work(i)));
                }
            });
        }
        // The workers hold the only senders left: the loop ends when they do.
        drop(tx);
        // Whether emit fails or panics, or all is written, no worker is left waiting.
        let _stops = gate.stop_on_drop(false);
        let mut ready = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            ready.insert(i, r);
            while let Some(r) = ready.remove(&next) {
                emit(next, r)?;
                next += 1;
                gate.written(next);
            }
        }
        Ok(())
    })
}

/// What holds the workers of [`in_order_of`] back: how many results went out, and whether to
/// stop. The count is read without the lock while work may go on; a worker that must wait
/// says so (`waiting`) before it looks again under the lock, and the writer wakes it only
/// then, so the writer takes no lock while no one waits.
#[derive(Default)]
struct Gate {
    /// How far past the next result to go out an index may begin.
    ahead: usize,
    written: AtomicUsize,
    stop: AtomicBool,
    waiting: AtomicUsize,
    lock: Mutex<()>,
    room: Condvar,
}

impl Gate {
    /// True when index `i` may begin (waiting while it is too far ahead of the output); false
    /// when the run stops.
    fn wait_for(&self, i: usize) -> bool {
        let ready = || {
            self.stop.load(Ordering::SeqCst) || i < self.written.load(Ordering::SeqCst) + self.ahead
        };
        if !ready() {
            self.waiting.fetch_add(1, Ordering::SeqCst);
            let mut held = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
            while !ready() {
                held = self.room.wait(held).unwrap_or_else(PoisonError::into_inner);
            }
            drop(held);
            self.waiting.fetch_sub(1, Ordering::SeqCst);
        }
        !self.stop.load(Ordering::SeqCst)
    }

    /// `n` results went out.
    fn written(&self, n: usize) {
        self.written.store(n, Ordering::SeqCst);
        self.wake();
    }

    fn wake(&self) {
        if self.waiting.load(Ordering::SeqCst) > 0 {
            let _held = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
            self.room.notify_all();
        }
    }

    /// A guard that stops the run when it is dropped (with `only_in_panic`, only in a panic's
    /// unwinding: a worker that ends normally leaves the others their items), so no worker
    /// waits on a writer that is gone and no work is begun for a run that failed.
    fn stop_on_drop(&self, only_in_panic: bool) -> impl Drop + '_ {
        struct Stops<'a>(&'a Gate, bool);
        impl Drop for Stops<'_> {
            fn drop(&mut self) {
                if !self.1 || std::thread::panicking() {
                    self.0.stop.store(true, Ordering::SeqCst);
                    self.0.wake();
                }
            }
        }
        Stops(self, only_in_panic)
    }
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
    use super::{in_order_of, thread_pool, AHEAD};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// On a pool of several and on one (whose work runs on the calling thread).
    #[test]
    fn results_go_out_in_order_and_an_error_stops_the_rest() {
        for threads in [3, 1] {
            let pool = thread_pool(threads).unwrap();
            // Earlier items take longer, so on several threads they finish out of order.
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
            // A failing output (a closed pipe) ends the run: its error comes back, and items
            // not begun are not made.
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
            if threads == 1 {
                assert_eq!(made.load(Ordering::Relaxed), 4);
            }
            // Nothing to do is no work.
            in_order_of(&pool, 0, |_| unreachable!(), |_, ()| unreachable!()).unwrap();
        }
    }

    /// A writer that stalls holds the work back ([`AHEAD`] results at most wait for it), and a
    /// panic stops the items not begun before it is raised.
    #[test]
    fn a_stalled_writer_holds_the_work_back_and_a_panic_stops_it() {
        let pool = thread_pool(3).unwrap();
        let made = AtomicUsize::new(0);
        let work = |_| {
            made.fetch_add(1, Ordering::SeqCst);
        };
        let mut most = 0;
        in_order_of(&pool, 10_000, work, |i, ()| {
            if i % 1000 == 0 {
                std::thread::sleep(Duration::from_millis(30));
                most = most.max(made.load(Ordering::SeqCst) - i);
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(made.load(Ordering::SeqCst), 10_000);
        assert!(most <= AHEAD, "{most} made ahead of the output");
        for panics_in_work in [true, false] {
            let made = AtomicUsize::new(0);
            let work = |i| {
                made.fetch_add(1, Ordering::SeqCst);
                assert!(!(panics_in_work && i == 5), "work");
            };
            let run = std::panic::AssertUnwindSafe(|| {
                in_order_of(&pool, 1_000_000, work, |i, ()| {
                    assert!(panics_in_work || i != 5, "emit");
                    Ok(())
                })
            });
            assert!(std::panic::catch_unwind(run).is_err());
            assert!(made.load(Ordering::SeqCst) < 1_000, "{panics_in_work}");
        }
    }
}
