"""What a table has shown: a claim window may hold what follows a discard (:mod:`.windows`),
so who may act, the legal actions, whether the match is over and the hands begun are
answered as far as the table has shown them, never further."""

from __future__ import annotations

from typing import Any

from ..action import Action
from ..game import Game
from .tablebase import TableBase

__all__ = ["TableShown"]


class TableShown(TableBase):
    """What a :class:`~.tables.Table` has shown (a mixin of it).

    Each answer below reads the clock first (:meth:`_advance`), the getters too: what one
    of them tells is then shown, and every later answer must agree with it."""

    def _advance(self) -> None:
        """Read the clock: move the claim windows' frontier as far as it allows
        (:meth:`ClaimWindows.advance`). The frontier is state, not a function of the clock:
        a window ends ``claim_wait`` seconds after the reading at which its discard was
        first shown, whoever read it."""
        self._windows.advance(self._public_log, len(self.match.games))

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` (0–3) is to act in what the table has shown: it is to act, and
        unless a claim window is open, the window is about the discard the seats were shown
        and ``seat`` is asked about it; never while a room's table waits. Reads the clock
        (:meth:`_advance`)."""
        if seat not in self._to_act or self.waiting or self.votes.open:
            return False
        if self._windows.wait <= 0:  # nothing is ever held
            return True
        self._advance()
        return self._shown_to_act(seat)

    def _shown_to_act(self, seat: int) -> bool:
        """:meth:`may_act` at the last reading of the clock (the frontier does not move)."""
        if seat not in self._to_act or self.waiting or self.votes.open:
            return False
        if not self._windows.held():
            return True
        hand = len(self.match.games) - 1
        return self._answering() and self._windows.asked_about_shown(hand, self._public_log(hand))

    def legal_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal actions as far as it has been shown (none while it may not act).
        Reads the clock (:meth:`may_act`)."""
        return list(self.match.legal_actions(seat)) if self.may_act(seat) else []

    @property
    def over(self) -> bool:
        """Whether the match is over, as far as the table has shown (a claim window may
        hold its end). Reads the clock (:meth:`_advance`)."""
        self._advance()
        return self.match.is_over and not self._windows.held()

    def _hands_shown(self) -> int:
        """How many hands the table has shown begun (a claim window may hold the next).
        Reads the clock (:meth:`_advance`)."""
        self._advance()
        return self._windows.hand + 1 if self._windows.held() else len(self.match.games)

    def _public_log(self, hand: int) -> list[dict[str, Any]]:
        return self.log(hand, None)

    def finished_hand(self, hand: int) -> Game:
        """Hand ``hand`` once it is over and its end is shown (its full log may then be
        shown); raises :class:`TableNotFoundError`. Reads the clock (:meth:`_advance`)."""
        return self._public.finished_hand(hand)

    def public_state(self) -> dict[str, Any]:
        """What anyone may know of the table (``GET /tables/{id}``): no seed, no tiles
        (:mod:`.publicstate`). Reads the clock (:meth:`_advance`)."""
        return self._public.state()
