"""Observation and unified action layout of :class:`integration.env.env.YomiEnv` (the one place both are defined).

An observation is ``float32[OBS_SIZE]`` seen from one agent's side: ``FEATURE_SIZE`` features,
then ``MASK_SIZE`` floats of packed masks.  Everything here is table driven (:func:`export_tables`
gives the static tables a C mirror needs), and :data:`LAYOUT` names every feature's offset.

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

Packed masks (``MASK_SIZE`` = 157, after the features)
-----------------------------------------------------
``[character index (float), move_mask (K1 = 83), dynamic mask bits (73)]``: the agent's
character-specific packing of :mod:`integration.env.encoding` (``pack_masks``) with the move mask
moved to unified move indices and the dynamic bits padded with zeros.  :func:`decode_masks` /
:func:`torch_mask_decoder` rebuild ``(move_mask[K1], data_mask[K1, D])`` in the unified layout by
one gather per character (:data:`GATHER_INDEX` ``[5, K1, D]`` into ``[0, 1, bits...]``);
:func:`torch_move_decoder` and :func:`torch_row_decoder` give the move mask and the one row
``data_mask[move]`` a sampled move needs, without the table.

Unified action layout (one ``MultiDiscrete`` for every character)
-----------------------------------------------------------------
Heads (:data:`HEAD_NAMES`, :data:`HEAD_SIZES`)::

    move 83 | dir 33 | dir2 33 | scalar 21 | flag1 2 | flag2 2 | option 4 | di 33 | feint 2 |
    reverse 2 | x1 34 | x2 3 | x3 2 | x4 2 | x5 3                              (D = 176)

* ``move``: 0 = Continue ("Hold"), 1..32 = the 32 menu moves every fighter inherits
  (``base.json`` ``menu_moves`` order: ParrySuper, ParryHigh, ..., Taunt; a character that lacks
  one, e.g. Robot's DashForward, never has it legal), 33.. = the character's own menu moves in
  table order (Cowboy has the most, 50).
* data heads keep :mod:`integration.env.encoding`'s meaning (same bins); a character without a head
  (e.g. Ninja has no ``dir2``) gets bin 0 only.
* character extras share slots (:data:`EXTRA_SLOTS`): ``x1`` the direction-like / many-valued
  extra (Ninja release, Cowboy after-image, Wizard orb, Robot fly, Mutant juke), ``x2`` a
  three-way exclusive choice (Ninja hook, Wizard hover, Robot armor), ``x3`` a toggle (Ninja
  explode, Cowboy gun_cancel, Wizard detonate, Robot nade, Mutant spike), ``x4`` Robot drive,
  ``x5`` Robot loic.  Values beyond a character's own head size are never legal.

``HEAD_USED[K1, H]`` is the OR over characters of their ``head_used`` (mapped): a head that a
character does not use with that move has a single legal value (bin 0), which adds exactly 0 to a
masked policy's log-probability and entropy, so the OR is exact for training.  The env itself
checks and decodes only the heads the *character's* move uses (others are ignored, as the game
ignores them).
"""
from __future__ import annotations

import functools
import itertools
import json
import sys
from pathlib import Path
from typing import Optional

import numpy as np

from integration.env import encoding as E
from states.data import load_character
from yomi.fixed import parse as _fixed_parse

CHARACTERS = E.CHARACTERS
CHAR_INDEX = {c: i for i, c in enumerate(CHARACTERS)}
N_CHARS = len(CHARACTERS)

_DATA_DIR = Path(__file__).resolve().parents[2] / "states" / "data"


def canonical_character(name: str) -> str:
    """``"ninja"`` -> ``"Ninja"`` (KeyError for an unknown name)."""
    for c in CHARACTERS:
        if c.lower() == str(name).lower():
            return c
    raise KeyError(f"unknown character {name!r} (one of {', '.join(CHARACTERS)})")


@functools.lru_cache(maxsize=None)
def _base_table() -> dict:
    with open(_DATA_DIR / "base.json") as f:
        return json.load(f)


@functools.lru_cache(maxsize=None)
def _objects_table() -> dict:
    with open(_DATA_DIR / "objects.json") as f:
        return json.load(f)


