//! Botzone's wall in four parts (`WallRules::parts`, the `botzone` rules): the deal from
//! each part's end, the dealer's first draw, flowers, the drawn hand of an empty part (also
//! on a kong's replacement), the claims an empty part forbids, 妙手回春 and 海底捞月 by the
//! parts, explicit walls of any length and the walls refused, case by case from explicit
//! walls.

use super::turn_tests::{act, legal_text, rules, tiles};
use super::*;
use crate::error::Error;
use crate::outcome::{special, HandEnd};

/// The wall whose four parts, each listed in the order its seat takes the tiles (from the
/// part's end), are `parts`, followed by the tiles `past` (out of play).
fn parts_wall(parts: [&str; 4], past: &str) -> Vec<u8> {
    let parts = parts.map(tiles);
    let len = parts[0].len();
    let mut wall = Vec::new();
    for (seat, part) in parts.iter().enumerate() {
        assert_eq!(part.len(), len, "part {seat} is as long as part 0");
        wall.extend(part.iter().rev());
    }
    wall.extend(tiles(past));
    wall
}

/// The hand of `parts_wall(parts, past)` under `rules_text`, dealt by seat 0 and valid.
fn deal_parts(rules_text: &str, parts: [&str; 4], past: &str) -> GameCore {
    let w = parts_wall(parts, past);
    let mut g = GameCore::new(rules(rules_text), 0, w, vec![], [0; 4]).expect("a valid wall");
    g.validate().expect("valid at the deal");
    g
}

