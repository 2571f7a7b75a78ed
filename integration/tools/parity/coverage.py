"""``yomi parity coverage [FILES...]``: what a set of traces exercises, per character.

For every character that plays in the given traces (default: the shipped reference
traces) it reports, against the character's full lists from the extracted tables
(``states/data/<character>.json`` and ``objects.json``):

* the fighter states reached (``tick`` lines' ``state``, and the header's start state),
  and those never reached;
* the moves offered (``turn`` lines' ``legal`` lists: the game's action panel) and
  chosen (``action``), against the character's menu moves, with those never offered
  and those offered but never chosen;
* the objects the character spawned (``objects`` entries it owns, by scene) and the
  states each reached, against the character's object scenes and their states.

``Continue`` (hold) is offered at every decision and is not a menu move: it is counted
apart.  A name the tables do not list is reported as "not in the tables" (it would mean
the tables and the traces disagree).  ``--json OUT`` writes the same figures as JSON.

Every state never reached, move never offered, object never seen and object state never
reached gets a reason from the reason table (``coverage_reasons.json`` in the reference-data
folder, see docs/PARITY.md): ``unentered`` (no action button offers it and no script of the game
enters it), ``online_only`` (reached only in online play), ``dead_code`` (only code that never runs
enters it); anything the table does not explain is ``not yet reached`` and counts against the
target (at most TARGET_SHARE of all fighter states).  ``--evidence`` prints each reason's evidence.
A table entry for something the traces do reach is reported as a contradiction.

The last block is a compact summary table, one row per character (the one docs/PARITY.md
and the README show).  Exit status 0; 2 on unusable input (a missing or corrupt trace, a
malformed reason table).
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from states.data import CHARACTER_NAMES, load_character, load_objects

from . import data
from .common import ParityInputError, read_jsonl
from .trace import collect
from integration.options import OptionParser

HOLD = "Continue"
REASONS_FILE = "coverage_reasons.json"
REASONS_FORMAT = "yomi-coverage-reasons/1"
NOT_YET = "not_yet_reached"
# reason -> its meaning, in the order the report lists them
REASONS = {
    "unentered": "no action button offers it and no script of the game enters it",
    "online_only": "reached only in online play",
    "dead_code": "only code that never runs enters it",
    NOT_YET: "not yet reached by a shipped trace",
}
KINDS = ("state", "move", "object", "object_state")
TARGET_SHARE = 0.02   # at most this share of all fighter states may be "not yet reached"


def _title(key: str) -> str:
    return load_character(key)["name"]


@dataclass
class Full:
    """A character's complete lists, from the extracted tables."""
    states: set[str]
    moves: set[str]
    objects: dict[str, set[str]]  # scene basename -> its states

    @classmethod
    def of(cls, character: str) -> "Full":
        table = load_character(character)
        scenes = load_objects()["objects"]
        objects = {}
        for path in table["objects"]:
            objects[Path(path).stem] = set(scenes[path]["states"]) if path in scenes else set()
        return cls(set(table["states"]), set(table["menu_moves"]), objects)


@dataclass
class Seen:
    """What the traces exercised for one character."""
    sides: int = 0
    ticks: int = 0
    decisions: int = 0
    states: collections.Counter = field(default_factory=collections.Counter)   # state -> ticks
    offered: collections.Counter = field(default_factory=collections.Counter)  # move -> decisions
    chosen: collections.Counter = field(default_factory=collections.Counter)   # move -> times
    objects: dict = field(default_factory=lambda: collections.defaultdict(collections.Counter))  # scene -> state -> ticks
    decisions_with_legal: int = 0


