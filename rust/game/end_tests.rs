//! The end of a hand (`end.rs`): the win's result, a drawn hand, and the settlement's
//! deltas (always summing to zero), case by case from explicit walls.

use super::turn_tests::{act, deal};
use super::*;

/// Each case: its name, rules, hands (dealer 0 first), draws, replacements, the steps
/// played, whether the wall is then played out (every seat discards what it draws and
/// passes every claim), and the result: the winner, how it won, the discarder, the win's
/// points and factor, the deltas.
type EndCase = (
    &'static str,
    &'static str,
    [&'static str; 4],
    &'static str,
    &'static str,
    &'static [(u8, &'static str)],
    bool,
    (
        Option<u8>,
        Option<WinKind>,
        Option<u8>,
        (u32, u32),
        [i32; 4],
    ),
);

/// The dealer's hand that declares with 5s, waiting on 9p.
const READY: &str = "111m678m456p789s5s9p";
/// Fourteen kinds, no pair: never offered a claim, never ready enough to matter.
const DEALER_QUIET: &str = "12345m468p579s167z";
const DEALER: &str = "12345m468p579s677z";
/// Seat 1 declares with 1z waiting on 4s and 7s; seat 2 with 3z waiting on 7p.
const WAITS_47S: &str = "123m345m678p99p56s";
const WAITS_7P: &str = "456m123p22z111s89p";
const QUEYIMEN: [&str; 3] = ["6789m1234p56789s", "6789m56789p1234s", "6789m13579p2468s"];

/// The hands played to their end.
const ENDS: &[EndCase] = &[
    (
        "self-draw by a declared seat: 2p from each other seat",
        "default",
        [READY, "", "", ""],
        "2m2m2m9p",
        "",
        &[
            (0, "declare 5s"),
            (1, "discard 2m"),
            (2, "discard 2m"),
            (3, "discard 2m"),
            (0, "self_draw_win"),
        ],
        false,
        (
            Some(0),
            Some(WinKind::SelfDraw),
            None,
            (9, 1),
            [54, -18, -18, -18],
        ),
    ),
    (
        "dealer_bonus: each share of the dealer's win 5 larger",
        "default,dealer_bonus",
        [READY, "", "", ""],
        "2m2m2m9p",
        "",
        &[
            (0, "declare 5s"),
            (1, "discard 2m"),
            (2, "discard 2m"),
            (3, "discard 2m"),
            (0, "self_draw_win"),
        ],
        false,
        (
            Some(0),
            Some(WinKind::SelfDraw),
            None,
            (9, 1),
            [69, -23, -23, -23],
        ),
    ),
    (
        "a concealed kong, then the self-draw on its replacement: both paid",
        "default",
        [READY, "", "", ""],
        "2m2m2m1m",
        "9p",
        &[
            (0, "declare 5s"),
            (1, "discard 2m"),
            (2, "discard 2m"),
            (3, "discard 2m"),
            (0, "concealed_kong 1m"),
            (0, "self_draw_win"),
        ],
        false,
        (
            Some(0),
            Some(WinKind::SelfDraw),
            None,
            (9, 1),
            [60, -20, -20, -20],
        ),
    ),
    (
        "a win on an undeclared seat's discard: it pays all three shares (点炮包胡)",
        "default",
        [DEALER, WAITS_47S, "", ""],
        "1z7s",
        "",
        &[
            (0, "discard 6z"),
            (1, "declare 1z"),
            (2, "discard 7s"),
            (1, "win"),
        ],
        false,
        (
            Some(1),
            Some(WinKind::Discard),
            Some(2),
            (7, 1),
            [0, 21, -21, 0],
        ),
    ),
    (
        "a win on a declared seat's discard: every other seat pays its share",
        "default",
        [DEALER, WAITS_47S, WAITS_7P, ""],
        "1z3z5z5z5z7s",
        "",
        &[
            (0, "discard 6z"),
            (1, "declare 1z"),
            (2, "declare 3z"),
            (3, "discard 5z"),
            (0, "discard 5z"),
            (1, "win"),
        ],
        false,
        (
            Some(1),
            Some(WinKind::Discard),
            Some(2),
            (7, 1),
            [-7, 21, -7, -7],
        ),
    ),
    (
        "a drawn hand pays nothing",
        "default",
        [DEALER_QUIET, "", "", ""],
        "",
        "",
        &[],
        true,
        (None, None, None, (0, 1), [0; 4]),
    ),
    (
        "a drawn hand voids its kongs (荒庄荒杠)",
        "default",
        ["1111m35m468p579s12z", "", "", ""],
        "",
        "",
        &[(0, "concealed_kong 1m")],
        true,
        (None, None, None, (0, 1), [0; 4]),
    ),
    (
        "queyimen: a drawn hand's concealed kong is paid, 2 from each other seat",
        "queyimen",
        ["1111m2345m2468p35s", QUEYIMEN[0], QUEYIMEN[1], QUEYIMEN[2]],
        "",
        "",
        &[(0, "concealed_kong 1m")],
        true,
        (None, None, None, (0, 1), [6, -2, -2, -2]),
    ),
    (
        "queyimen: a self-draw of fan 2 (平胡, 自摸) is paid by each other seat",
        "queyimen",
        ["111m234m555m33m234p", QUEYIMEN[0], QUEYIMEN[1], QUEYIMEN[2]],
        "",
        "",
        &[(0, "self_draw_win")],
        false,
        (
            Some(0),
            Some(WinKind::SelfDraw),
            None,
            (2, 1),
            [6, -2, -2, -2],
        ),
    ),
    (
        "hebei: two winners on the dealer's discard, each 门清 ×2, the dealer paying double",
        "hebei,flowers=false,hun=false",
        [
            "12345m468p569s677z",
            "123m456p789p11z78s",
            "456m123p22z45s999s",
            "",
        ],
        "",
        "",
        &[(0, "discard 6s"), (2, "win"), (1, "win")],
        false,
        (
            Some(1),
            Some(WinKind::Discard),
            Some(0),
            (1, 2),
            [-8, 4, 4, 0],
        ),
    ),
];

