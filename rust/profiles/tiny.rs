//! A tiny rule system, compiled only for tests: the proof that a profile is one module and
//! one line in `registry::ALL`. It keeps every default of [`Profile`] (no options, all 136
//! tiles, the standard forms, no declaration, wins on any discard, the winner deals next)
//! and decides only a win's value and its payment: one point, paid by the discarder, or by
//! each other seat on a self-draw.

use crate::error::{Error, Result};
use crate::eval::forms::hand_wins;
use crate::eval::shape::Shape;
use crate::hand::Hand;
use crate::outcome::{ScoreItem, Transfer, WinContext, WinKind, WinScore};
use crate::profiles::options::Rules;
use crate::profiles::profile::{HandSummary, Profile};

/// The profile.
pub struct Tiny;

impl Profile for Tiny {
    fn name(&self) -> &'static str {
        "tiny"
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

    fn settle(&self, _: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
        let mut out = Vec::new();
        for o in hand.outcomes {
            match (o.kind, o.discarder) {
                (WinKind::SelfDraw, _) | (_, None) => {
                    for payer in (0..4).filter(|&s| s != o.winner) {
                        out.push(Transfer::new(payer, o.winner, 1, "win", None));
                    }
                }
                (_, Some(d)) => out.push(Transfer::new(d, o.winner, 1, "win", None)),
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
