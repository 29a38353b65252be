//! The wall: its tiles in draw order, what has been taken, and the check of an explicit
//! wall against the rules.

use crate::error::{Error, Result};
use crate::profiles::{Rules, WallRules};
use crate::tiles::{is_flower, FLOWERS, KINDS};

/// The wall: ordinary draws from the front, replacements from the back (docs/rules.md §2), by
/// stacks of two where the profile builds the wall so (docs/rules.md §11), and dice-chosen
/// replacements that may take a tile from the middle.
#[derive(Debug, Clone)]
pub struct Wall {
    pub(crate) tiles: Vec<u8>,
    /// Tiles taken, by position.
    pub(crate) taken: Vec<bool>,
    /// The next position to draw from the front (tiles before it are all taken);
    /// `front + back` never passes the wall's length.
    pub(crate) front: usize,
    /// How many positions at the back are all taken.
    pub(crate) back: usize,
    /// Tiles not yet taken.
    pub(crate) left: usize,
    /// Replacements take the last stack's top tile, then its bottom.
    pub(crate) stacks: bool,
}

impl Wall {
    /// The wall of `tiles`, none taken (`taken` is a buffer to reuse; what it held is lost).
    pub(crate) fn new(tiles: Vec<u8>, mut taken: Vec<bool>, stacks: bool) -> Wall {
        let n = tiles.len();
        taken.clear();
        taken.resize(n, false);
        Wall {
            tiles,
            taken,
            front: 0,
            back: 0,
            left: n,
            stacks,
        }
    }

    #[must_use]
    pub fn remaining(&self) -> usize {
        self.left
    }

    fn take_at(&mut self, pos: usize) -> u8 {
        self.taken[pos] = true;
        self.left -= 1;
        let n = self.tiles.len();
        while self.front + self.back < n && self.taken[self.front] {
            self.front += 1;
        }
        while self.front + self.back < n && self.taken[n - 1 - self.back] {
            self.back += 1;
        }
        self.tiles[pos]
    }

    /// The next tile from the front or, for a replacement, the back (the last stack's top
    /// tile, then its bottom, when the wall is stacked). Precondition: `remaining() > 0`.
    pub(crate) fn take(&mut self, from_back: bool) -> u8 {
        if !from_back {
            return self.take_at(self.front);
        }
        let last = self.tiles.len() - 1 - self.back;
        let top = last - last % 2;
        if self.stacks && !self.taken[top] {
            self.take_at(top)
        } else {
            self.take_at(last)
        }
    }

    /// The dice's replacement: the top tile (else the bottom) of the `n`-th stack still
    /// holding a tile, counted from the back, or of the front-most such stack if fewer hold
    /// tiles. Precondition: `remaining() > 0`.
    pub(crate) fn take_by_dice(&mut self, n: usize) -> u8 {
        let holding = (0..self.tiles.len().div_ceil(2))
            .rev()
            .filter(|&j| (2 * j..(2 * j + 2).min(self.tiles.len())).any(|p| !self.taken[p]));
        let stack = holding.take(n.max(1)).last().unwrap_or(0);
        let pos = if self.taken[2 * stack] {
            2 * stack + 1
        } else {
            2 * stack
        };
        self.take_at(pos)
    }
}

/// Check an explicit wall and its wildcard kinds against the wall rules `w` of `rules`.
pub(super) fn check_wall(
    rules: &Rules,
    w: &WallRules,
    wall: &[u8],
    wildcards: &[u8],
) -> Result<()> {
    let in_play = w.kinds.count_ones() as usize;
    let flowers = if w.flowers { FLOWERS as usize } else { 0 };
    let size = 4 * in_play + flowers;
    let mut counts = [0usize; KINDS + FLOWERS as usize];
    for (pos, &t) in wall.iter().enumerate() {
        let ok = if is_flower(t) {
            w.flowers
        } else {
            (t as usize) < KINDS && w.kinds >> t & 1 == 1
        };
        if !ok {
            return Err(Error::Wall(format!(
                "tile {t} at wall position {pos} is not in play"
            )));
        }
        counts[t as usize] += 1;
    }
    let want = |t: usize| if t >= KINDS { 1 } else { 4 };
    let in_wall = |t: usize| {
        if t >= KINDS {
            w.flowers
        } else {
            w.kinds >> t & 1 == 1
        }
    };
    if wall.len() != size || (0..counts.len()).any(|t| counts[t] > want(t)) {
        let bad: Vec<String> = (0..counts.len())
            .filter(|&t| in_wall(t) && counts[t] != want(t))
            .take(8)
            .map(|t| format!("{}×{}", crate::tiles::format_mpsz(&[t as u8]), counts[t]))
            .collect();
        let flower_note = if flowers > 0 {
            " and the 8 flowers once"
        } else {
            ""
        };
        return Err(Error::Wall(format!(
            "a wall holds each of the {in_play} kinds in play four times{flower_note} ({size} tiles); got {} tiles{}",
            wall.len(),
            if bad.is_empty() {
                String::new()
            } else {
                format!(", wrong counts: {}", bad.join(", "))
            }
        )));
    }
    let distinct = wildcards.iter().fold(0u64, |m, &k| m | 1 << (k & 63));
    if wildcards.len() != w.wildcards || distinct.count_ones() as usize != wildcards.len() {
        let why = if w.indicator {
            " (the wildcard is turned up from the wall, never given)"
        } else {
            ""
        };
        return Err(Error::Wall(format!(
            "these rules need {} distinct wildcard kind(s), got {wildcards:?}{why}",
            w.wildcards
        )));
    }
    if let Some(k) = wildcards
        .iter()
        .find(|&&k| (k as usize) >= KINDS || w.wildcard_pool >> k & 1 == 0)
    {
        return Err(Error::Wall(format!(
            "wildcard kind {k} is not allowed under these rules ({})",
            rules.describe()
        )));
    }
    Ok(())
}
