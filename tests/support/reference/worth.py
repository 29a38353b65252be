"""What a hand is worth to the reference game (RULES §4, §6; the profiles' switches): whether
a seat wins with a tile, its waits, a kong that keeps them, whether it may self-draw or win on a
discard, and the situation of a win that the settlement scores."""

from __future__ import annotations

from collections.abc import Sequence

from koudiandian.meld import MeldKind
from koudiandian.result import WinKind

from tests.support.reference import changsha_hands, guobiao, queyimen
from tests.support.reference.common import POINTS
from tests.support.reference.score import allows_win, is_win, win_points, winning_tiles


class HandWorth:
    """What a hand is worth.

    A part of :class:`~tests.support.reference.game.ReferenceGame` (a mixin): it reads and
    changes the hand's state that ``ReferenceGame.__init__`` sets up, and calls the other
    parts' methods.
    """

    def _of_void(self, seat: int, kind: int) -> bool:
        """Whether ``kind`` is of ``seat``'s void suit and that suit binds (定缺)."""
        void = self.voids[seat]
        return self.sw.void_binds and void is not None and kind // 9 == void

    def _holds_void(self, seat: int, counts: Sequence[int] | None = None) -> bool:
        """Whether ``seat``'s concealed tiles (or ``counts``) hold a tile of its binding void
        suit: then it discards only those and cannot win."""
        counts = self.seats[seat].hand if counts is None else counts
        return any(counts[k] and self._of_void(seat, k) for k in range(27))

    def _wins(self, counts: Sequence[int], melds: Sequence[tuple[int, int]]) -> bool:
        """A complete hand that wins (缺一门 included)."""
        if self.sw.pair_258:
            return changsha_hands.is_win(counts, melds)
        if self.sw.lacks_a_suit and not queyimen.lacks_a_suit(counts, melds):
            return False
        return is_win(counts, melds, self.wild_kinds, self.sw)

    def _waits(self, counts: Sequence[int], melds: Sequence[tuple[int, int]]) -> tuple[int, ...]:
        """Winning tiles of a waiting hand: the kinds, other than wildcards and those held
        four times, that complete it into a win."""
        if self.sw.pair_258:
            return changsha_hands.winning_tiles(counts, melds)
        tiles = winning_tiles(counts, melds, self.wild_kinds, self.sw)
        if self.sw.lacks_a_suit:  # 缺一门
            tiles = tuple(
                t
                for t in tiles
                if queyimen.lacks_a_suit([c + (k == t) for k, c in enumerate(counts)], melds)
            )
        return tiles

    def _wins_with(self, seat: int, tile: int) -> bool:
        st = self.seats[seat]
        counts = list(st.hand)
        counts[tile] += 1
        return not self._holds_void(seat, counts) and self._wins(counts, st.meld_pairs())

    def _seat_waits(self, seat: int, counts: Sequence[int]) -> tuple[int, ...]:
        """``seat``'s winning tiles with the waiting ``counts``: none while it holds a tile
        of its binding void suit."""
        if self._holds_void(seat, counts):
            return ()
        return self._waits(counts, self.seats[seat].meld_pairs())

    def _after_kong(
        self, seat: int, kind: MeldKind, tile: int
    ) -> tuple[list[int], list[tuple[int, int]]]:
        """The seat's position after a kong of ``tile``: ``CONCEALED_KONG`` (four in hand),
        ``ADDED_KONG`` (onto its pong) or ``KONG`` (three in hand and the discard)."""
        st = self.seats[seat]
        counts, melds = list(st.hand), st.meld_pairs()
        if kind is MeldKind.ADDED_KONG:
            counts[tile] -= 1
            added = int(MeldKind.ADDED_KONG)
            melds = [(added, t) if (k, t) == (MeldKind.PONG, tile) else (k, t) for k, t in melds]
        else:
            counts[tile] -= 4 if kind is MeldKind.CONCEALED_KONG else 3
            melds.append((int(kind), tile))
        return counts, melds

    def _kong_keeps_waits(self, seat: int, kind: MeldKind, tile: int) -> bool:
        """Under ``kong_keeps_waits``, whether a declared seat's kong leaves its winning tiles
        as they were (RULES §4). Always true for an undeclared seat or without the option."""
        st = self.seats[seat]
        if not (self.sw.kong_keeps_waits and st.declared):
            return True
        before = list(st.hand)
        if kind is not MeldKind.KONG:  # on its turn: the position before the draw
            assert self.drawn is not None
            before[self.drawn] -= 1
        return self._waits(*self._after_kong(seat, kind, tile)) == self._waits(
            before, st.meld_pairs()
        )

    def _ready_after_kong(self, seat: int, kind: MeldKind, tile: int) -> bool:
        """Whether the hand has a winning tile after the kong (杠 with dice)."""
        return bool(self._waits(*self._after_kong(seat, kind, tile)))

    def _may_self_draw(self, seat: int) -> bool:
        st = self.seats[seat]
        if self.drawn is None or (self.sw.declare and not st.declared):
            return False
        melds = st.meld_pairs()
        if self._holds_void(seat) or not self._wins(st.hand, melds):
            return False
        if self.sw.fan_minimum:
            flags = self.situation(seat, self.drawn, WinKind.SELF_DRAW)
            return guobiao.enough(guobiao.fans(self, seat, st.hand, self.drawn, **flags))
        if not self.sw.thresholds:
            return True
        points = win_points(st.hand, melds, self.drawn, True, self.wild_kinds, self.sw)
        return allows_win(points, True, self.sw)

    def _may_win_on(self, seat: int, tile: int, how: str) -> bool:
        """Whether ``seat`` is offered a win on a discard (or, ``how="rob"``, an added kong)."""
        st = self.seats[seat]
        if how == "rob" and not self.sw.rob_kong:
            return False
        if self.sw.declare and not st.declared:
            return False
        if self.sw.thresholds and not allows_win(POINTS[tile], False, self.sw):
            return False
        if st.passed_win or tile in st.missed:
            return False
        if self.sw.passing_a_win == "draw" and st.missed:  # 过胡 until the seat draws
            return False
        if not self._wins_with(seat, tile):
            return False
        if self.sw.fan_minimum:
            kind = WinKind.ROBBED_KONG if how == "rob" else WinKind.DISCARD
            flags = self.situation(seat, tile, kind, taken=False, how=how)
            counts = list(st.hand)
            counts[tile] += 1
            return guobiao.enough(guobiao.fans(self, seat, counts, tile, **flags))
        return True

    def situation(
        self,
        seat: int,
        tile: int,
        kind: WinKind,
        *,
        taken: bool = True,
        how: str | None = None,
    ) -> dict[str, bool]:
        """The four flags of a win's moment as the fan calculator takes them: self-drawn;
        和绝张 (the other three tiles of the kind in sight; ``taken``: the discard won on is
        already marked taken; never for a robbed kong); about a kong (杠上开花: one's own
        kong's replacement, not a flower's; 抢杠和); the wall's last (妙手回春: the last tile
        drawn; 海底捞月: a win on the discard made after it)."""
        how = self.claim_kind if how is None else how
        if kind is WinKind.SELF_DRAW:
            return {
                "self_drawn": True,
                "last_copy": guobiao.visible(self, tile) == 3,
                "about_kong": self.after_kong == "kong" and not self.after_flower,
                "wall_last": self.wall.remaining == 0,
            }
        robbed = kind is WinKind.ROBBED_KONG
        return {
            "self_drawn": False,
            "last_copy": not robbed and guobiao.visible(self, tile) == (3 if taken else 4),
            "about_kong": robbed,
            "wall_last": how == "haidi",
        }
