"""``yomi replay import``: the real game's replay files, re-simulated by our engine, give the game's match.

The reference replays (tests/data/parity/replays/) were saved by the game's own replay code
(``ReplayManager.save_replay``) at the end of matches recorded by ``yomi record --replay``; the
Godot trace of the same run lies beside each.  Importing a replay must give that trace, tick for
tick.  The malformed replays below are those files decoded, changed and encoded again by the test
encoder (support/godot_variant.py), each change named.
"""
from __future__ import annotations

import gzip

import pytest

from integration.tools.cli import main as yomi_main
from integration.tools.replay.importer import import_replay
from integration.tools.replay.replayfile import read_replay
from integration.tools.replay.variant import Limits, ReplayError, decode_stored
from integration.tracefile import read_trace
from support.data import REPLAYS, replay_names, replay_trace_path
from support.godot_variant import store_var

NAMES = replay_names()


def godot_trace(name: str):
    return read_trace(replay_trace_path(name), require_end=True)


def test_reference_replays_ship():
    assert len(NAMES) >= 3, f"the reference replays are missing from {REPLAYS}"
    total = sum(p.stat().st_size for p in REPLAYS.iterdir())
    assert total < 1 << 20   # the folder stays small


def _same_match(godot, ours) -> None:
    assert [t["tick"] for t in ours.ticks] == [t["tick"] for t in godot.ticks]
    for expected, got in zip(godot.ticks, ours.ticks):
        for key in ("p1", "p2", "objects"):
            assert got[key] == expected[key], f"tick {expected['tick']}: {key}"
    assert [(t["tick"], t["p1"], t["p2"], sorted(t["legal"]["p1"]), sorted(t["legal"]["p2"])) for t in ours.turns] \
        == [(t["tick"], t["p1"], t["p2"], sorted(t["legal"]["p1"]), sorted(t["legal"]["p2"])) for t in godot.turns]
    assert godot.end is not None and ours.end is not None
    for key in ("tick", "winner", "reason", "p1_hp", "p2_hp", "turns"):
        assert ours.end[key] == godot.end[key], key
    assert ours.header["match_settings"] == godot.header["match_settings"]
    assert (ours.header["start"]["p1"], ours.header["start"]["p2"]) == (godot.header["start"]["p1"],
                                                                        godot.header["start"]["p2"])


@pytest.mark.parametrize("name", NAMES)
def test_a_game_replay_imports_to_the_games_own_trace(name, tmp_path):
    replay = read_replay(REPLAYS / f"{name}.replay.gz")
    godot = godot_trace(name)
    assert (replay.version, replay.p1, replay.p2, replay.seed) == (
        "1.9.27-steam-unstable", godot.header["p1"], godot.header["p2"], godot.header["seed"])
    # the game files each decision taken after tick N under tick N + 1
    for player, side in ((1, "p1"), (2, "p2")):
        assert replay.inputs[player] == {t["tick"] + 1: t[side] for t in godot.turns}
    summary = import_replay(replay, tmp_path / "out.jsonl.gz")
    assert summary["tick"] == godot.end["tick"]
    _same_match(godot, read_trace(tmp_path / "out.jsonl.gz", require_end=True))


def test_the_python_engine_imports_the_same_match(tmp_path):
    name = NAMES[0]
    import_replay(read_replay(REPLAYS / f"{name}.replay.gz"), tmp_path / "py.jsonl", engine="python")
    _same_match(godot_trace(name), read_trace(tmp_path / "py.jsonl"))


# ---------------------------------------------------------------- replays changed by hand

def _raw(name: str | None = None) -> dict:
    return decode_stored(gzip.decompress((REPLAYS / f"{name or NAMES[0]}.replay.gz").read_bytes()))


def _write(tmp_path, data: dict, gz: bool = False):
    path = tmp_path / ("r.replay.gz" if gz else "r.replay")
    raw = store_var(data)
    path.write_bytes(gzip.compress(raw) if gz else raw)
    return path


def _import_error(tmp_path, data: dict) -> str:
    with pytest.raises(ReplayError) as info:
        import_replay(read_replay(_write(tmp_path, data)), tmp_path / "out.jsonl.gz")
    assert not (tmp_path / "out.jsonl.gz").exists()   # nothing half-written
    return str(info.value)


def test_a_replay_from_another_game_version_is_refused_by_name(tmp_path):
    data = _raw()
    data["version"] = "1.9.20-steam"
    assert "game version '1.9.20-steam'" in _import_error(tmp_path, data)


def test_an_input_the_engine_never_asked_for_is_refused(tmp_path):
    data = _raw()
    data["frames"][1][3] = {"action": "Continue", "data": None, "extra": None}
    assert "never asked for (the first for player 1 at tick 3)" in _import_error(tmp_path, data)


def test_a_missing_input_is_refused(tmp_path):
    data = _raw()
    second = sorted(data["frames"][2])[1]
    del data["frames"][2][second]
    assert f"no input of player 2 for tick {second}" in _import_error(tmp_path, data)


