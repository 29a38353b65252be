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
