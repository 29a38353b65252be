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
//!   only when it lowers the shanten and the bot is not folding; a kong when it keeps the
//!   shanten; 报听 with the declarable discard of the best expected value; the 海底 only when
//!   ready; a 跑 bid of 0; opening wins always.

use crate::eval::forms;
use crate::eval::waits::Waits;
use crate::eval::EvalRules;
use crate::game::{sees_discard, tile_of, Act, ActionCode, GameCore, Phase, SeatView};
use crate::hand::{Hand, Meld, MeldKind, Melds};
use crate::outcome::{WinContext, WinKind};
use crate::profiles::Rules;
use crate::tiles::{each_kind, held_kinds, Counts, KindMask, KINDS, SUITED_KINDS};

/// The first honour kind (winds and dragons: 27–33).
const HONOURS: usize = 27;

/// How threatening each other seat looks (0: none, 1: declared), and the kinds that are safe
/// against it, from what the expert's seat sees.
struct Threats {
    level: [f64; 4],
    safe: [KindMask; 4],
    /// Kinds each seat discarded face up (its 现物), for 筋.
    discarded: [KindMask; 4],
    total: f64,
}

impl Threats {
    /// The threats `seat` sees: `discards[o]` is seat `o`'s discards in order (`None`: one
    /// lying face down, its 报听 discard), `open[o]` its open melds.
    fn of(sight: &Sight<'_>) -> Threats {
        let mut t = Threats {
            level: [0.0; 4],
            safe: [0; 4],
            discarded: [0; 4],
            total: 0.0,
        };
        let late = sight.wall_remaining < 24;
        for o in (0..4).filter(|&o| o != sight.seat as usize) {
            let open = sight.open[o];
            let level = if sight.declared[o] {
                1.0
            } else if open >= 3 || (open >= 2 && late) {
                0.6
            } else {
                0.0
            };
            let mut own: KindMask = 0;
            for &k in sight.discards[o].iter().flatten() {
                own |= 1 << k;
            }
            t.discarded[o] = own;
            let mut safe = own;
            if sight.declared[o] {
                // Every kind discarded after its 报听 discard (face down: its position is
                // public, its kind is not) went past a hand whose waits are fixed.
                // Discards are made round by round: each seat's after its round `d` one.
                if let Some(d) = sight.discards[o].iter().position(Option::is_none) {
                    for other in &sight.discards {
                        for &k in other.iter().skip(d + 1).flatten() {
                            safe |= 1 << k;
                        }
                    }
                }
            }
            t.safe[o] = safe;
            t.level[o] = level;
            t.total += level;
        }
        t
    }

    /// The risk (0–1 per threat, weighted by its level) that discarding `kind` deals in.
    fn risk(&self, sight: &Sight<'_>, kind: usize) -> f64 {
        if self.total == 0.0 {
            return 0.0;
        }
        let seen = &sight.seen;
        if !sight
            .rules
            .profile()
            .discard_win_allowed(sight.rules, kind as u8)
        {
            return 0.0;
        }
        let mut risk = 0.0;
        for o in 0..4 {
            let level = self.level[o];
            if level == 0.0 || self.safe[o] >> kind & 1 == 1 {
                continue;
            }
            let r = if kind >= HONOURS {
                match seen[kind] {
                    4.. => 0.0,
                    3 => 0.25,
                    _ => 0.6,
                }
            } else {
                let rank = kind % 9;
                let base = match rank {
                    0 | 8 => 0.55,
                    1 | 7 => 0.8,
                    _ => 1.0,
                };
                let gone = |r: usize| self.discarded[o] >> (kind - rank + r) & 1 == 1;
                // 筋: a two-sided wait on `kind` needs the tile three away on one side.
                let low = rank < 3 || gone(rank - 3);
                let high = rank > 5 || gone(rank + 3);
                let suji = match (low, high) {
                    (true, true) => 0.35,
                    (true, false) | (false, true) => 0.75,
                    _ => 1.0,
                };
                let visible = if seen[kind] >= 4 { 0.6 } else { 1.0 };
                base * suji * visible
            };
            risk += level * r;
        }
        risk
    }
}

