//! Entry points for the game engine: hands given as 34 counts (wildcard kinds included),
//! melds as `(kind, tile)` pairs, wildcard kinds as ints. No text, no generic iterables:
//! these are called on every turn of every simulated hand.

use pyo3::prelude::*;

use crate::error::Error;
use crate::hand::{Hand, Meld, MeldKind, Size};
use crate::rules::EvalRules;
use crate::tiles::KINDS;
use crate::waits::{ready_discards, Waits};

fn hand(
    counts: &[u8],
    melds: &[(u8, u8)],
    wildcards: &[u8],
    flags: u32,
    size: Size,
) -> PyResult<Hand> {
    if counts.len() != KINDS {
        return Err(Error::Array(format!("expected 34 counts, got {}", counts.len())).into());
    }
    let tiles: Vec<u8> = (0..KINDS as u8)
        .flat_map(|k| std::iter::repeat_n(k, counts[k as usize] as usize))
        .collect();
    let melds = melds
        .iter()
        .map(|&(kind, tile)| {
            Ok(Meld {
                kind: MeldKind::from_index(i64::from(kind))?,
                tile,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Hand::new(
        &tiles,
        &melds,
        wildcards,
        EvalRules::from_flags(flags),
        size,
    )?)
}

/// Whether a complete hand wins.
#[pyfunction]
pub fn counts_is_win(
    counts: Vec<u8>,
    melds: Vec<(u8, u8)>,
    wildcards: Vec<u8>,
    flags: u32,
) -> PyResult<bool> {
    let h = hand(&counts, &melds, &wildcards, flags, Size::Complete)?;
    Ok(crate::shape::is_win(
        &h.counts,
        h.wild,
        h.meld_count(),
        EvalRules::from_flags(flags),
    ))
}

/// Winning tiles of a waiting hand, as a kind mask.
#[pyfunction]
pub fn counts_waits(
    counts: Vec<u8>,
    melds: Vec<(u8, u8)>,
    wildcards: Vec<u8>,
    flags: u32,
) -> PyResult<u64> {
    let h = hand(&counts, &melds, &wildcards, flags, Size::Waiting)?;
    Ok(Waits::of(&h, EvalRules::from_flags(flags)).tiles)
}

/// Kinds whose discard leaves a complete-size hand ready with 报听 allowed, as a mask.
#[pyfunction]
pub fn counts_declarable(
    counts: Vec<u8>,
    melds: Vec<(u8, u8)>,
    wildcards: Vec<u8>,
    flags: u32,
) -> PyResult<u64> {
    let h = hand(&counts, &melds, &wildcards, flags, Size::Complete)?;
    Ok(ready_discards(&h, EvalRules::from_flags(flags))
        .into_iter()
        .filter(|(_, w)| w.declarable())
        .fold(0, |m, (d, _)| m | 1 << d))
}

/// Shanten of a hand of either size.
#[pyfunction]
pub fn counts_shanten(
    counts: Vec<u8>,
    melds: Vec<(u8, u8)>,
    wildcards: Vec<u8>,
    flags: u32,
) -> PyResult<i32> {
    let h = hand(&counts, &melds, &wildcards, flags, Size::Any)?;
    Ok(crate::shanten::shanten(
        &h.counts,
        h.wild,
        h.meld_count(),
        EvalRules::from_flags(flags),
    ))
}

/// For a complete-size hand, each kind held: `(kind, shanten after discarding it, winning
/// tiles after it as a mask)`. What a discarding bot needs, in one call.
#[pyfunction]
pub fn counts_discards(
    counts: Vec<u8>,
    melds: Vec<(u8, u8)>,
    wildcards: Vec<u8>,
    flags: u32,
) -> PyResult<Vec<(u8, i32, u64)>> {
    let rules = EvalRules::from_flags(flags);
    let h = hand(&counts, &melds, &wildcards, flags, Size::Complete)?;
    let mut out = Vec::new();
    for k in 0..KINDS {
        if counts[k] == 0 {
            continue;
        }
        let mut after = h.clone();
        after.held[k] -= 1;
        if h.wildcards >> k & 1 == 1 {
            after.wild -= 1;
        } else {
            after.counts[k] -= 1;
        }
        let s = crate::shanten::shanten(&after.counts, after.wild, after.meld_count(), rules);
        let waits = if s == 0 {
            Waits::of(&after, rules).tiles
        } else {
            0
        };
        out.push((k as u8, s, waits));
    }
    Ok(out)
}
