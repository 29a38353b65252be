"""Reading a count (a non-negative integer) from text: ASCII digits only.

``str.isdigit`` and ``int`` accept far more than a person types: ``"²".isdigit()`` is true
(and ``int("²")`` raises ``ValueError``), ``int("١")`` is 1, ``int(" 7")``, ``int("+7")`` and
``int("1_0")`` are 7, 7 and 10. Every count read from text (an action's bid, the game
server's hand and resume numbers) goes through :func:`parse_count`, which takes exactly
``[0-9]+``.
"""

from __future__ import annotations

from .errors import KoudiandianError

__all__ = ["parse_count"]

_DIGITS = frozenset("0123456789")


def parse_count(
    text: str, what: str, error: type[KoudiandianError], *, most: int = 10**9 - 1
) -> int:
    """``text`` read as a count 0–``most`` written in ASCII digits; anything else (another
    script's digits, signs, spaces, a number over ``most``) raises ``error`` naming ``what``
    and the text (escaped, at most 40 characters)."""
    if isinstance(text, str) and text and len(text) <= len(str(most)) and _DIGITS.issuperset(text):
        value = int(text)
        if value <= most:
            return value
    shown = text[:40] if isinstance(text, str) else text
    raise error(f"{what} must be a number 0–{most} in ASCII digits, got {shown!r}")
