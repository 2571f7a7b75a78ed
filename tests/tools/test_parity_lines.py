"""``yomi parity lines``: the Python engine's lines a trace executes."""
from __future__ import annotations

import json

from integration.tools.cli import main as yomi_main
from integration.tools.parity import lines
from support.data import trace_file


def test_executable_lines_split_import_time_from_function_bodies(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("X = 1\n\n\ndef f(a):\n    if a:\n        return 2\n    return 3\n\n\nclass C:\n    y = 4\n")
    at_import, every = lines.executable_lines(source)
    assert {1, 4, 10, 11} <= at_import and not at_import & {5, 6, 7}
    assert {5, 6, 7} <= every


def test_a_short_trace_executes_the_tick_and_its_characters_states(tmp_path, capsys):
    trace = trace_file("Ninja_vs_Ninja_base_s200.jsonl.gz")
    assert yomi_main(["parity", "lines", str(trace), "--json", str(tmp_path / "l.json")]) == 0
    out = capsys.readouterr().out
    assert "lines: 1 traces replayed, 0 diverged" in out
    figures = json.loads((tmp_path / "l.json").read_text())["files"]
    assert figures["yomi/match.py"]["hit"] > figures["yomi/match.py"]["lines"] // 2
    # a Ninja mirror never runs the Wizard's own state scripts, but imports them with the tables
    wizard = figures["states/wizard/moves.py"]
    assert 0 < wizard["hit"] < wizard["lines"] // 2
    hit, total = lines.totals(figures)["all"]
    assert 0 < hit < total


def test_no_trace_is_an_error(tmp_path, capsys):
    assert yomi_main(["parity", "lines", str(tmp_path / "none.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
