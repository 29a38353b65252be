//! A Botzone seat's world: the game as the seat's requests tell it, played by a judge of its
//! own (`Judge`, on a `GameCore` under the botzone rules) so that the engine, not this
//! module, decides what is legal. The seat's own tiles are exact; the other seats' concealed
//! tiles and the wall's unseen tiles are dealt at random from the tiles it has not seen, and
//! moved when the requests show them (`hiding.rs`). Every seat's actions, as the requests
//! tell them, are played as the answers to the world's judge, which must then send the seat
//! the very request it was sent.
//!
//! The world follows the requests one turn behind when it must: an answer whose step makes
//! the engine draw a tile the requests have not yet told (a discard nobody may claim, the
//! next seat drawing at once) waits for the request that tells it. A request that gives
//! the seat a choice never waits: what it needs is told by then.

use std::collections::VecDeque;

use super::hiding::{deal_wall, draws, Broken, Hiding, Need};
use super::input::{Answers, InitData, SeatAnswer};
use super::judge::{Judge, Stage};
use super::request::{DiscardAfter, Request};
use super::tiles::name;
use crate::game::GameCore;
use crate::rng::Rng;
use crate::tiles::{Counts, KINDS};

/// Tiles each seat is dealt.
const DEALT: usize = super::hiding::DEALT;

/// A seat's world (see the module's doc).
#[derive(Clone)]
pub(super) struct World {
    pub(super) judge: Judge,
    pub(super) me: u8,
    /// The requests the world has not played yet, with their turn numbers; the judge's
    /// current output is turn `judge.turn()`, whose request to the seat is `current`.
    queue: VecDeque<Request>,
    current: Request,
    /// Tiles taken from each part as the requests received tell.
    told_taken: [usize; 4],
    rng: Rng,
}

impl World {
    /// The world of seat `me` under prevalent wind `quan`, dealt `deal` (a [`Request::Deal`]),
    /// from the requests after it (`later`), or `None` while they do not yet tell the
    /// dealer's first draw (the engine deals it with the hand). `flowers`: whether the game
    /// is the 144-tile one.
    pub(super) fn new(
        me: u8,
        quan: u8,
        flowers: bool,
        deal: &Request,
        later: &[Request],
        seed: u64,
    ) -> Result<Option<World>, Broken> {
        let Request::Deal {
            flowers: dealt_flowers,
            tiles,
        } = deal
        else {
            return Err("no deal".into());
        };
        let chain = later
            .iter()
            .position(|r| matches!(r, Request::Drawn(_) | Request::OtherDrew(_)));
        let Some(chain) = chain else {
            return Ok(None);
        };
        let mut rng = Rng::new(seed);
        let wall = deal_wall(
            me,
            flowers,
            dealt_flowers,
            tiles,
            &later[..=chain],
            &mut rng,
        )?;
        let init = InitData {
            wall,
            quan,
            srand: 0,
            given_len: 0,
        };
        let mut judge = Judge::new(init).map_err(|e| e.0)?;
        judge.without_can_hu();
        let told_taken = std::array::from_fn(|s| DEALT + dealt_flowers[s].len());
        let mut world = World {
            judge,
            me,
            queue: VecDeque::new(),
            current: Request::Init { seat: me, quan },
            told_taken,
            rng,
        };
        world.push(deal.clone());
        for r in later {
            world.push(r.clone());
        }
        Ok(Some(world))
    }

    /// A request received (not yet played: [`World::sync`]).
    pub(super) fn push(&mut self, request: Request) {
        match request {
            Request::Drawn(_) => self.told_taken[self.me as usize] += 1,
            Request::OtherDrew(p) | Request::Flower(p, _) => self.told_taken[p as usize] += 1,
            _ => {}
        }
        self.queue.push_back(request);
    }

    /// Whether the world has played every request received.
    pub(super) fn synced(&self) -> bool {
        self.queue.is_empty()
    }

    /// Play the requests received as far as they tell. `kong_of(turn)`: the seat's own
    /// concealed kong answered on judge turn `turn`, if it made one.
    pub(super) fn sync(&mut self, kong_of: &dyn Fn(usize) -> Option<u8>) -> Result<(), Broken> {
        while let Some(next) = self.queue.front().cloned() {
            // The copy to go back to leaves out the output (the next one replaces it).
            let output = std::mem::take(&mut self.judge.output);
            let saved = self.judge.clone();
            match self.advance(&next, kong_of) {
                Ok(true) => {
                    self.queue.pop_front();
                    self.current = next;
                }
                Ok(false) => {
                    self.judge = saved;
                    self.judge.output = output;
                    break;
                }
                Err(e) => return Err(format!("turn {}: {e}", self.judge.turn())),
            }
        }
        Ok(())
    }

