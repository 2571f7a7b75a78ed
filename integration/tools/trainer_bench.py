"""``yomi bench --trainer``: agent steps per second of self-play PPO training (rollout and update,
no evaluation) with 1, 4, 16 ... env worker processes (see docs/PERFORMANCE.md).

Each case builds a :class:`integration.train.trainer.Trainer`, runs one warm-up update, then
``--updates`` timed ones (collect a rollout, one PPO update); it reports the median and the spread
of agent steps per second of wall-clock time and per second of this process's CPU time (the env
workers' CPU time is theirs, not counted), and the time split (env, forward, update).
"""
from __future__ import annotations

import contextlib
import logging
import statistics
import sys
import tempfile
import time
from typing import Optional, Sequence
from integration.options import OptionParser


def bench(workers: int = 1, num_envs: int = 128, updates: int = 5, device: str = "cpu", env: str | None = None,
          horizon: int = 32, overlap: bool = False, **settings) -> dict:
    """One case: ``workers`` env processes (1: the env in this process) of ``num_envs`` matches in all;
    ``overlap``: the env in this process and the PPO update in a second one (the trainer's
    overlapped loop, integration/train/overlap.py), timed by the run's own per-update rows."""
    from integration.train.config import TrainConfig
    from integration.train.trainer import Trainer

    cfg = dict(num_envs=num_envs, device=device, horizon=horizon, steps=10 ** 12, eval_interval=0,
               vec_backend="native" if workers == 1 else "multiprocessing", vec_workers=2 if overlap else workers,
               plots=False, record_matches=False, eval_matches=2, final_eval_rounds=1)
    if overlap and workers != 1:
        raise ValueError("the overlapped loop keeps the env in the trainer's process: use it with 1 worker")
    if env is not None:
        cfg["env"] = env
    cfg.update(settings)
    env_log = logging.getLogger("integration.env.env")  # matches cut short are counted, not printed
    with tempfile.TemporaryDirectory() as tmp, _disabled(env_log):
        trainer = Trainer(TrainConfig(**cfg), run_dir=tmp, display=False)
        _fill_pool(trainer)
        try:
            walls, cpus, split = [], [], {}
            if overlap:
                if not trainer.overlap:
                    raise ValueError("the overlapped loop is not available here (config.py: overlapped)")
                c0 = _cpu_with_children()
                trainer.run(max_updates=updates + 1)
                rows = trainer.metrics.rows[1:]  # the first: warm-up
                walls = [r["sps"] for r in rows]
                # both processes' CPU time over the whole run (warm-up and the small final evaluation in)
                cpus = [trainer.cfg.batch_size * (updates + 1) / max(_cpu_with_children() - c0, 1e-9)]
                total = sum(trainer.cfg.batch_size / r["sps"] for r in rows)
                split = {k: sum(r[f"time/{k}"] for r in rows) / total for k in ("env", "forward", "update")}
            for k in range(0 if overlap else updates + 1):
                w0, c0 = time.perf_counter(), time.process_time()
                buf = trainer.bufs[0]
                trainer.collect(buf, trainer.policy)
                with trainer.timer("update"):
                    trainer.update(buf)
                w, c = time.perf_counter() - w0, time.process_time() - c0
                times = trainer.timer.take()
                if k == 0:
                    continue  # warm-up: first calls, allocations, graph capture
                walls.append(trainer.cfg.batch_size / w)
                cpus.append(trainer.cfg.batch_size / max(c, 1e-9))
                for key, v in times.items():
                    split[key] = split.get(key, 0.0) + v / w / updates
            cut_short = trainer.engine_errors()
        finally:
            trainer.close()
    med = lambda xs: (statistics.median(xs), min(xs), max(xs))  # noqa: E731
    return dict(workers=workers, overlap=overlap, num_envs=num_envs, device=device, batch=trainer.cfg.batch_size,
                updates=updates,
                sps=med(walls), sps_cpu=med(cpus), split={k: round(v, 3) for k, v in sorted(split.items())},
                cut_short=cut_short)


