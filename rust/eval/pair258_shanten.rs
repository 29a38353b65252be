//! Shanten under 二五八将 (`pair258.rs`), of a hand and after each discard or draw in one
//! pass. A hand's `keep` (the most concealed tiles some winning hand keeps, as in
//! `shanten.rs`) is the best of the forms': the 小胡 shape (the standard shape whose pair is
//! a 2-5-8 kind, held or drawn), 碰碰胡, 清一色, 七小对 and 将将胡. Each form's keep is a
//! function of the groups' keys (the 小胡 shape's and 清一色's) or of a few tallies, so a
//! tile removed or added changes one group's row and a tally or two: the other groups are
//! joined once (prefix and suffix joins, `totals.rs`), then each kind costs one join.

use crate::eval::pair258::{MeldInfo, KINDS_258};
use crate::eval::shanten::{self, NEVER};
use crate::eval::shape::Keys;
use crate::eval::tables::POW5;
use crate::eval::totals::{Against, Keep, Totals};
use crate::hand::Hand;
use crate::tiles::{
    each_kind, four_kinds, held_kinds, odd_kinds, pair_kinds, Counts, KindMask, FIRST_HONOR, KINDS,
    SUITED_KINDS,
};

/// The ranks 2, 5 and 8 in a suit (0-based).
const RANKS_258: [usize; 3] = [1, 4, 7];

/// The keep row of group `g` at `key` for the 小胡 shape, and the suit's own row (`g < 3`;
/// the honors' for `g = 3`): the melds' entries as the group's, the pair's the best of a
/// pair drawn (no tile) and a pair of a 2-5-8 kind of the group (its pair kept, or its one
/// tile), the rest of the group in the melds.
///
/// Precondition: `key` is a key of group `g` whose table entry is built, `ranks` its counts
/// of the ranks 2, 5 and 8 (a suit's).
#[inline]
fn pair258_row(tables: &Tables, g: usize, key: u32, ranks: [u8; 3]) -> (Keep, &'static Keep) {
    let own = if g < 3 {
        &tables.suit[key as usize]
    } else {
        &tables.honors[key as usize]
    };
    let mut row = *own;
    for m in 0..5 {
        row[2 * m + 1] = row[2 * m];
    }
    if g < 3 {
        for (&i, &c) in RANKS_258.iter().zip(&ranks) {
            if c > 0 {
                let t = c.min(2);
                let less = &tables.suit[(key - u32::from(t) * POW5[i]) as usize];
                for m in 0..5 {
                    row[2 * m + 1] = row[2 * m + 1].max(t + less[2 * m]);
                }
            }
        }
    }
    (row, own)
}

/// The shanten tables' keep rows: the suits', the honors' (no 风嘴子).
struct Tables {
    suit: &'static [Keep],
    honors: &'static [Keep],
}

impl Tables {
    fn get() -> Self {
        Tables {
            suit: shanten::suit_rows(),
            honors: shanten::honors_rows(),
        }
    }
}

/// Group `g`'s counts of the ranks 2, 5 and 8 (zeros for the honors).
#[inline]
fn ranks_of(counts: &Counts, g: usize) -> [u8; 3] {
    if g < 3 {
        RANKS_258.map(|i| counts[9 * g + i])
    } else {
        [0; 3]
    }
}

/// What the forms other than the 小胡 shape keep, as tallies a tile changes by little.
#[derive(Clone, Copy)]
struct Tally {
    /// Suited kinds by count, at most three (0–3).
    by_count: [u8; 4],
    /// Whole pairs (a quad is two) and single tiles left over, by group.
    pairs: [u8; 4],
    halves: [u8; 4],
    /// Tiles of the 2-5-8 kinds.
    tiles_258: u8,
    /// Each suit's 清一色 keep (its row's `need` melds and pair).
    one_suit: [u8; 3],
}

