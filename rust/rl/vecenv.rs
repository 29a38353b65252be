//! A vectorised environment: many tables stepped together, in threads, writing every
//! table's observation, mask, reward and flags into the caller's buffers (the Python
//! binding hands it the NumPy arrays it returns, so nothing is copied). With more than one
//! thread, the tables go in blocks of a few dozen to whichever thread is free (the caller
//! and helpers kept between steps: `pool.rs`).

use std::sync::{Mutex, PoisonError};

use super::actions::ActionSpace;
use super::encode::{Version, WIDTH};
use super::pool::Pool;
use super::rows::{learner_of, Layout, Rows};
use super::table::{mix, Opponents, Table};
use crate::error::{Error, Result};
use crate::profiles::Rules;

/// The output buffers of a reset or a step, one row per table. `reward` has
/// [`VecEnv::reward_width`] entries per table; `final_obs` a row as `obs` (written only for
/// a table whose hand ended on a step, with opponents); `learner` the learner's seat of
/// each table (−1 in self-play).
pub struct Out<'a> {
    pub obs: &'a mut [u8],
    pub mask: &'a mut [bool],
    pub reward: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub seat: &'a mut [i64],
    pub final_obs: &'a mut [u8],
    pub learner: &'a mut [i64],
}

/// How a vectorised environment's tables are seeded.
#[derive(Debug, Clone, Copy)]
pub enum Seeds<'a> {
    /// Table `i` from a mix of the one seed and `i`.
    Mixed(u64),
    /// Table `i` from `seeds[i]`, as given (one per table).
    Given(&'a [u64]),
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
    /// The learner's seat at every table, if fixed.
    learner: Option<u8>,
    /// Whether the tables log their hands' events.
    log: bool,
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
            learner: self.learner,
            log: self.log,
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
        VecEnv::seeded(
            num_envs,
            rules,
            Seeds::Mixed(seed),
            opponents,
            threads,
            space,
            None,
        )
    }

    /// As [`VecEnv::new`], seeded by `seeds`, the learner at seat `learner` at every table
    /// if given (drawn per hand otherwise).
    ///
    /// # Errors
    /// As [`VecEnv::new`], and [`Error::Argument`] for a number of given seeds other than
    /// `num_envs` or a learner's seat outside 0–3.
    pub fn seeded(
        num_envs: usize,
        rules: Rules,
        seeds: Seeds<'_>,
        opponents: Opponents,
        threads: usize,
        space: ActionSpace,
        learner: Option<u8>,
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
            learner,
            log: false,
        };
        env.seed(seeds, num_envs)?;
        Ok(env)
    }

    fn seed(&mut self, seeds: Seeds<'_>, n: usize) -> Result<()> {
        if let Seeds::Given(s) = seeds {
            if s.len() != n {
                return Err(Error::Argument(format!(
                    "expected {n} seeds (one per env), got {}",
                    s.len()
                )));
            }
        }
        let (rules, opponents, space, learner) =
            (self.rules, self.opponents, self.space, self.learner);
        self.tables = (0..n)
            .map(|i| {
                let seed = match seeds {
                    Seeds::Mixed(seed) => mix(seed, i as u64),
                    Seeds::Given(s) => s[i],
                };
                let mut t = Table::with_learner(rules, seed, opponents, space, learner)?;
                t.set_log(self.log);
                Ok(t)
            })
            .collect::<Result<_>>()?;
        Ok(())
    }

    /// Log the events of the hands the tables deal from now on (so that [`VecEnv::game`]
    /// has them; the first hand of a table always logs) and keep each hand that ends
    /// ([`VecEnv::ended_game`]). Off by default.
    pub fn set_log(&mut self, log: bool) {
        self.log = log;
        for t in &mut self.tables {
            t.set_log(log);
        }
    }

    /// With a log ([`VecEnv::set_log`]), the first hand table `i` ended on the last step,
    /// as it ended. Precondition: `i < num_envs()`.
    #[must_use]
    pub fn ended_game(&self, i: usize) -> Option<&crate::game::GameCore> {
        self.tables[i].ended_game()
    }

    /// Table `i`'s game in play. Precondition: `i < num_envs()`.
    #[must_use]
    pub fn game(&self, i: usize) -> &crate::game::GameCore {
        self.tables[i].game()
    }

    /// Table `i` drops its hand and deals the next (as if it ended, without a reward); its
    /// row of `obs`, `mask`, `seat` and `learner` is rewritten, the rest of `out` is left.
    ///
    /// # Errors
    /// [`Error::Argument`] for `i` outside the tables. Precondition: `out`'s buffers have
    /// one row per table.
    pub fn abandon(&mut self, i: usize, out: Out<'_>) -> Result<()> {
        let n = self.tables.len();
        let Some(t) = self.tables.get_mut(i) else {
            return Err(Error::Argument(format!(
                "env {i} out of range: there are {n} envs"
            )));
        };
        t.abandon();
        let (obs_len, n_actions) = (self.version.planes(false) * WIDTH, self.space.size());
        t.write(
            self.version,
            &mut out.obs[i * obs_len..(i + 1) * obs_len],
            &mut out.mask[i * n_actions..(i + 1) * n_actions],
        );
        out.seat[i] = i64::from(t.seat());
        out.learner[i] = learner_of(t, self.opponents);
        Ok(())
    }

    /// The same environment writing observations of encoding `version` (v1 unless set here;
    /// the Python binding always sets it, to `DEFAULT_VERSION` unless told).
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
        self.reset_seeded(Seeds::Mixed(seed), out)
    }

    /// As [`VecEnv::reset`], the tables seeded by `seeds`.
    ///
    /// # Errors
    /// [`Error::Argument`] for a number of given seeds other than the tables'; nothing
    /// changes then.
    pub fn reset_seeded(&mut self, seeds: Seeds<'_>, out: Out<'_>) -> Result<()> {
        self.seed(seeds, self.tables.len())?;
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
        self.step_active(actions, None, out)
    }

    /// As [`VecEnv::step`], only the tables where `active` is true (all if `None`): the
    /// others are left exactly as they are (their action is ignored and not checked, their
    /// row not rewritten, their reward 0 and `terminated` false). A table whose hand ends
    /// has its learner's final observation written to `out.final_obs` (with opponents).
    ///
    /// # Errors
    /// As [`VecEnv::step`], and [`Error::Argument`] for an `active` of another length.
    pub fn step_active(
        &mut self,
        actions: &[i64],
        active: Option<&[bool]>,
        out: Out<'_>,
    ) -> Result<()> {
        if actions.len() != self.tables.len() {
            return Err(Error::Argument(format!(
                "expected {} actions (one per env), got {}",
                self.tables.len(),
                actions.len()
            )));
        }
        if let Some(a) = active.filter(|a| a.len() != self.tables.len()) {
            return Err(Error::Argument(format!(
                "expected {} active flags (one per env), got {}",
                self.tables.len(),
                a.len()
            )));
        }
        for (i, (t, &a)) in self.tables.iter().zip(actions).enumerate() {
            if active.is_some_and(|act| !act[i]) {
                continue;
            }
            t.check(a).map_err(|e| {
                let message = format!("env {i}: {}", e.message());
                match e {
                    Error::Argument(_) => Error::Argument(message),
                    _ => Error::IllegalAction(message),
                }
            })?;
        }
        self.run(out, Some((actions, active)));
        Ok(())
    }

    /// Play `actions` (if any) on every table and write the rows: on one thread in one
    /// chunk, else in blocks of at most [`BLOCK`] tables taken by whichever thread is free.
    fn run(&mut self, out: Out<'_>, actions: Option<(&[i64], Option<&[bool]>)>) {
        let n = self.tables.len();
        let chunk = match &self.pool {
            Some(pool) => n.div_ceil(4 * pool.threads()).clamp(1, BLOCK),
            None => n,
        };
        let width = self.reward_width();
        let n_actions = self.space.size();
        let (version, obs_len) = (self.version, self.obs_len());
        let opponents = self.opponents;
        let Out {
            obs,
            mask,
            reward,
            terminated,
            truncated,
            seat,
            final_obs,
            learner,
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
            .zip(final_obs.chunks_mut(chunk * obs_len))
            .zip(learner.chunks_mut(chunk))
            .enumerate()
            .map(|(i, ((((((((t, o), m), r), te), tr), s), f), l))| {
                let range = i * chunk..i * chunk + t.len();
                let acts = actions.map(|(a, act)| (&a[range.clone()], act.map(|x| &x[range])));
                Rows {
                    tables: t,
                    acts,
                    obs: o,
                    mask: m,
                    reward: r,
                    term: te,
                    trunc: tr,
                    seat: s,
                    final_obs: f,
                    learner: l,
                }
            });
        let layout = Layout {
            width,
            n_actions,
            version,
            obs_len,
            opponents,
        };
        let work = move |rows: Rows<'_, '_>| rows.play(&layout);
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
