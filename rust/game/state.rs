//! The state of one hand: the wall, the four seats, whose turn it is, the open claim and
//! the log. Fields are `pub(crate)`: the transitions (`turn.rs`, `claims.rs`, `end.rs`)
//! change them, everyone else reads through `GameCore`'s methods.

use super::action::{self, Act, ActionCode, CODES};
use super::event::{Event, StartHand};
use super::result::{HandResult, Outcome};
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::profiles::TurnRules;
use crate::rules::Rules;
use crate::tiles::{is_flower, Counts, KindMask, FIRST_FLOWER, FLOWERS, KINDS};

/// The highest 跑 bid.
pub const MAX_BID: u8 = 3;

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
    /// Every seat bids its 跑 before the deal (profiles with bids).
    Bid,
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
    /// Flowers set aside, in order.
    pub(crate) flowers: Vec<u8>,
    /// Its 跑 bid.
    pub(crate) bid: u8,
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
            flowers: Vec::new(),
            bid: 0,
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
    /// The indicator turned for the wildcard kind, and the flowers turned before it.
    pub(crate) indicator: Option<u8>,
    pub(crate) indicator_flowers: Vec<u8>,
    /// Each win, the one that counts for the deal first.
    pub(crate) outcomes: Vec<Outcome>,
    pub(crate) result: Option<HandResult>,
}

