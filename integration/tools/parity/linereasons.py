"""Why each line of the Python engine that the shipped traces never execute is not executed.

Two files in the reference-data folder (``tests/data/parity/``, replaced by ``$YOMI_PARITY_DATA``)
back ``yomi parity lines``' reason report:

* ``line_reasons.json`` (format ``yomi-line-reasons/1``): the reasons.  Each entry names a
  stretch of one engine file, anchored on the source's structure and text rather than on line
  numbers, so an edit elsewhere in the file does not shift it:

  - ``file``: the file, relative to the repository (``states/ninja/objects.py``);
  - ``scope``: the qualified name of the ``def`` or ``class`` holding the stretch
    (``HeavyWhipWave.tick``, ``Fighter``; ``""`` for the module);
  - ``from`` (optional): the start of the stretch's first line, stripped of indentation; it must
    begin exactly one line of the scope.  Without it the stretch is the whole scope;
  - ``after`` (optional, with ``from``): the start of a line of the scope, which must begin exactly
    one line; ``from`` is then the first line after it that begins so (for a ``from`` text the
    scope repeats, such as ``return False``);
  - ``to`` (optional): the start of its last statement (the first line from ``from`` on that
    begins so); the stretch ends where that statement ends.  Without it the stretch ends where
    the statement starting at ``from`` ends;
  - ``reason`` (one of :data:`REASONS`) and ``evidence`` (why, checkable by a reader), and the
    reason's reference: ``table`` (``["Ninja state ParryLow", ...]``: entries of the coverage
    reason table ``coverage_reasons.json``) for ``coverage_table``; ``target`` (the same form:
    states and objects the coverage report lists as not yet reached) for ``being_recorded``;
    ``test`` (``tests/...py::test_name``, the test that executes the lines) for
    ``untrusted_input`` and ``other_caller``.

  An entry explains the lines of its stretch that can execute and do not run at import time.
  It is wrong (reported as a *stale* entry) when its anchor does not resolve, when any of those
  lines is executed, or when its reference does not exist; two entries may not share a line.

* ``line_coverage.json`` (format ``yomi-line-coverage/1``): the line coverage of the shipped
  traces, cached (``yomi parity lines --write-cache`` writes it), so the reasons can be checked
  without replaying every trace under the tracer.  Each never executed line is stored with its
  scope, its stripped text and its rank among the scope's lines of that text, so the cache maps
  onto a file that was edited elsewhere; the file's SHA-256 tells whether it was edited at all.
"""
from __future__ import annotations

import ast
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import data
from .common import ParityInputError

REASONS_FILE = "line_reasons.json"
REASONS_FORMAT = "yomi-line-reasons/1"
CACHE_FILE = "line_coverage.json"
CACHE_FORMAT = "yomi-line-coverage/1"
UNEXPLAINED = "unexplained"
# reason -> its meaning, in the order the report lists them
REASONS = {
    "coverage_table": "inside a state or object the coverage reason table explains (unentered, online only, dead code)",
    "being_recorded": "not yet reached (being recorded): inside a state or object no shipped trace reaches yet",
    "untrusted_input": "a defensive check of untrusted input (an action, a setting): the named test reaches it",
    "other_caller": "called only outside a match replay (the env, the tools, the C engine's checks): the named test runs it",
    "game_never": "a branch the game's own code never takes in a match (the evidence says why)",
    "rare_branch": "not yet reached: a branch of code the traces run whose condition no shipped trace meets "
                   "(the evidence names the condition)",
}
# the field holding each reason's reference, when it needs one
REFERENCE = {"coverage_table": "table", "being_recorded": "target",
             "untrusted_input": "test", "other_caller": "test"}
ENTRY_FIELDS = ("file", "scope", "reason", "evidence")


