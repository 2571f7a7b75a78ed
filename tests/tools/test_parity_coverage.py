"""``yomi parity coverage``: figures from a hand-written trace, and the shape of the shipped set."""
from __future__ import annotations

import json

from integration.tools.cli import main as yomi_main
from integration.tools.parity import coverage, data
from states.data import load_character


def _write(path, lines) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def _tiny_trace(path) -> None:
    fighter = {"state": "Wait"}
    _write(path, [
        {"format": "yomi-trace/1", "p1": "Ninja", "p2": "Ninja", "seed": 1,
         "start": {"tick": -1, "p1": fighter, "p2": fighter}},
        {"t": "turn", "tick": 0, "p1": {"action": "Jump"}, "p2": {"action": "Continue"},
         "legal": {"p1": ["Continue", "Jump", "Roll"], "p2": ["Continue", "Jump"]}},
        {"t": "tick", "tick": 1, "p1": {"state": "Jump"}, "p2": {"state": "Wait"},
         "objects": [{"name": "3", "scene": "Kunai", "owner": 1, "state": "Default"}]},
        {"t": "tick", "tick": 2, "p1": {"state": "Jump"}, "p2": {"state": "Wait"}, "objects": []},
        {"t": "end", "tick": 2, "winner": None},
    ])


def test_figures_of_a_hand_written_trace(tmp_path):
    _tiny_trace(tmp_path / "t.jsonl")
    seen, modes = coverage.scan([tmp_path / "t.jsonl"])
    figures = coverage.report(seen)
    ninja = figures["Ninja"]
    table = load_character("ninja")
    assert (ninja["sides"], ninja["ticks"], ninja["decisions"]) == (2, 4, 2)
    assert ninja["states"]["reached"] == 2 and ninja["states"]["total"] == len(table["states"])
    assert "Jump" not in ninja["states"]["never_reached"] and "Roll" in ninja["states"]["never_reached"]
    assert ninja["states"]["ticks"] == {"Jump": 2, "Wait": 2}
    # Continue is not a menu move: Jump and Roll were offered, Jump chosen (by p1); hold offered twice
    assert (ninja["moves"]["offered"], ninja["moves"]["chosen"]) == (2, 1)
    assert (ninja["moves"]["hold_offered"], ninja["moves"]["hold_chosen"]) == (2, 1)
    assert ninja["moves"]["offered_never_chosen"] == ["Roll"]
    assert ninja["objects"]["seen"] == 1 and ninja["objects"]["total"] == len(table["objects"])
    assert ninja["objects"]["scenes"] == {"Kunai": {"Default": 1}}
    assert "Kunai" not in ninja["objects"]["never_seen"]
    assert modes == {"all": 1}


def test_the_shipped_traces(capsys):
    assert yomi_main(["parity", "coverage"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("coverage of 35 traces (by bot mode: all 25, base 10)")
    seen, _ = coverage.scan(data.trace_paths())
    figures = coverage.report(seen)
    # 25 all-moves traces (5x5 pairings: 8 cross sides + 2 mirror sides each) and 10 base traces
    # (one mirror and two cross pairings each): 14 sides per character
    assert {name: f["sides"] for name, f in figures.items()} == dict.fromkeys(
        ["Ninja", "Cowboy", "Wizard", "Robot", "Mutant"], 14)
    for name, f in figures.items():
        assert f["decisions_with_legal"] == f["decisions"]  # every shipped trace has legal lists
        # the game never offers a move its scene does not have, nor reaches an unlisted state
        assert f["moves"]["not_in_tables"] == [] and f["states"]["not_in_tables"] == [], name
        assert f["objects"]["not_in_tables"] == [], name


def test_markdown_summary_and_bad_input(tmp_path, capsys):
    _tiny_trace(tmp_path / "t.jsonl")
    assert yomi_main(["parity", "coverage", "--markdown", str(tmp_path / "t.jsonl")]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| character | sides |") and lines[2].startswith("| Ninja | 2 | 4 | 2 | 2/")
    (tmp_path / "bad.jsonl").write_text('{"format": "yomi-trace/1"}\n')
    assert yomi_main(["parity", "coverage", str(tmp_path / "bad.jsonl")]) == 2
    assert "not a yomi-trace header" in capsys.readouterr().err
