"""The environment refuses malformed input with one clear error and changes nothing.

* actions: exactly (num_agents, N_HEADS) integers, each head within its size; transposed, flat,
  float, bool or int64 values that would wrap into int32 are refused (they were reshaped, truncated or
  wrapped into legal moves);
* options: num_envs an integer in 1 .. 65536 (2.7 was rounded down; 10**6 failed inside PufferLib's
  allocation), illegal_penalty and shaping finite;
* set_state: every part of the snapshot is checked before anything changes (a bad rng entry raised
  TypeError after the C batch was replaced; a character index of 10**9 crashed the process);
* threads: a call into an EnvBatch (or a MatchBatch) while another thread's step runs gets a
  RuntimeError naming the cause.
Hypothesis fuzzes action arrays and snapshot dicts.
"""
from __future__ import annotations

import copy
import threading

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from integration.env import action_layout as AL
from integration.env.baselines import random_legal_actions as _random_legal_actions
from integration.env.env import YomiEnv

BACKENDS = ["python", "c"]


def _c_available() -> bool:
    try:
        from yomi import _native
        return hasattr(_native, "EnvBatch")
    except ImportError:
        return False


def _env(backend: str, n: int = 2, **kw) -> YomiEnv:
    if backend == "c" and not _c_available():
        pytest.fail("the C extension is not built (uv sync)")
    env = YomiEnv(num_envs=n, seed=5, backend=backend, **kw)
    env.reset()
    return env


def _legal(env: YomiEnv, seed: int = 0) -> np.ndarray:
    return _random_legal_actions(env.observations, np.random.default_rng(seed))


# ------------------------------------------------------------------------------------------------
# actions
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_action_arrays_are_refused(backend):
    env = _env(backend)
    good = _legal(env).astype(np.int32)
    assert good.shape == (4, AL.N_HEADS)
    before = env.observations.copy()
    wrapped = good.astype(np.int64)
    wrapped[0, 0] += 2 ** 32  # wraps to the same legal move in int32
    cases = [
        (good.T.copy(), ValueError, "shape"),             # transposed
        (good.reshape(-1), ValueError, "shape"),          # flat
        (good[:2], ValueError, "shape"),                  # too few agents
        (good.astype(np.float32), TypeError, "integers"),
        (good.astype(np.float64) + 0.5, TypeError, "integers"),
        (good.astype(bool), TypeError, "integers"),
        (wrapped, ValueError, "out of range"),
        (np.full_like(good, -1), ValueError, "out of range"),
        (np.full_like(good, 10 ** 6), ValueError, "out of range"),
    ]
    for actions, exc, words in cases:
        with pytest.raises(exc, match=words):
            env.step(actions)
    assert np.array_equal(env.observations, before)  # nothing moved
    env.step(good)  # the exact shape and dtype, in range: accepted
    env.step(good.astype(np.int64))  # any integer dtype in range


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_action_fuzz(data):
    env = _env("python", n=1) if not _c_available() else _env("c", n=1)
    shape = data.draw(st.sampled_from([(2, AL.N_HEADS), (AL.N_HEADS, 2), (2 * AL.N_HEADS,), (1, AL.N_HEADS),
                                       (2, AL.N_HEADS + 1), (2, AL.N_HEADS, 1)]))
    dtype = data.draw(st.sampled_from([np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint64, np.float32, bool]))
    values = data.draw(st.lists(st.integers(-2 ** 40, 2 ** 40), min_size=int(np.prod(shape)),
                                max_size=int(np.prod(shape))))
    with np.errstate(all="ignore"):
        actions = np.array(values, dtype=np.int64).astype(dtype).reshape(shape)
    ok_shape = shape == (2, AL.N_HEADS) and dtype not in (np.float32, bool)
    in_range = ok_shape and bool(np.all((actions.astype(np.int64) >= 0) &
                                        (actions.astype(np.int64) < np.asarray(AL.HEAD_SIZES))))
    before = env.observations.copy()
    if in_range:
        env.step(actions)  # legal or not for the masks, it is played (an illegal one as Hold)
    else:
        with pytest.raises((ValueError, TypeError)):
            env.step(actions)
        assert np.array_equal(env.observations, before)


