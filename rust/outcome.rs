//! The vocabulary of outcomes, shared by the profiles and the state machine: the melds and
//! kongs a hand made, the context and value of a win, its score as named items, every
//! transfer, and the result of a hand. The JSON shape (`HandResult.to_dict()` in Python) is
//! declared here.

use serde::Serialize;

use crate::eval::shape::Shape;
use crate::hand::{Meld, MeldKind, Melds};
pub use crate::verdict::Verdict;

/// A meld as laid down: kind, tile, and the seat whose discard made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeldRecord {
    pub kind: MeldKind,
    pub tile: u8,
    pub source: Option<u8>,
}

/// The evaluator's melds of a seat's meld records.
#[must_use]
pub fn melds_of(records: &[MeldRecord]) -> Melds {
    let mut out = Melds::default();
    for m in records {
        out.push(Meld {
            kind: m.kind,
            tile: m.tile,
        });
    }
    out
}

/// A kong made in the hand, for settlement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KongRecord {
    pub seat: u8,
    pub kind: MeldKind,
    pub tile: u8,
    /// The discarder of a direct kong's tile.
    pub feeder: Option<u8>,
    /// Whether that discarder had declared when it discarded.
    pub feeder_declared: bool,
    /// The index in the hand's log of the event that made it.
    pub event: u32,
}

/// The value of one win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinScore {
    /// `p`: the winning tile's point value after the max-point rule.
    pub points: u8,
    /// Whether the §4 thresholds allow the win (and it is not on a discarded wildcard).
    pub allowed: bool,
    /// Shape of the highest-scoring reading.
    pub shape: Shape,
    /// Pattern bits of that reading.
    pub patterns: u32,
    /// Product of the pattern factors (1 without `bonus_patterns` or with wildcards).
    pub factor: u32,
    /// One payer's share under 三家均摊: `p × factor`, ×2 on a self-draw.
    pub payment: u32,
}

/// How a hand was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinKind {
    /// 自摸
    SelfDraw,
    /// 点炮
    Discard,
    /// 抢杠: paid as a win on the konger's discard.
    RobbedKong,
}

/// How a win came about, as the score sees it (杠上开花, 海底捞月, 抢杠胡).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinContext {
    pub kind: WinKind,
    /// A self-draw of a kong's replacement tile (杠上开花).
    pub replacement: bool,
    /// A self-draw of the wall's last tile (海底捞月).
    pub last_tile: bool,
    /// Flowers the winner has set aside (profiles with flowers).
    pub flowers: u8,
    /// Whether the winner is the dealer (庄).
    pub dealer: bool,
    /// More about the moment, as [`special`] bits (changsha's 大胡 of the moment).
    pub special: u16,
    /// The winner's seat wind (门风: 0 东 for the dealer, 1 南 its 下家, 2 西, 3 北).
    pub seat_wind: u8,
    /// The hand's prevalent wind (圈风: 0 东, 1 南, 2 西, 3 北).
    pub prevalent_wind: u8,
}

/// The bits of [`WinContext::special`].
pub mod special {
    /// The replacement came by the dice (a 杠, not a 补张): its self-draw is 杠上开花.
    pub const DICE: u16 = 1;
    /// A win on the discard a seat made right after its dice kong's replacement (杠上炮).
    pub const KONG_DISCARD: u16 = 2;
    /// The dealer wins on its first turn, on its dealt tiles (天胡).
    pub const HEAVENLY: u16 = 4;
    /// A non-dealer wins on the dealer's first discard (地胡).
    pub const EARTHLY: u16 = 8;
    /// A win on the discard of the 海底 (海底炮); with `last_tile` on a self-draw it is the
    /// 海底 itself (海底捞月).
    pub const LAST_DISCARD: u16 = 16;
    /// The other three tiles of the winning kind are all in sight (discards and exposed
    /// melds): 和绝张. Not set for a robbed kong.
    pub const LAST_COPY: u16 = 32;
    /// A self-drawn replacement that came for a flower set aside (after a kong too): a
    /// flower's replacement, not the kong's.
    pub const AFTER_FLOWER: u16 = 64;
    /// A win on the discard a seat made after a kong's replacement in the same turn (any
    /// kong; changsha's 杠上炮 is `KONG_DISCARD`, by the dice only).
    pub const REPLACEMENT_DISCARD: u16 = 128;
    /// A non-dealer's self-draw on its first draw, before any pong, kong or win in the hand.
    pub const FIRST_DRAW: u16 = 256;
    /// A self-draw of the replacement of the winner's direct kong (a kong of a discard).
    pub const DIRECT_KONG: u16 = 512;
}

