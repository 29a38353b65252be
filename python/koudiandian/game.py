"""One hand (局) of Koudiandian: the authoritative state machine of RULES §2–§6.

The state machine itself runs in the Rust core (``rust/game/mod.rs``; its readable Python
reference is ``tests/reference_game.py``). This class validates what it is given, turns the
core's log into JSON-ready events, settles the hand (``settlement.py``), and builds what
each seat may see.
"""

from __future__ import annotations

import copy
import json
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from . import _core
from .action import Action, ActionKind, action_from_code
from .errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidEventLogError,
    InvalidWallError,
    KoudiandianError,
    NotYourTurnError,
)
from .meld import MeldKind
from .result import HandResult, WinKind
from .rules import Rules, WildcardMode
from .score import Pattern
from .settlement import KongRecord, deltas_of, settle_win
from .tile import TILES, Tile
from .view import MeldView, SeatView

__all__ = ["Game"]

_FORMAT = "koudiandian-game"
_VERSION = 1
_PHASES = ("turn", "claim", "rob", "over")
_MELD_NAMES = tuple(k.name.lower() for k in MeldKind)
_WIN_KINDS = (WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.ROBBED_KONG)
_ACT_NAMES = tuple(k.name.lower() for k in ActionKind)


def _tiles_of(counts: Sequence[int]) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


