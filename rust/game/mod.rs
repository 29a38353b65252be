//! One hand (局): the authoritative state machine, shared by every rule profile.
//!
//! The engine asks only the seats that have a real choice: a declared seat's drawn tile is
//! discarded for it unless it can win or kong, and under `must_win` it wins without being
//! asked. Every change is recorded as an [`Event`]; the hand ends with the profile's
//! settlement ([`HandResult`]). What differs between rule systems is asked of the rules'
//! profile (`crate::profiles`). `docs/rules.md` lists the decisions made here.
//!
//! - `state.rs`: the state (`GameCore`) and its queries; `seat.rs`, `wall.rs`: a seat and the
//!   wall; `deal.rs`: a hand dealt; `step.rs`: the legal actions and a step;
//! - `turn.rs`: a seat's turn; `kongs.rs`: the kongs it may make and how one is laid;
//!   `draw.rs`: draws, replacements and the 海底; `claims.rs`: answers to a discard or an
//!   added kong; `context.rs`: the moment of a win (its `WinContext`);
//! - `end.rs`: the win, the drawn hand and the settlement; `verdict.rs`: a judge's verdict
//!   that ends the hand; `mechanisms.rs`: the dice, the
//!   海底 offers, the bird and the indicator; `view.rs`: what a seat (or a spectator) may
//!   see; `public.rs`: what a table shows each;
//! - `replay.rs`: a log replayed, from the decisions it records (`decisions.rs`) and the
//!   deal of its `start_hand` (`logged_deal.rs`); `difference.rs`: the first field where a
//!   replayed log differs; `world.rs`: a copy of the hand a seat cannot tell from it (its
//!   unseen tiles dealt anew), for search; `hidden.rs`: unseen tiles moved between the
//!   hands and the wall where they hide (a seat's own copy of the hand kept consistent);
//! - `event.rs`, `action.rs`: the log and the actions, with their JSON shapes (the result's
//!   is [`HandResult`]'s, in `crate::outcome`); `offer.rs`: which events offer a tile to the
//!   other seats (a claim window); `validate.rs`: the invariants the tests check after every
//!   step.

/// Log `$event` in `$game`'s events, built only when the hand keeps a log (a hand dealt by
/// [`GameCore::redeal`] without one builds none).
macro_rules! log {
    ($game:expr, $event:expr) => {
        if $game.logging {
            $game.events.push($event);
        }
        $game.event_count += 1;
    };
}

mod action;
mod before_play;
mod claims;
mod context;
mod deal;
mod decisions;
mod difference;
mod draw;
mod end;
mod event;
mod hidden;
mod kongs;
mod logged_deal;
mod mechanisms;
mod offer;
mod public;
mod replay;
mod seat;
mod state;
mod step;
mod turn;
mod validate;
mod verdict;
mod view;
mod wall;
mod world;

#[cfg(test)]
mod claims_tests;
#[cfg(test)]
mod end_tests;
#[cfg(test)]
mod parts_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tiny_tests;
#[cfg(test)]
mod turn_tests;
#[cfg(test)]
mod verdict_tests;

pub use crate::outcome::{
    deltas_of, special, Bird, Haidi, HandResult, KongRecord, MeldRecord, Outcome, ScoreItem,
    Transfer, WinContext, WinKind, WinSummary,
};
pub use action::{describe, tile_of, Act, ActionCode, CODES};
pub use decisions::{decisions, Decision};
pub use difference::{first_difference, Difference};
pub use event::{EndHand, Event, StartHand};
pub use hidden::Hidden;
pub use offer::LoggedEvent;
pub use seat::Seat;
pub use state::{GameCore, Phase};
pub use view::{sees_discard, sees_meld, ActionView, MeldView, SeatView};
pub use wall::{dealt_from_part, Wall};
