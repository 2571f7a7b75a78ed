"""A Godot 3 binary Variant encoder written from the format (tests only): values for the replay
reader's round trips, mutated bytes for its fuzzing, and replays built by hand.

Writes the types a replay holds: Nil, bool, int (int64 with FLAG_64 when it needs it), float (always
a double, FLAG_64), String (UTF-8, padded to 4), Array and Dictionary; ``store_var`` adds the uint32
length prefix ``File.store_var`` writes.
"""
from __future__ import annotations

import struct

FLAG_64 = 1 << 16


def encode(value) -> bytes:
    if value is None:
        return struct.pack("<I", 0)
    if isinstance(value, bool):
        return struct.pack("<II", 1, int(value))
    if isinstance(value, int):
        if -2**31 <= value < 2**31:
            return struct.pack("<Ii", 2, value)
        return struct.pack("<Iq", 2 | FLAG_64, value)
    if isinstance(value, float):
        return struct.pack("<Id", 3 | FLAG_64, value)
    if isinstance(value, str):
        raw = value.encode()
        return struct.pack("<II", 4, len(raw)) + raw + b"\0" * (-len(raw) % 4)
    if isinstance(value, list):
        return struct.pack("<II", 19, len(value)) + b"".join(encode(v) for v in value)
    if isinstance(value, dict):
        return struct.pack("<II", 18, len(value)) + b"".join(encode(k) + encode(v) for k, v in value.items())
    raise TypeError(f"no encoding for {type(value).__name__}")


def store_var(value) -> bytes:
    """The bytes of a file written by one ``File.store_var(value)``."""
    body = encode(value)
    return struct.pack("<I", len(body)) + body
