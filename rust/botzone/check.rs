//! A finished game's log judged again: every turn's output compared with ours, field by
//! field (`command`, `content`, and `display`'s `action`, `player`, `tile`, `tileCHI`,
//! `fanCnt`, `fan`, `score`, `hand`, `tileCnt`; `canHu` is left out).

use serde_json::{Map, Value};

use super::input::{init_data, json, read_answers, read_output, InputError, Result};
use super::judge::Judge;

/// The display's fields compared.
pub const DISPLAY_FIELDS: [&str; 9] = [
    "action", "player", "tile", "tileCHI", "fanCnt", "fan", "score", "hand", "tileCnt",
];

/// One field where the logged output and ours differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The output's number (1 the INIT), i.e. its position in the log / 2 + 1.
    pub turn: usize,
    /// `command`, `content`, or `display.<field>`.
    pub field: String,
    /// The field's JSON in the log (`""` when absent).
    pub logged: String,
    /// Ours.
    pub ours: String,
}

fn text(v: Option<&Value>) -> String {
    v.map_or_else(String::new, Value::to_string)
}

/// The fields of `logged` and `ours` that differ.
fn compare(turn: usize, logged: &Map<String, Value>, ours: &Value, out: &mut Vec<Difference>) {
    let mut field = |name: String, a: Option<&Value>, b: Option<&Value>| {
        if a != b {
            out.push(Difference {
                turn,
                field: name,
                logged: text(a),
                ours: text(b),
            });
        }
    };
    for key in ["command", "content"] {
        field(key.to_owned(), logged.get(key), ours.get(key));
    }
    let (ld, od) = (logged.get("display"), ours.get("display"));
    for key in DISPLAY_FIELDS {
        let a = ld.and_then(|d| d.get(key));
        let b = od.and_then(|d| d.get(key));
        field(format!("display.{key}"), a, b);
    }
}

/// The game's `initdata`: the log's own (an object, or JSON text of one), else the first
/// output's.
fn initdata(top: &Map<String, Value>, log: &[Value]) -> Value {
    match top.get("initdata") {
        Some(Value::Object(_)) => top["initdata"].clone(),
        Some(Value::String(s)) if serde_json::from_str::<Value>(s).is_ok_and(|v| v.is_object()) => {
            serde_json::from_str(s).unwrap_or(Value::Null)
        }
        _ => log
            .first()
            .and_then(|e| e.get("output"))
            .and_then(|o| o.get("initdata"))
            .cloned()
            .unwrap_or(Value::Null),
    }
}

/// Judge the game of `text` (`{"initdata": {...}, "log": [output, answers, …, output]}`)
/// again, and list every difference between its outputs and ours, in turn order. Once
/// either side finishes, the turns stop.
///
/// # Errors
/// Not JSON, a log that does not alternate outputs and answers, answers for a seat that
/// does not exist, a bad wall.
pub fn check_log(text: &str) -> Result<Vec<Difference>> {
    let value = json(text)?;
    let top = value
        .as_object()
        .ok_or_else(|| InputError("a game log must be an object with \"log\"".into()))?;
    let log = top
        .get("log")
        .and_then(Value::as_array)
        .ok_or_else(|| InputError("a game log must hold a list \"log\"".into()))?;
    let mut judge = Judge::new(init_data(&initdata(top, log))?)?;
    let mut out = Vec::new();
    for (k, pair) in log.chunks(2).enumerate() {
        let logged = read_output(&pair[0], 2 * k)?;
        compare(k + 1, logged, judge.output(), &mut out);
        let over = logged.get("command").and_then(Value::as_str) == Some("finish");
        if over || judge.finished() {
            break;
        }
        let Some(answers) = pair.get(1) else { break };
        judge.answer(&read_answers(answers, 2 * k + 1)?)?;
    }
    Ok(out)
}
