//! The fans every form scores alike from the tiles (suits, kinds, ranks, four of a kind),
//! from the moment of the win and from the winds, and the rules' exclusions (不重复: a fan
//! implied by a larger one is not counted again) applied to a reading's table at the end.

use super::codes::{
    is_dragon, is_green, is_honor, is_reversible, is_suited, is_terminal, is_terminal_or_honor,
    is_wind, rank, suit, Code, CodeTable, ALL_CODES, EAST,
};
use super::fan::Fan::{
    self, AllChows, AllEvenPungs, AllFive, AllGreen, AllHonors, AllPungs, AllSimples, AllTerminals,
    AllTerminalsAndHonors, AllTypes, BigFourWinds, BigThreeDragons, BigThreeWinds, ConcealedHand,
    DoublePung, DragonPung, FourConcealedPungs, FourKongs, FourPureShiftedPungs, FullFlush,
    FullyConcealedHand, HalfFlush, LastTile, LastTileClaim, LastTileDraw, LittleFourWinds,
    LittleThreeDragons, LowerFour, LowerTiles, MeldedHand, MiddleTiles, NoHonors, OneVoidedSuit,
    OutWithReplacementTile, OutsideHand, PrevalentWind, PungOfTerminalsOrHonors, PureTerminalChows,
    ReversibleTiles, RobbingTheKong, SeatWind, SelfDrawn, SingleWait, ThreeSuitedTerminalChows,
    TileHog, TwoDragonsPungs, UpperFour, UpperTiles,
};
use super::table::{flag, FanTable};

/// 无字, 缺一门, 混一色, 清一色, 五门齐 from the kinds the hand holds (`unique`: each kind
/// once, in code order).
pub fn by_suits(unique: &[Code], t: &mut FanTable) {
    let mut suits = 0u8;
    for &c in unique {
        suits |= 1 << suit(c);
    }
    if suits & 0xF1 == 0 {
        t[NoHonors] = 1;
    }
    for missing in [0xE3u8, 0xE5, 0xE9] {
        if suits & missing == 0 {
            t[OneVoidedSuit] += 1;
        }
    }
    if t[OneVoidedSuit] == 2 {
        t[OneVoidedSuit] = 0;
        if t[NoHonors] == 0 {
            t[HalfFlush] = 1;
        } else {
            t[FullFlush] = 1;
            t[NoHonors] = 0;
        }
    }
    if suits == 0x1E && unique.iter().any(|&c| is_wind(c)) && unique.iter().any(|&c| is_dragon(c)) {
        t[AllTypes] = 1;
    }
}

/// 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 from the kinds held.
pub fn by_kinds(unique: &[Code], t: &mut FanTable) {
    if !unique.iter().any(|&c| is_terminal_or_honor(c)) {
        t[AllSimples] = 1;
    }
    if unique.iter().all(|&c| is_reversible(c)) {
        t[ReversibleTiles] = 1;
    }
    if unique.iter().all(|&c| is_green(c)) {
        t[AllGreen] = 1;
    }
    if t[AllSimples] != 0 {
        return;
    }
    if unique.iter().all(|&c| is_honor(c)) {
        t[AllHonors] = 1;
    } else if unique.iter().all(|&c| is_terminal(c)) {
        t[AllTerminals] = 1;
    } else if unique.iter().all(|&c| is_terminal_or_honor(c)) {
        t[AllTerminalsAndHonors] = 1;
    }
}

/// 大于五, 小于五, 全大, 全中, 全小 from the ranks held (suited tiles only).
pub fn by_ranks(unique: &[Code], t: &mut FanTable) {
    let mut ranks = 0u16;
    for &c in unique {
        if !is_suited(c) {
            return;
        }
        ranks |= 1 << rank(c);
    }
    if ranks & 0xFFE1 == 0 {
        t[if ranks & 0x10 != 0 {
            LowerFour
        } else {
            LowerTiles
        }] = 1;
    } else if ranks & 0xFC3F == 0 {
        t[if ranks & 0x40 != 0 {
            UpperFour
        } else {
            UpperTiles
        }] = 1;
    } else if ranks & 0xFF8F == 0 {
        t[MiddleTiles] = 1;
    }
}

/// 四归一: kinds of which all four are used, less the kongs.
pub fn tile_hog(all: &CodeTable, kongs: u16, t: &mut FanTable) {
    let fours = ALL_CODES
        .iter()
        .filter(|&&c| all[usize::from(c)] == 4)
        .count() as u16;
    t[TileHog] = fours.saturating_sub(kongs);
}

/// 和绝张, 自摸, 妙手回春, 海底捞月, 杠上开花, 抢杠和 from the flags (抢杠和 not with 和绝张).
pub fn by_win_flags(flags: u8, t: &mut FanTable) {
    if flags & flag::LAST_COPY != 0 {
        t[LastTile] = 1;
    }
    if flags & flag::SELF_DRAWN != 0 {
        t[SelfDrawn] = 1;
        if flags & flag::WALL_LAST != 0 {
            t[LastTileDraw] = 1;
            t[SelfDrawn] = 0;
        }
        if flags & flag::KONG != 0 {
            t[OutWithReplacementTile] = 1;
            t[SelfDrawn] = 0;
        }
    } else {
        if flags & flag::WALL_LAST != 0 {
            t[LastTileClaim] = 1;
        }
        if flags & flag::KONG != 0 {
            t[RobbingTheKong] = 1;
            t[LastTile] = 0;
        }
    }
}

