//! Games judged from explicit walls: the turns, the order of checks, the endings.

use serde_json::{json, Value};

use super::input::{init_data, Answers, SeatAnswer};
use super::tiles;
use super::{check_log, judge_program, Judge};

/// A 136-tile wall whose part `i` gives its seat the tiles of `takes[i]` first (its deal,
/// then its draws, in the order taken); the rest filled from the remaining tiles.
pub(super) fn wall(takes: [&str; 4]) -> String {
    let mut left = [4u8; 34];
    let parts: Vec<Vec<u8>> = takes
        .iter()
        .map(|t| {
            t.split_whitespace()
                .map(|n| {
                    let k = tiles::parse(n).expect("a tile");
                    left[k as usize] -= 1;
                    k
                })
                .collect()
        })
        .collect();
    let mut rest = (0..34u8).flat_map(|k| std::iter::repeat_n(k, left[k as usize] as usize));
    let mut names = Vec::new();
    for p in &parts {
        let mut part: Vec<u8> = p.clone();
        while part.len() < 34 {
            part.push(rest.next().expect("136 tiles"));
        }
        part.reverse();
        names.extend(part.iter().map(|&t| tiles::name(t)));
    }
    names.join(" ")
}

fn answers(texts: [&str; 4]) -> Answers {
    texts.map(|t| {
        Some(SeatAnswer {
            verdict: "OK".into(),
            response: t.into(),
        })
    })
}

fn judge(takes: [&str; 4]) -> Judge {
    Judge::new(init_data(&json!({"walltiles": wall(takes), "quan": 0, "srand": 1})).unwrap())
        .unwrap()
}

/// Answer `texts`, returning the next output.
fn step(j: &mut Judge, texts: [&str; 4]) -> Value {
    j.answer(&answers(texts)).unwrap().clone()
}

const PASS: [&str; 4] = ["PASS"; 4];

#[test]
fn every_seat_plays_its_draw_until_a_part_runs_out() {
    let mut j = judge(["", "", "", ""]);
    assert_eq!(j.output()["display"]["action"], "INIT");
    assert_eq!(j.output()["content"]["2"], "0 2 0");
    let deal = step(&mut j, PASS);
    assert_eq!(deal["display"]["action"], "DEAL");
    assert_eq!(deal["display"]["tileCnt"], json!([21, 21, 21, 21]));
    let mut out = step(&mut j, PASS);
    let mut turns = 0;
    while out["command"] == "request" {
        turns += 1;
        let action = out["display"]["action"].as_str().unwrap().to_owned();
        let mut texts = [
            "PASS".to_owned(),
            "PASS".into(),
            "PASS".into(),
            "PASS".into(),
        ];
        if action == "DRAW" {
            let p = out["display"]["player"].as_u64().unwrap() as usize;
            texts[p] = format!("PLAY {}", out["display"]["tile"].as_str().unwrap());
        }
        let refs: [&str; 4] = std::array::from_fn(|i| texts[i].as_str());
        out = step(&mut j, refs);
    }
    assert_eq!(out["display"]["action"], "HUANG", "{out}");
    assert_eq!(out["content"], json!({"0": 0, "1": 0, "2": 0, "3": 0}));
    // 21 draws and 21 discards from each part: the drawn hand when seat 0's part is empty.
    assert_eq!(turns, 2 * 84);
    assert_eq!(out["display"]["tileCnt"], json!([0, 0, 0, 0]));
    assert!(j.finished());
}

