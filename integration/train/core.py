"""One PPO iteration, top to bottom: collect a rollout, compute its advantages, update the policy
in minibatches (the pieces of the algorithm are ppo.py's; CleanRL's ppo.py reads the same way).

Each function takes the trainer (trainer.py) whose state it reads and moves on: its env, policy,
optimizer, self-play (selfplay.py), generators, step count, episode statistics, timer and, on a
GPU, its CUDA support (cuda.py).  The trainer decides which policy plays a rollout and where an
update runs (inline, beside the rollouts in a thread or a process: overlap.py; on every rank of a
data-parallel run: distributed.py, through Trainer.after_backward).
"""
from __future__ import annotations

import functools
from collections import defaultdict

import numpy as np
import torch

from .policy import ActionOutput, MaskedActorCritic
from .ppo import compute_gae, compute_vtrace, explained_variance, ppo_loss
from .selfplay import SELF


class Rollout:
    """One rollout's worth of experience, [T, N] per field, allocated once on the training device."""

    def __init__(self, horizon: int, agents: int, spec, device: torch.device):
        shape = (horizon, agents)
        self.obs = torch.zeros(*shape, spec.obs_size, device=device)
        self.actions = torch.zeros(*shape, spec.num_heads, dtype=torch.long, device=device)
        # The masks the learner acted on: the update reuses them instead of decoding the observations
        # again (rows of past snapshots' seats hold the learner's, unused: their weight is 0).
        self.move_mask = torch.zeros(*shape, spec.num_moves, dtype=torch.bool, device=device)
        self.data_row = torch.zeros(*shape, spec.data_size, dtype=torch.bool, device=device)
        self.logprob = torch.zeros(shape, device=device)
        self.value = torch.zeros(shape, device=device)
        self.reward = torch.zeros(shape, device=device)
        self.done = torch.zeros(shape, device=device)
        self.weight = torch.zeros(shape, device=device)  # 1 where the learner acted: only that trains
        self.next_value = torch.zeros(agents, device=device)


# ----- experience ----------------------------------------------------------------------------
def collect(trainer, buf: Rollout, behaviour: MaskedActorCritic) -> dict:
    """Play `horizon` turns of every match.  Each turn, for each part of the matches (one part,
    all of them; or two halves with double_buffer, envs.HalvesEnv): take the part's last step
    (its results are row t - 1), act for it, and send its actions.  With two halves the first
    half's workers step while the trainer acts for the second: neither waits for the other.
    Acting: the learner's forward pass covers the part's seats it plays (the CUDA path's all of
    them: its captured pass has one shape), then the opponents' seats get their own actions.
    Rows t of the buffer hold turn t of every match, whichever part it is in; halves change
    only the order of the random draws (each half's forward pass draws its own actions,
    finished matches draw opponents half by half)."""
    double = trainer.cfg.double_buffer
    parts = trainer.env.parts if double else [(slice(None), slice(None))]
    horizon = trainer.cfg.horizon
    sent = {}  # one part: the actions kept for the whole env's step

    def recv(part: int):
        """(observations, rewards, terminals, truncations) of a part's step."""
        return trainer.env.recv(part) if double else trainer.env.step(sent.pop(part))[:4]

    for t in range(horizon + 1):
        for part, (agents, matches) in enumerate(parts):
            if t > 0:
                with trainer.timer("env"):
                    obs_np, rewards, terminals, truncations = recv(part)
                # A truncation is treated as an end (no bootstrap): the next row is a new match.
                _after_step(trainer, buf, t - 1, agents, matches, obs_np, rewards, terminals | truncations)
            if t == horizon:
                continue
            obs = trainer.next_obs[agents]
            buf.obs[t, agents] = obs
            learner = torch.as_tensor(trainer.selfplay.learner_agents()[agents], device=trainer.device)
            with trainer.timer("forward"), torch.no_grad(), trainer.autocast():
                out = trainer.cuda.act(obs) if trainer.cuda else act_for_learner(behaviour, obs, learner)
                actions = out.actions.clone()
                trainer.selfplay.opponent_actions(obs, actions, agents)
                to_env = actions.cpu().numpy().astype(np.int32)  # on a GPU: waits for the pass
            buf.actions[t, agents], buf.logprob[t, agents], buf.value[t, agents] = \
                actions, out.logprob, out.value.float()
            buf.move_mask[t, agents], buf.data_row[t, agents] = out.move_mask, out.data_row
            buf.weight[t, agents] = learner.to(buf.weight.dtype)
            if double:  # sent to the part's workers, which step while the next part acts
                with trainer.timer("env"):
                    trainer.env.send(part, to_env)
            else:
                sent[part] = to_env
        if t < horizon:
            trainer.global_step += trainer.cfg.agents
    with torch.no_grad(), trainer.autocast():
        buf.next_value[:] = behaviour.value(trainer.next_obs).float()
    return {}


