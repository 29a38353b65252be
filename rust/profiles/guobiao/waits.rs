//! 独听: whether the hand before the winning tile waited on that one kind only, which
//! 边张, 嵌张 and 单钓将 need. The waits are found the reference's way (its 七对 and
//! standard-shape waits; a wait it reads a second way counts once).

use super::codes::{eigen, is_suited, rank, Code, CodeTable, ALL_CODES};

/// Seven pairs' wait of 13 tiles: six pairs and a single.
fn seven_pairs_waiting(table: &CodeTable, waits: &mut CodeTable) {
    let mut pairs = 0;
    for &t in &ALL_CODES {
        match table[usize::from(t)] {
            2 | 3 => pairs += 1,
            4 => pairs += 2,
            _ => {}
        }
    }
    if pairs == 6 {
        if let Some(&t) = ALL_CODES
            .iter()
            .find(|&&t| matches!(table[usize::from(t)], 1 | 3))
        {
            waits[usize::from(t)] = 1;
        }
    }
}

/// The wait of a two-tile partial meld (a pair waits on itself; of two suited tiles, the
/// first found in code order decides).
fn partial_waiting(table: &CodeTable, waits: &mut CodeTable) {
    for &t in &ALL_CODES {
        let i = usize::from(t);
        if table[i] < 1 {
            continue;
        }
        if table[i] > 1 {
            waits[i] = 1;
            return;
        }
        if is_suited(t) {
            let r = rank(t);
            if r > 1 && table[i - 1] > 0 {
                if r < 9 {
                    waits[i + 1] = 1;
                }
                if r > 2 {
                    waits[i - 2] = 1;
                }
                return;
            }
            if r > 2 && table[i - 2] > 0 {
                waits[i - 1] = 1;
                return;
            }
        }
    }
}

/// The standard shape's waits of `count` tiles (3n + 1), melds taken in key order.
fn standard_waiting(table: &mut CodeTable, count: usize, prev: u32, waits: &mut CodeTable) {
    if count == 1 {
        if let Some(&t) = ALL_CODES.iter().find(|&&t| table[usize::from(t)] == 1) {
            waits[usize::from(t)] = 1;
        }
        return;
    }
    if count == 4 {
        for &t in &ALL_CODES {
            let i = usize::from(t);
            if table[i] < 2 {
                continue;
            }
            table[i] -= 2;
            partial_waiting(table, waits);
            table[i] += 2;
        }
    }
    for &t in &ALL_CODES {
        let i = usize::from(t);
        if table[i] < 1 {
            continue;
        }
        if table[i] > 2 {
            let e = eigen(t, t, t);
            if e > prev {
                table[i] -= 3;
                standard_waiting(table, count - 3, e, waits);
                table[i] += 3;
            }
        }
        if is_suited(t) && rank(t) < 8 && table[i + 1] > 0 && table[i + 2] > 0 {
            let e = eigen(t, t + 1, t + 2);
            if e >= prev {
                table[i] -= 1;
                table[i + 1] -= 1;
                table[i + 2] -= 1;
                standard_waiting(table, count - 3, e, waits);
                table[i] += 1;
                table[i + 1] += 1;
                table[i + 2] += 1;
            }
        }
    }
}

/// Whether the concealed tiles `standing` (the winning tile included), less `win`, waited
/// on one kind only. `count` is the number of concealed tiles without the winning tile.
#[must_use]
pub fn unique_wait(standing: &CodeTable, count: usize, win: Code) -> bool {
    let mut table = *standing;
    let w = usize::from(win);
    table[w] = table[w].wrapping_sub(1);
    let mut waits: CodeTable = [0; super::codes::TABLE];
    if count == 13 {
        seven_pairs_waiting(&table, &mut waits);
    }
    standard_waiting(&mut table, count, 0, &mut waits);
    ALL_CODES
        .iter()
        .filter(|&&t| waits[usize::from(t)] != 0)
        .count()
        == 1
}
