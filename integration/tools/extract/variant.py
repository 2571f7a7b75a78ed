"""Values of Godot 3's text resource format (the right-hand side of ``key = value``).

Our own reader for the variant syntax used by ``.tscn``/``.tres`` files (format 2)
and ``project.godot``.  Parsed values use plain Python types where the mapping is
lossless, and small marker classes where the meaning must survive until the value
is resolved against its scene (``ExtResource``/``SubResource`` ids are per file):

==========================  ==================================================
text                        Python
==========================  ==================================================
``14`` / ``-3``             ``int``
``5.0`` / ``1e-05``         ``float`` (``inf``/``nan`` kept as ``Special``)
``true``/``false``/``null`` ``bool`` / ``None``
``"2.0"``                   ``str`` (escapes decoded; never converted to a number)
``[ a, b ]``                ``list``
``{ "k": v }``              ``dict`` (insertion order kept)
``ExtResource( 3 )``        ``ExtRef(3)``
``SubResource( 4 )``        ``SubRef(4)``
``Vector2( 1, 2 )`` etc.    ``Ctor("Vector2", (1, 2))``
==========================  ==================================================

Constructors are kept generic (``Ctor``); the extractor decides how each one is
written to JSON (``Vector2`` becomes ``[x, y]``, ...).
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ExtRef", "SubRef", "Ctor", "Special", "ParseError", "Reader", "parse_value"]


class ParseError(ValueError):
    """A syntax error, with the 1-based line it was found on."""

    def __init__(self, message: str, line: int | None = None, source: str | None = None):
        where = ""
        if source:
            where += source
        if line is not None:
            where += f":{line}"
        super().__init__(f"{where}: {message}" if where else message)
        self.line = line
        self.source = source


@dataclass(frozen=True)
class ExtRef:
    """``ExtResource( id )``: an external resource of the same file."""

    id: int


@dataclass(frozen=True)
class SubRef:
    """``SubResource( id )``: an embedded resource of the same file."""

    id: int


@dataclass(frozen=True)
class Ctor:
    """A built-in constructor such as ``Vector2( 0, -18 )`` or ``PoolIntArray( 1, 2 )``."""

    name: str
    args: tuple


@dataclass(frozen=True)
class Special:
    """A float that JSON cannot hold: ``inf``, ``-inf`` or ``nan``."""

    text: str


_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\", "'": "'", "/": "/"}
_IDENT_START = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
_IDENT_CHARS = _IDENT_START | set("0123456789")
_NUM_START = set("0123456789-+.")


class Reader:
    """A cursor over a text, with the value grammar of Godot's ``VariantParser``."""

    def __init__(self, text: str, pos: int = 0, source: str | None = None):
        self.text = text
        self.pos = pos
        self.source = source

    # -- low level -------------------------------------------------------------------------
    def line(self) -> int:
        return self.text.count("\n", 0, self.pos) + 1

    def error(self, message: str) -> ParseError:
        return ParseError(message, self.line(), self.source)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def skip_ws(self, newlines: bool = True) -> None:
        text, n = self.text, len(self.text)
        while self.pos < n:
            c = text[self.pos]
            if c in " \t\r" or (newlines and c == "\n"):
                self.pos += 1
            elif c == ";" and newlines:  # comment (project.godot style); never inside values
                while self.pos < n and text[self.pos] != "\n":
                    self.pos += 1
            else:
                break

    def expect(self, ch: str) -> None:
        self.skip_ws()
        if self.peek() != ch:
            raise self.error(f"expected {ch!r}, found {self.peek()!r}")
        self.pos += 1

    def ident(self) -> str:
        start = self.pos
        if self.peek() not in _IDENT_START:
            raise self.error(f"expected an identifier, found {self.peek()!r}")
        while self.pos < len(self.text) and self.text[self.pos] in _IDENT_CHARS:
            self.pos += 1
        return self.text[start:self.pos]

    # -- values ----------------------------------------------------------------------------
    def value(self):
        self.skip_ws()
        c = self.peek()
        if c == "":
            raise self.error("unexpected end of text, expected a value")
        if c == '"':
            return self.string()
        if c == "[":
            return self.array()
        if c == "{":
            return self.dictionary()
        if c in _NUM_START:
            return self.number()
        if c in _IDENT_START:
            name = self.ident()
            if name == "true":
                return True
            if name == "false":
                return False
            if name in ("null", "nil"):
                return None
            if name in ("inf", "nan"):
                return Special(name)
            if name == "inf_neg":
                return Special("-inf")
            self.skip_ws()
            if self.peek() != "(":
                raise self.error(f"unknown bare word {name!r}")
            args = self.arguments()
            if name in ("ExtResource", "SubResource"):
                if len(args) != 1 or not isinstance(args[0], int):
                    raise self.error(f"{name} takes one integer id")
                return ExtRef(args[0]) if name == "ExtResource" else SubRef(args[0])
            return Ctor(name, tuple(args))
        raise self.error(f"unexpected character {c!r}")

    def arguments(self) -> list:
        self.expect("(")
        args = []
        self.skip_ws()
        if self.peek() == ")":
            self.pos += 1
            return args
        while True:
            args.append(self.value())
            self.skip_ws()
            c = self.peek()
            self.pos += 1
            if c == ")":
                return args
            if c != ",":
                raise self.error(f"expected ',' or ')' in argument list, found {c!r}")

    def string(self) -> str:
        assert self.peek() == '"'
        self.pos += 1
        out = []
        text, n = self.text, len(self.text)
        while True:
            if self.pos >= n:
                raise self.error("unterminated string")
            c = text[self.pos]
            if c == '"':
                self.pos += 1
                return "".join(out)
            if c == "\\":
                e = text[self.pos + 1] if self.pos + 1 < n else ""
                if e == "u":
                    out.append(chr(int(text[self.pos + 2:self.pos + 6], 16)))
                    self.pos += 6
                    continue
                if e not in _ESCAPES:
                    raise self.error(f"invalid escape \\{e}")
                out.append(_ESCAPES[e])
                self.pos += 2
                continue
            out.append(c)
            self.pos += 1

    def number(self):
        start = self.pos
        text, n = self.text, len(self.text)
        if self.pos < n and text[self.pos] in "+-":
            self.pos += 1
        if text.startswith("inf", self.pos):  # "-inf"
            self.pos += 3
            return Special(text[start:self.pos].lstrip("+"))
        while self.pos < n and (text[self.pos].isdigit() or text[self.pos] in ".eE" or
                                (text[self.pos] in "+-" and text[self.pos - 1] in "eE")):
            self.pos += 1
        raw = text[start:self.pos]
        if raw in ("", "+", "-"):
            raise self.error("malformed number")
        if any(ch in raw for ch in ".eE"):
            return float(raw)
        return int(raw)

    def array(self) -> list:
        self.expect("[")
        items = []
        self.skip_ws()
        if self.peek() == "]":
            self.pos += 1
            return items
        while True:
            items.append(self.value())
            self.skip_ws()
            c = self.peek()
            self.pos += 1
            if c == "]":
                return items
            if c != ",":
                raise self.error(f"expected ',' or ']' in array, found {c!r}")
            self.skip_ws()
            if self.peek() == "]":  # trailing comma
                self.pos += 1
                return items

    def dictionary(self) -> dict:
        self.expect("{")
        out: dict = {}
        self.skip_ws()
        if self.peek() == "}":
            self.pos += 1
            return out
        while True:
            key = self.value()
            self.expect(":")
            val = self.value()
            out[_hashable(key)] = val
            self.skip_ws()
            c = self.peek()
            self.pos += 1
            if c == "}":
                return out
            if c != ",":
                raise self.error(f"expected ',' or '}}' in dictionary, found {c!r}")
            self.skip_ws()
            if self.peek() == "}":
                self.pos += 1
                return out


def _hashable(key):
    if isinstance(key, list):
        return tuple(_hashable(k) for k in key)
    if isinstance(key, dict):
        raise ValueError("dictionary used as a dictionary key")
    return key


def parse_value(text: str, source: str | None = None):
    """Parse one complete value; trailing text other than whitespace is an error."""
    r = Reader(text, source=source)
    v = r.value()
    r.skip_ws()
    if not r.at_end():
        raise r.error(f"trailing text after value: {text[r.pos:r.pos + 20]!r}")
    return v
