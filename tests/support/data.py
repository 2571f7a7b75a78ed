"""Where the reference data from the real game lives, and the repository's root.

The reference data ships with the repository in ``tests/data/parity``
(``integration/tools/parity/data.py``; ``YOMI_PARITY_DATA=DIR`` replaces the folder).
A test that needs a reference file and does not find it fails, naming the file:
parity is never skipped silently.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from integration.tools.parity import data as parity_data

REPO = Path(__file__).resolve().parents[2]
PARITY = parity_data.data_dir()
TRACES = parity_data.traces_dir()


class MissingReferenceData(LookupError):
    """Reference data a test needs is absent: the test fails (at collection, for parametrised ones)."""


def reference_file(name: str) -> Path:
    """A vector file of the reference data (plain or gzip-compressed); fails the test when it is absent."""
    path = parity_data.vector_file(name)
    if not path.is_file():
        pytest.fail(f"reference data {path} (or {path.name}.gz) is missing: it ships in tests/data/parity; "
                    f"${parity_data.ENV_VAR}, when set, replaces that folder")
    return path


def trace_files(pattern: str = "*.jsonl.gz") -> list[Path]:
    """The reference traces whose names match ``pattern``; raises when none does, so the tests that
    parametrise over them fail instead of collecting zero cases."""
    found = parity_data.trace_paths(pattern)
    if not found:
        raise MissingReferenceData(f"no reference trace matches {pattern!r} in {TRACES}: the traces ship in "
                                   f"tests/data/parity/traces; ${parity_data.ENV_VAR}, when set, replaces that folder")
    return found


def trace_file(name: str) -> Path:
    """The one reference trace called ``name``; raises when it is absent."""
    return trace_files(name)[0]


REPLAYS = PARITY / "replays"


def replay_names() -> list[str]:
    """The reference replays (``replays/<name>.replay.gz``), by name."""
    return sorted(p.name[:-len(".replay.gz")] for p in REPLAYS.glob("*.replay.gz"))


def replay_trace_path(name: str) -> Path:
    """The game's trace of a reference replay's match: recorded beside it, or the shipped trace
    whose match was recorded again to save the replay."""
    beside = REPLAYS / f"{name}.jsonl.gz"
    return beside if beside.is_file() else TRACES / f"{name}.jsonl.gz"
