"""The one place that knows which environments exist, and which one is the default.

Each entry makes an env (a ``pufferlib.PufferEnv`` with ``action_spec``; see
integration/env/spec.py) and names the scripted baseline evaluation plays against.  The default
is the real game ("yomi", integration/env/env.py).  An env name is either a key of ``ENVS`` or
``"module:attribute"`` naming an :class:`EnvEntry` (the trainer's tests train on a tiny stand-in
duel this way, ``support.toyenv:ENV``, which lives with the tests).

Contract: a ``module:attribute`` name is imported only once code has allowed it with
:func:`allow_module_env` (the command line's ``--env`` does; a program may); a name that comes
from a settings file or a checkpoint's config never chooses what is imported, and an unallowed
one is refused (:func:`check_env_name`) before anything is built.  Worker processes get the
resolved :class:`EnvEntry` itself.  (Kept import-light: config.py reads DEFAULT_ENV.)
"""
from __future__ import annotations

import atexit
import functools
import importlib
import multiprocessing
import signal
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from .policy import PolicyFn


@dataclass(frozen=True)
class EnvEntry:
    factory: str  # "module:callable" -> env(num_envs=, seed=, buf=, p1=, p2=)
    scripted: str  # "module:callable" -> PolicyFn, the scripted baseline
    shaping: bool = False  # the env takes shaping={"damage": c} (TrainConfig.shaping_damage)
    # "module:callable" -> (policy, out_dir, p1, p2, seed, progress=None) -> [paths]: a few matches of
    # the final policy saved as traces a user can watch (`yomi watch`), calling progress(done, total)
    # as it goes (the live display); None: the env cannot record
    recorder: str | None = None


DEFAULT_ENV = "yomi"  # the real game

ENVS: dict[str, EnvEntry] = {
    # The real game; its scripted baseline is written against it:
    "yomi": EnvEntry("integration.env.env:YomiEnv", "integration.env.env:scripted_policy", shaping=True,
                     recorder="integration.train.play:record_eval_matches"),
}


# module:attribute env names this process's own code allowed (allow_module_env); nothing loaded adds to it
_ALLOWED: set[str] = set()


def allow_module_env(name: str) -> None:
    """Allow ``name`` ("module:attribute" naming an EnvEntry) as an env of this process: for the
    command line's ``--env`` and for programs, never for a name read from a file."""
    if ":" not in name:
        raise ValueError(f"env {name!r}: expected module:attribute")
    _ALLOWED.add(name)


def allow_cli_env(name: str | None) -> None:
    """A command line's ``--env``: allowed where it is a module:attribute (a registry name or None
    needs nothing).  Only command lines call this, with what the user typed."""
    if name is None or name in ENVS:
        return
    if ":" not in name:
        raise SystemExit(f"unknown env {name!r}; known: {', '.join(ENVS)} (or module:attribute naming an EnvEntry)")
    allow_module_env(name)


def check_env_name(name, where: str = "env") -> None:
    """ValueError unless `name` is a key of ENVS or a module:attribute this process allowed."""
    if isinstance(name, str) and (name in ENVS or name in _ALLOWED):
        return
    shown = repr(name)[:80]
    raise ValueError(f"{where} must be one of {', '.join(sorted(ENVS))}, not {shown} (a module:attribute env is "
                     f"taken from the command line's --env only, never from a file)")


def _resolve(target: str):
    module, name = target.split(":")
    try:
        return getattr(importlib.import_module(module), name)
    except (ModuleNotFoundError, AttributeError) as exc:
        raise SystemExit(f"{target} is not available in this build ({exc})") from exc


def entry(name: str) -> EnvEntry:
    """The EnvEntry of a name in ``ENVS`` or of an allowed ``"module:attribute"`` naming one
    (ValueError for any other name, before anything is imported)."""
    if isinstance(name, EnvEntry):
        return name
    if name in ENVS:
        return ENVS[name]
    check_env_name(name)
    if ":" in name:
        found = _resolve(name)
        if isinstance(found, EnvEntry):
            return found
        raise SystemExit(f"{name} is not an EnvEntry")
    raise SystemExit(f"unknown env {name!r}; known: {', '.join(ENVS)} (or module:attribute naming an EnvEntry)")


def env_factory(name: "str | EnvEntry") -> Callable:
    return _resolve(entry(name).factory)


def scripted_baseline(name: str) -> "PolicyFn":
    return _resolve(entry(name).scripted)


def match_recorder(name: str) -> Callable | None:
    target = entry(name).recorder
    return _resolve(target) if target else None


