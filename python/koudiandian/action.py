"""What a seat can do (docs/rules.md §3, §4)."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import Any

from ._count import parse_count
from .errors import ArgumentTypeError, IllegalActionError
from .tile import TILES, Tile

__all__ = ["ActionKind", "Action", "SUITS", "read_action"]


class ActionKind(enum.IntEnum):
    """What a decision is (docs/rules.md §3, §4); the number is ``Action.code // 34``."""

    DISCARD = 0  # 打牌 (a declared seat's discard of its drawn tile)
    DECLARE = 1  # 报听: discard face down and declare ready
    SELF_DRAW_WIN = 2  # 自摸
    WIN = 3  # 胡 on a discard or a robbed added kong (抢杠)
    PONG = 4  # 碰
    KONG = 5  # 点杠: direct kong on a discard
    ADDED_KONG = 6  # 明杠 / 补杠
    CONCEALED_KONG = 7  # 暗杠
    PASS = 8  # 过
    CHOW = 9  # 吃: ``tile`` is the lowest tile of the run (offered by profiles with chow)
    PAO = 10  # 跑: a bid 0–3 before the deal, the count in ``tile`` (profiles with bids)
    DICE_KONG = 11  # 杠 with dice (changsha): ``tile`` is the kong's kind
    OPENING_WIN = 12  # 起手小胡: declare the opening small wins at one's first turn
    HAIDI = 13  # 要海底: take the wall's last tile when offered (PASS refuses it)
    EXCHANGE = 14  # 换三张: before play, pick ``tile`` as one of the tiles passed on
    VOID = 15  # 定缺: before play, declare a suit void, the suit 0–2 (m p s) in ``tile``

    @property
    def takes_tile(self) -> bool:
        """Whether an action of this kind names a tile (the discard or the kong's kind)."""
        return self in _WITH_TILE


#: The highest 跑 bid.
MAX_PAO = 3

#: The suits a ``VOID`` names, by number: 0 万 m, 1 筒 p, 2 条 s.
SUITS = ("m", "p", "s")


