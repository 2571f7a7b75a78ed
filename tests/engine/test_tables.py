"""Checks of the committed frame-data tables (states/data/*.json).

These tests read only our own tables; no game file is needed.  Expected numbers were
counted or read by hand in the game's scenes at 4450348 (the
comment on each value names the scene, node and property).  Values are the *declared* ones
(e.g. iasa_at -1 is stored as -1; the engine's init turns it into anim_length - 1).
"""
from __future__ import annotations

import pytest

from states.data import (CHARACTER_NAMES, load_base, load_character, load_ignored, load_objects, load_scripts,
                         load_table, load_ui)
from integration.tools.extract.checks import EXPECTED_COUNTS, verify

ALL_FILES = [f"{c}.json" for c in CHARACTER_NAMES] + ["base.json", "objects.json", "ui.json", "scripts.json",
                                                     "ignored_properties.json"]


def _state(char, name):
    return load_character(char)["states"][name]


def _child(char, state, name):
    found = [c for c in _state(char, state)["children"] if c["name"] == name]
    assert found, f"{char}/{state} has no child {name}"
    return found[0]


# ------------------------------------------------------------------------------------------------
# stamps, counts, the extractor's own self-checks
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ALL_FILES)
def test_every_table_is_stamped(name):
    d = load_table(name)
    assert d["source_commit"] == "4450348" and d["source_repo"] == "uzkbwza/hustle"
    assert d["extractor_version"] and d["game_version"] == "1.9.27-steam-unstable"


def test_self_checks_pass_on_committed_tables():
    docs = {name: load_table(name) for name in ALL_FILES}
    assert verify(docs) == []


# Counted in the characters' scenes: states (base+own), menu moves (base+own), hitbox nodes (by kind)
COUNTS = {
    "ninja": (111, 57, 54, 64, 32, 102, {"Hitbox": 98, "ThrowBox": 4}),
    "cowboy": (127, 57, 70, 80, 30, 93, {"Hitbox": 89, "ThrowBox": 4}),
    "wizard": (90, 57, 33, 55, 30, 41, {"Hitbox": 34, "ThrowBox": 4, "SweptHitbox": 3}),
    "robot": (118, 57, 61, 66, 26, 88, {"Hitbox": 75, "ThrowBox": 13}),
    "mutant": (95, 57, 38, 58, 31, 79, {"Hitbox": 75, "ThrowBox": 4}),
}


@pytest.mark.parametrize("char", CHARACTER_NAMES)
def test_counts_per_character(char):
    d = load_character(char)
    states, base, own, menu, menu_base, hitboxes, by_kind = COUNTS[char]
    assert len(d["states"]) == states
    assert sum(s["base_state"] for s in d["states"].values()) == base
    assert sum(not s["base_state"] for s in d["states"].values()) == own
    menu_states = [n for n, s in d["states"].items()
                   if s["props"]["selectable"] and s["props"]["show_in_menu"]
                   and any(line.strip() for line in s["props"]["interrupt_from_string"].split("\n"))]
    assert menu_states == d["menu_moves"] and len(menu_states) == menu
    assert sum(d["states"][n]["base_state"] for n in menu_states) == menu_base
    kinds = {}
    for s in d["states"].values():
        for c in s["children"]:
            if "Hitbox" in [c["kind"]] + c["extends"]:
                kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    assert kinds == by_kind and sum(kinds.values()) == hitboxes
    assert d["counts"] == {**{k: v for k, v in EXPECTED_COUNTS[char].items()}}


def test_totals():
    chars = [load_character(c) for c in CHARACTER_NAMES]
    assert sum(len(d["states"]) for d in chars) == 541
    assert sum(len(d["menu_moves"]) for d in chars) == 323
    assert sum(d["counts"]["hitbox_nodes"] for d in chars) == 403
    assert len(load_base()["states"]) == 57
    objs = load_objects()
    assert len(objs["objects"]) == 55
    assert sum(len(o["states"]) for o in objs["objects"].values()) == 85


def test_state_sets_are_base_plus_own_in_scene_order():
    base_names = list(load_base()["states"])
    for char in CHARACTER_NAMES:
        d = load_character(char)
        assert [s["index"] for s in d["states"].values()] == list(range(len(d["states"])))
        assert [n for n, s in d["states"].items() if s["base_state"]] == base_names   # relative order kept
        for n in base_names:
            assert d["states"][n]["defined_in"] == "characters/BaseChar.tscn"


