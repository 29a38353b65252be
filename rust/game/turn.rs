//! A seat's turn: what it may do (discard, 报听, a self-draw, its kongs from `kongs.rs`) and
//! how each action and the engine's own moves change the state.

use super::action::{self, Act, ActionCode};
use super::event::Event;
use super::state::{GameCore, Phase};
use crate::eval::shape::{entry, group_of, standard_need, Keys};
use crate::eval::suits::kinds_of_suit;
use crate::eval::waits::{never_ready_after_discard, ready_discards, ReadyWaits, Waits};
use crate::hand::{Hand, Meld};
use crate::outcome::{melds_of, special, WinKind};
use crate::tiles::{each_kind, held_kinds, Counts, KindMask, KINDS};

/// Append `act` on each kind of `mask` to `out`, lowest kind first.
fn push_each(out: &mut Vec<ActionCode>, act: Act, mask: KindMask) {
    let mut codes = [0; KINDS];
    let mut n = 0;
    for k in each_kind(mask) {
        codes[n] = act.code(k);
        n += 1;
    }
    out.extend_from_slice(&codes[..n]);
}

impl GameCore {
    /// The seat's hand (with `counts` as its concealed tiles and `melds` as its melds) as the
    /// evaluator sees it.
    pub(crate) fn hand_of(&self, counts: &Counts, melds: &[Meld]) -> Hand {
        Hand::from_counts(counts, melds, &self.wildcards)
    }

    pub(crate) fn waits(&self, counts: &Counts, melds: &[Meld]) -> KindMask {
        Waits::of(&self.hand_of(counts, melds), self.turn_rules.eval).tiles
    }

    pub(crate) fn wins(&self, counts: &Counts, melds: &[Meld]) -> bool {
        crate::eval::forms::hand_wins(&self.hand_of(counts, melds), self.turn_rules.eval)
    }

    /// Winning tiles of the seat's waiting position: its hand when it holds a waiting size,
    /// or, for a declared seat on its turn, its locked hand before the draw. 0 otherwise.
    /// Precondition: `seat < 4`.
    #[must_use]
    pub fn seat_waits(&self, seat: u8) -> KindMask {
        let s = &self.seats[seat as usize];
        let mut counts = s.hand;
        match s.size() {
            13 => {}
            14 => match self.drawn {
                Some(d) if s.declared && self.phase == Phase::Turn && self.turn == seat => {
                    counts[d as usize] -= 1;
                }
                _ => return 0,
            },
            _ => return 0,
        }
        self.waits(&counts, &melds_of(&s.melds))
    }

    /// The kinds of `seat`'s void suit where the void suit binds (`TurnRules::void_binds`),
    /// else none. Precondition: `seat < 4`.
    #[inline]
    pub(crate) fn void_kinds(&self, seat: u8) -> KindMask {
        match self.seats[seat as usize].void {
            Some(suit) if self.turn_rules.void_binds => kinds_of_suit(usize::from(suit)),
            _ => 0,
        }
    }

    /// Whether `seat` holds a tile of its void suit where the void suit binds (a hand that
    /// cannot win and must discard those first).
    #[inline]
    pub(crate) fn holds_void(&self, seat: u8) -> bool {
        let void = self.void_kinds(seat);
        void != 0 && held_kinds(&self.seats[seat as usize].hand) & void != 0
    }

    /// Whether `seat` may win on its drawn tile now: it has drawn, it has declared where the
    /// rules require it, it holds no tile of a binding void suit, the tile completes its hand
    /// and the profile allows the win.
    fn self_draw_allowed(&self, seat: u8) -> bool {
        let s = &self.seats[seat as usize];
        let Some(drawn) = self.drawn else {
            return false;
        };
        if self.turn_rules.declare_to_win && !s.declared || self.holds_void(seat) {
            return false;
        }
        let melds = melds_of(&s.melds);
        // A win first: a natural tile completes the hand only as one of its winning tiles
        // (kept for a hand asked on the others' discards, a declared seat's), and scoring
        // costs more than the check.
        let mut before = s.hand;
        before[drawn as usize] -= 1;
        let kept = (self.wild_mask >> drawn & 1 == 0)
            .then(|| self.kept_waits(seat, &before))
            .flatten();
        let wins = kept.map_or_else(|| self.wins(&s.hand, &melds), |w| w >> drawn & 1 == 1);
        debug_assert_eq!(wins, self.wins(&s.hand, &melds));
        if !wins {
            return false;
        }
        let h = self.hand_of(&s.hand, &melds);
        self.rules
            .profile()
            .score(&self.rules, &h, drawn, self.self_draw_context())
            .is_ok_and(|w| w.allowed)
    }

