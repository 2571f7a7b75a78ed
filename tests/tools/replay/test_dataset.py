"""``yomi replay dataset``: the decisions of the game's reference replays in the env's layout.

Checked against the Godot trace recorded in the same run as each replay: one row per player per
turn, the legal moves in each row's move mask are the moves the game's panel offered, and each row's
action decodes to the move the game's player chose.
"""
from __future__ import annotations

import numpy as np
import pytest

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.tools.cli import main as yomi_main
from integration.tools.replay.dataset import build_dataset
from integration.tools.replay.variant import ReplayError
from integration.tracefile import read_trace
from support.data import REPLAYS, replay_trace_path


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    out = tmp_path_factory.mktemp("ds") / "d.npz"
    build_dataset(REPLAYS, out)
    with np.load(out) as data:
        return {k: data[k] for k in data.files}


def test_every_decision_of_every_replay_is_a_row(dataset):
    files = list(dataset["files"])
    assert files == sorted(p.name for p in REPLAYS.glob("*.replay.gz"))
    n = len(dataset["obs"])
    assert dataset["obs"].shape == (n, O.OBS_SIZE) and dataset["actions"].shape == (n, AL.N_HEADS)
    for index, name in enumerate(files):
        godot = read_trace(replay_trace_path(name[:-len(".replay.gz")]))
        rows = np.nonzero(dataset["replay"] == index)[0]
        assert len(rows) == 2 * len(godot.turns)
        assert list(dataset["tick"][rows[::2]]) == [t["tick"] for t in godot.turns]
        assert list(dataset["player"][rows]) == [1, 2] * len(godot.turns)


def test_masks_and_actions_are_the_games_choices(dataset):
    for index, name in enumerate(dataset["files"]):
        godot = read_trace(replay_trace_path(str(name)[:-len(".replay.gz")]))
        rows = np.nonzero(dataset["replay"] == index)[0]
        for k, turn in enumerate(godot.turns):
            for player, side in ((1, "p1"), (2, "p2")):
                row = rows[2 * k + player - 1]
                character = int(dataset["character"][row])
                assert AL.CHARACTERS[character] == godot.header[side]
                names = AL.unified_move_names(AL.CHARACTERS[character])
                offered = {names[u] for u in np.nonzero(dataset["move_mask"][row])[0]}
                extra = turn[side]["extra"] or {}
                if extra.get("input_grounded") or extra.get("input_aerial"):
                    # the Cowboy's panel lists moves with its air/ground input flags; the env's move
                    # mask is the one offered before those flags are chosen
                    if not dataset["allowed"][row]:
                        assert turn[side]["action"] in turn["legal"][side] and turn[side]["action"] not in offered
                else:
                    assert offered == set(turn["legal"][side]), (name, turn["tick"], side)
                    assert dataset["allowed"][row]
                assert names[int(dataset["actions"][row, 0])] == turn[side]["action"]
                # the masks packed in the observation are the same masks
                move, _ = AL.decode_masks(dataset["obs"][row, O.FEATURE_SIZE:])
                assert np.array_equal(move.astype(bool), dataset["move_mask"][row])


def test_a_folder_without_replays_is_one_error(tmp_path, capsys):
    with pytest.raises(ReplayError, match="no .replay"):
        build_dataset(tmp_path, tmp_path / "d.npz")
    assert yomi_main(["replay", "dataset", str(tmp_path), "-o", str(tmp_path / "d.npz")]) == 2
    assert "no .replay or .replay.gz files" in capsys.readouterr().err
    assert not (tmp_path / "d.npz").exists()
