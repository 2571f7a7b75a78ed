"""The profile-guided build (setup.py, integration/tools/profile_workload.py)."""
from __future__ import annotations

from pathlib import Path

from integration.tools import profile_workload
from yomi import _native


def test_workload_plays_random_legal_matches():
    """The workload steps the env's C part with random legal actions: every agent of every match
    acts each step (an illegal action would raise), with any pool of characters."""
    assert profile_workload.play(["Ninja"], 3, seed=0) == 3 * 2 * profile_workload.MATCHES
    assert profile_workload.play(["Cowboy", "Mutant"], 2, seed=1) == 2 * 2 * profile_workload.MATCHES


def test_workload_usage():
    assert profile_workload.main([]) == 2


def test_installed_build_is_not_instrumented():
    """The extension in use is the final stage, not the instrumented one (which would write profile
    files at exit and run slower): no gcov runtime in it."""
    assert b"__gcov_" not in Path(_native.__file__).read_bytes()