    /// Whether `seat`'s drawn tile is discarded for it unless it wins or kongs: after 报听,
    /// after a dice kong, or holding the 海底.
    pub(crate) fn discards_drawn_tile(&self, seat: u8) -> bool {
        let s = &self.seats[seat as usize];
        s.declared || s.locked || (self.on_haidi() && seat == self.turn)
    }

    /// Whether no discard can leave `seat`'s hand ready, by [`ready_discards`]' first bound,
    /// from the seat's kept group keys (without building the evaluator's hand): on most
    /// turns of most hands the 报听 check ends here. `false` (no bound) when a win form needs
    /// no shape.
    fn never_ready(&self, seat: u8) -> bool {
        let eval = self.turn_rules.eval;
        if !eval.forms.bounded_by_keys() {
            return false;
        }
        let s = &self.seats[seat as usize];
        let (mut naturals, mut keys, mut wild) = (s.hand, s.keys, 0u8);
        for k in each_kind(self.wild_mask) {
            let c = naturals[k as usize];
            let (g, weight) = group_of(k as usize);
            keys.0[g] -= u32::from(c) * weight;
            naturals[k as usize] = 0;
            wild += c;
        }
        debug_assert_eq!(keys.0, Keys::of(&naturals).0);
        let entries = [0, 1, 2, 3].map(|g| entry(g, keys.0[g], eval));
        let melds = s.melds.len() as u8;
        never_ready_after_discard(&naturals, standard_need(entries), wild, melds, eval)
    }

    /// The turn's actions of `seat` into `out` and, where the rules check 报听, the ready
    /// discards it found into `ready` (both cleared first: the caller keeps the buffers);
    /// whether it checked 报听.
    pub(crate) fn turn_actions(
        &self,
        seat: u8,
        out: &mut Vec<ActionCode>,
        ready: &mut ReadyWaits,
    ) -> bool {
        out.clear();
        ready.clear();
        let s = &self.seats[seat as usize];
        if self.discards_drawn_tile(seat) && self.drawn.is_some() {
            if self.self_draw_allowed(seat) {
                out.push(Act::SelfDrawWin.code(0));
            }
            if s.declared {
                self.kong_actions(seat, out);
            }
            out.push(Act::Discard.code(self.drawn.unwrap_or(0)));
            return false;
        }
        if self.drawn.is_some() && !self.turn_rules.declare_to_win && self.self_draw_allowed(seat) {
            out.push(Act::SelfDrawWin.code(0));
        }
        if self.turn_rules.opening_wins
            && s.turns == 0
            && !s.opening.is_empty()
            && !s.opening_declared
        {
            out.push(Act::OpeningWin.code(0));
        }
        if self.drawn.is_some() {
            let start = out.len();
            self.kong_actions(seat, out);
            let kongs = start..out.len();
            self.dice_kong_actions(seat, out, kongs);
        }
        if self.turn_rules.declare_to_win && !self.never_ready(seat) {
            let h = self.hand_of(&s.hand, &melds_of(&s.melds));
            let profile = self.rules.profile();
            for (d, w) in ready_discards(&h, self.turn_rules.eval) {
                ready.push((d, w.tiles));
                if profile.declarable(&self.rules, &w) {
                    out.push(Act::Declare.code(d));
                }
            }
        }
        let held = held_kinds(&s.hand);
        let void = held & self.void_kinds(seat);
        push_each(out, Act::Discard, if void == 0 { held } else { void });
        self.turn_rules.declare_to_win
    }

