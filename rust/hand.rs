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
mod tests {
    use super::*;
    use crate::tiles::{hand as counts, parse};

    fn kinds(text: &str) -> Vec<u8> {
        parse(text).unwrap()
    }

    fn meld(kind: MeldKind, tile: &str) -> Meld {
        Meld {
            kind,
            tile: kinds(tile)[0],
        }
    }

    fn pong(tile: &str) -> Meld {
        meld(MeldKind::Pong, tile)
    }

    fn mask(text: &str) -> KindMask {
        kinds(text).iter().fold(0, |m, &k| m | 1 << k)
    }

    #[test]
    fn valid_hands() {
        use Size::{Any, Complete, Waiting};
        let (kong_7z, pong_1m) = ([meld(MeldKind::ConcealedKong, "7z")], [pong("1m")]);
        let chow = [meld(MeldKind::Chow, "7s"), meld(MeldKind::AddedKong, "1p")];
        // (tiles, melds, wildcard kinds, size, wildcards held, tiles counted, held four)
        let cases: &[(&str, &[Meld], &str, Size, u8, u32, &str)] = &[
            ("123m456p789s111z22z", &[], "", Complete, 0, 14, ""),
            ("123m456p789s111z2z", &[], "", Waiting, 0, 13, ""),
            ("123m456p789s111z2z", &[], "", Any, 0, 13, ""),
            ("1111m456p789s11z2z", &[], "", Any, 0, 13, "1m"),
            // A kong counts as three tiles; the seat holds all four of 7z.
            ("123m456p789s11z", &kong_7z, "", Complete, 0, 14, "7z"),
            // A pong and one in hand are four held.
            ("1m23m456p789s11z", &pong_1m, "", Complete, 0, 14, "1m"),
            ("123m456p11z", &chow, "", Complete, 0, 14, "1p"),
            // Tiles of a wildcard kind are wildcards, not naturals.
            ("123m456p789s111z7z7z", &[], "7z", Complete, 2, 14, ""),
            ("123m456p789s5m5m5m5m", &[], "5m7z", Any, 4, 13, "5m"),
        ];
        for &(tiles, melds, wild, size, n_wild, n, four) in cases {
            let case = format!("{tiles} {melds:?} (wildcards {wild})");
            let h = Hand::new(&kinds(tiles), melds, &kinds(wild), true, size)
                .unwrap_or_else(|e| panic!("{case}: {e}"));
            let mut natural = counts(tiles);
            for k in kinds(wild) {
                natural[k as usize] = 0;
            }
            assert_eq!(h.counts, natural, "{case}");
            assert_eq!(
                (h.wild, h.size(), h.held_four()),
                (n_wild, n, mask(four)),
                "{case}"
            );
            assert_eq!((h.wildcards, &h.melds[..]), (mask(wild), melds), "{case}");
            assert_eq!(h.meld_count() as usize, melds.len(), "{case}");
            // The engine's unchecked constructor builds the same hand.
            let f = Hand::from_counts(&counts(tiles), melds, &kinds(wild));
            let same = (f.counts, f.wild, f.wildcards, f.held, f.melds);
            assert_eq!(
                same,
                (h.counts, h.wild, h.wildcards, h.held, h.melds),
                "{case}"
            );
        }
    }

    /// `Hand::new`'s error for `tiles` with `melds` and the wildcard kinds `wild`.
    fn error(tiles: &str, melds: &[Meld], wild: &str, honors: bool, size: Size) -> Error {
        Hand::new(&kinds(tiles), melds, &kinds(wild), honors, size)
            .err()
            .unwrap_or_else(|| panic!("{tiles} {melds:?} (wildcards {wild}) is valid"))
    }

