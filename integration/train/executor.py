"""The update executor: where and when the trainer's PPO updates run beside its rollouts.

The trainer (trainer.py) hands its iterations to its executor, chosen once when the trainer is
built (:func:`choose`).  Every form runs the same loop, :meth:`UpdateExecutor.run`; each update:

    take the rollout played for it (beside the update before, or now where none was)
    -> refresh the behaviour policy -> set the learning rate -> submit the update
    -> play the next rollout while it runs (where the form does) -> its result
    -> trainer.after_update -> read the stop rule

A form supplies only where the update runs (:meth:`~UpdateExecutor.submit`,
:meth:`~UpdateExecutor.result`, inside :meth:`~UpdateExecutor.session`), which policy plays and
how it is refreshed (:meth:`~UpdateExecutor.behaviour`, :meth:`~UpdateExecutor.refresh`) and
whether the next rollout is played beside the update (:meth:`~UpdateExecutor.plays_ahead`):

* :class:`InlineExecutor`: the learner plays a rollout and is updated on it, in this process,
  one after the other (every batch is its own: lag 0);
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
  never on timing: every form's runs are reproducible.  The inline, distributed and overlapped
  forms checkpoint with no rollout played and untrained, so a run resumed from a checkpoint
  equals the same run uninterrupted; the threaded form does not (below).

What still differs between the forms, each kept because changing it changes that form's
results (its weights, or its metrics rows):

* Quirk kept: an update's learning rate anneals by the step count before its rollout was
  played in the inline form, by the step count when it is submitted (its rollout played) in the
  forms that play beside the update (:meth:`~UpdateExecutor.annealing_steps`).
* Quirk kept: the threaded form plays ahead whatever comes and reads the stop rule after each
  rollout it plays (its first included); a stop drops the rollout played ahead, untrained
  (``drops_ahead``).  A step budget thus ends it one update short of the other forms, and its
  checkpoints are taken with that rollout played: its env and step count are past it, and a
  resumed run plays on from there with the learner itself (lag 0), where the run uninterrupted
  trains that rollout (docs/TRAINING.md: "the asynchronous mode drops the one batch in flight").
  The overlapped form instead plays ahead only when no stop is announced and no checkpoint is
  due, and trains the rollout played ahead before it stops.
* Snapshots for self-play join the pool after their update (trainer.after_update), except in
  the overlapped form: when their version starts to play (its :meth:`~OverlappedExecutor.refresh`).
* The overlapped form's metrics row of update k reports rollout k (its episodes and the step
  count at its end); the others' rows report what was played up to the update's end (the
  threaded form's: the rollout played beside it).
"""
from __future__ import annotations

import contextlib
import copy
import time
from collections import defaultdict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

import torch
import torch.distributed as dist

from .overlap import UpdateWorker, share_rollout

if TYPE_CHECKING:
    from .config import TrainConfig
    from .policy import MaskedActorCritic
    from .trainer import Trainer


@dataclass
class Played:
    """A rollout played into ``trainer.bufs[index]`` by the behaviour policy's version
    `version`, between the step counts `steps_start` and `steps_end`; `episodes`: its own episode
    statistics where the form keeps them apart (the overlapped form), else None."""

    index: int
    version: int
    steps_start: int
    steps_end: int
    episodes: dict | None = None


