//! The built-in bots: the greedy policy (`greedy.rs`), the expert policy (`expert.rs`) and a seat's player, random or greedy
//! (`player.rs`), as self-play, the RL tables and `koudiandian.bots` play them.

pub mod expert;
pub mod greedy;
mod player;

pub use player::{Bot, Player};
