"""``yomi bench --env``: agent steps per second of :class:`integration.env.env.YomiEnv` with random
legal (masked) actions (integration/tools/bench.py delegates here; see docs/PERFORMANCE.md).

Each case runs ``--repeats`` times; the table gives the median and the spread (lowest to highest)
of the repetitions, per second of wall-clock time and per second of the process's CPU time
(``time.process_time``: what a free core does when the machine is shared).
"""
from __future__ import annotations

import statistics
import sys
import time
from typing import Optional, Sequence

import numpy as np

from integration.env.baselines import random_legal_actions
from integration.env.env import BACKENDS, YomiEnv, _default_backend as default_backend
from integration.tools.columns import format_table
from integration.options import OptionParser


def bench(backend: str = "c", num_envs: int = 64, seconds: float = 10.0, seed: int = 0, p1="ninja", p2="ninja") -> dict:
    """Agent steps per second of one env in this process with random legal (masked) actions.

    Only ``env.step`` is timed (drawing the random actions is not); CPU time is the process's.  The C
    backend also reports where its step's time goes (``split``: microseconds of wall clock per agent
    step in acting on the actions, advancing the matches, observing and restarting ended matches,
    from the engine's own counters, and ``ticks``: ticks per agent step)."""
    import contextlib
    import io

    env = YomiEnv(num_envs=num_envs, seed=seed, backend=backend, p1=p1, p2=p2)
    rng = np.random.default_rng(seed)
    steps, env_time, env_cpu = 0, 0.0, 0.0
    with contextlib.redirect_stderr(io.StringIO()):
        env.reset(seed=seed)
        before = _counters(env)
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            a = random_legal_actions(env.observations, rng)
            s, c = time.perf_counter(), time.process_time()
            env.step(a)
            env_time += time.perf_counter() - s
            env_cpu += time.process_time() - c
            steps += 1
    agent_steps = steps * env.num_agents
    after, split = _counters(env), None
    if before is not None and agent_steps:
        split = {k: 1e6 * (after[k] - before[k]) / agent_steps for k in SPLIT}
        split["ticks"] = (after["ticks"] - before["ticks"]) / agent_steps
    return dict(backend=backend, num_envs=num_envs, agent_steps=agent_steps, env_seconds=env_time, split=split,
                env_cpu_seconds=env_cpu, sps=steps * env.num_agents / max(env_time, 1e-9),
                sps_cpu=steps * env.num_agents / max(env_cpu, 1e-9),
                matches=env.matches_played, truncated=env.engine_errors, illegal=env.illegal_actions)


SPLIT = ("act", "advance", "observe", "restart")


def _counters(env: YomiEnv) -> Optional[dict]:
    """The C backend's cumulative seconds per part of a step, and its ticks; None for the Python backend."""
    batch = getattr(env.backend, "batch", None)
    if batch is None or not hasattr(batch, "counters"):
        return None
    c = batch.counters()
    return dict(c["seconds"], ticks=c["ticks"])


def _bench_worker(args):
    return bench(**args)


def _bench_parallel(workers: int, **kwargs) -> list:
    import multiprocessing as mp

    if workers == 1:
        return [bench(**kwargs)]
    with mp.get_context("fork").Pool(workers) as pool:
        return pool.map(_bench_worker, [dict(kwargs, seed=kwargs.get("seed", 0) + w) for w in range(workers)])


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """(median, lowest, highest) of the repetitions' figures."""
    return statistics.median(values), min(values), max(values)


def run_case(backend: str, envs: int, workers: int, seconds: float, repeats: int, p1: str, p2: str,
             seed: int = 0) -> dict:
    """One case ``repeats`` times: wall figures summed over the workers, CPU figures per process.

    Returns {"wall": (median, low, high), "cpu": (median, low, high), "matches", "truncated", "runs",
    "split"}, where split (C backend) is the median over processes and repetitions of each part's
    microseconds per agent step, and of the ticks per agent step."""
    walls, cpus, matches, truncated, splits = [], [], 0, 0, []
    for r in range(repeats):
        res = _bench_parallel(workers, backend=backend, num_envs=envs, seconds=seconds, p1=p1, p2=p2,
                              seed=seed + 1000 * r)
        walls.append(sum(x["sps"] for x in res))
        cpus.append(sum(x["sps_cpu"] for x in res) / len(res))
        matches += sum(x["matches"] for x in res)
        truncated += sum(x["truncated"] for x in res)
        splits += [x["split"] for x in res if x["split"]]
    split = {k: statistics.median(s[k] for s in splits) for k in splits[0]} if splits else None
    return dict(backend=backend, envs=envs, workers=workers, wall=spread(walls), cpu=spread(cpus),
                matches=matches, truncated=truncated, runs=repeats, split=split)


