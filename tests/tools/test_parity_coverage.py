"""``yomi parity coverage``: figures from a hand-written trace, and the shape of the shipped set."""
from __future__ import annotations

import collections
import json

import pytest

from integration.tools.cli import main as yomi_main
from integration.tools.parity import coverage, data
from integration.tools.parity.common import ParityInputError
from states.data import CHARACTER_NAMES, load_character


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
    assert out.startswith("coverage of 67 traces (by bot mode: all 25, base 10, directed 32)")
    seen, _ = coverage.scan(data.trace_paths())
    figures = coverage.report(seen, coverage.load_reasons(data.SHIPPED / coverage.REASONS_FILE))
    # 25 all-moves traces (5x5 pairings: 8 cross sides + 2 mirror sides each), 10 base traces (one
    # mirror and two cross pairings each): 14 sides per character; and the directed traces' sides
    directed = collections.Counter(side for p in data.trace_paths("*_directed_*") for side in p.name.split("_vs_")[:1]
                                   + [p.name.split("_vs_")[1].split("_")[0]])
    assert {name: f["sides"] for name, f in figures.items()} == {n: 14 + directed[n] for n in directed}
    for name, f in figures.items():
        assert f["decisions_with_legal"] == f["decisions"]  # every shipped trace has legal lists
        # the game never offers a move its scene does not have, nor reaches an unlisted state
        assert f["moves"]["not_in_tables"] == [] and f["states"]["not_in_tables"] == [], name
        assert f["objects"]["not_in_tables"] == [], name
        # extremely turbo mode offers every action button: every move is offered and chosen
        assert f["moves"]["never_offered"] == [] and f["moves"]["offered_never_chosen"] == [], name
    # the target: at most 2% of all fighter states not yet reached (and said so on the last line)
    left = sum(f["not_yet_reached"]["state"] for f in figures.values())
    assert left <= coverage.TARGET_SHARE * sum(f["states"]["total"] for f in figures.values())
    assert out.rstrip().endswith("target at most 2%: met")


def test_markdown_summary_and_bad_input(tmp_path, capsys):
    _tiny_trace(tmp_path / "t.jsonl")
    assert yomi_main(["parity", "coverage", "--markdown", str(tmp_path / "t.jsonl")]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| character | sides |") and lines[2].startswith("| Ninja | 2 | 4 | 2 | 2/")
    (tmp_path / "bad.jsonl").write_text('{"format": "yomi-trace/1"}\n')
    assert yomi_main(["parity", "coverage", str(tmp_path / "bad.jsonl")]) == 2
    assert "not a yomi-trace header" in capsys.readouterr().err


def _reasons(path, entries) -> None:
    path.write_text(json.dumps({"format": coverage.REASONS_FORMAT, "entries": entries}))


def test_reasons_group_what_is_never_reached(tmp_path, capsys):
    _tiny_trace(tmp_path / "t.jsonl")
    _reasons(tmp_path / "r.json", [
        {"character": "Ninja", "kind": "state", "name": "Hold", "reason": "unentered", "evidence": "a search"},
        {"character": "Ninja", "kind": "state", "name": "Jump", "reason": "dead_code", "evidence": "wrong"},
        {"character": "Ninja", "kind": "move", "name": "ForwardThrow", "reason": "online_only", "evidence": "x"}])
    figures = coverage.report(coverage.scan([tmp_path / "t.jsonl"])[0], coverage.load_reasons(tmp_path / "r.json"))
    ninja = figures["Ninja"]
    assert ninja["why"]["state"]["Hold"] == ["unentered", "a search"]
    assert ninja["why"]["state"]["Roll"] == [coverage.NOT_YET, ""]
    assert ninja["why"]["move"]["ForwardThrow"][0] == "online_only"
    # everything never reached but Hold counts against the target; Jump is reached: a contradiction
    assert ninja["not_yet_reached"]["state"] == len(ninja["states"]["never_reached"]) - 1
    assert ninja["contradicted"] == ["state Jump"]
    assert yomi_main(["parity", "coverage", str(tmp_path / "t.jsonl"), "--reasons", str(tmp_path / "r.json"),
                      "--evidence"]) == 0
    out = capsys.readouterr().out
    assert "states, unentered (1):\n      Hold: a search" in out
    assert "reason table entries for things the traces reach (1): state Jump" in out
    assert out.rstrip().splitlines()[-1].startswith("states not yet reached: ")


@pytest.mark.parametrize("table, message", [
    ({"format": "other", "entries": []}, "not a reason table"),
    ({"format": coverage.REASONS_FORMAT, "entries": [{"character": "Ninja"}]}, "entry 0 needs"),
    ({"format": coverage.REASONS_FORMAT, "entries": [
        {"character": "Ninja", "kind": "state", "name": "X", "reason": "not_yet_reached", "evidence": "e"}]},
     "reason one of"),
    ({"format": coverage.REASONS_FORMAT, "entries": [
        {"character": "Ninja", "kind": "state", "name": "X", "reason": "unentered", "evidence": "e"}] * 2},
     "repeats"),
])
def test_a_malformed_reason_table_is_one_clear_error(tmp_path, table, message, capsys):
    _tiny_trace(tmp_path / "t.jsonl")
    (tmp_path / "r.json").write_text(json.dumps(table))
    with pytest.raises(ParityInputError, match=message):
        coverage.load_reasons(tmp_path / "r.json")
    assert yomi_main(["parity", "coverage", str(tmp_path / "t.jsonl"), "--reasons", str(tmp_path / "r.json")]) == 2
    assert message in capsys.readouterr().err


def test_the_shipped_reason_table_names_real_things_and_no_trace_contradicts_it():
    reasons = coverage.load_reasons(data.SHIPPED / coverage.REASONS_FILE)
    assert reasons, "the reason table ships with the traces"
    tables = {load_character(k)["name"]: load_character(k) for k in CHARACTER_NAMES}
    for (character, kind, name), (reason, evidence) in reasons.items():
        table = tables[character]
        if kind == "state":
            assert name in table["states"], (character, name)
        elif kind == "move":
            assert name in table["menu_moves"], (character, name)
        elif kind == "object":
            assert name in {p.rsplit("/", 1)[-1][:-5] for p in table["objects"]}, (character, name)
        assert len(evidence) > 20, (character, name)
    figures = coverage.report(coverage.scan(data.trace_paths())[0], reasons)
    assert {name: f["contradicted"] for name, f in figures.items()} == dict.fromkeys(figures, [])
