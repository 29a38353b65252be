//! The expert and the search under Botzone's rule set (`botzone`, 136 tiles, and
//! `botzone,flowers`, 144), alone and beside the other bots: seeded hands played to their
//! end with the game valid after each step, each hand's payments summing to zero, and every
//! hand drawn only on an empty part. (The random and greedy bots alone:
//! `rust/tests/botzone_soak.rs`.)

use super::played_tests::played;
use crate::bots::Bot;
use crate::profiles::Rules;

/// Play `hands` seeded hands under `rules` (seat 0 deals, as on Botzone) with `bots` in the
/// seats, the game valid after each step, to their end. Returns the hands won.
fn play(rules: &str, bots: [Bot; 4], hands: u64) -> u64 {
    let rules = Rules::parse(rules).expect("a rule set");
    let mut won = 0;
    for seed in 0..hands {
        let g = played(rules, 0, 7_000 + seed, seed, bots);
        let result = g.result().expect("a result");
        if result.winner.is_some() {
            won += 1;
        } else {
            // Drawn: some seat's own part is empty (the seat to draw found it so).
            let empty = (0..4).any(|s| g.part_remaining(s) == 0);
            assert!(
                empty,
                "{bots:?} seed {seed}: drawn with every part holding tiles"
            );
            assert_eq!(
                result.deltas, [0; 4],
                "{bots:?} seed {seed}: a drawn hand pays"
            );
        }
    }
    won
}

/// Fewer hands in a debug build (slow), 300 in a release build.
fn hands() -> u64 {
    if cfg!(debug_assertions) {
        20
    } else {
        300
    }
}

#[test]
fn the_expert_plays_botzone_hands_to_the_end() {
    for rules in ["botzone", "botzone,flowers"] {
        let expert = play(rules, [Bot::Expert; 4], hands());
        // A bot that aims for 8 fans wins some hands.
        assert!(
            expert > hands() / 10,
            "{rules}: the expert won {expert} hands"
        );
        play(
            rules,
            [Bot::Expert, Bot::Greedy, Bot::Random, Bot::Greedy],
            hands(),
        );
    }
}

#[test]
fn search_plays_botzone_hands_to_the_end() {
    let search = Bot::parse("search:8").unwrap();
    for rules in ["botzone", "botzone,flowers"] {
        play(
            rules,
            [search, Bot::Expert, Bot::Greedy, Bot::Expert],
            hands(),
        );
    }
}
