//! Decisions before play, asked of every seat at once after the deal (docs/rules.md): the
//! exchange (换三张: each seat picks the tiles it passes, one decision per tile) and the
//! void suit (定缺). Both are hidden and simultaneous: each decision is logged as an
//! `answer` that only its seat sees (as a claim's answer is), and once every seat has
//! decided the four are revealed together, in seat order (`exchange`, `void` events), and
//! take effect. The profile says which it asks (`TurnRules::exchange`, `TurnRules::void_suit`)
//! and which tiles may be picked ([`crate::profiles::Profile::exchange_picks`]).

use super::action::{tile_of, Act, ActionCode};
use super::event::Event;
use super::state::{GameCore, Phase};

impl GameCore {
    /// After the deal: open the first decision before play the profile asks, or (a profile
    /// that asks none) begin play.
    pub(super) fn before_play(&mut self) {
        if self.turn_rules.exchange > 0 {
            self.phase = Phase::Exchange;
            for s in 0..4u8 {
                self.offer_picks(s);
            }
        } else if self.turn_rules.void_suit {
            self.open_voids();
        } else {
            self.begin_play();
        }
    }

    /// `seat`'s next picks for the exchange, as its options.
    fn offer_picks(&mut self, seat: u8) {
        let s = &self.seats[seat as usize];
        let mask = self
            .rules
            .profile()
            .exchange_picks(&self.rules, &s.hand, &s.picked);
        let options = &mut self.options[seat as usize];
        options.clear();
        options.extend(
            (0..34u8)
                .filter(|&k| mask >> k & 1 == 1)
                .map(|k| Act::Exchange.code(k)),
        );
    }

    fn open_voids(&mut self) {
        self.phase = Phase::Void;
        self.answers = [None; 4];
        for o in &mut self.options {
            o.clear();
            o.extend((0..3).map(|suit| Act::Void.code(suit)));
        }
    }

    /// `seat` decides `code` before play (a pick or a void suit); once every seat has
    /// decided, the decisions are logged and take effect.
    pub(super) fn decide_before_play(&mut self, seat: u8, code: ActionCode) {
        let s = seat as usize;
        if self.phase == Phase::Exchange {
            self.seats[s].picked.push(tile_of(code));
            if self.seats[s].picked.len() < usize::from(self.turn_rules.exchange) {
                self.offer_picks(seat);
                return;
            }
        }
        self.answers[s] = Some(code);
        if (0..4).any(|s| self.answers[s].is_none()) {
            return;
        }
        if self.phase == Phase::Exchange {
            self.exchange();
            if self.turn_rules.void_suit {
                self.open_voids();
                return;
            }
        } else {
            for seat in 0..4u8 {
                let suit = self.answers[seat as usize].map_or(0, tile_of);
                self.seats[seat as usize].void = Some(suit);
                log!(self, Event::Void { seat, suit });
            }
        }
        self.begin_play();
    }

    /// Every seat passes the tiles it picked to the seat the hand's shift places on (the
    /// profile's, or the direction drawn for the hand).
    fn exchange(&mut self) {
        let shift = self.exchange_shift;
        let picked: [Vec<u8>; 4] =
            std::array::from_fn(|s| std::mem::take(&mut self.seats[s].picked));
        for (seat, tiles) in picked.iter().enumerate() {
            let to = (seat as u8 + shift) % 4;
            log!(
                self,
                Event::Exchange {
                    seat: seat as u8,
                    tiles: tiles.clone(),
                    to,
                }
            );
            for &t in tiles {
                self.seats[seat].remove(t, 1);
            }
        }
        for (seat, tiles) in picked.iter().enumerate() {
            let to = (seat + usize::from(shift)) % 4;
            for &t in tiles {
                self.seats[to].add(t, 1);
            }
            if to == self.dealer as usize && !tiles.is_empty() {
                let hand = &self.seats[to].hand;
                // The dealer's drawn tile: its 14th while it holds that kind, else the
                // last tile passed to it.
                self.drawn = self
                    .drawn
                    .filter(|&t| hand[t as usize] > 0)
                    .or(tiles.last().copied());
            }
        }
    }

    /// Play begins: the dealer acts on its 14 tiles as after a draw, its drawn tile the 14th
    /// it was dealt, or after an exchange that passed that kind away, the last tile passed
    /// to it.
    fn begin_play(&mut self) {
        self.clear_options();
        self.answers = [None; 4];
        self.answer_order.clear();
        self.phase = Phase::Turn;
        self.turn = self.dealer;
        self.turn_began = self.event_count;
        self.advance();
    }
}
