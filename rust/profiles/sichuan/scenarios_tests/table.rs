//! The table of the scenarios: a wall dealing chosen hands and draws, a hand begun from it,
//! actions taken by name, claims answered, and the ledger read back.

use crate::game::{describe, Act, GameCore, Phase};
use crate::outcome::deltas_of;
use crate::profiles::Rules;

/// A ledger transfer as the scenarios compare it: payer, payee, amount, reason, and the
/// index of the transfer it undoes.
pub(super) type Paid = (u8, u8, i32, &'static str, Option<u32>);

/// The tiles of `text` (`"123m55p"`), in order.
pub(super) fn tiles(text: &str) -> Vec<u8> {
    crate::tiles::parse(text).expect("valid tiles")
}

/// Sichuan with the default options but `options` (comma-separated, as `Rules::parse`
/// reads them).
pub(super) fn rules(options: &str) -> Rules {
    Rules::parse(&format!("sichuan,{options}")).expect("valid options")
}

/// The tiles of the 108 that `used` leaves, lowest kind first.
pub(super) fn rest_of(used: &[u8]) -> Vec<u8> {
    let mut left = [4u8; 27];
    for &t in used {
        assert!(left[t as usize] > 0, "a fifth tile of kind {t}");
        left[t as usize] -= 1;
    }
    (0..27u8)
        .flat_map(|k| std::iter::repeat_n(k, left[k as usize] as usize))
        .collect()
}

/// The tiles `hands` deal (docs/rules.md §2), in wall order: from dealer 0, 13 tiles each in
/// seat order, then the dealer's 14th (`hands[0]` holds 14 tiles, its last the 14th).
pub(super) fn dealt(hands: [&str; 4]) -> Vec<u8> {
    let dealer = tiles(hands[0]);
    assert_eq!(dealer.len(), 14, "the dealer's hand");
    let mut front = dealer[..13].to_vec();
    for (s, hand) in hands.iter().enumerate().skip(1) {
        let h = tiles(hand);
        assert_eq!(h.len(), 13, "seat {s}'s hand");
        front.extend(h);
    }
    front.push(dealer[13]);
    front
}

/// The full wall dealing `hands` from dealer 0, then the ordinary `draws` in order, then
/// the tiles left (kinds taking turns, highest first), then the `replacements` drawn from
/// the back, in order.
pub(super) fn wall_of(hands: [&str; 4], draws: &[u8], replacements: &[u8]) -> Vec<u8> {
    let mut front = dealt(hands);
    front.extend_from_slice(draws);
    let mut back = replacements.to_vec();
    back.reverse();
    let mut left = [0u8; 27];
    for t in rest_of(&[front.as_slice(), back.as_slice()].concat()) {
        left[t as usize] += 1;
    }
    while left.iter().any(|&n| n > 0) {
        for k in (0..27).rev() {
            if left[k] > 0 {
                left[k] -= 1;
                front.push(k as u8);
            }
        }
    }
    front.extend(back);
    front
}

/// The hand of [`wall_of`] (draws and replacements as text) under `options` with dealer 0,
/// scores 0, the exchange off, and each seat's void suit (0 万, 1 筒, 2 条) declared.
pub(super) fn begin(
    options: &str,
    hands: [&str; 4],
    draws: &str,
    replacements: &str,
    voids: [u8; 4],
) -> GameCore {
    let wall = wall_of(hands, &tiles(draws), &tiles(replacements));
    begin_wall(options, wall, voids)
}

/// The hand of an explicit `wall` under `options` (with the exchange off), every seat's
/// void suit declared: the dealer is on turn.
pub(super) fn begin_wall(options: &str, wall: Vec<u8>, voids: [u8; 4]) -> GameCore {
    let r = rules(&format!("exchange_three=false,{options}"));
    let mut g = GameCore::new(r, 0, wall, vec![], [0; 4]).expect("a valid wall");
    assert_eq!(
        g.phase(),
        Phase::Void,
        "without the exchange, the void suits come first"
    );
    for (seat, suit) in (0..4u8).zip(voids) {
        g.step(seat, Act::Void.code(suit)).expect("a void suit");
    }
    assert_eq!(g.voids(), voids.map(Some));
    assert_eq!(
        (g.phase(), g.turn()),
        (Phase::Turn, 0),
        "the dealer plays first"
    );
    g.validate().expect("valid");
    g
}

/// `seat`'s legal actions as text, in order.
pub(super) fn legal(g: &mut GameCore, seat: u8) -> Vec<String> {
    let legal = g.legal_actions(seat).expect("a seat");
    legal.iter().map(|&c| describe(c)).collect()
}

/// `seat` takes the legal action described `text` (`"discard 5m"`, `"pong"`); the state
/// stays valid.
pub(super) fn act(g: &mut GameCore, seat: u8, text: &str) {
    let codes = g.legal_actions(seat).expect("a seat");
    let Some(&code) = codes.iter().find(|&&c| describe(c) == text) else {
        panic!("{text} is not legal for seat {seat}: {:?}", legal(g, seat));
    };
    g.step(seat, code)
        .unwrap_or_else(|e| panic!("seat {seat} {text}: {e}"));
    g.validate()
        .unwrap_or_else(|e| panic!("invalid after seat {seat} {text}: {e}"));
}

/// `seat`, on turn, discards the tile it drew (`drawn`, checked).
pub(super) fn discard_drawn(g: &mut GameCore, seat: u8, drawn: &str) {
    assert_eq!(
        (g.phase(), g.turn()),
        (Phase::Turn, seat),
        "seat {seat} on turn"
    );
    assert_eq!(g.drawn(), Some(tiles(drawn)[0]), "seat {seat} drew {drawn}");
    act(g, seat, &format!("discard {drawn}"));
}

/// Seats `draws` in turn each draw the tile named and discard it, nobody being asked about
/// those discards.
pub(super) fn draw_and_discard(g: &mut GameCore, draws: &[(u8, &str)]) {
    for &(seat, tile) in draws {
        discard_drawn(g, seat, tile);
        assert_ne!(
            g.phase(),
            Phase::Claim,
            "nobody is asked about seat {seat}'s {tile}"
        );
    }
}

/// The seats asked about a discard or an added kong: those of `answers` take theirs, in
/// order, after every other seat asked has passed. Returns the seats that were asked.
pub(super) fn answer(g: &mut GameCore, answers: &[(u8, &str)]) -> Vec<u8> {
    assert!(
        g.phase().awaits_answers(),
        "seats are asked: {:?}",
        g.phase()
    );
    let asked = g.to_act();
    for &seat in &asked {
        if answers.iter().all(|a| a.0 != seat) {
            act(g, seat, "pass");
        }
    }
    for &(seat, text) in answers {
        act(g, seat, text);
    }
    asked
}

/// Play the rest of the hand without a claim or a win: every seat on turn discards the
/// tile it drew, every seat asked passes.
pub(super) fn quietly_to_the_end(g: &mut GameCore) {
    while let Some(seat) = g.first_to_act() {
        if g.phase() == Phase::Turn {
            let drawn = g.drawn().expect("a drawn tile");
            g.step(seat, Act::Discard.code(drawn))
                .unwrap_or_else(|e| panic!("seat {seat} discards what it drew: {e}"));
        } else {
            g.step(seat, Act::Pass.code(0)).expect("a pass");
        }
        g.validate().expect("valid");
    }
}

/// The ledger from its transfer `from` on.
pub(super) fn paid_since(g: &GameCore, from: usize) -> Vec<Paid> {
    g.ledger()[from..]
        .iter()
        .map(|t| (t.payer, t.payee, t.amount, t.reason, t.undoes))
        .collect()
}

/// The seats' deltas of the ledger from its transfer `from` on.
pub(super) fn deltas_since(g: &GameCore, from: usize) -> [i32; 4] {
    deltas_of(&g.ledger()[from..])
}
