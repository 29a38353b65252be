//! The fan table of Sichuan 血战到底 (RULES-sichuan, "Winning and fans"): the pattern of a
//! won hand's best reading and its 根, and the best value of a ready hand for 查大叫.
//!
//! A reading is one way to read the hand: a standard split (four melds and a pair, the
//! declared melds among them) or seven pairs. Of the standard splits only three matter to the
//! table, since everything else it reads (suits, ranks, 根) belongs to the tiles, not the
//! split: any split at all, the split into triplets (unique when it exists), and the split
//! whose every group holds a 1 or a 9 (unique when it exists).

use crate::eval::rules::EvalRules;
use crate::eval::shape::is_standard;
use crate::hand::{add_meld, Meld, MeldKind};
use crate::tiles::{four_kinds, odd_kinds, Counts, FIRST_HONOR};

/// A pattern of the table: a win scores one, the highest its reading satisfies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// 平胡: any win.
    Plain,
    /// 对对胡: every meld a triplet or kong.
    AllPongs,
    /// 清一色: one suit.
    OneSuit,
    /// 七对: seven pairs, no declared meld.
    SevenPairs,
    /// 金钩钓: 对对胡 whose four melds are all declared (the concealed tiles are the pair).
    GoldenHook,
    /// 带幺九: standard shape, every meld and the pair hold a 1 or a 9.
    Terminals,
    /// 清对: 清一色 对对胡.
    OneSuitPongs,
    /// 将对: 对对胡, every tile a 2, 5 or 8.
    PurePongs,
    /// 龙七对: 七对 with four equal tiles.
    DragonSevenPairs,
    /// 清七对: 清一色 七对.
    OneSuitSevenPairs,
    /// 清金钩钓: 清一色 金钩钓.
    OneSuitGoldenHook,
    /// 清幺九: 清一色 带幺九.
    OneSuitTerminals,
    /// 将金钩钓: 金钩钓, every tile a 2, 5 or 8.
    PureGoldenHook,
    /// 清龙七对: 清一色 龙七对.
    OneSuitDragonSevenPairs,
}

/// What a reading shows, one bit each; a pattern asks for a set of them ([`Pattern::needs`]).
mod fact {
    /// Seven pairs (no declared meld).
    pub const SEVEN_PAIRS: u8 = 1;
    /// Standard shape, every meld a triplet or kong.
    pub const PONGS: u8 = 2;
    /// [`PONGS`] with all four melds declared.
    pub const HOOK: u8 = 4;
    /// Standard shape, every meld and the pair holding a 1 or a 9.
    pub const TERMINALS: u8 = 8;
    /// Every tile of one suit.
    pub const ONE_SUIT: u8 = 16;
    /// Every tile a 2, 5 or 8.
    pub const ONLY_258: u8 = 32;
    /// Seven pairs with four equal tiles among them.
    pub const FOUR_EQUAL: u8 = 64;
}

impl Pattern {
    /// Every pattern, by fans (the order that breaks ties between equal fans).
    pub const ALL: [Pattern; 14] = [
        Pattern::Plain,
        Pattern::AllPongs,
        Pattern::OneSuit,
        Pattern::SevenPairs,
        Pattern::GoldenHook,
        Pattern::Terminals,
        Pattern::OneSuitPongs,
        Pattern::PurePongs,
        Pattern::DragonSevenPairs,
        Pattern::OneSuitSevenPairs,
        Pattern::OneSuitGoldenHook,
        Pattern::OneSuitTerminals,
        Pattern::PureGoldenHook,
        Pattern::OneSuitDragonSevenPairs,
    ];

