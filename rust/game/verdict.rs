//! A judge's verdict against a seat (Botzone's `WA`, `TLE`…), which ends the hand where
//! the rules score one ([`crate::profiles::Profile::verdict_scores`]): the judge decides
//! it, never [`GameCore::step`].

use super::event::Event;
use super::state::{check_seat, GameCore, Phase};
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::outcome::{HandEnd, Transfer, Verdict};

impl GameCore {
    /// End the hand by a judge's `verdict` against `seat`: a `verdict` event, then the
    /// settlement, in which the seat pays each other seat what the rules score (reason
    /// `"verdict"`), and nothing else is paid. An added kong being answered stands, as the
    /// judge lays it.
    ///
    /// A hand the engine has ended drawn by its own move (a seat that had to draw from an
    /// empty wall or part after the last decision), with nothing paid, may still be ended
    /// by a verdict: a judge asks every seat before each draw, so its verdict comes before
    /// the draw that found nothing, and replaces that end (its `end_hand` event).
    ///
    /// # Errors
    /// [`Error::Argument`] for a seat outside 0–3 or a hand already over (but drawn as
    /// above), [`Error::Rules`] under rules without verdicts. On error nothing changes.
    pub fn end_by_verdict(&mut self, seat: u8, verdict: Verdict) -> Result<()> {
        check_seat(seat, "seat")?;
        if self.rules.profile().verdict_scores(&self.rules).is_none() {
            return Err(Error::Rules(format!(
                "these rules ({}) have no verdicts; a judge's verdict ends a hand only under \
                 rules that score one (botzone)",
                self.rules.describe()
            )));
        }
        if self.phase == Phase::Over {
            if !self.drawn_by_the_engine() {
                return Err(Error::Argument(format!(
                    "the hand is over: no verdict ({verdict} against seat {seat}) ends it again"
                )));
            }
            self.reopen_drawn_end();
        }
        if self.phase == Phase::Rob {
            let (maker, tile) = (self.turn, self.claim_tile.unwrap_or(0));
            let melds = &mut self.seats[maker as usize].melds;
            if let Some(m) = melds
                .iter_mut()
                .find(|m| m.kind == MeldKind::Pong && m.tile == tile)
            {
                m.kind = MeldKind::AddedKong;
            }
        }
        log!(self, Event::Verdict { seat, verdict });
        self.verdict = Some((seat, verdict, self.event_count - 1));
        self.finish(HandEnd::Verdict);
        Ok(())
    }

    /// Whether the hand ended drawn, nobody having won or paid anything.
    fn drawn_by_the_engine(&self) -> bool {
        self.result.as_ref().is_some_and(|r| {
            r.end == HandEnd::Exhausted && r.winners.is_empty() && r.transfers.is_empty()
        })
    }

    /// Take back the end of a hand drawn by the engine ([`Self::drawn_by_the_engine`]):
    /// its result and its `end_hand` event, the last.
    fn reopen_drawn_end(&mut self) {
        self.result = None;
        if self.logging && matches!(self.events.last(), Some(Event::EndHand(_))) {
            self.events.pop();
        }
        self.event_count -= 1;
    }

    /// The payments of the verdict that ended the hand: the offender pays each other seat.
    pub(super) fn verdict_transfers(&self) -> Vec<Transfer> {
        let (Some((seat, _, event)), Some((offender, each))) = (
            self.verdict,
            self.rules.profile().verdict_scores(&self.rules),
        ) else {
            return Vec::new();
        };
        debug_assert_eq!(offender, -3 * each, "a verdict's scores sum to zero");
        (0..4u8)
            .filter(|&s| s != seat)
            .map(|s| Transfer::new(seat, s, each, "verdict", None).at(event))
            .collect()
    }
}
