"""`yomi parity` on bad input: each error once, on one line of stderr, saying what is wrong (a
directory is a directory, not a missing file), and the usage naming the real checks."""
from __future__ import annotations

import pytest

from integration.tools.cli import main as yomi

CHECKS = ("trace", "fixedmath", "fgobject", "coverage", "lines", "reasons")


def test_an_unreadable_trace_is_reported_once(tmp_path, capsys):
    path = tmp_path / "garbage.safetensors"
    path.write_bytes(b"garbage\x00\x01")
    assert yomi(["parity", "trace", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"yomi parity trace: error: {path}:1: not valid JSON (Expecting value at column 1)\n"
    assert "not valid JSON" not in captured.out and "ERROR" not in captured.out, captured.out
    assert "parity: 0/1 traces identical, 0/0 ticks identical; 1 not read (see the errors above)" in captured.out


@pytest.mark.parametrize("check", ["fixedmath", "fgobject"])
def test_a_directory_is_called_a_directory(tmp_path, capsys, check):
    assert yomi(["parity", check, str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"yomi parity {check}: error: {tmp_path}: is a directory, not a file\n", captured.err
    missing = tmp_path / "none.jsonl"
    assert yomi(["parity", check, str(missing)]) == 2
    assert capsys.readouterr().err == f"yomi parity {check}: error: {missing}: no such file\n"


@pytest.mark.parametrize("argv, message", [
    ([], "missing the check to run: one of trace, fixedmath, fgobject, coverage, lines, reasons"),
    (["--engine", "c"], "missing the check to run before --engine: one of trace, fixedmath, fgobject, coverage, lines, reasons"),
    (["nosuch"], "unknown check 'nosuch': one of trace, fixedmath, fgobject, coverage, lines, reasons"),
])
def test_without_a_check_the_one_line_error_names_the_checks(capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        yomi(["parity", *argv])
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert err.splitlines() == [f"yomi parity: error: {message}"], err


def test_help_lists_the_checks(capsys):
    assert yomi(["parity", "--help"]) == 0
    out = capsys.readouterr().out
    assert "usage: yomi parity [-h] {trace,fixedmath,fgobject,coverage,lines,reasons} ..." in out
    lines = out.splitlines()
    for check in CHECKS:
        assert any(line.split()[:1] == [check] and len(line.split()) > 1 for line in lines), (check, out)
    assert "rest" not in out.split()
