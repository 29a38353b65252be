//! What a seat knows of a hand (`Sight`), all a built-in policy decides from: its own tiles,
//! the rules, and what is public (discards, face-down ones unseen; open melds; who declared;
//! the wall's count; the tile on offer). Built from the game for a seat on the self-play hot
//! path ([`Sight::of_game`]), or from a seat's view, as Python hands it back
//! ([`Sight::of_view`]); both give the same sight. The public record a policy may not need on
//! every decision (who declared, open melds, every seat's discards, the tiles seen) is read
//! from its source only when asked.

use std::cell::OnceCell;

use crate::eval::{forms, EvalRules};
use crate::game::{sees_discard, GameCore, Phase, SeatView};
use crate::hand::{Hand, Meld, MeldKind, Melds};
use crate::outcome::{WinContext, WinKind};
use crate::profiles::Rules;
use crate::tiles::{Counts, KindMask, KINDS};

/// What a seat knows of a hand, from its seat (see the module's doc).
pub struct Sight<'a> {
    pub seat: u8,
    pub rules: &'a Rules,
    /// The forms the rules' wins take.
    pub eval: EvalRules,
    /// Under these rules wins must reach a value (`TurnRules::discard_wins_scored`).
    pub discard_wins_scored: bool,
    pub wildcards: &'a [u8],
    /// The kinds in play.
    pub kinds: KindMask,
    /// Its concealed tiles by kind, wildcard kinds included, less the tiles of a binding
    /// void suit (`void_tiles`): those are dead, never part of a win, so every evaluation
    /// reads the hand without them (the shanten counts each as a tile still to replace).
    pub counts: Counts,
    /// Its void suit (定缺) where the void suit binds (`TurnRules::void_binds`), once
    /// revealed.
    pub void: Option<u8>,
    /// Its concealed tiles of that void suit, by kind (none without one): the only tiles it
    /// may discard while it holds any.
    pub void_tiles: Counts,
    /// The void suits bind (`TurnRules::void_binds`).
    pub void_binds: bool,
    /// Every kong and win is paid when made (`TurnRules::pay_as_played`).
    pub pays_as_played: bool,
    pub melds: Melds,
    pub dealer: bool,
    pub flowers: u8,
    /// The seat's wind (门风: 0 东 … 3 北) and the prevalent wind (圈风).
    pub winds: (u8, u8),
    pub wall_remaining: usize,
    /// The discard or added kong being answered.
    pub claim_tile: Option<u8>,
    /// On a turn, the ready discards the engine's 报听 check found, if it made one.
    pub ready: Option<&'a [(u8, KindMask)]>,
    /// Where the public record is read from when asked.
    record: Record<'a>,
    /// Tiles of each kind it has seen, once asked.
    seen: OnceCell<Counts>,
}

