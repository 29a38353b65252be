//! The state of one hand ([`GameCore`]): the wall, the four seats, whose turn it is, the open
//! claim and the log, and what it answers about itself. Fields are `pub(crate)`: the deal
//! (`deal.rs`), the step (`step.rs`) and the transitions (`turn.rs`, `claims.rs`, `end.rs`)
//! change them, everyone else reads through `GameCore`'s methods.

use super::action::ActionCode;
use super::event::Event;
use super::mechanisms::{BirdTurn, Dice, HaidiOffer, IndicatorTurn};
use super::seat::Seat;
use super::wall::Wall;
use crate::error::{Error, Result};
use crate::eval::waits::ReadyWaits;
use crate::hand::MeldKind;
use crate::outcome::{
    Bird, Haidi, HandResult, KongRecord, MeldRecord, Outcome, ScoreItem, Transfer, Verdict,
};
use crate::profiles::Rules;
use crate::profiles::{TurnRules, WallRules};
use crate::tiles::{Counts, KindMask};

/// The highest 跑 bid.
pub const MAX_BID: u8 = 3;

/// Where the hand stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Every seat bids its 跑 before the deal (profiles with bids).
    Bid,
    /// The seat `turn` holds a complete-size hand and must act.
    Turn,
    /// Seats answer a discard of `turn`.
    Claim,
    /// Seats answer an added kong of `turn` (抢杠).
    Rob,
    /// Before play, every seat picks the tiles it passes, one at a time (换三张).
    Exchange,
    /// Before play, every seat declares a void suit (定缺).
    Void,
    /// The seat `turn` is offered the wall's last tile (海底).
    Haidi,
    Over,
}

impl Phase {
    /// Whether the seats to act answer a tile offered to them (a discard to claim, an added
    /// kong to rob; see [`crate::game::Event::offers_tile`]) rather than act on their own
    /// turn. Which seats may answer is not public; that some may is.
    #[must_use]
    pub const fn awaits_answers(self) -> bool {
        matches!(self, Phase::Claim | Phase::Rob)
    }
}

/// The state of one hand.
#[derive(Debug, Clone)]
pub struct GameCore {
    pub(crate) rules: Rules,
    pub(crate) turn_rules: TurnRules,
    /// The tiles in play and the wildcard rule, compiled with `turn_rules` once a hand.
    pub(crate) wall_rules: WallRules,
    pub(crate) dealer: u8,
    /// The prevalent wind (圈风: 0 东 … 3 北) the hand is played under.
    pub(crate) prevalent_wind: u8,
    pub(crate) scores: [i32; 4],
    pub(crate) wall: Wall,
    pub(crate) wildcards: Vec<u8>,
    pub(crate) wild_mask: KindMask,
    pub(crate) seats: [Seat; 4],
    pub(crate) kongs: Vec<KongRecord>,
    pub(crate) phase: Phase,
    pub(crate) turn: u8,
    pub(crate) drawn: Option<u8>,
    /// Whether `drawn` came from the back of the wall, after a kong.
    pub(crate) replacement: bool,
    /// Whether `drawn` replaced a flower set aside (its draw met a flower first).
    pub(crate) after_flower: bool,
    pub(crate) claim_tile: Option<u8>,
    pub(crate) claim_declared: bool,
    /// Per seat, the actions offered on the current discard or added kong (empty: not asked).
    pub(crate) options: [Vec<ActionCode>; 4],
    pub(crate) answers: [Option<ActionCode>; 4],
    /// Order in which seats answered, for resolution.
    pub(crate) answer_order: Vec<u8>,
    /// The turn's legal actions, valid while `legal_ready` (the buffer is kept between turns).
    pub(crate) legal: Vec<ActionCode>,
    pub(crate) legal_ready: bool,
    /// The ready discards the turn's 报听 check found, valid with `legal` if it checked
    /// (`ready_checked`; the buffer is kept between turns).
    pub(crate) ready: ReadyWaits,
    pub(crate) ready_checked: bool,
    pub(crate) events: Vec<Event>,
    /// Whether events are logged (a self-play run that keeps no logs deals without).
    pub(crate) logging: bool,
    /// The wildcard indicator (profiles whose wall turns one).
    pub(crate) indicator: Option<IndicatorTurn>,
    /// Each win, the one that counts for the deal first.
    pub(crate) outcomes: Vec<Outcome>,
    /// The dice (profiles with dice kongs).
    pub(crate) dice: Option<Dice>,
    /// The 海底 offers (profiles that offer the wall's last tile).
    pub(crate) haidi: Option<HaidiOffer>,
    /// The moments (`outcome::special` bits: 杠上炮, 海底炮, 地胡) of a win on the discard
    /// being answered.
    pub(crate) claim_moments: u16,
    /// Seat `s` passes its exchanged tiles to seat `(s + exchange_shift) % 4`: the profile's
    /// fixed shift, or the direction drawn for the hand (`WallRules::exchange_direction`).
    pub(crate) exchange_shift: u8,
    /// The index in the log of the event that began the current turn (a draw from the front
    /// of the wall, a claim; the first turn: the event after the decisions before play).
    pub(crate) turn_began: u32,
    /// Discards made in the hand.
    pub(crate) discards_made: u32,
    /// The bird (profiles that turn one after a win).
    pub(crate) bird: Option<BirdTurn>,
    /// The hand's transfers so far (`TurnRules::pay_as_played`), then all of them.
    pub(crate) ledger: Vec<Transfer>,
    /// How many events the hand has made, logged or not: the next event's index.
    pub(crate) event_count: u32,
    /// How many seats have won so far.
    pub(crate) won: u8,
    /// Each win's score items, in `outcomes` order.
    pub(crate) items: Vec<Vec<ScoreItem>>,
    /// The index in the log of the discard or added kong being answered.
    pub(crate) claim_event: u32,
    /// The judge's verdict that ended the hand, against which seat, and the index of its
    /// event in the log.
    pub(crate) verdict: Option<(u8, Verdict, u32)>,
    pub(crate) result: Option<HandResult>,
}

