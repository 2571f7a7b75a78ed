"""The self-play trainer on the stand-in env: learning, exact resume, opponents, CLI, Ctrl-C."""
from __future__ import annotations

import errno
import json
import logging
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest
import torch

from integration.train import checkpoint as ckpt
from integration.train.cli import main as cli_main
from integration.train.config import TrainConfig
from integration.train.evaluate import Ratings, Result
from integration.train.policy import MaskedActorCritic
from integration.train.selfplay import SELF, SelfPlay
from support.data import REPO
from support.toyenv import MOVES, make_spec
from support.training import TOY, assert_same_state, check_resume_is_bit_exact, small
from integration.train.trainer import Trainer


pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


# ----- learning ---------------------------------------------------------------------------------
def test_short_training_beats_random(tmp_path):
    """~30 updates (120k agent steps): an untrained policy scores about 0.5 against the random
    legal policy; trained, it wins about 0.92 with this seed in one process (0.95+ after 300k
    steps; the overlapped loop's batches are one version old: test_overlap.py)."""
    cfg = TrainConfig(env=TOY, num_envs=64, horizon=32, steps=120_000, seed=2, eval_interval=0, eval_matches=256,
                      plots=False, vec_workers=1)
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    start = time.perf_counter()
    summary = trainer.run()
    trainer.close()
    print(f"trained in {time.perf_counter() - start:.1f}s: {summary}")
    assert summary["win_rate_random"] >= 0.85
    assert summary["elo"] > 200


def test_the_runs_agent_is_chosen_by_the_yardsticks_then_head_to_heads(tmp_path):
    """checkpoints/best.safetensors holds the evaluated policy evaluation.py's rule picks: with
    scripted as the one yardstick (the toy env has no search) and a bar of 0, a policy that scores
    at all against scripted qualifies; between two that do, the evaluation's head-to-head against
    the agent (``eval/score_agent``) decides, else the higher lower interval end. The summary names
    it, and it loads like any checkpoint."""
    trainer = Trainer(small(eval_interval=2, eval_matches=16, final_eval_rounds=1, agent_bar=0.0),
                      run_dir=tmp_path, display=False)
    summary = trainer.run(max_updates=10)
    trainer.close()
    rows = [json.loads(line) for line in (tmp_path / "eval.jsonl").read_text().splitlines()]
    assert len(rows) >= 5
    best, kinds, duel = rows[0], set(), None
    for row in rows[1:]:
        if row["update"] == best["update"]:  # the final evaluation of the agent itself: no head-to-head,
            assert "eval/score_agent" not in row  # and the one that chose it stays on record
            if row["eval/score_scripted_low"] > best["eval/score_scripted_low"]:
                best = row
            continue
        assert row["eval/matches_agent"] == 64  # every evaluation plays the agent so far
        mine, theirs = row["eval/score_scripted"] > 0, best["eval/score_scripted"] > 0
        if mine and theirs:
            kinds.add("head-to-head")
            better = row["eval/score_agent"] > 0.5
        elif mine != theirs:
            kinds.add("qualifying")
            better = mine
        else:
            kinds.add("lower ends")
            better = row["eval/score_scripted_low"] > best["eval/score_scripted_low"]
        if better:
            best, duel = row, (row["eval/score_agent"] if mine and theirs else None)
    assert "head-to-head" in kinds, kinds  # the run exercises the head-to-heads
    agent = summary["agent"]
    assert agent["update"] == best["update"]
    assert summary["agent_with_search"] is None  # the toy env has no search (it clones real matches)
    assert agent["yardsticks"]["scripted"]["score"] == best["eval/score_scripted"]
    state = ckpt.load(tmp_path / "checkpoints" / "best.safetensors")
    assert state["update"] == best["update"] and state["chosen_by"] == agent["yardsticks"]
    assert set(state) - {"head_to_head"} == {"version", "config", "spec", "update", "global_step", "policy",
                                             "chosen_by"}
    assert state.get("head_to_head") == agent.get("head_to_head")
    assert agent.get("head_to_head", {}).get("score") == duel
    latest = ckpt.load(tmp_path / "checkpoints" / ckpt.LATEST)["policy"]
    same = all(torch.equal(state["policy"][k], latest[k]) for k in latest)
    assert same == (best["update"] == summary["updates"])
    assert all(torch.equal(v, trainer.evaluation.agent_policy.state_dict()[k]) for k, v in state["policy"].items())


