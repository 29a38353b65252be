//! A seeded hand played to its end by bots with `validate` after every step: what the
//! profiles' bot tests (`botzone_tests.rs`, `sichuan_tests.rs`) share.

use crate::bots::{Bot, Player};
use crate::game::{GameCore, Phase};
use crate::profiles::Rules;

/// The hand of `rules` dealt by `dealer` from wall seed `seed`, played by `bots` (player `s`
/// seeded `4 * player_seed + s`) to its end; the game valid at the deal and after every step,
/// every choice legal, the payments summing to zero. Returns the finished game.
pub(super) fn played(
    rules: Rules,
    dealer: u8,
    seed: u64,
    player_seed: u64,
    bots: [Bot; 4],
) -> GameCore {
    let mut g = GameCore::seeded(rules, dealer, seed, [0; 4]).unwrap();
    g.validate()
        .unwrap_or_else(|e| panic!("{bots:?} seed {seed} at the deal: {e}"));
    let mut players: Vec<Player> = (0..4)
        .map(|s| Player::new(bots[s], player_seed * 4 + s as u64))
        .collect();
    while let Some(seat) = g.first_to_act() {
        let code = players[seat as usize].act(&mut g, seat);
        g.step(seat, code).expect("a bot's choice is legal");
        g.validate()
            .unwrap_or_else(|e| panic!("{bots:?} seed {seed} after {code}: {e}"));
    }
    assert_eq!(g.phase(), Phase::Over);
    let result = g.result().expect("a result");
    assert_eq!(result.deltas.iter().sum::<i32>(), 0, "{bots:?} seed {seed}");
    g
}
