//! Sichuan mahjong, 血战到底 (docs/rules.md §14): 108 tiles; before play each seat passes
//! three tiles of one suit (换三张) in a direction drawn for the hand, then declares a void
//! suit (定缺) whose tiles it must discard first and may never claim or win with; no chow;
//! several seats may win on one discard, and a winner leaves while the others play on until
//! three have won or the wall runs out; kongs (刮风下雨) and wins are paid when made, a kong's
//! money passed on with a 杠上炮 (呼叫转移); at the wall's end 查花猪, 查大叫 and 退税. A win
//! scores one pattern of the fan table (`fans.rs`) with its 根 and moments, worth
//! 2^min(fans, cap) (`pay.rs` prices and pays it).

mod fans;
mod pay;

#[cfg(test)]
mod fans_reference;
#[cfg(test)]
mod fans_tests;
#[cfg(test)]
mod scenarios_tests;
#[cfg(test)]
mod tests;

pub use fans::{best_reading, best_ready_fans, Pattern, Reading};

use crate::error::{Error, Result};
use crate::eval::shape::Shape;
use crate::eval::EvalRules;
use crate::hand::Hand;
use crate::outcome::{special, HandResult, Outcome, ScoreItem, Transfer, WinContext, WinKind};
use crate::outcome::{WinScore, WinValue};
use crate::profiles::options::{OptionSpec, OptionType, Preset, Rules};
use crate::profiles::profile::{HandSummary, PayContext, Profile, TurnRules, WallRules};
use crate::tiles::{Counts, KindMask, SUITED_KINDS};

/// The profile.
pub struct Sichuan;

/// The options' numbers in [`OPTIONS`].
mod opt {
    pub const EXCHANGE_THREE: usize = 0;
    pub const FAN_CAP: usize = 1;
    pub const SELF_DRAW: usize = 2;
    pub const KONG_BLOOM_PAY: usize = 3;
    pub const CALL_TRANSFER: usize = 4;
    pub const TAX_REFUND: usize = 5;
    pub const HEAVEN_EARTH: usize = 6;
}

static OPTIONS: [OptionSpec; 7] = [
    OptionSpec {
        name: "exchange_three",
        kind: OptionType::Bool,
        default: 1,
        chinese: "换三张",
        meaning: "before play each seat passes three tiles of one suit, in a drawn direction",
    },
    OptionSpec {
        name: "fan_cap",
        kind: OptionType::Choice(&["3", "4", "5"]),
        default: 0,
        chinese: "封顶",
        meaning: "the most fans a win counts: it is worth 2^min(fans, cap)",
    },
    OptionSpec {
        name: "self_draw",
        kind: OptionType::Choice(&["add_base", "add_fan"]),
        default: 0,
        chinese: "自摸加底/自摸加番",
        meaning: "a self-draw is paid its value + 1 by each seat (add_base) or counts one more fan (add_fan)",
    },
    OptionSpec {
        name: "kong_bloom_pay",
        kind: OptionType::Choice(&["self_draw", "provider"]),
        default: 0,
        chinese: "点杠花",
        meaning: "杠上花 on a direct kong's replacement is paid as a self-draw, or by the kong's discarder alone",
    },
    OptionSpec {
        name: "call_transfer",
        kind: OptionType::Bool,
        default: 1,
        chinese: "呼叫转移",
        meaning: "on 杠上炮 the discarder passes its kong money of that turn to the winner",
    },
    OptionSpec {
        name: "tax_refund",
        kind: OptionType::Bool,
        default: 1,
        chinese: "退税",
        meaning: "at the wall's end a seat not ready returns the kong money it still holds",
    },
    OptionSpec {
        name: "heaven_earth",
        kind: OptionType::Bool,
        default: 0,
        chinese: "天地胡",
        meaning: "天胡 and 地胡 are worth the cap",
    },
];

static PRESETS: [Preset; 1] = [Preset {
    name: "sichuan",
    doc: "四川麻将 血战到底: 108 tiles, 换三张, 定缺, winners leave and play goes on, fans to 3",
    settings: &[],
}];

/// How many seats win before the hand ends.
const WINS_TO_END: u8 = 3;

/// How many tiles each seat passes in the exchange.
const EXCHANGED: u8 = 3;

/// Matches last this many hands.
const MATCH_HANDS: u32 = 8;

