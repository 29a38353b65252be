"""The reference game's legal actions (RULES §3, §4; RULES-hebei.md, RULES-changsha.md): on a
seat's turn (discards, declarations, kongs, wins), on another seat's discard or added kong (the
claims), in the bid, before play and at the 海底, in the engine's order."""

from __future__ import annotations

from koudiandian.action import Action, ActionKind, action_of
from koudiandian.meld import MeldKind

from tests.support.reference import hebei
from tests.support.reference.deal import check_seat
from tests.support.reference.score import declarable

_K = ActionKind
_TILED = {k: tuple(action_of(k, t) for t in range(34)) for k in (_K.DECLARE, _K.DISCARD)}
_PASS = action_of(_K.PASS)


class LegalActions:
    """The legal actions of each phase.

    A part of :class:`~tests.support.reference.game.ReferenceGame` (a mixin): it reads and
    changes the hand's state that ``ReferenceGame.__init__`` sets up, and calls the other
    parts' methods.
    """

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now, in the engine's order; empty when it need not act."""
        check_seat(seat)
        if seat not in self.to_act:
            return []
        if self.phase == "turn":
            if self._legal is None:
                self._legal = self._turn_actions(seat)
            return list(self._legal)
        if self.phase == "bid":
            return [hebei.pao_action(n) for n in range(4)]
        if self.phase in ("exchange", "void"):
            return self._before_play_actions(seat)  # type: ignore[return-value]
        if self.phase == "haidi":
            return [action_of(_K.HAIDI), _PASS]
        return list(self._options[seat])

    # -- on a turn and on a claim ---------------------------------------------------------

    def _kong_actions(self, seat: int) -> list[Action]:
        """On its turn after a draw: concealed kongs (by kind, no wildcard kind), added kongs
        (in meld order), then 杠 with dice of either (by kind, ready after it, dice left). A
        declared seat may kong only the kind it drew."""
        st, drawn = self.seats[seat], self.drawn
        free = not st.declared
        concealed = [
            k
            for k in range(34)
            if st.hand[k] == 4
            and k not in self.wild_kinds
            and (free or k == drawn)
            and not self._of_void(seat, k)
        ]
        added = [
            int(m[1])
            for m in st.melds
            if m[0] == MeldKind.PONG
            and st.hand[m[1]] >= 1
            and (free or m[1] == drawn)
            and not (self.sw.forfeit_kong_after_pong and m[1] in st.forfeited)
        ]
        out = [
            action_of(_K.CONCEALED_KONG, k)
            for k in concealed
            if self._kong_keeps_waits(seat, MeldKind.CONCEALED_KONG, k)
        ]
        out += [
            action_of(_K.ADDED_KONG, k)
            for k in added
            if self._kong_keeps_waits(seat, MeldKind.ADDED_KONG, k)
        ]
        if self.dice_used < len(self.dice):
            dice = [
                k for k in concealed if self._ready_after_kong(seat, MeldKind.CONCEALED_KONG, k)
            ]
            dice += [k for k in added if self._ready_after_kong(seat, MeldKind.ADDED_KONG, k)]
            out += [action_of(_K.DICE_KONG, k) for k in sorted(dice)]
        return out

    def _turn_actions(self, seat: int) -> list[Action]:
        """自摸 (when the hand may win); a seat locked by 杠 with dice, or the 海底's taker,
        then only discards its drawn tile. Else: its opening wins (until its first discard),
        kongs (after a draw), then a declared seat discards its drawn tile; an undeclared one
        may declare (报听) with each discard that allows it, then discard any kind held (only
        those of its void suit while it holds one, where the void suit binds)."""
        st, drawn = self.seats[seat], self.drawn
        out = [action_of(_K.SELF_DRAW_WIN)] if self._may_self_draw(seat) else []
        if st.locked or self.drawn_from == "haidi":
            assert drawn is not None
            return [*out, _TILED[_K.DISCARD][drawn]]
        if self.sw.opening_wins and st.opening and not (st.has_discarded or st.declared_openings):
            out.append(action_of(_K.OPENING_WIN))
        if drawn is not None and (self.wall.remaining or not self.sw.kong_needs_a_tile):
            out += self._kong_actions(seat)
        if st.declared:
            assert drawn is not None
            return [*out, _TILED[_K.DISCARD][drawn]]
        if self.sw.declare:
            ready = declarable(st.hand, st.meld_pairs(), self.wild_kinds, self.sw)
            out += [_TILED[_K.DECLARE][k] for k in ready]
        held = [k for k in range(34) if st.hand[k]]
        if self._holds_void(seat):  # 定缺 binds: the void suit goes first
            held = [k for k in held if self._of_void(seat, k)]
        return out + [_TILED[_K.DISCARD][k] for k in held]

    def _claim_actions(self, seat: int, source: int, tile: int, how: str) -> list[Action]:
        """What ``seat`` is offered on ``source``'s ``tile``: win, then on a discard (not of
        the 海底) pong, kong, 杠 with dice and chows (the 下家 only, by lowest tile), then
        pass; nothing to a locked seat but the win, no pong or kong of its bound void suit."""
        st = self.seats[seat]
        acts = [action_of(_K.WIN)] if self._may_win_on(seat, tile, how) else []
        if how == "discard" and not st.locked and not self._of_void(seat, tile):
            held = st.hand[tile]
            if held >= 2 and not st.declared:
                acts.append(action_of(_K.PONG))
            tile_left = self.wall.remaining or not self.sw.kong_needs_a_tile
            if held == 3 and tile_left and self._kong_keeps_waits(seat, MeldKind.KONG, tile):
                acts.append(action_of(_K.KONG))
                if self.dice_used < len(self.dice) and self._ready_after_kong(
                    seat, MeldKind.KONG, tile
                ):
                    acts.append(action_of(_K.DICE_KONG, tile))
            if self.sw.chow and seat == (source + 1) % 4 and tile < 27:
                base, rank = divmod(tile, 9)
                for low in range(base * 9 + max(0, rank - 2), base * 9 + min(6, rank) + 1):
                    others = [k for k in (low, low + 1, low + 2) if k != tile]
                    if all(st.hand[k] and k not in self.wild_kinds for k in others):
                        acts.append(action_of(_K.CHOW, low))
        return [*acts, _PASS] if acts else []
