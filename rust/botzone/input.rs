//! The judge's input (`{"initdata": {...}, "log": [...]}`) read as the official judge reads
//! it, and refused where it would misbehave: a log that does not alternate outputs and
//! answers, answers for a seat that does not exist, a wall with unknown tiles, more than
//! four of a kind or too few tiles to deal.

use std::fmt;

use serde_json::{Map, Value};

use super::tiles;
use crate::rng::Rng;
use crate::tiles::is_flower;

/// Bad input to the judge, with a message naming the bad value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// A result with an [`InputError`].
pub type Result<T> = std::result::Result<T, InputError>;

/// The game's setting, as the judge settles it on its first call and returns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitData {
    /// The wall, by engine tile number, in the string's order (not yet cut in parts).
    pub wall: Vec<u8>,
    /// The prevalent wind 0–3.
    pub quan: u8,
    /// The seed: given, or the clock's.
    pub srand: u32,
    /// The length of the wall's text when one was given (0 when the judge shuffled).
    pub given_len: usize,
}

/// jsoncpp's `isInt`: an integer, or an integral real, within `i32`.
fn as_int(v: &Value) -> Option<i32> {
    if let Some(i) = v.as_i64() {
        return i32::try_from(i).ok();
    }
    if let Some(u) = v.as_u64() {
        return i32::try_from(u).ok();
    }
    let f = v.as_f64()?;
    #[allow(clippy::cast_possible_truncation)]
    (f.fract() == 0.0 && f >= f64::from(i32::MIN) && f <= f64::from(i32::MAX)).then_some(f as i32)
}

/// The seconds of the clock, the official judge's seed when none is given.
fn clock() -> u32 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    #[allow(clippy::cast_possible_truncation)]
    {
        secs as u32
    }
}

/// The 136 tiles of the judge's own wall, in its order (each kind four times).
fn full_wall() -> Vec<u8> {
    let mut wall = Vec::with_capacity(136);
    for rank in 0..9u8 {
        for _ in 0..4 {
            wall.extend([rank, 9 + rank, 18 + rank]);
        }
    }
    for honor in [27u8, 28, 29, 30, 33, 32, 31] {
        wall.extend([honor; 4]);
    }
    wall
}

/// Read `text` as a wall: tile names joined by single spaces.
///
/// # Errors
/// An unknown tile (naming it and its position), a kind more than four times, a flower
/// twice.
pub fn read_wall(text: &str) -> Result<Vec<u8>> {
    let mut wall = Vec::with_capacity(144);
    let mut counts = [0u8; 42];
    for (i, word) in text.split(' ').enumerate() {
        let Some(t) = tiles::parse(word) else {
            return Err(InputError(format!(
                "walltiles: unknown tile {word:?} at position {i} (tiles are W1–W9, B1–B9, T1–T9, F1–F4, J1–J3, H1–H8, joined by single spaces)"
            )));
        };
        counts[t as usize] += 1;
        let most = if is_flower(t) { 1 } else { 4 };
        if counts[t as usize] > most {
            return Err(InputError(format!(
                "walltiles: {} appears more than {most} time{} (again at position {i})",
                tiles::name(t),
                if most == 1 { "" } else { "s" }
            )));
        }
        wall.push(t);
    }
    Ok(wall)
}

/// The setting of `initdata` (any JSON value; the judge's rules for what is missing: the
/// clock's seed, a drawn `quan`, a shuffled wall of 136 — drawn by our own generator).
///
/// # Errors
/// A bad wall ([`read_wall`]).
pub fn init_data(initdata: &Value) -> Result<InitData> {
    let given = initdata.as_object();
    let field = |k: &str| given.and_then(|m| m.get(k));
    #[allow(clippy::cast_sign_loss)]
    let srand = field("srand")
        .and_then(as_int)
        .map_or_else(clock, |s| s as u32);
    let mut rng = Rng::new(u64::from(srand));
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let quan = match field("quan").and_then(as_int) {
        Some(q) if (0..4).contains(&q) => q as u8,
        _ => rng.below(4) as u8,
    };
    let text = field("walltiles").and_then(Value::as_str).unwrap_or("");
    let wall = if text.is_empty() {
        let mut wall = full_wall();
        rng.shuffle(&mut wall);
        wall
    } else {
        read_wall(text)?
    };
    Ok(InitData {
        wall,
        quan,
        srand,
        given_len: text.len(),
    })
}

impl InitData {
    /// The `initdata` the first output returns: `walltiles`, `quan`, `srand`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let names: Vec<&str> = self.wall.iter().map(|&t| tiles::name(t)).collect();
        serde_json::json!({"quan": self.quan, "srand": self.srand, "walltiles": names.join(" ")})
    }
}

/// One seat's answer in a log entry: the platform's verdict and the bot's response, as
/// the official judge reads them (`asString`: a missing value is empty).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatAnswer {
    pub verdict: String,
    pub response: String,
}

/// A log entry of answers: seat 0–3's, `None` for a seat the entry leaves out.
pub type Answers = [Option<SeatAnswer>; 4];

