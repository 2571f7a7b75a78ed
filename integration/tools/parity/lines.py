"""``yomi parity lines [FILES...]``: which lines of the Python engine the traces execute.

Replays the given traces (default: the shipped reference traces) through the Python engine
with a line tracer (``sys.settrace``) on the engine's own packages, ``states/``, ``fighter/``
and ``yomi/``, and reports per package and per file the lines executed out of the lines that
can execute (every line of the compiled module and of the functions it defines, as the
bytecode's line table names them).  Module and class bodies count as executed when their
module is imported (they run then, possibly before the tracer is installed).  ``--json OUT`` writes every file's
figures and the numbers of its lines never executed; ``--missed`` prints them.

Then every line never executed is printed under its reason from the line reason table
(``line_reasons.json`` in the reference data, ``--reasons FILE`` names another; see
:mod:`.linereasons`), followed by the lines no entry explains and the stale entries (an anchor
that does not resolve, a line the traces execute, a reference that does not exist).
``--cached`` reports from the kept coverage of the shipped traces (``line_coverage.json``)
instead of replaying them; ``--write-cache`` replays the shipped traces and rewrites it.

The exit status is 0 whatever the figures, unless ``--check``: then 1 when a line has no reason
or an entry is stale; 2 on unusable input (no trace, a corrupt trace or table, a cache kept for
other traces than the shipped ones), 1 when a trace diverges (the lines after a divergence are
not the game's).  Tracing makes the replay several times slower than ``yomi parity trace``.
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
import types
from pathlib import Path

from integration.options import OptionParser

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("states", "fighter", "yomi")


class LineTracer:
    """The lines executed in files under ``folders`` while it is installed (all threads)."""

    def __init__(self, folders: list[Path]):
        self.prefixes = tuple(str(f.resolve()) + "/" for f in folders)
        self.hit: dict[str, set[int]] = {}

    def _local(self, frame, event, arg):
        if event == "line":
            self.hit[frame.f_code.co_filename].add(frame.f_lineno)
        return self._local

    def _global(self, frame, event, arg):
        name = frame.f_code.co_filename
        if not name.startswith(self.prefixes):
            return None
        self.hit.setdefault(name, set()).add(frame.f_code.co_firstlineno)
        return self._local

    def __enter__(self) -> "LineTracer":
        sys.settrace(self._global)
        threading.settrace(self._global)
        return self

    def __exit__(self, *exc) -> None:
        sys.settrace(None)
        threading.settrace(None)


def executable_lines(path: Path) -> tuple[set[int], set[int]]:
    """The lines of ``path`` that can execute, as the line tables of its code objects name them:
    (those that run when the module is imported: module and class bodies; all of them)."""
    import inspect

    def walk(code: types.CodeType, at_import: set[int], every: set[int]) -> None:
        lines = {line for _, _, line in code.co_lines() if line is not None}
        every |= lines
        if not code.co_flags & inspect.CO_NEWLOCALS:   # a module or class body, not a function
            at_import |= lines
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                walk(const, at_import, every)

    at_import: set[int] = set()
    every: set[int] = set()
    walk(compile(path.read_text(encoding="utf-8"), str(path), "exec"), at_import, every)
    return at_import, every


def measure(paths: list[Path]) -> tuple[dict, int]:
    """Replay ``paths`` under the tracer; returns ({file: {"lines", "hit", "missed"}}, diverging traces)."""
    folders = [ROOT / p for p in PACKAGES]
    with LineTracer(folders) as tracer:
        from .trace import replay   # the engine is imported under the tracer

        diverged = sum(0 if replay(path, "python", set()).identical else 1 for path in paths)
    # a module imported before the tracer was installed ran its module-level lines then
    imported = {str(Path(m.__file__).resolve()) for m in list(sys.modules.values()) if getattr(m, "__file__", None)}
    figures = {}
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            at_import, lines = executable_lines(path)
            hit = tracer.hit.get(str(path.resolve()), set()) & lines
            if str(path.resolve()) in imported:
                hit |= at_import
            figures[str(path.relative_to(ROOT))] = {"lines": len(lines), "hit": len(hit),
                                                    "missed": sorted(lines - hit)}
    return figures, diverged


def totals(figures: dict) -> dict[str, tuple[int, int]]:
    """Per package and in all: (lines executed, lines)."""
    out = {}
    for package in (*PACKAGES, "all"):
        files = [f for name, f in figures.items() if package == "all" or name.startswith(package + "/")]
        out[package] = (sum(f["hit"] for f in files), sum(f["lines"] for f in files))
    return out


def main(argv: list[str] | None = None) -> int:
    from . import data, linereasons
    from .common import ParityInputError
    from .coverage import REASONS_FILE, load_reasons
    from .trace import collect

    parser = OptionParser(prog="yomi parity lines", description=__doc__,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", metavar="FILE_OR_DIR",
                        help="traces or folders of traces (default: the shipped reference traces)")
    parser.add_argument("--json", metavar="OUT", help="also write every file's figures as JSON to OUT")
    parser.add_argument("--missed", action="store_true", help="print the lines never executed, per file")
    parser.add_argument("--cached", action="store_true",
                        help="report from the cached coverage of the shipped traces (line_coverage.json) "
                             "instead of replaying them")
    parser.add_argument("--write-cache", action="store_true",
                        help="after replaying the shipped traces, write their coverage to the cache")
    parser.add_argument("--reasons", metavar="FILE",
                        help="the line reason table (default: line_reasons.json in the reference data)")
    parser.add_argument("--evidence", action="store_true", help="print each reason entry's evidence")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a never executed line has no reason or a reason entry is stale")
    args = parser.parse_args(argv)
    if args.cached and (args.paths or args.write_cache):
        parser.error("--cached reads the cache of the shipped traces: it takes no traces and no --write-cache")
    if args.write_cache and args.paths:
        parser.error("--write-cache caches the shipped traces: give no traces")
    try:
        if args.cached:
            cached = linereasons.read_cache(linereasons.cache_path(), ROOT)
            shipped = linereasons.trace_names(collect([str(data.traces_dir())]))
            if cached.traces != shipped:
                raise ParityInputError(f"{linereasons.cache_path()}: cached for other traces than the shipped ones "
                                       "(refresh it: yomi parity lines --write-cache)")
            figures, diverged, traces, not_yet = cached.figures, 0, len(cached.traces), cached.not_yet
            for name in cached.moved:
                print(f"{name}: edited since the cache was written; its never executed lines are mapped by text")
            for name, keys in cached.lost.items():
                print(f"{name}: {len(keys)} cached lines are gone (refresh: yomi parity lines --write-cache)")
        else:
            files = collect(args.paths or [str(data.traces_dir())])
            figures, diverged = measure(files)
            traces = len(files)
        table = load_reasons(data.data_dir() / REASONS_FILE)
        if not args.cached:
            not_yet = linereasons.not_yet_reached(files, table)
        entries = linereasons.load_reasons(Path(args.reasons) if args.reasons else linereasons.reasons_path())
    except ParityInputError as exc:
        print(f"yomi parity lines: error: {exc}", file=sys.stderr)
        return 2
    for name, f in figures.items():
        if f["lines"]:
            print(f"{name}: {f['hit']}/{f['lines']}")
            if args.missed and f["missed"]:
                print("    never executed: " + ", ".join(map(str, f["missed"])))
    result = linereasons.explain({n: set(f["missed"]) for n, f in figures.items()}, entries, ROOT, table, not_yet)
    print("\n".join(linereasons.report_lines(result, args.evidence)))
    for package, (hit, lines) in totals(figures).items():
        print(f"lines executed, {package}: {hit}/{lines} ({100 * hit / max(lines, 1):.1f}%)")
    print(f"lines: {traces} traces {'cached' if args.cached else 'replayed'}, {diverged} diverged; "
          f"never executed: {result.unexplained_count} unexplained, {len(result.stale)} stale reason entries")
    from integration.safefile import UnsafeFileError

    if args.write_cache and not diverged:
        try:
            linereasons.write_cache(linereasons.cache_path(), ROOT, figures, linereasons.trace_names(files), not_yet)
        except (OSError, UnsafeFileError) as exc:
            print(f"yomi parity lines: error: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            return 2
        print(f"cache written: {linereasons.cache_path()}")
    if args.json:
        from integration.safefile import write_output

        try:
            write_output(args.json, json.dumps({"traces": traces, "files": figures}, indent=1) + "\n", "--json")
        except (OSError, UnsafeFileError) as exc:
            print(f"yomi parity lines: error: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            return 2
    if diverged:
        return 1
    return 1 if args.check and (result.unexplained_count or result.stale) else 0


if __name__ == "__main__":
    sys.exit(main())
