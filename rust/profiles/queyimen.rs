//! Shanxi Koudiandian, 缺一门 (docs/rules.md §9): 108 tiles, no 报听 and no thresholds, a win must
//! lack one of the three suits, additive fan paid by the discarder or, on a self-draw, by
//! each other seat; kongs paid on the spot even in a drawn hand; the winner deals next.

use crate::error::{Error, Result};
use crate::eval::forms::hand_wins;
use crate::eval::shape::Shape;
use crate::eval::shape::{is_seven_pairs, is_standard};
use crate::eval::{EvalRules, WinForms};
use crate::hand::{Hand, MeldKind};
use crate::outcome::{pattern, Outcome, WinScore, WinValue};
use crate::outcome::{HandResult, ScoreItem, Transfer, WinContext, WinKind};
use crate::profiles::options::{OptionSpec, Preset, Rules};
use crate::profiles::profile::{HandSummary, Profile, TurnRules, WallRules};
use crate::tiles::SUITED_KINDS;

/// The profile.
pub struct Queyimen;

static PRESETS: [Preset; 1] = [Preset {
    name: "queyimen",
    doc: "缺一门 (docs/rules.md §9): 108 tiles, lack a suit to win, additive fan, no 报听",
    settings: &[],
}];

/// The fan of each item (docs/rules.md §9).
mod fan {
    pub const PLAIN: u8 = 1;
    pub const SELF_DRAW: u8 = 1;
    pub const ALL_PONGS: u8 = 2;
    pub const SEVEN_PAIRS: u8 = 2;
    pub const LUXURY_SEVEN_PAIRS: u8 = 4;
    pub const ALL_ONE_SUIT: u8 = 3;
    pub const KONG_BLOOM: u8 = 2;
    pub const ROBBED_KONG: u8 = 2;
    pub const LAST_TILE: u8 = 1;
}

/// A pattern bit of this profile only (碰碰胡), above `outcome::PATTERNS`: it names no
/// `koudiandian.Pattern`, and the breakdown shows it as the `all_pongs` item.
const ALL_PONGS_BIT: u32 = 1 << 8;

/// 碰碰胡: every concealed kind a triplet but one pair (melds are pongs and kongs here).
/// Precondition: no wildcards.
fn all_pongs(hand: &Hand) -> bool {
    let mut pairs = 0;
    for &c in &hand.counts {
        match c {
            0 | 3 => {}
            2 => pairs += 1,
            _ => return false,
        }
    }
    pairs == 1
}

/// Pattern bits and shape fan of the best reading of a winning hand without wildcards:
/// standard (碰碰胡 +2) or seven pairs (七对 +2, 豪华七对 +4 with a quad); 清一色 either way.
fn best_reading(hand: &Hand, rules: EvalRules) -> (Shape, u32, u8) {
    let mut best = (Shape::Standard, 0, 0);
    if is_standard(&hand.counts, 0, rules) && all_pongs(hand) {
        best = (Shape::Standard, ALL_PONGS_BIT, fan::ALL_PONGS);
    }
    if hand.melds.is_empty() && is_seven_pairs(&hand.counts, 0) {
        let (bits, f) = if hand.counts.contains(&4) {
            (pattern::SEVEN_PAIRS[2], fan::LUXURY_SEVEN_PAIRS)
        } else {
            (pattern::SEVEN_PAIRS[0], fan::SEVEN_PAIRS)
        };
        if f > best.2 {
            best = (Shape::SevenPairs, bits, f);
        }
    }
    best
}

impl Profile for Queyimen {
    fn name(&self) -> &'static str {
        "queyimen"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    fn eval(&self, _: &Rules) -> EvalRules {
        EvalRules {
            no_honors: true,
            forms: WinForms::LackingASuit,
            ..EvalRules::default()
        }
    }

    fn wall(&self, _: &Rules) -> WallRules {
        WallRules {
            kinds: SUITED_KINDS,
            ..WallRules::default()
        }
    }

    fn turn_rules(&self, r: &Rules) -> TurnRules {
        TurnRules {
            eval: self.eval(r),
            rob_added_kong: true,
            ..TurnRules::default()
        }
    }

    /// The fan total as `points` and `payment` (one payer's share), `factor` 1; `patterns`
    /// holds 清一色, 七对 (`seven_pairs`) or 豪华七对 (`luxury_seven_pairs`), else 平胡.
    fn score(&self, r: &Rules, hand: &Hand, tile: u8, context: WinContext) -> Result<WinScore> {
        let rules = self.eval(r);
        if hand.wildcards != 0 {
            return Err(Error::Rules("profile queyimen has no wildcards".to_owned()));
        }
        if !hand_wins(hand, rules) {
            return Err(Error::NotWinning(format!(
                "the hand is not a winning hand under 缺一门 (winning tile {})",
                crate::hand::name(tile)
            )));
        }
        let (shape, mut bits, mut total) = best_reading(hand, rules);
        total += fan::PLAIN;
        if crate::eval::suits::of_hand(hand).is_power_of_two() {
            bits |= pattern::ALL_ONE_SUIT;
            total += fan::ALL_ONE_SUIT;
        }
        if bits & !ALL_PONGS_BIT == 0 {
            bits |= pattern::PLAIN;
        }
        let self_draw = context.kind != WinKind::Discard;
        total += u8::from(self_draw) * fan::SELF_DRAW;
        total += u8::from(context.kind == WinKind::RobbedKong) * fan::ROBBED_KONG;
        if context.kind == WinKind::SelfDraw {
            total += u8::from(context.replacement) * fan::KONG_BLOOM;
            total += u8::from(context.last_tile) * fan::LAST_TILE;
        }
        Ok(WinScore {
            points: total,
            allowed: true,
            shape,
            patterns: bits,
            factor: 1,
            payment: u32::from(total),
        })
    }

