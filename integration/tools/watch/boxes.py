"""Approximate boxes for traces that do not record them, derived from the frame-data tables.

Godot traces carry no boxes.  Our engine can record the exact ones under a tick's optional
``boxes`` key (see :mod:`integration.tracefile`); when a tick has none, the viewer draws the
boxes this module derives from the extracted tables (``states.data.load_character``):

* the fighter's collision box and hurtbox from the character root (defaults from the game's
  ``BaseChar.tscn`` / per-character overrides while the tables are not there);
* a ``HurtboxState`` of the current state replacing the hurtbox during its window, and active
  ``LimbHurtbox``es;
* the current state's hitboxes, active when ``start_tick <= st + 1 < start_tick + active_ticks``
  (``start_tick <= 0``: scripted, never shown; ``always_on``: always), x mirrored by facing;
* for objects (projectiles...), the hurtbox and active hitboxes of their scene in
  ``states.data.load_objects()``, matched by the trace's ``scene`` (file stem) and ``state``.

This is an approximation (scripts activate, move and resize boxes; hitlag is ignored) and the
page labels it so.  Everything here is replaceable by the engine's exact boxes: the output is
the same ``{"p1": [box], "p2": [box], "objects": {}}`` shape, a box being
``{"kind", "x", "y", "w", "h"}`` in world pixels (centre, half-extents; y grows downward).
"""
from __future__ import annotations

import functools
from typing import Any

# Character root geometry, from characters/BaseChar.tscn and the character scenes that override it
# (the characters' scenes at 4450348): (x, y, half-width, half-height) offsets from the fighter's position.
_BASE_COLLISION = (0, -14, 12, 14)
_BASE_HURTBOX = (0, -16, 14, 16)
DEFAULT_GEOMETRY = {
    "Ninja": {"collision": _BASE_COLLISION, "hurt": _BASE_HURTBOX},
    "Cowboy": {"collision": _BASE_COLLISION, "hurt": _BASE_HURTBOX},
    "Wizard": {"collision": _BASE_COLLISION, "hurt": _BASE_HURTBOX},
    "Robot": {"collision": (0, -15, 12, 15), "hurt": (0, -17, 15, 17)},
    "Mutant": {"collision": _BASE_COLLISION, "hurt": (0, -16, 12, 16)},
}

# Which kind of child node a table entry is, from its class/script name (most specific first).
_CHILD_KINDS = (("SweptHitbox", "hit"), ("ThrowBox", "throw"), ("Hitbox", "hit"),
                ("HurtboxState", "hurtstate"), ("LimbHurtbox", "limb"))


class CharacterBoxes:
    """What one character's table says about boxes: root geometry and, per state, its box nodes."""

    def __init__(self, name: str, source: str, collision, hurt, states: dict[str, list[dict]]):
        self.name = name
        self.source = source            # "tables" or "defaults"
        self.collision = collision      # (x, y, w, h) offsets
        self.hurt = hurt
        self.states = states            # state name -> [{"kind", "x", "y", "w", "h", "start", "active", ...}]


# --------------------------------------------------------------------------- reading the tables

def _props(node: dict) -> dict:
    """A node's properties, whether the table nests them under ``props`` or not."""
    merged = {k: v for k, v in node.items() if not isinstance(v, (dict, list)) or k in ("to_x", "to_y")}
    if isinstance(node.get("props"), dict):
        merged.update(node["props"])
    return merged


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(float(value))
    except (TypeError, ValueError):
        return default


def _kind_of(node: dict) -> str | None:
    labels = " ".join(str(node.get(k, "")) for k in ("kind", "class", "class_name", "type", "script", "node_type"))
    props = node.get("props")
    if isinstance(props, dict):
        labels += " " + str(props.get("script", ""))
    for needle, kind in _CHILD_KINDS:
        if needle in labels:
            return kind
    return None


def _rect(node: dict, default: tuple | None) -> tuple | None:
    p = _props(node)
    if not any(k in p for k in ("x", "y", "width", "height")):
        return default
    d = default or (0, 0, 20, 20)
    return (_int(p.get("x", d[0])), _int(p.get("y", d[1])), _int(p.get("width", d[2])), _int(p.get("height", d[3])))


