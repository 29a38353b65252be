//! The expert policy (`"expert"`): discards by expected value, not shanten alone, and
//! defends. It sees only what its seat may see (its tiles, every visible discard and meld,
//! who declared, the wall's count), as the greedy policy does.
//!
//! - **Offence.** A discard that leaves the hand ready is worth its live winning tiles, each
//!   times what the win on it pays under the profile: the profile's own score of the
//!   completed hand ([`crate::profiles::Profile::score`]) on a discard and on a self-draw,
//!   counted only where the score says the win is allowed (so Taiyuan's thresholds, a
//!   changsha 2-5-8 pair or a hebei factor come from the engine, not from this file). A
//!   discard that leaves it not ready is worth its shanten, then the live tiles that lower it
//!   (进张).
//! - **Defence.** A seat that declared (报听) or shows three open melds (two late in the
//!   wall) is a threat. Each discard's risk of dealing in is estimated per threat from what
//!   the seat may see: a kind that seat discarded, or that anyone discarded after it
//!   declared (its waits are then fixed), is safe; an honour whose four tiles are all seen is
//!   safe and one with three seen can only be a single wait; a suited tile whose 筋 (three
//!   away) the threat discarded is safer; a kind the profile never lets a discard win on is
//!   safe. With a threat at the table, the bot weighs that risk against its own chances and,
//!   far from ready, folds: it discards its safest tiles and claims nothing.
//! - **Claims, kongs, 报听, the 海底, bids, opening wins** by the same measure: a pong or chow
//!   only when it lowers the shanten (keeps it, under a binding void suit) and the bot is
//!   not folding; a kong when it keeps the shanten (where kongs are paid when made, when it
//!   raises it by one at most); 报听 with the declarable discard of the best expected
//!   value; the 海底 only when ready; a 跑 bid of 0; opening wins always; before play, the lowest tiles of the suit held least passed
//!   on and the suit held least declared void (`bots::before_play`: Sichuan's auto rule).
//! - **A binding void suit (定缺)**: its tiles are dead to every evaluation (`Sight::counts`
//!   leaves them out) and go first, the safest first (`bots::void`); a seat's void suit is
//!   safe against it; seats that left the hand threaten no one.
//!
//! `offence.rs`: what a discard is worth to the hand; `defence.rs`: the threats at the table
//! and a discard's risk; here, the decision (a turn, an answer to a claim) that weighs them.

mod defence;
mod offence;

use crate::bots::sight::Sight;
use crate::eval::forms;
use crate::game::{tile_of, Act, ActionCode, GameCore};
use crate::hand::{Meld, MeldKind};
use crate::tiles::{each_kind, held_kinds, Counts, KINDS};
use defence::Threats;
use offence::{lean_to_one_suit, offences};

/// The shanten of concealed `counts` with `melds`, by the rules' forms.
fn shanten(me: &Sight<'_>, counts: &Counts, melds: &[Meld]) -> i32 {
    forms::of_hand(&me.hand(counts, melds), me.eval)
}

fn find(legal: &[ActionCode], act: Act) -> Option<ActionCode> {
    legal.iter().copied().find(|&c| Act::of(c) == act)
}

/// The expert's choice for `seat` of `game`, from what that seat may see. Precondition:
/// `seat` is to act.
pub fn action(game: &mut GameCore, seat: u8) -> ActionCode {
    game.legal(seat);
    let game: &GameCore = game;
    let legal = game.legal_cached(seat);
    let choice = choose(&Sight::of_game(game, seat), legal);
    if legal.contains(&choice) {
        choice
    } else {
        legal.first().copied().unwrap_or(choice)
    }
}

/// The expert's choice among `legal` for the seat of `me`. Precondition: `legal` is not
/// empty and is that seat's legal actions now.
#[must_use]
pub fn choose(me: &Sight<'_>, legal: &[ActionCode]) -> ActionCode {
    let kinds = super::greedy::kinds_of(legal);
    let offers = |act: Act| kinds >> act as u32 & 1 == 1;
    let first = |act: Act| if offers(act) { find(legal, act) } else { None };
    if offers(Act::Pao) {
        if let Some(c) = super::greedy::bid(legal) {
            return c;
        }
    }
    if offers(Act::Exchange) || offers(Act::Void) {
        if let Some(c) = super::before_play::choose(&me.counts, legal) {
            return c;
        }
    }
    for act in [Act::SelfDrawWin, Act::Win, Act::OpeningWin] {
        if let Some(c) = first(act) {
            return c;
        }
    }
    let threats = Threats::of(me);
    if let (Some(take), Some(pass)) = (first(Act::Haidi), first(Act::Pass)) {
        let ready = shanten(me, &me.counts, &me.melds) == 0;
        return if ready { take } else { pass };
    }
    if let Some(pass) = first(Act::Pass) {
        return claim(me, &threats, legal, pass);
    }
    if me.declared(me.seat as usize) {
        let kong = legal
            .iter()
            .copied()
            .find(|&c| matches!(Act::of(c), Act::ConcealedKong | Act::AddedKong));
        return kong.unwrap_or(legal[legal.len() - 1]);
    }
    turn(me, &threats, legal)
}

