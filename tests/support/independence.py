"""The check that keeps the reference independent of the engine: a module may take from the
package only plain data types and errors (no evaluator, no settlement, no game, no
``_core``), and from the tests only the reference's own modules."""

from __future__ import annotations

import ast
from collections.abc import Collection
from pathlib import Path

__all__ = ["assert_independent"]


def assert_independent(
    path: Path,
    plain_modules: Collection[str],
    plain_names: Collection[str] | None = None,
    *,
    helpers: Collection[str] | None = None,
) -> None:
    """``path`` imports from the package only ``koudiandian.<m>`` for ``m`` in
    ``plain_modules`` (empty: nothing of the package at all), and of them only
    ``plain_names`` and errors (when given); it never mentions ``_core`` or ``_flags``. Of
    the tests it imports only the modules of ``tests.support.reference``, or of
    ``helpers`` when given."""
    name = path.name
    source = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] not in ("koudiandian", "tests"), (
                    f"{name}: {alias.name}"
                )
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            parts = module.split(".")
            if parts[0] == "koudiandian":
                assert len(parts) == 2 and parts[1] in plain_modules, f"{name} imports {module}"
                for alias in node.names:
                    plain = plain_names is None or alias.name in plain_names
                    assert plain or alias.name.endswith("Error"), (
                        f"{name} imports {alias.name} from {module}"
                    )
            elif parts[0] == "tests":
                if helpers is None:
                    assert module.startswith("tests.support.reference"), f"{name}: {module}"
                else:
                    assert module in helpers, f"{name} imports {module}"
    for private in ("_core", "_flags"):
        assert private not in source, f"{name} mentions {private}"
