"""The reference engine against the Godot recordings of the base moves (all ten base traces).

Each trace is replayed through the engine interface exactly as ``yomi parity trace``
does: every tick line compared field by field, every turn's legal moves compared with
the menu the game offered, the end line compared with the result.  The full set takes
about ten seconds, so it runs by default.
"""
from __future__ import annotations

import pytest

from support.data import trace_files
from integration.tools.parity.trace import first_difference, main, replay

BASE_TRACES = trace_files("*_base_*.jsonl.gz")


@pytest.mark.parametrize("path", BASE_TRACES, ids=lambda p: p.name.split(".")[0])
def test_base_trace_identical(path):
    report = replay(path, "python", set())
    assert report.divergence is None, f"{path.name}: {report.divergence}"
    assert report.ticks_ok == report.ticks_total == 3002
    assert report.legal_ok == report.legal_total > 0, report.legal_first_mismatch
    assert report.end_ok


def test_first_difference_compares_types():
    # The traces distinguish the string "0" (DI before any input) from the int 0 (DI from the pad).
    assert first_difference({"di": {"x": "0"}}, {"di": {"x": 0}}) == ("di.x", "0", 0)
    assert first_difference({"a": [1, 2]}, {"a": [1]}) == ("a.length", 2, 1)
    assert first_difference({"a": True}, {"a": 1}) == ("a", True, 1)
    assert first_difference({"a": {"b": 1}}, {"a": {"b": 1}}) is None


def test_cli_reports_missing_and_corrupt_traces(tmp_path, capsys):
    assert main([str(tmp_path / "nothing.jsonl.gz")]) == 2
    assert "no such file" in capsys.readouterr().err
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text('{"format": "yomi-trace/1"\n')
    assert main([str(corrupt)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    not_a_trace = tmp_path / "other.jsonl"
    not_a_trace.write_text('{"hello": 1}\n')
    assert main([str(not_a_trace)]) == 2
    assert "header" in capsys.readouterr().err


def test_cli_c_engine(capsys):
    assert main([str(BASE_TRACES[0]), "--engine", "c"]) == 0
    assert "identical" in capsys.readouterr().out


def test_cli_summary_line(capsys):
    assert main([str(BASE_TRACES[0])]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == "parity: 1/1 traces identical, 3002/3002 ticks identical"