/// What the expert sees of a hand from its seat, all it decides from: its own tiles, the
/// rules, and what is public (discards, face-down ones as `None`; open melds; who declared;
/// the wall's count; the tile on offer).
pub struct Sight<'a> {
    pub seat: u8,
    pub rules: &'a Rules,
    pub eval: EvalRules,
    pub wildcards: &'a [u8],
    /// The kinds in play.
    pub kinds: KindMask,
    /// Its concealed tiles by kind, wildcard kinds included.
    pub counts: Counts,
    pub melds: Melds,
    /// Tiles of each kind it has seen (its hand, every discard and meld it sees).
    pub seen: Counts,
    pub dealer: bool,
    pub flowers: u8,
    pub declared: [bool; 4],
    /// Each seat's open melds (not concealed kongs).
    pub open: [usize; 4],
    /// Each seat's discards in order, `None` for one this seat may not see.
    pub discards: [Vec<Option<u8>>; 4],
    pub wall_remaining: usize,
    /// The discard or added kong being answered.
    pub claim_tile: Option<u8>,
    /// On a turn, the ready discards the engine's 报听 check found, if it made one.
    pub ready: Option<&'a [(u8, KindMask)]>,
}

impl<'a> Sight<'a> {
    /// What `seat` sees of `game`. Precondition: `seat < 4`.
    #[must_use]
    pub fn of_game(game: &'a GameCore, seat: u8) -> Sight<'a> {
        let s = &game.seats[seat as usize];
        let mut discards: [Vec<Option<u8>>; 4] = Default::default();
        let mut open = [0; 4];
        let mut declared = [false; 4];
        for (o, other) in game.seats.iter().enumerate() {
            discards[o] = other
                .discards
                .iter()
                .map(|&(k, down)| sees_discard(o as u8, Some(seat), down, false).then_some(k))
                .collect();
            open[o] = other
                .melds
                .iter()
                .filter(|m| m.kind != MeldKind::ConcealedKong)
                .count();
            declared[o] = other.declared;
        }
        Sight {
            seat,
            rules: &game.rules,
            eval: game.turn_rules.eval,
            wildcards: &game.wildcards,
            kinds: game.wall_rules.kinds,
            counts: s.hand,
            melds: crate::outcome::melds_of(&s.melds),
            seen: game.seen_by(seat),
            dealer: seat == game.dealer,
            flowers: s.flowers.len() as u8,
            declared,
            open,
            discards,
            wall_remaining: game.wall.remaining(),
            claim_tile: game
                .claim_tile
                .filter(|_| matches!(game.phase, Phase::Claim | Phase::Rob)),
            ready: (game.phase == Phase::Turn
                && seat == game.turn
                && game.legal_ready
                && game.ready_checked)
                .then_some(game.ready.as_slice()),
        }
    }

    /// What the seat of `view` sees, under `rules`. Preconditions: `view` is a seat's
    /// (`view.seat` is `Some(seat < 4)`), its hand and melds valid tiles (checked by the
    /// caller), and `counts` its hand by kind.
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
        let mut open = [0; 4];
        for (o, m) in view.melds.iter().enumerate() {
            open[o] = m
                .iter()
                .filter(|m| m.kind != MeldKind::ConcealedKong)
                .count();
        }
        Sight {
            seat,
            rules,
            eval,
            wildcards: &view.wildcards,
            kinds: rules.profile().wall(rules).kinds,
            counts,
            melds: Melds::from_slice(&melds),
            seen: view.seen(),
            dealer: seat == view.dealer,
            flowers: view.flowers[seat as usize].len() as u8,
            declared: view.declared,
            open,
            discards: view.discards.clone(),
            wall_remaining: view.wall_remaining,
            claim_tile: view.claim_tile.filter(|&t| (t as usize) < KINDS),
            ready: None,
        }
    }

    fn hand(&self, counts: &Counts, melds: &[Meld]) -> Hand {
        Hand::from_counts(counts, melds, self.wildcards)
    }

    fn shanten(&self, counts: &Counts, melds: &[Meld]) -> i32 {
        forms::of_hand(&self.hand(counts, melds), self.eval)
    }