@dataclass
class Source:
    """One engine file: its lines, each line's scope, and its statements' extents."""
    path: str
    text: str
    lines: list[str]
    scope_of: dict[int, str]                         # line -> innermost def/class qualname ("" at module level)
    scopes: dict[str, tuple[int, int]]               # qualname -> (first line, last line)
    statement_end: dict[int, int]                    # first line of a statement -> its last line
    executable: set[int] = field(default_factory=set)   # lines that can execute outside import time

    @classmethod
    def read(cls, root: Path, path: str) -> "Source":
        from .lines import executable_lines

        file = root / path
        if not file.is_file():
            raise ParityInputError(f"{path}: no such engine file")
        text = file.read_text(encoding="utf-8")
        tree = ast.parse(text, filename=path)
        lines = text.splitlines()
        scope_of = {n: "" for n in range(1, len(lines) + 1)}
        scopes = {"": (1, len(lines))}
        statement_end: dict[int, int] = {}

        def walk(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                name = prefix
                if isinstance(child, ast.stmt):
                    statement_end.setdefault(child.lineno, child.end_lineno)
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}.{child.name}" if prefix else child.name
                    first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                    lo, hi = scopes.get(name, (first, child.end_lineno))
                    scopes[name] = (min(lo, first), max(hi, child.end_lineno))
                    for n in range(first, child.end_lineno + 1):
                        scope_of[n] = name
                walk(child, name)

        walk(tree, "")
        at_import, every = executable_lines(file)
        return cls(path, text, lines, scope_of, scopes, statement_end, every - at_import)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def key(self, line: int) -> list:
        """``[scope, text, rank]``: the line by its scope and stripped text, rank counting from 0 among
        the scope's lines of the same text."""
        scope, text = self.scope_of[line], self.lines[line - 1].strip()
        rank = sum(1 for n in range(1, line) if self.scope_of[n] == scope and self.lines[n - 1].strip() == text)
        return [scope, text, rank]

    def find(self, key: list) -> int | None:
        """The line :meth:`key` names, or None when the file no longer has it."""
        scope, text, rank = key
        found = [n for n in range(1, len(self.lines) + 1)
                 if self.scope_of[n] == scope and self.lines[n - 1].strip() == text]
        return found[rank] if rank < len(found) else None


@dataclass
class Entry:
    index: int
    raw: dict
    lines: set[int] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        raw = self.raw
        where = raw.get("scope") or "<module>"
        if raw.get("from"):
            where += f" from {raw['from']!r}"
        return f"{raw.get('file')}: {where}"


def load_json(path: Path, what: str, fmt: str) -> dict:
    from integration.safefile import UnsafeFileError, read_text_input

    try:
        table = json.loads(read_text_input(path, 8 << 20, what))
    except (OSError, UnsafeFileError, ValueError) as exc:
        raise ParityInputError(f"{path}: not a readable {what} ({getattr(exc, 'strerror', None) or exc})") from None
    if not isinstance(table, dict) or table.get("format") != fmt:
        raise ParityInputError(f"{path}: not a {what} (needs format {fmt!r})")
    return table


def load_reasons(path: Path) -> list[dict]:
    """The entries of the line reason table at ``path`` (an absent file is an empty table); raises
    ParityInputError, naming the entry, on a malformed one."""
    if not path.is_file():
        return []
    table = load_json(path, "line reason table", REASONS_FORMAT)
    entries = table.get("entries")
    if not isinstance(entries, list):
        raise ParityInputError(f"{path}: needs an entries list")
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in ENTRY_FIELDS) \
                or not entry["file"] or not entry["evidence"]:
            raise ParityInputError(f"{path}: entry {i} needs strings {', '.join(ENTRY_FIELDS)} (file and evidence non-empty)")
        if entry["reason"] not in REASONS:
            raise ParityInputError(f"{path}: entry {i} ({entry['file']}): reason must be one of {', '.join(REASONS)}")
        for key in ("from", "to", "after"):
            if key in entry and not (isinstance(entry[key], str) and entry[key].strip()):
                raise ParityInputError(f"{path}: entry {i} ({entry['file']}): {key} must be a non-empty string")
        ref = REFERENCE.get(entry["reason"])
        if ref == "test" and not isinstance(entry.get("test"), str):
            raise ParityInputError(f"{path}: entry {i} ({entry['file']}): reason {entry['reason']} needs a test")
        if ref in ("table", "target") and not (isinstance(entry.get(ref), list) and entry[ref]
                                               and all(isinstance(s, str) for s in entry[ref])):
            raise ParityInputError(f"{path}: entry {i} ({entry['file']}): reason {entry['reason']} needs a list {ref}")
    return entries


