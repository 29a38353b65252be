//! The fans of Chinese Official Mahjong (国标麻将, docs/rules.md "guobiao", "Fans"): the 81
//! fans of the 1998 rules and the reference's 明暗杠, and [`score`], the fans of the best
//! reading of a complete hand under the rules' exclusion principles. The reference is
//! PyMahjongGB 1.4.0's `MahjongFanCalculator`; the names are its names.

use super::codes::{
    code_of, kind, pack, Code, CodeTable, Pack, ALL_CODES, CHOW, KONG, PUNG, TABLE,
};
use super::table::{flag, FanTable};
use super::{readings, regular, special, waits};
use crate::error::{Error, Result};
use crate::hand::{Meld, MeldKind};
use crate::tiles::{Counts, KINDS};

pub use super::fan::{Fan, FAN_COUNT};

/// A declared meld as the fans see it: the meld (a chow's `tile` is its lowest, as in
/// [`Meld`]) and whom it was claimed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FanMeld {
    pub meld: Meld,
    /// For a pong, a 直杠 (`MeldKind::Kong`) or a 补杠 (`MeldKind::AddedKong`, its pong's
    /// offer): 1, 2 or 3 for the 上家, 对家 or 下家 it was claimed from; for a chow: 1, 2 or 3
    /// for which of its tiles (lowest first) was claimed; 0 only for a concealed kong.
    pub offer: u8,
}

/// What the engine knows of the moment of the win, beyond the tiles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Situation {
    /// 自摸: the winning tile was drawn (a kong or flower replacement included).
    pub self_drawn: bool,
    /// 和绝张: the other three copies of the winning tile are visible.
    pub last_copy: bool,
    /// With `self_drawn`: 杠上开花 (the tile is one's own kong replacement); without: 抢杠和
    /// (robbing a 补杠).
    pub kong: bool,
    /// With `self_drawn`: 妙手回春 (the wall's last tile); without: 海底捞月 (the discard
    /// made after the last tile was drawn).
    pub wall_last: bool,
}

/// A won hand to score.
#[derive(Debug, Clone, Copy)]
pub struct WinInput<'a> {
    /// The declared melds (at most four).
    pub melds: &'a [FanMeld],
    /// The concealed tiles by kind, without the winning tile (`13 − 3·melds` tiles).
    pub concealed: &'a Counts,
    /// The winning tile's kind (0–33).
    pub win_tile: u8,
    /// Flowers set aside (0–8).
    pub flowers: u8,
    /// 门风: 0 东, 1 南, 2 西, 3 北 (seat − dealer, mod 4).
    pub seat_wind: u8,
    /// 圈风: 0 东, 1 南, 2 西, 3 北.
    pub prevalent_wind: u8,
    pub situation: Situation,
}

/// One fan scored, `times` times (e.g. two 幺九刻, three 花牌).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FanCount {
    pub fan: Fan,
    pub times: u8,
}

impl FanCount {
    /// The points it adds: value × times.
    #[must_use]
    pub const fn points(self) -> u32 {
        self.fan.value() as u32 * self.times as u32
    }
}

/// The fans a win scores, in table order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fans {
    pub items: Vec<FanCount>,
}

/// A win needs this many fans, 花牌 not counted (起和 8 番).
pub const MIN_FANS: u32 = 8;

impl Fans {
    /// The fan total, 花牌 included (what the payments add to 8).
    #[must_use]
    pub fn total(&self) -> u32 {
        self.items.iter().map(|f| f.points()).sum()
    }

    /// The total without 花牌: what the 8-fan minimum looks at.
    #[must_use]
    pub fn total_without_flowers(&self) -> u32 {
        self.items
            .iter()
            .filter(|f| f.fan != Fan::FlowerTiles)
            .map(|f| f.points())
            .sum()
    }

    /// Whether the win reaches [`MIN_FANS`] without its flowers.
    #[must_use]
    pub fn is_enough(&self) -> bool {
        self.total_without_flowers() >= MIN_FANS
    }
}

