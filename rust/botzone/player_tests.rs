//! Built-in bots as Botzone bots, played under the judge: every answer accepted (no WA, no
//! WH), every game finished, each seat's world true to its requests (the engine's
//! invariants checked after every turn).

use super::input::{Answers, InitData, SeatAnswer};
use super::player::BotzonePlayer;
use super::request::Request;
use super::Judge;
use crate::bots::Bot;
use crate::rng::Rng;
use crate::tiles::{FIRST_FLOWER, FLOWERS, KINDS};

/// A shuffled wall of 136 tiles, or 144 with `flowers`.
fn shuffled_wall(seed: u64, flowers: bool) -> Vec<u8> {
    let mut wall: Vec<u8> = (0..KINDS as u8).flat_map(|k| [k; 4]).collect();
    if flowers {
        wall.extend(FIRST_FLOWER..FIRST_FLOWER + FLOWERS);
    }
    Rng::new(seed ^ 0x5eed).shuffle(&mut wall);
    wall
}

/// Play one game of `bots` (seat `i` is `bots[i]`) under the judge, each seat's world
/// validated after every turn when `validate`; returns the final display action, the
/// scores, and how many answers were choices.
fn play(bots: [Bot; 4], seed: u64, flowers: bool, quan: u8, validate: bool) -> (String, usize) {
    let init = InitData {
        wall: shuffled_wall(seed, flowers),
        quan,
        srand: 0,
        given_len: 0,
    };
    let mut judge = Judge::new(init).expect("a shuffled wall deals");
    judge.without_can_hu();
    let mut players: Vec<BotzonePlayer> = (0..4)
        .map(|s| BotzonePlayer::new(bots[s], seed * 4 + s as u64))
        .collect();
    let mut choices = 0;
    while !judge.finished() {
        let out = judge.output().clone();
        let answers: Answers = std::array::from_fn(|s| {
            let request = out["content"][s.to_string()].as_str().expect("a request");
            let p = &mut players[s];
            let response = p.answer(request).expect("the judge's request reads");
            let p = &players[s];
            assert!(
                p.broken().is_none(),
                "seed {seed} seat {s} turn {}: {:?}",
                judge.turn(),
                p.broken()
            );
            choices += usize::from(p.had_choice());
            if p.had_choice() && matches!(bots[s], Bot::Greedy | Bot::Expert) {
                // The bot sees in its world what it would see at the judge's table.
                let mut real = judge.game().clone();
                let mut bot = crate::bots::Player::new(bots[s], 0);
                let (_, want) = super::player::choose(&mut bot, &mut real, s as u8);
                assert_eq!(response, want, "seed {seed} seat {s} turn {}", judge.turn());
            }
            Some(SeatAnswer {
                verdict: "OK".into(),
                response,
            })
        });
        if validate {
            for (s, p) in players.iter_mut().enumerate() {
                if let Some(g) = p.world_game() {
                    let mut copy = g.clone();
                    copy.validate()
                        .unwrap_or_else(|e| panic!("seed {seed} seat {s}: {e}"));
                }
            }
        }
        judge.answer(&answers).expect("the game goes on");
    }
    let action = judge.output()["display"]["action"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    (action, choices)
}

#[test]
fn each_bot_plays_every_seat_with_and_without_flowers() {
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..24u64 {
        for bot in [Bot::Random, Bot::Greedy, Bot::Expert] {
            let flowers = seed % 2 == 1;
            let (action, _) = play([bot; 4], seed, flowers, (seed % 4) as u8, true);
            assert!(
                action == "HU" || action == "HUANG",
                "seed {seed} {bot:?}: the game ended {action}"
            );
            *ends.entry(action).or_insert(0) += 1;
        }
    }
    assert!(ends.contains_key("HU"), "{ends:?}");
}

/// Thousands of games, every bot at every seat, each prevalent wind, with and without
/// flowers (`cargo test --release --lib -- --ignored botzone_player_soak`).
#[test]
#[ignore = "a soak: thousands of games"]
fn botzone_player_soak() {
    let all = [Bot::Random, Bot::Greedy, Bot::Expert];
    for seed in 0..3000u64 {
        let bots = std::array::from_fn(|s| all[(seed as usize / 3usize.pow(s as u32)) % 3]);
        let (action, _) = play(
            bots,
            seed,
            seed % 2 == 0,
            (seed / 2 % 4) as u8,
            seed % 10 == 0,
        );
        assert!(action == "HU" || action == "HUANG", "seed {seed}: {action}");
    }
}

#[test]
fn mixed_tables_play_to_the_end() {
    for seed in 100..140u64 {
        let bots = [Bot::Greedy, Bot::Random, Bot::Expert, Bot::Random];
        let (action, choices) = play(bots, seed, seed % 3 == 0, (seed % 4) as u8, false);
        assert!(action == "HU" || action == "HUANG", "seed {seed}: {action}");
        assert!(choices > 0);
    }
}

#[test]
fn a_search_plays_from_its_world() {
    let search = Bot::parse("search:24").unwrap();
    for seed in 0..2u64 {
        let bots = [search, Bot::Greedy, search, Bot::Expert];
        let (action, _) = play(bots, seed, seed == 1, 1, true);
        assert!(action == "HU" || action == "HUANG", "seed {seed}: {action}");
    }
}

#[test]
fn replayed_history_answers_as_the_game_did() {
    // Restart mode: a fresh player given the history answers the last request as the
    // player that kept running did.
    let init = InitData {
        wall: shuffled_wall(7, true),
        quan: 2,
        srand: 0,
        given_len: 0,
    };
    let mut judge = Judge::new(init).unwrap();
    let mut players: Vec<BotzonePlayer> =
        (0..4).map(|s| BotzonePlayer::new(Bot::Greedy, s)).collect();
    let mut history: Vec<(String, String)> = Vec::new();
    while !judge.finished() {
        let out = judge.output().clone();
        let answers: Answers = std::array::from_fn(|s| {
            let request = out["content"][s.to_string()].as_str().unwrap().to_owned();
            let response = players[s].answer(&request).unwrap();
            if s == 1 {
                let mut fresh = BotzonePlayer::new(Bot::Greedy, 1);
                for (r, a) in &history {
                    fresh.replay(r, a).unwrap();
                }
                assert_eq!(
                    fresh.answer(&request).unwrap(),
                    response,
                    "turn {}",
                    history.len()
                );
                history.push((request, response.clone()));
            }
            Some(SeatAnswer {
                verdict: "OK".into(),
                response,
            })
        });
        judge.answer(&answers).unwrap();
    }
}

#[test]
fn bad_requests_are_refused() {
    let mut p = BotzonePlayer::new(Bot::Greedy, 0);
    assert!(
        p.answer("2 W1").is_err(),
        "the first request must be turn 1's"
    );
    assert!(p.answer("hello").is_err());
    assert_eq!(p.answer("0 1 0").unwrap(), "PASS");
    assert!(p.answer("0 1 0").is_err(), "turn 1 comes once");
    assert_eq!(Request::read("3 1 DRAW"), Some(Request::OtherDrew(1)));
}
