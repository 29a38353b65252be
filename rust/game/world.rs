//! A *world* of a seat: a copy of the hand that the seat cannot tell from the real one, with
//! everything it cannot see dealt anew at random (a determinisation, for the `search` bot's
//! rollouts). What a seat sees is what its view shows (`view.rs`): its own tiles, every
//! discard, exposed meld, flower, declaration and bid, the indicator and the wall's count.
//! What it cannot see, and what a world deals anew:
//!
//! - the other seats' concealed tiles (their counts kept) and the tiles not yet drawn from
//!   the wall (their positions kept, so the wall's count, its back and its stacks are as
//!   before), shuffled together; a seat that declared (报听) is dealt a ready hand, built
//!   from a random complete hand less one tile, as it must hold one;
//! - the dice not yet rolled.
//!
//! Everything public is kept: melds (a concealed kong's kind too, a simplification: its four
//! tiles stay out of the shuffle), discards, declarations, passes, and the hands of seats
//! that left the hand after a win (shown to all). What the seat knows of others' hands stays
//! true too: the tiles it passed in an exchange before play stay with the seat that received
//! them (less as many of a kind as that seat has since discarded or shown in an open meld),
//! and a seat that has discarded a tile outside its binding void suit (so holds none of that
//! suit: it would have had to discard those first) is dealt none. The other seats' pending
//! answers to a discard are asked anew of their new hands. A world keeps no log.

use super::state::{GameCore, Phase};
use crate::eval::shape::Keys;
use crate::hand::MeldKind;
use crate::rng::Rng;
use crate::tiles::{is_flower, Counts, KindMask, KINDS};

/// How often a declared seat's ready hand is tried before its tiles are dealt at random.
const READY_TRIES: usize = 32;

impl GameCore {
    /// A copy of the hand without its log, logging nothing: the start of each world.
    #[must_use]
    pub fn unlogged_copy(&mut self) -> GameCore {
        let events = std::mem::take(&mut self.events);
        let logging = std::mem::replace(&mut self.logging, false);
        let copy = self.clone();
        self.events = events;
        self.logging = logging;
        copy
    }

