"""Builds the native C engine (csrc/) as the CPython extension ``yomi._native``.

The frame-data tables are compiled in: ``states/data/gen_c.py`` turns
``states/data/*.json`` into ``tables_gen.{h,c}`` (under build/gen, not committed) before
the sources are compiled, so the extension always matches the JSON it ships with.
Every ``csrc/*.c`` is a source (a new character file needs no edit here).
"""
import glob
import importlib.util
import os

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
GEN_DIR = os.path.join("build", "gen")


def generate_tables() -> list[str]:
    spec = importlib.util.spec_from_file_location("yomi_gen_c", os.path.join(HERE, "states", "data", "gen_c.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen.write(os.path.join(HERE, GEN_DIR), os.path.join(HERE, "csrc"))
    return [os.path.join(GEN_DIR, "tables_gen.c")]


sources = sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, "csrc", "*.c")))
sources += generate_tables()

# -fvisibility=hidden: only PyInit__native is exported, so calls between the engine's files are
# direct (no PLT) and can be inlined; -flto lets the compiler inline across files (the engine
# mirrors the Python modules file for file, so many hot calls cross files). Integer-only code:
# no flag changes results. -fwrapv: signed overflow wraps (defined), so that any number a loaded
# snapshot holds (csrc/snapshot_check.c leaves plain numbers unchecked) only gives another number.
FLAGS = ["-O2", "-std=c11", "-fno-strict-aliasing", "-fvisibility=hidden", "-fno-semantic-interposition", "-flto",
         "-fwrapv"]

setup(ext_modules=[Extension("yomi._native", sources=sources, include_dirs=["csrc", GEN_DIR],
                             extra_compile_args=FLAGS, extra_link_args=["-flto", "-O2"], libraries=["m"])])
