//! Zhongyuan/Hebei mahjong (中原河北麻将, docs/rules.md §10): 136 tiles and eight flowers set
//! aside and replaced, a 混 wildcard turned from an indicator, chow from the 上家, several
//! winners on one discard, a multiplicative factor table, fixed kong payments and 跑 bids.

pub mod score;

use crate::error::Result;
use crate::hand::{Hand, MeldKind};
use crate::outcome::{HandResult, ScoreItem, Transfer, WinContext, WinKind};
use crate::outcome::{Outcome, WinScore, WinValue};
use crate::profiles::options::{OptionSpec, OptionType, Preset, Rules};
use crate::profiles::profile::{HandSummary, Profile, TurnRules, WallRules};
use crate::tiles::FIRST_HONOR;

/// The profile.
pub struct Hebei;

// The options' numbers: their positions in `OPTIONS`.
const FLOWERS: usize = 0;
const HUN: usize = 1;
const PAO: usize = 2;
const ALL_THREE_PAY: usize = 3;
const DRAW_VOIDS_KONGS: usize = 4;

const fn flag(
    name: &'static str,
    default: u8,
    chinese: &'static str,
    meaning: &'static str,
) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionType::Bool,
        default,
        chinese,
        meaning,
    }
}

static OPTIONS: [OptionSpec; 5] = [
    flag(
        "flowers",
        1,
        "花牌",
        "the eight flowers are in the wall; each set aside doubles its owner's wins",
    ),
    flag(
        "hun",
        1,
        "混",
        "a wildcard kind (混) follows an indicator turned after the deal",
    ),
    flag(
        "pao",
        0,
        "跑",
        "each seat bids 0–3 before the deal; payments grow by 2 × both seats' bids",
    ),
    flag(
        "all_three_pay",
        0,
        "点炮三家出",
        "a discard win is paid by all three, the discarder twice",
    ),
    flag(
        "draw_voids_kongs",
        0,
        "黄庄黄杠",
        "a drawn hand cancels the kong payments",
    ),
];

static PRESETS: [Preset; 1] = [Preset {
    name: "hebei",
    doc: "中原河北麻将: flowers, 混, chow, several winners, factor table",
    settings: &[],
}];

/// The 混 kind turned up by `indicator`: the next tile of its suit (9 → 1), wind
/// (北 → 东) or dragon (中 → 发 → 白 → 中). Precondition: `indicator < 34`.
#[must_use]
pub const fn hun_of(indicator: u8) -> u8 {
    let k = indicator;
    if (k as usize) < FIRST_HONOR {
        k / 9 * 9 + (k % 9 + 1) % 9
    } else if k < 31 {
        27 + (k - 27 + 1) % 4
    } else {
        // 白 31, 发 32, 中 33: 中 → 发 → 白 → 中.
        [33, 31, 32][(k - 31) as usize]
    }
}

impl Hebei {
    /// The score and items of a win: the factor table's one computation.
    fn win_score(
        r: &Rules,
        hand: &Hand,
        tile: u8,
        context: WinContext,
    ) -> Result<(WinScore, Vec<ScoreItem>)> {
        let (factor, shape, items) = score::score(hand, tile, context, r.flag(HUN))?;
        let score = WinScore {
            points: 1,
            allowed: true,
            shape,
            patterns: 0,
            factor,
            payment: factor,
        };
        Ok((score, items))
    }
}

