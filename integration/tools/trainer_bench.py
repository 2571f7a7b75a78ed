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


def bench(workers: int = 1, num_envs: int = 128, updates: int = 5, device: str = "cpu", env: str | None = None,
          horizon: int = 32, **settings) -> dict:
    """One case: ``workers`` env processes (1: the env in this process) of ``num_envs`` matches in all."""
    from integration.train.config import TrainConfig
    from integration.train.trainer import Trainer

    cfg = dict(num_envs=num_envs, device=device, horizon=horizon, steps=10 ** 12, eval_interval=0,
               vec_backend="native" if workers == 1 else "multiprocessing", vec_workers=workers, plots=False,
               record_matches=False, eval_matches=2)
    if env is not None:
        cfg["env"] = env
    cfg.update(settings)
    env_log = logging.getLogger("integration.env.env")  # matches cut short are counted, not printed
    with tempfile.TemporaryDirectory() as tmp, _disabled(env_log):
        trainer = Trainer(TrainConfig(**cfg), run_dir=tmp, display=False)
        try:
            walls, cpus, split = [], [], {}
            for k in range(updates + 1):
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
    return dict(workers=workers, num_envs=num_envs, device=device, batch=trainer.cfg.batch_size, updates=updates,
                sps=med(walls), sps_cpu=med(cpus), split={k: round(v, 3) for k, v in sorted(split.items())},
                cut_short=cut_short)


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

    ap = argparse.ArgumentParser(prog="yomi bench --trainer", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, nargs="+", default=[1], help="env worker processes per case (default 1)")
    ap.add_argument("--envs-per-worker", type=int, default=128, help="matches per worker (default 128)")
    ap.add_argument("--updates", type=int, default=5, help="timed updates per case (default 5), after one warm-up")
    ap.add_argument("--device", default="cpu", help="cpu or cuda (default cpu)")
    ap.add_argument("--env", help="environment (default: the trainer's)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="any training setting")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = ap.parse_args([a for a in (argv or []) if a != "--trainer"])
    if min(args.workers) < 1 or args.envs_per_worker < 1 or args.updates < 1:
        ap.error("--workers, --envs-per-worker and --updates must be at least 1")
    from integration.train.cli import _value

    settings = {}
    for item in args.set:
        key, _, value = item.partition("=")
        settings[key.strip().replace("-", "_")] = _value(value.strip())
    print(f"training throughput ({args.device}): agent steps/s (training), the trainer's own rate (rollout + "
          f"update, no evaluation), median (lowest-highest) of {args.updates} updates; per CPU-s: per second of this "
          f"process's CPU time (the env workers' is not counted)")
    print(f"{'workers':>7} {'matches':>8} {'batch':>7} {'agent steps/s (training)':>28} {'per CPU-s':>28}  time split")
    rows = []
    for w in args.workers:
        try:
            row = bench(w, args.envs_per_worker * w, args.updates, args.device, args.env, **settings)
        except (ValueError, KeyError, TypeError) as exc:
            print(f"yomi bench --trainer: error: {exc}", file=sys.stderr)
            return 2
        rows.append(row)
        split = ", ".join(f"{k} {v:.0%}" for k, v in row["split"].items())
        print(f"{w:>7} {row['num_envs']:>8} {row['batch']:>7} {_fmt(row['sps']):>28} {_fmt(row['sps_cpu']):>28}  {split}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
