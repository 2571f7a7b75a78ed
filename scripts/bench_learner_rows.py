"""Paired timing in one process (docs/PERFORMANCE.md, "The learner's rows alone"): a rollout with a
full pool of 40 snapshots and a PPO update of the default settings, each the way commit 14853f0 ran it
(the learner's forward pass over every seat; minibatches gathered from the whole batch, float32
observations) and the way this commit runs it, alternately, 30 rounds; the median of the per-round
ratios.  Run from the repository root: uv run python scripts/bench_learner_rows.py [rounds]"""
import subprocess, sys, time, copy, statistics as st, textwrap
import numpy as np, torch
sys.path.insert(0, ".")
from collections import defaultdict
from integration.train.config import TrainConfig
from integration.train import trainer as T
from integration.train.ppo import compute_gae, explained_variance
ns = dict(vars(T)); ns.update(defaultdict=defaultdict, compute_gae=compute_gae, explained_variance=explained_variance)
old = subprocess.run(["git", "show", "14853f0:integration/train/trainer.py"], capture_output=True, text=True, check=True).stdout
start = old.index("    def update(self, buf: Rollout, lag: int = 0) -> dict:")
exec(textwrap.dedent(old[start:old.index("        return out\n", start) + len("        return out\n")]), ns)
old_update = ns["update"]
cfg = TrainConfig(vec_workers=1, seed=1)
tr = T.Trainer(cfg, run_dir="/tmp/paired", display=False)
for i in range(1, 40):
    p = copy.deepcopy(tr.policy)
    with torch.no_grad():
        for prm in p.parameters(): prm.add_(0.01 * torch.randn_like(prm))
    tr.selfplay.add_snapshot(p, 25 * i)
tr.selfplay.reassign(np.ones(cfg.num_envs, dtype=bool))
buf = tr.bufs[0]
new_act = T.Trainer.__dict__["_act_for_learner"]
old_act = staticmethod(lambda behaviour, obs, learner: behaviour.act(obs))
def collect(act):
    T.Trainer._act_for_learner = act
    tr.timer.take(); t0 = time.perf_counter(); tr.collect(buf, tr.policy); dt = time.perf_counter() - t0
    return dt, tr.timer.take()["forward"]
for _ in range(3): collect(new_act); tr.update(buf)
res = defaultdict(list)
for r in range(int(sys.argv[1]) if len(sys.argv) > 1 else 30):
    order = [("old", old_act), ("new", new_act)] if r % 2 == 0 else [("new", new_act), ("old", old_act)]
    for tag, act in order:
        c, f = collect(act); res[f"collect_{tag}"].append(c); res[f"forward_{tag}"].append(f)
    for tag in ([ "old", "new"] if r % 2 == 0 else ["new", "old"]):
        t0 = time.perf_counter()
        (old_update(tr, buf) if tag == "old" else tr.update(buf))
        res[f"update_{tag}"].append(time.perf_counter() - t0)
for k in ("collect", "forward", "update"):
    o, n = res[f"{k}_old"], res[f"{k}_new"]
    ratios = [a / b for a, b in zip(o, n)]
    print(f"{k}: old {1000*st.median(o):.1f} ms, new {1000*st.median(n):.1f} ms; old/new per round median {st.median(ratios):.3f} "
          f"(quartiles {np.percentile(ratios,25):.3f}-{np.percentile(ratios,75):.3f}, range {min(ratios):.3f}-{max(ratios):.3f})")
