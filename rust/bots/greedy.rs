//! The greedy policy of `koudiandian.bots.GreedyBot`: win when allowed; discard to the
//! lowest shanten, then the most live winning tiles, then the highest-value wait; declare as
//! soon as allowed with the best declarable discard; kong and pong when the shanten does not
//! rise, then chow on the same test; bid no 跑; declare opening small wins; take the 海底
//! only when ready. It sees only what its seat may see. Under 缺一门 (`lack_a_suit`) its
//! shanten counts dropping a suit, so it discards the suit it drops.

use crate::eval::forms;
use crate::eval::shanten;
use std::cell::OnceCell;

use crate::eval::waits::Waits;
use crate::eval::{EvalRules, WinForms};
use crate::game::{Act, ActionCode, GameCore, Phase};
use crate::hand::{Hand, Meld, MeldKind, Melds};
use crate::outcome::{WinContext, WinKind};
use crate::profiles::taiyuan::points;
use crate::tiles::{each_kind, held_kinds, Counts, KindMask, KINDS};

/// What the policy knows: its concealed tiles (by kind, wildcard kinds included), its melds,
/// the wildcard kinds, and how many of each kind it has seen (its hand, every visible discard
/// and meld), with its legal actions and the tile on offer in a claim.
pub struct Seat<'a> {
    pub counts: Counts,
    pub melds: Melds,
    pub wildcards: &'a [u8],
    pub rules: EvalRules,
    /// How many of each kind it has seen: asked only when a discard leaves the hand ready.
    pub seen: &'a dyn Fn() -> Counts,
    pub legal: &'a [ActionCode],
    /// On a turn, the ready discards the engine's 报听 check found, if it made one.
    pub ready: Option<&'a [(u8, KindMask)]>,
    pub claim_tile: Option<u8>,
    pub declared: bool,
    /// Under rules whose wins must reach a value (`TurnRules::discard_wins_scored`): whether
    /// the seat's complete hand wins with a tile as the profile allows it (as on a discard,
    /// the stricter case). The policy then counts only such winning tiles and steers toward
    /// flushes (one suit with or without honors), the shapes that reach a value most often.
    pub win_allowed: Option<&'a dyn Fn(&Hand, u8) -> bool>,
}

/// How much worse than the flush target's shanten a shape that is no flush is counted
/// when wins must reach a value.
const NO_FLUSH_PENALTY: i32 = 2;

