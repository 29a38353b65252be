//! `GameCore`: the Rust state machine of a hand, for `koudiandian.Game` to wrap.

use pyo3::prelude::*;

use crate::game::{Event, GameCore, GameRules, Phase, StepError};
use crate::rules::EvalRules;

/// A raw event: `(type, seat, tile, a, b, c)`; see `python/koudiandian/game.py` for the
/// meaning of `a`, `b`, `c` by type.
type RawEvent = (u8, u8, u8, i32, i32, i32);

fn raw(e: &Event) -> RawEvent {
    let opt = |s: Option<u8>| s.map_or(-1, i32::from);
    match *e {
        Event::StartHand => (0, 0, 0, 0, 0, 0),
        Event::Draw {
            seat,
            tile,
            replacement,
        } => (1, seat, tile, i32::from(replacement), 0, 0),
        Event::Discard {
            seat,
            tile,
            declare,
            auto,
        } => (2, seat, tile, i32::from(declare), i32::from(auto), 0),
        Event::ConcealedKong { seat, tile } => (3, seat, tile, 0, 0, 0),
        Event::AddedKong { seat, tile } => (4, seat, tile, 0, 0, 0),
        Event::Answer { seat, action, auto } => (5, seat, 0, action as i32, i32::from(auto), 0),
        Event::Pong { seat, tile, from } => (6, seat, tile, i32::from(from), 0, 0),
        Event::Kong { seat, tile, from } => (7, seat, tile, i32::from(from), 0, 0),
        Event::Win {
            seat,
            tile,
            kind,
            from,
            auto,
        } => (8, seat, tile, kind as i32, opt(from), i32::from(auto)),
        Event::EndHand => (9, 0, 0, 0, 0, 0),
    }
}

#[pyclass(module = "koudiandian._core", name = "GameCore")]
#[derive(Clone)]
pub struct PyGameCore {
    core: GameCore,
}

#[pymethods]
impl PyGameCore {
    /// Precondition (checked by `koudiandian.Game`): `wall` holds every tile in play once,
    /// `wildcards` fit the rules, `dealer < 4`.
    #[new]
    #[allow(clippy::fn_params_excessive_bools)]
    fn new(
        flags: u32,
        kong_keeps_waits: bool,
        must_win: bool,
        delayed_kong: bool,
        dealer: u8,
        wall: Vec<u8>,
        wildcards: Vec<u8>,
    ) -> Self {
        let rules = GameRules {
            eval: EvalRules::from_flags(flags),
            kong_keeps_waits,
            must_win,
            delayed_kong,
        };
        PyGameCore {
            core: GameCore::new(rules, dealer % 4, wall, wildcards),
        }
    }

    fn to_act(&self) -> Vec<u8> {
        self.core.to_act()
    }

    fn legal_actions(&mut self, seat: u8) -> Vec<u16> {
        self.core.legal_actions(seat)
    }

    /// 0: done; 1: not this seat's turn; 2: not a legal action. On 1 or 2 nothing changed.
    fn step(&mut self, seat: u8, action: u16) -> u8 {
        match self.core.step(seat, action) {
            Ok(()) => 0,
            Err(StepError::NotYourTurn) => 1,
            Err(StepError::Illegal) => 2,
        }
    }

    /// 0 turn, 1 claim, 2 rob, 3 over.
    fn phase(&self) -> u8 {
        match self.core.phase {
            Phase::Turn => 0,
            Phase::Claim => 1,
            Phase::Rob => 2,
            Phase::Over => 3,
        }
    }

    fn turn(&self) -> u8 {
        self.core.turn
    }

    fn drawn(&self) -> Option<u8> {
        self.core.drawn
    }

    fn claim_tile(&self) -> Option<u8> {
        self.core.claim_tile
    }

    fn wall_position(&self) -> (usize, usize) {
        (self.core.front, self.core.back)
    }

    fn hand(&self, seat: u8) -> Vec<u8> {
        self.core.hands[seat as usize % 4].to_vec()
    }

