"""The Robot in the C engine (csrc/chars/robot/): its moves, grabs, Drive stance, objects and
resources compute exactly what the Python engine computes.

* the Robot traces replay identically through ``engine="c"`` (the mirror and every mixed trace);
* a targeted differential check: random matches where the Robot mostly plays its own moves
  (remote bomb, magnet, missiles, flamethrower and ground fire, LOIC/Galvanize/SHUTDOWN, KILL
  PROCESS, the grabs and slams, the Drive stance...) with every Robot extra drawn at random
  (flight, armor, bomb trigger and bounce, magnet pull, LOIC steering, Drive cancel, forced
  flight), both engines compared field by field after every tick (fighters with the Robot's
  ``res``, and every object), plus a check that the objects and resources were exercised;
* scripted scenes for the bomb (armed and bounced by the extra, pulled by the magnet, exploding)
  and the orbital strike (aimed, steered, firing, burning ground fire, called off).
"""
from __future__ import annotations

import functools

import random

import pytest

from support.side_by_side import (Both, check_mirror_trace, check_trace_through_c, long_matches, needs_trace,
    play_character, prefer_own, short_matches, trace_ids)
from support.data import trace_files
from integration.tools import bench

native = pytest.importorskip("yomi._native")
if not hasattr(native, "Match") or "Robot" not in native.characters():
    pytest.skip("the C engine is not built (uv sync)", allow_module_level=True)

ROBOT_EXTRAS = {"fly_dir": "8way", "fly_enabled": "bool", "armor_enabled": "bool", "loic_dir": "8way",
                "nade_activated": "bool", "bounce": "8way", "pull_enabled": "bool", "drive_cancel": "bool",
                "force_fly": "bool"}
OBJECT_SCENES = {"RobotGrenade", "NadeExplosion", "Missile", "GroundFire", "GroundFireLoic", "orbital_strike",
                 "LandingShockwave"}


def _robot_extra(rnd: random.Random) -> dict:
    extra = bench.random_extra("Robot", rnd, False)
    for key, shape in ROBOT_EXTRAS.items():
        if shape == "bool":
            extra[key] = rnd.random() < 0.35
        else:
            extra[key] = {"x": rnd.choice((-1, 0, 1)), "y": rnd.choice((-1, 0, 1))}
    return extra


# ------------------------------------------------------------------ traces
ROBOT_TRACES = trace_files("*Robot*")


@needs_trace("Robot_vs_Robot_s136.jsonl.gz")
def test_mirror_trace_identical_through_c():
    """Robot_vs_Robot_s136: bombs, LOIC, KILL PROCESS, Drive... (well under a second in C)."""
    check_mirror_trace(trace_files("Robot_vs_Robot_s136.jsonl.gz")[0], 1957)


@pytest.mark.parametrize("path", ROBOT_TRACES, ids=trace_ids(ROBOT_TRACES))
def test_robot_traces_identical_through_c(path):
    """Every trace with a Robot side: identical through C."""
    check_trace_through_c(path)


# ------------------------------------------------------------------ differential helpers
def _own(match, player, rnd, own, action, data, extra):
    """Mostly the Robot's own moves with every Robot extra at random."""
    action, data = prefer_own(match, player, "Robot", rnd, own, 0.75, action, data)
    return action, data, _robot_extra(rnd)


def _note(seen, state, p1, p2):
    for obj in state["objects"]:
        seen["scenes"].add(obj["scene"])
        if obj.get("active"):
            seen["active"].add(obj["scene"])
        seen["object_states"].add((obj["scene"], obj["state"]))
    for side, character in (("p1", p1), ("p2", p2)):
        if character != "Robot":
            continue
        res = state[side]["res"]
        seen["states"].add(state[side]["state"])
        for key in ("magnet_ticks_left", "kill_process_super_level", "propel_friction_ticks", "fly_ticks_left"):
            if res[key]:
                seen["res"].add(key)
        for key in ("armor_active", "magnetize_opponent", "drive_cancel", "loic_draining", "orbital_strike_out",
                    "can_ground_pound", "super_armor_installed", "can_loic"):
            if res[key]:
                seen["res"].add(key)
        if res["flying_dir"] is not None:
            seen["res"].add("flying_dir")
        if not res["can_flamethrower"]:
            seen["res"].add("flamethrower_out")


# One match on both engines, compared after every tick (the other characters' choices as the
# differential test draws them); returns the ticks played.
_play = functools.partial(play_character, "Robot", _own, _note, cowboy_shape=True)


def _new_seen():
    return {"scenes": set(), "active": set(), "object_states": set(), "states": set(), "res": set()}


