//! A brute-force reference for the winning shapes (docs/rules.md §4), wildcards (耗子,
//! docs/rules.md §6), winning tiles (听口) and shanten (向听), written for clarity, not speed.
//!
//! Nothing is shared with the core's algorithms (per-group tables of wildcard needs and of
//! tiles kept); this module follows `tests/support/reference/hands.py` and searches exhaustively:
//!
//! * standard shape: the lowest natural tile left must sit in some group, so try every group
//!   that contains it (its triplet, each sequence through it, each 风嘴子 run through it, and
//!   the pair while the pair is missing), filling each other tile of the group with a natural
//!   tile of its kind if one is left or with a wildcard, in every way. When no natural tile is
//!   left, the wildcards form any groups on their own: a multiple of three, plus two for a
//!   missing pair.
//! * seven pairs: the lowest natural tile pairs with another of its kind or with a wildcard;
//!   leftover wildcards pair among themselves. Four equal tiles are two pairs by this search.
//! * thirteen orphans: for each choice of the doubled orphan, the naturals must fit in the
//!   wanted multiset and the wildcards fill exactly the rest.
//! * the knitted forms (`WinForms::Knitted`): 全不靠 when every natural tile is a different
//!   kind, its suited ones within one knitted straight (147, 258, 369 in three different
//!   suits, all six written out), the wildcards filling the rest of the sixteen; 组合龙 when
//!   some straight's nine tiles come out of the hand (natural or wildcard) and the rest is
//!   the standard shape (at most one declared meld).
//! * winning tiles: each kind in play, added as one natural tile.
//! * shanten: the fewest draws that complete the hand after throwing away as many natural
//!   tiles as it takes to keep the size, each draw as good as a wildcard; minus one.
//!
//! A hand is `counts` (natural concealed tiles by kind: tiles of the wildcard kinds are not
//! counted there), `wild` (wildcards among the concealed tiles) and `melds` (declared melds,
//! each standing for three of the fourteen tiles).

use std::collections::HashMap;

use koudiandian::eval::{EvalRules, WinForms};

/// Tiles by kind, 0–33 (1–9m, 1–9p, 1–9s, 东南西北白发中).
pub type Counts = [u8; 34];
/// A set of kinds, one bit per kind.
pub type KindMask = u64;

const SUITED: usize = 27;
const WINDS: [usize; 4] = [27, 28, 29, 30];
const DRAGONS: [usize; 3] = [31, 32, 33];
/// 1m 9m 1p 9p 1s 9s and the seven honors.
pub const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// The kinds in play: 34, or the 27 suited kinds under `no_honors` (不带风).
pub fn kinds_in_play(rules: EvalRules) -> std::ops::Range<usize> {
    if rules.no_honors {
        0..SUITED
    } else {
        0..34
    }
}

/// The tiles that join `kind` in a group of three containing it, for every such group: its
/// triplet, each sequence of its suit through it, and with 风嘴子 each run of three different
/// winds through it, or 白发中.
fn partners(kind: usize, wind_runs: bool) -> Vec<[usize; 2]> {
    let mut groups = vec![[kind, kind]];
    if kind < SUITED {
        let rank = kind % 9;
        let first_of_suit = kind - rank;
        for start in 0..=6 {
            if (start..start + 3).contains(&rank) {
                let run: Vec<usize> = (start..start + 3)
                    .filter(|&r| r != rank)
                    .map(|r| first_of_suit + r)
                    .collect();
                groups.push([run[0], run[1]]);
            }
        }
    } else if wind_runs {
        let family: &[usize] = if WINDS.contains(&kind) {
            &WINDS
        } else {
            &DRAGONS
        };
        // Three different tiles of the family, one of them `kind`: any two of the others.
        let others: Vec<usize> = family.iter().copied().filter(|&k| k != kind).collect();
        for i in 0..others.len() {
            for j in i + 1..others.len() {
                groups.push([others[i], others[j]]);
            }
        }
    }
    groups
}

