//! What a seat knows, as the encoder reads it ([`Source`]), from either place it is kept:
//! the live game ([`Live`]: a `GameCore` and a seat, what `view(seat)` would show, without
//! building the view; or everything, for the oracle) or a `SeatView`.

use crate::game::{sees_discard, sees_meld, GameCore, Phase, SeatView};
use crate::hand::MeldKind;
use crate::tiles::{Counts, KindMask, KINDS};

/// What one seat knows, as the encoder reads it. Seats are absolute (0–3).
pub trait Source {
    fn seat(&self) -> u8;
    fn dealer(&self) -> u8;
    fn phase(&self) -> Phase;
    fn turn(&self) -> u8;
    /// The seat's concealed tiles by kind.
    fn hand(&self) -> Counts;
    /// The tile the seat drew, on its own turn.
    fn drawn(&self) -> Option<u8>;
    /// The discard or added kong being answered, while it is.
    fn claim_tile(&self) -> Option<u8>;
    fn wildcards(&self) -> &[u8];
    /// The seat's winning tiles when it is ready (0 otherwise).
    fn waits(&self) -> KindMask;
    fn indicator(&self) -> Option<u8>;
    fn wall_remaining(&self) -> usize;
    fn declared(&self) -> [bool; 4];
    fn passed_win(&self) -> bool;
    fn scores(&self) -> [i32; 4];
    fn bids(&self) -> [u8; 4];
    /// `f(kind, tile)` for each meld of `owner`, `tile` `None` where the seat may not see it.
    fn each_meld(&self, owner: u8, f: impl FnMut(MeldKind, Option<u8>));
    /// `f(tile)` for each discard of `owner` in order, `None` where it lies face down to
    /// this seat.
    fn each_discard(&self, owner: u8, f: impl FnMut(Option<u8>));
    fn flowers(&self, owner: u8) -> &[u8];
    /// The prevalent wind (0 东 … 3 北).
    fn prevalent_wind(&self) -> u8;
    /// `owner`'s discards as the engine stores them, `(tile, face down)` with tiles 0–33,
    /// and whether this seat sees them all, when the source has them (the live game): the
    /// encoder then reads them without a branch per discard. `None`: use `each_discard`.
    fn raw_discards(&self, _owner: u8) -> Option<(&[(u8, bool)], bool)> {
        None
    }
    /// Each seat's void suit (0 m, 1 p, 2 s) as this seat knows it: every seat's once all
    /// are revealed, before that its own choice only.
    fn voids(&self) -> [Option<u8>; 4];
    /// Whether each seat has left the hand (a winner, where play goes on).
    fn left(&self) -> [bool; 4];
    /// Each seat's score now: its score at the deal plus the payments made since.
    fn running(&self) -> [i32; 4];
    /// The tiles this seat has picked to pass on (换三张), until they are passed.
    fn picked(&self) -> &[u8];
}

/// The live game as `seat` sees it (exactly what `GameCore::view(seat)` shows).
pub struct Live<'a> {
    pub game: &'a GameCore,
    pub seat: u8,
    /// Nothing hidden (the oracle): every meld and discard is seen.
    pub all: bool,
}

