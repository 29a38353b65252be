//! The readings (划分) of a complete standard hand: its declared melds and every way the
//! concealed tiles split into melds and one pair. Each reading is met once: melds are taken
//! in a non-decreasing order of their [`eigen`] key, and readings that differ only by the
//! order of their concealed melds are kept once, in the order they are first met (the
//! reference's order, which decides between readings of equal value).

use super::codes::{eigen, is_suited, pack, rank, CodeTable, Pack, ALL_CODES, CHOW, PAIR, PUNG};

/// The most readings a hand can have (far more than any hand reaches).
pub const MAX_READINGS: usize = 20;

/// One reading: four melds (the declared ones first) and the pair last.
pub type Reading = [Pack; 5];

/// The readings of a hand.
#[derive(Debug, Clone)]
pub struct Readings {
    pub items: [Reading; MAX_READINGS],
    pub len: usize,
}

impl Readings {
    #[must_use]
    pub fn new() -> Self {
        Readings {
            items: [[0; 5]; MAX_READINGS],
            len: 0,
        }
    }

    /// The readings found, in order.
    #[must_use]
    pub fn as_slice(&self) -> &[Reading] {
        &self.items[..self.len]
    }

    fn add(&mut self, fixed: usize, work: &Reading) {
        let mut r = *work;
        if fixed < 4 {
            r[fixed..4].sort_unstable();
        }
        let known = self.as_slice().iter().any(|o| o[fixed..4] == r[fixed..4]);
        if !known && self.len < MAX_READINGS {
            self.items[self.len] = r;
            self.len += 1;
        }
    }
}

impl Default for Readings {
    fn default() -> Self {
        Self::new()
    }
}

/// The last step: the tiles left must be one pair.
fn tail(table: &mut CodeTable, fixed: usize, work: &mut Reading, out: &mut Readings) -> bool {
    for &t in &ALL_CODES {
        let t = usize::from(t);
        if table[t] < 2 {
            continue;
        }
        table[t] -= 2;
        let empty = table.iter().all(|&n| n == 0);
        table[t] += 2;
        if empty {
            work[4] = pack(0, PAIR, t as u8);
            out.add(fixed, work);
            return true;
        }
    }
    false
}

/// Split `table` into the melds `work[fixed + step..4]` and a pair, each meld's key not below
/// `prev`; the readings found go to `out`. Whether any was found.
pub fn split(
    table: &mut CodeTable,
    fixed: usize,
    step: usize,
    prev: u32,
    work: &mut Reading,
    out: &mut Readings,
) -> bool {
    let idx = step + fixed;
    if idx == 4 {
        return tail(table, fixed, work, out);
    }
    let mut found = false;
    for &t in &ALL_CODES {
        let i = usize::from(t);
        if table[i] < 1 {
            continue;
        }
        if table[i] > 2 {
            let e = eigen(t, t, t);
            if e > prev {
                work[idx] = pack(0, PUNG, t);
                table[i] -= 3;
                found |= split(table, fixed, step + 1, e, work, out);
                table[i] += 3;
            }
        }
        if is_suited(t) && rank(t) < 8 && table[i + 1] > 0 && table[i + 2] > 0 {
            let e = eigen(t, t + 1, t + 2);
            if e >= prev {
                work[idx] = pack(0, CHOW, t + 1);
                table[i] -= 1;
                table[i + 1] -= 1;
                table[i + 2] -= 1;
                found |= split(table, fixed, step + 1, e, work, out);
                table[i] += 1;
                table[i + 1] += 1;
                table[i + 2] += 1;
            }
        }
    }
    found
}

/// Whether some kind is held twice or more.
#[must_use]
pub fn has_pair(table: &CodeTable) -> bool {
    ALL_CODES.iter().any(|&t| table[usize::from(t)] > 1)
}

/// The readings of the concealed tiles `standing` (the winning tile included) with the
/// declared melds `fixed` first. Empty when the hand has no standard reading.
#[must_use]
pub fn readings(standing: &CodeTable, fixed: &[Pack]) -> Readings {
    let mut out = Readings::new();
    if !has_pair(standing) {
        return out;
    }
    let mut table = *standing;
    let mut work: Reading = [0; 5];
    work[..fixed.len()].copy_from_slice(fixed);
    split(&mut table, fixed.len(), 0, 0, &mut work, &mut out);
    out
}
