//! A seat's turn (`turn.rs`): which actions are legal on it and what each does, case by
//! case from explicit walls. Also the walls the other `*_tests.rs` of the state machine
//! build their positions with.

use super::*;
use crate::profiles::Rules;

/// Three 13-tile hands of distinct kinds (no pair: never offered a pong, never ready), for
/// the seats a case does not care about. Together they hold no 1m–5m, one of each other
/// suited kind but 8m and 9m (two), and two or three of each honor.
pub(super) const QUIET: [&str; 3] = ["147p258s1234567z", "789m258p369s1234z", "689m369p147s1567z"];

pub(super) fn rules(text: &str) -> Rules {
    Rules::parse(text).expect("valid rules")
}

pub(super) fn tiles(text: &str) -> Vec<u8> {
    crate::tiles::parse(text).expect("valid tiles")
}

/// The full wall (docs/rules.md §2 order) dealing `hands` from dealer 0: `hands[0]` is the
/// dealer's 14 tiles, its last the 14th; `hands[1..]` are 13 tiles each, `""` for the
/// seat's [`QUIET`] hand. Then the ordinary `draws`, the rest of the tiles in play (kinds
/// taking turns, highest first), and the `replacements` drawn from the back, in order.
pub(super) fn wall(r: &Rules, hands: [&str; 4], draws: &str, replacements: &str) -> Vec<u8> {
    let hand = |s: usize| {
        tiles(if s > 0 && hands[s].is_empty() {
            QUIET[s - 1]
        } else {
            hands[s]
        })
    };
    let dealer = hand(0);
    assert_eq!(dealer.len(), 14, "the dealer's hand");
    let mut front = dealer[..13].to_vec();
    for s in 1..4 {
        let h = hand(s);
        assert_eq!(h.len(), 13, "seat {s}'s hand");
        front.extend(h);
    }
    front.push(dealer[13]);
    front.extend(tiles(draws));
    let mut back = tiles(replacements);
    back.reverse();
    let kinds = r.profile().wall(r).kinds;
    let mut left: Vec<u8> = (0..crate::tiles::KINDS as u8)
        .map(|k| if kinds >> k & 1 == 1 { 4 } else { 0 })
        .collect();
    for &t in front.iter().chain(&back) {
        assert!(left[t as usize] > 0, "a fifth tile of kind {t}");
        left[t as usize] -= 1;
    }
    while left.iter().any(|&c| c > 0) {
        for k in (0..left.len()).rev() {
            if left[k] > 0 {
                left[k] -= 1;
                front.push(k as u8);
            }
        }
    }
    front.extend(back);
    front
}

/// The hand of [`wall`] under `rules_text`, dealer 0, no wildcards, scores 0.
pub(super) fn deal(rules_text: &str, hands: [&str; 4], draws: &str, repl: &str) -> GameCore {
    let r = rules(rules_text);
    let w = wall(&r, hands, draws, repl);
    let mut g = GameCore::new(r, 0, w, vec![], [0; 4]).expect("a valid wall");
    g.validate().expect("valid at the deal");
    g
}