_WITH_TILE = frozenset(
    {
        ActionKind.DISCARD,
        ActionKind.DECLARE,
        ActionKind.ADDED_KONG,
        ActionKind.CONCEALED_KONG,
        ActionKind.CHOW,
        ActionKind.DICE_KONG,
        ActionKind.EXCHANGE,
    }
)


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One decision. ``tile`` is the discarded tile for ``DISCARD`` / ``DECLARE``, the
    kong's kind for ``ADDED_KONG`` / ``CONCEALED_KONG`` / ``DICE_KONG``, the lowest tile of the run for
    ``CHOW`` and the tile picked for ``EXCHANGE``; for ``PAO`` it is the bid, a plain int 0–3,
    for ``VOID`` the suit, a plain int 0–2 (:data:`SUITS`: m p s); ``None`` for the others (the
    claimed tile of ``WIN`` / ``PONG`` / ``KONG`` is the one on the table)."""

    kind: ActionKind
    tile: Tile | int | None

    def __init__(self, kind: ActionKind | int | str, tile: Tile | int | str | None = None) -> None:
        """``kind`` is an :class:`ActionKind`, its number or its name (``"discard"``);
        ``tile`` a :class:`Tile`, an index 0–33 or tile text (``"7z"``), given exactly
        when the kind takes one (``PAO``: the bid 0–3; ``VOID``: the suit, 0–2 or its letter
        ``"m"``, ``"p"``, ``"s"``). A value of the wrong type raises
        :class:`ArgumentTypeError`; a bad value :class:`IllegalActionError` (or
        :class:`InvalidTileError` for bad tile text)."""
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tile", tile)
        kind = _kind_of(kind)
        object.__setattr__(self, "kind", kind)
        if kind is ActionKind.VOID:
            object.__setattr__(self, "tile", _suit_of(self.tile))
        elif kind is ActionKind.PAO:
            n = self.tile
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_PAO:
                raise IllegalActionError(f"PAO needs a bid 0–{MAX_PAO}, got {n!r}")
            object.__setattr__(self, "tile", int(n))
        elif kind.takes_tile:
            t = self.tile
            if isinstance(t, str):
                t = Tile.parse(t)
            if t is None:
                raise IllegalActionError(f"{kind.name} needs a tile, got None")
            if not isinstance(t, int) or isinstance(t, bool):
                raise ArgumentTypeError(
                    f"{kind.name} needs a tile (a Tile, an index 0–33 or tile text), "
                    f"got {self.tile!r}"
                )
            if not 0 <= t < 34:
                raise IllegalActionError(f"invalid tile {t}; expected 0–33")
            object.__setattr__(self, "tile", TILES[t])
        elif self.tile is not None:
            raise IllegalActionError(f"{kind.name} takes no tile, got {self.tile!r}")

    @classmethod
    def exchange(cls, tile: Tile | int | str) -> Action:
        """Pick ``tile`` (a :class:`Tile`, an index 0–33 or tile text) as one of the tiles
        passed on before play (换三张). Raises as :class:`Action` does."""
        return cls(ActionKind.EXCHANGE, tile)

    @classmethod
    def void(cls, suit: int | str) -> Action:
        """Declare ``suit`` void before play (定缺): 0–2 or its letter ``"m"``, ``"p"``,
        ``"s"``. Raises :class:`IllegalActionError` for another suit."""
        return cls(ActionKind.VOID, suit)

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action that ``str(action)`` prints: ``"discard 7z"``, ``"pass"``, ``"pao 2"``,
        ``"exchange 3m"``, ``"void p"``. The kind is its name in any case; the tile is text in
        any notation, the void suit its letter.

        Raises :class:`ArgumentTypeError` if ``text`` is not a str and
        :class:`IllegalActionError` (or :class:`InvalidTileError`) for bad text."""
        if not isinstance(text, str):
            raise ArgumentTypeError(f"Action.parse needs text, got {text!r}")
        words = text.split(None, 1)
        if not words:
            raise IllegalActionError("empty action text; expected e.g. 'discard 7z' or 'pass'")
        kind = _kind_of(words[0])
        arg = words[1].strip() if len(words) > 1 else None
        if kind is ActionKind.PAO and arg is not None:
            return cls(kind, parse_count(arg, "PAO's bid", IllegalActionError, most=MAX_PAO))
        return cls(kind, arg)

    def __str__(self) -> str:
        if self.kind is ActionKind.VOID:
            return f"void {SUITS[self.tile or 0]}"
        return self.kind.name.lower() + (f" {self.tile}" if self.tile is not None else "")

    @property
    def code(self) -> int:
        """The Rust core's number for this action: ``kind * 34 + tile`` (tile 0 if none)."""
        return self.kind * 34 + (0 if self.tile is None else self.tile)

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": "discard", "tile": 4}``: the kind's name in lower case and the tile's
        index (the bid of ``PAO``, the suit number of ``VOID``: ``{"kind": "void", "tile":
        1}``), ``None`` for a kind without one. :meth:`from_dict` reads it back."""
        return {
            "kind": self.kind.name.lower(),
            "tile": None if self.tile is None else int(self.tile),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """The action of an object ``{"kind": ..., "tile": ...}``, :meth:`to_dict`'s shape and
        the game server's: ``kind`` a name or number, ``tile`` an index, tile text or
        ``None`` (the key optional for a kind without a tile; a ``VOID``'s suit as a number
        0–2 or its letter). Raises
        :class:`IllegalActionError` for anything else, an object with another key or without
        ``kind`` among them, and what :class:`Action` raises for a bad kind or tile."""
        if not isinstance(data, dict):
            raise IllegalActionError(f"an action is {{'kind', 'tile'}}, got {data!r:.200}")
        if set(data) - {"kind", "tile"} or "kind" not in data:
            raise IllegalActionError(f"an action is {{'kind', 'tile'}}, got {_shown(data)}")
        return cls(data["kind"], data.get("tile"))


def read_action(value: object) -> Action:
    """An action in any shape a caller or a client writes it: an :class:`Action` (returned
    as it is), the text ``str(action)`` prints (``"discard 7z"``, read by
    :meth:`Action.parse`), or an object ``{"kind": ..., "tile": ...}`` (the game server's
    shape, read by :meth:`Action.from_dict`). :meth:`Game.step <koudiandian.Game.step>`,
    the game server's messages and exec bots' answers read actions here.

    Raises :class:`IllegalActionError` for an object with a key other than ``kind`` and
    ``tile`` or without ``kind``, :class:`ArgumentTypeError` for a value of none of these
    shapes, and what :class:`Action` and :meth:`Action.parse` raise for a bad kind or
    tile."""
    if isinstance(value, Action):
        return value
    if isinstance(value, str):
        return Action.parse(value)
    if isinstance(value, dict):
        return Action.from_dict(value)
    raise ArgumentTypeError(
        "an action is an Action or its text ('discard 7z', 'pass'), or an object "
        f"{{'kind', 'tile'}}, got {value!r:.200}"
    )


def _shown(value: dict[Any, Any]) -> str:
    """An action object for a message: as JSON where it is JSON (what a client sent), else
    its repr; at most 200 characters."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text[:200]


