//! The fan table: one hand per pattern and per rule worked out by hand from the contract, then
//! the fast functions against the brute-force reference (`fans_reference.rs`) on random hands.

use std::collections::HashMap;

use super::fans::{best_reading, best_ready_fans, Pattern, Reading};
use super::fans_reference;
use crate::hand::{add_meld, Meld, MeldKind};
use crate::rng::Rng;
use crate::tiles::{hand, parse, Counts};

const PONG: MeldKind = MeldKind::Pong;
const KONG: MeldKind = MeldKind::Kong;
const ADDED: MeldKind = MeldKind::AddedKong;
const CONCEALED: MeldKind = MeldKind::ConcealedKong;

fn melds_of(melds: &[(MeldKind, &str)]) -> Vec<Meld> {
    melds
        .iter()
        .map(|&(kind, tile)| Meld {
            kind,
            tile: parse(tile).expect("valid tile")[0],
        })
        .collect()
}

/// The best reading of `tiles` (concealed, the winning tile included) beside `melds`.
fn read(tiles: &str, melds: &[(MeldKind, &str)]) -> Option<Reading> {
    best_reading(&hand(tiles), &melds_of(melds))
}

#[allow(clippy::unnecessary_wraps)] // compared with `best_reading`'s answer
fn reading(pattern: Pattern, roots: u8) -> Option<Reading> {
    Some(Reading { pattern, roots })
}

#[test]
fn table_names_and_fans() {
    let fans: Vec<u8> = Pattern::ALL.iter().map(|p| p.fans()).collect();
    assert_eq!(fans, [0, 1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 4, 4, 5]);
    assert_eq!(Pattern::ALL[0].name(), "plain");
    assert_eq!(Pattern::ALL[13].name(), "one_suit_dragon_seven_pairs");
    assert_eq!(Pattern::PureGoldenHook.chinese(), "将金钩钓");
    let names: std::collections::HashSet<_> = Pattern::ALL.iter().map(|p| p.name()).collect();
    assert_eq!(names.len(), 14);
    assert_eq!(
        Reading {
            pattern: Pattern::PurePongs,
            roots: 2
        }
        .fans(),
        5
    );
}

/// One hand per pattern, none with a 根 unless said.
#[test]
fn each_pattern() {
    use Pattern::*;
    let hook = [(PONG, "1m"), (PONG, "5p"), (PONG, "9s"), (PONG, "3s")];
    let cases: [(&str, &[(MeldKind, &str)], Pattern, u8); 15] = [
        ("123m 456m 789p 234s 55s", &[], Plain, 0),
        ("111m 555p 999s 222s 77p", &[], AllPongs, 0),
        ("11m 777p 444s", &[(PONG, "3s"), (KONG, "5m")], AllPongs, 1),
        ("123m 456m 789m 234m 55m", &[], OneSuit, 0),
        ("11m 33m 55p 77p 99s 22s 44s", &[], SevenPairs, 0),
        ("77p", &hook, GoldenHook, 0),
        ("123m 789m 111p 999s 99p", &[], Terminals, 0),
        ("111m 333m 555m 777m 99m", &[], OneSuitPongs, 0),
        ("222m 555p 888s 222s 55m", &[], PurePongs, 0),
        ("1111m 33p 55p 77s 99s 22s", &[], DragonSevenPairs, 0),
        ("11223344557799m", &[], OneSuitSevenPairs, 0),
        (
            "99m",
            &[(PONG, "1m"), (PONG, "3m"), (CONCEALED, "5m"), (ADDED, "7m")],
            OneSuitGoldenHook,
            2,
        ),
        ("123m 123m 123m 789m 99m", &[], OneSuitTerminals, 0),
        (
            "88m",
            &[(PONG, "2m"), (PONG, "5p"), (PONG, "8s"), (KONG, "2s")],
            PureGoldenHook,
            1,
        ),
        ("1111m 22m 33m 55m 77m 99m", &[], OneSuitDragonSevenPairs, 0),
    ];
    for (tiles, melds, pattern, roots) in cases {
        assert_eq!(
            read(tiles, melds),
            reading(pattern, roots),
            "{tiles} {melds:?}"
        );
    }
}