# ================================================================================================
# unified action layout
# ================================================================================================
BASE_MOVES: tuple = tuple(_base_table()["menu_moves"])          # 32 moves every fighter inherits
N_BASE_MOVES = len(BASE_MOVES)


def _own_moves(c: str) -> list:
    return [m for m in E.get_spec(c).moves[1:] if m not in BASE_MOVES]


K1 = 1 + N_BASE_MOVES + max(len(_own_moves(c)) for c in CHARACTERS)  # unified move head size

COMMON_HEADS = ("dir", "dir2", "scalar", "flag1", "flag2", "option", "di", "feint", "reverse")
EXTRA_SLOTS = {
    "Ninja": {"release": "x1", "hook": "x2", "explode": "x3"},
    "Cowboy": {"aimage": "x1", "gun_cancel": "x3"},
    "Wizard": {"orb": "x1", "hover": "x2", "detonate": "x3"},
    "Robot": {"fly": "x1", "armor": "x2", "nade": "x3", "drive": "x4", "loic": "x5"},
    "Mutant": {"juke": "x1", "spike": "x3"},
}
EXTRA_HEADS = ("x1", "x2", "x3", "x4", "x5")
HEAD_NAMES: tuple = ("move",) + COMMON_HEADS + EXTRA_HEADS


def _head_sizes() -> tuple:
    sizes = {h: E.HEAD_SIZES[h] for h in COMMON_HEADS}
    for h in EXTRA_HEADS:
        sizes[h] = max(E.HEAD_SIZES[eh] for c in CHARACTERS for eh, slot in EXTRA_SLOTS[c].items() if slot == h)
    return (K1,) + tuple(sizes[h] for h in HEAD_NAMES[1:])


HEAD_SIZES: tuple = _head_sizes()
N_HEADS = len(HEAD_NAMES)
DATA_SIZES = HEAD_SIZES[1:]
DATA_OFFSETS = tuple(int(o) for o in np.cumsum((0,) + DATA_SIZES)[:-1])
D = int(sum(DATA_SIZES))
HEAD_POS = {h: i for i, h in enumerate(HEAD_NAMES)}
N_DYN = max(E.get_spec(c).n_dyn for c in CHARACTERS)


class CharLayout:
    """How one character's heads sit in the unified layout."""

    def __init__(self, c: str):
        sp = E.get_spec(c)
        self.character = c
        self.index = CHAR_INDEX[c]
        self.spec = sp
        # unified move index <-> character move index
        self.u2c = np.full(K1, -1, dtype=np.int64)
        self.u2c[0] = 0
        for i, m in enumerate(BASE_MOVES):
            self.u2c[1 + i] = sp.move_index.get(m, -1)
        for i, m in enumerate(_own_moves(c)):
            self.u2c[1 + N_BASE_MOVES + i] = sp.move_index[m]
        self.c2u = np.full(sp.K1, -1, dtype=np.int64)
        for u, m in enumerate(self.u2c):
            if m >= 0:
                self.c2u[m] = u
        assert (self.c2u >= 0).all(), c
        # character head j -> unified head position
        slots = EXTRA_SLOTS[c]
        self.head_to_u = np.array([0] + [HEAD_POS[slots.get(h, h)] for h in sp.head_names[1:]], dtype=np.int64)
        self.u_to_head = np.full(N_HEADS, -1, dtype=np.int64)
        for j, u in enumerate(self.head_to_u):
            self.u_to_head[u] = j
        # gather index [K1, D] into the bank [0, 1, dyn bits (padded to N_DYN)]
        g = np.zeros((K1, D), dtype=np.int64)
        for u in range(K1):
            m = self.u2c[u]
            for hu in range(1, N_HEADS):
                off = DATA_OFFSETS[hu - 1]
                j = self.u_to_head[hu]
                if m < 0 or j < 0:
                    g[u, off] = 1                      # bin 0 only
                    continue
                co, cs = sp.data_offsets[j - 1], sp.data_sizes[j - 1]
                g[u, off:off + cs] = sp.gather_index[m, co:co + cs]
        self.gather_index = g
        # head_used in the unified layout (this character)
        hu_ = np.zeros((K1, N_HEADS), dtype=bool)
        hu_[:, 0] = True
        for u in range(K1):
            m = self.u2c[u]
            if m >= 0:
                for j in range(1, len(sp.head_names)):
                    hu_[u, self.head_to_u[j]] = sp.head_used[m, j]
        self.head_used = hu_

    def to_char_heads(self, heads) -> list:
        """Unified head values -> this character's head values (move index mapped; -1 if no move)."""
        out = [int(heads[u]) for u in self.head_to_u]
        out[0] = int(self.u2c[int(heads[0])]) if 0 <= int(heads[0]) < K1 else -1
        return out

    def from_char_heads(self, heads) -> np.ndarray:
        """This character's head values -> unified head values (heads it lacks: 0)."""
        out = np.zeros(N_HEADS, dtype=np.int64)
        for j, u in enumerate(self.head_to_u):
            out[u] = int(heads[j])
        out[0] = self.c2u[int(heads[0])]
        return out


