//! The end of a hand: a win or a drawn wall, then the profile's settlement and the
//! `end_hand` event that reveals every seat's tiles.

use super::event::{EndHand, Event};
use super::result::{deltas_of, HandResult, Outcome, ScoreItem, WinContext, WinKind, WinSummary};
use super::state::{GameCore, Phase};
use super::turn::melds_of;
use crate::profiles::HandSummary;
use crate::score::PATTERNS;
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
                self.context_of(seat, WinContext::of(kind))
            };
            let mut counts = self.seats[s].hand;
            if !self_draw {
                counts[tile as usize] += 1;
            }
            let h = self.hand_of(&counts, &melds_of(&self.seats[s].melds));
            let profile = self.rules.profile();
            let score = profile.score(&self.rules, &h, tile, context).ok();
            let (points, factor, patterns) =
                score.map_or((0, 1, 0), |w| (w.points, w.factor, w.patterns));
            items.push(score.map_or_else(Vec::new, |w| {
                profile.score_items(&self.rules, &h, tile, &w, context)
            }));
            self.seats[s].hand = counts;
            self.events.push(Event::Win {
                seat,
                tile,
                kind,
                from: source,
                auto,
            });
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

    /// End the hand with `outcomes` (none: drawn) and each win's score items.
    pub(crate) fn finish(&mut self, outcomes: Vec<Outcome>, score_items: Vec<Vec<ScoreItem>>) {
        self.outcomes = outcomes;
        self.phase = Phase::Over;
        self.options = Default::default();
        self.answers = [None; 4];
        self.answer_order.clear();
        let result = self.settle(score_items);
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
        self.result = Some(result);
        self.events.push(Event::EndHand(Box::new(end)));
    }

    /// The profile's settlement of the finished hand.
    fn settle(&self, mut score_items: Vec<Vec<ScoreItem>>) -> HandResult {
        let profile = self.rules.profile();
        let transfers = profile.settle(
            &self.rules,
            &HandSummary {
                dealer: self.dealer,
                outcomes: &self.outcomes,
                kongs: &self.kongs,
                bids: std::array::from_fn(|s| self.seats[s].bid),
            },
        );
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
            patterns: o.map_or_else(Vec::new, |o| {
                PATTERNS
                    .iter()
                    .enumerate()
                    .filter(|&(bit, _)| o.patterns >> bit & 1 == 1)
                    .map(|(_, p)| p.name)
                    .collect()
            }),
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
        }
    }
}
