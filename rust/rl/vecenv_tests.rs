//! The vectorised environment's additions for outside players: external opponents (the
//! greedy policy played from outside equals the built-in greedy opponents), partial steps,
//! final observations, seeds given per table, a fixed learner and abandoned hands.

use super::actions::{ActionSpace, N_ACTIONS};
use super::encode::{encode_oracle, encode_version, Live, Version, ORACLE_SIZE, SIZE};
use super::table::{mix, Opponents, Table};
use super::vecenv::{Out, Seeds, VecEnv};
use crate::game::Phase;
use crate::profiles::Rules;

fn rules(name: &str) -> Rules {
    Rules::preset(name).expect("a preset")
}

/// The first legal action number of the seat asked at table `t`.
fn first_legal(t: &Table) -> i64 {
    (0..t.space().size())
        .find(|&a| t.is_legal(a))
        .expect("a legal action") as i64
}

/// The action number `policy` picks for the seat asked at `t` (on a copy of its game).
fn outside(t: &Table, policy: fn(&mut crate::game::GameCore, u8) -> u16) -> i64 {
    let mut g = t.game().clone();
    let code = policy(&mut g, t.seat());
    i64::from(t.space().action_of_code(code).expect("numbered"))
}

#[test]
fn a_policy_played_from_outside_equals_the_same_policy_inside() {
    type Policy = fn(&mut crate::game::GameCore, u8) -> u16;
    let cases: [(&str, Opponents, Policy); 3] = [
        ("taiyuan", Opponents::Greedy, crate::bots::greedy::action),
        ("changsha", Opponents::Greedy, crate::bots::greedy::action),
        ("hebei", Opponents::Expert, crate::bots::expert::action),
    ];
    for (name, inside, policy) in cases {
        let r = rules(name);
        let mut a = Table::new(r, 21, inside, ActionSpace::V1).expect("a table");
        let mut b = Table::new(r, 21, Opponents::External, ActionSpace::V1).expect("a table");
        let row = Version::V3.planes(false) * super::encode::WIDTH;
        let (mut obs_a, mut obs_b) = (vec![0u8; row], vec![0u8; row]);
        let (mut mask_a, mut mask_b) = (vec![false; N_ACTIONS], vec![false; N_ACTIONS]);
        // The outside table's opponents move up to its learner's first decision.
        while b.seat() != b.learner() {
            b.play(outside(&b, policy)).expect("legal");
        }
        let mut hands = 0;
        while hands < 30 {
            assert_eq!((a.seat(), a.learner()), (b.seat(), b.learner()), "{name}");
            a.write(Version::V3, &mut obs_a, &mut mask_a);
            b.write(Version::V3, &mut obs_b, &mut mask_b);
            assert!(obs_a == obs_b && mask_a == mask_b, "{name} hand {hands}");
            let action = first_legal(&a);
            a.play(action).expect("legal");
            b.play(action).expect("legal");
            let (mut reward, mut ended) = (b.learner_reward(), b.ended().is_some());
            while b.seat() != b.learner() {
                b.play(outside(&b, policy)).expect("legal");
                reward += b.learner_reward();
                ended |= b.ended().is_some();
            }
            assert_eq!(a.ended().is_some(), ended, "{name} hand {hands}: ended");
            assert_eq!(a.learner_reward(), reward, "{name} hand {hands}: reward");
            hands += usize::from(ended);
        }
    }
}

/// Buffers of `n` rows.
struct Bufs {
    obs: Vec<u8>,
    mask: Vec<bool>,
    reward: Vec<f32>,
    term: Vec<bool>,
    trunc: Vec<bool>,
    seat: Vec<i64>,
    final_obs: Vec<u8>,
    learner: Vec<i64>,
}

impl Bufs {
    fn new(env: &VecEnv) -> Bufs {
        let n = env.num_envs();
        Bufs {
            obs: vec![0; n * env.obs_len()],
            mask: vec![false; n * env.space().size()],
            reward: vec![0.0; n * env.reward_width()],
            term: vec![false; n],
            trunc: vec![false; n],
            seat: vec![0; n],
            final_obs: vec![0; n * env.obs_len()],
            learner: vec![0; n],
        }
    }

    fn out(&mut self) -> Out<'_> {
        Out {
            obs: &mut self.obs,
            mask: &mut self.mask,
            reward: &mut self.reward,
            terminated: &mut self.term,
            truncated: &mut self.trunc,
            seat: &mut self.seat,
            final_obs: &mut self.final_obs,
            learner: &mut self.learner,
        }
    }

    /// The first legal action of every row.
    fn first_legal(&self, n_actions: usize) -> Vec<i64> {
        self.mask
            .chunks(n_actions)
            .map(|m| m.iter().position(|&x| x).expect("a legal action") as i64)
            .collect()
    }
}

