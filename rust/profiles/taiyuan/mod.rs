//! Taiyuan Koudiandian (太原扣点点), docs/rules.md §1–§8: 报听 before winning, wins by the point
//! value of the winning tile, 耗子 wildcards, and the eleven options of §8.

mod points;
mod score;

use crate::error::{Error, Result};
use crate::eval::waits::Waits;
use crate::eval::EvalRules;
use crate::hand::{Hand, MeldKind};
use crate::outcome::{HandResult, ScoreItem, Transfer, WinContext, WinKind};
use crate::outcome::{WinScore, PATTERNS};
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
            out.push(Transfer::new(payer, winner, base, "win", share_of));
            if r.flag(DEALER_BONUS) && (hand.dealer == owner || hand.dealer == winner) {
                out.push(Transfer::new(
                    payer,
                    winner,
                    bonus,
                    "dealer_bonus",
                    share_of,
                ));
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
                out.push(Transfer::new(payer, kong.seat, amount, reason, share_of));
            }
        }
        out
    }

    /// docs/rules.md §7.
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
mod tests {
    use super::*;
    use crate::eval::WinForms;
    use crate::hand::Size;
    use crate::outcome::{deltas_of, pattern, KongRecord, Outcome};
    use crate::tiles::{parse, KindMask};

    /// Rules read by [`Rules::parse`]. Not `"taiyuan,…"`: that is the preset of that name.
    fn rules(text: &str) -> Rules {
        Rules::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    fn kinds(text: &str) -> Vec<u8> {
        parse(text).unwrap()
    }

    fn mask(text: &str) -> KindMask {
        kinds(text).iter().fold(0, |m, &k| m | 1 << k)
    }

    #[test]
    fn check_refuses_the_forbidden_combinations() {
        // docs/rules.md §8. (options set with Rules::set, which does not check; the error)
        let cases: &[(&[(&str, u8)], Option<&str>)] = &[
            (&[], None),
            (&[("dealer_bonus", 1), ("dealer_selfdraw_double", 1)], None),
            (
                &[("dealer_selfdraw_double", 1)],
                Some("option dealer_selfdraw_double needs dealer_bonus"),
            ),
            (
                &[("no_honors", 1), ("wildcards", 2)],
                Some("option wildcards='honor' cannot be combined with no_honors"),
            ),
            (&[("no_honors", 1), ("wildcards", 1)], None),
            (&[("no_honors", 1), ("wildcards", 3)], None),
            (
                &[("no_honors", 1), ("wind_runs", 1)],
                Some("option wind_runs cannot be combined with no_honors"),
            ),
            (&[("wind_runs", 1), ("wildcards", 2)], None),
            (&[("bonus_patterns", 1)], None),
            (
                &[("bonus_patterns", 1), ("wildcards", 1)],
                Some("option bonus_patterns cannot be combined with wildcards=\"random\""),
            ),
            (
                &[("bonus_patterns", 1), ("wildcards", 3)],
                Some("option bonus_patterns cannot be combined with wildcards=\"double\""),
            ),
        ];
        for &(settings, expect) in cases {
            let mut r = Rules::new(0);
            for &(name, v) in settings {
                r.set(name, v).unwrap();
            }
            let got = Taiyuan.check(&r).err();
            assert_eq!(
                got,
                expect.map(|m| Error::Rules(m.to_owned())),
                "{settings:?}"
            );
        }
        // The presets check too: two that each pass may not combine.
        let e = Rules::parse("patterns,random_wildcard").unwrap_err();
        assert!(e.message().contains("bonus_patterns"), "{e}");
    }

    #[test]
    fn eval_and_wall_of_presets() {
        const ALL: KindMask = crate::tiles::ALL_KINDS;
        const NUM: KindMask = SUITED_KINDS;
        const HON: KindMask = ALL & !NUM;
        // (rules, wind_runs, no_honors, kinds in play, wildcard kinds, their pool)
        let cases: &[(&str, bool, bool, KindMask, usize, KindMask)] = &[
            ("default", false, false, ALL, 0, ALL),
            ("taiyuan", false, false, ALL, 0, ALL),
            // RULES §6: 随机耗子, 风耗子, 双耗子.
            ("random_wildcard", false, false, ALL, 1, ALL),
            ("honor_wildcard", false, false, ALL, 1, HON),
            ("double_wildcard", false, false, ALL, 2, ALL),
            // RULES §1: 不带风, 108 tiles; the wildcards drawn from them.
            ("no_honors", false, true, NUM, 0, NUM),
            ("no_honors,wildcards=random", false, true, NUM, 1, NUM),
            ("wind_runs,wildcards=double", true, false, ALL, 2, ALL),
        ];
        for &(text, wind_runs, no_honors, kinds, wildcards, pool) in cases {
            let r = rules(text);
            let want = EvalRules {
                wind_runs,
                no_honors,
                forms: WinForms::Standard,
            };
            assert_eq!(Taiyuan.eval(&r), want, "{text}");
            assert_eq!(Taiyuan.turn_rules(&r).eval, want, "{text}");
            let w = Taiyuan.wall(&r);
            assert_eq!(w.kinds, kinds, "{text}");
            assert_eq!((w.wildcards, w.wildcard_pool), (wildcards, pool), "{text}");
            assert!(
                !w.flowers && !w.indicator && !w.stacks && w.dice == 0,
                "{text}"
            );
        }
    }

    #[test]
    fn turn_rules_of_options() {
        // (rules, kong_keeps_waits, must_win, delayed_kong)
        let cases: &[(&str, bool, bool, bool)] = &[
            ("default", false, false, false),
            ("taiyuan", false, false, false),
            ("kong_keeps_waits", true, false, false),
            ("must_win", false, true, false),
            ("delayed_kong", false, false, true),
            ("must_win,delayed_kong,random_wildcard", false, true, true),
        ];
        for &(text, keeps, must, delayed) in cases {
            let t = Taiyuan.turn_rules(&rules(text));
            let got = (t.kong_keeps_waits, t.must_win, t.delayed_kong);
            assert_eq!(got, (keeps, must, delayed), "{text}");
            // RULES §3, §4: 报听 before a win, 抢杠, 过胡; no chow, one winner, no bids.
            assert!(t.declare_to_win && t.rob_added_kong, "{text}");
            assert!(t.pass_forfeits_discard_wins, "{text}");
            assert!(
                !t.chow && !t.several_winners && !t.bids && !t.dice_kongs,
                "{text}"
            );
            assert!(
                !t.opening_wins && !t.haidi && !t.pass_blocks_tile && !t.bird,
                "{text}"
            );
        }
    }

    #[test]
    fn discard_wins_need_six_points() {
        // RULES §4: a tile worth 6–10 may be won on a discard, under every option.
        let cases: &[(&str, bool)] = &[
            ("1m", false),
            ("2p", false),
            ("3s", false),
            ("5m", false),
            ("6m", true),
            ("7p", true),
            ("9s", true),
            ("1z", true),
            ("7z", true),
        ];
        for text in ["default", "draw5_win6", "random_wildcard"] {
            let r = rules(text);
            for &(tile, allowed) in cases {
                let got = Taiyuan.discard_win_allowed(&r, kinds(tile)[0]);
                assert_eq!(got, allowed, "{tile} under {text}");
            }
        }
    }

    #[test]
    fn declarable_needs_a_wait_worth_six() {
        // RULES §4, §6: some winning tile, or a drawn wildcard's p, worth 6 or more.
        // (13 tiles, wildcard kinds, winning tiles, a drawn wildcard's p, declarable)
        let cases: &[(&str, &str, &str, Option<u8>, bool)] = &[
            ("123m456p789s11z45m", "", "36m", None, true),
            ("123m456p789s11z12m", "", "3m", None, false),
            ("123m456p789s11z13m", "", "2m", None, false),
            ("123m456p789s11z79m", "", "8m", None, true),
            ("123m456p789s11z55z", "", "15z", None, true),
            ("13579m2468p1357s", "", "", None, false),
            // Only the wildcard completes (1m is held four times): its own kind's p.
            ("1111m234p567p789s", "2m", "", Some(2), false),
            ("1111m234p567p789s", "9p", "", Some(9), true),
            // A wildcard drawn is worth the best winning tile, 3m: not enough.
            ("123m456p789s11z12m", "7z", "3m", Some(3), false),
        ];
        let r = rules("");
        for &(tiles, wild, waits, p, declarable) in cases {
            let hand = Hand::new(&kinds(tiles), &[], &kinds(wild), true, Size::Waiting).unwrap();
            let w = Waits::of(&hand, r.eval());
            assert_eq!(w.tiles, mask(waits), "{tiles} (wildcards {wild})");
            assert_eq!(
                Taiyuan.wildcard_points(&r, &w),
                p,
                "{tiles} (wildcards {wild})"
            );
            assert_eq!(
                Taiyuan.declarable(&r, &w),
                declarable,
                "{tiles} (wildcards {wild})"
            );
        }
    }

    /// Score `tiles` (wildcard kinds `wild`) won on `tile` as `kind` says under `text`, and
    /// check its items: `expect` as `name:value`, a base then factors whose product is the
    /// payment.
    fn check_items(text: &str, wild: &str, cases: &[(&str, &str, WinKind, &str)]) {
        let r = rules(text);
        for &(tiles, tile, kind, expect) in cases {
            let hand = Hand::new(&kinds(tiles), &[], &kinds(wild), true, Size::Complete).unwrap();
            let context = WinContext::of(kind);
            let won = kinds(tile)[0];
            let (s, items) = Taiyuan.score_with_items(&r, &hand, won, context).unwrap();
            let case = format!("{tiles} on {tile} {kind:?} under {text:?}");
            let shown: Vec<String> = items
                .iter()
                .map(|i| format!("{}:{}", i.name, i.value))
                .collect();
            assert_eq!(shown.join(" "), expect, "{case}");
            let combine: Vec<&str> = items.iter().map(|i| i.combine).collect();
            assert_eq!(combine[0], "base", "{case}");
            assert!(combine[1..].iter().all(|&c| c == "multiply"), "{case}");
            let product: i64 = items.iter().map(|i| i.value).product();
            assert_eq!(product, i64::from(s.payment), "{case}");
        }
    }

    #[test]
    fn score_items_without_patterns() {
        let (ron, tsumo) = (WinKind::Discard, WinKind::SelfDraw);
        // docs/rules.md §8 Decision: the points, then 自摸 ×2. (tiles, tile, how, items)
        check_items(
            "",
            "",
            &[
                ("123m456p789s111z22z", "2z", ron, "points:10"),
                ("123m456p789s111z22z", "2z", tsumo, "points:10 self_draw:2"),
                ("123p456p789s111z33m", "3m", tsumo, "points:3 self_draw:2"),
                // Without bonus_patterns no pattern item.
                ("11223344556677m", "7m", ron, "points:7"),
                // A robbed kong is paid as a discard: no self-draw item.
                ("123m456m789m123p99p", "9p", WinKind::RobbedKong, "points:9"),
            ],
        );
        // RULES §6: the max-point rule gives the base (3m 6m wait: 6).
        let wild = [("123m456p789s11z45m7z", "7z", tsumo, "points:6 self_draw:2")];
        check_items("random_wildcard", "7z", &wild);
    }

    #[test]
    fn score_items_with_patterns() {
        let (ron, tsumo) = (WinKind::Discard, WinKind::SelfDraw);
        // docs/rules.md §8 Decision: then each factor in force, in the order of Pattern.
        check_items(
            "patterns",
            "",
            &[
                // RULES §5.1: 清一色 ×2 and 七小对 ×2.
                (
                    "11223344556677m",
                    "7m",
                    tsumo,
                    "points:7 self_draw:2 all_one_suit:2 seven_pairs:2",
                ),
                (
                    "1111m3355p7799s11z",
                    "1z",
                    ron,
                    "points:10 golden_seven_pairs:4",
                ),
                (
                    "123m456m789m222m55m",
                    "5m",
                    ron,
                    "points:5 all_one_suit:2 straight:2",
                ),
                (
                    "123m456m789m123p99p",
                    "9p",
                    WinKind::RobbedKong,
                    "points:9 straight:2",
                ),
                // 平胡 and 十三幺 are ×1: no item.
                ("123m456p789s111z22z", "2z", ron, "points:10"),
                ("119m19p19s1234567z", "7z", ron, "points:10"),
            ],
        );
    }

    /// A win by `winner` of `kind` worth `points` × `factor`; `discarder` and whether it
    /// had declared for a win on a discard.
    fn win(
        winner: u8,
        kind: WinKind,
        discarder: Option<(u8, bool)>,
        points: u8,
        factor: u32,
    ) -> Outcome {
        Outcome {
            winner,
            tile: 0,
            kind,
            context: WinContext::of(kind),
            discarder: discarder.map(|d| d.0),
            discarder_declared: discarder.is_some_and(|d| d.1),
            points,
            factor,
            patterns: pattern::PLAIN,
        }
    }

    fn self_draw(winner: u8, points: u8, factor: u32) -> Outcome {
        win(winner, WinKind::SelfDraw, None, points, factor)
    }

    fn on_discard(winner: u8, discarder: u8, declared: bool, points: u8) -> Outcome {
        win(
            winner,
            WinKind::Discard,
            Some((discarder, declared)),
            points,
            1,
        )
    }

    /// The transfers of a hand dealt by `dealer`, won as `won` says (none: drawn).
    fn settle(text: &str, dealer: u8, won: Option<Outcome>, kongs: &[KongRecord]) -> Vec<Transfer> {
        let outcomes: Vec<Outcome> = won.into_iter().collect();
        let summary = HandSummary {
            dealer,
            outcomes: &outcomes,
            kongs,
            bids: [0; 4],
            bird: None,
            opening: [0; 4],
        };
        Taiyuan.settle(&rules(text), &summary)
    }

    #[test]
    fn settle_win_shares_and_dealer_bonus() {
        let bonus = "dealer_bonus";
        let double = "dealer_bonus,dealer_selfdraw_double";
        // (rules, dealer, the win, each seat's score change)
        let cases: &[(&str, u8, Outcome, [i32; 4])] = &[
            // RULES §5.1: a self-draw, 2p from each of the three.
            ("", 0, self_draw(1, 6, 1), [-12, 36, -12, -12]),
            // RULES §5.1: 点炮包胡, the undeclared discarder pays 3p.
            ("", 0, on_discard(1, 2, false, 6), [0, 18, -18, 0]),
            // RULES §5.1: 三家均摊, the discarder had declared: p each.
            ("", 0, on_discard(1, 2, true, 6), [-6, 18, -6, -6]),
            // A robbed kong is a discard by the konger.
            (
                "",
                0,
                win(3, WinKind::RobbedKong, Some((1, false)), 9, 1),
                [0, -27, 0, 27],
            ),
            // The factor multiplies the share: 7 × 4, 包胡.
            (
                "",
                0,
                win(1, WinKind::Discard, Some((0, false)), 7, 4),
                [-84, 84, 0, 0],
            ),
            // RULES §5.3: the dealer wins, every share 5 more.
            (bonus, 0, self_draw(0, 6, 1), [51, -17, -17, -17]),
            // RULES §5.3: another seat wins, only the dealer's share is.
            (bonus, 0, self_draw(1, 6, 1), [-17, 41, -12, -12]),
            // RULES §5.3: a non-dealer feeds the dealer, 3p + 15.
            (bonus, 0, on_discard(0, 2, false, 6), [33, 0, -33, 0]),
            // RULES §5.3: the dealer feeds another seat, 3p + 5.
            (bonus, 0, on_discard(1, 0, false, 6), [-23, 23, 0, 0]),
            // A non-dealer feeds a non-dealer: the dealer's share with its 5, paid by it.
            (bonus, 0, on_discard(1, 2, false, 6), [0, 23, -23, 0]),
            // docs/rules.md §5.4: the factor is not applied to the bonus (5 × 2 × 2 + 5).
            (bonus, 3, self_draw(3, 5, 2), [-25, -25, -25, 75]),
            // RULES §5.3: 自摸庄分翻倍, 10 on a self-draw ...
            (double, 0, self_draw(0, 6, 1), [66, -22, -22, -22]),
            (double, 0, self_draw(1, 6, 1), [-22, 46, -12, -12]),
            // ... and 5 on a discard.
            (double, 0, on_discard(1, 2, true, 6), [-11, 23, -6, -6]),
        ];
        for &(text, dealer, won, deltas) in cases {
            let transfers = settle(text, dealer, Some(won), &[]);
            assert_eq!(
                deltas_of(&transfers),
                deltas,
                "{text:?}, dealer {dealer}, {won:?}"
            );
        }
    }

    /// A kong of `seat`; `feeder` and whether it had declared, for a direct kong.
    fn kong(seat: u8, kind: MeldKind, tile: &str, feeder: Option<(u8, bool)>) -> KongRecord {
        KongRecord {
            seat,
            kind,
            tile: kinds(tile)[0],
            feeder: feeder.map(|f| f.0),
            feeder_declared: feeder.is_some_and(|f| f.1),
        }
    }

    fn concealed(seat: u8, tile: &str) -> KongRecord {
        kong(seat, MeldKind::ConcealedKong, tile, None)
    }

    fn direct(seat: u8, tile: &str, feeder: u8, declared: bool) -> KongRecord {
        kong(seat, MeldKind::Kong, tile, Some((feeder, declared)))
    }

    /// Settle each win with one kong under `text` (dealer 0), and check what the kongs pay
    /// (each seat's score change from the kong transfers).
    fn check_kongs(text: &str, cases: &[(Outcome, KongRecord, [i32; 4])]) {
        for &(won, k, deltas) in cases {
            let transfers = settle(text, 0, Some(won), &[k]);
            let kongs: Vec<Transfer> = transfers
                .into_iter()
                .filter(|t| t.reason.ends_with("kong"))
                .collect();
            assert_eq!(deltas_of(&kongs), deltas, "{text:?}, {won:?}, {k:?}");
        }
    }

    #[test]
    fn settle_kongs_and_their_options() {
        let tsumo = self_draw(1, 6, 1);
        let (fed, fed_declared) = (on_discard(1, 2, false, 6), on_discard(1, 2, true, 6));
        // (the win, the kong, each seat's score change from kongs)
        check_kongs(
            "",
            &[
                // RULES §5.2: 暗杠 2p, 明杠 and 点杠 p, from each other seat.
                (tsumo, concealed(1, "5m"), [-10, 30, -10, -10]),
                (
                    tsumo,
                    kong(2, MeldKind::AddedKong, "9p", None),
                    [-9, -9, 27, -9],
                ),
                (tsumo, direct(1, "1z", 3, false), [-10, 30, -10, -10]),
                (fed, concealed(1, "5m"), [-10, 30, -10, -10]),
            ],
        );
        // RULES §5.2 点杠包杠: the undeclared feeder pays 3p, whoever made the kong, but
        // not a declared one.
        check_kongs(
            "feeder_pays_kong",
            &[
                (tsumo, direct(1, "1z", 3, false), [0, 30, 0, -30]),
                (tsumo, direct(2, "9s", 0, false), [-27, 0, 27, 0]),
                (tsumo, direct(1, "1z", 3, true), [-10, 30, -10, -10]),
            ],
        );
        // RULES §5.2 点炮包杠: the undeclared discarder also pays the winner's kongs; not
        // when it had declared, nor on a self-draw, nor another seat's kongs.
        check_kongs(
            "feeder_pays_all",
            &[
                (fed, concealed(1, "5m"), [0, 30, -30, 0]),
                (fed, direct(1, "1z", 0, false), [0, 30, -30, 0]),
                (fed_declared, concealed(1, "5m"), [-10, 30, -10, -10]),
                (tsumo, concealed(1, "5m"), [-10, 30, -10, -10]),
                (fed, concealed(3, "5m"), [-10, -10, -10, 30]),
            ],
        );
        // docs/rules.md §5.4: with both, the undeclared feeder's kong stays its bill; a
        // declared feeder's shares go to the undeclared discarder.
        check_kongs(
            "feeder_pays_kong,feeder_pays_all",
            &[
                (fed, direct(1, "1z", 0, false), [-30, 30, 0, 0]),
                (fed, direct(1, "1z", 0, true), [0, 30, -30, 0]),
            ],
        );
        // RULES §5.3 Decision: no dealer bonus on kongs.
        let dealer = [(self_draw(0, 6, 1), concealed(0, "5m"), [30, -10, -10, -10])];
        check_kongs("dealer_bonus,dealer_selfdraw_double", &dealer);
    }

    #[test]
    fn settle_lists_shares_and_pays_nothing_when_drawn() {
        // docs/rules.md §5.4: one transfer a share; 包胡 names whose share it pays.
        let t = settle("dealer_bonus", 0, Some(on_discard(1, 2, false, 6)), &[]);
        let expect = [
            Transfer::new(2, 1, 6, "win", Some(0)),
            Transfer::new(2, 1, 5, "dealer_bonus", Some(0)),
            Transfer::new(2, 1, 6, "win", None),
            Transfer::new(2, 1, 6, "win", Some(3)),
        ];
        assert_eq!(t, expect);
        // 点杠包杠: the feeder pays the konger's three shares (after the three win shares).
        let k = direct(1, "1z", 3, false);
        let t = settle("feeder_pays_kong", 0, Some(self_draw(1, 3, 1)), &[k]);
        assert_eq!(
            t[3..],
            [
                Transfer::new(3, 1, 10, "kong", Some(0)),
                Transfer::new(3, 1, 10, "kong", Some(2)),
                Transfer::new(3, 1, 10, "kong", None)
            ]
        );
        // RULES §5.2 Decision: 荒庄荒杠.
        let kongs = [k, concealed(2, "9m")];
        for text in ["", "taiyuan"] {
            assert_eq!(settle(text, 0, None, &kongs), [], "{text:?}");
        }
    }

    fn result(dealer: u8, winner: Option<u8>, kongs_made: bool) -> HandResult {
        HandResult {
            dealer,
            winner,
            win_kind: winner.map(|_| WinKind::SelfDraw),
            discarder: None,
            win_tile: winner.map(|_| 0),
            points: 0,
            factor: 1,
            patterns: Vec::new(),
            transfers: Vec::new(),
            deltas: [0; 4],
            kongs_made,
            declared: [false; 4],
            winners: winner.into_iter().collect(),
            score_items: Vec::new(),
            wins: Vec::new(),
            flowers: Default::default(),
            opening_wins: Default::default(),
            bird: None,
            haidi: None,
        }
    }

    #[test]
    fn next_dealer_rotation() {
        // RULES §7. (rules, one_round, dealer, winner, kongs made, next dealer)
        let cases: &[(&str, bool, u8, Option<u8>, bool, u8)] = &[
            // The winner deals; after a drawn hand the dealer's 下家.
            ("", false, 0, Some(2), false, 2),
            ("", false, 0, Some(0), false, 0),
            ("", false, 0, None, false, 1),
            ("", false, 0, None, true, 1),
            ("", false, 3, None, false, 0),
            // dealer_bonus: the dealer keeps a win, else its 下家; a drawn hand passes the
            // deal only if a kong was made.
            ("dealer_bonus", false, 0, Some(0), false, 0),
            ("dealer_bonus", false, 0, Some(2), false, 1),
            ("dealer_bonus", false, 3, Some(1), false, 0),
            ("dealer_bonus", false, 0, None, false, 0),
            ("dealer_bonus", false, 0, None, true, 1),
            // one_round: the same.
            ("", true, 2, Some(2), false, 2),
            ("", true, 2, Some(0), true, 3),
            ("", true, 2, None, false, 2),
            ("", true, 2, None, true, 3),
        ];
        for &(text, one_round, dealer, winner, kongs, next) in cases {
            let got = Taiyuan.next_dealer(&rules(text), &result(dealer, winner, kongs), one_round);
            assert_eq!(
                got, next,
                "{text:?} one_round {one_round}, dealer {dealer}, winner {winner:?}, kongs {kongs}"
            );
        }
    }

    #[test]
    #[ignore = "Rules::describe writes the default rules as \"taiyuan\", which Rules::parse reads as the preset taiyuan (dealer bonus, 点杠包杠, 点炮包杠)"]
    fn describe_reads_back() {
        // Rules::describe: "the profile and each option that differs from its default, as
        // Rules::parse reads them back".
        for text in [
            "",
            "dealer_bonus",
            "random_wildcard",
            "taiyuan",
            "must_win,no_honors",
        ] {
            let r = rules(text);
            assert_eq!(
                rules(&r.describe()),
                r,
                "{text:?} described as {:?}",
                r.describe()
            );
        }
    }
}