    /// Deal anew, from `rng`, everything `seat` cannot see (module doc). Precondition: `seat`
    /// is to act in a turn, a claim, a rob or the 海底 (not a bid), and the game keeps no log
    /// ([`GameCore::unlogged_copy`]).
    ///
    /// # Panics
    /// Never for a game in that state (a claim has its tile; the pool fills the wall).
    pub fn redeal_unseen(&mut self, seat: u8, rng: &mut Rng) {
        debug_assert!(!self.logging && self.phase != Phase::Bid && self.phase != Phase::Over);
        let mut pool: Vec<u8> = Vec::with_capacity(self.wall.left + 40);
        let mut sizes = [0usize; 4];
        // Seats that left the hand showed their tiles: they stay where they are.
        let hidden: [bool; 4] =
            std::array::from_fn(|s| s != seat as usize && self.seats[s].in_hand());
        let known = self.known_passed(seat);
        for s in (0..4).filter(|&s| hidden[s]) {
            for (k, &n) in self.seats[s].hand.iter().enumerate() {
                pool.extend(std::iter::repeat_n(k as u8, n as usize));
                sizes[s] += n as usize;
            }
        }
        for (p, &taken) in self.wall.taken.iter().enumerate() {
            if !taken {
                pool.push(self.wall.tiles[p]);
            }
        }
        rng.shuffle(&mut pool);
        // `pool[..next]` is dealt to the seats, the rest goes back to the wall in order.
        let mut next = 0;
        let mut hands = [[0u8; KINDS]; 4];
        let mut dealt = [0usize; 4];
        // The tiles `seat` passed that a receiver still holds go to it before anyone is dealt.
        for s in (0..4).filter(|&s| hidden[s] && !self.seats[s].declared) {
            if known[s].iter().all(|&n| n == 0) {
                continue;
            }
            let mut want = known[s];
            let to = (&mut hands[s], &mut dealt[s], sizes[s]);
            deal_until(&mut pool, &mut next, to, |t| {
                let ok = want[t as usize] > 0;
                if ok {
                    want[t as usize] -= 1;
                }
                ok
            });
        }
        let declared_first = (0..4).filter(|&s| self.seats[s].declared);
        let others = (0..4).filter(|&s| !self.seats[s].declared);
        for s in declared_first.chain(others) {
            if !hidden[s] || sizes[s] == 0 {
                continue;
            }
            let ready = self.seats[s].declared
                && (0..READY_TRIES).any(|_| {
                    ready_hand(&pool[next..], sizes[s], rng).is_some_and(|hand| {
                        let ok =
                            self.waits(&hand, &crate::outcome::melds_of(&self.seats[s].melds)) != 0;
                        if ok {
                            hands[s] = hand;
                        }
                        ok
                    })
                });
            if ready {
                let mut want = hands[s];
                deal_front(&mut pool, &mut next, |t| {
                    let ok = !is_flower(t) && want[t as usize] > 0;
                    if ok {
                        want[t as usize] -= 1;
                    }
                    ok
                });
                debug_assert!(want.iter().all(|&n| n == 0));
            } else {
                // A seat free of its void suit first from the other tiles, then from any.
                for dead in [self.void_free(s as u8), 0] {
                    let to = (&mut hands[s], &mut dealt[s], sizes[s]);
                    deal_until(&mut pool, &mut next, to, |t| {
                        !is_flower(t) && dead >> t & 1 == 0
                    });
                    if dealt[s] == sizes[s] {
                        break;
                    }
                }
            }
        }
        let mut rest = pool[next..].iter();
        for (p, &taken) in self.wall.taken.iter().enumerate() {
            if !taken {
                self.wall.tiles[p] = *rest.next().expect("as many tiles as positions");
            }
        }
        for s in (0..4).filter(|&s| hidden[s]) {
            let other = &mut self.seats[s];
            other.hand = hands[s];
            other.keys = Keys::of(&other.hand);
            other.waits_kept = None;
        }
        if let Some(dice) = &mut self.dice {
            for roll in dice.rolls.iter_mut().skip(dice.used) {
                *roll = (1 + rng.below(6) as u8, 1 + rng.below(6) as u8);
            }
        }
        if self.phase.awaits_answers() {
            let mine = std::mem::take(&mut self.options[seat as usize]);
            let tile = self.claim_tile.expect("a claim has its tile");
            self.open_claims(self.turn, tile, self.phase == Phase::Rob);
            // The seat's own offers depend only on its own tiles: they are as they were.
            self.options[seat as usize] = mine;
            self.answers[seat as usize] = None;
        }
    }
}

impl GameCore {
    /// Per seat, the tiles `seat` passed it in the exchange before play that it still holds
    /// as far as `seat` can tell: each passed tile, less as many of its kind as the receiver
    /// has since discarded or shown in an open meld (none at all if one of its discards lies
    /// face down).
    pub(crate) fn known_passed(&self, seat: u8) -> [Counts; 4] {
        let mut known = [[0u8; KINDS]; 4];
        let me = &self.seats[seat as usize];
        if me.passed.is_empty() {
            return known;
        }
        let to = (seat + self.exchange_shift) % 4;
        let receiver = &self.seats[to as usize];
        if to == seat || receiver.discards.iter().any(|&(_, down)| down) {
            return known;
        }
        let held = &mut known[to as usize];
        for &t in &me.passed {
            held[t as usize] += 1;
        }
        for &(t, _) in &receiver.discards {
            held[t as usize] = held[t as usize].saturating_sub(1);
        }
        for m in receiver
            .melds
            .iter()
            .filter(|m| m.kind != MeldKind::ConcealedKong)
        {
            for (k, n) in crate::hand::meld_tiles(m.kind, m.tile) {
                held[k as usize] = held[k as usize].saturating_sub(n);
            }
        }
        known
    }

