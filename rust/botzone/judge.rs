//! The judge's turn machine: one output a turn, the bots' answers to it checked in the
//! official judge's order, the engine stepped with what they decide, and the next output
//! read from the engine's events. The rules are the engine's (`GameCore` under preset
//! `botzone`): what is legal, what a win or a verdict scores. The judge owns the protocol:
//! the turns (INIT, DEAL, BUHUA as a turn, the kong notice), the order of checks
//! (`checks.rs`), the requests and the display.

use serde_json::Value;

use super::display::Calculated;
use super::input::{InitData, InputError, Result};
use super::output::{self, Display};
use super::request::{self, DiscardAfter};
use super::tiles;
use crate::game::{dealt_from_part, ActionCode, Event, GameCore, Phase};
use crate::outcome::{HandEnd, Verdict};
use crate::profiles::Rules;
use crate::tiles::is_flower;

/// The prevalent winds as option `quan` names them.
const WINDS: [&str; 4] = ["east", "south", "west", "north"];

/// What the last output waits for the answers to.
#[derive(Debug, Clone)]
pub(super) enum Stage {
    Init,
    Deal,
    /// `seat` drew `tile` (`kong`: its kong's replacement, no flower between).
    Draw {
        seat: u8,
        tile: u8,
        kong: bool,
    },
    /// A flower was set aside: every seat passes.
    Flower,
    /// `seat` discarded `tile`; `options` each seat's claims the engine offers (all empty
    /// when it asked nobody).
    Discard {
        seat: u8,
        tile: u8,
        options: [Vec<ActionCode>; 4],
    },
    /// `seat` made a kong of `tile` (`added`: a 补杠, which `options` may rob).
    Kong {
        seat: u8,
        tile: u8,
        added: bool,
        options: [Vec<ActionCode>; 4],
    },
    Over,
}

/// How the answers end the game.
#[derive(Debug, Clone)]
pub(super) enum Ending {
    /// A verdict against `seat` (a platform's, `WA` or `WH`), with a wrong win's fans.
    Verdict {
        seat: u8,
        name: String,
        calc: Option<Calculated>,
    },
    /// `seat` wins with `code` (any other seat still asked passes).
    Win {
        seat: u8,
        code: ActionCode,
        calc: Calculated,
    },
}

/// The deal as the judge shows it: each seat's tiles taken from its part (flowers too), the
/// 13 tiles it holds, its flowers, in the order taken.
#[derive(Debug, Clone, Default)]
struct Dealt {
    taken: [Vec<u8>; 4],
    tiles: [Vec<u8>; 4],
    flowers: [Vec<u8>; 4],
}

/// The deal of `wall` cut in four parts, as the engine deals it (each seat taking from its
/// part's end until it holds 13 tiles that are not flowers), split for the display.
/// Precondition: the engine accepted the wall under the botzone rules.
fn deal_of(wall: &[u8]) -> Dealt {
    let mut d = Dealt::default();
    for seat in 0..4u8 {
        let s = seat as usize;
        d.taken[s] = dealt_from_part(wall, seat);
        for &t in &d.taken[s] {
            if is_flower(t) {
                d.flowers[s].push(t);
            } else {
                d.tiles[s].push(t);
            }
        }
    }
    d
}

/// An engine error inside the judge: a bug, reported as bad input rather than a panic.
pub(super) fn engine(e: &crate::error::Error) -> InputError {
    InputError(format!(
        "the engine refused the judge's step: {}",
        e.message()
    ))
}

/// What an event means to the judge.
enum Seen {
    Skip,
    Flower(u8, u8),
    Draw(u8, u8),
    Claimed(DiscardAfter),
    Discard(u8, u8),
    Kong(u8, u8, bool),
}

fn seen(e: &Event) -> Seen {
    match *e {
        Event::Flower { seat, tile } => Seen::Flower(seat, tile),
        // A flower drawn is logged as drawn, then set aside: the judge shows the latter.
        Event::Draw { seat, tile, .. } if !is_flower(tile) => Seen::Draw(seat, tile),
        Event::Pong { .. } => Seen::Claimed(DiscardAfter::Pong),
        Event::Chow { tile, .. } => Seen::Claimed(DiscardAfter::Chow { middle: tile + 1 }),
        Event::Discard { seat, tile, .. } => Seen::Discard(seat, tile),
        Event::Kong { seat, tile, .. } | Event::ConcealedKong { seat, tile } => {
            Seen::Kong(seat, tile, false)
        }
        Event::AddedKong { seat, tile } => Seen::Kong(seat, tile, true),
        _ => Seen::Skip,
    }
}

