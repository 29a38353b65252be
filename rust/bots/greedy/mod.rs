//! The greedy policy of `koudiandian.bots.GreedyBot`: win when allowed; discard to the
//! lowest shanten, then the most live winning tiles, then the highest-value wait; declare as
//! soon as allowed with the best declarable discard; kong and pong when the shanten does not
//! rise, then chow on the same test; bid no 跑; declare opening small wins; take the 海底
//! only when ready; before play, pass on and declare void the suit held least
//! (`bots::before_play`); a binding void suit's tiles, dead to its shanten, first
//! (`bots::void`). It sees only what its seat may see. Under 缺一门 (`lack_a_suit`) its
//! shanten counts dropping a suit, so it discards the suit it drops.
//!
//! `reading.rs`: how it reads a seat's sight (its forms, a discard's key); `flush.rs`: its
//! play under a value rule (flushes, the allowed winning tiles); here, the decision.

mod flush;
mod reading;

use crate::bots::sight::Sight;
use crate::eval::forms;
use crate::game::{Act, ActionCode, GameCore};
use crate::hand::{Meld, MeldKind};
use crate::tiles::{each_kind, held_kinds, Counts, KINDS};
pub use reading::reading;
use reading::Reading;

fn find(legal: &[ActionCode], act: Act) -> Option<ActionCode> {
    legal.iter().copied().find(|&c| Act::of(c) == act)
}

/// The policy's 跑 bid when `legal` offers bids: none (0), the least it can lose.
#[must_use]
pub fn bid(legal: &[ActionCode]) -> Option<ActionCode> {
    legal.iter().copied().find(|&c| c == Act::Pao.code(0))
}

/// The kinds of action among `legal`, one bit per [`Act`] number.
pub(super) fn kinds_of(legal: &[ActionCode]) -> u32 {
    legal.iter().fold(0, |m, &c| m | 1 << Act::of(c) as u32)
}

/// A discard's key (`Reading::discard_key`) and kind as one number, larger better: the key,
/// then the lower kind. Precondition: the shanten is at most 63.
fn packed((neg_shanten, live, value): (i32, u32, u8), kind: usize) -> u64 {
    ((64 + neg_shanten) as u64) << 32
        | u64::from(live) << 16
        | u64::from(value) << 8
        | (KINDS - 1 - kind) as u64
}

