"""Checks of what callers hand to the environment (integration/env/env.py, wrappers.py):
actions, constructor options and snapshots.  Not a port of any game file.

Each check either returns the value in the form the env uses or raises one clear error
(``TypeError`` for a wrong kind of value, ``ValueError`` for a wrong shape or range) before
anything changes; nothing here is silently reshaped, rounded, truncated or wrapped.
"""
from __future__ import annotations

import copy
import math
import numbers
from typing import Optional

import numpy as np

from integration.env import action_layout as AL

#: The most matches one env holds: the C batch's own limit (csrc/python/env_py.c, EnvBatch's constructor), checked before any
#: buffer is allocated (a larger request would otherwise fail inside PufferLib's allocation).
MAX_ENVS = 1 << 16
#: The longest match the settings may ask for, in ticks: 30 times the game's own 3,600 (a match that
#: long is a loop, not a game; 10^12 would run for days)
MAX_GAME_LENGTH = 108_000

_HEAD_LIMITS = np.asarray(AL.HEAD_SIZES, dtype=np.int64)
_HEAD_LIMITS_U64 = _HEAD_LIMITS.astype(np.uint64)
_HEAD_LIMITS_U32 = _HEAD_LIMITS.astype(np.uint32)


def check_int(name: str, value, low: int, high: int) -> int:
    """An integer (a Python or NumPy int, not a bool, not a float) within ``low .. high``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    v = int(value)
    if not low <= v <= high:
        raise ValueError(f"{name} must be in {low} .. {high}, got {v}")
    return v


def check_finite(name: str, value) -> float:
    """A real number (not a bool) that is neither NaN nor infinite."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, np.floating, np.integer)):
        raise TypeError(f"{name} must be a number, got {value!r}")
    v = float(value)
    if not math.isfinite(v):
        raise ValueError(f"{name} must be finite, got {v}")
    return v


def check_game_length(settings: Optional[dict]) -> None:
    """The match settings' ``game_length``, when given, is an integer of at least 1: the observation
    is the tick divided by it (0 would be a division by zero, NaN in the C env).  The other
    settings are the engine's to check (:func:`integration.engine.check_settings`)."""
    if settings is None or not isinstance(settings, dict) or "game_length" not in settings:
        return
    value = settings["game_length"]
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"game_length must be an integer, got {value!r}")
    if value < 1:
        raise ValueError(f"game_length must be at least 1 (the observation divides the tick by it), got {value}")
    if value > MAX_GAME_LENGTH:
        raise ValueError(f"game_length must be at most {MAX_GAME_LENGTH:,} ticks (a match's loop), got {value}")


def check_actions(actions, shape: tuple) -> np.ndarray:
    """``actions`` as int32 of exactly ``shape`` (its last axis the N_HEADS heads), every head value
    within ``0 .. HEAD_SIZES[k] - 1``.  A value in range may still be illegal for the character at
    that decision: that is the masks' business (``illegal=``), not this check's."""
    if not shape or shape[-1] != AL.N_HEADS:
        raise AssertionError("the expected shape ends with the heads")
    a = np.asarray(actions)
    if a.shape != tuple(shape):
        raise ValueError(f"actions must have shape {tuple(shape)} (agents x heads), got {a.shape}")
    if a.dtype == np.int64 or a.dtype == np.int32:
        # The policies' own dtypes, checked in one pass: seen as unsigned, a negative value is larger
        # than every head's size. Anything out of range takes the full check below for its message.
        limits = _HEAD_LIMITS_U64 if a.dtype == np.int64 else _HEAD_LIMITS_U32
        if (a.view(limits.dtype) < limits).all():
            return np.ascontiguousarray(a, dtype=np.int32)
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"actions must be integers, got dtype {a.dtype}")
    if a.dtype == np.uint64 and a.size and int(a.max()) > np.iinfo(np.int64).max:
        raise ValueError(f"action value {int(a.max())} is out of range")
    bad = (a.astype(np.int64) < 0) | (a.astype(np.int64) >= _HEAD_LIMITS)
    if bad.any():
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        head = at[-1]
        raise ValueError(f"action value {a[at]} at {at} is out of range for head {AL.HEAD_NAMES[head]} "
                         f"(0 .. {AL.HEAD_SIZES[head] - 1})")
    return np.ascontiguousarray(a, dtype=np.int32)


