"""Decision numbers: which of a seat's decisions an action answers (docs/server.md,
*Decision numbers*). A :class:`~koudiandian.Match` numbers its seats' decisions
(:meth:`Match.decision`, ``Match.step(..., decision=n)``), so a program that runs its own
clocks or its own transport refuses a late or repeated action as the game server does.

Each seat of a match counts its own decisions, from 1, over the whole match: a decision
starts when the seat is asked to act (it is among ``Match.to_act``) after it was not, after
it acted, or in a new hand. The seat's view carries the number of the decision it is asked
(``null`` when it is asked nothing), and an action names it; an action for another number
(a decision already taken or withdrawn, or one not offered yet) is refused with
:class:`StaleDecisionError` before the engine sees it, and changes nothing. So a message
sent twice, a resend after a reconnect, or two sockets of one seat racing apply once.

The number counts only what the seat itself was asked, which it already knows: another
seat's answer in a claim window moves no other seat's number, and a seat the engine passes
over (it has nothing to claim) is asked nothing. So the number tells no one whether any
other seat was offered a discard. It is derived from the actions alone, so a match rebuilt
from its actions (a server's table from its store) numbers its decisions as before.
"""

from __future__ import annotations

from collections.abc import Collection

from .errors import StaleDecisionError

__all__ = ["Decisions"]


class Decisions:
    """The decision numbers of a match's four seats. Call :meth:`update` after every step
    of the match (and once at the start) with the hand's number and who is to act."""

    def __init__(self) -> None:
        self._numbers = [0, 0, 0, 0]  # each seat's latest decision (0: none yet)
        self._asked = [False, False, False, False]  # whether that decision is open
        self._hand = -1

    def update(self, hand: int, to_act: Collection[int], acted: int | None = None) -> None:
        """After a step by seat ``acted`` (``None``: the start of the match), hand ``hand``
        now asks the seats ``to_act``: each of them asked anew gets its next number."""
        new_hand = hand != self._hand
        self._hand = hand
        for s in range(4):
            asked = s in to_act
            if asked and (new_hand or s == acted or not self._asked[s]):
                self._numbers[s] += 1
            self._asked[s] = asked

    def current(self, seat: int) -> int | None:
        """The number of the decision ``seat`` (0–3) is asked now, or ``None``."""
        return self._numbers[seat] if self._asked[seat] else None

    def check(self, seat: int, number: int) -> None:
        """Raise :class:`StaleDecisionError` unless ``number`` is the decision ``seat``
        (0–3) is asked now."""
        current = self.current(seat)
        if number == current:
            return
        latest = self._numbers[seat]
        now = (
            f"it is asked decision {current} now"
            if current is not None
            else "it is asked nothing now"
        )
        if number > latest:
            raise StaleDecisionError(
                f"seat {seat} has not been offered decision {number} yet; {now}"
            )
        raise StaleDecisionError(
            f"decision {number} of seat {seat} is already taken or withdrawn; {now}"
        )
