//! A match (docs/rules.md §7), hand by hand: its [`Length`], and its [`MatchDriver`] (the
//! dealer rotation, the scores carried between hands, the passes of the deal that make one
//! round (一圈), when it ends and its ranking). The one driver of `koudiandian.Match`, of a
//! run's matches ([`crate::selfplay::Schedule`]) and of the Python loop.

use super::hand_start::{hand_seed, HandStart};
use crate::error::{Error, Result};
use crate::game::GameCore;
use crate::profiles::Rules;

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

    /// `self`, if a match of it can end under `rules`: one round (一圈) ends when the deal
    /// has passed round the table, which it never does where the rules fix the dealer
    /// ([`crate::profiles::Profile::fixed_dealer`]: `botzone`).
    ///
    /// # Errors
    /// `Error::Argument` for one round under rules that fix the dealer.
    pub fn check(self, rules: &Rules) -> Result<Length> {
        match rules.profile().fixed_dealer(rules) {
            Some(seat) if self == Length::OneRound => Err(Error::Argument(format!(
                "a one-round match ends when the deal has passed round the table; under these \
                 rules ({}) seat {seat} deals every hand: give a number of hands",
                rules.describe()
            ))),
            _ => Ok(self),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn one_round_is_refused_where_the_rules_fix_the_dealer() {
        let botzone = Rules::parse("botzone").expect("a preset");
        let e = Length::OneRound.check(&botzone).expect_err("never ends");
        assert!(e.to_string().contains("seat 0 deals every hand"), "{e}");
        assert_eq!(
            Length::Hands(3).check(&botzone).ok(),
            Some(Length::Hands(3))
        );
        let guobiao = Rules::parse("guobiao").expect("a preset");
        assert_eq!(
            Length::OneRound.check(&guobiao).ok(),
            Some(Length::OneRound)
        );
        assert_eq!(Length::default_for(&botzone), Length::Hands(1));
    }
}
