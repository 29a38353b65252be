"""The ``[rl-train]`` extra's modules for ``tests/train``: skipped where absent, unless
``KOUDIANDIAN_REQUIRE_TRAIN=1`` (``.ci/run`` sets it), where a missing one fails the test."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def require(module: str) -> ModuleType:
    """``module`` imported; absent, the calling test module is skipped (or, with
    ``KOUDIANDIAN_REQUIRE_TRAIN=1``, the import error is raised)."""
    if os.environ.get("KOUDIANDIAN_REQUIRE_TRAIN") == "1":
        return importlib.import_module(module)
    return pytest.importorskip(module)
