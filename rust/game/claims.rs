//! Claims on a discard (win, pong, kong, chow) and on an added kong (抢杠): who is asked,
//! and how the answers are resolved (docs/rules.md §3: win first — the nearest winner
//! counter-clockwise from the discarder, or every winner where the profile allows several —
//! then pong or kong, then chow). The 跑 bids before the deal are answered the same way:
//! all four seats at once.

use super::action::{Act, ActionCode};
use super::event::Event;
use super::state::{GameCore, Phase};
use crate::hand::MeldKind;
use crate::outcome::melds_of;
use crate::outcome::{special, WinKind};
use crate::outcome::{KongRecord, MeldRecord};

/// A seat's answers to one discard, on the stack: win, pong, kong, dice kong, three chows
/// and the pass at most.
#[derive(Default)]
struct Offers {
    codes: [ActionCode; 8],
    len: usize,
}

impl Offers {
    fn push(&mut self, code: ActionCode) {
        self.codes[self.len] = code;
        self.len += 1;
    }

    fn as_slice(&self) -> &[ActionCode] {
        &self.codes[..self.len]
    }
}

impl GameCore {
    /// Ask the other seats about `source`'s discard (or added kong, when `robbing`).
    pub(crate) fn open_claims(&mut self, source: u8, tile: u8, robbing: bool) {
        self.clear_options();
        let claimable =
            self.wild_mask >> tile & 1 == 0 && (!robbing || self.turn_rules.rob_added_kong);
        if claimable {
            // The 海底's discard may only be won on (also, on a wall in parts, a discard
            // whose next seat's part is empty: `turn.rs` marks both LAST_DISCARD).
            let last = self.claim_moments & special::LAST_DISCARD != 0;
            for i in 1..4u8 {
                let s = (source + i) % 4;
                let seat = &self.seats[s as usize];
                if !seat.in_hand() {
                    continue; // a seat that has left the hand is never asked
                }
                let rules = &self.turn_rules;
                let missed = seat.missed != 0
                    && (rules.pass_blocks_all
                        || rules.pass_blocks_tile && seat.missed >> tile & 1 == 1);
                let mut may_win =
                    (seat.declared || !rules.declare_to_win) && !seat.passed_win && !missed;
                let mut may_meld =
                    !robbing && !last && (seat.hand[tile as usize] >= 2 || rules.chow && i == 1);
                if rules.void_binds {
                    // Its void suit's tiles are never claimed, nor won on while it holds one.
                    let void_tile = self.void_kinds(s) >> tile & 1 == 1;
                    may_win &= !void_tile && !self.holds_void(s);
                    may_meld &= !void_tile;
                }
                if !may_win && !may_meld {
                    continue; // most seats on most discards: nothing to offer
                }
                let may_win =
                    may_win && self.rules.profile().discard_win_allowed(&self.rules, tile);
                // Asked first: it keeps the seat's waits.
                let wins = may_win
                    && self.completes_discard(s, tile)
                    && (!self.turn_rules.discard_wins_scored
                        || self.claim_win_allowed(s, tile, robbing));
                let seat = &self.seats[s as usize];
                let rules = &self.turn_rules;
                let mut acts = Offers::default();
                let mut offer = |code: ActionCode| acts.push(code);
                if wins {
                    debug_assert!({
                        let mut counts = seat.hand;
                        counts[tile as usize] += 1;
                        self.wins(&counts, &melds_of(&seat.melds))
                    });
                    offer(Act::Win.code(0));
                }
                if !robbing && !last {
                    let held = seat.hand[tile as usize];
                    let locked = (seat.declared && rules.declare_to_win) || seat.locked;
                    if !locked && held >= 2 {
                        offer(Act::Pong.code(0));
                    }
                    let kong = held == 3 && self.kong_replaceable();
                    if kong && !seat.locked && self.kong_allowed(s, MeldKind::Kong, tile) {
                        offer(Act::Kong.code(0));
                    }
                    if !locked && kong && self.dice_kong_on_discard(s, tile) {
                        offer(Act::DiceKong.code(tile));
                    }
                    if rules.chow && i == 1 && !locked {
                        self.chow_offers(s, tile, &mut offer);
                    }
                }
                if acts.len > 0 {
                    acts.push(Act::Pass.code(0));
                    self.options[s as usize].extend_from_slice(acts.as_slice());
                }
            }
        }
        self.phase = if robbing { Phase::Rob } else { Phase::Claim };
        self.claim_event = self.event_count - 1; // the discard or added kong just logged
        self.turn = source;
        self.claim_tile = Some(tile);
        self.claim_declared = self.seats[source as usize].declared;
        self.answers = [None; 4];
        self.answer_order.clear();
        if self.turn_rules.must_win {
            self.win_at_once();
        }
        if self.all_answered() {
            self.resolve_claims();
        }
    }

