//! Helper threads kept for the life of a [`super::VecEnv`], so that a step costs no thread
//! start: the caller posts a task of `n` blocks, and the caller and the helpers take blocks
//! one at a time until none is left (a table whose hand runs longer, or a core another
//! process takes, only shifts blocks to the other threads), then the caller waits for the
//! blocks in progress and returns.
//!
//! The blocks are cut into one range per thread, and each thread takes the blocks of its
//! own range first, then those left in the others': the same tables (and their rows of the
//! output buffers) go to the same thread step after step and stay in its core's cache,
//! where blocks dealt to whichever thread came first moved between the cores every step.
//!
//! A helper that finds no task spins for [`SPIN`], then sleeps until the next is posted; the
//! caller never waits for a helper to wake: it starts on the blocks at once.
//!
//! The task borrows the caller's stack (the tables, the output buffers), which a thread kept
//! between calls cannot name: its address crosses to the helpers as a raw pointer. That is
//! sound because [`Pool::run`] returns only when every block it handed out is finished, and
//! a block is handed out only under the generation of the task that owns it (a helper late
//! for one task cannot take a block of the next).

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a helper spins (yielding the core at every look, so that it costs the caller
/// nothing when the two share one) for the next task before it sleeps.
const SPIN: Duration = Duration::from_micros(300);

/// A task as the helpers see it: the caller's closure, its block count, its generation.
#[derive(Clone, Copy)]
struct Job {
    data: *const (),
    call: unsafe fn(*const (), usize),
    blocks: u32,
    generation: u32,
}

// SAFETY: `data` points to a `Sync` closure (`Pool::run`'s bound), called only while the
// caller waits in `Pool::run`.
unsafe impl Send for Job {}

/// Call the closure of type `F` at `data` on block `i`.
///
/// # Safety
/// `data` is a live `&F`.
unsafe fn call<F: Fn(usize) + Sync>(data: *const (), i: usize) {
    // SAFETY: the caller's contract.
    let task = unsafe { &*data.cast::<F>() };
    task(i);
}

struct Slot {
    job: Option<Job>,
    stop: bool,
    sleeping: usize,
    panic: Option<Box<dyn std::any::Any + Send>>,
}

/// A range's counter on a cache line of its own: a thread taking its own blocks (or a
/// helper looking for the next task) does not move the line under the other threads.
#[repr(align(64))]
struct Counter(AtomicU64);

struct Shared {
    slot: Mutex<Slot>,
    wake: Condvar,
    /// Per thread (the caller is 0), its range's counter: the task's generation (high 32
    /// bits) and the range's next block (low 32 bits). A range ends where the next begins.
    ranges: Box<[Counter]>,
    /// Blocks of the current task finished.
    done: AtomicUsize,
}

impl Shared {
    fn slot(&self) -> MutexGuard<'_, Slot> {
        self.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The first block of range `r` of a task of `blocks` blocks (`r` may be the count of
    /// ranges: the end of the last).
    fn start(&self, r: usize, blocks: u32) -> u32 {
        let share = u64::from(blocks) * r as u64 / self.ranges.len() as u64;
        u32::try_from(share).unwrap_or(blocks)
    }

    /// Take the next block of range `r` of `job`, if `job` is still the task on offer and
    /// the range has one left.
    fn claim(&self, job: &Job, r: usize) -> Option<usize> {
        let end = self.start(r + 1, job.blocks);
        let counter = &self.ranges[r].0;
        let mut cur = counter.load(Ordering::Acquire);
        loop {
            let (generation, i) = ((cur >> 32) as u32, cur as u32);
            if generation != job.generation || i >= end {
                return None;
            }
            match counter.compare_exchange_weak(cur, cur + 1, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => return Some(i as usize),
                Err(now) => cur = now,
            }
        }
    }

    /// Run the blocks of `job` that are left, thread `me`'s range first, then the others'
    /// in turn; a panic is kept for the caller.
    fn work(&self, job: &Job, me: usize) {
        let n = self.ranges.len();
        for r in (me..n).chain(0..me) {
            self.work_range(job, r);
        }
    }

    /// Run the blocks left in range `r` of `job`.
    fn work_range(&self, job: &Job, r: usize) {
        while let Some(i) = self.claim(job, r) {
            // SAFETY: block `i` was handed out under `job`'s generation, so the caller is
            // inside `Pool::run` until `done` counts it.
            let ran = catch_unwind(AssertUnwindSafe(|| unsafe { (job.call)(job.data, i) }));
            if let Err(p) = ran {
                self.slot().panic.get_or_insert(p);
            }
            self.done.fetch_add(1, Ordering::AcqRel);
        }
    }
}

/// `threads − 1` helper threads (the caller is the last).
pub(crate) struct Pool {
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
    generation: u32,
}

impl Pool {
    /// A pool of `threads` threads in all: `threads − 1` helpers are started.
    pub(crate) fn new(threads: usize) -> Pool {
        let shared = Arc::new(Shared {
            slot: Mutex::new(Slot {
                job: None,
                stop: false,
                sleeping: 0,
                panic: None,
            }),
            wake: Condvar::new(),
            ranges: (0..threads.max(1))
                .map(|_| Counter(AtomicU64::new(0)))
                .collect(),
            done: AtomicUsize::new(0),
        });
        let helpers = (1..threads)
            .filter_map(|me| {
                let shared = Arc::clone(&shared);
                std::thread::Builder::new()
                    .name("koudiandian-vecenv".into())
                    .spawn(move || helper(&shared, me))
                    .ok()
            })
            .collect();
        Pool {
            shared,
            helpers,
            generation: 0,
        }
    }

    /// Threads in all, the caller's included.
    pub(crate) fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Call `task(i)` once for every block `i < blocks`, on the caller and the helpers;
    /// return when every call has returned. A panic in any call is resumed here.
    pub(crate) fn run<F: Fn(usize) + Sync>(&mut self, blocks: usize, task: &F) {
        let blocks = u32::try_from(blocks).unwrap_or(u32::MAX);
        self.generation = self.generation.wrapping_add(1);
        let job = Job {
            data: std::ptr::from_ref(task).cast(),
            call: call::<F>,
            blocks,
            generation: self.generation,
        };
        let shared = &*self.shared;
        {
            let mut slot = shared.slot();
            slot.job = Some(job);
            shared.done.store(0, Ordering::Release);
            // A helper that failed to start leaves its range to the others (they take every
            // range in turn).
            for (r, counter) in shared.ranges.iter().enumerate() {
                let first = u64::from(shared.start(r, blocks));
                counter
                    .0
                    .store(u64::from(job.generation) << 32 | first, Ordering::Release);
            }
            if slot.sleeping > 0 {
                shared.wake.notify_all();
            }
        }
        shared.work(&job, 0);
        // The blocks the helpers took: wait for them (each a short piece of work), yielding
        // the core in case a helper waits for it.
        while shared.done.load(Ordering::Acquire) < blocks as usize {
            std::thread::yield_now();
        }
        let panic = {
            let mut slot = shared.slot();
            slot.job = None;
            slot.panic.take()
        };
        if let Some(p) = panic {
            resume_unwind(p);
        }
    }
}

/// The life of helper `me`: wait for a task (spinning, then asleep), take its blocks, again.
fn helper(shared: &Shared, me: usize) {
    let mut seen = 0u32;
    loop {
        let start = Instant::now();
        while (shared.ranges[me].0.load(Ordering::Acquire) >> 32) as u32 == seen
            && start.elapsed() < SPIN
        {
            std::thread::yield_now();
        }
        let job = {
            let mut slot = shared.slot();
            loop {
                if slot.stop {
                    return;
                }
                match slot.job {
                    Some(job) if job.generation != seen => break job,
                    _ => {
                        slot.sleeping += 1;
                        slot = shared
                            .wake
                            .wait(slot)
                            .unwrap_or_else(PoisonError::into_inner);
                        slot.sleeping -= 1;
                    }
                }
            }
        };
        seen = job.generation;
        shared.work(&job, me);
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        {
            let mut slot = self.shared.slot();
            slot.stop = true;
            self.shared.wake.notify_all();
        }
        for h in self.helpers.drain(..) {
            let _ = h.join();
        }
    }
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("threads", &self.threads())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every block is run once a task, on any number of threads, over many tasks in a row
    /// (helpers spinning, asleep, or late for a task).
    #[test]
    fn every_block_runs_once() {
        for threads in 1..=4 {
            let mut pool = Pool::new(threads);
            assert_eq!(pool.threads(), threads);
            for round in 0..300usize {
                let blocks = round % 37;
                let counts: Vec<AtomicUsize> = (0..blocks).map(|_| AtomicUsize::new(0)).collect();
                pool.run(blocks, &|i| {
                    counts[i].fetch_add(1, Ordering::Relaxed);
                });
                assert!(
                    counts.iter().all(|c| c.load(Ordering::Relaxed) == 1),
                    "{threads} threads, round {round}"
                );
                if round % 50 == 0 {
                    std::thread::sleep(SPIN * 2); // the helpers fall asleep
                }
            }
        }
    }

    /// A panic in a block reaches the caller once the other blocks are done, and the pool
    /// keeps working.
    #[test]
    fn a_panic_reaches_the_caller() {
        let mut pool = Pool::new(2);
        let ran = AtomicUsize::new(0);
        let r = catch_unwind(AssertUnwindSafe(|| {
            pool.run(64, &|i| {
                ran.fetch_add(1, Ordering::Relaxed);
                assert!(i != 13, "block 13");
            });
        }));
        assert!(r.is_err());
        assert_eq!(ran.load(Ordering::Relaxed), 64);
        let sum = AtomicUsize::new(0);
        pool.run(10, &|i| {
            sum.fetch_add(i, Ordering::Relaxed);
        });
        assert_eq!(sum.load(Ordering::Relaxed), 45);
    }
}
