//! A finished game's log judged again: every turn's output compared with ours, field by
//! field (`command`, `content`, and `display`'s `action`, `player`, `tile`, `tileCHI`,
//! `fanCnt`, `fan`, `score`, `hand`, `tileCnt`; `canHu` is left out).

use serde_json::Value;

use super::input::{init_data, Result};
use super::judge::Judge;
use super::log::{self, GameLog, Logged};

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
fn compare(turn: usize, logged: &Logged, ours: &Value, out: &mut Vec<Difference>) {
    let mut field = |name: &str, a: Option<&Value>, b: Option<&Value>| {
        if a != b {
            out.push(Difference {
                turn,
                field: name.to_owned(),
                logged: text(a),
                ours: text(b),
            });
        }
    };
    field("command", logged.command.as_ref(), ours.get("command"));
    field("content", logged.content.as_ref(), ours.get("content"));
    let display = ours.get("display");
    for key in DISPLAY_FIELDS {
        let b = display.and_then(|d| d.get(key));
        field(&format!("display.{key}"), logged.display.get(key), b);
    }
}

/// The game's `initdata`: the log's own (an object, or JSON text of one), else the first
/// output's.
fn initdata(game: &GameLog) -> Value {
    match &game.initdata {
        Value::Object(_) => game.initdata.clone(),
        Value::String(s) => match serde_json::from_str::<Value>(s) {
            Ok(v) if v.is_object() => v,
            _ => Value::Null,
        },
        _ => game
            .log
            .first()
            .and_then(|e| e.output.as_ref())
            .and_then(|o| o.initdata.clone())
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
    let game = log::read(text)?;
    let mut judge = Judge::new(init_data(&initdata(&game))?)?;
    let mut out = Vec::new();
    for (k, pair) in game.log.chunks(2).enumerate() {
        let logged = pair[0].output(2 * k)?;
        compare(k + 1, logged, judge.output(), &mut out);
        let over = logged.command.as_ref().and_then(Value::as_str) == Some("finish");
        if over || judge.finished() {
            break;
        }
        let Some(answers) = pair.get(1) else { break };
        judge.answer(answers.answers(2 * k + 1)?)?;
    }
    Ok(out)
}
