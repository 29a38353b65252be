"""Sphinx configuration of the koudiandian documentation: the guide pages (Markdown, read by
myst-parser) and the API reference (autodoc, from the docstrings and ``_core.pyi``).

Build: ``make docs``, or ``python -m sphinx -W --keep-going -b html docs docs/_build/html``
with the ``[docs]`` extra installed and koudiandian importable. The build warns (and so,
with ``-W``, fails) on every public name without a docstring and on a public module that no
page of the reference shows; ``public_api.py`` beside this file says what is public.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

sys.path.insert(0, str(Path(__file__).parent))

import koudiandian  # noqa: E402
import public_api  # noqa: E402

project = "koudiandian"
release = version = koudiandian.__version__
copyright = "the koudiandian authors"

# The docstrings are reStructuredText prose, with no Google or NumPy sections: no napoleon
# (which would read "The profile: ..." as a type and its description).
extensions = [
    "sphinx.ext.autodoc",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"koudiandian {release}"

# Slugs for the guide pages' links to headings (``rules.md#wildcards``).
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = True

logger = logging.getLogger(__name__)

_MODULES = public_api.public_modules()
_NAMES = public_api.public_names(_MODULES)
# The dotted path where an object is defined -> where the reference documents it.
_CANONICAL = public_api.canonical_paths(_NAMES)


class PublicModule(SphinxDirective):
    """``.. public-module:: koudiandian.tile``: the module's docstring and the public names
    that this module's section documents (those no shallower module exports)."""

    required_arguments = 1
    option_spec = {"member-order": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        self.env.note_dependency(__file__)
        documented = self.env.domaindata.setdefault("koudiandian", {"modules": set()})
        documented["modules"].add(name)
        module = sys.modules[name]
        members = public_api.members_documented_in(name, _NAMES)
        # A module's lazy attributes (its ``__getattr__``) are not among the members that
        # automodule finds: each gets a directive of its own.
        present = [m for m in members if m in vars(module)]
        lazy = [m for m in members if m not in vars(module)]
        lines = [f".. automodule:: {name}"]
        if present:
            lines.append(f"   :members: {', '.join(present)}")
        if "member-order" in self.options:
            lines.append(f"   :member-order: {self.options['member-order']}")
        parent, _, leaf = name.rpartition(".")
        if parent and getattr(sys.modules[parent], leaf) is not module:
            # The package exports an object of the module's name (``koudiandian.simulate``,
            # the function): that object keeps the name's index entry.
            lines.append("   :no-index:")
        for member in lazy:
            obj = getattr(module, member)
            if inspect.isclass(obj):
                lines += ["", f".. autoclass:: {name}.{member}", "   :members:"]
            elif inspect.isroutine(obj):
                lines += ["", f".. autofunction:: {name}.{member}"]
            else:
                lines += ["", f".. autodata:: {name}.{member}"]
        return self.parse_text_to_nodes("\n".join(lines))


def _check_reference(app: Sphinx, env: Any) -> None:
    """Warn of every public name without a docstring and every public module no page shows."""
    for gap in public_api.missing_docstrings():
        logger.warning("public name without a docstring: %s", gap)
    shown = env.domaindata.get("koudiandian", {}).get("modules", set())
    for module in _MODULES:
        if module.__name__ not in shown:
            logger.warning("public module not in the API reference: %s", module.__name__)


def _resolve_to_canonical(
    app: Sphinx, env: Any, node: Any, contnode: nodes.Element
) -> nodes.Element | None:
    """A reference to where an object is defined (``koudiandian.tile.Tile``, as a signature's
    annotation names it) goes to where it is documented (``koudiandian.Tile``)."""
    if node.get("refdomain") != "py":
        return None
    target = _CANONICAL.get(node.get("reftarget", ""))
    if target is None:
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], target, node, contnode
    )


# --- signatures of the Rust core's objects, read from _core.pyi -------------------------------


def _stub_signatures() -> dict[str, tuple[str, str | None]]:
    """``Rules.preset`` -> (``"(name: str)"``, ``"Rules"``) for every def in ``_core.pyi``."""
    spec = importlib.util.find_spec("koudiandian._core")
    assert spec is not None and spec.origin is not None
    stub = Path(spec.origin).parent / "_core.pyi"
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    found: dict[str, tuple[str, str | None]] = {}

    def visit(body: list[ast.stmt], prefix: str, in_class: bool) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.", True)
            elif isinstance(node, ast.FunctionDef):
                static = any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list
                )
                args = node.args
                if in_class and not static and args.args:
                    args = ast.arguments(
                        posonlyargs=args.posonlyargs,
                        args=args.args[1:],
                        vararg=args.vararg,
                        kwonlyargs=args.kwonlyargs,
                        kw_defaults=args.kw_defaults,
                        kwarg=args.kwarg,
                        defaults=args.defaults,
                    )
                returns = ast.unparse(node.returns) if node.returns else None
                name = prefix.rstrip(".") if node.name == "__new__" else prefix + node.name
                found[name] = (f"({ast.unparse(args)})", returns)

    visit(tree.body, "", False)
    return found


_STUBS = _stub_signatures()


def _resolve(dotted: str) -> Any:
    """The object at a dotted path (``koudiandian.Rules.preset``), or None."""
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        obj = sys.modules.get(".".join(parts[:n]))
        if obj is not None:
            break
    else:
        return None
    for part in parts[n:]:
        obj = getattr(obj, part, None)
    return obj


def _core_qualname(what: str, name: str, obj: Any) -> str | None:
    """``Rules.preset`` for an object of the Rust core documented as ``name``."""
    if what in ("class", "function") and getattr(obj, "__module__", None) == "koudiandian._core":
        return getattr(obj, "__qualname__", None)
    if what == "method":
        owner = _resolve(name.rpartition(".")[0])
        if isinstance(owner, type) and owner.__module__ == "koudiandian._core":
            return f"{owner.__qualname__}.{name.rpartition('.')[2]}"
    return None


def _stub_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """The Rust core's objects carry no annotations: take their signatures from the stubs."""
    qualname = _core_qualname(what, name, obj)
    if qualname is None or qualname not in _STUBS:
        return None
    args, returns = _STUBS[qualname]
    return args, None if what == "class" else returns


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("public-module", PublicModule)
    app.connect("env-check-consistency", _check_reference)
    app.connect("missing-reference", _resolve_to_canonical)
    app.connect("autodoc-process-signature", _stub_signature)
    return {"parallel_read_safe": False}
