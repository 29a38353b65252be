//! The end of a hand: a win or a drawn wall, then the profile's settlement and the
//! `end_hand` event that reveals every seat's tiles. Where the profile plays on after a win
//! (`TurnRules::wins_to_end` above 1), a winner leaves the hand instead and the others play
//! on; where it pays as played (`TurnRules::pay_as_played`), each win and kong is paid at
//! once, into the hand's ledger. (A judge's verdict against a seat ends a hand too, where
//! the rules score one: `verdict.rs`.)

use super::event::{EndHand, Event};
use super::state::{GameCore, Phase};
use crate::outcome::melds_of;
use crate::outcome::pattern_names;
use crate::outcome::{
    deltas_of, Bird, HandEnd, HandResult, Outcome, Transfer, WinKind, WinSummary,
};
use crate::profiles::{HandSummary, PayContext, PayMoment};
use crate::tiles::kinds_of;

impl GameCore {
    /// `winners` win with `tile` (several only on a discard, in order from the discarder);
    /// each is scored. Then the hand is settled, or, while fewer seats have won than the
    /// profile plays to, the winners leave and the next seat still in draws.
    pub(crate) fn win(
        &mut self,
        winners: &[u8],
        tile: u8,
        kind: WinKind,
        source: Option<u8>,
        auto: bool,
    ) {
        let first = self.outcomes.len();
        for &seat in winners {
            let s = seat as usize;
            let self_draw = kind == WinKind::SelfDraw;
            let context = if self_draw {
                self.self_draw_context()
            } else {
                self.claim_context(seat, tile, kind == WinKind::RobbedKong, true)
            };
            if !self_draw {
                self.seats[s].add(tile, 1);
            }
            let h = self.hand_of(&self.seats[s].hand, &melds_of(&self.seats[s].melds));
            let profile = self.rules.profile();
            let (score, win_items) = profile
                .score_with_items(&self.rules, &h, tile, context)
                .map_or((None, Vec::new()), |(w, i)| (Some(w), i));
            let (points, factor, patterns) =
                score.map_or((0, 1, 0), |w| (w.points, w.factor, w.patterns));
            self.items.push(win_items);
            log!(
                self,
                Event::Win {
                    seat,
                    tile,
                    kind,
                    from: source,
                    auto,
                }
            );
            self.outcomes.push(Outcome {
                winner: seat,
                tile,
                kind,
                context,
                discarder: source,
                discarder_declared: source.is_some() && self.claim_declared,
                points,
                factor,
                patterns,
                event: self.event_count - 1,
            });
        }
        let in_hand = self.seats_in();
        self.won += winners.len() as u8;
        let still_in = in_hand.iter().filter(|&&i| i).count() - winners.len();
        let ends = self.won >= self.turn_rules.wins_to_end() || still_in < 2;
        if !ends {
            for i in first..self.outcomes.len() {
                let Outcome {
                    winner: seat,
                    event,
                    ..
                } = self.outcomes[i];
                self.seats[seat as usize].left = Some(event);
                log!(
                    self,
                    Event::Leave {
                        seat,
                        hand: kinds_of(&self.seats[seat as usize].hand),
                    }
                );
            }
        }
        if self.turn_rules.pay_as_played {
            let moment: Vec<Outcome> = self.outcomes[first..].to_vec();
            self.pay_now(PayMoment::Wins(&moment), moment[0].event, in_hand);
        }
        if ends {
            self.finish(HandEnd::Win);
            return;
        }
        // Play goes on: after a self-draw, from the winner; after a win on a discard or a
        // robbed kong, from the winner farthest from the discarder.
        let last = winners[winners.len() - 1];
        self.clear_options();
        self.answers = [None; 4];
        self.answer_order.clear();
        if let Some(d) = &mut self.dice {
            d.pending_kong = false;
        }
        self.draw(self.next_in(last), false);
    }

    /// Which seats are still in the hand.
    pub(crate) fn seats_in(&self) -> [bool; 4] {
        std::array::from_fn(|s| self.seats[s].in_hand())
    }

    /// Pay what the profile says is due at `moment` (the event at index `event`), the seats
    /// `in_hand` still in: into the ledger, and logged.
    pub(crate) fn pay_now(&mut self, moment: PayMoment<'_>, event: u32, in_hand: [bool; 4]) {
        let mut paid = self.rules.profile().pay(
            &self.rules,
            &PayContext {
                moment,
                dealer: self.dealer,
                in_hand,
                ledger: &self.ledger,
                kongs: &self.kongs,
                turn_began: self.turn_began,
            },
        );
        if paid.is_empty() {
            return;
        }
        for t in &mut paid {
            t.event.get_or_insert(event);
        }
        log!(
            self,
            Event::Pay {
                transfers: paid.clone()
            }
        );
        self.ledger.extend(paid);
    }

    /// The bird (扎鸟) after a win, in profiles that turn one: the 海底 itself after a 海底
    /// win, else the next tile of the wall (none if the wall is empty). Its rank counts the
    /// seats from the dealer.
    fn turn_bird(&mut self) {
        let Some(o) = self.outcomes.first() else {
            return;
        };
        let haidi_win = (o.context.is_self_draw() && o.context.last_tile)
            || o.context.has(crate::outcome::special::LAST_DISCARD);
        let tile = if haidi_win {
            Some(o.tile)
        } else if self.wall.remaining() > 0 {
            if let Some(b) = &mut self.bird {
                b.from_wall = true;
            }
            Some(self.wall.take(false))
        } else {
            None
        };
        if let Some(tile) = tile {
            let seat = (self.dealer + tile % 9) % 4;
            if let Some(b) = &mut self.bird {
                b.bird = Some(Bird { tile, seat });
            }
            log!(self, Event::Bird { tile, seat });
        }
    }