    /// The pattern's fans (番), 根 not included.
    #[must_use]
    pub const fn fans(self) -> u8 {
        match self {
            Pattern::Plain => 0,
            Pattern::AllPongs => 1,
            Pattern::OneSuit | Pattern::SevenPairs | Pattern::GoldenHook | Pattern::Terminals => 2,
            Pattern::OneSuitPongs | Pattern::PurePongs => 3,
            Pattern::DragonSevenPairs
            | Pattern::OneSuitSevenPairs
            | Pattern::OneSuitGoldenHook
            | Pattern::OneSuitTerminals
            | Pattern::PureGoldenHook => 4,
            Pattern::OneSuitDragonSevenPairs => 5,
        }
    }

    /// The English snake_case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Pattern::Plain => "plain",
            Pattern::AllPongs => "all_pongs",
            Pattern::OneSuit => "one_suit",
            Pattern::SevenPairs => "seven_pairs",
            Pattern::GoldenHook => "golden_hook",
            Pattern::Terminals => "terminals",
            Pattern::OneSuitPongs => "one_suit_pongs",
            Pattern::PurePongs => "pure_pongs",
            Pattern::DragonSevenPairs => "dragon_seven_pairs",
            Pattern::OneSuitSevenPairs => "one_suit_seven_pairs",
            Pattern::OneSuitGoldenHook => "one_suit_golden_hook",
            Pattern::OneSuitTerminals => "one_suit_terminals",
            Pattern::PureGoldenHook => "pure_golden_hook",
            Pattern::OneSuitDragonSevenPairs => "one_suit_dragon_seven_pairs",
        }
    }

    /// The Chinese name.
    #[must_use]
    pub const fn chinese(self) -> &'static str {
        match self {
            Pattern::Plain => "平胡",
            Pattern::AllPongs => "对对胡",
            Pattern::OneSuit => "清一色",
            Pattern::SevenPairs => "七对",
            Pattern::GoldenHook => "金钩钓",
            Pattern::Terminals => "带幺九",
            Pattern::OneSuitPongs => "清对",
            Pattern::PurePongs => "将对",
            Pattern::DragonSevenPairs => "龙七对",
            Pattern::OneSuitSevenPairs => "清七对",
            Pattern::OneSuitGoldenHook => "清金钩钓",
            Pattern::OneSuitTerminals => "清幺九",
            Pattern::PureGoldenHook => "将金钩钓",
            Pattern::OneSuitDragonSevenPairs => "清龙七对",
        }
    }

    /// The facts a reading must show to satisfy the pattern (the table, row by row).
    const fn needs(self) -> u8 {
        use fact::{FOUR_EQUAL, HOOK, ONE_SUIT, ONLY_258, PONGS, SEVEN_PAIRS, TERMINALS};
        match self {
            Pattern::Plain => 0,
            Pattern::AllPongs => PONGS,
            Pattern::OneSuit => ONE_SUIT,
            Pattern::SevenPairs => SEVEN_PAIRS,
            Pattern::GoldenHook => HOOK,
            Pattern::Terminals => TERMINALS,
            Pattern::OneSuitPongs => ONE_SUIT | PONGS,
            Pattern::PurePongs => ONLY_258 | PONGS,
            Pattern::DragonSevenPairs => SEVEN_PAIRS | FOUR_EQUAL,
            Pattern::OneSuitSevenPairs => ONE_SUIT | SEVEN_PAIRS,
            Pattern::OneSuitGoldenHook => ONE_SUIT | HOOK,
            Pattern::OneSuitTerminals => ONE_SUIT | TERMINALS,
            Pattern::PureGoldenHook => ONLY_258 | HOOK,
            Pattern::OneSuitDragonSevenPairs => ONE_SUIT | SEVEN_PAIRS | FOUR_EQUAL,
        }
    }

    /// Whether the first of four equal tiles is part of the pattern (龙), not a 根.
    const fn has_dragon(self) -> bool {
        matches!(
            self,
            Pattern::DragonSevenPairs | Pattern::OneSuitDragonSevenPairs
        )
    }

    /// The highest pattern a reading showing `facts` satisfies; of equal fans, the first in
    /// [`Pattern::ALL`].
    fn highest(facts: u8) -> Pattern {
        let mut best = Pattern::Plain;
        for p in Pattern::ALL {
            if p.needs() & !facts == 0 && p.fans() > best.fans() {
                best = p;
            }
        }
        best
    }
}