/// The eight flowers, in index order.
const FLOWER_TILES: [u8; FLOWERS as usize] = {
    let mut t = [0; FLOWERS as usize];
    let mut i = 0;
    while i < FLOWERS as usize {
        t[i] = FIRST_FLOWER + i as u8;
        i += 1;
    }
    t
};

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
        let flowers: &[u8] = if w.flowers { &FLOWER_TILES } else { &[] };
        let (wall, wildcards) =
            crate::rng::deal(seed, w.kinds, flowers, w.wildcards, w.wildcard_pool);
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
        let wild_mask = wildcards.iter().fold(0, |m, &k| m | 1 << k);
        let start = StartHand {
            dealer,
            rules,
            wildcards: wildcards.clone(),
            wall: wall.clone(),
            scores,
        };
        let turn_rules = rules.profile().turn_rules(&rules);
        let mut g = GameCore {
            rules,
            turn_rules,
            dealer,
            scores,
            drawn: None,
            replacement: false,
            wall: Wall {
                tiles: wall,
                front: 0,
                back: 0,
            },
            wildcards,
            wild_mask,
            seats: Default::default(),
            kongs: Vec::new(),
            phase: Phase::Bid,
            turn: dealer,
            claim_tile: None,
            claim_declared: false,
            options: Default::default(),
            answers: [None; 4],
            answer_order: Vec::new(),
            legal: None,
            events: vec![Event::StartHand(Box::new(start))],
            indicator: None,
            indicator_flowers: Vec::new(),
            outcomes: Vec::new(),
            result: None,
        };
        if turn_rules.bids {
            let bids: Vec<ActionCode> = (0..=MAX_BID).map(|n| Act::Pao.code(n)).collect();
            g.options = std::array::from_fn(|_| bids.clone());
        } else {
            g.deal_tiles();
        }
        g
    }

    /// The deal (RULES §2; RULES-hebei "Explicit walls"): 13 tiles each from the dealer on,
    /// the dealer's 14th; dealt flowers set aside and replaced from the back, seat by seat
    /// from the dealer; then the wildcard indicator, if the profile turns one. The dealer's
    /// drawn tile is the last tile its hand received.
    pub(crate) fn deal_tiles(&mut self) {
        let dealer = self.dealer as usize;
        let mut dealt: [Vec<u8>; 4] = Default::default();
        for i in 0..4usize {
            dealt[(dealer + i) % 4] = self.wall.tiles[13 * i..13 * i + 13].to_vec();
        }
        dealt[dealer].push(self.wall.tiles[52]);
        self.wall.front = 53;
        let mut last = self.wall.tiles[52];
        for i in 0..4usize {
            let s = (dealer + i) % 4;
            for &t in &dealt[s] {
                if !is_flower(t) {
                    self.seats[s].hand[t as usize] += 1;
                }
            }
            let seat = s as u8;
            for &t in dealt[s].iter().filter(|&&t| is_flower(t)) {
                // A valid wall keeps 91 tiles behind the deal: replacements never run out.
                let mut r = t;
                while is_flower(r) {
                    self.seats[s].flowers.push(r);
                    self.events.push(Event::Flower { seat, tile: r });
                    r = self.wall.take(true);
                    self.events.push(Event::Draw {
                        seat,
                        tile: r,
                        replacement: true,
                    });
                }
                self.seats[s].hand[r as usize] += 1;
                if s == dealer {
                    last = r;
                }
            }
        }
        if self.rules.profile().wall(&self.rules).indicator {
            let mut t = self.wall.take(false);
            while is_flower(t) {
                self.indicator_flowers.push(t);
                t = self.wall.take(false);
            }
            let profile = self.rules.profile();
            let hun = profile.wildcard_of_indicator(&self.rules, t).unwrap_or(t);
            self.wildcards = vec![hun];
            self.wild_mask = 1 << hun;
            self.indicator = Some(t);
            self.events.push(Event::Indicator {
                tile: t,
                hun,
                flowers: self.indicator_flowers.clone(),
            });
        }
        self.phase = Phase::Turn;
        self.turn = self.dealer;
        self.drawn = Some(last);
        self.options = Default::default();
        self.advance();
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

    /// A seat's flowers set aside. Precondition: `seat < 4`.
    #[must_use]
    pub fn flowers(&self, seat: u8) -> &[u8] {
        &self.seats[seat as usize].flowers
    }

    /// The wildcard indicator, once turned.
    #[must_use]
    pub fn indicator(&self) -> Option<u8> {
        self.indicator
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

    /// The seats that must decide now, in seat order.
    #[must_use]
    pub fn to_act(&self) -> Vec<u8> {
        match self.phase {
            Phase::Turn => vec![self.turn],
            Phase::Bid | Phase::Claim | Phase::Rob => (0..4u8)
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
            Phase::Bid | Phase::Claim | Phase::Rob if self.answers[seat as usize].is_none() => {
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
    let flowers = if w.flowers { FLOWERS as usize } else { 0 };
    let size = 4 * in_play + flowers;
    let mut counts = [0usize; KINDS + FLOWERS as usize];
    for (pos, &t) in wall.iter().enumerate() {
        let ok = if is_flower(t) {
            w.flowers
        } else {
            (t as usize) < KINDS && w.kinds >> t & 1 == 1
        };
        if !ok {
            return Err(Error::Wall(format!(
                "tile {t} at wall position {pos} is not in play"
            )));
        }
        counts[t as usize] += 1;
    }
    let want = |t: usize| if t >= KINDS { 1 } else { 4 };
    let in_wall = |t: usize| {
        if t >= KINDS {
            w.flowers
        } else {
            w.kinds >> t & 1 == 1
        }
    };
    if wall.len() != size || (0..counts.len()).any(|t| counts[t] > want(t)) {
        let bad: Vec<String> = (0..counts.len())
            .filter(|&t| in_wall(t) && counts[t] != want(t))
            .take(8)
            .map(|t| format!("{}×{}", crate::tiles::format_mpsz(&[t as u8]), counts[t]))
            .collect();
        let flower_note = if flowers > 0 {
            " and the 8 flowers once"
        } else {
            ""
        };
        return Err(Error::Wall(format!(
            "a wall holds each of the {in_play} kinds in play four times{flower_note} ({size} tiles); got {} tiles{}",
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
        let why = if w.indicator {
            " (the wildcard is turned up from the wall, never given)"
        } else {
            ""
        };
        return Err(Error::Wall(format!(
            "these rules need {} distinct wildcard kind(s), got {wildcards:?}{why}",
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
