"""The bridge's protocol: what the game's mod sends, what the server answers, and their checks.

No game file is ported here.  The mod (``integration/tools/bridge/mod/yomi_bridge/BridgeLink.gd``)
speaks JSON over HTTP to ``yomi bridge serve`` on 127.0.0.1 (docs/BRIDGE.md describes the whole
exchange).  Two requests:

``POST /start``  ``{"protocol": 1, "game_version", "p1", "p2", "seed", "match_data": {...}, "agent": 1|2}``
    a new match; the answer names the ``session``.
``POST /turn``   ``{"session", "turn", "tick", "decisions": {"p1": CHOICE, "p2": CHOICE} | null,
    "ticks": [DIGEST, ...], "end": false}``
    the previous turn's decisions of both players (null at turn 0), the digests of every tick the
    game simulated since, and the tick of the decision now open; the answer holds the agent's
    CHOICE for it (null once the match is over or the lockstep is lost) and the parity verdict.

A CHOICE is ``{"action": str, "data": ..., "extra": {...}}``, as the game's panel passes it to the
fighter (the trace format's turn entries).  A DIGEST is ``{"tick": N, "p1": FIGHTER, "p2": FIGHTER,
"objects": [OBJECT, ...]}`` with ``FIGHTER = [px, py, vx, vy, hp, state, state_tick]`` and
``OBJECT = [name, px, py, vx, vy, state, state_tick]``: what the game's own API gives
(``get_data()["object_data"]``, ``hp``, ``current_state()``), in the traces' formats.

Contract: every parse function raises :class:`ProtocolError` with one sentence (and the HTTP
status to answer with) for anything outside these shapes and bounds; nothing else is raised.
"""
from __future__ import annotations

from typing import Any

PROTOCOL = 1
MAX_BODY = 4 * 1024 * 1024          # one request; a turn's digests are far below this
MAX_TICKS_PER_TURN = 20_000         # digests in one request
MAX_OBJECTS = 256                   # objects in one digest
MAX_NAME = 64                       # characters of an action, state or object name
MAX_DEPTH = 4                       # nesting of a choice's data and extra
MAX_ITEMS = 64                      # keys of one data or extra dict, items of one list
MAX_INT = 10**12
MAX_SEED = 2**63 - 1
FIGHTER_FIELDS = ("px", "py", "vx", "vy", "hp", "state", "st")
OBJECT_FIELDS = ("name", "px", "py", "vx", "vy", "state", "st")


