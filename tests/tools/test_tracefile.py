"""integration.tracefile: reading and writing yomi-trace/1 files, and its errors."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from support.data import trace_files
from integration.tracefile import (FORMAT, Trace, TraceError, TraceWriter, iter_records, output_file_problem,
                                   output_folder_problem, read_trace, write_trace)


def fighter(px: int, state: str = "Wait", st: int = 0, **extra) -> dict:
    f = {"state": state, "st": st, "px": px, "py": 0, "x": str(px), "y": "0", "vx": "0", "vy": "0",
         "facing": 1 if px < 0 else -1, "grounded": True, "hp": 1500, "res": {"momentum_stores": 0}}
    f.update(extra)
    return f


HEADER = {"game": "test", "p1": "Ninja", "p2": "Wizard", "seed": 7,
          "match_settings": {"stage_width": 800}, "start": {"tick": -1, "p1": fighter(-55, "Start", -1),
                                                            "p2": fighter(55, "Start", -1)}}
CHOICE = {"action": "Wait", "data": None, "extra": {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False,
                                                    "prediction": -1}}


def record(path, ticks=5, end=True, boxes=False):
    """A small match written with TraceWriter: a turn after ticks 0 and 3."""
    with TraceWriter(path, HEADER) as w:
        for t in range(ticks):
            state = {"p1": fighter(-55 + t), "p2": fighter(55 - t), "objects": []}
            if boxes:
                state["boxes"] = {"p1": [{"kind": "hurt", "x": -55 + t, "y": -16, "w": 14, "h": 16}], "p2": []}
            w.tick(t, state)
            if t in (0, 3):
                w.turn(t, CHOICE, CHOICE, legal={"p1": ["Wait"], "p2": ["Wait"]})
        if end:
            w.end({"winner": 0, "reason": "timeout", "p1_hp": 1500, "p2_hp": 1500, "turns": 2})
    return path


@pytest.mark.parametrize("name", ["m.jsonl", "m.jsonl.gz"])
def test_writer_reader_round_trip(tmp_path, name):
    path = record(tmp_path / name, boxes=True)
    trace = read_trace(path)
    assert trace.header == {"format": FORMAT, **HEADER}
    assert list(trace.header)[0] == "format"
    assert [t["tick"] for t in trace.ticks] == [0, 1, 2, 3, 4]
    assert [t["tick"] for t in trace.turns] == [0, 3]
    assert trace.turns[0]["legal"] == {"p1": ["Wait"], "p2": ["Wait"]}
    assert trace.ticks[2]["boxes"]["p1"][0]["x"] == -53          # optional keys pass through
    assert trace.end["tick"] == 4 and trace.end["reason"] == "timeout"
    assert trace.complete and trace.p1 == "Ninja" and trace.tick_index(3) == 3
    # file order: each turn right after the tick it was taken on
    kinds = [(r.get("t", "header"), r.get("tick")) for _, r in iter_records(path)]
    assert kinds[:5] == [("header", None), ("tick", 0), ("turn", 0), ("tick", 1), ("tick", 2)]
    assert kinds == [(r.get("t", "header"), r.get("tick")) for r in trace.records()]


def test_gzip_output_is_deterministic_and_compact(tmp_path):
    a = record(tmp_path / "a.jsonl.gz").read_bytes()
    b = record(tmp_path / "b.jsonl.gz").read_bytes()
    assert a == b                                                   # no timestamp in the gzip header
    lines = gzip.decompress(a).decode().splitlines()
    assert lines[1].startswith('{"t":"tick","tick":0,"p1":{"state":"Wait"')   # the Godot recorder's layout


def test_turn_without_legal_and_extra_keys(tmp_path):
    path = tmp_path / "t.jsonl"
    with TraceWriter(path, HEADER) as w:
        w.tick(0, {"p1": fighter(-1), "p2": fighter(1), "objects": []})
        w.turn(0, CHOICE, CHOICE, note="bot v2")
    trace = read_trace(path)
    assert "legal" not in trace.turns[0] and trace.turns[0]["note"] == "bot v2"
    assert trace.end is None and not trace.complete


def test_rewriting_a_godot_trace_gives_the_same_bytes(tmp_path):
    files = trace_files()
    source = min(files, key=lambda p: p.stat().st_size)
    trace = read_trace(source, require_end=True)
    out = tmp_path / "copy.jsonl.gz"
    write_trace(out, trace)
    assert gzip.decompress(out.read_bytes()) == gzip.decompress(source.read_bytes())


def test_writer_makes_no_folder_and_output_paths_are_checked_without_creating_anything(tmp_path):
    with pytest.raises(FileNotFoundError):
        TraceWriter(tmp_path / "missing" / "m.jsonl.gz", HEADER)
    (tmp_path / "a_file").write_text("")
    before = sorted(tmp_path.rglob("*"))
    assert output_file_problem(tmp_path / "m.jsonl.gz") is None
    assert output_file_problem(tmp_path) == "is a directory"
    assert output_file_problem(tmp_path / "missing" / "m.jsonl.gz") == \
        f"the folder {tmp_path / 'missing'} does not exist (create it first)"
    assert output_file_problem(tmp_path / "a_file" / "m.jsonl.gz") == f"{tmp_path / 'a_file'} is not a folder"
    assert output_file_problem(tmp_path / ("x" * 300)) == "File name too long"
    assert output_folder_problem(tmp_path / "new" / "deeper") is None      # made later, parents included
    assert output_folder_problem(tmp_path / "a_file") == "is not a folder"
    assert output_folder_problem(tmp_path / "a_file" / "sub") == f"{tmp_path / 'a_file'} is not a folder"
    if Path("/proc/self").is_dir():                                         # Linux: no files in /proc, even as root
        assert output_file_problem("/proc/x.jsonl.gz") == "cannot create files in /proc (No such file or directory)"
        assert output_folder_problem("/proc/nope").startswith("cannot create files in /proc")
    assert sorted(tmp_path.rglob("*")) == before                            # the checks created nothing


def test_writer_misuse(tmp_path):
    with pytest.raises(ValueError, match="p2"):
        TraceWriter(tmp_path / "x.jsonl", {"p1": "Ninja"})
    with pytest.raises(ValueError, match="format"):
        TraceWriter(tmp_path / "x.jsonl", {**HEADER, "format": "yomi-trace/9"})
    w = TraceWriter(tmp_path / "y.jsonl", HEADER)
    w.tick(3, {"p1": fighter(0), "p2": fighter(1)})
    with pytest.raises(ValueError, match="must increase"):
        w.tick(3, {"p1": fighter(0), "p2": fighter(1)})
    with pytest.raises(TypeError, match="not plain JSON"):
        w.tick(4, {"p1": fighter(0), "p2": fighter(1), "objects": [object()]})
    with pytest.raises(TypeError, match="int"):
        w.turn("5", CHOICE, CHOICE)
    w.end({"winner": 1, "reason": "ko"})
    with pytest.raises(ValueError, match="end line"):
        w.tick(9, {"p1": fighter(0), "p2": fighter(1)})
    w.close()
    w.close()                                                       # closing twice is harmless
    with pytest.raises(ValueError, match="closed"):
        w.turn(9, CHOICE, CHOICE)
    assert read_trace(tmp_path / "y.jsonl").end == {"t": "end", "tick": 3, "winner": 1, "reason": "ko"}


def test_crashed_recording_is_readable_without_end(tmp_path):
    path = tmp_path / "crash.jsonl.gz"
    with pytest.raises(RuntimeError):
        with TraceWriter(path, HEADER) as w:
            w.tick(0, {"p1": fighter(0), "p2": fighter(1), "objects": []})
            raise RuntimeError("engine crashed")
    trace = read_trace(path)
    assert len(trace.ticks) == 1 and trace.end is None
    with pytest.raises(TraceError, match="no end line"):
        read_trace(path, require_end=True)


# ---------------------------------------------------------------- errors name the file and the line

def _lines(*records) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records)


HEAD = {"format": FORMAT, "p1": "Ninja", "p2": "Cowboy", "seed": 1}
TICK = {"t": "tick", "tick": 0, "p1": {}, "p2": {}, "objects": []}


@pytest.mark.parametrize("content, line, message", [
    ("", None, "empty file"),
    (_lines({"t": "tick"}), 1, "not a trace header"),
    (_lines({**HEAD, "format": "yomi-trace/2"}), 1, "unsupported trace format"),
    (_lines({"format": FORMAT, "p1": "Ninja"}), 1, 'no character name "p2"'),
    (_lines(HEAD, TICK, '{"t":"tick","tick":1,'), 3, "not valid JSON"),
    (_lines(HEAD, "[1, 2]"), 2, "expected a JSON object"),
    (_lines(HEAD, {"t": "frame", "tick": 0}), 2, "unknown line kind 'frame'"),
    (_lines(HEAD, {"t": "tick", "p1": {}, "p2": {}}), 2, 'no integer "tick"'),
    (_lines(HEAD, {"t": "turn", "tick": 0, "p1": {}}), 2, 'has no "p2" object'),
    (_lines(HEAD, TICK, TICK), 3, "ticks must increase"),
    (_lines(HEAD, TICK, {"t": "end", "tick": 0}, {**TICK, "tick": 1}), 4, "after the end line"),
])
def test_corrupt_files(tmp_path, content, line, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(TraceError, match=message) as info:
        read_trace(path)
    assert info.value.line == line
    assert str(info.value).startswith(f"{path}:{line}:" if line else f"{path}:")


def test_missing_and_truncated_files(tmp_path):
    with pytest.raises(TraceError, match="no such file") as info:
        read_trace(tmp_path / "nope.jsonl.gz")
    assert str(tmp_path / "nope.jsonl.gz") in str(info.value)
    good = record(tmp_path / "good.jsonl.gz", ticks=200).read_bytes()
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(good[: len(good) // 2])
    with pytest.raises(TraceError, match="corrupt or truncated gzip") as info:
        read_trace(cut)
    assert info.value.line is not None and info.value.line > 1
    junk = tmp_path / "junk.jsonl.gz"
    junk.write_bytes(b"\x1f\x8b" + b"\x00" * 40)
    with pytest.raises(TraceError, match="gzip"):
        read_trace(junk)
    # compression is detected from the bytes, not the name
    plain_named_gz = tmp_path / "plain.jsonl.gz"
    plain_named_gz.write_text(_lines(HEAD, TICK))
    assert len(read_trace(plain_named_gz).ticks) == 1


def test_trace_records_puts_turns_after_their_tick():
    trace = Trace(header=dict(HEAD), ticks=[{**TICK, "tick": t} for t in range(3)],
                  turns=[{"t": "turn", "tick": 1, "p1": {}, "p2": {}}], end={"t": "end", "tick": 2})
    order = [(r.get("t", "h"), r.get("tick")) for r in trace.records()]
    assert order == [("h", None), ("tick", 0), ("tick", 1), ("turn", 1), ("tick", 2), ("end", 2)]