    #[test]
    fn meld_errors() {
        use MeldKind::Chow;
        let five = [pong("1z"), pong("2z"), pong("3z"), pong("4z"), pong("5z")];
        let flower = [Meld {
            kind: MeldKind::Pong,
            tile: 40,
        }];
        let chow_8m = [pong("1p"), meld(Chow, "8m")];
        let (chow_1z, chow_9s, chow_1m) =
            ([meld(Chow, "1z")], [meld(Chow, "9s")], [meld(Chow, "1m")]);
        // (tiles, melds, wildcard kinds, honors in play, the message)
        let cases: &[(&str, &[Meld], &str, bool, &str)] = &[
            ("11m", &five, "", true, "5 melds given; at most 4"),
            (
                "11m",
                &flower,
                "",
                true,
                "invalid meld tile index 40 in meld 0; expected 0–33",
            ),
            (
                "123m456p789s11z",
                &[pong("5z")],
                "5z",
                true,
                "meld 0 is of the wildcard kind 5z; wildcards cannot be melded",
            ),
            (
                "123m456p789s11p",
                &[pong("7z")],
                "",
                false,
                "meld 0 is of the honor 7z, but honors are not in play (no_honors)",
            ),
            (
                "123m456p11z",
                &chow_8m,
                "",
                true,
                "meld 1 is a chow from 8m; a chow's tile is the lowest of a run, 1–7 of a suit",
            ),
            (
                "11z",
                &chow_1z,
                "",
                true,
                "meld 0 is a chow from 1z; a chow's tile is the lowest of a run, 1–7 of a suit",
            ),
            (
                "11z",
                &chow_9s,
                "",
                true,
                "meld 0 is a chow from 9s; a chow's tile is the lowest of a run, 1–7 of a suit",
            ),
            (
                "11z",
                &chow_1m,
                "3m",
                true,
                "meld 0 is a chow holding a wildcard kind; wildcards cannot be melded",
            ),
        ];
        for &(tiles, melds, wild, honors, message) in cases {
            let e = error(tiles, melds, wild, honors, Size::Any);
            assert_eq!(
                e,
                Error::Meld(message.to_owned()),
                "{tiles} {melds:?} (wildcards {wild})"
            );
        }
    }

    #[test]
    fn tile_errors() {
        let bad_tile = |m: &str| Error::InvalidTile(m.to_owned());
        let copies = |m: &str| Error::TileCount(m.to_owned());
        let (pong_1m, kong_9s) = ([pong("1m")], [meld(MeldKind::Kong, "9s")]);
        // (tiles, melds, wildcard kinds, honors in play, the error)
        let cases: &[(&str, &[Meld], &str, bool, Error)] = &[
            // A flower (1f, kind 34) is no tile of a hand.
            (
                "123m1f",
                &[],
                "",
                true,
                bad_tile("invalid tile index 34 at position 3; expected 0–33"),
            ),
            (
                "123m456p789s1z",
                &[],
                "",
                false,
                bad_tile(
                    "tile 1z at position 9 is an honor, but honors are not in play (no_honors)",
                ),
            ),
            (
                "11111m234p567p789p",
                &[],
                "",
                true,
                copies("5 copies of 1m (hand and melds); there are only four"),
            ),
            // Copies are counted before the size.
            (
                "11111m",
                &[],
                "",
                true,
                copies("5 copies of 1m (hand and melds); there are only four"),
            ),
            (
                "11m234p567p789p",
                &pong_1m,
                "",
                true,
                copies("5 copies of 1m (hand and melds); there are only four"),
            ),
            (
                "9s123m456p11z",
                &kong_9s,
                "",
                true,
                copies("5 copies of 9s (hand and melds); there are only four"),
            ),
            // Wildcards are tiles too: five of a wildcard kind is a fifth copy.
            (
                "55555m234p567p789p",
                &[],
                "5m",
                true,
                copies("5 copies of 5m (hand and melds); there are only four"),
            ),
        ];
        for (tiles, melds, wild, honors, expect) in cases {
            let e = error(tiles, melds, wild, *honors, Size::Any);
            assert_eq!(&e, expect, "{tiles} {melds:?} (wildcards {wild})");
        }
    }

