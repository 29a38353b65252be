"""Decisions before play in the reference game (DESIGN of issue 37, "Decisions before
play"): after the deal every seat picks the tiles it passes (``Switches.exchange`` of them,
one decision per tile, any kind it holds more often than it has picked it; under
``exchange_one_suit`` all of the suit of its first pick, RULES-sichuan), then declares a
void suit (``Switches.void_suit``). Both are hidden and simultaneous: each decision is logged
at once as an ``answer`` (that only its seat sees), and once all four seats have decided
they are revealed together, in seat order (``exchange``, ``void`` events), and take
effect. Then the dealer acts on its 14 tiles as after a draw (it may kong or self-draw), its
drawn tile the 14th it was dealt if it still holds that kind, else the last tile passed to
it."""

from __future__ import annotations

from koudiandian.action import Action

__all__ = ["BeforePlay"]

#: The void suits, in order: 0 万 m, 1 筒 p, 2 条 s.
_VOIDS = tuple(Action.void(suit) for suit in range(3))


class BeforePlay:
    """The exchange and the void suits.

    A part of :class:`~tests.support.reference.game.ReferenceGame` (a mixin): it reads and
    changes the hand's state that ``ReferenceGame.__init__`` sets up (``picked``,
    ``voids``), and calls the other parts' methods.
    """

    def _before_play(self) -> None:
        """After the deal: the first decision the profile asks, or play."""
        if self.sw.exchange:
            self.phase = "exchange"
        elif self.sw.void_suit:
            self.phase = "void"
        else:
            self.phase = "turn"

    def _before_play_actions(self, seat: int) -> list[Action]:
        """``seat``'s picks for the exchange (by kind), or the three void suits."""
        if self.phase == "void":
            return list(_VOIDS)
        hand, picked = self.seats[seat].hand, self.picked[seat]
        kinds = [k for k in range(34) if hand[k] > picked.count(k)]
        if self.sw.exchange_one_suit:  # the first pick fixes a suit held often enough
            n = self.sw.exchange
            if picked:
                kinds = [k for k in kinds if k // 9 == picked[0] // 9]
            else:
                kinds = [k for k in kinds if sum(hand[9 * (k // 9) : 9 * (k // 9) + 9]) >= n]
        return [Action.exchange(k) for k in kinds]

    def auto_before_play(self, seat: int) -> Action:
        """What the engine decides for ``seat`` when its player does not (RULES-sichuan's
        auto-play): of the suits it holds three times or more, the one held least gives its
        three lowest tiles, one pick at a time; the void suit is the suit held least; ties go
        万, 筒, 条. Precondition: ``seat`` is to act in the exchange or the void phase."""
        hand = self.seats[seat].hand
        held = [sum(hand[9 * s : 9 * s + 9]) for s in range(3)]
        if self.phase == "void":
            return _VOIDS[min(range(3), key=lambda s: (held[s], s))]
        picked = self.picked[seat]
        suit = (
            picked[0] // 9
            if picked
            else min(
                (s for s in range(3) if held[s] >= self.sw.exchange), key=lambda s: (held[s], s)
            )
        )
        lowest = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(hand[k])]
        return Action.exchange(lowest[len(picked)])

    def _decide_before_play(self, seat: int, tile: int) -> None:
        """``seat`` picks ``tile`` for the exchange, or declares the suit ``tile`` void."""
        self.log(
            {"type": "answer", "seat": seat, "action": self.phase, "auto": False, "tile": tile}
        )
        if self.phase == "exchange":
            self.picked[seat].append(tile)
            if all(len(p) == self.sw.exchange for p in self.picked):
                self._exchange()
            return
        self._pending_voids[seat] = tile
        if len(self._pending_voids) == 4:
            for s in range(4):
                self.voids[s] = self._pending_voids[s]
                self.log({"type": "void", "seat": s, "suit": self._pending_voids[s]})
            self._begin_play()

    def _exchange(self) -> None:
        """Each seat passes what it picked to the seat ``exchange_shift`` places on (the
        profile's, or the hand's drawn direction): all four
        logged in seat order, then the tiles move. The dealer that no longer holds the kind
        of its drawn tile (its 14th) has drawn the last tile passed to it instead."""
        picked, self.picked = self.picked, [[], [], [], []]
        for s in range(4):
            to = (s + self.exchange_shift) % 4
            self.log({"type": "exchange", "seat": s, "tiles": list(picked[s]), "to": to})
            for t in picked[s]:
                self.seats[s].hand[t] -= 1
        for s in range(4):
            for t in picked[s]:
                self.seats[(s + self.exchange_shift) % 4].hand[t] += 1
        passer = (self.dealer - self.exchange_shift) % 4
        if self.drawn is not None and not self.seats[self.dealer].hand[self.drawn]:
            self.drawn = picked[passer][-1]
        if self.sw.void_suit:
            self.phase = "void"
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        """The dealer is on turn with its 14 tiles."""
        self.phase, self.turn = "turn", self.dealer
