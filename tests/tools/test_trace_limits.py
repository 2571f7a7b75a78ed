"""Hostile traces: `yomi parity trace` and `yomi watch` read them with one reader
(integration/tracefile.py), so both refuse the same files with the same one line, within bounded
memory and time; and the watch page stays small for a long match."""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from integration.tools.cli import main
from integration.tracefile import FORMAT, Limits, TraceError, read_trace
from support.data import REPO
from integration.tools.watch.page import build_page, extract_data

HEAD = {"format": FORMAT, "p1": "Ninja", "p2": "Ninja", "seed": 1}


def _lines(*records) -> bytes:
    return b"".join((r if isinstance(r, bytes) else json.dumps(r).encode()) + b"\n" for r in records)


def _tick(t: int, **extra) -> dict:
    return {"t": "tick", "tick": t, "p1": {"px": t, **extra}, "p2": {"px": -t}, "objects": []}


def _gzip_repeated(path: Path, head: bytes, unit: bytes, total: int) -> Path:
    """A gzip file of `head` then `total` bytes of `unit`, made in milliseconds: one 16 MB member
    compressed once and repeated (a gzip file may hold any number of members)."""
    block = unit * ((16 << 20) // len(unit))
    member = gzip.compress(block, compresslevel=9, mtime=0)
    with open(path, "wb") as f:
        f.write(gzip.compress(head, mtime=0))
        for _ in range(total // len(block)):
            f.write(member)
    return path


# Each case: the file's bytes (or a maker), and the message both tools print.
CASES = {
    "header_only": (_lines(HEAD), "no tick lines"),
    "header_and_end_only": (_lines(HEAD, {"t": "end", "tick": 0, "winner": 0}), "no tick lines"),
    "deep_nesting": (_lines(HEAD, b'{"t":"tick","tick":0,"p1":{},"p2":{},"x":' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
                     "JSON nested too deeply"),
    "5000_digit_number": (_lines(HEAD, b'{"t":"tick","tick":' + b"7" * 5000 + b',"p1":{},"p2":{}}'), "unusable number"),
    "5000_digit_field": (_lines(HEAD, b'{"t":"tick","tick":0,"p1":{"hp":' + b"9" * 5000 + b'},"p2":{}}'),
                         "unusable number"),
    "nan": (_lines(HEAD, b'{"t":"tick","tick":0,"p1":{"hp":NaN},"p2":{}}'), "unusable number"),
    "huge_float": (_lines(HEAD, b'{"t":"tick","tick":0,"p1":{"x":1e999},"p2":{}}'), "unusable number"),
    "unknown_character": (_lines({**HEAD, "p2": "<b>Goku</b>"}, _tick(0)), "not a character"),
    "no_seed": (_lines({k: v for k, v in HEAD.items() if k != "seed"}, _tick(0)), 'no integer "seed"'),
    "not_utf8": (_lines(HEAD, b'{"t":"tick","tick":0,"p1":{"s":"\xff"},"p2":{}}'), "not UTF-8"),
    "ticks_backwards": (_lines(HEAD, _tick(1), _tick(0)), "ticks must increase"),
    "too_many_objects_in_a_tick": (_lines(HEAD, {**_tick(0), "objects": [{}] * 5000}), 'more than 4,096 "objects"'),
}


def _run_tool(tool: str, path: Path, capsys, *flags) -> tuple[int, str]:
    argv = ["parity", "trace", str(path), *flags] if tool == "parity" else ["watch", str(path), "--no-open",
                                                                               "--out", str(path) + ".html", *flags]
    rc = main(argv)
    captured = capsys.readouterr()
    return rc, captured.out + captured.err


@pytest.mark.parametrize("tool", ["parity", "watch"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_trace_is_one_clear_line_in_both_tools(tmp_path, capsys, tool, case):
    content, message = CASES[case]
    path = tmp_path / f"{case}.jsonl"
    path.write_bytes(content)
    rc, out = _run_tool(tool, path, capsys)
    assert rc == 2, out
    assert message in out and "Traceback" not in out, out
    if tool == "parity":
        assert "traces identical" not in out or "0/1 traces identical" in out


@pytest.mark.parametrize("tool", ["parity", "watch"])
def test_gzip_is_told_by_its_bytes_in_both_tools(tmp_path, capsys, tool):
    """A gzip file named .jsonl and a plain file named .jsonl.gz are read alike by both tools:
    both refuse the same header-only trace with the reader's message, not a name-based guess."""
    header_only = _lines(HEAD)
    (tmp_path / "gz_named_plain.jsonl").write_bytes(gzip.compress(header_only))
    (tmp_path / "plain_named_gz.jsonl.gz").write_bytes(header_only)
    for name in ("gz_named_plain.jsonl", "plain_named_gz.jsonl.gz"):
        rc, out = _run_tool(tool, tmp_path / name, capsys)
        assert rc == 2 and "no tick lines" in out, out


@pytest.mark.parametrize("tool", ["parity", "watch"])
def test_size_and_line_limits_have_flags(tmp_path, capsys, tool):
    """A 300 KB line is refused under a 0.25 MB line limit and read when the flag raises it;
    the same for the decompressed size and the number of lines."""
    long_line = _tick(0, note="x" * 300_000)
    path = tmp_path / "long.jsonl"
    path.write_bytes(_lines(HEAD, long_line, _tick(1), _tick(2)))
    rc, out = _run_tool(tool, path, capsys, "--max-line-mb", "0.25")
    assert rc == 2 and "a line longer than 0.25 MB (--max-line-mb raises the limit)" in out, out
    rc, out = _run_tool(tool, path, capsys, "--max-trace-mb", "0.1")
    assert rc == 2 and "larger than 0.1 MB decompressed (--max-trace-mb raises the limit)" in out, out
    rc, out = _run_tool(tool, path, capsys, "--max-lines", "3")
    assert rc == 2 and "more than 3 lines (--max-lines raises the limit)" in out, out
    rc, out = _run_tool(tool, path, capsys, "--max-line-mb", "1", "--max-lines", "4")
    assert rc != 2, out  # read: parity replays it (and finds it differs from the game), watch draws it


# The peak memory is VmHWM, this process's own high-water mark: ru_maxrss would also count the
# pytest parent's pages the child had between fork and exec.  How far the reader got is the bytes
# gzip decompressed for it (counted around GzipFile.read1, which the reader reads through).
BOMB_CHILD = """
import gzip, sys
from integration.tracefile import TraceError, read_trace
decompressed = 0
read1 = gzip.GzipFile.read1
def counted(self, size=-1):
    global decompressed
    chunk = read1(self, size)
    decompressed += len(chunk)
    return chunk
gzip.GzipFile.read1 = counted
try:
    read_trace(sys.argv[1])
except TraceError as exc:
    print("refused:", exc)
print("decompressed_mb", decompressed / (1 << 20))
with open("/proc/self/status") as status:
    kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print("maxrss_mb", kb / 1024)
"""


# a turn line of 250,000 empty objects (750 KB): within every size limit, 85 million dicts in 256 MB
MANY_OBJECTS = b'{"t":"turn","tick":0,"p1":{"x":[' + b"{}," * 250_000 + b'{}]},"p2":{}}\n'


@pytest.mark.parametrize("unit, message", [(b"\0", "a line longer than 16 MB"),
                                           (b"\n", "more than 5,000,000 lines"),
                                           (MANY_OBJECTS, "more than 2,000,000 JSON objects and arrays"),
                                           (b" " * ((1 << 20) - 1) + b"\n", "larger than 256 MB decompressed")])
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="peak memory is read from /proc (Linux)")
def test_gzip_bombs_stop_at_the_limit_quickly(tmp_path, unit, message):
    """1 GB of zeros (no newline), of newlines, or of 1 MB blank lines, each about 1 MB
    compressed: refused with the default limits as soon as one is passed, having decompressed no
    more than the largest of them (256 MB) and a read's chunk, in well under 300 MB of memory
    (measured in a child process)."""
    bomb = _gzip_repeated(tmp_path / "bomb.jsonl.gz", _lines(HEAD), unit, 1 << 30)
    assert bomb.stat().st_size < 2 << 20
    proc = subprocess.run([sys.executable, "-c", BOMB_CHILD, str(bomb)], capture_output=True, text=True,
                          cwd=REPO, timeout=300)
    out = dict(line.split(" ", 1) for line in proc.stdout.splitlines())
    assert message in out.get("refused:", ""), proc.stdout + proc.stderr
    assert 4 < float(out["decompressed_mb"]) <= 256 + 1, out   # read up to a limit, of the 1,024 MB held
    assert float(out["maxrss_mb"]) < 300, out       # the interpreter and numpy alone take ~50 MB


def test_reader_limits_directly(tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_bytes(_lines(HEAD, _tick(0), b"", b"   ", _tick(1)))
    assert [t["tick"] for t in read_trace(path).ticks] == [0, 1]
    with pytest.raises(TraceError, match="more than 4 lines") as info:  # blank lines count
        read_trace(path, limits=Limits(max_lines=4))
    assert info.value.line == 5


def test_watch_page_grows_with_changes_not_length(tmp_path):
    """60,000 ticks where one fighter walks: the page is a few MB (the embedded trace was
    ~2.2 KB a tick before ticks were delta-encoded), and decodes back to the exact ticks."""
    path = tmp_path / "long.jsonl.gz"
    fighter = {"state": "Wait", "st": 0, "px": 0, "py": 0, "x": "0", "y": "0", "hp": 1500, "facing": 1,
               "res": {"momentum_stores": 0}, "di": {"x": "0", "y": "0"}}
    with gzip.open(path, "wt") as f:
        f.write(json.dumps({**HEAD, "p2": "Robot"}) + "\n")
        for t in range(60_000):
            p1 = dict(fighter, st=t % 40, px=t // 30, x=str(t // 30))
            p2 = dict(fighter, px=100, x="100", facing=-1)
            f.write(json.dumps({"t": "tick", "tick": t, "p1": p1, "p2": p2, "objects": []}) + "\n")
            if t % 40 == 0:
                f.write(json.dumps({"t": "turn", "tick": t, "p1": {"action": "Walk", "data": None, "extra": {}},
                                    "p2": {"action": "Wait", "data": None, "extra": {}}}) + "\n")
    trace = read_trace(path)
    page = build_page(trace)
    per_tick = len(page) / len(trace.ticks)
    assert per_tick < 400, per_tick
    assert extract_data(page)["runs"][0]["ticks"] == trace.ticks


_VALUES = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                                 st.sampled_from(["tick", "turn", "end", "Ninja", "p1"]), st.text(max_size=3)),
                       lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(
                           st.sampled_from(["t", "tick", "p1", "p2", "objects", "winner", "legal", "x"]), inner,
                           max_size=5)), max_leaves=25)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(_VALUES, st.binary(max_size=20)), max_size=6))
def test_trace_fuzz(tmp_path, records):
    """Any lines after a valid header: read_trace returns a trace or raises one TraceError."""
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(_lines(HEAD, *records))
    try:
        read_trace(path)
    except TraceError:
        pass