class UpdateExecutor:
    """The one loop (:meth:`run`) and the steps a form supplies (see the module's contract)."""

    name = ""
    buffers = 1
    beside = False
    one_epoch = False
    drops_ahead = False  # the threaded form's quirk (module docstring)

    def __init__(self, trainer: "Trainer"):
        self.trainer = trainer

    def prepare(self) -> None:
        """Once, after the trainer made its rollout buffers."""

    def after_backward(self) -> None:
        """Between a backward pass and its optimizer step: nothing in one process."""

    # ----- the loop ------------------------------------------------------------------------------
    def run(self, stop_at: int | None) -> None:
        """Train until the stop rule says so (the module's loop).  `ahead` is the rollout played
        beside the last update, for the next; a stop first trains it, except in the threaded form."""
        t = self.trainer
        with self.session():
            ahead = self.play(0) if self.drops_ahead else None
            stopping = t.should_stop(stop_at)
            while not stopping or (ahead is not None and not self.drops_ahead):
                t0 = time.perf_counter()
                rollout = ahead if ahead is not None else self.play(0)
                self.refresh()
                t.set_learning_rate(self.annealing_steps(rollout))
                lag = t.update_count - rollout.version
                self.submit(rollout, lag)
                ahead = self.play(1 - rollout.index) if self.plays_ahead(stop_at, stopping) else None
                self.log(rollout, self.result(), t0, lag)
                stopping = stopping or t.should_stop(stop_at)

    def play(self, index: int) -> Played:
        """Play a rollout into ``trainer.bufs[index]`` with the behaviour policy."""
        t = self.trainer
        policy, version = self.behaviour()
        start = t.global_step
        t.collect(t.bufs[index], policy)
        return Played(index, version, start, t.global_step)

    def log(self, rollout: Played, stats: dict, t0: float, lag: int) -> None:
        """The update's bookkeeping: count, snapshot, evaluate, log, checkpoint (trainer.after_update)."""
        self.trainer.after_update(stats, t0, lag=lag)

    # ----- what a form supplies ------------------------------------------------------------------
    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """Around the loop: what runs the updates (by default nothing: this thread)."""
        yield

    def behaviour(self) -> tuple["MaskedActorCritic", int]:
        """The policy that plays the next rollout, and its version (the update count it is at)."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Before each update: bring the behaviour policy up to date, where it is not the learner."""

    def annealing_steps(self, rollout: Played) -> int:
        """The step count the update's learning rate anneals by: every step played so far."""
        return rollout.steps_end

    def submit(self, rollout: Played, lag: int) -> None:
        """Start the update on `rollout` (its data `lag` versions old)."""
        raise NotImplementedError

    def plays_ahead(self, stop_at: int | None, stopping: bool) -> bool:
        """Whether the next rollout is played while the update runs (`stopping`: a stop is under way)."""
        return False

    def result(self) -> dict:
        """Wait for the update submitted; its statistics."""
        raise NotImplementedError


class InlineExecutor(UpdateExecutor):
    """Collect, then update, in this process: every batch is the learner's own (lag 0), and
    nothing is played ahead (the learner plays each rollout after the update before it)."""

    name = "inline"

    def behaviour(self) -> tuple["MaskedActorCritic", int]:
        return self.trainer.policy, self.trainer.update_count

    def annealing_steps(self, rollout: Played) -> int:
        """Quirk kept: the steps played before its rollout (the module docstring)."""
        return rollout.steps_start

    def submit(self, rollout: Played, lag: int) -> None:
        """The update, here, to its end."""
        t = self.trainer
        with t.timer("update"):
            self._stats = t.update(t.bufs[rollout.index], lag)

    def result(self) -> dict:
        return self._stats


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


def _copy_weights(dst: "MaskedActorCritic", src: "MaskedActorCritic") -> None:
    """`src`'s weights into `dst`, in place (a captured forward pass of `dst` sees them)."""
    with torch.no_grad():
        for d, s in zip(dst.parameters(), src.parameters()):
            d.copy_(s)