def test_the_final_evaluation_of_the_agent_itself_keeps_the_head_to_head_that_chose_it(tmp_path):
    """The final evaluation of the policy that is already the agent (the periodic evaluation at
    the last update chose it) plays no head-to-head: its larger sample replaces the agent's figures,
    and the head-to-head that chose it stays on record."""
    trainer = Trainer(small(agent_bar=0.0), run_dir=tmp_path, display=False)
    (tmp_path / "checkpoints").mkdir(parents=True)

    def out(score, low, matches, agent=None):
        fields = {"eval/score_scripted": score, "eval/score_scripted_low": low, "eval/score_scripted_high": 1.0,
                  "eval/matches_scripted": matches}
        if agent is not None:
            fields.update({"eval/score_agent": agent, "eval/score_agent_low": agent - 0.1,
                           "eval/score_agent_high": agent + 0.1, "eval/matches_agent": 64})
        return fields

    evaluation = trainer.evaluation

    def choose(update, figures):
        evaluation.choose_agent(figures, trainer.policy, update, 0, tmp_path, trainer.display)

    choose(4, out(0.5, 0.3, 16))
    choose(8, out(0.6, 0.4, 16, agent=0.7))  # both qualify: the head-to-head decides
    assert evaluation.best["update"] == 8 and evaluation.best["head_to_head"]["against"] == 4
    choose(8, out(0.62, 0.55, 64))  # the final evaluation, the same policy
    assert evaluation.best["yardsticks"]["scripted"]["matches"] == 64
    assert evaluation.best["head_to_head"] == pytest.approx({"against": 4, "score": 0.7, "low": 0.6, "high": 0.8,
                                                          "matches": 64})
    assert ckpt.load(tmp_path / "checkpoints" / "best.safetensors")["head_to_head"] == evaluation.best["head_to_head"]
    trainer.close()


def test_resume_is_bit_exact_with_head_to_heads(tmp_path):
    """The run's agent's weights travel in the checkpoint: a resumed run plays the same head-to-heads."""
    check_resume_is_bit_exact(tmp_path, small(eval_interval=2, agent_bar=0.0, eval_agent_matches=8), n=7, k=3)


# ----- exact resume ------------------------------------------------------------------------------
def test_resume_is_bit_exact(tmp_path):
    check_resume_is_bit_exact(tmp_path, small(), n=7, k=3)


def test_checkpoint_contents_and_atomic_write(tmp_path, monkeypatch):
    trainer = Trainer(small(), run_dir=tmp_path, display=False)
    trainer.run(max_updates=2)
    path = tmp_path / "checkpoints" / ckpt.LATEST
    state = ckpt.load(path)
    for key in ("policy", "optimizer", "rng", "selfplay", "selfplay_rng", "update_gen", "config", "update",
                "global_step", "env", "ratings"):
        assert key in state, key
    assert set(state["rng"]) >= {"torch", "numpy", "python"}
    assert state["update"] == 2 and state["config"]["seed"] == 5
    assert not list((tmp_path / "checkpoints").glob(".*tmp*"))

    def disk_full(fd):  # the disk fills up while the new file is written
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match=r"could not save the checkpoint .*latest.safetensors: the disk is full"):
        ckpt.save_atomic({"new": 1}, path)
    monkeypatch.undo()
    assert not list((tmp_path / "checkpoints").glob(".*tmp*"))  # no temporary file left behind
    assert ckpt.load(path)["update"] == 2  # the previous checkpoint is intact


