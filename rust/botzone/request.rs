//! The requests the judge sends, as text (`p` the absolute seat, tiles by Botzone's names),
//! and a request read back by the seat that gets it ([`Request::read`]).

use super::tiles::{self, name};

/// Turn 1: `0 seat quan`.
#[must_use]
pub fn init(seat: u8, quan: u8) -> String {
    format!("0 {seat} {quan}")
}

/// Turn 2: `1 f0 f1 f2 f3 t1 … t13 h…`: each seat's flower count, `tiles` (the seat's 13
/// dealt tiles in the order taken), then every flower dealt, in seat order.
#[must_use]
pub fn deal(flowers: &[Vec<u8>; 4], tiles: &[u8]) -> String {
    let mut s = String::from("1");
    for f in flowers {
        s.push(' ');
        s.push_str(&f.len().to_string());
    }
    for &t in tiles.iter().chain(flowers.iter().flatten()) {
        s.push(' ');
        s.push_str(name(t));
    }
    s
}

/// To the drawer: `2 X`.
#[must_use]
pub fn drawn(tile: u8) -> String {
    format!("2 {}", name(tile))
}

/// To the others: `3 p DRAW`.
#[must_use]
pub fn other_drew(seat: u8) -> String {
    format!("3 {seat} DRAW")
}

/// To all: `3 p BUHUA H5`.
#[must_use]
pub fn flower(seat: u8, tile: u8) -> String {
    format!("3 {seat} BUHUA {}", name(tile))
}

/// How a seat came to discard: after its draw, a pong, or a chow with its middle tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscardAfter {
    Draw,
    Pong,
    Chow { middle: u8 },
}

impl DiscardAfter {
    /// The display's `action`: `PLAY`, `PENG` or `CHI`.
    #[must_use]
    pub fn action(self) -> &'static str {
        match self {
            DiscardAfter::Draw => "PLAY",
            DiscardAfter::Pong => "PENG",
            DiscardAfter::Chow { .. } => "CHI",
        }
    }
}

/// To all: `3 p PLAY t`, `3 p PENG t` or `3 p CHI m t`.
#[must_use]
pub fn discard(seat: u8, after: DiscardAfter, tile: u8) -> String {
    match after {
        DiscardAfter::Chow { middle } => {
            format!("3 {seat} CHI {} {}", name(middle), name(tile))
        }
        _ => format!("3 {seat} {} {}", after.action(), name(tile)),
    }
}

/// To all: `3 p GANG` (a concealed kong's tile is not told), or `3 p BUGANG t`.
#[must_use]
pub fn kong(seat: u8, added: Option<u8>) -> String {
    match added {
        Some(t) => format!("3 {seat} BUGANG {}", name(t)),
        None => format!("3 {seat} GANG"),
    }
}

/// A request as the seat it is sent to reads it (tiles as engine numbers, seats absolute).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `0 seat quan`.
    Init { seat: u8, quan: u8 },
    /// `1 …`: each seat's dealt flowers (in seat order), the seat's 13 tiles.
    Deal {
        flowers: [Vec<u8>; 4],
        tiles: Vec<u8>,
    },
    /// `2 X`: the seat drew `X`.
    Drawn(u8),
    /// `3 p DRAW`.
    OtherDrew(u8),
    /// `3 p BUHUA H`.
    Flower(u8, u8),
    /// `3 p PLAY t`, `3 p PENG t`, `3 p CHI m t`: `p` discarded `t` (after a draw, a pong,
    /// a chow).
    Discard(u8, DiscardAfter, u8),
    /// `3 p GANG` (`None`) or `3 p BUGANG t`.
    Kong(u8, Option<u8>),
}

