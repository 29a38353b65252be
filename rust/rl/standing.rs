//! The two planes v3 adds (docs/observation.md, "Observation v3"): what the decisions
//! before play and a hand that goes on after wins (血战到底) show a seat. Plane
//! [`PICKED`]: the tiles the observer has picked to pass on (换三张), by kind, until they
//! are passed. Plane [`STANDING`]: each seat's void suit (定缺) as the observer knows it,
//! whether it has left the hand, its running score's change since the deal (fine and
//! coarse), and which decision before play is under way. Seats are relative to the
//! observer, as in every plane.

use super::planes::{
    COARSE, PICKED, STANDING, ST_EXCHANGE, ST_LEFT, ST_RUNNING, ST_RUNNING_COARSE, ST_VOIDS,
    ST_VOID_PHASE, WIDTH,
};
use super::source::Source;
use crate::game::Phase;

/// A change of score as an entry: clamped to −127..127, plus 128.
fn offset(change: i32) -> u8 {
    (change.clamp(-127, 127) + 128) as u8
}

/// Write the v3 planes of what `src` knows into `out`: plane [`PICKED`] then plane
/// [`STANDING`], every entry. Precondition: `out.len() == 2 * WIDTH`.
pub fn write(src: &impl Source, out: &mut [u8]) {
    out.fill(0);
    let (picked, standing) = out.split_at_mut(WIDTH);
    debug_assert_eq!(STANDING, PICKED + 1);
    for &t in src.picked() {
        if let Some(x) = picked.get_mut(t as usize) {
            *x = x.saturating_add(1);
        }
    }
    let seat = src.seat() % 4;
    let voids = src.voids();
    let left = src.left();
    let running = src.running();
    let scores = src.scores();
    for r in 0..4usize {
        let owner = (seat as usize + r) % 4;
        if let Some(suit) = voids[owner].filter(|&k| k < 3) {
            standing[ST_VOIDS + 3 * r + suit as usize] = 1;
        }
        standing[ST_LEFT + r] = u8::from(left[owner]);
        let change = running[owner].saturating_sub(scores[owner]);
        standing[ST_RUNNING + r] = offset(change);
        standing[ST_RUNNING_COARSE + r] = offset(change.div_euclid(COARSE));
    }
    match src.phase() {
        Phase::Exchange => standing[ST_EXCHANGE] = 1,
        Phase::Void => standing[ST_VOID_PHASE] = 1,
        _ => {}
    }
}
