"""The diagnostic "How far the search sees, and what it would teach" (docs/TRAINING.md): are the
equilibria of the per-turn matrix games, which a search teacher would distil into the policy,
mixed, reproducible and related to what the policy plays?

Usage: ``uv run python scripts/diagnose_search_targets.py AGENT.safetensors [--turns T] [--k K]
[--rollout scripted|learner] [--value hp|learner] [--repeats R] [--matches N] [--seed S]``.

The agent plays itself in ``--matches`` matches (Ninja mirror, the C engine) for 60 turns.  Every
third turn, 16 of the matches are searched from both sides: each side's candidates are the action
it plays, then ``k`` samples of its policy, then uniform legal draws to fill up to ``k`` (as a
teacher that reweights what the policy plays would draw them); every pair is played one turn on a
clone of the match, then ``turns`` more turns by the rollout policy (the scripted baseline, or the
agent sampling), and scored as the search opponent scores it (the outcome where the match ended,
else the hp difference over a bar, or the agent's value head).  Each pair's score is the mean of
``repeats`` such rollouts, and the whole game is evaluated twice, independently, to see whether its
equilibrium is a property of the position or of the rollouts' draws.

Printed, over all searched games and both sides: the share of pure equilibria (0.99 or more on one
candidate), the equilibria's mean entropy, the total-variation distance between the two
evaluations' equilibria against the distance of one from uniform, how often their most-played
candidate agrees, the policy's cross-entropy to the equilibrium against a uniform choice's, the
chance that the equilibrium and the policy pick the same candidate (1/k for a uniform pick), and the milliseconds per game (one
match-decision, both sides; ``repeats`` rollouts, one evaluation).
"""
import argparse
import time

import numpy as np
import torch

from integration.env import obs as O
from integration.env.env import YomiEnv
from integration.train.policies import load_checkpoint_net
from integration.train.search import SearchConfig, SearchPolicy, draw_candidates, solve_matrix_game

SEARCHED = 16  # matches searched every third turn
TURNS = 60


def candidates(net, row: np.ndarray, played: np.ndarray, k: int, gen, rng) -> np.ndarray:
    """Up to ``k`` distinct actions: the one played, the policy's ``k`` samples, uniform fill."""
    with torch.no_grad():
        proposed = net.act(torch.as_tensor(np.repeat(row[None], k, 0)), gen).actions.numpy()
    out = np.unique(np.concatenate([played[None], proposed]).astype(np.int32), axis=0)
    if len(out) < k:
        out = np.unique(np.concatenate([out, draw_candidates(row[O.FEATURE_SIZE:], k, rng)]), axis=0)
    return out[:k]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("agent")
    ap.add_argument("--turns", type=int, default=2)
    ap.add_argument("--k", type=int, default=6)
    ap.add_argument("--rollout", choices=("scripted", "learner"), default="scripted")
    ap.add_argument("--value", choices=("hp", "learner"), default="hp")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--matches", type=int, default=64)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()

    net = load_checkpoint_net(args.agent)
    env = YomiEnv(num_envs=args.matches, seed=args.seed, backend="c")
    env.reset(seed=args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    rollout = net.as_policy_fn(torch.Generator().manual_seed(args.seed + 1)) if args.rollout == "learner" else None
    search = SearchPolicy(SearchConfig(k=args.k, turns=args.turns), seed=args.seed, rollout_policy=rollout,
                          value_net=net if args.value == "learner" else None).bind(env, np.arange(env.num_agents))

    def payoffs(jobs):  # each pair's mean over `repeats` rollouts, from P1's side
        runs = [search.evaluate_pairs(jobs) for _ in range(args.repeats)]
        return [sum(parts) / args.repeats for parts in zip(*runs)]

    rows = {key: [] for key in ("pure", "entropy", "tv", "tv_uniform", "same", "ce", "ce_uniform", "share")}
    seconds = []
    for t in range(TURNS):
        with torch.no_grad():
            actions = net.act(torch.as_tensor(env.observations), gen).actions.numpy()
        if t % 3 == 0:
            jobs = []
            for slot in rng.choice(args.matches, min(SEARCHED, args.matches), replace=False):
                cands = [candidates(net, env.observations[2 * slot + s], actions[2 * slot + s], args.k, gen, rng)
                         for s in (0, 1)]
                if len(cands[0]) > 1 and len(cands[1]) > 1:
                    jobs.append((int(slot), 0, cands[0], cands[1]))
            if jobs:
                t0 = time.perf_counter()
                first, second = payoffs(jobs), payoffs(jobs)
                seconds.append((time.perf_counter() - t0) / (2 * len(jobs)))
                for (slot, _, mine, theirs), a, b in zip(jobs, first, second):
                    for side, cands, game, again in ((0, mine, a, b), (1, theirs, -a.T, -b.T)):
                        x, _ = solve_matrix_game(game)
                        y, _ = solve_matrix_game(again)
                        uniform = np.full(len(x), 1.0 / len(x))
                        obs = torch.as_tensor(np.repeat(env.observations[2 * slot + side][None], len(cands), 0))
                        with torch.no_grad():
                            lp = net.evaluate(obs, torch.as_tensor(cands, dtype=torch.long)).logprob.numpy()
                        q = np.exp(lp - lp.max())
                        q /= q.sum()
                        nz = x[x > 0]
                        rows["pure"].append(x.max() >= 0.99)
                        rows["entropy"].append(-(nz * np.log(nz)).sum())
                        rows["tv"].append(0.5 * np.abs(x - y).sum())
                        rows["tv_uniform"].append(0.5 * np.abs(x - uniform).sum())
                        rows["same"].append(np.argmax(x) == np.argmax(y))
                        rows["ce"].append(-(x * np.log(q + 1e-12)).sum())
                        rows["ce_uniform"].append(np.log(len(x)))
                        rows["share"].append(float(x @ q))
        env.step(actions)
    m = {key: float(np.mean(v)) for key, v in rows.items()}
    print(f"{args.agent}: turns {args.turns}, k {args.k}, rollout {args.rollout}, value {args.value}, "
          f"repeats {args.repeats}: {len(rows['pure'])} equilibria; pure {m['pure']:.2f}; entropy {m['entropy']:.2f} "
          f"nats; two evaluations apart by TV {m['tv']:.2f} (one from uniform {m['tv_uniform']:.2f}), same "
          f"most-played candidate {m['same']:.2f}; policy's cross-entropy to them {m['ce']:.2f} nats (uniform "
          f"{m['ce_uniform']:.2f}), chance it and the policy pick the same candidate {m['share']:.2f}; "
          f"{1000 * np.median(seconds):.1f} ms per game")


if __name__ == "__main__":
    main()
