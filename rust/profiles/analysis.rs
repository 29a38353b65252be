//! One won hand on its own, as `koudiandian analyze` asks its profile about it: the
//! settlement of that win alone (its winner's kongs with it, nothing else that happened in
//! the hand), paid when made where the profile pays as played.

use super::options::Rules;
use super::profile::{HandSummary, PayContext, PayMoment, Profile};
use crate::error::{Error, Result};
use crate::hand::Hand;
use crate::outcome::{KongRecord, Outcome, Transfer, WinContext};

/// The seats of a won hand (each 0–3): the winner, the discarder of the winning tile (the
/// konger of a robbed kong; `None` on a self-draw) and whether it had declared, the dealer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinSeats {
    pub winner: u8,
    pub discarder: Option<u8>,
    pub discarder_declared: bool,
    pub dealer: u8,
}

impl WinSeats {
    /// # Errors
    /// `Error::Argument` for a seat outside 0–3, a discarder on a self-draw, none on a
    /// discard, or the winner as its own discarder.
    fn check(self, context: WinContext) -> Result<()> {
        let seats = [Some(self.winner), self.discarder, Some(self.dealer)];
        let problem = if let Some(s) = seats.into_iter().flatten().find(|&s| s > 3) {
            format!("invalid seat {s}; expected 0–3")
        } else if context.is_self_draw() && self.discarder.is_some() {
            "a self-draw has no discarder".to_owned()
        } else if !context.is_self_draw() && self.discarder.is_none() {
            "a win on a discard needs its discarder".to_owned()
        } else if self.discarder == Some(self.winner) {
            format!("seat {} cannot win on its own discard", self.winner)
        } else {
            return Ok(());
        };
        Err(Error::Argument(problem))
    }
}

/// Every transfer of a hand that ends with `hand` won with `tile` as `context` says (its
/// `dealer` is set from `seats`), as the rules' profile settles it. The winner's kongs
/// (among `hand`'s melds) are settled with it; a direct kong's feeder is not known, so it
/// has none. Nothing else happened in the hand: no other seat's kongs, no bids, no bird,
/// no opening wins. Under `TurnRules::pay_as_played` each kong and then the win are paid
/// as made (every seat still in, in the turn of the win), before the hand's settlement.
///
/// # Errors
/// `Error::NotWinning` if the hand does not win or its profile refuses the win (with the
/// refusal's words), `Error::Argument` for seats that do not fit (see [`WinSeats`]).
pub fn settle_win(
    rules: &Rules,
    hand: &Hand,
    tile: u8,
    context: WinContext,
    seats: WinSeats,
) -> Result<Vec<Transfer>> {
    seats.check(context)?;
    let profile = rules.profile();
    let context = context.by(context.flowers, seats.dealer == seats.winner);
    let score = profile.score(rules, hand, tile, context)?;
    if !score.allowed {
        let why = profile.refusal(rules, hand, tile, context, &score);
        return Err(Error::NotWinning(format!(
            "the win with {} is not allowed{}",
            crate::hand::name(tile),
            why.map_or_else(String::new, |w| format!(" ({w})"))
        )));
    }
    let outcome = Outcome {
        winner: seats.winner,
        tile,
        kind: context.kind,
        context,
        discarder: seats.discarder,
        discarder_declared: seats.discarder.is_some() && seats.discarder_declared,
        points: score.points,
        factor: score.factor,
        patterns: score.patterns,
        event: 0,
    };
    let kongs: Vec<KongRecord> = hand
        .melds
        .iter()
        .filter(|m| m.kind.is_kong())
        .map(|m| KongRecord {
            seat: seats.winner,
            kind: m.kind,
            tile: m.tile,
            feeder: None,
            feeder_declared: false,
            event: 0,
        })
        .collect();
    let mut transfers = if profile.turn_rules(rules).pay_as_played {
        paid_as_made(profile, rules, seats.dealer, &outcome, &kongs)
    } else {
        Vec::new()
    };
    let outcomes = [outcome];
    let summary = HandSummary {
        ledger: &transfers,
        ..HandSummary::of_wins(seats.dealer, &outcomes, &kongs)
    };
    let settled = profile.settle(rules, &summary);
    transfers.extend(settled);
    for t in &mut transfers {
        t.event = None; // a win on its own has no log
    }
    Ok(transfers)
}

