//! Property tests of the fast hand evaluators against the brute-force reference in
//! `brute.rs`: `forms::is_win`, the winning tiles of `waits::Waits::of` and
//! `forms::shanten`, on random positions (`positions.rs`) with 0–8 wildcards, 0–4 declared
//! melds, and with and without 风嘴子 (`wind_runs`), 不带风 (`no_honors`) and 缺一门
//! (`lack_a_suit`, with the melds' suits: `hand_wins`, `forms::of_hand`): mostly
//! near-complete hands (many of them wins or waiting hands), also random ones. Shanten is
//! checked on hands pushed up to three more tiles away.
//!
//! Every failure names the position: its concealed tiles in MPSZ text, melds, wildcard kinds
//! and how many wildcards it holds, and the rules; proptest shrinks it first.
//!
//! The case counts are fixed (70,000 positions in all, 12,000 of them under 缺一门) so that the file runs in about five
//! seconds in `cargo test --release` on two cores; it runs in CI every time. An unoptimised
//! build (`cargo test`) runs a tenth of them.

mod brute;
mod positions;

use brute::{Brute, Counts, KindMask};
use koudiandian::eval::forms;
use koudiandian::eval::forms::hand_wins;
use koudiandian::eval::waits::Waits;
use koudiandian::eval::{EvalRules, WinForms};
use koudiandian::hand::Size;
use koudiandian::tiles::{format_mpsz, parse};
use positions::{cases, Case, Kind};
use proptest::prelude::*;

/// How many draws the brute-force shanten search tries before giving up: a shanten up to
/// `MAX_DRAWS − 1` is compared exactly, a larger one only as a bound.
const MAX_DRAWS: u8 = 4;

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

fn kinds_text(mask: KindMask) -> String {
    let kinds: Vec<u8> = (0..34u8).filter(|&k| mask >> k & 1 == 1).collect();
    format!("\"{}\"", format_mpsz(&kinds))
}

/// The reference for the case's rules and melds.
fn brute(case: &Case) -> Brute {
    let meld_suits = case
        .melds
        .iter()
        .filter(|m| m.tile < 27)
        .fold(0, |acc, m| acc | 1 << (m.tile / 9));
    Brute::new(case.rules).with_meld_suits(meld_suits)
}

/// The same positions under 缺一门 (profile `queyimen` and any other that asks for it).
fn lacking(cases: impl Strategy<Value = Case>) -> impl Strategy<Value = Case> {
    cases.prop_map(|mut c| {
        c.rules.forms = WinForms::LackingASuit;
        c
    })
}

fn check_is_win(case: &Case) -> Result<(), TestCaseError> {
    let hand = case.hand(Size::Complete);
    let fast = hand_wins(&hand, case.rules);
    let (counts, wild) = case.naturals();
    let slow = brute(case).is_win(&counts, wild, case.melds.len() as u8);
    prop_assert_eq!(
        fast,
        slow,
        "is_win of {}: core {}, brute force {}",
        case,
        fast,
        slow
    );
    if case.intact && case.rules.forms != WinForms::LackingASuit {
        prop_assert!(
            slow,
            "{} was built complete, but the brute force says it does not win",
            case
        );
    }
    Ok(())
}

fn check_winning_tiles(case: &Case) -> Result<(), TestCaseError> {
    let hand = case.hand(Size::Waiting);
    let fast = Waits::of(&hand, case.rules).tiles;
    let (counts, wild) = case.naturals();
    let slow = brute(case).winning_tiles(
        &counts,
        wild,
        case.melds.len() as u8,
        &case.held(),
        case.wildcard_mask(),
    );
    prop_assert_eq!(
        fast,
        slow,
        "winning tiles of {}: core {}, brute force {}",
        case,
        kinds_text(fast),
        kinds_text(slow)
    );
    Ok(())
}

