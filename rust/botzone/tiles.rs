//! Botzone's tile names: `W1`–`W9` characters (万), `B1`–`B9` dots (筒), `T1`–`T9` bamboo
//! (条), `F1`–`F4` the winds 东南西北, `J1`–`J3` the dragons 中发白 (J1 red), `H1`–`H8` the
//! flowers, each mapped to the engine's tile number (kinds 0–33, flowers 34–41).

use crate::tiles::{FIRST_FLOWER, FLOWERS};

/// Every name, by engine tile number (0–41).
const NAMES: [&str; 42] = [
    "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", //
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", //
    "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", //
    "F1", "F2", "F3", "F4", "J3", "J2", "J1", //
    "H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8",
];

/// The name of the engine's tile `tile`. Precondition: `tile < 42`.
#[must_use]
pub fn name(tile: u8) -> &'static str {
    NAMES[tile as usize]
}

/// The engine's tile named `text` exactly (`"W1"`, `"J1"`, `"H8"`); `None` for any other
/// text (`"W0"`, `"w1"`, `" W1"`, `""`).
#[must_use]
pub fn parse(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !b[1].is_ascii_digit() {
        return None;
    }
    let d = b[1] - b'0';
    let (base, top) = match b[0] {
        b'W' => (0, 9),
        b'B' => (9, 9),
        b'T' => (18, 9),
        b'F' => (27, 4),
        b'J' => return (1..=3).contains(&d).then(|| 34 - d),
        b'H' => (FIRST_FLOWER, FLOWERS),
        _ => return None,
    };
    (1..=top).contains(&d).then(|| base + d - 1)
}

/// The suit letter of a suited name's tile (`W`, `B` or `T`), its rank 1–9: `None` for
/// honors and flowers.
#[must_use]
pub fn suited(tile: u8) -> Option<(u8, u8)> {
    (tile < 27).then(|| (tile / 9, tile % 9 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_tile() {
        for t in 0..42u8 {
            assert_eq!(parse(name(t)), Some(t), "tile {t} named {}", name(t));
        }
    }

    #[test]
    fn the_dragons_are_red_green_white() {
        // J1 中 (7z, 33), J2 发 (6z, 32), J3 白 (5z, 31).
        assert_eq!(parse("J1"), Some(33));
        assert_eq!(parse("J2"), Some(32));
        assert_eq!(parse("J3"), Some(31));
        assert_eq!(parse("F1"), Some(27));
    }

    #[test]
    fn other_text_names_no_tile() {
        for bad in [
            "", "W", "W0", "W10", "F5", "J4", "J0", "H9", "H0", "w1", " W1", "X1", "PASS",
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}
