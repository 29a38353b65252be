//! The search policy (`"search"`): determinised rollouts over the expert's best few candidate
//! actions.
//!
//! For a decision with a real choice, the candidates are the expert's choice, the greedy
//! choice and, on a turn, the discards that keep the lowest shanten (at most
//! [`Search::candidates`] in all). The budget of `rollouts` is spread over *worlds*: each
//! world deals anew everything the seat cannot see ([`GameCore::redeal_unseen`]), and every
//! candidate is played out in the same world (common random numbers: the candidates are
//! compared on the same tiles) to the hand's end with the rollout policy (`greedy` or
//! `expert`) in every seat. A candidate's worth is the seat's mean points over the worlds.
//! The expert's choice stands unless another candidate beats it by more than two standard
//! errors of the paired differences, so that a small budget plays as the expert does and a
//! large one corrects it where the rollouts agree.
//!
//! Wins, bids, decisions before play and decisions with one legal action are the expert's,
//! without rollouts.
//! Worlds are dealt from one seed a decision (drawn from the player's generator) and world
//! `i`'s from that seed and `i`, so a choice depends on the seed and the budget, never on the
//! threads that play the worlds. A time budget (`search:200ms`) plays worlds until the time is
//! spent, so its choices are not repeatable.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::eval::forms;
use crate::game::{tile_of, Act, ActionCode, GameCore, Phase};
use crate::outcome::melds_of;
use crate::rng::Rng;
use crate::tiles::KINDS;

use super::{expert, greedy};

/// The rollouts a decision of `search` spends when its name gives no budget.
pub const DEFAULT_ROLLOUTS: u32 = 256;
/// The most candidates compared.
const CANDIDATES: usize = 4;
/// How many standard errors of the paired differences another candidate must beat the
/// expert's choice by: the best of three alternatives beats it by one standard error by
/// chance alone too often (docs/bots.md has the hebei figures of one and of two).
const DEPART: f64 = 2.0;
/// The most threads a search uses.
pub const MAX_THREADS: u8 = 64;

/// The policy that plays the rollouts, in every seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rollout {
    Greedy,
    Expert,
}

/// What a search spends on a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Rollouts in all (worlds × candidates).
    Rollouts(u32),
    /// Worlds until this much time has passed (at least one world).
    Time(Duration),
}

/// A search bot's settings, as its name gives them: `search[:N|:Tms][:greedy|:expert]
/// [:threads=K]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    pub budget: Budget,
    pub rollout: Rollout,
    pub threads: u8,
}

impl Default for Search {
    fn default() -> Self {
        Search {
            budget: Budget::Rollouts(DEFAULT_ROLLOUTS),
            rollout: Rollout::Greedy,
            threads: 1,
        }
    }
}

impl Search {
    /// The settings of a name `search`, `search:N`, `search:Tms`, each optionally followed by
    /// `:greedy` or `:expert` (the rollout policy) and `:threads=K`, in any order after
    /// `search`.
    ///
    /// # Errors
    /// [`Error::Argument`] naming the part that is not one of these, a budget of 0 or over
    /// 10⁷ rollouts or 60,000 ms, or threads outside 1–[`MAX_THREADS`].
    pub fn parse(name: &str) -> Result<Search> {
        let mut parts = name.split(':');
        if parts.next() != Some("search") {
            return Err(Error::Argument(format!("{name:?} is not a search bot")));
        }
        let bad = |part: &str, why: &str| {
            Error::Argument(format!(
                "bad part {part:?} of the bot {name:?}: {why} (search[:N|:Tms][:greedy|:expert]\
                 [:threads=K])"
            ))
        };
        let mut search = Search::default();
        for part in parts {
            if part == "greedy" {
                search.rollout = Rollout::Greedy;
            } else if part == "expert" {
                search.rollout = Rollout::Expert;
            } else if let Some(k) = part.strip_prefix("threads=") {
                search.threads = k
                    .parse::<u8>()
                    .ok()
                    .filter(|k| (1..=MAX_THREADS).contains(k))
                    .ok_or_else(|| bad(part, &format!("threads must be 1–{MAX_THREADS}")))?;
            } else if let Some(ms) = part.strip_suffix("ms") {
                let ms = ms
                    .parse::<u64>()
                    .ok()
                    .filter(|ms| (1..=60_000).contains(ms))
                    .ok_or_else(|| bad(part, "a time must be 1–60000 ms"))?;
                search.budget = Budget::Time(Duration::from_millis(ms));
            } else if let Ok(n) = part.parse::<u32>() {
                if !(1..=10_000_000).contains(&n) {
                    return Err(bad(part, "rollouts must be 1–10000000"));
                }
                search.budget = Budget::Rollouts(n);
            } else {
                return Err(bad(
                    part,
                    "expected rollouts, a time in ms, greedy, expert or threads=K",
                ));
            }
        }
        Ok(search)
    }

    /// The name that parses back to these settings.
    #[must_use]
    pub fn name(&self) -> String {
        let budget = match self.budget {
            Budget::Rollouts(n) if n == DEFAULT_ROLLOUTS => String::new(),
            Budget::Rollouts(n) => format!(":{n}"),
            Budget::Time(t) => format!(":{}ms", t.as_millis()),
        };
        let rollout = if self.rollout == Rollout::Expert {
            ":expert"
        } else {
            ""
        };
        let threads = if self.threads > 1 {
            format!(":threads={}", self.threads)
        } else {
            String::new()
        };
        format!("search{budget}{rollout}{threads}")
    }

