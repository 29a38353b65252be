"""Helpers the tests share: wall builders, the server harness, the reference engine, and the
paths the tests read (so that no test counts its own depth in the tree)."""

from pathlib import Path

#: The repository root (or, under ``.ci/wheel``, the directory the tests were copied into).
ROOT = Path(__file__).resolve().parents[2]
#: The folder of the reference engine's modules.
REFERENCE = Path(__file__).resolve().parent / "reference"