# ------------------------------------------------------------------------------------------------
# spot values, per character
# ------------------------------------------------------------------------------------------------
def test_ninja_spot_values():
    n = load_character("ninja")
    # NinjaGuy.tscn root "Ninja" (script Stickman.gd): speeds; gravity inherited from BaseChar.tscn
    f = n["fighter"]["props"]
    assert (f["max_ground_speed"], f["max_air_speed"], f["max_fall_speed"], f["gravity"]) == ("20", "10", "15", "0.5")
    assert n["fighter"]["script"] == "characters/stickman/Stickman.gd"
    assert n["fighter"]["script_values"]["var_defaults"]["MAX_HEALTH"] == 1500      # BaseChar.gd plain var
    # BaseChar.tscn CollisionBox / Hurtbox (half extents)
    assert {k: n["boxes"]["CollisionBox"]["props"][k] for k in ("x", "y", "width", "height")} == \
        {"x": 0, "y": -14, "width": 12, "height": 14}
    assert {k: n["boxes"]["Hurtbox"]["props"][k] for k in ("y", "width", "height")} == {"y": -16, "width": 14, "height": 16}
    # NinjaGuy.tscn GroundedPunch (read in the scene)
    gp = _state("ninja", "GroundedPunch")
    assert gp["script"] == "characters/states/Idle.gd"
    assert (gp["props"]["anim_length"], gp["props"]["iasa_at"], gp["props"]["enter_force_speed"]) == (14, -1, "3.0")
    hb = _child("ninja", "GroundedPunch", "Hitbox")["props"]
    assert (hb["x"], hb["y"], hb["width"], hb["height"]) == (17, -24, 16, 8)
    assert (hb["damage"], hb["hitstun_ticks"], hb["victim_hitlag"], hb["damage_proration"]) == (35, 12, 4, 2)
    assert (hb["knockback"], hb["dir_x"], hb["dir_y"], hb["start_tick"], hb["active_ticks"]) == ("2.0", "1.0", "-1.0", 4, 2)
    # NinjaGuy.tscn Uppercut Hitbox / Hitbox2 (§6.6)
    up = _child("ninja", "Uppercut", "Hitbox")["props"]
    assert (up["damage"], up["hitlag_ticks"], up["knockback"], up["pushback_x"], up["sdi_modifier"]) == (120, 10, "16", "-5.0", "0.5")
    assert (up["cancellable"], up["can_clash"], up["block_punishable"], up["grounded_hit_state"]) == (False, False, True, "HurtAerial")
    assert _child("ninja", "Uppercut", "Hitbox2")["props"]["group"] == 1
    # NinjaGuy.tscn overrides of base states: DashForward dash_speed, ChargeDashForward emptied interrupt_from_string
    assert _state("ninja", "DashForward")["props"]["dash_speed"] == 14
    assert _state("ninja", "DashForward")["edited_in"] == ["characters/stickman/NinjaGuy.tscn"]
    cdf = _state("ninja", "ChargeDashForward")["props"]
    assert (cdf["interrupt_from_string"], cdf["dash_speed"]) == ("", 10)
    assert _state("ninja", "Wait")["props"]["allowed_stances_string"] == "Normal\nBackSway"
    # NinjaGuy.tscn adds a HostCommand under the base state SuperFallStartup
    hc = _child("ninja", "SuperFallStartup", "HostCommand")
    assert hc["kind"] == "HostCommand" and hc["props"]["command"] == "super_fall_detach"
    # NinjaGuy.tscn QuickSlash: 12 hitboxes H1..H12 in scene order
    assert [c["name"] for c in _state("ninja", "QuickSlash")["children"]] == [f"H{i}" for i in range(1, 13)]
    # NinjaGuy.tscn Fireball: export "projectile" of its script points at an object scene
    assert _state("ninja", "Fireball")["props"]["projectile"] == "characters/stickman/projectiles/StickmanFireball.tscn"