def scan(paths: list[Path]) -> tuple[dict[str, Seen], collections.Counter]:
    """Read every trace once; returns per-character coverage (by game name) and traces per mode."""
    seen: dict[str, Seen] = collections.defaultdict(Seen)
    modes: collections.Counter = collections.Counter()
    for path in paths:
        lines = read_jsonl(path)
        try:
            _, header = next(lines)
        except StopIteration:
            raise ParityInputError(f"{path}: empty file") from None
        if not isinstance(header, dict) or "p1" not in header or "p2" not in header:
            raise ParityInputError(f"{path}:1: not a yomi-trace header (needs p1 and p2)")
        names = {"p1": header["p1"], "p2": header["p2"]}
        owners = {1: names["p1"], 2: names["p2"]}
        modes[header.get("moves", "all")] += 1
        for side, name in names.items():
            seen[name].sides += 1
            start = (header.get("start") or {}).get(side) or {}
            if start.get("state") is not None:
                seen[name].states[start["state"]] += 0
        for number, rec in lines:
            if not isinstance(rec, dict):
                raise ParityInputError(f"{path}:{number}: not a JSON object")
            kind = rec.get("t")
            try:
                if kind == "tick":
                    for side, name in names.items():
                        seen[name].states[rec[side]["state"]] += 1
                        seen[name].ticks += 1
                    for obj in rec.get("objects") or ():
                        owner = owners.get(obj.get("owner"))
                        if owner is not None:
                            seen[owner].objects[obj.get("scene")][obj.get("state")] += 1
                elif kind == "turn":
                    legal = rec.get("legal") or {}
                    for side, name in names.items():
                        entry = seen[name]
                        entry.decisions += 1
                        action = (rec.get(side) or {}).get("action")
                        if action is not None:
                            entry.chosen[action] += 1
                        if side in legal:
                            entry.decisions_with_legal += 1
                            entry.offered.update(legal[side])
            except (KeyError, TypeError) as exc:
                raise ParityInputError(f"{path}:{number}: malformed {kind} line ({exc!r})") from None
    return seen, modes


def load_reasons(path: Path) -> dict:
    """The reason table at ``path``: ``{(character, kind, name): (reason, evidence)}``; an absent file
    is an empty table.  Raises ParityInputError (naming the entry) on a malformed one."""
    if not path.is_file():
        return {}
    from integration.safefile import UnsafeFileError, read_text_input

    try:
        table = json.loads(read_text_input(path, 4 << 20, "reason table"))
    except (OSError, UnsafeFileError, ValueError) as exc:
        raise ParityInputError(f"{path}: not a readable reason table ({exc})") from None
    if not isinstance(table, dict) or table.get("format") != REASONS_FORMAT or not isinstance(table.get("entries"), list):
        raise ParityInputError(f"{path}: not a reason table (needs format {REASONS_FORMAT!r} and an entries list)")
    out = {}
    for i, entry in enumerate(table["entries"]):
        fields = ("character", "kind", "name", "reason", "evidence")
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) and entry[k] for k in fields):
            raise ParityInputError(f"{path}: entry {i} needs non-empty strings {', '.join(fields)}")
        if entry["kind"] not in KINDS or entry["reason"] not in REASONS or entry["reason"] == NOT_YET:
            raise ParityInputError(f"{path}: entry {i} ({entry['name']}): kind must be one of {', '.join(KINDS)} and "
                                   f"reason one of {', '.join(r for r in REASONS if r != NOT_YET)}")
        key = (entry["character"], entry["kind"], entry["name"])
        if key in out:
            raise ParityInputError(f"{path}: entry {i} repeats {key}")
        out[key] = (entry["reason"], entry["evidence"])
    return out


def explain(character: str, kind: str, names, reasons: dict) -> dict:
    """``{name: [reason, evidence]}`` for ``names`` (never reached ones): the table's, else not yet reached."""
    return {name: list(reasons.get((character, kind, name), (NOT_YET, ""))) for name in sorted(names)}


def _key(name: str) -> str | None:
    key = name.lower()
    return key if key in CHARACTER_NAMES else None


