"""A match: consecutive hands with dealer rotation and cumulative scores (docs/rules.md §7)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from . import _core
from .action import Action
from .decisions import Decisions
from .errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    InvalidEventLogError,
    KoudiandianError,
    NotYourTurnError,
)
from .game import Game
from .gamelog import read_document, replay_decisions
from .result import HandResult
from .rules import Rules
from .view import SeatView

__all__ = ["Match"]


def hand_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a match (or simulation) seeded with ``seed``: SplitMix64's
    output for ``seed + (index + 1) · golden gamma`` (mod 2^64), so hands are independent
    (``index`` −1 seeds a random first dealer). Computed by the core, which plays the same
    hands in its own self-play. ``seed`` must be in 0..2**64-1."""
    return int(_core.hand_seed(seed, index))


def _seat(seat: object) -> int:
    """``seat`` checked: an int 0–3 (not a bool), else :class:`InvalidArgumentError`."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise InvalidArgumentError(f"seat must be 0–3, got {seat!r}")
    return seat


#: The ``format`` and ``version`` of a match's JSON (:meth:`Match.to_json`).
MATCH_FORMAT = "koudiandian-match"
MATCH_VERSION = 1


class Match:
    """Consecutive hands (局) with dealer rotation (docs/rules.md §7) and cumulative scores.

    ``rules`` is a :class:`Rules`, a preset name or options text (``"taiyuan"``,
    ``"hebei,pao"``), or ``None`` for ``Rules()``, as for :class:`Game`; anything else
    raises :class:`InvalidArgumentError`. ``length`` is ``"one_round"`` (一圈: until the deal has gone round all four seats from
    the first dealer), a number of hands, or ``None``: the profile's length (one round; 16
    hands for ``guobiao``, 8 for ``sichuan``). Each hand is played under the prevalent wind its profile gives
    it (:attr:`Game.prevalent_wind`: 东 throughout but for ``guobiao``). ``hands`` optionally gives each hand's explicit
    ``(wall, wildcards)`` in order (for tests and puzzles); otherwise hand ``i`` is seeded
    from ``seed`` and ``i``. ``first_dealer`` is a seat or ``"random"`` (drawn from the seed);
    by default the profile decides (``Rules.random_first_dealer``: seat 0 for Taiyuan and
    ``hebei``, drawn from the seed for ``queyimen``, ``changsha`` and ``sichuan``), as it does for the
    matches of :func:`~koudiandian.simulate`.

    Drive it like a game: :attr:`to_act`, :meth:`legal_actions`, :meth:`step`; the next hand
    starts by itself when one ends, until :attr:`is_over`.
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: int | None = None,
        hands: Sequence[tuple[Iterable[int], Iterable[int]]] | None = None,
        length: int | str | None = None,
        first_dealer: int | str | None = None,
    ) -> None:
        # A Rules, a preset or options text, or None, checked as Game checks it.
        self.rules: Rules = _core.rules_of(rules)
        if seed is None:
            seed = secrets.randbits(64)
        # The core's match checks the settings (length, seed, first dealer, in that order),
        # draws a random first dealer, and from here on deals the hands and settles them.
        self._driver = _core.MatchDriver(self.rules, length, seed, first_dealer)
        self.seed = seed
        self.length = length
        self.first_dealer: int = self._driver.first_dealer
        self._explicit = list(hands) if hands is not None else None
        self.results: list[HandResult] = []
        self.games: list[Game] = []
        self._decisions = Decisions()
        self._dismissed = False
        self._start_hand()
        self._decisions.update(len(self.games) - 1, self.to_act)

    # -- rotation ------------------------------------------------------------------------

    def next_dealer(self, result: HandResult) -> int:
        """Who deals after the hand of this match that ended with ``result`` (docs/rules.md §7, as
        the rules' profile decides it)."""
        game = next((g for g in self.games if g.result is result), None)
        if game is None:
            raise InvalidArgumentError("not the result of a finished hand of this match")
        nxt = self._driver.next_dealer(game.engine)
        assert nxt is not None
        return nxt

    def _start_hand(self) -> None:
        hand = self._driver.next_hand()
        assert hand is not None
        i = hand.number
        if self._explicit is not None:
            if i >= len(self._explicit):
                raise InvalidArgumentError(
                    f"the match needs hand {i + 1}, but only {len(self._explicit)} were given"
                )
            wall, wild = self._explicit[i]
            game = Game(
                self.rules,
                dealer=hand.dealer,
                wall=wall,
                wildcards=wild,
                scores=hand.scores,
                prevalent_wind=hand.prevalent_wind,
            )
        else:
            game = Game(
                self.rules,
                seed=hand.seed,
                dealer=hand.dealer,
                scores=hand.scores,
                prevalent_wind=hand.prevalent_wind,
            )
        self.games.append(game)
        self._settle_if_over()

    def _settle_if_over(self) -> None:
        game = self.games[-1]
        if not game.is_over:
            return
        result = game.result
        assert result is not None
        self.results.append(result)
        self._driver.settle(game.engine)
        if not self._driver.is_over:
            self._start_hand()

    # -- driving ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The current (or, once the match is over, the last) hand."""
        return self.games[-1]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended, with its last hand settled or dismissed
        (:meth:`dismiss`): :attr:`to_act` is then empty and :meth:`step` raises
        :class:`NotYourTurnError`."""
        return self._dismissed or self._driver.is_over

    @property
    def dismissed(self) -> bool:
        """Whether the match was ended by :meth:`dismiss` (解散)."""
        return self._dismissed

    def dismiss(self) -> None:
        """End the match now (解散, the players agreed to stop): the hand in progress is not
        scored, the scores of the hands settled so far stand (:attr:`scores`,
        :attr:`ranking`), and :attr:`game` stays the unfinished hand. Raises
        :class:`NotYourTurnError` if the match is over already."""
        if self.is_over:
            raise NotYourTurnError("the match is over")
        self._dismissed = True
        self._decisions.update(len(self.games) - 1, ())

    @property
    def dealer(self) -> int:
        """The dealer's seat in the current (or, once the match is over, the last) hand."""
        return self.game.dealer

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now in the current hand; empty once the match is over."""
        return () if self.is_over else self.game.to_act

    def legal_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal actions in the current hand (:meth:`Game.legal_actions`); empty
        once the match is over."""
        return [] if self.is_over else self.game.legal_actions(seat)

    def step(
        self, seat: int, action: Action | str | dict[str, Any], decision: int | None = None
    ) -> None:
        """A decision in the current hand (an :class:`Action`, its text or the game server's
        object ``{"kind", "tile"}``, as :meth:`Game.step` takes it); starts the next hand when this one ends. With
        ``decision``, the action answers that decision number of the seat
        (:meth:`decision`): any other (one taken already, withdrawn, or not offered yet)
        raises :class:`StaleDecisionError` before the engine sees the action, and changes
        nothing."""
        if self.is_over:
            raise NotYourTurnError("the match is over")
        if decision is not None:
            self.check_decision(seat, decision)
        self.game.step(seat, action)
        self._settle_if_over()
        self._decisions.update(len(self.games) - 1, self.to_act, seat)

    def end_by_verdict(self, seat: int, verdict: str) -> None:
        """End the current hand by a judge's ``verdict`` against ``seat``
        (:meth:`Game.end_by_verdict`, which says what it raises); the next hand starts
        when the match goes on."""
        if self.is_over:
            raise NotYourTurnError("the match is over")
        self.game.end_by_verdict(seat, verdict)
        self._settle_if_over()
        self._decisions.update(len(self.games) - 1, self.to_act)

    def default_action(self, seat: int) -> Action:
        """What the engine plays for ``seat`` when its player does not, in the current hand
        (:meth:`Game.default_action`); raises :class:`NotYourTurnError` once the match is
        over or if ``seat`` is not to act."""
        if self.is_over:
            raise NotYourTurnError("the match is over")
        return self.game.default_action(seat)

    def decision(self, seat: int) -> int | None:
        """The number of the decision ``seat`` (0–3) is asked now (each seat counts its
        own from 1 over the match, :mod:`koudiandian.decisions`), or ``None`` when it is
        asked nothing."""
        return self._decisions.current(_seat(seat))

    def check_decision(self, seat: int, decision: int) -> None:
        """Raise :class:`StaleDecisionError` unless ``decision`` is the number of the
        decision ``seat`` is asked now (:meth:`decision`)."""
        if isinstance(decision, bool) or not isinstance(decision, int):
            raise ArgumentTypeError(f"decision must be an int, got {decision!r}")
        self._decisions.check(_seat(seat), decision)

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """The cumulative scores by seat, after the hands settled so far."""
        return self._driver.scores

    @property
    def ranking(self) -> list[int]:
        """Seats from highest to lowest score (ties: lower seat first)."""
        return self._driver.ranking

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now of the current (or last) hand; see
        :meth:`Game.view`."""
        return self.game.view(seat)

    def to_json(self) -> str:
        """The whole match as JSON: its settings and every hand's full event log so far
        (deterministic text). :meth:`from_json` rebuilds it."""
        hands = None
        if self._explicit is not None:
            hands = [
                [w if isinstance(w, str) else [int(t) for t in w], [int(t) for t in wild]]
                for w, wild in self._explicit
            ]
        return json.dumps(
            {
                "format": MATCH_FORMAT,
                "version": MATCH_VERSION,
                "rules": self.rules.to_dict(),
                "seed": self.seed,
                "length": self.length,
                "first_dealer": self.first_dealer,
                "hands": hands,
                "games": [g.events for g in self.games],
                **({"dismissed": True} if self._dismissed else {}),
            },
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """Rebuild a match from :meth:`to_json` by replaying every hand's decisions and
        checking that each hand logs exactly the events saved. Raises
        :class:`InvalidEventLogError` for text that is not such a match."""
        data = read_document(text, MATCH_FORMAT, MATCH_VERSION, "match")
        games = data.get("games")
        if not isinstance(games, list) or not all(isinstance(g, list) and g for g in games):
            raise InvalidEventLogError("'games' must be a list of non-empty event logs")
        try:
            match = cls(
                Rules.from_dict(data["rules"]),
                seed=data["seed"],
                hands=data["hands"],
                length=data["length"],
                first_dealer=data["first_dealer"],
            )
        except KeyError as e:
            raise InvalidEventLogError(f"the match has no {e.args[0]!r} field") from None
        except (KoudiandianError, TypeError) as e:
            raise InvalidEventLogError(f"bad match settings: {e}") from None
        for i, events in enumerate(games):
            if i >= len(match.games):
                raise InvalidEventLogError(
                    f"hand {i} is logged, but the match was over after {len(match.games)} hands"
                )
            game = match.games[i]
            replay_decisions(events, match.step, where=f"hand {i}, ")
            try:
                game.engine.check_log(events)
            except InvalidEventLogError as e:
                raise InvalidEventLogError(f"hand {i}, {e}") from None
        if len(match.games) != len(games):
            raise InvalidEventLogError(
                f"the log ends early: {len(games)} hands logged, the match has {len(match.games)}"
            )
        if data.get("dismissed") is True:
            match.dismiss()
        return match

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: the settings (seed, length, first dealer, rules), the scores,
        the ranking and each settled hand's :meth:`HandResult.to_dict`. It has no event logs
        (:meth:`to_json` keeps those, to rebuild the match)."""
        return {
            "seed": self.seed,
            "length": self.length,
            "first_dealer": self.first_dealer,
            "rules": self.rules.to_dict(),
            "scores": list(self.scores),
            "ranking": self.ranking,
            "dismissed": self._dismissed,
            "results": [r.to_dict() for r in self.results],
        }
