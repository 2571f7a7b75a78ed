"""Shared test fixtures: where the reference data from the real game lives.

The reference data sits beside the repository in ``../shared/parity`` (override
with ``YOMI_SHARED``); it is never copied into the repository.  Tests that need
it skip with a clear reason on a machine without it.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

# CI (.ci/run sets YOMI_HYPOTHESIS_PROFILE=ci) draws the same examples every run, so a red CI is
# always reproducible; a developer's run explores new examples each time (hypothesis' default).
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
hypothesis_settings.register_profile("dev", print_blob=True)
hypothesis_settings.load_profile(os.environ.get("YOMI_HYPOTHESIS_PROFILE", "dev"))

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("YOMI_SHARED", REPO.parent / "shared")).resolve()
PARITY = SHARED / "parity"
TRACES = PARITY / "traces"


def shared_file(name: str) -> Path:
    path = PARITY / name
    if not path.exists():
        pytest.skip(f"reference data {path} is not on this machine (set YOMI_SHARED to the shared/ folder)")
    return path


@pytest.fixture
def fixedmath_vectors() -> Path:
    return shared_file("fixedmath_vectors.jsonl")


@pytest.fixture
def fgobject_vectors() -> Path:
    return shared_file("fgobject_vectors.jsonl")


@pytest.fixture
def rng_vectors() -> Path:
    return shared_file("godot_rng_vectors.jsonl")


def trace_files(pattern: str = "*.jsonl.gz") -> list[Path]:
    return sorted(TRACES.glob(pattern)) if TRACES.is_dir() else []


@pytest.fixture(autouse=True)
def no_leftover_threads():
    """A test must not leave a non-daemon thread running: one that never ends keeps the pytest
    process alive after its summary (PuffeRL's CPU monitor did, and CI never finished)."""
    before = set(threading.enumerate())
    yield
    leftover = [t for t in threading.enumerate() if t not in before and t.is_alive() and not t.daemon]
    for thread in leftover:
        thread.join(timeout=5.0)
    stuck = [t.name for t in leftover if t.is_alive()]
    assert not stuck, f"the test left non-daemon threads running: {stuck}"
