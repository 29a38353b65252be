//! A slow reference for the fan table, written for clarity: it lists every reading of a hand
//! (every split of the concealed tiles into groups, tried by brute force, with the declared
//! melds; and seven pairs), checks every pattern of the table against each reading's groups
//! as the contract words it, and keeps the most fans.

use super::fans::{Pattern, Reading};
use crate::hand::{Meld, MeldKind};
use crate::tiles::Counts;

/// One group of a reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Pair,
    Triplet,
    Kong,
    Run,
}

#[derive(Debug, Clone, Copy)]
struct Group {
    shape: Shape,
    /// The group's kind (a run's lowest).
    tile: u8,
    declared: bool,
}

impl Group {
    fn tiles(self) -> Vec<u8> {
        match self.shape {
            Shape::Pair => vec![self.tile; 2],
            Shape::Triplet => vec![self.tile; 3],
            Shape::Kong => vec![self.tile; 4],
            Shape::Run => vec![self.tile, self.tile + 1, self.tile + 2],
        }
    }
}

/// A reading: its groups (declared and concealed) and whether it is seven pairs.
struct Candidate {
    groups: Vec<Group>,
    seven_pairs: bool,
}

impl Candidate {
    fn tiles(&self) -> Vec<u8> {
        self.groups.iter().flat_map(|g| g.tiles()).collect()
    }

    fn sets(&self) -> impl Iterator<Item = &Group> {
        self.groups.iter().filter(|g| g.shape != Shape::Pair)
    }

    fn all_pongs(&self) -> bool {
        !self.seven_pairs
            && self
                .sets()
                .all(|g| matches!(g.shape, Shape::Triplet | Shape::Kong))
    }

    fn one_suit(&self) -> bool {
        let tiles = self.tiles();
        tiles.iter().all(|&t| t / 9 == tiles[0] / 9)
    }

    fn golden_hook(&self) -> bool {
        self.all_pongs() && self.sets().all(|g| g.declared)
    }

    fn terminals(&self) -> bool {
        !self.seven_pairs
            && self
                .groups
                .iter()
                .all(|g| g.tiles().iter().any(|&t| t % 9 == 0 || t % 9 == 8))
    }

    fn only_258(&self) -> bool {
        self.tiles().iter().all(|&t| matches!(t % 9 + 1, 2 | 5 | 8))
    }

    /// Kinds of which the reading holds all four copies.
    fn quads(&self) -> u8 {
        let mut counts = [0u8; 27];
        for t in self.tiles() {
            counts[t as usize] += 1;
        }
        counts.iter().fold(0, |n, &c| n + u8::from(c == 4))
    }

    fn dragon(&self) -> bool {
        self.seven_pairs && self.quads() > 0
    }

    /// Whether the reading satisfies the pattern, in the contract's words.
    fn satisfies(&self, p: Pattern) -> bool {
        match p {
            Pattern::Plain => true,
            Pattern::AllPongs => self.all_pongs(),
            Pattern::OneSuit => self.one_suit(),
            Pattern::SevenPairs => self.seven_pairs,
            Pattern::GoldenHook => self.golden_hook(),
            Pattern::Terminals => self.terminals(),
            Pattern::OneSuitPongs => self.one_suit() && self.all_pongs(),
            Pattern::PurePongs => self.all_pongs() && self.only_258(),
            Pattern::DragonSevenPairs => self.dragon(),
            Pattern::OneSuitSevenPairs => self.one_suit() && self.seven_pairs,
            Pattern::OneSuitGoldenHook => self.one_suit() && self.golden_hook(),
            Pattern::OneSuitTerminals => self.one_suit() && self.terminals(),
            Pattern::PureGoldenHook => self.golden_hook() && self.only_258(),
            Pattern::OneSuitDragonSevenPairs => self.one_suit() && self.dragon(),
        }
    }

    /// The reading's pattern (the highest satisfied; ties: first in `ALL`) and its 根.
    fn score(&self) -> Reading {
        let mut pattern = Pattern::Plain;
        for p in Pattern::ALL {
            if self.satisfies(p) && p.fans() > pattern.fans() {
                pattern = p;
            }
        }
        let dragon = matches!(
            pattern,
            Pattern::DragonSevenPairs | Pattern::OneSuitDragonSevenPairs
        );
        Reading {
            pattern,
            roots: self.quads() - u8::from(dragon),
        }
    }
}

