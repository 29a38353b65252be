//! Golden checksums of seeded self-play: every preset of every profile, random and greedy
//! bots, 10,000 hands each (2,000 for Taiyuan's variant presets), their full event logs and
//! records folded into one FNV-1a digest per run.
//!
//! A change that is meant to change no behaviour (a restructuring, a speed-up) keeps every
//! digest; a change of play changes one, and its new value shows in the diff, with the
//! commit that explains it. To print the digests: `cargo test --release --test golden --
//! --nocapture`.
//!
//! The runs take some seconds in `cargo test --release` (as CI runs it); an unoptimised
//! build skips them.

#![allow(clippy::unreadable_literal)] // the digests, as the test prints them

use koudiandian::profiles::Rules;
use koudiandian::selfplay::{play, Bot, Length, Plan, Played};

/// FNV-1a, 64 bits: small, stable across platforms and Rust versions.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

fn digest(played: &Played) -> u64 {
    let mut h = Fnv::new();
    for line in &played.logs {
        h.bytes(line.as_bytes());
        h.bytes(b"\n");
    }
    for r in &played.records {
        h.bytes(&[r.winner as u8, r.kind, r.rotation, r.discarder as u8]);
        h.bytes(&r.value.to_le_bytes());
        for d in r.deltas {
            h.bytes(&d.to_le_bytes());
        }
    }
    for ranking in &played.rankings {
        h.bytes(ranking);
    }
    h.0
}

fn run(rules: &str, bot: Bot, hands: u64, length: Option<Length>, duplicate: bool) -> u64 {
    let plan = Plan {
        rules: Rules::parse(rules).expect("a preset"),
        bots: [bot; 4],
        seed: 20_261_201,
        length,
        duplicate,
        log: true,
    };
    let played = play(&plan, 0, hands, 2).expect("plays");
    digest(&played)
}

/// `(rules, bot, units, length, duplicate, digest)`.
type Case = (&'static str, Bot, u64, Option<Length>, bool, u64);

#[rustfmt::skip]
#[allow(clippy::unreadable_literal)] // the digests as the test prints them
const CASES: &[Case] = &[
    ("taiyuan", Bot::Random, 10_000, None, false, 0x50169d49cc9053f9),
    ("taiyuan", Bot::Greedy, 10_000, None, false, 0x182f36755e9d8194),
    ("queyimen", Bot::Random, 10_000, None, false, 0xbc90baf9fc28020c),
    ("queyimen", Bot::Greedy, 10_000, None, false, 0xd42df9e37876efa0),
    ("hebei", Bot::Random, 10_000, None, false, 0xb501cb5386d8862b),
    ("hebei", Bot::Greedy, 10_000, None, false, 0x947e58b072401f09),
    ("changsha", Bot::Random, 10_000, None, false, 0xa2965edb1f5e922d),
    ("changsha", Bot::Greedy, 10_000, None, false, 0x33f65f2860eeaca3),
    ("guobiao", Bot::Random, 10_000, None, false, 0x07f970b160aa0b12),
    ("guobiao", Bot::Greedy, 10_000, None, false, 0x765c0d51de339149),
    ("default", Bot::Random, 2_000, None, false, 0xb7cd856a49db8f5a),
    ("default", Bot::Greedy, 2_000, None, false, 0x8c05dcf0fd9ab084),
    ("random_wildcard", Bot::Random, 2_000, None, false, 0x1b79e4639d695043),
    ("random_wildcard", Bot::Greedy, 2_000, None, false, 0xb94ac13fdc7fa963),
    ("honor_wildcard", Bot::Greedy, 2_000, None, false, 0x78cfd90f1d62503f),
    ("double_wildcard", Bot::Random, 2_000, None, false, 0xdbbb882b7c5f1500),
    ("double_wildcard", Bot::Greedy, 2_000, None, false, 0xc08d22645831804c),
    ("patterns", Bot::Greedy, 2_000, None, false, 0x38dc915780ee3dfa),
    ("taiyuan,must_win,delayed_kong", Bot::Greedy, 2_000, None, false, 0xedbf3ae0917d8d74),
    // Matches (the dealer rotation) and duplicate walls.
    ("taiyuan", Bot::Greedy, 100, Some(Length::OneRound), false, 0x3ea9d4d7475db380),
    ("hebei", Bot::Greedy, 100, Some(Length::Hands(8)), false, 0x0f06aa048e7ca44f),
    ("changsha", Bot::Greedy, 100, Some(Length::OneRound), false, 0x0454a11be2238671),
    ("guobiao", Bot::Greedy, 20, Some(Length::Hands(16)), false, 0x9f18d260681605f6),
    ("queyimen", Bot::Greedy, 500, None, true, 0x0844de033f30b231),
];

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "10,000 hands a run: run it in a release build"
)]
fn seeded_play_keeps_its_checksums() {
    let mut wrong = Vec::new();
    for &(rules, bot, units, length, duplicate, expected) in CASES {
        let got = run(rules, bot, units, length, duplicate);
        println!("({rules:?}, Bot::{bot:?}, {units}, {length:?}, {duplicate}, {got:#018x}),");
        if got != expected {
            wrong.push(format!(
                "{rules} {bot:?} {units} {length:?} duplicate={duplicate}: {got:#018x}, expected {expected:#018x}"
            ));
        }
    }
    assert!(wrong.is_empty(), "changed checksums:\n{}", wrong.join("\n"));
}
