//! One table of a vectorised environment: a hand in play, the next hand dealt when it ends
//! (automatic reset), and the built-in opponents' moves made inside the engine.

use super::actions::ActionSpace;
use super::encode::{added_planes, encode, Live, Version, SIZE};
use crate::error::Result;
use crate::game::{ActionCode, GameCore, Phase};
use crate::profiles::Rules;
use crate::rng::Rng;

/// Who plays the seats other than the learner's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponents {
    /// Nobody: every seat is a learner (self-play); the seat to act is asked.
    SelfPlay,
    /// The greedy policy (`bots::greedy::action`).
    Greedy,
    /// The expert policy (`bots::expert::action`).
    Expert,
    /// Uniform over the legal actions, from the table's own generator.
    Random,
    /// Played outside the engine: a learner seat is drawn per hand (as with built-in
    /// opponents, whose reward it is given) but the table stops at every decision (as in
    /// self-play) and asks the seat to act, whoever it is.
    External,
}

impl Opponents {
    /// Whether every decision is asked of the caller (self-play and external opponents).
    #[must_use]
    pub fn asks_every_seat(self) -> bool {
        matches!(self, Opponents::SelfPlay | Opponents::External)
    }
}

/// A number from two, well mixed (SplitMix64 through the engine's generator).
pub(crate) fn mix(a: u64, b: u64) -> u64 {
    Rng::new(a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

/// One table: its hand, the hands dealt so far and its generator.
#[derive(Debug, Clone)]
pub struct Table {
    game: GameCore,
    rules: Rules,
    seed: u64,
    hands: u64,
    opponents: Opponents,
    /// The action space its masks and numbers are of.
    space: ActionSpace,
    rng: Rng,
    /// With opponents: the learner's seat in this hand.
    learner: u8,
    /// The learner's seat in every hand, if fixed (else drawn per hand).
    fixed_learner: Option<u8>,
    /// Whether hands after the first log their events (the first always does), and the
    /// hand that ends on a play is kept.
    log: bool,
    /// With `log`, the first hand that ended on the last play, as it ended.
    ended_game: Option<Box<GameCore>>,
    /// The seat asked now (the first of `to_act`, or the learner).
    seat: u8,
    /// The numbers of the actions the asked seat may take.
    legal: [u64; 4],
    /// Deltas of hands that ended since the last decision, by seat.
    pending: [i32; 4],
    /// The learner's deltas of those hands (with opponents).
    learner_reward: i32,
    /// Whether a hand ended since the last decision.
    ended: bool,
}

impl Table {
    /// A table whose hands are seeded from `seed`, its actions numbered by `space`; the
    /// first hand is dealt and the opponents have moved up to the first decision of a
    /// learner.
    ///
    /// # Errors
    /// As [`ActionSpace::check_rules`] for rules with decisions `space` cannot number
    /// (otherwise none in practice: the engine's deal fails only for a dealer outside 0–3).
    pub fn new(rules: Rules, seed: u64, opponents: Opponents, space: ActionSpace) -> Result<Table> {
        Table::with_learner(rules, seed, opponents, space, None)
    }

    /// As [`Table::new`], the learner at seat `learner` in every hand if given (with
    /// opponents; drawn per hand otherwise, and no number is drawn for it when fixed).
    ///
    /// # Errors
    /// As [`Table::new`], and [`crate::error::Error::Argument`] for a seat outside 0–3.
    pub fn with_learner(
        rules: Rules,
        seed: u64,
        opponents: Opponents,
        space: ActionSpace,
        learner: Option<u8>,
    ) -> Result<Table> {
        space.check_rules(&rules)?;
        if let Some(s) = learner.filter(|&s| s > 3) {
            return Err(crate::error::Error::Argument(format!(
                "the learner's seat must be 0–3, got {s}"
            )));
        }
        let game = GameCore::seeded(rules, 0, mix(seed, 1), [0; 4])?;
        let mut t = Table {
            game,
            rules,
            seed,
            hands: 0,
            opponents,
            space,
            rng: Rng::new(mix(seed, u64::MAX)),
            learner: learner.unwrap_or(0),
            fixed_learner: learner,
            log: false,
            ended_game: None,
            seat: 0,
            legal: [0; 4],
            pending: [0; 4],
            learner_reward: 0,
            ended: false,
        };
        t.pick_learner();
        t.settle(None);
        t.ended = false;
        t.pending = [0; 4];
        t.learner_reward = 0;
        Ok(t)
    }

    /// The game in play.
    #[must_use]
    pub fn game(&self) -> &GameCore {
        &self.game
    }

    /// The seat to decide now.
    #[must_use]
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The action space its masks and numbers are of.
    #[must_use]
    pub fn space(&self) -> ActionSpace {
        self.space
    }

    /// Whether action number `action` is legal for the seat asked now.
    #[must_use]
    pub fn is_legal(&self, action: usize) -> bool {
        action < self.space.size() && self.legal[action / 64] >> (action % 64) & 1 == 1
    }

    /// Check action number `action` for the seat asked now.
    ///
    /// # Errors
    /// As [`ActionSpace::check`]: a bad argument for a number outside the space, an
    /// illegal action naming the legal ones for one the mask leaves out.
    pub fn check(&self, action: i64) -> Result<ActionCode> {
        self.space
            .check(i128::from(action), self.seat, |a| self.is_legal(a))
    }

    /// The asked seat takes action number `action`, then the opponents move; when the hand
    /// ends the next one is dealt.
    ///
    /// # Errors
    /// As [`Table::check`]; nothing changes then.
    pub fn play(&mut self, action: i64) -> Result<()> {
        self.play_recording(action, None)
    }

    /// As [`Table::play`]; with opponents (external ones included), when a hand ends the
    /// learner's observation of it at its end (the hand over, before the next deal) is
    /// written into `final_obs` as `(encoding, buffer)` (the first hand that ends, should
    /// more than one). Precondition: the buffer has `version.planes(false) * WIDTH`
    /// entries. In self-play nothing is written.
    ///
    /// # Errors
    /// As [`Table::check`]; nothing changes then.
    pub fn play_recording(
        &mut self,
        action: i64,
        final_obs: Option<(Version, &mut [u8])>,
    ) -> Result<()> {
        let code = self.check(action)?;
        self.ended = false;
        self.pending = [0; 4];
        self.learner_reward = 0;
        self.ended_game = None;
        super::peek::step_checked(&mut self.game, self.seat, code);
        self.settle(final_obs);
        Ok(())
    }

    /// Drop the hand in play and deal the next, as if it had ended without a reward (the
    /// opponents move up to the learner's decision; hands that end meanwhile count for
    /// nothing).
    pub fn abandon(&mut self) {
        self.ended_game = None;
        self.deal_next();
        self.settle(None);
        self.ended = false;
        self.pending = [0; 4];
        self.learner_reward = 0;
    }

    /// The learner's seat in this hand (with opponents; 0 in self-play).
    #[must_use]
    pub fn learner(&self) -> u8 {
        self.learner
    }

    /// Log the events of the hands dealt from now on and keep a copy of each hand that
    /// ends on a play (for a table whose games are read back, e.g. as a Python `Game`);
    /// off by default, which costs nothing.
    pub fn set_log(&mut self, log: bool) {
        self.log = log;
    }

    /// With a log, the first hand that ended on the last [`Table::play`], as it ended.
    #[must_use]
    pub fn ended_game(&self) -> Option<&GameCore> {
        self.ended_game.as_deref()
    }

    /// The deltas of the hands that ended on the last [`Table::play`] (by seat), if any.
    #[must_use]
    pub fn ended(&self) -> Option<[i32; 4]> {
        self.ended.then_some(self.pending)
    }

    /// The learner's deltas of the hands that ended on the last [`Table::play`] (with
    /// opponents; 0 if none ended).
    #[must_use]
    pub fn learner_reward(&self) -> i32 {
        self.learner_reward
    }

    /// Run the opponents; on the hand's end record its deltas (and the learner's final
    /// observation into `final_obs`, if given, for the first hand that ends) and deal the
    /// next.
    fn settle(&mut self, mut final_obs: Option<(Version, &mut [u8])>) {
        loop {
            self.run_opponents();
            if self.game.phase() != Phase::Over {
                break;
            }
            let deltas = self.game.result().map_or([0; 4], |r| r.deltas);
            if !self.ended && self.log {
                self.ended_game = Some(Box::new(self.game.clone()));
            }
            if !self.ended && self.opponents != Opponents::SelfPlay {
                if let Some((version, buf)) = final_obs.take() {
                    let live = Live {
                        game: &self.game,
                        seat: self.learner,
                        all: false,
                    };
                    super::encode::encode_version(&live, version, buf);
                }
            }
            for (p, d) in self.pending.iter_mut().zip(deltas) {
                *p += d;
            }
            self.learner_reward += deltas[self.learner as usize];
            self.ended = true;
            self.deal_next();
        }
        self.refresh();
    }

    /// Deal the table's next hand (its seed from the table's and the hand's number, the
    /// dealer moving round) and draw its learner.
    fn deal_next(&mut self) {
        self.hands += 1;
        let dealer = self
            .rules
            .profile()
            .fixed_dealer(&self.rules)
            .unwrap_or((self.hands % 4) as u8);
        // The next hand in this hand's buffers, logged only if asked (nothing here reads it).
        let seed = mix(self.seed, self.hands + 1);
        let _ = self.game.redeal(self.rules, dealer, seed, [0; 4], self.log);
        self.pick_learner();
    }

    /// With opponents, draw the learner's seat for the hand just dealt (unless fixed).
    fn pick_learner(&mut self) {
        if self.opponents != Opponents::SelfPlay {
            self.learner = match self.fixed_learner {
                Some(s) => s,
                None => self.rng.below(4) as u8,
            };
        }
    }

    /// Let the opponents move until the learner must decide or the hand is over.
    fn run_opponents(&mut self) {
        loop {
            let Some(seat) = self.game.first_to_act() else {
                return;
            };
            if self.opponents.asks_every_seat() || seat == self.learner {
                return;
            }
            let legal = self.game.legal_actions(seat).unwrap_or_default();
            if legal.is_empty() {
                return; // not reached: a seat to act has a legal action
            }
            let policy = match self.opponents {
                Opponents::Greedy => {
                    Some(crate::bots::greedy::action as fn(&mut GameCore, u8) -> _)
                }
                Opponents::Expert => {
                    Some(crate::bots::expert::action as fn(&mut GameCore, u8) -> _)
                }
                _ => None,
            };
            let code = if let Some(policy) = policy {
                let c = policy(&mut self.game, seat);
                // The policy picks among the legal actions; were it not to, play the first.
                if legal.contains(&c) {
                    c
                } else {
                    legal[0]
                }
            } else {
                legal[self.rng.below(legal.len() as u64) as usize]
            };
            super::peek::step_checked(&mut self.game, seat, code);
        }
    }

    /// Note the seat asked now and its legal actions.
    fn refresh(&mut self) {
        self.seat = self.game.first_to_act().unwrap_or(0);
        self.legal = [0; 4];
        for c in self.game.legal_actions(self.seat).unwrap_or_default() {
            if let Some(a) = self.space.action_of_code(c) {
                self.legal[a as usize / 64] |= 1 << (a % 64);
            }
        }
    }

    /// Write the asked seat's observation of encoding `version` and its mask (the space's
    /// size). Precondition: `obs.len() == version.planes(false) * WIDTH`.
    pub fn write(&self, version: Version, obs: &mut [u8], mask: &mut [bool]) {
        let live = Live {
            game: &self.game,
            seat: self.seat,
            all: false,
        };
        // The v1 planes, then any the version adds: the encoder has this one call here,
        // so it is compiled into the table's row writer, for the live game of this seat.
        let (v1, added) = obs.split_at_mut(SIZE);
        encode(&live, v1);
        if version != Version::V1 {
            added_planes(&live, version, added);
        }
        mask.fill(false);
        for (w, &bits) in self.legal.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let a = 64 * w + b.trailing_zeros() as usize;
                if let Some(m) = mask.get_mut(a) {
                    *m = true;
                }
                b &= b - 1;
            }
        }
    }
}

/// Entries of one v1 observation row.
pub const OBS: usize = SIZE;
