"""The C engine under AddressSanitizer and UndefinedBehaviorSanitizer.

Builds the engine's sources (csrc/engine and csrc/chars: no Python binding, no environment)
with the tables generated from states/data, plus the standalone driver
csrc/tools/yomi_driver.c, with ``-fsanitize=address,undefined``, then plays random
matches with random and malformed inputs (unknown and illegal moves, junk data and extras,
clones) and asserts that the sanitizers report nothing.

Skipped, with the reason, only where no C compiler (or no sanitizer runtime) is available.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CSRC = REPO / "csrc"
FLAGS = ["-std=c11", "-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
         "-fno-sanitize-recover=all"]
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}
REPORT_MARKS = ("ERROR: AddressSanitizer", "runtime error:", "SUMMARY: UndefinedBehaviorSanitizer",
                "SUMMARY: AddressSanitizer")


def _compiler() -> str | None:
    for name in (os.environ.get("CC"), "gcc", "cc", "clang"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Path:
    cc = _compiler()
    if cc is None:
        pytest.skip("no C compiler (gcc/cc/clang) on this machine")
    work = tmp_path_factory.mktemp("sanitize")
    probe = work / "probe.c"
    probe.write_text("int main(void) { return 0; }\n")
    check = subprocess.run([cc, *FLAGS, str(probe), "-o", str(work / "probe")], capture_output=True, text=True)
    if check.returncode != 0:
        pytest.skip(f"{cc} cannot build with -fsanitize=address,undefined: {check.stderr.strip()[:300]}")
    spec = importlib.util.spec_from_file_location("yomi_gen_c", REPO / "integration" / "tools" / "gen_c.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen_dir = work / "gen"
    gen.write(str(gen_dir), str(CSRC))
    sources = gen.engine_sources(str(CSRC)) + [str(gen_dir / "tables_gen.c"), str(CSRC / "tools" / "yomi_driver.c")]
    includes = [f"-I{d}" for d in gen.include_dirs(str(CSRC))] + [f"-I{gen_dir}"]
    exe = work / "yomi_driver"
    build = subprocess.run([cc, *FLAGS, *includes, *sources, "-lm", "-o", str(exe)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    return exe


def _run(driver: Path, ticks: int, seed: int) -> str:
    env = dict(os.environ, **SANITIZER_ENV)
    proc = subprocess.run([str(driver), str(ticks), str(seed)], capture_output=True, text=True,
                          env=env, timeout=600)
    report = [line for line in proc.stderr.splitlines() if any(mark in line for mark in REPORT_MARKS)]
    assert not report, proc.stderr[-6000:]
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
