//! The built-in policies' decisions before play (docs/rules.md): pass on the lowest tiles
//! of the suit held least (换三张) and declare void the suit held least (定缺), so that a
//! seat keeps the suits it holds most. This is Sichuan's auto-play rule, word for word
//! (`RULES-sichuan.md`: "exchange the three lowest tiles of the suit held least often among
//! suits held 3 times or more; declare void the suit held least often; ties go 万, 筒, 条"),
//! and so what `Game.default_action` plays: the greedy and the expert policies decide them
//! alike; a search takes the expert's choice.

use crate::game::{tile_of, Act, ActionCode};
use crate::tiles::Counts;

/// Tiles held of each suit (m p s).
fn suit_counts(counts: &Counts) -> [u32; 3] {
    std::array::from_fn(|s| counts[9 * s..9 * s + 9].iter().map(|&n| u32::from(n)).sum())
}

/// The choice among `legal` when it offers a decision before play, else `None`.
///
/// - A pick for the exchange: the lowest tile of the suit held least among the picks offered
///   (honours only when no suited tile is offered), a tie to the lower suit. The profile
///   offers the first pick in the suits it allows (Sichuan: those held three times or more)
///   and the later ones in the first one's suit, each kind while held more often than
///   picked, so the picks are that suit's lowest tiles in order.
/// - A void suit: the suit held least, a tie to the lower suit.
///
/// Precondition: `counts` are the deciding seat's concealed tiles.
#[must_use]
pub fn choose(counts: &Counts, legal: &[ActionCode]) -> Option<ActionCode> {
    let suits = suit_counts(counts);
    let pick = legal
        .iter()
        .copied()
        .filter(|&c| Act::of(c) == Act::Exchange)
        .min_by_key(|&c| {
            let t = usize::from(tile_of(c));
            let suit = suits.get(t / 9).copied().unwrap_or(u32::MAX);
            (suit, t / 9, t)
        });
    pick.or_else(|| {
        legal
            .iter()
            .copied()
            .filter(|&c| Act::of(c) == Act::Void)
            .min_by_key(|&c| {
                let s = usize::from(tile_of(c));
                (suits.get(s).copied().unwrap_or(u32::MAX), s)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand as counts;

    #[test]
    fn picks_and_voids_go_to_the_suit_held_least() {
        let exchange = |text: &str, offered: &[u8]| {
            let legal: Vec<ActionCode> = offered.iter().map(|&t| Act::Exchange.code(t)).collect();
            choose(&counts(text), &legal).map(tile_of)
        };
        let all = |text: &str| -> Vec<u8> {
            let c = counts(text);
            (0..34u8).filter(|&k| c[k as usize] > 0).collect()
        };
        // One case a line: the hand, the pick expected (a kind index).
        let hand = "1123456m 2278p 39s 1z";
        assert_eq!(
            exchange(hand, &all(hand)),
            Some(20),
            "{hand}: 3s, of the suit held least"
        );
        let hand = "123456789m 1155p 7z";
        assert_eq!(
            exchange(hand, &all(hand)),
            Some(9),
            "{hand}: 1p before the 7z"
        );
        let hand = "1234m 1234p 1234s 7z";
        assert_eq!(
            exchange(hand, &all(hand)),
            Some(0),
            "{hand}: a tie goes to m"
        );
        let hand = "111222333444m 7z";
        assert_eq!(
            exchange(hand, &all(hand)),
            Some(0),
            "{hand}: only m and an honour"
        );
        let hand = "1111m 7z";
        assert_eq!(
            exchange(hand, &[33]),
            Some(33),
            "{hand}: an honour when that is all"
        );
        let void = |text: &str| {
            let legal: Vec<ActionCode> = (0..3).map(|s| Act::Void.code(s)).collect();
            choose(&counts(text), &legal).map(tile_of)
        };
        assert_eq!(void("1123456m 2278p 39s 1z"), Some(2));
        assert_eq!(
            void("123456789m 1155s 7z"),
            Some(1),
            "a suit not held at all"
        );
        assert_eq!(void("123m 456p 789s 1122z"), Some(0), "a tie goes to m");
        assert_eq!(choose(&counts("123m"), &[Act::Discard.code(0)]), None);
    }
}
