//! The guobiao profile's table: its options and wall, the switches it turns on, the
//! payments, the deal passing every hand and the winds of a 16-hand match.

use super::*;
use crate::hand::MeldKind;
use crate::outcome::{Outcome, WinContext, WinKind};
use crate::profiles::HandSummary;
use crate::tiles::ALL_KINDS;

fn rules(text: &str) -> Rules {
    Rules::parse(text).expect("valid rules")
}

#[test]
fn the_preset_plays_144_tiles_and_flowers_off_136() {
    let on = rules("guobiao");
    assert_eq!(on.profile().name(), "guobiao");
    let w = Guobiao.wall(&on);
    assert!(w.flowers && w.kinds == ALL_KINDS && w.wildcards == 0 && !w.indicator);
    let off = rules("guobiao,flowers=false");
    assert!(!Guobiao.wall(&off).flowers);
}

#[test]
fn the_switches_are_the_contracts() {
    let t = Guobiao.turn_rules(&rules("guobiao"));
    // (switch, on?)
    let cases = [
        ("chow", t.chow, true),
        ("rob_added_kong", t.rob_added_kong, true),
        ("last_tile_closes", t.last_tile_closes, true),
        ("discard_wins_scored", t.discard_wins_scored, true),
        ("several_winners (截和: one)", t.several_winners, false),
        (
            "pass_forfeits_discard_wins (no furiten)",
            t.pass_forfeits_discard_wins,
            false,
        ),
        ("pass_blocks_tile (no furiten)", t.pass_blocks_tile, false),
        ("declare_to_win", t.declare_to_win, false),
        ("must_win", t.must_win, false),
        ("haidi offers", t.haidi, false),
        ("bids", t.bids, false),
        ("bird", t.bird, false),
    ];
    for (name, got, want) in cases {
        assert_eq!(got, want, "{name}");
    }
}

fn outcome(winner: u8, kind: WinKind, discarder: Option<u8>, fans: u32) -> Outcome {
    Outcome {
        winner,
        tile: 0,
        kind,
        context: WinContext::of(kind),
        discarder,
        discarder_declared: false,
        points: 8,
        factor: fans,
        patterns: 0,
        event: 0,
    }
}

#[test]
fn payments_are_eight_and_the_fans() {
    let r = rules("guobiao");
    // (win, deltas)
    let cases = [
        (outcome(1, WinKind::SelfDraw, None, 10), [-18, 54, -18, -18]),
        (outcome(2, WinKind::Discard, Some(0), 8), [-16, -8, 32, -8]),
        (
            outcome(0, WinKind::RobbedKong, Some(3), 12),
            [8 + 8 + 20, -8, -8, -20],
        ),
    ];
    let kongs = [crate::outcome::KongRecord {
        seat: 3,
        kind: MeldKind::ConcealedKong,
        tile: 5,
        feeder: None,
        feeder_declared: false,
        event: 0,
    }];
    for (o, want) in cases {
        let won = [o];
        let summary = HandSummary::of_wins(0, &won, &kongs);
        let got = crate::outcome::deltas_of(&Guobiao.settle(&r, &summary));
        assert_eq!(got, want, "{o:?}");
    }
    let drawn = HandSummary::of_wins(0, &[], &kongs);
    assert!(Guobiao.settle(&r, &drawn).is_empty(), "no kong payments");
}

#[test]
fn the_deal_passes_every_hand_and_the_wind_every_four() {
    let r = rules("guobiao");
    for dealer in 0..4u8 {
        for winner in [None, Some(dealer), Some((dealer + 2) % 4)] {
            let result = HandResult {
                dealer,
                winner,
                win_kind: None,
                discarder: None,
                win_tile: None,
                points: 0,
                factor: 1,
                patterns: Vec::new(),
                transfers: Vec::new(),
                deltas: [0; 4],
                kongs_made: false,
                declared: [false; 4],
                winners: winner.into_iter().collect(),
                score_items: Vec::new(),
                wins: Vec::new(),
                flowers: Default::default(),
                opening_wins: Default::default(),
                bird: None,
                haidi: None,
                end: crate::outcome::HandEnd::Win,
                left: [None; 4],
                verdict: None,
            };
            assert_eq!(Guobiao.next_dealer(&r, &result, false), (dealer + 1) % 4);
        }
    }
    let winds: Vec<u8> = (0..16).map(|h| Guobiao.prevalent_wind(&r, h)).collect();
    assert_eq!(winds, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
    assert_eq!(Guobiao.match_hands(&r), Some(16));
    assert!(!Guobiao.random_first_dealer(&r));
}
