"""Double-buffered rollouts (`double_buffer`): the matches in two halves of env workers
(envs.HalvesEnv), one half stepping while the trainer acts for the other (trainer.py,
collect).  What must hold: the halves start and step exactly as one env of as many
workers; a rollout played half by half fills the buffer exactly as one played whole, when the
policy is deterministic; the snapshots and a fixed opponent act for a half's rows as for the
whole; a run is deterministic for its seed."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from integration.train import policy as policy_module
from integration.train.envs import HalvesEnv, make_env
from integration.train.opponent import FixedOpponent
from integration.train.policy import random_policy
from integration.train.selfplay import SelfPlay
from integration.train.trainer import Trainer
from support.toyenv import HEAD_SIZES
from support.training import TOY, small

pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py

WORKERS = 4  # two per half: a half is itself a multiprocessing env of two workers


def random_actions(spec, obs, seed):
    obs = torch.as_tensor(obs)
    return random_policy(spec, torch.Generator().manual_seed(seed))(obs, spec.decode_masks(obs)).numpy()


def test_halves_start_and_step_like_one_env():
    whole = make_env(TOY, 8, seed=0, backend="multiprocessing", workers=WORKERS)
    halves = make_env(TOY, 8, seed=0, backend="multiprocessing", workers=WORKERS, double_buffer=True)
    try:
        assert isinstance(halves, HalvesEnv) and halves.num_agents == whole.num_agents == 16
        assert halves.parts == [(slice(0, 8), slice(0, 4)), (slice(8, 16), slice(4, 8))]
        a, _ = whole.reset(seed=3)
        b, _ = halves.reset(seed=3)
        np.testing.assert_array_equal(a, b)  # worker j of the second half is seeded as worker 2 + j
        spec = halves.driver_env.action_spec
        for t in range(40):  # past the toy's 30-turn limit: matches end and restart
            actions = random_actions(spec, a, t)
            a, ra, ta, ua, _ = (np.copy(x) if isinstance(x, np.ndarray) else x for x in whole.step(actions))
            if t % 2:
                b, rb, tb, ub, _ = halves.step(actions)
            else:  # the trainer's order: the second half's step sent before the first's is taken
                halves.send(0, actions[:8])
                halves.send(1, actions[8:])
                parts = [[np.copy(x) for x in halves.recv(h)] for h in range(2)]
                b, rb, tb, ub = (np.concatenate([p[k] for p in parts]) for k in range(4))
            for x, y in ((a, b), (ra, rb), (ta, tb), (ua, ub)):
                np.testing.assert_array_equal(x, y)
    finally:
        whole.close()
        halves.close()


def test_double_buffer_is_refused_without_an_even_number_of_env_workers():
    for overrides in (dict(double_buffer=True),
                      dict(double_buffer=True, vec_backend="multiprocessing", vec_workers=3),
                      dict(double_buffer=True, vec_backend="multiprocessing", vec_workers=1)):
        with pytest.raises(ValueError, match="double_buffer"):
            small(**overrides).validate()
    small(double_buffer=True, vec_backend="multiprocessing", vec_workers=2).validate()


@pytest.fixture
def deterministic_policy(monkeypatch):
    """Every sampled action the most likely one: the rollout then depends on the observations
    alone, not on how the random draws are split between calls."""
    monkeypatch.setattr(policy_module, "gumbel_sample", lambda logp, generator=None: logp.argmax(-1))


def test_a_rollout_half_by_half_fills_the_buffer_as_one_played_whole(deterministic_policy):
    # p_latest 1: every match against the learner itself, so the opponents and seats drawn when
    # a match ends (from the same generator, in another order half by half) play no part
    trainers = [Trainer(small(vec_backend="multiprocessing", vec_workers=WORKERS, p_latest=1.0, horizon=40,
                              double_buffer=db), display=False) for db in (False, True)]
    try:
        whole, halves = trainers
        for _ in range(2):  # two rollouts: the second starts from where the first left the matches
            for tr in trainers:
                tr.collect(tr.bufs[0], tr.policy)
            for name, value in vars(whole.bufs[0]).items():
                if isinstance(value, torch.Tensor):
                    assert torch.equal(value, getattr(halves.bufs[0], name)), name
            assert whole.bufs[0].done.sum() > 0  # 40 turns: matches ended and restarted in the rollout
            assert torch.equal(whole.next_obs, halves.next_obs)
            assert whole.global_step == halves.global_step
            np.testing.assert_array_equal(whole.ep_return, halves.ep_return)
            np.testing.assert_array_equal(whole.ep_len, halves.ep_len)
            assert whole.ep_stats == halves.ep_stats
    finally:
        for tr in trainers:
            tr.close()


def test_snapshots_and_a_fixed_opponent_act_for_a_half_as_for_the_whole(deterministic_policy):
    torch.manual_seed(0)
    trainer_policy = Trainer(small(), display=False)
    try:
        spec, learner = trainer_policy.spec, trainer_policy.policy
        env = make_env(TOY, 8, seed=0)
        obs = torch.as_tensor(env.reset(seed=1)[0])
        rng = np.random.default_rng(0)
        selfplay = SelfPlay(8, pool_size=2, p_latest=0.0, rng=rng, device=torch.device("cpu"))
        selfplay.add_snapshot(learner, 0)
        with torch.no_grad():
            for p in learner.parameters():
                p.add_(0.1)
        selfplay.add_snapshot(learner, 1)
        selfplay.reassign(np.ones(8, dtype=bool))
        fixed = FixedOpponent(8, lambda rows, masks: torch.as_tensor(rows[:, :len(HEAD_SIZES)] * 0 + 1).long(),
                              spec, torch.Generator(), np.random.default_rng(1))
        fixed.reassign(np.ones(8, dtype=bool))
        for pool in (selfplay, fixed):
            whole = torch.zeros((16, len(HEAD_SIZES)), dtype=torch.int64)
            pool.opponent_actions(obs, whole)
            assert (whole != 0).any()
            parts = torch.zeros_like(whole)
            for rows in (slice(0, 8), slice(8, 16)):
                part = parts[rows]
                pool.opponent_actions(obs[rows], part, rows)
            assert torch.equal(whole, parts)
    finally:
        trainer_policy.close()


def test_a_double_buffered_run_is_deterministic():
    runs = []
    for _ in range(2):
        tr = Trainer(small(vec_backend="multiprocessing", vec_workers=2, double_buffer=True), display=False)
        try:
            stats = tr.run(max_updates=3)
            assert tr.update_count == 3 and all(np.isfinite(v) for v in stats.values() if isinstance(v, float))
            runs.append([p.detach().clone() for p in tr.policy.parameters()])
        finally:
            tr.close()
    for p, q in zip(*runs):
        assert torch.equal(p, q)
