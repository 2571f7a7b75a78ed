"""The Mutant in the C engine (csrc/chars/mutant/): its moves, projectiles and resources compute
exactly what the Python engine computes.

* the Mutant traces replay identically through ``engine="c"`` (the mirror and every mixed trace);
* a targeted differential check: random matches where the Mutant mostly plays its own moves
  (spike, thorns, shockwave, Envenom's poison and acid bubbles, pounce, corkscrew, Rebirth...)
  with random jukes and spike toggles, both engines compared field by field after every tick
  (fighters with the Mutant's ``res``, and every object), plus a check that the objects and
  resources were actually exercised;
* the Poison's run-time signal connections stay bounded however many poisons a match sees.
"""
from __future__ import annotations

import functools

import copy
import random

import pytest

from support.side_by_side import (check_mirror_trace, check_trace_through_c, first_difference, long_matches,
    needs_trace, play_character, prefer_own, short_matches, trace_ids)
from support.data import trace_files
from integration.tools import bench
from integration.engine import create_match

native = pytest.importorskip("yomi._native")
if not hasattr(native, "Match") or "Mutant" not in native.characters():
    pytest.skip("the C engine is not built (uv sync)", allow_module_level=True)

OBJECT_SCENES = {"CausticSpike", "CausticThorn", "Shockwave", "Poison", "AcidBubble"}


# ------------------------------------------------------------------ traces
MUTANT_TRACES = trace_files("*Mutant*")


@needs_trace("Mutant_vs_Mutant_s148.jsonl.gz")
def test_mirror_trace_identical_through_c():
    """Mutant_vs_Mutant_s148 uses every Mutant menu move (well under a second in C)."""
    check_mirror_trace(trace_files("Mutant_vs_Mutant_s148.jsonl.gz")[0], 3002)


@pytest.mark.parametrize("path", MUTANT_TRACES, ids=trace_ids(MUTANT_TRACES))
def test_mutant_traces_identical_through_c(path):
    """Every trace with a Mutant side: identical through C."""
    check_trace_through_c(path)


# ------------------------------------------------------------------ targeted differential check
def _own(match, player, rnd, own, action, data, extra):
    """Mostly the Mutant's own moves (with random jukes and spike toggles)."""
    action, data = prefer_own(match, player, "Mutant", rnd, own, 0.75, action, data)
    extra["spike_enabled"] = rnd.random() < 0.8
    if rnd.random() < 0.4:
        extra["juke_dir"] = {"x": rnd.choice((-1, 0, 1)), "y": rnd.choice((-1, 0, 1))}
    return action, data, extra


def _note(seen, state, p1, p2):
    for obj in state["objects"]:
        seen["scenes"].add(obj["scene"])
    for side, character in (("p1", p1), ("p2", p2)):
        if character == "Mutant":
            res = state[side]["res"]
            seen["juke_pips"].add(res["juke_pips"])
            seen["bc_charge"] |= res["bc_charge"]
            seen["overheal"] |= state[side]["hp"] > 1500


# One match on both engines, compared after every tick (a Cowboy side with its custom panels'
# data shape and all its extras); returns the ticks played.
_play = functools.partial(play_character, "Mutant", _own, _note, cowboy_shape=True)


def _objects_and_resources(mirrors: int, others: int) -> None:
    """Short matches, ``mirrors`` of the mirror and ``others`` per other pairing with the Mutant on
    either side: every tick identical, and the Mutant's projectiles and resources were exercised."""
    seen = {"scenes": set(), "juke_pips": set(), "bc_charge": False, "overheal": False}
    total = 0
    for k, i, p1, p2, rnd in short_matches("Mutant", 7000, others=others, mirrors=mirrors):
        settings = {"game_length": 500, "char_distance": rnd.choice((20, 55, 120))}
        total += _play(p1, p2, 31 * k + i, settings, rnd, 510, seen)
    assert total > 2000
    assert OBJECT_SCENES <= seen["scenes"], seen["scenes"]
    assert len(seen["juke_pips"]) >= 5 and seen["bc_charge"]


def test_mutant_objects_and_resources_match_python():
    """11 short matches: 3 mirrors, 1 per other pairing (every projectile and resource checked is
    reached in them)."""
    _objects_and_resources(mirrors=3, others=1)


@pytest.mark.slow
def test_mutant_objects_and_resources_match_python_24():
    """24 short matches: 8 mirrors, 2 per other pairing."""
    _objects_and_resources(mirrors=8, others=2)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(6))
def test_mutant_long_matches_match_python(block):
    """Long matches (full game length) with the Mutant on one side, 5 per block."""
    seen = {"scenes": set(), "juke_pips": set(), "bc_charge": False, "overheal": False}
    for p1, p2, seed, rnd in long_matches("Mutant", block, 5, 90000):
        settings = {"game_length": 3600, "char_distance": rnd.choice((20, 55, 120)),
                    "infinite_resources": rnd.random() < 0.2}
        _play(p1, p2, seed, settings, rnd, 3610, seen)


# ------------------------------------------------------------------ the poison's connections
def test_many_poisons_keep_the_connections_bounded():
    """Poison.gd connects to the opponent's got_hit_by_fighter and blocked_melee_attack at init and
    never disconnects, so a fighter Envenomed again and again collects two connections per poison
    (Python keeps them all). The C engine drops the connections of disabled poisons before
    connecting (a disabled poison never ticks again and its handler only touches its own counters),
    and those of recycled objects, so the opponent's stay bounded. With half damage more than eight
    poisons land, and every tick still matches Python."""
    settings = {"game_length": 3600, "char_distance": 10, "global_damage_modifier": "0.5"}
    py = create_match("Mutant", "Mutant", 5, settings, "python")
    c = create_match("Mutant", "Mutant", 5, settings, "c")
    rnd = random.Random(3)
    poisons, ticks = set(), 0
    while py.result() is None and ticks < 3600:
        if py.is_waiting():
            for player in (1, 2):
                legal = py.legal_actions(player)
                move = "BiteGrab" if player == 1 and "BiteGrab" in legal else "Wait" if "Wait" in legal else "Continue"
                choice = (move, None, bench.random_extra("Mutant", rnd, False))
                py.submit(player, *copy.deepcopy(choice))
                c.submit(player, *copy.deepcopy(choice))
            continue
        py.tick()
        c.tick()
        ticks += 1
        sp, sc = py.state(), c.state()
        found = first_difference(sp, sc)
        assert not found, (py.current_tick, found)
        poisons |= {o["name"] for o in sc["objects"] if o["scene"] == "Poison"}
    assert len(poisons) > 8, sorted(poisons, key=int)
    assert sum(len(v) for v in py._core.p2.signal_connections.values()) > 16  # Python keeps them all
