"""Magnet regularisation (config.py, magnet_kl): the reverse KL toward a magnet policy that follows
the learner by an exponential moving average, checked by hand and in the trainer's loops."""
from __future__ import annotations

import math
import multiprocessing

import pytest
import torch

from integration.train.policy import HeadLogProbs, MaskedActorCritic, joint_kl, masked_kl
from integration.train.ppo import ppo_loss
from integration.train.trainer import Trainer
from support.training import check_resume_is_bit_exact, one_torch_thread, small  # noqa: F401

NEG = -1e9


def test_masked_kl_by_hand():
    # p = (1/2, 1/2, illegal), q = (1/4, 3/4, illegal): KL = 1/2 ln 2 + 1/2 ln(2/3)
    logp = torch.tensor([[math.log(0.5), math.log(0.5), NEG]])
    logq = torch.tensor([[math.log(0.25), math.log(0.75), NEG]])
    legal = torch.tensor([[True, True, False]])
    expected = 0.5 * math.log(2) + 0.5 * math.log(2 / 3)  # 0.143841...
    assert masked_kl(logp, logq, legal).item() == pytest.approx(expected, rel=1e-6)
    assert masked_kl(logq, logq, legal).item() == 0.0


def test_joint_kl_counts_the_move_and_only_the_data_heads_the_move_uses():
    # move head: p = (0.8, 0.2), q = (0.5, 0.5); one grid of two data heads of two values,
    # head 0 used (p = (0.9, 0.1) against q = (0.6, 0.4)), head 1 unused (its KL must not count)
    ln = math.log
    move_p = torch.tensor([[ln(0.8), ln(0.2)]])
    move_q = torch.tensor([[ln(0.5), ln(0.5)]])
    data_p = torch.tensor([[[ln(0.9), ln(0.1)], [ln(0.99), ln(0.01)]]])
    data_q = torch.tensor([[[ln(0.6), ln(0.4)], [ln(0.5), ln(0.5)]]])
    legal = torch.ones(1, 2, 2, dtype=torch.bool)
    used = torch.tensor([[1.0, 0.0]])
    p = HeadLogProbs(move_p, torch.ones(1, 2, dtype=torch.bool), [(data_p, legal, used)], torch.zeros(1),
                     torch.ones(1, 4, dtype=torch.bool))
    move_kl = 0.8 * ln(0.8 / 0.5) + 0.2 * ln(0.2 / 0.5)  # 0.192745
    data_kl = 0.9 * ln(0.9 / 0.6) + 0.1 * ln(0.1 / 0.4)  # 0.226294
    assert joint_kl(p, move_q, [data_q]).item() == pytest.approx(move_kl + data_kl, rel=1e-6)


def test_ppo_loss_adds_the_magnet_coefficient_times_the_weighted_mean_kl():
    n = 4
    args = [torch.zeros(n), torch.zeros(n), torch.tensor([1.0, -1.0, 0.5, -0.5]), torch.zeros(n), torch.zeros(n),
            torch.zeros(n), torch.zeros(n), torch.tensor([1.0, 1.0, 1.0, 0.0])]
    base, _ = ppo_loss(*args, 0.2, 0.2, 0.5, 0.01)
    kl = torch.tensor([0.2, 0.4, 0.6, 9.0])  # the last sample weighs 0: mean (0.2 + 0.4 + 0.6) / 3 = 0.4
    loss, stats = ppo_loss(*args, 0.2, 0.2, 0.5, 0.01, magnet_kl=kl, magnet_coef=0.5)
    assert stats["magnet_kl"].item() == pytest.approx(0.4)
    assert (loss - base).item() == pytest.approx(0.5 * 0.4)


def test_a_network_is_its_own_magnet_and_another_pulls_it():
    trainer = Trainer(small(), display=False)  # the toy env's action layout
    spec = trainer.spec
    torch.manual_seed(0)
    p, q = MaskedActorCritic(spec, 16, 1), MaskedActorCritic(spec, 16, 1)
    obs = trainer.next_obs
    actions = p.act(obs).actions
    heads_p, heads_q = p.head_log_probs(obs, actions), q.head_log_probs(obs, actions)
    own = joint_kl(heads_p, heads_p.move, [g[0] for g in heads_p.grids])
    other = joint_kl(heads_p, heads_q.move, [g[0] for g in heads_q.grids])
    assert torch.equal(own, torch.zeros_like(own))
    assert (other > 0).all()
    other.sum().backward()  # the pull reaches the learner's weights
    assert p.move_head.weight.grad.abs().sum() > 0
    trainer.close()


def test_the_magnet_follows_the_learner_by_its_moving_average():
    trainer = Trainer(small(magnet_kl=0.1, magnet_ema=0.75, eval_interval=0), display=False)
    before = [m.clone() for m in trainer.magnet.parameters()]
    trainer.run(max_updates=1)
    for m0, m1, p in zip(before, trainer.magnet.parameters(), trainer.policy.parameters()):
        assert torch.allclose(m1, 0.75 * m0 + 0.25 * p, atol=1e-7)
    assert "loss/magnet_kl" in trainer.metrics.rows[0]
    trainer.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_every_update_pulls_toward_the_magnet_of_the_update_before(tmp_path, workers):
    """magnet_ema 0: the magnet is the learner as the update starts, so with one epoch of one
    minibatch the update's KL is exactly 0.  With the update in a second process (workers 2) this
    shows that process reads the magnet this one moves after every update."""
    if workers == 2 and "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("the overlapped loop needs fork")
    cfg = small(magnet_kl=1.0, magnet_ema=0.0, update_epochs=1, num_minibatches=1, eval_interval=0,
                vec_workers=workers)
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    trainer.run(max_updates=4)
    assert [r["loss/magnet_kl"] for r in trainer.metrics.rows] == [0.0] * 4
    trainer.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_resume_with_a_magnet_is_bit_exact(tmp_path, workers):
    if workers == 2 and "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("the overlapped loop needs fork")
    for t in check_resume_is_bit_exact(tmp_path, small(magnet_kl=0.2, magnet_ema=0.5, vec_workers=workers),
                                       n=5, k=2):
        t.close()


@pytest.mark.parametrize("settings, message", [
    ({"magnet_kl": -0.1}, "magnet_kl must be 0"),
    ({"magnet_ema": 1.0}, "magnet_ema must be in"),
    ({"magnet_kl": 0.1, "cuda_graph_update": True}, "no magnet term"),
])
def test_magnet_settings_out_of_range_are_refused(settings, message):
    with pytest.raises(ValueError, match=message):
        small(**settings).validate()