    /// Take the engine's own actions until a seat has a real choice or the hand ends.
    pub(crate) fn advance(&mut self) {
        while self.phase == Phase::Turn && self.discards_drawn_tile(self.turn) {
            let seat = self.turn;
            self.compute_turn(seat);
            let legal = &self.legal;
            // Under must_win a possible self-draw comes first; a lone action is the drawn tile.
            let auto = (self.turn_rules.must_win && Act::of(legal[0]) == Act::SelfDrawWin)
                || legal.len() == 1;
            let first = legal[0];
            if !auto {
                self.legal_ready = true; // the turn's actions, computed
                return;
            }
            self.apply(seat, first, true);
        }
    }

    pub(crate) fn apply(&mut self, seat: u8, code: ActionCode, auto: bool) {
        self.legal_ready = false;
        let (act, tile) = (Act::of(code), action::tile_of(code));
        if self.phase == Phase::Haidi {
            self.haidi_answer(seat, act == Act::Haidi);
            return;
        }
        if self.phase != Phase::Turn {
            self.answer(seat, code, auto);
            return;
        }
        let s = seat as usize;
        match act {
            Act::Discard | Act::Declare => self.discard(seat, tile, act == Act::Declare, auto),
            Act::SelfDrawWin => {
                let drawn = self.drawn.unwrap_or(0);
                self.win(&[seat], drawn, WinKind::SelfDraw, None, auto);
            }
            Act::ConcealedKong => {
                log!(self, Event::ConcealedKong { seat, tile });
                self.lay_kong(seat, tile, None);
                self.draw(seat, true);
            }
            Act::AddedKong => {
                log!(self, Event::AddedKong { seat, tile });
                self.seats[s].remove(tile, 1);
                self.claim_moments = if self.next_part_empty(seat) {
                    special::LAST_DISCARD
                } else {
                    0
                };
                self.open_claims(seat, tile, true);
            }
            Act::OpeningWin => {
                self.seats[s].opening_declared = true;
                let wins = self.seats[s].opening.clone();
                log!(self, Event::OpeningWin { seat, wins });
            }
            Act::DiceKong => {
                let concealed = self.seats[s].hand[tile as usize] == 4;
                log!(
                    self,
                    Event::DiceKong {
                        seat,
                        tile,
                        from: None,
                        concealed,
                    }
                );
                if concealed {
                    self.lay_kong(seat, tile, None);
                    self.dice_draw(seat);
                } else {
                    self.seats[s].remove(tile, 1);
                    if let Some(d) = &mut self.dice {
                        d.pending_kong = true;
                    }
                    self.claim_moments = 0;
                    self.open_claims(seat, tile, true);
                }
            }
            _ => {}
        }
    }

    fn discard(&mut self, seat: u8, tile: u8, declare: bool, auto: bool) {
        self.discards_made += 1;
        let mut bits = 0;
        if self.dice_replacement() {
            bits |= special::KONG_DISCARD;
        }
        if self.replacement && self.drawn.is_some() {
            bits |= special::REPLACEMENT_DISCARD;
        }
        if self.on_haidi()
            || (self.turn_rules.last_tile_closes && self.wall.remaining() == 0)
            || self.next_part_empty(seat)
        {
            bits |= special::LAST_DISCARD;
        }
        let first = seat == self.dealer && self.discards_made == 1;
        if first && self.seats.iter().all(|s| s.melds.is_empty()) {
            bits |= special::EARTHLY;
        }
        self.claim_moments = bits;
        self.end_draw_moment();
        let s = &mut self.seats[seat as usize];
        s.turns += 1;
        s.remove(tile, 1);
        s.discards.push((tile, declare));
        log!(
            self,
            Event::Discard {
                seat,
                tile,
                declare,
                auto,
            }
        );
        if declare {
            self.seats[seat as usize].declared = true;
            self.draw(self.next_in(seat), false); // face down: nobody may claim it
            return;
        }
        self.open_claims(seat, tile, false);
    }
}
