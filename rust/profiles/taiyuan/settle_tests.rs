//! The settlement of `profiles/taiyuan/mod.rs` (docs/rules.md §5): a win's shares and the
//! dealer bonus, the kongs and their options, a drawn hand; and the dealer rotation (§7).

use super::tests::{kinds, rules};
use super::*;
use crate::outcome::{deltas_of, pattern, KongRecord, Outcome};

/// A win by `winner` of `kind` worth `points` × `factor`; `discarder` and whether it
/// had declared for a win on a discard.
fn win(
    winner: u8,
    kind: WinKind,
    discarder: Option<(u8, bool)>,
    points: u8,
    factor: u32,
) -> Outcome {
    Outcome {
        winner,
        tile: 0,
        kind,
        context: WinContext::of(kind),
        discarder: discarder.map(|d| d.0),
        discarder_declared: discarder.is_some_and(|d| d.1),
        points,
        factor,
        patterns: pattern::PLAIN,
        event: 0,
    }
}

fn self_draw(winner: u8, points: u8, factor: u32) -> Outcome {
    win(winner, WinKind::SelfDraw, None, points, factor)
}

fn on_discard(winner: u8, discarder: u8, declared: bool, points: u8) -> Outcome {
    win(
        winner,
        WinKind::Discard,
        Some((discarder, declared)),
        points,
        1,
    )
}

/// The transfers of a hand dealt by `dealer`, won as `won` says (none: drawn).
fn settle(text: &str, dealer: u8, won: Option<Outcome>, kongs: &[KongRecord]) -> Vec<Transfer> {
    let outcomes: Vec<Outcome> = won.into_iter().collect();
    let summary = HandSummary::of_wins(dealer, &outcomes, kongs);
    Taiyuan.settle(&rules(text), &summary)
}

#[test]
fn settle_win_shares_and_dealer_bonus() {
    let bonus = "dealer_bonus";
    let double = "dealer_bonus,dealer_selfdraw_double";
    // (rules, dealer, the win, each seat's score change)
    let cases: &[(&str, u8, Outcome, [i32; 4])] = &[
        // RULES §5.1: a self-draw, 2p from each of the three.
        ("", 0, self_draw(1, 6, 1), [-12, 36, -12, -12]),
        // RULES §5.1: 点炮包胡, the undeclared discarder pays 3p.
        ("", 0, on_discard(1, 2, false, 6), [0, 18, -18, 0]),
        // RULES §5.1: 三家均摊, the discarder had declared: p each.
        ("", 0, on_discard(1, 2, true, 6), [-6, 18, -6, -6]),
        // A robbed kong is a discard by the konger.
        (
            "",
            0,
            win(3, WinKind::RobbedKong, Some((1, false)), 9, 1),
            [0, -27, 0, 27],
        ),
        // The factor multiplies the share: 7 × 4, 包胡.
        (
            "",
            0,
            win(1, WinKind::Discard, Some((0, false)), 7, 4),
            [-84, 84, 0, 0],
        ),
        // RULES §5.3: the dealer wins, every share 5 more.
        (bonus, 0, self_draw(0, 6, 1), [51, -17, -17, -17]),
        // RULES §5.3: another seat wins, only the dealer's share is.
        (bonus, 0, self_draw(1, 6, 1), [-17, 41, -12, -12]),
        // RULES §5.3: a non-dealer feeds the dealer, 3p + 15.
        (bonus, 0, on_discard(0, 2, false, 6), [33, 0, -33, 0]),
        // RULES §5.3: the dealer feeds another seat, 3p + 5.
        (bonus, 0, on_discard(1, 0, false, 6), [-23, 23, 0, 0]),
        // A non-dealer feeds a non-dealer: the dealer's share with its 5, paid by it.
        (bonus, 0, on_discard(1, 2, false, 6), [0, 23, -23, 0]),
        // docs/rules.md §5.4: the factor is not applied to the bonus (5 × 2 × 2 + 5).
        (bonus, 3, self_draw(3, 5, 2), [-25, -25, -25, 75]),
        // RULES §5.3: 自摸庄分翻倍, 10 on a self-draw ...
        (double, 0, self_draw(0, 6, 1), [66, -22, -22, -22]),
        (double, 0, self_draw(1, 6, 1), [-22, 46, -12, -12]),
        // ... and 5 on a discard.
        (double, 0, on_discard(1, 2, true, 6), [-11, 23, -6, -6]),
    ];
    for &(text, dealer, won, deltas) in cases {
        let transfers = settle(text, dealer, Some(won), &[]);
        assert_eq!(
            deltas_of(&transfers),
            deltas,
            "{text:?}, dealer {dealer}, {won:?}"
        );
    }
}

