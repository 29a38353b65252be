"""The public names of ``koudiandian``: where the API reference documents each one, and which
of them lack a docstring.

A public module is ``koudiandian`` or any submodule without a leading underscore in its path.
Its public names are its ``__all__`` (or, where it has none, the names its source binds
without a leading underscore); a public class's public members are the methods and
properties (Python or Rust) that it or a ``koudiandian`` base class defines. Each object is
documented once, under the shallowest public module that exports it (``koudiandian.Tile``,
not ``koudiandian.tile.Tile``); a constant or type alias under the module that assigns it,
since that is where its attribute docstring is.

Used by ``docs/conf.py`` (which name goes on which page; the build fails on a name without a
docstring) and by ``tests/engine/test_docstrings.py``. Standard library only: it imports
``koudiandian`` (and so needs its ``[server]`` and ``[rl]`` extras) and reads its sources.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import importlib.util
import inspect
import pkgutil
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

PACKAGE = "koudiandian"


@dataclass(frozen=True)
class PublicName:
    """One public name of a public module."""

    module: str  # the module whose ``__all__`` (or source) names it
    name: str
    obj: Any
    origin: tuple[str, str]  # (module, qualified name) where it is defined or assigned

    @property
    def is_constant(self) -> bool:
        """A value documented by an attribute docstring: not a class, function or module."""
        obj = self.obj
        return not (inspect.isclass(obj) or inspect.ismodule(obj) or inspect.isroutine(obj))


def _top(dotted: str) -> str:
    return dotted.split(".")[0]


def is_public_module(name: str) -> bool:
    """A module with no ``_``-prefixed part in its dotted name."""
    return not any(p.startswith("_") for p in name.split("."))


#: Public modules the walk leaves out: they need the ``[rl-train]`` extra (torch), which the
#: docs build does not install; ``docs/training.md`` documents them and ``tests/train`` checks
#: their docstrings.
OUTSIDE_REFERENCE = frozenset({"koudiandian.rl.sb3"})


def public_modules(package: str = PACKAGE) -> list[ModuleType]:
    """The package and its public submodules (but :data:`OUTSIDE_REFERENCE`), shallowest
    first, each imported."""
    root = importlib.import_module(package)
    names = [
        m.name
        for m in pkgutil.walk_packages(root.__path__, package + ".")
        if is_public_module(m.name) and m.name not in OUTSIDE_REFERENCE
    ]
    modules = [root] + [importlib.import_module(n) for n in names]
    return sorted(modules, key=lambda m: (m.__name__.count("."), m.__name__))


@functools.cache
def _source_tree(module_name: str) -> ast.Module | None:
    spec = importlib.util.find_spec(module_name)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    with open(spec.origin, encoding="utf-8") as f:
        return ast.parse(f.read())


def _bound_names(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def _names_bound_in(module: ModuleType) -> list[str]:
    tree = _source_tree(module.__name__)
    if tree is None:
        return []
    return [n for node in tree.body for n in _bound_names(node) if not n.startswith("_")]


def exported_names(module: ModuleType) -> list[str]:
    """The module's public names: ``__all__``, or the public names its source binds."""
    names = getattr(module, "__all__", None)
    return list(names) if names is not None else _names_bound_in(module)


def _assignment_origin(module_name: str, name: str) -> tuple[str, str]:
    """Where ``name`` of ``module_name`` is assigned, following ``from ... import`` chains."""
    tree = _source_tree(module_name)
    if tree is None:
        return module_name, name
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    spec = importlib.util.find_spec(module_name)
                    is_package = spec is not None and spec.submodule_search_locations is not None
                    package = module_name if is_package else module_name.rpartition(".")[0]
                    source = importlib.util.resolve_name(
                        "." * node.level + (node.module or ""), package
                    )
                    if _top(source) != _top(module_name):
                        return source, alias.name
                    return _assignment_origin(source, alias.name)
    return module_name, name


def _origin(module: ModuleType, name: str, obj: Any) -> tuple[str, str]:
    if inspect.ismodule(obj):
        return obj.__name__, ""
    own = getattr(obj, "__module__", None)
    if (inspect.isclass(obj) or inspect.isroutine(obj)) and _top(str(own)) == _top(module.__name__):
        return str(own), obj.__qualname__
    return _assignment_origin(module.__name__, name)


def public_names(modules: list[ModuleType]) -> list[PublicName]:
    """Every public name of these modules (a name exported twice is listed twice)."""
    result = []
    for module in modules:
        for name in exported_names(module):
            obj = getattr(module, name)
            result.append(PublicName(module.__name__, name, obj, _origin(module, name, obj)))
    return result


def _depth(module: str) -> int:
    return module.count(".")


