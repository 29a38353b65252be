//! Golden checksums of seeded self-play: every preset of every profile, random and greedy
//! bots, 10,000 hands each (2,000 for Taiyuan's variant presets), their full event logs and
//! records folded into one FNV-1a digest per run; the expert's self-play (issue 26) the
//! same way, and its choice at every position of seeded greedy hands.
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
    ("taiyuan", Bot::Random, 10_000, None, false, 0x2d8bc1104b33d02e),
    ("taiyuan", Bot::Greedy, 10_000, None, false, 0x0f0eccf07b1f10d0),
    ("queyimen", Bot::Random, 10_000, None, false, 0xaf8a0615725b44f0),
    ("queyimen", Bot::Greedy, 10_000, None, false, 0x56277800a7d86cda),
    ("hebei", Bot::Random, 10_000, None, false, 0x89f576aa636e8457),
    ("hebei", Bot::Greedy, 10_000, None, false, 0x8b22e7824ae0f4ff),
    ("changsha", Bot::Random, 10_000, None, false, 0x29fa65c2fd3109d6),
    ("changsha", Bot::Greedy, 10_000, None, false, 0xd692c1e3e73e89e6),
    ("guobiao", Bot::Random, 10_000, None, false, 0x4aff6e62be38f3ba),
    ("guobiao", Bot::Greedy, 10_000, None, false, 0x3e8330e92648c32b),
    ("sichuan", Bot::Random, 10_000, None, false, 0x00e6dbe2a7964d32),
    ("sichuan", Bot::Greedy, 10_000, None, false, 0xd48609c59e1a26c2),
    ("default", Bot::Random, 2_000, None, false, 0x38bf255274e29185),
    ("default", Bot::Greedy, 2_000, None, false, 0x87e590559da90aaa),
    ("random_wildcard", Bot::Random, 2_000, None, false, 0x38f04ae2908ee7bd),
    ("random_wildcard", Bot::Greedy, 2_000, None, false, 0xa556a5fa923ed8b7),
    ("honor_wildcard", Bot::Greedy, 2_000, None, false, 0xf4600d1caedc049f),
    ("double_wildcard", Bot::Random, 2_000, None, false, 0x7cdc5813c447e2d7),
    ("double_wildcard", Bot::Greedy, 2_000, None, false, 0x6af74dc0cddbf5d5),
    ("patterns", Bot::Greedy, 2_000, None, false, 0x45159595d9269893),
    ("taiyuan,must_win,delayed_kong", Bot::Greedy, 2_000, None, false, 0xbc471046373ceade),
    // Matches (the dealer rotation) and duplicate walls.
    ("taiyuan", Bot::Greedy, 100, Some(Length::OneRound), false, 0x43b325cf6730637f),
    ("hebei", Bot::Greedy, 100, Some(Length::Hands(8)), false, 0xc95ce22c368a7968),
    ("changsha", Bot::Greedy, 100, Some(Length::OneRound), false, 0x7f1bb43a88664be5),
    ("guobiao", Bot::Greedy, 20, Some(Length::Hands(16)), false, 0x801fc5a4b78f3bf7),
    ("sichuan", Bot::Greedy, 100, Some(Length::Hands(8)), false, 0x6bad711ecf84900c),
    ("queyimen", Bot::Greedy, 500, None, true, 0x88e75a0ef7268725),
    // The expert (issue 26): its speed-ups must keep every choice.
    ("taiyuan", Bot::Expert, 2_000, None, false, 0x1fabb8e6b298343c),
    ("queyimen", Bot::Expert, 2_000, None, false, 0xd1f10aa5d7759eb6),
    ("hebei", Bot::Expert, 2_000, None, false, 0x14febfb169e29577),
    ("changsha", Bot::Expert, 2_000, None, false, 0x87fa8b190979918a),
    ("guobiao", Bot::Expert, 1_000, None, false, 0xb4e1f1300b9e154b),
    ("sichuan", Bot::Expert, 2_000, None, false, 0x9e19f422bf47bcd5),
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

/// The expert's choice at every decision of `hands` greedy hands of each profile (positions
/// the expert's own play never reaches: claims it would not have made, hands it would have
/// folded), folded into one digest per profile.
#[rustfmt::skip]
const EXPERT_DECISIONS: &[(&str, u64, u64)] = &[
    ("taiyuan", 300, 0xa92a35ed0170cff0),
    ("queyimen", 300, 0xd7cb27b52dc4c143),
    ("hebei", 300, 0x08bfe48630d901e6),
    ("changsha", 300, 0xbe1eeda62727b15f),
    ("guobiao", 100, 0xf9d03b379d89c08f),
    ("sichuan", 300, 0x4720d6db89fa47a4),
];

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "thousands of expert decisions: run it in a release build"
)]
fn expert_decisions_keep_their_checksums() {
    use koudiandian::bots::{expert, greedy};
    use koudiandian::game::GameCore;
    let mut wrong = Vec::new();
    for &(rules, hands, expected) in EXPERT_DECISIONS {
        let rules_obj = Rules::parse(rules).expect("a preset");
        let mut h = Fnv::new();
        for n in 0..hands {
            let mut game =
                GameCore::seeded(rules_obj, (n % 4) as u8, 7_000 + n, [0; 4]).expect("deals");
            while let Some(seat) = game.first_to_act() {
                let mut probe = game.clone();
                h.bytes(&expert::action(&mut probe, seat).to_le_bytes());
                let code = greedy::action(&mut game, seat);
                game.step(seat, code).expect("a legal action");
            }
        }
        println!("({rules:?}, {hands}, {:#018x}),", h.0);
        if h.0 != expected {
            wrong.push(format!("{rules}: {:#018x}, expected {expected:#018x}", h.0));
        }
    }
    assert!(wrong.is_empty(), "changed checksums:\n{}", wrong.join("\n"));
}
