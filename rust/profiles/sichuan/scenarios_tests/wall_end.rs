//! The wall's end (#3, #4): the hand played out with no more claims or wins, each seat
//! discarding what it draws, so that every seat ends with the hand the scenario gives it.

use super::table::{
    act, answer, begin, begin_wall, deltas_since, discard_drawn, draw_and_discard, paid_since,
    quietly_to_the_end, rest_of, tiles, wall_of,
};
use crate::game::Phase;
use crate::outcome::HandEnd;

/// #3 退税: seat 0 pongs 5p and adds the fourth (1 from each); at the wall's end it is not
/// ready and the others are, worth 1 each (平胡): it pays each 1 (查大叫) and returns the
/// kong money (退税, each refund undoing its payment).
#[test]
fn a_seat_not_ready_at_the_end_returns_its_kong_money() {
    let mut g = begin(
        "",
        [
            "1256799m125589p4p",
            "12345678m23499p",
            "123678p2345679s",
            "1456789m345678s",
        ],
        "5p3p1s2s5p",
        "3m",
        [2, 2, 0, 1],
    );
    act(&mut g, 0, "discard 4p");
    discard_drawn(&mut g, 1, "5p");
    assert_eq!(answer(&mut g, &[(0, "pong")]), [0]);
    act(&mut g, 0, "discard 8p");
    draw_and_discard(&mut g, &[(1, "3p"), (2, "1s"), (3, "2s")]);
    assert_eq!(g.drawn(), Some(13), "seat 0 draws the fourth 5p");
    act(&mut g, 0, "added_kong 5p");
    assert_eq!((g.phase(), g.turn()), (Phase::Turn, 0), "nobody robs it");
    assert_eq!(deltas_since(&g, 0), [3, -1, -1, -1], "paid when made");
    discard_drawn(&mut g, 0, "3m");
    quietly_to_the_end(&mut g);
    let r = g.result().expect("over").clone();
    assert_eq!((r.end, r.winners.len()), (HandEnd::Exhausted, 0));
    assert_eq!(
        paid_since(&g, 0),
        [
            (1, 0, 1, "added_kong", None),
            (2, 0, 1, "added_kong", None),
            (3, 0, 1, "added_kong", None),
            (0, 1, 1, "not_ready", None),
            (0, 2, 1, "not_ready", None),
            (0, 3, 1, "not_ready", None),
            (0, 1, 1, "refund", Some(0)),
            (0, 2, 1, "refund", Some(1)),
            (0, 3, 1, "refund", Some(2)),
        ]
    );
    assert_eq!(r.deltas, [-3, 1, 1, 1]);
}

/// #4 seat 1 has won (on seat 0's 3s); at the wall's end seat 0 holds its void suit (花猪:
/// 8 to each other seat, seat 1 included), seat 2 is ready worth 4 (平胡 with two 根) and
/// seat 3 not ready (it pays seat 2 4; the 花猪 pays and gets nothing in 查大叫).
#[test]
fn the_wall_end_charges_the_void_holder_and_the_seats_not_ready() {
    let hands = [
        "667788m112233p3s9s",
        "34455678999m45s",
        "111122223m4567p",
        "12345678p13579s",
    ];
    // After seat 1's win the draws go to seats 2, 3, 0 in turn; seat 0 (void 条, holding
    // 9s) draws only 条 tiles and discards them.
    let (mut bamboo, mut others): (Vec<u8>, Vec<u8>) = rest_of(&super::table::dealt(hands))
        .into_iter()
        .partition(|&t| t >= 18);
    let draws: Vec<u8> = (0..55)
        .map(|i| match [2, 3, 0][i % 3] {
            0 => bamboo.pop().expect("条 tiles for seat 0"),
            _ => others.pop().or_else(|| bamboo.pop()).expect("a tile"),
        })
        .collect();
    let mut g = begin_wall("", wall_of(hands, &draws, &[]), [2, 1, 2, 0]);
    assert_eq!(super::table::legal(&mut g, 0), ["discard 3s", "discard 9s"]);
    act(&mut g, 0, "discard 3s");
    assert_eq!(answer(&mut g, &[(1, "win")]), [1]);
    assert_eq!(paid_since(&g, 0), [(0, 1, 1, "win", None)]);
    quietly_to_the_end(&mut g);
    let r = g.result().expect("over").clone();
    assert_eq!((r.end, r.winners.clone()), (HandEnd::Exhausted, vec![1]));
    assert_eq!(
        g.hand(0)[tiles("9s")[0] as usize],
        1,
        "seat 0 still holds 9s"
    );
    assert_eq!(
        paid_since(&g, 1),
        [
            (0, 1, 8, "void_held", None),
            (0, 2, 8, "void_held", None),
            (0, 3, 8, "void_held", None),
            (3, 2, 4, "not_ready", None),
        ]
    );
    assert_eq!(deltas_since(&g, 1), [-24, 8, 12, 4]);
}
