"""Data-parallel PPO (integration/train/distributed.py) with 2 gloo processes on the toy env."""
from __future__ import annotations

import json

import pytest

from integration.train import checkpoint as ckpt
from integration.train.distributed import RANK_SEED_STRIDE, DistributedTrainer
from support.ranks import run_ranks
from support.training import small

SETTINGS = dict(checkpoint_interval=2, eval_interval=2, seed=5)


def test_two_ranks_stay_identical_resume_and_are_deterministic(tmp_path):
    """One launch of 2 gloo ranks: 4 updates in one go, then the same seed again as 2 updates, a
    resume and 2 more (a new trainer reading rank 0's checkpoint)."""
    phases = [(tmp_path / "whole", 4, False), (tmp_path / "split", 2, False), (tmp_path / "split", 2, True)]
    (whole0, first0, resumed0), (whole1, first1, resumed1) = run_ranks(2, phases, **SETTINGS)
    # the ranks play their own matches (their own seeds) and take the same steps: identical parameters
    assert (whole0["seed"], whole1["seed"]) == (5, 5 + RANK_SEED_STRIDE)
    assert len(whole0["digests"]) == 4 and len(set(whole0["digests"])) == 4  # they change every update
    assert whole0["digests"] == whole1["digests"]
    # global_step counts both ranks' agent steps: 4 updates x horizon 8 x 16 agents x 2 ranks
    assert whole0["global_step"] == whole1["global_step"] == 4 * 8 * 16 * 2

    # rank 0 alone writes: one metrics row per update, a checkpoint holding both ranks' parts
    rows = [json.loads(line) for line in (tmp_path / "whole" / "metrics.jsonl").read_text().splitlines()]
    assert [r["update"] for r in rows] == [1, 2, 3, 4]
    state = ckpt.load(tmp_path / "whole" / "checkpoints" / ckpt.LATEST)
    assert state["distributed"]["world_size"] == 2 and len(state["distributed"]["ranks"]) == 2
    assert state["config"]["seed"] == 5

    # the same seed in two parts with a resume between: the same parameters after every update
    assert first0["digests"] + resumed0["digests"] == whole0["digests"]
    assert first1["digests"] + resumed1["digests"] == whole1["digests"]


@pytest.mark.parametrize("key, value", [("target_kl", 0.02), ("async_update", True), ("cuda_graph_update", True)])
def test_unsupported_settings_fail_clearly(key, value):
    with pytest.raises(ValueError, match=f"{key} is not supported in a distributed run"):
        DistributedTrainer(small(**{key: value}), display=False)


def test_needs_a_process_group():
    with pytest.raises(ValueError, match="run it with torchrun"):
        DistributedTrainer(small(), display=False)


def test_gpu_of_rank():
    """A GPU per rank: GPU LOCAL_RANK and NCCL; more ranks than GPUs: shared round-robin, gloo
    (NCCL refuses two ranks on one GPU); no GPU: one clear error."""
    from integration.train.distributed import gpu_of_rank

    assert [gpu_of_rank(r, 4, 8) for r in range(4)] == [(0, "nccl"), (1, "nccl"), (2, "nccl"), (3, "nccl")]
    assert [gpu_of_rank(r, 2, 2) for r in range(2)] == [(0, "nccl"), (1, "nccl")]
    assert [gpu_of_rank(r, 4, 1) for r in range(4)] == [(0, "gloo")] * 4
    assert [gpu_of_rank(r, 4, 2) for r in range(4)] == [(0, "gloo"), (1, "gloo"), (0, "gloo"), (1, "gloo")]
    with pytest.raises(RuntimeError, match="no CUDA device"):
        gpu_of_rank(0, 2, 0)
