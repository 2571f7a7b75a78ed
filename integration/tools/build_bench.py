"""``yomi bench --builds A.so B.so ...``: several builds of the C extension compared in one process.

On a shared machine the speed of a core drifts by a quarter or more within minutes, so figures
taken one build after the other compare the machine's moods as much as the builds.  This benchmark
loads every build given (each a ``yomi._native`` shared object, e.g. a copy of
``yomi/_native*.so`` made before a change) into one process and times them in alternation, round
after round, on the same work:

* ``run_script``: the same recorded random legal matches (as ``yomi bench`` records them) replayed
  in C, in ticks per CPU-second; every build must end every match in the same state;
* ``env.step``: the environment's C part (:class:`integration.env.backends.CBackend`) stepping the
  same random legal actions of ``--matches`` Ninja-mirror matches (default 64; hundreds, as a GPU
  run's workers hold, put the matches out of the cache), in env agent steps per CPU-second; every
  build must give the same observations.

It prints each build's median (lowest-highest) over the rounds and, for every build after the
first, the median of the per-round ratios to the first build (with the quartiles): the ratio of two
builds timed a few milliseconds apart is what stays stable when the machine's speed does not.
Loading a build runs its code: give it only builds of your own.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import time

import numpy as np

from integration.engine import DEFAULT_SETTINGS
from integration.tools import bench as B
from integration.tools.profile_workload import load_extension
from integration.options import OptionParser

PAIRS = [("Ninja", "Ninja")] * 4 + [("Cowboy", "Wizard"), ("Robot", "Mutant"), ("Wizard", "Ninja")]


def load_build(index: int, path: str):
    """Import the extension at ``path`` under a name of its own (``build<index>._native``): several
    builds live side by side in one process."""
    module = load_extension(path, f"build{index}._native")
    if not hasattr(module, "MatchBatch") or not hasattr(module, "EnvBatch"):
        raise ValueError(f"{path}: not a build of yomi._native")
    return module


def _ratios(rates: list) -> list:
    """Each build's median and spread over the rounds, and (after the first) its per-round ratios to the first."""
    summary = []
    for i, r in enumerate(rates):
        row = dict(median=statistics.median(r), lowest=min(r), highest=max(r))
        if i:
            q = sorted(b / a for a, b in zip(rates[0], r))
            row.update(ratio=statistics.median(q), ratio_q1=q[len(q) // 4], ratio_q3=q[(3 * len(q)) // 4])
        summary.append(row)
    return summary


def run_script_rounds(modules, rounds: int, seed: int = 1, game_length: int = 3000) -> list:
    """Ticks per CPU-second of each build's run_script, one list of ``rounds`` figures per build."""
    settings = dict(DEFAULT_SETTINGS)
    settings["game_length"] = game_length
    scripts = []
    for k, (p1, p2) in enumerate(PAIRS):
        try:
            decisions, final, _ = B.record_match(p1, p2, seed + k, seed + k, settings)
        except Exception:  # noqa: BLE001 - the game's own crashes (as yomi bench leaves them out)
            continue
        scripts.append((p1, p2, seed + k, decisions, final))
    compiled = []
    for module in modules:
        batch, cache = module.MatchBatch(1), {}
        compiled.append((batch, [(p1, p2, s, B._compile(batch, p1, p2, d, cache), final)
                                 for p1, p2, s, d, final in scripts]))
    rates: list = [[] for _ in modules]
    for _ in range(rounds):
        for i, (batch, matches) in enumerate(compiled):
            ticks, cpu = 0, 0.0
            for p1, p2, s, codes, final in matches:
                batch.reset(0, p1, p2, s, settings)
                c0 = time.process_time()
                t, status, _ = batch.run_script(0, codes)
                cpu += time.process_time() - c0
                ticks += t
                if status not in (0, 1) or batch.state(0) != final:
                    raise AssertionError(f"build {i} ended {p1} vs {p2} seed {s} differently")
            rates[i].append(ticks / max(cpu, 1e-9))
    return rates


def env_rounds(modules, rounds: int, steps: int = 100, seed: int = 0, n: int = 64) -> list:
    """Env agent steps per CPU-second of each build's EnvBatch.step (``n`` Ninja-mirror matches)."""
    import yomi
    from integration.env import action_layout as AL
    from integration.env import obs as O
    from integration.env.backends import CBackend
    from integration.env.baselines import random_legal_actions

    envs = []
    saved = sys.modules.get("yomi._native")
    try:
        for module in modules:
            sys.modules["yomi._native"] = module  # CBackend binds the build it imports
            yomi._native = module
            obs = np.zeros((n, 2, O.OBS_SIZE), dtype=np.float32)
            backend = CBackend(n, obs, np.zeros((n, 2), np.float32), np.zeros((n, 2), bool), np.zeros((n, 2), bool))
            rng = np.random.default_rng(seed)
            ninja = np.zeros(n, dtype=np.int64)
            backend.reset(np.ones(n, dtype=bool), ninja, ninja, rng.integers(0, 2 ** 31 - 1, n))
            envs.append((backend, obs, rng, ninja))
    finally:
        if saved is not None:
            sys.modules["yomi._native"] = saved
            yomi._native = saved
    rates: list = [[] for _ in modules]
    with contextlib.redirect_stderr(io.StringIO()):  # matches cut short by the game's own crashes
        for _ in range(rounds):
            for i, (backend, obs, rng, ninja) in enumerate(envs):
                cpu = 0.0
                for _ in range(steps):
                    actions = random_legal_actions(obs.reshape(2 * n, O.OBS_SIZE), rng)
                    c0 = time.process_time()
                    backend.step(actions.reshape(n, 2, AL.N_HEADS), ninja, ninja, rng.integers(0, 2 ** 31 - 1, n))
                    cpu += time.process_time() - c0
                rates[i].append(steps * 2 * n / max(cpu, 1e-9))
            first = envs[0][1]
            for i, (_, obs, _, _) in enumerate(envs[1:], 1):
                if not np.array_equal(obs, first):
                    raise AssertionError(f"build {i} observes differently from build 0")
    return rates


def main(argv=None) -> int:
    parser = OptionParser(prog="yomi bench --builds", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("builds", nargs="+", metavar="SO", help="builds of yomi._native (the first is the baseline)")
    parser.add_argument("--rounds", type=int, default=30, help="rounds of alternation (default 30)")
    parser.add_argument("--game-length", type=int, default=3000,
                        help="length of the recorded matches in ticks (default 3000)")
    parser.add_argument("--steps", type=int, default=100, help="env steps per build per round (default 100)")
    parser.add_argument("--matches", type=int, default=64, help="matches of each build's env (default 64)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if len(args.builds) < 2:
        parser.error("give at least two builds")
    from integration.env.checks import MAX_GAME_LENGTH
    from integration.options import check_output, check_ranges

    check_ranges(parser.error, [("--rounds", args.rounds, 1, 10_000), ("--game-length", args.game_length, 1, MAX_GAME_LENGTH),
                                ("--steps", args.steps, 1, 1_000_000), ("--matches", args.matches, 1, 4096)])
    check_output(parser.error, "--json", args.json)
    try:
        modules = [load_build(i, p) for i, p in enumerate(args.builds)]
    except (ImportError, OSError, ValueError) as exc:
        print(f"yomi bench --builds: {exc}", file=sys.stderr)
        return 2
    figures = {"run_script ticks per CPU-s": run_script_rounds(modules, args.rounds, game_length=args.game_length),
               "env agent steps per CPU-s": env_rounds(modules, args.rounds, steps=args.steps, n=args.matches)}
    out = {}
    print(f"{args.rounds} rounds, the builds alternating; median (lowest-highest); ratio to {args.builds[0]}: "
          f"median of the per-round ratios (quartiles)")
    for what, rates in figures.items():
        out[what] = _ratios(rates)
        print(what)
        for path, row in zip(args.builds, out[what]):
            ratio = f"  x{row['ratio']:.3f} ({row['ratio_q1']:.3f}-{row['ratio_q3']:.3f})" if "ratio" in row else ""
            print(f"  {path}: {row['median']:,.0f} ({row['lowest']:,.0f}-{row['highest']:,.0f}){ratio}")
    if args.json:
        from integration.options import write_json
        write_json(parser.error, "--json", args.json,
                   dict(builds=args.builds, rounds=args.rounds, matches=args.matches, figures=out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
