"""integration/tools/replay/variant.py: Godot 3's binary Variant encoding, read within limits.

The expected bytes are Godot 3.6's own: ``var2bytes(value).hex_encode()`` and a ``File.store_var``
file, printed by ``godot3-server`` 3.6 (Debian 3.6+ds-2) for the values named here; each also
follows from the format (uint32 type header, little-endian payload, 4-byte alignment).
"""
from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings, strategies as st

from integration.tools.replay.variant import (Color, Limits, Rect2, ReplayError, Vector2, Vector3, decode,
                                              decode_stored)
from support.godot_variant import encode

# value -> the hex Godot 3.6 printed for var2bytes(value)
GODOT_BYTES = [
    (None, "00000000"),
    (True, "0100000001000000"),
    (False, "0100000000000000"),
    (5, "0200000005000000"),
    (-1, "02000000ffffffff"),
    (1 << 40, "020001000000000000010000"),                   # FLAG_64: an int64
    (1.5, "030000000000c03f"),                                # float32 holds it exactly
    (0.1, "030001009a9999999999b93f"),                        # FLAG_64: a double
    ("hi", "040000000200000068690000"),                       # 2 bytes, 2 padding
    ("", "0400000000000000"),
    ("abcd", "040000000400000061626364"),                     # no padding
    (Vector2(1.0, -2.0), "050000000000803f000000c0"),
    ({1: "a", "k": [1, 2]}, "12000000020000000200000001000000040000000100000061000000"
                            "04000000010000006b000000130000000200000002000000010000000200000002000000"),
    ([], "1300000000000000"),
    (b"\x01\x02\x03", "140000000300000001020300"),
    ([7], "150000000100000007000000"),                        # PoolIntArray
    ([0.5], "16000000010000000000003f"),                      # PoolRealArray
    (["ab", ""], "170000000200000003000000616200000100000000000000"),  # PoolStringArray: NUL counted
    ([Vector2(1.0, 2.0)], "18000000010000000000803f00000040"),
    (Color(1.0, 0.0, 0.0, 1.0), "0e0000000000803f00000000000000000000803f"),
    (Rect2(1.0, 2.0, 3.0, 4.0), "060000000000803f000000400000404000008040"),
    (Vector3(1.0, 2.0, 3.0), "070000000000803f0000004000004040"),
]


@pytest.mark.parametrize("value,hexed", GODOT_BYTES, ids=[h[:12] for _, h in GODOT_BYTES])
def test_godot_encodings_decode_to_their_values(value, hexed):
    got = decode(bytes.fromhex(hexed))
    assert got == value
    assert type(got) is type(value)


def test_store_var_file_is_length_then_value():
    # File.store_var({1: 2}, true) in Godot 3.6: uint32 length 24, then the Dictionary
    data = bytes.fromhex("18000000" "12000000" "01000000" "02000000" "01000000" "02000000" "02000000")
    assert decode_stored(data) == {1: 2}


def _error(data: bytes, limits: Limits = Limits(), stored: bool = False) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        (decode_stored if stored else decode)(data, limits)
    return info.value


@pytest.mark.parametrize("type_id,name", [(17, "Object"), (15, "NodePath"), (16, "RID"), (8, "Transform2D"),
                                          (13, "Transform")])
def test_types_a_replay_never_holds_are_refused_by_name(type_id, name):
    err = _error(struct.pack("<II", type_id, 0) + b"\0" * 16)
    assert name in str(err) and err.offset == 0


def test_full_object_encoding_is_refused_inside_a_container():
    # an Array holding one Object (type 17): the refusal names the Object's offset, 8
    err = _error(struct.pack("<III", 19, 1, 17) + b"\0" * 8)
    assert "Object" in str(err) and err.offset == 8


