"""PPO's pieces as plain functions (CleanRL style), each tested against hand-computed values.

Rollout convention (CleanRL's): row t holds the observation the agent acted on,
its action, log-prob and value, and the reward and done flag that *this* action
produced.  ``next_value`` is V(observation after the last row).  When
``done[t]`` the next row is the first turn of a new match (auto-reset), so
nothing flows across it.

Every loss takes a per-sample ``weight``: 1 for the learner's experience, 0 for
padding (fixed-size minibatches for CUDA graphs); all means are weighted.
"""
from __future__ import annotations

import math

import torch


def compute_gae(rewards, values, dones, next_value, gamma: float, lam: float) -> torch.Tensor:
    """Generalised advantage estimation over [T, N] tensors (Schulman et al. 2016)."""
    return compute_vtrace(rewards, values, dones, next_value, torch.ones_like(values), gamma, lam, 1.0, 1.0)


def compute_vtrace(rewards, values, dones, next_value, ratio, gamma: float, lam: float,
                   rho_clip: float, c_clip: float) -> torch.Tensor:
    """PufferLib's "puff advantage": GAE whose TD errors and traces carry clipped importance weights.

        delta_t = min(rho_t, rho_clip) * (r_t + gamma * V_{t+1} * (1 - d_t) - V_t)
        A_t     = delta_t + gamma * lam * min(rho_t, c_clip) * (1 - d_t) * A_{t+1}

    With ratio == 1 this is exactly GAE.  It corrects for data gathered by an
    older policy (the asynchronous mode, later epochs).
    """
    T = rewards.shape[0]
    advantages = torch.zeros_like(values)
    rho = ratio.clamp(max=rho_clip)
    c = ratio.clamp(max=c_clip)
    last = torch.zeros_like(next_value)
    for t in reversed(range(T)):
        v_next = next_value if t == T - 1 else values[t + 1]
        not_done = 1.0 - dones[t]
        delta = rho[t] * (rewards[t] + gamma * v_next * not_done - values[t])
        last = delta + gamma * lam * c[t] * not_done * last
        advantages[t] = last
    return advantages


def weighted_mean(x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    return (x * weight).sum() / weight.sum().clamp(min=1.0)


def normalize(adv: torch.Tensor, weight: torch.Tensor, eps: float = 1e-8) -> torch.Tensor:
    mean = weighted_mean(adv, weight)
    std = weighted_mean((adv - mean) ** 2, weight).sqrt()
    return (adv - mean) / (std + eps)


def clipped_policy_loss(advantages: torch.Tensor, ratio: torch.Tensor, clip_coef: float) -> torch.Tensor:
    """Per-sample clipped surrogate, max(-A r, -A clip(r, 1-eps, 1+eps)).

    The max of the two *losses* is the pessimistic bound: clipping only removes
    the incentive to move further in the direction the advantage already
    rewards.  A bad action made more likely (A < 0, r > 1+eps) keeps its full,
    unclipped penalty and gradient.
    """
    loss_unclipped = -advantages * ratio
    loss_clipped = -advantages * torch.clamp(ratio, 1.0 - clip_coef, 1.0 + clip_coef)
    return torch.max(loss_unclipped, loss_clipped)


def value_loss(new_values, old_values, returns, clip_coef: float | None) -> torch.Tensor:
    """Per-sample 0.5 * squared error, optionally the pessimistic clipped form of PPO2."""
    unclipped = (new_values - returns) ** 2
    if clip_coef is None:
        return 0.5 * unclipped
    clipped = old_values + torch.clamp(new_values - old_values, -clip_coef, clip_coef)
    return 0.5 * torch.max(unclipped, (clipped - returns) ** 2)


def ppo_loss(new_logprob, old_logprob, advantages, new_values, old_values, returns, entropy, weight,
             clip_coef: float, vf_clip_coef: float | None, vf_coef: float, ent_coef: float,
             norm_adv: bool = True) -> tuple[torch.Tensor, dict[str, torch.Tensor]]:
    """Total loss of one minibatch, and the diagnostics PPO is usually judged by."""
    logratio = new_logprob - old_logprob
    ratio = logratio.exp()
    if norm_adv:
        advantages = normalize(advantages, weight)
    pg_loss = weighted_mean(clipped_policy_loss(advantages, ratio, clip_coef), weight)
    v_loss = weighted_mean(value_loss(new_values, old_values, returns, vf_clip_coef), weight)
    ent = weighted_mean(entropy, weight)
    loss = pg_loss + vf_coef * v_loss - ent_coef * ent
    with torch.no_grad():
        stats = dict(
            policy_loss=pg_loss.detach(),
            value_loss=v_loss.detach(),
            entropy=ent.detach(),
            # http://joschu.net/blog/kl-approx.html: an unbiased, low-variance estimator
            approx_kl=weighted_mean((ratio - 1) - logratio, weight),
            clipfrac=weighted_mean(((ratio - 1.0).abs() > clip_coef).float(), weight),
        )
    return loss, stats


def explained_variance(pred: torch.Tensor, target: torch.Tensor, weight: torch.Tensor) -> float:
    """1 - Var[target - pred] / Var[target]; 1 is perfect, 0 is no better than a constant."""
    var_t = weighted_mean((target - weighted_mean(target, weight)) ** 2, weight)
    if float(var_t) == 0.0:
        return float("nan")
    resid = target - pred
    var_r = weighted_mean((resid - weighted_mean(resid, weight)) ** 2, weight)
    return float(1.0 - var_r / var_t)


def learning_rate(base: float, progress: float, schedule: str, final_frac: float = 0.0) -> float:
    """Anneal from `base` at progress 0 to `base * final_frac` at progress 1."""
    p = min(max(progress, 0.0), 1.0)
    if schedule == "constant":
        scale = 1.0
    elif schedule == "linear":
        scale = 1.0 - p
    elif schedule == "cosine":
        scale = 0.5 * (1.0 + math.cos(math.pi * p))
    else:
        raise ValueError(f"unknown lr schedule {schedule!r} (constant, linear, cosine)")
    return base * (final_frac + (1.0 - final_frac) * scale)
