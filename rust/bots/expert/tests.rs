//! The expert's choices on positions built by hand: it plays for what a win is worth under
//! the profile, and it defends against a declared seat.

use super::choose;
use crate::bots::sight::Sight;
use crate::game::{Act, ActionCode, GameCore, SeatView};
use crate::profiles::Rules;
use crate::tiles::{Counts, KINDS};

const E: u8 = 27;

fn counts(tiles: &[u8]) -> Counts {
    let mut c = [0u8; KINDS];
    for &t in tiles {
        c[t as usize] += 1;
    }
    c
}

/// Seat 0's view of a hand of `tiles` under `rules`, not the dealer's: nobody declared,
/// nothing discarded or melded, no flowers, wildcards or indicator, 60 tiles in the wall.
fn view(rules: &Rules, tiles: &[u8]) -> SeatView {
    let mut game = GameCore::seeded(*rules, 1, 0, [0; 4]).expect("deals");
    let mut view = game.view(0);
    view.hand = tiles.to_vec();
    view.melds = Default::default();
    view.discards = Default::default();
    view.declared = [false; 4];
    view.flowers = Default::default();
    view.wildcards = Vec::new();
    view.indicator = None;
    view.claim_tile = None;
    view.wall_remaining = 60;
    view
}

/// The sight of the seat of `view` under `rules`.
fn sight<'a>(view: &'a SeatView, rules: &'a Rules) -> Sight<'a> {
    let counts = crate::tiles::counts_of(&view.hand).expect("tiles");
    Sight::of_view(view, rules, rules.profile().eval(rules), counts)
}

fn discards(tiles: &[u8]) -> Vec<ActionCode> {
    let c = counts(tiles);
    (0..KINDS as u8)
        .filter(|&k| c[k as usize] > 0)
        .map(|k| Act::Discard.code(k))
        .collect()
}

#[test]
fn plays_the_wait_the_profile_pays_for_over_the_wider_one() {
    // 123m 456p 789p, then 2s 3s 4s 5s and East. Discarding East waits on 2s/5s (six live
    // tiles, but under Taiyuan's thresholds neither may win on a discard and only 5s on a
    // self-draw); discarding 2s or 5s waits on East alone (three live, worth 10 points,
    // wins on a discard too). The greedy policy takes the six tiles; the expert the value.
    let rules = Rules::parse("taiyuan").expect("a preset");
    let tiles = [0, 1, 2, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, E];
    let view = view(&rules, &tiles);
    let me = sight(&view, &rules);
    let legal = discards(&tiles);
    let choice = choose(&me, &legal);
    assert!(
        choice == Act::Discard.code(19) || choice == Act::Discard.code(22),
        "expected 2s or 5s, got {choice}"
    );
    let greedy = crate::bots::greedy::choose(&me, &legal);
    assert_eq!(
        greedy,
        Act::Discard.code(E),
        "the greedy policy counts tiles only"
    );
}

#[test]
fn folds_to_a_declared_seat_with_a_tile_passed_since() {
    // Far from ready: a run, partials, a pair and five lone honours, every suited tile
    // worth 6 or more (under Taiyuan a tile worth less cannot be won on a discard: safe
    // anyway). Offence alone drops an honour; once seat 1 has declared and seat 2 has
    // discarded 6p after it, the expert breaks its 6p pair (a kind that went past the
    // declared hand) rather than drop an honour no one has discarded.
    let rules = Rules::parse("taiyuan").expect("a preset");
    let tiles = [5, 6, 14, 14, 16, 17, 23, 24, 25, E, 28, 29, 30, 31];
    let legal = discards(&tiles);
    let mut view = view(&rules, &tiles);
    let calm = choose(&sight(&view, &rules), &legal);
    assert!(
        (27..32).any(|k| calm == Act::Discard.code(k)),
        "without a threat an honour goes, got {calm}"
    );
    view.declared[1] = true;
    view.discards[1] = vec![Some(26), None];
    view.discards[2] = vec![Some(0), Some(8), Some(14)];
    assert_eq!(choose(&sight(&view, &rules), &legal), Act::Discard.code(14));
}

#[test]
fn the_view_and_the_game_give_the_same_sight() {
    // A seeded hand played by the expert for a while: its choice from the game equals its
    // choice from the seat's view (what `expert_choice` reads in Python).
    let rules = Rules::parse("taiyuan").expect("a preset");
    let mut game = crate::game::GameCore::seeded(rules, 0, 7, [0; 4]).expect("deals");
    let mut checked = 0;
    while let Some(seat) = game.first_to_act() {
        let legal = game.legal(seat).to_vec();
        let view = game.view(seat);
        let tiles = crate::tiles::counts_of(&view.hand).expect("tiles");
        let from_view = choose(
            &Sight::of_view(&view, &rules, game.turn_rules.eval, tiles),
            &legal,
        );
        let from_game = super::action(&mut game, seat);
        assert_eq!(from_view, from_game);
        game.step(seat, from_game).expect("legal");
        checked += 1;
    }
    assert!(checked > 20);
}
