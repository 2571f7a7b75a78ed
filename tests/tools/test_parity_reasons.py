"""``yomi parity reasons``: the reason table's automatic entries rebuilt from a game source tree.

A tiny game tree written here (no file of the game) checks the search by hand; with
``$YOMI_GAME_DIR`` (a checkout of the game's source at 4450348) a slow test checks that the
search reproduces every automatic entry of the shipped table.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from integration.tools.cli import main as yomi_main
from integration.tools.parity import data, reasons
from support.godot import GAME_DIR

HERO = reasons.CharacterSource(
    "Hero", "characters/hero",
    frozenset({"Start", "Menu", "Entered", "Called", "Commented", "Returned", "ReturnedElse", "Listed", "Recover",
               "Struck", "Hidden", "Lonely", "Many", "Thrown", "Compared"}),
    frozenset({"Menu"}), "Start")


def _tree(root) -> None:
    files = {
        "characters/BaseChar.tscn": [
            '[node name="Start" type="Node2D" parent="StateMachine" index="0"]',
            '[node name="Lonely" type="Node2D" parent="StateMachine" index="1"]',
            'fallback_state = "Recover"',
            'sprite_animation = "Listed"',
        ] + ['interrupt_exceptions_string = "Many"'] * 8,
        "characters/BaseChar.gd": [
            'func f():',
            '\tchange_state("Entered")',
            '\thost.queue_state_change("Wait" if x else "Called")',
            '#\tchange_state("Commented")',
            '\tvar names = ["Listed", "Commented"]',
            '\treturn "Returned"',
            '\treturn "Wait" if x else "ReturnedElse"',
            '\treturn x and state.name == "Compared"',
            'export var down_throw_state = "Thrown"',
        ],
        "characters/states/Shared.gd": ['\tanim_name = "Lonely"'],
        "characters/hero/Hero.tscn": ['title = "Lonely"', '[node name="Hidden" parent="StateMachine"]'],
        # another character's folder: only a hit state counts (it enters the victim's state)
        "characters/villain/Villain.tscn": ['grounded_hit_state = "Struck"', 'sprite_animation = "Hidden"',
                                           'change_state("Compared")'],
        "ui/Label.gd": ['\ttext = "Lonely"'],
        "ui/Notes.txt": ['change_state("Listed")'],   # neither .gd nor .tscn: not searched
    }
    for rel, lines in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n")


def _evidence_lines(evidence: str) -> tuple[set, str]:
    listed = evidence.rsplit("comments: ", 1)[1]
    more = ""
    if " and " in listed:
        listed, more = listed.split(" and ", 1)
    return {x.strip() for x in listed.split(",")}, more


def test_a_tiny_game_tree_gives_the_entries_by_hand(tmp_path):
    _tree(tmp_path)
    entries = {e["name"]: e for e in reasons.derive(tmp_path, [HERO])}
    # entered: a change (as the first or a later argument), a fallback, a return, a throw state variable,
    # another character's hit state; the first state is where the machine starts; Menu is a button
    assert sorted(entries) == ["Commented", "Compared", "Hidden", "Listed", "Lonely", "Many"]
    assert all(e["reason"] == "unentered" and e["kind"] == "state" and e["character"] == "Hero"
               and reasons.is_automatic(e) for e in entries.values())
    assert _evidence_lines(entries["Lonely"]["evidence"]) == (
        {"characters/BaseChar.tscn:2", "characters/states/Shared.gd:1", "characters/hero/Hero.tscn:1", "ui/Label.gd:1"},
        "")
    assert _evidence_lines(entries["Commented"]["evidence"]) == (
        {"characters/BaseChar.gd:4", "characters/BaseChar.gd:5"}, "")
    # the villain's folder is not searched for the hero's names (only for hit states)
    assert _evidence_lines(entries["Hidden"]["evidence"]) == ({"characters/hero/Hero.tscn:2"}, "")
    assert _evidence_lines(entries["Compared"]["evidence"]) == ({"characters/BaseChar.gd:8"}, "")
    lines, more = _evidence_lines(entries["Many"]["evidence"])
    assert len(lines) == reasons.SHOWN and more == "2 more"
    assert "grep -rnF '\"Many\"'" in entries["Many"]["evidence"] and "characters/hero/" in entries["Many"]["evidence"]


def test_differences_keep_hand_written_entries(tmp_path):
    _tree(tmp_path)
    derived = reasons.derive(tmp_path, [HERO])
    by_name = {e["name"]: e for e in derived}
    hand = {"character": "Hero", "kind": "state", "name": "Lonely", "reason": "unentered",
            "evidence": "decided by reading the code"}
    stale = dict(by_name["Hidden"], name="Gone")
    changed = dict(by_name["Listed"], evidence=by_name["Listed"]["evidence"] + ", ui/Other.gd:3")
    table = [hand, stale, changed, by_name["Many"], by_name["Hidden"]]
    diff = reasons.compare(table, derived)
    assert sorted(e["name"] for e in diff["add"]) == ["Commented", "Compared"]
    assert [e["name"] for e in diff["stale"]] == ["Gone"]
    assert [(old["name"], new["evidence"]) for old, new in diff["changed"]] == [("Listed", by_name["Listed"]["evidence"])]
    merged = reasons.merged([e for e in table if e is not stale], derived, ["Hero"])
    assert [e["name"] for e in merged] == ["Commented", "Compared", "Hidden", "Listed", "Lonely", "Many"]
    assert next(e for e in merged if e["name"] == "Lonely") == hand
    assert next(e for e in merged if e["name"] == "Listed") == by_name["Listed"]
    assert reasons.compare(merged, derived) == {"add": [], "stale": [], "changed": []}


def test_a_folder_that_is_not_the_game_is_one_error(tmp_path, capsys):
    _tree(tmp_path)
    assert yomi_main(["parity", "reasons", "--game-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yomi parity reasons: error:") and len(err.strip().splitlines()) == 1


@pytest.mark.slow
@pytest.mark.skipif(not GAME_DIR, reason="needs YOMI_GAME_DIR, a checkout of the game's source at 4450348")
def test_the_game_source_gives_the_shipped_automatic_entries(tmp_path, capsys):
    """Every automatic entry of the shipped table, and no other, comes out of the game's source."""
    table = json.loads((data.data_dir() / reasons.REASONS_FILE).read_text())
    assert yomi_main(["parity", "reasons", "--game-dir", GAME_DIR]) == 0
    assert capsys.readouterr().out.strip().endswith("0 differences")
    derived = reasons.derive(Path(GAME_DIR), reasons.character_sources())
    automatic = {(e["character"], e["name"]): e["evidence"] for e in table["entries"] if reasons.is_automatic(e)}
    mine = {(e["character"], e["name"]): e["evidence"] for e in derived}
    assert len(automatic) == 82 and set(automatic) <= set(mine)
    assert all(reasons.same_evidence(automatic[k], mine[k]) for k in automatic)
    hand = {(e["character"], e["name"]) for e in table["entries"] if not reasons.is_automatic(e)}
    assert set(mine) - set(automatic) <= hand   # the rest are explained by hand already


