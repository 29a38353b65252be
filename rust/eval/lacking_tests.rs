//! The property tests of `eval/lacking.rs`: the one-pass 缺一门 shanten after each discard
//! and draw against `forms::of_hand` asked kind by kind.

use super::*;
use crate::eval::forms::{after_discards_by_kind, after_draws_by_kind};
use crate::eval::WinForms;
use crate::hand::{Meld, MeldKind};
use crate::rng::Rng;

/// The 缺一门 option sets: the queyimen profile's (108 tiles), and with honors, with and
/// without 风嘴子.
fn option_sets() -> [EvalRules; 3] {
    let lacking = EvalRules {
        forms: WinForms::LackingASuit,
        ..EvalRules::default()
    };
    [
        EvalRules {
            no_honors: true,
            ..lacking
        },
        lacking,
        EvalRules {
            wind_runs: true,
            ..lacking
        },
    ]
}

/// Whether the tiles of `block` join those counted in `held` with no kind held five times.
fn fits(block: &[u8], held: &Counts) -> bool {
    let mut after = *held;
    for &k in block {
        after[k as usize] += 1;
    }
    after.iter().all(|&c| c <= 4)
}

/// A random 14-tile position under `rules`: concealed counts (wildcard kinds included), 0–4
/// melds of any suit (pongs, kongs, chows), 0–2 wildcard kinds. The concealed tiles are of
/// all three suits, of two or of one (chosen at random), built from runs, triplets, pairs and
/// single tiles so that near-complete hands are common; every kind is held 0–4 times.
fn random_position(rng: &mut Rng, rules: EvalRules) -> (Counts, Vec<Meld>, Vec<u8>) {
    let in_play: u8 = if rules.no_honors { 27 } else { 34 };
    let mut used = [0u8; KINDS];
    let mut melds = Vec::new();
    for _ in 0..rng.below(5) {
        let t = rng.below(u64::from(in_play)) as u8;
        let kind = match rng.below(5) {
            0 if t < 27 && t % 9 <= 6 => MeldKind::Chow,
            0 | 1 => MeldKind::Pong,
            2 => MeldKind::Kong,
            3 => MeldKind::AddedKong,
            _ => MeldKind::ConcealedKong,
        };
        let tiles: Vec<u8> = match kind {
            MeldKind::Chow => vec![t, t + 1, t + 2],
            MeldKind::Pong => vec![t; 3],
            _ => vec![t; 4],
        };
        if fits(&tiles, &used) {
            for &k in &tiles {
                used[k as usize] += 1;
            }
            melds.push(Meld { kind, tile: t });
        }
    }
    // The suits the concealed tiles may take: all three, two or one.
    let suits: u8 = match rng.below(6) {
        0..=2 => ALL_SUITS,
        3 | 4 => ALL_SUITS & !(1 << rng.below(3)),
        _ => 1 << rng.below(3),
    };
    let allowed: Vec<u8> = (0..in_play)
        .filter(|&k| k >= 27 || suits >> (k / 9) & 1 == 1)
        .collect();
    let size = 14 - 3 * melds.len();
    let mut counts = [0u8; KINDS];
    let mut held = 0;
    let mut tries = 0;
    while held < size {
        tries += 1;
        let t = allowed[rng.below(allowed.len() as u64) as usize];
        let block: Vec<u8> = match rng.below(if tries > 50 { 1 } else { 5 }) {
            0 => vec![t],
            1 => vec![t, t],
            2 => vec![t; 3],
            _ if t < 27 && t % 9 <= 6 => vec![t, t + 1, t + 2],
            _ => vec![t, t],
        };
        let mut both = used;
        for (b, c) in both.iter_mut().zip(&counts) {
            *b += c;
        }
        if held + block.len() <= size && fits(&block, &both) {
            for &k in &block {
                counts[k as usize] += 1;
            }
            held += block.len();
        }
    }
    let mut wild: Vec<u8> = (0..rng.below(3))
        .map(|_| {
            if rng.below(2) == 0 {
                // A kind held concealed, so that wildcards are in the hand.
                let held: Vec<u8> = (0..in_play).filter(|&k| counts[k as usize] > 0).collect();
                held[rng.below(held.len() as u64) as usize]
            } else {
                rng.below(u64::from(in_play)) as u8
            }
        })
        .collect();
    wild.sort_unstable();
    wild.dedup();
    wild.retain(|&k| {
        melds.iter().all(|m| match m.kind {
            MeldKind::Chow => !(m.tile..m.tile + 3).contains(&k),
            _ => m.tile != k,
        })
    });
    (counts, melds, wild)
}

