"""The env's C part (csrc/env/, csrc/python/env_py.c, yomi._native.EnvBatch) against its Python reference.

* The generated tables the extension is built from (build/gen/env_layout.h, env_tables.c) are those
  integration/env/c_tables.py makes, and no copy of them is committed.
* On the C engine's own matches, the C observations (features and packed masks), the decoded
  actions and the legality checks are those the Python env computes from the same match
  (``observe_decision`` on a copy, ``encoding.decode``, ``check_action``), bit for bit.
* A C-backed env and a Python-backed env given the same seed and actions produce the same observations, rewards
  (shaping and illegal penalties included), terminals, truncations and logs.
"""
from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest

from integration.env import encoding as E
from integration.env import action_layout as AL
from integration.env import c_tables as CT
from integration.env import obs as O
from integration.env.baselines import random_legal_actions
from integration.env.env import YomiEnv, check_action, fallback_action, observe_decision

native = pytest.importorskip("yomi._native")
if not hasattr(native, "EnvBatch"):
    pytest.skip("the C engine is built without EnvBatch", allow_module_level=True)

# keys of move data the C engine has no symbol for (no C code reads them): absent from its data
UNREPRESENTABLE = set(native.EnvBatch.missing_keys()) if hasattr(native, "EnvBatch") else set()


def _strip(v):
    if isinstance(v, dict):
        return {k: _strip(w) for k, w in v.items() if k not in UNREPRESENTABLE}
    return v


def test_generated_tables_are_current():
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    for name, text in CT.c_sources().items():
        assert not (repo / "csrc" / "env" / name).exists(), f"csrc/env/{name} is generated into build/gen, not committed"
        built = CT.GEN_DIR / name
        assert built.is_file(), f"{built} is missing: uv sync generates it"
        assert built.read_text() == text, f"{built} is stale: uv sync regenerates it"
    sizes = native.EnvBatch.sizes()
    assert (sizes["obs"], sizes["features"], sizes["mask"], sizes["heads"], sizes["K1"], sizes["D"]) == \
        (O.OBS_SIZE, O.FEATURE_SIZE, AL.MASK_SIZE, AL.N_HEADS, AL.K1, AL.D)


@pytest.mark.parametrize("pair", [("ninja", "ninja"), ("cowboy", "wizard"), ("robot", "mutant"), ("random", "random")],
                         ids=lambda p: "-".join(p))
def test_c_part_equals_python_on_c_matches(pair, steps=40):
    env = YomiEnv(num_envs=3, seed=11, p1=pair[0], p2=pair[1], backend="c", illegal="raise")
    rng = np.random.default_rng(1)
    with contextlib.redirect_stderr(io.StringIO()):
        env.reset()
        for _ in range(steps):
            for i in range(env.num_envs):
                match = env.backend.match(i)
                chars = tuple(int(c) for c in env.backend.chars[i])
                out = np.zeros((2, O.OBS_SIZE), np.float32)
                state, sts, fvs, legal = observe_decision(match, out, chars, 3600)
                got = env.observations[2 * i:2 * i + 2]
                assert out.tobytes() == got.tobytes(), (i, np.nonzero(out != got))
                acts = random_legal_actions(got, rng)
                noisy = acts.copy()
                noisy[:, 1:] = rng.integers(0, 4, size=noisy[:, 1:].shape)      # often illegal data values
                for p in (0, 1):
                    c = chars[p]
                    cl = AL.CHAR_LAYOUTS[c]
                    opp = state["p2" if p == 0 else "p1"]
                    for heads in (acts[p], fallback_action(c, sts[p])):
                        py = E.decode(cl.character, cl.to_char_heads(heads), fvs[p], opp, state["objects"])
                        assert env.backend.batch.decode(i, p + 1, [int(h) for h in heads]) == \
                            (py[0], _strip(py[1]), py[2])
                    for heads in (acts[p], noisy[p]):
                        code = env.backend.batch.check(i, p + 1, [int(h) for h in heads])
                        assert (code == 0) == (check_action(c, sts[p], heads) is None), heads
            env.step(random_legal_actions(env.observations, rng))


def _actions_with_plain_extras(obs, rng):
    """Random legal actions with the extras at bin 0 (sometimes illegal: both envs must replace
    and count them the same way)."""
    a = random_legal_actions(obs, rng)
    for h in AL.EXTRA_HEADS:
        a[:, AL.HEAD_POS[h]] = 0
    return a


@pytest.mark.parametrize("pair", [("ninja", "ninja"), ("wizard", "mutant")], ids=lambda p: "-".join(p))
def test_c_env_equals_python_env(pair, steps=60):
    kw = dict(num_envs=3, seed=7, p1=pair[0], p2=pair[1], settings={"game_length": 400},
              shaping={"damage": 0.5}, illegal_penalty=-0.01, report_interval=1)
    envs = {b: YomiEnv(backend=b, **kw) for b in ("python", "c")}
    for e in envs.values():
        e.reset()
    assert envs["python"].observations.tobytes() == envs["c"].observations.tobytes()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        a = _actions_with_plain_extras(envs["python"].observations, rng)
        out = {b: [x.copy() if hasattr(x, "copy") else x for x in e.step(a)] for b, e in envs.items()}
        for x, y in zip(out["python"][:4], out["c"][:4]):
            assert x.tobytes() == y.tobytes()
        assert out["python"][4] == out["c"][4]           # the episode logs
        ended += int(envs["c"].terminals.sum()) // 2
    assert envs["python"].illegal_actions == envs["c"].illegal_actions
    assert ended >= 2 and envs["c"].engine_errors == 0


def test_c_engine_errors_truncate_and_restart():
    """A match the C engine cannot go on with (an engine error) is cut short.  Seed 7's random play
    reaches the game's own FixedMath division by zero (Cowboy mirror, env turn 363), where the
    game's native library panics: the match has no continuation."""
    env = YomiEnv(num_envs=4, seed=7, p1="random", p2="random", backend="c")
    rng = np.random.default_rng(0)
    with contextlib.redirect_stderr(io.StringIO()):
        env.reset()
        for _ in range(400):
            hp = env.backend.hp.copy()
            _, rew, term, trunc, _ = env.step(random_legal_actions(env.observations, rng))
            if trunc.any():
                break
        else:
            raise AssertionError("seed 7's random play no longer reaches the division by zero within 400 turns")
    assert "divide by zero" in env.last_engine_error
    i = int(np.nonzero(trunc)[0][0]) // 2
    assert trunc[2 * i] and trunc[2 * i + 1] and not term[2 * i:2 * i + 2].any()
    assert env.engine_errors >= 1 and "game seed" in env.last_engine_error
    # adjudicated by the hp of the last decision (the game's end_game rule)
    w = 1 if hp[i, 0] > hp[i, 1] else (2 if hp[i, 1] > hp[i, 0] else 0)
    assert env.backend.results[i][0] == w and env.backend.results[i][-1] == 1
    assert list(rew[2 * i:2 * i + 2]) == {0: [0.0, 0.0], 1: [1.0, -1.0], 2: [-1.0, 1.0]}[w]
    strict = YomiEnv(num_envs=1, backend="c", engine_errors="raise")
    assert strict.backend.engine_error_mode == "raise"
