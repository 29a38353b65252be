"""Stepping the reference game: a seat's action checked and applied (a turn's discard,
declaration, kong or win; a bid; a decision before play; the 海底 taken or refused), and the hand advanced to whoever
acts next, with the declared and locked seats' automatic discards."""

from __future__ import annotations

from typing import Any

from koudiandian.action import Action, ActionKind
from koudiandian.errors import IllegalActionError, NotYourTurnError
from koudiandian.meld import MeldKind
from koudiandian.result import WinKind

from tests.support.reference.common import KongRecord
from tests.support.reference.deal import check_seat

_K = ActionKind


class Stepping:
    """Applying one action and advancing the hand.

    A part of :class:`~tests.support.reference.game.ReferenceGame` (a mixin): it reads and
    changes the hand's state that ``ReferenceGame.__init__`` sets up, and calls the other
    parts' methods.
    """

    def step(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``.

        Raises :class:`NotYourTurnError` if ``seat`` is not in :attr:`to_act` and
        :class:`IllegalActionError` (listing the legal actions) if the action is not legal;
        either way the game is left exactly as it was."""
        check_seat(seat)
        if seat not in self.to_act:
            raise NotYourTurnError(
                f"seat {seat} is not to act now" + ("" if self.to_act else "; the hand is over")
            )
        if not isinstance(action, Action):
            raise IllegalActionError(f"expected an Action, got {action!r}")
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalActionError(
                f"{action} is not legal for seat {seat} now; legal: {', '.join(map(str, legal))}"
            )
        self._apply(seat, action, auto=False)
        self._advance()

    def _advance(self) -> None:
        """Take the engine's own actions until a seat has a real choice or the hand ends: a
        declared or locked seat, or the 海底's taker, that has one action takes it (under
        ``must_win`` a declared seat's win too)."""
        while self.phase == "turn":
            seat, st = self.turn, self.seats[self.turn]
            if not (st.declared or st.locked or self.drawn_from == "haidi"):
                return
            legal = self._turn_actions(seat)
            if self.sw.must_win and legal[0].kind is _K.SELF_DRAW_WIN:
                self._apply(seat, legal[0], auto=True)
            elif len(legal) == 1:
                self._apply(seat, legal[0], auto=True)
            else:
                return

    def _apply(self, seat: int, action: Action, *, auto: bool) -> None:
        self._legal = None
        if self.phase in ("exchange", "void"):
            self._decide_before_play(seat, int(action.tile))  # type: ignore[arg-type]
            return
        kind = action.kind
        tile = None if action.tile is None else int(action.tile)
        if self.phase == "bid":
            self._bid(seat, int(action.tile))
        elif self.phase == "haidi":
            self._haidi(seat, kind is _K.HAIDI)
        elif self.phase == "turn":
            self._turn_step(seat, kind, tile, auto=auto)
        else:  # a claim: record the answer; resolve once everyone asked has answered
            self._answers[seat] = action
            event: dict[str, Any] = {
                "type": "answer",
                "seat": seat,
                "action": kind.name.lower(),
                "auto": auto,
            }
            if kind in (_K.CHOW, _K.DICE_KONG):
                event["tile"] = tile
            self.log(event)
            if len(self._answers) == len(self._options):
                self._resolve_claims()

    def _bid(self, seat: int, count: int) -> None:
        """The bids are simultaneous: logged, and the hand dealt, once all four are in."""
        self._pending_bids[seat] = count
        if len(self._pending_bids) == 4:
            for s in range(4):
                self.bids[s] = self._pending_bids[s]
                self.log({"type": "bid", "seat": s, "pao": self.bids[s]})
            self._deal()

    def _haidi(self, seat: int, take: bool) -> None:
        """The 海底 taken, or refused: then offered to the next seat; refused by all four,
        the hand is drawn."""
        self.log({"type": "haidi", "seat": seat, "take": take})
        if take:
            self.haidi_taker = seat
            self._draw(seat, "haidi")
            return
        self.haidi_refusals += 1
        if self.haidi_refusals == 4:
            self._end_drawn()
        else:
            self.turn = self._next_in(seat)

    def _turn_step(self, seat: int, kind: ActionKind, tile: int | None, *, auto: bool) -> None:
        st = self.seats[seat]
        if kind is _K.DISCARD or kind is _K.DECLARE:
            assert tile is not None
            self._discard(seat, tile, declare=kind is _K.DECLARE, auto=auto)
        elif kind is _K.SELF_DRAW_WIN:
            assert self.drawn is not None
            self._win([seat], self.drawn, WinKind.SELF_DRAW, None, auto=auto)
        elif kind is _K.OPENING_WIN:
            st.declared_openings = list(st.opening)
            self.log({"type": "opening_win", "seat": seat, "wins": list(st.opening)})
        elif kind is _K.CONCEALED_KONG or (
            kind is _K.DICE_KONG and tile is not None and st.hand[tile] == 4
        ):
            assert tile is not None
            dice = kind is _K.DICE_KONG
            if dice:
                self.log(
                    {
                        "type": "dice_kong",
                        "seat": seat,
                        "tile": tile,
                        "from": None,
                        "concealed": True,
                    }
                )
            else:
                self.log({"type": "concealed_kong", "seat": seat, "tile": tile})
            event = self.next_event - 1
            st.hand[tile] -= 4
            st.melds.append([MeldKind.CONCEALED_KONG, tile, None])
            self._kong_made(KongRecord(seat, MeldKind.CONCEALED_KONG, tile, event=event))
            self._kong_draw(seat, dice=dice)
        elif kind is _K.ADDED_KONG or kind is _K.DICE_KONG:
            assert tile is not None
            if kind is _K.DICE_KONG:
                self.log(
                    {
                        "type": "dice_kong",
                        "seat": seat,
                        "tile": tile,
                        "from": None,
                        "concealed": False,
                    }
                )
            else:
                self.log({"type": "added_kong", "seat": seat, "tile": tile})
            st.hand[tile] -= 1
            self._open_claims(seat, tile, "rob", rob_dice=kind is _K.DICE_KONG)
        else:  # pragma: no cover - legal actions only
            raise AssertionError(kind)
