//! Which hand comes next and what a finished hand changes: a match (docs/rules.md §7) and a
//! self-play run's units, hand by hand. The one driver of the Rust loop (`run.rs`), of the
//! Python loop of `koudiandian.simulate` and of `koudiandian.Match` (both through the
//! binding): the dealer rotation, the scores carried between hands, the passes of the deal
//! that make one round (一圈), when a match ends and its ranking, the hands' seeds and
//! dealers, and the seats of duplicate play.
//!
//! The driver only counts: a hand costs it a few integer operations, so the self-play hot
//! path does not feel it.

use crate::error::{Error, Result};
use crate::game::GameCore;
use crate::profiles::Rules;

/// The seed of hand (or match) `index` of a run seeded with `seed`: SplitMix64's output for
/// `seed + (index + 1) · golden gamma` (mod 2^64), so that hands are independent. `index`
/// −1 seeds a match's random first dealer.
#[must_use]
pub const fn hand_seed(seed: u64, index: i64) -> u64 {
    let mut z =
        seed.wrapping_add((index.wrapping_add(1) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// How long a match lasts: a number of hands, or one round (一圈: until the deal has passed
/// four times to the dealer's 下家).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    Hands(u32),
    OneRound,
}

impl Length {
    /// A match's length under `rules` when none is given: the profile's number of hands
    /// ([`crate::profiles::Profile::match_hands`]), else one round.
    #[must_use]
    pub fn default_for(rules: &Rules) -> Length {
        rules
            .profile()
            .match_hands(rules)
            .map_or(Length::OneRound, Length::Hands)
    }
}

/// The seats of duplicate rotation `rotation` (0–3): `seating[s]` is the listed bot that
/// sits in seat `s`, so that the bot listed for seat `b` sits in seat `(b + rotation) % 4`.
#[must_use]
pub const fn duplicate_seating(rotation: u8) -> [u8; 4] {
    let r = rotation % 4;
    [(4 - r) % 4, (5 - r) % 4, (6 - r) % 4, (7 - r) % 4]
}

/// A hand as a driver deals it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandStart {
    /// The unit of the run it belongs to (0 in a match on its own).
    pub unit: u64,
    /// Its number in its match (0 for a hand on its own).
    pub number: u32,
    /// Its duplicate rotation (0 otherwise).
    pub rotation: u8,
    pub seed: u64,
    pub dealer: u8,
    /// The scores it starts from: the match's so far.
    pub scores: [i32; 4],
    /// `seating[s]`: the listed bot that sits in seat `s`.
    pub seating: [u8; 4],
    /// The prevalent wind (圈风: 0 东 … 3 北) it is played under: a match's hand's as its
    /// profile says ([`MatchDriver::prevalent_wind`], set by the [`Schedule`]), else 东.
    pub prevalent_wind: u8,
}

impl HandStart {
    /// The seed of the bot in seat `seat`: the hand's seed + `seat` + 1.
    #[must_use]
    #[inline]
    pub const fn bot_seed(&self, seat: u8) -> u64 {
        self.seed.wrapping_add(seat as u64 + 1)
    }
}

/// A match (docs/rules.md §7): the dealer of its next hand, the scores carried from hand to
/// hand, and whether it is over. Hand `n` is seeded `hand_seed(seed, n)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchDriver {
    length: Length,
    seed: u64,
    first_dealer: u8,
    dealer: u8,
    scores: [i32; 4],
    /// Times the deal has moved on to the dealer's 下家.
    passes: u32,
    /// Hands settled.
    hands: u32,
    over: bool,
}

/// A match's running state, as [`MatchDriver::state`] gives it and
/// [`MatchDriver::from_state`] takes it: `(dealer, scores, passes, hands settled, over)`.
pub type MatchState = (u8, [i32; 4], u32, u32, bool);

impl MatchDriver {
    /// A match of `length` seeded `seed`, first dealt by seat `first_dealer` (0–3).
    #[must_use]
    pub const fn new(length: Length, seed: u64, first_dealer: u8) -> Self {
        MatchDriver {
            length,
            seed,
            first_dealer,
            dealer: first_dealer,
            scores: [0; 4],
            passes: 0,
            hands: 0,
            over: false,
        }
    }

    /// The first dealer drawn from a match's seed (`first_dealer="random"`).
    #[must_use]
    pub const fn drawn_first_dealer(seed: u64) -> u8 {
        (hand_seed(seed, -1) % 4) as u8
    }

    /// The first dealer of a match seeded `seed` when none is given: drawn from the seed
    /// where the profile says so (`Profile::random_first_dealer`), else seat 0.
    #[must_use]
    pub fn default_first_dealer(rules: &Rules, seed: u64) -> u8 {
        if rules.profile().random_first_dealer(rules) {
            Self::drawn_first_dealer(seed)
        } else {
            0
        }
    }

    #[must_use]
    pub const fn length(&self) -> Length {
        self.length
    }

    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    #[must_use]
    pub const fn first_dealer(&self) -> u8 {
        self.first_dealer
    }