impl Profile for Hebei {
    fn name(&self) -> &'static str {
        "hebei"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &OPTIONS
    }

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    fn wall(&self, r: &Rules) -> WallRules {
        WallRules {
            flowers: r.flag(FLOWERS),
            indicator: r.flag(HUN),
            ..WallRules::default()
        }
    }

    fn wildcard_term(&self) -> Option<&'static str> {
        Some("混")
    }

    fn turn_rules(&self, r: &Rules) -> TurnRules {
        TurnRules {
            eval: self.eval(r),
            delayed_kong: true,
            chow: true,
            several_winners: true,
            bids: r.flag(PAO),
            ..TurnRules::default()
        }
    }

    fn wildcard_of_indicator(&self, _: &Rules, indicator: u8) -> Option<u8> {
        Some(hun_of(indicator))
    }

    /// `points` 1, `factor` and `payment` the product of the factors (庄 included when the
    /// winner deals); any winning hand may win.
    fn score(&self, r: &Rules, hand: &Hand, tile: u8, context: WinContext) -> Result<WinScore> {
        Self::win_score(r, hand, tile, context).map(|(score, _)| score)
    }

    fn score_items(
        &self,
        r: &Rules,
        hand: &Hand,
        tile: u8,
        _: &WinScore,
        context: WinContext,
    ) -> Vec<ScoreItem> {
        Self::win_score(r, hand, tile, context).map_or_else(|_| Vec::new(), |(_, items)| items)
    }

    fn score_with_items(
        &self,
        r: &Rules,
        hand: &Hand,
        tile: u8,
        context: WinContext,
    ) -> Result<(WinScore, Vec<ScoreItem>)> {
        Self::win_score(r, hand, tile, context)
    }

    /// Each win's factor from the discarder (all three under `all_three_pay`, the discarder
    /// twice) or each other seat, doubled when the payer deals; fixed kong payments (none in
    /// a drawn hand under `draw_voids_kongs`); 跑 on every payment.
    fn settle(&self, r: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
        let mut out = Vec::new();
        let mut pay = |payer: u8, payee: u8, amount: i32, reason: &'static str, event: u32| {
            out.push(Transfer::new(payer, payee, amount, reason, None).at(event));
            let pao = 2 * i32::from(hand.bids[payer as usize] + hand.bids[payee as usize]);
            if pao > 0 {
                out.push(Transfer::new(payer, payee, pao, "pao", None).at(event));
            }
        };
        for o in hand.outcomes {
            let factor = o.factor as i32;
            let dealer_pays = |payer: u8| {
                if payer == hand.dealer && o.winner != hand.dealer {
                    2
                } else {
                    1
                }
            };
            for payer in (0..4u8).filter(|&s| s != o.winner) {
                let times = match (o.kind, o.discarder) {
                    (WinKind::SelfDraw, _) => 1,
                    (_, Some(d)) if d == payer && r.flag(ALL_THREE_PAY) => 2,
                    (_, Some(d)) if d == payer => 1,
                    _ if r.flag(ALL_THREE_PAY) => 1,
                    _ => 0,
                };
                if times > 0 {
                    pay(
                        payer,
                        o.winner,
                        times * factor * dealer_pays(payer),
                        "win",
                        o.event,
                    );
                }
            }
        }
        if !(hand.outcomes.is_empty() && r.flag(DRAW_VOIDS_KONGS)) {
            for kong in hand.kongs {
                match (kong.kind, kong.feeder) {
                    (MeldKind::Kong, Some(feeder)) => pay(feeder, kong.seat, 3, "kong", kong.event),
                    (kind, _) => {
                        let (amount, reason) = if kind == MeldKind::ConcealedKong {
                            (2, "concealed_kong")
                        } else {
                            (1, "added_kong")
                        };
                        for payer in (0..4u8).filter(|&s| s != kong.seat) {
                            pay(payer, kong.seat, amount, reason, kong.event);
                        }
                    }
                }
            }
        }
        out
    }

    /// The dealer keeps the deal when it wins (the first winner from the discarder counts)
    /// or the hand is drawn; otherwise its 下家 deals.
    /// The win's factor (倍: the product of the factor table's items, 庄 included), what
    /// one payer pays before a dealer's doubling and the 跑.
    fn win_value(&self, _: &Rules, o: &Outcome) -> Vec<WinValue> {
        vec![WinValue::new("factor", "倍", i64::from(o.factor))]
    }

    fn next_dealer(&self, _: &Rules, result: &HandResult, _: bool) -> u8 {
        match result.winner {
            Some(w) if w != result.dealer => (result.dealer + 1) % 4,
            _ => result.dealer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hun_follows_the_indicator() {
        let cases = [
            (0, 1),
            (8, 0),
            (9, 10),
            (26, 18),
            (27, 28),
            (30, 27),
            (33, 32),
            (32, 31),
            (31, 33),
        ];
        for (indicator, hun) in cases {
            assert_eq!(hun_of(indicator), hun, "indicator {indicator}");
        }
    }
}