/// 根: every kind whose four copies the winner holds, wherever they are.
#[test]
fn roots() {
    // A concealed kong (scenario 5): 平胡 + 1.
    let kong = read("123m 456m 789m 11s", &[(CONCEALED, "3s")]);
    assert_eq!(kong, reading(Pattern::Plain, 1));
    // A pong and the fourth copy concealed, in a run.
    let pong = read("5p 67p 123m 456m 99s", &[(PONG, "5p")]);
    assert_eq!(pong, reading(Pattern::Plain, 1));
    // Four concealed copies never konged, split as a triplet and a run.
    assert_eq!(
        read("1111m 23m 456p 789s 55s", &[]),
        reading(Pattern::Plain, 1)
    );
    // Two.
    assert_eq!(
        read("1111m 23m 4444p 56p 55s", &[]),
        reading(Pattern::Plain, 2)
    );
}

/// 龙七对: four equal tiles are two pairs; the first four is the 龙, each further one a 根.
#[test]
fn dragon_seven_pairs_counts_its_first_four_once() {
    assert_eq!(
        read("1111m 5555p 33s 77s 99s", &[]),
        reading(Pattern::DragonSevenPairs, 1)
    );
    assert_eq!(
        read("1111m 5555m 33m 77m 99m", &[]),
        reading(Pattern::OneSuitDragonSevenPairs, 1)
    );
    // Three fours: 5 + 2 = 7, uncapped.
    assert_eq!(
        read("1111m 5555m 3333m 77m", &[]),
        reading(Pattern::OneSuitDragonSevenPairs, 2)
    );
}

/// Seven pairs has no declared meld at all: a pong and its fourth copy are not two pairs.
#[test]
fn seven_pairs_refused_with_a_meld() {
    assert_eq!(read("5m 11p 33p 55s 77s 99s", &[(PONG, "5m")]), None);
}

/// Not wins: a tile short or over, an unfinished shape, honours.
#[test]
fn not_a_win() {
    assert_eq!(read("123m 456m 789p 234s 5s", &[]), None);
    assert_eq!(read("123m 456m 789p 234s 555s", &[]), None);
    assert_eq!(read("123m 456m 789p 235s 55s", &[]), None);
    assert_eq!(read("123m 456m 789p 234s 11z", &[]), None);
}

/// Of every reading of a hand, the one with the most fans; equal fans: the pattern first in
/// `Pattern::ALL`.
#[test]
fn best_reading_chosen() {
    // Triplets read 对对胡 (1); three 123s read 带幺九 (2).
    assert_eq!(
        read("111m 222m 333m 999p 11s", &[]),
        reading(Pattern::Terminals, 0)
    );
    // Runs read 清一色 (2); seven pairs read 清七对 (4).
    assert_eq!(
        read("11223344556677m", &[]),
        reading(Pattern::OneSuitSevenPairs, 0)
    );
    // Triplets read 清一色 (2; 清对 needs every group a triplet); three 123s read 清幺九 (4).
    assert_eq!(
        read("111m 222m 333m 789m 99m", &[]),
        reading(Pattern::OneSuitTerminals, 0)
    );
    // Ties, 2 fans each: 七对 before 带幺九, 金钩钓 before 带幺九.
    assert_eq!(
        read("112233m 778899p 11s", &[]),
        reading(Pattern::SevenPairs, 0)
    );
    let hook = [(PONG, "1m"), (PONG, "9m"), (PONG, "1p"), (PONG, "9p")];
    assert_eq!(read("11s", &hook), reading(Pattern::GoldenHook, 0));
    // Four pongs of 1s and 9s with a terminal pair: 带幺九 (2) over 对对胡 (1).
    assert_eq!(
        read("111m 999m 111p 999p 11s", &[]),
        reading(Pattern::Terminals, 0)
    );
}

fn ready(tiles: &str, melds: &[(MeldKind, &str)], void: Option<u8>) -> Option<u8> {
    best_ready_fans(&hand(tiles), &melds_of(melds), void)
}

