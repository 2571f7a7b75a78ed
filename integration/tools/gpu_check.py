"""The GPU check (``scripts/gpu_check.sh``): one command a person with a GPU runs, under 8 minutes.

1. the CUDA tests (tests/train/test_train.py's CUDA tests and the CPU rehearsal of the CUDA path);
2. a short training run with each CUDA option off (plain) and on, one at a time: CUDA graphs for the
   rollout, the graphed update, bf16, the asynchronous update; each must finish with finite losses;
3. training throughput (``yomi bench --trainer``) with 1, 4 and 16 env worker processes, and with
   the 16 in two halves (``double_buffer``: one half steps while the trainer acts for the other);
4. with the game's env, the env alone (``yomi bench --env``) in as many processes: the ceiling the
   training figures are a share of on this machine's cores.

It prints one summary table and writes it as JSON (``--out``).  ``--cpu`` runs the same steps on
the CPU with the CUDA path rehearsed (``cuda_rehearsal``: capture, streams and pinned memory left
out), which is what CI runs, so the first GPU run fails only for reasons a GPU brings.
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from integration.options import OptionParser

REPO = Path(__file__).resolve().parents[2]
OPTIONS = {"plain": {}, "cuda_graphs": {"cuda_graphs": True}, "cuda_graph_update": {"cuda_graph_update": True},
           "bf16": {"bf16": True}, "async_update": {"async_update": True}}


def run_tests(cpu: bool, timeout_s: float = 300) -> dict:
    tests = ["tests/train/test_cuda_rehearsal.py"]
    if not cpu:
        tests += ["tests/train/test_train.py", "-k", "cuda"]
    t0 = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], cwd=REPO,
                              capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired as exc:  # a hung capture or kernel: reported, and the check goes on
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return dict(ok=False, summary=f"timed out after {timeout_s:.0f} s", seconds=round(time.perf_counter() - t0, 1),
                    output=out[-4000:])
    last = (proc.stdout.strip().splitlines() or [""])[-1]
    return dict(ok=proc.returncode == 0, summary=last, seconds=round(time.perf_counter() - t0, 1),
                output=None if proc.returncode == 0 else proc.stdout[-4000:] + proc.stderr[-2000:])


def training_run(name: str, options: dict, device: str, env: str | None, num_envs: int, updates: int) -> dict:
    """A short training run (no evaluation until the end) with one option set; its figures."""
    from integration.train.config import TrainConfig
    from integration.train.trainer import Trainer

    cfg = dict(device=device, num_envs=num_envs, steps=10 ** 12, eval_interval=0, eval_matches=8,
               final_eval_rounds=1, eval_search=None, record_matches=False, plots=False, **options)
    if device == "cpu":
        cfg["cuda_rehearsal"] = True
    if env is not None:
        cfg["env"] = env
    t0 = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            trainer = Trainer(TrainConfig(**cfg), run_dir=tmp, display=False)
            try:
                summary = trainer.run(max_updates=updates)
                rows = trainer.metrics.rows
            finally:
                trainer.close()
    except Exception as exc:  # noqa: BLE001 - the check reports every failure and goes on
        return dict(name=name, ok=False, error=f"{type(exc).__name__}: {exc}",
                    seconds=round(time.perf_counter() - t0, 1))
    finite = all(math.isfinite(r.get("loss/policy", float("nan"))) for r in rows)
    sps = sorted(r["sps"] for r in rows[1:] or rows)  # the first update pays for warm-up and capture
    return dict(name=name, ok=finite and summary["updates"] == updates, updates=summary["updates"],
                sps=sps[len(sps) // 2], finite_losses=finite, seconds=round(time.perf_counter() - t0, 1))


def env_ceiling(workers: int, per_worker: int, quick: bool, throughput: list) -> dict:
    """The env alone (``yomi bench --env``, C backend, random legal actions) in as many processes as
    the largest throughput case has workers, as many matches each: what training could reach on
    this machine's cores with no learner at all, and the best training figure as a share of it."""
    from integration.tools.env_bench import run_case

    t0 = time.perf_counter()
    try:
        case = run_case("c", per_worker, workers, seconds=0.5 if quick else 2.0, repeats=1 if quick else 2,
                        p1="ninja", p2="ninja")
    except Exception as exc:  # noqa: BLE001 - reported like every other step
        return dict(ok=False, workers=workers, error=f"{type(exc).__name__}: {exc}")
    best = max((r["sps"][0] for r in throughput if r.get("ok")), default=None)
    return dict(ok=True, workers=workers, num_envs=per_worker, sps=case["wall"], sps_cpu=case["cpu"],
                training_share=None if best is None else round(best / case["wall"][0], 3),
                seconds=round(time.perf_counter() - t0, 1))


