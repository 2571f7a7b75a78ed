"""The C engine under AddressSanitizer and UndefinedBehaviorSanitizer.

Builds the engine's sources (csrc/engine and csrc/chars: no Python binding, no environment)
with the tables generated from states/data, plus the standalone driver
csrc/tools/yomi_driver.c, with ``-fsanitize=address,undefined`` and without ``-fwrapv`` (ordinary
play must not overflow a signed integer either), at -O0 (it compiles in well under half the time of
-O1 and the driver runs only seconds; tests/support/sanitize.py), then plays random matches with random and
malformed inputs (unknown and illegal moves, junk data and extras, clones) and asserts that the
sanitizers report nothing.

Skipped, with the reason, only where no C compiler (or no sanitizer runtime) is available.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from support import sanitize as SB


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Path:
    return SB.driver(tmp_path_factory, "yomi_driver", env=False, wrapv=False, optimize=False)


def _run(driver: Path, ticks: int, seed: int) -> str:
    proc = SB.run(driver, [ticks, seed], timeout=600)
    assert proc.returncode == 0, proc.stderr[-6000:]
    assert proc.stdout.startswith("ok ticks="), proc.stdout
    return proc.stdout


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_is_clean(driver, seed):
    out = _run(driver, 8000, seed)
    fields = dict(item.split("=") for item in out.split()[1:])
    assert int(fields["ticks"]) >= 8000
    assert int(fields["decisions"]) > 100
    assert int(fields["matches"]) > 1  # matches end and new ones start


def test_the_build_cache_key_follows_every_input(tmp_path):
    """A cached driver is reused only while the compiler, the flags, the sources and the headers are
    the same: a byte of any of them gives another key."""
    cc = SB.compiler()
    if cc is None:
        pytest.skip("no C compiler (gcc/cc/clang) on this machine")
    src, inc = tmp_path / "a.c", tmp_path / "inc"
    inc.mkdir()
    src.write_text("int f(void) { return 1; }\n")
    (inc / "a.h").write_text("int f(void);\n")
    key = SB.build_key(cc, ["-O1"], [src], [inc])
    assert SB.build_key(cc, ["-O1"], [src], [inc]) == key
    assert SB.build_key(cc, ["-O2"], [src], [inc]) != key
    (inc / "a.h").write_text("int f(void); \n")
    assert SB.build_key(cc, ["-O1"], [src], [inc]) != key
    (inc / "a.h").write_text("int f(void);\n")
    src.write_text("int f(void) { return 2; }\n")
    assert SB.build_key(cc, ["-O1"], [src], [inc]) != key
