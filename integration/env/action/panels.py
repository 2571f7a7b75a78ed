"""Per character, the static action spec (:class:`CharSpec`): heads, the move panels' widgets,
the extras, and which rule masks each (move, head), computed once from the extracted tables.
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from states.data import load_character, load_scripts, load_ui

from integration.env.action.constants import BOTH, CHARACTERS, DEFENSE, HITBOX_DETECT, MOVEMENT
from integration.env.action.widgets import DIR8_INDEX, DIR8_NAMES, Plot, SCALAR_BINS, XY_BINS
from integration.env.action.rules import STATIC_RULES
from integration.env.action.rule_table import DYNAMIC_RULES
from integration.env.action.context import has_host_command


HEAD_DOC = {
    "move": "0 = Continue, 1..K = menu moves in table order",
    "dir": "XYPlot / 8Way of the move (33 bins, facing-relative)",
    "dir2": "second XYPlot (Robot Chainsaw End)",
    "scalar": "HorizSlider x = 5*b, or CountOption count = b+1",
    "flag1": "first CheckButton of the move, or a parry's block height (0 high / 1 low)",
    "flag2": "second CheckButton (Cowboy Shoot2/PointBlank/ShootDodge2: ActivateTemporal)",
    "option": "OptionButton (Ninja QuickSlash follow-up attack)",
    "di": "DI pad (33 bins, relative to the fighter's facing)",
    "feint": "feint button",
    "reverse": "reverse button",
    "explode": "Ninja: detonate the sticky bomb",
    "hook": "Ninja: 0 none, 1 pull, 2 detach the grappling hook",
    "release": "Ninja: 0 no boost, 1..33 release stored momentum with BoostDir bin b-1",
    "aimage": "Cowboy: 0 none, 1 detonate (Rift), 2 shift, 3 drift, 4 hindsight (Sight)",
    "gun_cancel": "Cowboy: Draw (bullet cancel)",
    "hover": "Wizard: 0 none, 1 hover, 2 fast fall",
    "detonate": "Wizard: detonate spark bombs",
    "orb": "Wizard: 0..8 orb push direction (DIR8) with lock off, 9 lock the orb",
    "fly": "Robot: 0 fly off, 1..9 fly on in DIR8 direction b-1",
    "armor": "Robot: 0 none, 1 armor, 2 magnet pull",
    "nade": "Robot: activate the grenade",
    "drive": "Robot: value sent as drive_cancel",
    "loic": "Robot: LOIC direction 0 neutral, 1 forward, 2 back",
    "spike": "Mutant: spike_enabled",
    "juke": "Mutant: 0 no juke, 1..9 juke in DIR8 direction b-1",
}

HEAD_SIZES = {"move": None, "dir": XY_BINS, "dir2": XY_BINS, "scalar": SCALAR_BINS, "flag1": 2,
              "flag2": 2, "option": 4, "di": XY_BINS, "feint": 2, "reverse": 2,
              "explode": 2, "hook": 3, "release": XY_BINS + 1,
              "aimage": 5, "gun_cancel": 2,
              "hover": 3, "detonate": 2, "orb": 10,
              "fly": 10, "armor": 3, "nade": 2, "drive": 2, "loic": 3,
              "spike": 2, "juke": 10}

EXTRA_HEADS = {
    "Ninja": ("explode", "hook", "release"),
    "Cowboy": ("aimage", "gun_cancel"),
    "Wizard": ("hover", "detonate", "orb"),
    "Robot": ("fly", "armor", "nade", "drive", "loic"),
    "Mutant": ("spike", "juke"),
}

# Ninja BoostDir pad (characters/stickman/NinjaExtra.tscn), limited out of combo (NinjaExtra.gd show_options)
_UI_CACHE: dict = {}


def _ui():
    if not _UI_CACHE:
        _UI_CACHE["ui"] = load_ui()
    return _UI_CACHE["ui"]


def _extra_widget(char_key: str, name: str) -> dict:
    for w in _ui()["extras"][char_key]["widgets"]:
        if w["name"] == name:
            return w
    raise KeyError(name)


@dataclass
class Widget:
    """One data widget of a move's UI scene."""
    name: str
    kind: str            # XYPlot | 8Way | HorizSlider | CountOption | CheckButton | OptionButton | BlockHeight
    head: Optional[str]  # head carrying it, None if the widget is hidden/constant
    props: dict
    native: dict
    plot: Optional[Plot] = None
    enabled: tuple = ()  # 8Way: enabled DIR8 indices (facing right)


