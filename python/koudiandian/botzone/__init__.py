"""Botzone's Chinese Standard Mahjong (docs/botzone.md): the judge, as the official judge
plays it, on the engine under the ``botzone`` rules; the bot protocol's runner
(:mod:`.runner`) and games between Botzone bots under a judge (:mod:`.game`)."""

from __future__ import annotations

from .judge import BotzoneJudge, Difference, botzone_check, botzone_judge

__all__ = ["BotzoneJudge", "Difference", "botzone_check", "botzone_judge"]
