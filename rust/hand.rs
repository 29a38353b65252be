//! A validated hand: natural tile counts, wildcards, and declared melds.

use crate::error::{Error, Result};
use crate::tiles::{Counts, KindMask, FIRST_HONOR, KINDS};

/// How a declared meld was made (docs/rules.md §3). Its JSON name is the snake-case variant name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// 碰
    Pong = 0,
    /// 点杠: direct kong on a discard.
    Kong = 1,
    /// 明杠 / 补杠: added kong.
    AddedKong = 2,
    /// 暗杠: concealed kong.
    ConcealedKong = 3,
    /// 吃: a run claimed from the 上家's discard; its `tile` is the run's lowest tile.
    Chow = 4,
}

impl MeldKind {
    /// # Errors
    /// [`Error::Meld`] for a number outside 0–4.
    pub fn from_index(i: i64) -> Result<Self> {
        Ok(match i {
            0 => Self::Pong,
            1 => Self::Kong,
            2 => Self::AddedKong,
            3 => Self::ConcealedKong,
            4 => Self::Chow,
            _ => return Err(Error::Meld(format!("invalid meld kind {i}; expected 0–4"))),
        })
    }

    /// Tiles the meld holds (a kong still counts as one meld).
    pub const fn size(self) -> u8 {
        match self {
            Self::Pong | Self::Chow => 3,
            _ => 4,
        }
    }

    /// Whether it is one of the three kongs.
    pub const fn is_kong(self) -> bool {
        matches!(self, Self::Kong | Self::AddedKong | Self::ConcealedKong)
    }
}

/// A declared meld: a pong or kong of `tile`, or a chow of the run `tile`, `tile`+1,
/// `tile`+2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld {
    pub kind: MeldKind,
    pub tile: u8,
}

/// The tiles of a meld of `kind` on `tile` as `(kind, count)`: one entry for a pong or kong,
/// three for a chow. Precondition: a chow's `tile` is a suited 1–7.
pub fn meld_tiles(kind: MeldKind, tile: u8) -> impl Iterator<Item = (u8, u8)> {
    let (n, step) = if kind == MeldKind::Chow {
        (3, 1)
    } else {
        (1, 0)
    };
    let each = if kind == MeldKind::Chow {
        1
    } else {
        kind.size()
    };
    (0..n).map(move |i| (tile + i * step, each))
}

/// Add a meld's tiles to `counts` (saturating).
pub fn add_meld(counts: &mut Counts, kind: MeldKind, tile: u8) {
    for (k, n) in meld_tiles(kind, tile) {
        if let Some(c) = counts.get_mut(k as usize) {
            *c = c.saturating_add(n);
        }
    }
}

/// Whether the number of concealed tiles is 3n+2 (a complete hand) or 3n+1 (waiting).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// 14 tiles counting each meld as three.
    Complete,
    /// 13 tiles counting each meld as three.
    Waiting,
    /// Either.
    Any,
}

/// A hand's declared melds, at most four, held inline (a hand is built on every engine and
/// policy decision: no allocation). Reads as a slice of [`Meld`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Melds {
    items: [Meld; 4],
    len: u8,
}

impl Default for Meld {
    fn default() -> Self {
        Meld {
            kind: MeldKind::Pong,
            tile: 0,
        }
    }
}

impl Melds {
    /// The first four of `melds` (a hand never has more).
    #[must_use]
    pub fn from_slice(melds: &[Meld]) -> Melds {
        let mut out = Melds::default();
        for &m in melds.iter().take(4) {
            out.push(m);
        }
        out
    }

