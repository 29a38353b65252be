//! The only place the RL layer reads `GameCore` fields that have no query method: the
//! scores the hand started with and the wall's tiles (for the oracle encoding).

use crate::game::GameCore;

/// Each seat's score at the start of the hand (the view's `scores`).
pub(crate) fn scores(game: &GameCore) -> [i32; 4] {
    game.scores
}

/// The wall's tiles in order and, by position, whether each has been taken.
pub(crate) fn wall(game: &GameCore) -> (&[u8], &[bool]) {
    let w = game.wall();
    (&w.tiles, &w.taken)
}
