"""Data-parallel PPO over ``torch.distributed``: ``torchrun --nproc-per-node N [--nnodes M ...]
-m integration.train.cli ...`` (or ``train-selfplay --distributed N``, which runs torchrun).

Contract:

* every rank (process) steps its own envs with its own seed stream (``seed + RANK_SEED_STRIDE *
  rank``) and keeps its own self-play assignments; the policy starts from rank 0's parameters;
* the update runs inline, and after every backward pass the gradients are averaged over the
  ranks (executor.py, DistributedExecutor: one all-reduce of the flattened gradients), so every
  rank takes the same optimizer step and the ranks' parameters stay identical; snapshots for
  self-play are taken at the same updates on every rank;
* the clock that anneals the learning rate and ends a time budget is shared (the largest of the
  ranks' clocks, one all-reduce per update), so the ranks stop at the same update;
* rank 0 alone writes: checkpoints, metrics, plots, evaluations, the summary.  A checkpoint holds
  every rank's own part (envs, self-play assignments, RNGs), gathered to rank 0, so ``--resume``
  continues each rank where it was; it must be resumed with the same number of processes;
* the backend is NCCL for ``--device cuda`` (rank r uses GPU ``LOCAL_RANK``), gloo on the CPU and
  where more ranks than GPUs share a machine's GPUs (:func:`gpu_of_rank`).

An explicit all-reduce rather than DistributedDataParallel: the trainer's forward pass for the
update is ``policy.evaluate``, not ``forward``, which DDP's reducer does not see; the explicit
average is the same arithmetic and works with every update path here.

Not supported in a distributed run (a clear error): ``target_kl`` (ranks would stop their epochs
apart), ``async_update`` (its update thread would issue collectives alongside the main thread's)
and ``cuda_graph_update`` (an all-reduce inside a captured graph).
"""
from __future__ import annotations

import dataclasses
import os

import numpy as np
import torch
import torch.distributed as dist

from . import checkpoint as ckpt
from .trainer import Trainer

RANK_SEED_STRIDE = 1_000_003  # rank r's seeds: seed + RANK_SEED_STRIDE * r (rank 0 keeps the run's seed)


def launched() -> bool:
    """True in a process started by torchrun with more than one process in all."""
    return int(os.environ.get("WORLD_SIZE", "1")) > 1


def init(device: str) -> str:
    """Join the process group torchrun describes (environment variables); returns this rank's
    device (``cuda:LOCAL_RANK`` for CUDA)."""
    if dist.is_initialized():
        return device
    if device.startswith("cuda"):
        gpu, backend = gpu_of_rank(int(os.environ.get("LOCAL_RANK", "0")),
                                   int(os.environ.get("LOCAL_WORLD_SIZE", "1")), torch.cuda.device_count())
        torch.cuda.set_device(gpu)
        device = f"cuda:{gpu}"
        dist.init_process_group(backend)
    else:
        dist.init_process_group("gloo")
    return device


def gpu_of_rank(local_rank: int, local_ranks: int, gpus: int) -> tuple[int, str]:
    """The GPU a rank uses and the process group's backend.  With a GPU per rank: GPU ``LOCAL_RANK``
    and NCCL.  With more ranks on a machine than GPUs, the ranks share them (rank r on GPU r mod
    gpus) and the backend is gloo, which all-reduces CUDA tensors through the host: NCCL refuses
    two ranks on one GPU.  Ranks sharing a GPU split the trainer's per-step work (forward passes,
    upload, bookkeeping) between processes; on a 16-core H200 machine 4 such ranks trained no faster
    than one process with as many env workers (docs/PERFORMANCE.md, "GPU check")."""
    if gpus < 1:
        raise RuntimeError("--device cuda: torch sees no CUDA device here")
    if local_ranks <= gpus:
        return local_rank, "nccl"
    return local_rank % gpus, "gloo"


class _NoMetrics:
    """The metrics log of a rank other than 0: it keeps nothing and writes nothing."""

    rows: list = []

    def write(self, row: dict) -> None:
        pass

    def truncate_after(self, update: int) -> None:
        pass


