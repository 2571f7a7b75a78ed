"""Test support: builds the standalone C drivers with the engine under AddressSanitizer and
UndefinedBehaviorSanitizer, and runs them (tests/test_sanitizers.py, tests/test_snapshot_fuzz.py).

The engine's sources and the environment's C part (csrc/*.c without the CPython binding), the
tables generated from states/data and the drivers of csrc/driver/ are compiled once, file by file on
every core, then linked into one executable per driver. ``-fwrapv`` is the production build's
(setup.py): signed overflow wraps (defined), as a crafted snapshot's numbers may make it; UBSan
checks everything else.
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


_BUILT: dict = {}


def build(cc: str, work: Path) -> dict:
    """Both drivers, csrc/driver/yomi_driver.c and snapshot_fuzz.c, linked with the engine and the
    env's C part under the sanitizers: {"yomi_driver": path, "snapshot_fuzz": path}. Built once per
    session (the test modules share it): the first caller's ``work`` folder holds it."""
    if cc in _BUILT:
        return _BUILT[cc]
    spec = importlib.util.spec_from_file_location("yomi_gen_c", REPO / "states" / "data" / "gen_c.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen_dir = work / "gen"
    gen.write(str(gen_dir), str(CSRC))
    engine = [p for p in sorted(CSRC.glob("*.c")) if not p.name.startswith(BINDING)] + [gen_dir / "tables_gen.c"]
    drivers = {name: CSRC / "driver" / f"{name}.c" for name in ("yomi_driver", "snapshot_fuzz")}
    flags = [*SAN_FLAGS, "-fwrapv", f"-I{CSRC}", f"-I{gen_dir}"]
    objs = work / "obj"
    objs.mkdir(exist_ok=True)

    def compile_one(src: Path):
        out = objs / (src.stem + ".o")
        proc = subprocess.run([cc, *flags, "-c", str(src), "-o", str(out)], capture_output=True, text=True)
        return out, proc

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(compile_one, engine + list(drivers.values())))
    failed = [proc.stderr[-3000:] for _, proc in results if proc.returncode != 0]
    assert not failed, failed[0]
    common = [str(o) for o, _ in results[:len(engine)]]
    out = {}
    for (name, _), (obj, _) in zip(drivers.items(), results[len(engine):]):
        exe = work / name
        link = subprocess.run([cc, *SAN_FLAGS, *common, str(obj), "-lm", "-o", str(exe)], capture_output=True,
                              text=True)
        assert link.returncode == 0, link.stderr[-4000:]
        out[name] = exe
    _BUILT[cc] = out
    return out


def run(exe: Path, args: list, timeout: float = 900) -> subprocess.CompletedProcess:
    """Runs a driver with the sanitizers' options; asserts no sanitizer report in its output."""
    env = dict(os.environ, **SANITIZER_ENV)
    proc = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True, env=env, timeout=timeout)
    report = [line for line in proc.stderr.splitlines() if any(mark in line for mark in REPORT_MARKS)]
    assert not report, proc.stderr[-6000:]
    return proc