def test_cowboy_spot_values():
    c = load_character("cowboy")
    f = c["fighter"]["props"]
    # SwordGuy.tscn root "Cowboy": speeds, gravity, group
    assert (f["max_ground_speed"], f["max_air_speed"], f["max_fall_speed"]) == ("12", "10", "10")
    assert float(f["gravity"]) == 0.4 and c["fighter"]["groups"] == ["Fighter", "Cowboy"]
    # SwordGuy.tscn Stinger (§6.6)
    st = _state("cowboy", "Stinger")["props"]
    assert (st["anim_length"], st["iasa_at"], st["force_speed"], st["force_tick"]) == (30, 20, "14.0", 1)
    hb = _child("cowboy", "Stinger", "Hitbox")["props"]
    assert (hb["x"], hb["y"], hb["width"], hb["height"], hb["damage"]) == (36, -21, 46, 4, 120)
    assert (hb["victim_hitlag"], hb["combo_victim_hitlag"], hb["dir_y"], hb["guard_break"], hb["wall_slam"]) == (13, 10, "-0.16", True, True)
    hc = _child("cowboy", "Stinger", "HostCommand")["props"]
    assert (hc["tick"], hc["command"]) == (13, "try_shoot")
    # SwordGuy.tscn Pommel + its Hitbox
    pm = _state("cowboy", "Pommel")["props"]
    assert (pm["anim_length"], pm["type"], pm["enter_force_speed"]) == (14, 1, "2.0")
    ph = _child("cowboy", "Pommel", "Hitbox")["props"]
    assert (ph["x"], ph["y"], ph["width"], ph["height"], ph["damage"], ph["hit_height"]) == (15, -23, 13, 11, 40, 0)
    assert (ph["dir_x"], ph["dir_y"], ph["plus_frames"], ph["start_tick"], ph["active_ticks"]) == ("0.5", "1.0", -1, 4, 2)
    # SwordGuy.tscn 1000Cuts: a SuperMove script state with super_level 3
    k = _state("cowboy", "1000Cuts")["props"]
    assert (k["super_level"], k["type"], k["air_type"]) == (3, 3, 2)
    # SwordGuy.tscn UpwardSwipeAir: the scene stores {12: "try_shoot"} under throw_positions (int key kept)
    assert _state("cowboy", "UpwardSwipeAir")["props"]["throw_positions"] == {12: "try_shoot"}


def test_wizard_spot_values():
    w = load_character("wizard")
    f = w["fighter"]["props"]
    # Wizard.tscn root: speeds and gravity (§5)
    assert (f["max_ground_speed"], f["max_air_speed"], f["max_fall_speed"], f["gravity"]) == ("9", "8", "6.5", "0.43")
    # Wizard.tscn Geyser state
    g = _state("wizard", "Geyser")
    assert g["script"] == "characters/wizard/states/Geyser.gd"
    assert (g["props"]["anim_length"], g["props"]["iasa_at"], g["props"]["earliest_hitbox"], g["props"]["type"]) == (34, 22, 14, 2)
    assert g["props"]["interrupt_exceptions_string"] == "DrawMoisture"
    assert g["props"]["data_ui_scene"] == "characters/wizard/ActionUiData/GeyserActionUIData.tscn"
    # Wizard.tscn Geyser Hitbox1..3: SweptHitbox (mechanics/SweptHitbox.gd), damage 130/150/170
    hits = g["children"][:3]
    assert [(h["name"], h["kind"], h["props"]["damage"]) for h in hits] == [
        ("Hitbox1", "SweptHitbox", 130), ("Hitbox2", "SweptHitbox", 150), ("Hitbox3", "SweptHitbox", 170)]
    h1 = hits[0]["props"]
    assert (h1["y"], h1["width"], h1["height"], h1["start_tick"], h1["misc_data"]) == (-16, 18, 18, 11, "IgnoreCaltrops")
    assert (h1["to_x"], h1["to_y"]) == (0, 0)      # SweptHitbox.gd export defaults
    assert hits[1]["props"]["minimum_damage"] == 50


