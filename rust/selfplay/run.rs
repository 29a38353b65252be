//! A self-play run: which hands it plays (by index, so that any split of the indices over
//! threads, processes or machines plays the same hands), and what it keeps of each.

use super::log::event_log_json;
use crate::bots::{Bot, Player};
use crate::error::{Error, Result};
use crate::game::{GameCore, HandResult, WinKind};
use crate::profiles::Rules;

/// The seed of hand (or match) `index` of a run seeded with `seed`: SplitMix64's output for
/// `seed + (index + 1) · golden gamma` (mod 2^64), so that hands are independent. `index`
/// −1 seeds a match's random first dealer.
#[must_use]
pub const fn hand_seed(seed: u64, index: i64) -> u64 {
    let mut z =
        seed.wrapping_add((index.wrapping_add(1) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// How long a match lasts: a number of hands, or one round (一圈: until the deal has passed
/// four times to the dealer's 下家).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    Hands(u32),
    OneRound,
}

/// What a run plays: `bots[s]` in seat `s`, unit `i` of the run seeded `hand_seed(seed, i)`
/// and dealt (or its match first dealt) by seat `i % 4`. A unit is a hand, a whole match
/// (`length`), or under `duplicate` one wall played four times with the bots rotated: in
/// rotation `r` the bot listed for seat `b` sits in seat `(b + r) % 4`.
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
    /// The (first) winner, −1 for a drawn hand.
    pub winner: i8,
    /// 0 drawn, 1 self-draw, 2 on a discard, 3 a robbed kong.
    pub kind: u8,
    /// Σ points × factor over the hand's wins.
    pub value: u64,
    pub deltas: [i32; 4],
    /// The seat whose discard (or kong) was won on, −1 otherwise.
    pub discarder: i8,
    /// The duplicate rotation the hand was played in (0 otherwise).
    pub rotation: u8,
}

impl Record {
    #[must_use]
    pub fn of(result: &HandResult, rotation: u8) -> Record {
        let seat = |s: Option<u8>| s.map_or(-1, |s| s as i8);
        Record {
            winner: seat(result.winner),
            kind: match result.win_kind {
                None => 0,
                Some(WinKind::SelfDraw) => 1,
                Some(WinKind::Discard) => 2,
                Some(WinKind::RobbedKong) => 3,
            },
            value: result
                .wins
                .iter()
                .map(|w| u64::from(w.points) * u64::from(w.factor))
                .sum(),
            deltas: result.deltas,
            discarder: seat(result.discarder),
            rotation,
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
}

/// The players of a hand seeded `hseed`: seat `s` gets `bots[s]` seeded `hseed + s + 1`.
fn players(bots: [Bot; 4], hseed: u64) -> [Player; 4] {
    std::array::from_fn(|s| Player::new(bots[s], hseed.wrapping_add(s as u64 + 1)))
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
    /// Play a hand in the state `table` keeps between the hands of a range (dealt anew, its
    /// buffers reused; after the range's first hand, its events logged only when the plan
    /// keeps logs).
    fn hand<'t>(
        &self,
        table: &'t mut Option<GameCore>,
        hseed: u64,
        dealer: u8,
        scores: [i32; 4],
        bots: [Bot; 4],
    ) -> Result<&'t GameCore> {
        let game = match table {
            Some(game) => {
                game.redeal(self.rules, dealer, hseed, scores, self.log)?;
                game
            }
            // The first hand logs its events whether kept or not.
            None => table.insert(GameCore::seeded(self.rules, dealer, hseed, scores)?),
        };
        finish(game, &mut players(bots, hseed));
        Ok(game)
    }

    /// Keep `game`'s record and, when the plan keeps logs, its log line led by `head()`.
    fn keep(&self, out: &mut Played, game: &GameCore, rotation: u8, head: impl FnOnce() -> String) {
        if let Some(r) = game.result() {
            out.records.push(Record::of(r, rotation));
        }
        if self.log {
            out.logs.push(format!(
                "{{{},\"events\":{}}}",
                head(),
                event_log_json(game.events())
            ));
        }
    }

    /// Play unit `i` into `out`, its hands in `table`.
    fn unit(&self, i: u64, out: &mut Played, table: &mut Option<GameCore>) -> Result<()> {
        let seed = hand_seed(self.seed, i as i64);
        let dealer = (i % 4) as u8;
        if self.duplicate {
            for r in 0..4u8 {
                let bots = std::array::from_fn(|s| self.bots[(s + 4 - r as usize) % 4]);
                let game = self.hand(table, seed, dealer, [0; 4], bots)?;
                self.keep(out, game, r, || {
                    let names: Vec<String> =
                        bots.iter().map(|b| format!("\"{}\"", b.name())).collect();
                    format!(
                        "\"hand\":{i},\"rotation\":{r},\"seed\":{seed},\"bots\":[{}]",
                        names.join(",")
                    )
                });
            }
            return Ok(());
        }
        let Some(length) = self.length else {
            let game = self.hand(table, seed, dealer, [0; 4], self.bots)?;
            self.keep(out, game, 0, || format!("\"hand\":{i},\"seed\":{seed}"));
            return Ok(());
        };
        let (mut dealer, mut scores, mut passes) = (dealer, [0i32; 4], 0);
        for number in 0u32.. {
            let hseed = hand_seed(seed, i64::from(number));
            let game = self.hand(table, hseed, dealer, scores, self.bots)?;
            self.keep(out, game, 0, || format!("\"match\":{i},\"hand\":{number}"));
            let Some(result) = game.result() else { break };
            for s in 0..4 {
                scores[s] += result.deltas[s];
            }
            let next = game
                .next_dealer(length == Length::OneRound)
                .unwrap_or(dealer);
            if next == (dealer + 1) % 4 && next != dealer {
                passes += 1;
            }
            dealer = next;
            let done = match length {
                Length::OneRound => passes >= 4,
                Length::Hands(n) => number + 1 >= n,
            };
            if done {
                break;
            }
        }
        let mut ranking = [0u8, 1, 2, 3];
        ranking.sort_by_key(|&s| (-scores[s as usize], s));
        out.rankings.push(ranking);
        Ok(())
    }

    /// Play units `start..stop` in order on this thread.
    ///
    /// # Errors
    /// As [`GameCore::seeded`] (never, for a valid plan).
    pub fn play_range(&self, start: u64, stop: u64) -> Result<Played> {
        let (mut out, mut table) = (Played::default(), None);
        for i in start..stop {
            self.unit(i, &mut out, &mut table)?;
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
}
