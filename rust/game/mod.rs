//! One hand (局) of Koudiandian: the authoritative state machine of RULES §2–§6.
//!
//! The engine asks only the seats that have a real choice: a declared seat's drawn tile is
//! discarded for it unless it can win or kong, and under `must_win` it wins without being
//! asked. Every change is recorded as an [`Event`]; the Python layer turns the log into JSON
//! and settles the hand (`settlement.py`). `docs/rules.md` lists the decisions made here.

mod action;
mod event;

pub use action::{Act, ActionCode};
pub use event::{Event, Outcome, WinKind};

use crate::hand::{Hand, MeldKind};
use crate::rules::EvalRules;
use crate::tiles::{points, Counts, KindMask, KINDS};
use crate::waits::{ready_discards, Waits};

/// The options of RULES §8 the state machine needs (scoring options stay in Python).
#[derive(Debug, Clone, Copy, Default)]
pub struct GameRules {
    pub eval: EvalRules,
    pub kong_keeps_waits: bool,
    pub must_win: bool,
    pub delayed_kong: bool,
}

/// A meld as laid down: kind, tile, and the seat whose discard made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeldRecord {
    pub kind: MeldKind,
    pub tile: u8,
    pub source: Option<u8>,
}

/// A kong made in the hand, for settlement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KongRecord {
    pub seat: u8,
    pub kind: MeldKind,
    pub tile: u8,
    pub feeder: Option<u8>,
    pub feeder_declared: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The seat `turn` holds a complete-size hand and must act.
    Turn,
    /// Seats answer a discard of `turn`.
    Claim,
    /// Seats answer an added kong of `turn` (抢杠).
    Rob,
    Over,
}

/// Why a step was refused. The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepError {
    NotYourTurn,
    Illegal,
}

/// The state of one hand.
#[derive(Debug, Clone)]
pub struct GameCore {
    rules: GameRules,
    pub dealer: u8,
    pub wall: Vec<u8>,
    pub front: usize,
    pub back: usize,
    pub wildcards: Vec<u8>,
    wild_mask: KindMask,
    /// Concealed tiles by kind, wildcard kinds included.
    pub hands: [Counts; 4],
    pub melds: [Vec<MeldRecord>; 4],
    /// Discards in order: (tile, face down).
    pub discards: [Vec<(u8, bool)>; 4],
    pub declared: [bool; 4],
    pub passed_win: [bool; 4],
    forfeited: [KindMask; 4],
    pub kongs: Vec<KongRecord>,
    pub phase: Phase,
    pub turn: u8,
    pub drawn: Option<u8>,
    pub claim_tile: Option<u8>,
    claim_declared: bool,
    /// Per seat, the actions offered on the current discard or added kong (empty: not asked).
    options: [Vec<ActionCode>; 4],
    answers: [Option<ActionCode>; 4],
    /// Order in which seats answered, for resolution.
    answer_order: Vec<u8>,
    legal: Option<Vec<ActionCode>>,
    pub events: Vec<Event>,
    pub outcome: Option<Outcome>,
}

impl GameCore {
    /// Deal a hand from `wall` (RULES §2 order) with `wildcards` kinds.
    ///
    /// Precondition: `wall` holds every tile in play exactly once (the caller checks it) and
    /// `dealer < 4`.
    #[must_use]
    pub fn new(rules: GameRules, dealer: u8, wall: Vec<u8>, wildcards: Vec<u8>) -> Self {
        let mut hands = [[0u8; KINDS]; 4];
        for i in 0..4usize {
            let seat = (dealer as usize + i) % 4;
            for &t in &wall[13 * i..13 * i + 13] {
                hands[seat][t as usize] += 1;
            }
        }
        hands[dealer as usize][wall[52] as usize] += 1;
        let wild_mask = wildcards.iter().fold(0, |m, &k| m | 1 << k);
        let drawn = Some(wall[52]);
        let mut g = GameCore {
            rules,
            dealer,
            wall,
            front: 53,
            back: 0,
            wildcards,
            wild_mask,
            hands,
            melds: Default::default(),
            discards: Default::default(),
            declared: [false; 4],
            passed_win: [false; 4],
            forfeited: [0; 4],
            kongs: Vec::new(),
            phase: Phase::Turn,
            turn: dealer,
            drawn,
            claim_tile: None,
            claim_declared: false,
            options: Default::default(),
            answers: [None; 4],
            answer_order: Vec::new(),
            legal: None,
            events: vec![Event::StartHand],
            outcome: None,
        };
        g.advance();
        g
    }