/// The source of a sight's public record (who declared, open melds, discards, the tiles
/// seen): the game itself, or the seat's view.
#[derive(Clone, Copy)]
enum Record<'a> {
    Game(&'a GameCore),
    View(&'a SeatView),
}

impl<'a> Sight<'a> {
    /// What `seat` sees of `game`. Precondition: `seat < 4`.
    #[must_use]
    #[inline]
    pub fn of_game(game: &'a GameCore, seat: u8) -> Sight<'a> {
        let s = &game.seats[seat as usize];
        let void = s.void.filter(|_| game.turn_rules.void_binds);
        let (counts, void_tiles) = split_void(s.hand, void);
        Sight {
            seat,
            rules: &game.rules,
            eval: game.turn_rules.eval,
            discard_wins_scored: game.turn_rules.discard_wins_scored,
            wildcards: &game.wildcards,
            kinds: game.wall_rules.kinds,
            counts,
            void,
            void_tiles,
            void_binds: game.turn_rules.void_binds,
            pays_as_played: game.turn_rules.pay_as_played,
            melds: crate::outcome::melds_of(&s.melds),
            dealer: seat == game.dealer,
            flowers: s.flowers.len() as u8,
            winds: ((seat + 4 - game.dealer) % 4, game.prevalent_wind),
            wall_remaining: game.wall.remaining(),
            claim_tile: game.claim_tile.filter(|_| game.phase.awaits_answers()),
            ready: (game.phase == Phase::Turn
                && seat == game.turn
                && game.legal_ready
                && game.ready_checked)
                .then_some(game.ready.as_slice()),
            record: Record::Game(game),
            seen: OnceCell::new(),
        }
    }

    /// What the seat of `view` sees, under `rules` whose wins take the forms `eval`.
    /// Preconditions: `view` is a seat's (`view.seat` is `Some(seat < 4)`), its hand and
    /// melds valid tiles (checked by the caller), and `counts` its hand by kind.
    #[must_use]
    pub fn of_view(
        view: &'a SeatView,
        rules: &'a Rules,
        eval: EvalRules,
        counts: Counts,
    ) -> Sight<'a> {
        let seat = view.seat.unwrap_or(0).min(3);
        let melds: Vec<Meld> = view.melds[seat as usize]
            .iter()
            .filter_map(|m| m.tile.map(|tile| Meld { kind: m.kind, tile }))
            .collect();
        let profile = rules.profile();
        let turn_rules = profile.turn_rules(rules);
        let void = view.voids[seat as usize].filter(|&s| turn_rules.void_binds && s < 3);
        let (counts, void_tiles) = split_void(counts, void);
        Sight {
            seat,
            rules,
            eval,
            discard_wins_scored: turn_rules.discard_wins_scored,
            wildcards: &view.wildcards,
            kinds: profile.wall(rules).kinds,
            counts,
            void,
            void_tiles,
            void_binds: turn_rules.void_binds,
            pays_as_played: turn_rules.pay_as_played,
            melds: Melds::from_slice(&melds),
            dealer: seat == view.dealer,
            flowers: view.flowers[seat as usize].len() as u8,
            winds: ((seat + 4 - view.dealer % 4) % 4, view.prevalent_wind % 4),
            wall_remaining: view.wall_remaining,
            claim_tile: view.claim_tile.filter(|&t| (t as usize) < KINDS),
            ready: None,
            record: Record::View(view),
            seen: OnceCell::new(),
        }
    }

    /// Tiles of each kind the seat has seen: its hand, every discard and meld it sees, the
    /// wildcard indicator (at most four of a kind).
    pub fn seen(&self) -> &Counts {
        self.seen.get_or_init(|| match self.record {
            Record::Game(game) => game.seen_by(self.seat),
            Record::View(view) => view.seen(),
        })
    }

    /// The tiles of `kind` the seat has not seen. Precondition: `kind < 34`.
    #[must_use]
    pub fn live(&self, kind: usize) -> u32 {
        4u32.saturating_sub(u32::from(self.seen()[kind]))
    }

    /// Whether it holds a tile of its binding void suit (then it must discard those and
    /// cannot win).
    #[inline]
    #[must_use]
    pub fn holds_void(&self) -> bool {
        self.void.is_some() && self.void_tiles.iter().any(|&n| n > 0)
    }

    /// The shanten of the 3n+2 hand of concealed `counts` and `melds` after its best discard,
    /// by the forms `rules`: while the seat holds void-suit tiles its discard is one of
    /// those, which `counts` already leave out, so the shanten of `counts` as they are.
    #[must_use]
    pub fn best_after_discard(&self, counts: &Counts, melds: &[Meld], rules: EvalRules) -> i32 {
        let hand = self.hand(counts, melds);
        if self.holds_void() {
            forms::of_hand(&hand, rules)
        } else {
            forms::best_after_discard(&hand, rules)
        }
    }

    /// Whether seat `o` is still in the hand (it has not left after a win). Precondition:
    /// `o < 4`.
    #[must_use]
    pub fn in_hand(&self, o: usize) -> bool {
        match self.record {
            Record::Game(game) => game.seats[o].in_hand(),
            Record::View(view) => view.left[o].is_none(),
        }
    }

    /// Seat `o`'s void suit where the void suit binds, once revealed (a seat never wins on
    /// a tile of it). Precondition: `o < 4`.
    #[must_use]
    pub fn void_of(&self, o: usize) -> Option<u8> {
        let void = match self.record {
            Record::Game(game) => game.seats[o].void,
            Record::View(view) => view.voids[o],
        };
        void.filter(|&s| s < 3 && self.void_binds)
    }

    /// Whether seat `o` declared (报听). Precondition: `o < 4`.
    #[must_use]
    pub fn declared(&self, o: usize) -> bool {
        match self.record {
            Record::Game(game) => game.seats[o].declared,
            Record::View(view) => view.declared[o],
        }
    }

    /// Seat `o`'s open melds (not concealed kongs). Precondition: `o < 4`.
    #[must_use]
    pub fn open(&self, o: usize) -> usize {
        match self.record {
            Record::Game(game) => open_melds(game.seats[o].melds.iter().map(|m| m.kind)),
            Record::View(view) => open_melds(view.melds[o].iter().map(|m| m.kind)),
        }
    }

    /// Seat `o`'s discards in order, `None` for one this seat may not see (a 报听 discard
    /// lying face down). Precondition: `o < 4`.
    pub fn discards(&self, o: usize) -> impl Iterator<Item = Option<u8>> + Clone + '_ {
        let (game, view) = match self.record {
            Record::Game(game) => (Some(game), None),
            Record::View(view) => (None, Some(view)),
        };
        let seat = self.seat;
        let of_game = game.into_iter().flat_map(move |game| {
            game.seats[o]
                .discards
                .iter()
                .map(move |&(k, down)| sees_discard(o as u8, Some(seat), down, false).then_some(k))
        });
        let of_view = view
            .into_iter()
            .flat_map(move |view| view.discards[o].iter().copied());
        of_game.chain(of_view)
    }

    /// The context of a win of `kind` by this seat: who wins (flowers, dealer, winds).
    #[must_use]
    pub fn win_context(&self, kind: WinKind) -> WinContext {
        WinContext::of(kind)
            .by(self.flowers, self.dealer)
            .winds(self.winds.0, self.winds.1)
    }

    /// The hand of concealed `counts` and `melds`, with the rules' wildcards.
    #[must_use]
    pub fn hand(&self, counts: &Counts, melds: &[Meld]) -> Hand {
        Hand::from_counts(counts, melds, self.wildcards)
    }

    /// The seat's melds with a meld of `kind` on `tile` made (an added kong replacing its
    /// pong).
    #[must_use]
    pub fn with_meld(&self, kind: MeldKind, tile: u8) -> Melds {
        let mut melds = Melds::default();
        for &m in self.melds.iter().filter(|m| {
            !(kind == MeldKind::AddedKong && m.kind == MeldKind::Pong && m.tile == tile)
        }) {
            melds.push(m);
        }
        melds.push(Meld { kind, tile });
        melds
    }
}

/// A seat's concealed `hand` split into the tiles it may use and those of its binding
/// `void` suit.
fn split_void(hand: Counts, void: Option<u8>) -> (Counts, Counts) {
    let mut dead = [0u8; KINDS];
    let mut live = hand;
    if let Some(suit) = void {
        let suit = 9 * usize::from(suit);
        dead[suit..suit + 9].copy_from_slice(&hand[suit..suit + 9]);
        live[suit..suit + 9].fill(0);
    }
    (live, dead)
}

/// How many of melds of `kinds` are open (not concealed kongs).
fn open_melds(kinds: impl Iterator<Item = MeldKind>) -> usize {
    kinds.filter(|&k| k != MeldKind::ConcealedKong).count()
}
