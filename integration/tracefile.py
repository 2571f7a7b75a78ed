"""Read and write match traces in the ``yomi-trace/1`` format.

A trace is one JSON object per line (``.jsonl``, or gzip-compressed ``.jsonl.gz``;
compression is detected from the file's first bytes, not its name):

1. a **header** ``{"format": "yomi-trace/1", "p1": ..., "p2": ..., "seed": ...,
   "match_settings": {...}, "start": {"tick": -1, "p1": {fighter}, "p2": {fighter}}, ...}``;
2. **turn** lines ``{"t": "turn", "tick": N, "p1": {"action", "data", "extra"}, "p2": {...},
   "legal": {"p1": [...], "p2": [...]}}`` (``legal`` is optional), written when both players
   have locked in, i.e. after the ``tick`` line of tick N;
3. **tick** lines ``{"t": "tick", "tick": N, "p1": {fighter}, "p2": {fighter}, "objects": [...]}``,
   one per simulated tick, ticks strictly increasing;
4. an **end** line ``{"t": "end", "tick": N, "winner": ..., "reason": ..., ...}``.

The fields are described in ``tests/data/parity/README.md``.  Traces recorded by the
real game (Godot) and by our engine, ``yomi play`` and the trainer share this
format byte for byte: :class:`TraceWriter` writes compact JSON in the same key
order, so reading a Godot trace and writing it back gives the same bytes.

Optional keys beyond the Godot format are allowed on any line and passed through
untouched by the reader.  The one the viewer understands today:

* ``boxes`` on a tick line: the exact boxes our engine used that tick, as
  ``{"p1": [box, ...], "p2": [box, ...], "objects": {obj_name: [box, ...]}}`` where a
  box is ``{"kind": "hurt"|"collision"|"hit"|"throw"|"limb"|..., "x": cx, "y": cy,
  "w": half_width, "h": half_height}`` in world pixels (centre and half-extents, as
  the game's AABBs; y grows downward), optionally with ``"name"``.
"""
from __future__ import annotations

import gzip
import io
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

FORMAT = "yomi-trace/1"
RECORD_KINDS = ("turn", "tick", "end")
_GZIP_MAGIC = b"\x1f\x8b"


class TraceError(ValueError):
    """A trace file is missing, unreadable, corrupt or not in the ``yomi-trace/1`` format."""

    def __init__(self, path: str | Path | None, line: int | None, message: str):
        self.path = None if path is None else str(path)
        self.line = line
        self.message = message
        where = self.path or "<trace>"
        if line is not None:
            where = f"{where}:{line}"
        super().__init__(f"{where}: {message}")


@dataclass
class Trace:
    """A whole trace in memory: the header, the turn and tick lines in order, and the end line."""

    header: dict
    turns: list[dict] = field(default_factory=list)
    ticks: list[dict] = field(default_factory=list)
    end: dict | None = None
    path: Path | None = None

    @property
    def p1(self) -> str:
        return self.header.get("p1", "?")

    @property
    def p2(self) -> str:
        return self.header.get("p2", "?")

    @property
    def complete(self) -> bool:
        """True when the trace has its end line (a recording that stopped early has none)."""
        return self.end is not None

    def tick_index(self, tick: int) -> int | None:
        """Index in ``ticks`` of the line for game tick ``tick`` (None when not recorded)."""
        index = getattr(self, "_index", None)
        if index is None or len(index) != len(self.ticks):
            index = {rec["tick"]: i for i, rec in enumerate(self.ticks)}
            self._index = index
        return index.get(tick)

    def records(self) -> Iterator[dict]:
        """Every line in file order: header, ticks with each turn after the tick it was taken on, end."""
        yield self.header
        turns = sorted(self.turns, key=lambda t: t["tick"])  # stable: keeps the order of equal ticks
        k = 0
        for rec in self.ticks:
            while k < len(turns) and turns[k]["tick"] < rec["tick"]:
                yield turns[k]
                k += 1
            yield rec
            while k < len(turns) and turns[k]["tick"] == rec["tick"]:
                yield turns[k]
                k += 1
        yield from turns[k:]
        if self.end is not None:
            yield self.end


# --------------------------------------------------------------------------- reading

def _open_text(path: Path):
    """Open a trace for reading as text, decompressing when the file starts with the gzip magic."""
    if not path.exists():
        raise TraceError(path, None, "no such file")
    if not path.is_file():
        raise TraceError(path, None, "not a regular file")
    try:
        with open(path, "rb") as raw:
            magic = raw.read(2)
        if magic == _GZIP_MAGIC:
            return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8")
        return open(path, "r", encoding="utf-8")
    except OSError as exc:
        raise TraceError(path, None, f"cannot open ({exc.strerror or exc})") from None


