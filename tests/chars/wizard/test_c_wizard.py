"""The Wizard in the C engine (csrc/chars/wizard/): its moves, objects and resources compute
exactly what the Python engine computes.

* the Wizard traces replay identically through ``engine="c"`` (the mirror and every mixed trace);
* a targeted differential check: random matches where the Wizard mostly plays its own moves
  (the orb and its attacks, Orb Portal and the tether, Telekinesis' random boulder with Launch
  and Redirect, spark bombs and their detonation, Geyser's swept column, the wind moves, Vile
  Clutch, Flame Wave, Magic Dart, Missile Form...) with every Wizard extra drawn at random
  (hover, fast fall, detonate, orb push, orb lock), both engines compared field by field after
  every tick (fighters with the Wizard's ``res``, and every object), plus a check that the
  objects and resources were exercised;
* scripted scenes: the orb's scheduled attacks (lightning, dart, sword) pushed and locked, a
  Telekinesis draw launched then redirected, spark bombs detonated by the extra, Geyser at each
  charge level, and Geyser's out-of-range charge count raising IndexError in both engines;
* a clone taken while the orb, a boulder and spark bombs exist plays on exactly like the original.
"""
from __future__ import annotations

import functools

import copy
import random

import pytest

from support.side_by_side import (Both, check_mirror_trace, check_trace_through_c, long_matches, needs_trace,
    play_character, short_matches, trace_ids)
from support.data import trace_file, trace_files
from integration.engine import python_state_classes
from integration.tools import bench

native = pytest.importorskip("yomi._native")
if not hasattr(native, "Match") or "Wizard" not in native.characters():
    pytest.skip("the C engine is not built (uv sync)", allow_module_level=True)

OBJECT_MOVES = ("Orb", "OrbPush", "LockOrb", "UnlockOrb", "OrbTether", "OrbTeleport", "Telekinesis", "Launch",
                "SuperLaunch", "SparkBomb", "Geyser", "DrawMoisture", "FlameWave", "VileClutch", "MagicMissile",
                "Gust", "WindForce", "Liftoff", "ConjureWeapon", "ZephyrThrow")


def _wizard_extra(rnd: random.Random) -> dict:
    extra = bench.random_extra("Wizard", rnd, False)
    for key in ("hover", "fast_fall", "detonate", "lock_orb"):
        if rnd.random() < 0.6:
            extra[key] = rnd.random() < 0.35
    if rnd.random() < 0.5:
        extra["orb_push"] = None if rnd.random() < 0.3 else {"x": rnd.randint(-100, 100), "y": rnd.randint(-100, 100)}
    return extra


def _wizard_data(move: str, rnd: random.Random):
    data = bench.random_data("Wizard", move, rnd)
    if move == "Geyser":  # the game's panel offers 1..charges; beyond 3 the engines stop (IndexError)
        data["Charge"]["count"] = rnd.randint(1, 3)
    return data


# ------------------------------------------------------------------ traces
WIZARD_TRACES = trace_files("*Wizard*")


@needs_trace("Wizard_vs_Wizard_s124.jsonl.gz")
def test_mirror_trace_identical_through_c():
    """Wizard_vs_Wizard_s124: orb, spark bombs, flame waves, telekinesis... (well under a second in C)."""
    check_mirror_trace(trace_files("Wizard_vs_Wizard_s124.jsonl.gz")[0], 2968)


@pytest.mark.parametrize("path", WIZARD_TRACES, ids=trace_ids(WIZARD_TRACES))
def test_wizard_traces_identical_through_c(path):
    """Every trace with a Wizard side: identical through C."""
    check_trace_through_c(path)


# ------------------------------------------------------------------ targeted differential check
def _new_seen():
    return {"scenes": set(), "object_states": set(), "states": set(), "res": set(), "locked": set()}


def _note(seen, state, p1, p2):
    for obj in state["objects"]:
        seen["scenes"].add(obj["scene"])
        seen["object_states"].add((obj["scene"], obj["state"]))
        if "locked" in obj:
            seen["locked"].add(obj["locked"])
    for side, character in (("p1", p1), ("p2", p2)):
        if character != "Wizard":
            continue
        res = state[side]["res"]
        seen["states"].add(state[side]["state"])
        for key in ("orb_projectile", "boulder_projectile", "current_orb_push"):
            if res[key] is not None:
                seen["res"].add(key)
        for key in ("tether_ticks", "spark_speed_frames", "geyser_charge", "flame_wave_cooldown", "gusts_in_combo",
                    "orb_duration", "spark_bombs", "hovering", "fast_falling", "fast_fall_landing",
                    "detonating_bombs"):
            if res[key]:
                seen["res"].add(key)
        if not res["can_flame_wave"]:
            seen["res"].add("flame_wave_out")
        if not res["can_vile_clutch"]:
            seen["res"].add("vile_clutch_out")


