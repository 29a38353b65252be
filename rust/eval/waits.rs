//! Winning tiles (听口) and ready discards (docs/rules.md §4, §6).

use crate::eval::rules::{EvalRules, WinForms};
use crate::eval::shape::{entry, standard_need, Keys};
use crate::eval::tables::{melds_need, pair_need, POW5};
use crate::hand::Hand;
use crate::tiles::{Counts, KindMask, KINDS, ORPHAN_KINDS};

/// The kinds among `candidates` that complete the position as one more natural tile. When
/// the hand must lack a suit, only the concealed tiles' suits are seen here; [`Waits::of`]
/// also counts the melds'.
///
/// Precondition: counts ≤ 4, no candidate kind with count 4,
/// `Σcounts + wild = 13 − 3·melds`.
#[must_use]
#[allow(clippy::similar_names)]
pub fn winning_mask(
    counts: &Counts,
    wild: u8,
    melds: u8,
    candidates: KindMask,
    rules: EvalRules,
) -> KindMask {
    if rules.forms == WinForms::Pair258 {
        let melds = crate::eval::pair258::MeldInfo::unknown(melds);
        return crate::eval::pair258::winning_tiles(counts, counts, melds) & candidates;
    }
    if rules.forms == WinForms::Knitted {
        return crate::eval::knitted::winning_tiles(counts, counts, melds, rules) & candidates;
    }
    let cand = candidates & rules.kinds_in_play();
    let mut out = standard_winning(counts, wild, cand, rules);
    if melds == 0 {
        let rest = cand & !out;
        if rest != 0 {
            out |= seven_pairs_or_orphans_winning(counts, wild, rest, rules);
        }
    }
    if rules.forms == WinForms::LackingASuit {
        out &= crate::eval::suits::allowed_kinds(crate::eval::suits::of_counts(counts));
    }
    out
}

/// The kinds among `cand` that complete the standard shape as one more natural tile.
#[inline]
#[allow(clippy::similar_names)]
fn standard_winning(counts: &Counts, wild: u8, cand: KindMask, rules: EvalRules) -> KindMask {
    let keys = Keys::of(counts);
    let entries = [0, 1, 2, 3].map(|g| entry(g, keys.0[g], rules));
    let m = entries.map(|e| i32::from(melds_need(e)));
    let x = entries.map(|e| i32::from(pair_need(e)) - i32::from(melds_need(e)));
    let wild_i = i32::from(wild);
    let total_m: i32 = m.iter().sum();
    let min_x = x.iter().copied().min().unwrap_or(i32::MAX);
    let mut out: KindMask = 0;
    // One natural tile lowers each group's needs by at most one.
    if total_m + min_x - 1 <= wild_i {
        for g in 0..4 {
            let (first, n) = if g < 3 { (g * 9, 9) } else { (27, 7) };
            let gmask = (cand >> first) & ((1u64 << n) - 1);
            if gmask == 0 {
                continue;
            }
            let rest_m = total_m - m[g];
            let rest_x = (0..4)
                .filter(|&h| h != g)
                .map(|h| x[h])
                .min()
                .unwrap_or(i32::MAX);
            let (mg, pg) = (m[g], m[g] + x[g]);
            if rest_m + (mg - 1 + rest_x).min(pg - 1) > wild_i {
                continue;
            }
            let mut held = 0u64;
            for i in 0..n {
                held |= u64::from(counts[first + i] > 0) << i;
            }
            let near = if g < 3 {
                (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1ff
            } else if rules.wind_runs {
                (if held & 0xf != 0 { 0xf } else { 0 }) | (if held & 0x70 != 0 { 0x70 } else { 0 })
            } else {
                held
            };
            // Kinds with no held tile within reach join nothing: same answer for all of them.
            let far = gmask & !near;
            if far != 0 {
                let (m2, p2) = (mg + 2, (pg + 2).min(mg + 1));
                if rest_m + (m2 + rest_x).min(p2) <= wild_i {
                    out |= far << first;
                }
            }
            let mut rest = gmask & near;
            let table_key = keys.0[g];
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let e = entry(g, table_key + POW5[i], rules);
                let (m2, p2) = (i32::from(melds_need(e)), i32::from(pair_need(e)));
                if rest_m + (m2 + rest_x).min(p2) <= wild_i {
                    out |= 1 << (first + i);
                }
            }
        }
    }
    out
}