impl WinContext {
    /// A win of `kind`, on neither a replacement nor the last tile.
    #[must_use]
    pub const fn of(kind: WinKind) -> Self {
        WinContext {
            kind,
            replacement: false,
            last_tile: false,
            flowers: 0,
            dealer: false,
            special: 0,
            seat_wind: 0,
            prevalent_wind: 0,
        }
    }

    /// A self-draw: `replacement` and `last_tile` as the draw was.
    #[must_use]
    pub const fn self_draw(replacement: bool, last_tile: bool) -> Self {
        WinContext {
            kind: WinKind::SelfDraw,
            replacement,
            last_tile,
            flowers: 0,
            dealer: false,
            special: 0,
            seat_wind: 0,
            prevalent_wind: 0,
        }
    }

    /// The same win by a seat with `flowers` set aside, `dealer` if it deals.
    #[must_use]
    pub const fn by(self, flowers: u8, dealer: bool) -> Self {
        WinContext {
            flowers,
            dealer,
            ..self
        }
    }

    /// The same win by a seat whose wind is `seat_wind` in a hand of `prevalent_wind`
    /// (0 东 … 3 北; precondition: both below 4).
    #[must_use]
    pub const fn winds(self, seat_wind: u8, prevalent_wind: u8) -> Self {
        WinContext {
            seat_wind,
            prevalent_wind,
            ..self
        }
    }

    /// The same win with `bits` of [`special`] set too.
    #[must_use]
    pub const fn with(self, bits: u16) -> Self {
        WinContext {
            special: self.special | bits,
            ..self
        }
    }

    /// Whether a [`special`] bit is set.
    #[must_use]
    pub const fn has(self, bit: u16) -> bool {
        self.special & bit != 0
    }

    #[must_use]
    pub fn is_self_draw(self) -> bool {
        self.kind == WinKind::SelfDraw
    }
}

/// Pattern bits of a win's reading; the numbers are those of `koudiandian.Pattern`.
pub mod pattern {
    pub const PLAIN: u32 = 1 << 0;
    pub const ALL_ONE_SUIT: u32 = 1 << 1;
    pub const STRAIGHT: u32 = 1 << 2;
    /// Seven pairs with 0, 1, 2, 3 quads.
    pub const SEVEN_PAIRS: [u32; 4] = [1 << 3, 1 << 4, 1 << 5, 1 << 6];
    pub const THIRTEEN_ORPHANS: u32 = 1 << 7;
}

/// A pattern's name (that of `koudiandian.Pattern`, lower case) and its Chinese name, by
/// bit (see [`pattern`]); what a pattern is worth is its profile's.
pub const PATTERNS: [(&str, &str); 8] = [
    ("plain", "平胡"),
    ("all_one_suit", "清一色"),
    ("straight", "一条龙"),
    ("seven_pairs", "七小对"),
    ("golden_seven_pairs", "黄金七小对"),
    ("luxury_seven_pairs", "豪华七小对"),
    ("luxury_golden_seven_pairs", "豪华黄金七小对"),
    ("thirteen_orphans", "十三幺"),
];

/// The names of the pattern bits `bits`, in bit order (bits above [`PATTERNS`] name none).
#[must_use]
pub fn pattern_names(bits: u32) -> Vec<&'static str> {
    PATTERNS
        .iter()
        .enumerate()
        .filter(|&(bit, _)| bits >> bit & 1 == 1)
        .map(|(_, p)| p.0)
        .collect()
}

