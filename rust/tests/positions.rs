//! Random positions for the property tests, built as `tests/support/reference/hands.py`'s
//! `HandGenerator` builds them, so that many are wins or waiting hands: declared melds, then
//! a complete shape (melds and a pair, sometimes seven pairs or thirteen orphans), some tiles
//! turned into wildcard tiles, 0–2 tiles replaced at random, and for a waiting hand one tile
//! taken away. Other positions are drawn at random from the tiles in play, or from a few
//! neighbouring kinds (quads, and wildcards that must stand for a fifth copy). Physical
//! limits always hold: four copies of a kind, melds included (`Hand::new` checks it).
//!
//! A position is built deterministically from a recipe of random choices, which proptest
//! generates and shrinks.

use std::fmt;

use crate::brute::{kinds_in_play, Counts, KindMask, ORPHANS};
use koudiandian::eval::{EvalRules, WinForms};
use koudiandian::hand::{Hand, Meld, MeldKind, Size};
use koudiandian::tiles::format_mpsz;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;

/// One position as a seat holds it: concealed tiles (tiles of the wildcard kinds included),
/// declared melds, the wildcard kinds and the rules.
#[derive(Clone)]
pub struct Case {
    pub tiles: Vec<u8>,
    pub melds: Vec<Meld>,
    pub wildcards: Vec<u8>,
    pub rules: EvalRules,
    /// Built as a complete shape and left so: it must win.
    pub intact: bool,
}

impl Case {
    pub fn wildcard_mask(&self) -> KindMask {
        self.wildcards.iter().fold(0, |m, &k| m | 1 << k)
    }

    /// Natural concealed tiles by kind, and the number of wildcards among the concealed tiles.
    pub fn naturals(&self) -> (Counts, u8) {
        let mut counts = [0u8; 34];
        let mut wild = 0;
        for &t in &self.tiles {
            if self.wildcards.contains(&t) {
                wild += 1;
            } else {
                counts[t as usize] += 1;
            }
        }
        (counts, wild)
    }

    /// Tiles of each kind the seat holds: concealed (wildcards included) and in melds.
    pub fn held(&self) -> Counts {
        let mut held = [0u8; 34];
        for &t in &self.tiles {
            held[t as usize] += 1;
        }
        for m in &self.melds {
            koudiandian::hand::add_meld(&mut held, m.kind, m.tile);
        }
        held
    }

    pub fn hand(&self, size: Size) -> Hand {
        Hand::new(
            &self.tiles,
            &self.melds,
            &self.wildcards,
            self.rules.honors(),
            size,
        )
        .unwrap_or_else(|e| panic!("generated an invalid hand {self}: {}", e.message()))
    }
}