/// 查大叫's value: the best over the winning tiles, a 根 the winning tile supplies included.
#[test]
fn ready_values() {
    // 1p makes 1111p (111p 123p) with a 根: 1; 4p: 平胡 0.
    assert_eq!(ready("123m 456m 111p 23p 99s", &[], None), Some(1));
    // Only 1s: 123m ×3 999p 11s, 带幺九.
    assert_eq!(ready("111m 222m 333m 999p 1s", &[], None), Some(2));
    // 9m: 清幺九 (4, three 123s); 6m: 清一色 (2); the best counts.
    assert_eq!(ready("111m 222m 333m 789m 9m", &[], None), Some(4));
    assert_eq!(ready("13579m 2468p 1357s", &[], None), None);
    // The only wait is a fifth 5p: not ready.
    assert_eq!(ready("5p 123m 456m 789m", &[(PONG, "5p")], None), None);
    // Holding the void suit: never ready; another void: ready.
    assert_eq!(ready("123p 456p 111p 23s 99s", &[], Some(0)), Some(1));
    assert_eq!(ready("123p 456p 111p 23s 99s", &[], Some(1)), None);
    assert_eq!(ready("123p 456p 111p 23s 99s", &[], Some(2)), None);
    // A declared pong of the void suit counts as held.
    assert_eq!(ready("123p 456p 23s 99s", &[(PONG, "1m")], Some(0)), None);
    assert_eq!(ready("123p 456p 23s 99s", &[(PONG, "1m")], Some(2)), None);
    assert_eq!(ready("123p 456p 23s 99s", &[(PONG, "1m")], None), Some(0));
}

/// A random winning hand: concealed counts (the winning tile in) and declared melds.
type Win = (Counts, Vec<Meld>);

/// Draws winning hands biased so that every pattern turns up: one suit often, ranks
/// restricted to 2/5/8 or to groups holding a 1 or a 9, triplets only, four declared melds,
/// seven pairs with and without four equal tiles.
fn random_win(rng: &mut Rng) -> Win {
    loop {
        let suits: Vec<u8> = match rng.below(5) {
            0 | 1 => vec![rng.below(3) as u8],
            2 => {
                let gone = rng.below(3) as u8;
                (0..3).filter(|&s| s != gone).collect()
            }
            _ => vec![0, 1, 2],
        };
        let (ranks, starts): (&[u8], &[u8]) = match rng.below(10) {
            0 | 1 => (&[1, 4, 7], &[]),
            2..=4 => (&[0, 8], &[0, 6]),
            _ => (&[0, 1, 2, 3, 4, 5, 6, 7, 8], &[0, 1, 2, 3, 4, 5, 6]),
        };
        let pick = |rng: &mut Rng, within: &[u8]| {
            suits[rng.below(suits.len() as u64) as usize] * 9
                + within[rng.below(within.len() as u64) as usize]
        };
        let mut concealed = [0u8; 34];
        let mut melds = Vec::new();
        if rng.below(4) == 0 {
            let distinct = rng.below(2) == 0;
            for _ in 0..7 {
                let mut k = pick(rng, ranks) as usize;
                for _ in 0..20 {
                    if concealed[k] == 0 || (!distinct && concealed[k] == 2) {
                        break;
                    }
                    k = pick(rng, ranks) as usize;
                }
                concealed[k] += 2;
            }
        } else {
            let declared = rng.below(5);
            let pongs_only = starts.is_empty() || rng.below(10) < 3;
            for i in 0..4 {
                if i < declared {
                    let kind = [PONG, KONG, ADDED, CONCEALED][rng.below(4) as usize];
                    melds.push(Meld {
                        kind,
                        tile: pick(rng, ranks),
                    });
                } else if pongs_only || rng.below(2) == 0 {
                    concealed[pick(rng, ranks) as usize] += 3;
                } else {
                    let s = pick(rng, starts) as usize;
                    for t in s..s + 3 {
                        concealed[t] += 1;
                    }
                }
            }
            concealed[pick(rng, ranks) as usize] += 2;
        }
        let mut all = concealed;
        for m in &melds {
            add_meld(&mut all, m.kind, m.tile);
        }
        if all.iter().all(|&c| c <= 4) {
            return (concealed, melds);
        }
    }
}

/// A random concealed kind held, chosen by tile (kinds held more often are likelier).
fn random_held(rng: &mut Rng, counts: &Counts) -> usize {
    let n: u64 = counts.iter().map(|&c| u64::from(c)).sum();
    let mut i = rng.below(n);
    for (k, &c) in counts.iter().enumerate() {
        if i < u64::from(c) {
            return k;
        }
        i -= u64::from(c);
    }
    unreachable!("i < n")
}

/// Held counting melds.
fn held(concealed: &Counts, melds: &[Meld]) -> Counts {
    let mut all = *concealed;
    for m in melds {
        add_meld(&mut all, m.kind, m.tile);
    }
    all
}

