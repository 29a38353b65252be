//! The end of a hand: a win or a drawn wall, then the profile's settlement and the
//! `end_hand` event that reveals every seat's tiles.

use super::event::{EndHand, Event};
use super::state::{GameCore, Phase};
use crate::outcome::melds_of;
use crate::outcome::pattern_names;
use crate::outcome::{
    deltas_of, Bird, HandResult, Outcome, ScoreItem, Transfer, WinKind, WinSummary,
};
use crate::profiles::HandSummary;
use crate::tiles::KINDS;

impl GameCore {
    /// `winners` win with `tile` (several only on a discard, in order from the discarder);
    /// each is scored, then the hand is settled.
    pub(crate) fn win(
        &mut self,
        winners: &[u8],
        tile: u8,
        kind: WinKind,
        source: Option<u8>,
        auto: bool,
    ) {
        let mut outcomes = Vec::with_capacity(winners.len());
        let mut items = Vec::with_capacity(winners.len());
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
            items.push(win_items);
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
            outcomes.push(Outcome {
                winner: seat,
                tile,
                kind,
                context,
                discarder: source,
                discarder_declared: source.is_some() && self.claim_declared,
                points,
                factor,
                patterns,
            });
        }
        self.finish(outcomes, items);
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

    /// End the hand with `outcomes` (none: drawn) and each win's score items.
    pub(crate) fn finish(&mut self, outcomes: Vec<Outcome>, score_items: Vec<Vec<ScoreItem>>) {
        self.outcomes = outcomes;
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
        let result = self.settle(score_items);
        if self.logging {
            let end = EndHand {
                result: result.clone(),
                hands: std::array::from_fn(|s| {
                    let hand = &self.seats[s].hand;
                    (0..KINDS as u8)
                        .flat_map(|k| std::iter::repeat_n(k, hand[k as usize] as usize))
                        .collect()
                }),
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
        self.result = Some(result);
    }

    /// The profile's transfers for the finished hand, with `bird` as its bird.
    fn transfers(&self, bird: Option<Bird>) -> Vec<Transfer> {
        self.rules.profile().settle(
            &self.rules,
            &HandSummary {
                dealer: self.dealer,
                outcomes: &self.outcomes,
                kongs: &self.kongs,
                bids: std::array::from_fn(|s| self.seats[s].bid),
                bird,
                opening: std::array::from_fn(|s| self.declared_openings(s).len() as u8),
            },
        )
    }

    /// What the bird (扎鸟) changed in the settlement: each transfer of the result whose
    /// amount differs from the same transfer of the profile's settlement of this hand
    /// without a bird, as `(its index in the result's transfers, its amount without the
    /// bird)`. Empty while the hand goes on, in a hand without a bird, and when the bird
    /// changed nothing. The two settlements are compared transfer by transfer: a profile's
    /// bird changes amounts, never which transfers there are.
    #[must_use]
    pub fn bird_changes(&self) -> Vec<(usize, i32)> {
        let (Some(result), Some(_)) = (&self.result, self.bird()) else {
            return Vec::new();
        };
        let without = self.transfers(None);
        result
            .transfers
            .iter()
            .zip(&without)
            .enumerate()
            .filter(|(_, (with, without))| with.amount != without.amount)
            .map(|(i, (_, without))| (i, without.amount))
            .collect()
    }

    /// The profile's settlement of the finished hand.
    fn settle(&self, mut score_items: Vec<Vec<ScoreItem>>) -> HandResult {
        let transfers = self.transfers(self.bird());
        let wins = self
            .outcomes
            .iter()
            .zip(&score_items)
            .map(|(o, items)| WinSummary {
                seat: o.winner,
                kind: o.kind,
                tile: o.tile,
                points: u32::from(o.points),
                factor: o.factor,
                score_items: items.clone(),
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
            score_items: if score_items.is_empty() {
                Vec::new()
            } else {
                score_items.swap_remove(0)
            },
            wins,
            flowers: std::array::from_fn(|s| self.seats[s].flowers.clone()),
            opening_wins: std::array::from_fn(|s| self.declared_openings(s).to_vec()),
            bird: self.bird(),
            haidi: self.haidi_outcome(),
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