/// Every split of `counts` into groups: `pairs` pairs and `sets` triplets or runs (or only
/// pairs when `sets` is `None`), each appended to `current` and pushed to `out`. The lowest
/// kind held must be in some group: every group it can start is tried.
fn splits(
    counts: &Counts,
    pairs: usize,
    sets: Option<usize>,
    current: &mut Vec<Group>,
    out: &mut Vec<Vec<Group>>,
) {
    let Some(k) = (0..27).find(|&k| counts[k] > 0) else {
        if pairs == 0 && sets.unwrap_or(0) == 0 {
            out.push(current.clone());
        }
        return;
    };
    let mut try_group = |shape: Shape, take: &[usize], pairs: usize, sets: Option<usize>| {
        let mut rest = *counts;
        for &t in take {
            if t >= 27 || t / 9 != k / 9 || rest[t] == 0 {
                return;
            }
            rest[t] -= 1;
        }
        current.push(Group {
            shape,
            tile: k as u8,
            declared: false,
        });
        splits(&rest, pairs, sets, current, out);
        current.pop();
    };
    if pairs > 0 {
        try_group(Shape::Pair, &[k, k], pairs - 1, sets);
    }
    if let Some(n) = sets.filter(|&n| n > 0) {
        try_group(Shape::Triplet, &[k, k, k], pairs, Some(n - 1));
        try_group(Shape::Run, &[k, k + 1, k + 2], pairs, Some(n - 1));
    }
}

/// A declared meld as a group.
fn declared(m: &Meld) -> Group {
    Group {
        shape: match m.kind {
            MeldKind::Pong => Shape::Triplet,
            MeldKind::Chow => Shape::Run,
            _ => Shape::Kong,
        },
        tile: m.tile,
        declared: true,
    }
}

/// Every reading of a complete hand (see `fans::best_reading`).
fn candidates(concealed: &Counts, melds: &[Meld]) -> Vec<Candidate> {
    let mut out = Vec::new();
    if melds.len() <= 4 {
        let mut current: Vec<Group> = melds.iter().map(declared).collect();
        splits(concealed, 1, Some(4 - melds.len()), &mut current, &mut out);
    }
    let mut result: Vec<Candidate> = out
        .into_iter()
        .map(|groups| Candidate {
            groups,
            seven_pairs: false,
        })
        .collect();
    if melds.is_empty() {
        let mut pairs = Vec::new();
        splits(concealed, 7, None, &mut Vec::new(), &mut pairs);
        result.extend(pairs.into_iter().map(|groups| Candidate {
            groups,
            seven_pairs: true,
        }));
    }
    result
}

/// The best reading of a complete hand, by brute force (ties: the pattern first in `ALL`).
pub(super) fn best(concealed: &Counts, melds: &[Meld]) -> Option<Reading> {
    let mut best: Option<Reading> = None;
    for c in candidates(concealed, melds) {
        let r = c.score();
        let better = best.is_none_or(|b| {
            r.fans() > b.fans()
                || (r.fans() == b.fans()
                    && Pattern::ALL.iter().position(|&p| p == r.pattern)
                        < Pattern::ALL.iter().position(|&p| p == b.pattern))
        });
        if better {
            best = Some(r);
        }
    }
    best
}

/// The best value of a 13-tile hand over every kind it could win on (see
/// `fans::best_ready_fans`), by trying all 27.
pub(super) fn ready(concealed: &Counts, melds: &[Meld], void: Option<u8>) -> Option<u8> {
    let mut held = *concealed;
    for t in melds.iter().flat_map(|m| declared(m).tiles()) {
        held[t as usize] += 1;
    }
    if (0..27).any(|k| held[k] > 0 && Some(k as u8 / 9) == void) {
        return None;
    }
    (0..27u8)
        .filter(|&k| Some(k / 9) != void && held[k as usize] < 4)
        .filter_map(|k| {
            let mut hand = *concealed;
            hand[k as usize] += 1;
            best(&hand, melds).map(Reading::fans)
        })
        .max()
}
