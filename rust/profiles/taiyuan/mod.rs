//! Taiyuan Koudiandian (太原扣点点), docs/rules.md §1–§8: 报听 before winning, wins by the point
//! value of the winning tile, 耗子 wildcards, and the eleven options of §8.

mod points;
mod score;

use crate::error::{Error, Result};
use crate::eval::waits::Waits;
use crate::eval::EvalRules;
use crate::hand::{Hand, MeldKind};
use crate::outcome::{HandResult, ScoreItem, Transfer, WinContext, WinKind};
use crate::outcome::{Outcome, WinScore, WinValue, PATTERNS};
use crate::profiles::options::{OptionSpec, OptionType, Preset, Rules};
use crate::profiles::profile::{HandSummary, Profile, TurnRules, WallRules};
use crate::tiles::{ALL_KINDS, SUITED_KINDS};
use points::Scoring;
pub use points::{max_points, points, wildcard_points};
use score::PATTERN_FACTORS;

/// The profile.
pub struct Taiyuan;

/// The options that change a win's value and whether it may happen.
fn scoring(r: &Rules) -> Scoring {
    Scoring {
        bonus_patterns: r.flag(BONUS_PATTERNS),
        draw5_win6: r.flag(DRAW5_WIN6),
    }
}

// The options' numbers: their positions in `OPTIONS`.
const KONG_KEEPS_WAITS: usize = 0;
const DEALER_BONUS: usize = 1;
const DEALER_SELFDRAW_DOUBLE: usize = 2;
const NO_HONORS: usize = 3;
const FEEDER_PAYS_KONG: usize = 4;
const FEEDER_PAYS_ALL: usize = 5;
const MUST_WIN: usize = 6;
const DRAW5_WIN6: usize = 7;
const DELAYED_KONG: usize = 8;
const WIND_RUNS: usize = 9;
const BONUS_PATTERNS: usize = 10;
const WILDCARDS: usize = 11;

/// The wildcard modes of docs/rules.md §6, by their stored value.
const WILDCARD_MODES: &[&str] = &["none", "random", "honor", "double"];
const HONOR: u8 = 2;

const fn flag(name: &'static str, chinese: &'static str, meaning: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionType::Bool,
        default: 0,
        chinese,
        meaning,
    }
}

static OPTIONS: [OptionSpec; 12] = [
    flag(
        "kong_keeps_waits",
        "改变听口不能杠",
        "a declared seat may not kong if that changes its winning tiles",
    ),
    flag(
        "dealer_bonus",
        "带庄多五分",
        "a win share owed by or to the dealer is 5 more",
    ),
    flag(
        "dealer_selfdraw_double",
        "自摸庄分翻倍",
        "on a self-draw the dealer bonus is 10 (needs dealer_bonus)",
    ),
    flag("no_honors", "不带风", "no winds or dragons: 108 tiles"),
    flag(
        "feeder_pays_kong",
        "点杠包杠",
        "an undeclared discarder pays the whole direct kong it fed",
    ),
    flag(
        "feeder_pays_all",
        "点炮包杠",
        "an undeclared discarder who feeds a win also pays the winner's kongs",
    ),
    flag(
        "must_win",
        "有胡必胡",
        "a declared seat wins automatically whenever it can",
    ),
    flag(
        "draw5_win6",
        "摸五胡六",
        "win thresholds 5 on a self-draw and 6 on a discard",
    ),
    flag(
        "delayed_kong",
        "可缓杠",
        "an added kong given up by choosing pong is offered again",
    ),
    flag(
        "wind_runs",
        "风嘴子",
        "three different winds, or 中发白, form a sequence (needs honors)",
    ),
    flag(
        "bonus_patterns",
        "清一色、一条龙、七小对加番",
        "pattern factors multiply the win (not with wildcards)",
    ),
    OptionSpec {
        name: "wildcards",
        kind: OptionType::Choice(WILDCARD_MODES),
        default: 0,
        chinese: "耗子",
        meaning: "wildcards: none, random (随机耗子), honor (风耗子) or double (双耗子)",
    },
];

