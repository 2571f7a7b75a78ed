"""The observation of :class:`integration.env.env.YomiEnv` (the one place its features are defined).

An observation is ``float32[OBS_SIZE]`` seen from one agent's side: ``FEATURE_SIZE`` features,
then ``MASK_SIZE`` floats of packed masks (their layout and decoders: :mod:`integration.env.action_layout`).
Everything here is table driven (:mod:`integration.env.c_tables` turns the tables into the C
mirror's), and :data:`LAYOUT` names every feature's offset.

Mirroring
---------
One policy plays P1 and P2 alike: every horizontal quantity (x positions, x velocities, facing,
pushback, DI x, the x of character resources that are directions or velocities) is multiplied by
``side`` = +1 for P1 and -1 for P2, and the agent's own fighter comes first.  The stage is
symmetric around x = 0, so P2's view of a position is P1's view of the mirrored position.  The
only asymmetric feature is ``seat`` (1 for P1, 0 for P2): the game itself is not quite symmetric
(P1 wins tick-priority ties).

Features (``FEATURE_SIZE`` = 702; offsets in :data:`LAYOUT`, ``LAYOUT.describe()`` prints them)
-----------------------------------------------------------------------------------------------
``global`` (4)
    ``tick`` = last simulated tick / game_length; ``seat``; ``dx`` = side * (opp.x - own.x) / 800;
    ``dy`` = (opp.y - own.y) / 400 (y grows downwards, 0 is the floor).
``own_char``, ``opp_char`` (5 + 5)
    one-hot of the character (order of :data:`CHARACTERS`).
``own.*`` then ``opp.*`` (:data:`FIGHTER_SIZE` = 196 each)
    ``scalars`` (29, :data:`FIGHTER_SCALARS`: name, source field, scale, kind): x, y, vx, vy
    (exact I48F16 values / scale), facing, grounded, pushback, hp, meter, supers, burst meter,
    bursts, combo, hitlag, hitstun (and whether the fighter is in hitstun), blockstun, air moves,
    feints, penalty, interruptable, hit_cancellable, busy (at decision time), invulnerabilities,
    current DI x/y, air option bar, the state's tick ``st``;
    ``stance`` (6) one-hot over :data:`STANCES` (last = any other);
    ``state_type`` (6) one-hot of the current state's ActionType (movement, attack, special,
    super, defense, hurt; all zero for an unknown state);
    ``state`` (128) one-hot of the current state in the **unified state vocabulary**: 0 = unknown,
    1..57 = the 57 states every fighter inherits (``base.json`` order, same index for every
    character), then the character's own states in table order (:func:`state_index`);
    ``res`` (27) the character's resources in shared slots (:data:`RES_LAYOUT`: per character,
    slot k holds its k-th resource: bool -> 0/1, int/fixed -> value * scale, object reference ->
    1 if set, vector -> set flag, x, y, list -> length * scale).
``objects`` (:data:`N_OBJECTS` = 8 slots of :data:`OBJECT_SIZE` = 37)
    the objects of the trace view, nearest first (``|dx| + |dy|`` in integer pixels from the
    agent's fighter, ties in the game's order); a slot: present, mine (owner is the agent), kind
    (one-hot of the scene in the owner's character's object list, 20 + 1 for any other),
    state (one-hot of the index in the object's state list, 3 + 1 unknown), st / 100,
    dx = side * (obj.x - own.x) / 800, dy / 400, vx, vy (/ 20, mirrored), facing (mirrored),
    hp / 3, active, locked, lifetime / 100 (0 where the object has no such field).

Total ``OBS_SIZE`` = 859 floats.  The C mirror (csrc/env/env.c) computes exactly the same floats from the
C engine's match (tests/env/test_env_c.py); a fixed-point value is read as the trace shows it
(``fixed_value`` of its Display text: the raw value re-quantised through the 5-digit printer).
"""
from __future__ import annotations

import functools
from typing import Optional

import numpy as np

from integration.env.action_layout import CHAR_INDEX, CHARACTERS, D, HEAD_NAMES, HEAD_SIZES, MASK_SIZE, N_CHARS
from integration.env.action_layout import canonical_character
from states.data import load_base, load_character, load_objects
from yomi.fixed import parse as _fixed_parse


