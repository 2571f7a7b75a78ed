"""``yomi parity``: hold an engine to the behaviour recorded from the real game.

Sub-commands, each in its own module:

* ``fixedmath FILE``: FixedMath calls and their results from the game's native library;
* ``fgobject FILE``: physics-body call sequences from the same library;
* ``trace [FILE_OR_DIR...]``: whole matches recorded in Godot, replayed tick by tick;
* ``coverage [FILE_OR_DIR...]``: what a set of traces exercises, per character;
* ``lines [FILE_OR_DIR...]``: the Python engine's lines the traces execute;
* ``reasons --game-dir DIR``: the reason table's automatic entries, rebuilt from the game's source.

With no file, each reads the reference data shipped in ``tests/data/parity``
(``YOMI_PARITY_DATA=DIR`` replaces that folder).

Each check prints the first mismatches and a last summary line, and exits non-zero
unless everything matches.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from integration.options import OptionParser

# name -> (module, one-line help), in the order --help lists them
SUBCOMMANDS = {
    "trace": ("integration.tools.parity.trace", "whole matches recorded in Godot, replayed tick by tick"),
    "fixedmath": ("integration.tools.parity.fixedmath", "FixedMath calls recorded from the game's native library"),
    "fgobject": ("integration.tools.parity.fgobject", "physics-body call sequences from the same library"),
    "coverage": ("integration.tools.parity.coverage", "what a set of traces exercises, per character"),
    "lines": ("integration.tools.parity.lines", "the Python engine's lines the traces execute"),
    "reasons": ("integration.tools.parity.reasons", "the reason table's automatic entries, rebuilt from the game's source"),
}


def build_parser() -> argparse.ArgumentParser:
    """The parser behind ``yomi parity``'s usage, --help and errors: the checks as sub-commands.

    Each check parses its own arguments (``yomi parity CHECK --help``), so the sub-parsers here
    only name them."""
    parser = OptionParser(prog="yomi parity", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    checks = parser.add_subparsers(title="checks")
    for name, (_, help_) in SUBCOMMANDS.items():
        checks.add_parser(name, help=help_, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the check named first in ``argv`` with the rest of it; without a known check, the
    usage and one error line saying which checks there are (exit 2, as argparse's errors)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    names = ", ".join(SUBCOMMANDS)
    if not argv:
        parser.error(f"missing the check to run: one of {names}")
    first, rest = argv[0], argv[1:]
    if first in ("-h", "--help"):
        parser.print_help()
        return 0
    if first not in SUBCOMMANDS:
        if first.startswith("-"):
            parser.error(f"missing the check to run before {first}: one of {names}")
        parser.error(f"unknown check {first!r}: one of {names}")
    module = importlib.import_module(SUBCOMMANDS[first][0])
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