    fn live(&self, kind: usize) -> u32 {
        4u32.saturating_sub(u32::from(self.seen[kind]))
    }

    /// What a win on `tile` with concealed `counts` (3n+1, without `tile`) pays: the
    /// profile's score on a discard and on a self-draw, each where it is allowed.
    fn win_value(&self, counts: &Counts, tile: usize) -> f64 {
        let mut full = *counts;
        full[tile] += 1;
        let hand = self.hand(&full, &self.melds);
        let rules = self.rules;
        let profile = rules.profile();
        let mut value = 0.0;
        for kind in [WinKind::Discard, WinKind::SelfDraw] {
            let context = WinContext::of(kind).by(self.flowers, self.dealer);
            if let Ok(s) = profile.score(rules, &hand, tile as u8, context) {
                if s.allowed {
                    value += f64::from(s.payment.max(1));
                }
            }
        }
        value
    }

    /// The expected value of the ready hand of `counts` (3n+1) waiting on `waits`: each live
    /// winning tile times what it pays.
    fn ready_value(&self, counts: &Counts, waits: KindMask) -> f64 {
        let mut ev = 0.0;
        for k in each_kind(waits) {
            let k = k as usize;
            let live = self.live(k);
            if live > 0 {
                ev += f64::from(live) * self.win_value(counts, k);
            }
        }
        ev
    }

    /// The kinds a draw could join to `counts`: each held kind, and the suited kinds up to
    /// two ranks from a held one, among the kinds in play.
    fn near(&self, counts: &Counts) -> KindMask {
        /// The kinds of rank `r` or more of every suit, for `r` = 0–2.
        const RANK_FROM: [KindMask; 3] = [
            0x1ff * (1 | 1 << 9 | 1 << 18),
            0x1fe * (1 | 1 << 9 | 1 << 18),
            0x1fc * (1 | 1 << 9 | 1 << 18),
        ];
        let held = held_kinds(counts);
        let suited = held & SUITED_KINDS;
        let mut near = held;
        for d in 1..=2 {
            // Up and down `d` ranks within the suit: a shift, less what crossed a suit's end.
            near |= suited << d & RANK_FROM[d];
            near |= suited >> d & RANK_FROM[d] >> d;
        }
        near & self.kinds
    }

    /// The live tiles a draw could join to `counts` ([`Sight::near`]): a cheap stand-in for
    /// [`Sight::improving`].
    fn connected(&self, counts: &Counts) -> u32 {
        each_kind(self.near(counts))
            .map(|k| self.live(k as usize))
            .sum()
    }