/// The event types of the log from `start` on.
fn types_from(g: &GameCore, start: usize) -> Vec<String> {
    g.events()[start..]
        .iter()
        .map(|e| {
            serde_json::to_value(e).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// Flowers in the deal: seat 0 deals `1f` and draws `2f` first, seat 2's part is all dealt
/// (three flowers among it), seat 1 may chow the dealer's 5p, seat 3 holds 7899p and
/// 123456789s.
const FLOWERS: [&str; 4] = [
    "1f 123456789m 1234p 2f 5p",
    "123456789s 5679p 9p 1z 2z",
    "3f 4f 5f 123456789m 567z 1z",
    "123456789s 7899p 5p 7z 6f",
];

#[test]
fn each_seat_is_dealt_from_its_parts_end_and_the_dealer_draws_first() {
    let g = deal_parts("botzone,flowers", FLOWERS, "");
    assert_eq!(g.hand(0), &crate::tiles::hand("123456789m12345p"), "dealer");
    assert_eq!(g.hand(1), &crate::tiles::hand("123456789s5679p"), "seat 1");
    assert_eq!(g.hand(2), &crate::tiles::hand("123456789m1567z"), "seat 2");
    assert_eq!(g.hand(3), &crate::tiles::hand("123456789s7899p"), "seat 3");
    assert_eq!(
        g.flowers(0),
        tiles("1f 2f"),
        "the dealt flower, then the drawn one"
    );
    assert_eq!(g.flowers(2), tiles("3f 4f 5f"), "seat 2's dealt flowers");
    assert_eq!(g.wall().parts(), Some([0, 3, 0, 3]));
    assert_eq!(g.wall_remaining(), 6);
    assert_eq!((g.phase(), g.turn(), g.drawn()), (Phase::Turn, 0, Some(13)));
    let log: Vec<serde_json::Value> = g.events()[1..]
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    let want = serde_json::json!([
        {"type": "flower", "seat": 0, "tile": 34},
        {"type": "flower", "seat": 2, "tile": 36},
        {"type": "flower", "seat": 2, "tile": 37},
        {"type": "flower", "seat": 2, "tile": 38},
        {"type": "draw", "seat": 0, "tile": 35, "replacement": false},
        {"type": "flower", "seat": 0, "tile": 35},
        {"type": "draw", "seat": 0, "tile": 13, "replacement": true},
    ]);
    assert_eq!(serde_json::Value::from(log), want);
    assert!(
        !g.self_draw_context().last_tile,
        "seat 1's part holds tiles"
    );
    let start = &g.events_for(Some(2))[0];
    assert_eq!(
        start["hand"],
        serde_json::json!(tiles("3f 4f 5f 123456789m 567z 1z"))
    );
}

#[test]
fn an_empty_part_after_the_discarder_closes_claims_but_not_wins() {
    let play = |last: &str| {
        let mut g = deal_parts("botzone,flowers", FLOWERS, "");
        act(&mut g, "parts", 0, "discard 5p");
        assert_eq!(
            legal_text(&mut g, 1),
            "chow 5p, pass",
            "seat 1's part holds tiles: the dealer's discard is claimed"
        );
        act(&mut g, "parts", 1, "pass");
        assert_eq!((g.turn(), g.drawn()), (1, Some(17)), "seat 1 draws 9p");
        assert!(
            g.self_draw_context().last_tile,
            "seat 2's part is empty: 妙手回春"
        );
        act(&mut g, "parts", 1, "discard 9p");
        assert_ne!(g.claim_moments & special::LAST_DISCARD, 0, "海底");
        assert_eq!(
            legal_text(&mut g, 3),
            "win, pass",
            "seat 3 holds 99p: no pong once seat 2's part is empty"
        );
        act(&mut g, "parts", 3, last);
        g
    };
    let won = play("win");
    let r = won.result().unwrap();
    assert_eq!(
        (r.end, r.winner, r.discarder),
        (HandEnd::Win, Some(3), Some(1))
    );
    assert!(
        r.score_items.iter().any(|i| i.name == "last_tile_claim"),
        "海底捞月: {:?}",
        r.score_items
    );
    let passed = play("pass");
    let r = passed.result().unwrap();
    assert_eq!(
        (r.end, r.deltas),
        (HandEnd::Exhausted, [0; 4]),
        "seat 2 draws from its empty part: drawn"
    );
}

/// Seat 2's part is all dealt; it holds 555z, which the dealer draws and discards.
const KONG_ON_EMPTY: [&str; 4] = [
    "1f 123456789m 1234p 2f 5z",
    "123456789s 5678p 9p 1z 2z",
    "3f 4f 5f 555z 123456789m 7z",
    "123456789s 7899p 5p 7z 6f",
];

#[test]
fn a_kongs_replacement_from_an_empty_part_ends_the_hand_drawn() {
    let mut g = deal_parts("botzone,flowers", KONG_ON_EMPTY, "");
    act(&mut g, "kong", 0, "discard 5z");
    assert_eq!(
        legal_text(&mut g, 2),
        "pong, kong, pass",
        "seat 1's part holds tiles"
    );
    act(&mut g, "kong", 2, "kong");
    let r = g.result().expect("over");
    assert_eq!(r.end, HandEnd::Exhausted);
    assert_eq!(
        types_from(&g, g.events().len() - 2),
        ["kong", "end_hand"],
        "no tile drawn"
    );
}

/// The dealer holds 111m and draws the fourth; `extra` tiles follow each part's first 14.
fn kong_parts(extra: bool, flowers_in_part_1: bool) -> GameCore {
    let more = |t: &'static str| if extra { t } else { "" };
    let p0 = format!("111m 2345678m 123p 1m {}", more("9m"));
    let p1 = if flowers_in_part_1 {
        "1f 2f 123456789s 4567p".to_owned()
    } else {
        format!("123456789s 4567p 1z {}", more("2z"))
    };
    let p2 = format!("123456789s 4567p 3z {}", more("4z"));
    let p3 = format!("2345678m 99m 89p 11s 5z {}", more("6z"));
    let rules = if flowers_in_part_1 {
        "botzone,flowers"
    } else {
        "botzone"
    };
    let w = parts_wall([&p0, &p1, &p2, &p3], "");
    let mut g = GameCore::new(super::turn_tests::rules(rules), 0, w, vec![], [0; 4]).unwrap();
    g.validate().unwrap();
    g
}

#[test]
fn a_concealed_kong_needs_the_makers_part_and_the_next_seats() {
    let mut g = kong_parts(true, false);
    assert!(
        legal_text(&mut g, 0).starts_with("concealed_kong 1m"),
        "both parts hold tiles"
    );
    act(&mut g, "kong", 0, "concealed_kong 1m");
    assert_eq!((g.turn(), g.drawn(), g.replacement), (0, Some(8), true));
    assert_eq!(g.wall().parts(), Some([0, 2, 2, 2]));
    let mut g = kong_parts(false, false);
    assert_eq!(g.wall().parts(), Some([0, 1, 1, 1]));
    assert!(
        !legal_text(&mut g, 0).contains("kong"),
        "the dealer's part is empty"
    );
    let mut g = kong_parts(true, true);
    assert_eq!(g.wall().parts(), Some([1, 0, 2, 2]));
    assert!(
        !legal_text(&mut g, 0).contains("kong"),
        "seat 1's part is empty"
    );
    assert!(
        g.self_draw_context().last_tile,
        "seat 1's part is empty: 妙手回春"
    );
}

#[test]
fn a_wall_is_cut_into_four_parts_and_its_tail_left_out() {
    // Fourteen tiles a part and three past them: the parts are 0–13, 14–27, 28–41, 42–55.
    let g = deal_parts(
        "botzone",
        [
            "123456789m 1234p 5p",
            "123456789s 1234p 5s",
            "123456789m 1234z 5p",
            "123456789s 5678p 5s",
        ],
        "9p 9p 9p",
    );
    assert_eq!(g.wall().tiles.len(), 56, "59 tiles cut to 4 × 14");
    assert_eq!(
        (g.wall_remaining(), g.wall().parts()),
        (3, Some([0, 1, 1, 1]))
    );
    assert_eq!(
        g.drawn(),
        Some(13),
        "the dealer's first draw is its part's 14th tile"
    );
    let mut g = deal_parts(
        "botzone",
        [
            "123456789m 1234p",
            "123456789s 1234p",
            "123456789m 1234z",
            "123456789s 5678p",
        ],
        "",
    );
    let r = g
        .result()
        .expect("the dealer's part is empty at its first draw");
    assert_eq!((r.end, g.phase()), (HandEnd::Exhausted, Phase::Over));
    g.validate().unwrap();
}

#[test]
fn walls_that_cannot_be_dealt_are_refused() {
    let wall_error = |rules_text: &str, wall: Vec<u8>| match GameCore::new(
        rules(rules_text),
        0,
        wall,
        vec![],
        [0; 4],
    ) {
        Err(Error::Wall(m)) => m,
        other => panic!("expected a wall error, got {:?}", other.map(|_| ())),
    };
    let good = parts_wall(KONG_ON_EMPTY, "");
    let mut unknown = good.clone();
    unknown[3] = 42;
    assert!(wall_error("botzone,flowers", unknown).contains("tile 42 at wall position 3"));
    assert!(
        wall_error("botzone", good.clone()).contains("is not in play"),
        "flowers only with the flowers option"
    );
    let mut fifth = good.clone();
    fifth.extend(tiles("5z"));
    assert!(wall_error("botzone,flowers", fifth).contains("copy number 5 (at most 4)"));
    let mut twice = good.clone();
    twice.extend(tiles("1f"));
    assert!(wall_error("botzone,flowers", twice).contains("copy number 2 (at most 1)"));
    let short: Vec<u8> = tiles("123456789m 123456789p 123456789s 1234567z 123456789m 123456789p")
        .into_iter()
        .take(51)
        .collect();
    assert!(wall_error("botzone", short).contains("too few tiles to deal"));
    // Part 2 holds 16 tiles, but only 13 that are not flowers less one.
    let mut flowery = good;
    flowery[32] = crate::tiles::FIRST_FLOWER + 7;
    let m = wall_error("botzone,flowers", flowery);
    assert!(
        m.contains("part 2 holds 12 tiles that are not flowers"),
        "{m}"
    );
    let seeded = GameCore::seeded(rules("botzone"), 0, 7, [0; 4]).unwrap();
    assert_eq!(
        seeded.wall().parts(),
        Some([20, 21, 21, 21]),
        "136 tiles: 34 a part"
    );
    let seeded = GameCore::seeded(rules("botzone,flowers"), 0, 7, [0; 4]).unwrap();
    assert_eq!(seeded.wall().tiles.len(), 144);
    match GameCore::seeded(rules("botzone"), 1, 7, [0; 4]) {
        Err(Error::Argument(m)) => assert!(m.contains("seat 0 deals every hand"), "{m}"),
        other => panic!("a dealer other than seat 0: {:?}", other.map(|_| ())),
    }
}

#[test]
fn no_pong_or_kong_of_a_discard_once_the_next_part_is_empty() {
    // Seat 1's part is all dealt (three flowers among it); seat 2 holds 555z, the dealer
    // discards the fourth.
    let mut g = deal_parts(
        "botzone,flowers",
        [
            "4f 123456789m 1234p 5f 5z",
            "1f 2f 3f 123456789s 5678p",
            "555z 123456789m 7z 1z 2z 3z",
            "123456789s 7899p 5p 7z 6f",
        ],
        "",
    );
    assert_eq!(g.wall().parts(), Some([0, 0, 3, 3]));
    act(&mut g, "closed", 0, "discard 5z");
    assert_eq!(
        types_from(&g, g.events().len() - 2),
        ["discard", "end_hand"],
        "seat 2 is not asked; seat 1 draws from its empty part"
    );
    assert_eq!(g.result().unwrap().end, HandEnd::Exhausted);
}
