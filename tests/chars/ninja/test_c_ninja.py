"""The Ninja in the C engine (csrc/chars/ninja/): its moves, objects and resources compute
exactly what the Python engine computes.

* the Ninja traces replay identically through ``engine="c"`` (the mirror and every mixed trace);
* a targeted differential check: random matches where the Ninja mostly plays its own moves
  (shuriken and the Stackriken they fuse into, caltrops, sticky bomb, grappling hook and pull,
  kunai and slide-kick summons, Substitution, momentum store/release, Quick Slash with every
  Attack option...) with every Ninja extra drawn at random (explode, pull, detach, release,
  release_dir, store), both engines compared field by field after every tick (fighters with the
  Ninja's ``res``, and every object), plus a check that the objects and resources were exercised;
* scripted scenes: two shuriken fusing into a Stackriken, the hook locking and pulling, the
  sticky bomb stuck and exploded by the extra, Substitution with an object, Quick Slash
  follow-ups.
"""
from __future__ import annotations

import functools

import json
import random

import pytest

from support.side_by_side import (Both, check_mirror_trace, check_trace_through_c, long_matches, needs_trace,
    play_character, prefer_own, short_matches, trace_ids)
from support.data import trace_files
from integration.tools import bench

native = pytest.importorskip("yomi._native")
if not hasattr(native, "Match") or "Ninja" not in native.characters():
    pytest.skip("the C engine is not built (uv sync)", allow_module_level=True)

NINJA_EXTRAS = {"explode": "bool", "pull": "bool", "detach": "bool", "release": "bool", "release_dir": "dir",
                "store": "bool"}
OBJECT_SCENES = {"StickmanFireball", "StickmanAirFireball", "Caltrops", "StickyBomb", "grappling_hook",
                 "StickmanSummonKunai", "StickmanSummonSlide", "Kunai", "HeavyWhipWave", "WhipWave"}


def _ninja_extra(rnd: random.Random) -> dict:
    extra = bench.random_extra("Ninja", rnd, False)
    for key, shape in NINJA_EXTRAS.items():
        if shape == "bool":
            extra[key] = rnd.random() < 0.35
        elif rnd.random() < 0.9:
            extra[key] = {"x": rnd.randint(-100, 100), "y": rnd.randint(-100, 100)}
    return extra


# ------------------------------------------------------------------ tables
def test_scene_groups_are_the_c_engines():
    """char_ninja_objects.c tells the NinjaShuriken / Stackriken groups by scene: they must be exactly
    the scenes whose root carries the group in objects.json."""
    from states.data import __file__ as data_init
    from pathlib import Path
    doc = json.loads((Path(data_init).parent / "objects.json").read_text())
    groups: dict = {}
    for scene, entry in doc["objects"].items():
        for group in entry["root"].get("groups", []):
            groups.setdefault(group, set()).add(scene.rsplit("/", 1)[-1])
    assert groups["NinjaShuriken"] == {"StickmanFireball.tscn", "StickmanAirFireball.tscn"}
    assert groups["Stackriken"] == {"Stackriken.tscn"}


# ------------------------------------------------------------------ traces
NINJA_TRACES = trace_files("*Ninja*")


@needs_trace("Ninja_vs_Ninja_s100.jsonl.gz")
def test_mirror_trace_identical_through_c():
    """Ninja_vs_Ninja_s100: shuriken, hook, sticky bombs, summons, Quick Slash... (well under a second in C)."""
    check_mirror_trace(trace_files("Ninja_vs_Ninja_s100.jsonl.gz")[0], 2739)


@pytest.mark.parametrize("path", NINJA_TRACES, ids=trace_ids(NINJA_TRACES))
def test_ninja_traces_identical_through_c(path):
    """Every trace with a Ninja side: identical through C."""
    check_trace_through_c(path)


# ------------------------------------------------------------------ differential helpers
def _own(match, player, rnd, own, action, data, extra):
    """Mostly the Ninja's own moves with every Ninja extra at random."""
    action, data = prefer_own(match, player, "Ninja", rnd, own, 0.7, action, data)
    return action, data, _ninja_extra(rnd)


RES_COUNTED = ("momentum_stores", "skull_shaker_bleed_ticks", "boost_frames_left")
RES_FLAGS = ("bomb_thrown", "pulling", "used_grappling_hook", "released_this_turn", "will_release_momentum",
             "boosted_during_combo", "stackriken_out")