def _own(match, player, rnd, own, action, data, extra):
    """Mostly the Wizard's own moves (its object moves first) with every Wizard extra at random."""
    legal = match.legal_actions(player)
    preferred = [m for m in legal if m in own and m in OBJECT_MOVES]
    others = [m for m in legal if m in own and m not in OBJECT_MOVES]
    rnd.shuffle(preferred)
    rnd.shuffle(others)
    if rnd.random() < 0.8:
        for move in (preferred if rnd.random() < 0.75 else []) + others:
            try:
                action, data = move, _wizard_data(move, rnd)
                break
            except ValueError:
                continue
    return action, data, _wizard_extra(rnd)


def _plain_moves(character: str) -> set[str]:
    """The states whose data panel is none or a generic one (the other side's custom panels are
    that character's tests' business: their random data may be malformed)."""
    panels = bench.panels(character)
    generic = "ui/ActionSelector/ActionUIData/ActionUIData.gd"
    return {m for m in set(python_state_classes(character)) | {"Continue"}
            if panels.get(m) is None or panels[m]["root"].get("script") == generic}


def _allowed(name: str) -> set[str] | None:
    return None if name == "Wizard" else _plain_moves(name)


# One match on both engines, compared after every tick; returns the ticks played.
_play = functools.partial(play_character, "Wizard", _own, _note, allowed_moves=_allowed)


def _objects_and_resources(mirrors: int, others: int) -> None:
    """Short matches per pairing with the Wizard on each side, ``mirrors`` of the mirror (with
    infinite resources or a full meter in most) and ``others`` of each other pairing: every tick
    identical, and the Wizard's objects and resources were exercised."""
    seen = _new_seen()
    total = 0
    for k, i, p1, p2, rnd in short_matches("Wizard", 9000, others=others, mirrors=mirrors):
        settings = {"game_length": 600, "char_distance": rnd.choice((20, 55, 120)),
                    "infinite_resources": i % 3 != 2, "starting_meter": "1000" if i % 3 == 2 else "0"}
        total += _play(p1, p2, 41 * k + i, settings, rnd, 610, seen)
    assert total > 5000  # ticks played
    assert {"Orb", "OrbLightning", "OrbDart", "SparkBomb", "FlameWave", "VileClutch", "MagicMissile"} <= seen["scenes"], \
        seen["scenes"]
    assert any(scene.startswith("Telekinesis") for scene in seen["scenes"]), seen["scenes"]
    assert {("Orb", "Sword"), ("SparkBomb", "Armed"), ("SparkBomb", "Explode")} <= seen["object_states"], \
        seen["object_states"]
    assert {state for scene, state in seen["object_states"] if scene.startswith("Telekinesis")} >= {"Default", "Launch"}
    assert seen["locked"] == {False, True}
    assert {"orb_projectile", "boulder_projectile", "tether_ticks", "spark_speed_frames",
            "geyser_charge", "flame_wave_cooldown", "gusts_in_combo", "orb_duration", "spark_bombs", "hovering",
            "fast_falling", "flame_wave_out", "vile_clutch_out"} <= seen["res"], seen["res"]
    assert {"Orb", "OrbTeleport", "OrbTether", "Telekinesis", "Launch", "SparkBomb", "Geyser", "Liftoff",
            "WindForce", "Gust"} <= seen["states"], seen["states"]


def test_wizard_objects_and_resources_match_python():
    """11 short matches: 3 of the mirror, 1 of each other pairing with the Wizard on either side
    (every object, object state and resource checked below is reached in them)."""
    _objects_and_resources(mirrors=3, others=1)


@pytest.mark.slow
def test_wizard_objects_and_resources_match_python_24():
    """24 short matches: 8 of the mirror, 2 of each other pairing."""
    _objects_and_resources(mirrors=8, others=2)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_wizard_long_matches_match_python(block):
    """Long matches (full game length) with the Wizard on one side, 4 per block."""
    seen = _new_seen()
    for p1, p2, seed, rnd in long_matches("Wizard", block, 4, 80000):
        settings = {"game_length": 3000, "infinite_resources": rnd.random() < 0.5,
                    "starting_meter": rnd.choice(("0", "250", "1000")), "char_distance": rnd.choice((20, 55, 200)),
                    "stage_width": rnd.choice((400, 800, 1100)), "has_ceiling": rnd.random() < 0.7,
                    "ceiling_height": rnd.choice((250, 400, 800))}
        _play(p1, p2, seed, settings, rnd, 3010, seen)


