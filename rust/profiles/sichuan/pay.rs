//! What Sichuan pays and when (docs/rules.md §14): kongs (刮风下雨) and wins when they are
//! made, by the seats still in at that moment, a 杠上炮's kong money passed on (呼叫转移);
//! and at the wall's end, among the seats still in, 查花猪, then 查大叫, then 退税.

use super::{best_ready_fans, cap, is_kong_discard, opt, provider_pays, value};
use crate::outcome::{held_kong_payments, melds_of, HandEnd, Outcome, Transfer, WinKind};
use crate::profiles::options::Rules;
use crate::profiles::profile::{HandSummary, KongPrices, PayContext, PayMoment};

/// 刮风下雨: a direct kong 2 from its discarder, an added kong 1 from each other seat still
/// in, a concealed kong 2 from each.
const KONG_PRICES: KongPrices = KongPrices {
    direct: 2,
    added: 1,
    concealed: 2,
};

/// The payments of a moment of the hand: a kong made, or the wins of one moment.
pub(super) fn as_played(r: &Rules, at: &PayContext<'_>) -> Vec<Transfer> {
    let mut out = Vec::new();
    match at.moment {
        PayMoment::Kong(kong) => at.pay_kong(kong, KONG_PRICES, &mut out),
        PayMoment::Wins(wins) => {
            for o in wins {
                pay_win(r, at, o, &mut out);
            }
            if let Some(first) = wins.first() {
                pass_on(r, at, first, &mut out);
            }
        }
    }
    out
}

/// One win's payment: a discard (or robbed kong) by its discarder; a self-draw by each
/// other seat still in (value + 1 under `add_base`), or under 点杠花 `provider` by the
/// direct kong's discarder alone.
fn pay_win(r: &Rules, at: &PayContext<'_>, o: &Outcome, out: &mut Vec<Transfer>) {
    let worth = value(r, o.points);
    let win =
        |payer: u8, amount: i32| Transfer::new(payer, o.winner, amount, "win", None).at(o.event);
    match (o.kind, o.discarder) {
        (WinKind::SelfDraw, _) | (_, None) => {
            let feeder = at.kongs.last().and_then(|k| k.feeder);
            if let Some(feeder) = feeder.filter(|_| provider_pays(r, o.context)) {
                out.push(win(feeder, worth));
            } else {
                let bonus = i32::from(r.value(opt::SELF_DRAW) == 0);
                for payer in at.others_in(o.winner) {
                    out.push(win(payer, worth + bonus));
                }
            }
        }
        (_, Some(d)) => out.push(win(d, worth)),
    }
}

/// 呼叫转移: on a 杠上炮 the discarder passes the winner (the first after it) every kong
/// payment it received for its kongs of that turn.
fn pass_on(r: &Rules, at: &PayContext<'_>, o: &Outcome, out: &mut Vec<Transfer>) {
    let Some(d) = o.discarder else {
        return;
    };
    if !r.flag(opt::CALL_TRANSFER) || !is_kong_discard(o.context) {
        return;
    }
    for (i, t) in held_kong_payments(at.ledger) {
        if t.payee == d && t.event.is_some_and(|e| e >= at.turn_began) {
            out.push(
                Transfer::new(d, o.winner, t.amount, "passed_on", None)
                    .at(o.event)
                    .undoing(i),
            );
        }
    }
}

/// The wall's end (not a hand ended by its third win), among the seats still in: 查花猪, a
/// seat holding a tile of its void suit pays 2^cap to each other seat that holds none (those
/// that left included); 查大叫, each seat not ready pays each ready seat still in that seat's
/// best value; 退税, each seat not ready returns the kong payments it still holds.
pub(super) fn at_wall_end(r: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer> {
    let mut out = Vec::new();
    if hand.end != HandEnd::Exhausted {
        return out;
    }
    let pig: [bool; 4] = std::array::from_fn(|s| hand.in_hand[s] && hand.holds_void(s));
    for s in (0..4).filter(|&s| pig[s]) {
        for o in (0..4).filter(|&o| o != s && !pig[o]) {
            out.push(Transfer::new(
                s as u8,
                o as u8,
                value(r, cap(r)),
                "void_held",
                None,
            ));
        }
    }
    let ready: [Option<i32>; 4] = std::array::from_fn(|s| {
        if !hand.in_hand[s] || pig[s] {
            return None;
        }
        best_ready_fans(hand.hands[s], &melds_of(hand.melds[s]), hand.voids[s])
            .map(|fans| value(r, fans))
    });
    for s in (0..4).filter(|&s| hand.in_hand[s] && !pig[s] && ready[s].is_none()) {
        for (to, worth) in ready.iter().enumerate() {
            if let Some(worth) = worth {
                out.push(Transfer::new(s as u8, to as u8, *worth, "not_ready", None));
            }
        }
    }
    if r.flag(opt::TAX_REFUND) {
        for (i, t) in held_kong_payments(hand.ledger) {
            let payee = t.payee as usize;
            if hand.in_hand[payee] && ready[payee].is_none() {
                out.push(Transfer::new(t.payee, t.payer, t.amount, "refund", None).undoing(i));
            }
        }
    }
    out
}
