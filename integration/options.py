"""The bounds of the tools' numeric options, checked in one place before any work starts.

Contract: every option that drives an allocation or a loop (matches, envs, repetitions, seconds,
game length, megabytes) is an integer or a finite number within its range; NaN, infinities,
negative counts and counts past the limit are refused with one line naming the option and the
range (``parser.error``: exit status 2, no traceback).  An output path (``--json``) is checked
too: its folder must exist and it must be a new or regular file, never a FIFO or a device.
"""
from __future__ import annotations

import argparse
import math
import sys
from typing import Callable, Iterable


def fail(error: Callable[[str], object], message: str) -> None:
    """Report `message` through `error`; for an argparse parser's ``error``, as one line on stderr
    (``PROG: error: MESSAGE``, exit status 2) rather than argparse's usage and message."""
    parser = getattr(error, "__self__", None)
    if isinstance(parser, argparse.ArgumentParser):
        print(f"{parser.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)
    error(message)


def range_problem(option: str, value, low, high) -> str | None:
    """Why `value` is not a valid `option` (a number in ``low .. high``), or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"{option} must be a number, got {value!r}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{option} must be a finite number, got {value}"
    if not low <= value <= high:
        return f"{option} must be in {low:,} .. {high:,}, got {value:,}"
    return None


def check_ranges(error: Callable[[str], object], checks: Iterable[tuple]) -> None:
    """``error(message)`` (an argparse parser's ``error``) for the first ``(option, value, low,
    high)`` out of its range; options not given (None) are skipped."""
    for option, value, low, high in checks:
        if value is None:
            continue
        problem = range_problem(option, value, low, high)
        if problem:
            fail(error, problem)


def check_output(error: Callable[[str], object], option: str, path) -> None:
    """``error(message)`` where `path` cannot be written as an output file (None: not given)."""
    if path is None:
        return
    from integration.tracefile import output_file_problem

    problem = output_file_problem(path)
    if problem:
        fail(error, f"{option} {path}: {problem}")


def write_json(error: Callable[[str], object], option: str, path, doc) -> None:
    """Write `doc` as JSON to `path` (a regular file, never a FIFO or a device); a failure to write
    it (a full disk: ``/dev/full`` is refused before) is ``error(message)``."""
    import json

    from integration.safefile import UnsafeFileError, write_output

    try:
        write_output(path, json.dumps(doc, indent=1), option)
    except (OSError, UnsafeFileError) as exc:
        fail(error, f"{option} {path}: {getattr(exc, 'strerror', None) or exc}")


class OptionParser(argparse.ArgumentParser):
    """The tools' argument parser: a bad command line is one line on stderr, ``PROG: error:
    MESSAGE`` (exit status 2), as every other refusal of the tools is, instead of argparse's usage
    block followed by the message; ``--help`` still prints the usage in full."""

    def error(self, message: str):
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)
