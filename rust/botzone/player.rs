//! A built-in bot as a Botzone bot: the seat's side of the protocol. Each request is read
//! ([`Request::read`]) and played into the seat's world (`world.rs`); where the request
//! gives a choice, the bot decides on the world's game from what the seat sees and the
//! legal actions the engine gives, and the decision is written as Botzone's answer (a pong
//! or a chow with the discard the bot then makes on the game after it). A request with no
//! choice is answered `PASS`.
//!
//! If the world cannot be made true to the requests (a bug, or requests no judge sends), the
//! player answers on without it, always legally: `PLAY X` for a drawn `X`, `PASS` to
//! everything else ([`BotzonePlayer::broken`] says why).

use super::request::Request;
use super::tiles::name;
use super::world::World;
use crate::bots::{Bot, Player};
use crate::error::{Error, Result};
use crate::game::{tile_of, Act, ActionCode, GameCore, Phase};

/// A built-in bot playing one Botzone game from one seat.
#[derive(Clone)]
pub struct BotzonePlayer {
    bot: Player,
    seed: u64,
    requests: Vec<Request>,
    /// The seat's concealed kongs: the turn it answered each on, and its kind.
    kongs: Vec<(usize, u8)>,
    /// Whether the game has flowers (the deal showed one, or a flower was drawn).
    flowers: bool,
    world: Option<World>,
    broken: Option<String>,
    choice: bool,
}

impl BotzonePlayer {
    /// `bot` for one game, seeded with `seed` (its generator and the world's unseen tiles).
    #[must_use]
    pub fn new(bot: Bot, seed: u64) -> BotzonePlayer {
        BotzonePlayer {
            bot: Player::new(bot, seed),
            seed,
            requests: Vec::new(),
            kongs: Vec::new(),
            flowers: false,
            world: None,
            broken: None,
            choice: false,
        }
    }

    /// The answer to the game's next request.
    ///
    /// # Errors
    /// [`Error::Argument`] for text that is no request, or a first request that is not
    /// turn 1's (`0 seat quan`).
    pub fn answer(&mut self, request: &str) -> Result<String> {
        let r = self.receive(request)?;
        Ok(self.decide(&r))
    }

    /// A turn already played (restart mode's history): the request, and the answer the
    /// bot gave to it.
    ///
    /// # Errors
    /// As [`BotzonePlayer::answer`].
    pub fn replay(&mut self, request: &str, response: &str) -> Result<()> {
        let r = self.receive(request)?;
        self.choice = false;
        if let (Request::Drawn(_), Some(k)) = (&r, response.strip_prefix("GANG ")) {
            if let Some(k) = super::tiles::kind(k) {
                self.kongs.push((self.requests.len(), k));
            }
        }
        Ok(())
    }

    /// Whether the last request answered gave a choice among two answers or more.
    #[must_use]
    pub fn had_choice(&self) -> bool {
        self.choice
    }

    /// Why the world was given up, if it was (answers are then `PLAY X` or `PASS`).
    #[must_use]
    pub fn broken(&self) -> Option<&str> {
        self.broken.as_deref()
    }

    /// The requests received.
    #[must_use]
    pub fn turns(&self) -> usize {
        self.requests.len()
    }

    /// The seat's world's game, once dealt (for tests).
    #[cfg(test)]
    pub(super) fn world_game(&mut self) -> Option<&mut GameCore> {
        self.world.as_mut().map(World::game)
    }

    fn receive(&mut self, text: &str) -> Result<Request> {
        let r = Request::read(text)
            .ok_or_else(|| Error::Argument(format!("not a Botzone mahjong request: {text:?}")))?;
        if self.requests.is_empty() != matches!(r, Request::Init { .. }) {
            return Err(Error::Argument(format!(
                "request {text:?} at turn {}: a game's first request, and only it, is `0 seat quan`",
                self.requests.len() + 1
            )));
        }
        self.requests.push(r.clone());
        if matches!(r, Request::Init { .. }) {
            // The policies' tables, built at turn 1 (only `PASS` to answer, the time of a
            // first turn) rather than at the first decision.
            crate::eval::shanten::warm_up();
        }
        if self.broken.is_some() {
            return Ok(r);
        }
        if let Request::Deal { flowers, .. } = &r {
            self.flowers = flowers.iter().any(|f| !f.is_empty());
        }
        let unexpected_flower = matches!(r, Request::Flower(..)) && !self.flowers;
        if unexpected_flower {
            // A game with flowers that dealt none: the world is dealt again with them.
            self.flowers = true;
            self.world = None;
        }
        if let Some(world) = &mut self.world {
            world.push(r.clone());
        } else if let Err(e) = self.build() {
            self.give_up(e);
            return Ok(r);
        }
        let kongs = &self.kongs;
        // A request that can only be passed (another seat's draw or kong, a flower, the
        // seat's own discard) is played with the next one: its step often draws a tile
        // that only the next request tells.
        if let Some(world) = self.world.as_mut().filter(|w| may_choose(&r, w.me)) {
            let kong_of = |turn: usize| kongs.iter().find(|k| k.0 == turn).map(|k| k.1);
            if let Err(e) = world.sync(&kong_of) {
                self.give_up(e);
            }
        }
        Ok(r)
    }

