//! The profile seam: what differs between rule systems, asked of a [`Profile`], and what the
//! state machine reads of the rules on every step ([`TurnRules`], [`WallRules`]).

use super::options::{OptionSpec, Preset, Rules};
use crate::error::Result;
use crate::eval::waits::Waits;
use crate::eval::EvalRules;
use crate::hand::{Hand, MeldKind};
use crate::outcome::{
    Bird, HandEnd, HandResult, KongRecord, MeldRecord, Outcome, ScoreItem, Transfer, WinContext,
    WinScore, WinValue,
};
use crate::tiles::{held_kinds, Counts, KindMask, ALL_KINDS};

/// What the state machine needs of the rules on every step, compiled once per hand.
#[derive(Debug, Clone, Copy, Default)]
pub struct TurnRules {
    pub eval: EvalRules,
    /// A seat must declare ready (报听) before it can win; a declared hand is locked.
    pub declare_to_win: bool,
    /// A declared seat's kong may not change its winning tiles (改变听口不能杠).
    pub kong_keeps_waits: bool,
    /// A seat that can win wins without being asked (有胡必胡).
    pub must_win: bool,
    /// An added kong given up by choosing pong is offered again (可缓杠).
    pub delayed_kong: bool,
    /// Other seats may win on an added kong (抢杠).
    pub rob_added_kong: bool,
    /// Passing a win on a discard or robbed kong leaves only self-draw for the rest of the
    /// hand (过胡).
    pub pass_forfeits_discard_wins: bool,
    /// The seat after a discarder may chow it (吃).
    pub chow: bool,
    /// Every seat that wins on a discard wins (一炮多响), not only the nearest.
    pub several_winners: bool,
    /// Each seat bids 0–3 跑 before the deal.
    pub bids: bool,
    /// A kong may be made with dice (杠) when the hand is ready after it; the seat is locked.
    pub dice_kongs: bool,
    /// Seats declare opening small wins (起手小胡) at their first turn.
    pub opening_wins: bool,
    /// The wall's last tile (海底) is offered seat by seat; its discard may only be won on.
    pub haidi: bool,
    /// Passing a win on a tile bars winning on that kind from a discard until the seat
    /// draws (漏胡).
    pub pass_blocks_tile: bool,
    /// A bird (扎鸟) is turned after a win.
    pub bird: bool,
    /// Once the wall's last tile is drawn, no kong is made and the last discard may only be
    /// won on (no chow, pong or kong of it); a win on it is 海底 (`special::LAST_DISCARD`).
    pub last_tile_closes: bool,
    /// A win on a discard or a robbed kong is offered only where the profile's
    /// [`Profile::score`] allows it (`WinScore::allowed`), as a self-draw is: a minimum the
    /// hand must reach with the moment's context (guobiao's 8 fans).
    pub discard_wins_scored: bool,
    /// The hand ends once this many seats have won (several on one discard count each);
    /// until then a winner leaves the hand and the others play on. 0 is read as 1.
    pub wins_to_end: u8,
    /// Every kong and every win is paid when it is made ([`Profile::pay`]); the settlement
    /// at the end adds only what the end decides.
    pub pay_as_played: bool,
    /// Before play, each seat passes this many tiles, picked one decision at a time
    /// ([`Profile::exchange_picks`]), to the seat `exchange_shift` places on; 0: none.
    pub exchange: u8,
    /// Seat `s` passes its exchanged tiles to seat `(s + exchange_shift) % 4`.
    pub exchange_shift: u8,
    /// Before play (after any exchange), each seat declares one suit void (定缺).
    pub void_suit: bool,
    /// The void suit binds (定缺): a seat holding a tile of it may discard only those; its
    /// tiles are never ponged or konged; a hand holding one cannot win.
    pub void_binds: bool,
    /// Passing a win on another seat's tile (a discard, a robbable kong) bars every win on
    /// another seat's tile until the seat next draws (过胡); self-draw stays allowed.
    pub pass_blocks_all: bool,
}

impl TurnRules {
    /// How many seats win before the hand ends (at least one).
    #[inline]
    #[must_use]
    pub fn wins_to_end(&self) -> u8 {
        self.wins_to_end.max(1)
    }
}