/// Botzone's judge for one game.
#[derive(Clone)]
pub struct Judge {
    pub(super) game: GameCore,
    init: InitData,
    dealt: Dealt,
    pub(super) stage: Stage,
    /// Engine events read so far.
    pub(super) cursor: usize,
    /// Dealt flowers' events still to pass over.
    deal_flowers: usize,
    /// Tiles left in each part, as of the last output.
    pub(super) parts: [usize; 4],
    /// The next draw is a kong's replacement.
    after_kong: bool,
    /// The claim whose discard comes next.
    claim: Option<DiscardAfter>,
    /// Whether the outputs show `canHu` (each seat's calculator answer, as the official
    /// judge shows it); a check, which does not compare it, leaves it out.
    pub(super) can_hu: bool,
    /// Outputs made.
    pub(super) turn: usize,
    pub(super) output: Value,
}

impl Judge {
    /// A game set by `init`; its first output (INIT) is ready.
    ///
    /// # Errors
    /// A wall too short to deal.
    pub fn new(init: InitData) -> Result<Judge> {
        let flowers = init.wall.iter().any(|&t| is_flower(t));
        let text = format!(
            "botzone{},quan={}",
            if flowers { ",flowers" } else { "" },
            WINDS[init.quan as usize]
        );
        let rules = Rules::parse(&text).map_err(|e| engine(&e))?;
        let game = GameCore::new(rules, 0, init.wall.clone(), Vec::new(), [0; 4])
            .map_err(|e| InputError(format!("walltiles: {}", e.message())))?;
        Ok(Judge::judging(game, init))
    }

    /// The judge of `game`, a hand already dealt under the botzone rules that no seat has
    /// acted in yet: its wall (as given, cut in parts) and its prevalent wind are the
    /// game's setting (`srand` 0), and the judge plays that very game (its first output,
    /// INIT, is ready).
    ///
    /// # Errors
    /// A game not under the botzone rules (no wall in parts or no verdicts), one a seat
    /// has acted in, or one not dealt by seat 0.
    pub fn for_game(game: GameCore) -> Result<Judge> {
        let rules = game.rules();
        if !game.wall().has_parts() || rules.profile().verdict_scores(rules).is_none() {
            return Err(InputError(format!(
                "the judge plays a game under the botzone rules, not under {}",
                rules.describe()
            )));
        }
        let fresh = game.events().iter().all(|e| {
            matches!(
                e,
                Event::StartHand(_) | Event::Flower { .. } | Event::Draw { .. }
            )
        });
        let wall = match game.events().first() {
            Some(Event::StartHand(start)) if fresh && game.dealer() == 0 => start.wall.clone(),
            _ => {
                return Err(InputError(
                    "the judge takes a game just dealt by seat 0, before any seat has acted".into(),
                ))
            }
        };
        let init = InitData {
            quan: game.prevalent_wind(),
            srand: 0,
            // The length of the wall's text, as the game's log gives it (`to_json`).
            given_len: (3 * wall.len()).saturating_sub(1),
            wall,
        };
        Ok(Judge::judging(game, init))
    }

    /// The judge of `game`, dealt from `init`'s wall; its first output (INIT) is ready.
    fn judging(game: GameCore, init: InitData) -> Judge {
        let dealt = deal_of(&init.wall);
        let len = init.wall.len() / 4;
        let parts = std::array::from_fn(|s| len - dealt.taken[s].len());
        let deal_flowers = dealt.flowers.iter().map(Vec::len).sum();
        let mut judge = Judge {
            game,
            dealt,
            stage: Stage::Init,
            cursor: 0,
            deal_flowers,
            parts,
            after_kong: false,
            claim: None,
            can_hu: true,
            turn: 1,
            output: Value::Null,
            init,
        };
        judge.output = judge.init_output();
        judge
    }

