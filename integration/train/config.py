"""Training configuration: defaults, a TOML/JSON file, then command-line overrides."""
from __future__ import annotations

import dataclasses
import json
import math
import multiprocessing
import os
import tomllib
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path

from .envs import DEFAULT_ENV

DEFAULT_MINUTES = 15.0  # the budget of a bare `train-selfplay` (a 2-core CPU machine)


@dataclass
class TrainConfig:
    # environment
    # a name of envs.ENVS, or module:attribute naming an EnvEntry that the command line's --env (or
    # the program) allowed: a settings file or a checkpoint never chooses what is imported (envs.py)
    env: str = DEFAULT_ENV
    p1: str = "ninja"
    p2: str = "ninja"
    num_envs: int = 128  # matches played at once; agents = 2 * num_envs
    vec_backend: str = "native"  # native (one in-process env), serial or multiprocessing
    # Processes training uses ("auto": one per core this process may run on).  With the native
    # backend, 2 or more overlap the rollouts and the PPO update: the update runs in a second
    # process while this one plays the next rollout (overlap.py); 1 keeps everything in this
    # process.  With serial / multiprocessing: PufferLib's env workers, as many.
    vec_workers: int | str = "auto"
    # With env workers (vec_backend multiprocessing): the matches in two halves, each stepped by
    # half the workers while the trainer acts for the other half (envs.py, HalvesEnv), so workers
    # and trainer do not wait for each other each turn.  Needs an even number of workers.
    double_buffer: bool = False
    seed: int = 1
    device: str = "cpu"
    # Small nets: 1 thread is nearly as fast as 2, and OpenMP's threads stall for seconds at a time
    # when another process holds the core they wait on; 0 = torch's default.
    torch_threads: int = 1
    # Reward shaping of the *training* env only (evaluation always plays the plain game, +1/-1/0):
    # damage dealt minus damage taken each turn, in health bars, times this (0 = off).  The
    # outcome alone is a sparse signal over matches of a hundred turns and more; with damage
    # shaping a 2-core CPU run beats the scripted baseline within minutes (docs/TRAINING.md).
    # Envs without shaping (the toy) ignore it.
    shaping_damage: float = 1.0

    # budget: stop at whichever comes first; neither given -> DEFAULT_MINUTES
    minutes: float | None = None
    steps: int | None = None  # agent steps (two per match per turn, like PufferLib counts)

    # PPO
    horizon: int = 32  # turns per rollout; batch = horizon * 2 * num_envs agent steps
    update_epochs: int = 4
    num_minibatches: int = 4
    learning_rate: float = 1e-3
    lr_schedule: str = "linear"  # linear, cosine or constant, over the budget
    lr_final_frac: float = 0.0
    adam_eps: float = 1e-5
    gamma: float = 0.99
    gae_lambda: float = 0.95
    advantage: str = "gae"  # gae, or vtrace (PufferLib's puff advantage, recomputed each epoch)
    vtrace_rho_clip: float = 1.0
    vtrace_c_clip: float = 1.0
    clip_coef: float = 0.2
    vf_clip_coef: float | None = 0.2  # None: no value clipping
    vf_coef: float = 0.5
    ent_coef: float = 0.01
    max_grad_norm: float = 0.5
    norm_adv: bool = True
    target_kl: float | None = None  # stop the epochs early past this approx KL
    hidden: int = 128
    layers: int = 2

    # self-play: the pool reaches 1,000 updates back (40 snapshots, one every 25: the whole of a
    # 15-minute run on a 2-core host that makes about 1,000 updates in it, the second half on one that
    # makes 2,000) and three matches in four are against a past self, so the learner keeps answering
    # the styles the run went through; best responses trained against other agents beat these agents
    # less (docs/experiments/ablations.md: a pool spanning the run).  A snapshot every 50 updates,
    # spanning the whole of the longer run, did not make the agent harder to exploit ("A pool
    # spanning the run on a faster host").
    snapshot_interval: int = 25  # updates between frozen snapshots of the learner
    pool_size: int = 40
    p_latest: float = 0.25  # chance a new match is against the latest self (both seats learn)

    # best response (instead of self-play): the learner against one fixed policy, never trained on
    opponent: str | None = None  # random, scripted, search[:...] or a checkpoint path (opponent.py)
    init: str | None = None  # a checkpoint whose weights the learner starts from

    # evaluation (docs/TRAINING.md, "Evaluation"): its cost is a part of the time budget, so the
    # defaults keep the periodic evaluations near a tenth of a 15-minute run on 2 cores
    eval_interval: int = 200  # updates (about 2 minutes of training on 2 cores); 0 = only at the end
    eval_matches: int = 128  # against random and scripted (and --opponent), half on each side
    # In a run over several character pairings (--p1 and/or --p2 random), scripted is played in
    # every pairing, this many matches each (half on each side), instead of eval_matches over drawn
    # pairings: the run's agent must beat it in each (evaluation.py).  0: drawn pairings.
    eval_pairing_matches: int = 8
    eval_snapshots: int = 3  # most recent pool snapshots played at each evaluation (head-to-heads)
    eval_snapshot_matches: int = 64  # per snapshot
    # The search yardstick: a fixed search budget (integration/train/policies.py name) the learner is
    # rated against over the whole run; None: not played.  It needs the real game on the C engine
    # (elsewhere it is left out) and costs about a second of CPU per match on 2 cores, hence few
    # matches, at every k-th periodic evaluation (the first included) and in the final one.
    eval_search: str | None = "search"
    eval_search_matches: int = 16
    # A fixed, strong reference the learner is rated against at every evaluation (reported, never
    # used to choose the run's agent), so that ratings keep moving after the baselines are beaten;
    # the run's Elo is anchored to it (0) where it plays.  "auto": the shipped reference agent of
    # the run's pairing (agents/, integration/train/reference.py) on the real game, where there is
    # one; a checkpoint path; None: not played.
    eval_reference: str | None = "auto"
    eval_reference_matches: int = 64
    eval_search_every: int = 2  # every other evaluation: the candidates the run's agent is chosen from (best.safetensors)
    # The run's agent (evaluation.py): a policy scoring above agent_bar against every yardstick
    # qualifies, and between two qualifying policies a head-to-head of eval_agent_matches decides
    # (played at the evaluations the run's agent is chosen at); 1 leaves the choice to the
    # yardsticks' lower interval ends alone.
    agent_bar: float = 0.5
    eval_agent_matches: int = 64
    final_eval_rounds: int = 4  # the final evaluation plays random, scripted (and --opponent) this many times over
    final_search_rounds: int = 2  # ... and the search yardstick this many times over
    record_matches: bool = True  # save the final policy's matches as traces in <run>/matches/

    # checkpoints and logging
    run_dir: str | None = None  # default runs/<timestamp>
    checkpoint_interval: int = 50  # updates
    keep_checkpoints: int = 3
    print_interval_s: float = 10.0  # plain-text progress lines when stdout is not a terminal
    plots: bool = True

    # CUDA only (ignored on the CPU)
    cuda_graphs: bool = False  # capture the rollout forward pass as a CUDA graph
    cuda_graph_update: bool = False  # capture the PPO minibatch step (fixed size, padded) as a CUDA graph
    # bfloat16 autocast of the policy's forward passes (rollouts and the update's): "auto" is on where
    # the CPU multiplies bfloat16 natively (AVX512-BF16 or AMX: the update's matrix products about 4x
    # faster, docs/PERFORMANCE.md) and off elsewhere, a GPU included.
    bf16: bool | str = "auto"
    async_update: bool = False  # overlap env stepping with a one-epoch update (data one version old)
    # with env workers (multiprocessing), upload observations straight from their shared buffer,
    # page-locked once (cuda.py, upload_obs); off: through a pinned staging copy
    register_env_obs: bool = True
    # the CUDA code path above on the CPU, capture and streams left out (tests, scripts/gpu_check.sh --cpu)
    cuda_rehearsal: bool = False

    notes: dict = field(default_factory=dict)  # free-form, kept with the run

    @property
    def agents(self) -> int:
        return 2 * self.num_envs

    @property
    def batch_size(self) -> int:
        return self.horizon * self.agents

    def workers(self) -> int:
        """vec_workers as a number: "auto" is the cores this process may run on."""
        if self.vec_workers == "auto":
            return usable_cores()
        return int(self.vec_workers)

    @property
    def overlap_requested(self) -> bool:
        """An explicit vec_workers >= 2 with the native backend: the overlapped update process."""
        return self.vec_backend == "native" and isinstance(self.vec_workers, int) and self.vec_workers >= 2

    def overlapped(self) -> bool:
        """Whether this run overlaps rollouts and updates in two processes (overlap.py): the native
        backend, two or more workers, a CPU run (the CUDA options have their own asynchronous mode),
        one torch thread, and a platform that can fork.  Anything else trains in one process."""
        return (self.vec_backend == "native" and self.workers() >= 2 and self.device == "cpu"
                and not self.cuda_rehearsal and not self.async_update and self.torch_threads == 1
                and "fork" in multiprocessing.get_all_start_methods())

    def use_bf16(self) -> bool:
        """bf16 resolved: "auto" is on for a CPU run on a CPU with native bfloat16 products."""
        if self.bf16 == "auto":
            return self.device == "cpu" and not self.cuda_rehearsal and cpu_has_native_bf16()
        return bool(self.bf16)

    def budget(self) -> tuple[float | None, int | None]:
        """(seconds, steps); the default is time-based."""
        if self.minutes is None and self.steps is None:
            return DEFAULT_MINUTES * 60.0, None
        return (None if self.minutes is None else self.minutes * 60.0), self.steps

    def validate(self) -> "TrainConfig":
        """Every setting of the right type and in range, else a ValueError that names it."""
        self._check_types()
        from .envs import check_env_name

        check_env_name(self.env)  # before anything is imported or built
        checks = [
            (self.num_envs >= 1, "num_envs must be at least 1"),
            (0 <= self.torch_threads <= MAX_TORCH_THREADS,
             f"torch_threads must be in 0 .. {MAX_TORCH_THREADS} (0: torch's default), got {self.torch_threads}"),
            (not isinstance(self.vec_workers, int) or self.vec_workers <= MAX_WORKERS,
             f"vec_workers must be at most {MAX_WORKERS}, got {self.vec_workers!r}"),
            (-(2**63) <= self.seed < 2**63, f"seed must be a 64-bit integer, got {self.seed}"),
            (self.keep_checkpoints >= 0 and self.checkpoint_interval >= 1 and self.eval_interval >= 0,
             "keep_checkpoints and eval_interval must be at least 0, checkpoint_interval at least 1"),
            (max(self.final_eval_rounds, self.final_search_rounds, self.eval_snapshots) <= MAX_ROUNDS
             and min(self.final_eval_rounds, self.eval_snapshots) >= 0,
             f"final_eval_rounds, final_search_rounds and eval_snapshots must be in 0 .. {MAX_ROUNDS}"),
            (self.update_epochs <= MAX_EPOCHS, f"update_epochs must be at most {MAX_EPOCHS}, got {self.update_epochs}"),
            (self.pool_size <= MAX_POOL, f"pool_size must be at most {MAX_POOL}, got {self.pool_size}"),
            (len(self.notes) <= 256 and len(json.dumps(self.notes, default=str)) <= 1 << 16,
             "notes must hold at most 256 entries and 64 KB"),
            (self.horizon >= 1, "horizon must be at least 1"),
            (self.num_minibatches >= 1 and self.batch_size >= self.num_minibatches,
             f"num_minibatches must be between 1 and the batch size ({self.batch_size})"),
            (self.update_epochs >= 1, "update_epochs must be at least 1"),
            # Upper bounds on what a setting makes the trainer allocate: a settings file or a resumed
            # checkpoint's config is untrusted, and a size past these is a typo or an attack (a
            # 16,384-unit layer is already 1 GiB of weights), not a run; refused before anything is built.
            (1 <= self.hidden <= MAX_HIDDEN, f"hidden must be in 1 .. {MAX_HIDDEN}, got {self.hidden}"),
            (1 <= self.layers <= MAX_LAYERS, f"layers must be in 1 .. {MAX_LAYERS}, got {self.layers}"),
            (self.horizon <= MAX_HORIZON, f"horizon must be at most {MAX_HORIZON}, got {self.horizon}"),
            (self.batch_size <= MAX_BATCH, f"the batch (horizon x 2 x num_envs = {self.batch_size:,} agent steps) "
                                           f"must be at most {MAX_BATCH:,}"),
            (self.num_envs <= MAX_NUM_ENVS, f"num_envs must be in 1 .. {MAX_NUM_ENVS:,}, got {self.num_envs}"),
            (self.device.split(":")[0] in ("cpu", "cuda"), f"device must be cpu or cuda[:N], not {self.device!r}"),
            (not (self.cuda_rehearsal and self.device.startswith("cuda")),
             "cuda_rehearsal runs the CUDA path on the CPU: use it with device cpu"),
            (self.lr_schedule in ("linear", "cosine", "constant"), "lr_schedule must be linear, cosine or constant"),
            (self.advantage in ("gae", "vtrace"), "advantage must be gae or vtrace"),
            (self.vec_backend in ("native", "serial", "multiprocessing"),
             "vec_backend must be native, serial or multiprocessing"),
            (self.vec_workers == "auto" or (isinstance(self.vec_workers, int) and self.vec_workers >= 1),
             f"vec_workers must be a positive number or auto, not {self.vec_workers!r}"),
            (self.bf16 in (True, False, "auto"), f"bf16 must be true, false or auto, not {self.bf16!r}"),
            (not (self.overlap_requested and self.torch_threads != 1),
             "vec_workers >= 2 (the overlapped update process) needs torch_threads 1: a process forked after "
             "torch's OpenMP threads started hangs in them"),
            (not (self.overlap_requested and self.device.startswith("cuda")),
             "--vec-workers N with --device cuda: the env steps in N worker processes with "
             "--set vec_backend=multiprocessing (the native backend's overlapped update process is for "
             "CPU runs; docs/TRAINING.md, \"CUDA\")"),
            (not self.double_buffer or (self.vec_backend == "multiprocessing" and self.workers() >= 2
                                        and self.workers() % 2 == 0),
             "double_buffer steps two halves of the matches in env worker processes: it needs "
             "--set vec_backend=multiprocessing and an even --vec-workers of 2 or more"),
            (not (self.double_buffer and self.opponent is not None and self.opponent.startswith("search")),
             "double_buffer: the search opponent reads the matches of an in-process env; play it without"),
            (0.0 <= self.p_latest <= 1.0, "p_latest must be between 0 and 1"),
            (self.minutes is None or self.minutes > 0, "minutes must be positive"),
            (self.steps is None or self.steps > 0, "steps must be positive"),
            (self.eval_matches >= 1 and self.pool_size >= 1 and self.snapshot_interval >= 1,
             "eval_matches, pool_size and snapshot_interval must be at least 1"),
            (self.eval_reference_matches >= 2, "eval_reference_matches must be at least 2 (one on each side)"),
            (min(self.eval_snapshot_matches, self.eval_search_matches, self.eval_search_every,
                 self.final_search_rounds, self.eval_agent_matches) >= 1,
             "eval_snapshot_matches, eval_search_matches, eval_search_every, final_search_rounds and "
             "eval_agent_matches must be at least 1"),
            (max(self.eval_matches, self.eval_snapshot_matches, self.eval_search_matches, self.eval_agent_matches,
                 self.eval_pairing_matches, self.eval_reference_matches) <= MAX_EVAL_MATCHES,
             f"eval_matches, eval_snapshot_matches, eval_search_matches, eval_agent_matches and "
             f"eval_pairing_matches must be at most {MAX_EVAL_MATCHES:,} (the matches of one evaluation env)"),
            (self.eval_pairing_matches == 0 or self.eval_pairing_matches >= 2,
             "eval_pairing_matches must be 0 (drawn pairings) or at least 2 (one on each side)"),
            (0.0 <= self.agent_bar <= 1.0, "agent_bar must be between 0 and 1 (1: the yardsticks alone choose the "
                                           "run's agent)"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)
        for f in dataclasses.fields(self):  # 1e999 parses as inf: no budget, rate or coefficient is infinite or NaN
            value = getattr(self, f.name)
            if isinstance(value, float) and not math.isfinite(value):
                raise ValueError(f"{f.name} must be a finite number, got {value!r}")
        if self.eval_search is not None:
            from .policies import parse_policy_name  # imported here: this module stays import-light

            if parse_policy_name(self.eval_search).kind != "search":  # a PolicyNameError is a ValueError
                raise ValueError(f"eval_search must name a search budget (search[:k=K,turns=T,...]), "
                                 f"not {self.eval_search!r}")
        return self

    def _check_types(self) -> None:
        hints = typing.get_type_hints(type(self))
        for f in dataclasses.fields(self):
            value, hint = getattr(self, f.name), hints[f.name]
            allowed = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
            allowed = tuple(typing.get_origin(a) or a for a in allowed)
            if isinstance(value, int) and not isinstance(value, bool) and float in allowed:
                continue  # an int where a float is expected is fine (minutes=15)
            if isinstance(value, bool) and bool not in allowed:
                raise ValueError(f"{f.name} must be {_type_names(allowed)}, got {value!r}")
            if not isinstance(value, allowed):
                raise ValueError(f"{f.name} must be {_type_names(allowed)}, got {value!r}")

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "TrainConfig":
        if not isinstance(data, dict):
            raise ValueError(f"the config must be a table of settings, not {type(data).__name__}")
        names = {f.name for f in dataclasses.fields(cls)}
        used = sorted(k for k, off in RETIRED_SWITCHES.items() if k in data and data[k] != off)
        if used:
            raise ValueError(f"the config turns on {', '.join(used)}, which this trainer does not have "
                             "(docs/experiments/ablations.md)")
        data = {k: v for k, v in data.items() if k not in RETIRED_SWITCHES and k not in RETIRED_SETTINGS}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown config keys: {sorted(unknown)}")
        return cls(**data)


MAX_HIDDEN = 16384
# Matches of the training env: a C match is about 360 KB, so 16,384 of them are about 6 GB (the
# GPU hint's 1,024 per worker on 16 cores fits); 65,536 would be 23 GB
MAX_NUM_ENVS = 16384
MAX_TORCH_THREADS = 1024  # past any machine's cores: more threads only stall (100,000 hangs in OpenMP)
MAX_WORKERS = 1024  # env or update processes
MAX_ROUNDS = 1000  # evaluation rounds and snapshots played: each is a loop over matches
MAX_EPOCHS = 10_000
MAX_POOL = 100_000  # self-play snapshots kept (each a network in memory)
MAX_LAYERS = 16
MAX_HORIZON = 4096
# Matches of one evaluation env (a C match is about 360 KB: 4,096 of them 1.5 GB), so that a crafted
# config cannot ask for more memory than a machine has
MAX_EVAL_MATCHES = 4096
MAX_BATCH = 1 << 24  # agent steps per update: 2,048 times the default's 8,192

# Settings a checkpoint's config may hold that this trainer does not have: options the ablations
# measured and did not keep (docs/experiments/ablations.md, whose commands run at commit 65a3674,
# and at commit 7857311 for magnet_kl and magnet_ema).
# Each switch is given with the value that kept it off; the other keys only mattered with their
# switch on.  A config holding them that way resumes without them, one that turned a switch on is
# refused: this trainer cannot continue that run.
RETIRED_SWITCHES = {"pool_sampling": "uniform", "style_bias": 0.0, "exploiter_interval": 0, "distill_matches": 0,
                    "magnet_coef": 0.0, "pairing_priority": 0.0, "magnet_kl": 0.0}
RETIRED_SETTINGS = {"exploiter_updates", "exploiters_kept", "p_exploiter", "distill_k", "distill_coef",
                    "magnet_interval", "magnet_ema"}


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, where the system reports one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # macOS: no affinity
        return os.cpu_count() or 1


def cpu_has_native_bf16() -> bool:
    """Whether this CPU multiplies bfloat16 matrices natively (oneDNN's check: AVX512-BF16 or AMX);
    elsewhere bfloat16 products are emulated, slower than float32."""
    try:
        import torch

        return bool(torch.backends.mkldnn.is_available() and torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (ImportError, AttributeError, RuntimeError):
        return False


MAX_SETTINGS_BYTES = 1 << 20  # a settings file is a few hundred bytes


def load_file(path: str | Path) -> dict:
    """A TOML or JSON file of TrainConfig fields (TOML may nest them under [train])."""
    from integration.safefile import read_text_input

    path = Path(path)
    text = read_text_input(path, MAX_SETTINGS_BYTES, "settings file")  # a regular file only: never a FIFO or device
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except ValueError as exc:  # JSONDecodeError and TOMLDecodeError
        raise ValueError(f"{path}: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("train", data), dict):
        raise ValueError(f"{path}: expected a table of settings")
    return data.get("train", data)


def merge(base: TrainConfig, overrides: dict) -> TrainConfig:
    """Fields set in `overrides` (None means: not given) replace those of `base`."""
    data = base.to_dict()
    data.update({k: v for k, v in overrides.items() if v is not None})
    return TrainConfig.from_dict(data)


def _type_names(allowed: tuple) -> str:
    return " or ".join("None" if a is type(None) else a.__name__ for a in allowed)