class ThreadedExecutor(UpdateExecutor):
    """The asynchronous update: while the learner trains on rollout k in a thread, a copy of the
    policy from before that update plays rollout k+1, so each batch is one policy version old when
    it is trained on (logged as policy_lag).  The two buffers alternate: a rollout is played into
    the one the update in flight is not reading.  Each update is one epoch (core.update); V-trace,
    when on, corrects for the lag.  It plays ahead whatever comes and drops the rollout ahead at
    a stop (the module docstring's quirk)."""

    name = "threaded"
    buffers = 2
    beside = True
    one_epoch = True
    drops_ahead = True

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """The update thread, and the behaviour policy: a copy of the learner, refreshed in place."""
        t = self.trainer
        self._behaviour = copy.deepcopy(t.policy).requires_grad_(False)
        self._version = t.update_count
        if t.cuda:
            t.cuda.use_behaviour(self._behaviour)
        with ThreadPoolExecutor(max_workers=1) as self._pool:
            yield

    def behaviour(self) -> tuple["MaskedActorCritic", int]:
        return self._behaviour, self._version

    def refresh(self) -> None:
        """The learner's weights, once per update: here, before the next update starts to change
        them in its thread."""
        if self._version != self.trainer.update_count:
            _copy_weights(self._behaviour, self.trainer.policy)
            self._version = self.trainer.update_count

    def submit(self, rollout: Played, lag: int) -> None:
        self._pending: Future = self._pool.submit(self._timed_update, self.trainer.bufs[rollout.index], lag)

    def _timed_update(self, buf, lag: int) -> dict:
        t = self.trainer
        with t.cuda.side_stream() if t.cuda else contextlib.nullcontext(), t.timer("update"):
            return t.update(buf, lag)

    def plays_ahead(self, stop_at: int | None, stopping: bool) -> bool:
        """Always (the module docstring's quirk)."""
        return True

    def result(self) -> dict:
        return self._pending.result()


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
    (``behaviour``, ``behaviour_version``, ``pending_rollout``): its checkpoint holds the first
    two, and is taken only with none of the third (run_state.py).  Snapshots for self-play are
    taken here, when a version starts to play."""

    name = "overlapped"
    buffers = 2
    beside = True

    def prepare(self) -> None:
        t = self.trainer
        for buf in t.bufs:
            share_rollout(buf)
        t.behaviour = copy.deepcopy(t.policy).requires_grad_(False)
        t.behaviour_version = 0

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """The update process, the learner's from now on; its optimizer and generator come back
        into this process when the loop ends."""
        with UpdateWorker(self.trainer) as self._worker:
            yield
            self._worker.pull_state()

    def behaviour(self) -> tuple["MaskedActorCritic", int]:
        return self.trainer.behaviour, self.trainer.behaviour_version

    def refresh(self) -> None:
        """Before update k: the learner is at version k-1, which plays rollout k; a snapshot taken
        every snapshot_interval versions joins the pool when that version starts to play."""
        t = self.trainer
        if t.behaviour_version == t.update_count:
            return
        _copy_weights(t.behaviour, t.policy)
        t.behaviour_version = t.update_count
        if t.update_count % t.cfg.snapshot_interval == 0:
            t.selfplay.add_snapshot(t.policy, t.update_count)

    def play(self, index: int) -> Played:
        """A rollout with its own episode statistics, kept until the update that trains it is logged."""
        t = self.trainer
        t.ep_stats = episodes = defaultdict(list)
        played = super().play(index)
        played.episodes = episodes
        t.pending_rollout = played
        return played

    def submit(self, rollout: Played, lag: int) -> None:
        self.trainer.pending_rollout = None
        self._worker.submit(rollout.index, lag, float(self.trainer.optimizer.param_groups[0]["lr"]))

    def plays_ahead(self, stop_at: int | None, stopping: bool) -> bool:
        """Unless a stop is under way or announced for the next update, or a checkpoint is due
        after this one (it is taken with nothing pending)."""
        t = self.trainer
        return not (stopping or t.should_stop(stop_at, ahead=1)
                    or (t.update_count + 1) % t.cfg.checkpoint_interval == 0)

    def result(self) -> dict:
        """The update's statistics; before a checkpoint, the learner's optimizer and generator too."""
        t = self.trainer
        with t.timer("wait"):
            stats, seconds = self._worker.result()
        t.timer.add("update", seconds)
        if (t.update_count + 1) % t.cfg.checkpoint_interval == 0:
            self._worker.pull_state()
        return stats

    def log(self, rollout: Played, stats: dict, t0: float, lag: int) -> None:
        """The row of this update reports the rollout it trained on."""
        t = self.trainer
        live = t.global_step
        t.global_step, t.ep_stats = rollout.steps_end, rollout.episodes
        t.after_update(stats, t0, lag=lag)
        t.global_step = live


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
