//! Random positions for the property tests, built as `tests/support/reference/hands.py`'s
//! `HandGenerator` builds them, so that many are wins or waiting hands: declared melds, then
//! a complete shape (melds and a pair, sometimes seven pairs or thirteen orphans), some tiles
//! turned into wildcard tiles, 0–2 tiles replaced at random, and for a waiting hand one tile
//! taken away. Other positions are drawn at random from the tiles in play, or from a few
//! neighbouring kinds (quads, and wildcards that must stand for a fifth copy). Physical
//! limits always hold: four copies of a kind, melds included (`Hand::new` checks it).
//!
//! A position is built deterministically from a recipe of random choices, which proptest
//! generates and shrinks.//!
//! The position ([`Case`]) and what to build ([`Kind`]) are here; the recipe and its
//! strategies in `positions/recipe.rs`, the build in `positions/build.rs`.

mod build;
mod recipe;

use std::fmt;

use crate::brute::{Counts, KindMask};
use koudiandian::eval::{EvalRules, WinForms};
use koudiandian::hand::{Hand, Meld, MeldKind, Size};
use koudiandian::tiles::format_mpsz;
use proptest::prelude::*;

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

/// Positions of this kind.
pub fn cases(kind: Kind) -> impl Strategy<Value = Case> {
    recipe::recipe_strategy(kind)
        .prop_filter_map("the recipe does not fit in the tiles in play", move |r| {
            r.build(kind)
        })
}