def check_pending(pending, n: int) -> np.ndarray:
    """The next match of every slot (p1, p2, game seed) as the env draws them."""
    p = np.asarray(pending)
    if p.shape != (n, 3) or p.dtype == np.bool_ or not np.issubdtype(p.dtype, np.integer):
        raise ValueError(f"snapshot pending must be integers of shape {(n, 3)}, got {p.dtype}{list(p.shape)}")
    p = p.astype(np.int64)
    if np.any((p[:, :2] < 0) | (p[:, :2] >= AL.N_CHARS)):
        raise ValueError(f"snapshot pending names a character outside 0 .. {AL.N_CHARS - 1}")
    if np.any((p[:, 2] < 0) | (p[:, 2] >= 2 ** 31 - 1)):
        raise ValueError("snapshot pending holds a game seed outside 0 .. 2**31 - 2")
    return p


def check_rng_state(rng: np.random.Generator, state) -> np.random.Generator:
    """A new generator of ``rng``'s kind set to ``state``: ValueError (not TypeError) when it cannot be."""
    fresh = np.random.Generator(type(rng.bit_generator)())
    try:
        fresh.bit_generator.state = copy.deepcopy(state)
    except (TypeError, ValueError, KeyError, OverflowError) as exc:
        raise ValueError(f"snapshot rng is not a {type(rng.bit_generator).__name__} state ({exc})") from None
    return fresh


def check_pairing_weights(weights, p1_pool: tuple, p2_pool: tuple) -> Optional[np.ndarray]:
    """YomiEnv.set_pairing_weights' argument: None, or float64[N_CHARS, N_CHARS] of finite weights
    at least 0, with some weight on a pairing the env's character pools can draw."""
    if weights is None:
        return None
    try:
        w = np.array(weights, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"pairing weights must be numbers: {exc}") from None
    if w.shape != (AL.N_CHARS, AL.N_CHARS):
        raise ValueError(f"pairing weights have shape {list(w.shape)}, expected [{AL.N_CHARS}, {AL.N_CHARS}] "
                         "(P1's character by P2's)")
    if not np.isfinite(w).all() or (w < 0).any():
        raise ValueError("pairing weights must be finite and at least 0")
    if not w[np.ix_(p1_pool, p2_pool)].sum() > 0:
        raise ValueError("pairing weights put no weight on a pairing this env draws")
    return w


def check_env_state(state, n: int, observations: np.ndarray, p1_pool: tuple, p2_pool: tuple) -> dict:
    """Everything of YomiEnv.get_state's snapshot except the backend's part, checked and copied."""
    if not isinstance(state, dict):
        raise ValueError(f"a snapshot is a dict, got {type(state).__name__}")
    missing = [k for k in ("backend", "rng", "pending", "observations", "illegal_actions", "matches_played", "tick",
                           "log") if k not in state]
    if missing:
        raise ValueError(f"snapshot lacks {', '.join(missing)}")
    obs = np.asarray(state["observations"])
    if obs.shape != observations.shape or obs.dtype != observations.dtype:
        raise ValueError(f"snapshot observations are {obs.dtype}{list(obs.shape)}, this env's are "
                         f"{observations.dtype}{list(observations.shape)}")
    if np.issubdtype(obs.dtype, np.floating) and not np.isfinite(obs).all():
        raise ValueError("snapshot observations hold numbers that are not finite (NaN or infinity)")
    log = state["log"]
    if not isinstance(log, list) or not all(isinstance(d, dict) and all(isinstance(k, str) for k in d) for d in log):
        raise ValueError("snapshot log must be a list of dicts")
    try:
        log = [{k: check_finite(f"log value {k}", v) for k, v in d.items()} for d in log]
    except TypeError as exc:
        raise ValueError(f"snapshot {exc}") from None
    out = dict(observations=obs.copy(), log=log, pending=check_pending(state["pending"], n))
    out["pairing_weights"] = check_pairing_weights(state.get("pairing_weights"), p1_pool, p2_pool)
    for k in ("illegal_actions", "matches_played", "tick"):
        try:
            out[k] = check_int(f"snapshot {k}", state[k], 0, 2 ** 62)
        except TypeError as exc:
            raise ValueError(str(exc)) from None
    return out


def check_options(num_envs, illegal_penalty, shaping: Optional[dict], report_interval) -> tuple:
    """YomiEnv's numeric options: (num_envs, illegal_penalty, shaping) checked before anything is built."""
    n = check_int("num_envs", num_envs, 1, MAX_ENVS)
    penalty = check_finite("illegal_penalty", illegal_penalty)
    if shaping is not None:
        if not isinstance(shaping, dict):
            raise TypeError(f"shaping must be a dict, got {type(shaping).__name__}")
        shaping = {k: check_finite(f"shaping[{k!r}]", v) for k, v in shaping.items()}
    check_int("report_interval", report_interval, 1, 2 ** 62)
    return n, penalty, shaping