def act_for_learner(behaviour: MaskedActorCritic, obs: torch.Tensor, learner: torch.Tensor) -> ActionOutput:
    """The learner's pass over the seats it plays (`learner`, bool per row) alone: the other
    seats' actions are the opponents' (opponent_actions), and their rows weigh nothing in the
    update.  Those rows hold zeros: no action, log-prob or value, and no legal move."""
    rows = torch.nonzero(learner).flatten()
    out = behaviour.act(obs[rows])
    full = lambda x: x.new_zeros((len(obs), *x.shape[1:])).index_copy_(0, rows, x)  # noqa: E731
    return ActionOutput(full(out.actions), full(out.logprob), None, full(out.value),
                        full(out.move_mask), full(out.data_row))


def _after_step(trainer, buf: Rollout, t: int, agents: slice, matches: slice, obs_np, rewards, done) -> None:
    """A part's step results into row t and its next observations into next_obs; the episodes
    that ended are counted and their matches draw new opponents."""
    buf.reward[t, agents] = torch.as_tensor(rewards, device=trainer.device)
    buf.done[t, agents] = torch.as_tensor(done, device=trainer.device, dtype=torch.float32)
    full_rewards = np.zeros(trainer.cfg.agents, dtype=np.float32)
    full_done = np.zeros(trainer.cfg.agents, dtype=bool)
    full_rewards[agents], full_done[agents] = rewards, done
    ended = full_done.reshape(-1, 2).any(1)
    _record_episodes(trainer, full_rewards, full_done, trainer.selfplay.learner_agents(), ended, matches)
    trainer.selfplay.reassign(ended)  # new opponents only for matches that just ended
    if trainer.cuda:
        trainer.cuda.upload_obs(obs_np, trainer.next_obs[agents])
    else:
        trainer.next_obs[agents].copy_(torch.from_numpy(obs_np))


def _record_episodes(trainer, rewards, done, learner, ended, matches: slice = slice(None)) -> None:
    """Add a turn's rewards to the episodes under way, and close those that ended.  `matches`:
    the matches that played the turn (all of them, or a half: collect)."""
    trainer.ep_return += rewards
    trainer.ep_len[matches] += 1
    if not ended.any():
        return
    finished = np.flatnonzero(done & learner)
    trainer.ep_stats["return"] += trainer.ep_return[finished].tolist()
    versus_pool = ended & (trainer.selfplay.opponent != SELF)
    for i in np.flatnonzero(versus_pool):
        r = rewards[2 * i + trainer.selfplay.learner_seat[i]]
        trainer.ep_stats["win_vs_pool"].append(float(r > 0))
        trainer.ep_stats["draw_vs_pool"].append(float(r == 0))
    for i in np.flatnonzero(ended & (trainer.selfplay.opponent == SELF)):
        trainer.ep_stats["p1_win_self"].append(float(rewards[2 * i] > 0))
    trainer.ep_stats["length"] += trainer.ep_len[ended].tolist()
    trainer.ep_return[done] = 0.0
    trainer.ep_len[ended] = 0


