"""Builds the native C engine (csrc/) as the CPython extension ``yomi._native``.

Every generated C file goes to build/gen (not committed) before the sources are compiled, so the
extension always matches what it is generated from: ``integration/tools/gen_c.py`` turns
``states/data/*.json`` into ``tables_gen.{h,c}`` (the frame data), and
``integration.env.c_tables.write_c`` turns the environment's observation and action layout into
``env_layout.h`` / ``env_tables.c`` (it needs numpy, hence numpy in the build requirements).
The sources are the C files of ``csrc/`` by layer (``gen_c.extension_sources``: the engine, the
characters' folders, the environment and the binding), so a new character's folder needs no edit here.
The extension is compiled twice, the second time guided by a profile of play (:class:`ProfileGuidedBuild`).
"""
import importlib.util
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
GEN_DIR = os.path.join("build", "gen")


CSRC = os.path.join(HERE, "csrc")


def load_gen_c():
    spec = importlib.util.spec_from_file_location("yomi_gen_c", os.path.join(HERE, "integration", "tools", "gen_c.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def write_env_tables(out_dir):
    """The environment's generated tables (integration/env/c_tables.py), imported from this checkout."""
    sys.path.insert(0, HERE)
    try:
        from integration.env import c_tables
    finally:
        sys.path.remove(HERE)
    c_tables.write_c(out_dir)


gen = load_gen_c()
gen.write(os.path.join(HERE, GEN_DIR), CSRC)
write_env_tables(os.path.join(HERE, GEN_DIR))
sources = [os.path.relpath(p, HERE) for p in gen.extension_sources(CSRC)] + \
    [os.path.join(GEN_DIR, "tables_gen.c"), os.path.join(GEN_DIR, "env_tables.c")]
include_dirs = [os.path.relpath(p, HERE) for p in gen.include_dirs(CSRC)] + [GEN_DIR]

# -fvisibility=hidden: only PyInit__native is exported, so calls between the engine's files are
# direct (no PLT) and can be inlined; -flto lets the compiler inline across files (the engine
# mirrors the Python modules file for file, so many hot calls cross files). Integer-only code:
# no flag changes results. -fwrapv: signed overflow wraps (defined), so that any number a loaded
# snapshot holds (csrc/snapshot_check.c leaves plain numbers unchecked) only gives another number.
# -O3 in both lists: with -flto the code is generated at link time, at the link flags' level; -O3
# there runs about 5 % fewer instructions per tick than -O2 (docs/PERFORMANCE.md).
FLAGS = ["-O3", "-std=c11", "-fno-strict-aliasing", "-fvisibility=hidden", "-fno-semantic-interposition", "-flto",
         "-fwrapv"]
LINK_FLAGS = ["-flto", "-O3"]
WORKLOAD = os.path.join(HERE, "integration", "tools", "profile_workload.py")


class ProfileGuidedBuild(build_ext):
    """Builds the extension guided by a profile of play (docs/PERFORMANCE.md, "Profile-guided build",
    has the gain): an instrumented build (``-fprofile-generate``) plays a fixed workload
    (integration/tools/profile_workload.py), then the extension is compiled again with
    ``-fprofile-use``.  The profile only moves and inlines code, so results are the same with or
    without it.  ``YOMI_PGO=0`` builds without a profile (also the fallback, with a warning, where
    a stage fails: a compiler whose profiles need another tool to merge, as clang's do, for instance)."""

    def build_extension(self, ext):
        if os.environ.get("YOMI_PGO", "1") == "0":
            return super().build_extension(ext)
        profile = os.path.abspath(os.path.join(self.build_temp, "pgo-profile"))
        shutil.rmtree(profile, ignore_errors=True)
        generate = [f"-fprofile-generate={profile}", "-fprofile-update=single"]
        use = [f"-fprofile-use={profile}", "-fprofile-partial-training", "-Wno-missing-profile"]
        self.force = True  # every stage compiles every file (the objects' paths name the profile's files)
        try:
            self._build(ext, generate)
            run = subprocess.run([sys.executable, WORKLOAD, self.get_ext_fullpath(ext.name)],
                                 capture_output=True, text=True, timeout=600)
            if run.returncode != 0:
                raise RuntimeError(f"the profile workload failed:\n{run.stdout}{run.stderr}")
            self._build(ext, use)
        except Exception as exc:  # noqa: BLE001 - any failure falls back to the plain build
            print(f"warning: profile-guided build skipped ({exc}); building without a profile", file=sys.stderr)
            self._build(ext, [])
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    def _build(self, ext, extra):
        ext.extra_compile_args = FLAGS + extra
        ext.extra_link_args = LINK_FLAGS + extra
        super().build_extension(ext)


setup(ext_modules=[Extension("yomi._native", sources=sources, include_dirs=include_dirs,
                             extra_compile_args=FLAGS, extra_link_args=LINK_FLAGS, libraries=["m"])],
      cmdclass={"build_ext": ProfileGuidedBuild})