fn check_shanten(case: &Case) -> Result<(), TestCaseError> {
    let hand = case.hand(Size::Any);
    let fast = forms::of_hand(&hand, case.rules);
    let (counts, wild) = case.naturals();
    match brute(case).shanten(&counts, wild, case.melds.len() as u8, MAX_DRAWS) {
        Some(slow) => prop_assert_eq!(
            fast,
            slow,
            "shanten of {}: core {}, brute force {}",
            case,
            fast,
            slow
        ),
        None => prop_assert!(
            fast >= i32::from(MAX_DRAWS),
            "shanten of {}: core {}, brute force more than {}",
            case,
            fast,
            MAX_DRAWS - 1
        ),
    }
    Ok(())
}

const COMPLETE: Kind = Kind {
    waiting: false,
    random: false,
    far: false,
};
const WAITING: Kind = Kind {
    waiting: true,
    ..COMPLETE
};
const RANDOM: Kind = Kind {
    random: true,
    ..COMPLETE
};
const RANDOM_WAITING: Kind = Kind {
    random: true,
    ..WAITING
};

/// The case count for a release build (`cargo test --release`, as CI and `make test-rust`
/// run it): about four seconds of CPU for the file, most of it in the brute force's
/// winning-tile and shanten searches. An unoptimised build (`cargo test`) runs a tenth as
/// many, which take two to three times as long.
const fn cases_count(release: u32) -> u32 {
    if cfg!(debug_assertions) {
        release / 10
    } else {
        release
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases_count(20_000)))]

    #[test]
    fn is_win_matches_brute_force(case in cases(COMPLETE)) {
        check_is_win(&case)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases_count(10_000)))]

    #[test]
    fn is_win_on_random_hands(case in cases(RANDOM)) {
        check_is_win(&case)?;
    }

    #[test]
    fn winning_tiles_match_brute_force(case in cases(WAITING)) {
        check_winning_tiles(&case)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases_count(5_000)))]

    #[test]
    fn winning_tiles_on_random_hands(case in cases(RANDOM_WAITING)) {
        check_winning_tiles(&case)?;
    }

    #[test]
    fn shanten_of_complete_size_hands(case in cases(Kind { far: true, ..COMPLETE })) {
        check_shanten(&case)?;
    }

    #[test]
    fn shanten_of_waiting_size_hands(case in cases(Kind { far: true, ..WAITING })) {
        check_shanten(&case)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases_count(3_000)))]

    #[test]
    fn shanten_of_random_hands(
        case in prop_oneof![cases(Kind { far: true, ..RANDOM }), cases(Kind { far: true, ..RANDOM_WAITING })]
    ) {
        check_shanten(&case)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases_count(5_000)))]

    #[test]
    fn lack_a_suit_is_win_matches_brute_force(
        case in lacking(prop_oneof![cases(COMPLETE), cases(RANDOM)])
    ) {
        check_is_win(&case)?;
    }

    #[test]
    fn lack_a_suit_winning_tiles_match_brute_force(
        case in lacking(prop_oneof![cases(WAITING), cases(RANDOM_WAITING)])
    ) {
        check_winning_tiles(&case)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases_count(2_000)))]

    #[test]
    fn lack_a_suit_shanten_matches_brute_force(
        case in lacking(prop_oneof![
            cases(Kind { far: true, ..COMPLETE }),
            cases(Kind { far: true, ..WAITING }),
            cases(Kind { far: true, ..RANDOM }),
        ])
    ) {
        check_shanten(&case)?;
    }
}

// ---------------------------------------------------------------------------------------
// The reference itself, on hands whose answers are known
// ---------------------------------------------------------------------------------------

fn text_counts(text: &str) -> Counts {
    let mut counts = [0u8; 34];
    for k in parse(text).expect("valid tile text") {
        counts[k as usize] += 1;
    }
    counts
}