CHAR_LAYOUTS = tuple(CharLayout(c) for c in CHARACTERS)
GATHER_INDEX = np.stack([cl.gather_index for cl in CHAR_LAYOUTS])            # [5, K1, D]
HEAD_USED = np.any(np.stack([cl.head_used for cl in CHAR_LAYOUTS]), axis=0)   # [K1, H]
MOVE_NAMES = tuple(["Continue"] + list(BASE_MOVES)
                   + [f"own{i}" for i in range(K1 - 1 - N_BASE_MOVES)])


def char_layout(character) -> CharLayout:
    return CHAR_LAYOUTS[character if isinstance(character, (int, np.integer)) else CHAR_INDEX[canonical_character(character)]]


def unified_move_names(character: str) -> list:
    """Name of each unified move index for ``character`` (None where it has no such move)."""
    cl = char_layout(character)
    return [cl.spec.moves[m] if m >= 0 else None for m in cl.u2c]


# ================================================================================================
# masks: packing, decoding, ActionSpec
# ================================================================================================
MASK_SIZE = 1 + K1 + N_DYN


def pack_unified(character: int, st: "E.MaskState", out: np.ndarray) -> np.ndarray:
    """Write one agent's packed masks (``float32[MASK_SIZE]``) from its character's MaskState."""
    cl = CHAR_LAYOUTS[character]
    sp = cl.spec
    packed = st.packed()
    out[:] = 0.0
    out[0] = float(character)
    out[1 + cl.c2u] = packed[:sp.K1]
    out[1 + K1:1 + K1 + sp.n_dyn] = packed[sp.K1:]
    return out


