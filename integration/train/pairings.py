"""Pairing priority: in a run over several characters, the pairings the learner loses play more
often.  Not a port of any game file.

With ``p1``/``p2`` random (or lists), every new match draws a pairing, and drawn uniformly each of
the 25 pairings gets a 25th of the run, whatever the learner still has to learn in it.  As
prioritised fictitious self-play does with opponents (selfplay.py, ``pfsp``), this module keeps,
per ordered pairing (the learner's character, the opponent's), the learner's recent score against
its past selves, and weights the env's draws (``YomiEnv.set_pairing_weights``) towards the
pairings it loses:

    score(a, b): wins + draws / 2 of the learner playing a against b: the mean of its first
                 WINDOW results from a prior of one draw, then an exponential average over about
                 WINDOW matches (the learner changes; old results stop counting)
    hard(a, b)   = (1 - score(a, b)) ** exponent
    weight(p1, p2) = max(hard(p1, p2), hard(p2, p1)) + FLOOR

A match draws its pairing (P1's character, P2's) and the learner then takes either seat, so a
pairing is worth playing when the learner loses it from either side: the larger of the two
difficulties.  (The mean would not do: against a near copy of itself the learner's scores from
the two sides of a pairing add up to about 1, and the mean of the two then hardly moves.)  FLOOR
keeps every pairing in play.  Exponent 0 makes every weight equal, the uniform draw.

Only matches against past selves (and fixed opponents) count: in a match against its latest
self the learner plays both seats, and its score is always one half.

Contract: ``record`` before the ended matches' slots are reassigned, with the characters the
matches were played with (``YomiEnv.match_characters()`` taken before the env's step); then
``weights()`` is a pure function of the results recorded, so a resumed run (``state_dict`` /
``load_state_dict``) draws exactly what the original would.
"""
from __future__ import annotations

import numpy as np

WINDOW = 100  # matches of a pairing an exponential average spans
FLOOR = 0.02  # added to every weight: a pairing the learner wins everywhere is still played


class PairingPriority:
    def __init__(self, n_chars: int, exponent: float):
        self.exponent = float(exponent)
        self.score = np.full((n_chars, n_chars), 0.5)  # [learner's character, opponent's]
        self.games = np.ones((n_chars, n_chars))  # the prior counts as one game

    def record(self, chars: np.ndarray, ended: np.ndarray, opponent: np.ndarray, learner_seat: np.ndarray,
               rewards: np.ndarray, self_id: int) -> None:
        """Credit the learner's result in every match that just ended against someone else.
        chars int[M, 2] (P1's, P2's character), ended bool[M], opponent int[M] (self_id: the
        learner on both seats), learner_seat int[M], rewards float[2M] (the last step's)."""
        for i in np.flatnonzero(ended & (opponent != self_id)):
            seat = int(learner_seat[i])
            a, b = int(chars[i, seat]), int(chars[i, 1 - seat])
            r = rewards[2 * i + seat]
            result = 1.0 if r > 0 else 0.5 if r == 0 else 0.0
            self.games[a, b] += 1.0
            step = max(1.0 / self.games[a, b], 1.0 / WINDOW)
            self.score[a, b] += step * (result - self.score[a, b])

    def weights(self) -> np.ndarray:
        """float64[n_chars, n_chars]: the draw weight of each pairing (P1's character by P2's)."""
        hard = (1.0 - self.score) ** self.exponent
        return np.maximum(hard, hard.T) + FLOOR

    def state_dict(self) -> dict:
        return dict(score=self.score.copy(), games=self.games.copy())

    def load_state_dict(self, state) -> None:
        """From state_dict's output; ValueError, with nothing changed, for anything else."""
        try:
            score = np.array(state["score"], dtype=np.float64)
            games = np.array(state["games"], dtype=np.float64)
        except (TypeError, KeyError, ValueError) as exc:
            raise ValueError(f"the checkpoint's pairing scores are malformed ({exc})") from None
        if score.shape != self.score.shape or games.shape != self.games.shape:
            raise ValueError(f"the checkpoint's pairing scores are {list(score.shape)}, this run's "
                             f"{list(self.score.shape)}")
        if not (np.isfinite(score).all() and np.isfinite(games).all() and ((score >= 0) & (score <= 1)).all()
                and (games >= 1).all()):
            raise ValueError("the checkpoint's pairing scores must lie in 0 .. 1 over at least one game each")
        self.score, self.games = score, games
