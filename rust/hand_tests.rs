//! The table tests of `hand.rs`.

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
    let (chow_1z, chow_9s, chow_1m) = ([meld(Chow, "1z")], [meld(Chow, "9s")], [meld(Chow, "1m")]);
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
            bad_tile("tile 1z at position 9 is an honor, but honors are not in play (no_honors)"),
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
    let mut m = Melds::from_slice(&[pong("1z"), pong("2z"), pong("3z"), pong("4z"), pong("5z")]);
    m.push(pong("6z"));
    assert_eq!(&m[..], [pong("1z"), pong("2z"), pong("3z"), pong("4z")]);
}