# ================================================================================================
# feature layout
# ================================================================================================
class Layout:
    """Named, contiguous feature blocks: ``LAYOUT["own.hp"]`` -> offset, ``LAYOUT.slice(name)``."""

    def __init__(self):
        self.fields: list = []       # (name, offset, size, doc)
        self.offsets: dict = {}
        self.size = 0

    def add(self, name: str, size: int, doc: str = "") -> int:
        off = self.size
        self.fields.append((name, off, size, doc))
        self.offsets[name] = off
        self.size += size
        return off

    def __getitem__(self, name: str) -> int:
        return self.offsets[name]

    def slice(self, name: str) -> slice:
        for n, off, size, _ in self.fields:
            if n == name:
                return slice(off, off + size)
        raise KeyError(name)

    def describe(self) -> str:
        return "\n".join(f"{off:5d} {size:4d}  {n:<24} {doc}" for n, off, size, doc in self.fields)


X_SCALE = 1.0 / 800.0        # stage half-width (DEFAULT_SETTINGS stage_width)
Y_SCALE = 1.0 / 400.0
V_SCALE = 1.0 / 20.0

# (feature name, source field, scale, kind)
#   kinds: fixed / fixed_x (I48F16 string, x-like: mirrored), int, int_x, bool, hitstun (None -> 0),
#          in_hitstun (field is not None), di_x / di_y (current DI dict)
FIGHTER_SCALARS = (
    ("x", "x", X_SCALE, "fixed_x"), ("y", "y", Y_SCALE, "fixed"),
    ("vx", "vx", V_SCALE, "fixed_x"), ("vy", "vy", V_SCALE, "fixed"),
    ("facing", "facing", 1.0, "int_x"), ("grounded", "grounded", 1.0, "bool"),
    ("pushback", "pushback", 0.1, "fixed_x"), ("hp", "hp", 1.0 / 1500, "int"),
    ("super_meter", "super_meter", 1.0 / 125, "int"), ("supers", "supers", 1.0 / 9, "int"),
    ("burst_meter", "burst_meter", 1.0 / 1500, "int"), ("bursts", "bursts", 1.0, "int"),
    ("combo", "combo", 0.1, "int"), ("hitlag", "hitlag", 0.05, "int"),
    ("hitstun", "hitstun", 1.0 / 60, "hitstun"), ("in_hitstun", "hitstun", 1.0, "in_hitstun"),
    ("blockstun", "blockstun", 0.05, "int"), ("air_moves", "air_moves", 1.0 / 3, "int"),
    ("feints", "feints", 0.5, "int"), ("penalty", "penalty", 0.01, "int"),
    ("interruptable", "interruptable", 1.0, "bool"), ("hit_cancellable", "hit_cancellable", 1.0, "bool"),
    ("busy", "busy", 1.0, "bool"), ("invuln", "invuln", 1.0, "bool"), ("proj_invuln", "proj_invuln", 1.0, "bool"),
    ("di_x", "di", 0.01, "di_x"), ("di_y", "di", 0.01, "di_y"),
    ("air_option_bar", "air_option_bar", 1.0 / 1000, "int"), ("st", "st", 1.0 / 60, "int"),
)
STANCES = ("Normal", "BackSway", "Drive", "NunChuk", "TPStance")   # + 1 slot for any other
N_STATE_TYPES = 6            # CharState.gd ActionType: movement, attack, special, super, defense, hurt

BASE_STATES: tuple = tuple(load_base()["states"])


def _own_states(c: str) -> list:
    return [s for s in load_character(c)["states"] if s not in load_base()["states"]]


STATE_SLOTS = 1 + len(BASE_STATES) + max(len(_own_states(c)) for c in CHARACTERS)


@functools.lru_cache(maxsize=None)
def state_tables(c: str) -> tuple[dict, dict]:
    """(state name -> unified index, state name -> ActionType) of one character."""
    table = load_character(c)["states"]
    index = {s: 1 + i for i, s in enumerate(BASE_STATES)}
    for i, s in enumerate(_own_states(c)):
        index[s] = 1 + len(BASE_STATES) + i
    types = {s: int(row["props"].get("type", -1)) for s, row in table.items()}
    return index, types


