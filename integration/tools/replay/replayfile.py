"""Read the game's ``.replay`` files: the match settings, the seed and both players' inputs by tick.

The game writes a replay with ``ReplayManager.save_replay`` (``ReplayManager.gd``): a deep copy of
the ``match_data`` dictionary the match was started with (``singleplayer``,
``selected_characters`` ``{1: {"name": ...}, 2: {...}}``, ``seed`` and the settings panel's
values, e.g. ``stage_width``, ``game_length``), plus ``version`` (``Global.VERSION``) and
``frames``, stored with one ``File.store_var`` (see :mod:`.variant`).  ``frames`` is
``{1: {tick: input}, 2: {tick: input}, "finished": bool, "emotes": {1: {...}, 2: {...}}}``;
``input`` is ``{"action", "data", "extra"}`` exactly as the action panel passed them to
``Fighter.on_action_selected``, stored by the fighter's ``tick_before`` (``characters/BaseChar.gd``)
under the tick in which it takes effect: a decision taken after tick N is stored under N + 1.

Contract: :func:`read_replay` returns a :class:`Replay` or raises one :class:`ReplayError` naming
the file (and the byte offset or the field) for anything unreadable, malformed, over a limit or
outside this shape.  A ``.gz`` compressed replay is recognised by its magic bytes; decompression
stops at the size limit.  Which game version a replay may come from is the importer's check
(:data:`GAME_VERSION`), so a reader of other versions' files still sees their ``version``.
"""
from __future__ import annotations

import gzip
import math
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .variant import DEFAULT_LIMITS, Limits, ReplayError, Vector2, Vector3, Rect2, Color, decode_stored

GAME_VERSION = "1.9.27-steam-unstable"   # Global.VERSION of the game commit the engine ports (4450348)
_GZIP_MAGIC = b"\x1f\x8b"
# match_data keys that are not match settings: who plays, the seed, what the replay file adds, the
# HUD's player names (multiplayer), and the mark main.gd puts on a replay being watched (saved again
# when a watched replay is saved)
NON_SETTING_KEYS = ("singleplayer", "selected_characters", "seed", "version", "frames", "user_data", "replay")


@dataclass
class Replay:
    """One replay: ``inputs[player][tick]`` is the ``{"action", "data", "extra"}`` that takes effect
    in ``tick`` (the decision was taken after tick - 1), converted to the trace's JSON form."""

    version: str
    p1: str
    p2: str
    seed: int
    singleplayer: bool
    match_data: dict                 # everything but frames and version, as decoded
    inputs: dict = field(default_factory=dict)   # {1: {tick: input}, 2: {tick: input}}
    finished: bool = False
    path: Path | None = None


