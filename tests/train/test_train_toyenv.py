"""The stand-in env implements the interface the real YomiEnv will: check it does."""
from __future__ import annotations

import numpy as np
import pufferlib
import pytest
import torch

from integration.train.envs import make_env
from integration.train.policy import random_policy
from integration.env.spec import ActionSpec
from support.toyenv import HEAD_SIZES, MOVES, ToyDuel, scripted_policy


pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


def random_actions(env, seed):
    obs = torch.as_tensor(env.observations)
    return random_policy(env.action_spec, torch.Generator().manual_seed(seed))(obs, env.action_spec.decode_masks(obs))


def test_interface():
    env = ToyDuel(num_envs=5, seed=0)
    spec = env.action_spec
    assert isinstance(env, pufferlib.PufferEnv) and isinstance(spec, ActionSpec)
    assert env.num_agents == 2 * env.num_envs == 10
    assert tuple(env.single_action_space.nvec) == spec.head_sizes == HEAD_SIZES
    assert env.single_observation_space.shape == (spec.feature_size + spec.mask_size,)
    assert env.single_observation_space.dtype == np.float32
    assert spec.head_used.shape == (len(MOVES), len(HEAD_SIZES)) and spec.head_used[:, 0].all()
    obs, infos = env.reset(seed=1)
    assert obs.shape == (10, spec.obs_size) and isinstance(infos, list)
    move_mask, data_mask = spec.decode_masks(torch.as_tensor(obs))
    assert move_mask.shape == (10, spec.num_moves) and move_mask.dtype == torch.bool
    assert data_mask.shape == (10, spec.num_moves, spec.data_size)
    # every legal move has at least one legal value in every head it uses
    for b in range(10):
        for m in np.flatnonzero(move_mask[b].numpy()):
            for h, (off, size) in enumerate(zip(spec.data_offsets, spec.data_sizes)):
                if spec.head_used[m, h + 1]:
                    assert data_mask[b, m, off:off + size].any()


def test_pack_and_decode_are_inverse():
    spec = ToyDuel(num_envs=1).action_spec
    rng = np.random.default_rng(0)
    mm = rng.random((7, spec.num_moves)) < 0.5
    dm = rng.random((7, spec.num_moves, spec.data_size)) < 0.5
    obs = np.concatenate([rng.random((7, spec.feature_size)), spec.pack_masks(mm, dm)], 1).astype(np.float32)
    mm2, dm2 = spec.decode_masks(torch.as_tensor(obs))
    assert (mm2.numpy() == mm).all() and (dm2.numpy() == dm).all()


def test_deterministic_under_seed_and_auto_reset():
    runs = []
    for _ in range(2):
        env = ToyDuel(num_envs=8, seed=3)
        env.reset(seed=3)
        trace = []
        for t in range(60):
            obs, r, d, tr, _ = env.step(random_actions(env, t).numpy())
            trace.append((obs.copy(), r.copy(), d.copy()))
        runs.append(trace)
    for (o1, r1, d1), (o2, r2, d2) in zip(*runs):
        assert (o1 == o2).all() and (r1 == r2).all() and (d1 == d2).all()
    rewards = np.array([r for _, r, _ in runs[0]])
    dones = np.array([d for _, _, d in runs[0]])
    assert dones.any(), "matches end within 60 turns"
    assert (rewards[~dones] == 0).all()  # rewards only when a match ends
    assert (rewards[:, 0::2] == -rewards[:, 1::2]).all()  # zero-sum
    assert (dones[:, 0::2] == dones[:, 1::2]).all()  # both agents of a match end together


def test_observations_are_mirrored():
    env = ToyDuel(num_envs=1, seed=0)
    env.reset(seed=0)
    env.x[0] = [-2, 3]
    env.hp[0] = [7, 9]
    env._observe()
    p1, p2 = env.observations[0], env.observations[1]
    assert p1[0] == pytest.approx(-2 / 4) and p2[0] == pytest.approx(-3 / 4)  # own position, own side
    assert p1[3] == pytest.approx(0.7) and p2[3] == pytest.approx(0.9)  # own HP first
    assert p1[10] == 1.0 and p2[10] == 0.0  # the seat: the game is not symmetric


