"""Small networks of YomiEnv's action layout, and checkpoints in the trainer's shape built from
them (a learner and a self-play pool), for the tests of the tools that load agents."""
from __future__ import annotations

import torch

from integration.env import action_layout as AL
from integration.train import checkpoint as ckpt
from integration.train.policy import MaskedActorCritic

SPEC = AL.action_spec()
CONFIG = {"hidden": 16, "layers": 1, "p1": "ninja", "p2": "ninja"}


def net(seed: int, hidden: int = 16) -> MaskedActorCritic:
    """A one-layer network whose weights are torch's initialisation under `seed`."""
    torch.manual_seed(seed)
    return MaskedActorCritic(SPEC, hidden, 1)


def trainer_checkpoint(path, pool: list[int], learner: int = 99) -> None:
    """A checkpoint in the trainer's shape: the learner ``net(learner)`` and a self-play pool whose
    snapshot of update u is ``net(u)``."""
    snapshots = {sid: dict(policy=net(sid).state_dict(), score=0.0, games=0.0) for sid in pool}
    ckpt.save_atomic(dict(policy=net(learner).state_dict(), config=CONFIG, spec=SPEC.describe(),
                          selfplay=dict(pool=pool, snapshots=snapshots)), path)
