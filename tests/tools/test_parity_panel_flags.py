"""The parity tool's one tolerance: the Cowboy panel's air/ground flag when the game built its move list.

Three recorded turns (Cowboy_vs_Ninja_s110 tick 321 p1, Ninja_vs_Cowboy_s102 tick 434 p2,
Mutant_vs_Cowboy_s142 tick 1180 p2) list the Cowboy's grounded and aerial moves swapped with
respect to the submitted extras. These tests pin that the tolerance explains exactly those turns
and nothing else.
"""
from __future__ import annotations

import gzip
import json

import pytest

from integration.engine import create_match
from integration.tools.parity.trace import _matches_panel_flag_variant

from support.data import trace_file

CASES = [("Cowboy_vs_Ninja_s110.jsonl.gz", 321, 1), ("Ninja_vs_Cowboy_s102.jsonl.gz", 434, 2)]


def _decision(name: str, stop_tick: int):
    path = trace_file(name)
    with gzip.open(path, "rt") as handle:
        records = [json.loads(line) for line in handle]
    header = records[0]
    match = create_match(header["p1"], header["p2"], header["seed"], header["match_settings"])
    for record in records[1:]:
        if record["t"] == "turn":
            if record["tick"] == stop_tick:
                return match, record
            for player, side in ((1, "p1"), (2, "p2")):
                match.submit(player, record[side]["action"], record[side]["data"], record[side]["extra"])
        elif record["t"] == "tick":
            match.tick()
    raise AssertionError(f"no turn at tick {stop_tick} in {name}")


@pytest.mark.parametrize("name, tick, player", CASES)
def test_swapped_turns_differ_plainly_and_match_with_the_panel_flag(name, tick, player):
    match, record = _decision(name, tick)
    side = f"p{player}"
    extra = record[side]["extra"]
    expected = sorted(record["legal"][side])
    plain = match.legal_actions(player, bool(extra["input_grounded"]), bool(extra["input_aerial"]))
    assert plain != expected  # the recorded list is not the one for the submitted extras
    assert _matches_panel_flag_variant(match, player, extra, expected)
    tampered = [move for move in expected if move != "Continue"]
    assert not _matches_panel_flag_variant(match, player, extra, tampered)


def test_no_tolerance_for_characters_without_the_panel_flags():
    match, record = _decision("Cowboy_vs_Ninja_s110.jsonl.gz", 321)
    ninja_extra = record["p2"]["extra"]
    assert "input_grounded" not in ninja_extra
    assert not _matches_panel_flag_variant(match, 2, ninja_extra, ["Continue"])