/// The payments of each of `kongs` and then of the win `outcome` when each is made, every
/// seat in, as the profile's `pay` makes them (its ledger so far given to each).
fn paid_as_made(
    profile: &dyn Profile,
    rules: &Rules,
    dealer: u8,
    outcome: &Outcome,
    kongs: &[KongRecord],
) -> Vec<Transfer> {
    let mut ledger = Vec::new();
    let moments = kongs
        .iter()
        .map(PayMoment::Kong)
        .chain([PayMoment::Wins(std::slice::from_ref(outcome))]);
    for (made, moment) in moments.enumerate() {
        let at = PayContext {
            moment,
            dealer,
            in_hand: [true; 4],
            ledger: &ledger,
            kongs: &kongs[..(made + 1).min(kongs.len())],
            turn_began: 0,
        };
        let paid = profile.pay(rules, &at);
        ledger.extend(paid);
    }
    ledger
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::{Meld, MeldKind, Size};
    use crate::outcome::{deltas_of, WinKind};
    use crate::tiles::parse;

    /// A self-draw, or a win on a discard.
    const fn context_of(self_draw: bool) -> WinContext {
        if self_draw {
            WinContext::self_draw(false, false)
        } else {
            WinContext::of(WinKind::Discard)
        }
    }

    fn rules(text: &str) -> Rules {
        Rules::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    /// Settle `tiles` (the winning tile among them) with `melds`, won with `tile`: a
    /// self-draw by seat 0 without `discarder`, else on its discard.
    fn settle(
        text: &str,
        tiles: &str,
        melds: &[Meld],
        tile: &str,
        discarder: Option<(u8, bool)>,
        dealer: u8,
    ) -> Result<Vec<Transfer>> {
        let r = rules(text);
        let hand = Hand::new(
            &parse(tiles).unwrap(),
            melds,
            &[],
            r.eval().honors(),
            Size::Complete,
        )
        .unwrap();
        let seats = WinSeats {
            winner: 0,
            discarder: discarder.map(|d| d.0),
            discarder_declared: discarder.is_some_and(|d| d.1),
            dealer,
        };
        let context = context_of(discarder.is_none());
        settle_win(&r, &hand, parse(tile).unwrap()[0], context, seats)
    }

    const KONG_7Z: Meld = Meld {
        kind: MeldKind::ConcealedKong,
        tile: 33,
    };

    #[test]
    fn each_profile_settles_the_win_and_its_kongs() {
        // (rules, tiles, melds, discarder and whether it had declared, dealer, each seat's
        // change); seat 0 wins with 6m.
        let (kong, plain) = ("123m456p11z456m", "123m456p789s11z456m");
        let k = &[KONG_7Z];
        let cases: &[(&str, &str, &[Meld], Option<(u8, bool)>, u8, [i32; 4])] = &[
            // docs/rules.md §5: 2p from each, 20 each for the 暗杠 of 7z.
            ("", kong, k, None, 2, [3 * 12 + 60, -32, -32, -32]),
            // 点炮包胡 and, under 点炮包杠, the kong's shares too: 3 × 6 + 3 × 20; the
            // dealer's share 5 more.
            ("taiyuan", kong, k, Some((1, false)), 2, [78 + 5, -83, 0, 0]),
            // 三家均摊.
            (
                "taiyuan",
                kong,
                k,
                Some((1, true)),
                2,
                [18 + 60 + 5, -26, -31, -26],
            ),
            // The winner deals: every share 5 more (10 on a self-draw).
            (
                "taiyuan",
                plain,
                &[],
                Some((1, true)),
                0,
                [33, -11, -11, -11],
            ),
            ("taiyuan", plain, &[], None, 0, [66, -22, -22, -22]),
        ];
        for &(text, tiles, melds, discarder, dealer, deltas) in cases {
            let t = settle(text, tiles, melds, "6m", discarder, dealer).unwrap();
            let case = format!("{text:?} {tiles} {melds:?} {discarder:?} dealer {dealer}");
            assert_eq!(deltas_of(&t), deltas, "{case}: {t:?}");
        }
        // queyimen (docs/rules.md §9): the discarder alone pays the fan.
        let q = settle(
            "queyimen",
            "11223344556677m",
            &[],
            "7m",
            Some((2, false)),
            1,
        );
        assert_eq!(q.unwrap(), [Transfer::new(2, 0, 6, "win", None)]);
    }

    #[test]
    fn a_profile_that_pays_as_played_pays_the_kongs_then_the_win() {
        // sichuan: the concealed kong of 3s, 2 from each; then 平胡 + 根 (1 fan, 2) by
        // self-draw, value + 1 from each (自摸加底).
        let kong = &[Meld {
            kind: MeldKind::ConcealedKong,
            tile: 20,
        }];
        let t = settle("sichuan", "123m456m789m11s", kong, "1s", None, 1).unwrap();
        let reasons: Vec<_> = t.iter().map(|t| t.reason).collect();
        assert_eq!(
            reasons,
            ["concealed_kong"; 3]
                .into_iter()
                .chain(["win"; 3])
                .collect::<Vec<_>>()
        );
        assert_eq!(deltas_of(&t), [15, -5, -5, -5], "{t:?}");
        // On seat 2's discard: the win from the discarder alone.
        let t = settle(
            "sichuan",
            "123m456m789m11s",
            kong,
            "1s",
            Some((2, false)),
            1,
        )
        .unwrap();
        assert_eq!(deltas_of(&t), [6 + 2, -2, -4, -2], "{t:?}");
    }

    #[test]
    fn a_refused_win_and_seats_that_do_not_fit_are_errors() {
        let hand = "123m456p789s11z345m";
        let e = settle("", hand, &[], "5m", Some((1, true)), 0).unwrap_err();
        let why = "the win with 5m is not allowed (a win on a discard needs 6 points or more)";
        assert_eq!(e, Error::NotWinning(why.to_owned()));
        let e = settle("draw5_win6", "123m456p789s11z234m", &[], "4m", None, 0).unwrap_err();
        assert!(
            e.message()
                .ends_with("(a self-draw needs 5 points or more)"),
            "{e}"
        );
        // (discarder, dealer, the complaint)
        let cases: &[(Option<(u8, bool)>, u8, &str)] = &[
            (Some((4, false)), 0, "invalid seat 4; expected 0–3"),
            (None, 7, "invalid seat 7; expected 0–3"),
            (Some((0, false)), 0, "seat 0 cannot win on its own discard"),
        ];
        for &(discarder, dealer, complaint) in cases {
            let e = settle("", "123m456p789s11z678m", &[], "6m", discarder, dealer).unwrap_err();
            assert_eq!(
                e,
                Error::Argument(complaint.to_owned()),
                "{discarder:?} {dealer}"
            );
        }
        let r = rules("");
        let h = Hand::new(
            &parse("123m456p789s11z678m").unwrap(),
            &[],
            &[],
            true,
            Size::Complete,
        )
        .unwrap();
        let seats = WinSeats {
            winner: 0,
            discarder: None,
            discarder_declared: false,
            dealer: 0,
        };
        let e = settle_win(&r, &h, 5, context_of(false), seats).unwrap_err();
        assert_eq!(e.message(), "a win on a discard needs its discarder");
        let seats = WinSeats {
            discarder: Some(1),
            ..seats
        };
        let e = settle_win(&r, &h, 5, context_of(true), seats).unwrap_err();
        assert_eq!(e.message(), "a self-draw has no discarder");
    }
}