/// A scoring reading: its pattern and its 根 (roots).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub pattern: Pattern,
    pub roots: u8,
}

impl Reading {
    /// Pattern fans + 根.
    #[must_use]
    pub const fn fans(self) -> u8 {
        self.pattern.fans() + self.roots
    }

    /// Whether it beats `other`: more fans, or as many and a pattern earlier in
    /// [`Pattern::ALL`] (so the choice among equal readings does not depend on their order).
    fn beats(self, other: Reading) -> bool {
        self.fans() > other.fans()
            || (self.fans() == other.fans() && (self.pattern as u8) < (other.pattern as u8))
    }
}

/// Rank 0–8 (a 1 to a 9) of a suited kind.
const fn rank(k: usize) -> usize {
    k % 9
}

/// Whether a declared meld holds a 1 or a 9.
const fn meld_has_terminal(m: Meld) -> bool {
    let r = rank(m.tile as usize);
    match m.kind {
        MeldKind::Chow => r == 0 || r == 6,
        _ => r == 0 || r == 8,
    }
}

/// Whether the concealed tiles split into triplets and one pair (each kind held 0, 2 or 3
/// times, exactly one of them twice).
fn triplets_split(concealed: &Counts) -> bool {
    let mut pairs = 0;
    for &c in &concealed[..FIRST_HONOR] {
        match c {
            0 | 3 => {}
            2 => pairs += 1,
            _ => return false,
        }
    }
    pairs == 1
}

/// Whether the concealed tiles split into groups that each hold a 1 or a 9 (and one pair).
/// Such a split is unique: a 2 or a 3 can only be in a 123, a 7 or an 8 only in a 789, what is
/// left of the 1s and of the 9s is a triplet, the pair or nothing.
fn terminals_split(concealed: &Counts) -> bool {
    let mut pairs = 0;
    for s in 0..3 {
        let c = &concealed[s * 9..s * 9 + 9];
        if c[3..6].iter().any(|&n| n > 0) || c[1] != c[2] || c[6] != c[7] {
            return false;
        }
        for (ends, runs) in [(c[0], c[1]), (c[8], c[7])] {
            match ends.checked_sub(runs) {
                Some(0 | 3) => {}
                Some(2) => pairs += 1,
                _ => return false,
            }
        }
    }
    pairs == 1
}