    /// Add a meld; a fifth is ignored (a hand holds at most four).
    pub fn push(&mut self, m: Meld) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for Melds {
    type Target = [Meld];
    fn deref(&self) -> &[Meld] {
        &self.items[..self.len as usize]
    }
}

impl std::ops::DerefMut for Melds {
    fn deref_mut(&mut self) -> &mut [Meld] {
        &mut self.items[..self.len as usize]
    }
}

impl std::fmt::Debug for Melds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a Melds {
    type Item = &'a Meld;
    type IntoIter = std::slice::Iter<'a, Meld>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A validated hand.
#[derive(Debug, Clone)]
pub struct Hand {
    /// Natural (non-wildcard) concealed tiles by kind; each ≤ 4.
    pub counts: Counts,
    /// Wildcards among the concealed tiles.
    pub wild: u8,
    /// The declared melds.
    pub melds: Melds,
    /// The wildcard kinds.
    pub wildcards: KindMask,
    /// Tiles of each kind the seat holds: concealed (wildcards included) and in melds.
    pub held: Counts,
}

impl Hand {
    /// The hand of a seat holding `concealed` (tile counts by kind, wildcard kinds included)
    /// and `melds`, with `wildcards` kinds, as the evaluator sees it. Not validated: for
    /// callers that keep the invariants themselves (the game engine, the greedy policy).
    #[must_use]
    pub fn from_counts(concealed: &Counts, melds: &[Meld], wildcards: &[u8]) -> Hand {
        let mut counts = *concealed;
        let mut wild = 0u8;
        let mut mask: KindMask = 0;
        for &k in wildcards {
            wild += counts[k as usize];
            counts[k as usize] = 0;
            mask |= 1 << k;
        }
        let mut held = *concealed;
        for m in melds {
            add_meld(&mut held, m.kind, m.tile);
        }
        Hand {
            counts,
            wild,
            melds: Melds::from_slice(melds),
            wildcards: mask,
            held,
        }
    }

    /// Number of declared melds.
    pub fn meld_count(&self) -> u8 {
        self.melds.len() as u8
    }

    /// Kinds of which the seat holds all four.
    pub fn held_four(&self) -> KindMask {
        self.held
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c >= 4)
            .fold(0, |m, (k, _)| m | 1 << k)
    }

    /// Concealed tiles, counting each meld as three: 14 complete, 13 waiting.
    pub fn size(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum::<u32>()
            + u32::from(self.wild)
            + 3 * u32::from(self.meld_count())
    }

