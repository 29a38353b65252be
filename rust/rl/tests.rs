//! The RL layer against the engine: masks equal the legal actions at every step, the
//! encoding of the live game equals that of the seat's view, and it never depends on what
//! the seat may not see.

use super::actions::{ActionSpace, N_ACTIONS};
use super::encode::{encode, encode_oracle, Live, Version, ORACLE_SIZE, SIZE};
use super::table::{Opponents, Table};
use super::vecenv::{Out, VecEnv};
use crate::error::Error;
use crate::game::{GameCore, Phase};
use crate::profiles::Rules;
use crate::rng::Rng;

const PRESETS: [&str; 4] = ["taiyuan", "queyimen", "hebei", "changsha"];

fn rules(name: &str) -> Rules {
    Rules::preset(name).expect("a preset")
}

/// Random play on one table for `hands` hands; the table's mask (of `space`) against the
/// engine's legal actions at every decision. Returns the decisions checked.
fn check_masks(rules: Rules, seed: u64, hands: u64, space: ActionSpace) -> u64 {
    let mut t = Table::new(rules, seed, Opponents::SelfPlay, space).expect("a table");
    let mut rng = Rng::new(seed);
    let (mut done, mut steps) = (0, 0);
    let mut mask = vec![false; space.size()];
    let mut obs = vec![0u8; SIZE];
    while done < hands {
        let seat = t.seat();
        let mut g = t.game().clone();
        assert_eq!(g.to_act().first(), Some(&seat));
        let legal = g.legal_actions(seat).expect("a seat");
        let mut want = vec![false; space.size()];
        space.write_mask(&legal, &mut want);
        t.write(Version::V1, &mut obs, &mut mask);
        assert_eq!(mask, want, "seat {seat}, legal {legal:?}");
        assert_eq!(
            mask.iter().filter(|&&m| m).count(),
            legal.len(),
            "every legal code has a number"
        );
        let pick = legal[rng.below(legal.len() as u64) as usize];
        let a = space.action_of_code(pick).expect("a number");
        t.play(i64::from(a)).expect("legal");
        if let Err(e) = t.game().clone().validate() {
            panic!("invariant broken after {steps} steps: {e}");
        }
        steps += 1;
        if t.ended().is_some() {
            done += 1;
        }
    }
    steps
}

#[test]
fn masks_equal_legal_actions_over_2000_hands_per_profile() {
    for (i, name) in PRESETS.iter().enumerate() {
        let steps = check_masks(rules(name), 7 + i as u64, 2000, ActionSpace::V1);
        assert!(steps > 2000 * 20, "{name}: {steps} decisions");
    }
}

#[test]
fn v2_masks_equal_legal_actions_for_tiny_and_v1_refuses_it() {
    let tiny = rules("tiny");
    let steps = check_masks(tiny, 3, 300, ActionSpace::V2);
    assert!(steps > 300 * 20, "tiny: {steps} decisions");
    check_masks(rules("changsha"), 4, 100, ActionSpace::V2);
    let e = Table::new(tiny, 1, Opponents::SelfPlay, ActionSpace::V1).expect_err("v1");
    assert!(matches!(e, Error::Argument(_)), "{e:?}");
    let e = VecEnv::new(2, tiny, 1, Opponents::Greedy, 1, ActionSpace::V1).expect_err("v1");
    assert!(
        e.message().contains("action space 1 cannot"),
        "{}",
        e.message()
    );
}

#[test]
fn masked_out_and_out_of_range_actions_are_refused_with_the_legal_ones_named() {
    let t = Table::new(rules("taiyuan"), 1, Opponents::SelfPlay, ActionSpace::V1).expect("a table");
    let bad = (0..N_ACTIONS)
        .find(|&a| !t.is_legal(a))
        .expect("some illegal");
    let e = t.check(bad as i64).expect_err("masked out");
    assert!(matches!(e, Error::IllegalAction(_)), "{e:?}");
    assert!(e.message().contains("masked out"), "{}", e.message());
    assert!(e.message().contains("legal: "), "{}", e.message());
    // A number outside the space is no action at all: a bad argument, not an illegal move.
    for a in [-1, N_ACTIONS as i64, i64::MAX] {
        let e = t.check(a).expect_err("out of range");
        assert!(matches!(e, Error::Argument(_)), "{e:?}");
        assert!(
            e.message().contains("outside the action space"),
            "{}",
            e.message()
        );
    }
}

#[test]
fn an_action_beyond_64_bits_is_outside_the_space() {
    let e = ActionSpace::V2
        .check(i128::from(u64::MAX), 0, |_| true)
        .expect_err("outside");
    assert!(matches!(e, Error::Argument(_)), "{e:?}");
    assert!(
        e.message().contains(&u64::MAX.to_string()),
        "{}",
        e.message()
    );
}

