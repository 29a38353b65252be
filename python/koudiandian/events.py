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
    "BirdEvent",
    "EndHandEvent",
]


class StartHandEvent(TypedDict):
    """The deal. The full log has ``wall``; a seat's log has ``hand`` and ``wall_size``."""

    type: Literal["start_hand"]
    dealer: int
    rules: dict[str, Any]
    wildcards: list[int]
    wall: NotRequired[list[int]]
    scores: list[int]
    dice: NotRequired[list[list[int]]]
    hand: NotRequired[list[int]]
    wall_size: NotRequired[int]


class BidEvent(TypedDict):
    type: Literal["bid"]
    seat: int
    pao: int


class FlowerEvent(TypedDict):
    type: Literal["flower"]
    seat: int
    tile: int


class IndicatorEvent(TypedDict):
    type: Literal["indicator"]
    tile: int
    hun: int
    flowers: list[int]


class DrawEvent(TypedDict):
    type: Literal["draw"]
    seat: int
    tile: int | None
    replacement: bool


class DiscardEvent(TypedDict):
    type: Literal["discard"]
    seat: int
    tile: int | None
    declare: bool
    auto: NotRequired[bool]


class ConcealedKongEvent(TypedDict):
    type: Literal["concealed_kong"]
    seat: int
    tile: int | None


class AddedKongEvent(TypedDict):
    type: Literal["added_kong"]
    seat: int
    tile: int


class DiceEvent(TypedDict):
    type: Literal["dice"]
    seat: int
    dice: list[int]


class OpeningWinEvent(TypedDict):
    type: Literal["opening_win"]
    seat: int
    wins: list[str]


class HaidiEvent(TypedDict):
    type: Literal["haidi"]
    seat: int
    take: bool


class AnswerEvent(TypedDict):
    type: Literal["answer"]
    seat: int
    action: str
    auto: bool
    tile: NotRequired[int]


# ``from`` is a keyword, so these use the functional syntax.
PongEvent = TypedDict("PongEvent", {"type": Literal["pong"], "seat": int, "tile": int, "from": int})
KongEvent = TypedDict("KongEvent", {"type": Literal["kong"], "seat": int, "tile": int, "from": int})
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
ChowEvent = TypedDict(
    "ChowEvent",
    {"type": Literal["chow"], "seat": int, "tile": int, "from": int, "claimed": int},
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


class BirdEvent(TypedDict):
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
    | BirdEvent
    | EndHandEvent
)
