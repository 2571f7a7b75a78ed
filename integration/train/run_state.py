"""The run's state: what a trainer checkpoint holds, saving it, checking it, restoring it, and
resuming a run from its folder.

A trainer checkpoint (checkpoints/update_NNNNNN.safetensors and latest.safetensors, checkpoint.py's
format) holds everything a run needs to go on exactly as if it had not stopped: the config, the
action layout, the counts, the run's clock (budget.py), the policy and optimizer, every RNG, the
self-play pool, the Elo table and the run's agent (evaluation.py), the env's matches where the env
can snapshot them, and the overlapped loop's behaviour policy.  A resumed run with a step budget is
bit-identical to one that never stopped (tests/train/test_train.py).

Contract: :func:`check` validates a loaded checkpoint field by field against the trainer's own
state (its config decides every shape) before :func:`restore` uses any of it; a checkpoint that
fails is one clear error (checkpoint.CheckpointError), and the trainer is left unchanged.
Old checkpoints without the optional parts (the behaviour policy, the run's agent, the env's
snapshot) resume: the learner plays the next rollout, the yardsticks alone choose the agent until a
new one is chosen, fresh matches start.
"""
from __future__ import annotations

import copy
import math
from pathlib import Path

import numpy as np
import torch

from . import checkpoint as ckpt
from .config import TrainConfig
from .policy import MaskedActorCritic, network_size

CHECKPOINT_VERSION = 1
MAX_COUNT = 1 << 62  # updates and agent steps: past any run, within an int64 tensor


def save_policy(cfg, spec, policy: MaskedActorCritic, path: Path, update: int, global_step: int, **extra) -> Path:
    """`policy` as a policy-only checkpoint of a run (settings, action layout, update, weights and
    `extra`), the format every command that plays a checkpoint reads."""
    return ckpt.save_atomic(dict(version=CHECKPOINT_VERSION, config=cfg.to_dict(), spec=spec.describe(),
                                 update=update, global_step=global_step, policy=policy.state_dict(), **extra), path)


def state_of(trainer) -> dict:
    env_state = trainer.env.get_state() if hasattr(trainer.env, "get_state") else None
    if env_state is not None and not ckpt.storable(env_state):
        # a Python-engine snapshot holds match objects, which a checkpoint (tensors and plain
        # data only) cannot: a resume then starts fresh matches
        env_state = None
    return dict(
        version=CHECKPOINT_VERSION,
        config=trainer.cfg.to_dict(),
        spec=trainer.spec.describe(),
        update=trainer.update_count,
        global_step=trainer.global_step,
        elapsed_s=trainer.budget.elapsed_s,
        policy=trainer.policy.state_dict(),
        optimizer=optimizer_state(trainer),
        rng=ckpt.rng_state(cuda=trainer.device.type == "cuda"),
        selfplay_rng=trainer.rng.bit_generator.state,
        update_gen=trainer.update_gen.get_state(),
        selfplay=trainer.selfplay.state_dict(),
        ratings=trainer.evaluation.ratings.state_dict(),
        best=dict(trainer.evaluation.best),
        # the run's agent's weights: its head-to-heads go on after a resume, whatever
        # best.safetensors holds by then
        best_policy=(trainer.evaluation.agent_policy.state_dict() if trainer.evaluation.agent_policy is not None
                     else None),
        env=env_state,
        next_obs=trainer.next_obs.cpu(),
        ep_return=trainer.ep_return.copy(),
        ep_len=trainer.ep_len.copy(),
        # the overlapped loop: the policy that plays the next rollout (one version behind)
        behaviour=trainer.behaviour.state_dict() if trainer.overlap else None,
        behaviour_version=trainer.behaviour_version,
    )


def optimizer_state(trainer) -> dict:
    state = trainer.optimizer.state_dict()
    for group in state["param_groups"]:
        group["lr"] = float(group["lr"])  # a tensor lr (CUDA graphs) would pin the file to a GPU
    return state


def save(trainer) -> Path:
    assert trainer.pending_rollout is None, "the overlapped loop checkpoints only with no rollout pending"
    state = trainer.state_dict()
    folder = trainer.run_dir / "checkpoints"
    ckpt.save_atomic(state, folder / f"update_{trainer.update_count:06d}{ckpt.SUFFIX}")
    path = ckpt.save_atomic(state, folder / ckpt.LATEST)
    ckpt.prune(folder, trainer.cfg.keep_checkpoints)
    return path