def _stretch(entry: dict, source: Source) -> tuple[int, int]:
    """The first and last line of an entry's stretch; raises ValueError naming what does not resolve."""
    scope = entry["scope"]
    if scope not in source.scopes:
        raise ValueError(f"no def or class {scope!r}")
    first, last = source.scopes[scope]
    if "from" not in entry:
        if "to" in entry or "after" in entry:
            raise ValueError("'to' and 'after' need 'from'")
        return first, last
    def begin(text: str, lo: int) -> list[int]:
        return [n for n in range(lo, last + 1)
                if source.scope_of[n] == scope and source.lines[n - 1].strip().startswith(text)]

    if "after" in entry:
        marks = begin(entry["after"], first)
        if len(marks) != 1:
            raise ValueError(f"{len(marks)} lines of {scope or 'the module'} begin {entry['after']!r} (needs exactly one)")
        starts = begin(entry["from"], marks[0] + 1)[:1]
        if not starts:
            raise ValueError(f"no line after {entry['after']!r} begins {entry['from']!r}")
    else:
        starts = begin(entry["from"], first)
        if len(starts) != 1:
            raise ValueError(f"{len(starts)} lines of {scope or 'the module'} begin {entry['from']!r} "
                             "(needs exactly one: give 'after')")
    start = starts[0]
    if "to" in entry:
        ends = [n for n in range(start, last + 1) if source.lines[n - 1].strip().startswith(entry["to"])]
        if not ends:
            raise ValueError(f"no line from {entry['from']!r} on begins {entry['to']!r}")
        return start, source.statement_end.get(ends[0], ends[0])
    if start not in source.statement_end:
        raise ValueError(f"{entry['from']!r} begins no statement: give 'to'")
    return start, source.statement_end[start]


def _reference_problems(entry: dict, root: Path, table: dict, not_yet: set[str] | None) -> list[str]:
    """What is wrong with an entry's reference: a table entry, a target or a test that does not exist."""
    from states.data import CHARACTER_NAMES

    from .coverage import Full

    ref = REFERENCE.get(entry["reason"])
    out = []
    if ref == "table":
        for item in entry["table"]:
            key = tuple(item.split(" ", 2))
            if key not in table:
                out.append(f"the coverage reason table has no entry {item!r}")
    elif ref == "target":
        for item in entry["target"]:
            parts = item.split(" ", 2)
            if len(parts) != 3 or parts[0].lower() not in CHARACTER_NAMES:
                out.append(f"target {item!r} is not 'Character kind Name'")
                continue
            character, kind, name = parts
            full = Full.of(character.lower())
            known = {"state": full.states, "object": set(full.objects),
                     "object_state": {f"{s}:{st}" for s, sts in full.objects.items() for st in sts}}.get(kind, set())
            if name not in known:
                out.append(f"target {item!r}: the character's tables have no such {kind}")
            elif (character, kind, name) in table:
                out.append(f"target {item!r} is explained by the coverage reason table: use reason coverage_table")
            elif not_yet is not None and item not in not_yet:
                out.append(f"target {item!r} is reached by the traces")
    elif ref == "test":
        match = re.fullmatch(r"(tests/[\w/]+\.py)::(\w+)", entry["test"])
        if not match:
            out.append(f"test {entry['test']!r} is not 'tests/PATH.py::test_name'")
        elif not (root / match[1]).is_file() or not re.search(
                rf"^\s*(async )?def {match[2]}\(", (root / match[1]).read_text(encoding="utf-8"), re.M):
            out.append(f"test {entry['test']!r} does not exist")
    return out