# ----- self-play -------------------------------------------------------------------------------
def test_opponents_never_change_mid_match(tmp_path):
    cfg = small(num_envs=16, p_latest=0.3, snapshot_interval=1, pool_size=2, eval_interval=0)
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    env, sp = trainer.env, trainer.selfplay
    assignment: dict[tuple[int, int], tuple[int, int]] = {}  # (slot, match id) -> (opponent, learner seat)
    learner_rows = []
    just_ended = np.zeros(cfg.num_envs, dtype=bool)
    env_step = env.step

    def step(actions):
        for i in range(env.num_envs):
            now = (int(sp.opponent[i]), int(sp.learner_seat[i]))
            assert assignment.setdefault((i, int(env.match_id[i])), now) == now, "opponent swapped mid-match"
        learner_rows.append(sp.learner_agents().copy())
        out = env_step(actions)
        just_ended[:] = out[2].reshape(-1, 2).any(1)
        return out

    def listener(which, opponent, seat):
        assert not (which & ~just_ended).any(), "a new opponent for a match that did not just end"

    env.step = step
    sp.listeners.append(listener)
    trainer.run(max_updates=6)

    opponents = {a[0] for a in assignment.values()}
    assert SELF in opponents and len(opponents - {SELF}) >= 3, opponents  # self and several snapshots
    assert len({key[0] for key in assignment if key[1] > 0}) == cfg.num_envs  # every slot played several matches
    # only the learner's seats train: the last rollout's weights are the learner masks it was played with
    # (update k trains the rollout in bufs[(k - 1) % 2] when the loop is overlapped, bufs[0] otherwise)
    weights = trainer.bufs[(trainer.update_count - 1) % len(trainer.bufs)].weight.numpy()
    assert np.array_equal(weights, np.array(learner_rows[-cfg.horizon:], dtype=np.float32))
    assert (weights == 0).any()


def test_snapshot_seats_play_the_snapshot_and_evicted_snapshots_finish_their_matches():
    spec = make_spec()
    learner = MaskedActorCritic(spec, hidden=8, layers=1)
    with torch.no_grad():
        learner.move_head.bias.copy_(torch.tensor([0.0] * len(MOVES)))
    sp = SelfPlay(num_matches=4, pool_size=1, p_latest=0.0, rng=np.random.default_rng(0),
                  device=torch.device("cpu"))
    with torch.no_grad():
        learner.move_head.bias[MOVES.index("Block")] = 1e6  # snapshot 10 always blocks
    sp.add_snapshot(learner, 10)
    sp.reassign(np.ones(4, dtype=bool))
    assert (sp.opponent == 10).all()
    with torch.no_grad():
        learner.move_head.bias[MOVES.index("Block")] = 0.0
    sp.add_snapshot(learner, 20)  # evicts 10 from the pool ...
    assert sp.pool == [20] and 10 in sp.snapshots  # ... but it keeps its running matches
    from support.toyenv import ToyDuel

    env = ToyDuel(num_envs=4, seed=0)
    obs = torch.as_tensor(env.reset(seed=0)[0])
    actions = torch.zeros(8, len(spec.head_sizes), dtype=torch.long)
    sp.opponent_actions(obs, actions)
    opp_agents = 2 * np.arange(4) + 1 - sp.learner_seat
    assert (actions[opp_agents, 0] == MOVES.index("Block")).all()
    assert (actions[2 * np.arange(4) + sp.learner_seat, 0] == 0).all()  # learner seats untouched
    sp.reassign(np.ones(4, dtype=bool))  # those matches end: 10 is released
    assert 10 not in sp.snapshots and (sp.opponent == 20).all()


def test_pool_draws():
    """A new match is against the latest self with p_latest, else against a pool snapshot drawn
    uniformly; snapshots evicted from the pool are never drawn."""
    sp = SelfPlay(num_matches=2000, pool_size=3, p_latest=0.25, rng=np.random.default_rng(1),
                  device=torch.device("cpu"))
    learner = MaskedActorCritic(make_spec(), hidden=8, layers=1)
    for sid in (1, 2, 3, 4):
        sp.add_snapshot(learner, sid)
    sp.reassign(np.ones(2000, dtype=bool))
    drawn = sp.opponent
    assert set(drawn.tolist()) == {SELF, 2, 3, 4}
    assert 0.22 < (drawn == SELF).mean() < 0.28  # 500 expected, sd about 19
    for sid in (2, 3, 4):
        assert 0.22 < (drawn == sid).mean() < 0.28  # 0.75 / 3 each


# ----- evaluation ------------------------------------------------------------------------------
def test_elo_fit():
    r = Ratings()
    r.add("a", "random", Result(wins=300, losses=100))
    r.add("b", "a", Result(wins=200, losses=200))
    elo = r.elo()
    assert elo["random"] == 0.0
    assert elo["a"] == pytest.approx(400 * np.log10(3), abs=15)  # 75% expected score = +191
    assert elo["b"] == pytest.approx(elo["a"], abs=15)
    r2 = Ratings()
    r2.load_state_dict(r.state_dict())
    assert r2.elo() == elo


