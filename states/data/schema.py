"""Shapes of the extracted frame-data tables in ``states/data/*.json``.

The tables are produced by ``yomi extract`` (``integration/tools/extract``) from the game project
(uzkbwza/hustle at commit 4450348) and hold numbers and names only.  Property names are
exactly the game's (``anim_length``, ``hitstun_ticks``, ``dir_x`` ...), so engine code
can refer to them by the names the original scripts use.

Value encoding (see ``integration/tools/extract/encode.py``)
-------------------------------------------------
* int / float / bool / null as in JSON; a Godot float always has a decimal point (``5.0``).
* Fixed-point numbers are *strings* and keep the scene's text exactly (``"2.0"``, ``"16"``).
* ``Vector2`` -> ``[x, y]``; ``Rect2`` -> ``[x, y, w, h]``; ``Color`` -> ``[r, g, b, a]`` (floats).
* A resource (script, scene, texture, sound) -> its path without ``res://``, used as a name.
* ``NodePath`` -> ``{"NodePath": "..."}``; an embedded resource -> ``{"SubResource": type, "ref": "<file>::SubResource(<id>)"}``
  (contents not copied; today only visual particle scenes embedded in Wizard states).
* A dictionary whose keys are not all strings (e.g. ``host_commands``: tick -> method) is
  stored as ``{"__pairs__": [[key, value], ...]}``; :mod:`states.data` turns it back into a
  ``dict`` with the original key types (int ticks stay ints).

Declared values only
--------------------
``props`` hold the value the scene sets, else the default of the script's ``export var``
along its ``extends`` chain.  Runtime fix-ups are *not* applied: e.g. ``iasa_at = -1``
is stored as -1 (``CharacterState.init`` turns it into ``anim_length - 1``),
``victim_hitlag = -1`` means "same as hitlag", ``combo_hitstun_ticks = -1`` means "same as
hitstun".  Editor category headers (exports named ``_c_*``) are left out.

Example (``ninja.json``, state ``GroundedPunch``, abridged)::

    {"name": "GroundedPunch", "index": 57, "defined_in": "characters/stickman/NinjaGuy.tscn",
     "edited_in": [], "base_state": false, "script": "characters/states/Idle.gd",
     "class_name": null, "extends": ["CharacterState", "ObjectState", "StateInterface", "Node"],
     "is_character_state": true,
     "props": {"anim_length": 14, "iasa_at": -1, "enter_force_dir_x": "1.0",
               "enter_force_speed": "3.0", "type": 1, "air_type": 0, "title": "Punch", ...},
     "children": [{"name": "Hitbox", "kind": "Hitbox", "type": "Node2D",
                   "script": "mechanics/Hitbox.gd", "class_name": "Hitbox",
                   "extends": ["CollisionBox", "Node2D"],
                   "props": {"x": 17, "y": -24, "width": 16, "height": 8, "damage": 35,
                             "hitstun_ticks": 12, "victim_hitlag": 4, "knockback": "2.0",
                             "start_tick": 4, "active_ticks": 2, ...},
                   "children": []}],
     "hitbox_count": 1, "menu": true}
"""
from __future__ import annotations

from typing import Any, Literal, Optional, TypedDict

JSONValue = Any


class Header(TypedDict):
    source_repo: str            # "uzkbwza/hustle"
    source_commit: str          # "4450348"
    game_version: Optional[str]  # Global.VERSION of that commit
    extractor_version: str
    table: Literal["character", "base", "objects", "ui", "scripts", "ignored"]


class ScriptRefs(TypedDict):
    script: Optional[str]       # e.g. "characters/stickman/states/Uppercut.gd"; None for plain nodes
    class_name: Optional[str]   # the script's own class_name, if any
    extends: list[str]          # base chain, nearest first: class_name where the base has one, else
                                # its path; last element is the native class ("Node", "Node2D"...)


