//! The fans of one standard reading (four melds and a pair): the melds among themselves
//! (`groups.rs`), how the hand was won, the pair, what every group holds, the tiles, the
//! waits, the exclusions and the winds; 无番和 when nothing else is scored.

use super::adjust;
use super::codes::{
    is_dragon, is_honor, is_melded, is_suited, is_wind, kind, rank, tile, Code, CodeTable, Pack,
    CHOW, KONG, PAIR, PUNG, TABLE,
};
use super::fan::Fan::{
    AllChows, AllEvenPungs, AllFive, AllPungs, BigFourWinds, BigThreeWinds, ChickenHand,
    ClosedWait, ConcealedHand, EdgeWait, FourConcealedPungs, FourKongs, FullyConcealedHand,
    LittleFourWinds, LittleThreeDragons, MeldedHand, OutsideHand, PureTerminalChows, QuadrupleChow,
    SelfDrawn, SingleWait, ThreeSuitedTerminalChows, TwoDragonsPungs,
};
use super::groups;
use super::readings::Reading;
use super::table::{flag, FanTable};

/// What every reading of one hand shares.
pub struct Context<'a> {
    /// The declared melds' tiles, by code.
    pub fixed_table: &'a CodeTable,
    /// The concealed tiles with the winning tile, by code.
    pub standing_table: &'a CodeTable,
    /// Each kind held, once, in code order.
    pub unique: &'a [Code],
    /// Declared melds (concealed kongs included).
    pub fixed: usize,
    pub win: Code,
    pub flags: u8,
    pub prevalent: u8,
    pub seat: u8,
    /// 独听: the hand waited on the winning tile's kind only.
    pub unique_wait: bool,
}

/// 不求人, 门前清, 全求人, 自摸 by the declared melds claimed from others.
fn by_self_drawn(packs: &Reading, fixed: usize, self_drawn: bool, t: &mut FanTable) {
    let melded = packs[..fixed].iter().filter(|&&p| is_melded(p)).count();
    let fan = match (melded, self_drawn) {
        (0, true) => FullyConcealedHand,
        (0, false) => ConcealedHand,
        (4, false) => MeldedHand,
        (_, true) => SelfDrawn,
        _ => return,
    };
    t[fan] = 1;
}

/// 平和, 小三元, 小四喜 by the pair.
fn by_pair(pair: Code, chows: usize, t: &mut FanTable) {
    if chows == 4 {
        if is_suited(pair) {
            t[AllChows] = 1;
        }
        return;
    }
    if t[TwoDragonsPungs] != 0 {
        if is_dragon(pair) {
            t[LittleThreeDragons] = 1;
            t[TwoDragonsPungs] = 0;
        }
        return;
    }
    if t[BigThreeWinds] != 0 && is_wind(pair) {
        t[LittleFourWinds] = 1;
        t[BigThreeWinds] = 0;
    }
}

/// 全带幺, 全带五, 全双刻 by what every group holds.
fn by_groups(packs: &Reading, t: &mut FanTable) {
    let (mut terminal, mut honor, mut five, mut even) = (0, 0, 0, 0);
    for &p in packs {
        let c = tile(p);
        if is_suited(c) {
            let r = rank(c);
            if kind(p) == CHOW {
                match r {
                    2 | 8 => terminal += 1,
                    4..=6 => five += 1,
                    _ => {}
                }
            } else {
                match r {
                    1 | 9 => terminal += 1,
                    5 => five += 1,
                    2 | 4 | 6 | 8 => even += 1,
                    _ => {}
                }
            }
        } else {
            honor += 1;
        }
    }
    if terminal + honor == 5 {
        t[OutsideHand] = 1;
    } else if five == 5 {
        t[AllFive] = 1;
    } else if even == 5 {
        t[AllEvenPungs] = 1;
    }
}

/// 边张, 嵌张, 单钓将 (one of them) by where the winning tile sits in the concealed groups
/// (also those beside a knitted straight, `special.rs`).
pub(super) fn by_wait(concealed: &[Pack], win: Code, t: &mut FanTable) {
    if t[MeldedHand] != 0 || t[FourKongs] != 0 {
        return;
    }
    let mut pos = 0u8;
    for &p in concealed {
        let m = tile(p);
        match kind(p) {
            CHOW => {
                if m == win {
                    pos |= 2;
                } else if m + 1 == win || m.wrapping_sub(1) == win {
                    pos |= 1;
                }
            }
            PAIR if m == win => pos |= 4,
            _ => {}
        }
    }
    if pos & 1 != 0 {
        t[EdgeWait] = 1;
    } else if pos & 2 != 0 {
        t[ClosedWait] = 1;
    } else if pos & 4 != 0 {
        t[SingleWait] = 1;
    }
}

/// Sorted tiles of the first `N` packs.
fn sorted<const N: usize>(packs: &[Pack]) -> [Code; N] {
    let mut out = [0; N];
    for (o, &p) in out.iter_mut().zip(packs) {
        *o = tile(p);
    }
    out.sort_unstable();
    out
}

