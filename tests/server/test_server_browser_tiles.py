"""The browser table's tiles in a real headless Chromium (Debian's ``chromium``, driven by
Playwright) that is shown no CJK font (a fontconfig file naming only a Latin font folder):
every tile face is drawn as an SVG and readable all the same, its ink measured from a
screenshot. Screenshots are kept in ``artifacts/`` (or ``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")


from tests.support.browser import ARTIFACTS, CHROMIUM  # noqa: E402
from tests.support.browser_table import (  # noqa: E402
    TILES_DRAWN,
    open_page,
    serve_site,
)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")


@pytest.fixture
def site(db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over ``db`` on a free port, and the headless Chromium."""
    with serve_site(db, chromium) as served:
        yield served


def _png_rgb(data: bytes) -> tuple[int, int, list[bytes]]:
    """A PNG's width, height and rows of RGB bytes (8-bit RGB or RGBA, not interlaced:
    what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        (size,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + size]
        pos += 12 + size
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        rows.append(bytes(v for x in range(width) for v in line[x * channels : x * channels + 3]))
    return width, height, rows


def _ink(png: bytes) -> tuple[float, bytes]:
    """The share of a tile image's inner pixels that are not the tile's face colour, and
    the mask of those pixels (what tells two tiles apart)."""
    width, height, rows = _png_rgb(png)
    face = (0xFB, 0xF7, 0xEA)
    mask = bytearray()
    margin = 4
    for row in rows[margin : height - margin]:
        for x in range(margin, width - margin):
            r, g, b = row[3 * x : 3 * x + 3]
            mask.append(abs(r - face[0]) + abs(g - face[1]) + abs(b - face[2]) > 90)
    return sum(mask) / max(1, len(mask)), bytes(mask)


def test_every_tile_face_is_drawn_without_a_cjk_font(site: tuple[int, Any]) -> None:
    port, browser = site
    errors: list[str] = []
    page = open_page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/")
    page.evaluate(
        """() => {
          const g = document.createElement('div');
          g.id = 'gallery';
          g.style.cssText = 'background:#1d5c3a;padding:8px;display:flex;flex-wrap:wrap;gap:4px';
          for (let t = 0; t < 42; t++) {
            const e = tileEl(t, { wild: t === 4, wildName: 'wildcard' });
            e.style.fontSize = '30px';
            g.append(e);
          }
          const back = tileEl(null);
          back.style.fontSize = '30px';
          g.append(back);
          document.body.prepend(g);
        }"""
    )
    page.locator("#gallery").screenshot(path=str(ARTIFACTS / "browser-tiles.png"))
    assert page.evaluate(TILES_DRAWN) == []
    masks: dict[bytes, int] = {}
    for t in range(42):
        share, mask = _ink(page.locator(f"#gallery .tile[data-tile='{t}']").screenshot())
        assert share > 0.04, f"tile {t}: {share:.1%} of its face is drawn"
        assert mask not in masks, f"tiles {masks.get(mask)} and {t} look the same"
        masks[mask] = t
    assert errors == []
    page.close()
