"""Wins in the reference game, and the hand going on after one (DESIGN of issue 37, "Seats
leave" and "Payments during the hand"): every winner's ``win`` event; while fewer seats have
won than the profile plays to (``Switches.wins_to_end``) and two seats would still be in,
the winners leave the hand (a ``leave`` event each, showing their tiles) and the first seat
still in after the last winner draws; under ``Switches.pay_as_played`` each kong and each
win is paid at once, into the hand's ledger, and logged as a ``pay`` event."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from koudiandian.result import HandResult, Transfer, WinKind

from tests.support.reference.common import KongRecord, tiles_of

__all__ = ["GoingOn", "WinRecord"]


@dataclass(frozen=True, slots=True)
class WinRecord:
    """A win made in the hand: the winner, how, on what tile, from which seat (``None`` for
    a self-draw) and the index in the log of its ``win`` event."""

    seat: int
    kind: WinKind
    tile: int
    discarder: int | None
    event: int


class GoingOn:
    """Wins, seats leaving, and payments when made.

    A part of :class:`~tests.support.reference.game.ReferenceGame` (a mixin): it reads and
    changes the hand's state that ``ReferenceGame.__init__`` sets up (``wins``, ``ledger``,
    each seat's ``left``), and calls the other parts' methods.
    """

    def seats_in(self) -> tuple[bool, bool, bool, bool]:
        """Which seats are still in the hand (have not left it after a win)."""
        i = [st.left is None for st in self.seats]
        return (i[0], i[1], i[2], i[3])

    def _next_in(self, seat: int) -> int:
        """The first seat still in after ``seat``, counter-clockwise (下家 first)."""
        for i in (1, 2, 3, 4):
            s = (seat + i) % 4
            if self.seats[s].left is None:
                return s
        return (seat + 1) % 4  # pragma: no cover - some seat is always in

    def _win(
        self, winners: list[int], tile: int, kind: WinKind, source: int | None, *, auto: bool
    ) -> None:
        """``winners`` (several only on a discard, in order from the discarder) win with
        ``tile``. The hand ends, settled by the profile's module, once ``wins_to_end`` seats
        have won or fewer than two would be left; else the winners leave and play goes on
        from the first seat still in after the last of them."""
        moment = []
        for w in winners:
            if kind is not WinKind.SELF_DRAW:
                self.seats[w].hand[tile] += 1
            moment.append(WinRecord(w, kind, tile, source, self.next_event))
            self.log(
                {
                    "type": "win",
                    "seat": w,
                    "tile": tile,
                    "kind": kind.value,
                    "from": source,
                    "auto": auto,
                }
            )
        self.wins.extend(moment)
        in_hand = self.seats_in()
        left_in = sum(in_hand) - len(winners)
        ends = len(self.wins) >= self.sw.wins_to_end or left_in < 2
        if not ends:
            for record in moment:
                st = self.seats[record.seat]
                st.left = record.event
                self.log({"type": "leave", "seat": record.seat, "hand": tiles_of(st.hand)})
        settlement = self.settlement
        if self.sw.pay_as_played:
            self._pay_now(settlement.pay_wins(self, moment, in_hand), moment[0].event)
        if ends:
            self._finish(settlement.settle_win(self, winners, tile, kind, source), "win")
            return
        self._options, self._answers = {}, {}
        self._draw(self._next_in(winners[-1]), "front")

    def win_event(self, seat: int) -> int | None:
        """The index in the log of ``seat``'s ``win`` event, if it has won."""
        return next((w.event for w in self.wins if w.seat == seat), None)

    def _completed(self, result: HandResult, end: str) -> HandResult:
        """``result`` (a profile module's) with what every result holds, as the hand knows
        it: how the hand ended (``end``), the win event at which each seat left; each win's
        discarder, event and value (the module's ``win_value``, unless it gave one);
        each transfer's event (one a module left without belongs to the ``end_hand``)."""
        wins = tuple(
            replace(
                summary,
                discarder=record.discarder,
                event=record.event,
                value=summary.value or self.settlement.win_value(summary),
            )
            for summary, record in zip(result.wins, self.wins, strict=True)
        )
        end_event = self.next_event
        transfers = tuple(
            t if t.event is not None else replace(t, event=end_event) for t in result.transfers
        )
        left = tuple(st.left for st in self.seats)
        return replace(result, wins=wins, transfers=transfers, end=end, left=left)

    def _kong_made(self, kong: KongRecord) -> None:
        """Record ``kong`` (its event logged); where kongs are paid when made, pay it."""
        self.kongs.append(kong)
        if self.sw.pay_as_played:
            assert kong.event is not None
            self._pay_now(self.settlement.pay_kong(self, kong, self.seats_in()), kong.event)

    def _pay_now(self, transfers: Sequence[Transfer], event: int) -> None:
        """Append ``transfers`` to the ledger (those without an event belong to ``event``)
        and log them as one ``pay`` event; nothing when there are none."""
        if not transfers:
            return
        paid = [t if t.event is not None else replace(t, event=event) for t in transfers]
        self.log({"type": "pay", "transfers": [t.to_dict() for t in paid]})
        self.ledger.extend(paid)
