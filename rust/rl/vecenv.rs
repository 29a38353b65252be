//! A vectorised environment: many tables stepped together, in threads, writing every
//! table's observation, mask, reward and flags into the caller's buffers (the Python
//! binding hands it the NumPy arrays it returns, so nothing is copied). With more than one
//! thread, the tables go in blocks of a few dozen to whichever thread is free (the caller
//! and helpers kept between steps: `pool.rs`).

use std::sync::{Mutex, PoisonError};

use super::actions::ActionSpace;
use super::encode::{Version, WIDTH};
use super::pool::Pool;
use super::table::{mix, Opponents, Table};
use crate::error::{Error, Result};
use crate::profiles::Rules;

/// The output buffers of a reset or a step, one row per table. `reward` has
/// [`VecEnv::reward_width`] entries per table.
pub struct Out<'a> {
    pub obs: &'a mut [u8],
    pub mask: &'a mut [bool],
    pub reward: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub seat: &'a mut [i64],
}

/// Most tables in a block of work: small enough that the threads' shares even out, large
/// enough that taking a block costs nothing beside it.
const BLOCK: usize = 32;

/// Many tables under the same rules.
#[derive(Debug)]
pub struct VecEnv {
    tables: Vec<Table>,
    rules: Rules,
    opponents: Opponents,
    space: ActionSpace,
    /// The encoding of its observations.
    version: Version,
    threads: usize,
    /// The helper threads (`threads − 1`), none for one thread.
    pool: Option<Pool>,
}

impl Clone for VecEnv {
    /// The same tables, with helper threads of its own.
    fn clone(&self) -> Self {
        VecEnv {
            tables: self.tables.clone(),
            rules: self.rules,
            opponents: self.opponents,
            space: self.space,
            version: self.version,
            threads: self.threads,
            pool: (self.threads > 1).then(|| Pool::new(self.threads)),
        }
    }
}

impl VecEnv {
    /// `num_envs` tables, table `i` seeded from `seed` and `i`, stepped on `threads`
    /// threads (at most one per table), their actions numbered by `space`.
    ///
    /// # Errors
    /// [`Error::Argument`] for `num_envs` or `threads` of 0, and as
    /// [`ActionSpace::check_rules`] for rules with decisions `space` cannot number.
    pub fn new(
        num_envs: usize,
        rules: Rules,
        seed: u64,
        opponents: Opponents,
        threads: usize,
        space: ActionSpace,
    ) -> Result<VecEnv> {
        if num_envs == 0 {
            return Err(Error::Argument("num_envs must be at least 1, got 0".into()));
        }
        if threads == 0 {
            return Err(Error::Argument("threads must be at least 1, got 0".into()));
        }
        let threads = threads.min(num_envs);
        let mut env = VecEnv {
            tables: Vec::with_capacity(num_envs),
            rules,
            opponents,
            space,
            version: Version::V1,
            threads,
            pool: (threads > 1).then(|| Pool::new(threads)),
        };
        env.seed(seed, num_envs)?;
        Ok(env)
    }

    fn seed(&mut self, seed: u64, n: usize) -> Result<()> {
        self.tables = (0..n)
            .map(|i| Table::new(self.rules, mix(seed, i as u64), self.opponents, self.space))
            .collect::<Result<_>>()?;
        Ok(())
    }

    /// The same environment writing observations of encoding `version` (v1 unless set).
    #[must_use]
    pub fn with_version(mut self, version: Version) -> VecEnv {
        self.version = version;
        self
    }

    /// The encoding of its observations.
    #[must_use]
    pub fn version(&self) -> Version {
        self.version
    }

    /// Entries of one table's observation row (`version().planes(false) * WIDTH`).
    #[must_use]
    pub fn obs_len(&self) -> usize {
        self.version.planes(false) * WIDTH
    }

    #[must_use]
    pub fn num_envs(&self) -> usize {
        self.tables.len()
    }

    /// The action space its masks and numbers are of.
    #[must_use]
    pub fn space(&self) -> ActionSpace {
        self.space
    }

    /// Entries of reward per table: 4 (every seat's, by seat) in self-play, else 1 (the
    /// learner's).
    #[must_use]
    pub fn reward_width(&self) -> usize {
        if self.opponents == Opponents::SelfPlay {
            4
        } else {
            1
        }
    }