def test_an_input_the_engine_refuses_is_named(tmp_path):
    data = _raw()
    first = min(data["frames"][1])
    data["frames"][1][first]["action"] = "NoSuchMove"
    assert f"tick {first}: the engine refuses player 1's input 'NoSuchMove'" in _import_error(tmp_path, data)


def test_unknown_settings_and_characters_are_refused(tmp_path):
    data = _raw()
    data["spectating"] = True
    assert "settings the engine does not know: 'spectating'" in _import_error(tmp_path, data)
    data = _raw()
    data["selected_characters"][2]["name"] = "ModChar"
    assert "cannot start this match" in _import_error(tmp_path, data)


def test_a_watched_replay_saved_again_plays_as_single_player(tmp_path):
    # main.gd marks a replay being watched with match_data["replay"] and plays it single-player
    data = _raw()
    data["replay"], data["singleplayer"] = True, False
    import_replay(read_replay(_write(tmp_path, data)), tmp_path / "out.jsonl.gz")
    _same_match(godot_trace(NAMES[0]), read_trace(tmp_path / "out.jsonl.gz"))


def test_a_replay_saved_mid_match_gives_a_trace_without_end(tmp_path):
    data = _raw()
    godot = godot_trace(NAMES[0])
    keep = {t["tick"] + 1 for t in godot.turns[:5]}
    for player in (1, 2):
        data["frames"][player] = {k: v for k, v in data["frames"][player].items() if k in keep}
    summary = import_replay(read_replay(_write(tmp_path, data, gz=True)), tmp_path / "out.jsonl")
    ours = read_trace(tmp_path / "out.jsonl")
    assert summary["reason"] == "unfinished" and ours.end is None
    assert len(ours.turns) == 5 and ours.ticks[-1]["tick"] == godot.turns[5]["tick"]
    assert ours.ticks == godot.ticks[:len(ours.ticks)]


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("version"), "has no 'version'"),
    (lambda d: d.__setitem__("seed", "7"), "['seed'] is a str, not a int"),
    (lambda d: d["frames"].__setitem__(1, []), "frames[1] is a list, not a dict"),
    (lambda d: d["frames"][1].__setitem__(-5, {"action": "Continue"}), "frames[1][-5]: a tick must be an int"),
    (lambda d: d["frames"][2].__setitem__(9, {"data": None}), "frames[2][9] has no 'action'"),
    (lambda d: d["frames"][2].__setitem__(9, {"action": "Wait", "data": float("inf")}), "non-finite"),
])
def test_malformed_replays_are_one_error_naming_the_field(change, message, tmp_path):
    data = _raw()
    change(data)
    with pytest.raises(ReplayError) as info:
        read_replay(_write(tmp_path, data))
    assert message in str(info.value) and str(tmp_path / "r.replay") in str(info.value)


def test_a_gzip_bomb_stops_at_the_limit(tmp_path):
    bomb = tmp_path / "bomb.replay.gz"
    bomb.write_bytes(gzip.compress(b"\0" * (32 << 20), compresslevel=1))   # 32 KB that expand to 32 MiB
    with pytest.raises(ReplayError, match="max_bytes"):
        read_replay(bomb, Limits(max_bytes=1 << 20))


# ---------------------------------------------------------------- the command

def test_the_command_imports_a_replay(tmp_path, capsys):
    name = NAMES[0]
    out = tmp_path / "t.jsonl.gz"
    assert yomi_main(["replay", "import", str(REPLAYS / f"{name}.replay.gz"), "-o", str(out)]) == 0
    godot = godot_trace(name)
    assert f"{len(godot.turns)} turns to tick {godot.end['tick']}" in capsys.readouterr().out
    assert yomi_main(["parity", "trace", str(out)]) == 0
    assert yomi_main(["watch", str(out), "--out", str(tmp_path / "page.html")]) == 0
    assert (tmp_path / "page.html").stat().st_size > 0


@pytest.mark.parametrize("argv, message", [
    (["import", "{tmp}/none.replay", "-o", "{tmp}/o.jsonl"], "none.replay: no such file"),
    (["import", "{tmp}", "-o", "{tmp}/o.jsonl"], "is a directory"),
    (["import", "{tmp}/bad.replay", "-o", "{tmp}/o.jsonl"], "length prefix"),
    (["import", "{tmp}/bad.replay", "-o", "{tmp}/no/o.jsonl"], "does not exist"),
    (["import", "{tmp}/bad.replay", "-o", "{tmp}/o.jsonl", "--max-replay-mb", "0.000001"], "max_bytes"),
])
def test_command_errors_are_one_line_and_exit_2(argv, message, tmp_path, capsys):
    (tmp_path / "bad.replay").write_bytes(b"\x05\x00\x00\x00abc")
    code = yomi_main(["replay"] + [a.format(tmp=tmp_path) for a in argv])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1
    assert not (tmp_path / "o.jsonl").exists()