def as_json(value: Any, where: str) -> Any:
    """A decoded input value in the JSON form the recorder writes (its ``_j``): dictionary keys
    become strings (``str(key)``), whole floats below 1e15 become ints, vectors become lists; other
    values (bytes, non-finite floats) have no JSON form and are a :class:`ReplayError` naming
    ``where``."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ReplayError(f"{where}: a non-finite number ({value}) has no JSON form")
        return int(value) if value == math.floor(value) and abs(value) < 1e15 else value
    if isinstance(value, (Vector2, Vector3, Rect2, Color)):
        return [as_json(x, where) for x in value]
    if isinstance(value, dict):
        return {_key_text(k): as_json(v, f"{where}.{_key_text(k)}") for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(x, f"{where}[{i}]") for i, x in enumerate(value)]
    raise ReplayError(f"{where}: a {type(value).__name__} value has no JSON form")


def _key_text(key: Any) -> str:
    if isinstance(key, bool):
        return "True" if key else "False"      # GDScript's str(true)
    if isinstance(key, str):
        return key
    if isinstance(key, int):
        return str(key)
    raise ReplayError(f"a dictionary key of type {type(key).__name__} in an input")


def _read_bytes(path: Path, limits: Limits) -> bytes:
    try:
        with open(path, "rb") as handle:
            head = handle.read(2)
            handle.seek(0)
            if head != _GZIP_MAGIC:
                data = handle.read(limits.max_bytes + 5)
                if len(data) > limits.max_bytes + 4:
                    raise ReplayError(f"over {limits.max_bytes:,} bytes (limit max_bytes)")
                return data
            out = bytearray()
            inflate = zlib.decompressobj(wbits=31)
            while chunk := handle.read(1 << 16):
                out += inflate.decompress(chunk, limits.max_bytes + 5 - len(out))
                if len(out) > limits.max_bytes + 4 or inflate.unconsumed_tail:
                    raise ReplayError(f"over {limits.max_bytes:,} bytes once decompressed (limit max_bytes)")
                if inflate.eof:
                    break
            if not inflate.eof:
                raise ReplayError("a truncated gzip stream")
            return bytes(out)
    except FileNotFoundError:
        raise ReplayError("no such file") from None
    except IsADirectoryError:
        raise ReplayError("is a directory, not a replay file") from None
    except (zlib.error, gzip.BadGzipFile, EOFError) as exc:
        raise ReplayError(f"a corrupt gzip stream ({exc})") from None
    except OSError as exc:
        raise ReplayError(f"cannot read it ({exc.strerror or exc})") from None


def _field(mapping: dict, key: Any, kind: type | tuple, where: str) -> Any:
    if key not in mapping:
        raise ReplayError(f"{where} has no {key!r}")
    value = mapping[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayError(f"{where}[{key!r}] is a {type(value).__name__}, not a "
                          f"{getattr(kind, '__name__', kind)}")
    return value


def parse_replay(data: Any) -> Replay:
    """A decoded replay dictionary checked against the shape the game writes."""
    if not isinstance(data, dict):
        raise ReplayError(f"the replay is a {type(data).__name__}, not a Dictionary")
    version = _field(data, "version", str, "the replay")
    frames = _field(data, "frames", dict, "the replay")
    chars = _field(data, "selected_characters", dict, "the replay")
    names = []
    for player in (1, 2):
        entry = _field(chars, player, dict, "selected_characters")
        names.append(_field(entry, "name", str, f"selected_characters[{player}]"))
    seed = _field(data, "seed", int, "the replay")
    # main.gd plays a watched replay as a single-player game
    singleplayer = True if "replay" in data else data.get("singleplayer", False)
    if not isinstance(singleplayer, bool):
        raise ReplayError(f"the replay's singleplayer is a {type(singleplayer).__name__}, not a bool")
    inputs: dict = {}
    for player in (1, 2):
        by_tick = _field(frames, player, dict, "frames")
        inputs[player] = {}
        for tick, entry in by_tick.items():
            where = f"frames[{player}][{tick!r}]"
            if not isinstance(tick, int) or isinstance(tick, bool) or not 0 <= tick < 2**31:
                raise ReplayError(f"{where}: a tick must be an int from 0 to 2^31 - 1")
            if not isinstance(entry, dict):
                raise ReplayError(f"{where} is a {type(entry).__name__}, not a Dictionary")
            action = _field(entry, "action", str, where)
            extra = entry.get("extra")
            if extra is not None and not isinstance(extra, dict):
                raise ReplayError(f"{where}['extra'] is a {type(extra).__name__}, not a Dictionary")
            inputs[player][tick] = {"action": action, "data": as_json(entry.get("data"), f"{where}.data"),
                                    "extra": as_json(extra, f"{where}.extra")}
    finished = frames.get("finished", False)
    match_data = {k: v for k, v in data.items() if k not in ("frames", "version")}
    return Replay(version, names[0], names[1], seed, singleplayer, match_data, inputs,
                  finished is True)


def read_replay(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> Replay:
    """Read and check one ``.replay`` (or gzip-compressed) file; errors name the file."""
    path = Path(path)
    try:
        replay = parse_replay(decode_stored(_read_bytes(path, limits), limits))
    except ReplayError as exc:
        raise ReplayError(exc.message, exc.offset, str(path)) from None
    replay.path = path
    return replay
