"""The rule switches of the reference game, one set per profile, written from the rule
contracts (``RULES.md`` §2–§9, ``RULES-hebei.md``, ``RULES-changsha.md``,
``RULES-guobiao.md``) and not from the
engine: the reference never reads the engine's compiled profile or turn rules, only the
option values a preset was given (``Rules.to_dict()``), so that it stays an independent
check. :func:`switches_of` is the one place that knows which profile plays which way; the
state machine (``game.py``) asks the switches, never the profile's name.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from koudiandian.errors import InvalidArgumentError
from koudiandian.rules import Rules

__all__ = ["HebeiOptions", "SichuanOptions", "Switches", "switches_of"]


@dataclass(frozen=True, slots=True)
class Switches:
    """How one profile plays, as the reference game reads it.

    The wall: ``kinds`` in play (34, or the 27 suited kinds), the eight ``flowers`` (set aside
    when dealt or drawn, replaced from the back), an ``indicator`` turned after the deal that
    names the 混, replacements taken by ``stacks`` (the top of the last stack still holding a
    tile, else its bottom; without it the last tile of the wall) and ``dice`` rolled per hand
    (杠 with dice).

    The turn: ``bids`` (跑 before the deal); ``declare`` (a seat wins only once it has
    declared ready, 报听, and then discards what it draws); ``thresholds`` (RULES §4's
    minimum points); ``chow`` (the 下家 may chow); ``rob_kong`` (an added kong may be
    robbed); ``several_winners`` (every seat that claims a discard's win wins; else the
    first from the discarder's 下家 on); ``kong_needs_a_tile`` (no kong while the wall is
    empty); ``forfeit_kong_after_pong`` (过杠: a seat that pongs what it could have konged
    may not add to that pong); ``passing_a_win`` (``"free"``; ``"hand"``: no more wins on a
    discard or kong this hand, 过胡; ``"tile"``: not on that kind until the seat's next draw,
    漏胡); ``haidi`` (the last tile is offered, 海底); ``opening_wins`` (起手小胡);
    ``lacks_a_suit`` (缺一门: a hand wins only with a suit missing); ``pair_258`` (the
    2-5-8 pair and 大胡 of 长沙 instead of RULES §4's shapes); ``last_discard_won_only`` (the
    discard made once the wall is empty may only be won on); ``fan_minimum`` (a win is
    offered only with 8 fans of the outside calculator, 花牌 not counted: 国标);
    ``void_binds`` (定缺 binds: a seat holding a tile of its void suit discards only those,
    never pongs or kongs that suit, and cannot win while it holds one).

    Decisions before play: ``exchange`` (tiles each seat passes, picked one decision at a
    time, to the seat ``exchange_shift`` places on; 0: none; ``exchange_one_suit``: all of
    one suit, the first pick fixing it; ``exchange_drawn``: the shift drawn per hand, after
    the wall, from the seeded generator) and ``void_suit`` (each seat then declares a suit
    void, 定缺). The hand going on: ``wins_to_end`` (the hand ends once
    this many seats have won; until then a winner leaves and the others play on) and
    ``pay_as_played`` (every kong and win is paid when made, into the hand's ledger; the
    settlement at the end adds only what the end decides).

    The settlement: ``settlement`` names the profile module that settles a hand
    (``"points"``, ``"fan"``, ``"factor"``, ``"big_wins"``, ``"guobiao"``, ``"tiny"`` or
    ``"sichuan"``). The rest are the preset's option values, under their option names.
    """

    profile: str
    kinds: int = 34
    flowers: bool = False
    indicator: bool = False
    stacks: bool = False
    dice: int = 0
    bids: bool = False
    declare: bool = False
    thresholds: bool = False
    chow: bool = False
    rob_kong: bool = True
    several_winners: bool = False
    kong_needs_a_tile: bool = False
    forfeit_kong_after_pong: bool = False
    passing_a_win: str = "free"
    haidi: bool = False
    opening_wins: bool = False
    lacks_a_suit: bool = False
    pair_258: bool = False
    last_discard_won_only: bool = False
    fan_minimum: bool = False
    void_binds: bool = False
    exchange: int = 0
    exchange_shift: int = 0
    exchange_one_suit: bool = False
    exchange_drawn: bool = False
    void_suit: bool = False
    wins_to_end: int = 1
    pay_as_played: bool = False
    settlement: str = "points"
    # RULES §8's options (Taiyuan)
    wildcards: str = "none"
    wind_runs: bool = False
    kong_keeps_waits: bool = False
    delayed_kong: bool = False
    must_win: bool = False
    draw5_win6: bool = False
    bonus_patterns: bool = False
    dealer_bonus: bool = False
    dealer_selfdraw_double: bool = False
    feeder_pays_kong: bool = False
    feeder_pays_all: bool = False
    # RULES-hebei's options (flowers, hun and pao are the switches above)
    all_three_pay: bool = False
    draw_voids_kongs: bool = False
    # RULES-sichuan's options (exchange_three is ``exchange``)
    fan_cap: int = 3
    self_draw: str = "add_base"
    kong_bloom_pay: str = "self_draw"
    call_transfer: bool = True
    tax_refund: bool = True
    heaven_earth: bool = False

    @property
    def no_honors(self) -> bool:
        """Only the 27 suited kinds are in play (不带风, and the 108-tile profiles)."""
        return self.kinds == 27


@dataclass(frozen=True, slots=True)
class HebeiOptions:
    """The five options of profile ``hebei`` and their defaults (RULES-hebei "Options"):
    what a test may give the reference instead of a ``Rules``."""

    flowers: bool = True
    hun: bool = True
    pao: bool = False
    all_three_pay: bool = False
    draw_voids_kongs: bool = False
    # RULES-sichuan's options (exchange_three is ``exchange``)
    fan_cap: int = 3
    self_draw: str = "add_base"
    kong_bloom_pay: str = "self_draw"
    call_transfer: bool = True
    tax_refund: bool = True
    heaven_earth: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"profile": "hebei", **asdict(self)}


#: Taiyuan (RULES §2–§8): 报听 before a win, point thresholds, 抢杠, 过胡 and 过杠.
_TAIYUAN = Switches(
    "taiyuan",
    declare=True,
    thresholds=True,
    forfeit_kong_after_pong=True,
    passing_a_win="hand",
    settlement="points",
)
#: 缺一门 (RULES §9): 108 tiles, no wildcards, no 报听 and no thresholds, additive fan.
_QUEYIMEN = Switches(
    "queyimen",
    kinds=27,
    forfeit_kong_after_pong=True,
    lacks_a_suit=True,
    settlement="fan",
)
#: 中原河北麻将 (RULES-hebei): chow, several winners, no robbing, the factor table.
_HEBEI = Switches("hebei", chow=True, rob_kong=False, several_winners=True, settlement="factor")
#: 长沙麻将 (RULES-changsha): 108 tiles in stacks, four dice rolls, chow, 通炮, 漏胡, the 海底,
#: opening wins, 2-5-8 pairs and 大胡.
_CHANGSHA = Switches(
    "changsha",
    kinds=27,
    stacks=True,
    dice=4,
    chow=True,
    several_winners=True,
    kong_needs_a_tile=True,
    passing_a_win="tile",
    haidi=True,
    opening_wins=True,
    pair_258=True,
    settlement="big_wins",
)


#: 国标麻将 (RULES-guobiao): 144 tiles (136 without the flowers), chow, robbing a 补杠, one
#: winner (截和), no furiten, no kong or claim after the last draw, 8 fans to win.
_GUOBIAO = Switches(
    "guobiao",
    flowers=True,
    chow=True,
    rob_kong=True,
    kong_needs_a_tile=True,
    last_discard_won_only=True,
    fan_minimum=True,
    settlement="guobiao",
)


#: The test profile ``tiny`` (DESIGN of issue 37, docs/rules.md "The test profile ``tiny``"):
#: the default forms and turn (no chow, no robbing, 过杠), every mechanism of the engine:
#: two tiles passed to the seat opposite and a void suit before play, several winners on
#: one discard, winners leave until three have won, kongs and wins paid when made.
_TINY = Switches(
    "tiny",
    forfeit_kong_after_pong=True,
    rob_kong=False,
    several_winners=True,
    exchange=2,
    exchange_shift=2,
    void_suit=True,
    wins_to_end=3,
    pay_as_played=True,
    settlement="tiny",
)


#: 血战到底 (RULES-sichuan): 108 tiles, three tiles of one suit exchanged in a direction
#: drawn per hand, a void suit that binds, no chow, 一炮多响, robbing only an added kong, no
#: kong once the wall is empty and the last discard only won on, 过胡 until the next draw, a
#: pong's fourth tile added later; winners leave until three have won, kongs and wins paid
#: when made.
_SICHUAN = Switches(
    "sichuan",
    kinds=27,
    rob_kong=True,
    several_winners=True,
    kong_needs_a_tile=True,
    passing_a_win="draw",
    last_discard_won_only=True,
    void_binds=True,
    exchange=3,
    exchange_one_suit=True,
    exchange_drawn=True,
    void_suit=True,
    wins_to_end=3,
    pay_as_played=True,
    settlement="sichuan",
    delayed_kong=True,
)


@dataclass(frozen=True, slots=True)
class SichuanOptions:
    """The seven options of profile ``sichuan`` and their defaults (RULES-sichuan, DESIGN of
    issue 38 "Options"): what a test may give the reference instead of a ``Rules``."""

    exchange_three: bool = True
    fan_cap: str = "3"
    self_draw: str = "add_base"
    kong_bloom_pay: str = "self_draw"
    call_transfer: bool = True
    tax_refund: bool = True
    heaven_earth: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"profile": "sichuan", **asdict(self)}


def _sichuan(d: dict[str, Any]) -> Switches:
    opts = SichuanOptions(**d)
    return replace(
        _SICHUAN,
        exchange=3 if opts.exchange_three else 0,
        fan_cap=int(opts.fan_cap),
        self_draw=opts.self_draw,
        kong_bloom_pay=opts.kong_bloom_pay,
        call_transfer=opts.call_transfer,
        tax_refund=opts.tax_refund,
        heaven_earth=opts.heaven_earth,
    )


def _options(rules: Any) -> dict[str, Any]:
    if isinstance(rules, Rules | HebeiOptions | SichuanOptions):
        return dict(rules.to_dict())
    if isinstance(rules, dict):
        return {"profile": "hebei", **rules}
    raise InvalidArgumentError(f"rules must be a Rules, got {type(rules).__name__}")


def switches_of(rules: Any) -> Switches:
    """The switches of ``rules``: a ``Rules`` (any profile), or for profile ``hebei`` a
    :class:`HebeiOptions` or a dict of its options, for ``sichuan`` a
    :class:`SichuanOptions`."""
    d = _options(rules)
    profile = d.pop("profile")
    if profile == "taiyuan":
        kinds = 27 if d.pop("no_honors") else 34
        forfeit = not d["delayed_kong"]
        return replace(_TAIYUAN, kinds=kinds, forfeit_kong_after_pong=forfeit, **d)
    if profile == "queyimen" and not d:
        return _QUEYIMEN
    if profile == "hebei":
        opts = HebeiOptions(**d)
        return replace(
            _HEBEI,
            flowers=opts.flowers,
            indicator=opts.hun,
            bids=opts.pao,
            all_three_pay=opts.all_three_pay,
            draw_voids_kongs=opts.draw_voids_kongs,
        )
    if profile == "changsha" and not d:
        return _CHANGSHA
    if profile == "tiny" and not d:
        return _TINY
    if profile == "sichuan":
        return _sichuan(d)
    if profile == "guobiao" and set(d) == {"flowers"}:
        return replace(_GUOBIAO, flowers=bool(d["flowers"]))
    raise InvalidArgumentError(f"the reference does not play profile {profile!r} with {d}")
