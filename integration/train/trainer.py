"""The self-play PPO trainer: collect a rollout, update, evaluate, log, checkpoint, repeat.

With ``opponent`` set (``--opponent``) it trains a best response instead: the learner against one
fixed policy (opponent.py), which stands in for the self-play pool; ``init`` (``--init``) starts
the learner from a checkpoint's weights.

Read ``Trainer.run`` first; every step below it is a short method.  Its one loop is the update
executor's (executor.py: the update inline, on a thread, in a second process, or as a rank of a
data-parallel run), which calls back ``should_stop``, ``set_learning_rate``, ``collect``,
``update`` and ``after_update``.  The run's other parts live in their own modules: the budget (one clock, one stop rule, the ETA) in budget.py, the evaluations
and the choice of the run's agent in evaluation.py, the checkpoint and resume in run_state.py.
The CPU path never touches CUDA; everything device-specific lives in cuda.py and is used only
with ``--device cuda``.
"""
from __future__ import annotations

import contextlib
import json
import logging
import math
import signal
import threading
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Callable

import numpy as np
import torch

from . import checkpoint as ckpt
from . import core, executor, run_state
from .budget import PLOTS_S, RECORDING_S, RunBudget
from .config import TrainConfig
from .core import Rollout
from .envs import action_spec, make_env, match_recorder
from .evaluation import BEST, Evaluation
from .logger import Display, MetricsLog, Status, make_plots
from .opponent import FixedOpponent, load_init, load_opponent
from .policy import MaskedActorCritic
from .ppo import learning_rate
from .selfplay import SelfPlay



