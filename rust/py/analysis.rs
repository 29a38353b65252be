//! What `koudiandian analyze` asks of the profile beside a win's score
//! (`functions::score_win`): why the win is refused, what its settlement pays, what each
//! pattern is called and multiplies a win by, and whether a ready hand may declare.

use pyo3::prelude::*;

use super::convert;
use super::rules::rules_arg;
use super::win::{moment_arg, read_win};
use crate::error::Error;
use crate::hand::Size;
use crate::outcome::{PATTERNS, REASONS};
use crate::profiles::analysis::{self, WinSeats};

/// Why the profile refuses the win that `score_win` (with the same arguments) scores as not
/// allowed, in words; `None` for an allowed win or a profile that does not say.
#[pyfunction]
#[pyo3(signature = (tiles, win_tile, self_draw, melds, wildcards, rules=None, moment=None))]
pub fn win_refusal(
    tiles: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    self_draw: bool,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    moment: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<String>> {
    let moment = moment_arg(moment)?;
    let w = read_win(tiles, win_tile, self_draw, melds, wildcards, rules, moment)?;
    let profile = w.rules.rules.profile();
    let score = profile.score(&w.rules.rules, &w.hand, w.tile, w.context)?;
    Ok(profile.refusal(&w.rules.rules, &w.hand, w.tile, w.context, &score))
}

/// A seat argument, 0–3.
fn seat_arg(what: &str, seat: i64) -> PyResult<u8> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| s < 4)
        .ok_or_else(|| Error::Argument(format!("invalid {what} seat {seat}; expected 0–3")).into())
}

/// Every transfer `(payer, payee, amount, reason, share_of)` of a hand that ends with this
/// win and nothing else, as the profile settles it: seat `winner` wins (its kongs among
/// `melds` settled with it), on the discard of seat `discarder` (who had declared or not;
/// `None` on a self-draw), and seat `dealer` deals (so `moment`, a `WinMoment`, must not say
/// `dealer`). The other arguments are `score_win`'s.
#[pyfunction]
#[pyo3(signature = (tiles, win_tile, self_draw, melds, wildcards, rules=None, winner=0, discarder=None, discarder_declared=false, dealer=0, moment=None))]
#[allow(clippy::too_many_arguments)]
pub fn settle_win(
    tiles: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    self_draw: bool,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    winner: i64,
    discarder: Option<i64>,
    discarder_declared: bool,
    dealer: i64,
    moment: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u8, u8, i32, &'static str, Option<u8>)>> {
    let seats = WinSeats {
        winner: seat_arg("winner", winner)?,
        discarder: discarder.map(|d| seat_arg("discarder", d)).transpose()?,
        discarder_declared,
        dealer: seat_arg("dealer", dealer)?,
    };
    let moment = moment_arg(moment)?;
    if moment.dealer {
        return Err(Error::Argument(
            "settle_win reads who deals from its dealer seat, not from the moment".to_owned(),
        )
        .into());
    }
    let w = read_win(tiles, win_tile, self_draw, melds, wildcards, rules, moment)?;
    let transfers = analysis::settle_win(&w.rules.rules, &w.hand, w.tile, w.context, seats)?;
    Ok(transfers
        .into_iter()
        .map(|t| (t.payer, t.payee, t.amount, t.reason, t.share_of))
        .collect())
}

/// Each pattern's name and Chinese name, by bit (`koudiandian.Pattern`'s numbers).
#[pyfunction]
pub fn patterns() -> Vec<(&'static str, &'static str)> {
    PATTERNS.to_vec()
}

/// Every transfer reason's name, Chinese name and English name
/// (`koudiandian.result.REASONS`).
#[pyfunction]
pub fn transfer_reasons() -> Vec<(&'static str, &'static str, &'static str)> {
    REASONS.to_vec()
}

/// What the pattern of bit `bit` multiplies a win by where the rules apply pattern factors.
#[pyfunction]
#[pyo3(signature = (bit, rules=None))]
pub fn pattern_factor(bit: usize, rules: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
    if bit >= PATTERNS.len() {
        return Err(Error::Argument(format!(
            "invalid pattern {bit}; expected 0–{}",
            PATTERNS.len() - 1
        ))
        .into());
    }
    let r = rules_arg(rules)?;
    Ok(r.rules.profile().pattern_factor(&r.rules, bit))
}

/// Whether a seat holding the 3n+1 `tiles` beside `melds` may declare ready (报听) on their
/// winning tiles, as the profile says (`False` in profiles without a declaration).
#[pyfunction]
pub fn declarable(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let r = rules_arg(rules)?;
    let h = convert::hand(tiles, melds, wildcards, r.eval, Size::Waiting)?;
    let waits = crate::eval::waits::Waits::of(&h, r.eval);
    Ok(r.rules.profile().declarable(&r.rules, &waits))
}