/// How a won hand was won, as the state machine records it for settlement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub winner: u8,
    pub tile: u8,
    pub kind: WinKind,
    /// The win's context for the score.
    pub context: WinContext,
    pub discarder: Option<u8>,
    /// Whether the discarder (or robbed konger) had declared when it discarded.
    pub discarder_declared: bool,
    /// `p` after the max-point rule.
    pub points: u8,
    pub factor: u32,
    /// Pattern bits of the scoring reading (see [`PATTERNS`]).
    pub patterns: u32,
    /// The index in the hand's log of its `win` event.
    pub event: u32,
}

/// Every reason a transfer is paid for, with its Chinese and English names (as a table and a
/// log show it): a profile's `settle` gives each transfer one of these names.
pub const REASONS: [(&str, &str, &str); 12] = [
    ("win", "胡", "win"),
    ("dealer_bonus", "庄家", "dealer bonus"),
    ("concealed_kong", "暗杠", "concealed kong"),
    ("added_kong", "补杠", "added kong"),
    ("kong", "明杠", "exposed kong"),
    ("pao", "跑", "pao"),
    ("opening_win", "起手胡", "opening win"),
    ("refund", "退税", "refund"),
    ("passed_on", "转移", "passed on"),
    ("void_held", "花猪", "void suit held"),
    ("not_ready", "查大叫", "not ready"),
    ("verdict", "判罚", "verdict"),
];

/// `payer` pays `payee` `amount` points, for `reason`; `share_of` is the seat whose share
/// it is when another seat pays it (包胡, 包杠). One entry of a hand's ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Transfer {
    pub payer: u8,
    pub payee: u8,
    pub amount: i32,
    /// One of the names of [`REASONS`].
    pub reason: &'static str,
    pub share_of: Option<u8>,
    /// The index in the hand's log of the event the transfer belongs to (the win, the
    /// kong); the engine gives one a profile leaves without the `end_hand` event's.
    pub event: Option<u32>,
    /// For a transfer that moves or refunds an earlier one, that one's index in the
    /// ledger (`HandResult::transfers`).
    pub undoes: Option<u32>,
}

impl Transfer {
    #[must_use]
    pub const fn new(
        payer: u8,
        payee: u8,
        amount: i32,
        reason: &'static str,
        share_of: Option<u8>,
    ) -> Self {
        Transfer {
            payer,
            payee,
            amount,
            reason,
            share_of,
            event: None,
            undoes: None,
        }
    }

    /// The transfer, belonging to the event at `event` in the hand's log.
    #[must_use]
    pub const fn at(mut self, event: u32) -> Self {
        self.event = Some(event);
        self
    }

    /// The transfer, moving or refunding the ledger's transfer `index`.
    #[must_use]
    pub const fn undoing(mut self, index: u32) -> Self {
        self.undoes = Some(index);
        self
    }
}

/// One named part of a win's score: the `"base"` value, then each item that `"multiply"`
/// (or, in additive profiles, `"add"`) to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScoreItem {
    pub name: &'static str,
    pub chinese: &'static str,
    pub value: i64,
    pub combine: &'static str,
}

impl ScoreItem {
    #[must_use]
    pub const fn base(name: &'static str, chinese: &'static str, value: i64) -> Self {
        ScoreItem {
            name,
            chinese,
            value,
            combine: "base",
        }
    }

    /// An item added to the base (fan, in additive profiles).
    #[must_use]
    pub const fn plus(name: &'static str, chinese: &'static str, value: i64) -> Self {
        ScoreItem {
            name,
            chinese,
            value,
            combine: "add",
        }
    }

    #[must_use]
    pub const fn times(name: &'static str, chinese: &'static str, value: i64) -> Self {
        ScoreItem {
            name,
            chinese,
            value,
            combine: "multiply",
        }
    }
}

