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
