//! The only place the RL layer reads `GameCore` fields that have no query method (the
//! scores the hand started with, the wall's tiles for the oracle encoding, who is to act)
//! or calls its transition directly (a step already checked against the table's mask).

use crate::game::{ActionCode, GameCore};

/// Each seat's score at the start of the hand (the view's `scores`).
pub(crate) fn scores(game: &GameCore) -> [i32; 4] {
    game.scores
}

/// The wall's tiles in order and, by position, whether each has been taken.
pub(crate) fn wall(game: &GameCore) -> (&[u8], &[bool]) {
    let w = game.wall();
    (&w.tiles, &w.taken)
}

/// `GameCore::step` for an action already checked against `seat`'s legal actions (the
/// table's mask): the same transition without checking it again.
/// Precondition: `seat` is to act and `code` is among its legal actions.
pub(crate) fn step_checked(game: &mut GameCore, seat: u8, code: ActionCode) {
    debug_assert!(game.to_act().contains(&seat));
    debug_assert!(game
        .legal_actions(seat)
        .is_ok_and(|legal| legal.contains(&code)));
    game.apply(seat, code, false);
    game.advance();
}