impl Seat<'_> {
    fn hand(&self, counts: &Counts, melds: &[Meld]) -> Hand {
        Hand::from_counts(counts, melds, self.wildcards)
    }

    fn shanten_of(&self, counts: &Counts, melds: &[Meld]) -> i32 {
        let h = self.hand(counts, melds);
        forms::of_hand(&h, self.rules)
    }

    /// The shanten after each discard of a hand of `counts` with `melds` (see
    /// [`forms::after_discards`]).
    fn after_discards(&self, counts: &Counts, melds: &[Meld]) -> [i32; KINDS] {
        forms::after_discards(&self.hand(counts, melds), self.rules)
    }

    /// `(−shanten, live winning tiles, best wait value)` after discarding `kind`, whose
    /// shanten is `s`: larger is better. A wait is valued by Taiyuan's point values (the
    /// policy plays for the first profile's wins under every profile). `seen` is the seat's count of seen tiles.
    fn discard_key(&self, kind: usize, s: i32, seen: &OnceCell<Counts>) -> (i32, u32, u8) {
        if s != 0 {
            return (-s, 0, 0);
        }
        // The engine's 报听 check found the winning tiles of the ready discards already.
        let found = self
            .ready
            .and_then(|r| r.iter().find(|&&(d, _)| d as usize == kind));
        let waits_after = || {
            let mut after = self.counts;
            after[kind] -= 1;
            Waits::of(&self.hand(&after, &self.melds), self.rules).tiles
        };
        let waits = found.map_or_else(waits_after, |&(_, tiles)| tiles);
        debug_assert_eq!(waits, waits_after());
        let seen = seen.get_or_init(self.seen);
        let (mut live, mut best) = (0, 0);
        for k in each_kind(waits) {
            let k = k as usize;
            live += 4u32.saturating_sub(u32::from(seen[k]));
            best = best.max(points(k));
        }
        (0, live, best)
    }

    /// The suits a flush may still take: those every suited meld allows (a meld's suit, or
    /// any while the melds are honors only); none once the melds hold two suits.
    fn flush_suits(melds: &[Meld]) -> impl Iterator<Item = usize> {
        let meld_suits = melds
            .iter()
            .filter(|m| m.tile < 27)
            .fold(0u8, |acc, m| acc | 1 << (m.tile / 9));
        (0..3usize).filter(move |&suit| meld_suits & !(1 << suit) == 0)
    }

    /// `counts` with only the tiles of `suit` and the honors (no wildcard kinds).
    fn flush_part(&self, counts: &Counts, suit: usize) -> Counts {
        let mut kept = *counts;
        for (k, c) in kept.iter_mut().enumerate().take(27) {
            if k / 9 != suit {
                *c = 0;
            }
        }
        for &k in self.wildcards {
            kept[k as usize] = 0;
        }
        kept
    }

    /// The shanten of `counts` toward a flush and its suit: the least, over
    /// [`Seat::flush_suits`], of the standard forms' shanten of the suit's tiles and the
    /// honors alone (the other suits' tiles to be exchanged; the lower suit on a tie).
    /// [`shanten::NEVER`] when the melds hold two suits.
    fn flush_shanten(&self, counts: &Counts, melds: &[Meld]) -> (i32, Option<usize>) {
        let wild = self.hand(counts, melds).wild;
        Self::flush_suits(melds)
            .map(|suit| {
                let part = self.flush_part(counts, suit);
                let n = shanten::any_suits(&part, wild, melds.len() as u8, EvalRules::default());
                (n, Some(suit))
            })
            .min()
            .unwrap_or((shanten::NEVER, None))
    }

    /// The flush shanten after discarding each kind held of `counts` (3n+2 tiles), toward
    /// the flush the hand is nearest to now ([`Seat::flush_shanten`]): a tile outside that
    /// suit leaves its part as it was; the suit's and the honors' discards are one pass over
    /// the part's groups ([`shanten::after_discards`]).
    fn flush_after_discards(
        &self,
        counts: &Counts,
        melds: &[Meld],
        normal: &[i32; KINDS],
    ) -> [i32; KINDS] {
        let std = EvalRules::default();
        let (whole, target) = self.flush_shanten(counts, melds);
        let mut out = [whole; KINDS];
        let held = held_kinds(counts);
        let worst = each_kind(held)
            .map(|k| normal[k as usize])
            .max()
            .unwrap_or(0);
        if whole >= worst + NO_FLUSH_PENALTY {
            // No discard brings the flush nearer than the standard shape's penalty.
            return out;
        }
        if let Some(suit) = target {
            let part = self.flush_part(counts, suit);
            if part == *counts {
                return *normal; // a flush already: the same shanten
            }
            let after = shanten::after_discards(&self.hand(&part, melds), std);
            for k in each_kind(held) {
                let k = k as usize;
                out[k] = if part[k] > 0 { after[k] } else { whole };
            }
        }
        out
    }

    /// Under a value rule, the effective shanten of the hand `counts` (13 − 3·melds tiles)
    /// whose standard shanten is `normal` and flush shanten `flush`, and the live winning
    /// tiles it wins with as allowed: a ready hand none of whose winning tiles is allowed
    /// counts as one from ready; a hand that is no flush counts [`NO_FLUSH_PENALTY`] worse
    /// than its flush target.
    fn value_key(
        &self,
        allowed: &dyn Fn(&Hand, u8) -> bool,
        counts: &Counts,
        melds: &[Meld],
        (normal, flush): (i32, i32),
        seen: &OnceCell<Counts>,
    ) -> (i32, u32) {
        if normal == 0 {
            let waits = Waits::of(&self.hand(counts, melds), self.rules).tiles;
            let seen = seen.get_or_init(self.seen);
            let mut live = 0;
            for k in each_kind(waits) {
                let left = 4u32.saturating_sub(u32::from(seen[k as usize]));
                if left == 0 {
                    continue;
                }
                let mut won = *counts;
                won[k as usize] += 1;
                if allowed(&self.hand(&won, melds), k) {
                    live += left;
                }
            }
            if live > 0 {
                return (0, live);
            }
            return (flush.clamp(1, 1 + NO_FLUSH_PENALTY), 0);
        }
        (flush.min(normal + NO_FLUSH_PENALTY), 0)
    }

    /// Under a value rule, a claim's yardstick without scoring: the hand's standard
    /// shanten `normal` and flush shanten `flush` (after the best discard, for a 3n+2
    /// hand) as one number, lower better: 0 only for a ready flush, 1 for another ready
    /// hand, else the flush's shanten or [`NO_FLUSH_PENALTY`] more than the standard one.
    fn claim_value(normal: i32, flush: i32) -> i32 {
        match (normal <= 0, flush <= 0) {
            (true, true) => 0,
            (true, false) => 1,
            _ => flush.min(normal + NO_FLUSH_PENALTY),
        }
    }

    fn with_meld(&self, kind: MeldKind, tile: u8) -> Melds {
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

fn find(legal: &[ActionCode], act: Act) -> Option<ActionCode> {
    legal.iter().copied().find(|&c| Act::of(c) == act)
}

/// The policy's 跑 bid when `legal` offers bids: none (0), the least it can lose.
#[must_use]
pub fn bid(legal: &[ActionCode]) -> Option<ActionCode> {
    legal.iter().copied().find(|&c| c == Act::Pao.code(0))
}

/// The kinds of action among `legal`, one bit per [`Act`] number.
fn kinds_of(legal: &[ActionCode]) -> u32 {
    legal.iter().fold(0, |m, &c| m | 1 << Act::of(c) as u32)
}

/// A discard's key (`Seat::discard_key`) and kind as one number, larger better: the key,
/// then the lower kind. Precondition: the shanten is at most 63.
fn packed((neg_shanten, live, value): (i32, u32, u8), kind: usize) -> u64 {
    ((64 + neg_shanten) as u64) << 32
        | u64::from(live) << 16
        | u64::from(value) << 8
        | (KINDS - 1 - kind) as u64
}

/// The greedy choice among `seat.legal` (never empty).
#[must_use]
pub fn choose(seat: &Seat<'_>) -> ActionCode {
    let legal = seat.legal;
    let kinds = kinds_of(legal);
    let offers = |act: Act| kinds >> act as u32 & 1 == 1;
    let first = |act: Act| if offers(act) { find(legal, act) } else { None };
    if let Some(c) = offers(Act::Pao).then(|| bid(legal)).flatten() {
        return c;
    }
    for act in [Act::SelfDrawWin, Act::Win, Act::OpeningWin] {
        if let Some(c) = first(act) {
            return c;
        }
    }
    if let (Some(take), Some(pass)) = (first(Act::Haidi), first(Act::Pass)) {
        // The 海底: worth taking only for a hand it may complete.
        let ready = seat.shanten_of(&seat.counts, &seat.melds) == 0;
        return if ready { take } else { pass };
    }
    if let Some(pass) = first(Act::Pass) {
        return claim(seat, pass);
    }
    let tile_of = |c: ActionCode| (c % 34) as u8;
    let kongs = legal
        .iter()
        .copied()
        .filter(|&c| matches!(Act::of(c), Act::ConcealedKong | Act::AddedKong));
    if seat.declared {
        // A declared seat is offered only the kongs its rules allow, and its drawn tile.
        return kongs.clone().next().unwrap_or(legal[legal.len() - 1]);
    }
    let mut keys = [0u64; KINDS];
    let mut best_shanten = i32::MAX;
    let shanten_after = seat.after_discards(&seat.counts, &seat.melds);
    let seen = OnceCell::new();
    let flush_after = seat
        .win_allowed
        .map(|_| seat.flush_after_discards(&seat.counts, &seat.melds, &shanten_after));
    for k in each_kind(held_kinds(&seat.counts)) {
        let k = k as usize;
        keys[k] = if let (Some(allowed), Some(flush)) = (seat.win_allowed, &flush_after) {
            let mut after = seat.counts;
            after[k] -= 1;
            let shanten = (shanten_after[k], flush[k]);
            let (s, live) = seat.value_key(allowed, &after, &seat.melds, shanten, &seen);
            packed((-s, live, 0), k)
        } else {
            packed(seat.discard_key(k, shanten_after[k], &seen), k)
        };
        best_shanten = best_shanten.min(shanten_after[k]);
    }
    if offers(Act::ConcealedKong) || offers(Act::AddedKong) {
        for c in kongs {
            let t = tile_of(c);
            let mut after = seat.counts;
            let (kind, used) = if Act::of(c) == Act::ConcealedKong {
                (MeldKind::ConcealedKong, 4)
            } else {
                (MeldKind::AddedKong, 1)
            };
            if after[t as usize] < used {
                continue;
            }
            after[t as usize] -= used;
            if seat.shanten_of(&after, &seat.with_meld(kind, t)) <= best_shanten {
                return c;
            }
        }
    }
    // The best declaration, else the best discard: the highest key, then the lowest kind.
    let (mut declare, mut discard) = (None, None);
    for &c in legal {
        let slot = match Act::of(c) {
            Act::Declare => &mut declare,
            Act::Discard => &mut discard,
            _ => continue,
        };
        let key = keys[tile_of(c) as usize];
        if slot.is_none_or(|(best, _)| key > best) {
            *slot = Some((key, c));
        }
    }
    declare.or(discard).map_or(legal[0], |(_, c)| c)
}

/// Answer a discard: kong, then pong, then chow, when the shanten does not rise; else pass.
fn claim(seat: &Seat<'_>, pass: ActionCode) -> ActionCode {
    let Some(t) = seat.claim_tile.filter(|&t| (t as usize) < KINDS) else {
        return pass;
    };
    let current = seat.shanten_of(&seat.counts, &seat.melds);
    if let Some(c) = find(seat.legal, Act::Kong).filter(|_| seat.counts[t as usize] >= 3) {
        let mut after = seat.counts;
        after[t as usize] -= 3;
        if seat.shanten_of(&after, &seat.with_meld(MeldKind::Kong, t)) <= current {
            return c;
        }
    }
    // A pong or chow is taken when the best discard after it keeps the shanten (under a
    // value rule: lowers the effective shanten, `Seat::value_key`).
    let value_now = seat.win_allowed.map(|_| {
        let (flush, suit) = seat.flush_shanten(&seat.counts, &seat.melds);
        (Seat::claim_value(current, flush), suit)
    });
    // Under a value rule a suited tile off the flush the hand is nearest to is not claimed.
    if value_now.is_some_and(|(_, suit)| t < 27 && suit != Some(t as usize / 9)) {
        return pass;
    }
    let keeps = |after: &Counts, melds: &[Meld]| {
        let best = forms::best_after_discard(&seat.hand(after, melds), seat.rules);
        let Some((now, _)) = value_now else {
            return best <= current;
        };
        let (flush, _) = seat.flush_shanten(after, melds);
        Seat::claim_value(best, flush.max(0)) < now
    };
    if let Some(c) = find(seat.legal, Act::Pong).filter(|_| seat.counts[t as usize] >= 2) {
        let mut after = seat.counts;
        after[t as usize] -= 2;
        if keeps(&after, &seat.with_meld(MeldKind::Pong, t)) {
            return c;
        }
    }
    for &c in seat.legal.iter().filter(|&&c| Act::of(c) == Act::Chow) {
        let low = crate::game::tile_of(c);
        let mut after = seat.counts;
        for k in (low..low + 3).filter(|&k| k != t) {
            if after[k as usize] == 0 {
                return pass; // not this seat's tiles: a malformed offer
            }
            after[k as usize] -= 1;
        }
        if keeps(&after, &seat.with_meld(MeldKind::Chow, low)) {
            return c;
        }
    }
    pass
}

/// The forms the policy reads a hand by: the rules' own, or under a value rule (wins must
/// reach the profile's minimum) the standard forms of the same rules — it steers toward
/// flushes of the standard shape and takes any other win (a knitted one) when it is
/// offered, so that its shanten stays one pass over the groups.
#[must_use]
pub fn reading(rules: EvalRules, value_rule: bool) -> EvalRules {
    if value_rule {
        EvalRules {
            forms: WinForms::Standard,
            ..rules
        }
    } else {
        rules
    }
}

/// The greedy policy's choice for `seat` of `game` ([`choose`]), from what that seat may
/// see. Precondition: `seat` is to act.
pub fn action(game: &mut GameCore, seat: u8) -> ActionCode {
    game.legal(seat);
    let legal = game.legal_cached(seat);
    let s = &game.seats[seat as usize];
    let claim_tile = game
        .claim_tile
        .filter(|_| matches!(game.phase, Phase::Claim | Phase::Rob));
    let value_rule = game.turn_rules.discard_wins_scored;
    let context = game.context_of(seat, WinContext::of(WinKind::Discard));
    let allowed = |hand: &Hand, tile: u8| {
        game.rules
            .profile()
            .score(&game.rules, hand, tile, context)
            .is_ok_and(|w| w.allowed)
    };
    let choice = choose(&Seat {
        counts: s.hand,
        melds: crate::outcome::melds_of(&s.melds),
        wildcards: &game.wildcards,
        rules: reading(game.turn_rules.eval, value_rule),
        seen: &|| game.seen_by(seat),
        legal,
        ready: (game.phase == Phase::Turn
            && seat == game.turn
            && game.legal_ready
            && game.ready_checked)
            .then_some(game.ready.as_slice()),
        claim_tile,
        declared: s.declared,
        win_allowed: value_rule.then_some(&allowed as &dyn Fn(&Hand, u8) -> bool),
    });
    // The policy chooses among `legal`; should it not, the first legal action.
    if legal.contains(&choice) {
        choice
    } else {
        legal.first().copied().unwrap_or(choice)
    }
}