    /// The current output.
    #[must_use]
    pub fn output(&self) -> &Value {
        &self.output
    }

    /// Leave `canHu` out of the outputs from now on (it costs a fan count per seat a turn).
    pub fn without_can_hu(&mut self) {
        self.can_hu = false;
        if let Some(d) = self
            .output
            .get_mut("display")
            .and_then(Value::as_object_mut)
        {
            d.remove("canHu");
        }
    }

    /// Outputs made so far (1 on INIT).
    #[must_use]
    pub fn turn(&self) -> usize {
        self.turn
    }

    /// Whether the game is over (the output is a `finish`).
    #[must_use]
    pub fn finished(&self) -> bool {
        matches!(self.stage, Stage::Over)
    }

    /// The game's setting.
    #[must_use]
    pub fn init(&self) -> &InitData {
        &self.init
    }

    /// The engine's game.
    #[must_use]
    pub fn game(&self) -> &GameCore {
        &self.game
    }

    fn init_output(&self) -> Value {
        let quan = self.init.quan;
        let content = std::array::from_fn(|s| request::init(s as u8, quan));
        let mut d = output::display("INIT", None);
        self.no_can_hu(&mut d);
        d.insert("quan".into(), quan.into());
        d.insert("srand".into(), self.init.srand.into());
        d.insert("strlen".into(), self.init.given_len.into());
        let mut out = output::request(content, d);
        out["initdata"] = self.init.to_json();
        out
    }

    pub(super) fn deal_output(&mut self) -> Value {
        self.stage = Stage::Deal;
        let d = &self.dealt;
        let content = std::array::from_fn(|s| request::deal(&d.flowers, &d.tiles[s]));
        let hand: Vec<Vec<&str>> = d
            .taken
            .iter()
            .map(|t| t.iter().map(|&x| tiles::name(x)).collect())
            .collect();
        let mut display = output::display("DEAL", None);
        self.no_can_hu(&mut display);
        display.insert("hand".into(), serde_json::json!(hand));
        self.request(content, display)
    }

    /// A request, with each part's tiles left.
    fn request(&self, content: [String; 4], mut display: Display) -> Value {
        display.insert("tileCnt".into(), serde_json::json!(self.parts));
        output::request(content, display)
    }

    /// The next output from the engine's events since the last.
    pub(super) fn next_output(&mut self) -> Result<Value> {
        while let Some(event) = self.game.events().get(self.cursor) {
            let what = seen(event);
            self.cursor += 1;
            match what {
                Seen::Skip => {}
                Seen::Flower(..) if self.deal_flowers > 0 => self.deal_flowers -= 1,
                Seen::Flower(seat, tile) => {
                    self.parts[seat as usize] -= 1;
                    self.after_kong = false;
                    self.stage = Stage::Flower;
                    let mut d = output::display("BUHUA", Some(seat));
                    output::put_tile(&mut d, "tile", tile);
                    self.no_can_hu(&mut d);
                    return Ok(self.request(output::to_all(&request::flower(seat, tile)), d));
                }
                Seen::Draw(seat, tile) => {
                    self.parts[seat as usize] -= 1;
                    let kong = std::mem::take(&mut self.after_kong);
                    self.stage = Stage::Draw { seat, tile, kong };
                    let content = std::array::from_fn(|s| {
                        if s as u8 == seat {
                            request::drawn(tile)
                        } else {
                            request::other_drew(seat)
                        }
                    });
                    let mut d = output::display("DRAW", Some(seat));
                    output::put_tile(&mut d, "tile", tile);
                    let values =
                        self.can_hu_of(|s| s == seat, tile, self.draw_situation(seat, tile, kong));
                    self.put_can_hu(&mut d, values);
                    return Ok(self.request(content, d));
                }
                Seen::Claimed(after) => self.claim = Some(after),
                Seen::Discard(seat, tile) => {
                    let after = self.claim.take().unwrap_or(DiscardAfter::Draw);
                    let options = self.options(Phase::Claim);
                    self.stage = Stage::Discard {
                        seat,
                        tile,
                        options,
                    };
                    let mut d = output::display(after.action(), Some(seat));
                    output::put_tile(&mut d, "tile", tile);
                    if let DiscardAfter::Chow { middle } = after {
                        output::put_tile(&mut d, "tileCHI", middle);
                    }
                    let values = self.can_hu_of(|_| true, tile, self.discard_situation(seat, tile));
                    self.put_can_hu(&mut d, values);
                    let text = request::discard(seat, after, tile);
                    return Ok(self.request(output::to_all(&text), d));
                }
                Seen::Kong(seat, tile, added) => {
                    self.after_kong = true;
                    let options = if added {
                        self.options(Phase::Rob)
                    } else {
                        Default::default()
                    };
                    self.stage = Stage::Kong {
                        seat,
                        tile,
                        added,
                        options,
                    };
                    let mut d = output::display(if added { "BUGANG" } else { "GANG" }, Some(seat));
                    output::put_tile(&mut d, "tile", tile);
                    if added {
                        let values =
                            self.can_hu_of(|s| s != seat, tile, self.robbing_situation(seat));
                        self.put_can_hu(&mut d, values);
                    } else {
                        self.no_can_hu(&mut d);
                    }
                    let text = request::kong(seat, added.then_some(tile));
                    return Ok(self.request(output::to_all(&text), d));
                }
            }
        }
        match self.game.result().map(|r| r.end) {
            Some(HandEnd::Exhausted) => {
                self.stage = Stage::Over;
                let mut d = output::display("HUANG", None);
                self.no_can_hu(&mut d);
                d.insert("tileCnt".into(), serde_json::json!(self.parts));
                Ok(output::finish([0; 4], d, false))
            }
            _ => Err(InputError(format!(
                "the engine waits for a decision the judge does not know (phase {:?})",
                self.game.phase()
            ))),
        }
    }