class TrainingDiverged(RuntimeError):
    """An update made the loss NaN or infinite (a learning rate far too high, say): the run stops
    before saving anything of it."""


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
    DISTRIBUTED = False  # a rank of a data-parallel run (distributed.py): its executor is the distributed one

    def __init__(self, cfg: TrainConfig, run_dir: str | Path | None = None, display: bool = True):
        self.cfg = cfg.validate()
        # the run's clock starts here: building the envs counts
        self.budget = RunBudget(*cfg.budget(), recording_s=RECORDING_S if cfg.record_matches and match_recorder(cfg.env)
                                else 0.0, plots_s=PLOTS_S if cfg.plots else 0.0)
        self.device = torch.device(cfg.device)
        if self.device.type == "cuda" and not torch.cuda.is_available():
            raise SystemExit("--device cuda: no CUDA device is available here (torch.cuda.is_available() is False)")
        if cfg.torch_threads:
            torch.set_num_threads(cfg.torch_threads)
        ckpt.seed_everything(cfg.seed)

        self.env = make_env(cfg.env, cfg.num_envs, cfg.seed, cfg.p1, cfg.p2, cfg.vec_backend, cfg.workers(),
                            shaping_damage=cfg.shaping_damage, double_buffer=cfg.double_buffer)
        self.spec = action_spec(self.env)
        self.evaluation = Evaluation(cfg, self.spec, self.device)  # its envs, Elo table and the run's agent
        self.policy = MaskedActorCritic(self.spec, cfg.hidden, cfg.layers).to(self.device)
        if cfg.init:
            try:
                self.policy.load_state_dict(load_init(cfg.init, self.spec, cfg.hidden, cfg.layers))
            except RuntimeError as exc:  # missing, unexpected or misshapen tensors
                raise ValueError(f"--init: {cfg.init}: its policy does not fit this run's network "
                                 f"({str(exc).splitlines()[0][:200]})") from None
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=cfg.learning_rate, eps=cfg.adam_eps)

        self.rng = np.random.default_rng(cfg.seed)  # self-play draws (opponents, seats)
        self.update_gen = torch.Generator().manual_seed(cfg.seed + 1)  # minibatch order
        if cfg.opponent:  # a best response: one fixed opponent in place of the self-play pool
            gen = torch.Generator(self.device).manual_seed(cfg.seed + 2)
            opponent = load_opponent(cfg.opponent, cfg.env, self.spec, gen, self.device, self.env)
            self.selfplay = FixedOpponent(cfg.num_envs, opponent, self.spec, gen, self.rng, self.env)
        else:
            self.selfplay = SelfPlay(cfg.num_envs, cfg.pool_size, cfg.p_latest, self.rng, self.device)
        self.evaluation.load_reference()  # now: a reference that cannot be played is refused before training
        # where the updates run beside the rollouts: the run's one choice of loop (executor.py)
        self.executor = executor.choose(cfg, distributed=self.DISTRIBUTED)(self)
        self.bufs = [Rollout(cfg.horizon, cfg.agents, self.spec, self.device)
                     for _ in range(self.executor.buffers)]
        # The overlapped executor's: the rollouts are played by `behaviour`, the policy one update
        # behind the learner, in buffers shared with the update process.
        self.behaviour = self.behaviour_version = self.pending_rollout = None
        self.executor.prepare()

        self.update_count = 0
        self.global_step = 0
        self.ep_return = np.zeros(cfg.agents)  # running return of every agent's current match
        self.ep_len = np.zeros(cfg.num_envs, dtype=np.int64)  # turns into every match
        self.ep_stats: dict[str, list[float]] = defaultdict(list)
        self.stop_requested = False
        # called with the trainer after each update is logged (and checkpointed, when due)
        self.update_hooks: list[Callable[["Trainer"], None]] = []

        self.cuda = None
        self.bf16 = cfg.use_bf16()
        if self.device.type == "cuda" or cfg.cuda_rehearsal:  # isolated: the CPU path never imports cuda.py
            from .cuda import CudaSupport

            self.cuda = CudaSupport(self)
        self.timer = Timer(sync=self.cuda.synchronize if self.cuda else None)

        obs, _ = self.env.reset(seed=cfg.seed)
        self.next_obs = torch.as_tensor(obs, device=self.device).clone()
        self.selfplay.add_snapshot(self.policy, 0)
        self.selfplay.reassign(np.ones(cfg.num_envs, dtype=bool))

        self.run_dir = Path(run_dir or cfg.run_dir or Path("runs") / datetime.now().strftime("%Y%m%d-%H%M%S"))
        self.resumed = False  # set by resume(): only a resumed run may write into a folder that holds one
        self.display = Display(display, cfg.print_interval_s)
        self.display.update_beside = self.update_beside

    @property
    def overlap(self) -> bool:
        """Whether the updates run in a second process (executor.py, OverlappedExecutor)."""
        return isinstance(self.executor, executor.OverlappedExecutor)

    @property
    def update_beside(self) -> bool:
        """Whether updates run beside the rollouts (the threaded and overlapped executors): two
        rollout buffers, and an update's time is not a part of its rollout's."""
        return self.executor.beside

    # ----- the loop ----------------------------------------------------------------------
    def run(self, max_updates: int | None = None) -> dict:
        """Train until the budget is spent (or `max_updates` more updates, or Ctrl-C), then end the
        run: final evaluation, recording, plots, summary.  A run folder that already holds a run
        is only written by that run resumed (ValueError otherwise, before anything is written)."""
        if not self.resumed and self.update_count == 0:
            ckpt.check_new_run_dir(self.run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        (self.run_dir / "config.json").write_text(json.dumps(self.cfg.to_dict(), indent=2))
        self.metrics = MetricsLog(self.run_dir)
        self.metrics.truncate_after(self.update_count)
        self.budget.clock()  # a resumed run's clock continues from its checkpoint
        self.budget.reserve_s = self.final_reserve_s()
        self.display.budget = self.budget.text(self.cfg.steps) + f"; {self.cfg.agents} agents on {self.device}"
        if self.cfg.eval_search and not self.evaluation.search_yardstick:
            self.display.message(f"the search yardstick ({self.cfg.eval_search}) needs the real game on the C "
                                 "engine: not played in this run")
        stop_at = None if max_updates is None else self.update_count + max_updates
        try:
            with self._engine_errors_to_run_dir(), self._sigint_flag(), self.display:
                self.executor.run(stop_at)
                if self.stop_requested:
                    self.display.message(f"interrupted: saving a checkpoint; continue with --resume {self.run_dir}")
                return self.finish()
        finally:
            self.budget.pause()  # a later run() continues the clock from where this one ends

    def should_stop(self, stop_at, ahead: int = 0) -> bool:
        """Before each update (`ahead` 0), or before the update `ahead` further on (the overlapped
        executor, which plays the rollout that update trains now): Ctrl-C, `stop_at` updates, or the
        budget's stop rule (budget.py: a time budget is the whole run's, so training stops when
        the next updates would leave less than the time the end of the run needs)."""
        self._plan_budget()
        if self.stop_requested or (stop_at is not None and self.update_count + ahead >= stop_at):
            return True
        return self.budget.exhausted(self.global_step, ahead)

    def _plan_budget(self) -> None:
        """The clock, the time reserved for the end of the run and the next update's expected time."""
        self.budget.plan(self._end_s(), self.evaluation.periodic_s(self.update_count + 1, self.selfplay))

    def after_update(self, stats: dict, t0: float, lag: int) -> None:
        """After each update, in order (the executor's call): count it, check its loss, snapshot,
        evaluate, log and checkpoint when due, run the update hooks.  `t0`: when its iteration
        began; `lag`: how many versions old its batch was."""
        self.update_count += 1
        cfg = self.cfg
        losses = {k: stats.get(f"loss/{k}") for k in ("policy", "value")}
        if not all(v is None or math.isfinite(v) for v in losses.values()):
            # the weights are now NaN or infinite: nothing more of this run is saved, so the
            # checkpoints and the run's agent stay those of the updates before it
            raise TrainingDiverged(
                f"update {self.update_count}: the loss is not finite (policy {losses['policy']}, value "
                f"{losses['value']}): training diverged; lower learning_rate (now "
                f"{self.optimizer.param_groups[0]['lr']:g}). The checkpoints already in {self.run_dir} "
                "are from before it")
        if self.update_count % cfg.snapshot_interval == 0 and not self.overlap:  # overlapped: when that version starts to play
            self.selfplay.add_snapshot(self.policy, self.update_count)
        if cfg.eval_interval and self.update_count % cfg.eval_interval == 0:
            with self.timer("eval"):
                stats.update(self.evaluate())
        wall = time.perf_counter() - t0
        self.budget.read()
        row = self._log_row(stats, wall, lag)
        self.metrics.write(row)
        self.display.update(row, self.status())
        if self.update_count % cfg.checkpoint_interval == 0:
            start = time.perf_counter()
            self.save_checkpoint()
            self.budget.checkpoint_s = time.perf_counter() - start
        for hook in self.update_hooks:
            hook(self)

    # ----- one iteration (core.py) -------------------------------------------------------
    def collect(self, buf: Rollout, behaviour: MaskedActorCritic) -> dict:
        """Play a rollout into `buf` with `behaviour` (core.collect)."""
        return core.collect(self, buf, behaviour)

    def update(self, buf: Rollout, lag: int = 0) -> dict:
        """PPO on the learner's experience in `buf` (core.update); its statistics."""
        return core.update(self, buf, lag)

    def after_backward(self) -> None:
        """Between backward and the optimizer step: the executor's (a data-parallel rank averages
        the gradients over the ranks)."""
        self.executor.after_backward()

    def set_learning_rate(self, steps: int | None = None) -> None:
        """The learning rate for the next update, by the budget's progress at `steps` agent steps
        (default: those played so far; the executor names which, executor.py) (lr_schedule)."""
        steps = self.global_step if steps is None else steps
        lr = learning_rate(self.cfg.learning_rate, self.budget.progress(steps), self.cfg.lr_schedule,
                           self.cfg.lr_final_frac)
        for group in self.optimizer.param_groups:
            if isinstance(group["lr"], torch.Tensor):
                group["lr"].fill_(lr)  # a captured optimizer step reads the tensor
            else:
                group["lr"] = lr

    # ----- the budget's end ----------------------------------------------------------------------
    def _end_s(self) -> float:
        """Seconds the end of the run is expected to take (final evaluation, recording, plots),
        from the evaluations' measured cost."""
        # a quarter more than measured: evaluation times vary with the matches played and with the
        # CPU time other processes take
        return 1.25 * self.evaluation.final_s(self.update_count, self.selfplay) + self.budget.finish_extra_s()

    def final_reserve_s(self) -> float:
        """Seconds a time budget keeps for the end of the run: at most half the budget."""
        return self.budget.reserve_for(self._end_s())

    def status(self, phase: str = "training", progress: float | None = None, detail: str = "",
                eta_s: float | None = None) -> Status:
        if progress is None:
            progress = self.budget.progress(self.global_step)
        if eta_s is None:
            eta_s = self.budget.eta_s(self.global_step, self.final_reserve_s())
        return Status(phase, progress, eta_s, detail, run_s=self.budget.clock())

    def autocast(self, evaluation: bool = False):
        """The forward passes' precision: the CUDA path's own, else bfloat16 autocast on the CPU
        when the config resolves bf16 on (config.py, use_bf16).  A CPU evaluation plays in float32,
        as `yomi play` and `yomi tournament` play the saved policy, so its figures are that policy's."""
        if self.cuda:
            return self.cuda.autocast()
        if self.bf16 and not evaluation:
            # No weight-cast cache: autocast clears it only when the outermost autocast context
            # exits, and a caller's context left open (PufferLib's PuffeRL enters one per minibatch
            # and never leaves it) would keep the bfloat16 copies of weights from before every
            # optimizer step.  Casting the weights at each use costs little next to the products.
            return torch.autocast("cpu", dtype=torch.bfloat16, cache_enabled=False)
        return contextlib.nullcontext()

    # ----- evaluation --------------------------------------------------------------------
    def evaluate(self, final: bool = False, rounds: tuple[int, int] | None = None) -> dict:
        """The learner's evaluation now (evaluation.py): its figures, also in evaluation.last."""
        return self.evaluation.evaluate(self, final, rounds)

    def save_policy(self, policy: MaskedActorCritic, path: Path, **extra) -> Path:
        """`policy` as a policy-only checkpoint of this run (settings, action layout, update, weights
        and `extra`), the format every command that plays a checkpoint reads."""
        return run_state.save_policy(self.cfg, self.spec, policy, path, self.update_count, self.global_step, **extra)

    # ----- logging -----------------------------------------------------------------------
    def _log_row(self, stats: dict, wall: float, lag: int) -> dict:
        times = self.timer.take()
        mean = lambda xs: float(np.mean(xs)) if xs else None  # noqa: E731
        training_s = max(wall - times.get("eval", 0.0), 1e-9)
        self.budget.recent_update_s.append(training_s)
        row = {
            "update": self.update_count,
            "global_step": self.global_step,
            "wall_s": self.budget.elapsed_s,
            # agent steps/s (training): evaluation time is reported apart (time/eval), not counted here
            "sps": self.cfg.batch_size / training_s,
            # agent steps/s (run): every agent step over the run's clock, evaluations included
            "sps_run": self.global_step / max(self.budget.elapsed_s, 1e-9),
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
        busy += 0.0 if self.update_beside else times.get("update", 0.0)
        row["time/other"] = max(wall - busy, 0.0)
        self.ep_stats.clear()
        return row

    # ----- the run's state (run_state.py) --------------------------------------------------
    def state_dict(self) -> dict:
        return run_state.state_of(self)

    def save_checkpoint(self) -> Path:
        return run_state.save(self)

    def load_state_dict(self, state: dict) -> None:
        run_state.restore(self, state)

    def check_state(self, state: dict) -> None:
        """The checkpoint `state`, checked field by field against this trainer's own state before
        any of it is used (run_state.check)."""
        run_state.check(self, state)

    def make_policy(self) -> MaskedActorCritic:
        """A fresh network of this run's size on its device (snapshots are loaded into these)."""
        return MaskedActorCritic(self.spec, self.cfg.hidden, self.cfg.layers).to(self.device)

    @classmethod
    def resume(cls, run_dir: str | Path, overrides: dict | None = None, display: bool = True) -> "Trainer":
        """Continue a run from its latest checkpoint; `overrides` (e.g. a longer budget) win."""
        return run_state.resume(cls, run_dir, overrides, display)

    # ----- the end -----------------------------------------------------------------------
    # A terminal's Ctrl-C reaches the process twice under `uv run` (from the terminal, and
    # forwarded by uv to its child, which uv delays by a fraction of a second, more when the cores
    # are contended): SIGINTs this close to the first one are the same press.
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
        if self.cuda:
            self.cuda.close()  # the env's page-locked buffer is unregistered before the env frees it
        self.env.close()
        self.evaluation.close()

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
        start = time.perf_counter()

        def progress(done: int, total: int) -> None:
            spent = time.perf_counter() - start
            left = spent * (total - done) / done if done else RECORDING_S
            self.display.status(self.status("recording", done / total, f"match {min(done + 1, total)} of {total}",
                                             eta_s=left + (PLOTS_S if self.cfg.plots else 0.0)))

        try:
            paths = recorder(policy, self.run_dir / "matches", self.cfg.p1, self.cfg.p2, self.cfg.seed,
                             progress=progress)
        except Exception as exc:  # a recording is a convenience: never lose the run over it
            self.display.message(f"could not record the final matches: {type(exc).__name__}: {exc}")
            return []
        finally:
            self.policy.train(was_training)
        self.display.message(f"final matches recorded in {self.run_dir / 'matches'} (watch: uv run yomi watch PATH)")
        return paths

    def finish(self) -> dict:
        """The end of a run, each a phase of the live display: a final evaluation, the recorded
        matches, the plots, and a summary (also written to summary.json)."""
        train_s = self.budget.read()
        # The checkpoint first: an interruption during the final evaluation loses nothing.
        start = time.perf_counter()
        self.save_checkpoint()
        self.budget.checkpoint_s = time.perf_counter() - start
        # the latest periodic evaluation stands for the final one only where it played everything once
        if not self.evaluation.played_final(self.update_count):
            with self.autocast(evaluation=True):
                self.evaluate(final=True, rounds=self.evaluation.final_rounds(self.budget, self.update_count,
                                                                              self.selfplay))
        matches = self._record_matches()
        plots = []
        if self.cfg.plots:
            self.display.status(self.status("plots", 0.0, eta_s=PLOTS_S))
            plots = make_plots(self.run_dir, self.metrics.rows, update_beside=self.update_beside)
        rows = self.metrics.rows
        recent = rows[-10:]
        sps = [r["sps"] for r in recent if r.get("sps")]
        run_s = self.budget.clock()
        self.display.status(Status("done", 1.0, 0.0, run_s=run_s))  # the live view's last frame
        final, best = self.evaluation.last, self.evaluation.best
        summary = {
            "run_dir": str(self.run_dir),
            "updates": self.update_count,
            "agent_steps": self.global_step,
            "train_minutes": train_s / 60.0,  # the training phase (periodic evaluations included)
            "run_minutes": run_s / 60.0,  # the whole run, the final evaluation, recording and plots included
            "sps": float(np.mean(sps)) if sps else None,  # agent steps/s (training), the last 10 updates
            "sps_run": self.global_step / max(run_s, 1e-9),  # agent steps/s (run)
            "precision": "bfloat16" if self.bf16 else "float32",  # the rollouts' and updates' forward passes
            # the final evaluation's score against each fixed yardstick, its 95 % interval and Elo difference
            "yardsticks": {name: {k: final.get(f"eval/{k}_{name}") for k in ("score", "win_rate", "matches")}
                           | {"low": final.get(f"eval/score_{name}_low"), "high": final.get(f"eval/score_{name}_high"),
                              "elo_vs": final.get(f"eval/elo_vs_{name}"),
                              "elo_vs_low": final.get(f"eval/elo_vs_{name}_low"),
                              "elo_vs_high": final.get(f"eval/elo_vs_{name}_high")}
                           | ({"pairing": final[f"eval/{name}_pairing"]} if f"eval/{name}_pairing" in final else {})
                           for name in ("random", "scripted", "scripted_worst", "search", "opponent", "reference")
                           if f"eval/score_{name}" in final},
            "win_rate_random": final.get("eval/win_rate_random"),
            "win_rate_scripted": final.get("eval/win_rate_scripted"),
            "score_random": final.get("eval/score_random"),  # wins + draws / 2
            "score_scripted": final.get("eval/score_scripted"),
            "matches_per_baseline": final.get("eval/matches_per_baseline"),
            "engine_errors": self.engine_errors(),  # training matches cut short (engine_errors.log)
            "elo": final.get("eval/elo"),
            "elo_scripted": final.get("eval/elo_scripted"),
            "elo_search": final.get("eval/elo_search"),
            # a best response: its final result against its opponent (the exploitability yardstick)
            "opponent": self.cfg.opponent,
            "win_rate_opponent": final.get("eval/win_rate_opponent"),
            "score_opponent": final.get("eval/score_opponent"),
            "score_opponent_ci": ([final["eval/score_opponent_low"], final["eval/score_opponent_high"]]
                                  if self.cfg.opponent and "eval/score_opponent_low" in final else None),
            "matches_opponent": final.get("eval/matches_opponent"),
            "interrupted": self.stop_requested,
            "plots": [str(p) for p in plots],
            "matches": matches,  # traces of the final policy: `uv run yomi watch <path>`
            "checkpoint": str(self.run_dir / "checkpoints" / ckpt.LATEST),
            # the run's agent: the evaluated policy that rated best against the fixed yardsticks
            "agent": ({"checkpoint": str(self.run_dir / "checkpoints" / BEST), **best} if best else None),
            # the same agent searching each decision at play time (the real game only: the search
            # clones its matches; docs/EVALUATION.md, "A trained agent with search")
            "agent_with_search": (f"search:agent={self.run_dir / 'checkpoints' / BEST}"
                                  if best and self.cfg.env == "yomi" else None),
        }
        (self.run_dir / "summary.json").write_text(json.dumps(summary, indent=2))
        return summary
