"""The ``yomi`` command: one entry point, one sub-command per tool.

Each sub-command lives in its own module and is imported only when used, so
``yomi parity`` does not pay for torch and ``yomi extract`` needs no engine.
"""
from __future__ import annotations

import importlib
import sys

# name -> (module, function, one-line help)
COMMANDS = {
    "parity": ("integration.tools.parity", "main", "replay reference vectors and Godot traces through an engine"),
    "extract": ("integration.tools.extract.cli", "main", "extract frame-data tables from a local copy of the game"),
    "bench": ("integration.tools.bench", "main", "benchmark the engines and the environment"),
    "watch": ("integration.tools.watch.cli", "main", "build an HTML replay viewer for a trace"),
    "play": ("integration.train.play", "main", "play (and record) a match between two policies; --human: play one yourself"),
    "tournament": ("integration.tools.tournament", "main", "round robin between policies: crosstable and ratings"),
    "exploit": ("integration.tools.exploit", "main", "how exploitable a policy is: best responses trained against it"),
    "record": ("integration.tools.record.cli", "main", "record reference traces from your own copy of the game"),
    "replay": ("integration.tools.replay.cli", "main", "import the real game's .replay files: a trace, or a dataset"),
    "bridge": ("integration.tools.bridge.cli", "main", "a policy plays one side inside the real game (a mod and its server)"),
    "mixture": ("integration.train.mixture", "main", "write one agent that mixes several networks (a run's recent selves)"),
    "checkpoint": ("integration.train.checkpoint", "convert_main",
                   "convert an old pickled checkpoint (unpickles it: trusted files only)"),
}


def usage() -> str:
    lines = ["usage: yomi COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<10} {help_}" for name, (_, _, help_) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"yomi: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module_name, func_name, _ = COMMANDS[name]
    if name == "play" and "--human" in rest:      # you against a policy, in the browser
        module_name, rest = "integration.tools.human.server", [a for a in rest if a != "--human"]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            # the tool's own module is missing: an installation that left it out or broke it
            print(f"yomi: command {name!r} needs {module_name}, which this installation lacks "
                  f"(reinstall: uv sync)", file=sys.stderr)
            return 2
        raise
    return int(getattr(module, func_name)(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
