"""Shared test fixtures: where the reference data from the real game lives.

The reference data ships with the repository in ``tests/data/parity``
(``integration/parity/data.py``; ``YOMI_PARITY_DATA=DIR`` replaces the folder).
A test that needs a reference file and does not find it fails, naming the file:
parity is never skipped silently.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from integration.parity import data as parity_data

# CI (.ci/run sets YOMI_HYPOTHESIS_PROFILE=ci) draws the same examples every run, so a red CI is
# always reproducible; a developer's run explores new examples each time (hypothesis' default).
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
hypothesis_settings.register_profile("dev", print_blob=True)
hypothesis_settings.load_profile(os.environ.get("YOMI_HYPOTHESIS_PROFILE", "dev"))

REPO = Path(__file__).resolve().parent.parent
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


@pytest.fixture
def fixedmath_vectors() -> Path:
    return reference_file(parity_data.FIXEDMATH)


@pytest.fixture
def fgobject_vectors() -> Path:
    return reference_file(parity_data.FGOBJECT)


@pytest.fixture
def rng_vectors() -> Path:
    return reference_file(parity_data.RNG)


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