# ----- modes ----------------------------------------------------------------------------------
def test_async_mode_on_cpu(tmp_path):
    trainer = Trainer(small(async_update=True), run_dir=tmp_path, display=False)
    trainer.run(max_updates=4)
    rows = trainer.metrics.rows
    assert len(rows) == 4 and all(r["loss/epochs"] == 1 for r in rows)
    assert [r["policy_lag"] for r in rows] == [0, 1, 1, 1]  # the first batch is the learner's own
    assert all(np.isfinite(r["loss/policy"]) for r in rows)


def test_vtrace_mode(tmp_path):
    trainer = Trainer(small(advantage="vtrace", update_epochs=3), run_dir=tmp_path, display=False)
    trainer.run(max_updates=3)
    assert all(np.isfinite(r["loss/value"]) for r in trainer.metrics.rows)


# ----- the command line ------------------------------------------------------------------------
def test_cli_run_folder_and_config_precedence(tmp_path, capsys):
    config = tmp_path / "cfg.toml"
    config.write_text("[train]\nhorizon = 8\nnum_envs = 32\nhidden = 32\neval_interval = 2\neval_matches = 8\n")
    run_dir = tmp_path / "run"
    rc = cli_main(["--env", TOY, "--config", str(config), "--num-envs", "8", "--steps", "700", "--seed", "9",
                   "--run-dir", str(run_dir), "--set", "update_epochs=1", "--quiet"])
    assert rc == 0
    saved = json.loads((run_dir / "config.json").read_text())
    assert saved["horizon"] == 8 and saved["num_envs"] == 8 and saved["update_epochs"] == 1 and saved["seed"] == 9
    for name in ("metrics.csv", "metrics.jsonl", "eval.jsonl", "summary.json", "checkpoints/latest.safetensors",
                 "plots/progress.png", "plots/losses.png", "plots/timing.png"):
        assert (run_dir / name).exists(), name
    header = (run_dir / "metrics.csv").read_text().splitlines()[0].split(",")
    for col in ("sps", "train/return", "train/win_rate_vs_pool", "loss/approx_kl", "loss/clipfrac", "loss/value",
                "loss/policy", "loss/entropy", "loss/explained_variance", "time/env", "time/forward", "time/update"):
        assert col in header
    out = capsys.readouterr().out
    assert "training summary" in out and "win rate" in out
    assert json.loads((run_dir / "summary.json").read_text())["updates"] == 6  # 6 x 128 agent steps >= 700
    # resume with a larger budget continues the same folder
    rc = cli_main(["--resume", str(run_dir), "--steps", "1400", "--quiet"])
    summary = json.loads((run_dir / "summary.json").read_text())
    assert rc == 0 and summary["agent_steps"] == 1408 and summary["updates"] == 11
    rows = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    assert [r["update"] for r in rows] == list(range(1, 12))


@pytest.mark.parametrize("args, message", [
    (["--p1", "Foo"], "unknown character 'Foo'"),
    (["--set", "nosuch=1"], "unknown config keys: ['nosuch']"),
    (["--set", "horizon=abc"], "horizon must be int, got 'abc'"),
    (["--set", "num_envs=0"], "num_envs must be at least 1"),
    (["--config", "{missing}"], "No such file or directory"),
    (["--config", "{bad_toml}"], "bad.toml: "),
    (["--resume", "{no_run}"], "no checkpoint at"),
    (["--resume", "{bad_toml}"], "is a file: --resume takes the run's folder"),
    (["--set", "learning_rate=1e999"], "learning_rate must be a finite number, got inf"),
    (["--set", "hidden=99999999999"], "hidden must be in 1 .. 16384"),
    (["--set", "layers=100000"], "layers must be in 1 .. 16"),
    (["--set", "horizon=1000000000000"], "horizon must be at most 4096"),
    (["--resume", "{damaged_run}"], "is not a readable checkpoint"),
])
def test_cli_bad_input_is_one_clear_line(tmp_path, capsys, args, message):
    (tmp_path / "bad.toml").write_text("[train]\nhorizon = \n")
    (tmp_path / "damaged" / "checkpoints").mkdir(parents=True)
    (tmp_path / "damaged" / "checkpoints" / ckpt.LATEST).write_bytes(b"not a checkpoint")
    paths = dict(missing=tmp_path / "missing.toml", bad_toml=tmp_path / "bad.toml", no_run=tmp_path / "nothing",
                 damaged_run=tmp_path / "damaged")
    argv = [a.format(**paths) for a in args] + ["--steps", "100", "--quiet", "--run-dir", str(tmp_path / "run")]
    try:
        rc = cli_main(argv)
    except SystemExit as exc:  # argparse-level errors exit with their message
        rc, err = exc.code, str(exc.code) + capsys.readouterr().err
    else:
        err = capsys.readouterr().err
    assert rc != 0 and message in err and "Traceback" not in err, (rc, err)
    assert not (tmp_path / "run" / "checkpoints").exists()  # nothing trained, nothing written


