"""Generate the C engine's frame-data tables (``tables_gen.h`` / ``tables_gen.c``) from ``states/data/(tables).json``.

The C engine (``csrc/``) reads the same extracted tables as the Python engine, through this
generator: it turns every character table and every object scene of ``objects.json`` into
plain C arrays (``csrc/engine/tables.h`` declares their types), and interns every name the engine
looks up (state names, categories, animations, data keys, host methods...) as a symbol
``SYM_<name>``.  Nothing is interpreted here: exported properties are emitted as they are
stored (``yprop`` lists) and the C scene builder (``csrc/engine/scene.c``, mirror of
``states/scene.py``) applies the defaults and fix-ups, exactly as the Python builder does.
The characters written in C are the folders of ``csrc/chars/``; their registries are listed
here, in the order the Python engine merges them (``yomi_char_order``), so the core names none.

The C sources' layout (which folders the engine, the extension and the include path take) is
also defined here, once, for ``setup.py`` and the sanitizer test: :func:`engine_sources`,
:func:`extension_sources`, :func:`include_dirs`.

Standalone on purpose (standard library only): ``setup.py`` runs it at build time, so the
extension always matches the JSON next to this file.  Deterministic: the same inputs give
byte-identical output (``tests/engine/test_c_engine.py`` checks it).

Usage: ``python integration/tools/gen_c.py OUT_DIR [--csrc DIR]`` (``--csrc`` is scanned for the
``SYM_*`` names the C sources use, so a symbol only the code mentions still exists).
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "states", "data")  # the JSON tables this turns into C


def _character_names() -> tuple:
    """states/data/schema.py's CHARACTER_NAMES, the fighter tables' order, read without importing the
    project (this file runs alone at build time; schema.py needs only the standard library)."""
    spec = importlib.util.spec_from_file_location("yomi_tables_schema", os.path.join(DATA, "schema.py"))
    schema = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(schema)
    return tuple(schema.CHARACTER_NAMES)


CHARACTERS = _character_names()
PAIRS = "__pairs__"
GENERATOR_VERSION = "1"

# child node kinds the engine knows (states/scene.py: _build_child)
NODE_KINDS = ("State", "Hitbox", "ThrowBox", "SweptHitbox", "HurtboxState", "LimbHurtbox", "HostCommand",
              "UsableRequirement", "CollisionBox", "Other")
VAL_KINDS = ("NULL", "BOOL", "INT", "FLOAT", "STR", "LIST", "DICT")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_ ]*\Z")
_SYM_USE = re.compile(r"\bSYM_([A-Za-z0-9_]+)")

# csrc/ by layer: the engine (core, base states, one folder per character), then what only the
# CPython extension adds (the environment's C part, the binding); csrc/tools holds programs
ENGINE_DIRS = ("engine", "chars")
EXTENSION_DIRS = ("env", "python")
INCLUDE_DIRS = ("engine", "engine/base", "env", "python")  # a character's header is its folder's own


def _c_files(csrc: str, folders, suffixes=(".c",)) -> list[str]:
    found = []
    for folder in folders:
        for root, dirs, files in os.walk(os.path.join(csrc, folder)):
            dirs.sort()
            found += [os.path.join(root, f) for f in sorted(files) if f.endswith(suffixes)]
    return found


def engine_sources(csrc: str) -> list[str]:
    """The engine's C files (no Python, no environment): what the standalone driver links."""
    return _c_files(csrc, ENGINE_DIRS)


def extension_sources(csrc: str) -> list[str]:
    """Every C file of the CPython extension ``yomi._native`` (the generated tables apart)."""
    return _c_files(csrc, ENGINE_DIRS + EXTENSION_DIRS)


def include_dirs(csrc: str) -> list[str]:
    return [os.path.join(csrc, d) for d in INCLUDE_DIRS]


def c_characters(csrc: str | None) -> set[str]:
    """The characters written in C: the folders of csrc/chars/ (each defines char_<name>_registry)."""
    folder = os.path.join(csrc, "chars") if csrc else None
    if not folder or not os.path.isdir(folder):
        return set()
    return {name for name in os.listdir(folder) if os.path.isdir(os.path.join(folder, name))}