def _find_root_box(table: dict, names: tuple[str, ...], default: tuple) -> tuple:
    """The root CollisionBox/Hurtbox, looked for under the usual spellings of a table."""
    places = [table, table.get("root") or {}, table.get("nodes") or {}, table.get("boxes") or {}]
    for place in places:
        if isinstance(place, dict):
            for name in names:
                if isinstance(place.get(name), dict):
                    return _rect(place[name], default) or default
    for key in ("children", "nodes"):
        for place in (table, table.get("root") or {}):
            children = place.get(key) if isinstance(place, dict) else None
            if isinstance(children, list):
                for child in children:
                    if isinstance(child, dict) and child.get("name") in names:
                        return _rect(child, default) or default
    return default


def _state_boxes(state: dict) -> list[dict]:
    children = state.get("children") or []
    if isinstance(children, dict):                    # {name: node}
        children = [dict(v, name=k) for k, v in children.items() if isinstance(v, dict)]
    boxes = []
    for child in children:
        if not isinstance(child, dict):
            continue
        kind = _kind_of(child)
        if kind is None:
            continue
        p = _props(child)
        default_start, default_active = {"hit": (0, 5), "throw": (0, 5), "hurtstate": (1, 1), "limb": (0, 0)}[kind]
        box = {"kind": kind, "name": child.get("name", ""),
               "x": _int(p.get("x", 0)), "y": _int(p.get("y", 0)),
               "w": _int(p.get("width", 20)), "h": _int(p.get("height", 20)),
               "start": _int(p.get("start_tick", default_start)),
               "active": _int(p.get("active_ticks", default_active)),
               "endless": bool(p.get("endless", False)), "always_on": bool(p.get("always_on", False))}
        if "to_x" in p or "to_y" in p:
            box["to_x"], box["to_y"] = _int(p.get("to_x", 0)), _int(p.get("to_y", 0))
        boxes.append(box)
    return boxes


def _normalise(name: str, table: Any) -> CharacterBoxes:
    defaults = DEFAULT_GEOMETRY.get(name, {"collision": _BASE_COLLISION, "hurt": _BASE_HURTBOX})
    if not isinstance(table, dict):
        raise TypeError(f"table for {name} is a {type(table).__name__}, not a dict")
    collision = _find_root_box(table, ("CollisionBox", "collision_box", "collision"), defaults["collision"])
    hurt = _find_root_box(table, ("Hurtbox", "hurtbox", "hurt"), defaults["hurt"])
    raw_states = table.get("states", {})
    if isinstance(raw_states, list):
        raw_states = {s.get("name"): s for s in raw_states if isinstance(s, dict)}
    states = {}
    for state_name, state in raw_states.items():
        if isinstance(state, dict):
            boxes = _state_boxes(state)
            if boxes:
                states[state_name] = boxes
    return CharacterBoxes(name, "tables", collision, hurt, states)


@functools.lru_cache(maxsize=None)
def character_boxes(name: str) -> CharacterBoxes:
    """The box data for a character: from the extracted tables when they load, else the defaults."""
    try:
        from states.data import load_character  # imported on first use: the tables are large
        return _normalise(name, load_character(name))
    except Exception:  # noqa: BLE001 - any missing/changed table means "no tables": degrade, don't fail
        d = DEFAULT_GEOMETRY.get(name, {"collision": _BASE_COLLISION, "hurt": _BASE_HURTBOX})
        return CharacterBoxes(name, "defaults", d["collision"], d["hurt"], {})


@functools.lru_cache(maxsize=None)
def _object_tables() -> dict[str, Any]:
    """Object scenes by file stem (the trace's ``scene`` field), from the tables; {} without them."""
    try:
        from states.data import load_objects
        by_stem: dict[str, Any] = {}
        for path, entry in load_objects().get("objects", {}).items():
            stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            by_stem.setdefault(stem, entry)
        return by_stem
    except Exception:  # noqa: BLE001 - no tables: objects are drawn without boxes
        return {}