def test_a_diverged_update_stops_the_run_before_saving_it(tmp_path, capsys):
    """A learning rate far too high makes the first update's loss NaN: the run stops with one
    line naming the update and the learning rate, and saves nothing of the NaN network."""
    argv = ["--env", TOY, "--steps", "100000", "--num-envs", "8", "--quiet", "--run-dir", str(tmp_path / "run"),
            "--set", "learning_rate=1e30", "--set", "max_grad_norm=1e30", "--set", "eval_interval=0",
            "--set", "plots=false", "--set", "record_matches=false"]
    assert cli_main(argv) == 1
    err = capsys.readouterr().err
    assert "update 1: the loss is not finite" in err and "lower learning_rate" in err and "Traceback" not in err, err
    assert not (tmp_path / "run" / "checkpoints").exists()


def test_ctrl_c_under_uv_run_saves_once_exits_0_and_resumes_exactly(tmp_path):
    """Ctrl-C in a terminal signals the whole process group: `uv run` and its child each get a
    SIGINT, and uv forwards its own to the child, so the trainer sees two at once.  It stops after
    the update, saves, exits 0; --resume from that checkpoint equals an uninterrupted run."""
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not on PATH")
    run_dir = tmp_path / "run"
    cmd = [uv, "run", "--no-sync", "train-selfplay", "--env", TOY, "--steps", "100000000", "--num-envs", "8",
           "--seed", "5", "--run-dir", str(run_dir), "--quiet", "--set", "horizon=8", "--set", "hidden=32",
           "--set", "eval_matches=8", "--set", "update_epochs=2", "--set", "num_minibatches=2",
           "--set", "plots=false", "--set", "record_matches=false"]
    # tests/ on the path: the trainer imports the toy env by its module name
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": os.pathsep.join(filter(None, [
        str(REPO / "tests"), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)  # its own process group, as a terminal's job
    try:
        deadline = time.monotonic() + 240
        metrics = run_dir / "metrics.csv"
        while time.monotonic() < deadline and proc.poll() is None:
            if metrics.exists() and len(metrics.read_text().splitlines()) >= 4:
                break
            time.sleep(0.2)
        assert proc.poll() is None, proc.communicate()[0]
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, out
    assert "Traceback" not in out and "training summary" in out, out
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["interrupted"] is True
    state = ckpt.load(run_dir / "checkpoints" / ckpt.LATEST)
    k = state["update"]
    assert k == summary["updates"] >= 3
    resumed = Trainer.resume(run_dir, display=False)
    resumed.run(max_updates=2)
    whole = Trainer(TrainConfig.from_dict(state["config"]), run_dir=tmp_path / "whole", display=False)
    whole.run(max_updates=k + 2)
    assert_same_state(whole, resumed)
    whole.close()
    resumed.close()


# ----- the real environment ------------------------------------------------------------------------
def test_real_env_smoke(tmp_path):
    """The trainer on YomiEnv through the same registry entry: a couple of updates, the final
    evaluation, and the final policy's recorded matches, which are real traces: the C engine
    replays one identically, tick by tick (a trained policy's recordings:
    test_real_game_training_beats_random_and_records_its_matches, slow)."""
    try:
        from integration.env.env import YomiEnv  # noqa: F401
    except Exception as exc:  # not built, or not there yet
        pytest.skip(f"YomiEnv is not available: {exc}")
    cfg = small(env="yomi", num_envs=4, horizon=4, eval_matches=2, eval_interval=0, eval_search=None)
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    summary = trainer.run(max_updates=2)
    trainer.close()
    assert summary["updates"] == 2 and trainer.spec.num_moves == trainer.bufs[0].move_mask.shape[-1]
    assert all(np.isfinite(r["loss/policy"]) for r in trainer.metrics.rows)
    # the Ninja mirror's shipped reference agent is played in the final evaluation (4 rounds of 2)
    assert trainer.evaluation.last["eval/matches_reference"] == 4 * 2
    assert_real_recordings(summary)


