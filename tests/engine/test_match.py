"""Match setup: what start_game leaves, for every character, against the traces' start lines."""
from __future__ import annotations

import gzip
import json

import pytest

from support.data import trace_files
from integration.engine import create_match
from states import scene
from yomi.match import DEFAULT_SETTINGS, Match

BASE_TRACES = trace_files("*_base_*.jsonl.gz")


@pytest.mark.parametrize("path", BASE_TRACES, ids=lambda p: p.name.split(".")[0])
def test_start_matches_trace_header(path):
    """Every field of both fighters (resources included) before tick 0, as the game recorded it."""
    with gzip.open(path, "rt") as handle:
        header = json.loads(handle.readline())
    state = create_match(header["p1"], header["p2"], header["seed"], header["match_settings"]).state()
    for side in ("p1", "p2"):
        assert state[side] == header["start"][side], side


def test_defaults_are_the_game_panels():
    # ui/GameSettingsPanelContainer.tscn defaults.
    assert DEFAULT_SETTINGS["stage_width"] == 800
    assert DEFAULT_SETTINGS["char_distance"] == 55
    assert DEFAULT_SETTINGS["ceiling_height"] == 800 and DEFAULT_SETTINGS["has_ceiling"]
    match = Match("Cowboy", "Mutant", seed=9, scenes=scene)
    assert (match.p1.get_pos()["x"], match.p2.get_pos()["x"]) == (-55, 55)
    assert (match.p1.get_facing_int(), match.p2.get_facing_int()) == (1, -1)
    assert match.p1.hp == match.p2.hp == 1500
    assert match.p1.obj_name == "P1" and match.p2.obj_name == "P2"


@pytest.mark.parametrize("character, air_moves", [
    # num_air_movements - 1 out of combos (lose_one_air_option_in_neutral): Ninja/Cowboy/Wizard 2,
    # Mutant 3, Robot 0 (it flies on its fuel tank instead).
    ("Ninja", 1), ("Cowboy", 1), ("Wizard", 1), ("Mutant", 2), ("Robot", 0),
])
def test_air_options_at_start(character, air_moves):
    match = Match(character, "Ninja", seed=1, scenes=scene)
    assert match.p1.air_movements_left == air_moves


def test_objects_are_named_in_spawn_order():
    """game.gd: on_object_spawned names an object str(objs_map.size() + 1): the first is "3"."""
    match = Match("Robot", "Robot", seed=1, scenes=scene)
    landing = match.p1.get_state("Landing")
    match.p1.can_ground_pound = True
    match.p1.last_aerial_vel = {"x": "0", "y": "9"}
    match.p1.state_machine.change_state("Landing")
    landing.frame_0()  # a hard landing spawns two shockwaves (robo/states/Landing.gd)
    assert [o.obj_name for o in match.objects] == ["3", "4"]
    assert [o.get_pos()["x"] for o in match.objects] == [-55 - 16, -55 + 16]
