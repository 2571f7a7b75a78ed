"""The ablation "Policies of other runs in the pool" (docs/TRAINING.md): ``train-selfplay`` whose
self-play also plays a fixed set of checkpoints, each kept in the pool for the whole run.

Usage: ``FIXED_POOL=a.safetensors:b.safetensors P_FIXED=0.25 uv run python
scripts/ablation_fixed_pool.py [train-selfplay options]``.  A new match is drawn as the trainer
draws it (the latest self with ``p_latest``, else a pool snapshot uniformly); then, with chance
``P_FIXED``, that draw is replaced by one of the fixed checkpoints, uniformly.  The fixed policies
are never evicted.  The trainer is patched in this process only: the option is not kept
(the ablation did not make the agent harder to exploit).
"""
import os
import sys

import numpy as np

from integration.train import selfplay, trainer
from integration.train.cli import main
from integration.train.opponent import load_init
from integration.train.policy import MaskedActorCritic

PATHS = [p for p in os.environ["FIXED_POOL"].split(":") if p]
P_FIXED = float(os.environ.get("P_FIXED", "0.25"))
FIRST_ID = -1000  # the fixed policies' ids: below SELF (-1), never a snapshot's update count

trainer_init = trainer.Trainer.__init__
draw = selfplay.SelfPlay._draw


def patched_init(self, cfg, *args, **kwargs):
    trainer_init(self, cfg, *args, **kwargs)
    play = self.selfplay
    if not isinstance(play, selfplay.SelfPlay):
        return
    play.fixed = []
    for i, path in enumerate(PATHS):
        policy = MaskedActorCritic(self.spec, cfg.hidden, cfg.layers).to(self.device)
        policy.load_state_dict(load_init(path, self.spec, cfg.hidden, cfg.layers))
        play.snapshots[FIRST_ID - i] = selfplay.Snapshot(FIRST_ID - i, policy.eval().requires_grad_(False))
        play.fixed.append(FIRST_ID - i)
    play._stack = None
    print(f"fixed pool: {len(PATHS)} policies, p_fixed {P_FIXED}", flush=True)


def patched_draw(self, n):
    out = draw(self, n)
    fixed = getattr(self, "fixed", [])
    if fixed:
        out = np.where(self.rng.random(n) < P_FIXED, self.rng.choice(np.array(fixed), size=n), out)
    return out


def patched_release(self):
    in_use = set(self.opponent.tolist()) | set(self.pool) | set(getattr(self, "fixed", []))
    for sid in [s for s in self.snapshots if s not in in_use]:
        del self.snapshots[sid]


trainer.Trainer.__init__ = patched_init
selfplay.SelfPlay._draw = patched_draw
selfplay.SelfPlay._release = patched_release

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