/// A settled hand. `winner` is the first of `winners` (`None` for a drawn hand, where
/// nothing is paid); `deltas` sum to zero.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandResult {
    pub dealer: u8,
    pub winner: Option<u8>,
    pub win_kind: Option<WinKind>,
    pub discarder: Option<u8>,
    pub win_tile: Option<u8>,
    pub points: u32,
    pub factor: u32,
    /// Pattern names of the scoring reading.
    pub patterns: Vec<&'static str>,
    pub transfers: Vec<Transfer>,
    pub deltas: [i32; 4],
    pub kongs_made: bool,
    pub declared: [bool; 4],
    pub winners: Vec<u8>,
    /// The first winner's score items.
    pub score_items: Vec<ScoreItem>,
    /// Every win, in `winners` order (several on one discard in profiles that allow it).
    pub wins: Vec<WinSummary>,
    /// Each seat's flowers set aside (profiles with flowers).
    pub flowers: [Vec<u8>; 4],
    /// Each seat's opening small wins (起手小胡) declared, by name (changsha).
    pub opening_wins: [Vec<&'static str>; 4],
    /// The bird (扎鸟): the tile turned after a win and the seat it hits (changsha).
    pub bird: Option<Bird>,
    /// What became of the 海底 (changsha) once the hand reaches it, won or drawn: who took
    /// it, who was first to refuse it, or whose replacement drew it; in a drawn hand that
    /// seat deals next (docs/events.md). `None` before the last tile.
    pub haidi: Option<Haidi>,
    /// How the hand ended.
    pub end: HandEnd,
    /// Per seat, the index in the log of the `win` event at which it left the hand (a
    /// winner in profiles where play goes on), or `None`: in to the end.
    pub left: [Option<u32>; 4],
    /// The seat a judge's verdict ended the hand against, and the verdict (`end`
    /// [`HandEnd::Verdict`]); not in the JSON of any other hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<(u8, Verdict)>,
}

/// How a hand ended: at a win (the last the profile plays to), with the wall exhausted (a
/// seat still in had to draw from an empty wall, or the 海底 was refused by all), after wins
/// or none, or by a judge's verdict against a seat (`GameCore::end_by_verdict`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandEnd {
    Win,
    Exhausted,
    Verdict,
}

/// One named number of a win's value, as its profile names it: `{"name": "fan", "chinese":
/// "番", "value": 24}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WinValue {
    pub name: &'static str,
    pub chinese: &'static str,
    pub value: i64,
}

impl WinValue {
    #[must_use]
    pub const fn new(name: &'static str, chinese: &'static str, value: i64) -> Self {
        WinValue {
            name,
            chinese,
            value,
        }
    }
}

/// The bird: a tile and the seat its rank counts to from the dealer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bird {
    pub tile: u8,
    pub seat: u8,
}

/// The 海底 (the last tile): `"taken"` by `seat`, `"refused"` by all (`seat` the first
/// asked), or drawn by `seat` as a kong's `"replacement"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Haidi {
    pub seat: u8,
    pub how: &'static str,
}

/// One winner's win and its score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinSummary {
    pub seat: u8,
    pub kind: WinKind,
    pub tile: u8,
    pub points: u32,
    pub factor: u32,
    pub score_items: Vec<ScoreItem>,
    /// The seat whose discard (or robbed kong) was won on.
    pub discarder: Option<u8>,
    /// The index in the hand's log of the win's `win` event.
    pub event: u32,
    /// The win's value in the profile's words and numbers ([`crate::profiles::Profile::win_value`]);
    /// the first is its headline.
    pub value: Vec<WinValue>,
}

/// The reasons of kong payments (明杠, 补杠, 暗杠): what a profile may pass on or refund.
pub const KONG_REASONS: [&str; 3] = ["kong", "added_kong", "concealed_kong"];

/// The kong payments of `ledger` that no later transfer has moved or refunded, with their
/// indices in it.
pub fn held_kong_payments(ledger: &[Transfer]) -> impl Iterator<Item = (u32, &Transfer)> {
    ledger.iter().enumerate().filter_map(move |(i, t)| {
        let undone = ledger.iter().any(|u| u.undoes == Some(i as u32));
        (KONG_REASONS.contains(&t.reason) && !undone).then_some((i as u32, t))
    })
}

/// Each seat's score change: received minus paid.
#[must_use]
pub fn deltas_of(transfers: &[Transfer]) -> [i32; 4] {
    let mut d = [0; 4];
    for t in transfers {
        d[t.payer as usize] -= t.amount;
        d[t.payee as usize] += t.amount;
    }
    d
}