/// The hand in MPSZ text with its melds, wildcards and rules, for failure messages.
impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tiles = self.tiles.clone();
        tiles.sort_unstable();
        write!(f, "\"{}\"", format_mpsz(&tiles))?;
        for m in &self.melds {
            let name = match m.kind {
                MeldKind::Pong => "pong",
                MeldKind::Kong => "kong",
                MeldKind::AddedKong => "added kong",
                MeldKind::ConcealedKong => "concealed kong",
                MeldKind::Chow => "chow",
            };
            write!(f, " + {name} {}", format_mpsz(&[m.tile]))?;
        }
        let (_, wild) = self.naturals();
        if self.wildcards.is_empty() {
            write!(f, ", no wildcards")?;
        } else {
            write!(
                f,
                ", wildcards {} ({wild} in hand)",
                format_mpsz(&self.wildcards)
            )?;
        }
        if self.rules.wind_runs {
            write!(f, ", wind_runs")?;
        }
        if self.rules.no_honors {
            write!(f, ", no_honors")?;
        }
        if self.rules.forms == WinForms::LackingASuit {
            write!(f, ", lack_a_suit")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ---------------------------------------------------------------------------------------
// Recipes: the random choices a position is built from (they shrink; the build is
// deterministic)
// ---------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq)]
enum ShapeChoice {
    Standard,
    SevenPairs,
    ThirteenOrphans,
    /// Tiles drawn at random from all the copies left.
    Random,
    /// Tiles drawn at random from the copies of a few neighbouring kinds: quads, and
    /// wildcards standing for a fifth copy.
    Dense,
}

/// A group of three for the standard shape.
#[derive(Debug, Clone, Copy)]
enum Group {
    Run {
        suit: u8,
        start: u8,
    },
    Triplet(Index),
    /// Three different winds: all but the one at this position of 东南西北.
    Winds(u8),
    Dragons,
}

impl Group {
    fn kinds(self, play: &[u8]) -> [u8; 3] {
        match self {
            Group::Run { suit, start } => [0, 1, 2].map(|i| 9 * suit + start + i),
            Group::Triplet(i) => [*i.get(play); 3],
            Group::Winds(out) => {
                let w: Vec<u8> = (27..31).filter(|&k| k != 27 + out).collect();
                [w[0], w[1], w[2]]
            }
            Group::Dragons => [31, 32, 33],
        }
    }
}

#[derive(Debug, Clone)]
struct Recipe {
    rules: EvalRules,
    wildcard_kinds: Vec<Index>,
    melds: Vec<(MeldKind, Index)>,
    shape: ShapeChoice,
    pair: Index,
    /// Candidate groups, the first that fit are taken.
    groups: Vec<Group>,
    /// Candidate pairs of seven pairs, with whether to make it a quad.
    pairs: Vec<(Index, bool)>,
    doubled_orphan: Index,
    random_tiles: Vec<Index>,
    /// The first kind and the number of kinds that a dense hand is drawn from.
    window: (Index, usize),
    wild_target: usize,
    /// (position in hand, which wildcard kind) to turn into wildcard tiles, in order.
    wild_slots: Vec<(Index, Index)>,
    /// (position, new kind) replacements that perturb the complete shape.
    perturb: Vec<(Index, Index)>,
    /// The tile a waiting hand loses.
    drop: Index,
    /// (position, new kind) replacements that push the hand further from ready.
    swaps: Vec<(Index, Index)>,
}

/// What positions to build.
#[derive(Debug, Clone, Copy)]
pub struct Kind {
    /// 13 − 3·melds tiles instead of 14 − 3·melds.
    pub waiting: bool,
    /// Positions drawn at random from the tiles in play instead of from a complete shape.
    pub random: bool,
    /// Up to three more tiles replaced at random (for shanten).
    pub far: bool,
}

fn weighted_usize(weights: &[u32]) -> impl Strategy<Value = usize> {
    let choices: Vec<(u32, Just<usize>)> = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| (w, Just(i)))
        .collect();
    proptest::strategy::Union::new_weighted(choices)
}

fn rules_strategy() -> impl Strategy<Value = EvalRules> {
    // (wind_runs, no_honors): never both (docs/rules.md §8).
    prop_oneof![
        35 => Just((true, false)),
        25 => Just((false, true)),
        40 => Just((false, false)),
    ]
    .prop_map(|(wind_runs, no_honors)| EvalRules {
        wind_runs,
        no_honors,
        ..EvalRules::default()
    })
}

fn group_strategy() -> impl Strategy<Value = Group> {
    prop_oneof![
        4 => (0u8..3, 0u8..7).prop_map(|(suit, start)| Group::Run { suit, start }),
        3 => any::<Index>().prop_map(Group::Triplet),
        2 => (0u8..4).prop_map(Group::Winds),
        1 => Just(Group::Dragons),
    ]
}

fn meld_kind_strategy() -> impl Strategy<Value = MeldKind> {
    prop_oneof![
        Just(MeldKind::Pong),
        Just(MeldKind::Kong),
        Just(MeldKind::AddedKong),
        Just(MeldKind::ConcealedKong),
    ]
}