def main(argv: list[str] | None = None) -> int:
    ap = OptionParser(prog="scripts/gpu_check.sh", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cpu", action="store_true", help="rehearse on the CPU (what CI runs)")
    ap.add_argument("--out", default="gpu_check.json", help="the summary as JSON (default gpu_check.json)")
    ap.add_argument("--env", help="environment (default: the trainer's, the Ninja mirror)")
    ap.add_argument("--num-envs", type=int, help="matches per training run (default 1024 on a GPU, 16 --cpu)")
    ap.add_argument("--updates", type=int, help="updates per training run (default 8 on a GPU, 2 --cpu)")
    ap.add_argument("--workers", type=int, nargs="+", help="env workers of the throughput figures (default 1 4 16; "
                                                           "--cpu 1 2)")
    ap.add_argument("--envs-per-worker", type=int, help="matches per env worker (default 256 on a GPU, 8 --cpu)")
    ap.add_argument("--skip-tests", action="store_true", help="leave out step 1 (the test files)")
    args = ap.parse_args(argv)
    from integration.options import check_output
    from integration.train.envs import allow_cli_env

    allow_cli_env(args.env)
    check_output(ap.error, "--out", args.out)  # a new or regular file in an existing folder, before any step
    device = "cpu" if args.cpu else "cuda"
    if not args.cpu:
        import torch

        if not torch.cuda.is_available():
            print("gpu_check: no CUDA device here (torch.cuda.is_available() is False); --cpu rehearses the check "
                  "on the CPU", file=sys.stderr)
            return 2
    num_envs = args.num_envs or (16 if args.cpu else 1024)
    updates = args.updates or (2 if args.cpu else 8)
    workers = args.workers or ([1, 2] if args.cpu else [1, 4, 16])
    per_worker = args.envs_per_worker or (8 if args.cpu else 256)
    started = time.perf_counter()
    report: dict = dict(device=device, started=time.strftime("%Y-%m-%d %H:%M:%S"))
    if torch_info := _torch_info():
        report["torch"] = torch_info

    out = Path(args.out)

    def save() -> None:  # after every step, so that a check stopped part-way still leaves what it measured
        from integration.safefile import write_output

        write_output(out, json.dumps(report, indent=1), "--out")  # a regular file only: never a FIFO

    report["tests"] = None if args.skip_tests else run_tests(args.cpu)
    save()
    report["training"] = []
    for name, opts in OPTIONS.items():
        report["training"].append(training_run(name, opts, device, args.env, num_envs, updates))
        print(_training_line(report["training"][-1]), flush=True)
        save()
    from integration.tools.trainer_bench import bench

    report["throughput"] = throughput = []
    # each worker count, then the largest even one with its matches in two halves of workers
    # (double_buffer: one half steps while the trainer acts for the other)
    halves = max((w for w in workers if w >= 2 and w % 2 == 0), default=None)
    for w, double in [(w, False) for w in workers] + ([(halves, True)] if halves else []):
        extra = {"cuda_rehearsal": True} if args.cpu else {}
        if double:
            extra["double_buffer"] = True
        try:
            row = bench(w, per_worker * w, max(2, updates // 2), device, args.env, **extra)
            throughput.append(dict(ok=True, double_buffer=double, **row))
        except Exception as exc:  # noqa: BLE001
            throughput.append(dict(ok=False, workers=w, double_buffer=double, error=f"{type(exc).__name__}: {exc}"))
        print(_throughput_line(throughput[-1], _plain_of(throughput[-1], throughput)), flush=True)
        save()
    if args.env in (None, "yomi"):  # the game's env: its own rate on as many cores, training's ceiling
        report["env_ceiling"] = env_ceiling(max(workers), per_worker, quick=args.cpu, throughput=throughput)
        print(_ceiling_line(report["env_ceiling"]), flush=True)
        save()
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["ok"] = ((report["tests"] is None or report["tests"]["ok"]) and all(r["ok"] for r in report["training"])
                    and all(r["ok"] for r in throughput) and report.get("env_ceiling", {}).get("ok", True))
    save()
    print_table(report)
    print(f"written: {args.out}")
    return 0 if report["ok"] else 1


def _torch_info() -> dict:
    import torch

    info = dict(version=torch.__version__, cuda=torch.version.cuda)
    if torch.cuda.is_available():
        info["gpu"] = torch.cuda.get_device_name(0)
    return info


def print_table(report: dict) -> None:
    lines = [f"== GPU check ({report['device']}{', CUDA path rehearsed' if report['device'] == 'cpu' else ''}), "
             f"{report['seconds']:.0f} s: {_ok(report['ok'])} =="]
    tests = report["tests"]
    lines.append(f"{'tests':<30} {'-' if tests is None else _ok(tests['ok']):<7} "
                 f"{'' if tests is None else tests['summary']}")
    lines += [_training_line(r) for r in report["training"]]
    lines += [_throughput_line(r, _plain_of(r, report["throughput"])) for r in report["throughput"]]
    if "env_ceiling" in report:
        lines.append(_ceiling_line(report["env_ceiling"]))
    if tests and tests.get("output"):
        lines += ["", "test output (tail):", tests["output"]]
    print("\n".join(lines), flush=True)


def _ok(flag: bool) -> str:
    return "ok" if flag else "FAILED"


def _training_line(r: dict) -> str:
    detail = f"{r['updates']} updates, {r['sps']:,.0f} agent steps/s (training)" if "sps" in r else r.get("error", "")
    return f"{'train ' + r['name']:<30} {_ok(r['ok']):<7} {detail}"


def _ceiling_line(r: dict) -> str:
    if not r["ok"]:
        return f"{'env alone, ' + str(r['workers']) + ' procs':<30} {_ok(False):<7} {r['error']}"
    share = "" if r["training_share"] is None else f"; the best training figure is {r['training_share']:.0%} of it"
    return (f"{'env alone, ' + str(r['workers']) + ' procs':<30} {_ok(True):<7} {r['sps'][0]:,.0f} env agent steps/s "
            f"({r['num_envs']} matches each, {r['sps_cpu'][0]:,.0f} per CPU-s of one process){share}")


def _throughput_line(r: dict, plain: dict | None = None) -> str:
    """One throughput row; `plain`: the same workers without double buffering, whose figure a
    double-buffered row is also given as a ratio of."""
    detail = (f"{r['sps'][0]:,.0f} agent steps/s (training) ({r['num_envs']} matches; "
              + ", ".join(f"{k} {v:.0%}" for k, v in r["split"].items()) + ")") if r["ok"] else r["error"]
    if r["ok"] and r.get("double_buffer") and plain and plain.get("ok"):
        detail += f", x{r['sps'][0] / plain['sps'][0]:.2f} the plain case"
    name = f"throughput {r['workers']} workers" + (", halves" if r.get("double_buffer") else "")
    return f"{name:<30} {_ok(r['ok']):<7} {detail}"


def _plain_of(r: dict, rows: list) -> dict | None:
    """The plain throughput row with `r`'s workers (for a double-buffered `r`)."""
    return next((q for q in rows if q["workers"] == r["workers"] and not q.get("double_buffer")), None)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
