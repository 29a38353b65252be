//! The built-in bots: the greedy policy (`greedy.rs`), the expert policy (`expert.rs`), the
//! search over rollouts (`search.rs`) and a seat's player, by name (`player.rs`), as
//! self-play, the RL tables and `koudiandian.bots` play them.

pub mod expert;
pub mod greedy;
mod player;
pub mod search;

pub use player::{Bot, Player};
