//! Random play from seeded walls keeps the invariants of [`GameCore::validate`].

use super::*;
use crate::profiles::Rules;
use crate::rng::Rng;

fn rules(text: &str) -> Rules {
    Rules::parse(text).expect("valid rules")
}

/// At the end of a hand: the ledger sums to the deltas and the deltas to zero, the running
/// scores are the scores and the deltas, every transfer belongs to an event of the log and
/// undoes only an earlier one, and no seat decides anything after it has left the hand.
fn check_ledger(g: &GameCore, text: &str, seed: u64) {
    let r = g.result().expect("over");
    assert_eq!(deltas_of(&r.transfers), r.deltas, "{text} seed {seed}");
    assert_eq!(r.deltas.iter().sum::<i32>(), 0, "{text} seed {seed}");
    let running = g.running_scores();
    assert_eq!(running, r.deltas, "{text} seed {seed}: scores start at 0");
    let events = g.events().len() as u32;
    for (i, t) in r.transfers.iter().enumerate() {
        assert!(
            t.event.is_some_and(|e| e < events),
            "{text} seed {seed}: {t:?}"
        );
        assert!(
            t.undoes.is_none_or(|u| (u as usize) < i),
            "{text} seed {seed}"
        );
    }
    for (seat, left) in g.left().iter().enumerate() {
        let Some(left) = left else { continue };
        let after = &g.events()[*left as usize + 1..];
        assert!(
            after
                .iter()
                .filter_map(Event::decision)
                .all(|(s, _, _)| s as usize != seat),
            "{text} seed {seed}: seat {seat} decided after leaving"
        );
    }
}

#[test]
fn random_play_keeps_the_invariants() {
    let option_sets = [
        "default",
        "must_win,random_wildcard",
        "wind_runs,kong_keeps_waits,delayed_kong",
        "honor_wildcard,taiyuan",
        "double_wildcard,feeder_pays_all",
        "no_honors,patterns,dealer_bonus",
        "queyimen",
        "hebei",
        "hebei,flowers=false,hun=false",
        "hebei,pao,all_three_pay,draw_voids_kongs",
        "changsha",
        "guobiao",
        "guobiao,flowers=false",
        "tiny",
    ];
    let mut rng = Rng::new(99);
    let mut wins = 0;
    for text in option_sets {
        let r = rules(text);
        for seed in 0..200u64 {
            let mut g = GameCore::seeded(r, (seed % 4) as u8, seed, [0; 4]).unwrap();
            g.validate()
                .unwrap_or_else(|e| panic!("{text} seed {seed} at the deal: {e}"));
            while g.phase() != Phase::Over {
                let to_act = g.to_act();
                let seat = to_act[rng.below(to_act.len() as u64) as usize];
                let legal = g.legal_actions(seat).unwrap();
                // Prefer declaring and winning, so that wins happen.
                let eager: Vec<_> = legal
                    .iter()
                    .copied()
                    .filter(|&c| {
                        matches!(
                            Act::of(c),
                            Act::Declare
                                | Act::Win
                                | Act::SelfDrawWin
                                | Act::Chow
                                | Act::DiceKong
                                | Act::OpeningWin
                        )
                    })
                    .collect();
                let pick = if eager.is_empty() { &legal } else { &eager };
                let action = pick[rng.below(pick.len() as u64) as usize];
                g.step(seat, action).expect("a legal action is accepted");
                g.validate()
                    .unwrap_or_else(|e| panic!("{text} seed {seed} after {action}: {e}"));
            }
            wins += usize::from(g.result().is_some_and(|r| r.winner.is_some()));
            check_ledger(&g, text, seed);
        }
    }
    assert!(wins > 100, "only {wins} wins");
}

#[test]
fn hebei_deal_replaces_flowers_and_turns_the_indicator() {
    let r = rules("hebei");
    // Flowers at chosen places (梅 the dealer's first tile, 兰 its 14th, 竹 the indicator's
    // place, 菊 the first replacement from the back, the rest mid-wall), kinds elsewhere.
    let placed = [
        (0, 34),
        (52, 35),
        (53, 36),
        (143, 37),
        (60, 38),
        (61, 39),
        (62, 40),
        (63, 41),
    ];
    let mut kinds = (0..34u8).flat_map(|k| [k; 4]);
    let wall: Vec<u8> = (0..144)
        .map(|pos| {
            placed
                .iter()
                .find(|p| p.0 == pos)
                .map_or_else(|| kinds.next().unwrap(), |p| p.1)
        })
        .collect();
    let last = wall.len() - 1;
    let mut g = GameCore::new(r, 0, wall.clone(), vec![], [0; 4]).unwrap();
    assert_eq!(g.flowers(0), &[34, 37, 35]);
    assert_eq!(g.indicator(), Some(wall[54]));
    assert_eq!(g.wildcards(), &[crate::profiles::hebei::hun_of(wall[54])]);
    assert_eq!(
        g.drawn(),
        Some(wall[last - 2]),
        "the last tile the dealer received"
    );
    assert_eq!(g.hand(0).iter().map(|&c| u32::from(c)).sum::<u32>(), 14);
    g.validate().unwrap();
    assert!(GameCore::new(r, 0, wall[..136].to_vec(), vec![], [0; 4]).is_err());
    assert!(
        GameCore::new(r, 0, wall, vec![3], [0; 4]).is_err(),
        "the 混 is never given"
    );
}