def _note(seen, state, p1, p2):
    for obj in state["objects"]:
        seen["scenes"].add(obj["scene"])
        seen["object_states"].add((obj["scene"], obj["state"]))
    for side, character in (("p1", p1), ("p2", p2)):
        if character != "Ninja":
            continue
        res = state[side]["res"]
        seen["states"].add(state[side]["state"])
        for key in RES_COUNTED:
            if res[key]:
                seen["res"].add(key)
        for key in RES_FLAGS:
            if res[key]:
                seen["res"].add(key)
        for key in ("bomb_projectile", "grappling_hook_projectile"):
            if res[key] is not None:
                seen["res"].add(key)
        for key in ("can_summon_kunai", "can_summon_kick", "can_divekick_hop"):
            if not res[key]:
                seen["res"].add("not " + key)
        if res["stored_speed_1"] != "11":
            seen["res"].add("stored_speed_1")


# One match on both engines, compared after every tick; returns the ticks played.
_play = functools.partial(play_character, "Ninja", _own, _note)


def _new_seen():
    return {"scenes": set(), "object_states": set(), "states": set(), "res": set()}


def test_ninja_objects_and_resources_match_python():
    """Short matches per pairing with the Ninja on each side (the mirror most, with infinite
    resources in some): every tick identical, and the Ninja's objects and resources were exercised."""
    seen = _new_seen()
    total = 0
    for k, i, p1, p2, rnd in short_matches("Ninja", 9000):
        settings = {"game_length": 500, "char_distance": rnd.choice((20, 55, 120)),
                    "infinite_resources": i % 3 == 1, "starting_meter": "1000" if i % 4 == 2 else "0"}
        total += _play(p1, p2, 41 * k + i, settings, rnd, 510, seen)
    assert total > 5000
    assert OBJECT_SCENES <= seen["scenes"], seen["scenes"]
    assert {("grappling_hook", "Locked"), ("StickyBomb", "Explode"), ("StickmanSummonSlide", "Slide")} \
        <= seen["object_states"], seen["object_states"]
    assert {"momentum_stores", "skull_shaker_bleed_ticks", "bomb_thrown", "pulling", "released_this_turn",
            "bomb_projectile", "grappling_hook_projectile", "not can_summon_kunai", "not can_summon_kick",
            "stored_speed_1", "boosted_during_combo"} <= seen["res"], seen["res"]
    assert {"QuickSlash", "QuickSlashAir", "Substitution", "StickyBombThrow", "HitGrabFollowup", "NunChukLightHigh",
            "JumpKickLanding", "GroundedSweepQS", "DiveKickHopLong", "UppercutLanding"} <= seen["states"], seen["states"]


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_ninja_long_matches_match_python(block):
    """Long matches (full game length) with the Ninja on one side, 5 per block."""
    seen = _new_seen()
    for p1, p2, seed, rnd in long_matches("Ninja", block, 5, 80000):
        settings = {"game_length": 3600, "char_distance": rnd.choice((20, 55, 120)),
                    "infinite_resources": rnd.random() < 0.25}
        _play(p1, p2, seed, settings, rnd, 3610, seen)


# ------------------------------------------------------------------ scripted scenes
NEUTRAL_EXTRA = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1}


def _scene(plan, extras, ticks, settings, seed=11, opponent=("Wait",), p2="Ninja"):
    """P1 Ninja plays ``plan`` (a list of (move, data), each as soon as it is legal; Wait or Continue
    meanwhile) with ``extras(decision)``; P2 plays the first legal move of ``opponent``. Both engines
    compared after every tick; returns the C engine's states."""
    both = Both("Ninja", p2, seed, settings)
    plan = list(plan)
    out, step = [], 0
    while both.py.result() is None and len(out) < ticks:
        if both.py.is_waiting():
            legal = both.py.legal_actions(1)
            if plan and plan[0][0] in legal:
                move, data = plan.pop(0)
            else:
                move, data = ("Wait", None) if "Wait" in legal else ("Continue", None)
            extra = dict(NEUTRAL_EXTRA)
            extra.update(extras(step))
            assert both.submit(1, (move, data, extra))
            legal2 = both.py.legal_actions(2)
            opp = next((m for m in opponent if m in legal2), "Continue")
            assert both.submit(2, (opp, None, dict(NEUTRAL_EXTRA)))
            step += 1
            continue
        state = both.tick()
        assert state is not None
        out.append(state)
    return out


