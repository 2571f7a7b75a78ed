"""The update executor: where and when the trainer's PPO updates run beside its rollouts.

The trainer (trainer.py) has one loop, ``Trainer.run``, which hands the iterations to its
executor; the executor is chosen once, when the trainer is built (:func:`choose`), and is one of
these forms:

* :class:`InlineExecutor`: collect a rollout, update on it, in this process, one after the other;
* :class:`ThreadedExecutor`: the asynchronous update (``async_update``, meant for CUDA): a thread
  trains one epoch on rollout k while this thread plays rollout k+1 with the policy from before
  that update;
* :class:`OverlappedExecutor`: the update in a second process (overlap.py) while this one plays
  the next rollout (``vec_workers`` >= 2 on the CPU, config.py ``overlapped``);
* :class:`DistributedExecutor`: the inline form as one rank of a data-parallel run
  (distributed.py), its gradients averaged over the ranks after every backward pass.

Contract of every form:

* ``run(stop_at)`` trains until ``trainer.should_stop`` says so, calling ``trainer.after_update``
  once per update, in order; it returns with no update in flight and the learner (policy,
  optimizer, minibatch generator) in the trainer's own objects;
* ``buffers`` is the number of rollout buffers it needs, ``beside`` whether an update's time is
  apart from its rollout's (two buffers; the display and plots show it apart) and ``one_epoch``
  whether each update is one epoch instead of update_epochs (core.update);
* ``prepare()`` runs once, after the trainer made its buffers and before anything is collected;
* ``after_backward()`` runs between each backward pass and its optimizer step;
* which policy plays a rollout, and which update trains it, depends only on the update count,
  never on timing: a form's runs are reproducible, and a run resumed from a checkpoint equals
  the same run uninterrupted.
"""
from __future__ import annotations

import contextlib
import copy
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import torch
import torch.distributed as dist

from .overlap import UpdateWorker, share_rollout

if TYPE_CHECKING:
    from .config import TrainConfig
    from .trainer import Trainer


class UpdateExecutor:
    """The inline executor's interface and defaults (see the module's contract)."""

    name = "inline"
    buffers = 1
    beside = False
    one_epoch = False

    def __init__(self, trainer: "Trainer"):
        self.trainer = trainer

    def prepare(self) -> None:
        """Once, after the trainer made its rollout buffers."""

    def after_backward(self) -> None:
        """Between a backward pass and its optimizer step: nothing in one process."""

    def run(self, stop_at: int | None) -> None:
        raise NotImplementedError


class InlineExecutor(UpdateExecutor):
    """Collect, then update, in this process: every batch is the learner's own (lag 0)."""

    def run(self, stop_at: int | None) -> None:
        t = self.trainer
        while not t.should_stop(stop_at):
            t0 = time.perf_counter()
            t.set_learning_rate()
            stats = t.collect(t.bufs[0], t.policy)
            with t.timer("update"):
                stats.update(t.update(t.bufs[0], lag=0))
            t.after_update(stats, t0, lag=0)


class DistributedExecutor(InlineExecutor):
    """The inline form as one rank of a data-parallel run: after every backward pass the
    gradients are averaged over the ranks (one all-reduce of the flattened gradients), so every
    rank takes the same optimizer step and the ranks' parameters stay identical."""

    name = "distributed"

    def after_backward(self) -> None:
        grads = [p.grad for p in self.trainer.policy.parameters() if p.grad is not None]
        flat = torch.cat([g.reshape(-1) for g in grads])
        dist.all_reduce(flat)
        flat /= dist.get_world_size()
        offset = 0
        for g in grads:
            g.copy_(flat[offset:offset + g.numel()].view_as(g))
            offset += g.numel()


class ThreadedExecutor(UpdateExecutor):
    """The asynchronous update: while the learner trains on rollout k in a thread, a copy of the
    policy from before that update plays rollout k+1, so each batch is one policy version old when
    it is trained on (logged as policy_lag).  Each update is one epoch (core.update); V-trace,
    when on, corrects for the lag."""

    name = "threaded"
    buffers = 2
    beside = True
    one_epoch = True

    def run(self, stop_at: int | None) -> None:
        t = self.trainer
        behaviour = copy.deepcopy(t.policy).requires_grad_(False)
        if t.cuda:
            t.cuda.use_behaviour(behaviour)
        learner_version = behaviour_version = 0
        pending, t0 = None, time.perf_counter()
        with ThreadPoolExecutor(max_workers=1) as pool:
            while True:
                buf = t.bufs[t.update_count % 2]
                stats = t.collect(buf, behaviour)  # overlaps the pending update
                batch_version = behaviour_version
                if pending is not None:
                    stats.update(pending.result())
                    learner_version += 1
                    with torch.no_grad():
                        for b, p in zip(behaviour.parameters(), t.policy.parameters()):
                            b.copy_(p)  # in place, so a captured graph sees the new weights
                    behaviour_version = learner_version
                    t.after_update(stats, t0, lag=pending.lag)
                    t0 = time.perf_counter()
                if t.should_stop(stop_at):
                    break
                t.set_learning_rate()
                lag = learner_version - batch_version
                pending = pool.submit(self._timed_update, buf, lag)
                pending.lag = lag

    def _timed_update(self, buf, lag: int) -> dict:
        t = self.trainer
        with t.cuda.side_stream() if t.cuda else contextlib.nullcontext(), t.timer("update"):
            return t.update(buf, lag)


