//! A win as the single-hand entry points read it (`score_win`, and what `analyze` asks beside
//! it): the rules, the complete hand with its winning tile, and the moment of the win
//! (`WinMoment`).

use pyo3::prelude::*;

use super::convert;
use super::rules::{rules_arg, PyRules};
use crate::error::Error;
use crate::hand::{Hand, Size};
use crate::outcome::{special, WinContext, WinKind};

/// Flowers a winner can have set aside (梅兰竹菊春夏秋冬).
const MAX_FLOWERS: u8 = 8;

/// The `flowers` argument: an int 0–8 (`None` for 0).
fn flowers_arg(flowers: Option<&Bound<'_, PyAny>>) -> PyResult<u8> {
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

/// The moment of a win beyond self-draw or discard (`koudiandian._core.WinMoment`), as
/// `score_win`, `win_refusal` and `settle_win` take it: built from Python with keyword
/// arguments, each checked once here. A new circumstance is a field, its constructor
/// argument, and what [`Moment::context`] makes of it.
#[pyclass(frozen, eq, hash, module = "koudiandian._core", name = "WinMoment")]
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Moment {
    /// A self-draw from the back after a kong (杠上开花; by the dice in changsha).
    #[pyo3(get)]
    pub(super) kong_replacement: bool,
    /// A self-draw of the wall's last tile (海底捞月), or a win on its discard (海底炮).
    #[pyo3(get)]
    pub(super) last_tile: bool,
    /// A win on an added kong (抢杠胡), never a self-draw.
    #[pyo3(get)]
    pub(super) robbed_kong: bool,
    /// A win on the discard right after a dice kong (杠上炮).
    #[pyo3(get)]
    pub(super) kong_discard: bool,
    /// The dealer's first-turn self-draw (天胡), or a win on its first discard (地胡).
    #[pyo3(get)]
    pub(super) first_turn: bool,
    /// The other three tiles of the kind are in sight (和绝张).
    #[pyo3(get)]
    pub(super) last_copy: bool,
    /// The flowers the winner has set aside, 0–8.
    #[pyo3(get)]
    pub(super) flowers: u8,
    /// Whether the winner deals (`settle_win` reads it from its seats instead).
    #[pyo3(get)]
    pub(super) dealer: bool,
    /// The winner's seat wind and the prevalent wind (0 东 … 3 北).
    #[pyo3(get)]
    pub(super) seat_wind: u8,
    #[pyo3(get)]
    pub(super) prevalent_wind: u8,
}

#[pymethods]
impl Moment {
    /// Every circumstance by keyword, each off (or 0, or 东) unless given; raises
    /// `InvalidArgumentError` for flowers outside 0–8 or a wind outside 0–3.
    #[new]
    #[pyo3(signature = (*, kong_replacement=false, last_tile=false, robbed_kong=false, kong_discard=false, first_turn=false, last_copy=false, flowers=None, dealer=false, seat_wind=None, prevalent_wind=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        kong_replacement: bool,
        last_tile: bool,
        robbed_kong: bool,
        kong_discard: bool,
        first_turn: bool,
        last_copy: bool,
        flowers: Option<&Bound<'_, PyAny>>,
        dealer: bool,
        seat_wind: Option<&Bound<'_, PyAny>>,
        prevalent_wind: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Ok(Moment {
            kong_replacement,
            last_tile,
            robbed_kong,
            kong_discard,
            first_turn,
            last_copy,
            flowers: flowers_arg(flowers)?,
            dealer,
            seat_wind: wind_arg(seat_wind, "seat_wind")?,
            prevalent_wind: wind_arg(prevalent_wind, "prevalent_wind")?,
        })
    }

    /// The circumstances that are not at their default, by keyword.
    fn __repr__(&self) -> String {
        let flags = [
            ("kong_replacement", self.kong_replacement),
            ("last_tile", self.last_tile),
            ("robbed_kong", self.robbed_kong),
            ("kong_discard", self.kong_discard),
            ("first_turn", self.first_turn),
            ("last_copy", self.last_copy),
            ("dealer", self.dealer),
        ];
        let numbers = [
            ("flowers", self.flowers),
            ("seat_wind", self.seat_wind),
            ("prevalent_wind", self.prevalent_wind),
        ];
        let set: Vec<String> = flags
            .iter()
            .filter(|f| f.1)
            .map(|f| format!("{}=True", f.0))
            .chain(
                numbers
                    .iter()
                    .filter(|n| n.1 != 0)
                    .map(|n| format!("{}={}", n.0, n.1)),
            )
            .collect();
        format!("WinMoment({})", set.join(", "))
    }
}

/// The `moment` argument: a `WinMoment` (`None`: none of its circumstances).
pub(super) fn moment_arg(moment: Option<&Bound<'_, PyAny>>) -> PyResult<Moment> {
    let Some(value) = moment.filter(|m| !m.is_none()) else {
        return Ok(Moment::default());
    };
    value.cast::<Moment>().map(|m| *m.get()).map_err(|_| {
        let shown = value
            .repr()
            .map_or_else(|_| "?".to_owned(), |r| r.to_string());
        Error::Argument(format!("invalid moment {shown}; expected a WinMoment")).into()
    })
}

/// A wind argument named `what`: an int 0–3 (东南西北; `None` for 东).
fn wind_arg(wind: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<u8> {
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
    /// The win's context: a self-draw or not, at this moment.
    fn context(self, self_draw: bool) -> PyResult<WinContext> {
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
            .by(self.flowers, self.dealer)
            .winds(self.seat_wind, self.prevalent_wind))
    }
}

/// Read a win as `score_win` does: `tiles` with or without `win_tile` (3n+2 or 3n+1).
pub(super) fn read_win(
    tiles: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    self_draw: bool,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    moment: Moment,
) -> PyResult<Win> {
    let r = rules_arg(rules)?;
    let context = moment.context(self_draw)?;
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
