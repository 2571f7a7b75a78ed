"""I48F16 fixed point against the game's native library (vectors) and hand calculations."""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from integration.tools.parity import fixedmath as parity_fixedmath
from yomi import _native, fixed
from yomi.fixed import FixedError, FixedMath


@pytest.mark.parametrize("engine", ["python", "c"])
def test_every_reference_vector_matches(fixedmath_vectors, engine):
    out = io.StringIO()
    matched, total = parity_fixedmath.check_file(str(fixedmath_vectors), engine, out=out)
    assert total == 31334
    assert matched == total, out.getvalue()


def test_cli_reports_and_exit_code(fixedmath_vectors, tmp_path, capsys):
    assert parity_fixedmath.main([str(fixedmath_vectors)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "fixedmath: 31334/31334 match"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"op": "add", "args": ["1", "2"], "out": "4"}) + "\n")
    assert parity_fixedmath.main([str(bad), "--engine", "c"]) == 1
    assert "fixedmath: 0/1 match" in capsys.readouterr().out
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text('{"op": "add", "args": \n')
    assert parity_fixedmath.main([str(corrupt)]) == 2
    assert parity_fixedmath.main([str(tmp_path / "missing.jsonl")]) == 2


# Hand calculations: each figure below follows from the rules stated in yomi/fixed.py.
@pytest.mark.parametrize("text, raw", [
    ("1", 65536), ("-0", 0), (".5", 32768), ("5.", 327680), ("+5", 327680),
    ("0.1", 6554),                      # 0.1 * 65536 = 6553.6 -> 6554
    ("0.8993759", 58942),               # the parser quirk: exact rounding would give 58941
    ("-0.00000762939453125", 0),        # minus half an ulp rounds (to even) to zero
    ("-140737488355328", -(1 << 63)),   # MIN parses
    ("3.14159265358979323846264338", 205887),
])
def test_parse_hand_values(text, raw):
    assert fixed.parse(text) == raw
    assert _native.fixed_parse(text) == raw


@pytest.mark.parametrize("text, kind", [
    ("", "parse_no_digits"), ("-", "parse_no_digits"), (".", "parse_no_digits"),
    ("1.2.3", "parse_too_many_points"), (" 5", "parse_invalid_digit"), ("1e3", "parse_invalid_digit"),
    ("--1", "parse_invalid_digit"), ("140737488355328", "parse_overflow"),
])
def test_parse_errors_are_clear(text, kind):
    with pytest.raises(FixedError) as python_error:
        fixed.parse(text)
    with pytest.raises(FixedError) as c_error:
        _native.fixed_parse(text)
    assert python_error.value.kind == c_error.value.kind == kind


@pytest.mark.parametrize("raw, text", [
    (0, "0"), (65536, "1"), (-98304, "-1.5"), (6553, "0.1"),  # 6553 prints "0.1" though "0.1" parses to 6554
    (65535, "0.99998"), (1, "0.00002"), (65537, "1.00002"),
])
def test_display_hand_values(raw, text):
    assert fixed.to_str(raw) == text
    assert _native.fixed_format(raw) == text


def test_arithmetic_rounding_rules():
    fm = FixedMath()
    assert fm.mul("-0.00002", "0.5") == "-0.00002"   # raw -1 * 0.5 floors to -1, not 0
    assert fm.div("-1", "3") == "-0.33333"            # truncation toward zero: raw -21845
    assert fixed.div(-65536, 3 * 65536) == -21845
    assert fm.vec_len("0", "0.1") == "0.09766"        # isqrt(655) = 25, << 8 = 6400
    assert fm.vec_to_angle("1", "1") == "0.7903"       # octant approximation, true value 0.7854
    assert fm.angle_to_vec("0") == {"x": "1.00002", "y": "0"}
    assert fm.add("140737488355327", "1") == "-140737488355328"  # silent wrap
    assert fm.floor("3000000000") == -1294967296       # i32 wrap
    assert fm.round("-2.5") == -3 and fm.round("2.5") == 3


fixed_text = st.one_of(
    st.integers(min_value=-(2 ** 40), max_value=2 ** 40).map(fixed.to_str),
    st.decimals(min_value=-5000, max_value=5000, places=7, allow_nan=False).map(lambda d: format(d, "f")),
    st.sampled_from(["", "-", "1.2.3", "abc", "0", "-0", "0.00001", "1e3"]),
)
ops = [name for name in fixed.FIXED_MATH_METHODS if name not in ("powu", "lerp_int", "int_map")]


@settings(max_examples=600, deadline=None)
@given(op=st.sampled_from(ops), args=st.lists(fixed_text, min_size=4, max_size=4))
def test_python_and_c_agree_on_random_operands(op, args):
    arity = {name: getattr(FixedMath, name).__code__.co_argcount for name in ops}[op]
    call_args = args[:arity]
    expected = parity_fixedmath.run_call(parity_fixedmath.python_engine(), op, call_args)
    got = parity_fixedmath.run_call(parity_fixedmath.c_engine(), op, call_args)
    assert parity_fixedmath.same(expected, got), (op, call_args, expected, got)


@settings(max_examples=300, deadline=None)
@given(value=fixed_text, small=st.integers(min_value=-200, max_value=200), exponent=st.integers(0, 6),
       ints=st.lists(st.integers(min_value=-(2 ** 31), max_value=2 ** 31 - 1), min_size=5, max_size=5))
def test_python_and_c_agree_on_integer_argument_methods(value, small, exponent, ints):
    python, c = parity_fixedmath.python_engine(), parity_fixedmath.c_engine()
    for op, args in (("powu", [value, exponent]), ("lerp_int", [value, "10", 100, small]), ("int_map", ints)):
        assert parity_fixedmath.same(parity_fixedmath.run_call(python, op, args),
                                     parity_fixedmath.run_call(c, op, args)), (op, args)
