//! The built-in bots: what a seat knows (`sight.rs`), the greedy policy (`greedy/`), the
//! expert policy (`expert/`), their decisions before play (`before_play.rs`), the discard of void-suit tiles
//! (`void.rs`), the search
//! over rollouts (`search.rs`) and a seat's player, by name (`player.rs`), as self-play, the
//! RL tables and `koudiandian.bots` play them.

pub mod before_play;
pub mod expert;
pub mod greedy;
mod player;
pub mod search;
pub mod sight;
pub mod void;

pub use player::{Bot, Player};

#[cfg(test)]
mod botzone_tests;
#[cfg(test)]
mod played_tests;
#[cfg(test)]
mod sichuan_tests;
