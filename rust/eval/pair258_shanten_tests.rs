//! The property tests of `eval/pair258_shanten.rs`: the one-pass keep, shanten after each
//! discard and draw, and the winning tiles' prefilter against the reference, kind by kind,
//! on random hands (melds of each kind, counts 0–4, 2-5-8 pairs or none, 将将胡 hands).

use super::*;
use crate::eval::pair258::{self, wins};
use crate::hand::{Meld, MeldKind};
use crate::rng::Rng;
use crate::tiles::FIRST_HONOR;

/// The reference keep: the 2-5-8 forms' keep as it was computed before the one-pass
/// evaluators, the 小胡 shape pair kind by pair kind ([`shanten::melds_keep_less_pairs`]), 碰碰胡
/// over the kinds' counts in order. The one-pass [`keep`] must agree with it everywhere.
///
/// Precondition: counts ≤ 4.
fn keep_by_pairs(counts: &Counts, melds: MeldInfo) -> u8 {
    let need = 4 - melds.count.min(4) as usize;
    let size = 14 - 3 * melds.count.min(4);
    let keys = Keys::of(counts);
    // 小胡: a 2-5-8 pair (kept from the hand or drawn) and the melds.
    let pair_kinds = held_kinds(counts) & KINDS_258;
    let (melds_only, less) = shanten::melds_keep_less_pairs(&keys, counts, need, pair_kinds);
    let mut best = melds_only;
    for k in each_kind(pair_kinds) {
        let k = k as usize;
        best = best.max(counts[k].min(2) + less[k]);
    }
    // 碰碰胡: `need` triplets and a pair, from the kinds held most: the kinds' counts (at
    // most 3) in falling order, the pair's kind leaving the triplets and the next kind in
    // line taking its place. Only the order's values matter, so they are counted, not sorted.
    if !melds.chow {
        let mut held = [0usize; 4];
        for &c in &counts[..27] {
            held[usize::from(c.min(3))] += 1;
        }
        let mut order = [0u8; 27];
        let mut i = 0;
        for v in (0..4u8).rev() {
            order[i..i + held[usize::from(v)]].fill(v);
            i += held[usize::from(v)];
        }
        let sum: u8 = order[..need].iter().sum();
        let next = order.get(need).copied().unwrap_or(0);
        for (i, &v) in order.iter().enumerate() {
            let triplets = if i < need { sum - v + next } else { sum };
            best = best.max(v.min(2) + triplets);
        }
    }
    // 清一色: one suit, the melds' too. 七小对: seven pairs.
    let (mut pairs, mut halves) = ([0u8; 4], [0u8; 4]);
    for (k, &c) in counts.iter().enumerate() {
        pairs[(k / 9).min(3)] += c / 2;
        halves[(k / 9).min(3)] += c % 2;
    }
    for s in 0..3 {
        if melds.suits & !(1 << s) == 0 {
            best = best.max(shanten::suit_keep(&keys, s, need));
            if melds.count == 0 {
                best = best.max(shanten::seven_pairs_of(pairs[s], halves[s]));
            }
        }
    }
    if melds.count == 0 {
        let all = shanten::seven_pairs_of(pairs.iter().sum(), halves.iter().sum());
        best = best.max(all);
    }
    // 将将胡: any 2-5-8 tiles, no shape.
    if melds.all_258 {
        let n: u8 = (0..27)
            .filter(|&k| KINDS_258 >> k & 1 == 1)
            .map(|k| counts[k])
            .sum();
        best = best.max(n);
    }
    best.min(size)
}

/// The reference shanten: [`keep_by_pairs`] on one hand.
fn shanten_by_pairs(counts: &Counts, wild: u8, melds: MeldInfo) -> i32 {
    let size = i32::from(14 - 3 * melds.count.min(4));
    size - i32::from(wild) - i32::from(keep_by_pairs(counts, melds)) - 1
}

/// The reference win test: a 大胡 shape's bit or the 小胡 shape.
fn wins_by_shapes(counts: &Counts, melds: MeldInfo) -> bool {
    pair258::big_shapes(counts, melds) != 0 || pair258::standard_258(counts)
}

/// The reference winning tiles: the reference win test on each suited kind held fewer than
/// 4 times.
fn winning_by_kind(counts: &Counts, held: &Counts, melds: MeldInfo) -> KindMask {
    (0..27usize)
        .filter(|&k| {
            let mut c = *counts;
            c[k] += 1;
            held[k] < 4 && wins_by_shapes(&c, melds)
        })
        .fold(0, |m, k| m | 1 << k)
}

