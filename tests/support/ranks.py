"""Run the trainer as N gloo ranks in fresh processes (the distributed trainer's tests)."""
from __future__ import annotations

import hashlib
import multiprocessing as mp
import os
import socket


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rank_main(rank: int, world: int, port: int, cfg_overrides: dict, phases: list, queue) -> None:
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), RANK=str(rank), WORLD_SIZE=str(world),
                      LOCAL_RANK=str(rank))
    import torch
    import torch.distributed as dist

    torch.set_num_threads(1)
    dist.init_process_group("gloo", rank=rank, world_size=world)
    try:
        outs = []
        for run_dir, updates, resume in phases:
            outs.append(_phase(run_dir, updates, resume, cfg_overrides))
        queue.put((rank, outs))
    except BaseException as exc:  # noqa: BLE001 - reported to the test, which fails with it
        queue.put((rank, dict(error=f"{type(exc).__name__}: {exc}")))
        raise
    finally:
        dist.destroy_process_group()


def _phase(run_dir: str, updates: int, resume: bool, cfg_overrides: dict) -> dict:
    import torch

    from integration.train.distributed import DistributedTrainer
    from support.training import small

    if resume:
        trainer = DistributedTrainer.resume(run_dir, display=False)
    else:
        trainer = DistributedTrainer(small(**cfg_overrides), run_dir=run_dir, display=False)
    digests = []

    def record(trainer):  # the parameters' digest after every update
        flat = torch.cat([p.detach().reshape(-1) for p in trainer.policy.parameters()])
        digests.append(hashlib.sha256(flat.numpy().tobytes()).hexdigest())

    trainer.update_hooks.append(record)
    summary = trainer.run(max_updates=updates)
    trainer.close()
    return dict(digests=digests, global_step=trainer.global_step, updates=summary["updates"], seed=trainer.cfg.seed)


def run_ranks(world: int, phases: list, timeout: float = 300.0, **cfg_overrides) -> list[list[dict]]:
    """``world`` ranks of toy-env runs (support.training.small plus the overrides) in the same
    processes, one after the other: ``phases`` is a list of (run_dir, updates, resume). Returns, per
    rank, one dict per phase: the parameters' digest after every update, global_step, updates, seed."""
    phases = [(str(d), n, r) for d, n, r in phases]
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    port = free_port()
    procs = [ctx.Process(target=_rank_main, args=(r, world, port, cfg_overrides, phases, queue))
             for r in range(world)]
    for p in procs:
        p.start()
    results = {}
    try:
        for _ in range(world):
            rank, out = queue.get(timeout=timeout)
            results[rank] = out
    finally:
        for p in procs:
            p.join(timeout=30)
            if p.is_alive():
                p.kill()
    errors = [f"rank {r}: {out['error']}" for r, out in sorted(results.items()) if isinstance(out, dict)]
    assert not errors, errors
    return [results[r] for r in range(world)]
