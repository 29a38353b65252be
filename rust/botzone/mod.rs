//! Botzone's Chinese Standard Mahjong judge (docs/botzone.md): a program run once per turn
//! that reads `{"initdata", "log"}` and prints the next output, as the official judge
//! (`ailab-pku/Chinese-Standard-Mahjong`, `judge/main.cpp`) prints it, built on the engine
//! under the `botzone` rules. The engine decides what is legal and what a win or a verdict
//! scores; this module owns the protocol.
//!
//! - `tiles.rs`: the tile names; `request.rs`: the requests; `answer.rs`: answers read;
//! - `input.rs`: the judge's input (initdata, the log) and its errors;
//! - `judge.rs`: the turn machine; `checks.rs`: the order of checks of each turn's answers;
//! - `wins.rs`: a seat's win read at the last output (its hand, the flags, `canHu`);
//! - `display.rs`: fans as the calculator names them; `output.rs`: the output JSON;
//! - `check.rs`: a finished log judged again, every difference listed; `log.rs`: such a
//!   log read, typed;
//! - `player.rs`: a built-in bot as a Botzone bot (the seat's side: requests in, answers
//!   out), deciding in `world.rs`'s world (the game as the seat's requests tell it, played
//!   by a judge of its own), whose unseen tiles `hiding.rs` keeps true to them.

mod answer;
mod check;
mod checks;
mod display;
mod hiding;
mod input;
mod judge;
mod log;
mod output;
mod player;
mod request;
pub mod tiles;
mod wins;
mod world;

pub use check::{check_log, Difference, DISPLAY_FIELDS};
pub use display::fan_name;
pub use input::{
    init_data, json as json_text, read_answers, read_input, Answers, InitData, InputError,
    SeatAnswer,
};
pub use judge::Judge;
pub use output::text as output_text;
pub use player::BotzonePlayer;
pub use request::Request;

/// The judge program: one input (`{"initdata": {...}, "log": [...]}`), the next output as
/// JSON text (with `initdata` on the first call). Once the log reaches the game's end, that
/// end is the output, as the official judge stops at it.
///
/// # Errors
/// Bad input ([`InputError`]): not JSON, a log that does not alternate, answers for a seat
/// that does not exist, a bad wall.
pub fn judge_program(text: &str) -> Result<String, InputError> {
    let input = read_input(text)?;
    let mut judge = Judge::new(input.init)?;
    for answers in &input.answers {
        if judge.finished() {
            break;
        }
        judge.answer(answers)?;
    }
    Ok(output::text(judge.output()))
}

#[cfg(test)]
mod player_tests;
#[cfg(test)]
mod tests;
