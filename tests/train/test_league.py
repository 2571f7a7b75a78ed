"""Exploiters trained during self-play (integration/train/league.py) on the stand-in env: a phase
leaves the learner as it was, the exploiter trains against the frozen learner and joins the pool,
the pool draws exploiters at their share, and a run with exploiters resumes bit-exactly."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from integration.train import checkpoint as ckpt
from integration.train.config import TrainConfig
from integration.train.opponent import load_opponent
from integration.train.policy import MaskedActorCritic
from integration.train.selfplay import SELF, SelfPlay, exploiter_id
from integration.train.trainer import Trainer
from support.toyenv import make_spec
from support.training import TOY, check_resume_is_bit_exact, one_torch_thread, small  # noqa: F401


def _same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def test_an_exploiter_phase_trains_a_copy_and_leaves_the_learner_as_it_was(tmp_path):
    cfg = small(exploiter_interval=1000, exploiter_updates=3)  # phases called by hand below
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    trainer.run(max_updates=4, finish=False)
    before = dict(policy={k: v.clone() for k, v in trainer.policy.state_dict().items()},
                  adam={k: {n: t.clone() for n, t in s.items()} for k, s in trainer.optimizer.state_dict()["state"].items()},
                  torch_rng=torch.get_rng_state(), selfplay_rng=trainer.rng.bit_generator.state,
                  opponent=trainer.selfplay.opponent.copy(), obs=trainer.next_obs.clone(),
                  env=trainer.env.get_state(), pool=list(trainer.selfplay.pool), step=trainer.global_step)

    stats = trainer._exploiter_phase()

    assert _same(before["policy"], trainer.policy.state_dict())
    after_adam = trainer.optimizer.state_dict()["state"]
    assert all(_same(before["adam"][k], after_adam[k]) for k in before["adam"])
    assert torch.equal(before["torch_rng"], torch.get_rng_state())
    assert before["selfplay_rng"] == trainer.rng.bit_generator.state
    assert (before["opponent"] == trainer.selfplay.opponent).all() and torch.equal(before["obs"], trainer.next_obs)
    after_env = trainer.env.get_state()
    assert all(np.array_equal(before["env"][k], after_env[k]) for k in before["env"] if k != "rng")
    assert before["env"]["rng"] == after_env["rng"]
    assert trainer.selfplay.pool == before["pool"] and trainer.global_step == before["step"]

    # the exploiter: trained from the learner's weights, against the learner, kept apart from the pool
    eid = exploiter_id(4)
    assert trainer.selfplay.exploiters == [eid]
    exploiter = trainer.selfplay.snapshots[eid].policy
    assert not _same(exploiter.state_dict(), trainer.policy.state_dict())
    folder = tmp_path / "exploiters" / "update_000004"
    target = ckpt.load(folder / "target.safetensors")
    assert _same(target["policy"], trainer.policy.state_dict())
    saved = ckpt.load(folder / "exploiter.safetensors")
    assert _same(saved["policy"], exploiter.state_dict())
    sub_cfg = TrainConfig.from_dict(ckpt.load(folder / "exploiter.safetensors")["config"])
    assert sub_cfg.opponent == str(folder / "target.safetensors") and sub_cfg.exploiter_interval == 0
    rows = (folder / "metrics.jsonl").read_text().splitlines()
    assert len(rows) == 3  # exploiter_updates
    assert "exploiter/win_rate" in stats
    # the saved exploiter plays as any checkpoint does
    policy = load_opponent(str(folder / "exploiter.safetensors"), TOY, trainer.spec, torch.Generator(),
                           torch.device("cpu"))
    assert callable(policy)
    trainer.close()


def test_exploiters_join_the_run_at_their_interval_and_a_run_with_them_resumes_bit_exactly(tmp_path):
    cfg = small(exploiter_interval=2, exploiter_updates=2, exploiters_kept=2)
    whole, first, resumed = check_resume_is_bit_exact(tmp_path, cfg, n=7, k=3)
    # updates 2, 4 and 6 trained one each; the oldest left when the third came (exploiters_kept 2)
    assert whole.selfplay.exploiters == [exploiter_id(4), exploiter_id(6)]
    assert sorted(p.name for p in (tmp_path / "whole" / "exploiters").iterdir()) == [
        "update_000002", "update_000004", "update_000006"]
    assert [r["update"] for r in whole.metrics.rows if r.get("time/exploiter")] == [2, 4, 6]
    for t in (whole, first, resumed):
        t.close()


def _pool(p_latest=0.25, p_exploiter=0.25, kept=2, n=400):
    sp = SelfPlay(num_matches=n, pool_size=4, p_latest=p_latest, sampling="uniform", rng=np.random.default_rng(3),
                  device=torch.device("cpu"), exploiters_kept=kept, p_exploiter=p_exploiter)
    learner = MaskedActorCritic(make_spec(), hidden=8, layers=1)
    for sid in (1, 2):
        sp.add_snapshot(learner, sid)
    return sp, learner


def test_new_matches_meet_exploiters_at_their_share_the_hardest_most_often():
    sp, learner = _pool()
    for update in (10, 20, 30):
        sp.add_exploiter(learner, update)
    assert sp.exploiters == [exploiter_id(20), exploiter_id(30)]  # kept 2: the oldest left
    assert exploiter_id(10) not in sp.snapshots  # no match had started against it
    # the learner beats exploiter 20 every time, and exploiter 30 never
    sp.snapshots[exploiter_id(20)].score, sp.snapshots[exploiter_id(20)].games = 50.0, 50.0
    sp.snapshots[exploiter_id(30)].score, sp.snapshots[exploiter_id(30)].games = 0.0, 50.0
    sp.reassign(np.ones(400, dtype=bool))
    drawn = sp.opponent
    assert set(drawn.tolist()) <= {SELF, 1, 2, exploiter_id(20), exploiter_id(30)}
    assert 0.18 < (drawn == SELF).mean() < 0.32
    versus = np.isin(drawn, sp.exploiters)
    assert 0.18 < versus.mean() < 0.32
    # pfsp weights (1 - rate)^2: 1e-3 against 1 + 1e-3, so about one in a thousand goes to 20
    assert (drawn == exploiter_id(20)).sum() <= 2
    # an exploiter's seat plays the exploiter's own actions, as a snapshot's does
    assert exploiter_id(30) in sp.opponent_groups()


def test_no_exploiters_no_change_to_the_draws():
    """A pool with exploiters enabled but none trained yet draws exactly as one without them."""
    a, _ = _pool(p_exploiter=0.25)
    b, _ = _pool(p_exploiter=0.0, kept=1)
    a.reassign(np.ones(400, dtype=bool))
    b.reassign(np.ones(400, dtype=bool))
    assert (a.opponent == b.opponent).all() and (a.learner_seat == b.learner_seat).all()


def test_a_checkpoint_naming_exploiters_it_does_not_hold_is_refused():
    sp, learner = _pool()
    sp.add_exploiter(learner, 10)
    state = sp.state_dict()
    state["exploiters"] = [exploiter_id(10), exploiter_id(99)]
    fresh, _ = _pool()
    with pytest.raises(ValueError, match="names policies it does not hold"):
        fresh.load_state_dict(state, lambda: MaskedActorCritic(make_spec(), hidden=8, layers=1))


@pytest.mark.parametrize("settings, message", [
    (dict(exploiter_interval=10, p_latest=0.8, p_exploiter=0.3), "p_exploiter must be between 0 and 1 - p_latest"),
    (dict(exploiter_interval=-1), "exploiter_interval must be at least 0"),
    (dict(exploiter_interval=10, exploiter_updates=0), "exploiter_updates must be in 1 .."),
    (dict(exploiters_kept=100), "exploiters_kept in 1 .."),
    (dict(exploiter_interval=10, opponent="scripted"), "not with --opponent"),
])
def test_bad_league_settings_are_refused(settings, message):
    with pytest.raises(ValueError, match=message):
        TrainConfig(**settings).validate()


def test_without_exploiters_their_share_does_not_limit_p_latest():
    """A run without exploiters (the default) keeps every p_latest up to 1, as before they existed."""
    TrainConfig(p_latest=0.9).validate()
    TrainConfig(p_latest=1.0).validate()
