//! The judge's output JSON: `{"command", "content", "display"}` (and `initdata` on the
//! first), written with its keys in the order jsoncpp prints them (sorted).

use serde_json::{json, Map, Value};

use super::display::Calculated;
use super::tiles::name;

/// The display of a turn, built key by key.
pub type Display = Map<String, Value>;

/// `output` as JSON text, every object's keys sorted as jsoncpp prints them (the outputs
/// are built unsorted: a check compares them as maps).
#[must_use]
pub fn text(output: &Value) -> String {
    sorted(output.clone()).to_string()
}

/// Sort every object's keys.
fn sorted(mut v: Value) -> Value {
    match &mut v {
        Value::Object(m) => {
            let old = std::mem::take(m);
            let mut pairs: Vec<(String, Value)> = old.into_iter().collect();
            pairs.sort_by(|a, b| a.0.cmp(&b.0));
            for (k, x) in pairs {
                m.insert(k, sorted(x));
            }
        }
        Value::Array(a) => {
            for x in a.iter_mut() {
                *x = sorted(std::mem::take(x));
            }
        }
        _ => {}
    }
    v
}

/// A display with `action` and, where one is named, `player`.
#[must_use]
pub fn display(action: &str, player: Option<u8>) -> Display {
    let mut d = Display::new();
    d.insert("action".into(), action.into());
    if let Some(p) = player {
        d.insert("player".into(), p.into());
    }
    d
}

/// Add `tile`'s name as `key` (`tile`, `tileCHI`).
pub fn put_tile(d: &mut Display, key: &str, tile: u8) {
    d.insert(key.into(), name(tile).into());
}

/// Add `fanCnt` and, when any fan is scored, `fan`.
pub fn put_fans(d: &mut Display, calc: &Calculated) {
    d.insert("fanCnt".into(), calc.fan_count.into());
    if let Some(list) = calc.fan_list() {
        d.insert("fan".into(), list);
    }
}

/// A request: each seat's request text.
#[must_use]
pub fn request(content: [String; 4], display: Display) -> Value {
    let c: Map<String, Value> = content
        .into_iter()
        .enumerate()
        .map(|(i, s)| (i.to_string(), Value::String(s)))
        .collect();
    json!({"command": "request", "content": c, "display": display})
}

/// The end: each seat's score as `content` (and as `display.score` when `scored`).
#[must_use]
pub fn finish(scores: [i32; 4], mut display: Display, scored: bool) -> Value {
    if scored {
        display.insert("score".into(), json!(scores));
    }
    let c: Map<String, Value> = scores
        .iter()
        .enumerate()
        .map(|(i, &s)| (i.to_string(), s.into()))
        .collect();
    json!({"command": "finish", "content": c, "display": display})
}

/// The same request text to every seat.
#[must_use]
pub fn to_all(text: &str) -> [String; 4] {
    std::array::from_fn(|_| text.to_owned())
}
