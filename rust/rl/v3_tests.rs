//! Observation v3 against the engine on `tiny` and `sichuan` hands (the exchange, void
//! suits, winners that leave, payments as played): the live game's encoding equals the
//! seat view's, the new planes say what the view says, the oracle is v3 with nothing
//! hidden then the six oracle planes, and a table never asks a seat that left.

use super::actions::ActionSpace;
use super::encode::{
    encode_oracle, encode_oracle_version, encode_version, Live, Version, ORACLE_SIZE, PLANES,
    PLANES_V2, SIZE,
};
use super::planes::{
    PICKED, STANDING, ST_EXCHANGE, ST_LEFT, ST_RUNNING, ST_RUNNING_COARSE, ST_VOIDS, ST_VOID_PHASE,
    WIDTH,
};
use super::table::{Opponents, Table};
use crate::game::{GameCore, Phase};
use crate::profiles::Rules;
use crate::rng::Rng;

fn tiny() -> Rules {
    Rules::preset("tiny").expect("tiny")
}

fn v3_of(src: &impl super::source::Source) -> Vec<u8> {
    let mut out = vec![0u8; Version::V3.planes(false) * WIDTH];
    encode_version(src, Version::V3, &mut out);
    out
}

/// Plane `p`'s row of an encoding.
fn row(obs: &[u8], p: usize) -> &[u8] {
    &obs[p * WIDTH..(p + 1) * WIDTH]
}

/// `seat`'s v3 planes checked against its view: the same encoding from the view, v2's
/// planes first, then the picks and the standing plane as the view's fields say.
fn check_seat(g: &mut GameCore, seat: u8) {
    let live = v3_of(&Live {
        game: g,
        seat,
        all: false,
    });
    let view = g.view(seat);
    assert_eq!(live, v3_of(&view), "seat {seat}, phase {:?}", g.phase());
    let mut v2 = vec![0u8; PLANES_V2 * WIDTH];
    encode_version(&view, Version::V2, &mut v2);
    assert_eq!(&live[..v2.len()], &v2[..], "v3 begins with v2");
    let mut picked = [0u8; WIDTH];
    for &t in &view.picked {
        picked[t as usize] += 1;
    }
    assert_eq!(row(&live, PICKED), &picked[..]);
    let st = row(&live, STANDING);
    for r in 0..4usize {
        let owner = (seat as usize + r) % 4;
        let want: Vec<u8> = (0..3u8)
            .map(|k| u8::from(view.voids[owner] == Some(k)))
            .collect();
        assert_eq!(&st[ST_VOIDS + 3 * r..ST_VOIDS + 3 * r + 3], &want[..]);
        assert_eq!(st[ST_LEFT + r], u8::from(view.left[owner].is_some()));
        let change = view.running[owner] - view.scores[owner];
        assert_eq!(i32::from(st[ST_RUNNING + r]) - 128, change.clamp(-127, 127));
        assert_eq!(
            i32::from(st[ST_RUNNING_COARSE + r]) - 128,
            change.div_euclid(16).clamp(-127, 127)
        );
    }
    assert_eq!(st[ST_EXCHANGE], u8::from(view.phase == Phase::Exchange));
    assert_eq!(st[ST_VOID_PHASE], u8::from(view.phase == Phase::Void));
    assert!(st[ST_VOID_PHASE + 1..].iter().all(|&x| x == 0));
}

#[test]
fn v3_equals_the_view_through_whole_hands_and_shows_voids_leavers_and_payments() {
    for (preset, hands) in [("tiny", 30u64), ("sichuan", 8)] {
        let (mut leavers, mut paid, mut revealed) = (0, 0, 0);
        let rules = Rules::preset(preset).expect("a preset");
        for seed in 0..hands {
            let mut g = GameCore::seeded(rules, (seed % 4) as u8, seed, [0; 4]).expect("a deal");
            let mut rng = Rng::new(seed);
            while let Some(seat) = g.first_to_act() {
                for s in 0..4 {
                    check_seat(&mut g, s);
                }
                assert!(
                    g.in_hand(seat),
                    "{preset} {seed}: seat {seat} left, yet asked"
                );
                if g.phase() == Phase::Turn && g.voids().iter().all(Option::is_some) {
                    revealed += 1;
                }
                let legal = g.legal_actions(seat).expect("a seat");
                let code = if rng.below(10) < 9 {
                    crate::bots::greedy::action(&mut g, seat)
                } else {
                    legal[rng.below(legal.len() as u64) as usize]
                };
                g.step(seat, code).expect("legal");
            }
            for s in 0..4 {
                check_seat(&mut g, s);
            }
            leavers += g.left().iter().filter(|l| l.is_some()).count();
            paid += usize::from(g.running_scores() != [0; 4]);
        }
        let hands = hands as usize;
        assert!(leavers >= hands / 2, "{preset}: {leavers} seats left");
        assert!(paid >= hands / 2, "{preset}: {paid} hands paid");
        assert!(revealed > 0, "{preset}: the void suits were revealed");
    }
}

#[test]
fn the_v3_oracle_is_v3_with_nothing_hidden_then_the_six_oracle_planes() {
    let mut g = GameCore::seeded(tiny(), 1, 5, [3, -3, 0, 0]).expect("a deal");
    let mut rng = Rng::new(5);
    for step in 0..60 {
        let Some(seat) = g.first_to_act() else { break };
        for s in 0..4u8 {
            let mut o3 = vec![0u8; Version::V3.planes(true) * WIDTH];
            encode_oracle_version(&g, s, Version::V3, &mut o3);
            let mut o1 = vec![0u8; ORACLE_SIZE];
            encode_oracle(&g, s, &mut o1);
            let all = v3_of(&Live {
                game: &g,
                seat: s,
                all: true,
            });
            assert_eq!(&o3[..all.len()], &all[..], "step {step}, seat {s}");
            assert_eq!(&o3[all.len()..], &o1[SIZE..], "the six oracle planes");
            assert_eq!(&o3[..SIZE], &o1[..SIZE]);
        }
        let legal = g.legal_actions(seat).expect("a seat");
        g.step(seat, legal[rng.below(legal.len() as u64) as usize])
            .expect("legal");
    }
    assert_eq!(Version::V3.planes(false), PLANES + 3);
}

#[test]
fn a_tiny_table_asks_only_seats_still_in_and_writes_v3_rows() {
    let mut t = Table::new(tiny(), 9, Opponents::Greedy, ActionSpace::V2).expect("a table");
    let mut obs = vec![0u8; Version::V3.planes(false) * WIDTH];
    let mut mask = vec![false; ActionSpace::V2.size()];
    let mut rng = Rng::new(9);
    let (mut hands, mut others_left) = (0, 0);
    while hands < 40 {
        t.write(Version::V3, &mut obs, &mut mask);
        let st = row(&obs, STANDING);
        assert_eq!(st[ST_LEFT], 0, "the asked seat is still in");
        assert!(t.game().in_hand(t.seat()));
        others_left += u32::from(st[ST_LEFT + 1..ST_LEFT + 4].contains(&1));
        let legal: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
        let win = legal.iter().find(|&&a| a == 68 || a == 69);
        let a = *win.unwrap_or(&legal[rng.below(legal.len() as u64) as usize]);
        t.play(a as i64).expect("legal");
        hands += u32::from(t.ended().is_some());
    }
    assert!(others_left > 0, "greedy opponents won and left");
}