    /// Deal the world once the requests tell the deal and the dealer's first draw.
    fn build(&mut self) -> std::result::Result<(), String> {
        let (Some(Request::Init { seat, quan }), Some(deal)) =
            (self.requests.first(), self.requests.get(1))
        else {
            return Ok(());
        };
        let world = World::new(
            *seat,
            *quan,
            self.flowers,
            deal,
            &self.requests[2..],
            self.seed,
        )?;
        self.world = world;
        Ok(())
    }

    fn give_up(&mut self, why: String) {
        self.broken = Some(why);
        self.world = None;
    }

    /// The answer to `r`, the request just received.
    fn decide(&mut self, r: &Request) -> String {
        self.choice = false;
        let fallback = match *r {
            Request::Drawn(x) => format!("PLAY {}", name(x)),
            _ => "PASS".to_owned(),
        };
        let Some(world) = self.world.as_mut().filter(|w| w.synced()) else {
            return fallback;
        };
        let legal = world.asked();
        if legal.len() < 2 {
            // No choice: `PASS`, or a turn's one discard.
            return match legal.first() {
                Some(&code) if Act::of(code) == Act::Discard => text_of(code, None),
                _ => fallback,
            };
        }
        self.choice = true;
        let me = world.me;
        let (code, text) = choose(&mut self.bot, world.game(), me);
        if Act::of(code) == Act::ConcealedKong {
            self.kongs.push((self.requests.len(), tile_of(code)));
        }
        text
    }
}

/// The bot's choice for seat `me`, to act in `game` with two legal actions or more, and
/// its answer (a pong or a chow with the discard the bot then makes, or `PASS` if it makes
/// none).
pub(super) fn choose(bot: &mut Player, game: &mut GameCore, me: u8) -> (ActionCode, String) {
    let code = bot.act(game, me);
    let then = match Act::of(code) {
        Act::Pong | Act::Chow => match follow_up(bot, game, me, code) {
            Some(t) => Some(t),
            None => return (code, "PASS".to_owned()),
        },
        _ => None,
    };
    (code, text_of(code, then))
}

/// Whether request `r` may give seat `me` a choice (its draw, another seat's discard or
/// added kong: the requests whose answers are more than `PASS`).
fn may_choose(r: &Request, me: u8) -> bool {
    match *r {
        Request::Drawn(_) => true,
        Request::Discard(p, ..) | Request::Kong(p, Some(_)) => p != me,
        _ => false,
    }
}

/// The discard the bot makes after claiming with `code` (the other seats asked pass), on a
/// copy of the game; `None` if the claim leaves it none.
fn follow_up(bot: &mut Player, game: &GameCore, me: u8, code: ActionCode) -> Option<u8> {
    let mut g = game.clone();
    g.step(me, code).ok()?;
    for s in (0..4u8).filter(|&s| s != me) {
        if g.phase().awaits_answers() && g.is_to_act(s) {
            g.step(s, Act::Pass.code(0)).ok()?;
        }
    }
    if g.phase() != Phase::Turn || g.turn() != me {
        return None;
    }
    let discard = bot.act(&mut g, me);
    (Act::of(discard) == Act::Discard).then(|| tile_of(discard))
}

/// Botzone's answer for the engine's action `code` (`then`: the discard after a pong or a
/// chow).
fn text_of(code: ActionCode, then: Option<u8>) -> String {
    let t = tile_of(code);
    let then = then.map_or("", name);
    match Act::of(code) {
        Act::Discard => format!("PLAY {}", name(t)),
        Act::ConcealedKong => format!("GANG {}", name(t)),
        Act::AddedKong => format!("BUGANG {}", name(t)),
        Act::SelfDrawWin | Act::Win => "HU".to_owned(),
        Act::Kong => "GANG".to_owned(),
        Act::Pong => format!("PENG {then}"),
        Act::Chow => format!("CHI {} {then}", name(t + 1)),
        _ => "PASS".to_owned(),
    }
}