/// The kinds among `rest` that complete seven pairs or 十三幺 (a hand without melds) as one
/// more natural tile.
#[inline]
fn seven_pairs_or_orphans_winning(
    counts: &Counts,
    wild: u8,
    rest: KindMask,
    rules: EvalRules,
) -> KindMask {
    let wild_i = i32::from(wild);
    let mut out: KindMask = 0;
    // Seven pairs: X flips the parity of its own count; each odd count needs a wildcard.
    // Thirteen orphans: all naturals terminals or honors, at most one kind twice.
    let mut odd_mask = 0u64;
    let mut non_orphan = false;
    let mut extra = 0u32;
    let mut present = 0u64;
    for (k, &c) in counts.iter().enumerate() {
        odd_mask |= u64::from(c & 1) << k;
        present |= u64::from(c > 0) << k;
        extra += u32::from(c.saturating_sub(1));
        non_orphan |= c > 0 && ORPHAN_KINDS >> k & 1 == 0;
    }
    let odd = odd_mask.count_ones() as i32;
    if odd - 1 <= wild_i {
        out |= rest & odd_mask;
    }
    if odd < wild_i {
        out |= rest & !odd_mask;
    }
    if !rules.no_honors && !non_orphan {
        if extra == 0 {
            out |= rest & ORPHAN_KINDS;
        } else if extra == 1 {
            out |= rest & ORPHAN_KINDS & !present;
        }
    }
    out
}

/// Whether a waiting position completes when one more wildcard is drawn: true iff some
/// kind in play completes it as a natural tile (the wildcard stands for that kind).
#[must_use]
pub fn completes_with_wildcard(counts: &Counts, wild: u8, melds: u8, rules: EvalRules) -> bool {
    crate::eval::forms::is_win(counts, wild + 1, melds, rules)
}

/// What a waiting (3n+1) position waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Waits {
    /// The winning tiles of docs/rules.md §6.
    pub tiles: KindMask,
    /// The wildcard kinds whose drawn tile completes the hand: the hand's wildcard kinds
    /// when a wildcard completes it, else none.
    pub wildcards: KindMask,
}

impl Waits {
    /// The waits of a validated 3n+1 hand.
    #[must_use]
    pub fn of(hand: &Hand, rules: EvalRules) -> Self {
        if rules.forms == WinForms::Pair258 {
            return Waits {
                tiles: crate::eval::pair258::hand_waits(hand),
                wildcards: 0,
            };
        }
        if rules.forms == WinForms::Knitted {
            return Waits {
                tiles: crate::eval::knitted::hand_waits(hand, rules),
                wildcards: 0,
            };
        }
        let mut candidates = !hand.wildcards & !hand.held_four();
        if rules.forms == WinForms::LackingASuit {
            candidates &= crate::eval::suits::allowed_kinds(crate::eval::suits::of_hand(hand));
            if candidates == 0 {
                return Waits {
                    tiles: 0,
                    wildcards: 0,
                };
            }
        }
        let tiles = winning_mask(
            &hand.counts,
            hand.wild,
            hand.meld_count(),
            candidates,
            rules,
        );
        let wildcards = if hand.wildcards != 0
            && completes_with_wildcard(&hand.counts, hand.wild, hand.meld_count(), rules)
        {
            hand.wildcards
        } else {
            0
        };
        Waits { tiles, wildcards }
    }

    /// Ready (听牌): some natural tile or a drawn wildcard completes the hand.
    #[must_use]
    pub fn is_ready(&self) -> bool {
        self.tiles != 0 || self.wildcards != 0
    }
}

/// Whether no discard (a wildcard's included) can leave a 3n+2 hand ready, by a bound from
/// `need`, the standard shape's need of its natural tiles `counts` ([`standard_need`]): a
/// tile and two wildcards make a pong, so a group (and the standard shape) needs at most
/// two wildcards more with one tile more, and a discard lowers the need by at most two;
/// seven pairs lose at most one odd kind; thirteen orphans need every natural tile but the
/// discard to be an orphan. The forms of 缺一门 are fewer, so the bound holds for them;
/// not for forms that need no shape. Precondition: `rules.forms.bounded_by_keys()`.
pub(crate) fn never_ready_after_discard(
    counts: &Counts,
    need: u32,
    wild: u8,
    melds: u8,
    rules: EvalRules,
) -> bool {
    debug_assert!(rules.forms.bounded_by_keys());
    // More than one natural tile outside the orphan kinds (checked only when it matters).
    let non_orphans = || {
        let orphans: u8 = crate::tiles::each_kind(ORPHAN_KINDS)
            .map(|k| counts[k as usize])
            .sum();
        let naturals = (14 - 3 * melds).saturating_sub(wild);
        naturals.saturating_sub(orphans) > 1
    };
    let odd = || crate::tiles::odd_kinds(counts).count_ones();
    need > u32::from(wild) + 3
        && (melds > 0 || odd() > u32::from(wild) + 2 && (rules.no_honors || non_orphans()))
}

