"""The arena tests' bots (``tests/botzone/bots/arena_*.awk``, each starting in a
millisecond): two that play their drawn tile and pass on everything else (one in each
interaction, the JSON one named by a bare command) and two that answer their fourth draw
wrongly (``PASS``: WA; ``HU`` without a win: WH)."""

from __future__ import annotations

from pathlib import Path

BOTS = Path(__file__).parent / "bots"
SIMPLE = f"botzone-simple:awk -f {BOTS / 'arena_simple.awk'}"
JSON = f"awk -f {BOTS / 'arena_json.awk'}"
WRONG_PASS = f"botzone-simple:awk -v at=4 -v wrong=PASS -f {BOTS / 'arena_simple.awk'}"
WRONG_HU = f"botzone-simple:awk -v at=4 -v wrong=HU -f {BOTS / 'arena_simple.awk'}"
#: The four bots of the arena's tests, in this order.
FOUR = (SIMPLE, JSON, WRONG_PASS, WRONG_HU)
