"""Find where two runs of the same match part ways: the first tick whose recorded state differs.

Used by ``yomi watch --against`` to open the viewer at the divergence, and meant for the
parity tools too: :func:`diff_tick` compares one expected tick line with one actual one
(both in the trace's field names), :func:`first_divergence` walks two whole runs.

A difference is a :class:`FieldDiff` with a dotted ``path``:

* ``p1.hp``, ``p2.res.orb_projectile``, ``p1.di.x``: fighter fields (nested dicts are walked,
  lists compared whole);
* ``objects.<obj_name>.px``: a field of the object of that name (objects are matched by
  ``name``, the game's ``obj_name``); ``objects.<obj_name>`` alone when the object exists in
  only one run (the missing side's value is ``None``); ``objects.order`` when both runs have
  the same objects in a different order (the game's order matters: it is the hit order);
* ``<key>`` for other keys of the tick line present in both runs (e.g. ``boxes``);
* ``tick``: the tick exists in one run only (one run ended or stopped early).

Values are compared exactly as recorded (fixed-point numbers are strings, so ``"0.5"`` and
``"0.50000"`` differ; both the game and our engine print the canonical form).
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from integration.tracefile import Trace, load

_MISSING = object()
# Keys of a tick line that are bookkeeping, not state.
_TICK_META = ("t", "tick")


@dataclass
class FieldDiff:
    path: str          # dotted path, e.g. "p1.res.stored_speed_1"
    a: Any             # value in the first run (None when absent)
    b: Any             # value in the second run (None when absent)

    @property
    def who(self) -> str:
        """``p1``, ``p2``, ``objects``, or the top-level key the path starts with."""
        return self.path.split(".", 1)[0]

    @property
    def field(self) -> str:
        """The path without its first part (``hp`` for ``p1.hp``; ``5.px`` for ``objects.5.px``)."""
        parts = self.path.split(".", 1)
        return parts[1] if len(parts) > 1 else ""

    def as_dict(self) -> dict:
        return {"path": self.path, "who": self.who, "field": self.field, "a": self.a, "b": self.b}

    def __str__(self) -> str:
        return f"{self.path}: {_show(self.a)} != {_show(self.b)}"


@dataclass
class Divergence:
    tick: int                      # game tick of the first differing tick line (-1: the start state)
    index_a: int | None            # index of that tick in run A's ``ticks`` (None: start state or absent)
    index_b: int | None
    diffs: list[FieldDiff] = field(default_factory=list)
    turn_diffs: list[FieldDiff] = field(default_factory=list)   # differing choices at the last turn before

    @property
    def fields(self) -> list[str]:
        return [d.path for d in self.diffs]

    def as_dict(self) -> dict:
        return {"tick": self.tick, "index_a": self.index_a, "index_b": self.index_b,
                "diffs": [d.as_dict() for d in self.diffs],
                "turn_diffs": [d.as_dict() for d in self.turn_diffs]}

    def summary(self, limit: int = 8) -> str:
        head = f"first divergence at tick {self.tick}: {len(self.diffs)} field(s) differ"
        lines = [head] + [f"  {d}" for d in self.diffs[:limit]]
        if len(self.diffs) > limit:
            lines.append(f"  ... and {len(self.diffs) - limit} more")
        if self.turn_diffs:
            lines.append("  the inputs differ too (last turn before it):")
            lines += [f"    turn.{d}" for d in self.turn_diffs[:limit]]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _ignored(path: str, ignore: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(path, pattern) for pattern in ignore)


def _diff_values(path: str, a: Any, b: Any, out: list[FieldDiff], ignore: Sequence[str]) -> None:
    """Append the differences between two JSON values; dicts are walked key by key."""
    if _ignored(path, ignore):
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            va, vb = a.get(key, _MISSING), b.get(key, _MISSING)
            sub = f"{path}.{key}" if path else str(key)
            if va is _MISSING or vb is _MISSING:
                if not _ignored(sub, ignore):
                    out.append(FieldDiff(sub, None if va is _MISSING else va, None if vb is _MISSING else vb))
            else:
                _diff_values(sub, va, vb, out, ignore)
        return
    # bool is an int in Python: True == 1 must still count as a difference
    if a != b or type(a) is not type(b) and (isinstance(a, bool) or isinstance(b, bool)):
        out.append(FieldDiff(path, a, b))


def _diff_objects(a: list[dict], b: list[dict], out: list[FieldDiff], ignore: Sequence[str]) -> None:
    """Objects are matched by ``name``; an object present on one side only is one difference."""
    def keyed(objs: list[dict]) -> dict[str, dict]:
        table: dict[str, dict] = {}
        for i, obj in enumerate(objs):
            name = str(obj.get("name", f"#{i}"))
            while name in table:          # duplicate names should not happen; keep both visible
                name += "'"
            table[name] = obj
        return table

    ka, kb = keyed(a), keyed(b)
    for name in list(ka) + [n for n in kb if n not in ka]:
        path = f"objects.{name}"
        if _ignored(path, ignore):
            continue
        oa, ob = ka.get(name), kb.get(name)
        if oa is None or ob is None:
            out.append(FieldDiff(path, oa, ob))
        else:
            _diff_values(path, oa, ob, out, ignore)
    common_a = [n for n in ka if n in kb]
    common_b = [n for n in kb if n in ka]
    if common_a != common_b and not _ignored("objects.order", ignore):
        out.append(FieldDiff("objects.order", common_a, common_b))


def diff_tick(a: dict, b: dict, ignore: Sequence[str] = ()) -> list[FieldDiff]:
    """Every difference between two tick lines (or two ``{"p1", "p2", "objects"}`` state dicts).

    ``ignore`` holds glob patterns over paths (``"p*.res.*"``, ``"objects.*.lifetime"``) for
    fields an engine does not produce yet.  Keys other than p1/p2/objects are compared only
    when both sides have them: optional extras such as ``boxes`` are absent from Godot traces.
    """
    out: list[FieldDiff] = []
    for who in ("p1", "p2"):
        if _ignored(who, ignore):
            continue
        fa, fb = a.get(who), b.get(who)
        if isinstance(fa, dict) and isinstance(fb, dict):
            _diff_values(who, fa, fb, out, ignore)
        elif fa != fb:
            out.append(FieldDiff(who, fa, fb))
    if not _ignored("objects", ignore):
        _diff_objects(a.get("objects") or [], b.get("objects") or [], out, ignore)
    for key in a:
        if key in ("p1", "p2", "objects") or key in _TICK_META or key not in b:
            continue
        _diff_values(key, a[key], b[key], out, ignore)
    return out


def diff_turn(a: dict, b: dict, ignore: Sequence[str] = ()) -> list[FieldDiff]:
    """Differences between two turn lines' choices (``legal`` is compared only when both have it)."""
    out: list[FieldDiff] = []
    for who in ("p1", "p2"):
        _diff_values(who, a.get(who), b.get(who), out, ignore)
    if "legal" in a and "legal" in b:
        _diff_values("legal", a["legal"], b["legal"], out, ignore)
    return out


