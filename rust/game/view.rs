//! What one seat may know (docs/rules.md §3, §4): its own tiles, everything public, nothing else.
//!
//! The two visibility rules ([`sees_discard`], [`sees_meld`]) are the only place that decides
//! what is hidden; the seat view, the seat's event log, a spectator's (a viewer who owns no
//! seat: `None`) and the greedy policy's count of seen tiles all go through them.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::action::{self, Act};
use super::event::Event;
use super::state::{GameCore, Phase};
use crate::hand::MeldKind;
use crate::outcome::HandResult;
use crate::profiles::Rules;
use crate::tiles::{Counts, KINDS};

/// Whether `viewer` (a seat, or `None` for a spectator) sees the kind of `owner`'s discard
/// (a 报听 discard lies face down until the hand is over).
#[must_use]
pub const fn sees_discard(owner: u8, viewer: Option<u8>, face_down: bool, over: bool) -> bool {
    !face_down || matches!(viewer, Some(v) if v == owner) || over
}

/// Whether `viewer` (a seat, or `None` for a spectator) sees the kind of `owner`'s meld (a
/// concealed kong's kind is hidden until the hand is over).
#[must_use]
pub fn sees_meld(owner: u8, viewer: Option<u8>, kind: MeldKind, over: bool) -> bool {
    kind != MeldKind::ConcealedKong || viewer == Some(owner) || over
}

/// A meld as a seat sees it: `tile` is `None` for another seat's concealed kong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldView {
    pub kind: MeldKind,
    pub tile: Option<u8>,
    pub source: Option<u8>,
}

/// An action as a view lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ActionView {
    pub kind: Act,
    pub tile: Option<u8>,
}

/// One seat's view of a hand (the JSON shape of `SeatView.to_dict()`, and `hand_sizes`), or
/// with `seat: None` a spectator's: what every seat may see. Read back from Python (for the
/// greedy policy), the rules, legal actions and result are not read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Option<u8>,
    pub dealer: u8,
    /// The prevalent wind (圈风: 0 东 … 3 北).
    #[serde(default)]
    pub prevalent_wind: u8,
    #[serde(skip_deserializing)]
    pub rules: Rules,
    pub phase: Phase,
    pub turn: u8,
    /// Concealed tiles, sorted.
    pub hand: Vec<u8>,
    /// The tile this seat just drew, on its own turn.
    pub drawn: Option<u8>,
    pub melds: [Vec<MeldView>; 4],
    /// Each seat's discards in order, `None` for one this seat may not see.
    pub discards: [Vec<Option<u8>>; 4],
    /// Which of each seat's `discards` another seat took (a pong, kong or chow, or a win
    /// on it), by index, in order: public, as the claims are.
    #[serde(default)]
    pub claimed: [Vec<u8>; 4],
    pub declared: [bool; 4],
    pub passed_win: bool,
    /// The discard or added kong being answered.
    pub claim_tile: Option<u8>,
    pub wall_remaining: usize,
    /// The tiles left in each seat's part of a wall cut in parts (`WallRules::parts`);
    /// absent for any other wall.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part_remaining: Option<[usize; 4]>,
    pub wildcards: Vec<u8>,
    /// This seat's winning tiles when it holds a waiting hand that is ready.
    pub winning_tiles: Option<Vec<u8>>,
    pub scores: [i32; 4],
    /// Each seat's flowers set aside (public).
    #[serde(default)]
    pub flowers: [Vec<u8>; 4],
    /// The wildcard indicator, face up (profiles that turn one).
    #[serde(default)]
    pub indicator: Option<u8>,
    /// Each seat's 跑 bid, once all have bid (0 without bids).
    #[serde(default)]
    pub bids: [u8; 4],
    #[serde(skip_deserializing)]
    pub legal_actions: Vec<ActionView>,
    #[serde(skip_deserializing)]
    pub result: Option<HandResult>,
    /// Each seat's number of concealed tiles (anyone at a table can count them).
    #[serde(default)]
    pub hand_sizes: [u8; 4],
    /// Each seat's score now: `scores` (at the deal) plus the payments made since.
    #[serde(default)]
    pub running: [i32; 4],
    /// Each seat's void suit (0 m, 1 p, 2 s) once all are revealed; before, this seat's
    /// own choice only.
    #[serde(default)]
    pub voids: [Option<u8>; 4],
    /// Per seat, the index in the log of the `win` event at which it left the hand.
    #[serde(default)]
    pub left: [Option<u32>; 4],
    /// The tiles this seat has picked for the exchange before play, until they are passed.
    #[serde(default)]
    pub picked: Vec<u8>,
}