    pub fn wall_remaining(&self) -> usize {
        self.wall.len() - self.front - self.back
    }

    /// The seats that must decide now, in seat order.
    pub fn to_act(&self) -> Vec<u8> {
        match self.phase {
            Phase::Turn => vec![self.turn],
            Phase::Claim | Phase::Rob => (0..4u8)
                .filter(|&s| {
                    !self.options[s as usize].is_empty() && self.answers[s as usize].is_none()
                })
                .collect(),
            Phase::Over => Vec::new(),
        }
    }

    /// What `seat` may do now; empty when it need not act.
    pub fn legal_actions(&mut self, seat: u8) -> Vec<ActionCode> {
        match self.phase {
            Phase::Turn if seat == self.turn => {
                if self.legal.is_none() {
                    self.legal = Some(self.turn_actions(seat));
                }
                self.legal.clone().unwrap_or_default()
            }
            Phase::Claim | Phase::Rob if self.answers[seat as usize].is_none() => {
                self.options[seat as usize].clone()
            }
            _ => Vec::new(),
        }
    }

    /// `seat` takes `action`; on error nothing changes.
    ///
    /// # Errors
    /// [`StepError::NotYourTurn`] if `seat` is not to act, [`StepError::Illegal`] if the
    /// action is not among its legal actions.
    pub fn step(&mut self, seat: u8, action: ActionCode) -> Result<(), StepError> {
        if !self.to_act().contains(&seat) {
            return Err(StepError::NotYourTurn);
        }
        if !self.legal_actions(seat).contains(&action) {
            return Err(StepError::Illegal);
        }
        self.apply(seat, action, false);
        self.advance();
        Ok(())
    }

    /// Winning tiles of the seat's waiting position: its hand when it holds a waiting size,
    /// or, for a declared seat on its turn, its locked hand before the draw. 0 otherwise.
    pub fn seat_waits(&self, seat: u8) -> KindMask {
        let s = seat as usize;
        let n: u32 = self.hands[s].iter().map(|&c| u32::from(c)).sum::<u32>()
            + 3 * self.melds[s].len() as u32;
        let mut counts = self.hands[s];
        if n == 14 {
            match self.drawn {
                Some(d) if self.declared[s] && self.phase == Phase::Turn && self.turn == seat => {
                    counts[d as usize] -= 1;
                }
                _ => return 0,
            }
        } else if n != 13 {
            return 0;
        }
        self.waits(&counts, &self.melds[s])
    }

    /// The greedy policy's choice for `seat` (see [`crate::greedy`]), from what that seat
    /// may see. Precondition: `seat` is to act.
    pub fn greedy_action(&mut self, seat: u8) -> ActionCode {
        let s = seat as usize;
        let legal = self.legal_actions(seat);
        let mut seen = self.hands[s];
        for (owner, discards) in self.discards.iter().enumerate() {
            for &(t, face_down) in discards {
                if !face_down || owner == s {
                    seen[t as usize] += 1;
                }
            }
        }
        for (owner, melds) in self.melds.iter().enumerate() {
            for m in melds {
                if m.kind != MeldKind::ConcealedKong || owner == s {
                    seen[m.tile as usize] += m.kind.size();
                }
            }
        }
        for c in &mut seen {
            *c = (*c).min(4);
        }
        let claim_tile = if matches!(self.phase, Phase::Claim | Phase::Rob) {
            self.claim_tile
        } else {
            None
        };
        crate::greedy::choose(&crate::greedy::Seat {
            counts: self.hands[s],
            melds: self.melds[s]
                .iter()
                .map(|m| crate::hand::Meld {
                    kind: m.kind,
                    tile: m.tile,
                })
                .collect(),
            wildcards: &self.wildcards,
            rules: self.rules.eval,
            seen,
            legal: &legal,
            claim_tile,
            declared: self.declared[s],
        })
    }

    // -- evaluation -----------------------------------------------------------------------

