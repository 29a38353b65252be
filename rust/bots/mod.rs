//! The built-in bots: the greedy policy (`greedy.rs`) and a seat's player, random or greedy
//! (`player.rs`), as self-play, the RL tables and `koudiandian.bots` play them.

pub mod greedy;
mod player;

pub use player::{Bot, Player};
