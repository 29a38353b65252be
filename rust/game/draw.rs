//! Tiles taken from the wall during play: a seat's draw (a flower set aside and replaced),
//! a replacement after a kong or by the dice, and the 海底 offered seat by seat.

use super::event::Event;
use super::state::{GameCore, Phase};
use crate::outcome::Haidi;
use crate::tiles::is_flower;

impl GameCore {
    /// `seat` takes or refuses the 海底; refused by all four, the hand is drawn.
    pub(super) fn haidi_answer(&mut self, seat: u8, take: bool) {
        log!(self, Event::Haidi { seat, take });
        if take {
            self.set_haidi(Haidi { seat, how: "taken" });
            let tile = self.wall.take(false);
            self.receive(seat, tile, false);
            if let Some(h) = &mut self.haidi {
                h.on_turn = true;
            }
            return;
        }
        let next = self.next_in(seat);
        if Some(next) == self.haidi.and_then(|h| h.first) {
            self.set_haidi(Haidi {
                seat: next,
                how: "refused",
            });
            self.finish(crate::outcome::HandEnd::Exhausted);
        } else {
            self.turn = next;
        }
    }

    /// The replacement of `seat`'s dice kong: the dice choose the stack; the seat is locked.
    /// Precondition: dice are left ([`GameCore::dice_left`]).
    pub(crate) fn dice_draw(&mut self, seat: u8) {
        self.seats[seat as usize].locked = true;
        let (a, b) = match &mut self.dice {
            Some(d) => {
                let roll = d.rolls.get(d.used).copied().unwrap_or((1, 1));
                d.used += 1;
                roll
            }
            None => (1, 1),
        };
        log!(self, Event::Dice { seat, dice: [a, b] });
        if !self.tile_left(seat) {
            return;
        }
        let tile = self.wall.take_by_dice(usize::from(a + b));
        self.receive(seat, tile, true);
        if let Some(d) = &mut self.dice {
            d.replacement = true;
        }
    }

    /// `seat` draws from the front, or from the back after a kong; a drawn flower is set
    /// aside and replaced from the back. An empty wall ends the hand drawn; where the 海底
    /// is offered, an ordinary draw of the last tile asks the seat first. A wall cut in parts
    /// gives every tile from the end of the seat's own part.
    pub(crate) fn draw(&mut self, seat: u8, after_kong: bool) {
        let mut from_back = after_kong;
        let mut flowered = false;
        while let Some(tile) = self.next_tile(seat, from_back) {
            if self.receive(seat, tile, from_back) {
                // A flower's replacement is no kong's: only a kong makes 杠上开花.
                self.replacement = after_kong;
                self.after_flower = flowered;
                return;
            }
            flowered = true;
            from_back = true;
        }
    }

    /// The tile `seat` takes next (from the back: a replacement), or `None` where the draw
    /// stops: the hand drawn on an empty wall (on a wall cut in parts, an empty own part,
    /// also for a kong's replacement), or the 海底 offered to the seat first.
    fn next_tile(&mut self, seat: u8, from_back: bool) -> Option<u8> {
        if self.wall.has_parts() {
            if self.wall.part_remaining(seat) == 0 {
                self.finish(crate::outcome::HandEnd::Exhausted);
                return None;
            }
            return Some(self.wall.take_from_part(seat));
        }
        if !from_back && self.wall.remaining() == 1 {
            if let Some(h) = &mut self.haidi {
                h.first = Some(seat);
                self.phase = Phase::Haidi;
                self.turn = seat;
                self.drawn = None;
                return None;
            }
        }
        if !self.tile_left(seat) {
            return None;
        }
        Some(self.wall.take(from_back))
    }

    /// Whether the wall still has a tile for `seat`'s draw: an empty wall ends the hand
    /// drawn, and a replacement that finds only the 海底 takes it as the hand's 海底.
    fn tile_left(&mut self, seat: u8) -> bool {
        match self.wall.remaining() {
            0 => {
                self.finish(crate::outcome::HandEnd::Exhausted);
                false
            }
            1 => {
                self.set_haidi(Haidi {
                    seat,
                    how: "replacement",
                });
                true
            }
            _ => true,
        }
    }

    /// `seat` receives the drawn `tile` and is on turn; a flower is set aside instead
    /// (returns false: the seat draws again).
    fn receive(&mut self, seat: u8, tile: u8, replacement: bool) -> bool {
        log!(
            self,
            Event::Draw {
                seat,
                tile,
                replacement,
            }
        );
        let s = &mut self.seats[seat as usize];
        if is_flower(tile) {
            s.flowers.push(tile);
            log!(self, Event::Flower { seat, tile });
            return false;
        }
        s.add(tile, 1);
        s.missed = 0;
        if !replacement {
            self.turn_began = self.event_count - 1;
        }
        self.phase = Phase::Turn;
        self.turn = seat;
        self.drawn = Some(tile);
        self.replacement = replacement;
        self.after_flower = false;
        if let Some(d) = &mut self.dice {
            d.replacement = false;
        }
        true
    }
}
