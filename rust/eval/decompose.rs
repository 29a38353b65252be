//! Every reading of a complete hand (docs/rules.md §4): how its tiles split into groups, and what
//! each wildcard stands for. Not a hot path: written for clarity.

use std::collections::BTreeSet;

use crate::eval::rules::{EvalRules, WinForms};
use crate::eval::shape::{is_seven_pairs, is_thirteen_orphans};
use crate::eval::tables::wind_runs;
use crate::hand::{Hand, MeldKind};
use crate::tiles::{Counts, FIRST_HONOR, KINDS, ORPHAN_KINDS};

/// Group kinds; the numbers are those of `koudiandian.GroupKind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GroupKind {
    Sequence = 0,
    Triplet = 1,
    Kong = 2,
    Pair = 3,
    Orphans = 4,
    /// The nine tiles of a knitted straight (组合龙), or all fourteen of 全不靠.
    Knitted = 5,
}

/// One group: `(kind stood for, is a wildcard)` per tile, sorted.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Group {
    pub kind: GroupKind,
    pub tiles: Vec<(u8, bool)>,
    pub declared: bool,
}

impl Group {
    fn new(kind: GroupKind, mut tiles: Vec<(u8, bool)>, declared: bool) -> Self {
        tiles.sort_unstable();
        Group {
            kind,
            tiles,
            declared,
        }
    }
}

/// The shapes; the numbers are those of `koudiandian.Shape`.
pub use crate::eval::shape::Shape;

/// One reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub shape: Shape,
    pub groups: Vec<Group>,
    pub quads: u8,
}

/// The sequences (as kinds) that contain `kind` under `rules`.
fn runs_through(kind: usize, rules: EvalRules) -> Vec<[usize; 3]> {
    if kind < FIRST_HONOR {
        let (base, r) = (kind / 9 * 9, kind % 9);
        (r.saturating_sub(2)..=r.min(6))
            .map(|s| [base + s, base + s + 1, base + s + 2])
            .collect()
    } else if rules.wind_runs {
        wind_runs()
            .into_iter()
            .map(|run| run.map(|p| FIRST_HONOR + p))
            .filter(|run| run.contains(&kind))
            .collect()
    } else {
        Vec::new()
    }
}

/// Every group that wildcards alone can form, with `pair` for pairs, over the kinds in play.
fn wild_groups(rules: EvalRules, pair: bool) -> Vec<Group> {
    let kinds = (0..KINDS).filter(|&k| rules.kinds_in_play() >> k & 1 == 1);
    if pair {
        return kinds
            .map(|k| Group::new(GroupKind::Pair, vec![(k as u8, true); 2], false))
            .collect();
    }
    let mut out: Vec<Group> = kinds
        .map(|k| Group::new(GroupKind::Triplet, vec![(k as u8, true); 3], false))
        .collect();
    let mut starts: Vec<[usize; 3]> = (0..3)
        .flat_map(|s| (0..7).map(move |r| [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2]))
        .collect();
    if rules.wind_runs && !rules.no_honors {
        starts.extend(
            wind_runs()
                .into_iter()
                .map(|run| run.map(|p| FIRST_HONOR + p)),
        );
    }
    out.extend(starts.into_iter().map(|run| {
        Group::new(
            GroupKind::Sequence,
            run.iter().map(|&k| (k as u8, true)).collect(),
            false,
        )
    }));
    out
}

struct Search<'a> {
    rules: EvalRules,
    fixed: &'a [Group],
    out: &'a mut BTreeSet<Vec<Group>>,
}