    /// The tables, for tests and tools.
    #[must_use]
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Deal every table afresh from `seed` (as the constructor does) and write the first
    /// observations; rewards and flags are zeroed.
    ///
    /// # Errors
    /// As [`VecEnv::new`] (never in practice). Precondition: `out`'s buffers have one row
    /// per table.
    pub fn reset(&mut self, seed: u64, out: Out<'_>) -> Result<()> {
        self.seed(seed, self.tables.len())?;
        out.reward.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        self.run(out, None);
        Ok(())
    }

    /// Table `i`'s asked seat takes action number `actions[i]`; a table whose hand ends
    /// deals the next hand at once (its row then shows the new hand, `terminated` is set
    /// and `reward` holds the ended hand's deltas).
    ///
    /// # Errors
    /// [`Error::Argument`] for a wrong number of actions or an action outside the space, and
    /// [`Error::IllegalAction`] for one masked out (both naming the table); nothing changes
    /// then.
    /// Precondition: `out`'s buffers have one row per table.
    pub fn step(&mut self, actions: &[i64], out: Out<'_>) -> Result<()> {
        if actions.len() != self.tables.len() {
            return Err(Error::Argument(format!(
                "expected {} actions (one per env), got {}",
                self.tables.len(),
                actions.len()
            )));
        }
        for (i, (t, &a)) in self.tables.iter().zip(actions).enumerate() {
            t.check(a).map_err(|e| {
                let message = format!("env {i}: {}", e.message());
                match e {
                    Error::Argument(_) => Error::Argument(message),
                    _ => Error::IllegalAction(message),
                }
            })?;
        }
        self.run(out, Some(actions));
        Ok(())
    }

    /// Play `actions` (if any) on every table and write the rows: on one thread in one
    /// chunk, else in blocks of at most [`BLOCK`] tables taken by whichever thread is free.
    fn run(&mut self, out: Out<'_>, actions: Option<&[i64]>) {
        let n = self.tables.len();
        let chunk = match &self.pool {
            Some(pool) => n.div_ceil(4 * pool.threads()).clamp(1, BLOCK),
            None => n,
        };
        let width = self.reward_width();
        let n_actions = self.space.size();
        let (version, obs_len) = (self.version, self.obs_len());
        let Out {
            obs,
            mask,
            reward,
            terminated,
            truncated,
            seat,
        } = out;
        let parts = self
            .tables
            .chunks_mut(chunk)
            .zip(obs.chunks_mut(chunk * obs_len))
            .zip(mask.chunks_mut(chunk * n_actions))
            .zip(reward.chunks_mut(chunk * width))
            .zip(terminated.chunks_mut(chunk))
            .zip(truncated.chunks_mut(chunk))
            .zip(seat.chunks_mut(chunk))
            .enumerate()
            .map(|(i, ((((((t, o), m), r), te), tr), s))| {
                let acts = actions.map(|a| &a[i * chunk..(i * chunk + t.len()).min(a.len())]);
                (t, acts, o, m, r, te, tr, s)
            });
        let work = move |(tables, acts, obs, mask, reward, term, trunc, seat): (
            &mut [Table],
            Option<&[i64]>,
            &mut [u8],
            &mut [bool],
            &mut [f32],
            &mut [bool],
            &mut [bool],
            &mut [i64],
        )| {
            for (j, t) in tables.iter_mut().enumerate() {
                if let Some(a) = acts {
                    let played = t.play(a[j]);
                    debug_assert!(played.is_ok(), "every action was checked first");
                    let r = &mut reward[j * width..(j + 1) * width];
                    match t.ended() {
                        Some(d) if width == 4 => {
                            for (x, v) in r.iter_mut().zip(d) {
                                *x = reward_of(v);
                            }
                        }
                        Some(_) => r[0] = reward_of(t.learner_reward()),
                        None => r.fill(0.0),
                    }
                    term[j] = t.ended().is_some();
                    trunc[j] = false;
                }
                t.write(
                    version,
                    &mut obs[j * obs_len..(j + 1) * obs_len],
                    &mut mask[j * n_actions..(j + 1) * n_actions],
                );
                seat[j] = i64::from(t.seat());
            }
        };
        let Some(pool) = &mut self.pool else {
            parts.for_each(work);
            return;
        };
        // Each block's slices behind a lock of its own, taken once by the thread that
        // takes the block.
        let blocks: Vec<Mutex<Option<_>>> = parts.map(|p| Mutex::new(Some(p))).collect();
        pool.run(blocks.len(), &|i| {
            let part = blocks[i]
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take();
            if let Some(p) = part {
                work(p);
            }
        });
    }
}

/// A score delta as a reward (deltas are far below 2^24: exact).
#[allow(clippy::cast_precision_loss)]
fn reward_of(v: i32) -> f32 {
    v as f32
}
