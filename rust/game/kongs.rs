//! The kongs a seat may make and how one is laid: the kongs of its turn, the waits a
//! declared seat's kong must keep (改变听口不能杠), the end of the wall that bars a kong, and
//! the dice kongs (杠) after which a hand must be ready.

use super::action::{self, Act, ActionCode};
use super::state::GameCore;
use crate::hand::{Meld, MeldKind};
use crate::outcome::{melds_of, KongRecord, MeldRecord};
use crate::tiles::{each_kind, four_kinds, Counts, KindMask};
use std::ops::Range;

/// Whether a kong keeps a declared seat's winning tiles (改变听口不能杠): the waits of the
/// hand before it (`hand` less the drawn tile on the seat's own turn) equal those after it.
///
/// `hand` and `melds` are the seat's, `drawn` its drawn tile on its own turn (`None` for a
/// direct kong on a discard), `kind` and `tile` the kong's.
pub(crate) fn kong_keeps_waits(
    waits: impl Fn(&Counts, &[Meld]) -> KindMask,
    hand: &Counts,
    melds: &[Meld],
    drawn: Option<u8>,
    kind: MeldKind,
    tile: u8,
) -> bool {
    let mut hand = *hand;
    let t = tile as usize;
    if kind == MeldKind::Kong {
        let before = waits(&hand, melds);
        hand[t] -= 3;
        let mut after = melds.to_vec();
        after.push(Meld { kind, tile });
        return waits(&hand, &after) == before;
    }
    let Some(drawn) = drawn else {
        return false;
    };
    hand[drawn as usize] -= 1;
    let before = waits(&hand, melds);
    let mut after = melds.to_vec();
    if kind == MeldKind::ConcealedKong {
        hand[t] -= 3;
        after.push(Meld { kind, tile });
    } else {
        for m in &mut after {
            if m.kind == MeldKind::Pong && m.tile == tile {
                m.kind = MeldKind::AddedKong;
            }
        }
    }
    waits(&hand, &after) == before
}

impl GameCore {
    /// Under `kong_keeps_waits`, whether a declared seat's kong keeps its winning tiles.
    pub(crate) fn kong_allowed(&self, seat: u8, kind: MeldKind, tile: u8) -> bool {
        let s = &self.seats[seat as usize];
        if !(self.turn_rules.kong_keeps_waits && s.declared) {
            return true;
        }
        let drawn = if kind == MeldKind::Kong {
            None
        } else {
            self.drawn
        };
        kong_keeps_waits(
            |c, m| self.waits(c, m),
            &s.hand,
            &melds_of(&s.melds),
            drawn,
            kind,
            tile,
        )
    }

    /// Whether a kong may be made now: where the last tile is the 海底 or closes the wall
    /// (`TurnRules::last_tile_closes`), a kong needs a tile left for its replacement
    /// (elsewhere a kong on an empty wall ends the hand drawn).
    pub(crate) fn kong_replaceable(&self) -> bool {
        !(self.turn_rules.haidi || self.turn_rules.last_tile_closes) || self.wall.remaining() > 0
    }

    /// The kongs `seat` may make on its turn, appended to `out`: concealed ones by kind,
    /// then added ones in meld order. On a wall cut in parts, none once the seat's part or
    /// the next seat's is empty.
    pub(super) fn kong_actions(&self, seat: u8, out: &mut Vec<ActionCode>) {
        if !self.kong_replaceable() {
            return;
        }
        // On a wall cut in parts: only while the seat's part and the next seat's hold tiles.
        if self.wall.has_parts()
            && (self.wall.part_remaining(seat) == 0 || self.next_part_empty(seat))
        {
            return;
        }
        let s = &self.seats[seat as usize];
        let locked = s.declared && self.turn_rules.declare_to_win;
        let mut concealed = four_kinds(&s.hand) & !self.wild_mask & !self.void_kinds(seat);
        if locked {
            // A locked hand kongs only its drawn tile.
            concealed &= self.drawn.map_or(0, |d| 1 << d);
        }
        for k in each_kind(concealed) {
            if self.kong_allowed(seat, MeldKind::ConcealedKong, k) {
                out.push(Act::ConcealedKong.code(k));
            }
        }
        for m in &s.melds {
            let k = m.tile;
            if m.kind == MeldKind::Pong
                && s.hand[k as usize] >= 1
                && (!locked || Some(k) == self.drawn)
                && (s.forfeited >> k & 1 == 0 || self.turn_rules.delayed_kong)
                && self.kong_allowed(seat, MeldKind::AddedKong, k)
            {
                out.push(Act::AddedKong.code(k));
            }
        }
    }

