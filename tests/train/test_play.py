"""``yomi play`` (integration/train/play.py) on bad input: every argument, output path and match
setting is checked before any match starts, and a bad one is one line naming the option, exit
code 2, nothing created; a trace that cannot be written is one line too, never an engine failure
retried on other seeds."""
from __future__ import annotations

import errno
import logging
import os
from pathlib import Path

import pytest

from integration.tools.cli import main as yomi
from integration.train import play

SHORT = '{"game_length": 40}'        # a match of a few turns
LINUX_PROC = pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")


def _run(capsys, argv) -> tuple[int, str]:
    rc = yomi(["play", *argv])
    return rc, capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    # output paths: a folder, a missing folder (never made), a file as a folder, a virtual file system
    (["--record", "{tmp}"], "--record {tmp}: is a directory"),
    (["--record", "{tmp}/missing/m.jsonl.gz"],
     "--record {tmp}/missing/m.jsonl.gz: the folder {tmp}/missing does not exist (create it first)"),
    (["--record", "{tmp}/a_file/m.jsonl.gz"], "--record {tmp}/a_file/m.jsonl.gz: {tmp}/a_file is not a folder"),
    pytest.param(["--record", "/proc/yomi-test.jsonl.gz"],
                 "--record /proc/yomi-test.jsonl.gz: cannot create files in /proc", marks=LINUX_PROC),
    (["--matches", "2", "--json", "{tmp}"], "--json {tmp}: is a directory"),
    # settings: the engine's own check, and a match that ends before anyone chooses
    (["--settings", '{"game_length": 1e999}'], "--settings: game_length must be an integer, got inf"),
    (["--settings", '{"game_length": 99999999999999999999}'],
     "--settings: game_length must be at most 108,000 ticks (a match's loop), got 99999999999999999999"),
    (["--settings", '{"game_length": -5}'],
     "--settings: game_length must be at least 1 (the observation divides the tick by it), got -5"),
    (["--settings", '{"game_length": 0}'],
     "--settings: game_length must be at least 1 (the observation divides the tick by it), got 0"),
    (["--settings", "{bad"], "--settings: invalid JSON: Expecting property name"),
    (["--settings", "[1]"], "--settings: match settings must be an object of setting names and values, got list"),
    (["--settings", '{"nope": 1}'], "--settings: unknown match settings ['nope']"),
    # numbers
    (["--matches", "0"], "--matches must be from 1 to 1,000,000, got 0"),
    (["--matches", "-3"], "--matches must be from 1 to 1,000,000, got -3"),
    (["--matches", "99999999999999"], "--matches must be from 1 to 1,000,000, got 99999999999999"),
    (["--envs", "0"], "--envs must be from 1 to 4,096, got 0"),
    (["--max-turns", "-1"], "--max-turns must be from 1 to 10,000,000, got -1"),
    (["--seed", "99999999999999999999999"],
     "--seed must be from 0 to 9,223,372,036,854,775,807, got 99999999999999999999999"),
    (["--seed", "-1"], "--seed must be from 0 to 9,223,372,036,854,775,807, got -1"),
    (["--c2", "Foo"], "--c2: unknown character 'Foo'"),
])
def test_bad_input_is_one_line_before_any_match(tmp_path, capsys, caplog, monkeypatch, argv, message):
    (tmp_path / "a_file").write_text("")
    before = sorted(tmp_path.rglob("*"))

    def no_match(*args, **kwargs):
        raise AssertionError("a match started")

    monkeypatch.setattr(play, "play_match", no_match)
    monkeypatch.setattr(play, "play_many", no_match)
    with caplog.at_level(logging.WARNING):
        rc, err = _run(capsys, [a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert rc == 2, err
    assert err.startswith("yomi play: error: " + message.replace("{tmp}", str(tmp_path))), err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert not caplog.records                             # no "engine error, match cut short" lines
    assert sorted(tmp_path.rglob("*")) == before          # nothing created


def test_help_names_the_human_mode(capsys):
    with pytest.raises(SystemExit) as info:
        yomi(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert info.value.code == 0
    assert "yomi play --human opens a page in the browser where you play a match yourself against an agent" in out
    assert "yomi play --human --help lists its options" in out


def test_a_trace_that_cannot_be_written_is_one_line_not_an_engine_error(tmp_path, capsys, caplog, monkeypatch):
    from integration.tracefile import TraceWriter

    def full_disk(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(TraceWriter, "tick", full_disk)
    out = tmp_path / "m.jsonl.gz"
    with caplog.at_level(logging.WARNING):
        rc, err = _run(capsys, ["--record", str(out), "--settings", SHORT])
    assert rc == 1 and err == f"yomi play: error: --record {out}: {os.strerror(errno.ENOSPC)}\n", err
    assert not caplog.records


def test_edges_of_the_ranges_play(tmp_path, capsys):
    rc, err = _run(capsys, ["--seed", str(play.MAX_SEED), "--max-turns", "1", "--settings", '{"game_length": 1}',
                            "--record", str(tmp_path / "m.jsonl.gz")])
    assert rc == 0 and (tmp_path / "m.jsonl.gz").exists(), err


def test_matches_give_the_score_interval_with_draws_as_half_a_win(capsys, monkeypatch):
    """``yomi play --matches`` and ``yomi tournament`` give the same interval for the same matches:
    the Wilson interval of the score, a draw counting half a win (integration/train/stats.py).
    5 wins, 2 draws and 3 losses score 6 of 10: by hand, with z = 1.95996,
    center (0.6 + z^2/20) / (1 + z^2/10) and half-width z/(1 + z^2/10) sqrt(0.024 + z^2/400),
    [0.31267, 0.83182]; the wins alone (5 of 10) would give [0.23659, 0.76341]."""
    from integration.train import evaluate

    monkeypatch.setattr(evaluate, "play", lambda *args, **kwargs: evaluate.Result(wins=5, losses=3, draws=2))
    res = play.play_many("random", "random", 10, envs=10)
    assert (res["wins"], res["draws"], res["losses"], res["score"]) == (5, 2, 3, 0.6)
    low, high = res["score_ci"]
    assert low == pytest.approx(0.31267, abs=1e-5) and high == pytest.approx(0.83182, abs=1e-5)
    assert yomi(["play", "--matches", "10", "--envs", "10"]) == 0
    out = capsys.readouterr().out
    assert "5 wins, 3 losses, 2 draws; win rate 0.500, score 0.600 (draws count half; 95% interval " \
           "[0.313, 0.832])" in out, out


def test_a_match_cut_short_closes_its_recording_and_the_next_match_is_not_written(tmp_path):
    """The env starts slot 0's next match after an engine error cut the first short (no end record):
    the recording closes as it stands, ending at the last tick before the error, and the next
    match's ticks, which start again at 0, are not appended to it."""
    from integration.engine import create_match
    from integration.tracefile import read_trace

    path = tmp_path / "cut.jsonl.gz"
    recorder = play.TraceRecorder(str(path), {"p1": "random", "p2": "random"})
    first = create_match("Ninja", "Ninja", 5, {}, engine="python")
    recorder.start(0, first, 5)
    for tick in range(3):
        recorder.tick(0, tick, first.state())
    second = create_match("Ninja", "Ninja", 6, {}, engine="python")
    recorder.start(0, second, 6)                      # the env's restart after the cut-short match
    recorder.tick(0, 0, second.state())                # tick 0 again: refused by a writer still open
    recorder.end(0, {"winner": 1})
    trace = read_trace(str(path))
    assert trace.header["seed"] == 5 and [t["tick"] for t in trace.ticks] == [0, 1, 2] and trace.end is None
