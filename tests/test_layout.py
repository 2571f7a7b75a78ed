"""The layers depend only downwards: tools -> trainer -> environment -> engine.

Every import in the source (including the ones inside functions, and ``"module:attribute"``
strings the trainer resolves at run time) is read with :mod:`ast`, so a lazy import cannot hide
a dependency the wrong way.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# package prefix -> the layer it belongs to (longest prefix wins); a lower number is a lower layer
LAYERS = {
    "yomi": 0, "fighter": 0, "states": 0, "integration": 0,  # integration/engine.py, tracefile.py
    "integration.env": 1,
    "integration.train": 2,
    "integration.tools": 3,
}
NAMES = {0: "engine", 1: "environment", 2: "trainer", 3: "tools"}
MODULE_STRING = re.compile(r"^((?:yomi|fighter|states|integration)(?:\.\w+)*)(?::\w+)?$")


def layer_of(module: str) -> int | None:
    best = None
    for prefix, layer in LAYERS.items():
        if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, layer)
    return None if best is None else best[1]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> set[str]:
    """Absolute names of every module the file imports, anywhere in it, plus module strings."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: str) -> set[str]:
    tree = ast.parse(source)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            m = MODULE_STRING.match(node.value)
            if m and "." in m.group(1):
                found.add(m.group(1))
    return found


def sources() -> list[Path]:
    return sorted(p for top in ("yomi", "fighter", "states", "integration") for p in (REPO / top).rglob("*.py"))


def test_the_layers_are_where_the_check_expects_them():
    for folder in ("integration/env", "integration/train", "integration/tools"):
        assert (REPO / folder / "__init__.py").is_file(), folder
    assert {layer_of(module_name(p)) for p in sources()} == {0, 1, 2, 3}


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(REPO)))
def test_no_import_points_up(path):
    own = layer_of(module_name(path))
    assert own is not None, f"{path} is in no layer"
    upward = sorted(m for m in imported_modules(path) if (layer_of(m) or 0) > own)
    assert not upward, f"{path.relative_to(REPO)} ({NAMES[own]}) imports {upward}"


def test_the_check_sees_lazy_imports_and_module_strings():
    """The checker itself: an import inside a function, a relative import and a
    "module:attribute" string all count."""
    source = ("def f():\n    from integration.train import trainer\n"
              "    from ..tools import bench\n"
              "X = 'integration.tools.play:main'\n")
    found = imports_in(source, "integration.env")
    assert {"integration.train.trainer", "integration.tools.play", "integration.tools.bench"} <= found
    assert min(layer_of(m) for m in found if m.startswith("integration.")) > layer_of("integration.env.env")