    /// The kinds of `seat`'s binding void suit once it has discarded a tile outside that
    /// suit (it then holds none between its turns: each must be discarded first), else none.
    pub(crate) fn void_free(&self, seat: u8) -> KindMask {
        let void = self.void_kinds(seat);
        let s = &self.seats[seat as usize];
        let free = void != 0
            && s.discards
                .iter()
                .any(|&(t, down)| !down && void >> t & 1 == 0);
        if free {
            void
        } else {
            0
        }
    }
}

/// Deal to a hand (its counts, the tiles dealt it so far, the number it holds) the tiles of
/// `pool[*next..]` that `accept` takes, asked in order until the hand is full, moving them to
/// the pool's front as [`deal_front`] does.
fn deal_until(
    pool: &mut [u8],
    next: &mut usize,
    (hand, dealt, size): (&mut Counts, &mut usize, usize),
    mut accept: impl FnMut(u8) -> bool,
) {
    deal_front(pool, next, |t| {
        let ok = *dealt < size && accept(t);
        if ok {
            hand[t as usize] += 1;
            *dealt += 1;
        }
        ok
    });
}

/// Move the tiles of `pool[*next..]` that `take` accepts (asked in order) to its front,
/// advancing `next` past them.
fn deal_front(pool: &mut [u8], next: &mut usize, mut take: impl FnMut(u8) -> bool) {
    let start = *next;
    for j in start..pool.len() {
        if take(pool[j]) {
            pool.swap(*next, j);
            *next += 1;
        }
    }
}

/// A ready hand of `size` concealed tiles from `pool`'s non-flower tiles: a random complete
/// hand of `size + 1` tiles (pongs and runs and a pair) less one of its tiles, or `None` when
/// the tries find none. Precondition: `size % 3 == 1`.
fn ready_hand(pool: &[u8], size: usize, rng: &mut Rng) -> Option<Counts> {
    let mut left = [0u8; KINDS];
    let mut tiles = 0u64;
    for &t in pool.iter().filter(|&&t| !is_flower(t)) {
        left[t as usize] += 1;
        tiles += 1;
    }
    if tiles < size as u64 + 1 || size % 3 != 1 {
        return None;
    }
    let mut hand = [0u8; KINDS];
    // A kind drawn with the odds of its tiles left.
    let pick = |left: &[u8; KINDS], rng: &mut Rng| -> usize {
        let total: u64 = left.iter().map(|&n| u64::from(n)).sum();
        let mut i = rng.below(total.max(1));
        for (k, &n) in left.iter().enumerate() {
            if i < u64::from(n) {
                return k;
            }
            i -= u64::from(n);
        }
        KINDS - 1
    };
    let mut found_pair = false;
    for _ in 0..16 {
        let k = pick(&left, rng);
        if left[k] >= 2 {
            left[k] -= 2;
            hand[k] += 2;
            found_pair = true;
            break;
        }
    }
    if !found_pair {
        return None;
    }
    for _ in 0..size / 3 {
        let mut placed = false;
        for _ in 0..24 {
            let k = pick(&left, rng);
            let run = k < 27 && k % 9 <= 6 && rng.below(3) > 0;
            if run && left[k] > 0 && left[k + 1] > 0 && left[k + 2] > 0 {
                for j in k..k + 3 {
                    left[j] -= 1;
                    hand[j] += 1;
                }
            } else if left[k] >= 3 {
                left[k] -= 3;
                hand[k] += 3;
            } else {
                continue;
            }
            placed = true;
            break;
        }
        if !placed {
            return None;
        }
    }
    // One tile of the complete hand goes back: the hand waits on at least it.
    let mut i = rng.below(size as u64 + 1);
    for n in &mut hand {
        if i < u64::from(*n) {
            *n -= 1;
            break;
        }
        i -= u64::from(*n);
    }
    Some(hand)
}