    /// End the hand as `end` says, with the wins made (none: drawn).
    pub(crate) fn finish(&mut self, end: HandEnd) {
        if let Some(d) = &mut self.dice {
            d.pending_kong = false;
        }
        if self.bird.is_some() {
            self.turn_bird();
        }
        self.phase = Phase::Over;
        self.clear_options();
        self.answers = [None; 4];
        self.answer_order.clear();
        let result = self.settle(end);
        if self.logging {
            let end = EndHand {
                result: result.clone(),
                hands: std::array::from_fn(|s| kinds_of(&self.seats[s].hand)),
                melds: std::array::from_fn(|s| {
                    self.seats[s]
                        .melds
                        .iter()
                        .map(|m| (m.kind as u8, m.tile, m.source))
                        .collect()
                }),
                discards: std::array::from_fn(|s| {
                    self.seats[s].discards.iter().map(|&(t, _)| t).collect()
                }),
            };
            self.events.push(Event::EndHand(Box::new(end)));
        }
        self.event_count += 1;
        self.result = Some(result);
    }

    /// The profile's transfers at the end of the hand, with `bird` as its bird; one left
    /// without an event belongs to the `end_hand` event (the next).
    fn transfers(&self, bird: Option<Bird>, end: HandEnd) -> Vec<Transfer> {
        if end == HandEnd::Verdict {
            return self.verdict_transfers();
        }
        let mut out = self.rules.profile().settle(
            &self.rules,
            &HandSummary {
                dealer: self.dealer,
                outcomes: &self.outcomes,
                kongs: &self.kongs,
                bids: std::array::from_fn(|s| self.seats[s].bid),
                bird,
                opening: std::array::from_fn(|s| self.declared_openings(s).len() as u8),
                ledger: &self.ledger,
                in_hand: self.seats_in(),
                end,
                voids: self.voids(),
                hands: std::array::from_fn(|s| &self.seats[s].hand),
                melds: std::array::from_fn(|s| self.seats[s].melds.as_slice()),
            },
        );
        let end_event = self.event_count;
        for t in &mut out {
            t.event.get_or_insert(end_event);
        }
        out
    }

    /// What the bird (扎鸟) changed in the settlement: each transfer of the result whose
    /// amount differs from the same transfer of the profile's settlement of this hand
    /// without a bird, as `(its index in the result's transfers, its amount without the
    /// bird)`. Empty while the hand goes on, in a hand without a bird, and when the bird
    /// changed nothing. The two settlements are compared transfer by transfer: a profile's
    /// bird changes amounts, never which transfers there are (and a profile with a bird
    /// pays nothing during the hand).
    #[must_use]
    pub fn bird_changes(&self) -> Vec<(usize, i32)> {
        let (Some(result), Some(_)) = (&self.result, self.bird()) else {
            return Vec::new();
        };
        let without = self.transfers(None, result.end);
        result
            .transfers
            .iter()
            .zip(&without)
            .enumerate()
            .filter(|(_, (with, without))| with.amount != without.amount)
            .map(|(i, (_, without))| (i, without.amount))
            .collect()
    }

    /// The profile's settlement of the finished hand: the ledger of the payments made
    /// during it, then the end's.
    fn settle(&self, end: HandEnd) -> HandResult {
        let mut transfers = self.transfers(self.bird(), end);
        if !self.ledger.is_empty() {
            transfers.splice(0..0, self.ledger.iter().copied());
        }
        let profile = self.rules.profile();
        let wins = self
            .outcomes
            .iter()
            .zip(&self.items)
            .map(|(o, items)| WinSummary {
                seat: o.winner,
                kind: o.kind,
                tile: o.tile,
                points: u32::from(o.points),
                factor: o.factor,
                score_items: items.clone(),
                discarder: o.discarder,
                event: o.event,
                value: profile.win_value(&self.rules, o),
            })
            .collect();
        let o = self.outcomes.first().copied();
        HandResult {
            dealer: self.dealer,
            winner: o.map(|o| o.winner),
            win_kind: o.map(|o| o.kind),
            discarder: o.and_then(|o| o.discarder),
            win_tile: o.map(|o| o.tile),
            points: o.map_or(0, |o| u32::from(o.points)),
            factor: o.map_or(1, |o| o.factor),
            patterns: o.map_or_else(Vec::new, |o| pattern_names(o.patterns)),
            deltas: deltas_of(&transfers),
            transfers,
            kongs_made: !self.kongs.is_empty(),
            declared: self.declared(),
            winners: self.outcomes.iter().map(|o| o.winner).collect(),
            score_items: self.items.first().cloned().unwrap_or_default(),
            wins,
            flowers: std::array::from_fn(|s| self.seats[s].flowers.clone()),
            opening_wins: std::array::from_fn(|s| self.declared_openings(s).to_vec()),
            bird: self.bird(),
            haidi: self.haidi_outcome(),
            end,
            left: self.left(),
            verdict: self.verdict.map(|(seat, verdict, _)| (seat, verdict)),
        }
    }

    /// The opening small wins seat `s` declared.
    fn declared_openings(&self, s: usize) -> &[&'static str] {
        let seat = &self.seats[s];
        if seat.opening_declared {
            &seat.opening
        } else {
            &[]
        }
    }
}