/// The tiles in play and how a hand's wildcard kinds are chosen.
///
/// Its [`Default`] is [`Profile::wall`]'s: all 136 tiles, no wildcards, no flowers, no
/// indicator, no stacks, no dice; a profile states what it changes and ends in
/// `..WallRules::default()`.
#[derive(Debug, Clone, Copy)]
pub struct WallRules {
    /// Kinds in play, four tiles each.
    pub kinds: KindMask,
    /// How many wildcard kinds a hand has.
    pub wildcards: usize,
    /// The kinds they are drawn from.
    pub wildcard_pool: KindMask,
    /// The eight flowers (34–41) are in the wall; a seat sets them aside and draws again.
    pub flowers: bool,
    /// The wildcard kind follows an indicator tile turned after the deal
    /// ([`Profile::wildcard_of_indicator`]); `wildcards` is then 0.
    pub indicator: bool,
    /// The wall is stacks of two (墩): a replacement takes the last stack's top tile, then
    /// its bottom (else the last tile, then the one before it).
    pub stacks: bool,
    /// Dice rolled for each hand (seeded games; explicit games are given theirs).
    pub dice: usize,
    /// The exchange's direction is drawn for each hand after the dice (seeded games; an
    /// explicit game is given it): next, previous or opposite (`TurnRules::exchange_shift`
    /// is then unused).
    pub exchange_direction: bool,
    /// Botzone's wall, in four parts: the wall is cut, in order, into four parts of ⌊n/4⌋
    /// tiles (the tiles past 4⌊n/4⌋ are out of play), and seat `i` takes every tile (its
    /// deal, draws and replacements) from the end of part `i`. An empty own part ends the
    /// hand drawn; claims and the wall's last moments look at the parts (docs/rules.md).
    pub parts: bool,
}

impl Default for WallRules {
    fn default() -> Self {
        WallRules {
            kinds: ALL_KINDS,
            wildcards: 0,
            wildcard_pool: 0,
            flowers: false,
            indicator: false,
            stacks: false,
            dice: 0,
            exchange_direction: false,
            parts: false,
        }
    }
}

/// What is paid for at the moment it happens, under `TurnRules::pay_as_played`.
#[derive(Debug, Clone, Copy)]
pub enum PayMoment<'a> {
    /// A kong, once made (an added kong once nobody robbed it).
    Kong(&'a KongRecord),
    /// The wins of one moment (several on one discard).
    Wins(&'a [Outcome]),
}

/// What a payment during the hand looks at ([`Profile::pay`]).
#[derive(Debug, Clone, Copy)]
pub struct PayContext<'a> {
    pub moment: PayMoment<'a>,
    pub dealer: u8,
    /// The seats still in the hand before the moment (a seat that wins at it is still in).
    pub in_hand: [bool; 4],
    /// The hand's transfers so far.
    pub ledger: &'a [Transfer],
    /// Every kong made so far, in order.
    pub kongs: &'a [KongRecord],
    /// The index in the hand's log of the event that began the turn of the seat on turn (its
    /// draw from the front of the wall, or its claim): the kongs of that turn come after it.
    pub turn_began: u32,
}

/// What a kong made costs where kongs are paid when made (刮风下雨): a direct kong, paid by
/// the seat whose discard it took; an added kong and a concealed kong, paid by each other
/// seat still in.
#[derive(Debug, Clone, Copy)]
pub struct KongPrices {
    pub direct: i32,
    pub added: i32,
    pub concealed: i32,
}

