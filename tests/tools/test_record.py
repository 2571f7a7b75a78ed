"""``yomi record``: argument handling and the checkout check everywhere; real recordings in Godot.

The tests that run Godot need Godot 3 (``$YOMI_GODOT``, or ``godot3-server`` on PATH) and a
checkout of the game's source at commit 4450348 (``$YOMI_GAME_DIR``); they skip with that
reason otherwise (on CI too).  The prepared copy of the game goes to ``$YOMI_RECORD_CACHE``
(default ``~/.cache/yomi/record``) and is reused between runs.
"""
from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from integration.tools.cli import main as yomi_main
from integration.tools.parity import data
from integration.tools.parity.common import read_jsonl
from integration.tools.parity.fgobject import differences
from integration.tools.record import cli as record
from integration.tools.record import prepare
from integration.tracefile import read_trace
from support.godot import GAME_DIR, GODOT, needs_game, needs_godot

SHORT_GAME = 150  # ticks: a few dozen decisions, a few seconds of Godot


# ------------------------------------------------------------------ without Godot

def test_seed_lists_and_pairings():
    assert record.parse_seeds("7") == [7]
    assert record.parse_seeds("100-103,7,101") == [100, 101, 102, 103, 7]
    for bad in ("5-3", "x", "-1", "1-", str(2**31)):
        with pytest.raises(Exception, match="seed"):
            record.parse_seeds(bad)
    assert len(record.parse_pairings("all")) == 25
    assert record.parse_pairings("all")[:2] == [("Ninja", "Ninja"), ("Ninja", "Cowboy")]
    assert record.parse_pairings("mirrors")[4] == ("Mutant", "Mutant")
    assert record.parse_pairings("ninja-WIZARD") == [("Ninja", "Wizard")]
    with pytest.raises(Exception, match="unknown character 'Pirate'"):
        record.parse_pairings("Ninja-Pirate")
    # the shipped traces' names
    assert record.trace_name("Ninja", "Ninja", 200, "base") == "Ninja_vs_Ninja_base_s200.jsonl.gz"
    assert record.trace_name("Ninja", "Wizard", 104, "all") == "Ninja_vs_Wizard_s104.jsonl.gz"
    assert record.trace_name("Robot", "Cowboy", 4001, "rare") == "Robot_vs_Cowboy_rare_s4001.jsonl.gz"


def test_batch_builds_every_pairing_for_every_seed(tmp_path):
    args = record.parser().parse_args(["--game-dir", ".", "--pairings", "mirrors", "--seeds", "10-11",
                                       "--moves", "rare", "--out-dir", str(tmp_path)])
    matches = record.build_matches(args)
    assert len(matches) == 10
    assert matches[0].out == tmp_path / "Ninja_vs_Ninja_rare_s10.jsonl.gz" and matches[0].moves == "rare"
    assert {m.seed for m in matches} == {10, 11}


@pytest.mark.parametrize("argv, message", [
    (["--p1", "Ninja", "--seed", "1"], "give --p1 and --p2"),
    (["--p1", "Ninja", "--p2", "Ninja"], "give --seed"),
    (["--pairings", "all"], "--pairings needs --seeds"),
    (["--pairings", "all", "--seeds", "1", "--p1", "Ninja"], "the batch form"),
    (["--p1", "Ninja", "--p2", "Ninja", "--seeds", "1-2", "-o", "x.jsonl.gz"], "-o names one file"),
    (["--p1", "Ninja", "--p2", "Ninja", "--seeds", "1-2", "--replay", "x.replay"], "--replay names one file"),
    (["--pairings", "all", "--seeds", "1", "--replay", "x.replay"], "the batch form"),
    (["--p1", "Ninja", "--p2", "Ninja", "--seed", "1", "--reference", "nowhere"], "steers --moves directed only"),
    (["--p1", "Ninja", "--p2", "Ninja", "--seed", "1", "--moves", "directed", "--reference", "nowhere"],
     "--reference: nowhere: no such file"),
])
def test_bad_requests_are_one_clear_error(argv, message, tmp_path, capsys):
    assert yomi_main(["record", "--game-dir", str(tmp_path)] + argv) == 2
    assert message in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_bad_values_are_refused_by_the_parser(capsys):
    for argv in (["--game-length", "0"], ["--moves", "some"], ["--p1", "Pirate"], ["--seed", "1-3"]):
        with pytest.raises(SystemExit) as exc:
            record.main(["--game-dir", ".", *argv])
        assert exc.value.code == 2


