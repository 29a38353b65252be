//! The single-hand entry points of `koudiandian._core`. Each takes the concealed tiles,
//! the melds, the wildcard kinds and the rules (a `koudiandian.Rules`, a preset name or `None`);
//! the hand evaluators also a void suit (定缺, `void_suit`).

use crate::eval::forms;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use super::args::void_arg;
use super::convert;
use super::rules::rules_arg;
use super::win::{moment_arg, read_win};
use crate::error::Error;
use crate::eval::decompose as dec;
use crate::eval::void;
use crate::eval::waits::Waits;
use crate::hand::Size;
use crate::tiles::{self, KINDS};

/// Build the lookup tables now.
#[pyfunction]
pub fn warm_up() {
    crate::eval::tables::warm_up();
}

/// Build the tables the built-in bots read besides [`warm_up`]'s (the shanten tables, built
/// at a bot's first decision otherwise), so that a self-play run can time its start-up apart
/// from its hands.
#[pyfunction]
pub fn warm_up_bots() {
    crate::eval::tables::warm_up();
    crate::eval::shanten::warm_up();
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

/// The hand of a single-hand call and its void suit (`void_suit`, see [`void_arg`]), or
/// `InvalidArgumentError` for a wildcard kind of the void suit (its tiles would be both).
fn hand_and_void(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: crate::eval::EvalRules,
    size: Size,
    void_suit: Option<&Bound<'_, PyAny>>,
) -> PyResult<(crate::hand::Hand, Option<u8>)> {
    let h = convert::hand(tiles, melds, wildcards, rules, size)?;
    let suit = void_arg(void_suit)?;
    if let Some(s) = suit {
        if h.wildcards & crate::eval::suits::kinds_of_suit(s as usize) != 0 {
            return Err(Error::Argument(format!(
                "void_suit {} holds a wildcard kind",
                ["m", "p", "s"][s as usize]
            ))
            .into());
        }
    }
    Ok((h, suit))
}

#[pyfunction]
#[pyo3(signature = (tiles, melds, wildcards, rules, void_suit=None))]
pub fn is_win(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    void_suit: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let rules = rules_arg(rules)?.eval;
    let (h, void) = hand_and_void(tiles, melds, wildcards, rules, Size::Complete, void_suit)?;
    Ok(match void {
        Some(s) => void::wins(&h, s, rules),
        None => forms::hand_wins(&h, rules),
    })
}

#[pyfunction]
#[pyo3(signature = (tiles, melds, wildcards, rules, void_suit=None))]
pub fn winning_tiles(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    void_suit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u8>> {
    let rules = rules_arg(rules)?.eval;
    let (h, void) = hand_and_void(tiles, melds, wildcards, rules, Size::Waiting, void_suit)?;
    let waits = match void {
        Some(s) => void::waits(&h, s, rules),
        None => Waits::of(&h, rules),
    };
    Ok(mask_to_kinds(waits.tiles))
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
#[pyo3(signature = (tiles, melds, wildcards, rules, void_suit=None))]
pub fn ready_discards(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    void_suit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u8, Vec<u8>, i32, bool)>> {
    let r = rules_arg(rules)?;
    let (h, void) = hand_and_void(tiles, melds, wildcards, r.eval, Size::Complete, void_suit)?;
    let profile = r.rules.profile();
    let discards = match void {
        Some(s) => void::ready_discards(&h, s, r.eval),
        None => crate::eval::waits::ready_discards(&h, r.eval),
    };
    Ok(discards
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
/// `patterns` (the pattern bits), `factor`, `payment` and `score_items` (dicts). `moment`
/// (a `WinMoment`, `None` for none) says the circumstances beyond `self_draw`: a kong's
/// replacement, the last tile, a robbed kong, the winner's flowers, winds and dealing.
#[pyfunction]
#[pyo3(signature = (tiles, win_tile, self_draw, melds, wildcards, rules=None, moment=None))]
#[allow(clippy::too_many_arguments)] // `py` counts too
pub fn score_win<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    win_tile: &Bound<'py, PyAny>,
    self_draw: bool,
    melds: &Bound<'py, PyAny>,
    wildcards: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    moment: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let moment = moment_arg(moment)?;
    let w = read_win(tiles, win_tile, self_draw, melds, wildcards, rules, moment)?;
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

/// Shanten (向听) of a 3n+1 or 3n+2 hand (with `void_suit`: `eval::void::shanten`).
#[pyfunction]
#[pyo3(signature = (tiles, melds, wildcards, rules, void_suit=None))]
pub fn shanten(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    void_suit: Option<&Bound<'_, PyAny>>,
) -> PyResult<i32> {
    let rules = rules_arg(rules)?.eval;
    let (h, void) = hand_and_void(tiles, melds, wildcards, rules, Size::Any, void_suit)?;
    Ok(match void {
        Some(s) => void::shanten(&h, s, rules),
        None => crate::eval::forms::of_hand(&h, rules),
    })
}
