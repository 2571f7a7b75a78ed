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

Every tool reads traces through :func:`iter_records` / :func:`read_trace`, with bounded memory
and time (:class:`Limits`): a malformed or oversized trace is one :class:`TraceError` naming the
file and line, and a trace needs at least one tick line.

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

import functools
import gzip
import io
import json
import os
import tempfile
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
#
# One reader for every tool (yomi parity, yomi watch, the tests): a trace is untrusted input, so
# it is read with bounded memory and time.  The file is decompressed in chunks (never more than
# one chunk and one line in memory beyond the records kept), and reading stops with a TraceError
# at the first limit passed: the decompressed size, one line's length, the number of lines.

CHUNK = 1 << 16
# Objects on the stage in one tick: the game has tens at once; the C engine's pool grows past its
# 32 inline slots, and a thousand is far past any match
MAX_OBJECTS_PER_TICK = 4096


@dataclass(frozen=True)
class Limits:
    """What a trace may take.  The defaults hold very long matches with room to spare (a Godot
    recording is about 1.9 KB a tick decompressed: 60,000 ticks are about 115 MB and 62,000
    lines) while keeping the parsed trace within a few GB; the tools raise them with
    ``--max-trace-mb``, ``--max-line-mb`` and ``--max-lines``."""

    max_bytes: int = 256 << 20        # decompressed size
    max_line_bytes: int = 16 << 20    # one line
    max_lines: int = 5_000_000        # blank lines included: a flood of newlines stops here
    # JSON objects and arrays in the whole trace (counted from the brackets of each line before it
    # is parsed, so brackets inside strings count too): what parsing allocates grows with them, not
    # with the bytes, and 256 MB of "{}," would be 85 million dicts.  A Godot recording holds about
    # 11 a tick: 2 million is a 180,000-tick match.
    max_objects: int = 2_000_000


DEFAULT_LIMITS = Limits()


def add_limit_arguments(parser) -> None:
    """The flags that raise :class:`Limits` on a tool's command line."""
    d = DEFAULT_LIMITS
    parser.add_argument("--max-trace-mb", type=float, default=d.max_bytes / 2**20, metavar="MB",
                        help=f"refuse a trace larger than this once decompressed (default {d.max_bytes >> 20})")
    parser.add_argument("--max-line-mb", type=float, default=d.max_line_bytes / 2**20, metavar="MB",
                        help=f"refuse a trace with a longer line (default {d.max_line_bytes >> 20})")
    parser.add_argument("--max-lines", type=int, default=d.max_lines, metavar="N",
                        help=f"refuse a trace with more lines (default {d.max_lines:,})")
    parser.add_argument("--max-objects", type=int, default=d.max_objects, metavar="N",
                        help=f"refuse a trace with more JSON objects and arrays (default {d.max_objects:,})")


MAX_LIMIT_MB = 1 << 20  # --max-trace-mb and --max-line-mb: a terabyte, past any machine's memory for a trace


def limits_from(args, error=None) -> Limits:
    """The Limits of a tool's flags: finite numbers of megabytes above 0 and at most a terabyte,
    lines at least 1; anything else is ``error(message)`` (the parser's error: exit 2, one
    line), or a ValueError where no `error` is given."""
    from .options import fail, range_problem

    for option, value, low, high in (("--max-trace-mb", args.max_trace_mb, 0, MAX_LIMIT_MB),
                                     ("--max-line-mb", args.max_line_mb, 0, MAX_LIMIT_MB),
                                     ("--max-lines", args.max_lines, 1, 1 << 40),
                                     ("--max-objects", getattr(args, "max_objects", 1), 1, 1 << 40)):
        problem = range_problem(option, value, low, high) or (f"{option} must be above 0" if value <= 0 else None)
        if problem:
            if error is None:
                raise ValueError(problem)
            fail(error, problem)
    return Limits(max(1, round(args.max_trace_mb * 2**20)), max(1, round(args.max_line_mb * 2**20)),
                  int(args.max_lines), int(getattr(args, "max_objects", DEFAULT_LIMITS.max_objects)))


def _mb(n: int) -> str:
    return f"{n / 2**20:.4g} MB"


def _open_binary(path: Path):
    """The file's bytes, decompressed when it starts with the gzip magic (its name is not consulted)."""
    from .safefile import UnsafeFileError, open_input

    if not path.exists():
        raise TraceError(path, None, "no such file")
    try:  # a regular file only (a FIFO or a device is refused without blocking); Limits bound the reading
        raw = open_input(path, MAX_RAW_BYTES, "trace")
    except UnsafeFileError:
        raise TraceError(path, None, "not a regular file") from None
    except OSError as exc:
        raise TraceError(path, None, f"cannot open ({exc.strerror or exc})") from None
    try:
        magic = raw.read(2)
        raw.seek(0)
    except OSError as exc:
        raw.close()
        raise TraceError(path, None, f"cannot read ({exc.strerror or exc})") from None
    if magic != _GZIP_MAGIC:
        return raw
    stream = gzip.GzipFile(fileobj=raw, mode="rb")
    stream.myfileobj = raw  # GzipFile closes the file it was given only through this attribute
    return stream


