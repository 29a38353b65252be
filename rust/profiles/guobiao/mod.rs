//! Chinese Official Mahjong (国标麻将, the 1998 competition rules; docs/rules.md §12): 144
//! tiles with the flowers set aside and replaced, chow, the three kongs, robbing a 补杠 only,
//! one winner on a discard (截和), no furiten, a win needs 8 fans not counting 花牌, the end
//! of the wall closes claims, 8 + fans paid by the discarder (8 by the others) or by each
//! other seat on a self-draw, no kong payments, and matches of 16 hands in which the deal
//! passes every hand and the prevalent wind changes every four.
//!
//! With option `botzone` (preset `botzone`), the rules of Botzone's judge
//! (ailab-pku/Chinese-Standard-Mahjong): the wall in four parts (`WallRules::parts`: each
//! seat draws from its own part's end, and the parts close claims and make the last tile's
//! moments instead of the wall's end), one hand a game dealt by seat 0 under the prevalent
//! wind of option `quan`, and a judge's verdict against a seat scored -30 for it and +10
//! for each other seat.
//!
//! The fans (`fans.rs`: the table and `score`) are computed the reference's way
//! (PyMahjongGB 1.4.0, MIT, whose answers the tests compare with): the tiles in its codes
//! (`codes.rs`), the readings of a hand (`readings.rs`), the fans of one standard reading
//! (`regular.rs`, with the melds' fans among themselves in `groups.rs`), the forms read
//! whole (`special.rs`), the fans every form shares and the exclusions (`adjust.rs`), 独听
//! (`waits.rs`) and a reading's fan table (`table.rs`).

mod adjust;
mod codes;
pub mod fan;
pub mod fans;
mod groups;
mod readings;
mod regular;
mod special;
mod table;
mod waits;

use crate::error::{Error, Result};
use crate::eval::shape::Shape;
use crate::eval::{EvalRules, WinForms};
use crate::hand::{Hand, MeldKind};
use crate::outcome::special as moment;
use crate::outcome::{HandResult, Outcome, ScoreItem, Transfer, WinContext, WinKind};
use crate::outcome::{WinScore, WinValue};
use crate::profiles::options::{OptionSpec, OptionType, Preset, Rules};
use crate::profiles::profile::{HandSummary, Profile, TurnRules, WallRules};

/// The profile.
pub struct Guobiao;

// The options' numbers: their positions in `OPTIONS`.
const FLOWERS: usize = 0;
const BOTZONE: usize = 1;
const QUAN: usize = 2;

/// The fans a win needs, 花牌 not counted (起和).
pub use fans::MIN_FANS;

/// What every win adds to its fans in each payment (底分).
pub const BASE: u32 = 8;

/// The hands of a match (four rounds of four).
pub const MATCH_HANDS: u32 = 16;

/// What a judge's verdict scores under Botzone's rules: the offender's, each other seat's.
pub const VERDICT_SCORES: (i32, i32) = (-30, 10);

/// The prevalent winds, as option `quan` names them.
const WINDS: &[&str] = &["east", "south", "west", "north"];

static OPTIONS: [OptionSpec; 3] = [
    OptionSpec {
        name: "flowers",
        kind: OptionType::Bool,
        default: 1,
        chinese: "花牌",
        meaning: "the eight flowers are in the wall (144 tiles); each set aside is 1 fan of a win",
    },
    OptionSpec {
        name: "botzone",
        kind: OptionType::Bool,
        default: 0,
        chinese: "Botzone",
        meaning: "Botzone's wall and judge: the wall in four parts, each seat drawing from its \
                  own part's end; the claims an empty part forbids; one hand a game, dealt by \
                  seat 0; verdicts scored -30/+10",
    },
    OptionSpec {
        name: "quan",
        kind: OptionType::Choice(WINDS),
        default: 0,
        chinese: "圈风",
        meaning: "the prevalent wind of a botzone game (only with botzone)",
    },
];

static PRESETS: [Preset; 2] = [
    Preset {
        name: "guobiao",
        doc: "国标麻将 (Chinese Official Mahjong): 8-fan minimum, 81 fans, 截和, 16-hand matches",
        settings: &[],
    },
    Preset {
        name: "botzone",
        doc: "国标麻将 as Botzone's judge plays it: 136 tiles, the wall in four parts, one hand \
              dealt by seat 0, verdicts",
        settings: &[("botzone", "true"), ("flowers", "false")],
    },
];