def report(seen: dict[str, Seen], reasons: dict | None = None) -> dict:
    """Per character (game name): the figures and lists, as plain JSON-able values; each list of
    things never reached comes with its reasons (``why``: name -> [reason, evidence]) from
    ``reasons`` (:func:`load_reasons`), and ``contradicted`` lists the table's entries for things
    the traces do reach."""
    reasons = reasons or {}
    out = {}
    order = {_title(k): i for i, k in enumerate(CHARACTER_NAMES)}
    for name in sorted(seen, key=lambda n: (order.get(n, 99), n)):
        entry, key = seen[name], _key(name)
        if key is None:
            raise ParityInputError(f"unknown character {name!r} in the traces")
        full = Full.of(key)
        reached = {s for s in entry.states if s is not None}
        offered = set(entry.offered) - {HOLD}
        chosen = set(entry.chosen) - {HOLD}
        scenes = {s for s in entry.objects if s is not None}
        object_states = {scene: sorted(full.objects.get(scene, set()) - set(entry.objects[scene]))
                         for scene in sorted(scenes)}
        never_states = full.states - reached
        never_offered = full.moves - offered
        never_seen = set(full.objects) - scenes
        never_object_states = {f"{s}:{st}" for s, states in object_states.items() for st in states}
        reached_keys = ({("state", n) for n in reached} | {("move", n) for n in offered}
                        | {("object", n) for n in scenes}
                        | {("object_state", f"{s}:{st}") for s in scenes for st in entry.objects[s]})
        contradicted = sorted(f"{kind} {n}" for (ch, kind, n) in reasons if ch == name and (kind, n) in reached_keys)
        why = {"state": explain(name, "state", never_states, reasons),
               "move": explain(name, "move", never_offered, reasons),
               "object": explain(name, "object", never_seen, reasons),
               "object_state": explain(name, "object_state", never_object_states, reasons)}
        out[name] = {
            "why": why, "contradicted": contradicted,
            "not_yet_reached": {kind: sum(1 for r, _ in v.values() if r == NOT_YET) for kind, v in why.items()},
            "sides": entry.sides, "ticks": entry.ticks, "decisions": entry.decisions,
            "decisions_with_legal": entry.decisions_with_legal,
            "states": {"reached": len(reached & full.states), "total": len(full.states),
                       "ticks": {str(k): v for k, v in sorted(entry.states.items(), key=lambda kv: (-kv[1], str(kv[0])))},
                       "never_reached": sorted(full.states - reached),
                       "not_in_tables": sorted(reached - full.states)},
            "moves": {"offered": len(offered & full.moves), "chosen": len(chosen & full.moves),
                      "total": len(full.moves),
                      "hold_offered": entry.offered.get(HOLD, 0), "hold_chosen": entry.chosen.get(HOLD, 0),
                      "chosen_times": dict(sorted(entry.chosen.items(), key=lambda kv: (-kv[1], kv[0]))),
                      "never_offered": sorted(full.moves - offered),
                      "offered_never_chosen": sorted(offered - chosen),
                      "not_in_tables": sorted((offered | chosen) - full.moves)},
            "objects": {"seen": len(scenes & set(full.objects)), "total": len(full.objects),
                        "states_reached": sum(len(set(entry.objects[s]) & full.objects.get(s, set())) for s in scenes),
                        "states_total": sum(len(v) for v in full.objects.values()),
                        "scenes": {s: {str(k): v for k, v in entry.objects[s].items()} for s in sorted(scenes)},
                        "never_seen": sorted(set(full.objects) - scenes),
                        "states_never_reached": {s: v for s, v in object_states.items() if v},
                        "not_in_tables": sorted(scenes - set(full.objects))},
        }
    return out


def _wrap(items: list[str], indent: str = "    ", width: int = 100) -> str:
    if not items:
        return indent + "(none)"
    lines, line = [], indent
    for item in items:
        if len(line) + len(item) + 2 > width and line.strip():
            lines.append(line.rstrip().rstrip(","))
            line = indent
        line += item + ", "
    lines.append(line.rstrip().rstrip(","))
    return "\n".join(lines)


def summary_rows(figures: dict) -> list[list[str]]:
    rows = [["character", "sides", "ticks", "decisions", "states reached", "states explained", "not yet reached",
             "moves offered", "moves chosen", "objects seen", "object states"]]
    for name, f in figures.items():
        st, mv, ob = f["states"], f["moves"], f["objects"]
        left = f["not_yet_reached"]["state"]
        explained = len(st["never_reached"]) - left
        rows.append([name, str(f["sides"]), str(f["ticks"]), str(f["decisions"]),
                     f"{st['reached']}/{st['total']}", str(explained), str(left),
                     f"{mv['offered']}/{mv['total']}",
                     f"{mv['chosen']}/{mv['total']}", f"{ob['seen']}/{ob['total']}",
                     f"{ob['states_reached']}/{ob['states_total']}"])
    return rows


def target_line(figures: dict) -> str:
    """States not yet reached over all the characters' states, against TARGET_SHARE."""
    left = sum(f["not_yet_reached"]["state"] for f in figures.values())
    total = sum(f["states"]["total"] for f in figures.values())
    share = left / total if total else 0.0
    verdict = "met" if share <= TARGET_SHARE else "not met"
    return (f"states not yet reached: {left} of {total} ({100 * share:.1f}%); target at most "
            f"{100 * TARGET_SHARE:.0f}%: {verdict}")


def markdown_table(figures: dict) -> str:
    rows = summary_rows(figures)
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(lines)


def _print_why(label: str, why: dict, evidence: bool, out) -> None:
    """The things never reached of one kind, grouped by reason (with each one's evidence if asked)."""
    for reason in REASONS:
        names = [n for n, (r, _) in why.items() if r == reason]
        if not names:
            continue
        print(f"    {label}, {reason.replace('_', ' ')} ({len(names)}):", file=out)
        if evidence and reason != NOT_YET:
            for n in names:
                print(f"      {n}: {why[n][1]}", file=out)
        else:
            print(_wrap(names, indent="      "), file=out)


