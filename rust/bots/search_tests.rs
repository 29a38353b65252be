//! The search bot: its names, the worlds it deals (nothing the seat sees changes, every unseen
//! tile is kept), and choices that depend on the seed and never on the threads.

use super::{Budget, Rollout, Search, DEFAULT_ROLLOUTS};
use crate::bots::{greedy, Bot, Player};
use crate::game::{GameCore, Phase};
use crate::hand::MeldKind;
use crate::profiles::Rules;
use crate::rng::Rng;

const PROFILES: [&str; 5] = ["taiyuan", "queyimen", "hebei", "changsha", "guobiao"];

#[test]
fn names_parse_and_print_back() {
    let s = Search::parse("search").unwrap();
    assert_eq!(s, Search::default());
    assert_eq!(s.budget, Budget::Rollouts(DEFAULT_ROLLOUTS));
    let s = Search::parse("search:100:expert:threads=2").unwrap();
    assert_eq!(
        (s.budget, s.rollout, s.threads),
        (Budget::Rollouts(100), Rollout::Expert, 2)
    );
    assert_eq!(s.name(), "search:100:expert:threads=2");
    let t = Search::parse("search:250ms").unwrap();
    assert_eq!(
        t.budget,
        Budget::Time(std::time::Duration::from_millis(250))
    );
    for name in [
        "search",
        "search:100:expert:threads=2",
        "search:250ms:greedy",
    ] {
        let bot = Bot::parse(name).unwrap();
        assert_eq!(Bot::parse(&bot.name()).unwrap(), bot);
    }
    for bad in [
        "search:0",
        "search:x",
        "search:threads=0",
        "search:threads=65",
        "search:0ms",
        "search:",
        "searchy",
    ] {
        let err = Bot::parse(bad).unwrap_err().to_string();
        assert!(
            err.contains(bad) || err.contains("bad part"),
            "{bad}: {err}"
        );
    }
}

/// Every tile's kind of a game, counted over the seats' hands, melds, discards and the wall.
fn seen_by(game: &GameCore, seat: u8) -> (Vec<u8>, Vec<usize>, usize) {
    let mine = game.hand(seat).to_vec();
    let sizes = (0..4)
        .map(|s| game.hand(s).iter().map(|&n| n as usize).sum())
        .collect();
    (mine, sizes, game.wall_remaining())
}

fn unseen(game: &GameCore, seat: u8) -> [u32; 64] {
    let mut out = [0u32; 64];
    for s in (0..4).filter(|&s| s != seat) {
        for (k, &n) in game.hand(s).iter().enumerate() {
            out[k] += u32::from(n);
        }
    }
    let wall = game.wall();
    for (p, &taken) in wall.taken.iter().enumerate() {
        if !taken {
            out[wall.tiles[p] as usize] += 1;
        }
    }
    out
}

#[test]
fn a_world_changes_only_what_the_seat_cannot_see() {
    let (mut declared, mut ready) = (0u32, 0u32);
    for profile in PROFILES {
        let rules = Rules::parse(profile).unwrap();
        for h in 0..30u64 {
            let mut game = GameCore::seeded(rules, (h % 4) as u8, 7 + h, [0; 4]).unwrap();
            let mut rng = Rng::new(h);
            let mut moves = 0;
            while let Some(seat) = game.first_to_act() {
                if game.phase() != Phase::Bid && moves % 5 == 0 {
                    let legal = game.legal(seat).to_vec();
                    let mut world = game.unlogged_copy();
                    world.redeal_unseen(seat, &mut rng);
                    assert_eq!(seen_by(&world, seat), seen_by(&game, seat), "{profile}");
                    assert_eq!(unseen(&world, seat), unseen(&game, seat), "{profile}");
                    assert_eq!(world.view(seat), game.view(seat), "{profile} hand {h}");
                    assert_eq!(world.legal(seat), &legal[..], "{profile}");
                    world.validate().unwrap();
                    for s in (0..4).filter(|&s| s != seat && world.declared()[s as usize]) {
                        declared += 1;
                        ready += u32::from(world.seat_waits(s) != 0);
                    }
                    // A world plays to its end.
                    while let Some(s) = world.first_to_act() {
                        let code = greedy::action(&mut world, s);
                        world.step(s, code).unwrap();
                    }
                    assert!(world.result().is_some());
                }
                moves += 1;
                let code = greedy::action(&mut game, seat);
                game.step(seat, code).unwrap();
            }
        }
    }
    // A declared seat is dealt a ready hand, unless the tiles left make none in the tries.
    assert!(declared > 50, "{declared}");
    assert!(
        f64::from(ready) >= 0.98 * f64::from(declared),
        "{ready} of {declared}"
    );
}

