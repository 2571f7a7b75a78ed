"""``yomi parity fgobject [FILE]``: physics-body call sequences replayed through an engine.

The file (format ``fgobject-vectors/1``, tests/data/parity/README.md) was
recorded from the game's own library: line 1 is a header, every later line a
sequence of calls on two fresh bodies A and B, with the return value, the
failure flag and the observable state after each call.  A call matches when
all three are the same.
"""
from __future__ import annotations

import sys
from typing import Callable, Iterator

from yomi.body import ArgumentTypeError, BodyError
from yomi.fixed import FixedError

from . import data
from .common import ParityInputError, read_jsonl, vector_main

FAILURES = (FixedError, BodyError, ArgumentTypeError)


def body_factory(engine: str) -> Callable[[], object]:
    if engine == "c":
        from yomi._native import Body
        return Body
    from yomi.body import FGObject
    return FGObject


def _argument(value: object, objects: dict) -> object:
    """A JSON argument as the Variant the recorder passed (floats and objects are tagged dicts)."""
    if isinstance(value, dict):
        if "real" in value:
            return float(value["real"])
        if "obj" in value:
            return objects[value["obj"]]
        raise ParityInputError(f"unknown argument encoding {value!r}")
    return value


def _plain(value: object) -> object:
    """A result in JSON terms: tuples (the Vector2 stand-in) become lists."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def observe(body) -> dict:
    """The state the recorder read after each call, through the same getters."""
    data = _plain(body.get_data()["object_data"])
    return {"data": data, "facing": body.get_facing(), "x_vel_int": body.get_x_vel_int(),
            "grounded": body.is_grounded(), "snap_to_ground": body.get_snap_to_ground()}


def differences(expected: object, got: object, path: str = "") -> Iterator[tuple[str, object, object]]:
    """(field, expected, got) for every leaf that differs; bools never equal ints."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in expected.keys() | got.keys():
            yield from differences(expected.get(key, "<missing>"), got.get(key, "<missing>"),
                                   f"{path}.{key}" if path else key)
    elif isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for index, (e, g) in enumerate(zip(expected, got)):
            yield from differences(e, g, f"{path}[{index}]")
    elif isinstance(expected, bool) or isinstance(got, bool):
        if expected is not got:
            yield path, expected, got
    elif isinstance(expected, float) or isinstance(got, float):
        if not (isinstance(expected, (int, float)) and isinstance(got, (int, float)) and float(expected) == float(got)):
            yield path, expected, got
    elif expected != got or type(expected) is not type(got):
        yield path, expected, got


def run_call(objects: dict, call: dict) -> tuple[object, bool]:
    """Make one call; returns (return value, failed)."""
    target = objects[call.get("o", "A")]
    method = getattr(target, call["m"], None)
    if method is None or call["m"].startswith("_"):
        return {"unknown_method": call["m"]}, True
    args = [_argument(a, objects) for a in call["a"]]
    try:
        return _plain(method(*args)), False
    except FAILURES:
        return None, True


def _validate(path: str, number: int, record: object) -> list:
    if not isinstance(record, dict) or not isinstance(record.get("calls"), list):
        raise ParityInputError(f"{path}:{number}: not an FGObject sequence (needs calls)")
    for index, call in enumerate(record["calls"]):
        if not isinstance(call, dict) or not {"m", "a", "state"} <= call.keys() or not isinstance(call["a"], list) \
                or call.get("o", "A") not in ("A", "B"):
            raise ParityInputError(f"{path}:{number}: call {index} is malformed (needs m, a, state; o is A or B)")
    return record["calls"]


def check_file(path: str, engine: str, show: int = 10, out=None) -> tuple[int, int]:
    out = out or sys.stdout
    make = body_factory(engine)
    matched = total = shown = 0
    for number, record in read_jsonl(path):
        if number == 1 and isinstance(record, dict) and "format" in record:
            if not str(record["format"]).startswith("fgobject-vectors/"):
                raise ParityInputError(f"{path}: format {record['format']!r} is not fgobject-vectors")
            continue
        calls = _validate(path, number, record)
        objects = {"A": make(), "B": make()}
        for index, call in enumerate(calls):
            total += 1
            ret, failed = run_call(objects, call)
            diffs = list(differences(call.get("ret"), ret, "ret"))
            if failed != ("panic" in call):
                diffs.append(("failed", "panic" in call, failed))
            diffs += differences(call["state"], observe(objects[call.get("o", "A")]), "state")
            if not diffs:
                matched += 1
                continue
            if shown < show:
                shown += 1
                field, want, got = diffs[0]
                more = f" (+{len(diffs) - 1} more fields)" if len(diffs) > 1 else ""
                print(f"MISMATCH seq {record.get('seq', '?')} call {index} (line {number}) "
                      f"{call.get('o', 'A')}.{call['m']}{tuple(call['a'])}: {field} expected {want!r}, "
                      f"got {got!r}{more}", file=out)
    return matched, total


def main(argv: list[str] | None = None) -> int:
    """``yomi parity fgobject``: exit status 0 when every call matches (common.vector_main)."""
    return vector_main(argv, kind="fgobject", description=__doc__,
                       default_file=lambda: data.vector_file(data.FGOBJECT), check_file=check_file, unit="calls ")