def restore(trainer, state: dict) -> None:
    if state["spec"] != trainer.spec.describe():
        raise SystemExit("the checkpoint was made with a different action layout (env or characters)")
    trainer.update_count = state["update"]
    trainer.global_step = state["global_step"]
    trainer.budget.elapsed_s = state["elapsed_s"]
    trainer.policy.load_state_dict(state["policy"])
    if trainer.overlap:  # a checkpoint of the one-process loop: the learner plays the next rollout
        behaviour = state.get("behaviour")
        trainer.behaviour.load_state_dict(behaviour if behaviour is not None else state["policy"])
        version = state.get("behaviour_version") if behaviour is not None else None
        trainer.behaviour_version = version if isinstance(version, int) else trainer.update_count
    saved = copy.deepcopy(state["optimizer"])
    for group_saved, group_now in zip(saved["param_groups"], trainer.optimizer.param_groups):
        # keep this machine's optimizer flavour (a CUDA-graph run keeps lr and state on the GPU)
        group_saved["capturable"] = group_now.get("capturable", False)
        group_saved["lr"] = group_now["lr"]
    trainer.optimizer.load_state_dict(saved)
    trainer.selfplay.load_state_dict(state["selfplay"], trainer.make_policy)
    evaluation = trainer.evaluation
    evaluation.ratings.load_state_dict(state["ratings"])
    evaluation.best = checked_best(state.get("best"))
    # without the agent's weights (None) the yardsticks alone choose until a new agent is chosen
    evaluation.agent_policy = checked_network(trainer, state.get("best_policy"), "the run's agent (best_policy)") \
        if evaluation.best else None
    trainer.rng.bit_generator.state = state["selfplay_rng"]
    trainer.update_gen.set_state(state["update_gen"])
    trainer.ep_return[:] = state["ep_return"]
    trainer.ep_len[:] = state["ep_len"]
    if state["env"] is not None and hasattr(trainer.env, "set_state"):
        trainer.env.set_state(state["env"])
        trainer.next_obs.copy_(state["next_obs"].to(trainer.device))
    else:  # the env cannot restore its matches: start fresh ones (resume is then not exact)
        obs, _ = trainer.env.reset(seed=trainer.cfg.seed + trainer.update_count)
        trainer.next_obs.copy_(torch.as_tensor(obs))
        trainer.ep_return[:] = 0.0
        trainer.ep_len[:] = 0
        trainer.selfplay.reassign(np.ones(trainer.cfg.num_envs, dtype=bool))
    ckpt.set_rng_state(state["rng"])