impl Search<'_> {
    fn finish(&mut self, groups: &[Group]) {
        let mut all: Vec<Group> = self.fixed.to_vec();
        let mut rest = groups.to_vec();
        rest.sort();
        // Melds first, the pair last.
        rest.sort_by_key(|g| g.kind == GroupKind::Pair);
        all.extend(rest);
        self.out.insert(all);
    }

    /// Place the remaining naturals `c` and `wild` wildcards into groups.
    fn place(&mut self, c: &mut Counts, wild: u8, need_pair: bool, groups: &mut Vec<Group>) {
        let Some(i) = c.iter().position(|&x| x > 0) else {
            self.place_wild(wild, need_pair, groups, 0);
            return;
        };
        let ki = i as u8;
        // Triplet of i with t naturals.
        for t in 1..=c[i].min(3) {
            if 3 - t <= wild {
                c[i] -= t;
                let mut tiles = vec![(ki, false); t as usize];
                tiles.extend(std::iter::repeat_n((ki, true), (3 - t) as usize));
                groups.push(Group::new(GroupKind::Triplet, tiles, false));
                self.place(c, wild - (3 - t), need_pair, groups);
                groups.pop();
                c[i] += t;
            }
        }
        // Pair of i.
        if need_pair {
            for t in 1..=c[i].min(2) {
                if 2 - t <= wild {
                    c[i] -= t;
                    let mut tiles = vec![(ki, false); t as usize];
                    tiles.extend(std::iter::repeat_n((ki, true), (2 - t) as usize));
                    groups.push(Group::new(GroupKind::Pair, tiles, false));
                    self.place(c, wild - (2 - t), false, groups);
                    groups.pop();
                    c[i] += t;
                }
            }
        }
        // Sequences through i: i natural, each other tile natural (if held) or a wildcard.
        for run in runs_through(i, self.rules) {
            let others: Vec<usize> = run.iter().copied().filter(|&k| k != i).collect();
            for choice in 0..4u8 {
                let natural = [choice & 1 == 1, choice & 2 == 2];
                let wilds = natural.iter().filter(|&&n| !n).count() as u8;
                if wilds > wild
                    || others
                        .iter()
                        .zip(natural)
                        .any(|(&k, n)| n && (c[k] == 0 || k < i))
                {
                    continue;
                }
                c[i] -= 1;
                let mut tiles = vec![(ki, false)];
                for (&k, n) in others.iter().zip(natural) {
                    if n {
                        c[k] -= 1;
                    }
                    tiles.push((k as u8, !n));
                }
                groups.push(Group::new(GroupKind::Sequence, tiles, false));
                self.place(c, wild - wilds, need_pair, groups);
                groups.pop();
                for (&k, n) in others.iter().zip(natural) {
                    if n {
                        c[k] += 1;
                    }
                }
                c[i] += 1;
            }
        }
    }

    /// Groups of wildcards only, in nondecreasing order from `from` (no repeated readings).
    fn place_wild(&mut self, wild: u8, need_pair: bool, groups: &mut Vec<Group>, from: usize) {
        if wild == 0 && !need_pair {
            self.finish(groups);
            return;
        }
        if wild == 2 && need_pair {
            for g in wild_groups(self.rules, true) {
                groups.push(g);
                self.finish(groups);
                groups.pop();
            }
            return;
        }
        if wild < 3 {
            return;
        }
        let melds = wild_groups(self.rules, false);
        for (n, g) in melds.into_iter().enumerate().skip(from) {
            groups.push(g);
            self.place_wild(wild - 3, need_pair, groups, n);
            groups.pop();
        }
    }
}

/// Every reading of a validated complete hand, without repeats.
#[must_use]
pub fn decompose(hand: &Hand, rules: EvalRules) -> Vec<Reading> {
    let fixed: Vec<Group> = hand
        .melds
        .iter()
        .map(|m| match m.kind {
            MeldKind::Pong => Group::new(GroupKind::Triplet, vec![(m.tile, false); 3], true),
            MeldKind::Chow => Group::new(
                GroupKind::Sequence,
                (0..3).map(|i| (m.tile + i, false)).collect(),
                true,
            ),
            _ => Group::new(GroupKind::Kong, vec![(m.tile, false); 4], true),
        })
        .collect();
    let mut standard = BTreeSet::new();
    Search {
        rules,
        fixed: &fixed,
        out: &mut standard,
    }
    .place(&mut hand.counts.clone(), hand.wild, true, &mut Vec::new());
    let mut out: Vec<Reading> = standard
        .into_iter()
        .map(|groups| Reading {
            shape: Shape::Standard,
            groups,
            quads: 0,
        })
        .collect();
    if hand.melds.is_empty() && is_seven_pairs(&hand.counts, hand.wild) {
        seven_pairs(&hand.counts, hand.wild, rules, &mut out);
    }
    if hand.melds.is_empty() && !rules.no_honors && is_thirteen_orphans(&hand.counts) {
        thirteen_orphans(&hand.counts, hand.wild, &mut out);
    }
    if rules.forms == WinForms::Pair258
        && crate::eval::pair258::big_shapes(
            &hand.counts,
            crate::eval::pair258::MeldInfo::of(&hand.melds),
        ) == 0
    {
        // 二五八将: without a 大胡 shape, only a standard reading with a 2-5-8 pair wins.
        out.retain(|r| {
            r.shape == Shape::Standard
                && r.groups.iter().any(|g| {
                    g.kind == GroupKind::Pair
                        && crate::eval::pair258::KINDS_258 >> g.tiles[0].0 & 1 == 1
                })
        });
    }
    if rules.forms == WinForms::Knitted && hand.wild == 0 {
        knitted(hand, &fixed, rules, &mut out);
    }
    if rules.forms == WinForms::LackingASuit {
        // 缺一门: a reading whose tiles hold all three suits does not win.
        out.retain(|r| {
            let kinds = r
                .groups
                .iter()
                .flat_map(|g| g.tiles.iter().map(|&(k, _)| k));
            kinds
                .filter(|&k| k < 27)
                .fold(0u8, |acc, k| acc | 1 << (k / 9))
                != crate::eval::suits::ALL_SUITS
        });
    }
    out
}