    /// Whether the profile's score allows `seat`'s win on the claim of `tile` (being
    /// opened: the discard not yet taken; a robbed kong under `robbing`).
    /// Precondition: the tile completes the seat's hand.
    fn claim_win_allowed(&self, seat: u8, tile: u8, robbing: bool) -> bool {
        let s = &self.seats[seat as usize];
        let mut counts = s.hand;
        counts[tile as usize] += 1;
        let h = self.hand_of(&counts, &melds_of(&s.melds));
        let context = self.claim_context(seat, tile, robbing, false);
        self.rules
            .profile()
            .score(&self.rules, &h, tile, context)
            .is_ok_and(|w| w.allowed)
    }

    /// Under 有胡必胡, every seat offered a win on the claim answers it at once.
    fn win_at_once(&mut self) {
        for s in 0..4u8 {
            let first = self.options[s as usize].first().copied();
            if let Some(code) = first.filter(|&c| Act::of(c) == Act::Win) {
                self.answers[s as usize] = Some(code);
                self.answer_order.push(s);
                log!(
                    self,
                    Event::Answer {
                        seat: s,
                        action: Act::Win,
                        auto: true,
                        tile: None,
                    }
                );
            }
        }
    }

    /// Offer `seat` each chow of the discard `tile`. Not inlined: the chows are asked of
    /// one seat and only under the profiles that have them, and inlined their arithmetic
    /// would run before every discard.
    #[inline(never)]
    fn chow_offers(&self, seat: u8, tile: u8, offer: &mut impl FnMut(ActionCode)) {
        for low in self.chows(seat, tile) {
            offer(Act::Chow.code(low));
        }
    }

