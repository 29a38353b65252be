//! The mechanisms of a hand that goes on after a win, case by case from explicit walls under
//! the test profile `tiny` (`crate::profiles::tiny`): decisions before play, seats that
//! leave, payments when made and the wall's end that refunds them.
//!
//! Both cases deal the same hands. Before play each seat passes a pair of honours to the
//! seat opposite, so that after the exchange:
//! - seat 0 (dealer): `1111p234p567p99s33z`: a concealed kong, then waits on 9s or 3z;
//! - seat 1: `23m456m789m555s44z`, waiting on 1m or 4m;
//! - seat 2: `258m369p147s67z11z`, never ready, holding its void suit (万);
//! - seat 3: case A `123s678s789p55p22z` (waits on 5p or 2z), case B `23m678s789p555p22z`
//!   (waits on 1m or 4m).

use super::turn_tests::{deal, tiles};
use super::*;
use crate::outcome::HandEnd;

/// The dealt hands (before the exchange) with seat 3's hand.
fn hands(seat3: &'static str) -> [&'static str; 4] {
    [
        "1111p234p567p99s11z",
        "23m456m789m555s22z",
        "258m369p147s33z67z",
        seat3,
    ]
}

/// Every seat passes its pair of honours (seat 0 its 11z, seat 1 22z, seat 2 33z, seat 3
/// 44z), then declares 万 void but seat 1, which declares 筒.
fn before_play(g: &mut GameCore) {
    assert_eq!(g.phase(), Phase::Exchange);
    for (seat, honour) in [(0u8, 27u8), (1, 28), (2, 29), (3, 30)] {
        g.step(seat, Act::Exchange.code(honour))
            .expect("a first pick");
        assert_eq!(
            g.phase(),
            Phase::Exchange,
            "picks are hidden until all are in"
        );
        assert!(
            g.events()
                .iter()
                .all(|e| !matches!(e, Event::Exchange { .. })),
            "nothing is logged before every seat has picked"
        );
        assert_eq!(g.view(seat).picked, [honour], "the seat sees its own pick");
        g.step(seat, Act::Exchange.code(honour))
            .expect("a second pick");
    }
    assert_eq!(g.phase(), Phase::Void);
    let others = g.events_for(Some(1));
    let passed: Vec<_> = others.iter().filter(|e| e["type"] == "exchange").collect();
    assert_eq!(passed.len(), 4, "four exchanges, logged together");
    assert!(
        passed[0]["tiles"].is_null(),
        "seat 1 sees neither 0's tiles nor 2's"
    );
    assert_eq!(passed[1]["tiles"], serde_json::json!([28, 28]));
    assert_eq!(
        passed[3]["tiles"],
        serde_json::json!([30, 30]),
        "seat 1 receives 3's"
    );
    for seat in 0..4u8 {
        let suit = u8::from(seat == 1);
        g.step(seat, Act::Void.code(suit)).expect("a void suit");
    }
    assert_eq!(g.voids(), [Some(0), Some(1), Some(0), Some(0)]);
    assert_eq!(g.phase(), Phase::Turn);
    assert_eq!(
        (g.turn(), g.drawn()),
        (0, Some(29)),
        "the dealer passed its 14th tile's kind: its drawn tile is the last passed to it"
    );
}

/// Play the rest of the hand quietly: pass every claim, discard every drawn tile.
fn quietly_to_the_end(g: &mut GameCore) {
    while let Some(seat) = g.first_to_act() {
        let action = if g.phase() == Phase::Turn {
            Act::Discard.code(g.drawn().expect("a drawn tile"))
        } else {
            Act::Pass.code(0)
        };
        g.step(seat, action).expect("legal");
        g.validate().expect("valid");
    }
}

fn transfers(g: &GameCore) -> Vec<(u8, u8, i32, &'static str, Option<u32>)> {
    g.ledger()
        .iter()
        .map(|t| (t.payer, t.payee, t.amount, t.reason, t.undoes))
        .collect()
}