/// The one-pass 缺一门 shanten after each discard (14 tiles) and after each draw (13 tiles,
/// every kind in play held at most three times concealed) against `of_hand` kind by kind,
/// on random positions: wildcards, melds in every suit, counts 0–4, one or two suits
/// missing from the concealed tiles or none.
#[test]
fn one_pass_matches_kind_by_kind() {
    let mut rng = Rng::new(42);
    for rules in option_sets() {
        for _ in 0..20_000 {
            let (mut concealed, melds, wild) = random_position(&mut rng, rules);
            let hand = Hand::from_counts(&concealed, &melds, &wild);
            let name = format!("{rules:?} {concealed:?} {melds:?} wild {wild:?}");
            assert_eq!(
                after_discards(&hand, rules),
                after_discards_by_kind(&hand, rules),
                "discards: {name}"
            );
            let held: Vec<usize> = (0..KINDS).filter(|&k| concealed[k] > 0).collect();
            concealed[held[rng.below(held.len() as u64) as usize]] -= 1;
            let hand = Hand::from_counts(&concealed, &melds, &wild);
            let kinds: KindMask = (0..KINDS)
                .filter(|&k| hand.counts[k] < 4 && rules.kinds_in_play() >> k & 1 == 1)
                .filter(|_| rng.below(8) != 0)
                .fold(0, |m, k| m | 1 << k);
            let name = format!("{rules:?} {concealed:?} {melds:?} wild {wild:?}");
            assert_eq!(
                after_draws(&hand, kinds, rules),
                after_draws_by_kind(&hand, kinds, rules),
                "draws {kinds:#x}: {name}"
            );
        }
    }
}

/// Table cases, one line each: a position, its wildcard kinds, and whether every answer
/// agrees with the reference (the edges: melds in all three suits, a discard that empties a
/// suit, a wildcard held, four melds).
#[test]
fn one_pass_table() {
    use crate::tiles::hand as parse;
    let pong = |tile| Meld {
        kind: MeldKind::Pong,
        tile,
    };
    let chow = |tile| Meld {
        kind: MeldKind::Chow,
        tile,
    };
    let rules = option_sets()[0];
    let cases: &[(&str, Vec<Meld>, &[u8])] = &[
        ("123m456m789m1p55s", vec![], &[]),
        ("1112345678999m9p", vec![], &[]),
        ("1122m3344p5566s7s", vec![], &[]),
        ("12m55s", vec![pong(9), chow(0), pong(26)], &[]),
        ("12m55s", vec![pong(9), chow(3)], &[]),
        ("55s", vec![pong(9), chow(3), pong(26), pong(0)], &[]),
        ("123m456p789s11m555p", vec![], &[13]),
        ("9p", vec![pong(9), chow(0), pong(18)], &[]),
        ("44m", vec![pong(9), chow(0), pong(18), pong(8)], &[3]),
    ];
    for (text, melds, wild) in cases {
        let mut concealed = parse(text);
        let hand = Hand::from_counts(&concealed, melds, wild);
        if (hand.counts.iter().sum::<u8>() + hand.wild) % 3 == 2 {
            assert_eq!(
                after_discards(&hand, rules),
                after_discards_by_kind(&hand, rules),
                "{text} {melds:?} wild {wild:?}"
            );
            let k = (0..KINDS).rev().find(|&k| concealed[k] > 0).unwrap_or(0);
            concealed[k] -= 1;
        }
        let hand = Hand::from_counts(&concealed, melds, wild);
        let kinds = (0..27)
            .filter(|&k| hand.counts[k] < 4)
            .fold(0, |m, k| m | 1 << k);
        assert_eq!(
            after_draws(&hand, kinds, rules),
            after_draws_by_kind(&hand, kinds, rules),
            "{text} {melds:?} wild {wild:?} drawing"
        );
    }
}