#[test]
fn hand_results_and_settlements() {
    for &(name, rules_text, hands, draws, repl, steps, play_out, expected) in ENDS {
        let mut g = deal(rules_text, hands, draws, repl);
        for &(seat, text) in steps {
            act(&mut g, name, seat, text);
        }
        while play_out && g.phase() != Phase::Over {
            let seat = g.first_to_act().expect("someone to act");
            let legal = g.legal_actions(seat).expect("a seat");
            let code = if legal.contains(&Act::Pass.code(0)) {
                Act::Pass.code(0)
            } else {
                Act::Discard.code(g.drawn().expect("a drawn tile"))
            };
            act(&mut g, name, seat, &describe(code));
        }
        assert_eq!(g.phase(), Phase::Over, "{name}: over");
        let r = g.result().expect("a result");
        let (winner, kind, discarder, points, deltas) = expected;
        let got = (
            r.winner,
            r.win_kind,
            r.discarder,
            (r.points, r.factor),
            r.deltas,
        );
        assert_eq!(got, (winner, kind, discarder, points, deltas), "{name}");
        assert_eq!(
            r.deltas.iter().sum::<i32>(),
            0,
            "{name}: deltas sum to zero"
        );
        let transfers: i32 = r.transfers.iter().map(|t| t.amount).sum();
        assert_eq!(
            transfers,
            r.deltas.iter().filter(|&&d| d > 0).sum::<i32>(),
            "{name}: the transfers are the gains"
        );
        assert!(g.to_act().is_empty(), "{name}: nobody to act");
    }
}

/// `bird_changes` against the contract's bird (RULES-changsha): on a discard win it doubles
/// what the discarder pays when it hits the winner or the discarder; on a self-draw it
/// doubles every payer when it hits the winner, else only the payer it hits. Seeded hands
/// of random play, every change an exact double; no bird, no change.
#[test]
fn the_bird_changes_the_transfers_it_doubles() {
    let (mut hits, mut misses) = (0, 0);
    for (rules, seed) in (0..3000).map(|s| ("changsha", s)).chain([("taiyuan", 1)]) {
        let rules = crate::profiles::Rules::parse(rules).expect("a preset");
        let mut g = GameCore::seeded(rules, 0, seed, [0; 4]).expect("a hand");
        let mut rng = crate::rng::Rng::new(seed);
        while let Some(seat) = g.first_to_act() {
            let legal = g.legal_actions(seat).expect("a seat");
            g.step(seat, legal[rng.below(legal.len() as u64) as usize])
                .expect("legal");
        }
        let r = g.result().expect("over").clone();
        let changes = g.bird_changes();
        let Some(bird) = r.bird else {
            assert!(changes.is_empty(), "seed {seed}: no bird, no change");
            continue;
        };
        let doubled = |t: &Transfer| match r.discarder {
            Some(d) if t.reason == "win" => bird.seat == t.payee || bird.seat == d,
            _ => bird.seat == t.payee || bird.seat == t.payer,
        };
        for (i, t) in r.transfers.iter().enumerate() {
            let change = changes.iter().find(|c| c.0 == i);
            if doubled(t) {
                assert_eq!(
                    change,
                    Some(&(i, t.amount / 2)),
                    "seed {seed}: {t:?} doubled"
                );
                hits += 1;
            } else {
                assert_eq!(change, None, "seed {seed}: {t:?} untouched by {bird:?}");
                misses += 1;
            }
        }
    }
    assert!(hits > 10 && misses > 10, "both kinds seen: {hits} {misses}");
}