fn recipe_strategy(kind: Kind) -> impl Strategy<Value = Recipe> {
    let shape = if kind.random {
        prop_oneof![Just(ShapeChoice::Random), Just(ShapeChoice::Dense)].boxed()
    } else {
        prop_oneof![
            75 => Just(ShapeChoice::Standard),
            12 => Just(ShapeChoice::SevenPairs),
            5 => Just(ShapeChoice::ThirteenOrphans),
            5 => Just(ShapeChoice::Random),
            3 => Just(ShapeChoice::Dense),
        ]
        .boxed()
    };
    let pair_with_quad = (any::<Index>(), prop::bool::weighted(0.15));
    let index_pair = || (any::<Index>(), any::<Index>());
    (
        (
            rules_strategy(),
            weighted_usize(&[3, 3, 4]).prop_flat_map(|n| vec(any::<Index>(), n)),
            weighted_usize(&[40, 20, 15, 15, 10])
                .prop_flat_map(|n| vec((meld_kind_strategy(), any::<Index>()), n)),
            shape,
        ),
        (
            any::<Index>(),
            vec(group_strategy(), 10),
            vec(pair_with_quad, 12),
            any::<Index>(),
            vec(any::<Index>(), 14),
            (any::<Index>(), 4usize..=7),
        ),
        (
            weighted_usize(&[8, 8, 7, 6, 5, 4, 3, 2, 2]),
            vec(index_pair(), 14),
            vec(index_pair(), 0..=2),
            any::<Index>(),
            vec(index_pair(), if kind.far { 0..=3 } else { 0..=0 }),
        ),
    )
        .prop_map(
            |(
                (rules, wildcard_kinds, melds, shape),
                (pair, groups, pairs, doubled_orphan, random_tiles, window),
                (wild_target, wild_slots, perturb, drop, swaps),
            )| Recipe {
                rules,
                wildcard_kinds,
                melds,
                shape,
                pair,
                groups,
                pairs,
                doubled_orphan,
                random_tiles,
                window,
                wild_target,
                wild_slots,
                perturb,
                drop,
                swaps,
            },
        )
}

/// Positions of this kind.
pub fn cases(kind: Kind) -> impl Strategy<Value = Case> {
    recipe_strategy(kind)
        .prop_filter_map("the recipe does not fit in the tiles in play", move |r| {
            r.build(kind)
        })
}

/// The physical tiles not yet used: four copies of each kind in play.
struct Copies {
    play: Vec<u8>,
    left: Counts,
}

impl Copies {
    fn new(rules: EvalRules) -> Self {
        let play: Vec<u8> = kinds_in_play(rules).map(|k| k as u8).collect();
        let mut left = [0u8; 34];
        for &k in &play {
            left[k as usize] = 4;
        }
        Copies { play, left }
    }

    /// Take the tiles `kinds` if they are all left; take nothing otherwise.
    fn take(&mut self, kinds: &[u8]) -> bool {
        let mut after = self.left;
        for &k in kinds {
            match after[k as usize].checked_sub(1) {
                Some(c) => after[k as usize] = c,
                None => return false,
            }
        }
        self.left = after;
        true
    }

    /// Exchange `tiles[i]` for a tile of kind `new` (one that is left).
    fn exchange(&mut self, tiles: &mut [u8], i: usize, new: u8) {
        self.left[tiles[i] as usize] += 1;
        self.left[new as usize] -= 1;
        tiles[i] = new;
    }

    /// Exchange the tile at `pos` for one of another kind, picked among the kinds left.
    fn replace(&mut self, tiles: &mut [u8], pos: Index, new: Index) {
        let i = pos.index(tiles.len());
        let candidates: Vec<u8> = self
            .play
            .iter()
            .copied()
            .filter(|&k| self.left[k as usize] > 0 && k != tiles[i])
            .collect();
        self.exchange(tiles, i, *new.get(&candidates));
    }
}

impl Recipe {
    /// The position, or `None` when its shape does not fit in the copies left.
    fn build(&self, kind: Kind) -> Option<Case> {
        let rules = self.rules;
        let mut copies = Copies::new(rules);

        let mut choices = copies.play.clone();
        let mut wildcards: Vec<u8> = self
            .wildcard_kinds
            .iter()
            .map(|i| choices.remove(i.index(choices.len())))
            .collect();
        wildcards.sort_unstable();

        // Declared melds: distinct kinds, none a wildcard kind.
        choices.retain(|k| !wildcards.contains(k));
        let mut melds = Vec::new();
        for &(meld_kind, i) in &self.melds {
            let tile = choices.remove(i.index(choices.len()));
            copies.left[tile as usize] -= meld_kind.size();
            melds.push(Meld {
                kind: meld_kind,
                tile,
            });
        }

        let size = 14 - 3 * melds.len();
        let mut shape = self.shape;
        // Seven pairs and thirteen orphans are concealed shapes; orphans need the honors.
        if (!melds.is_empty()
            && matches!(
                shape,
                ShapeChoice::SevenPairs | ShapeChoice::ThirteenOrphans
            ))
            || (shape == ShapeChoice::ThirteenOrphans && rules.no_honors)
        {
            shape = ShapeChoice::Standard;
        }
        let mut tiles = match shape {
            ShapeChoice::Standard => self.standard(size, &mut copies)?,
            ShapeChoice::SevenPairs => self.seven_pairs(&mut copies)?,
            ShapeChoice::ThirteenOrphans => {
                let mut tiles: Vec<u8> = ORPHANS.iter().map(|&k| k as u8).collect();
                tiles.push(*self.doubled_orphan.get(&tiles));
                copies.take(&tiles).then_some(tiles)?
            }
            ShapeChoice::Random => self.random(size, &mut copies, ..)?,
            ShapeChoice::Dense => {
                let (first, width) = self.window;
                let first = first.index(copies.play.len());
                self.random(size, &mut copies, first..first + width)?
            }
        };

        self.add_wildcards(&mut tiles, &wildcards, &mut copies);
        for &(pos, new) in &self.perturb {
            copies.replace(&mut tiles, pos, new);
        }
        if kind.waiting {
            let i = self.drop.index(tiles.len());
            copies.left[tiles[i] as usize] += 1;
            tiles.remove(i);
        }
        if !tiles.is_empty() {
            for &(pos, new) in &self.swaps {
                copies.replace(&mut tiles, pos, new);
            }
        }
        let intact = !matches!(shape, ShapeChoice::Random | ShapeChoice::Dense)
            && self.perturb.is_empty()
            && !kind.waiting
            && self.swaps.is_empty();
        Some(Case {
            tiles,
            melds,
            wildcards,
            rules,
            intact,
        })
    }

