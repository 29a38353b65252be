//! The single-hand entry points of `koudiandian._core`. Each takes the concealed tiles,
//! the melds, the wildcard kinds and the rules (a `koudiandian.Rules`, a preset name or `None`).

use crate::eval::forms;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use super::convert;
use super::rules::rules_arg;
use super::win::{read_win, wind_arg, Moment};
use crate::error::Error;
use crate::eval::decompose as dec;
use crate::eval::waits::Waits;
use crate::hand::Size;
use crate::tiles::{self, KINDS};

/// Build the lookup tables now.
#[pyfunction]
pub fn warm_up() {
    crate::eval::tables::warm_up();
}

/// Tile kinds of text in any notation.
#[pyfunction]
pub fn parse_tiles(text: &Bound<'_, PyString>) -> PyResult<Vec<u8>> {
    Ok(tiles::parse(convert::utf8(
        text,
        "tile text",
        Error::InvalidTile,
    )?)?)
}

/// Tile kinds of text or an iterable of ints.
#[pyfunction]
pub fn tile_list(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    convert::kinds(tiles)
}

/// MPSZ text of tile kinds.
#[pyfunction]
pub fn format_mpsz(kinds: Vec<u8>) -> PyResult<String> {
    if let Some((pos, k)) = kinds
        .iter()
        .enumerate()
        .find(|&(_, &k)| k as usize >= KINDS + 8)
    {
        return Err(crate::error::Error::InvalidTile(format!(
            "invalid tile index {k} at position {pos}; expected 0–33"
        ))
        .into());
    }
    Ok(tiles::format_mpsz(&kinds))
}

fn mask_to_kinds(mask: u64) -> Vec<u8> {
    (0..KINDS as u8).filter(|&k| mask >> k & 1 == 1).collect()
}

#[pyfunction]
pub fn is_win(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let rules = rules_arg(rules)?.eval;
    let h = convert::hand(tiles, melds, wildcards, rules, Size::Complete)?;
    Ok(forms::hand_wins(&h, rules))
}

#[pyfunction]
pub fn winning_tiles(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u8>> {
    let rules = rules_arg(rules)?.eval;
    let h = convert::hand(tiles, melds, wildcards, rules, Size::Waiting)?;
    Ok(mask_to_kinds(Waits::of(&h, rules).tiles))
}

/// Readings as `(shape, quads, [(group kind, kinds, wildcard bits, declared)])`.
type RawReading = (u8, u8, Vec<(u8, Vec<u8>, u32, bool)>);

#[pyfunction]
pub fn decompose(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<RawReading>> {
    let rules = rules_arg(rules)?.eval;
    let h = convert::hand(tiles, melds, wildcards, rules, Size::Complete)?;
    Ok(dec::decompose(&h, rules)
        .into_iter()
        .map(|r| {
            let groups = r
                .groups
                .into_iter()
                .map(|g| {
                    let kinds = g.tiles.iter().map(|&(k, _)| k).collect();
                    let wild = g
                        .tiles
                        .iter()
                        .enumerate()
                        .fold(0u32, |m, (i, &(_, w))| m | u32::from(w) << i);
                    (g.kind as u8, kinds, wild, g.declared)
                })
                .collect();
            (r.shape as u8, r.quads, groups)
        })
        .collect())
}

/// Ready discards as `(discard, winning kinds, wildcard points or -1, declarable)`.
#[pyfunction]
pub fn ready_discards(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u8, Vec<u8>, i32, bool)>> {
    let r = rules_arg(rules)?;
    let h = convert::hand(tiles, melds, wildcards, r.eval, Size::Complete)?;
    let profile = r.rules.profile();
    Ok(crate::eval::waits::ready_discards(&h, r.eval)
        .into_iter()
        .map(|(d, w)| {
            (
                d,
                mask_to_kinds(w.tiles),
                profile.wildcard_points(&r.rules, &w).map_or(-1, i32::from),
                profile.declarable(&r.rules, &w),
            )
        })
        .collect())
}

/// The profile's score of the win, as a dict: `points`, `allowed`, `shape` (its number),
/// `patterns` (the pattern bits), `factor`, `payment` and `score_items` (dicts). `kong_replacement` and `last_tile` describe a self-draw (杠上开花 —
/// by the dice in changsha —, 海底捞月) or, for `last_tile`, a win on the last tile's
/// discard (海底炮); `robbed_kong` a win on an added kong (抢杠胡, with `self_draw` false);
/// `kong_discard` a win on the discard after a dice kong (杠上炮), `first_turn` the dealer's
/// first-turn self-draw (天胡) or a win on its first discard (地胡); `flowers` the
/// winner's set-aside flowers (0–8) and `dealer` whether the winner deals (profiles that
/// score them: `hebei`).
#[pyfunction]
#[pyo3(signature = (tiles, win_tile, self_draw, melds, wildcards, rules=None, kong_replacement=false, last_tile=false, robbed_kong=false, kong_discard=false, first_turn=false, flowers=None, dealer=false, last_copy=false, seat_wind=None, prevalent_wind=None))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
pub fn score_win<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    win_tile: &Bound<'py, PyAny>,
    self_draw: bool,
    melds: &Bound<'py, PyAny>,
    wildcards: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    kong_replacement: bool,
    last_tile: bool,
    robbed_kong: bool,
    kong_discard: bool,
    first_turn: bool,
    flowers: Option<&Bound<'py, PyAny>>,
    dealer: bool,
    last_copy: bool,
    seat_wind: Option<&Bound<'py, PyAny>>,
    prevalent_wind: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let moment = Moment {
        kong_replacement,
        last_tile,
        robbed_kong,
        kong_discard,
        first_turn,
        last_copy,
        seat_wind: wind_arg(seat_wind, "seat_wind")?,
        prevalent_wind: wind_arg(prevalent_wind, "prevalent_wind")?,
    };
    let w = read_win(
        tiles, win_tile, self_draw, melds, wildcards, rules, moment, flowers, dealer,
    )?;
    let profile = w.rules.rules.profile();
    let (s, items) = profile.score_with_items(&w.rules.rules, &w.hand, w.tile, w.context)?;
    let out = PyDict::new(py);
    out.set_item("points", s.points)?;
    out.set_item("allowed", s.allowed)?;
    out.set_item("shape", s.shape as u8)?;
    out.set_item("patterns", s.patterns)?;
    out.set_item("factor", s.factor)?;
    out.set_item("payment", s.payment)?;
    out.set_item("score_items", super::value::dict_of(py, &items)?)?;
    Ok(out)
}

/// Shanten (向听) of a 3n+1 or 3n+2 hand.
#[pyfunction]
pub fn shanten(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<i32> {
    let rules = rules_arg(rules)?.eval;
    let h = convert::hand(tiles, melds, wildcards, rules, Size::Any)?;
    Ok(crate::eval::forms::of_hand(&h, rules))
}