def state_index(character: str, state: Optional[str]) -> int:
    """Unified state index (0 = unknown)."""
    return state_tables(canonical_character(character))[0].get(state, 0)


# ---- character resources ------------------------------------------------------------------------
# (res variable, kind, scale); kinds: bool, int, int_x, fixed, fixed_x, ref (object name or None),
# vec (dict {x, y} or None: 3 slots set/x/y, x mirrored), list (length)
RES_LAYOUT = {
    "Ninja": (
        ("momentum_stores", "int", 1.0), ("stored_momentum_x", "fixed_x", 0.05), ("stored_momentum_y", "fixed", 0.05),
        ("current_momentum", "fixed", 0.01), ("stored_speed_1", "fixed", 0.05), ("stored_speed_2", "fixed", 0.05),
        ("stored_speed_3", "fixed", 0.05), ("boost_frames_left", "int", 0.1), ("sticky_bombs_left", "int", 1 / 3),
        ("bomb_thrown", "bool", 1.0), ("bomb_projectile", "ref", 1.0), ("grappling_hook_projectile", "ref", 1.0),
        ("pulling", "bool", 1.0), ("used_grappling_hook", "bool", 1.0), ("can_summon_kunai", "bool", 1.0),
        ("can_summon_kick", "bool", 1.0), ("whip_beam_charged", "bool", 1.0), ("skull_shaker_bleed_ticks", "int", 0.01),
        ("released_this_turn", "bool", 1.0), ("will_release_momentum", "bool", 1.0),
        ("will_store_momentum", "bool", 1.0), ("boosted_during_combo", "bool", 1.0), ("stackriken_out", "bool", 1.0),
        ("can_divekick_hop", "bool", 1.0)),
    "Cowboy": (
        ("bullets_left", "int", 1 / 6), ("has_gun", "bool", 1.0), ("gun_projectile", "ref", 1.0),
        ("consecutive_shots", "int", 1 / 3), ("after_image_object", "ref", 1.0), ("temporal_round", "ref", 1.0),
        ("lasso_projectile", "ref", 1.0), ("cut_projectile", "ref", 1.0), ("used_aerial_h_slash", "bool", 1.0),
        ("used_aerial_l_slice", "bool", 1.0), ("up_swipe_momentum", "bool", 1.0), ("bullet_cancelling", "bool", 1.0),
        ("detonating", "bool", 1.0), ("shifting", "bool", 1.0), ("drift_jump_timer", "int", 0.1),
        ("milk_toggled", "bool", 1.0), ("ticks_until_time_shift", "int", 0.1)),
    "Wizard": (
        ("hover_left", "int", 1 / 1200), ("hovering", "bool", 1.0), ("fast_falling", "bool", 1.0),
        ("fast_fall_landing", "bool", 1.0), ("orb_projectile", "ref", 1.0), ("orb_duration", "int", 1 / 200),
        ("geyser_charge", "int", 1 / 3), ("flame_wave_cooldown", "int", 1 / 30), ("can_flame_wave", "bool", 1.0),
        ("can_vile_clutch", "bool", 1.0), ("tether_ticks", "int", 1 / 60), ("gusts_in_combo", "int", 1 / 3),
        ("detonating_bombs", "bool", 1.0), ("spark_bombs", "list", 1 / 3), ("spark_speed_frames", "int", 1 / 70),
        ("boulder_projectile", "ref", 1.0), ("current_orb_push", "vec", 1.0)),
    "Robot": (
        ("armor_pips", "int", 0.5), ("armor_active", "bool", 1.0), ("buffer_armor", "bool", 1.0),
        ("armor_startup_ticks", "int", 0.2), ("loic_meter", "int", 1 / 1000), ("can_loic", "bool", 1.0),
        ("loic_draining", "bool", 1.0), ("orbital_strike_out", "bool", 1.0), ("orbital_strike_projectile", "ref", 1.0),
        ("fly_ticks_left", "int", 1 / 30), ("flying_dir", "vec", 1.0), ("start_fly", "bool", 1.0),
        ("magnet_ticks_left", "int", 0.01), ("magnet_installed", "bool", 1.0), ("grenade_object", "ref", 1.0),
        ("kill_process_super_level", "int", 0.2), ("can_ground_pound", "bool", 1.0), ("drive_cancel", "bool", 1.0),
        ("super_armor_installed", "bool", 1.0), ("propel_friction_ticks", "int", 0.05), ("landed_move", "bool", 1.0),
        ("can_flamethrower", "bool", 1.0), ("can_unlock_gratuitous", "bool", 1.0),
        ("magnetize_opponent", "bool", 1.0), ("loic_dir", "int_x", 1.0)),
    "Mutant": (
        ("install_ticks", "int", 0.01), ("juke_pips", "int", 0.1), ("juke_ticks", "int", 0.1),
        ("up_juke_ticks", "int", 0.1), ("juke_startup_ticks", "int", 0.2), ("juke_dir_x", "fixed_x", 1.0),
        ("juke_dir_y", "fixed", 1.0), ("juked_this_turn", "bool", 1.0), ("bc_charge", "bool", 1.0),
        ("spike_projectile", "ref", 1.0), ("shockwave_projectile", "ref", 1.0), ("can_air_dash", "bool", 1.0)),
}