#[test]
fn inactive_tables_are_left_as_they_are_and_halves_make_a_whole() {
    let n = 9;
    let make = || {
        VecEnv::new(
            n,
            rules("queyimen"),
            4,
            Opponents::Random,
            2,
            ActionSpace::V1,
        )
        .expect("env")
    };
    let (mut whole, mut halves) = (make(), make());
    let (mut bw, mut bh) = (Bufs::new(&whole), Bufs::new(&halves));
    whole.reset(4, bw.out()).expect("reset");
    halves.reset(4, bh.out()).expect("reset");
    let odd: Vec<bool> = (0..n).map(|i| i % 2 == 1).collect();
    let even: Vec<bool> = odd.iter().map(|&x| !x).collect();
    let mut ended = 0;
    for _ in 0..300 {
        let actions = bw.first_legal(N_ACTIONS);
        whole.step(&actions, bw.out()).expect("legal");
        // Odd rows first, with garbage for the even ones (not checked).
        let mut garbage = actions.clone();
        for (g, &e) in garbage.iter_mut().zip(&even) {
            if e {
                *g = -7;
            }
        }
        let before = bh.obs.clone();
        halves
            .step_active(&garbage, Some(&odd), bh.out())
            .expect("the inactive rows' actions are not checked");
        let row = halves.obs_len();
        for i in (0..n).filter(|&i| even[i]) {
            assert_eq!(
                bh.obs[i * row..(i + 1) * row],
                before[i * row..(i + 1) * row]
            );
            assert!(bh.reward[i] == 0.0 && !bh.term[i], "row {i}");
        }
        let mut reward = bh.reward.clone();
        let mut term = bh.term.clone();
        halves
            .step_active(&actions, Some(&even), bh.out())
            .expect("legal");
        for i in (0..n).filter(|&i| even[i]) {
            reward[i] = bh.reward[i];
            term[i] = bh.term[i];
        }
        assert_eq!(
            (bw.obs.clone(), bw.seat.clone()),
            (bh.obs.clone(), bh.seat.clone())
        );
        assert_eq!((&bw.reward, &bw.term), (&reward, &term));
        ended += bw.term.iter().filter(|&&t| t).count();
    }
    assert!(ended > 20, "{ended} hands ended");
}

#[test]
#[allow(clippy::cast_precision_loss, clippy::float_cmp)] // deltas are small: exact in f32
fn a_final_observation_is_the_learners_view_of_the_hand_at_its_end() {
    let n = 6;
    let mut env = VecEnv::new(
        n,
        rules("sichuan"),
        8,
        Opponents::External,
        1,
        ActionSpace::V2,
    )
    .expect("env")
    .with_version(Version::V3);
    let mut b = Bufs::new(&env);
    env.reset(8, b.out()).expect("reset");
    let row = env.obs_len();
    let mut checked = 0;
    for _ in 0..2000 {
        let actions = b.first_legal(env.space().size());
        // External tables stop at every decision: the hand's end is the one action's.
        let games: Vec<_> = env.tables().iter().map(|t| t.game().clone()).collect();
        let learners = b.learner.clone();
        let seats = b.seat.clone();
        env.step(&actions, b.out()).expect("legal");
        for i in (0..n).filter(|&i| b.term[i]) {
            let mut g = games[i].clone();
            let code = env
                .space()
                .code_of_action(actions[i] as usize)
                .expect("an action");
            super::peek::step_checked(&mut g, seats[i] as u8, code);
            assert_eq!(g.phase(), Phase::Over);
            let mut want = vec![0u8; row];
            let live = Live {
                game: &g,
                seat: learners[i] as u8,
                all: false,
            };
            encode_version(&live, Version::V3, &mut want);
            assert_eq!(b.final_obs[i * row..(i + 1) * row], want[..], "table {i}");
            let deltas = g.result().expect("a result").deltas;
            assert_eq!(b.reward[i], deltas[learners[i] as usize] as f32);
            checked += 1;
        }
    }
    assert!(checked > 10, "{checked} hands ended");
}