@functools.lru_cache(maxsize=None)
def object_boxes(scene: str) -> CharacterBoxes | None:
    """Box data of an object scene (projectile, summon...), or None when the tables lack it."""
    entry = _object_tables().get(scene)
    if not isinstance(entry, dict):
        return None
    try:
        return _normalise(scene, entry)
    except Exception:  # noqa: BLE001
        return None


# --------------------------------------------------------------------------- per tick

def _place(kind: str, offset: tuple, px: int, py: int, facing: int, name: str = "") -> dict:
    x, y, w, h = offset
    box = {"kind": kind, "x": px + x * facing, "y": py + y, "w": w, "h": h}
    if name:
        box["name"] = name
    return box


def hitbox_active(box: dict, st: int) -> bool:
    """The tables' activity window for a hitbox (scripted boxes, start_tick <= 0, are unknown: off)."""
    if box.get("always_on"):
        return True
    start = box["start"]
    return start > 0 and start <= st + 1 < start + box["active"]


def _window_active(box: dict, st: int) -> bool:
    """HurtboxState / LimbHurtbox windows (ObjectState.is_hurtbox_active)."""
    start = box["start"]
    after_start = start <= 0 or st + 1 > start
    before_end = box.get("endless") or st <= start + box["active"]
    return after_start and before_end


def fighter_boxes(cb: CharacterBoxes, fighter: dict, collision: bool = True) -> list[dict]:
    """Collision box, hurtbox (or the state's replacement), limb hurtboxes and active hitboxes.
    Works for objects too (same fields: ``px``, ``py``, ``facing``, ``state``, ``st``)."""
    # a trace is untrusted: a field of the wrong type draws at a default instead of failing
    px, py = _whole(fighter.get("px"), 0), _whole(fighter.get("py"), 0)
    facing = 1 if _whole(fighter.get("facing"), 1) >= 0 else -1
    st = _whole(fighter.get("st"), 0)
    state = fighter.get("state")
    state_boxes = cb.states.get(state, []) if isinstance(state, str) else []
    hurt = cb.hurt
    for b in state_boxes:
        if b["kind"] == "hurtstate" and _window_active(b, st):
            hurt = (b["x"], b["y"], b["w"], b["h"])
    out = [_place("collision", cb.collision, px, py, facing)] if collision else []
    out.append(_place("hurt", hurt, px, py, facing))
    for b in state_boxes:
        if b["kind"] == "limb" and _window_active(b, st):
            out.append(_place("limb", (b["x"], b["y"], b["w"], b["h"]), px, py, facing, b["name"]))
        elif b["kind"] in ("hit", "throw") and hitbox_active(b, st):
            box = _place(b["kind"], (b["x"], b["y"], b["w"], b["h"]), px, py, facing, b["name"])
            if "to_x" in b:
                box["to_x"], box["to_y"] = b["to_x"] * facing, b["to_y"]
            out.append(box)
    return out


def _whole(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def derive_tick_boxes(tick: dict, p1_name: str, p2_name: str) -> dict:
    """Boxes for one tick line, in the shape of the tick's optional ``boxes`` key."""
    objects = {}
    for obj in tick.get("objects") or []:
        ob = object_boxes(str(obj.get("scene", "")))
        if ob is not None:
            objects[str(obj.get("name"))] = fighter_boxes(ob, obj, collision=False)
    return {"p1": fighter_boxes(character_boxes(p1_name), tick["p1"]),
            "p2": fighter_boxes(character_boxes(p2_name), tick["p2"]),
            "objects": objects}


def derive_boxes(header: dict, ticks: list[dict]) -> tuple[list[dict | None], str]:
    """Per tick: ``None`` where the tick records its own boxes, else the derived ones; and the
    source of the derived ones: ``"tables"``, ``"defaults"`` (root boxes only) or ``"recorded"``."""
    p1, p2 = header.get("p1", "?"), header.get("p2", "?")
    out: list[dict | None] = []
    for rec in ticks:
        out.append(None if isinstance(rec.get("boxes"), dict) else derive_tick_boxes(rec, p1, p2))
    if all(b is None for b in out) and out:
        return out, "recorded"
    sources = {character_boxes(p1).source, character_boxes(p2).source}
    return out, "tables" if sources == {"tables"} else "defaults"
