//! The greedy policy reads the same sight from the game and from the seat's view.

use super::{action, choose};
use crate::bots::sight::Sight;
use crate::profiles::Rules;

#[test]
fn the_view_and_the_game_give_the_same_choice() {
    // Seeded hands played by the greedy policy, one under a value rule (guobiao's minimum):
    // its choice from the game equals its choice from the seat's view (what
    // `greedy_choice` reads in Python).
    for preset in ["taiyuan", "guobiao"] {
        let rules = Rules::parse(preset).expect("a preset");
        let mut game = crate::game::GameCore::seeded(rules, 0, 11, [0; 4]).expect("deals");
        let mut checked = 0;
        while let Some(seat) = game.first_to_act() {
            let legal = game.legal(seat).to_vec();
            let view = game.view(seat);
            let tiles = crate::tiles::counts_of(&view.hand).expect("tiles");
            let from_view = choose(
                &Sight::of_view(&view, &rules, game.turn_rules.eval, tiles),
                &legal,
            );
            let from_game = action(&mut game, seat);
            assert_eq!(from_view, from_game, "{preset}: seat {seat}");
            game.step(seat, from_game).expect("legal");
            checked += 1;
        }
        assert!(checked > 20, "{preset}: {checked} decisions");
    }
}
