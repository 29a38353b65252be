//! The first difference between two JSON values, as the path to the field that differs and
//! both values there: what a replay reports when a log does not replay to itself
//! (`result.transfers[2].amount: logged 5, replayed 7`), instead of both whole events.

use std::fmt::{self, Write as _};

use serde_json::Value;

/// The longest value a message quotes, in characters; a longer one is cut with `…`.
const QUOTED: usize = 60;

/// Where two JSON values first differ: the path from the top (`result.transfers[2].amount`,
/// empty when the values differ at the top) and each value there (`None` where that side
/// has no such field or item).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    pub path: String,
    pub logged: Option<Value>,
    pub replayed: Option<Value>,
}

/// The first field at which `logged` and `replayed` differ, or `None` when they are equal
/// (as JSON: `0` is not `false`, `1.0` not `1`). An object's fields are looked at in the
/// order `replayed` writes them, then the fields only `logged` has; an array's items in
/// order, then the items only one side has.
#[must_use]
pub fn first_difference(logged: &Value, replayed: &Value) -> Option<Difference> {
    let mut path = String::new();
    let (logged, replayed) = walk(Some(logged), Some(replayed), &mut path)?;
    Some(Difference {
        path,
        logged: logged.cloned(),
        replayed: replayed.cloned(),
    })
}

/// The values at the first difference below `path`, with `path` extended to it.
fn walk<'a>(
    logged: Option<&'a Value>,
    replayed: Option<&'a Value>,
    path: &mut String,
) -> Option<(Option<&'a Value>, Option<&'a Value>)> {
    if logged == replayed {
        return None;
    }
    let len = path.len();
    match (logged, replayed) {
        (Some(Value::Object(l)), Some(Value::Object(r))) => {
            let keys = r.keys().chain(l.keys().filter(|k| !r.contains_key(*k)));
            for key in keys {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                if let Some(found) = walk(l.get(key), r.get(key), path) {
                    return Some(found);
                }
                path.truncate(len);
            }
        }
        (Some(Value::Array(l)), Some(Value::Array(r))) => {
            for i in 0..l.len().max(r.len()) {
                let _ = write!(path, "[{i}]"); // writing to a String cannot fail
                if let Some(found) = walk(l.get(i), r.get(i), path) {
                    return Some(found);
                }
                path.truncate(len);
            }
        }
        _ => {}
    }
    Some((logged, replayed))
}

/// A value as a message quotes it: compact JSON, cut to [`QUOTED`] characters.
fn quoted(value: Option<&Value>) -> String {
    let Some(value) = value else {
        return "nothing".into();
    };
    let text = value.to_string();
    if text.chars().count() <= QUOTED {
        return text;
    }
    let cut: String = text.chars().take(QUOTED - 1).collect();
    format!("{cut}…")
}

impl fmt::Display for Difference {
    /// ` at result.transfers[2].amount: logged 5, replayed 7` (`: logged 5, replayed 7` at
    /// the top), to follow "event 57 (end_hand) differs".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.path.is_empty() {
            write!(f, " at {}", self.path)?;
        }
        write!(
            f,
            ": logged {}, replayed {}",
            quoted(self.logged.as_ref()),
            quoted(self.replayed.as_ref())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `(logged, replayed, the message)`, one line per case.
    #[test]
    fn the_first_difference_names_its_path_and_both_values() {
        let cases = [
            (json!({"a": 1}), json!({"a": 1}), None),
            (json!(0), json!(false), Some(": logged 0, replayed false")),
            (
                json!({"type": "end_hand", "result": {"transfers": [{"amount": 1}, {"amount": 5}]}}),
                json!({"type": "end_hand", "result": {"transfers": [{"amount": 1}, {"amount": 7}]}}),
                Some(" at result.transfers[1].amount: logged 5, replayed 7"),
            ),
            (
                json!({"a": [1, 2]}),
                json!({"a": [1, 2, 3]}),
                Some(" at a[2]: logged nothing, replayed 3"),
            ),
            (
                json!({"a": 1, "extra": true}),
                json!({"a": 1}),
                Some(" at extra: logged true, replayed nothing"),
            ),
            (
                json!({"b": 1, "a": 2}),
                json!({"a": 3, "b": 4}),
                Some(" at a: logged 2, replayed 3"),
            ),
            (
                json!({"a": [1.0]}),
                json!({"a": [1]}),
                Some(" at a[0]: logged 1.0, replayed 1"),
            ),
            (
                json!({"a": "x".repeat(100)}),
                json!({"a": null}),
                Some(
                    " at a: logged \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…, \
                     replayed null",
                ),
            ),
        ];
        for (logged, replayed, want) in cases {
            let got = first_difference(&logged, &replayed).map(|d| d.to_string());
            assert_eq!(got.as_deref(), want, "{logged} against {replayed}");
        }
    }
}
