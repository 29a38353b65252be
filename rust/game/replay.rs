//! Replay of a full event log (`Game.replay`, `Game.from_json`, `koudiandian replay`): the
//! deal read from its `start_hand` event, every decision the later events record taken
//! again, and the log the engine writes compared with the one given, event by event, as
//! JSON (so `0` is not `false` and `1.0` not `1`). Every error names the event and what is
//! wrong with it.
//!
//! The decisions are read in `decisions.rs`, the deal in `logged_deal.rs`.

use serde_json::Value;

use serde::Deserialize;

use super::decisions::{decisions, log_error, Decision};
use super::difference::{first_difference, Difference};
use super::event::Event;
use super::logged_deal::deal_of;
use super::state::GameCore;
use crate::error::{Error, Result};
use crate::outcome::Verdict;

/// An event's `type`, for messages.
fn type_of(event: &Value) -> String {
    match event.get("type") {
        Some(Value::String(kind)) => kind.clone(),
        Some(other) => other.to_string(),
        None => "no type".into(),
    }
}

/// The error of event `n` of `events`, which cannot be replayed.
fn cannot(events: &[Value], n: usize, e: &Error) -> Error {
    log_error(format!(
        "event {n} ({}) cannot be replayed: {e}",
        type_of(&events[n])
    ))
}

/// The fields the result of a hand gained with the ledger (issue 37): a log written before
/// (koudiandian db14eab and earlier) has none of them, and is compared without them.
const LEDGER_RESULT_FIELDS: [&str; 2] = ["end", "left"];
const LEDGER_TRANSFER_FIELDS: [&str; 2] = ["event", "undoes"];
const LEDGER_WIN_FIELDS: [&str; 3] = ["discarder", "event", "value"];

/// Whether `event` is an `end_hand` whose result has the first shape (no `end`).
fn is_first_result_shape(event: &Value) -> bool {
    event.get("type").and_then(Value::as_str) == Some("end_hand")
        && event.get("result").is_some_and(|r| r.get("end").is_none())
}

/// The `end_hand` event `event` with its result in the first shape: the ledger's fields
/// left out.
fn to_first_result_shape(event: &mut Value) {
    let Some(Value::Object(result)) = event.get_mut("result") else {
        return;
    };
    for f in LEDGER_RESULT_FIELDS {
        result.shift_remove(f);
    }
    for (list, fields) in [
        ("transfers", &LEDGER_TRANSFER_FIELDS[..]),
        ("wins", &LEDGER_WIN_FIELDS[..]),
    ] {
        if let Some(Value::Array(items)) = result.get_mut(list) {
            for item in items.iter_mut().filter_map(Value::as_object_mut) {
                for f in fields {
                    item.shift_remove(*f);
                }
            }
        }
    }
}

/// The first `verdict` event of `events`, as `(its index, the seat, the verdict)`.
///
/// # Errors
/// [`Error::EventLog`](crate::error::Error::EventLog) for a malformed one.
fn verdict_of(events: &[Value]) -> Result<Option<(usize, u8, Verdict)>> {
    let Some(n) = events
        .iter()
        .position(|e| e.get("type").and_then(Value::as_str) == Some("verdict"))
    else {
        return Ok(None);
    };
    match Event::deserialize(&events[n]) {
        Ok(Event::Verdict { seat, verdict }) => Ok(Some((n, seat, verdict))),
        Ok(_) => Ok(None),
        Err(e) => Err(log_error(format!("event {n} (verdict) is malformed: {e}"))),
    }
}

impl GameCore {
    /// Rebuild a hand from its full log (as [`GameCore::events`] serializes it), checking
    /// that the rebuilt hand logs exactly the same events.
    ///
    /// # Errors
    /// [`Error::EventLog`] naming the event that is malformed, cannot be replayed or
    /// differs.
    pub fn replay(events: &[Value]) -> Result<GameCore> {
        Self::replay_observed(events, |_, _| Ok(()))
    }

    /// [`GameCore::replay`], with `before(game, decision)` called before each decision the
    /// log records is taken (the game as it stands when the decision's seat chose it); an
    /// error it returns stops the replay and is returned.
    ///
    /// # Errors
    /// As [`GameCore::replay`], and `before`'s.
    pub fn replay_observed(
        events: &[Value],
        mut before: impl FnMut(&mut GameCore, &Decision) -> Result<()>,
    ) -> Result<GameCore> {
        let start = events
            .first()
            .ok_or_else(|| log_error("an event log is a non-empty list of event dicts"))?;
        let mut game = deal_of(start)?;
        let mut verdict = verdict_of(events)?;
        for d in decisions(events)? {
            if let Some((n, seat, v)) = verdict.filter(|&(n, ..)| n < d.event) {
                game.end_by_verdict(seat, v)
                    .map_err(|e| cannot(events, n, &e))?;
                verdict = None;
            }
            if usize::from(d.seat) >= 4 {
                // (the step would refuse it; `before` must never see it: it indexes by seat)
                let e = Error::Argument(format!("seat {} is no seat (0–3)", d.seat));
                return Err(cannot(events, d.event, &e));
            }
            before(&mut game, &d)?;
            game.step(d.seat, d.action)
                .map_err(|e| cannot(events, d.event, &e))?;
        }
        if let Some((n, seat, v)) = verdict {
            game.end_by_verdict(seat, v)
                .map_err(|e| cannot(events, n, &e))?;
        }
        game.check_log(events)?;
        Ok(game)
    }