def check(trainer, state: dict) -> None:
    """The schema of a trainer checkpoint, checked before any of it is used (CheckpointError, a
    ValueError of one line naming the field): every part this build saves, of the form this
    trainer's own state has (its config decides the shapes: the network's weights and the
    optimizer's moments, the RNG states, the observations, the per-match arrays, the self-play
    state), counts that are non-negative integers, a clock that is a finite number, and RNG
    states each generator accepts.  The env's snapshot is the env's own to check (set_state)."""
    def fail(field: str, message: str):
        raise ckpt.CheckpointError(f"the checkpoint's {field}: {message}")

    template = trainer.state_dict()
    optional = {"behaviour", "behaviour_version", "best", "best_policy", "env"}
    missing = sorted(set(template) - optional - set(state))
    if missing:
        fail(", ".join(missing), "missing")
    unknown = sorted(str(k)[:40] for k in set(state) - set(template))
    if unknown:
        fail(", ".join(unknown[:5]), "not a part of a trainer checkpoint")
    for key in ("update", "global_step"):
        if type(state[key]) is not int or not 0 <= state[key] <= MAX_COUNT:
            fail(key, f"expected an integer in 0 .. 2^62, got {str(state[key])[:40]!r}")
    elapsed = state["elapsed_s"]
    if type(elapsed) not in (int, float) or not (math.isfinite(elapsed) and elapsed >= 0):
        fail("elapsed_s", f"expected a finite number of seconds >= 0, got {str(elapsed)[:40]!r}")
    if state.get("behaviour_version") is not None and type(state["behaviour_version"]) is not int:
        fail("behaviour_version", "expected an integer")
    weights = template["policy"]
    ckpt.check_against(state["policy"], weights, "the checkpoint's policy")
    for key in ("behaviour", "best_policy"):
        if state.get(key) is not None:
            ckpt.check_against(state[key], weights, f"the checkpoint's {key}")
    _check_optimizer(trainer, state["optimizer"])
    for key in ("next_obs", "ep_return", "ep_len", "update_gen", "selfplay_rng"):
        ckpt.check_against(state[key], template[key], f"the checkpoint's {key}")
    if not torch.isfinite(state["next_obs"]).all() or not np.isfinite(state["ep_return"]).all() \
            or (state["ep_len"] < 0).any():
        fail("next_obs, ep_return or ep_len", "numbers that are not finite, or a negative match length")
    rng = dict(template["rng"])
    if isinstance(state["rng"], dict) and "cuda" in state["rng"]:  # a GPU run's: restored only on a GPU
        cuda = state["rng"]["cuda"]
        if not (isinstance(cuda, list) and len(cuda) <= 64 and all(isinstance(t, torch.Tensor) and t.dtype == torch.uint8
                                                                    and t.dim() == 1 and t.numel() <= 64 for t in cuda)):
            fail("rng.cuda", "expected a list of CUDA generator states")
        rng["cuda"] = cuda
    ckpt.check_against(state["rng"], rng, "the checkpoint's rng")
    try:  # each generator's own check of its state, on a throwaway generator
        torch.Generator().set_state(state["rng"]["torch"])
        torch.Generator().set_state(state["update_gen"])
        np.random.RandomState().set_state(state["rng"]["numpy"])
        __import__("random").Random().setstate(state["rng"]["python"])
        np.random.PCG64().state = state["selfplay_rng"]
    except (ValueError, TypeError, OverflowError, RuntimeError) as exc:
        fail("rng", f"a state its generator refuses ({str(exc)[:120]})")
    _check_selfplay(trainer, state["selfplay"], template["selfplay"])
    ratings = state["ratings"]
    ok = (isinstance(ratings, dict) and set(ratings) == {"anchor", "results"} and isinstance(ratings["anchor"], str)
          and isinstance(ratings["results"], dict) and len(ratings["results"]) <= 1_000_000
          and all(isinstance(k, str) and k.count("\t") == 1 and isinstance(v, list) and len(v) <= 16
                  and all(type(x) in (int, float) and math.isfinite(x) and x >= 0 for x in v)
                  for k, v in ratings["results"].items()))
    if not ok:
        fail("ratings", "expected an anchor name and results of pairs of names, each a few counts >= 0")


def _check_optimizer(trainer, saved) -> None:
    """Adam's state: the groups of this run's optimizer (same parameters, settings of the same
    types) and, per parameter, its step and two moments of the parameter's shape."""
    where = "the checkpoint's optimizer"
    mine = optimizer_state(trainer)
    if not isinstance(saved, dict) or set(saved) != {"state", "param_groups"}:
        raise ckpt.CheckpointError(f"{where}: expected a table of state and param_groups")
    groups = saved["param_groups"]
    if not isinstance(groups, list) or len(groups) != len(mine["param_groups"]):
        raise ckpt.CheckpointError(f"{where}.param_groups: expected a list of {len(mine['param_groups'])}")
    for i, (g, t) in enumerate(zip(groups, mine["param_groups"])):
        if not isinstance(g, dict) or set(g) != set(t) or type(g["params"]) is not list or g["params"] != t["params"]:
            raise ckpt.CheckpointError(f"{where}.param_groups[{i}]: not this run's parameters and settings")
        for key in t:
            if key not in ("params", "capturable") and t[key] is not None:
                ckpt.check_against(g[key], t[key], f"{where}.param_groups[{i}].{key}")
    params = {i: p for i, p in enumerate(trainer.policy.parameters())}
    state = saved["state"]
    if not isinstance(state, dict) or not set(state) <= set(params):
        raise ckpt.CheckpointError(f"{where}.state: expected a table by parameter number (0 .. {len(params) - 1})")
    for i, s in state.items():
        p = params[i]
        ckpt.check_against(s, {"step": torch.zeros((), dtype=torch.float32),
                               "exp_avg": torch.zeros(p.shape, dtype=p.dtype),
                               "exp_avg_sq": torch.zeros(p.shape, dtype=p.dtype)}, f"{where}.state[{i}]")