    /// Build and validate a hand.
    ///
    /// `tiles` are kinds 0–33 of the concealed tiles; tiles of a `wildcards` kind count as
    /// wildcards; `honors` says whether honor tiles are in play (false under `no_honors`).
    /// Checks: at most 4 melds, at most 2 distinct wildcard kinds (none an honor without
    /// honors), no meld of a wildcard kind, no kind held more than four times, no honor
    /// without honors, and the tile count that `size` asks for.
    ///
    /// # Errors
    /// The [`Error`] variant for the first problem found, naming the value.
    pub fn new(
        tiles: &[u8],
        melds: &[Meld],
        wildcards: &[u8],
        honors: bool,
        size: Size,
    ) -> Result<Self> {
        let wild_mask = wildcard_mask(wildcards, honors)?;
        if melds.len() > 4 {
            return Err(Error::Meld(format!(
                "{} melds given; at most 4",
                melds.len()
            )));
        }
        let (counts, mut held, wild) = read_concealed(tiles, wild_mask, honors)?;
        for (pos, m) in melds.iter().enumerate() {
            check_meld(pos, m, wild_mask, honors)?;
            add_meld(&mut held, m.kind, m.tile);
        }
        if let Some(k) = held.iter().position(|&c| c > 4) {
            return Err(Error::TileCount(format!(
                "{} copies of {} (hand and melds); there are only four",
                held[k],
                name(k as u8)
            )));
        }
        let hand = Hand {
            counts,
            wild,
            melds: Melds::from_slice(melds),
            wildcards: wild_mask,
            held,
        };
        check_size(hand.size(), tiles.len(), melds.len(), size)?;
        Ok(hand)
    }
}

/// The concealed `tiles` as natural counts, held counts (wildcards included) and the number
/// of wildcards.
fn read_concealed(tiles: &[u8], wild_mask: KindMask, honors: bool) -> Result<(Counts, Counts, u8)> {
    let mut counts = [0u8; KINDS];
    let mut held = [0u8; KINDS];
    let mut wild = 0u8;
    for (pos, &t) in tiles.iter().enumerate() {
        if t as usize >= KINDS {
            return Err(Error::InvalidTile(format!(
                "invalid tile index {t} at position {pos}; expected 0–33"
            )));
        }
        if !honors && t as usize >= FIRST_HONOR {
            return Err(Error::InvalidTile(format!(
                "tile {} at position {pos} is an honor, but honors are not in play (no_honors)",
                name(t)
            )));
        }
        held[t as usize] = held[t as usize].saturating_add(1);
        if wild_mask >> t & 1 == 1 {
            wild = wild.saturating_add(1);
        } else {
            counts[t as usize] = counts[t as usize].saturating_add(1);
        }
    }
    Ok((counts, held, wild))
}

/// Meld number `pos` is of a kind in play, not of a wildcard kind, and a chow is a run.
fn check_meld(pos: usize, m: &Meld, wild_mask: KindMask, honors: bool) -> Result<()> {
    if m.tile as usize >= KINDS {
        return Err(Error::Meld(format!(
            "invalid meld tile index {} in meld {pos}; expected 0–33",
            m.tile
        )));
    }
    if wild_mask >> m.tile & 1 == 1 {
        return Err(Error::Meld(format!(
            "meld {pos} is of the wildcard kind {}; wildcards cannot be melded",
            name(m.tile)
        )));
    }
    if !honors && m.tile as usize >= FIRST_HONOR {
        return Err(Error::Meld(format!(
            "meld {pos} is of the honor {}, but honors are not in play (no_honors)",
            name(m.tile)
        )));
    }
    if m.kind == MeldKind::Chow && (m.tile as usize >= FIRST_HONOR || m.tile % 9 > 6) {
        return Err(Error::Meld(format!(
            "meld {pos} is a chow from {}; a chow's tile is the lowest of a run, 1–7 of a suit",
            name(m.tile)
        )));
    }
    if m.kind == MeldKind::Chow && (1..3).any(|i| wild_mask >> (m.tile + i) & 1 == 1) {
        return Err(Error::Meld(format!(
            "meld {pos} is a chow holding a wildcard kind; wildcards cannot be melded"
        )));
    }
    Ok(())
}

/// A hand of `n` tiles (melds as three), `concealed` of them concealed, with `melds` melds,
/// has the size `size` asks for.
fn check_size(n: u32, concealed: usize, melds: usize, size: Size) -> Result<()> {
    let ok = match size {
        Size::Complete => n == 14,
        Size::Waiting => n == 13,
        Size::Any => n == 13 || n == 14,
    };
    if ok {
        return Ok(());
    }
    let meld_note = if melds == 0 {
        String::new()
    } else {
        format!(" with {melds} meld(s)")
    };
    let want = |full: u32| full - 3 * melds as u32;
    let expected = match size {
        Size::Complete => format!("{} (3n+2)", want(14)),
        Size::Waiting => format!("{} (3n+1)", want(13)),
        Size::Any => format!("{} or {}", want(13), want(14)),
    };
    Err(Error::HandSize(format!(
        "{concealed} concealed tiles{meld_note}; expected {expected}"
    )))
}

/// The wildcard kinds as a mask: at most two distinct kinds, none an honor unless `honors`
/// are in play.
///
/// # Errors
/// [`Error::Wildcard`] naming the bad kind.
pub fn wildcard_mask(wildcards: &[u8], honors: bool) -> Result<KindMask> {
    let mut wild_mask: KindMask = 0;
    for (pos, &w) in wildcards.iter().enumerate() {
        if w as usize >= KINDS {
            return Err(Error::Wildcard(format!(
                "invalid wildcard kind {w} at position {pos}; expected 0–33"
            )));
        }
        if wild_mask >> w & 1 == 1 {
            return Err(Error::Wildcard(format!(
                "wildcard kind {} given twice",
                name(w)
            )));
        }
        if !honors && w as usize >= FIRST_HONOR {
            return Err(Error::Wildcard(format!(
                "wildcard kind {} is an honor, but honors are not in play (no_honors)",
                name(w)
            )));
        }
        wild_mask |= 1 << w;
    }
    if wild_mask.count_ones() > 2 {
        return Err(Error::Wildcard(format!(
            "{} wildcard kinds given; at most 2 (双耗子)",
            wild_mask.count_ones()
        )));
    }
    Ok(wild_mask)
}

/// MPSZ name of a kind, for messages.
pub fn name(kind: u8) -> String {
    if (kind as usize) < KINDS {
        crate::tiles::format_mpsz(&[kind])
    } else {
        format!("#{kind}")
    }
}

#[cfg(test)]
#[path = "hand_tests.rs"]
mod tests;