/// Every way to take the tiles `wanted` out of the hand, each either as a natural tile of
/// its kind (if one is left) or as a wildcard. Returns the hands left, repeats included.
fn take(counts: Counts, wild: u8, wanted: &[usize]) -> Vec<(Counts, u8)> {
    let Some((&kind, rest)) = wanted.split_first() else {
        return vec![(counts, wild)];
    };
    let mut out = Vec::new();
    if counts[kind] > 0 {
        let mut fewer = counts;
        fewer[kind] -= 1;
        out.extend(take(fewer, wild, rest));
    }
    if wild > 0 {
        out.extend(take(counts, wild - 1, rest));
    }
    out
}

fn lowest_natural(counts: &Counts) -> Option<usize> {
    counts.iter().position(|&c| c > 0)
}

/// The reference evaluator for one rule set, with a memo of standard-shape searches.
pub struct Brute {
    rules: EvalRules,
    /// Suits of the declared melds (bit 0 万, 1 筒, 2 条), for 缺一门.
    meld_suits: u8,
    standard_memo: HashMap<(Counts, u8, bool), bool>,
}

impl Brute {
    pub fn new(rules: EvalRules) -> Self {
        Brute {
            rules,
            meld_suits: 0,
            standard_memo: HashMap::new(),
        }
    }

    /// The reference for a hand whose melds hold `meld_suits` (read under `lack_a_suit`).
    pub fn with_meld_suits(mut self, meld_suits: u8) -> Self {
        self.meld_suits = meld_suits;
        self
    }

    /// Whether the naturals and wildcards split into groups of three and, if `need_pair`,
    /// exactly one pair.
    fn standard(&mut self, counts: Counts, wild: u8, need_pair: bool) -> bool {
        if let Some(&known) = self.standard_memo.get(&(counts, wild, need_pair)) {
            return known;
        }
        let answer = match lowest_natural(&counts) {
            None => u32::from(wild) % 3 == if need_pair { 2 } else { 0 },
            Some(kind) => {
                let mut rest = counts;
                rest[kind] -= 1;
                let mut options: Vec<(Vec<usize>, bool)> = partners(kind, self.rules.wind_runs)
                    .into_iter()
                    .map(|p| (p.to_vec(), need_pair))
                    .collect();
                if need_pair {
                    options.push((vec![kind], false));
                }
                options.into_iter().any(|(others, still_need_pair)| {
                    take(rest, wild, &others)
                        .into_iter()
                        .any(|(c, w)| self.standard(c, w, still_need_pair))
                })
            }
        };
        self.standard_memo.insert((counts, wild, need_pair), answer);
        answer
    }

    /// Whether the hand splits into pairs of equal kinds.
    fn seven_pairs(counts: Counts, wild: u8) -> bool {
        match lowest_natural(&counts) {
            None => wild % 2 == 0,
            Some(kind) => {
                let mut rest = counts;
                rest[kind] -= 1;
                take(rest, wild, &[kind])
                    .into_iter()
                    .any(|(c, w)| Self::seven_pairs(c, w))
            }
        }
    }

    /// One of each orphan and one more of one of them, wildcards filling what is missing.
    fn thirteen_orphans(counts: &Counts, wild: u8) -> bool {
        ORPHANS.iter().any(|&doubled| {
            let mut wanted = [0u8; 34];
            for k in ORPHANS {
                wanted[k] = 1;
            }
            wanted[doubled] = 2;
            let fits = (0..34).all(|k| counts[k] <= wanted[k]);
            let missing: u32 = (0..34)
                .map(|k| u32::from(wanted[k] - counts[k].min(wanted[k])))
                .sum();
            fits && missing == u32::from(wild)
        })
    }

    /// Whether a hand of `14 − 3·melds` concealed tiles wins (docs/rules.md §4, §6).
    ///
    /// # Panics
    /// If the hand has another size.
    pub fn is_win(&mut self, counts: &Counts, wild: u8, melds: u8) -> bool {
        let size: u32 = counts.iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(wild);
        assert_eq!(size, 14 - 3 * u32::from(melds), "not a complete-size hand");
        // 缺一门: the natural tiles and the melds must leave out a suit (a wildcard can
        // always stand for a tile of a suit already held).
        let suits = (0..3)
            .filter(|s| counts[9 * s..9 * s + 9].iter().any(|&c| c > 0))
            .fold(self.meld_suits, |m, s| m | 1 << s);
        if self.rules.forms == WinForms::LackingASuit && suits == 0b111 {
            return false;
        }
        if self.standard(*counts, wild, true) {
            return true;
        }
        // Seven pairs and thirteen orphans: concealed hands only; orphans need the honors.
        if melds == 0
            && (Self::seven_pairs(*counts, wild)
                || (!self.rules.no_honors && Self::thirteen_orphans(counts, wild)))
        {
            return true;
        }
        self.rules.forms == WinForms::Knitted
            && (melds == 0 && Self::honors_and_knitted(counts)
                || melds <= 1 && self.knitted_straight(counts, wild))
    }

