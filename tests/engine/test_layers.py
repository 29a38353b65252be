"""The package's imports point one way (the Python twin of ``rust/tests/layers.rs``).

Every module of ``python/koudiandian`` is read with :mod:`ast` (never imported), and every
import it makes inside the package is an arrow: at module level, under
``if TYPE_CHECKING:`` and inside a function alike, relative or absolute. An import of a
module is an arrow to that module; ``from P import name`` is an arrow to ``P`` and, when
``name`` is a submodule of the package ``P``, to that submodule too. Importing a submodule
runs its package's ``__init__`` as well, but that is not an arrow (a package declares its
children, as a ``mod`` line does in Rust). The test fails on a circle: a module that
reaches itself through the modules it imports, each named.

The compiled core (``_core``) is a module that imports nothing of the package: its stub
(``_core.pyi``) is not read (it names ``rules.WildcardMode`` for the option attributes
``rules.py`` installs on ``Rules``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = "koudiandian"
ROOT = Path(__file__).resolve().parents[2] / "python" / PACKAGE

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    """``koudiandian.server.tables`` for ``.../koudiandian/server/tables.py`` (a package
    for its ``__init__.py``)."""
    parts = [PACKAGE, *path.relative_to(ROOT).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package, by its dotted name (the compiled ``_core`` by its
    stub: it imports nothing of the package)."""
    return {module_name(p): p for p in sorted([*ROOT.rglob("*.py"), *ROOT.rglob("*.pyi")])}


def source_of(path: Path) -> str:
    """What the test reads of a module: its source; nothing of the compiled core's stub."""
    return "" if path.suffix == ".pyi" else path.read_text(encoding="utf-8")


def imported(tree: ast.Module, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The package's modules the module ``name`` imports, wherever the import stands."""
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            # a submodule by its name, else the module that holds the name
            targets = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target.startswith(PACKAGE) and target not in known:  # import a.b: a.b, or a
                target = target.rpartition(".")[0]
            if target in known and target != name:
                out.add(target)
    return out


def graph() -> Graph:
    """The package's import graph: each module and the modules it imports."""
    found = modules()
    known = set(found)
    return {
        name: imported(
            ast.parse(source_of(path), str(path)),
            name,
            path.name == "__init__.py",
            known,
        )
        for name, path in found.items()
    }


def circle(arrows: Graph) -> list[str] | None:
    """A circle of ``arrows`` (its modules in order, the first repeated at the end), or
    ``None`` if they have none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(arrows.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found is not None:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(arrows):
        if node not in state:
            found = visit(node)
            if found is not None:
                return found
    return None


def test_the_graph_is_read() -> None:
    arrows = graph()
    assert len(arrows) > 50, sorted(arrows)
    # module level, relative: game.py imports the rules
    assert "koudiandian.rules" in arrows["koudiandian.game"]
    # a package's own submodule through `from . import`
    assert "koudiandian.server.app" in arrows["koudiandian.server"]


def test_no_circle() -> None:
    found = circle(graph())
    assert found is None, "the imports of koudiandian make a circle: " + " -> ".join(found or [])


def _arrows_of(sources: dict[str, str]) -> Graph:
    known = set(sources)
    return {
        name: imported(ast.parse(code), name, name == PACKAGE, known)
        for name, code in sources.items()
    }


@pytest.mark.parametrize(
    ("sources", "expected"),
    [
        # module level, relative
        (
            {
                "koudiandian": "",
                "koudiandian.a": "from .b import x",
                "koudiandian.b": "from . import a",
            },
            ["koudiandian.a", "koudiandian.b", "koudiandian.a"],
        ),
        # under TYPE_CHECKING, absolute
        (
            {
                "koudiandian": "",
                "koudiandian.a": "import koudiandian.b",
                "koudiandian.b": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                "    from koudiandian.a import A",
            },
            ["koudiandian.a", "koudiandian.b", "koudiandian.a"],
        ),
        # inside a function, through a third module
        (
            {
                "koudiandian": "",
                "koudiandian.a": "from .b import x",
                "koudiandian.b": "from .c import y",
                "koudiandian.c": "def f():\n    from .a import z\n    return z",
            },
            ["koudiandian.a", "koudiandian.b", "koudiandian.c", "koudiandian.a"],
        ),
        # one way: no circle
        (
            {
                "koudiandian": "",
                "koudiandian.a": "from .b import x",
                "koudiandian.b": "import json",
            },
            None,
        ),
    ],
)
def test_a_circle_is_found(sources: dict[str, str], expected: list[str] | None) -> None:
    assert circle(_arrows_of(sources)) == expected