def _fill_pool(trainer) -> None:
    """The self-play pool full from the start, every match drawing its opponent anew, as in a run
    past its first pool_size * snapshot_interval updates: the snapshots' forward passes are part of
    every rollout then (a bench of a few updates would otherwise time an empty pool)."""
    import numpy as np

    selfplay = trainer.selfplay
    if not hasattr(selfplay, "pool"):  # a fixed --opponent has no pool
        return
    for k in range(trainer.cfg.pool_size):
        selfplay.add_snapshot(trainer.policy, 10 ** 9 + k)  # ids past any update count the run reaches
    selfplay.reassign(np.ones(trainer.cfg.num_envs, dtype=bool))


def _cpu_with_children() -> float:
    """CPU seconds of this process and of its children that have exited."""
    import resource

    return time.process_time() + sum(getattr(resource.getrusage(resource.RUSAGE_CHILDREN), k)
                                     for k in ("ru_utime", "ru_stime"))


@contextlib.contextmanager
def _disabled(logger: logging.Logger):
    before, logger.disabled = logger.disabled, True
    try:
        yield
    finally:
        logger.disabled = before


def _fmt(fig) -> str:
    return f"{fig[0]:,.0f} ({fig[1]:,.0f}-{fig[2]:,.0f})"


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``yomi bench --trainer [--workers 1 4 16] [--envs-per-worker N] [--updates U] [--device cuda]``."""
    import argparse
    import json

    ap = OptionParser(prog="yomi bench --trainer", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, nargs="+", default=[1], help="env worker processes per case (default 1)")
    ap.add_argument("--envs-per-worker", type=int, default=128, help="matches per worker (default 128)")
    ap.add_argument("--updates", type=int, default=5, help="timed updates per case (default 5), after one warm-up")
    ap.add_argument("--device", default="cpu", help="cpu or cuda (default cpu)")
    ap.add_argument("--env", help="environment (default: the trainer's)")
    ap.add_argument("--overlap", action="store_true",
                    help="also run each 1-worker case overlapped: the PPO update in its own process while the "
                         "trainer plays the next rollout (the default run's loop on 2+ cores)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="any training setting")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = ap.parse_args([a for a in (argv or []) if a != "--trainer"])
    from integration.options import check_output, check_ranges
    from integration.train.config import MAX_NUM_ENVS, MAX_WORKERS

    check_ranges(ap.error, [("--workers", w, 1, MAX_WORKERS) for w in args.workers] + [
        ("--envs-per-worker", args.envs_per_worker, 1, MAX_NUM_ENVS), ("--updates", args.updates, 1, 10_000)])
    check_output(ap.error, "--json", args.json)
    from integration.train.cli import _value
    from integration.train.envs import allow_cli_env

    allow_cli_env(args.env)

    settings = {}
    for item in args.set:
        key, _, value = item.partition("=")
        settings[key.strip().replace("-", "_")] = _value(value.strip())
    print(f"training throughput ({args.device}): agent steps/s (training), the trainer's own rate (rollout + "
          f"update, no evaluation), median (lowest-highest) of {args.updates} updates; per CPU-s: per second of this "
          f"process's CPU time (the env workers' is not counted)")
    print(f"{'workers':>7} {'matches':>8} {'batch':>7} {'agent steps/s (training)':>28} {'per CPU-s':>28}  time split")
    rows = []
    cases = [(w, False) for w in args.workers] + ([(1, True)] if args.overlap and 1 in args.workers else [])
    for w, overlap in cases:
        try:
            row = bench(w, args.envs_per_worker * w, args.updates, args.device, args.env, overlap=overlap, **settings)
        except (ValueError, KeyError, TypeError) as exc:
            print(f"yomi bench --trainer: error: {exc}", file=sys.stderr)
            return 2
        rows.append(row)
        split = ", ".join(f"{k} {v:.0%}" for k, v in row["split"].items())
        name = "1+upd" if overlap else str(w)
        print(f"{name:>7} {row['num_envs']:>8} {row['batch']:>7} {_fmt(row['sps']):>28} {_fmt(row['sps_cpu']):>28}  "
              f"{split}{' (overlapped: the shares add up to more than 100 %)' if overlap else ''}")
    if args.json:
        from integration.safefile import UnsafeFileError, write_output

        try:
            write_output(args.json, json.dumps(rows, indent=1), "--json")
        except (OSError, UnsafeFileError) as exc:
            print(f"yomi bench --trainer: error: {exc}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
