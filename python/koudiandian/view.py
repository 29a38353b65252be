"""What one seat may know (docs/rules.md §3, §4): its own tiles, everything public, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .action import Action, ActionKind, action_of
from .hand import ReadyDiscard, ready_discards
from .meld import Meld
from .result import HandResult
from .rules import Rules
from .tile import TILES, Tile, format_tiles

__all__ = ["SeatView", "MeldView"]


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld as a seat sees it: ``tile`` is ``None`` for another seat's concealed kong;
    ``source`` is the seat whose discard made it (``None`` for a concealed kong)."""

    kind: str  # "pong", "kong", "added_kong", "concealed_kong", "chow" (tile: the lowest)
    tile: Tile | None
    source: int | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a hand. Other seats' concealed tiles, the wall order, other seats'
    concealed-kong kinds and face-down 报听 discards, and the generator's seed are not in it.

    ``discards[s]`` lists seat ``s``'s discards in order, ``None`` for a face-down one that
    this seat may not see; ``claimed[s]`` the indices into it of those another seat took (a
    pong, kong or chow, or a win on it), which stay in the row. ``winning_tiles`` is this seat's winning tiles when it holds a
    waiting hand that is ready (for a declared seat on its turn, those of its locked hand),
    else ``None``. ``legal_actions`` is empty unless this seat must act now. ``flowers[s]``
    lists seat ``s``'s flowers set aside, ``indicator`` is the face-up tile the 混 follows
    and ``bids`` each seat's 跑 once all have bid (profiles with flowers, an indicator or
    bids; empty, ``None`` and zeros otherwise). ``prevalent_wind`` is the hand's 圈风 (0 东,
    1 南, 2 西, 3 北; a seat's 门风 is its distance from the dealer).

    ``passed_win``: this seat passed a win and may not win on another seat's tile (过胡): for
    the rest of the hand, or in ``sichuan`` until it next draws.

    ``running`` is each seat's score now: ``scores`` (at the deal) plus the payments made
    since (in profiles that pay kongs and wins as they happen; ``scores`` otherwise).
    ``voids[s]`` is seat ``s``'s void suit (0 m, 1 p, 2 s; 定缺) once every seat has
    declared, before that only this seat's own choice, else ``None``. ``left[s]`` is the
    index in the hand's log of the ``win`` event at which seat ``s`` left the hand (a winner
    where play goes on), ``None`` while it plays. ``picked`` lists the tiles this seat has
    picked, in order, for the exchange before play, until they are passed.
    ``part_remaining`` is the tiles left in each seat's part of a wall cut in four parts
    (the ``botzone`` rules), else ``None``. A view read from a dict without these fields (an
    older core's) gets ``scores``, ``None`` and nothing.

    A view taken while other seats answer a discard shows ``phase == "claim"``: a server
    that must not reveal that another seat has a choice sends a seat its view only when it
    must act, and otherwise the events of ``Game.events_for(seat)``."""

    seat: int
    dealer: int
    rules: Rules
    phase: str  # "bid", "exchange", "void", "turn", "claim", "rob" or "over"
    turn: int  # the seat whose turn it is (or whose discard / kong is being claimed)
    hand: tuple[Tile, ...]
    drawn: Tile | None
    melds: tuple[tuple[MeldView, ...], ...]
    discards: tuple[tuple[Tile | None, ...], ...]
    declared: tuple[bool, bool, bool, bool]
    passed_win: bool
    claim_tile: Tile | None
    wall_remaining: int
    wildcards: tuple[Tile, ...]
    winning_tiles: tuple[Tile, ...] | None
    scores: tuple[int, int, int, int]
    legal_actions: tuple[Action, ...]
    result: HandResult | None
    flowers: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    indicator: Tile | None = None
    bids: tuple[int, int, int, int] = (0, 0, 0, 0)
    claimed: tuple[tuple[int, ...], ...] = ((), (), (), ())
    prevalent_wind: int = 0
    running: tuple[int, int, int, int] = (0, 0, 0, 0)
    voids: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    left: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    picked: tuple[Tile, ...] = ()
    part_remaining: tuple[int, int, int, int] | None = None

    def __repr__(self) -> str:
        """One line: the seat, the phase, its own tiles and what it may do (the full
        dataclass repr runs to many lines)."""
        hand = format_tiles(self.hand) if self.hand else "-"
        melds = " ".join(
            f"{m.kind}:{'?' if m.tile is None else m.tile}" for m in self.melds[self.seat]
        )
        drawn = "" if self.drawn is None else f" drawn={self.drawn}"
        return (
            f"<SeatView seat={self.seat} phase={self.phase} turn={self.turn} hand={hand}"
            f"{drawn}{' melds=' + melds if melds else ''} wall_remaining={self.wall_remaining}"
            f" legal={len(self.legal_actions)}>"
        )

    def ready_discards(self) -> list[ReadyDiscard]:
        """The discards that leave this seat's hand ready (听牌), with the winning tiles
        (听口) after each, as :func:`koudiandian.ready_discards` gives them for its
        concealed tiles, its melds and the hand's wildcards. Precondition: the seat holds
        3n+2 tiles (its turn, before it discards)."""
        melds = [Meld.of(m.kind, m.tile) for m in self.melds[self.seat] if m.tile is not None]
        return ready_discards(self.hand, melds=melds, wildcards=self.wildcards, rules=self.rules)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (tiles as ints 0–33)."""

        def t(x: Tile | None) -> int | None:
            return None if x is None else int(x)

        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "turn": self.turn,
            "hand": [int(x) for x in self.hand],
            "drawn": t(self.drawn),
            "melds": [
                [{"kind": m.kind, "tile": t(m.tile), "source": m.source} for m in seat]
                for seat in self.melds
            ],
            "discards": [[t(x) for x in seat] for seat in self.discards],
            "declared": list(self.declared),
            "passed_win": self.passed_win,
            "claim_tile": t(self.claim_tile),
            "wall_remaining": self.wall_remaining,
            "wildcards": [int(x) for x in self.wildcards],
            "winning_tiles": None
            if self.winning_tiles is None
            else [int(x) for x in self.winning_tiles],
            "scores": list(self.scores),
            "legal_actions": [a.to_dict() for a in self.legal_actions],
            "result": None if self.result is None else self.result.to_dict(),
            "flowers": [[int(x) for x in seat] for seat in self.flowers],
            "indicator": t(self.indicator),
            "bids": list(self.bids),
            "claimed": [list(seat) for seat in self.claimed],
            "prevalent_wind": self.prevalent_wind,
            "running": list(self.running),
            "voids": list(self.voids),
            "left": list(self.left),
            "picked": [int(x) for x in self.picked],
            **(
                {} if self.part_remaining is None else {"part_remaining": list(self.part_remaining)}
            ),
        }

    @classmethod
    def from_dict(
        cls, d: dict[str, Any], *, rules: Rules, result: HandResult | None = None
    ) -> SeatView:
        """The view of :meth:`to_dict`'s shape (as the Rust core builds it), with the
        ``rules`` object and the settled ``result`` it refers to."""

        def t(x: int | None) -> Tile | None:
            return None if x is None else TILES[x]

        wins = d["winning_tiles"]
        return cls(
            seat=d["seat"],
            dealer=d["dealer"],
            rules=rules,
            phase=d["phase"],
            turn=d["turn"],
            hand=tuple(TILES[x] for x in d["hand"]),
            drawn=t(d["drawn"]),
            melds=tuple(
                tuple(MeldView(m["kind"], t(m["tile"]), m["source"]) for m in seat)
                for seat in d["melds"]
            ),
            discards=tuple(tuple(t(x) for x in seat) for seat in d["discards"]),
            declared=tuple(d["declared"]),
            passed_win=d["passed_win"],
            claim_tile=t(d["claim_tile"]),
            wall_remaining=d["wall_remaining"],
            wildcards=tuple(TILES[x] for x in d["wildcards"]),
            winning_tiles=None if wins is None else tuple(TILES[x] for x in wins),
            scores=tuple(d["scores"]),
            legal_actions=tuple(
                action_of(ActionKind[a["kind"].upper()], a["tile"]) for a in d["legal_actions"]
            ),
            result=result,
            flowers=tuple(tuple(Tile(x) for x in seat) for seat in d.get("flowers", [[]] * 4)),
            indicator=t(d.get("indicator")),
            bids=tuple(d.get("bids", (0, 0, 0, 0))),
            claimed=tuple(tuple(seat) for seat in d.get("claimed", [[]] * 4)),
            prevalent_wind=d.get("prevalent_wind", 0),
            running=tuple(d.get("running", d["scores"])),
            voids=tuple(d.get("voids", (None, None, None, None))),
            left=tuple(d.get("left", (None, None, None, None))),
            picked=tuple(TILES[x] for x in d.get("picked", ())),
            part_remaining=None if d.get("part_remaining") is None else tuple(d["part_remaining"]),
        )
