"""Shared pieces of the parity tools: reading JSON-lines files with clear errors, engine choice."""
from __future__ import annotations

import gzip
import io
import json
import zlib
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
    """Yield (line number, parsed object) for each non-empty line; gzip content is decompressed."""
    path = Path(path)
    if not path.is_file():
        raise ParityInputError(f"{path}: no such file")
    try:
        with open_text(path) as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    yield number, json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ParityInputError(f"{path}:{number}: not valid JSON ({exc.msg})") from None
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as exc:
        raise ParityInputError(f"{path}: cannot read ({exc})") from None


def add_engine_argument(parser) -> None:
    parser.add_argument("--engine", choices=ENGINES, default="python",
                        help="which engine to check: the Python reference or the native C engine (default: python)")