def test_robot_spot_values():
    r = load_character("robot")
    f = r["fighter"]["props"]
    # Robot.tscn root: no air options, air-option bar of 1000, modifiers (§5)
    assert (f["num_air_movements"], f["use_air_option_bar"], f["air_option_bar_max"]) == (0, True, 1000)
    assert (f["damage_taken_modifier"], f["knockback_taken_modifier"]) == ("0.90", "0.80")   # text as written
    assert (r["boxes"]["CollisionBox"]["props"]["height"], r["boxes"]["Hurtbox"]["props"]["width"]) == (15, 15)
    # Robot.tscn Punch "KEYPUNCH": children in scene order Hitbox, Hitbox3, Hitbox2, LimbHurtbox
    p = _state("robot", "Punch")
    assert (p["props"]["anim_length"], p["props"]["force_speed"], p["props"]["force_tick"], p["props"]["title"]) == (15, "5.0", 3, "KEYPUNCH")
    assert [(c["name"], c["kind"]) for c in p["children"]] == [
        ("Hitbox", "Hitbox"), ("Hitbox3", "Hitbox"), ("Hitbox2", "Hitbox"), ("LimbHurtbox", "LimbHurtbox")]
    h = p["children"][0]["props"]
    assert (h["x"], h["y"], h["width"], h["height"], h["damage"], h["hitstun_ticks"], h["hitlag_ticks"]) == (24, -25, 11, 3, 55, 5, 8)
    lh = p["children"][3]["props"]
    assert (lh["x"], lh["y"], lh["height"], lh["start_tick"], lh["active_ticks"]) == (17, -25, 6, 3, 2)
    # Robot.tscn KillProcess: RobotState super fields
    k = _state("robot", "KillProcess")["props"]
    assert (k["is_super"], k["super_level"], k["type"], k["allowed_stances_string"]) == (True, 3, 3, "All")
    assert _child("robot", "KillProcess", "ThrowBox")["props"]["x"] == 32


def test_mutant_spot_values():
    m = load_character("mutant")
    f = m["fighter"]["props"]
    # Mutant.tscn root (§5)
    assert (f["max_ground_speed"], f["max_air_speed"], f["max_fall_speed"], f["gravity"]) == ("16", "14", "11", "0.65")
    assert (f["num_air_movements"], f["damage_taken_modifier"]) == (3, "1.1")
    assert m["boxes"]["Hurtbox"]["props"]["width"] == 12
    # Mutant.tscn Swipe + Hitbox3
    s = _state("mutant", "Swipe")["props"]
    assert (s["anim_length"], s["enter_force_speed"], s["iasa_on_hit"], s["self_interruptable"]) == (14, "8.0", 6, False)
    h = _child("mutant", "Swipe", "Hitbox3")["props"]
    assert (h["x"], h["y"], h["width"], h["height"], h["damage"], h["combo_hitstun_ticks"]) == (23, -22, 19, 5, 40, 7)
    assert (h["damage_proration"], h["dir_y"], h["pushback_x"], h["disable_collision"], h["start_tick"]) == (5, "-0.2", "1.5", False, 3)
    assert _child("mutant", "Swipe", "Hitbox5")["props"]["damage"] == 48          # the 48 of §5
    # Mutant.tscn BiteThrow spawns the Poison object
    b = _state("mutant", "BiteThrow")["props"]
    assert (b["projectile_scene"], b["projectile_tick"], b["projectile_pos_x"], b["projectile_pos_y"]) == \
        ("characters/mutant/projectiles/Poison.tscn", 11, 16, -24)


# ------------------------------------------------------------------------------------------------
# references between tables
# ------------------------------------------------------------------------------------------------
def _all_state_tables():
    for c in CHARACTER_NAMES:
        yield c, load_character(c)["states"]
    yield "base", load_base()["states"]
    for path, o in load_objects()["objects"].items():
        yield path, o["states"]


# Object states keep ObjectState's default fallback "Wait" although objects have no such state;
# all of them are endless (never fall back) except Gun.tscn "Default" (plain ObjectState.gd).
UNRESOLVED_OBJECT_FALLBACKS = {("characters/swordandgun/projectiles/Gun.tscn", "Default")}


def test_fallback_states_resolve():
    for owner, states in _all_state_tables():
        for name, s in states.items():
            fb = s["props"].get("fallback_state")
            if not fb or fb in states:
                continue
            assert not s["is_character_state"], f"{owner}/{name}: fallback_state {fb!r}"
            assert s["props"]["endless"] or (owner, name) in UNRESOLVED_OBJECT_FALLBACKS, f"{owner}/{name}: {fb!r}"


def test_scene_references_resolve():
    objects = load_objects()
    ui = load_ui()["scenes"]
    known = set(objects["objects"]) | set(ui) | set(objects["non_object_scenes"])

    def scenes_in(v):
        if isinstance(v, str) and v.endswith(".tscn"):
            yield v
        elif isinstance(v, dict):
            for x in v.values():
                yield from scenes_in(x)
        elif isinstance(v, list):
            for x in v:
                yield from scenes_in(x)

    for owner, states in _all_state_tables():
        for name, s in states.items():
            ps = s["props"].get("projectile_scene")
            if ps:
                assert ps in objects["objects"], f"{owner}/{name}: projectile_scene {ps}"
            u = s["props"].get("data_ui_scene")
            if u:
                assert u in ui, f"{owner}/{name}: data_ui_scene {u}"
            for sc in scenes_in(s["props"]):
                if owner != "base":
                    assert sc in known, f"{owner}/{name}: {sc}"
    for c in CHARACTER_NAMES:
        d = load_character(c)
        assert set(d["objects"]) <= set(objects["objects"])
        assert set(d["ui_scenes"]) <= set(ui)
        assert d["objects"] == objects["objects_by_character"][c]


