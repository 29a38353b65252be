//! A finished game's log read for the check, typed: each output's compared fields and each
//! entry's answers, the rest of the JSON passed over unbuilt (a check reads thousands of
//! logs).

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

use super::input::{Answers, InputError, Result, SeatAnswer};

/// A logged output's display: the fields compared, the rest (`canHu`, `strlen`…) skipped.
#[derive(Debug, Default, Deserialize)]
pub(super) struct Shown {
    action: Option<Value>,
    player: Option<Value>,
    tile: Option<Value>,
    #[serde(rename = "tileCHI")]
    tile_chi: Option<Value>,
    #[serde(rename = "fanCnt")]
    fan_cnt: Option<Value>,
    fan: Option<Value>,
    score: Option<Value>,
    hand: Option<Value>,
    #[serde(rename = "tileCnt")]
    tile_cnt: Option<Value>,
}

impl Shown {
    /// The display field `key` (one of `check::DISPLAY_FIELDS`).
    pub(super) fn get(&self, key: &str) -> Option<&Value> {
        match key {
            "action" => self.action.as_ref(),
            "player" => self.player.as_ref(),
            "tile" => self.tile.as_ref(),
            "tileCHI" => self.tile_chi.as_ref(),
            "fanCnt" => self.fan_cnt.as_ref(),
            "fan" => self.fan.as_ref(),
            "score" => self.score.as_ref(),
            "hand" => self.hand.as_ref(),
            "tileCnt" => self.tile_cnt.as_ref(),
            _ => None,
        }
    }
}

/// A logged output: what the check compares, and the first output's `initdata`.
#[derive(Debug, Default, Deserialize)]
pub(super) struct Logged {
    pub command: Option<Value>,
    pub content: Option<Value>,
    #[serde(default)]
    pub display: Shown,
    pub initdata: Option<Value>,
}

/// A seat's logged answer.
#[derive(Deserialize)]
struct SeatIn {
    verdict: Option<Value>,
    response: Option<Value>,
}

/// jsoncpp's `asString` of a scalar; `""` for anything else.
fn text_of(v: Option<Value>) -> String {
    match v {
        Some(Value::String(s)) => s,
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

/// One log entry: an output, or answers (with the first key that names neither).
#[derive(Default)]
pub(super) struct Entry {
    pub output: Option<Logged>,
    pub answers: Answers,
    pub stray: Option<String>,
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct EntryVisitor;
        impl<'de> Visitor<'de> for EntryVisitor {
            type Value = Entry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a log entry: {\"output\": ...} or the answers {\"0\": ...}")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Entry, A::Error> {
                let mut e = Entry::default();
                while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                    let seat = match key.as_ref() {
                        "output" => {
                            e.output = Some(map.next_value()?);
                            continue;
                        }
                        "0" => 0,
                        "1" => 1,
                        "2" => 2,
                        "3" => 3,
                        other => {
                            e.stray.get_or_insert_with(|| other.to_owned());
                            map.next_value::<IgnoredAny>()?;
                            continue;
                        }
                    };
                    let a: SeatIn = map.next_value()?;
                    e.answers[seat] = Some(SeatAnswer {
                        verdict: text_of(a.verdict),
                        response: text_of(a.response),
                    });
                }
                Ok(e)
            }
        }
        d.deserialize_map(EntryVisitor)
    }
}

/// A game's log as the check reads it.
#[derive(Deserialize)]
pub(super) struct GameLog {
    #[serde(default)]
    pub initdata: Value,
    pub log: Vec<Entry>,
}

/// Read `text` as a game's log.
///
/// # Errors
/// Not JSON, or not the shape of a log (named with serde's position).
pub(super) fn read(text: &str) -> Result<GameLog> {
    serde_json::from_str(text).map_err(|e| {
        InputError(format!(
            "not a game log ({{\"initdata\": ..., \"log\": [output, answers, …]}}): {e}"
        ))
    })
}

impl Entry {
    /// The output of an entry at `at` (even), or why it is none.
    pub(super) fn output(&self, at: usize) -> Result<&Logged> {
        self.output.as_ref().ok_or_else(|| {
            InputError(format!(
                "log[{at}] must be the judge's output ({{\"output\": {{...}}}}): the log alternates outputs (even positions) and answers (odd positions)"
            ))
        })
    }

    /// The answers of an entry at `at` (odd), or why they are none.
    pub(super) fn answers(&self, at: usize) -> Result<&Answers> {
        if self.output.is_some() {
            return Err(InputError(format!(
                "log[{at}] must be the bots' answers: the log alternates outputs (even positions) and answers (odd positions)"
            )));
        }
        if let Some(key) = &self.stray {
            return Err(InputError(format!(
                "log[{at}]: answers for seat {key:?}, which does not exist (seats are \"0\"–\"3\")"
            )));
        }
        Ok(&self.answers)
    }
}
