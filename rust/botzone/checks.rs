//! The official judge's order of checks: which answer it reads first, and so which seat's
//! wrong answer ends the game. A seat's verdict is read at its first check. Turns 1–2, a
//! draw and a flower: seats 0–3. A discard: the discarder (it must pass), then `HU` from the
//! next seat on (the first ends the game, won or WH), then `PENG`/`GANG` by seat 0–3, then
//! `CHI` likewise; the first claim that holds ends the checking. A kong notice: from its
//! maker on (only a 补杠 may be robbed). Legality is the engine's (`GameCore::legal`, or
//! the claims it offered at the discard).

use super::answer::Answer;
use super::input::{Answers, InputError, Result};
use super::judge::{engine, Ending, Judge, Stage};
use super::tiles;
use crate::game::{Act, ActionCode};
use crate::profiles::guobiao::fans::Situation;
use serde_json::Value;

/// Checked answers: go on, or the game ends.
pub(super) type Checked = std::result::Result<(), Ending>;

/// Seat `s`'s verdict and response (a seat left out: both empty, as the official judge
/// reads a missing value).
fn of(answers: &Answers, s: u8) -> (&str, &str) {
    answers[s as usize]
        .as_ref()
        .map_or(("", ""), |a| (a.verdict.as_str(), a.response.as_str()))
}

fn wrong(seat: u8, name: &str) -> Ending {
    Ending::Verdict {
        seat,
        name: name.to_owned(),
        calc: None,
    }
}

/// The seat's verdict, if it is not `OK`.
fn verdict(answers: &Answers, s: u8) -> Checked {
    match of(answers, s).0 {
        "OK" => Ok(()),
        other => Err(wrong(s, other)),
    }
}

/// The seat's verdict, then `PASS`.
fn pass(answers: &Answers, s: u8) -> Checked {
    verdict(answers, s)?;
    if of(answers, s).1 == "PASS" {
        Ok(())
    } else {
        Err(wrong(s, "WA"))
    }
}

/// INIT, DEAL and BUHUA: every seat passes, 0–3.
pub(super) fn all_pass(answers: &Answers) -> Checked {
    (0..4).try_for_each(|s| pass(answers, s))
}

impl Judge {
    /// Check `answers` to the current output, step the game, and make the next output.
    ///
    /// # Errors
    /// The game is over.
    pub fn answer(&mut self, answers: &Answers) -> Result<&Value> {
        let stage = std::mem::replace(&mut self.stage, Stage::Over);
        let was_init = matches!(stage, Stage::Init);
        let checked = match stage {
            Stage::Over => {
                return Err(InputError(
                    "the game is over: the judge's last output was a finish".into(),
                ))
            }
            Stage::Init | Stage::Deal | Stage::Flower => all_pass(answers),
            Stage::Draw { seat, tile, kong } => self.draw_answers(answers, seat, tile, kong)?,
            Stage::Discard {
                seat,
                tile,
                options,
            } => self.discard_answers(answers, seat, tile, &options)?,
            Stage::Kong {
                seat,
                tile,
                added,
                options,
            } => self.kong_answers(answers, seat, tile, added, &options)?,
        };
        self.output = match checked {
            Ok(()) if was_init => self.deal_output(),
            Ok(()) => self.next_output()?,
            Err(ending) => self.end(ending)?,
        };
        self.turn += 1;
        Ok(&self.output)
    }

    /// `seat`'s `HU` with `code` if the engine offers it (else WH with the calculator's
    /// fans of the hand).
    fn hu(&self, seat: u8, tile: u8, situation: Situation, code: Option<ActionCode>) -> Ending {
        let calc = self.calculate(seat, tile, situation);
        match code {
            Some(code) => Ending::Win { seat, code, calc },
            None => Ending::Verdict {
                seat,
                name: "WH".into(),
                calc: Some(calc),
            },
        }
    }

    /// The drawer's answer among the others' passes, seats 0–3; a legal play, kong or
    /// added kong is taken once every seat is checked.
    pub(super) fn draw_answers(
        &mut self,
        answers: &Answers,
        seat: u8,
        tile: u8,
        kong: bool,
    ) -> Result<Checked> {
        let mut decided = None;
        for s in 0..4u8 {
            if s != seat {
                if let Err(e) = pass(answers, s) {
                    return Ok(Err(e));
                }
                continue;
            }
            if let Err(e) = verdict(answers, s) {
                return Ok(Err(e));
            }
            let legal = self.game.legal(seat).to_vec();
            let offered = |code: ActionCode| legal.contains(&code).then_some(code);
            let tile_code = |act: Act, t: &str| tiles::parse(t).and_then(|t| offered(act.code(t)));
            decided = match Answer::read(of(answers, s).1) {
                Answer::Hu => {
                    let code = offered(Act::SelfDrawWin.code(0));
                    let situation = Situation {
                        self_drawn: true,
                        last_copy: self.game.visible_copies(tile) == 3,
                        kong,
                        wall_last: self.parts[(seat as usize + 1) % 4] == 0,
                    };
                    return Ok(Err(self.hu(seat, tile, situation, code)));
                }
                Answer::Play(t) => tile_code(Act::Discard, t),
                Answer::GangOf(t) => tile_code(Act::ConcealedKong, t),
                Answer::BuGang(t) => tile_code(Act::AddedKong, t),
                _ => None,
            };
            if decided.is_none() {
                return Ok(Err(wrong(s, "WA")));
            }
        }
        if let Some(code) = decided {
            self.game.step(seat, code).map_err(|e| engine(&e))?;
        }
        Ok(Ok(()))
    }

