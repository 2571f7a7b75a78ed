"""A small evaluator for the constant expressions used as GDScript member defaults.

Values produced are the extractor's JSON-ready forms: ``Vector2`` -> ``[x, y]``,
``Color`` -> ``[r, g, b, a]``, ``Rect2`` -> ``[x, y, w, h]``, a resource path
(``preload``/``load``) -> :class:`ResPath`, an enum dict -> ``dict``.  Names are
looked up through a ``resolve(name)`` callback supplied by the project (constants
and enums along the extends chain, then ``class_name`` scripts).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .gdscript import Unevaluable

__all__ = ["ResPath", "ScriptRef", "evaluate", "NAMED_COLORS"]


@dataclass(frozen=True)
class ResPath:
    """A resource loaded by path (``preload("res://x.tscn")``); written as the bare path."""

    path: str


@dataclass(frozen=True)
class ScriptRef:
    """A script used as a namespace (``Hitbox`` in ``Hitbox.HitHeight.Mid``)."""

    path: str


# Godot 3 named colours that appear in the game's defaults (exact Color constants).
NAMED_COLORS = {
    "white": [1.0, 1.0, 1.0, 1.0],
    "black": [0.0, 0.0, 0.0, 1.0],
    "red": [1.0, 0.0, 0.0, 1.0],
    "green": [0.0, 1.0, 0.0, 1.0],
    "blue": [0.0, 0.0, 1.0, 1.0],
    "transparent": [1.0, 1.0, 1.0, 0.0],
    "yellow": [1.0, 1.0, 0.0, 1.0],
    "gray": [0.745098, 0.745098, 0.745098, 1.0],
}

VECTOR2_CONSTS = {
    "ZERO": [0.0, 0.0], "ONE": [1.0, 1.0], "INF": None, "LEFT": [-1.0, 0.0], "RIGHT": [1.0, 0.0],
    "UP": [0.0, -1.0], "DOWN": [0.0, 1.0],
}

_TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<num>0x[0-9a-fA-F_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)
  | (?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<name>[A-Za-z_]\w*)
  | (?P<op>:=|==|!=|<=|>=|&&|\|\||[-+*/%(),.\[\]{}:=<>!])
""", re.X | re.S)

_ESC = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\"}


def _tokens(text: str):
    pos, out = 0, []
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            raise Unevaluable(f"cannot tokenize {text[pos:pos + 15]!r}")
        pos = m.end()
        kind = m.lastgroup
        if kind == "ws":
            continue
        out.append((kind, m.group(kind)))
    out.append(("end", ""))
    return out


def _unquote(s: str) -> str:
    body = s[1:-1]
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(_ESC.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _num(v):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise Unevaluable(f"not a number: {v!r}")
    return v


def _color_from_hex(h: str) -> list:
    h = h.lstrip("#")
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h)
    if len(h) == 6:
        h = "ff" + h
    if len(h) != 8:
        raise Unevaluable(f"bad colour {h!r}")
    # Godot 3's Color(html) reads 8 digits as AARRGGBB (alpha first; Godot 4 changed this).
    a, r, g, b = (int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4, 6))
    return [round(v, 6) for v in (r, g, b, a)]