    /// The six knitted straights: suit `s` (万 筒 条) takes ranks `first[s]`, +3, +6.
    fn knitted_straights() -> Vec<[usize; 9]> {
        let firsts = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        firsts
            .iter()
            .map(|first| {
                let mut out = [0; 9];
                for s in 0..3 {
                    for i in 0..3 {
                        out[3 * s + i] = 9 * s + first[s] + 3 * i;
                    }
                }
                out
            })
            .collect()
    }

    /// 全不靠: every natural tile a different kind, the suited ones in one knitted straight
    /// (wildcards fill the other places of the straight and the seven honors).
    fn honors_and_knitted(counts: &Counts) -> bool {
        counts.iter().all(|&c| c <= 1)
            && Self::knitted_straights()
                .iter()
                .any(|straight| (0..SUITED).all(|k| counts[k] == 0 || straight.contains(&k)))
    }

    /// 组合龙: a straight's nine tiles taken out, the rest one meld and a pair (or a pair).
    fn knitted_straight(&mut self, counts: &Counts, wild: u8) -> bool {
        Self::knitted_straights().iter().any(|straight| {
            take(*counts, wild, straight)
                .into_iter()
                .any(|(c, w)| self.standard(c, w, true))
        })
    }

    /// The winning tiles (听口) of a waiting hand of `13 − 3·melds` concealed tiles: the
    /// kinds in play, not a wildcard kind and not held four times by the seat (`held`:
    /// concealed tiles, wildcards included, plus melds), that complete it as a natural tile.
    pub fn winning_tiles(
        &mut self,
        counts: &Counts,
        wild: u8,
        melds: u8,
        held: &Counts,
        wildcards: KindMask,
    ) -> KindMask {
        let mut out = 0;
        for kind in kinds_in_play(self.rules) {
            if wildcards >> kind & 1 == 1 || held[kind] >= 4 {
                continue;
            }
            let mut with = *counts;
            with[kind] += 1;
            if self.is_win(&with, wild, melds) {
                out |= 1 << kind;
            }
        }
        out
    }

    /// Shanten by its definition: the fewest draws `d` that complete the hand once `r`
    /// natural tiles are thrown away (`r = d` for a `14 − 3·melds` hand, `d − 1` for a
    /// `13 − 3·melds` one), each draw standing for any tile (as a wildcard does); minus one.
    /// `None` when more than `max_draws` draws are needed.
    ///
    /// # Panics
    /// If the hand is neither size.
    pub fn shanten(&mut self, counts: &Counts, wild: u8, melds: u8, max_draws: u8) -> Option<i32> {
        let size: u32 = counts.iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(wild);
        let complete = 14 - 3 * u32::from(melds);
        assert!(
            size == complete || size + 1 == complete,
            "hand of {size} tiles"
        );
        for draws in 0..=max_draws {
            let Some(thrown) = (size + u32::from(draws)).checked_sub(complete) else {
                continue;
            };
            for rest in throw_away(*counts, thrown as u8, 0) {
                if self.is_win(&rest, wild + draws, melds) {
                    return Some(i32::from(draws) - 1);
                }
            }
        }
        None
    }
}

/// Every hand left by throwing away `n` natural tiles of kinds `from..`, each multiset once.
fn throw_away(counts: Counts, n: u8, from: usize) -> Vec<Counts> {
    if n == 0 {
        return vec![counts];
    }
    let mut out = Vec::new();
    for kind in from..34 {
        if counts[kind] > 0 {
            let mut fewer = counts;
            fewer[kind] -= 1;
            out.extend(throw_away(fewer, n - 1, kind));
        }
    }
    out
}
