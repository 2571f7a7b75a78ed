"""Shared pieces of the parity tools: reading JSON-lines files with clear errors, engine choice,
the command line of the vector tools."""
from __future__ import annotations

import gzip
import io
import sys
from pathlib import Path
from typing import Callable, Iterator
from integration.options import OptionParser

ENGINES = ("python", "c")


class ParityInputError(Exception):
    """A reference file is missing, unreadable or corrupt."""


GZIP_MAGIC = b"\x1f\x8b"


def open_text(path: str | Path) -> io.TextIOBase:
    """Open a file as UTF-8 text, decompressing it when its content starts with the gzip magic bytes."""
    from integration.safefile import open_input

    raw = open_input(path, 1 << 62, "file")  # a regular file only; the callers bound what they read
    magic = raw.read(2)
    raw.seek(0)
    if magic == GZIP_MAGIC:
        stream = gzip.GzipFile(fileobj=raw, mode="rb")
        stream.myfileobj = raw  # GzipFile closes the file it was given only through this attribute
        return io.TextIOWrapper(stream, encoding="utf-8")
    return io.TextIOWrapper(raw, encoding="utf-8")


def read_jsonl(path: str | Path) -> Iterator[tuple[int, object]]:
    """Yield (line number, parsed object) for each non-empty line, with the traces' reader
    (gzip told by its first bytes; bounded size, line length and nesting).  Raises
    ParityInputError naming the path when it is missing, a directory, unreadable or malformed."""
    from integration.tracefile import TraceError, iter_json_lines

    path = Path(path)
    if path.is_dir():
        raise ParityInputError(f"{path}: is a directory, not a file")
    if not path.exists():
        raise ParityInputError(f"{path}: no such file")
    try:
        yield from iter_json_lines(path)
    except TraceError as exc:
        raise ParityInputError(str(exc)) from None


def add_engine_argument(parser) -> None:
    parser.add_argument("--engine", choices=ENGINES, default="python",
                        help="which engine to check: the Python reference or the native C engine (default: python)")


def vector_main(argv: list[str] | None, *, kind: str, description: str, default_file: Callable[[], Path],
                check_file: Callable[[str, str, int], tuple[int, int]], unit: str = "") -> int:
    """The command line of a vector tool, ``yomi parity KIND [FILE] [--engine E] [--show N]``: replays
    FILE (default: ``default_file()``, the shipped vectors) with ``check_file(path, engine, show)``
    and prints ``KIND: M/N [UNIT]match``.  Exit status 0 when every record matches, 1 when one
    does not or the file holds none, 2 when the file is missing or corrupt (one line on stderr)."""
    parser = OptionParser(prog=f"yomi parity {kind}", description=description)
    parser.add_argument("file", nargs="?", default=None,
                        help=f"a {kind} vector file (.jsonl, or gzip-compressed); default: the shipped "
                             "vectors in tests/data/parity (or $YOMI_PARITY_DATA)")
    add_engine_argument(parser)
    parser.add_argument("--show", type=int, default=10, help="how many mismatches to print (default 10)")
    args = parser.parse_args(argv)
    path = args.file if args.file is not None else str(default_file())
    try:
        matched, total = check_file(path, args.engine, args.show)
    except ParityInputError as exc:
        print(f"yomi parity {kind}: error: {exc}", file=sys.stderr)
        return 2
    print(f"{kind}: {matched}/{total} {unit}match")
    return 0 if matched == total and total > 0 else 1
