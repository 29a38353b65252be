"""Botzone's Chinese Standard Mahjong (docs/botzone.md): the judge, as the official judge
plays it, on the engine under the ``botzone`` rules (:mod:`.judge`); its match log
(:mod:`.logs`) and the conversions between a Botzone log and the engine's game
(:mod:`.convert`); a Botzone bot (:mod:`.spec`, a game of it :mod:`.session`, a turn
:mod:`.runner`) and games between Botzone bots under a judge (:mod:`.game`); Botzone bots
at koudiandian's table (:mod:`.table`, :mod:`.seatbot`); koudiandian's bots as Botzone bots
(:mod:`.botmain`); the arena in the competitions' format (:mod:`.arena`)."""

from __future__ import annotations

from .convert import botzone_log, engine_events, engine_game, tile_name
from .judge import BotzoneJudge, Difference, botzone_check, botzone_judge
from .logs import BotzoneLog, is_botzone_log, read_botzone_log

__all__ = [
    "BotzoneJudge",
    "BotzoneLog",
    "Difference",
    "botzone_check",
    "botzone_judge",
    "botzone_log",
    "engine_events",
    "engine_game",
    "is_botzone_log",
    "read_botzone_log",
    "tile_name",
]
