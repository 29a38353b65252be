"""One hand (局): the authoritative state machine, for every rule profile.

The state machine, its settlement, the seat views and the seat logs run in the Rust core
(``rust/game/``; a readable Python reference is ``tests/support/reference/game.py``), which checks
every argument it is given. This class is the Python face of it: constructor sugar, typed
results and views, replay, JSON and pickling.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Iterable, Sequence
from typing import Any, Literal, cast

from . import _core
from ._authority import AuthorityState
from .action import Action, action_from_code, read_action
from .errors import ArgumentTypeError, InvalidArgumentError, InvalidWallError
from .events import Event
from .gamelog import event_list, events_of_state, state_json
from .gamelog import replay_decisions as replay_decisions  # also imported from here
from .result import HandResult
from .rules import Rules
from .tile import TILES, Tile
from .view import SeatView

__all__ = ["Game", "Phase"]

#: What a hand waits for: every seat's 跑 bid, every seat's picks of the tiles it passes on
#: (换三张) or its void suit (定缺) before play, the seat on turn, answers to a discard or to
#: an added kong (a chance to rob it), a seat's choice to take the 海底 (changsha), or
#: nothing (the hand is over).
Phase = Literal["bid", "exchange", "void", "turn", "claim", "rob", "haidi", "over"]


def _tiles_of(counts: Sequence[int]) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


class Game(AuthorityState):
    """One hand of Koudiandian.

    - ``Game(rules, seed=S)``: the wall and wildcard kinds come from the seeded generator
      (xoshiro256** seeded by SplitMix64 from ``S``, a Fisher–Yates shuffle, Lemire's
      unbiased bounded integers: the same on every platform and Python version).
    - ``Game(rules, wall=[...], wildcards=[...])``: exactly that hand (docs/rules.md §2 wall order;
      the wall may also be tile text). In profiles with flowers the wall holds the eight
      flowers (34–41, ``1f``–``8f``) too; in profiles whose wildcard is turned from the wall
      (``hebei``'s 混) ``wildcards`` is not given. ``dice=[(a, b), ...]`` are the dice an
      explicit hand rolls, in order (``changsha``'s dice kongs; seeded hands roll their own).
      ``exchange_direction`` (``"next"``, ``"previous"``, ``"opposite"``) is the direction
      of an explicit hand's exchange before play where the rules draw one (``sichuan``'s
      换三张; ``"next"`` if not given; seeded hands draw their own).
    - Under the ``botzone`` rules (Botzone's wall and judge) an explicit wall may have any
      length: it is cut into four parts of ``len(wall) // 4`` tiles, each seat taking its
      tiles from its own part's end (docs/rules.md); seat 0 deals, and the prevalent wind
      is the rules' ``quan``.

    ``prevalent_wind`` (0 东 … 3 北) is the rules' own when not given: 东, or a botzone
    game's ``quan``.

    ``rules`` is a :class:`Rules`, a preset name, or ``None`` for ``Rules()``. Drive the
    hand with :attr:`to_act`, :meth:`legal_actions` and :meth:`step` until :attr:`is_over`;
    then :attr:`result` holds the settlement.
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: int | None = None,
        dealer: int = 0,
        wall: Iterable[int] | str | None = None,
        wildcards: Iterable[int] | None = None,
        scores: Sequence[int] = (0, 0, 0, 0),
        dice: Iterable[tuple[int, int]] | None = None,
        prevalent_wind: int | None = None,
        exchange_direction: str | None = None,
    ) -> None:
        if wall is None and seed is None:
            seed = secrets.randbits(64)
        if isinstance(wall, str):
            wall = _core.parse_tiles(wall)
        elif wall is not None and not isinstance(wall, Iterable):
            raise InvalidWallError(f"wall must be tile indices, got {type(wall).__name__}")
        if wildcards is not None and not isinstance(wildcards, Iterable):
            raise InvalidWallError(f"wildcards must be tile indices, got {wildcards!r}")
        self._wrap(
            _core.GameCore(
                rules,
                dealer=dealer,
                seed=seed,
                wall=wall,
                wildcards=wildcards,
                scores=scores,
                dice=dice,
                prevalent_wind=prevalent_wind,
                exchange_direction=exchange_direction,
            )
        )

    def _wrap(self, core: _core.GameCore) -> None:
        self._core = core
        self._rules: Rules = core.rules()
        self._rendered: list[Event] = []
        self._result: HandResult | None = None

    # -- public state -------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules this hand is played under."""
        return self._rules

    @property
    def dealer(self) -> int:
        """The dealer's seat (庄), 0–3."""
        return self._core.dealer()

    @property
    def prevalent_wind(self) -> int:
        """The prevalent wind (圈风) the hand is played under: 0 东, 1 南, 2 西, 3 北 (unless
        given, the rules' own: 东, or a botzone game's ``quan``; a :class:`Match` sets it as
        its profile says)."""
        return self._core.prevalent_wind()

    @property
    def wildcards(self) -> tuple[Tile, ...]:
        """This hand's wildcard kinds (耗子; hebei's 混); empty when the rules have none."""
        return tuple(TILES[k] for k in self._core.wildcards())

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, in seat order; empty only when the hand is over."""
        return tuple(self._core.to_act())

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended: :attr:`result` is then set and :attr:`to_act` empty."""
        return self._core.is_over()

    @property
    def phase(self) -> Phase:
        """``"bid"`` (every seat bids its 跑, profiles with bids), ``"exchange"`` (every seat
        picks the tiles it passes on, 换三张) and ``"void"`` (every seat declares a void suit,
        定缺) before play, ``"turn"``, ``"claim"`` (answering a discard), ``"rob"``
        (answering an added kong), ``"haidi"`` (a seat is offered the wall's last tile,
        changsha) or ``"over"``."""
        return cast(Phase, self._core.phase())

    @property
    def indicator(self) -> Tile | None:
        """The face-up tile the wildcard (混) follows, in profiles that turn one."""
        t = self._core.indicator()
        return None if t is None else TILES[t]

    def flowers(self, seat: int) -> list[Tile]:
        """The flowers ``seat`` has set aside, in order (public)."""
        return [Tile(t) for t in self._core.flowers(seat)]

    @property
    def result(self) -> HandResult | None:
        """The settlement, once the hand is over."""
        if self._result is None:
            d = self._core.result()
            if d is not None:
                # The final tiles, as the end_hand event reveals them (without rendering it).
                end = {
                    "hands": [_tiles_of(self._core.hand(s)) for s in range(4)],
                    "melds": [self._core.melds(s) for s in range(4)],
                }
                self._result = HandResult.from_dict(d, end_hand=end)
        return self._result

    @property
    def bird_changes(self) -> tuple[tuple[int, int], ...]:
        """What the bird (扎鸟) changed in the settlement, as the core compares it with the
        profile's settlement of this hand without a bird: ``(index in result.transfers,
        amount without the bird)`` for each transfer whose amount it changed. Empty while
        the hand goes on, in a hand without a bird, and when the bird changed nothing."""
        return tuple(self._core.bird_changes())

    @property
    def events(self) -> list[Event]:
        """The full event log (a copy): JSON-ready dicts, each with a ``type``; the schema
        is ``docs/events.md`` and the types :mod:`koudiandian.events`."""
        return copy.deepcopy(self._log())

    @property
    def event_count(self) -> int:
        """The number of events logged so far (``len(game.events)``, without copying them)."""
        return self._core.event_count()

    @property
    def engine(self) -> _core.GameCore:
        """The Rust state machine behind this game (``koudiandian._core.GameCore``), for code
        that hands it to the core's own functions (the RL encoders and masks, the greedy
        policy, the self-play log writer). Stepping it directly skips :meth:`step`'s
        checks of the Python arguments; the game reads its state from it."""
        return self._core

    @property
    def wall_remaining(self) -> int:
        """Tiles of the wall not yet taken, by draws or replacements."""
        return self._core.wall_remaining()

    @property
    def part_remaining(self) -> tuple[int, int, int, int] | None:
        """The tiles left in each seat's part of a wall cut in four parts (the ``botzone``
        rules: seat ``i`` takes every tile from the end of part ``i``), else ``None``."""
        parts = self._core.part_remaining()
        return None if parts is None else (parts[0], parts[1], parts[2], parts[3])

    def hand(self, seat: int) -> list[Tile]:
        """Seat ``seat``'s concealed tiles, sorted (the authority's view, not a seat's)."""
        return [TILES[k] for k in _tiles_of(self._core.hand(seat))]

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now; empty when it need not act."""
        return [action_from_code(c) for c in self._core.legal_actions(seat)]

    def default_action(self, seat: int) -> Action:
        """What the engine plays for ``seat`` when its player does not (a turn clock run
        out, 托管): the ``expert`` bot's choice (:class:`~koudiandian.bots.ExpertBot`),
        made from what the seat may see, never from the hidden state; one of
        :meth:`legal_actions`. Raises :class:`InvalidArgumentError` for a seat outside 0–3
        and :class:`NotYourTurnError` if ``seat`` is not in :attr:`to_act`."""
        return action_from_code(self._core.expert_action(seat))

    def step(self, seat: int, action: Action | str | dict[str, Any]) -> None:
        """``seat`` takes ``action``: an :class:`Action`, the text ``str(action)`` prints
        (``"discard 7z"``, ``"pass"``) or the game server's object ``{"kind": "discard",
        "tile": 7}``, each read by :func:`~koudiandian.action.read_action` as the game
        server reads it.

        Raises :class:`InvalidArgumentError` for a seat outside 0–3,
        :class:`ArgumentTypeError` for an action of none of these shapes,
        :class:`IllegalActionError` (or :class:`InvalidTileError`) for text or an object
        that names no action, :class:`NotYourTurnError` if ``seat`` is not in
        :attr:`to_act` and :class:`IllegalActionError` (listing the legal actions) if the
        action is not legal; whichever it is, the game is left exactly as it was."""
        if not isinstance(action, Action):
            self._core.legal_actions(seat)  # a bad seat is reported first
            action = read_action(action)
        self._core.step(seat, action.code)

    def end_by_verdict(self, seat: int, verdict: str) -> None:
        """End the hand by a judge's ``verdict`` against ``seat``: ``"WA"`` (a wrong answer),
        ``"WH"`` (a wrong win), ``"TLE"``, ``"MLE"``, ``"OLE"``, ``"NJ"`` (not JSON) or
        ``"RE"``. Under the ``botzone`` rules the seat scores -30 and each other seat +10
        (transfers of reason ``"verdict"``); the log gets a ``verdict`` event, the result
        ``end == "verdict"`` and :attr:`HandResult.verdict`. :meth:`step` never gives a
        verdict: a judge decides it. A hand the engine ended drawn by its own move (a seat
        had to draw from an empty part after the last decision; nothing paid) may still be
        ended by a verdict, which replaces that end: a judge asks every seat before each
        draw. Raises :class:`InvalidArgumentError` for a bad seat or
        verdict or a hand already over, and :class:`InvalidRulesError` under rules without
        verdicts; the game is then left as it was."""
        self._core.end_by_verdict(seat, verdict)
        # A drawn end it replaced is gone from the log and the result.
        self._rendered = []
        self._result = None

    def next_dealer(self, *, one_round: bool = False) -> int | None:
        """Who deals the next hand of a match (docs/rules.md §7, by the rules' profile), once this
        hand is over; ``one_round`` for a 一圈 match."""
        return self._core.next_dealer(one_round)

    # -- the log ------------------------------------------------------------------------

    def _log(self) -> list[Event]:
        """The event log (the cache itself: do not mutate)."""
        rendered = self._rendered
        if len(rendered) < self._core.event_count():
            rendered.extend(self._core.events_from(len(rendered)))
        return rendered

    # -- what a seat may see ------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now, and nothing else."""
        return SeatView.from_dict(self._core.view(seat), rules=self._rules, result=self.result)

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The event log as ``seat`` may see it: other seats' tiles, draws, face-down
        discards, concealed-kong kinds and claim answers masked or left out, and no wall.
        ``None``: the public log, a spectator's (no dealt hand; every seat's events as the
        other seats see them).

        ``start`` renders only the events from index ``start`` of the full log on (an index
        of :attr:`events`, not of the seat's log, which leaves some out; empty past the
        end): a seat's log kept in parts, ``log += game.events_for(seat, done)`` with
        ``done`` the :attr:`event_count` of the last call, costs what the new events cost.
        While the seats bid (:attr:`deal_shown` false) the ``start_hand`` event is filled in
        later: render the log again from 0 once the deal is shown. Raises
        :class:`InvalidArgumentError` for a seat outside 0–3 or a negative ``start``."""
        if isinstance(start, bool) or not isinstance(start, int):
            raise ArgumentTypeError(f"start is an index of the log, got {start!r}")
        if start < 0:
            raise InvalidArgumentError(f"start is an index of the log (0 or more), got {start}")
        return self._core.events_for(seat, start)

    @property
    def deal_shown(self) -> bool:
        """Whether a seat's log (:meth:`events_for`) shows its dealt hand: not while the
        seats bid (profiles with bids; the deal comes after them). From then on every
        event of a seat's log stays as rendered for the rest of the hand."""
        return self._core.deal_shown()

    def table_view(self, seat: int | None) -> dict[str, Any]:
        """The view the game server sends ``seat`` (``None``: a spectator) as a JSON-ready
        dict: :meth:`view`'s ``SeatView.to_dict()`` shape plus ``hand_sizes`` (each seat's
        number of concealed tiles) and the seat's 听口: ``waits`` (its winning tiles, each
        ``{"tile", "points"}``, or ``None``) and ``ready_discards`` (on a turn that ends
        with a discard, each ``{"discard", "winning_tiles", "wildcard_points",
        "declarable"}``, as :meth:`SeatView.ready_discards`). While seats answer a discard
        or an added kong, a seat that is not asked, and a spectator, see ``phase: "wait"``
        and no ``claim_tile``. A spectator's view has ``seat: None``, no tiles, winning
        tiles, 听口 or legal actions, and every seat's discards and melds as the other seats
        see them (docs/server.md)."""
        return self._core.table_view(seat)

    def table_view_json(self, seat: int, decision: int | None = None) -> str:
        """:meth:`table_view` of ``seat`` as JSON text (compact, UTF-8 characters kept),
        with ``decision`` added when given: what an ``exec:`` bot is sent, built without
        a Python dict."""
        return self._core.table_view_json(seat, decision)

    @classmethod
    def of_engine(cls, core: _core.GameCore) -> Game:
        """The game whose engine is ``core`` itself (not a copy)."""
        game = cls.__new__(cls)
        game._wrap(core)
        return game

    def follow(self, core: _core.GameCore) -> None:
        """Go on as ``core``, the engine of this hand further on (a judge's, which plays
        the hand on a copy of its own): the same object, for bots that know a hand by its
        game. Precondition: ``core`` is this hand, its log this one's and more."""
        self._wrap(core)

    # -- persistence --------------------------------------------------------------------

    @classmethod
    def replay(cls, events: Sequence[dict[str, Any]]) -> Game:
        """Rebuild a game from its full event log (as :attr:`events` gives it), checking that
        the rebuilt game logs exactly the same events (compared as JSON, so ``0`` is not
        ``False``). Raises :class:`InvalidEventLogError` naming the event that is wrong; for
        a difference, also the first field that differs with both values (``event 57
        (end_hand) differs at result.transfers[2].amount: logged 5, replayed 4``)."""
        return cls.of_engine(_core.GameCore.replay(event_list(events)))

    def to_json(self) -> str:
        """The whole game state as JSON (its full event log; deterministic text)."""
        return state_json(self._log())

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game from :meth:`to_json`. Raises :class:`InvalidEventLogError`."""
        return cls.replay(events_of_state(text))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Game.from_json, (self.to_json(),))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._log() == other._log()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.phase}, to act {list(self.to_act)}"
        return f"<Game dealer={self.dealer} wall_remaining={self.wall_remaining} {state}>"
