"""Reference agents (integration/train/reference.py, agents/): the manifest, the checksum of every
shipped agent, and the default opponent of human play."""
from __future__ import annotations

import json

import pytest

from integration.train import reference
from integration.train.reference import default_opponent, load_manifest, reference_for, sha256_of

SHIPPED = load_manifest()
pytestmark = pytest.mark.usefixtures("one_torch_thread")


def write_manifest(folder, agents):
    folder.mkdir(exist_ok=True)
    (folder / "agents.json").write_text(json.dumps({"agents": agents}))


def entry(name, pairings, file=None):
    return {"name": name, "file": file or f"{name}.safetensors", "sha256": "0" * 64, "pairings": pairings,
            "command": "uv run train-selfplay", "commit": "abc1234"}


def test_the_pairing_s_agent_searching_each_turn_is_the_default_opponent(tmp_path):
    write_manifest(tmp_path, [entry("mirror", [["ninja", "ninja"]]), entry("all", [["random", "random"]])])
    assert reference_for("ninja", "ninja", tmp_path).name == "mirror"
    assert reference_for("wizard", "robot", tmp_path).name == "all"
    assert default_opponent("ninja", "ninja", tmp_path) == f"search:agent={tmp_path / 'mirror.safetensors'}"
    write_manifest(tmp_path, [entry("mirror", [["ninja", "ninja"]])])
    assert reference_for("ninja", "wizard", tmp_path) is None
    assert default_opponent("ninja", "wizard", tmp_path) == "search"  # no agent for it: the plain search
    assert default_opponent("ninja", "ninja", tmp_path / "none") == "search"


@pytest.mark.parametrize("agents, message", [
    ({"agents": "x"}, "expected"),
    ({"agents": [{"name": "a"}]}, "needs name"),
    ({"agents": [entry("a", [["ninja", "ninja"]], file="../outside.safetensors")]}, "inside"),
    ({"agents": [entry("a", [["ninja"]])]}, "pairs"),
])
def test_a_malformed_manifest_is_one_error_naming_the_field(tmp_path, agents, message):
    (tmp_path / "agents.json").write_text(json.dumps(agents))
    with pytest.raises(ValueError, match=message):
        load_manifest(tmp_path)


def test_the_repository_ships_a_reference_agent():
    assert SHIPPED, f"no agents listed in {reference.AGENTS_DIR / reference.MANIFEST}"


@pytest.mark.parametrize("agent", SHIPPED, ids=[a.name for a in SHIPPED])
def test_each_shipped_agent_is_the_file_that_was_measured_and_plays(agent):
    assert sha256_of(agent.path) == agent.sha256, f"{agent.path} is not the agent the manifest records"
    from integration.train.play import play_many

    # it loads as a network of today's action layout and plays the pairing it was trained on
    c1, c2 = (c if c != "random" else "ninja" for c in agent.pairings[0])
    result = play_many(str(agent.path), "random", 2, c1=c1, c2=c2, seed=0, envs=2)
    assert result["matches"] == 2


def test_a_run_rates_its_learner_against_the_reference_and_anchors_its_elo_there(tmp_path):
    from support.training import small

    from integration.train.trainer import Trainer

    first = Trainer(small(eval_interval=0), run_dir=tmp_path / "a", display=False)
    first.run(max_updates=1)
    path = first.save_policy(first.policy, tmp_path / "ref.safetensors")
    first.close()
    trainer = Trainer(small(eval_interval=0, eval_reference=str(path), eval_reference_matches=8),
                      run_dir=tmp_path / "b", display=False)
    trainer.run_dir.mkdir(parents=True)
    out = trainer.evaluate()
    assert out["eval/matches_reference"] == 8
    elo = trainer.evaluation.ratings.elo()
    assert elo["reference"] == 0.0 and out["eval/elo"] == elo["u0"]
    trainer.close()


def test_a_reference_that_cannot_be_played_is_refused_when_the_run_starts(tmp_path):
    from support.training import small

    from integration.train.trainer import Trainer

    with pytest.raises((ValueError, FileNotFoundError, SystemExit), match="missing"):
        Trainer(small(eval_reference=str(tmp_path / "missing.safetensors")), run_dir=tmp_path, display=False)
