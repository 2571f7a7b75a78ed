"""The play that trains the native extension's profile-guided build (``setup.py``).

``setup.py`` compiles ``yomi._native`` once with ``-fprofile-generate``, runs this script on that
instrumented build, then compiles it again with ``-fprofile-use``: the compiler lays out the
engine's branches and inlines its calls by how often real play takes them (the engine is a large
state machine whose hot paths static heuristics guess poorly; docs/PERFORMANCE.md has the gain).
The profile changes only the speed: the code is integer-only and its results are the same.

Usage (what setup.py runs): ``python integration/tools/profile_workload.py EXTENSION_PATH``, with
only the build requirements installed (numpy): the env's C backend and random legal play, no
gymnasium, PufferLib or torch.  The workload is fixed (seeded, a fixed number of steps), so the
same checkout gives the same profile: half of it the default Ninja mirror that training plays,
half random pairings of every character, so no character's code is left cold.
"""
from __future__ import annotations

import importlib.util
import os
import sys

import numpy as np

MATCHES = 64
STEPS = 1000  # per phase: 128,000 agent steps each, a few seconds on the instrumented build


def load_extension(path: str, name: str = "yomi._native"):
    """Import the extension at ``path`` under ``name`` (a build not installed: the instrumented one
    here, several side by side in ``yomi bench --builds``).  Loading a build runs its code: only
    builds of one's own."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None:
        raise ValueError(f"{path}: not a Python extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play(characters, steps: int, seed: int) -> int:
    """Random legal play of MATCHES matches for ``steps`` steps; ``characters`` is the pool each side
    draws from, per match.  Returns the agent steps played."""
    from integration.env import action_layout as AL
    from integration.env import obs as O
    from integration.env.backends import CBackend
    from integration.env.baselines import random_legal_actions

    rng = np.random.default_rng(seed)
    n = MATCHES
    obs = np.zeros((n, 2, O.OBS_SIZE), dtype=np.float32)
    rewards = np.zeros((n, 2), dtype=np.float32)
    terminals = np.zeros((n, 2), dtype=bool)
    truncations = np.zeros((n, 2), dtype=bool)
    backend = CBackend(n, obs, rewards, terminals, truncations)
    pool = np.asarray([AL.CHAR_INDEX[c] for c in characters], dtype=np.int64)

    def setups():
        return rng.choice(pool, n), rng.choice(pool, n), rng.integers(0, 2 ** 31 - 1, n)

    backend.reset(np.ones(n, dtype=bool), *setups())
    for _ in range(steps):
        actions = random_legal_actions(obs.reshape(2 * n, O.OBS_SIZE), rng)
        backend.step(actions.reshape(n, 2, AL.N_HEADS), *setups())
    return 2 * n * steps


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: profile_workload.py EXTENSION_PATH", file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, root)
    sys.modules["yomi._native"] = load_extension(argv[0])
    from integration.env import action_layout as AL

    total = play(["Ninja"], STEPS, seed=1) + play(list(AL.CHARACTERS), STEPS, seed=2)
    print(f"profile workload: {total:,} agent steps")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
