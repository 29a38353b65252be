//! The wall: its tiles in draw order, what has been taken, Botzone's four parts where the
//! rules cut it so, and the check of an explicit wall against the rules.

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
    /// The length of each of the four parts (`WallRules::parts`), 0 for a wall without
    /// parts: part `i` is positions `i * part_len .. (i + 1) * part_len`.
    pub(crate) part_len: usize,
    /// The tiles left in each part: seat `i`'s next is at `i * part_len + part_left[i] - 1`.
    pub(crate) part_left: [usize; 4],
}

impl Wall {
    /// The wall of `tiles`, none taken (`taken` is a buffer to reuse; what it held is lost);
    /// with `parts`, cut into four parts of ⌊n/4⌋ tiles, the tiles past 4⌊n/4⌋ left out.
    pub(crate) fn new(mut tiles: Vec<u8>, mut taken: Vec<bool>, stacks: bool, parts: bool) -> Wall {
        let part_len = if parts { tiles.len() / 4 } else { 0 };
        if parts {
            tiles.truncate(4 * part_len);
        }
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
            part_len,
            part_left: [part_len; 4],
        }
    }

    /// Whether the wall is cut in four parts (`WallRules::parts`).
    #[must_use]
    pub fn has_parts(&self) -> bool {
        self.part_len > 0
    }

    /// The tiles left in seat `seat`'s part of a wall cut in parts; 0 for a wall without
    /// parts. Precondition: `seat < 4`.
    #[must_use]
    pub fn part_remaining(&self, seat: u8) -> usize {
        self.part_left[seat as usize]
    }

    /// The tiles left in each part, for a wall cut in parts.
    #[must_use]
    pub fn parts(&self) -> Option<[usize; 4]> {
        self.has_parts().then_some(self.part_left)
    }

    /// The next tile of seat `seat`'s part, from its end. Precondition: the wall is cut in
    /// parts and `part_remaining(seat) > 0`.
    pub(crate) fn take_from_part(&mut self, seat: u8) -> u8 {
        let s = seat as usize;
        self.part_left[s] -= 1;
        self.take_at(s * self.part_len + self.part_left[s])
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

/// The tiles a seat is dealt.
const DEALT: usize = 13;

/// The tiles seat `seat` is dealt from its part of `wall` cut in parts, in the order it
/// takes them (from the part's end): its 13 that are not flowers, and the flowers among
/// them. Precondition: the wall passed [`check_wall`] under `WallRules::parts`.
pub(crate) fn dealt_from_part(wall: &[u8], seat: u8) -> Vec<u8> {
    let len = wall.len() / 4;
    let part = &wall[seat as usize * len..(seat as usize + 1) * len];
    let mut out = Vec::with_capacity(DEALT + 8);
    let mut dealt = 0;
    for &t in part.iter().rev() {
        if dealt == DEALT {
            break;
        }
        out.push(t);
        dealt += usize::from(!is_flower(t));
    }
    out
}

/// Check an explicit wall cut in parts (`WallRules::parts`): any length, every tile in play
/// (a flower only with `flowers`), no kind more than four times, no flower twice, and each
/// part holding the 13 tiles that are not flowers its seat is dealt.
fn check_parts(w: &WallRules, wall: &[u8]) -> Result<()> {
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
        let most = if is_flower(t) { 1 } else { 4 };
        if counts[t as usize] > most {
            return Err(Error::Wall(format!(
                "tile {} at wall position {pos} is its kind's copy number {} (at most {most})",
                crate::tiles::format_mpsz(&[t]),
                counts[t as usize]
            )));
        }
    }
    let len = wall.len() / 4;
    let short = (0..4).find_map(|seat| {
        let part = &wall[seat * len..(seat + 1) * len];
        let dealt = part.iter().filter(|&&t| !is_flower(t)).count();
        (dealt < DEALT).then_some((seat, dealt))
    });
    if let Some((seat, dealt)) = short {
        return Err(Error::Wall(format!(
            "too few tiles to deal: the wall of {} tiles is cut into four parts of {len}, and \
             part {seat} holds {dealt} tiles that are not flowers ({DEALT} needed)",
            wall.len()
        )));
    }
    Ok(())
}

/// Check an explicit wall and its wildcard kinds against the wall rules `w` of `rules`.
pub(super) fn check_wall(
    rules: &Rules,
    w: &WallRules,
    wall: &[u8],
    wildcards: &[u8],
) -> Result<()> {
    if w.parts {
        check_parts(w, wall)?;
        return check_wildcards(rules, w, wildcards);
    }
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
    check_wildcards(rules, w, wildcards)
}

/// Check an explicit hand's wildcard kinds against the wall rules `w` of `rules`.
fn check_wildcards(rules: &Rules, w: &WallRules, wildcards: &[u8]) -> Result<()> {
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