/// `seat` is a seat number 0–3, or an [`Error::Argument`] naming `what` it is.
pub(super) fn check_seat(seat: u8, what: &str) -> Result<()> {
    if seat < 4 {
        Ok(())
    } else {
        Err(Error::Argument(format!(
            "{what} must be a seat 0–3, got {seat}"
        )))
    }
}

impl GameCore {
    // -- queries ----------------------------------------------------------------------------

    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    #[must_use]
    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The prevalent wind (圈风: 0 东, 1 南, 2 西, 3 北) the hand is played under.
    #[must_use]
    pub fn prevalent_wind(&self) -> u8 {
        self.prevalent_wind
    }

    /// Play the hand under the prevalent wind `wind` (0 东 … 3 北; a new hand has 东), as
    /// its `start_hand` event then says. Precondition: no seat has acted yet (a match sets
    /// it on the hand it has just dealt).
    ///
    /// # Errors
    /// [`Error::Argument`] for a wind outside 0–3.
    pub fn set_prevalent_wind(&mut self, wind: u8) -> Result<()> {
        if wind > 3 {
            return Err(Error::Argument(format!(
                "the prevalent wind must be 0–3 (东南西北), got {wind}"
            )));
        }
        self.prevalent_wind = wind;
        self.legal_ready = false;
        if let Some(Event::StartHand(start)) = self.events.first_mut() {
            start.prevalent_wind = wind;
        }
        Ok(())
    }

    /// Give an explicit hand the direction of its exchange before play, by name (`next`,
    /// `previous`, `opposite`); a hand dealt without one passes to the next seat.
    ///
    /// # Errors
    /// [`Error::Argument`] for another name, or for a hand that draws no direction (its
    /// profile has no exchange with a drawn direction, or its options turn the exchange off),
    /// or once a seat has picked.
    pub fn set_exchange_direction(&mut self, name: &str) -> Result<()> {
        let Some(&(known, shift)) = crate::rng::EXCHANGE_DIRECTIONS.iter().find(|d| d.0 == name)
        else {
            return Err(Error::Argument(format!(
                "exchange_direction must be next, previous or opposite, got {name:?}"
            )));
        };
        if !self.wall_rules.exchange_direction || self.turn_rules.exchange == 0 {
            return Err(Error::Argument(format!(
                "exchange_direction {name:?} is given, but these rules ({}) have no exchange \
                 with a drawn direction",
                self.rules.profile().name()
            )));
        }
        if self.phase != Phase::Exchange || self.seats.iter().any(|s| !s.picked.is_empty()) {
            return Err(Error::Argument(
                "exchange_direction is given only to a hand that has not begun its exchange"
                    .to_owned(),
            ));
        }
        self.exchange_shift = shift;
        if let Some(Event::StartHand(start)) = self.events.first_mut() {
            start.exchange_direction = Some(known);
        }
        Ok(())
    }