    /// Play the answers to the current request that `next` tells; `false` (to undo) when
    /// the engine drew a tile no request has told yet.
    fn advance(
        &mut self,
        next: &Request,
        kong_of: &dyn Fn(usize) -> Option<u8>,
    ) -> Result<bool, Broken> {
        let mut answers: [String; 4] = std::array::from_fn(|_| "PASS".to_owned());
        let mut needs: Vec<(u8, Counts)> = Vec::new();
        // The discard these answers make, if any: its seat and tile.
        let mut discard: Option<(u8, u8)> = None;
        match (&self.current, next) {
            (Request::Drawn(_) | Request::OtherDrew(_), _) => {
                let p = match self.current {
                    Request::Drawn(_) => self.me,
                    Request::OtherDrew(p) => p,
                    _ => unreachable!(),
                };
                let (answer, need) = match *next {
                    Request::Discard(q, DiscardAfter::Draw, t) if q == p => {
                        discard = Some((p, t));
                        (format!("PLAY {}", name(t)), counts(&[(t, 1)]))
                    }
                    Request::Kong(q, Some(t)) if q == p => {
                        (format!("BUGANG {}", name(t)), counts(&[(t, 1)]))
                    }
                    Request::Kong(q, None) if q == p => {
                        let k = self.concealed_kind(p, kong_of)?;
                        (format!("GANG {}", name(k)), counts(&[(k, 4)]))
                    }
                    _ => return Err(format!("{next:?} after seat {p}'s draw")),
                };
                answers[p as usize] = answer;
                needs.push((p, need));
            }
            (&Request::Discard(p, _, t), &Request::Discard(q, after, t2)) if q != p => {
                let (answer, mut need) = match after {
                    DiscardAfter::Pong => (format!("PENG {}", name(t2)), counts(&[(t, 2)])),
                    DiscardAfter::Chow { middle } => {
                        let need = chow_need(middle, t)
                            .ok_or_else(|| format!("no chow with middle {middle} on {t}"))?;
                        (format!("CHI {} {}", name(middle), name(t2)), need)
                    }
                    DiscardAfter::Draw => return Err(format!("{next:?} after a discard")),
                };
                need[t2 as usize] += 1;
                answers[q as usize] = answer;
                needs.push((q, need));
                discard = Some((q, t2));
            }
            (&Request::Discard(p, _, t), &Request::Kong(q, None)) if q != p => {
                "GANG".clone_into(&mut answers[q as usize]);
                needs.push((q, counts(&[(t, 3)])));
            }
            _ => {}
        }
        let plan = self.plan();
        let me = self.me;
        let mut hiding = Hiding {
            game: &mut self.judge.game,
            me,
            plan,
            keep: [[0; KINDS]; 4],
        };
        for (seat, need) in &needs {
            hiding.reveal(*seat, need)?;
        }
        // A claim on the discard about to be made, already told: its tiles go to the
        // claimer first, so that the engine asks it.
        if let Some((d, t)) = discard {
            if let Some(need) = self.queue.get(1).and_then(|r| claim_need(r, d, t)) {
                hiding.reveal(need.0, &need.1)?;
            }
        }
        hiding.prepare()?;
        let claiming = matches!(self.judge.stage, Stage::Discard { .. } | Stage::Kong { .. });
        if claiming && !needs.is_empty() && self.judge.game.phase().awaits_answers() {
            self.reopen_claims();
        }
        let entry: Answers = std::array::from_fn(|s| {
            Some(SeatAnswer {
                verdict: "OK".to_owned(),
                response: answers[s].clone(),
            })
        });
        self.judge.answer(&entry).map_err(|e| e.0)?;
        let sent = self.judge.output["content"][self.me.to_string()]
            .as_str()
            .unwrap_or("");
        let game = &self.judge.game;
        let len = game.part_len();
        let ahead = (0..4u8).any(|s| len - game.part_remaining(s) > self.told_taken[s as usize]);
        if ahead {
            return Ok(false);
        }
        if Request::read(sent).as_ref() != Some(next) {
            return Err(format!("the world sent {sent:?}, the judge {next:?}"));
        }
        Ok(true)
    }

    /// The engine asks the seats again about the tile being answered; the judge's turn
    /// keeps what they are offered now.
    fn reopen_claims(&mut self) {
        self.judge.game.reopen_claims();
        let game = &mut self.judge.game;
        let asked = self.judge.cursor == game.events().len() && game.phase().awaits_answers();
        let options = std::array::from_fn(|s| {
            if asked {
                game.legal(s as u8).to_vec()
            } else {
                Vec::new()
            }
        });
        match &mut self.judge.stage {
            Stage::Discard { options: o, .. } | Stage::Kong { options: o, .. } => *o = options,
            _ => {}
        }
    }

