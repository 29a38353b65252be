"""Botzone's match log (docs/botzone.md, "The log"): read, checked and written.

A Botzone match is a list of entries that alternate, turn by turn, the judge's output
(``{"output": {"command", "content", "display", ...}, "time", "memory", "verdict"}``) and the
bots' answers to it (``{"0": {"verdict": "OK", "response": "PASS", ...}, ...}``), with the
match's ``initdata`` beside it (``walltiles``, ``quan``, ``srand``). The judge program reads
the two together as ``{"initdata": ..., "log": [...]}``; the platform shows the list alone
(the match page's log) and keeps ``initdata`` apart, also in the first output. This module
reads any of these shapes (:func:`read_botzone_log`) and writes the judge's
(:meth:`BotzoneLog.to_json`). It knows the format only: whether an answer is legal, and what
the game is, are the judge's (:mod:`.convert`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BotzoneInputError

__all__ = ["SEATS", "BotzoneLog", "read_botzone_log", "is_botzone_log"]

#: The seats' keys in a judge's ``content`` and in an answers entry.
SEATS = ("0", "1", "2", "3")

_SHAPES = (
    "a Botzone log: the judge's input {'initdata', 'log'}, a match's log (the list of the "
    "judge's outputs and the bots' answers, its first output holding 'initdata'), or "
    "{'initdata', 'logs'}"
)


@dataclass(frozen=True, slots=True)
class BotzoneLog:
    """One Botzone game: its ``initdata`` (``walltiles``: the tiles joined by single
    spaces, ``quan``: the prevalent wind 0–3, and ``srand`` when known) and its ``entries``
    as the platform keeps them: the judge's outputs at even positions (turn ``i`` at
    ``2*i``, from 0), the bots' answers to them at odd ones. It may end with either: a
    finished match ends with the judge's ``finish``, a judge's input with answers. Built by
    :func:`read_botzone_log`, which checks all of this."""

    initdata: dict[str, Any]
    entries: tuple[dict[str, Any], ...]

    @property
    def outputs(self) -> list[dict[str, Any]]:
        """The judge's outputs, one a turn (``{"command", "content", "display", ...}``)."""
        return [e["output"] for e in self.entries[0::2]]

    @property
    def answers(self) -> list[dict[str, dict[str, Any]]]:
        """The bots' answers, one entry a turn: seat key -> ``{"verdict", "response", ...}``."""
        return list(self.entries[1::2])

    @property
    def finished(self) -> bool:
        """Whether the log ends with the judge's ``finish``."""
        return bool(self.entries) and self.entries[-1].get("output", {}).get("command") == "finish"

    def responses(self, turn: int) -> dict[int, str | None]:
        """Each seat's response at ``turn`` (from 0): its text, or ``None`` where the bot
        failed (a verdict other than ``OK``). Raises :class:`BotzoneInputError` for a turn
        the log holds no answers to."""
        answers = self.answers
        if not 0 <= turn < len(answers):
            raise BotzoneInputError(f"turn {turn}: the log holds answers to {len(answers)} turns")
        return {
            int(seat): a.get("response") if a.get("verdict") == "OK" else None
            for seat, a in answers[turn].items()
        }

    def judge_input(self, turns: int | None = None) -> dict[str, Any]:
        """The judge program's input after the bots answered ``turns`` turns (all the log's
        answers by default): ``{"initdata", "log"}``, the log cut after those answers."""
        n = len(self.answers) if turns is None else turns
        if not 0 <= n <= len(self.answers):
            raise BotzoneInputError(
                f"{n} turns asked for; the log holds answers to {len(self.answers)}"
            )
        return {"initdata": dict(self.initdata), "log": list(self.entries[: 2 * n])}

    def to_json(self, *, indent: int | None = None) -> str:
        """The log as the judge reads it, ``{"initdata": ..., "log": [...]}``, every entry
        kept whole; :func:`read_botzone_log` reads it back to an equal log."""
        document = {"initdata": self.initdata, "log": list(self.entries)}
        return json.dumps(document, ensure_ascii=False, indent=indent)


def is_botzone_log(document: Any) -> bool:
    """Whether a JSON ``document`` has the shape of a Botzone log (it may still be
    malformed inside: :func:`read_botzone_log` says how)."""
    if isinstance(document, list):
        return bool(document) and isinstance(document[0], dict) and "output" in document[0]
    if isinstance(document, dict):
        entries = document.get("log", document.get("logs"))
        if "initdata" in document and entries is not None:
            return True
        return isinstance(entries, list) and is_botzone_log(entries)  # initdata inside
    return False


