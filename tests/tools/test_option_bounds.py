"""The tools' numeric options and outputs (integration/options.py): NaN, infinities, negative and
huge counts, and outputs that are FIFOs or devices, are refused with one line and exit status 2
before any work, never a traceback, a hang or a MemoryError."""
from __future__ import annotations

import math
import os

import pytest
from hypothesis import given, settings, strategies as st

from integration.options import range_problem
from integration.tools.cli import main as yomi


def run(argv, capsys) -> tuple[int, str]:
    try:
        rc = yomi(argv)
    except SystemExit as exc:  # argparse's parser.error
        rc = exc.code
    return rc, capsys.readouterr().err


@pytest.fixture
def paths(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return dict(fifo=str(fifo), tmp=str(tmp_path))


@pytest.mark.parametrize("argv, message", [
    (["parity", "trace", "--max-trace-mb", "nan"], "--max-trace-mb must be a finite number"),
    (["parity", "trace", "--max-trace-mb", "inf"], "--max-trace-mb must be a finite number"),
    (["parity", "trace", "--max-trace-mb", "-1"], "--max-trace-mb must be in 0"),
    (["parity", "trace", "--max-line-mb", "nan"], "--max-line-mb must be a finite number"),
    (["parity", "trace", "--max-lines", "0"], "--max-lines must be in 1"),
    (["watch", "x.jsonl", "--max-trace-mb", "inf", "--no-open"], "--max-trace-mb must be a finite number"),
    (["bench", "--game-length", "-5"], "--game-length must be in 1 .. 108,000"),
    (["bench", "--game-length", "1000000000000"], "--game-length must be in 1 .. 108,000"),
    (["bench", "--min-seconds", "inf"], "--min-seconds must be a finite number"),
    (["bench", "--matches", "65536"], "--matches must be in 1 .. 4,096"),
    (["bench", "--json", "/dev/full"], "--json /dev/full: is not a regular file"),
    (["bench", "--json", "{fifo}"], "is not a regular file"),
    (["bench", "--env", "--seconds", "nan"], "--seconds must be a finite number"),
    (["bench", "--env", "--json", "/dev/full"], "is not a regular file"),
    (["bench", "--builds", "a.so", "b.so", "--game-length", "-5"], "--game-length must be in 1"),
    (["bench", "--trainer", "--envs-per-worker", "100000"], "--envs-per-worker must be in 1 .. 16,384"),
    (["play", "--matches", "65536", "--envs", "65536"], "--envs must be from 1 to 4,096"),
    (["play", "--max-turns", "100000000000"], "--max-turns must be from 1 to 10,000,000"),
    (["play", "--record", "{fifo}"], "is not a regular file"),
    (["play", "--record", "/dev/full"], "is not a regular file"),
    (["play", "--settings", '{{"game_length": 1000000000000}}'], "game_length must be at most 108,000"),
    (["tournament", "random", "scripted", "--chunk", "65536"], "--chunk must be at most 4,096"),
    (["tournament", "random", "scripted", "--matches", "1000000000"], "--matches must be at most 100,000"),
    (["tournament", "random", "scripted", "--seed", "-1"], "--seed must be at least 0"),
    (["mixture", "{tmp}/m.safetensors", "{tmp}/x.safetensors", "--pool", "100000"], "--pool must be in 0 .. 256"),
])
def test_options_past_their_bounds_are_one_line(capsys, paths, argv, message):
    rc, err = run([a.format(**paths) for a in argv], capsys)
    assert rc == 2 and message in err and "Traceback" not in err, (rc, err)
    assert len(err.strip().splitlines()) == 1, err


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.integers(-2**70, 2**70), st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
                 st.text(max_size=3), st.none()),
       st.integers(-10, 10), st.integers(0, 2**40))
def test_range_fuzz(value, low, span):
    """range_problem accepts exactly the finite numbers within the range, and names the option."""
    high = low + span
    problem = range_problem("--x", value, low, high)
    ok = (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
          and low <= value <= high)
    assert (problem is None) == ok and (ok or problem.startswith("--x must be"))
