//! PLACEHOLDER (replaced by the fans helper's module at merge).

use crate::hand::Meld;
use crate::tiles::Counts;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pattern {
    Plain,
}

impl Pattern {
    pub fn fans(self) -> u8 {
        0
    }
    pub fn name(self) -> &'static str {
        "plain"
    }
    pub fn chinese(self) -> &'static str {
        "平胡"
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub pattern: Pattern,
    pub roots: u8,
}

impl Reading {
    pub fn fans(self) -> u8 {
        self.pattern.fans() + self.roots
    }
}

fn groups(c: &mut Counts, need: usize) -> bool {
    let Some(k) = (0..27).find(|&k| c[k] > 0) else {
        return need == 0;
    };
    if need == 0 {
        return false;
    }
    if c[k] >= 3 {
        c[k] -= 3;
        let ok = groups(c, need - 1);
        c[k] += 3;
        if ok {
            return true;
        }
    }
    if k % 9 <= 6 && c[k + 1] > 0 && c[k + 2] > 0 {
        c[k] -= 1;
        c[k + 1] -= 1;
        c[k + 2] -= 1;
        let ok = groups(c, need - 1);
        c[k] += 1;
        c[k + 1] += 1;
        c[k + 2] += 1;
        return ok;
    }
    false
}

pub fn best_reading(concealed: &Counts, melds: &[Meld]) -> Option<Reading> {
    let mut all = *concealed;
    for m in melds {
        all[m.tile as usize] += if m.kind.is_kong() { 4 } else { 3 };
    }
    let roots = all.iter().filter(|&&n| n == 4).count() as u8;
    let need = 4 - melds.len();
    let mut c = *concealed;
    for p in 0..27 {
        if c[p] >= 2 {
            c[p] -= 2;
            let ok = groups(&mut c, need);
            c[p] += 2;
            if ok {
                return Some(Reading {
                    pattern: Pattern::Plain,
                    roots,
                });
            }
        }
    }
    None
}

pub fn best_ready_fans(concealed: &Counts, melds: &[Meld], void: Option<u8>) -> Option<u8> {
    let mut best = None;
    for k in 0..27u8 {
        if void == Some(k / 9) {
            continue;
        }
        let mut c = *concealed;
        c[k as usize] += 1;
        if let Some(r) = best_reading(&c, melds) {
            best = best.max(Some(r.fans()));
        }
    }
    best
}
