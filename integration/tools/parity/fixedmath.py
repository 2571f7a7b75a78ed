"""``yomi parity fixedmath [FILE]``: every FixedMath call of a vector file through an engine.

Each line of the file is ``{"op", "args", "out"}`` recorded from the game's
native library (format: tests/data/parity/README.md).  A call matches when the
result has the same value and type, or when both the library and the engine
fail on it with the same error kind.
"""
from __future__ import annotations

import sys
from typing import Callable

from yomi.fixed import FixedError, FixedMath

from . import data
from .common import ParityInputError, read_jsonl, vector_main


def python_engine() -> Callable[[str, list], object]:
    facade = FixedMath()

    def call(op: str, args: list) -> object:
        method = getattr(facade, op, None)
        if method is None or op.startswith("_"):
            raise KeyError(op)
        return method(*args)

    return call


def c_engine() -> Callable[[str, list], object]:
    from yomi import _native

    def call(op: str, args: list) -> object:
        try:
            return _native.fixedmath(op, args)
        except TypeError as exc:
            raise KeyError(op) from exc

    return call


def _normalise(result: object) -> object:
    """Expected results as comparable values: errors compare by kind only."""
    if isinstance(result, dict) and "error" in result:
        return {"error_kind": result.get("kind")}
    return result


def run_call(call: Callable[[str, list], object], op: str, args: list) -> object:
    try:
        return call(op, args)
    except FixedError as exc:
        return {"error_kind": exc.kind}


def same(expected: object, got: object) -> bool:
    # bool is an int in Python: a True where the library returned 1 must not pass.
    return expected == got and type(expected) is type(got)


def check_file(path: str, engine: str, show: int = 10, out=sys.stdout) -> tuple[int, int]:
    call = c_engine() if engine == "c" else python_engine()
    matched = total = 0
    for number, record in read_jsonl(path):
        if not isinstance(record, dict) or not {"op", "args", "out"} <= record.keys():
            raise ParityInputError(f"{path}:{number}: not a FixedMath vector (needs op, args, out)")
        total += 1
        expected = _normalise(record["out"])
        try:
            got = run_call(call, record["op"], record["args"])
        except KeyError:
            got = {"unknown_method": record["op"]}
        if same(expected, got):
            matched += 1
        elif total - matched <= show:
            print(f"MISMATCH line {number}: {record['op']}{tuple(record['args'])}: "
                  f"expected {expected!r}, got {got!r}", file=out)
    return matched, total


def main(argv: list[str] | None = None) -> int:
    """``yomi parity fixedmath``: exit status 0 when every record matches (common.vector_main)."""
    return vector_main(argv, kind="fixedmath", description=__doc__,
                       default_file=lambda: data.vector_file(data.FIXEDMATH), check_file=check_file, unit="")
