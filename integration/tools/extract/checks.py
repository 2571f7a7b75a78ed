"""Self-checks of the extracted tables against figures counted by hand in the game's scenes at 4450348.

:func:`verify` takes the documents (file name -> parsed JSON, as written or as loaded
back from ``states/data``) and returns a list of human-readable failures (empty = all
good).  It is run by ``yomi extract`` after every extraction and by the table tests.
"""
from __future__ import annotations

from states.data.schema import CHARACTER_NAMES

CHARACTER_KEYS = CHARACTER_NAMES  # the tables the checks expect, in their order

# Counted in the characters' scenes.  "menu" = CharacterState, selectable, show_in_menu and at
# least one category line in interrupt_from_string (how BaseChar builds action_cancels).
EXPECTED_COUNTS = {
    "ninja": {"states": 111, "base_states": 57, "own_states": 54, "menu_moves": 64, "menu_moves_base": 32,
              "hitbox_nodes": 102, "hitbox_nodes_by_kind": {"Hitbox": 98, "ThrowBox": 4}},
    "cowboy": {"states": 127, "base_states": 57, "own_states": 70, "menu_moves": 80, "menu_moves_base": 30,
               "hitbox_nodes": 93, "hitbox_nodes_by_kind": {"Hitbox": 89, "ThrowBox": 4}},
    "wizard": {"states": 90, "base_states": 57, "own_states": 33, "menu_moves": 55, "menu_moves_base": 30,
               "hitbox_nodes": 41, "hitbox_nodes_by_kind": {"Hitbox": 34, "SweptHitbox": 3, "ThrowBox": 4}},
    "robot": {"states": 118, "base_states": 57, "own_states": 61, "menu_moves": 66, "menu_moves_base": 26,
              "hitbox_nodes": 88, "hitbox_nodes_by_kind": {"Hitbox": 75, "ThrowBox": 13}},
    "mutant": {"states": 95, "base_states": 57, "own_states": 38, "menu_moves": 58, "menu_moves_base": 31,
               "hitbox_nodes": 79, "hitbox_nodes_by_kind": {"Hitbox": 75, "ThrowBox": 4}},
}
EXPECTED_TOTALS = {"states": 541, "menu_moves": 323, "hitbox_nodes": 403, "objects": 55, "object_states": 85,
                   "base_states": 57}
EXPECTED_OBJECTS_PER_CHARACTER = {"ninja": 12, "cowboy": 11, "wizard": 20, "robot": 7, "mutant": 5}

