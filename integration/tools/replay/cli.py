"""``yomi replay``: the real game's ``.replay`` files, brought into our engine.

::

    yomi replay import FILE.replay -o OUT.jsonl.gz [--engine c|python]
    yomi replay dataset DIR -o DATA.npz
    yomi replay clone DATA.npz -o POLICY.safetensors [--epochs N] [--batch-size B] [--seed S] [--set KEY=VALUE ...]

``import`` re-simulates the match from the replay's characters, seed, settings and inputs and writes
a ``yomi-trace/1`` trace, so ``yomi watch`` shows it and ``yomi parity trace`` replays it.  A replay
must come from the game version the engine ports (1.9.27-steam-unstable); one from another version
is refused, naming it.  The game keeps its replays in ``user://replay/`` (on Windows
``%APPDATA%/Godot/app_userdata/<project>/replay``; ``autosave/`` holds the online matches).

``dataset`` turns every replay of a folder into the observations, action masks and actions of each
decision in the environment's layout (``integration/env``), for imitation learning.  ``clone`` fits
the trainer's policy network to such a dataset (behaviour cloning: :mod:`.clone`) and writes a policy
checkpoint that ``train-selfplay --init`` starts from and ``yomi play`` plays.

The replay is read by a bounded reader (``--max-replay-mb``, nesting, counts and string lengths:
:mod:`integration.tools.replay.variant`).  Exit status 0 on success; 2 with one line on stderr for
anything unusable: a missing, malformed or oversized replay, another game version, a match the
engine plays differently, a bad output path, a dataset ``clone`` cannot read, a bad setting.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from integration.tracefile import output_file_problem

from .clone import MAX_DATASET_BYTES
from .variant import DEFAULT_LIMITS, Limits, ReplayError
from integration.options import OptionParser


def _limits(args) -> Limits:
    return Limits(max_bytes=round(args.max_replay_mb * 2**20))


def parser() -> argparse.ArgumentParser:
    p = OptionParser(prog="yomi replay", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import", help="re-simulate a replay in the engine and write it as a trace")
    imp.add_argument("replay", metavar="FILE.replay", help="a replay file the game saved (or gzip-compressed)")
    imp.add_argument("-o", "--output", required=True, metavar="OUT.jsonl.gz",
                     help="the trace to write (.jsonl.gz compressed, or .jsonl)")
    imp.add_argument("--engine", choices=("c", "python"), default="c", help="the engine that simulates (default c)")
    ds = sub.add_parser("dataset", help="observations, masks and actions of every decision in a folder of replays")
    ds.add_argument("folder", metavar="DIR", help="a folder of .replay (or .replay.gz) files")
    ds.add_argument("-o", "--output", required=True, metavar="DATA.npz", help="the arrays to write")
    cl = sub.add_parser("clone", help="behaviour cloning: fit the trainer's policy to a dataset's decisions")
    cl.add_argument("dataset", metavar="DATA.npz", help="a file `yomi replay dataset` wrote")
    cl.add_argument("-o", "--output", required=True, metavar="POLICY.safetensors",
                    help="the policy checkpoint to write (train-selfplay --init, yomi play)")
    cl.add_argument("--epochs", type=int, default=10, help="passes over the dataset (default 10)")
    cl.add_argument("--batch-size", type=int, default=256, dest="batch_size", help="decisions per step (default 256)")
    cl.add_argument("--seed", type=int, default=1, help="the network's initialisation and the order (default 1)")
    cl.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="a train-selfplay setting: hidden, layers, learning_rate, adam_eps, device, torch_threads "
                         "(p1/p2: the pairing yomi play accepts; default the dataset's characters)")
    cl.add_argument("--max-dataset-mb", type=float, default=MAX_DATASET_BYTES / 2**20, metavar="MB",
                    help="refuse a larger dataset, or one whose arrays decompress past it "
                         f"(default {MAX_DATASET_BYTES >> 20})")
    for sp in (imp, ds):
        sp.add_argument("--max-replay-mb", type=float, default=DEFAULT_LIMITS.max_bytes / 2**20, metavar="MB",
                        help=f"refuse a larger replay (default {DEFAULT_LIMITS.max_bytes >> 20})")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        option, limit = (("--max-dataset-mb", args.max_dataset_mb) if args.command == "clone"
                         else ("--max-replay-mb", args.max_replay_mb))
        if not 0 < limit < float("inf"):
            raise ReplayError(f"{option} must be a positive number")
        problem = output_file_problem(args.output)
        if problem:
            raise ReplayError(f"{args.output}: {problem}")
        if args.command == "import":
            from .importer import import_replay
            from .replayfile import read_replay

            replay = read_replay(args.replay, _limits(args))
            summary = import_replay(replay, args.output, args.engine)
            how = (f"winner {summary.get('winner')} ({summary.get('reason')})" if summary.get("reason") != "unfinished"
                   else "saved before the end (no end line)")
            print(f"{Path(args.replay).name}: {replay.p1} vs {replay.p2}, seed {replay.seed}: "
                  f"{summary.get('turns')} turns to tick {summary.get('tick')}, {how} -> {args.output}")
        elif args.command == "dataset":
            from .dataset import build_dataset

            print(build_dataset(Path(args.folder), Path(args.output), _limits(args)))
        else:
            from .clone import clone_file, parse_settings

            try:
                settings = parse_settings(args.set)
                print(clone_file(args.dataset, args.output, args.epochs, args.batch_size, args.seed, settings,
                                 round(args.max_dataset_mb * 2**20), report=print))
            except ReplayError:
                raise
            except ValueError as exc:  # a bad setting, or a loss that is not finite
                raise ReplayError(str(exc)) from None
    except ReplayError as exc:
        print(f"yomi replay: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:   # the output could not be written (a full disk, a folder removed meanwhile)
        print(f"yomi replay: {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