# The reader's bound on a file's own size is the decompressed one (Limits.max_bytes), which it
# enforces as it reads; this only keeps open_input's size check out of the way.
MAX_RAW_BYTES = 1 << 62


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number a trace may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"number {text[:40]} is out of range")
    return value


def parse_line(path, number: int, line: bytes):
    """One line's JSON value, or a TraceError of one line: not UTF-8, not JSON, nested too
    deeply, a number too long (Python's 4,300-digit limit) or not finite."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TraceError(path, number, f"not UTF-8 text ({exc.reason})") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise TraceError(path, number, f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise TraceError(path, number, "JSON nested too deeply") from None
    except ValueError as exc:  # an int over 4,300 digits, NaN, Infinity, 1e999
        raise TraceError(path, number, f"unusable number ({str(exc)[:120]})") from None


def iter_lines(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> Iterator[tuple[int, bytes]]:
    """``(line number, bytes)`` of each non-blank line, within ``limits`` (TraceError beyond them)."""
    path = Path(path)
    number = 0
    too_long = f"a line longer than {_mb(limits.max_line_bytes)} (--max-line-mb raises the limit)"
    too_many = f"more than {limits.max_lines:,} lines (--max-lines raises the limit)"
    with _open_binary(path) as stream:
        total = 0
        pieces: list[bytes] = []  # the line read so far, joined once its end is found (no quadratic copy)
        held = 0
        try:
            while True:
                chunk = stream.read1(CHUNK)
                total += len(chunk)
                if total > limits.max_bytes:
                    raise TraceError(path, number + 1, f"larger than {_mb(limits.max_bytes)} decompressed "
                                                       f"(--max-trace-mb raises the limit)")
                if not chunk:
                    break
                cut = chunk.find(b"\n")
                if cut < 0:
                    pieces.append(chunk)
                    held += len(chunk)
                    if held > limits.max_line_bytes:
                        raise TraceError(path, number + 1, too_long)
                    continue
                parts = chunk[cut + 1:].split(b"\n")
                parts[:0] = [b"".join(pieces) + chunk[:cut]]
                tail = parts.pop()
                pieces, held = [tail], len(tail)
                if number + len(parts) > limits.max_lines:
                    raise TraceError(path, limits.max_lines + 1, too_many)
                for part in parts:
                    number += 1
                    if len(part) > limits.max_line_bytes:
                        raise TraceError(path, number, too_long)
                    if part.strip():
                        yield number, part
                if held > limits.max_line_bytes:
                    raise TraceError(path, number + 1, too_long)
        except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
            raise TraceError(path, number + 1, f"corrupt or truncated gzip data ({exc})") from None
        except OSError as exc:
            raise TraceError(path, number + 1, f"cannot read ({exc})") from None
        last = b"".join(pieces)
        if last.strip():
            if number + 1 > limits.max_lines:
                raise TraceError(path, number + 1, too_many)
            yield number + 1, last


def iter_json_lines(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> Iterator[tuple[int, Any]]:
    """``(line number, value)`` of each non-blank line of a JSON-lines file (plain or gzip),
    within ``limits``; TraceError on anything unreadable."""
    objects = 0
    for number, line in iter_lines(path, limits):
        objects += line.count(b"{") + line.count(b"[")
        if objects > limits.max_objects:
            raise TraceError(path, number, f"more than {limits.max_objects:,} JSON objects and arrays "
                                           f"(--max-objects raises the limit)")
        yield number, parse_line(path, number, line)


@functools.lru_cache(maxsize=None)
def _characters() -> tuple[str, ...]:
    """The names a trace's header gives the characters: the engine's (a module in ``states/``)."""
    from integration.engine import characters

    return characters()


def _check_record(path: Path, number: int, rec: Any, first: bool) -> None:
    if not isinstance(rec, dict):
        raise TraceError(path, number, f"expected a JSON object, got {type(rec).__name__}")
    if first:
        fmt = rec.get("format")
        if fmt is None:
            raise TraceError(path, number, f'first line is not a trace header (no "format"; expected "{FORMAT}")')
        if fmt != FORMAT:
            raise TraceError(path, number, f"unsupported trace format {_short(fmt)} (this reader knows {FORMAT!r})")
        for key in ("p1", "p2"):
            if not isinstance(rec.get(key), str):
                raise TraceError(path, number, f'header has no character name "{key}"')
            names = _characters()
            if rec[key] not in names:
                raise TraceError(path, number, f"header {key} is {_short(rec[key])}, not a character "
                                               f"({', '.join(names)})")
        seed = rec.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TraceError(path, number, 'header has no integer "seed"')
        _check_settings(path, number, rec.get("match_settings", {}))
        return
    kind = rec.get("t")
    if kind not in RECORD_KINDS:
        raise TraceError(path, number, f'unknown line kind {_short(kind)} (expected "t" to be one of {", ".join(RECORD_KINDS)})')
    tick = rec.get("tick")
    if not isinstance(tick, int) or isinstance(tick, bool):
        raise TraceError(path, number, f'{kind} line has no integer "tick"')
    if kind in ("turn", "tick"):
        for key in ("p1", "p2"):
            if not isinstance(rec.get(key), dict):
                raise TraceError(path, number, f'{kind} line for tick {tick} has no "{key}" object')
    if kind == "tick":
        objects = rec.get("objects", [])
        if not isinstance(objects, list):
            raise TraceError(path, number, f'tick line {tick}: "objects" is not a list')
        if len(objects) > MAX_OBJECTS_PER_TICK:
            raise TraceError(path, number, f'tick line {tick}: more than {MAX_OBJECTS_PER_TICK:,} "objects"')
        if not all(isinstance(o, dict) for o in objects):
            raise TraceError(path, number, f'tick line {tick}: an entry of "objects" is not an object')


def _check_settings(path: Path, number: int, settings: Any) -> None:
    """The header's match settings: the game's own names, each with the type of its default."""
    from yomi.match import DEFAULT_SETTINGS

    if not isinstance(settings, dict):
        raise TraceError(path, number, 'header "match_settings" is not an object')
    for key, value in settings.items():
        if key not in DEFAULT_SETTINGS:
            raise TraceError(path, number, f"unknown match setting {_short(key)}")
        if type(value) is not type(DEFAULT_SETTINGS[key]):
            raise TraceError(path, number, f"match setting {key} is {_short(value)}, expected a "
                                           f"{type(DEFAULT_SETTINGS[key]).__name__}")


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def iter_records(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> Iterator[tuple[int, dict]]:
    """Yield ``(line number, record)`` for each line, the header first, checking the format as it goes.

    Streams the file (a parity tool can compare tick by tick without holding the trace), within
    ``limits``.  Raises :class:`TraceError` naming the file and line on anything malformed, and at
    the end for a trace without a single tick line.
    """
    path = Path(path)
    first = True
    ended_at = None
    last_tick = None
    for number, rec in iter_json_lines(path, limits):
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
    if first:
        raise TraceError(path, None, f"empty file (expected a {FORMAT} header line)")
    if last_tick is None:
        raise TraceError(path, None, "no tick lines (a trace holds at least one simulated tick)")


def read_trace(path: str | Path, *, require_end: bool = False, limits: Limits = DEFAULT_LIMITS) -> Trace:
    """Read a whole trace (within ``limits``).  A trace without its end line (a recording cut
    short) is accepted with ``end = None`` unless ``require_end``."""
    path = Path(path)
    records = iter_records(path, limits)
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


def _cannot_write_in(folder: Path) -> str | None:
    """Why a new file cannot be made in the existing folder ``folder``, or None.  It is tried with
    a temporary file, removed at once: permission bits alone miss read-only and virtual file
    systems (``/proc``) and say nothing when running as root."""
    try:
        fd, name = tempfile.mkstemp(prefix=".yomi-write-check-", dir=folder)
    except OSError as exc:
        return f"cannot create files in {folder} ({exc.strerror or exc})"
    os.close(fd)
    os.unlink(name)
    return None


def output_file_problem(path: str | Path) -> str | None:
    """Why the file ``path`` cannot be written, or None when it can.  It must not be a folder, and
    its folder must already exist (no folder is made for it: a mistyped folder is an error, not a
    new tree), be a folder and take a new file.  Creates nothing; meant for a command's checks
    before it starts its work, so that a bad path fails at once rather than after the work."""
    p = Path(path)
    try:
        if p.is_dir():
            return "is a directory"
        parent = p.parent
        if not parent.exists():
            return f"the folder {parent} does not exist (create it first)"
        if not parent.is_dir():
            return f"{parent} is not a folder"
        if p.exists() and not p.is_file():
            return "is not a regular file (a FIFO or a device): an output is a new or regular file"
        if p.exists() and not os.access(p, os.W_OK):
            return "not writable (permission denied)"
    except OSError as exc:
        return exc.strerror or str(exc)
    return _cannot_write_in(parent)


def output_folder_problem(path: str | Path) -> str | None:
    """Why files cannot be saved in the folder ``path``, or None when they can.  The folder may be
    missing (its caller makes it, with its missing parents, once the work starts); then the nearest
    existing folder above it must take a new file.  Creates nothing."""
    p = Path(path)
    try:
        if p.exists() and not p.is_dir():
            return "is not a folder"
        existing = p
        while not existing.exists():
            existing = existing.parent
        if not existing.is_dir():
            return f"{existing} is not a folder"
    except OSError as exc:
        return exc.strerror or str(exc)
    return _cannot_write_in(existing)


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
    ``boxes`` in a tick's state) are written as given.  The file's folder must exist (an
    ``OSError`` otherwise): a writer never creates folders.
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
        from .safefile import open_output

        raw = open_output(self.path, "wb", "trace")  # a regular file only: never a FIFO or a device
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
