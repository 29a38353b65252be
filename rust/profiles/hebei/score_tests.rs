//! The table tests of `profiles/hebei/score.rs`: the factor table, the 混 factors, the
//! highest reading and shape, and the errors.

use super::*;
use crate::hand::{Meld, Size};
use crate::tiles::parse;

fn meld(kind: MeldKind, text: &str) -> Meld {
    Meld {
        kind,
        tile: parse(text).unwrap()[0],
    }
}

/// Score `text` (the winning tile last, melds apart) with 混 `hun` ("" for none).
fn score_of(
    text: &str,
    melds: &[Meld],
    hun: &str,
    context: WinContext,
) -> Result<(u32, Shape, Vec<&'static str>)> {
    let tiles = parse(text).unwrap();
    let wild = parse(hun).unwrap();
    let h = Hand::new(&tiles, melds, &wild, true, Size::Complete)
        .unwrap_or_else(|e| panic!("{text}: {e:?}"));
    let (f, shape, items) = score(&h, *tiles.last().unwrap(), context, true)?;
    assert_eq!(
        u64::from(f),
        factor_of(&items),
        "{text}: factor is the product"
    );
    assert_eq!(items[0], ScoreItem::base("base", "底", 1), "{text}");
    Ok((f, shape, items[1..].iter().map(|i| i.name).collect()))
}

#[test]
fn factor_table() {
    let discard = WinContext::of(WinKind::Discard);
    let tsumo = WinContext::self_draw(false, false);
    let pong = |t| meld(MeldKind::Pong, t);
    let chow = |t| meld(MeldKind::Chow, t);
    let ckong = |t| meld(MeldKind::ConcealedKong, t);
    let no_hun = "no_hun";
    let concealed = "concealed";
    let missing = "missing_suit";
    #[rustfmt::skip]
    let cases: &[(&str, &[Meld], &str, WinContext, &[&str])] = &[
        // One factor at a time: three suits, a pong and a chow, no 混, a two-sided wait.
        ("567p22s234m", &[pong("1z"), chow("7s")], "", discard, &[no_hun]),
        ("567p22s678s345s234m", &[], "", discard, &[concealed, no_hun]),
        ("567m55z888m234m", &[pong("1z")], "", discard, &[missing, no_hun]),
        ("567p22s123m", &[pong("1z"), chow("7s")], "", discard, &["edge", no_hun]),
        ("567p22s897m", &[pong("1z"), chow("7s")], "", discard, &["edge", no_hun]),
        ("567p22s243m", &[pong("1z"), chow("7s")], "", discard, &["closed", no_hun]),
        ("567p22s465m", &[pong("1z"), chow("7s")], "", discard, &["five_in_the_middle", no_hun]),
        ("567m22s465p", &[pong("1z"), chow("7s")], "", discard, &["closed", no_hun]),
        ("234m567p2s2s", &[pong("1z"), chow("7s")], "", discard, &["single", no_hun]),
        ("567p22s234m", &[pong("1z"), chow("7s")], "", WinContext::self_draw(true, false), &["kong_bloom", no_hun]),
        ("567p22s234m", &[pong("1z"), chow("7s")], "", WinContext::self_draw(false, true), &["last_tile", no_hun]),
        ("567p22s234m", &[pong("1z"), chow("7s")], "", discard.by(0, true), &[no_hun, "dealer"]),
        ("567p22s234m", &[pong("1z"), chow("7s")], "", discard.by(3, false), &[no_hun, "flowers"]),
        // 杠上开花 and 海底捞月 are self-draws only.
        ("567p22s234m", &[pong("1z"), chow("7s")], "", WinContext { replacement: true, last_tile: true, ..discard }, &[no_hun]),
        // A 混 (9p) in the hand: no 素和; won on 2s with the 混 as the other pair tile.
        ("234m567p9p2s", &[pong("1z"), chow("7s")], "9p", discard, &["single"]),
        // 混吊: a lone 混 waiting as the pair, 2s self-drawn.
        ("234m567p9p2s", &[pong("1z"), chow("7s")], "9p", tsumo, &["single", "hun_single"]),
        // Drawing a 混 to a lone 混: 混吊.
        ("234m567p9p9p", &[pong("1z"), chow("7s")], "9p", tsumo, &["single", "hun_single"]),
        // A drawn 混 stands for 5m between 4m and 6m: 捉五魁.
        ("46m567p33z9p", &[pong("1z"), chow("7s")], "9p", tsumo, &["five_in_the_middle"]),
        // Shapes.
        ("11223344557799s", &[], "", discard, &["seven_pairs", "all_one_suit", concealed, missing, no_hun]),
        ("1122m3344p5555s11z", &[], "", discard, &["luxury_seven_pairs", concealed, no_hun]),
        ("1111m3333p55s11z22z", &[], "", discard, &["super_luxury_seven_pairs", concealed, no_hun]),
        ("11112222m5555s11z", &[], "", discard, &["supreme_luxury_seven_pairs", concealed, missing, no_hun]),
        ("19m19p19s12345677z", &[], "", discard, &["thirteen_orphans", concealed, no_hun]),
        ("11122233366z555z", &[], "", discard, &["all_honors", concealed, no_hun]),
        ("123456789m111p2s2s", &[], "", discard, &["straight", concealed, "single", no_hun]),
        ("45678m11p9m", &[chow("1m"), pong("5z")], "", discard, &["straight", missing, no_hun]),
        ("123456789m111m9m9m", &[], "", discard, &["all_one_suit", "straight", concealed, missing, "single", no_hun, "four_in_one"]),
        // 四归一 with a pong meld; none for a kong.
        ("567p22s123m", &[pong("3m"), pong("1z")], "", discard, &["edge", no_hun, "four_in_one"]),
        ("567p22s123m", &[ckong("9m"), pong("1z")], "", discard, &["edge", no_hun]),
        // A concealed kong ends 门清.
        ("567p22s678s234m", &[ckong("1z")], "", discard, &[no_hun]),
    ];
    for &(text, melds, hun, context, expect) in cases {
        let (f, _, items) = score_of(text, melds, hun, context).unwrap();
        assert_eq!(items, expect, "{text} {melds:?} 混 {hun:?} {context:?}");
        assert!(f >= 1, "{text}");
    }
}

