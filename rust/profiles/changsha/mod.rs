//! Changsha mahjong (长沙麻将, docs/rules.md §11): 108 tiles, 二五八将 for a 小胡, 大胡 that
//! free the pair and add up, opening small wins (起手小胡), the dice kong (杠) beside the
//! plain replacement (补张), the 海底 offered seat by seat, and the bird (扎鸟) that doubles.

use crate::error::{Error, Result};
use crate::eval::forms::hand_wins;
use crate::eval::pair258::{big, big_shapes, MeldInfo};
use crate::eval::shape::Shape;
use crate::eval::{EvalRules, WinForms};
use crate::hand::Hand;
use crate::outcome::{special, HandResult, ScoreItem, Transfer, WinContext, WinKind};
use crate::outcome::{Outcome, WinScore, WinValue};
use crate::profiles::options::{OptionSpec, Preset, Rules};
use crate::profiles::profile::{HandSummary, Profile, TurnRules, WallRules};
use crate::tiles::{Counts, SUITED_KINDS};

/// The profile.
pub struct Changsha;

static PRESETS: [Preset; 1] = [Preset {
    name: "changsha",
    doc: "长沙麻将: 108 tiles, 2-5-8 pairs, 大胡, opening wins, dice kongs, 海底, the bird",
    settings: &[],
}];

/// Every 大胡 by bit of [`Changsha::big_wins`]: name and Chinese name.
const BIG_WINS: [(&str, &str); 11] = [
    ("all_pongs", "碰碰胡"),
    ("all_258", "将将胡"),
    ("all_one_suit", "清一色"),
    ("seven_pairs", "七小对"),
    ("last_tile", "海底捞月"),
    ("last_discard", "海底炮"),
    ("kong_bloom", "杠上开花"),
    ("kong_discard", "杠上炮"),
    ("robbed_kong", "抢杠胡"),
    ("heavenly", "天胡"),
    ("earthly", "地胡"),
];

/// The opening small wins (起手小胡) of a dealt hand, by name: 四喜 once per kind held
/// four times, 板板胡 (no 2, 5 or 8), 缺一色 (a suit absent), 六六顺 (two kinds held three
/// times or more).
#[must_use]
pub fn opening_wins(dealt: &Counts) -> Vec<&'static str> {
    let quads = dealt.iter().filter(|&&c| c == 4).fold(0, |n, _| n + 1);
    let mut out = vec!["four_of_a_kind"; quads];
    let has = |mask: u64| (0..27).any(|k| mask >> k & 1 == 1 && dealt[k] > 0);
    if !has(crate::eval::pair258::KINDS_258) {
        out.push("no_258");
    }
    if (0..3).any(|s| !has(crate::eval::suits::kinds_of_suit(s))) {
        out.push("missing_suit");
    }
    if dealt.iter().filter(|&&c| c >= 3).count() >= 2 {
        out.push("two_triplets");
    }
    out
}

/// The Chinese name of an opening win.
#[must_use]
pub fn opening_chinese(name: &str) -> &'static str {
    match name {
        "four_of_a_kind" => "四喜",
        "no_258" => "板板胡",
        "missing_suit" => "缺一色",
        _ => "六六顺",
    }
}

impl Changsha {
    /// The 大胡 of a winning hand won as `context` says, as bits of [`BIG_WINS`].
    fn big_wins(hand: &Hand, context: WinContext) -> u16 {
        let shapes = big_shapes(&hand.counts, MeldInfo::of(&hand.melds));
        let self_draw = context.kind == WinKind::SelfDraw;
        let flags = [
            shapes & big::ALL_PONGS != 0,
            shapes & big::ALL_258 != 0,
            shapes & big::ONE_SUIT != 0,
            shapes & big::SEVEN_PAIRS != 0,
            self_draw && context.last_tile,
            !self_draw && context.has(special::LAST_DISCARD),
            self_draw && context.replacement && context.has(special::DICE),
            !self_draw && context.has(special::KONG_DISCARD),
            context.kind == WinKind::RobbedKong,
            self_draw && context.has(special::HEAVENLY),
            !self_draw && context.has(special::EARTHLY),
        ];
        flags
            .iter()
            .enumerate()
            .fold(0, |m, (i, &on)| m | u16::from(on) << i)
    }
}