/// A turn: a kong, 报听 or a discard.
fn turn(me: &Sight<'_>, threats: &Threats, legal: &[ActionCode]) -> ActionCode {
    if me.holds_void() {
        // Its void-suit tiles go first (the only discards offered), the safest first; a
        // kong that keeps the shanten before them, unless folding.
        let now = shanten(me, &me.counts, &me.melds);
        if !(threats.total >= 0.6 && now >= 2) {
            if let Some(c) = kong_keeping(me, legal, now + kong_step(me)) {
                return c;
            }
        }
        if let Some(c) = crate::bots::void::discard(me, legal, |k| threats.risk(me, k)) {
            return c;
        }
    }
    let shanten_after = forms::after_discards(&me.hand(&me.counts, &me.melds), me.eval);
    let held = held_kinds(&me.counts);
    let best = each_kind(held)
        .map(|k| shanten_after[k as usize])
        .min()
        .unwrap_or(i32::MAX);
    // Kongs that keep the shanten, unless folding.
    let folding = threats.total >= 0.6 && best >= 2;
    if !folding {
        if let Some(c) = kong_keeping(me, legal, best + kong_step(me)) {
            return c;
        }
    }
    let mut off = offences(me, &shanten_after, best, folding);
    if me.void_binds && best > 0 {
        lean_to_one_suit(me, &mut off);
    }
    // How much a unit of risk costs: more the further from ready.
    let weight = match best {
        0 => 0.8,
        1 => 1.6,
        _ => 4.0,
    };
    let mut declare: Option<(f64, ActionCode)> = None;
    let mut discard: Option<(f64, ActionCode)> = None;
    for &c in legal {
        let k = tile_of(c) as usize;
        let slot = match Act::of(c) {
            Act::Declare => &mut declare,
            Act::Discard => &mut discard,
            _ => continue,
        };
        if k >= KINDS {
            continue;
        }
        let risk = threats.risk(me, k);
        let w = match off[k] {
            Some(o) => o - weight * risk,
            None if slot.is_some() || Act::of(c) == Act::Declare => continue,
            None => -100.0 - risk, // far from the best shanten: only if nothing else
        };
        if slot.is_none_or(|(b, _)| w > b) {
            *slot = Some((w, c));
        }
    }
    match (declare, discard) {
        // 报听 unless its best discard is much worse than the best plain discard.
        (Some((dw, d)), Some((pw, _))) if dw + 1.0 >= pw => d,
        (Some((_, d)), None) => d,
        (_, Some((_, c))) => c,
        (None, None) => legal[0],
    }
}

/// How far a kong may raise the shanten and still be made: one step where kongs are paid
/// when made (`TurnRules::pay_as_played`: Sichuan's 刮风下雨, a sure gain, and a 根 for a
/// win), which measured better than keeping the shanten (benches/README.md, Sichuan), even
/// from a ready hand; none elsewhere.
fn kong_step(me: &Sight<'_>) -> i32 {
    i32::from(me.pays_as_played)
}

/// The first concealed or added kong among `legal` after which the shanten is at most `bar`.
fn kong_keeping(me: &Sight<'_>, legal: &[ActionCode], bar: i32) -> Option<ActionCode> {
    for &c in legal {
        let (kind, used) = match Act::of(c) {
            Act::ConcealedKong => (MeldKind::ConcealedKong, 4),
            Act::AddedKong => (MeldKind::AddedKong, 1),
            _ => continue,
        };
        let t = tile_of(c);
        if me.counts[t as usize] < used {
            continue;
        }
        let mut after = me.counts;
        after[t as usize] -= used;
        if shanten(me, &after, &me.with_meld(kind, t)) <= bar {
            return Some(c);
        }
    }
    None
}

/// Answer a discard or added kong (no win taken): kong when it keeps the shanten, pong or
/// chow when it lowers it (under a binding void suit, when it keeps it), nothing when
/// folding.
fn claim(me: &Sight<'_>, threats: &Threats, legal: &[ActionCode], pass: ActionCode) -> ActionCode {
    let Some(t) = me.claim_tile.filter(|&t| (t as usize) < KINDS) else {
        return pass;
    };
    let current = shanten(me, &me.counts, &me.melds);
    if threats.total >= 0.6 && current >= 2 {
        return pass;
    }
    if let Some(c) = find(legal, Act::Kong).filter(|_| me.counts[t as usize] >= 3) {
        let mut after = me.counts;
        after[t as usize] -= 3;
        if shanten(me, &after, &me.with_meld(MeldKind::Kong, t)) <= current + kong_step(me) {
            return c;
        }
    }
    // Under a binding void suit a claim that keeps the shanten is taken too (measured on
    // Sichuan: +0.05–0.08 points a hand against three greedy; benches/README.md).
    let bar = current + i32::from(me.void_binds);
    let lowers =
        |after: &Counts, melds: &[Meld]| me.best_after_discard(after, melds, me.eval) < bar;
    if let Some(c) = find(legal, Act::Pong).filter(|_| me.counts[t as usize] >= 2) {
        let mut after = me.counts;
        after[t as usize] -= 2;
        if lowers(&after, &me.with_meld(MeldKind::Pong, t)) {
            return c;
        }
    }
    for &c in legal.iter().filter(|&&c| Act::of(c) == Act::Chow) {
        let low = tile_of(c);
        let mut after = me.counts;
        let mut ok = true;
        for k in (low..low + 3).filter(|&k| k != t) {
            if after[k as usize] == 0 {
                ok = false;
                break;
            }
            after[k as usize] -= 1;
        }
        if ok && lowers(&after, &me.with_meld(MeldKind::Chow, low)) {
            return c;
        }
    }
    pass
}

#[cfg(test)]
mod tests;