/// `seat`'s legal actions as text (`describe`), in order.
pub(super) fn legal_text(g: &mut GameCore, seat: u8) -> String {
    let legal = g.legal_actions(seat).expect("a seat");
    legal
        .iter()
        .map(|&c| describe(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `seat` takes the legal action described `text`; the state stays valid.
pub(super) fn act(g: &mut GameCore, name: &str, seat: u8, text: &str) {
    let legal = g.legal_actions(seat).expect("a seat");
    let Some(&code) = legal.iter().find(|&&c| describe(c) == text) else {
        panic!(
            "{name}: {text} is not legal for seat {seat}: {}",
            legal_text(g, seat)
        );
    };
    g.step(seat, code)
        .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
    g.validate()
        .unwrap_or_else(|e| panic!("{name}: invalid after seat {seat} {text}: {e}"));
}

/// Each case: its name, rules, hands (dealer 0 first), draws, replacements, the steps
/// before (seat, action), the exact legal actions then of the seat on turn, the action it
/// takes, and after it: the phase, the first seat to act, the seats declared, the dealer's
/// discards.
type TurnCase = (
    &'static str,
    &'static str,
    [&'static str; 4],
    &'static str,
    &'static str,
    &'static [(u8, &'static str)],
    &'static str,
    &'static str,
    (Phase, Option<u8>, [bool; 4], &'static str),
);

/// The dealer's hand that declares: discarding 5s leaves it waiting on 9p (worth 9),
/// discarding 9p leaves it waiting on 5s (worth 5, not enough).
const READY: &str = "111m678m456p789s5s9p";

/// The dealer declares with 5s, the three others discard the 2m each draws.
const DECLARED: &[(u8, &str)] = &[
    (0, "declare 5s"),
    (1, "discard 2m"),
    (2, "discard 2m"),
    (3, "discard 2m"),
];

/// The turns.
const TURNS: &[TurnCase] = &[
    (
        "not ready: one discard per held kind, then the next seat draws",
        "default",
        ["12345m468p579s677z", "", "", ""],
        "",
        "",
        &[],
        "discard 1m, discard 2m, discard 3m, discard 4m, discard 5m, discard 4p, \
         discard 6p, discard 8p, discard 5s, discard 7s, discard 9s, discard 6z, \
         discard 7z",
        "discard 6z",
        (Phase::Turn, Some(1), [false; 4], "6z"),
    ),
    (
        "报听 is offered only on a discard leaving a wait worth 6 or more",
        "default",
        [READY, "", "", ""],
        "",
        "",
        &[],
        "declare 5s, discard 1m, discard 6m, discard 7m, discard 8m, discard 4p, \
         discard 5p, discard 6p, discard 9p, discard 5s, discard 7s, discard 8s, \
         discard 9s",
        "declare 5s",
        (Phase::Turn, Some(1), [true, false, false, false], "5s"),
    ),
    (
        "a complete hand undeclared: no self-draw win under 报听, only declarations",
        "default",
        ["111m678m456p789s99p", "", "", ""],
        "",
        "",
        &[],
        "declare 1m, declare 6m, declare 7m, declare 8m, declare 4p, declare 6p, \
         declare 9p, declare 7s, declare 8s, declare 9s, discard 1m, discard 6m, \
         discard 7m, discard 8m, discard 4p, discard 5p, discard 6p, discard 9p, \
         discard 7s, discard 8s, discard 9s",
        "discard 9p",
        (Phase::Turn, Some(1), [false; 4], "9p"),
    ),
    (
        "a declared seat draws its winning tile: self-draw win or the drawn tile",
        "default",
        [READY, "", "", ""],
        "2m2m2m9p",
        "",
        DECLARED,
        "self_draw_win, discard 9p",
        "self_draw_win",
        (Phase::Over, None, [true, false, false, false], "5s"),
    ),
    (
        "a declared seat passes its self-draw: the drawn tile goes",
        "default",
        [READY, "", "", ""],
        "2m2m2m9p",
        "",
        DECLARED,
        "self_draw_win, discard 9p",
        "discard 9p",
        (Phase::Turn, Some(1), [true, false, false, false], "5s9p"),
    ),
    (
        "a declared seat's other draws are discarded for it",
        "default",
        [READY, "", "", ""],
        "2m2m2m3m",
        "",
        &[(0, "declare 5s"), (1, "discard 2m"), (2, "discard 2m")],
        "discard 2m, discard 6m, discard 8m, discard 9m, discard 3p, discard 6p, \
         discard 9p, discard 1s, discard 4s, discard 7s, discard 1z, discard 5z, \
         discard 6z, discard 7z",
        "discard 2m",
        (Phase::Turn, Some(1), [true, false, false, false], "5s3m"),
    ),
    (
        "a declared seat kongs only its drawn tile; the replacement wins or goes",
        "default",
        [READY, "", "", ""],
        "2m2m2m1m",
        "9p",
        DECLARED,
        "concealed_kong 1m, discard 1m",
        "concealed_kong 1m",
        (Phase::Turn, Some(0), [true, false, false, false], "5s"),
    ),
    (
        "must_win: the declared seat's self-draw is taken for it",
        "default,must_win",
        [READY, "", "", ""],
        "2m2m2m9p",
        "",
        &[(0, "declare 5s"), (1, "discard 2m"), (2, "discard 2m")],
        "discard 2m, discard 6m, discard 8m, discard 9m, discard 3p, discard 6p, \
         discard 9p, discard 1s, discard 4s, discard 7s, discard 1z, discard 5z, \
         discard 6z, discard 7z",
        "discard 2m",
        (Phase::Over, None, [true, false, false, false], "5s"),
    ),
    (
        "an undeclared seat's concealed kong: laid, then a replacement from the back",
        "default",
        ["1111m35m468p579s12z", "", "", ""],
        "",
        "2m",
        &[],
        "concealed_kong 1m, discard 1m, discard 3m, discard 5m, discard 4p, discard 6p, \
         discard 8p, discard 5s, discard 7s, discard 9s, discard 1z, discard 2z",
        "concealed_kong 1m",
        (Phase::Turn, Some(0), [false; 4], ""),
    ),
    (
        "an added kong on a later turn's draw, with a replacement after it",
        "default",
        ["12345m468p579s677z", "33m147p258s12345z", "", ""],
        "2p2p2p3m",
        "4m",
        &[
            (0, "discard 3m"),
            (1, "pong"),
            (1, "discard 5z"),
            (2, "discard 2p"),
            (3, "discard 2p"),
            (0, "discard 2p"),
        ],
        "added_kong 3m, discard 3m, discard 1p, discard 4p, discard 7p, discard 2s, \
         discard 5s, discard 8s, discard 1z, discard 2z, discard 3z, discard 4z",
        "added_kong 3m",
        (Phase::Turn, Some(1), [false; 4], "3m2p"),
    ),
    (
        "queyimen: no 报听, a complete hand lacking a suit self-draws at once",
        "queyimen",
        [
            "111m234m555m33m234p",
            "6789m1234p56789s",
            "6789m56789p1234s",
            "6789m13579p2468s",
        ],
        "",
        "",
        &[],
        "self_draw_win, discard 1m, discard 2m, discard 3m, discard 4m, discard 5m, \
         discard 2p, discard 3p, discard 4p",
        "self_draw_win",
        (Phase::Over, None, [false; 4], ""),
    ),
];

#[test]
fn turn_actions_and_their_effects() {
    for &(name, rules_text, hands, draws, repl, before, legal, action, after) in TURNS {
        let mut g = deal(rules_text, hands, draws, repl);
        for &(seat, text) in before {
            act(&mut g, name, seat, text);
        }
        assert_eq!(g.phase(), Phase::Turn, "{name}: on turn");
        let seat = g.turn();
        assert_eq!(legal_text(&mut g, seat), legal, "{name}: legal actions");
        act(&mut g, name, seat, action);
        let (phase, first, declared, discards) = after;
        assert_eq!(g.phase(), phase, "{name}: phase after {action}");
        assert_eq!(g.first_to_act(), first, "{name}: to act after {action}");
        assert_eq!(g.declared(), declared, "{name}: declared seats");
        let dealer: Vec<u8> = g.discards(0).iter().map(|d| d.0).collect();
        assert_eq!(dealer, tiles(discards), "{name}: the dealer's discards");
    }
}