# (character, state, child name or None, property, expected) -- read in the characters' scenes
SPOT_VALUES = [
    # Ninja GroundedPunch (NinjaGuy.tscn, script characters/states/Idle.gd)
    ("ninja", "GroundedPunch", None, "anim_length", 14),
    ("ninja", "GroundedPunch", None, "iasa_at", -1),          # declared; init() makes it 14 + -1 = 13
    ("ninja", "GroundedPunch", None, "enter_force_dir_x", "1.0"),
    ("ninja", "GroundedPunch", None, "enter_force_speed", "3.0"),
    ("ninja", "GroundedPunch", "Hitbox", "x", 17),
    ("ninja", "GroundedPunch", "Hitbox", "y", -24),
    ("ninja", "GroundedPunch", "Hitbox", "width", 16),
    ("ninja", "GroundedPunch", "Hitbox", "height", 8),
    ("ninja", "GroundedPunch", "Hitbox", "damage", 35),
    ("ninja", "GroundedPunch", "Hitbox", "hitstun_ticks", 12),
    ("ninja", "GroundedPunch", "Hitbox", "hitlag_ticks", 4),
    ("ninja", "GroundedPunch", "Hitbox", "victim_hitlag", 4),
    ("ninja", "GroundedPunch", "Hitbox", "damage_proration", 2),
    ("ninja", "GroundedPunch", "Hitbox", "knockback", "2.0"),
    ("ninja", "GroundedPunch", "Hitbox", "dir_x", "1.0"),
    ("ninja", "GroundedPunch", "Hitbox", "dir_y", "-1.0"),
    ("ninja", "GroundedPunch", "Hitbox", "start_tick", 4),
    ("ninja", "GroundedPunch", "Hitbox", "active_ticks", 2),
    # Ninja Uppercut
    ("ninja", "Uppercut", None, "anim_length", 90),
    ("ninja", "Uppercut", None, "enter_force_dir_x", "1.0"),
    ("ninja", "Uppercut", None, "enter_force_speed", "7.0"),
    ("ninja", "Uppercut", None, "force_dir_x", "0.76"),
    ("ninja", "Uppercut", None, "force_dir_y", "-1.45"),
    ("ninja", "Uppercut", None, "force_speed", "7.0"),
    ("ninja", "Uppercut", None, "force_tick", 3),
    ("ninja", "Uppercut", "Hitbox", "x", 12),
    ("ninja", "Uppercut", "Hitbox", "y", -14),
    ("ninja", "Uppercut", "Hitbox", "width", 12),
    ("ninja", "Uppercut", "Hitbox", "height", 13),
    ("ninja", "Uppercut", "Hitbox", "damage", 120),
    ("ninja", "Uppercut", "Hitbox", "hitstun_ticks", 18),
    ("ninja", "Uppercut", "Hitbox", "hitlag_ticks", 10),
    ("ninja", "Uppercut", "Hitbox", "victim_hitlag", 10),
    ("ninja", "Uppercut", "Hitbox", "cancellable", False),
    ("ninja", "Uppercut", "Hitbox", "sdi_modifier", "0.5"),
    ("ninja", "Uppercut", "Hitbox", "can_clash", False),
    ("ninja", "Uppercut", "Hitbox", "block_punishable", True),
    ("ninja", "Uppercut", "Hitbox", "knockback", "16"),
    ("ninja", "Uppercut", "Hitbox", "pushback_x", "-5.0"),
    ("ninja", "Uppercut", "Hitbox", "grounded_hit_state", "HurtAerial"),
    ("ninja", "Uppercut", "Hitbox", "knockdown", True),
    ("ninja", "Uppercut", "Hitbox", "start_tick", 4),
    ("ninja", "Uppercut", "Hitbox", "active_ticks", 2),
    ("ninja", "Uppercut", "Hitbox2", "group", 1),
    ("ninja", "Uppercut", "Hitbox2", "x", 14),
    ("ninja", "Uppercut", "Hitbox2", "y", -28),
    ("ninja", "Uppercut", "Hitbox2", "width", 14),
    ("ninja", "Uppercut", "Hitbox2", "height", 19),
    ("ninja", "Uppercut", "Hitbox2", "damage", 60),
    ("ninja", "Uppercut", "Hitbox2", "hitlag_ticks", 6),
    ("ninja", "Uppercut", "Hitbox2", "knockback", "12"),
    ("ninja", "Uppercut", "Hitbox2", "start_tick", 6),
    ("ninja", "Uppercut", "Hitbox2", "active_ticks", 4),
    ("ninja", "UppercutAir", "Hitbox", "damage", 150),
    ("ninja", "UppercutAir", "Hitbox2", "damage", 90),
    ("ninja", "UppercutAir", "Hitbox", "start_tick", 6),
    ("ninja", "UppercutAir", "Hitbox2", "start_tick", 8),
    # Cowboy Stinger (SwordGuy.tscn)
    ("cowboy", "Stinger", None, "anim_length", 30),
    ("cowboy", "Stinger", None, "iasa_at", 20),
    ("cowboy", "Stinger", None, "force_dir_x", "1.0"),
    ("cowboy", "Stinger", None, "force_dir_y", "0.0"),
    ("cowboy", "Stinger", None, "force_speed", "14.0"),
    ("cowboy", "Stinger", None, "force_tick", 1),
    ("cowboy", "Stinger", "Hitbox", "x", 36),
    ("cowboy", "Stinger", "Hitbox", "y", -21),
    ("cowboy", "Stinger", "Hitbox", "width", 46),
    ("cowboy", "Stinger", "Hitbox", "height", 4),
    ("cowboy", "Stinger", "Hitbox", "damage", 120),
    ("cowboy", "Stinger", "Hitbox", "hitstun_ticks", 35),
    ("cowboy", "Stinger", "Hitbox", "hitlag_ticks", 7),
    ("cowboy", "Stinger", "Hitbox", "victim_hitlag", 13),
    ("cowboy", "Stinger", "Hitbox", "combo_victim_hitlag", 10),
    ("cowboy", "Stinger", "Hitbox", "damage_proration", -1),
    ("cowboy", "Stinger", "Hitbox", "guard_break", True),
    ("cowboy", "Stinger", "Hitbox", "dir_x", "1.0"),
    ("cowboy", "Stinger", "Hitbox", "dir_y", "-0.16"),
    ("cowboy", "Stinger", "Hitbox", "knockback", "13.0"),
    ("cowboy", "Stinger", "Hitbox", "grounded_hit_state", "HurtAerial"),
    ("cowboy", "Stinger", "Hitbox", "knockdown", True),
    ("cowboy", "Stinger", "Hitbox", "wall_slam", True),
    ("cowboy", "Stinger", "Hitbox", "start_tick", 11),
    ("cowboy", "Stinger", "Hitbox", "active_ticks", 2),
    ("cowboy", "Stinger", "HostCommand", "tick", 13),
    ("cowboy", "Stinger", "HostCommand", "command", "try_shoot"),
]

