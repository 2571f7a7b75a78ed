"""``yomi replay dataset``: every decision of a folder of the game's replays, in the environment's layout.

Each replay is re-simulated as :mod:`.importer` does.  At every decision both players' observation
is written exactly as :class:`integration.env.env.YomiEnv` writes it (``backends.observe_decision``:
the features, then the packed masks), and the input the replay holds is encoded into the env's
unified action heads (``encoding.encode``, then ``CharLayout.from_char_heads``).  The env's action
grid is coarser than the game's pixel-exact widgets (DI, plots, sliders), so an input off the grid
is stored as its nearest legal bin and flagged ``exact = False``.  A move the game's panel offered
only through the Cowboy's air/ground input toggles (its list is built with them, the env's move mask
before them) is stored as chosen and flagged ``allowed = False``.

The ``.npz`` holds, for N decisions (two per turn, P1 then P2):

==============  ===================  ==========================================================
``obs``         float32[N, OBS_SIZE] the agent's observation (masks packed at ``FEATURE_SIZE``)
``actions``     int32[N, N_HEADS]    the input in the unified heads (``MultiDiscrete(HEAD_SIZES)``)
``move_mask``   bool[N, K1]          the legal moves (the data masks: ``obs.decode_masks``)
``exact``       bool[N]              whether the input lies on the env's grid
``allowed``     bool[N]              whether the env's masks allow the stored action
``player``      int8[N]              1 or 2
``character``   int8[N]              index into ``obs.CHARACTERS``
``tick``        int32[N]             the tick after which the decision was taken
``replay``      int32[N]             index into ``files``
``files``       str[R]               the replay file names, sorted
==============  ===================  ==========================================================

Contract: :func:`build_dataset` writes the whole file or nothing and raises one
:class:`ReplayError` naming the replay for any replay the importer would refuse, or an input with
no encoding in the env's heads.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from integration.engine import EngineError, create_match
from integration.env import encoding as E
from integration.env import action_layout as AL
from integration.env import obs as O
from integration.env.backends import check_action, observe_decision
from yomi.match import DEFAULT_SETTINGS

from .importer import MAX_TICKS, check_version, match_settings
from .replayfile import Replay, read_replay
from .variant import DEFAULT_LIMITS, Limits, ReplayError

MAX_FILES = 100_000


def replay_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise ReplayError(f"{folder}: not a folder")
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.name.endswith((".replay", ".replay.gz")))
    if not files:
        raise ReplayError(f"{folder}: no .replay or .replay.gz files")
    if len(files) > MAX_FILES:
        raise ReplayError(f"{folder}: more than {MAX_FILES:,} replays")
    return files


def decisions(replay: Replay, engine: str = "c"):
    """Yield ``(tick, player, character, obs row, unified heads, move mask, exact, allowed)`` for every
    decision."""
    def fail(message: str) -> ReplayError:
        return ReplayError(message, None, str(replay.path) if replay.path else None)

    try:
        check_version(replay)
        settings = match_settings(replay)
        chars = tuple(AL.CHAR_INDEX[AL.canonical_character(name)] for name in (replay.p1, replay.p2))
        match = create_match(replay.p1, replay.p2, replay.seed, settings, engine)
    except ReplayError as exc:
        raise fail(exc.message) from None
    except (KeyError, EngineError, TypeError, ValueError, AttributeError) as exc:
        raise fail(f"the engine cannot start this match ({exc})") from None
    game_length = int(settings.get("game_length", DEFAULT_SETTINGS["game_length"]))
    out = np.zeros((2, O.OBS_SIZE), dtype=np.float32)
    pending = {p: dict(replay.inputs[p]) for p in (1, 2)}
    while match.result() is None and match.current_tick < MAX_TICKS:
        if not match.is_waiting():
            match.tick()
            continue
        tick = match.current_tick
        choices = [pending[p].pop(tick + 1, None) for p in (1, 2)]
        if None in choices:
            if choices == [None, None] and not pending[1] and not pending[2]:
                return          # saved mid-match: its decisions so far
            raise fail(f"no input for tick {tick + 1}, where the engine asks for a decision")
        state, sts, fvs, _ = observe_decision(match, out, chars, game_length)
        for player, (key, other) in ((1, ("p1", "p2")), (2, ("p2", "p1"))):
            choice = choices[player - 1]
            c = chars[player - 1]
            try:
                enc = E.encode(AL.CHARACTERS[c], choice["action"], choice["data"], choice["extra"] or {},
                               fvs[player - 1], state[other], state["objects"])
            except (KeyError, TypeError, ValueError) as exc:
                raise fail(f"tick {tick + 1}: player {player}'s input {choice['action']!r} has no env encoding "
                           f"({type(exc).__name__}: {exc})") from None
            heads = AL.CHAR_LAYOUTS[c].from_char_heads(enc.heads)
            allowed = check_action(c, sts[player - 1], heads) is None
            move_mask = np.zeros(AL.K1, dtype=bool)
            layout = AL.CHAR_LAYOUTS[c]
            for u in range(AL.K1):
                m = layout.u2c[u]
                move_mask[u] = m >= 0 and bool(sts[player - 1].move_mask[m])
            yield tick, player, c, out[player - 1].copy(), heads, move_mask, bool(enc.exact), allowed
        for player, choice in zip((1, 2), choices):
            try:
                match.submit(player, choice["action"], choice["data"], choice["extra"])
            except (EngineError, ValueError, TypeError) as exc:   # InvalidAction is a ValueError
                raise fail(f"tick {tick + 1}: the engine refuses player {player}'s input ({exc})") from None


def build_dataset(folder: Path, out: Path, limits: Limits = DEFAULT_LIMITS, engine: str = "c") -> str:
    """Write the decisions of every replay in ``folder`` to ``out`` (.npz); returns a summary line."""
    files = replay_files(folder)
    rows: dict[str, list] = {k: [] for k in ("obs", "actions", "move_mask", "exact", "allowed", "player",
                                             "character", "tick", "replay")}
    for index, path in enumerate(files):
        for tick, player, c, obs_row, heads, move_mask, exact, allowed in decisions(read_replay(path, limits), engine):
            for key, value in (("obs", obs_row), ("actions", heads), ("move_mask", move_mask), ("exact", exact),
                               ("allowed", allowed), ("player", player), ("character", c), ("tick", tick),
                               ("replay", index)):
                rows[key].append(value)
    n = len(rows["obs"])
    arrays = {
        "obs": np.asarray(rows["obs"], dtype=np.float32).reshape(n, O.OBS_SIZE),
        "actions": np.asarray(rows["actions"], dtype=np.int32).reshape(n, AL.N_HEADS),
        "move_mask": np.asarray(rows["move_mask"], dtype=bool).reshape(n, AL.K1),
        "exact": np.asarray(rows["exact"], dtype=bool),
        "allowed": np.asarray(rows["allowed"], dtype=bool),
        "player": np.asarray(rows["player"], dtype=np.int8),
        "character": np.asarray(rows["character"], dtype=np.int8),
        "tick": np.asarray(rows["tick"], dtype=np.int32),
        "replay": np.asarray(rows["replay"], dtype=np.int32),
        "files": np.asarray([p.name for p in files]),
    }
    tmp = out.with_name(out.name + f".tmp{os.getpid()}.npz")
    try:
        np.savez_compressed(tmp, **arrays)
        tmp.replace(out)
    finally:
        if tmp.exists():
            tmp.unlink()
    exact, allowed = int(arrays["exact"].sum()), int(arrays["allowed"].sum())
    return (f"dataset: {n} decisions from {len(files)} replays ({exact} on the env's grid, {n - exact} moved to "
            f"the nearest bin; {n - allowed} not allowed by the env's masks) -> {out}")
