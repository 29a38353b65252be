//! Which hand of a self-play run comes next and what a finished hand changes: a run's
//! units (hands, matches, duplicate walls) in order, their seeds, dealers and seats. The one
//! driver of the Rust loop (`run.rs`), of the Python loop of `koudiandian.simulate` (through
//! the binding); a unit that is a match is played by its [`MatchDriver`].
//!
//! The driver only counts: a hand costs it a few integer operations, so the self-play hot
//! path does not feel it.

use super::hand_start::{duplicate_seating, hand_seed, HandStart};
use super::match_driver::{Length, MatchDriver};
use crate::error::{Error, Result};
use crate::game::GameCore;
use crate::profiles::Rules;

/// The hands of units `start..stop` of a run seeded `seed`, in order. Unit `i` is seeded
/// `hand_seed(seed, i)`; it is one hand dealt by seat `i % 4`, a whole match of `length`
/// (the match `MatchDriver` plays from that seed, first dealt where the profile says:
/// [`MatchDriver::default_first_dealer`], as `koudiandian.Match` is), or under `duplicate`
/// one wall dealt by seat `i % 4` and played four times with the bots rotated
/// ([`duplicate_seating`]).
#[derive(Debug, Clone)]
pub struct Schedule {
    seed: u64,
    /// The run's rules: whose profile says who deals a match's first hand.
    rules: Rules,
    length: Option<Length>,
    duplicate: bool,
    /// The unit being played (`stop` once the run is done).
    unit: u64,
    stop: u64,
    /// The current unit's hands played (its duplicate rotations; 0 or 1 for one hand).
    played: u8,
    /// The current unit's match, when units are matches.
    current: Option<MatchDriver>,
}

/// What a [`Schedule`] is asked to log a hand under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    Hand,
    Match,
    Duplicate,
}

impl Schedule {
    /// Units `start..stop` of a run under `rules` (none when `start ≥ stop`): matches of
    /// `length`, or under `duplicate` walls played four times (a length is then not looked
    /// at).
    #[must_use]
    pub fn new(
        rules: &Rules,
        seed: u64,
        length: Option<Length>,
        duplicate: bool,
        start: u64,
        stop: u64,
    ) -> Self {
        let length = if duplicate { None } else { length };
        let mut schedule = Schedule {
            seed,
            rules: *rules,
            length,
            duplicate,
            unit: start,
            stop,
            played: 0,
            current: None,
        };
        schedule.enter(start);
        schedule
    }

    /// Start unit `unit`.
    #[inline]
    fn enter(&mut self, unit: u64) {
        self.unit = unit;
        self.played = 0;
        self.current = match self.length {
            Some(length) if unit < self.stop => {
                let seed = hand_seed(self.seed, unit as i64);
                let first = MatchDriver::default_first_dealer(&self.rules, seed);
                Some(MatchDriver::new(length, seed, first))
            }
            _ => None,
        };
    }

    #[must_use]
    pub const fn kind(&self) -> UnitKind {
        if self.duplicate {
            UnitKind::Duplicate
        } else if self.length.is_some() {
            UnitKind::Match
        } else {
            UnitKind::Hand
        }
    }

    /// The next hand to play, or `None` once the run is done.
    #[must_use]
    #[inline]
    pub fn next_hand(&self) -> Option<HandStart> {
        if self.unit >= self.stop {
            return None;
        }
        if let Some(m) = &self.current {
            return m.next_hand().map(|h| HandStart {
                unit: self.unit,
                prevalent_wind: m.prevalent_wind(&self.rules),
                ..h
            });
        }
        let rotation = if self.duplicate { self.played } else { 0 };
        // Hands on their own: the deal passes from unit to unit, and the wind is the first
        // of a match, unless the rules fix them (botzone: seat 0, its quan).
        let profile = self.rules.profile();
        Some(HandStart {
            unit: self.unit,
            number: 0,
            rotation,
            seed: hand_seed(self.seed, self.unit as i64),
            dealer: profile
                .fixed_dealer(&self.rules)
                .unwrap_or((self.unit % 4) as u8),
            scores: [0; 4],
            seating: duplicate_seating(rotation),
            prevalent_wind: profile.prevalent_wind(&self.rules, 0),
        })
    }

