//! What a table shows one connection: a seat's view, or a spectator's (`None`), as the game
//! server sends it. What each may see is decided by the visibility rules of `view.rs`
//! ([`GameCore::view_as`], [`GameCore::events_for`]); a table adds one rule of discretion.

use serde_json::{json, Value};

use super::action::Act;
use super::state::GameCore;
use crate::eval::waits::ready_discards;
use crate::outcome::melds_of;
use crate::tiles::{each_kind, KindMask};

impl GameCore {
    /// The view a table sends `viewer` (a seat, or `None` for a spectator) as JSON: the
    /// view of [`GameCore::view_as`], with `hand_sizes` and the seat's 听口 (`waits`: its
    /// winning tiles with what each is worth to the profile (Taiyuan's 点数; `null` in a
    /// profile that does not value a win by its tile), `null` when not ready; `ready_discards`: on a turn it
    /// ends with a discard, each discard that leaves it ready, its winning tiles, the 点数
    /// a self-drawn wildcard counts and whether 报听 may name it; both empty for a
    /// spectator). While seats answer a discard or an added kong, a seat that is not asked
    /// (and a spectator) sees phase `"wait"` and no claim tile: that another seat has a
    /// choice is not public. Precondition: a seat is `< 4`.
    pub fn table_view(&mut self, viewer: Option<u8>) -> Value {
        let asked = viewer.is_some_and(|s| self.is_to_act(s));
        let mut view = serde_json::to_value(self.view_as(viewer)).unwrap_or(Value::Null);
        if self.phase.awaits_answers() && !asked {
            view["phase"] = "wait".into();
            view["claim_tile"] = Value::Null;
        }
        view["waits"] = Value::Null;
        view["ready_discards"] = json!([]);
        if let Some(seat) = viewer {
            self.listening(seat, &mut view);
        }
        view
    }

    /// Fill in `view`'s `waits` and `ready_discards` for `seat` ([`GameCore::table_view`]).
    fn listening(&mut self, seat: u8, view: &mut Value) {
        let (rules, profile) = (self.rules, self.rules.profile());
        let tiles = |mask: KindMask| -> Value {
            each_kind(mask)
                .map(|k| json!({"tile": k, "points": profile.tile_points(&rules, k)}))
                .collect()
        };
        if let Some(wins) = view["winning_tiles"].as_array() {
            let mask = wins
                .iter()
                .filter_map(Value::as_u64)
                .fold(0, |m: KindMask, k| m | 1 << k);
            view["waits"] = tiles(mask);
        }
        let discarding = self
            .legal(seat)
            .iter()
            .any(|&c| matches!(Act::of(c), Act::Discard | Act::Declare));
        if !discarding {
            return;
        }
        let s = &self.seats[seat as usize];
        let hand = self.hand_of(&s.hand, &melds_of(&s.melds));
        view["ready_discards"] = ready_discards(&hand, self.turn_rules.eval)
            .into_iter()
            .map(|(discard, waits)| {
                json!({
                    "discard": discard,
                    "winning_tiles": tiles(waits.tiles),
                    "wildcard_points": profile.wildcard_points(&rules, &waits),
                    "declarable": profile.declarable(&rules, &waits),
                })
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profiles::Rules;
    use crate::rng::Rng;

    #[test]
    fn a_spectator_sees_no_seats_secrets_and_nobody_learns_of_others_choices() {
        let (mut waits, mut hidden) = (0, 0);
        for name in ["taiyuan", "hebei", "changsha"] {
            let rules = Rules::parse(name).unwrap();
            for seed in 0..20 {
                let mut g = GameCore::seeded(rules, 0, seed, [0; 4]).unwrap();
                let mut rng = Rng::new(seed);
                while let Some(seat) = g.first_to_act() {
                    let public = g.table_view(None);
                    assert_eq!(public["seat"], Value::Null, "{name} {seed}");
                    assert_eq!(public["hand"], serde_json::json!([]), "{name} {seed}");
                    assert_eq!(public["legal_actions"], serde_json::json!([]));
                    let sizes: Vec<u64> = (0..4u8)
                        .map(|s| g.hand(s).iter().map(|&c| u64::from(c)).sum())
                        .collect();
                    assert_eq!(public["hand_sizes"], serde_json::json!(sizes));
                    for s in 0..4u8 {
                        let view = g.table_view(Some(s));
                        if g.phase().awaits_answers() && !g.is_to_act(s) {
                            assert_eq!(view["phase"], "wait", "{name} {seed} seat {s}");
                            assert_eq!(view["claim_tile"], Value::Null);
                            waits += 1;
                        } else {
                            assert_eq!(view["phase"], serde_json::to_value(g.phase()).unwrap());
                        }
                    }
                    for e in g.events_for(None) {
                        let kind = e["type"].as_str().unwrap();
                        assert_ne!(kind, "answer", "{name} {seed}: an answer is public");
                        assert!(
                            e.get("wall").is_none() && e.get("auto").is_none() || kind != "discard"
                        );
                        if matches!(kind, "draw" | "concealed_kong") {
                            assert_eq!(e["tile"], Value::Null, "{name} {seed}: {e}");
                            hidden += 1;
                        }
                        if kind == "start_hand" {
                            assert_eq!(e["hand"], serde_json::json!([]));
                            assert!(e.get("wall").is_none());
                        }
                    }
                    let legal = g.legal_actions(seat).unwrap();
                    g.step(seat, legal[rng.below(legal.len() as u64) as usize])
                        .unwrap();
                }
            }
        }
        assert!(
            waits > 100 && hidden > 100,
            "{waits} waits, {hidden} hidden draws"
        );
    }

    #[test]
    fn a_wait_is_valued_by_its_profile_alone() {
        // Taiyuan values each winning tile by its 点数; a profile that does not value a
        // win by its tile sends `null`, not Taiyuan's figure.
        for (name, valued) in [("taiyuan", true), ("changsha", false), ("guobiao", false)] {
            let rules = Rules::parse(name).unwrap();
            let mut ready = 0;
            for seed in 0..10 {
                let mut g = GameCore::seeded(rules, 0, seed, [0; 4]).unwrap();
                while let Some(seat) = g.first_to_act() {
                    let view = g.table_view(Some(seat));
                    let ready_discards = view["ready_discards"].as_array().unwrap();
                    let waits = view["waits"].as_array().into_iter().flatten();
                    let listed = ready_discards
                        .iter()
                        .flat_map(|r| r["winning_tiles"].as_array().unwrap());
                    for w in waits.chain(listed) {
                        let k = w["tile"].as_u64().unwrap() as usize;
                        let expected = if valued {
                            serde_json::json!(crate::profiles::taiyuan::points(k))
                        } else {
                            Value::Null
                        };
                        assert_eq!(w["points"], expected, "{name} {seed}: {w}");
                        ready += 1;
                    }
                    let code = crate::bots::greedy::action(&mut g, seat);
                    g.step_legal(seat, code);
                }
            }
            assert!(ready > 50, "{name}: {ready} winning tiles seen");
        }
    }
}
