"""Legal moves: the engine's action menu equals the menu the game offered at every turn.

The base traces' ``legal`` lists hold *all* moves of the character (the bots only
clicked base moves, but the panel listed everything), so this also checks the
``is_usable`` rules of the character moves not otherwise ported yet.
"""
from __future__ import annotations

import gzip
import json

import pytest

from support.data import trace_files
from integration.engine import create_match

BASE_TRACES = trace_files("*_base_*.jsonl.gz")


def _check_legal(path, last_tick: int) -> int:
    with gzip.open(path, "rt") as handle:
        records = [json.loads(line) for line in handle]
    header = records[0]
    match = create_match(header["p1"], header["p2"], header["seed"], header["match_settings"])
    decisions = 0
    for record in records[1:]:
        if record.get("tick", 0) > last_tick:
            break
        if record["t"] == "tick":
            match.tick()
        elif record["t"] == "turn":
            for player, side in ((1, "p1"), (2, "p2")):
                assert match.legal_actions(player) == sorted(record["legal"][side]), (record["tick"], side)
                decisions += 1
            for player, side in ((1, "p1"), (2, "p2")):
                choice = record[side]
                match.submit(player, choice["action"], choice["data"], choice["extra"])
    return decisions


@pytest.mark.slow
@pytest.mark.parametrize("path", BASE_TRACES, ids=lambda p: p.name.split(".")[0])
def test_legal_moves_equal_trace_opening(path):
    """The first 600 ticks of every base trace.  By default the same comparison runs over every
    turn of every base trace in test_trace_parity.py (test_base_trace_identical: the Python
    engine's legal moves at each turn against the trace's, ``legal_ok == legal_total``)."""
    assert _check_legal(path, 600) > 60


@pytest.mark.slow
@pytest.mark.parametrize("path", BASE_TRACES, ids=lambda p: p.name.split(".")[0])
def test_legal_moves_equal_trace_whole(path):
    assert _check_legal(path, 10 ** 9) > 400
