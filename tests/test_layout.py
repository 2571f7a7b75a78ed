"""The layers depend only downwards: tools -> trainer -> environment -> engine interface ->
the Python engine's states -> fighter -> core -> the frame-data tables.

Every import in the source (including the ones inside functions, and ``"module:attribute"``
strings the trainer resolves at run time) is read with :mod:`ast`, so a lazy import cannot hide
a dependency the wrong way.
"""
from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# package prefix -> the layer it belongs to (longest prefix wins); a lower number is a lower layer.
# The Python engine is three layers: the core (yomi: fixed point, physics, boxes, the match's
# tick) below the fighter every character is, below the states (the state machine, the moves, the
# characters, and the scene builder the match is handed); the tables' loader is below them all.
LAYERS = {
    "states.data": 0,
    "yomi": 1,
    "fighter": 2,
    "states": 3,
    "integration": 4,  # integration/engine.py, tracefile.py
    "integration.env": 5,
    "integration.train": 6,
    "integration.tools": 7,
}
NAMES = {0: "tables", 1: "engine core", 2: "fighter", 3: "states", 4: "engine interface", 5: "environment",
         6: "trainer", 7: "tools"}
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
    assert {layer_of(module_name(p)) for p in sources()} == set(NAMES)


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(REPO)))
def test_no_import_points_up(path):
    own = layer_of(module_name(path))
    assert own is not None, f"{path} is in no layer"
    upward = sorted(m for m in imported_modules(path) if (layer_of(m) or 0) > own)
    assert not upward, f"{path.relative_to(REPO)} ({NAMES[own]}) imports {upward}"


def test_the_tables_loader_brings_no_state_with_it():
    """The fighter reads the tables (``states.data``, layer 0) from inside the ``states`` package:
    importing it runs ``states/__init__.py`` first, which therefore imports nothing."""
    assert not imports_in((REPO / "states" / "__init__.py").read_text(encoding="utf-8"), "states")


def test_the_check_sees_lazy_imports_and_module_strings():
    """The checker itself: an import inside a function, a relative import and a
    "module:attribute" string all count."""
    source = ("def f():\n    from integration.train import trainer\n"
              "    from ..tools import bench\n"
              "X = 'integration.tools.play:main'\n")
    found = imports_in(source, "integration.env")
    assert {"integration.train.trainer", "integration.tools.play", "integration.tools.bench"} <= found
    assert min(layer_of(m) for m in found if m.startswith("integration.")) > layer_of("integration.env.env")


# ------------------------------------------------------------------ the C sources
CSRC = REPO / "csrc"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def c_files() -> list[Path]:
    return sorted(p for p in CSRC.rglob("*") if p.suffix in (".c", ".h"))


@functools.lru_cache(maxsize=None)
def include_path() -> tuple[Path, ...]:
    """The include path setup.py passes (integration/tools/gen_c.py: include_dirs)."""
    from integration.tools import gen_c

    return tuple(Path(d) for d in gen_c.include_dirs(str(CSRC)))


def resolve_include(path: Path, name: str) -> Path | None:
    """Where the compiler finds ``#include "name"``: the including file's folder first, then the
    include path; None: nowhere in csrc (the generated tables' header)."""
    for folder in (path.parent,) + include_path():
        if (folder / name).is_file():
            return (folder / name).resolve()
    return None


def character_of(path: Path) -> str | None:
    rel = path.resolve().relative_to(CSRC.resolve()).parts
    return rel[1] if rel[0] == "chars" and len(rel) > 2 else None


def test_c_file_names_are_unique():
    names = [p.name for p in c_files()]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_every_character_has_its_folder():
    import yomi._native as native

    folders = {p.name for p in (CSRC / "chars").iterdir() if p.is_dir()}
    assert folders == {c.lower() for c in native.characters()}


def test_no_c_file_includes_another_characters_header():
    """A character's C files include the core's headers and their own; the core, the env and the
    binding include no character's header."""
    seen = 0
    for path in c_files():
        own = character_of(path)
        for name in INCLUDE.findall(path.read_text(encoding="utf-8")):
            found = resolve_include(path, name)
            if found is None:
                # the generated headers (build/gen)
                assert name in ("tables_gen.h", "env_layout.h"), f"{path.relative_to(REPO)}: #include \"{name}\" is nowhere"
                continue
            other = character_of(found)
            assert other is None or other == own, f"{path.relative_to(REPO)} includes {found.relative_to(REPO)}"
            seen += other is not None
    assert seen >= 5  # each character includes its own header
