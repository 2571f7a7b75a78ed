"""Exploiters trained during self-play and kept in its pool (league training's main exploiters,
as in AlphaStar): the self-play learner meets the styles that beat it while it can still learn
to answer them.

Why: a policy trained only against itself and its past selves converges to a style, and a best
response trained against it afterwards finds that style's counter within a few hundred updates
(docs/TRAINING.md, "Why the best response wins").  An exploiter phase runs that search during
the run: the learner pauses, a copy of it (the weights it has now) trains against the frozen
learner -- the best response of ``--opponent``/``--init`` in miniature, with the same trainer --
and the copy joins the self-play pool as an exploiter (selfplay.SelfPlay.add_exploiter).

Contract of :func:`train_exploiter`:

* it runs between two updates of the learner, never inside one: the learner's weights, optimizer,
  matches, pool and random streams are as they were before it (the global torch generator is
  restored; the exploiter draws from its own seed, ``seed + update``);
* its time is the run's: a time budget pays for it, so the learner trains fewer updates;
* it leaves a folder ``<run>/exploiters/update_NNNNNN`` with the frozen target
  (``target.safetensors``), the exploiter (``exploiter.safetensors``, a policy-only checkpoint
  that ``yomi play`` and ``yomi tournament`` read) and its metrics (its win rate against the target
  is the metrics' ``train/win_rate_vs_pool``).
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from . import checkpoint as ckpt
from .logger import Status
from .policy import MaskedActorCritic

WIN = "train/win_rate_vs_pool"  # an exploiter's metrics row: its win rate against the learner it exploits

if TYPE_CHECKING:
    from .trainer import Trainer


class _PhaseDisplay:
    """The exploiter's display: its progress shown as a phase of the learner's live view."""

    def __init__(self, main: "Trainer", phase: str, updates: int):
        self.main, self.phase, self.updates = main, phase, updates
        self.budget = ""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def update(self, row: dict, status: Status) -> None:
        win = row.get(WIN)
        detail = "" if win is None else f"wins {win:.2f} against the learner"
        self.main.display.status(self.main._status(self.phase, min(row.get("update", 0) / self.updates, 1.0),
                                                   detail=detail))

    def status(self, status: Status) -> None:
        return None

    def message(self, text: str) -> None:
        return None


def phase_folder(run_dir: Path, update: int) -> Path:
    """Where the exploiter trained at learner update `update` keeps its files."""
    return Path(run_dir) / "exploiters" / f"update_{update:06d}"


def train_exploiter(main: "Trainer") -> tuple[MaskedActorCritic, bool, float | None]:
    """Train an exploiter of `main`'s learner as it is now (see the module's contract).  Returns
    the exploiter (frozen), whether a Ctrl-C stopped it, and its win rate against the learner
    over its last 10 updates (None: no match ended)."""
    from .trainer import Trainer

    cfg = main.cfg
    update = main.update_count
    folder = phase_folder(main.run_dir, update)
    target = main.save_policy(main.policy, folder / "target.safetensors")
    sub_cfg = dataclasses.replace(
        cfg, opponent=str(target), init=str(target), seed=cfg.seed + update, run_dir=str(folder),
        minutes=None, steps=cfg.exploiter_updates * cfg.batch_size, lr_schedule="constant",
        exploiter_interval=0, distill_matches=0, eval_interval=0, eval_search=None, record_matches=False, plots=False,
        checkpoint_interval=cfg.exploiter_updates + 1, notes={"exploiter_of": update})
    rng_state = ckpt.rng_state(cuda=main.device.type == "cuda")
    sub = Trainer(sub_cfg, run_dir=folder, display=False)
    try:
        sub.display = _PhaseDisplay(main, f"exploiter @ update {update}", cfg.exploiter_updates)
        sub.run(max_updates=cfg.exploiter_updates, finish=False)
        won = [r[WIN] for r in sub.metrics.rows[-10:] if r.get(WIN) is not None]
        win = sum(won) / len(won) if won else None
        sub.save_policy(sub.policy, folder / "exploiter.safetensors", chosen_by={"win_rate_vs_target": win})
        return sub.policy.eval().requires_grad_(False), sub.stop_requested, win
    finally:
        sub.close()
        ckpt.set_rng_state(rng_state)