# ------------------------------------------------------------------ scripted scenes
NONE_EXTRA = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1}


def _scene(steps, settings=None, seed=3, opponent_action="Wait"):
    """Wizard (P1) plays ``steps`` (action, data, extra or None) in order, each at the first
    decision where it is legal (Continue until then, for at most 20 decisions), P2 waits; both
    engines compared after every tick. Returns (seen, both)."""
    both = Both("Wizard", "Wizard", seed, dict({"infinite_resources": True, "game_length": 3000}, **(settings or {})))
    seen = _new_seen()

    def observe(state):
        _note(seen, state, "Wizard", "Wizard")

    assert both.advance(observe)
    for action, data, extra in steps:
        for _ in range(20):
            if both.py.result() is not None:
                return seen, both
            played = False
            for player in (1, 2):
                if not both.py.needs_action(player):
                    continue
                legal = both.py.legal_actions(player)
                if player == 1 and action in legal:
                    choice = (action, data, dict(NONE_EXTRA, **(extra or {})))
                    played = True
                elif player == 1:
                    choice = ("Continue", None, dict(NONE_EXTRA))
                else:
                    choice = (opponent_action if opponent_action in legal else "Continue", None, dict(NONE_EXTRA))
                assert both.submit(player, choice)
            if not both.advance(observe):
                return seen, both
            if played:
                break
    return seen, both


def test_orb_attacks_push_and_lock():
    """The orb conjured, then a lightning kick, a dart (Combust, in the air), a sword (Ice Spike),
    pushed by the extra, locked and unlocked by the extra (a locked orb's dart), the tether and
    Orb Portal."""
    seen, _ = _scene([
        ("Orb", None, None), ("Kick", None, None), ("Jump", {"x": 30, "y": -100}, None), ("Combust", None, None),
        ("IceSpikeGround", {"x": 1, "y": 0}, None), ("Wait", None, {"orb_push": {"x": -50, "y": 20}}),
        ("Wait", None, {"orb_push": {"x": 100, "y": -100}}), ("Wait", None, {"lock_orb": True}),
        ("ManaStrike", {"x": 50}, None), ("Wait", None, None), ("Wait", None, {"lock_orb": False}),
        ("Kick", None, None), ("OrbTether", None, None), ("Wait", None, None), ("OrbTeleport", None, None),
        ("Wait", None, None),
    ], settings={"char_distance": 150})
    assert {"Orb", "OrbLightning", "OrbDart", "OrbDartLocked"} <= seen["scenes"], seen["scenes"]
    assert ("Orb", "Sword") in seen["object_states"]
    assert seen["locked"] == {False, True}
    assert {"orb_projectile", "tether_ticks", "orb_duration"} <= seen["res"], seen["res"]
    assert {"Orb", "Kick", "Combust", "ManaStrike", "OrbTether", "OrbTeleport"} <= seen["states"], seen["states"]


TELEKINESIS_DRAWS = {0: "TelekinesisBoulder3", 1: "TelekinesisBoulder2", 3: "TelekinesisPebble", 4: "TelekinesisFruit",
                     6: "TelekinesisTire", 8: "TelekinesisBoulder", 27: "TelekinesisBomb"}


@pytest.mark.parametrize("seed", sorted(TELEKINESIS_DRAWS))
def test_telekinesis_draw_launch_redirect_and_drop(seed):
    """Telekinesis draws its scene from the Wizard's logic RNG (these seeds give each of the seven
    scenes on the first draw), Launch and Redirect throw it (it breaks on the terrain or the
    opponent, the tire bounces, the bomb leaves its explosion); a second one held 150 ticks drops."""
    seen, _ = _scene([("Telekinesis", None, None), ("Launch", {"x": 80, "y": -60}, None),
                      ("SuperLaunch", {"x": -40, "y": 90}, None), ("Wait", None, None), ("Wait", None, None),
                      ("Wait", None, None), ("Telekinesis", None, None)] + [("Wait", None, None)] * 18, seed=seed)
    first = TELEKINESIS_DRAWS[seed]
    assert (first, "Launch") in seen["object_states"], seen["object_states"]
    assert any(scene.startswith("Telekinesis") and state == "Drop" for scene, state in seen["object_states"]), \
        seen["object_states"]
    if first == "TelekinesisBomb":
        assert "TelekinesisBombExplosion" in seen["scenes"]
    assert "boulder_projectile" in seen["res"]


