"""Botzone bots at koudiandian's table, played the way the platform plays them: the judge
drives (docs/botzone.md, "Botzone bots at koudiandian's table").

:func:`play_judged` plays one hand, dealt under the ``botzone`` rule set, with at least one
Botzone bot (:class:`~koudiandian.botzone.spec.BotzoneBot`) among its bots: koudiandian's
judge plays that very hand (:meth:`BotzoneJudge.for_game`), and at each of its turns every
seat it asks answers: a Botzone bot through its session (those of a turn at once, a
thread each), any other bot from the judge's game (it acts only where the engine waits for
its decision, else it passes), its action written as Botzone's answer
(:func:`~koudiandian.botzone.convert.answer_text`). The judge checks the answers, steps
its game and gives the verdicts; the game it played is the hand's.

:func:`check_botzone_rules` refuses a Botzone bot under any other rule set.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .. import _core
from ..action import Action, ActionKind, action_of, read_action
from ..bots import Bot
from ..errors import IllegalActionError, InvalidRulesError
from ..game import Game
from ..liveview import LiveView
from ..rules import Rules
from .convert import answer_text
from .judge import BotzoneJudge
from .spec import BotzoneBot, is_botzone

__all__ = ["check_botzone_rules", "play_judged", "asks", "after_claim", "TableBot"]

#: A seat's bot at a judged table: a Botzone bot, or any bot with ``act``.
TableBot = BotzoneBot | Bot

#: The words of a request telling of another seat's discard or added kong, which the
#: seats may claim or rob.
_CLAIMABLE = frozenset(("PLAY", "PENG", "CHI", "BUGANG"))
_PASS = action_of(ActionKind.PASS)


def check_botzone_rules(rules: Rules, bots: Iterable[object]) -> None:
    """Raise :class:`InvalidRulesError` naming the first Botzone bot of ``bots`` (a
    :class:`BotzoneBot` or its name ``botzone:…``) unless ``rules`` are the ``botzone``
    rule set's: a Botzone bot plays Botzone's game only."""
    if not isinstance(rules, Rules) or rules.to_dict().get("botzone") is True:
        return  # (rules of another type are refused where they are read)
    for bot in bots:
        name = bot.name if isinstance(bot, BotzoneBot) else bot if is_botzone(bot) else None
        if name is not None:
            raise InvalidRulesError(
                f"the Botzone bot {name!r} plays only under the botzone rule set "
                f"(rules 'botzone', --rules botzone), not under {rules.describe()!r}"
            )


def play_judged(game: Game, bots: Sequence[TableBot]) -> Game:
    """Play ``game`` (just dealt under the ``botzone`` rules, no seat has acted) with
    ``bots`` (seat i is ``bots[i]``) under koudiandian's judge; returns the game the judge
    played, over: won, drawn, or ended by a verdict against a Botzone bot (its ``verdict``
    event). ``game`` itself is left as it was. Raises :class:`IllegalActionError` if a bot
    that is no Botzone bot answers an action that is not legal, as :func:`play_hand`
    does."""
    judge = BotzoneJudge.for_game(game)
    live = Game.of_engine(judge.game())  # one object for the whole hand, as bots expect
    sessions = {s: bot.session() for s, bot in enumerate(bots) if isinstance(bot, BotzoneBot)}
    try:
        with ThreadPoolExecutor(max_workers=max(1, len(sessions))) as pool:
            output = judge.output()
            while not judge.finished:
                content: dict[str, str] = output["content"]
                running = {
                    s: pool.submit(session.turn, content[str(s)])
                    for s, session in sessions.items()
                    if str(s) in content
                }
                answers: dict[str, Any] = {}
                for key, request in content.items():
                    seat = int(key)
                    if seat not in sessions:
                        text = _answer(live, seat, request, bots[seat])  # type: ignore[arg-type]
                        answers[key] = {"verdict": "OK", "response": text}
                for seat, turn in running.items():
                    answers[str(seat)] = turn.result().log_entry()
                output = judge.answer(answers)
                live.follow(judge.game())
    finally:
        for session in sessions.values():
            session.close()
    return live


def asks(game: Game, seat: int, request: str) -> bool:
    """Whether ``request`` asks ``seat`` a decision the engine waits for: its own draw,
    or a claim on the discard (or robbing the added kong) the engine holds open for it. A
    request the engine has gone past (nobody could claim the discard) is answered PASS."""
    words = request.split(" ")
    if words[0] == "2":
        return seat in game.to_act
    claimable = words[0] == "3" and len(words) > 2 and words[2] in _CLAIMABLE
    return claimable and game.phase in ("claim", "rob") and seat in game.to_act


def _chosen(bot: Bot, game: Game, seat: int) -> Action:
    """``bot``'s choice at ``seat``'s decision in ``game``, checked legal."""
    legal = game.legal_actions(seat)
    action = read_action(bot.act(LiveView(game, seat), legal))  # type: ignore[arg-type]
    if action not in legal:
        raise IllegalActionError(f"seat {seat}'s bot chose {action}, which is not legal here")
    return action


def _answer(game: Game, seat: int, request: str, bot: Bot) -> str:
    """The Botzone answer of ``bot`` (no Botzone bot) at ``seat`` to ``request``, from the
    judge's ``game`` as it stands: PASS where the engine asks it nothing, else its choice;
    a pong or chow with the discard it chooses after it (asked on the game as it would
    stand after the claim, the other seats passing; then back)."""
    if not asks(game, seat, request):
        return "PASS"
    action = _chosen(bot, game, seat)
    if action.kind not in (ActionKind.PONG, ActionKind.CHOW):
        return answer_text(action)
    now = game.engine
    game.follow(
        after_claim(now, seat, action)
    )  # the same game object, as a bot that knows a hand by it expects
    try:
        discard = _chosen(bot, game, seat)
    finally:
        game.follow(now)
    return answer_text(action, None if discard.tile is None else int(discard.tile))


def after_claim(core: _core.GameCore, seat: int, claim: Action) -> _core.GameCore:
    """A copy of ``core`` (waiting for claims on a discard) as it stands once ``seat``'s
    ``claim`` (a pong or chow, legal) holds, every other seat asked passing: ``seat`` then
    chooses its discard. ``core`` is left as it was."""
    after = copy.copy(core)
    after.step(seat, claim.code)
    while after.phase() in ("claim", "rob"):
        others = [s for s in after.to_act() if s != seat]
        if not others:
            break
        after.step(others[0], _PASS.code)
    return after