    /// Take `game`, the [`next_hand`](Self::next_hand) now finished; returns the ranking of
    /// the match it ended, if it ended one.
    ///
    /// # Errors
    /// `Error::Argument` if `game` is not over or the run is done.
    #[inline]
    pub fn finish(&mut self, game: &GameCore) -> Result<Option<[u8; 4]>> {
        if self.unit >= self.stop {
            return Err(Error::Argument("the run is done".into()));
        }
        let ranking = if let Some(m) = &mut self.current {
            m.settle(game)?;
            if !m.is_over() {
                return Ok(None);
            }
            Some(m.ranking())
        } else {
            if game.result().is_none() {
                return Err(Error::Argument("the hand is not over".into()));
            }
            self.played += 1;
            if self.duplicate && self.played < 4 {
                return Ok(None);
            }
            None
        };
        self.enter(self.unit + 1);
        Ok(ranking)
    }

    /// The head of `hand`'s log line (the JSON object's first fields): the unit and the
    /// hand's seed, a match's unit and hand number, or under duplicate play also the
    /// rotation and the bots' names by seat (`names` by their place in the list, escaped
    /// for JSON).
    #[must_use]
    pub fn log_head<S: AsRef<str>>(&self, hand: &HandStart, names: &[S; 4]) -> String {
        let (i, seed) = (hand.unit, hand.seed);
        match self.kind() {
            UnitKind::Hand => format!("\"hand\":{i},\"seed\":{seed}"),
            UnitKind::Match => format!("\"match\":{i},\"hand\":{}", hand.number),
            UnitKind::Duplicate => {
                let bots: Vec<&str> = hand
                    .seating
                    .iter()
                    .map(|&b| names[b as usize].as_ref())
                    .collect();
                format!(
                    "\"hand\":{i},\"rotation\":{},\"seed\":{seed},\"bots\":{}",
                    hand.rotation,
                    super::log::to_ascii_json(&bots)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A schedule of single hands and of duplicate walls: seeds, dealers and rotations by
    /// unit, and nothing after the last unit.
    #[test]
    fn hands_and_walls_come_in_unit_order() {
        let rules = Rules::parse("taiyuan").expect("a preset");
        for duplicate in [false, true] {
            let mut s = Schedule::new(&rules, 5, None, duplicate, 2, 5);
            let mut seen = Vec::new();
            while let Some(hand) = s.next_hand() {
                let mut game =
                    GameCore::seeded(rules, hand.dealer, hand.seed, hand.scores).expect("a hand");
                while let Some(seat) = game.first_to_act() {
                    let action = game.legal_actions(seat).expect("a seat")[0];
                    game.step(seat, action).expect("legal");
                }
                assert_eq!(s.finish(&game).expect("finished"), None);
                seen.push((hand.unit, hand.rotation, hand.dealer, hand.seed));
            }
            let per_unit = if duplicate { 4 } else { 1 };
            let want: Vec<_> = (2..5u64)
                .flat_map(|i| {
                    (0..per_unit).map(move |r| (i, r, (i % 4) as u8, hand_seed(5, i as i64)))
                })
                .collect();
            assert_eq!(seen, want, "duplicate {duplicate}");
            assert!(s
                .finish(&GameCore::seeded(rules, 0, 1, [0; 4]).expect("a hand"))
                .is_err());
        }
    }

    /// A run's matches start where the profile says, as a match on its own does: seat 0
    /// (Taiyuan, hebei) or a seat drawn from each match's seed (queyimen, changsha).
    #[test]
    fn a_runs_matches_are_first_dealt_where_the_profile_says() {
        for (profile, drawn) in [
            ("taiyuan", false),
            ("hebei", false),
            ("queyimen", true),
            ("changsha", true),
        ] {
            let rules = Rules::parse(profile).expect("a preset");
            let s = |unit: u64| Schedule::new(&rules, 8, Some(Length::Hands(2)), false, unit, 9);
            let firsts: Vec<u8> = (0..9u64)
                .map(|unit| s(unit).next_hand().expect("a hand").dealer)
                .collect();
            let want: Vec<u8> = (0..9i64)
                .map(|unit| {
                    let seed = hand_seed(8, unit);
                    assert_eq!(
                        MatchDriver::default_first_dealer(&rules, seed),
                        if drawn {
                            MatchDriver::drawn_first_dealer(seed)
                        } else {
                            0
                        },
                        "{profile}"
                    );
                    MatchDriver::default_first_dealer(&rules, seed)
                })
                .collect();
            assert_eq!(firsts, want, "{profile}");
        }
    }
}