impl SeatView {
    /// Tiles of each kind this seat has seen: its hand, every discard and meld it sees
    /// (at most four of a kind).
    #[must_use]
    pub fn seen(&self) -> Counts {
        let mut seen = [0u8; KINDS];
        let mut add = |t: u8, n: u8| {
            if let Some(c) = seen.get_mut(t as usize) {
                *c = (*c + n).min(4);
            }
        };
        for &t in &self.hand {
            add(t, 1);
        }
        for &t in self.discards.iter().flatten().flatten() {
            add(t, 1);
        }
        for m in self.melds.iter().flatten() {
            if let Some(t) = m.tile {
                for (k, n) in crate::hand::meld_tiles(m.kind, t) {
                    add(k, n);
                }
            }
        }
        if let Some(t) = self.indicator {
            add(t, 1);
        }
        seen
    }
}

impl GameCore {
    /// Everything `seat` may know now, and nothing else. Precondition: `seat < 4`.
    pub fn view(&mut self, seat: u8) -> SeatView {
        self.view_as(Some(seat))
    }

    /// Everything `viewer` may know now: a seat's view, or for `None` a spectator's (no
    /// seat's tiles, legal actions or winning tiles; every seat seen as another seat sees
    /// it). Precondition: a seat is `< 4`.
    pub fn view_as(&mut self, viewer: Option<u8>) -> SeatView {
        let over = self.phase == Phase::Over;
        let legal = viewer
            .map(|s| self.legal_actions(s).unwrap_or_default())
            .unwrap_or_default();
        let me = viewer.map(|s| &self.seats[s as usize]);
        let waits = viewer.map_or(0, |s| self.seat_waits(s));
        SeatView {
            seat: viewer,
            dealer: self.dealer,
            prevalent_wind: self.prevalent_wind,
            rules: self.rules,
            phase: self.phase,
            turn: self.turn,
            hand: me.map_or_else(Vec::new, |me| crate::tiles::kinds_of(&me.hand)),
            drawn: self
                .drawn
                .filter(|_| self.phase == Phase::Turn && viewer == Some(self.turn)),
            melds: std::array::from_fn(|owner| {
                self.seats[owner]
                    .melds
                    .iter()
                    .map(|m| MeldView {
                        kind: m.kind,
                        tile: sees_meld(owner as u8, viewer, m.kind, over).then_some(m.tile),
                        source: m.source,
                    })
                    .collect()
            }),
            discards: std::array::from_fn(|owner| {
                self.seats[owner]
                    .discards
                    .iter()
                    .map(|&(t, down)| sees_discard(owner as u8, viewer, down, over).then_some(t))
                    .collect()
            }),
            claimed: std::array::from_fn(|owner| self.seats[owner].claimed.clone()),
            declared: self.declared(),
            passed_win: viewer.is_some_and(|v| self.passed_win()[v as usize]),
            claim_tile: self.claim_tile.filter(|_| self.phase.awaits_answers()),
            wall_remaining: self.wall.remaining(),
            part_remaining: self.wall.parts(),
            wildcards: self.wildcards.clone(),
            winning_tiles: (waits != 0)
                .then(|| (0..KINDS as u8).filter(|&k| waits >> k & 1 == 1).collect()),
            scores: self.scores,
            flowers: std::array::from_fn(|s| self.seats[s].flowers.clone()),
            indicator: self.indicator_tiles().0,
            bids: self.bids(),
            legal_actions: legal
                .iter()
                .map(|&c| {
                    let act = Act::of(c);
                    ActionView {
                        kind: act,
                        tile: act.takes_tile().then(|| action::tile_of(c)),
                    }
                })
                .collect(),
            result: self.result.clone(),
            hand_sizes: std::array::from_fn(|s| self.seats[s].hand.iter().sum()),
            running: self.running_scores(),
            voids: std::array::from_fn(|s| {
                self.seats[s].void.or_else(|| {
                    (viewer == Some(s as u8) && self.phase == Phase::Void)
                        .then(|| self.answers[s].map(action::tile_of))
                        .flatten()
                })
            }),
            left: self.left(),
            picked: me.map_or_else(Vec::new, |me| me.picked.clone()),
        }
    }