/// The kinds a random hand draws from: every kind, the suited ones, one suit, the 2-5-8
/// kinds (将将胡 hands), or a few kinds (pairs, triplets and quads).
fn theme(rng: &mut Rng) -> Vec<u8> {
    match rng.below(6) {
        0 => (0..34).collect(),
        1 => (0..27).collect(),
        2 => {
            let s = rng.below(3) as u8;
            (9 * s..9 * s + 9).collect()
        }
        3 => (0..27).filter(|&k| KINDS_258 >> k & 1 == 1).collect(),
        4 => (0..6).map(|_| rng.below(27) as u8).collect(),
        _ => {
            // Mostly 2-5-8 kinds, a few others.
            let mut v: Vec<u8> = (0..27).filter(|&k| KINDS_258 >> k & 1 == 1).collect();
            v.extend((0..3).map(|_| rng.below(27) as u8));
            v
        }
    }
}

/// A random hand of `14 − 3·melds − less` concealed tiles and 0–4 melds of every kind,
/// every kind held at most four times in all: `(counts, melds, held)`. Half of them are
/// built as complete hands (groups and a pair) before `less` tiles leave, so that ready
/// and complete hands are common.
fn random_hand(rng: &mut Rng, less: usize) -> (Counts, Vec<Meld>, Counts) {
    let kinds = theme(rng);
    let pick = |rng: &mut Rng| kinds[rng.below(kinds.len() as u64) as usize];
    let mut held = [0u8; KINDS];
    let mut melds = Vec::new();
    let n_melds = rng.below(5) as usize;
    for _ in 0..n_melds * 3 {
        if melds.len() == n_melds {
            break;
        }
        let t = pick(rng);
        let kind = match rng.below(5) {
            0 => MeldKind::Chow,
            1 => MeldKind::Kong,
            2 => MeldKind::ConcealedKong,
            _ => MeldKind::Pong,
        };
        if kind == MeldKind::Chow {
            if t >= 27 || t % 9 > 6 || (0..3).any(|d| held[usize::from(t + d)] >= 4) {
                continue;
            }
            (0..3).for_each(|d| held[usize::from(t + d)] += 1);
        } else {
            let n = if kind == MeldKind::Pong { 3 } else { 4 };
            if held[usize::from(t)] > 0 {
                continue;
            }
            held[usize::from(t)] = n;
        }
        melds.push(Meld { kind, tile: t });
    }
    let size = 14 - 3 * melds.len();
    let mut counts = [0u8; KINDS];
    let add = |counts: &mut Counts, held: &mut Counts, k: u8, n: u8| -> bool {
        let k = usize::from(k);
        if held[k] + n > 4 {
            return false;
        }
        counts[k] += n;
        held[k] += n;
        true
    };
    let mut tiles = 0;
    if rng.below(2) == 0 {
        // Groups and a pair.
        for _ in 0..40 {
            if tiles + 2 > size {
                break;
            }
            let t = pick(rng);
            let (n, run) = if tiles == size - 2 {
                (2, false)
            } else {
                match rng.below(3) {
                    0 if t < 27 && t % 9 < 7 => (3, true),
                    1 if rng.below(4) == 0 => (4, false),
                    _ => (3, false),
                }
            };
            if tiles + n > size {
                continue;
            }
            if run {
                if (0..3).all(|d| held[usize::from(t + d)] < 4) {
                    (0..3).for_each(|d| {
                        add(&mut counts, &mut held, t + d, 1);
                    });
                    tiles += 3;
                }
            } else if add(&mut counts, &mut held, t, n as u8) {
                tiles += n;
            }
        }
    }
    for _ in 0..200 {
        if tiles >= size {
            break;
        }
        let t = if rng.below(8) == 0 {
            rng.below(27) as u8
        } else {
            pick(rng)
        };
        if add(&mut counts, &mut held, t, 1) {
            tiles += 1;
        }
    }
    // Fill up with any suited kind, then remove `less` tiles.
    let mut k = 0;
    while tiles < size {
        if add(&mut counts, &mut held, k % 27, 1) {
            tiles += 1;
        }
        k += 1;
    }
    for _ in 0..less {
        let ks: Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
        let k = ks[rng.below(ks.len() as u64) as usize];
        counts[k] -= 1;
        held[k] -= 1;
    }
    (counts, melds, held)
}

fn check_keep(counts: &Counts, melds: MeldInfo, what: &str) {
    assert_eq!(
        keep(counts, melds),
        keep_by_pairs(counts, melds),
        "keep of {counts:?} {melds:?} ({what})"
    );
}

/// The one-pass keep against the reference on random hands of 14 and 13 tiles, with their
/// melds and with the melds unknown.
#[test]
fn keep_matches_reference() {
    let mut rng = Rng::new(258);
    for n in 0..20_000 {
        let (counts, melds, _) = random_hand(&mut rng, n % 2);
        let info = MeldInfo::of(&melds);
        check_keep(&counts, info, &format!("{melds:?}"));
        check_keep(&counts, MeldInfo::unknown(info.count), "unknown melds");
    }
}

