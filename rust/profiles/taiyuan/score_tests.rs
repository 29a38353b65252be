//! The score items of `profiles/taiyuan/score.rs` as the profile gives them: a base, then
//! factors whose product is the payment, with and without the pattern factors.

use super::tests::{kinds, rules};
use super::*;
use crate::hand::Size;

/// Score `tiles` (wildcard kinds `wild`) won on `tile` as `kind` says under `text`, and
/// check its items: `expect` as `name:value`, a base then factors whose product is the
/// payment.
fn check_items(text: &str, wild: &str, cases: &[(&str, &str, WinKind, &str)]) {
    let r = rules(text);
    for &(tiles, tile, kind, expect) in cases {
        let hand = Hand::new(&kinds(tiles), &[], &kinds(wild), true, Size::Complete).unwrap();
        let context = WinContext::of(kind);
        let won = kinds(tile)[0];
        let (s, items) = Taiyuan.score_with_items(&r, &hand, won, context).unwrap();
        let case = format!("{tiles} on {tile} {kind:?} under {text:?}");
        let shown: Vec<String> = items
            .iter()
            .map(|i| format!("{}:{}", i.name, i.value))
            .collect();
        assert_eq!(shown.join(" "), expect, "{case}");
        let combine: Vec<&str> = items.iter().map(|i| i.combine).collect();
        assert_eq!(combine[0], "base", "{case}");
        assert!(combine[1..].iter().all(|&c| c == "multiply"), "{case}");
        let product: i64 = items.iter().map(|i| i.value).product();
        assert_eq!(product, i64::from(s.payment), "{case}");
    }
}

#[test]
fn score_items_without_patterns() {
    let (ron, tsumo) = (WinKind::Discard, WinKind::SelfDraw);
    // docs/rules.md §8 Decision: the points, then 自摸 ×2. (tiles, tile, how, items)
    check_items(
        "",
        "",
        &[
            ("123m456p789s111z22z", "2z", ron, "points:10"),
            ("123m456p789s111z22z", "2z", tsumo, "points:10 self_draw:2"),
            ("123p456p789s111z33m", "3m", tsumo, "points:3 self_draw:2"),
            // Without bonus_patterns no pattern item.
            ("11223344556677m", "7m", ron, "points:7"),
            // A robbed kong is paid as a discard: no self-draw item.
            ("123m456m789m123p99p", "9p", WinKind::RobbedKong, "points:9"),
        ],
    );
    // RULES §6: the max-point rule gives the base (3m 6m wait: 6).
    let wild = [("123m456p789s11z45m7z", "7z", tsumo, "points:6 self_draw:2")];
    check_items("random_wildcard", "7z", &wild);
}

#[test]
fn score_items_with_patterns() {
    let (ron, tsumo) = (WinKind::Discard, WinKind::SelfDraw);
    // docs/rules.md §8 Decision: then each factor in force, in the order of Pattern.
    check_items(
        "patterns",
        "",
        &[
            // RULES §5.1: 清一色 ×2 and 七小对 ×2.
            (
                "11223344556677m",
                "7m",
                tsumo,
                "points:7 self_draw:2 all_one_suit:2 seven_pairs:2",
            ),
            (
                "1111m3355p7799s11z",
                "1z",
                ron,
                "points:10 golden_seven_pairs:4",
            ),
            (
                "123m456m789m222m55m",
                "5m",
                ron,
                "points:5 all_one_suit:2 straight:2",
            ),
            (
                "123m456m789m123p99p",
                "9p",
                WinKind::RobbedKong,
                "points:9 straight:2",
            ),
            // 平胡 and 十三幺 are ×1: no item.
            ("123m456p789s111z22z", "2z", ron, "points:10"),
            ("119m19p19s1234567z", "7z", ron, "points:10"),
        ],
    );
}
