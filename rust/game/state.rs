//! The state of one hand: the wall, the four seats, whose turn it is, the open claim and
//! the log. Fields are `pub(crate)`: the transitions (`turn.rs`, `claims.rs`, `end.rs`)
//! change them, everyone else reads through `GameCore`'s methods.

use super::action::{self, ActionCode, CODES};
use super::event::{Event, StartHand};
use super::result::{HandResult, Outcome};
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::profiles::TurnRules;
use crate::rules::Rules;
use crate::tiles::{Counts, KindMask, KINDS};

/// A meld as laid down: kind, tile, and the seat whose discard made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeldRecord {
    pub kind: MeldKind,
    pub tile: u8,
    pub source: Option<u8>,
}

/// A kong made in the hand, for settlement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KongRecord {
    pub seat: u8,
    pub kind: MeldKind,
    pub tile: u8,
    /// The discarder of a direct kong's tile.
    pub feeder: Option<u8>,
    /// Whether that discarder had declared when it discarded.
    pub feeder_declared: bool,
}

/// Where the hand stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The seat `turn` holds a complete-size hand and must act.
    Turn,
    /// Seats answer a discard of `turn`.
    Claim,
    /// Seats answer an added kong of `turn` (抢杠).
    Rob,
    Over,
}

/// One seat's tiles and standing.
#[derive(Debug, Clone)]
pub struct Seat {
    /// Concealed tiles by kind, wildcard kinds included.
    pub(crate) hand: Counts,
    pub(crate) melds: Vec<MeldRecord>,
    /// Discards in order: (tile, face down).
    pub(crate) discards: Vec<(u8, bool)>,
    /// Declared ready (报听).
    pub(crate) declared: bool,
    /// Passed a win on a discard (过胡): from then on only self-draw.
    pub(crate) passed_win: bool,
    /// Kinds whose added kong it gave up by choosing pong (过杠).
    pub(crate) forfeited: KindMask,
}

impl Default for Seat {
    fn default() -> Self {
        Seat {
            hand: [0; KINDS],
            melds: Vec::new(),
            discards: Vec::new(),
            declared: false,
            passed_win: false,
            forfeited: 0,
        }
    }
}

impl Seat {
    /// Tiles held, counting each meld as three: 14 on a turn, 13 otherwise.
    pub(crate) fn size(&self) -> u32 {
        self.hand.iter().map(|&c| u32::from(c)).sum::<u32>() + 3 * self.melds.len() as u32
    }
}

/// The wall: ordinary draws from the front, replacements from the back (RULES §2).
#[derive(Debug, Clone)]
pub struct Wall {
    pub(crate) tiles: Vec<u8>,
    pub(crate) front: usize,
    pub(crate) back: usize,
}

impl Wall {
    #[must_use]
    pub fn remaining(&self) -> usize {
        self.tiles.len() - self.front - self.back
    }

    /// The next tile from the front or the back. Precondition: `remaining() > 0`.
    pub(crate) fn take(&mut self, from_back: bool) -> u8 {
        if from_back {
            self.back += 1;
            self.tiles[self.tiles.len() - self.back]
        } else {
            self.front += 1;
            self.tiles[self.front - 1]
        }
    }
}

/// The state of one hand.
#[derive(Debug, Clone)]
pub struct GameCore {
    pub(crate) rules: Rules,
    pub(crate) turn_rules: TurnRules,
    pub(crate) dealer: u8,
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
    pub(crate) claim_tile: Option<u8>,
    pub(crate) claim_declared: bool,
    /// Per seat, the actions offered on the current discard or added kong (empty: not asked).
    pub(crate) options: [Vec<ActionCode>; 4],
    pub(crate) answers: [Option<ActionCode>; 4],
    /// Order in which seats answered, for resolution.
    pub(crate) answer_order: Vec<u8>,
    pub(crate) legal: Option<Vec<ActionCode>>,
    pub(crate) events: Vec<Event>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) result: Option<HandResult>,
}

fn check_seat(seat: u8, what: &str) -> Result<()> {
    if seat < 4 {
        Ok(())
    } else {
        Err(Error::Argument(format!(
            "{what} must be a seat 0–3, got {seat}"
        )))
    }
}

impl GameCore {
    /// Deal the hand of an explicit `wall` (RULES §2 order) with `wildcards` kinds.
    ///
    /// # Errors
    /// [`Error::Argument`] for a dealer outside 0–3, [`Error::Wall`] for a wall that does not
    /// hold every tile in play exactly once or wildcards that do not fit the rules.
    pub fn new(
        rules: Rules,
        dealer: u8,
        wall: Vec<u8>,
        wildcards: Vec<u8>,
        scores: [i32; 4],
    ) -> Result<Self> {
        check_seat(dealer, "dealer")?;
        check_wall(&rules, &wall, &wildcards)?;
        Ok(Self::deal(rules, dealer, wall, wildcards, scores))
    }

    /// Deal a hand from the seeded generator (see [`crate::rng::deal`]).
    ///
    /// # Errors
    /// [`Error::Argument`] for a dealer outside 0–3.
    pub fn seeded(rules: Rules, dealer: u8, seed: u64, scores: [i32; 4]) -> Result<Self> {
        check_seat(dealer, "dealer")?;
        let w = rules.profile().wall(&rules);
        let (wall, wildcards) = crate::rng::deal(seed, w.kinds, w.wildcards, w.wildcard_pool);
        Ok(Self::deal(rules, dealer, wall, wildcards, scores))
    }

