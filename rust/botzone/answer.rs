//! A bot's answer read as the official judge reads it: the response split on single
//! spaces (so `"PASS "` is two words, the second empty, and answers nothing), its first word
//! and the number of words deciding what it is. Tiles stay text: a name that is no tile is
//! the judge's to refuse (WA), in the order it checks.

/// An answer, by its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer<'a> {
    /// `PASS`.
    Pass,
    /// `HU`: a win, on the drawn tile, the discard or the added kong.
    Hu,
    /// `GANG`: a kong on the discard.
    Gang,
    /// `PLAY t`: the drawer discards `t`.
    Play(&'a str),
    /// `GANG t`: the drawer's concealed kong of `t`.
    GangOf(&'a str),
    /// `BUGANG t`: the drawer adds `t` to its pong.
    BuGang(&'a str),
    /// `PENG t`: pong the discard, then discard `t`.
    Peng(&'a str),
    /// `CHI m t`: chow the discard with middle tile `m`, then discard `t`.
    Chi(&'a str, &'a str),
    /// Three words that are no `CHI`: the judge refuses them only where it checks chows.
    OtherThree,
    /// Anything else (a wrong word, or a count of words no answer has).
    Other,
}

impl<'a> Answer<'a> {
    /// Read `response` (exactly: no trimming, single spaces).
    #[must_use]
    pub fn read(response: &'a str) -> Answer<'a> {
        let mut words = response.split(' ');
        let first = words.next().unwrap_or("");
        let second = words.next();
        let third = words.next();
        if words.next().is_some() {
            return Answer::Other;
        }
        match (first, second, third) {
            ("PASS", None, None) => Answer::Pass,
            ("HU", None, None) => Answer::Hu,
            ("GANG", None, None) => Answer::Gang,
            ("PLAY", Some(t), None) => Answer::Play(t),
            ("GANG", Some(t), None) => Answer::GangOf(t),
            ("BUGANG", Some(t), None) => Answer::BuGang(t),
            ("PENG", Some(t), None) => Answer::Peng(t),
            ("CHI", Some(m), Some(t)) => Answer::Chi(m, t),
            (_, Some(_), Some(_)) => Answer::OtherThree,
            _ => Answer::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Answer::{self, *};

    #[test]
    fn answers_read_by_their_words() {
        let cases: &[(&str, Answer)] = &[
            ("PASS", Pass),
            ("HU", Hu),
            ("GANG", Gang),
            ("PLAY W1", Play("W1")),
            ("GANG J1", GangOf("J1")),
            ("BUGANG B2", BuGang("B2")),
            ("PENG T3", Peng("T3")),
            ("CHI W2 F1", Chi("W2", "F1")),
            ("PENG W1 W2", OtherThree),
            ("PASS  ", OtherThree),
            ("PASS ", Other),
            (" PASS", Other),
            ("", Other),
            ("pass", Other),
            ("HU W1", Other),
            ("CHI W2", Other),
            ("CHI W2 W3 W4", Other),
            ("PLAY", Other),
        ];
        for &(text, want) in cases {
            assert_eq!(Answer::read(text), want, "{text:?}");
        }
    }
}
