//! Where a seat's world hides what the seat cannot see, and how the world keeps it true to
//! what the seat is told: a tile another seat shows is moved into that seat's concealed
//! hand from an unseen copy ([`Hiding::reveal`]), and the tiles the requests say a seat
//! draws next are moved to the ends of its part before the engine draws them
//! ([`Hiding::prepare`]). Every move is [`GameCore::swap_hidden`]: nothing the seat can
//! see changes. The world's first wall ([`deal_wall`]) deals the seat what it was dealt
//! and everything else at random.

use super::request::Request;
use super::tiles::name;
use crate::game::{dealt_from_part, GameCore, Hidden};
use crate::rng::Rng;
use crate::tiles::{is_flower, Counts, FIRST_FLOWER, FLOWERS, KINDS};

/// Tiles each seat is dealt.
pub(super) const DEALT: usize = 13;

/// What a wall position must hold when its seat draws it, as the requests tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Need {
    /// This very tile: the seat's own draw, or a flower announced.
    Exact(u8),
    /// Any tile that is no flower: another seat's draw (`3 p DRAW`).
    NoFlower,
}

/// A world's hidden places, for one round of moves: the seat whose view it is, the wall
/// positions the known draws need (`plan`), and the tiles each seat must keep (`keep`).
pub(super) struct Hiding<'a> {
    pub(super) game: &'a mut GameCore,
    pub(super) me: u8,
    pub(super) plan: Vec<(usize, Need)>,
    pub(super) keep: [Counts; 4],
}

/// An error of a world that cannot be made true to what the seat was told.
pub(super) type Broken = String;