    fn deal(
        rules: Rules,
        dealer: u8,
        wall: Vec<u8>,
        mut wildcards: Vec<u8>,
        scores: [i32; 4],
    ) -> Self {
        wildcards.sort_unstable();
        let mut seats: [Seat; 4] = Default::default();
        for i in 0..4usize {
            let seat = &mut seats[(dealer as usize + i) % 4];
            for &t in &wall[13 * i..13 * i + 13] {
                seat.hand[t as usize] += 1;
            }
        }
        seats[dealer as usize].hand[wall[52] as usize] += 1;
        let wild_mask = wildcards.iter().fold(0, |m, &k| m | 1 << k);
        let start = StartHand {
            dealer,
            rules,
            wildcards: wildcards.clone(),
            wall: wall.clone(),
            scores,
        };
        let mut g = GameCore {
            rules,
            turn_rules: rules.profile().turn_rules(&rules),
            dealer,
            scores,
            drawn: Some(wall[52]),
            replacement: false,
            wall: Wall {
                tiles: wall,
                front: 53,
                back: 0,
            },
            wildcards,
            wild_mask,
            seats,
            kongs: Vec::new(),
            phase: Phase::Turn,
            turn: dealer,
            claim_tile: None,
            claim_declared: false,
            options: Default::default(),
            answers: [None; 4],
            answer_order: Vec::new(),
            legal: None,
            events: vec![Event::StartHand(Box::new(start))],
            outcome: None,
            result: None,
        };
        g.advance();
        g
    }

    // -- queries ----------------------------------------------------------------------------

    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    #[must_use]
    pub fn dealer(&self) -> u8 {
        self.dealer
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

    #[must_use]
    pub fn passed_win(&self) -> [bool; 4] {
        std::array::from_fn(|s| self.seats[s].passed_win)
    }

    #[must_use]
    pub fn kongs(&self) -> &[KongRecord] {
        &self.kongs
    }

    #[must_use]
    pub fn declared(&self) -> [bool; 4] {
        std::array::from_fn(|s| self.seats[s].declared)
    }

    /// The seats that must decide now, in seat order.
    #[must_use]
    pub fn to_act(&self) -> Vec<u8> {
        match self.phase {
            Phase::Turn => vec![self.turn],
            Phase::Claim | Phase::Rob => (0..4u8)
                .filter(|&s| {
                    !self.options[s as usize].is_empty() && self.answers[s as usize].is_none()
                })
                .collect(),
            Phase::Over => Vec::new(),
        }
    }

    /// What `seat` may do now; empty when it need not act.
    ///
    /// # Errors
    /// [`Error::Argument`] for a seat outside 0–3.
    pub fn legal_actions(&mut self, seat: u8) -> Result<Vec<ActionCode>> {
        check_seat(seat, "seat")?;
        Ok(match self.phase {
            Phase::Turn if seat == self.turn => {
                if self.legal.is_none() {
                    self.legal = Some(self.turn_actions(seat));
                }
                self.legal.clone().unwrap_or_default()
            }
            Phase::Claim | Phase::Rob if self.answers[seat as usize].is_none() => {
                self.options[seat as usize].clone()
            }
            _ => Vec::new(),
        })
    }

    /// `seat` takes `action`; on error nothing changes.
    ///
    /// # Errors
    /// [`Error::Argument`] for a seat outside 0–3, [`Error::NotYourTurn`] if `seat` is not to
    /// act, [`Error::IllegalAction`] (listing the legal actions) if `action` is not legal.
    pub fn step(&mut self, seat: u8, action: ActionCode) -> Result<()> {
        check_seat(seat, "seat")?;
        let to_act = self.to_act();
        if !to_act.contains(&seat) {
            return Err(Error::NotYourTurn(if to_act.is_empty() {
                format!("seat {seat} is not to act now; the hand is over")
            } else {
                format!("seat {seat} is not to act now; waiting for seat(s) {to_act:?}")
            }));
        }
        let legal = self.legal_actions(seat)?;
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
        self.apply(seat, action, false);
        self.advance();
        Ok(())
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

/// Check an explicit wall and its wildcard kinds against the rules.
fn check_wall(rules: &Rules, wall: &[u8], wildcards: &[u8]) -> Result<()> {
    let w = rules.profile().wall(rules);
    let in_play = w.kinds.count_ones() as usize;
    let mut counts = [0usize; KINDS];
    for (pos, &t) in wall.iter().enumerate() {
        if (t as usize) >= KINDS || w.kinds >> t & 1 == 0 {
            return Err(Error::Wall(format!(
                "tile {t} at wall position {pos} is not in play"
            )));
        }
        counts[t as usize] += 1;
    }
    if wall.len() != 4 * in_play || counts.iter().any(|&c| c > 4) {
        let bad: Vec<String> = (0..KINDS)
            .filter(|&k| w.kinds >> k & 1 == 1 && counts[k] != 4)
            .take(8)
            .map(|k| format!("{}×{}", crate::tiles::format_mpsz(&[k as u8]), counts[k]))
            .collect();
        return Err(Error::Wall(format!(
            "a wall holds each of the {in_play} kinds in play four times ({} tiles); got {} tiles{}",
            4 * in_play,
            wall.len(),
            if bad.is_empty() {
                String::new()
            } else {
                format!(", wrong counts: {}", bad.join(", "))
            }
        )));
    }
    let distinct = wildcards.iter().fold(0u64, |m, &k| m | 1 << (k & 63));
    if wildcards.len() != w.wildcards || distinct.count_ones() as usize != wildcards.len() {
        return Err(Error::Wall(format!(
            "these rules need {} distinct wildcard kind(s), got {wildcards:?}",
            w.wildcards
        )));
    }
    if let Some(k) = wildcards
        .iter()
        .find(|&&k| (k as usize) >= KINDS || w.wildcard_pool >> k & 1 == 0)
    {
        return Err(Error::Wall(format!(
            "wildcard kind {k} is not allowed under these rules ({})",
            rules.describe()
        )));
    }
    Ok(())
}