@pytest.mark.slow
@pytest.mark.skipif(not GAME_DIR, reason="needs YOMI_GAME_DIR, a checkout of the game's source at 4450348")
def test_write_restores_a_removed_automatic_entry(tmp_path, capsys):
    table = json.loads((data.data_dir() / reasons.REASONS_FILE).read_text())
    removed = next(e for e in table["entries"] if reasons.is_automatic(e))
    table["entries"].remove(removed)
    path = tmp_path / "reasons.json"
    path.write_text(json.dumps(table))
    assert yomi_main(["parity", "reasons", "--game-dir", GAME_DIR, "--reasons", str(path)]) == 1
    assert f"add: {removed['character']} state {removed['name']}:" in capsys.readouterr().out
    assert yomi_main(["parity", "reasons", "--game-dir", GAME_DIR, "--reasons", str(path), "--write"]) == 0
    rewritten = json.loads(path.read_text())["entries"]
    back = [e for e in rewritten if (e["character"], e["name"]) == (removed["character"], removed["name"])]
    assert len(back) == 1 and reasons.same_evidence(back[0]["evidence"], removed["evidence"])
    assert len(rewritten) == len(table["entries"]) + 1
    assert yomi_main(["parity", "reasons", "--game-dir", GAME_DIR, "--reasons", str(path)]) == 0
