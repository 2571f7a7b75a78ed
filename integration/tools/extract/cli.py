"""``yomi extract --game-dir PATH [--out DIR]``: regenerate ``states/data/*.json``.

Reads a local copy of the game project (never shipped with this repository), writes
our tables, prints a per-character summary and runs the self-checks of
:mod:`integration.tools.extract.checks`.  Exit status: 0 success, 1 self-check failure,
2 bad arguments / missing or unexpected game directory / extraction error.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from .checks import CHARACTER_KEYS, verify
from .encode import dumps
from integration.options import OptionParser

DEFAULT_OUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "states", "data"))


def _parser() -> argparse.ArgumentParser:
    p = OptionParser(prog="yomi extract", description=(
        "Extract frame-data tables (states, hitboxes, objects, animations, move-data UI) from a local "
        "copy of the game project into JSON tables."))
    p.add_argument("--game-dir", required=True, help="root of the game project (the folder holding project.godot)")
    p.add_argument("--out", default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT})")
    p.add_argument("--no-check", action="store_true", help="write the tables even if a self-check fails")
    p.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # imported here so that `--help` works even if something below is broken
    from .extract import check_layout, extract_all
    from .project import ProjectError
    from .variant import ParseError

    game = os.path.abspath(args.game_dir)
    if not os.path.isdir(game):
        print(f"yomi extract: game directory not found: {game}", file=sys.stderr)
        return 2
    missing = check_layout(game)
    if missing:
        print(f"yomi extract: {game} does not look like the game project (Godot 3, uzkbwza/hustle); "
              f"missing: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        docs = extract_all(game)
    except (ProjectError, ParseError, OSError) as exc:
        print(f"yomi extract: extraction failed: {exc}", file=sys.stderr)
        return 2

    texts = {name: dumps(doc) for name, doc in docs.items()}
    # verify exactly what will be on disk
    errors = verify({name: json.loads(t) for name, t in texts.items()})

    if not args.quiet:
        print(f"game {docs['base.json'].get('game_version')} (source {docs['base.json']['source_commit']})")
        print(f"{'character':<10}{'states':>8}{'base+own':>10}{'menu':>6}{'hitboxes':>10}{'objects':>9}{'anims':>7}")
        for k in CHARACTER_KEYS:
            d = docs[f"{k}.json"]
            c = d["counts"]
            n_anim = sum(len(a["animations"]) for a in d["animations"].values())
            print(f"{k:<10}{c['states']:>8}{c['base_states']:>5}+{c['own_states']:<4}{c['menu_moves']:>6}"
                  f"{c['hitbox_nodes']:>10}{len(d['objects']):>9}{n_anim:>7}")
        o = docs["objects.json"]
        print(f"objects: {o['count']} scenes, {sum(len(x['states']) for x in o['objects'].values())} states; "
              f"move-data UI scenes: {docs['ui.json']['count']}; scripts: {docs['scripts.json']['count']}")
        ign = docs["ignored_properties.json"]
        if ign["unevaluated_defaults"]:
            print(f"defaults not evaluated: {len(ign['unevaluated_defaults'])} (see ignored_properties.json)")

    if errors:
        print(f"yomi extract: {len(errors)} self-check failure(s):", file=sys.stderr)
        for e in errors:
            print(f"  - {e}", file=sys.stderr)
        if not args.no_check:
            print("yomi extract: tables NOT written (use --no-check to write them anyway)", file=sys.stderr)
            return 1

    os.makedirs(args.out, exist_ok=True)
    for name, text in texts.items():
        path = os.path.join(args.out, name)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    if not args.quiet:
        print(f"wrote {len(texts)} tables to {args.out}" + ("" if not errors else " (self-checks FAILED)"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