/// The most fans a win counts under `rules` (`fan_cap`: 3, 4 or 5).
#[must_use]
pub(crate) fn cap(rules: &Rules) -> u8 {
    3 + rules.value(opt::FAN_CAP)
}

/// What `fans` are worth under `rules`: 2^min(fans, cap) points.
#[must_use]
pub(crate) fn value(rules: &Rules, fans: u8) -> i32 {
    1 << fans.min(cap(rules))
}

/// Whether a self-draw in `context` was on the replacement of the winner's direct kong and
/// `rules` make its discarder pay it alone (点杠花 `provider`).
fn provider_pays(rules: &Rules, context: WinContext) -> bool {
    context.is_self_draw()
        && context.has(special::DIRECT_KONG)
        && rules.value(opt::KONG_BLOOM_PAY) == 1
}

/// Whether a win in `context` is 杠上炮: on the discard a seat made after a kong's
/// replacement (`score_win`'s `kong_discard` gives changsha's bit, the engine the other).
fn is_kong_discard(context: WinContext) -> bool {
    context.kind == WinKind::Discard
        && context.special & (special::REPLACEMENT_DISCARD | special::KONG_DISCARD) != 0
}

/// Whether a win in `context` is 天胡 or 地胡 where `rules` count them.
fn heaven_or_earth(rules: &Rules, context: WinContext) -> Option<(&'static str, &'static str)> {
    if !rules.flag(opt::HEAVEN_EARTH) || !context.is_self_draw() {
        return None;
    }
    if context.has(special::HEAVENLY) && context.dealer {
        Some(("heaven", "天胡"))
    } else if context.has(special::FIRST_DRAW) || context.has(special::HEAVENLY) {
        Some(("earth", "地胡"))
    } else {
        None
    }
}

/// The +1 fans of a win's moment (and 自摸 under `add_fan`), by name, in the order the
/// score items list them.
fn moments(rules: &Rules, context: WinContext) -> [(bool, &'static str, &'static str); 6] {
    let drawn = context.is_self_draw();
    let discard = context.kind == WinKind::Discard;
    [
        (drawn && context.replacement, "kong_bloom", "杠上花"),
        (is_kong_discard(context), "kong_discard", "杠上炮"),
        (context.kind == WinKind::RobbedKong, "robbed_kong", "抢杠胡"),
        (drawn && context.last_tile, "last_tile", "海底捞月"),
        (
            discard && context.has(special::LAST_DISCARD),
            "last_discard",
            "海底炮",
        ),
        (
            drawn && rules.value(opt::SELF_DRAW) == 1 && !provider_pays(rules, context),
            "self_draw",
            "自摸",
        ),
    ]
}

/// A win's fans before the cap: its reading's pattern and 根, and its moments; 天胡 and
/// 地胡 are the cap.
fn fans_of(rules: &Rules, reading: Reading, context: WinContext) -> u8 {
    if heaven_or_earth(rules, context).is_some() {
        return cap(rules);
    }
    let extra = moments(rules, context).iter().filter(|m| m.0).count() as u8;
    reading.fans() + extra
}

impl Sichuan {
    /// The reading of a complete hand, or why it is none.
    fn reading(hand: &Hand, tile: u8) -> Result<Reading> {
        if hand.wildcards != 0 || hand.wild != 0 {
            return Err(Error::Rules("profile sichuan has no wildcards".to_owned()));
        }
        best_reading(&hand.counts, &hand.melds).ok_or_else(|| {
            Error::NotWinning(format!(
                "the hand is not a winning hand (winning tile {})",
                crate::hand::name(tile)
            ))
        })
    }
}

