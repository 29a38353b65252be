//! Koudiandian (扣点点) mahjong: the hand-evaluation core.
//!
//! The core modules are pure Rust and build without Python (`cargo test`); the `python`
//! feature adds the PyO3 bindings in `py/`, which is all that maturin compiles in on top.

pub mod bots;
pub mod botzone;
pub mod error;
pub mod eval;
pub mod game;
pub mod hand;
pub mod outcome;
pub mod profiles;
pub mod rl;
pub mod rng;
pub mod selfplay;
pub mod tiles;
pub mod verdict;

#[cfg(feature = "python")]
mod py;

#[cfg(feature = "python")]
use pyo3::prelude::*;

/// The private extension module `koudiandian._core`; users import `koudiandian`.
#[cfg(feature = "python")]
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    use py::{batch, functions};
    m.add_function(wrap_pyfunction!(functions::warm_up, m)?)?;
    m.add_function(wrap_pyfunction!(functions::warm_up_bots, m)?)?;
    m.add_function(wrap_pyfunction!(functions::parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(functions::tile_list, m)?)?;
    m.add_function(wrap_pyfunction!(functions::format_mpsz, m)?)?;
    m.add_function(wrap_pyfunction!(functions::is_win, m)?)?;
    m.add_function(wrap_pyfunction!(functions::winning_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(functions::decompose, m)?)?;
    m.add_function(wrap_pyfunction!(functions::ready_discards, m)?)?;
    m.add_class::<py::win::Moment>()?;
    m.add_function(wrap_pyfunction!(functions::score_win, m)?)?;
    m.add_function(wrap_pyfunction!(functions::shanten, m)?)?;
    m.add_function(wrap_pyfunction!(py::guobiao::guobiao_fans, m)?)?;
    m.add_function(wrap_pyfunction!(py::analysis::win_refusal, m)?)?;
    m.add_function(wrap_pyfunction!(py::analysis::settle_win, m)?)?;
    m.add_function(wrap_pyfunction!(py::analysis::patterns, m)?)?;
    m.add_function(wrap_pyfunction!(py::analysis::transfer_reasons, m)?)?;
    m.add_function(wrap_pyfunction!(py::analysis::pattern_factor, m)?)?;
    m.add_function(wrap_pyfunction!(py::analysis::declarable, m)?)?;
    m.add_class::<py::rules::PyRules>()?;
    m.add_function(wrap_pyfunction!(py::rules::rules_of, m)?)?;
    m.add_class::<py::game::PyGameCore>()?;
    m.add_function(wrap_pyfunction!(py::events::claim_openers, m)?)?;
    m.add_function(wrap_pyfunction!(py::policy::greedy_choice, m)?)?;
    m.add_function(wrap_pyfunction!(py::policy::expert_choice, m)?)?;
    m.add_function(wrap_pyfunction!(py::log::log_decisions, m)?)?;
    m.add_function(wrap_pyfunction!(batch::is_win_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::winning_tiles_batch, m)?)?;
    m.add_function(wrap_pyfunction!(py::selfplay::self_play, m)?)?;
    m.add_function(wrap_pyfunction!(py::selfplay::hand_seed, m)?)?;
    m.add_function(wrap_pyfunction!(py::selfplay::bot_name, m)?)?;
    m.add_class::<py::rng::PyRng>()?;
    m.add_function(wrap_pyfunction!(py::selfplay::duplicate_seating, m)?)?;
    m.add_class::<py::schedule::PyHandStart>()?;
    m.add_class::<py::schedule::PySchedule>()?;
    m.add_class::<py::schedule::PyMatchDriver>()?;
    m.add_function(wrap_pyfunction!(py::rl::rl_action_codes, m)?)?;
    m.add_function(wrap_pyfunction!(py::rl::rl_action_space, m)?)?;
    m.add_function(wrap_pyfunction!(py::rl::rl_obs_shape, m)?)?;
    m.add_function(wrap_pyfunction!(py::rl::rl_action_mask, m)?)?;
    m.add_function(wrap_pyfunction!(py::rl::rl_encode_game, m)?)?;
    m.add_function(wrap_pyfunction!(py::rl::rl_log_samples, m)?)?;
    m.add_function(wrap_pyfunction!(py::rl::rl_encode_view, m)?)?;
    m.add_function(wrap_pyfunction!(py::rl::rl_observe, m)?)?;
    m.add_function(wrap_pyfunction!(py::rl::rl_step, m)?)?;
    m.add_class::<py::vecenv::PyVecEnv>()?;
    m.add_class::<py::botzone::PyBotzoneJudge>()?;
    m.add_class::<py::botzone::PyBotzonePlayer>()?;
    m.add_function(wrap_pyfunction!(py::botzone::botzone_judge, m)?)?;
    m.add_function(wrap_pyfunction!(py::botzone::botzone_check, m)?)?;
    Ok(())
}
