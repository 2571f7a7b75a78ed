"""Helpers of the trainer's tests shared with the environment's: a small trainer configuration
on the toy env, the check that a resumed run is bit-exact."""
from __future__ import annotations

import numpy as np
import torch

from integration.train.config import TrainConfig
from integration.train.envs import allow_module_env
from integration.train.trainer import Trainer

TOY = "support.toyenv:ENV"  # the trainer resolves the toy env (tests/support/toyenv.py) by this name
# an env of the tests' own code, allowed as the command line's --env allows one (integration/train/envs.py):
# here too, for the processes the tests start (tests/support/ranks.py), which do not read conftest.py
allow_module_env(TOY)


def small(**overrides) -> TrainConfig:
    """A small trainer configuration on the toy env.  On the real game (``env="yomi"``) the
    evaluation's other opponents play 2 matches each (one from each side), not the default 64: the
    shipped reference agent of the run's pairing (eval_reference "auto"), the pool's snapshots and
    the run's agent; the tests that run there check the evaluation's plan and bookkeeping, which 2
    matches of a real-game match's length exercise as 64 do."""
    cfg = dict(env=TOY, num_envs=8, horizon=8, update_epochs=2, num_minibatches=2, hidden=32, seed=5, steps=10**9,
               snapshot_interval=2, pool_size=2, eval_interval=3, eval_matches=8, checkpoint_interval=1000,
               plots=False)
    if overrides.get("env") == "yomi":
        cfg.update(eval_reference_matches=2, eval_snapshot_matches=2, eval_agent_matches=2)
    cfg.update(overrides)
    return TrainConfig(**cfg)


def tiny(**overrides) -> TrainConfig:
    """A smaller config than small(): one epoch, no evaluation, checkpoints or recordings (the
    checkpoint and hostile-input tests, which only need a run to exist)."""
    cfg = dict(env=TOY, num_envs=4, horizon=8, update_epochs=1, num_minibatches=2, hidden=16, seed=3, steps=10**9,
               snapshot_interval=1, pool_size=2, eval_interval=0, eval_matches=4, checkpoint_interval=1000,
               plots=False, record_matches=False)
    cfg.update(overrides)
    return TrainConfig(**cfg)


def assert_same_state(a: Trainer, b: Trainer):
    for (name, p), q in zip(a.policy.state_dict().items(), b.policy.state_dict().values()):
        assert torch.equal(p, q), name
    sa, sb = a.optimizer.state_dict(), b.optimizer.state_dict()
    for k in sa["state"]:
        for name in sa["state"][k]:
            assert torch.equal(sa["state"][k][name], sb["state"][k][name]), (k, name)
    assert sa["param_groups"][0]["lr"] == sb["param_groups"][0]["lr"]
    assert (a.update_count, a.global_step) == (b.update_count, b.global_step)
    assert a.evaluation.best == b.evaluation.best  # the run's agent so far (Evaluation.choose_agent)
    agent_a, agent_b = a.evaluation.agent_policy, b.evaluation.agent_policy
    assert (agent_a is None) == (agent_b is None)
    if agent_a is not None:
        for p, q in zip(agent_a.state_dict().values(), agent_b.state_dict().values()):
            assert torch.equal(p, q)
    assert a.selfplay.pool == b.selfplay.pool and sorted(a.selfplay.snapshots) == sorted(b.selfplay.snapshots)
    for sid, snap in a.selfplay.snapshots.items():
        for p, q in zip(snap.policy.state_dict().values(), b.selfplay.snapshots[sid].policy.state_dict().values()):
            assert torch.equal(p, q)
    assert (a.selfplay.opponent == b.selfplay.opponent).all()
    assert (a.selfplay.learner_seat == b.selfplay.learner_seat).all()
    assert torch.equal(a.next_obs, b.next_obs)
    assert_same_env(a.env, b.env)


def assert_same_env(a, b):
    """Equal env snapshots. The C backend's matches are compared through their state (two equal
    batches' bytes may differ where no code reads: padding, unused data slots)."""
    def same(x, y, where):
        if isinstance(x, dict):
            assert isinstance(y, dict) and x.keys() == y.keys(), where
            for k in x:
                if k != "batch":
                    same(x[k], y[k], f"{where}.{k}")
        elif isinstance(x, (list, tuple)):
            assert len(x) == len(y), where
            for i, (u, v) in enumerate(zip(x, y)):
                same(u, v, f"{where}[{i}]")
        elif isinstance(x, np.ndarray):
            assert np.array_equal(x, y), where
        else:
            assert x == y, where

    same(a.get_state(), b.get_state(), "env")
    if getattr(a, "backend_name", None) == "c":
        for i in range(a.num_envs):
            assert a.backend.batch.match(i).state() == b.backend.batch.match(i).state(), f"match {i}"
        assert a.backend.batch.counters()["decisions"] == b.backend.batch.counters()["decisions"]


def check_resume_is_bit_exact(tmp_path, cfg: TrainConfig, n: int, k: int) -> tuple:
    """N updates in one go == K updates, a checkpoint, a resume (a new trainer, the env restored
    from the checkpoint) and N-K updates: policy, optimizer, pool, env, RNGs and logged metrics.
    Returns the trainers (uninterrupted, first part, resumed) for the caller to close."""
    whole = Trainer(cfg, run_dir=tmp_path / "whole", display=False)
    whole.run(max_updates=n)
    rng_whole = torch.get_rng_state()

    first = Trainer(cfg, run_dir=tmp_path / "split", display=False)
    first.run(max_updates=k)
    resumed = Trainer.resume(tmp_path / "split", display=False)
    assert resumed.update_count == k
    resumed.run(max_updates=n - k)
    assert torch.equal(torch.get_rng_state(), rng_whole)
    assert_same_state(whole, resumed)
    # and the logged training metrics agree, update by update
    keys = ["global_step", "loss/policy", "loss/value", "loss/entropy", "loss/approx_kl", "train/return"]
    rows_a = [{key: r.get(key) for key in keys} for r in whole.metrics.rows]
    rows_b = [{key: r.get(key) for key in keys} for r in resumed.metrics.rows]
    assert rows_a == rows_b and len(rows_a) == n
    return whole, first, resumed