/// The keep of hands far from any form (and of a few tiles) against the reference.
#[test]
fn keep_table() {
    for (text, melds) in [
        ("147m258p369s1234z", 0),
        ("19m19p19s1234567z", 0),
        ("5z", 4),
        ("55m", 4),
        ("2m", 4),
        ("1m", 4),
        ("22225555888m22p", 0),
        ("11112222333344m", 0),
        ("1111m", 3),
    ] {
        let counts = crate::tiles::hand(text);
        check_keep(&counts, MeldInfo::unknown(melds), text);
    }
}

/// `after_discards` against the reference shanten on each hand less one tile, and
/// `after_draws` on each 13-tile hand with one more tile of each kind it holds at most
/// three times; one wildcard kind in a few hands (the shanten counts it; the 2-5-8 forms
/// never deal one).
#[test]
fn after_discards_and_draws_match_reference() {
    let mut rng = Rng::new(852);
    for n in 0..6000 {
        let discarding = n % 2 == 0;
        let (counts, melds, _) = random_hand(&mut rng, usize::from(!discarding));
        let info = MeldInfo::of(&melds);
        let wildcards: Vec<u8> = if rng.below(8) == 0 {
            vec![rng.below(34) as u8]
        } else {
            vec![]
        };
        if melds.iter().any(|m| wildcards.contains(&m.tile)) {
            continue;
        }
        let hand = Hand::from_counts(&counts, &melds, &wildcards);
        let (natural, wild) = (hand.counts, hand.wild);
        let what = format!("{counts:?} {melds:?} wildcards {wildcards:?}");
        if discarding {
            let fast = after_discards(&hand);
            for k in 0..KINDS {
                let slow = if hand.wildcards >> k & 1 == 1 {
                    if hand.held[k] == 0 || wild == 0 {
                        NEVER + 1
                    } else {
                        shanten_by_pairs(&natural, wild - 1, info)
                    }
                } else if natural[k] == 0 {
                    NEVER + 1
                } else {
                    let mut c = natural;
                    c[k] -= 1;
                    shanten_by_pairs(&c, wild, info)
                };
                assert_eq!(fast[k], slow, "{what} less {k}");
            }
        } else {
            let kinds: KindMask = (0..KINDS)
                .filter(|&k| natural[k] < 4 && rng.below(8) != 0)
                .fold(0, |m, k| m | 1 << k);
            let fast = after_draws(&hand, kinds);
            for k in 0..KINDS {
                let slow = if kinds >> k & 1 == 0 {
                    NEVER + 1
                } else if hand.wildcards >> k & 1 == 1 {
                    shanten_by_pairs(&natural, wild + 1, info)
                } else {
                    let mut c = natural;
                    c[k] += 1;
                    shanten_by_pairs(&c, wild, info)
                };
                assert_eq!(fast[k], slow, "{what} more {k}");
            }
        }
    }
}

/// The winning tiles through the prefilter against the win test on every kind, on random
/// waiting hands (many ready: built complete, less one tile), with their melds and with
/// the melds unknown.
#[test]
fn winning_tiles_match_reference() {
    let mut rng = Rng::new(2582);
    let mut waiting = 0;
    for _ in 0..20_000 {
        let (counts, melds, held) = random_hand(&mut rng, 1);
        for info in [MeldInfo::of(&melds), MeldInfo::unknown(melds.len() as u8)] {
            let reference = winning_by_kind(&counts, &held, info);
            waiting += usize::from(reference != 0);
            assert_eq!(
                crate::eval::pair258_waits::winning_tiles(&counts, &held, info),
                reference,
                "{counts:?} {melds:?} {info:?}"
            );
            assert_eq!(
                crate::eval::pair258_waits::winning_tiles(&counts, &counts, info),
                winning_by_kind(&counts, &counts, info),
                "{counts:?} {melds:?} {info:?}, held as concealed"
            );
        }
    }
    assert!(waiting > 4000, "only {waiting} waiting hands");
    // Honors held: no prefilter, the same answers.
    let counts = crate::tiles::hand("22558m258p25s555z");
    assert_eq!(counts[FIRST_HONOR + 4], 3);
    let info = MeldInfo::unknown(0);
    assert_eq!(
        crate::eval::pair258_waits::winning_tiles(&counts, &counts, info),
        winning_by_kind(&counts, &counts, info)
    );
}

/// The win test against the reference on random complete hands (many built complete) of
/// every theme, with their melds and with the melds unknown; honors among them.
#[test]
fn wins_match_reference() {
    let mut rng = Rng::new(25_858);
    let mut won = 0;
    for _ in 0..30_000 {
        let (counts, melds, _) = random_hand(&mut rng, 0);
        for info in [MeldInfo::of(&melds), MeldInfo::unknown(melds.len() as u8)] {
            let reference = wins_by_shapes(&counts, info);
            won += usize::from(reference);
            assert_eq!(
                wins(&counts, info),
                reference,
                "{counts:?} {melds:?} {info:?}"
            );
        }
    }
    assert!(won > 3000, "only {won} winning hands");
}