    /// The dealer of the next hand (of the last, once the match is over).
    #[must_use]
    pub const fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The scores after the hands settled so far.
    #[must_use]
    pub const fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// The hands settled so far.
    #[must_use]
    pub const fn hands(&self) -> u32 {
        self.hands
    }

    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.over
    }

    /// Whether the profile's rotation is asked for a 一圈 match (`Profile::next_dealer`).
    #[must_use]
    pub fn one_round(&self) -> bool {
        self.length == Length::OneRound
    }

    /// The next hand, or `None` once the match is over.
    #[must_use]
    #[inline]
    pub const fn next_hand(&self) -> Option<HandStart> {
        if self.over {
            return None;
        }
        Some(HandStart {
            unit: 0,
            number: self.hands,
            rotation: 0,
            seed: hand_seed(self.seed, self.hands as i64),
            dealer: self.dealer,
            scores: self.scores,
            seating: [0, 1, 2, 3],
            prevalent_wind: 0,
        })
    }

    /// The prevalent wind of the next hand under `rules` (the match's rules: the profile's
    /// [`crate::profiles::Profile::prevalent_wind`] after the hands settled so far). A
    /// [`HandStart`] of [`MatchDriver::next_hand`] leaves it to the caller (东).
    #[must_use]
    pub fn prevalent_wind(&self, rules: &Rules) -> u8 {
        rules.profile().prevalent_wind(rules, self.hands)
    }

    /// Who deals after `game`, a finished hand of this match (`None` while it is not over).
    #[must_use]
    pub fn next_dealer(&self, game: &GameCore) -> Option<u8> {
        game.next_dealer(self.one_round())
    }

    /// Settle `game`, the match's next hand, now finished: its deltas are added to the
    /// scores, its next dealer deals on (a move to the dealer's 下家 is a pass of the deal),
    /// and the match is over after `length` hands or the fourth pass.
    ///
    /// # Errors
    /// `Error::Argument` if `game` is not over or the match is.
    #[inline]
    pub fn settle(&mut self, game: &GameCore) -> Result<()> {
        let (Some(result), Some(next)) = (game.result(), self.next_dealer(game)) else {
            return Err(Error::Argument("the hand is not over".into()));
        };
        if self.over {
            return Err(Error::Argument("the match is over".into()));
        }
        for s in 0..4 {
            self.scores[s] = self.scores[s].wrapping_add(result.deltas[s]);
        }
        if next == (self.dealer + 1) % 4 {
            self.passes = self.passes.saturating_add(1);
        }
        self.dealer = next;
        self.hands = self.hands.saturating_add(1);
        self.over = match self.length {
            Length::OneRound => self.passes >= 4,
            Length::Hands(n) => self.hands >= n,
        };
        Ok(())
    }

    /// Seats from highest to lowest score, ties to the lower seat.
    #[must_use]
    pub fn ranking(&self) -> [u8; 4] {
        let mut ranking = [0u8, 1, 2, 3];
        ranking.sort_by_key(|&s| (-i64::from(self.scores[s as usize]), s));
        ranking
    }

    /// The running state, for pickling.
    #[must_use]
    pub const fn state(&self) -> MatchState {
        (self.dealer, self.scores, self.passes, self.hands, self.over)
    }

    /// A match of `length` seeded `seed`, first dealt by `first_dealer`, in `state`.
    ///
    /// # Errors
    /// `Error::Argument` for a dealer that is not a seat.
    pub fn from_state(
        length: Length,
        seed: u64,
        first_dealer: u8,
        state: MatchState,
    ) -> Result<Self> {
        let (dealer, scores, passes, hands, over) = state;
        if first_dealer > 3 || dealer > 3 {
            return Err(Error::Argument(format!(
                "not a match's state: dealers {first_dealer} and {dealer}"
            )));
        }
        Ok(MatchDriver {
            length,
            seed,
            first_dealer,
            dealer,
            scores,
            passes,
            hands,
            over,
        })
    }
}

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
        Some(HandStart {
            unit: self.unit,
            number: 0,
            rotation,
            seed: hand_seed(self.seed, self.unit as i64),
            dealer: (self.unit % 4) as u8,
            scores: [0; 4],
            seating: duplicate_seating(rotation),
            prevalent_wind: 0,
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

    #[test]
    fn duplicate_seats_every_bot_in_every_seat() {
        for r in 0..4u8 {
            let seating = duplicate_seating(r);
            for b in 0..4u8 {
                let seat = (b + r) % 4;
                assert_eq!(seating[seat as usize], b, "rotation {r}, bot {b}");
            }
        }
    }

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

    #[test]
    fn a_match_refuses_an_unfinished_hand_and_changes_nothing() {
        let rules = Rules::parse("taiyuan").expect("a preset");
        let mut m = MatchDriver::new(Length::Hands(2), 9, 1);
        let before = m;
        let game = GameCore::seeded(rules, 1, 3, [0; 4]).expect("a hand");
        assert!(m.settle(&game).is_err());
        assert_eq!(m, before);
        assert_eq!(
            m.next_hand().map(|h| (h.dealer, h.seed)),
            Some((1, hand_seed(9, 0)))
        );
    }

    #[test]
    fn a_ranking_puts_the_lower_seat_first_on_a_tie() {
        let mut m = MatchDriver::new(Length::OneRound, 0, 0);
        m.scores = [5, 7, 7, -19];
        assert_eq!(m.ranking(), [1, 2, 0, 3]);
    }
}
