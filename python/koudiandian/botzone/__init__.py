"""Botzone's Chinese Standard Mahjong (docs/botzone.md): the judge, as the official judge
plays it, on the engine under the ``botzone`` rules."""

from __future__ import annotations

from .judge import BotzoneJudge, Difference, botzone_check, botzone_judge

__all__ = ["BotzoneJudge", "Difference", "botzone_check", "botzone_judge"]
