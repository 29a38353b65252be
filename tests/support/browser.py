"""What the browser tests share: Debian's ``chromium`` (found, or the tests skipped), where
screenshots go, and a headless Chromium that is shown no CJK font (a fontconfig file naming
only a Latin font folder), one per test module.

``tests/server/conftest.py`` gives the fixtures ``no_cjk_fonts`` and ``chromium`` to the
server's tests; a browser test imports ``CHROMIUM`` and ``ARTIFACTS``, after
``pytest.importorskip("playwright.sync_api")``."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import ROOT

__all__ = ["CHROMIUM", "ARTIFACTS", "LATIN_FONTS", "no_cjk_fonts", "chromium"]

CHROMIUM = (
    os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
)
ARTIFACTS = Path(os.environ.get("KOUDIANDIAN_ARTIFACTS") or ROOT / "artifacts")
# Fonts with Latin letters and digits, and no CJK glyph; the first folder found is used.
LATIN_FONTS = [
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/truetype/liberation"),
    Path("/usr/share/fonts/TTF"),
]


@pytest.fixture(scope="module")
def no_cjk_fonts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a browser that finds no CJK font: a fontconfig file naming one
    folder of Latin fonts."""
    folder = next((f for f in LATIN_FONTS if f.is_dir()), None)
    if folder is None:
        pytest.skip("no Latin font folder to show the browser")
    home = tmp_path_factory.mktemp("fonts")
    conf = home / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <dir>{folder}</dir>\n  <cachedir>{home / 'cache'}</cachedir>\n</fontconfig>\n"
    )
    env = dict(os.environ, FONTCONFIG_FILE=str(conf))
    if shutil.which("fc-list"):  # the browser will find no font for Chinese
        zh = subprocess.run(["fc-list", ":lang=zh"], env=env, capture_output=True, text=True)
        assert zh.stdout.strip() == "", zh.stdout
    return env


@pytest.fixture(scope="module")
def chromium(no_cjk_fonts: dict[str, str]) -> Iterator[Any]:
    """A headless Chromium without CJK fonts (one for the module)."""
    from playwright import sync_api

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu"],
            env=no_cjk_fonts,
        )
        yield browser
        browser.close()