/// Check a [`WinInput`]: melds well formed (a chow of three consecutive suited kinds, an
/// offer 1–3, 0 for a concealed kong only, at most four melds), kinds 0–33, the tile
/// count `14 − 3·melds` with the winning tile, no kind more than four times, flowers ≤ 8,
/// winds 0–3, and no robbed kong on a self-draw's flags that the rules forbid (抢杠和 with
/// 和绝张 is allowed as input but never both scored).
///
/// # Errors
/// [`Error::Meld`], [`Error::InvalidTile`], [`Error::HandSize`], [`Error::TileCount`] or
/// [`Error::Argument`] naming the problem.
pub fn validate(input: &WinInput) -> Result<()> {
    if input.melds.len() > 4 {
        return Err(Error::Meld(format!(
            "{} melds; at most 4",
            input.melds.len()
        )));
    }
    let mut all = *input.concealed;
    for m in input.melds {
        let (kind, tile) = (m.meld.kind, m.meld.tile);
        if usize::from(tile) >= KINDS {
            return Err(Error::InvalidTile(format!(
                "meld tile {tile}; expected 0–33"
            )));
        }
        if kind == MeldKind::Chow && (tile >= 27 || tile % 9 > 6) {
            return Err(Error::Meld(format!(
                "a chow from tile {tile}: not the lowest of three suited kinds"
            )));
        }
        match (kind, m.offer) {
            (MeldKind::ConcealedKong, 0) => {}
            (MeldKind::ConcealedKong, o) => {
                return Err(Error::Meld(format!(
                    "a concealed kong with offer {o}; expected 0"
                )))
            }
            (_, 1..=3) => {}
            (_, o) => {
                return Err(Error::Meld(format!(
                    "a {kind:?} meld with offer {o}; expected 1–3"
                )))
            }
        }
        crate::hand::add_meld(&mut all, kind, tile);
    }
    if usize::from(input.win_tile) >= KINDS {
        return Err(Error::InvalidTile(format!(
            "winning tile {}; expected 0–33",
            input.win_tile
        )));
    }
    let concealed: u32 = input.concealed.iter().map(|&c| u32::from(c)).sum();
    let want = 13 - 3 * input.melds.len() as u32;
    if concealed != want {
        return Err(Error::HandSize(format!(
            "{concealed} concealed tiles with {} melds; expected {want} without the winning tile",
            input.melds.len()
        )));
    }
    all[usize::from(input.win_tile)] += 1;
    if let Some(k) = all.iter().position(|&c| c > 4) {
        return Err(Error::TileCount(format!(
            "kind {k} held {} times; at most 4",
            all[k]
        )));
    }
    if input.flowers > 8 {
        return Err(Error::Argument(format!(
            "{} flowers; at most 8",
            input.flowers
        )));
    }
    if input.seat_wind > 3 || input.prevalent_wind > 3 {
        return Err(Error::Argument(format!(
            "winds {} and {}; expected 0–3",
            input.seat_wind, input.prevalent_wind
        )));
    }
    Ok(())
}

/// The fans of the best reading of a won hand (docs/rules.md "guobiao", "Fans"): every
/// way the hand reads as a complete shape is scored and the highest total kept; within a
/// reading, fans implied by larger ones are not counted. The 8-fan minimum is not applied
/// here ([`Fans::is_enough`]).
///
/// # Errors
/// The errors of [`validate`]; [`Error::NotWinning`] when the tiles form no complete shape
/// of the profile (standard, 七对, 十三幺, 全不靠, 七星不靠, 组合龙).
pub fn score(input: &WinInput) -> Result<Fans> {
    validate(input)?;
    let table = best_reading(input);
    if table.is_empty() {
        return Err(Error::NotWinning(
            "the tiles form no complete hand of guobiao (standard, 七对, 十三幺, 全不靠, 七星不靠, 组合龙)"
                .into(),
        ));
    }
    let mut fans = Fans::default();
    for f in Fan::ALL {
        if table[f] != 0 {
            fans.items.push(FanCount {
                fan: f,
                times: u8::try_from(table[f]).unwrap_or(u8::MAX),
            });
        }
    }
    Ok(fans)
}

/// The declared melds as packs, and their tiles by code.
fn packs_of(melds: &[FanMeld]) -> ([Pack; 4], CodeTable) {
    let mut packs = [0; 4];
    let mut table: CodeTable = [0; TABLE];
    for (p, m) in packs.iter_mut().zip(melds) {
        let (kind, tile) = (m.meld.kind, m.meld.tile);
        *p = match kind {
            MeldKind::Chow => {
                let mid = code_of(tile + 1);
                for c in [mid - 1, mid, mid + 1] {
                    table[usize::from(c)] += 1;
                }
                pack(m.offer, CHOW, mid)
            }
            MeldKind::Pong => {
                table[usize::from(code_of(tile))] += 3;
                pack(m.offer, PUNG, code_of(tile))
            }
            MeldKind::Kong | MeldKind::AddedKong | MeldKind::ConcealedKong => {
                table[usize::from(code_of(tile))] += 4;
                pack(m.offer, KONG, code_of(tile))
            }
        };
    }
    (packs, table)
}