def test_settings_are_typed_as_the_panel_writes_them():
    assert record.parse_setting("char_distance=16") == ("char_distance", 16)
    assert record.parse_setting("brace_enabled=TRUE") == ("brace_enabled", True)
    assert record.parse_setting("starting_meter=9.99") == ("starting_meter", "9.99")  # a slider: a string
    for bad in ("char_distance", "speed=3", "char_distance=x", "brace_enabled=1", "starting_meter=nan",
                "stage_width=99999999"):
        with pytest.raises(Exception, match="bad"):
            record.parse_setting(bad)


def test_preferences_name_a_move_and_its_widgets_for_one_or_both_players():
    both = record.parse_prefer("Grab")
    assert (both.players, both.move, both.widgets) == ((1, 2), "Grab", ())
    qs = record.parse_prefer("p1:QuickSlash,Attack=Kick,Direction=1:0")
    assert (qs.players, qs.move, qs.widgets) == ((1,), "QuickSlash", (("Attack", "Kick"), ("Direction", "1:0")))
    grab = record.parse_prefer("p2:AirGrab,Direction=S")
    # the driver's config: per player, in the order given
    assert record.prefer_config((qs, grab, both)) == {
        "1": [{"move": "QuickSlash", "widgets": {"Attack": "Kick", "Direction": "1:0"}},
              {"move": "Grab", "widgets": {}}],
        "2": [{"move": "AirGrab", "widgets": {"Direction": "S"}}, {"move": "Grab", "widgets": {}}]}
    for bad in ("", "p3:Grab", "p1:", "Grab,Direction", "Grab,=S", "Grab,Direction=", "Grab Now",
                "Grab,Direction=S;rm", "p1:Grab,Dir ection=S"):
        with pytest.raises(Exception, match="bad --prefer"):
            record.parse_prefer(bad)


def test_preferences_reach_every_match_of_a_batch(tmp_path):
    args = record.parser().parse_args(["--game-dir", ".", "--pairings", "Robot-Mutant", "--seeds", "1-2",
                                       "--prefer", "p1:Propel,DriveCancel=true", "--out-dir", str(tmp_path)])
    assert [m.prefer for m in record.build_matches(args)] == [(record.parse_prefer("p1:Propel,DriveCancel=true"),)] * 2


def test_directed_batch_varies_settings_and_names_them(tmp_path):
    args = record.parser().parse_args(["--game-dir", ".", "--p1", "Robot", "--p2", "Robot", "--seeds", "1-3",
                                       "--moves", "directed", "--vary-settings", "--setup", "singleplayer",
                                       "--setting", "char_distance=40", "--out-dir", str(tmp_path)])
    matches = record.build_matches(args)
    names = [record.SETTING_PRESETS[i][0] for i in range(3)]
    assert [m.out.name for m in matches] == [f"Robot_vs_Robot_directed_sp_{n}_s{s}.jsonl.gz"
                                             for n, s in zip(names, (1, 2, 3))]
    assert all(m.setup == "singleplayer" and dict(m.settings)["char_distance"] == 40 for m in matches)  # --setting wins
    assert dict(matches[0].settings)["extremely_turbo_mode"] is True


