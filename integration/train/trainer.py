"""The self-play PPO trainer: collect a rollout, update, evaluate, log, checkpoint, repeat.

With ``opponent`` set (``--opponent``) it trains a best response instead: the learner against one
fixed policy (opponent.py), which stands in for the self-play pool; ``init`` (``--init``) starts
the learner from a checkpoint's weights.

Read ``Trainer.run`` first; every step below it is a short method.  The CPU
path never touches CUDA; everything device-specific lives in cuda.py and is
used only with ``--device cuda``.
"""
from __future__ import annotations

import contextlib
import copy
import functools
import json
import logging
import signal
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

import numpy as np
import torch

from . import checkpoint as ckpt
from .config import TrainConfig
from .envs import action_spec, make_env, match_recorder, scripted_baseline
from .evaluate import Ratings, Result, play
from .logger import Display, MetricsLog, make_plots
from .opponent import FixedOpponent, load_init, load_opponent
from .overlap import UpdateWorker, share_rollout
from .policy import MaskedActorCritic, random_policy
from .ppo import compute_gae, compute_vtrace, explained_variance, learning_rate, ppo_loss
from .selfplay import SELF, SelfPlay
from .stats import wilson_interval

CHECKPOINT_VERSION = 1


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


class Timer:
    """Seconds spent per section since the last `take()`."""

    def __init__(self, sync=None):
        self.totals: dict[str, float] = defaultdict(float)
        self.sync = sync or (lambda: None)
        self.lock = threading.Lock()

    @contextlib.contextmanager
    def __call__(self, name: str):
        start = time.perf_counter()
        try:
            yield
        finally:
            self.sync()
            with self.lock:
                self.totals[name] += time.perf_counter() - start

    def add(self, name: str, seconds: float) -> None:
        """Time spent elsewhere (the overlapped update process's update)."""
        with self.lock:
            self.totals[name] += seconds

    def take(self) -> dict[str, float]:
        with self.lock:
            out, self.totals = dict(self.totals), defaultdict(float)
        return out


