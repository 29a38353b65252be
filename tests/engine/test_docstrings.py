"""Every public name of koudiandian has a docstring: the API reference (docs/, built by Sphinx)
is made of them. The walk over the public names is docs/public_api.py, which the reference's
build uses too."""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.support import ROOT


def _load_public_api() -> ModuleType:
    spec = importlib.util.spec_from_file_location("public_api", ROOT / "docs" / "public_api.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["public_api"] = module  # @dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


public_api = _load_public_api()


def test_every_public_name_has_a_docstring():
    # The walk imports every public module, the [server] and [rl] ones too.
    for extra_module in ("starlette", "gymnasium", "pettingzoo"):
        pytest.importorskip(extra_module)
    missing = public_api.missing_docstrings()
    assert not missing, "public names without a docstring:\n" + "\n".join(missing)


@pytest.fixture
def probe_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A package with documented and undocumented names of every kind the walk looks at."""
    root = tmp_path / "docprobe"
    (root / "_private").mkdir(parents=True)
    (root / "__init__.py").write_text(
        textwrap.dedent(
            '''
            """A probe."""
            import dataclasses
            import enum

            from .sub import Helper, LIMIT as LIMIT

            __all__ = ["Documented", "Bare", "Record", "Kind", "bare", "CONST", "NAKED",
                       "Helper", "LIMIT"]

            #: a constant with a comment
            CONST = 3
            NAKED = 4


            class Documented:
                """Has a docstring."""

                def method(self):
                    pass

                def documented(self):
                    """Has one."""

                @property
                def size(self):
                    return 1

                def _private(self):
                    pass


            class Bare:
                pass


            @dataclasses.dataclass(frozen=True, slots=True)
            class Record:
                field: int


            class Kind(enum.IntEnum):
                A = 1


            def bare():
                pass
            '''
        )
    )
    (root / "sub.py").write_text(
        textwrap.dedent(
            '''
            __all__ = ["Helper", "LIMIT", "helper"]

            LIMIT = 5
            """The limit (an attribute docstring)."""


            class Helper:
                """Documented where it is defined, exported by the package."""

                def run(self):
                    pass


            def helper():
                pass
            '''
        )
    )
    (root / "_private" / "__init__.py").write_text("def hidden():\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "docprobe"
    for name in [m for m in sys.modules if m.split(".")[0] == "docprobe"]:
        del sys.modules[name]


def test_the_walk_lists_each_undocumented_name_once_where_it_is_documented(probe_package):
    assert public_api.missing_docstrings(probe_package) == [
        "docprobe.sub (module)",
        "docprobe.Documented.method",
        "docprobe.Documented.size",
        "docprobe.Bare",
        "docprobe.Record",  # @dataclass's generated signature is no docstring
        "docprobe.Kind",
        "docprobe.bare",
        "docprobe.NAKED",
        "docprobe.Helper.run",  # documented under the package that exports it
        "docprobe.sub.helper",
    ]
