"""What anyone may know of a table (``GET /tables/{id}``, a finished hand's log): no seed,
no tiles, and nothing a claim window still holds.

While a claim window is open (:mod:`.windows`), the state shown is the one kept before the
discard's step, in phase ``"wait"``: what the step changed (and whether a seat was asked
about the discard) is not public until the sockets are sent what follows it. Answers to a
discard are not counted among the actions shown, for the same reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..errors import TableNotFoundError
from ..game import Game
from .seatbots import FALLBACK
from .visibility import public_view

if TYPE_CHECKING:
    from ..match import Match
    from .clocks import Clocks
    from .dismissal import DismissVote
    from .driver import BotDriver
    from .fanout import FanOut
    from .spec import TableSpec
    from .windows import ClaimWindows

__all__ = ["PublicState"]


class KnownTable(Protocol):
    """What the public state reads of its table (a :class:`~.tables.Table`)."""

    @property
    def id(self) -> str: ...

    @property
    def spec(self) -> TableSpec: ...

    @property
    def match(self) -> Match: ...

    @property
    def waiting(self) -> bool: ...

    @property
    def actions(self) -> int: ...

    @property
    def _answers(self) -> int: ...

    @property
    def votes(self) -> DismissVote: ...

    @property
    def clocks(self) -> Clocks: ...

    @property
    def fanout(self) -> FanOut: ...

    @property
    def _driver(self) -> BotDriver: ...

    @property
    def _windows(self) -> ClaimWindows: ...

    def _advance(self) -> None: ...

    def dismissed(self) -> dict[str, int] | None: ...


class PublicState:
    """What anyone may know of ``table`` (its public part), and the public state kept
    before a step that a claim window may hide. Precondition: ``table`` is the one whose
    part this is."""

    def __init__(self, table: KnownTable) -> None:
        self.table = table
        self._shown: dict[str, Any] = {}  # the public state before the last opener's step

    def keep(self) -> None:
        """Keep the public state a step may hide for a while (it may discard): called
        before each step."""
        windows = self.table._windows
        if windows.wait > 0 and not windows.held():
            self._shown = self.game_state()

    def finished_hand(self, hand: int) -> Game:
        """:meth:`Table.finished_hand`."""
        table = self.table
        games = table.match.games
        table._advance()
        windows = table._windows
        shown = hand < windows.hand or not windows.held()
        if not 0 <= hand < len(games) or not games[hand].is_over or not shown:
            raise TableNotFoundError(
                f"table {table.id!r} has no finished hand {hand!r} "
                f"({sum(g.is_over for g in games)} finished)"
            )
        return games[hand]

    def state(self) -> dict[str, Any]:
        """:meth:`Table.public_state`."""
        table = self.table
        spec = table.spec
        table._advance()
        state = self.game_state()
        if table._windows.held():  # what the discard's step changed is not shown yet
            state = {**state, **self._shown, "phase": "wait"}
        connected, spectators = table.fanout.sockets()
        told = table._driver.told
        clocks = table.clocks
        public = clocks.public()
        return {
            "id": table.id,
            "rules": spec.rules.to_dict(),
            "seats": [
                {
                    "seat": s,
                    "kind": kind,
                    "connected": connected[s],
                    "fallback": FALLBACK if s in told else None,
                    "auto": clocks.told(s),
                }
                for s, kind in enumerate(spec.seats)
            ],
            "spectators": spectators,
            "match": spec.length,
            "bot_delay": spec.bot_delay,
            "private": spec.private,
            "waiting": table.waiting,
            "clock": None if spec.clock is None else spec.clock.to_dict(),
            "turn_clock": None if public is None else _turn_clock(clocks.public_message(public)),
            "dismiss": table.votes.message() if table.votes.open else None,
            "dismissed": table.dismissed(),
            **state,
            "results": [r.to_dict() for r in table.match.results[: state["finished_hands"]]],
        }

    def game_state(self) -> dict[str, Any]:
        """The match's part of :meth:`state`, as it is now; while a claim window is open,
        :meth:`state` shows the one kept before the discard (:meth:`keep`), in phase
        ``"wait"``."""
        match = self.table.match
        view = public_view(match.game)
        return {
            "hand": len(match.games) - 1,
            "finished_hands": sum(g.is_over for g in match.games),
            "over": match.is_over,
            "scores": list(match.scores),
            "ranking": match.ranking if match.is_over else None,
            "dealer": view["dealer"],
            "phase": view["phase"],
            "turn": view["turn"],
            "wall_remaining": view["wall_remaining"],
            # Each seat's part's tiles left, where the wall is cut in parts (botzone).
            **({"part_remaining": view["part_remaining"]} if "part_remaining" in view else {}),
            # Answers to a discard are not public: how many seats answered one would say
            # how many were asked.
            "actions": self.table.actions - self.table._answers,
        }


def _turn_clock(message: dict[str, Any]) -> dict[str, Any]:
    """The public ``clock`` message's times, as the table's state shows them."""
    return {k: message[k] for k in ("seat", "deadline", "remaining_ms")}
