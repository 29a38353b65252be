//! The deal of a hand: a new hand from an explicit or a seeded wall, a hand dealt anew into
//! the state of the one before ([`GameCore::redeal`]), and the tiles dealt to the seats.

use super::action::{Act, ActionCode};
use super::event::{Event, StartHand};
use super::mechanisms::{BirdTurn, Dice, HaidiOffer, IndicatorTurn};
use super::seat::{cleared, Seat, SeatBuffers};
use super::state::{check_seat, GameCore, Phase, MAX_BID};
use super::wall::{check_wall, Wall};
use crate::error::{Error, Result};
use crate::eval::waits::ReadyWaits;
use crate::outcome::{KongRecord, Outcome, ScoreItem, Transfer};
use crate::profiles::{Rules, TurnRules, WallRules};
use crate::rng::{Deal, EXCHANGE_DIRECTIONS};
use crate::tiles::{is_flower, FIRST_FLOWER, FLOWERS};

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

/// The seeded deal of a hand of the wall `w` into `out`'s buffers (see [`crate::rng::deal`]).
fn seeded_deal(out: &mut Deal, w: &WallRules, seed: u64) {
    let flowers: &[u8] = if w.flowers { &FLOWER_TILES } else { &[] };
    crate::rng::deal(
        out,
        seed,
        w.kinds,
        flowers,
        w.wildcards,
        w.wildcard_pool,
        w.dice,
        w.exchange_direction,
    );
}

/// The name of the exchange direction of `shift` ([`EXCHANGE_DIRECTIONS`]).
pub(crate) fn direction_name(shift: u8) -> Option<&'static str> {
    EXCHANGE_DIRECTIONS
        .iter()
        .find(|d| d.1 == shift)
        .map(|d| d.0)
}

/// `dealer` is a seat, and the one the rules fix where they fix one
/// ([`crate::profiles::Profile::fixed_dealer`]).
fn check_dealer(rules: &Rules, dealer: u8) -> Result<()> {
    check_seat(dealer, "dealer")?;
    match rules.profile().fixed_dealer(rules) {
        Some(fixed) if fixed != dealer => Err(Error::Argument(format!(
            "under these rules ({}) seat {fixed} deals every hand, got dealer {dealer}",
            rules.describe()
        ))),
        _ => Ok(()),
    }
}

/// Events a hand's log has room for from the start (a drawn hand of four seats logs about
/// 180).
const EVENTS_RESERVED: usize = 256;

/// The buffers of a hand's state, kept for the next deal by [`GameCore::redeal`]: once they
/// have grown, a run of hands deals and plays without allocating but for a few short
/// lists (the result's, a won hand's scoring, the ready discards found).
#[derive(Default)]
struct HandBuffers {
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
    ledger: Vec<Transfer>,
    items: Vec<Vec<ScoreItem>>,
}