def documented_in(names: list[PublicName]) -> dict[tuple[str, str], str]:
    """For each exported object (by origin), the one module whose page documents it."""
    candidates: dict[tuple[str, str], list[str]] = {}
    constants: dict[tuple[str, str], bool] = {}
    for n in names:
        if not inspect.ismodule(n.obj):
            candidates.setdefault(n.origin, []).append(n.module)
            constants[n.origin] = n.is_constant
    where = {}
    for origin, modules in candidates.items():
        if constants[origin] and origin[0] in modules:
            where[origin] = origin[0]
        else:
            where[origin] = min(modules, key=lambda m: (_depth(m), m != origin[0], m))
    return where


def members_documented_in(module: str, names: list[PublicName]) -> list[str]:
    """The names that ``module``'s section of the reference documents, in ``__all__`` order."""
    where = documented_in(names)
    return [
        n.name
        for n in names
        if n.module == module and not inspect.ismodule(n.obj) and where[n.origin] == module
    ]


def canonical_paths(names: list[PublicName]) -> dict[str, str]:
    """Each object's dotted path where it is defined -> the dotted path it is documented at."""
    where = documented_in(names)
    paths = {}
    for n in names:
        if where.get(n.origin) == n.module and n.origin[1]:
            paths[f"{n.origin[0]}.{n.origin[1]}"] = f"{n.module}.{n.name}"
    return paths


# --- docstrings -----------------------------------------------------------------------------


def _own_doc(obj: Any) -> str | None:
    """The docstring that ``obj`` itself carries (not one Python generates or inherits)."""
    if inspect.isclass(obj):
        doc = obj.__dict__.get("__doc__")
        if doc and dataclasses.is_dataclass(obj) and doc.startswith(f"{obj.__name__}("):
            return None  # the signature that @dataclass writes where there is no docstring
        if doc and issubclass(obj, tuple) and hasattr(obj, "_fields"):
            if doc.startswith(f"{obj.__name__}("):
                return None  # the same, from namedtuple
        return doc
    if isinstance(obj, staticmethod | classmethod):
        obj = obj.__func__
    if isinstance(obj, property):
        return obj.__doc__ or (obj.fget.__doc__ if obj.fget else None)
    return getattr(obj, "__doc__", None)


def _attribute_doc(origin: tuple[str, str]) -> str | None:
    """The attribute docstring of a module-level assignment: a string right after it, or
    ``#:`` comment lines right above it (the two forms Sphinx's autodoc reads)."""
    module_name, name = origin
    tree = _source_tree(module_name)
    spec = importlib.util.find_spec(module_name)
    if tree is None or spec is None or spec.origin is None:
        return None
    with open(spec.origin, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for i, node in enumerate(tree.body):
        if name not in _bound_names(node) or isinstance(node, ast.ClassDef | ast.FunctionDef):
            continue
        after = tree.body[i + 1] if i + 1 < len(tree.body) else None
        if (
            isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            return after.value.value
        above = lines[node.lineno - 2] if node.lineno >= 2 else ""
        if above.strip().startswith("#:"):
            return above.strip()[2:]
    return None


def _is_member(value: Any) -> bool:
    """A method or property: what a class's public members to document are."""
    return (
        inspect.isfunction(value)
        or isinstance(value, staticmethod | classmethod | property | functools.cached_property)
        or inspect.ismethoddescriptor(value)  # a Rust method (method_descriptor)
        or inspect.isgetsetdescriptor(value)  # a Rust property
    ) and not inspect.ismemberdescriptor(value)  # a __slots__ field


def _class_members(cls: type) -> Iterator[tuple[str, Any]]:
    """The public methods and properties of ``cls`` defined by it or a ``koudiandian`` base,
    each with the first docstring found along the method resolution order among those."""
    ours = [c for c in cls.__mro__ if _top(str(c.__module__)) == _top(cls.__module__)]
    seen = set()
    for c in ours:
        for name, value in vars(c).items():
            if name.startswith("_") or name in seen or not _is_member(value):
                continue
            seen.add(name)
            docs = (_own_doc(b.__dict__[name]) for b in ours if name in b.__dict__)
            yield name, next((d for d in docs if d), None)


def missing_docstrings(package: str = PACKAGE) -> list[str]:
    """The dotted paths (as documented) of every public module, name, method and property of
    ``package`` without a docstring; empty when all have one."""
    modules = public_modules(package)
    names = public_names(modules)
    where = documented_in(names)
    missing = [f"{m.__name__} (module)" for m in modules if not (m.__doc__ or "").strip()]
    checked = set()
    for n in names:
        if inspect.ismodule(n.obj) or n.origin in checked or where[n.origin] != n.module:
            continue
        checked.add(n.origin)
        path = f"{n.module}.{n.name}"
        ours = _top(n.origin[0]) == package
        doc = _own_doc(n.obj) if ours and not n.is_constant else _attribute_doc(n.origin)
        if not (doc or "").strip():
            missing.append(path)
        if inspect.isclass(n.obj) and ours:
            for member, member_doc in _class_members(n.obj):
                if not (member_doc or "").strip():
                    missing.append(f"{path}.{member}")
    return missing


if __name__ == "__main__":
    import sys

    gaps = missing_docstrings()
    for gap in gaps:
        print(f"no docstring: {gap}")
    sys.exit(1 if gaps else 0)
