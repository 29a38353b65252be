//! The scenarios of the contract (`RULES-sichuan.md`, "Scenarios a test suite must cover"),
//! each played from an explicit wall with dealer 0, cap 3 and the other options at their
//! defaults unless said: this file the wins and kongs paid as made (#1, #2, #5–#9),
//! `wall_end.rs` the wall's end (#3, #4), `limits.rs` what a seat may not do or is given
//! (#10–#12). Hands are written dealer first (its 14th tile last); seats a scenario does
//! not care about hold tiles of two suits with no three consecutive kinds, so that they are
//! never ready and never claim.

mod limits;
mod table;
mod wall_end;

use crate::game::{GameCore, Phase};
use crate::outcome::WinKind;
use table::{act, answer, begin, deltas_since, discard_drawn, draw_and_discard, legal, paid_since};

/// The score items of win `i` of the hand so far, by name.
fn items(g: &GameCore, i: usize) -> Vec<(&'static str, i64)> {
    g.items[i]
        .iter()
        .map(|item| (item.name, item.value))
        .collect()
}

/// #1 一炮多响: seat 3 discards 9s; seat 0 wins 平胡 (1), seat 2 对对胡 (2); both leave, the
/// discarder draws next (the seat after seat 2, the winner farthest from it) and deals next
/// (several won at the hand's first win).
#[test]
fn one_discard_won_by_two_seats() {
    let mut g = begin(
        "",
        [
            "123m456m789m78s55m2p",
            "124578m1134679s",
            "111p444p777p22s99s",
            "134679m1245578s",
        ],
        "3m8m9s",
        "",
        [1, 1, 0, 1],
    );
    act(&mut g, 0, "discard 2p");
    draw_and_discard(&mut g, &[(1, "3m"), (2, "8m")]);
    discard_drawn(&mut g, 3, "9s");
    let asked = answer(&mut g, &[(2, "win"), (0, "win")]);
    assert_eq!(asked, [0, 2], "both winners are asked");
    assert_eq!(
        paid_since(&g, 0),
        [(3, 0, 1, "win", None), (3, 2, 2, "win", None)],
        "the discarder pays each winner its value, in order from the discarder"
    );
    assert_eq!(deltas_since(&g, 0), [1, 0, 2, -3]);
    assert!(!g.in_hand(0) && !g.in_hand(2), "both winners leave");
    assert_eq!((g.phase(), g.turn()), (Phase::Turn, 3), "seat 3 draws next");
    table::quietly_to_the_end(&mut g);
    let r = g.result().expect("over");
    assert_eq!(r.winners[..2], [0, 2]);
    assert_eq!(r.wins[0].event + 1, r.wins[1].event, "one moment");
    assert_eq!(g.next_dealer(false), Some(3), "the discarder deals next");
}

/// #2 呼叫转移: seat 1 concealed-kongs 6s (2 from each), then seat 2 wins 平胡 on the
/// discard after its replacement (杠上炮: 1 fan, 2): seat 1 pays it and passes on the 6 its
/// kong brought, each payment undone by one of its own.
#[test]
fn a_kong_discard_win_passes_the_kong_money_on() {
    let mut g = begin(
        "",
        [
            "124578m1245788p6m",
            "666s124578s1379m",
            "123m456m789m23p99p",
            "124579p1124578s",
        ],
        "6s",
        "4p",
        [2, 1, 2, 0],
    );
    act(&mut g, 0, "discard 6m");
    assert_eq!((g.turn(), g.drawn()), (1, Some(23)), "seat 1 draws 6s");
    act(&mut g, 1, "concealed_kong 6s");
    assert_eq!(
        deltas_since(&g, 0),
        [-2, 6, -2, -2],
        "the kong is paid at once"
    );
    discard_drawn(&mut g, 1, "4p");
    assert_eq!(answer(&mut g, &[(2, "win")]), [2]);
    assert_eq!(
        paid_since(&g, 0),
        [
            (0, 1, 2, "concealed_kong", None),
            (2, 1, 2, "concealed_kong", None),
            (3, 1, 2, "concealed_kong", None),
            (1, 2, 2, "win", None),
            (1, 2, 2, "passed_on", Some(0)),
            (1, 2, 2, "passed_on", Some(1)),
            (1, 2, 2, "passed_on", Some(2)),
        ]
    );
    assert_eq!(deltas_since(&g, 0), [-2, -2, 6, -2]);
    assert_eq!(items(&g, 0), [("plain", 0), ("kong_discard", 1)]);
}