# ------------------------------------------------------------------------------------------------
# options
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs,exc,words", [
    (dict(num_envs=2.7), TypeError, "num_envs must be an integer"),
    (dict(num_envs=2.0), TypeError, "num_envs must be an integer"),
    (dict(num_envs=True), TypeError, "num_envs must be an integer"),
    (dict(num_envs=1e6), TypeError, "num_envs must be an integer"),
    (dict(num_envs=10 ** 6), ValueError, "num_envs must be in 1 .. 65536"),
    (dict(num_envs=0), ValueError, "num_envs must be in 1 .. 65536"),
    (dict(num_envs="4"), TypeError, "num_envs must be an integer"),
    (dict(illegal_penalty=float("nan")), ValueError, "illegal_penalty must be finite"),
    (dict(illegal_penalty=float("inf")), ValueError, "illegal_penalty must be finite"),
    (dict(illegal_penalty="x"), TypeError, "illegal_penalty must be a number"),
    (dict(shaping={"damage": float("nan")}), ValueError, "finite"),
    (dict(report_interval=0), ValueError, "report_interval"),
    (dict(settings={"game_length": 0}), ValueError, r"game_length must be at least 1 \(the observation divides"),
    (dict(settings={"game_length": float("inf")}), TypeError, "game_length must be an integer, got inf"),
])
def test_bad_options_are_refused(kwargs, exc, words):
    kwargs = dict(dict(num_envs=1), **kwargs)
    with pytest.raises(exc, match=words):
        YomiEnv(backend="python", **kwargs)


def test_numpy_integer_num_envs_is_accepted():
    env = YomiEnv(num_envs=np.int64(3), backend="python")
    assert env.num_envs == 3 and env.num_agents == 6


# ------------------------------------------------------------------------------------------------
# set_state: all or nothing
# ------------------------------------------------------------------------------------------------
def _snapshot(env: YomiEnv) -> dict:
    for k in range(3):
        env.step(_legal(env, k))
    return env.get_state()