class NodeEntry(ScriptRefs):
    """A node inside a state (hitbox, hurtbox window, host command, requirement, wind box...)
    or a box/other node of a fighter/object root."""
    name: str                   # node name; order in the parent's list is the scene order
    kind: str                   # ThrowBox | SweptHitbox | Hitbox | HurtboxState | LimbHurtbox |
                                # HostCommand | UsableRequirement | CollisionBox | <class_name> |
                                # <script stem> | <native type> (e.g. "Node" for marker nodes)
    type: Optional[str]         # native node type ("Node2D", "Node")
    props: dict[str, JSONValue]
    children: list["NodeEntry"]
    # boxes/other_nodes of a root also carry "path": node path from the root; a node that a
    # scene puts in groups carries "groups" (none below a root today)


class StateEntry(ScriptRefs):
    name: str
    index: int                  # position among the StateMachine's children
    defined_in: str             # scene that created the node
    edited_in: list[str]        # scenes that override it afterwards (inheritance order)
    base_state: bool            # fighters only: one of the 57 states of characters/BaseChar.tscn
    is_character_state: bool    # script extends CharacterState (fighter states)
    props: dict[str, JSONValue]
    children: list[NodeEntry]   # scene order (fixes hitbox naming and activation order)
    hitbox_count: int           # Hitbox-derived nodes under this state
    menu: bool                  # CharacterState only: selectable and show_in_menu and the
                                # interrupt_from_string has >= 1 category line (= has a UI button)


class AnimationEntry(TypedDict):
    frame_count: int
    loop: bool
    speed: float
    textures: list[Optional[str]]   # texture path of every frame (the keys of throw_positions)


class SpriteEntry(TypedDict):
    initial_animation: str
    initial_frame: int
    playing: bool
    speed_scale: float
    offset: list[float]
    frames_resource: Optional[str]  # "<scene>::SubResource(<id>)" or a .tres path
    animations: dict[str, AnimationEntry]


class RootEntry(ScriptRefs):
    name: str
    type: Optional[str]
    groups: list[str]
    props: dict[str, JSONValue]      # every export of the root script chain (fighter constants:
                                     # gravity, frictions, speeds, air options, modifiers, feints...)
    script_values: dict[str, dict]   # {"constants": {...}, "var_defaults": {...}} merged along the
                                     # chain (non-exported members, e.g. MAX_HEALTH = 1500)


class Counts(TypedDict, total=False):
    states: int
    base_states: int
    own_states: int
    menu_moves: int
    menu_moves_base: int
    hitbox_nodes: int
    hitbox_nodes_by_kind: dict[str, int]


class CharacterTable(Header):
    """``ninja.json`` ... ``mutant.json``: everything the engine needs for one fighter."""
    character: str                  # "ninja"
    name: str                       # Global.name_paths key ("Ninja")
    scene: str                      # "characters/stickman/NinjaGuy.tscn"
    scene_chain: list[str]          # [scene, "characters/BaseChar.tscn", "obj/BaseObj.tscn"]
    counts: Counts
    fighter: RootEntry
    boxes: dict[str, NodeEntry]     # "CollisionBox" (push box) and "Hurtbox" (default hurtbox)
    state_machine: NodeEntry        # the StateMachine node (no children listed; see states)
    other_nodes: list[NodeEntry]    # scripted non-visual nodes outside the state machine (none today)
    menu_moves: list[str]           # states with menu == true, in state order
    objects: list[str]              # object scenes this character can spawn (keys of objects.json)
    ui_scenes: list[str]            # data_ui_scene values used (keys of ui.json "scenes")
    animations: dict[str, SpriteEntry]  # by AnimatedSprite node path ("Flip/Sprite", ...)
    states: dict[str, StateEntry]   # full merged state set, in StateMachine order


class BaseTable(Header):
    """``base.json``: characters/BaseChar.tscn on its own, plus obj/BaseObj.tscn and
    projectile/BaseProjectile.tscn (roots, boxes, states)."""
    scene: str
    scene_chain: list[str]
    counts: Counts
    fighter: RootEntry
    boxes: dict[str, NodeEntry]
    state_machine: NodeEntry
    other_nodes: list[NodeEntry]
    menu_moves: list[str]
    animations: dict[str, SpriteEntry]
    states: dict[str, StateEntry]   # the 57 shared states
    base_object: dict[str, Any]     # {"scene", "scene_chain", "root", "boxes", "state_machine", "other_nodes", "states"}
    base_projectile: dict[str, Any]