/// The greedy choice among `legal` for the seat of `me`. Precondition: `legal` is not empty
/// and is that seat's legal actions now.
#[must_use]
pub fn choose(me: &Sight<'_>, legal: &[ActionCode]) -> ActionCode {
    let kinds = kinds_of(legal);
    let offers = |act: Act| kinds >> act as u32 & 1 == 1;
    let first = |act: Act| if offers(act) { find(legal, act) } else { None };
    if let Some(c) = offers(Act::Pao).then(|| bid(legal)).flatten() {
        return c;
    }
    if offers(Act::Exchange) || offers(Act::Void) {
        if let Some(c) = crate::bots::before_play::choose(&me.counts, legal) {
            return c;
        }
    }
    for act in [Act::SelfDrawWin, Act::Win, Act::OpeningWin] {
        if let Some(c) = first(act) {
            return c;
        }
    }
    let seat = Reading::new(me);
    if let (Some(take), Some(pass)) = (first(Act::Haidi), first(Act::Pass)) {
        // The 海底: worth taking only for a hand it may complete.
        let ready = seat.shanten_of(&me.counts, &me.melds) == 0;
        return if ready { take } else { pass };
    }
    if let Some(pass) = first(Act::Pass) {
        return claim(&seat, legal, pass);
    }
    let tile_of = |c: ActionCode| (c % 34) as u8;
    let kongs = legal
        .iter()
        .copied()
        .filter(|&c| matches!(Act::of(c), Act::ConcealedKong | Act::AddedKong));
    if me.declared(me.seat as usize) {
        // A declared seat is offered only the kongs its rules allow, and its drawn tile.
        return kongs.clone().next().unwrap_or(legal[legal.len() - 1]);
    }
    if me.holds_void() {
        // Its void-suit tiles go first (the only discards offered); a kong that keeps the
        // shanten before them.
        let now = seat.shanten_of(&me.counts, &me.melds);
        if let Some(c) = kong_keeping(&seat, kongs.clone(), now) {
            return c;
        }
        if let Some(c) = crate::bots::void::discard(me, legal, |_| 0.0) {
            return c;
        }
    }
    let mut keys = [0u64; KINDS];
    let mut best_shanten = i32::MAX;
    let shanten_after = forms::after_discards(&me.hand(&me.counts, &me.melds), seat.rules);
    let flush_after = seat
        .value_rule
        .then(|| seat.flush_after_discards(&me.counts, &me.melds, &shanten_after));
    for k in each_kind(held_kinds(&me.counts)) {
        let k = k as usize;
        keys[k] = if let Some(flush) = &flush_after {
            let mut after = me.counts;
            after[k] -= 1;
            let (s, live) = seat.value_key(&after, &me.melds, (shanten_after[k], flush[k]));
            packed((-s, live, 0), k)
        } else {
            packed(seat.discard_key(k, shanten_after[k]), k)
        };
        best_shanten = best_shanten.min(shanten_after[k]);
    }
    if offers(Act::ConcealedKong) || offers(Act::AddedKong) {
        if let Some(c) = kong_keeping(&seat, kongs, best_shanten) {
            return c;
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

/// The first of the concealed and added `kongs` after which the shanten is at most `bar`.
fn kong_keeping(
    seat: &Reading<'_, '_>,
    kongs: impl Iterator<Item = ActionCode>,
    bar: i32,
) -> Option<ActionCode> {
    let me = seat.me;
    for c in kongs {
        let t = crate::game::tile_of(c);
        let mut after = me.counts;
        let (kind, used) = if Act::of(c) == Act::ConcealedKong {
            (MeldKind::ConcealedKong, 4)
        } else {
            (MeldKind::AddedKong, 1)
        };
        if after[t as usize] < used {
            continue;
        }
        after[t as usize] -= used;
        if seat.shanten_of(&after, &me.with_meld(kind, t)) <= bar {
            return Some(c);
        }
    }
    None
}

/// Answer a discard: kong, then pong, then chow, when the shanten does not rise; else pass.
fn claim(seat: &Reading<'_, '_>, legal: &[ActionCode], pass: ActionCode) -> ActionCode {
    let me = seat.me;
    let Some(t) = me.claim_tile.filter(|&t| (t as usize) < KINDS) else {
        return pass;
    };
    // The shanten now, asked only where an answer needs it.
    let now = std::cell::OnceCell::new();
    let current = || *now.get_or_init(|| seat.shanten_of(&me.counts, &me.melds));
    if let Some(c) = find(legal, Act::Kong).filter(|_| me.counts[t as usize] >= 3) {
        let mut after = me.counts;
        after[t as usize] -= 3;
        if seat.shanten_of(&after, &me.with_meld(MeldKind::Kong, t)) <= current() {
            return c;
        }
    }
    // A pong or chow is taken when the best discard after it keeps the shanten (under a
    // value rule: lowers the effective shanten, `Reading::value_key`).
    let flush_now = seat
        .value_rule
        .then(|| seat.flush_shanten(&me.counts, &me.melds));
    // Under a value rule a suited tile off the flush the hand is nearest to is not claimed.
    if flush_now.is_some_and(|(_, suit)| t < 27 && suit != Some(t as usize / 9)) {
        return pass;
    }
    let offered = |act: Act| legal.iter().any(|&c| Act::of(c) == act);
    if !offered(Act::Pong) && !offered(Act::Chow) {
        return pass;
    }
    let current = current();
    let value_now = flush_now.map(|(flush, suit)| (Reading::claim_value(current, flush), suit));
    let keeps = |after: &Counts, melds: &[Meld]| {
        let best = me.best_after_discard(after, melds, seat.rules);
        let Some((now, _)) = value_now else {
            return best <= current;
        };
        let (flush, _) = seat.flush_shanten(after, melds);
        Reading::claim_value(best, flush.max(0)) < now
    };
    if let Some(c) = find(legal, Act::Pong).filter(|_| me.counts[t as usize] >= 2) {
        let mut after = me.counts;
        after[t as usize] -= 2;
        if keeps(&after, &me.with_meld(MeldKind::Pong, t)) {
            return c;
        }
    }
    for &c in legal.iter().filter(|&&c| Act::of(c) == Act::Chow) {
        let low = crate::game::tile_of(c);
        let mut after = me.counts;
        for k in (low..low + 3).filter(|&k| k != t) {
            if after[k as usize] == 0 {
                return pass; // not this seat's tiles: a malformed offer
            }
            after[k as usize] -= 1;
        }
        if keeps(&after, &me.with_meld(MeldKind::Chow, low)) {
            return c;
        }
    }
    pass
}

/// The greedy policy's choice for `seat` of `game` ([`choose`]), from what that seat may
/// see. Precondition: `seat` is to act.
pub fn action(game: &mut GameCore, seat: u8) -> ActionCode {
    game.legal(seat);
    let game: &GameCore = game;
    let legal = game.legal_cached(seat);
    let choice = choose(&Sight::of_game(game, seat), legal);
    // The policy chooses among `legal`; should it not, the first legal action.
    if legal.contains(&choice) {
        choice
    } else {
        legal.first().copied().unwrap_or(choice)
    }
}

#[cfg(test)]
mod tests;
