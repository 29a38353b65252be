//! A judge's verdict (`GameCore::end_by_verdict`): what it scores under the botzone rules,
//! when it is refused, and its replay from the log.

use super::*;
use crate::error::Error;
use crate::outcome::{HandEnd, Verdict};
use crate::profiles::Rules;
use crate::rng::Rng;

fn botzone(seed: u64) -> GameCore {
    GameCore::seeded(Rules::parse("botzone").unwrap(), 0, seed, [0; 4]).unwrap()
}

/// The log as JSON values.
fn log_of(g: &GameCore) -> Vec<serde_json::Value> {
    g.events()
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect()
}

#[test]
fn a_verdict_costs_the_offender_30_and_pays_each_other_seat_10() {
    let mut rng = Rng::new(5);
    for (n, verdict) in Verdict::ALL.into_iter().enumerate() {
        let mut g = botzone(n as u64);
        // Some random play first, to a claim, a rob or a turn.
        for _ in 0..rng.below(60) {
            let Some(seat) = g.first_to_act() else { break };
            let legal = g.legal_actions(seat).unwrap();
            g.step(seat, legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
        }
        if g.phase() == Phase::Over {
            continue;
        }
        let offender = (n % 4) as u8;
        g.end_by_verdict(offender, verdict).unwrap();
        g.validate().unwrap_or_else(|e| panic!("{verdict}: {e}"));
        let r = g.result().unwrap().clone();
        assert_eq!(
            (r.end, r.verdict),
            (HandEnd::Verdict, Some((offender, verdict)))
        );
        let mut want = [10; 4];
        want[offender as usize] = -30;
        assert_eq!(r.deltas, want, "{verdict}");
        assert!(r
            .transfers
            .iter()
            .all(|t| t.reason == "verdict" && t.payer == offender));
        assert!(r.winner.is_none() && r.wins.is_empty());
        let log = log_of(&g);
        let event = &log[log.len() - 2];
        assert_eq!(
            event,
            &serde_json::json!({"type": "verdict", "seat": offender, "verdict": verdict.name()})
        );
        assert_eq!(log[log.len() - 1]["result"]["end"], "verdict");
        assert_eq!(
            log[log.len() - 1]["result"]["verdict"],
            serde_json::json!([offender, verdict.name()])
        );
        let back = GameCore::replay(&log).unwrap_or_else(|e| panic!("{verdict}: {e}"));
        assert_eq!(back.result(), Some(&r), "{verdict}: replayed");
        assert_eq!(back.events(), g.events());
    }
}

#[test]
fn a_verdict_is_refused_without_verdicts_a_seat_or_a_hand_to_end() {
    let mut g = botzone(1);
    match g.end_by_verdict(4, Verdict::WA) {
        Err(Error::Argument(m)) => assert!(m.contains("seat 0–3, got 4"), "{m}"),
        other => panic!("a bad seat: {other:?}"),
    }
    g.end_by_verdict(1, Verdict::TLE).unwrap();
    match g.end_by_verdict(2, Verdict::WA) {
        Err(Error::Argument(m)) => assert!(m.contains("the hand is over"), "{m}"),
        other => panic!("a hand over: {other:?}"),
    }
    for rules in ["guobiao", "guobiao,flowers=false", "taiyuan", "sichuan"] {
        let mut g = GameCore::seeded(Rules::parse(rules).unwrap(), 0, 3, [0; 4]).unwrap();
        let before = g.events().len();
        match g.end_by_verdict(0, Verdict::WA) {
            Err(Error::Rules(m)) => assert!(m.contains("have no verdicts"), "{rules}: {m}"),
            other => panic!("{rules}: {other:?}"),
        }
        assert_eq!(g.events().len(), before, "{rules}: nothing changes");
    }
    let mut log = log_of(&g);
    let n = log.len() - 2;
    log[n]["verdict"] = "XX".into();
    match GameCore::replay(&log) {
        Err(Error::EventLog(m)) => assert!(m.contains("unknown verdict \"XX\""), "{m}"),
        other => panic!("a bad verdict: {:?}", other.map(|_| ())),
    }
}

#[test]
fn a_verdict_replaces_the_end_of_a_hand_the_engine_drew() {
    // Thirteen tiles a part: the dealer's first draw finds its part empty, before any
    // decision, as the judge's deal turn still asks every seat.
    let parts = [
        "123456789m 1234p",
        "123456789s 1234p",
        "123456789m 1234z",
        "123456789s 5678p",
    ];
    let mut wall = Vec::new();
    for part in parts {
        wall.extend(crate::tiles::parse(part).unwrap().into_iter().rev());
    }
    let rules = Rules::parse("botzone").unwrap();
    let mut g = GameCore::new(rules, 0, wall, vec![], [0; 4]).unwrap();
    assert_eq!(g.result().map(|r| r.end), Some(HandEnd::Exhausted));
    g.end_by_verdict(3, Verdict::NJ).unwrap();
    g.validate().unwrap();
    let r = g.result().unwrap().clone();
    assert_eq!((r.end, r.deltas), (HandEnd::Verdict, [10, 10, 10, -30]));
    let log = log_of(&g);
    let types: Vec<&str> = log.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["start_hand", "verdict", "end_hand"]);
    assert_eq!(GameCore::replay(&log).unwrap().result(), Some(&r));
    // A won hand stays won.
    let mut rng = Rng::new(3);
    for seed in 0..200 {
        let mut g = botzone(seed);
        while let Some(seat) = g.first_to_act() {
            let legal = g.legal_actions(seat).unwrap();
            let win = legal
                .iter()
                .find(|&&c| matches!(Act::of(c), Act::Win | Act::SelfDrawWin));
            let pick = win
                .copied()
                .unwrap_or(legal[rng.below(legal.len() as u64) as usize]);
            g.step(seat, pick).unwrap();
        }
        if g.result().unwrap().end == HandEnd::Win {
            match g.end_by_verdict(0, Verdict::WA) {
                Err(Error::Argument(m)) => assert!(m.contains("the hand is over"), "{m}"),
                other => panic!("a won hand: {other:?}"),
            }
            return;
        }
    }
    panic!("no hand was won");
}