def assert_real_recordings(summary: dict) -> None:
    """The run's final matches, recorded against each baseline from each side, are real traces of
    the Ninja mirror: the C engine replays one identically."""
    from integration.tools.parity.trace import replay
    from integration.tracefile import read_trace

    paths = sorted(summary["matches"])
    assert [Path(p).name for p in paths] == ["random_p1.jsonl.gz", "random_p2.jsonl.gz", "scripted_p1.jsonl.gz",
                                            "scripted_p2.jsonl.gz"]
    trace = read_trace(paths[2], require_end=True)
    assert trace.header["p1"] == trace.header["p2"] == "Ninja" and trace.turns
    report = replay(Path(paths[2]), "c", set())
    assert report.identical and report.ticks_total > 0, report


def train_on_the_real_game(tmp_path, **overrides) -> dict:
    """The default trainer on the real game (a bare `train-selfplay`: Ninja mirror, C engine, damage
    shaping) for 37 updates, seed 3; its summary."""
    cfg = TrainConfig(**{**dict(steps=300_000, seed=3, eval_interval=0, eval_matches=64, final_eval_rounds=2,
                                plots=False, eval_search=None), **overrides})  # the search: test_run_budget.py
    assert cfg.env == "yomi" and cfg.shaping_damage > 0  # what a bare `train-selfplay` trains
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    summary = trainer.run()
    trainer.close()
    print(summary)
    assert summary["matches_per_baseline"] == 128
    assert isinstance(summary["engine_errors"], int)  # matches cut short, counted (rare: 0 or a few)
    env_log = logging.getLogger("integration.env.env")
    assert env_log.propagate and not env_log.handlers  # run() hands the env's log back
    return summary


def test_real_game_training_beats_random(tmp_path):
    """The default trainer on the real game for 37 updates (300k agent steps): an untrained policy
    wins about half its matches against the uniformly random legal policy (the game is
    symmetric); trained, it wins nearly all (0.93 and 0.96 on seeds 2 and 3; its first snapshot
    enters the pool at update 25, and at that point it wins 0.70-0.86).  The shipped reference is
    played on 2 matches a round (its rating, not the learning, is another test's), and the final
    matches are not recorded (test_real_env_smoke records a run's)."""
    summary = train_on_the_real_game(tmp_path, eval_reference_matches=2, record_matches=False)
    assert summary["win_rate_random"] >= 0.85
    assert summary["yardsticks"]["reference"]["matches"] == 2 * 2 and summary["matches"] == []


@pytest.mark.slow
def test_real_game_training_beats_random_and_records_its_matches(tmp_path):
    """test_real_game_training_beats_random as a bare run plays it: the reference on 64 matches a
    round, and the trained policy's final matches recorded, real traces the C engine replays."""
    summary = train_on_the_real_game(tmp_path)
    assert summary["win_rate_random"] >= 0.85
    assert_real_recordings(summary)


# ----- CUDA (skipped without a GPU) -------------------------------------------------------------
cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device (torch.cuda.is_available() is False)")


@cuda
@pytest.mark.parametrize("extra", [{}, {"cuda_graphs": True, "cuda_graph_update": True}, {"bf16": True},
                                   {"async_update": True, "cuda_graphs": True},
                                   # two halves of env workers: two page-locked buffers, a graph per half
                                   {"cuda_graphs": True, "double_buffer": True, "vec_backend": "multiprocessing",
                                    "vec_workers": 2}])
def test_cuda_training_runs(tmp_path, extra):
    trainer = Trainer(small(device="cuda", **extra), run_dir=tmp_path, display=False)
    summary = trainer.run(max_updates=4)
    trainer.close()  # env worker processes, where the option has them
    assert summary["updates"] == 4
    assert all(np.isfinite(r["loss/policy"]) for r in trainer.metrics.rows)
    assert trainer.bufs[0].obs.is_cuda
    resumed = Trainer.resume(tmp_path, display=False)
    resumed.run(max_updates=1)
    resumed.close()