def test_throw_positions_keys_are_animation_textures():
    for c in CHARACTER_NAMES:
        d = load_character(c)
        textures = {t for a in d["animations"]["Flip/Sprite"]["animations"].values() for t in a["textures"]}
        used = 0
        for name, s in d["states"].items():
            tp = s["props"].get("throw_positions") or {}
            for key in tp:
                if isinstance(key, str) and key.endswith(".png"):
                    used += 1
                    if (c, name, key) != ("ninja", "HitGrabFollowup", "characters/stickman/sprites/hitgrab_followup6.png"):
                        assert key in textures, f"{c}/{name}: {key}"
        assert used > 0


def test_animation_shapes():
    for c in CHARACTER_NAMES:
        a = load_character(c)["animations"]["Flip/Sprite"]
        for name, anim in a["animations"].items():
            assert anim["frame_count"] == len(anim["textures"])
            assert isinstance(anim["loop"], bool) and isinstance(anim["speed"], float)
    # BaseChar.tscn SpriteFrames (stickman sprites) has a "Wait" animation at speed 30
    base_wait = load_base()["animations"]["Flip/Sprite"]["animations"]["Wait"]
    assert base_wait["speed"] == 30.0


def test_ui_widget_shapes():
    ui = load_ui()
    kinds = {w["kind"] for s in ui["scenes"].values() for w in s["widgets"]}
    assert kinds == {"XYPlot", "8Way", "HorizSlider", "CountOption", "CheckButton", "OptionButton", "BlockHeight"}
    # ui/ActionSelector/ActionUIData/ParryActionUIData.tscn: "Block Height" then "Melee Parry Timing" (1..20)
    parry = ui["scenes"]["ui/ActionSelector/ActionUIData/ParryActionUIData.tscn"]
    assert [(w["name"], w["kind"]) for w in parry["widgets"]] == [("Block Height", "BlockHeight"), ("Melee Parry Timing", "CountOption")]
    assert parry["widgets"][1]["props"] == {"min_value": 1, "max_value": 20}
    # ui/ActionSelector/ActionUIData/DiveKickActionUIData.tscn: 8Way with only E, S, SE enabled
    dk = ui["scenes"]["ui/ActionSelector/ActionUIData/DiveKickActionUIData.tscn"]["widgets"][0]["props"]
    assert [d for d in ("NW", "N", "NE", "W", "Neutral", "E", "SW", "S", "SE") if dk[d]] == ["E", "S", "SE"]
    # ui/ActionSelector/ActionUIData/JumpActionUIData.tscn: a semicircle XYPlot limited to 120 degrees around up
    jp = ui["scenes"]["ui/ActionSelector/ActionUIData/JumpActionUIData.tscn"]["widgets"][0]
    assert jp["scene"] == "ui/XYPlot/SemicirclePlot.tscn"
    assert (jp["props"]["limit_angle"], jp["props"]["limit_range_degrees"], jp["props"]["limit_center_degrees"]) == (True, 120.0, -90.0)
    # characters/stickman/QuickSlashGroundActionUIData.tscn: XY + 4-way option
    qs = ui["scenes"]["characters/stickman/QuickSlashGroundActionUIData.tscn"]["widgets"]
    assert [w["kind"] for w in qs] == ["XYPlot", "OptionButton"]
    assert qs[1]["native"]["items"][0::5] == ["No Attack", "Punch", "Kick", "NunChuk"]
    # every character has an extras panel with widgets
    for c in CHARACTER_NAMES:
        assert ui["extras"][c]["widgets"], c


def test_usability_fields_present():
    wanted = ("type", "air_type", "selectable", "show_in_menu", "interrupt_from_string", "super_level_",
              "supers_used_", "combo_only", "neutral_only", "allowed_stances_string")
    for c in CHARACTER_NAMES:
        for name, s in load_character(c)["states"].items():
            if s["is_character_state"]:
                for w in wanted:
                    assert w in s["props"], f"{c}/{name} lacks {w}"
    robot = load_character("robot")["states"]
    assert sum(1 for s in robot.values() if s["props"].get("is_super")) > 0
    reqs = [ch for c in CHARACTER_NAMES for s in load_character(c)["states"].values()
            for ch in s["children"] if ch["kind"] == "UsableRequirement"]
    assert len(reqs) == 9 and all({"method", "args", "inverse"} <= set(r["props"]) for r in reqs)