@dataclass
class Explained:
    """Every never executed line with its entry, and what is wrong."""
    by_entry: list[Entry]
    unexplained: dict[str, list[int]]        # file -> lines no entry explains
    stale: list[Entry]                       # entries with problems

    def count(self, reason: str) -> int:
        return sum(len(e.lines) for e in self.by_entry if e.raw["reason"] == reason and not e.problems)

    @property
    def unexplained_count(self) -> int:
        return sum(len(v) for v in self.unexplained.values())


def explain(missed: dict[str, set[int]], entries: list[dict], root: Path, table: dict,
            not_yet: set[str] | None = None, sources: dict[str, Source] | None = None) -> Explained:
    """Match the never executed lines (``{file: lines}``) with ``entries``; ``table`` is the coverage
    reason table (:func:`coverage.load_reasons`), ``not_yet`` what the traces' coverage report lists as
    not yet reached (:func:`not_yet_reached`; None: not checked)."""
    sources = dict(sources or {})
    claimed: dict[tuple[str, int], int] = {}
    out: list[Entry] = []
    for i, raw in enumerate(entries):
        entry = Entry(i, raw)
        out.append(entry)
        try:
            source = sources.get(raw["file"]) or Source.read(root, raw["file"])
        except ParityInputError as exc:
            entry.problems.append(str(exc))
            continue
        except SyntaxError as exc:
            entry.problems.append(f"{raw['file']}: does not parse ({exc})")
            continue
        sources[raw["file"]] = source
        try:
            first, last = _stretch(raw, source)
        except ValueError as exc:
            entry.problems.append(str(exc))
            continue
        lines = {n for n in source.executable if first <= n <= last}
        if "from" not in raw:   # a whole scope: its own lines and those of the defs nested in it
            scope = raw["scope"]
            lines = {n for n in lines if source.scope_of[n] == scope or source.scope_of[n].startswith(scope + ".")
                     or not scope}
        never = missed.get(raw["file"], set())
        if not lines:
            entry.problems.append(f"lines {first}-{last} hold no line that can execute outside import time")
        executed = sorted(lines - never)
        if executed:
            entry.problems.append(f"lines {first}-{last}: executed by the traces: {', '.join(map(str, executed))}")
        for n in sorted(lines & never):
            if (raw["file"], n) in claimed:
                entry.problems.append(f"line {n} is explained by entry {claimed[raw['file'], n]} too")
            claimed[raw["file"], n] = i
        entry.problems += _reference_problems(raw, root, table, not_yet)
        entry.lines = lines & never
    unexplained = {}
    for name, lines in sorted(missed.items()):
        left = sorted(n for n in lines if (name, n) not in claimed)
        if left:
            unexplained[name] = left
    return Explained(out, unexplained, [e for e in out if e.problems])


def ranges(lines) -> str:
    """``1-3, 7``: sorted line numbers as ranges."""
    out, run = [], []
    for n in sorted(lines):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [n]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


def report_lines(result: Explained, evidence: bool = False) -> list[str]:
    """The report: per reason its count and entries, then the unexplained lines and the stale entries."""
    out = ["never executed lines by reason:"]
    for reason, meaning in REASONS.items():
        entries = [e for e in result.by_entry if e.raw["reason"] == reason and not e.problems]
        out.append(f"  {reason}: {result.count(reason)} lines in {len(entries)} places ({meaning})")
        for e in entries:
            ref = REFERENCE.get(reason)
            extra = f" [{', '.join(e.raw[ref]) if isinstance(e.raw[ref], list) else e.raw[ref]}]" if ref else ""
            out.append(f"    {e.raw['file']}:{ranges(e.lines)}  {e.raw['scope'] or '<module>'}{extra}")
            if evidence:
                out.append(f"        {e.raw['evidence']}")
    out.append(f"  {UNEXPLAINED}: {result.unexplained_count} lines")
    for name, lines in result.unexplained.items():
        out.append(f"    {name}:{ranges(lines)}")
    if result.stale:
        out.append(f"stale reason entries: {len(result.stale)}")
        for e in result.stale:
            out.append(f"    entry {e.index} ({e.label}): " + "; ".join(e.problems))
    return out


