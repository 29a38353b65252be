//! The state of one hand: the wall, the four seats, whose turn it is, the open claim and
//! the log. Fields are `pub(crate)`: the transitions (`turn.rs`, `claims.rs`, `end.rs`)
//! change them, everyone else reads through `GameCore`'s methods.

use super::action::{self, Act, ActionCode, CODES};
use super::event::{Event, StartHand};
use crate::error::{Error, Result};
use crate::eval::shape::{group_of, Keys};
use crate::eval::waits::ReadyWaits;
use crate::hand::Melds;
use crate::outcome::{Bird, Haidi, HandResult, KongRecord, MeldRecord, Outcome};
use crate::profiles::Rules;
use crate::profiles::TurnRules;
use crate::rng::Deal;
use crate::tiles::{is_flower, Counts, KindMask, FIRST_FLOWER, FLOWERS, KINDS};

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
    /// The seat `turn` is offered the wall's last tile (海底).
    Haidi,
    Over,
}

/// One seat's tiles and standing.
#[derive(Debug, Clone)]
pub struct Seat {
    /// Concealed tiles by kind, wildcard kinds included. Changed only through
    /// [`Seat::add`] and [`Seat::remove`], which keep `keys`.
    pub(crate) hand: Counts,
    /// The group keys of `hand` ([`Keys::of`]), kept as tiles come and go.
    pub(crate) keys: Keys,
    pub(crate) melds: Vec<MeldRecord>,
    /// Discards in order: (tile, face down).
    pub(crate) discards: Vec<(u8, bool)>,
    /// Declared ready (报听).
    pub(crate) declared: bool,
    /// Passed a win on a discard (过胡): from then on only self-draw.
    pub(crate) passed_win: bool,
    /// Kinds whose added kong it gave up by choosing pong (过杠).
    pub(crate) forfeited: KindMask,
    /// Kinds it may not win on from a discard until it draws (漏胡).
    pub(crate) missed: KindMask,
    /// Made a dice kong (杠): from then on it wins or discards what it draws.
    pub(crate) locked: bool,
    /// Its opening small wins (起手小胡), and whether it declared them.
    pub(crate) opening: Vec<&'static str>,
    pub(crate) opening_declared: bool,
    /// Discards it has made (0: its first turn).
    pub(crate) turns: u16,
    /// Flowers set aside, in order.
    pub(crate) flowers: Vec<u8>,
    /// Its 跑 bid.
    pub(crate) bid: u8,
    /// The last waiting position whose winning tiles were asked on a discard, with them
    /// ([`GameCore::completes_discard`]).
    pub(crate) waits_kept: Option<KeptWaits>,
}

/// A waiting position (concealed tiles and melds) and its winning tiles.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeptWaits {
    counts: Counts,
    melds: Melds,
    tiles: KindMask,
}

impl Seat {
    /// A seat before the deal, its lists in the (cleared) buffers `spare` kept.
    fn fresh(spare: SeatBuffers) -> Self {
        Seat {
            hand: [0; KINDS],
            keys: Keys([0; 4]),
            melds: spare.melds,
            discards: spare.discards,
            declared: false,
            passed_win: false,
            forfeited: 0,
            missed: 0,
            locked: false,
            opening: Vec::new(),
            opening_declared: false,
            turns: 0,
            flowers: spare.flowers,
            bid: 0,
            waits_kept: None,
        }
    }

    /// `n` more tiles of `kind` in the hand.
    #[inline]
    pub(crate) fn add(&mut self, kind: u8, n: u8) {
        self.hand[kind as usize] += n;
        let (g, weight) = group_of(kind as usize);
        self.keys.0[g] += u32::from(n) * weight;
    }

    /// `n` tiles of `kind` fewer in the hand. Precondition: it holds them.
    #[inline]
    pub(crate) fn remove(&mut self, kind: u8, n: u8) {
        self.hand[kind as usize] -= n;
        let (g, weight) = group_of(kind as usize);
        self.keys.0[g] -= u32::from(n) * weight;
    }

