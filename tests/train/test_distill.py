"""Search distillation (integration/train/distill.py): the loss against hand-computed values, the
teacher's matrix games against the env playing each pair of candidates itself, its targets, the
trainer's settings, and a run with distillation that resumes bit-exactly."""
from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from integration.env import obs as O
from integration.env.baselines import random_legal_actions
from integration.env.env import YomiEnv
from integration.train.config import TrainConfig
from integration.train.distill import SearchTeacher, allocate_targets, distill_loss
from integration.train.policy import MaskedActorCritic
from integration.train.search import solve_matrix_game
from integration.train.trainer import Rollout, Trainer
from support.training import assert_same_env, check_resume_is_bit_exact, one_torch_thread, small  # noqa: F401

SHAPING, GAMMA = 1.0, 0.99


# ------------------------------------------------------------------------------------------------
# the loss, by hand
# ------------------------------------------------------------------------------------------------
def test_the_loss_is_the_cross_entropy_to_the_policy_restricted_to_the_candidates():
    logprob = torch.log(torch.tensor([[0.5, 0.25, 0.125, 0.9], [0.3, 0.3, 0.3, 0.3]]))
    logprob.requires_grad_(True)
    target = torch.tensor([[0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]])
    valid = torch.tensor([[True, True, True, False], [True, False, False, False]])
    loss = distill_loss(logprob, target, valid)
    # row 0: the candidates' probabilities renormalised, 0.5 : 0.25 : 0.125 of 0.875 (the padding's 0.9
    # left out), so -log q_1 = log(0.875 / 0.25) = log 3.5; row 1: one candidate, nothing to learn
    assert loss[0].item() == pytest.approx(math.log(3.5), rel=1e-6)
    assert loss[1].item() == 0.0
    loss.sum().backward()
    # d/d logprob_i of -log q_1 is q_i - [i = 1]: the target's candidate is pushed up, the others down
    np.testing.assert_allclose(logprob.grad[0].numpy(), [0.5 / 0.875, 0.25 / 0.875 - 1, 0.125 / 0.875, 0.0],
                               rtol=1e-5)
    assert not logprob.grad[1].any()


def test_a_mixed_target_is_met_by_the_same_mix():
    """At q = target the cross-entropy is the target's entropy and its gradient is zero."""
    target = torch.tensor([[0.2, 0.8, 0.0]])
    logprob = torch.log(torch.tensor([[0.1, 0.4, 0.0000001]])).requires_grad_(True)  # q = 0.2, 0.8, ~0
    loss = distill_loss(logprob, target, torch.ones(1, 3, dtype=torch.bool))
    assert loss.item() == pytest.approx(-(0.2 * math.log(0.2) + 0.8 * math.log(0.8)), rel=1e-4)
    loss.backward()
    np.testing.assert_allclose(logprob.grad.numpy(), [[0.0, 0.0, 0.0]], atol=1e-5)


# ------------------------------------------------------------------------------------------------
# the teacher on the real game
# ------------------------------------------------------------------------------------------------
def _env_in_play(num_envs=4, seed=3, turns=25):
    env = YomiEnv(num_envs=num_envs, seed=seed, backend="c", shaping={"damage": SHAPING})
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(turns):
        env.step(random_legal_actions(env.observations, rng).astype(np.int32))
    return env


def test_each_game_scores_every_pair_as_the_env_plays_it():
    """Every payoff entry, played by the env itself from a restored snapshot: the pair's reward for P1
    (the damage shaping, and the outcome where the match ends) plus, where it goes on, gamma times
    half the difference of the two sides' values.  The teacher leaves out the hp difference before
    the turn, the same for every pair: the two matrices differ by one constant."""
    torch.manual_seed(0)
    env = _env_in_play()
    net = MaskedActorCritic(O.action_spec(), 32, 1)
    played = random_legal_actions(env.observations, np.random.default_rng(9))
    state = env.get_state()
    untouched = YomiEnv(num_envs=4, seed=0, backend="c", shaping={"damage": SHAPING})
    untouched.set_state(state)
    teacher = SearchTeacher(env, 2, 3, SHAPING, GAMMA, seed=1)
    slots = np.array([0, 2])
    games = teacher.games(slots, played, net)
    assert_same_env(env, untouched)  # the search plays on clones

    replay = YomiEnv(num_envs=4, seed=0, backend="c", shaping={"damage": SHAPING})
    checked = 0
    for slot, (p1, p2, payoff) in zip(slots, games):
        assert (p1[0] == played[2 * slot]).all() and (p2[0] == played[2 * slot + 1]).all()
        assert len({tuple(a) for a in p1}) == len(p1) and len({tuple(a) for a in p2}) == len(p2)
        if payoff is None:
            continue
        mine = np.zeros_like(payoff)
        for i, a in enumerate(p1):
            for j, b in enumerate(p2):
                replay.set_state(state)
                acts = played.astype(np.int32).copy()
                acts[2 * slot], acts[2 * slot + 1] = a, b
                obs, rewards, terms, truncs, _ = replay.step(acts)
                mine[i, j] = rewards[2 * slot]
                if not (terms[2 * slot] or truncs[2 * slot]):
                    with torch.no_grad():
                        v = net.value(torch.as_tensor(obs[2 * slot:2 * slot + 2])).double().numpy()
                    mine[i, j] += GAMMA * 0.5 * (v[0] - v[1])
        diff = payoff - mine
        np.testing.assert_allclose(diff, diff.flat[0], atol=1e-5)
        checked += 1
    assert checked