impl Tally {
    fn of(counts: &Counts, rows: &[&Keep; 4], need: usize) -> Self {
        let (held, two) = (held_kinds(counts), pair_kinds(counts));
        let (odd, four) = (odd_kinds(counts), four_kinds(counts));
        // Kinds held once, exactly twice, three or four times.
        let (one, pair, three) = (held & !two, two & !odd & !four, two & odd | four);
        let n = |mask: KindMask| mask.count_ones() as u8;
        let suited = |mask: KindMask| n(mask & SUITED_KINDS);
        let (ones, twos, threes) = (suited(one), suited(pair), suited(three));
        let group = |g: usize| {
            let bits: KindMask = if g < 3 {
                0x1ff << (9 * g)
            } else {
                !SUITED_KINDS
            };
            (n(two & bits) + n(four & bits), n(odd & bits))
        };
        let groups: [(u8, u8); 4] = std::array::from_fn(group);
        Tally {
            by_count: [FIRST_HONOR as u8 - ones - twos - threes, ones, twos, threes],
            pairs: groups.map(|(p, _)| p),
            halves: groups.map(|(_, h)| h),
            // Σ counts of the 2-5-8 kinds: one for each count reached (≥ 1, 2, 3, 4).
            tiles_258: n(held & KINDS_258)
                + n(two & KINDS_258)
                + n(three & KINDS_258)
                + n(four & KINDS_258),
            one_suit: [0, 1, 2].map(|s| rows[s][need * 2 + 1]),
        }
    }

    /// 碰碰胡: `need` triplets and a pair from the suited kinds held most. Of the kinds'
    /// counts (at most three) in falling order, the first `need` make the triplets and the
    /// next one the pair (two tiles at most): a pair taken among the first `need` instead
    /// loses the third tile it had as a triplet, which the next kind in line then makes up
    /// at best.
    fn all_pongs(&self, need: usize) -> u8 {
        all_pongs(&self.by_count, need)
    }

    /// The best keep of every form, the 小胡 shape's `small`, under `melds`.
    fn keep(&self, small: u8, melds: MeldInfo, need: usize, size: u8) -> u8 {
        let mut best = small;
        if !melds.chow {
            best = best.max(self.all_pongs(need));
        }
        for s in 0..3 {
            if melds.suits & !(1 << s) == 0 {
                best = best.max(self.one_suit[s]);
                if melds.count == 0 {
                    best = best.max(shanten::seven_pairs_of(self.pairs[s], self.halves[s]));
                }
            }
        }
        if melds.count == 0 {
            let all = shanten::seven_pairs_of(self.pairs.iter().sum(), self.halves.iter().sum());
            best = best.max(all);
        }
        if melds.all_258 {
            best = best.max(self.tiles_258);
        }
        best.min(size)
    }
}

/// 碰碰胡's keep from the suited kinds' counts tallied `by_count` (see [`Tally`]).
#[inline]
fn all_pongs(by_count: &[u8; 4], need: usize) -> u8 {
    let mut at = 0;
    let mut sum = 0usize;
    for v in (0..4usize).rev() {
        let n = usize::from(by_count[v]);
        if at + n > need {
            return (sum + (need - at) * v + v.min(2)) as u8;
        }
        sum += n * v;
        at += n;
    }
    sum as u8 // not reached: 27 suited kinds, need ≤ 4
}

/// The forms other than the 小胡 shape, ready for one kind's count to change by one at a
/// time (`DRAW`: up, else down): what they keep by the kind's class and count before the
/// change, and the suits' forms (清一色, a suit's 七小对) the change leaves alone.
struct Rest {
    size: u8,
    need: usize,
    /// The suits whose 清一色 the melds allow (bit per suit).
    suits: u8,
    /// By class (a suited kind, a 2-5-8 kind, an honor) and count before the change: the
    /// best of 碰碰胡, 七小对 (all groups) and 将将胡 after it, those the melds allow.
    by_class: [[u8; 5]; 3],
    /// By suit and count before the change: the suit's 七小对 after it (0 where the melds
    /// do not allow it).
    suit_pairs: [[u8; 5]; 3],
    /// For each group `g`, the best of the suits' forms the melds allow, suit `g` left out.
    other_suits: [u8; 4],
}