impl Request {
    /// Read a request's text as [`init`], [`deal`], [`drawn`], [`other_drew`], [`flower`],
    /// [`discard`] and [`kong`] write it; `None` for any other text.
    #[must_use]
    pub fn read(text: &str) -> Option<Request> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let num = |w: &str, top: u8| w.parse::<u8>().ok().filter(|&n| n < top);
        let kind = |w: &str| tiles::kind(w);
        match words.as_slice() {
            ["0", seat, quan] => Some(Request::Init {
                seat: num(seat, 4)?,
                quan: num(quan, 4)?,
            }),
            ["1", rest @ ..] if rest.len() >= 4 + 13 => {
                let counts: Vec<u8> = rest[..4].iter().map(|w| num(w, 9)).collect::<Option<_>>()?;
                let tiles: Vec<u8> = rest[4..17].iter().map(|w| kind(w)).collect::<Option<_>>()?;
                let mut named = rest[17..].iter().map(|w| tiles::parse(w));
                let mut flowers: [Vec<u8>; 4] = Default::default();
                for (s, &n) in counts.iter().enumerate() {
                    for _ in 0..n {
                        flowers[s].push(named.next()?.filter(|&t| crate::tiles::is_flower(t))?);
                    }
                }
                named
                    .next()
                    .is_none()
                    .then_some(Request::Deal { flowers, tiles })
            }
            ["2", t] => Some(Request::Drawn(kind(t)?)),
            ["3", p, rest @ ..] => {
                let p = num(p, 4)?;
                match rest {
                    ["DRAW"] => Some(Request::OtherDrew(p)),
                    ["BUHUA", h] => tiles::parse(h)
                        .filter(|&t| crate::tiles::is_flower(t))
                        .map(|h| Request::Flower(p, h)),
                    ["PLAY", t] => Some(Request::Discard(p, DiscardAfter::Draw, kind(t)?)),
                    ["PENG", t] => Some(Request::Discard(p, DiscardAfter::Pong, kind(t)?)),
                    ["CHI", m, t] => Some(Request::Discard(
                        p,
                        DiscardAfter::Chow { middle: kind(m)? },
                        kind(t)?,
                    )),
                    ["GANG"] => Some(Request::Kong(p, None)),
                    ["BUGANG", t] => Some(Request::Kong(p, Some(kind(t)?))),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_back_as_written() {
        let flowers = [vec![34], vec![], vec![35, 36], vec![]];
        let tiles: Vec<u8> = (0..13).collect();
        let cases = [
            (init(2, 1), Request::Init { seat: 2, quan: 1 }),
            (
                deal(&flowers, &tiles),
                Request::Deal {
                    flowers: flowers.clone(),
                    tiles: tiles.clone(),
                },
            ),
            (drawn(33), Request::Drawn(33)),
            (other_drew(3), Request::OtherDrew(3)),
            (flower(1, 41), Request::Flower(1, 41)),
            (
                discard(2, DiscardAfter::Chow { middle: 19 }, 0),
                Request::Discard(2, DiscardAfter::Chow { middle: 19 }, 0),
            ),
            (
                discard(1, DiscardAfter::Pong, 9),
                Request::Discard(1, DiscardAfter::Pong, 9),
            ),
            (kong(3, None), Request::Kong(3, None)),
            (kong(3, Some(31)), Request::Kong(3, Some(31))),
        ];
        for (text, want) in cases {
            assert_eq!(Request::read(&text), Some(want), "{text:?}");
        }
        for bad in [
            "",
            "0 4 0",
            "2 H1",
            "3 0 PLAY",
            "3 5 DRAW",
            "1 0 0 0 0 W1",
            "9",
        ] {
            assert_eq!(Request::read(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn requests_read_as_botzone_writes_them() {
        let flowers = [vec![34], vec![], vec![35, 36], vec![]];
        let tiles: Vec<u8> = (0..13).collect();
        assert_eq!(
            deal(&flowers, &tiles),
            "1 1 0 2 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4 H1 H2 H3"
        );
        assert_eq!(init(2, 1), "0 2 1");
        assert_eq!(drawn(33), "2 J1");
        assert_eq!(other_drew(3), "3 3 DRAW");
        assert_eq!(flower(1, 41), "3 1 BUHUA H8");
        assert_eq!(discard(0, DiscardAfter::Draw, 27), "3 0 PLAY F1");
        assert_eq!(discard(1, DiscardAfter::Pong, 9), "3 1 PENG B1");
        assert_eq!(
            discard(2, DiscardAfter::Chow { middle: 19 }, 0),
            "3 2 CHI T2 W1"
        );
        assert_eq!(kong(3, None), "3 3 GANG");
        assert_eq!(kong(3, Some(31)), "3 3 BUGANG J3");
    }
}
