"""Turn resolved Godot values into the JSON forms our tables use.

=============================  ==============================================================
Godot value                    JSON
=============================  ==============================================================
int / float / bool / null      the same (a float always keeps its decimal point: ``5.0``)
String (incl. fixed-point)     string, text kept exactly (``"2.0"`` stays ``"2.0"``)
Vector2 / Vector3 / Rect2      ``[x, y]`` / ``[x, y, z]`` / ``[x, y, w, h]`` (floats)
Color                          ``[r, g, b, a]`` (floats)
Pool*Array                     a list (``PoolVector2Array`` -> list of ``[x, y]``)
resource (ExtResource, load)   its path without ``res://``, e.g. ``"mechanics/Hitbox.gd"``
SubResource                    ``{"SubResource": type, "ref": "<file>::SubResource(<id>)"}`` (contents
                               are not copied; the extractor lists them as ignored.  SpriteFrames
                               are read separately into the "animations" tables)
NodePath("a/b")                ``{"NodePath": "a/b"}``
inf / -inf / nan               ``{"float": "inf"}`` ...
other constructors             ``{"<Name>": [args...]}`` (e.g. ``Transform2D``)
Dictionary, string keys        an object in the same key order
Dictionary, other keys         ``{"__pairs__": [[key, value], ...]}`` (keys keep their type,
                               e.g. ``host_commands`` ticks are ints); the loader turns this
                               back into a dict
=============================  ==============================================================
"""
from __future__ import annotations

import json

from .gdexpr import ResPath, ScriptRef
from .variant import Ctor, Special

__all__ = ["to_json", "dumps", "PAIRS"]

PAIRS = "__pairs__"

_FLOAT_VECTORS = {"Vector2": 2, "Vector3": 3, "Rect2": 4, "Color": 4, "Quat": 4, "Plane": 4}
_POOL_GROUP = {"PoolVector2Array": 2, "PoolVector3Array": 3, "PoolColorArray": 4}


def _f(x):
    if isinstance(x, Special):
        return {"float": x.text}
    return float(x)


def to_json(v):
    # local import: SubRes/_Unevaluated live in project.py which imports this module's siblings
    from .project import SubRes, UNEVALUATED

    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            return {"float": "nan" if v != v else ("inf" if v > 0 else "-inf")}
        return v
    if isinstance(v, Special):
        return {"float": v.text}
    if isinstance(v, ResPath):
        return v.path
    if isinstance(v, ScriptRef):
        return v.path
    if v is UNEVALUATED:
        return {"unevaluated": True}
    if isinstance(v, SubRes):
        return {"SubResource": v.type, "ref": f"{v.scene}::SubResource({v.id})"}
    if isinstance(v, Ctor):
        if v.name in _FLOAT_VECTORS and len(v.args) == _FLOAT_VECTORS[v.name]:
            return [_f(a) for a in v.args]
        if v.name == "Color" and len(v.args) == 3:
            return [_f(a) for a in v.args] + [1.0]
        if v.name in _POOL_GROUP:
            k = _POOL_GROUP[v.name]
            a = list(v.args)
            return [[_f(x) for x in a[i:i + k]] for i in range(0, len(a), k)]
        if v.name in ("PoolIntArray", "PoolByteArray"):
            return [int(a) for a in v.args]
        if v.name == "PoolRealArray":
            return [_f(a) for a in v.args]
        if v.name == "PoolStringArray":
            return [str(a) for a in v.args]
        if v.name == "NodePath" and len(v.args) == 1:
            return {"NodePath": v.args[0]}
        return {v.name: [to_json(a) for a in v.args]}
    if isinstance(v, (list, tuple)):
        return [to_json(x) for x in v]
    if isinstance(v, dict):
        keys = [to_json(k) for k in v]
        if all(isinstance(k, str) for k in keys) and len(set(keys)) == len(keys):
            return {k: to_json(x) for k, x in zip(keys, v.values())}
        return {PAIRS: [[k, to_json(x)] for k, x in zip(keys, v.values())]}
    raise TypeError(f"cannot encode {type(v).__name__}: {v!r}")


def _check_keys(v, path="$"):
    if isinstance(v, dict):
        for k, x in v.items():
            if not isinstance(k, str):
                raise TypeError(f"{path}: non-string key {k!r} (encode with to_json first)")
            _check_keys(x, f"{path}.{k}")
    elif isinstance(v, list):
        for i, x in enumerate(v):
            _check_keys(x, f"{path}[{i}]")


def dumps(doc) -> str:
    """The one serialisation used for every table: stable, ASCII, indent 1, trailing newline.
    Refuses non-string keys (json would silently turn 3 into "3")."""
    _check_keys(doc)
    return json.dumps(doc, indent=1, sort_keys=False, ensure_ascii=True, allow_nan=False) + "\n"
