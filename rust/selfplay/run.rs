//! A self-play run: which hands it plays (by index, so that any split of the indices over
//! threads, processes or machines plays the same hands), and what it keeps of each.

use super::hand_start::HandStart;
use super::log::event_log_json;
use super::match_driver::Length;
use super::schedule::Schedule;
use crate::bots::{Bot, Player};
use crate::error::{Error, Result};
use crate::game::{GameCore, HandResult, WinKind};
use crate::profiles::Rules;

/// What a run plays: `bots[s]` in seat `s`, its units in the order of a [`Schedule`]: unit
/// `i` seeded `hand_seed(seed, i)`. A unit is a hand dealt by seat `i % 4`, a whole match
/// (`length`; first dealt where the profile says, as `koudiandian.Match` is), or under
/// `duplicate` one wall dealt by seat `i % 4` and played four times with the bots rotated:
/// in rotation `r` the bot listed for seat `b` sits in seat `(b + r) % 4`. Where the rules
/// fix the dealer (seat 0 under `botzone`) that seat deals every hand and wall.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    pub rules: Rules,
    pub bots: [Bot; 4],
    pub seed: u64,
    pub length: Option<Length>,
    pub duplicate: bool,
    /// Keep every hand's log as a JSON line.
    pub log: bool,
}

/// What a run keeps of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    /// The (first) winner, −1 for a hand nobody won.
    pub winner: i8,
    /// The first win's kind: 0 none, 1 self-draw, 2 on a discard, 3 a robbed kong.
    pub kind: u8,
    /// Σ over the hand's wins of each win's headline value (the first of
    /// [`crate::profiles::Profile::win_value`]; a negative one counts 0).
    pub value: u64,
    pub deltas: [i32; 4],
    /// The seat whose discard (or kong) the first win was on, −1 otherwise.
    pub discarder: i8,
    /// The duplicate rotation the hand was played in (0 otherwise).
    pub rotation: u8,
    /// Every seat that won (bit `s` for seat `s`), at one moment or at several.
    pub won: u8,
    /// Every seat whose discard (or robbed kong) a win was on (bit `s` for seat `s`).
    pub dealt_in: u8,
    /// How many of the hand's wins were self-draws, on a discard, on a robbed kong.
    pub win_kinds: [u8; 3],
}

/// The code of a win's kind in a [`Record`] (1 self-draw, 2 on a discard, 3 a robbed kong).
const fn kind_code(kind: WinKind) -> u8 {
    match kind {
        WinKind::SelfDraw => 1,
        WinKind::Discard => 2,
        WinKind::RobbedKong => 3,
    }
}

impl Record {
    #[must_use]
    pub fn of(result: &HandResult, rotation: u8) -> Record {
        let seat = |s: Option<u8>| s.map_or(-1, |s| s as i8);
        let (mut won, mut dealt_in, mut win_kinds) = (0u8, 0u8, [0u8; 3]);
        for w in &result.wins {
            won |= 1 << w.seat;
            if let Some(d) = w.discarder {
                dealt_in |= 1 << d;
            }
            win_kinds[usize::from(kind_code(w.kind) - 1)] += 1;
        }
        Record {
            winner: seat(result.winner),
            kind: result.win_kind.map_or(0, kind_code),
            value: result
                .wins
                .iter()
                .filter_map(|w| w.value.first())
                .map(|v| u64::try_from(v.value).unwrap_or(0))
                .sum(),
            deltas: result.deltas,
            discarder: seat(result.discarder),
            rotation,
            won,
            dealt_in,
            win_kinds,
        }
    }
}

/// The records of a range of units, in order: every hand's record (and log line), and each
/// match's ranking (seats from highest to lowest score, ties to the lower seat).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Played {
    pub records: Vec<Record>,
    pub rankings: Vec<[u8; 4]>,
    pub logs: Vec<String>,
}

impl Played {
    fn extend(&mut self, other: Played) {
        self.records.extend(other.records);
        self.rankings.extend(other.rankings);
        self.logs.extend(other.logs);
    }

    /// Keep `game`, the finished `hand`, and, when `head` gives its log line's head, its
    /// log line.
    pub fn keep(&mut self, game: &GameCore, hand: &HandStart, head: Option<String>) {
        if let Some(r) = game.result() {
            self.records.push(Record::of(r, hand.rotation));
        }
        if let Some(head) = head {
            self.logs.push(format!(
                "{{{head},\"events\":{}}}",
                event_log_json(game.events())
            ));
        }
    }
}

/// The players of `hand`: seat `s` gets the listed bot `bots[hand.seating[s]]`, seeded
/// [`HandStart::bot_seed`].
fn players(bots: &[Bot; 4], hand: &HandStart) -> [Player; 4] {
    std::array::from_fn(|s| Player::new(bots[hand.seating[s] as usize], hand.bot_seed(s as u8)))
}