    /// How many tiles of kind `kind` every seat can see: in the discards not taken and in
    /// the exposed melds (a concealed kong is face down). Precondition: `kind < 34`.
    #[must_use]
    pub fn visible_copies(&self, kind: u8) -> u8 {
        let mut n = 0;
        for s in &self.seats {
            for (i, &(t, _)) in s.discards.iter().enumerate() {
                if t == kind && !s.claimed.contains(&(i as u8)) {
                    n += 1;
                }
            }
            for m in &s.melds {
                n += match m.kind {
                    MeldKind::ConcealedKong => 0,
                    MeldKind::Chow => u8::from((m.tile..m.tile + 3).contains(&kind)),
                    MeldKind::Pong => 3 * u8::from(m.tile == kind),
                    MeldKind::Kong | MeldKind::AddedKong => 4 * u8::from(m.tile == kind),
                };
            }
        }
        n
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is, or whose discard or kong is being answered.
    #[must_use]
    pub fn turn(&self) -> u8 {
        self.turn
    }

    #[must_use]
    pub fn wildcards(&self) -> &[u8] {
        &self.wildcards
    }

    #[must_use]
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    #[must_use]
    pub fn wall_remaining(&self) -> usize {
        self.wall.remaining()
    }

    /// The tiles left in seat `seat`'s part of a wall cut in parts (`WallRules::parts`);
    /// 0 for a wall without parts. Precondition: `seat < 4`.
    #[must_use]
    pub fn part_remaining(&self, seat: u8) -> usize {
        self.wall.part_remaining(seat)
    }

    /// Whether the part of the seat after `seat` is empty, on a wall cut in parts: the
    /// moment that closes claims on `seat`'s discard and makes a win on it (or on its
    /// self-draw) the wall's last (妙手回春, 海底捞月).
    pub(crate) fn next_part_empty(&self, seat: u8) -> bool {
        self.wall.has_parts() && self.wall.part_remaining((seat + 1) % 4) == 0
    }

    /// The log so far.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The settlement, once the hand is over.
    #[must_use]
    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// A seat's concealed tiles by kind. Precondition: `seat < 4`.
    #[must_use]
    pub fn hand(&self, seat: u8) -> &Counts {
        &self.seats[seat as usize].hand
    }

    /// A seat's melds. Precondition: `seat < 4`.
    #[must_use]
    pub fn melds(&self, seat: u8) -> &[MeldRecord] {
        &self.seats[seat as usize].melds
    }

    /// A seat's discards `(tile, face down)`. Precondition: `seat < 4`.
    #[must_use]
    pub fn discards(&self, seat: u8) -> &[(u8, bool)] {
        &self.seats[seat as usize].discards
    }

    /// The tile the seat on turn drew (`None` after a pong).
    #[must_use]
    pub fn drawn(&self) -> Option<u8> {
        self.drawn
    }

    /// The discard or added kong being answered (kept after the claim).
    #[must_use]
    pub fn claim_tile(&self) -> Option<u8> {
        self.claim_tile
    }

    /// Which seats passed a win and may not win on another seat's tile now (过胡): for the
    /// rest of the hand, or under `TurnRules::pass_blocks_all` until they next draw.
    #[must_use]
    pub fn passed_win(&self) -> [bool; 4] {
        std::array::from_fn(|s| {
            let seat = &self.seats[s];
            seat.passed_win || self.turn_rules.pass_blocks_all && seat.missed != 0
        })
    }

    /// A seat's flowers set aside. Precondition: `seat < 4`.
    #[must_use]
    pub fn flowers(&self, seat: u8) -> &[u8] {
        &self.seats[seat as usize].flowers
    }

    /// The wildcard indicator, once turned.
    #[must_use]
    pub fn indicator(&self) -> Option<u8> {
        self.indicator_tiles().0
    }

    /// Each seat's 跑 bid.
    #[must_use]
    pub fn bids(&self) -> [u8; 4] {
        std::array::from_fn(|s| self.seats[s].bid)
    }

    #[must_use]
    pub fn kongs(&self) -> &[KongRecord] {
        &self.kongs
    }

    #[must_use]
    pub fn declared(&self) -> [bool; 4] {
        std::array::from_fn(|s| self.seats[s].declared)
    }

    /// Whether `seat` is still in the hand (it has not left it after a win, in profiles
    /// where play goes on). Precondition: `seat < 4`.
    #[must_use]
    pub fn in_hand(&self, seat: u8) -> bool {
        self.seats[seat as usize].in_hand()
    }

    /// Per seat, the index in the log of the `win` event at which it left the hand.
    #[must_use]
    pub fn left(&self) -> [Option<u32>; 4] {
        std::array::from_fn(|s| self.seats[s].left)
    }

    /// Each seat's void suit (0 m, 1 p, 2 s), once declared and revealed.
    #[must_use]
    pub fn voids(&self) -> [Option<u8>; 4] {
        std::array::from_fn(|s| self.seats[s].void)
    }

    /// The hand's transfers so far, in order (all of them once it is over).
    #[must_use]
    pub fn ledger(&self) -> &[Transfer] {
        self.result.as_ref().map_or(&self.ledger, |r| &r.transfers)
    }

    /// Each seat's score now: its score at the deal plus what the ledger moved since.
    #[must_use]
    pub fn running_scores(&self) -> [i32; 4] {
        let d = crate::outcome::deltas_of(self.ledger());
        std::array::from_fn(|s| self.scores[s] + d[s])
    }

    /// The first seat still in after `seat`, counter-clockwise (下家 first).
    /// Precondition: some seat other than `seat` is in (or `seat` itself, returned last).
    #[inline]
    #[must_use]
    pub(crate) fn next_in(&self, seat: u8) -> u8 {
        (1..=4u8)
            .map(|i| (seat + i) % 4)
            .find(|&s| self.seats[s as usize].in_hand())
            .unwrap_or((seat + 1) % 4)
    }

    /// The seats that must decide now, in seat order.
    #[must_use]
    pub fn to_act(&self) -> Vec<u8> {
        (0..4u8).filter(|&s| self.is_to_act(s)).collect()
    }

    /// Whether `seat` must decide now (one of [`GameCore::to_act`]), without building the
    /// list. Precondition: `seat < 4`.
    #[must_use]
    pub fn is_to_act(&self, seat: u8) -> bool {
        match self.phase {
            Phase::Turn | Phase::Haidi => seat == self.turn,
            Phase::Bid | Phase::Claim | Phase::Rob | Phase::Exchange | Phase::Void => {
                !self.options[seat as usize].is_empty() && self.answers[seat as usize].is_none()
            }
            Phase::Over => false,
        }
    }

    /// The first seat of [`GameCore::to_act`], or `None` once the hand is over.
    #[must_use]
    pub fn first_to_act(&self) -> Option<u8> {
        (0..4u8).find(|&s| self.is_to_act(s))
    }
}

/// What the optional mechanisms say of the moment.
impl GameCore {
    /// Whether the drawn tile came by the dice.
    #[inline]
    pub(crate) fn dice_replacement(&self) -> bool {
        self.dice.as_ref().is_some_and(|d| d.replacement)
    }