    /// Tiles of each kind `seat` has seen (as [`SeatView::seen`] counts them), without
    /// building the view: the greedy policy asks this on every decision.
    pub(crate) fn seen_by(&self, seat: u8) -> Counts {
        let over = self.phase == Phase::Over;
        let mut seen = self.seats[seat as usize].hand;
        for (owner, s) in self.seats.iter().enumerate() {
            for &(t, down) in &s.discards {
                if sees_discard(owner as u8, Some(seat), down, over) {
                    seen[t as usize] += 1;
                }
            }
            for m in &s.melds {
                if sees_meld(owner as u8, Some(seat), m.kind, over) {
                    crate::hand::add_meld(&mut seen, m.kind, m.tile);
                }
            }
        }
        if let Some(t) = self.indicator_tiles().0 {
            seen[t as usize] += 1;
        }
        for c in &mut seen {
            *c = (*c).min(4);
        }
        seen
    }

    /// The event log as `viewer` may see it (JSON values): other seats' tiles, draws,
    /// face-down discards, concealed-kong kinds and claim answers masked or left out, and
    /// no wall, no dice to come (each roll is its `dice` event) and no hand while the seats
    /// bid. Flowers, the indicator and bids are
    /// public. `None`: the public log, a spectator's, who owns no seat (no dealt hand, and
    /// every seat's events as the other seats see them). Precondition: a seat is `< 4`.
    #[must_use]
    pub fn events_for(&self, viewer: Option<u8>) -> Vec<Value> {
        self.events_for_from(viewer, 0)
    }

    /// Whether a seat's log ([`GameCore::events_for`]) shows its dealt hand: not while the
    /// seats bid (bids are made before the deal). Once it does, every event of the log stays
    /// as rendered for the rest of the hand; before, the `start_hand` event is filled in
    /// when the bids are in, so a log kept in parts renders that event again then.
    #[must_use]
    pub fn deal_shown(&self) -> bool {
        self.phase != Phase::Bid
    }

    /// [`GameCore::events_for`] of the events from index `start` of the full log on (an
    /// index of [`GameCore::events`], not of the viewer's log, which leaves some out): a
    /// viewer's log kept in parts. Rendered as [`GameCore::events_for`] renders them now;
    /// empty if `start` is past the end.
    #[must_use]
    pub fn events_for_from(&self, viewer: Option<u8>, start: usize) -> Vec<Value> {
        let events = self.events.get(start..).unwrap_or_default();
        let mut out = Vec::with_capacity(events.len());
        for e in events {
            let mut v = serde_json::to_value(e).unwrap_or(Value::Null);
            match e {
                Event::StartHand(start) => {
                    let wall = &start.wall;
                    let mut hand = Vec::new();
                    if let Some(seat) = viewer.filter(|_| self.deal_shown()) {
                        if self.wall.has_parts() {
                            hand = super::wall::dealt_from_part(wall, seat);
                        } else {
                            let i = (seat as usize + 4 - start.dealer as usize) % 4;
                            hand.extend_from_slice(&wall[13 * i..13 * i + 13]);
                            if i == 0 {
                                hand.push(wall[52]);
                            }
                        }
                    }
                    if let Value::Object(m) = &mut v {
                        m.shift_remove("wall");
                        // The dice the hand will roll: each is shown when it is rolled
                        // (a `dice` event), never before.
                        m.shift_remove("dice");
                        m.insert("hand".into(), json!(hand));
                        m.insert("wall_size".into(), json!(wall.len()));
                    }
                }
                Event::Answer { seat: s, .. } if viewer != Some(*s) => continue,
                Event::Exchange { seat: s, to, .. }
                    if viewer != Some(*s) && viewer != Some(*to) =>
                {
                    v["tiles"] = Value::Null;
                }
                Event::Draw { seat: s, .. }
                | Event::ConcealedKong { seat: s, .. }
                | Event::DiceKong {
                    seat: s,
                    concealed: true,
                    ..
                } if viewer != Some(*s) => {
                    v["tile"] = Value::Null;
                }
                Event::Discard {
                    seat: s,
                    tile: _,
                    declare,
                    ..
                } if viewer != Some(*s) => {
                    if let Value::Object(m) = &mut v {
                        m.shift_remove("auto");
                    }
                    if !sees_discard(*s, viewer, *declare, false) {
                        v["tile"] = Value::Null;
                    }
                }
                _ => {}
            }
            out.push(v);
        }
        out
    }
}
