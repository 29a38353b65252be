"""The event log's types: one :class:`~typing.TypedDict` per event type, tagged by ``type``.

``Game.events`` (the full log) and ``Game.events_for(seat)`` (one seat's log) are lists of
:data:`Event`. The schema, with the meaning of every field, is ``docs/events.md``; the Rust
core declares the events (``rust/game/event.rs``), and a test checks that these types
name the same fields. A field that a seat's log masks is typed ``int | None`` (a tile the
seat may not see is ``None``); keys that only one of the two logs has are ``NotRequired``.
Checking ``event["type"]`` narrows an :data:`Event` to one type::

    for e in game.events:
        if e["type"] == "discard":
            print(e["seat"], e["tile"])
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

__all__ = [
    "Event",
    "StartHandEvent",
    "BidEvent",
    "FlowerEvent",
    "IndicatorEvent",
    "ExchangeEvent",
    "VoidEvent",
    "DrawEvent",
    "DiscardEvent",
    "ConcealedKongEvent",
    "AddedKongEvent",
    "DiceKongEvent",
    "DiceEvent",
    "OpeningWinEvent",
    "HaidiEvent",
    "AnswerEvent",
    "PongEvent",
    "KongEvent",
    "ChowEvent",
    "WinEvent",
    "LeaveEvent",
    "PayEvent",
    "VerdictEvent",
    "BirdEvent",
    "EndHandEvent",
]


class StartHandEvent(TypedDict):
    """The deal. The full log has ``wall``; a seat's log has ``hand`` and ``wall_size``;
    ``prevalent_wind`` (0–3) is there when it is not 东, ``exchange_direction`` (``"next"``,
    ``"previous"``, ``"opposite"``) where the rules draw one."""

    type: Literal["start_hand"]
    dealer: int
    rules: dict[str, Any]
    wildcards: list[int]
    wall: NotRequired[list[int]]
    scores: list[int]
    prevalent_wind: NotRequired[int]
    exchange_direction: NotRequired[str]
    dice: NotRequired[list[list[int]]]
    hand: NotRequired[list[int]]
    wall_size: NotRequired[int]


class BidEvent(TypedDict):
    """A seat's 跑 bid (``pao``, 0–3) before the deal, in profiles with bids; the
    four are logged together once every seat has bid."""

    type: Literal["bid"]
    seat: int
    pao: int


class FlowerEvent(TypedDict):
    """A seat sets a flower (``tile``, 34–41) aside, dealt or drawn; a replacement
    ``draw`` follows."""

    type: Literal["flower"]
    seat: int
    tile: int


class IndicatorEvent(TypedDict):
    """The tile turned after the deal where the wildcard follows an indicator
    (hebei): ``hun`` is the wildcard kind (混) it gives, ``flowers`` the flowers turned (and
    set aside) before it."""

    type: Literal["indicator"]
    tile: int
    hun: int
    flowers: list[int]


class ExchangeEvent(TypedDict):
    """Before play (换三张), the ``tiles`` seat ``seat`` passes to seat ``to``, in the order
    it picked them (``None`` in the log of a seat that is neither); the four are logged
    together once every seat has picked."""

    type: Literal["exchange"]
    seat: int
    tiles: list[int] | None
    to: int


class VoidEvent(TypedDict):
    """Before play (定缺), the ``suit`` seat ``seat`` declares void: 0 m, 1 p, 2 s; the four
    are logged together once every seat has chosen."""

    type: Literal["void"]
    seat: int
    suit: int


class DrawEvent(TypedDict):
    """A seat draws ``tile`` (``None`` in another seat's log); ``replacement``: from the
    back of the wall, after a kong or a flower."""

    type: Literal["draw"]
    seat: int
    tile: int | None
    replacement: bool


class DiscardEvent(TypedDict):
    """A seat discards ``tile``; with ``declare`` it declares ready (报听), the tile
    face down (``None`` in another seat's log). ``auto``: the engine's discard of a declared
    seat's draw (not in other seats' logs)."""

    type: Literal["discard"]
    seat: int
    tile: int | None
    declare: bool
    auto: NotRequired[bool]


class ConcealedKongEvent(TypedDict):
    """暗杠 of kind ``tile`` (``None`` in another seat's log); a replacement
    ``draw`` follows."""

    type: Literal["concealed_kong"]
    seat: int
    tile: int | None


class AddedKongEvent(TypedDict):
    """明杠 / 补杠: the fourth tile of kind ``tile`` added to the seat's own pong. The
    others may answer it (a chance to rob it, 抢杠); then a replacement ``draw``."""

    type: Literal["added_kong"]
    seat: int
    tile: int


class DiceEvent(TypedDict):
    """The two ``dice`` rolled for seat ``seat``'s dice kong replacement."""

    type: Literal["dice"]
    seat: int
    dice: list[int]


class OpeningWinEvent(TypedDict):
    """A seat declares its opening small wins (起手小胡, changsha) at its first
    turn, by name in ``wins``."""

    type: Literal["opening_win"]
    seat: int
    wins: list[str]


class HaidiEvent(TypedDict):
    """A seat offered the wall's last tile (海底, changsha) takes it (``take``) or
    refuses it."""

    type: Literal["haidi"]
    seat: int
    take: bool


class AnswerEvent(TypedDict):
    """A seat's answer to a discard or an added kong: ``action`` is ``"win"``,
    ``"pong"``, ``"kong"``, ``"chow"`` (with ``tile``, the run's lowest) or ``"pass"``;
    ``auto`` a win that ``must_win`` forces. Only the seat's own answers are in its log."""

    type: Literal["answer"]
    seat: int
    action: str
    auto: bool
    tile: NotRequired[int]


# ``from`` is a keyword, so these use the functional syntax.
PongEvent = TypedDict("PongEvent", {"type": Literal["pong"], "seat": int, "tile": int, "from": int})
PongEvent.__doc__ = "碰: seat ``seat`` pongs kind ``tile`` from the discard of seat ``from``."
KongEvent = TypedDict("KongEvent", {"type": Literal["kong"], "seat": int, "tile": int, "from": int})
KongEvent.__doc__ = (
    "点杠: a direct kong of kind ``tile`` on the discard of seat ``from``; a\n"
    "replacement ``draw`` follows."
)
DiceKongEvent = TypedDict(
    "DiceKongEvent",
    {
        "type": Literal["dice_kong"],
        "seat": int,
        "tile": int | None,
        "from": int | None,
        "concealed": bool,
    },
)
DiceKongEvent.__doc__ = (
    "杠 with dice (changsha): a kong of kind ``tile`` (``None`` in another seat's log\n"
    "for a concealed one), on the discard of ``from`` or (``None``) of one's own tiles;\n"
    "``concealed`` for all four in hand. Its replacement comes from dice (a ``dice``\n"
    "event follows)."
)
ChowEvent = TypedDict(
    "ChowEvent",
    {"type": Literal["chow"], "seat": int, "tile": int, "from": int, "claimed": int},
)
ChowEvent.__doc__ = (
    "吃, in profiles with chow: seat ``seat`` takes ``claimed`` from the discard of\n"
    "its 上家 ``from``, making the run whose lowest tile is ``tile``."
)
WinEvent = TypedDict(
    "WinEvent",
    {
        "type": Literal["win"],
        "seat": int,
        "tile": int,
        "kind": str,
        "from": int | None,
        "auto": bool,
    },
)
WinEvent.__doc__ = (
    'One winner: seat ``seat`` wins on ``tile``; ``kind`` is ``"self_draw"``,\n'
    '``"discard"`` or ``"robbed_kong"``, ``from`` the discarder or the robbed seat\n'
    "(``None`` on a self-draw), ``auto`` a self-draw the engine made. A profile may let\n"
    "several seats win on one discard."
)


class LeaveEvent(TypedDict):
    """A winner leaves a hand that goes on without it (profiles where several seats win in
    turn), after its ``win``: its concealed ``hand``, sorted, the winning tile among them,
    shown to all."""

    type: Literal["leave"]
    seat: int
    hand: list[int]


class PayEvent(TypedDict):
    """Payments made as play goes (profiles that pay as played), right after the kong or the
    win (and ``leave``) they are for: the ``transfers`` appended to the hand's ledger, each
    an object as in ``result.transfers``."""

    type: Literal["pay"]
    transfers: list[dict[str, Any]]


class VerdictEvent(TypedDict):
    """A judge's verdict against seat ``seat`` ends the hand (``Game.end_by_verdict``):
    ``verdict`` is its name, ``"WA"``, ``"WH"``, ``"TLE"``, ``"MLE"``, ``"OLE"``, ``"NJ"`` or
    ``"RE"``. The ``end_hand`` follows."""

    type: Literal["verdict"]
    seat: int
    verdict: str


class BirdEvent(TypedDict):
    """The bird (扎鸟) turned after a win: its ``tile`` and the ``seat`` it hits."""

    type: Literal["bird"]
    tile: int
    seat: int


class EndHandEvent(TypedDict):
    """The settlement (``HandResult.to_dict()``'s shape) and every seat's tiles."""

    type: Literal["end_hand"]
    result: dict[str, Any]
    hands: list[list[int]]
    melds: list[list[list[int | None]]]
    discards: list[list[int]]


#: Any event of either log.
Event = (
    StartHandEvent
    | BidEvent
    | FlowerEvent
    | IndicatorEvent
    | ExchangeEvent
    | VoidEvent
    | DrawEvent
    | DiscardEvent
    | ConcealedKongEvent
    | AddedKongEvent
    | DiceKongEvent
    | DiceEvent
    | OpeningWinEvent
    | HaidiEvent
    | AnswerEvent
    | PongEvent
    | KongEvent
    | ChowEvent
    | WinEvent
    | LeaveEvent
    | PayEvent
    | VerdictEvent
    | BirdEvent
    | EndHandEvent
)
