//! Answers to a discard or an added kong (`claims.rs`): who is offered what, and how the
//! answers resolve (win first, nearest winner or every winner, pong or kong before chow,
//! robbing an added kong), case by case from explicit walls.

use super::turn_tests::{act, deal, legal_text};
use super::*;

/// Each case: its name, rules, hands (dealer 0 first), draws, the steps up to the claim
/// (the discard or added kong included), the phase then, each seat's offers, the answers
/// (in the order given), and after them: the phase, the first seat to act, the winners,
/// the seats that passed a win.
type ClaimCase = (
    &'static str,
    &'static str,
    [&'static str; 4],
    &'static str,
    &'static [(u8, &'static str)],
    Phase,
    [&'static str; 4],
    &'static [(u8, &'static str)],
    (Phase, Option<u8>, &'static [u8], [bool; 4]),
);

/// A dealer's hand that neither wins nor pairs with the others'.
const DEALER: &str = "12345m468p579s677z";
/// Seat 1's dealt hand, waiting on 4s (worth 4: no win on a discard) and 7s; it draws 1z
/// and declares with it.
const WAITS_47S: &str = "123m345m678p99p56s";
/// Seat 2's dealt hand, waiting on 7s; it draws 3z and declares with it.
const WAITS_7S: &str = "456m123p22z111s89s";
/// The dealer discards 6z, seat 1 declares with 1z, seat 2 with 3z, seat 3 discards 7s.
const BOTH_DECLARED: &[(u8, &str)] = &[
    (0, "discard 6z"),
    (1, "declare 1z"),
    (2, "declare 3z"),
    (3, "discard 7s"),
];
/// Seat 2 pongs the dealer's 7s, seat 1 declares, seat 2 adds the fourth 7s.
const ADDED_KONG: &[(u8, &str)] = &[
    (0, "discard 7s"),
    (2, "pong"),
    (2, "discard 1z"),
    (3, "discard 2p"),
    (0, "discard 2p"),
    (1, "declare 3z"),
    (2, "added_kong 7s"),
];
const ROB_HANDS: [&str; 4] = [DEALER, WAITS_47S, "789m258p369s77s12z", "689m369p148s1567z"];
/// Hebei: seat 1 (the dealer's 下家) may chow a 6s three ways, seat 3 pong it.
const CHOW_HANDS: [&str; 4] = [
    "12345m468p569s677z",
    "89m147p4578s1234z",
    "",
    "689m369p166s1567z",
];
/// Hebei: seats 1 and 2 both win on the dealer's 6s.
const TWO_WIN_HANDS: [&str; 4] = [
    "12345m468p569s677z",
    "123m456p789p11z78s",
    "456m123p22z45s999s",
    "",
];
const HEBEI: &str = "hebei,flowers=false,hun=false";
const NONE: [bool; 4] = [false; 4];

/// Claims on a discard.
const DISCARD_CLAIMS: &[ClaimCase] = &[
    (
        "a pair may pong; the seat then discards",
        "default",
        [DEALER, "", "33m789m258p369s12z", ""],
        "",
        &[(0, "discard 3m")],
        Phase::Claim,
        ["", "", "pong, pass", ""],
        &[(2, "pong")],
        (Phase::Turn, Some(2), &[], NONE),
    ),
    (
        "a pong passed: the discarder's 下家 draws",
        "default",
        [DEALER, "", "33m789m258p369s12z", ""],
        "",
        &[(0, "discard 3m")],
        Phase::Claim,
        ["", "", "pong, pass", ""],
        &[(2, "pass")],
        (Phase::Turn, Some(1), &[], NONE),
    ),
    (
        "three held: pong or kong; the kong draws a replacement",
        "default",
        [DEALER, "", "333m258p369s1234z", ""],
        "",
        &[(0, "discard 3m")],
        Phase::Claim,
        ["", "", "pong, kong, pass", ""],
        &[(2, "kong")],
        (Phase::Turn, Some(2), &[], NONE),
    ),
    (
        "a declared seat wins on a discard worth 6 or more",
        "default",
        [DEALER, WAITS_47S, "", ""],
        "1z7s",
        &[(0, "discard 6z"), (1, "declare 1z"), (2, "discard 7s")],
        Phase::Claim,
        ["", "win, pass", "", ""],
        &[(1, "win")],
        (Phase::Over, None, &[1], NONE),
    ),
    (
        "no win on a discard worth less than 6: nobody is asked",
        "default",
        [DEALER, WAITS_47S, "", ""],
        "1z4s",
        &[(0, "discard 6z"), (1, "declare 1z"), (2, "discard 4s")],
        Phase::Turn,
        ["", "", "", ""],
        &[],
        (Phase::Turn, Some(3), &[], NONE),
    ),
    (
        "a win before a pong, whoever answers first",
        "default",
        [DEALER, WAITS_47S, "", "689m369p477s1567z"],
        "1z7s",
        &[(0, "discard 6z"), (1, "declare 1z"), (2, "discard 7s")],
        Phase::Claim,
        ["", "win, pass", "", "pong, pass"],
        &[(3, "pong"), (1, "win")],
        (Phase::Over, None, &[1], NONE),
    ),
    (
        "a win passed (过胡): the pong stands",
        "default",
        [DEALER, WAITS_47S, "", "689m369p477s1567z"],
        "1z7s",
        &[(0, "discard 6z"), (1, "declare 1z"), (2, "discard 7s")],
        Phase::Claim,
        ["", "win, pass", "", "pong, pass"],
        &[(1, "pass"), (3, "pong")],
        (Phase::Turn, Some(3), &[], [false, true, false, false]),
    ),
    (
        "one winner: the nearest counter-clockwise from the discarder",
        "default",
        [DEALER, WAITS_47S, WAITS_7S, ""],
        "1z3z7s",
        BOTH_DECLARED,
        Phase::Claim,
        ["", "win, pass", "win, pass", ""],
        &[(2, "win"), (1, "win")],
        (Phase::Over, None, &[1], NONE),
    ),
    (
        "the nearest winner passes: the next one wins",
        "default",
        [DEALER, WAITS_47S, WAITS_7S, ""],
        "1z3z7s",
        BOTH_DECLARED,
        Phase::Claim,
        ["", "win, pass", "win, pass", ""],
        &[(1, "pass"), (2, "win")],
        (Phase::Over, None, &[2], [false, true, false, false]),
    ),
    (
        "both winners pass: the hand goes on, both limited to self-draw",
        "default",
        [DEALER, WAITS_47S, WAITS_7S, ""],
        "1z3z7s",
        BOTH_DECLARED,
        Phase::Claim,
        ["", "win, pass", "win, pass", ""],
        &[(2, "pass"), (1, "pass")],
        (Phase::Turn, Some(0), &[], [false, true, true, false]),
    ),
    (
        "hebei: the 下家 may chow each run; a chow taken",
        HEBEI,
        CHOW_HANDS,
        "",
        &[(0, "discard 6s")],
        Phase::Claim,
        ["", "chow 4s, chow 5s, chow 6s, pass", "", "pong, pass"],
        &[(1, "chow 5s"), (3, "pass")],
        (Phase::Turn, Some(1), &[], NONE),
    ),
    (
        "hebei: a pong before a chow",
        HEBEI,
        CHOW_HANDS,
        "",
        &[(0, "discard 6s")],
        Phase::Claim,
        ["", "chow 4s, chow 5s, chow 6s, pass", "", "pong, pass"],
        &[(1, "chow 4s"), (3, "pong")],
        (Phase::Turn, Some(3), &[], NONE),
    ),
    (
        "hebei: every seat answering win wins (一炮多响), in order from the discarder",
        HEBEI,
        TWO_WIN_HANDS,
        "",
        &[(0, "discard 6s")],
        Phase::Claim,
        ["", "win, chow 6s, pass", "win, pass", ""],
        &[(2, "win"), (1, "win")],
        (Phase::Over, None, &[1, 2], NONE),
    ),
];

