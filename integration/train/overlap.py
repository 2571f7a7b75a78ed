"""Overlapped rollouts on the CPU: the PPO update runs in a second process while this one plays
the next rollout, so both cores are busy (``vec_workers`` >= 2 with the native backend, the
default on a machine with two cores or more; docs/TRAINING.md, docs/PERFORMANCE.md).

The split, and why it is this one (measured on the 2-core machine, docs/PERFORMANCE.md):

* the update is about two thirds of a training step and the rollout (env + forward passes) one
  third, so the two halves that run side by side are "update" and "everything else";
* a thread for the update does not help: every small torch op takes the GIL, and the two loops
  handing it back and forth ran *slower* than one loop;
* the env, the self-play pool, the episode statistics and the checkpoints stay in this process,
  exactly as in the one-process loop; only the learner's optimizer step moves out.

Contract of :class:`UpdateWorker`:

* it is a *fork* of the trainer taken when the overlapped loop starts: it holds the learner
  (policy, optimizer, minibatch generator) from then on, and this process's copies of the
  optimizer and generator are stale until :meth:`UpdateWorker.pull_state` (done before every
  checkpoint and when the loop ends);
* the rollout buffers and the learner's parameters live in anonymous shared memory mapped
  before the fork (:func:`share_rollout`, :func:`shared_like`), so a rollout and a new set of
  weights cross without a copy through a pipe; only commands, statistics and (at checkpoints)
  the optimizer's state are pickled;
* one update at a time: ``submit`` then ``result``; an exception in the worker comes back as a
  RuntimeError carrying its traceback; the worker ignores Ctrl-C (the trainer handles it) and
  exits when told to, when this process closes its end of the pipe, or, as a last resort, when
  ``close`` terminates it: it never outlives the loop that started it.
* the fork needs torch_threads 1 (config.py refuses otherwise): a process forked after torch's
  OpenMP threads have run hangs when it uses them.
"""
from __future__ import annotations

import mmap
import multiprocessing
import pickle
import signal
import time
import traceback
from typing import TYPE_CHECKING

import numpy as np
import torch

if TYPE_CHECKING:
    from .core import Rollout
    from .trainer import Trainer

_NUMPY = {torch.float32: np.float32, torch.int64: np.int64, torch.bool: np.bool_}


def shared_like(t: torch.Tensor) -> torch.Tensor:
    """A zeroed tensor like `t` in anonymous shared memory: a process forked afterwards sees the
    same bytes (unlike ordinary memory, which a fork copies on write).  Not torch's share_memory_(),
    which goes through /dev/shm, often only 64 MB in a container; a rollout of the real env is
    about 30 MB and the loop keeps two."""
    dtype = _NUMPY[t.dtype]
    size = max(t.numel() * np.dtype(dtype).itemsize, 1)
    buf = mmap.mmap(-1, size)  # MAP_SHARED | MAP_ANONYMOUS
    return torch.from_numpy(np.frombuffer(buf, dtype=dtype, count=t.numel()).reshape(t.shape))


def share_rollout(buf: "Rollout") -> "Rollout":
    """Move every tensor of a rollout buffer into shared memory (in place; returns it)."""
    for name, value in list(vars(buf).items()):
        if isinstance(value, torch.Tensor):
            setattr(buf, name, shared_like(value))
    return buf


class UpdateWorker:
    """The learner's half of the overlapped loop (see the module's contract)."""

    def __init__(self, trainer: "Trainer"):
        self.trainer = trainer
        self.params = [shared_like(p.detach()) for p in trainer.policy.parameters()]
        ctx = multiprocessing.get_context("fork")
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(trainer, child, self.params), daemon=True,
                                   name="yomi-update")
        self.process.start()
        child.close()  # the worker's end: once only the worker holds it, our exit is its EOF
        self.busy = False

    # ----- commands ------------------------------------------------------------------------------
    def submit(self, buf_index: int, lag: int, lr: float) -> None:
        """Start one PPO update on ``trainer.bufs[buf_index]`` (data `lag` versions old)."""
        assert not self.busy, "one update at a time"
        self.conn.send(("update", buf_index, lag, lr))
        self.busy = True

    def result(self) -> tuple[dict, float]:
        """Wait for the update; copy the new weights into the trainer's policy.  Returns the
        update's statistics and the seconds it took in the worker."""
        self.busy = False
        stats, seconds = self._reply()
        with torch.no_grad():
            for p, s in zip(self.trainer.policy.parameters(), self.params):
                p.copy_(s)
        return stats, seconds

    def pull_state(self) -> None:
        """Copy the worker's optimizer and minibatch generator into the trainer (before a
        checkpoint, and when the loop ends)."""
        assert not self.busy
        self.conn.send(("state",))
        optimizer, generator = pickle.loads(self._reply())
        self.trainer.optimizer.load_state_dict(optimizer)
        self.trainer.update_gen.set_state(generator)

    def close(self, timeout: float = 10.0) -> None:
        """Stop the worker (an update in flight is abandoned) and wait for it to exit."""
        if self.process.is_alive() and not self.busy:
            try:
                self.conn.send(("stop",))
            except (BrokenPipeError, OSError):
                pass
        self.conn.close()  # EOF for a worker still waiting on a command
        self.process.join(timeout)
        if self.process.is_alive():  # busy in an update we no longer want, or stuck
            self.process.terminate()
            self.process.join(timeout)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()

    def __enter__(self) -> "UpdateWorker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _reply(self):
        try:
            kind, payload = self.conn.recv()
        except EOFError:
            raise RuntimeError(f"the update process exited (exit code {self.process.exitcode})") from None
        if kind == "error":
            raise RuntimeError(f"the update process failed:\n{payload}")
        return payload


def _serve(trainer: "Trainer", conn, params: list[torch.Tensor]) -> None:
    """The worker's loop: run updates on the shared buffers, publish the weights, answer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the trainer's: it stops the loop
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        try:
            if msg[0] == "update":
                _, index, lag, lr = msg
                for group in trainer.optimizer.param_groups:
                    group["lr"] = lr
                start = time.perf_counter()
                stats = trainer.update(trainer.bufs[index], lag)
                with torch.no_grad():
                    for s, p in zip(params, trainer.policy.parameters()):
                        s.copy_(p)
                conn.send(("ok", (stats, time.perf_counter() - start)))
            elif msg[0] == "state":
                # plain pickle, bytes: the Connection's own pickler would pass tensors as shared-memory handles
                state = pickle.dumps((trainer.optimizer.state_dict(), trainer.update_gen.get_state()))
                conn.send(("ok", state))
            else:  # stop
                return
        except Exception:  # noqa: BLE001 - every failure goes back to the trainer, which raises it
            conn.send(("error", traceback.format_exc()))
