//! Sichuan through the engine: seeded random play of every option set with the engine's
//! invariants checked after every step and the profile's at the end of every hand; self-play
//! with the built-in bots.

use crate::bots::Bot;
use crate::game::{Event, GameCore};
use crate::outcome::{HandResult, WinKind};
use crate::profiles::Rules;
use crate::rng::Rng;
use crate::selfplay::{play, Length, Plan};

/// The option sets the soaks play: the defaults, each non-default value alone, and all the
/// non-defaults together.
pub(crate) fn option_sets() -> Vec<Rules> {
    let singles: [(&str, &str); 8] = [
        ("exchange_three", "false"),
        ("fan_cap", "4"),
        ("fan_cap", "5"),
        ("self_draw", "add_fan"),
        ("kong_bloom_pay", "provider"),
        ("call_transfer", "false"),
        ("tax_refund", "false"),
        ("heaven_earth", "true"),
    ];
    let base = Rules::of_profile("sichuan").expect("registered");
    let mut sets = vec![base];
    for (name, value) in singles {
        let mut r = base;
        r.set_text(name, value).expect("an option of sichuan");
        sets.push(r);
    }
    let mut all = base;
    for (name, value) in singles.iter().filter(|o| o.1 != "4") {
        all.set_text(name, value).expect("an option of sichuan");
    }
    sets.push(all);
    sets
}

/// The profile's invariants of a finished hand: deltas sum to zero and are the ledger's; each
/// seat wins at most once and leaves at its win; no winner holds a tile of its void suit; a
/// hand ends at its third win or an exhausted wall; every transfer belongs to an event and
/// undoes only an earlier one.
pub(crate) fn check_hand(game: &GameCore, result: &HandResult, what: &str) {
    assert_eq!(
        result.deltas.iter().sum::<i32>(),
        0,
        "{what}: deltas sum to 0"
    );
    assert_eq!(
        crate::outcome::deltas_of(&result.transfers),
        result.deltas,
        "{what}: the ledger explains every point"
    );
    let mut won = [false; 4];
    for w in &result.wins {
        assert!(!won[w.seat as usize], "{what}: seat {} wins twice", w.seat);
        won[w.seat as usize] = true;
        if let Some(suit) = game.voids()[w.seat as usize] {
            let tiles = game.hand(w.seat);
            let base = 9 * suit as usize;
            assert!(
                tiles[base..base + 9].iter().all(|&n| n == 0),
                "{what}: winner {} holds its void suit",
                w.seat
            );
        }
        if w.kind != WinKind::SelfDraw {
            assert!(
                w.discarder.is_some(),
                "{what}: a discard win has a discarder"
            );
        }
    }
    let winners = result.wins.len();
    match result.end {
        crate::outcome::HandEnd::Win => assert_eq!(winners, 3, "{what}: ends at the third win"),
        crate::outcome::HandEnd::Exhausted => assert!(winners < 3, "{what}"),
        crate::outcome::HandEnd::Verdict => panic!("{what}: no verdict ends a sichuan hand"),
    }
    for (i, t) in result.transfers.iter().enumerate() {
        assert!(
            t.event.is_some(),
            "{what}: transfer {i} belongs to an event"
        );
        assert!(t.amount > 0, "{what}: transfer {i} moves points");
        if let Some(u) = t.undoes {
            assert!((u as usize) < i, "{what}: transfer {i} undoes a later one");
            let undone = result.transfers[u as usize];
            let to = if t.reason == "refund" {
                undone.payer // 退税: back to its payer
            } else {
                t.payee // 呼叫转移: on to the winner
            };
            assert_eq!(
                (undone.payee, to, undone.amount),
                (t.payer, t.payee, t.amount),
                "{what}: transfer {i} returns or passes on {u}",
            );
        }
    }
}

