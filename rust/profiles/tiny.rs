//! A tiny rule system for tests: the proof that a profile is one module and one line in
//! `registry::ALL`, and the one that uses every mechanism of the engine before a real
//! profile needs it. It is not listed among the profiles and presets (its name and its
//! preset `tiny` still read). It keeps the defaults of [`Profile`] (all 136 tiles, the
//! standard forms, no declaration, wins on any discard, the first winner deals next) and
//! adds, in `docs/rules.md`'s words ("The test profile `tiny`"):
//!
//! - before play, each seat passes two tiles of its choice to the seat opposite, then
//!   declares a void suit;
//! - several seats may win on one discard; a winner leaves the hand and the others play on,
//!   until three have won or the wall runs out;
//! - every kong and win is paid when it is made: a concealed kong 2 from each other seat
//!   still in, an added kong 1 from each, a direct kong 1 from the discarder; a win 1 from
//!   the discarder, or from each other seat still in on a self-draw;
//! - at the wall's end, among the seats still in: a seat holding a tile of its void suit
//!   among its concealed tiles pays 1 to each that holds none there, then each seat returns
//!   the kong payments it received.

use crate::error::{Error, Result};
use crate::eval::forms::hand_wins;
use crate::eval::shape::Shape;
use crate::hand::Hand;
use crate::outcome::{held_kong_payments, HandEnd, ScoreItem, Transfer, WinContext, WinKind};
use crate::outcome::{WinScore, WinValue};
use crate::profiles::options::{Preset, Rules};
use crate::profiles::profile::{
    HandSummary, KongPrices, PayContext, PayMoment, Profile, TurnRules,
};

/// The profile.
pub struct Tiny;

/// A direct kong 1, an added kong 1 from each, a concealed kong 2 from each.
const KONG_PRICES: KongPrices = KongPrices {
    direct: 1,
    added: 1,
    concealed: 2,
};

static PRESETS: [Preset; 1] = [Preset {
    name: "tiny",
    doc: "the test profile: every mechanism of the engine, one point a win",
    settings: &[],
}];

/// How many seats win before the hand ends.
const WINS_TO_END: u8 = 3;

impl Profile for Tiny {
    fn name(&self) -> &'static str {
        "tiny"
    }

    fn listed(&self) -> bool {
        false
    }

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    fn turn_rules(&self, rules: &Rules) -> TurnRules {
        TurnRules {
            eval: self.eval(rules),
            several_winners: true,
            wins_to_end: WINS_TO_END,
            pay_as_played: true,
            exchange: 2,
            exchange_shift: 2,
            void_suit: true,
            ..TurnRules::default()
        }
    }

    fn score(&self, r: &Rules, hand: &Hand, tile: u8, _: WinContext) -> Result<WinScore> {
        if !hand_wins(hand, self.eval(r)) {
            return Err(Error::NotWinning(format!(
                "the hand is not a winning hand (winning tile {})",
                crate::hand::name(tile)
            )));
        }
        Ok(WinScore {
            points: 1,
            allowed: true,
            shape: Shape::Standard,
            patterns: 0,
            factor: 1,
            payment: 1,
        })
    }

    fn score_items(
        &self,
        _: &Rules,
        _: &Hand,
        _: u8,
        _: &WinScore,
        _: WinContext,
    ) -> Vec<ScoreItem> {
        vec![ScoreItem::base("win", "胡", 1)]
    }

    fn win_value(&self, _: &Rules, _: &crate::outcome::Outcome) -> Vec<WinValue> {
        vec![WinValue::new("win", "胡", 1)]
    }

    fn pay(&self, _: &Rules, at: &PayContext<'_>) -> Vec<Transfer> {
        let mut out = Vec::new();
        match at.moment {
            PayMoment::Kong(kong) => at.pay_kong(kong, KONG_PRICES, &mut out),
            PayMoment::Wins(wins) => {
                for o in wins {
                    let event = o.event;
                    match (o.kind, o.discarder) {
                        (WinKind::SelfDraw, _) | (_, None) => {
                            for payer in at.others_in(o.winner) {
                                out.push(Transfer::new(payer, o.winner, 1, "win", None).at(event));
                            }
                        }
                        (_, Some(d)) => {
                            out.push(Transfer::new(d, o.winner, 1, "win", None).at(event));
                        }
                    }
                }
            }
        }
        out
    }

    /// Only the wall's end settles anything: every win and kong was paid when made.
    fn settle(&self, _: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
        let mut out = Vec::new();
        if hand.end != HandEnd::Exhausted {
            return out;
        }
        for s in (0..4).filter(|&s| hand.in_hand[s] && hand.holds_void(s)) {
            for other in (0..4).filter(|&o| o != s && hand.in_hand[o] && !hand.holds_void(o)) {
                out.push(Transfer::new(s as u8, other as u8, 1, "void_held", None));
            }
        }
        for (i, t) in held_kong_payments(hand.ledger) {
            if hand.in_hand[t.payee as usize] {
                out.push(Transfer::new(t.payee, t.payer, t.amount, "refund", None).undoing(i));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::bots::Bot;
    use crate::game::GameCore;
    use crate::profiles::Rules;
    use crate::rng::Rng;
    use crate::selfplay::{play, Length, Plan};

    fn rules() -> Rules {
        Rules::of_profile("tiny").expect("registered for tests")
    }

    /// Random play through the whole state machine, its invariants checked after every
    /// step; each hand's transfers add up to nothing and go to its winner.
    #[test]
    fn plays_hands_through_the_engine() {
        let mut rng = Rng::new(11);
        let mut won = 0;
        for seed in 0..200 {
            let mut game =
                GameCore::seeded(rules(), (seed % 4) as u8, seed, [0; 4]).expect("deals");
            while let Some(seat) = game.first_to_act() {
                let legal = game.legal_actions(seat).expect("a seat");
                let action = legal[rng.below(legal.len() as u64) as usize];
                game.step(seat, action).expect("a legal action");
                game.validate()
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
            let result = game.result().expect("over");
            assert_eq!(result.deltas.iter().sum::<i32>(), 0, "seed {seed}");
            if let Some(w) = result.winner {
                won += 1;
                assert!(
                    result.deltas[w as usize] > 0,
                    "seed {seed}: the winner is paid"
                );
                assert_eq!(result.score_items.len(), 1, "seed {seed}: its one item");
            }
        }
        assert!(
            won > 0,
            "random play wins some hands under the standard forms"
        );
    }

    /// Self-play with both built-in bots, hands and one-round matches, on one thread and on
    /// two: the same records; the greedy bots win most hands.
    #[test]
    fn self_play_and_matches_run_on_the_defaults() {
        for bot in [Bot::Random, Bot::Greedy] {
            for length in [None, Some(Length::OneRound)] {
                let plan = Plan {
                    rules: rules(),
                    bots: [bot; 4],
                    seed: 5,
                    length,
                    duplicate: false,
                    log: true,
                };
                let one = play(&plan, 0, 20, 1).expect("plays");
                assert_eq!(
                    one,
                    play(&plan, 0, 20, 2).expect("plays"),
                    "{bot:?} {length:?}"
                );
                assert!(
                    one.logs.iter().all(|l| l.contains("\"start_hand\"")),
                    "{bot:?}"
                );
                if bot == Bot::Greedy && length.is_none() {
                    let wins = one.records.iter().filter(|r| r.winner >= 0).count();
                    assert!(wins > 10, "greedy wins {wins} of 20");
                }
            }
        }
    }
}