impl PayContext<'_> {
    /// Each seat still in, other than `seat`.
    pub fn others_in(&self, seat: u8) -> impl Iterator<Item = u8> {
        let in_hand = self.in_hand;
        (0..4u8).filter(move |&s| s != seat && in_hand[s as usize])
    }

    /// The payments of `kong` at `prices`, into `out` (reasons `kong`, `added_kong`,
    /// `concealed_kong`).
    pub fn pay_kong(&self, kong: &KongRecord, prices: KongPrices, out: &mut Vec<Transfer>) {
        match (kong.kind, kong.feeder) {
            (MeldKind::Kong, Some(feeder)) => {
                out.push(Transfer::new(
                    feeder,
                    kong.seat,
                    prices.direct,
                    "kong",
                    None,
                ));
            }
            (kind, _) => {
                let (amount, reason) = if kind == MeldKind::ConcealedKong {
                    (prices.concealed, "concealed_kong")
                } else {
                    (prices.added, "added_kong")
                };
                for payer in self.others_in(kong.seat) {
                    out.push(Transfer::new(payer, kong.seat, amount, reason, None));
                }
            }
        }
    }
}

/// What a hand's settlement looks at.
#[derive(Debug, Clone, Copy)]
pub struct HandSummary<'a> {
    pub dealer: u8,
    /// Each win, the one that counts for the deal first; empty for a drawn hand.
    pub outcomes: &'a [Outcome],
    pub kongs: &'a [KongRecord],
    /// Each seat's 跑 bid (0 without bids).
    pub bids: [u8; 4],
    /// The bird turned after a win.
    pub bird: Option<Bird>,
    /// How many opening small wins each seat declared.
    pub opening: [u8; 4],
    /// The transfers made during the hand (`TurnRules::pay_as_played`), in order.
    pub ledger: &'a [Transfer],
    /// The seats still in the hand at its end.
    pub in_hand: [bool; 4],
    /// How the hand ended.
    pub end: HandEnd,
    /// Each seat's void suit (0 m, 1 p, 2 s) where it declared one.
    pub voids: [Option<u8>; 4],
    /// Each seat's concealed tiles at the end.
    pub hands: [&'a Counts; 4],
    /// Each seat's melds at the end.
    pub melds: [&'a [MeldRecord]; 4],
}

/// No tiles: the hands of a [`HandSummary::of_wins`].
static NO_TILES: Counts = [0; crate::tiles::KINDS];

impl HandSummary<'_> {
    /// Whether seat `seat` holds a tile of the void suit it declared among its concealed
    /// tiles (花猪). Precondition: `seat < 4`.
    #[must_use]
    pub fn holds_void(&self, seat: usize) -> bool {
        self.voids[seat].is_some_and(|suit| {
            held_kinds(self.hands[seat]) & crate::eval::suits::kinds_of_suit(suit.into()) != 0
        })
    }
}

impl<'a> HandSummary<'a> {
    /// The summary of a hand dealt by `dealer`, ended by `outcomes` (none: at the wall's
    /// end) after `kongs`, and nothing else: no bids, bird, opening wins, payments during
    /// the hand, void suits or tiles; every seat in. For a win's settlement on its own
    /// (`score_win`'s) and for tests.
    #[must_use]
    pub fn of_wins(dealer: u8, outcomes: &'a [Outcome], kongs: &'a [KongRecord]) -> Self {
        HandSummary {
            dealer,
            outcomes,
            kongs,
            bids: [0; 4],
            bird: None,
            opening: [0; 4],
            ledger: &[],
            in_hand: [true; 4],
            end: if outcomes.is_empty() {
                HandEnd::Exhausted
            } else {
                HandEnd::Win
            },
            voids: [None; 4],
            hands: [&NO_TILES; 4],
            melds: [&[]; 4],
        }
    }
}