class _Parser:
    def __init__(self, text: str, resolve):
        self.toks = _tokens(text)
        self.i = 0
        self.resolve = resolve

    def peek(self, k=0):
        return self.toks[self.i + k]

    def take(self, value=None):
        kind, v = self.toks[self.i]
        if value is not None and v != value:
            raise Unevaluable(f"expected {value!r}, found {v!r}")
        self.i += 1
        return kind, v

    # precedence: additive < multiplicative < unary < postfix
    def expr(self):
        left = self.term()
        while self.peek()[1] in ("+", "-") and self.peek()[0] == "op":
            op = self.take()[1]
            right = self.term()
            if isinstance(left, str) and isinstance(right, str) and op == "+":
                left = left + right
            elif isinstance(left, list) and isinstance(right, list) and len(left) == len(right) == 2:
                left = [a + b if op == "+" else a - b for a, b in zip(left, right)]
            else:
                left = _num(left) + _num(right) if op == "+" else _num(left) - _num(right)
        return left

    def term(self):
        left = self.unary()
        while self.peek()[1] in ("*", "/", "%") and self.peek()[0] == "op":
            op = self.take()[1]
            right = self.unary()
            a, b = _num(left), _num(right)
            if op == "*":
                left = a * b
            elif op == "/":
                if isinstance(a, int) and isinstance(b, int):
                    q = abs(a) // abs(b)
                    left = q if (a >= 0) == (b >= 0) else -q   # GDScript int division truncates
                else:
                    left = a / b
            else:
                if isinstance(a, int) and isinstance(b, int):
                    left = abs(a) % abs(b) * (1 if a >= 0 else -1)
                else:
                    raise Unevaluable("% on floats")
        return left

    def unary(self):
        k, v = self.peek()
        if k == "op" and v == "-":
            self.take()
            x = self.unary()
            if isinstance(x, list):
                return [-e for e in x]
            return -_num(x)
        if k == "op" and v == "+":
            self.take()
            return _num(self.unary())
        return self.postfix()

    def postfix(self):
        val = self.primary()
        while True:
            k, v = self.peek()
            if k == "op" and v == ".":
                self.take()
                _, attr = self.take()
                val = self.attr(val, attr)
            elif k == "op" and v == "[":
                self.take()
                idx = self.expr()
                self.take("]")
                try:
                    val = val[idx]
                except Exception as exc:  # noqa: BLE001
                    raise Unevaluable(f"bad index {idx!r}") from exc
            else:
                return val

    def attr(self, val, attr):
        if isinstance(val, _Builtin):
            if val.name == "Color" and attr in NAMED_COLORS:
                return list(NAMED_COLORS[attr])
            if val.name == "Vector2" and VECTOR2_CONSTS.get(attr) is not None:
                return list(VECTOR2_CONSTS[attr])
            raise Unevaluable(f"{val.name}.{attr}")
        if isinstance(val, ScriptRef):
            return self.resolve(attr, val.path)
        if isinstance(val, dict):
            if attr in val:
                return val[attr]
            raise Unevaluable(f"no member {attr!r}")
        if isinstance(val, list) and len(val) == 2 and attr in ("x", "y"):
            return val[0 if attr == "x" else 1]
        raise Unevaluable(f"attribute {attr!r} of {val!r}")

    def args(self):
        self.take("(")
        out = []
        if self.peek()[1] == ")":
            self.take()
            return out
        while True:
            out.append(self.expr())
            k, v = self.take()
            if v == ")":
                return out
            if v != ",":
                raise Unevaluable(f"expected ',' or ')', found {v!r}")

    def primary(self):
        k, v = self.take()
        if k == "num":
            t = v.replace("_", "")
            if t.startswith("0x"):
                return int(t, 16)
            if any(c in t for c in ".eE"):
                return float(t)
            return int(t)
        if k == "str":
            return _unquote(v)
        if k == "op" and v == "(":
            x = self.expr()
            self.take(")")
            return x
        if k == "op" and v == "[":
            items = []
            while self.peek()[1] != "]":
                items.append(self.expr())
                if self.peek()[1] == ",":
                    self.take()
            self.take("]")
            return items
        if k == "op" and v == "{":
            d = {}
            while self.peek()[1] != "}":
                if self.peek()[0] == "name" and self.peek(1)[1] == "=":   # Lua-style key
                    key = self.take()[1]
                    self.take("=")
                else:
                    key = self.expr()
                    self.take(":")
                d[key] = self.expr()
                if self.peek()[1] == ",":
                    self.take()
            self.take("}")
            return d
        if k == "name":
            if v == "true":
                return True
            if v == "false":
                return False
            if v == "null":
                return None
            if v in ("PI", "TAU", "INF", "NAN"):
                raise Unevaluable(f"float constant {v}")
            if v in ("preload", "load"):
                a = self.args()
                if len(a) != 1 or not isinstance(a[0], str):
                    raise Unevaluable(f"{v} with a non-literal path")
                p = a[0]
                return ResPath(p[len("res://"):] if p.startswith("res://") else p)
            if v in ("Vector2", "Color", "Rect2", "Vector3"):
                if self.peek()[1] == "(":
                    return self.construct(v, self.args())
                return _Builtin(v)
            if v in ("int", "float", "str", "bool"):
                a = self.args()
                if len(a) != 1:
                    raise Unevaluable(f"{v}() arity")
                x = a[0]
                if v == "int":
                    return int(x) if not isinstance(x, str) else int(float(x.split(".")[0] or 0))
                if v == "float":
                    return float(x)
                if v == "bool":
                    return bool(x)
                raise Unevaluable("str()")
            if self.peek()[1] == "(":
                raise Unevaluable(f"call of {v}()")
            return self.resolve(v, None)
        raise Unevaluable(f"unexpected {v!r}")

    def construct(self, name, a):
        if name == "Vector2":
            if not a:
                return [0.0, 0.0]
            if len(a) == 2:
                return [_f(_num(a[0])), _f(_num(a[1]))]
        if name == "Vector3":
            if not a:
                return [0.0, 0.0, 0.0]
            if len(a) == 3:
                return [_f(_num(x)) for x in a]
        if name == "Rect2":
            if not a:
                return [0.0, 0.0, 0.0, 0.0]
            if len(a) == 4:
                return [_f(_num(x)) for x in a]
        if name == "Color":
            if len(a) == 1 and isinstance(a[0], str):
                return _color_from_hex(a[0])
            if len(a) in (3, 4):
                vals = [_f(_num(x)) for x in a]
                return vals + [1.0] if len(vals) == 3 else vals
        raise Unevaluable(f"{name} with {len(a)} arguments")


def _f(x):
    return float(x)


@dataclass(frozen=True)
class _Builtin:
    name: str


def evaluate(text: str, resolve):
    """Evaluate ``text``; ``resolve(name, script_path_or_None)`` returns a constant/enum value."""
    p = _Parser(text, resolve)
    v = p.expr()
    if p.peek()[0] != "end":
        raise Unevaluable(f"unsupported expression syntax near {p.peek()[1]!r}")
    if isinstance(v, _Builtin):
        raise Unevaluable(f"bare {v.name}")
    return v
