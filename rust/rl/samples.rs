//! A hand's training samples read from its log (`koudiandian.rl.dataset`): the log replayed
//! by the engine ([`GameCore::replay_observed`], checked to replay to itself), and at each
//! decision of a chosen seat, what that seat knew then (its observation, as `encode` gives
//! it for the live game), its legal actions (the mask) and the action it took, numbered.
//! The hand's final deltas come with them: a sample's return is its seat's.

use serde_json::Value;

use super::{encode_version, ActionSpace, Live, Version, WIDTH};
use crate::error::{Error, Result};
use crate::game::GameCore;

/// The samples of one hand, in the order of its decisions: sample `i` is
/// `obs[i * planes * WIDTH..][..planes * WIDTH]`, `mask[i * space.size()..][..space.size()]`,
/// `action[i]` (its number in the space), `seat[i]`; `deltas` is the hand's final result.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Samples {
    pub obs: Vec<u8>,
    pub mask: Vec<bool>,
    pub action: Vec<i16>,
    pub seat: Vec<i8>,
    pub deltas: [i32; 4],
}

impl Samples {
    /// How many samples there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.action.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.action.is_empty()
    }
}

/// The samples of the decisions of `seats[s]`-chosen seats in the full log `events` of one
/// finished hand, observed with encoding `version`, actions numbered in `space`.
///
/// # Errors
/// [`Error::EventLog`] for a log that does not replay to itself (naming the event) or whose
/// hand is not over (a sample's return is its seat's final delta); [`Error::Argument`] for
/// a space that cannot number the rules' decisions (v1 and a profile that asks decisions
/// before play).
pub fn log_samples(
    events: &[Value],
    seats: [bool; 4],
    version: Version,
    space: ActionSpace,
) -> Result<Samples> {
    let planes = version.planes(false);
    let n_actions = space.size();
    let mut out = Samples::default();
    let mut checked = false;
    let game = GameCore::replay_observed(events, |game, d| {
        if !checked {
            space.check_rules(game.rules())?;
            checked = true;
        }
        if !seats[usize::from(d.seat)] {
            return Ok(());
        }
        let action = space.action_of_code(d.action).ok_or_else(|| {
            Error::EventLog(format!(
                "event {}: its action has no number in action space {}",
                d.event,
                space.number()
            ))
        })?;
        let legal = game.legal_actions(d.seat)?;
        let at = out.mask.len();
        out.mask.resize(at + n_actions, false);
        space.write_mask(&legal, &mut out.mask[at..]);
        let at = out.obs.len();
        out.obs.resize(at + planes * WIDTH, 0);
        let live = Live {
            game,
            seat: d.seat,
            all: false,
        };
        encode_version(&live, version, &mut out.obs[at..]);
        out.action.push(i16::try_from(action).unwrap_or(i16::MAX));
        out.seat.push(i8::try_from(d.seat).unwrap_or(i8::MAX));
        Ok(())
    })?;
    let Some(result) = game.result() else {
        return Err(Error::EventLog(format!(
            "the log ends before the hand is over (after event {}): a sample's return is its \
             seat's final delta",
            events.len().saturating_sub(1)
        )));
    };
    out.deltas = result.deltas;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::decisions;
    use crate::profiles::Rules;
    use crate::rng::Rng;

    /// A finished hand of random play under `rules`, its log as JSON values.
    fn played(rules: &str, seed: u64) -> Vec<Value> {
        let rules = Rules::parse(rules).expect("valid rules");
        let dealer = rules.profile().fixed_dealer(&rules).unwrap_or(0);
        let mut game = GameCore::seeded(rules, dealer, seed, [0; 4]).expect("a hand dealt");
        let mut rng = Rng::new(seed);
        while let Some(seat) = game.first_to_act() {
            let legal = game.legal_actions(seat).expect("a seat");
            let pick = legal[usize::try_from(rng.below(legal.len() as u64)).expect("small")];
            game.step(seat, pick).expect("a legal step");
        }
        game.events()
            .iter()
            .map(|e| serde_json::to_value(e).expect("an event as JSON"))
            .collect()
    }

    #[test]
    fn every_decision_of_the_chosen_seats_is_a_sample() {
        let events = played("taiyuan", 7);
        let logged = decisions(&events).expect("decisions");
        let all = log_samples(&events, [true; 4], Version::V2, ActionSpace::V1).expect("samples");
        assert_eq!(all.len(), logged.len());
        let odd: Vec<_> = logged.iter().filter(|d| d.seat % 2 == 1).collect();
        let some = log_samples(
            &events,
            [false, true, false, true],
            Version::V2,
            ActionSpace::V1,
        )
        .expect("samples");
        assert_eq!(some.len(), odd.len());
        assert_eq!(
            some.obs.len(),
            some.len() * Version::V2.planes(false) * WIDTH
        );
        let n = ActionSpace::V1.size();
        for (i, d) in odd.iter().enumerate() {
            assert_eq!(
                some.seat[i],
                i8::try_from(d.seat).expect("a seat"),
                "sample {i}"
            );
            let number = ActionSpace::V1.action_of_code(d.action).expect("numbered");
            assert_eq!(
                some.action[i],
                i16::try_from(number).expect("small"),
                "sample {i}"
            );
            assert!(
                some.mask[i * n + usize::from(number)],
                "sample {i}: its action is legal"
            );
        }
        let replayed = GameCore::replay(&events).expect("the log replays");
        assert_eq!(some.deltas, replayed.result().expect("over").deltas);
    }

    #[test]
    fn an_unfinished_hand_and_a_space_too_small_are_refused() {
        let events = played("taiyuan", 3);
        let last = decisions(&events)
            .expect("decisions")
            .last()
            .expect("one")
            .event;
        let cut = &events[..last]; // it stops as the last decision is asked for
        let e = log_samples(cut, [true; 4], Version::V1, ActionSpace::V1).expect_err("unfinished");
        assert!(e.to_string().contains("before the hand is over"), "{e}");
        let sichuan = played("sichuan", 3);
        let e = log_samples(&sichuan, [true; 4], Version::V3, ActionSpace::V1).expect_err("v1");
        assert!(e.to_string().contains("action space 2"), "{e}");
        let ok = log_samples(&sichuan, [true; 4], Version::V3, ActionSpace::V2).expect("v2");
        assert!(!ok.is_empty());
    }

    #[test]
    fn a_decision_of_a_forged_seat_is_refused_not_a_panic() {
        let events = played("taiyuan", 5);
        let first = decisions(&events).expect("decisions")[0].event;
        for seat in [4, 136, 255] {
            let mut forged = events.clone();
            forged[first]["seat"] = Value::from(seat);
            for seats in [[true; 4], [false; 4]] {
                let e = log_samples(&forged, seats, Version::V3, ActionSpace::V2)
                    .expect_err("a forged seat");
                assert!(matches!(e, Error::EventLog(_)), "{e}");
                assert!(e.to_string().contains(&format!("event {first}")), "{e}");
            }
        }
    }
}