@cuda
def test_cuda_graphed_update_matches_eager(tmp_path):
    """The captured minibatch step (padded, weighted) takes the same step as the eager one."""
    results = []
    for graphs in (False, True):
        trainer = Trainer(small(device="cuda", cuda_graph_update=graphs, seed=11), run_dir=tmp_path / str(graphs),
                          display=False)
        trainer.run(max_updates=2)
        results.append([p.detach().cpu() for p in trainer.policy.parameters()])
    for a, b in zip(*results):
        assert torch.allclose(a, b, atol=1e-4, rtol=1e-3)


def test_padded_minibatch_step_equals_eager_step(tmp_path):
    """The CUDA-graph update pads minibatches to a fixed size with weight-0 rows; run eagerly on
    the CPU, that padded step must be the same step as the plain one (both in float32)."""
    import contextlib

    from integration.train import core
    from integration.train.cuda import GraphedMinibatch

    trainers = [Trainer(small(bf16=False), run_dir=tmp_path / str(i), display=False) for i in range(2)]
    for t in trainers:
        t.collect(t.bufs[0], t.policy)
    buf = trainers[0].bufs[0]
    flat = lambda x: x.reshape(-1, *x.shape[2:])[:50]  # noqa: E731
    fields = (buf.obs, buf.actions, buf.move_mask, buf.data_row, buf.logprob, buf.reward, buf.value, buf.reward)
    batch = [flat(x) for x in fields]
    core.minibatch(trainers[0], *batch)
    GraphedMinibatch(trainers[1], 64, contextlib.nullcontext, capture=False)(*batch)
    for p, q in zip(trainers[0].policy.parameters(), trainers[1].policy.parameters()):
        assert torch.allclose(p, q, atol=1e-6)
    assert not torch.equal(trainers[0].policy.move_head.weight, Trainer(small(), display=False).policy.move_head.weight)


def test_cuda_device_without_gpu_fails_clearly():
    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    with pytest.raises(SystemExit, match="no CUDA device"):
        Trainer(small(device="cuda"), display=False)


def test_cuda_env_hint():
    """A GPU run with the env in the trainer's process on a 16-core machine is told the faster
    settings (12 workers of 1,024 matches, the best measured there); a CPU run, a run with env
    workers already, or a machine of under 4 cores is told nothing."""
    from integration.train.cli import cuda_env_hint

    hint = cuda_env_hint(TrainConfig(device="cuda"), 16)
    assert "--set vec_backend=multiprocessing --vec-workers 12 --num-envs 12288" in hint
    assert "--vec-workers 4 --num-envs 4096" in cuda_env_hint(TrainConfig(device="cuda:1"), 8)
    assert cuda_env_hint(TrainConfig(device="cuda"), 5).count("--vec-workers 2 ") == 1
    assert cuda_env_hint(TrainConfig(), 16) is None
    assert cuda_env_hint(TrainConfig(device="cuda", vec_backend="multiprocessing", vec_workers=12), 16) is None
    assert cuda_env_hint(TrainConfig(device="cuda"), 3) is None


def test_cpu_cores_hint():
    """A CPU run on a machine of 4 cores or more is told the run that uses them all (a rank per
    core); on 2 or 3 cores, on a GPU, as a rank of a distributed run or with env workers it is told
    nothing."""
    from integration.train.cli import cpu_cores_hint

    hint = cpu_cores_hint(TrainConfig(vec_workers=2), 16, launched=False)  # the overlapped loop: 2 processes
    assert "uses 2 of this machine's 16 cores" in hint and "--distributed 16 " in hint and "own 128 matches" in hint
    assert "--distributed 4 " in cpu_cores_hint(TrainConfig(num_envs=64), 4, launched=False)
    assert "uses 1 of this machine's 8" in cpu_cores_hint(TrainConfig(vec_workers=1), 8, launched=False)
    assert cpu_cores_hint(TrainConfig(), 3, launched=False) is None
    assert cpu_cores_hint(TrainConfig(), 16, launched=True) is None
    assert cpu_cores_hint(TrainConfig(device="cuda"), 16, launched=False) is None
    assert cpu_cores_hint(TrainConfig(vec_backend="multiprocessing", vec_workers=8), 16, launched=False) is None