/// 圈风刻 and 门风刻 for a wind pung `tile`, each taking the place of a 幺九刻 unless a fan
/// that already left the winds' 幺九刻 out is scored.
pub fn by_winds(tile: Code, prevalent: u8, seat: u8, t: &mut FanTable) {
    let deducted = t[BigThreeWinds] != 0
        || t[AllTerminalsAndHonors] != 0
        || t[AllHonors] != 0
        || t[LittleFourWinds] != 0;
    let delta = tile - EAST;
    if delta == prevalent {
        t[PrevalentWind] = 1;
        if !deducted {
            t[PungOfTerminalsOrHonors] = t[PungOfTerminalsOrHonors].wrapping_sub(1);
        }
    }
    if delta == seat {
        t[SeatWind] = 1;
        if seat != prevalent && !deducted {
            t[PungOfTerminalsOrHonors] = t[PungOfTerminalsOrHonors].wrapping_sub(1);
        }
    }
}

fn clear(t: &mut FanTable, fans: &[Fan]) {
    for &f in fans {
        t[f] = 0;
    }
}

/// The exclusions of a reading (不重复): each larger fan clears those it implies.
pub fn exclusions(t: &mut FanTable) {
    if t[BigFourWinds] != 0 {
        clear(t, &[AllPungs, PungOfTerminalsOrHonors]);
    }
    if t[BigThreeDragons] != 0 {
        clear(t, &[DragonPung]);
    }
    if t[AllGreen] != 0 {
        clear(t, &[HalfFlush, OneVoidedSuit]);
    }
    if t[FourKongs] != 0 {
        clear(t, &[SingleWait]);
    }
    if t[AllTerminals] != 0 {
        clear(
            t,
            &[
                AllPungs,
                OutsideHand,
                PungOfTerminalsOrHonors,
                NoHonors,
                DoublePung,
            ],
        );
    }
    if t[LittleFourWinds] != 0 {
        clear(t, &[PungOfTerminalsOrHonors]);
    }
    if t[LittleThreeDragons] != 0 {
        clear(t, &[DragonPung]);
    }
    if t[AllHonors] != 0 {
        clear(
            t,
            &[
                AllPungs,
                OutsideHand,
                PungOfTerminalsOrHonors,
                OneVoidedSuit,
            ],
        );
    }
    if t[FourConcealedPungs] != 0 {
        clear(t, &[AllPungs, ConcealedHand]);
        if t[FullyConcealedHand] != 0 {
            t[FullyConcealedHand] = 0;
            t[SelfDrawn] = 1;
        }
    }
    if t[PureTerminalChows] != 0 {
        clear(t, &[FullFlush, AllChows, NoHonors]);
    }
    if t[FourPureShiftedPungs] != 0 {
        clear(t, &[AllPungs]);
    }
    if t[AllTerminalsAndHonors] != 0 {
        clear(t, &[AllPungs, OutsideHand, PungOfTerminalsOrHonors]);
    }
    if t[AllEvenPungs] != 0 {
        clear(t, &[AllPungs, AllSimples, NoHonors]);
    }
    if t[UpperTiles] != 0 {
        clear(t, &[NoHonors]);
    }
    if t[MiddleTiles] != 0 {
        clear(t, &[AllSimples, NoHonors]);
    }
    if t[LowerTiles] != 0 {
        clear(t, &[NoHonors]);
    }
    if t[ThreeSuitedTerminalChows] != 0 {
        clear(t, &[AllChows, NoHonors]);
    }
    if t[AllFive] != 0 {
        clear(t, &[AllSimples, NoHonors]);
    }
    if t[UpperFour] != 0 || t[LowerFour] != 0 {
        clear(t, &[NoHonors]);
    }
    if t[BigThreeWinds] != 0 && t[AllHonors] == 0 && t[AllTerminalsAndHonors] == 0 {
        // Its three wind pungs are not also 幺九刻.
        t[PungOfTerminalsOrHonors] = t[PungOfTerminalsOrHonors].saturating_sub(3);
    }
    if t[ReversibleTiles] != 0 {
        clear(t, &[OneVoidedSuit]);
    }
    if t[LastTileDraw] != 0 || t[OutWithReplacementTile] != 0 {
        clear(t, &[SelfDrawn]);
    }
    if t[MeldedHand] != 0 {
        clear(t, &[SingleWait]);
    }
    if t[TwoDragonsPungs] != 0 {
        clear(t, &[DragonPung]);
    }
    if t[FullyConcealedHand] != 0 {
        clear(t, &[SelfDrawn]);
    }
    if t[AllChows] != 0 || t[AllSimples] != 0 {
        clear(t, &[NoHonors]);
    }
}
