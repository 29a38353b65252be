//! The tile and meld codes the fan calculator works in: the reference's (PyMahjongGB's)
//! byte per tile, suit in the high nibble (1 万, 2 条, 3 饼, 4 honors) and rank in the low one
//! (honors 1–7: 东南西北中发白), so that "the next tile of the suit" is `t + 1` and tiles of
//! the three suits never touch; and a meld (pack) as `offer << 12 | type << 8 | tile`, the
//! middle tile for a chow. Working in the reference's order makes its choices between equal
//! readings (which come first) ours too.

/// A tile code (see the module doc).
pub type Code = u8;

/// Tile counts indexed by [`Code`] (room for `t + 2` past the last honor).
pub type CodeTable = [u8; TABLE];

/// Size of a [`CodeTable`].
pub const TABLE: usize = 0x4A;

/// Every tile code, in the reference's order (万, 条, 饼, 东南西北中发白).
pub const ALL_CODES: [Code; 34] = [
    0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, //
    0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, //
    0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, //
    0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
];

pub const EAST: Code = 0x41;
pub const SOUTH: Code = 0x42;
pub const WEST: Code = 0x43;
pub const NORTH: Code = 0x44;
pub const RED: Code = 0x45;
pub const GREEN: Code = 0x46;
pub const WHITE: Code = 0x47;

/// The code of a project kind (0–8 万, 9–17 筒 = 饼, 18–26 条, 27–30 东南西北, 31 白,
/// 32 发, 33 中). Precondition: `kind < 34`.
#[must_use]
pub const fn code_of(kind: u8) -> Code {
    match kind {
        0..=8 => 0x11 + kind,
        9..=17 => 0x31 + (kind - 9),
        18..=26 => 0x21 + (kind - 18),
        27..=30 => 0x41 + (kind - 27),
        31 => WHITE,
        32 => GREEN,
        _ => RED,
    }
}

#[must_use]
pub const fn suit(t: Code) -> u8 {
    t >> 4
}

#[must_use]
pub const fn rank(t: Code) -> u8 {
    t & 0xF
}

#[must_use]
pub const fn make(suit: u8, rank: u8) -> Code {
    suit << 4 | rank
}

/// A suited tile (万, 条 or 饼).
#[must_use]
pub const fn is_suited(t: Code) -> bool {
    t & 0xC0 == 0
}

/// 1 or 9 of a suit.
#[must_use]
pub const fn is_terminal(t: Code) -> bool {
    is_suited(t) && (rank(t) == 1 || rank(t) == 9)
}

#[must_use]
pub const fn is_wind(t: Code) -> bool {
    t >= EAST && t <= NORTH
}

#[must_use]
pub const fn is_dragon(t: Code) -> bool {
    t >= RED && t <= WHITE
}

#[must_use]
pub const fn is_honor(t: Code) -> bool {
    t >= EAST && t <= WHITE
}

#[must_use]
pub const fn is_terminal_or_honor(t: Code) -> bool {
    is_terminal(t) || is_honor(t)
}

/// A tile of 绿一色: 2, 3, 4, 6, 8 条 and 发.
#[must_use]
pub const fn is_green(t: Code) -> bool {
    matches!(t, 0x22 | 0x23 | 0x24 | 0x26 | 0x28 | GREEN)
}

/// A tile of 推不倒 (the tiles that look the same upside down): 2, 4, 5, 6, 8, 9 条,
/// 1, 2, 3, 4, 5, 8, 9 饼 and 白.
#[must_use]
pub const fn is_reversible(t: Code) -> bool {
    matches!(
        t,
        0x22 | 0x24
            | 0x25
            | 0x26
            | 0x28
            | 0x29
            | 0x31
            | 0x32
            | 0x33
            | 0x34
            | 0x35
            | 0x38
            | 0x39
            | WHITE
    )
}

/// Same suit (honors are one suit here).
#[must_use]
pub const fn same_suit(a: Code, b: Code) -> bool {
    a & 0xF0 == b & 0xF0
}

/// Same rank, both suited.
#[must_use]
pub const fn same_rank_suited(a: Code, b: Code) -> bool {
    a & 0xCF == b & 0xCF
}

/// The 十三幺 tiles, in code order.
pub const ORPHANS: [Code; 13] = [
    0x11, 0x19, 0x21, 0x29, 0x31, 0x39, EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE,
];

/// The six knitted straights (组合龙): 147, 258, 369 in three different suits, each in code
/// order.
pub const KNITTED: [[Code; 9]; 6] = [
    [0x11, 0x14, 0x17, 0x22, 0x25, 0x28, 0x33, 0x36, 0x39],
    [0x11, 0x14, 0x17, 0x23, 0x26, 0x29, 0x32, 0x35, 0x38],
    [0x12, 0x15, 0x18, 0x21, 0x24, 0x27, 0x33, 0x36, 0x39],
    [0x12, 0x15, 0x18, 0x23, 0x26, 0x29, 0x31, 0x34, 0x37],
    [0x13, 0x16, 0x19, 0x21, 0x24, 0x27, 0x32, 0x35, 0x38],
    [0x13, 0x16, 0x19, 0x22, 0x25, 0x28, 0x31, 0x34, 0x37],
];

/// A meld or the pair of a reading: `offer << 12 | kind << 8 | tile` (the middle tile of a
/// chow). Ordered as the reference orders them (chows before pungs, then by tile).
pub type Pack = u16;

pub const CHOW: u8 = 1;
pub const PUNG: u8 = 2;
pub const KONG: u8 = 3;
pub const PAIR: u8 = 4;

#[must_use]
pub const fn pack(offer: u8, kind: u8, tile: Code) -> Pack {
    (offer as u16) << 12 | (kind as u16) << 8 | tile as u16
}

/// Claimed from another seat (a concealed kong and the hand's own melds have offer 0).
#[must_use]
pub const fn is_melded(p: Pack) -> bool {
    p & 0x3000 != 0
}

#[must_use]
pub const fn kind(p: Pack) -> u8 {
    (p >> 8 & 0xF) as u8
}

#[must_use]
pub const fn tile(p: Pack) -> Code {
    (p & 0xFF) as u8
}

/// The order key of a meld while the hand is split (three tiles), so each split is met once.
#[must_use]
pub const fn eigen(a: Code, b: Code, c: Code) -> u32 {
    (a as u32) << 16 | (b as u32) << 8 | c as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_kinds() {
        let codes: Vec<Code> = (0..34).map(code_of).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ALL_CODES.to_vec(), "a bijection onto the codes");
        assert_eq!(code_of(9), 0x31, "1p is the first 饼");
        assert_eq!(code_of(18), 0x21, "1s is the first 条");
        assert_eq!(code_of(32), GREEN);
        assert!(ORPHANS.iter().all(|&t| is_terminal_or_honor(t)));
        assert_eq!(ALL_CODES.iter().filter(|&&t| is_green(t)).count(), 6);
        assert_eq!(ALL_CODES.iter().filter(|&&t| is_reversible(t)).count(), 14);
    }
}