#[test]
fn given_seeds_are_used_as_given_and_the_mixed_seed_is_unchanged() {
    let r = rules("taiyuan");
    let seeds: Vec<u64> = (0..5).map(|i| mix(77, i)).collect();
    let mut mixed = VecEnv::new(5, r, 77, Opponents::Greedy, 1, ActionSpace::V1).expect("env");
    let mut given = VecEnv::seeded(
        5,
        r,
        Seeds::Given(&seeds),
        Opponents::Greedy,
        1,
        ActionSpace::V1,
        None,
    )
    .expect("env");
    let (mut bm, mut bg) = (Bufs::new(&mixed), Bufs::new(&given));
    mixed.reset(77, bm.out()).expect("reset");
    given
        .reset_seeded(Seeds::Given(&seeds), bg.out())
        .expect("reset");
    for _ in 0..100 {
        assert!(bm.obs == bg.obs && bm.reward == bg.reward && bm.learner == bg.learner);
        let actions = bm.first_legal(N_ACTIONS);
        mixed.step(&actions, bm.out()).expect("legal");
        given.step(&actions, bg.out()).expect("legal");
    }
    // Table i of a given seed is the table of that seed.
    let alone = Table::new(r, seeds[3], Opponents::Greedy, ActionSpace::V1).expect("a table");
    let mut one = VecEnv::seeded(
        1,
        r,
        Seeds::Given(&seeds[3..4]),
        Opponents::Greedy,
        1,
        ActionSpace::V1,
        None,
    )
    .expect("env");
    let mut b1 = Bufs::new(&one);
    one.reset_seeded(Seeds::Given(&seeds[3..4]), b1.out())
        .expect("reset");
    let mut obs = vec![0u8; SIZE];
    let mut mask = vec![false; N_ACTIONS];
    alone.write(Version::V1, &mut obs, &mut mask);
    assert_eq!(b1.obs, obs);
    let e = one
        .reset_seeded(Seeds::Given(&seeds), b1.out())
        .expect_err("five seeds for one table");
    assert!(e.message().contains("expected 1 seeds"), "{}", e.message());
}

#[test]
fn a_fixed_learner_sits_at_its_seat_in_every_hand() {
    let mut env = VecEnv::seeded(
        8,
        rules("changsha"),
        Seeds::Mixed(3),
        Opponents::Expert,
        1,
        ActionSpace::V1,
        Some(2),
    )
    .expect("env");
    let mut b = Bufs::new(&env);
    env.reset(3, b.out()).expect("reset");
    let mut ended = 0;
    for _ in 0..300 {
        assert!(b.learner.iter().all(|&l| l == 2), "{:?}", b.learner);
        assert!(b.seat.iter().all(|&s| s == 2), "{:?}", b.seat);
        let actions = b.first_legal(N_ACTIONS);
        env.step(&actions, b.out()).expect("legal");
        ended += b.term.iter().filter(|&&t| t).count();
    }
    assert!(ended > 8, "{ended}");
    let e = VecEnv::seeded(
        1,
        rules("changsha"),
        Seeds::Mixed(3),
        Opponents::Expert,
        1,
        ActionSpace::V1,
        Some(4),
    )
    .expect_err("seat 4");
    assert!(e.message().contains("0–3"), "{}", e.message());
}

/// Every seat's perfect-information planes of table `t`'s game.
fn oracle(t: &Table) -> Vec<u8> {
    let mut out = vec![0u8; 4 * ORACLE_SIZE];
    for s in 0..4u8 {
        encode_oracle(
            t.game(),
            s,
            &mut out[s as usize * ORACLE_SIZE..][..ORACLE_SIZE],
        );
    }
    out
}

#[test]
fn an_abandoned_hand_is_followed_by_the_hand_that_would_have_followed_it() {
    let r = rules("hebei");
    let mut played = Table::new(r, 12, Opponents::External, ActionSpace::V1).expect("a table");
    let mut dropped = played.clone();
    while played.ended().is_none() {
        played.play(first_legal(&played)).expect("legal");
    }
    dropped.abandon();
    assert!(dropped.ended().is_none() && dropped.learner_reward() == 0);
    assert_eq!(oracle(&played), oracle(&dropped));
    assert_eq!(
        (played.learner(), played.seat()),
        (dropped.learner(), dropped.seat())
    );
    // In a VecEnv only the abandoned table's row changes.
    let mut env = VecEnv::new(3, r, 12, Opponents::Greedy, 1, ActionSpace::V1).expect("env");
    let mut b = Bufs::new(&env);
    env.reset(12, b.out()).expect("reset");
    let before = b.obs.clone();
    env.abandon(1, b.out()).expect("table 1");
    let row = env.obs_len();
    assert_eq!(b.obs[..row], before[..row]);
    assert_eq!(b.obs[2 * row..], before[2 * row..]);
    assert_ne!(b.obs[row..2 * row], before[row..2 * row]);
    assert!(env.abandon(3, b.out()).is_err());
    // The table's game after abandoning is a new hand, not over.
    assert_ne!(env.game(1).phase(), Phase::Over);
}