    fn melds(&self, seat: u8) -> Vec<(u8, u8, Option<u8>)> {
        self.core.melds[seat as usize % 4]
            .iter()
            .map(|m| (m.kind as u8, m.tile, m.source))
            .collect()
    }

    fn discards(&self, seat: u8) -> Vec<(u8, bool)> {
        self.core.discards[seat as usize % 4].clone()
    }

    fn declared(&self) -> [bool; 4] {
        self.core.declared
    }

    fn passed_win(&self) -> [bool; 4] {
        self.core.passed_win
    }

    /// Kongs made: `(seat, meld kind, tile, feeder, feeder declared)`.
    fn kongs(&self) -> Vec<(u8, u8, u8, Option<u8>, bool)> {
        self.core
            .kongs
            .iter()
            .map(|k| (k.seat, k.kind as u8, k.tile, k.feeder, k.feeder_declared))
            .collect()
    }

    fn event_count(&self) -> usize {
        self.core.events.len()
    }

    /// Events from index `start` on, raw.
    fn events_from(&self, start: usize) -> Vec<RawEvent> {
        self.core.events.iter().skip(start).map(raw).collect()
    }

    /// `(winner, tile, kind, discarder, discarder declared, points, factor, pattern bits)`.
    #[allow(clippy::type_complexity)]
    fn outcome(&self) -> Option<(u8, u8, u8, Option<u8>, bool, u8, u32, u32)> {
        self.core.outcome.map(|o| {
            (
                o.winner,
                o.tile,
                o.kind as u8,
                o.discarder,
                o.discarder_declared,
                o.points,
                o.factor,
                o.patterns,
            )
        })
    }

    /// The winning tiles (mask) of the seat's waiting position, or 0 when it holds none.
    fn waits(&self, seat: u8) -> u64 {
        self.core.seat_waits(seat % 4)
    }

    /// The greedy policy's choice for `seat` (an action code), from what it may see.
    fn greedy_action(&mut self, seat: u8) -> u16 {
        self.core.greedy_action(seat % 4)
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }
}

/// The greedy policy's choice from a seat's view: its concealed tiles by kind, its melds
/// `(kind, tile)`, the wildcard kinds, the kinds seen (34 counts), the legal action codes,
/// the tile on offer (claims) and whether the seat has declared.
#[pyfunction]
#[allow(clippy::too_many_arguments, clippy::needless_pass_by_value)]
pub fn greedy_choice(
    counts: [u8; 34],
    melds: Vec<(u8, u8)>,
    wildcards: Vec<u8>,
    flags: u32,
    seen: [u8; 34],
    legal: Vec<u16>,
    claim_tile: Option<u8>,
    declared: bool,
) -> PyResult<u16> {
    if legal.is_empty() || legal.iter().any(|&c| c >= 9 * 34) {
        return Err(crate::error::Error::Array(
            "legal actions must be non-empty action codes".into(),
        )
        .into());
    }
    let melds = melds
        .into_iter()
        .map(|(k, tile)| {
            Ok(crate::hand::Meld {
                kind: crate::hand::MeldKind::from_index(i64::from(k))?,
                tile,
            })
        })
        .collect::<Result<Vec<_>, crate::error::Error>>()?;
    // The same checks as every hand: kinds, copies, sizes (the policy relies on them).
    let tiles: Vec<u8> = (0..34u8)
        .flat_map(|k| std::iter::repeat_n(k, counts[k as usize] as usize))
        .collect();
    let rules = EvalRules::from_flags(flags);
    crate::hand::Hand::new(&tiles, &melds, &wildcards, rules, crate::hand::Size::Any)?;
    if claim_tile.is_some_and(|t| t >= 34) {
        return Err(
            crate::error::Error::InvalidTile(format!("invalid claim tile {claim_tile:?}")).into(),
        );
    }
    Ok(crate::greedy::choose(&crate::greedy::Seat {
        counts,
        melds,
        wildcards: &wildcards,
        rules,
        seen,
        legal: &legal,
        claim_tile,
        declared,
    }))
}
