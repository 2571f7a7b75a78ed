"""``uv run train-selfplay``: self-play PPO training from the command line.

With no arguments it trains the Ninja mirror on the CPU for 15 minutes and
leaves runs/<timestamp>/ with the config, checkpoints, metrics (CSV, JSON
lines), plots and a summary.  Settings come from the defaults (config.py), then
``--config FILE`` (TOML or JSON), then the command line; ``--set key=value``
reaches any setting.
"""
from __future__ import annotations

import argparse
import ast
import shutil
import sys
import textwrap
from pathlib import Path

from .config import TrainConfig, load_file, merge, usable_cores
from .envs import DEFAULT_ENV, ENVS, allow_cli_env
from integration.options import OptionParser

SUMMARY_INDENT = 18  # the summary's labels ("run folder        ") are this wide


def parse_args(argv):
    p = OptionParser(
        prog="train-selfplay",
        description="Self-play PPO training. Settings: defaults (integration/train/config.py), then --config, "
                    "then these options. Output: runs/<timestamp>/ (config, checkpoints, metrics, plots, summary).")
    p.add_argument("--env", help=f"environment: {', '.join(sorted(ENVS))} or module:attribute naming an EnvEntry "
                                 f"(default {DEFAULT_ENV})")
    p.add_argument("--p1", help="P1's character (default ninja)")
    p.add_argument("--p2", help="P2's character (default ninja)")
    p.add_argument("--minutes", type=float, help="the whole run's time budget, final evaluation included "
                                                   "(default 15 when --steps is not given)")
    p.add_argument("--steps", type=int, help="agent-step budget (stops at whichever budget ends first)")
    p.add_argument("--device", choices=["cpu", "cuda"], help="default cpu")
    p.add_argument("--num-envs", type=int, dest="num_envs", help="matches played at once, 2 agents each (default 128)")
    p.add_argument("--seed", type=int, help="default 1")
    p.add_argument("--vec-workers", dest="vec_workers", type=_workers, metavar="N|auto",
                   help="processes training uses (default auto: one per core); with 2 or more the PPO update runs "
                        "in its own process while this one plays the next rollout (docs/TRAINING.md)")
    p.add_argument("--run-dir", dest="run_dir", help="output folder (default runs/<timestamp>)")
    p.add_argument("--config", help="a TOML or JSON file of settings (see docs/TRAINING.md)")
    p.add_argument("--opponent", metavar="POLICY",
                   help="train a best response against one fixed policy instead of self-play: random, scripted, "
                        "search[:...] or a checkpoint .safetensors; the summary reports the final win rate against it")
    p.add_argument("--init", metavar="CHECKPOINT", help="start the learner from this checkpoint's weights (and its network's size, unless --set gives one)")
    p.add_argument("--resume", metavar="RUN_DIR", help="continue a run from its latest checkpoint")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="any other setting, e.g. --set horizon=64 --set cuda_graphs=true")
    p.add_argument("--quiet", action="store_true", help="no progress output, only the summary")
    p.add_argument("--distributed", type=int, metavar="NPROC",
                   help="data-parallel PPO in NPROC processes on this machine (runs torchrun; for several "
                        "machines run torchrun yourself: torchrun --nproc-per-node N --nnodes M ... "
                        "-m integration.train.cli ...; docs/PERFORMANCE.md)")
    return p.parse_args(argv)


def _workers(text: str):
    if text == "auto":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number or auto, not {text!r}") from None


def _value(text: str):
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    if len(text) > MAX_SET_CHARS:
        raise ValueError(f"--set: a value longer than {MAX_SET_CHARS} characters")
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):  # TypeError: {{}} (unhashable)
        return text


MAX_SET_CHARS = 4096


def overrides_from(args) -> dict:
    """Settings given on the command line (None = not given)."""
    keys = ("env", "p1", "p2", "minutes", "steps", "device", "num_envs", "seed", "run_dir", "opponent", "init",
            "vec_workers")
    out = {k: getattr(args, k) for k in keys}
    allow_cli_env(args.env)  # the command line, and only it, may name an env of its own module
    for item in args.set:
        key, _, value = item.partition("=")
        out[key.strip().replace("-", "_")] = _value(value.strip())
    return out


def torchrun(nproc: int, argv: list[str]) -> int:
    """``--distributed N``: this command again under torchrun, N processes on this machine."""
    import subprocess

    rest, skip = [], False
    for a in argv:  # the same arguments, less --distributed
        if skip:
            skip = False
        elif a == "--distributed":
            skip = True
        elif not a.startswith("--distributed="):
            rest.append(a)
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", f"--nproc-per-node={nproc}",
           "-m", "integration.train.cli", *rest]
    return subprocess.call(cmd)