class ProtocolError(ValueError):
    """A request the server refuses; nothing was changed.  ``status`` is the HTTP status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def need_int(body: dict, key: str, lo: int, hi: int) -> int:
    value = body.get(key)
    if not _is_int(value) or not lo <= value <= hi:
        raise ProtocolError(f"{key!r} must be an integer from {lo} to {hi}, got {_short(value)}")
    return value


def need_name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME or not value.isprintable():
        raise ProtocolError(f"{what} must be a printable name of 1 to {MAX_NAME} characters, got {_short(value)}")
    return value


def need_object(body: Any, keys: tuple, what: str) -> dict:
    """``body`` when it is a JSON object holding exactly ``keys`` (any order)."""
    if not isinstance(body, dict):
        raise ProtocolError(f"{what} must be a JSON object")
    missing, extra = sorted(set(keys) - set(body)), sorted(set(body) - set(keys))
    if missing or extra:
        raise ProtocolError(f"{what}: " + "; ".join(p for p in (
            f"missing {', '.join(missing)}" if missing else "", f"unknown {', '.join(map(repr, extra[:5]))}"
            if extra else "") if p))
    return body


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_value(value: Any, what: str, depth: int = 0) -> None:
    """A choice's data or extra: null, booleans, integers, short strings, and lists and objects of
    them, at most MAX_DEPTH deep and MAX_ITEMS wide (what the game's widgets produce)."""
    if depth > MAX_DEPTH:
        raise ProtocolError(f"{what} is nested more than {MAX_DEPTH} deep")
    if value is None or isinstance(value, bool):
        return
    if _is_int(value):
        if abs(value) > MAX_INT:
            raise ProtocolError(f"{what}: integer {_short(value)} out of range")
        return
    if isinstance(value, float):
        raise ProtocolError(f"{what}: {value!r} is not an integer (the game's widgets give integers)")
    if isinstance(value, str):
        if len(value) > MAX_NAME:
            raise ProtocolError(f"{what}: a string longer than {MAX_NAME} characters")
        return
    if isinstance(value, (list, dict)):
        if len(value) > MAX_ITEMS:
            raise ProtocolError(f"{what} has more than {MAX_ITEMS} items")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(value, dict):
                need_name(key, f"a key of {what}")
            check_value(item, f"{what}[{key!r}]", depth + 1)
        return
    raise ProtocolError(f"{what}: unexpected value {_short(value)}")


def parse_choice(value: Any, what: str) -> dict:
    """One player's decision: ``{"action": name, "data": value, "extra": object}``."""
    choice = need_object(value, ("action", "data", "extra"), what)
    need_name(choice["action"], f"{what}'s action")
    check_value(choice["data"], f"{what}'s data")
    if not isinstance(choice["extra"], dict):
        raise ProtocolError(f"{what}'s extra must be an object")
    check_value(choice["extra"], f"{what}'s extra")
    return choice


def parse_decisions(value: Any, turn: int) -> dict | None:
    if turn == 0:
        if value is not None:
            raise ProtocolError("turn 0 has no previous decisions: 'decisions' must be null")
        return None
    body = need_object(value, ("p1", "p2"), "'decisions'")
    return {side: parse_choice(body[side], f"{side}'s decision") for side in ("p1", "p2")}


def _parse_entity(value: Any, fields: tuple, what: str) -> list:
    if not isinstance(value, list) or len(value) != len(fields):
        raise ProtocolError(f"{what} must be a list of {len(fields)} values ({', '.join(fields)})")
    for name, item in zip(fields, value):
        if name in ("px", "py", "hp", "st"):
            if not (_is_int(item) and abs(item) <= MAX_INT):
                raise ProtocolError(f"{what}: {name} must be an integer, got {_short(item)}")
        elif name == "state":
            if item is not None:
                need_name(item, f"{what}'s state")
        else:
            need_name(item, f"{what}'s {name}")
    return value


def parse_digests(value: Any) -> list[dict]:
    """The ticks' digests, in order, each tick once and increasing."""
    if not isinstance(value, list) or len(value) > MAX_TICKS_PER_TURN:
        raise ProtocolError(f"'ticks' must be a list of at most {MAX_TICKS_PER_TURN} tick digests")
    out, last = [], None
    for i, item in enumerate(value):
        d = need_object(item, ("tick", "p1", "p2", "objects"), f"ticks[{i}]")
        tick = d["tick"]
        if not _is_int(tick) or not 0 <= tick <= MAX_INT:
            raise ProtocolError(f"ticks[{i}].tick must be a non-negative integer")
        if last is not None and tick <= last:
            raise ProtocolError(f"ticks[{i}]: tick {tick} after tick {last} (ticks must increase)")
        last = tick
        _parse_entity(d["p1"], FIGHTER_FIELDS, f"ticks[{i}].p1")
        _parse_entity(d["p2"], FIGHTER_FIELDS, f"ticks[{i}].p2")
        if not isinstance(d["objects"], list) or len(d["objects"]) > MAX_OBJECTS:
            raise ProtocolError(f"ticks[{i}].objects must be a list of at most {MAX_OBJECTS} objects")
        for j, obj in enumerate(d["objects"]):
            _parse_entity(obj, OBJECT_FIELDS, f"ticks[{i}].objects[{j}]")
        out.append(d)
    return out


# ------------------------------------------------------------------ the engine's side of a digest

def digest(tick: int, state: dict) -> dict:
    """The engine's state after ``tick`` in a DIGEST's shape (the traces' field values)."""
    return {"tick": tick,
            "p1": [state["p1"][k] for k in FIGHTER_FIELDS],
            "p2": [state["p2"][k] for k in FIGHTER_FIELDS],
            "objects": [[o.get(k) for k in OBJECT_FIELDS] for o in state["objects"]]}


def differences(game: dict | None, engine: dict | None) -> list[str]:
    """What differs between the game's digest and the engine's of one tick, one line per field
    (empty when they agree).  A missing digest on either side is one line."""
    if game is None or engine is None:
        return ["the game sent no digest of this tick" if game is None else "the engine did not simulate this tick"]
    lines = []
    for side in ("p1", "p2"):
        for name, g, e in zip(FIGHTER_FIELDS, game[side], engine[side]):
            if g != e:
                lines.append(f"{side}.{name}: game {g!r}, engine {e!r}")
    if len(game["objects"]) != len(engine["objects"]):
        lines.append(f"objects: game has {len(game['objects'])}, engine {len(engine['objects'])}")
    for j, (g_obj, e_obj) in enumerate(zip(game["objects"], engine["objects"])):
        for name, g, e in zip(OBJECT_FIELDS, g_obj, e_obj):
            if g != e:
                lines.append(f"objects[{j}].{name}: game {g!r}, engine {e!r}")
    return lines


def first_divergence(game_ticks: list[dict], engine_ticks: list[dict]) -> tuple[int, list[str]] | None:
    """``(tick, differences)`` of the first tick where the game's digests and the engine's disagree
    (a tick only one side simulated counts), or None when every tick agrees."""
    games = {d["tick"]: d for d in game_ticks}
    engines = {d["tick"]: d for d in engine_ticks}
    for tick in sorted(set(games) | set(engines)):
        diff = differences(games.get(tick), engines.get(tick))
        if diff:
            return tick, diff
    return None