def _decode(value):
    if isinstance(value, dict):
        if len(value) == 1 and PAIRS in value and isinstance(value[PAIRS], list):
            return {"__pairs__": [[_decode(k), _decode(v)] for k, v in value[PAIRS]]}
        return {k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def _load(name: str) -> dict:
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return _decode(json.load(f))


def _c_string(text: str) -> str:
    out = []
    for ch in text:
        code = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif 32 <= code < 127:
            out.append(ch)
        else:
            for byte in ch.encode("utf-8"):
                out.append(f"\\{byte:03o}")
    return '"' + "".join(out) + '"'


def _ident(name: str) -> str:
    return re.sub(r"\W", "_", name)


class Gen:
    def __init__(self, csrc: str | None):
        self.syms: dict[str, int] = {"": 0}
        self.props: dict[str, int] = {}
        self.lines: list[str] = []
        self.counter = 0
        self.csrc = csrc

    # ------------------------------------------------------------------ interning
    def sym(self, text: str) -> int:
        if text not in self.syms:
            self.syms[text] = len(self.syms)
        return self.syms[text]

    def prop_id(self, name: str) -> int:
        if name not in self.props:
            self.props[name] = len(self.props)
        return self.props[name]

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    # ------------------------------------------------------------------ values
    def value(self, v) -> str:
        """A yval initializer; nested lists/dicts become their own arrays."""
        if v is None:
            return "{YV_NULL, 0, 0, 0, 0}"
        if isinstance(v, bool):
            return f"{{YV_BOOL, {int(v)}, 0, 0, 0}}"
        if isinstance(v, int):
            return f"{{YV_INT, {v}LL, 0, 0, 0}}"
        if isinstance(v, float):
            return f"{{YV_FLOAT, 0, {_c_string(repr(v))}, 0, 0}}"
        if isinstance(v, str):
            sid = self.sym(v) if _IDENT.match(v) or v == "" else -1
            return f"{{YV_STR, {sid}, {_c_string(v)}, 0, 0}}"
        if isinstance(v, list):
            items = [self.value(x) for x in v]
            return f"{{YV_LIST, 0, 0, {self.array('yval', items)}, {len(items)}}}"
        if isinstance(v, dict):
            pairs = v[PAIRS] if PAIRS in v and len(v) == 1 else list(v.items())
            items = []
            for key, val in pairs:
                items.append(self.value(key))
                items.append(self.value(val))
            return f"{{YV_DICT, 0, 0, {self.array('yval', items)}, {len(pairs)}}}"
        raise TypeError(f"cannot emit {v!r}")

    def array(self, ctype: str, items: list[str]) -> str:
        if not items:
            return "0"
        name = self.fresh("a")
        self.lines.append(f"static const {ctype} {name}[{len(items)}] = {{{', '.join(items)}}};")
        return name

    def props_array(self, props: dict) -> tuple[str, int]:
        entries = []
        for key in props:
            self.prop_id(key)
        for key in sorted(props, key=lambda k: self.props[k]):
            val = props[key]
            if isinstance(val, str) and "\n" in val:
                for line in val.split("\n"):  # category lists: intern each line
                    if line.strip():
                        self.sym(line.strip())
            entries.append(f"{{{self.props[key]}, {self.value(val)}}}")
        return self.array("yprop", entries), len(entries)

    def strings(self, items: list[str]) -> str:
        return self.array("char *const", [_c_string(s) for s in items]) if items else "0"

    # ------------------------------------------------------------------ nodes
    def node(self, entry: dict, kind: str, index: int = -1) -> str:
        props, n_props = self.props_array(entry.get("props", {}))
        children = []
        for child in entry.get("children", []):
            ckind = child.get("kind")
            if ckind not in NODE_KINDS or ckind in ("State", "Other"):
                ckind = "Other"
            children.append(self.node(child, ckind))
        return (f"{{{self.sym(entry.get('name', ''))}, YN_{kind}, {index}, "
                f"{_c_string(entry['script']) if entry.get('script') else '0'}, "
                f"{_c_string(entry['class_name']) if entry.get('class_name') else '0'}, "
                f"{self.strings(list(entry.get('extends', [])))}, {len(entry.get('extends', []))}, "
                f"{props}, {n_props}, {self.array('ynode', children)}, {len(children)}}}")

    def table(self, name: str, table_name: str, scene: str, root: dict, boxes: dict, states: dict,
              animations: dict, initial_animation: str | None, starting_state: str) -> str:
        root_props, n_root = self.props_array(root.get("props", {}))
        ordered = sorted(states.items(), key=lambda item: item[1].get("index", 0))
        state_nodes = []
        for i, (state_name, entry) in enumerate(ordered):
            self.sym(state_name)
            entry = dict(entry)
            entry["name"] = state_name
            state_nodes.append(self.node(entry, "State", i))
        box = []
        for key in ("CollisionBox", "Hurtbox"):
            p = (boxes.get(key) or {}).get("props", {})
            box.append(f"{{{p.get('x', 0)}, {p.get('y', 0)}, {p.get('width', 20)}, {p.get('height', 20)}}}")
        # the sprite: the first AnimatedSprite's animations (states/scene.py: sprite_from_table)
        sprite = next(iter(animations.values()), None) if animations else None
        textures: dict[str, int] = {}
        anims = []
        init_anim, init_frame = "", 0
        if sprite is not None:
            init_anim = initial_animation if initial_animation is not None else sprite.get("initial_animation", "")
            init_frame = sprite.get("initial_frame", 0)
            for anim_name, anim in sprite["animations"].items():
                ids = []
                for texture in anim["textures"]:
                    if texture is None:
                        ids.append("-1")
                    else:
                        ids.append(str(textures.setdefault(texture, len(textures))))
                anims.append(f"{{{self.sym(anim_name)}, {len(ids)}, {self.array('int16_t', ids)}}}")
        texture_names = sorted(textures, key=textures.get)
        return (f"{{{_c_string(name)}, {_c_string(table_name)}, {_c_string(scene)}, "
                f"{_c_string(root.get('script') or '')}, {root_props}, {n_root}, "
                f"{{{', '.join(box)}}}, {self.array('ynode', state_nodes)}, {len(state_nodes)}, "
                f"{self.array('yanim', anims)}, {len(anims)}, {self.strings(texture_names)}, {len(texture_names)}, "
                f"{self.sym(init_anim)}, {init_frame}, {self.sym(starting_state)}}}")

    # ------------------------------------------------------------------ whole output
    def run(self) -> tuple[str, str]:
        fighters = []
        for character in CHARACTERS:
            doc = _load(f"{character}.json")
            starting = doc.get("state_machine", {}).get("props", {}).get("starting_state", "") or ""
            fighters.append(self.table(doc["name"], character, doc["scene"], doc["fighter"], doc["boxes"],
                                       doc["states"], doc.get("animations", {}), "Wait", starting))
        objects_doc = _load("objects.json")["objects"]
        objects = []
        for scene in sorted(objects_doc):
            doc = objects_doc[scene]
            starting = ((doc.get("state_machine") or {}).get("props", {}) or {}).get("starting_state", "") or ""
            basename = scene.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            objects.append(self.table(basename, "objects", scene, doc["root"], doc["boxes"], doc["states"],
                                      doc.get("animations", {}), None, starting))
        # data keys of the move panels and the characters' extras
        ui = _load("ui.json")
        for scene in ui["scenes"].values():
            for widget in scene["widgets"]:
                self.sym(widget["name"])
        # names the C sources use
        if self.csrc and os.path.isdir(self.csrc):
            used = set()
            for path in _c_files(self.csrc, ENGINE_DIRS + EXTENSION_DIRS + ("tools",), (".c", ".h")):
                with open(path, encoding="utf-8") as f:
                    used.update(_SYM_USE.findall(f.read()))
            idents = {_ident(s) for s in self.syms}
            for name in sorted(used):
                if name not in idents and name not in ("COUNT", "NONE"):
                    self.sym(name)
        body = "\n".join(self.lines)
        return self.header(len(fighters), len(objects)), self.source(fighters, objects, body)

    def sym_idents(self) -> list[str]:
        idents, seen = [], set()
        for text, sid in sorted(self.syms.items(), key=lambda kv: kv[1]):
            ident = "NONE" if sid == 0 else _ident(text)
            if not ident or ident in seen or not re.fullmatch(r"[A-Za-z0-9_]+", ident):
                ident = f"_{sid}"
            seen.add(ident)
            idents.append(ident)
        return idents

    def header(self, n_fighters: int, n_objects: int) -> str:
        out = ["/* Generated by integration/tools/gen_c.py from states/data/(tables).json: do not edit. */",
               "#ifndef YOMI_TABLES_GEN_H", "#define YOMI_TABLES_GEN_H", "",
               f"#define YOMI_N_FIGHTER_TABLES {n_fighters}", f"#define YOMI_N_OBJECT_TABLES {n_objects}", "",
               "enum yomi_sym {"]
        out += [f"    SYM_{ident} = {i}," for i, ident in enumerate(self.sym_idents())]
        out += [f"    SYM_COUNT = {len(self.syms)}", "};", "", "enum yomi_prop {"]
        out += [f"    P_{_ident(name)} = {pid}," for name, pid in sorted(self.props.items(), key=lambda kv: kv[1])]
        out += [f"    P_COUNT = {len(self.props)}", "};", "",
                "#endif", ""]
        return "\n".join(out)

    def source(self, fighters: list[str], objects: list[str], body: str) -> str:
        sym_texts = sorted(self.syms.items(), key=lambda kv: kv[1])
        sorted_ids = [sid for _, sid in sorted(self.syms.items(), key=lambda kv: kv[0].encode("utf-8"))]
        prop_texts = sorted(self.props.items(), key=lambda kv: kv[1])
        out = ["/* Generated by integration/tools/gen_c.py from states/data/(tables).json: do not edit. */",
               '#include "tables.h"', "", body, "",
               "const char *const yomi_sym_text[SYM_COUNT] = {"]
        out += [f"    {_c_string(text)}," for text, _ in sym_texts]
        out += ["};", "", "/* symbol ids in byte order of their text (binary search) */",
                "const uint16_t yomi_sym_sorted[SYM_COUNT] = {"]
        out += ["    " + ", ".join(str(i) for i in sorted_ids[k:k + 16]) + "," for k in range(0, len(sorted_ids), 16)]
        out += ["};", "", "const char *const yomi_prop_text[P_COUNT] = {"]
        out += [f"    {_c_string(text)}," for text, _ in prop_texts]
        out += ["};", "", "const ytable yomi_fighter_tables[YOMI_N_FIGHTER_TABLES] = {"]
        out += [f"    {t}," for t in fighters]
        out += ["};", "", "const ytable yomi_object_tables[YOMI_N_OBJECT_TABLES] = {"]
        out += [f"    {t}," for t in objects]
        out += ["};", "", "/* the characters written in C: csrc/chars/<table>/ defines char_<table>_registry */",
                "struct yomi_char_registry;"]
        hooks = []
        in_c = c_characters(self.csrc)
        for character in CHARACTERS:
            if character in in_c:
                out.append(f"extern const struct yomi_char_registry char_{character}_registry;")
                hooks.append(f"&char_{character}_registry")
            else:
                hooks.append("0")
        out += ["const struct yomi_char_registry *const yomi_char_registries[YOMI_N_FIGHTER_TABLES] = {"
                + ", ".join(hooks) + "};",
                "", "/* the fighter tables in the order the Python engine merges the characters' registries",
                "   (states/scene.py: character_modules, sorted by package name; later ones win) */",
                "const int yomi_char_order[YOMI_N_FIGHTER_TABLES] = {"
                + ", ".join(str(CHARACTERS.index(c)) for c in sorted(CHARACTERS)) + "};", ""]
        text = "\n".join(out)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        return text + f'const char yomi_tables_hash[] = "{GENERATOR_VERSION}-{digest}";\n'


def generate(csrc: str | None = None) -> tuple[str, str]:
    """(header, source) text."""
    return Gen(csrc).run()


def write(out_dir: str, csrc: str | None = None) -> list[str]:
    header, source = generate(csrc)
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for name, text in (("tables_gen.h", header), ("tables_gen.c", source)):
        path = os.path.join(out_dir, name)
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old != text:  # keep the timestamp when nothing changed (no needless rebuild)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        written.append(path)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--csrc", default=os.path.normpath(os.path.join(HERE, "..", "..", "csrc")))
    args = parser.parse_args(argv)
    for path in write(args.out_dir, args.csrc):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
