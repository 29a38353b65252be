//! Replay of a full event log (`Game.replay`, `Game.from_json`, `koudiandian replay`): the
//! deal read from its `start_hand` event, every decision the later events record taken
//! again, and the log the engine writes compared with the one given, event by event, as
//! JSON (so `0` is not `false` and `1.0` not `1`). Every error names the event and what is
//! wrong with it.

use serde::de::{Deserialize, Deserializer, Error as _};
use serde_json::{Map, Value};

use super::action::{Act, ActionCode, CODES};
use super::difference::{first_difference, Difference};
use super::event::Event;
use super::state::GameCore;
use crate::error::{Error, Result};
use crate::outcome::WinKind;
use crate::profiles::{OptionType, Rules};

/// A decision a log records: event number `event` says that `seat` took `action`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub event: usize,
    pub seat: u8,
    pub action: ActionCode,
}

/// The most bids a seat may make (跑), as `ActionKind.PAO` takes them.
const MAX_PAO: u8 = 3;

fn log_error(message: impl Into<String>) -> Error {
    Error::EventLog(message.into())
}

/// An event's `type`, for messages.
fn type_of(event: &Value) -> String {
    match event.get("type") {
        Some(Value::String(kind)) => kind.clone(),
        Some(other) => other.to_string(),
        None => "no type".into(),
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
        let start = events
            .first()
            .ok_or_else(|| log_error("an event log is a non-empty list of event dicts"))?;
        let mut game = deal_of(start)?;
        for d in decisions(events)? {
            game.step(d.seat, d.action).map_err(|e| {
                log_error(format!(
                    "event {} ({}) cannot be replayed: {e}",
                    d.event,
                    type_of(&events[d.event])
                ))
            })?;
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
        let replayed: Vec<Value> = self
            .events
            .iter()
            .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
            .collect();
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

/// Every decision that `events[1..]` record, in order (the engine's own events, such as a
/// draw or a declared seat's automatic discard, are none).
///
/// # Errors
/// [`Error::EventLog`] naming the first event that is not a well-formed event.
pub fn decisions(events: &[Value]) -> Result<Vec<Decision>> {
    let mut out = Vec::new();
    for (n, value) in events.iter().enumerate().skip(1) {
        let kind = match value.get("type") {
            Some(Value::String(kind)) => kind.as_str(),
            Some(other) => return Err(log_error(format!("event {n} has unknown type {other}"))),
            None => {
                return Err(log_error(format!(
                    "event {n} is not a type-tagged dict: {value}"
                )))
            }
        };
        match kind {
            "end_hand" => continue, // the settlement: compared, not read
            "start_hand" => {
                return Err(log_error(format!(
                    "event {n} is a second 'start_hand': a log holds one hand"
                )))
            }
            _ => {}
        }
        let malformed = |why: String| log_error(format!("event {n} ({kind}) is malformed: {why}"));
        let event = Event::deserialize(value).map_err(|e| malformed(reworded(&e.to_string())))?;
        if let Some((seat, act, tile)) = event.decision() {
            let action = code_of(act, tile).map_err(|e| malformed(e.to_string()))?;
            out.push(Decision {
                event: n,
                seat,
                action,
            });
        }
    }
    Ok(out)
}

/// serde's "missing field `x`" in the words of the other messages.
fn reworded(message: &str) -> String {
    match message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.strip_suffix('`'))
    {
        Some(name) => format!("it has no '{name}' field"),
        None => message.to_owned(),
    }
}

impl Event {
    /// The decision this event records, as `(seat, kind, tile)`, or `None` for an event
    /// the engine makes itself.
    #[must_use]
    pub fn decision(&self) -> Option<(u8, Act, Option<u8>)> {
        Some(match *self {
            Event::Discard { auto: true, .. }
            | Event::Answer { auto: true, .. }
            | Event::DiceKong { from: Some(_), .. } => return None, // a claimed one: its answer
            Event::Discard {
                seat,
                tile,
                declare,
                ..
            } => (
                seat,
                if declare { Act::Declare } else { Act::Discard },
                Some(tile),
            ),
            Event::ConcealedKong { seat, tile } => (seat, Act::ConcealedKong, Some(tile)),
            Event::AddedKong { seat, tile } => (seat, Act::AddedKong, Some(tile)),
            Event::Answer {
                seat, action, tile, ..
            } => (seat, action, tile),
            Event::Bid { seat, pao } => (seat, Act::Pao, Some(pao)),
            Event::DiceKong { seat, tile, .. } => (seat, Act::DiceKong, Some(tile)),
            Event::OpeningWin { seat, .. } => (seat, Act::OpeningWin, None),
            Event::Haidi { seat, take } => (seat, if take { Act::Haidi } else { Act::Pass }, None),
            Event::Win {
                seat,
                kind: WinKind::SelfDraw,
                auto: false,
                ..
            } => (seat, Act::SelfDrawWin, None),
            _ => return None,
        })
    }
}

/// The code of an action of kind `act` with `tile`, given exactly when the kind takes one.
fn code_of(act: Act, tile: Option<u8>) -> Result<ActionCode> {
    let name = act.name().to_ascii_uppercase();
    match (act, tile) {
        (Act::Pao, Some(n)) if n > MAX_PAO => Err(Error::IllegalAction(format!(
            "PAO needs a bid 0–{MAX_PAO}, got {n}"
        ))),
        (_, Some(t)) if act.takes_tile() && t >= 34 => Err(Error::IllegalAction(format!(
            "invalid tile {t}; expected 0–33"
        ))),
        (_, Some(t)) if act.takes_tile() => Ok(act.code(t)),
        (_, None) if act.takes_tile() => Err(Error::IllegalAction(format!(
            "{name} needs a tile, got None"
        ))),
        (_, Some(t)) => Err(Error::IllegalAction(format!(
            "{name} takes no tile, got {t}"
        ))),
        (_, None) => Ok(act.code(0)),
    }
}

/// An action kind by its name in logs (`"discard"`); the message names what was given and
/// every name.
impl<'de> Deserialize<'de> for Act {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Act, D::Error> {
        let value = Value::deserialize(d)?;
        let kinds = (0..CODES).step_by(34).map(Act::of);
        if let Some(act) = kinds.clone().find(|a| value.as_str() == Some(a.name())) {
            return Ok(act);
        }
        let shown = match &value {
            Value::String(s) => format!("'{s}'"),
            other => other.to_string(),
        };
        let names: Vec<&str> = kinds.map(Act::name).collect();
        Err(D::Error::custom(format!(
            "unknown action {shown}; expected one of {}",
            names.join(", ")
        )))
    }
}

/// The hand a log's first event deals.
fn deal_of(start: &Value) -> Result<GameCore> {
    let Value::Object(m) = start else {
        return Err(log_error("an event log is a non-empty list of event dicts"));
    };
    if m.get("type").and_then(Value::as_str) != Some("start_hand") {
        return Err(log_error("the first event must be 'start_hand'"));
    }
    if !m.contains_key("wall") && (m.contains_key("hand") || m.contains_key("wall_size")) {
        return Err(log_error(
            "this is one seat's log (as Game.events_for gives it): it hides the wall and the \
             other seats' tiles, so it cannot be replayed; replay the full log (Game.events \
             or Game.to_json)",
        ));
    }
    let bad = |why: String| log_error(format!("bad start_hand event: {why}"));
    if let Some(name) = ["rules", "dealer", "wall", "wildcards"]
        .into_iter()
        .find(|&name| !m.contains_key(name))
    {
        return Err(bad(format!("it has no '{name}' field")));
    }
    let rules = rules_of(&m["rules"]).map_err(|e| bad(e.to_string()))?;
    let wall = tiles_field(m, "wall").map_err(bad)?;
    let wildcards = tiles_field(m, "wildcards").map_err(bad)?;
    let scores = scores_field(m).map_err(bad)?;
    let dice = dice_field(m).map_err(bad)?;
    let dealer = match m["dealer"].as_u64() {
        Some(d) if d < 4 => d as u8,
        _ => {
            return Err(bad(format!(
                "'dealer' must be a seat 0–3, got {}",
                m["dealer"]
            )))
        }
    };
    let wind = match m.get("prevalent_wind").map(Value::as_u64) {
        None => 0,
        Some(Some(w)) if w < 4 => w as u8,
        Some(_) => {
            return Err(bad(format!(
                "'prevalent_wind' must be 0–3, got {}",
                m["prevalent_wind"]
            )))
        }
    };
    let mut game = GameCore::with_dice(rules, dealer, wall, wildcards, dice, scores)
        .map_err(|e| bad(e.to_string()))?;
    game.set_prevalent_wind(wind)
        .map_err(|e| bad(e.to_string()))?;
    Ok(game)
}

/// A field of the deal, or a message naming it (prefixed by the caller).
type Field<T> = std::result::Result<T, String>;

/// The ints of list field `name` holding `value`.
fn ints(name: &str, value: &Value) -> Field<Vec<i64>> {
    value
        .as_array()
        .and_then(|items| {
            items
                .iter()
                .map(Value::as_i64)
                .collect::<Option<Vec<i64>>>()
        })
        .ok_or_else(|| format!("'{name}' must be a list of ints, got {value}"))
}

/// A deal's tiles (the wall or the wildcard kinds); which are in play is the wall's check.
fn tiles_field(m: &Map<String, Value>, name: &str) -> Field<Vec<u8>> {
    ints(name, &m[name])?
        .into_iter()
        .enumerate()
        .map(|(pos, k)| {
            u8::try_from(k).map_err(|_| format!("tile {k} at {name} position {pos} is not in play"))
        })
        .collect()
}

/// The seats' scores before the hand (zeros when not logged).
fn scores_field(m: &Map<String, Value>) -> Field<[i32; 4]> {
    let Some(value) = m.get("scores") else {
        return Ok([0; 4]);
    };
    let scores: Vec<i32> = ints("scores", value)?
        .into_iter()
        .map(i32::try_from)
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| format!("'scores' must be four ints, got {value}"))?;
    scores
        .try_into()
        .map_err(|_| format!("'scores' must be four ints, got {value}"))
}

/// The dice the hand rolls (none when not logged).
fn dice_field(m: &Map<String, Value>) -> Field<Vec<(u8, u8)>> {
    let Some(value) = m.get("dice") else {
        return Ok(Vec::new());
    };
    let die = |v: &Value| v.as_u64().filter(|d| (1..=6).contains(d)).map(|d| d as u8);
    value
        .as_array()
        .and_then(|pairs| {
            pairs
                .iter()
                .map(|p| match p.as_array().map(Vec::as_slice) {
                    Some([a, b]) => Some((die(a)?, die(b)?)),
                    _ => None,
                })
                .collect()
        })
        .ok_or_else(|| format!("'dice' must be a list of [int, int] pairs of 1–6, got {value}"))
}

/// Rules from their JSON shape (`Rules.to_dict()`): `"profile"` (default `"taiyuan"`) and
/// options by name, a bool or the choice's name; checked.
fn rules_of(value: &Value) -> Result<Rules> {
    let Value::Object(options) = value else {
        return Err(Error::Rules(format!(
            "'rules' must be a dict of options, got {value}"
        )));
    };
    let mut rules = match options.get("profile") {
        None => Rules::of_profile("taiyuan")?,
        Some(Value::String(p)) => Rules::of_profile(p)?,
        Some(p) => return Err(Error::Rules(format!("profile must be a name, got {p}"))),
    };
    for (name, v) in options.iter().filter(|(k, _)| *k != "profile") {
        let (spec, _) = rules.get(name)?;
        let value = match (spec.kind, v) {
            (OptionType::Bool, &Value::Bool(b)) => u8::from(b),
            (OptionType::Choice(_), Value::String(s)) => spec.read(s)?,
            (OptionType::Bool, _) => {
                return Err(Error::Rules(format!(
                    "option {} must be true or false, got {v}",
                    spec.name
                )))
            }
            (OptionType::Choice(names), _) => {
                return Err(Error::Rules(format!(
                    "option {} must be one of {}, got {v}",
                    spec.name,
                    names.join(", ")
                )))
            }
        };
        rules.set(spec.name, value)?;
    }
    rules.check()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A finished hand of random play, its log as JSON values, and the lengths of the log
    /// at each decision.
    fn played(rules: &str, seed: u64) -> (GameCore, Vec<Value>, Vec<usize>) {
        let rules = Rules::parse(rules).expect("valid rules");
        let mut g = GameCore::seeded(rules, (seed % 4) as u8, seed, [0; 4]).unwrap();
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

    #[test]
    fn an_unknown_action_is_named_with_the_known_ones() {
        let bad = |v: Value| Act::deserialize(&v).unwrap_err().to_string();
        assert!(bad("jump".into()).starts_with("unknown action 'jump'; expected one of discard"));
        assert!(bad(3.into()).starts_with("unknown action 3; expected one of"));
        assert_eq!(
            Act::deserialize(&Value::from("self_draw_win")).unwrap(),
            Act::SelfDrawWin
        );
    }
}