/// Case A: seat 1 wins on the dealer's discard and leaves, seat 3 self-draws later and
/// leaves, and seats 0 and 2 play on to the wall's end, which makes seat 2 pay for the
/// void suit it holds and refunds the dealer's kong.
#[test]
fn two_seats_win_at_different_moments_and_the_wall_refunds_a_kong() {
    let mut g = deal("tiny", hands("123s678s789p55p44z"), "9m5p", "1m");
    before_play(&mut g);
    g.step(0, Act::ConcealedKong.code(9)).expect("the kong");
    assert_eq!(
        g.running_scores(),
        [6, -2, -2, -2],
        "the kong is paid at once"
    );
    assert_eq!(
        g.view(2).running,
        [6, -2, -2, -2],
        "views show the running score"
    );
    g.step(0, Act::Discard.code(0))
        .expect("its replacement, 1m");
    g.step(1, Act::Win.code(0)).expect("seat 1 wins on 1m");
    assert!(!g.in_hand(1), "the winner leaves");
    assert_ne!(g.phase(), Phase::Over, "play goes on");
    assert_eq!(
        (g.turn(), g.drawn()),
        (2, Some(8)),
        "the seat after the winner draws"
    );
    let left = g.left()[1].expect("left at its win");
    assert!(matches!(
        g.events()[left as usize],
        Event::Win { seat: 1, .. }
    ));
    let leave = g.events().iter().find(|e| matches!(e, Event::Leave { .. }));
    assert_eq!(
        leave,
        Some(&Event::Leave {
            seat: 1,
            hand: tiles("123m456m789m555s44z")
        }),
        "its tiles are shown"
    );
    g.step(2, Act::Discard.code(8)).expect("9m");
    assert!(g.is_to_act(3) && g.drawn() == Some(13), "seat 3 draws 5p");
    g.step(3, Act::SelfDrawWin.code(0))
        .expect("seat 3 self-draws");
    assert_eq!(g.running_scores(), [4, -1, -3, 0]);
    assert_eq!(g.turn(), 0, "the seat after the winner draws next");
    for s in 0..4u8 {
        let legal = g.legal_actions(s).expect("a seat");
        assert_eq!(legal.is_empty(), s != 0, "only seat 0 acts");
    }
    quietly_to_the_end(&mut g);
    let r = g.result().expect("over").clone();
    assert_eq!(r.end, HandEnd::Wall);
    assert_eq!(r.winners, [1, 3]);
    assert_eq!(r.left, [None, Some(left), None, g.left()[3]]);
    assert!(r.left[3].is_some());
    assert_eq!(
        transfers(&g),
        [
            (1, 0, 2, "concealed_kong", None),
            (2, 0, 2, "concealed_kong", None),
            (3, 0, 2, "concealed_kong", None),
            (0, 1, 1, "win", None),
            (0, 3, 1, "win", None),
            (2, 3, 1, "win", None),
            (2, 0, 1, "void_held", None),
            (0, 1, 2, "refund", Some(0)),
            (0, 2, 2, "refund", Some(1)),
            (0, 3, 2, "refund", Some(2)),
        ]
    );
    assert_eq!(r.deltas, [-1, 1, -2, 2]);
    let end = g.events().len() as u32 - 1;
    let kong = r.transfers[0].event.expect("an event");
    assert!(matches!(
        g.events()[kong as usize],
        Event::ConcealedKong { seat: 0, .. }
    ));
    assert_eq!(
        r.transfers[3].event,
        Some(r.wins[0].event),
        "a win's payment is its own"
    );
    assert!(
        r.transfers[6..].iter().all(|t| t.event == Some(end)),
        "the wall's end"
    );
    let pays = g.events().iter().filter(|e| matches!(e, Event::Pay { .. }));
    assert_eq!(pays.count(), 3, "the kong and the two wins, logged as paid");
}