    /// Whether the seat on turn holds the 海底 it took.
    #[inline]
    pub(crate) fn on_haidi(&self) -> bool {
        self.haidi.is_some_and(|h| h.on_turn)
    }

    /// What became of the 海底, if the hand offers it.
    #[inline]
    pub(crate) fn haidi_outcome(&self) -> Option<Haidi> {
        self.haidi.and_then(|h| h.outcome)
    }

    /// Record what became of the 海底 (a hand that offers it).
    pub(crate) fn set_haidi(&mut self, outcome: Haidi) {
        if let Some(h) = &mut self.haidi {
            h.outcome = Some(outcome);
        }
    }

    /// The moment of the last draw is over: its tile was neither a dice replacement nor the
    /// 海底 any more.
    #[inline]
    pub(crate) fn end_draw_moment(&mut self) {
        if let Some(d) = &mut self.dice {
            d.replacement = false;
        }
        if let Some(h) = &mut self.haidi {
            h.on_turn = false;
        }
    }

    /// The bird turned after the win, if any.
    #[inline]
    pub(crate) fn bird(&self) -> Option<Bird> {
        self.bird.and_then(|b| b.bird)
    }

    /// The wildcard indicator and the flowers turned before it (none without an indicator).
    #[inline]
    pub(crate) fn indicator_tiles(&self) -> (Option<u8>, &[u8]) {
        self.indicator
            .as_ref()
            .map_or((None, &[][..]), |i| (i.tile, i.flowers.as_slice()))
    }
}