class Game:
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
        rules, wall_list, wild = _deal(rules, seed, dealer, wall, wildcards, scores)
        self._rules = rules
        self._dealer = dealer
        self._wall = list(wall_list)
        self._wildcards = tuple(sorted(wild))
        self._scores: tuple[int, int, int, int] = (scores[0], scores[1], scores[2], scores[3])
        self._core = _core.GameCore(
            rules._flags,
            rules.kong_keeps_waits,
            rules.must_win,
            rules.delayed_kong,
            dealer,
            self._wall,
            list(self._wildcards),
        )
        self._rendered: list[dict[str, Any]] = []
        self._result: HandResult | None = None

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
        return tuple(self._core.to_act())

    @property
    def is_over(self) -> bool:
        return self._core.phase() == 3

    @property
    def phase(self) -> str:
        """``"turn"``, ``"claim"`` (answering a discard), ``"rob"`` (answering an added
        kong) or ``"over"``."""
        return _PHASES[self._core.phase()]

    @property
    def result(self) -> HandResult | None:
        """The settlement, once the hand is over."""
        if self._result is None and self._core.phase() == 3:
            self._result = self._settle()
        return self._result

    @property
    def events(self) -> list[dict[str, Any]]:
        """The full event log (a copy): JSON-ready dicts, each with a ``type``."""
        return copy.deepcopy(self._log())

    @property
    def wall_remaining(self) -> int:
        front, back = self._core.wall_position()
        return len(self._wall) - front - back

    def hand(self, seat: int) -> list[Tile]:
        """Seat ``seat``'s concealed tiles, sorted (the authority's view, not a seat's)."""
        _check_seat(seat)
        return [TILES[k] for k in _tiles_of(self._core.hand(seat))]

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now; empty when it need not act."""
        _check_seat(seat)
        return [action_from_code(c) for c in self._core.legal_actions(seat)]

    def step(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``.

        Raises :class:`NotYourTurnError` if ``seat`` is not in :attr:`to_act` and
        :class:`IllegalActionError` (listing the legal actions) if the action is not legal;
        either way the game is left exactly as it was."""
        if not isinstance(action, Action):
            _check_seat(seat)
            raise IllegalActionError(f"expected an Action, got {action!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise InvalidArgumentError(f"seat must be 0–3, got {seat!r}")
        status = self._core.step(seat, action.code)
        if status == 1:
            to_act = self.to_act
            raise NotYourTurnError(
                f"seat {seat} is not to act now"
                + (f"; waiting for seat(s) {list(to_act)}" if to_act else "; the hand is over")
            )
        if status == 2:
            legal = self.legal_actions(seat)
            raise IllegalActionError(
                f"{action} is not legal for seat {seat} now; legal: {', '.join(map(str, legal))}"
            )

    # -- the log ------------------------------------------------------------------------

    def _log(self) -> list[dict[str, Any]]:
        """The rendered event log (the cache itself: do not mutate)."""
        rendered = self._rendered
        if len(rendered) < self._core.event_count():
            for kind, seat, tile, a, b, c in self._core.events_from(len(rendered)):
                rendered.append(self._render(kind, seat, tile, a, b, c))
        return rendered

    def _render(self, kind: int, seat: int, tile: int, a: int, b: int, c: int) -> dict[str, Any]:
        if kind == 0:
            return {
                "type": "start_hand",
                "dealer": self._dealer,
                "rules": self._rules.to_dict(),
                "wildcards": list(self._wildcards),
                "wall": list(self._wall),
                "scores": list(self._scores),
            }
        if kind == 1:
            return {"type": "draw", "seat": seat, "tile": tile, "replacement": bool(a)}
        if kind == 2:
            return {
                "type": "discard",
                "seat": seat,
                "tile": tile,
                "declare": bool(a),
                "auto": bool(b),
            }
        if kind == 3:
            return {"type": "concealed_kong", "seat": seat, "tile": tile}
        if kind == 4:
            return {"type": "added_kong", "seat": seat, "tile": tile}
        if kind == 5:
            return {"type": "answer", "seat": seat, "action": _ACT_NAMES[a], "auto": bool(b)}
        if kind == 6:
            return {"type": "pong", "seat": seat, "tile": tile, "from": a}
        if kind == 7:
            return {"type": "kong", "seat": seat, "tile": tile, "from": a}
        if kind == 8:
            return {
                "type": "win",
                "seat": seat,
                "tile": tile,
                "kind": _WIN_KINDS[a].value,
                "from": None if b < 0 else b,
                "auto": bool(c),
            }
        result = self.result
        assert result is not None
        return {
            "type": "end_hand",
            "result": result.to_dict(),
            "hands": [_tiles_of(self._core.hand(s)) for s in range(4)],
            "melds": [[[k, t, src] for k, t, src in self._core.melds(s)] for s in range(4)],
            "discards": [[t for t, _ in self._core.discards(s)] for s in range(4)],
        }

    # -- the end ------------------------------------------------------------------------

    def _settle(self) -> HandResult:
        core = self._core
        declared = tuple(core.declared())
        kongs = [KongRecord(s, MeldKind(k), t, f, fd) for s, k, t, f, fd in core.kongs()]
        outcome = core.outcome()
        if outcome is None:
            return HandResult(
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
                kongs_made=bool(kongs),
                declared=declared,  # type: ignore[arg-type]
            )
        winner, tile, kind, discarder, discarder_declared, points, factor, bits = outcome
        win_kind = _WIN_KINDS[kind]
        transfers = settle_win(
            self._rules,
            dealer=self._dealer,
            winner=winner,
            self_draw=win_kind is WinKind.SELF_DRAW,
            discarder=discarder,
            discarder_declared=discarder_declared,
            points=points,
            factor=factor,
            kongs=kongs,
        )
        return HandResult(
            dealer=self._dealer,
            winner=winner,
            win_kind=win_kind,
            discarder=discarder,
            win_tile=TILES[tile],
            points=points,
            factor=factor,
            patterns=Pattern.from_bits(bits),
            transfers=tuple(transfers),
            deltas=deltas_of(transfers),
            kongs_made=bool(kongs),
            declared=declared,  # type: ignore[arg-type]
        )

    # -- what a seat may see ------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now, and nothing else."""
        _check_seat(seat)
        core = self._core
        phase = core.phase()
        over = phase == 3
        turn = core.turn()
        melds = tuple(
            tuple(
                MeldView(
                    _MELD_NAMES[k],
                    None if (k == MeldKind.CONCEALED_KONG and s != seat and not over) else TILES[t],
                    src,
                )
                for k, t, src in core.melds(s)
            )
            for s in range(4)
        )
        discards = tuple(
            tuple(
                None if (down and s != seat and not over) else TILES[t]
                for t, down in core.discards(s)
            )
            for s in range(4)
        )
        waits = core.waits(seat)
        drawn = core.drawn()
        claim = core.claim_tile()
        declared = core.declared()
        return SeatView(
            seat=seat,
            dealer=self._dealer,
            rules=self._rules,
            phase=_PHASES[phase],
            turn=turn,
            hand=tuple(TILES[k] for k in _tiles_of(core.hand(seat))),
            drawn=TILES[drawn] if phase == 0 and turn == seat and drawn is not None else None,
            melds=melds,
            discards=discards,
            declared=(declared[0], declared[1], declared[2], declared[3]),
            passed_win=core.passed_win()[seat],
            claim_tile=TILES[claim] if phase in (1, 2) and claim is not None else None,
            wall_remaining=self.wall_remaining,
            wildcards=self.wildcards,
            winning_tiles=tuple(TILES[k] for k in range(34) if waits >> k & 1) if waits else None,
            scores=self._scores,
            legal_actions=tuple(self.legal_actions(seat)),
            result=self.result,
        )

    def events_for(self, seat: int) -> list[dict[str, Any]]:
        """The event log as ``seat`` may see it: other seats' tiles, draws, face-down
        discards, concealed-kong kinds and claim answers masked or left out, and no wall."""
        _check_seat(seat)
        out = []
        for e in self._log():
            kind = e["type"]
            if kind == "start_hand":
                m = {k: v for k, v in e.items() if k != "wall"}
                wall = e["wall"]
                i = (seat - e["dealer"]) % 4
                m["hand"] = wall[13 * i : 13 * i + 13] + ([wall[52]] if i == 0 else [])
                m["wall_size"] = len(wall)
                m["wildcards"] = list(e["wildcards"])
                m["scores"] = list(e["scores"])
                m["rules"] = dict(e["rules"])
                out.append(m)
            elif kind == "answer":
                if e["seat"] == seat:
                    out.append(dict(e))
            elif e.get("seat") != seat and kind in ("draw", "concealed_kong"):
                out.append({**e, "tile": None})
            elif e.get("seat") != seat and kind == "discard":
                m = {k: v for k, v in e.items() if k != "auto"}
                if e["declare"]:
                    m["tile"] = None
                out.append(m)
            else:
                out.append(copy.deepcopy(e))
        return out

    # -- the authority's state, for tests and tools ---------------------------------------

    @property
    def _hands(self) -> list[list[int]]:
        return [list(self._core.hand(s)) for s in range(4)]

    @property
    def _melds(self) -> list[list[list[int | None]]]:
        return [[[k, t, src] for k, t, src in self._core.melds(s)] for s in range(4)]

    @property
    def _discards(self) -> list[list[tuple[int, bool]]]:
        return [list(self._core.discards(s)) for s in range(4)]

    @property
    def _declared(self) -> list[bool]:
        return list(self._core.declared())

    @property
    def _front(self) -> int:
        return int(self._core.wall_position()[0])

    @property
    def _back(self) -> int:
        return int(self._core.wall_position()[1])

    # -- persistence --------------------------------------------------------------------

    @classmethod
    def replay(cls, events: Sequence[dict[str, Any]]) -> Game:
        """Rebuild a game from its full event log (as :attr:`events` gives it), checking that
        the rebuilt game logs exactly the same events. Raises :class:`InvalidEventLogError`."""
        if not isinstance(events, Sequence) or not events or not isinstance(events[0], dict):
            raise InvalidEventLogError("an event log is a non-empty list of event dicts")
        start = events[0]
        if start.get("type") != "start_hand":
            raise InvalidEventLogError("the first event must be 'start_hand'")
        try:
            rules = Rules.from_dict(start["rules"])
            game = cls(
                rules,
                dealer=start["dealer"],
                wall=start["wall"],
                wildcards=start["wildcards"],
                scores=start.get("scores", (0, 0, 0, 0)),
            )
        except (KeyError, TypeError, AttributeError) as e:
            raise InvalidEventLogError(f"bad start_hand event: {e!r}") from None
        except KoudiandianError as e:
            raise InvalidEventLogError(f"bad start_hand event: {e}") from None
        for n, event in enumerate(events[1:], start=1):
            action = _decision(event, n)
            if action is None:
                continue
            seat = event.get("seat")
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise InvalidEventLogError(
                    f"event {n} ({event.get('type')}) has no valid seat: {seat!r}"
                )
            try:
                game.step(seat, action)
            except KoudiandianError as err:
                raise InvalidEventLogError(
                    f"event {n} ({event.get('type')}) cannot be replayed: {err}"
                ) from None
        got = game._log()
        # Compare as JSON: the log must replay to the same text, so 0 is not false, 1.0 not 1.
        if json.dumps(got, sort_keys=True) != json.dumps(list(events), sort_keys=True):
            n = next(
                (i for i, (a, b) in enumerate(zip(got, events)) if a != b),
                min(len(got), len(events)),
            )
            raise InvalidEventLogError(
                f"the log does not replay to itself: event {n} differs "
                f"(logged {events[n] if n < len(events) else 'nothing'}, "
                f"replayed {got[n] if n < len(got) else 'nothing'})"
            )
        return game

    def to_json(self) -> str:
        """The whole game state as JSON (its full event log; deterministic text)."""
        return json.dumps(
            {"format": _FORMAT, "version": _VERSION, "events": self._log()},
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game from :meth:`to_json`. Raises :class:`InvalidEventLogError`."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as e:
            raise InvalidEventLogError(f"not JSON: {e}") from None
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise InvalidEventLogError(
                f"not a koudiandian game state (format {_FORMAT!r} expected)"
            )
        if data.get("version") != _VERSION:
            raise InvalidEventLogError(f"unsupported version {data.get('version')!r}")
        events = data.get("events")
        if not isinstance(events, list):
            raise InvalidEventLogError("'events' must be a list")
        return cls.replay(events)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Game.from_json, (self.to_json(),))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._log() == other._log()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.phase}, to act {list(self.to_act)}"
        return f"<Game dealer={self._dealer} wall_remaining={self.wall_remaining} {state}>"