#[test]
fn the_program_replays_the_log() {
    let w = wall(["", "", "", ""]);
    let first: Value = serde_json::from_str(
        &judge_program(&format!(r#"{{"initdata": {{"walltiles": "{w}"}}}}"#)).unwrap(),
    )
    .unwrap();
    assert_eq!(first["initdata"]["walltiles"], w.as_str());
    let pass = json!({"0": {"verdict": "OK", "response": "PASS"}, "1": {"verdict": "OK", "response": "PASS"},
                      "2": {"verdict": "OK", "response": "PASS"}, "3": {"verdict": "OK", "response": "PASS"}});
    let input = json!({"initdata": first["initdata"], "log": [{"output": first}, pass]});
    let second: Value = serde_json::from_str(&judge_program(&input.to_string()).unwrap()).unwrap();
    assert_eq!(second["display"]["action"], "DEAL");
    let log = json!({"initdata": first["initdata"], "log": [{"output": first}, pass, {"output": second}]});
    assert_eq!(check_log(&log.to_string()).unwrap(), vec![]);
}

/// Seat 1 waits on F3 (or T8) with few fans; seat 0 draws F3.
const SMALL: [&str; 4] = [
    "B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 F1 F3",
    "W1 W2 W3 W5 W6 W7 B4 B5 B6 T8 T8 F3 F3",
    "",
    "",
];

/// The first draw's output reached, then `answers` to it (and to seat 0's F3 when `play`).
fn small(play: bool, texts: [&str; 4], verdicts: [&str; 4]) -> Value {
    let mut j = judge(SMALL);
    step(&mut j, PASS);
    step(&mut j, PASS);
    if play {
        step(&mut j, ["PLAY F3", "PASS", "PASS", "PASS"]);
    }
    let answers: Answers = std::array::from_fn(|s| {
        Some(SeatAnswer {
            verdict: verdicts[s].into(),
            response: texts[s].into(),
        })
    });
    j.answer(&answers).unwrap().clone()
}

#[test]
fn the_order_of_checks() {
    const OK: [&str; 4] = ["OK"; 4];
    // (on the discard?, answers, verdicts, the verdict and its seat)
    let cases: &[(bool, [&str; 4], [&str; 4], &str, u8)] = &[
        (true, ["HU", "HU", "PASS", "PASS"], OK, "WA", 0),
        (
            true,
            ["PASS", "HU", "PASS", "PASS"],
            ["OK", "OK", "TLE", "OK"],
            "WH",
            1,
        ),
        (
            true,
            ["PASS", "PASS", "HU", "PASS"],
            ["OK", "TLE", "OK", "OK"],
            "TLE",
            1,
        ),
        (true, ["PASS", "PASS", "PENG W1", "GANG"], OK, "WA", 2),
        (true, ["PASS", "CHI W4 W5", "PASS", "PASS"], OK, "WA", 1),
        (true, ["PASS", "PASS", "CHI W2 W3", "PENG W1"], OK, "WA", 3),
        (true, ["PASS", "PASS", "PASS ", "PASS"], OK, "WA", 2),
        (false, ["PASS", "PASS", "HU", "PASS"], OK, "WA", 0),
        (
            false,
            ["PLAY F3", "PASS", "HU", "PASS"],
            ["OK", "OK", "OK", "TLE"],
            "WA",
            2,
        ),
        (false, ["PLAY W9", "PASS", "PASS", "PASS"], OK, "WA", 0),
        (false, ["HU", "PASS", "PASS", "PASS"], OK, "WH", 0),
    ];
    for &(play, texts, verdicts, action, seat) in cases {
        let out = small(play, texts, verdicts);
        let d = &out["display"];
        assert_eq!(
            (d["action"].as_str(), d["player"].as_u64()),
            (Some(action), Some(u64::from(seat))),
            "{texts:?} {verdicts:?}: {out}"
        );
        let score: Vec<i64> = (0..4).map(|s| if s == seat { -30 } else { 10 }).collect();
        assert_eq!(d["score"], json!(score), "{texts:?}");
    }
}

#[test]
fn a_wrong_win_shows_the_calculators_answer() {
    let small_win = small(true, ["PASS", "HU", "PASS", "PASS"], ["OK"; 4]);
    let fans = small_win["display"]["fanCnt"].as_i64().unwrap();
    assert!((1..8).contains(&fans), "{small_win}");
    assert!(small_win["display"]["fan"].is_array());
    let no_win = small(true, ["PASS", "PASS", "PASS", "HU"], ["OK"; 4]);
    assert_eq!(no_win["display"]["fanCnt"], -3);
    assert!(no_win["display"].get("fan").is_none());
}

#[test]
fn check_names_each_difference() {
    let mut j = judge(SMALL);
    let mut log = vec![json!({"output": j.output()})];
    for texts in [PASS, PASS, ["PLAY F3", "PASS", "PASS", "PASS"]] {
        let entry: serde_json::Map<String, Value> = (0..4)
            .map(|s| {
                (
                    s.to_string(),
                    json!({"verdict": "OK", "response": texts[s]}),
                )
            })
            .collect();
        log.push(Value::Object(entry));
        log.push(json!({"output": step(&mut j, texts)}));
    }
    let init = json!({"walltiles": wall(SMALL), "quan": 0, "srand": 1});
    let text = json!({"initdata": init, "log": log}).to_string();
    assert_eq!(check_log(&text).unwrap(), vec![]);
    log[4]["output"]["display"]["tileCnt"] = json!([0, 0, 0, 0]);
    let text = json!({"initdata": init, "log": log}).to_string();
    let diffs = check_log(&text).unwrap();
    assert_eq!(diffs.len(), 1);
    assert_eq!(
        (diffs[0].turn, diffs[0].field.as_str()),
        (3, "display.tileCnt")
    );
    assert_eq!(diffs[0].logged, "[0,0,0,0]");
    log[3] = json!({"5": {"verdict": "OK", "response": "PASS"}});
    let text = json!({"initdata": init, "log": log}).to_string();
    assert!(check_log(&text).unwrap_err().0.contains("seat \"5\""));
}

#[test]
fn a_judge_of_a_dealt_game_plays_it_as_a_judge_of_its_wall_would() {
    use crate::game::GameCore;
    use crate::profiles::Rules;
    let game = GameCore::seeded(Rules::parse("botzone,quan=west").unwrap(), 0, 11, [0; 4]).unwrap();
    let mut of_game = Judge::for_game(game).unwrap();
    let init = of_game.init().to_json();
    assert_eq!(init["quan"], 2);
    let mut of_wall = Judge::new(init_data(&init).unwrap()).unwrap();
    assert_eq!(of_game.output(), of_wall.output());
    // Every seat passes, and each drawer plays its drawn tile, to the game's end.
    while !of_wall.finished() {
        let out = of_wall.output().clone();
        let texts: [String; 4] = std::array::from_fn(|s| {
            let request = out["content"][s.to_string()].as_str().unwrap_or("");
            match request.split(' ').collect::<Vec<_>>()[..] {
                ["2", tile] => format!("PLAY {tile}"),
                _ => "PASS".into(),
            }
        });
        let texts = texts.each_ref().map(String::as_str);
        assert_eq!(step(&mut of_game, texts), step(&mut of_wall, texts));
    }
    assert_eq!(of_game.game().events(), of_wall.game().events());

    let guobiao = GameCore::seeded(Rules::parse("guobiao").unwrap(), 0, 11, [0; 4]).unwrap();
    assert!(Judge::for_game(guobiao).is_err());
    let mut played = GameCore::seeded(Rules::parse("botzone").unwrap(), 0, 11, [0; 4]).unwrap();
    let discard = played.legal(0)[0];
    played.step(0, discard).unwrap();
    assert!(Judge::for_game(played).is_err());
}
