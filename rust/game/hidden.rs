//! Tiles a seat cannot see, moved between the places they hide in: the other seats' concealed
//! hands and the wall's untaken positions. A seat that keeps its own copy of a hand (a
//! Botzone bot told only its own view, `crate::botzone`) deals what it cannot see as it
//! likes, then, when another seat shows a tile its copy does not hold, moves an unseen copy
//! of that tile there. Nothing a seat could see changes: the counts of each hand and of the
//! wall, every meld, discard and flower stay as they were.

use super::state::{GameCore, Phase};
use crate::tiles::is_flower;

/// A place a hidden tile lies in: a seat's concealed hand, or an untaken wall position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hidden {
    Hand(u8),
    Wall(usize),
}

impl GameCore {
    /// The tile at wall position `pos` while it is untaken, else `None`.
    #[must_use]
    pub(crate) fn untaken_tile(&self, pos: usize) -> Option<u8> {
        (pos < self.wall.tiles.len() && !self.wall.taken[pos]).then(|| self.wall.tiles[pos])
    }

    /// The wall position of seat `seat`'s `ahead`-th next tile (0: the next) on a wall cut
    /// in parts, if its part still holds that many.
    #[must_use]
    pub(crate) fn part_position(&self, seat: u8, ahead: usize) -> Option<usize> {
        let left = self.wall.part_remaining(seat);
        (self.wall.has_parts() && ahead < left)
            .then(|| seat as usize * self.wall.part_len + left - 1 - ahead)
    }

    /// The length of each part of a wall cut in parts (0 without parts).
    #[must_use]
    pub(crate) fn part_len(&self) -> usize {
        self.wall.part_len
    }

    /// Exchange tile `a_tile` at `a` with tile `b_tile` at `b`: afterwards `a` holds `b_tile`
    /// and `b` holds `a_tile`. A seat on turn that gives away its last copy of its drawn tile
    /// has drawn the tile it receives. The seats' claim offers are not asked again
    /// ([`GameCore::reopen_claims`]).
    ///
    /// Preconditions: a hand holds the tile it gives, a wall position is untaken and holds
    /// it; no flower goes to a hand; `a != b`.
    pub(crate) fn swap_hidden(&mut self, a: Hidden, a_tile: u8, b: Hidden, b_tile: u8) {
        debug_assert!(a != b);
        self.put_hidden(a, a_tile, b_tile);
        self.put_hidden(b, b_tile, a_tile);
        self.legal_ready = false;
    }

    /// `place` gives `out` and holds `inn` instead.
    fn put_hidden(&mut self, place: Hidden, out: u8, inn: u8) {
        match place {
            Hidden::Wall(pos) => {
                debug_assert!(self.untaken_tile(pos) == Some(out));
                self.wall.tiles[pos] = inn;
            }
            Hidden::Hand(seat) => {
                debug_assert!(!is_flower(inn) && self.seats[seat as usize].hand[out as usize] > 0);
                let s = &mut self.seats[seat as usize];
                s.remove(out, 1);
                s.add(inn, 1);
                s.waits_kept = None;
                let on_turn = self.phase == Phase::Turn && self.turn == seat;
                if on_turn && self.drawn == Some(out) && s.hand[out as usize] == 0 {
                    self.drawn = Some(inn);
                }
            }
        }
    }

    /// Seat `seat`'s concealed kong of `old` (its kind never shown) becomes one of `new`:
    /// each of `places` gives a `new` and takes an `old`.
    ///
    /// Preconditions: the seat has a concealed kong of `old`; each place holds a `new` (a
    /// hand as many as it is named); `old != new`, neither a flower.
    pub(crate) fn rekind_concealed_kong(
        &mut self,
        seat: u8,
        old: u8,
        new: u8,
        places: [Hidden; 4],
    ) {
        use crate::hand::MeldKind;
        let s = &mut self.seats[seat as usize];
        if let Some(m) = s
            .melds
            .iter_mut()
            .find(|m| m.kind == MeldKind::ConcealedKong && m.tile == old)
        {
            m.tile = new;
        }
        if let Some(k) = self
            .kongs
            .iter_mut()
            .find(|k| k.seat == seat && k.kind == MeldKind::ConcealedKong && k.tile == old)
        {
            k.tile = new;
        }
        for place in places {
            self.put_hidden(place, new, old);
        }
        self.legal_ready = false;
    }

    /// Ask the seats again about the discard or added kong being answered, as the hands now
    /// stand (after [`GameCore::swap_hidden`]). Precondition: the phase is `Claim` or `Rob`
    /// and no seat has answered yet. A claim nobody may make now is resolved at once, as
    /// when the tile was offered (the next seat draws, or the kong is completed).
    pub(crate) fn reopen_claims(&mut self) {
        debug_assert!(self.phase.awaits_answers() && self.answer_order.is_empty());
        let tile = self.claim_tile.expect("a claim has its tile");
        self.open_claims(self.turn, tile, self.phase == Phase::Rob);
    }
}