impl Rest {
    /// Precondition: counts before the change are 0–3 (`DRAW`) or 1–4; the entries for
    /// counts no kind has are never read (their arithmetic wraps).
    fn of<const DRAW: bool>(t: &Tally, melds: MeldInfo, need: usize, size: u8) -> Self {
        let sevens = melds.count == 0;
        let allowed = |s: usize| melds.suits & !(1 << s) == 0;
        let suit = |s: usize| {
            if !allowed(s) {
                return 0;
            }
            let pairs = if sevens {
                shanten::seven_pairs_of(t.pairs[s], t.halves[s])
            } else {
                0
            };
            t.one_suit[s].max(pairs)
        };
        let suits = [suit(0), suit(1), suit(2)];
        let (pairs, halves): (u8, u8) = (t.pairs.iter().sum(), t.halves.iter().sum());
        let pongs_now = if melds.chow {
            0
        } else {
            all_pongs(&t.by_count, need)
        };
        let tiles_258 = if melds.all_258 { t.tiles_258 } else { 0 };
        let mut by_class = [[0u8; 5]; 3];
        let mut suit_pairs = [[0u8; 5]; 3];
        let froms = if DRAW { 0..4u8 } else { 1..5u8 };
        for from in froms {
            let to = if DRAW { from + 1 } else { from - 1 };
            let f = usize::from(from);
            // Whole pairs and single tiles after the change, given those before.
            let after = |p: u8, h: u8| {
                (
                    p.wrapping_sub(from / 2).wrapping_add(to / 2),
                    h.wrapping_sub(from % 2).wrapping_add(to % 2),
                )
            };
            let seven = if sevens {
                let (p, h) = after(pairs, halves);
                shanten::seven_pairs_of(p, h)
            } else {
                0
            };
            let pongs = if melds.chow {
                0
            } else {
                let mut by_count = t.by_count;
                let (a, b) = (usize::from(from.min(3)), usize::from(to.min(3)));
                by_count[a] = by_count[a].wrapping_sub(1);
                by_count[b] = by_count[b].wrapping_add(1);
                all_pongs(&by_count, need)
            };
            let tiles_258_after = if melds.all_258 {
                t.tiles_258.wrapping_sub(from).wrapping_add(to)
            } else {
                0
            };
            by_class[0][f] = pongs.max(seven).max(tiles_258);
            by_class[1][f] = pongs.max(seven).max(tiles_258_after);
            by_class[2][f] = pongs_now.max(seven).max(tiles_258);
            for s in 0..3 {
                if sevens && allowed(s) {
                    let (p, h) = after(t.pairs[s], t.halves[s]);
                    suit_pairs[s][f] = shanten::seven_pairs_of(p, h);
                }
            }
        }
        Rest {
            size,
            need,
            suits: (0..3).filter(|&s| allowed(s)).fold(0, |m, s| m | 1 << s),
            by_class,
            suit_pairs,
            other_suits: [
                suits[1].max(suits[2]),
                suits[0].max(suits[2]),
                suits[0].max(suits[1]),
                suits[0].max(suits[1]).max(suits[2]),
            ],
        }
    }

    /// The best keep of every form once kind `k`'s count `from` changes by one, the 小胡
    /// shape keeping `small` and `k`'s group's own row turning `own` (a suit's).
    #[inline]
    fn keep_changed(&self, k: usize, from: u8, own: &Keep, small: u8) -> u8 {
        let g = (k / 9).min(3);
        let class = if g == 3 {
            2
        } else {
            (KINDS_258 >> k & 1) as usize
        };
        let f = usize::from(from);
        let mut best = small.max(self.other_suits[g]).max(self.by_class[class][f]);
        if g < 3 && self.suits >> g & 1 == 1 {
            best = best.max(own[self.need * 2 + 1]).max(self.suit_pairs[g][f]);
        }
        best.min(self.size)
    }
}

/// A hand's four 小胡 rows, its suits' own rows, and its tallies.
struct Groups {
    tables: Tables,
    keys: Keys,
    rows: [Keep; 4],
    tally: Tally,
    need: usize,
    size: u8,
}