def read_botzone_log(source: str | bytes | Mapping[str, Any] | Sequence[Any]) -> BotzoneLog:
    """A Botzone log from its JSON text or its parsed JSON, in any of the shapes the
    module's doc names. ``initdata`` may be an object or its JSON text (as Botzone stores
    it). Raises :class:`BotzoneInputError` naming what is wrong and where: not JSON, no
    ``initdata`` (or no ``walltiles``, or a ``quan`` outside 0–3), an entry where the other
    kind is due (the log must alternate the judge's outputs and the bots' answers), a
    ``finish`` before the end, answers from seats the judge asked nothing, or an answer
    without its ``verdict`` or ``response``."""
    document: Any = source
    if isinstance(source, (str, bytes)):
        try:
            document = json.loads(source)
        except ValueError as e:
            raise BotzoneInputError(f"not JSON: {e}") from None
    initdata: Any
    if isinstance(document, list):
        entries, initdata = document, None
    elif isinstance(document, dict) and ("log" in document or "logs" in document):
        key = "log" if "log" in document else "logs"
        entries = _maybe_json(document[key], key)
        initdata = document.get("initdata")
    else:
        kind = type(document).__name__
        keys = f" (keys {', '.join(sorted(document)[:6])})" if isinstance(document, dict) else ""
        raise BotzoneInputError(f"a JSON {kind}{keys} is not {_SHAPES}")
    if not isinstance(entries, list):
        raise BotzoneInputError(f"the log is a JSON {type(entries).__name__}, not a list")
    checked = tuple(_entries(entries))
    initdata = _maybe_json(initdata, "initdata")
    if initdata in (None, "", {}) and checked:
        initdata = checked[0]["output"].get("initdata")  # the judge's first output has it
    return BotzoneLog(_initdata(initdata), checked)


def _maybe_json(value: Any, name: str) -> Any:
    """``value``, parsed if it is JSON text (Botzone keeps ``initdata`` and, in some answers,
    the log as text)."""
    if isinstance(value, str) and value.strip():
        try:
            return json.loads(value)
        except ValueError as e:
            raise BotzoneInputError(f"{name!r} is text that is not JSON: {e}") from None
    return value


def _initdata(initdata: Any) -> dict[str, Any]:
    """``initdata`` checked: an object with ``walltiles`` (text) and ``quan`` (0–3), and an
    integer ``srand`` if any. Only the judge reads the tiles."""
    if not isinstance(initdata, dict) or not initdata:
        raise BotzoneInputError(
            "no 'initdata' (the wall and the prevalent wind): give the judge's input "
            "{'initdata', 'log'}, or a match log whose first output holds it"
        )
    walltiles = initdata.get("walltiles")
    if not isinstance(walltiles, str) or not walltiles.strip():
        raise BotzoneInputError(
            f"initdata's 'walltiles' is {walltiles!r}: a game is replayed from its wall, "
            "the tiles joined by single spaces"
        )
    quan = initdata.get("quan")
    if isinstance(quan, bool) or not isinstance(quan, int) or not 0 <= quan <= 3:
        raise BotzoneInputError(f"initdata's 'quan' is {quan!r}, not a prevalent wind 0–3")
    srand = initdata.get("srand")
    if srand is not None and (isinstance(srand, bool) or not isinstance(srand, int)):
        raise BotzoneInputError(f"initdata's 'srand' is {srand!r}, not an integer")
    return dict(initdata)


def _entries(entries: list[Any]) -> list[dict[str, Any]]:
    """The log's entries, each checked against the kind its position is due."""
    asked: frozenset[str] = frozenset()
    for i, entry in enumerate(entries):
        where = f"log[{i}] (turn {i // 2 + 1})"
        if not isinstance(entry, dict):
            raise BotzoneInputError(f"{where} is a JSON {type(entry).__name__}, not an object")
        if i % 2 == 0:
            asked = _output(where, entry, last=i == len(entries) - 1)
        else:
            _answers(where, entry, asked)
    return entries


def _output(where: str, entry: dict[str, Any], *, last: bool) -> frozenset[str]:
    """Check a judge's entry; returns the seats it asks."""
    output = entry.get("output")
    if not isinstance(output, dict):
        if set(entry) & set(SEATS):
            raise BotzoneInputError(
                f"{where} holds the bots' answers where the judge's output is due: the log "
                "must alternate the judge's outputs and the bots' answers"
            )
        raise BotzoneInputError(f"{where} has no 'output' object (the judge's output)")
    command = output.get("command")
    content = output.get("content")
    if command not in ("request", "finish"):
        raise BotzoneInputError(
            f"{where}: the judge's command is {command!r}, not 'request' or 'finish'"
        )
    if command == "finish" and not last:
        raise BotzoneInputError(f"{where}: the judge finished the game, yet the log goes on")
    if not isinstance(content, dict) or not set(content) <= set(SEATS):
        raise BotzoneInputError(
            f"{where}: the judge's content {content!r} is not an object keyed by seats '0'–'3'"
        )
    if command == "request":
        for seat, request in content.items():
            if not isinstance(request, str):
                raise BotzoneInputError(
                    f"{where}: the request to seat {seat} is {request!r}, not text"
                )
    return frozenset(content)


def _answers(where: str, entry: dict[str, Any], asked: frozenset[str]) -> None:
    """Check a bots' entry against the seats the judge asked."""
    if "output" in entry:
        raise BotzoneInputError(
            f"{where} is a judge's output where the bots' answers are due: the log must "
            "alternate the judge's outputs and the bots' answers"
        )
    if set(entry) != asked:
        raise BotzoneInputError(
            f"{where}: answers from seats {sorted(entry)}, but the judge asked seats "
            f"{sorted(asked)}"
        )
    for seat, answer in entry.items():
        if not isinstance(answer, dict):
            raise BotzoneInputError(f"{where}: seat {seat}'s answer is {answer!r}, not an object")
        verdict = answer.get("verdict")
        if not isinstance(verdict, str) or not verdict:
            raise BotzoneInputError(f"{where}: seat {seat}'s answer has no 'verdict'")
        if verdict == "OK" and not isinstance(answer.get("response"), str):
            raise BotzoneInputError(
                f"{where}: seat {seat}'s answer is OK but its 'response' is "
                f"{answer.get('response')!r}, not text"
            )