/// Whether the hand less one tile of kind `k` wins with one more wildcard, for every kind at
/// once (bit `k`): ready after discarding `k` needs it (one more wildcard finds any
/// completion, where the forms admit wildcards; otherwise every kind held passes), so it
/// is [`ready_discards`]' filter. The same answer as
/// `forms::is_win(counts − k, wild + 1, …)` for each `k`, from the group keys computed once
/// (a discard changes one group's key). `wild_discard`: whether discarding a wildcard
/// (the naturals unchanged, `wild` wildcards) passes.
fn completable_after_discard(hand: &Hand, rules: EvalRules) -> (KindMask, bool) {
    use crate::eval::shape::{is_seven_pairs, is_thirteen_orphans};
    let (counts, wild, melds) = (&hand.counts, hand.wild, hand.meld_count());
    if !rules.forms.bounded_by_keys() {
        return completable_by_kind(hand, rules);
    }
    let keys = Keys::of(counts);
    let entries = [0, 1, 2, 3].map(|g| entry(g, keys.0[g], rules));
    if never_ready_after_discard(counts, standard_need(entries), wild, melds, rules) {
        return (0, false);
    }
    if rules.forms.by_kind() {
        return completable_by_kind(hand, rules);
    }
    let odd = crate::tiles::odd_kinds(counts).count_ones();
    let wild_ok = standard_need(entries) <= u32::from(wild)
        || melds == 0
            && (is_seven_pairs(counts, wild) || !rules.no_honors && is_thirteen_orphans(counts));
    let mut mask = 0;
    for k in (0..KINDS).filter(|&k| counts[k] > 0) {
        let (g, i) = (k / 9, k % 9);
        let mut e = entries;
        e[g] = entry(g, keys.0[g] - POW5[i], rules);
        let ok = standard_need(e) <= u32::from(wild) + 1
            || melds == 0 && {
                // Seven pairs: removing one of kind k flips its parity.
                let odd_after = if counts[k] & 1 == 1 { odd - 1 } else { odd + 1 };
                odd_after <= u32::from(wild) + 1
                    || !rules.no_honors && {
                        let mut c = *counts;
                        c[k] -= 1;
                        is_thirteen_orphans(&c)
                    }
            };
        if ok {
            mask |= 1 << k;
        }
    }
    (mask, wild_ok)
}

/// [`completable_after_discard`] for the forms asked kind by kind ([`WinForms::by_kind`]).
/// Forms that admit no wildcard ([`WinForms::admits_wildcards`]) win with no more
/// wildcards, so the filter passes every natural kind held and `Waits::of` decides.
fn completable_by_kind(hand: &Hand, rules: EvalRules) -> (KindMask, bool) {
    let (counts, wild, melds) = (&hand.counts, hand.wild, hand.meld_count());
    if !rules.forms.admits_wildcards() {
        return (crate::tiles::held_kinds(counts), false);
    }
    let wins = |c: &Counts, w: u8| crate::eval::forms::is_win(c, w, melds, rules);
    let mut mask = 0;
    for k in (0..KINDS).filter(|&k| counts[k] > 0) {
        let mut c = *counts;
        c[k] -= 1;
        if wins(&c, wild + 1) {
            mask |= 1 << k;
        }
    }
    (mask, wins(counts, wild))
}

/// The winning tiles after each discard that leaves a turn's hand ready, as the turn's
/// 报听 check found them: `(kind discarded, its winning tiles)`, kept so that a bot asks no
/// second time.
pub type ReadyWaits = Vec<(u8, KindMask)>;

