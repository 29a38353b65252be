//! The moment of a win (its [`WinContext`]): a self-draw's (a replacement, the wall's last
//! tile, the dealer's first turn, after a flower, 和绝张), a claim's (a discard or a robbed
//! kong and the discard's moments), and what every win carries (flowers, the dealer, the
//! winds).

use super::state::GameCore;
use crate::outcome::{special, WinContext, WinKind};

impl GameCore {
    /// The context of a self-draw by the seat on turn now: a replacement (by the dice?),
    /// the wall's last tile (not when the 海底 went as a replacement; on a wall cut in
    /// parts, the next seat's part empty), the dealer's first turn.
    pub(crate) fn self_draw_context(&self) -> WinContext {
        let seat = self.turn;
        let haidi_gone = self.haidi_outcome().is_some_and(|h| h.how != "taken");
        let last = if self.wall.has_parts() {
            self.next_part_empty(seat)
        } else {
            self.wall.remaining() == 0 && !haidi_gone
        };
        let mut bits = 0;
        if self.dice_replacement() {
            bits |= special::DICE;
        }
        let s = &self.seats[seat as usize];
        if seat == self.dealer && self.discards_made == 0 && s.melds.is_empty() {
            bits |= special::HEAVENLY;
        }
        if seat != self.dealer
            && s.turns == 0
            && !self.replacement
            && self.won == 0
            && self.seats.iter().all(|s| s.melds.is_empty())
        // no pong and no kong yet
        {
            bits |= special::FIRST_DRAW;
        }
        if self.replacement
            && self
                .kongs
                .last()
                .is_some_and(|k| k.seat == seat && k.kind == crate::hand::MeldKind::Kong)
        {
            bits |= special::DIRECT_KONG;
        }
        if self.after_flower {
            bits |= special::AFTER_FLOWER;
        }
        if let Some(drawn) = self.drawn {
            if self.visible_copies(drawn) == 3 {
                bits |= special::LAST_COPY;
            }
        }
        self.context_of(
            seat,
            WinContext::self_draw(self.replacement, last).with(bits),
        )
    }

    /// `context` for a win by `seat`: its flowers, whether it deals, its seat wind and the
    /// hand's prevalent wind.
    pub(crate) fn context_of(&self, seat: u8, context: WinContext) -> WinContext {
        let flowers = self.seats[seat as usize].flowers.len() as u8;
        context
            .by(flowers, seat == self.dealer)
            .winds((seat + 4 - self.dealer) % 4, self.prevalent_wind)
    }

    /// The context of a win by `seat` on the claim being answered (a discard of `tile`, or a
    /// robbed kong under `robbing`): its moments, and 和绝张 when the other three tiles of the
    /// kind are in sight (`taken`: whether the discard is already marked as taken; never
    /// for a robbed kong).
    pub(crate) fn claim_context(
        &self,
        seat: u8,
        tile: u8,
        robbing: bool,
        taken: bool,
    ) -> WinContext {
        let kind = if robbing {
            WinKind::RobbedKong
        } else {
            WinKind::Discard
        };
        let mut bits = self.claim_moments;
        let others = if taken { 3 } else { 4 };
        if !robbing && self.visible_copies(tile) == others {
            bits |= special::LAST_COPY;
        }
        self.context_of(seat, WinContext::of(kind)).with(bits)
    }
}