def cuda_env_hint(cfg: TrainConfig, cores: int) -> str | None:
    """A GPU run whose env steps in the trainer's own process, on a machine with cores to spare:
    the note that names the faster settings (measured on a 16-core GPU machine: 0.04-0.07 M agent
    steps/s in one process, 0.43 M with 12 env workers of 1,024 matches; docs/PERFORMANCE.md,
    "GPU check"), one worker per core with 4 cores left to the trainer.  None where it does not apply."""
    if not cfg.device.startswith("cuda") or cfg.vec_backend != "native" or cores < 4:
        return None
    from .config import MAX_NUM_ENVS

    workers = max(2, cores - 4)
    return (f"train-selfplay: note: the env steps in this process, which a GPU run waits on; on this machine's "
            f"{cores} cores, --set vec_backend=multiprocessing --vec-workers {workers} --num-envs {min(1024 * workers, MAX_NUM_ENVS)} "
            f"trains several times faster (docs/TRAINING.md, \"CUDA\")")


def cpu_cores_hint(cfg: TrainConfig, cores: int, launched: bool) -> str | None:
    """A CPU run in one or two processes on a machine of 4 cores or more: the note that names the
    data-parallel run that uses them all (a rank per core, each its own matches).  Two processes
    are what the overlapped loop needs (docs/TRAINING.md, "Two cores"); more cores take more
    matches, which only more ranks play.  None where it does not apply (a GPU run, a rank of a
    distributed run, env worker processes)."""
    if cfg.device != "cpu" or launched or cfg.vec_backend != "native" or cores < 4:
        return None
    used = 2 if cfg.overlapped() else 1
    return (f"train-selfplay: note: this run uses {used} of this machine's {cores} cores; --distributed {cores} "
            f"trains on all of them, a rank per core with its own {cfg.num_envs} matches "
            f"(docs/TRAINING.md, \"Many processes\")")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parse_args(argv)
    if args.distributed is not None:
        if args.distributed < 1:
            print("train-selfplay: error: --distributed takes a number of processes (at least 1)", file=sys.stderr)
            return 2
        return torchrun(args.distributed, argv)
    from . import distributed
    from .trainer import Trainer, TrainingDiverged  # torch is imported only once the arguments are fine

    rank = 0
    try:  # a bad setting, file or character name is a one-line error, not a traceback
        overrides = overrides_from(args)
        file_settings = load_file(args.config) if args.config else {}
        cls = Trainer
        if distributed.launched():  # started by torchrun: one rank of a data-parallel run
            device = merge(merge(TrainConfig(), file_settings), overrides).device
            overrides["device"] = distributed.init(device)
            cls, rank = distributed.DistributedTrainer, distributed.dist.get_rank()
        display = not args.quiet and rank == 0
        if args.resume:
            given = {k: v for k, v in overrides.items() if v is not None}
            trainer = cls.resume(args.resume, {**file_settings, **given}, display=display)
        else:
            if args.init:  # the network's size from the checkpoint, unless the settings give one
                from .opponent import init_size
                for key, value in init_size(args.init).items():
                    if overrides.get(key) is None and key not in file_settings:
                        overrides[key] = value
            cfg = merge(merge(TrainConfig(), file_settings), overrides)
            # a folder holding a run is resumed (--resume) or refused, never overwritten; every rank
            # checks (each would otherwise wait for a refused rank 0), all before rank 0 writes, which
            # it does only after the trainers' first collective call
            from .checkpoint import check_new_run_dir
            check_new_run_dir(cfg.run_dir)
            trainer = cls(cfg, display=display)
    except (OSError, ValueError, KeyError, TypeError) as exc:  # TOML / JSON errors are ValueErrors
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"train-selfplay: error: {message}", file=sys.stderr)
        return 2
    cores = usable_cores()
    if rank == 0 and (hint := cuda_env_hint(trainer.cfg, cores)
                      or cpu_cores_hint(trainer.cfg, cores, distributed.launched())):
        print(hint, file=sys.stderr)
    trainer.ignore_sigint_after_stop = True  # this process ends after the run: a late forwarded SIGINT is moot
    try:
        summary = trainer.run()
    except OSError as exc:  # e.g. the disk is full while saving: one line (save_atomic leaves no partial file)
        print(f"train-selfplay: error: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except TrainingDiverged as exc:
        print(f"train-selfplay: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # a second Ctrl-C: the checkpoint of the first one is already saved
        print(f"train-selfplay: aborted; continue with --resume {trainer.run_dir}", file=sys.stderr)
        return 130
    finally:
        trainer.close()
        if distributed.launched() and distributed.dist.is_initialized():
            distributed.dist.destroy_process_group()
    if rank == 0:
        print_summary(summary)
    return 0


def print_summary(summary: dict, width: int | None = None) -> None:
    """The run's summary, each entry's lines wrapped to ``width`` columns under its label (default:
    the terminal's width on a terminal; unwrapped into a file or pipe, one entry per line to grep)."""
    from .logger import RATE_RUN, RATE_TRAINING

    def fmt(v, f="{:.2f}"):
        return "-" if v is None else f.format(v)

    def elo(r):
        if r.get("elo_vs") is not None:
            return f"{r['elo_vs']:+.0f}"
        if r.get("elo_vs_low") is not None:
            return f">= {r['elo_vs_low']:+.0f}"
        return f"<= {r['elo_vs_high']:+.0f}" if r.get("elo_vs_high") is not None else "-"

    lines = [
        "",
        "== training summary ==",
        f"run folder        {summary['run_dir']}",
        f"updates / steps   {summary['updates']} / {summary['agent_steps']:,} agent steps; training"
        f" {summary['train_minutes']:.1f} min, the whole run {fmt(summary.get('run_minutes'), '{:.1f}')} min",
        f"rates             {RATE_TRAINING} {fmt(summary['sps'], '{:,.0f}')} (last 10 updates),"
        f" {RATE_RUN} {fmt(summary.get('sps_run'), '{:,.0f}')}",
        "final evaluation  score (wins + draws/2) with its 95% Wilson interval, and the Elo difference it implies",
    ]
    for name, r in (summary.get("yardsticks") or {}).items():
        label = summary["opponent"] if name == "opponent" else name
        if r.get("pairing"):  # scripted_worst: scripted in the pairing the learner scores lowest in
            label = f"scripted in {r['pairing']} (the worst pairing)"
        lines.append(f"  vs {label:<13} {fmt(r['score'])} [{fmt(r['low'])}, {fmt(r['high'])}]"
                     f"  win rate {fmt(r['win_rate'])}  Elo {elo(r)}  over {r['matches']} matches")
    lines += [
        f"Elo (random = 0)  learner {fmt(summary['elo'], '{:.0f}')}, scripted {fmt(summary['elo_scripted'], '{:.0f}')}"
        + (f", search {summary['elo_search']:.0f}" if summary.get("elo_search") is not None else "")
        + "  (fitted to every result of the run)",
        f"checkpoint        {summary['checkpoint']}"
        + ("  (interrupted: --resume to continue)" if summary["interrupted"] else ""),
    ]
    agent = summary.get("agent")
    if agent:  # the evaluated policy chosen by the yardsticks and head-to-heads (Evaluation.choose_agent, evaluation.py)
        duel = agent.get("head_to_head")
        chosen = ", ".join(f"{n} {fmt(r['score'])} [{fmt(r['low'])}, {fmt(r['high'])}] over {r['matches']}"
                           for n, r in (({"agent of update " + str(duel["against"]): duel} if duel else {})
                                        | agent["yardsticks"]).items())
        lines.append(f"the run's agent   {agent['checkpoint']}  (update {agent['update']}: {chosen})")
    if summary.get("agent_with_search"):
        lines.append(f"play it           uv run yomi play --human --opponent {summary['agent_with_search']}"
                     "  (the agent searching each turn: stronger than the network alone, docs/EVALUATION.md)")
    lines += [
        f"plots             {', '.join(summary['plots']) or '-'}",
    ]
    if summary.get("engine_errors"):
        lines.append(f"cut short         {summary['engine_errors']} training matches by an engine error (the game's own "
                     f"crashes, e.g. a FixedMath division by zero; {Path(summary['run_dir']) / 'engine_errors.log'} "
                     "describes the first 5 of the training env and of each evaluation's)")
    if summary.get("matches"):
        lines.append(f"matches to watch  {len(summary['matches'])} traces in {Path(summary['matches'][0]).parent}"
                     f"  (uv run yomi watch {summary['matches'][0]})")
    if width is None and sys.stdout.isatty():
        width = shutil.get_terminal_size().columns
    if width:  # paths stay whole: a path longer than the line gets a line of its own
        lines = [wrapped for line in lines
                 for wrapped in (textwrap.wrap(line, width, subsequent_indent=" " * SUMMARY_INDENT,
                                               break_long_words=False, break_on_hyphens=False) or [""])]
    print("\n".join(lines), flush=True)


if __name__ == "__main__":
    sys.exit(main())