def _objects(states, scene):
    return [o for s in states for o in s["objects"] if o["scene"] == scene]


def test_shuriken_fuse_into_a_stackriken_fed_and_juggled():
    """A slow shuriken caught up by a fast one fuses into a Stackriken (stackriken_out), a third
    shuriken feeds it (refresh and push) and the Ninja's own hits juggle it with his DI."""
    plan = [("Fireball", {"x": 30, "y": -10}), ("Fireball", {"x": 100, "y": -10}),
            ("Fireball", {"x": 100, "y": -12})] + [("GroundedKick", None), ("Uppercut", None)] * 6
    states = _scene(plan, lambda step: {"DI": {"x": 60 - 20 * (step % 7), "y": -80}}, 400,
                    {"game_length": 1000, "char_distance": 300})
    stacks = _objects(states, "Stackriken")
    assert stacks and any(s["p1"]["res"]["stackriken_out"] for s in states)
    assert len({o["name"] for o in stacks}) >= 1
    assert not states[-1]["p1"]["res"]["stackriken_out"]


def test_grappling_hook_locks_pulls_and_detaches():
    """The hook flies, locks (Locked) and pulls the Ninja while the pull extra is on; the detach
    extra lets it go (grappling_hook_projectile clears)."""
    plan = [("GrapplingHook", {"x": 60, "y": -80})] + [("GrapplingHook", {"x": 90, "y": -30})] * 2
    states = _scene(plan, lambda step: {"pull": 1 <= step < 6, "detach": step == 6}, 500,
                    {"game_length": 1000, "char_distance": 200})
    hooks = _objects(states, "grappling_hook")
    assert any(o["state"] == "Locked" for o in hooks)
    assert any(s["p1"]["res"]["pulling"] for s in states)
    assert any(s["p1"]["res"]["grappling_hook_projectile"] is not None for s in states)
    assert states[-1]["p1"]["res"]["grappling_hook_projectile"] is None


def test_sticky_bomb_sticks_and_explodes():
    """The sticky bomb's grab (StickyBombThrow) sticks a bomb on the opponent: left alone it blows
    up after 120 frames (BigExplode); set off by the explode extra it explodes 10 frames later
    (Explode). bomb_thrown / bomb_projectile follow it."""
    plan = [("StickyBomb", False), ("StickyBomb", True)]
    settings = {"game_length": 1000, "char_distance": 40, "infinite_resources": True}
    for first_explode, end_state in ((20, "BigExplode"), (12, "Explode")):
        states = _scene(plan, lambda step: {"explode": step >= first_explode}, 260, settings)
        bombs = _objects(states, "StickyBomb")
        assert any(s["p1"]["state"] == "StickyBombThrow" for s in states)
        assert {"Default", end_state} <= {o["state"] for o in bombs}, {o["state"] for o in bombs}
        assert any(s["p1"]["res"]["bomb_projectile"] is not None for s in states)
        assert states[-1]["p1"]["res"]["bomb_projectile"] is None and not states[-1]["p1"]["res"]["bomb_thrown"]


def test_substitution_swaps_with_an_object():
    """After a shuriken and caltrops, Substitution trades places with the last usable object
    (penalties, then frame 7 refreshes it); a substituted object is never swapped again."""
    plan = [("Fireball", {"x": 20, "y": -5}), ("Substitution", None), ("Caltrops", None), ("Substitution", None),
            ("Summon", {"x": 1, "y": 0}), ("Substitution", None)]
    states = _scene(plan, lambda step: {"reverse": step == 5}, 500,
                    {"game_length": 1000, "char_distance": 120, "infinite_resources": True})
    assert any(s["p1"]["state"] == "Substitution" for s in states)
    assert _objects(states, "Caltrops") and _objects(states, "StickmanSummonKunai")


