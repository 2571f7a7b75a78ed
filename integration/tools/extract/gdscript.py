"""Just enough of GDScript (Godot 3) to know what a script exports and its defaults.

We read only top-level declarations of a ``.gd`` file: ``extends``, ``class_name``,
``enum``, ``const`` and ``var`` (with ``export``/``onready``, type hints, ``setget``).
Function bodies and inner classes are skipped (they are indented).  Defaults are
kept as expression text here and evaluated on demand by :class:`Evaluator`, which
understands literals, ``Vector2(..)``/``Color(..)``/``Rect2(..)``, ``Color.white``,
enum members (``ActionType.Movement``, ``Hitbox.HitHeight.Mid``), constants along
the extends chain or of a ``class_name`` script, ``preload``/``load`` of a path,
unary minus and + - * / % on numbers.  Anything else raises :class:`Unevaluable`.

Semantics mirrored from Godot 3.5's GDScript parser for members with no initializer:
a typed member (``var x: int``) starts at its type's zero value; an exported member
with an export type (``export(String) var s``, ``export(SomeEnum) var e``) starts at
that type's zero value (an enum export is an ``int``: 0); otherwise ``null``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Member", "ScriptInfo", "parse_script", "Unevaluable", "ZERO_VALUES", "split_statements"]


class Unevaluable(ValueError):
    """An expression the evaluator does not handle (listed in the extractor's report)."""


@dataclass
class Member:
    name: str
    exported: bool
    onready: bool
    export_args: str | None        # raw text inside export( ... ) or None
    type_hint: str | None          # text after ':' (None when absent; "" for ':=')
    init: str | None               # initializer expression text or None
    setter: str | None
    getter: str | None
    line: int


@dataclass
class ScriptInfo:
    path: str                      # game-relative path
    extends: str | None            # raw: class name, or a path (quotes removed), may carry ".Inner"
    extends_is_path: bool
    class_name: str | None
    tool: bool
    enums: dict = field(default_factory=dict)      # name -> {member: int}
    consts: dict = field(default_factory=dict)     # name -> expression text (unnamed enum members as ints)
    members: dict = field(default_factory=dict)    # name -> Member, in declaration order
    funcs: list = field(default_factory=list)      # top-level function names
    property_list_names: list = field(default_factory=list)  # names a _get_property_list() returns
    preloads: list = field(default_factory=list)   # every preload("...")/load("...") path literal in the file


ZERO_VALUES = {
    "int": 0, "float": 0.0, "real": 0.0, "bool": False, "String": "", "Vector2": [0.0, 0.0],
    "Vector3": [0.0, 0.0, 0.0], "Rect2": [0.0, 0.0, 0.0, 0.0], "Color": [0.0, 0.0, 0.0, 1.0],
    "Array": [], "Dictionary": {}, "NodePath": {"NodePath": ""},
    "PoolStringArray": [], "PoolIntArray": [], "PoolRealArray": [], "PoolVector2Array": [],
    "PoolColorArray": [], "PoolByteArray": [],
}


def _strip_comment_and_split(text: str):
    """Yield (line_no, logical_line) for each logical line: comments removed, bracketed
    continuations and backslash continuations joined (newlines inside brackets kept)."""
    out = []
    buf = []
    depth = 0
    quote = None
    start_line = 1
    line = 1
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if quote:
            buf.append(c)
            if c == "\\" and i + 1 < n:
                buf.append(text[i + 1])
                if text[i + 1] == "\n":
                    line += 1
                i += 2
                continue
            if text.startswith(quote, i):
                if len(quote) == 3:
                    buf.append(quote[1:])
                    i += 3
                else:
                    i += 1
                quote = None
                continue
            if c == "\n":
                line += 1
            i += 1
            continue
        if c == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c in "\"'":
            quote = text[i:i + 3] if text.startswith(c * 3, i) else c
            buf.append(quote)
            i += len(quote)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(0, depth - 1)
        elif c == "\\" and i + 1 < n and text[i + 1] == "\n":
            buf.append(" ")
            i += 2
            line += 1
            continue
        if c == "\n":
            line += 1
            if depth == 0:
                out.append((start_line, "".join(buf)))
                buf = []
                start_line = line
                i += 1
                continue
        buf.append(c)
        i += 1
    if buf:
        out.append((start_line, "".join(buf)))
    return out


def split_statements(text: str):
    """Public for tests: logical lines of a script as (line, text)."""
    return _strip_comment_and_split(text)


def _split_top(s: str, sep: str) -> list[str]:
    """Split on ``sep`` outside strings and brackets."""
    parts, buf, depth, quote, i = [], [], 0, None, 0
    while i < len(s):
        c = s[i]
        if quote:
            buf.append(c)
            if c == "\\" and i + 1 < len(s):
                buf.append(s[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
            i += 1
            continue
        if c in "\"'":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if depth == 0 and s.startswith(sep, i) and (sep != "," or True):
            parts.append("".join(buf))
            buf = []
            i += len(sep)
            continue
        buf.append(c)
        i += 1
    parts.append("".join(buf))
    return parts


def _find_top_word(s: str, word: str) -> int:
    """Index of ``word`` (as a whole word) outside strings/brackets, or -1."""
    depth, quote = 0, None
    for i, c in enumerate(s):
        if quote:
            if c == quote and s[i - 1] != "\\":
                quote = None
            continue
        if c in "\"'":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and s.startswith(word, i):
            before = s[i - 1] if i else " "
            after = s[i + len(word)] if i + len(word) < len(s) else " "
            if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
                return i
    return -1


_VAR_RE = re.compile(
    r"^(?P<mods>(?:(?:export(?:\s*\((?P<eargs>.*?)\))?|onready|puppet|remote|master|remotesync|mastersync|puppetsync|sync|slave)\s+)*)"
    r"var\s+(?P<name>[A-Za-z_]\w*)\s*(?P<rest>.*)$", re.S)
_PRELOAD_RE = re.compile(r"""\b(?:preload|load)\s*\(\s*["']([^"']+)["']\s*\)""")
_PROPLIST_NAME_RE = re.compile(r"""\bname\s*[=:]\s*["']([A-Za-z_]\w*)["']""")


def _parse_export_mods(mods: str) -> tuple[bool, bool, str | None]:
    exported = bool(re.search(r"\bexport\b", mods))
    onready = bool(re.search(r"\bonready\b", mods))
    eargs = None
    m = re.search(r"\bexport\s*\(", mods)
    if m:
        # balanced parentheses
        depth, j = 0, m.end() - 1
        for j in range(m.end() - 1, len(mods)):
            if mods[j] == "(":
                depth += 1
            elif mods[j] == ")":
                depth -= 1
                if depth == 0:
                    break
        eargs = mods[m.end():j].strip()
    return exported, onready, eargs


def _parse_enum_body(body: str) -> dict:
    out: dict = {}
    last = -1
    # Godot 3 accepts newlines as separators between enum members (commas optional there)
    parts = [q for piece in _split_top(body, ",") for q in piece.split("\n")]
    for part in parts:
        part = part.strip()
        if not part:
            continue
        if "=" in part:
            k, v = part.split("=", 1)
            last = int(v.strip(), 0)
            out[k.strip()] = last
        else:
            last += 1
            out[part] = last
    return out


def parse_script(text: str, path: str) -> ScriptInfo:
    info = ScriptInfo(path=path, extends=None, extends_is_path=False, class_name=None, tool=False)
    info.preloads = sorted(set(m.group(1) for m in _PRELOAD_RE.finditer(text)))
    lines = _strip_comment_and_split(text)
    in_proplist = False
    for lineno, raw in lines:
        if not raw.strip():
            continue
        indented = raw[0] in " \t"
        stmt = raw.strip()
        if indented:
            if in_proplist:
                info.property_list_names += _PROPLIST_NAME_RE.findall(stmt)
            continue
        in_proplist = False
        # "tool" may share a line with extends/class_name in old scripts
        if stmt == "tool" or stmt.startswith("tool "):
            info.tool = True
            stmt = stmt[4:].strip()
            if not stmt:
                continue
        if stmt.startswith("extends "):
            target = stmt[len("extends "):].strip()
            if target[:1] in "\"'":
                q = target[0]
                end = target.index(q, 1)
                info.extends = target[1:end] + target[end + 1:].strip()
                info.extends_is_path = True
            else:
                info.extends = target
            continue
        if stmt.startswith("class_name "):
            info.class_name = stmt[len("class_name "):].split(",")[0].strip()
            continue
        if stmt.startswith("enum"):
            m = re.match(r"enum\s*([A-Za-z_]\w*)?\s*\{(.*)\}\s*$", stmt, re.S)
            if not m:
                raise Unevaluable(f"{path}:{lineno}: cannot read enum")
            values = _parse_enum_body(m.group(2))
            if m.group(1):
                info.enums[m.group(1)] = values
            else:
                for k, v in values.items():
                    info.consts[k] = str(v)
            continue
        if stmt.startswith("const "):
            m = re.match(r"const\s+([A-Za-z_]\w*)\s*(?::\s*[\w.]*\s*)?:?=\s*(.*)$", stmt, re.S)
            if m:
                info.consts[m.group(1)] = m.group(2).strip()
            continue
        if stmt.startswith("func ") or stmt.startswith("static func ") or re.match(r"(remote|puppet|master|sync|remotesync|puppetsync|mastersync)\s+func\b", stmt):
            fname = re.search(r"func\s+([A-Za-z_]\w*)", stmt).group(1)
            info.funcs.append(fname)
            in_proplist = fname == "_get_property_list"
            continue
        m = _VAR_RE.match(stmt)
        if m:
            exported, onready, eargs = _parse_export_mods(m.group("mods") or "")
            rest = m.group("rest").strip()
            setter = getter = None
            k = _find_top_word(rest, "setget")
            if k >= 0:
                sg = rest[k + len("setget"):].strip()
                rest = rest[:k].strip()
                parts = [p.strip() for p in sg.split(",")]
                setter = parts[0] or None
                getter = parts[1] if len(parts) > 1 and parts[1] else None
            type_hint = None
            init = None
            if rest.startswith(":="):
                type_hint = ""
                init = rest[2:].strip()
            elif rest.startswith(":"):
                rest2 = rest[1:]
                eq = _split_top(rest2, "=")
                type_hint = eq[0].strip()
                if len(eq) > 1:
                    init = "=".join(eq[1:]).strip()
            elif rest.startswith("="):
                init = rest[1:].strip()
            elif rest:
                raise Unevaluable(f"{path}:{lineno}: cannot read member declaration of {m.group('name')}")
            info.members[m.group("name")] = Member(
                name=m.group("name"), exported=exported, onready=onready, export_args=eargs,
                type_hint=type_hint, init=init, setter=setter, getter=getter, line=lineno)
            continue
        # signals, inner classes, annotations we do not need
    return info
