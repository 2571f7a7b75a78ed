"""``yomi watch``: build a self-contained HTML replay page for a trace and open it.

    yomi watch FILE [--out page.html] [--against OTHER] [--no-open] [--tick N] [--ignore GLOB ...]

FILE (and OTHER) are ``yomi-trace/1`` traces (``.jsonl`` or ``.jsonl.gz``): a Godot recording,
or a match recorded by our engine, ``yomi play`` or the trainer.  With ``--against``, the two
runs are overlaid (OTHER as dashed ghosts), the first tick where they differ is printed and the
page opens there with the divergence highlighted.

A trace is read by the reader ``yomi parity trace`` uses (:mod:`integration.tracefile`), so the
two accept and refuse the same files; its size, line length and line count are bounded
(``--max-trace-mb``, ``--max-line-mb``, ``--max-lines`` raise the limits).  Trace data reaches
the page only as text (never as HTML), and ticks are stored as deltas, so the page grows with
what changes from tick to tick.

The page is written to ``--out`` (then not opened), or to a file in the temporary directory that
is opened with the default browser (unless ``--no-open``).  Open it at a tick with
``page.html#tick=150``.  Keys: Space play/pause, Left/Right a tick, Shift+Left/Right a turn,
Home/End, +/- speed, b boxes, g ghost, d jump to the divergence.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import webbrowser
from pathlib import Path

from integration.tracefile import TraceError, add_limit_arguments, limits_from, read_trace
from integration.tools.watch.page import write_page
from integration.options import OptionParser


def _default_out(trace_path: Path) -> Path:
    name = trace_path.name
    for suffix in (".gz", ".jsonl", ".json"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return Path(tempfile.gettempdir()) / "yomi-watch" / f"{name}.html"


def main(argv: list[str] | None = None) -> int:
    parser = OptionParser(prog="yomi watch", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path, help="the trace to watch")
    parser.add_argument("--out", type=Path, help="write the page here (and do not open it)")
    parser.add_argument("--against", type=Path, metavar="OTHER",
                        help="a second run of the same match, overlaid; the first divergence is highlighted")
    parser.add_argument("--no-open", action="store_true", help="do not open the page in a browser")
    parser.add_argument("--tick", type=int, help="open the page at this tick")
    parser.add_argument("--ignore", action="append", default=[], metavar="GLOB",
                        help="with --against: ignore fields matching this path pattern (e.g. 'p*.res.*'); repeatable")
    add_limit_arguments(parser)
    args = parser.parse_args(argv)
    limits = limits_from(args, parser.error)
    try:  # the reader yomi parity uses: both accept and refuse the same traces
        trace = read_trace(args.file, limits=limits)
        other = read_trace(args.against, limits=limits) if args.against else None
    except TraceError as exc:
        print(f"yomi watch: {exc}", file=sys.stderr)
        return 2
    if other is not None and (other.p1, other.p2) != (trace.p1, trace.p2):
        print(f"yomi watch: warning: the runs are different matchups ({trace.p1} vs {trace.p2}, "
              f"{other.p1} vs {other.p2})", file=sys.stderr)

    out = args.out or _default_out(args.file)
    try:
        out, data = write_page(out, trace, other, ignore=tuple(args.ignore))
    except (OSError, ValueError) as exc:  # ValueError: safefile's refusal of a FIFO or a device
        print(f"yomi watch: cannot write {out}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2

    ticks = len(trace.ticks)
    print(f"{trace.p1} vs {trace.p2}, seed {trace.header.get('seed', '?')}: {ticks} ticks, "
          f"{len(trace.turns)} turns{'' if trace.complete else ' (no end line)'}; boxes: {data['boxes_source'][0]}")
    if other is not None:
        div = data["divergence"]
        if div is None:
            print(f"the runs agree on every tick ({ticks} ticks)")
        else:
            first = div["diffs"][0] if div["diffs"] else {"path": "?", "a": None, "b": None}
            print(f"first divergence at tick {div['tick']}: {len(div['diffs'])} field(s) differ, "
                  f"first {first['path']}: {first['a']!r} != {first['b']!r}")
    print(f"page: {out}")

    fragment = f"#tick={args.tick}" if args.tick is not None else ""
    if args.out is None and not args.no_open:
        webbrowser.open(out.resolve().as_uri() + fragment)
    return 0


if __name__ == "__main__":
    sys.exit(main())
