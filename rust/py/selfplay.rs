//! Self-play in Rust for `koudiandian.simulate`: the built-in bots play a range of hands
//! or matches with the GIL released, on one or more threads; and the arguments a run takes
//! and the records it gives, as the Python loops (`schedule.rs`) take and give them too.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use super::args::{int_in, repr};
use super::rules::rules_arg;
use crate::error::Error;
use crate::selfplay::{Bot, Length, Plan, Played};

/// The most threads a call may start.
const MAX_THREADS: usize = 256;

/// A record as Python's `simulate` keeps it: `(winner, kind, value, deltas, discarder,
/// rotation, won, dealt_in, win_kinds)` (see `crate::selfplay::Record`).
pub(super) type PyRecord = (
    i8,
    u8,
    u64,
    (i32, i32, i32, i32),
    i8,
    u8,
    u8,
    u8,
    (u8, u8, u8),
);

/// A match length: `"one_round"` or a positive int (`None`: no match). `self_play` takes at
/// most `u32::MAX` hands; the Python loops (`longest`) take any positive int, a match of more
/// than `u32::MAX` hands being one that never ends.
pub(super) fn length_arg(
    obj: Option<&Bound<'_, PyAny>>,
    longest: bool,
) -> PyResult<Option<Length>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    if obj
        .cast::<PyString>()
        .is_ok_and(|s| s.to_str().is_ok_and(|s| s == "one_round"))
    {
        return Ok(Some(Length::OneRound));
    }
    let hands = match obj.cast::<PyInt>() {
        Ok(_) if obj.is_instance_of::<PyBool>() => None,
        Ok(i) => match i.extract::<u32>() {
            Ok(n) => Some(n).filter(|&n| n >= 1),
            Err(_) if longest && obj.gt(0)? => Some(u32::MAX),
            Err(_) => None,
        },
        Err(_) => None,
    };
    hands
        .map(|n| Some(Length::Hands(n)))
        .ok_or_else(|| length_error(obj))
}

pub(super) fn length_error(obj: &Bound<'_, PyAny>) -> PyErr {
    Error::Argument(format!(
        "length must be 'one_round' or a positive int, got {}",
        repr(obj)
    ))
    .into()
}

/// Duplicate play rotates single hands: refuse a match length with it.
pub(super) fn check_duplicate(duplicate: bool, length: Option<Length>) -> PyResult<()> {
    if duplicate && length.is_some() {
        return Err(Error::Argument(
            "duplicate play rotates single hands: it takes no match length".into(),
        )
        .into());
    }
    Ok(())
}

/// The records of `played` as Python keeps them.
pub(super) fn py_records(played: &Played) -> Vec<PyRecord> {
    played
        .records
        .iter()
        .map(|r| {
            let d = r.deltas;
            (
                r.winner,
                r.kind,
                r.value,
                (d[0], d[1], d[2], d[3]),
                r.discarder,
                r.rotation,
                r.won,
                r.dealt_in,
                (r.win_kinds[0], r.win_kinds[1], r.win_kinds[2]),
            )
        })
        .collect()
}

/// Play units `start..stop` of a run (see `crate::selfplay::Plan`) on `threads` threads;
/// returns `(records, rankings, log_lines)`.
#[pyfunction]
#[pyo3(signature = (rules, bots, seed, start, stop, *, length=None, duplicate=false, log=false, threads=1))]
#[allow(clippy::too_many_arguments)]
pub fn self_play(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    bots: Vec<String>,
    seed: u64,
    start: u64,
    stop: u64,
    length: Option<&Bound<'_, PyAny>>,
    duplicate: bool,
    log: bool,
    threads: usize,
) -> PyResult<(Vec<PyRecord>, Vec<[u8; 4]>, Vec<String>)> {
    let rules = rules_arg(rules)?.rules;
    if bots.len() != 4 {
        return Err(Error::Argument(format!("need four bots, got {}", bots.len())).into());
    }
    let mut named = [Bot::Random; 4];
    for (slot, name) in named.iter_mut().zip(&bots) {
        *slot = Bot::parse(name)?;
    }
    if !(1..=MAX_THREADS).contains(&threads) || start > stop || stop > i64::MAX as u64 {
        return Err(Error::Argument(format!(
            "need 1 ≤ threads ≤ {MAX_THREADS} and start ≤ stop < 2**63, got threads={threads}, \
             {start}..{stop}"
        ))
        .into());
    }
    let length = length_arg(length, false)?
        .map(|l| l.check(&rules))
        .transpose()?;
    check_duplicate(duplicate, length)?;
    let plan = Plan {
        rules,
        bots: named,
        seed,
        length,
        duplicate,
        log,
    };
    let played = py.detach(|| crate::selfplay::play(&plan, start, stop, threads))?;
    Ok((py_records(&played), played.rankings, played.logs))
}

/// The seed of hand `index` of a run seeded `seed` (see `crate::selfplay::hand_seed`).
#[pyfunction]
pub fn hand_seed(seed: u64, index: i64) -> u64 {
    crate::selfplay::hand_seed(seed, index)
}

/// The name that parses back to the built-in bot `name` (a search's settings spelled out in
/// order); raises `InvalidArgumentError` for a name that is no built-in bot.
#[pyfunction]
pub fn bot_name(name: &str) -> PyResult<String> {
    Ok(Bot::parse(name)?.name())
}

/// The seats of duplicate rotation `rotation` (0–3): the listed bot in each seat (see
/// `crate::selfplay::duplicate_seating`).
#[pyfunction]
pub fn duplicate_seating(rotation: &Bound<'_, PyAny>) -> PyResult<(u8, u8, u8, u8)> {
    let r = int_in(rotation, "rotation", 0, 3)? as u8;
    let s = crate::selfplay::duplicate_seating(r);
    Ok((s[0], s[1], s[2], s[3]))
}
