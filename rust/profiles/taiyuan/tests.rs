//! The table tests of `profiles/taiyuan/mod.rs`: the options, their checks and what they
//! compile to, the 6-point thresholds of 报听 and discard wins; the score items are tested
//! in `score_tests.rs`, the settlement and the dealer rotation in `settle_tests.rs`.

use super::*;
use crate::eval::WinForms;
use crate::hand::Size;
use crate::tiles::{parse, KindMask};

/// Rules read by [`Rules::parse`]. Not `"taiyuan,…"`: that is the preset of that name.
pub(super) fn rules(text: &str) -> Rules {
    Rules::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

pub(super) fn kinds(text: &str) -> Vec<u8> {
    parse(text).unwrap()
}

fn mask(text: &str) -> KindMask {
    kinds(text).iter().fold(0, |m, &k| m | 1 << k)
}

#[test]
fn check_refuses_the_forbidden_combinations() {
    // docs/rules.md §8. (options set with Rules::set, which does not check; the error)
    let cases: &[(&[(&str, u8)], Option<&str>)] = &[
        (&[], None),
        (&[("dealer_bonus", 1), ("dealer_selfdraw_double", 1)], None),
        (
            &[("dealer_selfdraw_double", 1)],
            Some("option dealer_selfdraw_double needs dealer_bonus"),
        ),
        (
            &[("no_honors", 1), ("wildcards", 2)],
            Some("option wildcards='honor' cannot be combined with no_honors"),
        ),
        (&[("no_honors", 1), ("wildcards", 1)], None),
        (&[("no_honors", 1), ("wildcards", 3)], None),
        (
            &[("no_honors", 1), ("wind_runs", 1)],
            Some("option wind_runs cannot be combined with no_honors"),
        ),
        (&[("wind_runs", 1), ("wildcards", 2)], None),
        (&[("bonus_patterns", 1)], None),
        (
            &[("bonus_patterns", 1), ("wildcards", 1)],
            Some("option bonus_patterns cannot be combined with wildcards=\"random\""),
        ),
        (
            &[("bonus_patterns", 1), ("wildcards", 3)],
            Some("option bonus_patterns cannot be combined with wildcards=\"double\""),
        ),
    ];
    for &(settings, expect) in cases {
        let mut r = Rules::new(0);
        for &(name, v) in settings {
            r.set(name, v).unwrap();
        }
        let got = Taiyuan.check(&r).err();
        assert_eq!(
            got,
            expect.map(|m| Error::Rules(m.to_owned())),
            "{settings:?}"
        );
    }
    // The presets check too: two that each pass may not combine.
    let e = Rules::parse("patterns,random_wildcard").unwrap_err();
    assert!(e.message().contains("bonus_patterns"), "{e}");
}

#[test]
fn eval_and_wall_of_presets() {
    const ALL: KindMask = crate::tiles::ALL_KINDS;
    const NUM: KindMask = SUITED_KINDS;
    const HON: KindMask = ALL & !NUM;
    // (rules, wind_runs, no_honors, kinds in play, wildcard kinds, their pool)
    let cases: &[(&str, bool, bool, KindMask, usize, KindMask)] = &[
        ("default", false, false, ALL, 0, ALL),
        ("taiyuan", false, false, ALL, 0, ALL),
        // RULES §6: 随机耗子, 风耗子, 双耗子.
        ("random_wildcard", false, false, ALL, 1, ALL),
        ("honor_wildcard", false, false, ALL, 1, HON),
        ("double_wildcard", false, false, ALL, 2, ALL),
        // RULES §1: 不带风, 108 tiles; the wildcards drawn from them.
        ("no_honors", false, true, NUM, 0, NUM),
        ("no_honors,wildcards=random", false, true, NUM, 1, NUM),
        ("wind_runs,wildcards=double", true, false, ALL, 2, ALL),
    ];
    for &(text, wind_runs, no_honors, kinds, wildcards, pool) in cases {
        let r = rules(text);
        let want = EvalRules {
            wind_runs,
            no_honors,
            forms: WinForms::Standard,
        };
        assert_eq!(Taiyuan.eval(&r), want, "{text}");
        assert_eq!(Taiyuan.turn_rules(&r).eval, want, "{text}");
        let w = Taiyuan.wall(&r);
        assert_eq!(w.kinds, kinds, "{text}");
        assert_eq!((w.wildcards, w.wildcard_pool), (wildcards, pool), "{text}");
        assert!(
            !w.flowers && !w.indicator && !w.stacks && w.dice == 0,
            "{text}"
        );
    }
}

#[test]
fn turn_rules_of_options() {
    // (rules, kong_keeps_waits, must_win, delayed_kong)
    let cases: &[(&str, bool, bool, bool)] = &[
        ("default", false, false, false),
        ("taiyuan", false, false, false),
        ("kong_keeps_waits", true, false, false),
        ("must_win", false, true, false),
        ("delayed_kong", false, false, true),
        ("must_win,delayed_kong,random_wildcard", false, true, true),
    ];
    for &(text, keeps, must, delayed) in cases {
        let t = Taiyuan.turn_rules(&rules(text));
        let got = (t.kong_keeps_waits, t.must_win, t.delayed_kong);
        assert_eq!(got, (keeps, must, delayed), "{text}");
        // RULES §3, §4: 报听 before a win, 抢杠, 过胡; no chow, one winner, no bids.
        assert!(t.declare_to_win && t.rob_added_kong, "{text}");
        assert!(t.pass_forfeits_discard_wins, "{text}");
        assert!(
            !t.chow && !t.several_winners && !t.bids && !t.dice_kongs,
            "{text}"
        );
        assert!(
            !t.opening_wins && !t.haidi && !t.pass_blocks_tile && !t.bird,
            "{text}"
        );
    }
}

#[test]
fn discard_wins_need_six_points() {
    // RULES §4: a tile worth 6–10 may be won on a discard, under every option.
    let cases: &[(&str, bool)] = &[
        ("1m", false),
        ("2p", false),
        ("3s", false),
        ("5m", false),
        ("6m", true),
        ("7p", true),
        ("9s", true),
        ("1z", true),
        ("7z", true),
    ];
    for text in ["default", "draw5_win6", "random_wildcard"] {
        let r = rules(text);
        for &(tile, allowed) in cases {
            let got = Taiyuan.discard_win_allowed(&r, kinds(tile)[0]);
            assert_eq!(got, allowed, "{tile} under {text}");
        }
    }
}

#[test]
fn declarable_needs_a_wait_worth_six() {
    // RULES §4, §6: some winning tile, or a drawn wildcard's p, worth 6 or more.
    // (13 tiles, wildcard kinds, winning tiles, a drawn wildcard's p, declarable)
    let cases: &[(&str, &str, &str, Option<u8>, bool)] = &[
        ("123m456p789s11z45m", "", "36m", None, true),
        ("123m456p789s11z12m", "", "3m", None, false),
        ("123m456p789s11z13m", "", "2m", None, false),
        ("123m456p789s11z79m", "", "8m", None, true),
        ("123m456p789s11z55z", "", "15z", None, true),
        ("13579m2468p1357s", "", "", None, false),
        // Only the wildcard completes (1m is held four times): its own kind's p.
        ("1111m234p567p789s", "2m", "", Some(2), false),
        ("1111m234p567p789s", "9p", "", Some(9), true),
        // A wildcard drawn is worth the best winning tile, 3m: not enough.
        ("123m456p789s11z12m", "7z", "3m", Some(3), false),
    ];
    let r = rules("");
    for &(tiles, wild, waits, p, declarable) in cases {
        let hand = Hand::new(&kinds(tiles), &[], &kinds(wild), true, Size::Waiting).unwrap();
        let w = Waits::of(&hand, r.eval());
        assert_eq!(w.tiles, mask(waits), "{tiles} (wildcards {wild})");
        assert_eq!(
            Taiyuan.wildcard_points(&r, &w),
            p,
            "{tiles} (wildcards {wild})"
        );
        assert_eq!(
            Taiyuan.declarable(&r, &w),
            declarable,
            "{tiles} (wildcards {wild})"
        );
    }
}

#[test]
#[ignore = "Rules::describe writes the default rules as \"taiyuan\", which Rules::parse reads as the preset taiyuan (dealer bonus, 点杠包杠, 点炮包杠)"]
fn describe_reads_back() {
    // Rules::describe: "the profile and each option that differs from its default, as
    // Rules::parse reads them back".
    for text in [
        "",
        "dealer_bonus",
        "random_wildcard",
        "taiyuan",
        "must_win,no_honors",
    ] {
        let r = rules(text);
        assert_eq!(
            rules(&r.describe()),
            r,
            "{text:?} described as {:?}",
            r.describe()
        );
    }
}