def _fmt(fig: tuple[float, float, float]) -> str:
    med, lo, hi = fig
    return f"{med:,.0f} ({lo:,.0f}-{hi:,.0f})"


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``yomi bench --env``: agent steps per second of YomiEnv, random legal (masked) actions.

    Without --backend: the C-backed env on one core and on all cores, then the Python-backed env on
    one core.  With --backend, one case:
    ``--backend python|c --envs N --seconds S --workers W (0: all cores) --p1 --p2``.
    Every case runs --repeats times (default 5) for --seconds each (default 2)."""
    import json
    import multiprocessing as mp
    import os

    ap = OptionParser(prog="yomi bench --env", description=main.__doc__)
    ap.add_argument("--backend", choices=sorted(BACKENDS))
    ap.add_argument("--envs", type=int, help="matches per env (2 agents each); default 64 (C), 4 (Python)")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per repetition (default 2)")
    ap.add_argument("--repeats", type=int, default=5, help="repetitions per case (default 5)")
    ap.add_argument("--workers", type=int, default=1, help="processes, one env each; 0 = all cores")
    ap.add_argument("--p1", default="ninja")
    ap.add_argument("--p2", default="ninja")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = ap.parse_args([a for a in (argv or []) if a != "--env"])
    from integration.options import check_output, check_ranges

    if args.seconds is not None and args.seconds <= 0:
        ap.error("--seconds must be positive")
    check_ranges(ap.error, [("--seconds", args.seconds, 0, 3600), ("--repeats", args.repeats, 1, 1000),
                            ("--workers", args.workers, 0, 1024), ("--envs", args.envs, 1, 16384)])
    check_output(ap.error, "--json", args.json)
    cores = mp.cpu_count()
    if args.backend is None:
        cases = [("c", 64, 1), ("c", 64, cores), ("python", 4, 1)]
        if default_backend() != "c":
            print("yomi bench --env: the C backend is not built; Python only", file=sys.stderr)
            cases = cases[-1:]
    else:
        envs = args.envs or (64 if args.backend == "c" else 4)
        cases = [(args.backend, envs, args.workers or cores)]

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"YomiEnv, {args.p1} vs {args.p2}, random legal actions, env.step timed "
          f"({args.repeats} x {args.seconds:g} s per case); {cores} cores, load average {load:.1f}")
    print("env agent steps/s: per second of wall clock (all workers); env agent steps per CPU-s: per second "
          "of a process's CPU time (what a free core does); median (lowest-highest) of the repetitions")
    rows = []
    for backend, envs, workers in cases:
        rows.append(run_case(backend, envs, workers, args.seconds, args.repeats, args.p1, args.p2))
    # the table is printed whole, once every case has run, so that its columns fit every value
    header = ["backend", "envs", "workers", "env agent steps/s", "env agent steps per CPU-s", "matches (cut short)"]
    cells = [[row["backend"], f"{row['envs']:,}", f"{row['workers']:,}", _fmt(row["wall"]), _fmt(row["cpu"]),
              f"{row['matches']:,} ({row['truncated']:,})"] for row in rows]
    for line in format_table(header, cells):
        print(line)
    split_rows = [row for row in rows if row["split"]]
    if split_rows:
        print("where the C env's step goes: microseconds of wall clock per agent step, median of the processes' "
              "repetitions (the engine's own counters; advance: the ticks, and the ticks per agent step)")
        header = ["envs", "workers", "act", "advance", "ticks", "observe", "restart"]
        cells = [[f"{row['envs']:,}", f"{row['workers']:,}"] +
                 [f"{row['split'][k]:.2f}" for k in ("act", "advance")] + [f"{row['split']['ticks']:.2f}"] +
                 [f"{row['split'][k]:.2f}" for k in ("observe", "restart")] for row in split_rows]
        for line in format_table(header, cells):
            print(line)
    if args.json:
        from integration.options import write_json

        write_json(ap.error, "--json", args.json,
                   dict(p1=args.p1, p2=args.p2, load=load, cores=cores, seconds=args.seconds, cases=rows))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