#[test]
fn a_vecenv_names_the_table_and_keeps_the_kind_of_error() {
    let n = 3;
    let mut env = VecEnv::new(
        n,
        rules("taiyuan"),
        7,
        Opponents::SelfPlay,
        1,
        ActionSpace::V1,
    )
    .expect("env");
    let mut b = Bufs::new(n, env.reward_width());
    env.reset(1, b.out()).expect("reset");
    let legal = |b: &Bufs, i: usize| (0..N_ACTIONS).find(|&a| b.mask[i * N_ACTIONS + a]);
    let mut actions: Vec<i64> = (0..n)
        .map(|i| legal(&b, i).expect("legal") as i64)
        .collect();
    actions[1] = N_ACTIONS as i64;
    let e = env.step(&actions, b.out()).expect_err("outside the space");
    assert!(matches!(e, Error::Argument(_)), "{e:?}");
    assert!(e.message().starts_with("env 1: "), "{}", e.message());
    actions[1] = (0..N_ACTIONS)
        .find(|&a| !b.mask[N_ACTIONS + a])
        .expect("masked") as i64;
    let e = env.step(&actions, b.out()).expect_err("masked out");
    assert!(matches!(e, Error::IllegalAction(_)), "{e:?}");
    assert!(e.message().starts_with("env 1: "), "{}", e.message());
}

/// Play `steps` random steps from a seeded hand; `None` if it ended first.
fn random_state(rules: Rules, seed: u64, steps: usize) -> Option<GameCore> {
    let mut g = GameCore::seeded(rules, (seed % 4) as u8, seed, [3, -1, 0, -2]).ok()?;
    let mut rng = Rng::new(seed ^ 0x63);
    for _ in 0..steps {
        let seat = *g.to_act().first()?;
        let legal = g.legal_actions(seat).ok()?;
        g.step(seat, legal[rng.below(legal.len() as u64) as usize])
            .ok()?;
    }
    (g.phase() != Phase::Over).then_some(g)
}

#[test]
fn live_encoding_equals_the_encoding_of_the_seats_view() {
    let (mut a, mut b) = (vec![0u8; SIZE], vec![0u8; SIZE]);
    let mut compared = 0;
    for name in PRESETS {
        for seed in 0..40 {
            let Some(mut g) = random_state(rules(name), seed, (seed as usize * 7) % 90) else {
                continue;
            };
            for seat in 0..4 {
                let view = g.view(seat);
                encode(&view, &mut a);
                encode(
                    &Live {
                        game: &g,
                        seat,
                        all: false,
                    },
                    &mut b,
                );
                assert_eq!(a, b, "{name} seed {seed} seat {seat}");
                compared += 1;
            }
        }
    }
    assert!(compared > 400, "{compared}");
}

/// `g` with the tiles `seat` may not see dealt afresh: the other seats' concealed tiles,
/// their face-down discards and the wall's untaken tiles, shuffled among those places.
fn hidden_twin(g: &GameCore, seat: u8, seed: u64) -> GameCore {
    let mut twin = g.clone();
    let mut pool = Vec::new();
    let others: Vec<usize> = (0..4).filter(|&s| s != seat as usize).collect();
    for &s in &others {
        for k in 0..34u8 {
            pool.extend(std::iter::repeat_n(
                k,
                twin.seats[s].hand[k as usize] as usize,
            ));
        }
        pool.extend(twin.seats[s].discards.iter().filter(|d| d.1).map(|d| d.0));
    }
    let untaken: Vec<usize> = (0..twin.wall.tiles.len())
        .filter(|&p| !twin.wall.taken[p] && twin.wall.tiles[p] < 34)
        .collect();
    pool.extend(untaken.iter().map(|&p| twin.wall.tiles[p]));
    Rng::new(seed).shuffle(&mut pool);
    let mut next = pool.into_iter();
    for &s in &others {
        let size: u8 = twin.seats[s].hand.iter().sum();
        let seat = &mut twin.seats[s];
        for k in 0..34u8 {
            let n = seat.hand[k as usize];
            seat.remove(k, n);
        }
        for _ in 0..size {
            seat.add(next.next().unwrap_or(0), 1);
        }
        for d in twin.seats[s].discards.iter_mut().filter(|d| d.1) {
            d.0 = next.next().unwrap_or(0);
        }
    }
    for p in untaken {
        twin.wall.tiles[p] = next.next().unwrap_or(0);
    }
    twin
}