/// A kong of `seat`; `feeder` and whether it had declared, for a direct kong.
fn kong(seat: u8, kind: MeldKind, tile: &str, feeder: Option<(u8, bool)>) -> KongRecord {
    KongRecord {
        seat,
        kind,
        tile: kinds(tile)[0],
        feeder: feeder.map(|f| f.0),
        feeder_declared: feeder.is_some_and(|f| f.1),
        event: 0,
    }
}

fn concealed(seat: u8, tile: &str) -> KongRecord {
    kong(seat, MeldKind::ConcealedKong, tile, None)
}

fn direct(seat: u8, tile: &str, feeder: u8, declared: bool) -> KongRecord {
    kong(seat, MeldKind::Kong, tile, Some((feeder, declared)))
}

/// Settle each win with one kong under `text` (dealer 0), and check what the kongs pay
/// (each seat's score change from the kong transfers).
fn check_kongs(text: &str, cases: &[(Outcome, KongRecord, [i32; 4])]) {
    for &(won, k, deltas) in cases {
        let transfers = settle(text, 0, Some(won), &[k]);
        let kongs: Vec<Transfer> = transfers
            .into_iter()
            .filter(|t| t.reason.ends_with("kong"))
            .collect();
        assert_eq!(deltas_of(&kongs), deltas, "{text:?}, {won:?}, {k:?}");
    }
}

#[test]
fn settle_kongs_and_their_options() {
    let tsumo = self_draw(1, 6, 1);
    let (fed, fed_declared) = (on_discard(1, 2, false, 6), on_discard(1, 2, true, 6));
    // (the win, the kong, each seat's score change from kongs)
    check_kongs(
        "",
        &[
            // RULES §5.2: 暗杠 2p, 明杠 and 点杠 p, from each other seat.
            (tsumo, concealed(1, "5m"), [-10, 30, -10, -10]),
            (
                tsumo,
                kong(2, MeldKind::AddedKong, "9p", None),
                [-9, -9, 27, -9],
            ),
            (tsumo, direct(1, "1z", 3, false), [-10, 30, -10, -10]),
            (fed, concealed(1, "5m"), [-10, 30, -10, -10]),
        ],
    );
    // RULES §5.2 点杠包杠: the undeclared feeder pays 3p, whoever made the kong, but
    // not a declared one.
    check_kongs(
        "feeder_pays_kong",
        &[
            (tsumo, direct(1, "1z", 3, false), [0, 30, 0, -30]),
            (tsumo, direct(2, "9s", 0, false), [-27, 0, 27, 0]),
            (tsumo, direct(1, "1z", 3, true), [-10, 30, -10, -10]),
        ],
    );
    // RULES §5.2 点炮包杠: the undeclared discarder also pays the winner's kongs; not
    // when it had declared, nor on a self-draw, nor another seat's kongs.
    check_kongs(
        "feeder_pays_all",
        &[
            (fed, concealed(1, "5m"), [0, 30, -30, 0]),
            (fed, direct(1, "1z", 0, false), [0, 30, -30, 0]),
            (fed_declared, concealed(1, "5m"), [-10, 30, -10, -10]),
            (tsumo, concealed(1, "5m"), [-10, 30, -10, -10]),
            (fed, concealed(3, "5m"), [-10, -10, -10, 30]),
        ],
    );
    // docs/rules.md §5.4: with both, the undeclared feeder's kong stays its bill; a
    // declared feeder's shares go to the undeclared discarder.
    check_kongs(
        "feeder_pays_kong,feeder_pays_all",
        &[
            (fed, direct(1, "1z", 0, false), [-30, 30, 0, 0]),
            (fed, direct(1, "1z", 0, true), [0, 30, -30, 0]),
        ],
    );
    // RULES §5.3 Decision: no dealer bonus on kongs.
    let dealer = [(self_draw(0, 6, 1), concealed(0, "5m"), [30, -10, -10, -10])];
    check_kongs("dealer_bonus,dealer_selfdraw_double", &dealer);
}