@dataclass
class MoveUI:
    name: str
    state: Optional[dict]        # StateEntry (None for Continue)
    scene: Optional[str]
    custom: Optional[str]        # custom get_data: superjump | stickybomb | shoot2 | shootdodge2 | parry
    widgets: list = field(default_factory=list)
    type: int = MOVEMENT
    air_type: int = BOTH
    reversible: bool = False
    feint_static: bool = False   # (has_hitboxes or force_feintable) and can_feint_if_possible
    is_grab: bool = False
    is_parry: bool = False       # NewParry.gd (GroundedParryState)
    is_roll: bool = False        # RollStartup.gd (RollDodge)
    pistolwhip: bool = False     # PistolWhip.gd (can_feint / can_draw_cancel overrides)
    try_shoot: bool = False      # has a try_shoot host command (CowboyExtra.gd)
    try_drive_cancel: bool = False
    force_air_juke: bool = False
    dynamic: Optional[str] = None  # fighter_update hook: summon | mroll | geyser | foresight | teleport2 | grenade


def _chain(state: dict) -> list:
    return [state.get("script"), state.get("class_name")] + list(state.get("extends") or [])


class CharSpec:
    """Static action layout of one character (heads, per-move widgets, rule keys, packing tables)."""

    def __init__(self, character: str):
        name = next((c for c in CHARACTERS if c.lower() == character.lower()), None)
        if name is None:
            raise KeyError(f"unknown character {character!r}")
        self.character = name
        self.table = load_character(name)
        self.states = self.table["states"]
        self.moves = ["Continue"] + list(self.table["menu_moves"])
        self.move_index = {m: i for i, m in enumerate(self.moves)}
        self.move_ui = [self._build_move(m) for m in self.moves]
        self.dam_states = {n for n, s in self.states.items() if s["props"].get("disable_aerial_movement")}
        self.parry_states = {n for n, s in self.states.items() if "GroundedParryState" in _chain(s)}
        # Ninja BoostDir variants
        if name == "Ninja":
            bd = Plot.from_props(_extra_widget("ninja", "BoostDir")["props"])
            self.boost_plots = (bd.with_(limit_angle=False), bd.with_(limit_angle=True))
        # heads present
        needed = {"dir": False, "dir2": False, "scalar": False, "flag1": False, "flag2": False, "option": False}
        for mu in self.move_ui:
            for w in mu.widgets:
                if w.head in needed:
                    needed[w.head] = True
        data_heads = [h for h in ("dir", "dir2", "scalar", "flag1", "flag2", "option") if needed[h]]
        data_heads += ["di", "feint", "reverse"] + list(EXTRA_HEADS[name])
        self.head_names = ["move"] + data_heads
        self.head_sizes = [len(self.moves)] + [HEAD_SIZES[h] for h in data_heads]
        self.head_pos = {h: i for i, h in enumerate(self.head_names)}
        self.data_sizes = self.head_sizes[1:]
        self.data_offsets = [int(o) for o in np.cumsum([0] + self.data_sizes)[:-1]]
        self.data_off = {h: self.data_offsets[i - 1] for h, i in self.head_pos.items() if i > 0}
        self.D = int(sum(self.data_sizes))
        self.K1 = len(self.moves)
        # rule keys and head_used
        self.keys = [[self._rule_key(mu, h) for h in data_heads] for mu in self.move_ui]
        self.head_used = np.zeros((self.K1, len(self.head_names)), dtype=bool)
        self.head_used[:, 0] = True
        for m, mu in enumerate(self.move_ui):
            for j, h in enumerate(data_heads):
                self.head_used[m, j + 1] = self.keys[m][j][0] != "zero"
        self._build_packing()

    # ---- construction ------------------------------------------------------------------------
    def _build_move(self, m: str) -> MoveUI:
        if m == "Continue":
            return MoveUI(name=m, state=None, scene=None, custom=None)
        st = self.states[m]
        p = st["props"]
        chain = _chain(st)
        direct_hitboxes = [c for c in st["children"] if "Hitbox" in ([c["kind"]] + list(c.get("extends") or []))]
        has_hitboxes = any(c["props"].get("hitbox_type", 0) != HITBOX_DETECT for c in direct_hitboxes)
        is_grab = any(c["kind"] == "ThrowBox" or "ThrowBox" in (c.get("extends") or []) for c in direct_hitboxes)
        script = st.get("script") or ""
        consts = load_scripts()["scripts"].get(script, {}).get("constants", {})
        mu = MoveUI(
            name=m, state=st, scene=p.get("data_ui_scene"), custom=None,
            type=int(p.get("type", 0)), air_type=int(p.get("air_type", 2)),
            reversible=bool(p.get("reversible", False)),
            feint_static=bool((has_hitboxes or p.get("force_feintable", False)) and p.get("can_feint_if_possible", True)),
            is_grab=is_grab,
            is_parry="GroundedParryState" in chain,
            is_roll="RollDodge" in chain,
            pistolwhip=script.endswith("swordandgun/states/PistolWhip.gd"),
            try_shoot=has_host_command(st, "try_shoot"),
            try_drive_cancel=has_host_command(st, "try_drive_cancel"),
            force_air_juke=bool(p.get("force_air_juke", False) or consts.get("force_air_juke", False)),
        )
        if mu.scene is None:
            return mu
        scene = _ui()["scenes"][mu.scene]
        rscript = scene["root"].get("script") or ""
        custom = {
            "ui/ActionSelector/ActionUIData/SuperJumpActionUIData.gd": "superjump",
            "characters/stickman/ActionUIData/StickyBombActionUIData.gd": "stickybomb",
            "characters/swordandgun/ActionUIData/Shoot2ActionUIData.gd": "shoot2",
            "characters/swordandgun/ActionUIData/ShootDodge2ActionUIData.gd": "shootdodge2",
            "ui/ActionSelector/ActionUIData/ParryActionUIData.gd": "parry",
        }.get(rscript)
        dynamic = {
            "ui/ActionSelector/ActionUIData/StickmanSummonActionUIData.gd": "summon",
            "characters/mutant/actionuidata/MutantRollActionUIData.gd": "mroll",
            "characters/wizard/ActionUiData/GeyserActionUIData.gd": "geyser",
            "characters/swordandgun/ActionUIData/ForesightActionUIData.gd": "foresight",
            "characters/swordandgun/ActionUIData/TeleportActionUIData2.gd": "teleport2",
            "characters/robo/actionuidata/GrenadeActionUIData.gd": "grenade",
            "characters/swordandgun/ActionUIData/ShootActionUIData.gd": "shoot",
        }.get(rscript)
        mu.custom, mu.dynamic = custom, dynamic
        dir_heads = iter(("dir", "dir2"))
        flag_heads = iter(("flag1", "flag2"))
        widgets = scene["widgets"]
        if custom in ("shoot2", "shootdodge2"):
            # Shoot2ActionUIData.gd get_data: x, y from Direction; holster first flag, temporal second
            order = {"Direction": 0, "Holster": 1, "ActivateTemporal": 2}
            widgets = sorted(widgets, key=lambda w: order.get(w["name"], 9))
        for w in widgets:
            kind = w["kind"]
            visible = w["native"].get("visible", True)
            wd = Widget(name=w["name"], kind=kind, head=None, props=w["props"], native=w["native"])
            if kind == "XYPlot":
                wd.plot = Plot.from_props(w["props"])
                wd.head = next(dir_heads)
            elif kind == "8Way":
                wd.enabled = tuple(sorted(DIR8_INDEX[DIR8_NAMES[n]] for n in DIR8_NAMES if w["props"].get(n)))
                wd.head = next(dir_heads)
            elif kind == "HorizSlider":
                wd.head = "scalar"
            elif kind == "CountOption":
                # parry timing is hidden on reblock parries (ParryActionUIData.gd on_button_selected)
                if custom == "parry" and st["props"].get("reblock"):
                    wd.head = None
                else:
                    wd.head = "scalar"
            elif kind == "CheckButton":
                if custom in ("shoot2", "shootdodge2") and w["name"] == "ActivateTemporal":
                    wd.head = "flag2" if custom == "shoot2" else "flag1"
                elif not visible and custom not in ("shoot2", "shootdodge2"):
                    wd.head = None        # e.g. Grab's "Jump": never shown, always its pressed state
                else:
                    wd.head = next(flag_heads)
            elif kind == "OptionButton":
                wd.head = "option"
            elif kind == "BlockHeight":
                wd.head = "flag1"
                next(flag_heads)
            mu.widgets.append(wd)
        if custom == "shootdodge2":
            pass
        return mu

    def widget(self, mu: MoveUI, head: str) -> Optional[Widget]:
        for w in mu.widgets:
            if w.head == head:
                return w
        return None

    def _rule_key(self, mu: MoveUI, h: str) -> tuple:
        """The mask rule of (move, head): ("zero",) = bin 0 only, static kinds, dynamic kinds."""
        cont = mu.state is None
        if h in ("dir", "dir2", "scalar", "flag1", "flag2", "option"):
            w = self.widget(mu, h)
            if w is None:
                return ("zero",)
            if w.kind == "XYPlot":
                if mu.custom == "superjump":
                    return ("superjump", w.plot)
                if mu.dynamic == "foresight":
                    return ("foresight", w.plot)
                if mu.dynamic == "teleport2":
                    return ("teleport2", w.plot)
                if mu.dynamic == "grenade":
                    return ("grenade", w.plot)
                return ("xy", w.plot)
            if w.kind == "8Way":
                if mu.dynamic == "summon":
                    return ("summon",)
                if mu.dynamic == "mroll":
                    return ("mroll", w.enabled)
                return ("dir8", w.enabled)
            if w.kind == "HorizSlider":
                return ("all", SCALAR_BINS)
            if w.kind == "CountOption":
                if mu.dynamic == "geyser":
                    return ("geyser",)
                lo, hi = int(w.props.get("min_value", 0)), int(w.props.get("max_value", 10))
                return ("count", max(lo, 1), min(hi, SCALAR_BINS))
            if w.kind == "CheckButton":
                if mu.custom == "stickybomb":
                    return ("sticky",)
                if w.name == "ActivateTemporal":
                    return ("temporal",)
                return ("all", 2)
            if w.kind == "BlockHeight":
                return ("all", 2)
            if w.kind == "OptionButton":
                n = len(w.native.get("items", [])) // 5
                return ("all", n)
            raise AssertionError(w.kind)
        if h == "di":
            return ("all", XY_BINS)
        if h == "feint":
            if cont or not mu.feint_static:
                return ("zero",)
            return ("feint", mu.pistolwhip)
        if h == "reverse":
            return ("all", 2) if (not cont and mu.reversible) else ("zero",)
        # character extras: keyed by the move's class for the rule at hand
        if h == "explode":
            return ("n_explode",)
        if h == "hook":
            return ("n_hook", "continue" if cont else ("parry" if mu.is_parry else "other"))
        if h == "release":
            kind = "continue" if cont else ("defmov" if mu.type in (DEFENSE, MOVEMENT) else "other")
            return ("n_release", kind)
        if h == "aimage":
            if cont:
                return ("c_aimage", "continue", None)
            kind = "defense" if mu.type == DEFENSE else ("foresight" if mu.name in ("Foresight", "ForesightNeutral") else "other")
            return ("c_aimage", kind, mu.air_type)
        if h == "gun_cancel":
            if cont or not mu.try_shoot:
                return ("zero",)
            return ("c_gun", mu.pistolwhip)
        if h == "hover":
            return ("w_hover", "continue" if cont else ("parry" if mu.is_parry else "other"))
        if h == "detonate":
            return ("w_det",)
        if h == "orb":
            return ("w_orb",)
        if h == "fly":
            kind = "continue" if cont else ("roll" if mu.is_roll else ("parry" if mu.is_parry else "other"))
            return ("r_fly", kind)
        if h == "armor":
            kind = "defmov" if (not cont and mu.type in (DEFENSE, MOVEMENT) and mu.name != "Step") else "other"
            return ("r_armor", kind)
        if h == "nade":
            return ("r_nade",)
        if h == "drive":
            return ("r_drive", bool(not cont and mu.try_drive_cancel))
        if h == "loic":
            return ("r_loic",)
        if h == "spike":
            return ("m_spike",)
        if h == "juke":
            if cont:
                kind = "continue"
            elif mu.type == DEFENSE or mu.name == "DashBackward":
                kind = "invalid"
            else:
                kind = "air" if mu.force_air_juke else "other"
            return ("m_juke", kind)
        raise KeyError(h)

    def _build_packing(self):
        """Distinct keys per head; static masks; varying bits of dynamic keys; gather index."""
        data_heads = self.head_names[1:]
        self.key_list: list = []          # (head j, key)
        self.key_id = {}
        self.move_key = np.zeros((self.K1, len(data_heads)), dtype=np.int64)
        for m in range(self.K1):
            for j, h in enumerate(data_heads):
                k = (j, self.keys[m][j])
                if k not in self.key_id:
                    self.key_id[k] = len(self.key_list)
                    self.key_list.append(k)
                self.move_key[m, j] = self.key_id[k]
        self.static_mask = {}      # key id -> mask (static keys)
        self.dyn_keys = []         # key ids of dynamic keys
        self.dyn_bits = {}         # key id -> (positions of varying bits, constant bits array)
        slot = 0
        self.dyn_slot = {}
        for kid, (j, key) in enumerate(self.key_list):
            size = self.data_sizes[j]
            kind = key[0]
            if kind in STATIC_RULES:
                self.static_mask[kid] = STATIC_RULES[kind](self, key, size)
                continue
            rule = DYNAMIC_RULES[kind]
            outs = [rule.evaluate(self, key, size, f) for f in itertools.product(*rule.domain(self, key))]
            arr = np.array(outs, dtype=bool)
            always = arr.all(axis=0)
            never = ~arr.any(axis=0)
            varying = np.nonzero(~(always | never))[0]
            self.dyn_keys.append(kid)
            self.dyn_bits[kid] = (varying, always)
            self.dyn_slot[kid] = slot
            slot += len(varying)
        self.n_dyn = slot
        self.mask_size = self.K1 + self.n_dyn
        # gather index [K1, D] into bank = [0, 1, dyn...]
        idx = np.zeros((self.K1, self.D), dtype=np.int64)
        for m in range(self.K1):
            for j in range(len(data_heads)):
                kid = int(self.move_key[m, j])
                off = self.data_offsets[j]
                size = self.data_sizes[j]
                if kid in self.static_mask:
                    idx[m, off:off + size] = self.static_mask[kid].astype(np.int64)
                else:
                    varying, always = self.dyn_bits[kid]
                    idx[m, off:off + size] = always.astype(np.int64)
                    for t, b in enumerate(varying):
                        idx[m, off + b] = 2 + self.dyn_slot[kid] + t
        self.gather_index = idx

    # ---- helpers -----------------------------------------------------------------------------
    def describe(self) -> dict:
        return dict(character=self.character, head_names=list(self.head_names), head_sizes=list(self.head_sizes),
                    mask_size=self.mask_size, moves=list(self.moves))


@functools.lru_cache(maxsize=None)
def get_spec(character: str) -> CharSpec:
    name = next((c for c in CHARACTERS if c.lower() == str(character).lower()), character)
    return CharSpec(name)
