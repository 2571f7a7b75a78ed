"""Our trainer against PufferLib's own PuffeRL on the same env and budget.

    uv run python -m integration.train.compare [--steps N] [--minutes M] [--num-envs E]

Prints steps per second and final win rates (against the random legal policy
and the scripted baseline, sides swapped) side by side.

What PuffeRL does with the masks: nothing explicit.  Its ``Default`` policy is
an MLP over the whole observation, the packed mask floats included, with one
independent softmax per head; it samples every head unmasked and counts every
head in the log-probability (no ``head_used``).  The env makes each illegal
choice legal (an illegal move becomes Continue, an illegal data value the
head's first legal value) and counts it, so PuffeRL can only learn the masks
indirectly, from the consequences; the "illegal" column shows how often it
still picks an illegal action.  PuffeRL also trains every agent (pure
self-play: both seats, no pool of past selves).
"""
from __future__ import annotations

import tempfile
import time
import warnings

import torch

from .config import TrainConfig
from .envs import DEFAULT_ENV, ENVS, action_spec, entry, env_factory, make_env, scripted_baseline
from .evaluate import play
from .policy import random_policy
from .trainer import Trainer
from integration.options import OptionParser


def puffer_config(cfg: TrainConfig, steps: int, data_dir: str) -> dict:
    """PuffeRL's train section, matched to our hyperparameters where they mean the same thing."""
    batch = cfg.batch_size
    return dict(
        env=cfg.env, seed=cfg.seed, torch_deterministic=True, device=cfg.device, cpu_offload=False,
        compile=False, compile_mode="default", compile_fullgraph=False, precision="float32", use_rnn=False,
        optimizer="adam", learning_rate=cfg.learning_rate, adam_beta1=0.9, adam_beta2=0.999, adam_eps=cfg.adam_eps,
        total_timesteps=steps, batch_size=batch, bptt_horizon=cfg.horizon,
        minibatch_size=batch // cfg.num_minibatches, max_minibatch_size=batch // cfg.num_minibatches,
        update_epochs=cfg.update_epochs, gamma=cfg.gamma, gae_lambda=cfg.gae_lambda,
        vtrace_rho_clip=1.0, vtrace_c_clip=1.0, prio_alpha=0.0, prio_beta0=1.0,
        clip_coef=cfg.clip_coef, vf_clip_coef=cfg.vf_clip_coef or 1e9, vf_coef=cfg.vf_coef, ent_coef=cfg.ent_coef,
        max_grad_norm=cfg.max_grad_norm, anneal_lr=True, checkpoint_interval=10**9, data_dir=data_dir,
    )


def run_puffer(cfg: TrainConfig, steps: int, seconds: float | None) -> dict:
    import pufferlib.models
    import pufferlib.vector
    from pufferlib import pufferl

    # Importing pufferl turns RuntimeWarnings into errors and makes Ctrl-C exit at once; keep the first out of our code.
    warnings.filterwarnings("default", category=RuntimeWarning)
    pufferl.PuffeRL.print_dashboard = lambda *args, **kwargs: None  # its full-screen dashboard; we print a table

    env_kwargs = dict(num_envs=cfg.num_envs, seed=cfg.seed)
    if cfg.shaping_damage and entry(cfg.env).shaping:  # the same training reward as ours
        env_kwargs["shaping"] = {"damage": cfg.shaping_damage}
    vecenv = pufferlib.vector.make(env_factory(cfg.env), env_kwargs=env_kwargs, backend=pufferlib.PufferEnv)
    torch.manual_seed(cfg.seed)
    policy = pufferlib.models.Default(vecenv, hidden_size=cfg.hidden).to(cfg.device)
    with tempfile.TemporaryDirectory() as data_dir:
        trainer = pufferl.PuffeRL(puffer_config(cfg, steps, data_dir), vecenv, policy)
        start = time.perf_counter()
        while trainer.global_step < steps and (seconds is None or time.perf_counter() - start < seconds):
            trainer.evaluate()
            trainer.train()
        elapsed = time.perf_counter() - start
        trainer.utilization.stop()
    illegal = vecenv.illegal_actions / max(trainer.global_step, 1)

    def puffer_policy(obs, masks):  # masks unused: PuffeRL's policy does not know them
        logits, _ = policy.forward_eval(obs)
        actions, _, _ = pufferlib.pytorch.sample_logits(logits)
        return actions.long()

    return dict(steps=trainer.global_step, seconds=elapsed, policy=puffer_policy, illegal=illegal)


