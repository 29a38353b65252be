//! Actions as small integer codes: `kind * 34 + tile` (tile 0 for kinds that take none).
//! The kinds and their numbers are those of `koudiandian.ActionKind`.

/// An action's code.
pub type ActionCode = u16;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    Discard = 0,
    Declare = 1,
    SelfDrawWin = 2,
    Win = 3,
    Pong = 4,
    Kong = 5,
    AddedKong = 6,
    ConcealedKong = 7,
    Pass = 8,
    /// 吃: `tile` is the lowest tile of the run it makes. Offered by profiles with chow.
    Chow = 9,
    /// 跑: a bid before the deal; its "tile" is the count 0–3 (profiles with bids).
    Pao = 10,
    /// 杠 with dice: a kong of `tile` whose replacement the dice choose (`TurnRules::dice_kongs`).
    DiceKong = 11,
    /// Declare one's opening small wins (起手小胡) at one's first turn.
    OpeningWin = 12,
    /// Take the wall's last tile (海底) when it is offered; `Pass` refuses it.
    Haidi = 13,
    /// Before play, pick `tile` as one of the tiles passed to another seat (换三张: one
    /// decision per tile; `TurnRules::exchange`).
    Exchange = 14,
    /// Before play, declare the suit `tile` (0 万 m, 1 筒 p, 2 条 s) void (定缺;
    /// `TurnRules::void_suit`).
    Void = 15,
}

impl Act {
    const ALL: [Act; 16] = [
        Act::Discard,
        Act::Declare,
        Act::SelfDrawWin,
        Act::Win,
        Act::Pong,
        Act::Kong,
        Act::AddedKong,
        Act::ConcealedKong,
        Act::Pass,
        Act::Chow,
        Act::Pao,
        Act::DiceKong,
        Act::OpeningWin,
        Act::Haidi,
        Act::Exchange,
        Act::Void,
    ];

    #[must_use]
    pub const fn code(self, tile: u8) -> ActionCode {
        self as ActionCode * 34 + tile as ActionCode
    }

    /// The kind of a code, from a table: the engine and the policies ask it of every legal
    /// action. Precondition: `code < CODES` (other codes get some kind).
    #[inline]
    #[must_use]
    pub fn of(code: ActionCode) -> Act {
        KIND_OF[code as usize % KIND_OF.len()]
    }

    /// Whether an action of this kind names a tile (the discard or the kong's kind) or,
    /// for a bid, its count.
    #[must_use]
    pub const fn takes_tile(self) -> bool {
        matches!(
            self,
            Act::Discard
                | Act::Declare
                | Act::AddedKong
                | Act::ConcealedKong
                | Act::Chow
                | Act::Pao
                | Act::DiceKong
                | Act::Exchange
                | Act::Void
        )
    }

    /// The snake-case name used in event logs.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Act::Discard => "discard",
            Act::Declare => "declare",
            Act::SelfDrawWin => "self_draw_win",
            Act::Win => "win",
            Act::Pong => "pong",
            Act::Kong => "kong",
            Act::AddedKong => "added_kong",
            Act::ConcealedKong => "concealed_kong",
            Act::Pass => "pass",
            Act::Chow => "chow",
            Act::Pao => "pao",
            Act::DiceKong => "dice_kong",
            Act::OpeningWin => "opening_win",
            Act::Haidi => "haidi",
            Act::Exchange => "exchange",
            Act::Void => "void",
        }
    }
}

/// Number of action codes: every code is below it.
pub const CODES: ActionCode = Act::ALL.len() as ActionCode * 34;

/// [`Act::of`] of every code below 1024 (a power of two: the index is a mask).
static KIND_OF: [Act; 1024] = {
    let mut t = [Act::Discard; 1024];
    let mut c = 0;
    while c < 1024 {
        t[c] = Act::ALL[(c / 34) % Act::ALL.len()];
        c += 1;
    }
    t
};

/// The letters of the suits a [`Act::Void`] names, by number.
pub const SUITS: [char; 3] = ['m', 'p', 's'];

/// An action as text, as `str(Action)` prints it: `discard 1m`, `pass`, `pao 2`, `void p`.
#[must_use]
pub fn describe(code: ActionCode) -> String {
    let act = Act::of(code);
    if act == Act::Pao {
        format!("pao {}", tile_of(code))
    } else if act == Act::Void {
        let suit = SUITS.get(tile_of(code) as usize).copied().unwrap_or('?');
        format!("void {suit}")
    } else if act.takes_tile() {
        format!(
            "{} {}",
            act.name(),
            crate::tiles::format_mpsz(&[tile_of(code)])
        )
    } else {
        act.name().to_owned()
    }
}

/// The tile of a code.
#[must_use]
pub const fn tile_of(code: ActionCode) -> u8 {
    (code % 34) as u8
}
