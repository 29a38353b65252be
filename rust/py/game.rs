//! `GameCore`: the hand's state machine for `koudiandian.Game` to wrap, one thin method per
//! question or move. Every argument is checked before the core sees it; events, the result
//! and seat views cross as dicts built from their serde shapes. The deal's arguments are read
//! in `deal.rs`, event logs in `log.rs`, the bots' choices made in `policy.rs`.

use pyo3::prelude::*;
use pyo3::types::PyList;

use super::args::{int_in, repr, seat_arg, viewer_arg};
use super::deal::deal;
use super::log::event_values;
use super::policy;
use super::rules::PyRules;
use super::value::{dict_of, to_py};
use crate::error::Error;
use crate::game::{ActionCode, GameCore, Phase, CODES};

#[pyclass(module = "koudiandian._core", name = "GameCore")]
#[derive(Clone)]
pub struct PyGameCore {
    pub(crate) core: GameCore,
}

#[pymethods]
impl PyGameCore {
    /// A hand dealt from `seed`, or from an explicit `wall` (docs/rules.md §2 order) with its
    /// `wildcards`, `dice` and exchange direction.
    #[new]
    #[pyo3(signature = (rules, *, dealer, seed=None, wall=None, wildcards=None, scores=None, dice=None, prevalent_wind=None, exchange_direction=None))]
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
        exchange_direction: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let core = deal(
            rules,
            dealer,
            seed,
            wall,
            wildcards,
            scores,
            dice,
            prevalent_wind,
            exchange_direction,
        )?;
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

    /// `"bid"`, `"exchange"`, `"void"`, `"turn"`, `"claim"`, `"rob"`, `"haidi"` or `"over"`.
    fn phase(&self) -> &'static str {
        match self.core.phase() {
            Phase::Bid => "bid",
            Phase::Turn => "turn",
            Phase::Claim => "claim",
            Phase::Rob => "rob",
            Phase::Haidi => "haidi",
            Phase::Exchange => "exchange",
            Phase::Void => "void",
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

    /// The tiles left in each seat's part of a wall cut in parts (the `botzone` rules),
    /// else `None`.
    fn part_remaining(&self) -> Option<[usize; 4]> {
        self.core.wall().parts()
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
        policy::greedy_action(&mut self.core, seat)
    }

    /// The expert policy's choice for `seat` (an action code), from what it may see.
    fn expert_action(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<ActionCode> {
        policy::expert_action(&mut self.core, seat)
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
        policy::search_action(py, &mut self.core, seat, bot, seed)
    }

    /// End the hand by a judge's verdict (`"WA"`, `"TLE"`…) against `seat`, where the rules
    /// score one (also a hand the engine ended drawn by its own move: the verdict replaces
    /// that end); raises `InvalidArgumentError` for a bad seat or verdict or a hand already
    /// over, `InvalidRulesError` under rules without verdicts.
    fn end_by_verdict(
        &mut self,
        seat: &Bound<'_, PyAny>,
        verdict: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let seat = seat_arg(seat)?;
        let name: String = verdict.extract().map_err(|_| {
            Error::Argument(format!(
                "a verdict is a name such as 'WA', got {}",
                repr(verdict)
            ))
        })?;
        let verdict = crate::outcome::Verdict::parse(&name)?;
        Ok(self.core.end_by_verdict(seat, verdict)?)
    }

    /// Who deals the next hand of a match (`None` while the hand goes on).
    fn next_dealer(&self, one_round: bool) -> Option<u8> {
        self.core.next_dealer(one_round)
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }
}