/// Play `game` to its end, always asking the first seat of `to_act`. A built-in bot
/// chooses among the legal actions, so its choice is not checked again.
fn finish(game: &mut GameCore, players: &mut [Player; 4]) {
    while let Some(seat) = game.first_to_act() {
        let action = players[seat as usize].act(game, seat);
        game.step_legal(seat, action);
    }
}

impl Plan {
    /// Play `hand` in the state `table` keeps between the hands of a range (dealt anew, its
    /// buffers reused; after the range's first hand, its events logged only when the plan
    /// keeps logs).
    fn hand<'t>(&self, table: &'t mut Option<GameCore>, hand: &HandStart) -> Result<&'t GameCore> {
        let game = match table {
            Some(game) => {
                game.redeal(self.rules, hand.dealer, hand.seed, hand.scores, self.log)?;
                game
            }
            // The first hand logs its events whether kept or not.
            None => table.insert(GameCore::seeded(
                self.rules,
                hand.dealer,
                hand.seed,
                hand.scores,
            )?),
        };
        if hand.prevalent_wind != 0 {
            game.set_prevalent_wind(hand.prevalent_wind)?;
        }
        finish(game, &mut players(&self.bots, hand));
        Ok(game)
    }

    /// Play units `start..stop` in order on this thread.
    ///
    /// # Errors
    /// As [`GameCore::seeded`] (never, for a valid plan).
    pub fn play_range(&self, start: u64, stop: u64) -> Result<Played> {
        let (mut out, mut table) = (Played::default(), None);
        let mut schedule = Schedule::new(
            &self.rules,
            self.seed,
            self.length,
            self.duplicate,
            start,
            stop,
        );
        let names = self.bots.map(Bot::name);
        while let Some(hand) = schedule.next_hand() {
            let game = self.hand(&mut table, &hand)?;
            let head = self.log.then(|| schedule.log_head(&hand, &names));
            out.keep(game, &hand, head);
            if let Some(ranking) = schedule.finish(game)? {
                out.rankings.push(ranking);
            }
        }
        Ok(out)
    }
}

/// Play units `start..stop` of `plan` on `threads` threads (contiguous shares, joined in
/// order): the same records as one thread.
///
/// # Errors
/// As [`Plan::play_range`].
pub fn play(plan: &Plan, start: u64, stop: u64, threads: usize) -> Result<Played> {
    let n = stop.saturating_sub(start);
    let threads = (threads.max(1) as u64).min(n.max(1));
    if threads == 1 {
        return plan.play_range(start, stop);
    }
    let share = n.div_ceil(threads);
    let parts: Vec<Result<Played>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let a = start + t * share;
                let b = (a + share).min(stop);
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || plan.play_range(a, b))
                    .map_err(|e| Error::Argument(format!("cannot start self-play thread {t}: {e}")))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h?.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut out = Played::default();
    for part in parts {
        out.extend(part?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every profile's hands played to the end by both bots, on one thread and on three:
    /// the same records. In a debug build this also runs the engine's own checks (that a
    /// built-in bot's action is legal, no arithmetic overflow).
    #[test]
    fn every_profile_plays_alike_on_any_threads() {
        for profile in ["taiyuan", "queyimen", "hebei", "changsha"] {
            for bot in [Bot::Random, Bot::Greedy] {
                let plan = Plan {
                    rules: Rules::parse(profile).expect("a preset"),
                    bots: [bot; 4],
                    seed: 7,
                    length: None,
                    duplicate: false,
                    log: false,
                };
                let one = play(&plan, 0, 30, 1).expect("plays");
                assert_eq!(one.records.len(), 30, "{profile} {bot:?}");
                assert_eq!(
                    one,
                    play(&plan, 0, 30, 3).expect("plays"),
                    "{profile} {bot:?}"
                );
                // Random play seldom declares; the greedy bots win hands.
                assert!(
                    bot == Bot::Random || one.records.iter().any(|r| r.winner >= 0),
                    "{profile} {bot:?}: no hand won"
                );
            }
        }
    }

    /// More threads than whole shares (a thread's range may be empty), matches on threads,
    /// and an empty range.
    #[test]
    fn uneven_shares_play_what_one_thread_plays() {
        for length in [None, Some(Length::Hands(2)), Some(Length::OneRound)] {
            let plan = Plan {
                rules: Rules::parse("hebei").expect("a preset"),
                bots: [Bot::Random, Bot::Greedy, Bot::Random, Bot::Greedy],
                seed: 3,
                length,
                duplicate: false,
                log: true,
            };
            let one = play(&plan, 0, 5, 1).expect("plays");
            assert_eq!(one, play(&plan, 0, 5, 4).expect("plays"), "{length:?}");
            assert_eq!(one.rankings.len(), if length.is_some() { 5 } else { 0 });
            assert_eq!(plan.play_range(6, 5).expect("plays"), Played::default());
        }
    }
}
