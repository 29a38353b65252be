//! The score of a win under the `hebei` profile (中原河北麻将, docs/rules.md §10 and its
//! "hebei: scoring decisions"): 1 × every factor of the table, on the highest-scoring
//! reading of the hand.
//!
//! Decisions where the factor table is silent (also in `docs/rules.md`, "hebei: scoring
//! decisions"):
//! - 边, 卡, 吊 and 捉五魁 are judged on the reading: the group that holds the winning tile
//!   (a natural tile of its kind; a self-drawn 混 is any wildcard of the reading, judged on
//!   what it stands for). A 混 in the run or pair stands for what the reading says.
//! - 捉五魁 (×4) replaces 卡: the source prices it on its own, it does not also earn 卡.
//! - 混吊 is a 吊 whose other pair tile is a 混, on a self-draw; it earns 吊 as well (×4).
//!   Like 边/卡/吊, only on standard readings.
//! - 清一色, 清风, 缺门 and 一条龙 look at the tiles as read (a 混 counts as what it stands for).
//! - 缺门 needs one or two of the three suits present (清风 has none: no 缺门).
//! - 四归一 counts a kind of which the hand holds all four natural tiles outside kongs,
//!   concealed or in pong and chow melds, on a standard reading only (a seven-pairs quad is
//!   already 豪华); 混 tiles never count toward it. One item per kind.
//! - Ties between readings of the same factor: the first in `decompose`'s order wins.

use crate::error::{Error, Result};
use crate::eval::decompose::{decompose, Group, GroupKind, Reading};
use crate::eval::shape::Shape;
use crate::eval::EvalRules;
use crate::hand::{Hand, MeldKind};
use crate::outcome::{ScoreItem, WinContext, WinKind};
use crate::tiles::FIRST_HONOR;

/// 5万, the tile of 捉五魁.
const FIVE_CHARACTERS: u8 = 4;

/// Most flowers a seat can set aside (梅兰竹菊春夏秋冬).
pub const MAX_FLOWERS: u8 = 8;

/// How the winning tile completes its group, on one reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// Both sides of a run, or a triplet: no factor.
    Plain,
    /// 边: 12 waiting on 3, or 89 on 7.
    Edge,
    /// 卡: the middle of a run.
    Closed,
    /// 捉五魁: 5万 in the middle of 4万 6万.
    FiveInTheMiddle,
    /// 吊: the pair; `hun_single` when the other pair tile is a 混 on a self-draw (混吊).
    Single { hun_single: bool },
}

impl Wait {
    fn factor(self) -> u64 {
        match self {
            Wait::Plain => 1,
            Wait::Edge | Wait::Closed | Wait::Single { hun_single: false } => 2,
            Wait::FiveInTheMiddle | Wait::Single { hun_single: true } => 4,
        }
    }
}

/// The wait of the winning tile at position `pos` of `group`, standing for the kind there.
fn wait_of(group: &Group, pos: usize, self_draw: bool) -> Wait {
    let kind = group.tiles[pos].0;
    match group.kind {
        GroupKind::Pair => {
            let other_is_hun = group.tiles.iter().enumerate().any(|(i, t)| i != pos && t.1);
            Wait::Single {
                hun_single: self_draw && other_is_hun,
            }
        }
        GroupKind::Sequence => {
            let low = group.tiles.iter().map(|t| t.0).min().unwrap_or(kind);
            let rank = low % 9;
            if kind == low + 1 {
                if kind == FIVE_CHARACTERS {
                    Wait::FiveInTheMiddle
                } else {
                    Wait::Closed
                }
            } else if (kind == low + 2 && rank == 0) || (kind == low && rank == 6) {
                Wait::Edge
            } else {
                Wait::Plain
            }
        }
        _ => Wait::Plain,
    }
}