class OverlappedExecutor(UpdateExecutor):
    """Rollouts and updates side by side on two cores (overlap.py): while the update process
    trains on rollout k-1 (update k), this process plays rollout k with ``trainer.behaviour``, the
    policy as it was after update k-1.  Every batch is thus one version old when trained on
    (logged as policy_lag; the first is the learner's own), the clipped ratio is taken against the
    log-probs it was played with, and all update_epochs run.

    Which policy plays a rollout depends only on its number (rollout k: version k-1), never on
    timing, and a rollout's row in the metrics is the row of the update that trains it.  Where a
    checkpoint is due the update runs alone (rollout k is played after it, still by version k-1),
    no rollout is started whose update would not fit the budget, and a stop that comes
    unannounced (Ctrl-C, a budget overrun) first trains the rollout already played: every
    checkpoint is taken with no experience pending, and a resumed run equals an uninterrupted
    one, as in the inline form.

    The behaviour policy, its version and the rollout pending stay the trainer's
    (``behaviour``, ``behaviour_version``, ``pending_rollout``): its checkpoint holds them
    (run_state.py).  Snapshots for self-play are taken here, when a version starts to play."""

    name = "overlapped"
    buffers = 2
    beside = True

    def prepare(self) -> None:
        t = self.trainer
        for buf in t.bufs:
            share_rollout(buf)
        t.behaviour = copy.deepcopy(t.policy).requires_grad_(False)
        t.behaviour_version = 0

    def run(self, stop_at: int | None) -> None:
        t = self.trainer
        interval = t.cfg.checkpoint_interval
        with UpdateWorker(t) as worker:
            draining = False
            while True:
                if t.pending_rollout is None:
                    if draining or t.should_stop(stop_at):
                        break
                    t.pending_rollout = self._collect_into(0)
                t0 = time.perf_counter()
                index, version = t.pending_rollout
                t.pending_rollout = None
                t.set_learning_rate()
                lag = t.update_count - version
                worker.submit(index, lag, float(t.optimizer.param_groups[0]["lr"]))
                self._switch_behaviour()
                upcoming = t.update_count + 1
                if not (draining or t.should_stop(stop_at, ahead=1) or upcoming % interval == 0):
                    t.pending_rollout = self._collect_into(1 - index)  # overlaps the update
                with t.timer("wait"):
                    stats, seconds = worker.result()
                t.timer.add("update", seconds)
                if upcoming % interval == 0:
                    worker.pull_state()
                # the row of this update reports the rollout it trained on
                trained, live = t.bufs[index], t.global_step
                t.global_step, t.ep_stats = trained.steps_end, trained.ep_stats
                t.after_update(stats, t0, lag=lag)
                t.global_step = live
                draining = draining or t.should_stop(stop_at)
            worker.pull_state()  # this process's optimizer and generator are the learner's again

    def _collect_into(self, index: int) -> tuple[int, int]:
        """Play a rollout into bufs[index] with the behaviour policy; its episode statistics and
        the step count at its end stay with the buffer until the update that trains it is logged."""
        t = self.trainer
        buf = t.bufs[index]
        buf.ep_stats = t.ep_stats = defaultdict(list)
        t.collect(buf, t.behaviour)
        buf.steps_end = t.global_step
        return index, t.behaviour_version

    def _switch_behaviour(self) -> None:
        """Before update k: the learner is at version k-1, which plays rollout k; a snapshot
        taken every snapshot_interval versions joins the pool when that version starts to play."""
        t = self.trainer
        if t.behaviour_version == t.update_count:
            return
        with torch.no_grad():
            for b, p in zip(t.behaviour.parameters(), t.policy.parameters()):
                b.copy_(p)
        t.behaviour_version = t.update_count
        if t.update_count % t.cfg.snapshot_interval == 0:
            t.selfplay.add_snapshot(t.policy, t.update_count)


def choose(cfg: "TrainConfig", distributed: bool = False) -> type[UpdateExecutor]:
    """The executor form for a run: the one place a run's loop is chosen.  A distributed rank
    updates inline (its gradient exchange is in the update, so it stays in the rank's process and
    thread); else ``async_update`` the threaded form, an overlapped run (config.py
    ``overlapped``) the second process, anything else inline."""
    if distributed:
        return DistributedExecutor
    if cfg.async_update:
        return ThreadedExecutor
    if cfg.overlapped():
        return OverlappedExecutor
    return InlineExecutor