    /// Whether this hand's log is exactly `events` (compared as JSON).
    ///
    /// # Errors
    /// [`Error::EventLog`] naming the first event that differs, its type and the first
    /// field of it that differs, with both values (`event 57 (end_hand) differs at
    /// result.transfers[2].amount: logged 5, replayed 7`).
    pub fn check_log(&self, events: &[Value]) -> Result<()> {
        let mut replayed: Vec<Value> = self
            .events
            .iter()
            .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
            .collect();
        if let (Some(logged), Some(again)) = (events.last(), replayed.last_mut()) {
            if is_first_result_shape(logged) {
                to_first_result_shape(again);
            }
        }
        for n in 0..replayed.len().max(events.len()) {
            let (logged, again) = (events.get(n), replayed.get(n));
            if logged == again {
                continue;
            }
            let kind = type_of(logged.or(again).unwrap_or(&Value::Null));
            let difference = match (logged, again) {
                (Some(l), Some(r)) => first_difference(l, r),
                _ => Some(Difference {
                    path: String::new(),
                    logged: logged.cloned(),
                    replayed: again.cloned(),
                }),
            };
            let what = difference.map_or_else(String::new, |d| d.to_string());
            return Err(log_error(format!(
                "the log does not replay to itself: event {n} ({kind}) differs{what}"
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::profiles::Rules;
    use crate::rng::Rng;

    /// A finished hand of random play, its log as JSON values, and the lengths of the log
    /// at each decision.
    fn played(rules: &str, seed: u64) -> (GameCore, Vec<Value>, Vec<usize>) {
        let rules = Rules::parse(rules).expect("valid rules");
        let dealer = rules
            .profile()
            .fixed_dealer(&rules)
            .unwrap_or((seed % 4) as u8);
        let mut g = GameCore::seeded(rules, dealer, seed, [0; 4]).unwrap();
        let mut rng = Rng::new(seed);
        let mut cuts = Vec::new();
        while let Some(seat) = g.first_to_act() {
            cuts.push(g.events().len());
            let legal = g.legal_actions(seat).unwrap();
            g.step(seat, legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
        }
        let log = g
            .events()
            .iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .collect();
        (g, log, cuts)
    }

    fn replay_error(events: &[Value]) -> String {
        match GameCore::replay(events) {
            Err(Error::EventLog(m)) => m,
            other => panic!("expected an event log error, got {:?}", other.map(|_| ())),
        }
    }

    #[test]
    fn every_preset_replays_to_the_same_log() {
        for name in crate::profiles::preset_names() {
            for seed in 0..8 {
                let (g, log, cuts) = played(name, seed);
                let back = GameCore::replay(&log).unwrap_or_else(|e| panic!("{name} {seed}: {e}"));
                assert_eq!(back.events(), g.events(), "{name} seed {seed}");
                assert_eq!(back.result(), g.result(), "{name} seed {seed}");
                let cut = &log[..cuts[cuts.len() / 2]];
                let part = GameCore::replay(cut).unwrap_or_else(|e| panic!("{name} {seed}: {e}"));
                assert_eq!(
                    part.events().len(),
                    cut.len(),
                    "{name} seed {seed}: a cut log"
                );
            }
        }
    }

    #[test]
    fn a_bad_log_is_refused_naming_the_event() {
        let (g, log, _) = played("taiyuan", 3);
        let nth = |kind: &str| {
            log.iter()
                .position(|e| e["type"] == kind && e.get("auto") != Some(&Value::Bool(true)))
                .unwrap()
        };
        let edited = |n: usize, key: &str, value: Option<Value>| {
            let mut bad = log.clone();
            match value {
                Some(v) => bad[n][key] = v,
                None => {
                    bad[n].as_object_mut().unwrap().shift_remove(key);
                }
            }
            replay_error(&bad)
        };
        let (draw, discard) = (nth("draw"), nth("discard"));
        let cases = [
            (
                edited(draw, "tile", Some(Value::from(99))),
                format!(
                    "event {draw} (draw) differs at tile: logged 99, replayed {}",
                    log[draw]["tile"]
                ),
            ),
            (
                edited(discard, "tile", Some(Value::from(99))),
                "invalid tile 99; expected 0–33".into(),
            ),
            (
                edited(discard, "auto", None),
                format!("event {discard} (discard) is malformed: it has no 'auto' field"),
            ),
            (
                edited(discard, "seat", Some(Value::from(true))),
                "invalid type: boolean".into(),
            ),
            (
                edited(0, "wall", None),
                "bad start_hand event: it has no 'wall' field".into(),
            ),
            (
                edited(0, "dealer", Some("0".into())),
                "'dealer' must be a seat 0–3".into(),
            ),
            (
                edited(0, "scores", Some(Value::Null)),
                "'scores' must be".into(),
            ),
            (
                edited(0, "rules", Some(Value::from(vec![1]))),
                "'rules' must be a dict".into(),
            ),
            (
                edited(discard, "type", Some("jump".into())),
                "unknown variant `jump`".into(),
            ),
        ];
        for (got, want) in cases {
            assert!(got.contains(&want), "{got:?} should say {want:?}");
        }
        let mut extra = log.clone();
        extra.push(log[draw].clone());
        assert!(replay_error(&extra).contains(&format!(
            "event {} (draw) differs: logged {{\"type\":\"draw\"",
            log.len()
        )));
        let seat_log = g.events_for(Some(0));
        assert!(replay_error(&seat_log).contains("one seat's log"));
        assert!(replay_error(&[]).contains("non-empty list"));
    }
}