def not_yet_reached(paths, table: dict) -> set[str]:
    """``Character kind Name`` of every state, object and object state the traces at ``paths`` never
    reach and the coverage reason table does not explain."""
    from . import coverage

    seen, _ = coverage.scan(paths)
    out = set()
    for character, figures in coverage.report(seen, table).items():
        for kind in ("state", "object", "object_state"):
            out |= {f"{character} {kind} {name}" for name, (reason, _) in figures["why"][kind].items()
                    if reason == coverage.NOT_YET}
    return out


# -- the cached coverage of the shipped traces ---------------------------------------------------

def trace_names(paths) -> list[str]:
    return sorted(Path(p).name for p in paths)


def write_cache(path: Path, root: Path, figures: dict, traces: list[str], not_yet: set[str]) -> None:
    """Write the cache of ``figures`` (:func:`lines.measure`'s) for the traces named ``traces``, whose
    coverage report leaves ``not_yet`` (:func:`not_yet_reached`) not yet reached."""
    from integration.safefile import write_output

    files = {}
    for name, f in figures.items():
        source = Source.read(root, name)
        files[name] = {"sha256": source.sha256, "lines": f["lines"], "hit": f["hit"],
                       "missed": [[n, *source.key(n)] for n in f["missed"]]}
    body = {"format": CACHE_FORMAT, "traces": traces, "not_yet_reached": sorted(not_yet), "files": files}
    write_output(str(path), json.dumps(body, indent=0, ensure_ascii=False) + "\n", "--write-cache")


@dataclass
class Cached:
    traces: list[str]
    not_yet: set[str]             # :func:`not_yet_reached` of the traces
    figures: dict                 # as lines.measure's, mapped onto the files as they are now
    moved: list[str]              # files edited since the cache: their lines were mapped by text
    lost: dict[str, list]         # file -> cached keys the file no longer has


def read_cache(path: Path, root: Path) -> Cached:
    """The cached coverage, mapped onto the engine files as they are now."""
    if not path.is_file():
        raise ParityInputError(f"{path}: no cached line coverage (write it with yomi parity lines --write-cache)")
    body = load_json(path, "line coverage cache", CACHE_FORMAT)
    if not isinstance(body.get("traces"), list) or not isinstance(body.get("files"), dict) \
            or not isinstance(body.get("not_yet_reached"), list):
        raise ParityInputError(f"{path}: needs traces and not_yet_reached lists and a files object")
    figures, moved, lost = {}, [], {}
    for name, f in body["files"].items():
        try:
            source = Source.read(root, name)
            missed_keys = [(int(m[0]), list(m[1:4])) for m in f["missed"]]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ParityInputError(f"{path}: {name}: malformed entry ({exc!r})") from None
        if source.sha256 == f.get("sha256"):
            missed = [n for n, _ in missed_keys]
        else:
            moved.append(name)
            missed = []
            for _, key in missed_keys:
                n = source.find(key)
                if n is None:
                    lost.setdefault(name, []).append(key)
                else:
                    missed.append(n)
        figures[name] = {"lines": f.get("lines"), "hit": f.get("hit"), "missed": sorted(missed)}
    return Cached(body["traces"], set(body["not_yet_reached"]), figures, moved, lost)


def reasons_path() -> Path:
    return data.data_dir() / REASONS_FILE


def cache_path() -> Path:
    return data.data_dir() / CACHE_FILE