def test_targets_are_both_sides_equilibria_over_their_candidates():
    env = _env_in_play(seed=4)
    net = MaskedActorCritic(O.action_spec(), 32, 1)
    played = random_legal_actions(env.observations, np.random.default_rng(2))
    buf = Rollout(1, env.num_agents, O.action_spec(), torch.device("cpu"))
    allocate_targets(buf, 3, 4, O.action_spec(), torch.device("cpu"))
    teacher = SearchTeacher(env, 3, 4, SHAPING, GAMMA, seed=7)
    twin = SearchTeacher(env, 3, 4, SHAPING, GAMMA, seed=7)
    teacher.fill(buf, played, net)
    slots = np.sort(twin.rng.choice(env.num_envs, 3, replace=False))
    games = twin.games(slots, played, net)
    taught = 0
    for i, (slot, (p1, p2, payoff)) in enumerate(zip(slots, games)):
        for side, cands in ((0, p1), (1, p2)):
            row = 2 * i + side
            assert torch.equal(buf.distill_obs[row], torch.as_tensor(env.observations[2 * slot + side]))
            assert (buf.distill_actions[row, :len(cands)].numpy() == cands).all()
            assert not buf.distill_actions[row, len(cands):].any()
            if len(cands) < 2:
                assert not buf.distill_valid[row].any()
                continue
            x, _ = solve_matrix_game(payoff if side == 0 else -payoff.T)
            np.testing.assert_allclose(buf.distill_target[row, :len(cands)].numpy(), x, atol=1e-6)
            assert buf.distill_valid[row].sum() == len(cands)
            assert buf.distill_target[row].sum().item() == pytest.approx(1.0)
            taught += 1
    assert taught


# ------------------------------------------------------------------------------------------------
# the trainer
# ------------------------------------------------------------------------------------------------
def _real(**overrides) -> TrainConfig:
    cfg = dict(num_envs=4, horizon=4, update_epochs=2, num_minibatches=2, hidden=32, seed=5, steps=10**9,
               snapshot_interval=2, pool_size=2, eval_interval=0, eval_search=None, checkpoint_interval=1000,
               plots=False, record_matches=False, eval_matches=2, final_eval_rounds=1, distill_matches=2,
               distill_k=3)
    cfg.update(overrides)
    return TrainConfig(**cfg)


def test_a_run_with_distillation_learns_from_its_targets_and_resumes_bit_exactly(tmp_path):
    whole, first, resumed = check_resume_is_bit_exact(tmp_path, _real(), n=4, k=2)
    try:
        losses = [r["loss/distill"] for r in whole.metrics.rows]
        assert len(losses) == 4 and all(math.isfinite(v) and v >= 0.0 for v in losses)
        assert [r["loss/distill"] for r in resumed.metrics.rows] == losses
        assert sum(r["time/search"] for r in whole.metrics.rows) > 0  # the search's time is shown apart
    finally:
        for t in (whole, first, resumed):
            t.close()


def test_a_run_without_distillation_resumes_with_it(tmp_path):
    first = Trainer(_real(distill_matches=0), run_dir=tmp_path, display=False)
    first.run(max_updates=1)
    first.close()
    resumed = Trainer.resume(tmp_path, overrides={"distill_matches": 2}, display=False)
    try:
        resumed.run(max_updates=1)
        assert math.isfinite(resumed.metrics.rows[-1]["loss/distill"])
    finally:
        resumed.close()


@pytest.mark.parametrize("overrides, message", [
    (dict(distill_matches=5), "distill_matches must be between 0"),
    (dict(distill_matches=-1), "distill_matches must be between 0"),
    (dict(distill_k=1), "distill_k must be in 2"),
    (dict(distill_coef=-0.5), "distill_coef must be at least 0"),
    (dict(distill_matches=1, cuda_graph_update=True), "cuda_graph_update"),
])
def test_settings_out_of_range_are_refused(overrides, message):
    with pytest.raises(ValueError, match=message):
        _real(**overrides).validate()


def test_an_env_without_the_c_engine_is_refused(tmp_path):
    with pytest.raises(ValueError, match="C engine"):
        Trainer(small(distill_matches=2), run_dir=tmp_path, display=False)


@pytest.mark.parametrize("teacher", [{"rng": {"bit_generator": "PCG64"}, "gen": None}, {"rng": 3},
                                     {"rng": None, "gen": torch.zeros(3, dtype=torch.uint8)}, "teacher"])
def test_a_malformed_teacher_state_is_one_clear_error(tmp_path, teacher):
    from integration.train import checkpoint as ckpt

    first = Trainer(_real(), run_dir=tmp_path, display=False)
    first.run(max_updates=1, finish=False)
    path = first.save_checkpoint()
    first.close()
    state = ckpt.load(path)
    state["teacher"] = teacher
    ckpt.save_atomic(state, path)
    with pytest.raises(SystemExit, match="search-distillation state"):
        Trainer.resume(tmp_path, display=False)
