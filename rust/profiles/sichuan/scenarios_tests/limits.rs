//! What a seat may not do, or is given (#10–#12): 过胡 until the seat draws, the exchange
//! in the direction `previous`, and a void suit that binds.

use super::table::{
    act, answer, begin, discard_drawn, draw_and_discard, legal, paid_since, rules, tiles, wall_of,
};
use crate::game::{Act, Event, GameCore, Phase};
use crate::tiles::Counts;

/// #10 过胡: seat 2 (waiting on 5m and 8m) passes a win on seat 0's 5m. Until it draws it
/// is offered no win on another seat's tile, not even a dearer one: neither on seat 1's
/// added kong of 8m (抢杠胡, 1 fan) nor on seat 1's 5m after the kong's replacement (杠上炮,
/// 1 fan); its self-draw of the next 5m is allowed, and once it has drawn it may win on a
/// discard again. Without the pass, the same added kong may be robbed.
#[test]
fn a_passed_win_blocks_wins_on_others_tiles_until_the_seat_draws() {
    let mut g = begin(
        "",
        [
            "134679m1334679p8m",
            "1245889m12458p3s",
            "12345678999p6m9s",
            "122568p1124578s",
        ],
        "7m3m5m8m5m5m",
        "2m",
        [2, 2, 2, 0],
    );
    act(&mut g, 0, "discard 8m");
    assert_eq!(answer(&mut g, &[(1, "pong")]), [1]);
    act(&mut g, 1, "discard 3s");
    assert_eq!(g.drawn(), Some(6), "seat 2 draws 7m");
    act(&mut g, 2, "discard 9s");
    draw_and_discard(&mut g, &[(3, "3m")]);
    let mut not_passed = g.clone();

    discard_drawn(&mut g, 0, "5m");
    assert!(legal(&mut g, 2).contains(&"win".to_owned()));
    assert_eq!(answer(&mut g, &[]), [2], "seat 2 passes its win on 5m");
    assert_eq!(g.drawn(), Some(7), "seat 1 draws the fourth 8m");
    act(&mut g, 1, "added_kong 8m");
    assert_eq!(
        (g.phase(), g.turn(), g.drawn()),
        (Phase::Turn, 1, Some(1)),
        "seat 2 may not rob the kong: seat 1 draws its replacement, 2m"
    );
    assert_eq!(
        paid_since(&g, 0),
        [
            (0, 1, 1, "added_kong", None),
            (2, 1, 1, "added_kong", None),
            (3, 1, 1, "added_kong", None),
        ]
    );
    act(&mut g, 1, "discard 5m");
    assert_eq!(
        (g.phase(), g.turn(), g.drawn()),
        (Phase::Turn, 2, Some(4)),
        "seat 2 may not win on the 杠上炮 either: it draws 5m"
    );
    let mut drew = g.clone();
    act(&mut g, 2, "self_draw_win");
    assert_eq!(
        paid_since(&g, 3),
        [
            (0, 2, 2, "win", None),
            (1, 2, 2, "win", None),
            (3, 2, 2, "win", None)
        ],
        "the self-draw is allowed"
    );

    discard_drawn(&mut drew, 2, "5m");
    assert_ne!(drew.phase(), Phase::Claim);
    discard_drawn(&mut drew, 3, "5m");
    assert_eq!(
        answer(&mut drew, &[(2, "win")]),
        [2],
        "the draw ended the block"
    );
    assert_eq!(paid_since(&drew, 3), [(3, 2, 1, "win", None)]);

    act(&mut not_passed, 0, "discard 1m");
    assert_ne!(not_passed.phase(), Phase::Claim);
    act(&mut not_passed, 1, "added_kong 8m");
    assert_eq!(not_passed.phase(), Phase::Rob);
    assert_eq!(
        answer(&mut not_passed, &[(2, "win")]),
        [2],
        "robbed when not passed"
    );
}

/// #11 换三张 in the direction `previous`: seat s receives the three tiles of seat s+1.
#[test]
fn the_exchange_previous_passes_to_the_seat_before() {
    let hands = [
        "1129m456789p1234s",
        "344p123789m5678s",
        "789s1256p345678m",
        "4566m112233p999s",
    ];
    let gives = ["1m1m2m", "3p4p4p", "7s8s9s", "5m6m6m"];
    let wall = wall_of(hands, &[], &[]);
    let mut g = GameCore::new(rules(""), 0, wall, vec![], [0; 4]).expect("a valid wall");
    assert_eq!(g.phase(), Phase::Exchange);
    g.set_exchange_direction("previous").expect("a direction");
    let before: [Counts; 4] = std::array::from_fn(|s| *g.hand(s as u8));
    for (seat, give) in (0..4u8).zip(gives) {
        for t in tiles(give) {
            act(
                &mut g,
                seat,
                &format!("exchange {}", crate::tiles::format_mpsz(&[t])),
            );
        }
    }
    assert_eq!(g.phase(), Phase::Void);
    for s in 0..4usize {
        let mut expected = before[s];
        for t in tiles(gives[s]) {
            expected[t as usize] -= 1;
        }
        for t in tiles(gives[(s + 1) % 4]) {
            expected[t as usize] += 1;
        }
        assert_eq!(
            *g.hand(s as u8),
            expected,
            "seat {s} gets seat {}'s tiles",
            (s + 1) % 4
        );
    }
    let exchanges: Vec<(u8, Vec<u8>, u8)> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Exchange { seat, tiles, to } => Some((*seat, tiles.clone(), *to)),
            _ => None,
        })
        .collect();
    let expected: Vec<(u8, Vec<u8>, u8)> = (0..4u8)
        .map(|s| (s, tiles(gives[s as usize]), (s + 3) % 4))
        .collect();
    assert_eq!(exchanges, expected);
    let Event::StartHand(start) = &g.events()[0] else {
        panic!("the log begins with start_hand")
    };
    assert_eq!(start.exchange_direction, Some("previous"));
}

/// #12 定缺 筒 while holding 7p: the dealer's complete hand `123m456m789m777p55s` may not
/// win, nor discard 2m (refused, the game unchanged); later it is offered no win on a 5s
/// that would complete it (only the pong), and no pong of a 7p.
#[test]
fn a_void_suit_held_binds_discards_claims_and_wins() {
    let mut g = begin(
        "",
        [
            "123m456m789m777p55s",
            "124578m1124578s",
            "134679m1124589p",
            "1334689s236899p",
        ],
        "5s7p",
        "",
        [1, 1, 2, 0],
    );
    assert_eq!(
        legal(&mut g, 0),
        ["discard 7p"],
        "no win, only a 筒 discard"
    );
    let (events, hand, view) = (g.events().len(), *g.hand(0), g.view(0));
    assert!(
        g.step(0, Act::Discard.code(tiles("2m")[0])).is_err(),
        "2m refused"
    );
    assert_eq!(
        (g.events().len(), *g.hand(0)),
        (events, hand),
        "nothing changed"
    );
    assert_eq!(g.view(0), view);
    act(&mut g, 0, "discard 7p");
    discard_drawn(&mut g, 1, "5s");
    assert_eq!(g.to_act(), [0]);
    assert_eq!(
        legal(&mut g, 0),
        ["pong", "pass"],
        "no win while 7p is held"
    );
    answer(&mut g, &[]);
    discard_drawn(&mut g, 2, "7p");
    assert_eq!(
        (g.phase(), g.turn()),
        (Phase::Turn, 3),
        "seat 0 holds 77p but is not offered the pong of a 筒 tile"
    );
}
