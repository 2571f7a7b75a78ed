"""Test support: builds a standalone C driver of csrc/tools/ with the engine (and, for drivers that
step it, the environment's C part) under AddressSanitizer and UndefinedBehaviorSanitizer, and runs
it (tests/engine/test_sanitizers.py, tests/engine/test_snapshot_fuzz.py).

The engine's sources (csrc/engine, csrc/chars), the environment's C part (csrc/env, no Python in
it), the tables generated from states/data and from the environment's layout (as setup.py does)
and the driver are compiled file by file on every core, then linked. A built driver is kept in a
cache folder (``$YOMI_TEST_CACHE``, else ``~/.cache/yomi/tests``) under a key that hashes the
compiler, its flags and every source and header that goes in, so a test session and the next one
reuse it until a source changes (any edit to the engine, the env's C part, the tables or the
driver gives a new key). ``wrapv`` adds the production
build's ``-fwrapv`` (setup.py): signed overflow wraps (defined), as a crafted snapshot's numbers may
make it; without it UBSan reports any signed overflow too, which ordinary play must never reach.
``optimize=False`` compiles at -O0 instead of -O1: under the sanitizers the engine's sources
compile in well under half the CPU time, and run slower, so a driver that runs briefly (the
random-play driver's few seconds) is built that way; the sanitizers check the same at either level.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from integration.env import c_tables

REPO = Path(__file__).resolve().parents[2]
CSRC = REPO / "csrc"
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


def build(cc: str, work: Path, driver: str, env: bool = True, wrapv: bool = True, optimize: bool = True) -> Path:
    """csrc/tools/<driver>.c linked with the engine (and the env's C part where ``env``) under the
    sanitizers; ``wrapv`` and ``optimize`` as in the module's docstring."""
    spec = importlib.util.spec_from_file_location("yomi_gen_c", REPO / "integration" / "tools" / "gen_c.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen_dir = work / "gen"
    gen.write(str(gen_dir), str(CSRC))
    sources = [Path(p) for p in gen.engine_sources(str(CSRC))] + [gen_dir / "tables_gen.c"]
    if env:
        c_tables.write_c(str(gen_dir))  # the environment's tables (setup.py generates them the same way)
        sources += sorted((CSRC / "env").glob("*.c")) + [gen_dir / "env_tables.c"]
    sources.append(CSRC / "tools" / f"{driver}.c")
    include_dirs = [Path(d) for d in gen.include_dirs(str(CSRC))] + [gen_dir]
    san_flags = SAN_FLAGS if optimize else ["-O0" if f == "-O1" else f for f in SAN_FLAGS]
    flags = [*san_flags, *(["-fwrapv"] if wrapv else []), *[f"-I{d}" for d in include_dirs]]
    # the include flags name this session's folder: the key hashes what they hold instead
    key = build_key(cc, [f for f in flags if not f.startswith("-I")], sources, include_dirs)
    cached = cache_dir() / key / driver
    if cached.is_file():
        return cached
    objs = work / "obj"
    objs.mkdir(exist_ok=True)

    def compile_one(k_src):
        k, src = k_src
        out = objs / f"{k}_{src.stem}.o"
        proc = subprocess.run([cc, *flags, "-c", str(src), "-o", str(out)], capture_output=True, text=True)
        return out, proc

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(compile_one, enumerate(sources)))
    failed = [proc.stderr[-3000:] for _, proc in results if proc.returncode != 0]
    assert not failed, failed[0]
    exe = work / driver
    link = subprocess.run([cc, *SAN_FLAGS, *[str(o) for o, _ in results], "-lm", "-o", str(exe)],
                          capture_output=True, text=True)
    assert link.returncode == 0, link.stderr[-4000:]
    return keep(exe, cached)


def cache_dir() -> Path:
    """Where built drivers are kept between test sessions."""
    return Path(os.environ.get("YOMI_TEST_CACHE") or Path.home() / ".cache" / "yomi" / "tests")


def build_key(cc: str, flags: list, sources: list, include_dirs: list) -> str:
    """A hash of everything a build reads: the compiler (its path and version), the flags, each
    source and each header of the include folders (the generated tables among them)."""
    h = hashlib.sha256()
    version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout
    for part in (cc, version, *flags):
        h.update(part.encode() + b"\0")
    headers = sorted({p for d in include_dirs for p in Path(d).rglob("*.h")})
    for path in [*sources, *headers]:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def keep(exe: Path, cached: Path) -> Path:
    """``exe`` moved into the cache at ``cached`` (renamed into place, so a concurrent session never
    sees half a file); ``exe`` itself where the cache cannot be written."""
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
        shutil.copy2(exe, tmp)
        os.replace(tmp, cached)
        return cached
    except OSError:
        return exe


def driver(tmp_path_factory, name: str, env: bool = True, wrapv: bool = True, optimize: bool = True) -> Path:
    """The driver csrc/tools/<name>.c built by :func:`build` (``env``, ``wrapv`` and ``optimize`` as there) in a
    fresh temporary folder; skips the test, with the reason, where no C compiler or no sanitizer
    runtime is available."""
    cc = compiler()
    if cc is None:
        pytest.skip("no C compiler (gcc/cc/clang) on this machine")
    work = tmp_path_factory.mktemp(name)
    why = probe(cc, work)
    if why:
        pytest.skip(f"{cc} cannot build with -fsanitize=address,undefined: {why}")
    return build(cc, work, name, env=env, wrapv=wrapv, optimize=optimize)


def run(exe: Path, args: list, timeout: float = 900) -> subprocess.CompletedProcess:
    """Runs a driver with the sanitizers' options; asserts no sanitizer report in its output."""
    env = dict(os.environ, **SANITIZER_ENV)
    proc = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True, env=env, timeout=timeout)
    report = [line for line in proc.stderr.splitlines() if any(mark in line for mark in REPORT_MARKS)]
    assert not report, proc.stderr[-6000:]
    return proc