    /// Whether `seat`'s hand is ready after a kong of `kind` on `tile` (a dice kong needs it):
    /// a concealed or added kong on its turn, a direct kong on a discard.
    pub(super) fn ready_after_kong(&self, seat: u8, kind: MeldKind, tile: u8) -> bool {
        let s = &self.seats[seat as usize];
        let (mut hand, mut melds) = (s.hand, melds_of(&s.melds));
        let t = tile as usize;
        let used = match kind {
            MeldKind::ConcealedKong => 4,
            MeldKind::AddedKong => 1,
            _ => 3,
        };
        if hand[t] < used {
            return false;
        }
        hand[t] -= used;
        if kind == MeldKind::AddedKong {
            for m in melds
                .iter_mut()
                .filter(|m| m.kind == MeldKind::Pong && m.tile == tile)
            {
                m.kind = MeldKind::AddedKong;
            }
        } else {
            melds.push(Meld { kind, tile });
        }
        self.waits(&hand, &melds) != 0
    }

    /// Whether a dice kong may be made now: the rules have them and dice are left.
    pub(crate) fn dice_left(&self) -> bool {
        self.dice.as_ref().is_some_and(|d| d.used < d.rolls.len())
    }

    /// The dice kongs (杠) `seat` may make on its turn, appended to `out`: one for each of
    /// its kongs `out[kongs]` after which its hand is ready.
    pub(super) fn dice_kong_actions(
        &self,
        seat: u8,
        out: &mut Vec<ActionCode>,
        kongs: Range<usize>,
    ) {
        if !self.dice_left() {
            return;
        }
        for i in kongs {
            let c = out[i];
            let kind = if Act::of(c) == Act::ConcealedKong {
                MeldKind::ConcealedKong
            } else {
                MeldKind::AddedKong
            };
            let tile = action::tile_of(c);
            if self.ready_after_kong(seat, kind, tile) {
                out.push(Act::DiceKong.code(tile));
            }
        }
    }

    /// Whether a direct dice kong on the discard `tile` is open to `seat`.
    pub(crate) fn dice_kong_on_discard(&self, seat: u8, tile: u8) -> bool {
        self.dice_left() && self.ready_after_kong(seat, MeldKind::Kong, tile)
    }

    /// `seat` lays a kong of `tile`: concealed (`feeder` `None`: four from its hand) or
    /// direct on `feeder`'s discard (three from its hand). The caller has logged it (the
    /// last event) and draws.
    pub(crate) fn lay_kong(&mut self, seat: u8, tile: u8, feeder: Option<u8>) {
        let kind = if feeder.is_some() {
            MeldKind::Kong
        } else {
            MeldKind::ConcealedKong
        };
        let s = &mut self.seats[seat as usize];
        s.remove(tile, if feeder.is_some() { 3 } else { 4 });
        s.melds.push(MeldRecord {
            kind,
            tile,
            source: feeder,
        });
        self.kong_made(KongRecord {
            seat,
            kind,
            tile,
            feeder,
            feeder_declared: feeder.is_some() && self.claim_declared,
            event: self.event_count - 1,
        });
    }

    /// Record the kong `kong`, and where kongs are paid when made, pay it.
    pub(crate) fn kong_made(&mut self, kong: KongRecord) {
        self.kongs.push(kong);
        if self.turn_rules.pay_as_played {
            self.pay_now(
                crate::profiles::PayMoment::Kong(&kong),
                kong.event,
                self.seats_in(),
            );
        }
    }
}
