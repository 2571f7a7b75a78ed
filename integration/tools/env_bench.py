"""``yomi bench --env``: agent steps per second of :class:`integration.env.env.YomiEnv` with random
legal (masked) actions (integration/tools/bench.py delegates here; see docs/PERFORMANCE.md).
"""
from __future__ import annotations

import sys
import time
from typing import Optional, Sequence

import numpy as np

from integration.env.baselines import random_legal_actions
from integration.env.env import BACKENDS, YomiEnv, _default_backend as default_backend


def bench(backend: str = "c", num_envs: int = 64, seconds: float = 10.0, seed: int = 0, p1="ninja", p2="ninja") -> dict:
    """Agent steps per second of one env in this process with random legal (masked) actions.

    Only ``env.step`` is timed (drawing the random actions is not)."""
    import contextlib
    import io

    env = YomiEnv(num_envs=num_envs, seed=seed, backend=backend, p1=p1, p2=p2)
    rng = np.random.default_rng(seed)
    steps, env_time, env_cpu = 0, 0.0, 0.0
    with contextlib.redirect_stderr(io.StringIO()):
        env.reset(seed=seed)
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            a = random_legal_actions(env.observations, rng)
            s, c = time.perf_counter(), time.thread_time()
            env.step(a)
            env_time += time.perf_counter() - s
            env_cpu += time.thread_time() - c
            steps += 1
    return dict(backend=backend, num_envs=num_envs, agent_steps=steps * env.num_agents, env_seconds=env_time,
                sps=steps * env.num_agents / max(env_time, 1e-9), sps_cpu=steps * env.num_agents / max(env_cpu, 1e-9),
                matches=env.matches_played, truncated=env.engine_errors, illegal=env.illegal_actions)


def _bench_worker(args):
    return bench(**args)


def _bench_parallel(workers: int, **kwargs) -> list:
    import multiprocessing as mp

    if workers == 1:
        return [bench(**kwargs)]
    with mp.get_context("fork").Pool(workers) as pool:
        return pool.map(_bench_worker, [dict(kwargs, seed=kwargs.get("seed", 0) + w) for w in range(workers)])


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``yomi bench --env``: agent steps per second of YomiEnv, random legal (masked) actions.

    Without options: the C-backed env on one core and on all cores, then the Python-backed env on
    one core.  Options run one case:
    ``--backend python|c --envs N --seconds S --workers W (0: all cores) --p1 --p2``."""
    import argparse
    import multiprocessing as mp

    ap = argparse.ArgumentParser(prog="yomi bench --env", description=main.__doc__)
    ap.add_argument("--backend", choices=sorted(BACKENDS))
    ap.add_argument("--envs", type=int, help="matches per env (2 agents each); default 64 (C), 4 (Python)")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--workers", type=int, default=1, help="processes, one env each; 0 = all cores")
    ap.add_argument("--p1", default="ninja")
    ap.add_argument("--p2", default="ninja")
    args = ap.parse_args([a for a in (argv or []) if a != "--env"])
    cores = mp.cpu_count()
    if args.backend is None:
        cases = [("c", 64, 1), ("c", 64, cores), ("python", 4, 1)]
        if default_backend() != "c":
            print("yomi bench --env: the C backend is not built; Python only", file=sys.stderr)
            cases = cases[-1:]
    else:
        envs = args.envs or (64 if args.backend == "c" else 4)
        cases = [(args.backend, envs, args.workers or cores)]
    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"YomiEnv, {args.p1} vs {args.p2}, random legal actions, env.step timed ({args.seconds:.0f} s per case); "
          f"{cores} cores, load average {load:.1f}")
    print("agent steps/s: wall clock; per CPU-s: per second of CPU time the env used (what a free core does)")
    print(f"{'backend':<8} {'envs':>5} {'workers':>7} {'agent steps/s':>14} {'per CPU-s':>10} "
          f"{'matches':>8} {'cut short':>9}")
    for backend, envs, workers in cases:
        res = _bench_parallel(workers, backend=backend, num_envs=envs, seconds=args.seconds, p1=args.p1, p2=args.p2)
        total = sum(r["sps"] for r in res)
        cpu = sum(r["sps_cpu"] for r in res) / len(res)
        print(f"{backend:<8} {envs:>5} {workers:>7} {total:>14,.0f} {cpu:>10,.0f} "
              f"{sum(r['matches'] for r in res):>8} {sum(r['truncated'] for r in res):>9}")
    return 0




if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
