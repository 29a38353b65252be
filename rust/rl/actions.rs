//! The reinforcement-learning action spaces: fixed numberings of every action a profile may
//! offer, shared by all profiles (docs/observation.md, "Actions"). Version 1 numbers the
//! actions of play (215); version 2 adds the decisions before play (换三张 picks and the void
//! suit, 定缺: 252). A v1 number is the same action in v2: v1 is v2's first 215 numbers.
//!
//! Kinds that name a tile take 34 numbers (tile order 0–33), the 跑 bid takes four (0–3),
//! the void suit three (m p s) and the others one each, in `Act` order:
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
//! | 215–248 | pick a tile to exchange (v2) |
//! | 249–251 | declare a suit void: m, p, s (v2) |

use crate::error::{Error, Result};
use crate::game::{describe, Act, ActionCode, CODES};
use crate::profiles::Rules;

/// How many numbers each kind takes, in `Act` order.
const WIDTHS: [u16; 16] = [34, 34, 1, 1, 1, 1, 34, 34, 1, 34, 4, 34, 1, 1, 34, 3];

/// The first number of each kind.
const OFFSETS: [u16; 16] = {
    let mut o = [0; 16];
    let mut i = 1;
    while i < WIDTHS.len() {
        o[i] = o[i - 1] + WIDTHS[i - 1];
        i += 1;
    }
    o
};

/// Size of the action space v1: the actions of play.
pub const N_ACTIONS: usize = OFFSETS[Act::Exchange as usize] as usize;

/// Size of the action space v2: v1's and the decisions before play.
pub const N_ACTIONS_V2: usize = (OFFSETS[15] + WIDTHS[15]) as usize;

/// No action: the entry of [`ACTION_OF_CODE`] for a code that names no action of the space.
pub const NONE: u16 = u16::MAX;

/// The engine's action code of each action number (of v2; v1's are its first
/// [`N_ACTIONS`]).
pub const CODE_OF_ACTION: [ActionCode; N_ACTIONS_V2] = {
    let mut out = [0; N_ACTIONS_V2];
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

/// The action number (of v2) of each engine code, [`NONE`] for codes outside the space (a
/// tile given to a kind that takes none, a bid above 3, a suit above 2).
pub const ACTION_OF_CODE: [u16; CODES as usize] = {
    let mut out = [NONE; CODES as usize];
    let mut a = 0;
    while a < N_ACTIONS_V2 {
        out[CODE_OF_ACTION[a] as usize] = a as u16;
        a += 1;
    }
    out
};

/// A version of the action space. [`ActionSpace::V1`] (Rust's `Default`, the first) cannot
/// express the decisions before play; [`ActionSpace::V2`] holds every action of every
/// profile (the Python binding's default, `DEFAULT_ACTION_SPACE` in `py/rl.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ActionSpace {
    #[default]
    V1,
    V2,
}

impl ActionSpace {
    /// The version of number `n` (1 or 2).
    ///
    /// # Errors
    /// [`Error::Argument`] for any other number.
    pub fn of_number(n: i128) -> Result<ActionSpace> {
        match n {
            1 => Ok(ActionSpace::V1),
            2 => Ok(ActionSpace::V2),
            _ => Err(Error::Argument(format!(
                "unknown action space {n}; known: 1 (215 actions), 2 (252 actions)"
            ))),
        }
    }

