"""The C engine under AddressSanitizer and UndefinedBehaviorSanitizer.

Builds the engine's sources (csrc/*.c without the Python binding) with the tables generated
from states/data, plus the standalone driver csrc/driver/yomi_driver.c, with
``-fsanitize=address,undefined`` (tests/sanitize_build.py), then plays random
matches with random and malformed inputs (unknown and illegal moves, junk data and extras,
clones) and asserts that the sanitizers report nothing.

Skipped, with the reason, only where no C compiler (or no sanitizer runtime) is available.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import sanitize_build as SB


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Path:
    cc = SB.compiler()
    if cc is None:
        pytest.skip("no C compiler (gcc/cc/clang) on this machine")
    work = tmp_path_factory.mktemp("sanitize")
    why = SB.probe(cc, work)
    if why:
        pytest.skip(f"{cc} cannot build with -fsanitize=address,undefined: {why}")
    return SB.build(cc, work)["yomi_driver"]


@pytest.fixture(scope="module")
def exact_moves(tmp_path_factory) -> list[str]:
    """The states the C engine runs with the Python class, when the extension is built (else none)."""
    try:
        from integration.engine import c_prepare
        from yomi import _native
        characters = _native.characters()
    except Exception:  # noqa: BLE001 - without the extension the driver plays every move
        return []
    path = tmp_path_factory.mktemp("exact") / "exact.txt"
    with open(path, "w") as f:
        for character in characters:
            for state in sorted(c_prepare(character)):
                f.write(f"{character}\t{state}\n")
    return [str(path)]


def _run(driver: Path, ticks: int, seed: int, extra: list[str]) -> str:
    proc = SB.run(driver, [ticks, seed, *extra], timeout=600)
    assert proc.returncode == 0, proc.stderr[-6000:]
    assert proc.stdout.startswith("ok ticks="), proc.stdout
    return proc.stdout


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_is_clean(driver, exact_moves, seed):
    out = _run(driver, 8000, seed, exact_moves)
    fields = dict(item.split("=") for item in out.split()[1:])
    assert int(fields["ticks"]) >= 8000
    assert int(fields["decisions"]) > 100


def test_random_play_every_move_is_clean(driver):
    """Every legal move, ported or not: the unported ones stop their match cleanly (an engine error)."""
    out = _run(driver, 6000, 9, [])
    fields = dict(item.split("=") for item in out.split()[1:])
    assert int(fields["matches"]) > 1
