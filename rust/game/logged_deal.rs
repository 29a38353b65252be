//! The hand a log's `start_hand` event deals: its rules (from `Rules.to_dict()`'s shape),
//! dealer, wall, wildcard kinds, scores, dice, prevalent wind and exchange direction, each
//! checked, with a message naming the field that is wrong.

use serde_json::{Map, Value};

use super::decisions::log_error;
use super::state::GameCore;
use crate::error::{Error, Result};
use crate::profiles::{OptionType, Rules};

/// The hand a log's first event deals.
pub(super) fn deal_of(start: &Value) -> Result<GameCore> {
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
    match m.get("exchange_direction") {
        None => {}
        Some(Value::String(name)) => game
            .set_exchange_direction(name)
            .map_err(|e| bad(e.to_string()))?,
        Some(other) => {
            return Err(bad(format!(
                "'exchange_direction' must be next, previous or opposite, got {other}"
            )))
        }
    }
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