#[test]
fn brute_force_on_known_hands() {
    let plain = EvalRules::default();
    let runs = EvalRules {
        wind_runs: true,
        ..plain
    };
    // (concealed naturals, wildcards, melds, rules, wins)
    let wins: &[(&str, u8, u8, EvalRules, bool)] = &[
        ("123m456m789m123p55z", 0, 0, plain, true),
        ("123m456m789m123p56z", 0, 0, plain, false),
        ("1111m3344p5566s77z", 0, 0, plain, true),
        ("1111m3333p5555s77z", 0, 0, plain, true),
        ("1122m3344p5s", 2, 1, plain, false),
        ("19m19p19s1234567z1m", 0, 0, plain, true),
        ("19m19p19s123456z", 2, 0, plain, true),
        ("19m19p19s1234567z2m", 0, 0, plain, false),
        ("123z456m789m123p55z", 0, 0, plain, false),
        ("124z456m789m123p55z", 0, 0, runs, true),
        ("567z456m789m123p11z", 0, 0, runs, true),
        ("13z456m789m123p22z", 1, 0, runs, true),
        ("13z456m789m123p22z", 1, 0, plain, false),
        ("55z", 0, 4, plain, true),
        ("", 2, 4, plain, true),
        ("1m", 7, 2, plain, true),
        // A wildcard standing for a fifth copy.
        ("1111m", 4, 2, plain, true),
        ("1359m", 1, 3, plain, false),
    ];
    for &(text, wild, melds, rules, expect) in wins {
        let got = Brute::new(rules).is_win(&text_counts(text), wild, melds);
        assert_eq!(got, expect, "is_win {text} +{wild} wild, {melds} melds");
    }
    // (concealed naturals, wildcards, melds, winning tiles)
    let waits: &[(&str, u8, u8, &str)] = &[
        ("1112345678999m", 0, 0, "123456789m"),
        ("123m456p789s1122z", 0, 0, "12z"),
        ("19m19p19s1234567z", 0, 0, "19m19p19s1234567z"),
        ("1122m3344p5566s7z", 0, 0, "7z"),
        ("1m", 0, 4, "1m"),
        ("", 1, 4, "123456789m123456789p123456789s1234567z"),
    ];
    for &(text, wild, melds, expect) in waits {
        let counts = text_counts(text);
        let got = Brute::new(plain).winning_tiles(&counts, wild, melds, &counts, 0);
        assert_eq!(
            kinds_text(got),
            format!("\"{expect}\""),
            "waits of {text} +{wild} wild, {melds} melds"
        );
    }
    // A kind the seat holds four of is no winning tile, even where a fifth copy would win.
    let four_1m = text_counts("1111m");
    let got = Brute::new(plain).winning_tiles(&four_1m, 0, 3, &four_1m, 0);
    assert_eq!(got, 0, "1111m + three melds");
    let got = Brute::new(plain).winning_tiles(&four_1m, 0, 3, &[0; 34], 0);
    assert_eq!(got, 1, "1111m + three melds, the fifth 1m");
    // Nor is a wildcard kind: 1m + wildcard 1m(s) + four melds waits on everything else.
    let got = Brute::new(plain).winning_tiles(&[0; 34], 1, 4, &text_counts("1m"), 1);
    assert_eq!(got, (1 << 34) - 2, "a wildcard + four melds");
    // (concealed naturals, wildcards, melds, shanten)
    let shantens: &[(&str, u8, u8, Option<i32>)] = &[
        ("123m456m789m123p55z", 0, 0, Some(-1)),
        ("123m456m789m123p5z", 0, 0, Some(0)),
        ("1112345678999m", 0, 0, Some(0)),
        ("19m19p19s123456z", 1, 0, Some(0)),
        ("147m258p369s123z", 1, 0, None),
        ("147m258p369s1234z", 0, 0, None),
        ("123m456p789s1234z", 0, 0, Some(2)),
        ("13m", 2, 3, Some(0)),
        ("13m", 3, 3, Some(-1)),
        ("1m3p", 0, 4, Some(0)),
        ("1m", 0, 4, Some(0)),
    ];
    for &(text, wild, melds, expect) in shantens {
        let got = Brute::new(plain).shanten(&text_counts(text), wild, melds, MAX_DRAWS);
        assert_eq!(got, expect, "shanten of {text} +{wild} wild, {melds} melds");
    }
}