#[test]
fn rejected_steps_change_nothing() {
    let mut g = GameCore::seeded(Rules::default(), 0, 5, [0; 4]).unwrap();
    let before = format!("{:?}", g.events());
    assert!(matches!(
        g.step(1, 0),
        Err(crate::error::Error::NotYourTurn(_))
    ));
    assert!(matches!(
        g.step(0, CODES),
        Err(crate::error::Error::IllegalAction(_))
    ));
    assert!(matches!(
        g.step(7, 0),
        Err(crate::error::Error::Argument(_))
    ));
    assert_eq!(before, format!("{:?}", g.events()));
}

#[test]
fn explicit_walls_are_checked() {
    let r = Rules::default();
    let wall: Vec<u8> = (0..34u8).flat_map(|k| [k; 4]).collect();
    assert!(GameCore::new(r, 0, wall.clone(), vec![], [0; 4]).is_ok());
    assert!(GameCore::new(r, 4, wall.clone(), vec![], [0; 4]).is_err());
    assert!(GameCore::new(r, 0, wall[1..].to_vec(), vec![], [0; 4]).is_err());
    assert!(GameCore::new(r, 0, wall.clone(), vec![3], [0; 4]).is_err());
    let honor = rules("honor_wildcard");
    assert!(GameCore::new(honor, 0, wall.clone(), vec![3], [0; 4]).is_err());
    assert!(GameCore::new(honor, 0, wall, vec![30], [0; 4]).is_ok());
}

#[test]
fn seat_views_hide_what_others_hold() {
    let mut g = GameCore::seeded(rules("taiyuan"), 0, 11, [0; 4]).unwrap();
    let mut rng = Rng::new(3);
    while g.phase() != Phase::Over {
        for viewer in 0..4u8 {
            let v = g.view(viewer);
            let hidden_discards = v.discards.iter().flatten().filter(|t| t.is_none()).count();
            let face_down = (0..4u8)
                .filter(|&o| o != viewer)
                .map(|o| g.discards(o).iter().filter(|d| d.1).count())
                .sum::<usize>();
            assert_eq!(
                hidden_discards, face_down,
                "seat {viewer} sees a face-down discard"
            );
            let events = g.events_for(Some(viewer));
            assert!(events[0].get("wall").is_none(), "the wall leaks");
        }
        let to_act = g.to_act();
        let seat = to_act[rng.below(to_act.len() as u64) as usize];
        let legal = g.legal_actions(seat).unwrap();
        g.step(seat, legal[rng.below(legal.len() as u64) as usize])
            .unwrap();
    }
}

#[test]
fn a_viewers_log_kept_in_parts_is_the_whole_log() {
    for name in ["taiyuan", "hebei,pao", "changsha"] {
        for seed in 0..8u64 {
            let mut g = GameCore::seeded(rules(name), 0, seed, [0; 4]).unwrap();
            let mut rng = Rng::new(seed);
            let viewers = [None, Some(0), Some(1), Some(2), Some(3)];
            // Each viewer's log, extended by the events since the last step; rendered
            // again whole while the deal is not shown (the seats bid).
            let mut kept: Vec<(usize, Vec<serde_json::Value>, bool)> =
                viewers.iter().map(|_| (0, vec![], false)).collect();
            loop {
                for (viewer, (done, log, shown)) in viewers.iter().zip(&mut kept) {
                    if *shown {
                        log.extend(g.events_for_from(*viewer, *done));
                    } else {
                        *log = g.events_for_from(*viewer, 0);
                    }
                    *done = g.events().len();
                    *shown = g.deal_shown();
                    assert_eq!(*log, g.events_for(*viewer), "{name} {seed} {viewer:?}");
                }
                assert!(g.events_for_from(None, g.events().len() + 1).is_empty());
                if g.phase() == Phase::Over {
                    break;
                }
                let to_act = g.to_act();
                let seat = to_act[rng.below(to_act.len() as u64) as usize];
                let legal = g.legal_actions(seat).unwrap();
                g.step(seat, legal[rng.below(legal.len() as u64) as usize])
                    .unwrap();
            }
        }
    }
}