impl Source for Live<'_> {
    fn seat(&self) -> u8 {
        self.seat
    }
    fn dealer(&self) -> u8 {
        self.game.dealer()
    }
    fn phase(&self) -> Phase {
        self.game.phase()
    }
    fn turn(&self) -> u8 {
        self.game.turn()
    }
    fn hand(&self) -> Counts {
        *self.game.hand(self.seat)
    }
    fn drawn(&self) -> Option<u8> {
        let g = self.game;
        g.drawn()
            .filter(|_| g.phase() == Phase::Turn && g.turn() == self.seat)
    }
    fn claim_tile(&self) -> Option<u8> {
        let g = self.game;
        g.claim_tile().filter(|_| g.phase().awaits_answers())
    }
    fn wildcards(&self) -> &[u8] {
        self.game.wildcards()
    }
    fn waits(&self) -> KindMask {
        self.game.seat_waits(self.seat)
    }
    fn indicator(&self) -> Option<u8> {
        self.game.indicator()
    }
    fn wall_remaining(&self) -> usize {
        self.game.wall_remaining()
    }
    fn declared(&self) -> [bool; 4] {
        self.game.declared()
    }
    fn passed_win(&self) -> bool {
        self.game.passed_win()[self.seat as usize]
    }
    fn scores(&self) -> [i32; 4] {
        super::peek::scores(self.game)
    }
    fn bids(&self) -> [u8; 4] {
        self.game.bids()
    }
    fn each_meld(&self, owner: u8, mut f: impl FnMut(MeldKind, Option<u8>)) {
        let over = self.all || self.game.phase() == Phase::Over;
        for m in self.game.melds(owner) {
            f(
                m.kind,
                sees_meld(owner, Some(self.seat), m.kind, over).then_some(m.tile),
            );
        }
    }
    fn each_discard(&self, owner: u8, mut f: impl FnMut(Option<u8>)) {
        let over = self.all || self.game.phase() == Phase::Over;
        for &(t, down) in self.game.discards(owner) {
            f(sees_discard(owner, Some(self.seat), down, over).then_some(t));
        }
    }
    fn flowers(&self, owner: u8) -> &[u8] {
        self.game.flowers(owner)
    }
    fn prevalent_wind(&self) -> u8 {
        self.game.prevalent_wind()
    }
    fn raw_discards(&self, owner: u8) -> Option<(&[(u8, bool)], bool)> {
        let all = self.all || owner == self.seat || self.game.phase() == Phase::Over;
        Some((self.game.discards(owner), all))
    }
    /// With `all` (the oracle), every seat's choice before they are revealed too.
    fn voids(&self) -> [Option<u8>; 4] {
        let revealed = self.game.voids();
        std::array::from_fn(|s| {
            let s = s as u8;
            revealed[s as usize].or_else(|| {
                (self.all || s == self.seat)
                    .then(|| super::peek::void_chosen(self.game, s))
                    .flatten()
            })
        })
    }
    fn left(&self) -> [bool; 4] {
        self.game.left().map(|l| l.is_some())
    }
    fn running(&self) -> [i32; 4] {
        self.game.running_scores()
    }
    fn picked(&self) -> &[u8] {
        super::peek::picked(self.game, self.seat)
    }
}

impl Source for SeatView {
    /// A seat's view (the binding refuses a spectator's, which has none).
    fn seat(&self) -> u8 {
        self.seat.unwrap_or(0)
    }
    fn dealer(&self) -> u8 {
        self.dealer
    }
    fn phase(&self) -> Phase {
        self.phase
    }
    fn turn(&self) -> u8 {
        self.turn
    }
    fn hand(&self) -> Counts {
        let mut c = [0u8; KINDS];
        for &t in &self.hand {
            if let Some(x) = c.get_mut(t as usize) {
                *x = x.saturating_add(1);
            }
        }
        c
    }
    fn drawn(&self) -> Option<u8> {
        self.drawn
    }
    fn claim_tile(&self) -> Option<u8> {
        self.claim_tile
    }
    fn wildcards(&self) -> &[u8] {
        &self.wildcards
    }
    fn waits(&self) -> KindMask {
        self.winning_tiles
            .iter()
            .flatten()
            .filter(|&&t| (t as usize) < KINDS)
            .fold(0, |m, &t| m | 1 << t)
    }
    fn indicator(&self) -> Option<u8> {
        self.indicator
    }
    fn wall_remaining(&self) -> usize {
        self.wall_remaining
    }
    fn declared(&self) -> [bool; 4] {
        self.declared
    }
    fn passed_win(&self) -> bool {
        self.passed_win
    }
    fn scores(&self) -> [i32; 4] {
        self.scores
    }
    fn bids(&self) -> [u8; 4] {
        self.bids
    }
    fn each_meld(&self, owner: u8, mut f: impl FnMut(MeldKind, Option<u8>)) {
        for m in &self.melds[owner as usize % 4] {
            f(m.kind, m.tile.filter(|&t| (t as usize) < KINDS));
        }
    }
    fn each_discard(&self, owner: u8, mut f: impl FnMut(Option<u8>)) {
        for &t in &self.discards[owner as usize % 4] {
            f(t);
        }
    }
    fn flowers(&self, owner: u8) -> &[u8] {
        &self.flowers[owner as usize % 4]
    }
    fn prevalent_wind(&self) -> u8 {
        self.prevalent_wind % 4
    }
    fn voids(&self) -> [Option<u8>; 4] {
        self.voids
    }
    fn left(&self) -> [bool; 4] {
        self.left.map(|l| l.is_some())
    }
    fn running(&self) -> [i32; 4] {
        self.running
    }
    fn picked(&self) -> &[u8] {
        &self.picked
    }
}
