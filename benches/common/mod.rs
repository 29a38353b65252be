//! What the benches share: the seeded hand sets of the evaluator benches (`core.rs`,
//! `instructions.rs`) and the self-play plans (`selfplay.rs`, `instructions.rs`), so that
//! the criterion figures and the instruction counts measure the same inputs.

#![allow(dead_code)] // each bench uses a part

use koudiandian::bots::greedy;
use koudiandian::game::GameCore;
use koudiandian::profiles::Rules;
use koudiandian::selfplay::{Bot, Plan};
use koudiandian::tiles::Counts;

/// Hands per set.
pub const N_HANDS: usize = 4096;
/// Seed of the hand generator.
pub const SEED: u64 = 0x6b64_645f_6265_6e63;
/// The profiles the self-play benches play.
pub const PROFILES: [&str; 6] = [
    "taiyuan", "queyimen", "hebei", "changsha", "guobiao", "sichuan",
];

/// Four `bot`s, seed 1, single hands, no logs.
pub fn plan(profile: &str, bot: Bot) -> Plan {
    Plan {
        rules: Rules::parse(profile).expect("a preset"),
        bots: [bot; 4],
        seed: 1,
        length: None,
        duplicate: false,
        log: false,
    }
}

/// Every decision point of `hands` greedy hands of `profile`: the position and the seat
/// (the bot benches, `bots.rs` and `search.rs`).
pub fn positions(profile: &str, hands: u64) -> Vec<(GameCore, u8)> {
    let rules = Rules::parse(profile).expect("a preset");
    let mut out = Vec::new();
    for h in 0..hands {
        let mut game = GameCore::seeded(rules, (h % 4) as u8, 1000 + h, [0; 4]).expect("deals");
        while let Some(seat) = game.first_to_act() {
            out.push((game.clone(), seat));
            let code = greedy::action(&mut game, seat);
            game.step(seat, code).expect("a legal action");
        }
    }
    out
}

/// xorshift64*: tiny, seeded, good enough to draw hands.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
}

/// One hand: natural counts, wildcards, declared melds.
#[derive(Clone, Copy)]
pub struct Case {
    pub counts: Counts,
    pub wild: u8,
    pub melds: u8,
}

pub fn add(c: &mut Counts, kinds: &[usize]) -> bool {
    let mut t = *c;
    for &k in kinds {
        t[k] += 1;
        if t[k] > 4 {
            return false;
        }
    }
    *c = t;
    true
}

/// A random complete concealed part for `melds` declared melds: `4 − melds` random melds
/// (a third triplets of any kind, the rest runs) and a pair; one in eight meld-less hands is
/// seven pairs instead.
pub fn complete(rng: &mut Rng, melds: u8) -> Counts {
    'again: loop {
        let mut c = [0u8; 34];
        if melds == 0 && rng.chance(1, 8) {
            let mut pairs = 0;
            let mut tries = 0;
            while pairs < 7 {
                tries += 1;
                if tries > 100 {
                    continue 'again;
                }
                let k = rng.below(34);
                // Mostly distinct pairs; a quad (two pairs) now and then.
                if (c[k] == 0 || rng.chance(1, 6)) && add(&mut c, &[k, k]) {
                    pairs += 1;
                }
            }
            return c;
        }
        for _ in 0..4 - melds {
            let mut placed = false;
            for _ in 0..20 {
                placed = if rng.chance(1, 3) {
                    let k = rng.below(34);
                    add(&mut c, &[k, k, k])
                } else {
                    let k = rng.below(3) * 9 + rng.below(7);
                    add(&mut c, &[k, k + 1, k + 2])
                };
                if placed {
                    break;
                }
            }
            if !placed {
                continue 'again;
            }
        }
        for _ in 0..20 {
            let k = rng.below(34);
            if add(&mut c, &[k, k]) {
                return c;
            }
        }
    }
}

/// Remove one random natural tile (uniform over the tiles held); its kind.
pub fn take(rng: &mut Rng, c: &mut Counts) -> usize {
    let total: usize = c.iter().map(|&x| x as usize).sum();
    let mut r = rng.below(total);
    for (k, x) in c.iter_mut().enumerate() {
        if r < *x as usize {
            *x -= 1;
            return k;
        }
        r -= *x as usize;
    }
    unreachable!("r < total")
}

/// Near-complete 14-tile hands: a complete hand with 0–`max_wild` of its concealed tiles
/// turned into wildcards, and in half of the hands one natural tile swapped for a random other kind
/// (so that about half do not win).
pub fn near_complete(rng: &mut Rng, n: usize, max_wild: usize) -> Vec<Case> {
    (0..n)
        .map(|_| {
            let melds = rng.below(5) as u8;
            let mut counts = complete(rng, melds);
            let size = 14 - 3 * melds;
            let wild = (rng.below(max_wild + 1) as u8).min(size);
            for _ in 0..wild {
                take(rng, &mut counts);
            }
            if wild < size && rng.chance(1, 2) {
                let old = take(rng, &mut counts);
                loop {
                    let k = rng.below(34);
                    if k != old && counts[k] < 4 {
                        counts[k] += 1;
                        break;
                    }
                }
            }
            Case {
                counts,
                wild,
                melds,
            }
        })
        .collect()
}

/// Waiting 13-tile hands: a complete hand with 0–`max_wild` wildcards, less one random tile.
pub fn waiting(rng: &mut Rng, n: usize, max_wild: usize) -> Vec<Case> {
    (0..n)
        .map(|_| {
            let melds = rng.below(5) as u8;
            let mut counts = complete(rng, melds);
            let size = 14 - 3 * melds;
            let mut wild = (rng.below(max_wild + 1) as u8).min(size);
            for _ in 0..wild {
                take(rng, &mut counts);
            }
            if rng.below(size as usize) < wild as usize {
                wild -= 1;
            } else {
                take(rng, &mut counts);
            }
            Case {
                counts,
                wild,
                melds,
            }
        })
        .collect()
}