    /// Each seat's claims on the tile just offered, when the engine waits for them (`phase`
    /// and no event after it); none when it asked nobody and went on.
    fn options(&mut self, phase: Phase) -> [Vec<ActionCode>; 4] {
        if self.cursor == self.game.events().len() && self.game.phase() == phase {
            std::array::from_fn(|s| self.game.legal(s as u8).to_vec())
        } else {
            Default::default()
        }
    }

    /// The final output of `ending`, the engine ended with it (a verdict the engine does not
    /// name, as a platform may write any, ends it as `RE`; the display shows it as given).
    pub(super) fn end(&mut self, ending: Ending) -> Result<Value> {
        self.stage = Stage::Over;
        let d = match ending {
            Ending::Verdict { seat, name, calc } => {
                let mut d = output::display(&name, Some(seat));
                self.no_can_hu(&mut d);
                if let Some(c) = &calc {
                    output::put_fans(&mut d, c);
                }
                let verdict = Verdict::parse(&name).unwrap_or(Verdict::RE);
                self.game
                    .end_by_verdict(seat, verdict)
                    .map_err(|e| engine(&e))?;
                d
            }
            Ending::Win { seat, code, calc } => {
                self.game.step(seat, code).map_err(|e| engine(&e))?;
                self.pass_all(&std::array::from_fn(|s| {
                    if s == seat as usize {
                        Vec::new()
                    } else {
                        vec![crate::game::Act::Pass.code(0)]
                    }
                }))?;
                let mut d = output::display("HU", Some(seat));
                self.no_can_hu(&mut d);
                output::put_fans(&mut d, &calc);
                d
            }
        };
        let scores = self.game.result().map_or([0; 4], |r| r.deltas);
        Ok(output::finish(scores, d, true))
    }

    /// Every seat of `options` still asked about the tile offered passes (none once the
    /// claims are resolved).
    pub(super) fn pass_all(&mut self, options: &[Vec<ActionCode>; 4]) -> Result<()> {
        let pass = crate::game::Act::Pass.code(0);
        for s in 0..4u8 {
            let asked = matches!(self.game.phase(), Phase::Claim | Phase::Rob);
            if asked && !options[s as usize].is_empty() && self.game.is_to_act(s) {
                self.game.step(s, pass).map_err(|e| engine(&e))?;
            }
        }
        Ok(())
    }
}
