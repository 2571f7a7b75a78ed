"""The Gymnasium and PettingZoo-style wrappers of YomiEnv, and ``yomi play``."""
from __future__ import annotations

import numpy as np
import pytest

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.env.wrappers import YomiGymEnv, YomiParallelEnv, make_policy

SHORT = {"game_length": 90}


def _legal_action(obs_row, rng):
    move, data = AL.decode_masks(obs_row[O.FEATURE_SIZE:])
    u = rng.choice(np.nonzero(move)[0])
    a = [u]
    for off, size in zip(AL.DATA_OFFSETS, AL.DATA_SIZES):
        a.append(rng.choice(np.nonzero(data[u, off:off + size])[0]))
    return np.array(a, dtype=np.int64)


@pytest.mark.parametrize("seat", [1, 2])
def test_gym_env_plays_episodes(seat):
    env = YomiGymEnv(opponent="scripted", seat=seat, seed=3, settings=SHORT, illegal="raise")
    assert env.observation_space.shape == (O.OBS_SIZE,)
    assert tuple(env.action_space.nvec) == AL.HEAD_SIZES
    obs, info = env.reset(seed=3)
    assert obs.shape == (O.OBS_SIZE,) and info["seat"] == seat
    assert obs[O.LAYOUT["seat"]] == (1.0 if seat == 1 else 0.0)
    assert info["move_mask"].shape == (AL.K1,) and info["data_mask"].shape == (AL.K1, AL.D)
    rng = np.random.default_rng(0)
    episodes = 0
    total = 0.0
    for _ in range(200):
        obs, reward, terminated, truncated, info = env.step(_legal_action(obs, rng))
        total += reward
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            assert reward in (-1.0, 0.0, 1.0)
            episodes += 1
            obs, info = env.reset()
            if episodes == 2:
                break
    assert episodes == 2


def test_gym_env_is_reproducible_and_checks_out():
    from gymnasium.utils.env_checker import check_env

    env = YomiGymEnv(opponent="random", seat="random", seed=1, settings=SHORT)
    check_env(env, skip_render_check=True)

    def run(seed):
        e = YomiGymEnv(opponent="random", seat="random", seed=seed, settings=SHORT)
        obs, _ = e.reset(seed=seed)
        rng = np.random.default_rng(0)
        seq = [obs]
        for _ in range(15):
            obs, r, term, trunc, _ = e.step(_legal_action(obs, rng))
            seq.append(obs)
            if term or trunc:
                obs, _ = e.reset()
        return np.stack(seq)

    assert (run(7) == run(7)).all()


def test_parallel_env_api():
    env = YomiParallelEnv(p1="ninja", p2="wizard", seed=2, settings=SHORT, illegal="raise")
    assert env.possible_agents == ["player_1", "player_2"] and env.agents == []
    obs, infos = env.reset(seed=2)
    assert env.agents == ["player_1", "player_2"] and env.num_agents == 2 and env.max_num_agents == 2
    assert set(obs) == set(infos) == set(env.agents)
    for a in env.agents:
        assert env.observation_space(a).contains(obs[a]) and env.action_space(a).shape == (AL.N_HEADS,)
    rng = np.random.default_rng(1)
    for _ in range(100):
        actions = {a: _legal_action(obs[a], rng) for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(actions)
        assert set(rewards) == set(terms) == set(truncs) == {"player_1", "player_2"}
        if any(terms.values()) or any(truncs.values()):
            assert all(terms.values()) or all(truncs.values())
            assert rewards["player_1"] == -rewards["player_2"]
            assert env.agents == []
            with pytest.raises(RuntimeError):
                env.step(actions)
            break
    else:
        pytest.fail("the match did not end")
    obs, _ = env.reset()
    assert env.agents == ["player_1", "player_2"]
    assert env.state().shape == (O.OBS_SIZE,)


def test_make_policy_names():
    assert callable(make_policy("random")) and callable(make_policy("scripted"))
    f = lambda obs, masks: None  # noqa: E731
    assert make_policy(f) is f
    with pytest.raises(ValueError, match="unknown policy"):
        make_policy("no/such/checkpoint.pt")  # checkpoints are the trainer's: see below


def test_train_make_policy_loads_checkpoints_only_from_files():
    from integration.train.policies import make_policy as train_make_policy

    assert callable(train_make_policy("random")) and callable(train_make_policy("scripted"))
    with pytest.raises(ValueError, match="no checkpoint file at"):  # PolicyNameError: one line
        train_make_policy("no/such/checkpoint.pt")


def test_play_records_a_trace_that_replays(tmp_path):
    from integration.tools.parity.trace import replay
    from integration.train.play import main, play_match
    from integration.tracefile import read_trace

    out = tmp_path / "m.jsonl.gz"
    res = play_match("random", "scripted", "ninja", "robot", seed=1, record=str(out), settings=SHORT)
    assert res["winner"] in (0, 1, 2)
    trace = read_trace(out, require_end=True)
    assert trace.p1 == "Ninja" and trace.p2 == "Robot" and trace.end["winner"] == res["winner"]
    assert len(trace.turns) == res["turns"] and all("legal" in t for t in trace.turns)
    assert trace.ticks[-1]["tick"] == trace.end["tick"]
    report = replay(out, "python", set())
    assert report.divergence is None and report.ticks_ok == len(trace.ticks)
    assert main(["--p1", "scripted", "--p2", "random", "--settings", '{"game_length": 60}']) == 0


def test_play_with_a_checkpoint(tmp_path):
    pytest.importorskip("torch")
    from integration.train.play import play_match
    from integration.train.policy import MaskedActorCritic

    net = MaskedActorCritic(AL.action_spec(), 16, 1)
    from integration.train import checkpoint as ckpt

    path = tmp_path / "c.safetensors"
    ckpt.save_atomic({"policy": net.state_dict(), "config": {"hidden": 16, "layers": 1, "p1": "ninja", "p2": "ninja"},
                      "spec": AL.action_spec().describe()}, path)
    res = play_match(str(path), "random", seed=0, settings=SHORT)
    assert res["winner"] in (0, 1, 2)
