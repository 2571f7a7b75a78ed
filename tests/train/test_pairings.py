"""Pairing priority (integration/train/pairings.py): the scores and weights by hand, and the
trainer feeding the env's draws with them."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from integration.train.pairings import FLOOR, WINDOW, PairingPriority
from integration.train.selfplay import SELF
from integration.train.trainer import Trainer

from support.training import one_torch_thread, small  # noqa: F401 (autouse fixture)

NINJA, COWBOY, WIZARD, ROBOT, MUTANT = range(5)


def _one_match(chars, opponent, seat, learner_reward):
    """The arguments of record for one match that just ended."""
    rewards = np.zeros(2)
    rewards[seat], rewards[1 - seat] = learner_reward, -learner_reward
    return (np.array([chars]), np.array([True]), np.array([opponent]), np.array([seat]), rewards, SELF)


def test_scores_and_weights_by_hand():
    p = PairingPriority(5, exponent=2.0)
    assert np.allclose(p.weights(), 0.25 + FLOOR)  # every score at the prior 0.5: (1 - 0.5) ** 2
    # the learner, as P2's Mutant, loses to a past self's Robot: score[Mutant, Robot] = 0.5 + (0 - 0.5) / 2
    p.record(*_one_match((ROBOT, MUTANT), opponent=7, seat=1, learner_reward=-1.0))
    assert p.score[MUTANT, ROBOT] == 0.25 and p.games[MUTANT, ROBOT] == 2
    w = p.weights()
    # both orders of the pairing take the harder side: (1 - 0.25) ** 2
    assert w[MUTANT, ROBOT] == w[ROBOT, MUTANT] == 0.5625 + FLOOR
    assert w[NINJA, NINJA] == 0.25 + FLOOR
    # a draw counts a half: (0.25 * 2 + 0.5) / 3
    p.record(*_one_match((MUTANT, ROBOT), opponent=7, seat=0, learner_reward=0.0))
    assert p.score[MUTANT, ROBOT] == pytest.approx(1.0 / 3.0)
    # matches against the latest self (the learner on both seats) and matches still going count nothing
    before = p.state_dict()
    p.record(*_one_match((NINJA, COWBOY), opponent=SELF, seat=0, learner_reward=1.0))
    chars, _, opp, seat, rewards, self_id = _one_match((NINJA, COWBOY), opponent=3, seat=0, learner_reward=1.0)
    p.record(chars, np.array([False]), opp, seat, rewards, self_id)
    assert all((p.state_dict()[k] == before[k]).all() for k in before)


def test_the_score_forgets_after_the_window():
    """Past WINDOW games a result moves the score by 1 / WINDOW of its distance: the exponential average."""
    p = PairingPriority(5, exponent=1.0)
    for _ in range(WINDOW - 1):  # with the prior, WINDOW games of wins and one draw: the mean of them
        p.record(*_one_match((WIZARD, NINJA), opponent=2, seat=0, learner_reward=1.0))
    assert p.score[WIZARD, NINJA] == pytest.approx((WINDOW - 1 + 0.5) / WINDOW)
    s = p.score[WIZARD, NINJA]
    for _ in range(3):
        p.record(*_one_match((WIZARD, NINJA), opponent=2, seat=0, learner_reward=-1.0))
        s -= s / WINDOW
    assert p.score[WIZARD, NINJA] == pytest.approx(s)
    assert p.weights()[NINJA, WIZARD] == pytest.approx(max(1 - s, 0.5) + FLOOR)  # the Ninja side's score is the prior


def test_exponent_zero_is_uniform():
    p = PairingPriority(5, exponent=0.0)
    p.record(*_one_match((ROBOT, MUTANT), opponent=1, seat=1, learner_reward=-1.0))
    assert np.allclose(p.weights(), 1.0 + FLOOR)


def test_state_round_trip_and_bad_states():
    p = PairingPriority(5, exponent=2.0)
    p.record(*_one_match((ROBOT, MUTANT), opponent=1, seat=0, learner_reward=1.0))
    q = PairingPriority(5, exponent=2.0)
    q.load_state_dict(p.state_dict())
    assert (q.weights() == p.weights()).all()
    good = q.state_dict()
    for bad in ({}, {"score": np.zeros((4, 4)), "games": np.ones((4, 4))},
                {"score": np.full((5, 5), 2.0), "games": np.ones((5, 5))},
                {"score": np.full((5, 5), np.nan), "games": np.ones((5, 5))},
                {"score": np.full((5, 5), 0.5), "games": np.zeros((5, 5))},
                {"score": "x", "games": np.ones((5, 5))}):
        with pytest.raises(ValueError, match="pairing scores"):
            q.load_state_dict(bad)
        assert all((q.state_dict()[k] == good[k]).all() for k in good)


def test_the_trainer_draws_the_env_pairings_by_its_scores(tmp_path):
    """On the real game with every pairing and matches of a few turns: the scores count exactly
    the matches that ended against past selves, credited to the characters they were played
    with, and after every rollout the env draws with the weights they give."""
    from integration.env.env import YomiEnv

    cfg = small(env="yomi", p1="random", p2="random", num_envs=8, horizon=8, eval_interval=0, eval_search=None,
                pairing_priority=2.0, vec_workers=1, snapshot_interval=1)
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    # matches of a few turns (the time limit ends them) so that some end in each rollout
    trainer.env = YomiEnv(num_envs=8, seed=5, p1="random", p2="random", settings={"game_length": 90},
                          shaping={"damage": 1.0}, backend="c")
    obs, _ = trainer.env.reset(seed=5)
    trainer.next_obs.copy_(torch.as_tensor(obs))
    credited = []
    real_record = trainer.pairings.record

    def spy(chars, ended, opponent, learner_seat, rewards, self_id):
        assert (chars == trainer.env_chars_before).all()
        for i in np.flatnonzero(ended & (opponent != self_id)):
            credited.append((chars[i, learner_seat[i]], chars[i, 1 - learner_seat[i]]))
        real_record(chars, ended, opponent, learner_seat, rewards, self_id)

    real_step = trainer.env.step

    def step(actions):
        trainer.env_chars_before = trainer.env.match_characters()
        return real_step(actions)

    trainer.pairings.record = spy
    trainer.env.step = step
    try:
        trainer.run(max_updates=6, finish=False)
        assert len(credited) >= 10
        games = trainer.pairings.games - 1.0
        for a, b in set(credited):
            assert games[a, b] == credited.count((a, b))
        assert games.sum() == len(credited)
        assert (trainer.env.pairing_weights == trainer.pairings.weights()).all()
        assert not np.allclose(trainer.env.pairing_weights, trainer.env.pairing_weights[0, 0])
        state = trainer.state_dict()
        assert (state["pairings"]["games"] == trainer.pairings.games).all()
    finally:
        trainer.close()


def test_pairing_priority_needs_an_env_that_draws_pairings(tmp_path):
    with pytest.raises(ValueError, match="pairing_priority needs"):
        Trainer(small(pairing_priority=2.0), run_dir=tmp_path, display=False)  # the toy env
    with pytest.raises(ValueError, match="pairing_priority must be"):
        small(pairing_priority=-1.0).validate()