    /// The runs (by lowest tile) `seat` can make with the discard `tile`: suited, holding the
    /// other two tiles, none of them a wildcard kind.
    fn chows(&self, seat: u8, tile: u8) -> impl Iterator<Item = u8> + '_ {
        let hand = &self.seats[seat as usize].hand;
        let usable = move |k: u8| hand[k as usize] > 0 && self.wild_mask >> k & 1 == 0;
        let rank = tile % 9;
        (rank.saturating_sub(2)..=rank.min(6))
            .filter(move |_| (tile as usize) < crate::tiles::FIRST_HONOR)
            .map(move |r| tile - rank + r)
            .filter(move |&low| (low..low + 3).all(|k| k == tile || usable(k)))
    }

    /// Record `seat`'s answer (or bid); resolve once every asked seat has answered.
    pub(crate) fn answer(&mut self, seat: u8, code: ActionCode, auto: bool) {
        // A decision before play is one of several a seat may make; `decide_before_play`
        // records the seat as answered once all of its decisions are in.
        let before_play = matches!(self.phase, Phase::Exchange | Phase::Void);
        if !before_play {
            self.answers[seat as usize] = Some(code);
            self.answer_order.push(seat);
        }
        if self.phase == Phase::Bid {
            if self.all_answered() {
                self.resolve_bids();
            }
            return;
        }
        // Logged at once and shown to the seat alone (a log cut before every seat has
        // decided still holds the decisions made), with the tile of a kind that names one: a
        // chow's run, a dice kong's tile, the kind picked, the void suit.
        let act = Act::of(code);
        log!(
            self,
            Event::Answer {
                seat,
                action: act,
                auto,
                tile: act.takes_tile().then(|| super::action::tile_of(code)),
            }
        );
        if before_play {
            self.decide_before_play(seat, code);
        } else if self.all_answered() {
            self.resolve_claims();
        }
    }

    /// Log the four bids in seat order, then deal.
    fn resolve_bids(&mut self) {
        for s in 0..4u8 {
            let pao = self.answers[s as usize].map_or(0, super::action::tile_of);
            self.seats[s as usize].bid = pao;
            log!(self, Event::Bid { seat: s, pao });
        }
        self.answers = [None; 4];
        self.answer_order.clear();
        self.deal_tiles();
    }

    fn all_answered(&self) -> bool {
        (0..4).all(|s| self.options[s].is_empty() || self.answers[s].is_some())
    }

    fn resolve_claims(&mut self) {
        let source = self.turn;
        let tile = self.claim_tile.unwrap_or(0);
        let robbing = self.phase == Phase::Rob;
        if !robbing && self.answer_order.is_empty() && self.options.iter().all(Vec::is_empty) {
            // Nobody was asked (most discards): the next seat draws.
            self.draw(self.next_in(source), false);
            return;
        }
        let offered_win: [bool; 4] = std::array::from_fn(|s| {
            self.options[s]
                .first()
                .is_some_and(|&c| Act::of(c) == Act::Win)
        });
        self.clear_options();
        let answers = std::mem::take(&mut self.answers);
        let mut order = [0u8; 4];
        let answered = self.answer_order.len();
        order[..answered].copy_from_slice(&self.answer_order);
        self.answer_order.clear();
        for s in 0..4 {
            let passed = offered_win[s] && answers[s].map(Act::of) != Some(Act::Win);
            if passed && self.turn_rules.pass_forfeits_discard_wins {
                self.seats[s].passed_win = true; // 过胡: from now on only by self-draw
            }
            if passed && (self.turn_rules.pass_blocks_tile || self.turn_rules.pass_blocks_all) {
                // 漏胡: not this kind until it draws (过胡 until it draws: no win on another
                // seat's tile at all, `pass_blocks_all`).
                self.seats[s].missed |= 1 << tile;
            }
        }
        let most = if self.turn_rules.several_winners {
            3
        } else {
            1
        };
        let mut winners = [0u8; 3];
        let mut won = 0;
        for s in (1..4u8).map(|i| (source + i) % 4) {
            if won < most && answers[s as usize].map(Act::of) == Some(Act::Win) {
                winners[won] = s;
                won += 1;
            }
        }
        let winners = &winners[..won];
        if !winners.is_empty() {
            let kind = if robbing {
                WinKind::RobbedKong
            } else {
                self.mark_claimed(source);
                WinKind::Discard
            };
            self.win(winners, tile, kind, Some(source), false);
            return;
        }
        if robbing {
            self.complete_added_kong(source, tile);
            return;
        }
        // Pong or kong before chow; among equals, the first to answer.
        let rank = |s: &u8| match answers[*s as usize].map(Act::of) {
            Some(Act::Pong | Act::Kong | Act::DiceKong) => 0,
            Some(Act::Chow) => 1,
            _ => 2,
        };
        match order[..answered].iter().min_by_key(|s| rank(s)) {
            Some(&s) if rank(&s) < 2 => {
                self.mark_claimed(source);
                self.take_claim(s, answers[s as usize].unwrap_or(0), source, tile);
            }
            _ => self.draw(self.next_in(source), false),
        }
    }

    /// Nobody robbed `seat`'s added kong of `tile`: the pong becomes a kong, and a
    /// replacement is drawn.
    fn complete_added_kong(&mut self, seat: u8, tile: u8) {
        let melds = &mut self.seats[seat as usize].melds;
        if let Some(m) = melds
            .iter_mut()
            .find(|m| m.kind == MeldKind::Pong && m.tile == tile)
        {
            m.kind = MeldKind::AddedKong;
        }
        self.kong_made(KongRecord {
            seat,
            kind: MeldKind::AddedKong,
            tile,
            feeder: None,
            feeder_declared: false,
            event: self.claim_event,
        });
        if self
            .dice
            .as_mut()
            .is_some_and(|d| std::mem::take(&mut d.pending_kong))
        {
            self.dice_draw(seat);
        } else {
            self.draw(seat, true);
        }
    }

    /// `source`'s last discard is taken (by a claim or a win). Precondition: it has one.
    fn mark_claimed(&mut self, source: u8) {
        let seat = &mut self.seats[source as usize];
        let last = seat.discards.len().saturating_sub(1);
        seat.claimed.push(u8::try_from(last).unwrap_or(u8::MAX));
    }

    /// `s` takes `source`'s discard `tile` with the pong, kong or chow `code`.
    fn take_claim(&mut self, s: u8, code: ActionCode, source: u8, tile: u8) {
        let seat = &mut self.seats[s as usize];
        match Act::of(code) {
            Act::Pong => {
                if seat.hand[tile as usize] == 3 {
                    seat.forfeited |= 1 << tile; // 过杠: chose pong over kong
                }
                seat.remove(tile, 2);
                seat.melds.push(MeldRecord {
                    kind: MeldKind::Pong,
                    tile,
                    source: Some(source),
                });
                log!(
                    self,
                    Event::Pong {
                        seat: s,
                        tile,
                        from: source,
                    }
                );
                self.phase = Phase::Turn;
                self.turn = s;
                self.drawn = None;
                self.turn_began = self.event_count - 1;
            }
            Act::Kong => {
                log!(
                    self,
                    Event::Kong {
                        seat: s,
                        tile,
                        from: source,
                    }
                );
                self.turn_began = self.event_count - 1;
                self.lay_kong(s, tile, Some(source));
                self.draw(s, true);
            }
            Act::DiceKong => {
                log!(
                    self,
                    Event::DiceKong {
                        seat: s,
                        tile,
                        from: Some(source),
                        concealed: false,
                    }
                );
                self.lay_kong(s, tile, Some(source));
                self.dice_draw(s);
            }
            Act::Chow => {
                let low = super::action::tile_of(code);
                for k in (low..low + 3).filter(|&k| k != tile) {
                    seat.remove(k, 1);
                }
                seat.melds.push(MeldRecord {
                    kind: MeldKind::Chow,
                    tile: low,
                    source: Some(source),
                });
                log!(
                    self,
                    Event::Chow {
                        seat: s,
                        tile: low,
                        from: source,
                        claimed: tile,
                    }
                );
                self.phase = Phase::Turn;
                self.turn = s;
                self.drawn = None;
            }
            _ => {}
        }
    }
}