/// The fans of the reading `packs` (declared melds first, the pair last).
#[must_use]
pub fn fans(packs: &Reading, cx: &Context) -> FanTable {
    let mut t = FanTable::new();
    let mut pair = 0;
    let (mut chows, mut pungs) = ([0 as Pack; 4], [0 as Pack; 4]);
    let (mut nc, mut np) = (0usize, 0usize);
    let (mut concealed_pungs, mut melded_kongs, mut concealed_kongs) = (0u8, 0u8, 0u8);
    for &p in packs {
        match kind(p) {
            CHOW => {
                chows[nc] = p;
                nc += 1;
            }
            PUNG => {
                pungs[np] = p;
                np += 1;
                if !is_melded(p) {
                    concealed_pungs += 1;
                }
            }
            KONG => {
                pungs[np] = p;
                np += 1;
                if is_melded(p) {
                    melded_kongs += 1;
                } else {
                    concealed_kongs += 1;
                }
            }
            _ => pair = p,
        }
    }
    if pair == 0 || nc + np != 4 {
        return t;
    }
    let win = cx.win;
    adjust::by_win_flags(cx.flags, &mut t);
    // A tile won on a discard that no concealed chow can hold completes a pung: that pung is
    // exposed.
    if cx.flags & flag::SELF_DRAWN == 0 {
        let in_chow = chows[..nc].iter().any(|&c| {
            let m = tile(c);
            !is_melded(c) && (m.wrapping_sub(1) == win || m == win || m + 1 == win)
        });
        if !in_chow {
            for &p in &pungs[..np] {
                if tile(p) == win && !is_melded(p) {
                    concealed_pungs -= 1;
                }
            }
        }
    }
    if np != 0 {
        groups::kongs(concealed_pungs, melded_kongs, concealed_kongs, &mut t);
        if np == 4 && t[FourKongs] == 0 && t[FourConcealedPungs] == 0 {
            t[AllPungs] = 1;
        }
        for &p in &pungs[..np] {
            if let Some(f) = groups::one_pung(tile(p)) {
                t[f] += 1;
            }
        }
    }
    by_melds(&chows[..nc], &pungs[..np], pair, &mut t);
    by_self_drawn(packs, cx.fixed, cx.flags & flag::SELF_DRAWN != 0, &mut t);
    by_pair(tile(pair), nc, &mut t);
    by_tiles(packs, cx, melded_kongs + concealed_kongs, &mut t);
    if cx.unique_wait {
        by_wait(&packs[cx.fixed..], win, &mut t);
    }
    adjust::exclusions(&mut t);
    if t[BigFourWinds] == 0 {
        for &p in &pungs[..np] {
            let c = tile(p);
            if is_wind(c) {
                adjust::by_winds(c, cx.prevalent, cx.seat, &mut t);
            }
        }
    }
    if t.is_empty() {
        t[ChickenHand] = 1;
    }
    t
}

/// The fans of the chows among themselves, or of the pungs.
fn by_melds(chows: &[Pack], pungs: &[Pack], pair: Pack, t: &mut FanTable) {
    match chows.len() {
        4 => {
            let chows = [chows[0], chows[1], chows[2], chows[3]];
            if three_suited_terminal_chows(&chows, pair) {
                t[ThreeSuitedTerminalChows] = 1;
            } else if pure_terminal_chows(&chows, pair) {
                t[PureTerminalChows] = 1;
            } else {
                groups::chows_4(sorted::<4>(&chows), t);
            }
        }
        3 => groups::chows_3(sorted::<3>(chows), t),
        2 => {
            groups::chows_2([tile(chows[0]), tile(chows[1])], t);
            groups::pungs_2([tile(pungs[0]), tile(pungs[1])], t);
        }
        1 => groups::pungs_3(sorted::<3>(pungs), t),
        _ => groups::pungs_4(sorted::<4>(pungs), t),
    }
}

/// The fans of what the groups and the tiles are: 全带幺 …, the suits, the kinds, the
/// ranks, 四归一 (not with 一色四同顺).
fn by_tiles(packs: &Reading, cx: &Context, kongs: u8, t: &mut FanTable) {
    by_groups(packs, t);
    adjust::by_suits(cx.unique, t);
    adjust::by_kinds(cx.unique, t);
    adjust::by_ranks(cx.unique, t);
    if t[QuadrupleChow] == 0 {
        let mut all: CodeTable = [0; TABLE];
        for (a, (&f, &s)) in all
            .iter_mut()
            .zip(cx.fixed_table.iter().zip(cx.standing_table))
        {
            *a = f + s;
        }
        adjust::tile_hog(&all, u16::from(kongs), t);
    }
}

/// 一色双龙会: 123 and 789 twice each in the suit of a pair of 5s.
fn pure_terminal_chows(chows: &[Pack; 4], pair: Pack) -> bool {
    let p = tile(pair);
    if rank(p) != 5 || is_honor(p) {
        return false;
    }
    let (mut low, mut high) = (0, 0);
    for &c in chows {
        let m = tile(c);
        if m >> 4 != p >> 4 {
            return false;
        }
        match rank(m) {
            2 => low += 1,
            8 => high += 1,
            _ => return false,
        }
    }
    low == 2 && high == 2
}

/// 三色双龙会: 123 and 789 in each of the two suits other than a pair of 5s'.
fn three_suited_terminal_chows(chows: &[Pack; 4], pair: Pack) -> bool {
    let p = tile(pair);
    if rank(p) != 5 || is_honor(p) {
        return false;
    }
    let (mut low, mut high) = ([0u8; 5], [0u8; 5]);
    let ps = usize::from(p >> 4);
    for &c in chows {
        let m = tile(c);
        let s = usize::from(m >> 4);
        if s == ps {
            return false;
        }
        match rank(m) {
            2 => low[s] += 1,
            8 => high[s] += 1,
            _ => return false,
        }
    }
    (1..4)
        .filter(|&s| s != ps)
        .all(|s| low[s] > 0 && high[s] > 0)
}
