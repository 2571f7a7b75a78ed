"""``yomi parity reasons --game-dir DIR``: rebuild the reason table's automatic entries from the game's source.

The reason table (``coverage_reasons.json``, docs/PARITY.md) explains why each state, move or object
no shipped trace reaches is not reached.  Most of its ``unentered`` state entries come from one
mechanical search of the game's source, which this module repeats:

* a state is a candidate when it is no action button of its character's panel: not among the
  menu moves of the extracted tables (``states/data/<character>.json``; the panel makes a button
  for every state with ``show_in_menu`` and an ``interrupt_from`` category), and not the state
  machine's first state (where every match starts: the framework's ``StateMachine.gd`` ``init``);
* every line quoting the state's name (``grep -rnF '"NAME"' --include=*.gd --include=*.tscn``) in
  the common files (everything outside the folders under ``characters/`` other than
  ``characters/states/``) and in the character's own folder is looked at, in ``grep -r``'s order
  (the directory order, files and folders as they come);
* a line *enters* the state when it changes into it (``change_state``, ``queue_state_change``,
  ``queue_state``), names it as a ``fallback_state``, ``throw_state``, ``followup_state`` or a hit
  state (a scene property ending in ``_state``), or returns it; comments, node names,
  animations, titles, labels and lists do not.  Another character's folder counts only for hit
  states (they name the victim's state);
* a candidate with no entering line gets the entry ``unentered`` with the lines found as its
  evidence (the first six, then how many more).

The table's other entries (reasons decided by reading the code: ``online_only``, ``dead_code``, the
states whose only way in is itself unentered, and every object and object-state entry) are
hand-written; they are kept as they are, and an automatic entry never replaces one.

``yomi parity reasons --game-dir DIR`` prints the differences between the rebuilt entries and the
shipped table (entries to add, entries no longer derived, evidence that changed) and exits 1 when
there are any; ``--write`` rewrites the table with the rebuilt automatic entries and the
hand-written ones.  Lines are compared as sets (the directory order differs between file
systems), so a table made on another machine compares equal.  Exit status 0: no difference;
1: differences (none written without ``--write``); 2: unusable input (a wrong checkout, an
unreadable table).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from integration.options import OptionParser

from . import data
from .common import ParityInputError
from .coverage import KINDS, REASONS_FILE, load_reasons

SHOWN = 6   # the evidence names this many lines, then "and N more"
PREFIX = ("no action button (not in the panel's action_cancels: show_in_menu false or no interrupt_from category); "
          "grep -rnF '\"{name}\"' --include=*.gd --include=*.tscn, in the common files and {folder}/, finds no line "
          "that enters it (change_state, queue_state_change, fallback_state, throw_state, followup_state, a hit state "
          "or a returned name); only names, animations, titles or comments: ")
_AUTO_START = PREFIX.split("{name}")[0]
_ENTERING_CALLS = ("change_state(", "queue_state_change(", "queue_state(")
# an assignment to a scene property or a script variable (``export var x_state = "..."``,
# ``h.throw_state = "..." if ... else "..."``): the name assigned, up to the ``=``
_ASSIGNMENT = re.compile(r"^\s*(?:export(?:\([^)]*\))?\s+)?(?:var\s+)?(?:[A-Za-z_][A-Za-z0-9_]*\.)*"
                         r"([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*[A-Za-z_]+\s*)?=\s*")


@dataclass(frozen=True)
class CharacterSource:
    """What the search needs of one character: its name in the table, its folder under the game's
    root (``characters/stickman``), every state of its state machine and its menu moves."""
    name: str
    folder: str
    states: frozenset
    menu_moves: frozenset
    initial: str = ""     # the state machine's first state, where it starts (StateMachine.gd init)


def character_sources() -> list[CharacterSource]:
    """The five characters, from the extracted tables (their scene's folder, states, menu moves)."""
    from states.data import CHARACTER_NAMES, load_character

    out = []
    for key in CHARACTER_NAMES:
        table = load_character(key)
        first = min(table["states"], key=lambda s: table["states"][s]["index"])
        out.append(CharacterSource(table["name"], str(Path(table["scene"]).parent), frozenset(table["states"]),
                                   frozenset(table["menu_moves"]), first))
    return out


def source_files(root: Path) -> list[str]:
    """Every ``*.gd`` and ``*.tscn`` under ``root``, relative, in ``grep -r``'s order: each folder's
    entries in directory order, a sub-folder searched where it comes (hidden folders too)."""
    out: list[str] = []

    def walk(folder: Path, rel: str) -> None:
        with os.scandir(folder) as entries:
            for entry in entries:
                path = f"{rel}{entry.name}"
                if entry.is_dir(follow_symlinks=False):
                    walk(Path(entry.path), path + "/")
                elif entry.is_file(follow_symlinks=False) and entry.name.endswith((".gd", ".tscn")):
                    out.append(path)

    walk(root, "")
    return out


def enters(line: str, name: str) -> bool:
    """Whether ``line`` (which quotes ``"name"``) enters the state: a change into it (the name among
    the call's arguments), a fallback, throw, follow-up or hit state naming it (a scene property or
    a script variable whose name ends in ``_state``), or a returned name.  Comments never do."""
    text = line.strip()
    if text.startswith("#"):
        return False
    quoted = f'"{name}"'
    at = text.find(quoted)
    if at < 0:
        return False
    before = text[:at]
    if "#" in before:
        return False
    if any(call in before for call in _ENTERING_CALLS):
        return True
    if re.search(r"\breturn\s+(\S.*\belse\s+)?$", before):
        return True
    assigned = _ASSIGNMENT.match(text)
    return bool(assigned and assigned.group(1).endswith("_state") and at >= assigned.end())


def _owner(path: str) -> str | None:
    """The character folder ``path`` lies in, None for a common file."""
    parts = path.split("/")
    if len(parts) >= 3 and parts[0] == "characters" and parts[1] != "states":
        return "/".join(parts[:2])
    return None


def _candidates(character: CharacterSource) -> set[str]:
    """The states no action button offers, less the one the state machine starts in."""
    return set(character.states - character.menu_moves) - {character.initial}


def derive(root: Path, characters: list[CharacterSource]) -> list[dict]:
    """The automatic ``unentered`` entries for ``characters`` from the game's source at ``root``,
    sorted as the table (character order of ``characters``, then name)."""
    files = source_files(root)
    names = sorted({s for c in characters for s in _candidates(c)}, key=len, reverse=True)
    if not names:
        return []
    pattern = re.compile('"(' + "|".join(re.escape(n) for n in names) + ')"')
    hits: dict[str, list[tuple[str, int, str]]] = {}   # name -> (file, line number, line), in grep's order
    for rel in files:
        try:
            text = (root / rel).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise ParityInputError(f"{root / rel}: cannot read ({exc.strerror})") from None
        for number, line in enumerate(text.splitlines(), 1):
            if '"' not in line:
                continue
            for found in {m.group(1) for m in pattern.finditer(line)}:
                hits.setdefault(found, []).append((rel, number, line))
    out = []
    for character in characters:
        for name in sorted(_candidates(character)):
            mine, entered = [], False
            for rel, number, line in hits.get(name, ()):
                owner = _owner(rel)
                if owner is None or owner == character.folder:
                    mine.append(f"{rel}:{number}")
                    entered = entered or enters(line, name)
                elif (_ASSIGNMENT.match(line) and _ASSIGNMENT.match(line).group(1).endswith("_hit_state")
                      and enters(line, name)):
                    entered = True   # another character's hitbox sends its victim into this state
            if entered:
                continue
            shown = (", ".join(mine[:SHOWN]) + (f" and {len(mine) - SHOWN} more" if len(mine) > SHOWN else "")
                     if mine else "none")
            out.append({"character": character.name, "kind": "state", "name": name, "reason": "unentered",
                        "evidence": PREFIX.format(name=name, folder=character.folder) + shown})
    return out


def is_automatic(entry: dict) -> bool:
    """Whether a table entry is one :func:`derive` makes (its evidence has the search's form)."""
    return (entry.get("kind") == "state" and entry.get("reason") == "unentered"
            and str(entry.get("evidence", "")).startswith(_AUTO_START))


def _lines_of(evidence: str) -> tuple[frozenset, int]:
    """The file:line names an automatic entry's evidence shows, and how many lines it counts."""
    listed = evidence.rsplit("comments: ", 1)[-1]
    more = 0
    match = re.search(r" and (\d+) more$", listed)
    if match:
        more, listed = int(match.group(1)), listed[:match.start()]
    shown = frozenset(x.strip() for x in listed.split(",") if x.strip() and x.strip() != "none")
    return shown, len(shown) + more


def same_evidence(a: str, b: str) -> bool:
    """Two automatic evidences agree: the same line count, and the lines one shows are the other's
    when both show all, else the shorter list's lines lie among the ones both could show."""
    lines_a, count_a = _lines_of(a)
    lines_b, count_b = _lines_of(b)
    if count_a != count_b or a.split("only names")[0] != b.split("only names")[0]:
        return False
    if count_a <= SHOWN:
        return lines_a == lines_b
    return True   # more lines than shown: which six are shown follows the file system's order


def compare(table: list[dict], derived: list[dict]) -> dict:
    """``{"add": [...], "stale": [...], "changed": [(old, new)...]}``: derived entries the table
    lacks (hand-written entries for the same thing win), automatic entries of the table no longer
    derived, and automatic entries whose evidence differs."""
    keyed = {(e["character"], e["kind"], e["name"]): e for e in table}
    new = {(e["character"], e["kind"], e["name"]): e for e in derived}
    add, changed = [], []
    for key, entry in new.items():
        old = keyed.get(key)
        if old is None:
            add.append(entry)
        elif is_automatic(old) and not same_evidence(old["evidence"], entry["evidence"]):
            changed.append((old, entry))
    stale = [e for key, e in keyed.items() if is_automatic(e) and key not in new]
    return {"add": add, "stale": stale, "changed": changed}


def merged(table: list[dict], derived: list[dict], order: list[str]) -> list[dict]:
    """The hand-written entries of ``table`` with the derived ones (a shipped automatic entry whose
    evidence agrees is kept word for word), sorted by character (``order``), kind, name."""
    keyed = {(e["character"], e["kind"], e["name"]): e for e in table if not is_automatic(e)}
    shipped = {(e["character"], e["kind"], e["name"]): e for e in table if is_automatic(e)}
    for entry in derived:
        key = (entry["character"], entry["kind"], entry["name"])
        if key in keyed:
            continue
        old = shipped.get(key)
        keyed[key] = old if old is not None and same_evidence(old["evidence"], entry["evidence"]) else entry
    rank = {name: i for i, name in enumerate(order)}
    return sorted(keyed.values(), key=lambda e: (rank.get(e["character"], len(rank)), e["character"],
                                                  KINDS.index(e["kind"]), e["name"]))


def _read_table(path: Path) -> dict:
    load_reasons(path)   # the table's form, with one clear error naming a bad entry
    if not path.is_file():
        raise ParityInputError(f"{path}: no such reason table")
    return json.loads(path.read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = OptionParser(prog="yomi parity reasons", description=__doc__,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game-dir", required=True, help="your checkout of the game's source at commit 4450348 (only read)")
    parser.add_argument("--reasons", metavar="FILE",
                        help=f"the reason table (default: {REASONS_FILE} in the reference-data folder)")
    parser.add_argument("--write", action="store_true",
                        help="rewrite the table: the rebuilt automatic entries and the hand-written ones")
    args = parser.parse_args(argv)
    from integration.tools.record.prepare import RecordError, check_game_dir

    try:
        root = check_game_dir(args.game_dir)
        path = Path(args.reasons) if args.reasons else data.data_dir() / REASONS_FILE
        table = _read_table(path)
        characters = character_sources()
        derived = derive(root, characters)
    except (RecordError, ParityInputError) as exc:
        print(f"yomi parity reasons: error: {exc}", file=sys.stderr)
        return 2
    diff = compare(table["entries"], derived)
    for entry in diff["add"]:
        print(f"add: {entry['character']} {entry['kind']} {entry['name']}: {entry['evidence']}")
    for entry in diff["stale"]:
        print(f"no longer derived: {entry['character']} {entry['kind']} {entry['name']}")
    for old, new in diff["changed"]:
        print(f"evidence changed: {old['character']} {old['kind']} {old['name']}:\n  table:   {old['evidence']}\n"
              f"  derived: {new['evidence']}")
    kept = sum(1 for e in table["entries"] if not is_automatic(e))
    count = len(diff["add"]) + len(diff["stale"]) + len(diff["changed"])
    print(f"reasons: {len(derived)} automatic entries derived, {kept} hand-written kept; {count} differences")
    if args.write and count:
        entries = [e for e in table["entries"]
                   if (e["character"], e["kind"], e["name"]) not in {(s["character"], s["kind"], s["name"])
                                                                       for s in diff["stale"]}]
        table["entries"] = merged(entries, derived, [c.name for c in characters])
        from integration.safefile import UnsafeFileError, write_output

        try:
            write_output(str(path), json.dumps(table, indent=1, ensure_ascii=False) + "\n", "--reasons")
        except (OSError, UnsafeFileError) as exc:
            print(f"yomi parity reasons: error: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            return 2
        print(f"reasons: wrote {path}")
        return 0
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main())
