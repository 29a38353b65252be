"""Discards and claims in the reference game (RULES §3): a discard logged and offered to the
other seats, their answers resolved by priority (wins, then pong or kong, then chow), the
claimed discard taken from its river."""

from __future__ import annotations

from dataclasses import replace

from koudiandian.action import Action, ActionKind
from koudiandian.meld import MeldKind
from koudiandian.result import WinKind

from tests.support.reference.common import KongRecord

_K = ActionKind


class Claims:
    """Discards and the claims on them.

    A part of :class:`~tests.support.reference.game.ReferenceGame` (a mixin): it reads and
    changes the hand's state that ``ReferenceGame.__init__`` sets up, and calls the other
    parts' methods.
    """

    def _discard(self, seat: int, tile: int, *, declare: bool, auto: bool) -> None:
        st = self.seats[seat]
        st.hand[tile] -= 1
        st.discards.append((tile, declare))
        st.has_discarded = True
        self.discard_count += 1
        self.log({"type": "discard", "seat": seat, "tile": tile, "declare": declare, "auto": auto})
        self.claim_kong_discard = self.after_kong == "dice"
        if declare:
            st.declared = True
            self._draw(self._next_in(seat), "front")  # face down: nobody may claim it
            return
        last = self.sw.last_discard_won_only and self.wall.remaining == 0
        self._open_claims(seat, tile, "haidi" if self.drawn_from == "haidi" or last else "discard")

    def _open_claims(self, source: int, tile: int, how: str, *, rob_dice: bool = False) -> None:
        """Ask the other seats about ``source``'s discard (``discard``), its discard of the
        海底 (``haidi``: wins only) or its added kong (``rob``: wins only). Nobody may claim
        a wildcard. Under ``must_win`` every offered win is taken at once."""
        self.claim_event = self.next_event - 1  # the discard or added kong just logged
        options: dict[int, list[Action]] = {}
        if tile not in self.wild_kinds:
            for i in (1, 2, 3):
                s = (source + i) % 4
                if self.seats[s].left is not None:
                    continue  # a seat that has left the hand is never asked
                acts = self._claim_actions(s, source, tile, how)
                if acts:
                    options[s] = acts
        self.phase = "rob" if how == "rob" else "claim"
        self.turn, self.claim_tile, self.claim_kind = source, tile, how
        self.claim_declared = self.seats[source].declared
        self.rob_dice = rob_dice
        self._options, self._answers = options, {}
        if self.sw.must_win:
            for s, acts in sorted(options.items()):
                if acts[0].kind is _K.WIN:
                    self._answers[s] = acts[0]
                    self.log({"type": "answer", "seat": s, "action": "win", "auto": True})
        if len(self._answers) == len(options):
            self._resolve_claims()

    def _resolve_claims(self) -> None:
        """Wins first (every winner under ``several_winners``, else the first from the
        discarder's 下家 on); else the added kong stands, or a 海底 discard draws the hand;
        else a pong or kong; else a chow; else the next seat draws."""
        source, tile, how = self.turn, self.claim_tile, self.claim_kind
        assert tile is not None
        options, answers = self._options, self._answers
        self._options, self._answers = {}, {}
        for s, acts in options.items():
            if acts[0].kind is _K.WIN and answers[s].kind is not _K.WIN:
                self.seats[s].passed_win = self.sw.passing_a_win == "hand"  # 过胡
                if self.sw.passing_a_win in ("tile", "draw"):  # 漏胡, 过胡 until a draw
                    self.seats[s].missed.add(tile)
        order = [(source + i) % 4 for i in (1, 2, 3)]
        winners = [s for s in order if s in answers and answers[s].kind is _K.WIN]
        if winners:
            winners = winners if self.sw.several_winners else winners[:1]
            kind = WinKind.ROBBED_KONG if how == "rob" else WinKind.DISCARD
            if how != "rob":
                self._take_discard(source)
            self._win(winners, tile, kind, source, auto=False)
            return
        if how == "rob":  # nobody robbed it: the added kong stands
            st = self.seats[source]
            for m in st.melds:
                if m[0] == MeldKind.PONG and m[1] == tile:
                    m[0] = MeldKind.ADDED_KONG
                    break
            self._kong_made(KongRecord(source, MeldKind.ADDED_KONG, tile, event=self.claim_event))
            self._kong_draw(source, dice=self.rob_dice)
            return
        if how == "haidi":
            self._end_drawn()
            return
        for s, a in answers.items():
            st = self.seats[s]
            if a.kind is _K.PONG:
                if st.hand[tile] == 3:
                    st.forfeited.add(tile)  # 过杠: chose pong over kong
                st.hand[tile] -= 2
                st.melds.append([MeldKind.PONG, tile, source])
                self._take_discard(source)
                self.log({"type": "pong", "seat": s, "tile": tile, "from": source})
                self._claimed(s)
                return
            if a.kind is _K.KONG or a.kind is _K.DICE_KONG:
                dice = a.kind is _K.DICE_KONG
                st.hand[tile] -= 3
                st.melds.append([MeldKind.KONG, tile, source])
                self._take_discard(source)
                if dice:
                    self.log(
                        {
                            "type": "dice_kong",
                            "seat": s,
                            "tile": tile,
                            "from": source,
                            "concealed": False,
                        }
                    )
                else:
                    self.log({"type": "kong", "seat": s, "tile": tile, "from": source})
                kong = KongRecord(s, MeldKind.KONG, tile, source, self.claim_declared)
                self._kong_made(replace(kong, event=self.next_event - 1))
                self._kong_draw(s, dice=dice)
                return
        for s, a in answers.items():
            if a.kind is _K.CHOW:
                low = int(a.tile)  # type: ignore[arg-type]
                st = self.seats[s]
                for k in (low, low + 1, low + 2):
                    if k != tile:
                        st.hand[k] -= 1
                st.melds.append([MeldKind.CHOW, low, source, tile])
                self._take_discard(source)
                self.log({"type": "chow", "seat": s, "tile": low, "from": source, "claimed": tile})
                self._claimed(s)
                return
        self._draw(self._next_in(source), "front")

    def _take_discard(self, source: int) -> None:
        """``source``'s last discard is taken (claimed or won on): it stays in its row."""
        self.seats[source].taken.append(len(self.seats[source].discards) - 1)

    def _claimed(self, seat: int) -> None:
        """After a pong or chow the claimer is on turn, with no drawn tile."""
        self.phase, self.turn, self.drawn = "turn", seat, None
        self.drawn_from, self.after_kong = "claim", None