    /// The seat's lists, cleared, for the next deal.
    fn spare(&mut self) -> SeatBuffers {
        SeatBuffers {
            melds: cleared(&mut self.melds),
            discards: cleared(&mut self.discards),
            flowers: cleared(&mut self.flowers),
        }
    }
}

/// A seat's lists, kept between hands.
struct SeatBuffers {
    melds: Vec<MeldRecord>,
    discards: Vec<(u8, bool)>,
    flowers: Vec<u8>,
}

impl Default for SeatBuffers {
    fn default() -> Self {
        SeatBuffers {
            melds: Vec::with_capacity(4),
            // About a quarter of the wall: no growth in a hand.
            discards: Vec::with_capacity(32),
            flowers: Vec::new(),
        }
    }
}

/// `v`'s buffer, emptied, leaving an empty `Vec` (no buffer) in its place.
fn cleared<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut out = std::mem::take(v);
    out.clear();
    out
}

impl Seat {
    /// Tiles held, counting each meld as three: 14 on a turn, 13 otherwise.
    pub(crate) fn size(&self) -> u32 {
        self.hand.iter().map(|&c| u32::from(c)).sum::<u32>() + 3 * self.melds.len() as u32
    }
}

/// The wall: ordinary draws from the front, replacements from the back (docs/rules.md §2), by
/// stacks of two where the profile builds the wall so (docs/rules.md §11), and dice-chosen
/// replacements that may take a tile from the middle.
#[derive(Debug, Clone)]
pub struct Wall {
    pub(crate) tiles: Vec<u8>,
    /// Tiles taken, by position.
    pub(crate) taken: Vec<bool>,
    /// The next position to draw from the front (tiles before it are all taken);
    /// `front + back` never passes the wall's length.
    pub(crate) front: usize,
    /// How many positions at the back are all taken.
    pub(crate) back: usize,
    /// Tiles not yet taken.
    pub(crate) left: usize,
    /// Replacements take the last stack's top tile, then its bottom.
    pub(crate) stacks: bool,
}

impl Wall {
    /// The wall of `tiles`, none taken (`taken` is a buffer to reuse; what it held is lost).
    pub(crate) fn new(tiles: Vec<u8>, mut taken: Vec<bool>, stacks: bool) -> Wall {
        let n = tiles.len();
        taken.clear();
        taken.resize(n, false);
        Wall {
            tiles,
            taken,
            front: 0,
            back: 0,
            left: n,
            stacks,
        }
    }

    #[must_use]
    pub fn remaining(&self) -> usize {
        self.left
    }

    fn take_at(&mut self, pos: usize) -> u8 {
        self.taken[pos] = true;
        self.left -= 1;
        let n = self.tiles.len();
        while self.front + self.back < n && self.taken[self.front] {
            self.front += 1;
        }
        while self.front + self.back < n && self.taken[n - 1 - self.back] {
            self.back += 1;
        }
        self.tiles[pos]
    }

    /// The next tile from the front or, for a replacement, the back (the last stack's top
    /// tile, then its bottom, when the wall is stacked). Precondition: `remaining() > 0`.
    pub(crate) fn take(&mut self, from_back: bool) -> u8 {
        if !from_back {
            return self.take_at(self.front);
        }
        let last = self.tiles.len() - 1 - self.back;
        let top = last - last % 2;
        if self.stacks && !self.taken[top] {
            self.take_at(top)
        } else {
            self.take_at(last)
        }
    }

    /// The dice's replacement: the top tile (else the bottom) of the `n`-th stack still
    /// holding a tile, counted from the back, or of the front-most such stack if fewer hold
    /// tiles. Precondition: `remaining() > 0`.
    pub(crate) fn take_by_dice(&mut self, n: usize) -> u8 {
        let holding = (0..self.tiles.len().div_ceil(2))
            .rev()
            .filter(|&j| (2 * j..(2 * j + 2).min(self.tiles.len())).any(|p| !self.taken[p]));
        let stack = holding.take(n.max(1)).last().unwrap_or(0);
        let pos = if self.taken[2 * stack] {
            2 * stack + 1
        } else {
            2 * stack
        };
        self.take_at(pos)
    }
}