    /// The search's choice for `seat` of `game`, its worlds dealt from `seed`. Precondition:
    /// `seat` is to act.
    pub fn action(&self, game: &mut GameCore, seat: u8, seed: u64) -> ActionCode {
        let first = expert::action(game, seat);
        let legal = game.legal(seat).to_vec();
        let settled = legal.len() < 2
            || game.phase() == Phase::Bid
            || matches!(
                Act::of(first),
                Act::SelfDrawWin
                    | Act::Win
                    | Act::OpeningWin
                    | Act::Pao
                    | Act::Exchange
                    | Act::Void
            );
        if settled {
            return first;
        }
        let candidates = candidates(game, seat, &legal, first);
        if candidates.len() < 2 {
            return first;
        }
        let base = game.unlogged_copy();
        let worths = self.play_worlds(&base, seat, &candidates, seed);
        choose(&candidates, &worths)
    }

    /// Each world's worth of each candidate (`worths[w][c]`, the seat's points).
    fn play_worlds(
        &self,
        base: &GameCore,
        seat: u8,
        candidates: &[ActionCode],
        seed: u64,
    ) -> Vec<Vec<i32>> {
        let threads = usize::from(self.threads.max(1));
        let world = |w: u64| -> Vec<i32> {
            let mut rng = Rng::new(seed ^ w.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let mut dealt = base.clone();
            dealt.redeal_unseen(seat, &mut rng);
            candidates
                .iter()
                .map(|&c| {
                    let mut game = dealt.clone();
                    game.step_legal(seat, c);
                    self.play_out(&mut game);
                    game.result().map_or(0, |r| r.deltas[seat as usize])
                })
                .collect()
        };
        let batch = |from: u64, count: u64| -> Vec<Vec<i32>> {
            if threads == 1 || count < 2 {
                return (from..from + count).map(world).collect();
            }
            // Each thread takes the next world not taken (worlds differ in length), and
            // each world's worths go to its own row: the rows do not depend on who played.
            let next = AtomicU64::new(from);
            let rows: Vec<Mutex<Vec<i32>>> = (0..count).map(|_| Mutex::default()).collect();
            let work = || loop {
                let w = next.fetch_add(1, Ordering::Relaxed);
                if w >= from + count {
                    break;
                }
                let row = world(w);
                *rows[(w - from) as usize].lock().expect("no poisoned row") = row;
            };
            // The calling thread is one of the `threads`: one spawn fewer a decision.
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    scope.spawn(work);
                }
                work();
            });
            rows.into_iter()
                .map(|row| row.into_inner().expect("no poisoned row"))
                .collect()
        };
        match self.budget {
            Budget::Rollouts(n) => {
                let worlds = (u64::from(n) / candidates.len() as u64).max(1);
                batch(0, worlds)
            }
            Budget::Time(limit) => {
                let start = Instant::now();
                let mut out = Vec::new();
                while out.is_empty() || start.elapsed() < limit {
                    let from = out.len() as u64;
                    out.extend(batch(from, threads as u64));
                }
                out
            }
        }
    }

    /// Play `game` to its end with the rollout policy in every seat.
    fn play_out(&self, game: &mut GameCore) {
        while let Some(s) = game.first_to_act() {
            let code = match self.rollout {
                Rollout::Greedy => greedy::action(game, s),
                Rollout::Expert => expert::action(game, s),
            };
            game.step_legal(s, code);
        }
    }
}

/// The candidates of a decision: `first` (the expert's), the greedy choice, then on a turn
/// the discards and 报听 discards in order of the shanten they leave (lowest first), at most
/// [`CANDIDATES`]; in a claim, every answer offered.
fn candidates(
    game: &mut GameCore,
    seat: u8,
    legal: &[ActionCode],
    first: ActionCode,
) -> Vec<ActionCode> {
    let mut out = vec![first];
    let greedy = greedy::action(game, seat);
    if !out.contains(&greedy) {
        out.push(greedy);
    }
    if game.phase() == Phase::Turn {
        let s = &game.seats[seat as usize];
        let hand = game.hand_of(&s.hand, &melds_of(&s.melds));
        let after = forms::after_discards(&hand, game.turn_rules.eval);
        let shanten = |c: ActionCode| {
            let k = tile_of(c) as usize;
            if k < KINDS {
                after[k]
            } else {
                i32::MAX
            }
        };
        let mut rest: Vec<ActionCode> = legal
            .iter()
            .copied()
            .filter(|&c| matches!(Act::of(c), Act::Discard | Act::Declare))
            .filter(|c| !out.contains(c))
            .collect();
        rest.sort_by_key(|&c| (shanten(c), Act::of(c) != Act::Declare));
        out.extend(rest);
    } else {
        out.extend(
            legal
                .iter()
                .copied()
                .filter(|c| ![first, greedy].contains(c)),
        );
    }
    out.truncate(CANDIDATES);
    out
}

/// The candidate to play: the best mean worth, if it beats `candidates[0]` (the expert's) by
/// more than [`DEPART`] standard errors of their paired differences; else `candidates[0]`.
fn choose(candidates: &[ActionCode], worths: &[Vec<i32>]) -> ActionCode {
    #[allow(clippy::cast_precision_loss)] // far fewer worlds than 2**52
    let n = worths.len() as f64;
    let mean = |c: usize| worths.iter().map(|w| f64::from(w[c])).sum::<f64>() / n;
    let best = (1..candidates.len()).max_by(|&a, &b| mean(a).total_cmp(&mean(b)));
    let Some(best) = best.filter(|&b| mean(b) > mean(0)) else {
        return candidates[0];
    };
    if worths.len() < 2 {
        return candidates[0];
    }
    let diffs: Vec<f64> = worths.iter().map(|w| f64::from(w[best] - w[0])).collect();
    let d = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|x| (x - d).powi(2)).sum::<f64>() / (n - 1.0);
    if d > DEPART * (var / n).sqrt() {
        candidates[best]
    } else {
        candidates[0]
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