impl Profile for Changsha {
    fn name(&self) -> &'static str {
        "changsha"
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
            forms: WinForms::Pair258,
            ..EvalRules::default()
        }
    }

    fn wall(&self, _: &Rules) -> WallRules {
        WallRules {
            kinds: SUITED_KINDS,
            stacks: true,
            dice: 4,
            ..WallRules::default()
        }
    }

    fn turn_rules(&self, r: &Rules) -> TurnRules {
        TurnRules {
            eval: self.eval(r),
            rob_added_kong: true,
            chow: true,
            several_winners: true,
            dice_kongs: true,
            opening_wins: true,
            haidi: true,
            pass_blocks_tile: true,
            bird: true,
            delayed_kong: true,
            ..TurnRules::default()
        }
    }

    fn opening_wins(&self, _: &Rules, dealt: &Counts) -> Vec<&'static str> {
        opening_wins(dealt)
    }

    /// `points` the number of 大胡 (0 for a 小胡), `factor` 1, `payment` what a non-dealer
    /// pays a non-dealer for it (10 / 60 per 大胡 on a discard, 10 / 30 per 大胡 on a
    /// self-draw), before the bird; no `patterns` (the 大胡 are the score items).
    fn score(&self, r: &Rules, hand: &Hand, tile: u8, context: WinContext) -> Result<WinScore> {
        if !hand_wins(hand, self.eval(r)) {
            return Err(Error::NotWinning(format!(
                "the hand is not a winning hand under 长沙麻将 (winning tile {})",
                crate::hand::name(tile)
            )));
        }
        let bits = Self::big_wins(hand, context);
        let n = bits.count_ones();
        let payment = match (n, context.kind == WinKind::SelfDraw) {
            (0, _) => 10,
            (n, true) => 30 * n,
            (n, false) => 60 * n,
        };
        Ok(WinScore {
            points: n as u8,
            allowed: true,
            shape: if bits & 1 << 3 != 0 {
                Shape::SevenPairs
            } else {
                Shape::Standard
            },
            patterns: 0,
            factor: 1,
            payment,
        })
    }

    /// `small_win` (小胡) alone, or each 大胡 (the first as the base, the others added): the
    /// values count 大胡.
    fn score_items(
        &self,
        _: &Rules,
        hand: &Hand,
        _: u8,
        _: &WinScore,
        context: WinContext,
    ) -> Vec<ScoreItem> {
        let bits = Self::big_wins(hand, context);
        let mut items = Vec::new();
        for (i, &(name, chinese)) in BIG_WINS.iter().enumerate() {
            if bits >> i & 1 == 1 {
                items.push(if items.is_empty() {
                    ScoreItem::base(name, chinese, 1)
                } else {
                    ScoreItem::plus(name, chinese, 1)
                });
            }
        }
        if items.is_empty() {
            items.push(ScoreItem::base("small_win", "小胡", 1));
        }
        items
    }

    /// The items name the 小胡 or the 大胡; the settlement's table prices them.
    fn score_items_are_payment(&self, _: &Rules) -> bool {
        false
    }

    /// The settlement of docs/rules.md §11: each win by 小胡 or by its 大胡 count, each opening
    /// win as a 小胡 self-draw, the bird doubling the payments it touches; kongs pay nothing.
    fn settle(&self, _: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
        let dealer = hand.dealer;
        let bird = hand.bird.map(|b| b.seat);
        let mut out = Vec::new();
        // A self-draw by `winner` of `n` 大胡 (0: a 小胡), as each payer pays it.
        let self_draw = |winner: u8, n: i32, reason, event, out: &mut Vec<Transfer>| {
            for payer in (0..4u8).filter(|&s| s != winner) {
                let heavy = winner == dealer || payer == dealer;
                let amount = match (n, heavy) {
                    (0, true) => 20,
                    (0, false) => 10,
                    (n, true) => 40 * n,
                    (n, false) => 30 * n,
                };
                let doubled = bird == Some(winner) || bird == Some(payer);
                let amount = amount * if doubled { 2 } else { 1 };
                let t = Transfer::new(payer, winner, amount, reason, None);
                out.push(match event {
                    Some(e) => t.at(e),
                    None => t,
                });
            }
        };
        for o in hand.outcomes {
            let n = i32::from(o.points);
            match (o.kind, o.discarder) {
                (WinKind::SelfDraw, _) | (_, None) => {
                    self_draw(o.winner, n, "win", Some(o.event), &mut out);
                }
                (_, Some(d)) => {
                    let base = if n == 0 { 10 } else { 60 * n };
                    let extra = if d == dealer || o.winner == dealer {
                        10
                    } else {
                        0
                    };
                    let doubled = bird == Some(o.winner) || bird == Some(d);
                    let amount = (base + extra) * if doubled { 2 } else { 1 };
                    out.push(Transfer::new(d, o.winner, amount, "win", None).at(o.event));
                }
            }
        }
        for (seat, &count) in hand.opening.iter().enumerate() {
            for _ in 0..count {
                self_draw(seat as u8, 0, "opening_win", None, &mut out);
            }
        }
        out
    }

    /// The winner deals; with two or more seats' opening wins the bird's seat, with several
    /// winners on one discard the discarder; when nobody won, the seat the 海底 names.
    /// How many 大胡 the win counts (`"big_wins"`), or, for a win with none, one 小胡
    /// (`"small_win"`): the settlement's table prices them.
    fn win_value(&self, _: &Rules, o: &Outcome) -> Vec<WinValue> {
        if o.points == 0 {
            vec![WinValue::new("small_win", "小胡", 1)]
        } else {
            vec![WinValue::new("big_wins", "大胡", i64::from(o.points))]
        }
    }

    fn next_dealer(&self, _: &Rules, result: &HandResult, _: bool) -> u8 {
        let openers = result.opening_wins.iter().filter(|w| !w.is_empty()).count();
        match (result.bird, result.winners.len(), result.winner) {
            (Some(b), _, _) if openers >= 2 => b.seat,
            (_, 2.., _) => result.discarder.unwrap_or(result.dealer),
            (_, _, Some(w)) => w,
            _ => result.haidi.map_or(result.dealer, |h| h.seat),
        }
    }

    fn random_first_dealer(&self, _: &Rules) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand;

    #[test]
    fn opening_wins_of_dealt_hands() {
        let cases: &[(&str, &[&str])] = &[
            ("1111m333p5m679s146p", &["four_of_a_kind", "two_triplets"]),
            ("1369m1369p1369s7s", &["no_258"]),
            ("123456789m12345p", &["missing_suit"]),
            ("123m456p789s2468m", &[]),
        ];
        for &(text, want) in cases {
            assert_eq!(opening_wins(&hand(text)), want, "{text}");
        }
    }
}