def _suit_of(suit: object) -> int:
    """A void suit's number: from 0–2 or a letter of :data:`SUITS` (any case)."""
    if isinstance(suit, str) and suit.strip().lower() in SUITS:
        return SUITS.index(suit.strip().lower())
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit < len(SUITS):
        return int(suit)
    if suit is None or isinstance(suit, int | str) and not isinstance(suit, bool):
        raise IllegalActionError(f"VOID needs a suit: 0–2 or m, p, s; got {suit!r}")
    raise ArgumentTypeError(f"a void suit is 0–2 or m, p, s; got {suit!r}")


def _kind_of(kind: object) -> ActionKind:
    """The :class:`ActionKind` for an ActionKind, its number or its name (any case)."""
    if isinstance(kind, str):
        found = ActionKind.__members__.get(kind.strip().upper())
        if found is None:
            names = ", ".join(k.name.lower() for k in ActionKind)
            raise IllegalActionError(f"unknown action kind {kind!r}; expected one of {names}")
        return found
    if not isinstance(kind, int) or isinstance(kind, bool):
        raise ArgumentTypeError(
            f"an action kind is an ActionKind, its name or its number, got {kind!r}"
        )
    try:
        return ActionKind(kind)
    except ValueError:
        raise IllegalActionError(f"unknown action kind {kind!r}") from None


# One shared instance per distinct action: the engine hands these out, so comparing a
# chosen action with the legal ones is mostly an identity check.
_TILED: dict[ActionKind, tuple[Action, ...]] = {
    k: tuple(Action(k, t) for t in TILES) for k in ActionKind if k.takes_tile
}
_TILED[ActionKind.PAO] = tuple(Action(ActionKind.PAO, n) for n in range(MAX_PAO + 1))
_TILED[ActionKind.VOID] = tuple(Action(ActionKind.VOID, n) for n in range(len(SUITS)))
_PLAIN: dict[ActionKind, Action] = {k: Action(k) for k in ActionKind if k not in _TILED}


def action_of(kind: ActionKind, tile: int | None = None) -> Action:
    """The shared :class:`Action` instance for ``kind`` (and ``tile``, an index 0–33, the
    bid of ``PAO`` or the suit of ``VOID``).

    Precondition: ``tile`` is given exactly when ``kind.takes_tile``."""
    return _PLAIN[kind] if tile is None else _TILED[kind][tile]


_BY_CODE: dict[int, Action] = {
    a.code: a for a in (*_PLAIN.values(), *(x for t in _TILED.values() for x in t))
}


def action_from_code(code: int) -> Action:
    """The shared :class:`Action` with the Rust core's number ``code``."""
    return _BY_CODE[code]