def _objects_and_resources(mirrors: int, others: int) -> None:
    """Short matches per pairing with the Robot on each side, ``mirrors`` of the mirror and
    ``others`` of each other pairing (with infinite resources in some): every tick identical, and
    the Robot's objects and resources were exercised."""
    seen = _new_seen()
    total = 0
    for k, i, p1, p2, rnd in short_matches("Robot", 5000, others=others, mirrors=mirrors):
        settings = {"game_length": 600, "char_distance": rnd.choice((20, 55, 120)),
                    "infinite_resources": i % 3 == 1, "starting_meter": "1000" if i % 4 == 2 else "0"}
        total += _play(p1, p2, 37 * k + i, settings, rnd, 610, seen)
    assert total > 5000
    assert OBJECT_SCENES <= seen["scenes"], seen["scenes"]
    assert {"RobotGrenade", "orbital_strike"} <= seen["active"], seen["active"]
    assert {("orbital_strike", "Fire"), ("RobotGrenade", "Active"), ("Missile", "Flying")} <= seen["object_states"]
    assert {"magnet_ticks_left", "kill_process_super_level", "propel_friction_ticks", "fly_ticks_left",
            "armor_active", "drive_cancel", "loic_draining", "flying_dir", "flamethrower_out",
            "super_armor_installed"} <= seen["res"], seen["res"]
    assert {"KillProcessLanding", "GroundSlam", "CornerCarryHold", "DriveJump", "DriveWheelie", "Chainsaw",
            "ClapJump", "DisableLoic", "Magnetize", "Plummet"} <= seen["states"], seen["states"]


def test_robot_objects_and_resources_match_python():
    """19 short matches: 3 of the mirror, 2 of each other pairing (every object, state and resource
    checked is reached in them)."""
    _objects_and_resources(mirrors=3, others=2)


@pytest.mark.slow
def test_robot_objects_and_resources_match_python_24():
    """24 short matches: 8 of the mirror, 2 of each other pairing."""
    _objects_and_resources(mirrors=8, others=2)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_robot_long_matches_match_python(block):
    """Long matches (full game length) with the Robot on one side, 5 per block."""
    seen = _new_seen()
    for p1, p2, seed, rnd in long_matches("Robot", block, 5, 70000):
        settings = {"game_length": 3600, "char_distance": rnd.choice((20, 55, 120)),
                    "infinite_resources": rnd.random() < 0.25}
        _play(p1, p2, seed, settings, rnd, 3610, seen)


# ------------------------------------------------------------------ scripted scenes
def _scene(moves, extras, ticks, settings, seed=11, opponent="Wait"):
    """P1 Robot plays the first legal move of ``moves(step)`` with ``extras(step)``; P2 Robot waits.
    Both engines compared after every tick; returns the C engine's states."""
    both = Both("Robot", "Robot", seed, settings)
    rnd = random.Random(seed)
    out, step = [], 0
    while both.py.result() is None and len(out) < ticks:
        if both.py.is_waiting():
            legal = both.py.legal_actions(1)
            move = next((m for m, _ in moves(step) if m in legal), "Continue")
            data = dict(moves(step)).get(move)
            extra = bench.random_extra("Robot", rnd, False)
            extra.update(extras(step))
            assert both.submit(1, (move, data, extra))
            opp = opponent if opponent in both.py.legal_actions(2) else "Continue"
            assert both.submit(2, (opp, None, bench.random_extra("Robot", rnd, False)))
            step += 1
            continue
        state = both.tick()
        assert state is not None
        out.append(state)
    return out


def test_bomb_armed_bounced_pulled_and_exploding():
    """REMOTE BOMB thrown, then the magnet pulls it back and the nade_activated extra arms it with a
    bounce; it explodes (NadeExplosion) and Robot's grenade_object clears: identical in both engines."""
    def moves(step):
        return [("Grenade", {"x": 60, "y": -40})] if step == 0 else [("Magnetize", None), ("Wait", None)]

    def extras(step):
        return {"nade_activated": step >= 3, "bounce": {"x": -1, "y": -1}, "pull_enabled": step >= 2}

    states = _scene(moves, extras, 400, {"game_length": 1000, "char_distance": 200})
    nades = [o for s in states for o in s["objects"] if o["scene"] == "RobotGrenade"]
    assert nades and any(o["active"] for o in nades)
    assert any(o["scene"] == "NadeExplosion" for s in states for o in s["objects"])
    assert any(s["p1"]["res"]["magnet_ticks_left"] > 0 for s in states)
    assert any(s["p1"]["res"]["grenade_object"] is not None for s in states)
    assert states[-1]["p1"]["res"]["grenade_object"] is None


def test_orbital_strike_aims_fires_burns_and_is_called_off():
    """LOIC aimed with a delay and steered by loic_dir: the meter drains while it aims, then the beam
    fires (ground fire from the beam) and fades out; a second strike is called off by SHUTDOWN."""
    def moves(step):
        if step == 0:
            return [("LOIC", {"Self": False, "Delay": {"x": 30}})]
        if step < 40:
            return [("Wait", None)]
        return [("LOIC", {"Self": True, "Delay": {"x": step % 100}}), ("DisableLoic", None), ("Wait", None)]

    def extras(step):
        return {"loic_dir": {"x": (-1, 1, 0)[step % 3], "y": 0}}

    states = _scene(moves, extras, 900, {"game_length": 2000, "infinite_resources": True})
    strikes = [o for s in states for o in s["objects"] if o["scene"] == "orbital_strike"]
    assert any(o["state"] == "Fire" and o["active"] for o in strikes)
    assert any(o["scene"] == "GroundFireLoic" for s in states for o in s["objects"])
    assert any(s["p1"]["state"] == "DisableLoic" for s in states)
    assert any(s["p1"]["res"]["loic_draining"] for s in states)
    assert any(s["p1"]["res"]["loic_meter"] < 1000 for s in states)