#[test]
fn encoding_never_depends_on_hidden_tiles() {
    let (mut a, mut b) = (vec![0u8; SIZE], vec![0u8; SIZE]);
    let (mut oa, mut ob) = (vec![0u8; ORACLE_SIZE], vec![0u8; ORACLE_SIZE]);
    let (mut twins, mut oracle_differs) = (0, 0);
    for name in PRESETS {
        for seed in 0..30 {
            let Some(g) = random_state(rules(name), seed, 10 + (seed as usize * 11) % 80) else {
                continue;
            };
            for seat in 0..4 {
                let twin = hidden_twin(&g, seat, seed + 1000);
                let live = |game| Live {
                    game,
                    seat,
                    all: false,
                };
                encode(&live(&g), &mut a);
                encode(&live(&twin), &mut b);
                assert_eq!(a, b, "{name} seed {seed} seat {seat}");
                encode_oracle(&g, seat, &mut oa);
                encode_oracle(&twin, seat, &mut ob);
                twins += 1;
                oracle_differs += usize::from(oa != ob);
            }
        }
    }
    assert!(twins > 300, "{twins}");
    // The twins do differ in what is hidden: the oracle sees it.
    assert!(
        oracle_differs * 10 > twins * 9,
        "{oracle_differs} of {twins}"
    );
}

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
    fn new(n: usize, width: usize) -> Bufs {
        Bufs {
            obs: vec![0; n * SIZE],
            mask: vec![false; n * N_ACTIONS],
            reward: vec![0.0; n * width],
            term: vec![false; n],
            trunc: vec![false; n],
            seat: vec![0; n],
            final_obs: vec![0; n * SIZE],
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
}

#[test]
fn vecenv_steps_in_threads_as_on_one_thread_and_refuses_bad_actions_unchanged() {
    let n = 37;
    let run = |threads: usize, opponents: Opponents| {
        let mut env =
            VecEnv::new(n, rules("hebei"), 5, opponents, threads, ActionSpace::V1).expect("env");
        let mut b = Bufs::new(n, env.reward_width());
        env.reset(5, b.out()).expect("reset");
        let mut rng = Rng::new(3);
        let mut log = Vec::new();
        let mut ended = 0;
        for _ in 0..400 {
            let actions: Vec<i64> = (0..n)
                .map(|i| {
                    let legal: Vec<usize> = (0..N_ACTIONS)
                        .filter(|&a| b.mask[i * N_ACTIONS + a])
                        .collect();
                    legal[rng.below(legal.len() as u64) as usize] as i64
                })
                .collect();
            let mut bad = actions.clone();
            bad[n / 2] = (0..N_ACTIONS)
                .find(|&a| !b.mask[n / 2 * N_ACTIONS + a])
                .unwrap_or(0) as i64;
            let before = (b.obs.clone(), b.mask.clone());
            let e = env.step(&bad, b.out()).expect_err("masked out");
            assert!(e.message().starts_with(&format!("env {}:", n / 2)));
            assert_eq!((b.obs.clone(), b.mask.clone()), before, "unchanged");
            env.step(&actions, b.out()).expect("legal");
            ended += b.term.iter().filter(|&&t| t).count();
            log.push((
                b.obs.clone(),
                b.reward.clone(),
                b.seat.clone(),
                b.term.clone(),
            ));
        }
        assert!(ended > 10, "{ended} hands ended");
        log
    };
    for opponents in [
        Opponents::SelfPlay,
        Opponents::Random,
        Opponents::Greedy,
        Opponents::Expert,
    ] {
        assert!(run(1, opponents) == run(3, opponents), "{opponents:?}");
    }
}

#[test]
fn learner_rewards_are_the_learners_deltas() {
    let mut t =
        Table::new(rules("taiyuan"), 11, Opponents::Greedy, ActionSpace::V1).expect("a table");
    let mut total = 0i64;
    let mut hands = 0;
    while hands < 50 {
        let learner = t.seat();
        let a = (0..N_ACTIONS).find(|&a| t.is_legal(a)).expect("legal");
        t.play(a as i64).expect("legal");
        if let Some(d) = t.ended() {
            assert_eq!(t.learner_reward(), d[learner as usize], "one hand ended");
            assert_eq!(d.iter().sum::<i32>(), 0);
            total += i64::from(t.learner_reward());
            hands += 1;
        }
    }
    assert!(total != 0);
}

#[test]
fn botzone_tables_deal_from_seat_0_and_settle_each_hand_once() {
    // Botzone's rules fix the dealer: every hand of a table is dealt by seat 0, and each
    // ended hand's deltas are one settlement (nothing; a self-draw, three equal payments;
    // or a win on a discard, two seats paying 8), never a hand settled again.
    let mut t =
        Table::new(rules("botzone"), 5, Opponents::Expert, ActionSpace::V1).expect("a table");
    let (mut hands, mut won) = (0, 0);
    while hands < 80 {
        assert_eq!(t.game().dealer(), 0);
        let a = (0..N_ACTIONS).find(|&a| t.is_legal(a)).expect("legal");
        t.play(a as i64).expect("legal");
        if let Some(d) = t.ended() {
            let mut losers: Vec<i32> = d.iter().copied().filter(|&x| x < 0).collect();
            losers.sort_unstable();
            let once = losers.is_empty()
                || (losers.len() == 3 && losers[0] == losers[2])
                || losers.iter().filter(|&&x| x == -8).count() == 2;
            assert!(once, "hand {hands}: deltas {d:?}");
            won += usize::from(!losers.is_empty());
            hands += 1;
        }
    }
    assert!(won > 10, "{won} hands won");
}