impl Groups {
    fn of(counts: &Counts, melds: MeldInfo) -> Self {
        let need = 4 - usize::from(melds.count.min(4));
        let keys = Keys::of(counts);
        let tables = Tables::get();
        let rows_own: [(Keep, &Keep); 4] =
            std::array::from_fn(|g| pair258_row(&tables, g, keys.0[g], ranks_of(counts, g)));
        let own = rows_own.map(|(_, o)| o);
        Groups {
            tables,
            keys,
            rows: rows_own.map(|(r, _)| r),
            tally: Tally::of(counts, &own, need),
            need,
            size: 14 - 3 * melds.count.min(4),
        }
    }
}

/// The most concealed tiles some winning hand can keep (the rest must be exchanged): the
/// best of the 2-5-8 standard shape and each 大胡 shape the melds allow.
///
/// Precondition: counts ≤ 4.
#[must_use]
pub fn keep(counts: &Counts, melds: MeldInfo) -> u8 {
    let h = Groups::of(counts, melds);
    let small = by_need(h.need, &h.rows);
    h.tally.keep(small, melds, h.need, h.size)
}

fn by_need(need: usize, rows: &[Keep; 4]) -> u8 {
    fn standard<const NEED: usize>(rows: &[Keep; 4]) -> u8 {
        Totals::<NEED>::of(&rows[0])
            .with(&rows[1])
            .with(&rows[2])
            .against()
            .standard(&rows[3])
    }
    match need {
        0 => standard::<0>(rows),
        1 => standard::<1>(rows),
        2 => standard::<2>(rows),
        3 => standard::<3>(rows),
        _ => standard::<4>(rows),
    }
}

/// The totals of every group but `g`, for `g` = 0–3, laid out against `g`'s row.
fn others_against(need: usize, rows: &[Keep; 4]) -> [Against; 4] {
    fn of<const NEED: usize>(rows: &[Keep; 4]) -> [Against; 4] {
        let first = Totals::<NEED>::of(&rows[0]);
        let first_two = first.with(&rows[1]);
        let last = Totals::<NEED>::of(&rows[3]);
        let last_two = last.with(&rows[2]);
        [
            last_two.with(&rows[1]).against(),
            first.and(&last_two).against(),
            first_two.and(&last).against(),
            first_two.with(&rows[2]).against(),
        ]
    }
    match need {
        0 => of::<0>(rows),
        1 => of::<1>(rows),
        2 => of::<2>(rows),
        3 => of::<3>(rows),
        _ => of::<4>(rows),
    }
}

/// Shanten under 二五八将 (no wildcards in play): the distance to the nearest winning form.
#[must_use]
pub fn shanten(counts: &Counts, wild: u8, melds: MeldInfo) -> i32 {
    let size = i32::from(14 - 3 * melds.count.min(4));
    size - i32::from(wild) - i32::from(keep(counts, melds)) - 1
}

/// The keep of the hand of `counts` after one tile of each kind of `kinds` leaves (`DRAW`
/// false) or joins (`DRAW` true) it, into `out`, and the keep as it is.
///
/// Precondition: every count stays within 0–4.
fn keep_changed<const DRAW: bool>(
    counts: &Counts,
    melds: MeldInfo,
    kinds: KindMask,
    out: &mut [u8; KINDS],
) -> u8 {
    let h = Groups::of(counts, melds);
    let others = others_against(h.need, &h.rows);
    let whole = h
        .tally
        .keep(others[3].standard(&h.rows[3]), melds, h.need, h.size);
    let rest = Rest::of::<DRAW>(&h.tally, melds, h.need, h.size);
    for k in each_kind(kinds) {
        let k = k as usize;
        let (g, i) = (k / 9, k % 9);
        let (key, to) = if DRAW {
            (h.keys.0[g] + POW5[i], counts[k] + 1)
        } else {
            (h.keys.0[g] - POW5[i], counts[k] - 1)
        };
        let mut ranks = ranks_of(counts, g);
        if g < 3 && i % 3 == 1 {
            ranks[i / 3] = to;
        }
        let (row, own) = pair258_row(&h.tables, g, key, ranks);
        out[k] = rest.keep_changed(k, counts[k], own, others[g].standard(&row));
    }
    whole
}

