//! The bots under Sichuan's rules (定缺 that binds, 换三张, seats that leave): the contract's
//! auto-play rule before play, void-suit tiles discarded first, and every bot playing
//! seeded hands to their end with the game valid after each step.

use super::played_tests::played;
use crate::bots::sight::Sight;
use crate::bots::{expert, greedy, Bot};
use crate::game::{tile_of, Act, ActionCode, GameCore, Phase};
use crate::profiles::Rules;
use crate::tiles::{hand as counts_of, Counts};

fn sichuan() -> Rules {
    Rules::parse("sichuan").expect("a preset")
}

fn suit_counts(hand: &Counts) -> [u8; 3] {
    std::array::from_fn(|s| hand[9 * s..9 * s + 9].iter().sum())
}

/// The contract's rule, as written: "exchange the three lowest tiles of the suit held least
/// often among suits held 3 times or more; declare void the suit held least often; ties go
/// 万, 筒, 条". The `n`th pick (from 0), and the void suit.
fn rule_pick(hand: &Counts, n: usize) -> u8 {
    let suits = suit_counts(hand);
    let suit = (0..3)
        .filter(|&s| suits[s] >= 3)
        .min_by_key(|&s| (suits[s], s));
    let suit = suit.expect("a hand of 13 or 14 holds some suit 5 times");
    let tiles: Vec<u8> = (9 * suit..9 * suit + 9)
        .flat_map(|k| std::iter::repeat_n(k as u8, usize::from(hand[k])))
        .collect();
    tiles[n]
}

fn rule_void(hand: &Counts) -> u8 {
    let suits = suit_counts(hand);
    (0..3u8).min_by_key(|&s| (suits[s as usize], s)).unwrap()
}

#[test]
fn decisions_before_play_follow_the_contracts_auto_rule() {
    // Every seat of 300 seeded deals: the greedy and the expert choices (the expert's is
    // `Game.default_action`) are the rule's, pick by pick and for the void suit, ties
    // included (a tie for the suit exchanged or declared void is counted).
    let rules = sichuan();
    let (mut exchange_ties, mut void_ties) = (0, 0);
    for seed in 0..300u64 {
        let mut g = GameCore::seeded(rules, (seed % 4) as u8, seed, [0; 4]).unwrap();
        let mut picks = [0usize; 4];
        while matches!(g.phase(), Phase::Exchange | Phase::Void) {
            let seat = g.first_to_act().expect("a seat decides");
            let hand = *g.hand(seat);
            let suits = suit_counts(&hand);
            let expected = if g.phase() == Phase::Exchange {
                let eligible: Vec<u32> = suits
                    .iter()
                    .map(|&n| u32::from(n))
                    .filter(|&n| n >= 3)
                    .collect();
                let least = *eligible.iter().min().unwrap();
                if picks[seat as usize] == 0 && eligible.iter().filter(|&&n| n == least).count() > 1
                {
                    exchange_ties += 1;
                }
                Act::Exchange.code(rule_pick(&hand, picks[seat as usize]))
            } else {
                let least = *suits.iter().min().unwrap();
                if suits
                    .iter()
                    .filter(|&&n| u32::from(n) == u32::from(least))
                    .count()
                    > 1
                {
                    void_ties += 1;
                }
                Act::Void.code(rule_void(&hand))
            };
            let by_expert = expert::action(&mut g, seat);
            let by_greedy = greedy::action(&mut g, seat);
            assert_eq!(by_expert, expected, "seed {seed} seat {seat}: expert");
            assert_eq!(by_greedy, expected, "seed {seed} seat {seat}: greedy");
            if g.phase() == Phase::Exchange {
                picks[seat as usize] += 1;
            }
            g.step(seat, expected).unwrap();
        }
        assert_eq!(g.phase(), Phase::Turn);
    }
    assert!(
        exchange_ties > 10 && void_ties > 10,
        "{exchange_ties} {void_ties}"
    );
}

#[test]
fn the_rule_breaks_ties_toward_wan_then_tong() {
    // 万 and 筒 held 5 times, 条 4: 条 is exchanged, its lowest three. 万 and 筒 tied (条
    // held twice: not eligible): 万, the lowest three with a pair among them. 万 and 筒 tied
    // at 3: 万, exchanged and declared void.
    let cases = [
        ("12345m 12345p 2468s", [19, 21, 23], 2),
        ("11789m 12389p 55s", [0, 0, 6], 2),
        ("234m 567p 12345678s", [1, 2, 3], 0),
    ];
    for (text, picks, void) in cases {
        let hand = counts_of(text);
        let profile = sichuan().profile();
        let mut picked = Vec::new();
        for want in picks {
            let mask = profile.exchange_picks(&sichuan(), &hand, &picked);
            let legal: Vec<ActionCode> = (0..27u8)
                .filter(|&k| mask >> k & 1 == 1)
                .map(|k| Act::Exchange.code(k))
                .collect();
            let got = crate::bots::before_play::choose(&hand, &legal).map(tile_of);
            assert_eq!(got, Some(want), "{text}: pick {}", picked.len());
            picked.push(want);
        }
        let voids: Vec<ActionCode> = (0..3).map(|s| Act::Void.code(s)).collect();
        let got = crate::bots::before_play::choose(&hand, &voids).map(tile_of);
        assert_eq!(got, Some(void), "{text}: void");
    }
}

