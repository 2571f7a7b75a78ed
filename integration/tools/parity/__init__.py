"""``yomi parity``: hold an engine to the behaviour recorded from the real game.

Sub-commands, each in its own module:

* ``fixedmath FILE``: FixedMath calls and their results from the game's native library;
* ``fgobject FILE``: physics-body call sequences from the same library;
* ``trace [FILE_OR_DIR...]``: whole matches recorded in Godot, replayed tick by tick;
* ``coverage [FILE_OR_DIR...]``: what a set of traces exercises, per character.

With no file, each reads the reference data shipped in ``tests/data/parity``
(``YOMI_PARITY_DATA=DIR`` replaces that folder).

Each check prints the first mismatches and a last summary line, and exits non-zero
unless everything matches.
"""
from __future__ import annotations

import argparse
import importlib
import sys

SUBCOMMANDS = {
    "fixedmath": "integration.tools.parity.fixedmath",
    "fgobject": "integration.tools.parity.fgobject",
    "trace": "integration.tools.parity.trace",
    "coverage": "integration.tools.parity.coverage",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="yomi parity", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("check", choices=sorted(SUBCOMMANDS))
    parser.add_argument("rest", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    module = importlib.import_module(SUBCOMMANDS[args.check])
    return int(module.main(args.rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