# (character, fighter property, expected) -- read in the characters' scenes
FIGHTER_VALUES = [
    ("ninja", "max_ground_speed", "20"), ("ninja", "max_air_speed", "10"), ("ninja", "max_fall_speed", "15"),
    ("ninja", "gravity", "0.5"), ("ninja", "ground_friction", "2.5"), ("ninja", "air_friction", "0.2"),
    ("ninja", "num_air_movements", 2), ("ninja", "num_feints", 2),
    ("cowboy", "max_ground_speed", "12"), ("cowboy", "max_air_speed", "10"), ("cowboy", "max_fall_speed", "10"),
    ("cowboy", "gravity", "0.4"), ("cowboy", "ground_friction", "1.5"), ("cowboy", "air_friction", "0.1"),
    ("wizard", "max_ground_speed", "9"), ("wizard", "max_air_speed", "8"), ("wizard", "max_fall_speed", "6.5"),
    ("wizard", "gravity", "0.43"), ("wizard", "ground_friction", "0.75"), ("wizard", "air_friction", "0.1"),
    ("robot", "max_ground_speed", "9"), ("robot", "max_air_speed", "11"), ("robot", "max_fall_speed", "20"),
    ("robot", "gravity", "0.35"), ("robot", "ground_friction", "1.7"), ("robot", "air_friction", "0.2"),
    ("robot", "num_air_movements", 0), ("robot", "use_air_option_bar", True), ("robot", "air_option_bar_max", 1000),
    ("robot", "damage_taken_modifier", "0.9"), ("robot", "knockback_taken_modifier", "0.8"),
    ("mutant", "max_ground_speed", "16"), ("mutant", "max_air_speed", "14"), ("mutant", "max_fall_speed", "11"),
    ("mutant", "gravity", "0.65"), ("mutant", "ground_friction", "2.0"), ("mutant", "air_friction", "0.1"),
    ("mutant", "num_air_movements", 3), ("mutant", "damage_taken_modifier", "1.1"),
]

# (character, box, {prop: value}) -- read in the characters' scenes (common stats)
BOX_VALUES = [
    ("ninja", "CollisionBox", {"x": 0, "y": -14, "width": 12, "height": 14}),
    ("ninja", "Hurtbox", {"x": 0, "y": -16, "width": 14, "height": 16}),
    ("robot", "CollisionBox", {"width": 12, "height": 15}),
    ("robot", "Hurtbox", {"width": 15, "height": 17}),
    ("mutant", "Hurtbox", {"width": 12}),
]


# throw_positions keys that no animation frame uses (found by the extractor; kept as data):
# NinjaGuy.tscn HitGrabFollowup lists hitgrab_followup6.png (loaded inline by path) although
# the HitGrabFollowup animation only has frames 1-5.  The entry can never be looked up.
KNOWN_UNUSED_THROW_KEYS = {("ninja", "HitGrabFollowup", "characters/stickman/sprites/hitgrab_followup6.png")}


def _num_equal(a, b) -> bool:
    """Fixed-point strings compare as written (the map quotes them with or without '.0')."""
    if isinstance(a, str) and isinstance(b, str):
        if a == b:
            return True
        try:
            return float(a) == float(b)
        except ValueError:
            return False
    return type(a) is type(b) and a == b


