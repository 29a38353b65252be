"""A Botzone bot's verdict at a table (docs/botzone.md, "Botzone bots at koudiandian's
table"): it ends the hand (``Match.end_by_verdict``) and is stored among the table's
actions as :class:`VerdictAct`, with a negative action code of its own (a dismiss vote's
steps have -1 to -3), so a table replayed from its store ends the hand again."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["VerdictAct", "verdict_from_code", "VERDICTS"]

#: The verdicts a Botzone bot may earn, in the order of their codes (-10, -11, ...).
VERDICTS = ("WA", "WH", "TLE", "MLE", "OLE", "NJ", "RE")
_CODES = {verdict: -10 - i for i, verdict in enumerate(VERDICTS)}
_VERDICTS = {code: verdict for verdict, code in _CODES.items()}


@dataclass(frozen=True, slots=True)
class VerdictAct:
    """A verdict against the seat it is stored with; ``verdict`` one of :data:`VERDICTS`."""

    verdict: str

    @property
    def code(self) -> int:
        """The action code it is stored with (negative: no :class:`Action` has one)."""
        return _CODES[self.verdict]


def verdict_from_code(code: int) -> VerdictAct:
    """The :class:`VerdictAct` stored as ``code``; raises :class:`KeyError` for another."""
    return VerdictAct(_VERDICTS[code])