    #[test]
    fn size_errors() {
        use Size::{Any, Complete, Waiting};
        let (one, two) = (
            [pong("1z")],
            [pong("1z"), meld(MeldKind::ConcealedKong, "2z")],
        );
        let four = [pong("1z"), pong("2z"), pong("3z"), pong("4z")];
        // (tiles, melds, wildcard kinds, size, the message)
        let cases: &[(&str, &[Meld], &str, Size, &str)] = &[
            (
                "123m456p789s111z2z",
                &[],
                "",
                Complete,
                "13 concealed tiles; expected 14 (3n+2)",
            ),
            (
                "123m456p789s111z22z",
                &[],
                "",
                Waiting,
                "14 concealed tiles; expected 13 (3n+1)",
            ),
            (
                "123m456p789s111z",
                &[],
                "",
                Any,
                "12 concealed tiles; expected 13 or 14",
            ),
            (
                "123m456p789s111z223z",
                &[],
                "",
                Any,
                "15 concealed tiles; expected 13 or 14",
            ),
            // Wildcards are concealed tiles.
            (
                "123m456p789s1z7z7z",
                &[],
                "7z",
                Complete,
                "12 concealed tiles; expected 14 (3n+2)",
            ),
            // Each meld, a kong too, stands for three tiles.
            (
                "123m456p789s5z",
                &one,
                "",
                Complete,
                "10 concealed tiles with 1 meld(s); expected 11 (3n+2)",
            ),
            (
                "123m456p789s",
                &two,
                "",
                Waiting,
                "9 concealed tiles with 2 meld(s); expected 7 (3n+1)",
            ),
            (
                "",
                &four,
                "",
                Any,
                "0 concealed tiles with 4 meld(s); expected 1 or 2",
            ),
        ];
        for &(tiles, melds, wild, size, message) in cases {
            let e = error(tiles, melds, wild, true, size);
            assert_eq!(
                e,
                Error::HandSize(message.to_owned()),
                "{tiles} {melds:?} {size:?}"
            );
        }
    }

    #[test]
    fn wildcard_kinds() {
        // (kinds, honors in play, the mask or the error)
        let cases: &[(&[u8], bool, std::result::Result<KindMask, &str>)] = &[
            (&[], true, Ok(0)),
            (&[4], true, Ok(1 << 4)),
            (&[4, 33], true, Ok(1 << 4 | 1 << 33)),
            (&[26], false, Ok(1 << 26)),
            (
                &[34],
                true,
                Err("invalid wildcard kind 34 at position 0; expected 0–33"),
            ),
            (
                &[1, 200],
                true,
                Err("invalid wildcard kind 200 at position 1; expected 0–33"),
            ),
            (&[4, 4], true, Err("wildcard kind 5m given twice")),
            (
                &[33],
                false,
                Err("wildcard kind 7z is an honor, but honors are not in play (no_honors)"),
            ),
            (
                &[1, 2, 3],
                true,
                Err("3 wildcard kinds given; at most 2 (双耗子)"),
            ),
        ];
        for &(wild, honors, expect) in cases {
            let expect = expect.map_err(|m| Error::Wildcard(m.to_owned()));
            assert_eq!(
                wildcard_mask(wild, honors),
                expect,
                "{wild:?}, honors {honors}"
            );
            // Hand::new checks the wildcard kinds first.
            if let Err(e) = expect {
                let got = Hand::new(&kinds("1f"), &[], wild, honors, Size::Any).err();
                assert_eq!(got, Some(e), "{wild:?}, honors {honors}");
            }
        }
    }
    #[test]
    fn meld_kinds() {
        use MeldKind::{AddedKong, Chow, ConcealedKong, Kong, Pong};
        // (number, kind, tiles, a kong): the binding's integers.
        let cases = [
            (0, Pong, 3, false),
            (1, Kong, 4, true),
            (2, AddedKong, 4, true),
            (3, ConcealedKong, 4, true),
            (4, Chow, 3, false),
        ];
        for (i, kind, size, kong) in cases {
            assert_eq!(MeldKind::from_index(i), Ok(kind), "{i}");
            assert_eq!((kind.size(), kind.is_kong()), (size, kong), "{kind:?}");
        }
        for i in [-1, 5, 255] {
            let e = Error::Meld(format!("invalid meld kind {i}; expected 0–4"));
            assert_eq!(MeldKind::from_index(i), Err(e), "{i}");
        }
        // A chow adds one of each of its three kinds, a pong three, a kong four.
        let mut c = [0u8; KINDS];
        add_meld(&mut c, Chow, 6);
        add_meld(&mut c, Pong, 8);
        add_meld(&mut c, ConcealedKong, 33);
        assert_eq!(c, counts("789m999m7777z"));
        // Melds holds four at most: a fifth is left out.
        let mut m =
            Melds::from_slice(&[pong("1z"), pong("2z"), pong("3z"), pong("4z"), pong("5z")]);
        m.push(pong("6z"));
        assert_eq!(&m[..], [pong("1z"), pong("2z"), pong("3z"), pong("4z")]);
    }
}
