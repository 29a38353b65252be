//! The built-in bots: `random` (uniform over the legal actions, from its own seeded
//! generator), `greedy` ([`crate::bots::greedy`]), `expert` ([`crate::bots::expert`]) and
//! `search` ([`crate::bots::search`]), as `koudiandian.bots.RandomBot`, `GreedyBot`,
//! `ExpertBot` and `SearchBot` play.

use crate::error::{Error, Result};
use crate::game::{ActionCode, GameCore};
use crate::rng::Rng;

use super::search::Search;

/// A built-in bot, by its command-line name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bot {
    Random,
    Greedy,
    Expert,
    Search(Search),
}

impl Bot {
    /// The bot of a name (`"random"`, `"greedy"`, `"expert"`, `"search"` with its settings,
    /// [`Search::parse`]).
    ///
    /// # Errors
    /// [`Error::Argument`] for any other name, or a search's bad settings.
    pub fn parse(name: &str) -> Result<Bot> {
        match name {
            "random" => Ok(Bot::Random),
            "greedy" => Ok(Bot::Greedy),
            "expert" => Ok(Bot::Expert),
            _ if name == "search" || name.starts_with("search:") => {
                Search::parse(name).map(Bot::Search)
            }
            _ => Err(Error::Argument(format!(
                "unknown built-in bot {name:?}; known: random, greedy, expert, search[:...]"
            ))),
        }
    }

    /// The name that parses back to this bot.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Bot::Random => "random".to_owned(),
            Bot::Greedy => "greedy".to_owned(),
            Bot::Expert => "expert".to_owned(),
            Bot::Search(search) => search.name(),
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
    /// `bot` seeded with `seed` (as `RandomBot(seed)` is; a search deals its worlds from it;
    /// the greedy and expert bots ignore it).
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
            Bot::Search(search) => {
                let seed = self.rng.next_u64();
                search.action(game, seat, seed)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Phase;
    use crate::profiles::Rules;

    /// The bots weigh many hands no random player reaches (every candidate's win scored):
    /// in a debug build, where arithmetic overflow panics, each bot plays every profile's
    /// hands to their end, and each hand's payments sum to zero.
    #[test]
    fn each_bot_plays_every_profile_to_the_end() {
        for profile in [
            "taiyuan", "queyimen", "hebei", "changsha", "guobiao", "tiny",
        ] {
            let rules = Rules::parse(profile).unwrap();
            for bot in [Bot::Greedy, Bot::Expert] {
                for seed in 0..12u64 {
                    let mut g = GameCore::seeded(rules, (seed % 4) as u8, seed, [0; 4]).unwrap();
                    let mut player = Player::new(bot, seed);
                    while let Some(seat) = g.first_to_act() {
                        let code = player.act(&mut g, seat);
                        g.step(seat, code).expect("a bot's choice is legal");
                    }
                    assert_eq!(g.phase(), Phase::Over);
                    let result = g.result().expect("an ended hand has a result");
                    assert_eq!(
                        result.deltas.iter().sum::<i32>(),
                        0,
                        "{profile} seed {seed}"
                    );
                }
            }
        }
    }
}
