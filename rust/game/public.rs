//! What a table shows one connection: a seat's view, or a spectator's (`None`), as the game
//! server sends it. What each may see is decided by the visibility rules of `view.rs`
//! ([`GameCore::view_as`], [`GameCore::events_for`]); a table adds one rule of discretion.

use serde_json::Value;

use super::state::{GameCore, Phase};

impl GameCore {
    /// The view a table sends `viewer` (a seat, or `None` for a spectator) as JSON: the
    /// view of [`GameCore::view_as`], with `hand_sizes`. While seats answer a discard or an
    /// added kong, a seat that is not asked (and a spectator) sees phase `"wait"` and no
    /// claim tile: that another seat has a choice is not public. Precondition: a seat is
    /// `< 4`.
    pub fn table_view(&mut self, viewer: Option<u8>) -> Value {
        let asked = viewer.is_some_and(|s| self.is_to_act(s));
        let mut view = serde_json::to_value(self.view_as(viewer)).unwrap_or(Value::Null);
        if matches!(self.phase, Phase::Claim | Phase::Rob) && !asked {
            view["phase"] = "wait".into();
            view["claim_tile"] = Value::Null;
        }
        view
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
                        if matches!(g.phase(), Phase::Claim | Phase::Rob) && !g.is_to_act(s) {
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
}
