//! The engine's one thread pool: scoped native threads that share a queue
//! of work.
//!
//! Every parallel count in the project is the same shape: a count cut into
//! *parts* whose counts add up (polyform row prefixes, batches of
//! Quantumino's middle slice, a shard's share of either), and a few threads
//! that each take the next part not yet taken until none is left. The
//! threads are scoped, so they borrow the problem instead of copying it,
//! and they are started per count: a count runs for seconds to hours, so
//! the microseconds a thread costs to start are noise, and nothing
//! outlives the call that started it.
//!
//! Two entry points: [`on_threads`] runs one loop on several threads (the
//! polyform counter, whose queue grows as running parts give work away,
//! brings its own queue), and [`for_each`] hands out the indices
//! `0..len` in order (Quantumino's slices, the CLI's shards). wasm32 has no
//! threads in `std`: the browser runs parts in Web Workers instead, and
//! calls these with one thread, which runs on the calling thread.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

/// Runs `worker` on `threads` threads, the calling thread being one of
/// them, and returns when every copy has returned. `worker` takes its work
/// from a queue of the caller's.
pub fn on_threads(threads: usize, worker: impl Fn() + Sync) {
    if threads <= 1 {
        return worker();
    }
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(&worker);
        }
        worker();
    });
}

/// A call the waiting thread makes at a fixed interval while [`for_each`]'s
/// threads work: progress reports.
pub struct Tick<'a> {
    pub every: Duration,
    pub call: &'a mut dyn FnMut(),
}

/// Runs `task(state, i)` for every `i` in `0..len` on `threads` threads,
/// each taking the next index not yet taken, with its own `state` from
/// `init` (scratch buffers, local results), which `end` receives when the
/// thread is done. The threads stop taking indices once `stop` is set or a
/// task fails; the first failure is returned. With a `tick`, the calling
/// thread waits beside them and makes its call every `tick.every` (woken
/// at once when the last thread ends); without one it only waits.
pub fn for_each<S, E: Send>(
    len: usize,
    threads: usize,
    stop: &AtomicBool,
    init: impl Fn() -> S + Sync,
    task: impl Fn(&mut S, usize) -> Result<(), E> + Sync,
    end: impl Fn(S) + Sync,
    tick: Option<Tick>,
) -> Result<(), E> {
    let threads = threads.clamp(1, len.max(1));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let failure: Mutex<Option<E>> = Mutex::new(None);
    let finished = AtomicUsize::new(0);
    let (done_tx, done_rx) = channel::<()>();
    let work = || {
        let mut state = init();
        loop {
            if stop.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= len {
                break;
            }
            if let Err(e) = task(&mut state, i) {
                failed.store(true, Ordering::Relaxed);
                failure.lock().expect("failure lock").get_or_insert(e);
                break;
            }
        }
        end(state);
        finished.fetch_add(1, Ordering::Relaxed);
    };
    match tick {
        None => on_threads(threads, work),
        Some(Tick { every, call }) => std::thread::scope(|scope| {
            for _ in 0..threads {
                let done = done_tx.clone();
                let work = &work;
                scope.spawn(move || {
                    work();
                    let _ = done.send(());
                });
            }
            while finished.load(Ordering::Relaxed) < threads {
                match done_rx.recv_timeout(every) {
                    Ok(()) => {}
                    Err(RecvTimeoutError::Timeout) => call(),
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
        }),
    }
    match failure.into_inner().expect("failure lock") {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_is_done_once_on_any_number_of_threads() {
        for threads in [1, 2, 3, 8] {
            let seen: Vec<AtomicUsize> = (0..100).map(|_| AtomicUsize::new(0)).collect();
            let sums = Mutex::new(Vec::new());
            let stop = AtomicBool::new(false);
            let r: Result<(), ()> = for_each(
                100,
                threads,
                &stop,
                || 0usize,
                |sum, i| {
                    seen[i].fetch_add(1, Ordering::Relaxed);
                    *sum += i;
                    Ok(())
                },
                |sum| sums.lock().unwrap().push(sum),
                None,
            );
            assert!(r.is_ok());
            assert!(seen.iter().all(|n| n.load(Ordering::Relaxed) == 1));
            let sums = sums.into_inner().unwrap();
            assert_eq!(sums.len(), threads, "one state per thread");
            assert_eq!(sums.iter().sum::<usize>(), 99 * 100 / 2);
        }
    }

    #[test]
    fn a_failure_stops_the_others_and_is_returned() {
        let stop = AtomicBool::new(false);
        let done = AtomicUsize::new(0);
        let r = for_each(
            1000,
            2,
            &stop,
            || (),
            |_, i| {
                if i == 10 {
                    return Err(format!("part {i} failed"));
                }
                done.fetch_add(1, Ordering::Relaxed);
                Ok(())
            },
            |_| {},
            None,
        );
        assert_eq!(r, Err("part 10 failed".to_string()));
        assert!(
            done.load(Ordering::Relaxed) < 999,
            "the others stopped taking parts"
        );
    }

    #[test]
    fn a_set_stop_takes_no_index_and_ticks_run_while_waiting() {
        let stop = AtomicBool::new(true);
        let r: Result<(), ()> =
            for_each(10, 2, &stop, || (), |_, _| panic!("stopped"), |_| {}, None);
        assert!(r.is_ok());
        let stop = AtomicBool::new(false);
        let mut ticks = 0;
        let mut call = || ticks += 1;
        let r: Result<(), ()> = for_each(
            2,
            2,
            &stop,
            || (),
            |_, _| {
                std::thread::sleep(Duration::from_millis(60));
                Ok(())
            },
            |_| {},
            Some(Tick {
                every: Duration::from_millis(10),
                call: &mut call,
            }),
        );
        assert!(r.is_ok());
        assert!(ticks >= 2, "ticks while the threads worked: {ticks}");
    }
}