static PRESETS: [Preset; 6] = [
    Preset {
        name: "default",
        doc: "every option off, no wildcards",
        settings: &[],
    },
    Preset {
        name: "taiyuan",
        doc:
            "the common online Taiyuan table: dealer bonus doubled on self-draw, 点杠包杠, 点炮包杠",
        settings: &[
            ("dealer_bonus", "true"),
            ("dealer_selfdraw_double", "true"),
            ("feeder_pays_kong", "true"),
            ("feeder_pays_all", "true"),
        ],
    },
    Preset {
        name: "random_wildcard",
        doc: "随机耗子: one wildcard kind drawn from the kinds in play",
        settings: &[("wildcards", "random")],
    },
    Preset {
        name: "honor_wildcard",
        doc: "风耗子: one wildcard kind drawn from the honors",
        settings: &[("wildcards", "honor")],
    },
    Preset {
        name: "double_wildcard",
        doc: "双耗子: two wildcard kinds",
        settings: &[("wildcards", "double")],
    },
    Preset {
        name: "patterns",
        doc: "清一色、一条龙、七小对加番: pattern factors on",
        settings: &[("bonus_patterns", "true")],
    },
];

impl Profile for Taiyuan {
    fn name(&self) -> &'static str {
        "taiyuan"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &OPTIONS
    }

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    fn check(&self, r: &Rules) -> Result<()> {
        let mode = r.value(WILDCARDS);
        let problem = if r.flag(DEALER_SELFDRAW_DOUBLE) && !r.flag(DEALER_BONUS) {
            "option dealer_selfdraw_double needs dealer_bonus".to_owned()
        } else if r.flag(NO_HONORS) && mode == HONOR {
            "option wildcards='honor' cannot be combined with no_honors".to_owned()
        } else if r.flag(NO_HONORS) && r.flag(WIND_RUNS) {
            "option wind_runs cannot be combined with no_honors".to_owned()
        } else if r.flag(BONUS_PATTERNS) && mode != 0 {
            format!(
                "option bonus_patterns cannot be combined with wildcards={:?}",
                WILDCARD_MODES[mode as usize]
            )
        } else {
            return Ok(());
        };
        Err(Error::Rules(problem))
    }

    fn eval(&self, r: &Rules) -> EvalRules {
        EvalRules {
            wind_runs: r.flag(WIND_RUNS),
            no_honors: r.flag(NO_HONORS),
            ..EvalRules::default()
        }
    }

    fn wall(&self, r: &Rules) -> WallRules {
        let kinds = if r.flag(NO_HONORS) {
            SUITED_KINDS
        } else {
            ALL_KINDS
        };
        let mode = r.value(WILDCARDS);
        WallRules {
            kinds,
            wildcards: [0, 1, 1, 2][mode as usize],
            wildcard_pool: if mode == HONOR {
                ALL_KINDS & !SUITED_KINDS
            } else {
                kinds
            },
            ..WallRules::default()
        }
    }

    fn wildcard_term(&self) -> Option<&'static str> {
        Some("耗子")
    }

    fn turn_rules(&self, r: &Rules) -> TurnRules {
        TurnRules {
            eval: self.eval(r),
            declare_to_win: true,
            kong_keeps_waits: r.flag(KONG_KEEPS_WAITS),
            must_win: r.flag(MUST_WIN),
            delayed_kong: r.flag(DELAYED_KONG),
            rob_added_kong: true,
            pass_forfeits_discard_wins: true,
            ..TurnRules::default()
        }
    }

    /// docs/rules.md §1: the rank of a suited tile, 10 for an honour.
    fn tile_points(&self, _: &Rules, tile: u8) -> Option<u8> {
        Some(points(tile as usize))
    }

    /// docs/rules.md §4: some winning tile (or a drawn wildcard's `p`) is worth 6 or more.
    fn wildcard_points(&self, _: &Rules, waits: &Waits) -> Option<u8> {
        wildcard_points(waits)
    }

    fn declarable(&self, _: &Rules, waits: &Waits) -> bool {
        points::declarable(waits)
    }

    /// docs/rules.md §4: only a tile worth 6 or more is won on a discard.
    fn discard_win_allowed(&self, _: &Rules, tile: u8) -> bool {
        points(tile as usize) >= points::DISCARD_WIN_MIN
    }

    fn score(&self, r: &Rules, hand: &Hand, tile: u8, context: WinContext) -> Result<WinScore> {
        score::score_win(hand, tile, context.is_self_draw(), self.eval(r), scoring(r))
    }

    /// docs/rules.md §4, §6: the threshold the tile's points miss, or a discarded wildcard.
    fn refusal(
        &self,
        r: &Rules,
        hand: &Hand,
        tile: u8,
        context: WinContext,
        s: &WinScore,
    ) -> Option<String> {
        let wildcard_tile = hand.wildcards >> tile & 1 == 1;
        let why = scoring(r).refusal(s.points, context.is_self_draw(), wildcard_tile);
        why.filter(|_| !s.allowed)
    }

    /// docs/rules.md §5.1: the factor table (which applies with `bonus_patterns` and no
    /// wildcards).
    fn pattern_factor(&self, _: &Rules, bit: usize) -> u32 {
        PATTERN_FACTORS.get(bit).copied().unwrap_or(1)
    }

    /// The tile's points (after the max-point rule), ×2 for a self-draw, and each pattern
    /// factor in force: their product is one share before the dealer bonus.
    fn score_items(
        &self,
        _: &Rules,
        _: &Hand,
        _: u8,
        s: &WinScore,
        context: WinContext,
    ) -> Vec<ScoreItem> {
        let mut items = vec![ScoreItem::base("points", "点数", s.points.into())];
        if context.is_self_draw() {
            items.push(ScoreItem::times("self_draw", "自摸", 2));
        }
        if s.factor > 1 {
            for (bit, (&(name, chinese), &factor)) in
                PATTERNS.iter().zip(&PATTERN_FACTORS).enumerate()
            {
                if s.patterns >> bit & 1 == 1 && factor > 1 {
                    items.push(ScoreItem::times(name, chinese, factor.into()));
                }
            }
        }
        items
    }

    /// docs/rules.md §5: win shares (包胡 by an undeclared discarder), the dealer bonus, kongs
    /// (包杠 options); nothing in a drawn hand.
    fn settle(&self, r: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
        let mut out = Vec::new();
        let Some(o) = hand.outcomes.first() else {
            return out;
        };
        let winner = o.winner;
        let self_draw = o.kind == WinKind::SelfDraw;
        // 点炮包胡: an undeclared discarder pays every share alone.
        let pays_all = if self_draw || o.discarder_declared {
            None
        } else {
            o.discarder
        };
        let base = i32::from(o.points) * o.factor as i32 * if self_draw { 2 } else { 1 };
        let bonus = if self_draw && r.flag(DEALER_SELFDRAW_DOUBLE) {
            10
        } else {
            5
        };
        for owner in (0..4u8).filter(|&s| s != winner) {
            let payer = pays_all.unwrap_or(owner);
            let share_of = (payer != owner).then_some(owner);
            out.push(Transfer::new(payer, winner, base, "win", share_of).at(o.event));
            if r.flag(DEALER_BONUS) && (hand.dealer == owner || hand.dealer == winner) {
                out.push(Transfer::new(payer, winner, bonus, "dealer_bonus", share_of).at(o.event));
            }
        }
        for kong in hand.kongs {
            let value = i32::from(points(kong.tile as usize));
            let (amount, reason) = match kong.kind {
                MeldKind::ConcealedKong => (2 * value, "concealed_kong"),
                MeldKind::AddedKong => (value, "added_kong"),
                _ => (value, "kong"),
            };
            for owner in (0..4u8).filter(|&s| s != kong.seat) {
                let payer = match kong.feeder {
                    // 点杠包杠: an undeclared feeder pays the direct kong alone.
                    Some(f)
                        if r.flag(FEEDER_PAYS_KONG)
                            && kong.kind == MeldKind::Kong
                            && !kong.feeder_declared =>
                    {
                        f
                    }
                    // 点炮包杠: an undeclared discarder also pays the winner's kongs.
                    _ if r.flag(FEEDER_PAYS_ALL) && kong.seat == winner => {
                        pays_all.unwrap_or(owner)
                    }
                    _ => owner,
                };
                let share_of = (payer != owner).then_some(owner);
                out.push(Transfer::new(payer, kong.seat, amount, reason, share_of).at(kong.event));
            }
        }
        out
    }

    /// docs/rules.md §7.
    /// The win's 分 (the tile's 点数 × the pattern factor, one share before a self-draw's
    /// doubling and the dealer bonus), then the 点数 and the factor (倍).
    fn win_value(&self, _: &Rules, o: &Outcome) -> Vec<WinValue> {
        let (p, factor) = (i64::from(o.points), i64::from(o.factor));
        vec![
            WinValue::new("value", "分", p * factor),
            WinValue::new("points", "点数", p),
            WinValue::new("factor", "倍", factor),
        ]
    }

    fn next_dealer(&self, r: &Rules, result: &HandResult, one_round: bool) -> u8 {
        let d = result.dealer;
        let after = (d + 1) % 4;
        match result.winner {
            None if one_round || r.flag(DEALER_BONUS) => {
                if result.kongs_made {
                    after
                } else {
                    d
                }
            }
            None => after,
            Some(w) if one_round || r.flag(DEALER_BONUS) => {
                if w == d {
                    d
                } else {
                    after
                }
            }
            Some(w) => w,
        }
    }
}

#[cfg(test)]
mod score_tests;
#[cfg(test)]
mod settle_tests;
#[cfg(test)]
mod tests;
