//! A hand's deal from `GameCore(...)`'s arguments: the rules, the dealer, the prevalent wind
//! and the scores, then either a seed or an explicit wall with its wildcards and dice. Each
//! argument is checked in that order, so the first wrong one is the one an error names.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use super::args::{int_in, repr};
use super::rules::rules_arg;
use crate::error::Error;
use crate::game::GameCore;

/// The hand `GameCore(rules, dealer=…, …)` deals: from `seed`, or from `wall`
/// (docs/rules.md §2 order) with its `wildcards`, `dice` and `exchange_direction`; exactly
/// one of `seed` and `wall`, and the others only with a wall.
#[allow(clippy::too_many_arguments)]
pub(super) fn deal(
    rules: Option<&Bound<'_, PyAny>>,
    dealer: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    wall: Option<&Bound<'_, PyAny>>,
    wildcards: Option<&Bound<'_, PyAny>>,
    scores: Option<&Bound<'_, PyAny>>,
    dice: Option<&Bound<'_, PyAny>>,
    prevalent_wind: Option<&Bound<'_, PyAny>>,
    exchange_direction: Option<&Bound<'_, PyAny>>,
) -> PyResult<GameCore> {
    let rules = rules_arg(rules)?.rules;
    let dealer = int_in(dealer, "dealer", 0, 3)? as u8;
    let wind = match prevalent_wind.filter(|w| !w.is_none()) {
        Some(w) => Some(int_in(w, "prevalent_wind", 0, 3)? as u8),
        None => None,
    };
    let s = match scores {
        Some(scores) => scores_arg(scores)?,
        None => [0i32; 4],
    };
    let mut core = match (seed, wall) {
        (Some(_), Some(_)) => {
            return Err(Error::Argument("give a seed or a wall, not both".into()).into())
        }
        (Some(seed), None) => {
            if wildcards.is_some() || dice.is_some() || exchange_direction.is_some() {
                return Err(Error::Argument(
                    "wildcards, dice and exchange_direction are given only together with a wall"
                        .into(),
                )
                .into());
            }
            let seed = int_in(seed, "seed", 0, i128::from(u64::MAX)).map_err(|_| {
                Error::Argument(format!(
                    "seed must be an int in 0..2**64-1, got {}",
                    repr(seed)
                ))
            })?;
            GameCore::seeded(rules, dealer, seed as u64, s)?
        }
        (None, Some(wall)) => {
            let wild = match wildcards {
                Some(w) => kinds_arg(w, "wildcards")?,
                None => Vec::new(),
            };
            let dice = match dice {
                Some(d) => dice_arg(d)?,
                None => Vec::new(),
            };
            GameCore::with_dice(rules, dealer, kinds_arg(wall, "wall")?, wild, dice, s)?
        }
        (None, None) => return Err(Error::Argument("give a seed or a wall".into()).into()),
    };
    // Not given: the rules' own (东, or a botzone game's quan).
    if let Some(wind) = wind {
        core.set_prevalent_wind(wind)?;
    }
    if let Some(direction) = exchange_direction {
        let name: String = direction.extract().map_err(|_| {
            Error::Argument(format!(
                "exchange_direction must be next, previous or opposite, got {}",
                repr(direction)
            ))
        })?;
        core.set_exchange_direction(&name)?;
    }
    Ok(core)
}

/// The seats' scores at the start of the hand: four ints that fit an `i32`.
fn scores_arg(scores: &Bound<'_, PyAny>) -> PyResult<[i32; 4]> {
    let mut s = [0i32; 4];
    let items: Vec<Bound<'_, PyAny>> = scores.try_iter()?.collect::<PyResult<_>>()?;
    if items.len() != 4 {
        return Err(
            Error::Argument(format!("scores must be four ints, got {}", repr(scores))).into(),
        );
    }
    for (i, item) in items.iter().enumerate() {
        s[i] =
            int_in(item, "a score", i128::from(i32::MIN), i128::from(i32::MAX)).map_err(|_| {
                Error::Argument(format!("scores must be four ints, got {}", repr(scores)))
            })? as i32;
    }
    Ok(s)
}

/// Tiles of a wall or wildcard list: ints 0–41 (flowers 34–41; not bools). Which tiles are
/// in play is the rules' to check.
fn kinds_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    for (pos, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        let k = if item.cast::<PyBool>().is_ok() {
            None
        } else {
            item.cast::<PyInt>()
                .ok()
                .and_then(|i| i.extract::<i64>().ok())
        };
        match k {
            Some(k) if (0..42).contains(&k) => out.push(k as u8),
            Some(k) => {
                return Err(Error::Wall(format!(
                    "tile {k} at {what} position {pos} is not in play"
                ))
                .into())
            }
            None => {
                return Err(Error::Wall(format!(
                    "{what} position {pos} holds {}, not a tile index 0–41",
                    repr(&item)
                ))
                .into())
            }
        }
    }
    Ok(out)
}

/// Dice of an explicit hand: pairs of ints 1–6.
fn dice_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    for (pos, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        let pair: Option<Vec<Bound<'_, PyAny>>> = item
            .try_iter()
            .ok()
            .and_then(|it| it.collect::<PyResult<Vec<_>>>().ok());
        let die = |o: &Bound<'_, PyAny>| int_in(o, "a die", 1, 6).ok().map(|v| v as u8);
        match pair.as_deref() {
            Some([a, b]) => match (die(a), die(b)) {
                (Some(a), Some(b)) => out.push((a, b)),
                _ => {
                    return Err(Error::Argument(format!(
                        "dice position {pos} holds {}, not two dice 1–6",
                        repr(&item)
                    ))
                    .into())
                }
            },
            _ => {
                return Err(Error::Argument(format!(
                    "dice position {pos} holds {}, not a pair (a, b)",
                    repr(&item)
                ))
                .into())
            }
        }
    }
    Ok(out)
}
