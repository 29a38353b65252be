"""Botzone's judge, typed: :class:`BotzoneJudge` judges a game turn by turn,
:func:`botzone_judge` is the judge program (one input, the next output) and
:func:`botzone_check` judges a finished game's log again and lists every difference.

Inputs are JSON text or the dicts it reads as; bad input raises
:class:`~koudiandian.errors.BotzoneInputError`."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .. import _core
from ..errors import ArgumentTypeError, BotzoneInputError, InvalidRulesError
from ..game import Game

__all__ = ["BotzoneJudge", "Difference", "botzone_check", "botzone_judge"]

JsonInput = str | bytes | Mapping[str, Any]


def _text(value: JsonInput | None, what: str) -> str:
    """`value` as JSON text: text as it is, a mapping dumped."""
    if value is None:
        return "{}"
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return json.dumps(value, ensure_ascii=False)
    raise BotzoneInputError(f"{what} must be JSON text or a mapping, got {type(value).__name__}")


@contextlib.contextmanager
def _utf8(what: str) -> Iterator[None]:
    """Text the core cannot take (a lone surrogate: no UTF-8) refused as bad input, named."""
    try:
        yield
    except UnicodeEncodeError as e:
        raise BotzoneInputError(
            f"{what}: not UTF-8 text, {e.reason} ({e.object[e.start : e.end]!a} at "
            f"character {e.start})"
        ) from e


def _answers(answers: JsonInput) -> str:
    """One log entry of answers as JSON text; mapping keys may be seats as ints."""
    if isinstance(answers, Mapping):
        answers = {str(k): v for k, v in answers.items()}
    return _text(answers, "answers")


class BotzoneJudge:
    """A game judged turn by turn, as the official judge judges it.

    ``initdata``: ``{"walltiles": "W1 B2 …", "quan": 0–3, "srand": seed}``, each optional
    (no seed: the clock's; no ``quan``: drawn; no wall: shuffled, by koudiandian's own
    generator). The first :meth:`output` is the INIT, with the ``initdata`` used."""

    __slots__ = ("_core",)

    def __init__(self, initdata: JsonInput | None = None) -> None:
        with _utf8("initdata"):
            self._core = _core.BotzoneJudge(_text(initdata, "initdata"))

    @classmethod
    def for_game(cls, game: Game | _core.GameCore) -> BotzoneJudge:
        """The judge of ``game``, a hand just dealt under the ``botzone`` rule set (dealt
        by seat 0, no seat has acted yet; a :class:`~koudiandian.Game` or its engine),
        which it plays on a copy of its own: the game's wall and prevalent wind are its
        ``initdata`` (``srand`` 0). Raises :class:`InvalidRulesError` for a game under
        other rules and :class:`BotzoneInputError` for one already under way."""
        core = game.engine if isinstance(game, Game) else game
        if not isinstance(core, _core.GameCore):
            raise ArgumentTypeError(f"the judge takes a Game, not {type(game).__name__}")
        rules = core.rules()
        if rules.to_dict().get("botzone") is not True:
            raise InvalidRulesError(
                f"Botzone's judge plays the botzone rule set, not {rules.describe()}"
            )
        judge = cls.__new__(cls)
        judge._core = _core.BotzoneJudge.for_game(core)
        return judge

    def output(self) -> dict[str, Any]:
        """The current output: ``{"command", "content", "display"}``."""
        out: dict[str, Any] = json.loads(self._core.output())
        return out

    def answer(self, answers: JsonInput) -> dict[str, Any]:
        """Answer the current output with one log entry of answers
        (``{"0": {"verdict": "OK", "response": "PASS"}, …}``); the next output."""
        with _utf8("the answers"):
            out: dict[str, Any] = json.loads(self._core.answer(_answers(answers)))
        return out

    @property
    def finished(self) -> bool:
        """Whether the game is over (the output is a ``finish``)."""
        return self._core.finished

    @property
    def turn(self) -> int:
        """The outputs made so far (1 on the INIT)."""
        return self._core.turn

    def log_json(self) -> str:
        """The engine's log of the game so far (one JSON array)."""
        return self._core.log_json()

    def game(self) -> _core.GameCore:
        """A copy of the engine's game as it stands."""
        return self._core.game()


@dataclass(frozen=True, slots=True)
class Difference:
    """A field where a logged output and ours differ (JSON text; ``""`` when absent)."""

    turn: int
    field: str
    logged: str
    ours: str


def botzone_judge(input: JsonInput) -> dict[str, Any]:
    """The judge program: ``{"initdata": …, "log": [...]}`` in, the next output out (with
    ``initdata`` on the first call)."""
    with _utf8("the judge's input"):
        out: dict[str, Any] = json.loads(_core.botzone_judge(_text(input, "the judge's input")))
    return out


def botzone_check(log: JsonInput) -> list[Difference]:
    """Judge a finished game's log (``{"initdata", "log": [output, answers, …, output]}``)
    again: every difference of ``command``, ``content`` and the display's fields, in turn
    order (empty when the judges agree)."""
    with _utf8("the game log"):
        return [Difference(*d) for d in _core.botzone_check(_text(log, "the game log"))]
