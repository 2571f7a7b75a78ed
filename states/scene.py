"""Build fighters and objects from the extracted tables (``states/data/*.json``).

A table entry describes a scene: the root's exported properties, the collision box and
hurtbox, the sprite's animations (texture per frame: throws read them) and the state
machine's states in scene order, each with its script (and that script's ``extends``
chain), its effective exported properties and its children (hitboxes, hurtbox states,
host commands, usable requirements...).

Each state becomes an instance of the class registered for its script: the character's
own registry first (``states/<character>/``), then the base states
(:data:`states.base.SCRIPTS`), then the nearest registered class along the script's
``extends`` chain, so a character move nobody has ported yet still has the generic
behaviour and legality of its base class.
"""
from __future__ import annotations

import functools
import importlib
import pkgutil

from yomi.boxes import CollisionBox, HurtboxState, LimbHurtbox
from yomi.hitbox import Hitbox, SweptHitbox, ThrowBox
from yomi.obj import Sprite

from states.base import CLASS_NAMES, SCRIPTS
from states.machine import StateMachine
from states.state import HostCommand, UsableRequirement

_NOT_CHARACTERS = {"base", "objects", "data", "extract"}


@functools.lru_cache(maxsize=None)
def character_modules() -> dict:
    """The characters (trace names -> modules): every package of ``states/`` that defines ``FIGHTER_CLASS``.

    Adding a character is adding such a package; nothing in the core lists them.
    """
    import states

    found = {}
    for info in sorted(pkgutil.iter_modules(states.__path__), key=lambda i: i.name):
        if not info.ispkg or info.name in _NOT_CHARACTERS:
            continue
        module = importlib.import_module(f"states.{info.name}")
        fighter_class = getattr(module, "FIGHTER_CLASS", None)
        if fighter_class is not None:
            found[fighter_class.CHARACTER] = module
    return found


class TableError(RuntimeError):
    """The frame-data tables are missing or do not describe what the engine needs."""


def load_table(name: str) -> dict:
    """A table document by name (``ninja``, ``objects``...), through the tables' own loader (cached)."""
    from states import data

    try:
        return data.load_table(f"{name}.json")
    except FileNotFoundError as exc:
        raise TableError(f"frame-data table {name!r} not found ({exc})") from None


def character_module(character: str):
    modules = character_modules()
    if character not in modules:
        raise ValueError(f"unknown character {character!r} (one of {', '.join(modules)})")
    return modules[character]


def sprite_from_table(animations: dict, initial: str | None = None) -> Sprite:
    entry = next(iter(animations.values()), None) if animations else None
    if entry is None:
        return Sprite({}, "", 0)
    anims = {name: tuple(a["textures"]) for name, a in entry["animations"].items()}
    return Sprite(anims, initial if initial is not None else entry.get("initial_animation", ""),
                  entry.get("initial_frame", 0))


def _build_child(entry: dict, host, state):
    kind = entry["kind"]
    props = entry["props"]
    if kind == "ThrowBox":
        return ThrowBox(entry["name"], props, host, state)
    if kind == "Hitbox":
        return Hitbox(entry["name"], props, host, state)
    if kind == "SweptHitbox":
        return SweptHitbox(entry["name"], props, host, state)
    if kind == "HurtboxState":
        box = HurtboxState(props["x"], props["y"], props["width"], props["height"],
                           props["start_tick"], props["active_ticks"], props["endless"])
    elif kind == "LimbHurtbox":
        box = LimbHurtbox(props["x"], props["y"], props["width"], props["height"],
                          props["start_tick"], props["active_ticks"], props["endless"])
    elif kind == "HostCommand":
        return HostCommand(props["tick"], props["command"], props.get("args", []))
    elif kind == "UsableRequirement":
        return UsableRequirement(props["method"], props.get("args", []), props.get("inverse", False))
    elif kind == "CollisionBox":
        box = CollisionBox(props["x"], props["y"], props["width"], props["height"])
    else:
        return None
    box.node_name = entry["name"]
    return box


def state_class(entry: dict, scripts: dict):
    """The class porting a state's script (see the module docstring for the lookup order)."""
    for key in [entry.get("script")] + list(entry.get("extends", [])):
        if key is None:
            continue
        for registry in (scripts, SCRIPTS):
            if key in registry:
                return registry[key]
        if key in CLASS_NAMES:
            return CLASS_NAMES[key]
    raise TableError(f"no class ports script {entry.get('script')!r} (extends {entry.get('extends')})")


def build_states(host, state_entries: dict, scripts: dict) -> list:
    states = []
    for name, entry in state_entries.items():
        klass = state_class(entry, scripts)
        state = klass(name, entry["props"], [])
        state.host = host
        children = []
        for child_entry in entry.get("children", []):
            child = _build_child(child_entry, host, state)
            if child is not None:
                children.append(child)
        state.children = children
        states.append(state)
    return states


def _ordered_states(doc: dict) -> dict:
    return dict(sorted(doc["states"].items(), key=lambda item: item[1].get("index", 0)))


def build_fighter(match, character: str):
    """A fighter of ``character`` with its states, not yet initialised (``Fighter.init``)."""
    module = character_module(character)
    doc = load_table(module.TABLE)
    fighter = module.FIGHTER_CLASS(match, doc["scene"], doc["fighter"]["props"], doc["boxes"],
                                   sprite_from_table(doc.get("animations", {}), "Wait"))
    states = build_states(fighter, _ordered_states(doc), module.SCRIPTS)
    starting = doc.get("state_machine", {}).get("props", {}).get("starting_state", "")
    fighter.state_machine = StateMachine(fighter, states, starting)
    return fighter


def object_doc(scene: str) -> dict:
    objects = load_table("objects")["objects"]
    if scene not in objects:
        raise TableError(f"no table entry for the object scene {scene!r}")
    return objects[scene]


def build_object(match, scene: str):
    """An object (projectile...) of ``scene``, before it is named and initialised."""
    from states.objects import object_classes, object_state_scripts

    doc = object_doc(scene)
    root = doc["root"]
    klass = object_classes().get(root.get("script"))
    if klass is None:
        raise TableError(f"the object scene {scene!r} (script {root.get('script')!r}) is not ported yet")
    obj = klass(match, scene, root["props"], doc["boxes"], sprite_from_table(doc.get("animations", {})))
    states = build_states(obj, _ordered_states(doc), object_state_scripts())
    starting = doc.get("state_machine", {}).get("props", {}).get("starting_state", "")
    obj.state_machine = StateMachine(obj, states, starting)
    return obj