    /// The kind of seat `p`'s concealed kong: the seat's own answer, else (another seat's,
    /// never shown) a kind all four of whose copies the seat has not seen, the one `p`
    /// holds most of.
    fn concealed_kind(
        &mut self,
        p: u8,
        kong_of: &dyn Fn(usize) -> Option<u8>,
    ) -> Result<u8, Broken> {
        if p == self.me {
            let hand = self.judge.game.hand(p);
            return kong_of(self.judge.turn())
                .or_else(|| (0..KINDS as u8).find(|&k| hand[k as usize] == 4))
                .ok_or_else(|| "the seat's own concealed kong is not known".into());
        }
        let plan = self.plan();
        let hiding = Hiding {
            game: &mut self.judge.game,
            me: self.me,
            plan,
            keep: [[0; KINDS]; 4],
        };
        let kinds: Vec<u8> = (0..KINDS as u8)
            .filter(|&k| hiding.movable(k) == 4)
            .collect();
        let most = kinds.iter().map(|&k| hiding.game.hand(p)[k as usize]).max();
        let best: Vec<u8> = kinds
            .into_iter()
            .filter(|&k| Some(hiding.game.hand(p)[k as usize]) == most)
            .collect();
        if best.is_empty() {
            return Err(format!("no kind seat {p} may hold four of"));
        }
        Ok(best[self.rng.below(best.len() as u64) as usize])
    }

    /// The wall positions the queued requests' draws will take, and what each must hold.
    /// The engine may have drawn some already (a flower's replacement is drawn with it).
    fn plan(&self) -> Vec<(usize, Need)> {
        let game = &self.judge.game;
        let len = game.part_len();
        let queued = draws(self.me, self.queue.iter().cloned());
        let mut plan = Vec::new();
        for (s, d) in queued.iter().enumerate() {
            let taken = len - game.part_remaining(s as u8);
            let told_before = self.told_taken[s] - d.len();
            let done = taken.saturating_sub(told_before);
            for (ahead, t) in d.iter().skip(done).enumerate() {
                let Some(pos) = game.part_position(s as u8, ahead) else {
                    break;
                };
                plan.push((pos, t.map_or(Need::NoFlower, Need::Exact)));
            }
        }
        plan
    }

    /// The engine's game (for the seat's decision; a copy to try an answer on).
    pub(super) fn game(&mut self) -> &mut GameCore {
        &mut self.judge.game
    }

    /// What the judge asks of the seat now: its turn's or its claim's options.
    pub(super) fn asked(&mut self) -> Vec<crate::game::ActionCode> {
        let me = self.me;
        match &self.judge.stage {
            Stage::Draw { seat, .. } if *seat == me => self.judge.game.legal(me).to_vec(),
            Stage::Discard { options, .. } | Stage::Kong { options, .. } => {
                options[me as usize].clone()
            }
            _ => Vec::new(),
        }
    }
}

/// Tile counts of `(kind, n)` pairs.
fn counts(of: &[(u8, u8)]) -> Counts {
    let mut c = [0u8; KINDS];
    for &(k, n) in of {
        c[k as usize] += n;
    }
    c
}

/// The seat and tiles of a claim `r` on `d`'s discard of `t` (the claim's own discard
/// aside).
fn claim_need(r: &Request, d: u8, t: u8) -> Option<(u8, Counts)> {
    match *r {
        Request::Discard(q, DiscardAfter::Pong, _) if q != d => Some((q, counts(&[(t, 2)]))),
        Request::Discard(q, DiscardAfter::Chow { middle }, _) if q != d => {
            Some((q, chow_need(middle, t)?))
        }
        Request::Kong(q, None) if q != d => Some((q, counts(&[(t, 3)]))),
        _ => None,
    }
}

/// The two tiles a chow with middle tile `middle` needs beside the discard `t`, or `None`
/// when no run of the discard's suit is centred there.
fn chow_need(middle: u8, t: u8) -> Option<Counts> {
    let (suit, rank) = super::tiles::suited(middle)?;
    let (tsuit, trank) = super::tiles::suited(t)?;
    if suit != tsuit || rank.abs_diff(trank) > 1 || !(2..=8).contains(&rank) {
        return None;
    }
    let mut need = [0u8; KINDS];
    for k in (middle - 1..=middle + 1).filter(|&k| k != t) {
        need[k as usize] += 1;
    }
    Some(need)
}
