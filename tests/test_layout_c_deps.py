"""The C files' dependencies: the engine's headers, and a character's files.

The engine (``csrc/engine/*.c``): each module declares what it exports in its own header
(``match.c`` -> ``match.h``), one doc line per function, and includes its own header first and
then only the headers it uses, never the umbrella ``engine.h`` (that one is for the users outside
the engine: ``engine/base``, the characters, the environment, the binding, the tools). The engine's
headers include each other without cycles, on top of the types (``ytypes.h``).

A character's C files depend on each other without cycles, like the Python modules they mirror.

Each file of ``csrc/chars/<c>/`` is compiled on its own (``-c``) in a temporary folder and its
symbols are read with ``nm``: a file depends on another when it uses a symbol the other defines.
The registry (``char_<c>_registry.c``, the counterpart of ``states/<c>/__init__.py``) names every
class, so nothing else needs to. The one cycle allowed is the game's own: the fighter and its
objects (the fighter holds and drives its objects; an object calls its creator's methods), listed
in ``GAMES_OWN``.
"""
from __future__ import annotations

import graphlib
import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from integration.tools import gen_c
from support.sanitize import compiler

REPO = Path(__file__).resolve().parent.parent
CHARS = REPO / "csrc" / "chars"
ENGINE = REPO / "csrc" / "engine"
UMBRELLA = ENGINE / "engine.h"
# declared in scene.h and tables.h, defined in the generated tables (build/gen/tables_gen.c)
GENERATED = {"yomi_char_registries", "yomi_char_order", "yomi_sym_text", "yomi_sym_sorted", "yomi_prop_text",
             "yomi_fighter_tables", "yomi_object_tables", "yomi_tables_hash"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# a declaration at file scope that starts a line: a function's prototype or an extern
DECLARATION = re.compile(r"^(?!static|#|typedef|enum|struct|union|_Static_assert|[\s/}*])[^;{(=]*?\b(\w+)\s*[(\[;,]",
                         re.M)

# character -> the file of its objects that depends on the fighter file and back (the game's own cycle)
GAMES_OWN = {
    "cowboy": "char_cowboy_objects.c",
    "mutant": "char_mutant_objects.c",
    "ninja": "char_ninja_objects.c",
    "robot": "char_robot_objects.c",
    "wizard": "char_wizard_projectiles.c",
}


def symbols(cc: str, nm: str, src: Path, work: Path, gen_dir: Path) -> tuple[set[str], set[str]]:
    """(defined, used) global symbols of one C file compiled alone."""
    out = work / f"{src.parent.name}_{src.stem}.o"
    includes = [f"-I{src.parent}"] + [f"-I{d}" for d in gen_c.include_dirs(str(REPO / "csrc"))] + [f"-I{gen_dir}"]
    proc = subprocess.run([cc, "-std=c11", "-O0", "-c", str(src), "-o", str(out), *includes],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    listing = subprocess.run([nm, "-P", str(out)], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in listing.splitlines():
        name, kind = line.split()[:2]
        if kind == "U":
            used.add(name)
        elif kind.isupper():
            defined.add(name)
    return defined, used


def dependencies(files: dict[str, tuple[set[str], set[str]]]) -> dict[str, set[str]]:
    """file -> the files whose symbols it uses."""
    return {a: {b for b, (defined, _) in files.items() if b != a and used & defined}
            for a, (_, used) in files.items()}


def cycle(deps: dict[str, set[str]], allowed: tuple[str, str] | None = None) -> list[str] | None:
    """A dependency cycle (its files), or None; the allowed pair counts as one file."""
    def node(name: str) -> str:
        return "+".join(allowed) if allowed and name in allowed else name

    graph: dict[str, set[str]] = {}
    for a, targets in deps.items():
        graph.setdefault(node(a), set()).update(node(b) for b in targets if node(b) != node(a))
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as err:
        return err.args[1]
    return None


@pytest.fixture(scope="module")
def character_symbols(tmp_path_factory):
    cc, nm = compiler(), shutil.which("nm")
    assert cc and nm, "a C compiler and nm are needed (the extension's build needs them too)"
    work = tmp_path_factory.mktemp("c_deps")
    gen_c.write(str(work / "gen"), str(REPO / "csrc"))
    sources = sorted(CHARS.glob("*/*.c"))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        found = list(pool.map(lambda src: symbols(cc, nm, src, work, work / "gen"), sources))
    by_char: dict[str, dict[str, tuple[set[str], set[str]]]] = {}
    for src, syms in zip(sources, found):
        by_char.setdefault(src.parent.name, {})[src.name] = syms
    return by_char


def test_the_games_own_cycles_name_every_character():
    assert set(GAMES_OWN) == {p.name for p in CHARS.iterdir() if p.is_dir()}
    for name, objects in GAMES_OWN.items():
        assert (CHARS / name / objects).is_file(), objects


@pytest.mark.parametrize("name", sorted(GAMES_OWN))
def test_a_characters_files_have_no_cycle(character_symbols, name):
    files = character_symbols[name]
    deps = dependencies(files)
    fighter = f"char_{name}.c"
    found = cycle(deps, (fighter, GAMES_OWN[name]))
    assert found is None, f"{name}: the C files depend on each other in a cycle: {' -> '.join(found)}"
    # the registry names the fighter's hooks and the classes; nothing names the registry
    registry = f"char_{name}_registry.c"
    assert f"char_{name}_registry" in files[registry][0]
    assert fighter in deps[registry]
    assert not any(registry in targets for targets in deps.values())


def test_the_check_finds_a_cycle(tmp_path):
    """The checker itself, on three files: a -> b -> c -> a is a cycle, unless (a, b) is allowed
    and c depends on neither; b <-> a alone is allowed when (a, b) is."""
    cc, nm = compiler(), shutil.which("nm")
    assert cc and nm
    texts = {"a.c": "int b(void); int a(void) { return b(); }\n",
             "b.c": "int c(void); int b(void) { return c(); }\n",
             "c.c": "int a(void); int c(void) { return a(); }\n"}
    files = {}
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
        files[name] = symbols(cc, nm, tmp_path / name, tmp_path, tmp_path)
    deps = dependencies(files)
    assert deps == {"a.c": {"b.c"}, "b.c": {"c.c"}, "c.c": {"a.c"}}
    assert set(cycle(deps)) == {"a.c", "b.c", "c.c"}
    assert cycle(deps, ("a.c", "b.c")) is not None  # c still closes a cycle through the pair
    assert cycle({"a.c": {"b.c"}, "b.c": {"a.c"}, "c.c": {"a.c"}}, ("a.c", "b.c")) is None
    assert cycle({"a.c": {"b.c"}, "b.c": {"a.c"}, "c.c": set()}) is not None


# ------------------------------------------------------------------ the engine's headers
def engine_modules() -> list[Path]:
    return sorted(ENGINE.glob("*.c"))


def includes(path: Path) -> list[Path]:
    """The files of csrc that path includes, in order, found as the compiler finds them (the
    including file's folder first, then the include path); the generated headers are left out."""
    folders = (path.parent,) + tuple(Path(d) for d in gen_c.include_dirs(str(REPO / "csrc")))
    found = []
    for name in INCLUDE.findall(path.read_text(encoding="utf-8")):
        for folder in folders:
            if (folder / name).is_file():
                found.append((folder / name).resolve())
                break
    return found


def reached(path: Path) -> set[Path]:
    """Every file of csrc that path includes, directly or through another."""
    seen: set[Path] = set()
    todo = [path]
    while todo:
        for inc in includes(todo.pop()):
            if inc not in seen:
                seen.add(inc)
                todo.append(inc)
    return seen


def declarations(header: Path) -> dict[str, int]:
    """The names a header declares at file scope (prototypes, externs) and the line of each."""
    text = header.read_text(encoding="utf-8")
    found = {}
    for m in DECLARATION.finditer(text):
        line = text.count("\n", 0, m.start())
        found.setdefault(m.group(1), line)
    return found


@pytest.fixture(scope="module")
def engine_symbols(tmp_path_factory):
    cc, nm = compiler(), shutil.which("nm")
    assert cc and nm, "a C compiler and nm are needed (the extension's build needs them too)"
    work = tmp_path_factory.mktemp("engine_deps")
    gen_c.write(str(work / "gen"), str(REPO / "csrc"))
    sources = engine_modules()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        found = list(pool.map(lambda src: symbols(cc, nm, src, work, work / "gen"), sources))
    return {src.stem: syms for src, syms in zip(sources, found)}


def test_each_engine_module_includes_its_own_header_first():
    for src in engine_modules():
        own = (ENGINE / f"{src.stem}.h").resolve()
        assert own.is_file(), f"{src.name} has no header of its own"
        found = includes(src)
        assert found and found[0] == own, f"{src.name} includes {own.name} first"


def test_no_engine_file_reaches_the_umbrella():
    """The engine's files include only what they use; engine.h is for the users outside it."""
    files = engine_modules() + [h for h in sorted(ENGINE.glob("*.h")) if h != UMBRELLA]
    for path in files:
        assert UMBRELLA.resolve() not in reached(path), f"{path.name} includes engine.h (directly or not)"


def test_the_engine_headers_have_no_cycle():
    headers = [h for h in sorted(ENGINE.rglob("*.h"))]
    graph = {h.name: {inc.name for inc in includes(h) if inc.suffix == ".h"} for h in headers}
    found = cycle(graph)
    assert found is None, f"the engine's headers include each other in a cycle: {' -> '.join(found)}"
    # the types are the bottom layer: they include no module's header
    modules = {src.stem + ".h" for src in engine_modules()} - {"body.h", "fixed.h", "rng.h", "tables.h"}
    assert not graph["ytypes.h"] & modules, graph["ytypes.h"]


def test_a_modules_header_declares_what_it_defines(engine_symbols):
    """Each module's header declares exactly the global symbols its file defines (so a function is
    found where its module is, and nothing else is exported)."""
    for stem, (defined, _) in engine_symbols.items():
        declared = set(declarations(ENGINE / f"{stem}.h"))
        assert declared - GENERATED <= defined, (stem, sorted(declared - GENERATED - defined))
        assert defined <= declared, (stem, sorted(defined - declared))


def test_every_function_of_an_engine_header_has_a_doc_line():
    """Each prototype: a comment on the prototype's line or on the line just above it (the line of a comment alone)."""
    for src in engine_modules():
        header = ENGINE / f"{src.stem}.h"
        lines = header.read_text(encoding="utf-8").split("\n")
        for name, k in declarations(header).items():
            if "(" not in lines[k]:
                continue  # data (an extern), documented with its group
            above = lines[k - 1].strip() if k else ""
            documented = "/*" in lines[k] or (above.endswith("*/") and above.startswith(("/*", "*")))
            assert documented, f"{header.name}:{k + 1}: {name} has no doc line"


def test_the_declaration_reader_finds_prototypes_and_externs(tmp_path):
    header = tmp_path / "x.h"
    header.write_text("/* a */\nint a(int x);\nstatic inline int b(void) { return 0; }\n"
                      "extern const int c[4];\nextern const int d, e;\ntypedef struct { int f; } g;\n"
                      "yobj *h(void);\n#define I(x) (x)\n")
    assert list(declarations(header)) == ["a", "c", "d", "h"]


# ------------------------------------------------------------------ object classes
OBJECT_CLASS = re.compile(r"const yobj_class (\w+) = \{(.*?)\n\};", re.S)


def object_classes() -> dict[str, dict[str, str]]:
    """Every object class's initializer: class -> {field: value} (the C source's text)."""
    found = {}
    for path in sorted((REPO / "csrc").rglob("*.c")):
        for m in OBJECT_CLASS.finditer(path.read_text(encoding="utf-8")):
            found[m.group(1)] = dict(re.findall(r"\.(\w+)\s*=\s*&?(\w+)", m.group(2)))
    return found


def test_object_classes_inherit_their_hooks_instead_of_repeating_them():
    """A class sets only the hooks it overrides (scene.c fills the rest from its parents), and every
    class descends from BaseProjectile."""
    header = (ENGINE / "ytypes.h").read_text(encoding="utf-8")
    hooks = set(re.findall(r"\(\*(\w+)\)", re.search(r"#define OBJ_HOOKS(.*?)\n\n", header, re.S).group(1)))
    assert {"disable", "hit_by", "can_hit_cancel", "on_hit_ceiling", "tick"} <= hooks
    classes = object_classes()
    assert len(classes) > 20 and "base_projectile_class" in classes

    def inherited(name: str, hook: str) -> str | None:
        parent = classes[name].get("parent")
        while parent:
            if hook in classes[parent]:
                return classes[parent][hook]
            parent = classes[parent].get("parent")
        return None

    for name, fields in classes.items():
        chain, k = [], name
        while k:
            chain.append(k)
            k = classes[k].get("parent")
        assert chain[-1] == "base_projectile_class", f"{name} does not descend from BaseProjectile"
        for hook in hooks & set(fields):
            assert fields[hook] != inherited(name, hook), f"{name} repeats its parent's {hook}"
