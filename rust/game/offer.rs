//! Which events offer a tile to the other seats, opening a claim window: a discard (to
//! claim), an added kong (to rob), an added kong with dice. Said once for the typed event
//! ([`Event::offers_tile`]) and once for the event as a log renders it ([`LoggedEvent`]), which
//! the table server reads; a test holds the two together over seeded play.

use serde_json::Value;

use super::event::Event;

impl Event {
    /// Whether the event offers its tile to the other seats, opening a claim window: a
    /// discard, an added kong, or a dice kong added to a pong (neither on a discard, `from`,
    /// nor `concealed`). Whether some seat may take the tile is not said (that is not public:
    /// [`super::Phase::awaits_answers`] says it once the engine has asked).
    #[must_use]
    pub const fn offers_tile(&self) -> bool {
        matches!(
            self,
            Event::Discard { .. }
                | Event::AddedKong { .. }
                | Event::DiceKong {
                    from: None,
                    concealed: false,
                    ..
                }
        )
    }
}

/// An event as a log renders it (its JSON, in any viewer's log: masking hides tiles, never
/// what this holds), read as far as [`Event::offers_tile`] needs: its `type`, whether its
/// `from` names a seat, and its `concealed` (absent keys read as `null` and `false`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoggedEvent<'a> {
    pub kind: &'a str,
    pub from_seat: bool,
    pub concealed: bool,
}

impl<'a> LoggedEvent<'a> {
    /// The logged event `event` (a JSON object with a `type`; anything else reads as a kind
    /// `""`, which offers nothing).
    #[must_use]
    pub fn of_json(event: &'a Value) -> Self {
        LoggedEvent {
            kind: event.get("type").and_then(Value::as_str).unwrap_or(""),
            from_seat: event.get("from").is_some_and(|f| !f.is_null()),
            concealed: event.get("concealed").and_then(Value::as_bool) == Some(true),
        }
    }

    /// [`Event::offers_tile`] of the event logged.
    #[must_use]
    pub fn offers_tile(self) -> bool {
        match self.kind {
            "discard" | "added_kong" => true,
            "dice_kong" => !self.from_seat && !self.concealed,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::game::{Act, GameCore, Phase};
    use crate::profiles::Rules;
    use crate::rng::Rng;

    #[test]
    fn openers_by_hand() {
        let cases = [
            (
                json!({"type": "discard", "seat": 0, "tile": 5, "declare": false}),
                true,
            ),
            // A face-down discard as another seat sees it.
            (
                json!({"type": "discard", "seat": 0, "tile": null, "declare": true}),
                true,
            ),
            (json!({"type": "added_kong", "seat": 1, "tile": 5}), true),
            (
                json!({"type": "dice_kong", "seat": 2, "tile": 5, "from": null, "concealed": false}),
                true,
            ),
            (
                json!({"type": "dice_kong", "seat": 2, "tile": 5, "from": 1, "concealed": false}),
                false,
            ),
            (
                json!({"type": "dice_kong", "seat": 2, "tile": null, "from": null, "concealed": true}),
                false,
            ),
            (
                json!({"type": "concealed_kong", "seat": 2, "tile": null}),
                false,
            ),
            (
                json!({"type": "kong", "seat": 2, "tile": 5, "from": 1}),
                false,
            ),
            (
                json!({"type": "pong", "seat": 2, "tile": 5, "from": 1}),
                false,
            ),
            (
                json!({"type": "draw", "seat": 2, "tile": null, "replacement": false}),
                false,
            ),
            (
                json!({"type": "answer", "seat": 2, "action": "pass", "auto": false}),
                false,
            ),
            (json!({"seat": 2}), false),
            (json!("discard"), false),
        ];
        for (event, opens) in cases {
            assert_eq!(LoggedEvent::of_json(&event).offers_tile(), opens, "{event}");
        }
        let typed = [
            (
                Event::Discard {
                    seat: 0,
                    tile: 5,
                    declare: false,
                    auto: false,
                },
                true,
            ),
            (Event::AddedKong { seat: 0, tile: 5 }, true),
            (
                Event::DiceKong {
                    seat: 0,
                    tile: 5,
                    from: None,
                    concealed: false,
                },
                true,
            ),
            (
                Event::DiceKong {
                    seat: 0,
                    tile: 5,
                    from: Some(3),
                    concealed: false,
                },
                false,
            ),
            (
                Event::DiceKong {
                    seat: 0,
                    tile: 5,
                    from: None,
                    concealed: true,
                },
                false,
            ),
            (Event::ConcealedKong { seat: 0, tile: 5 }, false),
            (
                Event::Draw {
                    seat: 0,
                    tile: 5,
                    replacement: true,
                },
                false,
            ),
        ];
        for (event, opens) in typed {
            assert_eq!(event.offers_tile(), opens, "{event:?}");
        }
    }

    /// Over seeded play in every profile: every viewer's log says of each event what the
    /// typed event says, and whenever the engine awaits answers, the last event but the
    /// answers offered a tile.
    #[test]
    fn logs_agree_with_the_events_and_windows_follow_openers() {
        let mut rng = Rng::new(7);
        let mut windows = 0;
        for text in ["default", "double_wildcard", "hebei", "changsha", "guobiao"] {
            let r = Rules::parse(text).expect("valid rules");
            for seed in 0..40u64 {
                let mut g = GameCore::seeded(r, (seed % 4) as u8, seed, [0; 4]).unwrap();
                while g.phase() != Phase::Over {
                    if g.phase().awaits_answers() {
                        windows += 1;
                        let last = g
                            .events()
                            .iter()
                            .rev()
                            .find(|e| !matches!(e, Event::Answer { .. }));
                        assert!(
                            last.is_some_and(Event::offers_tile),
                            "{text} seed {seed}: {last:?}"
                        );
                    }
                    let to_act = g.to_act();
                    let seat = to_act[rng.below(to_act.len() as u64) as usize];
                    let legal = g.legal_actions(seat).unwrap();
                    let kong: Vec<_> = legal
                        .iter()
                        .copied()
                        .filter(|&c| {
                            matches!(Act::of(c), Act::DiceKong | Act::Kong | Act::AddedKong)
                        })
                        .collect();
                    let pick = if kong.is_empty() { &legal } else { &kong };
                    g.step(seat, pick[rng.below(pick.len() as u64) as usize])
                        .unwrap();
                }
                for viewer in [None, Some(0), Some(1), Some(2), Some(3)] {
                    let full: Vec<&Event> = g
                        .events()
                        .iter()
                        .filter(
                            |e| !matches!(e, Event::Answer { seat, .. } if viewer != Some(*seat)),
                        )
                        .collect();
                    let logged = g.events_for(viewer);
                    assert_eq!(full.len(), logged.len(), "{text} seed {seed}");
                    for (e, v) in full.iter().zip(&logged) {
                        assert_eq!(
                            LoggedEvent::of_json(v).offers_tile(),
                            e.offers_tile(),
                            "{text} seed {seed}: {v}"
                        );
                    }
                }
            }
        }
        assert!(windows > 100, "only {windows} claim windows");
    }
}