/// Every wait the winning `tile` can take on a standard `reading`: each concealed group
/// holding a natural `tile`, or, when `tile` is the 混 kind, holding any wildcard.
fn waits(reading: &Reading, tile: u8, tile_is_hun: bool, self_draw: bool) -> Vec<Wait> {
    let mut out = Vec::new();
    for group in reading.groups.iter().filter(|g| !g.declared) {
        for (pos, &(kind, wild)) in group.tiles.iter().enumerate() {
            let fits = if tile_is_hun {
                wild
            } else {
                !wild && kind == tile
            };
            if fits {
                out.push(wait_of(group, pos, self_draw));
            }
        }
    }
    if out.is_empty() {
        out.push(Wait::Plain);
    }
    out
}

/// Suits present (bits 0 万, 1 筒, 2 条) and whether an honor is present, as read.
fn suits_as_read(reading: &Reading) -> (u8, bool) {
    let mut suits = 0u8;
    let mut honors = false;
    for &(k, _) in reading.groups.iter().flat_map(|g| &g.tiles) {
        if (k as usize) < FIRST_HONOR {
            suits |= 1 << (k / 9);
        } else {
            honors = true;
        }
    }
    (suits, honors)
}

/// 一条龙: runs 123, 456, 789 of one suit among the reading's sequences (chows included).
fn has_straight(reading: &Reading) -> bool {
    let lows: Vec<u8> = reading
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::Sequence)
        .filter_map(|g| g.tiles.iter().map(|t| t.0).min())
        .collect();
    (0..3u8).any(|s| [0, 3, 6].iter().all(|&r| lows.contains(&(s * 9 + r))))
}

/// Kinds of which the hand holds all four natural tiles outside kongs (四归一).
fn four_in_one_kinds(hand: &Hand) -> Vec<u8> {
    let mut natural = hand.counts;
    for m in &hand.melds {
        match m.kind {
            MeldKind::Pong => natural[m.tile as usize] += 3,
            MeldKind::Chow => (0..3).for_each(|i| natural[(m.tile + i) as usize] += 1),
            _ => {}
        }
    }
    (0..natural.len() as u8)
        .filter(|&k| natural[k as usize] == 4 && hand.wildcards >> k & 1 == 0)
        .collect()
}

/// The items of the shape-level factors of one reading, in table order.
fn shape_items(reading: &Reading, items: &mut Vec<ScoreItem>) {
    let (suits, honors) = suits_as_read(reading);
    if reading.shape == Shape::SevenPairs {
        items.push(match reading.quads {
            0 => ScoreItem::times("seven_pairs", "七对", 2),
            1 => ScoreItem::times("luxury_seven_pairs", "豪华七对", 4),
            2 => ScoreItem::times("super_luxury_seven_pairs", "超级豪华七对", 8),
            _ => ScoreItem::times("supreme_luxury_seven_pairs", "至尊豪华七对", 16),
        });
    }
    if suits.is_power_of_two() && !honors {
        items.push(ScoreItem::times("all_one_suit", "清一色", 2));
    }
    if suits == 0 {
        items.push(ScoreItem::times("all_honors", "清风", 2));
    }
    if reading.shape == Shape::Standard && has_straight(reading) {
        items.push(ScoreItem::times("straight", "一条龙", 2));
    }
    if reading.shape == Shape::ThirteenOrphans {
        items.push(ScoreItem::times("thirteen_orphans", "十三幺", 10));
    }
}