/// Events a hand's log has room for from the start (a drawn hand of four seats logs about
/// 180).
const EVENTS_RESERVED: usize = 256;

/// The buffers of a hand's state, kept for the next deal by [`GameCore::redeal`]: once they
/// have grown, a run of hands deals and plays without allocating but for a few short
/// lists (the result's, a won hand's scoring, the ready discards found).
#[derive(Default)]
struct Spare {
    deal: Deal,
    taken: Vec<bool>,
    seats: [SeatBuffers; 4],
    kongs: Vec<KongRecord>,
    options: [Vec<ActionCode>; 4],
    answer_order: Vec<u8>,
    legal: Vec<ActionCode>,
    ready: ReadyWaits,
    events: Vec<Event>,
    indicator_flowers: Vec<u8>,
    outcomes: Vec<Outcome>,
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
    /// The indicator turned for the wildcard kind, and the flowers turned before it.
    pub(crate) indicator: Option<u8>,
    pub(crate) indicator_flowers: Vec<u8>,
    /// Each win, the one that counts for the deal first.
    pub(crate) outcomes: Vec<Outcome>,
    /// The dice to roll, in order, and how many were rolled.
    pub(crate) dice: Vec<(u8, u8)>,
    pub(crate) dice_used: usize,
    /// The drawn tile came by the dice (杠上开花 if it wins).
    pub(crate) replacement_dice: bool,
    /// An added kong being answered was made with dice.
    pub(crate) pending_dice: bool,
    /// The 海底: the first seat it was offered to, and what became of it.
    pub(crate) haidi_first: Option<u8>,
    pub(crate) haidi: Option<Haidi>,
    /// The seat on turn holds the 海底 it took.
    pub(crate) on_haidi: bool,
    /// `special` bits of a win on the discard being answered (杠上炮, 海底炮, 地胡).
    pub(crate) claim_special: u8,
    /// Discards made in the hand.
    pub(crate) discards_made: u32,
    /// The bird turned after a win, and whether it came from the wall.
    pub(crate) bird: Option<Bird>,
    pub(crate) bird_from_wall: bool,
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

/// The seeded deal of a hand under `rules` into `out`'s buffers (see [`crate::rng::deal`]).
fn seeded_deal(out: &mut Deal, rules: &Rules, seed: u64) {
    let w = rules.profile().wall(rules);
    let flowers: &[u8] = if w.flowers { &FLOWER_TILES } else { &[] };
    crate::rng::deal(
        out,
        seed,
        w.kinds,
        flowers,
        w.wildcards,
        w.wildcard_pool,
        w.dice,
    );
}

impl GameCore {
    /// Deal the hand of an explicit `wall` (docs/rules.md §2 order) with `wildcards` kinds.
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
        Self::with_dice(rules, dealer, wall, wildcards, Vec::new(), scores)
    }

    /// As [`GameCore::new`], with the `dice` the hand will roll, in order (profiles with
    /// dice kongs; a dice kong is not offered once they are used up).
    ///
    /// # Errors
    /// As [`GameCore::new`], and [`Error::Argument`] for a die outside 1–6.
    pub fn with_dice(
        rules: Rules,
        dealer: u8,
        wall: Vec<u8>,
        wildcards: Vec<u8>,
        dice: Vec<(u8, u8)>,
        scores: [i32; 4],
    ) -> Result<Self> {
        check_seat(dealer, "dealer")?;
        check_wall(&rules, &wall, &wildcards)?;
        if let Some((i, d)) = dice
            .iter()
            .enumerate()
            .find(|(_, d)| !(1..=6).contains(&d.0) || !(1..=6).contains(&d.1))
        {
            return Err(Error::Argument(format!(
                "dice must be pairs of 1–6, got {d:?} at position {i}"
            )));
        }
        let spare = Spare {
            deal: Deal {
                wall,
                wildcards,
                dice,
            },
            ..Spare::default()
        };
        Ok(Self::deal(rules, dealer, scores, spare, true))
    }