def verify(docs: dict) -> list[str]:
    errors: list[str] = []

    def err(msg):
        errors.append(msg)

    for name in [f"{k}.json" for k in CHARACTER_KEYS] + ["base.json", "objects.json", "ui.json"]:
        if name not in docs:
            err(f"missing table {name}")
    if errors:
        return errors
    for name, d in docs.items():
        if d.get("source_commit") != "4450348" or d.get("source_repo") != "uzkbwza/hustle":
            err(f"{name}: missing or wrong source stamp")
        if not d.get("extractor_version"):
            err(f"{name}: no extractor_version")

    totals = {"states": 0, "menu_moves": 0, "hitbox_nodes": 0}
    for k in CHARACTER_KEYS:
        c = docs[f"{k}.json"]["counts"]
        for key, want in EXPECTED_COUNTS[k].items():
            if c.get(key) != want:
                err(f"{k}: {key} = {c.get(key)!r}, expected {want!r}")
        for key in totals:
            totals[key] += c.get(key, 0)
        n_states = len(docs[f"{k}.json"]["states"])
        if n_states != c.get("states"):
            err(f"{k}: counts.states {c.get('states')} but {n_states} state entries")
    for key, v in totals.items():
        if v != EXPECTED_TOTALS[key]:
            err(f"total {key} = {v}, expected {EXPECTED_TOTALS[key]}")
    if docs["base.json"]["counts"]["states"] != EXPECTED_TOTALS["base_states"]:
        err(f"base.json: {docs['base.json']['counts']['states']} states, expected 57")

    objs = docs["objects.json"]
    if objs.get("count") != EXPECTED_TOTALS["objects"] or len(objs["objects"]) != EXPECTED_TOTALS["objects"]:
        err(f"objects.json: {len(objs['objects'])} objects, expected {EXPECTED_TOTALS['objects']}")
    n_obj_states = sum(len(o["states"]) for o in objs["objects"].values())
    if n_obj_states != EXPECTED_TOTALS["object_states"]:
        err(f"objects.json: {n_obj_states} object states, expected {EXPECTED_TOTALS['object_states']}")
    for k, n in EXPECTED_OBJECTS_PER_CHARACTER.items():
        got = len(objs["objects_by_character"].get(k, []))
        if got != n:
            err(f"objects.json: {k} has {got} object scenes, expected {n}")

    for ch, state, child, prop, want in SPOT_VALUES:
        st = docs[f"{ch}.json"]["states"].get(state)
        if st is None:
            err(f"{ch}: no state {state}")
            continue
        if child is None:
            props = st["props"]
        else:
            found = [c for c in st["children"] if c["name"] == child]
            if not found:
                err(f"{ch}/{state}: no child {child}")
                continue
            props = found[0]["props"]
        got = props.get(prop, "<missing>")
        if not _num_equal(got, want):
            err(f"{ch}/{state}{'/' + child if child else ''}.{prop} = {got!r}, expected {want!r}")
    for ch, prop, want in FIGHTER_VALUES:
        got = docs[f"{ch}.json"]["fighter"]["props"].get(prop, "<missing>")
        if not _num_equal(got, want):
            err(f"{ch} fighter.{prop} = {got!r}, expected {want!r}")
    for ch, box, want in BOX_VALUES:
        got = docs[f"{ch}.json"]["boxes"].get(box, {}).get("props", {})
        for p, v in want.items():
            if got.get(p) != v:
                err(f"{ch} {box}.{p} = {got.get(p)!r}, expected {v!r}")

    errors.extend(verify_references(docs))
    return errors


def verify_references(docs: dict) -> list[str]:
    """Cross-table references: fallback states, projectile scenes, move-data UI scenes, animations."""
    errors = []
    objects = docs["objects.json"]["objects"]
    ui = docs["ui.json"]["scenes"]

    def scene_refs(props):
        for k, v in props.items():
            if isinstance(v, str) and v.endswith(".tscn"):
                yield k, v

    def check_states(owner, states, anims):
        names = set(states)
        for sname, st in states.items():
            p = st["props"]
            fb = p.get("fallback_state")
            if st.get("is_character_state") and fb and fb not in names:
                errors.append(f"{owner}/{sname}: fallback_state {fb!r} is not a state")
            ps = p.get("projectile_scene")
            if ps and ps not in objects:
                errors.append(f"{owner}/{sname}: projectile_scene {ps} not in objects.json")
            ui_scene = p.get("data_ui_scene")
            if ui_scene and ui_scene not in ui:
                errors.append(f"{owner}/{sname}: data_ui_scene {ui_scene} not in ui.json")
            tp = p.get("throw_positions")
            if isinstance(tp, dict) and anims is not None and "__pairs__" not in tp:
                known = {t for a in anims.values() for t in a["textures"]}
                for tex in tp:
                    if not isinstance(tex, str):   # e.g. SwordGuy.tscn UpwardSwipeAir stores {12: "try_shoot"}
                        continue
                    if tex not in known and (owner, sname, tex) not in KNOWN_UNUSED_THROW_KEYS:
                        errors.append(f"{owner}/{sname}: throw_positions key {tex} is no animation frame")

    for k in CHARACTER_KEYS:
        d = docs[f"{k}.json"]
        anims = d["animations"].get("Flip/Sprite", {}).get("animations")
        check_states(k, d["states"], anims)
        for o in d["objects"]:
            if o not in objects:
                errors.append(f"{k}: object {o} not in objects.json")
    check_states("base", docs["base.json"]["states"], None)
    for path, o in objects.items():
        check_states(path, o["states"], None)
        for sname, st in o["states"].items():
            for k, v in scene_refs(st["props"]):
                if k == "projectile_scene" and v not in objects:
                    errors.append(f"{path}/{sname}: {k} {v} not in objects.json")
    return errors