/// A rule system. Each method states the rule it decides; the engine asks, never assumes.
///
/// Only a name, a score and a settlement are required: the defaults are no options, no
/// presets, checks that pass, the evaluators' defaults (the standard forms), all 136 tiles
/// without wildcards, no optional mechanism, no declaration, wins on any discard, no score
/// items, no refusal in words, pattern factors of 1, and the winner (else the dealer) dealing
/// next.
pub trait Profile: Sync {
    /// The profile's name: `"taiyuan"`.
    fn name(&self) -> &'static str;
    /// Whether it is listed among the profiles and its presets among the presets (`true`);
    /// an unlisted profile (the test profile `tiny`) is still read by its name.
    fn listed(&self) -> bool {
        true
    }
    /// Its options, in the order a [`Rules`] stores their values.
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }
    /// Its named rule sets.
    fn presets(&self) -> &'static [Preset] {
        &[]
    }
    /// Refuse combinations of options that the rules forbid.
    ///
    /// # Errors
    /// `Error::Rules` naming the options.
    fn check(&self, _rules: &Rules) -> Result<()> {
        Ok(())
    }
    /// The options the shared evaluators read.
    fn eval(&self, _rules: &Rules) -> EvalRules {
        EvalRules::default()
    }
    /// The tiles in play and the wildcard rule.
    fn wall(&self, _rules: &Rules) -> WallRules {
        WallRules::default()
    }
    /// The profile's own name for its wildcard (耗子, 混), as its players call it; `None`
    /// for a profile that never plays with wildcards (the default).
    fn wildcard_term(&self) -> Option<&'static str> {
        None
    }
    /// The state machine's options.
    fn turn_rules(&self, rules: &Rules) -> TurnRules {
        TurnRules {
            eval: self.eval(rules),
            ..TurnRules::default()
        }
    }
    /// Whether a seat whose hand would wait on `waits` may declare ready (profiles with
    /// `TurnRules::declare_to_win`).
    fn declarable(&self, _rules: &Rules, _waits: &Waits) -> bool {
        false
    }
    /// What the tile kind `tile` is worth to a wait (Taiyuan's 点数), for profiles that value
    /// a win by its tile; `None` by default. Precondition: `tile` < 34.
    fn tile_points(&self, _rules: &Rules, _tile: u8) -> Option<u8> {
        None
    }
    /// What a self-drawn wildcard is worth to a hand that waits on `waits` (Taiyuan's
    /// max-point rule), for profiles that value a win by its tile; `None` by default.
    fn wildcard_points(&self, _rules: &Rules, _waits: &Waits) -> Option<u8> {
        None
    }
    /// Whether a win on another seat's discard (or robbed kong) of `tile` may be offered.
    fn discard_win_allowed(&self, _rules: &Rules, _tile: u8) -> bool {
        true
    }
    /// Score a complete hand won with `tile` as `context` says (self-draw, discard, robbed
    /// kong; a replacement or the last tile); its `allowed` says whether the win may happen.
    ///
    /// # Errors
    /// `Error::NotWinning` if the hand does not win.
    fn score(&self, rules: &Rules, hand: &Hand, tile: u8, context: WinContext) -> Result<WinScore>;
    /// The score of `hand` won with `tile` (as [`Profile::score`] gave it) as named items,
    /// in the order they apply.
    fn score_items(
        &self,
        _rules: &Rules,
        _hand: &Hand,
        _tile: u8,
        _score: &WinScore,
        _context: WinContext,
    ) -> Vec<ScoreItem> {
        Vec::new()
    }
    /// Whether the total of a win's score items (the base, then each item added or
    /// multiplied in order) is what one payer pays for the win, before the settlement's own
    /// changes for a dealer, a bird or a seat that pays others' shares (`true`, the
    /// default), or the items only name the win and the settlement prices it by its own
    /// table (`false`).
    fn score_items_are_payment(&self, _rules: &Rules) -> bool {
        true
    }
    /// [`Profile::score`] and [`Profile::score_items`] at once; a profile whose items come
    /// from the same work as its score overrides it to do that work once.
    ///
    /// # Errors
    /// As [`Profile::score`].
    fn score_with_items(
        &self,
        rules: &Rules,
        hand: &Hand,
        tile: u8,
        context: WinContext,
    ) -> Result<(WinScore, Vec<ScoreItem>)> {
        let score = self.score(rules, hand, tile, context)?;
        let items = self.score_items(rules, hand, tile, &score, context);
        Ok((score, items))
    }
    /// Why a win that [`Profile::score`] scored as not `allowed` may not happen, in words
    /// (`"a self-draw needs 5 points or more"`); `None` for an allowed win, and by default.
    fn refusal(
        &self,
        _rules: &Rules,
        _hand: &Hand,
        _tile: u8,
        _context: WinContext,
        _score: &WinScore,
    ) -> Option<String> {
        None
    }
    /// What the pattern of bit `bit` (see [`crate::outcome::PATTERNS`]) multiplies a win by
    /// where the rules apply pattern factors (Taiyuan: with `bonus_patterns` and no
    /// wildcards); 1 by default.
    fn pattern_factor(&self, _rules: &Rules, _bit: usize) -> u32 {
        1
    }
    /// Every payment of a finished hand not made during it (all of them unless
    /// `TurnRules::pay_as_played`). A transfer left without an `event` belongs to the
    /// `end_hand` event.
    fn settle(&self, rules: &Rules, hand: &HandSummary<'_>) -> Vec<Transfer>;
    /// The payments due at a moment of the hand (a kong made, a win), for profiles with
    /// `TurnRules::pay_as_played`; none by default. A transfer left without an `event`
    /// belongs to the moment's (the kong's, the first win's).
    fn pay(&self, _rules: &Rules, _moment: &PayContext<'_>) -> Vec<Transfer> {
        Vec::new()
    }
    /// A win's value in the profile's own words and numbers, its headline first (what a
    /// run's `mean_points` averages): by default the win's points, `"points"` (点数).
    fn win_value(&self, _rules: &Rules, outcome: &Outcome) -> Vec<WinValue> {
        vec![WinValue::new(
            "points",
            "点数",
            i64::from(outcome.points) * i64::from(outcome.factor),
        )]
    }
    /// The kinds a seat holding `hand` may pick next for the exchange before play, having
    /// picked `picked` (`TurnRules::exchange`): by default any kind it holds more often
    /// than it has picked it.
    fn exchange_picks(&self, _rules: &Rules, hand: &Counts, picked: &[u8]) -> KindMask {
        let mut mask: KindMask = 0;
        for (k, &n) in hand.iter().enumerate() {
            let taken = picked.iter().filter(|&&p| p as usize == k).count();
            if usize::from(n) > taken {
                mask |= 1 << k;
            }
        }
        mask
    }
    /// Who deals the next hand of a match; `one_round` when the match is 一圈.
    fn next_dealer(&self, _rules: &Rules, result: &HandResult, _one_round: bool) -> u8 {
        result.winner.unwrap_or(result.dealer)
    }
    /// The wildcard kind an indicator tile turns up (profiles whose [`WallRules`] have
    /// `indicator`).
    fn wildcard_of_indicator(&self, _rules: &Rules, _indicator: u8) -> Option<u8> {
        None
    }
    /// The opening small wins (起手小胡) of a seat's dealt tiles, by name (profiles with
    /// `TurnRules::opening_wins`).
    fn opening_wins(&self, _rules: &Rules, _dealt: &Counts) -> Vec<&'static str> {
        Vec::new()
    }
    /// Whether a match's first dealer is drawn from the seed unless given (else seat 0).
    fn random_first_dealer(&self, _rules: &Rules) -> bool {
        false
    }
    /// The prevalent wind (圈风: 0 东, 1 南, 2 西, 3 北) of a match's hand after `hands`
    /// hands settled; 0 (东) by default, for profiles that score no winds.
    fn prevalent_wind(&self, _rules: &Rules, _hands: u32) -> u8 {
        0
    }
    /// How many hands a match lasts when its length is not given; `None` (the default): one
    /// round (一圈, until the deal has passed four times).
    fn match_hands(&self, _rules: &Rules) -> Option<u32> {
        None
    }
    /// The seat that deals every hand where the rules fix it (a hand dealt by another is
    /// refused); `None` (the default): any seat may deal.
    fn fixed_dealer(&self, _rules: &Rules) -> Option<u8> {
        None
    }
    /// What a judge's verdict against a seat scores, `(the offender's, each other seat's)`,
    /// where the rules have verdicts ([`crate::game::GameCore::end_by_verdict`]); `None`
    /// (the default): no verdict ends a hand.
    fn verdict_scores(&self, _rules: &Rules) -> Option<(i32, i32)> {
        None
    }
    /// The options, by name, that a rules dict (a log's `start_hand`, `Rules.to_dict()`)
    /// leaves out while they are at their default: options added after logs were written,
    /// so that those logs and every seeded game's stay as they were. None by default.
    fn quiet_options(&self) -> &'static [&'static str] {
        &[]
    }
}
