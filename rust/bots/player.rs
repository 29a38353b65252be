//! The built-in bots: `random` (uniform over the legal actions, from its own seeded
//! generator), `greedy` ([`crate::bots::greedy`]) and `expert` ([`crate::bots::expert`]), as
//! `koudiandian.bots.RandomBot`, `GreedyBot` and `ExpertBot` play.

use crate::error::{Error, Result};
use crate::game::{ActionCode, GameCore};
use crate::rng::Rng;

/// A built-in bot, by its command-line name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bot {
    Random,
    Greedy,
    Expert,
}

impl Bot {
    /// The bot of a name (`"random"`, `"greedy"`, `"expert"`).
    ///
    /// # Errors
    /// [`Error::Argument`] for any other name.
    pub fn parse(name: &str) -> Result<Bot> {
        match name {
            "random" => Ok(Bot::Random),
            "greedy" => Ok(Bot::Greedy),
            "expert" => Ok(Bot::Expert),
            _ => Err(Error::Argument(format!(
                "unknown built-in bot {name:?}; known: random, greedy, expert"
            ))),
        }
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Greedy => "greedy",
            Bot::Expert => "expert",
        }
    }
}

/// A bot in a seat for one hand, with the generator it was seeded with.
#[derive(Debug, Clone)]
pub struct Player {
    bot: Bot,
    rng: Rng,
}

impl Player {
    /// `bot` seeded with `seed` (as `RandomBot(seed)` is; the greedy bot ignores it).
    #[must_use]
    pub fn new(bot: Bot, seed: u64) -> Player {
        Player {
            bot,
            rng: Rng::new(seed),
        }
    }

    /// The player's choice for `seat`. Precondition: `seat` is to act in `game`.
    pub fn act(&mut self, game: &mut GameCore, seat: u8) -> ActionCode {
        match self.bot {
            Bot::Random => {
                let legal = game.legal(seat);
                legal[self.rng.below(legal.len() as u64) as usize]
            }
            Bot::Greedy => super::greedy::action(game, seat),
            Bot::Expert => super::expert::action(game, seat),
        }
    }
}