_TURN_DECISIONS = {"discard", "concealed_kong", "added_kong"}


def _decision(e: Any, n: int) -> Action | None:
    """The decision an event records, or ``None`` for an event the engine makes itself."""
    if not isinstance(e, dict) or "type" not in e:
        raise InvalidEventLogError(f"event {n} is not a type-tagged dict: {e!r}")
    kind = e["type"]
    try:
        if kind in _TURN_DECISIONS:
            if kind == "discard":
                if e["auto"]:
                    return None
                return Action(ActionKind.DECLARE if e["declare"] else ActionKind.DISCARD, e["tile"])
            return Action(ActionKind[kind.upper()], e["tile"])
        if kind == "answer":
            return None if e["auto"] else Action(ActionKind[str(e["action"]).upper()])
        if kind == "win":
            return (
                Action(ActionKind.SELF_DRAW_WIN)
                if e["kind"] == "self_draw" and not e["auto"]
                else None
            )
    except (KeyError, TypeError, KoudiandianError) as err:
        raise InvalidEventLogError(f"event {n} ({kind}) is malformed: {err!r}") from None
    if kind in ("draw", "pong", "kong", "end_hand"):
        return None
    raise InvalidEventLogError(f"event {n} has unknown type {kind!r}")


def _check_seat(seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise InvalidArgumentError(f"seat must be 0–3, got {seat!r}")


def _deal(
    rules: Rules | None,
    seed: int | None,
    dealer: int,
    wall: Iterable[int] | None,
    wildcards: Iterable[int] | None,
    scores: Sequence[int],
) -> tuple[Rules, list[int], list[int]]:
    """Check a hand's arguments (see :class:`Game`); the rules, the wall and the wildcard
    kinds, from the seeded generator or checked from the given wall."""
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules, got {type(rules).__name__}")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
        raise InvalidArgumentError(f"dealer must be a seat 0–3, got {dealer!r}")
    if len(scores) != 4 or not all(isinstance(s, int) for s in scores):
        raise InvalidArgumentError(f"scores must be four ints, got {scores!r}")
    mode = rules.wildcards
    if wall is None:
        if wildcards is not None:
            raise InvalidArgumentError("wildcards are given only together with a wall")
        if seed is None:
            seed = secrets.randbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
        wall_list, wild = _core.deal(seed, rules.no_honors, mode.kinds, mode is WildcardMode.HONOR)
    else:
        if seed is not None:
            raise InvalidArgumentError("give a seed or a wall, not both")
        wall_list, wild = _check_wall(rules, wall, wildcards)
    return rules, wall_list, wild


def _check_wall(
    rules: Rules, wall: Iterable[int], wildcards: Iterable[int] | None
) -> tuple[list[int], list[int]]:
    try:
        tiles = list(wall) if not isinstance(wall, str) else _core.parse_tiles(wall)
    except (TypeError, ValueError) as e:
        raise InvalidWallError(f"wall must be tile indices: {e}") from None
    for pos, t in enumerate(tiles):
        if isinstance(t, bool) or not isinstance(t, int):
            raise InvalidWallError(f"wall position {pos} holds {t!r}, not a tile index 0–33")
    kinds = 27 if rules.no_honors else 34
    counts = [0] * 34
    for pos, t in enumerate(tiles):
        if not 0 <= t < kinds:
            raise InvalidWallError(f"tile {t} at wall position {pos} is not in play")
        counts[t] += 1
    if len(tiles) != 4 * kinds or any(counts[k] != 4 for k in range(kinds)):
        bad = [f"{TILES[k]}×{counts[k]}" for k in range(kinds) if counts[k] != 4]
        raise InvalidWallError(
            f"a wall holds each of the {kinds} kinds in play four times ({4 * kinds} tiles); "
            f"got {len(tiles)} tiles" + (f", wrong counts: {', '.join(bad[:8])}" if bad else "")
        )
    mode = rules.wildcards
    try:
        wild = [] if wildcards is None else list(wildcards)
    except TypeError as e:
        raise InvalidWallError(f"wildcards must be tile indices: {e}") from None
    if any(isinstance(k, bool) or not isinstance(k, int) for k in wild):
        raise InvalidWallError(f"wildcards must be tile indices 0–33, got {wild!r}")
    if len(wild) != mode.kinds or len(set(wild)) != len(wild):
        raise InvalidWallError(
            f"wildcards={mode.value!r} needs {mode.kinds} distinct wildcard kind(s), got {wild}"
        )
    for k in wild:
        if not 0 <= k < kinds or (mode is WildcardMode.HONOR and k < 27):
            raise InvalidWallError(
                f"wildcard kind {k} is not allowed under wildcards={mode.value!r}"
            )
    return [int(t) for t in tiles], [int(k) for k in wild]