    /// 平胡 1 as the base, then each item added.
    fn score_items(
        &self,
        _: &Rules,
        _: &Hand,
        _: u8,
        s: &WinScore,
        context: WinContext,
    ) -> Vec<ScoreItem> {
        let mut items = vec![ScoreItem::base("plain", "平胡", fan::PLAIN.into())];
        let mut add = |on: bool, name, chinese, value: u8| {
            if on {
                items.push(ScoreItem::plus(name, chinese, value.into()));
            }
        };
        let drawn = context.kind == WinKind::SelfDraw;
        add(
            context.kind != WinKind::Discard,
            "self_draw",
            "自摸",
            fan::SELF_DRAW,
        );
        add(
            s.patterns & ALL_PONGS_BIT != 0,
            "all_pongs",
            "碰碰胡",
            fan::ALL_PONGS,
        );
        add(
            s.patterns & pattern::SEVEN_PAIRS[0] != 0,
            "seven_pairs",
            "七对",
            fan::SEVEN_PAIRS,
        );
        add(
            s.patterns & pattern::SEVEN_PAIRS[2] != 0,
            "luxury_seven_pairs",
            "豪华七对",
            fan::LUXURY_SEVEN_PAIRS,
        );
        add(
            s.patterns & pattern::ALL_ONE_SUIT != 0,
            "all_one_suit",
            "清一色",
            fan::ALL_ONE_SUIT,
        );
        add(
            drawn && context.replacement,
            "kong_bloom",
            "杠上开花",
            fan::KONG_BLOOM,
        );
        add(
            context.kind == WinKind::RobbedKong,
            "robbed_kong",
            "抢杠胡",
            fan::ROBBED_KONG,
        );
        add(
            drawn && context.last_tile,
            "last_tile",
            "海底捞月",
            fan::LAST_TILE,
        );
        items
    }

    /// docs/rules.md §9: the fan from the discarder, or from each other seat on a self-draw or a
    /// robbed kong; every kong 明杠 1 / 暗杠 2 from each other seat, in a drawn hand too.
    fn settle(&self, _: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
        let mut out = Vec::new();
        if let Some(o) = hand.outcomes.first() {
            let amount = i32::from(o.points);
            match (o.kind, o.discarder) {
                (WinKind::Discard, Some(d)) => {
                    out.push(Transfer::new(d, o.winner, amount, "win", None).at(o.event));
                }
                _ => {
                    for payer in (0..4u8).filter(|&s| s != o.winner) {
                        out.push(Transfer::new(payer, o.winner, amount, "win", None).at(o.event));
                    }
                }
            }
        }
        for kong in hand.kongs {
            let (amount, reason) = match kong.kind {
                MeldKind::ConcealedKong => (2, "concealed_kong"),
                MeldKind::AddedKong => (1, "added_kong"),
                _ => (1, "kong"),
            };
            for payer in (0..4u8).filter(|&s| s != kong.seat) {
                out.push(Transfer::new(payer, kong.seat, amount, reason, None).at(kong.event));
            }
        }
        out
    }

    /// The winner deals next; the dealer keeps the deal on a drawn hand (一圈 or not).
    /// The win's fan total (番), what one payer pays for it.
    fn win_value(&self, _: &Rules, o: &Outcome) -> Vec<WinValue> {
        vec![WinValue::new("fan", "番", i64::from(o.points))]
    }

    fn next_dealer(&self, _: &Rules, result: &HandResult, _: bool) -> u8 {
        result.winner.unwrap_or(result.dealer)
    }

    /// docs/rules.md §9: the first dealer is drawn from the seed.
    fn random_first_dealer(&self, _: &Rules) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::{Meld, Size};
    use crate::tiles::parse;

    /// The fan of `text` (the winning tile last) with `melds`, won as `context` says.
    fn fan_of(text: &str, melds: &[Meld], context: WinContext) -> Result<u8> {
        let rules = Rules::preset("queyimen").unwrap();
        let tiles = parse(text).unwrap();
        let h = Hand::new(&tiles, melds, &[], rules.eval().honors(), Size::Complete).unwrap();
        Queyimen
            .score(&rules, &h, *tiles.last().unwrap(), context)
            .map(|s| s.points)
    }

    #[test]
    fn fan_table() {
        let discard = WinContext::of(WinKind::Discard);
        let tsumo = WinContext::self_draw(false, false);
        let pong = |t| Meld {
            kind: MeldKind::Pong,
            tile: t,
        };
        let cases: &[(&str, &[Meld], WinContext, u8)] = &[
            ("123m456m789m123p55p", &[], discard, 1),
            ("123m456m789m123p55p", &[], tsumo, 2),
            ("11223344556677m", &[], discard, 6),
            ("11112233445566p", &[], discard, 8),
            (
                "11223344556699m",
                &[],
                WinContext::of(WinKind::RobbedKong),
                9,
            ),
            ("111m222m333p44p555p", &[], discard, 3),
            ("123m456m789m123m55m", &[], discard, 4),
            (
                "123m456m789m55m",
                &[pong(9)],
                WinContext::self_draw(true, true),
                5,
            ),
            ("1122m3344p5566p77p", &[], discard, 3),
        ];
        for &(text, melds, context, expect) in cases {
            assert_eq!(
                fan_of(text, melds, context).unwrap(),
                expect,
                "{text} {context:?}"
            );
        }
        // Three suits: no win, melds included.
        assert!(fan_of("123m456p789s123m55m", &[], discard).is_err());
        assert!(fan_of("123m456m789m55m", &[pong(18)], discard).is_ok());
        assert!(fan_of("123m456m55m", &[pong(18), pong(9)], tsumo).is_err());
    }
}