impl Hiding<'_> {
    /// What `plan` needs at `pos`, if anything.
    fn need_at(&self, pos: usize) -> Option<Need> {
        self.plan.iter().find(|p| p.0 == pos).map(|p| p.1)
    }

    /// Whether `pos` holds the very tile an exact need wants there.
    fn settled(&self, pos: usize) -> bool {
        matches!(self.need_at(pos), Some(Need::Exact(t)) if self.game.untaken_tile(pos) == Some(t))
    }

    /// An untaken wall position holding `tile` that is not settled ([`Hiding::settled`]):
    /// one no need names, or with `any_need` one whose need is not met by its tile.
    fn wall_copy(&self, tile: u8, any_need: bool) -> Option<usize> {
        (0..4 * self.game.part_len()).find(|&pos| {
            self.game.untaken_tile(pos) == Some(tile)
                && if any_need {
                    !self.settled(pos)
                } else {
                    self.need_at(pos).is_none()
                }
        })
    }

    /// Another seat's hand (not `me`, not `but`) holding a copy of `tile` it need not keep.
    fn hand_copy(&self, tile: u8, but: u8) -> Option<u8> {
        (0..4u8).find(|&s| {
            s != self.me
                && s != but
                && self.game.hand(s)[tile as usize] > self.keep[s as usize][tile as usize]
        })
    }

    /// Make `seat`'s concealed hand hold at least `need` (and keep it through the rest of
    /// the round), moving unseen copies in and tiles it need not keep out.
    pub(super) fn reveal(&mut self, seat: u8, need: &Counts) -> Result<(), Broken> {
        for k in 0..KINDS {
            self.keep[seat as usize][k] = self.keep[seat as usize][k].max(need[k]);
        }
        if seat == self.me {
            let short = (0..KINDS).any(|k| self.game.hand(seat)[k] < need[k]);
            return if short {
                Err(format!(
                    "the seat's own hand lacks what it showed: {need:?}"
                ))
            } else {
                Ok(())
            };
        }
        for k in 0..KINDS as u8 {
            while self.game.hand(seat)[k as usize] < need[k as usize] {
                let hand = self.game.hand(seat);
                let keep = &self.keep[seat as usize];
                let give = (0..KINDS as u8)
                    .find(|&u| hand[u as usize] > keep[u as usize])
                    .ok_or_else(|| format!("seat {seat} has no tile to give for kind {k}"))?;
                let from = if let Some(pos) = self.wall_copy(k, false) {
                    Hidden::Wall(pos)
                } else if let Some(s) = self.hand_copy(k, seat) {
                    Hidden::Hand(s)
                } else if let Some(pos) = self.wall_copy(k, true) {
                    Hidden::Wall(pos)
                } else if self.rekind_kong_of(k)? {
                    continue;
                } else {
                    return Err(format!("no unseen copy of kind {k} for seat {seat}"));
                };
                self.game.swap_hidden(Hidden::Hand(seat), give, from, k);
            }
        }
        Ok(())
    }

    /// Another seat's concealed kong of `k` (a kind the world chose: the seat never saw it)
    /// made of another kind, all four of whose copies are movable; `false` if there is none.
    fn rekind_kong_of(&mut self, k: u8) -> Result<bool, Broken> {
        let owner = (0..4u8).filter(|&s| s != self.me).find(|&s| {
            self.game
                .melds(s)
                .iter()
                .any(|m| m.kind == crate::hand::MeldKind::ConcealedKong && m.tile == k)
        });
        let Some(owner) = owner else {
            return Ok(false);
        };
        let Some(new) = (0..KINDS as u8).find(|&n| n != k && self.movable_kept(n) >= 4) else {
            return Err(format!(
                "no kind for seat {owner}'s concealed kong instead of {k}"
            ));
        };
        let mut places = Vec::with_capacity(4);
        for s in (0..4u8).filter(|&s| s != self.me) {
            let spare =
                self.game.hand(s)[new as usize].saturating_sub(self.keep[s as usize][new as usize]);
            places.extend(std::iter::repeat_n(Hidden::Hand(s), spare as usize));
        }
        for pos in 0..4 * self.game.part_len() {
            if self.game.untaken_tile(pos) == Some(new) && !self.settled(pos) {
                places.push(Hidden::Wall(pos));
            }
        }
        let places: [Hidden; 4] = places[..4].try_into().expect("four places");
        self.game.rekind_concealed_kong(owner, k, new, places);
        Ok(true)
    }

    /// [`Hiding::movable`] less the copies hands must keep.
    fn movable_kept(&self, k: u8) -> usize {
        let kept: usize = (0..4u8)
            .filter(|&s| s != self.me)
            .map(|s| self.keep[s as usize][k as usize] as usize)
            .sum();
        self.movable(k).saturating_sub(kept)
    }

    /// Copies of kind `k` the seat cannot see that a world may move: in other hands than
    /// its own, in wall positions no exact need holds.
    pub(super) fn movable(&self, k: u8) -> usize {
        let hands: usize = (0..4u8)
            .filter(|&s| s != self.me)
            .map(|s| self.game.hand(s)[k as usize] as usize)
            .sum();
        let wall = (0..4 * self.game.part_len())
            .filter(|&pos| self.game.untaken_tile(pos) == Some(k) && !self.settled(pos))
            .count();
        hands + wall
    }

    /// Put every planned tile in place: the flowers, then the seat's own draws, then no
    /// flower where another seat draws.
    pub(super) fn prepare(&mut self) -> Result<(), Broken> {
        let plan = self.plan.clone();
        for &(pos, need) in &plan {
            if let Need::Exact(t) = need {
                if is_flower(t) {
                    self.place_flower(pos, t)?;
                }
            }
        }
        for &(pos, need) in &plan {
            if let Need::Exact(t) = need {
                if !is_flower(t) {
                    self.place_tile(pos, t)?;
                }
            }
        }
        for &(pos, need) in &plan {
            if need == Need::NoFlower {
                self.clear_flower(pos)?;
            }
        }
        Ok(())
    }

    fn tile_at(&self, pos: usize) -> Result<u8, Broken> {
        self.game
            .untaken_tile(pos)
            .ok_or_else(|| format!("wall position {pos} is taken"))
    }

    /// The flower `h` to `pos` (a flower is only ever in the wall).
    fn place_flower(&mut self, pos: usize, h: u8) -> Result<(), Broken> {
        let here = self.tile_at(pos)?;
        if here == h {
            return Ok(());
        }
        let from = (0..4 * self.game.part_len())
            .find(|&q| self.game.untaken_tile(q) == Some(h))
            .ok_or_else(|| format!("flower {h} is not in the wall"))?;
        self.game
            .swap_hidden(Hidden::Wall(pos), here, Hidden::Wall(from), h);
        Ok(())
    }

    /// An unplanned untaken wall position holding no flower.
    fn free_tile_position(&self) -> Option<usize> {
        (0..4 * self.game.part_len()).find(|&q| {
            self.game.untaken_tile(q).is_some_and(|t| !is_flower(t)) && self.need_at(q).is_none()
        })
    }

    /// The seat's own next tile `t` to `pos`.
    fn place_tile(&mut self, pos: usize, t: u8) -> Result<(), Broken> {
        let here = self.tile_at(pos)?;
        if here == t {
            return Ok(());
        }
        if let Some(from) = self.wall_copy(t, true) {
            self.game
                .swap_hidden(Hidden::Wall(pos), here, Hidden::Wall(from), t);
            return Ok(());
        }
        let Some(s) = self.hand_copy(t, self.me) else {
            if self.rekind_kong_of(t)? {
                return self.place_tile(pos, t);
            }
            return Err(format!("no unseen copy of kind {t} to draw"));
        };
        if is_flower(here) {
            self.clear_flower(pos)?;
        }
        let here = self.tile_at(pos)?;
        self.game
            .swap_hidden(Hidden::Wall(pos), here, Hidden::Hand(s), t);
        Ok(())
    }

    /// No flower at `pos`: a flower there changes place with an unplanned tile.
    fn clear_flower(&mut self, pos: usize) -> Result<(), Broken> {
        let here = self.tile_at(pos)?;
        if !is_flower(here) {
            return Ok(());
        }
        let from = self
            .free_tile_position()
            .ok_or_else(|| "no tile but flowers left to draw".to_owned())?;
        let there = self.tile_at(from)?;
        self.game
            .swap_hidden(Hidden::Wall(pos), here, Hidden::Wall(from), there);
        Ok(())
    }
}