/// The shanten of a hand of `size` tiles (its melds' three each counted) keeping `keep`.
fn shanten_of(size: u8, wild: u8, keep: u8) -> i32 {
    i32::from(size) - i32::from(wild) - i32::from(keep) - 1
}

/// The shanten under 二五八将 after discarding each kind, for a validated 3n+2 hand:
/// `forms::after_discards` for `WinForms::Pair258`, the same answers as `forms::of_hand` on
/// each hand less one tile, in one pass.
#[must_use]
pub fn after_discards(hand: &Hand) -> [i32; KINDS] {
    let melds = MeldInfo::of(&hand.melds);
    let size = 14 - 3 * melds.count.min(4);
    let held = held_kinds(&hand.counts);
    let mut keeps = [0u8; KINDS];
    let whole = keep_changed::<false>(&hand.counts, melds, held, &mut keeps);
    let mut out = [NEVER + 1; KINDS];
    if hand.wild > 0 {
        // A wildcard discarded: the naturals all kept, one wildcard fewer.
        let s = shanten_of(size, hand.wild - 1, whole);
        for k in each_kind(hand.wildcards & held_kinds(&hand.held)) {
            out[k as usize] = s;
        }
    }
    for k in each_kind(held) {
        out[k as usize] = shanten_of(size, hand.wild, keeps[k as usize]);
    }
    out
}

/// The shanten under 二五八将 after drawing each kind of `kinds`, for a validated 3n+1
/// hand: `forms::after_draws` for `WinForms::Pair258`, the same answers as
/// `forms::of_hand` on the hand with one more tile of each kind (a wildcard kind: one more
/// wildcard), [`NEVER`] + 1 for the kinds not in `kinds`, in one pass.
///
/// Precondition: the hand holds every natural kind of `kinds` at most three times
/// concealed.
#[must_use]
pub fn after_draws(hand: &Hand, kinds: KindMask) -> [i32; KINDS] {
    let melds = MeldInfo::of(&hand.melds);
    let size = 14 - 3 * melds.count.min(4);
    let natural = kinds & !hand.wildcards;
    debug_assert!(
        each_kind(natural).all(|k| hand.counts[k as usize] < 4),
        "a fifth tile drawn"
    );
    let mut keeps = [0u8; KINDS];
    let whole = keep_changed::<true>(&hand.counts, melds, natural, &mut keeps);
    let mut out = [NEVER + 1; KINDS];
    if kinds & hand.wildcards != 0 {
        let s = shanten_of(size, hand.wild + 1, whole);
        for k in each_kind(kinds & hand.wildcards) {
            out[k as usize] = s;
        }
    }
    for k in each_kind(natural) {
        out[k as usize] = shanten_of(size, hand.wild, keeps[k as usize]);
    }
    out
}

/// The kinds of `kinds` whose draw can complete the waiting hand of `counts` (13 − 3·melds
/// tiles, no honors): those whose draw leaves a hand keeping every tile. Every winning
/// hand keeps every tile (a form complete keeps all), so the winning tiles are among
/// these; `pair258::winning_tiles` checks each with the win test.
///
/// Precondition: counts ≤ 3 for the kinds of `kinds`; no honor held.
#[must_use]
pub fn completing(counts: &Counts, melds: MeldInfo, kinds: KindMask) -> KindMask {
    let size = 14 - 3 * melds.count.min(4);
    let mut keeps = [0u8; KINDS];
    keep_changed::<true>(counts, melds, kinds, &mut keeps);
    each_kind(kinds)
        .filter(|&k| keeps[k as usize] == size)
        .fold(0, |m, k| m | 1 << k)
}

#[cfg(test)]
#[path = "pair258_shanten_tests.rs"]
mod tests;
