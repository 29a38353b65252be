"""The engine's seeded walls in Botzone's form: what ``koudiandian botzone play`` and the
arena hand the judge as ``walltiles``."""

from __future__ import annotations

from ..errors import ArgumentTypeError
from .convert import walltiles

__all__ = ["seeded_walltiles", "seeded_initdata"]


def seeded_walltiles(seed: int, *, flowers: bool = False) -> str:
    """The wall the engine deals for ``seed`` under the ``botzone`` rules (``flowers``:
    the 144-tile wall of ``botzone,flowers``), as Botzone's ``walltiles``
    (:func:`~koudiandian.botzone.convert.walltiles`), in the engine's wall order.
    ``seed``: any int the engine takes as a seed."""
    from ..game import Game

    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(f"a wall's seed must be an int, not {seed!r}")
    start = Game("botzone,flowers" if flowers else "botzone", seed=seed).events[0]
    assert start["type"] == "start_hand", "a game's log begins with its start_hand"
    return walltiles(start["wall"])


def seeded_initdata(seed: int, quan: int, *, flowers: bool = False) -> dict[str, object]:
    """The judge's ``initdata`` for a seeded wall: ``walltiles`` (:func:`seeded_walltiles`),
    ``quan`` (the prevalent wind, 0 East … 3 North) and ``srand`` (the seed)."""
    return {"walltiles": seeded_walltiles(seed, flowers=flowers), "quan": quan, "srand": seed}
