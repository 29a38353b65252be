//! Table tests of the fan calculator: hands whose fans are worked out by hand from the rules
//! (and agree with the reference, which `tests/profiles/guobiao/` checks on 100,000 more).

use super::*;
use crate::tiles::{counts_of, parse};

fn input_fans(
    tiles: &str,
    win: &str,
    melds: &[(MeldKind, &str, u8)],
    situation: Situation,
    flowers: u8,
) -> Result<Vec<(&'static str, u32)>> {
    let concealed = counts_of(&parse(tiles)?)?;
    let melds: Vec<FanMeld> = melds
        .iter()
        .map(|&(kind, tile, offer)| FanMeld {
            meld: Meld {
                kind,
                tile: parse(tile).unwrap()[0],
            },
            offer,
        })
        .collect();
    let fans = score(&WinInput {
        melds: &melds,
        concealed: &concealed,
        win_tile: parse(win)?[0],
        flowers,
        seat_wind: 0,
        prevalent_wind: 0,
        situation,
    })?;
    Ok(fans
        .items
        .iter()
        .map(|f| (f.fan.name(), f.points()))
        .collect())
}

fn fans_of(
    tiles: &str,
    win: &str,
    melds: &[(MeldKind, &str, u8)],
    s: Situation,
) -> Vec<(&'static str, u32)> {
    input_fans(tiles, win, melds, s, 0).unwrap()
}

const DISCARD: Situation = Situation {
    self_drawn: false,
    last_copy: false,
    kong: false,
    wall_last: false,
};
const SELF_DRAWN: Situation = Situation {
    self_drawn: true,
    ..DISCARD
};

#[test]
fn table() {
    assert_eq!(Fan::ALL.len(), FAN_COUNT);
    assert_eq!(Fan::ALL.iter().filter(|f| f.value() == 88).count(), 7);
    assert_eq!(Fan::ConcealedKongAndMeldedKong.name(), "明暗杠");
    assert_eq!(Fan::ConcealedKongAndMeldedKong.value(), 5);
    assert_eq!(Fan::SingleWait.name(), "独听・单钓");
    for (i, f) in Fan::ALL.iter().enumerate() {
        assert_eq!(*f as usize, i);
    }
}

/// Each fan's key names it once, in the reference's English words.
#[test]
fn keys() {
    let keys: std::collections::BTreeSet<&str> = Fan::ALL.iter().map(|f| f.key()).collect();
    assert_eq!(keys.len(), FAN_COUNT, "one key a fan");
    assert_eq!(Fan::BigFourWinds.key(), "big_four_winds");
    assert_eq!(Fan::SingleWait.key(), "single_wait");
    assert_eq!(
        Fan::ConcealedKongAndMeldedKong.key(),
        "concealed_kong_and_melded_kong"
    );
    assert_eq!(
        Fan::from_index(FAN_COUNT + 3),
        Fan::ConcealedKongAndMeldedKong
    );
}

#[test]
fn known_hands() {
    use MeldKind::{AddedKong, ConcealedKong, Kong};
    // 清龙 16, 不求人 4, 喜相逢 1 (123m 123p), 缺一门 1, 单钓将 1, flowers.
    assert_eq!(
        input_fans("123456789m123p1z", "1z", &[], SELF_DRAWN, 2).unwrap(),
        [
            ("清龙", 16),
            ("不求人", 4),
            ("喜相逢", 1),
            ("缺一门", 1),
            ("独听・单钓", 1),
            ("花牌", 2)
        ]
    );
    assert_eq!(
        fans_of("19m19p19s1234567z", "1m", &[], DISCARD),
        [("十三幺", 88)]
    );
    assert_eq!(
        fans_of("147m25p36s123456z", "7z", &[], SELF_DRAWN),
        [("七星不靠", 24), ("自摸", 1)]
    );
    // Four chows no two of which are related: no pairwise fan (and no underflow).
    let unrelated = fans_of("123567m345p789s9p", "9p", &[], DISCARD);
    assert!(
        unrelated
            .iter()
            .all(|(name, _)| !matches!(*name, "一般高" | "喜相逢" | "连六" | "老少副")),
        "{unrelated:?}"
    );
    // 组合龙 with a chow and a pair of 白 won on it: 门前清, 单钓将.
    assert_eq!(
        fans_of("147m258p369s123m5z", "5z", &[], DISCARD),
        [("组合龙", 12), ("门前清", 2), ("独听・单钓", 1)]
    );
    // One exposed and one concealed kong: 明暗杠 5, two 幺九刻.
    assert_eq!(
        fans_of(
            "123p456s5z",
            "5z",
            &[(Kong, "1m", 1), (ConcealedKong, "9p", 0)],
            DISCARD
        ),
        [("幺九刻", 2), ("独听・单钓", 1), ("明暗杠", 5)]
    );
    // 抢杠和 is not also 和绝张.
    let robbed = Situation {
        kong: true,
        last_copy: true,
        ..DISCARD
    };
    assert_eq!(
        fans_of("12m345p678s11z", "3m", &[(AddedKong, "5z", 2)], robbed),
        [
            ("抢杠和", 8),
            ("五门齐", 6),
            ("箭刻", 2),
            ("明杠", 1),
            ("独听・边张", 1)
        ]
    );
    // 四暗刻 self-drawn: its 不求人 becomes 自摸.
    assert_eq!(
        fans_of("111m222p333s444z5z", "5z", &[], SELF_DRAWN),
        [
            ("四暗刻", 64),
            ("三色三节高", 8),
            ("五门齐", 6),
            ("幺九刻", 2),
            ("独听・单钓", 1),
            ("自摸", 1)
        ]
    );
    assert_eq!(
        fans_of("1112345678999m", "5m", &[], SELF_DRAWN),
        [("九莲宝灯", 88), ("双暗刻", 2), ("幺九刻", 1), ("自摸", 1)]
    );
    assert_eq!(
        fans_of("2233445566778p", "8p", &[], DISCARD),
        [("连七对", 88), ("断幺", 2)]
    );
}

#[test]
fn refusals() {
    // Not complete.
    assert!(matches!(
        input_fans("123456789m123p1z", "2z", &[], DISCARD, 0),
        Err(Error::NotWinning(_))
    ));
    // Five of a kind, a bad offer, a chow past 9, too many flowers.
    assert!(matches!(
        input_fans("11112345678999m", "1m", &[], DISCARD, 0),
        Err(Error::HandSize(_))
    ));
    assert!(matches!(
        input_fans("1111234567899m", "1m", &[], DISCARD, 0),
        Err(Error::TileCount(_))
    ));
    assert!(matches!(
        input_fans(
            "4567899m",
            "9m",
            &[(MeldKind::Pong, "1z", 0), (MeldKind::Pong, "2z", 1)],
            DISCARD,
            0
        ),
        Err(Error::Meld(_))
    ));
    assert!(matches!(
        input_fans(
            "4567899m",
            "9m",
            &[(MeldKind::Chow, "8m", 1), (MeldKind::Pong, "2z", 1)],
            DISCARD,
            0
        ),
        Err(Error::Meld(_))
    ));
    assert!(matches!(
        input_fans("123456789m123p1z", "1z", &[], DISCARD, 9),
        Err(Error::Argument(_))
    ));
}
