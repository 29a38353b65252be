//! The fans of a reading's melds among themselves: chows with chows (一般高, 喜相逢, 连六,
//! 老少副, 三步高, 三同顺, 花龙, 清龙, 四步高, 四同顺), pungs with pungs (双同刻, 双箭刻,
//! 三节高, 三同刻, 三风刻, 大三元, 四节高, 大四喜), one pung (箭刻, 幺九刻), and the kongs and
//! concealed pungs (明杠 … 四杠, 双暗刻 … 四暗刻, 明暗杠). Chows are named by their middle
//! tile. The principles 不得相同 and 套算一次 decide how often the pairwise fans count.

use super::codes::{
    is_dragon, is_suited, is_terminal, is_wind, rank, same_rank_suited, same_suit, suit, Code,
    EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE,
};
use super::fan::Fan::{
    self, BigFourWinds, BigThreeDragons, BigThreeWinds, ConcealedKong, ConcealedKongAndMeldedKong,
    DoublePung, DragonPung, FourConcealedPungs, FourKongs, FourPureShiftedChows,
    FourPureShiftedPungs, MeldedKong, MixedDoubleChow, MixedShiftedChows, MixedShiftedPungs,
    MixedStraight, MixedTripleChow, PungOfTerminalsOrHonors, PureDoubleChow, PureShiftedChows,
    PureShiftedPungs, PureStraight, PureTripleChow, QuadrupleChow, ShortStraight,
    ThreeConcealedPungs, ThreeKongs, TriplePung, TwoConcealedKongs, TwoConcealedPungs,
    TwoDragonsPungs, TwoMeldedKongs, TwoTerminalChows,
};
use super::table::FanTable;

fn shifted_1(a: u8, b: u8, c: u8) -> bool {
    a + 1 == b && b + 1 == c
}

fn shifted_2(a: u8, b: u8, c: u8) -> bool {
    a + 2 == b && b + 2 == c
}

fn three_suits(a: u8, b: u8, c: u8) -> bool {
    a != b && a != c && b != c
}

/// Three ranks that are consecutive in some order.
fn shifted_1_any_order(a: u8, b: u8, c: u8) -> bool {
    let mut r = [a, b, c];
    r.sort_unstable();
    shifted_1(r[0], r[1], r[2])
}

/// The fan of four chows together (sorted middle tiles).
fn four_chows(t: [Code; 4]) -> Option<Fan> {
    let step = |d: u8| t[0] + d == t[1] && t[1] + d == t[2] && t[2] + d == t[3];
    if step(2) || step(1) {
        Some(FourPureShiftedChows)
    } else if step(0) {
        Some(QuadrupleChow)
    } else {
        None
    }
}

/// The fan of three chows together (sorted middle tiles).
fn three_chows(t0: Code, t1: Code, t2: Code) -> Option<Fan> {
    let (r0, r1, r2) = (rank(t0), rank(t1), rank(t2));
    if three_suits(suit(t0), suit(t1), suit(t2)) {
        if shifted_1_any_order(r0, r1, r2) {
            return Some(MixedShiftedChows);
        }
        if r0 == r1 && r1 == r2 {
            return Some(MixedTripleChow);
        }
        let mut r = [r0, r1, r2];
        r.sort_unstable();
        if r == [2, 5, 8] {
            return Some(MixedStraight);
        }
    } else {
        if t0 + 3 == t1 && t1 + 3 == t2 {
            return Some(PureStraight);
        }
        if shifted_2(t0, t1, t2) || shifted_1(t0, t1, t2) {
            return Some(PureShiftedChows);
        }
        if t0 == t1 && t0 == t2 {
            return Some(PureTripleChow);
        }
    }
    None
}

/// The fan of two chows, in either order.
fn two_chows(t0: Code, t1: Code) -> Option<Fan> {
    if same_suit(t0, t1) {
        if t0 + 3 == t1 || t1 + 3 == t0 {
            return Some(ShortStraight);
        }
        let (r0, r1) = (rank(t0), rank(t1));
        if (r0 == 2 && r1 == 8) || (r0 == 8 && r1 == 2) {
            return Some(TwoTerminalChows);
        }
        if t0 == t1 {
            return Some(PureDoubleChow);
        }
    } else if same_rank_suited(t0, t1) {
        return Some(MixedDoubleChow);
    }
    None
}