/// For a validated 3n+2 hand, each kind whose discard leaves it ready, with the waits after it.
#[must_use]
pub fn ready_discards(hand: &Hand, rules: EvalRules) -> Vec<(u8, Waits)> {
    let mut out = Vec::new();
    let (completable, wild_completable) = completable_after_discard(hand, rules);
    // Ready needs some completion, and one more wildcard finds any: only the discards that
    // pass this filter are checked (a held wildcard kind passes as a whole).
    let mut candidates = completable;
    if wild_completable {
        candidates |= (0..KINDS)
            .filter(|&k| hand.wildcards >> k & 1 == 1 && hand.held[k] > 0)
            .fold(0, |m, k| m | 1 << k);
    }
    while candidates != 0 {
        let k = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let mut after = hand.clone();
        after.held[k] -= 1;
        if hand.wildcards >> k & 1 == 1 {
            after.wild -= 1;
        } else {
            after.counts[k] -= 1;
        }
        let waits = Waits::of(&after, rules);
        if waits.is_ready() {
            out.push((k as u8, waits));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand;

    fn waits(text: &str, wild: u8, melds: u8) -> String {
        let m = winning_mask(
            &hand(text),
            wild,
            melds,
            crate::tiles::ALL_KINDS,
            EvalRules::default(),
        );
        let kinds: Vec<u8> = (0..34u8).filter(|&k| m >> k & 1 == 1).collect();
        crate::tiles::format_mpsz(&kinds)
    }

    #[test]
    fn winning_tiles() {
        let cases: &[(&str, u8, u8, &str)] = &[
            ("1112345678999m", 0, 0, "123456789m"),
            ("123m456p789s1122z", 0, 0, "12z"),
            ("19m19p19s1234567z", 0, 0, "19m19p19s1234567z"),
            ("1122m3344p5566s7z", 0, 0, "7z"),
            ("1m", 0, 4, "1m"),
            ("", 1, 4, "123456789m123456789p123456789s1234567z"),
        ];
        for &(text, wild, melds, expect) in cases {
            assert_eq!(
                waits(text, wild, melds),
                expect,
                "{text} +{wild} wild, {melds} melds"
            );
        }
    }

    /// `ready_discards` against its definition for every form: each held kind whose
    /// discard leaves [`Waits::of`] ready, on random hands near complete (wildcards only
    /// where the forms admit them).
    #[test]
    fn ready_discards_match_waits_after_each_discard() {
        let mut rng = crate::rng::Rng::new(22);
        let forms = [
            WinForms::Standard,
            WinForms::LackingASuit,
            WinForms::Pair258,
        ];
        for forms in forms {
            let rules = EvalRules {
                no_honors: forms != WinForms::Standard,
                forms,
                ..EvalRules::default()
            };
            let mut ready = 0;
            for _ in 0..3_000 {
                let wild = if forms.admits_wildcards() {
                    rng.below(3) as u8
                } else {
                    0
                };
                let hand = near_complete(&mut rng, rules, wild);
                let got: Vec<u8> = ready_discards(&hand, rules)
                    .iter()
                    .map(|&(k, _)| k)
                    .collect();
                let want: Vec<u8> = (0..KINDS as u8)
                    .filter(|&k| hand.held[k as usize] > 0)
                    .filter(|&k| {
                        let mut after = hand.clone();
                        after.held[k as usize] -= 1;
                        if hand.wildcards >> k & 1 == 1 {
                            after.wild -= 1;
                        } else {
                            after.counts[k as usize] -= 1;
                        }
                        Waits::of(&after, rules).is_ready()
                    })
                    .collect();
                assert_eq!(got, want, "{forms:?} {:?} +{} wild", hand.counts, hand.wild);
                ready += usize::from(!want.is_empty());
            }
            assert!(
                ready > 300,
                "{forms:?}: only {ready} hands with a ready discard"
            );
        }
    }

    /// A 14-tile hand without melds of the kinds in play: four groups and a pair, then up to
    /// two tiles exchanged; with `wild` > 0, at least `wild` of its tiles are wildcards of
    /// the last kind in play (every tile of that kind is one).
    fn near_complete(rng: &mut crate::rng::Rng, rules: EvalRules, wild: u8) -> Hand {
        let kinds: u64 = if rules.no_honors { 27 } else { 34 };
        let mut counts = [0u8; KINDS];
        let mut tiles: Vec<u8> = Vec::new();
        // The tiles `ks` join the hand if no kind goes over four.
        let add = |counts: &mut Counts, tiles: &mut Vec<u8>, ks: &[u8]| {
            let mut after = *counts;
            for &k in ks {
                after[k as usize] += 1;
            }
            let fits = after.iter().all(|&c| c <= 4);
            if fits {
                *counts = after;
                tiles.extend_from_slice(ks);
            }
            fits
        };
        while tiles.len() < 12 {
            let k = rng.below(kinds) as u8;
            let run = k < 27 && k % 9 < 7 && rng.below(2) == 0;
            let ks = if run { [k, k + 1, k + 2] } else { [k; 3] };
            add(&mut counts, &mut tiles, &ks);
        }
        while !add(&mut counts, &mut tiles, &[rng.below(kinds) as u8; 2]) {}
        for _ in 0..rng.below(3) {
            let (i, k) = (rng.below(14) as usize, rng.below(kinds) as u8);
            if counts[k as usize] < 4 {
                counts[tiles[i] as usize] -= 1;
                counts[k as usize] += 1;
                tiles[i] = k;
            }
        }
        let wild_kind = kinds as usize - 1;
        if wild == 0 {
            return Hand {
                counts,
                wild,
                melds: crate::hand::Melds::default(),
                wildcards: 0,
                held: counts,
            };
        }
        // The wildcards replace tiles of other kinds: the naturals lose `wild` tiles.
        let mut held = counts;
        let mut left = wild;
        for t in &mut tiles {
            if left > 0 && usize::from(*t) != wild_kind && held[wild_kind] < 4 {
                held[*t as usize] -= 1;
                held[wild_kind] += 1;
                *t = wild_kind as u8;
                left -= 1;
            }
        }
        let mut naturals = held;
        let wild = naturals[wild_kind];
        naturals[wild_kind] = 0;
        Hand {
            counts: naturals,
            wild,
            melds: crate::hand::Melds::default(),
            wildcards: if wild > 0 { 1 << wild_kind } else { 0 },
            held,
        }
    }

    /// The filter of `ready_discards` against `forms::is_win` kind by kind, on random
    /// 14-tile hands near and far from complete, with 0–3 wildcards and 0–3 melds.
    #[test]
    fn completable_after_discard_matches_is_win() {
        let mut rng = crate::rng::Rng::new(5);
        let option_sets = [
            EvalRules::default(),
            EvalRules {
                wind_runs: true,
                ..EvalRules::default()
            },
            EvalRules {
                no_honors: true,
                ..EvalRules::default()
            },
            EvalRules {
                forms: WinForms::LackingASuit,
                ..EvalRules::default()
            },
        ];
        let mut passed = 0;
        for rules in option_sets {
            for n in 0..20_000 {
                let melds = rng.below(4) as u8;
                let wild = rng.below(4) as u8;
                let size = 14 - 3 * melds - wild;
                let mut wall: Vec<u8> = (0..34u8).flat_map(|k| [k; 4]).collect();
                if rules.no_honors || (rules.forms == WinForms::LackingASuit) {
                    wall.retain(|&k| k < 27);
                }
                rng.shuffle(&mut wall);
                let mut counts = [0u8; KINDS];
                if n % 2 == 0 {
                    for &t in &wall[..size as usize] {
                        counts[t as usize] += 1;
                    }
                } else {
                    // Near complete: runs and pongs from one suit start, then random tiles.
                    let mut left = size;
                    while left >= 3 {
                        let t = wall[left as usize] % 27;
                        let run = t % 9 < 7 && rng.below(2) == 0;
                        let ks: [u8; 3] = if run { [t, t + 1, t + 2] } else { [t; 3] };
                        if ks
                            .iter()
                            .all(|&k| counts[k as usize] < 4 - u8::from(!run) * 2)
                        {
                            for k in ks {
                                counts[k as usize] += 1;
                            }
                            left -= 3;
                        } else {
                            break;
                        }
                    }
                    for &t in &wall[20..] {
                        if left == 0 {
                            break;
                        }
                        if counts[t as usize] < 4 {
                            counts[t as usize] += 1;
                            left -= 1;
                        }
                    }
                }
                let hand = Hand {
                    counts,
                    wild,
                    melds: crate::hand::Melds::from_slice(&vec![
                        crate::hand::Meld {
                            kind: crate::hand::MeldKind::Pong,
                            tile: 33
                        };
                        melds as usize
                    ]),
                    wildcards: if wild > 0 { 1 << 31 } else { 0 },
                    held: counts,
                };
                let (mask, wild_ok) = completable_after_discard(&hand, rules);
                for k in 0..KINDS {
                    if counts[k] == 0 {
                        continue;
                    }
                    let mut c = counts;
                    c[k] -= 1;
                    let slow = crate::eval::forms::is_win(&c, wild + 1, melds, rules);
                    assert_eq!(
                        mask >> k & 1 == 1,
                        slow,
                        "{rules:?} {counts:?} +{wild} wild, {melds} melds, less {k}"
                    );
                    passed += usize::from(slow);
                }
                if wild > 0 {
                    assert_eq!(
                        wild_ok,
                        crate::eval::forms::is_win(&counts, wild, melds, rules)
                    );
                }
            }
        }
        assert!(
            passed > 1000,
            "only {passed} passing discards: the hands are too far"
        );
    }
}