/// Case B: seats 1 and 3 both win on the dealer's discard (一炮多响) and leave; play goes
/// on from the dealer (after the winner farthest from the discarder) until a third seat
/// wins, which ends the hand: nothing is settled at the end, the kong is not refunded.
#[test]
fn two_winners_on_one_discard_leave_and_a_third_win_ends_the_hand() {
    let mut g = deal("tiny", hands("23m678s789p555p44z"), "8m9s", "1m");
    before_play(&mut g);
    g.step(0, Act::ConcealedKong.code(9)).expect("the kong");
    g.step(0, Act::Discard.code(0)).expect("1m");
    assert!(g.is_to_act(1) && g.is_to_act(3));
    g.step(3, Act::Win.code(0)).expect("seat 3 wins");
    g.step(1, Act::Win.code(0)).expect("seat 1 wins");
    assert!(!g.in_hand(1) && !g.in_hand(3));
    assert_eq!(
        (g.turn(), g.drawn()),
        (0, Some(7)),
        "after seat 3, the dealer draws 8m"
    );
    g.step(0, Act::Discard.code(7)).expect("8m");
    assert_eq!((g.turn(), g.drawn()), (2, Some(26)), "seat 2 draws 9s");
    g.step(2, Act::Discard.code(26)).expect("9s");
    assert_eq!(g.to_act(), [0], "only the dealer is asked");
    g.step(0, Act::Win.code(0)).expect("the third win");
    let r = g.result().expect("the third win ends the hand").clone();
    assert_eq!(r.end, HandEnd::Win);
    assert_eq!(
        r.winners,
        [1, 3, 0],
        "in order from the discarder, then the last"
    );
    assert_eq!(
        r.left[0], None,
        "the last winner does not leave: the hand ends"
    );
    assert!(r.left[1].is_some() && r.left[1] == r.left[3].map(|e| e - 1));
    assert_eq!(r.wins[1].discarder, Some(0));
    assert_eq!(r.wins[2].discarder, Some(2));
    assert_eq!(r.deltas, [5, -1, -3, -1]);
    assert!(r.transfers.iter().all(|t| t.reason != "refund"));
}

/// A rejected decision before play changes nothing, a seat that has picked all its tiles
/// is asked nothing more, and a seat that has left is asked nothing and may not act.
#[test]
fn refused_decisions_before_play_and_after_leaving_change_nothing() {
    let mut g = deal("tiny", hands("123s678s789p55p44z"), "9m5p", "1m");
    let before = g.events().len();
    assert!(g.step(0, Act::Exchange.code(0)).is_err(), "1m is not held");
    assert!(g.step(0, Act::Void.code(0)).is_err(), "not yet");
    assert!(g.step(0, Act::Discard.code(27)).is_err());
    g.step(0, Act::Exchange.code(27)).expect("a pick");
    g.step(0, Act::Exchange.code(27)).expect("a pick");
    assert!(g.step(0, Act::Exchange.code(27)).is_err(), "two picks only");
    assert!(g.legal_actions(0).expect("a seat").is_empty());
    assert_eq!(g.events().len(), before);
    for (seat, honour) in [(1u8, 28u8), (2, 29), (3, 30)] {
        for _ in 0..2 {
            g.step(seat, Act::Exchange.code(honour)).expect("a pick");
        }
    }
    assert!(g.step(0, Act::Void.code(3)).is_err(), "three suits");
    for seat in 0..4u8 {
        g.step(seat, Act::Void.code(u8::from(seat == 1)))
            .expect("void");
    }
    g.step(0, Act::ConcealedKong.code(9)).expect("the kong");
    g.step(0, Act::Discard.code(0)).expect("1m");
    g.step(1, Act::Win.code(0)).expect("the win");
    assert!(g.step(1, Act::Discard.code(8)).is_err(), "seat 1 has left");
    assert!(g.legal_actions(1).expect("a seat").is_empty());
    g.validate().expect("valid");
}
