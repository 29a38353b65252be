"""A run's progress bar: tqdm's (``tqdm.auto``: a terminal bar, or a widget in a notebook),
drawn on standard error as :func:`koudiandian.simulate` writes its chunks."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

__all__ = ["progress_bar"]


@contextlib.contextmanager
def progress_bar(total: int, unit: str) -> Iterator[Callable[[int, int], None]]:
    """A callback ``progress(done, total)`` that moves a bar of ``total`` ``unit`` (hands,
    matches or walls) to ``done``; the bar is closed when the block ends, however it ends
    (an interrupted run leaves it short of its total, on its own line)."""
    from tqdm.auto import tqdm

    bar = tqdm(
        total=total,
        unit=unit,
        unit_scale=False,
        dynamic_ncols=True,
        bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} "
        + unit
        + " [{elapsed}<{remaining}, {rate_fmt}]",
    )

    def progress(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    try:
        yield progress
    finally:
        bar.close()