def _res_width(kind: str) -> int:
    return 3 if kind == "vec" else 1


RES_SLOTS = max(sum(_res_width(k) for _, k, _ in v) for v in RES_LAYOUT.values())

# ---- objects ------------------------------------------------------------------------------------
N_OBJECTS = 8
OBJECT_KINDS = 20 + 1            # the owner's character object list (max 20, Wizard) + any other
OBJECT_STATES = 3 + 1            # index in the object's states (max 3) + unknown


@functools.lru_cache(maxsize=None)
def object_tables() -> tuple[dict, dict]:
    """(character -> {scene basename: kind index}, scene basename -> {state: index})."""
    o = load_objects()
    kinds = {}
    for c in CHARACTERS:
        paths = o["objects_by_character"].get(c.lower(), [])
        assert len(paths) < OBJECT_KINDS, c
        kinds[c] = {p.rsplit("/", 1)[-1].rsplit(".", 1)[0]: i for i, p in enumerate(paths)}
    states = {}
    for path, row in o["objects"].items():
        names = list(row.get("states", {}))
        states[path.rsplit("/", 1)[-1].rsplit(".", 1)[0]] = {s: i for i, s in enumerate(names[:OBJECT_STATES - 1])}
    return kinds, states


def _build_layout() -> Layout:
    L = Layout()
    L.add("tick", 1, "last simulated tick / game_length")
    L.add("seat", 1, "1 for P1, 0 for P2")
    L.add("dx", 1, "side * (opp.x - own.x) / 800")
    L.add("dy", 1, "(opp.y - own.y) / 400")
    L.add("own_char", N_CHARS, "one-hot character")
    L.add("opp_char", N_CHARS, "one-hot character")
    for who in ("own", "opp"):
        for name, src, scale, kind in FIGHTER_SCALARS:
            L.add(f"{who}.{name}", 1, f"{src} ({kind}) * {scale:.6g}")
        L.add(f"{who}.stance", len(STANCES) + 1, "one-hot " + ", ".join(STANCES) + ", other")
        L.add(f"{who}.state_type", N_STATE_TYPES, "one-hot ActionType of the current state")
        L.add(f"{who}.state", STATE_SLOTS, "one-hot unified state index (0 unknown)")
        L.add(f"{who}.res", RES_SLOTS, "character resources (RES_LAYOUT)")
    L.add("objects", N_OBJECTS * 37, f"{N_OBJECTS} object slots, nearest first")
    return L


LAYOUT = _build_layout()
FIGHTER_SIZE = LAYOUT["opp.x"] - LAYOUT["own.x"]
# object slot layout (offsets inside a slot)
OBJ = {"present": 0, "mine": 1, "kind": 2, "state": 2 + OBJECT_KINDS, "st": 2 + OBJECT_KINDS + OBJECT_STATES}
OBJ.update({k: OBJ["st"] + 1 + i for i, k in enumerate(("dx", "dy", "vx", "vy", "facing", "hp", "active",
                                                        "locked", "lifetime"))})