/// #5 根 from a kong: seat 0 concealed-kongs 3s and waits on 1s with `123m456m789m1s`; it
/// wins on seat 2's 1s: 平胡 + 根 = 1 fan, seat 2 pays 2.
#[test]
fn a_kong_counts_as_a_root() {
    let mut g = begin(
        "",
        [
            "3333s123m456m789m1s",
            "124578m1245788p",
            "134679m1346799p",
            "124578s1224579p",
        ],
        "6s1s",
        "5p",
        [1, 2, 2, 0],
    );
    act(&mut g, 0, "concealed_kong 3s");
    assert_eq!(deltas_since(&g, 0), [6, -2, -2, -2]);
    discard_drawn(&mut g, 0, "5p");
    draw_and_discard(&mut g, &[(1, "6s")]);
    discard_drawn(&mut g, 2, "1s");
    assert_eq!(answer(&mut g, &[(0, "win")]), [0]);
    assert_eq!(paid_since(&g, 3), [(2, 0, 2, "win", None)]);
    assert_eq!(g.outcomes[0].points, 1, "1 fan");
    assert_eq!(items(&g, 0), [("plain", 0), ("root", 1)]);
}

/// #6 抢杠胡: seat 0 pongs 4p, then adds the fourth; seat 1 robs it with a 平胡 (1 fan: 2).
/// No kong is paid and the pong stays a pong.
#[test]
fn a_robbed_added_kong_is_paid_as_a_discard_and_not_made() {
    let mut g = begin(
        "",
        [
            "124578m12589p44p3s",
            "123m456m789m56p99p",
            "11244589s12679p",
            "1334679m125578p",
        ],
        "4p3s6s7s4p",
        "",
        [2, 2, 0, 2],
    );
    act(&mut g, 0, "discard 3s");
    assert!(
        legal(&mut g, 1).contains(&"self_draw_win".to_owned()),
        "seat 1 draws its winning 4p"
    );
    discard_drawn(&mut g, 1, "4p");
    assert_eq!(answer(&mut g, &[(0, "pong")]), [0]);
    act(&mut g, 0, "discard 1m");
    draw_and_discard(&mut g, &[(1, "3s"), (2, "6s"), (3, "7s")]);
    assert_eq!(g.drawn(), Some(12), "seat 0 draws the fourth 4p");
    act(&mut g, 0, "added_kong 4p");
    assert_eq!(g.phase(), Phase::Rob);
    assert_eq!(answer(&mut g, &[(1, "win")]), [1]);
    assert_eq!(
        paid_since(&g, 0),
        [(0, 1, 2, "win", None)],
        "no kong payment"
    );
    assert_eq!(deltas_since(&g, 0), [-2, 2, 0, 0]);
    assert_eq!(items(&g, 0), [("plain", 0), ("robbed_kong", 1)]);
    assert_eq!(g.outcomes[0].kind, WinKind::RobbedKong);
    assert!(
        g.melds(0).iter().all(|m| !m.kind.is_kong()),
        "the robbed kong is not made"
    );
    assert_eq!((g.phase(), g.turn()), (Phase::Turn, 2), "seat 2 draws next");
}

