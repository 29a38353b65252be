"""A Botzone bot at a table the engine drives (terminal play, the game server's tables),
which asks a seat only when it has a choice (docs/botzone.md, "Botzone bots at
koudiandian's table").

:class:`BotzoneSeatBot` is a :class:`~koudiandian.bots.Bot`: at each decision of its seat
it brings its Botzone bot up to date with every request of the seat so far, as
koudiandian's judge writes them from the game's events
(:func:`~koudiandian.botzone.convert.botzone_log`): first the requests that offered the
seat no choice, whose answer must be ``PASS``, then the decision's own; it maps the answer
to the engine's action. A pong or chow is answered with the discard that follows it: that
discard is kept and played at the seat's next decision. A wrong answer or a failing bot
raises :class:`~koudiandian.errors.BotzoneVerdict` with the verdict the judge gives (read
from the judge itself): the table ends the hand with it (``end_by_verdict``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..action import Action, ActionKind, action_of
from ..errors import BotError, BotzoneVerdict
from ..game import Game
from ..view import SeatView
from .convert import answer_text, botzone_log, tile_of
from .game import MAX_TURNS
from .judge import BotzoneJudge
from .logs import BotzoneLog
from .session import BotSession
from .spec import BotzoneBot
from .table import after_claim, asks

__all__ = ["BotzoneSeatBot", "Frame"]

_CLAIMS = (ActionKind.PONG, ActionKind.CHOW)


@dataclass(frozen=True, slots=True)
class Frame:
    """One decision of a seat as :meth:`BotzoneSeatBot.frame` reads it: the discard a pong
    or chow answer carried, or the hand's Botzone log up to the decision's request and a
    copy of the game there."""

    seat: int
    discard: int | None
    log: BotzoneLog | None = None
    game: Game | None = None


class BotzoneSeatBot:
    """``bot`` (a :class:`BotzoneBot`) playing one seat at a table the engine drives;
    a session of its own each hand (see the module's doc). It needs a live view
    (:class:`~koudiandian.liveview.LiveView`: the game itself). :meth:`close` ends the
    session left running."""

    def __init__(self, bot: BotzoneBot) -> None:
        self.bot = bot
        self.name = bot.name
        self._game: Game | None = None
        self._session: BotSession | None = None
        self._given = 0  # the seat's requests given to the bot this hand
        self._then: int | None = None  # the discard a pong or chow answer carried

    def __repr__(self) -> str:
        return f"BotzoneSeatBot({self.name!r})"

    def close(self) -> None:
        """End the bot's session of the current hand (a process left running is killed)."""
        if self._session is not None:
            self._session.close()
            self._session = None

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        """The bot's answer to the seat's decision, one of ``legal_actions``. Raises
        :class:`BotzoneVerdict` when it earns a verdict (the hand is to end with it), and
        :class:`BotError` for a view that is no live one."""
        return self.exchange(self.frame(view), legal_actions)

    def frame(self, view: SeatView) -> Frame:
        """What the seat's decision in the view's game gives the bot (:meth:`act`'s first
        half, which reads the game: the game server builds it on its event loop, and
        :meth:`exchange` runs the bot in a thread). Raises :class:`BotError` for a view
        that is no live one."""
        game: Game | None = getattr(view, "live_game", None)
        if game is None:
            raise BotError(f"the Botzone bot {self.name!r} needs a live view", bot=self.name)
        seat = int(view.live_seat)  # type: ignore[attr-defined]
        if game is not self._game:
            self.close()
            self._game, self._session, self._given, self._then = game, self.bot.session(), 0, None
        if self._session is None:  # its verdict was not played: the table moved on
            raise BotError(f"the Botzone bot {self.name!r} was judged this hand", bot=self.name)
        then, self._then = self._then, None
        last = game.events[-1]
        if then is not None and last["type"] in ("pong", "chow") and last["seat"] == seat:
            return Frame(seat, then)  # checked legal with the claim
        log = _up_to_decision(game, seat)
        if len(log.outputs) <= self._given:
            raise BotError(f"no new request for the Botzone bot {self.name!r}", bot=self.name)
        return Frame(seat, None, log, Game.of_engine(copy.copy(game.engine)))

    def exchange(self, frame: Frame, legal_actions: Sequence[Action]) -> Action:
        """Give the bot the requests of ``frame`` (:meth:`frame`'s, the last one built)
        and map its last answer to one of ``legal_actions`` (:meth:`act`'s second half;
        it reads no live game)."""
        seat = frame.seat
        if frame.discard is not None:
            return action_of(ActionKind.DISCARD, frame.discard)
        assert frame.log is not None and frame.game is not None
        log = frame.log
        requests = [out["content"][str(seat)] for out in log.outputs]
        for turn in range(self._given, len(requests)):
            response = self._turn(seat, requests[turn])
            self._given = turn + 1
            if turn < len(requests) - 1:  # no choice: the answer must be PASS
                if response != "PASS":
                    raise self._verdict(seat, _judged(log, turn, seat, response))
                continue
            action, self._then = _action_of(frame.game, seat, legal_actions, response)
            if action is None:
                raise self._verdict(seat, _judged(log, turn, seat, response))
            return action
        raise BotError(f"no new request for the Botzone bot {self.name!r}", bot=self.name)

    def kill(self) -> None:
        """Stop the bot now, from any thread (a turn running is cut short)."""
        session = self._session
        if session is not None:
            session.close()

    def _turn(self, seat: int, request: str) -> str:
        """The bot's response to ``request``; raises the platform's verdict."""
        assert self._session is not None
        result = self._session.turn(request)
        if result.verdict != "OK":
            raise self._verdict(seat, result.verdict)
        return result.response

    def _verdict(self, seat: int, verdict: str) -> BotzoneVerdict:
        self.close()
        return BotzoneVerdict(
            f"the Botzone bot {self.name!r} of seat {seat} is judged {verdict}",
            bot=self.name,
            seat=seat,
            verdict=verdict,
        )


def _up_to_decision(game: Game, seat: int) -> BotzoneLog:
    """The Botzone log of ``game`` so far, up to the request of ``seat``'s decision: the
    game's own (:func:`botzone_log`), and the turns the engine went past without asking
    anyone (a discard nobody could claim), every seat passing."""
    log = botzone_log(game)
    entries = list(log.entries)
    judge: BotzoneJudge | None = None
    while not asks(game, seat, entries[-1]["output"]["content"][str(seat)]):
        if judge is None:
            judge = BotzoneJudge(log.initdata)
            for answers in log.answers:
                judge.answer(answers)
        if judge.finished or len(entries) > 2 * MAX_TURNS:
            raise BotError(f"the judge asks seat {seat} no decision the engine asks", bot="judge")
        passes = {
            k: {"verdict": "OK", "response": "PASS"} for k in entries[-1]["output"]["content"]
        }
        entries += [passes, {"output": judge.answer(passes)}]
    return BotzoneLog(log.initdata, tuple(entries))


def _action_of(
    game: Game, seat: int, legal: Sequence[Action], response: str
) -> tuple[Action | None, int | None]:
    """The legal action that ``response`` answers, and for a pong or chow the discard it
    carries (legal once the claim holds); ``(None, None)`` if it answers none."""
    for action in legal:
        if action.kind in _CLAIMS:
            discard = tile_of(response.rpartition(" ")[2])
            if discard is None or discard >= 34 or answer_text(action, discard) != response:
                continue
            after = Game.of_engine(after_claim(game.engine, seat, action))
            if action_of(ActionKind.DISCARD, discard) not in after.legal_actions(seat):
                return None, None
            return action, discard
        if answer_text(action) == response:
            return action, None
    return None, None


def _judged(log: BotzoneLog, turn: int, seat: int, response: str) -> str:
    """The verdict koudiandian's judge gives ``seat`` answering ``response`` at ``turn``
    (from 0) of ``log`` (the other seats answering as logged, or PASS at the log's last
    turn). Raises :class:`BotError` if it gives none (the answer is not wrong)."""
    judge = BotzoneJudge(log.initdata)
    for answers in log.answers[:turn]:
        judge.answer(answers)
    given: dict[str, Any]
    if turn < len(log.answers):
        given = dict(log.answers[turn])
    else:
        given = {k: {"verdict": "OK", "response": "PASS"} for k in log.outputs[turn]["content"]}
    given[str(seat)] = {"verdict": "OK", "response": response}
    out = judge.answer(given)
    display = out.get("display", {})
    if out["command"] == "finish" and display.get("player") == seat:
        verdict = display.get("action")
        if verdict in ("WA", "WH"):
            return str(verdict)
    raise BotError(
        f"the answer {response!r} of seat {seat} at turn {turn + 1} is no action of the "
        f"engine's, yet the judge takes it",
        bot="judge",
    )