/// The items of one reading with the winning tile's `wait` (`Plain` off standard readings).
fn reading_items(
    hand: &Hand,
    reading: &Reading,
    wait: Wait,
    context: WinContext,
    hun_on: bool,
) -> Vec<ScoreItem> {
    let mut items = vec![ScoreItem::base("base", "底", 1)];
    shape_items(reading, &mut items);
    let mut add = |on: bool, name, chinese, value| {
        if on {
            items.push(ScoreItem::times(name, chinese, value));
        }
    };
    let drawn = context.kind == WinKind::SelfDraw;
    let (suits, _) = suits_as_read(reading);
    add(
        wait == Wait::FiveInTheMiddle,
        "five_in_the_middle",
        "捉五魁",
        4,
    );
    add(hand.melds.is_empty(), "concealed", "门清", 2);
    add(
        matches!(suits.count_ones(), 1 | 2),
        "missing_suit",
        "缺门",
        2,
    );
    add(wait == Wait::Edge, "edge", "边", 2);
    add(wait == Wait::Closed, "closed", "卡", 2);
    add(matches!(wait, Wait::Single { .. }), "single", "吊", 2);
    add(drawn && context.replacement, "kong_bloom", "杠上开花", 2);
    add(drawn && context.last_tile, "last_tile", "海底捞月", 2);
    add(hun_on && hand.wild == 0, "no_hun", "素和", 2);
    add(
        wait == Wait::Single { hun_single: true },
        "hun_single",
        "混吊",
        2,
    );
    if reading.shape == Shape::Standard {
        for _ in four_in_one_kinds(hand) {
            items.push(ScoreItem::times("four_in_one", "四归一", 2));
        }
    }
    if context.dealer {
        items.push(ScoreItem::times("dealer", "庄", 2));
    }
    if context.flowers > 0 {
        let n = u32::from(context.flowers.min(MAX_FLOWERS));
        items.push(ScoreItem::times("flowers", "花", 1 << n));
    }
    items
}

/// The product of the items' values.
fn factor_of(items: &[ScoreItem]) -> u64 {
    items
        .iter()
        .map(|i| u64::try_from(i.value).unwrap_or(1))
        .product()
}

/// The best reading's factor (the product of the items), its shape, and its items
/// (first `ScoreItem::base("base", "底", 1)`, then `ScoreItem::times(...)` in table order).
///
/// `hand`: the complete hand, winning tile included (chow melds possible; `hand.wildcards`
/// is the 混 kind's mask, `hand.wild` how many 混 it holds); `tile`: the winning tile (may be
/// the 混 kind on a self-draw, when it is judged on what it stands for; a 混 won on a discard
/// is judged the same way, though the game never offers it); `context`: kind (self-draw /
/// discard; a robbed kong counts as a discard), `replacement` (杠上开花), `last_tile`
/// (海底捞月), `flowers` (the winner's set-aside flowers, 0–8; more count as 8), `dealer`
/// (the winner deals: 庄 ×2); `hun_on`: the `hun` option (素和 exists only then).
///
/// # Errors
/// `Error::NotWinning` if the hand does not win.
pub fn score(
    hand: &Hand,
    tile: u8,
    context: WinContext,
    hun_on: bool,
) -> Result<(u32, Shape, Vec<ScoreItem>)> {
    let readings = decompose(hand, EvalRules::default());
    let tile_is_hun = hand
        .wildcards
        .checked_shr(u32::from(tile))
        .is_some_and(|m| m & 1 == 1);
    let self_draw = context.kind == WinKind::SelfDraw;
    let mut best: Option<(u64, Shape, Vec<ScoreItem>)> = None;
    for reading in &readings {
        let waits = if reading.shape == Shape::Standard {
            waits(reading, tile, tile_is_hun, self_draw)
        } else {
            vec![Wait::Plain]
        };
        let wait =
            waits.iter().copied().fold(
                Wait::Plain,
                |b, w| if w.factor() > b.factor() { w } else { b },
            );
        let items = reading_items(hand, reading, wait, context, hun_on);
        let factor = factor_of(&items);
        if best.as_ref().is_none_or(|b| factor > b.0) {
            best = Some((factor, reading.shape, items));
        }
    }
    let Some((factor, shape, items)) = best else {
        return Err(Error::NotWinning(format!(
            "the hand is not a winning hand (winning tile {})",
            crate::hand::name(tile)
        )));
    };
    Ok((u32::try_from(factor).unwrap_or(u32::MAX), shape, items))
}

#[cfg(test)]
#[path = "score_tests.rs"]
mod tests;