/// #7 seat 0 self-draws 清龙七对 (5 fans, capped at 3: 8): each other seat pays 8 + 1.
#[test]
fn a_capped_self_draw() {
    let mut g = begin(
        "",
        [
            "1111m22m33m44m55m6m9p",
            "124578p1124578s",
            "134679p1334679s",
            "235689m1245788s",
        ],
        "3p2p9m6m",
        "",
        [1, 0, 0, 1],
    );
    act(&mut g, 0, "discard 9p");
    draw_and_discard(&mut g, &[(1, "3p"), (2, "2p"), (3, "9m")]);
    assert_eq!(g.drawn(), Some(5), "seat 0 draws 6m");
    act(&mut g, 0, "self_draw_win");
    assert_eq!(
        paid_since(&g, 0),
        [
            (1, 0, 9, "win", None),
            (2, 0, 9, "win", None),
            (3, 0, 9, "win", None)
        ]
    );
    assert_eq!(deltas_since(&g, 0), [27, -9, -9, -9]);
    assert_eq!(g.outcomes[0].points, 5, "the fans before the cap");
    assert_eq!(items(&g, 0), [("one_suit_dragon_seven_pairs", 5)]);
}

/// #8 seat 1 has won (on seat 0's 9p); seat 3 then self-draws 清一色 (2 fans: 4), paid 4 + 1
/// by each seat still in: seats 0 and 2.
#[test]
fn a_self_draw_is_paid_by_the_seats_still_in() {
    let mut g = begin(
        "",
        [
            "1124589m223568p9p",
            "234m567m11p456p78p",
            "1334679m124578p",
            "123s456s789s11s23s",
        ],
        "5m4s",
        "",
        [2, 2, 2, 0],
    );
    act(&mut g, 0, "discard 9p");
    assert_eq!(answer(&mut g, &[(1, "win")]), [1]);
    assert_eq!(paid_since(&g, 0), [(0, 1, 1, "win", None)]);
    assert!(!g.in_hand(1));
    draw_and_discard(&mut g, &[(2, "5m")]);
    assert_eq!((g.turn(), g.drawn()), (3, Some(21)), "seat 3 draws 4s");
    act(&mut g, 3, "self_draw_win");
    assert_eq!(
        paid_since(&g, 1),
        [(0, 3, 5, "win", None), (2, 3, 5, "win", None)]
    );
    assert_eq!(deltas_since(&g, 1), [-5, 0, -5, 10]);
    assert_eq!(items(&g, 1), [("one_suit", 2)]);
}

/// #9 点杠花: seat 2 kongs seat 0's 5m (2 from seat 0) and wins on the replacement: 平胡 +
/// 根 + 杠上花 = 2 fans, 4. As a self-draw (the default) each seat pays 4 + 1; under
/// `kong_bloom_pay=provider` seat 0 alone pays 4.
#[test]
fn a_direct_kong_bloom_is_paid_as_the_option_says() {
    for (options, expected, deltas) in [
        (
            "",
            vec![
                (0, 2, 2, "kong", None),
                (0, 2, 5, "win", None),
                (1, 2, 5, "win", None),
                (3, 2, 5, "win", None),
            ],
            [-7, -5, 17, -5],
        ),
        (
            "kong_bloom_pay=provider",
            vec![(0, 2, 2, "kong", None), (0, 2, 4, "win", None)],
            [-6, 0, 6, 0],
        ),
    ] {
        let mut g = begin(
            options,
            [
                "1124679m124578p5m",
                "1346799s135689p",
                "555m123p456p78p99p",
                "2336899m124578s",
            ],
            "",
            "6p",
            [2, 0, 2, 1],
        );
        act(&mut g, 0, "discard 5m");
        assert_eq!(answer(&mut g, &[(2, "kong")]), [2]);
        assert_eq!(paid_since(&g, 0), [(0, 2, 2, "kong", None)], "{options}");
        assert_eq!((g.turn(), g.drawn()), (2, Some(14)), "the replacement, 6p");
        act(&mut g, 2, "self_draw_win");
        assert_eq!(paid_since(&g, 0), expected, "{options}");
        assert_eq!(deltas_since(&g, 0), deltas, "{options}");
        assert_eq!(
            items(&g, 0),
            [("plain", 0), ("root", 1), ("kong_bloom", 1)],
            "{options}"
        );
        assert_eq!((g.phase(), g.turn()), (Phase::Turn, 3), "seat 3 draws next");
    }
}