/// Seat 0's view of a Sichuan hand in play, holding `tiles`, its void suit `void`; nothing
/// discarded or melded, nobody left.
fn view_with(tiles: &str, void: u8) -> crate::game::SeatView {
    let rules = sichuan();
    let mut g = GameCore::seeded(rules, 0, 5, [0; 4]).unwrap();
    while matches!(g.phase(), Phase::Exchange | Phase::Void) {
        let seat = g.first_to_act().unwrap();
        let code = greedy::action(&mut g, seat);
        g.step(seat, code).unwrap();
    }
    let mut view = g.view(0);
    view.hand = crate::tiles::kinds_of(&counts_of(tiles));
    view.voids = [Some(void), Some(0), Some(0), Some(0)];
    view.discards = Default::default();
    view.melds = Default::default();
    view
}

fn choices(tiles: &str, void: u8) -> (ActionCode, ActionCode) {
    let rules = sichuan();
    let view = view_with(tiles, void);
    let counts = counts_of(tiles);
    let me = Sight::of_view(&view, &rules, rules.profile().eval(&rules), counts);
    let void_kinds = 0x1ffu64 << (9 * void);
    // The engine offers only the void suit's tiles while any is held.
    let legal: Vec<ActionCode> = (0..27u8)
        .filter(|&k| counts[k as usize] > 0 && void_kinds >> k & 1 == 1)
        .map(|k| Act::Discard.code(k))
        .collect();
    (greedy::choose(&me, &legal), expert::choose(&me, &legal))
}

#[test]
fn void_tiles_go_first_a_lone_one_before_a_pair() {
    // Void 筒: a lone 2p goes before the 5p pair.
    let (g, e) = choices("123456789m 11s 55p 2p", 1);
    assert_eq!((g, e), (Act::Discard.code(10), Act::Discard.code(10)));
    // Two lone ones: the nearer the middle (5p) before the terminal (1p).
    let (g, e) = choices("123456789m 111s 5p 1p", 1);
    assert_eq!((g, e), (Act::Discard.code(13), Act::Discard.code(13)));
}

#[test]
fn void_tiles_are_dead_to_the_shanten() {
    // 123m 456m 789m 11s with two 筒 (its void suit): not ready (both 筒 must go first, a
    // draw each), where the same hand counting the 筒 as live would be one from ready.
    let rules = sichuan();
    let view = view_with("123456789m 11s 2p 5p", 1);
    let me = Sight::of_view(
        &view,
        &rules,
        rules.profile().eval(&rules),
        counts_of("123456789m 11s 2p 5p"),
    );
    assert!(me.holds_void());
    let s = crate::eval::forms::of_hand(&me.hand(&me.counts, &me.melds), me.eval);
    assert_eq!(s, 2, "each void tile a draw from ready");
}

/// Play `hands` seeded Sichuan hands with `bots` in the seats, the game valid after each
/// step, to their end; each hand's payments sum to zero.
fn play(bots: [Bot; 4], hands: u64) {
    let rules = sichuan();
    for seed in 0..hands {
        played(rules, (seed % 4) as u8, 1_000 + seed, seed, bots);
    }
}

/// Fewer hands in a debug build (slow), 200 in a release build.
fn hands() -> u64 {
    if cfg!(debug_assertions) {
        20
    } else {
        200
    }
}

#[test]
fn greedy_and_expert_play_sichuan_to_the_end() {
    play([Bot::Greedy; 4], hands());
    play([Bot::Expert; 4], hands());
}

#[test]
fn search_plays_sichuan_to_the_end() {
    let search = Bot::parse("search:8").unwrap();
    play([search, Bot::Expert, Bot::Greedy, Bot::Expert], hands());
    let search = Bot::parse("search:8:expert").unwrap();
    play([Bot::Greedy, search, Bot::Greedy, Bot::Greedy], hands() / 4);
}

#[test]
fn the_expert_leans_to_a_suit_it_holds_nine_times() {
    // Void 筒, not ready, nine or more 万: the expert throws a 条 where the greedy policy,
    // by shanten and tiles alone, throws a 万 (a one-suit hand is 清一色, 2 fans).
    let rules = sichuan();
    for (tiles, greedy_discard) in [("1235689m 999m 78s 1s", 4), ("1234678m 99m 2s 58s", 0)] {
        let view = view_with(tiles, 1);
        let counts = counts_of(tiles);
        let me = Sight::of_view(&view, &rules, rules.profile().eval(&rules), counts);
        let legal: Vec<ActionCode> = (0..27u8)
            .filter(|&k| counts[k as usize] > 0)
            .map(|k| Act::Discard.code(k))
            .collect();
        assert_eq!(
            tile_of(greedy::choose(&me, &legal)),
            greedy_discard,
            "{tiles}"
        );
        let by_expert = tile_of(expert::choose(&me, &legal));
        assert_eq!(
            by_expert / 9,
            2,
            "{tiles}: the expert throws a 条, not {by_expert}"
        );
    }
}
