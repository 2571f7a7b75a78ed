"""Best-response training (`train-selfplay --opponent/--init`) on the stand-in env: the learner
learns to beat a fixed opponent, only its own seats train, and bad arguments are one line."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from integration.train import checkpoint as ckpt
from integration.train.cli import main as cli_main
from integration.train.config import TrainConfig
from integration.train.opponent import FixedOpponent
from integration.train.trainer import Trainer
from support.training import TOY


pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


def test_learns_to_beat_a_fixed_opponent(tmp_path):
    """The toy env's scripted baseline beats an untrained policy (about 0.05 of the matches, seed 2:
    see the first assertion); 30 updates against it alone (120k agent steps, ~15 s on 2 cores)
    win about 0.9."""
    base = dict(env=TOY, num_envs=64, horizon=32, seed=2, eval_interval=0, eval_matches=128, plots=False,
                opponent="scripted", vec_workers=1)  # the one-process loop's figures
    untrained = Trainer(TrainConfig(**base, steps=1), run_dir=tmp_path / "u", display=False)
    summary = untrained.run(max_updates=0)
    untrained.close()
    assert summary["score_opponent"] < 0.2
    trainer = Trainer(TrainConfig(**base, steps=120_000), run_dir=tmp_path / "t", display=False)
    summary = trainer.run()
    trainer.close()
    low, high = summary["score_opponent_ci"]
    assert summary["opponent"] == "scripted" and summary["matches_opponent"] == 4 * 128
    assert low > 0.7, summary               # the whole 95 % interval well above an even match
    assert low <= summary["score_opponent"] <= high


def test_only_the_learner_seats_train_and_the_opponent_plays_its_own_moves():
    from support.toyenv import ToyDuel, scripted_policy

    env = ToyDuel(num_envs=6, seed=3)
    obs = torch.as_tensor(env.reset(seed=3)[0])
    spec = env.action_spec
    gen = torch.Generator().manual_seed(9)
    fixed = FixedOpponent(6, lambda o, m: scripted_policy(o, m, generator=gen), spec, gen,
                          np.random.default_rng(0))
    fixed.reassign(np.ones(6, dtype=bool))
    learner = fixed.learner_agents()
    opp = fixed.opponent_agents()
    assert learner.sum() == 6 and not learner[opp].any()               # one seat each, never the opponent's
    assert sorted(np.flatnonzero(learner).tolist() + opp.tolist()) == list(range(12))
    assert 0 < fixed.learner_seat.sum() < 6                            # both seats are drawn
    actions = torch.full((12, len(spec.head_sizes)), -1, dtype=torch.long)
    state = gen.get_state()
    fixed.opponent_actions(obs, actions)
    gen.set_state(state)
    expected = scripted_policy(obs[opp], spec.decode_masks(obs[opp]), generator=gen)
    assert torch.equal(actions[opp], expected) and (actions[learner] == -1).all()


def test_init_starts_from_the_checkpoint_weights(tmp_path):
    cfg = dict(env=TOY, num_envs=8, horizon=8, hidden=32, seed=5, eval_interval=0, eval_matches=8, plots=False,
               steps=10**9, final_eval_rounds=1, record_matches=False)
    first = Trainer(TrainConfig(**cfg), run_dir=tmp_path / "a", display=False)
    first.run(max_updates=2)
    first.close()
    path = tmp_path / "a" / "checkpoints" / ckpt.LATEST
    second = Trainer(TrainConfig(**{**cfg, "seed": 6}, init=str(path), opponent=str(path)), run_dir=tmp_path / "b",
                     display=False)
    saved = ckpt.load(path)["policy"]
    assert all(torch.equal(v, second.policy.state_dict()[k]) for k, v in saved.items())
    second.close()


def test_init_adopts_the_checkpoint_network_size(tmp_path, capsys):
    """`--init` with no size given builds the checkpoint's network (a best response against an agent
    of any size needs no --set); a size given on the command line that differs is refused."""
    cfg = dict(env=TOY, num_envs=8, horizon=8, hidden=24, layers=1, seed=5, eval_interval=0, eval_matches=8,
               plots=False, steps=10**9, final_eval_rounds=1, record_matches=False)
    first = Trainer(TrainConfig(**cfg), run_dir=tmp_path / "a", display=False)
    first.run(max_updates=1)
    first.close()
    path = str(tmp_path / "a" / "checkpoints" / ckpt.LATEST)
    common = ["--env", TOY, "--steps", "64", "--quiet", "--opponent", path, "--init", path,
              "--set", "num_envs=8", "--set", "horizon=8", "--set", "eval_interval=0", "--set", "eval_matches=8",
              "--set", "final_eval_rounds=1", "--set", "plots=false", "--set", "record_matches=false"]
    assert cli_main(common + ["--run-dir", str(tmp_path / "b")]) == 0
    saved = ckpt.load(tmp_path / "b" / "checkpoints" / ckpt.LATEST)["config"]
    assert (saved["hidden"], saved["layers"]) == (24, 1)
    capsys.readouterr()
    assert cli_main(common + ["--run-dir", str(tmp_path / "c"), "--set", "hidden=16"]) == 2
    assert "has hidden=24, layers=1; this run has hidden=16" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--opponent", "{missing}"], "no checkpoint at"),
    (["--opponent", "{not_a_checkpoint}"], "is not a readable checkpoint"),
    (["--init", "{missing}"], "--init: no checkpoint at"),
    (["--init", "{wide}"], "--init: "),
    (["--opponent", "{real_game}"], "another action layout"),
    (["--opponent", "search"], "the search clones matches of the real game's C engine"),
])
def test_bad_opponent_or_init_is_one_line_and_exit_2(tmp_path, capsys, args, message):
    (tmp_path / "junk.safetensors").write_bytes(b"not a checkpoint")
    spec = {"hidden": 64, "layers": 2}
    from support.toyenv import make_spec
    from integration.env import action_layout as AL
    ckpt.save_atomic(dict(policy={}, config=spec, spec=make_spec().describe()), tmp_path / "wide.safetensors")
    ckpt.save_atomic(dict(policy={}, config=spec, spec=AL.action_spec().describe()), tmp_path / "real.safetensors")
    paths = dict(missing=tmp_path / "none.safetensors", not_a_checkpoint=tmp_path / "junk.safetensors", wide=tmp_path / "wide.safetensors",
                 real_game=tmp_path / "real.safetensors")
    argv = [a.format(**paths) for a in args] + ["--env", TOY, "--steps", "100", "--quiet",
                                                  "--run-dir", str(tmp_path / "run")]
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not (tmp_path / "run" / "checkpoints").exists()


def test_resume_against_a_fixed_opponent_is_bit_exact(tmp_path):
    """4 updates in one go == 2, a checkpoint, a resume and 2 more: the opponent's generator and
    the learner seats travel in the checkpoint."""
    cfg = TrainConfig(env=TOY, num_envs=8, horizon=8, update_epochs=2, num_minibatches=2, hidden=32, seed=5,
                      steps=10**9, eval_interval=0, eval_matches=8, final_eval_rounds=1, plots=False,
                      checkpoint_interval=1000, opponent="random")
    whole = Trainer(cfg, run_dir=tmp_path / "whole", display=False)
    whole.run(max_updates=4)
    first = Trainer(cfg, run_dir=tmp_path / "split", display=False)
    first.run(max_updates=2)
    resumed = Trainer.resume(tmp_path / "split", display=False)
    resumed.run(max_updates=2)
    for (name, p), q in zip(whole.policy.state_dict().items(), resumed.policy.state_dict().values()):
        assert torch.equal(p, q), name
    assert (whole.selfplay.learner_seat == resumed.selfplay.learner_seat).all()
    assert torch.equal(whole.selfplay.generator.get_state(), resumed.selfplay.generator.get_state())
    assert torch.equal(whole.next_obs, resumed.next_obs)
    for t in (whole, first, resumed):
        t.close()