def _check_selfplay(trainer, saved, template: dict) -> None:
    """The self-play pool (snapshot numbers and their networks) or the fixed opponent's state,
    of this run's form: its per-match arrays of this run's shapes, seats 0 or 1."""
    where = "the checkpoint's selfplay"
    if not isinstance(saved, dict) or set(saved) - {"member"} != set(template) - {"member"}:
        raise ckpt.CheckpointError(f"{where}: expected the parts {', '.join(sorted(template))}")
    for key, value in template.items():
        if key == "pool":
            if not (isinstance(saved["pool"], list) and len(saved["pool"]) <= trainer.cfg.pool_size + 1
                    and all(type(u) is int for u in saved["pool"])):
                raise ckpt.CheckpointError(f"{where}.pool: expected at most pool_size + 1 snapshot numbers")
        elif key == "snapshots":
            snaps = saved["snapshots"]
            if not isinstance(snaps, dict) or len(snaps) > trainer.cfg.pool_size + 1:
                raise ckpt.CheckpointError(f"{where}.snapshots: expected at most pool_size + 1 snapshots")
            for sid, snap in snaps.items():
                if type(sid) is not int:
                    raise ckpt.CheckpointError(f"{where}.snapshots: a snapshot number that is no integer")
                ckpt.check_against(snap, {"policy": trainer.policy.state_dict()}, f"{where}.snapshots[{sid}]")
        elif key != "member":  # the fixed opponent checks its mixture's members itself
            ckpt.check_against(saved[key], value, f"{where}.{key}")
    seats = saved.get("learner_seat")
    if isinstance(seats, np.ndarray) and not np.isin(seats, (0, 1)).all():
        raise ckpt.CheckpointError(f"{where}.learner_seat: seats other than 0 and 1")


def checked_best(best) -> dict:
    """A checkpoint's record of the run's agent (Evaluation.choose_agent), checked: {} or the update, step
    and, per yardstick, numbers (and, where a head-to-head chose it, that one's); anything
    else is one clear error."""
    if not best:
        return {}
    number = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)  # noqa: E731
    figures = lambda f, keys: isinstance(f, dict) and set(f) == keys and all(number(v) for v in f.values())  # noqa: E731
    score = {"score", "low", "high", "matches"}
    ok = (isinstance(best, dict) and set(best) - {"head_to_head"} == {"update", "global_step", "yardsticks"}
          and number(best["update"]) and number(best["global_step"]) and isinstance(best["yardsticks"], dict)
          and all(isinstance(n, str) and figures(f, score) for n, f in best["yardsticks"].items())
          and ("head_to_head" not in best or figures(best["head_to_head"], score | {"against"})))
    if not ok:
        raise SystemExit("the checkpoint's record of the run's agent (best) is malformed")
    return dict(best)


def checked_network(trainer, weights, what: str) -> MaskedActorCritic | None:
    """A frozen network of this run's size from a checkpoint's weights (None for None);
    weights that do not fit it are one clear error."""
    if weights is None:
        return None
    net = MaskedActorCritic(trainer.spec, trainer.cfg.hidden, trainer.cfg.layers).to(trainer.device)
    try:
        net.load_state_dict(weights)
    except (RuntimeError, TypeError, AttributeError, KeyError):
        raise SystemExit(f"the checkpoint's weights of {what} do not fit the run's network") from None
    return net.eval().requires_grad_(False)


def resume(cls, run_dir: str | Path, overrides: dict | None = None, display: bool = True):
    """Continue a run from its latest checkpoint; `overrides` (e.g. a longer budget) win."""
    from .config import merge

    from .logger import check_run_logs

    state = ckpt.load(ckpt.latest(run_dir))
    check_run_logs(Path(run_dir))  # its logs are appended to: regular files of bounded size
    cfg = merge(TrainConfig.from_dict(state["config"]), overrides or {})
    fixed = ("env", "p1", "p2", "num_envs", "hidden", "layers", "vec_backend", "vec_workers", "opponent")
    changed = [k for k in fixed if getattr(cfg, k) != state["config"].get(k)]
    if changed:
        raise SystemExit(f"cannot change {', '.join(changed)} when resuming {run_dir}")
    # the network is built from the config before the weights load: the config must be in range
    # and tell the size the weights have (their input size is checked when they load)
    cfg.validate()
    first = state["policy"].get("trunk.0.weight") if isinstance(state["policy"], dict) else None
    in_size = first.shape[1] if isinstance(first, torch.Tensor) and first.dim() == 2 else -1
    hidden, layers = network_size(state["policy"], in_size)
    if (hidden, layers) != (cfg.hidden, cfg.layers):
        raise ValueError(f"{run_dir}: its checkpoint's config names hidden={cfg.hidden}, layers={cfg.layers}, "
                         f"its weights hidden={hidden}, layers={layers}")
    trainer = cls(cfg, run_dir=run_dir, display=display)
    trainer.resumed = True
    try:
        trainer.check_state(state)  # every field's type and shape, before any of it is used
        trainer.load_state_dict(state)
    except BaseException:
        trainer.close()
        raise
    return trainer

