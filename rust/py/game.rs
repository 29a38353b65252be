//! `GameCore`: the hand's state machine for `koudiandian.Game` to wrap. Every argument is
//! checked here; events, the result and seat views cross as dicts built from their serde
//! shapes.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyTuple};
use serde_json::Value;

use super::rules::{rules_arg, PyRules};
use super::value::{dict_of, from_py, to_py};
use crate::error::Error;
use crate::game::{ActionCode, GameCore, Phase, SeatView, CODES};

pub(super) fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr().map_or_else(|_| "?".into(), |r| r.to_string())
}

/// An int argument in `lo..=hi` (not a bool), or `InvalidArgumentError` naming it.
pub(super) fn int_in(obj: &Bound<'_, PyAny>, what: &str, lo: i128, hi: i128) -> PyResult<i128> {
    let v = if obj.cast::<PyBool>().is_ok() {
        None
    } else {
        obj.cast::<PyInt>()
            .ok()
            .and_then(|i| i.extract::<i128>().ok())
    };
    match v {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(Error::Argument(format!(
            "{what} must be an int in {lo}..{hi}, got {}",
            repr(obj)
        ))
        .into()),
    }
}

pub(super) fn seat_arg(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    int_in(obj, "seat", 0, 3)
        .map(|s| s as u8)
        .map_err(|_| Error::Argument(format!("seat must be 0–3, got {}", repr(obj))).into())
}

/// A seat, or `None` for a spectator.
fn viewer_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
    if obj.is_none() {
        Ok(None)
    } else {
        seat_arg(obj).map(Some)
    }
}

