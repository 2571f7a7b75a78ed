"""Shared test fixtures (the reference data's files, hypothesis profiles, the leftover-thread
check, one torch thread) and the number of test processes.  Shared helpers are in the ``support``
package (tests/support/), never imported from here.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from integration.tools.parity import data as parity_data
from integration.train.envs import allow_module_env
from support.data import reference_file

# The tests' stand-in duel (tests/support/toyenv.py) is an env of the tests' own code: allowed here
# as the command line's --env allows it (integration/train/envs.py), never by a file
allow_module_env("support.toyenv:ENV")

# CI (.ci/run sets YOMI_HYPOTHESIS_PROFILE=ci) draws the same examples every run, so a red CI is
# always reproducible; a developer's run explores new examples each time (hypothesis' default).
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
hypothesis_settings.register_profile("dev", print_blob=True)
hypothesis_settings.load_profile(os.environ.get("YOMI_HYPOTHESIS_PROFILE", "dev"))


MAX_TEST_PROCESSES = 8  # each test process holds torch and the engines: a bound on their memory


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto`` (pyproject.toml's addopts): one test process per core this process may run on
    (its affinity, as the trainer counts them), at most ``MAX_TEST_PROCESSES``."""
    from integration.train.config import usable_cores

    return max(1, min(usable_cores(), MAX_TEST_PROCESSES))


@pytest.fixture
def fixedmath_vectors() -> Path:
    return reference_file(parity_data.FIXEDMATH)


@pytest.fixture
def fgobject_vectors() -> Path:
    return reference_file(parity_data.FGOBJECT)


@pytest.fixture
def rng_vectors() -> Path:
    return reference_file(parity_data.RNG)


@pytest.fixture(scope="module")
def one_torch_thread():
    """One torch thread for a module's tests, the old count restored after them.  The trainer's
    networks in the tests are tiny, so one thread is as fast as more, and the overlapped loop forks
    its update process, which needs ``torch_threads`` 1 (integration/train/config.py says why).  A
    module asks for it with ``pytestmark = pytest.mark.usefixtures("one_torch_thread")``."""
    import torch  # here, so that the engine's tests never import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


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