    /// The version's number: 1 or 2.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            ActionSpace::V1 => 1,
            ActionSpace::V2 => 2,
        }
    }

    /// How many actions the version numbers.
    #[must_use]
    pub const fn size(self) -> usize {
        match self {
            ActionSpace::V1 => N_ACTIONS,
            ActionSpace::V2 => N_ACTIONS_V2,
        }
    }

    /// Refuse rules whose decisions this version cannot number: v1 and a profile that asks
    /// decisions before play (the exchange, the void suit).
    ///
    /// # Errors
    /// [`Error::Argument`] naming the profile, its decisions and the version to use.
    pub fn check_rules(self, rules: &Rules) -> Result<()> {
        if self == ActionSpace::V2 {
            return Ok(());
        }
        let turn = rules.profile().turn_rules(rules);
        let mut missing = Vec::new();
        if turn.exchange > 0 {
            missing.push("exchange");
        }
        if turn.void_suit {
            missing.push("void");
        }
        if missing.is_empty() {
            return Ok(());
        }
        Err(Error::Argument(format!(
            "action space 1 cannot express the {} decisions of profile {}: use action space 2 \
             (action_space=2)",
            missing.join(" and "),
            rules.profile().name()
        )))
    }

    /// The action number of an engine code, if the code names one of this version.
    #[must_use]
    pub fn action_of_code(self, code: ActionCode) -> Option<u16> {
        ACTION_OF_CODE
            .get(code as usize)
            .copied()
            .filter(|&a| (a as usize) < self.size())
    }

    /// The engine code of an action number, if it is one of this version.
    #[must_use]
    pub fn code_of_action(self, action: usize) -> Option<ActionCode> {
        CODE_OF_ACTION[..self.size()].get(action).copied()
    }

    /// Write the mask of `legal` (engine codes) into `mask`: `true` exactly at the numbers
    /// of the legal actions. Precondition: `mask.len() == self.size()`, and every legal
    /// code has a number in this version (the rules passed [`ActionSpace::check_rules`]).
    pub fn write_mask(self, legal: &[ActionCode], mask: &mut [bool]) {
        mask.fill(false);
        for &c in legal {
            if let Some(a) = self.action_of_code(c) {
                mask[a as usize] = true;
            }
        }
    }

    /// Check action number `action` of `seat` against `is_legal` (by number); its engine
    /// code. `action` is as wide as any integer a caller may be given (a NumPy `uint64`
    /// too).
    ///
    /// # Errors
    /// [`Error::Argument`] for a number outside `0..self.size()` (no action at all), and
    /// [`Error::IllegalAction`] naming the action and the legal ones for one the mask
    /// leaves out.
    pub fn check(
        self,
        action: i128,
        seat: u8,
        is_legal: impl Fn(usize) -> bool,
    ) -> Result<ActionCode> {
        let code = usize::try_from(action)
            .ok()
            .and_then(|a| self.code_of_action(a));
        match code {
            None => Err(Error::Argument(format!(
                "action {action} is outside the action space 0..{}",
                self.size() - 1
            ))),
            Some(c) if is_legal(action as usize) => Ok(c),
            Some(c) => {
                let legal: Vec<String> = (0..self.size())
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
}

/// The v1 action number of an engine code, if the code names one.
#[must_use]
pub fn action_of_code(code: ActionCode) -> Option<u16> {
    ActionSpace::V1.action_of_code(code)
}

/// The engine code of a v1 action number, if it is one.
#[must_use]
pub fn code_of_action(action: usize) -> Option<ActionCode> {
    ActionSpace::V1.code_of_action(action)
}

/// The kind of an action number. Precondition: `action < N_ACTIONS_V2`.
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
        assert_eq!(N_ACTIONS_V2, 252);
        for (a, &c) in CODE_OF_ACTION.iter().enumerate() {
            assert_eq!(ActionSpace::V2.action_of_code(c), Some(a as u16));
        }
        let named = ACTION_OF_CODE.iter().filter(|&&a| a != NONE).count();
        assert_eq!(named, N_ACTIONS_V2);
        assert_eq!(code_of_action(68), Some(Act::SelfDrawWin.code(0)));
        assert_eq!(code_of_action(140), Some(Act::Pass.code(0)));
        assert_eq!(code_of_action(178), Some(Act::Pao.code(3)));
        assert_eq!(code_of_action(214), Some(Act::Haidi.code(0)));
        assert_eq!(code_of_action(N_ACTIONS), None);
        assert_eq!(action_of_code(Act::Pass.code(5)), None);
        assert_eq!(action_of_code(CODES), None);
        assert_eq!(kind_of(106), Act::ConcealedKong);
    }

    #[test]
    fn v2_numbers_the_decisions_before_play_after_v1() {
        let v2 = ActionSpace::V2;
        assert_eq!(v2.code_of_action(215), Some(Act::Exchange.code(0)));
        assert_eq!(v2.code_of_action(248), Some(Act::Exchange.code(33)));
        assert_eq!(v2.code_of_action(249), Some(Act::Void.code(0)));
        assert_eq!(v2.code_of_action(251), Some(Act::Void.code(2)));
        assert_eq!(v2.code_of_action(252), None);
        assert_eq!(v2.action_of_code(Act::Void.code(3)), None);
        assert_eq!(action_of_code(Act::Exchange.code(0)), None, "not in v1");
        assert_eq!(action_of_code(Act::Void.code(1)), None, "not in v1");
        for a in 0..N_ACTIONS {
            assert_eq!(code_of_action(a), v2.code_of_action(a), "v1 is v2's prefix");
        }
    }

    #[test]
    fn v1_refuses_a_profile_with_decisions_before_play() {
        let tiny = Rules::preset("tiny").expect("tiny");
        let e = ActionSpace::V1
            .check_rules(&tiny)
            .expect_err("tiny asks an exchange");
        assert!(matches!(e, Error::Argument(_)), "{e:?}");
        assert!(e.message().contains("exchange and void"), "{}", e.message());
        assert!(e.message().contains("action_space=2"), "{}", e.message());
        ActionSpace::V2.check_rules(&tiny).expect("v2 holds them");
        for name in ["taiyuan", "queyimen", "hebei", "changsha", "guobiao"] {
            let rules = Rules::preset(name).expect("a preset");
            ActionSpace::V1.check_rules(&rules).expect(name);
        }
        assert!(ActionSpace::of_number(3).is_err());
        assert_eq!(ActionSpace::of_number(2).map(ActionSpace::size), Ok(252));
    }
}
