"""koudiandian's judge for one game, judging each answer once.

The judge program (:func:`~koudiandian.botzone.judge.botzone_judge`) replays the whole log
on every call, as the official judge does: a game of n turns costs n²/2 replayed turns.
:class:`GameJudge` is the same judge as a :data:`~koudiandian.botzone.game.Judge` callable
that keeps the game between calls (a :class:`~koudiandian.botzone.judge.BotzoneJudge`):
when a call has the last call's ``initdata`` and its log is one entry longer than the last
call's and ends with the output returned then and the bots' answers to it, it judges only
those answers. Any other input is judged by :func:`botzone_judge` from the start, so the
outputs are the judge program's whatever the calls.
"""

from __future__ import annotations

import json
from typing import Any

from .judge import BotzoneJudge, botzone_judge

__all__ = ["GameJudge"]


class GameJudge:
    """A judge callable for the turns of one game (see the module's doc). Not thread-safe:
    one game, one caller at a time."""

    __slots__ = ("_judge", "_initdata", "_entries", "_last")

    def __init__(self) -> None:
        self._judge: BotzoneJudge | None = None
        #: The ``initdata`` of the game followed (JSON text), the length of its log with
        #: the last output returned, and that output.
        self._initdata = ""
        self._entries = 0
        self._last: dict[str, Any] | None = None

    def __call__(self, judge_input: dict[str, Any]) -> dict[str, Any]:
        log = judge_input.get("log") if isinstance(judge_input, dict) else None
        initdata = judge_input.get("initdata") if isinstance(judge_input, dict) else None
        if not isinstance(log, list):
            self._judge = None
            return botzone_judge(judge_input)
        if not log:
            # the first call: a new game, its INIT (with the initdata used) from the judge
            self._judge = BotzoneJudge(initdata if isinstance(initdata, dict) else None)
            output = self._judge.output()
            self._initdata = json.dumps(output.get("initdata"), sort_keys=True)
            return self._returned(output, 0)
        if (
            self._judge is not None
            and not self._judge.finished
            and len(log) == self._entries + 1
            and isinstance(log[-2], dict)
            and log[-2].get("output") == self._last
            and json.dumps(initdata, sort_keys=True) == self._initdata
        ):
            return self._returned(self._judge.answer(log[-1]), len(log))
        self._judge = None
        return botzone_judge(judge_input)

    def _returned(self, output: dict[str, Any], entries: int) -> dict[str, Any]:
        """``output``, kept as the answer to a log of ``entries`` entries."""
        self._entries = entries + 1
        self._last = output
        return output