    /// Deal a hand from the seeded generator (see [`crate::rng::deal`]).
    ///
    /// # Errors
    /// [`Error::Argument`] for a dealer outside 0–3.
    pub fn seeded(rules: Rules, dealer: u8, seed: u64, scores: [i32; 4]) -> Result<Self> {
        check_seat(dealer, "dealer")?;
        let mut spare = Spare::default();
        seeded_deal(&mut spare.deal, &rules, seed);
        Ok(Self::deal(rules, dealer, scores, spare, true))
    }

    /// Deal the next hand of a run into this state, as [`GameCore::seeded`] deals a new one,
    /// keeping the buffers of the hand before; `log`: whether its events are logged (a hand
    /// dealt without a log has no [`GameCore::events`]). On error nothing changes.
    ///
    /// # Errors
    /// As [`GameCore::seeded`].
    pub fn redeal(
        &mut self,
        rules: Rules,
        dealer: u8,
        seed: u64,
        scores: [i32; 4],
        log: bool,
    ) -> Result<()> {
        check_seat(dealer, "dealer")?;
        let mut spare = self.spare();
        seeded_deal(&mut spare.deal, &rules, seed);
        *self = Self::deal(rules, dealer, scores, spare, log);
        Ok(())
    }

    /// The state's buffers, cleared (the state is left without them: it is dealt anew next).
    fn spare(&mut self) -> Spare {
        let seats = self.seats.each_mut().map(Seat::spare);
        Spare {
            deal: Deal {
                wall: cleared(&mut self.wall.tiles),
                wildcards: cleared(&mut self.wildcards),
                dice: cleared(&mut self.dice),
            },
            taken: cleared(&mut self.wall.taken),
            seats,
            kongs: cleared(&mut self.kongs),
            options: self.options.each_mut().map(cleared),
            answer_order: cleared(&mut self.answer_order),
            legal: cleared(&mut self.legal),
            ready: cleared(&mut self.ready),
            events: cleared(&mut self.events),
            indicator_flowers: cleared(&mut self.indicator_flowers),
            outcomes: cleared(&mut self.outcomes),
        }
    }

    /// The hand of `spare.deal`, its state in the other buffers of `spare`.
    fn deal(rules: Rules, dealer: u8, scores: [i32; 4], spare: Spare, logging: bool) -> Self {
        let Deal {
            wall,
            mut wildcards,
            dice,
        } = spare.deal;
        wildcards.sort_unstable();
        let wild_mask = wildcards.iter().fold(0, |m, &k| m | 1 << k);
        let mut events = spare.events;
        if events.capacity() == 0 {
            // Room for a long hand's log: no growth while it is played.
            events.reserve(EVENTS_RESERVED);
        }
        if logging {
            events.push(Event::StartHand(Box::new(StartHand {
                dealer,
                rules,
                wildcards: wildcards.clone(),
                wall: wall.clone(),
                dice: dice.clone(),
                scores,
            })));
        }
        let mut legal = spare.legal;
        legal.reserve(40);
        let stacks = rules.profile().wall(&rules).stacks;
        let turn_rules = rules.profile().turn_rules(&rules);
        let mut g = GameCore {
            rules,
            turn_rules,
            dealer,
            scores,
            drawn: None,
            replacement: false,
            wall: Wall::new(wall, spare.taken, stacks),
            wildcards,
            wild_mask,
            seats: spare.seats.map(Seat::fresh),
            kongs: spare.kongs,
            phase: Phase::Bid,
            turn: dealer,
            claim_tile: None,
            claim_declared: false,
            options: spare.options,
            answers: [None; 4],
            answer_order: spare.answer_order,
            legal,
            legal_ready: false,
            ready: spare.ready,
            ready_checked: false,
            events,
            logging,
            indicator: None,
            indicator_flowers: spare.indicator_flowers,
            outcomes: spare.outcomes,
            dice,
            dice_used: 0,
            replacement_dice: false,
            pending_dice: false,
            haidi_first: None,
            haidi: None,
            on_haidi: false,
            claim_special: 0,
            discards_made: 0,
            bird: None,
            bird_from_wall: false,
            result: None,
        };
        if turn_rules.bids {
            for o in &mut g.options {
                o.extend((0..=MAX_BID).map(|n| Act::Pao.code(n)));
            }
        } else {
            g.deal_tiles();
        }
        g
    }