OBJECT_SIZE = OBJ["lifetime"] + 1
assert OBJECT_SIZE == 37
FEATURE_SIZE = LAYOUT.size
OBS_SIZE = FEATURE_SIZE + MASK_SIZE


# ================================================================================================
# writing one agent's features
# ================================================================================================
@functools.lru_cache(maxsize=65536)
def fixed_value(text: str) -> float:
    """An I48F16 Display string as a float: raw / 65536 (exact; a C mirror divides the raw int)."""
    return _fixed_parse(text) / 65536.0


def _scalar(fv: dict, src: str, kind: str, side: int) -> float:
    v = fv.get(src)
    if kind == "fixed":
        return fixed_value(v) if v is not None else 0.0
    if kind == "fixed_x":
        return side * fixed_value(v) if v is not None else 0.0
    if kind == "int":
        return float(v or 0)
    if kind == "int_x":
        return float(side * (v or 0))
    if kind == "bool":
        return 1.0 if v else 0.0
    if kind == "hitstun":
        return float(v or 0)
    if kind == "in_hitstun":
        return 0.0 if v is None else 1.0
    if kind == "di_x":
        return float(side * int((v or {}).get("x", 0)))
    if kind == "di_y":
        return float(int((v or {}).get("y", 0)))
    raise AssertionError(kind)


def _fighter_features(idx: list, val: list, base: int, character: str, fv: dict, side: int) -> None:
    for i, (_, src, scale, kind) in enumerate(FIGHTER_SCALARS):
        v = _scalar(fv, src, kind, side)
        if v != 0.0:
            idx.append(base + i)
            val.append(v * scale)
    off = base + len(FIGHTER_SCALARS)
    stance = fv.get("stance") or "Normal"
    idx.append(off + (STANCES.index(stance) if stance in STANCES else len(STANCES)))
    val.append(1.0)
    off += len(STANCES) + 1
    sindex, stypes = state_tables(character)
    t = stypes.get(fv.get("state"), -1)
    if 0 <= t < N_STATE_TYPES:
        idx.append(off + t)
        val.append(1.0)
    off += N_STATE_TYPES
    idx.append(off + sindex.get(fv.get("state"), 0))
    val.append(1.0)
    off += STATE_SLOTS
    res = fv.get("res") or {}
    for name, kind, scale in RES_LAYOUT[character]:
        v = res.get(name)
        if kind == "vec":
            if v is not None:
                idx += [off, off + 1, off + 2]
                val += [1.0, side * float(v.get("x", 0)) * scale, float(v.get("y", 0)) * scale]
            off += 3
            continue
        if kind == "bool":
            x = 1.0 if v else 0.0
        elif kind == "int":
            x = float(v or 0) * scale
        elif kind == "int_x":
            x = side * float(v or 0) * scale
        elif kind == "fixed":
            x = fixed_value(v) * scale if isinstance(v, str) else float(v or 0) * scale
        elif kind == "fixed_x":
            x = side * (fixed_value(v) if isinstance(v, str) else float(v or 0)) * scale
        elif kind == "ref":
            x = 0.0 if v is None else 1.0
        elif kind == "list":
            x = len(v or ()) * scale
        else:
            raise AssertionError(kind)
        if x != 0.0:
            idx.append(off)
            val.append(x)
        off += 1