def make_env(name: str, num_envs: int, seed: int, p1: str = "ninja", p2: str = "ninja",
             backend: str = "native", workers: int = 1, shaping_damage: float = 0.0,
             double_buffer: bool = False):
    """A vectorised env of `num_envs` matches (2 * num_envs agents, P1 then P2 of each match).
    `shaping_damage` is passed on as the env's damage shaping where the env has it (and ignored
    by envs without it, such as the toy: their reward is the outcome alone).  `double_buffer`
    (multiprocessing only): a :class:`HalvesEnv` of two such envs of half the workers each."""
    import pufferlib.vector

    factory = env_factory(name)
    kwargs = dict(p1=p1, p2=p2)
    if shaping_damage and entry(name).shaping:
        kwargs["shaping"] = {"damage": float(shaping_damage)}
    if backend == "native":
        return factory(num_envs=num_envs, seed=seed, **kwargs)
    # PufferLib's vectorisation: `workers` copies of the env, each with num_envs / workers matches.
    if num_envs % workers:
        raise ValueError(f"num_envs ({num_envs}) must divide among the {workers} env workers")
    if double_buffer:
        if backend != "multiprocessing" or workers % 2:
            raise ValueError("double_buffer needs the multiprocessing backend and an even number of workers")
        return HalvesEnv([make_env(name, num_envs // 2, seed, p1, p2, backend, workers // 2, shaping_damage)
                          for _ in range(2)], workers)
    kwargs["num_envs"] = num_envs // workers
    vec = {"serial": pufferlib.vector.Serial, "multiprocessing": pufferlib.vector.Multiprocessing}[backend]
    # overwork: PufferLib refuses more workers than physical cores, but "auto" counts the cores this
    # process may run on (config.py), hyperthreads included, and an explicit count is the user's choice
    extra = dict(num_workers=workers, batch_size=workers, overwork=True) if backend == "multiprocessing" else {}
    creator = functools.partial(_in_worker, entry(name))  # the entry: a worker process allows nothing itself
    env = pufferlib.vector.make(creator, env_kwargs=kwargs, backend=vec, num_envs=workers, seed=seed, **extra)
    if backend == "multiprocessing":
        atexit.register(_stop_workers, list(env.processes))
    return env


def _stop_workers(processes: list) -> None:
    """Stop env workers still running when this process exits.  PufferLib's workers are not
    daemons, and at exit multiprocessing waits for every such child, which never ends by itself:
    a process that exits without closing its env (an error between making the env and the
    trainer's close) would hang.  Registered after multiprocessing's own exit handler, this runs
    before it."""
    for p in processes:
        if p.is_alive():
            p.terminate()


def _in_worker(name: "str | EnvEntry", **kwargs):
    """Make the env; in a worker process, ignore Ctrl-C: the trainer (the main process) handles
    it, finishes its update and saves a checkpoint, which needs the workers alive."""
    if multiprocessing.current_process().name != "MainProcess":
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    return env_factory(name)(**kwargs)


def action_spec(env):
    """The ActionSpec of a native env or of PufferLib's vectorised wrappers."""
    return getattr(env, "action_spec", None) or env.driver_env.action_spec


class HalvesEnv:
    """The matches in two halves, each a PufferLib multiprocessing env of half the workers, so
    that one half steps while the trainer acts for the other (trainer.py, ``collect``):
    PufferLib's double-buffered ``send``/``recv``, with the halves fixed.  PufferLib's own pool
    mode (``batch_size`` below the number of envs) hands back whichever workers are ready first,
    so the order of the turns would depend on timing; two envs taken in turn keep a run
    deterministic for its seed.

    Agents 0 .. A/2-1 are the first half's, A/2 .. A-1 the second's (``parts``: their agent and
    match slices).  Worker j of the second half gets the seed worker W/2 + j of one env of W
    workers would (``reset``), so both layouts start from the same matches.  ``step`` steps both
    halves at once, for callers that do not interleave."""

    def __init__(self, halves: list, workers: int):
        self.halves = halves
        self.workers = workers
        self.driver_env = halves[0].driver_env
        self.num_agents = sum(h.num_agents for h in halves)
        n, m = halves[0].num_agents, halves[0].num_agents // 2
        self.parts = [(slice(0, n), slice(0, m)), (slice(n, self.num_agents), slice(m, self.num_agents // 2))]

    def reset(self, seed: int = 0):
        obs = [h.reset(seed=seed + i * (self.workers // 2))[0] for i, h in enumerate(self.halves)]
        return _concat(obs), []

    def send(self, half: int, actions) -> None:
        self.halves[half].send(actions)

    def recv(self, half: int):
        """(observations, rewards, terminals, truncations) of the half's last step: views into
        its workers' shared buffers, valid until its next ``send``."""
        return tuple(self.halves[half].recv()[:4])

    def step(self, actions):
        n = self.halves[0].num_agents
        for i, h in enumerate(self.halves):
            h.send(actions[:n] if i == 0 else actions[n:])
        parts = [self.recv(i) for i in range(2)]
        return (*(_concat([p[k] for p in parts]) for k in range(4)), [])

    def close(self) -> None:
        for h in self.halves:
            h.close()


def _concat(arrays):
    import numpy as np

    return np.concatenate(arrays)