def run_ours(cfg: TrainConfig, steps: int, seconds: float | None) -> dict:
    cfg.steps, cfg.minutes = steps, (None if seconds is None else seconds / 60.0)
    with tempfile.TemporaryDirectory() as run_dir:
        trainer = Trainer(cfg, run_dir=run_dir, display=False)
        trainer.run()
        # the training loop's updates, as timed for PuffeRL (not the start-up, not the final evaluation)
        elapsed = sum(sum(r[f"time/{k}"] for k in ("env", "forward", "update", "other")) for r in trainer.metrics.rows)
        trainer.close()
    policy = trainer.policy.eval()
    return dict(steps=trainer.global_step, seconds=elapsed, policy=policy.as_policy_fn(), illegal=0.0)


def evaluate(cfg: TrainConfig, policy, matches: int, seed: int) -> tuple[float, float]:
    env = make_env(cfg.env, matches, seed)
    spec = action_spec(env)
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        rand = play(env, spec, policy, random_policy(spec, gen), seed, torch.device(cfg.device))
        scripted = play(env, spec, policy, scripted_baseline(cfg.env), seed + 1, torch.device(cfg.device))
    return rand.win_rate, scripted.win_rate


def main(argv: list[str] | None = None) -> int:
    p = OptionParser(prog="python -m integration.train.compare", description=__doc__.split("\n\n")[0])
    p.add_argument("--env", default=DEFAULT_ENV,
                   help=f"{', '.join(sorted(ENVS))} or module:attribute naming an EnvEntry, as train-selfplay's "
                        f"(default {DEFAULT_ENV}; the stand-in duel: support.toyenv:ENV with tests/ on PYTHONPATH)")
    p.add_argument("--steps", type=int, default=2_000_000, help="agent steps for each trainer")
    p.add_argument("--minutes", type=float, default=None, help="also stop each trainer after this long")
    p.add_argument("--num-envs", type=int, default=128)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--eval-matches", type=int, default=512)
    p.add_argument("--device", default="cpu")
    p.add_argument("--threads", type=int, default=1, help="torch CPU threads (small nets: 1 is robust)")
    args = p.parse_args(argv)
    from .envs import allow_cli_env

    allow_cli_env(args.env)
    torch.set_num_threads(args.threads)
    seconds = None if args.minutes is None else args.minutes * 60.0

    rows = []
    for name, runner in (("ours (masked AR heads, pool)", run_ours), ("PuffeRL (Default policy)", run_puffer)):
        cfg = TrainConfig(env=args.env, num_envs=args.num_envs, seed=args.seed, device=args.device, eval_interval=0,
                          final_eval_rounds=1, eval_search=None, record_matches=False, plots=False)
        print(f"training {name} for {args.steps:,} agent steps ...", flush=True)
        out = runner(cfg, args.steps, seconds)
        win_random, win_scripted = evaluate(cfg, out["policy"], args.eval_matches, args.seed + 100)
        rows.append((name, out["steps"], out["seconds"], out["steps"] / out["seconds"], win_random, win_scripted,
                     out["illegal"]))

    print()
    print(f"{'trainer':<30} {'steps':>11} {'seconds':>8} {'steps/s':>9} {'vs random':>10} {'vs scripted':>12}"
          f" {'illegal':>8}")
    for name, steps, secs, sps, wr, ws, illegal in rows:
        print(f"{name:<30} {steps:>11,} {secs:>8.1f} {sps:>9,.0f} {wr:>10.2f} {ws:>12.2f} {illegal:>8.2%}")
    print("\nwin rates: fraction of matches won (draws count as not won), each side half the time; "
          "illegal: share of PuffeRL's agent actions the env had to correct")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
