"""The update executor (integration/train/executor.py): the one place a run's loop is chosen, and
the trainer's view of it (buffers, whether updates run beside the rollouts)."""
from __future__ import annotations

import multiprocessing

import pytest

from integration.train import executor
from integration.train.trainer import Trainer
from support.training import small


@pytest.mark.parametrize("overrides, form", [
    (dict(vec_workers=1), executor.InlineExecutor),
    (dict(vec_workers=1, async_update=True), executor.ThreadedExecutor),
    (dict(vec_workers=2, async_update=True), executor.ThreadedExecutor),  # the async update wins
    (dict(vec_workers=2, cuda_rehearsal=True), executor.InlineExecutor),  # the CUDA path stays in one process
    (dict(vec_workers=2, vec_backend="serial"), executor.InlineExecutor),
])
def test_each_config_gets_one_form(overrides, form):
    assert executor.choose(small(**overrides).validate()) is form


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_two_native_workers_on_the_cpu_overlap_and_a_rank_updates_inline():
    cfg = small(vec_workers=2)
    assert executor.choose(cfg) is executor.OverlappedExecutor
    assert executor.choose(cfg, distributed=True) is executor.DistributedExecutor
    assert issubclass(executor.DistributedExecutor, executor.InlineExecutor)


@pytest.mark.parametrize("overrides, beside", [(dict(vec_workers=1), False),
                                               (dict(vec_workers=1, async_update=True), True)])
def test_the_trainer_takes_its_buffers_and_timing_from_its_executor(tmp_path, overrides, beside):
    trainer = Trainer(small(**overrides), run_dir=tmp_path, display=False)
    try:
        assert trainer.update_beside is beside
        assert len(trainer.bufs) == (2 if beside else 1)
        assert not trainer.overlap
    finally:
        trainer.close()