def test_the_presets_give_every_simulation_setting_a_non_default_value():
    from yomi.match import DEFAULT_SETTINGS

    # the turn clock, frame-by-frame, prediction and the P2 dummy are the panel's presentation:
    # no simulation reads them (game_length is --game-length)
    ui_only = {"turn_time", "chess_timer", "turn_min_length", "frame_by_frame", "prediction_enabled", "p2_dummy",
               "game_length"}
    varied = {k for _, preset in record.SETTING_PRESETS for k, v in preset.items() if v != DEFAULT_SETTINGS[k]}
    # p2_dummy is not offered: the bot plays both sides, so P2 is never the panel's training dummy
    assert set(record.PANEL_SETTINGS) == set(DEFAULT_SETTINGS) - {"p2_dummy"}
    assert varied == set(DEFAULT_SETTINGS) - ui_only
    for _, preset in record.SETTING_PRESETS:
        for key, value in preset.items():
            assert isinstance(value, record.PANEL_SETTINGS[key]), key


def test_directed_coverage_adds_the_batch_to_the_reference():
    shipped = data.trace_paths("Ninja_vs_Ninja_s100*")
    reference = record.directed_coverage(shipped)
    assert "Wait" in reference["Ninja"]["states"] and reference["Ninja"]["chosen"]["Continue"] > 0
    both = record.directed_coverage(shipped, reference)
    assert both["Ninja"]["states"] == reference["Ninja"]["states"]
    assert both["Ninja"]["chosen"]["Continue"] == 2 * reference["Ninja"]["chosen"]["Continue"]


def test_moves_preferred_together_are_parsed_and_reach_every_match(tmp_path):
    assert record.parse_prefer_any("Telekinesis, Launch,Telekinesis") == ["Telekinesis", "Launch"]
    for bad in ("", "Launch,", "Bad Name", "a/b", "x" * 65):
        with pytest.raises(Exception, match="bad move name"):
            record.parse_prefer_any(bad)
    args = record.parser().parse_args(["--game-dir", ".", "--p1", "Wizard", "--p2", "Wizard", "--seeds", "1-2",
                                       "--prefer-any", "Telekinesis,Launch", "--prefer-any", "Orb,Launch",
                                       "--out-dir", str(tmp_path)])
    assert [m.prefer_any for m in record.build_matches(args)] == [("Telekinesis", "Launch", "Orb")] * 2