#[test]
fn settle_lists_shares_and_pays_nothing_when_drawn() {
    // docs/rules.md §5.4: one transfer a share; 包胡 names whose share it pays.
    let t = settle("dealer_bonus", 0, Some(on_discard(1, 2, false, 6)), &[]);
    let expect = [
        Transfer::new(2, 1, 6, "win", Some(0)).at(0),
        Transfer::new(2, 1, 5, "dealer_bonus", Some(0)).at(0),
        Transfer::new(2, 1, 6, "win", None).at(0),
        Transfer::new(2, 1, 6, "win", Some(3)).at(0),
    ];
    assert_eq!(t, expect);
    // 点杠包杠: the feeder pays the konger's three shares (after the three win shares).
    let k = direct(1, "1z", 3, false);
    let t = settle("feeder_pays_kong", 0, Some(self_draw(1, 3, 1)), &[k]);
    assert_eq!(
        t[3..],
        [
            Transfer::new(3, 1, 10, "kong", Some(0)).at(0),
            Transfer::new(3, 1, 10, "kong", Some(2)).at(0),
            Transfer::new(3, 1, 10, "kong", None).at(0)
        ]
    );
    // RULES §5.2 Decision: 荒庄荒杠.
    let kongs = [k, concealed(2, "9m")];
    for text in ["", "taiyuan"] {
        assert_eq!(settle(text, 0, None, &kongs), [], "{text:?}");
    }
}

fn result(dealer: u8, winner: Option<u8>, kongs_made: bool) -> HandResult {
    HandResult {
        dealer,
        winner,
        win_kind: winner.map(|_| WinKind::SelfDraw),
        discarder: None,
        win_tile: winner.map(|_| 0),
        points: 0,
        factor: 1,
        patterns: Vec::new(),
        transfers: Vec::new(),
        deltas: [0; 4],
        kongs_made,
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
    }
}

#[test]
fn next_dealer_rotation() {
    // RULES §7. (rules, one_round, dealer, winner, kongs made, next dealer)
    let cases: &[(&str, bool, u8, Option<u8>, bool, u8)] = &[
        // The winner deals; after a drawn hand the dealer's 下家.
        ("", false, 0, Some(2), false, 2),
        ("", false, 0, Some(0), false, 0),
        ("", false, 0, None, false, 1),
        ("", false, 0, None, true, 1),
        ("", false, 3, None, false, 0),
        // dealer_bonus: the dealer keeps a win, else its 下家; a drawn hand passes the
        // deal only if a kong was made.
        ("dealer_bonus", false, 0, Some(0), false, 0),
        ("dealer_bonus", false, 0, Some(2), false, 1),
        ("dealer_bonus", false, 3, Some(1), false, 0),
        ("dealer_bonus", false, 0, None, false, 0),
        ("dealer_bonus", false, 0, None, true, 1),
        // one_round: the same.
        ("", true, 2, Some(2), false, 2),
        ("", true, 2, Some(0), true, 3),
        ("", true, 2, None, false, 2),
        ("", true, 2, None, true, 3),
    ];
    for &(text, one_round, dealer, winner, kongs, next) in cases {
        let got = Taiyuan.next_dealer(&rules(text), &result(dealer, winner, kongs), one_round);
        assert_eq!(
            got, next,
            "{text:?} one_round {one_round}, dealer {dealer}, winner {winner:?}, kongs {kongs}"
        );
    }
}