def print_report(figures: dict, modes: collections.Counter, files: int, out=None, evidence: bool = False) -> None:
    out = out or sys.stdout
    print(f"coverage of {files} traces (by bot mode: {', '.join(f'{k} {v}' for k, v in sorted(modes.items()))})",
          file=out)
    for name, f in figures.items():
        st, mv, ob = f["states"], f["moves"], f["objects"]
        print(f"\n--- {name}: {f['sides']} sides, {f['ticks']} ticks, {f['decisions']} decisions", file=out)
        print(f"  states reached {st['reached']}/{st['total']}; never reached ({len(st['never_reached'])}), by reason:",
              file=out)
        _print_why("states", f["why"]["state"], evidence, out)
        if st["not_in_tables"]:
            print(f"  states not in the tables: {', '.join(st['not_in_tables'])}", file=out)
        print(f"  moves offered {mv['offered']}/{mv['total']}, chosen {mv['chosen']}/{mv['total']} "
              f"(hold offered {mv['hold_offered']}, chosen {mv['hold_chosen']}; "
              f"{f['decisions_with_legal']}/{f['decisions']} decisions carry legal lists)", file=out)
        print(f"  moves never offered ({len(mv['never_offered'])}), by reason:", file=out)
        _print_why("moves", f["why"]["move"], evidence, out)
        print(f"  moves offered but never chosen ({len(mv['offered_never_chosen'])}):", file=out)
        print(_wrap(mv["offered_never_chosen"]), file=out)
        if mv["not_in_tables"]:
            print(f"  moves not in the tables: {', '.join(mv['not_in_tables'])}", file=out)
        print(f"  objects seen {ob['seen']}/{ob['total']}, their states {ob['states_reached']}/{ob['states_total']}:",
              file=out)
        print(_wrap([f"{scene}[{'/'.join(sorted(map(str, states)))}]" for scene, states in ob["scenes"].items()]),
              file=out)
        print(f"  objects never seen ({len(ob['never_seen'])}), by reason:", file=out)
        _print_why("objects", f["why"]["object"], evidence, out)
        if ob["states_never_reached"]:
            print("  object states never reached, by reason:", file=out)
            _print_why("object states", f["why"]["object_state"], evidence, out)
        if f["contradicted"]:
            print(f"  reason table entries for things the traces reach ({len(f['contradicted'])}): "
                  f"{', '.join(f['contradicted'])}", file=out)
        if ob["not_in_tables"]:
            print(f"  object scenes not in the tables: {', '.join(ob['not_in_tables'])}", file=out)
    rows = summary_rows(figures)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    print("\nsummary", file=out)
    for row in rows:
        print("  " + "  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))),
              file=out)
    print(target_line(figures), file=out)


def main(argv: list[str] | None = None) -> int:
    parser = OptionParser(prog="yomi parity coverage", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", metavar="FILE_OR_DIR",
                        help="traces or folders of traces (default: the shipped reference traces)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures as JSON to OUT")
    parser.add_argument("--markdown", action="store_true", help="print only the summary as a Markdown table")
    parser.add_argument("--evidence", action="store_true", help="print each reason's evidence from the reason table")
    parser.add_argument("--reasons", metavar="FILE",
                        help=f"the reason table (default: {REASONS_FILE} in the reference-data folder)")
    args = parser.parse_args(argv)
    try:
        files = collect(args.paths or [str(data.traces_dir())])
        seen, modes = scan(files)
        reasons_path = Path(args.reasons) if args.reasons else data.data_dir() / REASONS_FILE
        if args.reasons and not reasons_path.is_file():
            raise ParityInputError(f"{reasons_path}: no such reason table")
        figures = report(seen, load_reasons(reasons_path))
    except ParityInputError as exc:
        print(f"yomi parity coverage: error: {exc}", file=sys.stderr)
        return 2
    if args.markdown:
        print(markdown_table(figures))
        print(f"\n{target_line(figures)}")
    else:
        print_report(figures, modes, len(files), evidence=args.evidence)
    if args.json:
        from integration.safefile import UnsafeFileError, write_output

        try:  # a regular file only: never a FIFO or a device
            write_output(args.json, json.dumps({"traces": len(files), "modes": dict(modes), "characters": figures},
                                               indent=1, sort_keys=True) + "\n", "--json")
        except (OSError, UnsafeFileError) as exc:
            print(f"yomi parity coverage: error: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