def _last_turn_before(turns: Sequence[dict], tick: int) -> dict | None:
    best = None
    for turn in turns:
        if turn["tick"] < tick:
            best = turn
        else:
            break
    return best


def first_divergence(a: Trace | str, b: Trace | str, ignore: Sequence[str] = (),
                     compare_start: bool = True) -> Divergence | None:
    """The first tick at which two runs of one match differ, or None when they agree throughout.

    ``a`` and ``b`` are traces or paths.  The start states in the headers count as tick -1
    (when both have one).  Ticks are paired by tick number; a tick that only one run has
    (one run is shorter) is a divergence on ``tick``.  The end lines are compared last, as a
    divergence at the end tick on ``end.<key>``.  ``turn_diffs`` tells whether the inputs
    that led there differ (then the runs are not replays of the same match).
    """
    ta, tb = load(a), load(b)
    if compare_start and isinstance(ta.header.get("start"), dict) and isinstance(tb.header.get("start"), dict):
        diffs = diff_tick(ta.header["start"], tb.header["start"], ignore)
        if diffs:
            return Divergence(-1, None, None, diffs)

    ticks_a = {rec["tick"]: i for i, rec in enumerate(ta.ticks)}
    ticks_b = {rec["tick"]: i for i, rec in enumerate(tb.ticks)}
    for tick in sorted(set(ticks_a) | set(ticks_b)):
        ia, ib = ticks_a.get(tick), ticks_b.get(tick)
        if ia is None or ib is None:
            diffs = [FieldDiff("tick", tick if ia is not None else None, tick if ib is not None else None)]
        else:
            diffs = diff_tick(ta.ticks[ia], tb.ticks[ib], ignore)
        if diffs:
            return Divergence(tick, ia, ib, diffs, _turn_diffs(ta, tb, tick, ignore))

    if ta.end is not None and tb.end is not None:
        diffs: list[FieldDiff] = []
        _diff_values("end", {k: v for k, v in ta.end.items() if k != "t"},
                     {k: v for k, v in tb.end.items() if k != "t"}, diffs, ignore)
        if diffs:
            tick = ta.end.get("tick", -1)
            return Divergence(tick, ticks_a.get(tick), ticks_b.get(tick), diffs)
    return None


def _turn_diffs(ta: Trace, tb: Trace, tick: int, ignore: Sequence[str]) -> list[FieldDiff]:
    turn_a, turn_b = _last_turn_before(ta.turns, tick), _last_turn_before(tb.turns, tick)
    if turn_a is None or turn_b is None:
        return []
    if turn_a["tick"] != turn_b["tick"]:
        return [FieldDiff("tick", turn_a["tick"], turn_b["tick"])]
    return diff_turn(turn_a, turn_b, ignore)


def diff_runs(a: Iterable[dict], b: Iterable[dict], ignore: Sequence[str] = ()) -> tuple[int, list[FieldDiff]] | None:
    """Streaming form for tools that produce tick lines on the fly: the first (tick, diffs) where
    two sequences of tick lines, paired in order, differ; None when equal (including length)."""
    ia, ib = iter(a), iter(b)
    while True:
        ra, rb = next(ia, None), next(ib, None)
        if ra is None and rb is None:
            return None
        if ra is None or rb is None:
            present = ra or rb
            return present["tick"], [FieldDiff("tick", ra and ra["tick"], rb and rb["tick"])]
        diffs = diff_tick(ra, rb, ignore)
        if ra.get("tick") != rb.get("tick"):
            diffs.insert(0, FieldDiff("tick", ra.get("tick"), rb.get("tick")))
        if diffs:
            return ra.get("tick"), diffs
