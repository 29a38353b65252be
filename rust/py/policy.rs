//! The built-in bots' choices for Python: in a live hand (what `GameCore`'s `greedy_action`,
//! `expert_action` and `search_action` answer) and from a seat's view alone (`greedy_choice`,
//! `expert_choice`). Each choice is an action code; the bots decide in `crate::bots`.

use pyo3::prelude::*;

use super::args::seat_arg;
use super::rules::rules_arg;
use super::value::from_py;
use crate::error::Error;
use crate::game::{ActionCode, GameCore, SeatView, CODES};

/// `NotYourTurnError` unless `seat` is one of the seats to act now.
fn check_to_act(core: &GameCore, seat: u8) -> PyResult<()> {
    if core.to_act().contains(&seat) {
        Ok(())
    } else {
        Err(Error::NotYourTurn(format!("seat {seat} is not to act now")).into())
    }
}

/// The greedy policy's choice for `seat` (a seat to act now) in `core`, from what it may see.
pub(super) fn greedy_action(core: &mut GameCore, seat: &Bound<'_, PyAny>) -> PyResult<ActionCode> {
    let seat = seat_arg(seat)?;
    check_to_act(core, seat)?;
    Ok(crate::bots::greedy::action(core, seat))
}

/// The expert policy's choice for `seat` (a seat to act now) in `core`, from what it may see.
pub(super) fn expert_action(core: &mut GameCore, seat: &Bound<'_, PyAny>) -> PyResult<ActionCode> {
    let seat = seat_arg(seat)?;
    check_to_act(core, seat)?;
    Ok(crate::bots::expert::action(core, seat))
}

/// The search bot `bot`'s choice for `seat` (a seat to act now) in `core`, its worlds dealt
/// from `seed`. The seat is checked first, then the bot's name, then the turn; the search
/// runs without the GIL.
pub(super) fn search_action(
    py: Python<'_>,
    core: &mut GameCore,
    seat: &Bound<'_, PyAny>,
    bot: &str,
    seed: u64,
) -> PyResult<ActionCode> {
    let seat = seat_arg(seat)?;
    let crate::bots::Bot::Search(search) = crate::bots::Bot::parse(bot)? else {
        return Err(Error::Argument(format!("{bot:?} is not a search bot")).into());
    };
    check_to_act(core, seat)?;
    Ok(py.detach(|| search.action(core, seat, seed)))
}

/// The greedy policy's choice from a seat's view (`SeatView.to_dict()`), the rules and the
/// legal action codes.
#[pyfunction]
pub fn greedy_choice(
    view: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    legal: Vec<i64>,
) -> PyResult<ActionCode> {
    choice_of_view(view, rules, legal, false)
}

/// The expert policy's choice from a seat's view (`SeatView.to_dict()`), the rules and the
/// legal action codes.
#[pyfunction]
pub fn expert_choice(
    view: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    legal: Vec<i64>,
) -> PyResult<ActionCode> {
    choice_of_view(view, rules, legal, true)
}

/// The greedy (or, with `expert`, the expert) policy's choice from a seat's view, checked:
/// the legal codes must be non-empty action codes, and the view's hand must pass the checks
/// of every hand (the policy relies on them).
fn choice_of_view(
    view: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    legal: Vec<i64>,
    expert: bool,
) -> PyResult<ActionCode> {
    let rules = rules_arg(Some(rules))?;
    let value = from_py(view)?;
    let view: SeatView = serde_json::from_value(value)
        .map_err(|e| Error::Argument(format!("not a seat view: {e}")))?;
    if legal.is_empty() || legal.iter().any(|&c| !(0..i64::from(CODES)).contains(&c)) {
        return Err(Error::Array("legal actions must be non-empty action codes".into()).into());
    }
    let legal: Vec<ActionCode> = legal.iter().map(|&c| c as ActionCode).collect();
    if let Some(&bid) = legal
        .iter()
        .find(|&&c| crate::game::Act::of(c) == crate::game::Act::Pao)
    {
        return Ok(crate::bots::greedy::bid(&legal).unwrap_or(bid)); // before the deal: no hand yet
    }
    let seat = view
        .seat
        .filter(|&s| s < 4)
        .ok_or_else(|| Error::Argument("not a seat's view: no seat 0–3".into()))?;
    let melds = &view.melds[seat as usize];
    let melds: Vec<crate::hand::Meld> = melds
        .iter()
        .filter_map(|m| m.tile.map(|tile| crate::hand::Meld { kind: m.kind, tile }))
        .collect();
    // The same checks as every hand: kinds, copies, sizes (the policy relies on them).
    crate::hand::Hand::new(
        &view.hand,
        &melds,
        &view.wildcards,
        rules.eval.honors(),
        crate::hand::Size::Any,
    )?;
    if view.claim_tile.is_some_and(|t| t >= 34) {
        return Err(Error::InvalidTile(format!("invalid claim tile {:?}", view.claim_tile)).into());
    }
    let tiles = crate::tiles::counts_of(&view.hand)?;
    let sight = crate::bots::sight::Sight::of_view(&view, &rules.rules, rules.eval, tiles);
    Ok(if expert {
        crate::bots::expert::choose(&sight, &legal)
    } else {
        crate::bots::greedy::choose(&sight, &legal)
    })
}
