//! The fans of the hands that are not read as four melds and a pair: 七对 (and 连七对),
//! 全不靠 and 七星不靠, 十三幺, 九莲宝灯, and 组合龙 completed by one meld and a pair.

use super::adjust;
use super::codes::{
    is_dragon, is_honor, is_melded, is_suited, is_terminal, is_wind, kind, make, rank, suit, tile,
    Code, CodeTable, Pack, CHOW, KNITTED, KONG, ORPHANS,
};
use super::fan::Fan::{
    AllChows, AllSimples, AllTypes, ConcealedHand, ConcealedKong, DragonPung, FullyConcealedHand,
    GreaterHonorsAndKnittedTiles, KnittedStraight, LesserHonorsAndKnittedTiles, MeldedKong,
    NineGates, NoHonors, PungOfTerminalsOrHonors, PureStraight, SelfDrawn, SevenPairs,
    SevenShiftedPairs, ShortStraight, SingleWait, ThirteenOrphans, TileHog, TwoConcealedPungs,
};
use super::readings::{has_pair, split, Reading, Readings};
use super::table::{flag, FanTable};

/// Every count even.
fn is_seven_pairs(table: &CodeTable) -> bool {
    table.iter().all(|&n| n & 1 == 0)
}

/// 连七对: seven consecutive pairs of suit `s`.
fn is_seven_shifted_pairs(table: &CodeTable, s: u8) -> bool {
    if s == 4 {
        return false;
    }
    let t3 = usize::from(make(s, 3));
    if (0..5).all(|d| table[t3 + d] == 2) {
        if table[t3 - 1] == 2 {
            return table[t3 - 2] == 2 || table[t3 + 5] == 2;
        }
        return table[t3 + 5] == 2 && table[t3 + 6] == 2;
    }
    false
}

/// 全不靠 or 七星不靠 (and 组合龙 with 全不靠 when all nine knitted tiles are there).
fn honors_and_knitted(unique: &[Code], t: &mut FanTable) -> bool {
    if unique.len() != 14 {
        return false;
    }
    let suited = unique.iter().take_while(|&&c| !is_honor(c)).count();
    if !(7..=9).contains(&suited) {
        return false;
    }
    if !KNITTED
        .iter()
        .any(|seq| unique[..suited].iter().all(|c| seq.contains(c)))
    {
        return false;
    }
    if suited == 7 {
        t[GreaterHonorsAndKnittedTiles] = 1;
    } else {
        t[LesserHonorsAndKnittedTiles] = 1;
        if suited == 9 {
            t[KnittedStraight] = 1;
        }
    }
    true
}

/// The forms of a hand without declared melds read whole: 七对 (连七对), 全不靠, 七星不靠,
/// 十三幺. Whether one matched.
pub fn whole_hand(
    standing: &CodeTable,
    win: Code,
    unique: &[Code],
    flags: u8,
    t: &mut FanTable,
) -> bool {
    if is_seven_pairs(standing) {
        let s = suit(win);
        if is_seven_shifted_pairs(standing, s) {
            t[SevenShiftedPairs] = 1;
            if standing[usize::from(make(s, 1))] == 0 && standing[usize::from(make(s, 9))] == 0 {
                t[AllSimples] = 1;
            }
            adjust::by_win_flags(flags, t);
        } else {
            t[SevenPairs] = 1;
            adjust::by_suits(unique, t);
            adjust::by_kinds(unique, t);
            adjust::by_ranks(unique, t);
            adjust::tile_hog(standing, 0, t);
            adjust::by_win_flags(flags, t);
            adjust::exclusions(t);
        }
        return true;
    }
    if honors_and_knitted(unique, t) {
        adjust::by_win_flags(flags, t);
        return true;
    }
    if unique == ORPHANS {
        t[ThirteenOrphans] = 1;
        adjust::by_win_flags(flags, t);
        return true;
    }
    false
}

