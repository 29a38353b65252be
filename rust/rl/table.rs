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
        space.check_rules(&rules)?;
        let game = GameCore::seeded(rules, 0, mix(seed, 1), [0; 4])?;
        let mut t = Table {
            game,
            rules,
            seed,
            hands: 0,
            opponents,
            space,
            rng: Rng::new(mix(seed, u64::MAX)),
            learner: 0,
            seat: 0,
            legal: [0; 4],
            pending: [0; 4],
            learner_reward: 0,
            ended: false,
        };
        t.pick_learner();
        t.settle();
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
        let code = self.check(action)?;
        self.ended = false;
        self.pending = [0; 4];
        self.learner_reward = 0;
        super::peek::step_checked(&mut self.game, self.seat, code);
        self.settle();
        Ok(())
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

    /// Run the opponents; on the hand's end record its deltas and deal the next.
    fn settle(&mut self) {
        loop {
            self.run_opponents();
            if self.game.phase() != Phase::Over {
                break;
            }
            let deltas = self.game.result().map_or([0; 4], |r| r.deltas);
            for (p, d) in self.pending.iter_mut().zip(deltas) {
                *p += d;
            }
            self.learner_reward += deltas[self.learner as usize];
            self.ended = true;
            self.hands += 1;
            let dealer = self
                .rules
                .profile()
                .fixed_dealer(&self.rules)
                .unwrap_or((self.hands % 4) as u8);
            // The next hand in this hand's buffers, without a log (nothing here reads it).
            let seed = mix(self.seed, self.hands + 1);
            let _ = self.game.redeal(self.rules, dealer, seed, [0; 4], false);
            self.pick_learner();
        }
        self.refresh();
    }

    /// With opponents, draw the learner's seat for the hand just dealt.
    fn pick_learner(&mut self) {
        if self.opponents != Opponents::SelfPlay {
            self.learner = self.rng.below(4) as u8;
        }
    }

    /// Let the opponents move until the learner must decide or the hand is over.
    fn run_opponents(&mut self) {
        loop {
            let Some(seat) = self.game.first_to_act() else {
                return;
            };
            if self.opponents == Opponents::SelfPlay || seat == self.learner {
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
