//! The random choices a position is built from ([`Recipe`]) and the proptest strategies that
//! draw them: they shrink, and the build (`build.rs`) is deterministic.

use super::Kind;
use koudiandian::eval::EvalRules;
use koudiandian::hand::MeldKind;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum ShapeChoice {
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
pub(super) enum Group {
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
    pub(super) fn kinds(self, play: &[u8]) -> [u8; 3] {
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
pub(super) struct Recipe {
    pub(super) rules: EvalRules,
    pub(super) wildcard_kinds: Vec<Index>,
    pub(super) melds: Vec<(MeldKind, Index)>,
    pub(super) shape: ShapeChoice,
    pub(super) pair: Index,
    /// Candidate groups, the first that fit are taken.
    pub(super) groups: Vec<Group>,
    /// Candidate pairs of seven pairs, with whether to make it a quad.
    pub(super) pairs: Vec<(Index, bool)>,
    pub(super) doubled_orphan: Index,
    pub(super) random_tiles: Vec<Index>,
    /// The first kind and the number of kinds that a dense hand is drawn from.
    pub(super) window: (Index, usize),
    pub(super) wild_target: usize,
    /// (position in hand, which wildcard kind) to turn into wildcard tiles, in order.
    pub(super) wild_slots: Vec<(Index, Index)>,
    /// (position, new kind) replacements that perturb the complete shape.
    pub(super) perturb: Vec<(Index, Index)>,
    /// The tile a waiting hand loses.
    pub(super) drop: Index,
    /// (position, new kind) replacements that push the hand further from ready.
    pub(super) swaps: Vec<(Index, Index)>,
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

pub(super) fn recipe_strategy(kind: Kind) -> impl Strategy<Value = Recipe> {
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
