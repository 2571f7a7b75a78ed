"""Where the reference data from the real game lives, and the repository's root.

The reference data sits beside the repository in ``../shared/parity`` (override with
``YOMI_SHARED``).  Tests that need it skip with a clear reason on a machine without it.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("YOMI_SHARED", REPO.parent / "shared")).resolve()
PARITY = SHARED / "parity"
TRACES = PARITY / "traces"


def shared_file(name: str) -> Path:
    path = PARITY / name
    if not path.exists():
        pytest.skip(f"reference data {path} is not on this machine (set YOMI_SHARED to the shared/ folder)")
    return path


def trace_files(pattern: str = "*.jsonl.gz") -> list[Path]:
    return sorted(TRACES.glob(pattern)) if TRACES.is_dir() else []
