"""Statistics of head-to-head results: Wilson intervals and Bradley-Terry (Elo-scale) ratings.

Used by the trainer's best-response summary and by ``yomi tournament``.  Everything is plain
numpy.  Both are a few lines of closed-form or fixed-point arithmetic: scipy's and statsmodels'
Wilson intervals take an integer number of successes (ours count a draw as half a win), and the
Bradley-Terry packages (choix and the like) have no bootstrap over many samples at once, which is
what the intervals below need, so they are written here.

Scores: ``wins + draws / 2`` per match; a draw counts half a win everywhere in this module.
"""
from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile


def wilson_interval(score: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``score / n`` (score = wins + draws/2), 95 % by default.

    Contract: ``0 <= score <= n``; ``n = 0`` gives the uninformative (0, 1)."""
    if n <= 0:
        return 0.0, 1.0
    if not 0.0 <= score <= n:
        raise ValueError(f"score must be between 0 and n ({n}), got {score}")
    p = score / n
    z2 = z * z
    denom = 1.0 + z2 / n
    center = (p + z2 / (2.0 * n)) / denom
    half = z / denom * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n))
    # the interval holds p; rounding alone can put an end a hair past it (1 - 1e-16 for a
    # perfect score), which would read as an interval that excludes the observed rate
    return min(p, max(0.0, center - half)), max(p, min(1.0, center + half))


def bradley_terry(score: np.ndarray, games: np.ndarray, prior: float = 1.0, iterations: int = 10_000,
                  tol: float = 1e-10) -> np.ndarray:
    """Bradley-Terry strengths on the Elo scale (400 * log10 gamma).

    ``score[i, j]``: i's score (wins + draws/2) against j in the matches counted in
    ``games[i, j]`` (each match counted once, in either cell).  Fitted by Hunter's MM algorithm
    (2004), which increases the likelihood at every step.  ``prior`` > 0 gives each player
    ``prior`` virtual wins and ``prior`` virtual losses against a fixed virtual player of rating 0,
    so that a perfect record stays finite, and the ratings are relative to that player; ``prior =
    0`` is the plain maximum-likelihood fit, at mean 0 (finite only when every player has both
    won and lost, in a connected table).  Subtract a player's rating to anchor it at 0.

    The probability that i beats j is ``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``."""
    score = np.asarray(score, dtype=np.float64)
    games = np.asarray(games, dtype=np.float64)
    if score.ndim != 2 or score.shape != games.shape or score.shape[0] != score.shape[1]:
        raise ValueError("score and games must be [n, n] arrays of the same shape")
    pair_games = games + games.T                      # matches between i and j, either way round
    # i's score over all its matches: as the row player, plus what the column players conceded
    wins = score.sum(1) + (games - score).sum(0) + prior
    gamma = np.ones(len(score))
    for _ in range(iterations):
        denom = (pair_games / (gamma[:, None] + gamma[None, :])).sum(1) + 2.0 * prior / (gamma + 1.0)
        new = np.maximum(wins, 1e-300) / np.maximum(denom, 1e-300)
        if prior == 0:  # without the virtual player the scale floats: fix the geometric mean at 1
            new /= np.exp(np.log(new).mean())
        done = np.max(np.abs(np.log(new) - np.log(gamma))) < tol
        gamma = new
        if done:
            break
    return 400.0 * np.log10(gamma)


def bradley_terry_covariance(elo: np.ndarray, games: np.ndarray, prior: float = 1.0) -> np.ndarray:
    """The covariance (Elo^2) of a :func:`bradley_terry` fit, from the Fisher information (the
    negative Hessian of its log-likelihood, the prior's virtual games included), inverted.  With
    ``prior = 0`` the information is singular along the common shift; the pseudo-inverse then gives
    the covariance of the ratings at mean 0, and every difference's variance is exact either way."""
    scale = np.log(10.0) / 400.0                     # Elo -> natural-log strength
    theta = np.asarray(elo, dtype=np.float64) * scale
    games = np.asarray(games, dtype=np.float64)
    pair_games = games + games.T
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    w = pair_games * p * (1.0 - p)
    info = -w
    np.fill_diagonal(info, 0.0)
    q = 1.0 / (1.0 + np.exp(-theta))
    info[np.diag_indices_from(info)] = w.sum(1) - np.diag(w) + 2.0 * prior * q * (1.0 - q)
    return np.linalg.pinv(info) / scale ** 2


def rating_intervals(elo: np.ndarray, cov: np.ndarray, anchor: int | None, z: float = Z95):
    """Ratings anchored at player ``anchor`` (0; or mean 0 when None) with normal z-intervals from
    the covariance: ``(elo, low, high)``.  The anchor's own interval is [0, 0]."""
    n = len(elo)
    if anchor is None:
        center = np.eye(n) - 1.0 / n
    else:
        center = np.eye(n)
        center[:, anchor] -= 1.0
    rel = center @ elo
    sd = np.sqrt(np.maximum(np.diag(center @ cov @ center.T), 0.0))
    return rel, rel - z * sd, rel + z * sd


def elo_win_probability(diff: float) -> float:
    """The Bradley-Terry probability of winning at an Elo difference of ``diff``."""
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))
