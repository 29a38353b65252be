//! Seeded hands under the botzone rules (Botzone's wall in four parts), random and greedy
//! bots, `validate` after every step; and the rules of the parts, checked at every
//! decision: no pong, chow or kong of a discard once the part after its discarder is
//! empty, no concealed or added kong once the maker's part or the next seat's is, and a
//! drawn hand only when a seat had to draw from its empty part. A verdict ends a copy of the
//! hand at one decision of each hand and at every added kong being answered (抢杠), the
//! invariants kept.

use koudiandian::bots::{Bot, Player};
use koudiandian::game::{Act, GameCore, Phase};
use koudiandian::outcome::{HandEnd, Verdict};
use koudiandian::profiles::Rules;

/// Whether `seat`'s part is empty, or the next seat's.
fn empty(g: &GameCore, seat: u8) -> (bool, bool) {
    (
        g.part_remaining(seat) == 0,
        g.part_remaining((seat + 1) % 4) == 0,
    )
}

/// The rules of the parts at the decision of `seat` now.
fn check_decision(g: &mut GameCore, seat: u8, what: &str) {
    let turn = g.turn();
    let phase = g.phase();
    let legal: Vec<Act> = g
        .legal_actions(seat)
        .unwrap()
        .into_iter()
        .map(Act::of)
        .collect();
    match phase {
        Phase::Claim if empty(g, turn).1 => assert!(
            !legal
                .iter()
                .any(|a| matches!(a, Act::Pong | Act::Chow | Act::Kong)),
            "{what}: a claim with seat {}'s part empty: {legal:?}",
            (turn + 1) % 4
        ),
        Phase::Turn => {
            let (own, next) = empty(g, seat);
            if own || next {
                assert!(
                    !legal
                        .iter()
                        .any(|a| matches!(a, Act::ConcealedKong | Act::AddedKong)),
                    "{what}: a kong with a part empty: {legal:?}"
                );
            }
        }
        _ => {}
    }
}

/// End a copy of `g` by a verdict against `seat`: the offender pays 10 to each other seat,
/// the invariants hold, and the log replays.
fn check_verdict(g: &GameCore, seat: u8, what: &str) {
    let mut copy = g.clone();
    let verdict = Verdict::ALL[seat as usize];
    copy.end_by_verdict(seat, verdict)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    copy.validate()
        .unwrap_or_else(|e| panic!("{what}: after a verdict: {e}"));
    let r = copy.result().expect("over");
    let mut want = [10; 4];
    want[seat as usize] = -30;
    assert_eq!((r.end, r.deltas), (HandEnd::Verdict, want), "{what}");
    let log: Vec<serde_json::Value> = copy
        .events()
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    let back = GameCore::replay(&log).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(back.result(), copy.result(), "{what}: replayed");
}

#[test]
fn botzone_hands_keep_the_invariants_and_the_rules_of_the_parts() {
    let mut ends = [0usize; 2];
    let mut robbed = 0;
    for rules_text in ["botzone", "botzone,flowers", "botzone,quan=north"] {
        let rules = Rules::parse(rules_text).unwrap();
        for bot in [Bot::Random, Bot::Greedy] {
            let hands = if bot == Bot::Random { 900 } else { 600 };
            for seed in 0..hands {
                let what = format!("{rules_text} {} seed {seed}", bot.name());
                let mut g = GameCore::seeded(rules, 0, seed, [0; 4]).unwrap();
                assert_eq!(
                    g.prevalent_wind(),
                    rules.profile().prevalent_wind(&rules, 0)
                );
                g.validate()
                    .unwrap_or_else(|e| panic!("{what} at the deal: {e}"));
                let mut player = Player::new(bot, seed);
                let mut decisions = 0u64;
                while let Some(seat) = g.first_to_act() {
                    check_decision(&mut g, seat, &what);
                    if g.phase() == Phase::Rob {
                        robbed += 1;
                        check_verdict(&g, seat, &format!("{what}, a verdict on a rob"));
                    } else if decisions == seed % 50 {
                        check_verdict(&g, seat, &format!("{what}, decision {decisions}"));
                    }
                    decisions += 1;
                    let code = player.act(&mut g, seat);
                    g.step(seat, code).expect("a bot's choice is legal");
                    g.validate()
                        .unwrap_or_else(|e| panic!("{what} after {code}: {e}"));
                }
                let r = g.result().expect("over");
                let parts = g.wall().parts().expect("a wall in parts");
                match r.end {
                    HandEnd::Exhausted => {
                        assert!(parts.contains(&0), "{what}: drawn with no part empty");
                        ends[1] += 1;
                    }
                    HandEnd::Win => ends[0] += 1,
                    HandEnd::Verdict => panic!("{what}: no verdict without a judge"),
                }
                let tiles: usize = parts.iter().sum();
                assert_eq!(tiles, g.wall_remaining(), "{what}");
            }
        }
    }
    assert!(
        ends[0] > 300 && ends[1] > 300,
        "wins and drawn hands: {ends:?}"
    );
    assert!(robbed > 0, "no added kong was answered");
}
