"""Test support: builds a standalone C driver with the engine under AddressSanitizer and
UndefinedBehaviorSanitizer, and runs it.

The engine's sources (csrc/*.c without the CPython binding), the tables generated from states/data,
optionally the environment's C part (csrc/env.c, env_tables.c), and one driver from csrc/driver/
are compiled file by file on every core (the suite's build time), then linked. ``-fwrapv`` is the
production build's (setup.py): signed overflow wraps, as a crafted snapshot's numbers may make it.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CSRC = REPO / "csrc"
BINDING = ("py_", "module", "env_py")  # the CPython binding
ENV_PART = ("env",)                    # the environment's C part (no Python in it)
SAN_FLAGS = ["-std=c11", "-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
             "-fno-sanitize-recover=all"]
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}
REPORT_MARKS = ("ERROR: AddressSanitizer", "runtime error:", "SUMMARY: UndefinedBehaviorSanitizer",
                "SUMMARY: AddressSanitizer")


def compiler() -> str | None:
    for name in (os.environ.get("CC"), "gcc", "cc", "clang"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def probe(cc: str, work: Path) -> str | None:
    """None when ``cc`` builds with the sanitizers, else why not."""
    src = work / "probe.c"
    src.write_text("int main(void) { return 0; }\n")
    check = subprocess.run([cc, *SAN_FLAGS, str(src), "-o", str(work / "probe")], capture_output=True, text=True)
    return None if check.returncode == 0 else check.stderr.strip()[:300]


def build(cc: str, work: Path, driver: str, with_env: bool, extra_flags: tuple = ()) -> Path:
    """The driver csrc/driver/<driver>.c linked with the engine (and the env's C part) under the sanitizers."""
    spec = importlib.util.spec_from_file_location("yomi_gen_c", REPO / "states" / "data" / "gen_c.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen_dir = work / "gen"
    gen.write(str(gen_dir), str(CSRC))
    skip = BINDING + (() if with_env else ENV_PART)
    sources = [p for p in sorted(CSRC.glob("*.c")) if not p.name.startswith(skip)]
    sources += [gen_dir / "tables_gen.c", CSRC / "driver" / f"{driver}.c"]
    flags = [*SAN_FLAGS, *extra_flags, f"-I{CSRC}", f"-I{gen_dir}"]
    objs = work / "obj"
    objs.mkdir(exist_ok=True)

    def compile_one(src: Path):
        out = objs / (src.stem + ".o")
        proc = subprocess.run([cc, *flags, "-c", str(src), "-o", str(out)], capture_output=True, text=True)
        return out, proc

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(compile_one, sources))
    failed = [proc.stderr[-3000:] for _, proc in results if proc.returncode != 0]
    assert not failed, failed[0]
    exe = work / driver
    link = subprocess.run([cc, *SAN_FLAGS, *[str(o) for o, _ in results], "-lm", "-o", str(exe)],
                          capture_output=True, text=True)
    assert link.returncode == 0, link.stderr[-4000:]
    return exe


def run(exe: Path, args: list, timeout: float = 900) -> subprocess.CompletedProcess:
    """Runs a driver with the sanitizers' options; asserts no sanitizer report in its output."""
    env = dict(os.environ, **SANITIZER_ENV)
    proc = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True, env=env, timeout=timeout)
    report = [line for line in proc.stderr.splitlines() if any(mark in line for mark in REPORT_MARKS)]
    assert not report, proc.stderr[-6000:]
    return proc