def _check_record(path: Path, number: int, rec: Any, first: bool) -> None:
    if not isinstance(rec, dict):
        raise TraceError(path, number, f"expected a JSON object, got {type(rec).__name__}")
    if first:
        fmt = rec.get("format")
        if fmt is None:
            raise TraceError(path, number, f'first line is not a trace header (no "format"; expected "{FORMAT}")')
        if fmt != FORMAT:
            raise TraceError(path, number, f"unsupported trace format {fmt!r} (this reader knows {FORMAT!r})")
        for key in ("p1", "p2"):
            if not isinstance(rec.get(key), str):
                raise TraceError(path, number, f'header has no character name "{key}"')
        return
    kind = rec.get("t")
    if kind not in RECORD_KINDS:
        raise TraceError(path, number, f'unknown line kind {kind!r} (expected "t" to be one of {", ".join(RECORD_KINDS)})')
    tick = rec.get("tick")
    if not isinstance(tick, int) or isinstance(tick, bool):
        raise TraceError(path, number, f'{kind} line has no integer "tick"')
    if kind in ("turn", "tick"):
        for key in ("p1", "p2"):
            if not isinstance(rec.get(key), dict):
                raise TraceError(path, number, f'{kind} line for tick {tick} has no "{key}" object')
    if kind == "tick" and not isinstance(rec.get("objects", []), list):
        raise TraceError(path, number, f'tick line {tick}: "objects" is not a list')


def iter_records(path: str | Path) -> Iterator[tuple[int, dict]]:
    """Yield ``(line number, record)`` for each line, the header first, checking the format as it goes.

    Streams the file (a parity tool can compare tick by tick without holding the trace).
    Raises :class:`TraceError` naming the file and line on anything malformed.
    """
    path = Path(path)
    number = 0
    first = True
    ended_at = None
    last_tick = None
    with _open_text(path) as handle:
        try:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise TraceError(path, number, f"not valid JSON ({exc.msg} at column {exc.colno})") from None
                _check_record(path, number, rec, first)
                if not first:
                    if ended_at is not None:
                        raise TraceError(path, number, f"line after the end line (line {ended_at})")
                    if rec["t"] == "end":
                        ended_at = number
                    elif rec["t"] == "tick":
                        if last_tick is not None and rec["tick"] <= last_tick:
                            raise TraceError(path, number, f"tick {rec['tick']} after tick {last_tick}: ticks must increase")
                        last_tick = rec["tick"]
                first = False
                yield number, rec
        except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
            raise TraceError(path, number + 1, f"corrupt or truncated gzip data ({exc})") from None
        except UnicodeDecodeError as exc:
            raise TraceError(path, number + 1, f"not UTF-8 text ({exc.reason})") from None
        except OSError as exc:
            raise TraceError(path, number + 1, f"cannot read ({exc})") from None
    if first:
        raise TraceError(path, None, f"empty file (expected a {FORMAT} header line)")


def read_trace(path: str | Path, *, require_end: bool = False) -> Trace:
    """Read a whole trace.  A trace without its end line (a recording cut short) is accepted
    with ``end = None`` unless ``require_end``."""
    path = Path(path)
    records = iter_records(path)
    _, header = next(records)
    trace = Trace(header=header, path=path)
    for _, rec in records:
        kind = rec["t"]
        if kind == "tick":
            trace.ticks.append(rec)
        elif kind == "turn":
            trace.turns.append(rec)
        else:
            trace.end = rec
    if require_end and trace.end is None:
        raise TraceError(path, None, "no end line (the recording stopped early)")
    return trace


def load(source: str | Path | Trace) -> Trace:
    """A :class:`Trace` from a path, or the trace itself."""
    return source if isinstance(source, Trace) else read_trace(source)


# --------------------------------------------------------------------------- writing