def test_masks_matter_and_illegal_actions_are_legalised():
    env = ToyDuel(num_envs=1, seed=0)
    env.reset(seed=0)
    obs = torch.as_tensor(env.observations)
    move_mask, _ = env.action_spec.decode_masks(obs)
    assert not move_mask[:, MOVES.index("Super")].any()  # no meter at the start
    env.stun[0, 0] = 1
    env._observe()
    move_mask, data_mask = env.action_spec.decode_masks(torch.as_tensor(env.observations))
    assert move_mask[0].tolist() == [True] + [False] * (len(MOVES) - 1)  # stunned: Continue only
    before = env.illegal_actions
    env.step(np.array([[MOVES.index("Super"), 0, 0, 0, 0], [0, 0, 0, 0, 2]], np.int32))
    assert env.illegal_actions == before + 1


def test_scripted_beats_random_and_is_legal():
    env = ToyDuel(num_envs=64, seed=0)
    obs_np, _ = env.reset(seed=0)
    spec = env.action_spec
    wins = losses = 0
    rand = random_policy(spec, torch.Generator().manual_seed(0))
    for _ in range(200):
        obs = torch.as_tensor(obs_np)
        masks = spec.decode_masks(obs)
        a = rand(obs, masks)
        s = scripted_policy(obs, masks)
        a[0::2] = s[0::2]
        obs_np, r, d, _, _ = env.step(a.numpy())
        wins += int((r[0::2] > 0).sum())
        losses += int((r[0::2] < 0).sum())
    assert env.illegal_actions == 0
    assert wins > 3 * losses


@pytest.mark.parametrize("backend", ["serial", "multiprocessing"])
def test_pufferlib_vectorisation(backend):
    env = make_env("support.toyenv:ENV", 8, seed=0, backend=backend, workers=2)
    try:
        obs, _ = env.reset(seed=0)
        assert obs.shape == (16, env.single_observation_space.shape[0])
        for _ in range(5):
            obs, r, d, t, _ = env.step(np.zeros((16, len(HEAD_SIZES)), np.int32))
        assert obs.shape[0] == 16 and r.shape == (16,)
    finally:
        env.close()


def test_more_workers_than_physical_cores(monkeypatch):
    """``vec_workers auto`` counts the cores this process may run on, hyperthreads included, so on a
    machine with two threads per core it asks PufferLib for twice its count of physical cores, which
    PufferLib refuses unless told to overwork: the env must still build (here: one physical core)."""
    import psutil

    real = psutil.cpu_count
    monkeypatch.setattr(psutil, "cpu_count", lambda logical=True: 1 if not logical else real(logical))
    env = make_env("support.toyenv:ENV", 4, seed=0, backend="multiprocessing", workers=2)
    try:
        obs, _ = env.reset(seed=0)
        assert obs.shape[0] == 8
    finally:
        env.close()


def test_a_process_that_leaves_its_env_workers_running_still_exits():
    """PufferLib's workers are not daemons: a process that exits without closing its env must not
    wait for them forever (envs.py stops them at exit)."""
    import subprocess
    import sys
    from pathlib import Path

    tests = Path(__file__).resolve().parents[1]
    code = ("from integration.train.envs import allow_module_env, make_env\n"
            "allow_module_env('support.toyenv:ENV')\n"
            "env = make_env('support.toyenv:ENV', 4, seed=0, backend='multiprocessing', workers=2)\n"
            "env.reset(seed=0)\n"
            "print('made', flush=True)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tests.parent, timeout=120, capture_output=True, text=True,
                          env={**__import__("os").environ, "PYTHONPATH": str(tests)})
    assert done.returncode == 0 and "made" in done.stdout, done.stderr
