"""The claim window as the sockets see it: the same after every discard.

Whether any seat may claim a discard (or rob an added kong) is not public: the engine moves
straight to the next draw when nobody may, and waits for the answers when some seat may. At
a table with a person, the server therefore shows every such tile (an *opener*) the same
way: the opener is sent at once, and what follows it (the next draw, a claim, the next
opener) no earlier than :attr:`ClaimWindows.wait` seconds later, whether a seat was asked
(and answered at once) or not. While an opener's window is open only the seats asked about
it may act; to any other seat the table looks as if it waited for the answers. Tables of
bots only, and a wait of 0, never hold anything.

The schedule is kept as a frontier: the hand whose openers are being shown, how many of
them have been shown, and until when the events after the last one are held. Each seat's
log (and the public one) holds the same openers in the same order, so the frontier caps any
connection's log at the same point of the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import _core

__all__ = ["ClaimWindows", "is_opener", "DEFAULT_CLAIM_WAIT"]

#: The default wait after a discard at a table with a person (seconds).
DEFAULT_CLAIM_WAIT = 0.4


def is_opener(event: dict[str, Any]) -> bool:
    """Whether ``event`` (of any seat's log) offers a tile that other seats might take: a
    discard, an added kong, or an added kong with dice (the engine's answer,
    ``_core.claim_openers``)."""
    return bool(_core.claim_openers((event,)))


def _openers(log: Sequence[dict[str, Any]]) -> list[int]:
    return _core.claim_openers(log)


class ClaimWindows:
    """The frontier of what a table has shown (see the module's text). ``wait`` is in
    seconds (0: nothing is held); ``clock`` is the table's clock (seconds, monotonic).
    Precondition: the logs given are those of one match, hand by hand, as they grow."""

    def __init__(self, wait: float, clock: Callable[[], float]) -> None:
        self.wait = wait
        self.clock = clock
        self.hand = 0  # the hand being shown
        self.shown = 0  # openers of that hand shown so far
        self.until = float("-inf")  # the events after the last shown one are held till then
        self._held = False

    def advance(self, logs: Callable[[int], Sequence[dict[str, Any]]], hands: int) -> None:
        """Move the frontier as far as the clock allows; ``logs(h)`` is hand ``h``'s public
        log, ``hands`` how many hands the match has begun."""
        if self.wait <= 0:
            return
        now = self.clock()
        while now >= self.until:
            if self.shown < len(_openers(logs(self.hand))):
                self.shown += 1  # shown now; what follows it waits
                self.until = now + self.wait
                break
            if self.hand + 1 >= hands:
                break
            self.hand, self.shown = self.hand + 1, 0
        # Decided once, at this reading of the clock: every answer until the next
        # advance agrees with the others.
        self._held = now < self.until

    def show_all(self, logs: Callable[[int], Sequence[dict[str, Any]]], hands: int) -> None:
        """Count everything as shown (a table rebuilt from the store)."""
        self.hand = max(0, hands - 1)
        self.shown = len(_openers(logs(self.hand))) if hands else 0
        self.until = float("-inf")
        self._held = False

    def held(self) -> bool:
        """Whether some events are held (an opener's window was open at the last
        :meth:`advance`)."""
        return self._held

    def caps(self, hand: int) -> bool:
        """Whether the frontier holds back part of hand ``hand``'s log (:meth:`cap` is less
        than its length only then)."""
        return self.held() and hand >= self.hand

    def cap(self, hand: int, log: Sequence[dict[str, Any]]) -> int:
        """How many events of hand ``hand``'s ``log`` (any viewer's) may be sent now."""
        if not self.held() or hand < self.hand:
            return len(log)
        if hand > self.hand:
            return 0
        return _openers(log)[self.shown - 1] + 1

    def asked_about_shown(self, hand: int, log: Sequence[dict[str, Any]]) -> bool:
        """Whether the claim window now open in hand ``hand`` (public ``log``) is about the
        last opener shown: then the seats asked about it may act although it is held."""
        return hand == self.hand and self.shown == len(_openers(log))