#[test]
fn answers_to_a_discard_resolve_by_priority() {
    run(DISCARD_CLAIMS);
}

/// Claims on an added kong (抢杠): a declared seat that can win on its tile may rob it.
const ROBBING: &[ClaimCase] = &[
    (
        "an added kong robbed by a declared seat",
        "default",
        ROB_HANDS,
        "2p2p3z7s",
        ADDED_KONG,
        Phase::Rob,
        ["", "win, pass", "", ""],
        &[(1, "win")],
        (Phase::Over, None, &[1], NONE),
    ),
    (
        "a robbing win passed: the kong stands and draws its replacement",
        "default",
        ROB_HANDS,
        "2p2p3z7s",
        ADDED_KONG,
        Phase::Rob,
        ["", "win, pass", "", ""],
        &[(1, "pass")],
        (Phase::Turn, Some(2), &[], [false, true, false, false]),
    ),
];

#[test]
fn an_added_kong_may_be_robbed() {
    run(ROBBING);
}

fn run(cases: &[ClaimCase]) {
    for &(name, rules_text, hands, draws, before, phase, offers, answers, after) in cases {
        let mut g = deal(rules_text, hands, draws, "");
        for &(seat, text) in before {
            act(&mut g, name, seat, text);
        }
        assert_eq!(g.phase(), phase, "{name}: the phase at the claim");
        if phase != Phase::Turn {
            for seat in 0..4u8 {
                assert_eq!(
                    legal_text(&mut g, seat),
                    offers[seat as usize],
                    "{name}: seat {seat}'s offers"
                );
            }
        }
        for &(seat, text) in answers {
            act(&mut g, name, seat, text);
        }
        let (phase, first, winners, passed) = after;
        assert_eq!(g.phase(), phase, "{name}: phase after the answers");
        assert_eq!(g.first_to_act(), first, "{name}: to act after the answers");
        let won = g.result().map_or_else(Vec::new, |r| r.winners.clone());
        assert_eq!(won, winners, "{name}: winners");
        assert_eq!(g.passed_win(), passed, "{name}: wins passed");
    }
}

/// The discard a claim or a win takes stays in its discarder's row, marked taken in every
/// seat's view; a passed one and a robbed kong's tile are not.
#[test]
fn a_taken_discard_is_marked_in_every_view() {
    let last = DISCARD_CLAIMS.len() - 1;
    let cases: [(&ClaimCase, [&[u8]; 4]); 4] = [
        (&DISCARD_CLAIMS[0], [&[0], &[], &[], &[]]),
        (&DISCARD_CLAIMS[1], [&[], &[], &[], &[]]),
        (&DISCARD_CLAIMS[last], [&[0], &[], &[], &[]]),
        (&ROBBING[0], [&[0], &[], &[], &[]]),
    ];
    for (case, taken) in cases {
        let &(name, rules_text, hands, draws, before, _, _, answers, _) = case;
        let mut g = deal(rules_text, hands, draws, "");
        for &(seat, text) in before.iter().chain(answers) {
            act(&mut g, name, seat, text);
        }
        let taken = taken.map(<[u8]>::to_vec);
        for viewer in [Some(0), Some(1), Some(2), Some(3), None] {
            assert_eq!(
                g.view_as(viewer).claimed,
                taken,
                "{name}: {viewer:?}'s view"
            );
        }
    }
}
