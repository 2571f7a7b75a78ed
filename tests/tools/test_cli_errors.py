"""The `yomi` command on bad input: a non-zero exit and one line that says what is wrong (no
traceback), for each sub-command a user is likely to mistype."""
from __future__ import annotations

import pytest

from integration.tools.cli import main


@pytest.mark.parametrize("argv, message", [
    (["nosuch"], "unknown command 'nosuch'"),
    (["bench", "--pairs", "Foo-Bar"], "Foo-Bar: a pair is P1-P2 of"),
    (["bench", "--pairs", "ninja"], "ninja: a pair is P1-P2 of"),
    (["play", "--c1", "Foo"], "unknown character 'Foo'"),
    (["play", "--p1", "{missing_pt}"], "no checkpoint file at"),
    (["parity", "trace", "{missing_trace}"], "no such file or directory"),
    (["watch", "{missing_trace}", "--no-open"], "no such file"),
    (["parity", "fixedmath", "{not_json}"], "not valid JSON"),
    (["exploit", "{missing_pt}"], "no checkpoint file at"),
    (["exploit", "scripted", "--matches", "1"], "--matches must be at least 2"),
])
def test_bad_input_is_one_clear_line(tmp_path, capsys, argv, message):
    (tmp_path / "bad.jsonl").write_text("this is not json\n")
    paths = dict(missing_pt=tmp_path / "none.pt", missing_trace=tmp_path / "none.jsonl.gz",
                 not_json=tmp_path / "bad.jsonl")
    rc = main([a.format(**paths) for a in argv])
    err = capsys.readouterr().err
    assert rc != 0 and message in err, (rc, err)
    assert "Traceback" not in err
