"""The decisions before play as the reference game offers them, and any decision by the
engine's number (``kind * 34 + tile``): the one adapter between the reference and action
kinds the package's :class:`~koudiandian.action.Action` may not know yet, ``exchange``
(kind 14, ``exchange t`` = 476 + t) and ``void`` (kind 15, ``void s`` = 510 + s).

Once ``ActionKind`` has ``EXCHANGE`` and ``VOID``, :func:`exchange` and :func:`void` return
the package's actions and :class:`EarlyDecision` is no longer used; nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from koudiandian.action import Action, ActionKind, action_of

__all__ = ["EXCHANGE", "VOID", "EarlyDecision", "code_of", "exchange", "of_code", "void"]

#: The engine's numbers of the two kinds of decision before play.
EXCHANGE, VOID = 14, 15

#: The kinds ``ActionKind`` knows (the package's actions stand for them).
_KNOWN = {int(k) for k in ActionKind}


@dataclass(frozen=True, slots=True)
class EarlyDecision:
    """A decision before play the package's ``Action`` cannot hold yet: its kind (14
    ``exchange``, 15 ``void``) and its tile (the kind picked) or suit (0 m, 1 p, 2 s)."""

    kind: int
    tile: int

    @property
    def code(self) -> int:
        """The engine's number of the decision."""
        return self.kind * 34 + self.tile

    def __str__(self) -> str:
        name = "exchange" if self.kind == EXCHANGE else "void"
        return f"{name} {self.tile}"


Decision = Action | EarlyDecision


def _decision(kind: int, tile: int) -> Decision:
    if kind in _KNOWN:
        return action_of(ActionKind(kind), tile)
    return EarlyDecision(kind, tile)


def exchange(tile: int) -> Decision:
    """Pick ``tile`` (a kind 0–33) as one of the tiles passed before play."""
    return _decision(EXCHANGE, tile)


def void(suit: int) -> Decision:
    """Declare ``suit`` (0 m, 1 p, 2 s) void before play."""
    return _decision(VOID, suit)


def code_of(decision: Decision) -> int:
    """The engine's number of ``decision``."""
    return decision.code


def of_code(code: int) -> Decision:
    """The decision with the engine's number ``code``."""
    kind, tile = divmod(code, 34)
    if kind in (EXCHANGE, VOID):
        return _decision(kind, tile)
    plain = ActionKind(kind)
    return action_of(plain, tile if plain.takes_tile or plain is ActionKind.PAO else None)