/// The fan of four pungs together (sorted tiles).
fn four_pungs(t: [Code; 4]) -> Option<Fan> {
    if is_suited(t[0]) && t[0] + 1 == t[1] && t[1] + 1 == t[2] && t[2] + 1 == t[3] {
        Some(FourPureShiftedPungs)
    } else if t == [EAST, SOUTH, WEST, NORTH] {
        Some(BigFourWinds)
    } else {
        None
    }
}

/// The fan of three pungs together (sorted tiles).
fn three_pungs(t0: Code, t1: Code, t2: Code) -> Option<Fan> {
    if is_suited(t0) && is_suited(t1) && is_suited(t2) {
        let (r0, r1, r2) = (rank(t0), rank(t1), rank(t2));
        if three_suits(suit(t0), suit(t1), suit(t2)) {
            if shifted_1_any_order(r0, r1, r2) {
                return Some(MixedShiftedPungs);
            }
            if r0 == r1 && r1 == r2 {
                return Some(TriplePung);
            }
        } else if t0 + 1 == t1 && t1 + 1 == t2 {
            return Some(PureShiftedPungs);
        }
    } else {
        let winds = [
            [EAST, SOUTH, WEST],
            [EAST, SOUTH, NORTH],
            [EAST, WEST, NORTH],
            [SOUTH, WEST, NORTH],
        ];
        if winds.contains(&[t0, t1, t2]) {
            return Some(BigThreeWinds);
        }
        if [t0, t1, t2] == [RED, GREEN, WHITE] {
            return Some(BigThreeDragons);
        }
    }
    None
}

/// The fan of two pungs, in either order.
fn two_pungs(t0: Code, t1: Code) -> Option<Fan> {
    if is_suited(t0) && is_suited(t1) {
        if same_rank_suited(t0, t1) {
            return Some(DoublePung);
        }
    } else if is_dragon(t0) && is_dragon(t1) {
        return Some(TwoDragonsPungs);
    }
    None
}

/// The fan of one pung on its own.
#[must_use]
pub fn one_pung(t: Code) -> Option<Fan> {
    if is_dragon(t) {
        Some(DragonPung)
    } else if is_terminal(t) || is_wind(t) {
        Some(PungOfTerminalsOrHonors)
    } else {
        None
    }
}

/// The best pairwise fan of a fourth chow with three that already make a fan.
fn extra_chow(t0: Code, t1: Code, t2: Code, extra: Code) -> Option<Fan> {
    let fans = [
        two_chows(t0, extra),
        two_chows(t1, extra),
        two_chows(t2, extra),
    ];
    [
        PureDoubleChow,
        MixedDoubleChow,
        ShortStraight,
        TwoTerminalChows,
    ]
    .into_iter()
    .find(|f| fans.contains(&Some(*f)))
}

/// The pairwise chow fans, at most `max` of them: duplicates go first, from 老少副 up.
fn pairwise_limited(fans: &[Option<Fan>], max: u16, t: &mut FanTable) {
    const ORDER: [Fan; 4] = [
        PureDoubleChow,
        MixedDoubleChow,
        ShortStraight,
        TwoTerminalChows,
    ];
    let mut counts = [0u16; 4];
    let mut n = 0u16;
    for f in fans.iter().flatten() {
        if let Some(i) = ORDER.iter().position(|o| o == f) {
            counts[i] += 1;
            n += 1;
        }
    }
    let mut limit = 1i32;
    while n > max && limit >= 0 {
        let mut idx = 4;
        while n > max && idx > 0 {
            idx -= 1;
            while i32::from(counts[idx]) > limit && n > max {
                counts[idx] -= 1;
                n -= 1;
            }
        }
        limit -= 1;
    }
    for (i, f) in ORDER.into_iter().enumerate() {
        t[f] = counts[i];
    }
}

fn three_of_four_chows(t0: Code, t1: Code, t2: Code, extra: Code, t: &mut FanTable) -> bool {
    if let Some(f) = three_chows(t0, t1, t2) {
        t[f] = 1;
        if let Some(e) = extra_chow(t0, t1, t2, extra) {
            t[e] = 1;
        }
        return true;
    }
    false
}