# ----- learning ------------------------------------------------------------------------------
def update(trainer, buf: Rollout, lag: int = 0) -> dict:
    """PPO on the learner's experience in `buf`: epochs of shuffled minibatches."""
    cfg = trainer.cfg
    T, N = buf.value.shape
    with torch.no_grad():
        advantages = compute_gae(buf.reward, buf.value, buf.done, buf.next_value, cfg.gamma, cfg.gae_lambda)
    flat = lambda x: x.reshape(T * N, *x.shape[2:])  # noqa: E731
    b_obs, b_actions, b_logprob = flat(buf.obs), flat(buf.actions), flat(buf.logprob)
    b_move_mask, b_data_row = flat(buf.move_mask), flat(buf.data_row)
    b_value, b_weight = flat(buf.value), flat(buf.weight)
    b_adv = flat(advantages)
    learner_idx = torch.nonzero(b_weight > 0).flatten()
    graphed = bool(trainer.cuda and trainer.cuda.graph_update)
    if graphed:  # the captured step's static inputs take whole observations
        fixed = (b_obs, b_actions, b_move_mask, b_data_row, b_logprob, b_value)
    else:
        # The learner's rows gathered once, the observations as their features alone (the
        # masks acted on are passed beside them) and in the products' dtype: the minibatches
        # then gather a fraction of the bytes, and bfloat16 autocast no longer casts each
        # minibatch's input (the values are the same: it is the cast autocast makes).
        fixed = tuple(torch.index_select(x, 0, learner_idx) for x in (
            trainer.spec.features(b_obs), b_actions, b_move_mask, b_data_row, b_logprob, b_value))
        if trainer.bf16 and not trainer.cuda:
            fixed = (fixed[0].to(torch.bfloat16), *fixed[1:])
    epochs = 1 if trainer.executor.one_epoch else cfg.update_epochs  # executor.py
    sums: dict[str, torch.Tensor | float] = defaultdict(float)  # summed on the device: one sync per epoch
    count = 0
    for epoch in range(epochs):
        if cfg.advantage == "vtrace" and (epoch > 0 or lag > 0):
            b_adv = flat(_vtrace(trainer, buf, (b_obs, b_actions, b_move_mask, b_data_row), b_logprob, T, N))
        order = torch.randperm(len(learner_idx), generator=trainer.update_gen).to(trainer.device)
        if graphed:
            order, adv = learner_idx[order], b_adv
        else:
            adv = torch.index_select(b_adv, 0, learner_idx)
        obs, actions, move_mask, data_row, logprob, value = fixed
        samples = (obs, actions, move_mask, data_row, logprob, adv, value, adv + value)
        for mb in order.tensor_split(cfg.num_minibatches):
            if len(mb) == 0:
                continue
            step = trainer.cuda.minibatch if graphed else functools.partial(minibatch, trainer)
            # index_select: the same rows as x[mb], several times faster on the CPU
            stats = step(*[torch.index_select(x, 0, mb) for x in samples])
            for k, v in stats.items():
                sums[k] = sums[k] + v.detach()
            count += 1
        if cfg.target_kl is not None and float(sums["approx_kl"]) / max(count, 1) > cfg.target_kl:
            break
    out = {f"loss/{k}": float(v) / max(count, 1) for k, v in sums.items()}
    out["loss/explained_variance"] = explained_variance(b_value, b_adv + b_value, b_weight)
    out["loss/epochs"] = epoch + 1
    return out


def minibatch(trainer, obs, actions, move_mask, data_row, old_logprob, adv, old_value, returns) -> dict:
    """One optimizer step on a minibatch."""
    cfg = trainer.cfg
    with trainer.autocast():
        new = trainer.policy.evaluate(obs, actions, move_mask, data_row)
    loss, stats = ppo_loss(new.logprob.float(), old_logprob, adv, new.value.float(), old_value, returns,
                           new.entropy.float(), torch.ones_like(adv), cfg.clip_coef, cfg.vf_clip_coef,
                           cfg.vf_coef, cfg.ent_coef, cfg.norm_adv)
    trainer.optimizer.zero_grad(set_to_none=True)
    loss.backward()
    trainer.after_backward()
    torch.nn.utils.clip_grad_norm_(trainer.policy.parameters(), cfg.max_grad_norm)
    trainer.optimizer.step()
    return {"policy": stats["policy_loss"], "value": stats["value_loss"], "entropy": stats["entropy"],
            "approx_kl": stats["approx_kl"], "clipfrac": stats["clipfrac"]}


def _vtrace(trainer, buf, samples, b_logprob, T, N) -> torch.Tensor:
    """Puff advantage with the current policy's importance ratios over the whole batch."""
    cfg = trainer.cfg
    with torch.no_grad(), trainer.autocast():
        new_logprob = trainer.policy.evaluate(*samples).logprob.float()
    ratio = (new_logprob - b_logprob).exp().reshape(T, N)
    return compute_vtrace(buf.reward, buf.value, buf.done, buf.next_value, ratio, cfg.gamma,
                          cfg.gae_lambda, cfg.vtrace_rho_clip, cfg.vtrace_c_clip)