/// 混 standing in for a pong, a run and the pair, where several readings tie: the factor.
#[test]
fn hun_factors() {
    let discard = WinContext::of(WinKind::Discard);
    let tsumo = WinContext::self_draw(false, false);
    let pong = |t| meld(MeldKind::Pong, t);
    #[rustfmt::skip]
    let cases: &[(&str, &[Meld], &str, WinContext, u32)] = &[
        // 缺门 (the 混 9p stands for no 筒) × 吊 or 卡 on 2s.
        ("234m678s9p9p9p22s", &[pong("1z")], "9p", discard, 2 * 2),
        // 1m 混 3m as 123m won on 3m: 边; 缺门 (m, s; a pong of 东).
        ("1m9p567s22s678s3m", &[pong("1z")], "9p", discard, 2 * 2),
        // The 混 as the pair with 5z, won on 5z: 吊; on a self-draw also 混吊.
        ("123m456p789s111z9p5z", &[], "9p", discard, 2 * 2),
        ("123m456p789s111z9p5z", &[], "9p", tsumo, 2 * 2 * 2),
    ];
    for &(text, melds, hun, context, expect) in cases {
        let (f, _, items) = score_of(text, melds, hun, context).unwrap();
        assert_eq!(
            f, expect,
            "{text} {melds:?} 混 {hun:?} {context:?}: {items:?}"
        );
    }
}

#[test]
fn highest_form_and_shape() {
    let discard = WinContext::of(WinKind::Discard);
    // Both a standard and a seven-pairs hand: the luxury seven pairs is worth more.
    let (f, shape, items) = score_of("11112233445566m", &[], "", discard).unwrap();
    assert_eq!(shape, Shape::SevenPairs);
    assert_eq!(
        items,
        [
            "luxury_seven_pairs",
            "all_one_suit",
            "concealed",
            "missing_suit",
            "no_hun"
        ]
    );
    assert_eq!(f, 4 * 2 * 2 * 2 * 2);
    // 混 pairs in seven pairs stand for a kind making a quad.
    let (_, shape, items) = score_of("1122m3344p55s66z1z1z", &[], "1z", discard).unwrap();
    assert_eq!(shape, Shape::SevenPairs);
    assert_eq!(items[0], "luxury_seven_pairs");
    // Three suits and a flower count of 8.
    let (f, _, items) = score_of(
        "567p22s678s345s234m",
        &[],
        "",
        WinContext::self_draw(true, true).by(8, true),
    )
    .unwrap();
    assert_eq!(
        items,
        [
            "concealed",
            "kong_bloom",
            "last_tile",
            "no_hun",
            "dealer",
            "flowers"
        ]
    );
    assert_eq!(f, 2 * 2 * 2 * 2 * 2 * 256);
}

#[test]
fn no_hun_needs_the_option() {
    let tiles = parse("567p22s678s345s234m").unwrap();
    let h = Hand::new(&tiles, &[], &[], true, Size::Complete).unwrap();
    let (f, _, items) = score(&h, 3, WinContext::of(WinKind::Discard), false).unwrap();
    assert_eq!(f, 2);
    assert!(items.iter().all(|i| i.name != "no_hun"));
}

#[test]
fn not_winning() {
    let tiles = parse("135m567p22s678s777z").unwrap();
    let h = Hand::new(&tiles, &[], &[], true, Size::Complete).unwrap();
    assert!(matches!(
        score(&h, 33, WinContext::of(WinKind::Discard), true),
        Err(Error::NotWinning(_))
    ));
}
