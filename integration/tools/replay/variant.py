"""A bounded reader of Godot 3's binary Variant serialisation (``File.store_var`` / ``var2bytes``).

The game saves its replays with ``File.store_var(data, true)`` (``ReplayManager.gd``:
``save_replay``): a little-endian uint32 byte length, then one encoded Variant of exactly that
length.  No Python library for Godot 3's binary Variants was found (the packages that exist read
Godot 4's, whose type ids and flags differ), so this reader is hand-written from the format as
documented in Godot's "Binary serialization API" page and checked against bytes Godot 3.6 itself
wrote (``tests/tools/replay/test_variant.py``).

The format, as read here: every value starts with a uint32 header whose low 16 bits are the
type id and whose bit 16 (``FLAG_64``) widens an int to int64 or a float to a double; all numbers
are little-endian, and everything is aligned to 4 bytes.

====  ====================  =====================================================================
id    type                  payload
====  ====================  =====================================================================
0     Nil                   none
1     bool                  int32, non-zero is true
2     int                   int32, or int64 with FLAG_64
3     float                 float32, or float64 with FLAG_64
4     String                uint32 byte length, UTF-8 bytes, zero to three padding bytes
5     Vector2               2 float32 (also Rect2 = 6: 4, Vector3 = 7: 3, Color = 14: 4)
18    Dictionary            uint32 count (bit 31 is a "shared" flag, ignored), then key, value...
19    Array                 uint32 count (bit 31 ignored), then the values
20    PoolByteArray         uint32 count, the bytes, padding to 4
21    PoolIntArray          uint32 count, int32 each
22    PoolRealArray         uint32 count, float32 each
23    PoolStringArray       uint32 count, then per string: uint32 length *including* a NUL, the
                            bytes and the NUL, padding to 4
24    PoolVector2Array      uint32 count, 2 float32 each (25 PoolVector3Array: 3, 26 PoolColorArray: 4)
====  ====================  =====================================================================

Padding bytes are not checked (Godot leaves whatever was in its buffer there).  Every other
type (Transform2D, Plane, Quat, AABB, Basis, Transform, NodePath, RID and above all Object,
whose full encoding names a script to instance) is refused by name: a replay holds none.

Contract: :func:`decode` returns plain Python values (None, bool, int, float, str, dict, list,
bytes, and :class:`Vector2` / :class:`Vector3` / :class:`Rect2` / :class:`Color`); any input
that is not exactly one well-formed value within :class:`Limits` raises one :class:`ReplayError`
naming the byte offset and, for a limit, the limit.  It never raises anything else, and its time
and memory are bounded by the input's size and the limits.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Any, NamedTuple


class ReplayError(ValueError):
    """A replay (or a Variant inside it) is unreadable, malformed, over a limit or unusable."""

    def __init__(self, message: str, offset: int | None = None, path: str | None = None):
        self.message = message
        self.offset = offset
        self.path = path
        where = path or ""
        if offset is not None:
            where = f"{where}: at byte {offset}" if where else f"at byte {offset}"
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True)
class Limits:
    """What one encoded value may take.  The defaults hold a replay of a very long match with room
    to spare (a 600-tick match of 40 turns is 34 KB; each turn adds under 1 KB) and keep the decoded
    value within some hundred MB."""

    max_bytes: int = 64 << 20          # the whole encoding
    max_depth: int = 32                # containers inside containers
    max_values: int = 4_000_000        # every value decoded, keys and pool elements included
    max_string_bytes: int = 1 << 20    # one string


DEFAULT_LIMITS = Limits()


class Vector2(NamedTuple):
    x: float
    y: float


class Vector3(NamedTuple):
    x: float
    y: float
    z: float


class Rect2(NamedTuple):
    x: float
    y: float
    w: float
    h: float


class Color(NamedTuple):
    r: float
    g: float
    b: float
    a: float


FLAG_64 = 1 << 16
_FLOAT_TUPLES = {5: Vector2, 6: Rect2, 7: Vector3, 14: Color}
_POOL_TUPLES = {24: Vector2, 25: Vector3, 26: Color}
_REFUSED = {8: "Transform2D", 9: "Plane", 10: "Quat", 11: "AABB", 12: "Basis", 13: "Transform",
            15: "NodePath", 16: "RID", 17: "Object"}
_NAMES = {0: "Nil", 1: "bool", 2: "int", 3: "float", 4: "String", 5: "Vector2", 6: "Rect2", 7: "Vector3",
          14: "Color", 18: "Dictionary", 19: "Array", 20: "PoolByteArray", 21: "PoolIntArray",
          22: "PoolRealArray", 23: "PoolStringArray", 24: "PoolVector2Array", 25: "PoolVector3Array",
          26: "PoolColorArray", **_REFUSED}


def type_name(type_id: int) -> str:
    return _NAMES.get(type_id, f"unknown type {type_id}")


class _Reader:
    def __init__(self, data: bytes, limits: Limits, base: int):
        self.data = data
        self.pos = 0
        self.limits = limits
        self.base = base          # where ``data`` starts in the file, for the offsets in errors
        self.values = 0

    def fail(self, message: str, at: int | None = None) -> ReplayError:
        return ReplayError(message, self.base + (self.pos if at is None else at))

    def take(self, n: int, what: str) -> bytes:
        if n > len(self.data) - self.pos:
            raise self.fail(f"truncated: {what} needs {n} bytes, {len(self.data) - self.pos} left")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def u32(self, what: str) -> int:
        return struct.unpack("<I", self.take(4, what))[0]

    def count(self, what: str, item_bytes: int) -> int:
        """A uint32 element count, checked against the bytes left (each element takes at least
        ``item_bytes``) and the value budget before anything is allocated for it."""
        at = self.pos
        n = self.u32(what)
        if n * item_bytes > len(self.data) - self.pos:
            raise self.fail(f"{what} of {n} elements cannot fit in the {len(self.data) - self.pos} bytes left", at)
        self.spend(n, at)
        return n

    def spend(self, n: int, at: int) -> None:
        self.values += n
        if self.values > self.limits.max_values:
            raise self.fail(f"more than {self.limits.max_values:,} values (limit max_values)", at)

    def utf8(self, n: int, what: str, at: int) -> str:
        if n > self.limits.max_string_bytes:
            raise self.fail(f"{what} of {n:,} bytes is over the limit max_string_bytes "
                            f"({self.limits.max_string_bytes:,})", at)
        raw = self.take(n, what)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise self.fail(f"{what} is not valid UTF-8", at) from None

    def pad(self, n: int, what: str) -> None:
        if n % 4:
            self.take(4 - n % 4, f"the padding of {what}")

    def string(self, what: str = "a String") -> str:
        at = self.pos
        n = self.u32(f"the length of {what}")
        text = self.utf8(n, what, at)
        self.pad(n, what)
        return text

    def value(self, depth: int) -> Any:
        at = self.pos
        header = self.u32("a value's type")
        type_id, flags = header & 0xFFFF, header & ~0xFFFF
        self.spend(1, at)
        if flags and not (flags == FLAG_64 and type_id in (2, 3)):
            raise self.fail(f"type header {header:#010x}: flags {flags:#x} on a {type_name(type_id)}", at)
        if type_id in _REFUSED:
            raise self.fail(f"a {_REFUSED[type_id]} value is not allowed in a replay", at)
        wide = bool(flags)
        if type_id == 0:
            return None
        if type_id == 1:
            return self.u32("a bool") != 0
        if type_id == 2:
            return struct.unpack("<q" if wide else "<i", self.take(8 if wide else 4, "an int"))[0]
        if type_id == 3:
            return struct.unpack("<d" if wide else "<f", self.take(8 if wide else 4, "a float"))[0]
        if type_id == 4:
            return self.string()
        if type_id in _FLOAT_TUPLES:
            cls = _FLOAT_TUPLES[type_id]
            n = len(cls._fields)
            return cls(*struct.unpack(f"<{n}f", self.take(4 * n, f"a {type_name(type_id)}")))
        if type_id in (18, 19):
            if depth >= self.limits.max_depth:
                raise self.fail(f"containers nested deeper than {self.limits.max_depth} (limit max_depth)", at)
            return self.dictionary(depth + 1) if type_id == 18 else self.array(depth + 1)
        if type_id == 20:
            n = self.count("a PoolByteArray", 1)
            raw = self.take(n, "a PoolByteArray")
            self.pad(n, "a PoolByteArray")
            return raw
        if type_id in (21, 22):
            n = self.count(f"a {type_name(type_id)}", 4)
            return list(struct.unpack(f"<{n}{'i' if type_id == 21 else 'f'}", self.take(4 * n, type_name(type_id))))
        if type_id == 23:
            n = self.count("a PoolStringArray", 4)
            out = []
            for _ in range(n):
                s_at = self.pos
                size = self.u32("the length of a PoolStringArray string")
                if size == 0:
                    raise self.fail("a PoolStringArray string without its NUL terminator", s_at)
                text = self.utf8(size - 1, "a PoolStringArray string", s_at)
                if self.take(1, "a NUL terminator") != b"\0":
                    raise self.fail("a PoolStringArray string without its NUL terminator", s_at)
                self.pad(size, "a PoolStringArray string")
                out.append(text)
            return out
        if type_id in _POOL_TUPLES:
            cls = _POOL_TUPLES[type_id]
            k = len(cls._fields)
            n = self.count(f"a {type_name(type_id)}", 4 * k)
            flat = struct.unpack(f"<{n * k}f", self.take(4 * k * n, type_name(type_id)))
            return [cls(*flat[i:i + k]) for i in range(0, n * k, k)]
        raise self.fail(f"unknown type id {type_id}", at)

    def dictionary(self, depth: int) -> dict:
        at = self.pos
        n = self.u32("a Dictionary's size") & 0x7FFFFFFF
        if n * 8 > len(self.data) - self.pos:   # a key and a value take 4 bytes each at least
            raise self.fail(f"a Dictionary of {n} entries cannot fit in the {len(self.data) - self.pos} bytes left", at)
        out: dict = {}
        for _ in range(n):
            k_at = self.pos
            key = self.value(depth)
            try:
                hash(key)
            except TypeError:
                raise self.fail(f"a Dictionary key of type {type(key).__name__} is not supported", k_at) from None
            if isinstance(key, float) and math.isnan(key):
                raise self.fail("a Dictionary key is NaN", k_at)
            # also refuses keys Godot keeps apart but a Python dict merges (1, 1.0 and true)
            if key in out:
                raise self.fail(f"duplicate Dictionary key {key!r}", k_at)
            out[key] = self.value(depth)
        return out

    def array(self, depth: int) -> list:
        at = self.pos
        n = self.u32("an Array's size") & 0x7FFFFFFF
        if n * 4 > len(self.data) - self.pos:
            raise self.fail(f"an Array of {n} values cannot fit in the {len(self.data) - self.pos} bytes left", at)
        return [self.value(depth) for _ in range(n)]


def decode(data: bytes, limits: Limits = DEFAULT_LIMITS, *, base: int = 0) -> Any:
    """One encoded Variant (``var2bytes``) that must fill ``data`` exactly."""
    if len(data) > limits.max_bytes:
        raise ReplayError(f"{len(data):,} bytes is over the limit max_bytes ({limits.max_bytes:,})", base)
    reader = _Reader(data, limits, base)
    value = reader.value(0)
    if reader.pos != len(data):
        raise reader.fail(f"{len(data) - reader.pos} bytes after the value")
    return value


def decode_stored(data: bytes, limits: Limits = DEFAULT_LIMITS) -> Any:
    """The content of a file written by one ``File.store_var``: a uint32 length, then that many
    bytes of one encoded Variant, and nothing after them."""
    if len(data) < 4:
        raise ReplayError(f"truncated: {len(data)} bytes, the length prefix needs 4", 0)
    size = struct.unpack("<I", data[:4])[0]
    if size != len(data) - 4:
        raise ReplayError(f"the length prefix says {size:,} bytes, the file holds {len(data) - 4:,} after it "
                          "(not one value stored by File.store_var)", 0)
    return decode(data[4:], limits, base=4)