    /// The seat's hand (with `counts` as its concealed tiles and `melds` as its melds) as the
    /// evaluator sees it.
    fn hand_of(&self, counts: &Counts, melds: &[MeldRecord]) -> Hand {
        let melds: Vec<crate::hand::Meld> = melds
            .iter()
            .map(|m| crate::hand::Meld {
                kind: m.kind,
                tile: m.tile,
            })
            .collect();
        Hand::from_counts(counts, &melds, &self.wildcards)
    }

    fn waits(&self, counts: &Counts, melds: &[MeldRecord]) -> KindMask {
        Waits::of(&self.hand_of(counts, melds), self.rules.eval).tiles
    }

    fn wins(&self, counts: &Counts, melds: &[MeldRecord]) -> bool {
        let h = self.hand_of(counts, melds);
        crate::shape::is_win(&h.counts, h.wild, h.meld_count(), self.rules.eval)
    }

    fn allowed_on_discard(tile: u8) -> bool {
        points(tile as usize) >= 6
    }

    /// Under `kong_keeps_waits`, whether a declared seat's kong keeps its winning tiles.
    fn kong_keeps_waits(&self, seat: u8, kind: MeldKind, tile: u8) -> bool {
        let s = seat as usize;
        if !(self.rules.kong_keeps_waits && self.declared[s]) {
            return true;
        }
        let mut hand = self.hands[s];
        let melds = &self.melds[s];
        let t = tile as usize;
        let mk = |k: MeldKind| MeldRecord {
            kind: k,
            tile,
            source: None,
        };
        if kind == MeldKind::Kong {
            let before = self.waits(&hand, melds);
            hand[t] -= 3;
            let mut after = melds.clone();
            after.push(mk(MeldKind::Kong));
            return self.waits(&hand, &after) == before;
        }
        let Some(drawn) = self.drawn else {
            return false;
        };
        hand[drawn as usize] -= 1;
        let before = self.waits(&hand, melds);
        let mut after = melds.clone();
        if kind == MeldKind::ConcealedKong {
            hand[t] -= 3;
            after.push(mk(MeldKind::ConcealedKong));
        } else {
            for m in &mut after {
                if m.kind == MeldKind::Pong && m.tile == tile {
                    m.kind = MeldKind::AddedKong;
                }
            }
        }
        self.waits(&hand, &after) == before
    }

    fn kong_actions(&self, seat: u8) -> Vec<ActionCode> {
        let s = seat as usize;
        let hand = &self.hands[s];
        let declared = self.declared[s];
        let drawn = self.drawn;
        let mut out = Vec::new();
        for k in 0..KINDS as u8 {
            if hand[k as usize] == 4
                && self.wild_mask >> k & 1 == 0
                && (!declared || Some(k) == drawn)
                && self.kong_keeps_waits(seat, MeldKind::ConcealedKong, k)
            {
                out.push(Act::ConcealedKong.code(k));
            }
        }
        for m in &self.melds[s] {
            let k = m.tile;
            if m.kind == MeldKind::Pong
                && hand[k as usize] >= 1
                && (!declared || Some(k) == drawn)
                && (self.forfeited[s] >> k & 1 == 0 || self.rules.delayed_kong)
                && self.kong_keeps_waits(seat, MeldKind::AddedKong, k)
            {
                out.push(Act::AddedKong.code(k));
            }
        }
        out
    }

    fn self_draw_allowed(&self, seat: u8) -> bool {
        let s = seat as usize;
        let Some(drawn) = self.drawn else {
            return false;
        };
        if !self.declared[s] {
            return false;
        }
        let h = self.hand_of(&self.hands[s], &self.melds[s]);
        crate::score::score_win(&h, drawn, true, self.rules.eval).is_ok_and(|w| w.allowed)
    }