    /// The live tiles that lower the shanten `s` of `counts` (3n+1): the shanten after
    /// drawing each live kind [`Sight::near`] them, from one [`forms::after_draws`].
    fn improving(&self, counts: &Counts, s: i32) -> u32 {
        let live: KindMask = each_kind(self.near(counts))
            .filter(|&k| self.live(k as usize) > 0 && counts[k as usize] < 4)
            .fold(0, |m, k| m | 1 << k);
        let after = forms::after_draws(&self.hand(counts, &self.melds), live, self.eval);
        each_kind(live)
            .filter(|&k| after[k as usize] < s)
            .map(|k| self.live(k as usize))
            .sum()
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

/// A candidate discard's worth to its own hand: larger is better. A ready hand scores 1 plus
/// up to 1 for its expected value against `scale`; one `s` from ready scores `-s` plus up to
/// 0.9 for its improving tiles.
fn offence(s: i32, improving: u32, ev: f64, scale: f64) -> f64 {
    if s == 0 && ev > 0.0 {
        1.0 + (ev / scale).min(1.0)
    } else if s == 0 {
        -0.5 // ready, but on nothing that may win
    } else {
        -f64::from(s) + 0.9 * (f64::from(improving) / 24.0).min(1.0)
    }
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
    let kinds = legal.iter().fold(0u32, |m, &c| m | 1 << Act::of(c) as u32);
    let offers = |act: Act| kinds >> act as u32 & 1 == 1;
    let first = |act: Act| if offers(act) { find(legal, act) } else { None };
    if offers(Act::Pao) {
        if let Some(c) = super::greedy::bid(legal) {
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
        let ready = me.shanten(&me.counts, &me.melds) == 0;
        return if ready { take } else { pass };
    }
    if let Some(pass) = first(Act::Pass) {
        return claim(me, &threats, legal, pass);
    }
    if me.declared[me.seat as usize] {
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
    let shanten_after = forms::after_discards(&me.hand(&me.counts, &me.melds), me.eval);
    let held = held_kinds(&me.counts);
    let best = each_kind(held)
        .map(|k| shanten_after[k as usize])
        .min()
        .unwrap_or(i32::MAX);
    // Kongs that keep the shanten, unless folding.
    let folding = threats.total >= 0.6 && best >= 2;
    if !folding {
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
            if me.shanten(&after, &me.with_meld(kind, t)) <= best {
                return c;
            }
        }
    }
    let off = offences(me, &shanten_after, best, folding);
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

/// Each held kind's worth to the hand as its discard ([`offence`]), given the shanten after
/// each discard and the best of them; `None` for a discard two or more from the best.
fn offences(
    me: &Sight<'_>,
    shanten_after: &[i32; KINDS],
    best: i32,
    folding: bool,
) -> [Option<f64>; KINDS] {
    let held = held_kinds(&me.counts);
    let mut ev = [0.0f64; KINDS];
    let mut off = [None; KINDS];
    let mut scale: f64 = 1.0;
    for k in each_kind(held) {
        let k = k as usize;
        let s = shanten_after[k];
        if s == 0 {
            let mut after = me.counts;
            after[k] -= 1;
            let found = me
                .ready
                .and_then(|r| r.iter().find(|&&(d, _)| d as usize == k));
            let waits = found.map_or_else(
                || Waits::of(&me.hand(&after, &me.melds), me.eval).tiles,
                |&(_, w)| w,
            );
            ev[k] = me.ready_value(&after, waits);
            scale = scale.max(ev[k]);
        }
        if s <= best + 1 {
            off[k] = Some(offence(s, 0, 0.0, 1.0));
        }
    }
    // Among the discards to the best shanten (not ready), the live tiles that lower it
    // (进张), counted exactly; when folding, where safety decides, the live tiles next to
    // the kept ones stand in.
    if best > 0 {
        let mut candidates: KindMask = 0;
        for k in each_kind(held).filter(|&k| shanten_after[k as usize] == best) {
            candidates |= 1 << k;
        }
        if candidates.count_ones() > 1 {
            for k in each_kind(candidates) {
                let k = k as usize;
                let mut after = me.counts;
                after[k] -= 1;
                let improving = if folding {
                    me.connected(&after) / 4
                } else {
                    me.improving(&after, best)
                };
                off[k] = Some(offence(best, improving, 0.0, 1.0));
            }
        }
    }
    for k in each_kind(held) {
        let k = k as usize;
        if shanten_after[k] == 0 {
            off[k] = Some(offence(0, 0, ev[k], scale));
        }
    }
    off
}

/// Answer a discard or added kong (no win taken): kong when it keeps the shanten, pong or
/// chow when it lowers it, nothing when folding.
fn claim(me: &Sight<'_>, threats: &Threats, legal: &[ActionCode], pass: ActionCode) -> ActionCode {
    let Some(t) = me.claim_tile.filter(|&t| (t as usize) < KINDS) else {
        return pass;
    };
    let current = me.shanten(&me.counts, &me.melds);
    if threats.total >= 0.6 && current >= 2 {
        return pass;
    }
    if let Some(c) = find(legal, Act::Kong).filter(|_| me.counts[t as usize] >= 3) {
        let mut after = me.counts;
        after[t as usize] -= 3;
        if me.shanten(&after, &me.with_meld(MeldKind::Kong, t)) <= current {
            return c;
        }
    }
    let lowers = |after: &Counts, melds: &[Meld]| {
        forms::best_after_discard(&me.hand(after, melds), me.eval) < current
    };
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
#[path = "expert_tests.rs"]
mod tests;