def _object_features(idx: list, val: list, objects: list, me: int, own: dict, chars: tuple, side: int) -> None:
    if not objects:
        return
    kinds, ostates = object_tables()
    opx, opy = int(own.get("px", 0)), int(own.get("py", 0))
    order = sorted(range(len(objects)),
                   key=lambda i: (abs(int(objects[i].get("px", 0)) - opx) + abs(int(objects[i].get("py", 0)) - opy), i))
    ox, oy = fixed_value(own["x"]), fixed_value(own["y"])
    base = LAYOUT["objects"]
    for slot, i in enumerate(order[:N_OBJECTS]):
        o = objects[i]
        b = base + slot * OBJECT_SIZE
        owner = int(o.get("owner", 0) or 0)
        scene = o.get("scene")
        kind = kinds[chars[owner - 1]].get(scene, OBJECT_KINDS - 1) if owner in (1, 2) else OBJECT_KINDS - 1
        si = ostates.get(scene, {}).get(o.get("state"), OBJECT_STATES - 1)
        idx += [b + OBJ["present"], b + OBJ["kind"] + kind, b + OBJ["state"] + si]
        val += [1.0, 1.0, 1.0]
        if owner == me:
            idx.append(b + OBJ["mine"])
            val.append(1.0)
        x = fixed_value(o["x"]) if o.get("x") is not None else ox
        y = fixed_value(o["y"]) if o.get("y") is not None else oy
        vx = fixed_value(o["vx"]) if o.get("vx") is not None else 0.0
        vy = fixed_value(o["vy"]) if o.get("vy") is not None else 0.0
        for k, v in (("st", float(o.get("st") or 0) * 0.01), ("dx", side * (x - ox) * X_SCALE),
                     ("dy", (y - oy) * Y_SCALE), ("vx", side * vx * V_SCALE), ("vy", vy * V_SCALE),
                     ("facing", float(side * int(o.get("facing") or 0))),
                     ("hp", float(_num(o.get("hp"))) / 3.0), ("active", 1.0 if o.get("active") else 0.0),
                     ("locked", 1.0 if o.get("locked") else 0.0),
                     ("lifetime", float(_num(o.get("lifetime"))) * 0.01)):
            if v != 0.0:
                idx.append(b + OBJ[k])
                val.append(v)


def _num(v) -> float:
    if v is None or isinstance(v, bool):
        return 0.0
    if isinstance(v, str):
        try:
            return fixed_value(v)
        except Exception:
            return 0.0
    return float(v)


def write_features(out: np.ndarray, state: dict, player: int, chars: tuple, tick: int, game_length: int,
                   busy: tuple = (None, None)) -> np.ndarray:
    """Write the ``FEATURE_SIZE`` features of ``player`` (1 or 2) into ``out`` (float32 row).

    ``state``: the engine's ``state()`` dict (trace format); ``chars``: (P1 character, P2 character);
    ``busy``: decision-time busy flags of (P1, P2) (None: the state's own field)."""
    side = 1 if player == 1 else -1
    me, op = ("p1", "p2") if player == 1 else ("p2", "p1")
    own, opp = state[me], state[op]
    if busy[player - 1] is not None:
        own = dict(own, busy=busy[player - 1])
    if busy[2 - player] is not None:
        opp = dict(opp, busy=busy[2 - player])
    own_c, opp_c = chars[player - 1], chars[2 - player]
    idx: list = []
    val: list = []
    ox, oy = fixed_value(own["x"]), fixed_value(own["y"])
    px, py = fixed_value(opp["x"]), fixed_value(opp["y"])
    for k, v in (("tick", tick / game_length), ("seat", 1.0 if player == 1 else 0.0),
                 ("dx", side * (px - ox) * X_SCALE), ("dy", (py - oy) * Y_SCALE)):
        if v != 0.0:
            idx.append(LAYOUT[k])
            val.append(v)
    idx += [LAYOUT["own_char"] + CHAR_INDEX[own_c], LAYOUT["opp_char"] + CHAR_INDEX[opp_c]]
    val += [1.0, 1.0]
    _fighter_features(idx, val, LAYOUT["own.x"], own_c, own, side)
    _fighter_features(idx, val, LAYOUT["opp.x"], opp_c, opp, side)
    _object_features(idx, val, state.get("objects") or [], player, own, chars, side)
    out[:FEATURE_SIZE] = 0.0
    out[np.asarray(idx, dtype=np.int64)] = np.asarray(val, dtype=np.float64)
    return out


def describe() -> str:
    """A human-readable summary of both layouts."""
    lines = [f"observation: {OBS_SIZE} floats = {FEATURE_SIZE} features + {MASK_SIZE} packed masks",
             LAYOUT.describe(), "",
             "action heads: " + ", ".join(f"{n} {s}" for n, s in zip(HEAD_NAMES, HEAD_SIZES)) + f"  (D = {D})"]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(describe())