/// Seeded play (the greedy bot's choices mixed with random ones) of `hands` hands of `rules`: `validate` after every step, no seat that
/// left ever acts, the hand's invariants at its end, and its log replays to the same result.
pub(crate) fn soak(rules: Rules, hands: u64, seed: u64) -> [u32; 4] {
    let mut rng = Rng::new(seed);
    let mut seen = [0u32; 4]; // hands with several winners at once, play after a win, passed on, refunds
    for h in 0..hands {
        let what = format!("{} hand {h}", rules.describe());
        let mut game = GameCore::seeded(rules, (h % 4) as u8, seed ^ h, [0; 4]).expect("deals");
        while let Some(seat) = game.first_to_act() {
            assert!(
                game.left()[seat as usize].is_none(),
                "{what}: a seat that left acts"
            );
            // Mostly the greedy bot's choice (so that hands are won), else a random one.
            let action = if rng.below(10) < 7 {
                crate::bots::greedy::action(&mut game, seat)
            } else {
                let legal = game.legal_actions(seat).expect("a seat");
                legal[rng.below(legal.len() as u64) as usize]
            };
            game.step(seat, action).expect("a legal action");
            if let Err(e) = game.validate() {
                let tail: Vec<String> = game.events()[game.events().len().saturating_sub(12)..]
                    .iter()
                    .map(|e| serde_json::to_string(e).unwrap_or_default())
                    .collect();
                panic!("{what}: {e}\nthe last events:\n{}", tail.join("\n"));
            }
        }
        let result = game.result().expect("over").clone();
        check_hand(&game, &result, &what);
        let log: Vec<serde_json::Value> = game
            .events()
            .iter()
            .map(|e| serde_json::to_value(e).expect("an event"))
            .collect();
        let replayed = GameCore::replay(&log).expect("replays");
        assert_eq!(replayed.result(), Some(&result), "{what}: replay");
        let wins: Vec<u32> = result.wins.iter().map(|w| w.event).collect();
        seen[0] += u32::from(wins.windows(2).any(|w| w[1] == w[0] + 1));
        seen[1] += u32::from(
            game.events()
                .iter()
                .any(|e| matches!(e, Event::Leave { .. })),
        );
        seen[2] += u32::from(result.transfers.iter().any(|t| t.reason == "passed_on"));
        seen[3] += u32::from(result.transfers.iter().any(|t| t.reason == "refund"));
    }
    seen
}

#[test]
fn random_play_keeps_every_invariant_in_every_option_set() {
    let mut total = [0; 4];
    for (i, rules) in option_sets().into_iter().enumerate() {
        let seen = soak(rules, 300, 1000 + i as u64);
        assert!(
            seen[1] > 100,
            "{}: play goes on after wins {seen:?}",
            rules.describe()
        );
        for (t, s) in total.iter_mut().zip(seen) {
            *t += s;
        }
    }
    assert!(total.iter().all(|&n| n > 0), "each case happens: {total:?}");
}

/// Self-play with the built-in bots, hands and matches, on one thread and on two: the same
/// records; greedy bots win hands.
#[test]
fn self_play_and_matches_run() {
    let rules = Rules::of_profile("sichuan").expect("registered");
    for bot in [Bot::Random, Bot::Greedy] {
        for length in [None, Some(Length::OneRound)] {
            let plan = Plan {
                rules,
                bots: [bot; 4],
                seed: 5,
                length,
                duplicate: false,
                log: true,
            };
            let one = play(&plan, 0, 20, 1).expect("plays");
            assert_eq!(
                one,
                play(&plan, 0, 20, 2).expect("plays"),
                "{bot:?} {length:?}"
            );
            if bot == Bot::Greedy && length.is_none() {
                let wins = one.records.iter().filter(|r| r.winner >= 0).count();
                assert!(wins > 10, "greedy wins {wins} of 20");
            }
        }
    }
}

/// The long soak (`cargo test --release -- --ignored sichuan_soak`; `.ci/run` runs it):
/// `KDD_SOAK_HANDS` hands (100,000 unless given) of every option set, on two threads.
#[test]
#[ignore = "long: run by .ci/run with --ignored"]
fn sichuan_soak() {
    let hands: u64 = std::env::var("KDD_SOAK_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let sets = option_sets();
    let numbered: Vec<(u64, Rules)> = (77..).zip(sets).collect();
    let (a, b) = numbered.split_at(numbered.len() / 2);
    std::thread::scope(|scope| {
        for half in [a, b] {
            scope.spawn(move || {
                for &(seed, rules) in half {
                    let start = std::time::Instant::now();
                    let seen = soak(rules, hands, seed);
                    eprintln!(
                        "{}: {hands} hands in {:.0?}, several winners at once / play on / passed on / refunds: {seen:?}",
                        rules.describe(),
                        start.elapsed()
                    );
                }
            });
        }
    });
}