def test_a_folder_that_is_not_the_game_is_refused(tmp_path):
    with pytest.raises(prepare.RecordError, match="not a Godot project"):
        prepare.check_game_dir(tmp_path)
    (tmp_path / "project.godot").write_text("config_version=4\n")
    with pytest.raises(prepare.RecordError, match="not the game's source at commit 4450348") as exc:
        prepare.check_game_dir(tmp_path)
    assert "project.godot differ" not in str(exc.value) and "project.godot, game.gd (missing)" in str(exc.value)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_checkout_at_another_commit_is_named(tmp_path):
    (tmp_path / "project.godot").write_text("config_version=4\n")
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    for command in (["init", "-q"], ["add", "."], ["commit", "-qm", "x"]):
        subprocess.run(["git", "-C", str(tmp_path), *command], check=True, env=env)
    head = subprocess.run(["git", "-C", str(tmp_path), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    with pytest.raises(prepare.RecordError, match=f"is at commit {head[:12]}, not 4450348"):
        prepare.check_game_dir(tmp_path)


def test_the_project_patch():
    # A project.godot shaped like a Godot 3 project's (our own text, not the game's).
    entry = '{{\n"base": "Reference",\n"class": "{0}",\n"language": "NativeScript",\n"path": "res://bin/{0}.gdns"\n}}'
    classes = ", ".join(entry.format(c) for c in ("FGCharacter", "FGObject", "FixedMath", "HelloWorld",
                                                    "NativeMethods", "GameSimulation"))
    text = (f"config_version=4\n\n_global_script_classes=[ {classes} ]\n_global_script_class_icons={{\n"
            '"FGCharacter": "",\n"FGObject": "",\n"HelloWorld": ""\n}\n\n[autoload]\n\nGlobal="*res://Global.gd"\n')
    patched = prepare.patch_project(text)
    assert '"path": "res://_yomi_record/stubs/FixedMath.gd"' in patched
    assert '"path": "res://_yomi_record/stubs/FGObject.gd"' in patched
    assert '"path": "res://_yomi_record/stubs/NativeMethods.gd"' in patched
    assert "gdns" not in patched and "FGCharacter" not in patched and "HelloWorld" not in patched
    assert patched.index('Steam="*res://_yomi_record/stubs/SteamStub.gd"') < patched.index('Global="')
    with pytest.raises(prepare.RecordError, match="Steam autoload"):
        prepare.patch_project(patched)


def test_outputs_are_reproducible_bytes(tmp_path):
    raw = b'{"format":"yomi-trace/1"}\n' * 100
    record.write_output(raw, tmp_path / "a.jsonl.gz")
    record.write_output(raw, tmp_path / "b.jsonl.gz")
    packed = (tmp_path / "a.jsonl.gz").read_bytes()
    assert packed == (tmp_path / "b.jsonl.gz").read_bytes()
    assert packed[4:8] == b"\0\0\0\0" and gzip.decompress(packed) == raw  # mtime 0
    record.write_output(raw, tmp_path / "c.jsonl")
    assert (tmp_path / "c.jsonl").read_bytes() == raw


def test_our_godot_files_are_all_ours():
    """Every GDScript file shipped for the recorder says it was written for yomi (no game file)."""
    files = sorted(prepare.OURS.rglob("*.gd"))
    assert {p.name for p in files} >= {"TraceDriver.gd", "TickRecorder.gd", "FixedMath.gd", "FGObject.gd",
                                       "NativeMethods.gd", "SteamStub.gd", "VectorCheck.gd", "FGObjectCheck.gd"}
    for path in files:
        head = path.read_text()[:1500].lower()
        assert "written" in head and ("yomi" in head or "harness" in head), path


# ------------------------------------------------------------------ with Godot and the game

def _record(out: Path, *extra: str, seed: str = "7", p1: str = "Ninja", p2: str = "Wizard",
            length: int = SHORT_GAME) -> Path:
    code = yomi_main(["record", "--game-dir", GAME_DIR, "--godot", GODOT, "--p1", p1, "--p2", p2, "--seed", seed,
                      "--game-length", str(length), "-o", str(out), *extra])
    assert code == 0
    return out


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("record")
    return {"first": _record(folder / "a.jsonl.gz"), "second": _record(folder / "b.jsonl.gz"),
            "base": _record(folder / "base.jsonl.gz", "--moves", "base"),
            "rare": _record(folder / "rare.jsonl.gz", "--moves", "rare", seed="8", p1="Robot", p2="Cowboy")}


@needs_game
def test_same_seed_same_bytes(recorded):
    assert recorded["first"].read_bytes() == recorded["second"].read_bytes()
    records = [r for _, r in read_jsonl(recorded["first"])]
    header, end = records[0], records[-1]
    assert (header["format"], header["p1"], header["p2"], header["seed"]) == ("yomi-trace/1", "Ninja", "Wizard", 7)
    assert header["source_commit"] == "4450348" and header["match_settings"]["game_length"] == SHORT_GAME
    assert end["t"] == "end" and "moves" not in header
    assert all("legal" in r for r in records if r.get("t") == "turn")


@needs_game
@pytest.mark.parametrize("engine", ["python", "c"])
@pytest.mark.parametrize("which", ["first", "base", "rare"])
def test_recordings_replay_identically(recorded, which, engine, capsys):
    assert yomi_main(["parity", "trace", str(recorded[which]), "--engine", engine]) == 0
    assert "parity: 1/1 traces identical" in capsys.readouterr().out


@needs_game
def test_the_games_own_replay_of_a_recording_imports_to_the_same_trace(tmp_path):
    """``--replay`` keeps the replay the game's ReplayManager saved; imported, it is the recording."""
    trace = _record(tmp_path / "m.jsonl.gz", "--replay", str(tmp_path / "m.replay"), seed="9", p1="Mutant",
                    p2="Ninja")
    assert (tmp_path / "m.replay").read_bytes()[4:8] == bytes.fromhex("12000000")   # a Dictionary
    assert yomi_main(["replay", "import", str(tmp_path / "m.replay"), "-o", str(tmp_path / "i.jsonl.gz")]) == 0
    godot, ours = read_trace(trace), read_trace(tmp_path / "i.jsonl.gz")
    assert [t["tick"] for t in godot.ticks] == [t["tick"] for t in ours.ticks]
    for a, b in zip(godot.ticks, ours.ticks):
        assert {k: a[k] for k in ("p1", "p2", "objects")} == {k: b[k] for k in ("p1", "p2", "objects")}, a["tick"]
    assert [(t["tick"], t["p1"], t["p2"]) for t in godot.turns] == [(t["tick"], t["p1"], t["p2"]) for t in ours.turns]


@needs_game
def test_the_bot_mode_is_in_the_header(recorded):
    base = next(read_jsonl(recorded["base"]))[1]
    rare = next(read_jsonl(recorded["rare"]))[1]
    assert base["moves"] == "base" and len(base["base_states"]) == 57  # BaseChar.tscn's states
    assert rare["moves"] == "rare" and "base_states" not in rare


@needs_game
def test_directed_mode_sets_the_match_up_through_the_panel(tmp_path):
    """--setup and --setting go through the game's settings panel: its mode (Sadness off in single
    player) and its limits (the start distance's minimum is 16); the bot prefers unreached states."""
    out = _record(tmp_path / "d.jsonl.gz", "--moves", "directed", "--setup", "singleplayer",
                  "--setting", "char_distance=5", "--setting", "brace_enabled=true", seed="3", p1="Mutant",
                  p2="Mutant", length=120)
    records = [r for _, r in read_jsonl(out)]
    header = records[0]
    assert (header["moves"], header["setup"]) == ("directed", "singleplayer")
    settings = header["match_settings"]
    assert settings["sadness_enabled"] is False and settings["char_distance"] == 16 and settings["brace_enabled"]
    assert yomi_main(["parity", "trace", str(out), "--engine", "c"]) == 0


@needs_game
def test_a_preferred_move_is_taken_with_its_widgets_when_offered(tmp_path):
    """--prefer: both Ninjas grab at their first decision from 16 pixels apart and tech the throw
    (ThrowTech: both throwing at once, game.gd); P1's Quick Slash would carry its named attack."""
    out = _record(tmp_path / "p.jsonl.gz", "--setting", "char_distance=16", "--prefer", "Grab,Dash=true",
                  "--prefer", "p1:QuickSlash,Attack=Kick", seed="2", p1="Ninja", p2="Ninja", length=40)
    records = [r for _, r in read_jsonl(out)]
    assert records[0]["prefer"] == {"p1": [{"move": "Grab", "widgets": {"Dash": "true"}},
                                           {"move": "QuickSlash", "widgets": {"Attack": "Kick"}}],
                                    "p2": [{"move": "Grab", "widgets": {"Dash": "true"}}]}
    first = next(r for r in records if r.get("t") == "turn")
    for side in ("p1", "p2"):
        assert first[side]["action"] == "Grab" and first[side]["data"]["Dash"] is True
    states = {r["p1"]["state"] for r in records if r.get("t") == "tick"}
    assert "ThrowTech" in states


@needs_game
def test_moves_preferred_together_are_chosen_among_whenever_offered(tmp_path):
    """--prefer-any: at every decision where the panel offers a preferred move, the bot takes one of
    them or Continue; the header names them; the recording replays identically."""
    preferred = {"Grab", "Jump"}
    out = _record(tmp_path / "p.jsonl.gz", "--moves", "directed", "--prefer-any", "Jump,Grab", seed="5", p1="Ninja",
                  p2="Ninja", length=120)
    records = [r for _, r in read_jsonl(out)]
    assert records[0]["prefer_any"] == sorted(preferred)
    taken = 0
    for rec in records:
        if rec.get("t") != "turn":
            continue
        for side in ("p1", "p2"):
            if preferred & set(rec["legal"][side]):
                assert rec[side]["action"] in preferred | {"Continue"}, (rec["tick"], side)
                taken += rec[side]["action"] in preferred
    assert taken > 0
    assert yomi_main(["parity", "trace", str(out), "--engine", "c"]) == 0


@needs_game
@pytest.mark.slow
def test_a_shipped_trace_is_recorded_again_byte_for_byte(tmp_path):
    """The recorder reproduces a shipped reference trace: same lines, same bytes once decompressed."""
    out = _record(tmp_path / "x.jsonl.gz", "--moves", "base", seed="200", p1="Ninja", p2="Ninja", length=3000)
    shipped = data.SHIPPED / "traces" / "Ninja_vs_Ninja_base_s200.jsonl.gz"
    assert gzip.decompress(out.read_bytes()) == gzip.decompress(shipped.read_bytes())


def _vector_project(tmp: Path, scene: str) -> list[str]:
    for path in (prepare.OURS / "vectorcheck").iterdir():
        shutil.copy(path, tmp / path.name)
    for name in ("FixedMath.gd", "FGObject.gd"):
        shutil.copy(prepare.OURS / "stubs" / name, tmp / name)
    return [GODOT, "--path", str(tmp), f"res://{scene}"]


@needs_godot
def test_fixedmath_stand_in_matches_the_shipped_vectors():
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        vectors = tmp / "vectors.jsonl"
        vectors.write_text("".join(json.dumps(r) + "\n" for _, r in read_jsonl(data.vector_file(data.FIXEDMATH))))
        env = dict(os.environ, YOMI_VECTORS=str(vectors), YOMI_VECTORS_OUT=str(tmp / "report.json"),
                   XDG_DATA_HOME=str(tmp / "xdg"))
        subprocess.run(_vector_project(tmp, "VectorCheck.tscn"), env=env, capture_output=True, timeout=1200)
        report = json.loads((tmp / "report.json").read_text())
    assert (report["total"], report["ok"], report["skipped"]) == (31334, 31334, 0), report["first_mismatches"][:3]


def _tag_ints(value):
    """Arguments for Godot: ints as decimal strings (Godot 3 parses JSON numbers as doubles)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return {"int": str(value)}


@needs_godot
def test_fgobject_stand_in_matches_the_shipped_vectors():
    records = [r for n, r in read_jsonl(data.vector_file(data.FGOBJECT)) if n > 1]
    sequences = [[{"o": c.get("o", "A"), "m": c["m"], "a": [_tag_ints(a) for a in c["a"]]} for c in r["calls"]]
                 for r in records]
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        (tmp / "vectors.json").write_text(json.dumps(sequences))
        env = dict(os.environ, YOMI_VECTORS=str(tmp / "vectors.json"), YOMI_VECTORS_OUT=str(tmp / "out.jsonl"),
                   XDG_DATA_HOME=str(tmp / "xdg"))
        subprocess.run(_vector_project(tmp, "FGObjectCheck.tscn"), env=env, capture_output=True, timeout=1200)
        got = [json.loads(line) for line in (tmp / "out.jsonl").read_text().splitlines()]
    expected = [call for r in records for call in r["calls"]]
    assert len(got) == len(expected) == 16300
    mismatches = []
    for want, have in zip(expected, got):
        diffs = list(differences(want.get("ret"), have["ret"], "ret")) + list(
            differences(want["state"], have["state"], "state"))
        if have["failed"] != ("panic" in want):
            diffs.append(("failed", "panic" in want, have["failed"]))
        if diffs:
            mismatches.append((want["m"], want["a"], diffs[0]))
    assert not mismatches, f"{len(mismatches)} calls differ, first: {mismatches[:3]}"