    /// A pair and `(size − 2) / 3` groups, the first candidate groups that fit.
    fn standard(&self, size: usize, copies: &mut Copies) -> Option<Vec<u8>> {
        let pair = *self.pair.get(&copies.play);
        if !copies.take(&[pair, pair]) {
            return None;
        }
        let mut tiles = vec![pair, pair];
        for group in &self.groups {
            if tiles.len() == size {
                break;
            }
            if matches!(group, Group::Winds(_) | Group::Dragons) && !self.rules.wind_runs {
                continue;
            }
            let kinds = group.kinds(&copies.play);
            if copies.take(&kinds) {
                tiles.extend(kinds);
            }
        }
        (tiles.len() == size).then_some(tiles)
    }

    /// Seven pairs, sometimes with quads (two pairs of one kind).
    fn seven_pairs(&self, copies: &mut Copies) -> Option<Vec<u8>> {
        let mut tiles = Vec::new();
        for &(i, quad) in &self.pairs {
            if tiles.len() == 14 {
                break;
            }
            let k = *i.get(&copies.play);
            let n = if quad && tiles.len() <= 10 { 4 } else { 2 };
            let pairs = vec![k; n];
            if copies.take(&pairs) {
                tiles.extend(pairs);
            }
        }
        (tiles.len() == 14).then_some(tiles)
    }

    /// `size` tiles drawn from the copies left of the kinds in play at positions `kinds`,
    /// or `None` when fewer are left.
    fn random(
        &self,
        size: usize,
        copies: &mut Copies,
        kinds: impl std::ops::RangeBounds<usize>,
    ) -> Option<Vec<u8>> {
        let (play, left) = (&copies.play, &copies.left);
        let mut pool: Vec<u8> = (0..play.len())
            .filter(|i| kinds.contains(i))
            .flat_map(|i| std::iter::repeat_n(play[i], left[play[i] as usize] as usize))
            .collect();
        if pool.len() < size {
            return None;
        }
        let tiles: Vec<u8> = self.random_tiles[..size]
            .iter()
            .map(|i| pool.remove(i.index(pool.len())))
            .collect();
        let taken = copies.take(&tiles);
        assert!(taken, "drawn from the pool of copies left");
        Some(tiles)
    }

    /// Turn up to `wild_target` tiles into tiles of the wildcard kinds: a complete hand
    /// stays complete, since a wildcard stands for the tile it replaces.
    fn add_wildcards(&self, tiles: &mut [u8], wildcards: &[u8], copies: &mut Copies) {
        let mut added = 0;
        for &(pos, which) in &self.wild_slots {
            let i = pos.index(tiles.len());
            let free: Vec<u8> = wildcards
                .iter()
                .copied()
                .filter(|&w| copies.left[w as usize] > 0)
                .collect();
            if added == self.wild_target || free.is_empty() {
                break;
            }
            if !wildcards.contains(&tiles[i]) {
                copies.exchange(tiles, i, *which.get(&free));
                added += 1;
            }
        }
    }
}