/// The seat's next draws the requests in `requests` tell, by seat: the tile (the seat's
/// own), the flower, or `None` (another seat's tile).
pub(super) fn draws(me: u8, requests: impl Iterator<Item = Request>) -> [Vec<Option<u8>>; 4] {
    let mut out: [Vec<Option<u8>>; 4] = Default::default();
    for r in requests {
        match r {
            Request::Drawn(t) => out[me as usize].push(Some(t)),
            Request::OtherDrew(p) => out[p as usize].push(None),
            Request::Flower(p, h) => out[p as usize].push(Some(h)),
            _ => {}
        }
    }
    out
}

/// A wall that deals seat `me` its `tiles` and every seat its dealt `flowers`, and gives
/// the dealer the first draws `chain` tells (the requests up to its first tile that is no
/// flower); every tile not told is placed at random, no flower where a seat took a tile
/// that is none.
pub(super) fn deal_wall(
    me: u8,
    flowers: bool,
    dealt_flowers: &[Vec<u8>; 4],
    tiles: &[u8],
    chain: &[Request],
    rng: &mut Rng,
) -> Result<Vec<u8>, Broken> {
    let len = if flowers { 144 } else { 136 } / 4;
    let mut want: Vec<Option<u8>> = vec![None; 4 * len];
    let mut no_flower = vec![false; 4 * len];
    let mut pool: Vec<u8> = (0..KINDS as u8).flat_map(|k| [k; 4]).collect();
    if flowers {
        pool.extend(FIRST_FLOWER..FIRST_FLOWER + FLOWERS);
    }
    let take = |pool: &mut Vec<u8>, t: u8| -> Result<(), Broken> {
        let i = pool.iter().position(|&x| x == t);
        i.map(|i| {
            pool.swap_remove(i);
        })
        .ok_or_else(|| format!("tile {} told more often than it exists", name(t)))
    };
    let mut next = [len; 4];
    let mut put = |seat: usize, t: Option<u8>| {
        next[seat] -= 1;
        let pos = seat * len + next[seat];
        want[pos] = t;
        no_flower[pos] = t.is_none();
    };
    for s in 0..4 {
        for &h in &dealt_flowers[s] {
            take(&mut pool, h)?;
            put(s, Some(h));
        }
        for i in 0..DEALT {
            let t = (s == me as usize).then(|| tiles[i]);
            if let Some(t) = t {
                take(&mut pool, t)?;
            }
            put(s, t);
        }
    }
    for (s, d) in draws(me, chain.iter().cloned()).iter().enumerate() {
        for &t in d {
            if let Some(t) = t {
                take(&mut pool, t)?;
            }
            put(s, t);
        }
    }
    // The tiles not told: no flowers where a seat was dealt or drew one that is none.
    rng.shuffle(&mut pool);
    pool.sort_by_key(|&t| is_flower(t)); // stable: the shuffled tiles, flowers last
    let mut rest = pool.into_iter();
    for pos in (0..4 * len).filter(|&p| no_flower[p]) {
        want[pos] = rest.next();
    }
    let mut rest: Vec<u8> = rest.collect();
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    let wall: Vec<u8> = want
        .into_iter()
        .map(|t| t.or_else(|| rest.next()))
        .collect::<Option<_>>()
        .ok_or("too few tiles for the wall")?;
    debug_assert!(
        dealt_from_part(&wall, me)
            .iter()
            .filter(|&&t| !is_flower(t))
            .count()
            == DEALT
    );
    Ok(wall)
}