    /// The deal (docs/rules.md §2; docs/rules.md §10): 13 tiles each from the dealer on,
    /// the dealer's 14th; dealt flowers set aside and replaced from the back, seat by seat
    /// from the dealer; then the wildcard indicator, if the profile turns one. The dealer's
    /// drawn tile is its 14th, or that tile's replacement when it was a flower.
    pub(crate) fn deal_tiles(&mut self) {
        let dealer = self.dealer as usize;
        let mut dealt = [[0u8; 14]; 4];
        for i in 0..4usize {
            for t in &mut dealt[(dealer + i) % 4][..13] {
                *t = self.wall.take(false);
            }
        }
        let last_dealt = self.wall.take(false);
        dealt[dealer][13] = last_dealt;
        let mut last = last_dealt;
        for i in 0..4usize {
            let s = (dealer + i) % 4;
            let fourteenth = s == dealer;
            let dealt = &dealt[s][..if fourteenth { 14 } else { 13 }];
            for &t in dealt {
                if !is_flower(t) {
                    self.seats[s].add(t, 1);
                }
            }
            let seat = s as u8;
            for (i, &t) in dealt.iter().enumerate().filter(|(_, &t)| is_flower(t)) {
                // A valid wall keeps 91 tiles behind the deal: replacements never run out.
                let mut r = t;
                while is_flower(r) {
                    self.seats[s].flowers.push(r);
                    log!(self, Event::Flower { seat, tile: r });
                    r = self.wall.take(true);
                    log!(
                        self,
                        Event::Draw {
                            seat,
                            tile: r,
                            replacement: true,
                        }
                    );
                }
                self.seats[s].add(r, 1);
                if fourteenth && i == 13 {
                    last = r; // the 14th was a flower: its replacement is the drawn tile
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
            self.wildcards.clear();
            self.wildcards.push(hun);
            self.wild_mask = 1 << hun;
            self.indicator = Some(t);
            log!(
                self,
                Event::Indicator {
                    tile: t,
                    hun,
                    flowers: self.indicator_flowers.clone(),
                }
            );
        }
        if self.turn_rules.opening_wins {
            let profile = self.rules.profile();
            for seat in &mut self.seats {
                seat.opening = profile.opening_wins(&self.rules, &seat.hand);
            }
        }
        self.phase = Phase::Turn;
        self.turn = self.dealer;
        self.drawn = Some(last);
        self.clear_options();
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
        (0..4u8).filter(|&s| self.is_to_act(s)).collect()
    }

    /// Whether `seat` must decide now (one of [`GameCore::to_act`]), without building the
    /// list. Precondition: `seat < 4`.
    #[must_use]
    pub fn is_to_act(&self, seat: u8) -> bool {
        match self.phase {
            Phase::Turn | Phase::Haidi => seat == self.turn,
            Phase::Bid | Phase::Claim | Phase::Rob => {
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
            self.seats[seat as usize].waits_kept = Some(KeptWaits {
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
            Phase::Bid | Phase::Claim | Phase::Rob if self.answers[seat as usize].is_none() => {
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
            let to_act = self.to_act();
            return Err(Error::NotYourTurn(if to_act.is_empty() {
                format!("seat {seat} is not to act now; the hand is over")
            } else {
                format!("seat {seat} is not to act now; waiting for seat(s) {to_act:?}")
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