/// The calculator's reading of a win: the melds with their offers (1 for every claimed
/// meld: the fans look only at whether a meld was claimed; 0 for a concealed kong), the
/// concealed tiles less the winning tile, and the moment of `context`.
/// Precondition: `hand` is complete with `tile`, without wildcards.
fn fans_of(hand: &Hand, tile: u8, context: WinContext) -> Result<fans::Fans> {
    let melds: Vec<fans::FanMeld> = hand
        .melds
        .iter()
        .map(|&meld| fans::FanMeld {
            meld,
            offer: u8::from(meld.kind != MeldKind::ConcealedKong),
        })
        .collect();
    let mut concealed = hand.counts;
    let Some(c) = concealed.get_mut(tile as usize).filter(|c| **c > 0) else {
        return Err(Error::NotWinning(format!(
            "the winning tile {} is not in the hand",
            crate::hand::name(tile)
        )));
    };
    *c -= 1;
    let self_drawn = context.kind == WinKind::SelfDraw;
    let situation = fans::Situation {
        self_drawn,
        last_copy: context.has(moment::LAST_COPY) && context.kind != WinKind::RobbedKong,
        kong: if self_drawn {
            context.replacement && !context.has(moment::AFTER_FLOWER)
        } else {
            context.kind == WinKind::RobbedKong
        },
        wall_last: if self_drawn {
            context.last_tile
        } else {
            context.has(moment::LAST_DISCARD)
        },
    };
    fans::score(&fans::WinInput {
        melds: &melds,
        concealed: &concealed,
        win_tile: tile,
        flowers: context.flowers,
        seat_wind: context.seat_wind,
        prevalent_wind: context.prevalent_wind,
        situation,
    })
}

impl Guobiao {
    /// The score and items of a win: the base, then each fan.
    fn win_score(hand: &Hand, tile: u8, context: WinContext) -> Result<(WinScore, Vec<ScoreItem>)> {
        if hand.wildcards != 0 {
            return Err(Error::Rules("profile guobiao has no wildcards".to_owned()));
        }
        let fans = fans_of(hand, tile, context)?;
        let mut items = Vec::with_capacity(fans.items.len() + 1);
        items.push(ScoreItem::base("base", "底分", i64::from(BASE)));
        items.extend(
            fans.items
                .iter()
                .map(|f| ScoreItem::plus(f.fan.key(), f.fan.name(), i64::from(f.points()))),
        );
        Ok((Self::score_of(&fans), items))
    }

    /// The score of a win with `fans`: the base (底分 8) and the fans' total.
    fn score_of(fans: &fans::Fans) -> WinScore {
        let total = fans.total();
        WinScore {
            points: BASE as u8,
            allowed: fans.is_enough(),
            shape: Shape::Standard,
            patterns: 0,
            factor: total,
            payment: BASE + total,
        }
    }
}

