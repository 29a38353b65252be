"""Hand-written Botzone games: walls built from what each seat takes, and a table that
answers the judge turn by turn and keeps the log. With ``BOTZONE_OFFICIAL_JUDGE`` set to
the official judge's program, every output is also compared with the official judge's."""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any

from koudiandian.botzone import BotzoneJudge

NAMES = (
    [f"W{i}" for i in range(1, 10)]
    + [f"B{i}" for i in range(1, 10)]
    + [f"T{i}" for i in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)
FLOWERS = [f"H{i}" for i in range(1, 9)]

#: The fields the official judge's outputs are compared on.
DISPLAY_FIELDS = (
    "action",
    "player",
    "tile",
    "tileCHI",
    "fanCnt",
    "fan",
    "score",
    "hand",
    "tileCnt",
)


def wall(takes: list[str], length: int = 34, flowers: bool = False) -> str:
    """The wall whose part ``i`` gives seat ``i`` the tiles of ``takes[i]`` first (its deal,
    then its draws, in the order taken), each part filled to ``length`` with tiles not used."""
    left = {n: 4 for n in NAMES}
    if flowers:
        left.update({h: 1 for h in FLOWERS})
    parts = [t.split() for t in takes]
    for p in parts:
        for n in p:
            left[n] -= 1
            assert left[n] >= 0, f"{n} used too often"
    spare = [n for n in left for _ in range(left[n])]
    out: list[str] = []
    for p in parts:
        while len(p) < length:
            p.append(spare.pop(0))
        out.extend(reversed(p))
    return " ".join(out)


def official(initdata: dict[str, Any], log: list[Any]) -> dict[str, Any] | None:
    """The official judge's output, when ``BOTZONE_OFFICIAL_JUDGE`` names its program."""
    program = os.environ.get("BOTZONE_OFFICIAL_JUDGE")
    if not program:
        return None
    run = subprocess.run(
        [program],
        input=json.dumps({"initdata": initdata, "log": log}),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    out: dict[str, Any] = json.loads(run.stdout)
    return out


def same_fields(a: dict[str, Any], b: dict[str, Any]) -> bool:
    da, db = a.get("display", {}), b.get("display", {})
    return (
        a.get("command") == b.get("command")
        and a.get("content") == b.get("content")
        and all(da.get(k) == db.get(k) for k in DISPLAY_FIELDS)
    )


class Table:
    """A game under our judge; :meth:`send` answers the current output."""

    def __init__(self, takes: list[str], length: int = 34, flowers: bool = False, quan: int = 0):
        self.initdata = {"walltiles": wall(takes, length, flowers), "quan": quan, "srand": 1}
        self.judge = BotzoneJudge(self.initdata)
        self.out = self.judge.output()
        self.log: list[Any] = [{"output": self.out}]

    def send(
        self, answers: dict[int, str] | None = None, verdicts: dict[int, str] | None = None
    ) -> dict[str, Any]:
        """Answer: ``answers[seat]`` (else ``PASS``), ``verdicts[seat]`` (else ``OK``)."""
        entry = {
            str(s): {
                "verdict": (verdicts or {}).get(s, "OK"),
                "response": (answers or {}).get(s, "PASS"),
            }
            for s in range(4)
        }
        self.log.append(entry)
        self.out = self.judge.answer(entry)
        theirs = official(self.initdata, self.log)
        if theirs is not None:
            assert same_fields(theirs, self.out), f"official {theirs}\nours {self.out}"
        self.log.append({"output": self.out})
        return self.out

    def start(self) -> dict[str, Any]:
        """INIT and DEAL passed: the first draw's output."""
        self.send()
        return self.send()

    @property
    def action(self) -> str:
        action: str = self.out["display"]["action"]
        return action

    def game_log(self) -> str:
        """The game's whole log, as ``botzone_check`` reads it."""
        return json.dumps({"initdata": self.initdata, "log": self.log})