impl GameCore {
    /// Deal the hand of an explicit `wall` (docs/rules.md §2 order) with `wildcards` kinds.
    ///
    /// # Errors
    /// [`Error::Argument`] for a dealer outside 0–3 (or other than the seat the rules fix),
    /// [`Error::Wall`] for a wall that does not hold every tile in play exactly once (under
    /// `WallRules::parts`: a wall that cannot deal, docs/rules.md) or wildcards that do not
    /// fit the rules.
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
        check_dealer(&rules, dealer)?;
        let wall_rules = rules.profile().wall(&rules);
        check_wall(&rules, &wall_rules, &wall, &wildcards)?;
        if let Some((i, d)) = dice
            .iter()
            .enumerate()
            .find(|(_, d)| !(1..=6).contains(&d.0) || !(1..=6).contains(&d.1))
        {
            return Err(Error::Argument(format!(
                "dice must be pairs of 1–6, got {d:?} at position {i}"
            )));
        }
        let spare = HandBuffers {
            deal: Deal {
                wall,
                wildcards,
                dice,
                exchange_shift: wall_rules.exchange_direction.then_some(1),
            },
            ..HandBuffers::default()
        };
        let compiled = (rules.profile().turn_rules(&rules), wall_rules);
        Ok(Self::deal(rules, compiled, dealer, scores, spare, true))
    }

    /// Deal a hand from the seeded generator (see [`crate::rng::deal`]).
    ///
    /// # Errors
    /// [`Error::Argument`] for a dealer outside 0–3 (or other than the seat the rules fix).
    pub fn seeded(rules: Rules, dealer: u8, seed: u64, scores: [i32; 4]) -> Result<Self> {
        check_dealer(&rules, dealer)?;
        let mut spare = HandBuffers::default();
        let wall_rules = rules.profile().wall(&rules);
        seeded_deal(&mut spare.deal, &wall_rules, seed);
        let compiled = (rules.profile().turn_rules(&rules), wall_rules);
        Ok(Self::deal(rules, compiled, dealer, scores, spare, true))
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
        check_dealer(&rules, dealer)?;
        // The rules of a run seldom change between hands: compiled once while they do not.
        let compiled = if rules == self.rules {
            (self.turn_rules, self.wall_rules)
        } else {
            (
                rules.profile().turn_rules(&rules),
                rules.profile().wall(&rules),
            )
        };
        let mut spare = self.spare();
        seeded_deal(&mut spare.deal, &compiled.1, seed);
        *self = Self::deal(rules, compiled, dealer, scores, spare, log);
        Ok(())
    }

    /// The state's buffers, cleared (the state is left without them: it is dealt anew next).
    fn spare(&mut self) -> HandBuffers {
        let seats = self.seats.each_mut().map(Seat::spare);
        HandBuffers {
            deal: Deal {
                wall: cleared(&mut self.wall.tiles),
                wildcards: cleared(&mut self.wildcards),
                dice: self
                    .dice
                    .as_mut()
                    .map_or_else(Vec::new, |d| cleared(&mut d.rolls)),
                exchange_shift: None,
            },
            taken: cleared(&mut self.wall.taken),
            seats,
            kongs: cleared(&mut self.kongs),
            options: self.options.each_mut().map(cleared),
            answer_order: cleared(&mut self.answer_order),
            legal: cleared(&mut self.legal),
            ready: cleared(&mut self.ready),
            events: cleared(&mut self.events),
            indicator_flowers: self
                .indicator
                .as_mut()
                .map_or_else(Vec::new, |i| cleared(&mut i.flowers)),
            outcomes: cleared(&mut self.outcomes),
            ledger: cleared(&mut self.ledger),
            items: cleared(&mut self.items),
        }
    }

    /// The hand of `spare.deal` under `rules` (compiled: their turn and wall rules), its state
    /// in the other buffers of `spare`.
    fn deal(
        rules: Rules,
        (turn_rules, wall_rules): (TurnRules, WallRules),
        dealer: u8,
        scores: [i32; 4],
        spare: HandBuffers,
        logging: bool,
    ) -> Self {
        let Deal {
            wall,
            mut wildcards,
            dice,
            exchange_shift,
        } = spare.deal;
        let exchange_direction = exchange_shift.and_then(direction_name);
        let exchange_shift = exchange_shift.unwrap_or(turn_rules.exchange_shift);
        wildcards.sort_unstable();
        let wild_mask = wildcards.iter().fold(0, |m, &k| m | 1 << k);
        // A hand is played under its rules' first prevalent wind until a match sets its own.
        let prevalent_wind = rules.profile().prevalent_wind(&rules, 0);
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
                prevalent_wind,
                exchange_direction,
            })));
        }
        let mut legal = spare.legal;
        legal.reserve(40);
        let mut g = GameCore {
            rules,
            turn_rules,
            wall_rules,
            dealer,
            prevalent_wind,
            scores,
            drawn: None,
            replacement: false,
            after_flower: false,
            wall: Wall::new(wall, spare.taken, wall_rules.stacks, wall_rules.parts),
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
            indicator: wall_rules.indicator.then_some(IndicatorTurn {
                tile: None,
                flowers: spare.indicator_flowers,
            }),
            outcomes: spare.outcomes,
            dice: turn_rules.dice_kongs.then(|| Dice {
                rolls: dice,
                ..Dice::default()
            }),
            haidi: turn_rules.haidi.then(HaidiOffer::default),
            claim_moments: 0,
            exchange_shift,
            turn_began: 0,
            discards_made: 0,
            bird: turn_rules.bird.then(BirdTurn::default),
            ledger: spare.ledger,
            event_count: 1,
            won: 0,
            items: spare.items,
            claim_event: 0,
            verdict: None,
            result: None,
        };
        g.start();
        g
    }

    /// Open the bids before the deal, or deal the tiles (profiles without bids).
    fn start(&mut self) {
        if self.turn_rules.bids {
            for o in &mut self.options {
                o.extend((0..=MAX_BID).map(|n| Act::Pao.code(n)));
            }
        } else {
            self.deal_tiles();
        }
    }

    /// The deal (docs/rules.md §2; docs/rules.md §10): 13 tiles each from the dealer on,
    /// the dealer's 14th; dealt flowers set aside and replaced from the back, seat by seat
    /// from the dealer; then the wildcard indicator, if the profile turns one. The dealer's
    /// drawn tile is its 14th, or that tile's replacement when it was a flower.
    pub(crate) fn deal_tiles(&mut self) {
        if self.wall.has_parts() {
            self.deal_parts();
            return;
        }
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
        if self.indicator.is_some() {
            self.turn_indicator();
        }
        if self.turn_rules.opening_wins {
            let profile = self.rules.profile();
            for seat in &mut self.seats {
                seat.opening = profile.opening_wins(&self.rules, &seat.hand);
            }
        }
        self.turn = self.dealer;
        self.drawn = Some(last);
        self.before_play();
    }

    /// The deal from a wall cut in parts (`WallRules::parts`, docs/rules.md): each seat from
    /// the dealer on takes tiles from its own part's end until it holds 13 that are not
    /// flowers (the flowers set aside); then the dealer draws its first tile as any draw.
    /// The wall's check leaves 13 tiles to deal in each part.
    fn deal_parts(&mut self) {
        for i in 0..4u8 {
            let seat = (self.dealer + i) % 4;
            let mut dealt = 0;
            while dealt < 13 {
                let t = self.wall.take_from_part(seat);
                if is_flower(t) {
                    self.seats[seat as usize].flowers.push(t);
                    log!(self, Event::Flower { seat, tile: t });
                } else {
                    self.seats[seat as usize].add(t, 1);
                    dealt += 1;
                }
            }
        }
        if self.turn_rules.opening_wins {
            let profile = self.rules.profile();
            for seat in &mut self.seats {
                seat.opening = profile.opening_wins(&self.rules, &seat.hand);
            }
        }
        self.turn = self.dealer;
        self.draw(self.dealer, false);
        if self.phase != Phase::Over {
            self.before_play();
        }
    }

    /// Turn the wildcard indicator (flowers turned before it are set aside): the profile
    /// says which kind it makes the hand's wildcard.
    fn turn_indicator(&mut self) {
        let mut t = self.wall.take(false);
        let mut flowers = self
            .indicator
            .as_mut()
            .map_or_else(Vec::new, |i| std::mem::take(&mut i.flowers));
        while is_flower(t) {
            flowers.push(t);
            t = self.wall.take(false);
        }
        let profile = self.rules.profile();
        let hun = profile.wildcard_of_indicator(&self.rules, t).unwrap_or(t);
        self.wildcards.clear();
        self.wildcards.push(hun);
        self.wild_mask = 1 << hun;
        log!(
            self,
            Event::Indicator {
                tile: t,
                hun,
                flowers: flowers.clone(),
            }
        );
        self.indicator = Some(IndicatorTurn {
            tile: Some(t),
            flowers,
        });
    }
}
