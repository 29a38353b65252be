"""A seat's view of a live game, computed on first use: what the Python loops hand a bot
(self-play, terminal play, the game server's bots), so that a bot that never looks at its
view (like :class:`~koudiandian.bots.RandomBot`) costs nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .view import SeatView

__all__ = ["LiveView"]


def _greedy_action(game: Game, seat: int) -> int:
    """The greedy policy's choice for ``seat`` in ``game``, as a code."""
    return int(game.engine.greedy_action(seat))


class LiveView:
    """A :class:`SeatView` computed on first attribute access, so bots that never look at
    their view (like :class:`RandomBot`) cost nothing."""

    __slots__ = ("_game", "_seat", "_view")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self._seat = seat
        self._view: SeatView | None = None

    def greedy_action(self) -> int:
        """The greedy policy's choice, straight from the game (the same inputs a
        :class:`SeatView` gives; see :class:`koudiandian.bots.GreedyBot`)."""
        return _greedy_action(self._game, self._seat)

    @property
    def live_game(self) -> Game:
        """The game this is a view of (an ``exec:`` bot sends its seat's events from it)."""
        return self._game

    @property
    def live_hand(self) -> int | None:
        """The hand's number for an ``exec:`` bot's messages; ``None``: the bot counts the
        hands it plays (the game server's view gives the table's hand)."""
        return None

    @property
    def live_seat(self) -> int:
        """The seat this is the view of (read without computing the view)."""
        return self._seat

    def table_view(self) -> dict[str, Any]:
        """The seat's view as the game server sends it (``Game.table_view``, with the seat's
        听口): what an ``exec:`` bot is sent, as :meth:`table_view_json` writes it."""
        return self._game.table_view(self._seat)

    def table_view_json(self, decision: int | None = None) -> str:
        """:meth:`table_view` as JSON text with ``decision`` added (``Game.table_view_json``):
        an ``exec:`` bot's view, written without a Python dict."""
        return self._game.table_view_json(self._seat, decision)

    def expert_action(self) -> int:
        """The expert policy's choice, straight from the game (the same inputs a
        :class:`SeatView` gives; see :class:`koudiandian.bots.ExpertBot`)."""
        return int(self._game.engine.expert_action(self._seat))

    def __getattr__(self, name: str) -> Any:
        view = self._view
        if view is None:
            view = self._view = self._game.view(self._seat)
        return getattr(view, name)
