"""The update executor (integration/train/executor.py): the one place a run's loop is chosen, the
trainer's view of it (buffers, whether updates run beside the rollouts), the one loop every form
runs, and the threaded form (the overlapped one: test_overlap.py)."""
from __future__ import annotations

import multiprocessing
import threading

import pytest
import torch

from integration.train import executor
from integration.train.trainer import Trainer
from support.training import assert_same_state, small

pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


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


def test_every_form_runs_the_one_loop():
    for form in (executor.InlineExecutor, executor.DistributedExecutor, executor.ThreadedExecutor,
                 executor.OverlappedExecutor):
        assert form.run is executor.UpdateExecutor.run


def test_the_threaded_form_plays_ahead_into_the_buffer_its_update_is_not_reading(tmp_path):
    """Each update of the threaded form trains on the rollout it was given, although the next
    rollout is played meanwhile: here every update starts only once that next rollout is played."""
    trainer = Trainer(small(async_update=True), run_dir=tmp_path, display=False)
    collect, update = trainer.collect, trainer.update
    played = []  # each rollout's observations, as played
    state = threading.Condition()

    def collect_and_keep(buf, behaviour):
        stats = collect(buf, behaviour)
        with state:
            played.append(buf.obs.clone())
            state.notify_all()
        return stats

    trained = []  # whether each update found its rollout as played

    def update_after_the_next_rollout(buf, lag=0):
        k = len(trained)
        with state:
            assert state.wait_for(lambda: len(played) >= k + 2, timeout=60)  # rollout k+1 is played
        trained.append(torch.equal(buf.obs, played[k]))
        return update(buf, lag)

    trainer.collect, trainer.update = collect_and_keep, update_after_the_next_rollout
    trainer.run(max_updates=4)
    assert trained == [True] * 4
    trainer.close()


def test_the_threaded_form_drops_the_rollout_played_ahead_when_it_stops(tmp_path):
    """The quirk the module docstring keeps: 4 updates play 5 rollouts."""
    cfg = small(async_update=True)
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    trainer.run(max_updates=4)
    assert (trainer.update_count, trainer.global_step) == (4, 5 * cfg.batch_size)
    assert [r["policy_lag"] for r in trainer.metrics.rows] == [0, 1, 1, 1]
    trainer.close()


@pytest.mark.parametrize("overrides", [dict(vec_workers=1), dict(vec_workers=1, async_update=True)])
def test_same_seed_same_run(tmp_path, overrides):
    a = Trainer(small(**overrides), run_dir=tmp_path / "a", display=False)  # seeds torch's global RNG
    a.run(max_updates=4)
    b = Trainer(small(**overrides), run_dir=tmp_path / "b", display=False)
    b.run(max_updates=4)
    assert_same_state(a, b)
    a.close()
    b.close()