    fn turn_actions(&self, seat: u8) -> Vec<ActionCode> {
        let s = seat as usize;
        let mut out = Vec::new();
        if self.declared[s] {
            if self.self_draw_allowed(seat) {
                out.push(Act::SelfDrawWin.code(0));
            }
            out.extend(self.kong_actions(seat));
            out.push(Act::Discard.code(self.drawn.unwrap_or(0)));
            return out;
        }
        if self.drawn.is_some() {
            out.extend(self.kong_actions(seat));
        }
        let h = self.hand_of(&self.hands[s], &self.melds[s]);
        for (d, w) in ready_discards(&h, self.rules.eval) {
            if w.declarable() {
                out.push(Act::Declare.code(d));
            }
        }
        for k in 0..KINDS as u8 {
            if self.hands[s][k as usize] > 0 {
                out.push(Act::Discard.code(k));
            }
        }
        out
    }

    // -- transitions ----------------------------------------------------------------------

    /// Take the engine's own actions until a seat has a real choice or the hand ends.
    fn advance(&mut self) {
        while self.phase == Phase::Turn && self.declared[self.turn as usize] {
            let seat = self.turn;
            let legal = self.turn_actions(seat);
            // Under must_win a possible self-draw comes first; a lone action is the drawn tile.
            let auto =
                (self.rules.must_win && Act::of(legal[0]) == Act::SelfDrawWin) || legal.len() == 1;
            if !auto {
                return;
            }
            self.apply(seat, legal[0], true);
        }
    }

    fn apply(&mut self, seat: u8, action: ActionCode, auto: bool) {
        self.legal = None;
        let (act, tile) = (Act::of(action), action::tile_of(action));
        let s = seat as usize;
        if self.phase == Phase::Turn {
            match act {
                Act::Discard | Act::Declare => self.discard(seat, tile, act == Act::Declare, auto),
                Act::SelfDrawWin => {
                    let drawn = self.drawn.unwrap_or(0);
                    self.win(seat, drawn, WinKind::SelfDraw, None, auto);
                }
                Act::ConcealedKong => {
                    self.events.push(Event::ConcealedKong { seat, tile });
                    self.hands[s][tile as usize] -= 4;
                    self.melds[s].push(MeldRecord {
                        kind: MeldKind::ConcealedKong,
                        tile,
                        source: None,
                    });
                    self.kongs.push(KongRecord {
                        seat,
                        kind: MeldKind::ConcealedKong,
                        tile,
                        feeder: None,
                        feeder_declared: false,
                    });
                    self.draw(seat, true);
                }
                Act::AddedKong => {
                    self.events.push(Event::AddedKong { seat, tile });
                    self.hands[s][tile as usize] -= 1;
                    self.open_claims(seat, tile, true);
                }
                _ => {}
            }
            return;
        }
        self.answers[s] = Some(action);
        self.answer_order.push(seat);
        self.events.push(Event::Answer {
            seat,
            action: act,
            auto,
        });
        if self.all_answered() {
            self.resolve_claims();
        }
    }

    fn all_answered(&self) -> bool {
        (0..4).all(|s| self.options[s].is_empty() || self.answers[s].is_some())
    }

    fn draw(&mut self, seat: u8, replacement: bool) {
        if self.wall_remaining() == 0 {
            self.finish(None);
            return;
        }
        let tile = if replacement {
            self.back += 1;
            self.wall[self.wall.len() - self.back]
        } else {
            self.front += 1;
            self.wall[self.front - 1]
        };
        self.hands[seat as usize][tile as usize] += 1;
        self.phase = Phase::Turn;
        self.turn = seat;
        self.drawn = Some(tile);
        self.events.push(Event::Draw {
            seat,
            tile,
            replacement,
        });
    }

    fn discard(&mut self, seat: u8, tile: u8, declare: bool, auto: bool) {
        let s = seat as usize;
        self.hands[s][tile as usize] -= 1;
        self.discards[s].push((tile, declare));
        self.events.push(Event::Discard {
            seat,
            tile,
            declare,
            auto,
        });
        if declare {
            self.declared[s] = true;
            self.draw((seat + 1) % 4, false); // face down: nobody may claim it
            return;
        }
        self.open_claims(seat, tile, false);
    }

