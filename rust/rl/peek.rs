//! The only place the RL layer reads `GameCore` fields that have no query method (the
//! scores the hand started with, the wall's tiles for the oracle encoding, a seat's
//! decisions before play not yet revealed) or calls its transition directly (a step
//! already checked against the table's mask).

use crate::game::{tile_of, ActionCode, GameCore, Phase};

/// Each seat's score at the start of the hand (the view's `scores`).
pub(crate) fn scores(game: &GameCore) -> [i32; 4] {
    game.scores
}

/// The wall's tiles in order and, by position, whether each has been taken.
pub(crate) fn wall(game: &GameCore) -> (&[u8], &[bool]) {
    let w = game.wall();
    (&w.tiles, &w.taken)
}

/// The void suit `seat` has chosen while the others still choose (定缺, the void phase):
/// its answer, hidden from the other seats until all four are revealed.
/// Precondition: `seat < 4`.
pub(crate) fn void_chosen(game: &GameCore, seat: u8) -> Option<u8> {
    (game.phase == Phase::Void)
        .then(|| game.answers[seat as usize].map(tile_of))
        .flatten()
}

/// The tiles `seat` has picked to pass on (换三张), in order, until they are passed.
/// Precondition: `seat < 4`.
pub(crate) fn picked(game: &GameCore, seat: u8) -> &[u8] {
    &game.seats[seat as usize].picked
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