    /// The answers to `seat`'s discard of `tile`, `options` the claims the engine offers.
    pub(super) fn discard_answers(
        &mut self,
        answers: &Answers,
        seat: u8,
        tile: u8,
        options: &[Vec<ActionCode>; 4],
    ) -> Result<Checked> {
        let offered = |s: u8, code: ActionCode| options[s as usize].contains(&code);
        if let Err(e) = pass(answers, seat) {
            return Ok(Err(e));
        }
        for i in 1..4 {
            let s = (seat + i) % 4;
            if let Err(e) = verdict(answers, s) {
                return Ok(Err(e));
            }
            if of(answers, s).1 == "HU" {
                let code = Act::Win.code(0);
                let situation = Situation {
                    self_drawn: false,
                    last_copy: self.game.visible_copies(tile) == 4,
                    kong: false,
                    wall_last: self.parts[(seat as usize + 1) % 4] == 0,
                };
                let code = offered(s, code).then_some(code);
                return Ok(Err(self.hu(s, tile, situation, code)));
            }
        }
        // Pong and kong, seats 0–3.
        for s in (0..4u8).filter(|&s| s != seat) {
            let claim = match Answer::read(of(answers, s).1) {
                Answer::Pass | Answer::OtherThree | Answer::Chi(..) => continue,
                Answer::Gang if offered(s, Act::Kong.code(0)) => (Act::Kong.code(0), None),
                Answer::Peng(t) if offered(s, Act::Pong.code(0)) => (Act::Pong.code(0), Some(t)),
                _ => return Ok(Err(wrong(s, "WA"))),
            };
            return self.claim(s, claim.0, claim.1, options);
        }
        // Chows, seats 0–3 (only the next seat's may hold).
        for s in (0..4u8).filter(|&s| s != seat) {
            let (middle, then) = match Answer::read(of(answers, s).1) {
                Answer::Chi(m, t) => (m, t),
                Answer::OtherThree => return Ok(Err(wrong(s, "WA"))),
                _ => continue,
            };
            let low = tiles::parse(middle)
                .filter(|_| s == (seat + 1) % 4)
                .and_then(|m| chow_low(m, tile));
            let Some(code) = low.map(|l| Act::Chow.code(l)).filter(|&c| offered(s, c)) else {
                return Ok(Err(wrong(s, "WA")));
            };
            return self.claim(s, code, Some(then), options);
        }
        self.pass_all(options)?;
        Ok(Ok(()))
    }

    /// `s` claims with `code` (the others pass), then discards `then` if it names one.
    fn claim(
        &mut self,
        s: u8,
        code: ActionCode,
        then: Option<&str>,
        options: &[Vec<ActionCode>; 4],
    ) -> Result<Checked> {
        self.game.step(s, code).map_err(|e| engine(&e))?;
        self.pass_all(options)?;
        if let Some(t) = then {
            let discard = tiles::parse(t).map(|t| Act::Discard.code(t));
            match discard.filter(|c| self.game.legal(s).contains(c)) {
                Some(c) => self.game.step(s, c).map_err(|e| engine(&e))?,
                None => return Ok(Err(wrong(s, "WA"))),
            }
        }
        Ok(Ok(()))
    }

    /// The answers to `seat`'s kong of `tile`, from the maker on: passes, or a robbing
    /// `HU` from another seat on a 补杠.
    pub(super) fn kong_answers(
        &mut self,
        answers: &Answers,
        seat: u8,
        tile: u8,
        added: bool,
        options: &[Vec<ActionCode>; 4],
    ) -> Result<Checked> {
        for i in 0..4 {
            let s = (seat + i) % 4;
            if let Err(e) = verdict(answers, s) {
                return Ok(Err(e));
            }
            match of(answers, s).1 {
                "PASS" => {}
                "HU" if added && s != seat => {
                    let code = Act::Win.code(0);
                    let situation = Situation {
                        self_drawn: false,
                        last_copy: false,
                        kong: true,
                        wall_last: self.parts[(seat as usize + 1) % 4] == 0,
                    };
                    let code = options[s as usize].contains(&code).then_some(code);
                    return Ok(Err(self.hu(s, tile, situation, code)));
                }
                _ => return Ok(Err(wrong(s, "WA"))),
            }
        }
        self.pass_all(options)?;
        Ok(Ok(()))
    }
}

/// The lowest tile of the chow with middle `middle` that takes the discard `tile`, as the
/// official judge reads `CHI m`: `m` suited, of the discard's suit, within one of it, and
/// not a terminal (no run is centred on one). `None` makes the answer WA.
fn chow_low(middle: u8, tile: u8) -> Option<u8> {
    let (suit, rank) = tiles::suited(middle)?;
    let (tsuit, trank) = tiles::suited(tile)?;
    (suit == tsuit && rank.abs_diff(trank) <= 1 && (2..=8).contains(&rank)).then(|| middle - 1)
}

#[cfg(test)]
mod tests {
    use super::chow_low;

    #[test]
    fn a_chows_middle_is_read_as_the_judge_reads_it() {
        // (middle, discard, lowest tile or None)
        let cases = [
            (1, 0, Some(0)), // W2 on W1: W1 W2 W3
            (1, 2, Some(0)), // W2 on W3
            (2, 0, None),    // W3 on W1: two apart
            (0, 0, None),    // W1: no run centred on a terminal
            (8, 8, None),    // W9
            (10, 1, None),   // B2 on W2: another suit
            (27, 27, None),  // F1: honors never chow
        ];
        for (m, t, want) in cases {
            assert_eq!(chow_low(m, t), want, "middle {m} on {t}");
        }
    }
}