    /// Ask the other seats about `source`'s discard (or added kong, when `robbing`).
    fn open_claims(&mut self, source: u8, tile: u8, robbing: bool) {
        let mut options: [Vec<ActionCode>; 4] = Default::default();
        if self.wild_mask >> tile & 1 == 0 {
            for i in 1..4u8 {
                let s = ((source + i) % 4) as usize;
                let mut acts = Vec::new();
                if self.declared[s] && !self.passed_win[s] && Self::allowed_on_discard(tile) {
                    let mut counts = self.hands[s];
                    counts[tile as usize] += 1;
                    if self.wins(&counts, &self.melds[s]) {
                        acts.push(Act::Win.code(0));
                    }
                }
                if !robbing {
                    let held = self.hands[s][tile as usize];
                    if !self.declared[s] && held >= 2 {
                        acts.push(Act::Pong.code(0));
                    }
                    if held == 3 && self.kong_keeps_waits(s as u8, MeldKind::Kong, tile) {
                        acts.push(Act::Kong.code(0));
                    }
                }
                if !acts.is_empty() {
                    acts.push(Act::Pass.code(0));
                    options[s] = acts;
                }
            }
        }
        self.phase = if robbing { Phase::Rob } else { Phase::Claim };
        self.turn = source;
        self.claim_tile = Some(tile);
        self.claim_declared = self.declared[source as usize];
        self.options = options;
        self.answers = [None; 4];
        self.answer_order.clear();
        if self.rules.must_win {
            for s in 0..4u8 {
                let first = self.options[s as usize].first().copied();
                if let Some(code) = first.filter(|&c| Act::of(c) == Act::Win) {
                    self.answers[s as usize] = Some(code);
                    self.answer_order.push(s);
                    self.events.push(Event::Answer {
                        seat: s,
                        action: Act::Win,
                        auto: true,
                    });
                }
            }
        }
        if self.all_answered() {
            self.resolve_claims();
        }
    }

    fn resolve_claims(&mut self) {
        let source = self.turn;
        let tile = self.claim_tile.unwrap_or(0);
        let robbing = self.phase == Phase::Rob;
        let options = std::mem::take(&mut self.options);
        let answers = std::mem::take(&mut self.answers);
        let order = std::mem::take(&mut self.answer_order);
        for s in 0..4 {
            let offered_win = options[s].first().is_some_and(|&c| Act::of(c) == Act::Win);
            if offered_win && answers[s].map(Act::of) != Some(Act::Win) {
                self.passed_win[s] = true; // 过胡: from now on only by self-draw
            }
        }
        for i in 1..4u8 {
            let s = (source + i) % 4;
            if answers[s as usize].map(Act::of) == Some(Act::Win) {
                let kind = if robbing {
                    WinKind::RobbedKong
                } else {
                    WinKind::Discard
                };
                self.win(s, tile, kind, Some(source), false);
                return;
            }
        }
        let src = source as usize;
        if robbing {
            if let Some(m) = self.melds[src]
                .iter_mut()
                .find(|m| m.kind == MeldKind::Pong && m.tile == tile)
            {
                m.kind = MeldKind::AddedKong;
            }
            self.kongs.push(KongRecord {
                seat: source,
                kind: MeldKind::AddedKong,
                tile,
                feeder: None,
                feeder_declared: false,
            });
            self.draw(source, true);
            return;
        }
        for s in order {
            let si = s as usize;
            match answers[si].map(Act::of) {
                Some(Act::Pong) => {
                    if self.hands[si][tile as usize] == 3 {
                        self.forfeited[si] |= 1 << tile; // 过杠: chose pong over kong
                    }
                    self.hands[si][tile as usize] -= 2;
                    self.melds[si].push(MeldRecord {
                        kind: MeldKind::Pong,
                        tile,
                        source: Some(source),
                    });
                    self.events.push(Event::Pong {
                        seat: s,
                        tile,
                        from: source,
                    });
                    self.phase = Phase::Turn;
                    self.turn = s;
                    self.drawn = None;
                    return;
                }
                Some(Act::Kong) => {
                    self.hands[si][tile as usize] -= 3;
                    self.melds[si].push(MeldRecord {
                        kind: MeldKind::Kong,
                        tile,
                        source: Some(source),
                    });
                    self.kongs.push(KongRecord {
                        seat: s,
                        kind: MeldKind::Kong,
                        tile,
                        feeder: Some(source),
                        feeder_declared: self.claim_declared,
                    });
                    self.events.push(Event::Kong {
                        seat: s,
                        tile,
                        from: source,
                    });
                    self.draw(s, true);
                    return;
                }
                _ => {}
            }
        }
        self.draw((source + 1) % 4, false);
    }