#[test]
fn worlds_differ_between_seeds() {
    let rules = Rules::parse("taiyuan").unwrap();
    let mut game = GameCore::seeded(rules, 0, 3, [0; 4]).unwrap();
    let mut a = game.unlogged_copy();
    let mut b = game.unlogged_copy();
    a.redeal_unseen(0, &mut Rng::new(1));
    b.redeal_unseen(0, &mut Rng::new(2));
    assert_ne!(a.hand(1), b.hand(1));
    assert_eq!(a.hand(0), b.hand(0));
}

/// Every choice of `bot` in seat 0 over `hands` hands of greedy opponents.
fn choices(profile: &str, bot: Bot, hands: u64) -> Vec<u16> {
    let rules = Rules::parse(profile).unwrap();
    let mut out = Vec::new();
    for h in 0..hands {
        let mut game = GameCore::seeded(rules, (h % 4) as u8, 100 + h, [0; 4]).unwrap();
        let mut me = Player::new(bot, 9 + h);
        while let Some(seat) = game.first_to_act() {
            let code = if seat == 0 {
                let c = me.act(&mut game, seat);
                out.push(c);
                c
            } else {
                greedy::action(&mut game, seat)
            };
            game.step(seat, code).unwrap();
        }
    }
    out
}

#[test]
fn choices_depend_on_the_seed_not_the_threads() {
    for profile in ["taiyuan", "changsha"] {
        let one = choices(profile, Bot::parse("search:48").unwrap(), 3);
        let two = choices(profile, Bot::parse("search:48:threads=2").unwrap(), 3);
        assert_eq!(one, two, "{profile}");
        assert_eq!(one, choices(profile, Bot::parse("search:48").unwrap(), 3));
    }
}

#[test]
fn search_plays_every_profile_with_either_rollout() {
    for profile in PROFILES {
        for name in ["search:16", "search:16:expert"] {
            assert!(!choices(profile, Bot::parse(name).unwrap(), 2).is_empty());
        }
    }
    // A time budget plays at least one world a decision.
    assert!(!choices("taiyuan", Bot::parse("search:1ms").unwrap(), 1).is_empty());
}

#[test]
fn a_sichuan_world_keeps_what_the_seat_knows() {
    // Sichuan: seats that left keep their shown tiles; the tiles a seat passed in the
    // exchange stay with their receiver (less what it has discarded or melded of them); a
    // seat that has discarded outside its void suit is dealt none of it.
    let rules = Rules::parse("sichuan").unwrap();
    let (mut kept, mut left, mut free) = (0u32, 0u32, 0u32);
    for h in 0..40u64 {
        let mut game = GameCore::seeded(rules, (h % 4) as u8, 50 + h, [0; 4]).unwrap();
        let mut rng = Rng::new(h);
        let mut moves = 0;
        while let Some(seat) = game.first_to_act() {
            let playing = !matches!(game.phase(), Phase::Exchange | Phase::Void);
            if playing && moves % 3 == 0 {
                let mut world = game.unlogged_copy();
                world.redeal_unseen(seat, &mut rng);
                assert_eq!(world.view(seat), game.view(seat), "hand {h}");
                assert_eq!(unseen(&world, seat), unseen(&game, seat), "hand {h}");
                world.validate().unwrap();
                let known = game.known_passed(seat);
                for s in (0..4u8).filter(|&s| s != seat) {
                    if !game.seats[s as usize].in_hand() {
                        assert_eq!(world.hand(s), game.hand(s), "a seat that left");
                        left += 1;
                        continue;
                    }
                    let melds = &game.seats[s as usize].melds;
                    for (k, &n) in known[s as usize].iter().enumerate() {
                        // A concealed kong the world keeps (its kind unseen) may hold them.
                        let konged = melds
                            .iter()
                            .any(|m| m.kind == MeldKind::ConcealedKong && m.tile as usize == k);
                        assert!(
                            konged || world.hand(s)[k] >= n,
                            "hand {h}: the tiles passed stay with the receiver"
                        );
                        kept += u32::from(n);
                    }
                    let dead = game.void_free(s);
                    if dead != 0 {
                        free += 1;
                        for (k, &n) in world.hand(s).iter().enumerate() {
                            assert!(n == 0 || dead >> k & 1 == 0, "hand {h}: a void-free seat");
                        }
                    }
                }
                while let Some(s) = world.first_to_act() {
                    let code = greedy::action(&mut world, s);
                    world.step(s, code).unwrap();
                }
                assert!(world.result().is_some());
            }
            moves += 1;
            let code = greedy::action(&mut game, seat);
            game.step(seat, code).unwrap();
        }
    }
    assert!(
        kept > 100 && left > 50 && free > 100,
        "{kept} {left} {free}"
    );
}
