//! A judge's verdict on a seat's answer (Botzone's: `WA` a wrong answer, `TLE` too slow…),
//! which ends a hand against the seat it names where the rules score one
//! ([`crate::profiles::Profile::verdict_scores`]).

use crate::error::{Error, Result};

/// A judge's verdict on one seat's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Wrong answer: not a legal action, or not an answer at all.
    WA,
    /// Wrong 和 (错和): a win claimed without the fans it needs, or with no winning hand.
    WH,
    /// Time limit exceeded.
    TLE,
    /// Memory limit exceeded.
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Not JSON, where the interaction is JSON.
    NJ,
    /// Runtime error: the program failed.
    RE,
}

impl Verdict {
    /// Every verdict, in declaration order.
    pub const ALL: [Verdict; 7] = [
        Verdict::WA,
        Verdict::WH,
        Verdict::TLE,
        Verdict::MLE,
        Verdict::OLE,
        Verdict::NJ,
        Verdict::RE,
    ];

    /// The verdict's name as the judge writes it: `"WA"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::WA => "WA",
            Verdict::WH => "WH",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::OLE => "OLE",
            Verdict::NJ => "NJ",
            Verdict::RE => "RE",
        }
    }

    /// The verdict named `name` (exactly as [`Verdict::name`] writes it).
    ///
    /// # Errors
    /// [`Error::Argument`] naming `name` and every verdict.
    pub fn parse(name: &str) -> Result<Verdict> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Verdict::ALL.iter().map(|v| v.name()).collect();
                Error::Argument(format!(
                    "unknown verdict {name:?}; expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A verdict's JSON shape: its name.
impl serde::Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Verdict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Verdict, D::Error> {
        let name = String::deserialize(d)?;
        Verdict::parse(&name).map_err(|e| serde::de::Error::custom(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verdict_reads_back_its_name() {
        for v in Verdict::ALL {
            assert_eq!(Verdict::parse(v.name()).unwrap(), v, "{v}");
            let json = serde_json::to_value(v).unwrap();
            assert_eq!(json, serde_json::Value::from(v.name()), "{v}");
            assert_eq!(serde_json::from_value::<Verdict>(json).unwrap(), v, "{v}");
        }
        let bad = Verdict::parse("wa").unwrap_err().to_string();
        assert!(
            bad.contains("unknown verdict \"wa\"; expected one of WA, WH"),
            "{bad}"
        );
    }
}