def test_malformed_inputs_are_one_error_naming_the_offset():
    assert "unknown type id 99" in str(_error(struct.pack("<I", 99)))
    assert "flags" in str(_error(struct.pack("<II", 4 | (1 << 16), 0)))        # FLAG_64 on a String
    err = _error(bytes.fromhex("0400000005000000686900"))                      # says 5 bytes, has 3
    assert "truncated" in str(err) and err.offset == 8
    assert "after the value" in str(_error(bytes.fromhex("0200000005000000" "00")))
    assert "UTF-8" in str(_error(struct.pack("<II", 4, 2) + b"\xff\xfe\0\0"))
    assert "duplicate" in str(_error(struct.pack("<IIIII", 18, 2, 2, 1, 0) + struct.pack("<III", 2, 1, 0)))
    # 1 and true are different keys in Godot but one in a Python dict
    assert "duplicate" in str(_error(struct.pack("<IIIIIIII", 18, 2, 2, 1, 0, 1, 1, 0)))
    assert "key of type list" in str(_error(struct.pack("<IIIII", 18, 1, 19, 0, 0)))
    assert "without its NUL" in str(_error(struct.pack("<III", 23, 1, 0)))
    err = _error(struct.pack("<II", 19, 1_000_000_000))
    assert "cannot fit" in str(err) and err.offset == 4


def test_stored_length_prefix_must_match_the_file():
    assert "length prefix" in str(_error(struct.pack("<II", 8, 0), stored=True))
    assert "truncated" in str(_error(b"\x01\x00", stored=True))


def test_limits_are_named():
    nested = struct.pack("<II", 19, 1) * 5 + struct.pack("<I", 0)
    assert decode(nested, Limits(max_depth=5)) == [[[[[None]]]]]
    assert "max_depth" in str(_error(nested, Limits(max_depth=4)))
    assert "max_values" in str(_error(struct.pack("<II", 19, 3) + struct.pack("<III", 0, 0, 0), Limits(max_values=3)))
    text = struct.pack("<II", 4, 8) + b"abcdefgh"
    assert decode(text, Limits(max_string_bytes=8)) == "abcdefgh"
    assert "max_string_bytes" in str(_error(text, Limits(max_string_bytes=7)))
    assert "max_bytes" in str(_error(text, Limits(max_bytes=11)))
    assert "max_bytes" in str(_error(struct.pack("<I", 100) + b"\0" * 100, Limits(max_bytes=99), stored=True))
    assert "length prefix" in str(_error(b"not a replay\n", stored=True))


# ---------------------------------------------------------------------------- fuzzing
# The round trips and the valid bytes to mutate come from an encoder written from the format.

scalars = (st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text(max_size=20)
           | st.floats(allow_nan=False))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8) | st.integers(0, 5000), inner, max_size=4), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(values)
def test_round_trip_of_values_encoded_from_the_format(value):
    assert decode(encode(value)) == value


SMALL = Limits(max_bytes=1 << 16, max_depth=8, max_values=2000, max_string_bytes=256)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_only_ever_raise_replay_error(data):
    for stored in (False, True):
        try:
            (decode_stored if stored else decode)(data, SMALL)
        except ReplayError:
            pass


@settings(max_examples=500, deadline=None)
@given(values, st.data())
def test_mutated_encodings_only_ever_raise_replay_error(value, draw):
    data = bytearray(struct.pack("<I", 0) + encode(value))
    data[:4] = struct.pack("<I", len(data) - 4)
    for _ in range(draw.draw(st.integers(1, 4))):
        kind = draw.draw(st.sampled_from(["flip", "cut", "insert", "word"]))
        at = draw.draw(st.integers(0, max(len(data) - 1, 0)))
        if kind == "flip" and data:
            data[at] ^= 1 << draw.draw(st.integers(0, 7))
        elif kind == "cut":
            del data[at:at + draw.draw(st.integers(1, 8))]
        elif kind == "insert":
            data[at:at] = draw.draw(st.binary(min_size=1, max_size=8))
        elif len(data) >= at + 4:   # a whole word: a type id, a count or a length
            data[at:at + 4] = struct.pack("<I", draw.draw(st.sampled_from([0, 1, 17, 23, 26, 27, 2**31, 2**32 - 1])))
    try:
        decode_stored(bytes(data), SMALL)
    except ReplayError:
        pass
