"""The slow, readable reference of the hand state machine (RULES §2–§6), in Python.

This was the engine before the state machine moved into the Rust core
(``rust/game/mod.rs``); it stays here, written for clarity, as the reference the Rust engine
is tested against: both must log identical events for the same decisions
(``tests/engine/test_game_reference.py``). It is independent of the package's evaluators: it
takes only the package's plain data types (rules, actions, tiles, results, views, errors);
hand evaluation is the brute force of ``hands.py``, scoring is ``score.py``, settlement
``settlement.py`` and the seeded deal ``deal.py``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from koudiandian.action import Action, ActionKind, action_of
from koudiandian.errors import (
    IllegalActionError,
    NotYourTurnError,
)
from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, WinKind, WinSummary
from koudiandian.rules import Rules
from koudiandian.tile import TILES, Tile
from koudiandian.view import MeldView, SeatView

from tests.support.reference.deal import check_seat, deal
from tests.support.reference.hands import _standard as standard_shape
from tests.support.reference.queyimen import fan_of, flags_of, lacks_a_suit, settle
from tests.support.reference.score import (
    POINTS,
    allows_win,
    declarable,
    is_win,
    score_win,
    win_points,
    winning_tiles,
)
from tests.support.reference.settlement import KongRecord, deltas_of, settle_win

__all__ = ["ReferenceGame"]

_FORMAT = "koudiandian-game"
_VERSION = 1
_MELD_NAMES = {k: k.name.lower() for k in MeldKind}
_TILED_ACTIONS = {
    k: tuple(action_of(k, t) for t in range(34)) for k in (ActionKind.DECLARE, ActionKind.DISCARD)
}


def _tiles_of(counts: Sequence[int]) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


class ReferenceGame:
    """One hand of Koudiandian.

    - ``Game(rules, seed=S)``: the wall and wildcard kinds come from the seeded generator
      (xoshiro256** seeded by SplitMix64 from ``S``, a Fisher–Yates shuffle, Lemire's
      unbiased bounded integers: the same on every platform and Python version).
    - ``Game(rules, wall=[...], wildcards=[...])``: exactly that hand (RULES §2 wall order).

    Drive it with :attr:`to_act`, :meth:`legal_actions` and :meth:`step` until
    :attr:`is_over`; then :attr:`result` holds the settlement.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dealer: int = 0,
        wall: Iterable[int] | None = None,
        wildcards: Iterable[int] | None = None,
        scores: Sequence[int] = (0, 0, 0, 0),
    ) -> None:
        rules, wall_list, wild = deal(rules, seed, dealer, wall, wildcards, scores)
        self._setup(rules, dealer, wall_list, sorted(wild), tuple(scores))

    # -- construction -------------------------------------------------------------------

    def _setup(
        self,
        rules: Rules,
        dealer: int,
        wall: list[int],
        wildcards: list[int],
        scores: tuple[int, ...],
    ) -> None:
        self._rules = rules
        self._opts = flags_of(rules)
        self._dealer = dealer
        self._wall = wall
        self._wildcards = tuple(wildcards)
        self._legal: list[Action] | None = None  # the turn seat's legal actions, cached
        self._wild_set = frozenset(wildcards)
        self._scores: tuple[int, int, int, int] = (scores[0], scores[1], scores[2], scores[3])
        self._hands = [[0] * 34 for _ in range(4)]
        self._melds: list[list[list[int | None]]] = [[] for _ in range(4)]  # [kind, tile, source]
        self._discards: list[list[tuple[int, bool]]] = [[] for _ in range(4)]  # (tile, face down)
        self._declared = [False] * 4
        self._passed_win = [False] * 4
        self._forfeited: list[set[int]] = [set() for _ in range(4)]
        self._kongs: list[KongRecord] = []
        self._events: list[dict[str, Any]] = []
        self._result: HandResult | None = None
        self._options: dict[int, list[Action]] = {}
        self._answers: dict[int, Action] = {}
        self._claim_tile: int | None = None
        for i in range(4):
            seat = (dealer + i) % 4
            for t in wall[13 * i : 13 * i + 13]:
                self._hands[seat][t] += 1
        self._hands[dealer][wall[52]] += 1
        self._front = 53
        self._back = 0
        self._phase = "turn"
        self._turn = dealer
        self._drawn: int | None = wall[52]
        self._replacement = False  # the drawn tile came from the back of the wall
        self._events.append(
            {
                "type": "start_hand",
                "dealer": dealer,
                "rules": rules.to_dict(),
                "wildcards": list(self._wildcards),
                "wall": list(wall),
                "scores": list(self._scores),
            }
        )
        self._advance()

    # -- public state -------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def wildcards(self) -> tuple[Tile, ...]:
        return tuple(TILES[k] for k in self._wildcards)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, in seat order; empty only when the hand is over."""
        if self._phase == "turn":
            return (self._turn,)
        if self._phase in ("claim", "rob"):
            return tuple(s for s in sorted(self._options) if s not in self._answers)
        return ()

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def result(self) -> HandResult | None:
        """The settlement, once the hand is over."""
        return self._result

    @property
    def events(self) -> list[dict[str, Any]]:
        """The full event log (a copy): JSON-ready dicts, each with a ``type``."""
        return copy.deepcopy(self._events)

    @property
    def wall_remaining(self) -> int:
        return len(self._wall) - self._front - self._back

    def hand(self, seat: int) -> list[Tile]:
        """Seat ``seat``'s concealed tiles, sorted (the authority's view, not a seat's)."""
        check_seat(seat)
        return [TILES[k] for k in _tiles_of(self._hands[seat])]

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now; empty when it need not act."""
        check_seat(seat)
        if self._phase == "turn" and seat == self._turn:
            if self._legal is None:
                self._legal = self._turn_actions(seat)
            return list(self._legal)
        if self._phase in ("claim", "rob") and seat in self._options and seat not in self._answers:
            return list(self._options[seat])
        return []

    # -- evaluation helpers -------------------------------------------------------------

    def _meld_pairs(self, seat: int) -> list[tuple[int, int]]:
        return [(int(m[0]), int(m[1])) for m in self._melds[seat]]  # type: ignore[arg-type]

    def _waits(self, counts: list[int], melds: list[tuple[int, int]]) -> tuple[int, ...]:
        """Winning tiles of a waiting hand."""
        tiles = winning_tiles(counts, melds, self._wildcards, self._opts)
        if self._opts.queyimen:  # 缺一门
            tiles = tuple(
                t
                for t in tiles
                if lacks_a_suit([c + (k == t) for k, c in enumerate(counts)], melds)
            )
        return tiles

    def _complete(self, counts: list[int], melds: list[tuple[int, int]]) -> bool:
        """A complete hand that wins (缺一门 included)."""
        if self._opts.queyimen and not lacks_a_suit(counts, melds):
            return False
        return is_win(counts, melds, self._wildcards, self._opts)

    def _wins_with(self, seat: int, tile: int) -> bool:
        counts = list(self._hands[seat])
        counts[tile] += 1
        return self._complete(counts, self._meld_pairs(seat))

    def _kong_keeps_waits(self, seat: int, kind: MeldKind, tile: int) -> bool:
        """Under ``kong_keeps_waits``, whether a declared seat's kong leaves its winning tiles
        as they were (RULES §4). Always true for an undeclared seat or without the option."""
        if not (self._opts.kong_keeps_waits and self._declared[seat]):
            return True
        hand = list(self._hands[seat])
        melds = self._meld_pairs(seat)
        if kind is MeldKind.KONG:
            before = self._waits(hand, melds)
            hand[tile] -= 3
            return self._waits(hand, [*melds, (int(kind), tile)]) == before
        drawn = self._drawn
        assert drawn is not None
        hand[drawn] -= 1
        before = self._waits(hand, melds)
        if kind is MeldKind.CONCEALED_KONG:
            hand[tile] -= 3
            after_melds = [*melds, (int(kind), tile)]
        else:
            after_melds = [
                (int(MeldKind.ADDED_KONG), t) if t == tile and k == 0 else (k, t) for k, t in melds
            ]
        return self._waits(hand, after_melds) == before

    def _kong_actions(self, seat: int) -> list[Action]:
        """Concealed and added kongs open to the seat on its turn (after a draw)."""
        hand = self._hands[seat]
        drawn = self._drawn
        out = []
        declared = self._declared[seat]
        for k in range(34):
            if hand[k] == 4 and k not in self._wild_set and (not declared or k == drawn):
                if self._kong_keeps_waits(seat, MeldKind.CONCEALED_KONG, k):
                    out.append(action_of(ActionKind.CONCEALED_KONG, k))
        for m in self._melds[seat]:
            k = int(m[1])  # type: ignore[arg-type]
            if m[0] == MeldKind.PONG and hand[k] >= 1 and (not declared or k == drawn):
                if k in self._forfeited[seat] and not self._opts.delayed_kong:
                    continue
                if self._kong_keeps_waits(seat, MeldKind.ADDED_KONG, k):
                    out.append(action_of(ActionKind.ADDED_KONG, k))
        return out

    def _self_draw_allowed(self, seat: int) -> bool:
        drawn = self._drawn
        if drawn is None or not (self._declared[seat] or self._opts.queyimen):
            return False
        hand, melds = self._hands[seat], self._meld_pairs(seat)
        if not self._complete(hand, melds):
            return False
        if self._opts.queyimen:  # no thresholds
            return True
        points = win_points(hand, melds, drawn, True, self._wildcards, self._opts)
        return allows_win(points, True, self._opts)

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self._hands[seat]
        if self._declared[seat]:
            assert self._drawn is not None
            out = []
            if self._self_draw_allowed(seat):
                out.append(action_of(ActionKind.SELF_DRAW_WIN))
            out.extend(self._kong_actions(seat))
            out.append(action_of(ActionKind.DISCARD, self._drawn))
            return out
        out = self._kong_actions(seat) if self._drawn is not None else []
        if self._opts.queyimen:  # nobody declares; any complete hand may win
            if self._self_draw_allowed(seat):
                out.insert(0, action_of(ActionKind.SELF_DRAW_WIN))
            discard = _TILED_ACTIONS[ActionKind.DISCARD]
            return out + [discard[k] for k in range(34) if hand[k]]
        ready = declarable(hand, self._meld_pairs(seat), self._wildcards, self._opts)
        declare = _TILED_ACTIONS[ActionKind.DECLARE]
        discard = _TILED_ACTIONS[ActionKind.DISCARD]
        out.extend(declare[k] for k in ready)
        out.extend(discard[k] for k in range(34) if hand[k])
        return out

    # -- stepping -----------------------------------------------------------------------

    def step(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``.

        Raises :class:`NotYourTurnError` if ``seat`` is not in :attr:`to_act` and
        :class:`IllegalActionError` (listing the legal actions) if the action is not legal;
        either way the game is left exactly as it was."""
        check_seat(seat)
        if seat not in self.to_act:
            raise NotYourTurnError(
                f"seat {seat} is not to act now"
                + (
                    f"; waiting for seat(s) {list(self.to_act)}"
                    if self.to_act
                    else "; the hand is over"
                )
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

    def _apply(self, seat: int, action: Action, *, auto: bool) -> None:
        self._legal = None
        kind = action.kind
        if self._phase == "turn":
            tile = None if action.tile is None else int(action.tile)
            if kind is ActionKind.DISCARD or kind is ActionKind.DECLARE:
                assert tile is not None
                self._discard(seat, tile, declare=kind is ActionKind.DECLARE, auto=auto)
            elif kind is ActionKind.SELF_DRAW_WIN:
                assert self._drawn is not None
                self._win(seat, self._drawn, WinKind.SELF_DRAW, None, auto=auto)
            elif kind is ActionKind.CONCEALED_KONG:
                assert tile is not None
                self._events.append({"type": "concealed_kong", "seat": seat, "tile": tile})
                self._hands[seat][tile] -= 4
                self._melds[seat].append([MeldKind.CONCEALED_KONG, tile, None])
                self._kongs.append(KongRecord(seat, MeldKind.CONCEALED_KONG, tile))
                self._draw(seat, replacement=True)
            elif kind is ActionKind.ADDED_KONG:
                assert tile is not None
                self._events.append({"type": "added_kong", "seat": seat, "tile": tile})
                self._hands[seat][tile] -= 1
                self._open_claims(seat, tile, robbing=True)
            return
        # claim / rob: record the answer; resolve once everyone asked has answered
        self._answers[seat] = action
        self._events.append(
            {"type": "answer", "seat": seat, "action": kind.name.lower(), "auto": auto}
        )
        if len(self._answers) == len(self._options):
            self._resolve_claims()

    def _advance(self) -> None:
        """Take the engine's own actions until a seat has a real choice or the hand ends."""
        while True:
            if self._phase == "turn" and self._declared[self._turn]:
                seat = self._turn
                legal = self._turn_actions(seat)
                if self._opts.must_win and legal[0].kind is ActionKind.SELF_DRAW_WIN:
                    self._apply(seat, legal[0], auto=True)
                    continue
                if len(legal) == 1:
                    self._apply(seat, legal[0], auto=True)
                    continue
            return

    def _draw(self, seat: int, *, replacement: bool) -> None:
        if self.wall_remaining == 0:
            self._end_drawn()
            return
        if replacement:
            self._back += 1
            tile = self._wall[len(self._wall) - self._back]
        else:
            tile = self._wall[self._front]
            self._front += 1
        self._hands[seat][tile] += 1
        self._phase = "turn"
        self._turn = seat
        self._drawn = tile
        self._replacement = replacement
        self._events.append(
            {"type": "draw", "seat": seat, "tile": tile, "replacement": replacement}
        )

    def _discard(self, seat: int, tile: int, *, declare: bool, auto: bool) -> None:
        self._hands[seat][tile] -= 1
        self._discards[seat].append((tile, declare))
        self._events.append(
            {"type": "discard", "seat": seat, "tile": tile, "declare": declare, "auto": auto}
        )
        if declare:
            self._declared[seat] = True
            self._draw((seat + 1) % 4, replacement=False)  # face down: nobody may claim it
            return
        self._open_claims(seat, tile, robbing=False)

    def _open_claims(self, source: int, tile: int, *, robbing: bool) -> None:
        """Ask the other seats about ``source``'s discard (or added kong, when ``robbing``)."""
        options: dict[int, list[Action]] = {}
        if tile not in self._wild_set:
            for i in (1, 2, 3):
                s = (source + i) % 4
                acts: list[Action] = []
                may_win = self._opts.queyimen or (
                    self._declared[s] and allows_win(POINTS[tile], False, self._opts)
                )
                if may_win and not self._passed_win[s] and self._wins_with(s, tile):
                    acts.append(action_of(ActionKind.WIN))
                if not robbing:
                    held = self._hands[s][tile]
                    if not self._declared[s] and held >= 2:
                        acts.append(action_of(ActionKind.PONG))
                    if held == 3 and self._kong_keeps_waits(s, MeldKind.KONG, tile):
                        acts.append(action_of(ActionKind.KONG))
                if acts:
                    options[s] = [*acts, action_of(ActionKind.PASS)]
        self._phase = "rob" if robbing else "claim"
        self._turn = source
        self._claim_tile = tile
        self._claim_declared = self._declared[source]
        self._options = options
        self._answers = {}
        if self._opts.must_win:
            for s, acts in sorted(options.items()):
                if acts[0].kind is ActionKind.WIN:
                    self._answers[s] = acts[0]
                    self._events.append(
                        {"type": "answer", "seat": s, "action": "win", "auto": True}
                    )
        if len(self._answers) == len(options):
            self._resolve_claims()

    def _resolve_claims(self) -> None:
        source, tile = self._turn, self._claim_tile
        assert tile is not None
        robbing = self._phase == "rob"
        options, answers = self._options, self._answers
        self._options, self._answers = {}, {}
        for s, acts in options.items():
            if acts[0].kind is ActionKind.WIN and answers[s].kind is not ActionKind.WIN:
                # 过胡: from now on only by self-draw (queyimen: no penalty)
                self._passed_win[s] = not self._opts.queyimen
        for i in (1, 2, 3):
            s = (source + i) % 4
            if s in answers and answers[s].kind is ActionKind.WIN:
                kind = WinKind.ROBBED_KONG if robbing else WinKind.DISCARD
                self._win(s, tile, kind, source, auto=False)
                return
        if robbing:  # nobody robbed it: the added kong stands
            for m in self._melds[source]:
                if m[0] == MeldKind.PONG and m[1] == tile:
                    m[0] = MeldKind.ADDED_KONG
                    break
            self._kongs.append(KongRecord(source, MeldKind.ADDED_KONG, tile))
            self._draw(source, replacement=True)
            return
        for s, a in answers.items():
            if a.kind is ActionKind.PONG:
                if self._hands[s][tile] == 3:
                    self._forfeited[s].add(tile)  # 过杠: chose pong over kong
                self._hands[s][tile] -= 2
                self._melds[s].append([MeldKind.PONG, tile, source])
                self._events.append({"type": "pong", "seat": s, "tile": tile, "from": source})
                self._phase, self._turn, self._drawn = "turn", s, None
                return
            if a.kind is ActionKind.KONG:
                self._hands[s][tile] -= 3
                self._melds[s].append([MeldKind.KONG, tile, source])
                self._kongs.append(KongRecord(s, MeldKind.KONG, tile, source, self._claim_declared))
                self._events.append({"type": "kong", "seat": s, "tile": tile, "from": source})
                self._draw(s, replacement=True)
                return
        self._draw((source + 1) % 4, replacement=False)

    # -- the end ------------------------------------------------------------------------

    def _win(self, seat: int, tile: int, kind: WinKind, source: int | None, *, auto: bool) -> None:
        self_draw = kind is WinKind.SELF_DRAW
        if not self_draw:
            self._hands[seat][tile] += 1
        if self._opts.queyimen:
            self._win_queyimen(seat, tile, kind, source, auto=auto)
            return
        value = score_win(
            self._hands[seat], self._meld_pairs(seat), tile, self_draw, self._wildcards, self._rules
        )
        discarder_declared = False if source is None else self._claim_declared
        transfers = settle_win(
            self._rules,
            dealer=self._dealer,
            winner=seat,
            self_draw=self_draw,
            discarder=source,
            discarder_declared=discarder_declared,
            points=value.points,
            factor=value.factor,
            kongs=self._kongs,
        )
        self._events.append(
            {
                "type": "win",
                "seat": seat,
                "tile": tile,
                "kind": kind.value,
                "from": source,
                "auto": auto,
            }
        )
        self._finish(
            HandResult(
                dealer=self._dealer,
                winner=seat,
                win_kind=kind,
                discarder=source,
                win_tile=TILES[tile],
                points=value.points,
                factor=value.factor,
                patterns=value.patterns,
                transfers=tuple(transfers),
                deltas=deltas_of(transfers),
                kongs_made=bool(self._kongs),
                declared=(
                    self._declared[0],
                    self._declared[1],
                    self._declared[2],
                    self._declared[3],
                ),
                winners=(seat,),
                score_items=value.items,
                wins=(
                    WinSummary(seat, kind, TILES[tile], value.points, value.factor, value.items),
                ),
            )
        )

    def _win_queyimen(
        self, seat: int, tile: int, kind: WinKind, source: int | None, *, auto: bool
    ) -> None:
        hand, melds = self._hands[seat], self._meld_pairs(seat)
        fan, patterns, items = fan_of(
            hand,
            melds,
            kind,
            standard=standard_shape(tuple(hand), 0, True, False),
            replacement=self._replacement,
            last_tile=self.wall_remaining == 0,
        )
        transfers = settle(seat, kind, source, fan, self._kongs)
        self._events.append(
            {
                "type": "win",
                "seat": seat,
                "tile": tile,
                "kind": kind.value,
                "from": source,
                "auto": auto,
            }
        )
        self._finish(
            HandResult(
                dealer=self._dealer,
                winner=seat,
                win_kind=kind,
                discarder=source,
                win_tile=TILES[tile],
                points=fan,
                factor=1,
                patterns=patterns,
                transfers=tuple(transfers),
                deltas=deltas_of(transfers),
                kongs_made=bool(self._kongs),
                declared=(False, False, False, False),
                winners=(seat,),
                score_items=items,
                wins=(WinSummary(seat, kind, TILES[tile], fan, 1, items),),
            )
        )

    def _end_drawn(self) -> None:
        if self._opts.queyimen:  # the kongs stand
            transfers = settle(None, None, None, 0, self._kongs)
            self._finish(
                HandResult(
                    dealer=self._dealer,
                    winner=None,
                    win_kind=None,
                    discarder=None,
                    win_tile=None,
                    points=0,
                    factor=1,
                    patterns=(),
                    transfers=tuple(transfers),
                    deltas=deltas_of(transfers),
                    kongs_made=bool(self._kongs),
                    declared=(False, False, False, False),
                )
            )
            return
        self._finish(
            HandResult(
                dealer=self._dealer,
                winner=None,
                win_kind=None,
                discarder=None,
                win_tile=None,
                points=0,
                factor=1,
                patterns=(),
                transfers=(),
                deltas=(0, 0, 0, 0),
                kongs_made=bool(self._kongs),
                declared=(
                    self._declared[0],
                    self._declared[1],
                    self._declared[2],
                    self._declared[3],
                ),
            )
        )

    def _finish(self, result: HandResult) -> None:
        self._result = result
        self._phase = "over"
        self._options, self._answers = {}, {}
        self._events.append(
            {
                "type": "end_hand",
                "result": result.to_dict(),
                "hands": [_tiles_of(h) for h in self._hands],
                "melds": [[[int(m[0]), m[1], m[2]] for m in ms] for ms in self._melds],  # type: ignore[arg-type]
                "discards": [[t for t, _ in ds] for ds in self._discards],
            }
        )

    # -- what a seat may see ------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now, and nothing else."""
        check_seat(seat)
        over = self._phase == "over"
        melds = tuple(
            tuple(
                MeldView(
                    _MELD_NAMES[MeldKind(int(m[0]))],  # type: ignore[arg-type]
                    None
                    if (m[0] == MeldKind.CONCEALED_KONG and s != seat and not over)
                    else TILES[int(m[1])],  # type: ignore[arg-type]
                    None if m[2] is None else int(m[2]),
                )
                for m in self._melds[s]
            )
            for s in range(4)
        )
        discards = tuple(
            tuple(
                None if (down and s != seat and not over) else TILES[t]
                for t, down in self._discards[s]
            )
            for s in range(4)
        )
        hand = self._hands[seat]
        waits: tuple[Tile, ...] | None = None
        n = sum(hand) + 3 * len(self._melds[seat])
        melds_here = self._meld_pairs(seat)
        if n == 13 or (
            n == 14 and self._declared[seat] and self._phase == "turn" and self._turn == seat
        ):
            counts = list(hand)
            if n == 14 and self._drawn is not None:
                counts[self._drawn] -= 1
            w = self._waits(counts, melds_here)
            waits = tuple(TILES[k] for k in w) if w else None
        mine = self._phase == "turn" and self._turn == seat
        return SeatView(
            seat=seat,
            dealer=self._dealer,
            rules=self._rules,
            phase=self._phase,
            turn=self._turn,
            hand=tuple(TILES[k] for k in _tiles_of(hand)),
            drawn=TILES[self._drawn] if mine and self._drawn is not None else None,
            melds=melds,
            discards=discards,
            declared=(self._declared[0], self._declared[1], self._declared[2], self._declared[3]),
            passed_win=self._passed_win[seat],
            claim_tile=TILES[self._claim_tile]
            if self._phase in ("claim", "rob") and self._claim_tile is not None
            else None,
            wall_remaining=self.wall_remaining,
            wildcards=self.wildcards,
            winning_tiles=waits,
            scores=self._scores,
            legal_actions=tuple(self.legal_actions(seat)),
            result=self._result,
        )

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self._phase}, to act {list(self.to_act)}"
        return f"<Game dealer={self._dealer} wall_remaining={self.wall_remaining} {state}>"
