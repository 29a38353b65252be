//! Each profile's value of a known win ([`Profile::win_value`]): its own words, its numbers,
//! the headline first.

use super::Rules;
use crate::hand::{Hand, Size};
use crate::outcome::{Outcome, WinContext, WinKind};
use crate::tiles::parse;

/// The value of `tiles` (14, the winning `tile` among them, no melds) won by seat 0 under
/// the rules `text`: a self-draw, or a win on seat 1's discard.
fn value(
    text: &str,
    tiles: &str,
    tile: &str,
    self_draw: bool,
) -> Vec<(&'static str, &'static str, i64)> {
    let rules = Rules::parse(text)
        .or_else(|_| Rules::of_profile(text))
        .unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let profile = rules.profile();
    let hand = Hand::new(
        &parse(tiles).unwrap(),
        &[],
        &[],
        rules.eval().honors(),
        Size::Complete,
    )
    .unwrap();
    let tile = parse(tile).unwrap()[0];
    let context = if self_draw {
        WinContext::self_draw(false, false)
    } else {
        WinContext::of(WinKind::Discard)
    };
    let score = profile
        .score(&rules, &hand, tile, context)
        .unwrap_or_else(|e| panic!("{text} {tiles}: {e}"));
    assert!(score.allowed, "{text} {tiles}: the win is allowed");
    let outcome = Outcome {
        winner: 0,
        tile,
        kind: context.kind,
        context,
        discarder: (!self_draw).then_some(1),
        discarder_declared: false,
        points: score.points,
        factor: score.factor,
        patterns: score.patterns,
        event: 5,
    };
    profile
        .win_value(&rules, &outcome)
        .iter()
        .map(|v| (v.name, v.chinese, v.value))
        .collect()
}

#[test]
fn each_profile_values_a_win_in_its_own_words() {
    // (rules, tiles, winning tile, self-draw, value)
    #[rustfmt::skip]
    let cases: &[(&str, &str, &str, bool, &[(&str, &str, i64)])] = &[
        // 9p: 9 点数; 清一色 × 一条龙 under the pattern factors.
        ("taiyuan", "123m456m789m123p99p", "9p", true,
            &[("value", "分", 9), ("points", "点数", 9), ("factor", "倍", 1)]),
        ("patterns", "123456789m234m55m", "5m", true,
            &[("value", "分", 20), ("points", "点数", 5), ("factor", "倍", 4)]),
        // 平胡 1, 自摸 1.
        ("queyimen", "123m456m789m123p99p", "9p", true, &[("fan", "番", 2)]),
        // 一条龙, 门清, 缺门, 吊, 素和: 2 each.
        ("hebei", "123m456m789m123p99p", "9p", false, &[("factor", "倍", 32)]),
        // A 小胡 (2-5-8 pair), then 清一色 (one 大胡).
        ("changsha", "123m456m789m123p55p", "5p", false, &[("small_win", "小胡", 1)]),
        ("changsha", "123456789m234m55m", "5m", false, &[("big_wins", "大胡", 1)]),
        // 清龙 16, 不求人 4, 喜相逢 1, 缺一门 1, 单钓将 1.
        ("guobiao", "123456789m123p1z1z", "1z", true, &[("fan", "番", 23), ("base", "底分", 8)]),
    ];
    for &(text, tiles, tile, self_draw, want) in cases {
        assert_eq!(value(text, tiles, tile, self_draw), want, "{text} {tiles}");
    }
}

/// The test profile counts a win as one 胡, whatever its hand.
#[test]
fn the_test_profile_counts_one_win() {
    assert_eq!(
        value("tiny", "123m456m789m123p99p", "9p", true),
        [("win", "胡", 1)]
    );
}
