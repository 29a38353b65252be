//! The decisions a log records: each event read back with its serde shape, and the action
//! of every decision (a discard, an answer, a bid…) in the engine's codes; the engine's own
//! events (a draw, a declared seat's automatic discard) are none.

use serde::de::{Deserialize, Deserializer, Error as _};
use serde_json::Value;

use super::action::{Act, ActionCode, CODES};
use super::event::Event;
use crate::error::{Error, Result};
use crate::outcome::WinKind;

/// A decision a log records: event number `event` says that `seat` took `action`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub event: usize,
    pub seat: u8,
    pub action: ActionCode,
}

/// The most bids a seat may make (跑), as `ActionKind.PAO` takes them.
const MAX_PAO: u8 = 3;

/// An [`Error::EventLog`] saying `message`.
pub(super) fn log_error(message: impl Into<String>) -> Error {
    Error::EventLog(message.into())
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
            "end_hand" | "pay" => continue, // payments: compared, not read
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
        (Act::Void, Some(n)) if n > 2 => Err(Error::IllegalAction(format!(
            "VOID needs a suit 0–2 (m p s), got {n}"
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

#[cfg(test)]
mod tests {
    use super::*;

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
