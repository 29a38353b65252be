//! The invariants of a hand, checked by the tests after every step.

use super::state::{GameCore, Phase};
use crate::outcome::WinKind;
use crate::tiles::KINDS;

impl GameCore {
    /// Check the invariants: every tile of the wall is in exactly one place (a hand, a meld,
    /// the discards or the wall; a claimed discard in both its meld and the discards), no
    /// kind is held five times, a seat asked to act has something to do, a winner's hand
    /// wins under the rules (缺一门 included), a wall in parts holds what its parts hold, and a
    /// finished hand's payments sum to zero.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn validate(&mut self) -> Result<(), String> {
        let mut held = 0usize;
        for (s, seat) in self.seats.iter().enumerate() {
            let mut per_kind = seat.hand;
            for m in &seat.melds {
                crate::hand::add_meld(&mut per_kind, m.kind, m.tile);
            }
            if let Some(k) = (0..KINDS).find(|&k| per_kind[k] > 4) {
                return Err(format!("seat {s} holds kind {k} {} times", per_kind[k]));
            }
            if seat.keys.0 != crate::eval::shape::Keys::of(&seat.hand).0 {
                return Err(format!("seat {s}'s kept group keys are not its hand's"));
            }
            held += per_kind.iter().map(|&c| c as usize).sum::<usize>();
            held += seat.discards.len() + seat.flowers.len();
        }
        let (indicator, flowers) = self.indicator_tiles();
        held += flowers.len() + usize::from(indicator.is_some());
        held += usize::from(self.bird.is_some_and(|b| b.from_wall));
        // While seats answer an added kong, its tile is out of the hand and in no meld yet.
        held += usize::from(self.phase == Phase::Rob);
        let claimed = self
            .seats
            .iter()
            .flat_map(|s| &s.melds)
            .filter(|m| m.source.is_some())
            .count()
            + self
                .outcomes
                .iter()
                .filter(|o| o.kind == WinKind::Discard)
                .count()
            + self.robbed_copies();
        let taken = self.seats.iter().map(|s| s.claimed.len()).sum::<usize>();
        let discard_won = self.discards_won();
        let meld_claims = self.seats.iter().flat_map(|s| &s.melds);
        let meld_claims = meld_claims.filter(|m| m.source.is_some()).count();
        if taken != meld_claims + discard_won {
            return Err(format!(
                "{taken} discards marked taken, {meld_claims} melds claimed and {discard_won} won on"
            ));
        }
        self.check_left()?;
        for (s, seat) in self.seats.iter().enumerate() {
            let increasing = seat.claimed.windows(2).all(|w| w[0] < w[1]);
            if !increasing
                || seat
                    .claimed
                    .iter()
                    .any(|&i| i as usize >= seat.discards.len())
            {
                return Err(format!("seat {s}'s taken discards {:?}", seat.claimed));
            }
        }
        let total = if self.phase == Phase::Bid {
            self.wall.remaining()
        } else {
            self.wall.tiles.len()
        };
        if held - claimed + self.wall.remaining() != total {
            return Err(format!(
                "tiles not conserved: {held} held, {claimed} claimed, {} in the wall, {total} dealt",
                self.wall.remaining()
            ));
        }
        self.check_parts()?;
        for seat in self.to_act() {
            if self.legal_actions(seat).map_or(true, |l| l.is_empty()) {
                return Err(format!("seat {seat} asked with nothing to do"));
            }
        }
        if self.phase == Phase::Over {
            let Some(r) = &self.result else {
                return Err("a finished hand has no result".into());
            };
            for o in &self.outcomes {
                let seat = &self.seats[o.winner as usize];
                let h = self.hand_of(&seat.hand, &crate::outcome::melds_of(&seat.melds));
                if !crate::eval::forms::hand_wins(&h, self.turn_rules.eval) {
                    return Err(format!(
                        "seat {} won with a hand that does not win",
                        o.winner
                    ));
                }
            }
            if r.deltas.iter().sum::<i32>() != 0 {
                return Err(format!("payments do not sum to zero: {:?}", r.deltas));
            }
            if crate::outcome::deltas_of(&r.transfers) != r.deltas {
                return Err(format!(
                    "the ledger does not sum to the deltas {:?}",
                    r.deltas
                ));
            }
        } else if self.to_act().is_empty() {
            return Err("nobody is to act in an unfinished hand".into());
        }
        Ok(())
    }

    /// How many discards were won on: one per moment, however many seats won on it (their
    /// `win` events follow each other).
    fn discards_won(&self) -> usize {
        self.outcomes
            .iter()
            .enumerate()
            .filter(|&(i, o)| {
                o.kind == WinKind::Discard
                    && !self.outcomes[..i].iter().any(|p| {
                        p.kind == WinKind::Discard
                            && p.discarder == o.discarder
                            && p.event + 1 == o.event
                    })
            })
            .count()
    }

    /// The copies of a robbed kong's tile beyond the one taken: each winner of a robbed kong
    /// after the first of its moment (一炮多响) holds one more.
    fn robbed_copies(&self) -> usize {
        self.outcomes
            .windows(2)
            .filter(|w| {
                w[1].kind == WinKind::RobbedKong
                    && w[0].kind == WinKind::RobbedKong
                    && w[0].event + 1 == w[1].event
            })
            .count()
    }

    /// A wall in parts holds what its parts hold.
    fn check_parts(&self) -> Result<(), String> {
        match self.wall.parts() {
            Some(parts) if parts.iter().sum::<usize>() != self.wall.remaining() => Err(format!(
                "the parts hold {parts:?}, the wall {} tiles",
                self.wall.remaining()
            )),
            _ => Ok(()),
        }
    }

    /// A seat that has left the hand is never asked and never on turn.
    fn check_left(&self) -> Result<(), String> {
        for (s, seat) in self.seats.iter().enumerate() {
            if seat.in_hand() {
                continue;
            }
            if self.is_to_act(s as u8) || !self.options[s].is_empty() {
                return Err(format!("seat {s} is asked after leaving the hand"));
            }
            if self.phase == Phase::Turn && self.turn == s as u8 {
                return Err(format!("seat {s} is on turn after leaving the hand"));
            }
        }
        Ok(())
    }
}