/// Seven-pairs readings: odd counts take one wildcard; spare wildcard pairs may stand for
/// any kind in play (each choice a reading).
fn seven_pairs(counts: &Counts, wild: u8, rules: EvalRules, out: &mut Vec<Reading>) {
    let mut base: Vec<(u8, bool)> = Vec::new();
    let mut spare = wild;
    for (k, &c) in counts.iter().enumerate() {
        base.extend(std::iter::repeat_n((k as u8, false), c as usize));
        if c & 1 == 1 {
            base.push((k as u8, true));
            spare -= 1;
        }
    }
    let kinds: Vec<u8> = (0..KINDS as u8)
        .filter(|&k| rules.kinds_in_play() >> k & 1 == 1)
        .collect();
    let mut choose = |picks: &[u8]| {
        let mut tiles = base.clone();
        tiles.extend(picks.iter().flat_map(|&k| [(k, true), (k, true)]));
        tiles.sort_unstable();
        let mut per_kind = [0u8; KINDS];
        for &(k, _) in &tiles {
            per_kind[k as usize] += 1;
        }
        let groups: Vec<Group> = tiles
            .chunks(2)
            .map(|p| Group::new(GroupKind::Pair, p.to_vec(), false))
            .collect();
        let quads = per_kind.iter().map(|&n| n / 4).sum();
        out.push(Reading {
            shape: Shape::SevenPairs,
            groups,
            quads,
        });
    };
    // Spare wildcards form spare/2 pairs; choose their kinds as a nondecreasing list.
    let pairs = (spare / 2) as usize;
    let mut picks = vec![0usize; pairs];
    loop {
        choose(&picks.iter().map(|&i| kinds[i]).collect::<Vec<_>>());
        // Next nondecreasing combination.
        let Some(pos) = (0..pairs).rev().find(|&p| picks[p] + 1 < kinds.len()) else {
            break;
        };
        picks[pos] += 1;
        for p in pos + 1..pairs {
            picks[p] = picks[pos];
        }
    }
}

/// Thirteen-orphans readings: wildcards fill the missing kinds; a spare one doubles any orphan.
fn thirteen_orphans(counts: &Counts, wild: u8, out: &mut Vec<Reading>) {
    let orphans: Vec<u8> = (0..KINDS as u8)
        .filter(|&k| ORPHAN_KINDS >> k & 1 == 1)
        .collect();
    let mut tiles: Vec<(u8, bool)> = Vec::new();
    for &k in &orphans {
        let c = counts[k as usize];
        tiles.extend(std::iter::repeat_n((k, false), c as usize));
        if c == 0 {
            tiles.push((k, true));
        }
    }
    let used = orphans.iter().filter(|&&k| counts[k as usize] == 0).count() as u8;
    let doubles: Vec<u8> = if wild > used {
        orphans.clone()
    } else {
        Vec::new()
    };
    if doubles.is_empty() {
        out.push(Reading {
            shape: Shape::ThirteenOrphans,
            groups: vec![Group::new(GroupKind::Orphans, tiles.clone(), false)],
            quads: 0,
        });
    }
    for k in doubles {
        let mut t = tiles.clone();
        t.push((k, true));
        out.push(Reading {
            shape: Shape::ThirteenOrphans,
            groups: vec![Group::new(GroupKind::Orphans, t, false)],
            quads: 0,
        });
    }
}

/// The knitted readings (`WinForms::Knitted`): 全不靠 as one group of fourteen; 组合龙 as
/// the knitted group of nine, then the standard reading of the rest (with the declared
/// meld, if any).
fn knitted(hand: &Hand, fixed: &[Group], rules: EvalRules, out: &mut Vec<Reading>) {
    use crate::eval::knitted as kn;
    let tiles_of = |c: &Counts| -> Vec<(u8, bool)> {
        (0..KINDS as u8)
            .flat_map(|k| std::iter::repeat_n((k, false), c[k as usize] as usize))
            .collect()
    };
    let melds = hand.meld_count();
    if kn::is_honors_and_knitted(&hand.counts, melds) {
        out.push(Reading {
            shape: Shape::HonorsAndKnitted,
            groups: vec![Group::new(
                GroupKind::Knitted,
                tiles_of(&hand.counts),
                false,
            )],
            quads: 0,
        });
    }
    for straight in kn::knitted_straights(&hand.counts, melds, rules) {
        let nine: Counts = std::array::from_fn(|k| u8::from(straight >> k & 1 == 1));
        let mut rest = BTreeSet::new();
        Search {
            rules,
            fixed,
            out: &mut rest,
        }
        .place(
            &mut kn::less(&hand.counts, straight),
            0,
            true,
            &mut Vec::new(),
        );
        for groups in rest {
            let mut all = vec![Group::new(GroupKind::Knitted, tiles_of(&nine), false)];
            all.extend(groups);
            out.push(Reading {
                shape: Shape::KnittedStraight,
                groups: all,
                quads: 0,
            });
        }
    }
}

#[cfg(test)]
#[path = "decompose_tests.rs"]
mod tests;