/// 组合龙 with one meld (concealed or declared, at most one declared) and a pair.
#[allow(clippy::too_many_arguments)]
pub fn knitted_straight(
    fixed_table: &CodeTable,
    standing: &CodeTable,
    fixed: &[Pack],
    win: Code,
    flags: u8,
    prevalent: u8,
    seat: u8,
    t: &mut FanTable,
) -> bool {
    if !has_pair(standing) {
        return false;
    }
    let Some(seq) = KNITTED
        .iter()
        .find(|seq| seq.iter().all(|&c| standing[usize::from(c)] > 0))
    else {
        return false;
    };
    let mut table = *standing;
    for &c in seq {
        table[usize::from(c)] -= 1;
    }
    // The nine tiles stand for three melds; the fourth (declared or not) is at index 3.
    let mut out = Readings::new();
    let mut work: Reading = [0; 5];
    if fixed.len() == 1 {
        work[3] = fixed[0];
    }
    split(&mut table, fixed.len() + 3, 0, 0, &mut work, &mut out);
    if out.len != 1 {
        return false;
    }
    let packs = out.items[0];
    let other = packs[3];
    let pair = tile(packs[4]);
    t[KnittedStraight] = 1;
    let other_kind = kind(other);
    if other_kind == CHOW {
        if is_suited(pair) {
            t[AllChows] = 1;
        }
        let p = usize::from(pair);
        if fixed_table[p] + standing[p] == 4 {
            t[TileHog] = 1;
        }
    } else {
        let o = tile(other);
        if is_honor(o) {
            if is_wind(o) {
                t[PungOfTerminalsOrHonors] = 1;
                adjust::by_winds(o, prevalent, seat, t);
                if is_dragon(pair) {
                    t[AllTypes] = 1;
                }
            } else {
                t[DragonPung] = 1;
                if is_wind(pair) {
                    t[AllTypes] = 1;
                }
            }
        } else {
            if is_terminal(o) {
                t[PungOfTerminalsOrHonors] = 1;
            }
            if !is_honor(pair) {
                t[NoHonors] = 1;
            }
            let i = usize::from(o);
            if other_kind != KONG && fixed_table[i] + standing[i] == 4 {
                t[TileHog] = 1;
            }
        }
    }
    adjust::by_win_flags(flags, t);
    if is_melded(other) {
        if other_kind == KONG {
            t[MeldedKong] = 1;
        }
    } else {
        if other_kind == KONG {
            t[ConcealedKong] = 1;
        }
        if flags & flag::SELF_DRAWN != 0 {
            t[FullyConcealedHand] = 1;
            t[SelfDrawn] = 0;
        } else {
            t[ConcealedHand] = 1;
        }
    }
    if fixed.is_empty() {
        // The reference asks the wait of the five tiles beside the nine, less the winning
        // tile, even when that tile is one of the nine (its count then wraps, as there).
        if super::waits::unique_wait(&table, 4, win) {
            // 边张, 嵌张, 单钓将 of the meld and pair beside the knitted straight.
            super::regular::by_wait(&packs[3..5], win, t);
        }
    } else if !seq.contains(&win) || standing[usize::from(win)] == 3 {
        t[SingleWait] = 1;
    }
    adjust::exclusions(t);
    true
}

/// 九莲宝灯: 1112345678999 of one suit and any tile of it, won on that tile (a hand without
/// declared melds); with the fans its tiles imply.
pub fn nine_gates(standing: &CodeTable, win: Code, flags: u8, t: &mut FanTable) -> bool {
    let s = suit(win);
    let r = rank(win);
    if s == 4 {
        return false;
    }
    let at = |rank: u8| standing[usize::from(make(s, rank))];
    let ones = |from: u8, to: u8| (from..to).all(|x| at(x) == 1);
    let ok = match r {
        1 => at(1) == 4 && at(9) == 3 && ones(2, 9),
        9 => at(9) == 4 && at(1) == 3 && ones(2, 9),
        _ => at(r) == 2 && at(1) == 3 && at(9) == 3 && ones(2, r) && ones(r + 1, 9),
    };
    if !ok {
        return false;
    }
    t[NineGates] = 1;
    match r {
        1 | 9 => {
            t[PureStraight] = 1;
            t[TileHog] = 1;
        }
        2 | 8 => {
            t[TwoConcealedPungs] = 1;
            t[ShortStraight] = 1;
            t[PungOfTerminalsOrHonors] = 1;
        }
        5 => {
            t[TwoConcealedPungs] = 1;
            t[PungOfTerminalsOrHonors] = 1;
        }
        _ => t[ShortStraight] = 1,
    }
    adjust::by_win_flags(flags, t);
    true
}