/// The situation as flags, corrected by what the tiles show, as the reference does: no
/// 和绝张 when the winner holds another copy concealed, always when three are in its
/// melds; no 杠上开花 without a kong; no 抢杠和 when the winner holds the tile elsewhere.
fn flags_of(
    input: &WinInput,
    fixed: &[Pack],
    fixed_table: &CodeTable,
    standing: &CodeTable,
    win: Code,
) -> u8 {
    let s = input.situation;
    let mut flags = 0;
    for (on, bit) in [
        (s.self_drawn, flag::SELF_DRAWN),
        (s.last_copy, flag::LAST_COPY),
        (s.kong, flag::KONG),
        (s.wall_last, flag::WALL_LAST),
    ] {
        if on {
            flags |= bit;
        }
    }
    let w = usize::from(win);
    if standing[w] != 1 {
        flags &= !flag::LAST_COPY;
    }
    if fixed_table[w] == 3 {
        flags |= flag::LAST_COPY;
    }
    if flags & flag::KONG != 0 {
        let keep = if flags & flag::SELF_DRAWN != 0 {
            fixed.iter().any(|&p| kind(p) == KONG)
        } else {
            fixed_table[w] == 0 && standing[w] == 1
        };
        if !keep {
            flags &= !flag::KONG;
        }
    }
    flags
}

/// The fan table of the best reading (empty when the hand is not complete): the forms read
/// whole first (七对 is also read as melds, which may score more), then every standard
/// reading; between equal totals the later reading is kept when it scores 一色三同顺 or
/// 三同刻, or beats 七对.
fn best_reading(input: &WinInput) -> FanTable {
    let (packs, fixed_table) = packs_of(input.melds);
    let fixed = &packs[..input.melds.len()];
    let win = code_of(input.win_tile);
    let mut standing: CodeTable = [0; TABLE];
    for (k, &n) in input.concealed.iter().enumerate() {
        standing[usize::from(code_of(k as u8))] += n;
    }
    standing[usize::from(win)] += 1;
    let mut unique_buf = [0 as Code; 34];
    let mut n = 0;
    for &c in &ALL_CODES {
        if fixed_table[usize::from(c)] > 0 || standing[usize::from(c)] > 0 {
            unique_buf[n] = c;
            n += 1;
        }
    }
    let unique = &unique_buf[..n];
    let flags = flags_of(input, fixed, &fixed_table, &standing, win);
    let (prevalent, seat) = (input.prevalent_wind, input.seat_wind);
    let mut best = FanTable::new();
    let mut max = 0;
    let special = match fixed.len() {
        0 => {
            special::whole_hand(&standing, win, unique, flags, &mut best)
                || special::knitted_straight(
                    &fixed_table,
                    &standing,
                    fixed,
                    win,
                    flags,
                    prevalent,
                    seat,
                    &mut best,
                )
                || special::nine_gates(&standing, win, flags, &mut best)
        }
        1 => special::knitted_straight(
            &fixed_table,
            &standing,
            fixed,
            win,
            flags,
            prevalent,
            seat,
            &mut best,
        ),
        _ => false,
    };
    if special {
        max = best.points();
    }
    let seven_pairs = best[Fan::SevenPairs] == 1;
    if max == 0 || seven_pairs {
        let standing_count = 13 - 3 * fixed.len();
        let cx = regular::Context {
            fixed_table: &fixed_table,
            standing_table: &standing,
            unique,
            fixed: fixed.len(),
            win,
            flags,
            prevalent,
            seat,
            unique_wait: waits::unique_wait(&standing, standing_count, win),
        };
        let mut selected = None;
        for reading in readings::readings(&standing, fixed).as_slice() {
            let t = regular::fans(reading, &cx);
            let points = t.points();
            if points > max {
                max = points;
                selected = Some(t);
            } else if points == max
                && (t[Fan::PureTripleChow] == 1 || seven_pairs || t[Fan::TriplePung] != 0)
            {
                selected = Some(t);
            }
        }
        if let Some(t) = selected {
            best = t;
        }
    }
    if max == 0 {
        return FanTable::new();
    }
    best[Fan::FlowerTiles] = u16::from(input.flowers);
    best
}

#[cfg(test)]
#[path = "fans_tests.rs"]
mod tests;