#[test]
fn queyimen_play_never_declares_and_wins_lack_a_suit() {
    let r = rules("queyimen");
    let mut rng = Rng::new(7);
    let (mut wins, mut drawn_with_kongs) = (0, 0);
    for seed in 0..300u64 {
        let mut g = GameCore::seeded(r, (seed % 4) as u8, seed, [0; 4]).unwrap();
        assert_eq!(g.wall().tiles.len(), 108, "108 tiles");
        while g.phase() != Phase::Over {
            let to_act = g.to_act();
            let seat = to_act[rng.below(to_act.len() as u64) as usize];
            let legal = g.legal_actions(seat).unwrap();
            assert!(
                legal.iter().all(|&c| Act::of(c) != Act::Declare),
                "seed {seed}: DECLARE offered"
            );
            let eager: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&c| matches!(Act::of(c), Act::Win | Act::SelfDrawWin))
                .collect();
            let pick = if eager.is_empty() { &legal } else { &eager };
            let action = pick[rng.below(pick.len() as u64) as usize];
            g.step(seat, action).unwrap();
            g.validate()
                .unwrap_or_else(|e| panic!("queyimen seed {seed} after {action}: {e}"));
        }
        let result = g.result().unwrap();
        if let Some(w) = result.winner {
            wins += 1;
            let fan: i64 = result.score_items.iter().map(|i| i.value).sum();
            assert_eq!(i64::from(result.points), fan, "seed {seed}: fan total");
            assert_eq!(g.next_dealer(false), Some(w), "the winner deals");
        } else {
            drawn_with_kongs += usize::from(!g.kongs().is_empty());
            assert_eq!(
                g.next_dealer(false),
                Some(g.dealer()),
                "the dealer keeps it"
            );
            let kong_total: i32 = result.transfers.iter().map(|t| t.amount).sum();
            assert_eq!(
                kong_total > 0,
                !g.kongs().is_empty(),
                "seed {seed}: kongs stand"
            );
        }
    }
    assert!(wins > 0, "no wins (random discards rarely win)");
    assert!(drawn_with_kongs > 0, "no drawn hand with kongs");
}

#[test]
fn stacked_walls_replace_top_then_bottom_and_dice_count_stacks_from_the_back() {
    // Tiles stand for their positions (the wall check is not involved).
    let mut w = Wall::new((0..108u8).collect(), Vec::new(), true, false);
    assert_eq!([w.take(true), w.take(true), w.take(true)], [106, 107, 104]);
    // Stacks holding tiles from the back: 52 (bottom 105 left), 51, 50, ...
    assert_eq!(
        w.take_by_dice(1),
        105,
        "the last stack's top is gone: its bottom"
    );
    assert_eq!(
        w.take_by_dice(2),
        100,
        "now the 2nd stack from the back is stack 50"
    );
    assert_eq!(
        w.take(true),
        102,
        "the last stack holding tiles is stack 51"
    );
    assert_eq!(w.take(false), 0);
    assert_eq!(w.remaining(), 108 - 7);
    // Past the last stack: the front-most stack still holding a tile (stack 0: bottom 1).
    assert_eq!(w.take_by_dice(60), 1);
    let mut flat = Wall::new((0..136u8).collect(), Vec::new(), false, false);
    assert_eq!([flat.take(true), flat.take(true)], [135, 134]);
}

/// A hand dealt into the state of a finished one ([`GameCore::redeal`]) is the hand
/// [`GameCore::seeded`] deals: the same state at the deal and after each step of the same
/// play, the same log; dealt without a log, the same play and result and no events.
#[test]
fn redeal_deals_the_hand_seeded_deals() {
    for text in [
        "default",
        "must_win,double_wildcard",
        "queyimen",
        "hebei",
        "hebei,pao",
        "changsha",
    ] {
        let r = rules(text);
        let mut reused = GameCore::seeded(r, 1, 1_000, [0; 4]).unwrap();
        for seed in 0..40u64 {
            let dealer = (seed % 4) as u8;
            let scores = [seed as i32, -1, 2, -(seed as i32) - 1];
            let mut fresh = GameCore::seeded(r, dealer, seed, scores).unwrap();
            let log = seed % 3 != 0;
            reused.redeal(r, dealer, seed, scores, log).unwrap();
            let mut rng = Rng::new(seed);
            loop {
                if log {
                    assert_eq!(
                        format!("{fresh:?}"),
                        format!("{reused:?}"),
                        "{text} seed {seed}"
                    );
                } else {
                    assert!(
                        reused.events().is_empty(),
                        "{text} seed {seed}: events logged"
                    );
                    assert_eq!(fresh.phase(), reused.phase(), "{text} seed {seed}");
                    assert_eq!(fresh.legal_actions(0), reused.legal_actions(0));
                }
                let Some(seat) = fresh.first_to_act() else {
                    break;
                };
                let legal = fresh.legal_actions(seat).unwrap();
                let action = legal[rng.below(legal.len() as u64) as usize];
                fresh.step(seat, action).unwrap();
                reused.step(seat, action).unwrap();
            }
            assert_eq!(fresh.result(), reused.result(), "{text} seed {seed}");
            reused.validate().unwrap();
        }
        assert!(reused.redeal(r, 4, 0, [0; 4], true).is_err());
    }
}