/// Four chows (sorted middle tiles).
pub fn chows_4(m: [Code; 4], t: &mut FanTable) {
    if let Some(f) = four_chows(m) {
        t[f] = 1;
        return;
    }
    if three_of_four_chows(m[0], m[1], m[2], m[3], t)
        || three_of_four_chows(m[0], m[1], m[3], m[2], t)
        || three_of_four_chows(m[0], m[2], m[3], m[1], t)
        || three_of_four_chows(m[1], m[2], m[3], m[0], t)
    {
        return;
    }
    let fans = [
        two_chows(m[0], m[1]),
        two_chows(m[0], m[2]),
        two_chows(m[0], m[3]),
        two_chows(m[1], m[2]),
        two_chows(m[1], m[3]),
        two_chows(m[2], m[3]),
    ];
    // A chow related to none of the others takes no part (four such chows: none at all).
    let mut max = 3u16;
    for pairs in [[0, 1, 2], [0, 3, 4], [1, 3, 5], [2, 4, 5]] {
        if pairs.iter().all(|&i| fans[i].is_none()) {
            max = max.saturating_sub(1);
        }
    }
    if max > 0 {
        pairwise_limited(&fans, max, t);
    }
}

/// Three chows (sorted middle tiles).
pub fn chows_3(m: [Code; 3], t: &mut FanTable) {
    if let Some(f) = three_chows(m[0], m[1], m[2]) {
        t[f] = 1;
        return;
    }
    let fans = [
        two_chows(m[0], m[1]),
        two_chows(m[0], m[2]),
        two_chows(m[1], m[2]),
    ];
    pairwise_limited(&fans, 2, t);
}

/// Two chows.
pub fn chows_2(m: [Code; 2], t: &mut FanTable) {
    if let Some(f) = two_chows(m[0], m[1]) {
        t[f] += 1;
    }
}

/// Four pungs (sorted tiles).
pub fn pungs_4(m: [Code; 4], t: &mut FanTable) {
    if let Some(f) = four_pungs(m) {
        t[f] = 1;
        return;
    }
    let triples = [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)];
    for (a, b, c, free) in triples {
        if let Some(f) = three_pungs(m[a], m[b], m[c]) {
            t[f] = 1;
            // The fourth pung joins one of the three once.
            for i in (0..4).filter(|&i| i != free) {
                if let Some(f) = two_pungs(m[i], m[free]) {
                    t[f] += 1;
                    break;
                }
            }
            return;
        }
    }
    for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        if let Some(f) = two_pungs(m[a], m[b]) {
            t[f] += 1;
        }
    }
}

/// Three pungs (sorted tiles).
pub fn pungs_3(m: [Code; 3], t: &mut FanTable) {
    if let Some(f) = three_pungs(m[0], m[1], m[2]) {
        t[f] = 1;
        return;
    }
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if let Some(f) = two_pungs(m[a], m[b]) {
            t[f] += 1;
        }
    }
}

/// Two pungs.
pub fn pungs_2(m: [Code; 2], t: &mut FanTable) {
    if let Some(f) = two_pungs(m[0], m[1]) {
        t[f] += 1;
    }
}

/// The kongs and concealed pungs: `concealed_pungs` (concealed kongs not included),
/// `melded_kongs`, `concealed_kongs`.
pub fn kongs(concealed_pungs: u8, melded_kongs: u8, concealed_kongs: u8, t: &mut FanTable) {
    let pungs = |n: u8, t: &mut FanTable| match n {
        2 => t[TwoConcealedPungs] = 1,
        3 => t[ThreeConcealedPungs] = 1,
        4 => t[FourConcealedPungs] = 1,
        _ => {}
    };
    match melded_kongs + concealed_kongs {
        0 => pungs(concealed_pungs, t),
        1 => {
            if melded_kongs == 1 {
                t[MeldedKong] = 1;
                if concealed_pungs < 4 {
                    pungs(concealed_pungs, t);
                }
            } else {
                t[ConcealedKong] = 1;
                pungs(concealed_pungs + 1, t);
            }
        }
        2 => match concealed_kongs {
            0 => {
                t[TwoMeldedKongs] = 1;
                if concealed_pungs == 2 {
                    t[TwoConcealedPungs] = 1;
                }
            }
            1 => {
                t[ConcealedKongAndMeldedKong] = 1;
                if concealed_pungs < 3 {
                    pungs(concealed_pungs + 1, t);
                }
            }
            _ => {
                t[TwoConcealedKongs] = 1;
                if concealed_pungs > 0 {
                    pungs(concealed_pungs + 2, t);
                }
            }
        },
        3 => {
            t[ThreeKongs] = 1;
            match concealed_kongs {
                1 if concealed_pungs > 0 => t[TwoConcealedPungs] = 1,
                2 => pungs(2 + u8::from(concealed_pungs > 0), t),
                3 => pungs(3 + u8::from(concealed_pungs > 0), t),
                _ => {}
            }
        }
        _ => {
            t[FourKongs] = 1;
            pungs(concealed_kongs, t);
        }
    }
}
