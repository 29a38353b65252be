//! A win as the single-hand entry points read it (`score_win`, and what `analyze` asks beside
//! it): the rules, the complete hand with its winning tile, and the moment of the win.

use pyo3::prelude::*;

use super::convert;
use super::rules::{rules_arg, PyRules};
use crate::error::Error;
use crate::hand::{Hand, Size};
use crate::outcome::{special, WinContext, WinKind};

/// Flowers a winner can have set aside (梅兰竹菊春夏秋冬).
const MAX_FLOWERS: u8 = 8;

/// The `flowers` argument: an int 0–8 (`None` for 0).
pub(super) fn flowers_arg(flowers: Option<&Bound<'_, PyAny>>) -> PyResult<u8> {
    let Some(value) = flowers else {
        return Ok(0);
    };
    value
        .extract::<u8>()
        .ok()
        .filter(|&n| n <= MAX_FLOWERS)
        .ok_or_else(|| {
            let shown = value
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string());
            crate::error::Error::Argument(format!(
                "invalid flowers {shown}; expected an int 0–{MAX_FLOWERS}"
            ))
            .into()
        })
}

/// A win as `score_win` reads it: the rules, the complete hand, the winning tile and the
/// win's context.
pub(super) struct Win {
    pub(super) rules: PyRules,
    pub(super) hand: Hand,
    pub(super) tile: u8,
    pub(super) context: WinContext,
}

/// The moment of a win beyond self-draw or discard, as `score_win`'s flags say it.
#[derive(Clone, Copy)]
pub(super) struct Moment {
    pub(super) kong_replacement: bool,
    pub(super) last_tile: bool,
    pub(super) robbed_kong: bool,
    pub(super) kong_discard: bool,
    pub(super) first_turn: bool,
    /// The other three tiles of the kind are in sight (和绝张).
    pub(super) last_copy: bool,
    /// The winner's seat wind and the prevalent wind (0 东 … 3 北).
    pub(super) seat_wind: u8,
    pub(super) prevalent_wind: u8,
}

/// A wind argument named `what`: an int 0–3 (东南西北; `None` for 东).
pub(super) fn wind_arg(wind: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<u8> {
    let Some(value) = wind else {
        return Ok(0);
    };
    value
        .extract::<u8>()
        .ok()
        .filter(|&w| w < 4 && !value.is_instance_of::<pyo3::types::PyBool>())
        .ok_or_else(|| {
            let shown = value
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string());
            Error::Argument(format!(
                "invalid {what} {shown}; expected an int 0–3 (东南西北)"
            ))
            .into()
        })
}

impl Moment {
    /// The win's context: a self-draw or not, with `flowers` and `dealer`.
    fn context(self, self_draw: bool, flowers: u8, dealer: bool) -> PyResult<WinContext> {
        let context = match (self_draw, self.robbed_kong) {
            (true, true) => {
                return Err(Error::Argument(
                    "a robbed kong (robbed_kong=True) is not a self-draw".to_owned(),
                )
                .into())
            }
            (true, false) => WinContext::self_draw(self.kong_replacement, self.last_tile),
            (false, true) => WinContext::of(WinKind::RobbedKong),
            (false, false) => WinContext::of(WinKind::Discard),
        };
        let bits = [
            (self.kong_replacement && self_draw, special::DICE),
            (self.kong_discard && !self_draw, special::KONG_DISCARD),
            (self.last_tile && !self_draw, special::LAST_DISCARD),
            (self.first_turn && self_draw, special::HEAVENLY),
            (self.first_turn && !self_draw, special::EARTHLY),
            (self.last_copy && !self.robbed_kong, special::LAST_COPY),
        ];
        Ok(bits
            .iter()
            .filter(|b| b.0)
            .fold(context, |c, &(_, bit)| c.with(bit))
            .by(flowers, dealer)
            .winds(self.seat_wind, self.prevalent_wind))
    }
}

/// Read a win as `score_win` does: `tiles` with or without `win_tile` (3n+2 or 3n+1).
#[allow(clippy::too_many_arguments)]
pub(super) fn read_win(
    tiles: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    self_draw: bool,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    moment: Moment,
    flowers: Option<&Bound<'_, PyAny>>,
    dealer: bool,
) -> PyResult<Win> {
    let r = rules_arg(rules)?;
    let context = moment.context(self_draw, flowers_arg(flowers)?, dealer)?;
    let tile = convert::kinds(&pyo3::types::PyList::new(win_tile.py(), [win_tile])?.into_any())?[0];
    let mut t = convert::kinds(tiles)?;
    let m = convert::melds(melds)?;
    let w = convert::wildcard_kinds(wildcards)?;
    let concealed = 14 - 3 * m.len().min(4);
    if t.len() + 1 == concealed {
        t.push(tile);
    } else if t.len() == concealed && !t.contains(&tile) {
        return Err(Error::NotWinning(format!(
            "the winning tile {} is not among the tiles",
            crate::hand::name(tile)
        ))
        .into());
    }
    let hand = Hand::new(&t, &m, &w, r.eval.honors(), Size::Complete)?;
    Ok(Win {
        rules: r,
        hand,
        tile,
        context,
    })
}