def test_spark_bombs_detonated():
    """Spark bombs thrown, armed, drifting apart and toward the opponent, detonated by the extra
    (the Wizard takes the self damage) and exploding: spark speed follows."""
    seen, _ = _scene([
        ("SparkBomb", None, None), ("SparkBomb", None, None), ("Wait", None, None), ("Wait", None, None),
        ("Wait", None, {"detonate": True}), ("Wait", None, {"detonate": True}), ("Wait", None, None),
        ("Wait", None, None), ("Liftoff", {"x": 60, "y": -40}, None), ("Wait", None, None),
    ], settings={"char_distance": 150})
    assert {("SparkBomb", "Default"), ("SparkBomb", "Armed"), ("SparkBomb", "Explode")} <= seen["object_states"]
    assert {"spark_bombs", "spark_speed_frames"} <= seen["res"], seen["res"]


@pytest.mark.parametrize("count", [1, 2, 3])
def test_geyser_levels(count):
    """Geyser at each charge level (its swept hitbox, start tick and sweep vector per level)."""
    seen, _ = _scene([("Geyser", {"Charge": {"count": count}, "Direction": {"x": 70, "y": -70}}, None),
                      ("Wait", None, None), ("Geyser", {"Charge": {"count": count}, "Direction": {"x": 100, "y": 0}},
                                             None), ("Wait", None, None)], settings={"char_distance": 100})
    assert "Geyser" in seen["states"]


def test_geyser_against_geyser_trades_in_both_engines():
    """Both Wizards Geyser at each other 200 px apart (the opening of Wizard_vs_Wizard_directed_sp_s1),
    both engines compared after every tick: swept boxes never overlap each other (Quirk kept,
    SweptHitbox.gd), so the Geysers do not clash and both Wizards are hit on tick 14 with the 1357 hp
    the trace records."""
    both = Both("Wizard", "Wizard", 3, {"infinite_resources": True, "char_distance": 100})
    assert both.advance()
    assert both.submit(1, ("Geyser", {"Charge": {"count": 1}, "Direction": {"x": 100, "y": 0}}, dict(NONE_EXTRA)))
    assert both.submit(2, ("Geyser", {"Charge": {"count": 1}, "Direction": {"x": -100, "y": 0}}, dict(NONE_EXTRA)))
    hurt = []

    def observe(state):
        if state["p1"]["state"] == state["p2"]["state"] == "HurtAerial" and not hurt:
            hurt.append((both.c.current_tick, state["p1"]["hp"], state["p2"]["hp"]))

    assert both.advance(observe)
    assert hurt == [(14, 1357, 1357)]


@needs_trace("Wizard_vs_Wizard_directed_sp_s1.jsonl.gz")
def test_geyser_trade_trace_identical_through_c():
    """The evidence trace of the swept-box quirk (tests/chars/wizard/test_wizard.py
    test_geyser_trade_trace_identical) replays through C: 62 ticks, every legal list, the end."""
    check_mirror_trace(trace_file("Wizard_vs_Wizard_directed_sp_s1.jsonl.gz"), 62)


@pytest.mark.parametrize("count", [0, -2, 4, 10, -4])
def test_geyser_charge_count_out_of_range(count):
    """Counts -3..0 index the level tuples from the end, as Python does; beyond, both engines
    raise IndexError on frame 0."""
    _, both = _scene([("Geyser", {"Charge": {"count": count}, "Direction": {"x": 100, "y": 0}}, None),
                      ("Wait", None, None)])
    if -3 <= count - 1 <= 2:
        assert both.stopped_by is None
    else:
        assert both.stopped_by is IndexError


def test_clone_with_wizard_objects_plays_on_identically():
    """A C clone taken while the orb, a boulder and spark bombs exist plays on exactly like the original."""
    _, both = _scene([("Orb", None, None), ("Telekinesis", None, None), ("SparkBomb", None, None),
                      ("Wait", None, None)])
    c = both.c
    scenes = {obj["scene"] for obj in c.state()["objects"]}
    assert "Orb" in scenes and "SparkBomb" in scenes, scenes
    clone = c.clone()
    rnd = random.Random(5)
    for _ in range(12):
        if c.result() is not None:
            break
        for player in (1, 2):
            legal = c.legal_actions(player)
            action = rnd.choice(legal)
            data = _wizard_data(action, rnd) if action != "Continue" else None
            extra = _wizard_extra(rnd)
            c.submit(player, action, copy.deepcopy(data), copy.deepcopy(extra))
            clone.submit(player, action, copy.deepcopy(data), copy.deepcopy(extra))
        try:
            c.advance()
        except Exception as exc:  # noqa: BLE001 - both must stop alike
            with pytest.raises(type(exc)):
                clone.advance()
            return
        clone.advance()
        assert clone.state() == c.state()
