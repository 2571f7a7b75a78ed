"""``yomi replay``: the real game's ``.replay`` files, brought into our engine.

::

    yomi replay import FILE.replay -o OUT.jsonl.gz [--engine c|python]
    yomi replay dataset DIR -o DATA.npz

``import`` re-simulates the match from the replay's characters, seed, settings and inputs and writes
a ``yomi-trace/1`` trace, so ``yomi watch`` shows it and ``yomi parity trace`` replays it.  A replay
must come from the game version the engine ports (1.9.27-steam-unstable); one from another version
is refused, naming it.  The game keeps its replays in ``user://replay/`` (on Windows
``%APPDATA%/Godot/app_userdata/<project>/replay``; ``autosave/`` holds the online matches).

``dataset`` turns every replay of a folder into the observations, action masks and actions of each
decision in the environment's layout (``integration/env``), for imitation learning.

The replay is read by a bounded reader (``--max-replay-mb``, nesting, counts and string lengths:
:mod:`integration.tools.replay.variant`).  Exit status 0 on success; 2 with one line on stderr for
anything unusable: a missing, malformed or oversized replay, another game version, a match the
engine plays differently, a bad output path.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from integration.tracefile import output_file_problem

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
    for sp in (imp, ds):
        sp.add_argument("--max-replay-mb", type=float, default=DEFAULT_LIMITS.max_bytes / 2**20, metavar="MB",
                        help=f"refuse a larger replay (default {DEFAULT_LIMITS.max_bytes >> 20})")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.max_replay_mb <= 0:
            raise ReplayError("--max-replay-mb must be positive")
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
        else:
            from .dataset import build_dataset

            print(build_dataset(Path(args.folder), Path(args.output), _limits(args)))
    except ReplayError as exc:
        print(f"yomi replay: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:   # the output could not be written (a full disk, a folder removed meanwhile)
        print(f"yomi replay: {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