    fn win(&mut self, seat: u8, tile: u8, kind: WinKind, source: Option<u8>, auto: bool) {
        let s = seat as usize;
        let self_draw = kind == WinKind::SelfDraw;
        let mut counts = self.hands[s];
        if !self_draw {
            counts[tile as usize] += 1;
        }
        let h = self.hand_of(&counts, &self.melds[s]);
        let score = crate::score::score_win(&h, tile, self_draw, self.rules.eval);
        let (pts, factor, patterns) = score.map_or((0, 1, 0), |w| (w.points, w.factor, w.patterns));
        self.hands[s] = counts;
        self.events.push(Event::Win {
            seat,
            tile,
            kind,
            from: source,
            auto,
        });
        self.finish(Some(Outcome {
            winner: seat,
            tile,
            kind,
            discarder: source,
            discarder_declared: source.is_some() && self.claim_declared,
            points: pts,
            factor,
            patterns,
        }));
    }

    fn finish(&mut self, outcome: Option<Outcome>) {
        self.outcome = outcome;
        self.phase = Phase::Over;
        self.options = Default::default();
        self.answers = [None; 4];
        self.answer_order.clear();
        self.events.push(Event::EndHand);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{deal, Rng};

    /// Random play from seeded walls: tiles are conserved, nobody holds five of a kind, and
    /// every seat asked has something to do.
    #[test]
    fn random_play_keeps_the_invariants() {
        let options = [
            (GameRules::default(), 0, false),
            (
                GameRules {
                    must_win: true,
                    ..GameRules::default()
                },
                1,
                false,
            ),
            (
                GameRules {
                    eval: EvalRules {
                        wind_runs: true,
                        ..EvalRules::default()
                    },
                    kong_keeps_waits: true,
                    delayed_kong: true,
                    must_win: false,
                },
                2,
                false,
            ),
            (GameRules::default(), 1, true),
        ];
        let mut rng = Rng::new(99);
        let mut wins = 0;
        for (rules, wildcards, honors_only) in options {
            for seed in 0..300u64 {
                let (wall, wild) = deal(seed, false, wildcards, honors_only);
                let total = wall.len();
                let mut g = GameCore::new(rules, (seed % 4) as u8, wall, wild);
                while g.phase != Phase::Over {
                    let to_act = g.to_act();
                    let seat = to_act[rng.below(to_act.len() as u64) as usize];
                    let legal = g.legal_actions(seat);
                    assert!(
                        !legal.is_empty(),
                        "seed {seed}: seat {seat} asked with nothing to do"
                    );
                    // Prefer declaring and winning, so that wins happen.
                    let eager: Vec<_> = legal
                        .iter()
                        .copied()
                        .filter(|&c| {
                            matches!(Act::of(c), Act::Declare | Act::Win | Act::SelfDrawWin)
                        })
                        .collect();
                    let pick = if eager.is_empty() { &legal } else { &eager };
                    let action = pick[rng.below(pick.len() as u64) as usize];
                    g.step(seat, action).expect("a legal action is accepted");
                    let mut held = 0usize;
                    for s in 0..4 {
                        let mut per_kind = g.hands[s];
                        for m in &g.melds[s] {
                            per_kind[m.tile as usize] += m.kind.size();
                        }
                        assert!(
                            per_kind.iter().all(|&c| c <= 4),
                            "seed {seed}: five of a kind"
                        );
                        held += per_kind.iter().map(|&c| c as usize).sum::<usize>();
                        held += g.discards[s].len();
                    }
                    // A claimed discard sits both in a meld (or the winner's hand) and in the discards.
                    let claimed: usize = g
                        .melds
                        .iter()
                        .flatten()
                        .filter(|m| m.source.is_some())
                        .count()
                        + usize::from(g.outcome.is_some_and(|o| o.kind == WinKind::Discard));
                    assert_eq!(
                        held - claimed + g.wall_remaining(),
                        total,
                        "seed {seed}: tiles not conserved"
                    );
                }
                wins += usize::from(g.outcome.is_some());
            }
        }
        assert!(wins > 100, "only {wins} wins");
    }
}
