//! A seat's win read at the last output, as the official judge's calculator reads it: the
//! hand as it stood then (the engine may have run on), the official flags (self-drawn,
//! 和绝张, a kong, the next part empty), the calculator's answer, and `canHu`.

use super::display::{self, Calculated};
use super::judge::Judge;
use super::output::Display;
use crate::game::Event;
use crate::hand::{Meld, MeldKind};
use crate::profiles::guobiao::fans::{FanMeld, Situation, WinInput};
use crate::tiles::{is_flower, Counts};

/// `canHu` of a seat the official judge computes nothing for.
const NONE: i32 = -4;

impl Judge {
    /// Add `canHu`: each seat's calculator answer, -4 where the official judge computes
    /// none.
    pub(super) fn put_can_hu(&self, d: &mut Display, values: [i32; 4]) {
        if self.can_hu {
            d.insert("canHu".into(), serde_json::json!(values));
        }
    }

    /// Add `canHu` with nothing computed (-4 for every seat).
    pub(super) fn no_can_hu(&self, d: &mut Display) {
        self.put_can_hu(d, [NONE; 4]);
    }

    /// `canHu` on the tile `tile` offered: each seat of `seats`'s calculator answer with
    /// `situation`, -4 for the others.
    pub(super) fn can_hu_of(
        &self,
        seats: impl Fn(u8) -> bool,
        tile: u8,
        situation: Situation,
    ) -> [i32; 4] {
        if !self.can_hu {
            return [NONE; 4];
        }
        std::array::from_fn(|s| {
            let s = s as u8;
            if seats(s) {
                self.calculate(s, tile, situation).fan_count
            } else {
                NONE
            }
        })
    }

    /// What `seat` held and the flowers it had set aside at the last output: the engine's
    /// now, less the draws it has made since (the engine runs on while nobody decides).
    fn held(&self, seat: u8) -> (Counts, u8) {
        let mut hand = *self.game.hand(seat);
        let mut flowers = self.game.flowers(seat).len();
        for e in &self.game.events()[self.cursor..] {
            match *e {
                // A flower drawn is set aside at once (its `flower` event follows).
                Event::Draw { seat: s, tile, .. } if s == seat && !is_flower(tile) => {
                    hand[tile as usize] -= 1;
                }
                Event::Flower { seat: s, .. } if s == seat => flowers -= 1,
                _ => {}
            }
        }
        (hand, u8::try_from(flowers).unwrap_or(u8::MAX))
    }

    /// The calculator's flags for `seat`'s win on the tile it drew (`kong`: its kong's
    /// replacement): 和绝张 when the three others are in sight, the last tile when the part
    /// of the seat after it is empty.
    pub(super) fn draw_situation(&self, seat: u8, tile: u8, kong: bool) -> Situation {
        Situation {
            self_drawn: true,
            last_copy: self.game.visible_copies(tile) == 3,
            kong,
            wall_last: self.parts[(seat as usize + 1) % 4] == 0,
        }
    }

    /// The calculator's flags for a win on `seat`'s discard of `tile`: 和绝张 when the
    /// three others are in sight (the discard among them), the last discard when the part
    /// of the seat after it is empty.
    pub(super) fn discard_situation(&self, seat: u8, tile: u8) -> Situation {
        Situation {
            self_drawn: false,
            last_copy: self.game.visible_copies(tile) == 4,
            kong: false,
            wall_last: self.parts[(seat as usize + 1) % 4] == 0,
        }
    }

    /// The calculator's flags for robbing `seat`'s added kong.
    pub(super) fn robbing_situation(&self, seat: u8) -> Situation {
        Situation {
            self_drawn: false,
            last_copy: false,
            kong: true,
            wall_last: self.parts[(seat as usize + 1) % 4] == 0,
        }
    }

    /// The calculator's answer for `seat` winning on `tile` at the last output, with the
    /// official judge's flags: `situation` (self-drawn, 和绝张, a kong, the next part empty).
    pub(super) fn calculate(&self, seat: u8, tile: u8, situation: Situation) -> Calculated {
        let (mut hand, flowers) = self.held(seat);
        if situation.self_drawn && hand[tile as usize] > 0 {
            hand[tile as usize] -= 1;
        }
        let melds: Vec<FanMeld> = self
            .game
            .melds(seat)
            .iter()
            .map(|m| FanMeld {
                meld: Meld {
                    kind: m.kind,
                    tile: m.tile,
                },
                offer: u8::from(m.kind != MeldKind::ConcealedKong),
            })
            .collect();
        display::calculate(&WinInput {
            melds: &melds,
            concealed: &hand,
            win_tile: tile,
            flowers,
            seat_wind: seat,
            prevalent_wind: self.init().quan,
            situation,
        })
    }
}