/// Replaces one random concealed tile by a random other kind (never a fifth copy).
fn swap_a_tile(rng: &mut Rng, concealed: &mut Counts, melds: &[Meld]) {
    let out = random_held(rng, concealed);
    concealed[out] -= 1;
    let all = held(concealed, melds);
    let mut k = rng.below(27) as usize;
    while all[k] >= 4 {
        k = rng.below(27) as usize;
    }
    concealed[k] += 1;
}

#[test]
fn best_reading_matches_the_reference() {
    let mut rng = Rng::new(38);
    let mut seen: HashMap<Pattern, usize> = HashMap::new();
    for i in 0..20_000 {
        let (concealed, melds) = random_win(&mut rng);
        let want = fans_reference::best(&concealed, &melds);
        let got = best_reading(&concealed, &melds);
        assert_eq!(got, want, "hand {i}: {concealed:?} {melds:?}");
        let want = want.expect("the generator builds wins");
        *seen.entry(want.pattern).or_default() += 1;
    }
    for p in Pattern::ALL {
        let n = seen.get(&p).copied().unwrap_or(0);
        assert!(n >= 20, "{} drawn {n} times: {seen:?}", p.name());
    }
}

#[test]
fn best_reading_matches_the_reference_off_wins() {
    let mut rng = Rng::new(39);
    let mut wins = 0;
    for i in 0..10_000 {
        let (mut concealed, melds) = random_win(&mut rng);
        swap_a_tile(&mut rng, &mut concealed, &melds);
        let want = fans_reference::best(&concealed, &melds);
        assert_eq!(
            best_reading(&concealed, &melds),
            want,
            "hand {i}: {concealed:?} {melds:?}"
        );
        wins += usize::from(want.is_some());
    }
    assert!(wins > 100 && wins < 9_000, "{wins} wins among 10,000");
}

#[test]
fn best_ready_fans_matches_the_reference() {
    let mut rng = Rng::new(40);
    let mut ready = 0;
    for i in 0..3_000 {
        let (mut concealed, melds) = random_win(&mut rng);
        let out = random_held(&mut rng, &concealed);
        concealed[out] -= 1;
        if rng.below(3) == 0 {
            swap_a_tile(&mut rng, &mut concealed, &melds);
        }
        let void = match rng.below(3) {
            0 => None,
            _ => Some(rng.below(3) as u8),
        };
        let want = fans_reference::ready(&concealed, &melds, void);
        assert_eq!(
            best_ready_fans(&concealed, &melds, void),
            want,
            "hand {i}: {concealed:?} {melds:?} void {void:?}"
        );
        ready += usize::from(want.is_some());
    }
    assert!(ready > 300 && ready < 2_700, "{ready} ready among 3,000");
}

/// Every hand of `n` tiles of one suit (each kind 0–4 times), as counts of the 万 suit.
fn one_suit_hands(n: u8) -> Vec<Counts> {
    fn fill(k: usize, left: u8, c: &mut Counts, out: &mut Vec<Counts>) {
        if k == 9 {
            if left == 0 {
                out.push(*c);
            }
            return;
        }
        for x in 0..=left.min(4) {
            c[k] = x;
            fill(k + 1, left - x, c, out);
        }
        c[k] = 0;
    }
    let mut out = Vec::new();
    fill(0, n, &mut [0; 34], &mut out);
    out
}

/// Every one-suit hand of 14 tiles, and of 13 for 查大叫, against the reference: where the
/// readings crowd most (清一色, 清七对, 清幺九, 清龙七对, 根).
#[test]
fn every_one_suit_hand_matches_the_reference() {
    let mut wins = 0;
    for concealed in one_suit_hands(14) {
        let want = fans_reference::best(&concealed, &[]);
        assert_eq!(best_reading(&concealed, &[]), want, "{concealed:?}");
        wins += usize::from(want.is_some());
    }
    let mut ready = 0;
    for concealed in one_suit_hands(13) {
        let want = fans_reference::ready(&concealed, &[], None);
        assert_eq!(
            best_ready_fans(&concealed, &[], None),
            want,
            "{concealed:?}"
        );
        ready += usize::from(want.is_some());
    }
    assert!(
        wins > 10_000 && ready > 30_000,
        "{wins} wins, {ready} ready"
    );
}