class ObjectEntry(TypedDict):
    scene: str
    scene_chain: list[str]          # inheritance: [scene, ..., "projectile/BaseProjectile.tscn", "obj/BaseObj.tscn"]
    characters: list[str]           # which fighters can spawn it
    referenced_by: list[str]        # "<character or scene>: <node path> prop <name>" / "...: script <path>"
    counts: Counts
    root: RootEntry
    boxes: dict[str, NodeEntry]
    state_machine: Optional[NodeEntry]
    other_nodes: list[NodeEntry]
    animations: dict[str, SpriteEntry]
    states: dict[str, StateEntry]


class ObjectsTable(Header):
    """``objects.json``: every object (projectile/summon/explosion...) scene a fighter can spawn,
    found through ``projectile_scene``-like properties and ``preload``/``load`` literals of the
    scripts involved, recursively through the objects themselves.  An object is a scene whose
    root script extends BaseObj."""
    count: int
    objects_by_character: dict[str, list[str]]
    non_object_scenes: dict[str, list[str]]   # scenes reached the same way that are not objects
                                              # (particle effects, UI) -> characters
    objects: dict[str, ObjectEntry]           # keyed by scene path


class WidgetEntry(ScriptRefs):
    name: str                       # node name = key of the widget's value in the move data dict
    path: str                       # path inside the UI scene
    kind: Literal["XYPlot", "8Way", "HorizSlider", "CountOption", "CheckButton", "OptionButton", "BlockHeight"]
    type: Optional[str]
    scene: Optional[str]            # widget scene it instances ("ui/XYPlot/SemicirclePlot.tscn")
    props: dict[str, JSONValue]     # the widget script's stored configuration (XYPlot limits/snap,
                                    # 8Way enabled directions, slider/count ranges, ...)
    native: dict[str, JSONValue]    # Godot properties the value depends on (visible, pressed,
                                    # disabled, items, selected; text/toggle_mode when set)
    parts: dict[str, dict]          # buttons/sliders inside the widget: {path: {"type", "native"}}


class UIScene(TypedDict):
    scene: str
    scene_chain: list[str]
    root: dict[str, Any]            # the ActionUIData root (its script marks custom behaviour)
    widgets: list[WidgetEntry]      # direct children in order (one widget: its value is the data;
                                    # several: a dict keyed by widget name)
    used_by: list[str]              # "<character>/<state>"


class UITable(Header):
    count: int
    scenes: dict[str, UIScene]      # keyed by data_ui_scene path
    extras: dict[str, dict]         # character -> player_extra_params_scene: {"scene", "root", "widgets"}


class ScriptInfoEntry(TypedDict):
    class_name: Optional[str]
    extends: Optional[str]          # direct base: script path or native class
    chain: list[str]
    enums: dict[str, dict[str, int]]
    constants: dict[str, JSONValue]
    constants_not_evaluated: list[str]
    exports: list[str]
    var_defaults: dict[str, JSONValue]  # plain (non-exported, not onready) members' initial values
    vars_not_evaluated: list[str]


class ScriptsTable(Header):
    count: int
    scripts: dict[str, ScriptInfoEntry]  # every script on the chain of any extracted node


class IgnoredTable(Header):
    policy: str
    properties: list[dict]          # {"owner", "property", "reason", "count", "example"}
    nodes: list[dict]               # {"kind", "reason", "count", "example"}
    editor_separators: dict         # {"reason", "names": {name: count}}
    connections: dict               # {"reason", "list": [{"scene", "signal", "from", "to", "method"}]}
    unevaluated_defaults: list[dict]  # {"script", "member", "reason", "count"}; empty today


# The characters the tables hold, in the extractor's order (objects.json's objects_by_character
# records it). The one list of them outside the characters' own folders: the order is a format (the
# C engine's fighter table index, which snapshots carry; a character's index in the observation,
# which checkpoints depend on), so it is fixed here and every other list derives from it
# (integration/tools/gen_c.py, integration/env/action/constants.py, integration/tools/extract/checks.py).
CHARACTER_NAMES = ("ninja", "cowboy", "wizard", "robot", "mutant")
