//! A step of the hand: the legal actions of a seat, and the action it takes.

use super::action::{self, Act, ActionCode, CODES};
use super::seat::WaitingPosition;
use super::state::{check_seat, GameCore, Phase};
use crate::error::{Error, Result};
use crate::tiles::{Counts, KindMask};

impl GameCore {
    /// What `seat` may do now; empty when it need not act.
    ///
    /// # Errors
    /// [`Error::Argument`] for a seat outside 0–3.
    pub fn legal_actions(&mut self, seat: u8) -> Result<Vec<ActionCode>> {
        check_seat(seat, "seat")?;
        Ok(self.legal(seat).to_vec())
    }

    /// Compute `seat`'s turn actions (and the ready discards found) into the kept buffers.
    #[inline]
    pub(crate) fn compute_turn(&mut self, seat: u8) {
        let mut legal = std::mem::take(&mut self.legal);
        let mut ready = std::mem::take(&mut self.ready);
        self.ready_checked = self.turn_actions(seat, &mut legal, &mut ready);
        self.legal = legal;
        self.ready = ready;
    }

    /// Clear the lists of the seats' answers to the last claim, keeping their buffers.
    #[inline]
    pub(crate) fn clear_options(&mut self) {
        for o in &mut self.options {
            o.clear();
        }
    }

    /// [`GameCore::legal_actions`] without a copy: the list the engine keeps (the turn's
    /// actions are computed once per turn). Precondition: `seat < 4`.
    #[inline]
    pub fn legal(&mut self, seat: u8) -> &[ActionCode] {
        if self.phase == Phase::Turn && seat == self.turn && !self.legal_ready {
            self.compute_turn(seat);
            self.legal_ready = true;
        }
        self.legal_cached(seat)
    }

    /// The kept winning tiles of `seat`, if its waiting position is still `counts` (its
    /// hand, or its hand less the drawn tile) with the same melds.
    pub(crate) fn kept_waits(&self, seat: u8, counts: &Counts) -> Option<KindMask> {
        let s = &self.seats[seat as usize];
        let kept = s.waits_kept?;
        (kept.counts == *counts && kept.melds == crate::outcome::melds_of(&s.melds))
            .then_some(kept.tiles)
    }

    /// Whether the discard `tile` (never a wildcard kind, never a fifth tile of a kind)
    /// completes `seat`'s hand. A seat's hand is asked on every discard of the others (and a
    /// declared seat's on its every draw, [`GameCore::kept_waits`]) while it seldom changes:
    /// its winning tiles are kept and reused while the hand is the same. Where the win forms'
    /// winning tiles cost a full check per kind, the one tile is checked.
    pub(crate) fn completes_discard(&mut self, seat: u8, tile: u8) -> bool {
        let s = &self.seats[seat as usize];
        let melds = crate::outcome::melds_of(&s.melds);
        if self.turn_rules.eval.forms.costly_waits() {
            let mut after = s.hand;
            after[tile as usize] += 1;
            return self.wins(&after, &melds);
        }
        let counts = s.hand;
        let tiles = if let Some(tiles) = self.kept_waits(seat, &counts) {
            tiles
        } else {
            let tiles = self.waits(&counts, &melds);
            self.seats[seat as usize].waits_kept = Some(WaitingPosition {
                counts,
                melds,
                tiles,
            });
            tiles
        };
        tiles >> tile & 1 == 1
    }

    /// [`GameCore::legal`] once the turn's actions are computed (an empty turn otherwise).
    pub(crate) fn legal_cached(&self, seat: u8) -> &[ActionCode] {
        const HAIDI: [ActionCode; 2] = [Act::Haidi.code(0), Act::Pass.code(0)];
        match self.phase {
            Phase::Turn if seat == self.turn && self.legal_ready => &self.legal,
            Phase::Haidi if seat == self.turn => &HAIDI,
            Phase::Bid | Phase::Claim | Phase::Rob | Phase::Exchange | Phase::Void
                if self.answers[seat as usize].is_none() =>
            {
                &self.options[seat as usize]
            }
            _ => &[],
        }
    }

    /// `seat` takes `action`; on error nothing changes.
    ///
    /// # Errors
    /// [`Error::Argument`] for a seat outside 0–3, [`Error::NotYourTurn`] if `seat` is not to
    /// act, [`Error::IllegalAction`] (listing the legal actions) if `action` is not legal.
    pub fn step(&mut self, seat: u8, action: ActionCode) -> Result<()> {
        check_seat(seat, "seat")?;
        if !self.is_to_act(seat) {
            // Which seats are to act is not said: while seats answer a discard, that
            // another seat has a choice is not public.
            return Err(Error::NotYourTurn(if self.to_act().is_empty() {
                format!("seat {seat} is not to act now; the hand is over")
            } else {
                format!("seat {seat} is not to act now")
            }));
        }
        let legal = self.legal(seat);
        if !legal.contains(&action) {
            let shown = if action < CODES {
                action::describe(action)
            } else {
                format!("action code {action}")
            };
            let names: Vec<String> = legal.iter().map(|&c| action::describe(c)).collect();
            return Err(Error::IllegalAction(format!(
                "{shown} is not legal for seat {seat} now; legal: {}",
                names.join(", ")
            )));
        }
        self.step_legal(seat, action);
        Ok(())
    }

    /// [`GameCore::step`] for an action its caller took from [`GameCore::legal`] for a seat
    /// to act (the built-in bots do), without checking it again.
    /// Precondition: `action` is legal for `seat` now.
    pub(crate) fn step_legal(&mut self, seat: u8, action: ActionCode) {
        debug_assert!(self.is_to_act(seat) && self.legal_cached(seat).contains(&action));
        self.apply(seat, action, false);
        self.advance();
    }

    /// Who deals the next hand of a match (the profile's rule), once this one is over.
    #[must_use]
    pub fn next_dealer(&self, one_round: bool) -> Option<u8> {
        let result = self.result.as_ref()?;
        Some(
            self.rules
                .profile()
                .next_dealer(&self.rules, result, one_round),
        )
    }
}