/// What every reading of the whole hand (`all`: concealed and declared tiles) shows alike:
/// one suit, only 2/5/8.
fn tile_facts(all: &Counts) -> u8 {
    let suits = (0..3)
        .filter(|s| all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
        .count();
    let only_258 = all[..FIRST_HONOR]
        .iter()
        .enumerate()
        .all(|(k, &c)| c == 0 || rank(k) % 3 == 1);
    let mut facts = 0;
    if suits == 1 {
        facts |= fact::ONE_SUIT;
    }
    if only_258 {
        facts |= fact::ONLY_258;
    }
    facts
}

/// The reading with the most fans (pattern + 根) of a complete hand: `concealed` is the
/// seat's concealed tiles with the winning tile added, `melds` its declared melds (pongs,
/// kongs of any kind). `None` if it is not a win: neither the standard shape (four melds and a
/// pair, the declared ones counted) nor seven pairs with no declared meld (four equal tiles
/// are two pairs). Of readings with equal fans, the one whose pattern comes first in
/// [`Pattern::ALL`].
///
/// Precondition: only kinds 0–26 held; counts ≤ 4 (declared melds included). Anything else,
/// or a number of tiles other than 14 − 3 × melds, gives `None`.
#[must_use]
pub fn best_reading(concealed: &Counts, melds: &[Meld]) -> Option<Reading> {
    let declared = melds.len();
    let held: usize = concealed.iter().map(|&c| c as usize).sum();
    if declared > 4
        || held + 3 * declared != 14
        || concealed[FIRST_HONOR..].iter().any(|&c| c > 0)
        || melds.iter().any(|m| m.tile as usize >= FIRST_HONOR)
    {
        return None;
    }
    let mut all = *concealed;
    for m in melds {
        add_meld(&mut all, m.kind, m.tile);
    }
    let quads = four_kinds(&all).count_ones() as u8;
    let common = tile_facts(&all);
    let mut best: Option<Reading> = None;
    let mut consider = |facts: u8| {
        let pattern = Pattern::highest(common | facts);
        let roots = quads - u8::from(pattern.has_dragon());
        let reading = Reading { pattern, roots };
        if best.is_none_or(|b| reading.beats(b)) {
            best = Some(reading);
        }
    };
    if declared == 0 && odd_kinds(concealed) == 0 {
        let four = concealed.contains(&4);
        consider(fact::SEVEN_PAIRS | if four { fact::FOUR_EQUAL } else { 0 });
    }
    if is_standard(concealed, 0, EvalRules::default()) {
        consider(0);
        let declared_pongs = melds.iter().all(|m| m.kind != MeldKind::Chow);
        // 对对胡, and 金钩钓 when the concealed tiles are the pair only.
        let triplets = |yes: bool| match (yes, declared) {
            (false, _) => 0,
            (true, 4) => fact::PONGS | fact::HOOK,
            (true, _) => fact::PONGS,
        };
        if declared_pongs && triplets_split(concealed) {
            consider(triplets(true));
        }
        // No pattern asks for 带幺九 and triplets together: whether this split has runs (or is
        // the triplets split again) does not matter.
        if melds.iter().all(|&m| meld_has_terminal(m)) && terminals_split(concealed) {
            consider(fact::TERMINALS);
        }
    }
    best
}

/// For 查大叫: the most pattern + 根 fans over the hand's winning tiles, or `None` if it is
/// not ready. `concealed` holds 13 − 3 × melds tiles; a winning tile is a kind outside `void`
/// (a suit: 0 m, 1 p, 2 s) of which the seat holds fewer than four counting its melds; 根
/// counts a fourth copy the winning tile supplies. A hand holding a tile of its void suit
/// (concealed or declared) is never ready. Uncapped (the caller caps).
///
/// Precondition: as [`best_reading`]'s; `void` below 3.
#[must_use]
pub fn best_ready_fans(concealed: &Counts, melds: &[Meld], void: Option<u8>) -> Option<u8> {
    let mut held = *concealed;
    for m in melds {
        add_meld(&mut held, m.kind, m.tile);
    }
    let void = void.map(|s| s as usize);
    if let Some(s) = void {
        if held[s * 9..s * 9 + 9].iter().any(|&c| c > 0) {
            return None;
        }
    }
    let mut hand = *concealed;
    let mut best: Option<u8> = None;
    for k in 0..FIRST_HONOR {
        if void == Some(k / 9) || held[k] >= 4 || !near_concealed(concealed, k) {
            continue;
        }
        hand[k] += 1;
        if let Some(r) = best_reading(&hand, melds) {
            best = best.max(Some(r.fans()));
        }
        hand[k] -= 1;
    }
    best
}

/// Whether `k` or a kind next to it in its suit is concealed: a winning tile always completes
/// a group with concealed tiles, and every group holding `k` and another tile holds `k`, the
/// kind below it or the kind above it.
fn near_concealed(concealed: &Counts, k: usize) -> bool {
    let base = k - rank(k);
    let lo = k.saturating_sub(1).max(base);
    let hi = (k + 1).min(base + 8);
    concealed[lo..=hi].iter().any(|&c| c > 0)
}
