"""Shared pieces of the parity tools: reading JSON-lines files with clear errors, engine choice."""
from __future__ import annotations

import gzip
import io
from pathlib import Path
from typing import Iterator

ENGINES = ("python", "c")


class ParityInputError(Exception):
    """A reference file is missing, unreadable or corrupt."""


GZIP_MAGIC = b"\x1f\x8b"


def open_text(path: str | Path) -> io.TextIOBase:
    """Open a file as UTF-8 text, decompressing it when its content starts with the gzip magic bytes."""
    path = Path(path)
    with open(path, "rb") as raw:
        magic = raw.read(2)
    if magic == GZIP_MAGIC:
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8")
    return open(path, "r", encoding="utf-8")


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
