"""The CUDA code path (integration/train/cuda.py) rehearsed on the CPU: the same CudaSupport,
static buffers and step functions with graph capture, streams and pinned memory left out, so a
first GPU run can fail only for reasons a GPU brings."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from integration.train.trainer import Trainer
from support.training import small

# the option sets test_train.py's CUDA tests run on a GPU, and each option alone
OPTIONS = [{}, {"cuda_graphs": True}, {"cuda_graph_update": True}, {"bf16": True}, {"async_update": True},
           {"cuda_graphs": True, "cuda_graph_update": True}, {"async_update": True, "cuda_graphs": True},
           {"cuda_graphs": True, "double_buffer": True, "vec_backend": "multiprocessing", "vec_workers": 2}]


pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


@pytest.mark.parametrize("extra", OPTIONS, ids=lambda d: "+".join(d) or "plain")
def test_rehearsed_cuda_training_runs_and_resumes(tmp_path, extra):
    trainer = Trainer(small(cuda_rehearsal=True, **extra), run_dir=tmp_path, display=False)
    assert trainer.cuda is not None and trainer.cuda.rehearsal
    summary = trainer.run(max_updates=3)
    trainer.close()  # env worker processes, where the option has them
    assert summary["updates"] == 3
    assert all(np.isfinite(r["loss/policy"]) for r in trainer.metrics.rows)
    if extra.get("cuda_graph_update"):  # the tensor learning rate the captured Adam step reads, annealed
        assert isinstance(trainer.optimizer.param_groups[0]["lr"], torch.Tensor)
    resumed = Trainer.resume(tmp_path, display=False)
    assert resumed.cuda is not None and resumed.update_count == 3
    resumed.run(max_updates=1)
    resumed.close()


def test_rehearsed_graphed_update_equals_the_plain_update(tmp_path):
    """The padded, weighted minibatch step (what a captured graph replays) with the tensor-lr Adam
    takes the plain path's steps: same parameters after two updates on one rollout (float32, no
    bf16).  The rollout is the plain trainer's: the captured forward pass acts for every seat, the
    plain one for the learner's alone, so their rollouts draw different actions."""
    trainers = [Trainer(small(seed=11, vec_workers=1, bf16=False, **extra), run_dir=tmp_path / str(i), display=False)
                for i, extra in enumerate(({}, {"cuda_rehearsal": True, "cuda_graph_update": True,
                                                "cuda_graphs": True}))]
    plain, rehearsed = trainers
    for a, b in zip(plain.policy.parameters(), rehearsed.policy.parameters()):
        assert torch.equal(a, b)  # one seed, one initialisation
    start = [p.detach().clone() for p in plain.policy.parameters()]
    buf = plain.bufs[0]
    plain.collect(buf, plain.policy)
    for trainer in trainers:
        for _ in range(2):
            trainer.set_learning_rate()
            trainer.update(buf)
    moved = False
    for a, b, first in zip(plain.policy.parameters(), rehearsed.policy.parameters(), start):
        assert torch.allclose(a, b, atol=1e-5, rtol=1e-4)
        moved = moved or not torch.equal(a, first)
    assert moved  # the updates changed the weights


def test_rehearsal_is_for_the_cpu():
    with pytest.raises(ValueError, match="cuda_rehearsal runs the CUDA path on the CPU"):
        small(cuda_rehearsal=True, device="cuda").validate()


def test_captured_act_reads_the_static_input(tmp_path):
    """A captured forward pass reads one static input tensor: acting on another one is an error
    the rehearsal catches too."""
    trainer = Trainer(small(cuda_rehearsal=True, cuda_graphs=True), run_dir=tmp_path, display=False)
    trainer.cuda.act(trainer.next_obs)
    trainer.cuda.act(trainer.next_obs[: trainer.cfg.num_envs])  # a half's rows of it (double_buffer)
    with pytest.raises(AssertionError, match="static input"):
        trainer.cuda.act(trainer.next_obs.clone())