def decode_masks(packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """numpy: packed masks ``[..., MASK_SIZE]`` -> (move_mask bool[..., K1], data_mask bool[..., K1, D])."""
    packed = np.asarray(packed)
    lead = packed.shape[:-1]
    char = np.clip(np.rint(packed[..., 0]).astype(np.int64), 0, N_CHARS - 1)
    move = packed[..., 1:1 + K1] > 0.5
    bank = np.concatenate([np.zeros(lead + (1,), dtype=bool), np.ones(lead + (1,), dtype=bool),
                           packed[..., 1 + K1:] > 0.5], axis=-1)
    idx = GATHER_INDEX[char]                                               # [..., K1, D]
    flat = bank.reshape(-1, bank.shape[-1])
    data = np.take_along_axis(flat, idx.reshape(flat.shape[0], -1), axis=1).reshape(lead + (K1, D))
    return move, data


def torch_mask_decoder(feature_size: int):
    """A callable ``obs[B, F + MASK_SIZE] -> (move_mask bool[B, K1], data_mask bool[B, K1, D])``."""
    import torch

    index = torch.as_tensor(GATHER_INDEX.reshape(N_CHARS, K1 * D), dtype=torch.long)
    cache: dict = {}

    def decoder(obs):
        packed = obs[..., feature_size:]
        dev = packed.device
        idx = cache.get(dev)
        if idx is None:
            idx = cache[dev] = index.to(dev)
        lead = packed.shape[:-1]
        flat = packed.reshape(-1, MASK_SIZE)
        char = flat[:, 0].round().long().clamp(0, N_CHARS - 1)
        move = flat[:, 1:1 + K1] > 0.5
        n = flat.shape[0]
        bank = torch.cat([torch.zeros((n, 1), dtype=torch.bool, device=dev),
                          torch.ones((n, 1), dtype=torch.bool, device=dev), flat[:, 1 + K1:] > 0.5], dim=-1)
        data = torch.gather(bank, 1, idx[char])
        return move.reshape(*lead, K1), data.reshape(*lead, K1, D)

    return decoder


def torch_move_decoder(feature_size: int):
    """A callable ``obs[B, F + MASK_SIZE] -> move_mask bool[B, K1]`` (a slice: no table)."""

    def move_decoder(obs):
        return obs[..., feature_size + 1:feature_size + 1 + K1] > 0.5

    return move_decoder


def torch_row_decoder(feature_size: int):
    """A callable ``(obs[B, F + MASK_SIZE], move[B]) -> data_mask[b, move_b]`` (bool[B, D]): one
    row of :func:`torch_mask_decoder`'s table per agent, gathered without building the table
    (what sampling needs: the move first, then the legal data values given it)."""
    import torch

    index = torch.as_tensor(GATHER_INDEX, dtype=torch.long)                 # [5, K1, D]
    cache: dict = {}

    def row_decoder(obs, move):
        packed = obs[..., feature_size:].reshape(-1, MASK_SIZE)
        dev = packed.device
        idx = cache.get(dev)
        if idx is None:
            idx = cache[dev] = index.to(dev)
        n = packed.shape[0]
        char = packed[:, 0].round().long().clamp(0, N_CHARS - 1)
        bank = torch.cat([torch.zeros((n, 1), dtype=torch.bool, device=dev),
                          torch.ones((n, 1), dtype=torch.bool, device=dev), packed[:, 1 + K1:] > 0.5], dim=-1)
        return torch.gather(bank, 1, idx[char, move.reshape(-1)])

    return row_decoder


def action_spec():
    """The trainer's :class:`integration.env.spec.ActionSpec` of the unified layout (with the
    full-table decoder and the move / row decoders acting uses)."""
    from integration.env.spec import ActionSpec

    return ActionSpec(head_names=HEAD_NAMES, head_sizes=HEAD_SIZES, feature_size=FEATURE_SIZE,
                      head_used=HEAD_USED, move_names=MOVE_NAMES, mask_size=MASK_SIZE,
                      decoder=torch_mask_decoder(FEATURE_SIZE), move_decoder=torch_move_decoder(FEATURE_SIZE),
                      row_decoder=torch_row_decoder(FEATURE_SIZE))


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

BASE_STATES: tuple = tuple(_base_table()["states"])


def _own_states(c: str) -> list:
    return [s for s in load_character(c)["states"] if s not in _base_table()["states"]]


STATE_SLOTS = 1 + len(BASE_STATES) + max(len(_own_states(c)) for c in CHARACTERS)


@functools.lru_cache(maxsize=None)
def _state_tables(c: str) -> tuple[dict, dict]:
    """(state name -> unified index, state name -> ActionType) of one character."""
    table = load_character(c)["states"]
    index = {s: 1 + i for i, s in enumerate(BASE_STATES)}
    for i, s in enumerate(_own_states(c)):
        index[s] = 1 + len(BASE_STATES) + i
    types = {s: int(row["props"].get("type", -1)) for s, row in table.items()}
    return index, types


def state_index(character: str, state: Optional[str]) -> int:
    """Unified state index (0 = unknown)."""
    return _state_tables(canonical_character(character))[0].get(state, 0)


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
def _object_tables() -> tuple[dict, dict]:
    """(character -> {scene basename: kind index}, scene basename -> {state: index})."""
    o = _objects_table()
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
    sindex, stypes = _state_tables(character)
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
    kinds, ostates = _object_tables()
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


# ================================================================================================
# static tables for a C mirror
# ================================================================================================
def export_tables() -> dict:
    """JSON-able static tables of the observation and unified action layout."""
    kinds, ostates = _object_tables()
    chars = []
    for c in CHARACTERS:
        cl = char_layout(c)
        sindex, stypes = _state_tables(c)
        chars.append(dict(
            character=c, u2c=cl.u2c.tolist(), c2u=cl.c2u.tolist(), head_to_u=cl.head_to_u.tolist(),
            gather_index=cl.gather_index.tolist(), head_used=cl.head_used.astype(int).tolist(),
            states={s: [sindex.get(s, 0), stypes.get(s, -1)] for s in load_character(c)["states"]},
            res=[list(r) for r in RES_LAYOUT[c]], object_kinds=kinds[c]))
    return dict(
        characters=list(CHARACTERS), head_names=list(HEAD_NAMES), head_sizes=list(HEAD_SIZES), D=D, K1=K1,
        n_dyn=N_DYN, mask_size=MASK_SIZE, feature_size=FEATURE_SIZE, obs_size=OBS_SIZE,
        layout=[list(f[:3]) for f in LAYOUT.fields], fighter_scalars=[list(f) for f in FIGHTER_SCALARS],
        stances=list(STANCES), state_slots=STATE_SLOTS, res_slots=RES_SLOTS, n_objects=N_OBJECTS,
        object_size=OBJECT_SIZE, object_slot=OBJ, object_states=ostates, head_used=HEAD_USED.astype(int).tolist(),
        per_character=chars)


def describe() -> str:
    """A human-readable summary of both layouts."""
    lines = [f"observation: {OBS_SIZE} floats = {FEATURE_SIZE} features + {MASK_SIZE} packed masks",
             LAYOUT.describe(), "",
             "action heads: " + ", ".join(f"{n} {s}" for n, s in zip(HEAD_NAMES, HEAD_SIZES)) + f"  (D = {D})"]
    return "\n".join(lines)




# ================================================================================================
# C tables (build/gen/env_layout.h, build/gen/env_tables.c, generated at build time) for the env's C part
# ================================================================================================
RULE_IDS = {name: i for i, name in enumerate(E.DYNAMIC_RULES)}
_SCALAR_SOURCES = ("x", "y", "vx", "vy", "facing", "grounded", "pushback", "hp", "super_meter", "supers",
                   "burst_meter", "bursts", "combo", "hitlag", "hitstun", "in_hitstun", "blockstun", "air_moves",
                   "feints", "penalty", "interruptable", "hit_cancellable", "busy", "invuln", "proj_invuln", "di_x",
                   "di_y", "air_option_bar", "st")
_RES_KINDS = ("bool", "int", "int_x", "fixed", "fixed_x", "ref", "vec", "list")
_WIDGET_KINDS = ("XYPlot", "8Way", "HorizSlider", "CountOption", "CheckButton", "BlockHeight", "OptionButton")
_CUSTOM = (None, "superjump", "stickybomb", "shoot2", "shootdodge2", "parry")
_DYN = {"foresight": 1, "teleport2": 2, "grenade": 3}


def _c_str(s) -> str:
    return "NULL" if s is None else json.dumps(str(s))


def _c_double(x: float) -> str:
    return repr(float(x))


def _domain_index(value) -> int:
    if value is None:
        return 0
    if isinstance(value, bool):
        return int(value)
    return int(value)


def _char_c_tables(c: str) -> tuple[list, str]:
    """(C declarations, the initializer of its yenv_char) of one character."""
    sp = E.get_spec(c)
    cl = char_layout(c)
    p = c.lower()
    decl = []
    plots: dict = {}

    def pid(plot) -> int:
        if plot not in plots:
            plots[plot] = len(plots)
        return plots[plot]

    di_plot = pid(E.DI_PLOT)
    boost = [pid(b) for b in getattr(sp, "boost_plots", ())] or [-1, -1]
    # moves and widgets
    move_inits = []
    for m, mu in enumerate(sp.move_ui):
        winits = []
        for k, w in enumerate(mu.widgets):
            head = sp.head_pos[w.head] if w.head else -1
            pl = [-1, -1, -1, -1]
            if w.kind == "XYPlot":
                if mu.dynamic == "foresight":
                    for combo in (False, True):
                        for grounded in (False, True):
                            pl[2 * combo + grounded] = pid(E._foresight_plot(w.plot, combo, grounded))
                elif mu.dynamic == "teleport2":
                    pl[0], pl[1] = pid(E._teleport2_plot(w.plot, False)), pid(E._teleport2_plot(w.plot, True))
                elif mu.dynamic == "grenade":
                    pl[0], pl[1] = pid(E._grenade_plot(w.plot, False)), pid(E._grenade_plot(w.plot, True))
                else:
                    pl[0] = pid(w.plot)
            items = "NULL"
            n_items = 0
            if w.kind == "OptionButton":
                raw = w.native.get("items", [])
                vals = [raw[b] if b < len(raw) else None for b in range(E.HEAD_SIZES["option"])]
                parts = []
                for v in vals:
                    if v is None:
                        parts.append("{YI_NULL, 0, NULL}")
                    elif isinstance(v, bool):
                        parts.append(f"{{YI_BOOL, {int(v)}, NULL}}")
                    elif isinstance(v, int):
                        parts.append(f"{{YI_INT, {v}, NULL}}")
                    else:
                        parts.append(f"{{YI_STR, 0, {_c_str(v)}}}")
                name = f"{p}_items_{m}_{k}"
                decl.append(f"static const yenv_item {name}[] = {{{', '.join(parts)}}};")
                items, n_items = name, len(vals)
            winits.append(f"{{{_c_str(w.name)}, {_WIDGET_KINDS.index(w.kind)}, {head}, {{{', '.join(map(str, pl))}}}, "
                          f"{int(bool(w.native.get('pressed', False)))}, {n_items}, {items}}}")
        wname = "NULL"
        if winits:
            wname = f"{p}_widgets_{m}"
            decl.append(f"static const yenv_widget {wname}[] = {{{', '.join(winits)}}};")
        busy = int(mu.name in E.BUSY_MOVES)
        move_inits.append(f"{{{_c_str(mu.name)}, {int(mu.scene is not None)}, {_CUSTOM.index(mu.custom)}, "
                          f"{_DYN.get(mu.dynamic, 0)}, {int(mu.is_grab)}, {busy}, {len(mu.widgets)}, {wname}}}")
    decl.append(f"static const yenv_move {p}_moves[] = {{\n    " + ",\n    ".join(move_inits) + "};")
    # dynamic keys: lookup tables of their varying bits over the rule's feature domain
    keys, lut = [], []
    for kid in sp.dyn_keys:
        j, key = sp.key_list[kid]
        varying, _ = sp.dyn_bits[kid]
        if len(varying) == 0:
            continue
        rule = E.DYNAMIC_RULES[key[0]]
        domain = rule.domain(sp, key)
        off = len(lut)
        for f in itertools.product(*domain):
            v = rule.evaluate(sp, key, sp.data_sizes[j], f)
            lut.extend(int(b) for b in v[varying])
        radix = [len(d) for d in domain] + [0] * (8 - len(domain))
        keys.append(f"{{{RULE_IDS[key[0]]}, {len(domain)}, {{{', '.join(map(str, radix))}}}, {sp.dyn_slot[kid]}, "
                    f"{len(varying)}, {off}}}")
    decl.append(f"static const yenv_key {p}_keys[] = {{{', '.join(keys)}}};")
    decl.append(f"static const uint8_t {p}_lut[] = {{{', '.join(map(str, lut)) or '0'}}};")
    # plots (after every pid() call)
    pinits = []
    for plot, i in sorted(plots.items(), key=lambda kv: kv[1]):
        v1, _ = E.plot_table(plot, 1)
        v0, _ = E.plot_table(plot, 0)
        pinits.append("{{" + ", ".join(f"{{{a}, {b}}}" for a, b in v1.tolist()) + "}, {"
                      + ", ".join(f"{{{a}, {b}}}" for a, b in v0.tolist()) + "}}")
    decl.append(f"static const yenv_plot {p}_plots[] = {{\n    " + ",\n    ".join(pinits) + "};")
    # arrays
    def arr(ctype, name, values):
        decl.append(f"static const {ctype} {p}_{name}[] = {{{', '.join(str(int(v)) for v in values)}}};")
        return f"{p}_{name}"
    u2c = arr("int16_t", "u2c", cl.u2c)
    c2u = arr("int16_t", "c2u", cl.c2u)
    h2u = arr("int8_t", "head_to_u", cl.head_to_u)
    hs = arr("int16_t", "head_sizes", sp.head_sizes)
    doff = arr("int16_t", "data_off", [0] + list(sp.data_offsets))
    hused = arr("uint8_t", "head_used", sp.head_used.astype(int).reshape(-1))
    gather = arr("int16_t", "gather", sp.gather_index.reshape(-1))
    # states
    sindex, stypes = _state_tables(c)
    table = load_character(c)["states"]
    sinits = []
    for s, row in table.items():
        flags = 0
        flags |= 1 if s in sp.dam_states else 0
        flags |= 2 if s in sp.parry_states else 0
        flags |= 4 if "Knockdown" in s else 0
        flags |= 8 if E._has_host_command(row, "try_drive_cancel") else 0
        flags |= 16 if s in ("Brandish", "QuickerDraw") else 0
        flags |= 32 if s == "DashBackward" else 0
        sinits.append(f"{{{_c_str(s)}, {sindex.get(s, 0)}, {stypes.get(s, -1)}, {flags}}}")
    decl.append(f"static const yenv_state {p}_states[] = {{\n    " + ",\n    ".join(sinits) + "};")
    rinits = [f"{{{_c_str(n)}, {_RES_KINDS.index(k)}, {_c_double(s)}}}" for n, k, s in RES_LAYOUT[c]]
    decl.append(f"static const yenv_res {p}_res[] = {{{', '.join(rinits)}}};")
    kinds = sorted(_object_tables()[0][c].items(), key=lambda kv: kv[1])
    decl.append(f"static const char *const {p}_object_kinds[] = {{{', '.join(_c_str(k) for k, _ in kinds) or 'NULL'}}};")
    hx = [sp.head_pos.get(h, -1) for h in E.EXTRA_HEADS[c]] + [-1] * (5 - len(E.EXTRA_HEADS[c]))
    init = (f"{{{_c_str(c)}, {sp.K1}, {len(sp.head_names)}, {sp.D}, {sp.n_dyn}, {u2c}, {c2u}, {h2u}, {hs}, {doff}, "
            f"{hused}, {gather}, {p}_moves, {len(keys)}, {p}_keys, {p}_lut, {len(plots)}, {p}_plots, {di_plot}, "
            f"{{{boost[0]}, {boost[1]}}}, {sp.head_pos['di']}, {sp.head_pos['feint']}, {sp.head_pos['reverse']}, "
            f"{{{', '.join(map(str, hx))}}}, {len(sinits)}, {p}_states, {len(rinits)}, {p}_res, {len(kinds)}, "
            f"{p}_object_kinds}}")
    return decl, init


def c_sources() -> dict:
    """The generated C files: ``env_layout.h`` (constants) and ``env_tables.c`` (tables)."""
    L = LAYOUT
    consts = dict(
        YENV_N_CHARS=N_CHARS, YENV_K1=K1, YENV_NH=N_HEADS, YENV_D=D, YENV_NDYN=N_DYN, YENV_MASK=MASK_SIZE,
        YENV_FEAT=FEATURE_SIZE, YENV_OBS=OBS_SIZE, YENV_XY_BINS=E.XY_BINS, YENV_N_SCALARS=len(FIGHTER_SCALARS),
        YENV_N_STANCES=len(STANCES), YENV_N_STATE_TYPES=N_STATE_TYPES, YENV_STATE_SLOTS=STATE_SLOTS,
        YENV_RES_SLOTS=RES_SLOTS, YENV_N_OBJECTS=N_OBJECTS, YENV_OBJECT_SIZE=OBJECT_SIZE,
        YENV_OBJECT_KINDS=OBJECT_KINDS, YENV_OBJECT_STATES=OBJECT_STATES, YENV_FIGHTER_SIZE=FIGHTER_SIZE,
        YENV_MAX_CHAR_HEADS=max(len(E.get_spec(c).head_names) for c in CHARACTERS),
        YENV_MAX_CHAR_K1=max(E.get_spec(c).K1 for c in CHARACTERS),
        YENV_MAX_CHAR_D=max(E.get_spec(c).D for c in CHARACTERS),
        YENV_N_BASE_MOVES=N_BASE_MOVES,
    )
    for name in ("tick", "seat", "dx", "dy", "own_char", "opp_char", "own.x", "opp.x", "objects"):
        consts["YENV_OFF_" + name.upper().replace(".", "_")] = L[name]
    consts["YENV_FOFF_STANCE"] = L["own.stance"] - L["own.x"]
    consts["YENV_FOFF_STATE_TYPE"] = L["own.state_type"] - L["own.x"]
    consts["YENV_FOFF_STATE"] = L["own.state"] - L["own.x"]
    consts["YENV_FOFF_RES"] = L["own.res"] - L["own.x"]
    for k, v in OBJ.items():
        consts["YENV_OBJ_" + k.upper()] = v
    for name, i in RULE_IDS.items():
        consts["YR_RULE_" + name.upper()] = i
    for k, v in (("X_SCALE", X_SCALE), ("Y_SCALE", Y_SCALE), ("V_SCALE", V_SCALE)):
        consts["YENV_" + k] = v
    head = ["/* Generated at build time (setup.py: integration/env/obs.py write_c) from integration/env/obs.py: do not edit. */",
            "#ifndef YOMI_ENV_LAYOUT_H", "#define YOMI_ENV_LAYOUT_H", ""]
    for k, v in consts.items():
        head.append(f"#define {k} {_c_double(v) if isinstance(v, float) else int(v)}")
    head.append("static const int16_t YENV_DATA_OFF[] = {" + ", ".join(map(str, DATA_OFFSETS)) + "};")
    head.append("static const int16_t YENV_DATA_SIZE[] = {" + ", ".join(map(str, DATA_SIZES)) + "};")
    head += ["", "#endif", ""]
    out = ["/* Generated at build time (setup.py: integration/env/obs.py write_c) from integration/env/obs.py and",
           " * integration/env/encoding.py: do not edit. */", '#include "env.h"', ""]
    inits = []
    for c in CHARACTERS:
        decl, init = _char_c_tables(c)
        out += decl
        out.append("")
        inits.append(init)
    out.append("const yenv_char yenv_chars[YENV_N_CHARS] = {\n    " + ",\n    ".join(inits) + "};")
    _, ostates = _object_tables()
    oinits = []
    for scene, st in sorted(ostates.items()):
        names = sorted(st, key=st.get)
        names += [None] * (3 - len(names))
        oinits.append(f"{{{_c_str(scene)}, {len(st)}, {{{', '.join(_c_str(n) for n in names)}}}}}")
    out.append("const yenv_object_states yenv_object_state_names[] = {\n    " + ",\n    ".join(oinits) + "};")
    out.append(f"const int yenv_n_object_state_names = {len(oinits)};")
    out.append("const yenv_scalar yenv_scalars[YENV_N_SCALARS] = {"
               + ", ".join(f"{{{_SCALAR_SOURCES.index(n)}, {_c_double(s)}}}" for n, _, s, _ in FIGHTER_SCALARS) + "};")
    out.append("const char *const yenv_stances[YENV_N_STANCES] = {" + ", ".join(map(_c_str, STANCES)) + "};")
    out.append("const int16_t yenv_dir8[9][2] = {" + ", ".join(f"{{{x}, {y}}}" for x, y in E.DIR8) + "};")
    out.append("const uint8_t yenv_xybin_to_dir8[YENV_XY_BINS] = {"
               + ", ".join(str(E.XYBIN_TO_DIR8.get(b, 0)) for b in range(E.XY_BINS)) + "};")
    out.append("")
    return {"env_layout.h": "\n".join(head), "env_tables.c": "\n".join(out)}


GEN_DIR = Path(__file__).resolve().parents[2] / "build" / "gen"  # where setup.py compiles generated C from


def write_c(folder: Optional[str] = None) -> list:
    """Write the generated C files into ``folder`` (default build/gen, where ``setup.py`` writes them
    at build time); returns their paths. A file whose text is unchanged keeps its timestamp."""
    folder = Path(folder) if folder else GEN_DIR
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in c_sources().items():
        path = folder / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        paths.append(path)
    return paths


if __name__ == "__main__":  # pragma: no cover
    if "--write-c" in sys.argv[1:]:
        for path in write_c():
            print(f"wrote {path}")
    else:
        print(describe())