/// jsoncpp's `asString` of a scalar (a number or a bool as its text); `""` for anything
/// else.
fn text_of(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

/// Read one log entry of answers: an object keyed by seat (`"0"`–`"3"`).
///
/// # Errors
/// Not an object, a key that names no seat, a seat's answer that is not an object.
pub fn read_answers(entry: &Value, at: usize) -> Result<Answers> {
    let Some(map) = entry.as_object() else {
        return Err(InputError(format!(
            "log[{at}] must be the bots' answers (an object keyed by seat \"0\"–\"3\"), got {entry}"
        )));
    };
    let mut out: Answers = Default::default();
    for (key, value) in map {
        let seat = match key.as_str() {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            "3" => 3,
            _ => {
                return Err(InputError(format!(
                    "log[{at}]: answers for seat {key:?}, which does not exist (seats are \"0\"–\"3\"){}",
                    if key == "output" {
                        "; the log must alternate the judge's outputs and the bots' answers"
                    } else {
                        ""
                    }
                )))
            }
        };
        let Some(answer) = value.as_object() else {
            return Err(InputError(format!(
                "log[{at}][{key:?}] must be an object with \"verdict\" and \"response\", got {value}"
            )));
        };
        out[seat] = Some(SeatAnswer {
            verdict: text_of(answer.get("verdict")),
            response: text_of(answer.get("response")),
        });
    }
    Ok(out)
}

/// Read one log entry of the judge's output: `{"output": {...}}`; its output.
///
/// # Errors
/// Not an object holding `output`.
pub fn read_output(entry: &Value, at: usize) -> Result<&Map<String, Value>> {
    entry
        .get("output")
        .and_then(Value::as_object)
        .ok_or_else(|| {
            InputError(format!(
                "log[{at}] must be the judge's output ({{\"output\": {{...}}}}): the log alternates outputs (even positions) and answers (odd positions)"
            ))
        })
}

/// The judge's whole input.
#[derive(Debug, Clone)]
pub struct Input {
    pub init: InitData,
    /// The bots' answers to each output, in order (the outputs themselves are not read).
    pub answers: Vec<Answers>,
}

/// Parse `text` as JSON.
///
/// # Errors
/// Text that is not JSON, with serde's position.
pub fn json(text: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| InputError(format!("the input is not JSON: {e}")))
}

/// Read the judge program's input: `initdata` and a log alternating outputs and answers,
/// ending with answers (or empty: the first call).
///
/// # Errors
/// Not JSON, a log that is no list or does not alternate (or ends with an output), answers
/// for a seat that does not exist, a bad wall.
pub fn read_input(text: &str) -> Result<Input> {
    let value = json(text)?;
    let Some(top) = value.as_object() else {
        return Err(InputError(format!(
            "the input must be an object {{\"initdata\": ..., \"log\": [...]}}, got {value}"
        )));
    };
    let init = init_data(top.get("initdata").unwrap_or(&Value::Null))?;
    let log: &[Value] = match top.get("log") {
        None | Some(Value::Null) => &[],
        Some(Value::Array(a)) => a,
        Some(other) => {
            return Err(InputError(format!("\"log\" must be a list, got {other}")));
        }
    };
    if log.len() % 2 == 1 {
        return Err(InputError(format!(
            "the log ends with an output (log[{}]): the judge is run on the bots' answers to its last output",
            log.len() - 1
        )));
    }
    let mut answers = Vec::with_capacity(log.len() / 2);
    for (i, pair) in log.chunks(2).enumerate() {
        read_output(&pair[0], 2 * i)?;
        answers.push(read_answers(&pair[1], 2 * i + 1)?);
    }
    Ok(Input { init, answers })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_reads_in_order() {
        assert_eq!(read_wall("W1 J1 H8").unwrap(), vec![0, 33, 41]);
    }

    #[test]
    fn bad_walls_are_named() {
        for (text, part) in [
            ("W1 X9", "unknown tile \"X9\" at position 1"),
            ("W1  W2", "unknown tile \"\" at position 1"),
            ("W1 W1 W1 W1 W1", "W1 appears more than 4 times"),
            ("H1 H1", "H1 appears more than 1 time"),
        ] {
            let e = read_wall(text).unwrap_err();
            assert!(e.0.contains(part), "{text:?}: {e}");
        }
    }

    #[test]
    fn missing_settings_are_drawn_from_the_seed() {
        let a = init_data(&serde_json::json!({"srand": 7})).unwrap();
        let b = init_data(&serde_json::json!({"srand": 7})).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.wall.len(), 136);
        let mut sorted = a.wall.clone();
        sorted.sort_unstable();
        let mut full = full_wall();
        full.sort_unstable();
        assert_eq!(sorted, full);
        let q = init_data(&serde_json::json!({"srand": 7, "quan": 2, "walltiles": ""})).unwrap();
        assert_eq!((q.quan, q.srand, q.given_len), (2, 7, 0));
        let neg = init_data(&serde_json::json!({"srand": -1, "quan": 9})).unwrap();
        assert_eq!(neg.srand, u32::MAX);
        assert!(neg.quan < 4);
    }

    #[test]
    fn logs_must_alternate() {
        let out = r#"{"output": {"command": "request"}}"#;
        let ans = r#"{"0": {"verdict": "OK", "response": "PASS"}}"#;
        let ok = format!(r#"{{"initdata": {{"srand": 1}}, "log": [{out}, {ans}]}}"#);
        assert_eq!(read_input(&ok).unwrap().answers.len(), 1);
        for bad in [
            format!(r#"{{"log": [{out}]}}"#),
            format!(r#"{{"log": [{ans}, {out}]}}"#),
            format!(r#"{{"log": [{out}, {out}]}}"#),
            r#"{"log": [{"output": {}}, {"4": {"verdict": "OK", "response": "PASS"}}]}"#.to_owned(),
            "{\"log\": 3}".to_owned(),
            "not json".to_owned(),
        ] {
            assert!(read_input(&bad).is_err(), "{bad}");
        }
    }
}