impl Profile for Guobiao {
    fn name(&self) -> &'static str {
        "guobiao"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &OPTIONS
    }

    fn presets(&self) -> &'static [Preset] {
        &PRESETS
    }

    /// `quan` only with `botzone`.
    fn check(&self, r: &Rules) -> Result<()> {
        if r.value(QUAN) != 0 && !r.flag(BOTZONE) {
            return Err(Error::Rules(format!(
                "option quan={} is the prevalent wind of a botzone game: it needs botzone",
                WINDS[r.value(QUAN) as usize]
            )));
        }
        Ok(())
    }

    /// `botzone` and `quan`, added after logs were written, only when set.
    fn quiet_options(&self) -> &'static [&'static str] {
        &["botzone", "quan"]
    }

    /// The standard shape, 七对, 十三幺 and the knitted shapes (全不靠, 七星不靠, 组合龙).
    fn eval(&self, _: &Rules) -> EvalRules {
        EvalRules {
            forms: WinForms::Knitted,
            ..EvalRules::default()
        }
    }

    /// 136 tiles, and the eight flowers with option `flowers`; no wildcards; with
    /// `botzone`, the wall in four parts.
    fn wall(&self, r: &Rules) -> WallRules {
        WallRules {
            flowers: r.flag(FLOWERS),
            parts: r.flag(BOTZONE),
            ..WallRules::default()
        }
    }

    /// Chow, robbing a 补杠, one winner (截和), no 过胡 or 漏胡, the end of the wall closing
    /// claims (with `botzone`, the parts close them instead), and a win on a discard
    /// offered only with 8 fans.
    fn turn_rules(&self, r: &Rules) -> TurnRules {
        TurnRules {
            eval: self.eval(r),
            delayed_kong: true,
            rob_added_kong: true,
            chow: true,
            last_tile_closes: !r.flag(BOTZONE),
            discard_wins_scored: true,
            ..TurnRules::default()
        }
    }

    /// `points` the base (8), `factor` the fan total (花牌 included), `payment` their sum;
    /// `allowed` when the fans without 花牌 reach 8.
    fn score(&self, _: &Rules, hand: &Hand, tile: u8, context: WinContext) -> Result<WinScore> {
        if hand.wildcards != 0 {
            return Err(Error::Rules("profile guobiao has no wildcards".to_owned()));
        }
        // The score alone: no items built.
        fans_of(hand, tile, context).map(|fans| Self::score_of(&fans))
    }

    /// The base (底分 8), then each fan added.
    fn score_items(
        &self,
        _: &Rules,
        hand: &Hand,
        tile: u8,
        _: &WinScore,
        context: WinContext,
    ) -> Vec<ScoreItem> {
        Self::win_score(hand, tile, context).map_or_else(|_| Vec::new(), |(_, items)| items)
    }

    fn score_with_items(
        &self,
        _: &Rules,
        hand: &Hand,
        tile: u8,
        context: WinContext,
    ) -> Result<(WinScore, Vec<ScoreItem>)> {
        Self::win_score(hand, tile, context)
    }

    /// Fewer than 8 fans not counting 花牌.
    fn refusal(
        &self,
        _: &Rules,
        hand: &Hand,
        tile: u8,
        context: WinContext,
        score: &WinScore,
    ) -> Option<String> {
        if score.allowed {
            return None;
        }
        let fans = fans_of(hand, tile, context).map_or(0, |f| f.total_without_flowers());
        Some(format!(
            "a win needs {MIN_FANS} fans not counting 花牌; this one has {fans}"
        ))
    }

    /// A self-draw: each other seat pays 8 + the fans; a win on a discard or a robbed kong:
    /// the discarder pays 8 + the fans, each other seat 8. Kongs pay nothing; a drawn hand
    /// pays nothing.
    fn settle(&self, _: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
        let mut out = Vec::new();
        for o in hand.outcomes {
            let full = (BASE + o.factor) as i32;
            for payer in (0..4u8).filter(|&s| s != o.winner) {
                let amount = match (o.kind, o.discarder) {
                    (WinKind::SelfDraw, _) => full,
                    (_, Some(d)) if d == payer => full,
                    _ => BASE as i32,
                };
                out.push(Transfer::new(payer, o.winner, amount, "win", None).at(o.event));
            }
        }
        out
    }

    /// The win's fans (番, 花牌 included), then the base (底分 8) paid with them.
    fn win_value(&self, _: &Rules, o: &Outcome) -> Vec<WinValue> {
        vec![
            WinValue::new("fan", "番", i64::from(o.factor)),
            WinValue::new("base", "底分", i64::from(o.points)),
        ]
    }

    /// The deal passes to the dealer's 下家 after every hand, won or drawn; with `botzone`,
    /// seat 0 deals every hand.
    fn next_dealer(&self, r: &Rules, result: &HandResult, _: bool) -> u8 {
        if r.flag(BOTZONE) {
            0
        } else {
            (result.dealer + 1) % 4
        }
    }

    /// 东 for hands 1–4, 南 for 5–8, 西 for 9–12, 北 for 13–16 (and so on, round after round);
    /// with `botzone`, option `quan`'s wind.
    fn prevalent_wind(&self, r: &Rules, hands: u32) -> u8 {
        if r.flag(BOTZONE) {
            r.value(QUAN)
        } else {
            (hands / 4 % 4) as u8
        }
    }

    /// Sixteen hands: four rounds, one for each prevalent wind; with `botzone`, one hand.
    fn match_hands(&self, r: &Rules) -> Option<u32> {
        Some(if r.flag(BOTZONE) { 1 } else { MATCH_HANDS })
    }

    /// Seat 0 with `botzone`.
    fn fixed_dealer(&self, r: &Rules) -> Option<u8> {
        r.flag(BOTZONE).then_some(0)
    }

    /// With `botzone`: -30 for the offender, +10 for each other seat.
    fn verdict_scores(&self, r: &Rules) -> Option<(i32, i32)> {
        r.flag(BOTZONE).then_some(VERDICT_SCORES)
    }
}

#[cfg(test)]
mod tests;
