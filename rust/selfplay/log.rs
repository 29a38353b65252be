//! A hand's log as JSON text, byte for byte as Python's `json.dumps(..., separators=(",",
//! ":"))` writes the same values: compact, keys in their declared order, every character
//! outside ASCII escaped as `\uXXXX` (lowercase hex, UTF-16 surrogate pairs beyond the BMP).

use std::io;

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

use crate::game::Event;

/// serde_json's compact formatter with Python's `ensure_ascii`.
struct Ascii;

impl Formatter for Ascii {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if c.is_ascii() {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[start..i])?;
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                write!(writer, "\\u{u:04x}")?;
            }
            start = i + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

/// `value` as compact JSON with every non-ASCII character escaped.
#[must_use]
pub fn to_ascii_json<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::with_capacity(4096);
    let mut ser = Serializer::with_formatter(&mut out, Ascii);
    // Serializing the engine's own types to memory cannot fail.
    if value.serialize(&mut ser).is_err() {
        return "null".into();
    }
    String::from_utf8(out).unwrap_or_default()
}

/// A hand's events as one JSON array, as `json.dumps(game.events)` writes it.
#[must_use]
pub fn event_log_json(events: &[Event]) -> String {
    to_ascii_json(events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_as_python_does() {
        assert_eq!(to_ascii_json(&"中a🀄"), r#""\u4e2da\ud83c\udc04""#);
        assert_eq!(to_ascii_json(&("x\n", 1, [true])), r#"["x\n",1,[true]]"#);
    }
}
