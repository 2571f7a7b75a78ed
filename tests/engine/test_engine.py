"""The engine interface (integration/engine.py): the turn model, input checks, clone, result."""
from __future__ import annotations

import gzip
import json

import pytest

from support.data import trace_files
from integration.engine import EngineError, InvalidAction, create_match

NO_EXTRA = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1}


def _opened(p1="Ninja", p2="Ninja", **settings):
    match = create_match(p1, p2, seed=1, settings=settings or None)
    match.advance()
    return match


def test_new_match_is_before_tick_zero():
    match = create_match("Ninja", "Ninja", seed=200)
    assert match.current_tick == -1
    assert not match.is_waiting()
    assert match.result() is None
    assert match.legal_actions(1) == []


def test_start_state_equals_trace_header():
    path = trace_files("Ninja_vs_Ninja_base_*")[0]
    with gzip.open(path, "rt") as handle:
        header = json.loads(handle.readline())
    match = create_match(header["p1"], header["p2"], header["seed"], header["match_settings"])
    state = match.state()
    assert state["p1"] == header["start"]["p1"]
    assert state["p2"] == header["start"]["p2"]
    assert state["objects"] == []


def test_first_decision_is_after_tick_zero():
    match = _opened()
    assert match.current_tick == 0
    assert match.is_waiting()
    assert match.needs_action(1) and match.needs_action(2)
    legal = match.legal_actions(1)
    assert "Continue" in legal and "DashForward" in legal and "Jump" in legal
    assert "AirDash" not in legal  # aerial move while grounded


def test_actions_take_effect_next_tick():
    match = _opened()
    match.submit(1, "Wait", None, NO_EXTRA)
    assert match.is_waiting() and not match.needs_action(1) and match.needs_action(2)
    match.submit(2, "Jump", {"x": 0, "y": -100}, NO_EXTRA)
    assert not match.is_waiting()
    assert match.state()["p2"]["state"] == "Start"  # nothing changes before the next tick
    match.tick()
    assert match.state()["p2"]["state"] == "Jump"
    assert match.state()["p1"]["state"] == "Wait"


@pytest.mark.parametrize("action, data, extra, message", [
    ("Teleport", None, None, "unknown"),
    ("AirDash", {"x": 100, "y": 0}, None, "not legal"),
    (42, None, None, "move name"),
    ("DashForward", {"x": 50}, None, "keys"),
    ("DashForward", {"AutoCorrect": "yes", "Distance": {"x": 50}}, None, "bool"),
    ("Wait", {"x": 1}, None, "takes no data"),
    ("Continue", {"x": 1}, None, "no data"),
    ("Wait", None, {"DI": [0, 0]}, "{x: int, y: int}"),
    ("Wait", None, {"teleport": True}, "unknown extra"),
    ("Wait", None, "reverse", "dict"),
])
def test_bad_input_is_refused_and_changes_nothing(action, data, extra, message):
    match = _opened()
    before = match.state()
    with pytest.raises(InvalidAction, match=message):
        match.submit(1, action, data, extra)
    assert match.state() == before
    assert match.needs_action(1)
    match.submit(1, "Continue")  # still accepts a good action afterwards


def test_players_who_may_not_act_are_refused():
    match = create_match("Robot", "Mutant", seed=3)
    with pytest.raises(EngineError, match="no decision is open"):
        match.submit(1, "Continue")
    match.advance()
    match.submit(1, "Continue")
    with pytest.raises(EngineError, match="already submitted"):
        match.submit(1, "Continue")
    with pytest.raises(EngineError, match="player must be 1 or 2"):
        match.submit(3, "Continue")
    with pytest.raises(EngineError, match="decision is open"):
        match.tick()


def test_bad_match_arguments():
    with pytest.raises(EngineError, match="unknown character"):
        create_match("Ninja", "Alien")
    with pytest.raises(EngineError, match="unknown match settings"):
        create_match("Ninja", "Ninja", settings={"stage_widht": 800})
    with pytest.raises(EngineError, match="unknown engine"):
        create_match("Ninja", "Ninja", engine="rust")
    with pytest.raises(EngineError, match="unknown character"):
        create_match("Ninja", "Alien", engine="c")


def _play(match, script, ticks):
    """Submit the scripted actions at each decision, ``Continue`` after the script runs out."""
    states = []
    script = list(script)
    while len(states) < ticks and match.result() is None:
        if match.is_waiting():
            for player in (1, 2):
                action, data = script.pop(0) if script else ("Continue", None)
                match.submit(player, action, data, NO_EXTRA)
        else:
            match.tick()
            states.append(match.state())
    return states


def test_clone_is_independent_and_deterministic():
    match = _opened("Cowboy", "Wizard")
    twin = match.clone()
    script = [("DashForward", {"AutoCorrect": False, "Distance": {"x": 60}}), ("Jump", {"x": 30, "y": -90})]
    assert _play(match, script, 120) == _play(twin, script, 120)
    # Playing a clone differently leaves the original untouched.
    other = match.clone()
    snapshot = match.state()
    _play(other, [("Taunt", None), ("Grab", {"Direction": {"x": 1, "y": 0}, "Dash": True, "Jump": False})], 60)
    assert match.state() == snapshot


def test_match_ends_with_a_timeout_result():
    match = create_match("Ninja", "Robot", seed=5, settings={"game_length": 30})
    _play(match, [], 10 ** 6)
    result = match.result()
    # game.gd: should_game_end is current_tick > game_length; equal hp is a draw (winner 0).
    assert result["tick"] == 31 and result["reason"] == "timeout"
    assert result["winner"] == 0 and result["p1_hp"] == result["p2_hp"] == 1500
    with pytest.raises(EngineError, match="over"):
        match.tick()


def test_clone_with_objects_replays_the_trace():
    """A clone taken while shockwave objects are out continues exactly like the recording."""
    path = trace_files("Robot_vs_Robot_base_*")[0]
    with gzip.open(path, "rt") as handle:
        records = [json.loads(line) for line in handle]
    header = records[0]
    match = create_match(header["p1"], header["p2"], header["seed"], header["match_settings"])
    clone = None
    for record in records[1:]:
        if record["t"] == "end" or record.get("tick", 0) > 400:
            break
        runner = clone if clone is not None else match
        if record["t"] == "turn":
            for player, side in ((1, "p1"), (2, "p2")):
                runner.submit(player, record[side]["action"], record[side]["data"], record[side]["extra"])
        else:
            runner.tick()
            if clone is not None:
                assert runner.state() == {k: record[k] for k in ("p1", "p2", "objects")}, record["tick"]
            elif match.state()["objects"] and not match.is_waiting():
                clone = match.clone()
                original = match.state()
    assert clone is not None and clone.current_tick == 400
    assert match.state() == original  # the original did not move while the clone played
