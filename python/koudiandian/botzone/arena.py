"""An arena in the competitions' format (BOTZONE.md §6, the duplicate format of IJCAI
2020): four Botzone bots play N seeded walls, each wall under every seating of the bots (24,
or the 4 rotations), the prevalent wind going East to North over the walls, each game
judged as the judge does; each wall's summed scores give the bots 4/3/2/1 rank points
(:mod:`.arena_report`). docs/botzone.md, "The arena".

Games run in parallel on a pool of threads (each game's bots are processes, and its four
bots already run at once); every game's log is handed to ``on_game`` in play order.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass

from ..errors import ArgumentTypeError, InvalidArgumentError
from .arena_report import ArenaReport, GameOutcome, outcome_of
from .game import SEATS, GameLog, Judge, JudgeError, play_game
from .game_judge import GameJudge
from .spec import BotzoneBot
from .walls import seeded_initdata

__all__ = ["arena", "arena_bot", "seatings", "ArenaGame", "ORDERS"]

#: The seatings a wall may be played under: all 24 orders of the bots, or the 4 rotations.
ORDERS = (24, 4)


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """One game of an arena: ``number`` (its place in play order, from 0), ``wall`` (the
    wall's index), ``seating`` (the bot at each seat, as indices into the arena's bots),
    its whole ``log`` (a Botzone log) and its ``outcome``."""

    number: int
    wall: int
    seating: tuple[int, ...]
    log: GameLog
    outcome: GameOutcome


def seatings(orders: int) -> list[tuple[int, ...]]:
    """The seatings of a wall: ``orders`` 24, every permutation of the four bots (in
    lexicographic order, the bots' own order first); 4, the rotations (seat ``s`` gets bot
    ``(s + r) % 4``). Entry ``s`` of a seating is the bot at seat ``s``."""
    if orders == 24:
        return list(itertools.permutations(range(SEATS)))
    if orders == 4:
        return [tuple((s + r) % SEATS for s in range(SEATS)) for r in range(SEATS)]
    raise InvalidArgumentError(f"orders must be 24 or 4, not {orders!r}")


def arena_bot(spec: BotzoneBot | str) -> BotzoneBot:
    """The bot a spec names: a :class:`BotzoneBot` as it is; ``botzone:CMD`` or
    ``botzone-simple:CMD``; a bare command is JSON interaction. Its program must exist
    (found on ``PATH``, or a path to an executable file), else
    :class:`~koudiandian.errors.InvalidArgumentError` naming the bot."""
    if isinstance(spec, BotzoneBot):
        bot = spec
    elif isinstance(spec, str):
        bot = BotzoneBot.from_spec(spec, bare=True)
    else:
        raise ArgumentTypeError(f"a bot is a BotzoneBot or a command, not {spec!r}")
    return bot.check_program()


def _count(value: object, what: str, low: int) -> int:
    """``value`` checked to be an int of at least ``low``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{what} must be an int, not {value!r}")
    if value < low:
        raise InvalidArgumentError(f"{what} must be at least {low}, not {value}")
    return value


def arena(
    bots: Sequence[BotzoneBot | str],
    *,
    walls: int,
    orders: int = 24,
    seed: int = 0,
    flowers: bool = False,
    judge: Callable[[], Judge] | None = None,
    jobs: int | None = None,
    on_game: Callable[[ArenaGame], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaReport:
    """Play an arena and tally it (see the module's doc).

    ``bots``: four bots (:func:`arena_bot` specs; one may appear more than once);
    ``walls``: how many walls (≥ 1): wall ``w`` is the engine's seeded wall for ``seed + w``
    (:func:`~koudiandian.botzone.walls.seeded_walltiles`; ``flowers``: 144 tiles) with
    ``quan`` ``w % 4``; ``orders``: 24 or 4 seatings a wall (:func:`seatings`); ``judge``: a
    factory of a game's judge (default koudiandian's, :class:`GameJudge`; an external
    program: ``lambda: command_judge(CMD)``); ``jobs``: games at once (default the CPU
    count); ``on_game``: called with each game in play order, from the calling thread;
    ``progress(done, total)``: called as games end. A judge's failure raises
    :class:`~koudiandian.botzone.game.JudgeError` (games not started are cancelled)."""
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != SEATS:
        raise InvalidArgumentError(f"an arena needs {SEATS} bots, not {bots!r}")
    players = [arena_bot(b) for b in bots]
    _count(walls, "walls", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(f"seed must be an int, not {seed!r}")
    order_list = seatings(orders)
    jobs = _count(jobs if jobs is not None else (os.cpu_count() or 1), "jobs", 1)
    new_judge = judge if judge is not None else GameJudge
    if not callable(new_judge):
        raise ArgumentTypeError(f"judge must make a judge callable, not {judge!r}")
    plan = [(w, s) for w in range(walls) for s in order_list]
    initdata = [seeded_initdata(seed + w, w % 4, flowers=flowers) for w in range(walls)]

    def play(number: int) -> ArenaGame:
        wall, seating = plan[number]
        log = play_game([players[b] for b in seating], new_judge(), initdata[wall])
        if not log.finished:
            raise JudgeError(f"game {number} (wall {wall}) did not finish")
        return ArenaGame(number, wall, seating, log, outcome_of(log, wall, seating))

    outcomes: list[GameOutcome] = []
    done: dict[int, ArenaGame] = {}
    with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="arena") as pool:
        pending: set[Future[ArenaGame]] = set()
        queued = iter(range(len(plan)))
        try:
            # at most 2 × jobs games queued: the logs waiting for an earlier game stay few
            for number in itertools.islice(queued, 2 * jobs):
                pending.add(pool.submit(play, number))
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    game = future.result()
                    done[game.number] = game
                    following = next(queued, None)
                    if following is not None:
                        pending.add(pool.submit(play, following))
                while len(outcomes) in done:
                    game = done.pop(len(outcomes))
                    outcomes.append(game.outcome)
                    if on_game is not None:
                        on_game(game)
                    if progress is not None:
                        progress(len(outcomes), len(plan))
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return ArenaReport.tally(
        [p.name for p in players], outcomes, walls=walls, orders=orders, seed=seed, flowers=flowers
    )
