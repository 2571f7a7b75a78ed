"""Shared pieces of the parity tools: reading JSON-lines files with clear errors, engine choice."""
from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Iterator

ENGINES = ("python", "c")


class ParityInputError(Exception):
    """A reference file is missing, unreadable or corrupt."""


def read_jsonl(path: str | Path) -> Iterator[tuple[int, object]]:
    """Yield (line number, parsed object) for each non-empty line; ``.gz`` files are decompressed."""
    path = Path(path)
    if not path.is_file():
        raise ParityInputError(f"{path}: no such file")
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    yield number, json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ParityInputError(f"{path}:{number}: not valid JSON ({exc.msg})") from None
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise ParityInputError(f"{path}: cannot read ({exc})") from None


def add_engine_argument(parser) -> None:
    parser.add_argument("--engine", choices=ENGINES, default="python",
                        help="which engine to check: the Python reference or the native C engine (default: python)")
