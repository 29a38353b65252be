//! The reinforcement-learning action space: one fixed numbering `0..N_ACTIONS` of every
//! action any profile may offer, shared by all profiles (docs/observation.md, "Actions").
//!
//! Kinds that name a tile take 34 numbers (tile order 0–33), the 跑 bid takes four (0–3)
//! and the others one each, in `Act` order:
//!
//! | actions | kind |
//! | --- | --- |
//! | 0–33 | discard |
//! | 34–67 | declare (报听 with that discard) |
//! | 68 | self-draw win |
//! | 69 | win on a discard or a robbed kong |
//! | 70 | pong |
//! | 71 | kong on a discard |
//! | 72–105 | added kong |
//! | 106–139 | concealed kong |
//! | 140 | pass |
//! | 141–174 | chow (the run's lowest tile) |
//! | 175–178 | 跑 bid 0–3 |
//! | 179–212 | dice kong |
//! | 213 | opening small wins |
//! | 214 | take the 海底 |

use crate::error::{Error, Result};
use crate::game::{describe, Act, ActionCode, CODES};

/// How many numbers each kind takes, in `Act` order.
const WIDTHS: [u16; 14] = [34, 34, 1, 1, 1, 1, 34, 34, 1, 34, 4, 34, 1, 1];

/// Size of the action space.
pub const N_ACTIONS: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < WIDTHS.len() {
        n += WIDTHS[i] as usize;
        i += 1;
    }
    n
};

/// The first number of each kind.
const OFFSETS: [u16; 14] = {
    let mut o = [0; 14];
    let mut i = 1;
    while i < WIDTHS.len() {
        o[i] = o[i - 1] + WIDTHS[i - 1];
        i += 1;
    }
    o
};

/// No action: the entry of [`ACTION_OF_CODE`] for a code that names no action of the space.
pub const NONE: u16 = u16::MAX;

/// The engine's action code of each action number.
pub const CODE_OF_ACTION: [ActionCode; N_ACTIONS] = {
    let mut out = [0; N_ACTIONS];
    let mut kind = 0;
    while kind < WIDTHS.len() {
        let mut j = 0;
        while j < WIDTHS[kind] {
            out[(OFFSETS[kind] + j) as usize] = kind as ActionCode * 34 + j;
            j += 1;
        }
        kind += 1;
    }
    out
};

/// The action number of each engine code, [`NONE`] for codes outside the space (a tile
/// given to a kind that takes none, a bid above 3).
pub const ACTION_OF_CODE: [u16; CODES as usize] = {
    let mut out = [NONE; CODES as usize];
    let mut a = 0;
    while a < N_ACTIONS {
        out[CODE_OF_ACTION[a] as usize] = a as u16;
        a += 1;
    }
    out
};

/// The action number of an engine code, if the code names one.
#[must_use]
pub fn action_of_code(code: ActionCode) -> Option<u16> {
    ACTION_OF_CODE
        .get(code as usize)
        .copied()
        .filter(|&a| a != NONE)
}

/// The engine code of an action number, if it is one.
#[must_use]
pub fn code_of_action(action: usize) -> Option<ActionCode> {
    CODE_OF_ACTION.get(action).copied()
}

/// Write the mask of `legal` (engine codes) into `mask` (`N_ACTIONS` entries): `true`
/// exactly at the numbers of the legal actions. Precondition: `mask.len() == N_ACTIONS`.
pub fn write_mask(legal: &[ActionCode], mask: &mut [bool]) {
    mask.fill(false);
    for &c in legal {
        if let Some(a) = action_of_code(c) {
            mask[a as usize] = true;
        }
    }
}

/// Check action number `action` of `seat` against `is_legal` (by number); its engine code.
/// `action` is as wide as any integer a caller may be given (a NumPy `uint64` too).
///
/// # Errors
/// [`Error::Argument`] for a number outside `0..N_ACTIONS` (no action at all), and
/// [`Error::IllegalAction`] naming the action and the legal ones for one the mask leaves out.
pub fn check(action: i128, seat: u8, is_legal: impl Fn(usize) -> bool) -> Result<ActionCode> {
    let code = usize::try_from(action).ok().and_then(code_of_action);
    match code {
        None => Err(Error::Argument(format!(
            "action {action} is outside the action space 0..{}",
            N_ACTIONS - 1
        ))),
        Some(c) if is_legal(action as usize) => Ok(c),
        Some(c) => {
            let legal: Vec<String> = (0..N_ACTIONS)
                .filter(|&a| is_legal(a))
                .map(|a| format!("{a} ({})", describe(CODE_OF_ACTION[a])))
                .collect();
            Err(Error::IllegalAction(format!(
                "action {action} ({}) is masked out for seat {seat} now; legal: {}",
                describe(c),
                legal.join(", ")
            )))
        }
    }
}

/// The kind of an action number. Precondition: `action < N_ACTIONS`.
#[must_use]
pub fn kind_of(action: usize) -> Act {
    Act::of(CODE_OF_ACTION[action])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_is_a_bijection_onto_the_codes_that_name_actions() {
        assert_eq!(N_ACTIONS, 215);
        for (a, &c) in CODE_OF_ACTION.iter().enumerate() {
            assert_eq!(action_of_code(c), Some(a as u16));
        }
        let named = ACTION_OF_CODE.iter().filter(|&&a| a != NONE).count();
        assert_eq!(named, N_ACTIONS);
        assert_eq!(code_of_action(68), Some(Act::SelfDrawWin.code(0)));
        assert_eq!(code_of_action(140), Some(Act::Pass.code(0)));
        assert_eq!(code_of_action(178), Some(Act::Pao.code(3)));
        assert_eq!(code_of_action(214), Some(Act::Haidi.code(0)));
        assert_eq!(code_of_action(N_ACTIONS), None);
        assert_eq!(action_of_code(Act::Pass.code(5)), None);
        assert_eq!(action_of_code(CODES), None);
        assert_eq!(kind_of(106), Act::ConcealedKong);
    }
}