/// The events of a log (a list or tuple of dicts) as JSON values.
fn event_values(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Value>> {
    if obj.cast::<PyList>().is_err() && obj.cast::<PyTuple>().is_err() {
        return Err(
            Error::EventLog("an event log is a non-empty list of event dicts".into()).into(),
        );
    }
    let mut out = Vec::new();
    for (n, item) in obj.try_iter()?.enumerate() {
        let value = from_py(&item?).map_err(|e| {
            Error::EventLog(format!("event {n} cannot be read: {}", e.value(obj.py())))
        })?;
        out.push(value);
    }
    Ok(out)
}

/// The decisions that a log's events after the first record, as `(event number, seat,
/// action code)`; `InvalidEventLogError` names the first event that is malformed.
#[pyfunction]
pub fn log_decisions(events: &Bound<'_, PyAny>) -> PyResult<Vec<(usize, u8, ActionCode)>> {
    Ok(crate::game::decisions(&event_values(events)?)?
        .into_iter()
        .map(|d| (d.event, d.seat, d.action))
        .collect())
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

#[pyclass(module = "koudiandian._core", name = "GameCore")]
#[derive(Clone)]
pub struct PyGameCore {
    pub(crate) core: GameCore,
}

#[pymethods]
impl PyGameCore {
    /// A hand dealt from `seed`, or from an explicit `wall` (docs/rules.md §2 order) with its
    /// `wildcards`.
    #[new]
    #[pyo3(signature = (rules, *, dealer, seed=None, wall=None, wildcards=None, scores=None, dice=None, prevalent_wind=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        dealer: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        wall: Option<&Bound<'_, PyAny>>,
        wildcards: Option<&Bound<'_, PyAny>>,
        scores: Option<&Bound<'_, PyAny>>,
        dice: Option<&Bound<'_, PyAny>>,
        prevalent_wind: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let rules = rules_arg(rules)?.rules;
        let dealer = int_in(dealer, "dealer", 0, 3)? as u8;
        let wind = match prevalent_wind {
            Some(w) => int_in(w, "prevalent_wind", 0, 3)? as u8,
            None => 0,
        };
        let mut s = [0i32; 4];
        if let Some(scores) = scores {
            let items: Vec<Bound<'_, PyAny>> = scores.try_iter()?.collect::<PyResult<_>>()?;
            if items.len() != 4 {
                return Err(Error::Argument(format!(
                    "scores must be four ints, got {}",
                    repr(scores)
                ))
                .into());
            }
            for (i, item) in items.iter().enumerate() {
                s[i] = int_in(item, "a score", i128::from(i32::MIN), i128::from(i32::MAX)).map_err(
                    |_| Error::Argument(format!("scores must be four ints, got {}", repr(scores))),
                )? as i32;
            }
        }
        let core = match (seed, wall) {
            (Some(_), Some(_)) => {
                return Err(Error::Argument("give a seed or a wall, not both".into()).into())
            }
            (Some(seed), None) => {
                if wildcards.is_some() || dice.is_some() {
                    return Err(Error::Argument(
                        "wildcards and dice are given only together with a wall".into(),
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
        let mut core = core;
        core.set_prevalent_wind(wind)?;
        Ok(PyGameCore { core })
    }

    fn rules(&self) -> PyRules {
        (*self.core.rules()).into()
    }

    fn to_act(&self) -> Vec<u8> {
        self.core.to_act()
    }

    fn legal_actions(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<ActionCode>> {
        Ok(self.core.legal_actions(seat_arg(seat)?)?)
    }

    /// `seat` takes the action with code `action`; raises `NotYourTurnError` or
    /// `IllegalActionError` and changes nothing when it may not.
    fn step(&mut self, seat: &Bound<'_, PyAny>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = seat_arg(seat)?;
        let code = int_in(action, "an action code", 0, i128::from(CODES) - 1)
            .map_err(|_| Error::IllegalAction(format!("not an action: {}", repr(action))))?;
        Ok(self.core.step(seat, code as ActionCode)?)
    }

    /// `"bid"`, `"turn"`, `"claim"`, `"rob"`, `"haidi"` or `"over"`.
    fn phase(&self) -> &'static str {
        match self.core.phase() {
            Phase::Bid => "bid",
            Phase::Turn => "turn",
            Phase::Claim => "claim",
            Phase::Rob => "rob",
            Phase::Haidi => "haidi",
            Phase::Over => "over",
        }
    }

    fn is_over(&self) -> bool {
        self.core.phase() == Phase::Over
    }

    /// Whether the seats to act answer a discard or an added kong (claim or rob it) rather
    /// than act on a turn of their own; which seats are asked is not public, this is.
    fn awaiting_answers(&self) -> bool {
        self.core.phase().awaits_answers()
    }

    fn dealer(&self) -> u8 {
        self.core.dealer()
    }

    /// The prevalent wind (圈风: 0 东, 1 南, 2 西, 3 北) the hand is played under.
    fn prevalent_wind(&self) -> u8 {
        self.core.prevalent_wind()
    }

    fn wildcards(&self) -> Vec<u8> {
        self.core.wildcards().to_vec()
    }

    fn wall_remaining(&self) -> usize {
        self.core.wall_remaining()
    }

    /// `(front, back)`: tiles drawn from each end of the wall.
    fn wall_position(&self) -> (usize, usize) {
        (self.core.wall().front, self.core.wall().back)
    }

    /// A seat's concealed tiles as 34 counts.
    fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
        Ok(self.core.hand(seat_arg(seat)?).to_vec())
    }

    /// A seat's melds as `(meld kind number, tile, source seat)`.
    fn melds(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<(u8, u8, Option<u8>)>> {
        Ok(self
            .core
            .melds(seat_arg(seat)?)
            .iter()
            .map(|m| (m.kind as u8, m.tile, m.source))
            .collect())
    }

    /// A seat's discards as `(tile, face down)`.
    fn discards(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<(u8, bool)>> {
        Ok(self.core.discards(seat_arg(seat)?).to_vec())
    }

    fn declared(&self) -> [bool; 4] {
        self.core.declared()
    }

    /// A seat's flowers set aside, in order.
    fn flowers(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
        Ok(self.core.flowers(seat_arg(seat)?).to_vec())
    }

    /// The wildcard indicator turned after the deal (profiles with one).
    fn indicator(&self) -> Option<u8> {
        self.core.indicator()
    }

    /// Each seat's 跑 bid (0 without bids or before they are made).
    fn bids(&self) -> [u8; 4] {
        self.core.bids()
    }

    // -- the authority's state, for tests and tools ----------------------------------------

    fn turn(&self) -> u8 {
        self.core.turn()
    }

    fn drawn(&self) -> Option<u8> {
        self.core.drawn()
    }

    fn claim_tile(&self) -> Option<u8> {
        self.core.claim_tile()
    }

    fn passed_win(&self) -> [bool; 4] {
        self.core.passed_win()
    }

    /// Kongs made: `(seat, meld kind number, tile, feeder, feeder declared)`.
    fn kongs(&self) -> Vec<(u8, u8, u8, Option<u8>, bool)> {
        self.core
            .kongs()
            .iter()
            .map(|k| (k.seat, k.kind as u8, k.tile, k.feeder, k.feeder_declared))
            .collect()
    }

    /// Whether a seat's log shows its dealt hand (not while the seats bid): from then on
    /// no event of the log is rendered otherwise.
    fn deal_shown(&self) -> bool {
        self.core.deal_shown()
    }

    fn event_count(&self) -> usize {
        self.core.events().len()
    }

    /// The events from index `start` on, as JSON-ready dicts.
    fn events_from<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for e in self.core.events().iter().skip(start) {
            list.append(dict_of(py, e)?)?;
        }
        Ok(list)
    }

    /// The whole log as one JSON array, as `json.dumps(events, separators=(",", ":"))`
    /// writes it (the self-play logs' text).
    fn log_json(&self) -> String {
        crate::selfplay::event_log_json(self.core.events())
    }

    /// The event log as `seat` may see it (`None`: the public log, a spectator's), from
    /// index `start` of the full log on (an index of `events_from`'s log, not of the seat's).
    #[pyo3(signature = (seat, start = 0))]
    fn events_for<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
        start: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for v in self.core.events_for_from(viewer_arg(seat)?, start) {
            list.append(to_py(py, &v)?)?;
        }
        Ok(list)
    }

    /// `events_for(seat, start)` with each event written as compact JSON text (what
    /// `json.dumps(event, separators=(",", ":"), ensure_ascii=False)` writes of its dict):
    /// an exec bot's frames carry the events without a Python dict.
    #[pyo3(signature = (seat, start = 0))]
    fn events_for_json(&self, seat: &Bound<'_, PyAny>, start: usize) -> PyResult<Vec<String>> {
        Ok(self
            .core
            .events_for_from(viewer_arg(seat)?, start)
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// The view a table sends `seat` (`None`: a spectator), as a dict.
    fn table_view<'py>(
        &mut self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let v = self.core.table_view(viewer_arg(seat)?);
        to_py(py, &v)
    }

    /// `table_view(seat)` as compact JSON text, with `decision` added when given.
    #[pyo3(signature = (seat, decision=None))]
    fn table_view_json(
        &mut self,
        seat: &Bound<'_, PyAny>,
        decision: Option<u64>,
    ) -> PyResult<String> {
        let mut v = self.core.table_view(viewer_arg(seat)?);
        if let Some(d) = decision {
            v["decision"] = d.into();
        }
        Ok(v.to_string())
    }

    /// Rebuild a hand from its full log (a list of event dicts), checking that it logs
    /// exactly those events; `InvalidEventLogError` names the event that is wrong.
    #[staticmethod]
    fn replay(events: &Bound<'_, PyAny>) -> PyResult<Self> {
        let core = GameCore::replay(&event_values(events)?)?;
        Ok(PyGameCore { core })
    }

    /// Check that this hand's log is exactly `events` (a list of event dicts, compared as
    /// JSON); `InvalidEventLogError` names the first event and field that differ.
    fn check_log(&self, events: &Bound<'_, PyAny>) -> PyResult<()> {
        Ok(self.core.check_log(&event_values(events)?)?)
    }

    /// What the bird changed in the settlement: `(index in the result's transfers, amount
    /// without the bird)` for each transfer it changed; empty before the end, without a
    /// bird, or when it changed nothing.
    fn bird_changes(&self) -> Vec<(usize, i32)> {
        self.core.bird_changes()
    }

    /// The settlement as a dict, once the hand is over.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.core.result().map(|r| dict_of(py, r)).transpose()
    }

    /// Everything `seat` may know now, as a dict.
    fn view<'py>(
        &mut self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let v = self.core.view(seat_arg(seat)?);
        dict_of(py, &v)
    }

    /// The greedy policy's choice for `seat` (an action code), from what it may see.
    fn greedy_action(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<ActionCode> {
        let seat = seat_arg(seat)?;
        if !self.core.to_act().contains(&seat) {
            return Err(Error::NotYourTurn(format!("seat {seat} is not to act now")).into());
        }
        Ok(crate::bots::greedy::action(&mut self.core, seat))
    }

    /// The expert policy's choice for `seat` (an action code), from what it may see.
    fn expert_action(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<ActionCode> {
        let seat = seat_arg(seat)?;
        if !self.core.to_act().contains(&seat) {
            return Err(Error::NotYourTurn(format!("seat {seat} is not to act now")).into());
        }
        Ok(crate::bots::expert::action(&mut self.core, seat))
    }

    /// The search bot `bot`'s choice for `seat` (an action code), its worlds dealt from
    /// `seed` (`crate::bots::search`; the bot's name is checked first). Releases the GIL
    /// while it searches.
    fn search_action(
        &mut self,
        py: Python<'_>,
        seat: &Bound<'_, PyAny>,
        bot: &str,
        seed: u64,
    ) -> PyResult<ActionCode> {
        let seat = seat_arg(seat)?;
        let crate::bots::Bot::Search(search) = crate::bots::Bot::parse(bot)? else {
            return Err(Error::Argument(format!("{bot:?} is not a search bot")).into());
        };
        if !self.core.to_act().contains(&seat) {
            return Err(Error::NotYourTurn(format!("seat {seat} is not to act now")).into());
        }
        let core = &mut self.core;
        Ok(py.detach(|| search.action(core, seat, seed)))
    }

    /// Who deals the next hand of a match (`None` while the hand goes on).
    fn next_dealer(&self, one_round: bool) -> Option<u8> {
        self.core.next_dealer(one_round)
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }
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

/// The greedy (or, with `expert`, the expert) policy's choice from a seat's view, checked.
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