class Trainer:
    OVERLAP = True  # may this kind of trainer overlap rollouts and updates in two processes (overlap.py)

    def __init__(self, cfg: TrainConfig, run_dir: str | Path | None = None, display: bool = True):
        self.cfg = cfg.validate()
        self.device = torch.device(cfg.device)
        if self.device.type == "cuda" and not torch.cuda.is_available():
            raise SystemExit("--device cuda: no CUDA device is available here (torch.cuda.is_available() is False)")
        if cfg.torch_threads:
            torch.set_num_threads(cfg.torch_threads)
        ckpt.seed_everything(cfg.seed)

        self.env = make_env(cfg.env, cfg.num_envs, cfg.seed, cfg.p1, cfg.p2, cfg.vec_backend, cfg.workers(),
                            shaping_damage=cfg.shaping_damage)
        self.spec = action_spec(self.env)
        self.eval_env = make_env(cfg.env, max(2, cfg.eval_matches), cfg.seed + 7919, cfg.p1, cfg.p2)
        self.scripted = scripted_baseline(cfg.env)
        self.policy = MaskedActorCritic(self.spec, cfg.hidden, cfg.layers).to(self.device)
        if cfg.init:
            self.policy.load_state_dict(load_init(cfg.init, self.spec, cfg.hidden, cfg.layers))
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=cfg.learning_rate, eps=cfg.adam_eps)

        self.rng = np.random.default_rng(cfg.seed)  # self-play draws (opponents, seats)
        self.update_gen = torch.Generator().manual_seed(cfg.seed + 1)  # minibatch order
        if cfg.opponent:  # a best response: one fixed opponent in place of the self-play pool
            gen = torch.Generator(self.device).manual_seed(cfg.seed + 2)
            opponent = load_opponent(cfg.opponent, cfg.env, self.spec, gen, self.device, self.env)
            self.selfplay = FixedOpponent(cfg.num_envs, opponent, self.spec, gen, self.rng, self.env)
        else:
            self.selfplay = SelfPlay(cfg.num_envs, cfg.pool_size, cfg.p_latest, cfg.pool_sampling, self.rng,
                                     self.device)
        self.ratings = Ratings()
        self.overlap = self.OVERLAP and cfg.overlapped()
        self.bufs = [Rollout(cfg.horizon, cfg.agents, self.spec, self.device)
                     for _ in range(2 if self.async_mode or self.overlap else 1)]
        # The overlapped loop (_loop_overlap): the rollouts are played by `behaviour`, the policy
        # one update behind the learner, in buffers shared with the update process.
        self.behaviour = self.behaviour_version = self._ready = None
        if self.overlap:
            for buf in self.bufs:
                share_rollout(buf)
            self.behaviour = copy.deepcopy(self.policy).requires_grad_(False)
            self.behaviour_version = 0

        self.update_count = 0
        self.global_step = 0
        self.elapsed_s = 0.0
        self.budget_s, self.budget_steps = cfg.budget()
        self.ep_return = np.zeros(cfg.agents)  # running return of every agent's current match
        self.ep_len = np.zeros(cfg.num_envs, dtype=np.int64)  # turns into every match
        self.ep_stats: dict[str, list[float]] = defaultdict(list)
        self.stop_requested = False
        self.last_eval: dict = {}

        self.cuda = None
        if self.device.type == "cuda" or cfg.cuda_rehearsal:  # isolated: the CPU path never imports cuda.py
            from .cuda import CudaSupport

            self.cuda = CudaSupport(self)
        self.timer = Timer(sync=self.cuda.synchronize if self.cuda else None)

        obs, _ = self.env.reset(seed=cfg.seed)
        self.next_obs = torch.as_tensor(obs, device=self.device).clone()
        self.selfplay.add_snapshot(self.policy, 0)
        self.selfplay.reassign(np.ones(cfg.num_envs, dtype=bool))

        self.run_dir = Path(run_dir or cfg.run_dir or Path("runs") / datetime.now().strftime("%Y%m%d-%H%M%S"))
        self.display = Display(display, cfg.print_interval_s)

    @property
    def async_mode(self) -> bool:
        return bool(self.cfg.async_update)

    # ----- the loop ----------------------------------------------------------------------
    def run(self, max_updates: int | None = None) -> dict:
        """Train until the budget is spent (or `max_updates` more updates, or Ctrl-C)."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        (self.run_dir / "config.json").write_text(json.dumps(self.cfg.to_dict(), indent=2))
        self.metrics = MetricsLog(self.run_dir)
        self.metrics.truncate_after(self.update_count)
        self.display.budget = self._budget_text()
        stop_at = None if max_updates is None else self.update_count + max_updates
        with self._engine_errors_to_run_dir(), self._sigint_flag():
            with self.display:
                if self.async_mode:
                    self._loop_async(stop_at)
                elif self.overlap:
                    self._loop_overlap(stop_at)
                else:
                    self._loop_sync(stop_at)
                if self.stop_requested:
                    self.display.message("interrupted: saving a checkpoint; continue with --resume " + str(self.run_dir))
            return self.finish()

    def _loop_sync(self, stop_at):
        while not self._should_stop(stop_at):
            t0 = time.perf_counter()
            self._set_learning_rate()
            stats = self.collect(self.bufs[0], self.policy)
            with self.timer("update"):
                stats.update(self.update(self.bufs[0], lag=0))
            self._after_update(stats, t0, lag=0)

    def _loop_async(self, stop_at):
        """Overlap: while the learner trains on rollout k, a copy of the policy from before that
        update plays rollout k+1, so each batch is one policy version old when it is trained on
        (logged as policy_lag).  Each update is one epoch; V-trace, when on, corrects for the lag."""
        behaviour = copy.deepcopy(self.policy).requires_grad_(False)
        if self.cuda:
            self.cuda.use_behaviour(behaviour)
        learner_version = behaviour_version = 0
        pending, t0 = None, time.perf_counter()
        with ThreadPoolExecutor(max_workers=1) as pool:
            while True:
                buf = self.bufs[self.update_count % 2]
                stats = self.collect(buf, behaviour)  # overlaps the pending update
                batch_version = behaviour_version
                if pending is not None:
                    stats.update(pending.result())
                    learner_version += 1
                    with torch.no_grad():
                        for b, p in zip(behaviour.parameters(), self.policy.parameters()):
                            b.copy_(p)  # in place, so a captured graph sees the new weights
                    behaviour_version = learner_version
                    self._after_update(stats, t0, lag=pending.lag)
                    t0 = time.perf_counter()
                if self._should_stop(stop_at):
                    break
                self._set_learning_rate()
                lag = learner_version - batch_version
                pending = pool.submit(self._timed_update, buf, lag)
                pending.lag = lag

    def _loop_overlap(self, stop_at):
        """Rollouts and updates side by side on two cores (overlap.py): while the update process
        trains on rollout k-1 (update k), this process plays rollout k with `behaviour`, the policy
        as it was after update k-1.  Every batch is thus one version old when trained on (logged
        as policy_lag; the first is the learner's own), the clipped ratio is taken against the
        log-probs it was played with, and all update_epochs run.

        Which policy plays a rollout depends only on its number (rollout k: version k-1), never
        on timing, and a rollout's row in the metrics is the row of the update that trains it.
        Where a checkpoint is due the update runs alone (rollout k is played after it, still by
        version k-1), and a stop (budget, Ctrl-C) first trains the rollout already played: every
        checkpoint is taken with no experience pending, and a resumed run equals an
        uninterrupted one, as in the one-process loop."""
        cfg = self.cfg
        with UpdateWorker(self) as worker:
            draining = False
            while True:
                if self._ready is None:
                    if draining or self._should_stop(stop_at):
                        break
                    self._ready = self._collect_into(0)
                t0 = time.perf_counter()
                index, version = self._ready
                self._ready = None
                self._set_learning_rate()
                lag = self.update_count - version
                worker.submit(index, lag, float(self.optimizer.param_groups[0]["lr"]))
                self._switch_behaviour()
                upcoming = self.update_count + 1
                if not (draining or self._stops_after(upcoming, stop_at)
                        or upcoming % cfg.checkpoint_interval == 0):
                    self._ready = self._collect_into(1 - index)  # overlaps the update
                with self.timer("wait"):
                    stats, seconds = worker.result()
                self.timer.add("update", seconds)
                if upcoming % cfg.checkpoint_interval == 0:
                    worker.pull_state()
                # the row of this update reports the rollout it trained on
                trained, live = self.bufs[index], self.global_step
                self.global_step, self.ep_stats = trained.steps_end, trained.ep_stats
                self._after_update(stats, t0, lag=lag)
                self.global_step = live
                draining = draining or self._should_stop(stop_at)
            worker.pull_state()  # this process's optimizer and generator are the learner's again

    def _stops_after(self, upcoming: int, stop_at) -> bool:
        """Whether the loop stops after update `upcoming` for a reason known before it runs."""
        if self.stop_requested or (stop_at is not None and upcoming >= stop_at):
            return True
        return self.budget_steps is not None and self.global_step >= self.budget_steps

    def _collect_into(self, index: int) -> tuple[int, int]:
        """Play a rollout into bufs[index] with the behaviour policy; its episode statistics and
        the step count at its end stay with the buffer until the update that trains it is logged."""
        buf = self.bufs[index]
        buf.ep_stats = self.ep_stats = defaultdict(list)
        self.collect(buf, self.behaviour)
        buf.steps_end = self.global_step
        return index, self.behaviour_version

    def _switch_behaviour(self) -> None:
        """Before update k: the learner is at version k-1, which plays rollout k; a snapshot
        taken every snapshot_interval versions joins the pool when that version starts to play."""
        if self.behaviour_version == self.update_count:
            return
        with torch.no_grad():
            for b, p in zip(self.behaviour.parameters(), self.policy.parameters()):
                b.copy_(p)
        self.behaviour_version = self.update_count
        if self.update_count % self.cfg.snapshot_interval == 0:
            self.selfplay.add_snapshot(self.policy, self.update_count)

    def _timed_update(self, buf, lag):
        with self.cuda.side_stream() if self.cuda else contextlib.nullcontext(), self.timer("update"):
            return self.update(buf, lag)

    def _should_stop(self, stop_at) -> bool:
        if self.stop_requested or (stop_at is not None and self.update_count >= stop_at):
            return True
        if self.budget_steps is not None and self.global_step >= self.budget_steps:
            return True
        return self.budget_s is not None and self.elapsed_s >= self.budget_s

    def _after_update(self, stats: dict, t0: float, lag: int) -> None:
        self.update_count += 1
        cfg = self.cfg
        if self.update_count % cfg.snapshot_interval == 0 and not self.overlap:  # overlapped: _switch_behaviour
            self.selfplay.add_snapshot(self.policy, self.update_count)
        if cfg.eval_interval and self.update_count % cfg.eval_interval == 0:
            with self.timer("eval"):
                stats.update(self.evaluate())
        wall = time.perf_counter() - t0
        self.elapsed_s += wall
        row = self._log_row(stats, wall, lag)
        self.metrics.write(row)
        self.display.update(row, self.progress())
        if self.update_count % cfg.checkpoint_interval == 0:
            self.save_checkpoint()

    # ----- experience --------------------------------------------------------------------
    def collect(self, buf: Rollout, behaviour: MaskedActorCritic) -> dict:
        """Play `horizon` turns of every match; the learner's forward pass covers all agents,
        then the seats of past snapshots are overwritten by their own actions."""
        for t in range(self.cfg.horizon):
            obs = self.next_obs
            buf.obs[t] = obs
            with self.timer("forward"), torch.no_grad(), self._autocast():
                out = self.cuda.act(obs) if self.cuda else behaviour.act(obs)
                actions = out.actions.clone()
                self.selfplay.opponent_actions(obs, actions)
            buf.actions[t], buf.logprob[t], buf.value[t] = actions, out.logprob, out.value.float()
            buf.move_mask[t], buf.data_row[t] = out.move_mask, out.data_row
            learner = self.selfplay.learner_agents()
            buf.weight[t] = torch.as_tensor(learner, device=self.device)
            with self.timer("env"):
                obs_np, rewards, terminals, truncations, _ = self.env.step(actions.cpu().numpy().astype(np.int32))
            # A truncation is treated as an end (no bootstrap): the next row is a new match.
            done = terminals | truncations
            buf.reward[t] = torch.as_tensor(rewards, device=self.device)
            buf.done[t] = torch.as_tensor(done, device=self.device, dtype=torch.float32)
            ended = done.reshape(-1, 2).any(1)
            self._record_episodes(rewards, done, learner, ended)
            self.selfplay.reassign(ended)  # new opponents only for matches that just ended
            if self.cuda:
                self.cuda.upload_obs(obs_np, self.next_obs)
            else:
                self.next_obs.copy_(torch.from_numpy(obs_np))
            self.global_step += self.cfg.agents
        with torch.no_grad(), self._autocast():
            buf.next_value[:] = behaviour.value(self.next_obs).float()
        return {}

    def _record_episodes(self, rewards, done, learner, ended) -> None:
        self.ep_return += rewards
        self.ep_len += 1
        if not ended.any():
            return
        self.selfplay.record_results(ended, rewards)
        finished = np.flatnonzero(done & learner)
        self.ep_stats["return"] += self.ep_return[finished].tolist()
        versus_pool = ended & (self.selfplay.opponent != SELF)
        for i in np.flatnonzero(versus_pool):
            r = rewards[2 * i + self.selfplay.learner_seat[i]]
            self.ep_stats["win_vs_pool"].append(float(r > 0))
            self.ep_stats["draw_vs_pool"].append(float(r == 0))
        for i in np.flatnonzero(ended & (self.selfplay.opponent == SELF)):
            self.ep_stats["p1_win_self"].append(float(rewards[2 * i] > 0))
        self.ep_stats["length"] += self.ep_len[ended].tolist()
        self.ep_return[done] = 0.0
        self.ep_len[ended] = 0

    # ----- learning ----------------------------------------------------------------------
    def update(self, buf: Rollout, lag: int = 0) -> dict:
        """PPO on the learner's experience in `buf`: epochs of shuffled minibatches."""
        cfg = self.cfg
        T, N = buf.value.shape
        with torch.no_grad():
            advantages = compute_gae(buf.reward, buf.value, buf.done, buf.next_value, cfg.gamma, cfg.gae_lambda)
        flat = lambda x: x.reshape(T * N, *x.shape[2:])  # noqa: E731
        b_obs, b_actions, b_logprob = flat(buf.obs), flat(buf.actions), flat(buf.logprob)
        b_move_mask, b_data_row = flat(buf.move_mask), flat(buf.data_row)
        b_value, b_weight = flat(buf.value), flat(buf.weight)
        b_adv = flat(advantages)
        learner_idx = torch.nonzero(b_weight > 0).flatten()
        epochs = 1 if self.async_mode else cfg.update_epochs
        sums: dict[str, torch.Tensor | float] = defaultdict(float)  # summed on the device: one sync per epoch
        count = 0
        for epoch in range(epochs):
            if cfg.advantage == "vtrace" and (epoch > 0 or lag > 0):
                b_adv = flat(self._vtrace(buf, (b_obs, b_actions, b_move_mask, b_data_row), b_logprob, T, N))
            b_ret = b_adv + b_value
            order = torch.randperm(len(learner_idx), generator=self.update_gen).to(self.device)
            for mb in learner_idx[order].tensor_split(cfg.num_minibatches):
                if len(mb) == 0:
                    continue
                step = self.cuda.minibatch if self.cuda and self.cuda.graph_update else self._minibatch
                stats = step(b_obs[mb], b_actions[mb], b_move_mask[mb], b_data_row[mb], b_logprob[mb], b_adv[mb],
                             b_value[mb], b_ret[mb])
                for k, v in stats.items():
                    sums[k] = sums[k] + v.detach()
                count += 1
            if cfg.target_kl is not None and float(sums["approx_kl"]) / max(count, 1) > cfg.target_kl:
                break
        out = {f"loss/{k}": float(v) / max(count, 1) for k, v in sums.items()}
        out["loss/explained_variance"] = explained_variance(b_value, b_adv + b_value, b_weight)
        out["loss/epochs"] = epoch + 1
        return out

    def _minibatch(self, obs, actions, move_mask, data_row, old_logprob, adv, old_value, returns) -> dict:
        cfg = self.cfg
        with self._autocast():
            new = self.policy.evaluate(obs, actions, move_mask, data_row)
        loss, stats = ppo_loss(new.logprob.float(), old_logprob, adv, new.value.float(), old_value, returns,
                               new.entropy.float(), torch.ones_like(adv), cfg.clip_coef, cfg.vf_clip_coef,
                               cfg.vf_coef, cfg.ent_coef, cfg.norm_adv)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        self._after_backward()
        torch.nn.utils.clip_grad_norm_(self.policy.parameters(), cfg.max_grad_norm)
        self.optimizer.step()
        return {"policy": stats["policy_loss"], "value": stats["value_loss"], "entropy": stats["entropy"],
                "approx_kl": stats["approx_kl"], "clipfrac": stats["clipfrac"]}

    def _after_backward(self) -> None:
        """Between backward and the optimizer step: nothing here; a data-parallel rank averages
        the gradients over the ranks (distributed.py)."""

    def _vtrace(self, buf, samples, b_logprob, T, N) -> torch.Tensor:
        """Puff advantage with the current policy's importance ratios over the whole batch."""
        cfg = self.cfg
        with torch.no_grad(), self._autocast():
            new_logprob = self.policy.evaluate(*samples).logprob.float()
        ratio = (new_logprob - b_logprob).exp().reshape(T, N)
        return compute_vtrace(buf.reward, buf.value, buf.done, buf.next_value, ratio, cfg.gamma,
                              cfg.gae_lambda, cfg.vtrace_rho_clip, cfg.vtrace_c_clip)

    def _set_learning_rate(self) -> None:
        lr = learning_rate(self.cfg.learning_rate, self.progress(), self.cfg.lr_schedule, self.cfg.lr_final_frac)
        for group in self.optimizer.param_groups:
            if isinstance(group["lr"], torch.Tensor):
                group["lr"].fill_(lr)  # a captured optimizer step reads the tensor
            else:
                group["lr"] = lr

    def progress(self) -> float:
        """How much of the budget is spent: the larger of the step and the time fractions.
        The learning rate anneals over it.  With a step budget only, it is a pure function of
        the step count, which is what makes a resumed run bit-identical; a time budget anneals
        by the (checkpointed) clock."""
        parts = [0.0]
        if self.budget_steps:
            parts.append(self.global_step / self.budget_steps)
        if self.budget_s:
            parts.append(self.elapsed_s / self.budget_s)
        return min(max(parts), 1.0)

    def _autocast(self):
        return self.cuda.autocast() if self.cuda else contextlib.nullcontext()

    # ----- evaluation --------------------------------------------------------------------
    def evaluate(self, final: bool = False) -> dict:
        """The learner against a random legal policy, the scripted baseline and recent
        snapshots, sides swapped; updates the Elo table.  Uses its own env and generator,
        so it never disturbs training (or an exact resume)."""
        seed = self.cfg.seed * 1_000_003 + self.update_count
        gen = torch.Generator(self.device).manual_seed(seed)
        me = f"u{self.update_count}"
        learner = self.policy.as_policy_fn(gen)
        # the baseline draws its noise from the evaluation's generator, never the global RNG (a
        # resumed run must equal an uninterrupted one, which evaluates on its own schedule)
        opponents = {"random": random_policy(self.spec, gen), "scripted": functools.partial(self.scripted, generator=gen)}
        if self.cfg.opponent:  # a best response's target, played as often as the baselines
            opponents["opponent"] = load_opponent(self.cfg.opponent, self.cfg.env, self.spec, gen, self.device,
                                                  self.eval_env)
        recent = [s for s in self.selfplay.pool if s != self.update_count][-self.cfg.eval_snapshots:]
        for sid in recent:
            opponents[f"u{sid}"] = self.selfplay.snapshots[sid].policy.as_policy_fn(gen)
        out = {}
        was_training = self.policy.training
        self.policy.eval()
        # The final figures average more matches: the baselines are played `final_eval_rounds`
        # times over (fresh match seeds each round); the snapshots once.
        rounds = max(1, self.cfg.final_eval_rounds) if final else 1
        for k, (name, opponent) in enumerate(opponents.items()):
            result = Result()
            for r in range(rounds if name in ("random", "scripted", "opponent") else 1):
                with self._autocast():
                    result += play(self.eval_env, self.spec, learner, opponent, seed + 7 * k + 7919 * r, self.device)
            self.ratings.add(me, name, result)
            out[f"eval/win_rate_{name}"] = result.win_rate
            out[f"eval/score_{name}"] = result.score
            if name == "opponent":  # the exploitability yardstick gets its 95 % interval
                low, high = wilson_interval(result.score * result.games, result.games)
                out["eval/score_opponent_low"], out["eval/score_opponent_high"] = low, high
                out["eval/matches_opponent"] = result.games
        self.policy.train(was_training)
        elo = self.ratings.elo()
        out["eval/elo"] = elo.get(me)
        out["eval/elo_scripted"] = elo.get("scripted")
        out["eval/matches_per_baseline"] = result_games = rounds * (self.eval_env.num_agents // 2)
        self.last_eval = {"update": self.update_count, "global_step": self.global_step, **out}
        with open(self.run_dir / "eval.jsonl", "a") as f:
            f.write(json.dumps({**self.last_eval, "final": final}) + "\n")
        self.display.message(
            f"{'final eval' if final else 'eval'} @ update {self.update_count} ({result_games} matches per "
            f"baseline): win rate (score) vs random {out['eval/win_rate_random']:.2f} "
            f"({out['eval/score_random']:.2f}), vs scripted {out['eval/win_rate_scripted']:.2f} "
            f"({out['eval/score_scripted']:.2f}), Elo {out['eval/elo']:.0f} (scripted {out['eval/elo_scripted']:.0f})"
            + (f", vs the opponent {out['eval/win_rate_opponent']:.2f} ({out['eval/score_opponent']:.2f})"
               if "eval/win_rate_opponent" in out else ""))
        return out

    # ----- logging -----------------------------------------------------------------------
    def _log_row(self, stats: dict, wall: float, lag: int) -> dict:
        times = self.timer.take()
        mean = lambda xs: float(np.mean(xs)) if xs else None  # noqa: E731
        row = {
            "update": self.update_count,
            "global_step": self.global_step,
            "wall_s": self.elapsed_s,
            # training throughput: evaluation time is reported apart (time/eval), not counted here
            "sps": self.cfg.batch_size / max(wall - times.get("eval", 0.0), 1e-9),
            "lr": float(self.optimizer.param_groups[0]["lr"]),
            "train/return": mean(self.ep_stats["return"]),
            "train/win_rate_vs_pool": mean(self.ep_stats["win_vs_pool"]),
            "train/draw_rate_vs_pool": mean(self.ep_stats["draw_vs_pool"]),
            "train/p1_win_rate_self": mean(self.ep_stats["p1_win_self"]),
            "train/episode_length": mean(self.ep_stats["length"]),
            "train/matches": len(self.ep_stats["return"]),
            "policy_lag": lag,
            **{k: v for k, v in stats.items()},
            **{f"time/{k}": times.get(k, 0.0) for k in ("env", "forward", "update", "eval")},
        }
        busy = sum(times.get(k, 0.0) for k in ("env", "forward", "eval"))
        busy += 0.0 if self.async_mode else times.get("update", 0.0)  # async updates overlap the rollout
        row["time/other"] = max(wall - busy, 0.0)
        self.ep_stats.clear()
        return row

    def _budget_text(self) -> str:
        parts = []
        if self.budget_s:
            parts.append(f"{self.budget_s / 60:.1f} min")
        if self.cfg.steps:
            parts.append(f"{self.cfg.steps:,} steps")
        return "budget " + " / ".join(parts) + f", {self.cfg.agents} agents on {self.device}"

    # ----- checkpoints -------------------------------------------------------------------
    def state_dict(self) -> dict:
        env_state = self.env.get_state() if hasattr(self.env, "get_state") else None
        if env_state is not None and not ckpt.storable(env_state):
            # a Python-engine snapshot holds match objects, which a checkpoint (tensors and plain
            # data only) cannot: a resume then starts fresh matches
            env_state = None
        return dict(
            version=CHECKPOINT_VERSION,
            config=self.cfg.to_dict(),
            spec=self.spec.describe(),
            update=self.update_count,
            global_step=self.global_step,
            elapsed_s=self.elapsed_s,
            policy=self.policy.state_dict(),
            optimizer=self._optimizer_state(),
            rng=ckpt.rng_state(cuda=self.device.type == "cuda"),
            selfplay_rng=self.rng.bit_generator.state,
            update_gen=self.update_gen.get_state(),
            selfplay=self.selfplay.state_dict(),
            ratings=self.ratings.state_dict(),
            env=env_state,
            next_obs=self.next_obs.cpu(),
            ep_return=self.ep_return.copy(),
            ep_len=self.ep_len.copy(),
            # the overlapped loop: the policy that plays the next rollout (one version behind)
            behaviour=self.behaviour.state_dict() if self.overlap else None,
            behaviour_version=self.behaviour_version,
        )

    def _optimizer_state(self) -> dict:
        state = self.optimizer.state_dict()
        for group in state["param_groups"]:
            group["lr"] = float(group["lr"])  # a tensor lr (CUDA graphs) would pin the file to a GPU
        return state

    def save_checkpoint(self) -> Path:
        assert self._ready is None, "the overlapped loop checkpoints only with no rollout pending"
        state = self.state_dict()
        folder = self.run_dir / "checkpoints"
        ckpt.save_atomic(state, folder / f"update_{self.update_count:06d}{ckpt.SUFFIX}")
        path = ckpt.save_atomic(state, folder / ckpt.LATEST)
        ckpt.prune(folder, self.cfg.keep_checkpoints)
        return path

    def load_state_dict(self, state: dict) -> None:
        if state["spec"] != self.spec.describe():
            raise SystemExit("the checkpoint was made with a different action layout (env or characters)")
        self.update_count = state["update"]
        self.global_step = state["global_step"]
        self.elapsed_s = state["elapsed_s"]
        self.policy.load_state_dict(state["policy"])
        if self.overlap:  # a checkpoint of the one-process loop: the learner plays the next rollout
            behaviour = state.get("behaviour")
            self.behaviour.load_state_dict(behaviour if behaviour is not None else state["policy"])
            version = state.get("behaviour_version") if behaviour is not None else None
            self.behaviour_version = version if isinstance(version, int) else self.update_count
        saved = copy.deepcopy(state["optimizer"])
        for group_saved, group_now in zip(saved["param_groups"], self.optimizer.param_groups):
            # keep this machine's optimizer flavour (a CUDA-graph run keeps lr and state on the GPU)
            group_saved["capturable"] = group_now.get("capturable", False)
            group_saved["lr"] = group_now["lr"]
        self.optimizer.load_state_dict(saved)
        self.selfplay.load_state_dict(state["selfplay"], self._make_policy)
        self.ratings.load_state_dict(state["ratings"])
        self.rng.bit_generator.state = state["selfplay_rng"]
        self.update_gen.set_state(state["update_gen"])
        self.ep_return[:] = state["ep_return"]
        self.ep_len[:] = state["ep_len"]
        if state["env"] is not None and hasattr(self.env, "set_state"):
            self.env.set_state(state["env"])
            self.next_obs.copy_(state["next_obs"].to(self.device))
        else:  # the env cannot restore its matches: start fresh ones (resume is then not exact)
            obs, _ = self.env.reset(seed=self.cfg.seed + self.update_count)
            self.next_obs.copy_(torch.as_tensor(obs))
            self.ep_return[:] = 0.0
            self.ep_len[:] = 0
            self.selfplay.reassign(np.ones(self.cfg.num_envs, dtype=bool))
        ckpt.set_rng_state(state["rng"])

    def _make_policy(self) -> MaskedActorCritic:
        return MaskedActorCritic(self.spec, self.cfg.hidden, self.cfg.layers).to(self.device)

    @classmethod
    def resume(cls, run_dir: str | Path, overrides: dict | None = None, display: bool = True) -> "Trainer":
        """Continue a run from its latest checkpoint; `overrides` (e.g. a longer budget) win."""
        from .config import merge

        state = ckpt.load(ckpt.latest(run_dir))
        cfg = merge(TrainConfig.from_dict(state["config"]), overrides or {})
        fixed = ("env", "p1", "p2", "num_envs", "hidden", "layers", "vec_backend", "vec_workers", "opponent")
        changed = [k for k in fixed if getattr(cfg, k) != state["config"].get(k)]
        if changed:
            raise SystemExit(f"cannot change {', '.join(changed)} when resuming {run_dir}")
        trainer = cls(cfg, run_dir=run_dir, display=display)
        trainer.load_state_dict(state)
        return trainer

    # ----- the end -----------------------------------------------------------------------
    # A terminal's Ctrl-C reaches the process twice under `uv run` (from the terminal, and
    # forwarded by uv to its child, which uv delays by a fraction of a second and a loaded
    # machine by more): SIGINTs this close to the first one are the same press.
    SIGINT_SAME_PRESS_S = 2.0
    # Set by the command line (the process's owner): once a stop was requested, SIGINT stays
    # ignored after run() returns, so a forwarded copy that arrives after the checkpoint, the
    # evaluation and the summary neither prints a traceback nor changes the exit status.  A
    # library caller keeps its own handler back.
    ignore_sigint_after_stop = False

    @contextlib.contextmanager
    def _sigint_flag(self):
        """First Ctrl-C: finish the current update, save a checkpoint, stop.  A second press
        (after SIGINT_SAME_PRESS_S) aborts what remains: the final evaluation and plots, or the
        update in progress when no checkpoint has been saved since the first press."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        first = None

        def handler(signum, frame):
            nonlocal first
            now = time.monotonic()
            if first is None:
                first = now
                self.stop_requested = True
                self.display.message("Ctrl-C: stopping after this update (press again to abort)")
            elif now - first > self.SIGINT_SAME_PRESS_S:
                raise KeyboardInterrupt

        previous = signal.signal(signal.SIGINT, handler)
        try:
            yield
        finally:
            stopped = first is not None or self.stop_requested
            signal.signal(signal.SIGINT, signal.SIG_IGN if stopped and self.ignore_sigint_after_stop else previous)

    def close(self) -> None:
        """Stop the environments (PufferLib's multiprocessing workers must be stopped to exit)."""
        for env in (self.env, self.eval_env):
            env.close()

    @contextlib.contextmanager
    def _engine_errors_to_run_dir(self):
        """While training, the env's reports of matches cut short go to <run>/engine_errors.log
        instead of through the live display (the summary counts them)."""
        logger = logging.getLogger("integration.env.env")
        handler = logging.FileHandler(self.run_dir / "engine_errors.log", delay=True)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        logger.addHandler(handler)
        propagate, logger.propagate = logger.propagate, False
        try:
            yield
        finally:
            logger.removeHandler(handler)
            handler.close()
            logger.propagate = propagate

    def engine_errors(self) -> int | None:
        """Matches of the training env cut short by an engine error so far (None: not counted)."""
        count = getattr(self.env, "engine_errors", None)
        return int(count) if count is not None else None

    def _record_matches(self) -> list[str]:
        """A few matches of the final policy, as traces in <run>/matches/ (envs that can record)."""
        recorder = match_recorder(self.cfg.env)
        if recorder is None or not self.cfg.record_matches:
            return []
        policy = self.policy.as_policy_fn(torch.Generator(self.device).manual_seed(self.cfg.seed))
        policy.name = f"trained policy ({self.run_dir.name}, update {self.update_count})"
        was_training = self.policy.training
        self.policy.eval()
        try:
            paths = recorder(policy, self.run_dir / "matches", self.cfg.p1, self.cfg.p2, self.cfg.seed)
        except Exception as exc:  # a recording is a convenience: never lose the run over it
            self.display.message(f"could not record the final matches: {type(exc).__name__}: {exc}")
            return []
        finally:
            self.policy.train(was_training)
        self.display.message(f"final matches recorded in {self.run_dir / 'matches'} (watch: uv run yomi watch PATH)")
        return paths

    def finish(self) -> dict:
        """A final evaluation, the plots and a summary (also written to summary.json)."""
        # The checkpoint first: an interruption during the final evaluation loses nothing.
        self.save_checkpoint()
        if not self.last_eval or self.last_eval.get("update") != self.update_count or self.cfg.final_eval_rounds > 1:
            with self._autocast():
                self.evaluate(final=True)
        matches = self._record_matches()
        plots = make_plots(self.run_dir, self.metrics.rows) if self.cfg.plots else []
        rows = self.metrics.rows
        recent = rows[-10:]
        sps = [r["sps"] for r in recent if r.get("sps")]
        summary = {
            "run_dir": str(self.run_dir),
            "updates": self.update_count,
            "agent_steps": self.global_step,
            "train_minutes": self.elapsed_s / 60.0,
            "sps": float(np.mean(sps)) if sps else None,
            "win_rate_random": self.last_eval.get("eval/win_rate_random"),
            "win_rate_scripted": self.last_eval.get("eval/win_rate_scripted"),
            "score_random": self.last_eval.get("eval/score_random"),  # wins + draws / 2
            "score_scripted": self.last_eval.get("eval/score_scripted"),
            "matches_per_baseline": self.last_eval.get("eval/matches_per_baseline"),
            "engine_errors": self.engine_errors(),  # training matches cut short (engine_errors.log)
            "elo": self.last_eval.get("eval/elo"),
            "elo_scripted": self.last_eval.get("eval/elo_scripted"),
            # a best response: its final result against its opponent (the exploitability yardstick)
            "opponent": self.cfg.opponent,
            "win_rate_opponent": self.last_eval.get("eval/win_rate_opponent"),
            "score_opponent": self.last_eval.get("eval/score_opponent"),
            "score_opponent_ci": ([self.last_eval["eval/score_opponent_low"], self.last_eval["eval/score_opponent_high"]]
                                  if self.cfg.opponent and "eval/score_opponent_low" in self.last_eval else None),
            "matches_opponent": self.last_eval.get("eval/matches_opponent"),
            "interrupted": self.stop_requested,
            "plots": [str(p) for p in plots],
            "matches": matches,  # traces of the final policy: `uv run yomi watch <path>`
            "checkpoint": str(self.run_dir / "checkpoints" / ckpt.LATEST),
        }
        (self.run_dir / "summary.json").write_text(json.dumps(summary, indent=2))
        return summary