def dumps_record(rec: dict) -> str:
    """One trace line, exactly as the Godot recorder writes it (compact JSON, keys in insertion order)."""
    return json.dumps(rec, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class TraceWriter:
    """Record a match line by line in the ``yomi-trace/1`` format.

    ::

        with TraceWriter("runs/m.jsonl.gz", {"p1": "Ninja", "p2": "Wizard", "seed": 1,
                                            "match_settings": settings, "start": start}) as w:
            w.tick(0, state)                       # {"p1": {...}, "p2": {...}, "objects": [...]}
            w.turn(0, p1_choice, p2_choice, legal={"p1": [...], "p2": [...]})
            ...
            w.end({"winner": 1, "reason": "ko", "p1_hp": 292, "p2_hp": 0, ...})

    A path ending in ``.gz`` is gzip-compressed (with a zero timestamp, so the same
    match gives the same bytes).  Lines are written as they come; a writer closed
    without ``end`` (a crash, an interrupted run) leaves a trace without its end
    line, which :func:`read_trace` accepts.  Optional keys in the dicts (e.g.
    ``boxes`` in a tick's state) are written as given.
    """

    def __init__(self, path: str | Path, header: dict, *, compress: bool | None = None):
        if not isinstance(header, dict):
            raise TypeError("TraceWriter: header must be a dict")
        if header.get("format", FORMAT) != FORMAT:
            raise ValueError(f"TraceWriter: header format {header['format']!r} is not {FORMAT!r}")
        for key in ("p1", "p2"):
            if not isinstance(header.get(key), str):
                raise ValueError(f'TraceWriter: header needs the character name "{key}"')
        self.path = Path(path)
        self.compress = self.path.name.endswith(".gz") if compress is None else compress
        self.turns_written = 0
        self.ticks_written = 0
        self.last_tick: int | None = None
        self.ended = False
        self.path.parent.mkdir(parents=True, exist_ok=True)
        raw = open(self.path, "wb")
        if self.compress:
            gz = gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0)
            self._raw = raw
            self._out = io.TextIOWrapper(gz, encoding="utf-8", newline="\n")
        else:
            self._raw = None
            self._out = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")
        self._write({"format": FORMAT, **{k: v for k, v in header.items() if k != "format"}}, "header")

    # -- the four kinds of line

    def turn(self, tick: int, p1: dict, p2: dict, legal: dict | None = None, **extra: Any) -> None:
        """Both players' choices taken at ``tick`` (they act from tick+1): ``{"action", "data", "extra"}`` each."""
        self._check_open()
        _check_tick(tick)
        rec = {"t": "turn", "tick": tick, "p1": p1, "p2": p2}
        if legal is not None:
            rec["legal"] = legal
        rec.update(extra)
        self._write(rec, f"turn at tick {tick}")
        self.turns_written += 1

    def tick(self, tick: int, state: dict) -> None:
        """The state after simulating ``tick``: ``{"p1": {fighter}, "p2": {fighter}, "objects": [...], ...}``."""
        self._check_open()
        _check_tick(tick)
        if self.last_tick is not None and tick <= self.last_tick:
            raise ValueError(f"TraceWriter: tick {tick} after tick {self.last_tick}: ticks must increase")
        if state.get("tick", tick) != tick:
            raise ValueError(f"TraceWriter: state says tick {state['tick']}, written as tick {tick}")
        rec = {"t": "tick", "tick": tick}
        rec.update((k, v) for k, v in state.items() if k not in ("t", "tick"))
        self._write(rec, f"tick {tick}")
        self.ticks_written += 1
        self.last_tick = tick

    def end(self, info: dict) -> None:
        """The end line: ``winner``, ``reason``, hp, turns, ...; ``tick`` defaults to the last tick written."""
        self._check_open()
        tick = info.get("tick", self.last_tick if self.last_tick is not None else -1)
        _check_tick(tick)
        rec = {"t": "end", "tick": tick}
        rec.update((k, v) for k, v in info.items() if k not in ("t", "tick"))
        self._write(rec, "end")
        self.ended = True

    # -- lifetime

    def close(self) -> None:
        if self._out is None:
            return
        out, self._out = self._out, None
        out.close()
        if self._raw is not None:
            self._raw.close()

    @property
    def closed(self) -> bool:
        return self._out is None

    def __enter__(self) -> "TraceWriter":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._out is None:
            raise ValueError(f"TraceWriter: {self.path} is closed")
        if self.ended:
            raise ValueError(f"TraceWriter: {self.path} already has its end line")

    def _write(self, rec: dict, what: str) -> None:
        try:
            line = dumps_record(rec)
        except (TypeError, ValueError) as exc:
            raise TypeError(f"TraceWriter: {what} is not plain JSON ({exc})") from None
        self._out.write(line)
        self._out.write("\n")


def _check_tick(tick: Any) -> None:
    if not isinstance(tick, int) or isinstance(tick, bool):
        raise TypeError(f"TraceWriter: tick must be an int, got {tick!r}")


def write_trace(path: str | Path, trace: Trace) -> None:
    """Write a whole :class:`Trace` (e.g. an edited copy) with :class:`TraceWriter`."""
    with TraceWriter(path, trace.header) as writer:
        for rec in trace.records():
            if rec is trace.header:
                continue
            body = {k: v for k, v in rec.items() if k not in ("t", "tick")}
            if rec["t"] == "tick":
                writer.tick(rec["tick"], body)
            elif rec["t"] == "turn":
                p1, p2 = body.pop("p1"), body.pop("p2")
                legal = body.pop("legal", None)
                writer.turn(rec["tick"], p1, p2, legal, **body)
            else:
                writer.end({"tick": rec["tick"], **body})