class DistributedTrainer(Trainer):
    """A Trainer that is one rank of a data-parallel run (see the module's contract)."""

    DISTRIBUTED = True  # its executor is the distributed form (executor.py), inline with the gradient exchange

    def __init__(self, cfg, run_dir=None, display: bool = True):
        for key in ("target_kl", "async_update", "cuda_graph_update"):
            if getattr(cfg, key) not in (None, False):
                raise ValueError(f"{key} is not supported in a distributed run")
        if not dist.is_initialized():
            raise ValueError("a distributed run needs torch.distributed initialised (run it with torchrun)")
        self.rank, self.world = dist.get_rank(), dist.get_world_size()
        self.base_seed = cfg.seed
        cfg = dataclasses.replace(cfg, seed=cfg.seed + RANK_SEED_STRIDE * self.rank)
        super().__init__(cfg, run_dir=run_dir, display=display and self.rank == 0)
        box = [str(self.run_dir)]
        dist.broadcast_object_list(box, src=0)  # rank 0's folder (a default one is named by its clock)
        self.run_dir = type(self.run_dir)(box[0])
        with torch.no_grad():  # every rank starts from rank 0's parameters
            for p in self.policy.parameters():
                dist.broadcast(p.data, src=0)
            for p, q in zip(self.selfplay.snapshots[0].policy.parameters(), self.policy.parameters()):
                p.copy_(q)  # the first snapshot was taken before the broadcast

    # ----- the loop ----------------------------------------------------------------------
    def run(self, max_updates: int | None = None) -> dict:
        if self.rank == 0:
            summary = super().run(max_updates)
        else:
            self.metrics = _NoMetrics()
            stop_at = None if max_updates is None else self.update_count + max_updates
            with self._sigint_flag():
                self.executor.run(stop_at)
            summary = self.finish()
        dist.barrier()  # rank 0's final files are written before any rank returns
        return summary

    def _plan_budget(self) -> None:
        # One shared clock, one shared Ctrl-C and rank 0's plan of the run's end (only rank 0
        # evaluates, so only its estimates are measured): the ranks anneal alike and stop at the
        # same update.
        super()._plan_budget()
        own, budget = self.rank == 0, self.budget
        shared = torch.tensor([budget.elapsed_s, float(self.stop_requested), budget.reserve_s if own else 0.0,
                               budget.next_update_s if own else 0.0], dtype=torch.float64, device=self._comm_device())
        dist.all_reduce(shared, op=dist.ReduceOp.MAX)
        budget.elapsed_s, self.stop_requested = float(shared[0]), bool(shared[1] > 0)
        budget.reserve_s, budget.next_update_s = float(shared[2]), float(shared[3])

    def collect(self, buf, behaviour) -> dict:
        before = self.global_step
        out = super().collect(buf, behaviour)
        self.global_step = before + (self.global_step - before) * self.world  # every rank's agent steps
        return out

    def evaluate(self, final: bool = False, rounds=None) -> dict:
        return super().evaluate(final, rounds) if self.rank == 0 else {}

    def _log_row(self, stats: dict, wall: float, lag: int) -> dict:
        row = super()._log_row(stats, wall, lag)
        row["sps"] *= self.world  # every rank's batch in the same wall time
        return row

    def finish(self) -> dict:
        if self.rank == 0:
            return super().finish()
        self.save_checkpoint()  # its part of rank 0's final checkpoint
        return {"run_dir": str(self.run_dir), "updates": self.update_count, "agent_steps": self.global_step,
                "rank": self.rank}

    def _comm_device(self) -> torch.device:
        return self.device if self.device.type == "cuda" else torch.device("cpu")

    # ----- checkpoints -------------------------------------------------------------------
    def _own_state(self) -> dict:
        """What differs between the ranks: envs, self-play assignments, RNG streams."""
        env_state = self.env.get_state() if hasattr(self.env, "get_state") else None
        if env_state is not None and not ckpt.storable(env_state):
            env_state = None  # as Trainer.state_dict: match objects are no checkpoint data
        return dict(env=env_state, next_obs=self.next_obs.cpu(), ep_return=self.ep_return.copy(),
                    ep_len=self.ep_len.copy(), selfplay=self.selfplay.state_dict(),
                    selfplay_rng=self.rng.bit_generator.state, update_gen=self.update_gen.get_state(),
                    rng=ckpt.rng_state(cuda=self.device.type == "cuda"))

    def save_checkpoint(self):
        parts = [None] * self.world if self.rank == 0 else None
        dist.gather_object(self._own_state(), parts, dst=0)
        if self.rank != 0:
            return None
        self._parts = parts
        return super().save_checkpoint()

    def state_dict(self) -> dict:
        state = super().state_dict()
        state["config"] = dataclasses.replace(self.cfg, seed=self.base_seed).to_dict()  # the run's, not a rank's
        state["distributed"] = {"world_size": self.world, "ranks": getattr(self, "_parts", None)}
        return state

    def load_state_dict(self, state: dict) -> None:
        info = state.get("distributed")
        if not isinstance(info, dict) or info.get("world_size") != self.world or not info.get("ranks"):
            made = info.get("world_size") if isinstance(info, dict) else 1
            raise SystemExit(f"the checkpoint was made by {made} process(es): resume it with as many "
                             f"(this run has {self.world})")
        super().load_state_dict(state)
        if self.rank == 0:
            return
        own = info["ranks"][self.rank]
        self.selfplay.load_state_dict(own["selfplay"], self.make_policy)
        self.rng.bit_generator.state = own["selfplay_rng"]
        self.update_gen.set_state(own["update_gen"])
        self.ep_return[:] = own["ep_return"]
        self.ep_len[:] = own["ep_len"]
        if own["env"] is not None and hasattr(self.env, "set_state"):
            self.env.set_state(own["env"])
            self.next_obs.copy_(own["next_obs"].to(self.device))
        else:
            obs, _ = self.env.reset(seed=self.cfg.seed + self.update_count)
            self.next_obs.copy_(torch.as_tensor(obs))
            self.ep_return[:] = 0.0
            self.ep_len[:] = 0
            self.selfplay.reassign(np.ones(self.cfg.num_envs, dtype=bool))
        ckpt.set_rng_state(own["rng"])