impl Profile for Sichuan {
    fn name(&self) -> &'static str {
        "sichuan"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &OPTIONS
    }

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    fn eval(&self, _: &Rules) -> EvalRules {
        EvalRules {
            no_honors: true,
            ..EvalRules::default()
        }
    }

    fn wall(&self, r: &Rules) -> WallRules {
        WallRules {
            kinds: SUITED_KINDS,
            exchange_direction: r.flag(opt::EXCHANGE_THREE),
            ..WallRules::default()
        }
    }

    fn turn_rules(&self, r: &Rules) -> TurnRules {
        TurnRules {
            eval: self.eval(r),
            delayed_kong: true,
            rob_added_kong: true,
            several_winners: true,
            last_tile_closes: true,
            wins_to_end: WINS_TO_END,
            pay_as_played: true,
            exchange: if r.flag(opt::EXCHANGE_THREE) {
                EXCHANGED
            } else {
                0
            },
            exchange_shift: 1,
            void_suit: true,
            void_binds: true,
            pass_blocks_all: true,
            ..TurnRules::default()
        }
    }

    /// `points` holds the win's fans before the cap, `payment` its value 2^min(fans, cap).
    fn score(&self, r: &Rules, hand: &Hand, tile: u8, context: WinContext) -> Result<WinScore> {
        let reading = Self::reading(hand, tile)?;
        let fans = fans_of(r, reading, context);
        Ok(WinScore {
            points: fans,
            allowed: true,
            shape: if matches!(
                reading.pattern,
                Pattern::SevenPairs
                    | Pattern::DragonSevenPairs
                    | Pattern::OneSuitSevenPairs
                    | Pattern::OneSuitDragonSevenPairs
            ) {
                Shape::SevenPairs
            } else {
                Shape::Standard
            },
            patterns: 0,
            factor: 1,
            payment: value(r, fans) as u32,
        })
    }

    /// The pattern as the base, then its 根 and each +1 of the moment added (天胡 and 地胡:
    /// the cap alone).
    fn score_items(
        &self,
        r: &Rules,
        hand: &Hand,
        tile: u8,
        _: &WinScore,
        context: WinContext,
    ) -> Vec<ScoreItem> {
        if let Some((name, chinese)) = heaven_or_earth(r, context) {
            return vec![ScoreItem::base(name, chinese, cap(r).into())];
        }
        let Ok(reading) = Self::reading(hand, tile) else {
            return Vec::new();
        };
        let p = reading.pattern;
        let mut items = vec![ScoreItem::base(p.name(), p.chinese(), p.fans().into())];
        if reading.roots > 0 {
            items.push(ScoreItem::plus("root", "根", reading.roots.into()));
        }
        for (on, name, chinese) in moments(r, context) {
            if on {
                items.push(ScoreItem::plus(name, chinese, 1));
            }
        }
        items
    }

    /// The items are fans; a win is priced by 2^min(fans, cap).
    fn score_items_are_payment(&self, _: &Rules) -> bool {
        false
    }

    fn settle(&self, r: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
        pay::at_wall_end(r, hand)
    }

    fn pay(&self, r: &Rules, at: &PayContext<'_>) -> Vec<Transfer> {
        pay::as_played(r, at)
    }

    /// The fans (before the cap), then the points they are worth.
    fn win_value(&self, r: &Rules, outcome: &Outcome) -> Vec<WinValue> {
        vec![
            WinValue::new("fan", "番", outcome.points.into()),
            WinValue::new("points", "分", value(r, outcome.points).into()),
        ]
    }

    /// Three tiles of one suit: the first pick any kind of a suit held three times or more,
    /// the next ones of its suit.
    fn exchange_picks(&self, _: &Rules, hand: &Counts, picked: &[u8]) -> KindMask {
        let suit_held = |suit: usize| hand[9 * suit..9 * suit + 9].iter().sum::<u8>();
        let mut mask: KindMask = 0;
        for suit in 0..3usize {
            let allowed = match picked.first() {
                Some(&p) => usize::from(p / 9) == suit,
                None => suit_held(suit) >= EXCHANGED,
            };
            if !allowed {
                continue;
            }
            for k in 9 * suit..9 * suit + 9 {
                let taken = picked.iter().filter(|&&p| p as usize == k).count();
                if usize::from(hand[k]) > taken {
                    mask |= 1 << k;
                }
            }
        }
        mask
    }

    /// The first seat to win deals next; if several won at that first win, the seat that
    /// discarded (or whose kong was robbed); nobody won: the dealer's 下家.
    fn next_dealer(&self, _: &Rules, result: &HandResult, _: bool) -> u8 {
        let Some(first) = result.wins.first() else {
            return (result.dealer + 1) % 4;
        };
        let several = result
            .wins
            .get(1)
            .is_some_and(|w| w.event == first.event + 1);
        match first.discarder {
            Some(d) if several => d,
            _ => first.seat,
        }
    }

    fn random_first_dealer(&self, _: &Rules) -> bool {
        true
    }

    fn match_hands(&self, _: &Rules) -> Option<u32> {
        Some(MATCH_HANDS)
    }
}