# ------------------------------------------------------------------------------------------------
# the ignored list
# ------------------------------------------------------------------------------------------------
ENGINE_PROPS = {
    "x", "y", "width", "height", "damage", "start_tick", "active_ticks", "anim_length", "iasa_at", "hitstun_ticks",
    "knockback", "dir_x", "dir_y", "type", "air_type", "interrupt_from_string", "fallback_state", "sprite_animation",
    "projectile_scene", "host_commands", "throw_positions", "gravity", "max_ground_speed", "tick", "command",
}


def test_ignored_list_drops_nothing_the_engine_needs():
    ign = load_ignored()
    scripts = load_scripts()["scripts"]
    exported = {n for s in scripts.values() for n in s["exports"]}
    allowed_reasons = ("drawing", "editor", "Node2D transform", "lookup flag", "not a member of the script chain",
                       "native", "embedded", "engine pause")
    for p in ign["properties"]:
        ui_owner = p["owner"].startswith(("widget", "ui_root", "extra_root"))
        assert p["property"] not in ENGINE_PROPS or ui_owner or p["owner"] == "AnimatedSprite", p
        assert any(r in p["reason"] for r in allowed_reasons), p
        if not ui_owner and "embedded" not in p["reason"] and "not a member" not in p["reason"]:
            # native node properties only: never the name of an export of any script we extracted
            assert p["property"] not in exported, p
    dropped_kinds = {n["kind"] for n in ign["nodes"]}
    assert not dropped_kinds & {"Hitbox", "ThrowBox", "SweptHitbox", "HurtboxState", "LimbHurtbox", "HostCommand",
                                "UsableRequirement", "CollisionBox", "StateMachine"}
    assert ign["unevaluated_defaults"] == []
    # the one stale scene value found: move_x on projectile "Default" states (no script declares it)
    stale = {p["property"] for p in ign["properties"] if "not a member" in p["reason"] and p["owner"] == "state"}
    assert stale == {"move_x"}


# The projectiles of each character (scene file names)
MAP_OBJECTS = {
    "ninja": {"StickmanFireball", "StickmanAirFireball", "Stackriken", "Kunai", "StickmanSummonKunai",
              "StickmanSummonSlide", "StickyBomb", "Caltrops", "WhipWave", "HeavyWhipWave", "HeavyWhipWaveHigh",
              "grappling_hook"},
    "cowboy": {"NewBullet", "NewTimeBullet", "bullet", "frozen_bullet", "frozen_bullet_fast", "gun_throw_bullet", "Gun",
               "Lasso", "AfterImage", "AfterImageExplosion", "1000Cuts"},
    "wizard": {"Orb", "OrbLightning", "OrbDart", "OrbDartLocked", "MagicMissile", "FlameWave", "SparkBomb", "VileClutch",
               "GeyserProjectile", "GeyserProjectile2", "GeyserProjectile3", "TelekinesisBoulder", "TelekinesisBoulder2",
               "TelekinesisBoulder3", "TelekinesisBoulderGhost", "TelekinesisPebble", "TelekinesisTire",
               "TelekinesisFruit", "TelekinesisBomb", "TelekinesisBombExplosion"},
    "robot": {"RobotGrenade", "NadeExplosion", "Missile", "orbital_strike", "GroundFire", "GroundFireLoic",
              "LandingShockwave"},
    "mutant": {"CausticSpike", "CausticThorn", "AcidBubble", "Poison", "Shockwave"},
}


@pytest.mark.parametrize("char", CHARACTER_NAMES)
def test_object_sets_match_the_map(char):
    objs = load_character(char)["objects"]
    assert {o.rsplit("/", 1)[1][:-len(".tscn")] for o in objs} == MAP_OBJECTS[char]
    table = load_objects()["objects"]
    for o in objs:
        e = table[o]
        assert char in e["characters"] and e["referenced_by"]
        assert e["scene_chain"][-1] == "obj/BaseObj.tscn"
        assert set(e["boxes"]) == {"CollisionBox", "Hurtbox"} and e["states"]