def _same(a: dict, b: dict) -> bool:
    """Two snapshots equal (numpy arrays and bytes compared by value)."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.array_equal(np.asarray(a), np.asarray(b))
    return a == b


def _env_view(env: YomiEnv):
    state = env.get_state()
    state["backend"] = copy.deepcopy(state["backend"]) if env.backend_name == "c" else None
    return state


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_set_state_changes_nothing(backend):
    env = _env(backend, p1="ninja", p2="cowboy")
    snap = _snapshot(env)
    env.step(_legal(env, 9))  # the env has moved on since the snapshot
    before = _env_view(env)

    def broken(path, value):
        s = copy.deepcopy(snap)
        d = s
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
        return s

    pend = snap["pending"].copy()
    pend[0, 0] = 10 ** 9
    seeds = snap["pending"].copy()
    seeds[1, 2] = -1
    rng = copy.deepcopy(snap["rng"])
    rng["state"]["state"] = "not a number"
    cases = [
        broken(("rng",), "junk"), broken(("rng",), rng), broken(("pending",), pend), broken(("pending",), seeds),
        broken(("pending",), snap["pending"].astype(np.float64)), broken(("pending",), snap["pending"][:1]),
        broken(("observations",), snap["observations"][:, :3]), broken(("tick",), -1), broken(("tick",), "3"),
        broken(("log",), "x"), broken(("log",), [{"a": float("nan")}]), broken(("matches_played",), 1.5),
        broken(("illegal_actions",), None),
    ]
    if backend == "c":
        chars = snap["backend"]["arrays"]["chars"].copy()
        chars[0, 0] = 10 ** 9
        swapped = snap["backend"]["arrays"]["chars"][:, ::-1].copy()
        cases += [broken(("backend", "arrays", "chars"), chars), broken(("backend", "arrays", "chars"), swapped),
                  broken(("backend", "batch"), b"junk"), broken(("backend", "batch"), None),
                  broken(("backend", "engine_errors_seen"), -3), broken(("backend", "config"), None),
                  broken(("backend", "arrays"), {})]
    else:
        chars = snap["backend"]["chars"].copy()
        chars[1, 1] = 10 ** 9
        cases += [broken(("backend", "chars"), chars), broken(("backend", "matches"), None)]
    del_key = copy.deepcopy(snap)
    del del_key["rng"]
    cases += [del_key, "not a dict"]
    for k, bad in enumerate(cases):
        with pytest.raises(ValueError):
            env.set_state(bad)
        assert _same(_env_view(env), before), k
    env.set_state(snap)  # the good one still loads
    assert _same(_env_view(env), _env_view(env))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_set_state_fuzz(data):
    backend = "c" if _c_available() else "python"
    env = _env(backend, n=1)
    snap = _snapshot(env)
    before = _env_view(env)
    bad = copy.deepcopy(snap)
    junk = st.one_of(st.none(), st.integers(-2 ** 70, 2 ** 70), st.floats(allow_nan=True), st.text(max_size=5),
                     st.binary(max_size=20), st.lists(st.integers(), max_size=3),
                     st.builds(lambda v: np.full((1, 3), v, dtype=np.int64), st.integers(-2 ** 62, 2 ** 62)))
    keys = [("rng",), ("pending",), ("observations",), ("illegal_actions",), ("matches_played",), ("tick",),
            ("log",)]
    keys += [("backend", k) for k in snap["backend"]] if isinstance(snap["backend"], dict) else []
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(keys))
        d = bad
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = data.draw(junk)
    try:
        env.set_state(bad)
    except ValueError:
        assert _same(_env_view(env), before)
    else:  # accepted: it was a valid snapshot after all, and the env plays on
        env.step(_legal(env))


# ------------------------------------------------------------------------------------------------
# threads
# ------------------------------------------------------------------------------------------------
def test_concurrent_calls_into_a_stepping_env_are_refused():
    if not _c_available():
        pytest.fail("the C extension is not built (uv sync)")
    env = _env("c", n=256)
    batch = env.backend.batch
    actions = [_legal(env, k) for k in range(4)]
    errors, stop = [], threading.Event()

    def stepper():  # 30 steps; a step refused because the main thread's own step runs is tried again
        try:
            k = 0
            while k < 30:
                try:
                    env.step(_random_legal_actions(env.observations, np.random.default_rng(k)))
                    k += 1
                except RuntimeError as exc:
                    errors.append(exc)
        finally:
            stop.set()

    t = threading.Thread(target=stepper)
    t.start()
    refused = 0
    calls = (batch.counters, lambda: batch.get_state(), lambda: env.step(actions[0]))
    n = 0
    while not stop.is_set():  # mostly the cheap read; a snapshot and a step of its own now and then
        n += 1
        stop.wait(0.0002)  # lets the stepper's Python side have the GIL (a step holds the batch ~5 ms)
        for call in (calls if n % 64 == 0 else calls[:1]):
            try:
                call()
            except RuntimeError as exc:
                assert "busy" in str(exc) and "not thread-safe" in str(exc)
                refused += 1
    t.join()
    assert refused > 0  # the stepping thread held the batch most of the time
    for exc in errors:  # the stepper's refusals met the main thread's step
        assert "busy" in str(exc)
    env.step(_legal(env))  # and the env is intact


def test_concurrent_calls_into_a_stepping_match_batch_are_refused():
    from yomi import _native

    batch = _native.MatchBatch(64)
    for i in range(64):
        batch.reset(i, "Ninja", "Cowboy", i)
    cont = batch.register_action("Ninja", "Continue")
    cont2 = batch.register_action("Cowboy", "Continue")
    codes = np.tile(np.array([[cont, cont2]], dtype=np.int32), (64, 1))
    status = np.zeros(64, dtype=np.int8)
    stop = threading.Event()

    def stepper():
        for _ in range(200):
            batch.step(codes, status)
        stop.set()

    t = threading.Thread(target=stepper)
    t.start()
    refused = 0
    while not stop.is_set():
        try:
            batch.state(0)
        except RuntimeError as exc:
            assert "busy" in str(exc)
            refused += 1
    t.join()
    assert refused > 0


@pytest.mark.skipif(not _c_available(), reason="the C env is not built")
def test_a_snapshot_zlib_bomb_stops_at_its_bound():
    """A snapshot is decompressed only as far as its header says, at most MAX_MATCH_SNAPSHOT_BYTES a
    match: a header claiming more, and a stream inflating past what its header claims (256 MB of
    zeros in 250 KB), are refused, the env unchanged."""
    import struct
    import zlib

    from integration.env.backends import MAX_MATCH_SNAPSHOT_BYTES

    env = _env("c")
    state = env.get_state()
    before = env.backend.batch.get_state()
    blob = zlib.decompress(state["backend"]["batch"])
    claims = bytearray(blob)
    struct.pack_into("=Q", claims, 40, 2 * MAX_MATCH_SNAPSHOT_BYTES + (1 << 20))  # the header's payload size
    bomb = zlib.compressobj(1)
    inflating = bomb.compress(blob) + bomb.compress(bytes(256 << 20)) + bomb.flush()
    assert len(inflating) < 2 << 20
    for data, message in ((zlib.compress(bytes(claims)), "more than the limit"),
                          (inflating, "not the one its header states")):
        bad = copy.deepcopy(state)
        bad["backend"]["batch"] = data
        with pytest.raises(ValueError, match=message):
            env.set_state(bad)
        assert env.backend.batch.get_state() == before
