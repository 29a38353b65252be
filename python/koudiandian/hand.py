"""Hand evaluation (docs/rules.md §4, §5.1, §6): winning shapes, winning tiles, ready discards,
scoring.

Every function takes the concealed ``tiles`` (text in any notation, or an iterable of ints /
:class:`Tile`), the declared ``melds`` (each a :class:`Meld` or a ``(kind, tile)`` pair),
the ``wildcards`` kinds (耗子: all copies of these kinds are wildcards; text or ints) and the
``rules`` (a :class:`Rules`, a preset name, or ``None`` for ``Rules()``); anything else
raises :class:`InvalidArgumentError`. The evaluation itself runs in the Rust core.

:func:`is_win`, :func:`winning_tiles`, :func:`shanten` and :func:`ready_discards` also take
``void_suit`` (定缺, as Sichuan binds it, in any profile): ``"m"``, ``"p"``, ``"s"`` or 0–2
(万, 筒, 条), ``None`` for none; any other value raises :class:`InvalidArgumentError` naming it,
and so does a wildcard kind of that suit. A hand holding a tile of its void suit (concealed
or melded) cannot win.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import _core
from .meld import Meld
from .reading import Group, GroupKind, Reading, Shape
from .rules import Rules
from .score import Pattern, ScoreItem, WinScore
from .tile import TILES, Tile, TilesLike

__all__ = [
    "ReadyDiscard",
    "is_win",
    "winning_tiles",
    "decompose",
    "ready_discards",
    "score_win",
    "shanten",
]

MeldsLike = Iterable["Meld | tuple[int, int]"]


#: Rules as the hand functions take them: a :class:`Rules`, a preset or options text
#: (``"random_wildcard"``), or ``None`` for the defaults.
RulesLike = Rules | str | None

#: A void suit (定缺): ``"m"``, ``"p"``, ``"s"`` or 0–2, ``None`` for none.
VoidSuit = str | int | None


def is_win(
    tiles: TilesLike,
    *,
    melds: MeldsLike = (),
    wildcards: TilesLike = (),
    rules: RulesLike = None,
    void_suit: VoidSuit = None,
) -> bool:
    """Whether the hand is complete (docs/rules.md §4): ``tiles`` must hold 3n+2 tiles, the melds
    making up the rest of fourteen. Seven pairs and thirteen orphans count only without melds;
    ``rules.wind_runs`` adds the 风嘴子 runs. With ``void_suit``, never while the hand holds a
    tile of that suit."""
    return _core.is_win(tiles, melds, wildcards, rules, void_suit)


def winning_tiles(
    tiles: TilesLike,
    *,
    melds: MeldsLike = (),
    wildcards: TilesLike = (),
    rules: RulesLike = None,
    void_suit: VoidSuit = None,
) -> list[Tile]:
    """The winning tiles (听口) of a waiting hand (docs/rules.md §6): ``tiles`` must hold 3n+1 tiles.
    The non-wildcard kinds that complete it as a natural tile, leaving out kinds of which the
    seat holds all four (in hand and melds), in tile order. With ``void_suit``: none while the
    hand holds a tile of that suit, and never a kind of that suit."""
    return [TILES[i] for i in _core.winning_tiles(tiles, melds, wildcards, rules, void_suit)]


def shanten(
    tiles: TilesLike,
    *,
    melds: MeldsLike = (),
    wildcards: TilesLike = (),
    rules: RulesLike = None,
    void_suit: VoidSuit = None,
) -> int:
    """Tiles away from ready (向听) of a 3n+1 or 3n+2 hand: -1 complete, 0 ready, 1 one
    tile from ready, ... Counts all three shapes, wildcards and ``rules.wind_runs``; like the
    usual shanten it counts tiles, not the copies left in the wall. The tables it needs are
    built on the first call (a few hundred milliseconds), not at import.

    With ``void_suit`` it is the fewest tiles the hand must exchange (draw one, discard one)
    to be ready (a 3n+1 hand) or complete (3n+2: then −1), every tile of the void suit among
    the tiles it throws away, minus one; each draw stands for any tile, as for the usual
    shanten. So each void-suit tile costs one exchange, and the result is the shanten of the
    hand with its void-suit tiles taken out and counted as missing: ``v + shanten(rest + x)``
    for ``v`` void-suit tiles, ``rest`` the others and ``x`` the best ``v`` tiles outside the
    void suit. A hand with a meld of the void suit never wins: 14.
    """
    return _core.shanten(tiles, melds, wildcards, rules, void_suit)


def decompose(
    tiles: TilesLike,
    *,
    melds: MeldsLike = (),
    wildcards: TilesLike = (),
    rules: RulesLike = None,
) -> list[Reading]:
    """Every reading of a complete (3n+2) hand, without repeats: standard readings (melds
    and pair, with what each wildcard stands for), the seven-pairs reading with its number
    of quads, and the thirteen-orphans reading; under guobiao's rules also the 全不靠
    reading and each 组合龙 reading. Empty if the hand is not complete.

    With many wildcards the readings can number in the tens of thousands (wildcards can
    form whole melds of any kind)."""
    out = []
    for shape, quads, groups in _core.decompose(tiles, melds, wildcards, rules):
        out.append(
            Reading(
                Shape(shape),
                tuple(
                    Group(
                        GroupKind(kind),
                        tuple(TILES[t] for t in kinds),
                        tuple(bool(wild >> i & 1) for i in range(len(kinds))),
                        declared,
                    )
                    for kind, kinds, wild, declared in groups
                ),
                quads,
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class ReadyDiscard:
    """A discard that leaves the hand ready (听牌).

    ``winning_tiles`` as :func:`winning_tiles` gives them for the hand after the discard;
    ``wildcard_points`` is ``p`` for a self-drawn wildcard after that discard (the max-point
    rule of §6; ``None`` when no wildcard is in play or a wildcard would not complete it);
    ``declarable`` is whether 报听 is allowed with this discard (docs/rules.md §4: some winning tile,
    or the drawn wildcard's ``p``, is worth 6 points or more)."""

    discard: Tile
    winning_tiles: tuple[Tile, ...]
    wildcard_points: int | None
    declarable: bool


def ready_discards(
    tiles: TilesLike,
    *,
    melds: MeldsLike = (),
    wildcards: TilesLike = (),
    rules: RulesLike = None,
    void_suit: VoidSuit = None,
) -> list[ReadyDiscard]:
    """For a 3n+2 hand, each kind whose discard leaves it ready, in tile order. A hand that
    is ready only through a wildcard draw (no natural winning tile) is listed too. With
    ``void_suit``, while the hand holds tiles of that suit only they may be discarded (so a
    discard leaves it ready only if it was the last of them), and the winning tiles are as
    :func:`winning_tiles` gives them with the same ``void_suit``."""
    return [
        ReadyDiscard(
            TILES[d],
            tuple(TILES[t] for t in waits),
            None if wp < 0 else wp,
            declarable,
        )
        for d, waits, wp, declarable in _core.ready_discards(
            tiles, melds, wildcards, rules, void_suit
        )
    ]


def score_win(
    tiles: TilesLike,
    win_tile: Tile | int | str,
    *,
    self_draw: bool,
    melds: MeldsLike = (),
    wildcards: TilesLike = (),
    rules: RulesLike = None,
    kong_replacement: bool = False,
    last_tile: bool = False,
    robbed_kong: bool = False,
    kong_discard: bool = False,
    first_turn: bool = False,
    flowers: int = 0,
    dealer: bool = False,
    last_copy: bool = False,
    seat_wind: int = 0,
    prevalent_wind: int = 0,
) -> WinScore:
    """The value of winning with ``win_tile`` (docs/rules.md §5.1, §6; §9 for ``queyimen``, where
    ``points`` and ``payment`` are the fan total; §11 for ``changsha``, where ``points``
    counts the 大胡 and ``score_items`` names them).

    ``tiles`` is the concealed hand with the winning tile (3n+2 tiles, ``win_tile`` among
    them) or without it (3n+1). Raises :class:`NotWinningError` if the hand is not complete.
    ``kong_replacement`` (杠上开花; in changsha a dice kong's) describes a self-draw,
    ``last_tile`` a self-draw of the last tile (海底捞月) or a win on its discard (海底炮);
    ``robbed_kong`` (抢杠胡) a win on an added kong (``self_draw`` false); ``kong_discard``
    a win on the discard right after a dice kong (杠上炮); ``first_turn`` the dealer's
    self-draw on its first turn (天胡) or a win on the dealer's first discard (地胡).
    ``flowers`` is the number of flowers the winner has set aside (0–8, else
    :class:`InvalidArgumentError`) and ``dealer`` whether the winner deals; profiles that
    score them (``hebei``: ×2 per flower, 庄 ×2) read them, the others ignore them.
    ``last_copy`` (和绝张) says the other three tiles of the winning kind are in sight (never
    with ``robbed_kong``); ``seat_wind`` (门风) and ``prevalent_wind`` (圈风) are 0 东, 1 南,
    2 西, 3 北 (else :class:`InvalidArgumentError`). ``guobiao`` reads these, with
    ``kong_replacement`` (杠上开花), ``robbed_kong`` (抢杠和) and ``last_tile`` (妙手回春 on a
    self-draw, 海底捞月 on a discard); its ``allowed`` says whether the fans without 花牌
    reach 8. ``sichuan`` gives ``points`` as the fans before the cap and ``payment`` as the
    value 2^min(fans, cap); it reads ``kong_replacement`` (杠上花), ``kong_discard`` (杠上炮,
    after any kong), ``robbed_kong`` (抢杠胡) and ``last_tile`` (海底捞月, 海底炮) as one fan
    each, and under its ``heaven_earth`` option ``first_turn`` on a self-draw as 天胡 (with
    ``dealer``) or 地胡, worth the cap. No function here scores a void suit: a hand holding
    one of its tiles never wins (:func:`is_win` with ``void_suit``).
    """
    if isinstance(win_tile, str):
        win_tile = Tile.parse(win_tile)
    moment = _core.WinMoment(
        kong_replacement=bool(kong_replacement),
        last_tile=bool(last_tile),
        robbed_kong=bool(robbed_kong),
        kong_discard=bool(kong_discard),
        first_turn=bool(first_turn),
        last_copy=bool(last_copy),
        flowers=flowers,
        dealer=bool(dealer),
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
    )
    score = _core.score_win(tiles, win_tile, bool(self_draw), melds, wildcards, rules, moment)
    return WinScore(
        points=score["points"],
        allowed=score["allowed"],
        self_draw=bool(self_draw),
        shape=Shape(score["shape"]),
        patterns=Pattern.from_bits(score["patterns"]),
        factor=score["factor"],
        payment=score["payment"],
        score_items=tuple(ScoreItem.from_dict(i) for i in score["score_items"]),
    )