@pytest.mark.parametrize("attack", range(4))
def test_quick_slash_and_its_follow_ups(attack):
    """Quick Slash in a combo with each Attack option chains into its QS follow-up on hit; with
    none it lays its 12 hitboxes along the path."""
    data = {"Direction": {"x": 70, "y": -40}, "Attack": {"id": attack, "name": "x"}}
    plan = [("GroundedKick", None), ("QuickSlash", data), ("Wait", None), ("GroundedKick", None),
            ("QuickSlash", dict(data, Direction={"x": 100, "y": 0}))]
    states = _scene(plan, lambda step: {}, 400, {"game_length": 1000, "char_distance": 30,
                                                 "infinite_resources": True})
    seen = {s["p1"]["state"] for s in states}
    assert "QuickSlash" in seen, seen
    follow = {1: {"GroundedPunchQS", "AirUpwardPunchQS"}, 2: {"GroundedSweepQS", "AirAttackQS"},
              3: {"NunChukHeavyQS", "NunChukSpinQS"}}.get(attack, set())
    assert not follow or follow & seen, seen


def test_summons_kunai_and_slide_kick():
    """A kunai thrower (three kunai on frame 23, aimed by the data) and a slide-kick clone; each
    summon comes back (can_summon_*) when its clone is gone."""
    plan = [("Summon", {"x": 1, "y": -1}), ("Summon", {"x": 0, "y": 1}), ("Summon", {"x": -1, "y": 0})]
    states = _scene(plan, lambda step: {}, 400, {"game_length": 1000, "char_distance": 150})
    assert len({o["name"] for o in _objects(states, "Kunai")}) >= 3
    assert any(o["state"] == "Slide" for o in _objects(states, "StickmanSummonSlide"))
    assert any(not s["p1"]["res"]["can_summon_kunai"] for s in states)
    assert any(not s["p1"]["res"]["can_summon_kick"] for s in states)
    assert states[-1]["p1"]["res"]["can_summon_kunai"] and states[-1]["p1"]["res"]["can_summon_kick"]


def test_momentum_stored_released_and_decaying():
    """StoreMomentum banks the speed (stored_speed_1), the release extra throws it out along
    release_dir (released_this_turn, the super bar), and out of combos the store decays."""
    dash = {"AutoCorrect": False, "Distance": {"x": 100}}
    plan = [("DashForward", dash), ("StoreMomentum", None), ("Jump", {"x": 50, "y": -100}),
            ("Wait", None), ("DashForward", dash), ("StoreMomentum", None)]
    states = _scene(plan, lambda step: {"release": step in (3, 7), "release_dir": {"x": 70, "y": -70},
                                        "store": step == 2},
                    400, {"game_length": 1000, "char_distance": 250, "starting_meter": "1000"})
    res = [s["p1"]["res"] for s in states]
    assert any(r["momentum_stores"] > 0 for r in res)
    assert any(r["stored_speed_1"] != "11" for r in res)
    assert any(r["released_this_turn"] for r in res)


# ------------------------------------------------------------------ the differential test, Ninja pairings
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st  # noqa: E402

from support import differential  # noqa: E402


def _ninja_pairs():
    chars = sorted(set(differential.C_CHARACTERS) | {"Ninja"})
    return st.one_of(st.tuples(st.just("Ninja"), st.sampled_from(chars)),
                     st.tuples(st.sampled_from(chars), st.just("Ninja")))


@hsettings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), phases=differential.NO_SHRINK,
           print_blob=True)
@given(pair=_ninja_pairs(), seed=st.integers(0, 2 ** 31 - 1), match_settings=differential.SETTINGS,
       rng_seed=st.integers(0, 2 ** 32 - 1), game_length=st.integers(120, 500))
def test_engines_agree_with_the_ninja(pair, seed, match_settings, rng_seed, game_length):
    """test_differential's random matches (random settings, every legal move, every extra), the
    Ninja on one side: rerun with --hypothesis-seed=N for more."""
    match_settings = dict(match_settings, game_length=game_length)
    differential.play_both(pair[0], pair[1], seed, match_settings, random.Random(rng_seed),
                           max_ticks=game_length + 10)


@pytest.mark.slow
@hsettings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), phases=differential.NO_SHRINK,
           print_blob=True)
@given(pair=_ninja_pairs(), seed=st.integers(0, 2 ** 31 - 1), match_settings=differential.SETTINGS,
       rng_seed=st.integers(0, 2 ** 32 - 1), game_length=st.integers(300, 3600))
def test_engines_agree_with_the_ninja_long(pair, seed, match_settings, rng_seed, game_length):
    match_settings = dict(match_settings, game_length=game_length)
    differential.play_both(pair[0], pair[1], seed, match_settings, random.Random(rng_seed),
                           max_ticks=game_length + 10)
